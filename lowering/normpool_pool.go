package lowering

import (
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

// The 1-, 2- and 3-D pooling ops. Inputs are [N, C, spatial...] or
// unbatched [C, spatial...] (PyTorch accepts both); the leading dims are
// carried through every generic as parallel loops. Window loops are
// reductions whose extent comes from a `tensor.empty` of the kernel's shape
// read by the map (kd, kh, kw), the way upstream's linalg.pooling_* ops and
// torch-mlir's pooling lowerings give the loop its bound. Every op is
// written once for any number of spatial dims; the table says how many
// each aten op has.

func populateNPPooling(m map[string]converter) {
	m[torch.AtenMaxPool1dWithIndices] = prepareMaxPool(1)
	m[torch.AtenMaxPool2dWithIndices] = prepareMaxPool(2)
	m[torch.AtenMaxPool3dWithIndices] = prepareMaxPool(3)
	m[torch.AtenMaxPool2dWithIndicesBackward] = prepareMaxPoolBackward(2)
	m[torch.AtenMaxPool3dWithIndicesBackward] = prepareMaxPoolBackward(3)
	m[torch.AtenAvgPool1d] = prepareAvgPool(1)
	m[torch.AtenAvgPool2d] = prepareAvgPool(2)
	m[torch.AtenAvgPool3d] = prepareAvgPool(3)
	m[torch.AtenAvgPool2dBackward] = prepareAvgPoolBackward(2)
	m[torch.AtenAvgPool3dBackward] = prepareAvgPoolBackward(3)
	m[torch.AtenAdaptiveAvgPool1d] = prepareAdaptiveAvgPool(1)
	m[torch.Aten_AdaptiveAvgPool2d] = prepareAdaptiveAvgPool(2)
	m[torch.Aten_AdaptiveAvgPool3d] = prepareAdaptiveAvgPool(3)
	m[torch.Aten_AdaptiveAvgPool2dBackward] = prepareAdaptiveAvgPoolBackward(2)
	m[torch.Aten_AdaptiveAvgPool3dBackward] = prepareAdaptiveAvgPoolBackward(3)
}

// poolGeom is the compile-time geometry of a pooling: per spatial dim the
// input extent h, kernel k, stride s, padding p, dilation d and output
// extent o.
type poolGeom struct {
	lead          []int64 // [N, C] or [C]
	h, k, s, p, d []int64
	o             []int64
	ceil          bool
	elem          ir.Type // the input dtype
}

// rank is the number of spatial dims.
func (g *poolGeom) rank() int { return len(g.h) }

func (g *poolGeom) outShape() []int64 { return append(append([]int64(nil), g.lead...), g.o...) }
func (g *poolGeom) inShape() []int64  { return append(append([]int64(nil), g.lead...), g.h...) }

// poolOutExtent is PyTorch's pooling_output_shape (Pool.h): floor((h + 2p
// − d(k−1) − 1 + (ceil ? s−1 : 0)) / s) + 1, less one when ceil mode would
// start the last window beyond the input and its left padding.
func poolOutExtent(h, k, p, s, d int64, ceil bool) int64 {
	num := h + 2*p - d*(k-1) - 1
	if ceil {
		num += s - 1
	}
	o := floorDiv(num, s) + 1
	if ceil && (o-1)*s >= h+p {
		o--
	}
	return o
}

// highPad is how far the last window reaches past the input's end: the
// padding the high side needs (ceil mode can need more than p).
func (g *poolGeom) highPad(i int) int64 {
	return max(0, (g.o[i]-1)*g.s[i]+g.d[i]*(g.k[i]-1)+1-g.h[i]-g.p[i])
}

// poolInput reads a pooling's input: a float tensor of rank n+1 or n+2
// ([C, spatial...] or [N, C, spatial...]) for n spatial dims.
func poolInput(r *npReader, input string, n int) (torch.VTensorType, error) {
	xt, err := r.floatTensor(input)
	if err != nil {
		return xt, err
	}
	if rank := len(xt.Sizes); rank != n+1 && rank != n+2 {
		spatial := []string{"L"}
		switch n {
		case 2:
			spatial = []string{"H", "W"}
		case 3:
			spatial = []string{"D", "H", "W"}
		}
		dims := strings.Join(spatial, ", ")
		return xt, r.errorf("expected '%s' of rank %d or %d ([C, %s] or [N, C, %s]), got %s", input, n+1, n+2, dims, dims, xt)
	}
	return xt, nil
}

// readPoolGeom reads the input of a pooling over n spatial dims and its
// constant parameters with PyTorch's checks (max_pool2d_with_indices,
// max_pool3d_with_indices, avg_pool2d and avg_pool3d in
// aten/src/ATen/native/DilatedMaxPool{2,3}d.cpp and AveragePool{2,3}d.cpp,
// and pool{2,3}d_shape_check in Pool.h; the 1-D ops run the 2-D kernels on
// an unsqueezed input): kernel_size has 1 or n entries; stride none
// (meaning kernel_size), 1 or n; padding and dilation 1 or n; k, s, d > 0,
// 0 ≤ p ≤ k/2; every output extent ≥ 1. An absent dilation is 1.
func readPoolGeom(r *npReader, input string, n int, dilation bool, ceilArg string) (*poolGeom, error) {
	xt, err := poolInput(r, input, n)
	if err != nil {
		return nil, err
	}
	rank := len(xt.Sizes)
	g := &poolGeom{lead: xt.Sizes[:rank-n], h: xt.Sizes[rank-n:], elem: xt.Dtype}
	param := func(name string, allowEmpty bool, def []int64) ([]int64, error) {
		var v []int64
		if name == "" {
			v = def
		} else if v, err = r.intList(name); err != nil {
			return nil, err
		}
		switch {
		case len(v) == 0 && allowEmpty:
			return append([]int64(nil), def...), nil
		case len(v) == 1:
			return slices.Repeat(v, n), nil
		case len(v) == n:
			return v, nil
		}
		if n == 1 {
			return nil, r.errorf("expected '%s' to have 1 entry, got %d", name, len(v))
		}
		return nil, r.errorf("expected '%s' to have 1 or %d entries, got %d", name, n, len(v))
	}
	if g.k, err = param("kernel_size", false, nil); err != nil {
		return nil, err
	}
	if g.s, err = param("stride", true, g.k); err != nil {
		return nil, err
	}
	if g.p, err = param("padding", false, nil); err != nil {
		return nil, err
	}
	dname := ""
	if dilation {
		dname = "dilation"
	}
	if g.d, err = param(dname, false, ones(n)); err != nil {
		return nil, err
	}
	if g.ceil, err = r.bool(ceilArg); err != nil {
		return nil, err
	}
	g.o = make([]int64, n)
	for i := range n {
		if g.k[i] <= 0 || g.s[i] <= 0 || g.d[i] <= 0 {
			return nil, r.errorf("kernel_size %s, stride %s and dilation %s must be positive", npShapeString(g.k), npShapeString(g.s), npShapeString(g.d))
		}
		if g.p[i] < 0 || g.p[i] > g.k[i]/2 {
			return nil, r.errorf("pad should be at most half of kernel size, but got padding %s and kernel_size %s", npShapeString(g.p), npShapeString(g.k))
		}
		g.o[i] = poolOutExtent(g.h[i], g.k[i], g.p[i], g.s[i], g.d[i], g.ceil)
		if g.o[i] < 1 {
			return nil, r.errorf("spatial dim %d: the output extent would be %d (input %d, kernel %d, stride %d, padding %d, dilation %d)",
				i, g.o[i], g.h[i], g.k[i], g.s[i], g.p[i], g.d[i])
		}
	}
	return g, nil
}

// window is the `tensor.empty` [kd, kh, kw] that gives the window loops
// their extent.
func (k *npKernel) window(g *poolGeom) *ir.Value { return k.empty(g.k, g.elem) }

// poolBody are the index helpers of a pooling body.
type poolBody struct {
	k *npKernel
	b *ir.Builder
}

func (pb poolBody) index(dim int) *ir.Value { return linalg.NewIndex(pb.b, pb.k.loc, dim) }
func (pb poolBody) c(v int64) *ir.Value     { return arith.ConstantIndex(pb.b, pb.k.loc, v) }

// affine returns a·x + c on index values, leaving out unit factors and
// zero terms.
func (pb poolBody) affine(x *ir.Value, a, c int64) *ir.Value {
	if a != 1 {
		x = arith.Binary(pb.b, pb.k.loc, arith.MulI, x, pb.c(a))
	}
	if c != 0 {
		x = arith.Binary(pb.b, pb.k.loc, arith.AddI, x, pb.c(c))
	}
	return x
}

func (pb poolBody) and(x, y *ir.Value) *ir.Value {
	if x == nil {
		return y
	}
	if y == nil {
		return x
	}
	return arith.Binary(pb.b, pb.k.loc, arith.AndI, x, y)
}
func (pb poolBody) cmpi(pred string, x, y *ir.Value) *ir.Value {
	return arith.NewCmpI(pb.b, pb.k.loc, pred, x, y)
}

// ---- max_pool{1,2,3}d_with_indices ----------------------------------------

// prepareMaxPool lowers, for n = 1, 2, 3 spatial dims,
//
//	max_pool2d_with_indices(Tensor self, int[2] kernel_size, int[2] stride=[],
//	    int[2] padding=0, int[2] dilation=1, bool ceil_mode=False) -> (Tensor, Tensor)
//
// and its 1-D and 3-D forms, with the semantics of PyTorch's CPU kernels
// (cpu_max_pool in aten/src/ATen/native/cpu/MaxPoolKernel.cpp, the 3-D
// kernel of DilatedMaxPool3d.cpp, the 1-D op running the 2-D kernel on an
// unsqueezed input): each output is the max of its window over the input
// positions ih = oh·s − p + kh·d inside the input (padding never wins: it
// is −∞ in the padded tensor and also excluded by an explicit bounds
// test), its index is the int64 (id·H + ih)·W + iw into the input's
// spatial dims; the first maximum in scan order wins, and a NaN wins over
// everything (the last NaN, as PyTorch's `val > max || isnan(val)` scan
// gives).
//
// It is three generics over the −∞-padded input read at (oh·s + kh·d,
// ow·s + kw·d): the window's max, each window's key of its first maximal
// tap, and the index from the key (see windowMax and the passes after it).
func prepareMaxPool(n int) converter {
	return func(op *ir.Operation) (emitFunc, error) { return prepareMaxPoolN(op, n) }
}

func prepareMaxPoolN(op *ir.Operation, n int) (emitFunc, error) {
	r, err := newNPReader(op)
	if err != nil {
		return nil, err
	}
	g, err := readPoolGeom(r, "self", n, true, "ceil_mode")
	if err != nil {
		return nil, err
	}
	vt, err := r.result(0, g.outShape(), true)
	if err != nil {
		return nil, err
	}
	it, err := r.result(1, g.outShape(), false)
	if err != nil {
		return nil, err
	}
	if !ir.TypeEqual(it.Elem, ir.I64) {
		return nil, r.errorf("result #1 (indices) has dtype %s, expected si64", op.Result(1).Type())
	}
	return func(b *ir.Builder) ([]*ir.Value, error) {
		k := newNPKernel(b, op)
		x := k.convertTensor(op.Operand(0), vt.Elem)
		high := make([]int64, n)
		for i := range high {
			high[i] = g.highPad(i)
		}
		nl := len(g.lead)
		low := append(make([]int64, nl), g.p...)
		if ir.NumElements(g.k) <= maxUnrolledTaps {
			shift := g.unrolledShift(paddedExtents(g, high))
			for i := range shift {
				low[nl+i] += shift[i]
			}
			xp := k.padWith(x, low, append(make([]int64, nl), high...), npNegInf)
			key := poolKeyType(g, ir.F32T)
			values, offsets := k.windowMaxUnrolled(g, xp, shift, vt.Elem, key)
			return []*ir.Value{values, k.windowIndexFromOffset(g, values, offsets, key)}, nil
		}
		xp := k.padWith(x, low, append(make([]int64, nl), high...), npNegInf)
		values := k.windowMax(g, xp, vt.Elem)
		keys := k.windowArgmaxKeys(g, xp, values)
		return []*ir.Value{values, k.windowArgmaxIndex(g, keys, values)}, nil
	}, nil
}

// The max pooling forward over windows of more than maxUnrolledTaps taps
// (normpool_pool_forward.go has the smaller ones) is three generics, each
// a body the CPU runs in lanes (one generic holding the value, the index
// and the window tests spent ~40 integer and float operations per window
// tap):
//
//  1. values: the max of each window of the −∞-padded input, NaN
//     propagating. Of equal maxima ±0 PyTorch keeps the first; maxf
//     keeps +0, which compares equal.
//  2. keys: per window tap t (its ordinal in scan order, of T taps), key t
//     where the tap equals the max, keyBig + T − 1 − t where the tap is
//     NaN, keyNone elsewhere; the min over the window is the first tap
//     equal to the max (or, for a NaN max, the last NaN: PyTorch's `val >
//     max || isnan(val)` scan). Keys are f32, exact for these integers.
//  3. indices: the key's tap as the flat input index (id·H + ih)·W + iw of
//     its position; where the max is −∞ (the window's valid elements are
//     all −∞), the window's first valid position, where PyTorch's scan
//     starts and no element displaces it. Padding is −∞ and never equals a
//     larger max, so no window test is needed.
const (
	keyBig  = 1 << 20
	keyNone = 1 << 21
)

// windowMax is pass 1: the max of each window of xp.
func (k *npKernel) windowMax(g *poolGeom, xp *ir.Value, elem ir.Type) *ir.Value {
	n, nl := g.rank(), len(g.lead)
	var l loopNest
	lead := l.addN(linalg.Parallel, nl)
	o := l.addN(linalg.Parallel, n)
	kk := l.addN(linalg.Reduction, n)
	init := k.filled(g.outShape(), elem, npNegInf)
	return linalg.NewGeneric(k.b, k.loc, []*ir.Value{xp, k.window(g)}, []*ir.Value{init},
		[]affine.Map{l.mapOf(lead, strided(o, kk, g.s, g.d)), l.mapOf(kk), l.mapOf(lead, o)}, l.iters, []ir.Type{init.Type()},
		func(b *ir.Builder, a []*ir.Value) []*ir.Value {
			// maxf, then NaN where either side is: MLIR 16 lowers maxf to
			// LLVM's NaN-dropping maxnum (reduction_minmax.go's extreme).
			m := arith.Binary(b, k.loc, arith.MaxF, a[2], a[0])
			nan := arith.NewCmpF(b, k.loc, "uno", a[2], a[0])
			return []*ir.Value{arith.NewSelect(b, k.loc, nan, k.scalar(b, math.NaN(), elem), m)}
		}).Result(0)
}

// windowArgmaxKeys is pass 2: the min over each window of the taps' keys.
// Two constant [k...] tables hold each tap's two keys.
func (k *npKernel) windowArgmaxKeys(g *poolGeom, xp, values *ir.Value) *ir.Value {
	n, nl := g.rank(), len(g.lead)
	taps := ir.NumElements(g.k)
	ord, rev := make([]float64, taps), make([]float64, taps)
	for t := range ord {
		ord[t], rev[t] = float64(t), float64(keyBig+taps-1-int64(t))
	}
	table := func(v []float64) *ir.Value {
		attr, _ := ir.NewDenseFloats(ir.Tensor(ir.F32T, g.k...), v)
		return arith.Constant(k.b, k.loc, attr)
	}
	var l loopNest
	lead := l.addN(linalg.Parallel, nl)
	o := l.addN(linalg.Parallel, n)
	kk := l.addN(linalg.Reduction, n)
	init := k.filled(g.outShape(), ir.F32T, keyNone)
	return linalg.NewGeneric(k.b, k.loc, []*ir.Value{xp, values, table(ord), table(rev)}, []*ir.Value{init},
		[]affine.Map{l.mapOf(lead, strided(o, kk, g.s, g.d)), l.mapOf(lead, o), l.mapOf(kk), l.mapOf(kk), l.mapOf(lead, o)},
		l.iters, []ir.Type{init.Type()}, func(b *ir.Builder, a []*ir.Value) []*ir.Value {
			x, v, t, bt, acc := a[0], a[1], a[2], a[3], a[4]
			nan := arith.NewSelect(b, k.loc, arith.NewCmpF(b, k.loc, "uno", x, x), bt, k.scalar(b, keyNone, ir.F32T))
			key := arith.NewSelect(b, k.loc, arith.NewCmpF(b, k.loc, "oeq", x, v), t, nan)
			return []*ir.Value{arith.Binary(b, k.loc, arith.MinF, acc, key)}
		}).Result(0)
}

// windowArgmaxIndex is pass 3: each window's flat input index from its
// key (see the passes above).
func (k *npKernel) windowArgmaxIndex(g *poolGeom, keys, values *ir.Value) *ir.Value {
	n, nl := g.rank(), len(g.lead)
	var l loopNest
	loops := l.addN(linalg.Parallel, nl+n)
	init := k.empty(g.outShape(), ir.I64)
	return linalg.NewGeneric(k.b, k.loc, []*ir.Value{keys, values}, []*ir.Value{init},
		[]affine.Map{l.mapOf(loops), l.mapOf(loops), l.mapOf(loops)}, l.iters, []ir.Type{init.Type()},
		func(b *ir.Builder, a []*ir.Value) []*ir.Value {
			pb := poolBody{k, b}
			key, v := a[0], a[1]
			loc := k.loc
			i64 := func(c int64) *ir.Value { return arith.ConstantInt(b, loc, c, ir.I64) }
			bin := func(name string, x, y *ir.Value) *ir.Value { return arith.Binary(b, loc, name, x, y) }
			last := float64(keyBig + ir.NumElements(g.k) - 1)
			nanKey := arith.NewCmpF(b, loc, "oge", key, k.scalar(b, keyBig, ir.F32T))
			tf := arith.NewSelect(b, loc, nanKey, arith.Binary(b, loc, arith.SubF, k.scalar(b, last, ir.F32T), key), key)
			t := arith.Cast(b, loc, arith.FPToSI, tf, ir.I64)
			allNegInf := arith.NewCmpF(b, loc, "oeq", v, k.scalar(b, npNegInf, tensorType(values).Elem))
			pos := make([]*ir.Value, n)
			for i := n - 1; i >= 0; i-- {
				ti := t
				if i > 0 {
					ti = bin(arith.RemSI, t, i64(g.k[i]))
					t = bin(arith.DivSI, t, i64(g.k[i]))
				}
				// The window's start oh·s − p, its tap start + t·d, and its
				// first valid position: start moved up by whole dilations
				// to ≥ 0.
				start := arith.Cast(b, loc, arith.IndexCast, pb.affine(pb.index(nl+i), g.s[i], -g.p[i]), ir.I64)
				step := ti
				if g.d[i] != 1 {
					step = bin(arith.MulI, ti, i64(g.d[i]))
				}
				tap := bin(arith.AddI, start, step)
				first := start
				switch {
				case g.p[i] > 0 && g.d[i] == 1:
					first = bin(arith.MaxSI, start, i64(0))
				case g.p[i] > 0:
					up := bin(arith.MulI, bin(arith.DivSI, bin(arith.SubI, i64(g.d[i]-1), start), i64(g.d[i])), i64(g.d[i]))
					first = arith.NewSelect(b, loc, arith.NewCmpI(b, loc, "slt", start, i64(0)), bin(arith.AddI, start, up), start)
				}
				pos[i] = arith.NewSelect(b, loc, allNegInf, first, tap)
			}
			flat := pos[0]
			for i := 1; i < n; i++ {
				flat = bin(arith.AddI, bin(arith.MulI, flat, i64(g.h[i])), pos[i])
			}
			return []*ir.Value{flat}
		}).Result(0)
}

// prepareMaxPoolBackward lowers, for n = 2, 3 spatial dims,
//
//	max_pool2d_with_indices_backward(Tensor grad_output, Tensor self,
//	    int[2] kernel_size, int[2] stride, int[2] padding, int[2] dilation,
//	    bool ceil_mode, Tensor indices) -> Tensor
//
// and its 3-D form (ATen has no 1-D one: max_pool1d's gradient is the
// 2-D op's on an unsqueezed input). PyTorch (cpu_max_pool_backward) adds
// each grad_output element into grad_input at the flat position its index
// names. Lowered as a gather over the input gradient, no scatter-add:
// grad_input[.., ih, iw] is the sum of grad_output[.., oh, ow] over the
// windows that contain (ih, iw) and whose index is ih·W + iw, taken by
// phases of the stride so that each position asks only the few windows
// that can hold it (normpool_pool_backward.go). Indices are assumed to
// come from max_pool2d_with_indices over the same geometry (each names a
// position of its own window), which is how every graph produces them.
// Accumulation is in f32 for f16/bf16.
func prepareMaxPoolBackward(n int) converter {
	return func(op *ir.Operation) (emitFunc, error) { return prepareMaxPoolBackwardN(op, n) }
}

func prepareMaxPoolBackwardN(op *ir.Operation, n int) (emitFunc, error) {
	r, err := newNPReader(op)
	if err != nil {
		return nil, err
	}
	g, err := readPoolGeom(r, "self", n, true, "ceil_mode")
	if err != nil {
		return nil, err
	}
	gt, err := r.floatTensor("grad_output")
	if err != nil {
		return nil, err
	}
	it, err := r.tensor("indices")
	if err != nil {
		return nil, err
	}
	if !slices.Equal(gt.Sizes, g.outShape()) || !slices.Equal(it.Sizes, g.outShape()) {
		return nil, r.errorf("expected 'grad_output' and 'indices' of the pooling's output shape %s, got %s and %s", npShapeString(g.outShape()), gt, it)
	}
	if !ir.TypeEqual(it.Dtype, torch.DtypeSI64) {
		return nil, r.errorf("expected 'indices' of dtype si64, got %s", it)
	}
	rt, err := r.result(0, g.inShape(), true)
	if err != nil {
		return nil, err
	}
	return func(b *ir.Builder) ([]*ir.Value, error) {
		k := newNPKernel(b, op)
		acc := accumulatorType(rt.Elem)
		return []*ir.Value{k.convertTensor(k.maxPoolBackwardPhases(g, op.Operand(0), r.value("indices"), acc), rt.Elem)}, nil
	}, nil
}

// tiledView is the input viewed as its windows when they tile it: shape
// [lead, O0, k0, O1, k1, ...] and the collapse_shape groups that make it
// [lead, H, W] again.
func (g *poolGeom) tiledView() (shape []int64, groups [][]int64) {
	return g.splitView(g.o, g.k)
}

// splitView is the input viewed with each spatial dim i split in two,
// [lead, outer0, inner0, outer1, inner1, ...], and the collapse_shape
// groups that merge the pairs again.
func (g *poolGeom) splitView(outer, inner []int64) (shape []int64, groups [][]int64) {
	nl := len(g.lead)
	shape = slices.Clone(g.lead)
	for i := 0; i < nl; i++ {
		groups = append(groups, []int64{int64(i)})
	}
	for i := range g.rank() {
		shape = append(shape, outer[i], inner[i])
		groups = append(groups, []int64{int64(nl + 2*i), int64(nl + 2*i + 1)})
	}
	return shape, groups
}

// ---- avg_pool{1,2,3}d -----------------------------------------------------

// avgDivisors returns, per spatial dim i and output position o, the factor
// PyTorch divides a window's sum by (cpu_avg_pool in
// aten/src/ATen/native/cpu/AvgPoolKernel.cpp, avg_pool3d_out_frame in
// AveragePool3d.cpp): with start = o·s − p and end = min(start + k, h + p),
// the window's extent end − start when count_include_pad, else its extent
// inside the input. The divisor of output (od, oh, ow) is the product of
// the factors (or divisor_override).
func (g *poolGeom) avgDivisors(countPad bool) [][]float64 {
	out := make([][]float64, g.rank())
	for i := range out {
		out[i] = make([]float64, g.o[i])
		for o := range out[i] {
			start := int64(o)*g.s[i] - g.p[i]
			end := min(start+g.k[i], g.h[i]+g.p[i])
			size := end - start
			if !countPad {
				size = min(end, g.h[i]) - max(start, 0)
			}
			out[i][o] = float64(size)
		}
	}
	return out
}

// divide divides v [lead, O0, O1, ...] (in the accumulator type) by the
// per-position factors f[0][o0], f[1][o1], ... and converts to elem: by
// their product (exact: small integers), or one after the other when
// twice (adaptive pooling's `sum / kd / kh / kw`). Uniform factors are
// scalar constants; others are read from constant vectors.
func (k *npKernel) divide(v *ir.Value, f [][]float64, twice bool, elem ir.Type) (*ir.Value, error) {
	t := tensorType(v)
	acc := t.Elem
	rank := t.Rank()
	n := len(f)
	uniform := true
	for _, fi := range f {
		uniform = uniform && npUniform(fi)
	}
	var l loopNest
	idx := l.addN(linalg.Parallel, rank)
	ins := []*ir.Value{v}
	maps := []affine.Map{l.mapOf(idx)}
	if !uniform {
		for i := range n {
			attr, err := ir.NewDenseFloats(ir.Tensor(acc, int64(len(f[i]))), f[i])
			if err != nil {
				return nil, err
			}
			ins = append(ins, arith.Constant(k.b, k.loc, attr))
			maps = append(maps, l.mapOf(one(idx[rank-n+i])))
		}
	}
	out := k.empty(t.Shape, elem)
	maps = append(maps, l.mapOf(idx))
	return linalg.NewGeneric(k.b, k.loc, ins, []*ir.Value{out}, maps, l.iters, []ir.Type{out.Type()},
		func(b *ir.Builder, a []*ir.Value) []*ir.Value {
			var factors []*ir.Value
			switch {
			case uniform && !twice:
				product := 1.0
				for i := range n {
					product *= f[i][0]
				}
				factors = []*ir.Value{k.scalar(b, product, acc)}
			case uniform:
				for i := range n {
					factors = append(factors, k.scalar(b, f[i][0], acc))
				}
			case twice:
				factors = a[1 : 1+n]
			default:
				p := a[1]
				for _, x := range a[2 : 1+n] {
					p = arith.Mul(b, k.loc, p, x)
				}
				factors = []*ir.Value{p}
			}
			y := a[0]
			for _, x := range factors {
				y = arith.Div(b, k.loc, y, x)
			}
			return []*ir.Value{k.convert(b, y, elem)}
		}).Result(0), nil
}

func npUniform(v []float64) bool {
	for _, x := range v {
		if x != v[0] {
			return false
		}
	}
	return true
}

// poolAvgArgs reads count_include_pad and divisor_override (avg_pool1d has
// none) and returns the divisor factors of each output position.
func poolAvgArgs(r *npReader, g *poolGeom) ([][]float64, error) {
	countPad, err := r.bool("count_include_pad")
	if err != nil {
		return nil, err
	}
	f := g.avgDivisors(countPad)
	if r.value("divisor_override") != nil && !r.isNone("divisor_override") {
		d, err := r.int("divisor_override")
		if err != nil {
			return f, err
		}
		if d == 0 {
			return f, r.errorf("divisor must be not zero")
		}
		f = make([][]float64, g.rank())
		f[0] = []float64{float64(d)}
		for i := 1; i < len(f); i++ {
			f[i] = []float64{1}
		}
		return f, nil
	}
	for i := range f {
		for _, x := range f[i] {
			if x <= 0 {
				return f, r.errorf("a pooling window lies entirely in the padding")
			}
		}
	}
	return f, nil
}

// windowSum sums src [lead, E0, E1, ...] over windows: out[.., o0, o1] =
// Σ_{kh, kw} src[.., o0·s0 + kh·d0 + shift0, o1·s1 + kw·d1 + shift1]
// (shift nil: zeros), zero-initialised in the accumulator type, adding
// the taps in scan order: one elementwise generic with a tap per operand
// where the window has at most maxUnrolledTaps taps and no tap reads a
// bare output dim of a longer extent (unrolledShift), else one generic
// with a reduction per spatial dim.
func (k *npKernel) windowSum(g *poolGeom, src *ir.Value, shift, outSpatial, kernel, s, d []int64, acc ir.Type) *ir.Value {
	nl := len(g.lead)
	n := len(kernel)
	if shift == nil {
		shift = make([]int64, n)
	}
	unroll := ir.NumElements(kernel) <= maxUnrolledTaps
	for i := range n {
		bare := s[i] == 1 && shift[i] == 0
		unroll = unroll && !(bare && tensorType(src).Shape[nl+i] != outSpatial[i])
	}
	outShape := append(append([]int64(nil), g.lead...), outSpatial...)
	var l loopNest
	lead := l.addN(linalg.Parallel, nl)
	o := l.addN(linalg.Parallel, n)
	if unroll {
		ins, maps := tapOperands(&l, lead, o, src, shift, kernel, s, d)
		init := k.empty(outShape, acc)
		return linalg.NewGeneric(k.b, k.loc, ins, []*ir.Value{init}, append(maps, l.mapOf(lead, o)), l.iters, []ir.Type{init.Type()},
			func(b *ir.Builder, a []*ir.Value) []*ir.Value {
				// From 0, as the reduction: 0 + −0 is +0.
				sum := k.scalar(b, 0, acc)
				for _, x := range a[:len(ins)] {
					sum = arith.Add(b, k.loc, sum, k.convert(b, x, acc))
				}
				return []*ir.Value{sum}
			}).Result(0)
	}
	kk := l.addN(linalg.Reduction, n)
	at := strided(o, kk, s, d)
	for i := range at {
		at[i] = affine.Add(at[i], affine.Const(shift[i]))
	}
	maps := []affine.Map{l.mapOf(lead, at), l.mapOf(kk), l.mapOf(lead, o)}
	init := k.filled(outShape, acc, 0)
	win := k.empty(kernel, tensorType(src).Elem)
	return linalg.NewGeneric(k.b, k.loc, []*ir.Value{src, win}, []*ir.Value{init}, maps, l.iters, []ir.Type{init.Type()},
		func(b *ir.Builder, a []*ir.Value) []*ir.Value {
			return []*ir.Value{arith.Add(b, k.loc, a[2], k.convert(b, a[0], acc))}
		}).Result(0)
}

// prepareAvgPool lowers, for n = 1, 2, 3 spatial dims,
//
//	avg_pool2d(Tensor self, int[2] kernel_size, int[2] stride=[], int[2] padding=0,
//	    bool ceil_mode=False, bool count_include_pad=True, int? divisor_override=None) -> Tensor
//
// and its 1-D (no divisor_override) and 3-D forms as PyTorch's
// cpu_avg_pool: each output is the sum of its window over the zero-padded
// input (the window generic), divided by divisor_override, or by the
// window's size counting padding (count_include_pad) or not; the part of a
// ceil-mode window beyond the padding never counts. The divisor is
// separable, (factor of oh)·(factor of ow), so it is a scalar constant or
// the product of constant vectors. f16/bf16 sum in f32.
func prepareAvgPool(n int) converter {
	return func(op *ir.Operation) (emitFunc, error) { return prepareAvgPoolN(op, n) }
}

func prepareAvgPoolN(op *ir.Operation, n int) (emitFunc, error) {
	r, err := newNPReader(op)
	if err != nil {
		return nil, err
	}
	g, err := readPoolGeom(r, "self", n, false, "ceil_mode")
	if err != nil {
		return nil, err
	}
	f, err := poolAvgArgs(r, g)
	if err != nil {
		return nil, err
	}
	rt, err := r.result(0, g.outShape(), true)
	if err != nil {
		return nil, err
	}
	return func(b *ir.Builder) ([]*ir.Value, error) {
		k := newNPKernel(b, op)
		acc := accumulatorType(g.elem)
		nl := len(g.lead)
		low := append(make([]int64, nl), g.p...)
		high := make([]int64, nl+n)
		for i := range n {
			high[nl+i] = g.highPad(i)
		}
		shift := g.unrolledShift(paddedExtents(g, high[nl:]))
		for i := range shift {
			low[nl+i] += shift[i]
		}
		xp := k.padWith(op.Operand(0), low, high, 0)
		sum := k.windowSum(g, xp, shift, g.o, g.k, g.s, g.d, acc)
		out, err := k.divide(sum, npExpand(f, g.o), false, rt.Elem)
		return []*ir.Value{out}, err
	}, nil
}

// npExpand widens a divisor_override's one-entry factors to every output
// position.
func npExpand(f [][]float64, o []int64) [][]float64 {
	for i := range f {
		if len(f[i]) == 1 && o[i] != 1 {
			v := make([]float64, o[i])
			for j := range v {
				v[j] = f[i][0]
			}
			f[i] = v
		}
	}
	return f
}

// prepareAvgPoolBackward lowers, for n = 2, 3 spatial dims,
//
//	avg_pool2d_backward(Tensor grad_output, Tensor self, int[2] kernel_size,
//	    int[2] stride, int[2] padding, bool ceil_mode, bool count_include_pad,
//	    int? divisor_override) -> Tensor
//
// and its 3-D form (avg_pool1d's gradient is the 2-D op's). PyTorch
// (cpu_avg_pool_backward) adds grad_output / divisor to every input
// position of the window, window by window. Lowered as a gather:
// grad_output is divided by the forward's divisors, and each input
// position sums those of the windows that contain it, in increasing
// window order as PyTorch adds them, asking only the few candidate
// windows of its phase of the stride (normpool_pool_backward.go: 2x2
// for a 3x3 stride-2 pool, 1 for AvgPool2d(2)).
func prepareAvgPoolBackward(n int) converter {
	return func(op *ir.Operation) (emitFunc, error) { return prepareAvgPoolBackwardN(op, n) }
}

func prepareAvgPoolBackwardN(op *ir.Operation, n int) (emitFunc, error) {
	r, err := newNPReader(op)
	if err != nil {
		return nil, err
	}
	g, err := readPoolGeom(r, "self", n, false, "ceil_mode")
	if err != nil {
		return nil, err
	}
	gt, err := r.floatTensor("grad_output")
	if err != nil {
		return nil, err
	}
	if !slices.Equal(gt.Sizes, g.outShape()) {
		return nil, r.errorf("expected 'grad_output' of the pooling's output shape %s, got %s", npShapeString(g.outShape()), gt)
	}
	f, err := poolAvgArgs(r, g)
	if err != nil {
		return nil, err
	}
	rt, err := r.result(0, g.inShape(), true)
	if err != nil {
		return nil, err
	}
	return func(b *ir.Builder) ([]*ir.Value, error) {
		k := newNPKernel(b, op)
		acc := accumulatorType(rt.Elem)
		scaled, err := k.divide(k.convertTensor(op.Operand(0), acc), npExpand(f, g.o), false, acc)
		if err != nil {
			return nil, err
		}
		// Each input position sums the scaled gradients of the windows
		// that hold it, in increasing o, by phases of the stride
		// (normpool_pool_backward.go): every candidate window that holds
		// a tap of the phase counts.
		dims := g.phaseDims()
		gradPad := k.padPhases(g, dims, scaled, 0)
		var table *ir.Value
		if !allHold(dims) {
			table = k.phaseTable(g, dims, acc, func([]int64) float64 { return 1 }, 0)
		}
		sum := k.gatherPhases(g, dims, nil, table, gradPad, acc)
		return []*ir.Value{k.convertTensor(sum, rt.Elem)}, nil
	}, nil
}

// ---- _adaptive_avg_pool{1,2,3}d -------------------------------------------

// poolAdaptiveWindows returns PyTorch's adaptive window of each output
// position (start_index/end_index in AdaptivePooling.h):
// [floor(o·h/O), ceil((o+1)·h/O)).
func poolAdaptiveWindows(h, o int64) (start, size []float64) {
	for i := int64(0); i < o; i++ {
		s := i * h / o
		e := ((i+1)*h + o - 1) / o
		start = append(start, float64(s))
		size = append(size, float64(e-s))
	}
	return start, size
}

// readAdaptivePool reads the input [lead, spatial...] and the output
// extents o (one per spatial dim).
func readAdaptivePool(r *npReader, input string, o []int64) (*poolGeom, error) {
	n := len(o)
	xt, err := poolInput(r, input, n)
	if err != nil {
		return nil, err
	}
	rank := len(xt.Sizes)
	g := &poolGeom{lead: xt.Sizes[:rank-n], h: xt.Sizes[rank-n:], o: o, elem: xt.Dtype}
	for i := range n {
		if o[i] < 1 || g.h[i] < 1 {
			return nil, r.errorf("expected a non-empty input and output_size, got input %s and output_size %s", xt, npShapeString(o))
		}
	}
	// A uniform split is an ordinary pooling with kernel = stride = H/O.
	g.k, g.s, g.d, g.p = make([]int64, n), make([]int64, n), ones(n), make([]int64, n)
	for i := range n {
		if g.h[i]%o[i] == 0 {
			g.k[i], g.s[i] = g.h[i]/o[i], g.h[i]/o[i]
		}
	}
	return g, nil
}

func (g *poolGeom) uniformAdaptive() bool { return !slices.Contains(g.k, 0) }

func (g *poolGeom) adaptiveSizes() [][]float64 {
	out := make([][]float64, g.rank())
	for i := range out {
		_, out[i] = poolAdaptiveWindows(g.h[i], g.o[i])
	}
	return out
}

// inAdaptive is the body test that input position x lies in the adaptive
// window of output position o: floor(o·h/O) ≤ x < ceil((o+1)·h/O), in
// non-negative index arithmetic (divsi rounds down there).
func (pb poolBody) inAdaptive(x, o *ir.Value, h, out int64) *ir.Value {
	start := arith.Binary(pb.b, pb.k.loc, arith.DivSI, pb.affine(o, h, 0), pb.c(out))
	end := arith.Binary(pb.b, pb.k.loc, arith.DivSI, pb.affine(o, h, h+out-1), pb.c(out))
	return pb.and(pb.cmpi("sge", x, start), pb.cmpi("slt", x, end))
}

// prepareAdaptiveAvgPool lowers, for n = 1, 2, 3 spatial dims,
//
//	_adaptive_avg_pool2d(Tensor self, SymInt[2] output_size) -> Tensor
//
// and adaptive_avg_pool1d and _adaptive_avg_pool3d as PyTorch's
// cpu_adaptive_avg_pool (adaptive_avg_pool1d runs it on an unsqueezed
// input; the 3-D kernel is AdaptiveAveragePooling3d.cpp's): output (oh,
// ow) averages the window [floor(oh·H/OH), ceil((oh+1)·H/OH)) × (the same
// for W), as `sum / kh / kw`. When every output extent divides its input
// extent the windows are a plain pooling with kernel = stride = H/OH
// (global average pooling among them); other sizes sum over the whole
// plane with a window-membership test in the body.
func prepareAdaptiveAvgPool(n int) converter {
	return func(op *ir.Operation) (emitFunc, error) { return prepareAdaptiveAvgPoolN(op, n) }
}

func prepareAdaptiveAvgPoolN(op *ir.Operation, n int) (emitFunc, error) {
	r, err := newNPReader(op)
	if err != nil {
		return nil, err
	}
	o, err := r.intList("output_size")
	if err != nil {
		return nil, err
	}
	if len(o) != n {
		return nil, r.errorf("expected 'output_size' to have %d entries, got %d", n, len(o))
	}
	g, err := readAdaptivePool(r, "self", o)
	if err != nil {
		return nil, err
	}
	rt, err := r.result(0, g.outShape(), true)
	if err != nil {
		return nil, err
	}
	return func(b *ir.Builder) ([]*ir.Value, error) {
		k := newNPKernel(b, op)
		acc := accumulatorType(g.elem)
		x := op.Operand(0)
		var sum *ir.Value
		if g.uniformAdaptive() {
			sum = k.windowSum(g, x, nil, g.o, g.k, g.s, g.d, acc)
		} else {
			nl := len(g.lead)
			var l loopNest
			lead := l.addN(linalg.Parallel, nl)
			oo := l.addN(linalg.Parallel, n)
			hw := l.addN(linalg.Reduction, n)
			init := k.filled(g.outShape(), acc, 0)
			sum = linalg.NewGeneric(b, op.Loc, []*ir.Value{x}, []*ir.Value{init},
				[]affine.Map{l.mapOf(lead, hw), l.mapOf(lead, oo)}, l.iters, []ir.Type{init.Type()},
				func(b *ir.Builder, a []*ir.Value) []*ir.Value {
					pb := poolBody{k, b}
					var in *ir.Value
					for i := range n {
						in = pb.and(in, pb.inAdaptive(pb.index(nl+n+i), pb.index(nl+i), g.h[i], g.o[i]))
					}
					v := arith.NewSelect(b, op.Loc, in, k.convert(b, a[0], acc), k.scalar(b, 0, acc))
					return []*ir.Value{arith.Add(b, op.Loc, a[1], v)}
				}).Result(0)
		}
		out, err := k.divide(sum, g.adaptiveSizes(), true, rt.Elem)
		return []*ir.Value{out}, err
	}, nil
}

// prepareAdaptiveAvgPoolBackward lowers, for n = 2, 3 spatial dims,
//
//	_adaptive_avg_pool2d_backward(Tensor grad_output, Tensor self) -> Tensor
//
// and _adaptive_avg_pool3d_backward as PyTorch's
// cpu_adaptive_avg_pool_backward: every input position of output (oh,
// ow)'s window receives grad_output / kh / kw. With a uniform split each
// input position lies in exactly one window, so the result is a broadcast
// of the scaled gradient into [.., OH, kh, OW, kw] collapsed to [.., H,
// W]; otherwise each input position sums the scaled gradient of the
// windows whose membership test holds.
func prepareAdaptiveAvgPoolBackward(n int) converter {
	return func(op *ir.Operation) (emitFunc, error) { return prepareAdaptiveAvgPoolBackwardN(op, n) }
}

func prepareAdaptiveAvgPoolBackwardN(op *ir.Operation, n int) (emitFunc, error) {
	r, err := newNPReader(op)
	if err != nil {
		return nil, err
	}
	gt, err := r.floatTensor("grad_output")
	if err != nil {
		return nil, err
	}
	xt, err := r.floatTensor("self")
	if err != nil {
		return nil, err
	}
	if len(gt.Sizes) != len(xt.Sizes) || len(gt.Sizes) < n {
		return nil, r.errorf("expected 'grad_output' %s of the rank of 'self' %s", gt, xt)
	}
	rank := len(gt.Sizes)
	g, err := readAdaptivePool(r, "self", gt.Sizes[rank-n:])
	if err != nil {
		return nil, err
	}
	if !slices.Equal(gt.Sizes[:rank-n], g.lead) {
		return nil, r.errorf("'grad_output' %s and 'self' %s differ in their leading dims", gt, xt)
	}
	rt, err := r.result(0, g.inShape(), true)
	if err != nil {
		return nil, err
	}
	return func(b *ir.Builder) ([]*ir.Value, error) {
		k := newNPKernel(b, op)
		acc := accumulatorType(rt.Elem)
		nl := len(g.lead)
		scaled, err := k.divide(k.convertTensor(op.Operand(0), acc), g.adaptiveSizes(), true, acc)
		if err != nil {
			return nil, err
		}
		if g.uniformAdaptive() {
			var l loopNest
			lead := l.addN(linalg.Parallel, nl)
			var outer, both []affine.Expr
			for range n {
				o, in := l.add(linalg.Parallel), l.add(linalg.Parallel)
				outer = append(outer, o)
				both = append(both, o, in)
			}
			shape, groups := g.tiledView()
			out := k.empty(shape, rt.Elem)
			spread := linalg.NewGeneric(b, op.Loc, []*ir.Value{scaled}, []*ir.Value{out},
				[]affine.Map{l.mapOf(lead, outer), l.mapOf(lead, both)},
				l.iters, []ir.Type{out.Type()}, func(b *ir.Builder, a []*ir.Value) []*ir.Value {
					return []*ir.Value{k.convert(b, a[0], rt.Elem)}
				}).Result(0)
			return []*ir.Value{tensor.NewCollapseShape(b, op.Loc, rt, spread, groups)}, nil
		}
		var l loopNest
		lead := l.addN(linalg.Parallel, nl)
		hw := l.addN(linalg.Parallel, n)
		oo := l.addN(linalg.Reduction, n)
		init := k.filled(g.inShape(), acc, 0)
		sum := linalg.NewGeneric(b, op.Loc, []*ir.Value{scaled}, []*ir.Value{init},
			[]affine.Map{l.mapOf(lead, oo), l.mapOf(lead, hw)}, l.iters, []ir.Type{init.Type()},
			func(b *ir.Builder, a []*ir.Value) []*ir.Value {
				pb := poolBody{k, b}
				var in *ir.Value
				for i := range n {
					in = pb.and(in, pb.inAdaptive(pb.index(nl+i), pb.index(nl+n+i), g.h[i], g.o[i]))
				}
				v := arith.NewSelect(b, op.Loc, in, a[0], k.scalar(b, 0, acc))
				return []*ir.Value{arith.Add(b, op.Loc, a[1], v)}
			}).Result(0)
		return []*ir.Value{k.convertTensor(sum, rt.Elem)}, nil
	}, nil
}
