package math

import (
	gomath "math"
	"math/bits"

	"github.com/torchlower/torchlower/ir"
)

// floatConst returns the float value and kind of a scalar float constant or a
// splat dense one.
func floatConst(a ir.Attribute) (float64, ir.FloatKind, bool) {
	switch x := a.(type) {
	case ir.FloatAttr:
		return x.Value, x.Type.Kind, true
	case *ir.DenseElementsAttr:
		if ft, ok := x.Type.Elem.(ir.FloatType); ok && x.Splat {
			return x.Float(0), ft.Kind, true
		}
	}
	return 0, 0, false
}

// floatResult builds a scalar or splat constant of type t holding v.
func floatResult(t ir.Type, v float64) []ir.FoldResult {
	ft, ok := ir.ElementType(t).(ir.FloatType)
	if !ok {
		return nil
	}
	v = ir.RoundToFloatType(v, ft.Kind)
	switch x := t.(type) {
	case ir.FloatType:
		return []ir.FoldResult{{Attr: ir.FloatAttr{Value: v, Type: x}}}
	case ir.RankedTensorType:
		if !x.HasStaticShape() {
			return nil
		}
		d, err := ir.NewDenseFloats(x, []float64{v})
		if err != nil {
			return nil
		}
		return []ir.FoldResult{{Attr: d}}
	}
	return nil
}

func foldable(k ir.FloatKind, any bool) bool { return any || k == ir.F32 || k == ir.F64 }

func unaryFolder(fn func(float64) (float64, bool), any bool) func(*ir.Operation, []ir.Attribute) []ir.FoldResult {
	if fn == nil {
		return nil
	}
	return func(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
		if len(operands) != 1 || op.NumResults() != 1 {
			return nil
		}
		x, k, ok := floatConst(operands[0])
		if !ok || !foldable(k, any) {
			return nil
		}
		r, ok := fn(x)
		if !ok {
			return nil
		}
		return floatResult(op.Result(0).Type(), r)
	}
}

func binaryFolder(fn func(a, b float64) float64, any bool) func(*ir.Operation, []ir.Attribute) []ir.FoldResult {
	return func(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
		if len(operands) != 2 || op.NumResults() != 1 {
			return nil
		}
		a, k, ok1 := floatConst(operands[0])
		b, _, ok2 := floatConst(operands[1])
		if !ok1 || !ok2 || !foldable(k, any) {
			return nil
		}
		return floatResult(op.Result(0).Type(), fn(a, b))
	}
}

func fmaFolder(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	if len(operands) != 3 || op.NumResults() != 1 {
		return nil
	}
	a, k, ok1 := floatConst(operands[0])
	b, _, ok2 := floatConst(operands[1])
	c, _, ok3 := floatConst(operands[2])
	if !ok1 || !ok2 || !ok3 || !foldable(k, false) {
		return nil
	}
	return floatResult(op.Result(0).Type(), gomath.FMA(a, b, c))
}

// intFolder folds absi, ctlz, cttz and ctpop of scalar integer constants.
func intFolder(name string) func(*ir.Operation, []ir.Attribute) []ir.FoldResult {
	return func(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
		if len(operands) != 1 || op.NumResults() != 1 {
			return nil
		}
		ia, ok := operands[0].(ir.IntegerAttr)
		t := op.Result(0).Type()
		if !ok || !ir.TypeEqual(ia.Type, t) {
			return nil
		}
		w := ir.IntWidth(t)
		if w <= 1 || w > 64 {
			return nil
		}
		u := uint64(ia.Value)
		if w < 64 {
			u &= 1<<uint(w) - 1
		}
		var r int64
		switch name {
		case AbsI:
			r = ia.Value
			if r < 0 {
				r = -r
			}
		case CountLZ:
			r = int64(bits.LeadingZeros64(u) - (64 - w))
		case CountTZ:
			r = int64(min(bits.TrailingZeros64(u), w))
		case CtPop:
			r = int64(bits.OnesCount64(u))
		default:
			return nil
		}
		if w < 64 {
			s := uint(64 - w)
			r = r << s >> s
		}
		return []ir.FoldResult{{Attr: ir.IntegerAttr{Value: r, Type: t}}}
	}
}
