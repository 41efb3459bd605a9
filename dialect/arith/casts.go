package arith

import "github.com/torchlower/torchlower/ir"

// castInfo describes one cast op: the operand and result type classes and
// the element-type compatibility rule (upstream's areCastCompatible).
type castInfo struct {
	name    string
	in, out typeClass
	compat  func(in, out ir.Type) bool
}

var casts = []castInfo{
	{ExtF, floatLike, floatLike, func(a, b ir.Type) bool { return bitWidth(b) > bitWidth(a) }},
	{TruncF, floatLike, floatLike, func(a, b ir.Type) bool { return bitWidth(b) < bitWidth(a) }},
	{ExtSI, signlessFixedIntLike, signlessFixedIntLike, func(a, b ir.Type) bool { return bitWidth(b) > bitWidth(a) }},
	{ExtUI, signlessFixedIntLike, signlessFixedIntLike, func(a, b ir.Type) bool { return bitWidth(b) > bitWidth(a) }},
	{TruncI, signlessFixedIntLike, signlessFixedIntLike, func(a, b ir.Type) bool { return bitWidth(b) < bitWidth(a) }},
	{SIToFP, signlessFixedIntLike, floatLike, intToFloat},
	{UIToFP, signlessFixedIntLike, floatLike, intToFloat},
	{FPToSI, floatLike, signlessFixedIntLike, floatToInt},
	{FPToUI, floatLike, signlessFixedIntLike, floatToInt},
	{IndexCast, signlessIntLike, signlessIntLike, indexCastCompat},
	{IndexCastUI, signlessIntLike, signlessIntLike, indexCastCompat},
	{Bitcast, intOrFloatLike, intOrFloatLike, func(a, b ir.Type) bool { return bitWidth(a) == bitWidth(b) }},
}

func intToFloat(a, b ir.Type) bool { return isSignlessInt(a) && ir.IsFloat(b) }
func floatToInt(a, b ir.Type) bool { return ir.IsFloat(a) && isSignlessInt(b) }

// indexCastCompat: exactly one side is index, the other a signless integer.
func indexCastCompat(a, b ir.Type) bool {
	return (a == ir.Index && isSignlessInt(b)) || (isSignlessInt(a) && b == ir.Index)
}

func castDef(c castInfo) *ir.OpDef {
	return &ir.OpDef{
		Name:    c.name,
		Summary: "elementwise cast " + c.name[len("arith."):],
		Traits:  elementwise,
		Verify: func(op *ir.Operation) error {
			if err := checkCounts(op, 1, 1); err != nil {
				return err
			}
			if err := checkOperand(op, 0, c.in); err != nil {
				return err
			}
			if err := checkResult(op, 0, c.out); err != nil {
				return err
			}
			in, out := op.Operand(0).Type(), op.Result(0).Type()
			if !sameShape(in, out) {
				return ir.OpErrorf(op, "requires the same shape for all operands and results")
			}
			if !c.compat(ir.ElementType(in), ir.ElementType(out)) {
				return ir.OpErrorf(op, "operand type '%s' and result type '%s' are cast incompatible", in, out)
			}
			return nil
		},
		Print: PrintCast,
		Parse: ParseCast,
		Fold:  castFolder(c),
	}
}
