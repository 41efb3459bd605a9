package lowering

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/dialect/tensor"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
	"github.com/torchlower/torchlower/torch"
)

// Upsampling: upsample_nearest{1,2,3}d and upsample_{linear1d,
// bilinear2d, trilinear3d} (the output_size and the .vec forms) and their
// backward, with the semantics of ATen's CPU kernels
// (aten/src/ATen/native/UpSample.h and cpu/UpSampleKernel.cpp). Per
// spatial dim of input extent in and output extent out:
//
//   - nearest (nearest_idx): output o reads input o when out = in,
//     o >> 1 when out = 2·in, and otherwise min(floor(o·scale), in − 1)
//     computed in f32, where scale is 1/scale_factor when a positive scale
//     is given and in/out otherwise (compute_scales_value). A given scale
//     drives the mapping, not the sizes: .vec with scale_factors [1.6] on
//     4 rows gives 6 outputs, and output 3 reads floor(3·f32(1/1.6)) =
//     floor(1.875) = 1, where the sizes would give floor(3·4/6) = 2.
//   - linear (compute_source_index_and_lambda): output o reads inputs
//     i0 and i1 = min(i0 + 1, in − 1) with weights λ0 = 1 − λ1 and λ1,
//     from the source coordinate x = scale·o under align_corners (scale
//     (in − 1)/(out − 1), or 0 for a single output; a given scale is
//     ignored) and x = max(scale·(o + ½) − ½, 0) otherwise (scale as for
//     nearest); i0 = min(floor(x), in − 1) and λ1 = clamp(x − i0, 0, 1).
//     out = in copies (i0 = i1 = o, λ1 = 0). Coordinates and weights are
//     computed in the op math type, f32 for f16/bf16/f32 and f64 for f64,
//     and so is the interpolation; f16/bf16 results round once.
//   - backward: each input pixel sums the gradient of every output pixel
//     that reads it, times the weight it reads it with: the transpose of
//     the forward, what ATen's backward kernels scatter-add.
//
// Forward and backward are one computation, a resampling: every
// destination pixel (an output pixel forward, an input pixel backward)
// has, per spatial dim, a short list of taps (a source position and a
// weight), and is Σ_{th,tw} wH·wW·src[n, c, posH, posW] (one tap loop and
// weight per spatial dim, 1, 2 or 3 of them). The taps of a dim form a
// small [destination, taps] table computed by a linalg.generic from
// linalg.index and arithmetic; the resampling generic reads the tables
// through maps (destination, tap) and the source with tensor.extract, the
// way the gathers read positions held in index tensors
// (datamovement_gather.go).
//
// Forward, the taps are the position read (nearest) or the two positions
// read and their weights (linear). Backward, the outputs that read
// input i are consecutive, since the forward's source index does not
// decrease with o; so the taps of input i are a window of K outputs from
// start(i) = clamp(i·p div q − d, 0, out − K) (upWindow), where the slope
// p/q, d and K come from running the forward's mapping at compile time so
// that every window covers its readers. The table body recomputes the
// forward taps of each window output with the forward's arithmetic and
// keeps those that read i (with weight λ0, λ1, or their sum where both
// taps are i), marking the others −1. That is O(K) work per input
// position and dim instead of the O(out) of a masked reduction over every
// output: K is 2 for nearest 2x, 5 for bilinear 2x (output 0's coordinate
// is clamped to 0, so it also reads input 1, with weight 0) and 6 under
// align_corners.
//
// Two details of nearest_idx and compute_source_index_and_lambda carry
// over: out = in and out = 2·in take the exact integer paths even when a
// scale is given, and bilinear with out = in still has two taps, the
// second of weight 0.

