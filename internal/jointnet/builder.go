package jointnet

import (
	w "github.com/torchlower/torchlower/internal/pt2write"
)

// Builder writes the nodes of a core-decomposed joint graph, named as FX
// names them (sum_1, sum_2, ...: FX numbers a builtin's name from 1),
// with the value shapes each node's metadata carries. The importer's
// fixtures and the transformer training step share it: each writes a
// decomposition op for op as torch/_decomp/decompositions.py has it.
type Builder struct {
	P      *w.Program
	Name   func(string) string
	Shapes map[string][]int64
}

// NewBuilder returns a Builder adding to p.
func NewBuilder(p *w.Program) *Builder {
	return &Builder{P: p, Name: Namer(map[string]int{"sum": 1}), Shapes: map[string][]int64{}}
}

// Node adds aten target (overload included) as the next node named after
// base, with one output of dtype and sizes, and returns the output's name.
func (c *Builder) Node(target, base string, dtype int, sizes []int64, args ...w.NamedArg) string {
	name := c.Name(base)
	c.P.Node("torch.ops.aten."+target, name, args, w.O(name, dtype, sizes...))
	c.Shapes[name] = sizes
	return name
}

// Zero is the 0 a decomposition's torch.where(c, x, 0) passes: a
// scalar_tensor of dtype.
func (c *Builder) Zero(dtype int) string {
	return c.Node("scalar_tensor.default", "scalar_tensor", dtype, nil, na("s", w.Int(0)), na("dtype", w.ScalarType(dtype)),
		na("layout", w.LayoutArg(w.Strided)), na("device", w.Device("cpu")))
}

// Mul is mul.Tensor(a, b): b a tensor or a Python scalar.
func (c *Builder) Mul(a string, b w.Arg, sizes []int64) string {
	return c.Node("mul.Tensor", "mul", f32, sizes, na("self", w.T(a)), na("other", b))
}

// Sub is sub.Tensor(a, b).
func (c *Builder) Sub(a, b string, sizes []int64) string {
	return c.Node("sub.Tensor", "sub", f32, sizes, na("self", w.T(a)), na("other", w.T(b)))
}

// Add is add.Tensor(a, b): b a tensor or a Python scalar.
func (c *Builder) Add(a string, b w.Arg, sizes []int64) string {
	return c.Node("add.Tensor", "add", f32, sizes, na("self", w.T(a)), na("other", b))
}

// SumDims is sum.dim_IntList(x, dims, keep); sizes are the result's.
func (c *Builder) SumDims(x string, keep bool, sizes []int64, dims ...int64) string {
	args := []w.NamedArg{na("self", w.T(x)), na("dim", w.Ints(dims...))}
	if keep {
		args = append(args, na("keepdim", w.Bool_(true)))
	}
	return c.Node("sum.dim_IntList", "sum", f32, sizes, args...)
}

// Permute swaps the two dims of a matrix; sizes are the result's.
func (c *Builder) Permute(x string, sizes []int64) string {
	return c.PermuteDims(x, sizes, 1, 0)
}

// PermuteDims is permute(x, dims); sizes are the result's.
func (c *Builder) PermuteDims(x string, sizes []int64, dims ...int64) string {
	return c.Node("permute.default", "permute", f32, sizes, na("self", w.T(x)), na("dims", w.Ints(dims...)))
}

// View is view(x, sizes).
func (c *Builder) View(x string, sizes ...int64) string {
	return c.Node("view.default", "view", f32, sizes, na("self", w.T(x)), na("size", w.Ints(sizes...)))
}

// LinearBackward adds addmm's backward for y = b + in·wt ([rows, in] by
// [in, out], wt the permuted weight): the input's gradient grad·wtᵀ when
// wantInput; wt's gradient as AOT autograd writes it, the permute of
// gradᵀ·in (the weight's own gradient is one more permute, which the
// caller adds where the graph has it); and the bias's gradient, a keepdim
// sum over the rows viewed flat.
func (c *Builder) LinearBackward(grad, in, wt string, wantInput bool) (gIn, gWt, gB string) {
	T := w.T
	rows, out := c.Shapes[grad][0], c.Shapes[grad][1]
	inF := c.Shapes[wt][0]
	if wantInput {
		gIn = c.Node("mm.default", "mm", f32, []int64{rows, inF}, na("self", T(grad)), na("mat2", T(c.Permute(wt, []int64{out, inF}))))
	}
	gWt = c.Permute(c.Node("mm.default", "mm", f32, []int64{out, inF}, na("self", T(c.Permute(grad, []int64{out, rows}))), na("mat2", T(in))), []int64{inF, out})
	gB = c.View(c.SumDims(grad, true, []int64{1, out}, 0), out)
	return gIn, gWt, gB
}

