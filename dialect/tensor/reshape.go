package tensor

import (
	"fmt"
	"strconv"

	"github.com/torchlower/torchlower/ir"
)

// Reassociation returns the reassociation of a tensor.expand_shape or
// tensor.collapse_shape: for each dimension of the collapsed type, the
// consecutive dimensions of the expanded type it stands for. It returns
// false when the attribute is missing or malformed.
func Reassociation(op *ir.Operation) ([][]int64, bool) {
	arr, ok := op.Attr(AttrReassociation).(ir.ArrayAttr)
	if !ok {
		return nil, false
	}
	out := make([][]int64, len(arr))
	for i, g := range arr {
		ga, ok := g.(ir.ArrayAttr)
		if !ok {
			return nil, false
		}
		out[i] = make([]int64, len(ga))
		for j, e := range ga {
			ia, ok := e.(ir.IntegerAttr)
			if !ok {
				return nil, false
			}
			out[i][j] = ia.Value
		}
	}
	return out, true
}

// ReassociationAttr builds the `[[0, 1], [2]]` attribute (i64 integers).
func ReassociationAttr(groups [][]int64) ir.ArrayAttr {
	out := make(ir.ArrayAttr, len(groups))
	for i, g := range groups {
		ga := make(ir.ArrayAttr, len(g))
		for j, d := range g {
			ga[j] = ir.I64Attr(d)
		}
		out[i] = ga
	}
	return out
}

// printReassociation writes `[[0, 1], [2]]` as upstream does, without the
// i64 type suffixes that the elements' own printing would add.
func printReassociation(p *ir.Printer, groups [][]int64) {
	p.Print("[")
	for i, g := range groups {
		if i > 0 {
			p.Print(", ")
		}
		p.Print("[")
		for j, d := range g {
			if j > 0 {
				p.Print(", ")
			}
			p.Print(strconv.FormatInt(d, 10))
		}
		p.Print("]")
	}
	p.Print("]")
}

// parseReassociation reads `[[0, 1], [2]]` (possibly `[]`).
func parseReassociation(p ir.Parser) ([][]int64, error) {
	if err := p.ExpectPunct("["); err != nil {
		return nil, err
	}
	groups := [][]int64{}
	if p.ParseOptionalPunct("]") {
		return groups, nil
	}
	for {
		if err := p.ExpectPunct("["); err != nil {
			return nil, err
		}
		g := []int64{}
		if !p.ParseOptionalPunct("]") {
			for {
				n, err := p.ParseInteger()
				if err != nil {
					return nil, err
				}
				g = append(g, n)
				if p.ParseOptionalPunct("]") {
					break
				}
				if err := p.ExpectPunct(","); err != nil {
					return nil, err
				}
			}
		}
		groups = append(groups, g)
		if p.ParseOptionalPunct("]") {
			return groups, nil
		}
		if err := p.ExpectPunct(","); err != nil {
			return nil, err
		}
	}
}

func printReshapeLike(p *ir.Printer, op *ir.Operation) {
	if malformed(p, op, 1, 1, 0) {
		return
	}
	p.Print(" ")
	p.Operand(op.Operand(0))
	p.Print(" ")
	groups, _ := Reassociation(op)
	printReassociation(p, groups)
	p.AttrDict(op.Attrs(), AttrReassociation)
	p.Print(" : ")
	p.Type(op.Operand(0).Type())
	p.Print(" into ")
	p.Type(op.Result(0).Type())
}

func parseReshapeLike(p ir.Parser, st *ir.OperationState) error {
	src, err := p.ParseOperand()
	if err != nil {
		return err
	}
	groups, err := parseReassociation(p)
	if err != nil {
		return err
	}
	st.AddAttr(AttrReassociation, ReassociationAttr(groups))
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	return finishUnary(p, st, src, "into")
}

var expandShapeDef = &ir.OpDef{
	Name:        ExpandShape,
	Summary:     "splits dimensions of a tensor into several consecutive ones",
	Traits:      ir.Pure,
	Verify:      func(op *ir.Operation) error { return verifyReshapeLike(op, true) },
	Print:       printReshapeLike,
	Parse:       parseReshapeLike,
	ResultNames: name("expanded"),
	Fold:        foldReshapeLike,
}

var collapseShapeDef = &ir.OpDef{
	Name:        CollapseShape,
	Summary:     "merges groups of consecutive dimensions of a tensor",
	Traits:      ir.Pure,
	Verify:      func(op *ir.Operation) error { return verifyReshapeLike(op, false) },
	Print:       printReshapeLike,
	Parse:       parseReshapeLike,
	ResultNames: name("collapsed"),
	Fold:        foldReshapeLike,
}

