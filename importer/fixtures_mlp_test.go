package importer

import (
	"slices"

	"github.com/torchlower/torchlower/internal/jointnet"
	w "github.com/torchlower/torchlower/internal/pt2write"
)

// mlpShape is the feed-forward fixture: batch rows, in, hidden and out
// features (Linear(in, hidden), GELU, LayerNorm(hidden),
// Linear(hidden, out), cross entropy over out classes).
type mlpShape struct{ rows, in, hidden, classes int64 }

var mlpFixture = mlpShape{6, 8, 16, 4}

// progJointMLP is the training step of a transformer block's feed-forward
// half, Linear → GELU → LayerNorm → Linear, with cross entropy against
// int64 targets as the loss, as torch 2.x's _export_forward_backward
// writes it after the core ATen decompositions (the same model as
// e2e/gen/export_fixtures.py's joint_mlp_layernorm_xent). Each
// decomposition is written op for op as torch/_decomp/decompositions.py
// has it: linear as permute + addmm; cross_entropy as _log_softmax and
// nll_loss_forward's where/unsqueeze/gather/squeeze/neg/sum/div; the
// backward as nll_loss_backward's full_like/scatter.value/where/mul,
// _log_softmax_backward_data's exp/sum/mul/sub, addmm's mm/permute/sum/
// view, native_layer_norm_backward's x_hat form, and gelu_backward's erf
// form; Python scalars stay scalars (mul.Tensor(x, 0.5), div.Tensor(x,
// 16)). Outputs: the loss, then each parameter's gradient.
func progJointMLP(s mlpShape) (*w.Program, []w.Tensor) {
	p := w.NewProgram()
	var ts []w.Tensor
	seed := uint32(3)
	param := jointnet.ParamAdder(p, &ts, &seed, 1)
	w0, b0 := param("net.0.weight", s.hidden, s.in), param("net.0.bias", s.hidden)
	lnw, lnb := param("net.2.weight", s.hidden), param("net.2.bias", s.hidden)
	w3, b3 := param("net.3.weight", s.classes, s.hidden), param("net.3.bias", s.classes)
	p.Input("user_input", "x", "", f32, s.rows, s.in)
	p.Input("user_input", "target", "", i64, s.rows)
	c := newCoreBuilder(p)
	T := w.T
	rh := sh(s.rows, s.hidden)

	// Forward.
	wt0 := c.Permute(w0, sh(s.in, s.hidden))
	h := c.Node("addmm.default", "addmm", f32, rh, na("self", T(b0)), na("mat1", T("x")), na("mat2", T(wt0)))
	g := c.Node("gelu.default", "gelu", f32, rh, na("self", T(h)))
	lnOut, lnMean, lnRstd := c.LayerNorm(g, lnw, lnb)
	wt3 := c.Permute(w3, sh(s.hidden, s.classes))
	logits := c.Node("addmm.default", "addmm", f32, sh(s.rows, s.classes), na("self", T(b3)), na("mat1", T(lnOut)), na("mat2", T(wt3)))
	xent := c.crossEntropy(logits, "target", s.rows, s.classes)

	// Backward.
	gLogits := c.crossEntropyBackward(xent)
	gLn, gw3t, gb3 := c.LinearBackward(gLogits, lnOut, wt3, true)
	gG, gLnw, gLnb := c.LayerNormBackward(gLn, g, lnMean, lnRstd, lnw, true)
	gH := c.GeluBackward(gG, h)
	// The first Linear's weight and bias (x needs no gradient).
	_, gw0t, gb0 := c.LinearBackward(gH, "x", wt0, false)
	gw3 := c.Permute(gw3t, sh(s.classes, s.hidden))
	gw0 := c.Permute(gw0t, sh(s.hidden, s.in))

	p.Output("loss_output", xent.loss, "")
	for _, g := range [][2]string{{gw0, "net.0.weight"}, {gb0, "net.0.bias"}, {gLnw, "net.2.weight"}, {gLnb, "net.2.bias"},
		{gw3, "net.3.weight"}, {gb3, "net.3.bias"}} {
		p.Output("gradient_to_parameter", g[0], g[1])
	}
	return p, ts
}

func sh(d ...int64) []int64 { return d }

// coreBuilder is jointnet's Builder with the cross entropy the
// classifier fixtures end in.
type coreBuilder struct{ *jointnet.Builder }

func newCoreBuilder(p *w.Program) coreBuilder { return coreBuilder{jointnet.NewBuilder(p)} }