// LayerNorm adds native_layer_norm(x, [last dim], weight, bias, 1e-5)
// and returns its three results: the output, and the mean and rstd with
// the last dim kept as 1.
func (c *Builder) LayerNorm(x, weight, bias string) (out, mean, rstd string) {
	shape := c.Shapes[x]
	d := shape[len(shape)-1]
	stat := append(append([]int64(nil), shape[:len(shape)-1]...), 1)
	out, mean, rstd = c.Name("getitem"), c.Name("getitem"), c.Name("getitem")
	c.P.Node("torch.ops.aten.native_layer_norm.default", c.Name("native_layer_norm"), []w.NamedArg{
		na("input", w.T(x)), na("normalized_shape", w.Ints(d)), na("weight", w.T(weight)), na("bias", w.T(bias)), na("eps", w.Float(1e-05)),
	}, w.O(out, f32, shape...), w.O(mean, f32, stat...), w.O(rstd, f32, stat...))
	c.Shapes[out], c.Shapes[mean], c.Shapes[rstd] = shape, stat, stat
	return out, mean, rstd
}

// LayerNormBackward adds native_layer_norm_backward(grad, x, [last dim],
// mean, rstd, weight, bias) over x's last dim as the decomposition writes
// it (x_hat = (x − mean)·rstd; grad_input = rstd/N · (N·ĝ − Σĝ −
// x_hat·Σ(ĝ·x_hat)) with ĝ = grad·weight; the weight's and bias's
// gradients summed over every other dim). It returns the three
// gradients, gIn "" where wantInput is false (output_mask[0]).
func (c *Builder) LayerNormBackward(grad, x, mean, rstd, weight string, wantInput bool) (gIn, gW, gB string) {
	T := w.T
	shape := c.Shapes[x]
	r := len(shape) - 1
	d := shape[r]
	stat := c.Shapes[mean]
	xhat := c.Mul(c.Sub(x, mean, shape), T(rstd), shape)
	gxhat := c.Mul(grad, T(weight), shape)
	if wantInput {
		a := c.Mul(gxhat, w.Int(d), shape)
		bsum := c.SumDims(gxhat, true, stat, int64(r))
		c2 := c.SumDims(c.Mul(gxhat, T(xhat), shape), true, stat, int64(r))
		c3 := c.Mul(xhat, T(c2), shape)
		inner := c.Sub(c.Sub(a, bsum, shape), c3, shape)
		scale := c.Node("div.Tensor", "div", f32, stat, na("self", T(rstd)), na("other", w.Int(d)))
		gIn = c.Mul(scale, T(inner), shape)
	}
	outer := make([]int64, r)
	for i := range outer {
		outer[i] = int64(i)
	}
	gW = c.SumDims(c.Mul(grad, T(xhat), shape), false, []int64{d}, outer...)
	gB = c.SumDims(grad, false, []int64{d}, outer...)
	return gIn, gW, gB
}

// GeluBackward adds gelu_backward(grad, x) (the exact, erf form) as the
// decomposition writes it: grad · (cdf + x · pdf), cdf = (1 + erf(x/√2))/2
// and pdf = exp(−x²/2)/√(2π).
func (c *Builder) GeluBackward(grad, x string) string {
	T := w.T
	shape := c.Shapes[x]
	cdf := c.Mul(c.Add(c.Node("erf.default", "erf", f32, shape, na("self", T(c.Mul(x, w.Float(0.7071067811865476), shape)))), w.Int(1), shape), w.Float(0.5), shape)
	pdf := c.Mul(c.Node("exp.default", "exp", f32, shape, na("self", T(c.Mul(c.Mul(x, T(x), shape), w.Float(-0.5), shape)))), w.Float(0.3989422804014327), shape)
	return c.Mul(grad, T(c.Add(cdf, T(c.Mul(x, T(pdf), shape)), shape)), shape)
}
