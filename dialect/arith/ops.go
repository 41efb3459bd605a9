package arith

import (
	"strconv"
	"strings"

	"github.com/torchlower/torchlower/ir"
)

// Op names.
const (
	ConstantOp = "arith.constant"

	AddI       = "arith.addi"
	SubI       = "arith.subi"
	MulI       = "arith.muli"
	DivSI      = "arith.divsi"
	DivUI      = "arith.divui"
	RemSI      = "arith.remsi"
	RemUI      = "arith.remui"
	CeilDivSI  = "arith.ceildivsi"
	CeilDivUI  = "arith.ceildivui"
	FloorDivSI = "arith.floordivsi"
	MaxSI      = "arith.maxsi"
	MaxUI      = "arith.maxui"
	MinSI      = "arith.minsi"
	MinUI      = "arith.minui"
	AndI       = "arith.andi"
	OrI        = "arith.ori"
	XOrI       = "arith.xori"
	ShLI       = "arith.shli"
	ShRSI      = "arith.shrsi"
	ShRUI      = "arith.shrui"

	AddUIExtended = "arith.addui_extended"
	MulSIExtended = "arith.mulsi_extended"
	MulUIExtended = "arith.mului_extended"

	AddF = "arith.addf"
	SubF = "arith.subf"
	MulF = "arith.mulf"
	DivF = "arith.divf"
	RemF = "arith.remf"
	MaxF = "arith.maxf"
	MinF = "arith.minf"
	NegF = "arith.negf"

	CmpI   = "arith.cmpi"
	CmpF   = "arith.cmpf"
	Select = "arith.select"

	ExtF        = "arith.extf"
	TruncF      = "arith.truncf"
	ExtSI       = "arith.extsi"
	ExtUI       = "arith.extui"
	TruncI      = "arith.trunci"
	SIToFP      = "arith.sitofp"
	UIToFP      = "arith.uitofp"
	FPToSI      = "arith.fptosi"
	FPToUI      = "arith.fptoui"
	IndexCast   = "arith.index_cast"
	IndexCastUI = "arith.index_castui"
	Bitcast     = "arith.bitcast"
)

// CmpIPredicates are the arith.cmpi predicates in the order of their
// stored i64 values (eq = 0 ... uge = 9).
var CmpIPredicates = []string{"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"}

// CmpFPredicates are the arith.cmpf predicates in the order of their
// stored i64 values (false = 0 ... true = 15).
var CmpFPredicates = []string{"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
	"ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true"}

// Dialect is the arith dialect.
var Dialect = &ir.Dialect{
	Name:                "arith",
	Ops:                 opDefs(),
	ParseAttr:           parseAttr,
	MaterializeConstant: materializeConstant,
}

func opDefs() []*ir.OpDef {
	defs := []*ir.OpDef{constantDef, cmpDef(CmpI, CmpIPredicates, signlessIntLike), cmpDef(CmpF, CmpFPredicates, floatLike), selectDef,
		extendedDef(AddUIExtended, true), extendedDef(MulSIExtended, false), extendedDef(MulUIExtended, false)}
	comm := ir.Commutative
	for _, b := range []struct {
		name   string
		traits ir.Trait
	}{
		{AddI, comm}, {SubI, 0}, {MulI, comm}, {DivSI, 0}, {DivUI, 0}, {RemSI, 0}, {RemUI, 0},
		{CeilDivSI, 0}, {CeilDivUI, 0}, {FloorDivSI, 0}, {MaxSI, comm}, {MaxUI, comm}, {MinSI, comm},
		{MinUI, comm}, {AndI, comm}, {OrI, comm}, {XOrI, comm}, {ShLI, 0}, {ShRSI, 0}, {ShRUI, 0},
	} {
		defs = append(defs, binaryDef(b.name, b.traits, signlessIntLike, false))
	}
	for _, b := range []struct {
		name   string
		traits ir.Trait
	}{
		{AddF, comm}, {SubF, 0}, {MulF, comm}, {DivF, 0}, {RemF, 0}, {MaxF, comm}, {MinF, comm},
	} {
		defs = append(defs, binaryDef(b.name, b.traits, floatLike, true))
	}
	defs = append(defs, negfDef)
	for _, c := range casts {
		defs = append(defs, castDef(c))
	}
	return defs
}

