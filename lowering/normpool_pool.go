package lowering

import (
	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/dialect/tensor"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
	"github.com/torchlower/torchlower/torch"
	"slices"
)

// The 2-D pooling ops. Inputs are [N, C, H, W] or unbatched [C, H, W]
// (PyTorch accepts both); the leading dims are carried through every
// generic as parallel loops. Window loops are reductions whose extent comes
// from a `tensor.empty` of the kernel's shape read by the map (kh, kw), the
// way upstream's linalg.pooling_* ops and torch-mlir's pooling lowerings
// give the loop its bound.

func populateNPPooling(m map[string]converter) {
	m[torch.AtenMaxPool2dWithIndices] = prepareMaxPool2d
	m[torch.AtenMaxPool2dWithIndicesBackward] = prepareMaxPool2dBackward
	m[torch.AtenAvgPool2d] = prepareAvgPool2d
	m[torch.AtenAvgPool2dBackward] = prepareAvgPool2dBackward
	m[torch.Aten_AdaptiveAvgPool2d] = prepareAdaptiveAvgPool2d
	m[torch.Aten_AdaptiveAvgPool2dBackward] = prepareAdaptiveAvgPool2dBackward
}

// poolGeom is the compile-time geometry of a 2-D pooling: per spatial dim
// the input extent h, kernel k, stride s, padding p, dilation d and output
// extent o.
type poolGeom struct {
	lead          []int64 // [N, C] or [C]
	h, k, s, p, d []int64
	o             []int64
	ceil          bool
	elem          ir.Type // the input dtype
}

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

