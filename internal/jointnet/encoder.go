package jointnet

import (
	"fmt"
	"math"

	w "github.com/torchlower/torchlower/internal/pt2write"
)

// Encoder is a stack of Layers pre-LN transformer encoder layers, GPT-2's
// block without the causal mask or dropout, on Batch×Seq×Dim f32 inputs:
//
//	q, k, v = qkv(ln1(x)) split into Heads heads of Dim/Heads
//	x = x + proj(softmax(q·kᵀ / √(Dim/Heads)) · v, heads merged)
//	x = x + fc2(gelu(fc1(ln2(x))))      fc1: Dim → Hidden
//
// with the sum of the last layer's output as the loss. The parameters of
// layer i are layers.i.{ln1, qkv, proj, ln2, fc1, fc2}.{weight, bias},
// in that order (nn.Module registration order; torch.export lists them
// so, and bench's eager network, bench/torch_bench.py's EncoderLayer,
// declares them so).
type Encoder struct {
	Batch, Seq, Dim, Heads, Hidden, Layers int64
}

// encoderParams are a layer's parameters, in registration order, and
// the input features of the Linear each belongs to (0 for a LayerNorm).
var encoderParams = []struct {
	module string
	linear bool
}{{"ln1", false}, {"qkv", true}, {"proj", true}, {"ln2", false}, {"fc1", true}, {"fc2", true}}

// ParamNames are the FQNs of e's parameters in the joint graph's order
// (its inputs, and its gradient outputs after the loss).
func (e Encoder) ParamNames() []string {
	var names []string
	for i := range e.Layers {
		for _, m := range encoderParams {
			for _, p := range []string{"weight", "bias"} {
				names = append(names, fmt.Sprintf("layers.%d.%s.%s", i, m.module, p))
			}
		}
	}
	return names
}

// linearShape is the [out, in] of one of a layer's Linear modules.
func (e Encoder) linearShape(module string) [2]int64 {
	switch module {
	case "qkv":
		return [2]int64{3 * e.Dim, e.Dim}
	case "proj":
		return [2]int64{e.Dim, e.Dim}
	case "fc1":
		return [2]int64{e.Hidden, e.Dim}
	}
	return [2]int64{e.Dim, e.Hidden} // fc2
}

// Init is how a training loop would start each argument of the joint
// graph (its parameters, then x), as value = Offset + Scale·u for u
// uniform in [-1, 1): a Linear's weight and bias as nn.Linear
// initializes them (bound 1/√in), a LayerNorm's weight about 1 and its
// bias about 0 (±0.1: as trained, not the exact ones and zeros of a fresh
// module, whose gradients would hide a swapped weight and bias), x in
// [-1, 1).
func (e Encoder) Init() (scale, offset []float64) {
	for range e.Layers {
		for _, m := range encoderParams {
			if m.linear {
				b := 1 / math.Sqrt(float64(e.linearShape(m.module)[1]))
				scale, offset = append(scale, b, b), append(offset, 0, 0)
			} else {
				scale, offset = append(scale, 0.1, 0.1), append(offset, 1, 0)
			}
		}
	}
	return append(scale, 1), append(offset, 0)
}

