package lowering

import (
	"slices"

	fn "github.com/torchlower/torchlower/dialect/func"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/pass"
	"github.com/torchlower/torchlower/torch"
)

// DecomposeCompositeOps rewrites the composite ops that torch.export's IR
// keeps until run_decompositions() — the nn modules' own ops: conv1d/2d/3d,
// conv_transpose1d/2d/3d (and conv*d with padding "valid" or "same"),
// linear, matmul, layer_norm, group_norm,
// batch_norm (eval mode), instance_norm, max_pool1d/2d/3d,
// adaptive_avg_pool2d/3d, pad, flatten, cross_entropy_loss, nll_loss — into the torch ops convert-torch-to-linalg
// lowers, the way ATen's own composite implementations call them
// (torch-mlir's decompose-complex-ops does the same for its backends). A
// program exported with torch.export.export and saved without
// run_decompositions() then runs as it is.
//
// Each rewrite reads the composite's constant operands and its tensors'
// static types and emits the primitive op(s) in the torch dialect:
// conv*d → convolution (transposed false, output_padding 0),
// conv_transpose*d → convolution (transposed, its dilation moved), linear
// → addmm(bias, x, wᵀ) for a 2-D input with a bias, else matmul and an add
// (ATen's linear), matmul → mm or bmm on views (ATen's matmul folds the
// batch of a ≥3-D first operand into mm and broadcasts batch dims for
// bmm), the norms → their native_* op's first result, batch_norm in eval
// mode → _native_batch_norm_legit_no_training, max_pool*d →
// max_pool*d_with_indices' first result, pad → constant_pad_nd,
// reflection_pad*d or replication_pad*d by its mode, cross_entropy_loss →
// nll_loss_forward of _log_softmax over dim 1.
//
// What the composites' eager code would do in place or at random is not
// guessed: batch_norm in training mode with running statistics (which it
// updates in place, a write the IR before decomposition does not record)
// and cross entropy with label smoothing or probability targets are
// errors saying what to do instead. The pass is all or nothing, like
// convert-torch-to-linalg: every op it cannot rewrite is reported, each
// at its location, and the module is left unchanged.
//
// Pre:  the torch dialect; the composites' list, int, bool and float
//
//	operands are constants and their tensors have static shapes.
//
// Post: none of the composites above remain; their results are the
//
//	primitive ops' results, of the same types.
var DecomposeCompositeOps = &pass.Def{
	Name:    "torch-decompose-composite-ops",
	Summary: "rewrite the composite ops of torch.export's IR before decomposition (conv2d, linear, layer_norm, ...) into the ops convert-torch-to-linalg lowers",
	Anchor:  "builtin.module",
	Run:     runDecomposeComposite,
}

// decomposition checks one composite op without changing the IR and
// returns the function that emits its replacement before it: one value
// per result of the op.
type decomposition func(op *ir.Operation) (emitFunc, error)

func compositeDecompositions() map[string]decomposition {
	return map[string]decomposition{
		torch.AtenConv1d:               decomposeConv(false),
		torch.AtenConv2d:               decomposeConv(false),
		torch.AtenConv3d:               decomposeConv(false),
		torch.AtenConv1dPadding:        decomposeConvPaddingMode,
		torch.AtenConv2dPadding:        decomposeConvPaddingMode,
		torch.AtenConv3dPadding:        decomposeConvPaddingMode,
		torch.AtenConvTranspose1d:      decomposeConv(true),
		torch.AtenConvTranspose2dInput: decomposeConv(true),
		torch.AtenConvTranspose3dInput: decomposeConv(true),
		torch.AtenLinear:               decomposeLinear,
		torch.AtenMatmul:               decomposeMatmul,
		torch.AtenLayerNorm:            decomposeLayerNorm,
		torch.AtenGroupNorm:            decomposeGroupNorm,
		torch.AtenBatchNorm:            decomposeBatchNorm,
		torch.AtenInstanceNorm:         decomposeInstanceNorm,
		torch.AtenMaxPool1d:            decomposeMaxPool(torch.AtenMaxPool1dWithIndices),
		torch.AtenMaxPool2d:            decomposeMaxPool(torch.AtenMaxPool2dWithIndices),
		torch.AtenMaxPool3d:            decomposeMaxPool(torch.AtenMaxPool3dWithIndices),
		torch.AtenAdaptiveAvgPool2d:    decomposeAdaptiveAvgPool(torch.Aten_AdaptiveAvgPool2d),
		torch.AtenAdaptiveAvgPool3d:    decomposeAdaptiveAvgPool(torch.Aten_AdaptiveAvgPool3d),
		torch.AtenPad:                  decomposePad,
		torch.AtenFlattenUsingInts:     decomposeFlatten,
		torch.AtenCrossEntropyLoss:     decomposeCrossEntropy,
		torch.AtenNllLoss:              decomposeNllLoss,
		torch.AtenNllLossNd:            decomposeNllLoss,
	}
}

