package lowering

import (
	gomath "math"

	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/dialect/math"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/torch"
)

// More arithmetic of the elementwise table (elementwise.go): the fused
// multiply-adds optimizers and normalizations use (addcmul, addcdiv,
// lerp), reversed subtraction, where with Scalar branches, isinf, the
// remainders and rounding divisions of index arithmetic (remainder, fmod,
// div with rounding_mode), pow with a tensor exponent, and
// lift_fresh_copy. Formulas are ATen's CPU kernels of PyTorch 1.13
// (BinaryOpsKernel.cpp, PointwiseOpsKernel.cpp, Lerp.h), checked against it.
//
// Integer division by zero raises ZeroDivisionError in PyTorch, which a
// compiled kernel cannot do; rather than give a silent wrong answer, the
// integer forms of remainder, fmod and div's rounding modes take only a
// constant non-zero Scalar divisor (x % 2, x // 64: what index arithmetic
// uses) and refuse a tensor divisor, saying why.

var ewArithRows = []ewRow{
	{torch.AtenRsubTensor, ewAddSubOrder(true, false, true)},
	{torch.AtenRsubScalar, ewAddSubOrder(true, true, true)},
	{torch.AtenAddcmul, ewAddcmulDiv(false)},
	{torch.AtenAddcdiv, ewAddcmulDiv(true)},
	{torch.AtenLerpScalar, ewLerp},
	{torch.AtenWhereScalar, ewWhereScalars(true, true)},
	{torch.AtenWhereScalarOther, ewWhereScalars(false, true)},
	{torch.AtenWhereScalarSelf, ewWhereScalars(true, false)},
	{torch.AtenIsinf, ewFloatTest(ewIsinf)},
	{torch.AtenRemainderTensor, ewDivision(ewRemainder, false, false)},
	{torch.AtenRemainderScalar, ewDivision(ewRemainder, true, false)},
	{torch.AtenFmodTensor, ewDivision(ewFmod, false, false)},
	{torch.AtenFmodScalar, ewDivision(ewFmod, true, false)},
	{torch.AtenDivTensorMode, ewDivMode(false)},
	{torch.AtenDivScalarMode, ewDivMode(true)},
	{torch.AtenPowTensorTensor, ewPowTensor(false)},
	{torch.AtenPowScalar, ewPowTensor(true)},
	{torch.AtenLiftFreshCopy, ewIdentity},
}

// math2 applies the two-operand math or arith op name.
func (c *ewCtx) math2(name string, x, y *ir.Value) *ir.Value {
	return c.b.Create(name, c.loc, []*ir.Value{x, y}, []ir.Type{x.Type()}, nil, 0).Result(0)
}

// ewAddcmulDiv is
//
//	aten::addcmul(Tensor self, Tensor tensor1, Tensor tensor2, *, Scalar value=1) -> Tensor
//	aten::addcdiv(Tensor self, Tensor tensor1, Tensor tensor2, *, Scalar value=1) -> Tensor
//
// self + value·t1·t2 and self + value·t1/t2, in ATen's order, value
// converted straight to the compute type. Integer addcdiv is refused, as
// PyTorch refuses it.
func ewAddcmulDiv(isDiv bool) func(r *ewReader) (*ewPlan, error) {
	return func(r *ewReader) (*ewPlan, error) {
		if err := r.need("numeric"); err != nil {
			return nil, err
		}
		if isDiv && !ir.IsFloat(r.dtype) {
			return nil, r.errorf("integer division with addcdiv is not supported, as in PyTorch (use (input + value * torch.trunc(tensor1 / tensor2)).to(input.dtype))")
		}
		args, err := r.tensors("self", "tensor1", "tensor2")
		if err != nil {
			return nil, err
		}
		value, err := r.promotedScalar("value")
		if err != nil {
			return nil, err
		}
		value.direct = true
		return &ewPlan{args: append(args, value), opmath: true, body: func(c *ewCtx, a []*ir.Value) *ir.Value {
			if isDiv {
				return c.add(a[0], c.div(c.mul(a[3], a[1]), a[2]))
			}
			return c.add(a[0], c.mul(c.mul(a[3], a[1]), a[2]))
		}}, nil
	}
}