// Program is e's training step as a joint forward/backward graph in the
// form torch 2.x's _export_forward_backward writes after the core ATen
// decompositions: Linear as view + permute + addmm + view (ATen's linear
// on a contiguous 3-D input), the heads' matmuls as matmul's expand,
// clone, _unsafe_view, bmm and view, native_layer_norm, _softmax and
// gelu kept whole; in the backward, addmm's, bmm's (permute + bmm), and
// the decompositions of native_layer_norm_backward, _softmax_backward_data
// (grad·y − y·Σ(grad·y)) and gelu_backward (the erf form), unbind's
// backward as stack. It is written by hand, after those rules, and has
// not been compared with one torch wrote (no torch ≥ 2.6 here); bench
// checks its results against PyTorch's eager network. Parameters take
// Floats scaled by 1/16 (the bench replaces them: Init).
func (e Encoder) Program() (*w.Program, []w.Tensor) {
	p := w.NewProgram()
	var ts []w.Tensor
	seed := uint32(7)
	param := ParamAdder(p, &ts, &seed, 1.0/16)
	B, T, D, H, F := e.Batch, e.Seq, e.Dim, e.Heads, e.Hidden
	hd := D / H
	BT, BH := B*T, B*H
	// layers[i] maps "qkv.weight" to its placeholder's name.
	layers := make([]map[string]string, e.Layers)
	for i := range layers {
		layers[i] = map[string]string{}
		for _, m := range encoderParams {
			for _, pn := range []string{"weight", "bias"} {
				sizes := []int64{D}
				if m.linear {
					sizes = []int64{e.linearShape(m.module)[0]}
					if pn == "weight" {
						sizes = append(sizes, e.linearShape(m.module)[1])
					}
				}
				layers[i][m.module+"."+pn] = param(fmt.Sprintf("layers.%d.%s.%s", i, m.module, pn), sizes...)
			}
		}
	}
	p.Input("user_input", "x", "", f32, B, T, D)
	c := NewBuilder(p)
	c.Shapes["x"] = []int64{B, T, D}
	Tn := w.T
	contiguous := na("memory_format", w.MemoryFormat(w.ContiguousFormat))
	clone := func(x string) string {
		return c.Node("clone.default", "clone", f32, c.Shapes[x], na("self", Tn(x)), contiguous)
	}
	expand := func(x string) string {
		return c.Node("expand.default", "expand", f32, c.Shapes[x], na("self", Tn(x)), na("size", w.Ints(c.Shapes[x]...)))
	}
	unsafeView := func(x string, sizes ...int64) string {
		return c.Node("_unsafe_view.default", "_unsafe_view", f32, sizes, na("self", Tn(x)), na("size", w.Ints(sizes...)))
	}
	transpose := func(x string, d0, d1 int64) string {
		s := append([]int64(nil), c.Shapes[x]...)
		n := int64(len(s))
		a, b := (d0+n)%n, (d1+n)%n
		s[a], s[b] = s[b], s[a]
		return c.Node("transpose.int", "transpose", f32, s, na("self", Tn(x)), na("dim0", w.Int(d0)), na("dim1", w.Int(d1)))
	}
	bmm := func(a, b string) string {
		sa, sb := c.Shapes[a], c.Shapes[b]
		return c.Node("bmm.default", "bmm", f32, []int64{sa[0], sa[1], sb[2]}, na("self", Tn(a)), na("mat2", Tn(b)))
	}
	batchT := func(x string) string {
		s := c.Shapes[x]
		return c.PermuteDims(x, []int64{s[0], s[2], s[1]}, 0, 2, 1)
	}
	// linear is ATen's linear on a contiguous [B, T, in] input; it
	// returns the output and the flat input and permuted weight its
	// backward needs.
	linear := func(x, weight, bias string, out int64) (y, flat, wt string) {
		in := c.Shapes[x][2]
		flat = c.View(x, BT, in)
		c.Shapes[weight] = []int64{out, in}
		wt = c.Permute(weight, []int64{in, out})
		mm := c.Node("addmm.default", "addmm", f32, []int64{BT, out}, na("self", Tn(bias)), na("mat1", Tn(flat)), na("mat2", Tn(wt)))
		return c.View(mm, B, T, out), flat, wt
	}
	// linearBackward is the input's gradient ([B, T, in]) and the
	// weight's and bias's of linear's output gradient g ([B, T, out]).
	linearBackward := func(g, flat, wt string) (gIn, gW, gB string) {
		in, out := c.Shapes[wt][0], c.Shapes[wt][1]
		gFlat, gWt, gB := c.LinearBackward(c.View(g, BT, out), flat, wt, true)
		return c.View(gFlat, B, T, in), c.Permute(gWt, []int64{out, in}), gB
	}
	scale := 1 / math.Sqrt(float64(hd))

	type saved struct {
		in, m1, r1, flat1, wq        string
		qv, kv, p, pv, vv, flatA, wp string
		h, m2, r2, flat2, w1, f1     string
		flatG, w2                    string
	}
	sv := make([]saved, e.Layers)
	cur := "x"
	for i := range layers {
		pr, s := layers[i], &sv[i]
		s.in = cur
		ln1, m1, r1 := c.LayerNorm(cur, pr["ln1.weight"], pr["ln1.bias"])
		s.m1, s.r1 = m1, r1
		var qkv string
		qkv, s.flat1, s.wq = linear(ln1, pr["qkv.weight"], pr["qkv.bias"], 3*D)
		heads := c.PermuteDims(c.View(qkv, B, T, 3, H, hd), []int64{3, B, H, T, hd}, 2, 0, 3, 1, 4)
		q, k, v := c.Name("getitem"), c.Name("getitem"), c.Name("getitem")
		p.Node("torch.ops.aten.unbind.int", c.Name("unbind"), []w.NamedArg{na("self", Tn(heads))},
			w.OList(w.O(q, f32, B, H, T, hd), w.O(k, f32, B, H, T, hd), w.O(v, f32, B, H, T, hd)))
		for _, x := range []string{q, k, v} {
			c.Shapes[x] = []int64{B, H, T, hd}
		}
		// q @ k.transpose(-2, -1), as matmul writes a batched product of
		// views: each operand expanded, copied contiguous, flattened.
		kt := transpose(k, -2, -1)
		s.qv = unsafeView(clone(expand(q)), BH, T, hd)
		s.kv = unsafeView(clone(expand(kt)), BH, hd, T)
		scores := c.Mul(c.View(bmm(s.qv, s.kv), B, H, T, T), w.Float(scale), []int64{B, H, T, T})
		s.p = c.Node("_softmax.default", "_softmax", f32, []int64{B, H, T, T}, na("self", Tn(scores)), na("dim", w.Int(-1)), na("half_to_float", w.Bool_(false)))
		// The probabilities are contiguous: matmul views them.
		s.pv = c.View(expand(s.p), BH, T, T)
		s.vv = unsafeView(clone(expand(v)), BH, T, hd)
		att := transpose(c.View(bmm(s.pv, s.vv), B, H, T, hd), 1, 2)
		merged := c.View(clone(att), B, T, D)
		var o string
		o, s.flatA, s.wp = linear(merged, pr["proj.weight"], pr["proj.bias"], D)
		s.h = c.Add(cur, Tn(o), []int64{B, T, D})
		ln2, m2, r2 := c.LayerNorm(s.h, pr["ln2.weight"], pr["ln2.bias"])
		s.m2, s.r2 = m2, r2
		s.f1, s.flat2, s.w1 = linear(ln2, pr["fc1.weight"], pr["fc1.bias"], F)
		g := c.Node("gelu.default", "gelu", f32, []int64{B, T, F}, na("self", Tn(s.f1)))
		var f2 string
		f2, s.flatG, s.w2 = linear(g, pr["fc2.weight"], pr["fc2.bias"], D)
		cur = c.Add(s.h, Tn(f2), []int64{B, T, D})
	}
	loss := c.Node("sum.default", "sum", f32, nil, na("self", Tn(cur)))
	ones := c.Node("full_like.default", "full_like", f32, nil, na("self", Tn(loss)), na("fill_value", w.Int(1)),
		na("pin_memory", w.Bool_(false)), na("memory_format", w.MemoryFormat(w.PreserveFormat)))
	grad := c.Node("expand.default", "expand", f32, []int64{B, T, D}, na("self", Tn(ones)), na("size", w.Ints(B, T, D)))
	grads := map[string]string{}
	for i := len(layers) - 1; i >= 0; i-- {
		pr, s := layers[i], &sv[i]
		// x = h + fc2(gelu(fc1(ln2(h)))).
		gG, gW2, gB2 := linearBackward(grad, s.flatG, s.w2)
		gF1 := c.GeluBackward(gG, s.f1)
		gLn2, gW1, gB1 := linearBackward(gF1, s.flat2, s.w1)
		gH, gLn2w, gLn2b := c.LayerNormBackward(gLn2, s.h, s.m2, s.r2, pr["ln2.weight"], true)
		gH = c.Add(grad, Tn(gH), []int64{B, T, D})
		// h = in + proj(attention).
		gMerged, gWp, gBp := linearBackward(gH, s.flatA, s.wp)
		gAtt := c.View(clone(transpose(c.View(gMerged, B, T, H, hd), 1, 2)), BH, T, hd)
		gP := c.View(bmm(gAtt, batchT(s.vv)), B, H, T, T)
		gV := c.View(bmm(batchT(s.pv), gAtt), B, H, T, hd)
		// _softmax_backward_data: grad·y − y·Σ(grad·y) over the last dim.
		gy := c.Mul(gP, Tn(s.p), []int64{B, H, T, T})
		gScores := c.Sub(gy, c.Mul(s.p, Tn(c.SumDims(gy, true, []int64{B, H, T, 1}, -1)), []int64{B, H, T, T}), []int64{B, H, T, T})
		gS := c.View(c.Mul(gScores, w.Float(scale), []int64{B, H, T, T}), BH, T, T)
		gQ := c.View(bmm(gS, batchT(s.kv)), B, H, T, hd)
		gK := transpose(c.View(bmm(batchT(s.qv), gS), B, H, hd, T), -2, -1)
		gHeads := c.Node("stack.default", "stack", f32, []int64{3, B, H, T, hd}, na("tensors", w.Tensors(gQ, gK, gV)))
		gQKV := c.View(clone(c.PermuteDims(gHeads, []int64{B, T, 3, H, hd}, 1, 3, 0, 2, 4)), B, T, 3*D)
		gLn1, gWq, gBq := linearBackward(gQKV, s.flat1, s.wq)
		gIn, gLn1w, gLn1b := c.LayerNormBackward(gLn1, s.in, s.m1, s.r1, pr["ln1.weight"], i > 0)
		if i > 0 {
			grad = c.Add(gH, Tn(gIn), []int64{B, T, D})
		}
		for k, g := range map[string]string{
			"ln1.weight": gLn1w, "ln1.bias": gLn1b, "qkv.weight": gWq, "qkv.bias": gBq, "proj.weight": gWp, "proj.bias": gBp,
			"ln2.weight": gLn2w, "ln2.bias": gLn2b, "fc1.weight": gW1, "fc1.bias": gB1, "fc2.weight": gW2, "fc2.bias": gB2,
		} {
			grads[pr[k]] = g
		}
	}
	p.Output("loss_output", loss, "")
	for _, fqn := range e.ParamNames() {
		p.Output("gradient_to_parameter", grads["p_"+Underscore(fqn)], fqn)
	}
	return p, ts
}
