package lowering

import (
	"math"
	"slices"

	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
)

// max_pool*d_with_indices' forward with the window's taps unrolled.
//
// The three passes of normpool_pool.go (window max; first-maximal-tap
// keys; index from key) each loop over the window taps as a reduction,
// which the CPU runs in float64 lanes a row at a time, and the last one
// turns a key into a position with integer division and remainders per
// output. For windows of up to maxUnrolledTaps taps (ResNet's 3x3 stem
// pool, MaxPool3d(2)), two elementwise generics do it instead, every tap
// an operand of its own (xp read at o·s + d·t, t constant):
//
//  1. values and offsets: the max over the taps in scan order, NaN
//     propagating (as windowMax, operation for operation), and the flat
//     offset Σ d_i·t_i·stride_i of the tap PyTorch's scan
//     (`val > max || isnan(val)`) keeps: the first tap equal to the max —
//     a select chain over the taps from the last to the first — or, for
//     a NaN max, the last NaN tap. Offsets are floats, exact (poolKeyType).
//  2. indices: the window's origin's flat index plus the offset, the
//     origin a sum of one constant per dim (per-dim vectors, as the
//     backward's rel); where the max is −∞ (the window's valid elements
//     are all −∞ — the padding is −∞ too, and may have matched) the
//     window's first valid position, where PyTorch's scan starts and no
//     element displaces it, again a sum of per-dim constants.
//
// Both bodies are float operations without loop indices, which the CPU
// runs in lanes several rows a block (float32 lanes for an f32 input).

// maxUnrolledTaps bounds the window taps the unrolled forward takes as
// operands (27: 3x3x3).
const maxUnrolledTaps = 27

// poolKeyType is the float type that holds every flat input index and
// tap offset of g exactly: acc (f32 or f64), or f64 where an f32 would
// round them (2^24 and up).
func poolKeyType(g *poolGeom, acc ir.Type) ir.Type {
	if !ir.TypeEqual(acc, ir.F32T) {
		return acc
	}
	bound := int64(1)
	for i := range g.h {
		bound *= g.h[i] + 2*g.p[i] + g.d[i]*g.k[i]
	}
	if bound >= 1<<24 {
		return ir.F64T
	}
	return acc
}

// flatStrides are the flat input index's steps along the spatial dims.
func (g *poolGeom) flatStrides() []int64 {
	n := g.rank()
	stride := make([]int64, n)
	stride[n-1] = 1
	for i := n - 2; i >= 0; i-- {
		stride[i] = stride[i+1] * g.h[i+1]
	}
	return stride
}

// origin is the input position o·s − p where window o starts along
// spatial dim i.
func (g *poolGeom) origin(i int) func(o int64) int64 {
	s, p := g.s[i], g.p[i]
	return func(o int64) int64 { return o*s - p }
}

// flatVector is the [O_i] constant of pos(o)·stride_i in key: the term of
// spatial dim i in the flat input index of position pos(o).
func (k *npKernel) flatVector(g *poolGeom, i int, key ir.Type, pos func(o int64) int64) *ir.Value {
	stride := g.flatStrides()[i]
	v := make([]float64, g.o[i])
	for j := range v {
		v[j] = float64(pos(int64(j)) * stride)
	}
	attr, _ := ir.NewDenseFloats(ir.Tensor(key, g.o[i]), v)
	return arith.Constant(k.b, k.loc, attr)
}

// unrolledShift is the extra low padding of each dim of the unrolled
// forward's input, given its padded extents: 1 where the stride is 1 and
// the padded extent is not the output's. Tap 0 then reads xp at the bare
// output dim o, and MLIR's verifier holds an operand read at a bare loop
// dim to the loop's extent; one more element of padding moves the reads
// to o + 1 and on.
func (g *poolGeom) unrolledShift(padded []int64) []int64 {
	shift := make([]int64, g.rank())
	for i := range shift {
		if g.s[i] == 1 && padded[i] != g.o[i] {
			shift[i] = 1
		}
	}
	return shift
}

// paddedExtents are the spatial extents of the input padded by p low and
// high high.
func paddedExtents(g *poolGeom, high []int64) []int64 {
	ext := make([]int64, g.rank())
	for i := range ext {
		ext[i] = g.p[i] + g.h[i] + high[i]
	}
	return ext
}

// tapOperands are src once per window tap t in scan order, read at
// [lead, o_i·s_i + d_i·t_i + shift_i].
func tapOperands(l *loopNest, lead, o []affine.Expr, src *ir.Value, shift, kernel, s, d []int64) ([]*ir.Value, []affine.Map) {
	n := len(kernel)
	taps := ir.NumElements(kernel)
	ins := make([]*ir.Value, 0, taps)
	maps := make([]affine.Map, 0, taps)
	for t := range taps {
		at := make([]affine.Expr, n)
		rest := int64(t)
		for i := n - 1; i >= 0; i-- {
			at[i] = affine.Add(scaled(o[i], s[i]), affine.Const(d[i]*(rest%kernel[i])+shift[i]))
			rest /= kernel[i]
		}
		ins = append(ins, src)
		maps = append(maps, l.mapOf(lead, at))
	}
	return ins, maps
}

