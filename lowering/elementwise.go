package lowering

// populateElementwise adds the converters of elementwise ops (arithmetic, activations and their backward, casts and copies).
func populateElementwise(m map[string]converter) {}