// conv adds convolution(in, wt, b) with stride 1, padding 0 and
// dilation 1 over the spatial dims of sizes (its output's), as the
// classifier fixtures' convolutions are.
func (c coreBuilder) conv(in, wt, b string, sizes []int64) string {
	n := len(sizes) - 2
	ones, zeros := w.Ints(slices.Repeat([]int64{1}, n)...), w.Ints(make([]int64, n)...)
	return c.Node("convolution.default", "convolution", f32, sizes, na("input", w.T(in)), na("weight", w.T(wt)), na("bias", w.T(b)),
		na("stride", ones), na("padding", zeros), na("dilation", ones), na("transposed", w.Bool_(false)),
		na("output_padding", zeros), na("groups", w.Int(1)))
}

// relu adds relu(x) and returns it with the alias of an alias that
// autograd saves of it for the backward.
func (c coreBuilder) relu(x string, sizes []int64) (string, string) {
	r := c.Node("relu.default", "relu", f32, sizes, na("self", w.T(x)))
	a := c.Node("alias.default", "alias", f32, sizes, na("self", w.T(r)))
	return r, c.Node("alias.default", "alias", f32, sizes, na("self", w.T(a)))
}

// convBackward adds the convolution_backward of conv (weight of wSizes,
// cout outputs) and returns the input, weight and bias gradients; the
// input's is masked off ("") unless wantInput (inSizes its shape).
func (c coreBuilder) convBackward(grad, in, wt string, cout int64, inSizes, wSizes []int64, wantInput bool) (string, string, string) {
	n := len(wSizes) - 2
	ones, zeros := w.Ints(slices.Repeat([]int64{1}, n)...), w.Ints(make([]int64, n)...)
	gIn := w.NoneOut
	var gi string
	if wantInput {
		gi = c.Name("getitem")
		gIn = w.O(gi, f32, inSizes...)
	}
	gw, gb := c.Name("getitem"), c.Name("getitem")
	c.P.Node("torch.ops.aten.convolution_backward.default", c.Name("convolution_backward"), []w.NamedArg{
		na("grad_output", w.T(grad)), na("input", w.T(in)), na("weight", w.T(wt)), na("bias_sizes", w.Ints(cout)),
		na("stride", ones), na("padding", zeros), na("dilation", ones), na("transposed", w.Bool_(false)),
		na("output_padding", zeros), na("groups", w.Int(1)), na("output_mask", w.Bools(wantInput, true, true)),
	}, gIn, w.O(gw, f32, wSizes...), w.O(gb, f32, cout))
	return gi, gw, gb
}

// xentNodes are what crossEntropy wrote, for its backward.
type xentNodes struct {
	loss, logp, saved, total, target string
	rows, classes                    int64
}

// crossEntropy adds F.cross_entropy(logits, target) (mean, ignore_index
// -100) for [rows, classes] logits as the core decompositions write it:
// _log_softmax, then nll_loss_forward's where/unsqueeze/gather/squeeze/
// neg/where, the count of valid targets (ne, sum, _to_copy) and the mean.
func (c coreBuilder) crossEntropy(logits, target string, rows, classes int64) xentNodes {
	T := w.T
	x := xentNodes{target: target, rows: rows, classes: classes}
	x.logp = c.Node("_log_softmax.default", "_log_softmax", f32, sh(rows, classes), na("self", T(logits)), na("dim", w.Int(1)), na("half_to_float", w.Bool_(false)))
	// What autograd saves of log_softmax's result for its backward.
	x.saved = c.Node("alias.default", "alias", f32, sh(rows, classes), na("self", T(x.logp)))
	valid := c.Node("ne.Scalar", "ne", w.Bool, sh(rows), na("self", T(target)), na("other", w.Int(-100)))
	safe := c.Node("where.self", "where", i64, sh(rows), na("condition", T(valid)), na("self", T(target)), na("other", T(c.Zero(i64))))
	safe2 := c.Node("unsqueeze.default", "unsqueeze", i64, sh(rows, 1), na("self", T(safe)), na("dim", w.Int(1)))
	picked := c.Node("gather.default", "gather", f32, sh(rows, 1), na("self", T(x.logp)), na("dim", w.Int(1)), na("index", T(safe2)))
	picked1 := c.Node("squeeze.dims", "squeeze", f32, sh(rows), na("self", T(picked)), na("dim", w.Ints(1)))
	nll := c.Node("neg.default", "neg", f32, sh(rows), na("self", T(picked1)))
	valid1 := c.Node("ne.Scalar", "ne", w.Bool, sh(rows), na("self", T(target)), na("other", w.Int(-100)))
	nll1 := c.Node("where.self", "where", f32, sh(rows), na("condition", T(valid1)), na("self", T(nll)), na("other", T(c.Zero(f32))))
	valid2 := c.Node("ne.Scalar", "ne", w.Bool, sh(rows), na("self", T(target)), na("other", w.Int(-100)))
	// Full sums are sum.dim_IntList over no dims (PyTorch's "all of
	// them"), as torch 2.11's decompositions write them.
	count := c.Node("sum.dim_IntList", "sum", i64, nil, na("self", T(valid2)), na("dim", w.Ints()))
	x.total = c.Node("_to_copy.default", "_to_copy", f32, nil, na("self", T(count)), na("dtype", w.ScalarType(f32)))
	sumNLL := c.Node("sum.dim_IntList", "sum", f32, nil, na("self", T(nll1)), na("dim", w.Ints()))
	x.loss = c.Node("div.Tensor", "div", f32, nil, na("self", T(sumNLL)), na("other", T(x.total)))
	return x
}

