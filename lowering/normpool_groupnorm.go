package lowering

import (
	"slices"

	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/dialect/math"
	"github.com/torchlower/torchlower/dialect/tensor"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
)

// prepareGroupNorm and prepareGroupNormBackward lower group norm, forward
// and backward, with the semantics of ATen's CPU kernels
// (aten/src/ATen/native/cpu/group_norm_kernel.cpp):
//
//	aten::native_group_norm(Tensor input, Tensor? weight, Tensor? bias,
//	    SymInt N, SymInt C, SymInt HxW, int group, float eps)
//	    -> (Tensor out, Tensor mean, Tensor rstd)
//	aten::native_group_norm_backward(Tensor grad_out, Tensor input,
//	    Tensor mean, Tensor rstd, Tensor? weight, SymInt N, SymInt C,
//	    SymInt HxW, int group, bool[3] output_mask)
//	    -> (Tensor grad_input, Tensor grad_weight, Tensor grad_bias)
//
// The input [N, C, S...] (HxW = ΠS) holds G = group groups of D = C/G
// channels. Both lowerings read it through a tensor.expand_shape view
// [N, G, D, S...] and the weight as [G, D], so that a group's statistics
// are a plain reduction over the dims after G (a view costs no copy; an
// index g·D + d would leave the loop over d without an operand that
// bounds it). Results of that form are collapsed back. With n = D·HxW:
//
//	forward:  mean = Σx/n and the biased var = Σ(x − mean)²/n (two passes;
//	          ATen's RowwiseMoments takes one, equal up to rounding),
//	          rstd = 1/√(max(var, 0) + eps);
//	          out  = (x − mean)·rstd                  without weight and bias,
//	          out  = scale·x + (−scale·mean + b)      otherwise, scale = rstd·w
//	          (the kernel's two branches; w None means 1, b None 0).
//	backward: per channel ds = Σ_S dy·x and db = Σ_S dy; per group
//	          dsg = Σ_D ds·w, dbg = Σ_D db·w, s = 1/n,
//	          c2 = (dbg·mean − dsg)·rstd·rstd·rstd·s, c3 = −c2·mean − dbg·rstd·s;
//	          grad_input  = rstd·w·dy + c2·x + c3
//	          grad_weight = Σ_N (ds − db·mean)·rstd
//	          grad_bias   = Σ_N db
//
// mean and rstd are [N, G]. f16/bf16 compute in f32 (ATen's accumulation
// type) and round each result once to its declared dtype; the forward's
// out uses the unrounded f32 mean and rstd, as the kernel does. torch 1.13
// gives mean and rstd the input's dtype (bf16 for a bf16 input); the
// declared dtype is what counts, so an f32 one is honoured too. grad_weight and
// grad_bias are computed when output_mask asks for them even if weight is
// None (PyTorch's CPU kernel then fails while taking their shape from
// weight; the formulas do not read it).
func prepareGroupNorm(op *ir.Operation) (emitFunc, error) {
	r, err := newNPReader(op)
	if err != nil {
		return nil, err
	}
	xt, err := r.floatTensor("input")
	if err != nil {
		return nil, err
	}
	geo, err := readGroupNormGeometry(r, xt.Sizes)
	if err != nil {
		return nil, err
	}
	p := &gnForward{op: op, checked: op.Operands(), x: r.value("input"), geo: geo, acc: accumulatorType(xt.Dtype)}
	for _, v := range []struct {
		name string
		dst  **ir.Value
	}{{"weight", &p.w}, {"bias", &p.bias}} {
		ok, err := r.optVector(v.name, geo.c)
		if err != nil {
			return nil, err
		}
		if ok {
			*v.dst = r.value(v.name)
		}
	}
	if p.eps, err = r.float("eps"); err != nil {
		return nil, err
	}
	for i, shape := range [][]int64{geo.shape, geo.statShape(), geo.statShape()} {
		if p.res[i], err = r.result(i, shape, true); err != nil {
			return nil, err
		}
		p.need[i] = op.Result(i).HasUses()
	}
	return p.emit, nil
}

// gnGeometry is a checked group norm shape.
type gnGeometry struct {
	n, c, hxw, g int64
	shape        []int64 // the input's [N, C, S...]
}

func (geo gnGeometry) d() int64 { return geo.c / geo.g }

// count is n of the formulas: the elements of one group of one sample.
func (geo gnGeometry) count() float64 { return float64(geo.d() * geo.hxw) }