func runDecomposeComposite(top *ir.Operation, c *pass.Context) error {
	table := compositeDecompositions()
	var work []pending
	var errs []*ir.Diagnostic
	var funcs []*ir.Operation
	top.Walk(ir.PreOrder, func(o *ir.Operation) {
		if o.Name == fn.Func {
			funcs = append(funcs, o)
		}
		d, ok := table[o.Name]
		if !ok {
			return
		}
		emit, err := d(o)
		if err != nil {
			errs = append(errs, asDiagnostic(o, err))
			return
		}
		work = append(work, pending{op: o, emit: emit})
	})
	if len(errs) > 0 {
		return joinDiagnostics(errs)
	}
	b := ir.NewBuilder(c.IR)
	for _, w := range work {
		b.SetInsertionPointBefore(w.op)
		vals, err := w.emit(b)
		if err != nil {
			return asDiagnostic(w.op, err)
		}
		for i, r := range w.op.Results() {
			r.ReplaceAllUsesWith(vals[i])
		}
		w.op.Erase()
	}
	if len(work) > 0 {
		for _, f := range funcs {
			eraseDeadTorchConstants(f)
		}
	}
	return nil
}

// composer builds torch ops before a composite, remembering the first
// error (a broken invariant: the checks ran before).
type composer struct {
	b   *ir.Builder
	op  *ir.Operation
	err error
}

func (k *composer) aten(name string, operands []*ir.Value, results ...ir.Type) *ir.Operation {
	if k.err != nil {
		return nil
	}
	o, err := torch.AtenOp(k.b, k.op.Loc, name, operands, results)
	if err != nil {
		k.err = ir.OpErrorf(k.op, "decomposing: %v", err)
	}
	return o
}

// first is the first result of a new aten op, as an emitter's return.
func (k *composer) first(name string, operands []*ir.Value, results ...ir.Type) ([]*ir.Value, error) {
	return k.done(k.result0(k.aten(name, operands, results...)))
}

// result0 is o's first result, nil when o is (after an error).
func (k *composer) result0(o *ir.Operation) *ir.Value {
	if o == nil {
		return nil
	}
	return o.Result(0)
}

// value is aten's single result, nil after an error.
func (k *composer) value(name string, operands []*ir.Value, result ir.Type) *ir.Value {
	if o := k.aten(name, operands, result); o != nil {
		return o.Result(0)
	}
	return nil
}

func (k *composer) int(v int64) *ir.Value     { return torch.ConstantInt(k.b, k.op.Loc, v) }
func (k *composer) bool(v bool) *ir.Value     { return torch.ConstantBool(k.b, k.op.Loc, v) }
func (k *composer) float(v float64) *ir.Value { return torch.ConstantFloat(k.b, k.op.Loc, v) }
func (k *composer) none() *ir.Value           { return torch.ConstantNone(k.b, k.op.Loc) }

func (k *composer) ints(vs []int64) *ir.Value {
	elems := make([]*ir.Value, len(vs))
	for i, v := range vs {
		elems[i] = k.int(v)
	}
	return torch.ListConstruct(k.b, k.op.Loc, torch.IntType{}, elems)
}

// view is aten.view of x to sizes (x's dtype).
func (k *composer) view(x *ir.Value, sizes []int64) *ir.Value {
	_, dt, _, _ := torch.TensorInfo(x.Type())
	return k.value(torch.AtenView, []*ir.Value{x, k.ints(sizes)}, torch.VTensor(dt, sizes...))
}

func (k *composer) done(vals ...*ir.Value) ([]*ir.Value, error) {
	if k.err != nil {
		return nil, k.err
	}
	return vals, nil
}

func newComposer(b *ir.Builder, op *ir.Operation) *composer { return &composer{b: b, op: op} }

// tensors reads the tensor arguments names (see tensor).
func (r *npReader) tensors(names ...string) ([]torch.VTensorType, error) {
	ts := make([]torch.VTensorType, len(names))
	for i, name := range names {
		t, err := r.tensor(name)
		if err != nil {
			return nil, err
		}
		ts[i] = t
	}
	return ts, nil
}

// resultTensor is the op's result i as a static vtensor type.
func (r *npReader) resultTensor(i int) (torch.VTensorType, error) {
	t, ok := r.op.Result(i).Type().(torch.VTensorType)
	if !ok || !t.HasSizes || t.Dtype == nil || !t.HasStaticShape() {
		return t, r.errorf("expected result #%d to be a !torch.vtensor with static sizes and a dtype, got '%s'", i, r.op.Result(i).Type())
	}
	return t, nil
}

