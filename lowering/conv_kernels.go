package lowering

import (
	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/dialect/tensor"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
)

// The kernels below are the linalg.generic forms of conv-backward.md ("The
// straightforward lowering"), shared by the forward convolution (conv.go)
// and convolution_backward (conv_backward.go). Tensors are in the grouped
// layout: activations [N, (G), channels/G, spatial...] and weights
// [(G), A, B, K...]; the group dims are absent when G == 1, as in
// torch-mlir. Every map is built by one loop over the D spatial dims.

// convKernel carries the element and accumulator types of one lowering.
type convKernel struct {
	*emitter
	grouped bool
	elem    ir.Type // the dtype of the operands and results
	acc     ir.Type // f32 for f16/bf16 (PyTorch and torch-mlir accumulate in f32), else elem
}

func accumulatorType(elem ir.Type) ir.Type {
	if ft, ok := elem.(ir.FloatType); ok && ft.Bits() < 32 {
		return ir.F32T
	}
	return elem
}

// chanDim is the channel dim of a grouped activation: after N and G.
func (k *convKernel) chanDim() int {
	if k.grouped {
		return 2
	}
	return 1
}

// weightSpatial is the index of the first kernel dim of a grouped weight.
func (k *convKernel) weightSpatial() int {
	if k.grouped {
		return 3
	}
	return 2
}

// mac is the body of every contraction: extf (for 16-bit types) → mulf →
// addf into the accumulator.
func (k *convKernel) mac(b *ir.Builder, args []*ir.Value) []*ir.Value {
	x := k.extend(b, args[0], k.acc)
	y := k.extend(b, args[1], k.acc)
	m := arith.Binary(b, k.loc, arith.MulF, x, y)
	return []*ir.Value{arith.Binary(b, k.loc, arith.AddF, args[2], m)}
}

// flip reverses the kernel dims whose extent is not 1 of a grouped weight
// [(G), A, B, K...]: out[.., k] = w[.., (K−1) − k]. It is its own generic
// (an affine gather; the output map is the identity, so every loop is a
// bare dim of some operand as upstream linalg requires). No kernel dim
// above 1 means no flip at all, the 1x1 case of torch-mlir #4437.
func (k *convKernel) flip(w *ir.Value) *ir.Value {
	t := tensorType(w)
	ks := k.weightSpatial()
	need := false
	for _, kd := range t.Shape[ks:] {
		need = need || kd != 1
	}
	if !need {
		return w
	}
	var l loopNest
	idx := l.addN(linalg.Parallel, t.Rank())
	src := append([]affine.Expr(nil), idx...)
	for i := ks; i < t.Rank(); i++ {
		if t.Shape[i] != 1 {
			src[i] = affine.Sub(affine.Const(t.Shape[i]-1), idx[i])
		}
	}
	out := k.empty(t.Shape, t.Elem)
	return linalg.NewGeneric(k.b, k.loc, []*ir.Value{w}, []*ir.Value{out},
		[]affine.Map{l.mapOf(src), l.mapOf(idx)}, l.iters, []ir.Type{out.Type()},
		func(b *ir.Builder, args []*ir.Value) []*ir.Value { return args[:1] }).Result(0)
}

// scatter places src [N, (G), A, Hs...] into a zero tensor of spatial
// extent ext: result[.., off + o·s] = src[.., o] and zero elsewhere, for
// every o whose destination lies in [0, ext). This is the zero-stuffed dy
// of the data gradient, with off = p' = d(K−1) − p.
//
// Entries that land outside [0, ext) are cropped with tensor.extract_slice
// first; that happens when p > d(K−1) (negative p', which torch-mlir
// rejects) and makes the scatter exact in every case. The rest is placed
// with a strided tensor.insert_slice into linalg.fill(0) of tensor.empty
// when some stride exceeds 1, or with tensor.pad when every stride is 1.
func (k *convKernel) scatter(src *ir.Value, ext, off, s []int64) *ir.Value {
	t := tensorType(src)
	sp := k.chanDim() + 1
	d := len(ext)
	g := newScatterGeom(t.Shape, sp, ext, off, s)
	lo, cnt, place, crop, empty, unit := g.lo, g.cnt, g.place, g.crop, g.empty, g.unit
	outShape := append(append([]int64(nil), t.Shape[:sp]...), ext...)
	if empty {
		return k.zeros(outShape, t.Elem)
	}
	if crop {
		offs := make([]int64, t.Rank())
		sizes := append(append([]int64(nil), t.Shape[:sp]...), cnt...)
		copy(offs[sp:], lo)
		src = tensor.NewExtractSlice(k.b, k.loc, ir.Tensor(t.Elem, sizes...), src,
			tensor.StaticIndices(offs...), k.mixedSizes(sizes), tensor.StaticIndices(ones(t.Rank())...))
		t = tensorType(src)
	}
	low := make([]int64, t.Rank())
	if unit {
		high := make([]int64, t.Rank())
		for i := 0; i < d; i++ {
			low[sp+i] = place[i]
			high[sp+i] = ext[i] - place[i] - cnt[i]
		}
		return k.pad(src, low, high)
	}
	strides := ones(t.Rank())
	copy(low[sp:], place)
	copy(strides[sp:], s)
	dest := k.zeros(outShape, t.Elem)
	return tensor.NewInsertSlice(k.b, k.loc, src, dest, tensor.StaticIndices(low...),
		k.mixedSizes(t.Shape), tensor.StaticIndices(strides...))
}

