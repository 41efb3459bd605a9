package lowering

import (
	"slices"

	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
	"github.com/torchlower/torchlower/torch"
)

// The mean squared error loss and its gradient, with ATen's CPU formulas
// (aten/src/ATen/native/Loss.cpp and its mse kernels):
//
//	aten::mse_loss(Tensor self, Tensor target, int reduction=Mean) -> Tensor
//	aten::mse_loss_backward(Tensor grad_output, Tensor self, Tensor target, int reduction) -> Tensor
//
// The loss is (self − target)² per element, broadcasting the two as a
// binary op does, then per reduction (at::Reduction): 0 none keeps the
// broadcast shape, 1 mean divides the sum by the element count (over zero
// elements 0/0 = NaN, as PyTorch gives), 2 sum. The gradient is
//
//	grad_input = norm · (self − target) · grad_output,  norm = 2/numel(self) for mean, else 2
//
// in that order of operations (the kernel's norm_val * (a − b) * c, norm
// rounded to the dtype as ATen's scalar_t norm_val is), over self's shape,
// with target and grad_output broadcast to it (grad_output is 0-d for
// mean and sum). Operands are floats ("mse_cpu" is not implemented for
// integers) of one dtype: mixed dtypes, which ATen would promote, are
// refused. f16 and bf16 compute in f32 and round once, the package's rule
// for 16-bit ops (torch 1.13 has no CPU kernel for them; the references
// are computed so, with norm rounded to the dtype).
//
// The loss is one generic: elementwise for none, else a reduction of
// every loop into a 0-d accumulator (f32 squares summed in f64, f16/bf16
// ones in f32: sumAccumulator), then a 0-d generic that divides (for
// mean) and rounds. The gradient is one elementwise generic.

// readMseOperands reads the float tensor operands at idx, which must have
// one dtype, and returns them and their broadcast shape.
func readMseOperands(r operandReader, idx ...int) (map[int]torch.VTensorType, []int64, error) {
	ts := map[int]torch.VTensorType{}
	var shapes [][]int64
	for _, i := range idx {
		t, err := redFloatTensor(r, i)
		if err != nil {
			return nil, nil, err
		}
		ts[i] = t
		shapes = append(shapes, t.Sizes)
	}
	if err := redSameDtype(r, ts, idx...); err != nil {
		return nil, nil, err
	}
	shape, err := ewBroadcastShape(shapes...)
	if err != nil {
		return nil, nil, r.errorf("%v", err)
	}
	return ts, shape, nil
}

// prepareMseLoss lowers aten::mse_loss (see the file comment).
func prepareMseLoss(op *ir.Operation) (emitFunc, error) {
	r, err := redReader(op)
	if err != nil {
		return nil, err
	}
	ts, shape, err := readMseOperands(r, 0, 1)
	if err != nil {
		return nil, err
	}
	red, err := readLossReduction(r, 2)
	if err != nil {
		return nil, err
	}
	dt := ts[0].Dtype
	outShape := []int64{}
	if red == lossReductionNone {
		outShape = shape
	}
	want, err := redResult(r, 0, outShape, dt)
	if err != nil {
		return nil, err
	}
	sMap, _ := ewBroadcastMap(ts[0].Sizes, shape)
	tMap, _ := ewBroadcastMap(ts[1].Sizes, shape)
	n := float64(redCount(shape, fullMask(len(shape))))
	return func(b *ir.Builder) ([]*ir.Value, error) {
		k := newRedKernel(b, op.Loc)
		elem := redBuiltin(dt)
		acc := accumulatorType(elem)
		square := func(b *ir.Builder, s, t *ir.Value) *ir.Value {
			d := arith.Sub(b, k.loc, k.toAcc(b, s, acc), k.toAcc(b, t, acc))
			return arith.Mul(b, k.loc, d, d)
		}
		ins := []*ir.Value{op.Operand(0), op.Operand(1)}
		iter := linalg.Reduction
		if red == lossReductionNone {
			iter = linalg.Parallel
		}
		iters := repeat(iter, len(shape))
		if red == lossReductionNone {
			out := k.empty(shape, elem)
			loss := linalg.NewGeneric(k.b, k.loc, ins, []*ir.Value{out}, []affine.Map{sMap, tMap, affine.Identity(len(shape))},
				iters, []ir.Type{out.Type()}, func(b *ir.Builder, a []*ir.Value) []*ir.Value {
					return []*ir.Value{k.fromAcc(b, square(b, a[0], a[1]), elem)}
				}).Result(0)
			return []*ir.Value{k.cast(loss, want)}, nil
		}
		// Each square formed in acc, summed in f64 for f32 data
		// (sumAccumulator) and rounded once: in order in f32, a sum of
		// 836,400 squares (41x75x272) was 4e-4 of itself off PyTorch's
		// (whose sum cascades).
		stat := sumAccumulator(elem)
		init := k.filled([]int64{}, k.constant(k.b, 0, stat))
		sum := linalg.NewGeneric(k.b, k.loc, ins, []*ir.Value{init}, []affine.Map{sMap, tMap, affine.NewMap(len(shape), 0)},
			iters, []ir.Type{init.Type()}, func(b *ir.Builder, a []*ir.Value) []*ir.Value {
				return []*ir.Value{arith.Add(b, k.loc, a[2], k.toAcc(b, square(b, a[0], a[1]), stat))}
			}).Result(0)
		if red == lossReductionSum {
			return []*ir.Value{k.cast(k.truncate(sum, elem), want)}, nil
		}
		mean := k.pointwise([]int64{}, elem, []redIn{{v: sum}}, nil, func(b *ir.Builder, a []*ir.Value) *ir.Value {
			return k.fromAcc(b, arith.Div(b, k.loc, a[0], k.constant(b, n, stat)), elem)
		})
		return []*ir.Value{k.cast(mean, want)}, nil
	}, nil
}