func populateNPUpsample(m map[string]converter) {
	for name, f := range map[string]upForm{
		torch.AtenUpsampleNearest1d:           {mode: upNearest, n: 1},
		torch.AtenUpsampleNearest1dVec:        {mode: upNearest, vec: true, n: 1},
		torch.AtenUpsampleNearest1dBackward:   {mode: upNearest, backward: true, n: 1},
		torch.AtenUpsampleLinear1d:            {mode: upLinear, n: 1},
		torch.AtenUpsampleLinear1dVec:         {mode: upLinear, vec: true, n: 1},
		torch.AtenUpsampleLinear1dBackward:    {mode: upLinear, backward: true, n: 1},
		torch.AtenUpsampleNearest2d:           {mode: upNearest, n: 2},
		torch.AtenUpsampleNearest2dVec:        {mode: upNearest, vec: true, n: 2},
		torch.AtenUpsampleNearest2dBackward:   {mode: upNearest, backward: true, n: 2},
		torch.AtenUpsampleBilinear2d:          {mode: upLinear, n: 2},
		torch.AtenUpsampleBilinear2dVec:       {mode: upLinear, vec: true, n: 2},
		torch.AtenUpsampleBilinear2dBackward:  {mode: upLinear, backward: true, n: 2},
		torch.AtenUpsampleNearest3d:           {mode: upNearest, n: 3},
		torch.AtenUpsampleNearest3dVec:        {mode: upNearest, vec: true, n: 3},
		torch.AtenUpsampleNearest3dBackward:   {mode: upNearest, backward: true, n: 3},
		torch.AtenUpsampleTrilinear3d:         {mode: upLinear, n: 3},
		torch.AtenUpsampleTrilinear3dVec:      {mode: upLinear, vec: true, n: 3},
		torch.AtenUpsampleTrilinear3dBackward: {mode: upLinear, backward: true, n: 3},
	} {
		m[name] = func(op *ir.Operation) (emitFunc, error) { return prepareUpsample(op, f) }
	}
}

type upMode int

const (
	upNearest upMode = iota
	upLinear         // linear1d, bilinear2d, trilinear3d
)

// upForm says which of the ops a converter reads: its mode, form and
// number of spatial dims n.
type upForm struct {
	mode     upMode
	vec      bool // output_size? and scale_factors? instead of output_size and scales(_d/_h/_w)
	backward bool
	n        int
}

// upScaleNames are the per-dim scale arguments of the output_size forms.
var upScaleNames = [4][]string{1: {"scales"}, 2: {"scales_h", "scales_w"}, 3: {"scales_d", "scales_h", "scales_w"}}

// upDimNames name the spatial dims in messages.
var upDimNames = [4][]string{1: {"W"}, 2: {"H", "W"}, 3: {"D", "H", "W"}}

// upAxis is the mapping of one spatial dim: input extent in, output
// extent out, the scale factor given for the dim (≤ 0 when none, which
// compute_scales_value treats alike), align_corners, and opmath, the type
// linear coordinates are computed in.
type upAxis struct {
	in, out int64
	scale   float64
	align   bool
	mode    upMode
	opmath  ir.Type
}

// ---- the mapping, evaluated at compile time --------------------------------

// nearestScale is compute_scales_value<float>.
func (a upAxis) nearestScale() float32 {
	if a.scale > 0 {
		return float32(1.0 / a.scale)
	}
	return float32(a.in) / float32(a.out)
}

// nearestSource is nearest_idx: the input position output o reads.
func (a upAxis) nearestSource(o int64) int64 {
	switch a.out {
	case a.in:
		return o
	case 2 * a.in:
		return o >> 1
	}
	p := float32(o) * a.nearestScale()
	return min(int64(p), a.in-1) // floor: p ≥ 0
}

// round rounds x to opmath: IEEE single precision for f32, where every
// operation below is one rounded f32 operation (the f64 result of +, −,
// ×, ÷ of two f32 values rounds to the same f32 as the f32 operation).
func (a upAxis) round(x float64) float64 {
	if ir.TypeEqual(a.opmath, ir.F32T) {
		return float64(float32(x))
	}
	return x
}

// linearScale is area_pixel_compute_scale<opmath>.
func (a upAxis) linearScale() float64 {
	if a.align {
		if a.out > 1 {
			return a.round(a.round(float64(a.in-1)) / a.round(float64(a.out-1)))
		}
		return 0
	}
	if a.scale > 0 {
		return a.round(1.0 / a.scale)
	}
	return a.round(a.round(float64(a.in)) / a.round(float64(a.out)))
}

// linearCoord is area_pixel_compute_source_index<opmath> for output o: the
// source coordinate x ≥ 0.
func (a upAxis) linearCoord(o int64) float64 {
	s := a.linearScale()
	if a.align {
		return a.round(s * float64(o))
	}
	return max(a.round(a.round(s*a.round(float64(o)+0.5))-0.5), 0)
}

