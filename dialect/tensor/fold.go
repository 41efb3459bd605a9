package tensor

import (
	"math"

	"github.com/torchlower/torchlower/ir"
)

// The folders below are the simple, well-known ones of upstream's tensor
// dialect. Each returns nil when nothing folds; results that are
// attributes become arith.constant ops through the greedy driver.

// one returns a single fold result holding v.
func one(v *ir.Value) []ir.FoldResult { return []ir.FoldResult{{Value: v}} }

// constIndex returns the integer of a constant operand attribute.
func constIndex(a ir.Attribute) (int64, bool) {
	ia, ok := a.(ir.IntegerAttr)
	return ia.Value, ok
}

// foldDim folds `tensor.dim` of a static dimension to a constant, and of a
// dynamic dimension to the SSA size that produced it when the source is a
// tensor.empty.
func foldDim(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	if op.NumOperands() != 2 || op.NumResults() != 1 || len(operands) != 2 {
		return nil
	}
	idx, ok := constIndex(operands[1])
	if !ok {
		return nil
	}
	t, ok := ranked(op.Operand(0))
	if !ok || idx < 0 || idx >= int64(t.Rank()) {
		return nil
	}
	if d := t.Shape[idx]; d != ir.Dynamic {
		return []ir.FoldResult{{Attr: ir.IndexAttr(d)}}
	}
	if def := op.Operand(0).DefiningOp(); def != nil && def.Name == Empty {
		// The n-th dynamic size belongs to the n-th `?` dimension.
		n := countDynamic(t.Shape[:idx])
		if n < def.NumOperands() {
			return one(def.Operand(n))
		}
	}
	return nil
}

// foldCast removes a cast to the type the operand already has.
func foldCast(op *ir.Operation, _ []ir.Attribute) []ir.FoldResult {
	if op.NumOperands() != 1 || op.NumResults() != 1 {
		return nil
	}
	if ir.TypeEqual(op.Operand(0).Type(), op.Result(0).Type()) {
		return one(op.Operand(0))
	}
	return nil
}

// elementAttr returns element i of a dense constant as a scalar attribute.
func elementAttr(d *ir.DenseElementsAttr, i int64) ir.Attribute {
	switch et := d.Type.Elem.(type) {
	case ir.FloatType:
		return ir.FloatAttr{Value: d.Float(i), Type: et}
	case ir.IntegerType, ir.IndexType:
		return ir.IntegerAttr{Value: d.Int(i), Type: et}
	}
	return nil
}

// foldExtract folds tensor.extract at constant indices of a dense constant
// or of a tensor.from_elements.
func foldExtract(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	if op.NumOperands() < 1 || op.NumResults() != 1 || len(operands) != op.NumOperands() {
		return nil
	}
	t, ok := ranked(op.Operand(0))
	if !ok || !t.HasStaticShape() || t.Rank() != op.NumOperands()-1 {
		return nil
	}
	// Row-major linear index of the element.
	linear := int64(0)
	for i, a := range operands[1:] {
		v, ok := constIndex(a)
		if !ok || v < 0 || v >= t.Shape[i] {
			return nil
		}
		linear = linear*t.Shape[i] + v
	}
	if d, ok := operands[0].(*ir.DenseElementsAttr); ok {
		if a := elementAttr(d, linear); a != nil {
			return []ir.FoldResult{{Attr: a}}
		}
		return nil
	}
	if def := op.Operand(0).DefiningOp(); def != nil && def.Name == FromElements && int64(def.NumOperands()) > linear {
		return one(def.Operand(int(linear)))
	}
	return nil
}

