package lowering

import (
	"math"

	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
	"github.com/torchlower/torchlower/torch"
)

// The min/max reductions, with the semantics of PyTorch's CPU kernels:
//
//	aten::amax / amin(Tensor self, int[1] dim=[], bool keepdim=False) -> Tensor
//	aten::max / min(Tensor self) -> Tensor
//	aten::max.dim / min.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)
//	aten::argmax / argmin(Tensor self, int? dim=None, bool keepdim=False) -> Tensor
//
//   - NaN is the extreme of both orders: a slice holding a NaN has the
//     value NaN, and its index is that of its first NaN.
//   - Ties go to the lowest index (torch 1.13 gives the first index on CPU
//     in the scalar and the vectorised kernels alike).
//   - Values keep the input dtype (bool and every integer type included;
//     ui8 and bool compare unsigned); indices are int64. argmax and argmin
//     of bool are refused, as ATen's "argmax_cpu" is not implemented for
//     'Bool'.
//   - argmax/argmin with dim None index the flattened tensor (row-major),
//     and keepdim then keeps every dim with extent 1.
//   - There is no extreme of zero elements: max()/min() and argmax with
//     dim None of an empty tensor, and any reduction over a dim of extent
//     0, are errors, as in PyTorch.
//
// amax, amin, max and min reduce the values alone, into an accumulator
// filled with the identity of the order (-inf/+inf, the dtype's smallest
// or largest integer). The NaN-propagating maxf/minf is followed by a
// select of NaN when either side is unordered, because MLIR 16 lowers
// arith.maxf/minf to LLVM's NaN-dropping maxnum/minnum.
//
// The index reductions are one linalg.generic with two outputs, the value
// and the int64 index. The body keeps, of the accumulated pair (acc, j)
// and the element (x, i), the one that comes first in ATen's order
// (GreaterOrNan/LessOrNan in SharedReduceOps.h): a NaN before any number
// and the lower index between two NaNs, then the more extreme value, then
// the lower index; j = -1 marks an accumulator that has seen nothing yet.
// That order is total, so the result does not depend on the order the
// reduction loops run in (max_pool2d_with_indices has the same form, with
// the last NaN, as its kernel gives).

// extremeOp says which way an op of this file compares and names it in
// messages.
type extremeOp struct {
	isMax bool
	name  string // "amax", "max", "argmin", ...
}

func extremeOf(op *ir.Operation) extremeOp {
	switch op.Name {
	case torch.AtenAmax:
		return extremeOp{true, "amax"}
	case torch.AtenAmin:
		return extremeOp{false, "amin"}
	case torch.AtenMax, torch.AtenMaxDim:
		return extremeOp{true, "max"}
	case torch.AtenMin, torch.AtenMinDim:
		return extremeOp{false, "min"}
	case torch.AtenArgmax:
		return extremeOp{true, "argmax"}
	}
	return extremeOp{false, "argmin"}
}

// prepareAmaxAmin lowers amax and amin over a dim list ([] meaning every
// dim) for every dtype. Max and min are exact, so 16-bit floats need no
// wider accumulator.
func prepareAmaxAmin(op *ir.Operation) (emitFunc, error) {
	r, err := redReader(op)
	if err != nil {
		return nil, err
	}
	sp, err := readRedSpec(r, 1, 2)
	if err != nil {
		return nil, err
	}
	return emitExtremeValues(r, sp, extremeOf(op))
}

// prepareMaxMinAll lowers max and min of a whole tensor into a 0-d tensor.
func prepareMaxMinAll(op *ir.Operation) (emitFunc, error) {
	r, err := redReader(op)
	if err != nil {
		return nil, err
	}
	sp, err := readRedSpec(r, -1, -1)
	if err != nil {
		return nil, err
	}
	e := extremeOf(op)
	if redCount(sp.x.Sizes, sp.mask) == 0 {
		return nil, r.errorf("%s(): Expected reduction dim to be specified for input.numel() == 0. Specify the reduction dim with the 'dim' argument.", e.name)
	}
	return emitExtremeValues(r, sp, e)
}

// emitExtremeValues checks the reduced extents and the result, and returns
// the emitter of the values-only reduction.
func emitExtremeValues(r operandReader, sp *redSpec, e extremeOp) (emitFunc, error) {
	if err := checkNonEmptyReduction(r, sp, e); err != nil {
		return nil, err
	}
	dt := sp.x.Dtype
	want, err := redResult(r, 0, sp.outShape(), dt)
	if err != nil {
		return nil, err
	}
	op := r.op
	return func(b *ir.Builder) ([]*ir.Value, error) {
		k := newRedKernel(b, op.Loc)
		m := k.reduce(sp.x.Sizes, []redIn{{v: op.Operand(0)}}, sp.mask, sp.keepdim, k.extremeIdentity(dt, e.isMax),
			func(b *ir.Builder, args []*ir.Value) *ir.Value { return k.extreme(b, args[1], args[0], dt, e.isMax) })
		return []*ir.Value{k.cast(m, want)}, nil
	}, nil
}

