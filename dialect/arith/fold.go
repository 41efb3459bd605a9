package arith

import (
	"math"

	"github.com/torchlower/torchlower/ir"
)

// intBinFns evaluate integer ops on w-bit values held sign-extended; ok is
// false where upstream does not fold (division by zero, signed overflow,
// over-wide shifts).
var intBinFns = map[string]func(a, b int64, w int) (int64, bool){
	AddI: func(a, b int64, _ int) (int64, bool) { return a + b, true },
	SubI: func(a, b int64, _ int) (int64, bool) { return a - b, true },
	MulI: func(a, b int64, _ int) (int64, bool) { return a * b, true },
	DivSI: func(a, b int64, w int) (int64, bool) {
		if b == 0 || signedOverflow(a, b, w) {
			return 0, false
		}
		return a / b, true
	},
	DivUI: func(a, b int64, w int) (int64, bool) {
		ua, ub := zext(a, w), zext(b, w)
		if ub == 0 {
			return 0, false
		}
		return int64(ua / ub), true
	},
	RemSI: func(a, b int64, w int) (int64, bool) {
		if b == 0 {
			return 0, false
		}
		if b == -1 {
			return 0, true
		}
		return a % b, true
	},
	RemUI: func(a, b int64, w int) (int64, bool) {
		ua, ub := zext(a, w), zext(b, w)
		if ub == 0 {
			return 0, false
		}
		return int64(ua % ub), true
	},
	CeilDivSI: func(a, b int64, w int) (int64, bool) {
		if b == 0 || signedOverflow(a, b, w) {
			return 0, false
		}
		q := a / b
		if a%b != 0 && (a < 0) == (b < 0) {
			q++
		}
		return q, true
	},
	CeilDivUI: func(a, b int64, w int) (int64, bool) {
		ua, ub := zext(a, w), zext(b, w)
		if ub == 0 {
			return 0, false
		}
		q := ua / ub
		if ua%ub != 0 {
			q++
		}
		return int64(q), true
	},
	FloorDivSI: func(a, b int64, w int) (int64, bool) {
		if b == 0 || signedOverflow(a, b, w) {
			return 0, false
		}
		q := a / b
		if a%b != 0 && (a < 0) != (b < 0) {
			q--
		}
		return q, true
	},
	MaxSI: func(a, b int64, _ int) (int64, bool) { return max(a, b), true },
	MinSI: func(a, b int64, _ int) (int64, bool) { return min(a, b), true },
	MaxUI: func(a, b int64, w int) (int64, bool) {
		if zext(a, w) >= zext(b, w) {
			return a, true
		}
		return b, true
	},
	MinUI: func(a, b int64, w int) (int64, bool) {
		if zext(a, w) <= zext(b, w) {
			return a, true
		}
		return b, true
	},
	AndI: func(a, b int64, _ int) (int64, bool) { return a & b, true },
	OrI:  func(a, b int64, _ int) (int64, bool) { return a | b, true },
	XOrI: func(a, b int64, _ int) (int64, bool) { return a ^ b, true },
	ShLI: func(a, b int64, w int) (int64, bool) {
		s := zext(b, w)
		if s >= uint64(w) {
			return 0, false
		}
		return a << s, true
	},
	ShRSI: func(a, b int64, w int) (int64, bool) {
		s := zext(b, w)
		if s >= uint64(w) {
			return 0, false
		}
		return a >> s, true
	},
	ShRUI: func(a, b int64, w int) (int64, bool) {
		s := zext(b, w)
		if s >= uint64(w) {
			return 0, false
		}
		return int64(zext(a, w) >> s), true
	},
}

func signedOverflow(a, b int64, w int) bool {
	return b == -1 && a == wrap(int64(1)<<uint(w-1), w)
}