// denseOf builds a dense attribute of type t from scalar constants (one
// value makes a splat); nil when a value is not a matching constant.
func denseOf(t ir.RankedTensorType, vals []ir.Attribute) ir.Attribute {
	if !t.HasStaticShape() || len(vals) == 0 {
		return nil
	}
	switch t.Elem.(type) {
	case ir.FloatType:
		fs := make([]float64, len(vals))
		for i, a := range vals {
			fa, ok := a.(ir.FloatAttr)
			if !ok || !ir.TypeEqual(fa.Type, t.Elem) {
				return nil
			}
			fs[i] = fa.Value
		}
		bits := make([]uint64, len(fs))
		for i, f := range fs {
			bits[i] = math.Float64bits(f) // -0 and NaN must not merge
		}
		if allEqual(bits) {
			fs = fs[:1]
		}
		if d, err := ir.NewDenseFloats(t, fs); err == nil {
			return d
		}
	case ir.IntegerType, ir.IndexType:
		is := make([]int64, len(vals))
		for i, a := range vals {
			switch x := a.(type) {
			case ir.IntegerAttr:
				if !ir.TypeEqual(x.Type, t.Elem) {
					return nil
				}
				is[i] = x.Value
			case ir.BoolAttr:
				if ir.IntWidth(t.Elem) != 1 {
					return nil
				}
				if x {
					is[i] = 1
				}
			default:
				return nil
			}
		}
		if allEqual(is) {
			is = is[:1]
		}
		if d, err := ir.NewDenseInts(t, is); err == nil {
			return d
		}
	}
	return nil
}

// allEqual reports whether every element equals the first; MLIR stores
// such constants as splats and prints them as `dense<v>`.
func allEqual[T comparable](vs []T) bool {
	for _, v := range vs {
		if v != vs[0] {
			return false
		}
	}
	return true
}

// foldSplat turns the splat of a constant into a dense splat constant.
func foldSplat(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	if op.NumOperands() != 1 || op.NumResults() != 1 || len(operands) != 1 || operands[0] == nil {
		return nil
	}
	t, ok := ranked(op.Result(0))
	if !ok {
		return nil
	}
	if d := denseOf(t, operands); d != nil {
		return []ir.FoldResult{{Attr: d}}
	}
	return nil
}

// foldFromElements turns a from_elements of constants into a dense constant.
func foldFromElements(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	if op.NumResults() != 1 || len(operands) == 0 {
		return nil
	}
	for _, a := range operands {
		if a == nil {
			return nil
		}
	}
	t, ok := ranked(op.Result(0))
	if !ok || ir.NumElements(t.Shape) != int64(len(operands)) {
		return nil
	}
	if d := denseOf(t, operands); d != nil {
		return []ir.FoldResult{{Attr: d}}
	}
	return nil
}

// mixedEqual reports whether two index lists are the same: equal static
// values or the same SSA values, entry by entry.
func mixedEqual(a, b []Mixed) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].IsStatic() != b[i].IsStatic() {
			return false
		}
		if a[i].IsStatic() && a[i].Static != b[i].Static {
			return false
		}
		if !a[i].IsStatic() && a[i].Value != b[i].Value {
			return false
		}
	}
	return true
}

// sameSliceParams reports whether two slice ops use identical offsets,
// sizes and strides.
func sameSliceParams(a, b *ir.Operation) bool {
	ao, as, at := SliceParams(a)
	bo, bs, bt := SliceParams(b)
	return ao != nil && bo != nil && mixedEqual(ao, bo) && mixedEqual(as, bs) && mixedEqual(at, bt)
}

// isIdentitySlice reports whether a slice covers all of t: zero offsets,
// unit strides and sizes equal to t's static dims.
func isIdentitySlice(op *ir.Operation, t ir.RankedTensorType) bool {
	offsets, sizes, strides := SliceParams(op)
	if offsets == nil || len(sizes) != t.Rank() {
		return false
	}
	for i := range sizes {
		if !offsets[i].IsConstant(0) || !strides[i].IsConstant(1) {
			return false
		}
		if t.Shape[i] == ir.Dynamic || !sizes[i].IsConstant(t.Shape[i]) {
			return false
		}
	}
	return true
}