func (geo gnGeometry) statShape() []int64 { return []int64{geo.n, geo.g} }

// readGroupNormGeometry reads N, C, HxW and group, which must describe the
// input as PyTorch checks: N and C its first two dims, HxW the product of
// the rest, and C divisible by group.
func readGroupNormGeometry(r *npReader, shape []int64) (gnGeometry, error) {
	geo := gnGeometry{shape: shape}
	if len(shape) < 2 {
		return geo, r.errorf("expected 'input' of rank 2 or more ([N, C, ...]), got %s", npShapeString(shape))
	}
	for _, a := range []struct {
		name string
		dst  *int64
	}{{"N", &geo.n}, {"C", &geo.c}, {"HxW", &geo.hxw}, {"group", &geo.g}} {
		v, err := r.int(a.name)
		if err != nil {
			return geo, err
		}
		*a.dst = v
	}
	if geo.n != shape[0] || geo.c != shape[1] || geo.hxw != ir.NumElements(shape[2:]) {
		return geo, r.errorf("N = %d, C = %d, HxW = %d do not describe the input %s (expected %d, %d, %d)",
			geo.n, geo.c, geo.hxw, npShapeString(shape), shape[0], shape[1], ir.NumElements(shape[2:]))
	}
	if geo.g < 1 || geo.c%geo.g != 0 {
		return geo, r.errorf("expected the number of channels C = %d to be divisible by group = %d, as PyTorch requires", geo.c, geo.g)
	}
	return geo, nil
}

// gnForward is a checked native_group_norm, ready to emit.
type gnForward struct {
	op         *ir.Operation
	checked    []*ir.Value
	x, w, bias *ir.Value // nil where None
	geo        gnGeometry
	eps        float64
	acc        ir.Type
	res        [3]ir.RankedTensorType
	need       [3]bool
}

func (p *gnForward) emit(b *ir.Builder) ([]*ir.Value, error) {
	rebindOperands(p.op, p.checked, &p.x, &p.w, &p.bias)
	k := newNPKernel(b, p.op)
	acc, geo, n := p.acc, p.geo, p.geo.count()
	x := k.splitChannels(p.x, 1, geo.g)
	stat := geo.statShape()
	red := newGNLoops(len(geo.shape)-2, linalg.Parallel, linalg.Parallel, linalg.Reduction, linalg.Reduction)
	// The sums of f32 data run in f64 and round once, as the batch
	// norm's (a group's D·ΠS elements summed in order in f32 drift as a
	// channel's do; PyTorch's CPU kernel sums in cascades).
	sacc := sumAccumulator(tensorType(p.x).Elem)
	sum := k.generic(&red.l, []npRead{{x, red.full()}}, k.filled(stat, sacc, 0), red.stat(), func(b *ir.Builder, a []*ir.Value) *ir.Value {
		return arith.Add(b, k.loc, a[1], k.convert(b, a[0], sacc))
	})
	mean := k.channelwise(stat, 0, []npIn{npFull(sum)}, acc, false, func(b *ir.Builder, a []*ir.Value) *ir.Value {
		return k.convert(b, arith.Div(b, k.loc, a[0], k.scalar(b, n, sacc)), acc)
	})
	sq := k.generic(&red.l, []npRead{{x, red.full()}, {mean, red.stat()}}, k.filled(stat, sacc, 0), red.stat(), func(b *ir.Builder, a []*ir.Value) *ir.Value {
		d := arith.Sub(b, k.loc, k.convert(b, a[0], acc), a[1])
		return arith.Add(b, k.loc, a[2], k.convert(b, arith.Mul(b, k.loc, d, d), sacc))
	})
	sq = k.convertTensor(sq, acc)
	rstd := k.channelwise(stat, 0, []npIn{npFull(sq)}, acc, false, func(b *ir.Builder, a []*ir.Value) *ir.Value {
		v := arith.Binary(b, k.loc, arith.MaxF, arith.Div(b, k.loc, a[0], k.scalar(b, n, acc)), k.scalar(b, 0, acc))
		return arith.Div(b, k.loc, k.scalar(b, 1, acc), k.sqrt(b, arith.Add(b, k.loc, v, k.scalar(b, p.eps, acc))))
	})
	var out [3]*ir.Value
	if p.need[0] {
		el := newGNLoops(len(geo.shape)-2, linalg.Parallel, linalg.Parallel, linalg.Parallel, linalg.Parallel)
		ins := []npRead{{x, el.full()}, {mean, el.stat()}, {rstd, el.stat()}}
		for _, v := range []*ir.Value{p.w, p.bias} {
			if v != nil {
				ins = append(ins, npRead{k.splitChannels(v, 0, geo.g), el.channel()})
			}
		}
		elem := p.res[0].Elem
		y := k.generic(&el.l, ins, k.empty(el.shape(geo), elem), el.full(), func(b *ir.Builder, a []*ir.Value) *ir.Value {
			xv, m, rs := k.convert(b, a[0], acc), a[1], a[2]
			if p.w == nil && p.bias == nil {
				return k.convert(b, arith.Mul(b, k.loc, arith.Sub(b, k.loc, xv, m), rs), elem)
			}
			i, scale := 3, rs
			if p.w != nil {
				scale = arith.Mul(b, k.loc, rs, k.convert(b, a[i], acc))
				i++
			}
			// −scale·mean + b, with b = 0 added as the kernel does.
			var shift *ir.Value
			if p.bias != nil {
				shift = k.convert(b, a[i], acc)
			} else {
				shift = k.scalar(b, 0, acc)
			}
			bias := arith.Add(b, k.loc, arith.Mul(b, k.loc, arith.NewNegF(b, k.loc, scale), m), shift)
			return k.convert(b, arith.Add(b, k.loc, arith.Mul(b, k.loc, scale, xv), bias), elem)
		})
		out[0] = k.mergeChannels(y, 1)
	}
	for i, v := range []*ir.Value{mean, rstd} {
		if p.need[i+1] {
			out[i+1] = k.convertTensor(v, p.res[i+1].Elem)
		}
	}
	return out[:], nil
}