// readers returns the input positions [lo, hi] that output o may read.
// Nearest is exact: the body's one f32 product is correctly rounded on
// every target. A linear coordinate is a product and a sum, which a GPU
// compiler may fuse into one fma, so where x lies within a few units in
// the last place of an integer the floor may land on either side, and
// both are counted: the window then covers whichever the target computes.
func (a upAxis) readers(o int64) (lo, hi int64) {
	if a.mode == upNearest {
		i := a.nearestSource(o)
		return i, i
	}
	if a.out == a.in {
		return o, o
	}
	x := a.linearCoord(o)
	eps := 1e-5 * (1 + x)
	if !ir.TypeEqual(a.opmath, ir.F32T) {
		eps = 1e-12 * (1 + x)
	}
	floor := func(v float64) int64 { return min(max(int64(math.Floor(v)), 0), a.in-1) }
	return floor(x - eps), min(floor(x+eps)+1, a.in-1)
}

// upWindow is the backward window of a dim: the K outputs from
// start(i) = clamp(i·p div q − d, 0, out − K) hold every output that
// reads input i. p/q is the slope of the forward's inverse mapping, out/in
// or, under align_corners, (out − 1)/(in − 1), whichever needs the shorter
// window. A start that the clamp moves keeps covering: moved up to 0 the
// window still reaches its old end, moved down to out − K it still begins
// before the first reader and ends at the last output.
type upWindow struct{ k, d, p, q int64 }

func (a upAxis) window() upWindow {
	first := make([]int64, a.in)
	last := make([]int64, a.in)
	for i := range first {
		first[i], last[i] = a.out, -1
	}
	for o := int64(0); o < a.out; o++ {
		lo, hi := a.readers(o)
		for i := lo; i <= hi; i++ {
			first[i] = min(first[i], o)
			last[i] = max(last[i], o)
		}
	}
	fit := func(p, q int64) upWindow {
		w := upWindow{d: math.MinInt64, p: p, q: q}
		for i := range first {
			if last[i] >= 0 {
				w.d = max(w.d, int64(i)*p/q-first[i])
			}
		}
		for i := range first {
			if last[i] >= 0 {
				w.k = max(w.k, last[i]-(int64(i)*p/q-w.d)+1)
			}
		}
		return w
	}
	w := fit(a.out, a.in)
	if a.align && a.in > 1 && a.out > 1 {
		if v := fit(a.out-1, a.in-1); v.k < w.k {
			w = v
		}
	}
	if w.k >= a.out {
		return upWindow{k: a.out, p: 0, q: 1} // every output: start(i) = clamp(…, 0, 0) = 0
	}
	return w
}

// ---- the mapping, emitted -------------------------------------------------

// upBody emits the per-dim index arithmetic inside a table's body, in
// i64 so that the tables hold i64 positions.
type upBody struct {
	k *npKernel
	b *ir.Builder
}

func (u upBody) i64(v int64) *ir.Value { return arith.ConstantInt(u.b, u.k.loc, v, ir.I64) }
func (u upBody) float(v float64, t ir.Type) *ir.Value {
	return arith.ConstantFloat(u.b, u.k.loc, v, t.(ir.FloatType))
}
func (u upBody) bin(name string, x, y *ir.Value) *ir.Value {
	return arith.Binary(u.b, u.k.loc, name, x, y)
}
func (u upBody) cast(name string, x *ir.Value, t ir.Type) *ir.Value {
	return arith.Cast(u.b, u.k.loc, name, x, t)
}
func (u upBody) eq(x, y *ir.Value) *ir.Value { return arith.NewCmpI(u.b, u.k.loc, "eq", x, y) }
func (u upBody) sel(c, x, y *ir.Value) *ir.Value {
	return arith.NewSelect(u.b, u.k.loc, c, x, y)
}

// loopIndex is linalg.index dim as i64.
func (u upBody) loopIndex(dim int) *ir.Value {
	return u.cast(arith.IndexCast, linalg.NewIndex(u.b, u.k.loc, dim), ir.I64)
}

