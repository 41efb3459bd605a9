package tensor

import (
	"github.com/torchlower/torchlower/ir"
)

// Op names.
const (
	Empty         = "tensor.empty"
	Extract       = "tensor.extract"
	Insert        = "tensor.insert"
	ExtractSlice  = "tensor.extract_slice"
	InsertSlice   = "tensor.insert_slice"
	ExpandShape   = "tensor.expand_shape"
	CollapseShape = "tensor.collapse_shape"
	Pad           = "tensor.pad"
	Yield         = "tensor.yield"
	Cast          = "tensor.cast"
	Dim           = "tensor.dim"
	Splat         = "tensor.splat"
	FromElements  = "tensor.from_elements"
	Generate      = "tensor.generate"
	Reshape       = "tensor.reshape"
	Rank          = "tensor.rank"
)

// Dialect is the tensor dialect.
var Dialect = &ir.Dialect{
	Name: "tensor",
	Ops: []*ir.OpDef{
		emptyDef, extractDef, insertDef, extractSliceDef, insertSliceDef,
		expandShapeDef, collapseShapeDef, padDef, yieldDef, castDef, dimDef,
		splatDef, fromElementsDef, generateDef, reshapeDef, rankDef,
	},
}

// name returns a ResultNames hook giving the single result a fixed hint.
func name(hint string) func(*ir.Operation) []string {
	return func(*ir.Operation) []string { return []string{hint} }
}

// ranked returns the ranked tensor type of v, if it has one.
func ranked(v *ir.Value) (ir.RankedTensorType, bool) {
	if v == nil {
		return ir.RankedTensorType{}, false
	}
	t, ok := v.Type().(ir.RankedTensorType)
	return t, ok
}

// checkCounts verifies the operand and result counts every fixed-arity op
// needs before its verifier may index operands.
func checkCounts(op *ir.Operation, operands, results int) error {
	if op.NumOperands() != operands {
		return ir.OpErrorf(op, "expected %d operands, but found %d", operands, op.NumOperands())
	}
	if op.NumResults() != results {
		return ir.OpErrorf(op, "requires %d results, but found %d", results, op.NumResults())
	}
	return nil
}

func checkResults(op *ir.Operation, n int) error {
	if op.NumResults() != n {
		return ir.OpErrorf(op, "requires %d results, but found %d", n, op.NumResults())
	}
	return nil
}

// checkIndexOperands requires operands[from:] to be of index type.
func checkIndexOperands(op *ir.Operation, from int) error {
	for i := from; i < op.NumOperands(); i++ {
		if _, ok := op.Operand(i).Type().(ir.IndexType); !ok {
			return ir.OpErrorf(op, "operand #%d must be index, but got '%s'", i, op.Operand(i).Type())
		}
	}
	return nil
}

// ---- tensor.empty -------------------------------------------------------

var emptyDef = &ir.OpDef{
	Name:    Empty,
	Summary: "an uninitialized tensor of the given shape",
	Traits:  ir.Pure,
	Verify: func(op *ir.Operation) error {
		if err := checkResults(op, 1); err != nil {
			return err
		}
		t, ok := ranked(op.Result(0))
		if !ok {
			return ir.OpErrorf(op, "result #0 must be ranked tensor of any type values, but got '%s'", op.Result(0).Type())
		}
		if err := checkIndexOperands(op, 0); err != nil {
			return err
		}
		if want := countDynamic(t.Shape); want != op.NumOperands() {
			return ir.OpErrorf(op, "incorrect number of dynamic sizes, has %d, expected %d", op.NumOperands(), want)
		}
		return nil
	},
	Print: func(p *ir.Printer, op *ir.Operation) {
		if malformed(p, op, 0, 1, 0) {
			return
		}
		p.Print("(")
		p.Operands(op.Operands())
		p.Print(")")
		p.AttrDict(op.Attrs())
		p.Print(" : ")
		p.Types(op.ResultTypes())
	},
	Parse: func(p ir.Parser, st *ir.OperationState) error {
		if err := p.ExpectPunct("("); err != nil {
			return err
		}
		us, err := p.ParseOperandList()
		if err != nil {
			return err
		}
		if err := p.ExpectPunct(")"); err != nil {
			return err
		}
		if err := p.ParseOptionalAttrDict(st); err != nil {
			return err
		}
		t, err := p.ParseColonType()
		if err != nil {
			return err
		}
		if st.Operands, err = resolveIndices(p, us); err != nil {
			return err
		}
		st.ResultTypes = []ir.Type{t}
		return nil
	},
}

