package lowering

import (
	"fmt"
	gomath "math"

	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/dialect/math"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/torch"
)

// The elementwise family: arithmetic, activations and their gradients,
// selects, casts and copies. Each op is one row of ewRows, the Go version
// of torch-mlir's table of ops handled by ConvertElementwiseOp
// (lib/Conversion/TorchToLinalg/Uncategorized.cpp). A row reads the op's
// operands (tensors and folded Scalars) and gives a scalar body; one
// converter turns every row into a single all-parallel linalg.generic with
// buildElementwise (elementwise_generic.go).
//
// Semantics follow PyTorch's TensorIterator, checked against PyTorch 1.13
// on the CPU:
//
//   - Broadcasting: operands are broadcast against each other
//     (right-aligned, size-1 dims repeat) by indexing maps with a constant 0,
//     not by materialised copies; the op's result type must be the
//     broadcast shape.
//   - Dtypes: the result dtype is the one the IR states (torch.export ran
//     PyTorch's type promotion already). Every tensor operand and every
//     Scalar is first cast to the result dtype, as TensorIterator does with
//     promote_inputs_to_common_dtype (so a Python float added to a bf16
//     tensor is rounded to bf16 first) — except the Scalar multiplier or
//     divisor of an f16/bf16 mul or div, which PyTorch ≥ 2.1 keeps in the
//     opmath type (ewKeepScalarInOpmath). The arithmetic then runs in PyTorch's "opmath" type, f32 for f16 and
//     bf16 (ATen's opmath_type), and is rounded once to the result dtype;
//     f32 and f64 compute in themselves. `alpha` is converted straight to
//     the opmath type, as ATen's add kernel does (alpha.to<opmath_t>()).
//   - Scalars (alpha, a Scalar `other`, thresholds, exponents, fill
//     values) must be constants, and so must gelu's `approximate` string;
//     they are folded into the body. A Scalar of a higher category than the result dtype
//     (a float with an integer result, an int with a bool result) is
//     rejected, since type promotion would have raised the result dtype.
//   - Integer arithmetic wraps (two's complement), as in PyTorch. True
//     division (div.Tensor, div.Scalar) always produces a float.
//   - Identity ops (clone, detach, alias, a same-dtype _to_copy or copy)
//     produce no IR: in value semantics the result is the operand.

// populateElementwise adds the converters of elementwise ops (arithmetic,
// activations and their backward, casts and copies), and of
// torch.prim.NumToTensor.Scalar, which makes the rank-0 tensors that
// Python scalars become when they are passed as tensor operands.
func populateElementwise(m map[string]converter) {
	for _, rows := range [][]ewRow{ewRows, ewActivationRows, ewArithRows} {
		for _, row := range rows {
			m[row.op] = ewConverter(row)
		}
	}
	m[torch.NumToTensorOp] = prepareNumToTensor
}

// ewRow is one elementwise op: its name and how its operands become the
// inputs and body of the generic.
type ewRow struct {
	op   string
	plan func(r *ewReader) (*ewPlan, error)
}

var ewRows = []ewRow{
	{torch.AtenAddTensor, ewAddSub(false, false)},
	{torch.AtenAddScalar, ewAddSub(false, true)},
	{torch.AtenSubTensor, ewAddSub(true, false)},
	{torch.AtenSubScalar, ewAddSub(true, true)},
	{torch.AtenMulTensor, ewMul(false)},
	{torch.AtenMulScalar, ewMul(true)},
	{torch.AtenDivTensor, ewDiv(false)},
	{torch.AtenDivScalar, ewDiv(true)},
	{torch.AtenNeg, ewNeg},
	{torch.AtenRelu, ewRelu},
	{torch.AtenThresholdBackward, ewThresholdBackward},
	{torch.AtenSigmoid, ewUnaryFloat(ewSigmoid)},
	{torch.AtenSigmoidBackward, ewBinaryFloat("output", ewSigmoidBackward)},
	{torch.AtenTanh, ewUnaryFloat(ewMathOp(math.Tanh))},
	{torch.AtenTanhBackward, ewBinaryFloat("output", ewTanhBackward)},
	{torch.AtenGelu, ewGelu},
	{torch.AtenGeluBackward, ewGeluBackward},
	{torch.AtenWhereSelf, ewWhere},
	{torch.AtenRsqrt, ewUnaryFloat(ewMathOp(math.Rsqrt))},
	{torch.AtenSqrt, ewUnaryFloat(ewMathOp(math.Sqrt))},
	{torch.AtenExp, ewUnaryFloat(ewMathOp(math.Exp))},
	{torch.AtenLog, ewUnaryFloat(ewMathOp(math.Log))},
	{torch.AtenPowTensorScalar, ewPow},
	{torch.AtenMaskedFillScalar, ewMaskedFill},
	{torch.AtenMaskedFillTensor, ewMaskedFillTensor},
	{torch.AtenSilu, ewUnaryFloat(ewSilu)},
	{torch.AtenTril, ewTriangle(true)},
	{torch.AtenTriu, ewTriangle(false)},
	{torch.AtenSiluBackward, ewBinaryFloat("self", ewSiluBackward)},
	{torch.AtenClone, ewClone},
	{torch.AtenCopy, ewCopy},
	{torch.Aten_ToCopy, ewToCopy},
	{torch.AtenDetach, ewIdentity},
	{torch.AtenAlias, ewIdentity},
	{torch.AtenEqTensor, ewCompare("oeq", "eq", false)},
	{torch.AtenEqScalar, ewCompare("oeq", "eq", true)},
	{torch.AtenNeTensor, ewCompare("une", "ne", false)},
	{torch.AtenNeScalar, ewCompare("une", "ne", true)},
	{torch.AtenLtTensor, ewCompare("olt", "lt", false)},
	{torch.AtenLtScalar, ewCompare("olt", "lt", true)},
	{torch.AtenLeTensor, ewCompare("ole", "le", false)},
	{torch.AtenLeScalar, ewCompare("ole", "le", true)},
	{torch.AtenGtTensor, ewCompare("ogt", "gt", false)},
	{torch.AtenGtScalar, ewCompare("ogt", "gt", true)},
	{torch.AtenGeTensor, ewCompare("oge", "ge", false)},
	{torch.AtenGeScalar, ewCompare("oge", "ge", true)},
	{torch.AtenLogicalAnd, ewLogical(arith.AndI)},
	{torch.AtenLogicalOr, ewLogical(arith.OrI)},
	{torch.AtenLogicalNot, ewLogicalNot},
	{torch.AtenBitwiseNot, ewBitwiseNot},
	{torch.AtenIsnan, ewFloatTest(ewIsnan)},
	{torch.AtenErf, ewUnaryFloat(ewMathOp(math.Erf))},
	{torch.AtenSin, ewUnaryFloat(ewMathOp(math.Sin))},
	{torch.AtenCos, ewUnaryFloat(ewMathOp(math.Cos))},
	{torch.AtenTan, ewUnaryFloat(ewMathOp(math.Tan))},
	{torch.AtenExp2, ewUnaryFloat(ewMathOp(math.Exp2))},
	{torch.AtenExpm1, ewUnaryFloat(ewMathOp(math.ExpM1))},
	{torch.AtenLog2, ewUnaryFloat(ewMathOp(math.Log2))},
	{torch.AtenLog10, ewUnaryFloat(ewMathOp(math.Log10))},
	{torch.AtenLog1p, ewUnaryFloat(ewMathOp(math.Log1p))},
	{torch.AtenReciprocal, ewUnaryFloat(func(c *ewCtx, x *ir.Value) *ir.Value { return c.div(c.num(1), x) })},
	{torch.AtenAbs, ewAbs},
	{torch.AtenSign, ewSign},
	{torch.AtenFloor, ewRounding(math.Floor)},
	{torch.AtenCeil, ewRounding(math.Ceil)},
	{torch.AtenTrunc, ewRounding(math.Trunc)},
	{torch.AtenRound, ewRounding(math.RoundEven)},
	{torch.AtenMaximum, ewMinMax(true)},
	{torch.AtenMinimum, ewMinMax(false)},
	{torch.AtenClamp, ewClamp(true, "min", "max")},
	{torch.AtenClampTensor, ewClamp(false, "min", "max")},
	{torch.AtenClampMin, ewClamp(true, "min", "")},
	{torch.AtenClampMax, ewClamp(true, "", "max")},
}

// ewPlan is what a row makes of one op.
type ewPlan struct {
	args []ewArg
	// opmath computes f16/bf16 results in f32 (ATen's opmath_type): the
	// body's float arguments are extended and its value truncated once.
	// Rows that only select or copy elements leave it off.
	opmath bool
	// body computes one element from args, in the compute type c.ct.
	body func(c *ewCtx, a []*ir.Value) *ir.Value
	// forward makes the result args[0]'s tensor itself (an identity op);
	// args[0] then has the result's dtype and shape.
	forward bool
	// compute, when set, is the torch dtype the inputs are cast to and the
	// body computes in instead of the result dtype: a comparison works in
	// its operands' common dtype and returns a bool.
	compute ir.Type
}