// gnBackward is a checked native_group_norm_backward, ready to emit.
type gnBackward struct {
	op                   *ir.Operation
	checked              []*ir.Value
	dy, x, mean, rstd, w *ir.Value // w nil where None
	geo                  gnGeometry
	acc                  ir.Type
	want                 [3]ir.Type
	compute              [3]bool
}

// prepareGroupNormBackward lowers native_group_norm_backward with the
// formula of prepareGroupNorm's comment. mean and rstd must be the
// forward's [N, group] results; their dtype may differ from the input's.
func prepareGroupNormBackward(op *ir.Operation) (emitFunc, error) {
	r, xt, dyt, err := readNormBackward(op)
	if err != nil {
		return nil, err
	}
	geo, err := readGroupNormGeometry(r, xt.Sizes)
	if err != nil {
		return nil, err
	}
	if !slices.Equal(dyt.Sizes, xt.Sizes) {
		return nil, r.errorf("'grad_out' %s and 'input' %s must have the same shape", dyt, xt)
	}
	p := &gnBackward{op: op, checked: op.Operands(), dy: r.value("grad_out"), x: r.value("input"),
		mean: r.value("mean"), rstd: r.value("rstd"), geo: geo, acc: accumulatorType(xt.Dtype)}
	for _, name := range []string{"mean", "rstd"} {
		t, err := r.floatTensor(name)
		if err != nil {
			return nil, err
		}
		if !slices.Equal(t.Sizes, geo.statShape()) {
			return nil, r.errorf("expected '%s' of shape %s ([N, group], as native_group_norm returns it), got %s", name, npShapeString(geo.statShape()), t)
		}
	}
	ok, err := r.optVector("weight", geo.c)
	if err != nil {
		return nil, err
	}
	if ok {
		p.w = r.value("weight")
	}
	if err := readOutputMask(r, [][]int64{geo.shape, {geo.c}, {geo.c}}, &p.want, &p.compute); err != nil {
		return nil, err
	}
	return p.emit, nil
}

// readOutputMask checks the three results of a norm backward against
// output_mask, as native_batch_norm_backward does: a masked result must be
// None or unused and is not computed; any other must have its shape and a
// float dtype, which want receives, and is computed when something uses it.
func readOutputMask(r *npReader, shapes [][]int64, want *[3]ir.Type, compute *[3]bool) error {
	mask, err := r.boolList("output_mask")
	if err != nil {
		return err
	}
	if len(mask) != 3 {
		return r.errorf("expected 'output_mask' to have 3 entries, got %d", len(mask))
	}
	for i := 0; i < 3; i++ {
		res := r.op.Result(i)
		if isNoneValue(res) {
			continue
		}
		if !mask[i] {
			if res.HasUses() {
				return r.errorf("result #%d is masked out by output_mask but used; a masked result is None", i)
			}
			continue
		}
		t, err := r.result(i, shapes[i], true)
		if err != nil {
			return err
		}
		want[i] = t.Elem
		compute[i] = res.HasUses()
	}
	return nil
}

