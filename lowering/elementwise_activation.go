package lowering

import (
	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/dialect/math"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/torch"
)

// The activations of CNN and transformer training graphs that torch.export
// keeps before core decompositions (nn.LeakyReLU, ReLU6 as hardtanh,
// Hardswish and Hardsigmoid of MobileNetV3, ELU, Threshold, Dropout) and
// their gradients, as rows of the elementwise table (elementwise.go).
//
// Each formula is ATen's CPU kernel in PyTorch 1.13
// (aten/src/ATen/native/cpu/Activation.cpp), checked against it with NaN
// operands. Where the kernel's scalar and vectorized forms disagree on a
// NaN or at a boundary (hardtanh_backward, hardswish_backward), this
// follows the vectorized form, which is what PyTorch runs for all but the
// tail elements of a tensor; where PyTorch 2.x changed a formula
// (hardswish_backward at ±3), the newer one. f16/bf16 compute in f32 (opmath); the
// coefficients are converted to the compute type as the kernels convert
// them (a float for bf16, scalar_t otherwise).

// bound reads a constant Scalar that an activation compares with or
// selects (a threshold, hardtanh's limits): for an f16/bf16 result it stays
// in f32, as PyTorch 2.x's kernels convert it (threshold.to<float>()); an
// integer result takes it wrapped to its dtype, refusing one that
// overflows it, as c10's checked conversion does.
func (r *ewReader) bound(name string) (ewArg, error) {
	s, err := r.scalar(name)
	if err != nil {
		return ewArg{}, err
	}
	if err := r.fitsResult(name, s); err != nil {
		return ewArg{}, err
	}
	a := ewArg{operand: -1, scalar: s}
	ewKeepScalarInOpmath(r, &a)
	return a, nil
}

var ewActivationRows = []ewRow{
	{torch.AtenLeakyRelu, ewLeakyRelu},
	{torch.AtenLeakyReluBackward, ewLeakyReluBackward},
	{torch.AtenHardtanhBackward, ewHardtanhBackward},
	{torch.AtenHardsigmoid, ewUnaryFloat(ewHardsigmoid)},
	{torch.AtenHardsigmoidBackward, ewBinaryFloat("self", ewHardsigmoidBackward)},
	{torch.AtenHardswish, ewUnaryFloat(ewHardswish)},
	{torch.AtenHardswishBackward, ewBinaryFloat("self", ewHardswishBackward)},
	{torch.AtenElu, ewElu},
	{torch.AtenEluBackward, ewEluBackward},
	{torch.AtenThreshold, ewThreshold},
	{torch.AtenHardtanh, ewHardtanh},
	{torch.AtenDropout, ewDropout},
}

// floatScalar reads the constant Scalar name as a float (an int or bool
// converts), for coefficients that the kernels convert to the compute type.
func (r *ewReader) floatScalar(name string) (float64, error) {
	s, err := r.scalar(name)
	return s.float(), err
}

// ewLeakyRelu is aten::leaky_relu(Tensor self, Scalar negative_slope=0.01):
// x > 0 ? x : x·negative_slope (a NaN stays NaN).
func ewLeakyRelu(r *ewReader) (*ewPlan, error) {
	if err := r.need("float"); err != nil {
		return nil, err
	}
	self, err := r.tensor("self", nil)
	if err != nil {
		return nil, err
	}
	slope, err := r.floatScalar("negative_slope")
	if err != nil {
		return nil, err
	}
	return &ewPlan{args: []ewArg{self}, opmath: true, body: func(c *ewCtx, a []*ir.Value) *ir.Value {
		return c.sel(c.cmp("ogt", "gt", a[0], c.num(0)), a[0], c.mul(a[0], c.num(slope)))
	}}, nil
}

