package lowering

import (
	"slices"

	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/dialect/math"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
)

// lnForward is a checked native_layer_norm, ready to emit.
type lnForward struct {
	op          *ir.Operation
	checked     []*ir.Value
	x, w, bias  *ir.Value // nil where None
	eps         float64
	shape       []int64
	axis        int   // the first normalized dim
	n           int64 // elements per normalized row
	acc         ir.Type
	res         [3]ir.RankedTensorType
	need        [3]bool
	normalized  []bool // per dim: is it normalized (reduced)?
	statsShape  []int64
	weightShape []int64
}

// prepareLayerNorm lowers
//
//	aten::native_layer_norm(Tensor input, SymInt[] normalized_shape,
//	    Tensor? weight, Tensor? bias, float eps) -> (Tensor, Tensor, Tensor)
//
// with the semantics of ATen's CPU kernel (layer_norm_kernel.cpp): the last
// len(normalized_shape) dims of input, which must equal normalized_shape,
// are normalized per row of the leading dims: mean = Σx/n and the biased
// var = Σ(x − mean)²/n (here in two passes, f32 data summed in f64 and
// each statistic rounded once; ATen's RowwiseMoments takes one
// Welford-style pass in float, equal up to rounding), rstd = 1/√(max(var, 0)
// + eps), and out = (x·rstd + (−rstd·mean))·w + b, the kernel's order of
// operations;
// weight None means 1, bias None 0. mean and rstd have the leading dims
// and size 1 in the normalized ones. f16/bf16 compute in f32 (ATen's
// acc type) and round the results once.
func prepareLayerNorm(op *ir.Operation) (emitFunc, error) {
	r, err := newNPReader(op)
	if err != nil {
		return nil, err
	}
	xt, err := r.floatTensor("input")
	if err != nil {
		return nil, err
	}
	ns, err := r.intList("normalized_shape")
	if err != nil {
		return nil, err
	}
	rank := len(xt.Sizes)
	if len(ns) == 0 || len(ns) > rank || !slices.Equal(xt.Sizes[rank-len(ns):], ns) {
		return nil, r.errorf("normalized_shape %s must be the trailing dims of the input %s", npShapeString(ns), npShapeString(xt.Sizes))
	}
	p := &lnForward{op: op, checked: op.Operands(), x: op.Operand(0), shape: xt.Sizes, axis: rank - len(ns),
		n: ir.NumElements(ns), acc: accumulatorType(xt.Dtype), weightShape: ns}
	p.normalized = make([]bool, rank)
	p.statsShape = slices.Clone(xt.Sizes)
	for i := p.axis; i < rank; i++ {
		p.normalized[i], p.statsShape[i] = true, 1
	}
	for _, v := range []struct {
		name string
		dst  **ir.Value
	}{{"weight", &p.w}, {"bias", &p.bias}} {
		if r.isNone(v.name) {
			continue
		}
		t, err := r.floatTensor(v.name)
		if err != nil {
			return nil, err
		}
		if !slices.Equal(t.Sizes, ns) {
			return nil, r.errorf("expected '%s' of shape %s (normalized_shape), got %s", v.name, npShapeString(ns), t)
		}
		*v.dst = r.value(v.name)
	}
	if p.eps, err = r.float("eps"); err != nil {
		return nil, err
	}
	for i, shape := range [][]int64{p.shape, p.statsShape, p.statsShape} {
		if p.res[i], err = r.result(i, shape, true); err != nil {
			return nil, err
		}
		p.need[i] = op.Result(i).HasUses()
	}
	return p.emit, nil
}

