package torch

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/torchlower/torchlower/ir"
)

// Names of the non-aten ops of the dialect.
const (
	ConstantIntOp    = "torch.constant.int"
	ConstantFloatOp  = "torch.constant.float"
	ConstantBoolOp   = "torch.constant.bool"
	ConstantNoneOp   = "torch.constant.none"
	ConstantStrOp    = "torch.constant.str"
	ConstantDeviceOp = "torch.constant.device"
)

// The constant ops follow torch-mlir's `$value attr-dict` assembly format,
// and name their results as torch-mlir's getAsmResultNames does (%int1,
// %float1.000000e00, %true, %none, %str, %cpu), which is what makes our
// printout of an imported program match fx_importer's text.

var constantIntDef = &ir.OpDef{
	Name:    ConstantIntOp,
	Summary: "a TorchScript int constant (!torch.int)",
	Traits:  ir.Pure | ir.ConstantLike,
	Verify: func(op *ir.Operation) error {
		if err := checkCounts(op, 0, 1); err != nil {
			return err
		}
		a, ok := op.Attr("value").(ir.IntegerAttr)
		if !ok || !ir.TypeEqual(a.Type, ir.I64) {
			return ir.OpErrorf(op, "requires attribute 'value' to be a 64-bit integer")
		}
		return checkResultType(op, 0, IntType{})
	},
	Print: func(p *ir.Printer, op *ir.Operation) {
		if a, ok := op.Attr("value").(ir.IntegerAttr); ok {
			p.Print(" ", strconv.FormatInt(a.Value, 10))
		}
		p.AttrDict(op.Attrs(), "value")
	},
	Parse: func(p ir.Parser, st *ir.OperationState) error {
		v, err := p.ParseInteger()
		if err != nil {
			return err
		}
		st.AddAttr("value", ir.I64Attr(v))
		st.ResultTypes = []ir.Type{IntType{}}
		return p.ParseOptionalAttrDict(st)
	},
	ResultNames: func(op *ir.Operation) []string {
		if a, ok := op.Attr("value").(ir.IntegerAttr); ok {
			return []string{"int" + strconv.FormatInt(a.Value, 10)}
		}
		return nil
	},
}

var constantFloatDef = &ir.OpDef{
	Name:    ConstantFloatOp,
	Summary: "a TorchScript float constant (!torch.float, an f64)",
	Traits:  ir.Pure | ir.ConstantLike,
	Verify: func(op *ir.Operation) error {
		if err := checkCounts(op, 0, 1); err != nil {
			return err
		}
		a, ok := op.Attr("value").(ir.FloatAttr)
		if !ok || a.Type.Kind != ir.F64 {
			return ir.OpErrorf(op, "requires attribute 'value' to be a 64-bit float")
		}
		return checkResultType(op, 0, FloatType{})
	},
	Print: func(p *ir.Printer, op *ir.Operation) {
		if a, ok := op.Attr("value").(ir.FloatAttr); ok {
			p.Print(" ", ir.FormatFloat(a.Value, ir.F64))
		}
		p.AttrDict(op.Attrs(), "value")
	},
	Parse: func(p ir.Parser, st *ir.OperationState) error {
		v, err := p.ParseFloat()
		if err != nil {
			return err
		}
		st.AddAttr("value", ir.FloatAttr{Value: v, Type: ir.FloatType{Kind: ir.F64}})
		st.ResultTypes = []ir.Type{FloatType{}}
		return p.ParseOptionalAttrDict(st)
	},
	ResultNames: func(op *ir.Operation) []string {
		if a, ok := op.Attr("value").(ir.FloatAttr); ok {
			return []string{"float" + FloatNameSuffix(a.Value)}
		}
		return nil
	},
}