// crossEntropyBackward adds the loss's seed (full_like 1), then
// nll_loss_backward (full_like 0, scatter.value -1 at each target, where,
// mul) and _log_softmax_backward_data (exp, sum, mul, sub), and returns
// the logits' gradient.
func (c coreBuilder) crossEntropyBackward(x xentNodes) string {
	T := w.T
	rc := sh(x.rows, x.classes)
	seedGrad := c.Node("full_like.default", "full_like", f32, nil, na("self", T(x.loss)), na("fill_value", w.Int(1)),
		na("pin_memory", w.Bool_(false)), na("memory_format", w.MemoryFormat(w.PreserveFormat)))
	gOut := c.Node("div.Tensor", "div", f32, nil, na("self", T(seedGrad)), na("other", T(x.total)))
	tgt := c.Node("unsqueeze.default", "unsqueeze", i64, sh(x.rows, 1), na("self", T(x.target)), na("dim", w.Int(1)))
	valid := c.Node("ne.Scalar", "ne", w.Bool, sh(x.rows, 1), na("self", T(tgt)), na("other", w.Int(-100)))
	safe := c.Node("where.self", "where", i64, sh(x.rows, 1), na("condition", T(valid)), na("self", T(tgt)), na("other", T(c.Zero(i64))))
	zeros := c.Node("full_like.default", "full_like", f32, rc, na("self", T(x.logp)), na("fill_value", w.Int(0)),
		na("pin_memory", w.Bool_(false)), na("memory_format", w.MemoryFormat(w.PreserveFormat)))
	onehot := c.Node("scatter.value", "scatter", f32, rc, na("self", T(zeros)), na("dim", w.Int(1)), na("index", T(safe)), na("value", w.Float(-1)))
	valid1 := c.Node("ne.Scalar", "ne", w.Bool, sh(x.rows, 1), na("self", T(tgt)), na("other", w.Int(-100)))
	gOut1 := c.Node("where.self", "where", f32, sh(x.rows, 1), na("condition", T(valid1)), na("self", T(gOut)), na("other", T(c.Zero(f32))))
	gLogp := c.Mul(onehot, T(gOut1), rc)
	e := c.Node("exp.default", "exp", f32, rc, na("self", T(c.Node("alias.default", "alias", f32, rc, na("self", T(x.saved))))))
	gs := c.SumDims(gLogp, true, sh(x.rows, 1), 1)
	return c.Sub(gLogp, c.Mul(e, T(gs), rc), rc)
}

// embedShape is the embedding fixture: batch, tokens per row, vocabulary
// and embedding width (Embedding(vocab, dim), then a Linear(dim, vocab)
// head, cross entropy against the next tokens).
type embedShape struct{ batch, tokens, vocab, dim int64 }

var embedFixture = embedShape{2, 3, 10, 8}

