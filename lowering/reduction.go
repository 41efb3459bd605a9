package lowering

import (
	"math"

	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/torch"
)

// populateReduction adds the converters of reductions (sum, mean, min/max
// and their indices, prod, any/all, var, the cumsum scan), matrix products,
// softmax, attention and losses.
func populateReduction(m map[string]converter) {
	m[torch.AtenSum] = prepareSum
	m[torch.AtenSumDimIntList] = prepareSum
	m[torch.AtenMean] = prepareMean
	m[torch.AtenMeanDim] = prepareMean
	m[torch.AtenAmax] = prepareAmaxAmin
	m[torch.AtenAmin] = prepareAmaxAmin
	m[torch.AtenMax] = prepareMaxMinAll
	m[torch.AtenMin] = prepareMaxMinAll
	m[torch.AtenMaxDim] = prepareMaxMinDim
	m[torch.AtenMinDim] = prepareMaxMinDim
	m[torch.AtenArgmax] = prepareArgmaxArgmin
	m[torch.AtenArgmin] = prepareArgmaxArgmin
	m[torch.AtenProd] = prepareProd
	m[torch.AtenProdDimInt] = prepareProd
	m[torch.AtenCumsum] = prepareCumsum
	for _, name := range []string{torch.AtenAny, torch.AtenAnyDim, torch.AtenAnyDims, torch.AtenAll, torch.AtenAllDim, torch.AtenAllDims} {
		m[name] = prepareAnyAll
	}
	m[torch.AtenVarCorrection] = prepareVar
	m[torch.AtenVarMeanCorrection] = prepareVar
	m[torch.AtenMm] = prepareMm
	m[torch.AtenAddmm] = prepareAddmm
	m[torch.AtenBmm] = prepareBmm
	m[torch.Aten_Softmax] = prepareSoftmax
	m[torch.Aten_LogSoftmax] = prepareSoftmax
	m[torch.AtenSoftmaxInt] = prepareSoftmax
	m[torch.AtenLogSoftmaxInt] = prepareSoftmax
	m[torch.Aten_SoftmaxBackwardData] = prepareSoftmaxBackward
	m[torch.Aten_LogSoftmaxBackwardData] = prepareSoftmaxBackward
	m[torch.AtenNllLossForward] = prepareNllLossForward
	m[torch.AtenNllLossBackward] = prepareNllLossBackward
	m[torch.AtenMseLoss] = prepareMseLoss
	m[torch.AtenMseLossBackward] = prepareMseLossBackward
	m[torch.AtenScaledDotProductAttention] = prepareAttention
	m[torch.Aten_ScaledDotProductFlashAttentionForCpu] = prepareAttention
	m[torch.Aten_ScaledDotProductFlashAttentionForCpuBackward] = prepareAttention
}

// redSpec is what a sum/mean/amax/var lowering knows about its reduction.
type redSpec struct {
	x       torch.VTensorType
	mask    []bool // the reduced dims
	keepdim bool
}

// readRedSpec reads self (operand 0), the dim list at dimArg (-1: the
// all-dims overloads such as aten::sum, which have none) and keepdim at
// keepArg (-1: false).
func readRedSpec(r operandReader, dimArg, keepArg int) (*redSpec, error) {
	x, err := redStaticTensor(r, 0)
	if err != nil {
		return nil, err
	}
	sp := &redSpec{x: x}
	if dimArg < 0 {
		sp.mask = make([]bool, len(x.Sizes))
		for i := range sp.mask {
			sp.mask[i] = true
		}
	} else if sp.mask, err = redDims(r, dimArg, len(x.Sizes)); err != nil {
		return nil, err
	}
	if keepArg >= 0 {
		if sp.keepdim, err = r.bool(keepArg); err != nil {
			return nil, err
		}
	}
	return sp, nil
}

func (sp *redSpec) outShape() []int64 { return redShape(sp.x.Sizes, sp.mask, sp.keepdim) }

// finalMask is the mask to use for a pointwise generic over the result
// shape that reads tensors reduced without kept dims: the reduced dims with
// keepdim, none without (the result is then the reduced shape).
func (sp *redSpec) finalMask() []bool {
	if sp.keepdim {
		return sp.mask
	}
	return make([]bool, len(sp.outShape()))
}

