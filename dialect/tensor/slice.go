package tensor

import (
	"github.com/torchlower/torchlower/ir"
)

// Attribute names of the slice and pad ops, as upstream stores them.
const (
	AttrStaticOffsets = "static_offsets"
	AttrStaticSizes   = "static_sizes"
	AttrStaticStrides = "static_strides"
	AttrStaticLow     = "static_low"
	AttrStaticHigh    = "static_high"
	AttrNoFold        = "nofold"
	AttrReassociation = "reassociation"
)

// sliceElided are the attributes the custom form of the slice ops shows
// as index lists instead of in the attribute dictionary.
var sliceElided = []string{segmentAttr, AttrStaticOffsets, AttrStaticSizes, AttrStaticStrides}

// sliceLayout describes where the offset/size/stride operand segments of a
// slice op start: extract_slice has one leading tensor operand (source),
// insert_slice two (source, dest).
func sliceLayout(op *ir.Operation) (numSegments, first int, ok bool) {
	switch op.Name {
	case ExtractSlice:
		return 4, 1, true
	case InsertSlice:
		return 5, 2, true
	}
	return 0, 0, false
}

// SliceParams returns the offsets, sizes and strides of a
// tensor.extract_slice or tensor.insert_slice, each entry static or an SSA
// value. It returns nils for other ops or malformed attributes.
func SliceParams(op *ir.Operation) (offsets, sizes, strides []Mixed) {
	n, first, ok := sliceLayout(op)
	if !ok {
		return nil, nil, nil
	}
	offsets = mixedList(op, AttrStaticOffsets, n, first)
	sizes = mixedList(op, AttrStaticSizes, n, first+1)
	strides = mixedList(op, AttrStaticStrides, n, first+2)
	if offsets == nil || sizes == nil || strides == nil {
		return nil, nil, nil
	}
	return offsets, sizes, strides
}

// StaticSliceParams returns the static_offsets, static_sizes and
// static_strides arrays (ir.Dynamic for dynamic entries).
func StaticSliceParams(op *ir.Operation) (offsets, sizes, strides []int64) {
	offsets, _ = staticArray(op, AttrStaticOffsets)
	sizes, _ = staticArray(op, AttrStaticSizes)
	strides, _ = staticArray(op, AttrStaticStrides)
	return offsets, sizes, strides
}

// IsStridedInsertSlice reports whether op is a tensor.insert_slice with a
// stride that is not known to be 1 (a static stride other than 1, or a
// dynamic one). Such inserts scatter the source with gaps, which the
// preprocessing passes rewrite before lowering.
func IsStridedInsertSlice(op *ir.Operation) bool {
	if op.Name != InsertSlice {
		return false
	}
	_, _, strides := SliceParams(op)
	for _, s := range strides {
		if !s.IsStatic() || s.Static != 1 {
			return true
		}
	}
	return false
}

// Source returns the tensor an op reads: operand 0 of extract_slice,
// insert_slice, pad, cast, expand_shape, collapse_shape, reshape, dim,
// rank and extract. Nil when the op has no operands.
func Source(op *ir.Operation) *ir.Value {
	if op.NumOperands() == 0 {
		return nil
	}
	return op.Operand(0)
}

// Dest returns the tensor written into by tensor.insert_slice and
// tensor.insert (operand 1), or nil for other ops.
func Dest(op *ir.Operation) *ir.Value {
	if (op.Name != InsertSlice && op.Name != Insert) || op.NumOperands() < 2 {
		return nil
	}
	return op.Operand(1)
}

// InferSliceType is the type of an extract_slice that keeps every
// dimension: the static sizes with the source's element type.
func InferSliceType(source ir.RankedTensorType, sizes []int64) ir.RankedTensorType {
	return ir.RankedTensorType{Shape: append([]int64(nil), sizes...), Elem: source.Elem}
}

// sliceMismatch classifies how a candidate slice type differs from the
// inferred one, like MLIR's isRankReducedType.
type sliceMismatch int

const (
	sliceOK sliceMismatch = iota
	sliceRankTooLarge
	sliceSizeMismatch
	sliceElemMismatch
)

func isRankReduced(expected, actual ir.RankedTensorType) sliceMismatch {
	if ir.TypeEqual(expected, actual) {
		return sliceOK
	}
	if actual.Rank() > expected.Rank() {
		return sliceRankTooLarge
	}
	if RankReductionMask(expected.Shape, actual.Shape) == nil {
		return sliceSizeMismatch
	}
	if !ir.TypeEqual(expected.Elem, actual.Elem) {
		return sliceElemMismatch
	}
	return sliceOK
}

