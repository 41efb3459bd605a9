// Package jointnet builds the joint training graphs of small
// convolutional networks as torch.export writes them, as pt2write
// programs: the importer's tests and fixtures use them at a few KB, and
// `torchlower bench --suite=training` at the sizes of real layers, where
// a whole training step is timed against PyTorch's autograd on the same
// network.
//
// ConvBnRelu is a stack of conv+bn+relu blocks with a summed output as
// loss, as _export_forward_backward produces it (Autograd), or after torch
// 2.x's core ATen decompositions (Core). The helpers below it (Namer,
// ParamAdder, ReluBackwardCore, BatchNormBackwardCore, Floats) are the
// pieces other fixture graphs share.
package jointnet

import (
	"encoding/binary"
	"fmt"
	"math"

	w "github.com/torchlower/torchlower/internal/pt2write"
)

const f32, i64 = w.Float32, w.Int64

// Block is one conv+bn+relu block: a Kernel×Kernel convolution (odd
// Kernel, padding Kernel/2, with a bias) of Cin into Cout channels in
// Groups groups with Stride, then training-mode batch norm and ReLU.
type Block struct {
	Cin, Cout, Stride, Groups, Kernel int64
}

// Form is how the backward ops are written.
type Form int

const (
	// Autograd keeps the ops autograd records: ones_like,
	// threshold_backward, native_batch_norm_backward.
	Autograd Form = iota
	// Core is torch 2.x's _export_forward_backward after
	// core_aten_decompositions: those three decomposed op for op as
	// torch/_decomp/decompositions.py does (full_like; where(le.Scalar, 0,
	// grad) with a scalar_tensor; unsqueeze, sum.dim_IntList, sub.Tensor
	// and mul.Tensor with Python floats), and the alias nodes AOTAutograd
	// leaves on saved activations.
	Core
)

func na(name string, a w.Arg) w.NamedArg { return w.NamedArg{Name: name, Arg: a} }

// ConvBnRelu is the joint forward/backward graph of blocks applied to an
// n×blocks[0].Cin×hw×hw input x (the one user input): batch-norm
// running-stat updates as buffer mutations, the sum of the last block's
// output as the loss, then one gradient per parameter (no gradient for x:
// the first convolution_backward's output_mask is [false, true, true]).
// Parameters and buffers hold Floats from a fixed seed. Both forms have
// the same inputs, parameters and outputs, so one eager network's results
// hold for both.
func ConvBnRelu(blocks []Block, n, hw int64, form Form) (*w.Program, []w.Tensor) {
	core := form == Core
	p := w.NewProgram()
	// nm names the decomposed nodes as FX does. The loss is sum_1: FX
	// numbers a builtin's name from 1.
	counts := map[string]int{"sum": 2}
	nm := Namer(counts)
	var ts []w.Tensor
	seed := uint32(1)
	param := ParamAdder(p, &ts, &seed, 1)
	type blk struct {
		w, b, bnw, bnb, rm, rv, nbt string
		cfg                         Block
		in, conv, relu, saved       string
		inShape, outShape           []int64
		mean, invstd                string
	}
	bs := make([]*blk, len(blocks))
	for i, c := range blocks {
		pre := fmt.Sprintf("blocks.%d.", i)
		bs[i] = &blk{cfg: c}
		bs[i].w = param(pre+"conv.weight", c.Cout, c.Cin/c.Groups, c.Kernel, c.Kernel)
		bs[i].b = param(pre+"conv.bias", c.Cout)
		bs[i].bnw = param(pre+"bn.weight", c.Cout)
		bs[i].bnb = param(pre+"bn.bias", c.Cout)
	}
	for i, c := range blocks {
		pre := fmt.Sprintf("blocks.%d.bn.", i)
		// num_batches_tracked is a rank-0 int64 buffer that training bumps
		// with add.Tensor(buffer, 1): a Python scalar where a Tensor goes,
		// which imports as torch.prim.NumToTensor.Scalar.
		nbt := "b_" + Underscore(pre+"num_batches_tracked")
		p.Input("buffer", nbt, pre+"num_batches_tracked", i64)
		ts = append(ts, w.Tensor{FQN: pre + "num_batches_tracked", Dtype: i64, Storage: pre + "num_batches_tracked", Data: make([]byte, 8)})
		bs[i].nbt = nbt
		for _, buf := range []string{"running_mean", "running_var"} {
			name := "b_" + Underscore(pre+buf)
			p.Input("buffer", name, pre+buf, f32, c.Cout)
			ts = append(ts, w.Tensor{FQN: pre + buf, Dtype: f32, Sizes: []int64{c.Cout}, Storage: pre + buf, Data: Floats(c.Cout, &seed)})
			if buf == "running_mean" {
				bs[i].rm = name
			} else {
				bs[i].rv = name
			}
		}
	}
	p.Input("user_input", "x", "", f32, n, blocks[0].Cin, hw, hw)

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
	convArgs := func(c Block) []w.NamedArg {
		pad := c.Kernel / 2
		return []w.NamedArg{
			na("stride", w.Ints(c.Stride, c.Stride)), na("padding", w.Ints(pad, pad)), na("dilation", w.Ints(1, 1)),
			na("transposed", w.Bool_(false)), na("output_padding", w.Ints(0, 0)), na("groups", w.Int(c.Groups)),
		}
	}
	cur, h := "x", hw
	var mutations [][2]string
	for i, b := range bs {
		c := b.cfg
		b.in, b.inShape = cur, []int64{n, c.Cin, h, h}
		h = (h+2*(c.Kernel/2)-c.Kernel)/c.Stride + 1
		b.outShape = []int64{n, c.Cout, h, h}
		b.conv = sfx("convolution", i)
		p.Node("torch.ops.aten.convolution.default", b.conv, append([]w.NamedArg{
			na("input", w.T(cur)), na("weight", w.T(b.w)), na("bias", w.T(b.b)),
		}, convArgs(c)...), w.O(b.conv, f32, b.outShape...))
		out, mean, invstd, rm, rv := gi(), gi(), gi(), gi(), gi()
		b.mean, b.invstd = mean, invstd
		p.Node("torch.ops.aten._native_batch_norm_legit_functional.default", sfx("_native_batch_norm_legit_functional", i), []w.NamedArg{
			na("input", w.T(b.conv)), na("weight", w.T(b.bnw)), na("bias", w.T(b.bnb)),
			na("running_mean", w.T(b.rm)), na("running_var", w.T(b.rv)), na("training", w.Bool_(true)),
			na("momentum", w.Float(0.1)), na("eps", w.Float(1e-05)),
		}, w.O(out, f32, b.outShape...), w.O(mean, f32, c.Cout), w.O(invstd, f32, c.Cout),
			w.O(rm, f32, c.Cout), w.O(rv, f32, c.Cout))
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
			g0 = BatchNormBackwardCore(p, nm, ReluBackwardCore(p, nm, grad, b.saved, b.outShape), b.conv, b.bnw, b.bnb, b.mean, b.invstd, b.outShape, grads)
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
			}, w.O(g0, f32, b.outShape...), w.O(g1, f32, c.Cout), w.O(g2, f32, c.Cout))
			grads[b.bnw], grads[b.bnb] = g1, g2
		}
		first := w.NoneOut
		var d0 string
		if i > 0 {
			d0 = gi()
			first = w.O(d0, f32, b.inShape...)
		}
		h0, h1 := gi(), gi()
		p.Node("torch.ops.aten.convolution_backward.default", sfx("convolution_backward", i), append(append([]w.NamedArg{
			na("grad_output", w.T(g0)), na("input", w.T(b.in)), na("weight", w.T(b.w)),
			na("bias_sizes", w.Ints(c.Cout)),
		}, convArgs(c)...), na("output_mask", w.Bools(i > 0, true, true))),
			first, w.O(h0, f32, c.Cout, c.Cin/c.Groups, c.Kernel, c.Kernel), w.O(h1, f32, c.Cout))
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

