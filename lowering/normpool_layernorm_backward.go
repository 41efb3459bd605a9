package lowering

import (
	"slices"

	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
)

// prepareLayerNormBackward lowers
//
//	aten::native_layer_norm_backward(Tensor grad_out, Tensor input,
//	    SymInt[] normalized_shape, Tensor mean, Tensor rstd, Tensor? weight,
//	    Tensor? bias, bool[3] output_mask)
//	    -> (Tensor grad_input, Tensor grad_weight, Tensor grad_bias)
//
// with the formula of ATen's CPU kernel (layer_norm_kernel.cpp,
// LayerNormBackwardKernelImplInternal), in its order of operations. Each
// row of the leading dims has n = Π normalized_shape elements, its mean
// and rstd (a = rstd) and w = weight (1 when None):
//
//	ds = Σ dy·x·w,  db = Σ dy·w,  s = 1/n
//	b  = (db·mean − ds)·a·a·a·s,  c = −b·mean − db·a·s
//	grad_input  = a·dy·w + b·x + c
//	grad_weight = Σ_rows dy·(a·x + (−a·mean))
//	grad_bias   = Σ_rows dy
//
// mean and rstd are native_layer_norm's [leading..., 1...] results (the
// leading dims alone are accepted too). bias is read for nothing: PyTorch
// takes grad_bias's shape from it, and like grad_weight without weight, a
// grad_bias without bias is computed here where PyTorch's CPU kernel fails.
// f16/bf16 compute in f32 (ATen's accumulation type) and round each result
// once; masked results follow output_mask as in the batch norm backward.
func prepareLayerNormBackward(op *ir.Operation) (emitFunc, error) {
	r, xt, dyt, err := readNormBackward(op)
	if err != nil {
		return nil, err
	}
	if !slices.Equal(dyt.Sizes, xt.Sizes) {
		return nil, r.errorf("'grad_out' %s and 'input' %s must have the same shape", dyt, xt)
	}
	ns, err := r.intList("normalized_shape")
	if err != nil {
		return nil, err
	}
	rank := len(xt.Sizes)
	if len(ns) == 0 || len(ns) > rank || !slices.Equal(xt.Sizes[rank-len(ns):], ns) {
		return nil, r.errorf("normalized_shape %s must be the trailing dims of the input %s", npShapeString(ns), npShapeString(xt.Sizes))
	}
	p := &lnBackward{op: op, checked: op.Operands(), dy: r.value("grad_out"), x: r.value("input"),
		mean: r.value("mean"), rstd: r.value("rstd"), shape: xt.Sizes, axis: rank - len(ns),
		n: ir.NumElements(ns), acc: accumulatorType(xt.Dtype)}
	p.normalized = make([]bool, rank)
	p.statsShape = slices.Clone(xt.Sizes)
	for i := p.axis; i < rank; i++ {
		p.normalized[i], p.statsShape[i] = true, 1
	}
	lead := xt.Sizes[:p.axis]
	for i, name := range []string{"mean", "rstd"} {
		t, err := r.floatTensor(name)
		if err != nil {
			return nil, err
		}
		switch {
		case slices.Equal(t.Sizes, p.statsShape):
			p.statsKept[i] = true
		case slices.Equal(t.Sizes, lead):
		default:
			return nil, r.errorf("expected '%s' of shape %s (as native_layer_norm returns it), got %s", name, npShapeString(p.statsShape), t)
		}
	}
	for _, name := range []string{"weight", "bias"} {
		if r.isNone(name) {
			continue
		}
		t, err := r.floatTensor(name)
		if err != nil {
			return nil, err
		}
		if !slices.Equal(t.Sizes, ns) {
			return nil, r.errorf("expected '%s' of shape %s (normalized_shape), got %s", name, npShapeString(ns), t)
		}
		if name == "weight" {
			p.w = r.value(name)
		}
	}
	if err := readOutputMask(r, [][]int64{xt.Sizes, ns, ns}, &p.want, &p.compute); err != nil {
		return nil, err
	}
	return p.emit, nil
}

// lnBackward is a checked native_layer_norm_backward, ready to emit.
type lnBackward struct {
	op                   *ir.Operation
	checked              []*ir.Value
	dy, x, mean, rstd, w *ir.Value // w nil where None
	shape                []int64
	axis                 int   // the first normalized dim
	n                    int64 // elements per normalized row
	normalized           []bool
	statsShape           []int64 // [leading..., 1...]
	statsKept            [2]bool // mean, rstd have statsShape (else the leading dims)
	acc                  ir.Type
	want                 [3]ir.Type
	compute              [3]bool
}

// lnLoops is a loop nest over the input's dims with the maps its operands
// use: full reads the input, row a [leading..., 1...] row statistic, lead
// one of the leading dims only, param a [normalized...] weight or result.
type lnLoops struct {
	l                      loopNest
	full, row, lead, param affine.Map
}

