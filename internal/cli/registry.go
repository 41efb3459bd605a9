package cli

import (
	"github.com/torchlower/torchlower/compiler"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/pass"
	"github.com/torchlower/torchlower/ir/transform"
	"github.com/torchlower/torchlower/lowering"
	"github.com/torchlower/torchlower/preprocessing"
)

// NewContext returns a context with every dialect torchlower knows.
func NewContext() *ir.Context { return compiler.NewContext() }

// NewPassRegistry returns every pass and named pipeline.
func NewPassRegistry() *pass.Registry {
	defs := append(transform.Passes(), lowering.DecomposeCompositeOps, lowering.ConvertTorchToLinalg)
	r := pass.NewRegistry(append(defs, preprocessing.Passes()...)...)
	preprocessing.AddPipelines(r)
	return r
}
