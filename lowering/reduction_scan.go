package lowering

import (
	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/dialect/tensor"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
	"github.com/torchlower/torchlower/torch"
)

// prepareCumsum lowers the scan
//
//	aten::cumsum(Tensor self, int dim, *, ScalarType? dtype=None) -> Tensor
//
// with the semantics of PyTorch's CPU kernel (cumsum_cpu_kernel):
// out[…, i, …] = x[…, 0, …] + … + x[…, i, …] along dim (negative dims
// count from the end; a 0-d tensor is its own cumsum). The result dtype is
// dtype when given (each element is converted to it first, as ATen casts
// self), else int64 for integer and bool inputs, as ATen promotes them,
// and the input dtype for floats. The running sum is kept in ATen's CPU
// accumulator type, at::acc_type<T, /*is_cuda=*/false>: f64 for f32 and
// f64 (so an f32 cumsum is the f64 sum rounded once per element: torch
// 1.13 gives 1 for the third element of [1e8, 1, -1e8], which f32 adds
// make 0), f32 for f16 and bf16 (each element rounded once; 1.13 matches
// this bit for bit for bf16 and has no CPU f16 cumsum), and the result
// type for integers (int64 wraps around, as in PyTorch). A bool dtype is
// refused.
//
// Linalg has no scan op, so the lowering takes one of two forms, by the
// extent n of dim:
//
//   - n ≤ scanDirectMaxExtent: one linalg.generic over the result's loops
//     and a last, reduction loop j over dim, which adds x[…, j, …] into
//     out[…, i, …] where j ≤ i (linalg.index of both loops; the other
//     terms are selected away, so a NaN after i never enters). It adds in
//     ATen's order and accumulator, so results are bit-identical; the work
//     is n² per row, which one kernel does faster than the log₂ n steps
//     below for short rows (the position ids of a short prompt).
//   - longer dims: ⌈log₂ n⌉ Hillis–Steele steps a[i] += a[i − 2ᵏ], each an
//     elementwise generic reading a and a shifted copy (a
//     tensor.extract_slice of the first n − 2ᵏ entries, tensor.pad'ded
//     with 2ᵏ zeros in front; the last step rounds to the result type):
//     n·log n work. Integer results are exact; float ones are summed in
//     another order in the same accumulator, so they can differ from
//     ATen's by its rounding (for f32 results, f64's: almost never).
func prepareCumsum(op *ir.Operation) (emitFunc, error) {
	r, err := redReader(op)
	if err != nil {
		return nil, err
	}
	x, err := redStaticTensor(r, 0)
	if err != nil {
		return nil, err
	}
	d, err := r.int(1)
	if err != nil {
		return nil, err
	}
	dim, err := redWrapDim(r, 1, d, len(x.Sizes))
	if err != nil {
		return nil, err
	}
	out, err := redOptDtype(r, 2)
	if err != nil {
		return nil, err
	}
	if out == nil {
		out = x.Dtype
		if !redIsFloat(out) {
			out = torch.DtypeSI64
		}
	}
	if redIsBool(out) {
		return nil, r.errorf("a cumsum with dtype bool is not supported")
	}
	want, err := redResult(r, 0, x.Sizes, out)
	if err != nil {
		return nil, err
	}
	n := int64(1)
	if len(x.Sizes) > 0 {
		n = x.Sizes[dim]
	}
	return func(b *ir.Builder) ([]*ir.Value, error) {
		k := newRedKernel(b, op.Loc)
		ob := redBuiltin(out)
		acc := scanAccumulator(out)
		read := func(b *ir.Builder, v *ir.Value) *ir.Value { return k.toAcc(b, k.convert(b, v, x.Dtype, out), acc) }
		xv := op.Operand(0)
		var s *ir.Value
		switch {
		case n <= 1: // each element is its own sum: a conversion at most
			if ir.TypeEqual(x.Dtype, out) {
				return []*ir.Value{k.cast(xv, want)}, nil
			}
			s = k.pointwise(x.Sizes, ob, []redIn{{v: xv}}, make([]bool, len(x.Sizes)),
				func(b *ir.Builder, a []*ir.Value) *ir.Value { return k.convert(b, a[0], x.Dtype, out) })
		case n <= scanDirectMaxExtent:
			s = k.truncate(k.scanDirect(xv, x.Sizes, dim, acc, read), ob)
		default:
			s = k.scanDoubling(xv, x.Sizes, dim, acc, ob, read)
		}
		return []*ir.Value{k.cast(s, want)}, nil
	}, nil
}

