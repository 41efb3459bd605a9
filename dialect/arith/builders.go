package arith

import "github.com/torchlower/torchlower/ir"

// Constant creates an arith.constant of a typed attribute (integer, bool,
// float or dense elements) and returns its value.
func Constant(b *ir.Builder, loc ir.Location, value ir.Attribute) *ir.Value {
	t := AttrType(value)
	return b.Create(ConstantOp, loc, nil, []ir.Type{t}, []ir.NamedAttr{{Name: "value", Value: value}}, 0).Result(0)
}

// ConstantIndex creates `arith.constant v : index`.
func ConstantIndex(b *ir.Builder, loc ir.Location, v int64) *ir.Value {
	return Constant(b, loc, ir.IndexAttr(v))
}

// ConstantInt creates an integer (or index) constant of type t; i1 values
// become `true`/`false`.
func ConstantInt(b *ir.Builder, loc ir.Location, v int64, t ir.Type) *ir.Value {
	if it, ok := t.(ir.IntegerType); ok && it.Width == 1 {
		return Constant(b, loc, ir.BoolAttr(v != 0))
	}
	return Constant(b, loc, ir.IntegerAttr{Value: wrap(v, bitWidth(t)), Type: t})
}

// ConstantBool creates `arith.constant true` or `false`.
func ConstantBool(b *ir.Builder, loc ir.Location, v bool) *ir.Value {
	return Constant(b, loc, ir.BoolAttr(v))
}

// ConstantFloat creates a float constant, rounded to ft.
func ConstantFloat(b *ir.Builder, loc ir.Location, v float64, ft ir.FloatType) *ir.Value {
	return Constant(b, loc, ir.FloatAttr{Value: ir.RoundToFloatType(v, ft.Kind), Type: ft})
}

// ConstantValue returns the value attribute of an arith.constant (or any
// constant-like op), or nil.
func ConstantValue(op *ir.Operation) ir.Attribute {
	if op == nil || !op.HasTrait(ir.ConstantLike) {
		return nil
	}
	return op.Attr("value")
}

// ConstantIntValue returns the integer a value is defined to be by a
// scalar or splat constant.
func ConstantIntValue(v *ir.Value) (int64, bool) { return splatInt(constOf(v)) }

// ConstantFloatValue returns the float a value is defined to be by a
// scalar or splat constant.
func ConstantFloatValue(v *ir.Value) (float64, bool) { return splatFloat(constOf(v)) }

// hasFastMath reports whether an arith op carries the fastmath attribute.
func hasFastMath(name string) bool {
	switch name {
	case AddF, SubF, MulF, DivF, RemF, MaxF, MinF, NegF:
		return true
	}
	return false
}

// Binary creates the binary op name (arith.addf, arith.muli, ...) on x and
// y, whose result has x's type. Float ops get `fastmath<none>` as upstream
// builders give them.
func Binary(b *ir.Builder, loc ir.Location, name string, x, y *ir.Value) *ir.Value {
	var attrs []ir.NamedAttr
	if hasFastMath(name) {
		attrs = append(attrs, ir.NamedAttr{Name: "fastmath", Value: FastMathAttr(FastMathNone)})
	}
	return b.Create(name, loc, []*ir.Value{x, y}, []ir.Type{x.Type()}, attrs, 0).Result(0)
}

// BinaryFastMath is Binary with explicit fast-math flags (float ops only).
func BinaryFastMath(b *ir.Builder, loc ir.Location, name string, x, y *ir.Value, f FastMathFlags) *ir.Value {
	return b.Create(name, loc, []*ir.Value{x, y}, []ir.Type{x.Type()},
		[]ir.NamedAttr{{Name: "fastmath", Value: FastMathAttr(f)}}, 0).Result(0)
}

// Add, Sub, Mul and Div pick the integer or float op by x's element type
// (signed division for integers), which is what lowering code usually wants.
func Add(b *ir.Builder, loc ir.Location, x, y *ir.Value) *ir.Value {
	return Binary(b, loc, pick(x, AddI, AddF), x, y)
}

// Sub is x - y; see Add.
func Sub(b *ir.Builder, loc ir.Location, x, y *ir.Value) *ir.Value {
	return Binary(b, loc, pick(x, SubI, SubF), x, y)
}