// progJointEmbed is the training step of a language model's ends: token
// embeddings (nn.Embedding) flattened to rows, a Linear head over the
// vocabulary, cross entropy; as torch 2.x's core decompositions write it.
// Its backward ends in embedding_dense_backward's decomposition: the
// padding mask (eq.Scalar against padding_idx -1, unsqueeze, where
// with a zero scalar_tensor) and the accumulating index_put of the rows'
// gradients into full zeros, as torch 2.11 writes them. Outputs: the loss, then each parameter's
// gradient.
func progJointEmbed(s embedShape) (*w.Program, []w.Tensor) {
	p := w.NewProgram()
	var ts []w.Tensor
	seed := uint32(5)
	param := jointnet.ParamAdder(p, &ts, &seed, 1)
	emb := param("emb.weight", s.vocab, s.dim)
	hw, hb := param("head.weight", s.vocab, s.dim), param("head.bias", s.vocab)
	p.Input("user_input", "tokens", "", i64, s.batch, s.tokens)
	p.Input("user_input", "target", "", i64, s.batch*s.tokens)
	c := newCoreBuilder(p)
	T := w.T
	rows := s.batch * s.tokens
	btd := sh(s.batch, s.tokens, s.dim)

	// Forward.
	e := c.Node("embedding.default", "embedding", f32, btd, na("weight", T(emb)), na("indices", T("tokens")))
	flat := c.Node("view.default", "view", f32, sh(rows, s.dim), na("self", T(e)), na("size", w.Ints(rows, s.dim)))
	wt := c.Permute(hw, sh(s.dim, s.vocab))
	logits := c.Node("addmm.default", "addmm", f32, sh(rows, s.vocab), na("self", T(hb)), na("mat1", T(flat)), na("mat2", T(wt)))
	xent := c.crossEntropy(logits, "target", rows, s.vocab)

	// Backward.
	gLogits := c.crossEntropyBackward(xent)
	gFlat, gWt, gB := c.LinearBackward(gLogits, flat, wt, true)
	gE := c.Node("view.default", "view", f32, btd, na("self", T(gFlat)), na("size", w.Ints(btd...)))
	// embedding_dense_backward(gE, tokens, vocab, -1, False).
	pad := c.Node("eq.Scalar", "eq", w.Bool, sh(s.batch, s.tokens), na("self", T("tokens")), na("other", w.Int(-1)))
	pad1 := c.Node("unsqueeze.default", "unsqueeze", w.Bool, sh(s.batch, s.tokens, 1), na("self", T(pad)), na("dim", w.Int(-1)))
	masked := c.Node("where.self", "where", f32, btd, na("condition", T(pad1)), na("self", T(c.Zero(f32))), na("other", T(gE)))
	zeros := c.Node("full.default", "full", f32, sh(s.vocab, s.dim), na("size", w.Ints(s.vocab, s.dim)), na("fill_value", w.Int(0)),
		na("dtype", w.ScalarType(f32)), na("layout", w.LayoutArg(w.Strided)), na("device", w.Device("cpu")), na("pin_memory", w.Bool_(false)))
	gEmb := c.Node("index_put.default", "index_put", f32, sh(s.vocab, s.dim), na("self", T(zeros)),
		na("indices", w.Tensors("tokens")), na("values", T(masked)), na("accumulate", w.Bool_(true)))
	gW := c.Permute(gWt, sh(s.vocab, s.dim))

	p.Output("loss_output", xent.loss, "")
	for _, g := range [][2]string{{gEmb, "emb.weight"}, {gW, "head.weight"}, {gB, "head.bias"}} {
		p.Output("gradient_to_parameter", g[0], g[1])
	}
	return p, ts
}

// cnnShape is the classifier fixture: batch, input channels and size,
// the two convolutions' output channels (kernels 3 and 2, no padding),
// the hidden width and the classes.
type cnnShape struct{ batch, cin, hw, c1, c2, hidden, classes int64 }

var cnnFixture = cnnShape{2, 3, 12, 4, 6, 12, 5}

