package tensor

import (
	"github.com/torchlower/torchlower/ir"
)

// padElided are the attributes the custom form of tensor.pad shows as
// keywords and index lists.
var padElided = []string{segmentAttr, AttrNoFold, AttrStaticLow, AttrStaticHigh}

// PadParams returns the low and high padding amounts of a tensor.pad, each
// entry static or an SSA value; nils for other ops or malformed attributes.
func PadParams(op *ir.Operation) (low, high []Mixed) {
	if op.Name != Pad {
		return nil, nil
	}
	low = mixedList(op, AttrStaticLow, 3, 1)
	high = mixedList(op, AttrStaticHigh, 3, 2)
	if low == nil || high == nil {
		return nil, nil
	}
	return low, high
}

// PadNoFold reports whether a tensor.pad carries `nofold`, which keeps
// even a no-op pad (a request for a fresh buffer).
func PadNoFold(op *ir.Operation) bool {
	_, ok := op.Attr(AttrNoFold).(ir.UnitAttr)
	return ok
}

// PadValue returns the padding value of a tensor.pad whose body yields one
// value defined outside it (the usual constant padding), or nil when the
// padding depends on the element index.
func PadValue(op *ir.Operation) *ir.Value {
	if op.Name != Pad || op.NumRegions() != 1 {
		return nil
	}
	blk := op.Region(0).Front()
	if blk == nil {
		return nil
	}
	y := blk.Last()
	if y == nil || y.Name != Yield || y.NumOperands() != 1 {
		return nil
	}
	v := y.Operand(0)
	if v.ParentBlock() == blk {
		return nil
	}
	if v.IsBlockArg() {
		// A block argument of an enclosing block is defined outside.
		return v
	}
	for p := v.DefiningOp(); p != nil; p = p.ParentOp() {
		if p == op {
			return nil
		}
	}
	return v
}

// InferPadType is the result type of padding source by low and high:
// source size + low + high where all three are static, `?` elsewhere.
func InferPadType(source ir.RankedTensorType, low, high []int64) ir.RankedTensorType {
	shape := make([]int64, source.Rank())
	for i, d := range source.Shape {
		if d == ir.Dynamic || i >= len(low) || i >= len(high) || low[i] == ir.Dynamic || high[i] == ir.Dynamic {
			shape[i] = ir.Dynamic
			continue
		}
		shape[i] = d + low[i] + high[i]
	}
	return ir.RankedTensorType{Shape: shape, Elem: source.Elem}
}

var padDef = &ir.OpDef{
	Name:    Pad,
	Summary: "pads a tensor with values computed by its region",
	Traits:  ir.Pure | ir.SingleBlock,
	Verify:  verifyPad,
	Print: func(p *ir.Printer, op *ir.Operation) {
		if malformed(p, op, 1, 1, 1) {
			return
		}
		p.Print(" ")
		p.Operand(op.Operand(0))
		if PadNoFold(op) {
			p.Print(" nofold")
		}
		low, high := PadParams(op)
		p.Print(" low")
		s, d := SplitMixed(low)
		PrintDynamicIndexList(p, s, d)
		p.Print(" high")
		s, d = SplitMixed(high)
		PrintDynamicIndexList(p, s, d)
		p.Print(" ")
		p.Region(op.Region(0), true, false)
		p.AttrDict(op.Attrs(), padElided...)
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
		if p.ParseOptionalKeyword("nofold") {
			st.AddAttr(AttrNoFold, ir.UnitAttr{})
		}
		var dyn [2][]*ir.Value
		for i, kw := range []string{"low", "high"} {
			if err := p.ExpectKeyword(kw); err != nil {
				return err
			}
			static, us, err := ParseDynamicIndexList(p)
			if err != nil {
				return err
			}
			if dyn[i], err = resolveIndices(p, us); err != nil {
				return err
			}
			st.AddAttr([]string{AttrStaticLow, AttrStaticHigh}[i], ir.I64Array(static...))
		}
		if err := p.ParseRegion(st.AddRegion(), nil); err != nil {
			return err
		}
		if err := p.ParseOptionalAttrDict(st); err != nil {
			return err
		}
		if err := finishUnary(p, st, src, "to"); err != nil {
			return err
		}
		st.Operands = append(append(st.Operands, dyn[0]...), dyn[1]...)
		st.AddAttr(segmentAttr, ir.I32Array(1, int64(len(dyn[0])), int64(len(dyn[1]))))
		return nil
	},
	ResultNames: name("padded"),
	Fold:        foldPad,
}