// ewLerp is aten::lerp.Scalar(Tensor self, Tensor end, Scalar weight),
// ATen's lerp: |w| < 0.5 ? self + w·(end − self) : end − (end − self)·(1 −
// w), with w in the compute type (exact at both ends). Each product and
// sum is one fused multiply-add (math.fma), as in PyTorch's CPU build,
// whose compiler contracts them: its results match bit for bit.
func ewLerp(r *ewReader) (*ewPlan, error) {
	if err := r.need("float"); err != nil {
		return nil, err
	}
	args, err := r.tensors("self", "end")
	if err != nil {
		return nil, err
	}
	w, err := r.floatScalar("weight")
	if err != nil {
		return nil, err
	}
	return &ewPlan{args: args, opmath: true, body: func(c *ewCtx, a []*ir.Value) *ir.Value {
		diff := c.sub(a[1], a[0])
		fma := func(x, y, z *ir.Value) *ir.Value {
			return c.b.Create(math.Fma, c.loc, []*ir.Value{x, y, z}, []ir.Type{x.Type()}, nil, 0).Result(0)
		}
		if gomath.Abs(w) < 0.5 {
			return fma(c.num(w), diff, a[0])
		}
		return fma(arith.NewNegF(c.b, c.loc, diff), c.sub(c.num(1), c.num(w)), a[1])
	}}, nil
}

// ewWhereScalars is where with one or both branches a Scalar:
//
//	aten::where.Scalar(Tensor condition, Scalar self, Scalar other) -> Tensor
//	aten::where.ScalarOther(Tensor condition, Tensor self, Scalar other) -> Tensor
//	aten::where.ScalarSelf(Tensor condition, Scalar self, Tensor other) -> Tensor
//
// condition ? self : other, each branch cast to the result dtype, which
// export's type promotion gave.
func ewWhereScalars(selfScalar, otherScalar bool) func(r *ewReader) (*ewPlan, error) {
	return func(r *ewReader) (*ewPlan, error) {
		cond, err := r.tensor("condition", torch.DtypeBool)
		if err != nil {
			return nil, err
		}
		args := []ewArg{cond}
		for _, b := range []struct {
			name   string
			scalar bool
		}{{"self", selfScalar}, {"other", otherScalar}} {
			var a ewArg
			if b.scalar {
				var s ewScalar
				if s, err = r.scalar(b.name); err != nil {
					return nil, err
				}
				a = ewArg{operand: -1, scalar: s}
			} else if a, err = r.tensor(b.name, nil); err != nil {
				return nil, err
			}
			args = append(args, a)
		}
		return &ewPlan{args: args, body: func(c *ewCtx, a []*ir.Value) *ir.Value { return c.sel(a[0], a[1], a[2]) }}, nil
	}
}

func ewIsinf(c *ewCtx, x *ir.Value) *ir.Value {
	pos := arith.NewCmpF(c.b, c.loc, "oeq", x, c.num(gomath.Inf(1)))
	neg := arith.NewCmpF(c.b, c.loc, "oeq", x, c.num(gomath.Inf(-1)))
	return arith.Binary(c.b, c.loc, arith.OrI, pos, neg)
}

// ewDivisionBody computes a division-like op on (x, y) in the compute type.
type ewDivisionBody func(c *ewCtx, x, y *ir.Value) *ir.Value

// ewDivision reads a (self, other) division-like op with a numeric result,
// the integer forms restricted to a constant non-zero Scalar divisor (see
// the file comment). An integer divisor of −1 gives −x (isQuotient) or 0
// without dividing: the most negative value divided by −1 overflows, which
// compiled code may trap on, where PyTorch wraps.
func ewDivision(body ewDivisionBody, scalarOther, isQuotient bool) func(r *ewReader) (*ewPlan, error) {
	return func(r *ewReader) (*ewPlan, error) {
		if err := r.need("numeric"); err != nil {
			return nil, err
		}
		self, other, err := ewSelfOther(r, scalarOther)
		if err != nil {
			return nil, err
		}
		divisor, err := ewCheckIntDivisor(r, other)
		if err != nil {
			return nil, err
		}
		if divisor == -1 && !ewIsUnsigned(r.dtype) {
			return &ewPlan{args: []ewArg{self}, body: func(c *ewCtx, a []*ir.Value) *ir.Value {
				if isQuotient {
					return c.sub(c.num(0), a[0])
				}
				return c.num(0)
			}}, nil
		}
		return &ewPlan{args: []ewArg{self, other}, opmath: true,
			body: func(c *ewCtx, a []*ir.Value) *ir.Value { return body(c, a[0], a[1]) }}, nil
	}
}

