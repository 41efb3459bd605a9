package module

import (
	"slices"

	"github.com/torchlower/torchlower/module/internal/fb"
	"github.com/torchlower/torchlower/plan"
)

// WithSchemaVersion returns a copy of a module with its schema version
// changed in place.
func WithSchemaVersion(data []byte, v uint32) []byte {
	data = slices.Clone(data)
	if !fb.GetRootAsModule(data, 0).MutateSchemaVersion(v) {
		panic("the module has no schema version field")
	}
	return data
}

// EncodeWithKernels writes a module for target whose kernel entries
// after the plans' ir1 kernels are the given (format, data) pairs,
// unchecked, to test the loader on damaged GPU code.
func EncodeWithKernels(target string, entries [][2]string, plans ...*plan.Plan) ([]byte, error) {
	var extra []rawKernel
	for _, e := range entries {
		extra = append(extra, rawKernel{target, e[0], []byte(e[1])})
	}
	return encode(Options{Target: target}, extra, plans...)
}