// FloatNameSuffix is the part of a torch.constant.float result name after
// "float": APFloat::toString(value, 6, 0, false) with the characters not
// allowed in an SSA name dropped, as torch-mlir's ConstantFloatOp does
// (1.0 → "1.000000e00", 1e-5 → "1.000000e-05", -0.5 → "-5.000000e-01").
func FloatNameSuffix(v float64) string {
	var s string
	switch {
	case math.IsInf(v, 1):
		s = "+Inf"
	case math.IsInf(v, -1):
		s = "-Inf"
	case math.IsNaN(v):
		s = "NaN"
	default:
		s = sixDigits(v)
	}
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '_' || c == '$' || c == '.' || c == '-' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') {
			sb.WriteByte(c)
		}
	}
	return sb.String()
}

// sixDigits formats a finite v as APFloat does with precision 6 and no
// padding limit: six significant digits rounded half up (APFloat rounds
// the decimal digit string, where Go's %e rounds ties to even), then the
// fraction padded to six digits, then a signed exponent of at least two
// digits: "1.234570e+00". Forty digits of the exact expansion decide the
// rounding: a double that close to a seven-digit tie is the tie itself.
func sixDigits(v float64) string {
	exact := strconv.FormatFloat(math.Abs(v), 'e', 40, 64) // d.ddd…e±XX
	mant, expText, _ := strings.Cut(exact, "e")
	exp, _ := strconv.Atoi(expText)
	digits := []byte(strings.Replace(mant, ".", "", 1))
	keep := digits[:6]
	if digits[6] >= '5' {
		i := 5
		for ; i >= 0 && keep[i] == '9'; i-- {
			keep[i] = '0'
		}
		if i < 0 {
			keep = append([]byte{'1'}, keep[:5]...)
			exp++
		} else {
			keep[i]++
		}
	}
	if v == 0 {
		exp = 0
	}
	sign := ""
	if math.Signbit(v) {
		sign = "-"
	}
	expSign := "+"
	if exp < 0 {
		expSign, exp = "-", -exp
	}
	return fmt.Sprintf("%s%c.%s0e%s%02d", sign, keep[0], keep[1:], expSign, exp)
}

var constantBoolDef = &ir.OpDef{
	Name:    ConstantBoolOp,
	Summary: "a TorchScript bool constant (!torch.bool)",
	Traits:  ir.Pure | ir.ConstantLike,
	Verify: func(op *ir.Operation) error {
		if err := checkCounts(op, 0, 1); err != nil {
			return err
		}
		if _, ok := op.Attr("value").(ir.BoolAttr); !ok {
			return ir.OpErrorf(op, "requires attribute 'value' to be a bool")
		}
		return checkResultType(op, 0, BoolType{})
	},
	Print: func(p *ir.Printer, op *ir.Operation) {
		if a, ok := op.Attr("value").(ir.BoolAttr); ok {
			p.Print(" ", a.String())
		}
		p.AttrDict(op.Attrs(), "value")
	},
	Parse: func(p ir.Parser, st *ir.OperationState) error {
		switch {
		case p.ParseOptionalKeyword("true"):
			st.AddAttr("value", ir.BoolAttr(true))
		case p.ParseOptionalKeyword("false"):
			st.AddAttr("value", ir.BoolAttr(false))
		default:
			return p.Errorf("expected 'true' or 'false'")
		}
		st.ResultTypes = []ir.Type{BoolType{}}
		return p.ParseOptionalAttrDict(st)
	},
	ResultNames: func(op *ir.Operation) []string {
		if a, ok := op.Attr("value").(ir.BoolAttr); ok {
			return []string{a.String()}
		}
		return nil
	},
}

var constantNoneDef = &ir.OpDef{
	Name:    ConstantNoneOp,
	Summary: "the None constant (!torch.none)",
	Traits:  ir.Pure,
	Verify: func(op *ir.Operation) error {
		if err := checkCounts(op, 0, 1); err != nil {
			return err
		}
		return checkResultType(op, 0, NoneType{})
	},
	Print: func(p *ir.Printer, op *ir.Operation) { p.AttrDict(op.Attrs()) },
	Parse: func(p ir.Parser, st *ir.OperationState) error {
		st.ResultTypes = []ir.Type{NoneType{}}
		return p.ParseOptionalAttrDict(st)
	},
	ResultNames: func(*ir.Operation) []string { return []string{"none"} },
}