func (p *gnBackward) emit(b *ir.Builder) ([]*ir.Value, error) {
	rebindOperands(p.op, p.checked, &p.dy, &p.x, &p.mean, &p.rstd, &p.w)
	out := make([]*ir.Value, 3)
	if p.compute == [3]bool{} {
		return out, nil
	}
	k := newNPKernel(b, p.op)
	acc, geo := p.acc, p.geo
	ns := len(geo.shape) - 2
	dy, x := k.splitChannels(p.dy, 1, geo.g), k.splitChannels(p.x, 1, geo.g)
	perChannel := []int64{geo.n, geo.g, geo.d()}
	chanRed := newGNLoops(ns, linalg.Parallel, linalg.Parallel, linalg.Parallel, linalg.Reduction)
	// A channel's sums over its plane run in f64 for f32 data, each term
	// formed in acc, and are rounded to acc once, as the forward's
	// statistics (summed in order in f32, they were 2-3x further from the
	// f64 results than PyTorch's, whose float vectors add 16 partial sums).
	stat := sumAccumulator(tensorType(p.x).Elem)
	var ds, db *ir.Value
	if p.compute[0] || p.compute[1] {
		ds = k.generic(&chanRed.l, []npRead{{dy, chanRed.full()}, {x, chanRed.full()}}, k.filled(perChannel, stat, 0), chanRed.perChannel(),
			func(b *ir.Builder, a []*ir.Value) *ir.Value {
				return arith.Add(b, k.loc, a[2], k.convert(b, arith.Mul(b, k.loc, k.convert(b, a[0], acc), k.convert(b, a[1], acc)), stat))
			})
		ds = k.convertTensor(ds, acc)
	}
	db = k.generic(&chanRed.l, []npRead{{dy, chanRed.full()}}, k.filled(perChannel, stat, 0), chanRed.perChannel(),
		func(b *ir.Builder, a []*ir.Value) *ir.Value {
			return arith.Add(b, k.loc, a[1], k.convert(b, a[0], stat))
		})
	db = k.convertTensor(db, acc)
	if p.compute[0] {
		var w *ir.Value
		if p.w != nil {
			w = k.splitChannels(p.w, 0, geo.g)
		}
		// Per group: Σ_D ds·w and Σ_D db·w, over a nest without spatial dims.
		grp := newGNLoops(0, linalg.Parallel, linalg.Parallel, linalg.Reduction, "")
		weighted := func(v *ir.Value) *ir.Value {
			ins := []npRead{{v, grp.perChannel()}}
			if w != nil {
				ins = append(ins, npRead{w, grp.channel()})
			}
			return k.generic(&grp.l, ins, k.filled(geo.statShape(), acc, 0), grp.stat(), func(b *ir.Builder, a []*ir.Value) *ir.Value {
				if w == nil {
					return arith.Add(b, k.loc, a[1], a[0])
				}
				return arith.Add(b, k.loc, a[2], arith.Mul(b, k.loc, a[0], k.convert(b, a[1], acc)))
			})
		}
		dsg, dbg := weighted(ds), weighted(db)
		el := newGNLoops(ns, linalg.Parallel, linalg.Parallel, linalg.Parallel, linalg.Parallel)
		ins := []npRead{{dy, el.full()}, {x, el.full()}, {p.mean, el.stat()}, {p.rstd, el.stat()}, {dsg, el.stat()}, {dbg, el.stat()}}
		if w != nil {
			ins = append(ins, npRead{w, el.channel()})
		}
		elem := p.want[0]
		gi := k.generic(&el.l, ins, k.empty(el.shape(geo), elem), el.full(), func(b *ir.Builder, a []*ir.Value) *ir.Value {
			m, rs := k.convert(b, a[2], acc), k.convert(b, a[3], acc)
			s := k.scalar(b, 1/geo.count(), acc)
			c2 := arith.Sub(b, k.loc, arith.Mul(b, k.loc, a[5], m), a[4])
			c2 = arith.Mul(b, k.loc, arith.Mul(b, k.loc, arith.Mul(b, k.loc, arith.Mul(b, k.loc, c2, rs), rs), rs), s)
			c3 := arith.Sub(b, k.loc, arith.Mul(b, k.loc, arith.NewNegF(b, k.loc, c2), m), arith.Mul(b, k.loc, arith.Mul(b, k.loc, a[5], rs), s))
			c1 := rs
			if w != nil {
				c1 = arith.Mul(b, k.loc, rs, k.convert(b, a[6], acc))
			}
			g := arith.Add(b, k.loc, arith.Mul(b, k.loc, c1, k.convert(b, a[0], acc)), arith.Mul(b, k.loc, c2, k.convert(b, a[1], acc)))
			return k.convert(b, arith.Add(b, k.loc, g, c3), elem)
		})
		out[0] = k.mergeChannels(gi, 1)
	}
	// grad_weight and grad_bias sum over N into [G, D], then become [C].
	param := newGNLoops(0, linalg.Reduction, linalg.Parallel, linalg.Parallel, "")
	gd := []int64{geo.g, geo.d()}
	if p.compute[1] {
		ins := []npRead{{ds, param.perChannel()}, {db, param.perChannel()}, {p.mean, param.stat()}, {p.rstd, param.stat()}}
		gw := k.generic(&param.l, ins, k.filled(gd, acc, 0), param.channel(), func(b *ir.Builder, a []*ir.Value) *ir.Value {
			d := arith.Sub(b, k.loc, a[0], arith.Mul(b, k.loc, a[1], k.convert(b, a[2], acc)))
			return arith.Add(b, k.loc, a[4], arith.Mul(b, k.loc, d, k.convert(b, a[3], acc)))
		})
		out[1] = k.mergeChannels(k.convertTensor(gw, p.want[1]), 0)
	}
	if p.compute[2] {
		gb := k.generic(&param.l, []npRead{{db, param.perChannel()}}, k.filled(gd, acc, 0), param.channel(), func(b *ir.Builder, a []*ir.Value) *ir.Value {
			return arith.Add(b, k.loc, a[1], a[0])
		})
		out[2] = k.mergeChannels(k.convertTensor(gb, p.want[2]), 0)
	}
	return out, nil
}