// ---- tensor.extract / tensor.insert -------------------------------------

var extractDef = &ir.OpDef{
	Name:    Extract,
	Summary: "reads one element of a tensor",
	Traits:  ir.Pure,
	Verify: func(op *ir.Operation) error {
		if op.NumOperands() < 1 {
			return ir.OpErrorf(op, "expected at least 1 operand")
		}
		if err := checkResults(op, 1); err != nil {
			return err
		}
		if err := checkIndexOperands(op, 1); err != nil {
			return err
		}
		src := op.Operand(0).Type()
		if !ir.IsTensor(src) {
			return ir.OpErrorf(op, "operand #0 must be tensor of any type values, but got '%s'", src)
		}
		if !ir.TypeEqual(ir.ElementType(src), op.Result(0).Type()) {
			return ir.OpErrorf(op, "failed to verify that result type matches element type of tensor")
		}
		if t, ok := src.(ir.RankedTensorType); ok && t.Rank() != op.NumOperands()-1 {
			return ir.OpErrorf(op, "incorrect number of indices for extract_element")
		}
		return nil
	},
	Print: func(p *ir.Printer, op *ir.Operation) {
		if malformed(p, op, 1, 1, 0) {
			return
		}
		p.Print(" ")
		p.Operand(op.Operand(0))
		p.Print("[")
		p.Operands(op.Operands()[1:])
		p.Print("]")
		p.AttrDict(op.Attrs())
		p.Print(" : ")
		p.Type(op.Operand(0).Type())
	},
	Parse: func(p ir.Parser, st *ir.OperationState) error {
		src, err := p.ParseOperand()
		if err != nil {
			return err
		}
		idx, err := parseBracketOperands(p)
		if err != nil {
			return err
		}
		if err := p.ParseOptionalAttrDict(st); err != nil {
			return err
		}
		t, err := p.ParseColonType()
		if err != nil {
			return err
		}
		s, err := p.ResolveOperand(src, t)
		if err != nil {
			return err
		}
		iv, err := resolveIndices(p, idx)
		if err != nil {
			return err
		}
		st.Operands = append([]*ir.Value{s}, iv...)
		st.ResultTypes = []ir.Type{ir.ElementType(t)}
		return nil
	},
	ResultNames: name("extracted"),
	Fold:        foldExtract,
}

// parseBracketOperands reads `[%a, %b]`, possibly empty.
func parseBracketOperands(p ir.Parser) ([]ir.UnresolvedOperand, error) {
	if err := p.ExpectPunct("["); err != nil {
		return nil, err
	}
	us, err := p.ParseOperandList()
	if err != nil {
		return nil, err
	}
	return us, p.ExpectPunct("]")
}