// nearestSource emits nearest_idx of the i64 output position o.
func (u upBody) nearestSource(a upAxis, o *ir.Value) *ir.Value {
	switch a.out {
	case a.in:
		return o
	case 2 * a.in:
		return u.bin(arith.ShRSI, o, u.i64(1))
	}
	p := u.bin(arith.MulF, u.cast(arith.SIToFP, o, ir.F32T), u.float(float64(a.nearestScale()), ir.F32T))
	return u.bin(arith.MinSI, u.cast(arith.FPToSI, p, ir.I64), u.i64(a.in-1))
}

// linearTaps emits compute_source_index_and_lambda of the i64 output
// position o: the positions i0, i1 (i64) and weights λ0, λ1 (opmath).
func (u upBody) linearTaps(a upAxis, o *ir.Value) (i0, i1, l0, l1 *ir.Value) {
	t := a.opmath
	if a.out == a.in {
		return o, o, u.float(1, t), u.float(0, t)
	}
	s := u.float(a.linearScale(), t)
	fo := u.cast(arith.SIToFP, o, t)
	var x *ir.Value
	if a.align {
		x = u.bin(arith.MulF, s, fo)
	} else {
		half := u.float(0.5, t)
		x = u.bin(arith.SubF, u.bin(arith.MulF, s, u.bin(arith.AddF, fo, half)), half)
		zero := u.float(0, t)
		x = u.sel(arith.NewCmpF(u.b, u.k.loc, "olt", x, zero), zero, x)
	}
	last := u.i64(a.in - 1)
	i0 = u.bin(arith.MinSI, u.cast(arith.FPToSI, x, ir.I64), last)
	i1 = u.bin(arith.MinSI, u.bin(arith.AddI, i0, u.i64(1)), last)
	l1 = u.bin(arith.SubF, x, u.cast(arith.SIToFP, i0, t))
	l1 = u.bin(arith.MinF, u.bin(arith.MaxF, l1, u.float(0, t)), u.float(1, t))
	l0 = u.bin(arith.SubF, u.float(1, t), l1)
	return i0, i1, l0, l1
}

// upTable is the taps of one dim: pos [dst, taps] i64 source positions
// (−1: no tap) and, for the linear modes, w [dst, taps] their weights in opmath.
type upTable struct {
	pos, w *ir.Value
	taps   int64
}

// tapTable emits a [dst, taps] table: one generic over (p, t) whose body
// returns the position and, with weights, the weight of tap t of
// destination p; body gets p and reads t as u.loopIndex(1).
func (k *npKernel) tapTable(dst, taps int64, weights ir.Type, body func(u upBody, p *ir.Value) (pos, w *ir.Value)) upTable {
	shape := []int64{dst, taps}
	outs := []*ir.Value{k.empty(shape, ir.I64)}
	if weights != nil {
		outs = append(outs, k.empty(shape, weights))
	}
	id := affine.Identity(2)
	maps := []affine.Map{id}
	types := []ir.Type{outs[0].Type()}
	if weights != nil {
		maps = append(maps, id)
		types = append(types, outs[1].Type())
	}
	gen := linalg.NewGeneric(k.b, k.loc, nil, outs, maps, repeat(linalg.Parallel, 2), types,
		func(b *ir.Builder, _ []*ir.Value) []*ir.Value {
			u := upBody{k, b}
			pos, w := body(u, u.loopIndex(0))
			if weights == nil {
				return []*ir.Value{pos}
			}
			return []*ir.Value{pos, w}
		})
	t := upTable{pos: gen.Result(0), taps: taps}
	if weights != nil {
		t.w = gen.Result(1)
	}
	return t
}

// forwardTable is the taps of every output position: the input position
// it reads (nearest), or the two it reads and their weights (linear).
func (k *npKernel) forwardTable(a upAxis) upTable {
	if a.mode == upNearest {
		return k.tapTable(a.out, 1, nil, func(u upBody, o *ir.Value) (*ir.Value, *ir.Value) {
			return u.nearestSource(a, o), nil
		})
	}
	return k.tapTable(a.out, 2, a.opmath, func(u upBody, o *ir.Value) (*ir.Value, *ir.Value) {
		i0, i1, l0, l1 := u.linearTaps(a, o)
		first := u.eq(u.loopIndex(1), u.i64(0))
		return u.sel(first, i0, i1), u.sel(first, l0, l1)
	})
}