// readPoolGeom reads a 2-D pooling's input and its constant parameters
// with PyTorch's checks (max_pool2d_with_indices and avg_pool2d in
// aten/src/ATen/native/DilatedMaxPool2d.cpp and AveragePool2d.cpp, and
// pool2d_shape_check in Pool.h): kernel_size has 1 or 2 entries; stride
// 0 (meaning kernel_size), 1 or 2; padding and dilation 1 or 2; k, s, d
// > 0, 0 ≤ p ≤ k/2; every output extent ≥ 1. An absent dilation is 1.
func readPoolGeom(r *npReader, input string, dilation bool, ceilArg string) (*poolGeom, error) {
	xt, err := r.floatTensor(input)
	if err != nil {
		return nil, err
	}
	rank := len(xt.Sizes)
	if rank != 3 && rank != 4 {
		return nil, r.errorf("expected '%s' of rank 3 or 4 ([C, H, W] or [N, C, H, W]), got %s", input, xt)
	}
	g := &poolGeom{lead: xt.Sizes[:rank-2], h: xt.Sizes[rank-2:], elem: xt.Dtype}
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
			return []int64{v[0], v[0]}, nil
		case len(v) == 2:
			return v, nil
		}
		return nil, r.errorf("expected '%s' to have 1 or 2 entries, got %d", name, len(v))
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
	if g.d, err = param(dname, false, []int64{1, 1}); err != nil {
		return nil, err
	}
	if g.ceil, err = r.bool(ceilArg); err != nil {
		return nil, err
	}
	g.o = make([]int64, 2)
	for i := 0; i < 2; i++ {
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

// window is the `tensor.empty` [kh, kw] that gives the window loops their
// extent.
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

func (pb poolBody) add(x, y *ir.Value) *ir.Value {
	return arith.Binary(pb.b, pb.k.loc, arith.AddI, x, y)
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
func (pb poolBody) or(x, y *ir.Value) *ir.Value { return arith.Binary(pb.b, pb.k.loc, arith.OrI, x, y) }
func (pb poolBody) cmpi(pred string, x, y *ir.Value) *ir.Value {
	return arith.NewCmpI(pb.b, pb.k.loc, pred, x, y)
}
func (pb poolBody) cmpf(pred string, x, y *ir.Value) *ir.Value {
	return arith.NewCmpF(pb.b, pb.k.loc, pred, x, y)
}

// flat is the int64 index ih·W + iw into the input's H·W plane, the
// indices max pooling returns.
func (pb poolBody) flat(ih, iw *ir.Value, w int64) *ir.Value {
	lin := pb.add(pb.affine(ih, w, 0), iw)
	return arith.Cast(pb.b, pb.k.loc, arith.IndexCast, lin, ir.I64)
}

// ---- max_pool2d_with_indices ----------------------------------------------

// prepareMaxPool2d lowers
//
//	max_pool2d_with_indices(Tensor self, int[2] kernel_size, int[2] stride=[],
//	    int[2] padding=0, int[2] dilation=1, bool ceil_mode=False) -> (Tensor, Tensor)
//
// with the semantics of PyTorch's CPU kernel (cpu_max_pool in
// aten/src/ATen/native/cpu/MaxPoolKernel.cpp): each output is the max of
// its window over the input positions ih = oh·s − p + kh·d inside the
// input (padding never wins: it is −∞ in the padded tensor and also
// excluded by an explicit bounds test), its index is the int64 ih·W + iw
// into the input's H·W plane; the first maximum in scan order wins, and a
// NaN wins over everything (the last NaN, as PyTorch's `val > max ||
// isnan(val)` scan gives).
//
// It is one linalg.generic with two results (value, index), reading the
// −∞-padded input at (oh·s + kh·d, ow·s + kw·d). The body is the
// commutative form of that scan: take (x, i) over (acc, j) when j = −1 (no
// element yet), x > acc, x = acc with i < j, or x is NaN and acc is not or
// i > j; so the result does not depend on the order the window loops run
// in.
func prepareMaxPool2d(op *ir.Operation) (emitFunc, error) {
	r, err := newNPReader(op)
	if err != nil {
		return nil, err
	}
	g, err := readPoolGeom(r, "self", true, "ceil_mode")
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
		high := []int64{g.highPad(0), g.highPad(1)}
		nl := len(g.lead)
		low := append(make([]int64, nl), g.p...)
		xp := k.padWith(x, low, append(make([]int64, nl), high...), npNegInf)
		var l loopNest
		lead := l.addN(linalg.Parallel, nl)
		o := l.addN(linalg.Parallel, 2)
		kk := l.addN(linalg.Reduction, 2)
		maps := []affine.Map{
			l.mapOf(lead, strided(o, kk, g.s, g.d)),
			l.mapOf(kk),
			l.mapOf(lead, o),
			l.mapOf(lead, o),
		}
		initV := k.filled(g.outShape(), vt.Elem, npNegInf)
		initI := k.filled(g.outShape(), ir.I64, -1)
		gen := linalg.NewGeneric(b, op.Loc, []*ir.Value{xp, k.window(g)}, []*ir.Value{initV, initI}, maps, l.iters,
			[]ir.Type{initV.Type(), initI.Type()},
			func(b *ir.Builder, a []*ir.Value) []*ir.Value {
				pb := poolBody{k, b}
				x, acc, j := a[0], a[2], a[3]
				var pos [2]*ir.Value
				var valid *ir.Value
				for i := 0; i < 2; i++ {
					// ih = oh·s + kh·d − p
					pos[i] = pb.add(pb.affine(pb.index(nl+i), g.s[i], -g.p[i]), pb.affine(pb.index(nl+2+i), g.d[i], 0))
					if g.p[i] > 0 {
						valid = pb.and(valid, pb.cmpi("sge", pos[i], pb.c(0)))
					}
					if high[i] > 0 {
						valid = pb.and(valid, pb.cmpi("slt", pos[i], pb.c(g.h[i])))
					}
				}
				idx := pb.flat(pos[0], pos[1], g.h[1])
				none := pb.cmpi("eq", j, arith.ConstantInt(b, op.Loc, -1, ir.I64))
				xNaN := pb.cmpf("uno", x, x)
				accNaN := pb.cmpf("uno", acc, acc)
				notAccNaN := arith.Binary(b, op.Loc, arith.XOrI, accNaN, arith.ConstantBool(b, op.Loc, true))
				greater := pb.cmpf("ogt", x, acc)
				tieFirst := pb.and(pb.cmpf("oeq", x, acc), pb.cmpi("slt", idx, j))
				nanLast := pb.and(xNaN, pb.or(notAccNaN, pb.cmpi("sgt", idx, j)))
				take := pb.or(pb.or(none, greater), pb.or(tieFirst, nanLast))
				take = pb.and(valid, take)
				return []*ir.Value{
					arith.NewSelect(b, op.Loc, take, x, acc),
					arith.NewSelect(b, op.Loc, take, idx, j),
				}
			})
		return []*ir.Value{gen.Result(0), gen.Result(1)}, nil
	}, nil
}

// prepareMaxPool2dBackward lowers
//
//	max_pool2d_with_indices_backward(Tensor grad_output, Tensor self,
//	    int[2] kernel_size, int[2] stride, int[2] padding, int[2] dilation,
//	    bool ceil_mode, Tensor indices) -> Tensor
//
// PyTorch (cpu_max_pool_backward) adds each grad_output element into
// grad_input at the flat position its index names. Lowered as a gather
// over the input gradient, no scatter-add: grad_input[.., ih, iw] is the
// sum of grad_output[.., oh, ow] over the windows that contain (ih, iw)
// and whose index is ih·W + iw. Like the data gradient of a convolution
// (conv-backward.md), grad_output and indices are spread with stride s into
// tensors of extent H + d(k−1) at offset d(k−1) − p (indices filled with
// −1, which matches no position), so that window tap kh of output oh lands
// at ih + d·(k−1−kh); one generic over (.., ih, iw) with reductions over
// (kh, kw) then reads both at (ih + d·kh, iw + d·kw) and adds the gradient
// where the index equals ih·W + iw. Indices are assumed to come from
// max_pool2d_with_indices over the same geometry (each names a position of
// its own window), which is how every graph produces them. Accumulation is
// in f32 for f16/bf16.
func prepareMaxPool2dBackward(op *ir.Operation) (emitFunc, error) {
	r, err := newNPReader(op)
	if err != nil {
		return nil, err
	}
	g, err := readPoolGeom(r, "self", true, "ceil_mode")
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
		ext := make([]int64, 2)
		off := make([]int64, 2)
		for i := range ext {
			ext[i] = g.h[i] + g.d[i]*(g.k[i]-1)
			off[i] = g.d[i]*(g.k[i]-1) - g.p[i]
		}
		zg := k.scatterFill(op.Operand(0), 0, ext, off, g.s)
		zi := k.scatterFill(r.value("indices"), -1, ext, off, g.s)
		nl := len(g.lead)
		var l loopNest
		lead := l.addN(linalg.Parallel, nl)
		hw := l.addN(linalg.Parallel, 2)
		kk := l.addN(linalg.Reduction, 2)
		src := l.mapOf(lead, strided(hw, kk, ones(2), g.d))
		maps := []affine.Map{src, src, l.mapOf(kk), l.mapOf(lead, hw)}
		init := k.filled(g.inShape(), acc, 0)
		sum := linalg.NewGeneric(b, op.Loc, []*ir.Value{zg, zi, k.window(g)}, []*ir.Value{init}, maps, l.iters,
			[]ir.Type{init.Type()}, func(b *ir.Builder, a []*ir.Value) []*ir.Value {
				pb := poolBody{k, b}
				here := pb.flat(pb.index(nl), pb.index(nl+1), g.h[1])
				grad := arith.NewSelect(b, op.Loc, pb.cmpi("eq", a[1], here), k.convert(b, a[0], acc), k.scalar(b, 0, acc))
				return []*ir.Value{arith.Add(b, op.Loc, a[3], grad)}
			}).Result(0)
		return []*ir.Value{k.convertTensor(sum, rt.Elem)}, nil
	}, nil
}

