package importer

import (
	"encoding/binary"
	"fmt"
	"math"

	w "github.com/torchlower/torchlower/importer/internal/pt2write"
)

// Test programs, described in Go and written in every archive layout by
// pt2write. Names follow what torch.export produces (p_/b_/c_ prefixes,
// getitem_N for tuple elements).

const (
	f32 = w.Float32
	i64 = w.Int64
)

func na(name string, a w.Arg) w.NamedArg { return w.NamedArg{Name: name, Arg: a} }

// progConvBackward is the §2.9 worked example with output_mask
// [true, true, false]: a single convolution_backward node whose third
// result is None and is returned as None.
func progConvBackward() (*w.Program, []w.Tensor) {
	p := w.NewProgram()
	p.Input("user_input", "grad_output", "", f32, 2, 8, 8, 8)
	p.Input("user_input", "input", "", f32, 2, 3, 8, 8)
	p.Input("user_input", "weight", "", f32, 8, 3, 3, 3)
	p.Node("torch.ops.aten.convolution_backward.default", "convolution_backward", []w.NamedArg{
		na("grad_output", w.T("grad_output")), na("input", w.T("input")), na("weight", w.T("weight")),
		na("bias_sizes", w.Ints(8)), na("stride", w.Ints(1, 1)), na("padding", w.Ints(1, 1)),
		na("dilation", w.Ints(1, 1)), na("transposed", w.Bool_(false)), na("output_padding", w.Ints(0, 0)),
		na("groups", w.Int(1)), na("output_mask", w.Bools(true, true, false)),
	}, w.O("getitem", f32, 2, 3, 8, 8), w.O("getitem_1", f32, 8, 3, 3, 3), w.NoneOut)
	p.Output("user_output", "getitem", "")
	p.Output("user_output", "getitem_1", "")
	p.Output("user_output", "", "")
	return p, nil
}

type blockCfg struct {
	cin, cout, stride, groups int64
}

// progJoint is a joint forward/backward graph of conv+bn+relu blocks, as
// _export_forward_backward produces it: batch-norm running-stat updates
// as buffer mutations, the summed output as loss, then one gradient per
// parameter. Its backward uses the ATen ops autograd records
// (threshold_backward, native_batch_norm_backward, ones_like).
func progJoint(blocks []blockCfg, n, hw int64) (*w.Program, []w.Tensor) {
	return jointProgram(blocks, n, hw, false)
}

// progJointCore is progJoint as torch 2.x's _export_forward_backward
// writes it: after core_aten_decompositions, which decompose ones_like,
// threshold_backward and native_batch_norm_backward op for op as
// torch/_decomp/decompositions.py does (full_like; where(le.Scalar, 0,
// grad) with a scalar_tensor; unsqueeze, sum.dim_IntList, sub.Tensor and
// mul.Tensor with Python floats), and with the alias nodes AOTAutograd
// leaves on saved activations. Same parameters, inputs and outputs as
// progJoint, so the same PyTorch references hold for both.
func progJointCore(blocks []blockCfg, n, hw int64) (*w.Program, []w.Tensor) {
	return jointProgram(blocks, n, hw, true)
}