// redDimArgs gives the positions of dim, keepdim and dtype in an overload
// of sum or mean: the all-dims overloads are (self, *, dtype).
func redDimArgs(op *ir.Operation) (dim, keep, dtype int) {
	if op.Name == torch.AtenSum || op.Name == torch.AtenMean {
		return -1, -1, 1
	}
	return 1, 2, 3
}

// prepareSum lowers
//
//	aten::sum(Tensor self, *, ScalarType? dtype=None) -> Tensor
//	aten::sum.dim_IntList(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor
//
// with PyTorch's semantics: dim None or [] sums over every dim, negative
// dims count from the end, keepdim keeps reduced dims with extent 1. The
// result dtype is dtype when given (the input is converted to it first),
// else int64 for integer and bool inputs and the input dtype for floats.
// The sum is one linalg.generic with reduction iterators into a
// linalg.fill(0) accumulator, rounded once to the result: f32 accumulates
// in f64, f16/bf16 in f32 (sumAccumulator).
func prepareSum(op *ir.Operation) (emitFunc, error) {
	r, err := redReader(op)
	if err != nil {
		return nil, err
	}
	dimArg, keepArg, dtypeArg := redDimArgs(op)
	sp, err := readRedSpec(r, dimArg, keepArg)
	if err != nil {
		return nil, err
	}
	out, err := redOptDtype(r, dtypeArg)
	if err != nil {
		return nil, err
	}
	if out == nil {
		out = sp.x.Dtype
		if !redIsFloat(out) {
			out = torch.DtypeSI64
		}
	}
	if redIsBool(out) {
		return nil, r.errorf("a sum with dtype bool is not supported")
	}
	want, err := redResult(r, 0, sp.outShape(), out)
	if err != nil {
		return nil, err
	}
	return func(b *ir.Builder) ([]*ir.Value, error) {
		k := newRedKernel(b, op.Loc)
		ob := redBuiltin(out)
		s := k.sum(op.Operand(0), sp, out, sumAccumulator(ob), sp.keepdim)
		return []*ir.Value{k.cast(k.truncate(s, ob), want)}, nil
	}, nil
}

// sumAccumulator is the type a sum of elem accumulates in: f64 for f32,
// whose sums ATen's CPU kernels keep accurate (cascaded, or in double: a
// batch norm's); summed in order in f32, a batch norm gradient's Σ dy
// over 8x112x112 was off by 1e-5 of itself and its input gradient by as
// much in every element, which a bias gradient, their sum, showed as
// 0.06 where PyTorch's is 0 but for 1e-5. f16/bf16 accumulate in f32
// (ATen's opmath_type), the others in their own type.
func sumAccumulator(elem ir.Type) ir.Type {
	if ir.TypeEqual(elem, ir.F32T) {
		return ir.F64T
	}
	return accumulatorType(elem)
}

// sum reduces x over sp's dims into an accumulator of type acc after
// converting each element to the torch dtype out, so that a dtype argument
// behaves as ATen's cast of the input.
func (k *redKernel) sum(x *ir.Value, sp *redSpec, out, acc ir.Type, keepdim bool) *ir.Value {
	in := sp.x.Dtype
	return k.reduce(sp.x.Sizes, []redIn{{v: x}}, sp.mask, keepdim, k.constant(k.b, 0, acc),
		func(b *ir.Builder, args []*ir.Value) *ir.Value {
			e := k.toAcc(b, k.convert(b, args[0], in, out), acc)
			return arith.Add(b, k.loc, args[1], e)
		})
}

