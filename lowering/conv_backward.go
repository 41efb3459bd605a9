package lowering

import (
	"github.com/torchlower/torchlower/ir"
)

// convolution_backward lowers
//
//	aten::convolution_backward(Tensor grad_output, Tensor input, Tensor weight,
//	    SymInt[]? bias_sizes, SymInt[] stride, SymInt[] padding, SymInt[] dilation,
//	    bool transposed, SymInt[] output_padding, SymInt groups, bool[3] output_mask)
//	  -> (Tensor grad_input, Tensor grad_weight, Tensor grad_bias)
//
// exactly as docs/conv-backward.md specifies, for 1 to 3 spatial dims, any
// groups (depthwise included), stride, padding (also p > d(K−1), which
// torch-mlir rejects), dilation, transposed = false and true (torch-mlir
// rejects the latter), every output_mask, f32/f64 and f16/bf16 with f32
// accumulation, and a dynamic batch dim. Masked results are not computed
// (a used one becomes `torch.constant.none`); bias_sizes is ignored, since
// the bias gradient does not depend on it.
//
// transposed = false (the backward of conv{1,2,3}d):
//
//	dx: flip the weight's non-unit kernel dims, scatter dy into zeros of
//	    extent H + d(K−1) at offset d(K−1) − p with stride s, correlate
//	    with dilation d (conv-backward.md, data gradient steps 1–3);
//	dw: pad x by p, then the strided-read generic;
//	db: sum dy over all dims but 1.
//
// transposed = true (the backward of conv_transpose{1,2,3}d):
//
//	dx: a plain strided conv of dy padded by p (no flip, no scatter);
//	dw: the strided-read generic with dy (padded by p) as the strided side;
//	db: as above.
const convolutionBackwardOp = "torch.aten.convolution_backward"

var convBackwardArgs = []string{"grad_output", "input", "weight", "bias_sizes", "stride", "padding",
	"dilation", "transposed", "output_padding", "groups", "output_mask"}

func populateConvBackward(m map[string]converter) {
	m[convolutionBackwardOp] = prepareConvBackward
}

func prepareConvBackward(op *ir.Operation) (emitFunc, error) {
	r := operandReader{op: op, names: convBackwardArgs}
	if op.NumOperands() != len(convBackwardArgs) || op.NumResults() != 3 {
		return nil, r.errorf("expected 11 operands and 3 results")
	}
	if err := checkDtypes(r, 0, 1, 2); err != nil {
		return nil, err
	}
	cg, err := readGeometry(r, convOperands{input: 1, weight: 2, stride: 4, padding: 5, dilation: 6,
		transposed: 7, outPad: 8, groups: 9})
	if err != nil {
		return nil, err
	}
	dy, err := r.floatTensor(0)
	if err != nil {
		return nil, err
	}
	if len(dy.Sizes) != cg.nd+2 || dy.Sizes[1] != cg.f {
		return nil, r.errorf("expected grad_output of shape [N, %d, Ho...] (rank %d), got %v", cg.f, cg.nd+2, dy.Sizes)
	}
	if err := onlyBatchDynamic(r, 0, dy); err != nil {
		return nil, err
	}
	for i, ho := range cg.ho {
		if dy.Sizes[2+i] != ho {
			return nil, r.errorf("grad_output spatial dim %d is %d, but the convolution's output extent is %d", i, dy.Sizes[2+i], ho)
		}
	}
	// The batch is dynamic when either activation says so; the lowering
	// then reads it from that operand with tensor.dim.
	batchFrom := 1
	switch {
	case dy.Sizes[0] == ir.Dynamic:
		batchFrom, cg.n = 0, ir.Dynamic
	case cg.n != ir.Dynamic && dy.Sizes[0] != cg.n:
		return nil, r.errorf("grad_output batch %d differs from input batch %d", dy.Sizes[0], cg.n)
	}
	n := cg.n
	mask, err := r.boolList(10)
	if err != nil {
		return nil, err
	}
	if len(mask) != 3 {
		return nil, r.errorf("expected 'output_mask' to have 3 entries, got %d", len(mask))
	}
	// Shapes of the three results: dx like input, dw like weight, db [F].
	wt, _ := r.floatTensor(2)
	shapes := [][]int64{append([]int64{n, cg.c}, cg.h...), wt.Sizes, {cg.f}}
	var want [3]ir.Type
	var compute [3]bool
	for i := 0; i < 3; i++ {
		res := op.Result(i)
		if isNoneValue(res) {
			continue
		}
		if !mask[i] {
			if res.HasUses() {
				return nil, r.errorf("result #%d is masked out by output_mask but used; a masked result is None", i)
			}
			continue
		}
		if want[i], err = resultType(r, i, shapes[i], cg.elem); err != nil {
			return nil, err
		}
		compute[i] = true
	}
	return func(b *ir.Builder) ([]*ir.Value, error) {
		e := &emitter{b: b, loc: op.Loc}
		if cg.n == ir.Dynamic {
			e.batch = e.dim(op.Operand(batchFrom), 0)
		}
		k := &convKernel{emitter: e, grouped: cg.g > 1, elem: cg.elem, acc: accumulatorType(cg.elem)}
		out := make([]*ir.Value, 3)
		dy, x, w := op.Operand(0), op.Operand(1), op.Operand(2)
		if cg.transposed {
			out[0], out[1] = k.transposedBackward(cg, dy, x, w, compute[0], compute[1])
		} else {
			if compute[0] {
				out[0] = k.dataGrad(cg, dy, w)
			}
			if compute[1] {
				out[1] = k.weightGradient(cg, dy, x)
			}
		}
		if compute[2] {
			out[2] = k.biasGrad(dy)
		}
		for i := range out {
			if out[i] != nil {
				out[i] = e.cast(out[i], want[i])
			}
		}
		return out, nil
	}, nil
}

