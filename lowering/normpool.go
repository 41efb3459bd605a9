package lowering

import (
	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/dialect/math"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/torch"
	"slices"
)

// populateNormPool adds the converters of batch, layer and group norm,
// dropout, pooling, upsampling and tensor factories.
func populateNormPool(m map[string]converter) {
	m[torch.AtenNativeBatchNorm] = func(op *ir.Operation) (emitFunc, error) {
		return prepareBatchNorm(op, bnForm{runningStats: true, optionalStats: true})
	}
	m[torch.Aten_NativeBatchNormLegitFunctional] = func(op *ir.Operation) (emitFunc, error) {
		return prepareBatchNorm(op, bnForm{runningStats: true, functional: true})
	}
	m[torch.Aten_NativeBatchNormLegitNoTraining] = func(op *ir.Operation) (emitFunc, error) {
		return prepareBatchNorm(op, bnForm{runningStats: true, eval: true})
	}
	m[torch.Aten_NativeBatchNormLegitNoStats] = func(op *ir.Operation) (emitFunc, error) {
		return prepareBatchNorm(op, bnForm{})
	}
	m[torch.Aten_BatchNormWithUpdateFunctional] = func(op *ir.Operation) (emitFunc, error) {
		return prepareBatchNorm(op, bnForm{runningStats: true, functional: true, train: true, reserve: true})
	}
	m[torch.Aten_BatchNormNoUpdate] = func(op *ir.Operation) (emitFunc, error) {
		return prepareBatchNorm(op, bnForm{runningStats: true, optionalStats: true, eval: true, reserve: true})
	}
	m[torch.AtenNativeBatchNormBackward] = func(op *ir.Operation) (emitFunc, error) {
		return prepareBatchNormBackward(op, "train", "save_invstd")
	}
	m[torch.AtenBatchNormBackward] = func(op *ir.Operation) (emitFunc, error) {
		return prepareBatchNormBackward(op, "update", "save_var")
	}
	m[torch.AtenNativeLayerNorm] = prepareLayerNorm
	m[torch.AtenNativeLayerNormBackward] = prepareLayerNormBackward
	m[torch.AtenNativeGroupNorm] = prepareGroupNorm
	m[torch.AtenNativeGroupNormBackward] = prepareGroupNormBackward
	m[torch.AtenNativeDropout] = prepareDropout
	m[torch.AtenNativeDropoutBackward] = prepareDropoutBackward
	populateNPPooling(m)
	populateNPUpsample(m)
	populateNPFactories(m)
}

// ---- batch norm forward ---------------------------------------------------

// bnForm says which batch norm forward op a converter reads:
//
//	native_batch_norm(input, weight?, bias?, running_mean?, running_var?,
//	    bool training, float momentum, float eps) -> (out, save_mean, save_invstd)
//	_native_batch_norm_legit_functional(input, weight?, bias?, running_mean,
//	    running_var, bool training, float momentum, float eps)
//	    -> (out, save_mean, save_rstd, running_mean_out, running_var_out)
//	_native_batch_norm_legit_no_training(input, weight?, bias?, running_mean,
//	    running_var, float momentum, float eps) -> (out, save_mean, save_rstd)
//	_native_batch_norm_legit.no_stats(input, weight?, bias?, bool training,
//	    float momentum, float eps) -> (out, save_mean, save_rstd)
//	_batch_norm_with_update_functional(input, weight?, bias?, running_mean,
//	    running_var, float momentum, float eps)
//	    -> (out, save_mean, save_rstd, reserve, running_mean_out, running_var_out)
//	_batch_norm_no_update(input, weight?, bias?, running_mean?, running_var?,
//	    float momentum, float eps) -> (out, save_mean, save_rstd, reserve)
//
// The last two are what BatchNorm's batch_norm becomes in torch 2.x's
// export IR (training, and evaluation); reserve is cuDNN's workspace, an
// empty uint8 tensor everywhere else.
type bnForm struct {
	runningStats  bool // has running_mean and running_var operands
	optionalStats bool // they may be None
	functional    bool // returns the updated running stats
	eval          bool // no training operand: always evaluation mode
	train         bool // no training operand: always training mode
	reserve       bool // a reserve result after save_rstd
}