// backwardTable is the taps of every input position: the window of
// outputs that may read it (upAxis.window), each kept with the weight it
// reads the input with, or −1 when it does not read it.
func (k *npKernel) backwardTable(a upAxis) upTable {
	win := a.window()
	var weights ir.Type
	if a.mode == upLinear {
		weights = a.opmath
	}
	return k.tapTable(a.in, win.k, weights, func(u upBody, i *ir.Value) (*ir.Value, *ir.Value) {
		start := u.bin(arith.DivSI, u.bin(arith.MulI, i, u.i64(win.p)), u.i64(win.q))
		if win.d != 0 {
			start = u.bin(arith.SubI, start, u.i64(win.d))
		}
		start = u.bin(arith.MinSI, u.bin(arith.MaxSI, start, u.i64(0)), u.i64(a.out-win.k))
		o := u.bin(arith.AddI, start, u.loopIndex(1))
		none := u.i64(-1)
		if a.mode == upNearest {
			return u.sel(u.eq(u.nearestSource(a, o), i), o, none), nil
		}
		i0, i1, l0, l1 := u.linearTaps(a, o)
		m0, m1 := u.eq(i0, i), u.eq(i1, i)
		zero := u.float(0, a.opmath)
		w := u.bin(arith.AddF, u.sel(m0, l0, zero), u.sel(m1, l1, zero))
		return u.sel(u.bin(arith.OrI, m0, m1), o, none), w
	})
}

// resample emits dst[n, c, ph, pw] = Σ_{th,tw} wH·wW·src[n, c, posH, posW]
// over the taps of the tables (one per spatial dim, 1 to 3), as one
// generic over (n, c, ph, pw, th, tw) in acc, converted to elem; the
// weights multiply in dim order, then the source. Masked tables (the
// backward's) skip taps at −1, which read position 0 instead of out of
// bounds. A single unweighted tap per dim (nearest forward) is a copy: a
// parallel generic in src's own dtype, which may be an integer or bool.
func (k *npKernel) resample(src *ir.Value, lead []int64, tables []upTable, dst []int64, acc, elem ir.Type, masked bool) *ir.Value {
	n := len(tables)
	shape := append(slices.Clone(lead), dst...)
	var l loopNest
	nc := l.addN(linalg.Parallel, 2)
	p := l.addN(linalg.Parallel, n)
	weighted := tables[0].w != nil
	copyOnly := !weighted && !masked
	for _, t := range tables {
		copyOnly = copyOnly && t.taps == 1
	}
	taps := make([]affine.Expr, n)
	for i := range taps {
		taps[i] = affine.Const(0)
		if !copyOnly {
			taps[i] = l.add(linalg.Reduction)
		}
	}
	var ins []*ir.Value
	var maps []affine.Map
	for i, t := range tables {
		ins = append(ins, t.pos)
		maps = append(maps, l.mapOf(one(p[i]), one(taps[i])))
	}
	if weighted {
		for i, t := range tables {
			ins = append(ins, t.w)
			maps = append(maps, maps[i])
		}
	}
	var init *ir.Value
	if copyOnly {
		init = k.empty(shape, elem)
	} else {
		init = k.filled(shape, acc, 0)
	}
	maps = append(maps, l.mapOf(nc, p))
	out := linalg.NewGeneric(k.b, k.loc, ins, []*ir.Value{init}, maps, l.iters, []ir.Type{init.Type()},
		func(b *ir.Builder, a []*ir.Value) []*ir.Value {
			u := upBody{k, b}
			pos := slices.Clone(a[:n])
			var valid *ir.Value
			if masked {
				zero := u.i64(0)
				for i := range pos {
					ok := arith.NewCmpI(b, k.loc, "sge", pos[i], zero)
					if valid == nil {
						valid = ok
					} else {
						valid = u.bin(arith.AndI, valid, ok)
					}
				}
				for i := range pos {
					pos[i] = u.bin(arith.MaxSI, pos[i], zero)
				}
			}
			coords := []*ir.Value{linalg.NewIndex(b, k.loc, 0), linalg.NewIndex(b, k.loc, 1)}
			for _, x := range pos {
				coords = append(coords, u.cast(arith.IndexCast, x, ir.Index))
			}
			v := b.Create(tensor.Extract, k.loc, append([]*ir.Value{src}, coords...), []ir.Type{tensorType(src).Elem}, nil, 0).Result(0)
			if copyOnly {
				return []*ir.Value{v}
			}
			v = k.convert(b, v, acc)
			if weighted {
				w := a[n]
				for _, x := range a[n+1 : 2*n] {
					w = u.bin(arith.MulF, w, x)
				}
				v = u.bin(arith.MulF, w, v)
			}
			if masked {
				v = u.sel(valid, v, k.scalar(b, 0, acc))
			}
			return []*ir.Value{u.bin(arith.AddF, a[len(a)-1], v)}
		}).Result(0)
	return k.convertTensor(out, elem)
}

