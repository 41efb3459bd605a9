// The .mlir files in testdata run through the real CLI in the root
// package's TestLit; the helpers here serve the package's Go tests.
package lowering

import (
	"github.com/torchlower/torchlower/dialect/arith"
	fn "github.com/torchlower/torchlower/dialect/func"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/dialect/math"
	"github.com/torchlower/torchlower/dialect/tensor"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/pass"
	"github.com/torchlower/torchlower/ir/transform"
	"github.com/torchlower/torchlower/torch"
)

// newContext loads every dialect the lowering reads or writes.
func newContext() *ir.Context {
	return ir.NewContext(fn.Dialect, arith.Dialect, math.Dialect, tensor.Dialect, linalg.Dialect, torch.Dialect)
}

func newRegistry() *pass.Registry {
	return pass.NewRegistry(append(transform.Passes(), DecomposeCompositeOps, ConvertTorchToLinalg)...)
}

// torchToLinalgPipeline is what the compiler runs to lower the torch
// dialect: the composite ops' decomposition, then the conversion.
func torchToLinalgPipeline() *pass.Pipeline {
	return &pass.Pipeline{Entries: []pass.Entry{
		{Pass: DecomposeCompositeOps, Options: pass.DefaultOptions(DecomposeCompositeOps)},
		{Pass: ConvertTorchToLinalg, Options: pass.DefaultOptions(ConvertTorchToLinalg)},
	}}
}