// bnForward is a checked batch norm forward, ready to emit.
type bnForward struct {
	op                 *ir.Operation
	checked            []*ir.Value // the operands when the op was checked
	x, w, bias, rm, rv *ir.Value   // nil where None
	training           bool
	momentum, eps      float64
	shape              []int64
	c, count           int64 // channels, and elements per channel (N·ΠS)
	acc                ir.Type
	res                []ir.RankedTensorType
	saveEmpty          bool // save_mean / save_invstd are the [0] tensors of CPU evaluation
	need               []bool
	// reserveAt and statsAt are the result indices of the reserve and of
	// the updated running mean (the running var follows); -1 if none.
	reserveAt, statsAt int
}

// prepareBatchNorm lowers the batch norm forward ops of bnForm, with
// PyTorch's semantics (aten/src/ATen/native/Normalization.cpp,
// batch_norm_cpu and batch_norm_cpu_update_stats_template, and the
// decomposition native_batch_norm_helper in torch/_decomp):
//
//   - training: per channel c (dim 1), over N and every spatial dim,
//     mean = Σx / n and the biased var = Σ(x − mean)² / n (two passes, as
//     PyTorch's kernel does); invstd = rsqrt(var + eps), or 0 when
//     var = eps = 0 (PyTorch's InvStd); out = (x − mean)·invstd·w + b.
//     save_mean and save_invstd are mean and invstd. The functional form
//     also returns running_mean·(1 − momentum) + mean·momentum and
//     running_var·(1 − momentum) + momentum·Σ(x − mean)²/(n − 1), the
//     unbiased variance; native_batch_norm's own running stats are NOT
//     updated (the op writes them in place, which value semantics cannot
//     express; torch.export emits the functional form for that).
//   - evaluation: mean = running_mean, invstd = rsqrt(running_var + eps).
//     save_mean/save_invstd are empty [0] tensors on CPU, or
//     running_mean and invstd (CUDA, and the decomposition elsewhere):
//     the declared result types say which. The functional form returns
//     the running stats unchanged.
//
// weight = None means 1 and bias = None means 0. Statistics and the
// normalisation are computed in f32 for f16/bf16 inputs (PyTorch's
// computation dtype) and in the input dtype otherwise, the sums of an f32
// input in f64 (as PyTorch's CPU kernel: acc_type<float> is double) and
// rounded to f32 once; every result is
// then converted to its declared dtype (save_mean is f32 for a bf16 input
// with f32 running stats, for example). Results nothing uses are not
// computed.
func prepareBatchNorm(op *ir.Operation, form bnForm) (emitFunc, error) {
	r, err := newNPReader(op)
	if err != nil {
		return nil, err
	}
	xt, err := r.floatTensor("input")
	if err != nil {
		return nil, err
	}
	if len(xt.Sizes) < 2 {
		return nil, r.errorf("expected 'input' of rank 2 or more ([N, C, ...]), got %s", xt)
	}
	p := &bnForward{op: op, checked: op.Operands(), x: op.Operand(0), shape: xt.Sizes, c: xt.Sizes[1], acc: accumulatorType(xt.Dtype)}
	p.count = ir.NumElements(xt.Sizes) / max(p.c, 1)
	type vector struct {
		name     string
		dst      **ir.Value
		required bool
	}
	vectors := []vector{{"weight", &p.w, false}, {"bias", &p.bias, false}}
	if form.runningStats {
		vectors = append(vectors, vector{"running_mean", &p.rm, !form.optionalStats}, vector{"running_var", &p.rv, !form.optionalStats})
	}
	for _, v := range vectors {
		ok, err := r.optVector(v.name, p.c)
		if err != nil {
			return nil, err
		}
		if ok {
			*v.dst = r.value(v.name)
		} else if v.required {
			return nil, r.errorf("expected '%s' to be a tensor, got None", v.name)
		}
	}
	switch {
	case form.train:
		p.training = true
	case !form.eval:
		if p.training, err = r.bool("training"); err != nil {
			return nil, err
		}
	}
	if p.momentum, err = r.float("momentum"); err != nil {
		return nil, err
	}
	if p.eps, err = r.float("eps"); err != nil {
		return nil, err
	}
	if !p.training && (p.rm == nil || p.rv == nil) {
		return nil, r.errorf("evaluation mode (training = false) needs 'running_mean' and 'running_var', as PyTorch does")
	}
	// Results: out like input; save_mean and save_invstd [C], or [0] in
	// evaluation mode; the reserve [0]; the functional form's running
	// stats [C].
	p.reserveAt, p.statsAt = -1, -1
	if form.reserve {
		p.reserveAt = 3
	}
	if form.functional {
		p.statsAt = 3
		if form.reserve {
			p.statsAt = 4
		}
	}
	p.res = make([]ir.RankedTensorType, op.NumResults())
	p.need = make([]bool, op.NumResults())
	if p.res[0], err = r.result(0, p.shape, true); err != nil {
		return nil, err
	}
	for i := 1; i < op.NumResults(); i++ {
		if i == p.reserveAt {
			t, ok := op.Result(i).Type().(torch.VTensorType)
			bt, ok2 := t.ToBuiltinTensor()
			if !ok || !ok2 || !slices.Equal(bt.Shape, []int64{0}) {
				return nil, r.errorf("result #%d (reserve) has type '%s', expected an empty [0] tensor", i, op.Result(i).Type())
			}
			p.res[i] = bt
			continue
		}
		if p.res[i], err = r.result(i, nil, true); err != nil {
			return nil, err
		}
		got := p.res[i].Shape
		switch {
		case slices.Equal(got, []int64{p.c}):
		case i <= 2 && !p.training && slices.Equal(got, []int64{0}):
			p.saveEmpty = true
		default:
			return nil, r.errorf("result #%d has type '%s', expected shape [%d] (or [0] for the saved statistics in evaluation mode)",
				i, op.Result(i).Type(), p.c)
		}
	}
	if len(p.res) > 2 && slices.Equal(p.res[1].Shape, []int64{0}) != slices.Equal(p.res[2].Shape, []int64{0}) {
		return nil, r.errorf("save_mean and save_invstd must both be [0] or both be [%d]", p.c)
	}
	for i := range p.need {
		p.need[i] = op.Result(i).HasUses()
	}
	return p.emit, nil
}