// floatBinFns evaluate float ops in float64; results are rounded to the
// element type when the attribute is built.
var floatBinFns = map[string]func(a, b float64) float64{
	AddF: func(a, b float64) float64 { return a + b },
	SubF: func(a, b float64) float64 { return a - b },
	MulF: func(a, b float64) float64 { return a * b },
	DivF: func(a, b float64) float64 { return a / b },
	RemF: math.Mod,
	// maxf/minf follow llvm::maximum/minimum: NaN propagates, -0 < +0.
	MaxF: func(a, b float64) float64 {
		if math.IsNaN(a) || math.IsNaN(b) {
			return math.NaN()
		}
		if a == b && a == 0 {
			if math.Signbit(a) {
				return b
			}
			return a
		}
		return math.Max(a, b)
	},
	MinF: func(a, b float64) float64 {
		if math.IsNaN(a) || math.IsNaN(b) {
			return math.NaN()
		}
		if a == b && a == 0 {
			if math.Signbit(a) {
				return a
			}
			return b
		}
		return math.Min(a, b)
	},
}

func same(op *ir.Operation) []ir.FoldResult { return []ir.FoldResult{{Value: op.Result(0)}} }

func value(v *ir.Value) []ir.FoldResult { return []ir.FoldResult{{Value: v}} }

func attr(a ir.Attribute) []ir.FoldResult {
	if a == nil {
		return nil
	}
	return []ir.FoldResult{{Attr: a}}
}

// binaryFolder folds constants, applies the algebraic identities upstream
// folds, and moves a constant left operand of a commutative op to the
// right (an in-place change), so patterns only look right.
func binaryFolder(name string) func(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	return func(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
		if op.NumOperands() != 2 || op.NumResults() != 1 || len(operands) != 2 {
			return nil
		}
		t := op.Result(0).Type()
		if operands[0] != nil && operands[1] != nil {
			if r := evalBinary(name, t, operands[0], operands[1]); r != nil {
				return attr(r)
			}
		}
		if operands[0] != nil && operands[1] == nil && op.HasTrait(ir.Commutative) {
			x, y := op.Operand(0), op.Operand(1)
			op.SetOperand(0, y)
			op.SetOperand(1, x)
			return same(op)
		}
		return foldIdentity(name, op, operands[1])
	}
}

func evalBinary(name string, t ir.Type, a, b ir.Attribute) ir.Attribute {
	ca, ok1 := asConst(a)
	cb, ok2 := asConst(b)
	if !ok1 || !ok2 {
		return nil
	}
	n, ok := broadcastLen(ca, cb)
	if !ok {
		return nil
	}
	if fn, ok := intBinFns[name]; ok {
		if ir.IsFloat(ca.elem) || ir.IsFloat(cb.elem) {
			return nil
		}
		w := bitWidth(ir.ElementType(t))
		out := make([]int64, n)
		for i := range out {
			v, ok := fn(at(ca.ints, i), at(cb.ints, i), w)
			if !ok {
				return nil
			}
			out[i] = wrap(v, w)
		}
		return makeAttr(t, out, nil)
	}
	if fn, ok := floatBinFns[name]; ok {
		if !ir.IsFloat(ca.elem) || !ir.IsFloat(cb.elem) {
			return nil
		}
		out := make([]float64, n)
		for i := range out {
			out[i] = fn(at(ca.floats, i), at(cb.floats, i))
		}
		return makeAttr(t, nil, out)
	}
	return nil
}

// foldIdentity handles x op x and x op c for a splat or scalar c.
func foldIdentity(name string, op *ir.Operation, rhs ir.Attribute) []ir.FoldResult {
	x, y := op.Operand(0), op.Operand(1)
	t := op.Result(0).Type()
	if x == y {
		switch name {
		case AndI, OrI, MaxSI, MinSI, MaxUI, MinUI, MaxF, MinF:
			return value(x)
		case SubI, XOrI:
			return attr(splatIntAttr(t, 0))
		}
	}
	if c, ok := splatInt(rhs); ok {
		w := bitWidth(ir.ElementType(t))
		switch {
		case c == 0 && (name == AddI || name == SubI || name == OrI || name == XOrI ||
			name == ShLI || name == ShRSI || name == ShRUI):
			return value(x)
		case c == 0 && (name == MulI || name == AndI):
			return attr(splatIntAttr(t, 0))
		case c == 1 && (name == MulI || name == DivSI || name == DivUI || name == CeilDivSI ||
			name == CeilDivUI || name == FloorDivSI):
			return value(x)
		case c == 1 && (name == RemSI || name == RemUI):
			return attr(splatIntAttr(t, 0))
		case c == wrap(-1, w) && name == AndI:
			return value(x)
		case c == wrap(-1, w) && name == OrI:
			return attr(splatIntAttr(t, -1))
		}
	}
	if c, ok := splatFloat(rhs); ok {
		switch {
		case c == 0 && math.Signbit(c) && name == AddF:
			return value(x)
		case c == 0 && !math.Signbit(c) && name == SubF:
			return value(x)
		case c == 1 && (name == MulF || name == DivF):
			return value(x)
		}
	}
	return nil
}