// ewLeakyReluBackward is
//
//	aten::leaky_relu_backward(Tensor grad_output, Tensor self, Scalar negative_slope, bool self_is_result) -> Tensor
//
// self > 0 ? grad : grad·negative_slope. self_is_result (the in-place
// forward saved its output) with a negative slope is refused, as PyTorch
// refuses it: the sign of the input cannot be told from the output then.
func ewLeakyReluBackward(r *ewReader) (*ewPlan, error) {
	if err := r.need("float"); err != nil {
		return nil, err
	}
	args, err := r.tensors("grad_output", "self")
	if err != nil {
		return nil, err
	}
	slope, err := r.floatScalar("negative_slope")
	if err != nil {
		return nil, err
	}
	isResult, err := r.scalar("self_is_result")
	if err != nil {
		return nil, err
	}
	if !isResult.isZero() && slope < 0 {
		return nil, r.errorf("self_is_result with a negative slope (%g) is not supported, as in PyTorch (the in-place forward's output does not tell the input's sign)", slope)
	}
	return &ewPlan{args: args, opmath: true, body: func(c *ewCtx, a []*ir.Value) *ir.Value {
		return c.sel(c.cmp("ogt", "gt", a[1], c.num(0)), a[0], c.mul(a[0], c.num(slope)))
	}}, nil
}

// ewHardtanhBackward is
//
//	aten::hardtanh_backward(Tensor grad_output, Tensor self, Scalar min_val, Scalar max_val) -> Tensor
//
// min_val < self < max_val ? grad : 0, the vectorized kernel's form (a NaN
// self gives 0); the bounds as bound reads them.
func ewHardtanhBackward(r *ewReader) (*ewPlan, error) {
	if err := r.need("float"); err != nil {
		return nil, err
	}
	args, err := r.tensors("grad_output", "self")
	if err != nil {
		return nil, err
	}
	lo, err := r.bound("min_val")
	if err != nil {
		return nil, err
	}
	hi, err := r.bound("max_val")
	if err != nil {
		return nil, err
	}
	return &ewPlan{args: append(args, lo, hi), opmath: true,
		body: func(c *ewCtx, a []*ir.Value) *ir.Value {
			inside := arith.Binary(c.b, c.loc, arith.AndI, c.cmp("ogt", "gt", a[1], a[2]), c.cmp("olt", "lt", a[1], a[3]))
			return c.sel(inside, a[0], c.num(0))
		}}, nil
}

// ewHardtanh is aten::hardtanh(Tensor self, Scalar min_val=-1, Scalar
// max_val=1): clamp(self, min_val, max_val), as ATen computes it; an
// unsigned tensor with a negative limit is refused, as ATen refuses it
// (the limit would wrap).
func ewHardtanh(r *ewReader) (*ewPlan, error) {
	if ewIsUnsigned(r.dtype) {
		for _, name := range []string{"min_val", "max_val"} {
			s, err := r.scalar(name)
			if err != nil {
				return nil, err
			}
			if s.float() < 0 {
				return nil, r.errorf("cannot do hardtanh on an unsigned type with negative limits, as in PyTorch")
			}
		}
	}
	return ewClamp(true, "min_val", "max_val")(r)
}

// ewRelu6Shifted is min(max(x + 3, 0), 6), hardsigmoid's and hardswish's ramp
// (NaN propagates through std::max/min's vector forms).
func ewRelu6Shifted(c *ewCtx, x *ir.Value) *ir.Value {
	return c.minOf(c.maxOf(c.add(x, c.num(3)), c.num(0)), c.num(6))
}

// ewHardsigmoid is aten::hardsigmoid: min(max(x + 3, 0), 6) / 6.
func ewHardsigmoid(c *ewCtx, x *ir.Value) *ir.Value {
	return c.div(ewRelu6Shifted(c, x), c.num(6))
}

// ewHardswish is aten::hardswish: x · min(max(x + 3, 0), 6) / 6, in that
// order.
func ewHardswish(c *ewCtx, x *ir.Value) *ir.Value {
	return c.div(c.mul(x, ewRelu6Shifted(c, x)), c.num(6))
}