// verifyReshapeLike follows MLIR 16's verifyTensorReshapeOp and
// verifyReshapeLikeTypes, check for check and message for message.
func verifyReshapeLike(op *ir.Operation, expand bool) error {
	if err := checkCounts(op, 1, 1); err != nil {
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
	groups, ok := Reassociation(op)
	if !ok {
		return ir.OpErrorf(op, "requires attribute '%s' to be an array of arrays of i64 integers", AttrReassociation)
	}
	expanded, collapsed := res, src
	if expand {
		if src.Rank() >= res.Rank() {
			return ir.OpErrorf(op, "expected rank expansion, but found source rank %d >= result rank %d", src.Rank(), res.Rank())
		}
	} else {
		expanded, collapsed = src, res
		if src.Rank() <= res.Rank() {
			return ir.OpErrorf(op, "expected rank reduction, but found source rank %d <= result rank %d", src.Rank(), res.Rank())
		}
	}
	if !ir.TypeEqual(src.Elem, res.Elem) {
		return ir.OpErrorf(op, "expected source and result element types to match")
	}
	if err := verifyReshapeTypes(op, expanded, collapsed, groups, expand); err != nil {
		return err
	}
	want := CollapsedType(expanded, groups)
	if !ir.TypeEqual(want.Elem, collapsed.Elem) || !shapeEqual(want.Shape, collapsed.Shape) {
		return ir.OpErrorf(op, "expected collapsed type to be '%s', but got '%s'", want, ir.RankedTensorType{Shape: collapsed.Shape, Elem: collapsed.Elem})
	}
	return nil
}

func shapeEqual(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func verifyReshapeTypes(op *ir.Operation, expanded, collapsed ir.RankedTensorType, groups [][]int64, expand bool) error {
	er, cr := expanded.Rank(), collapsed.Rank()
	if er < cr {
		return ir.OpErrorf(op, "expected the type '%s' to have higher rank than the type = '%s'", expanded, collapsed)
	}
	if er == 0 {
		return ir.OpErrorf(op, "expected non-zero memref ranks")
	}
	if er == cr {
		return ir.OpErrorf(op, "expected to collapse or expand dims")
	}
	if cr == 0 {
		for _, d := range expanded.Shape {
			if d != 1 {
				return ir.OpErrorf(op, "invalid to reshape tensor/memref with non-unit extent dimensions to zero-rank tensor/memref")
			}
		}
		return nil
	}
	if cr != len(groups) {
		return ir.OpErrorf(op, "expected rank of the collapsed type(%d) to be the number of reassociation maps(%d)", cr, len(groups))
	}
	// Upstream turns the groups into affine maps that all have as many dims
	// as the largest dim index used anywhere, plus one.
	maxDim := int64(0)
	for i, g := range groups {
		if len(g) == 0 {
			return ir.OpErrorf(op, "expected reassociation map #%d to be valid and contiguous", i)
		}
		for _, d := range g {
			if d < 0 {
				return ir.OpErrorf(op, "expected reassociation map #%d to be valid and contiguous", i)
			}
			maxDim = max(maxDim, d)
		}
	}
	if maxDim+1 != int64(er) {
		return ir.OpErrorf(op, "expected reassociation map #0 of same rank as expanded memref(%d), but got %d", er, maxDim+1)
	}
	if bad := invalidReassociation(groups, er); bad >= 0 {
		return ir.OpErrorf(op, "expected reassociation map #%d to be valid and contiguous", bad)
	}
	start := 0
	for i, g := range groups {
		dynamic := -1
		product := int64(1)
		for j, d := range expanded.Shape[start : start+len(g)] {
			if d == ir.Dynamic {
				if expand && dynamic >= 0 {
					return ir.OpErrorf(op, "invalid to have a single dimension (%d) expanded into multiple dynamic dims (%d,%d)", i, start+dynamic, start+j)
				}
				dynamic = j
				continue
			}
			product *= d
		}
		if dynamic >= 0 {
			if collapsed.Shape[i] != ir.Dynamic {
				return ir.OpErrorf(op, "expected dimension %d of collapsed type to be dynamic since one or more of the corresponding dimensions in the expanded type is dynamic", i)
			}
		} else if collapsed.Shape[i] != product {
			return ir.OpErrorf(op, "expected dimension %d of collapsed type to be static value of %d", i, product)
		}
		start += len(g)
	}
	return nil
}

// invalidReassociation returns the index of the first group that breaks
// the rule "groups list the dims 0..rank-1 in order, each consecutively",
// or -1 when the reassociation is valid (MLIR's isReassociationValid).
func invalidReassociation(groups [][]int64, rank int) int {
	next := int64(0)
	for i, g := range groups {
		for _, d := range g {
			if d != next {
				return i
			}
			next++
		}
	}
	if next != int64(rank) && len(groups) > 0 {
		return len(groups) - 1
	}
	return -1
}

// CollapsedType is expanded with each reassociation group merged into one
// dimension: the product of its sizes, or `?` if any is dynamic.
func CollapsedType(expanded ir.RankedTensorType, groups [][]int64) ir.RankedTensorType {
	shape := make([]int64, len(groups))
	for i, g := range groups {
		p := int64(1)
		for _, d := range g {
			if d < 0 || d >= int64(expanded.Rank()) || expanded.Shape[d] == ir.Dynamic {
				p = ir.Dynamic
				break
			}
			p *= expanded.Shape[d]
		}
		shape[i] = p
	}
	return ir.RankedTensorType{Shape: shape, Elem: expanded.Elem}
}

// NewExpandShape creates a tensor.expand_shape of src to resultType.
func NewExpandShape(b *ir.Builder, loc ir.Location, resultType ir.Type, src *ir.Value, groups [][]int64) *ir.Value {
	return newReshapeLike(b, ExpandShape, loc, resultType, src, groups)
}

// NewCollapseShape creates a tensor.collapse_shape of src. resultType may be
// nil to use CollapsedType.
func NewCollapseShape(b *ir.Builder, loc ir.Location, resultType ir.Type, src *ir.Value, groups [][]int64) *ir.Value {
	if resultType == nil {
		st, _ := src.Type().(ir.RankedTensorType)
		resultType = CollapsedType(st, groups)
	}
	return newReshapeLike(b, CollapseShape, loc, resultType, src, groups)
}

func newReshapeLike(b *ir.Builder, name string, loc ir.Location, resultType ir.Type, src *ir.Value, groups [][]int64) *ir.Value {
	if resultType == nil {
		panic(fmt.Sprintf("tensor: %s needs a result type", name))
	}
	attrs := []ir.NamedAttr{{Name: AttrReassociation, Value: ReassociationAttr(groups)}}
	return b.Create(name, loc, []*ir.Value{src}, []ir.Type{resultType}, attrs, 0).Result(0)
}