// prepareMean lowers
//
//	aten::mean(Tensor self, *, ScalarType? dtype=None) -> Tensor
//	aten::mean.dim(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor
//
// as the sum (see prepareSum for dims and keepdim) divided by the static
// number of reduced elements. The result dtype is dtype, else the input
// dtype, and must be a float: ATen refuses integer results ("mean(): could
// not infer output dtype"). f16/bf16 sum and divide in f32 and round once,
// as ATen 2.x's CPU mean_out does ("cast_fp32 -> sum -> div ->
// cast_bf16_or_fp16", for accuracy; 1.13 still rounded the sum before
// dividing, which can differ by an ulp). A mean over zero elements is
// 0/0 = NaN, as in PyTorch.
func prepareMean(op *ir.Operation) (emitFunc, error) {
	r, err := redReader(op)
	if err != nil {
		return nil, err
	}
	dimArg, keepArg, dtypeArg := redDimArgs(op)
	sp, err := readRedSpec(r, dimArg, keepArg)
	if err != nil {
		return nil, err
	}
	out, err := redOptDtype(r, dtypeArg)
	if err != nil {
		return nil, err
	}
	if out == nil {
		out = sp.x.Dtype
		if !redIsFloat(out) {
			return nil, r.errorf("mean(): could not infer output dtype. Input dtype must be a floating point dtype, got %s", out)
		}
	} else if !redIsFloat(out) {
		return nil, r.errorf("mean(): 'dtype' must be a floating point dtype, got %s", out)
	}
	want, err := redResult(r, 0, sp.outShape(), out)
	if err != nil {
		return nil, err
	}
	n := float64(redCount(sp.x.Sizes, sp.mask))
	return func(b *ir.Builder) ([]*ir.Value, error) {
		k := newRedKernel(b, op.Loc)
		ob := redBuiltin(out)
		acc := sumAccumulator(ob)
		s := k.sum(op.Operand(0), sp, out, acc, false)
		m := k.pointwise(sp.outShape(), ob, []redIn{{v: s, reduced: true}}, sp.finalMask(),
			func(b *ir.Builder, args []*ir.Value) *ir.Value {
				return k.fromAcc(b, arith.Div(b, k.loc, args[0], k.constant(b, n, acc)), ob)
			})
		return []*ir.Value{k.cast(m, want)}, nil
	}, nil
}

// prepareAnyAll lowers the boolean reductions
//
//	aten::any(Tensor self) -> Tensor
//	aten::any.dim(Tensor self, int dim, bool keepdim=False) -> Tensor
//	aten::any.dims(Tensor self, int[]? dim=None, bool keepdim=False) -> Tensor
//	(all, all.dim, all.dims likewise)
//
// with PyTorch's semantics: each element counts as x != 0 (a NaN is
// true), any ors them from false and all ands them from true (over zero
// elements: false and true); dims wrap from the end, a None or empty dim
// list reduces everything. The result is bool, except for a uint8 input,
// whose result is uint8 0 or 1, as in PyTorch.
func prepareAnyAll(op *ir.Operation) (emitFunc, error) {
	r, err := redReader(op)
	if err != nil {
		return nil, err
	}
	var sp *redSpec
	switch op.Name {
	case torch.AtenAny, torch.AtenAll:
		sp, err = readRedSpec(r, -1, -1)
	case torch.AtenAnyDims, torch.AtenAllDims:
		sp, err = readRedSpec(r, 1, 2)
	default: // a single dim
		var x torch.VTensorType
		if x, err = redStaticTensor(r, 0); err != nil {
			return nil, err
		}
		sp = &redSpec{x: x, mask: make([]bool, len(x.Sizes))}
		var d int64
		if d, err = r.int(1); err != nil {
			return nil, err
		}
		var w int
		if w, err = redWrapDim(r, 1, d, len(x.Sizes)); err != nil {
			return nil, err
		}
		if len(x.Sizes) > 0 {
			sp.mask[w] = true
		}
		sp.keepdim, err = r.bool(2)
	}
	if err != nil {
		return nil, err
	}
	out := torch.DtypeBool
	if redIsUnsigned(sp.x.Dtype) {
		out = sp.x.Dtype
	}
	want, err := redResult(r, 0, sp.outShape(), out)
	if err != nil {
		return nil, err
	}
	isAll := op.Name == torch.AtenAll || op.Name == torch.AtenAllDim || op.Name == torch.AtenAllDims
	return func(b *ir.Builder) ([]*ir.Value, error) {
		k := newRedKernel(b, op.Loc)
		in := sp.x.Dtype
		combine := arith.OrI
		init := arith.ConstantBool(b, op.Loc, false)
		if isAll {
			combine, init = arith.AndI, arith.ConstantBool(b, op.Loc, true)
		}
		m := k.reduce(sp.x.Sizes, []redIn{{v: op.Operand(0)}}, sp.mask, sp.keepdim, init,
			func(b *ir.Builder, args []*ir.Value) *ir.Value {
				return arith.Binary(b, k.loc, combine, args[1], k.convert(b, args[0], in, torch.DtypeBool))
			})
		if out != torch.DtypeBool {
			m = k.pointwise(sp.outShape(), redBuiltin(out), []redIn{{v: m}}, make([]bool, len(sp.outShape())),
				func(b *ir.Builder, a []*ir.Value) *ir.Value { return k.convert(b, a[0], torch.DtypeBool, out) })
		}
		return []*ir.Value{k.cast(m, want)}, nil
	}, nil
}

