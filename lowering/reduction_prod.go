package lowering

import (
	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/torch"
)

// prepareProd lowers
//
//	aten::prod(Tensor self, *, ScalarType? dtype=None) -> Tensor
//	aten::prod.dim_int(Tensor self, int dim, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor
//
// with PyTorch's semantics: the product of every element, or of those
// along dim (negative dims count from the end, keepdim keeps it with
// extent 1). The result dtype is dtype when given (each element is
// converted to it first, as ATen casts self), else int64 for integer and
// bool inputs, as ATen promotes them, and the input dtype for floats. A
// product over zero elements is 1; NaN and inf propagate as IEEE
// multiplication gives; integer products wrap around in int64, as in
// PyTorch. With dtype bool the product is a logical and (arith.muli on i1
// is and), as ATen's bool kernel.
//
// It is one linalg.generic with reduction iterators into a linalg.fill(1)
// accumulator. f16/bf16 multiply in f32 and round once, as the family's
// other 16-bit reductions do (torch 1.13 has no CPU prod for them; the
// references are the f32 product rounded once).
func prepareProd(op *ir.Operation) (emitFunc, error) {
	r, err := redReader(op)
	if err != nil {
		return nil, err
	}
	x, err := redStaticTensor(r, 0)
	if err != nil {
		return nil, err
	}
	sp := &redSpec{x: x}
	dtypeArg := 1
	if op.Name == torch.AtenProdDimInt {
		dtypeArg = 3
		if sp.mask, err = redOneDim(r, 1, len(x.Sizes)); err != nil {
			return nil, err
		}
		if sp.keepdim, err = r.bool(2); err != nil {
			return nil, err
		}
	} else {
		sp.mask = fullMask(len(x.Sizes))
	}
	out, err := redOptDtype(r, dtypeArg)
	if err != nil {
		return nil, err
	}
	if out == nil {
		out = x.Dtype
		if !redIsFloat(out) {
			out = torch.DtypeSI64
		}
	}
	want, err := redResult(r, 0, sp.outShape(), out)
	if err != nil {
		return nil, err
	}
	return func(b *ir.Builder) ([]*ir.Value, error) {
		k := newRedKernel(b, op.Loc)
		ob := redBuiltin(out)
		acc := accumulatorType(ob)
		p := k.reduce(x.Sizes, []redIn{{v: op.Operand(0)}}, sp.mask, sp.keepdim, k.constant(k.b, 1, acc),
			func(b *ir.Builder, args []*ir.Value) *ir.Value {
				e := k.toAcc(b, k.convert(b, args[0], x.Dtype, out), acc)
				return arith.Mul(b, k.loc, args[1], e)
			})
		return []*ir.Value{k.cast(k.truncate(p, ob), want)}, nil
	}, nil
}