// prepareMseLossBackward lowers aten::mse_loss_backward (see the file
// comment).
func prepareMseLossBackward(op *ir.Operation) (emitFunc, error) {
	r, err := redReader(op)
	if err != nil {
		return nil, err
	}
	ts, shape, err := readMseOperands(r, 1, 0, 2)
	if err != nil {
		return nil, err
	}
	self := ts[1]
	if !slices.Equal(shape, self.Sizes) {
		return nil, r.errorf("'grad_output' of shape %s and 'target' of shape %s must broadcast to the shape of 'self', %s",
			ewShapeString(ts[0].Sizes), ewShapeString(ts[2].Sizes), ewShapeString(self.Sizes))
	}
	red, err := readLossReduction(r, 3)
	if err != nil {
		return nil, err
	}
	dt := self.Dtype
	want, err := redResult(r, 0, self.Sizes, dt)
	if err != nil {
		return nil, err
	}
	norm := 2.0
	if red == lossReductionMean {
		norm = 2.0 / float64(redCount(self.Sizes, fullMask(len(self.Sizes))))
	}
	var maps []affine.Map
	for _, i := range []int{1, 2, 0} {
		m, _ := ewBroadcastMap(ts[i].Sizes, shape)
		maps = append(maps, m)
	}
	maps = append(maps, affine.Identity(len(shape)))
	return func(b *ir.Builder) ([]*ir.Value, error) {
		k := newRedKernel(b, op.Loc)
		elem := redBuiltin(dt)
		acc := accumulatorType(elem)
		out := k.empty(shape, elem)
		ins := []*ir.Value{op.Operand(1), op.Operand(2), op.Operand(0)}
		dx := linalg.NewGeneric(k.b, k.loc, ins, []*ir.Value{out}, maps, repeat(linalg.Parallel, len(shape)),
			[]ir.Type{out.Type()}, func(b *ir.Builder, a []*ir.Value) []*ir.Value {
				// ATen rounds norm to the dtype; f16/bf16 compute in f32.
				nv := k.toAcc(b, k.constant(b, norm, elem), acc)
				d := arith.Sub(b, k.loc, k.toAcc(b, a[0], acc), k.toAcc(b, a[1], acc))
				v := arith.Mul(b, k.loc, arith.Mul(b, k.loc, nv, d), k.toAcc(b, a[2], acc))
				return []*ir.Value{k.fromAcc(b, v, elem)}
			}).Result(0)
		return []*ir.Value{k.cast(dx, want)}, nil
	}, nil
}

// fullMask is a mask with every one of rank dims set.
func fullMask(rank int) []bool {
	m := make([]bool, rank)
	for i := range m {
		m[i] = true
	}
	return m
}