func (p *bnForward) emit(b *ir.Builder) ([]*ir.Value, error) {
	// The operands were read when the op was checked; the ops that produced
	// them have been lowered and erased since. Read them again.
	rebindOperands(p.op, p.checked, &p.x, &p.w, &p.bias, &p.rm, &p.rv)
	k := newNPKernel(b, p.op)
	acc := p.acc
	cv := []int64{p.c}
	n := float64(p.count)
	var mean, invstd, varSum *ir.Value
	if p.training {
		// The sums run in stat: f64 for an f32 input, as PyTorch's CPU
		// kernel accumulates them (acc_type<float> is double there,
		// batch_norm_cpu_collect_stats_contiguous_impl); mean and the
		// variance sum are then rounded to acc. A sequential f32 sum of
		// N·H·W = 16384 elements was off by 1e-5 of the mean, enough to
		// turn some ReLU outputs after it from positive to zero: a
		// CIFAR-sized training step's first gradients were 1e-3 off
		// PyTorch's float64 ones (bench --suite=training --check).
		stat := sumAccumulator(tensorType(p.x).Elem)
		sum := k.channelwise(p.shape, 1, []npIn{npFull(p.x)}, stat, true, func(b *ir.Builder, a []*ir.Value) *ir.Value {
			return arith.Add(b, k.loc, a[1], k.convert(b, a[0], stat))
		})
		mean = k.channelwise(cv, 0, []npIn{npChan(sum)}, acc, false, func(b *ir.Builder, a []*ir.Value) *ir.Value {
			return k.convert(b, arith.Div(b, k.loc, a[0], k.scalar(b, n, stat)), acc)
		})
		// Each deviation is squared in acc, as PyTorch's (x - mean)² of
		// scalar_t, and summed in stat.
		varSum = k.channelwise(p.shape, 1, []npIn{npFull(p.x), npChan(mean)}, stat, true, func(b *ir.Builder, a []*ir.Value) *ir.Value {
			d := arith.Sub(b, k.loc, k.convert(b, a[0], acc), a[1])
			return arith.Add(b, k.loc, a[2], k.convert(b, arith.Mul(b, k.loc, d, d), stat))
		})
		varSum = k.convertTensor(varSum, acc)
		invstd = k.channelwise(cv, 0, []npIn{npChan(varSum)}, acc, false, func(b *ir.Builder, a []*ir.Value) *ir.Value {
			return k.invStd(b, arith.Div(b, k.loc, a[0], k.scalar(b, n, acc)), p.eps)
		})
	} else {
		mean = p.rm
		invstd = k.channelwise(cv, 0, []npIn{npChan(p.rv)}, acc, false, func(b *ir.Builder, a []*ir.Value) *ir.Value {
			return k.rsqrt(b, arith.Add(b, k.loc, k.convert(b, a[0], acc), k.scalar(b, p.eps, acc)))
		})
	}
	out := make([]*ir.Value, len(p.res))
	if p.need[0] {
		ins := []npIn{npFull(p.x), npChan(mean), npChan(invstd)}
		if p.w != nil {
			ins = append(ins, npChan(p.w))
		}
		if p.bias != nil {
			ins = append(ins, npChan(p.bias))
		}
		out[0] = k.channelwise(p.shape, 1, ins, p.res[0].Elem, false, func(b *ir.Builder, a []*ir.Value) *ir.Value {
			y := arith.Sub(b, k.loc, k.convert(b, a[0], acc), k.convert(b, a[1], acc))
			y = arith.Mul(b, k.loc, y, a[2])
			i := 3
			if p.w != nil {
				y = arith.Mul(b, k.loc, y, k.convert(b, a[i], acc))
				i++
			}
			if p.bias != nil {
				y = arith.Add(b, k.loc, y, k.convert(b, a[i], acc))
			}
			return k.convert(b, y, p.res[0].Elem)
		})
	}
	for i, v := range []*ir.Value{mean, invstd} {
		if !p.need[i+1] {
			continue
		}
		if p.saveEmpty {
			out[i+1] = k.empty([]int64{0}, p.res[i+1].Elem)
		} else {
			out[i+1] = k.convertTensor(v, p.res[i+1].Elem)
		}
	}
	if p.reserveAt >= 0 && p.need[p.reserveAt] {
		out[p.reserveAt] = k.empty([]int64{0}, p.res[p.reserveAt].Elem)
	}
	if s := p.statsAt; s >= 0 {
		if !p.training {
			// Evaluation leaves the running stats as they are.
			if p.need[s] {
				out[s] = k.convertTensor(p.rm, p.res[s].Elem)
			}
			if p.need[s+1] {
				out[s+1] = k.convertTensor(p.rv, p.res[s+1].Elem)
			}
			return out, nil
		}
		// running·(1 − momentum) + stat·momentum, computed as PyTorch
		// writes it: momentum·stat + (1 − momentum)·running.
		update := func(stat, running *ir.Value, elem ir.Type, unbias bool) *ir.Value {
			return k.channelwise(cv, 0, []npIn{npChan(stat), npChan(running)}, elem, false, func(b *ir.Builder, a []*ir.Value) *ir.Value {
				s := a[0]
				if unbias {
					s = arith.Div(b, k.loc, s, k.scalar(b, n-1, acc))
				}
				s = arith.Mul(b, k.loc, k.scalar(b, p.momentum, acc), s)
				old := arith.Mul(b, k.loc, k.scalar(b, 1-p.momentum, acc), k.convert(b, a[1], acc))
				return k.convert(b, arith.Add(b, k.loc, s, old), elem)
			})
		}
		if p.need[s] {
			out[s] = update(mean, p.rm, p.res[s].Elem, false)
		}
		if p.need[s+1] {
			out[s+1] = update(varSum, p.rv, p.res[s+1].Elem, true)
		}
	}
	return out, nil
}