// stringConstantDef builds torch.constant.str and torch.constant.device,
// which differ only in result type and name hint.
func stringConstantDef(name, summary string, result ir.Type, hint func(string) string) *ir.OpDef {
	return &ir.OpDef{
		Name:    name,
		Summary: summary,
		Traits:  ir.Pure | ir.ConstantLike,
		Verify: func(op *ir.Operation) error {
			if err := checkCounts(op, 0, 1); err != nil {
				return err
			}
			if _, ok := op.Attr("value").(ir.StringAttr); !ok {
				return ir.OpErrorf(op, "requires attribute 'value' to be a string")
			}
			return checkResultType(op, 0, result)
		},
		Print: func(p *ir.Printer, op *ir.Operation) {
			if a, ok := op.Attr("value").(ir.StringAttr); ok {
				p.Print(" ", a.String())
			}
			p.AttrDict(op.Attrs(), "value")
		},
		Parse: func(p ir.Parser, st *ir.OperationState) error {
			s, err := p.ParseString()
			if err != nil {
				return err
			}
			st.AddAttr("value", ir.StringAttr(s))
			st.ResultTypes = []ir.Type{result}
			return p.ParseOptionalAttrDict(st)
		},
		ResultNames: func(op *ir.Operation) []string {
			s, _ := op.Attr("value").(ir.StringAttr)
			return []string{hint(string(s))}
		},
	}
}

var constantStrDef = stringConstantDef(ConstantStrOp, "a TorchScript str constant (!torch.str)", StrType{},
	func(string) string { return "str" })

// torch-mlir names a device constant by its value (%cpu, %cuda_0).
var constantDeviceDef = stringConstantDef(ConstantDeviceOp, "a device constant (!torch.Device)", DeviceType{},
	func(s string) string { return s })

// materializeConstant creates the torch constant op holding value with
// type t, for folders; nil when t is not a torch scalar or vtensor type.
func materializeConstant(b *ir.Builder, value ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
	var name string
	switch t.(type) {
	case IntType:
		if a, ok := value.(ir.IntegerAttr); ok {
			value, name = ir.I64Attr(a.Value), ConstantIntOp
		}
	case FloatType:
		if a, ok := value.(ir.FloatAttr); ok {
			value, name = ir.FloatAttr{Value: a.Value, Type: ir.FloatType{Kind: ir.F64}}, ConstantFloatOp
		}
	case BoolType:
		switch a := value.(type) {
		case ir.BoolAttr:
			name = ConstantBoolOp
		case ir.IntegerAttr:
			value, name = ir.BoolAttr(a.Value != 0), ConstantBoolOp
		}
	case NoneType:
		return b.Create(ConstantNoneOp, loc, nil, []ir.Type{t}, nil, 0)
	case StrType:
		if _, ok := value.(ir.StringAttr); ok {
			name = ConstantStrOp
		}
	case VTensorType:
		// Only !torch.vtensor folds to a literal (a !torch.tensor has
		// aliasing semantics), and only when the attribute's own type is
		// the one the literal's result must have.
		if d, ok := value.(*ir.DenseElementsAttr); ok && ir.TypeEqual(VTensor(d.Type.Elem, d.Type.Shape...), t) {
			return b.Create(VTensorLiteralOp, loc, nil, []ir.Type{t}, []ir.NamedAttr{{Name: "value", Value: value}}, 0)
		}
	}
	if name == "" {
		return nil
	}
	return b.Create(name, loc, nil, []ir.Type{t}, []ir.NamedAttr{{Name: "value", Value: value}}, 0)
}