// prepareVar lowers
//
//	aten::var.correction(Tensor self, int[1]? dim=None, *, Scalar? correction=None, bool keepdim=False) -> Tensor
//	aten::var_mean.correction(Tensor self, int[1]? dim=None, *, Scalar? correction=None, bool keepdim=False) -> (Tensor, Tensor)
//
// for float inputs (ATen: "std and var only support floating point and
// complex dtypes") in two passes: the mean S/N, then the sum of squared
// deviations M2, and var = M2 / max(0, N − correction) with correction 1
// (Bessel's) when None; a divisor of 0 gives inf or NaN, as in PyTorch.
// dim None or [] reduces every dim. f32 sums accumulate in f64, f16/bf16
// ones in f32 (sumAccumulator), and each result rounds once.
func prepareVar(op *ir.Operation) (emitFunc, error) {
	r, err := redReader(op)
	if err != nil {
		return nil, err
	}
	sp, err := readRedSpec(r, 1, 3)
	if err != nil {
		return nil, err
	}
	dt := sp.x.Dtype
	if !redIsFloat(dt) {
		return nil, r.errorf("var: 'self' has dtype %s; var only supports floating point dtypes", dt)
	}
	corr, err := redNumber(r, 2, 1, true)
	if err != nil {
		return nil, err
	}
	var want [2]ir.Type
	for i := 0; i < op.NumResults(); i++ {
		if want[i], err = redResult(r, i, sp.outShape(), dt); err != nil {
			return nil, err
		}
	}
	n := float64(redCount(sp.x.Sizes, sp.mask))
	divisor := math.Max(0, n-corr)
	return func(b *ir.Builder) ([]*ir.Value, error) {
		k := newRedKernel(b, op.Loc)
		elem := redBuiltin(dt)
		// The sums of f32 data run in f64 (ATen's CPU kernel accumulates
		// in double; sumAccumulator), each deviation formed and squared
		// in acc from the mean rounded to acc, as the norms' statistics:
		// the wide sums' forms (in f64 throughout, the second sum ran in
		// the lanes program at a fifth of their speed).
		acc, stat := accumulatorType(elem), sumAccumulator(elem)
		x := op.Operand(0)
		s := k.sum(x, sp, dt, stat, false)
		reduced := redShape(sp.x.Sizes, sp.mask, false)
		mean := k.pointwise(reduced, acc, []redIn{{v: s}}, make([]bool, len(reduced)),
			func(b *ir.Builder, args []*ir.Value) *ir.Value {
				return k.fromAcc(b, arith.Div(b, k.loc, args[0], k.constant(b, n, stat)), acc)
			})
		m2 := k.reduce(sp.x.Sizes, []redIn{{v: x}, {v: mean, reduced: true}}, sp.mask, false, k.constant(k.b, 0, stat),
			func(b *ir.Builder, args []*ir.Value) *ir.Value {
				d := arith.Sub(b, k.loc, k.toAcc(b, args[0], acc), args[1])
				return arith.Add(b, k.loc, args[2], k.toAcc(b, arith.Mul(b, k.loc, d, d), stat))
			})
		v := k.pointwise(sp.outShape(), elem, []redIn{{v: m2, reduced: true}}, sp.finalMask(),
			func(b *ir.Builder, args []*ir.Value) *ir.Value {
				return k.fromAcc(b, arith.Div(b, k.loc, args[0], k.constant(b, divisor, stat)), elem)
			})
		outs := []*ir.Value{k.cast(v, want[0])}
		if op.NumResults() == 2 {
			m := k.pointwise(sp.outShape(), elem, []redIn{{v: s, reduced: true}}, sp.finalMask(),
				func(b *ir.Builder, args []*ir.Value) *ir.Value {
					return k.fromAcc(b, arith.Div(b, k.loc, args[0], k.constant(b, n, stat)), elem)
				})
			outs = append(outs, k.cast(m, want[1]))
		}
		return outs, nil
	}, nil
}