// invStd is PyTorch's InvStd of a biased variance: rsqrt(var + eps), and
// 0 where var = eps = 0 (Normalization.cpp); eps is a compile-time
// constant, so the select exists only when eps is 0.
func (k *npKernel) invStd(b *ir.Builder, v *ir.Value, eps float64) *ir.Value {
	t := v.Type()
	if eps != 0 {
		return k.rsqrt(b, arith.Add(b, k.loc, v, k.scalar(b, eps, t)))
	}
	zero := k.scalar(b, 0, t)
	isZero := arith.NewCmpF(b, k.loc, "oeq", v, zero)
	return arith.NewSelect(b, k.loc, isZero, zero, k.rsqrt(b, v))
}

func (k *npKernel) rsqrt(b *ir.Builder, x *ir.Value) *ir.Value {
	return b.Create(math.Rsqrt, k.loc, []*ir.Value{x}, []ir.Type{x.Type()},
		[]ir.NamedAttr{{Name: "fastmath", Value: arith.FastMathAttr(arith.FastMathNone)}}, 0).Result(0)
}

// ---- batch norm backward --------------------------------------------------

// bnBackward is a checked batch norm backward, ready to emit.
type bnBackward struct {
	op                   *ir.Operation
	checked              []*ir.Value // the operands when the op was checked
	dy, x, w, mean, stat *ir.Value   // stat: save_invstd (train) or running_var (eval)
	train                bool
	eps                  float64
	shape                []int64
	c, count             int64
	acc                  ir.Type
	want                 [3]ir.Type
	compute              [3]bool
}

