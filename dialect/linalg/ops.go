package linalg

import (
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
)

// Op names of the non-named ops.
const (
	Generic   = "linalg.generic"
	Yield     = "linalg.yield"
	Index     = "linalg.index"
	Map       = "linalg.map"
	Reduce    = "linalg.reduce"
	Transpose = "linalg.transpose"
	Broadcast = "linalg.broadcast"
)

// Dialect is the linalg dialect.
var Dialect = &ir.Dialect{
	Name: "linalg",
	Ops: append([]*ir.OpDef{genericDef, yieldDef, indexDef, mapDef, reduceDef, transposeDef, broadcastDef},
		namedDefs()...),
}

// genericAttrNames are the attributes the custom form of linalg.generic
// prints in its leading dictionary.
var genericAttrNames = []string{DocAttr, IndexingMapsAttr, IteratorTypesAttr, LibraryCallAttr}

var genericDef = &ir.OpDef{
	Name:          Generic,
	Summary:       "a structured op given by indexing maps, iterator types and a body",
	Traits:        ir.RecursivelyPure | ir.SingleBlock,
	Verify:        verifyGeneric,
	Print:         printGeneric,
	Parse:         parseGeneric,
	BlockArgNames: inOutArgNames,
}

// inOutArgNames names a generic body's arguments `in` and `out`, as
// upstream's getAsmBlockArgumentNames does.
func inOutArgNames(op *ir.Operation, region int) []string {
	n, ok := numInputs(op)
	if !ok {
		return nil
	}
	names := make([]string, op.NumOperands())
	for i := range names {
		names[i] = "out"
		if i < n {
			names[i] = "in"
		}
	}
	return names
}

func printGeneric(p *ir.Printer, op *ir.Operation) {
	p.Print(" ")
	var generic ir.DictionaryAttr
	for _, na := range op.Attrs() {
		if na.Name == IteratorTypesAttr {
			if arr, ok := na.Value.(ir.ArrayAttr); ok {
				strs := make(ir.ArrayAttr, len(arr))
				for i, a := range arr {
					if k, ok := iteratorKind(a); ok {
						strs[i] = ir.StringAttr(k)
					} else {
						strs[i] = a
					}
				}
				generic = append(generic, ir.NamedAttr{Name: na.Name, Value: strs})
				continue
			}
		}
		for _, g := range genericAttrNames {
			if na.Name == g {
				generic = append(generic, na)
			}
		}
	}
	if len(generic) > 0 {
		p.Attr(generic)
	}
	printInsOuts(p, Inputs(op), Outputs(op))
	elided := append(append([]string(nil), genericAttrNames...), SegmentsAttr)
	extra := false
	for _, na := range op.Attrs() {
		known := false
		for _, e := range elided {
			known = known || na.Name == e
		}
		if !known {
			extra = true
		}
	}
	if extra {
		p.Print(" attrs = ")
		p.AttrDict(op.Attrs(), elided...)
	}
	if op.NumRegions() > 0 && !op.Region(0).Empty() {
		p.Print(" ")
		p.Region(op.Region(0), true, false)
	}
	p.ArrowTypeList(op.ResultTypes())
}

func parseGeneric(p ir.Parser, st *ir.OperationState) error {
	before := len(st.Attrs)
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	if len(st.Attrs) == before {
		return p.Errorf("expected attribute value")
	}
	if a, ok := st.Attrs.Get(IteratorTypesAttr).(ir.ArrayAttr); ok {
		conv := make(ir.ArrayAttr, len(a))
		for i, e := range a {
			if s, ok := e.(ir.StringAttr); ok {
				if s != Parallel && s != Reduction {
					return p.Errorf("unknown iterator type %q", string(s))
				}
				conv[i] = IteratorTypeAttr(string(s))
			} else {
				conv[i] = e
			}
		}
		st.AddAttr(IteratorTypesAttr, conv)
	}
	inTypes, outTypes, err := parseInsOuts(p, st)
	if err != nil {
		return err
	}
	if p.ParseOptionalKeyword("attrs") {
		if err := p.ExpectPunct("="); err != nil {
			return err
		}
		if err := p.ParseOptionalAttrDict(st); err != nil {
			return err
		}
	}
	st.AddAttr(SegmentsAttr, segmentSizes(len(inTypes), len(outTypes)))
	if err := p.ParseRegion(st.AddRegion(), nil); err != nil {
		return err
	}
	st.ResultTypes, err = p.ParseOptionalArrowTypeList()
	return err
}

func verifyGeneric(op *ir.Operation) error {
	if err := verifySegments(op); err != nil {
		return err
	}
	mapsAttr := op.Attr(IndexingMapsAttr)
	if mapsAttr == nil {
		return ir.OpErrorf(op, "requires attribute '%s'", IndexingMapsAttr)
	}
	itAttr := op.Attr(IteratorTypesAttr)
	if itAttr == nil {
		return ir.OpErrorf(op, "requires attribute '%s'", IteratorTypesAttr)
	}
	// The lists go in arrays of this frame: a compiled module's loader
	// verifies every kernel before its first run.
	var mapsBuf [8]affine.Map
	var itersBuf [8]string
	maps := IndexingMapsInto(op, mapsBuf[:])
	if maps == nil {
		return ir.OpErrorf(op, "attribute '%s' failed to satisfy constraint: AffineMap array attribute", IndexingMapsAttr)
	}
	iters := IteratorTypesInto(op, itersBuf[:])
	if _, isArr := itAttr.(ir.ArrayAttr); !isArr || (iters == nil && len(itAttr.(ir.ArrayAttr)) > 0) {
		return ir.OpErrorf(op, "attribute '%s' failed to satisfy constraint: Iterator type should be an enum.", IteratorTypesAttr)
	}
	for _, name := range []string{DocAttr, LibraryCallAttr} {
		if a := op.Attr(name); a != nil {
			if _, ok := a.(ir.StringAttr); !ok {
				return ir.OpErrorf(op, "attribute '%s' failed to satisfy constraint: string attribute", name)
			}
		}
	}
	if err := verifyOperandKinds(op); err != nil {
		return err
	}
	nIn, _ := numInputs(op)
	if err := verifyDPS(op, nIn); err != nil {
		return err
	}
	return verifyStructured(op, maps, len(iters), allOperandIndices(op.NumOperands()))
}

