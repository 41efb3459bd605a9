package lowering

import (
	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
	"github.com/torchlower/torchlower/torch"
)

// Matrix products lower to the named linalg.matmul and linalg.batch_matmul,
// as torch-mlir's ConvertAtenMmOp and ConvertAtenBmmOp do, with a
// zero-filled accumulator. For f16/bf16 the accumulator is f32 (the
// named op's body extends the operands, cublas and ATen's opmath do the
// same) and the result is truncated once at the end. Integer products
// are not supported (training graphs do not have them, and the named
// ops' signed casts would be wrong for ui8).

// redReadMatmul checks that the operands at idx are float tensors of one
// dtype with static shapes, and returns their types by position.
func redReadMatmul(r operandReader, idx ...int) (map[int]torch.VTensorType, error) {
	ts := map[int]torch.VTensorType{}
	for _, i := range idx {
		t, err := redFloatTensor(r, i)
		if err != nil {
			return nil, err
		}
		ts[i] = t
	}
	return ts, redSameDtype(r, ts, idx...)
}

// prepareMm lowers
//
//	aten::mm(Tensor self, Tensor mat2) -> Tensor
//
// [M, K] × [K, N] → [M, N] with linalg.matmul.
func prepareMm(op *ir.Operation) (emitFunc, error) {
	r, err := redReader(op)
	if err != nil {
		return nil, err
	}
	ts, err := redReadMatmul(r, 0, 1)
	if err != nil {
		return nil, err
	}
	shape, err := redMmShape(r, ts[0], ts[1], 0, 1)
	if err != nil {
		return nil, err
	}
	dt := ts[0].Dtype
	want, err := redResult(r, 0, shape, dt)
	if err != nil {
		return nil, err
	}
	return func(b *ir.Builder) ([]*ir.Value, error) {
		k := newRedKernel(b, op.Loc)
		elem := redBuiltin(dt)
		p := k.matmul(linalg.Matmul, op.Operand(0), op.Operand(1), shape, accumulatorType(elem))
		return []*ir.Value{k.cast(k.truncate(p, elem), want)}, nil
	}, nil
}

// redMmShape checks a [M, K] × [K, N] product and returns [M, N].
func redMmShape(r operandReader, a, b torch.VTensorType, ia, ib int) ([]int64, error) {
	if len(a.Sizes) != 2 || len(b.Sizes) != 2 {
		return nil, r.errorf("expected 2-D '%s' and '%s', got shapes %v and %v", r.names[ia], r.names[ib], a.Sizes, b.Sizes)
	}
	if a.Sizes[1] != b.Sizes[0] {
		return nil, r.errorf("'%s' and '%s' shapes cannot be multiplied (%dx%d and %dx%d)",
			r.names[ia], r.names[ib], a.Sizes[0], a.Sizes[1], b.Sizes[0], b.Sizes[1])
	}
	return []int64{a.Sizes[0], b.Sizes[1]}, nil
}

// matmul builds the named product op name of a and b into a zero-filled
// accumulator of the given shape and element type.
func (k *redKernel) matmul(name string, a, b *ir.Value, shape []int64, acc ir.Type) *ir.Value {
	init := k.zeros(shape, acc)
	return linalg.NewNamed(k.b, k.loc, name, []*ir.Value{a, b}, []*ir.Value{init}, nil).Result(0)
}

// prepareBmm lowers
//
//	aten::bmm(Tensor self, Tensor mat2) -> Tensor
//
// [B, M, K] × [B, K, N] → [B, M, N] with linalg.batch_matmul; as in ATen,
// the batch extents must be equal (bmm does not broadcast).
func prepareBmm(op *ir.Operation) (emitFunc, error) {
	r, err := redReader(op)
	if err != nil {
		return nil, err
	}
	ts, err := redReadMatmul(r, 0, 1)
	if err != nil {
		return nil, err
	}
	a, c := ts[0], ts[1]
	if len(a.Sizes) != 3 || len(c.Sizes) != 3 {
		return nil, r.errorf("expected 3-D 'self' and 'mat2', got shapes %v and %v", a.Sizes, c.Sizes)
	}
	if a.Sizes[0] != c.Sizes[0] || a.Sizes[2] != c.Sizes[1] {
		return nil, r.errorf("'self' %v and 'mat2' %v cannot be batch-multiplied (expected [B, M, K] and [B, K, N])", a.Sizes, c.Sizes)
	}
	shape := []int64{a.Sizes[0], a.Sizes[1], c.Sizes[2]}
	dt := a.Dtype
	want, err := redResult(r, 0, shape, dt)
	if err != nil {
		return nil, err
	}
	return func(b *ir.Builder) ([]*ir.Value, error) {
		k := newRedKernel(b, op.Loc)
		elem := redBuiltin(dt)
		p := k.matmul(linalg.BatchMatmul, op.Operand(0), op.Operand(1), shape, accumulatorType(elem))
		return []*ir.Value{k.cast(k.truncate(p, elem), want)}, nil
	}, nil
}

