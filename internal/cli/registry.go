package cli

import (
	"github.com/torchlower/torchlower/compiler"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/pass"
	"github.com/torchlower/torchlower/ir/transform"
	"github.com/torchlower/torchlower/lowering"
)

// NewContext returns a context with every dialect torchlower knows.
func NewContext() *ir.Context { return compiler.NewContext() }

// NewPassRegistry returns every pass and named pipeline.
func NewPassRegistry() *pass.Registry {
	return pass.NewRegistry(append(transform.Passes(), lowering.ConvertTorchToLinalg)...)
}
