package arith

import (
	"github.com/torchlower/torchlower/ir"
)

// constVal is a constant operand viewed as a list of element values: a
// scalar (one element), a splat (one element standing for all) or every
// element of a dense tensor. Integers are kept sign-extended from their
// width, i1 included (true is -1), so one set of helpers serves every width.
type constVal struct {
	elem   ir.Type
	ints   []int64
	floats []float64
	splat  bool // one element standing for a whole tensor
	tensor bool
}

func (c constVal) len() int {
	if ir.IsFloat(c.elem) {
		return len(c.floats)
	}
	return len(c.ints)
}

// asConst decodes an integer, bool, float or dense elements attribute.
func asConst(a ir.Attribute) (constVal, bool) {
	switch x := a.(type) {
	case ir.BoolAttr:
		v := int64(0)
		if x {
			v = -1
		}
		return constVal{elem: ir.I1, ints: []int64{v}}, true
	case ir.IntegerAttr:
		if !ir.IsIntOrIndex(x.Type) {
			return constVal{}, false
		}
		return constVal{elem: x.Type, ints: []int64{wrap(x.Value, bitWidth(x.Type))}}, true
	case ir.FloatAttr:
		return constVal{elem: x.Type, floats: []float64{x.Value}}, true
	case *ir.DenseElementsAttr:
		c := constVal{elem: x.Type.Elem, splat: x.Splat, tensor: true}
		n := x.NumElements()
		if x.Splat {
			n = 1
		}
		switch {
		case ir.IsFloat(c.elem):
			for i := int64(0); i < n; i++ {
				c.floats = append(c.floats, x.Float(i))
			}
		case ir.IsIntOrIndex(c.elem):
			w := bitWidth(c.elem)
			for i := int64(0); i < n; i++ {
				c.ints = append(c.ints, wrap(x.Int(i), w))
			}
		default:
			return constVal{}, false
		}
		return c, true
	}
	return constVal{}, false
}

// splatInt returns the single integer value of a scalar or splat constant.
func splatInt(a ir.Attribute) (int64, bool) {
	c, ok := asConst(a)
	if !ok || ir.IsFloat(c.elem) || (c.tensor && !c.splat) || len(c.ints) != 1 {
		return 0, false
	}
	return c.ints[0], true
}

// splatFloat returns the single float value of a scalar or splat constant.
func splatFloat(a ir.Attribute) (float64, bool) {
	c, ok := asConst(a)
	if !ok || !ir.IsFloat(c.elem) || (c.tensor && !c.splat) || len(c.floats) != 1 {
		return 0, false
	}
	return c.floats[0], true
}

// wrap truncates v to w bits and sign-extends it back.
func wrap(v int64, w int) int64 {
	if w <= 0 || w >= 64 {
		return v
	}
	s := uint(64 - w)
	return v << s >> s
}

// zext returns the w-bit pattern of v as an unsigned number.
func zext(v int64, w int) uint64 {
	if w <= 0 || w >= 64 {
		return uint64(v)
	}
	return uint64(v) & (1<<uint(w) - 1)
}

// makeAttr builds a constant attribute of type t from element values (one
// value for a scalar or a splat). It returns nil when t cannot hold a
// constant (a dynamically shaped tensor, say).
func makeAttr(t ir.Type, ints []int64, floats []float64) ir.Attribute {
	elem := ir.ElementType(t)
	if rt, ok := t.(ir.RankedTensorType); ok {
		if !rt.HasStaticShape() {
			return nil
		}
		if ft, ok := elem.(ir.FloatType); ok {
			vs := make([]float64, len(floats))
			for i, f := range floats {
				vs[i] = ir.RoundToFloatType(f, ft.Kind)
			}
			d, err := ir.NewDenseFloats(rt, vs)
			if err != nil {
				return nil
			}
			return d
		}
		vs := make([]int64, len(ints))
		w := bitWidth(elem)
		for i, v := range ints {
			if w == 1 {
				vs[i] = v & 1
			} else {
				vs[i] = wrap(v, w)
			}
		}
		d, err := ir.NewDenseInts(rt, vs)
		if err != nil {
			return nil
		}
		return d
	}
	if ir.IsTensor(t) {
		return nil
	}
	switch et := t.(type) {
	case ir.FloatType:
		if len(floats) != 1 {
			return nil
		}
		return ir.FloatAttr{Value: ir.RoundToFloatType(floats[0], et.Kind), Type: et}
	case ir.IntegerType, ir.IndexType:
		if len(ints) != 1 {
			return nil
		}
		w := bitWidth(t)
		if w == 1 {
			return ir.BoolAttr(ints[0]&1 != 0)
		}
		return ir.IntegerAttr{Value: wrap(ints[0], w), Type: t}
	}
	return nil
}

// splatIntAttr builds a constant of type t with every element equal to v.
func splatIntAttr(t ir.Type, v int64) ir.Attribute { return makeAttr(t, []int64{v}, nil) }

// broadcastLen lines up two constants for an elementwise op: both splats
// (or scalars) give one pair; otherwise both are expanded to n elements.
func broadcastLen(a, b constVal) (int, bool) {
	na, nb := a.len(), b.len()
	switch {
	case na == nb:
		return na, true
	case na == 1 && a.splat:
		return nb, true
	case nb == 1 && b.splat:
		return na, true
	}
	return 0, false
}

func at[T any](xs []T, i int) T {
	if len(xs) == 1 {
		return xs[0]
	}
	return xs[i]
}

// constOf returns the constant attribute a value is defined by, or nil.
func constOf(v *ir.Value) ir.Attribute {
	if v == nil {
		return nil
	}
	def := v.DefiningOp()
	if def == nil || !def.HasTrait(ir.ConstantLike) {
		return nil
	}
	return def.Attr("value")
}