func jointProgram(blocks []blockCfg, n, hw int64, core bool) (*w.Program, []w.Tensor) {
	p := w.NewProgram()
	// nm names the decomposed nodes as FX does. The loss is sum_1: FX
	// numbers a builtin's name from 1.
	counts := map[string]int{"sum": 2}
	nm := fxNamer(counts)
	var ts []w.Tensor
	seed := uint32(1)
	param := paramAdder(p, &ts, &seed)
	type blk struct {
		w, b, bnw, bnb, rm, rv, nbt string
		cfg                         blockCfg
		in, conv, relu, saved       string
		inShape, outShape           []int64
		mean, invstd                string
	}
	bs := make([]*blk, len(blocks))
	for i, c := range blocks {
		pre := fmt.Sprintf("blocks.%d.", i)
		bs[i] = &blk{cfg: c}
		bs[i].w = param(pre+"conv.weight", c.cout, c.cin/c.groups, 3, 3)
		bs[i].b = param(pre+"conv.bias", c.cout)
		bs[i].bnw = param(pre+"bn.weight", c.cout)
		bs[i].bnb = param(pre+"bn.bias", c.cout)
	}
	for i, c := range blocks {
		pre := fmt.Sprintf("blocks.%d.bn.", i)
		// num_batches_tracked is a rank-0 int64 buffer that training bumps
		// with add.Tensor(buffer, 1): a Python scalar where a Tensor goes,
		// which imports as torch.prim.NumToTensor.Scalar.
		nbt := "b_" + underscore(pre+"num_batches_tracked")
		p.Input("buffer", nbt, pre+"num_batches_tracked", i64)
		ts = append(ts, w.Tensor{FQN: pre + "num_batches_tracked", Dtype: i64, Storage: pre + "num_batches_tracked", Data: make([]byte, 8)})
		bs[i].nbt = nbt
		for _, buf := range []string{"running_mean", "running_var"} {
			name := "b_" + underscore(pre+buf)
			p.Input("buffer", name, pre+buf, f32, c.cout)
			ts = append(ts, w.Tensor{FQN: pre + buf, Dtype: f32, Sizes: []int64{c.cout}, Storage: pre + buf, Data: floats(c.cout, &seed)})
			if buf == "running_mean" {
				bs[i].rm = name
			} else {
				bs[i].rv = name
			}
		}
	}
	p.Input("user_input", "x", "", f32, n, blocks[0].cin, hw, hw)

	getitem := 0
	gi := func() string {
		s := "getitem"
		if getitem > 0 {
			s = fmt.Sprintf("getitem_%d", getitem)
		}
		getitem++
		return s
	}
	sfx := func(base string, i int) string {
		if i == 0 {
			return base
		}
		return fmt.Sprintf("%s_%d", base, i)
	}
	cur, h := "x", hw
	var mutations [][2]string
	for i, b := range bs {
		c := b.cfg
		b.in, b.inShape = cur, []int64{n, c.cin, h, h}
		h = (h+2-3)/c.stride + 1
		b.outShape = []int64{n, c.cout, h, h}
		b.conv = sfx("convolution", i)
		p.Node("torch.ops.aten.convolution.default", b.conv, []w.NamedArg{
			na("input", w.T(cur)), na("weight", w.T(b.w)), na("bias", w.T(b.b)),
			na("stride", w.Ints(c.stride, c.stride)), na("padding", w.Ints(1, 1)), na("dilation", w.Ints(1, 1)),
			na("transposed", w.Bool_(false)), na("output_padding", w.Ints(0, 0)), na("groups", w.Int(c.groups)),
		}, w.O(b.conv, f32, b.outShape...))
		out, mean, invstd, rm, rv := gi(), gi(), gi(), gi(), gi()
		b.mean, b.invstd = mean, invstd
		p.Node("torch.ops.aten._native_batch_norm_legit_functional.default", sfx("_native_batch_norm_legit_functional", i), []w.NamedArg{
			na("input", w.T(b.conv)), na("weight", w.T(b.bnw)), na("bias", w.T(b.bnb)),
			na("running_mean", w.T(b.rm)), na("running_var", w.T(b.rv)), na("training", w.Bool_(true)),
			na("momentum", w.Float(0.1)), na("eps", w.Float(1e-05)),
		}, w.O(out, f32, b.outShape...), w.O(mean, f32, c.cout), w.O(invstd, f32, c.cout),
			w.O(rm, f32, c.cout), w.O(rv, f32, c.cout))
		bumped := sfx("add", i)
		p.Node("torch.ops.aten.add.Tensor", bumped, []w.NamedArg{na("self", w.T(b.nbt)), na("other", w.Int(1))}, w.O(bumped, i64))
		mutations = append(mutations, [2]string{bumped, fmt.Sprintf("blocks.%d.bn.num_batches_tracked", i)})
		mutations = append(mutations, [2]string{rm, fmt.Sprintf("blocks.%d.bn.running_mean", i)},
			[2]string{rv, fmt.Sprintf("blocks.%d.bn.running_var", i)})
		b.relu = sfx("relu", i)
		p.Node("torch.ops.aten.relu.default", b.relu, []w.NamedArg{na("self", w.T(out))}, w.O(b.relu, f32, b.outShape...))
		b.saved = b.relu
		if core {
			for range 2 {
				a := nm("alias")
				p.Node("torch.ops.aten.alias.default", a, []w.NamedArg{na("self", w.T(b.saved))}, w.O(a, f32, b.outShape...))
				b.saved = a
			}
		}
		cur = b.relu
	}
	last := bs[len(bs)-1]
	p.Node("torch.ops.aten.sum.default", "sum_1", []w.NamedArg{na("self", w.T(cur))}, w.O("sum_1", f32))
	ones := "ones_like"
	if core {
		ones = "full_like"
		p.Node("torch.ops.aten.full_like.default", ones, []w.NamedArg{
			na("self", w.T("sum_1")), na("fill_value", w.Int(1)), na("pin_memory", w.Bool_(false)),
			na("memory_format", w.MemoryFormat(w.PreserveFormat)),
		}, w.O(ones, f32))
	} else {
		p.Node("torch.ops.aten.ones_like.default", ones, []w.NamedArg{
			na("self", w.T("sum_1")), na("pin_memory", w.Bool_(false)), na("memory_format", w.MemoryFormat(w.PreserveFormat)),
		}, w.O(ones, f32))
	}
	p.Node("torch.ops.aten.expand.default", "expand", []w.NamedArg{
		na("self", w.T(ones)), na("size", w.Ints(last.outShape...)),
	}, w.O("expand", f32, last.outShape...))
	grad := "expand"
	grads := map[string]string{}
	for i := len(bs) - 1; i >= 0; i-- {
		b, c := bs[i], bs[i].cfg
		var g0 string
		if core {
			g0 = coreBatchNormBackward(p, nm, coreReluBackward(p, nm, grad, b.saved, b.outShape), b.conv, b.bnw, b.bnb, b.mean, b.invstd, b.outShape, grads)
		} else {
			tb := sfx("threshold_backward", i)
			p.Node("torch.ops.aten.threshold_backward.default", tb, []w.NamedArg{
				na("grad_output", w.T(grad)), na("self", w.T(b.relu)), na("threshold", w.Int(0)),
			}, w.O(tb, f32, b.outShape...))
			var g1, g2 string
			g0, g1, g2 = gi(), gi(), gi()
			p.Node("torch.ops.aten.native_batch_norm_backward.default", sfx("native_batch_norm_backward", i), []w.NamedArg{
				na("grad_out", w.T(tb)), na("input", w.T(b.conv)), na("weight", w.T(b.bnw)),
				na("running_mean", w.T(b.rm)), na("running_var", w.T(b.rv)), na("save_mean", w.T(b.mean)),
				na("save_invstd", w.T(b.invstd)), na("train", w.Bool_(true)), na("eps", w.Float(1e-05)),
				na("output_mask", w.Bools(true, true, true)),
			}, w.O(g0, f32, b.outShape...), w.O(g1, f32, c.cout), w.O(g2, f32, c.cout))
			grads[b.bnw], grads[b.bnb] = g1, g2
		}
		first := w.NoneOut
		var d0 string
		if i > 0 {
			d0 = gi()
			first = w.O(d0, f32, b.inShape...)
		}
		h0, h1 := gi(), gi()
		p.Node("torch.ops.aten.convolution_backward.default", sfx("convolution_backward", i), []w.NamedArg{
			na("grad_output", w.T(g0)), na("input", w.T(b.in)), na("weight", w.T(b.w)),
			na("bias_sizes", w.Ints(c.cout)), na("stride", w.Ints(c.stride, c.stride)), na("padding", w.Ints(1, 1)),
			na("dilation", w.Ints(1, 1)), na("transposed", w.Bool_(false)), na("output_padding", w.Ints(0, 0)),
			na("groups", w.Int(c.groups)), na("output_mask", w.Bools(i > 0, true, true)),
		}, first, w.O(h0, f32, c.cout, c.cin/c.groups, 3, 3), w.O(h1, f32, c.cout))
		grads[b.w], grads[b.b] = h0, h1
		grad = d0
	}
	for _, m := range mutations {
		p.Output("buffer_mutation", m[0], m[1])
	}
	p.Output("loss_output", "sum_1", "")
	for i, b := range bs {
		pre := fmt.Sprintf("blocks.%d.", i)
		for _, pr := range [][2]string{{b.w, "conv.weight"}, {b.b, "conv.bias"}, {b.bnw, "bn.weight"}, {b.bnb, "bn.bias"}} {
			p.Output("gradient_to_parameter", grads[pr[0]], pre+pr[1])
		}
	}
	return p, ts
}