// conv is the correlation generic shared by every data-side result:
//
//	out[n, (g), b, o] += src[n, (g), a, s·o + d·k] · w[(g), b, a, k]   (wOutFirst)
//	out[n, (g), b, o] += src[n, (g), a, s·o + d·k] · w[(g), a, b, k]   (otherwise)
//
// with parallel loops n, (g), b, o... and reductions a, k..., into a
// zero-filled accumulator of shape outShape. The forward convolution and
// the transposed data gradient are the first form with their strides; the
// non-transposed data gradient is the second with s = 1 over the scattered
// dy and the flipped weight (conv-backward.md, data gradient step 3).
func (k *convKernel) conv(src, w *ir.Value, outShape, s, d []int64, wOutFirst bool) *ir.Value {
	nd := len(s)
	var l loopNest
	n := l.add(linalg.Parallel)
	g := l.group(k.grouped)
	bo := l.add(linalg.Parallel)
	o := l.addN(linalg.Parallel, nd)
	a := l.add(linalg.Reduction)
	kk := l.addN(linalg.Reduction, nd)
	wm := l.mapOf(g, one(a), one(bo), kk)
	if wOutFirst {
		wm = l.mapOf(g, one(bo), one(a), kk)
	}
	maps := []affine.Map{
		l.mapOf(one(n), g, one(a), strided(o, kk, s, d)),
		wm,
		l.mapOf(one(n), g, one(bo), o),
	}
	init := k.zeros(outShape, k.acc)
	return linalg.NewGeneric(k.b, k.loc, []*ir.Value{src, w}, []*ir.Value{init}, maps, l.iters,
		[]ir.Type{init.Type()}, k.mac).Result(0)
}

// weightGrad is the weight-gradient generic:
//
//	out[(g), b, a, k] += strided[n, (g), a, s·o + d·k] · dense[n, (g), b, o]
//
// with parallel loops (g), b, a, k... and reductions n, o...: a strided
// read, no multiplication by zero. Non-transposed: strided = x padded by p,
// dense = dy; transposed: strided = dy padded, dense = x.
func (k *convKernel) weightGrad(str, dense *ir.Value, outShape, s, d []int64) *ir.Value {
	nd := len(s)
	var l loopNest
	g := l.group(k.grouped)
	bo := l.add(linalg.Parallel)
	a := l.add(linalg.Parallel)
	kk := l.addN(linalg.Parallel, nd)
	n := l.add(linalg.Reduction)
	o := l.addN(linalg.Reduction, nd)
	maps := []affine.Map{
		l.mapOf(one(n), g, one(a), strided(o, kk, s, d)),
		l.mapOf(one(n), g, one(bo), o),
		l.mapOf(g, one(bo), one(a), kk),
	}
	init := k.zeros(outShape, k.acc)
	return linalg.NewGeneric(k.b, k.loc, []*ir.Value{str, dense}, []*ir.Value{init}, maps, l.iters,
		[]ir.Type{init.Type()}, k.mac).Result(0)
}

// biasGrad sums dy [N, F, spatial...] over every dim but 1 into [F], in the
// accumulator type, then truncates.
func (k *convKernel) biasGrad(dy *ir.Value) *ir.Value {
	t := tensorType(dy)
	// f32 sums in f64: the bias gradient sums N·ΠHo terms, 100352 at
	// 8x112x112, whose f32 sum in order was off by 0.14 where the exact
	// one is 0 (a bias under a batch norm); PyTorch's (a cascaded sum)
	// is off by 1e-5.
	acc := sumAccumulator(k.elem)
	var l loopNest
	dims := make([]affine.Expr, t.Rank())
	for i := range dims {
		kind := linalg.Reduction
		if i == 1 {
			kind = linalg.Parallel
		}
		dims[i] = l.add(kind)
	}
	init := k.zeros([]int64{t.Shape[1]}, acc)
	sum := linalg.NewGeneric(k.b, k.loc, []*ir.Value{dy}, []*ir.Value{init},
		[]affine.Map{l.mapOf(dims), l.mapOf(dims[1:2])}, l.iters, []ir.Type{init.Type()},
		func(b *ir.Builder, args []*ir.Value) []*ir.Value {
			return []*ir.Value{arith.Binary(b, k.loc, arith.AddF, args[1], k.extend(b, args[0], acc))}
		}).Result(0)
	return k.truncate(sum, k.elem)
}

// addBias adds bias [(G), B] (the grouped [F]) to the accumulator
// out [N, (G), B, spatial...], in the accumulator type.
func (k *convKernel) addBias(out, bias *ir.Value) *ir.Value {
	t := tensorType(out)
	var l loopNest
	idx := l.addN(linalg.Parallel, t.Rank())
	init := k.empty(t.Shape, k.acc)
	return linalg.NewGeneric(k.b, k.loc, []*ir.Value{out, bias}, []*ir.Value{init},
		[]affine.Map{l.mapOf(idx), l.mapOf(idx[1 : k.chanDim()+1]), l.mapOf(idx)}, l.iters, []ir.Type{init.Type()},
		func(b *ir.Builder, args []*ir.Value) []*ir.Value {
			return []*ir.Value{arith.Binary(b, k.loc, arith.AddF, args[0], k.extend(b, args[1], k.acc))}
		}).Result(0)
}

func ones(n int) []int64 {
	out := make([]int64, n)
	for i := range out {
		out[i] = 1
	}
	return out
}

// floorDiv and ceilDiv round toward −∞ and +∞ (b > 0).
func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}

func ceilDiv(a, b int64) int64 { return -floorDiv(-a, b) }