// checkResult requires the declared result out to have the shape and
// dtype the composite computes.
func (r *npReader) checkResult(out torch.VTensorType, shape []int64, dtype ir.Type) error {
	if !slices.Equal(out.Sizes, shape) || !ir.TypeEqual(out.Dtype, dtype) {
		return r.errorf("expected the result to be %s, got %s", torch.VTensor(dtype, shape...), out)
	}
	return nil
}

// spatialList reads a conv/pool parameter list of nd entries; one entry
// stands for all (PyTorch expands `stride=2` so, and so may a writer).
func (r *npReader) spatialList(name string, nd int) ([]int64, error) {
	v, err := r.intList(name)
	if err != nil {
		return nil, err
	}
	switch len(v) {
	case nd:
		return v, nil
	case 1:
		out := make([]int64, nd)
		for i := range out {
			out[i] = v[0]
		}
		return out, nil
	}
	return nil, r.errorf("expected '%s' to have %d entries (or one), got %d", name, nd, len(v))
}

// decomposeConv rewrites
//
//	aten::conv{1,2,3}d(input, weight, bias?, stride, padding, dilation, groups)
//	aten::conv_transpose{1,2,3}d(.input)(input, weight, bias?, stride, padding,
//	    output_padding, groups, dilation)
//
// as aten::convolution(input, weight, bias, stride, padding, dilation,
// transposed, output_padding, groups), ATen's _convolution path. Inputs
// without a batch dim (rank nd+1) are refused: the composite would
// unsqueeze them first, and export already records that.
func decomposeConv(transposed bool) decomposition {
	return func(op *ir.Operation) (emitFunc, error) {
		r, err := newNPReader(op)
		if err != nil {
			return nil, err
		}
		ts, err := r.tensors("input", "weight")
		if err != nil {
			return nil, err
		}
		x, w := ts[0], ts[1]
		nd := len(w.Sizes) - 2
		if nd < 1 || len(x.Sizes) != nd+2 {
			return nil, r.errorf("expected a batched input of rank %d for a %d-D weight %s, got %s", nd+2, nd, w, x)
		}
		lists := map[string][]int64{}
		names := []string{"stride", "padding", "dilation"}
		if transposed {
			names = append(names, "output_padding")
		}
		for _, name := range names {
			if lists[name], err = r.spatialList(name, nd); err != nil {
				return nil, err
			}
		}
		if !transposed {
			lists["output_padding"] = make([]int64, nd)
		}
		groups, err := r.int("groups")
		if err != nil {
			return nil, err
		}
		return func(b *ir.Builder) ([]*ir.Value, error) {
			k := newComposer(b, op)
			v := k.value(torch.AtenConvolution, []*ir.Value{r.value("input"), r.value("weight"), r.value("bias"),
				k.ints(lists["stride"]), k.ints(lists["padding"]), k.ints(lists["dilation"]), k.bool(transposed),
				k.ints(lists["output_padding"]), k.int(groups)}, op.Result(0).Type())
			return k.done(v)
		}, nil
	}
}

// decomposeConvPaddingMode rewrites the string-padding convolutions
//
//	aten::conv{1,2,3}d.padding(input, weight, bias?, stride, str padding, dilation, groups)
//
// as ATen's _convolution_mode does: "valid" is no padding; "same" (stride
// 1 only) pads each spatial dim by d·(k − 1) in all, half (rounded down)
// before and the rest after. Where the two halves differ (an even
// kernel), the input is first padded by the difference at the end
// (constant_pad_nd), and the convolution pads symmetrically by the smaller
// half.
func decomposeConvPaddingMode(op *ir.Operation) (emitFunc, error) {
	r, err := newNPReader(op)
	if err != nil {
		return nil, err
	}
	ts, err := r.tensors("input", "weight")
	if err != nil {
		return nil, err
	}
	x, w := ts[0], ts[1]
	nd := len(w.Sizes) - 2
	if nd < 1 || len(x.Sizes) != nd+2 {
		return nil, r.errorf("expected a batched input of rank %d for a %d-D weight %s, got %s", nd+2, nd, w, x)
	}
	stride, err := r.spatialList("stride", nd)
	if err != nil {
		return nil, err
	}
	dilation, err := r.spatialList("dilation", nd)
	if err != nil {
		return nil, err
	}
	groups, err := r.int("groups")
	if err != nil {
		return nil, err
	}
	mode, err := r.str("padding")
	if err != nil {
		return nil, err
	}
	left, extra := make([]int64, nd), make([]int64, nd)
	switch mode {
	case "valid":
	case "same":
		for i := range nd {
			if stride[i] != 1 {
				return nil, r.errorf("padding='same' is not supported for strided convolutions, as in PyTorch")
			}
			total := dilation[i] * (w.Sizes[i+2] - 1)
			left[i], extra[i] = total/2, total-2*(total/2)
		}
	default:
		return nil, r.errorf("invalid padding string '%s' (expected 'valid' or 'same'), as in PyTorch", mode)
	}
	padded := slices.Clone(x.Sizes)
	var padAmounts []int64 // constant_pad_nd's pairs, last dim first
	asym := false
	for i := nd - 1; i >= 0; i-- {
		padded[i+2] += extra[i]
		padAmounts = append(padAmounts, 0, extra[i])
		asym = asym || extra[i] != 0
	}
	return func(b *ir.Builder) ([]*ir.Value, error) {
		k := newComposer(b, op)
		in := r.value("input")
		if asym {
			in = k.value(torch.AtenConstantPadNd, []*ir.Value{in, k.ints(padAmounts), k.int(0)}, torch.VTensor(x.Dtype, padded...))
		}
		return k.done(k.value(torch.AtenConvolution, []*ir.Value{in, r.value("weight"), r.value("bias"),
			k.ints(stride), k.ints(left), k.ints(dilation), k.bool(false), k.ints(make([]int64, nd)), k.int(groups)},
			op.Result(0).Type()))
	}, nil
}