// fxNamer names nodes as FX does: the op's name, then name_1, name_2, ...
// in graph order, counting in counts (preset a builtin's name, sum, to 1:
// FX numbers those from sum_1).
func fxNamer(counts map[string]int) func(base string) string {
	return func(base string) string {
		c := counts[base]
		counts[base]++
		if c == 0 {
			return base
		}
		return fmt.Sprintf("%s_%d", base, c)
	}
}

// paramAdder returns a function that adds a float32 parameter input
// p_<fqn> of the given sizes to p, its values the xorshift sequence of
// floats from seed, and its tensor to ts.
func paramAdder(p *w.Program, ts *[]w.Tensor, seed *uint32) func(fqn string, sizes ...int64) string {
	return scaledParamAdder(p, ts, seed, 1)
}

// scaledParamAdder is paramAdder with the values multiplied by scale (a
// power of two keeps them exact), for networks whose activations would
// grow too large with weights of magnitude up to 2.
func scaledParamAdder(p *w.Program, ts *[]w.Tensor, seed *uint32, scale float32) func(fqn string, sizes ...int64) string {
	return func(fqn string, sizes ...int64) string {
		name := "p_" + underscore(fqn)
		p.Input("parameter", name, fqn, f32, sizes...)
		data := floats(numel(sizes), seed)
		if scale != 1 {
			for i := 0; i < len(data); i += 4 {
				v := math.Float32frombits(binary.LittleEndian.Uint32(data[i:]))
				binary.LittleEndian.PutUint32(data[i:], math.Float32bits(v*scale))
			}
		}
		*ts = append(*ts, w.Tensor{FQN: fqn, Dtype: f32, Sizes: sizes, Storage: fqn, Data: data, IsParam: true})
		return name
	}
}