// prepareAddmm lowers
//
//	aten::addmm(Tensor self, Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1) -> Tensor
//
// as beta·self + alpha·(mat1 @ mat2): linalg.matmul into the accumulator,
// then one elementwise generic that scales the product, adds self
// broadcast to [M, N] (PyTorch's expand: right-aligned, size-1 dims read at
// index 0) and truncates once. beta and alpha must be constants and are
// folded: a factor of 1 is not multiplied, and beta = 0 does not read self
// at all, as ATen documents ("If beta is 0, then input will be ignored, and
// nan and inf in it will not be propagated").
func prepareAddmm(op *ir.Operation) (emitFunc, error) {
	r, err := redReader(op)
	if err != nil {
		return nil, err
	}
	ts, err := redReadMatmul(r, 0, 1, 2)
	if err != nil {
		return nil, err
	}
	shape, err := redMmShape(r, ts[1], ts[2], 1, 2)
	if err != nil {
		return nil, err
	}
	beta, err := redNumber(r, 3, 1, false)
	if err != nil {
		return nil, err
	}
	alpha, err := redNumber(r, 4, 1, false)
	if err != nil {
		return nil, err
	}
	bias, err := redBroadcast(r, 0, ts[0].Sizes, shape)
	if err != nil {
		return nil, err
	}
	dt := ts[0].Dtype
	want, err := redResult(r, 0, shape, dt)
	if err != nil {
		return nil, err
	}
	return func(b *ir.Builder) ([]*ir.Value, error) {
		k := newRedKernel(b, op.Loc)
		elem := redBuiltin(dt)
		acc := accumulatorType(elem)
		p := k.matmul(linalg.Matmul, op.Operand(1), op.Operand(2), shape, acc)
		var l loopNest
		idx := l.addN(linalg.Parallel, 2)
		ins := []*ir.Value{p}
		maps := []affine.Map{l.mapOf(idx)}
		if beta != 0 {
			ins = append(ins, op.Operand(0))
			maps = append(maps, l.mapOf(bias(idx)))
		}
		out := k.empty(shape, elem)
		maps = append(maps, l.mapOf(idx))
		y := linalg.NewGeneric(k.b, k.loc, ins, []*ir.Value{out}, maps, l.iters, []ir.Type{out.Type()},
			func(b *ir.Builder, args []*ir.Value) []*ir.Value {
				v := args[0]
				if alpha != 1 {
					v = arith.Mul(b, k.loc, k.constant(b, alpha, acc), v)
				}
				if beta != 0 {
					s := k.toAcc(b, args[1], acc)
					if beta != 1 {
						s = arith.Mul(b, k.loc, k.constant(b, beta, acc), s)
					}
					v = arith.Add(b, k.loc, v, s)
				}
				return []*ir.Value{k.fromAcc(b, v, elem)}
			}).Result(0)
		return []*ir.Value{k.cast(y, want)}, nil
	}, nil
}

// redBroadcast checks that operand i of shape from broadcasts to shape to
// under PyTorch's rules (dims aligned from the right; each equal or 1;
// missing leading dims) and returns the function giving its indexing
// results from the loop dims over to: a broadcast size-1 dim is read at
// the constant 0, as torch-mlir's elementwise lowering does.
func redBroadcast(r operandReader, i int, from, to []int64) (func([]affine.Expr) []affine.Expr, error) {
	lead := len(to) - len(from)
	if lead < 0 {
		return nil, r.errorf("'%s' of shape %v cannot be broadcast to %v", r.names[i], from, to)
	}
	for j, d := range from {
		if d != to[lead+j] && d != 1 {
			return nil, r.errorf("'%s' of shape %v cannot be broadcast to %v", r.names[i], from, to)
		}
	}
	return func(idx []affine.Expr) []affine.Expr {
		out := make([]affine.Expr, len(from))
		for j, d := range from {
			if d == to[lead+j] {
				out[j] = idx[lead+j]
			} else {
				out[j] = affine.Const(0)
			}
		}
		return out
	}, nil
}