var yieldDef = &ir.OpDef{
	Name:    Yield,
	Summary: "yields the values of a structured op's body",
	Traits:  ir.Pure | ir.Terminator | ir.ReturnLike,
	Verify:  verifyYield,
	Print: func(p *ir.Printer, op *ir.Operation) {
		if op.NumOperands() > 0 {
			p.Print(" ")
			p.Operands(op.Operands())
		}
		p.AttrDict(op.Attrs())
		if op.NumOperands() > 0 {
			p.Print(" : ")
			p.Types(op.OperandTypes())
		}
	},
	Parse: func(p ir.Parser, st *ir.OperationState) error {
		us, err := p.ParseOperandList()
		if err != nil {
			return err
		}
		if err := p.ParseOptionalAttrDict(st); err != nil {
			return err
		}
		var ts []ir.Type
		if len(us) > 0 {
			if ts, err = p.ParseColonTypeList(); err != nil {
				return err
			}
		}
		st.Operands, err = p.ResolveOperands(us, ts)
		return err
	},
}

func verifyYield(op *ir.Operation) error {
	parent := op.ParentOp()
	if parent == nil || parent.NumRegions() != 1 || parent.Region(0).Empty() {
		return ir.OpErrorf(op, "expected single non-empty parent region")
	}
	if !IsStructured(parent) {
		return ir.OpErrorf(op, "expected parent op with LinalgOp interface")
	}
	outs := Outputs(parent)
	if outs == nil && parent.NumOperands() > 0 {
		return nil // the parent's verifier reports its malformed operands
	}
	if op.NumOperands() != len(outs) {
		return ir.OpErrorf(op, "expected number of yield values (%d) to match the number of operands of the enclosing LinalgOp (%d)", len(outs), op.NumOperands())
	}
	for i, v := range op.Operands() {
		elem := ir.ElementType(outs[i].Type())
		if !ir.TypeEqual(v.Type(), elem) {
			return ir.OpErrorf(op, "type of yield operand %d ('%s') doesn't match the element type of the enclosing linalg.generic op ('%s')", i+1, v.Type(), elem)
		}
	}
	return nil
}

var indexDef = &ir.OpDef{
	Name:    Index,
	Summary: "the index of the enclosing structured op's loop along a dimension",
	Traits:  ir.Pure,
	Verify:  verifyIndex,
	Print: func(p *ir.Printer, op *ir.Operation) {
		p.Print(" ")
		if a, ok := op.Attr("dim").(ir.IntegerAttr); ok {
			p.Printf("%d", a.Value)
		} else {
			p.Attr(op.Attr("dim"))
		}
		p.AttrDict(op.Attrs(), "dim")
		p.Print(" : ")
		p.Types(op.ResultTypes())
	},
	Parse: func(p ir.Parser, st *ir.OperationState) error {
		v, err := p.ParseInteger()
		if err != nil {
			return err
		}
		st.AddAttr("dim", ir.I64Attr(v))
		if err := p.ParseOptionalAttrDict(st); err != nil {
			return err
		}
		t, err := p.ParseColonType()
		if err != nil {
			return err
		}
		st.ResultTypes = []ir.Type{t}
		return nil
	},
}

// IndexDim returns the dimension of a linalg.index op.
func IndexDim(op *ir.Operation) (int, bool) {
	a, ok := op.Attr("dim").(ir.IntegerAttr)
	if !ok {
		return 0, false
	}
	return int(a.Value), true
}

func verifyIndex(op *ir.Operation) error {
	a, ok := op.Attr("dim").(ir.IntegerAttr)
	if !ok {
		return ir.OpErrorf(op, "requires attribute 'dim'")
	}
	if !ir.TypeEqual(a.Type, ir.I64) || a.Value < 0 {
		return ir.OpErrorf(op, "attribute 'dim' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 0")
	}
	if op.NumOperands() != 0 || op.NumResults() != 1 || !ir.TypeEqual(op.Result(0).Type(), ir.Index) {
		return ir.OpErrorf(op, "expects no operands and one index result")
	}
	parent := op.ParentOp()
	if !IsStructured(parent) {
		return ir.OpErrorf(op, "expected parent op with LinalgOp interface")
	}
	if its := IteratorTypes(parent); its != nil && int(a.Value) >= len(its) {
		return ir.OpErrorf(op, "expected dim (%d) to be lower than the number of loops (%d) of the enclosing LinalgOp", a.Value, len(its))
	}
	return nil
}

// NewIndex builds `linalg.index dim : index`.
func NewIndex(b *ir.Builder, loc ir.Location, dim int) *ir.Value {
	return b.Create(Index, loc, nil, []ir.Type{ir.Index}, []ir.NamedAttr{{Name: "dim", Value: ir.I64Attr(int64(dim))}}, 0).Result(0)
}

// NewYield builds `linalg.yield vs`.
func NewYield(b *ir.Builder, loc ir.Location, vs []*ir.Value) *ir.Operation {
	return b.Create(Yield, loc, vs, nil, nil, 0)
}