// checkNonEmptyReduction refuses a reduction over a dim of extent 0 with
// ATen's message.
func checkNonEmptyReduction(r operandReader, sp *redSpec, e extremeOp) error {
	for i, d := range sp.x.Sizes {
		if sp.mask[i] && d == 0 {
			return r.errorf("%s(): Expected reduction dim %d to have non-zero size.", e.name, i)
		}
	}
	return nil
}

// prepareMaxMinDim lowers max.dim and min.dim: the values and int64
// indices of the extremes along one dim (a 0-d tensor has dim 0 or -1 and
// gives itself and index 0).
func prepareMaxMinDim(op *ir.Operation) (emitFunc, error) {
	r, err := redReader(op)
	if err != nil {
		return nil, err
	}
	x, err := redStaticTensor(r, 0)
	if err != nil {
		return nil, err
	}
	sp := &redSpec{x: x}
	if sp.mask, err = redOneDim(r, 1, len(x.Sizes)); err != nil {
		return nil, err
	}
	if sp.keepdim, err = r.bool(2); err != nil {
		return nil, err
	}
	e := extremeOf(op)
	if err := checkNonEmptyReduction(r, sp, e); err != nil {
		return nil, err
	}
	wantV, err := redResult(r, 0, sp.outShape(), x.Dtype)
	if err != nil {
		return nil, err
	}
	wantI, err := redResult(r, 1, sp.outShape(), torch.DtypeSI64)
	if err != nil {
		return nil, err
	}
	return func(b *ir.Builder) ([]*ir.Value, error) {
		k := newRedKernel(b, op.Loc)
		v, i := k.argExtreme(op.Operand(0), sp, e.isMax)
		return []*ir.Value{k.cast(v, wantV), k.cast(i, wantI)}, nil
	}, nil
}

// prepareArgmaxArgmin lowers argmax and argmin: along one dim, or with dim
// None over the flattened tensor (an index into its row-major order).
func prepareArgmaxArgmin(op *ir.Operation) (emitFunc, error) {
	r, err := redReader(op)
	if err != nil {
		return nil, err
	}
	x, err := redStaticTensor(r, 0)
	if err != nil {
		return nil, err
	}
	e := extremeOf(op)
	if redIsBool(x.Dtype) {
		return nil, r.errorf("%s of a bool tensor is not supported (PyTorch: \"%s_cpu\" not implemented for 'Bool')", e.name, e.name)
	}
	sp := &redSpec{x: x}
	if isNoneValue(op.Operand(1)) {
		sp.mask = fullMask(len(x.Sizes))
		if redCount(x.Sizes, sp.mask) == 0 {
			return nil, r.errorf("%s(): Expected reduction dim to be specified for input.numel() == 0.", e.name)
		}
	} else if sp.mask, err = redOneDim(r, 1, len(x.Sizes)); err != nil {
		return nil, err
	}
	if sp.keepdim, err = r.bool(2); err != nil {
		return nil, err
	}
	if err := checkNonEmptyReduction(r, sp, e); err != nil {
		return nil, err
	}
	want, err := redResult(r, 0, sp.outShape(), torch.DtypeSI64)
	if err != nil {
		return nil, err
	}
	return func(b *ir.Builder) ([]*ir.Value, error) {
		k := newRedKernel(b, op.Loc)
		_, i := k.argExtreme(op.Operand(0), sp, e.isMax)
		return []*ir.Value{k.cast(i, want)}, nil
	}, nil
}

// argExtreme reduces x over sp's dims to the extreme values and their
// int64 indices: the position along the reduced dim, or the row-major
// position among the reduced dims when there are several (argmax with dim
// None).
func (k *redKernel) argExtreme(x *ir.Value, sp *redSpec, isMax bool) (values, indices *ir.Value) {
	dt := sp.x.Dtype
	var l loopNest
	idx := make([]affine.Expr, len(sp.x.Sizes))
	var reduced []int
	for i := range idx {
		kind := linalg.Parallel
		if sp.mask[i] {
			kind = linalg.Reduction
			reduced = append(reduced, i)
		}
		idx[i] = l.add(kind)
	}
	outShape := sp.outShape()
	initV := k.filled(outShape, k.extremeIdentity(dt, isMax))
	initI := k.filled(outShape, arith.ConstantInt(k.b, k.loc, -1, ir.I64))
	out := l.mapOf(redProject(idx, sp.mask, sp.keepdim))
	gen := linalg.NewGeneric(k.b, k.loc, []*ir.Value{x}, []*ir.Value{initV, initI},
		[]affine.Map{l.mapOf(idx), out, out}, l.iters, []ir.Type{initV.Type(), initI.Type()},
		func(b *ir.Builder, a []*ir.Value) []*ir.Value {
			x, acc, j := a[0], a[1], a[2]
			i := k.flatIndex(b, sp.x.Sizes, reduced)
			take := k.comesFirst(b, x, i, acc, j, dt, isMax)
			return []*ir.Value{
				arith.NewSelect(b, k.loc, take, x, acc),
				arith.NewSelect(b, k.loc, take, i, j),
			}
		})
	return gen.Result(0), gen.Result(1)
}