// dataGrad is the non-transposed input gradient [N, C, H...]: flip, scatter,
// correlate (conv-backward.md, "Data gradient (non-transposed)").
func (k *convKernel) dataGrad(cg *convGeometry, dy, w *ir.Value) *ir.Value {
	ext := make([]int64, cg.nd)
	off := make([]int64, cg.nd)
	for i := range ext {
		ext[i] = cg.h[i] + cg.d[i]*(cg.k[i]-1)
		off[i] = cg.d[i]*(cg.k[i]-1) - cg.p[i]
	}
	// [F, C/G, K] → [(G), F/G, C/G, K], flipped along non-unit kernel dims.
	wf := k.flip(k.expandDim(w, 0, cg.g))
	dys := k.scatter(k.expandDim(dy, 1, cg.g), ext, off, cg.s)
	dx := k.conv(dys, wf, k.actShape(cg.n, cg.c, cg.h, cg.g), ones(cg.nd), cg.d, false)
	return k.collapseDim(k.truncate(dx, k.elem), 1, cg.g)
}

// weightGradient is the non-transposed weight gradient [F, C/G, K...]:
// x padded by p, read with stride s and dilation d against dy.
func (k *convKernel) weightGradient(cg *convGeometry, dy, x *ir.Value) *ir.Value {
	xp := k.padSpatial(k.expandDim(x, 1, cg.g), cg.p, cg.p)
	dw := k.weightGrad(xp, k.expandDim(dy, 1, cg.g), k.weightShapeGrouped(cg.g, cg.f/cg.g, cg.c/cg.g, cg.k), cg.s, cg.d)
	return k.collapseDim(k.truncate(dw, k.elem), 0, cg.g)
}

// transposedBackward computes the transposed-conv gradients
// (conv-backward.md, "transposed = true"):
//
//	dx[n, c, i]  = Σ_{f, k} dy[n, f, i·s − p + k·d] · w[c, f', k]
//	dw[c, f', k] = Σ_{n, i} x[n, c, i] · dy[n, f, i·s − p + k·d]
//
// Both read dy padded by p below and max(0, p − output_padding) above,
// which covers the largest index (H−1)·s + d(K−1) read.
func (k *convKernel) transposedBackward(cg *convGeometry, dy, x, w *ir.Value, wantDX, wantDW bool) (dx, dw *ir.Value) {
	if !wantDX && !wantDW {
		return nil, nil
	}
	high := make([]int64, cg.nd)
	for i := range high {
		high[i] = max(0, cg.p[i]-cg.outPad[i])
	}
	dyp := k.padSpatial(k.expandDim(dy, 1, cg.g), cg.p, high)
	if wantDX {
		// weight [C, F/G, K] → [(G), C/G, F/G, K]: out channel first.
		we := k.expandDim(w, 0, cg.g)
		v := k.conv(dyp, we, k.actShape(cg.n, cg.c, cg.h, cg.g), cg.s, cg.d, true)
		dx = k.collapseDim(k.truncate(v, k.elem), 1, cg.g)
	}
	if wantDW {
		v := k.weightGrad(dyp, k.expandDim(x, 1, cg.g), k.weightShapeGrouped(cg.g, cg.c/cg.g, cg.f/cg.g, cg.k), cg.s, cg.d)
		dw = k.collapseDim(k.truncate(v, k.elem), 0, cg.g)
	}
	return dx, dw
}

// actShape is the grouped activation shape [N, (G), ch/G, spatial...].
func (k *convKernel) actShape(n, ch int64, sp []int64, g int64) []int64 {
	s := []int64{n}
	if k.grouped {
		s = append(s, g)
	}
	return append(append(s, ch/g), sp...)
}

// weightShapeGrouped is [(G), b, a, K...].
func (k *convKernel) weightShapeGrouped(g, b, a int64, ks []int64) []int64 {
	var s []int64
	if k.grouped {
		s = append(s, g)
	}
	return append(append(s, b, a), ks...)
}

// padSpatial zero-pads the spatial dims of a grouped activation.
func (k *convKernel) padSpatial(v *ir.Value, low, high []int64) *ir.Value {
	r := tensorType(v).Rank()
	lo, hi := make([]int64, r), make([]int64, r)
	sp := r - len(low)
	copy(lo[sp:], low)
	copy(hi[sp:], high)
	return k.pad(v, lo, hi)
}
