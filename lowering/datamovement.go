package lowering

// populateDataMovement adds the converters of views, reshapes, slicing, concatenation and KV-cache scatters.
func populateDataMovement(m map[string]converter) {}