// RankReductionMask returns, for each dimension of original, whether it is
// dropped to obtain reduced (dropped dims must be 1), matching greedily from
// the left as MLIR's computeRankReductionMask does. It returns nil when
// reduced is not a rank reduction of original.
func RankReductionMask(original, reduced []int64) []bool {
	dropped := make([]bool, len(original))
	j := 0
	for i, d := range original {
		if j < len(reduced) && d == reduced[j] {
			j++
			continue
		}
		if d != 1 {
			return nil
		}
		dropped[i] = true
	}
	if j != len(reduced) {
		return nil
	}
	return dropped
}

func sliceError(op *ir.Operation, r sliceMismatch, expected ir.RankedTensorType) error {
	switch r {
	case sliceRankTooLarge:
		return ir.Errorf(op.Loc, "expected rank to be smaller or equal to the other rank. ")
	case sliceSizeMismatch:
		return ir.Errorf(op.Loc, "expected type to be '%s' or a rank-reduced version. (size mismatch) ", expected)
	case sliceElemMismatch:
		return ir.Errorf(op.Loc, "expected element type to be '%s'", expected.Elem)
	}
	return nil
}

// verifySliceOp runs the checks shared by extract_slice and insert_slice:
// attributes and operand segments, one entry per dimension of the sliced
// tensor (full), and the in-bounds check where everything is static.
func verifySliceOp(op *ir.Operation, full ir.RankedTensorType) error {
	numSegments, first, _ := sliceLayout(op)
	for _, a := range []string{AttrStaticOffsets, AttrStaticSizes, AttrStaticStrides} {
		if _, ok := staticArray(op, a); !ok {
			return ir.OpErrorf(op, "requires attribute '%s'", a)
		}
	}
	if err := verifySegments(op, numSegments); err != nil {
		return err
	}
	offsets, sizes, strides := StaticSliceParams(op)
	if len(offsets) != len(sizes) {
		return ir.Errorf(op.Loc, "expected mixed offsets rank to match mixed sizes rank (%d vs %d) so the rank of the result type is well-formed.", len(offsets), len(sizes))
	}
	if len(sizes) != len(strides) {
		return ir.Errorf(op.Loc, "expected mixed sizes rank to match mixed strides rank (%d vs %d) so the rank of the result type is well-formed.", len(sizes), len(strides))
	}
	rank := full.Rank()
	for i, l := range []struct{ name, attr string }{{"offset", AttrStaticOffsets}, {"size", AttrStaticSizes}, {"stride", AttrStaticStrides}} {
		if err := verifyIndexList(op, l.name, l.attr, rank, numSegments, first+i); err != nil {
			return err
		}
	}
	if err := checkIndexOperands(op, first); err != nil {
		return err
	}
	for i := range sizes {
		if sizes[i] != ir.Dynamic && sizes[i] < 0 {
			return ir.OpErrorf(op, "expected size %d to be non-negative, but got %d", i, sizes[i])
		}
		if offsets[i] != ir.Dynamic && offsets[i] < 0 {
			return ir.OpErrorf(op, "expected offset %d to be non-negative, but got %d", i, offsets[i])
		}
	}
	return verifyInBounds(op, full.Shape, offsets, sizes, strides)
}

// verifyInBounds rejects slices that statically reach outside the sliced
// tensor: the last element touched along dimension i is
// offset + (size-1)*stride and must be < dim. Empty slices touch nothing.
// The messages are those of newer upstream releases (MLIR 16 had no check).
func verifyInBounds(op *ir.Operation, shape, offsets, sizes, strides []int64) error {
	for i, dim := range shape {
		if dim == ir.Dynamic || offsets[i] == ir.Dynamic || sizes[i] == 0 {
			continue
		}
		if offsets[i] >= dim {
			return ir.OpErrorf(op, "offset %d is out-of-bounds: %d >= %d", i, offsets[i], dim)
		}
		if sizes[i] == ir.Dynamic || strides[i] == ir.Dynamic {
			continue
		}
		if last := offsets[i] + (sizes[i]-1)*strides[i]; last >= dim || last < 0 {
			return ir.OpErrorf(op, "slice along dimension %d runs out-of-bounds: %d >= %d", i, last, dim)
		}
	}
	return nil
}

// printSliceLists writes `[offsets] [sizes] [strides]` with no leading space.
func printSliceLists(p *ir.Printer, op *ir.Operation) {
	offsets, sizes, strides := SliceParams(op)
	for i, l := range [][]Mixed{offsets, sizes, strides} {
		if i > 0 {
			p.Print(" ")
		}
		s, d := SplitMixed(l)
		PrintDynamicIndexList(p, s, d)
	}
}