// progJointCNN is the training step of the small image classifier of
// PyTorch's own test of _export_forward_backward
// (test_joint_cifar10_backwards, sized down): conv → ReLU → 2×2 max pool,
// twice, flatten, Linear → ReLU → Linear, cross entropy; as torch 2.x's
// core decompositions write it: max_pool2d_with_indices and its backward
// stay, ReLU's backward is le/where, the convolutions' is
// convolution_backward (the first one's input gradient masked off).
func progJointCNN(s cnnShape) (*w.Program, []w.Tensor) {
	p := w.NewProgram()
	var ts []w.Tensor
	seed := uint32(11)
	param := jointnet.ParamAdder(p, &ts, &seed, 1.0/16)
	w1, b1 := param("conv1.weight", s.c1, s.cin, 3, 3), param("conv1.bias", s.c1)
	w2, b2 := param("conv2.weight", s.c2, s.c1, 2, 2), param("conv2.bias", s.c2)
	h1 := s.hw - 2 // conv1 output
	p1 := h1 / 2   // pool1 output
	h2 := p1 - 1   // conv2 output
	p2 := h2 / 2   // pool2 output
	flat := s.c2 * p2 * p2
	fw1, fb1 := param("fc1.weight", s.hidden, flat), param("fc1.bias", s.hidden)
	fw2, fb2 := param("fc2.weight", s.classes, s.hidden), param("fc2.bias", s.classes)
	p.Input("user_input", "x", "", f32, s.batch, s.cin, s.hw, s.hw)
	p.Input("user_input", "target", "", i64, s.batch)
	c := newCoreBuilder(p)
	T := w.T
	conv, relu, convBackward := c.conv, c.relu, c.convBackward
	pool := func(x string, sizes []int64) (string, string) {
		out, idx := c.Name("getitem"), c.Name("getitem")
		p.Node("torch.ops.aten.max_pool2d_with_indices.default", c.Name("max_pool2d_with_indices"), []w.NamedArg{
			na("self", T(x)), na("kernel_size", w.Ints(2, 2)), na("stride", w.Ints(2, 2)),
		}, w.O(out, f32, sizes...), w.O(idx, i64, sizes...))
		return out, idx
	}
	poolBackward := func(grad, x, idx string, sizes []int64) string {
		return c.Node("max_pool2d_with_indices_backward.default", "max_pool2d_with_indices_backward", f32, sizes,
			na("grad_output", T(grad)), na("self", T(x)), na("kernel_size", w.Ints(2, 2)), na("stride", w.Ints(2, 2)),
			na("padding", w.Ints(0, 0)), na("dilation", w.Ints(1, 1)), na("ceil_mode", w.Bool_(false)), na("indices", T(idx)))
	}
	a1s := sh(s.batch, s.c1, h1, h1)
	a2s := sh(s.batch, s.c2, h2, h2)
	q1s := sh(s.batch, s.c1, p1, p1)
	q2s := sh(s.batch, s.c2, p2, p2)
	hs := sh(s.batch, s.hidden)

	// Forward.
	r1, r1saved := relu(conv("x", w1, b1, a1s), a1s)
	q1, i1 := pool(r1, q1s)
	r2, r2saved := relu(conv(q1, w2, b2, a2s), a2s)
	q2, i2 := pool(r2, q2s)
	v := c.Node("view.default", "view", f32, sh(s.batch, flat), na("self", T(q2)), na("size", w.Ints(s.batch, flat)))
	wt1 := c.Permute(fw1, sh(flat, s.hidden))
	f1 := c.Node("addmm.default", "addmm", f32, hs, na("self", T(fb1)), na("mat1", T(v)), na("mat2", T(wt1)))
	r3, r3saved := relu(f1, hs)
	wt2 := c.Permute(fw2, sh(s.hidden, s.classes))
	logits := c.Node("addmm.default", "addmm", f32, sh(s.batch, s.classes), na("self", T(fb2)), na("mat1", T(r3)), na("mat2", T(wt2)))
	xent := c.crossEntropy(logits, "target", s.batch, s.classes)

	// Backward.
	gLogits := c.crossEntropyBackward(xent)
	gR3, gwt2, gfb2 := c.LinearBackward(gLogits, r3, wt2, true)
	gF1 := jointnet.ReluBackwardCore(p, c.Name, gR3, r3saved, hs)
	c.Shapes[gF1] = hs
	gV, gwt1, gfb1 := c.LinearBackward(gF1, v, wt1, true)
	gQ2 := c.Node("view.default", "view", f32, q2s, na("self", T(gV)), na("size", w.Ints(q2s...)))
	gR2 := poolBackward(gQ2, r2, i2, a2s)
	gA2 := jointnet.ReluBackwardCore(p, c.Name, gR2, r2saved, a2s)
	gQ1, gw2, gb2 := convBackward(gA2, q1, w2, s.c2, q1s, sh(s.c2, s.c1, 2, 2), true)
	gR1 := poolBackward(gQ1, r1, i1, a1s)
	gA1 := jointnet.ReluBackwardCore(p, c.Name, gR1, r1saved, a1s)
	_, gw1, gb1 := convBackward(gA1, "x", w1, s.c1, nil, sh(s.c1, s.cin, 3, 3), false)
	gfw2 := c.Permute(gwt2, sh(s.classes, s.hidden))
	gfw1 := c.Permute(gwt1, sh(s.hidden, flat))

	p.Output("loss_output", xent.loss, "")
	for _, g := range [][2]string{{gw1, "conv1.weight"}, {gb1, "conv1.bias"}, {gw2, "conv2.weight"}, {gb2, "conv2.bias"},
		{gfw1, "fc1.weight"}, {gfb1, "fc1.bias"}, {gfw2, "fc2.weight"}, {gfb2, "fc2.bias"}} {
		p.Output("gradient_to_parameter", g[0], g[1])
	}
	return p, ts
}