// decomposeLinear rewrites aten::linear(input, weight, bias?) as ATen's
// linear does: with a bias, addmm(bias, input, wᵀ) on the input's rows
// (PyTorch 2.x flattens an N-D input so, _flatten_nd_linear, and rounds
// the biased product once); without one, matmul(input, wᵀ).
func decomposeLinear(op *ir.Operation) (emitFunc, error) {
	r, err := newNPReader(op)
	if err != nil {
		return nil, err
	}
	ts, err := r.tensors("input", "weight")
	if err != nil {
		return nil, err
	}
	x, w := ts[0], ts[1]
	out, err := r.resultTensor(0)
	if err != nil {
		return nil, err
	}
	if len(w.Sizes) != 2 || len(x.Sizes) < 1 || x.Sizes[len(x.Sizes)-1] != w.Sizes[1] {
		return nil, r.errorf("expected a [out, in] weight whose in matches the input's last dim, got input %s, weight %s", x, w)
	}
	want := append(slices.Clone(x.Sizes[:len(x.Sizes)-1]), w.Sizes[0])
	if err := r.checkResult(out, want, x.Dtype); err != nil {
		return nil, err
	}
	hasBias := !r.isNone("bias")
	rows := int64(1)
	for _, d := range x.Sizes[:len(x.Sizes)-1] {
		rows *= d
	}
	return func(b *ir.Builder) ([]*ir.Value, error) {
		k := newComposer(b, op)
		wtType := torch.VTensor(w.Dtype, w.Sizes[1], w.Sizes[0])
		wt := k.value(torch.AtenT, []*ir.Value{r.value("weight")}, wtType)
		if !hasBias {
			return k.done(k.matmulValue(r.value("input"), x, wt, wtType, out))
		}
		// With a bias, one addmm on the input's rows: the bias is the
		// product's initial value, rounded once with it.
		x2 := r.value("input")
		if len(x.Sizes) != 2 {
			x2 = k.view(x2, []int64{rows, w.Sizes[1]})
		}
		one := k.int(1)
		y := k.value(torch.AtenAddmm, []*ir.Value{r.value("bias"), x2, wt, one, one}, torch.VTensor(out.Dtype, rows, w.Sizes[0]))
		if len(x.Sizes) != 2 {
			y = k.view(y, out.Sizes)
		}
		return k.done(y)
	}, nil
}

