package math

import (
	"github.com/torchlower/torchlower/dialect/arith"
	gomath "math"

	"github.com/torchlower/torchlower/ir"
)

// Op names.
const (
	AbsF      = "math.absf"
	AbsI      = "math.absi"
	Atan      = "math.atan"
	Atan2     = "math.atan2"
	Cbrt      = "math.cbrt"
	Ceil      = "math.ceil"
	CopySign  = "math.copysign"
	Cos       = "math.cos"
	CountLZ   = "math.ctlz"
	CountTZ   = "math.cttz"
	CtPop     = "math.ctpop"
	Erf       = "math.erf"
	Exp       = "math.exp"
	Exp2      = "math.exp2"
	ExpM1     = "math.expm1"
	Floor     = "math.floor"
	Fma       = "math.fma"
	FPowI     = "math.fpowi"
	IPowI     = "math.ipowi"
	Log       = "math.log"
	Log10     = "math.log10"
	Log1p     = "math.log1p"
	Log2      = "math.log2"
	PowF      = "math.powf"
	Round     = "math.round"
	RoundEven = "math.roundeven"
	Rsqrt     = "math.rsqrt"
	Sin       = "math.sin"
	Sqrt      = "math.sqrt"
	Tan       = "math.tan"
	Tanh      = "math.tanh"
	Trunc     = "math.trunc"
)

// Dialect is the math dialect.
var Dialect = &ir.Dialect{Name: "math", Ops: opDefs()}

// typeClass is an ODS type constraint with upstream's description.
type typeClass struct {
	desc string
	ok   func(elem ir.Type) bool
}

var (
	floatLike       = typeClass{"floating-point-like", ir.IsFloat}
	signlessIntLike = typeClass{"signless-integer-like", func(t ir.Type) bool {
		it, ok := t.(ir.IntegerType)
		return (ok && it.Signedness == ir.Signless) || t == ir.Index
	}}
)

func (c typeClass) holds(t ir.Type) bool {
	switch t.(type) {
	case nil, ir.FunctionType, ir.OpaqueType:
		return false
	}
	e := ir.ElementType(t)
	return !ir.IsTensor(e) && c.ok(e)
}

func check(op *ir.Operation, class typeClass, what string, i int, t ir.Type) error {
	if !class.holds(t) {
		return ir.OpErrorf(op, "%s #%d must be %s, but got '%s'", what, i, class.desc, t)
	}
	return nil
}

// unaryFloat lists the one-operand float ops with the folder each has
// (nil: none). The folders take and return float64 and are applied to f32
// and f64 constants only, as upstream's are.
var unaryFloat = []struct {
	name string
	fn   func(float64) (float64, bool)
	any  bool // folds for every float type (exact operations)
}{
	{AbsF, func(x float64) (float64, bool) { return gomath.Abs(x), true }, true},
	{Atan, func(x float64) (float64, bool) { return gomath.Atan(x), true }, false},
	{Cbrt, func(x float64) (float64, bool) { return gomath.Cbrt(x), true }, false},
	{Ceil, func(x float64) (float64, bool) { return gomath.Ceil(x), true }, true},
	{Cos, func(x float64) (float64, bool) { return gomath.Cos(x), true }, false},
	{Erf, func(x float64) (float64, bool) { return gomath.Erf(x), true }, false},
	{Exp, func(x float64) (float64, bool) { return gomath.Exp(x), true }, false},
	{Exp2, func(x float64) (float64, bool) { return gomath.Exp2(x), true }, false},
	{ExpM1, func(x float64) (float64, bool) { return gomath.Expm1(x), true }, false},
	{Floor, func(x float64) (float64, bool) { return gomath.Floor(x), true }, true},
	{Log, nonNeg(gomath.Log), false},
	{Log10, nonNeg(gomath.Log10), false},
	{Log1p, func(x float64) (float64, bool) {
		if x+1 < 0 {
			return 0, false
		}
		return gomath.Log1p(x), true
	}, false},
	{Log2, nonNeg(gomath.Log2), false},
	{Round, func(x float64) (float64, bool) { return gomath.Round(x), true }, true},
	{RoundEven, func(x float64) (float64, bool) { return gomath.RoundToEven(x), true }, true},
	{Rsqrt, nil, false},
	{Sin, func(x float64) (float64, bool) { return gomath.Sin(x), true }, false},
	{Sqrt, nonNeg(gomath.Sqrt), false},
	{Tan, func(x float64) (float64, bool) { return gomath.Tan(x), true }, false},
	{Tanh, func(x float64) (float64, bool) { return gomath.Tanh(x), true }, false},
	{Trunc, func(x float64) (float64, bool) { return gomath.Trunc(x), true }, true},
}

// nonNeg wraps fn so that negative inputs (NaN results) do not fold, as
// upstream's log and sqrt folders refuse them.
func nonNeg(fn func(float64) float64) func(float64) (float64, bool) {
	return func(x float64) (float64, bool) {
		if gomath.Signbit(x) {
			return 0, false
		}
		return fn(x), true
	}
}

var binaryFloat = []struct {
	name string
	fn   func(a, b float64) float64
	any  bool
}{
	{Atan2, gomath.Atan2, false},
	{CopySign, gomath.Copysign, true},
	{PowF, gomath.Pow, false},
}