var elementwise = ir.Pure | ir.Elementwise

func binaryDef(name string, traits ir.Trait, class typeClass, fastmath bool) *ir.OpDef {
	def := &ir.OpDef{
		Name:    name,
		Summary: "elementwise " + name[len("arith."):],
		Traits:  elementwise | ir.SameOperandsAndResultType | traits,
		Verify: func(op *ir.Operation) error {
			if err := checkCounts(op, 2, 1); err != nil {
				return err
			}
			if fastmath {
				if err := VerifyFastMath(op); err != nil {
					return err
				}
			}
			for i := 0; i < 2; i++ {
				if err := checkOperand(op, i, class); err != nil {
					return err
				}
			}
			return checkResult(op, 0, class)
		},
		Print: PrintSameTyped,
		Parse: ParseSameTyped(2, fastmath),
		Fold:  binaryFolder(name),
	}
	def.Canonicalize = canonicalizations[name]
	if fastmath {
		def.DefaultAttrs = fastMathDefault
	}
	return def
}

var negfDef = &ir.OpDef{
	Name:    NegF,
	Summary: "elementwise float negation",
	Traits:  elementwise | ir.SameOperandsAndResultType,
	Verify: func(op *ir.Operation) error {
		if err := checkCounts(op, 1, 1); err != nil {
			return err
		}
		if err := VerifyFastMath(op); err != nil {
			return err
		}
		if err := checkOperand(op, 0, floatLike); err != nil {
			return err
		}
		return checkResult(op, 0, floatLike)
	},
	Print:        PrintSameTyped,
	Parse:        ParseSameTyped(1, true),
	Fold:         foldNegF,
	DefaultAttrs: fastMathDefault,
}

// fastMathDefault is the default `fastmath = #arith.fastmath<none>` of float
// ops; the math dialect uses it too.
var fastMathDefault = FastMathDefault()

// FastMathDefault returns the default fastmath attribute entry.
func FastMathDefault() []ir.NamedAttr {
	return []ir.NamedAttr{{Name: "fastmath", Value: FastMathAttr(FastMathNone)}}
}

var constantDef = &ir.OpDef{
	Name:    ConstantOp,
	Summary: "an integer, float or dense tensor constant",
	Traits:  ir.Pure | ir.ConstantLike,
	Verify: func(op *ir.Operation) error {
		if err := checkCounts(op, 0, 1); err != nil {
			return err
		}
		v := op.Attr("value")
		if v == nil {
			return ir.OpErrorf(op, "requires attribute 'value'")
		}
		rt := op.Result(0).Type()
		if it, ok := rt.(ir.IntegerType); ok && it.Signedness != ir.Signless {
			return ir.OpErrorf(op, "integer return type must be signless")
		}
		t := AttrType(v)
		if t == nil || !ir.TypeEqual(t, rt) {
			return ir.OpErrorf(op, "failed to verify that all of {value, result} have same type")
		}
		return nil
	},
	Print:       printConstant,
	Parse:       parseConstant,
	ResultNames: constantNames,
	Fold: func(op *ir.Operation, _ []ir.Attribute) []ir.FoldResult {
		return []ir.FoldResult{{Attr: op.Attr("value")}}
	},
}