// decomposeMatmul rewrites aten::matmul(self, other) by ranks, as ATen's
// matmul dispatches: 1-D·1-D, 2-D·1-D, 1-D·2-D and 2-D·2-D are mm on
// views; a ≥3-D self with a ≤2-D other folds self's batch into mm's rows;
// otherwise the batch dims broadcast (expand) and bmm multiplies the
// [B, n, k] and [B, k, m] views. A 1-D operand is a row (self) or a column
// (other) whose dim is dropped from the result.
func decomposeMatmul(op *ir.Operation) (emitFunc, error) {
	r, err := newNPReader(op)
	if err != nil {
		return nil, err
	}
	ts, err := r.tensors("self", "other")
	if err != nil {
		return nil, err
	}
	a, bt := ts[0], ts[1]
	out, err := r.resultTensor(0)
	if err != nil {
		return nil, err
	}
	if len(a.Sizes) == 0 || len(bt.Sizes) == 0 {
		return nil, r.errorf("both arguments to matmul need to be at least 1D, but they are %dD and %dD", len(a.Sizes), len(bt.Sizes))
	}
	ka := a.Sizes[len(a.Sizes)-1]
	kb := bt.Sizes[0]
	if len(bt.Sizes) >= 2 {
		kb = bt.Sizes[len(bt.Sizes)-2]
	}
	if ka != kb {
		return nil, r.errorf("mat1 and mat2 shapes cannot be multiplied (%s and %s)", a, bt)
	}
	batch, err := matmulBatch(a.Sizes, bt.Sizes)
	if err != nil {
		return nil, r.errorf("%v", err)
	}
	want := slices.Clone(batch)
	if len(a.Sizes) >= 2 {
		want = append(want, a.Sizes[len(a.Sizes)-2])
	}
	if len(bt.Sizes) >= 2 {
		want = append(want, bt.Sizes[len(bt.Sizes)-1])
	}
	if err := r.checkResult(out, want, a.Dtype); err != nil {
		return nil, err
	}
	return func(b *ir.Builder) ([]*ir.Value, error) {
		k := newComposer(b, op)
		return k.done(k.matmulValue(r.value("self"), a, r.value("other"), bt, out))
	}, nil
}

// matmulBatch is the broadcast batch shape of two matmul operands (the
// dims before their last two; a 1-D operand has none).
func matmulBatch(a, b []int64) ([]int64, error) {
	batch := func(s []int64) []int64 {
		if len(s) <= 2 {
			return nil
		}
		return s[:len(s)-2]
	}
	return ewBroadcastShape(batch(a), batch(b))
}

// matmulValue emits a·b as matmul computes it; out is the result type.
func (k *composer) matmulValue(a *ir.Value, at torch.VTensorType, b *ir.Value, bt torch.VTensorType, out torch.VTensorType) *ir.Value {
	dt := out.Dtype
	ra, rb := len(at.Sizes), len(bt.Sizes)
	kdim := at.Sizes[ra-1]
	// Rows of a and columns of b as 2-D operands of mm.
	if rb <= 2 {
		rows := int64(1)
		for _, d := range at.Sizes[:ra-1] {
			rows *= d
		}
		a2 := a
		if ra != 2 {
			a2 = k.view(a, []int64{rows, kdim})
		}
		cols := int64(1)
		b2 := b
		if rb == 2 {
			cols = bt.Sizes[1]
		} else {
			b2 = k.view(b, []int64{kdim, 1})
		}
		y := k.value(torch.AtenMm, []*ir.Value{a2, b2}, torch.VTensor(dt, rows, cols))
		if slices.Equal(out.Sizes, []int64{rows, cols}) {
			return y
		}
		return k.view(y, out.Sizes)
	}
	// Batched: broadcast the batch dims, then bmm on [B, n, k]·[B, k, m].
	batch, _ := matmulBatch(at.Sizes, bt.Sizes)
	nb := int64(1)
	for _, d := range batch {
		nb *= d
	}
	n := int64(1)
	if ra >= 2 {
		n = at.Sizes[ra-2]
	}
	m := bt.Sizes[rb-1]
	expand := func(v *ir.Value, t torch.VTensorType, rows, cols int64) *ir.Value {
		full := append(append([]int64{}, batch...), rows, cols)
		if len(t.Sizes) < 2 {
			v = k.view(v, []int64{rows, cols})
		}
		cur, _, _, _ := torch.TensorInfo(v.Type())
		if !slices.Equal(cur, full) {
			v = k.value(torch.AtenExpand, []*ir.Value{v, k.ints(full), k.bool(false)}, torch.VTensor(t.Dtype, full...))
		}
		return k.view(v, []int64{nb, rows, cols})
	}
	a3 := expand(a, at, n, kdim)
	b3 := expand(b, bt, kdim, m)
	y := k.value(torch.AtenBmm, []*ir.Value{a3, b3}, torch.VTensor(dt, nb, n, m))
	return k.view(y, out.Sizes)
}

// decomposeLayerNorm rewrites aten::layer_norm(input, normalized_shape,
// weight?, bias?, eps, cudnn_enable) as native_layer_norm's output.
func decomposeLayerNorm(op *ir.Operation) (emitFunc, error) {
	r, err := newNPReader(op)
	if err != nil {
		return nil, err
	}
	x, err := r.tensor("input")
	if err != nil {
		return nil, err
	}
	ns, err := r.intList("normalized_shape")
	if err != nil {
		return nil, err
	}
	if len(ns) > len(x.Sizes) {
		return nil, r.errorf("normalized_shape %s has more dims than the input %s", npShapeString(ns), x)
	}
	stats := slices.Clone(x.Sizes)
	for i := len(stats) - len(ns); i < len(stats); i++ {
		stats[i] = 1
	}
	return func(b *ir.Builder) ([]*ir.Value, error) {
		k := newComposer(b, op)
		st := torch.VTensor(x.Dtype, stats...)
		return k.first(torch.AtenNativeLayerNorm, []*ir.Value{r.value("input"), r.value("normalized_shape"), r.value("weight"),
			r.value("bias"), r.value("eps")}, op.Result(0).Type(), st, st)
	}, nil
}

