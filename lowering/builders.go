package lowering

import (
	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/dialect/tensor"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
)

// emitter bundles what the lowering helpers need: the builder, the location
// of the op being lowered, and the value of every dynamic size. Only the
// batch dimension may be dynamic in the conv lowerings, so a tensor whose
// type has a `?` takes its size from batch, which the caller sets from the
// `tensor.dim` of an operand.
type emitter struct {
	b     *ir.Builder
	loc   ir.Location
	batch *ir.Value // index value of the dynamic batch size, or nil
}

func tensorType(v *ir.Value) ir.RankedTensorType {
	t, _ := v.Type().(ir.RankedTensorType)
	return t
}

// dim creates `tensor.dim v, i`.
func (e *emitter) dim(v *ir.Value, i int64) *ir.Value {
	idx := arith.ConstantIndex(e.b, e.loc, i)
	return e.b.Create(tensor.Dim, e.loc, []*ir.Value{v, idx}, []ir.Type{ir.Index}, nil, 0).Result(0)
}

// dynSizes returns the values of the `?` dims of shape (all the batch).
func (e *emitter) dynSizes(shape []int64) []*ir.Value {
	var out []*ir.Value
	for _, d := range shape {
		if d == ir.Dynamic {
			out = append(out, e.batch)
		}
	}
	return out
}

// mixedSizes returns shape as tensor.Mixed entries, `?` read from batch.
func (e *emitter) mixedSizes(shape []int64) []tensor.Mixed {
	out := make([]tensor.Mixed, len(shape))
	for i, d := range shape {
		if d == ir.Dynamic {
			out[i] = tensor.DynamicIndex(e.batch)
		} else {
			out[i] = tensor.StaticIndex(d)
		}
	}
	return out
}

func (e *emitter) empty(shape []int64, elem ir.Type) *ir.Value {
	return tensor.NewEmpty(e.b, e.loc, ir.Tensor(elem, shape...), e.dynSizes(shape))
}

// zeros is `linalg.fill(0)` of a `tensor.empty`: the zero destination the
// preprocessing passes recognise (conv-backward.md, "The preprocessing
// passes").
func (e *emitter) zeros(shape []int64, elem ir.Type) *ir.Value {
	zero := arith.ConstantFloat(e.b, e.loc, 0, elem.(ir.FloatType))
	return linalg.NewFill(e.b, e.loc, zero, e.empty(shape, elem)).Result(0)
}

// expandDim splits dimension d of v (extent G·M) into [G, M] with
// tensor.expand_shape; G == 1 returns v unchanged (no group dim at all).
func (e *emitter) expandDim(v *ir.Value, d int, g int64) *ir.Value {
	if g == 1 {
		return v
	}
	t := tensorType(v)
	shape := append([]int64(nil), t.Shape[:d]...)
	shape = append(shape, g, t.Shape[d]/g)
	shape = append(shape, t.Shape[d+1:]...)
	return tensor.NewExpandShape(e.b, e.loc, ir.Tensor(t.Elem, shape...), v, splitGroups(t.Rank(), d))
}

// collapseDim merges dimensions d and d+1 of v; used with g > 1 only.
func (e *emitter) collapseDim(v *ir.Value, d int, g int64) *ir.Value {
	if g == 1 {
		return v
	}
	return tensor.NewCollapseShape(e.b, e.loc, nil, v, splitGroups(tensorType(v).Rank()-1, d))
}

// splitGroups is the reassociation of a rank-r tensor whose dim d is split in two.
func splitGroups(r, d int) [][]int64 {
	var groups [][]int64
	j := int64(0)
	for i := 0; i < r; i++ {
		if i == d {
			groups = append(groups, []int64{j, j + 1})
			j += 2
			continue
		}
		groups = append(groups, []int64{j})
		j++
	}
	return groups
}

// pad zero-pads v by low/high (one entry per dim); all-zero pads return v.
func (e *emitter) pad(v *ir.Value, low, high []int64) *ir.Value {
	any := false
	for i := range low {
		any = any || low[i] != 0 || high[i] != 0
	}
	if !any {
		return v
	}
	t := tensorType(v)
	zero := arith.ConstantFloat(e.b, e.loc, 0, t.Elem.(ir.FloatType))
	return tensor.NewPad(e.b, e.loc, nil, v, tensor.StaticIndices(low...), tensor.StaticIndices(high...), zero, false)
}

// extend converts x to the accumulator type acc (arith.extf) when needed.
func (e *emitter) extend(b *ir.Builder, x *ir.Value, acc ir.Type) *ir.Value {
	if ir.TypeEqual(x.Type(), acc) {
		return x
	}
	return arith.Cast(b, e.loc, arith.ExtF, x, acc)
}

// truncate converts an accumulator tensor to elem with one elementwise
// arith.truncf generic; a tensor already of type elem is returned as is.
// It runs before any group collapse, as torch-mlir's does (PR #4408).
func (e *emitter) truncate(v *ir.Value, elem ir.Type) *ir.Value {
	t := tensorType(v)
	if ir.TypeEqual(t.Elem, elem) {
		return v
	}
	out := e.empty(t.Shape, elem)
	id := affine.Identity(t.Rank())
	return linalg.NewGeneric(e.b, e.loc, []*ir.Value{v}, []*ir.Value{out}, []affine.Map{id, id},
		repeat(linalg.Parallel, t.Rank()), []ir.Type{out.Type()},
		func(b *ir.Builder, args []*ir.Value) []*ir.Value {
			return []*ir.Value{arith.Cast(b, e.loc, arith.TruncF, args[0], elem)}
		}).Result(0)
}