func foldNegF(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	if op.NumOperands() != 1 || op.NumResults() != 1 {
		return nil
	}
	if def := op.Operand(0).DefiningOp(); def != nil && def.Name == NegF && def.NumOperands() == 1 {
		return value(def.Operand(0))
	}
	c, ok := asConst(operands[0])
	if !ok || !ir.IsFloat(c.elem) {
		return nil
	}
	out := make([]float64, len(c.floats))
	for i, f := range c.floats {
		out[i] = -f
	}
	return attr(makeAttr(op.Result(0).Type(), nil, out))
}

// EvalCmpI evaluates an arith.cmpi predicate on w-bit values.
func EvalCmpI(pred int64, a, b int64, w int) bool {
	ua, ub := zext(a, w), zext(b, w)
	switch CmpIPredicates[pred] {
	case "eq":
		return a == b
	case "ne":
		return a != b
	case "slt":
		return a < b
	case "sle":
		return a <= b
	case "sgt":
		return a > b
	case "sge":
		return a >= b
	case "ult":
		return ua < ub
	case "ule":
		return ua <= ub
	case "ugt":
		return ua > ub
	}
	return ua >= ub
}

// EvalCmpF evaluates an arith.cmpf predicate with IEEE unordered rules.
func EvalCmpF(pred int64, a, b float64) bool {
	uno := math.IsNaN(a) || math.IsNaN(b)
	name := CmpFPredicates[pred]
	switch name {
	case "false":
		return false
	case "true":
		return true
	case "ord":
		return !uno
	case "uno":
		return uno
	}
	if uno {
		return name[0] == 'u'
	}
	switch name[1:] {
	case "eq":
		return a == b
	case "gt":
		return a > b
	case "ge":
		return a >= b
	case "lt":
		return a < b
	case "le":
		return a <= b
	}
	return a != b // one, une
}

func cmpFolder(name string) func(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	return func(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
		if op.NumOperands() != 2 || op.NumResults() != 1 {
			return nil
		}
		pa, ok := op.Attr("predicate").(ir.IntegerAttr)
		preds := CmpIPredicates
		if name == CmpF {
			preds = CmpFPredicates
		}
		if !ok || pa.Value < 0 || pa.Value >= int64(len(preds)) {
			return nil
		}
		pred := pa.Value
		t := op.Result(0).Type()
		if name == CmpI && op.Operand(0) == op.Operand(1) {
			switch preds[pred] {
			case "eq", "sle", "sge", "ule", "uge":
				return attr(splatIntAttr(t, 1))
			}
			return attr(splatIntAttr(t, 0))
		}
		if operands[0] == nil || operands[1] == nil {
			return nil
		}
		ca, ok1 := asConst(operands[0])
		cb, ok2 := asConst(operands[1])
		if !ok1 || !ok2 {
			return nil
		}
		n, ok := broadcastLen(ca, cb)
		if !ok {
			return nil
		}
		out := make([]int64, n)
		w := bitWidth(ca.elem)
		for i := range out {
			var r bool
			if name == CmpI {
				if ir.IsFloat(ca.elem) || ir.IsFloat(cb.elem) {
					return nil
				}
				r = EvalCmpI(pred, at(ca.ints, i), at(cb.ints, i), w)
			} else {
				if !ir.IsFloat(ca.elem) || !ir.IsFloat(cb.elem) {
					return nil
				}
				r = EvalCmpF(pred, at(ca.floats, i), at(cb.floats, i))
			}
			if r {
				out[i] = 1
			}
		}
		return attr(makeAttr(t, out, nil))
	}
}

