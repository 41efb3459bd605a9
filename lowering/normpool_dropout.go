package lowering

import (
	"slices"

	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/ir"
)

// prepareDropout and prepareDropoutBackward lower dropout as ATen's CPU
// kernels compute it (Dropout.cpp, native_dropout and
// native_dropout_backward; checked against torch 1.13):
//
//	aten::native_dropout(Tensor input, float p, bool? train) -> (Tensor, Tensor)
//	aten::native_dropout_backward(Tensor grad_output, Tensor mask, float scale) -> Tensor
//
// native_dropout draws its mask with bernoulli_(1 − p) when train is true
// or None, and returns input·mask·(1/(1 − p)) and the mask. A compiled
// program cannot reproduce PyTorch's random stream, so only the cases
// whose result does not depend on it are lowered:
//
//   - train = false: input itself and an all-true mask (at::ones_like; the
//     kernel returns input.clone()), for any p;
//   - p = 0: bernoulli_(1) is all ones and the scale 1, so input·1·1 is
//     input itself; the mask is all true;
//   - p = 1 in training: bernoulli_(0) is all zeros and the scale 0, so the
//     result is input·0, which is −0 for a negative element and NaN for NaN
//     and ±∞ (not plain zeros); the mask is all false.
//
// Any other p in training is refused with a diagnostic that says to export
// the model in evaluation mode. The mask takes its declared dtype (bool in
// PyTorch).
//
// native_dropout_backward is grad_output·mask·scale, two multiplications
// with TensorIterator's dtype rules: the bool mask is cast to
// grad_output's dtype; the Scalar scale stays in the opmath type (f32 for
// f16/bf16), as PyTorch ≥ 2.1's mul kernel reads a scalar operand (1.13
// rounded it to bf16 first); each product is computed in the opmath type
// and rounded. grad_output·mask is exact for a bool mask, so
// a 16-bit result is rounded once; a float mask of grad_output's dtype is
// also accepted, and its product is rounded before the second one, as in
// PyTorch.
func prepareDropout(op *ir.Operation) (emitFunc, error) {
	r, err := newNPReader(op)
	if err != nil {
		return nil, err
	}
	xt, err := r.floatTensor("input")
	if err != nil {
		return nil, err
	}
	p, err := r.float("p")
	if err != nil {
		return nil, err
	}
	if p < 0 || p > 1 {
		return nil, r.errorf("dropout probability has to be between 0 and 1, but got %g", p)
	}
	train := true
	if !r.isNone("train") {
		if train, err = r.bool("train"); err != nil {
			return nil, err
		}
	}
	out, err := r.result(0, xt.Sizes, true)
	if err != nil {
		return nil, err
	}
	if bt, _ := xt.ToBuiltinTensor(); !ir.TypeEqual(out.Elem, bt.Elem) {
		return nil, r.errorf("result #0 has dtype %s; dropout keeps the input's dtype %s", out.Elem, xt.Dtype)
	}
	mask, err := r.result(1, xt.Sizes, false)
	if err != nil {
		return nil, err
	}
	zero := train && p == 1
	if train && p != 0 && p != 1 {
		return nil, r.errorf("dropout with p = %g in training mode (train = %s) draws a random mask, which a compiled program cannot reproduce; "+
			"export the model in evaluation mode (model.eval()), where dropout is the identity", p, dropoutTrainString(r))
	}
	return func(b *ir.Builder) ([]*ir.Value, error) {
		k := newNPKernel(b, op)
		x := op.Operand(0)
		res := []*ir.Value{x, nil}
		if zero {
			res[0] = k.channelwise(xt.Sizes, 0, []npIn{npFull(x)}, out.Elem, false, func(b *ir.Builder, a []*ir.Value) *ir.Value {
				acc := accumulatorType(out.Elem)
				return k.convert(b, arith.Mul(b, k.loc, k.convert(b, a[0], acc), k.scalar(b, 0, acc)), out.Elem)
			})
		}
		if op.Result(1).HasUses() {
			keep := 1.0
			if zero {
				keep = 0
			}
			res[1] = k.filled(xt.Sizes, mask.Elem, keep)
		}
		return res, nil
	}, nil
}

// dropoutTrainString prints the train operand for a message: true, or None.
func dropoutTrainString(r *npReader) string {
	if r.isNone("train") {
		return "None, which means true"
	}
	return "true"
}

// prepareDropoutBackward lowers native_dropout_backward as prepareDropout's
// comment says.
func prepareDropoutBackward(op *ir.Operation) (emitFunc, error) {
	r, err := newNPReader(op)
	if err != nil {
		return nil, err
	}
	gt, err := r.floatTensor("grad_output")
	if err != nil {
		return nil, err
	}
	mt, err := r.tensor("mask")
	if err != nil {
		return nil, err
	}
	if !slices.Equal(mt.Sizes, gt.Sizes) {
		return nil, r.errorf("'mask' %s and 'grad_output' %s must have the same shape", mt, gt)
	}
	boolMask := ir.IntWidth(mt.Dtype) == 1
	if !boolMask && !ir.TypeEqual(mt.Dtype, gt.Dtype) {
		return nil, r.errorf("'mask' has dtype %s; expected bool (what native_dropout returns) or grad_output's dtype %s", mt.Dtype, gt.Dtype)
	}
	scale, err := r.float("scale")
	if err != nil {
		return nil, err
	}
	out, err := r.result(0, gt.Sizes, true)
	if err != nil {
		return nil, err
	}
	if !ir.TypeEqual(out.Elem, gt.Dtype) {
		return nil, r.errorf("result #0 has dtype %s; grad_output·mask·scale has grad_output's dtype %s", out.Elem, gt.Dtype)
	}
	elem := out.Elem
	acc := accumulatorType(elem)
	return func(b *ir.Builder) ([]*ir.Value, error) {
		k := newNPKernel(b, op)
		g, m := op.Operand(0), op.Operand(1)
		res := k.channelwise(gt.Sizes, 0, []npIn{npFull(g), npFull(m)}, elem, false, func(b *ir.Builder, a []*ir.Value) *ir.Value {
			v := arith.Mul(b, k.loc, k.convert(b, a[0], acc), k.convert(b, a[1], acc))
			if !boolMask {
				v = k.convert(b, k.convert(b, v, elem), acc)
			}
			return k.convert(b, arith.Mul(b, k.loc, v, k.scalar(b, scale, acc)), elem)
		})
		return []*ir.Value{res}, nil
	}, nil
}