func (p *lnForward) emit(b *ir.Builder) ([]*ir.Value, error) {
	rebindOperands(p.op, p.checked, &p.x, &p.w, &p.bias)
	k := newRedKernel(b, p.op.Loc)
	acc, loc, n := p.acc, p.op.Loc, float64(p.n)
	// Loops over the input's dims, the normalized ones reductions where a
	// statistic is summed. full reads the input, stat a [leading..., 1...]
	// statistic, row a [normalized...] weight or bias.
	type loops struct {
		l              loopNest
		full, stat, ws affine.Map
	}
	space := func(reduce bool) *loops {
		s := &loops{}
		idx := make([]affine.Expr, len(p.shape))
		for i := range idx {
			kind := linalg.Parallel
			if reduce && p.normalized[i] {
				kind = linalg.Reduction
			}
			idx[i] = s.l.add(kind)
		}
		s.full = s.l.mapOf(idx)
		s.stat = s.l.mapOf(redProject(idx, p.normalized, true))
		s.ws = s.l.mapOf(idx[p.axis:])
		return s
	}
	generic := func(s *loops, ins []*ir.Value, maps []affine.Map, out *ir.Value, body func(b *ir.Builder, a []*ir.Value) *ir.Value) *ir.Value {
		return linalg.NewGeneric(b, loc, ins, []*ir.Value{out}, append(maps, s.stat), s.l.iters, []ir.Type{out.Type()},
			func(b *ir.Builder, a []*ir.Value) []*ir.Value { return []*ir.Value{body(b, a)} }).Result(0)
	}
	// Statistics: Σx, then Σ(x − mean)², each over the normalized dims,
	// f32 data summed in f64 (sumAccumulator; each deviation squared in
	// f32) and each statistic rounded to acc once: summed in order in f32,
	// a row of 768 values of 30 ± 1 had its mean 4e-7 off (PyTorch's
	// float cascade 3e-8) and the outputs 9e-6 off norm-wise (PyTorch's
	// 8e-7).
	stat := sumAccumulator(tensorType(p.x).Elem)
	zero := func() *ir.Value { return k.filled(p.statsShape, k.constant(b, 0, stat)) }
	red := space(true)
	sum := generic(red, []*ir.Value{p.x}, []affine.Map{red.full}, zero(), func(b *ir.Builder, a []*ir.Value) *ir.Value {
		return arith.Add(b, loc, a[1], k.toAcc(b, k.toAcc(b, a[0], acc), stat))
	})
	statOf := func(ins []*ir.Value, body func(b *ir.Builder, a []*ir.Value) *ir.Value) *ir.Value {
		s := &loops{}
		idx := s.l.addN(linalg.Parallel, len(p.shape))
		s.stat = s.l.mapOf(idx)
		maps := make([]affine.Map, len(ins))
		for i := range maps {
			maps[i] = s.stat
		}
		return generic(s, ins, maps, k.empty(p.statsShape, acc), body)
	}
	mean := statOf([]*ir.Value{sum}, func(b *ir.Builder, a []*ir.Value) *ir.Value {
		return k.fromAcc(b, arith.Div(b, loc, a[0], k.constant(b, n, stat)), acc)
	})
	sq := generic(red, []*ir.Value{p.x, mean}, []affine.Map{red.full, red.stat}, zero(), func(b *ir.Builder, a []*ir.Value) *ir.Value {
		d := arith.Sub(b, loc, k.toAcc(b, a[0], acc), a[1])
		return arith.Add(b, loc, a[2], k.toAcc(b, arith.Mul(b, loc, d, d), stat))
	})
	rstd := statOf([]*ir.Value{sq}, func(b *ir.Builder, a []*ir.Value) *ir.Value {
		v := k.fromAcc(b, arith.Div(b, loc, a[0], k.constant(b, n, stat)), acc)
		v = arith.Binary(b, loc, arith.MaxF, v, k.constant(b, 0, acc))
		s := b.Create(math.Sqrt, loc, []*ir.Value{arith.Add(b, loc, v, k.constant(b, p.eps, acc))}, []ir.Type{acc}, nil, 0).Result(0)
		return arith.Div(b, loc, k.constant(b, 1, acc), s)
	})
	var out [3]*ir.Value
	if p.need[0] {
		el := space(false)
		ins := []*ir.Value{p.x, mean, rstd}
		maps := []affine.Map{el.full, el.stat, el.stat}
		for _, v := range []*ir.Value{p.w, p.bias} {
			if v != nil {
				ins, maps = append(ins, v), append(maps, el.ws)
			}
		}
		maps = append(maps, el.full)
		res := k.empty(p.shape, p.res[0].Elem)
		out[0] = linalg.NewGeneric(b, loc, ins, []*ir.Value{res}, maps, el.l.iters, []ir.Type{res.Type()},
			func(b *ir.Builder, a []*ir.Value) []*ir.Value {
				rs := a[2]
				negBias := arith.NewNegF(b, loc, arith.Mul(b, loc, rs, a[1]))
				y := arith.Add(b, loc, arith.Mul(b, loc, k.toAcc(b, a[0], acc), rs), negBias)
				i := 3
				if p.w != nil {
					y = arith.Mul(b, loc, y, k.toAcc(b, a[i], acc))
					i++
				}
				if p.bias != nil {
					y = arith.Add(b, loc, y, k.toAcc(b, a[i], acc))
				}
				return []*ir.Value{k.fromAcc(b, y, p.res[0].Elem)}
			}).Result(0)
	}
	for i, v := range []*ir.Value{mean, rstd} {
		if p.need[i+1] {
			out[i+1] = k.cast(k.truncate(v, p.res[i+1].Elem), p.res[i+1])
		}
	}
	return out[:], nil
}