// flatIndex is, inside a generic's body, the int64 row-major position of
// the current element among the given loop dims (0 for none).
func (k *redKernel) flatIndex(b *ir.Builder, shape []int64, dims []int) *ir.Value {
	if len(dims) == 0 {
		return arith.ConstantInt(b, k.loc, 0, ir.I64)
	}
	var flat *ir.Value
	for _, d := range dims {
		here := linalg.NewIndex(b, k.loc, d)
		if flat == nil {
			flat = here
			continue
		}
		scaled := arith.Binary(b, k.loc, arith.MulI, flat, arith.ConstantIndex(b, k.loc, shape[d]))
		flat = arith.Binary(b, k.loc, arith.AddI, scaled, here)
	}
	return arith.Cast(b, k.loc, arith.IndexCast, flat, ir.I64)
}

// comesFirst is true when the element (x, i) comes before the accumulated
// (acc, j) in ATen's order: j = -1 (nothing yet), or x more extreme, or x
// equal with a lower index; for floats also x NaN while acc is not, or
// both NaN and i lower.
func (k *redKernel) comesFirst(b *ir.Builder, x, i, acc, j *ir.Value, dt ir.Type, isMax bool) *ir.Value {
	or := func(p, q *ir.Value) *ir.Value { return arith.Binary(b, k.loc, arith.OrI, p, q) }
	and := func(p, q *ir.Value) *ir.Value { return arith.Binary(b, k.loc, arith.AndI, p, q) }
	none := arith.NewCmpI(b, k.loc, "eq", j, arith.ConstantInt(b, k.loc, -1, ir.I64))
	lower := arith.NewCmpI(b, k.loc, "slt", i, j)
	if !redIsFloat(dt) {
		pred := map[bool]string{true: "sgt", false: "slt"}[isMax]
		if redIsUnsigned(dt) {
			pred = map[bool]string{true: "ugt", false: "ult"}[isMax]
		}
		beyond := arith.NewCmpI(b, k.loc, pred, x, acc)
		tie := and(arith.NewCmpI(b, k.loc, "eq", x, acc), lower)
		return or(or(none, beyond), tie)
	}
	beyond := arith.NewCmpF(b, k.loc, map[bool]string{true: "ogt", false: "olt"}[isMax], x, acc)
	tie := and(arith.NewCmpF(b, k.loc, "oeq", x, acc), lower)
	xNaN := arith.NewCmpF(b, k.loc, "uno", x, x)
	accNumber := arith.NewCmpF(b, k.loc, "ord", acc, acc)
	firstNaN := and(xNaN, or(accNumber, lower))
	return or(or(none, beyond), or(tie, firstNaN))
}

// extreme is the NaN-propagating maximum (isMax) or minimum of two
// elements of torch dtype dt.
func (k *redKernel) extreme(b *ir.Builder, x, y *ir.Value, dt ir.Type, isMax bool) *ir.Value {
	switch {
	case redIsFloat(dt):
		m := arith.Binary(b, k.loc, map[bool]string{true: arith.MaxF, false: arith.MinF}[isMax], x, y)
		unordered := arith.NewCmpF(b, k.loc, "uno", x, y)
		return arith.NewSelect(b, k.loc, unordered, k.constant(b, math.NaN(), x.Type()), m)
	case redIsUnsigned(dt):
		return arith.Binary(b, k.loc, map[bool]string{true: arith.MaxUI, false: arith.MinUI}[isMax], x, y)
	}
	return arith.Binary(b, k.loc, map[bool]string{true: arith.MaxSI, false: arith.MinSI}[isMax], x, y)
}

// extremeIdentity is the identity of max (isMax) or min for a torch dtype.
func (k *redKernel) extremeIdentity(dt ir.Type, isMax bool) *ir.Value {
	if isMax {
		return k.lowest(dt)
	}
	return k.highest(dt)
}

// highest is the identity of min for a torch dtype: +inf for floats, the
// largest integer, true for bool.
func (k *redKernel) highest(dt ir.Type) *ir.Value {
	bt := redBuiltin(dt)
	if redIsFloat(dt) {
		return k.constant(k.b, math.Inf(1), bt)
	}
	if redIsUnsigned(dt) {
		return arith.ConstantInt(k.b, k.loc, -1, bt) // all ones
	}
	return arith.ConstantInt(k.b, k.loc, math.MaxInt64>>(64-dt.(ir.IntegerType).Width), bt)
}