var insertDef = &ir.OpDef{
	Name:    Insert,
	Summary: "writes one element of a tensor, giving a new tensor",
	Traits:  ir.Pure,
	Verify: func(op *ir.Operation) error {
		if op.NumOperands() < 2 {
			return ir.OpErrorf(op, "expected at least 2 operands")
		}
		if err := checkResults(op, 1); err != nil {
			return err
		}
		if err := checkIndexOperands(op, 2); err != nil {
			return err
		}
		dest := op.Operand(1).Type()
		if !ir.IsTensor(dest) {
			return ir.OpErrorf(op, "operand #1 must be tensor of any type values, but got '%s'", dest)
		}
		if !ir.TypeEqual(dest, op.Result(0).Type()) {
			return ir.OpErrorf(op, "failed to verify that result type matches type of dest")
		}
		if !ir.TypeEqual(ir.ElementType(dest), op.Operand(0).Type()) {
			return ir.OpErrorf(op, "failed to verify that scalar type matches element type of dest")
		}
		if t, ok := dest.(ir.RankedTensorType); ok && t.Rank() != op.NumOperands()-2 {
			return ir.OpErrorf(op, "incorrect number of indices")
		}
		return nil
	},
	Print: func(p *ir.Printer, op *ir.Operation) {
		if malformed(p, op, 2, 1, 0) {
			return
		}
		p.Print(" ")
		p.Operand(op.Operand(0))
		p.Print(" into ")
		p.Operand(op.Operand(1))
		p.Print("[")
		p.Operands(op.Operands()[2:])
		p.Print("]")
		p.AttrDict(op.Attrs())
		p.Print(" : ")
		p.Type(op.Operand(1).Type())
	},
	Parse: func(p ir.Parser, st *ir.OperationState) error {
		scalar, err := p.ParseOperand()
		if err != nil {
			return err
		}
		if err := p.ExpectKeyword("into"); err != nil {
			return err
		}
		dest, err := p.ParseOperand()
		if err != nil {
			return err
		}
		idx, err := parseBracketOperands(p)
		if err != nil {
			return err
		}
		if err := p.ParseOptionalAttrDict(st); err != nil {
			return err
		}
		t, err := p.ParseColonType()
		if err != nil {
			return err
		}
		vs, err := p.ResolveOperands([]ir.UnresolvedOperand{scalar, dest}, []ir.Type{ir.ElementType(t), t})
		if err != nil {
			return err
		}
		iv, err := resolveIndices(p, idx)
		if err != nil {
			return err
		}
		st.Operands = append(vs, iv...)
		st.ResultTypes = []ir.Type{t}
		return nil
	},
	ResultNames: name("inserted"),
}

// ---- tensor.yield -------------------------------------------------------

var yieldDef = &ir.OpDef{
	Name:    Yield,
	Summary: "yields the element value from a tensor.pad or tensor.generate body",
	Traits:  ir.Pure | ir.Terminator | ir.ReturnLike,
	Verify: func(op *ir.Operation) error {
		if err := checkCounts(op, 1, 0); err != nil {
			return err
		}
		if parent := op.ParentOp(); parent != nil && parent.Name != Pad && parent.Name != Generate {
			return ir.OpErrorf(op, "expects parent op to be one of 'tensor.generate, tensor.pad'")
		}
		return nil
	},
	Print: func(p *ir.Printer, op *ir.Operation) {
		if malformed(p, op, 0, 0, 0) {
			return
		}
		p.Print(" ")
		p.Operands(op.Operands())
		p.AttrDict(op.Attrs())
		p.Print(" : ")
		p.Types(op.OperandTypes())
	},
	Parse: func(p ir.Parser, st *ir.OperationState) error {
		u, err := p.ParseOperand()
		if err != nil {
			return err
		}
		if err := p.ParseOptionalAttrDict(st); err != nil {
			return err
		}
		t, err := p.ParseColonType()
		if err != nil {
			return err
		}
		v, err := p.ResolveOperand(u, t)
		if err != nil {
			return err
		}
		st.Operands = []*ir.Value{v}
		return nil
	},
}

// ---- tensor.cast --------------------------------------------------------

var castDef = &ir.OpDef{
	Name:    Cast,
	Summary: "converts between tensor types that agree where both are static",
	Traits:  ir.Pure,
	Verify: func(op *ir.Operation) error {
		if err := checkCounts(op, 1, 1); err != nil {
			return err
		}
		from, to := op.Operand(0).Type(), op.Result(0).Type()
		if !CastCompatible(from, to) {
			return ir.OpErrorf(op, "operand type '%s' and result type '%s' are cast incompatible", from, to)
		}
		return nil
	},
	Print: func(p *ir.Printer, op *ir.Operation) {
		if malformed(p, op, 1, 1, 0) {
			return
		}
		p.Print(" ")
		p.Operand(op.Operand(0))
		p.AttrDict(op.Attrs())
		p.Print(" : ")
		p.Type(op.Operand(0).Type())
		p.Print(" to ")
		p.Type(op.Result(0).Type())
	},
	Parse:       parseUnaryTo("to"),
	ResultNames: name("cast"),
	Fold:        foldCast,
}