// scanDirectMaxExtent is the longest dim cumsum scans with the single
// masked generic (n² work per row); longer ones take the doubling steps.
const scanDirectMaxExtent = 128

// scanAccumulator is the type cumsum adds in for a result of torch dtype
// out: ATen's CPU acc_type (f64 for f32 and f64, f32 for f16 and bf16),
// and the result's own type for integers, where wrap-around arithmetic in
// a narrower type gives the same bits as int64 then truncation.
func scanAccumulator(out ir.Type) ir.Type {
	if ft, ok := out.(ir.FloatType); ok {
		if ft.Bits() < 32 {
			return ir.F32T
		}
		return ir.F64T
	}
	return redBuiltin(out)
}

// scanDirect is the masked-reduction form of the scan along dim:
//
//	acc[…, i, …] = Σ_{j ≤ i} read(x[…, j, …])
//
// over the loops of shape plus a last reduction loop j.
func (k *redKernel) scanDirect(x *ir.Value, shape []int64, dim int, acc ir.Type,
	read func(b *ir.Builder, v *ir.Value) *ir.Value) *ir.Value {
	var l loopNest
	idx := l.addN(linalg.Parallel, len(shape))
	j := l.add(linalg.Reduction)
	in := append([]affine.Expr(nil), idx...)
	in[dim] = j
	init := k.filled(shape, k.constant(k.b, 0, acc))
	return linalg.NewGeneric(k.b, k.loc, []*ir.Value{x}, []*ir.Value{init}, []affine.Map{l.mapOf(in), l.mapOf(idx)},
		l.iters, []ir.Type{init.Type()}, func(b *ir.Builder, a []*ir.Value) []*ir.Value {
			upToI := arith.NewCmpI(b, k.loc, "ule", linalg.NewIndex(b, k.loc, len(shape)), linalg.NewIndex(b, k.loc, dim))
			sum := arith.Add(b, k.loc, a[1], read(b, a[0]))
			return []*ir.Value{arith.NewSelect(b, k.loc, upToI, sum, a[1])}
		}).Result(0)
}

// scanDoubling is the Hillis–Steele form of the scan along dim: starting
// from a = x, ⌈log₂ n⌉ steps a[i] = a[i] + a[i − s] (0 where i < s) for
// s = 1, 2, 4, …; the first step reads x and converts both terms with
// read, the others add in acc, and the last rounds its sums to elem.
func (k *redKernel) scanDoubling(x *ir.Value, shape []int64, dim int, acc, elem ir.Type,
	read func(b *ir.Builder, v *ir.Value) *ir.Value) *ir.Value {
	noMask := make([]bool, len(shape))
	n := shape[dim]
	a := x
	for s := int64(1); s < n; s *= 2 {
		first, last := s == 1, 2*s >= n
		stepElem := acc
		if last {
			stepElem = elem
		}
		shifted := k.shiftAlong(a, dim, s)
		a = k.pointwise(shape, stepElem, []redIn{{v: a}, {v: shifted}}, noMask,
			func(b *ir.Builder, args []*ir.Value) *ir.Value {
				var sum *ir.Value
				if first {
					sum = arith.Add(b, k.loc, read(b, args[0]), read(b, args[1]))
				} else {
					sum = arith.Add(b, k.loc, args[0], args[1])
				}
				if last {
					return k.fromAcc(b, sum, elem)
				}
				return sum
			})
	}
	return a
}

// shiftAlong returns v moved s places along dim, zeros entering in front:
// out[…, i, …] = v[…, i − s, …] for i ≥ s, else 0 (false for i1). It is
// the slice of the first n − s entries padded with s zeros at the low
// end.
func (k *redKernel) shiftAlong(v *ir.Value, dim int, s int64) *ir.Value {
	t := tensorType(v)
	rank := t.Rank()
	sizes := append([]int64(nil), t.Shape...)
	sizes[dim] -= s
	ones := make([]int64, rank)
	for i := range ones {
		ones[i] = 1
	}
	head := tensor.NewExtractSlice(k.b, k.loc, nil, v, tensor.StaticIndices(make([]int64, rank)...),
		tensor.StaticIndices(sizes...), tensor.StaticIndices(ones...))
	low := make([]int64, rank)
	low[dim] = s
	zero := k.constant(k.b, 0, t.Elem)
	return tensor.NewPad(k.b, k.loc, nil, head, tensor.StaticIndices(low...), tensor.StaticIndices(make([]int64, rank)...), zero, false)
}