// ewOneSixth is the kernels' one_sixth: 1.0f / 6.0f, a float even where
// the kernel computes in double (scalar_t one_sixth(1.0f / 6.0f)), so f64
// gradients are multiplied by 0.1666666716337204, as in PyTorch.
var ewOneSixth = float64(float32(1) / float32(6))

// ewHardsigmoidBackward is aten::hardsigmoid_backward(grad_output, self):
// −3 < self < 3 ? grad · one_sixth : 0 (a NaN self gives 0).
func ewHardsigmoidBackward(c *ewCtx, g, x *ir.Value) *ir.Value {
	inside := arith.Binary(c.b, c.loc, arith.AndI, c.cmp("ogt", "gt", x, c.num(-3)), c.cmp("olt", "lt", x, c.num(3)))
	return c.sel(inside, c.mul(g, c.num(ewOneSixth)), c.num(0))
}

// ewHardswishBackward is aten::hardswish_backward(grad_output, self) as
// PyTorch ≥ 2.7 computes it (PR 148049 made its scalar and vector forms
// agree at the kinks): self ≤ −3 ? 0 : (self ≥ 3 ? grad : grad · (self/3 +
// 0.5)); a NaN self gives NaN (the vector form). Older releases differ at
// exactly ±3 only (1.13's vector form: −0.5·grad at −3).
func ewHardswishBackward(c *ewCtx, g, x *ir.Value) *ir.Value {
	ramp := c.mul(g, c.add(c.div(x, c.num(3)), c.num(0.5)))
	upper := c.sel(c.cmp("oge", "ge", x, c.num(3)), g, ramp)
	return c.sel(c.cmp("ole", "le", x, c.num(-3)), c.num(0), upper)
}

// ewEluCoefs reads elu's alpha, scale and input_scale and returns the
// kernel's coefficients in the compute type: negcoef = alpha·scale (a
// product in the compute type), poscoef = scale, negiptcoef = input_scale.
type ewEluCoefs struct{ alpha, scale, inputScale float64 }

func ewReadEluCoefs(r *ewReader) (ewEluCoefs, error) {
	var k ewEluCoefs
	var err error
	for _, f := range []struct {
		name string
		at   *float64
	}{{"alpha", &k.alpha}, {"scale", &k.scale}, {"input_scale", &k.inputScale}} {
		if *f.at, err = r.floatScalar(f.name); err != nil {
			return k, err
		}
	}
	return k, nil
}

// negcoef is alpha·scale rounded as the kernel's product in the compute
// type (each factor converted first).
func (k ewEluCoefs) negcoef(c *ewCtx) *ir.Value { return c.mul(c.num(k.alpha), c.num(k.scale)) }

// ewElu is aten::elu(Tensor self, Scalar alpha=1, Scalar scale=1, Scalar
// input_scale=1): x > 0 ? x·scale : expm1(x·input_scale)·alpha·scale, as
// PyTorch 2.x's kernel (Elu.h) computes it; 1.13's subtracted 1 from exp,
// which loses every digit of a result near 0 (elu(−1e−8) was 0).
func ewElu(r *ewReader) (*ewPlan, error) {
	if err := r.need("float"); err != nil {
		return nil, err
	}
	self, err := r.tensor("self", nil)
	if err != nil {
		return nil, err
	}
	k, err := ewReadEluCoefs(r)
	if err != nil {
		return nil, err
	}
	return &ewPlan{args: []ewArg{self}, opmath: true, body: func(c *ewCtx, a []*ir.Value) *ir.Value {
		x := a[0]
		neg := c.mul(c.math(math.ExpM1, c.mul(x, c.num(k.inputScale))), k.negcoef(c))
		return c.sel(c.cmp("ogt", "gt", x, c.num(0)), c.mul(x, c.num(k.scale)), neg)
	}}, nil
}