// parseUnaryTo reads `%src attr-dict : type kw type`, the shared form of
// tensor.cast and the reshape-like ops (after their own middle part).
func parseUnaryTo(kw string) func(p ir.Parser, st *ir.OperationState) error {
	return func(p ir.Parser, st *ir.OperationState) error {
		u, err := p.ParseOperand()
		if err != nil {
			return err
		}
		if err := p.ParseOptionalAttrDict(st); err != nil {
			return err
		}
		return finishUnary(p, st, u, kw)
	}
}

// finishUnary reads `: srcType kw resultType` and resolves the source.
func finishUnary(p ir.Parser, st *ir.OperationState, u ir.UnresolvedOperand, kw string) error {
	from, err := p.ParseColonType()
	if err != nil {
		return err
	}
	if err := p.ExpectKeyword(kw); err != nil {
		return err
	}
	to, err := p.ParseType()
	if err != nil {
		return err
	}
	v, err := p.ResolveOperand(u, from)
	if err != nil {
		return err
	}
	st.Operands = []*ir.Value{v}
	st.ResultTypes = []ir.Type{to}
	return nil
}

// CastCompatible reports whether tensor.cast may convert a into b: both
// tensors with the same element type, and equal ranks and static sizes
// wherever both are ranked and static.
func CastCompatible(a, b ir.Type) bool {
	if !ir.IsTensor(a) || !ir.IsTensor(b) || !ir.TypeEqual(ir.ElementType(a), ir.ElementType(b)) {
		return false
	}
	ra, okA := a.(ir.RankedTensorType)
	rb, okB := b.(ir.RankedTensorType)
	if !okA || !okB {
		return true
	}
	if ra.Rank() != rb.Rank() {
		return false
	}
	for i := range ra.Shape {
		if ra.Shape[i] != ir.Dynamic && rb.Shape[i] != ir.Dynamic && ra.Shape[i] != rb.Shape[i] {
			return false
		}
	}
	return true
}

// ---- tensor.dim / tensor.rank -------------------------------------------

var dimDef = &ir.OpDef{
	Name:    Dim,
	Summary: "the size of one dimension of a tensor",
	Traits:  ir.Pure,
	Verify: func(op *ir.Operation) error {
		if err := checkCounts(op, 2, 1); err != nil {
			return err
		}
		if !ir.IsTensor(op.Operand(0).Type()) {
			return ir.OpErrorf(op, "operand #0 must be tensor of any type values, but got '%s'", op.Operand(0).Type())
		}
		if err := checkIndexOperands(op, 1); err != nil {
			return err
		}
		if _, ok := op.Result(0).Type().(ir.IndexType); !ok {
			return ir.OpErrorf(op, "result #0 must be index, but got '%s'", op.Result(0).Type())
		}
		return nil
	},
	// Upstream's format puts the attribute dictionary first:
	// `tensor.dim {a = 1 : i64} %t, %c0 : tensor<?xf32>`.
	Print: func(p *ir.Printer, op *ir.Operation) {
		if malformed(p, op, 1, 1, 0) {
			return
		}
		p.AttrDict(op.Attrs())
		p.Print(" ")
		p.Operands(op.Operands())
		p.Print(" : ")
		p.Type(op.Operand(0).Type())
	},
	Parse: func(p ir.Parser, st *ir.OperationState) error {
		if err := p.ParseOptionalAttrDict(st); err != nil {
			return err
		}
		src, err := p.ParseOperand()
		if err != nil {
			return err
		}
		if err := p.ExpectPunct(","); err != nil {
			return err
		}
		idx, err := p.ParseOperand()
		if err != nil {
			return err
		}
		t, err := p.ParseColonType()
		if err != nil {
			return err
		}
		if st.Operands, err = p.ResolveOperands([]ir.UnresolvedOperand{src, idx}, []ir.Type{t, ir.Index}); err != nil {
			return err
		}
		st.ResultTypes = []ir.Type{ir.Index}
		return nil
	},
	ResultNames: name("dim"),
	Fold:        foldDim,
}