// ---- the ops --------------------------------------------------------------

// upGeom is a checked upsampling: the leading [N, C], the spatial dims,
// and the builtin element type of the tensor operand.
type upGeom struct {
	lead []int64
	axes []upAxis
	elem ir.Type
}

func (g *upGeom) inShape() []int64 {
	s := slices.Clone(g.lead)
	for _, a := range g.axes {
		s = append(s, a.in)
	}
	return s
}

func (g *upGeom) outShape() []int64 {
	s := slices.Clone(g.lead)
	for _, a := range g.axes {
		s = append(s, a.out)
	}
	return s
}

// optFloat reads a `float?` argument: 0 for None.
func (r *npReader) optFloat(name string) (float64, error) {
	if r.isNone(name) {
		return 0, nil
	}
	return r.float(name)
}

// floatList reads a `float[]` argument: a torch.prim.ListConstruct of
// torch.constant.float (or .int) values.
func (r *npReader) floatList(name string) ([]float64, error) {
	d := r.value(name).DefiningOp()
	bad := r.errorf("expected '%s' to be a constant float list (torch.prim.ListConstruct of torch.constant.float), as the lowering needs it at compile time", name)
	if d == nil || d.Name != listConstructOp {
		return nil, bad
	}
	out := make([]float64, d.NumOperands())
	for i := range out {
		v, ok := npConstScalar(d.Operand(i))
		if !ok || v.kind == npScalarBool {
			return nil, bad
		}
		out[i] = v.f
	}
	return out, nil
}

// upSizes reads an int list of exactly one entry per spatial dim.
func (r *npReader) upSizes(name string, n int) ([]int64, error) {
	v, err := r.intList(name)
	if err != nil {
		return nil, err
	}
	if len(v) != n {
		return nil, r.errorf("expected '%s' to have %d entries (%s), got %d", name, n, strings.Join(upDimNames[n], ", "), len(v))
	}
	return v, nil
}

// upExtents names spatial extents as PyTorch's messages do: "H: 4, W: 5".
func upExtents(n int, v []int64) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = fmt.Sprintf("%s: %d", upDimNames[n][i], v[i])
	}
	return strings.Join(parts, ", ")
}