// ---- avg_pool2d -----------------------------------------------------------

// avgDivisors returns, per spatial dim i and output position o, the factor
// PyTorch divides a window's sum by (cpu_avg_pool in
// aten/src/ATen/native/cpu/AvgPoolKernel.cpp): with start = o·s − p and
// end = min(start + k, h + p), the window's extent end − start when
// count_include_pad, else its extent inside the input. The divisor of
// output (oh, ow) is the product of the two factors (or divisor_override).
func (g *poolGeom) avgDivisors(countPad bool) [2][]float64 {
	var out [2][]float64
	for i := 0; i < 2; i++ {
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

// divide divides v [lead, O0, O1] (in the accumulator type) by the
// per-position factors f[0][oh] and f[1][ow] and converts to elem: by
// their product, or one after the other when twice (adaptive pooling's
// `sum / kh / kw`). Uniform factors are scalar constants; others are read
// from two constant vectors.
func (k *npKernel) divide(v *ir.Value, f [2][]float64, twice bool, elem ir.Type) (*ir.Value, error) {
	t := tensorType(v)
	acc := t.Elem
	rank := t.Rank()
	uniform := npUniform(f[0]) && npUniform(f[1])
	var l loopNest
	idx := l.addN(linalg.Parallel, rank)
	ins := []*ir.Value{v}
	maps := []affine.Map{l.mapOf(idx)}
	if !uniform {
		for i := 0; i < 2; i++ {
			attr, err := ir.NewDenseFloats(ir.Tensor(acc, int64(len(f[i]))), f[i])
			if err != nil {
				return nil, err
			}
			ins = append(ins, arith.Constant(k.b, k.loc, attr))
			maps = append(maps, l.mapOf(one(idx[rank-2+i])))
		}
	}
	out := k.empty(t.Shape, elem)
	maps = append(maps, l.mapOf(idx))
	return linalg.NewGeneric(k.b, k.loc, ins, []*ir.Value{out}, maps, l.iters, []ir.Type{out.Type()},
		func(b *ir.Builder, a []*ir.Value) []*ir.Value {
			var fh, fw *ir.Value
			if uniform {
				if twice {
					fh, fw = k.scalar(b, f[0][0], acc), k.scalar(b, f[1][0], acc)
				} else {
					fh = k.scalar(b, f[0][0]*f[1][0], acc)
				}
			} else {
				fh, fw = a[1], a[2]
				if !twice {
					fh, fw = arith.Mul(b, k.loc, fh, fw), nil
				}
			}
			y := arith.Div(b, k.loc, a[0], fh)
			if fw != nil {
				y = arith.Div(b, k.loc, y, fw)
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

// poolAvgArgs reads count_include_pad and divisor_override and returns the
// divisor factors of each output position.
func poolAvgArgs(r *npReader, g *poolGeom) ([2][]float64, error) {
	countPad, err := r.bool("count_include_pad")
	if err != nil {
		return [2][]float64{}, err
	}
	f := g.avgDivisors(countPad)
	if !r.isNone("divisor_override") {
		d, err := r.int("divisor_override")
		if err != nil {
			return f, err
		}
		if d == 0 {
			return f, r.errorf("divisor must be not zero")
		}
		f = [2][]float64{{float64(d)}, {1}}
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

// windowSum sums src [lead, E0, E1] over windows: out[.., o0, o1] =
// Σ_{kh, kw} src[.., o0·s0 + kh·d0, o1·s1 + kw·d1], zero-initialised in the
// accumulator type, as one generic with reductions (kh, kw).
func (k *npKernel) windowSum(g *poolGeom, src *ir.Value, outSpatial, kernel, s, d []int64, acc ir.Type) *ir.Value {
	nl := len(g.lead)
	var l loopNest
	lead := l.addN(linalg.Parallel, nl)
	o := l.addN(linalg.Parallel, 2)
	kk := l.addN(linalg.Reduction, 2)
	maps := []affine.Map{l.mapOf(lead, strided(o, kk, s, d)), l.mapOf(kk), l.mapOf(lead, o)}
	init := k.filled(append(append([]int64(nil), g.lead...), outSpatial...), acc, 0)
	win := k.empty(kernel, tensorType(src).Elem)
	return linalg.NewGeneric(k.b, k.loc, []*ir.Value{src, win}, []*ir.Value{init}, maps, l.iters, []ir.Type{init.Type()},
		func(b *ir.Builder, a []*ir.Value) []*ir.Value {
			return []*ir.Value{arith.Add(b, k.loc, a[2], k.convert(b, a[0], acc))}
		}).Result(0)
}

// prepareAvgPool2d lowers
//
//	avg_pool2d(Tensor self, int[2] kernel_size, int[2] stride=[], int[2] padding=0,
//	    bool ceil_mode=False, bool count_include_pad=True, int? divisor_override=None) -> Tensor
//
// as PyTorch's cpu_avg_pool: each output is the sum of its window over the
// zero-padded input (the window generic), divided by divisor_override, or
// by the window's size counting padding (count_include_pad) or not; the
// part of a ceil-mode window beyond the padding never counts. The divisor
// is separable, (factor of oh)·(factor of ow), so it is a scalar constant
// or the product of two constant vectors. f16/bf16 sum in f32.
func prepareAvgPool2d(op *ir.Operation) (emitFunc, error) {
	r, err := newNPReader(op)
	if err != nil {
		return nil, err
	}
	g, err := readPoolGeom(r, "self", false, "ceil_mode")
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
		high := append(make([]int64, nl), g.highPad(0), g.highPad(1))
		xp := k.padWith(op.Operand(0), low, high, 0)
		sum := k.windowSum(g, xp, g.o, g.k, g.s, g.d, acc)
		out, err := k.divide(sum, npExpand(f, g.o), false, rt.Elem)
		return []*ir.Value{out}, err
	}, nil
}

// npExpand widens a divisor_override's one-entry factors to every output
// position.
func npExpand(f [2][]float64, o []int64) [2][]float64 {
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

// prepareAvgPool2dBackward lowers
//
//	avg_pool2d_backward(Tensor grad_output, Tensor self, int[2] kernel_size,
//	    int[2] stride, int[2] padding, bool ceil_mode, bool count_include_pad,
//	    int? divisor_override) -> Tensor
//
// PyTorch (cpu_avg_pool_backward) adds grad_output / divisor to every
// input position of the window. Lowered as a gather: grad_output is
// divided by the forward's divisors, spread with stride s into zeros of
// extent H + k − 1 at offset k − 1 − p, and each input position sums the k
// taps (ih + kh, iw + kw) of that tensor: exactly the windows that contain
// it (a stride-s transposed correlation with an all-ones kernel).
func prepareAvgPool2dBackward(op *ir.Operation) (emitFunc, error) {
	r, err := newNPReader(op)
	if err != nil {
		return nil, err
	}
	g, err := readPoolGeom(r, "self", false, "ceil_mode")
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
		ext := []int64{g.h[0] + g.k[0] - 1, g.h[1] + g.k[1] - 1}
		off := []int64{g.k[0] - 1 - g.p[0], g.k[1] - 1 - g.p[1]}
		z := k.scatterFill(scaled, 0, ext, off, g.s)
		sum := k.windowSum(g, z, g.h, g.k, ones(2), ones(2), acc)
		return []*ir.Value{k.convertTensor(sum, rt.Elem)}, nil
	}, nil
}

// ---- _adaptive_avg_pool2d -------------------------------------------------

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

// readAdaptivePool reads the input [lead, H, W] and the output extents.
func readAdaptivePool(r *npReader, input string, o []int64) (*poolGeom, error) {
	xt, err := r.floatTensor(input)
	if err != nil {
		return nil, err
	}
	rank := len(xt.Sizes)
	if rank != 3 && rank != 4 {
		return nil, r.errorf("expected '%s' of rank 3 or 4 ([C, H, W] or [N, C, H, W]), got %s", input, xt)
	}
	g := &poolGeom{lead: xt.Sizes[:rank-2], h: xt.Sizes[rank-2:], o: o, elem: xt.Dtype}
	for i := 0; i < 2; i++ {
		if o[i] < 1 || g.h[i] < 1 {
			return nil, r.errorf("expected a non-empty input and output_size, got input %s and output_size %s", xt, npShapeString(o))
		}
	}
	// A uniform split is an ordinary pooling with kernel = stride = H/O.
	g.k, g.s, g.d, g.p = make([]int64, 2), make([]int64, 2), ones(2), make([]int64, 2)
	for i := 0; i < 2; i++ {
		if g.h[i]%o[i] == 0 {
			g.k[i], g.s[i] = g.h[i]/o[i], g.h[i]/o[i]
		}
	}
	return g, nil
}

func (g *poolGeom) uniformAdaptive() bool { return g.k[0] > 0 && g.k[1] > 0 }

func (g *poolGeom) adaptiveSizes() [2][]float64 {
	_, a := poolAdaptiveWindows(g.h[0], g.o[0])
	_, b := poolAdaptiveWindows(g.h[1], g.o[1])
	return [2][]float64{a, b}
}

// inAdaptive is the body test that input position x lies in the adaptive
// window of output position o: floor(o·h/O) ≤ x < ceil((o+1)·h/O), in
// non-negative index arithmetic (divsi rounds down there).
func (pb poolBody) inAdaptive(x, o *ir.Value, h, out int64) *ir.Value {
	start := arith.Binary(pb.b, pb.k.loc, arith.DivSI, pb.affine(o, h, 0), pb.c(out))
	end := arith.Binary(pb.b, pb.k.loc, arith.DivSI, pb.affine(o, h, h+out-1), pb.c(out))
	return pb.and(pb.cmpi("sge", x, start), pb.cmpi("slt", x, end))
}

// prepareAdaptiveAvgPool2d lowers
//
//	_adaptive_avg_pool2d(Tensor self, SymInt[2] output_size) -> Tensor
//
// as PyTorch's cpu_adaptive_avg_pool: output (oh, ow) averages the window
// [floor(oh·H/OH), ceil((oh+1)·H/OH)) × (the same for W), as `sum / kh /
// kw`. When OH divides H and OW divides W the windows are a plain pooling
// with kernel = stride = H/OH (global average pooling among them); other
// sizes sum over the whole plane with a window-membership test in the
// body.
func prepareAdaptiveAvgPool2d(op *ir.Operation) (emitFunc, error) {
	r, err := newNPReader(op)
	if err != nil {
		return nil, err
	}
	o, err := r.intList("output_size")
	if err != nil {
		return nil, err
	}
	if len(o) != 2 {
		return nil, r.errorf("expected 'output_size' to have 2 entries, got %d", len(o))
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
			sum = k.windowSum(g, x, g.o, g.k, g.s, g.d, acc)
		} else {
			nl := len(g.lead)
			var l loopNest
			lead := l.addN(linalg.Parallel, nl)
			oo := l.addN(linalg.Parallel, 2)
			hw := l.addN(linalg.Reduction, 2)
			init := k.filled(g.outShape(), acc, 0)
			sum = linalg.NewGeneric(b, op.Loc, []*ir.Value{x}, []*ir.Value{init},
				[]affine.Map{l.mapOf(lead, hw), l.mapOf(lead, oo)}, l.iters, []ir.Type{init.Type()},
				func(b *ir.Builder, a []*ir.Value) []*ir.Value {
					pb := poolBody{k, b}
					in := pb.and(pb.inAdaptive(pb.index(nl+2), pb.index(nl), g.h[0], g.o[0]),
						pb.inAdaptive(pb.index(nl+3), pb.index(nl+1), g.h[1], g.o[1]))
					v := arith.NewSelect(b, op.Loc, in, k.convert(b, a[0], acc), k.scalar(b, 0, acc))
					return []*ir.Value{arith.Add(b, op.Loc, a[1], v)}
				}).Result(0)
		}
		out, err := k.divide(sum, g.adaptiveSizes(), true, rt.Elem)
		return []*ir.Value{out}, err
	}, nil
}

// prepareAdaptiveAvgPool2dBackward lowers
//
//	_adaptive_avg_pool2d_backward(Tensor grad_output, Tensor self) -> Tensor
//
// as PyTorch's cpu_adaptive_avg_pool_backward: every input position of
// output (oh, ow)'s window receives grad_output / kh / kw. With a uniform
// split each input position lies in exactly one window, so the result is
// a broadcast of the scaled gradient into [.., OH, kh, OW, kw] collapsed to
// [.., H, W]; otherwise each input position sums the scaled gradient of
// the windows whose membership test holds.
func prepareAdaptiveAvgPool2dBackward(op *ir.Operation) (emitFunc, error) {
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
	if len(gt.Sizes) != len(xt.Sizes) || len(gt.Sizes) < 2 {
		return nil, r.errorf("expected 'grad_output' %s of the rank of 'self' %s", gt, xt)
	}
	rank := len(gt.Sizes)
	g, err := readAdaptivePool(r, "self", gt.Sizes[rank-2:])
	if err != nil {
		return nil, err
	}
	if !slices.Equal(gt.Sizes[:rank-2], g.lead) {
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
			oh, ih := l.add(linalg.Parallel), l.add(linalg.Parallel)
			ow, iw := l.add(linalg.Parallel), l.add(linalg.Parallel)
			shape := append(append([]int64(nil), g.lead...), g.o[0], g.k[0], g.o[1], g.k[1])
			out := k.empty(shape, rt.Elem)
			spread := linalg.NewGeneric(b, op.Loc, []*ir.Value{scaled}, []*ir.Value{out},
				[]affine.Map{l.mapOf(lead, one(oh), one(ow)), l.mapOf(lead, one(oh), one(ih), one(ow), one(iw))},
				l.iters, []ir.Type{out.Type()}, func(b *ir.Builder, a []*ir.Value) []*ir.Value {
					return []*ir.Value{k.convert(b, a[0], rt.Elem)}
				}).Result(0)
			groups := make([][]int64, 0, nl+2)
			for i := 0; i < nl; i++ {
				groups = append(groups, []int64{int64(i)})
			}
			groups = append(groups, []int64{int64(nl), int64(nl + 1)}, []int64{int64(nl + 2), int64(nl + 3)})
			return []*ir.Value{tensor.NewCollapseShape(b, op.Loc, rt, spread, groups)}, nil
		}
		var l loopNest
		lead := l.addN(linalg.Parallel, nl)
		hw := l.addN(linalg.Parallel, 2)
		oo := l.addN(linalg.Reduction, 2)
		init := k.filled(g.inShape(), acc, 0)
		sum := linalg.NewGeneric(b, op.Loc, []*ir.Value{scaled}, []*ir.Value{init},
			[]affine.Map{l.mapOf(lead, oo), l.mapOf(lead, hw)}, l.iters, []ir.Type{init.Type()},
			func(b *ir.Builder, a []*ir.Value) []*ir.Value {
				pb := poolBody{k, b}
				in := pb.and(pb.inAdaptive(pb.index(nl), pb.index(nl+2), g.h[0], g.o[0]),
					pb.inAdaptive(pb.index(nl+1), pb.index(nl+3), g.h[1], g.o[1]))
				v := arith.NewSelect(b, op.Loc, in, a[0], k.scalar(b, 0, acc))
				return []*ir.Value{arith.Add(b, op.Loc, a[1], v)}
			}).Result(0)
		return []*ir.Value{k.convertTensor(sum, rt.Elem)}, nil
	}, nil
}