func foldSelect(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	if op.NumOperands() != 3 || op.NumResults() != 1 {
		return nil
	}
	tv, fv := op.Operand(1), op.Operand(2)
	if tv == fv {
		return value(tv)
	}
	if c, ok := splatInt(operands[0]); ok {
		if c != 0 {
			return value(tv)
		}
		return value(fv)
	}
	// select %c, true, false on i1 is %c itself.
	if ir.TypeEqual(op.Result(0).Type(), op.Operand(0).Type()) {
		a, ok1 := splatInt(operands[1])
		b, ok2 := splatInt(operands[2])
		if ok1 && ok2 && a != 0 && b == 0 {
			return value(op.Operand(0))
		}
	}
	return nil
}

// castFolder folds casts of constants element by element, and a cast of
// a cast back to the original type where that is exact (index_cast and
// bitcast round trips). extf(truncf(x)) is deliberately not folded: the
// truncation changed the value.
func castFolder(ci castInfo) func(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	name := ci.name
	return func(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
		if op.NumOperands() != 1 || op.NumResults() != 1 {
			return nil
		}
		in, out := op.Operand(0).Type(), op.Result(0).Type()
		// Folders may run on unverified IR: only fold well-typed casts.
		if !ci.in.holds(in) || !ci.out.holds(out) || !ci.compat(ir.ElementType(in), ir.ElementType(out)) {
			return nil
		}
		if def := op.Operand(0).DefiningOp(); def != nil && def.Name == name && def.NumOperands() == 1 &&
			(name == Bitcast || name == IndexCast || name == IndexCastUI) &&
			ir.TypeEqual(def.Operand(0).Type(), out) {
			if name == Bitcast || isWidening(def.Operand(0).Type(), in) {
				return value(def.Operand(0))
			}
		}
		c, ok := asConst(operands[0])
		if !ok || ir.IsFloat(c.elem) != ir.IsFloat(ir.ElementType(in)) {
			return nil
		}
		win, wout := bitWidth(ir.ElementType(in)), bitWidth(ir.ElementType(out))
		outElem := ir.ElementType(out)
		var ints []int64
		var floats []float64
		for i := 0; i < c.len(); i++ {
			switch name {
			case ExtSI, TruncI, IndexCast:
				ints = append(ints, wrap(c.ints[i], wout))
			case ExtUI, IndexCastUI:
				ints = append(ints, wrap(int64(zext(c.ints[i], win)), wout))
			case SIToFP:
				floats = append(floats, float64(c.ints[i]))
			case UIToFP:
				floats = append(floats, float64(zext(c.ints[i], win)))
			case FPToSI, FPToUI:
				f := math.Trunc(c.floats[i])
				lo, hi := -math.Ldexp(1, wout-1), math.Ldexp(1, wout-1)
				if name == FPToUI {
					lo, hi = 0, math.Ldexp(1, wout)
				}
				if math.IsNaN(f) || f < lo || f >= hi {
					return nil
				}
				if name == FPToUI && f >= math.Ldexp(1, 63) {
					ints = append(ints, int64(uint64(f)))
				} else {
					ints = append(ints, wrap(int64(f), wout))
				}
			case ExtF:
				floats = append(floats, c.floats[i])
			case TruncF:
				k := outElem.(ir.FloatType).Kind
				r := ir.RoundToFloatType(c.floats[i], k)
				if r != c.floats[i] && !(math.IsNaN(r) && math.IsNaN(c.floats[i])) {
					return nil
				}
				floats = append(floats, r)
			case Bitcast:
				var bits uint64
				if ft, ok := ir.ElementType(in).(ir.FloatType); ok {
					bits = ir.FloatBits(c.floats[i], ft.Kind)
				} else {
					bits = zext(c.ints[i], win)
				}
				if ft, ok := outElem.(ir.FloatType); ok {
					floats = append(floats, ir.FloatFromBits(bits, ft.Kind))
				} else {
					ints = append(ints, wrap(int64(bits), wout))
				}
			default:
				return nil
			}
		}
		if c.tensor && !c.splat && !ir.IsTensor(out) {
			return nil
		}
		return attr(makeAttr(out, ints, floats))
	}
}

// isWidening reports whether an int↔index cast from a to b loses nothing,
// so casting back returns the original value.
func isWidening(a, b ir.Type) bool {
	return bitWidth(ir.ElementType(b)) >= bitWidth(ir.ElementType(a))
}