// coreReluBackward adds threshold_backward(grad, saved, 0) as its core
// decomposition writes it, torch.where(saved <= 0, 0, grad): le.Scalar,
// the 0 as a scalar_tensor of the gradient's dtype, where.self.
func coreReluBackward(p *w.Program, nm func(string) string, grad, saved string, shape []int64) string {
	le, zero, where := nm("le"), nm("scalar_tensor"), nm("where")
	p.Node("torch.ops.aten.le.Scalar", le, []w.NamedArg{na("self", w.T(saved)), na("other", w.Int(0))}, w.O(le, w.Bool, shape...))
	p.Node("torch.ops.aten.scalar_tensor.default", zero, []w.NamedArg{
		na("s", w.Float(0)), na("dtype", w.ScalarType(f32)), na("layout", w.LayoutArg(w.Strided)), na("device", w.Device("cpu")),
	}, w.O(zero, f32))
	p.Node("torch.ops.aten.where.self", where, []w.NamedArg{
		na("condition", w.T(le)), na("self", w.T(zero)), na("other", w.T(grad)),
	}, w.O(where, f32, shape...))
	return where
}

// coreBatchNormBackward adds native_batch_norm_backward (training, with a
// weight, all three gradients) for an NCHW input as
// torch/_decomp/decompositions.py decomposes it, op for op: the per-channel
// mean and scales broadcast by unsqueezing dims 0, 2 and 3, the two sums
// over (0, 2, 3), and the Python float norm = 1/(N·H·W) passed to
// mul.Tensor. It records the weight and bias gradients in grads and
// returns the input gradient. Like the decomposition, it subtracts the
// mean twice (FX does not share the two uses).
func coreBatchNormBackward(p *w.Program, nm func(string) string, grad, input, weight, bias, mean, invstd string, shape []int64, grads map[string]string) string {
	c := shape[1]
	node := func(target, base string, args []w.NamedArg, sizes ...int64) string {
		name := nm(base)
		p.Node("torch.ops.aten."+target, name, args, w.O(name, f32, sizes...))
		return name
	}
	mul := func(a string, b w.Arg, sizes ...int64) string {
		return node("mul.Tensor", "mul", []w.NamedArg{na("self", w.T(a)), na("other", b)}, sizes...)
	}
	sub := func(a, b string) string {
		return node("sub.Tensor", "sub", []w.NamedArg{na("self", w.T(a)), na("other", w.T(b))}, shape...)
	}
	sum := func(x string) string {
		return node("sum.dim_IntList", "sum", []w.NamedArg{na("self", w.T(x)), na("dim", w.Ints(0, 2, 3))}, c)
	}
	// _broadcast_batch_norm_backward: [C] → [1, C] → [1, C, 1] → [1, C, 1, 1].
	broadcast := func(x string) string {
		for _, u := range []struct {
			dim   int64
			sizes []int64
		}{{0, []int64{1, c}}, {2, []int64{1, c, 1}}, {3, []int64{1, c, 1, 1}}} {
			x = node("unsqueeze.default", "unsqueeze", []w.NamedArg{na("self", w.T(x)), na("dim", w.Int(u.dim))}, u.sizes...)
		}
		return x
	}
	norm := 1 / float64(shape[0]*shape[2]*shape[3])
	meanB := broadcast(mean)
	gradSum := sum(grad)
	dotP := sum(mul(grad, w.T(sub(input, meanB)), shape...))
	gradMean := broadcast(mul(gradSum, w.Float(norm), c))
	projScale := broadcast(mul(mul(dotP, w.Float(norm), c), w.T(mul(invstd, w.T(invstd), c)), c))
	gradScale := broadcast(mul(invstd, w.T(weight), c))
	proj := mul(sub(input, meanB), w.T(projScale), shape...)
	gradInput := mul(sub(sub(grad, proj), gradMean), w.T(gradScale), shape...)
	grads[weight], grads[bias] = mul(dotP, w.T(invstd), c), gradSum
	return gradInput
}