// foldExtractSlice folds a slice that extracts what an insert_slice with
// the same parameters just wrote, and a full identity slice.
func foldExtractSlice(op *ir.Operation, _ []ir.Attribute) []ir.FoldResult {
	if op.NumOperands() < 1 || op.NumResults() != 1 {
		return nil
	}
	if ins := op.Operand(0).DefiningOp(); ins != nil && ins.Name == InsertSlice && ins.NumOperands() >= 2 &&
		ir.TypeEqual(ins.Operand(0).Type(), op.Result(0).Type()) && sameSliceParams(op, ins) {
		return one(ins.Operand(0))
	}
	src, ok := ranked(op.Operand(0))
	if ok && ir.TypeEqual(src, op.Result(0).Type()) && isIdentitySlice(op, src) {
		return one(op.Operand(0))
	}
	return nil
}

// foldInsertSlice folds an insert_slice that overwrites all of dest with a
// source of the same static type, and one that writes back a slice
// extracted from dest at the same place; and it skips over an earlier
// insert_slice into the same place, which the new one overwrites.
func foldInsertSlice(op *ir.Operation, _ []ir.Attribute) []ir.FoldResult {
	if op.NumOperands() < 2 || op.NumResults() != 1 {
		return nil
	}
	src, okS := ranked(op.Operand(0))
	dst, okD := ranked(op.Operand(1))
	if okS && okD && src.HasStaticShape() && dst.HasStaticShape() && ir.TypeEqual(src, dst) && isIdentitySlice(op, dst) {
		return one(op.Operand(0))
	}
	if ext := op.Operand(0).DefiningOp(); ext != nil && ext.Name == ExtractSlice && ext.NumOperands() >= 1 &&
		ext.Operand(0) == op.Operand(1) && sameSliceParams(op, ext) {
		return one(op.Operand(1))
	}
	if prev := op.Operand(1).DefiningOp(); prev != nil && prev.Name == InsertSlice && prev.NumOperands() >= 2 &&
		ir.TypeEqual(prev.Operand(0).Type(), op.Operand(0).Type()) && sameSliceParams(op, prev) {
		op.SetOperand(1, prev.Operand(1))
		return one(op.Result(0))
	}
	return nil
}

// foldPad removes a pad that adds nothing (result type equals the static
// source type), unless it is marked nofold.
func foldPad(op *ir.Operation, _ []ir.Attribute) []ir.FoldResult {
	if op.NumOperands() < 1 || op.NumResults() != 1 || PadNoFold(op) {
		return nil
	}
	res, ok := ranked(op.Result(0))
	if ok && res.HasStaticShape() && ir.TypeEqual(res, op.Operand(0).Type()) {
		return one(op.Operand(0))
	}
	return nil
}

// foldReshapeLike folds expand_shape(collapse_shape(x)) and
// collapse_shape(expand_shape(x)) with the same reassociation back to x,
// and reshapes of dense constants to constants of the new type.
func foldReshapeLike(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	if op.NumOperands() != 1 || op.NumResults() != 1 {
		return nil
	}
	inverse := CollapseShape
	if op.Name == CollapseShape {
		inverse = ExpandShape
	}
	if def := op.Operand(0).DefiningOp(); def != nil && def.Name == inverse && def.NumOperands() == 1 &&
		ir.TypeEqual(def.Operand(0).Type(), op.Result(0).Type()) {
		a, okA := Reassociation(op)
		b, okB := Reassociation(def)
		if okA && okB && ir.AttrEqual(ReassociationAttr(a), ReassociationAttr(b)) {
			return one(def.Operand(0))
		}
	}
	if len(operands) == 1 {
		if d, ok := operands[0].(*ir.DenseElementsAttr); ok {
			if t, ok := ranked(op.Result(0)); ok {
				if nd, err := ir.NewDenseRaw(t, d.Raw()); err == nil {
					return []ir.FoldResult{{Attr: nd}}
				}
			}
		}
	}
	return nil
}