// parseSliceLists reads `[offsets] [sizes] [strides]`, resolves the
// dynamic entries and records the static_* attributes; it returns the
// resolved operands of the three groups and their segment sizes.
func parseSliceLists(p ir.Parser, st *ir.OperationState) ([]*ir.Value, []int64, error) {
	var operands []*ir.Value
	var segs []int64
	for _, attr := range []string{AttrStaticOffsets, AttrStaticSizes, AttrStaticStrides} {
		static, dyn, err := ParseDynamicIndexList(p)
		if err != nil {
			return nil, nil, err
		}
		vs, err := resolveIndices(p, dyn)
		if err != nil {
			return nil, nil, err
		}
		st.AddAttr(attr, ir.I64Array(static...))
		operands = append(operands, vs...)
		segs = append(segs, int64(len(vs)))
	}
	return operands, segs, nil
}

// ---- tensor.extract_slice -----------------------------------------------

var extractSliceDef = &ir.OpDef{
	Name:    ExtractSlice,
	Summary: "reads a rectangular, possibly strided and rank-reduced slice of a tensor",
	Traits:  ir.Pure,
	Verify: func(op *ir.Operation) error {
		if op.NumOperands() < 1 {
			return ir.OpErrorf(op, "expected at least 1 operand")
		}
		if err := checkResults(op, 1); err != nil {
			return err
		}
		src, ok := ranked(op.Operand(0))
		if !ok {
			return ir.OpErrorf(op, "operand #0 must be ranked tensor of any type values, but got '%s'", op.Operand(0).Type())
		}
		res, ok := ranked(op.Result(0))
		if !ok {
			return ir.OpErrorf(op, "result #0 must be ranked tensor of any type values, but got '%s'", op.Result(0).Type())
		}
		if err := verifySliceOp(op, src); err != nil {
			return err
		}
		_, sizes, _ := StaticSliceParams(op)
		expected := InferSliceType(src, sizes)
		return sliceError(op, isRankReduced(expected, res), expected)
	},
	Print: func(p *ir.Printer, op *ir.Operation) {
		if malformed(p, op, 1, 1, 0) {
			return
		}
		p.Print(" ")
		p.Operand(op.Operand(0))
		printSliceLists(p, op)
		p.AttrDict(op.Attrs(), sliceElided...)
		p.Print(" : ")
		p.Type(op.Operand(0).Type())
		p.Print(" to ")
		p.Type(op.Result(0).Type())
	},
	Parse: func(p ir.Parser, st *ir.OperationState) error {
		src, err := p.ParseOperand()
		if err != nil {
			return err
		}
		dyn, segs, err := parseSliceLists(p, st)
		if err != nil {
			return err
		}
		if err := p.ParseOptionalAttrDict(st); err != nil {
			return err
		}
		if err := finishUnary(p, st, src, "to"); err != nil {
			return err
		}
		st.Operands = append(st.Operands, dyn...)
		st.AddAttr(segmentAttr, ir.I32Array(append([]int64{1}, segs...)...))
		return nil
	},
	ResultNames:  name("extracted_slice"),
	Fold:         foldExtractSlice,
	Canonicalize: []*ir.Pattern{extractSliceConstantArgs},
}

// ---- tensor.insert_slice ------------------------------------------------

