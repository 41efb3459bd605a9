package lowering

// populateReduction adds the converters of reductions, matrix products, softmax and losses.
func populateReduction(m map[string]converter) {}