// decomposeGroupNorm rewrites aten::group_norm(input, num_groups, weight?,
// bias?, eps, cudnn_enabled) as native_group_norm's output, with N, C and
// HxW from the input's shape (ATen's group_norm does the same).
func decomposeGroupNorm(op *ir.Operation) (emitFunc, error) {
	r, x, err := readNormInput(op, 2)
	if err != nil {
		return nil, err
	}
	g, err := r.int("num_groups")
	if err != nil {
		return nil, err
	}
	return func(b *ir.Builder) ([]*ir.Value, error) {
		k := newComposer(b, op)
		return k.done(k.result0(k.groupNorm(r, x, g)))
	}, nil
}

// readNormInput opens a composite norm's reader and reads its input,
// [N, C, ...] of rank at least minRank.
func readNormInput(op *ir.Operation, minRank int) (*npReader, torch.VTensorType, error) {
	r, err := newNPReader(op)
	if err != nil {
		return nil, torch.VTensorType{}, err
	}
	x, err := r.tensor("input")
	if err == nil && len(x.Sizes) < minRank {
		err = r.errorf("expected an input of rank at least %d ([N, C, ...]), got %s", minRank, x)
	}
	return r, x, err
}

// hasRunningStats reports whether a norm is given running_mean and
// running_var.
func (r *npReader) hasRunningStats() bool {
	return !r.isNone("running_mean") && !r.isNone("running_var")
}

// groupNorm is native_group_norm of a group_norm or instance_norm r's
// input x ([N, C, spatial...]) in groups, with r's weight, bias and eps.
func (k *composer) groupNorm(r *npReader, x torch.VTensorType, groups int64) *ir.Operation {
	hw := int64(1)
	for _, d := range x.Sizes[2:] {
		hw *= d
	}
	n, c := x.Sizes[0], x.Sizes[1]
	st := torch.VTensor(x.Dtype, n, groups)
	return k.aten(torch.AtenNativeGroupNorm, []*ir.Value{r.value("input"), r.value("weight"), r.value("bias"),
		k.int(n), k.int(c), k.int(hw), k.int(groups), r.value("eps")}, r.op.Result(0).Type(), st, st)
}

// decomposeBatchNorm rewrites aten::batch_norm(input, weight?, bias?,
// running_mean?, running_var?, training, momentum, eps, cudnn_enabled):
// in eval mode as _native_batch_norm_legit_no_training (normalizing by the
// running statistics), in training mode without running statistics as
// _native_batch_norm_legit.no_stats (the batch's statistics). Training
// mode with running statistics updates them in place, which the IR before
// run_decompositions() does not record as an output: refused.
func decomposeBatchNorm(op *ir.Operation) (emitFunc, error) {
	r, x, err := readNormInput(op, 2)
	if err != nil {
		return nil, err
	}
	training, err := r.bool("training")
	if err != nil {
		return nil, err
	}
	stats := r.hasRunningStats()
	if training && stats {
		return nil, r.errorf("batch_norm in training mode updates running_mean and running_var in place, which torch.export's IR before decomposition does not record: call ep.run_decompositions() before torch.export.save (it makes the update an output), or export in eval mode")
	}
	if !training && !stats {
		return nil, r.errorf("batch_norm in eval mode needs running_mean and running_var")
	}
	st := torch.VTensor(x.Dtype, x.Sizes[1])
	return func(b *ir.Builder) ([]*ir.Value, error) {
		k := newComposer(b, op)
		var o *ir.Operation
		if training {
			o = k.aten(torch.Aten_NativeBatchNormLegitNoStats, []*ir.Value{r.value("input"), r.value("weight"), r.value("bias"),
				k.bool(true), r.value("momentum"), r.value("eps")}, op.Result(0).Type(), st, st)
		} else {
			o = k.batchNormEval(r, st)
		}
		return k.done(k.result0(o))
	}, nil
}