// ewArg is one input of a plan: a tensor operand of the op, or a folded
// Scalar.
type ewArg struct {
	operand int     // the op operand holding the tensor; -1 for a scalar
	dtype   ir.Type // the tensor's torch dtype
	// as is the torch dtype the body receives a tensor element as; nil
	// means the result dtype (PyTorch's cast to the common dtype).
	as     ir.Type
	scalar ewScalar
	// direct converts a scalar straight to the compute type (alpha)
	// instead of through the result dtype.
	direct bool
}

// ewScalar is a folded Python scalar (torch.constant.int/float/bool).
type ewScalar struct {
	kind byte // 'i', 'f' or 'b'
	i    int64
	f    float64
}

func (s ewScalar) float() float64 {
	if s.kind == 'f' {
		return s.f
	}
	return float64(s.i)
}

// int converts like C++'s static_cast from double: toward zero.
func (s ewScalar) int() int64 {
	if s.kind == 'f' {
		return int64(s.f)
	}
	return s.i
}

func (s ewScalar) isZero() bool { return s.float() == 0 }

func (s ewScalar) String() string {
	switch s.kind {
	case 'f':
		return fmt.Sprint(s.f)
	case 'b':
		return fmt.Sprint(s.i != 0)
	}
	return fmt.Sprint(s.i)
}

// category orders bool < int < float, the categories of type promotion.
func (s ewScalar) category() int {
	return map[byte]int{'b': 0, 'i': 1, 'f': 2}[s.kind]
}

func ewConstScalar(v *ir.Value) (ewScalar, bool) {
	if v == nil {
		return ewScalar{}, false
	}
	d := v.DefiningOp()
	if d == nil {
		return ewScalar{}, false
	}
	switch d.Name {
	case torch.ConstantIntOp:
		a, ok := d.Attr("value").(ir.IntegerAttr)
		return ewScalar{kind: 'i', i: a.Value}, ok
	case torch.ConstantFloatOp:
		a, ok := d.Attr("value").(ir.FloatAttr)
		return ewScalar{kind: 'f', f: a.Value}, ok
	case torch.ConstantBoolOp:
		a, ok := d.Attr("value").(ir.BoolAttr)
		s := ewScalar{kind: 'b'}
		if a {
			s.i = 1
		}
		return s, ok
	}
	return ewScalar{}, false
}

// ---- reading an op ---------------------------------------------------------

// ewReader reads one op's operands by schema argument name for a row and
// records the tensor shapes the result must be the broadcast of.
type ewReader struct {
	op     *ir.Operation
	schema *torch.Schema
	dtype  ir.Type             // the result's torch dtype
	result ir.RankedTensorType // the result's builtin type
	shapes [][]int64
}

func newEwReader(op *ir.Operation) (*ewReader, error) {
	r := &ewReader{op: op, schema: torch.SchemaOf(op)}
	if r.schema == nil || op.NumResults() != 1 || op.NumOperands() != len(r.schema.Args) {
		return nil, r.errorf("expected the operands and one result of its schema")
	}
	vt, ok := op.Result(0).Type().(torch.VTensorType)
	if !ok || !vt.HasSizes || vt.Dtype == nil {
		return nil, r.errorf("expected a result !torch.vtensor with known sizes and dtype, got '%s'", op.Result(0).Type())
	}
	if !torch.IsValidDtype(vt.Dtype) {
		return nil, r.errorf("result dtype %s is not supported", vt.Dtype)
	}
	r.dtype = vt.Dtype
	r.result, _ = vt.ToBuiltinTensor()
	return r, nil
}

func (r *ewReader) errorf(format string, args ...any) error {
	return ir.OpErrorf(r.op, format, args...)
}

func (r *ewReader) operand(name string) (int, error) {
	i := r.schema.ArgIndex(name)
	if i < 0 || i >= r.op.NumOperands() {
		return 0, r.errorf("has no operand '%s'", name)
	}
	return i, nil
}

// tensor reads the tensor operand name; the body receives its elements as
// torch dtype as (nil: the result dtype).
func (r *ewReader) tensor(name string, as ir.Type) (ewArg, error) {
	i, err := r.operand(name)
	if err != nil {
		return ewArg{}, err
	}
	t, ok := r.op.Operand(i).Type().(torch.VTensorType)
	if !ok || !t.HasSizes || t.Dtype == nil {
		return ewArg{}, r.errorf("expected '%s' to be a !torch.vtensor with known sizes and dtype, got '%s'", name, r.op.Operand(i).Type())
	}
	if !torch.IsValidDtype(t.Dtype) {
		return ewArg{}, r.errorf("'%s' has dtype %s, which is not supported", name, t.Dtype)
	}
	r.shapes = append(r.shapes, t.Sizes)
	return ewArg{operand: i, dtype: t.Dtype, as: as}, nil
}

// tensors reads the tensor operands names, each received as the result
// dtype.
func (r *ewReader) tensors(names ...string) ([]ewArg, error) {
	args := make([]ewArg, len(names))
	for i, name := range names {
		a, err := r.tensor(name, nil)
		if err != nil {
			return nil, err
		}
		args[i] = a
	}
	return args, nil
}

// scalar reads the Scalar operand name, which must be a constant.
func (r *ewReader) scalar(name string) (ewScalar, error) {
	i, err := r.operand(name)
	if err != nil {
		return ewScalar{}, err
	}
	s, ok := ewConstScalar(r.op.Operand(i))
	if !ok {
		return ewScalar{}, r.errorf("expected '%s' to be a constant scalar (torch.constant.int, torch.constant.float or torch.constant.bool), as the lowering folds it", name)
	}
	return s, nil
}

// promotedScalar reads a Scalar that takes part in type promotion (the
// `other` of add.Scalar, ...): it may not be of a higher category than the
// result dtype.
func (r *ewReader) promotedScalar(name string) (ewArg, error) {
	s, err := r.scalar(name)
	if err != nil {
		return ewArg{}, err
	}
	if s.category() > dtypeCategory(r.dtype) {
		return ewArg{}, r.errorf("'%s' = %s cannot take part in a %s result: type promotion would give a wider dtype", name, s, r.dtype)
	}
	return ewArg{operand: -1, scalar: s}, nil
}

// fitsResult refuses an integer Scalar that overflows an integer result
// dtype, as c10::checked_convert does when PyTorch casts a Scalar bound:
// a signed type takes its range; an unsigned one of width w also takes
// negative values down to −(2^w − 1), which wrap.
func (r *ewReader) fitsResult(name string, s ewScalar) error {
	it, ok := r.dtype.(ir.IntegerType)
	if !ok || it.Width == 1 || it.Width >= 64 || s.kind != 'i' {
		return nil
	}
	var lo, hi int64
	if it.Signedness == ir.Unsigned {
		hi = 1<<it.Width - 1
		lo = -hi
	} else {
		hi = 1<<(it.Width-1) - 1
		lo = -hi - 1
	}
	if s.i < lo || s.i > hi {
		return r.errorf("'%s' = %d cannot be converted to %s without overflow, as in PyTorch", name, s.i, r.dtype)
	}
	return nil
}

// str reads the constant str operand name.
func (r *ewReader) str(name string) (string, error) {
	i, err := r.operand(name)
	if err != nil {
		return "", err
	}
	d := r.op.Operand(i).DefiningOp()
	if d != nil && d.Name == torch.ConstantStrOp {
		if s, ok := d.Attr("value").(ir.StringAttr); ok {
			return string(s), nil
		}
	}
	return "", r.errorf("expected '%s' to be a constant str (torch.constant.str)", name)
}

// optInt reads an optional int operand: none is nil, else a constant int.
func (r *ewReader) optInt(name string) (*int64, error) {
	i, err := r.operand(name)
	if err != nil {
		return nil, err
	}
	v := r.op.Operand(i)
	if isNoneValue(v) {
		return nil, nil
	}
	x, ok := constInt(v)
	if !ok {
		return nil, r.errorf("expected '%s' to be none or a constant int", name)
	}
	return &x, nil
}

// need rejects a result dtype the op does not support.
func (r *ewReader) need(kind string) error {
	switch kind {
	case "float":
		if !ir.IsFloat(r.dtype) {
			return r.errorf("result dtype %s is not supported: the op computes a float (f16, bf16, f32 or f64) result", r.dtype)
		}
	case "numeric":
		if ewIsBool(r.dtype) {
			return r.errorf("result dtype i1 (bool) is not supported, as in PyTorch")
		}
	}
	return nil
}