// jointBlocks is the conv+bn+relu test network: plain, strided+grouped,
// grouped, depthwise and strided channel-reducing blocks (33 nodes).
var jointBlocks = []blockCfg{{3, 4, 1, 1}, {4, 4, 2, 2}, {4, 8, 1, 4}, {8, 8, 1, 8}, {8, 4, 2, 1}}

// progWeights stores weights as PyTorch views do: a transposed
// (non-contiguous) parameter, a buffer at a storage offset, two
// parameters sharing one storage, and an int64 lifted constant.
func progWeights() (*w.Program, []w.Tensor) {
	p := w.NewProgram()
	p.Input("parameter", "p_w_t", "w_t", f32, 3, 4)
	p.Input("parameter", "p_tied_a", "tied_a", f32, 2, 3)
	p.Input("parameter", "p_tied_b", "tied_b", f32, 2, 3)
	p.Input("buffer", "b_shifted", "shifted", f32, 4)
	p.Input("tensor_constant", "c_lifted_tensor_0", "lifted_tensor_0", i64, 4)
	p.Input("user_input", "x", "", f32, 3, 4)
	p.Node("torch.ops.aten.add.Tensor", "add", []w.NamedArg{na("self", w.T("x")), na("other", w.T("p_w_t"))}, w.O("add", f32, 3, 4))
	p.Node("torch.ops.aten.add.Tensor", "add_1", []w.NamedArg{na("self", w.T("add")), na("other", w.T("b_shifted")), na("alpha", w.Float(0.5))}, w.O("add_1", f32, 3, 4))
	p.Node("torch.ops.aten.mul.Tensor", "mul", []w.NamedArg{na("self", w.T("p_tied_a")), na("other", w.T("p_tied_b"))}, w.O("mul", f32, 2, 3))
	p.Node("torch.ops.aten.add.Tensor", "add_2", []w.NamedArg{na("self", w.T("add_1")), na("other", w.T("c_lifted_tensor_0"))}, w.O("add_2", f32, 3, 4))
	p.Output("user_output", "add_2", "")
	p.Output("user_output", "mul", "")
	// w_t is the transpose of a contiguous [4,3] storage 0..11.
	wt := make([]float32, 12)
	for i := range wt {
		wt[i] = float32(i)
	}
	shifted := []float32{-1, -2, 10, 20, 30, 40, -3, -4}
	tied := make([]float32, 12)
	for i := range tied {
		tied[i] = float32(100 + i)
	}
	ts := []w.Tensor{
		{FQN: "w_t", Dtype: f32, Sizes: []int64{3, 4}, Strides: []int64{1, 3}, Storage: "wt", Data: f32bytes(wt), IsParam: true},
		{FQN: "tied_a", Dtype: f32, Sizes: []int64{2, 3}, Storage: "tied", Data: f32bytes(tied), IsParam: true},
		{FQN: "tied_b", Dtype: f32, Sizes: []int64{2, 3}, Offset: 6, Storage: "tied", Data: f32bytes(tied), IsParam: true},
		{FQN: "shifted", Dtype: f32, Sizes: []int64{4}, Offset: 2, Storage: "shifted", Data: f32bytes(shifted)},
		{FQN: "lifted_tensor_0", Dtype: i64, Sizes: []int64{4}, Storage: "c0", Data: i64bytes([]int64{7, -8, 9, 1 << 40}), Constant: true},
	}
	return p, ts
}