// windowMaxUnrolled is pass 1: each window's max of xp (the −∞-padded
// input, with shift[i] more low padding along dim i: unrolledShift) and
// the flat offset of its tap, in key.
func (k *npKernel) windowMaxUnrolled(g *poolGeom, xp *ir.Value, shift []int64, elem, key ir.Type) (values, offsets *ir.Value) {
	n, nl := g.rank(), len(g.lead)
	stride := g.flatStrides()
	taps := ir.NumElements(g.k)
	var l loopNest
	lead := l.addN(linalg.Parallel, nl)
	o := l.addN(linalg.Parallel, n)
	ins, maps := tapOperands(&l, lead, o, xp, shift, g.k, g.s, g.d)
	offset := make([]float64, taps)
	for t := range taps {
		rest := int64(t)
		for i := n - 1; i >= 0; i-- {
			offset[t] += float64(g.d[i] * (rest % g.k[i]) * stride[i])
			rest /= g.k[i]
		}
	}
	maps = append(maps, l.mapOf(lead, o), l.mapOf(lead, o))
	outs := []*ir.Value{k.empty(g.outShape(), elem), k.empty(g.outShape(), key)}
	r := linalg.NewGeneric(k.b, k.loc, ins, outs, maps, l.iters, []ir.Type{outs[0].Type(), outs[1].Type()},
		func(b *ir.Builder, a []*ir.Value) []*ir.Value {
			loc := k.loc
			// As windowMax from its −∞ start, whose first step gives the
			// first tap: maxf, then NaN where either side is.
			m := a[0]
			nan := k.scalar(b, math.NaN(), elem)
			for _, x := range a[1:taps] {
				mx := arith.Binary(b, loc, arith.MaxF, m, x)
				m = arith.NewSelect(b, loc, arith.NewCmpF(b, loc, "uno", m, x), nan, mx)
			}
			none := k.scalar(b, keyNone, key)
			first := none
			for t := taps - 1; t >= 0; t-- {
				first = arith.NewSelect(b, loc, arith.NewCmpF(b, loc, "oeq", a[t], m), k.scalar(b, offset[t], key), first)
			}
			lastNaN := none
			for t := range taps {
				lastNaN = arith.NewSelect(b, loc, arith.NewCmpF(b, loc, "uno", a[t], a[t]), k.scalar(b, offset[t], key), lastNaN)
			}
			isNaN := arith.NewCmpF(b, loc, "uno", m, m)
			return []*ir.Value{m, arith.NewSelect(b, loc, isNaN, lastNaN, first)}
		})
	return r.Result(0), r.Result(1)
}

// windowIndexFromOffset is pass 2: the flat input index of each window's
// max from its tap offset.
func (k *npKernel) windowIndexFromOffset(g *poolGeom, values, offsets *ir.Value, key ir.Type) *ir.Value {
	n, nl := g.rank(), len(g.lead)
	var l loopNest
	lead := l.addN(linalg.Parallel, nl)
	o := l.addN(linalg.Parallel, n)
	ins := []*ir.Value{values, offsets}
	maps := []affine.Map{l.mapOf(lead, o), l.mapOf(lead, o)}
	// Without padding a window of −∞ has its first tap at its origin, the
	// first valid position: no second sum.
	padded := slices.ContainsFunc(g.p, func(p int64) bool { return p != 0 })
	for i := range n {
		// The window's origin o·s − p, and its first valid position:
		// the origin moved up by whole dilations to ≥ 0.
		origin, d := g.origin(i), g.d[i]
		ins = append(ins, k.flatVector(g, i, key, origin))
		maps = append(maps, l.mapOf(one(o[i])))
		if padded {
			ins = append(ins, k.flatVector(g, i, key, func(o int64) int64 {
				start := origin(o)
				if start < 0 {
					start += ceilDiv(-start, d) * d
				}
				return start
			}))
			maps = append(maps, l.mapOf(one(o[i])))
		}
	}
	maps = append(maps, l.mapOf(lead, o))
	init := k.empty(g.outShape(), ir.I64)
	return linalg.NewGeneric(k.b, k.loc, ins, []*ir.Value{init}, maps, l.iters, []ir.Type{init.Type()},
		func(b *ir.Builder, a []*ir.Value) []*ir.Value {
			loc := k.loc
			per := 1 // operands per dim
			if padded {
				per = 2
			}
			at := a[1]
			for i := range n {
				at = arith.Binary(b, loc, arith.AddF, at, a[2+per*i])
			}
			if padded {
				first := a[3]
				for i := 1; i < n; i++ {
					first = arith.Binary(b, loc, arith.AddF, first, a[3+per*i])
				}
				allNegInf := arith.NewCmpF(b, loc, "oeq", a[0], k.scalar(b, npNegInf, tensorType(values).Elem))
				at = arith.NewSelect(b, loc, allNegInf, first, at)
			}
			return []*ir.Value{arith.Cast(b, loc, arith.FPToSI, at, ir.I64)}
		}).Result(0)
}