// ewEluBackward is
//
//	aten::elu_backward(Tensor grad_output, Scalar alpha, Scalar scale, Scalar input_scale, bool is_result, Tensor self_or_result) -> Tensor
//
// with b = self_or_result: b > 0 ? grad·scale, else with is_result
// grad·input_scale·(b + alpha·scale), otherwise
// grad·input_scale·alpha·scale·exp(b·input_scale). is_result with a
// negative alpha is refused, as PyTorch refuses it.
func ewEluBackward(r *ewReader) (*ewPlan, error) {
	if err := r.need("float"); err != nil {
		return nil, err
	}
	args, err := r.tensors("grad_output", "self_or_result")
	if err != nil {
		return nil, err
	}
	k, err := ewReadEluCoefs(r)
	if err != nil {
		return nil, err
	}
	isResult, err := r.scalar("is_result")
	if err != nil {
		return nil, err
	}
	fromResult := !isResult.isZero()
	if fromResult && k.alpha < 0 {
		return nil, r.errorf("is_result with a negative alpha (%g) is not supported, as in PyTorch", k.alpha)
	}
	return &ewPlan{args: args, opmath: true, body: func(c *ewCtx, a []*ir.Value) *ir.Value {
		g, b := a[0], a[1]
		scaled := c.mul(g, c.num(k.inputScale))
		var neg *ir.Value
		if fromResult {
			neg = c.mul(scaled, c.add(b, k.negcoef(c)))
		} else {
			neg = c.mul(c.mul(scaled, k.negcoef(c)), c.math(math.Exp, c.mul(b, c.num(k.inputScale))))
		}
		return c.sel(c.cmp("ogt", "gt", b, c.num(0)), c.mul(g, c.num(k.scale)), neg)
	}}, nil
}

// ewThreshold is aten::threshold(Tensor self, Scalar threshold, Scalar
// value): x ≤ threshold ? value : x (a NaN stays), both Scalars read as
// bound reads them; any numeric dtype.
func ewThreshold(r *ewReader) (*ewPlan, error) {
	if err := r.need("numeric"); err != nil {
		return nil, err
	}
	self, err := r.tensor("self", nil)
	if err != nil {
		return nil, err
	}
	th, err := r.bound("threshold")
	if err != nil {
		return nil, err
	}
	v, err := r.bound("value")
	if err != nil {
		return nil, err
	}
	return &ewPlan{args: []ewArg{self, th, v}, opmath: true,
		body: func(c *ewCtx, a []*ir.Value) *ir.Value {
			return c.sel(c.cmp("ole", "le", a[0], a[1]), a[2], a[0])
		}}, nil
}

// ewDropout is aten::dropout(Tensor input, float p, bool train), which
// torch.export's training IR keeps for nn.Dropout, where its result does
// not depend on random numbers: with train false or p = 0 it is the input,
// with p = 1 the input times 0 (ATen multiplies, so a NaN or infinity
// gives NaN). Otherwise it draws a random mask that no compiler can
// reproduce bit for bit, and the op is refused, saying so.
func ewDropout(r *ewReader) (*ewPlan, error) {
	if err := r.need("float"); err != nil {
		return nil, err
	}
	self, err := r.tensor("input", nil)
	if err != nil {
		return nil, err
	}
	p, err := r.floatScalar("p")
	if err != nil {
		return nil, err
	}
	train, err := r.scalar("train")
	if err != nil {
		return nil, err
	}
	if p < 0 || p > 1 {
		return nil, r.errorf("dropout probability has to be between 0 and 1, but got %g", p)
	}
	switch {
	case train.isZero() || p == 0:
		return &ewPlan{args: []ewArg{self}, forward: true}, nil
	case p == 1:
		return &ewPlan{args: []ewArg{self}, opmath: true, body: func(c *ewCtx, a []*ir.Value) *ir.Value { return c.mul(a[0], c.num(0)) }}, nil
	}
	return nil, r.errorf("dropout with p = %g in training mode draws a random mask, which cannot be reproduced: export the model in eval mode (model.eval()) or with p = 0", p)
}
