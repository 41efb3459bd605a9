package lowering

import (
	"slices"

	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/dialect/math"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/torch"
)

// prepareSoftmax lowers
//
//	aten::_softmax(Tensor self, int dim, bool half_to_float) -> Tensor
//	aten::_log_softmax(Tensor self, int dim, bool half_to_float) -> Tensor
//	aten::softmax.int(Tensor self, int dim, ScalarType? dtype=None) -> Tensor
//	aten::log_softmax.int(Tensor self, int dim, ScalarType? dtype=None) -> Tensor
//
// in the numerically stable form ATen's kernels use: m = max_dim x (into
// -inf); for softmax e = exp(x − m), stored in the compute type, s =
// Σ_dim e (into 0) and y = e / s; for log_softmax s = Σ_dim exp(x − m) and
// y = (x − m) − log s, three generics over the input. softmax stores its
// exps (an intermediate of the input's size) rather than compute them
// twice: exp is most of its time. f16/bf16 compute in f32 and round once.
//
// half_to_float (a CUDA-only flag in ATen) takes an f16 input to an f32
// result; ATen accepts it only for Half ("conversion is supported for Half
// type only"). The .int overloads convert the input to dtype first, as
// `input.to(dtype)` in ATen's softmax does, and return dtype (the input's
// dtype when None, which must then be a float). A 0-d input has no dim to
// reduce: softmax gives 1 and log_softmax 0 (NaN for ±inf and NaN inputs,
// as in PyTorch).
func prepareSoftmax(op *ir.Operation) (emitFunc, error) {
	r, err := redReader(op)
	if err != nil {
		return nil, err
	}
	x, err := redStaticTensor(r, 0)
	if err != nil {
		return nil, err
	}
	mask, err := redOneDim(r, 1, len(x.Sizes))
	if err != nil {
		return nil, err
	}
	// compute is the dtype the input is converted to; out the result's.
	compute, out := x.Dtype, x.Dtype
	switch op.Name {
	case torch.AtenSoftmaxInt, torch.AtenLogSoftmaxInt:
		dt, err := redOptDtype(r, 2)
		if err != nil {
			return nil, err
		}
		if dt != nil {
			compute, out = dt, dt
		}
		if !redIsFloat(out) {
			return nil, r.errorf("softmax of dtype %s is not supported: the result must be a floating point dtype", out)
		}
	default:
		if _, err := redFloatTensor(r, 0); err != nil {
			return nil, err
		}
		h2f, err := r.bool(2)
		if err != nil {
			return nil, err
		}
		if h2f {
			if !ir.TypeEqual(x.Dtype, ir.F16T) {
				return nil, r.errorf("half_to_float: conversion is supported for Half type only, 'self' is %s", x.Dtype)
			}
			out = ir.F32T
		}
	}
	want, err := redResult(r, 0, x.Sizes, out)
	if err != nil {
		return nil, err
	}
	log := op.Name == torch.Aten_LogSoftmax || op.Name == torch.AtenLogSoftmaxInt
	return func(b *ir.Builder) ([]*ir.Value, error) {
		k := newRedKernel(b, op.Loc)
		ob := redBuiltin(out)
		acc := accumulatorType(redBuiltin(compute))
		in := op.Operand(0)
		read := func(b *ir.Builder, v *ir.Value) *ir.Value {
			return k.toAcc(b, k.convert(b, v, x.Dtype, compute), acc)
		}
		m := k.reduce(x.Sizes, []redIn{{v: in}}, mask, false, k.lowest(acc),
			func(b *ir.Builder, args []*ir.Value) *ir.Value {
				return arith.Binary(b, k.loc, arith.MaxF, args[1], read(b, args[0]))
			})
		if !log {
			// softmax: e = exp(x − max) once, in acc, then Σ e and e / Σ e
			// (as ATen's vectorized kernel stores the exps and scales
			// them): computing the exp in the sum and again in the
			// quotient made two of the three passes exp-bound, a softmax
			// over 4096x768 69 ms. The same values, so the same bits.
			e := k.pointwise(x.Sizes, acc, []redIn{{v: in}, {v: m, reduced: true}}, mask,
				func(b *ir.Builder, args []*ir.Value) *ir.Value {
					return k.unary(b, math.Exp, arith.Sub(b, k.loc, read(b, args[0]), args[1]))
				})
			s := k.reduce(x.Sizes, []redIn{{v: e}}, mask, false, k.constant(k.b, 0, acc),
				func(b *ir.Builder, args []*ir.Value) *ir.Value {
					return arith.Add(b, k.loc, args[1], args[0])
				})
			y := k.pointwise(x.Sizes, ob, []redIn{{v: e}, {v: s, reduced: true}}, mask,
				func(b *ir.Builder, args []*ir.Value) *ir.Value {
					return k.fromAcc(b, arith.Div(b, k.loc, args[0], args[1]), ob)
				})
			return []*ir.Value{k.cast(y, want)}, nil
		}
		s := k.reduce(x.Sizes, []redIn{{v: in}, {v: m, reduced: true}}, mask, false, k.constant(k.b, 0, acc),
			func(b *ir.Builder, args []*ir.Value) *ir.Value {
				d := arith.Sub(b, k.loc, read(b, args[0]), args[1])
				return arith.Add(b, k.loc, args[2], k.unary(b, math.Exp, d))
			})
		y := k.pointwise(x.Sizes, ob, []redIn{{v: in}, {v: m, reduced: true}, {v: s, reduced: true}}, mask,
			func(b *ir.Builder, args []*ir.Value) *ir.Value {
				d := arith.Sub(b, k.loc, read(b, args[0]), args[1])
				return k.fromAcc(b, arith.Sub(b, k.loc, d, k.unary(b, math.Log, args[2])), ob)
			})
		return []*ir.Value{k.cast(y, want)}, nil
	}, nil
}