// checkShape requires the result shape to be the broadcast of the tensor
// operands' shapes.
func (r *ewReader) checkShape() error {
	want, err := ewBroadcastShape(r.shapes...)
	if err != nil {
		return r.errorf("%v", err)
	}
	got := r.result.Shape
	ok := len(want) == len(got)
	for i := 0; ok && i < len(got); i++ {
		ok = want[i] == got[i] || want[i] == ir.Dynamic || got[i] == ir.Dynamic
	}
	if !ok {
		return r.errorf("result shape %s is not the broadcast shape %s of the operands", ewShapeString(got), ewShapeString(want))
	}
	return nil
}

// ---- the converter -----------------------------------------------------------

// ewConverter checks an op with its row and emits one linalg.generic (or,
// for an identity, the operand itself).
func ewConverter(row ewRow) converter {
	return func(op *ir.Operation) (emitFunc, error) {
		r, err := newEwReader(op)
		if err != nil {
			return nil, err
		}
		p, err := row.plan(r)
		if err != nil {
			return nil, err
		}
		if err := r.checkShape(); err != nil {
			return nil, err
		}
		for _, a := range p.args {
			if a.operand < 0 {
				continue
			}
			sizes, _, _, _ := torch.TensorInfo(op.Operand(a.operand).Type())
			if _, err := ewBroadcastMap(sizes, r.result.Shape); err != nil {
				return nil, r.errorf("operand #%d: %v", a.operand, err)
			}
		}
		if p.forward {
			t, _ := op.Operand(p.args[0].operand).Type().(torch.VTensorType)
			bt, _ := t.ToBuiltinTensor()
			if !ir.TypeEqual(bt.Elem, r.result.Elem) || bt.Rank() != r.result.Rank() {
				return nil, r.errorf("expected the result to have the type of operand #%d, '%s'", p.args[0].operand, t)
			}
			return func(b *ir.Builder) ([]*ir.Value, error) {
				e := &emitter{b: b, loc: op.Loc}
				return []*ir.Value{e.cast(op.Operand(p.args[0].operand), r.result)}, nil
			}, nil
		}
		return func(b *ir.Builder) ([]*ir.Value, error) {
			v, err := r.emit(b, p)
			return []*ir.Value{v}, err
		}, nil
	}
}

// computeType is the type a row's body computes in: the result's builtin
// element type, or f32 for an opmath row with an f16/bf16 result.
func (r *ewReader) computeType(p *ewPlan) ir.Type {
	if p.opmath {
		return ewOpmathType(r.computeDtype(p))
	}
	return ewBuiltinElem(r.computeDtype(p))
}

// computeDtype is the torch dtype a row's inputs are cast to: its compute
// dtype if it has one, else the result dtype.
func (r *ewReader) computeDtype(p *ewPlan) ir.Type {
	if p.compute != nil {
		return p.compute
	}
	return r.dtype
}

func (r *ewReader) emit(b *ir.Builder, p *ewPlan) (*ir.Value, error) {
	loc := r.op.Loc
	ct := r.computeType(p)
	dt := r.computeDtype(p)
	inputs := make([]ewInput, len(p.args))
	for i, a := range p.args {
		if a.operand < 0 {
			v := ewScalarConst(b, loc, a.scalar, dt, ct, a.direct)
			inputs[i] = ewInput{Value: v, Dtype: v.Type()}
			continue
		}
		as := a.as
		if as == nil {
			as = dt
		}
		inputs[i] = ewInput{Value: r.op.Operand(a.operand), Dtype: a.dtype, As: as}
	}
	return buildElementwise(b, loc, ewSpec{Result: r.result, Dtype: r.dtype, Inputs: inputs,
		Body: func(bb *ir.Builder, args []*ir.Value) *ir.Value {
			c := &ewCtx{b: bb, loc: loc, ct: ct, dtype: dt}
			if p.opmath {
				for i, v := range args {
					if ft, ok := v.Type().(ir.FloatType); ok && !ir.TypeEqual(ft, ct) && ir.IsFloat(ct) {
						args[i] = arith.Cast(bb, loc, arith.ExtF, v, ct)
					}
				}
			}
			return p.body(c, args)
		}})
}

// ewScalarConst materialises a Scalar in the compute type ct. Unless
// direct, its value is first cast to the result dtype (rounded to f16/bf16,
// truncated to an integer and wrapped, or made a bool), as PyTorch casts a
// Scalar operand to the common dtype.
func ewScalarConst(b *ir.Builder, loc ir.Location, s ewScalar, dtype, ct ir.Type, direct bool) *ir.Value {
	if !direct {
		switch d := dtype.(type) {
		case ir.FloatType:
			s = ewScalar{kind: 'f', f: ir.RoundToFloatType(s.float(), d.Kind)}
		case ir.IntegerType:
			if d.Width == 1 {
				s = ewScalar{kind: 'b', i: map[bool]int64{false: 0, true: 1}[!s.isZero()]}
			} else {
				s = ewScalar{kind: 'i', i: ewWrapInt(s, d)}
			}
		}
	}
	switch t := ct.(type) {
	case ir.FloatType:
		return arith.ConstantFloat(b, loc, s.float(), t)
	case ir.IntegerType:
		if t.Width == 1 {
			return arith.ConstantBool(b, loc, !s.isZero())
		}
		return arith.ConstantInt(b, loc, s.int(), t)
	}
	return arith.ConstantFloat(b, loc, s.float(), ir.F64T.(ir.FloatType))
}

// ewWrapInt is s converted to the integer type d as C++ converts it:
// toward zero, then wrapped to d's width (two's complement, or unsigned).
func ewWrapInt(s ewScalar, d ir.IntegerType) int64 {
	v := s.int()
	if d.Width < 64 {
		v &= 1<<d.Width - 1
		if d.Signedness != ir.Unsigned && v >= 1<<(d.Width-1) {
			v -= 1 << d.Width
		}
	}
	return v
}

// ewCtx is what a body builds with: the builder in the generic's block, the
// location, the compute type and the result's torch dtype.
type ewCtx struct {
	b     *ir.Builder
	loc   ir.Location
	ct    ir.Type
	dtype ir.Type
}

func (c *ewCtx) isFloat() bool { return ir.IsFloat(c.ct) }
func (c *ewCtx) isBool() bool  { return ewIsBool(c.ct) }

// num is the constant v in the compute type.
func (c *ewCtx) num(v float64) *ir.Value {
	if ft, ok := c.ct.(ir.FloatType); ok {
		return arith.ConstantFloat(c.b, c.loc, v, ft)
	}
	return arith.ConstantInt(c.b, c.loc, int64(v), c.ct)
}

func (c *ewCtx) add(x, y *ir.Value) *ir.Value { return arith.Add(c.b, c.loc, x, y) }
func (c *ewCtx) sub(x, y *ir.Value) *ir.Value { return arith.Sub(c.b, c.loc, x, y) }
func (c *ewCtx) mul(x, y *ir.Value) *ir.Value { return arith.Mul(c.b, c.loc, x, y) }
func (c *ewCtx) div(x, y *ir.Value) *ir.Value { return arith.Div(c.b, c.loc, x, y) }

func (c *ewCtx) math(name string, x *ir.Value) *ir.Value {
	return c.b.Create(name, c.loc, []*ir.Value{x}, []ir.Type{x.Type()}, nil, 0).Result(0)
}

func (c *ewCtx) sel(cond, x, y *ir.Value) *ir.Value { return arith.NewSelect(c.b, c.loc, cond, x, y) }

// cmp compares x and y with the float predicate fp (ordered or not, as the
// op's NaN behaviour needs), or the integer predicate ip: eq and ne as
// they are, the orderings as "<s/u>" + ip by the compute dtype's
// signedness (bool compares unsigned: false < true).
func (c *ewCtx) cmp(fp, ip string, x, y *ir.Value) *ir.Value {
	if c.isFloat() {
		return arith.NewCmpF(c.b, c.loc, fp, x, y)
	}
	p := ip
	switch {
	case ip == "eq" || ip == "ne":
	case ewIsUnsigned(c.dtype) || c.isBool():
		p = "u" + ip
	default:
		p = "s" + ip
	}
	return arith.NewCmpI(c.b, c.loc, p, x, y)
}

// ---- rows --------------------------------------------------------------------

// ewAddSub is add and sub, Tensor and Scalar forms:
//
//	aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor
//	aten::add.Scalar(Tensor self, Scalar other, Scalar alpha=1) -> Tensor
//	(sub likewise): self ± alpha·other.
//
// alpha must be a constant, folded into the body (alpha = 1 emits no
// multiply). As in PyTorch, a float alpha with an integer result and a
// bool alpha with a non-bool result are errors, and bool results compute
// self | (other & alpha) (add only: sub of bools is an error).
func ewAddSub(isSub, scalarOther bool) func(r *ewReader) (*ewPlan, error) {
	return ewAddSubOrder(isSub, scalarOther, false)
}