// loops makes the nest whose leading dims have kind lead and normalized
// dims kind norm.
func (p *lnBackward) loops(lead, norm string) *lnLoops {
	t := &lnLoops{}
	idx := make([]affine.Expr, len(p.shape))
	for i := range idx {
		kind := lead
		if p.normalized[i] {
			kind = norm
		}
		idx[i] = t.l.add(kind)
	}
	t.full = t.l.mapOf(idx)
	t.row = t.l.mapOf(redProject(idx, p.normalized, true))
	t.lead = t.l.mapOf(redProject(idx, p.normalized, false))
	t.param = t.l.mapOf(idx[p.axis:])
	return t
}

// stat is the map of mean (i = 0) or rstd (i = 1), by their shape.
func (p *lnBackward) stat(t *lnLoops, i int) affine.Map {
	if p.statsKept[i] {
		return t.row
	}
	return t.lead
}

func (p *lnBackward) emit(b *ir.Builder) ([]*ir.Value, error) {
	rebindOperands(p.op, p.checked, &p.dy, &p.x, &p.mean, &p.rstd, &p.w)
	k := newNPKernel(b, p.op)
	acc := p.acc
	out := make([]*ir.Value, 3)
	if p.compute[0] {
		red := p.loops(linalg.Parallel, linalg.Reduction)
		// ds = Σ dy·x·w and db = Σ dy·w per row.
		rowSum := func(withX bool) *ir.Value {
			ins := []npRead{{p.dy, red.full}}
			if withX {
				ins = append(ins, npRead{p.x, red.full})
			}
			if p.w != nil {
				ins = append(ins, npRead{p.w, red.param})
			}
			return k.generic(&red.l, ins, k.filled(p.statsShape, acc, 0), red.row, func(b *ir.Builder, a []*ir.Value) *ir.Value {
				v := k.convert(b, a[0], acc)
				for _, f := range a[1 : len(a)-1] {
					v = arith.Mul(b, k.loc, v, k.convert(b, f, acc))
				}
				return arith.Add(b, k.loc, a[len(a)-1], v)
			})
		}
		ds, db := rowSum(true), rowSum(false)
		el := p.loops(linalg.Parallel, linalg.Parallel)
		ins := []npRead{{p.dy, el.full}, {p.x, el.full}, {p.mean, p.stat(el, 0)}, {p.rstd, p.stat(el, 1)}, {ds, el.row}, {db, el.row}}
		if p.w != nil {
			ins = append(ins, npRead{p.w, el.param})
		}
		elem := p.want[0]
		out[0] = k.generic(&el.l, ins, k.empty(p.shape, elem), el.full, func(b *ir.Builder, a []*ir.Value) *ir.Value {
			m, rs, dsv, dbv := k.convert(b, a[2], acc), k.convert(b, a[3], acc), a[4], a[5]
			s := k.scalar(b, 1/float64(p.n), acc)
			bb := arith.Sub(b, k.loc, arith.Mul(b, k.loc, dbv, m), dsv)
			bb = arith.Mul(b, k.loc, arith.Mul(b, k.loc, arith.Mul(b, k.loc, arith.Mul(b, k.loc, bb, rs), rs), rs), s)
			c := arith.Sub(b, k.loc, arith.Mul(b, k.loc, arith.NewNegF(b, k.loc, bb), m), arith.Mul(b, k.loc, arith.Mul(b, k.loc, dbv, rs), s))
			g := arith.Mul(b, k.loc, rs, k.convert(b, a[0], acc))
			if p.w != nil {
				g = arith.Mul(b, k.loc, g, k.convert(b, a[6], acc))
			}
			g = arith.Add(b, k.loc, g, arith.Mul(b, k.loc, bb, k.convert(b, a[1], acc)))
			return k.convert(b, arith.Add(b, k.loc, g, c), elem)
		})
	}
	// grad_weight and grad_bias sum over the rows into [normalized...].
	cols := p.loops(linalg.Reduction, linalg.Parallel)
	param := p.shape[p.axis:]
	if p.compute[1] {
		ins := []npRead{{p.dy, cols.full}, {p.x, cols.full}, {p.mean, p.stat(cols, 0)}, {p.rstd, p.stat(cols, 1)}}
		gw := k.generic(&cols.l, ins, k.filled(param, acc, 0), cols.param, func(b *ir.Builder, a []*ir.Value) *ir.Value {
			rs := k.convert(b, a[3], acc)
			shift := arith.Mul(b, k.loc, arith.NewNegF(b, k.loc, rs), k.convert(b, a[2], acc))
			xhat := arith.Add(b, k.loc, arith.Mul(b, k.loc, rs, k.convert(b, a[1], acc)), shift)
			return arith.Add(b, k.loc, a[4], arith.Mul(b, k.loc, k.convert(b, a[0], acc), xhat))
		})
		out[1] = k.convertTensor(gw, p.want[1])
	}
	if p.compute[2] {
		gb := k.generic(&cols.l, []npRead{{p.dy, cols.full}}, k.filled(param, acc, 0), cols.param, func(b *ir.Builder, a []*ir.Value) *ir.Value {
			return arith.Add(b, k.loc, a[1], k.convert(b, a[0], acc))
		})
		out[2] = k.convertTensor(gb, p.want[2])
	}
	return out, nil
}
