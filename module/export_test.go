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

// EncodeForTarget writes a module for a target whose backend this build
// lacks (as a newer torchlower would), to test the loader's refusal.
func EncodeForTarget(target string, plans ...*plan.Plan) ([]byte, error) {
	return encode(Options{Target: target}, true, plans...)
}