// ewAddSubOrder is ewAddSub, and with reversed the rsub family
//
//	aten::rsub.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor
//	aten::rsub.Scalar(Tensor self, Scalar other, Scalar alpha=1) -> Tensor
//
// other − alpha·self (ATen's rsub is sub(other, self, alpha)), with sub's
// dtype rules.
func ewAddSubOrder(isSub, scalarOther, reversed bool) func(r *ewReader) (*ewPlan, error) {
	return func(r *ewReader) (*ewPlan, error) {
		self, err := r.tensor("self", nil)
		if err != nil {
			return nil, err
		}
		var other ewArg
		if scalarOther {
			other, err = r.promotedScalar("other")
		} else {
			other, err = r.tensor("other", nil)
		}
		if err != nil {
			return nil, err
		}
		alpha, err := r.scalar("alpha")
		if err != nil {
			return nil, err
		}
		switch {
		case ewIsBool(r.dtype) && isSub:
			return nil, r.errorf("subtraction of bool tensors is not supported (PyTorch: use logical_xor)")
		case alpha.kind == 'b' && !ewIsBool(r.dtype):
			return nil, r.errorf("a bool alpha is only supported for bool results, as in PyTorch")
		case alpha.kind == 'f' && !ir.IsFloat(r.dtype):
			return nil, r.errorf("alpha = %s must not be a float for an integral result, as in PyTorch", alpha)
		}
		p := &ewPlan{args: []ewArg{self, other}, opmath: true}
		if reversed {
			p.args = []ewArg{other, self}
		}
		if ewIsBool(r.dtype) {
			keep := !alpha.isZero()
			p.body = func(c *ewCtx, a []*ir.Value) *ir.Value {
				if !keep {
					return a[0]
				}
				return arith.Binary(c.b, c.loc, arith.OrI, a[0], a[1])
			}
			return p, nil
		}
		unit := alpha.float() == 1
		if !unit {
			p.args = append(p.args, ewArg{operand: -1, scalar: alpha, direct: true})
		}
		p.body = func(c *ewCtx, a []*ir.Value) *ir.Value {
			y := a[1]
			if !unit {
				y = c.mul(y, a[2])
			}
			if isSub {
				return c.sub(a[0], y)
			}
			return c.add(a[0], y)
		}
		return p, nil
	}
}

// ewMul is aten::mul.Tensor(Tensor self, Tensor other) and
// mul.Scalar(Tensor self, Scalar other): self·other, logical and for bool.
func ewMul(scalarOther bool) func(r *ewReader) (*ewPlan, error) {
	return func(r *ewReader) (*ewPlan, error) {
		self, other, err := ewSelfOther(r, scalarOther)
		if err != nil {
			return nil, err
		}
		ewKeepScalarInOpmath(r, &other)
		return &ewPlan{args: []ewArg{self, other}, opmath: true,
			body: func(c *ewCtx, a []*ir.Value) *ir.Value {
				if c.isBool() {
					return arith.Binary(c.b, c.loc, arith.AndI, a[0], a[1])
				}
				return c.mul(a[0], a[1])
			}}, nil
	}
}

// ewDiv is aten::div.Tensor(Tensor self, Tensor other) and
// div.Scalar(Tensor self, Scalar other): true division, whose result is a
// float even for integer operands (torch.div(int, int) is float; the
// rounding modes are div.Tensor_mode). Integer operands are converted to
// the float result dtype first.
func ewDiv(scalarOther bool) func(r *ewReader) (*ewPlan, error) {
	return func(r *ewReader) (*ewPlan, error) {
		if err := r.need("float"); err != nil {
			return nil, err
		}
		self, other, err := ewSelfOther(r, scalarOther)
		if err != nil {
			return nil, err
		}
		ewKeepScalarInOpmath(r, &other)
		return &ewPlan{args: []ewArg{self, other}, opmath: true,
			body: func(c *ewCtx, a []*ir.Value) *ir.Value { return c.div(a[0], a[1]) }}, nil
	}
}

// ewKeepScalarInOpmath makes a Scalar multiplier or divisor of an f16/bf16
// result a constant of the opmath type (f32) instead of a value rounded to
// the result dtype: PyTorch ≥ 2.1's CPU mul and div kernels read a Python
// scalar operand with iter.original_scalar_value<opmath_t> (x_bf16 · 1.004
// multiplies by the f32 1.004, where 1.13 rounded it to bf16 first). add
// and sub, remainder and fmod still round it.
func ewKeepScalarInOpmath(r *ewReader, other *ewArg) {
	if other.operand < 0 && ir.IsFloat(r.dtype) && ewBuiltinElem(r.dtype) != ewOpmathType(r.dtype) {
		other.direct = true
	}
}

func ewSelfOther(r *ewReader, scalarOther bool) (self, other ewArg, err error) {
	if self, err = r.tensor("self", nil); err != nil {
		return
	}
	if scalarOther {
		other, err = r.promotedScalar("other")
	} else {
		other, err = r.tensor("other", nil)
	}
	return
}

// ewNeg is aten::neg(Tensor self): −x (arith.negf; 0 − x for integers);
// PyTorch rejects bool.
func ewNeg(r *ewReader) (*ewPlan, error) {
	if err := r.need("numeric"); err != nil {
		return nil, err
	}
	self, err := r.tensor("self", nil)
	if err != nil {
		return nil, err
	}
	return &ewPlan{args: []ewArg{self}, body: func(c *ewCtx, a []*ir.Value) *ir.Value {
		if c.isFloat() {
			return arith.NewNegF(c.b, c.loc, a[0])
		}
		return c.sub(c.num(0), a[0])
	}}, nil
}

// ewRelu is aten::relu(Tensor self) = clamp_min(self, 0):
// x > 0 ? x : 0, with the unordered ugt so that NaN stays NaN as in
// PyTorch; unsigned integers compare unsigned.
func ewRelu(r *ewReader) (*ewPlan, error) {
	if err := r.need("numeric"); err != nil {
		return nil, err
	}
	self, err := r.tensor("self", nil)
	if err != nil {
		return nil, err
	}
	return &ewPlan{args: []ewArg{self}, body: func(c *ewCtx, a []*ir.Value) *ir.Value {
		zero := c.num(0)
		return c.sel(c.cmp("ugt", "gt", a[0], zero), a[0], zero)
	}}, nil
}