// progKVCache is a KV-cache update: index_copy into the key cache and
// index_put with a Tensor?[] index into the value cache (both buffer
// mutations), then a slice of the updated keys (omitting `step`, which
// the importer must fill in from the schema default).
func progKVCache() (*w.Program, []w.Tensor) {
	p := w.NewProgram()
	p.Input("buffer", "b_k_cache", "k_cache", f32, 1, 2, 8, 4)
	p.Input("buffer", "b_v_cache", "v_cache", f32, 1, 2, 8, 4)
	p.Input("user_input", "k", "", f32, 1, 2, 1, 4)
	p.Input("user_input", "v", "", f32, 1, 2, 1, 4)
	p.Input("user_input", "input_pos", "", i64, 1)
	p.Node("torch.ops.aten.index_copy.default", "index_copy", []w.NamedArg{
		na("self", w.T("b_k_cache")), na("dim", w.Int(2)), na("index", w.T("input_pos")), na("source", w.T("k")),
	}, w.O("index_copy", f32, 1, 2, 8, 4))
	p.Node("torch.ops.aten.index_put.default", "index_put", []w.NamedArg{
		na("self", w.T("b_v_cache")), na("indices", w.OptTensors("", "", "input_pos")), na("values", w.T("v")),
	}, w.O("index_put", f32, 1, 2, 8, 4))
	p.Node("torch.ops.aten.slice.Tensor", "slice_1", []w.NamedArg{
		na("self", w.T("index_copy")), na("dim", w.Int(2)), na("start", w.Int(0)), na("end", w.Int(4)),
	}, w.O("slice_1", f32, 1, 2, 4, 4))
	p.Output("buffer_mutation", "index_copy", "k_cache")
	p.Output("buffer_mutation", "index_put", "v_cache")
	p.Output("user_output", "slice_1", "")
	seed := uint32(7)
	return p, []w.Tensor{
		{FQN: "k_cache", Dtype: f32, Sizes: []int64{1, 2, 8, 4}, Storage: "k", Data: floats(64, &seed)},
		{FQN: "v_cache", Dtype: f32, Sizes: []int64{1, 2, 8, 4}, Storage: "v", Data: floats(64, &seed)},
	}
}