// decomposeInstanceNorm rewrites aten::instance_norm(input, weight?, bias?,
// running_mean?, running_var?, use_input_stats, momentum, eps,
// cudnn_enabled): with the input's statistics (InstanceNorm's default),
// each sample's channel is normalized over its positions, which is
// group_norm with one channel per group (native_group_norm, groups = C);
// with the running statistics, it is batch norm in eval mode. Using the
// input's statistics while tracking running ones updates them in place,
// which the IR before decomposition does not record: refused.
func decomposeInstanceNorm(op *ir.Operation) (emitFunc, error) {
	r, x, err := readNormInput(op, 3)
	if err != nil {
		return nil, err
	}
	useInput, err := r.bool("use_input_stats")
	if err != nil {
		return nil, err
	}
	stats := r.hasRunningStats()
	switch {
	case useInput && stats:
		return nil, r.errorf("instance_norm with use_input_stats and running statistics updates them in place, which torch.export's IR before decomposition does not record: call ep.run_decompositions() before torch.export.save, or export in eval mode")
	case !useInput && !stats:
		return nil, r.errorf("instance_norm without use_input_stats needs running_mean and running_var")
	}
	return func(b *ir.Builder) ([]*ir.Value, error) {
		k := newComposer(b, op)
		if useInput {
			return k.done(k.result0(k.groupNorm(r, x, x.Sizes[1])))
		}
		return k.done(k.result0(k.batchNormEval(r, torch.VTensor(x.Dtype, x.Sizes[1]))))
	}, nil
}

// batchNormEval is _native_batch_norm_legit_no_training of a batch_norm or
// instance_norm r, normalizing by its running statistics; st is the type
// of the saved statistics.
func (k *composer) batchNormEval(r *npReader, st ir.Type) *ir.Operation {
	return k.aten(torch.Aten_NativeBatchNormLegitNoTraining, []*ir.Value{r.value("input"), r.value("weight"), r.value("bias"),
		r.value("running_mean"), r.value("running_var"), r.value("momentum"), r.value("eps")}, r.op.Result(0).Type(), st, st)
}

// decomposeMaxPool rewrites aten::max_pool{1,2,3}d as the values of
// max_pool{1,2,3}d_with_indices (the same operands; the indices unused).
func decomposeMaxPool(withIndices string) decomposition {
	return func(op *ir.Operation) (emitFunc, error) {
		r, err := newNPReader(op)
		if err != nil {
			return nil, err
		}
		out, err := r.resultTensor(0)
		if err != nil {
			return nil, err
		}
		return func(b *ir.Builder) ([]*ir.Value, error) {
			k := newComposer(b, op)
			return k.first(withIndices, slices.Clone(op.Operands()), out, torch.VTensor(torch.DtypeSI64, out.Sizes...))
		}, nil
	}
}

// decomposeAdaptiveAvgPool rewrites aten::adaptive_avg_pool{2,3}d as
// _adaptive_avg_pool{2,3}d (the same operands).
func decomposeAdaptiveAvgPool(target string) decomposition {
	return func(op *ir.Operation) (emitFunc, error) {
		if _, err := newNPReader(op); err != nil {
			return nil, err
		}
		return func(b *ir.Builder) ([]*ir.Value, error) {
			k := newComposer(b, op)
			return k.done(k.value(target, slices.Clone(op.Operands()), op.Result(0).Type()))
		}, nil
	}
}

// decomposePad rewrites aten::pad(self, pad, mode, value) (F.pad) as the
// op its mode names, which ATen's pad calls: constant_pad_nd(self, pad,
// value or 0) for "constant", reflection_pad{1,2,3}d or
// replication_pad{1,2,3}d(self, pad) for "reflect" and "replicate" (2, 4
// or 6 padding entries; no value). "circular" is refused: torch.export
// writes it as the slices and cat of ATen's _pad_circular.
func decomposePad(op *ir.Operation) (emitFunc, error) {
	r, err := newNPReader(op)
	if err != nil {
		return nil, err
	}
	pad, err := r.intList("pad")
	if err != nil {
		return nil, err
	}
	mode, err := r.str("mode")
	if err != nil {
		return nil, err
	}
	hasValue := !r.isNone("value")
	if hasValue {
		if _, err := r.float("value"); err != nil {
			return nil, err
		}
	}
	target := torch.AtenConstantPadNd
	if mode != "constant" {
		if hasValue {
			return nil, r.errorf("padding mode %q doesn't take in value argument", mode)
		}
		if len(pad)%2 != 0 {
			return nil, r.errorf("padding length must be even, got %d entries", len(pad))
		}
		if target, err = padModeOf(mode, len(pad)/2); err != nil {
			return nil, r.errorf("%v", err)
		}
	}
	return func(b *ir.Builder) ([]*ir.Value, error) {
		k := newComposer(b, op)
		operands := []*ir.Value{r.value("self"), r.value("pad")}
		if mode == "constant" {
			value := r.value("value")
			if !hasValue {
				value = k.int(0)
			}
			operands = append(operands, value)
		}
		return k.done(k.value(target, operands, op.Result(0).Type()))
	}, nil
}