// convertFloat converts the float scalar x to the float type dst as
// c10's static_cast does: wider by arith.extf, narrower by arith.truncf,
// except where the target is 16 bits wide. c10::Half and c10::BFloat16
// are constructed from a float, so a double reaches them rounded to f32
// first (two roundings: an f64 halfway between two halves after the first
// may round the other way than once), and f16 ↔ bf16 go through f32.
func convertFloat(b *ir.Builder, loc ir.Location, x *ir.Value, dst ir.Type) *ir.Value {
	src := x.Type().(ir.FloatType)
	d := dst.(ir.FloatType)
	switch {
	case ir.TypeEqual(src, dst):
		return x
	case src.Bits() < d.Bits():
		return arith.Cast(b, loc, arith.ExtF, x, dst)
	case src.Bits() == 16: // f16 ↔ bf16
		x = arith.Cast(b, loc, arith.ExtF, x, ir.F32T)
	case src.Bits() == 64 && d.Bits() == 16:
		x = arith.Cast(b, loc, arith.TruncF, x, ir.F32T)
	}
	return arith.Cast(b, loc, arith.TruncF, x, dst)
}

// intToFloat converts the integer scalar x (unsigned: zero-extended) to
// the float type dst as c10's static_cast does: a 16-bit float is built
// from a float, so the integer is rounded to f32 first (an int64 above
// 2^24 may round twice: 16842753 → 16842752 → 16777216 in bf16, where
// one rounding gives 16908288).
func intToFloat(b *ir.Builder, loc ir.Location, x *ir.Value, unsigned bool, dst ir.Type) *ir.Value {
	conv := arith.SIToFP
	if unsigned {
		conv = arith.UIToFP
	}
	if dst.(ir.FloatType).Bits() == 16 {
		return arith.Cast(b, loc, arith.TruncF, arith.Cast(b, loc, conv, x, ir.F32T), dst)
	}
	return arith.Cast(b, loc, conv, x, dst)
}

// cast returns v as type want, inserting a tensor.cast when they differ
// (a declared result type with `?` where the lowering knows the size).
func (e *emitter) cast(v *ir.Value, want ir.Type) *ir.Value {
	if want == nil || ir.TypeEqual(v.Type(), want) {
		return v
	}
	return e.b.Create(tensor.Cast, e.loc, []*ir.Value{v}, []ir.Type{want}, nil, 0).Result(0)
}

func repeat(s string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = s
	}
	return out
}

// loopNest allocates the loop dims of a linalg.generic in order, recording
// each one's iterator type, so maps for any number of spatial dims come
// from one loop instead of per-rank copies.
type loopNest struct{ iters []string }

func (l *loopNest) add(kind string) affine.Expr {
	l.iters = append(l.iters, kind)
	return affine.Dim(len(l.iters) - 1)
}

func (l *loopNest) addN(kind string, n int) []affine.Expr {
	out := make([]affine.Expr, n)
	for i := range out {
		out[i] = l.add(kind)
	}
	return out
}

// group adds the group loop when grouped and returns it as a (possibly
// empty) prefix to splice into maps.
func (l *loopNest) group(grouped bool) []affine.Expr {
	if !grouped {
		return nil
	}
	return []affine.Expr{l.add(linalg.Parallel)}
}

// mapOf builds an affine map over all the nest's dims from result parts.
func (l *loopNest) mapOf(parts ...[]affine.Expr) affine.Map {
	var rs []affine.Expr
	for _, p := range parts {
		rs = append(rs, p...)
	}
	return affine.NewMap(len(l.iters), 0, rs...)
}

func one(e affine.Expr) []affine.Expr { return []affine.Expr{e} }

// strided returns s·o + d·k for each spatial dim, dropping unit factors.
func strided(o, k []affine.Expr, s, d []int64) []affine.Expr {
	out := make([]affine.Expr, len(o))
	for i := range o {
		out[i] = affine.Add(scaled(o[i], s[i]), scaled(k[i], d[i]))
	}
	return out
}

func scaled(x affine.Expr, c int64) affine.Expr {
	if c == 1 {
		return x
	}
	return affine.Mul(x, affine.Const(c))
}

// scatterGeom is where a strided scatter puts its source: along each of
// the last d dims, source index o lands at off + o·s of a destination of
// extent ext. Entries landing outside [0, ext) are dropped, so only
// source indices [lo, lo+cnt) are kept, the first landing at place.
type scatterGeom struct {
	lo, cnt, place []int64
	crop           bool // some source entries are dropped
	empty          bool // no source entry lands inside
	unit           bool // every stride is 1 (a pad suffices)
}

// newScatterGeom computes the geometry for a source whose spatial dims
// start at sp. It is the one place that knows the crop arithmetic shared
// by the convolution data gradient and the pooling backward passes.
func newScatterGeom(srcShape []int64, sp int, ext, off, s []int64) scatterGeom {
	d := len(ext)
	g := scatterGeom{lo: make([]int64, d), cnt: make([]int64, d), place: make([]int64, d), unit: true}
	for i := 0; i < d; i++ {
		hs := srcShape[sp+i]
		if off[i] < 0 {
			g.lo[i] = ceilDiv(-off[i], s[i])
		}
		hi := min(hs-1, floorDiv(ext[i]-1-off[i], s[i]))
		g.cnt[i] = hi - g.lo[i] + 1
		g.place[i] = off[i] + g.lo[i]*s[i]
		g.crop = g.crop || g.lo[i] != 0 || g.cnt[i] != hs
		g.empty = g.empty || g.cnt[i] <= 0
		g.unit = g.unit && s[i] == 1
	}
	return g
}
