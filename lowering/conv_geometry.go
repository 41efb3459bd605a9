package lowering

import (
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/torch"
)

// convGeometry is everything a conv lowering needs to know at compile
// time, in the notation of conv-backward.md: input x [N, C, H...], weight
// [F, C/G, K...] (or [C, F/G, K...] when transposed), output y / grad_output
// [N, F, Ho...], per spatial dim stride s, padding p, dilation d and
// output_padding.
type convGeometry struct {
	nd         int   // number of spatial dims (1–3)
	n          int64 // batch; ir.Dynamic allowed
	c, f, g    int64
	h, k, ho   []int64
	s, p, d    []int64
	outPad     []int64
	transposed bool
	elem       ir.Type
}

// outExtent is Ho for input extent h in spatial dim i: the forward
// convolution's floor((H + 2p − d(K−1) − 1)/s) + 1, or the transposed
// one's (H − 1)·s − 2p + d(K−1) + output_padding + 1.
func (cg *convGeometry) outExtent(i int, h int64) int64 {
	if cg.transposed {
		return (h-1)*cg.s[i] - 2*cg.p[i] + cg.d[i]*(cg.k[i]-1) + cg.outPad[i] + 1
	}
	return floorDiv(h+2*cg.p[i]-cg.d[i]*(cg.k[i]-1)-1, cg.s[i]) + 1
}

// expandParam accepts a list of one entry per spatial dim or a single
// entry for all, as ATen's expand_param_if_needed does.
func expandParam(r operandReader, i int, v []int64, nd int) ([]int64, error) {
	if len(v) == nd {
		return v, nil
	}
	if len(v) == 1 {
		out := make([]int64, nd)
		for j := range out {
			out[j] = v[0]
		}
		return out, nil
	}
	return nil, r.errorf("expected '%s' to have %d entries (one per spatial dim) or 1, got %d", r.names[i], nd, len(v))
}

// convOperands are the positions of the conv parameters in an op.
type convOperands struct {
	input, weight                                 int
	stride, padding, dilation, transposed, outPad int
	groups                                        int
}

// readGeometry reads and checks input, weight and the constant conv
// parameters: ranks, dtypes, shapes (only the batch may be `?`), groups and
// the per-dim parameters. It does not look at the output.
func readGeometry(r operandReader, pos convOperands) (*convGeometry, error) {
	x, err := r.floatTensor(pos.input)
	if err != nil {
		return nil, err
	}
	w, err := r.floatTensor(pos.weight)
	if err != nil {
		return nil, err
	}
	rank := len(x.Sizes)
	if rank < 3 || rank > 5 {
		return nil, r.errorf("expected '%s' of rank 3, 4 or 5 ([N, C, spatial...] with 1 to 3 spatial dims), got rank %d", r.names[pos.input], rank)
	}
	if len(w.Sizes) != rank {
		return nil, r.errorf("expected '%s' of rank %d like '%s', got rank %d", r.names[pos.weight], rank, r.names[pos.input], len(w.Sizes))
	}
	if err := onlyBatchDynamic(r, pos.input, x); err != nil {
		return nil, err
	}
	if err := onlyBatchDynamic(r, pos.weight, w); err != nil {
		return nil, err
	}
	if w.Sizes[0] == ir.Dynamic {
		return nil, r.errorf("'%s' must have static sizes", r.names[pos.weight])
	}
	cg := &convGeometry{nd: rank - 2, n: x.Sizes[0], c: x.Sizes[1], h: x.Sizes[2:], k: w.Sizes[2:], elem: x.Dtype}
	if cg.transposed, err = r.bool(pos.transposed); err != nil {
		return nil, err
	}
	if cg.g, err = r.int(pos.groups); err != nil {
		return nil, err
	}
	lists := []struct {
		dst *[]int64
		at  int
		min int64
	}{{&cg.s, pos.stride, 1}, {&cg.p, pos.padding, 0}, {&cg.d, pos.dilation, 1}, {&cg.outPad, pos.outPad, 0}}
	for _, l := range lists {
		v, err := r.intList(l.at)
		if err != nil {
			return nil, err
		}
		if *l.dst, err = expandParam(r, l.at, v, cg.nd); err != nil {
			return nil, err
		}
		for _, e := range *l.dst {
			if e < l.min {
				return nil, r.errorf("expected every '%s' entry to be at least %d, got %v", r.names[l.at], l.min, v)
			}
		}
	}
	if cg.g < 1 {
		return nil, r.errorf("expected 'groups' to be positive, got %d", cg.g)
	}
	if cg.c%cg.g != 0 {
		return nil, r.errorf("input channels (%d) are not divisible by groups (%d)", cg.c, cg.g)
	}
	if cg.transposed {
		// weight [C, F/G, K...]
		if w.Sizes[0] != cg.c {
			return nil, r.errorf("transposed convolution expects weight [C, F/G, K...] with C = %d input channels, got weight %v", cg.c, w.Sizes)
		}
		cg.f = w.Sizes[1] * cg.g
	} else {
		// weight [F, C/G, K...]
		if w.Sizes[1]*cg.g != cg.c {
			return nil, r.errorf("expected weight [F, C/G, K...] with C/G = %d, got weight %v", cg.c/cg.g, w.Sizes)
		}
		cg.f = w.Sizes[0]
		if cg.f%cg.g != 0 {
			return nil, r.errorf("output channels (%d) are not divisible by groups (%d)", cg.f, cg.g)
		}
	}
	cg.ho = make([]int64, cg.nd)
	for i := range cg.ho {
		if cg.k[i] < 1 || cg.h[i] < 1 {
			return nil, r.errorf("expected non-empty input and kernel, got input %v and weight %v", x.Sizes, w.Sizes)
		}
		cg.ho[i] = cg.outExtent(i, cg.h[i])
		if cg.ho[i] < 1 {
			return nil, r.errorf("spatial dim %d: the output extent would be %d (input %d, kernel %d, stride %d, padding %d, dilation %d)",
				i, cg.ho[i], cg.h[i], cg.k[i], cg.s[i], cg.p[i], cg.d[i])
		}
	}
	return cg, nil
}