// unary creates the math dialect op name (math.exp, math.log) of x.
func (k *redKernel) unary(b *ir.Builder, name string, x *ir.Value) *ir.Value {
	return b.Create(name, k.loc, []*ir.Value{x}, []ir.Type{x.Type()}, nil, 0).Result(0)
}

// prepareSoftmaxBackward lowers
//
//	aten::_softmax_backward_data(Tensor grad_output, Tensor output, int dim, ScalarType input_dtype) -> Tensor
//	aten::_log_softmax_backward_data(Tensor grad_output, Tensor output, int dim, ScalarType input_dtype) -> Tensor
//
// with ATen's formulas, as one reduction and one elementwise generic:
//
//	softmax:     dx = y · (dy − Σ_dim dy·y)
//	log_softmax: dx = dy − exp(y) · Σ_dim dy
//
// grad_output and output have one dtype. The result dtype is ATen's
// (softmax_backward_data's meta function): f16 when grad_output is f32 and
// input_dtype is Half — the backward of a half_to_float softmax — and
// grad_output's dtype otherwise. f16/bf16 compute in f32 and round once.
func prepareSoftmaxBackward(op *ir.Operation) (emitFunc, error) {
	r, err := redReader(op)
	if err != nil {
		return nil, err
	}
	ts := map[int]torch.VTensorType{}
	for _, i := range []int{0, 1} {
		if ts[i], err = redFloatTensor(r, i); err != nil {
			return nil, err
		}
	}
	if err := redSameDtype(r, ts, 0, 1); err != nil {
		return nil, err
	}
	g := ts[0]
	if !slices.Equal(g.Sizes, ts[1].Sizes) {
		return nil, r.errorf("'grad_output' %v and 'output' %v must have the same shape", g.Sizes, ts[1].Sizes)
	}
	mask, err := redOneDim(r, 2, len(g.Sizes))
	if err != nil {
		return nil, err
	}
	inDt, err := redDtypeArg(r, 3)
	if err != nil {
		return nil, err
	}
	out := g.Dtype
	if ir.TypeEqual(g.Dtype, ir.F32T) && ir.TypeEqual(inDt, ir.F16T) {
		out = ir.F16T
	}
	want, err := redResult(r, 0, g.Sizes, out)
	if err != nil {
		return nil, err
	}
	log := op.Name == torch.Aten_LogSoftmaxBackwardData
	return func(b *ir.Builder) ([]*ir.Value, error) {
		k := newRedKernel(b, op.Loc)
		ob := redBuiltin(out)
		acc := accumulatorType(redBuiltin(g.Dtype))
		dy, y := op.Operand(0), op.Operand(1)
		s := k.reduce(g.Sizes, []redIn{{v: dy}, {v: y}}, mask, false, k.constant(k.b, 0, acc),
			func(b *ir.Builder, args []*ir.Value) *ir.Value {
				v := k.toAcc(b, args[0], acc)
				if !log {
					v = arith.Mul(b, k.loc, v, k.toAcc(b, args[1], acc))
				}
				return arith.Add(b, k.loc, args[2], v)
			})
		dx := k.pointwise(g.Sizes, ob, []redIn{{v: dy}, {v: y}, {v: s, reduced: true}}, mask,
			func(b *ir.Builder, args []*ir.Value) *ir.Value {
				gv, yv := k.toAcc(b, args[0], acc), k.toAcc(b, args[1], acc)
				var v *ir.Value
				if log {
					v = arith.Sub(b, k.loc, gv, arith.Mul(b, k.loc, k.unary(b, math.Exp, yv), args[2]))
				} else {
					v = arith.Mul(b, k.loc, yv, arith.Sub(b, k.loc, gv, args[2]))
				}
				return k.fromAcc(b, v, ob)
			})
		return []*ir.Value{k.cast(dx, want)}, nil
	}, nil
}