var rankDef = &ir.OpDef{
	Name:    Rank,
	Summary: "the rank of a tensor",
	Traits:  ir.Pure,
	Verify: func(op *ir.Operation) error {
		if err := checkCounts(op, 1, 1); err != nil {
			return err
		}
		if !ir.IsTensor(op.Operand(0).Type()) {
			return ir.OpErrorf(op, "operand #0 must be tensor of any type values, but got '%s'", op.Operand(0).Type())
		}
		if _, ok := op.Result(0).Type().(ir.IndexType); !ok {
			return ir.OpErrorf(op, "result #0 must be index, but got '%s'", op.Result(0).Type())
		}
		return nil
	},
	Print:       printOperandColonType,
	Parse:       parseOperandColonType(func(ir.Type) ir.Type { return ir.Index }),
	ResultNames: name("rank"),
	Fold: func(op *ir.Operation, _ []ir.Attribute) []ir.FoldResult {
		if op.NumOperands() != 1 || op.NumResults() != 1 {
			return nil
		}
		if t, ok := ranked(op.Operand(0)); ok {
			return []ir.FoldResult{{Attr: ir.IndexAttr(int64(t.Rank()))}}
		}
		return nil
	},
}

// printOperandColonType writes ` %x attr-dict : type(%x)`.
func printOperandColonType(p *ir.Printer, op *ir.Operation) {
	if malformed(p, op, 1, 0, 0) {
		return
	}
	p.Print(" ")
	p.Operands(op.Operands())
	p.AttrDict(op.Attrs())
	p.Print(" : ")
	p.Types(op.OperandTypes())
}

// parseOperandColonType reads `%x attr-dict : type` and derives the result
// type from the operand type.
func parseOperandColonType(result func(ir.Type) ir.Type) func(ir.Parser, *ir.OperationState) error {
	return func(p ir.Parser, st *ir.OperationState) error {
		u, err := p.ParseOperand()
		if err != nil {
			return err
		}
		if err := p.ParseOptionalAttrDict(st); err != nil {
			return err
		}
		t, err := p.ParseColonType()
		if err != nil {
			return err
		}
		v, err := p.ResolveOperand(u, t)
		if err != nil {
			return err
		}
		st.Operands = []*ir.Value{v}
		st.ResultTypes = []ir.Type{result(t)}
		return nil
	}
}

// ---- tensor.splat / tensor.from_elements --------------------------------

var splatDef = &ir.OpDef{
	Name:    Splat,
	Summary: "a tensor with every element equal to one scalar",
	Traits:  ir.Pure,
	Verify: func(op *ir.Operation) error {
		if err := checkCounts(op, 1, 1); err != nil {
			return err
		}
		t, ok := ranked(op.Result(0))
		if !ok || !t.HasStaticShape() {
			return ir.OpErrorf(op, "result #0 must be statically shaped tensor of any type values, but got '%s'", op.Result(0).Type())
		}
		if !ir.TypeEqual(t.Elem, op.Operand(0).Type()) {
			return ir.OpErrorf(op, "failed to verify that operand type matches element type of result")
		}
		return nil
	},
	// The result type is printed, the operand type derived from it.
	Print: func(p *ir.Printer, op *ir.Operation) {
		if malformed(p, op, 1, 1, 0) {
			return
		}
		p.Print(" ")
		p.Operand(op.Operand(0))
		p.AttrDict(op.Attrs())
		p.Print(" : ")
		p.Type(op.Result(0).Type())
	},
	Parse: func(p ir.Parser, st *ir.OperationState) error {
		u, err := p.ParseOperand()
		if err != nil {
			return err
		}
		if err := p.ParseOptionalAttrDict(st); err != nil {
			return err
		}
		t, err := p.ParseColonType()
		if err != nil {
			return err
		}
		v, err := p.ResolveOperand(u, ir.ElementType(t))
		if err != nil {
			return err
		}
		st.Operands = []*ir.Value{v}
		st.ResultTypes = []ir.Type{t}
		return nil
	},
	ResultNames: name("splat"),
	Fold:        foldSplat,
}