var insertSliceDef = &ir.OpDef{
	Name:    InsertSlice,
	Summary: "writes a tensor into a rectangular, possibly strided slice of another",
	Traits:  ir.Pure,
	Verify: func(op *ir.Operation) error {
		if op.NumOperands() < 2 {
			return ir.OpErrorf(op, "expected at least 2 operands")
		}
		if err := checkResults(op, 1); err != nil {
			return err
		}
		src, ok := ranked(op.Operand(0))
		if !ok {
			return ir.OpErrorf(op, "operand #0 must be ranked tensor of any type values, but got '%s'", op.Operand(0).Type())
		}
		dst, ok := ranked(op.Operand(1))
		if !ok {
			return ir.OpErrorf(op, "operand #1 must be ranked tensor of any type values, but got '%s'", op.Operand(1).Type())
		}
		if !ir.TypeEqual(dst, op.Result(0).Type()) {
			return ir.OpErrorf(op, "failed to verify that expected result type to match dest type")
		}
		if err := verifySliceOp(op, dst); err != nil {
			return err
		}
		_, sizes, _ := StaticSliceParams(op)
		expected := InferSliceType(dst, sizes)
		return sliceError(op, isRankReduced(expected, src), expected)
	},
	Print: func(p *ir.Printer, op *ir.Operation) {
		if malformed(p, op, 2, 1, 0) {
			return
		}
		p.Print(" ")
		p.Operand(op.Operand(0))
		p.Print(" into ")
		p.Operand(op.Operand(1))
		printSliceLists(p, op)
		p.AttrDict(op.Attrs(), sliceElided...)
		p.Print(" : ")
		p.Type(op.Operand(0).Type())
		p.Print(" into ")
		p.Type(op.Operand(1).Type())
	},
	Parse: func(p ir.Parser, st *ir.OperationState) error {
		src, err := p.ParseOperand()
		if err != nil {
			return err
		}
		if err := p.ExpectKeyword("into"); err != nil {
			return err
		}
		dst, err := p.ParseOperand()
		if err != nil {
			return err
		}
		dyn, segs, err := parseSliceLists(p, st)
		if err != nil {
			return err
		}
		if err := p.ParseOptionalAttrDict(st); err != nil {
			return err
		}
		srcType, err := p.ParseColonType()
		if err != nil {
			return err
		}
		if err := p.ExpectKeyword("into"); err != nil {
			return err
		}
		dstType, err := p.ParseType()
		if err != nil {
			return err
		}
		vs, err := p.ResolveOperands([]ir.UnresolvedOperand{src, dst}, []ir.Type{srcType, dstType})
		if err != nil {
			return err
		}
		st.Operands = append(vs, dyn...)
		st.ResultTypes = []ir.Type{dstType}
		st.AddAttr(segmentAttr, ir.I32Array(append([]int64{1, 1}, segs...)...))
		return nil
	},
	ResultNames:  name("inserted_slice"),
	Fold:         foldInsertSlice,
	Canonicalize: []*ir.Pattern{insertSliceConstantArgs},
}

// ---- builders -------------------------------------------------------------

// NewEmpty creates `tensor.empty(dynSizes) : t`, one size per `?` of t.
func NewEmpty(b *ir.Builder, loc ir.Location, t ir.RankedTensorType, dynSizes []*ir.Value) *ir.Value {
	return b.Create(Empty, loc, dynSizes, []ir.Type{t}, nil, 0).Result(0)
}

// NewExtractSlice creates a tensor.extract_slice of src. resultType may be
// nil, in which case the non-rank-reduced type (the static sizes, `?` for
// dynamic ones) is used; pass a rank-reduced type to drop unit dims.
func NewExtractSlice(b *ir.Builder, loc ir.Location, resultType ir.Type, src *ir.Value, offsets, sizes, strides []Mixed) *ir.Value {
	so, do := SplitMixed(offsets)
	ss, ds := SplitMixed(sizes)
	st, dt := SplitMixed(strides)
	if resultType == nil {
		srcType, _ := src.Type().(ir.RankedTensorType)
		resultType = InferSliceType(srcType, ss)
	}
	operands := append([]*ir.Value{src}, do...)
	operands = append(append(operands, ds...), dt...)
	attrs := []ir.NamedAttr{
		{Name: segmentAttr, Value: ir.I32Array(1, int64(len(do)), int64(len(ds)), int64(len(dt)))},
		{Name: AttrStaticOffsets, Value: ir.I64Array(so...)},
		{Name: AttrStaticSizes, Value: ir.I64Array(ss...)},
		{Name: AttrStaticStrides, Value: ir.I64Array(st...)},
	}
	return b.Create(ExtractSlice, loc, operands, []ir.Type{resultType}, attrs, 0).Result(0)
}

// NewInsertSlice creates a tensor.insert_slice of src into dst; the result
// has dst's type.
func NewInsertSlice(b *ir.Builder, loc ir.Location, src, dst *ir.Value, offsets, sizes, strides []Mixed) *ir.Value {
	so, do := SplitMixed(offsets)
	ss, ds := SplitMixed(sizes)
	st, dt := SplitMixed(strides)
	operands := append([]*ir.Value{src, dst}, do...)
	operands = append(append(operands, ds...), dt...)
	attrs := []ir.NamedAttr{
		{Name: segmentAttr, Value: ir.I32Array(1, 1, int64(len(do)), int64(len(ds)), int64(len(dt)))},
		{Name: AttrStaticOffsets, Value: ir.I64Array(so...)},
		{Name: AttrStaticSizes, Value: ir.I64Array(ss...)},
		{Name: AttrStaticStrides, Value: ir.I64Array(st...)},
	}
	return b.Create(InsertSlice, loc, operands, []ir.Type{dst.Type()}, attrs, 0).Result(0)
}