// progSplit is a program with Tensor[] results, serialized as as_tensors
// outputs (no getitem nodes): a qkv-style split_with_sizes, a product of
// two pieces, an unbind of the third, a broadcast add of one of its rows.
func progSplit() (*w.Program, []w.Tensor) {
	p := w.NewProgram()
	p.Input("user_input", "x", "", f32, 2, 6)
	p.Node("torch.ops.aten.split_with_sizes.default", "split_with_sizes", []w.NamedArg{
		na("self", w.T("x")), na("split_sizes", w.Ints(2, 2, 2)), na("dim", w.Int(1)),
	}, w.OList(w.O("getitem", f32, 2, 2), w.O("getitem_1", f32, 2, 2), w.O("getitem_2", f32, 2, 2)))
	p.Node("torch.ops.aten.mul.Tensor", "mul", []w.NamedArg{na("self", w.T("getitem")), na("other", w.T("getitem_1"))}, w.O("mul", f32, 2, 2))
	p.Node("torch.ops.aten.unbind.int", "unbind", []w.NamedArg{na("self", w.T("getitem_2"))},
		w.OList(w.O("getitem_3", f32, 2), w.O("getitem_4", f32, 2)))
	p.Node("torch.ops.aten.add.Tensor", "add", []w.NamedArg{na("self", w.T("mul")), na("other", w.T("getitem_3"))}, w.O("add", f32, 2, 2))
	p.Output("user_output", "add", "")
	p.Output("user_output", "getitem_4", "")
	return p, nil
}

func underscore(fqn string) string {
	b := []byte(fqn)
	for i, c := range b {
		if c == '.' {
			b[i] = '_'
		}
	}
	return string(b)
}

func numel(sizes []int64) int64 {
	n := int64(1)
	for _, s := range sizes {
		n *= s
	}
	return n
}

// floats makes deterministic small float32 values (a xorshift sequence
// quantized to 1/8 so printed goldens stay short and exact).
func floats(n int64, seed *uint32) []byte {
	out := make([]float32, n)
	for i := range out {
		x := *seed
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		*seed = x
		out[i] = float32(int32(x%33)-16) / 8
	}
	return f32bytes(out)
}

func f32bytes(vs []float32) []byte {
	b := make([]byte, 4*len(vs))
	for i, v := range vs {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(v))
	}
	return b
}

func i64bytes(vs []int64) []byte {
	b := make([]byte, 8*len(vs))
	for i, v := range vs {
		binary.LittleEndian.PutUint64(b[8*i:], uint64(v))
	}
	return b
}

// writeArchive writes a program in a layout, adjusting the program to what
// that torch version wrote (older schema minors, no node names).
func writeArchive(layout w.Layout, p *w.Program, ts []w.Tensor) ([]byte, error) {
	switch layout {
	case w.Legacy:
		p.SchemaMinor, p.NodeNames = 2, false
	case w.PT2Pickle:
		p.SchemaMinor, p.NodeNames = 8, false
	default:
		p.SchemaMinor, p.NodeNames = 17, true
	}
	proto := 2
	if layout == w.PT2Pickle {
		proto = 4 // exercise FRAME, STACK_GLOBAL, MEMOIZE
	}
	a := &w.Archive{Layout: layout, Program: p.JSON(), Tensors: ts, Protocol: proto}
	return a.Bytes()
}