var fromElementsDef = &ir.OpDef{
	Name:    FromElements,
	Summary: "a static tensor built from its elements in row-major order",
	Traits:  ir.Pure,
	Verify: func(op *ir.Operation) error {
		if err := checkResults(op, 1); err != nil {
			return err
		}
		t, ok := ranked(op.Result(0))
		if !ok || !t.HasStaticShape() {
			return ir.OpErrorf(op, "result #0 must be statically shaped tensor of any type values, but got '%s'", op.Result(0).Type())
		}
		if n := ir.NumElements(t.Shape); n != int64(op.NumOperands()) {
			return ir.OpErrorf(op, "%d operands present, but expected %d", op.NumOperands(), n)
		}
		for i, v := range op.Operands() {
			if !ir.TypeEqual(v.Type(), t.Elem) {
				return ir.OpErrorf(op, "operand #%d must be %s, but got '%s'", i, t.Elem, v.Type())
			}
		}
		return nil
	},
	// Upstream prints `tensor.from_elements  : tensor<0xf32>` (two spaces)
	// when there are no elements; the space before the list stays.
	Print: func(p *ir.Printer, op *ir.Operation) {
		if malformed(p, op, 0, 1, 0) {
			return
		}
		p.Print(" ")
		p.Operands(op.Operands())
		p.AttrDict(op.Attrs())
		p.Print(" : ")
		p.Type(op.Result(0).Type())
	},
	Parse: func(p ir.Parser, st *ir.OperationState) error {
		us, err := p.ParseOperandList()
		if err != nil {
			return err
		}
		if err := p.ParseOptionalAttrDict(st); err != nil {
			return err
		}
		t, err := p.ParseColonType()
		if err != nil {
			return err
		}
		n := len(us)
		if rt, ok := t.(ir.RankedTensorType); ok && rt.HasStaticShape() {
			n = int(ir.NumElements(rt.Shape))
		}
		ts := make([]ir.Type, n)
		for i := range ts {
			ts[i] = ir.ElementType(t)
		}
		if st.Operands, err = p.ResolveOperands(us, ts); err != nil {
			return err
		}
		st.ResultTypes = []ir.Type{t}
		return nil
	},
	ResultNames: name("from_elements"),
	Fold:        foldFromElements,
}

// ---- tensor.generate ----------------------------------------------------

var generateDef = &ir.OpDef{
	Name:    Generate,
	Summary: "a tensor whose elements are computed by a region from their indices",
	Traits:  ir.RecursivelyPure | ir.SingleBlock,
	Verify: func(op *ir.Operation) error {
		if err := checkResults(op, 1); err != nil {
			return err
		}
		if op.NumRegions() != 1 {
			return ir.OpErrorf(op, "requires one region")
		}
		t, ok := ranked(op.Result(0))
		if !ok {
			return ir.OpErrorf(op, "result #0 must be ranked tensor of any type values, but got '%s'", op.Result(0).Type())
		}
		if err := checkIndexOperands(op, 0); err != nil {
			return err
		}
		if countDynamic(t.Shape) != op.NumOperands() {
			return ir.Errorf(op.Loc, "must have as many index operands as dynamic extents in the result type")
		}
		blk := op.Region(0).Front()
		if blk == nil {
			return ir.OpErrorf(op, "region #0 ('body') failed to verify constraint: region with 1 blocks")
		}
		if len(blk.Args()) != t.Rank() {
			return ir.Errorf(op.Loc, "must have one body argument per input dimension")
		}
		for _, a := range blk.Args() {
			if _, ok := a.Type().(ir.IndexType); !ok {
				return ir.Errorf(op.Loc, "all body arguments must be index")
			}
		}
		y := blk.Last()
		if y == nil || y.Name != Yield || y.NumOperands() != 1 || !ir.TypeEqual(y.Operand(0).Type(), t.Elem) {
			return ir.OpErrorf(op, "body must be terminated with a `yield` operation of the tensor element type")
		}
		return nil
	},
	// Upstream prints `tensor.generate  {` (two spaces) without extents.
	Print: func(p *ir.Printer, op *ir.Operation) {
		if malformed(p, op, 0, 1, 1) {
			return
		}
		p.Print(" ")
		p.Operands(op.Operands())
		p.Print(" ")
		p.Region(op.Region(0), true, false)
		p.AttrDict(op.Attrs())
		p.Print(" : ")
		p.Type(op.Result(0).Type())
	},
	Parse: func(p ir.Parser, st *ir.OperationState) error {
		us, err := p.ParseOperandList()
		if err != nil {
			return err
		}
		if err := p.ParseRegion(st.AddRegion(), nil); err != nil {
			return err
		}
		if err := p.ParseOptionalAttrDict(st); err != nil {
			return err
		}
		t, err := p.ParseColonType()
		if err != nil {
			return err
		}
		if st.Operands, err = resolveIndices(p, us); err != nil {
			return err
		}
		st.ResultTypes = []ir.Type{t}
		return nil
	},
	ResultNames: name("generated"),
}