// Namer names nodes as FX does: the op's name, then name_1, name_2, ...
// in graph order, counting in counts (preset a builtin's name, sum, to 1:
// FX numbers those from sum_1).
func Namer(counts map[string]int) func(base string) string {
	return func(base string) string {
		c := counts[base]
		counts[base]++
		if c == 0 {
			return base
		}
		return fmt.Sprintf("%s_%d", base, c)
	}
}

// ParamAdder returns a function that adds a float32 parameter input
// p_<fqn> of the given sizes to p, its values the Floats from seed
// multiplied by scale (a power of two keeps them exact: networks whose
// activations would grow too large with weights of magnitude up to 2
// scale them down), and its tensor to ts.
func ParamAdder(p *w.Program, ts *[]w.Tensor, seed *uint32, scale float32) func(fqn string, sizes ...int64) string {
	return func(fqn string, sizes ...int64) string {
		name := "p_" + Underscore(fqn)
		p.Input("parameter", name, fqn, f32, sizes...)
		data := Floats(Numel(sizes), seed)
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

// ReluBackwardCore adds threshold_backward(grad, saved, 0) as its core
// decomposition writes it, torch.where(saved <= 0, 0, grad): le.Scalar,
// the 0 as a scalar_tensor of the gradient's dtype, where.self.
func ReluBackwardCore(p *w.Program, nm func(string) string, grad, saved string, shape []int64) string {
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

// BatchNormBackwardCore adds native_batch_norm_backward (training, with a
// weight, all three gradients) for an NCHW input as
// torch/_decomp/decompositions.py decomposes it, op for op: the per-channel
// mean and scales broadcast by unsqueezing dims 0, 2 and 3, the two sums
// over (0, 2, 3), and the Python float norm = 1/(N·H·W) passed to
// mul.Tensor. It records the weight and bias gradients in grads and
// returns the input gradient. Like the decomposition, it subtracts the
// mean twice (FX does not share the two uses).
func BatchNormBackwardCore(p *w.Program, nm func(string) string, grad, input, weight, bias, mean, invstd string, shape []int64, grads map[string]string) string {
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

// Underscore is an FQN as a placeholder name spells it: dots as
// underscores.
func Underscore(fqn string) string {
	b := []byte(fqn)
	for i, c := range b {
		if c == '.' {
			b[i] = '_'
		}
	}
	return string(b)
}

// Numel is the number of elements of a tensor of the given sizes.
func Numel(sizes []int64) int64 {
	n := int64(1)
	for _, s := range sizes {
		n *= s
	}
	return n
}

// Floats makes n deterministic small float32 values, little-endian (a
// xorshift sequence from *seed, advanced, quantized to 1/8 in [-2, 2] so
// printed goldens stay short and exact).
func Floats(n int64, seed *uint32) []byte {
	out := make([]byte, 4*n)
	for i := range n {
		x := *seed
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		*seed = x
		binary.LittleEndian.PutUint32(out[4*i:], math.Float32bits(float32(int32(x%33)-16)/8))
	}
	return out
}