// ewCheckIntDivisor refuses, for an integer result, a divisor that is a
// tensor or a Scalar that is zero once converted to the result dtype (256
// is 0 in int8); it returns that converted divisor (0 for floats).
func ewCheckIntDivisor(r *ewReader, divisor ewArg) (int64, error) {
	it, ok := r.dtype.(ir.IntegerType)
	if !ok {
		return 0, nil
	}
	if divisor.operand >= 0 {
		return 0, r.errorf("integer division by a tensor is not supported: PyTorch raises ZeroDivisionError for a zero divisor, which a compiled kernel cannot; only a constant non-zero Scalar divisor is")
	}
	v := ewWrapInt(divisor.scalar, it)
	if v == 0 {
		return 0, r.errorf("integer division by zero (ZeroDivisionError in PyTorch): the divisor %s is 0 as %s", divisor.scalar, r.dtype)
	}
	return v, nil
}

// ewRemainder is Python's modulo, ATen's remainder kernel: m = fmod(x, y)
// (arith.remf, or the C remainder of integers), then m + y where m is
// non-zero and its sign differs from y's (unsigned integers: the plain
// remainder). aten::remainder.Tensor(self, other), remainder.Scalar.
func ewRemainder(c *ewCtx, x, y *ir.Value) *ir.Value {
	if ewIsUnsigned(c.dtype) {
		return c.math2(arith.RemUI, x, y)
	}
	m := ewFmod(c, x, y)
	return c.sel(c.signFixup(m, y), c.add(m, y), m)
}

// signFixup is true where the remainder m is non-zero and its sign
// differs from the divisor y's: there Python's modulo adds y to C's
// remainder, and floor division subtracts 1 from the truncated quotient.
func (c *ewCtx) signFixup(m, y *ir.Value) *ir.Value {
	zero := c.num(0)
	signs := arith.NewCmpI(c.b, c.loc, "ne", c.cmp("olt", "lt", y, zero), c.cmp("olt", "lt", m, zero))
	return arith.Binary(c.b, c.loc, arith.AndI, c.cmp("une", "ne", m, zero), signs)
}

// ewFmod is C's fmod (arith.remf), or the C remainder of integers (the
// sign of the dividend). aten::fmod.Tensor(self, other), fmod.Scalar.
func ewFmod(c *ewCtx, x, y *ir.Value) *ir.Value {
	switch {
	case c.isFloat():
		return c.math2(arith.RemF, x, y)
	case ewIsUnsigned(c.dtype):
		return c.math2(arith.RemUI, x, y)
	}
	return c.math2(arith.RemSI, x, y)
}

// ewDivMode is
//
//	aten::div.Tensor_mode(Tensor self, Tensor other, *, str? rounding_mode) -> Tensor
//	aten::div.Scalar_mode(Tensor self, Scalar other, *, str? rounding_mode) -> Tensor
//
// rounding_mode None is true division (div.Tensor); "trunc" rounds the
// quotient toward zero (C division of integers, trunc(x / y) of floats);
// "floor" toward −∞ (Python's //: arith.floordivsi, and ATen's
// div_floor_floating for floats, which derives the quotient from fmod so
// that it is exact where floor(x / y) is not).
func ewDivMode(scalarOther bool) func(r *ewReader) (*ewPlan, error) {
	return func(r *ewReader) (*ewPlan, error) {
		i, err := r.operand("rounding_mode")
		if err != nil {
			return nil, err
		}
		mode := "none"
		if !isNoneValue(r.op.Operand(i)) {
			if mode, err = r.str("rounding_mode"); err != nil {
				return nil, err
			}
			if mode != "trunc" && mode != "floor" {
				return nil, r.errorf("rounding_mode = '%s' is not supported (expected None, 'trunc' or 'floor')", mode)
			}
		}
		if mode == "none" {
			return ewDiv(scalarOther)(r)
		}
		body := ewDivTrunc
		if mode == "floor" {
			body = ewDivFloor
		}
		p, err := ewDivision(body, scalarOther, true)(r)
		if err == nil && len(p.args) > 1 {
			ewKeepScalarInOpmath(r, &p.args[1])
		}
		return p, err
	}
}

