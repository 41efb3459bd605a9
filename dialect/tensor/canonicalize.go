package tensor

import (
	"github.com/torchlower/torchlower/ir"
)

// Canonicalization patterns. Only offsets and strides are made static:
// they never change a type, whereas static sizes would change the result
// or required source type and need casts around the op.

var (
	extractSliceConstantArgs = &ir.Pattern{Name: "tensor.extract_slice-constant-arguments", Root: ExtractSlice, Rewrite: foldConstantSliceArgs}
	insertSliceConstantArgs  = &ir.Pattern{Name: "tensor.insert_slice-constant-arguments", Root: InsertSlice, Rewrite: foldConstantSliceArgs}
)

// foldConstantSliceArgs turns dynamic offsets and strides of a slice op
// that are produced by constants into static entries, like upstream's
// OpWithOffsetSizesAndStridesConstantArgumentFolder, so later passes see
// `[1, 0]` instead of `[%c1, 0]`.
func foldConstantSliceArgs(op *ir.Operation, rw *ir.Rewriter) bool {
	offsets, sizes, strides := SliceParams(op)
	if offsets == nil {
		return false
	}
	changed := false
	staticize := func(ms []Mixed) []Mixed {
		out := append([]Mixed(nil), ms...)
		for i, m := range out {
			if m.IsStatic() {
				continue
			}
			if c, ok := m.ConstantValue(); ok && c >= 0 {
				out[i] = StaticIndex(c)
				changed = true
			}
		}
		return out
	}
	offsets, strides = staticize(offsets), staticize(strides)
	if !changed {
		return false
	}
	so, do := SplitMixed(offsets)
	ss, ds := SplitMixed(sizes)
	st, dt := SplitMixed(strides)
	var full ir.RankedTensorType
	if op.Name == ExtractSlice {
		full, _ = ranked(op.Operand(0))
	} else {
		full, _ = ranked(op.Operand(1))
	}
	if len(full.Shape) != len(so) || verifyInBounds(op, full.Shape, so, ss, st) != nil {
		return false // keep IR that would stop verifying as it is
	}
	_, lead, _ := sliceLayout(op)
	operands := append([]*ir.Value(nil), op.Operands()[:lead]...)
	operands = append(append(append(operands, do...), ds...), dt...)
	segs := make([]int64, lead, lead+3)
	for i := range segs {
		segs[i] = 1
	}
	segs = append(segs, int64(len(do)), int64(len(ds)), int64(len(dt)))
	rw.ModifyInPlace(op, func() {
		op.SetOperands(operands)
		op.SetAttr(AttrStaticOffsets, ir.I64Array(so...))
		op.SetAttr(AttrStaticStrides, ir.I64Array(st...))
		op.SetAttr(segmentAttr, ir.I32Array(segs...))
	})
	return true
}
