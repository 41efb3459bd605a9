package cli

import (
	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/dialect/func"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/dialect/math"
	"github.com/torchlower/torchlower/dialect/tensor"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/pass"
	"github.com/torchlower/torchlower/ir/transform"
	"github.com/torchlower/torchlower/lowering"
	"github.com/torchlower/torchlower/torch"
)

// NewContext returns a context with every dialect torchlower knows.
func NewContext() *ir.Context {
	return ir.NewContext(fn.Dialect, arith.Dialect, math.Dialect, tensor.Dialect, linalg.Dialect, torch.Dialect)
}

// NewPassRegistry returns every pass and named pipeline.
func NewPassRegistry() *pass.Registry {
	return pass.NewRegistry(append(transform.Passes(), lowering.ConvertTorchToLinalg)...)
}