func opDefs() []*ir.OpDef {
	var defs []*ir.OpDef
	for _, u := range unaryFloat {
		defs = append(defs, floatDef(u.name, 1, unaryFolder(u.fn, u.any)))
	}
	for _, b := range binaryFloat {
		defs = append(defs, floatDef(b.name, 2, binaryFolder(b.fn, b.any)))
	}
	defs = append(defs, floatDef(Fma, 3, fmaFolder))
	defs = append(defs, fpowiDef)
	for _, n := range []string{AbsI, CountLZ, CountTZ, CtPop} {
		defs = append(defs, intDef(n, 1))
	}
	defs = append(defs, intDef(IPowI, 2))
	return defs
}

const elementwise = ir.Pure | ir.Elementwise | ir.SameOperandsAndResultType

// floatDef is an n-operand float op with fast-math flags:
// `%a[, %b...] [fastmath<...>] {attrs} : t`.
func floatDef(name string, n int, fold func(*ir.Operation, []ir.Attribute) []ir.FoldResult) *ir.OpDef {
	return &ir.OpDef{
		Name:    name,
		Summary: "elementwise " + name[len("math."):],
		Traits:  elementwise,
		Verify: func(op *ir.Operation) error {
			if err := counts(op, n); err != nil {
				return err
			}
			if err := arith.VerifyFastMath(op); err != nil {
				return err
			}
			for i := 0; i < n; i++ {
				if err := check(op, floatLike, "operand", i, op.Operand(i).Type()); err != nil {
					return err
				}
			}
			return check(op, floatLike, "result", 0, op.Result(0).Type())
		},
		Print:        arith.PrintSameTyped,
		Parse:        arith.ParseSameTyped(n, true),
		Fold:         fold,
		DefaultAttrs: arith.FastMathDefault(),
	}
}

// intDef is an n-operand integer op: `%a[, %b] {attrs} : t`.
func intDef(name string, n int) *ir.OpDef {
	return &ir.OpDef{
		Name:    name,
		Summary: "elementwise " + name[len("math."):],
		Traits:  elementwise,
		Verify: func(op *ir.Operation) error {
			if err := counts(op, n); err != nil {
				return err
			}
			for i := 0; i < n; i++ {
				if err := check(op, signlessIntLike, "operand", i, op.Operand(i).Type()); err != nil {
					return err
				}
			}
			return check(op, signlessIntLike, "result", 0, op.Result(0).Type())
		},
		Print: arith.PrintSameTyped,
		Parse: arith.ParseSameTyped(n, false),
		Fold:  intFolder(name),
	}
}

// fpowiDef is `math.fpowi %x, %n [fastmath<...>] {attrs} : f32, i32`.
var fpowiDef = &ir.OpDef{
	Name:         FPowI,
	Summary:      "float raised to a signless integer power",
	Traits:       ir.Pure | ir.Elementwise,
	DefaultAttrs: arith.FastMathDefault(),
	Verify: func(op *ir.Operation) error {
		if err := counts(op, 2); err != nil {
			return err
		}
		if err := arith.VerifyFastMath(op); err != nil {
			return err
		}
		if err := check(op, floatLike, "operand", 0, op.Operand(0).Type()); err != nil {
			return err
		}
		if err := check(op, signlessIntLike, "operand", 1, op.Operand(1).Type()); err != nil {
			return err
		}
		if !ir.TypeEqual(op.Operand(0).Type(), op.Result(0).Type()) {
			return ir.OpErrorf(op, "failed to verify that all of {lhs, result} have same type")
		}
		if ir.IsTensor(op.Operand(0).Type()) != ir.IsTensor(op.Operand(1).Type()) {
			return ir.OpErrorf(op, "requires the same shape for all operands and results")
		}
		return nil
	},
	Print: func(p *ir.Printer, op *ir.Operation) {
		p.Print(" ")
		p.Operands(op.Operands())
		arith.PrintOptionalFastMath(p, op)
		p.AttrDict(op.Attrs(), "fastmath")
		p.Print(" : ")
		p.Types(op.OperandTypes())
	},
	Parse: func(p ir.Parser, st *ir.OperationState) error {
		ops, err := arith.ParseOperands(p, 2)
		if err != nil {
			return err
		}
		if err := arith.ParseOptionalFastMath(p, st); err != nil {
			return err
		}
		if err := p.ParseOptionalAttrDict(st); err != nil {
			return err
		}
		t, err := p.ParseColonType()
		if err != nil {
			return err
		}
		if err := p.ExpectPunct(","); err != nil {
			return err
		}
		it, err := p.ParseType()
		if err != nil {
			return err
		}
		if st.Operands, err = p.ResolveOperands(ops, []ir.Type{t, it}); err != nil {
			return err
		}
		st.ResultTypes = []ir.Type{t}
		return nil
	},
}

func counts(op *ir.Operation, n int) error {
	if op.NumOperands() != n {
		return ir.OpErrorf(op, "expected %d operands, but found %d", n, op.NumOperands())
	}
	if op.NumResults() != 1 {
		return ir.OpErrorf(op, "requires one result")
	}
	if op.NumRegions() != 0 {
		return ir.OpErrorf(op, "requires zero regions")
	}
	return nil
}