// ewThresholdBackward is
//
//	aten::threshold_backward(Tensor grad_output, Tensor self, Scalar threshold) -> Tensor
//
// ATen's threshold kernel with value 0: self <= threshold ? 0 : grad_output.
// The comparison is ordered (ole), so a NaN self passes the gradient
// through as in PyTorch (torch-mlir's ule would zero it). threshold is read
// as bound reads it (f32 for an f16/bf16 result).
func ewThresholdBackward(r *ewReader) (*ewPlan, error) {
	if err := r.need("numeric"); err != nil {
		return nil, err
	}
	g, err := r.tensor("grad_output", nil)
	if err != nil {
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
	return &ewPlan{args: []ewArg{g, self, th}, opmath: true,
		body: func(c *ewCtx, a []*ir.Value) *ir.Value {
			return c.sel(c.cmp("ole", "le", a[1], a[2]), c.num(0), a[0])
		}}, nil
}

// ewUnaryFloat is a one-tensor op with a float result computed by fn in
// the opmath type; integer inputs are converted to the float result dtype
// first, as PyTorch promotes them for sqrt, exp, ... .
func ewUnaryFloat(fn func(c *ewCtx, x *ir.Value) *ir.Value) func(r *ewReader) (*ewPlan, error) {
	return func(r *ewReader) (*ewPlan, error) {
		if err := r.need("float"); err != nil {
			return nil, err
		}
		self, err := r.tensor("self", nil)
		if err != nil {
			return nil, err
		}
		return &ewPlan{args: []ewArg{self}, opmath: true,
			body: func(c *ewCtx, a []*ir.Value) *ir.Value { return fn(c, a[0]) }}, nil
	}
}

// ewBinaryFloat is an op on (grad_output, second) with a float result.
func ewBinaryFloat(second string, fn func(c *ewCtx, g, y *ir.Value) *ir.Value) func(r *ewReader) (*ewPlan, error) {
	return func(r *ewReader) (*ewPlan, error) {
		if err := r.need("float"); err != nil {
			return nil, err
		}
		args, err := r.tensors("grad_output", second)
		if err != nil {
			return nil, err
		}
		return &ewPlan{args: args, opmath: true,
			body: func(c *ewCtx, a []*ir.Value) *ir.Value { return fn(c, a[0], a[1]) }}, nil
	}
}

// ewMathOp applies the one-operand math op name: math.tanh, math.sqrt,
// math.rsqrt (1/√x, ATen's rsqrt), math.exp, math.log.
func ewMathOp(name string) func(c *ewCtx, x *ir.Value) *ir.Value {
	return func(c *ewCtx, x *ir.Value) *ir.Value { return c.math(name, x) }
}

// ewSigmoid is aten::sigmoid: 1 / (1 + exp(−x)), ATen's CPU formula.
func ewSigmoid(c *ewCtx, x *ir.Value) *ir.Value {
	one := c.num(1)
	e := c.math(math.Exp, arith.NewNegF(c.b, c.loc, x))
	return c.div(one, c.add(one, e))
}

// ewSigmoidBackward is aten::sigmoid_backward(grad_output, output):
// grad_output · (1 − output) · output, in ATen's order.
func ewSigmoidBackward(c *ewCtx, g, y *ir.Value) *ir.Value {
	return c.mul(c.mul(g, c.sub(c.num(1), y)), y)
}

// ewTanhBackward is aten::tanh_backward(grad_output, output):
// grad_output · (1 − output²).
func ewTanhBackward(c *ewCtx, g, y *ir.Value) *ir.Value {
	return c.mul(g, c.sub(c.num(1), c.mul(y, y)))
}

// The GELU constants of ATen's CPU kernels (aten/src/ATen/native/cpu/
// Activation.cpp), each rounded to the compute type as ATen's
// scalar_t(...) casts do.
var (
	ewSqrt1_2     = gomath.Sqrt2 / 2                               // M_SQRT1_2
	ewGeluTanhK   = gomath.Sqrt2 * (2 / gomath.SqrtPi) * 0.5       // M_SQRT2 · M_2_SQRTPI · 0.5 = √(2/π)
	ewGeluPdfBeta = (2 / gomath.SqrtPi) * (gomath.Sqrt2 / 2) * 0.5 // M_2_SQRTPI · M_SQRT1_2 · 0.5 = 1/√(2π)
	ewGeluKappa   = 0.044715
)

// ewApproximate reads gelu's `approximate`, which must be 'none' or 'tanh'.
func ewApproximate(r *ewReader) (bool, error) {
	s, err := r.str("approximate")
	if err != nil {
		return false, err
	}
	switch s {
	case "none":
		return false, nil
	case "tanh":
		return true, nil
	}
	return false, r.errorf("approximate = '%s' is not supported (expected 'none' or 'tanh')", s)
}

// ewGelu is aten::gelu(Tensor self, *, str approximate='none'), ATen's CPU
// GeluKernelImpl:
//
//	none: x · 0.5 · (1 + erf(x · M_SQRT1_2))
//	tanh: 0.5 · x · (1 + tanh(√(2/π) · (x + 0.044715 · x³)))
//
// (torch-mlir's tanh form uses 0.7977240352174656 for √(2/π) =
// 0.7978845608028654; this lowering uses ATen's value.)
func ewGelu(r *ewReader) (*ewPlan, error) {
	if err := r.need("float"); err != nil {
		return nil, err
	}
	self, err := r.tensor("self", nil)
	if err != nil {
		return nil, err
	}
	useTanh, err := ewApproximate(r)
	if err != nil {
		return nil, err
	}
	return &ewPlan{args: []ewArg{self}, opmath: true, body: func(c *ewCtx, a []*ir.Value) *ir.Value {
		x := a[0]
		if useTanh {
			cube := c.mul(c.mul(x, x), x)
			inner := c.mul(c.num(ewGeluTanhK), c.add(x, c.mul(c.num(ewGeluKappa), cube)))
			return c.mul(c.mul(c.num(0.5), x), c.add(c.num(1), c.math(math.Tanh, inner)))
		}
		erf := c.math(math.Erf, c.mul(x, c.num(ewSqrt1_2)))
		return c.mul(c.mul(x, c.num(0.5)), c.add(c.num(1), erf))
	}}, nil
}

// ewGeluBackward is aten::gelu_backward(Tensor grad_output, Tensor self, *,
// str approximate='none'), ATen's CPU GeluBackwardKernelImpl:
//
//	none: dy · (cdf + x · pdf), cdf = 0.5 · (1 + erf(x · M_SQRT1_2)),
//	      pdf = 1/√(2π) · exp(x · x · −0.5)
//	tanh: dy · (0.5 · (1 + t) + 0.5 · x · (1 − t²) · √(2/π) · (1 + 3 · 0.044715 · x²)),
//	      t = tanh(√(2/π) · (x + 0.044715 · x³))
func ewGeluBackward(r *ewReader) (*ewPlan, error) {
	if err := r.need("float"); err != nil {
		return nil, err
	}
	g, err := r.tensor("grad_output", nil)
	if err != nil {
		return nil, err
	}
	self, err := r.tensor("self", nil)
	if err != nil {
		return nil, err
	}
	useTanh, err := ewApproximate(r)
	if err != nil {
		return nil, err
	}
	return &ewPlan{args: []ewArg{g, self}, opmath: true, body: func(c *ewCtx, a []*ir.Value) *ir.Value {
		dy, x := a[0], a[1]
		one, half := c.num(1), c.num(0.5)
		if useTanh {
			beta, kappa := c.num(ewGeluTanhK), c.num(ewGeluKappa)
			sq := c.mul(x, x)
			cube := c.mul(sq, x)
			t := c.math(math.Tanh, c.mul(beta, c.add(x, c.mul(kappa, cube))))
			left := c.mul(half, x)
			leftD := c.mul(half, c.add(one, t))
			tanhD := c.sub(one, c.mul(t, t))
			innerD := c.mul(beta, c.add(one, c.mul(c.mul(c.num(3), kappa), sq)))
			rightD := c.mul(c.mul(left, tanhD), innerD)
			return c.mul(dy, c.add(leftD, rightD))
		}
		cdf := c.mul(half, c.add(one, c.math(math.Erf, c.mul(x, c.num(ewSqrt1_2)))))
		pdf := c.mul(c.num(ewGeluPdfBeta), c.math(math.Exp, c.mul(c.mul(x, x), c.num(-0.5))))
		return c.mul(dy, c.add(cdf, c.mul(x, pdf)))
	}}, nil
}

// ewWhere is aten::where.self(Tensor condition, Tensor self, Tensor other):
// condition ? self : other, all three broadcast; self and other are cast
// to the result dtype, condition to bool (x != 0 if it is not bool).
func ewWhere(r *ewReader) (*ewPlan, error) {
	cond, err := r.tensor("condition", torch.DtypeBool)
	if err != nil {
		return nil, err
	}
	self, other, err := ewSelfOther(r, false)
	if err != nil {
		return nil, err
	}
	return &ewPlan{args: []ewArg{cond, self, other},
		body: func(c *ewCtx, a []*ir.Value) *ir.Value { return c.sel(a[0], a[1], a[2]) }}, nil
}

// ewMaskedFill is aten::masked_fill.Scalar(Tensor self, Tensor mask, Scalar
// value): mask ? value : self over the broadcast of self and mask (ATen's
// out-of-place masked_fill expands both). value is cast to self's dtype as
// C++ does (2.7 fills an int tensor with 2), and mask read as bool.
func ewMaskedFill(r *ewReader) (*ewPlan, error) {
	self, err := r.tensor("self", nil)
	if err != nil {
		return nil, err
	}
	mask, err := r.tensor("mask", torch.DtypeBool)
	if err != nil {
		return nil, err
	}
	v, err := r.scalar("value")
	if err != nil {
		return nil, err
	}
	if !ir.TypeEqual(self.dtype, r.dtype) {
		return nil, r.errorf("expected the result dtype %s to be self's dtype %s", r.dtype, self.dtype)
	}
	return &ewPlan{args: []ewArg{self, mask, {operand: -1, scalar: v}},
		body: func(c *ewCtx, a []*ir.Value) *ir.Value { return c.sel(a[1], a[2], a[0]) }}, nil
}

// ewMaskedFillTensor is
//
//	aten::masked_fill.Tensor(Tensor self, Tensor mask, Tensor value) -> Tensor
//
// masked_fill with the value a 0-d tensor (ATen: "only supports a
// 0-dimensional value tensor"), converted to self's dtype.
func ewMaskedFillTensor(r *ewReader) (*ewPlan, error) {
	self, err := r.tensor("self", nil)
	if err != nil {
		return nil, err
	}
	mask, err := r.tensor("mask", torch.DtypeBool)
	if err != nil {
		return nil, err
	}
	v, err := r.tensor("value", self.dtype)
	if err != nil {
		return nil, err
	}
	if vt := r.op.Operand(v.operand).Type().(torch.VTensorType); len(vt.Sizes) != 0 {
		return nil, r.errorf("masked_fill only supports a 0-dimensional value tensor, but got tensor with %d dimension(s)", len(vt.Sizes))
	}
	if !ir.TypeEqual(self.dtype, r.dtype) {
		return nil, r.errorf("expected the result dtype %s to be self's dtype %s", r.dtype, self.dtype)
	}
	return &ewPlan{args: []ewArg{self, mask, v},
		body: func(c *ewCtx, a []*ir.Value) *ir.Value { return c.sel(a[1], a[2], a[0]) }}, nil
}

// ewTriangle is
//
//	aten::tril(Tensor self, int diagonal=0) -> Tensor
//	aten::triu(Tensor self, int diagonal=0) -> Tensor
//
// over the last two dims (row i, column j) of a tensor of rank ≥ 2: tril
// keeps the elements with j − i ≤ diagonal, triu those with j − i ≥
// diagonal, and the rest become 0 (false for bool), as ATen does; the
// loop indices come from linalg.index.
func ewTriangle(lower bool) func(r *ewReader) (*ewPlan, error) {
	return func(r *ewReader) (*ewPlan, error) {
		self, err := r.tensor("self", nil)
		if err != nil {
			return nil, err
		}
		rank := len(r.shapes[len(r.shapes)-1])
		if rank < 2 {
			return nil, r.errorf("input tensor must have at least 2 dimensions, got %d", rank)
		}
		i, err := r.operand("diagonal")
		if err != nil {
			return nil, err
		}
		diag, ok := constInt(r.op.Operand(i))
		if !ok {
			return nil, r.errorf("expected 'diagonal' to be a constant int")
		}
		if !ir.TypeEqual(self.dtype, r.dtype) {
			return nil, r.errorf("expected the result dtype %s to be self's dtype %s", r.dtype, self.dtype)
		}
		pred := "sle"
		if !lower {
			pred = "sge"
		}
		return &ewPlan{args: []ewArg{self}, body: func(c *ewCtx, a []*ir.Value) *ir.Value {
			row, col := linalg.NewIndex(c.b, c.loc, rank-2), linalg.NewIndex(c.b, c.loc, rank-1)
			d := arith.ConstantInt(c.b, c.loc, diag, ir.Index)
			keep := arith.NewCmpI(c.b, c.loc, pred, arith.Sub(c.b, c.loc, col, row), d)
			return c.sel(keep, a[0], c.num(0))
		}}, nil
	}
}

// ewSilu is aten::silu: x / (1 + exp(−x)), ATen's CPU formula.
func ewSilu(c *ewCtx, x *ir.Value) *ir.Value {
	one := c.num(1)
	return c.div(x, c.add(one, c.math(math.Exp, arith.NewNegF(c.b, c.loc, x))))
}

// ewSiluBackward is aten::silu_backward(grad_output, self):
// grad_output · σ(x) · (1 + x · (1 − σ(x))), ATen's CPU formula.
func ewSiluBackward(c *ewCtx, g, x *ir.Value) *ir.Value {
	one := c.num(1)
	sig := ewSigmoid(c, x)
	return c.mul(c.mul(g, sig), c.add(one, c.mul(x, c.sub(one, sig))))
}

// ewCompare is the comparison family, Tensor and Scalar forms:
//
//	aten::eq.Tensor(Tensor self, Tensor other) -> Tensor
//	aten::eq.Scalar(Tensor self, Scalar other) -> Tensor
//	(ne, lt, le, gt, ge likewise)
//
// The result is bool; both sides are first cast to their common dtype
// (at::result_type: a float Scalar makes an integer tensor's comparison
// f32, an f16 tensor rounds the Scalar to f16), as ATen's comparison
// kernels compare. Floats compare with the ordered predicate fp (NaN is
// unequal to everything: only ne holds, with une), integers with ip,
// signed or unsigned by the common dtype. f16 and bf16 compare in f32,
// which is exact.
func ewCompare(fp, ip string, scalarOther bool) func(r *ewReader) (*ewPlan, error) {
	return func(r *ewReader) (*ewPlan, error) {
		if !ewIsBool(r.dtype) {
			return nil, r.errorf("expected a bool (i1) result, got %s", r.dtype)
		}
		self, err := r.tensor("self", nil)
		if err != nil {
			return nil, err
		}
		var other ewArg
		if scalarOther {
			var s ewScalar
			if s, err = r.scalar("other"); err != nil {
				return nil, err
			}
			other = ewArg{operand: -1, scalar: s}
		} else if other, err = r.tensor("other", nil); err != nil {
			return nil, err
		}
		common, err := r.commonDtype(self, other)
		if err != nil {
			return nil, err
		}
		self.as, other.as = common, common
		return &ewPlan{args: []ewArg{self, other}, compute: common, opmath: true,
			body: func(c *ewCtx, a []*ir.Value) *ir.Value { return c.cmp(fp, ip, a[0], a[1]) }}, nil
	}
}

// commonDtype is the dtype args are compared (or otherwise combined) in,
// at::result_type over the tensors' dtypes and ranks and the scalars'
// kinds.
func (r *ewReader) commonDtype(args ...ewArg) (ir.Type, error) {
	scalarDtype := map[byte]ir.Type{'b': torch.DtypeBool, 'i': torch.DtypeSI64, 'f': ir.F64T}
	ops := make([]promoteOperand, len(args))
	for i, a := range args {
		if a.operand < 0 {
			ops[i] = promoteOperand{Scalar: true, Dtype: scalarDtype[a.scalar.kind]}
			continue
		}
		// A Python number passed as a Tensor (torch.prim.NumToTensor) is a
		// wrapped number to PyTorch: it promotes as a scalar, not as a
		// zero-dim tensor.
		if d := r.op.Operand(a.operand).DefiningOp(); d != nil && d.Name == torch.NumToTensorOp {
			if sc, ok := ewConstScalar(d.Operand(0)); ok {
				ops[i] = promoteOperand{Scalar: true, Dtype: scalarDtype[sc.kind]}
				continue
			}
		}
		sizes, _, _, _ := torch.TensorInfo(r.op.Operand(a.operand).Type())
		ops[i] = promoteOperand{Dtype: a.dtype, Rank: len(sizes)}
	}
	t, ok := promoteResultType(ops)
	if !ok {
		return nil, r.errorf("the operands have no common dtype")
	}
	return t, nil
}

// ewLogical is aten::logical_and and aten::logical_or(Tensor self, Tensor
// other) -> Tensor: each operand read as bool (x != 0; NaN is true), then
// and'ed or or'ed. The result must be bool (the out= forms that write
// other dtypes do not export).
func ewLogical(name string) func(r *ewReader) (*ewPlan, error) {
	return func(r *ewReader) (*ewPlan, error) {
		if !ewIsBool(r.dtype) {
			return nil, r.errorf("expected a bool (i1) result, got %s", r.dtype)
		}
		self, err := r.tensor("self", torch.DtypeBool)
		if err != nil {
			return nil, err
		}
		other, err := r.tensor("other", torch.DtypeBool)
		if err != nil {
			return nil, err
		}
		return &ewPlan{args: []ewArg{self, other},
			body: func(c *ewCtx, a []*ir.Value) *ir.Value { return arith.Binary(c.b, c.loc, name, a[0], a[1]) }}, nil
	}
}

// ewLogicalNot is aten::logical_not(Tensor self) -> Tensor: x == 0, a bool.
func ewLogicalNot(r *ewReader) (*ewPlan, error) {
	if !ewIsBool(r.dtype) {
		return nil, r.errorf("expected a bool (i1) result, got %s", r.dtype)
	}
	self, err := r.tensor("self", torch.DtypeBool)
	if err != nil {
		return nil, err
	}
	return &ewPlan{args: []ewArg{self}, body: func(c *ewCtx, a []*ir.Value) *ir.Value {
		return arith.Binary(c.b, c.loc, arith.XOrI, a[0], arith.ConstantBool(c.b, c.loc, true))
	}}, nil
}

// ewBitwiseNot is aten::bitwise_not(Tensor self) -> Tensor: ~x for
// integers (x xor −1), logical not for bool; PyTorch rejects floats.
func ewBitwiseNot(r *ewReader) (*ewPlan, error) {
	if ir.IsFloat(r.dtype) {
		return nil, r.errorf("result dtype %s is not supported: bitwise_not takes integral or bool tensors, as in PyTorch", r.dtype)
	}
	self, err := r.tensor("self", nil)
	if err != nil {
		return nil, err
	}
	return &ewPlan{args: []ewArg{self}, body: func(c *ewCtx, a []*ir.Value) *ir.Value {
		if c.isBool() {
			return arith.Binary(c.b, c.loc, arith.XOrI, a[0], arith.ConstantBool(c.b, c.loc, true))
		}
		return arith.Binary(c.b, c.loc, arith.XOrI, a[0], c.num(-1))
	}}, nil
}

// ewFloatTest is a test of float values with a bool result, false for
// integers and bools (which are never NaN or infinite):
//
//	aten::isnan(Tensor self) -> Tensor: x != x (arith.cmpf uno)
//	aten::isinf(Tensor self) -> Tensor: x = ±∞
func ewFloatTest(test func(c *ewCtx, x *ir.Value) *ir.Value) func(r *ewReader) (*ewPlan, error) {
	return func(r *ewReader) (*ewPlan, error) {
		if !ewIsBool(r.dtype) {
			return nil, r.errorf("expected a bool (i1) result, got %s", r.dtype)
		}
		self, err := r.tensor("self", nil)
		if err != nil {
			return nil, err
		}
		self.as = self.dtype
		return &ewPlan{args: []ewArg{self}, compute: self.dtype, body: func(c *ewCtx, a []*ir.Value) *ir.Value {
			if c.isFloat() {
				return test(c, a[0])
			}
			return arith.ConstantBool(c.b, c.loc, false)
		}}, nil
	}
}

func ewIsnan(c *ewCtx, x *ir.Value) *ir.Value { return arith.NewCmpF(c.b, c.loc, "uno", x, x) }

// ewAbs is aten::abs(Tensor self): math.absf for floats, math.absi for
// signed integers (the most negative value stays itself, as in C++), the
// identity for uint8; PyTorch rejects bool.
func ewAbs(r *ewReader) (*ewPlan, error) {
	if err := r.need("numeric"); err != nil {
		return nil, err
	}
	self, err := r.tensor("self", nil)
	if err != nil {
		return nil, err
	}
	if ewIsUnsigned(r.dtype) {
		// An unsigned value is its own absolute value (math.absi would
		// read ui8's signless i8 as signed).
		return &ewPlan{args: []ewArg{self}, forward: true}, nil
	}
	return &ewPlan{args: []ewArg{self}, opmath: true, body: func(c *ewCtx, a []*ir.Value) *ir.Value {
		if c.isFloat() {
			return c.math(math.AbsF, a[0])
		}
		return c.math(math.AbsI, a[0])
	}}, nil
}

// ewSign is aten::sign(Tensor self): (0 < x) − (x < 0), ATen's formula, so
// NaN and ±0 give +0; a bool is its own sign.
func ewSign(r *ewReader) (*ewPlan, error) {
	self, err := r.tensor("self", nil)
	if err != nil {
		return nil, err
	}
	if ewIsBool(r.dtype) {
		return &ewPlan{args: []ewArg{self}, forward: true}, nil
	}
	return &ewPlan{args: []ewArg{self}, opmath: true, body: func(c *ewCtx, a []*ir.Value) *ir.Value {
		zero := c.num(0)
		neg := c.sel(c.cmp("olt", "lt", a[0], zero), c.num(-1), zero)
		return c.sel(c.cmp("ogt", "gt", a[0], zero), c.num(1), neg)
	}}, nil
}

// ewRounding is aten::floor, ceil, trunc and round(Tensor self) (round:
// half to even, math.roundeven): the math op for floats, computed in f32
// for f16/bf16 (exact); an integer tensor is returned as it is, as PyTorch
// does; bool is rejected.
func ewRounding(name string) func(r *ewReader) (*ewPlan, error) {
	return func(r *ewReader) (*ewPlan, error) {
		if err := r.need("numeric"); err != nil {
			return nil, err
		}
		self, err := r.tensor("self", nil)
		if err != nil {
			return nil, err
		}
		if !ir.IsFloat(r.dtype) {
			return &ewPlan{args: []ewArg{self}, forward: true}, nil
		}
		return &ewPlan{args: []ewArg{self}, opmath: true, body: func(c *ewCtx, a []*ir.Value) *ir.Value { return c.math(name, a[0]) }}, nil
	}
}

// maxOf and minOf are C++'s std::max(a, b) = a < b ? b : a and std::min(a,
// b) = b < a ? b : a, the ATen kernels' scalar forms, made NaN-propagating
// for floats as ATen's maximum, minimum and clamp are: a NaN in either
// operand gives NaN.
func (c *ewCtx) maxOf(a, b *ir.Value) *ir.Value {
	return c.nanOr(a, b, c.sel(c.cmp("olt", "lt", a, b), b, a))
}

func (c *ewCtx) minOf(a, b *ir.Value) *ir.Value {
	return c.nanOr(a, b, c.sel(c.cmp("olt", "lt", b, a), b, a))
}

// nanOr is v, unless a or b is a NaN (floats only): then that NaN.
func (c *ewCtx) nanOr(a, b, v *ir.Value) *ir.Value {
	if !c.isFloat() {
		return v
	}
	// A folded Scalar bound that is a number needs no check.
	if d := b.DefiningOp(); d != nil && d.Name == arith.ConstantOp {
		if f, ok := d.Attr("value").(ir.FloatAttr); ok && !gomath.IsNaN(f.Value) {
			return v
		}
	}
	// The ordered comparison of v's select is false when either side is
	// NaN and then yields a: only a NaN b needs its own select.
	return c.sel(arith.NewCmpF(c.b, c.loc, "uno", b, b), b, v)
}

// ewMinMax is aten::maximum and minimum(Tensor self, Tensor other): the
// elementwise max or min in the result dtype (both operands cast to it),
// a NaN in either giving NaN. Which of two equal zeros of different sign
// comes back is not pinned down (PyTorch's scalar and vector kernels
// differ there).
func ewMinMax(isMax bool) func(r *ewReader) (*ewPlan, error) {
	return func(r *ewReader) (*ewPlan, error) {
		self, other, err := ewSelfOther(r, false)
		if err != nil {
			return nil, err
		}
		return &ewPlan{args: []ewArg{self, other}, opmath: true, body: func(c *ewCtx, a []*ir.Value) *ir.Value {
			if isMax {
				return c.maxOf(a[0], a[1])
			}
			return c.minOf(a[0], a[1])
		}}, nil
	}
}

// ewClamp is the clamp family, min(max(x, lo), hi) with ATen's
// clamp_scalar kernel semantics (a NaN x stays NaN; lo > hi gives hi):
//
//	aten::clamp(Tensor self, Scalar? min=None, Scalar? max=None) -> Tensor
//	aten::clamp.Tensor(Tensor self, Tensor? min=None, Tensor? max=None) -> Tensor
//	aten::clamp_min(Tensor self, Scalar min) -> Tensor
//	aten::clamp_max(Tensor self, Scalar max) -> Tensor
//	aten::hardtanh(Tensor self, Scalar min_val=-1, Scalar max_val=1) -> Tensor
//
// (ATen's hardtanh is clamp(self, min_val, max_val).)
//
// Everything is cast to the result dtype (type promotion made an integer
// tensor clamped to float bounds a float). As in PyTorch, a Scalar bound
// may not be of a higher category than the result (a float bound for an
// integer result) nor overflow an integer result (c10's checked
// conversion: 300 for uint8 is an error, −1 wraps to 255), and at least
// one bound must be given. Tensor bounds broadcast, and a NaN bound gives
// NaN.
func ewClamp(scalarBounds bool, minName, maxName string) func(r *ewReader) (*ewPlan, error) {
	return func(r *ewReader) (*ewPlan, error) {
		if ewIsBool(r.dtype) {
			return nil, r.errorf("result dtype i1 (bool) is not supported, as in PyTorch")
		}
		self, err := r.tensor("self", nil)
		if err != nil {
			return nil, err
		}
		p := &ewPlan{args: []ewArg{self}, opmath: true}
		lo, hi := -1, -1
		for _, b := range []struct {
			name string
			at   *int
		}{{minName, &lo}, {maxName, &hi}} {
			if b.name == "" {
				continue
			}
			i, err := r.operand(b.name)
			if err != nil {
				return nil, err
			}
			if isNoneValue(r.op.Operand(i)) {
				continue
			}
			var a ewArg
			if scalarBounds {
				if a, err = r.promotedScalar(b.name); err != nil {
					return nil, err
				}
				if err := r.fitsResult(b.name, a.scalar); err != nil {
					return nil, err
				}
			} else if a, err = r.tensor(b.name, nil); err != nil {
				return nil, err
			}
			*b.at = len(p.args)
			p.args = append(p.args, a)
		}
		if lo < 0 && hi < 0 {
			return nil, r.errorf("at least one of '%s' or '%s' must not be None", minName, maxName)
		}
		p.body = func(c *ewCtx, a []*ir.Value) *ir.Value {
			x := a[0]
			if lo >= 0 {
				x = c.maxOf(x, a[lo])
			}
			if hi >= 0 {
				x = c.minOf(x, a[hi])
			}
			return x
		}
		return p, nil
	}
}

// ewPow is aten::pow.Tensor_Scalar(Tensor self, Scalar exponent), with the
// exponent folded. For a float result it follows ATen's CPU kernel
// (pow_tensor_scalar_optimized_kernel): 2 → x·x, 3 → x·x·x, 0.5 → √x,
// −0.5 → 1/√x, −1 → 1/x, −2 → 1/(x·x), otherwise math.powf(x, e) with e
// cast to the result dtype. For an integer result the exponent must be a
// non-negative int (PyTorch: "Integers to negative integer powers are not
// allowed") and x^e is unrolled into multiplications by repeated squaring,
// wrapping like ATen's powi.
func ewPow(r *ewReader) (*ewPlan, error) {
	if err := r.need("numeric"); err != nil {
		return nil, err
	}
	self, err := r.tensor("self", nil)
	if err != nil {
		return nil, err
	}
	e, err := r.promotedScalar("exponent")
	if err != nil {
		return nil, err
	}
	if !ir.IsFloat(r.dtype) {
		n := e.scalar.int()
		if n < 0 {
			return nil, r.errorf("integers to negative integer powers are not allowed (exponent %d), as in PyTorch", n)
		}
		return &ewPlan{args: []ewArg{self}, body: func(c *ewCtx, a []*ir.Value) *ir.Value {
			return ewIntPow(c, a[0], n)
		}}, nil
	}
	ev := e.scalar.float()
	p := &ewPlan{args: []ewArg{self}, opmath: true}
	switch ev {
	case 2:
		p.body = func(c *ewCtx, a []*ir.Value) *ir.Value { return c.mul(a[0], a[0]) }
	case 3:
		p.body = func(c *ewCtx, a []*ir.Value) *ir.Value { return c.mul(c.mul(a[0], a[0]), a[0]) }
	case 0.5:
		p.body = func(c *ewCtx, a []*ir.Value) *ir.Value { return c.math(math.Sqrt, a[0]) }
	case -0.5:
		p.body = func(c *ewCtx, a []*ir.Value) *ir.Value { return c.math(math.Rsqrt, a[0]) }
	case -1:
		p.body = func(c *ewCtx, a []*ir.Value) *ir.Value { return c.div(c.num(1), a[0]) }
	case -2:
		p.body = func(c *ewCtx, a []*ir.Value) *ir.Value { return c.div(c.num(1), c.mul(a[0], a[0])) }
	default:
		p.args = append(p.args, e)
		p.body = func(c *ewCtx, a []*ir.Value) *ir.Value {
			return c.b.Create(math.PowF, c.loc, []*ir.Value{a[0], a[1]}, []ir.Type{a[0].Type()}, nil, 0).Result(0)
		}
	}
	return p, nil
}

// ewIntPow is x^n (n ≥ 0) by repeated squaring.
func ewIntPow(c *ewCtx, x *ir.Value, n int64) *ir.Value {
	if n == 0 {
		return c.num(1)
	}
	var acc *ir.Value
	for base := x; ; base = c.mul(base, base) {
		if n&1 == 1 {
			if acc == nil {
				acc = base
			} else {
				acc = c.mul(acc, base)
			}
		}
		if n >>= 1; n == 0 {
			return acc
		}
	}
}

// ewClone is aten::clone(Tensor self, *, MemoryFormat? memory_format=None):
// the identity in value semantics, whatever the memory format (a layout
// choice that does not change values), which must be none or a constant.
func ewClone(r *ewReader) (*ewPlan, error) {
	self, err := r.tensor("self", nil)
	if err != nil {
		return nil, err
	}
	if _, err := r.optInt("memory_format"); err != nil {
		return nil, err
	}
	return &ewPlan{args: []ewArg{self}, forward: true}, nil
}

// ewIdentity is aten::detach and aten::alias: the operand itself (autograd
// and aliasing do not exist after export).
func ewIdentity(r *ewReader) (*ewPlan, error) {
	self, err := r.tensor("self", nil)
	if err != nil {
		return nil, err
	}
	return &ewPlan{args: []ewArg{self}, forward: true}, nil
}

// ewCopy is aten::copy(Tensor self, Tensor src, bool non_blocking=False),
// the value-semantic form of self.copy_(src): src broadcast to self's
// shape and cast to self's dtype; self's values are not read. non_blocking
// does not change values and is ignored. A src already of the result type
// is returned as is.
func ewCopy(r *ewReader) (*ewPlan, error) {
	self, err := r.tensor("self", nil)
	if err != nil {
		return nil, err
	}
	src, err := r.tensor("src", nil)
	if err != nil {
		return nil, err
	}
	st, _ := r.op.Operand(self.operand).Type().(torch.VTensorType)
	if !ir.TypeEqual(self.dtype, r.dtype) || len(st.Sizes) != r.result.Rank() {
		return nil, r.errorf("expected the result to have self's type '%s'", st)
	}
	srcT, _ := r.op.Operand(src.operand).Type().(torch.VTensorType)
	if sb, _ := srcT.ToBuiltinTensor(); ir.TypeEqual(src.dtype, r.dtype) && ir.TypeEqual(sb, r.result) {
		return &ewPlan{args: []ewArg{src}, forward: true}, nil
	}
	return &ewPlan{args: []ewArg{src}, body: func(c *ewCtx, a []*ir.Value) *ir.Value { return a[0] }}, nil
}

// ewToCopy is aten::_to_copy(Tensor self, *, ScalarType? dtype=None,
// Layout? layout=None, Device? device=None, bool? pin_memory=None,
// bool non_blocking=False, MemoryFormat? memory_format=None), the op
// Tensor.to(dtype) exports to: each element cast to the result dtype with
// PyTorch's rules (ewConvert: toward zero for float → int, x != 0 for
// bool). dtype must be none (self's dtype) or a constant naming the result
// dtype; layout none or torch.strided (0); device, pin_memory,
// non_blocking and memory_format do not change values and are ignored. A
// conversion to self's own dtype is the identity.
func ewToCopy(r *ewReader) (*ewPlan, error) {
	self, err := r.tensor("self", nil)
	if err != nil {
		return nil, err
	}
	want := self.dtype
	code, err := r.optInt("dtype")
	if err != nil {
		return nil, err
	}
	if code != nil {
		if want, err = torch.DtypeFromScalarType(int(*code)); err != nil {
			return nil, r.errorf("dtype: %v", err)
		}
	}
	if !ir.TypeEqual(want, r.dtype) {
		return nil, r.errorf("expected the result dtype %s to be the requested dtype %s", r.dtype, want)
	}
	layout, err := r.optInt("layout")
	if err != nil {
		return nil, err
	}
	if layout != nil && *layout != 0 {
		return nil, r.errorf("layout %d is not supported (only torch.strided, 0)", *layout)
	}
	if ir.TypeEqual(self.dtype, r.dtype) {
		return &ewPlan{args: []ewArg{self}, forward: true}, nil
	}
	return &ewPlan{args: []ewArg{self}, body: func(c *ewCtx, a []*ir.Value) *ir.Value { return a[0] }}, nil
}

// ---- NumToTensor ---------------------------------------------------------------

// prepareNumToTensor lowers `torch.prim.NumToTensor.Scalar %s : !torch.int
// -> !torch.vtensor<[],si64>` (a Python number passed where a tensor is
// expected) to `arith.constant dense<v> : tensor<i64>`. The scalar must be
// a constant: the value is cast to the result dtype (an int scalar is si64,
// a float f64, a bool i1 in PyTorch, but the result type decides).
func prepareNumToTensor(op *ir.Operation) (emitFunc, error) {
	if op.NumOperands() != 1 || op.NumResults() != 1 {
		return nil, ir.OpErrorf(op, "expected one operand and one result")
	}
	vt, ok := op.Result(0).Type().(torch.VTensorType)
	if !ok || !vt.HasSizes || len(vt.Sizes) != 0 || vt.Dtype == nil || !torch.IsValidDtype(vt.Dtype) {
		return nil, ir.OpErrorf(op, "expected a rank-0 !torch.vtensor result with a supported dtype, got '%s'", op.Result(0).Type())
	}
	s, ok := ewConstScalar(op.Operand(0))
	if !ok {
		return nil, ir.OpErrorf(op, "expected the scalar to be a constant (torch.constant.int, torch.constant.float or torch.constant.bool), as the lowering folds it")
	}
	t, _ := vt.ToBuiltinTensor()
	var attr *ir.DenseElementsAttr
	var err error
	switch d := vt.Dtype.(type) {
	case ir.FloatType:
		attr, err = ir.NewDenseFloats(t, []float64{ir.RoundToFloatType(s.float(), d.Kind)})
	default:
		v := s.int()
		if ewIsBool(d) && !s.isZero() {
			v = 1
		}
		attr, err = ir.NewDenseInts(t, []int64{v})
	}
	if err != nil {
		return nil, ir.OpErrorf(op, "%v", err)
	}
	return func(b *ir.Builder) ([]*ir.Value, error) {
		return []*ir.Value{arith.Constant(b, op.Loc, attr)}, nil
	}, nil
}