// ---- tensor.reshape -----------------------------------------------------

var reshapeDef = &ir.OpDef{
	Name:    Reshape,
	Summary: "reshapes a tensor to the shape held in a 1-D shape tensor",
	Traits:  ir.Pure,
	Verify: func(op *ir.Operation) error {
		if err := checkCounts(op, 2, 1); err != nil {
			return err
		}
		src, res, shape := op.Operand(0).Type(), op.Result(0).Type(), op.Operand(1).Type()
		if !ir.IsTensor(src) || !ir.IsTensor(res) {
			return ir.OpErrorf(op, "operand #0 and result must be tensors")
		}
		st, ok := shape.(ir.RankedTensorType)
		if !ok || st.Rank() != 1 || !ir.IsIntOrIndex(st.Elem) {
			return ir.OpErrorf(op, "operand #1 must be 1D tensor of signless integer or index values, but got '%s'", shape)
		}
		if !ir.TypeEqual(ir.ElementType(src), ir.ElementType(res)) {
			return ir.OpErrorf(op, "element types of source and destination tensor types should be the same")
		}
		rs, resRanked := res.(ir.RankedTensorType)
		if ss, ok := src.(ir.RankedTensorType); ok && resRanked {
			a, b := ir.NumElements(ss.Shape), ir.NumElements(rs.Shape)
			if a >= 0 && b >= 0 && a != b {
				return ir.OpErrorf(op, "source and destination tensor should have the same number of elements")
			}
		}
		if resRanked {
			if st.Shape[0] == ir.Dynamic {
				return ir.OpErrorf(op, "cannot use shape operand with dynamic length to reshape to statically-ranked tensor type")
			}
			if st.Shape[0] != int64(rs.Rank()) {
				return ir.OpErrorf(op, "length of shape operand differs from the result's tensor rank")
			}
		}
		return nil
	},
	Print: func(p *ir.Printer, op *ir.Operation) {
		if malformed(p, op, 2, 1, 0) {
			return
		}
		p.Print(" ")
		p.Operand(op.Operand(0))
		p.Print("(")
		p.Operand(op.Operand(1))
		p.Print(")")
		p.AttrDict(op.Attrs())
		p.Print(" : ")
		p.FunctionalType(op)
	},
	Parse: func(p ir.Parser, st *ir.OperationState) error {
		src, err := p.ParseOperand()
		if err != nil {
			return err
		}
		if err := p.ExpectPunct("("); err != nil {
			return err
		}
		shape, err := p.ParseOperand()
		if err != nil {
			return err
		}
		if err := p.ExpectPunct(")"); err != nil {
			return err
		}
		if err := p.ParseOptionalAttrDict(st); err != nil {
			return err
		}
		ft, err := p.ParseColonType()
		if err != nil {
			return err
		}
		fn, ok := ft.(ir.FunctionType)
		if !ok {
			return p.Errorf("expected a function type")
		}
		if st.Operands, err = p.ResolveOperands([]ir.UnresolvedOperand{src, shape}, fn.Inputs); err != nil {
			return err
		}
		st.ResultTypes = fn.Results
		return nil
	},
	ResultNames: name("reshape"),
}

// malformed guards custom printers against ops that were never verified
// (diagnostics print whatever they are given): with fewer operands,
// results or regions than the custom form needs, it writes a marker
// instead of indexing past the end.
func malformed(p *ir.Printer, op *ir.Operation, operands, results, regions int) bool {
	if op.NumOperands() >= operands && op.NumResults() >= results && op.NumRegions() >= regions {
		return false
	}
	p.Printf(" <<malformed: %d operands, %d results, %d regions>>", op.NumOperands(), op.NumResults(), op.NumRegions())
	return true
}
