package importer

import w "github.com/torchlower/torchlower/importer/internal/pt2write"

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
	param := paramAdder(p, &ts, &seed)
	w0, b0 := param("net.0.weight", s.hidden, s.in), param("net.0.bias", s.hidden)
	lnw, lnb := param("net.2.weight", s.hidden), param("net.2.bias", s.hidden)
	w3, b3 := param("net.3.weight", s.classes, s.hidden), param("net.3.bias", s.classes)
	p.Input("user_input", "x", "", f32, s.rows, s.in)
	p.Input("user_input", "target", "", i64, s.rows)

	nm := fxNamer(map[string]int{"sum": 1})
	node := func(target, base string, dtype int, sizes []int64, args ...w.NamedArg) string {
		name := nm(base)
		p.Node("torch.ops.aten."+target, name, args, w.O(name, dtype, sizes...))
		return name
	}
	T := w.T
	sh := func(d ...int64) []int64 { return d }
	rc := sh(s.rows, s.classes)
	rh := sh(s.rows, s.hidden)
	zero := func(dtype int) string {
		return node("scalar_tensor.default", "scalar_tensor", dtype, nil, na("s", w.Int(0)), na("dtype", w.ScalarType(dtype)),
			na("layout", w.LayoutArg(w.Strided)), na("device", w.Device("cpu")))
	}
	mul := func(a string, b w.Arg, sizes []int64) string {
		return node("mul.Tensor", "mul", f32, sizes, na("self", T(a)), na("other", b))
	}
	sub := func(a, b string, sizes []int64) string {
		return node("sub.Tensor", "sub", f32, sizes, na("self", T(a)), na("other", T(b)))
	}
	sumDims := func(x string, keep bool, sizes []int64, dims ...int64) string {
		args := []w.NamedArg{na("self", T(x)), na("dim", w.Ints(dims...))}
		if keep {
			args = append(args, na("keepdim", w.Bool_(true)))
		}
		return node("sum.dim_IntList", "sum", f32, sizes, args...)
	}
	permute := func(x string, sizes []int64) string {
		return node("permute.default", "permute", f32, sizes, na("self", T(x)), na("dims", w.Ints(1, 0)))
	}

	// Forward.
	wt0 := permute(w0, sh(s.in, s.hidden))
	h := node("addmm.default", "addmm", f32, rh, na("self", T(b0)), na("mat1", T("x")), na("mat2", T(wt0)))
	g := node("gelu.default", "gelu", f32, rh, na("self", T(h)))
	lnOut, lnMean, lnRstd := nm("getitem"), nm("getitem"), nm("getitem")
	p.Node("torch.ops.aten.native_layer_norm.default", nm("native_layer_norm"), []w.NamedArg{
		na("input", T(g)), na("normalized_shape", w.Ints(s.hidden)), na("weight", T(lnw)), na("bias", T(lnb)), na("eps", w.Float(1e-05)),
	}, w.O(lnOut, f32, rh...), w.O(lnMean, f32, s.rows, 1), w.O(lnRstd, f32, s.rows, 1))
	wt3 := permute(w3, sh(s.hidden, s.classes))
	logits := node("addmm.default", "addmm", f32, rc, na("self", T(b3)), na("mat1", T(lnOut)), na("mat2", T(wt3)))
	logp := node("_log_softmax.default", "_log_softmax", f32, rc, na("self", T(logits)), na("dim", w.Int(1)), na("half_to_float", w.Bool_(false)))
	// nll_loss_forward(logp, target, None, mean, -100).
	valid := node("ne.Scalar", "ne", w.Bool, sh(s.rows), na("self", T("target")), na("other", w.Int(-100)))
	safe := node("where.self", "where", i64, sh(s.rows), na("condition", T(valid)), na("self", T("target")), na("other", T(zero(i64))))
	safe2 := node("unsqueeze.default", "unsqueeze", i64, sh(s.rows, 1), na("self", T(safe)), na("dim", w.Int(1)))
	picked := node("gather.default", "gather", f32, sh(s.rows, 1), na("self", T(logp)), na("dim", w.Int(1)), na("index", T(safe2)))
	picked1 := node("squeeze.dim", "squeeze", f32, sh(s.rows), na("self", T(picked)), na("dim", w.Int(1)))
	nll := node("neg.default", "neg", f32, sh(s.rows), na("self", T(picked1)))
	valid1 := node("ne.Scalar", "ne", w.Bool, sh(s.rows), na("self", T("target")), na("other", w.Int(-100)))
	nll1 := node("where.self", "where", f32, sh(s.rows), na("condition", T(valid1)), na("self", T(nll)), na("other", T(zero(f32))))
	valid2 := node("ne.Scalar", "ne", w.Bool, sh(s.rows), na("self", T("target")), na("other", w.Int(-100)))
	count := node("sum.default", "sum", i64, nil, na("self", T(valid2)))
	total := node("_to_copy.default", "_to_copy", f32, nil, na("self", T(count)), na("dtype", w.ScalarType(f32)))
	sumNLL := node("sum.default", "sum", f32, nil, na("self", T(nll1)))
	loss := node("div.Tensor", "div", f32, nil, na("self", T(sumNLL)), na("other", T(total)))

	// Backward. nll_loss_backward(1, logp, target, None, mean, -100, total).
	seedGrad := node("full_like.default", "full_like", f32, nil, na("self", T(loss)), na("fill_value", w.Int(1)),
		na("pin_memory", w.Bool_(false)), na("memory_format", w.MemoryFormat(w.PreserveFormat)))
	gOut := node("div.Tensor", "div", f32, nil, na("self", T(seedGrad)), na("other", T(total)))
	tgt := node("unsqueeze.default", "unsqueeze", i64, sh(s.rows, 1), na("self", T("target")), na("dim", w.Int(1)))
	valid3 := node("ne.Scalar", "ne", w.Bool, sh(s.rows, 1), na("self", T(tgt)), na("other", w.Int(-100)))
	safe3 := node("where.self", "where", i64, sh(s.rows, 1), na("condition", T(valid3)), na("self", T(tgt)), na("other", T(zero(i64))))
	zeros := node("full_like.default", "full_like", f32, rc, na("self", T(logp)), na("fill_value", w.Int(0)),
		na("pin_memory", w.Bool_(false)), na("memory_format", w.MemoryFormat(w.PreserveFormat)))
	onehot := node("scatter.value", "scatter", f32, rc, na("self", T(zeros)), na("dim", w.Int(1)), na("index", T(safe3)), na("value", w.Float(-1)))
	valid4 := node("ne.Scalar", "ne", w.Bool, sh(s.rows, 1), na("self", T(tgt)), na("other", w.Int(-100)))
	gOut1 := node("where.self", "where", f32, sh(s.rows, 1), na("condition", T(valid4)), na("self", T(gOut)), na("other", T(zero(f32))))
	gLogp := mul(onehot, T(gOut1), rc)
	// _log_softmax_backward_data(gLogp, logp, 1, f32).
	e := node("exp.default", "exp", f32, rc, na("self", T(logp)))
	gs := sumDims(gLogp, true, sh(s.rows, 1), 1)
	gLogits := sub(gLogp, mul(e, T(gs), rc), rc)
	// addmm backward of the second Linear: its input, weight and bias.
	gLn := node("mm.default", "mm", f32, rh, na("self", T(gLogits)), na("mat2", T(permute(wt3, sh(s.classes, s.hidden)))))
	gw3t := permute(node("mm.default", "mm", f32, sh(s.classes, s.hidden), na("self", T(permute(gLogits, sh(s.classes, s.rows)))), na("mat2", T(lnOut))), sh(s.hidden, s.classes))
	gb3 := node("view.default", "view", f32, sh(s.classes), na("self", T(sumDims(gLogits, true, sh(1, s.classes), 0))), na("size", w.Ints(s.classes)))
	// native_layer_norm_backward(gLn, g, [hidden], mean, rstd, w, b, [T, T, T]).
	xhat := mul(sub(g, lnMean, rh), T(lnRstd), rh)
	gxhat := mul(gLn, T(lnw), rh)
	a := mul(gxhat, w.Int(s.hidden), rh)
	bsum := sumDims(gxhat, true, sh(s.rows, 1), 1)
	c2 := sumDims(mul(gxhat, T(xhat), rh), true, sh(s.rows, 1), 1)
	c3 := mul(xhat, T(c2), rh)
	inner := sub(sub(a, bsum, rh), c3, rh)
	scale := node("div.Tensor", "div", f32, sh(s.rows, 1), na("self", T(lnRstd)), na("other", w.Int(s.hidden)))
	gG := mul(scale, T(inner), rh)
	gLnw := sumDims(mul(gLn, T(xhat), rh), false, sh(s.hidden), 0)
	gLnb := sumDims(gLn, false, sh(s.hidden), 0)
	// gelu_backward(gG, h): grad · (cdf + h · pdf).
	cdf := mul(node("add.Tensor", "add", f32, rh, na("self", T(node("erf.default", "erf", f32, rh, na("self", T(mul(h, w.Float(0.7071067811865476), rh)))))), na("other", w.Int(1))), w.Float(0.5), rh)
	pdf := mul(node("exp.default", "exp", f32, rh, na("self", T(mul(mul(h, T(h), rh), w.Float(-0.5), rh)))), w.Float(0.3989422804014327), rh)
	gH := mul(gG, T(node("add.Tensor", "add", f32, rh, na("self", T(cdf)), na("other", T(mul(h, T(pdf), rh))))), rh)
	// addmm backward of the first Linear: weight and bias (x needs none).
	gw0t := permute(node("mm.default", "mm", f32, sh(s.hidden, s.in), na("self", T(permute(gH, sh(s.hidden, s.rows)))), na("mat2", T("x"))), sh(s.in, s.hidden))
	gb0 := node("view.default", "view", f32, sh(s.hidden), na("self", T(sumDims(gH, true, sh(1, s.hidden), 0))), na("size", w.Ints(s.hidden)))
	gw3 := permute(gw3t, sh(s.classes, s.hidden))
	gw0 := permute(gw0t, sh(s.hidden, s.in))

	p.Output("loss_output", loss, "")
	for _, g := range [][2]string{{gw0, "net.0.weight"}, {gb0, "net.0.bias"}, {gLnw, "net.2.weight"}, {gLnb, "net.2.bias"},
		{gw3, "net.3.weight"}, {gb3, "net.3.bias"}} {
		p.Output("gradient_to_parameter", g[0], g[1])
	}
	return p, ts
}