func onlyBatchDynamic(r operandReader, i int, t torch.VTensorType) error {
	for j, d := range t.Sizes {
		if d == ir.Dynamic && (j != 0 || i == -1) {
			return r.errorf("'%s' has a dynamic size in dim %d; only the batch dim (0) of activations may be dynamic", r.names[i], j)
		}
	}
	return nil
}

// checkDtypes rejects operands of different float dtypes: the lowering
// computes in one element type (conv-backward.md, "dtypes").
func checkDtypes(r operandReader, idx ...int) error {
	var first ir.Type
	for _, i := range idx {
		t, ok := r.op.Operand(i).Type().(torch.VTensorType)
		if !ok || t.Dtype == nil {
			continue
		}
		if first == nil {
			first = t.Dtype
			continue
		}
		if !ir.TypeEqual(first, t.Dtype) {
			msg := "mixed dtypes are not supported:"
			for j, k := range idx {
				if tt, ok := r.op.Operand(k).Type().(torch.VTensorType); ok && tt.Dtype != nil {
					if j > 0 {
						msg += ","
					}
					msg += " '" + r.names[k] + "' is " + tt.Dtype.String()
				}
			}
			return r.errorf("%s; cast the operands to one dtype first", msg)
		}
	}
	return nil
}

// resultType checks that declared (a torch result type) can hold a tensor
// of the computed shape and dtype: same rank and dtype, equal static sizes.
// It returns the builtin type to cast the computed tensor to.
func resultType(r operandReader, i int, shape []int64, elem ir.Type) (ir.Type, error) {
	t, ok := r.op.Result(i).Type().(torch.VTensorType)
	if !ok {
		return nil, r.errorf("result #%d has type '%s', expected a !torch.vtensor", i, r.op.Result(i).Type())
	}
	bt, ok := t.ToBuiltinTensor()
	if !ok || bt.Rank() != len(shape) || !ir.TypeEqual(bt.Elem, elem) {
		return nil, r.errorf("result #%d has type '%s', expected %s", i, t, torch.VTensor(elem, shape...))
	}
	for j, d := range bt.Shape {
		if d != ir.Dynamic && shape[j] != ir.Dynamic && d != shape[j] {
			return nil, r.errorf("result #%d has type '%s', but the computed shape is %s", i, t, torch.VTensor(elem, shape...))
		}
	}
	return bt, nil
}