func verifyPad(op *ir.Operation) error {
	if op.NumOperands() < 1 {
		return ir.OpErrorf(op, "expected at least 1 operand")
	}
	if err := checkResults(op, 1); err != nil {
		return err
	}
	if op.NumRegions() != 1 {
		return ir.OpErrorf(op, "requires one region")
	}
	src, ok := ranked(op.Operand(0))
	if !ok {
		return ir.OpErrorf(op, "operand #0 must be ranked tensor of any type values, but got '%s'", op.Operand(0).Type())
	}
	res, ok := ranked(op.Result(0))
	if !ok {
		return ir.OpErrorf(op, "result #0 must be ranked tensor of any type values, but got '%s'", op.Result(0).Type())
	}
	for _, a := range []string{AttrStaticLow, AttrStaticHigh} {
		if _, ok := staticArray(op, a); !ok {
			return ir.OpErrorf(op, "requires attribute '%s'", a)
		}
	}
	if a := op.Attr(AttrNoFold); a != nil {
		if _, ok := a.(ir.UnitAttr); !ok {
			return ir.OpErrorf(op, "attribute '%s' failed to satisfy constraint: unit attribute", AttrNoFold)
		}
	}
	if err := verifySegments(op, 3); err != nil {
		return err
	}
	if err := verifyIndexList(op, "low", AttrStaticLow, src.Rank(), 3, 1); err != nil {
		return err
	}
	if err := verifyIndexList(op, "high", AttrStaticHigh, src.Rank(), 3, 2); err != nil {
		return err
	}
	if err := checkIndexOperands(op, 1); err != nil {
		return err
	}
	if res.Rank() != src.Rank() {
		return ir.OpErrorf(op, "expected result rank %d to match source rank %d", res.Rank(), src.Rank())
	}
	low, _ := staticArray(op, AttrStaticLow)
	high, _ := staticArray(op, AttrStaticHigh)
	expected := InferPadType(src, low, high)
	for i := range res.Shape {
		if res.Shape[i] != expected.Shape[i] && expected.Shape[i] != ir.Dynamic {
			return ir.Errorf(op.Loc, "specified type '%s' does not match the inferred type '%s'", res, expected)
		}
	}
	if !ir.TypeEqual(res.Elem, src.Elem) {
		return ir.OpErrorf(op, "expected result element type '%s' to match source element type '%s'", res.Elem, src.Elem)
	}
	blk := op.Region(0).Front()
	if blk == nil {
		return ir.OpErrorf(op, "region #0 ('region') failed to verify constraint: region with 1 blocks")
	}
	if len(blk.Args()) != res.Rank() {
		return ir.Errorf(op.Loc, "expected the block to have %d arguments", res.Rank())
	}
	for i, a := range blk.Args() {
		if _, ok := a.Type().(ir.IndexType); !ok {
			return ir.OpErrorf(op, "expected block argument %d to be an index", i+1)
		}
	}
	y := blk.Last()
	if y == nil || y.Name != Yield || y.NumOperands() != 1 {
		return ir.OpErrorf(op, "expects the body to end with a 'tensor.yield'")
	}
	if !ir.TypeEqual(y.Operand(0).Type(), res.Elem) {
		return ir.OpErrorf(op, "expected yield type to match shape element type")
	}
	return nil
}

// NewPad creates a tensor.pad of src by low and high that yields padValue
// everywhere outside src. resultType may be nil to use the inferred type.
func NewPad(b *ir.Builder, loc ir.Location, resultType ir.Type, src *ir.Value, low, high []Mixed, padValue *ir.Value, nofold bool) *ir.Value {
	sl, dl := SplitMixed(low)
	sh, dh := SplitMixed(high)
	srcType, _ := src.Type().(ir.RankedTensorType)
	if resultType == nil {
		resultType = InferPadType(srcType, sl, sh)
	}
	attrs := []ir.NamedAttr{
		{Name: segmentAttr, Value: ir.I32Array(1, int64(len(dl)), int64(len(dh)))},
		{Name: AttrStaticLow, Value: ir.I64Array(sl...)},
		{Name: AttrStaticHigh, Value: ir.I64Array(sh...)},
	}
	if nofold {
		attrs = append(attrs, ir.NamedAttr{Name: AttrNoFold, Value: ir.UnitAttr{}})
	}
	operands := append(append([]*ir.Value{src}, dl...), dh...)
	op := b.Create(Pad, loc, operands, []ir.Type{resultType}, attrs, 1)
	rank := 0
	if rt, ok := resultType.(ir.RankedTensorType); ok {
		rank = rt.Rank()
	}
	blk := ir.NewBlock(indexTypes(rank)...)
	op.Region(0).AppendBlock(blk)
	yb := &ir.Builder{Ctx: b.Ctx, Listener: b.Listener}
	yb.SetInsertionPointToEnd(blk)
	NewYield(yb, loc, padValue)
	return op.Result(0)
}

// NewYield creates the tensor.yield terminator of a pad or generate body.
func NewYield(b *ir.Builder, loc ir.Location, v *ir.Value) *ir.Operation {
	return b.Create(Yield, loc, []*ir.Value{v}, nil, nil, 0)
}