func ewDivTrunc(c *ewCtx, x, y *ir.Value) *ir.Value {
	switch {
	case c.isFloat():
		return c.math(math.Trunc, c.div(x, y))
	case ewIsUnsigned(c.dtype):
		return c.math2(arith.DivUI, x, y)
	}
	return c.math2(arith.DivSI, x, y)
}

// ewDivFloor is floor division. For floats, ATen's div_floor_floating:
// y = 0 gives x / y (±∞ or NaN); otherwise m = fmod(x, y), q = (x − m)/y,
// less 1 where m ≠ 0 and m's sign differs from y's; then floor(q), plus 1
// where q − floor(q) > 0.5; a zero quotient takes the sign of x / y.
func ewDivFloor(c *ewCtx, x, y *ir.Value) *ir.Value {
	switch {
	case ewIsUnsigned(c.dtype):
		return c.math2(arith.DivUI, x, y)
	case !c.isFloat():
		return c.math2(arith.FloorDivSI, x, y)
	}
	zero, one := c.num(0), c.num(1)
	m := c.math2(arith.RemF, x, y)
	q := c.div(c.sub(x, m), y)
	q = c.sel(c.signFixup(m, y), c.sub(q, one), q)
	fl := c.math(math.Floor, q)
	fl = c.sel(c.cmp("ogt", "gt", c.sub(q, fl), c.num(0.5)), c.add(fl, one), fl)
	quotient := c.div(x, y)
	fl = c.sel(c.cmp("oeq", "eq", q, zero), c.math2(math.CopySign, zero, quotient), fl)
	return c.sel(c.cmp("oeq", "eq", y, zero), quotient, fl)
}

// ewPowTensor is
//
//	aten::pow.Tensor_Tensor(Tensor self, Tensor exponent) -> Tensor
//	aten::pow.Scalar(Scalar self, Tensor exponent) -> Tensor
//
// math.powf for floats (both operands cast to the result dtype). For
// integers ATen's powi: x^e by math.ipowi for e ≥ 0; a negative e gives 1
// for x = 1, ±1 for x = −1 by e's parity, and 0 otherwise (0 too for
// x = 0, which MLIR's ipowi would divide by).
func ewPowTensor(scalarSelf bool) func(r *ewReader) (*ewPlan, error) {
	return func(r *ewReader) (*ewPlan, error) {
		if err := r.need("numeric"); err != nil {
			return nil, err
		}
		var base ewArg
		var err error
		if scalarSelf {
			var s ewScalar
			if s, err = r.scalar("self"); err != nil {
				return nil, err
			}
			base = ewArg{operand: -1, scalar: s}
		} else if base, err = r.tensor("self", nil); err != nil {
			return nil, err
		}
		e, err := r.tensor("exponent", nil)
		if err != nil {
			return nil, err
		}
		return &ewPlan{args: []ewArg{base, e}, opmath: true, body: func(c *ewCtx, a []*ir.Value) *ir.Value {
			if c.isFloat() {
				return c.math2(math.PowF, a[0], a[1])
			}
			x, n := a[0], a[1]
			zero, one := c.num(0), c.num(1)
			negative := c.cmp("olt", "lt", n, zero)
			odd := c.cmp("une", "ne", c.math2(arith.AndI, n, one), zero)
			minusOne := c.sel(odd, c.num(-1), one)
			negPow := c.sel(c.cmp("oeq", "eq", x, one), one,
				c.sel(c.cmp("oeq", "eq", x, c.num(-1)), minusOne, zero))
			return c.sel(negative, negPow, c.math2(math.IPowI, x, c.sel(negative, zero, n)))
		}}, nil
	}
}