// Mul is x * y; see Add.
func Mul(b *ir.Builder, loc ir.Location, x, y *ir.Value) *ir.Value {
	return Binary(b, loc, pick(x, MulI, MulF), x, y)
}

// Div is x / y (signed for integers); see Add.
func Div(b *ir.Builder, loc ir.Location, x, y *ir.Value) *ir.Value {
	return Binary(b, loc, pick(x, DivSI, DivF), x, y)
}

func pick(x *ir.Value, intOp, floatOp string) string {
	if ir.IsFloat(ir.ElementType(x.Type())) {
		return floatOp
	}
	return intOp
}

// NewNegF creates arith.negf.
func NewNegF(b *ir.Builder, loc ir.Location, x *ir.Value) *ir.Value {
	return b.Create(NegF, loc, []*ir.Value{x}, []ir.Type{x.Type()},
		[]ir.NamedAttr{{Name: "fastmath", Value: FastMathAttr(FastMathNone)}}, 0).Result(0)
}

// predicateIndex finds a predicate name; -1 if unknown.
func predicateIndex(preds []string, name string) int64 {
	for i, p := range preds {
		if p == name {
			return int64(i)
		}
	}
	return -1
}

// NewCmpI creates `arith.cmpi pred, x, y` (pred is "slt", "eq", ...); it
// returns nil for an unknown predicate.
func NewCmpI(b *ir.Builder, loc ir.Location, pred string, x, y *ir.Value) *ir.Value {
	return newCmp(b, loc, CmpI, CmpIPredicates, pred, x, y)
}

// NewCmpF creates `arith.cmpf pred, x, y` (pred is "olt", "oeq", ...); it
// returns nil for an unknown predicate.
func NewCmpF(b *ir.Builder, loc ir.Location, pred string, x, y *ir.Value) *ir.Value {
	return newCmp(b, loc, CmpF, CmpFPredicates, pred, x, y)
}

func newCmp(b *ir.Builder, loc ir.Location, name string, preds []string, pred string, x, y *ir.Value) *ir.Value {
	i := predicateIndex(preds, pred)
	if i < 0 {
		return nil
	}
	return b.Create(name, loc, []*ir.Value{x, y}, []ir.Type{withElement(x.Type(), ir.I1)},
		[]ir.NamedAttr{{Name: "predicate", Value: ir.I64Attr(i)}}, 0).Result(0)
}

// Predicate returns the predicate name of an arith.cmpi/cmpf ("" if malformed).
func Predicate(op *ir.Operation) string {
	a, ok := op.Attr("predicate").(ir.IntegerAttr)
	preds := CmpIPredicates
	if op.Name == CmpF {
		preds = CmpFPredicates
	}
	if !ok || a.Value < 0 || a.Value >= int64(len(preds)) {
		return ""
	}
	return preds[a.Value]
}

// NewSelect creates `arith.select cond, x, y`.
func NewSelect(b *ir.Builder, loc ir.Location, cond, x, y *ir.Value) *ir.Value {
	return b.Create(Select, loc, []*ir.Value{cond, x, y}, []ir.Type{x.Type()}, nil, 0).Result(0)
}

// Cast creates the cast op name (arith.extf, arith.index_cast, ...) of x to t.
func Cast(b *ir.Builder, loc ir.Location, name string, x *ir.Value, t ir.Type) *ir.Value {
	return b.Create(name, loc, []*ir.Value{x}, []ir.Type{t}, nil, 0).Result(0)
}

// materializeConstant is the dialect hook the folder driver calls to turn
// a folded attribute into an arith.constant of type t.
func materializeConstant(b *ir.Builder, value ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
	at := AttrType(value)
	if at == nil {
		return nil
	}
	if !ir.TypeEqual(at, t) {
		// An integer folded without its final type (say an i64 from a
		// generic helper) is retyped when the value fits.
		iv, ok := value.(ir.IntegerAttr)
		if !ok || !ir.IsIntOrIndex(t) {
			return nil
		}
		value = makeAttr(t, []int64{iv.Value}, nil)
		if value == nil {
			return nil
		}
	}
	return b.Create(ConstantOp, loc, nil, []ir.Type{t}, []ir.NamedAttr{{Name: "value", Value: value}}, 0)
}