// prepareBatchNormBackward lowers
//
//	native_batch_norm_backward(Tensor grad_out, Tensor input, Tensor? weight,
//	    Tensor? running_mean, Tensor? running_var, Tensor? save_mean,
//	    Tensor? save_invstd, bool train, float eps, bool[3] output_mask)
//	batch_norm_backward(Tensor grad_out, Tensor input, Tensor weight,
//	    Tensor? running_mean, Tensor? running_var, Tensor? save_mean,
//	    Tensor? save_var, bool update, float eps, bool[3] output_mask,
//	    Tensor reserve)
//
// (the second is the first on CPU with train = update and save_invstd =
// save_var, which holds invstd; reserve is ignored) with the formula of
// PyTorch's batch_norm_backward_cpu_template (Normalization.cpp), per
// channel c with n = N·ΠS elements:
//
//	train: mean, invstd = save_mean, save_invstd
//	eval:  mean, invstd = running_mean, rsqrt(running_var + eps)
//	sum  = Σ dy,  dotp = Σ (x − mean)·dy
//	grad_input  = ((dy − sum/n) − (x − mean)·(dotp·invstd·invstd/n))·invstd·w   (train)
//	            = dy·invstd·w                                                (eval)
//	grad_weight = dotp·invstd
//	grad_bias   = sum
//
// weight = None means 1. Each result is computed only when output_mask
// asks for it and something uses it (a masked result must be None or
// unused), in f32 for f16/bf16 and converted to its declared dtype.
func prepareBatchNormBackward(op *ir.Operation, trainArg, invstdArg string) (emitFunc, error) {
	r, xt, dyt, err := readNormBackward(op)
	if err != nil {
		return nil, err
	}
	if len(xt.Sizes) < 2 {
		return nil, r.errorf("expected 'input' of rank 2 or more ([N, C, ...]), got %s", xt)
	}
	if !slices.Equal(xt.Sizes, dyt.Sizes) {
		return nil, r.errorf("'grad_out' %s and 'input' %s must have the same shape", dyt, xt)
	}
	p := &bnBackward{op: op, checked: op.Operands(), dy: r.value("grad_out"), x: r.value("input"), shape: xt.Sizes, c: xt.Sizes[1], acc: accumulatorType(xt.Dtype)}
	p.count = ir.NumElements(xt.Sizes) / max(p.c, 1)
	has := map[string]bool{}
	for _, name := range []string{"weight", "running_mean", "running_var", "save_mean", invstdArg} {
		if has[name], err = r.optVector(name, p.c); err != nil {
			return nil, err
		}
	}
	if has["weight"] {
		p.w = r.value("weight")
	}
	if p.train, err = r.bool(trainArg); err != nil {
		return nil, err
	}
	if p.eps, err = r.float("eps"); err != nil {
		return nil, err
	}
	meanArg, statArg := "save_mean", invstdArg
	if !p.train {
		meanArg, statArg = "running_mean", "running_var"
	}
	if !has[meanArg] || !has[statArg] {
		return nil, r.errorf("%s = %v needs '%s' and '%s', got None", trainArg, p.train, meanArg, statArg)
	}
	p.mean, p.stat = r.value(meanArg), r.value(statArg)
	mask, err := r.boolList("output_mask")
	if err != nil {
		return nil, err
	}
	if len(mask) != 3 {
		return nil, r.errorf("expected 'output_mask' to have 3 entries, got %d", len(mask))
	}
	shapes := [][]int64{p.shape, {p.c}, {p.c}}
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
		t, err := r.result(i, shapes[i], true)
		if err != nil {
			return nil, err
		}
		p.want[i] = t.Elem
		p.compute[i] = res.HasUses()
	}
	return p.emit, nil
}