func cmpDef(name string, preds []string, class typeClass) *ir.OpDef {
	return &ir.OpDef{
		Name:    name,
		Summary: "elementwise comparison producing i1",
		Traits:  elementwise,
		Verify: func(op *ir.Operation) error {
			if err := checkCounts(op, 2, 1); err != nil {
				return err
			}
			a := op.Attr("predicate")
			if a == nil {
				return ir.OpErrorf(op, "requires attribute 'predicate'")
			}
			pred, ok := a.(ir.IntegerAttr)
			if !ok || !ir.TypeEqual(pred.Type, ir.I64) || pred.Value < 0 || pred.Value >= int64(len(preds)) {
				return ir.OpErrorf(op, "attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: %s", caseList(len(preds)))
			}
			for i := 0; i < 2; i++ {
				if err := checkOperand(op, i, class); err != nil {
					return err
				}
			}
			if err := checkResult(op, 0, boolLike); err != nil {
				return err
			}
			if !ir.TypeEqual(op.Operand(0).Type(), op.Operand(1).Type()) {
				return ir.OpErrorf(op, "requires all operands to have the same type")
			}
			if !ir.TypeEqual(op.Result(0).Type(), withElement(op.Operand(0).Type(), ir.I1)) {
				return ir.OpErrorf(op, "failed to verify that result type has i1 element type and same shape as operands")
			}
			return nil
		},
		Print: printCompare(preds),
		Parse: parseCompare(preds),
		Fold:  cmpFolder(name),
	}
}

func caseList(n int) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = strconv.Itoa(i)
	}
	return strings.Join(parts, ", ")
}

var selectDef = &ir.OpDef{
	Name:    Select,
	Summary: "chooses between two values by an i1 condition",
	Traits:  elementwise,
	Verify: func(op *ir.Operation) error {
		if err := checkCounts(op, 3, 1); err != nil {
			return err
		}
		if err := checkOperand(op, 0, boolLike); err != nil {
			return err
		}
		t := op.Result(0).Type()
		if !ir.TypeEqual(op.Operand(1).Type(), t) || !ir.TypeEqual(op.Operand(2).Type(), t) {
			return ir.OpErrorf(op, "failed to verify that all of {true_value, false_value, result} have same type")
		}
		if c := op.Operand(0).Type(); ir.IsTensor(c) {
			if !ir.TypeEqual(c, withElement(t, ir.I1)) {
				return ir.OpErrorf(op, "all non-scalar operands/results must have the same shape and base type")
			}
		}
		return nil
	},
	Print: printSelect,
	Parse: parseSelect,
	Fold:  foldSelect,
	Canonicalize: []*ir.Pattern{
		{Name: "select-i1-to-bool-ops", Root: Select, Rewrite: selectOfBools},
	},
}

func extendedDef(name string, addLike bool) *ir.OpDef {
	def := &ir.OpDef{
		Name:    name,
		Summary: "extended-precision integer arithmetic with two results",
		Traits:  elementwise,
		Verify: func(op *ir.Operation) error {
			if err := checkCounts(op, 2, 2); err != nil {
				return err
			}
			for i := 0; i < 2; i++ {
				if err := checkOperand(op, i, signlessIntLike); err != nil {
					return err
				}
			}
			t := op.Operand(0).Type()
			if !ir.TypeEqual(op.Operand(1).Type(), t) || !ir.TypeEqual(op.Result(0).Type(), t) {
				return ir.OpErrorf(op, "requires the same type for all operands and results")
			}
			if addLike {
				if !ir.TypeEqual(op.Result(1).Type(), withElement(t, ir.I1)) {
					return ir.OpErrorf(op, "failed to verify that overflow type has i1 element type and same shape as sum")
				}
			} else if !ir.TypeEqual(op.Result(1).Type(), t) {
				return ir.OpErrorf(op, "requires the same type for all operands and results")
			}
			return nil
		},
		Print: printExtended(addLike),
		Parse: parseExtended(addLike),
	}
	if addLike {
		def.Traits |= ir.Commutative
		def.ResultNames = func(*ir.Operation) []string { return []string{"sum", "overflow"} }
	} else {
		def.Traits |= ir.Commutative
		def.ResultNames = func(*ir.Operation) []string { return []string{"low", "high"} }
	}
	return def
}