// decomposeFlatten rewrites aten::flatten.using_ints(self, start_dim,
// end_dim) as a view to the result's (static) shape, after checking that
// it is self's shape with dims start..end multiplied together.
func decomposeFlatten(op *ir.Operation) (emitFunc, error) {
	r, err := newNPReader(op)
	if err != nil {
		return nil, err
	}
	x, err := r.tensor("self")
	if err != nil {
		return nil, err
	}
	out, err := r.resultTensor(0)
	if err != nil {
		return nil, err
	}
	start, err := r.int("start_dim")
	if err != nil {
		return nil, err
	}
	end, err := r.int("end_dim")
	if err != nil {
		return nil, err
	}
	rank := int64(max(len(x.Sizes), 1))
	if start < 0 {
		start += rank
	}
	if end < 0 {
		end += rank
	}
	if start < 0 || end >= rank || start > end {
		return nil, r.errorf("start_dim and end_dim %d..%d are out of range for a %d-D input", start, end, len(x.Sizes))
	}
	want := slices.Clone(x.Sizes)
	if len(x.Sizes) > 0 {
		prod := int64(1)
		for _, d := range x.Sizes[start : end+1] {
			prod *= d
		}
		want = append(append(slices.Clone(x.Sizes[:start]), prod), x.Sizes[end+1:]...)
	} else {
		want = []int64{1}
	}
	if !slices.Equal(want, out.Sizes) {
		return nil, r.errorf("the result %s is not the input %s flattened over dims %d..%d (%s)", out, x, start, end, npShapeString(want))
	}
	return func(b *ir.Builder) ([]*ir.Value, error) {
		k := newComposer(b, op)
		return k.done(k.view(r.value("self"), out.Sizes))
	}, nil
}

// decomposeCrossEntropy rewrites aten::cross_entropy_loss(self, target,
// weight?, reduction, ignore_index, label_smoothing) for class-index
// targets without label smoothing, as ATen does: nll_loss of
// _log_softmax(self, 1) (dim 0 for an unbatched 1-D input).
func decomposeCrossEntropy(op *ir.Operation) (emitFunc, error) {
	r, err := newNPReader(op)
	if err != nil {
		return nil, err
	}
	x, err := r.floatTensor("self")
	if err != nil {
		return nil, err
	}
	t, err := r.tensor("target")
	if err != nil {
		return nil, err
	}
	if ir.IsFloat(t.Dtype) {
		return nil, r.errorf("cross entropy with class probabilities as the target is not supported; use class indices")
	}
	ls, err := r.float("label_smoothing")
	if err != nil {
		return nil, err
	}
	if ls != 0 {
		return nil, r.errorf("cross entropy with label_smoothing = %g is not supported: call ep.run_decompositions() before torch.export.save", ls)
	}
	if len(x.Sizes) > 2 {
		return nil, r.errorf("cross entropy of a %d-D input (spatial class maps) is not supported: only [C] and [N, C]", len(x.Sizes))
	}
	dim := int64(len(x.Sizes) - 1)
	return func(b *ir.Builder) ([]*ir.Value, error) {
		k := newComposer(b, op)
		lsm := k.value(torch.Aten_LogSoftmax, []*ir.Value{r.value("self"), k.int(dim), k.bool(false)}, r.value("self").Type())
		return k.nllLoss(r, lsm, x.Dtype)
	}, nil
}

// decomposeNllLoss rewrites aten::nll_loss and nll_loss_nd(self, target,
// weight?, reduction, ignore_index) for [C] and [N, C] inputs as
// nll_loss_forward's output.
func decomposeNllLoss(op *ir.Operation) (emitFunc, error) {
	r, err := newNPReader(op)
	if err != nil {
		return nil, err
	}
	x, err := r.floatTensor("self")
	if err != nil {
		return nil, err
	}
	if len(x.Sizes) > 2 {
		return nil, r.errorf("nll_loss of a %d-D input (spatial class maps) is not supported: only [C] and [N, C]", len(x.Sizes))
	}
	return func(b *ir.Builder) ([]*ir.Value, error) {
		return newComposer(b, op).nllLoss(r, r.value("self"), x.Dtype)
	}, nil
}

func (k *composer) nllLoss(r *npReader, logProbs *ir.Value, dt ir.Type) ([]*ir.Value, error) {
	return k.first(torch.AtenNllLossForward, []*ir.Value{logProbs, r.value("target"), r.value("weight"), r.value("reduction"),
		r.value("ignore_index")}, k.op.Result(0).Type(), torch.VTensor(dt))
}