func (p *bnBackward) emit(b *ir.Builder) ([]*ir.Value, error) {
	rebindOperands(p.op, p.checked, &p.dy, &p.x, &p.w, &p.mean, &p.stat)
	k := newNPKernel(b, p.op)
	acc := p.acc
	cv := []int64{p.c}
	n := float64(p.count)
	invstd := p.stat
	if !p.train {
		invstd = k.channelwise(cv, 0, []npIn{npChan(p.stat)}, acc, false, func(b *ir.Builder, a []*ir.Value) *ir.Value {
			return k.rsqrt(b, arith.Add(b, k.loc, k.convert(b, a[0], acc), k.scalar(b, p.eps, acc)))
		})
	}
	// The sums run in f64 for f32 data, each term formed in acc, then
	// rounded to acc: PyTorch's CPU kernel reduces each image's plane in
	// float vectors and adds those partial sums in double.
	stat := sumAccumulator(tensorType(p.x).Elem)
	var sum, dotp *ir.Value
	if p.compute[2] || (p.compute[0] && p.train) {
		sum = k.channelwise(p.shape, 1, []npIn{npFull(p.dy)}, stat, true, func(b *ir.Builder, a []*ir.Value) *ir.Value {
			return arith.Add(b, k.loc, a[1], k.convert(b, a[0], stat))
		})
		sum = k.convertTensor(sum, acc)
	}
	if p.compute[1] || (p.compute[0] && p.train) {
		dotp = k.channelwise(p.shape, 1, []npIn{npFull(p.x), npFull(p.dy), npChan(p.mean)}, stat, true, func(b *ir.Builder, a []*ir.Value) *ir.Value {
			xc := arith.Sub(b, k.loc, k.convert(b, a[0], acc), k.convert(b, a[2], acc))
			return arith.Add(b, k.loc, a[3], k.convert(b, arith.Mul(b, k.loc, xc, k.convert(b, a[1], acc)), stat))
		})
		dotp = k.convertTensor(dotp, acc)
	}
	out := make([]*ir.Value, 3)
	if p.compute[0] {
		elem := p.want[0]
		if p.train {
			ins := []npIn{npFull(p.x), npFull(p.dy), npChan(p.mean), npChan(invstd), npChan(sum), npChan(dotp)}
			if p.w != nil {
				ins = append(ins, npChan(p.w))
			}
			out[0] = k.channelwise(p.shape, 1, ins, elem, false, func(b *ir.Builder, a []*ir.Value) *ir.Value {
				is := k.convert(b, a[3], acc)
				nv := k.scalar(b, n, acc)
				kk := arith.Div(b, k.loc, arith.Mul(b, k.loc, arith.Mul(b, k.loc, a[5], is), is), nv)
				gradMean := arith.Div(b, k.loc, a[4], nv)
				proj := arith.Mul(b, k.loc, arith.Sub(b, k.loc, k.convert(b, a[0], acc), k.convert(b, a[2], acc)), kk)
				g := arith.Sub(b, k.loc, arith.Sub(b, k.loc, k.convert(b, a[1], acc), gradMean), proj)
				g = arith.Mul(b, k.loc, g, is)
				if p.w != nil {
					g = arith.Mul(b, k.loc, g, k.convert(b, a[6], acc))
				}
				return k.convert(b, g, elem)
			})
		} else {
			ins := []npIn{npFull(p.dy), npChan(invstd)}
			if p.w != nil {
				ins = append(ins, npChan(p.w))
			}
			out[0] = k.channelwise(p.shape, 1, ins, elem, false, func(b *ir.Builder, a []*ir.Value) *ir.Value {
				g := arith.Mul(b, k.loc, k.convert(b, a[0], acc), k.convert(b, a[1], acc))
				if p.w != nil {
					g = arith.Mul(b, k.loc, g, k.convert(b, a[2], acc))
				}
				return k.convert(b, g, elem)
			})
		}
	}
	if p.compute[1] {
		out[1] = k.channelwise(cv, 0, []npIn{npChan(dotp), npChan(invstd)}, p.want[1], false, func(b *ir.Builder, a []*ir.Value) *ir.Value {
			return k.convert(b, arith.Mul(b, k.loc, a[0], k.convert(b, a[1], acc)), p.want[1])
		})
	}
	if p.compute[2] {
		out[2] = k.convertTensor(sum, p.want[2])
	}
	return out, nil
}