// readUpsample reads the operands of form with ATen's checks
// (upsample_{1,2,3}d_common_check, compute_output_size, and the
// backward's shape check): an [N, C, spatial...] tensor, exactly one of
// output_size and scale_factors in the .vec forms (the output extent is
// then int64(in·scale_factor), and the factor is also the scale), positive
// extents, and a grad_output of shape [N, C] ++ output_size.
func readUpsample(r *npReader, f upForm) (*upGeom, error) {
	name := "self"
	switch {
	case f.backward:
		name = "grad_output"
	case f.vec:
		name = "input"
	}
	var t torch.VTensorType
	var err error
	if f.mode == upNearest && !f.backward {
		t, err = r.tensor(name) // nearest copies any dtype (uint8 images)
	} else {
		t, err = r.floatTensor(name)
	}
	if err != nil {
		return nil, err
	}
	n := f.n
	dims := strings.Join(upDimNames[n], ", ")
	if len(t.Sizes) != n+2 {
		return nil, r.errorf("expected '%s' of rank %d ([N, C, %s]), got %s", name, n+2, dims, t)
	}
	bt, _ := t.ToBuiltinTensor()
	g := &upGeom{elem: bt.Elem}
	align := false
	if f.mode == upLinear {
		if align, err = r.bool("align_corners"); err != nil {
			return nil, err
		}
	}
	var in, out []int64
	scales := make([]float64, n)
	switch {
	case f.backward:
		isz, err := r.intList("input_size")
		if err != nil {
			return nil, err
		}
		if len(isz) != n+2 {
			return nil, r.errorf("expected 'input_size' to have %d entries (N, C, %s), got %d", n+2, dims, len(isz))
		}
		if out, err = r.upSizes("output_size", n); err != nil {
			return nil, err
		}
		g.lead, in = isz[:2], isz[2:]
		if want := append(slices.Clone(g.lead), out...); !slices.Equal(t.Sizes, want) {
			return nil, r.errorf("expected 'grad_output' of shape %s (input_size's N, C and output_size), got %s", npShapeString(want), t)
		}
	case f.vec:
		g.lead, in = t.Sizes[:2], t.Sizes[2:]
		hasSize, hasScale := !r.isNone("output_size"), !r.isNone("scale_factors")
		if hasSize == hasScale {
			return nil, r.errorf("must specify exactly one of 'output_size' and 'scale_factors'")
		}
		if hasSize {
			if out, err = r.upSizes("output_size", n); err != nil {
				return nil, err
			}
			break
		}
		sf, err := r.floatList("scale_factors")
		if err != nil {
			return nil, err
		}
		if len(sf) != n {
			return nil, r.errorf("expected 'scale_factors' to have %d entries (%s), got %d", n, dims, len(sf))
		}
		out = make([]int64, n)
		for i := range sf {
			out[i] = int64(float64(in[i]) * sf[i])
			scales[i] = sf[i]
		}
	default:
		g.lead, in = t.Sizes[:2], t.Sizes[2:]
		if out, err = r.upSizes("output_size", n); err != nil {
			return nil, err
		}
	}
	if !f.vec {
		for i, name := range upScaleNames[n] {
			if scales[i], err = r.optFloat(name); err != nil {
				return nil, err
			}
		}
	}
	for i := range n {
		if in[i] <= 0 || out[i] <= 0 {
			return nil, r.errorf("input and output sizes should be greater than 0, but got input (%s) output (%s)", upExtents(n, in), upExtents(n, out))
		}
		g.axes = append(g.axes, upAxis{in: in[i], out: out[i], scale: scales[i], align: align, mode: f.mode, opmath: accumulatorType(t.Dtype)})
	}
	return g, nil
}

// prepareUpsample lowers the ops of upForm: the forward as a
// resampling of the input over the forward tables, the backward as a
// resampling of grad_output over the backward tables (see the top of the
// file).
func prepareUpsample(op *ir.Operation, f upForm) (emitFunc, error) {
	r, err := newNPReader(op)
	if err != nil {
		return nil, err
	}
	g, err := readUpsample(r, f)
	if err != nil {
		return nil, err
	}
	shape := g.outShape()
	if f.backward {
		shape = g.inShape()
	}
	rt, err := r.result(0, shape, false)
	if err != nil {
		return nil, err
	}
	if !ir.TypeEqual(rt.Elem, g.elem) {
		return nil, r.errorf("result #0 has type '%s'; the dtype must be that of the input, %s", op.Result(0).Type(), g.elem)
	}
	// An integer factor on every dim resamples by phases, without gathers
	// (normpool_upsample_phases.go).
	runs := make([][]upRun, len(g.axes))
	phased := true
	for i, a := range g.axes {
		runs[i] = a.runs(f.backward)
		phased = phased && runs[i] != nil
	}
	return func(b *ir.Builder) ([]*ir.Value, error) {
		k := newNPKernel(b, op)
		acc := accumulatorType(rt.Elem)
		if phased {
			src, dst := op.Operand(0), g.outShape()[2:]
			if f.backward {
				dst = g.inShape()[2:]
			}
			if f.mode == upLinear || f.backward {
				src = k.convertTensor(src, acc)
			}
			return []*ir.Value{k.convertTensor(k.resamplePhases(src, runs, dst), rt.Elem)}, nil
		}
		var tables []upTable
		var dst []int64
		for _, a := range g.axes {
			if f.backward {
				tables = append(tables, k.backwardTable(a))
				dst = append(dst, a.in)
			} else {
				tables = append(tables, k.forwardTable(a))
				dst = append(dst, a.out)
			}
		}
		return []*ir.Value{k.resample(op.Operand(0), g.lead, tables, dst, acc, rt.Elem, f.backward)}, nil
	}, nil
}