// gnLoops is a loop nest over the grouped view [N, G, D, S...] and the
// maps through which its operands are read.
type gnLoops struct {
	l       loopNest
	n, g, d affine.Expr
	s       []affine.Expr
}

// newGNLoops makes the nest with the given iterator kinds for N, G, D and
// each of ns spatial dims.
func newGNLoops(ns int, kn, kg, kd, ks string) *gnLoops {
	t := &gnLoops{}
	t.n, t.g, t.d = t.l.add(kn), t.l.add(kg), t.l.add(kd)
	t.s = t.l.addN(ks, ns)
	return t
}

func (t *gnLoops) full() affine.Map       { return t.l.mapOf(one(t.n), one(t.g), one(t.d), t.s) }
func (t *gnLoops) stat() affine.Map       { return t.l.mapOf(one(t.n), one(t.g)) }
func (t *gnLoops) channel() affine.Map    { return t.l.mapOf(one(t.g), one(t.d)) }
func (t *gnLoops) perChannel() affine.Map { return t.l.mapOf(one(t.n), one(t.g), one(t.d)) }

func (t *gnLoops) shape(geo gnGeometry) []int64 {
	return append([]int64{geo.n, geo.g, geo.d()}, geo.shape[2:]...)
}

// splitChannels views dim d of v, of extent G·D, as the two dims [G, D]
// with tensor.expand_shape; unlike emitter.expandDim it also splits when G
// or D is 1, so that every group norm operand has the same rank.
func (k *npKernel) splitChannels(v *ir.Value, d int, g int64) *ir.Value {
	t := tensorType(v)
	shape := slices.Concat(t.Shape[:d], []int64{g, t.Shape[d] / g}, t.Shape[d+1:])
	return tensor.NewExpandShape(k.b, k.loc, ir.Tensor(t.Elem, shape...), v, splitGroups(t.Rank(), d))
}

// mergeChannels is the inverse of splitChannels: dims d and d+1 become one.
func (k *npKernel) mergeChannels(v *ir.Value, d int) *ir.Value {
	return tensor.NewCollapseShape(k.b, k.loc, nil, v, splitGroups(tensorType(v).Rank()-1, d))
}

// sqrt is math.sqrt of the scalar x.
func (k *npKernel) sqrt(b *ir.Builder, x *ir.Value) *ir.Value {
	return b.Create(math.Sqrt, k.loc, []*ir.Value{x}, []ir.Type{x.Type()}, nil, 0).Result(0)
}
