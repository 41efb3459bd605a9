package linalg

import (
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
)

// linalg.map, linalg.reduce, linalg.transpose and linalg.broadcast: the
// structured ops with their own short custom syntax. They carry no
// operand_segment_sizes (their operand split is implied).

func resultName(hint string) func(*ir.Operation) []string {
	return func(*ir.Operation) []string { return []string{hint} }
}

var mapDef = &ir.OpDef{
	Name:        Map,
	Summary:     "applies its body elementwise to same-shaped inputs",
	Traits:      ir.RecursivelyPure | ir.SingleBlock,
	Verify:      verifyMap,
	Print:       printMap,
	Parse:       parseMap,
	ResultNames: resultName("mapped"),
	BlockArgNames: func(op *ir.Operation, region int) []string {
		return repeat("in", max(op.NumOperands()-1, 0))
	},
}

var reduceDef = &ir.OpDef{
	Name:        Reduce,
	Summary:     "reduces its inputs along dimensions with its body",
	Traits:      ir.RecursivelyPure | ir.SingleBlock,
	Verify:      verifyReduce,
	Print:       printReduce,
	Parse:       parseReduce,
	ResultNames: resultName("reduced"),
	BlockArgNames: func(op *ir.Operation, region int) []string {
		n := op.NumOperands() / 2
		return append(repeat("in", n), repeat("init", op.NumOperands()-n)...)
	},
}

var transposeDef = &ir.OpDef{
	Name:        Transpose,
	Summary:     "permutes the dimensions of its input",
	Traits:      ir.RecursivelyPure | ir.SingleBlock,
	Verify:      verifyTranspose,
	Print:       func(p *ir.Printer, op *ir.Operation) { printWithArray(p, op, PermutationAttr) },
	Parse:       func(p ir.Parser, st *ir.OperationState) error { return parseIdentityOp(p, st, PermutationAttr) },
	ResultNames: resultName("transposed"),
}

var broadcastDef = &ir.OpDef{
	Name:        Broadcast,
	Summary:     "broadcasts its input along added dimensions",
	Traits:      ir.RecursivelyPure | ir.SingleBlock,
	Verify:      verifyBroadcast,
	Print:       func(p *ir.Printer, op *ir.Operation) { printWithArray(p, op, DimensionsAttr) },
	Parse:       func(p ir.Parser, st *ir.OperationState) error { return parseIdentityOp(p, st, DimensionsAttr) },
	ResultNames: resultName("broadcasted"),
}

func repeat(s string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = s
	}
	return out
}

// i64Array reads a DenseI64ArrayAttr attribute.
func i64Array(op *ir.Operation, name string) ([]int64, bool) {
	a, ok := op.Attr(name).(ir.DenseArrayAttr)
	if !ok || !ir.TypeEqual(a.Elem, ir.I64) {
		return nil, false
	}
	return a.Ints, true
}

// Permutation returns the permutation of a linalg.transpose.
func Permutation(op *ir.Operation) []int64 { v, _ := i64Array(op, PermutationAttr); return v }

// Dimensions returns the dimensions of a linalg.reduce or linalg.broadcast.
func Dimensions(op *ir.Operation) []int64 { v, _ := i64Array(op, DimensionsAttr); return v }

// parseArrayKeyword reads `name = [1, 2]` into a DenseI64ArrayAttr.
func parseArrayKeyword(p ir.Parser, st *ir.OperationState, name string) error {
	if err := p.ExpectKeyword(name); err != nil {
		return err
	}
	if err := p.ExpectPunct("="); err != nil {
		return err
	}
	if err := p.ExpectPunct("["); err != nil {
		return err
	}
	var vals []int64
	if !p.ParseOptionalPunct("]") {
		for {
			v, err := p.ParseInteger()
			if err != nil {
				return err
			}
			vals = append(vals, v)
			if p.ParseOptionalPunct("]") {
				break
			}
			if err := p.ExpectPunct(","); err != nil {
				return err
			}
		}
	}
	st.AddAttr(name, ir.I64Array(vals...))
	return nil
}

// printArrayKeyword writes ` name = [1, 2] ` — with the trailing space
// upstream's printDenseI64ArrayAttr leaves.
func printArrayKeyword(p *ir.Printer, op *ir.Operation, name string) {
	vals, _ := i64Array(op, name)
	p.Print(" ", name, " = [", formatI64s(vals), "] ")
}

func printWithArray(p *ir.Printer, op *ir.Operation, name string) {
	printInsOuts(p, Inputs(op), Outputs(op))
	printArrayKeyword(p, op, name)
	p.AttrDict(op.Attrs(), name)
}

// parseDstStyle reads the ins/outs part of the short-form ops and sets
// the result types (one per tensor init).
func parseDstStyle(p ir.Parser, st *ir.OperationState) error {
	_, outTypes, err := parseInsOuts(p, st)
	if err != nil {
		return err
	}
	st.ResultTypes = tensorResults(outTypes)
	return nil
}

// parseIdentityOp parses transpose and broadcast, whose body just yields
// the input element; upstream builds it with one block argument per
// operand.
func parseIdentityOp(p ir.Parser, st *ir.OperationState, arrayName string) error {
	if err := parseDstStyle(p, st); err != nil {
		return err
	}
	if err := parseArrayKeyword(p, st, arrayName); err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	block := ir.NewBlock(elemTypes(st.Operands)...)
	st.AddRegion().AppendBlock(block)
	if len(block.Args()) > 0 {
		b := ir.NewBuilder(p.Context())
		b.SetInsertionPointToEnd(block)
		NewYield(b, ir.UnknownLoc{}, block.Args()[:1])
	}
	return nil
}

// parseRegionArgs reads `(%a: f32, %b: f32)`.
func parseRegionArgs(p ir.Parser) ([]ir.Argument, error) {
	if err := p.ExpectPunct("("); err != nil {
		return nil, err
	}
	var args []ir.Argument
	if p.ParseOptionalPunct(")") {
		return args, nil
	}
	for {
		a, err := p.ParseArgument(true, true)
		if err != nil {
			return nil, err
		}
		args = append(args, a)
		if p.ParseOptionalPunct(")") {
			return args, nil
		}
		if err := p.ExpectPunct(","); err != nil {
			return nil, err
		}
	}
}

// printRegionWithArgs writes the continuation-line body of map and
// reduce: a newline, `(%in: f32, %init: f32) ` and the region.
func printRegionWithArgs(p *ir.Printer, op *ir.Operation) {
	p.IncreaseIndent()
	p.Newline()
	p.Print("(")
	if blk := Body(op); blk != nil {
		for i, a := range blk.Args() {
			if i > 0 {
				p.Print(", ")
			}
			p.ArgumentDecl(a, nil)
		}
	}
	p.Print(") ")
	if op.NumRegions() > 0 {
		p.Region(op.Region(0), false, false)
	}
	p.DecreaseIndent()
}

// payloadOp returns the single op of a map body that the short form
// `{ arith.addf }` stands for, with upstream's (loose) test: two ops and
// the payload reads exactly the block arguments in order.
func payloadOp(op *ir.Operation) *ir.Operation {
	blk := Body(op)
	if blk == nil || blk.Len() != 2 || op.NumRegions() != 1 || len(op.Region(0).Blocks()) != 1 {
		return nil
	}
	pl := blk.First()
	if pl.NumRegions() > 0 || len(pl.Successors()) > 0 || pl.NumResults() != 1 {
		return nil
	}
	if pl.NumOperands() == 0 || pl.NumOperands() != len(blk.Args()) {
		return nil
	}
	for i, a := range blk.Args() {
		if pl.Operand(i) != a {
			return nil
		}
	}
	return pl
}

func printMap(p *ir.Printer, op *ir.Operation) {
	pl := payloadOp(op)
	if pl != nil {
		p.Print(" { ", pl.Name)
		var elided []string
		for _, na := range pl.Attrs() {
			if isFastmathNone(na.Value) {
				elided = append(elided, na.Name)
				break
			}
		}
		p.AttrDict(pl.Attrs(), elided...)
		p.Print(" }")
	}
	printInsOuts(p, Inputs(op), Outputs(op))
	p.AttrDict(op.Attrs())
	if pl == nil {
		printRegionWithArgs(p, op)
	}
}

func parseMap(p ir.Parser, st *ir.OperationState) error {
	var payloadName string
	payload := &ir.OperationState{}
	if p.ParseOptionalPunct("{") {
		name, err := p.ParseKeyword()
		if err != nil {
			return err
		}
		payloadName = name
		if err := p.ParseOptionalAttrDict(payload); err != nil {
			return err
		}
		if err := p.ExpectPunct("}"); err != nil {
			return err
		}
	}
	if err := parseDstStyle(p, st); err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	if payloadName == "" {
		args, err := parseRegionArgs(p)
		if err != nil {
			return err
		}
		return p.ParseRegion(st.AddRegion(), args)
	}
	if len(st.Operands) == 0 {
		return p.Errorf("expected an init operand")
	}
	ins := st.Operands[:len(st.Operands)-1]
	block := ir.NewBlock(elemTypes(ins)...)
	st.AddRegion().AppendBlock(block)
	b := ir.NewBuilder(p.Context())
	b.SetInsertionPointToEnd(block)
	attrs := []ir.NamedAttr(payload.Attrs)
	if hasFastmath(payloadName) && payload.Attrs.Get("fastmath") == nil {
		attrs = append(attrs, ir.NamedAttr{Name: "fastmath", Value: fastmathNone()})
	}
	outElem := ir.ElementType(st.Operands[len(st.Operands)-1].Type())
	pl := b.Create(payloadName, st.Loc, block.Args(), []ir.Type{outElem}, attrs, 0)
	NewYield(b, st.Loc, pl.Results())
	return nil
}

func printReduce(p *ir.Printer, op *ir.Operation) {
	printInsOuts(p, Inputs(op), Outputs(op))
	printArrayKeyword(p, op, DimensionsAttr)
	p.AttrDict(op.Attrs(), DimensionsAttr)
	printRegionWithArgs(p, op)
}

func parseReduce(p ir.Parser, st *ir.OperationState) error {
	if err := parseDstStyle(p, st); err != nil {
		return err
	}
	if err := parseArrayKeyword(p, st, DimensionsAttr); err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	args, err := parseRegionArgs(p)
	if err != nil {
		return err
	}
	return p.ParseRegion(st.AddRegion(), args)
}

// shortFormMaps computes the indexing maps of map, reduce, transpose and
// broadcast from their operand ranks and attributes; nil when malformed.
func shortFormMaps(op *ir.Operation, kind opKind) []affine.Map {
	n := op.NumOperands()
	if n == 0 {
		return nil
	}
	switch kind {
	case kindMap:
		rank, _, ok := rankOf(op.Operand(n - 1).Type())
		if !ok {
			return nil
		}
		maps := make([]affine.Map, n)
		for i := range maps {
			maps[i] = affine.Identity(rank)
		}
		return maps
	case kindReduce:
		nIn, ok := numInputs(op)
		dims, ok2 := i64Array(op, DimensionsAttr)
		if !ok || !ok2 {
			return nil
		}
		rank, _, ok := rankOf(op.Operand(0).Type())
		if !ok || !validDims(dims, rank) {
			return nil
		}
		kept := keptDims(dims, rank)
		maps := make([]affine.Map, n)
		for i := range maps {
			if i < nIn {
				maps[i] = affine.Identity(rank)
			} else {
				maps[i] = affine.NewMap(rank, 0, kept...)
			}
		}
		return maps
	case kindTranspose:
		perm, ok := i64Array(op, PermutationAttr)
		if !ok || n != 2 || !isPermutation(perm) {
			return nil
		}
		rank := len(perm)
		in := make([]affine.Expr, rank)
		for i, p := range perm {
			in[p] = affine.Dim(i)
		}
		return []affine.Map{affine.NewMap(rank, 0, in...), affine.Identity(rank)}
	case kindBroadcast:
		dims, ok := i64Array(op, DimensionsAttr)
		if !ok || n != 2 {
			return nil
		}
		rank, _, ok := rankOf(op.Operand(1).Type())
		if !ok || !validDims(dims, rank) {
			return nil
		}
		return []affine.Map{affine.NewMap(rank, 0, keptDims(dims, rank)...), affine.Identity(rank)}
	}
	return nil
}

func validDims(dims []int64, rank int) bool {
	for _, d := range dims {
		if d < 0 || d >= int64(rank) {
			return false
		}
	}
	return true
}

// keptDims returns d_i for every i in [0, rank) not listed in dims.
func keptDims(dims []int64, rank int) []affine.Expr {
	var out []affine.Expr
	for i := 0; i < rank; i++ {
		if !containsI64(dims, int64(i)) {
			out = append(out, affine.Dim(i))
		}
	}
	return out
}

func containsI64(vs []int64, x int64) bool {
	for _, v := range vs {
		if v == x {
			return true
		}
	}
	return false
}

func isPermutation(perm []int64) bool {
	seen := make([]bool, len(perm))
	for _, p := range perm {
		if p < 0 || p >= int64(len(perm)) || seen[p] {
			return false
		}
		seen[p] = true
	}
	return true
}

func reduceIterators(op *ir.Operation) []string {
	dims, ok := i64Array(op, DimensionsAttr)
	if !ok || op.NumOperands() == 0 {
		return nil
	}
	rank, _, ok := rankOf(op.Operand(0).Type())
	if !ok || !validDims(dims, rank) {
		return nil
	}
	its := make([]string, rank)
	for i := range its {
		its[i] = Parallel
		if containsI64(dims, int64(i)) {
			its[i] = Reduction
		}
	}
	return its
}

// shapeOf returns a ranked tensor's shape; ok is false otherwise.
func shapeOf(t ir.Type) ([]int64, bool) {
	rt, ok := t.(ir.RankedTensorType)
	if !ok {
		return nil, false
	}
	return rt.Shape, true
}

func sameShape(a, b []int64) bool {
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

// verifyShortFormOperands checks that every operand of map, reduce,
// transpose and broadcast is a ranked tensor and the DPS contract.
func verifyShortFormOperands(op *ir.Operation, nIn int) error {
	for i, v := range op.Operands() {
		if _, ok := v.Type().(ir.RankedTensorType); !ok {
			return ir.OpErrorf(op, "operand #%d must be a ranked tensor, but got '%s'", i, v.Type())
		}
	}
	return verifyDPS(op, nIn)
}

func verifyMap(op *ir.Operation) error {
	if op.NumOperands() == 0 {
		return ir.OpErrorf(op, "expected an init operand")
	}
	nIn := op.NumOperands() - 1
	if err := verifyShortFormOperands(op, nIn); err != nil {
		return err
	}
	blk := Body(op)
	if blk == nil || len(op.Region(0).Blocks()) != 1 {
		return ir.OpErrorf(op, "expects to have 1 region with 1 block")
	}
	if len(blk.Args()) != nIn {
		return ir.OpErrorf(op, "expects number of operands to match the arity of mapper, but got: %d and %d", nIn, len(blk.Args()))
	}
	for i := 0; i < nIn; i++ {
		elem := ir.ElementType(op.Operand(i).Type())
		if arg := blk.Arg(i).Type(); !ir.TypeEqual(elem, arg) {
			return ir.OpErrorf(op, "expected element type of input '%s' to match bbArg type '%s'", elem, arg)
		}
	}
	outShape, _ := shapeOf(op.Operand(nIn).Type())
	for i := 0; i < nIn; i++ {
		s, _ := shapeOf(op.Operand(i).Type())
		if !sameShape(s, outShape) {
			return ir.OpErrorf(op, "expected shape of input (%s) to match shape of output (%s)", formatI64s(s), formatI64s(outShape))
		}
	}
	maps := shortFormMaps(op, kindMap)
	return verifyStructured(op, maps, len(IteratorTypes(op)), allOperandIndices(nIn))
}

func verifyReduce(op *ir.Operation) error {
	n := op.NumOperands()
	if n == 0 || n%2 != 0 {
		return ir.OpErrorf(op, "expects the same number of inputs and inits, got %d operands", n)
	}
	nIn := n / 2
	if err := verifyShortFormOperands(op, nIn); err != nil {
		return err
	}
	dims, ok := i64Array(op, DimensionsAttr)
	if !ok {
		return ir.OpErrorf(op, "requires attribute 'dimensions'")
	}
	in0, _ := shapeOf(op.Operand(0).Type())
	for i := 1; i < nIn; i++ {
		if s, _ := shapeOf(op.Operand(i).Type()); !sameShape(s, in0) {
			return ir.OpErrorf(op, "expects all inputs to have the same shapes. Shape at input-index %d is not equal to the shape at input-index 0.", i)
		}
	}
	out0, _ := shapeOf(op.Operand(nIn).Type())
	for i := 1; i < nIn; i++ {
		if s, _ := shapeOf(op.Operand(nIn + i).Type()); !sameShape(s, out0) {
			return ir.OpErrorf(op, "expects all outputs to have the same shapes. Shape at output-index %d is not equal to the shape at output-index 0.", i)
		}
	}
	for _, d := range dims {
		if d < 0 || d >= int64(len(in0)) {
			return ir.OpErrorf(op, "dimensions for reduction should be in the range [0, %d].", len(in0)-1)
		}
	}
	var reduced []int64
	for i, s := range in0 {
		if !containsI64(dims, int64(i)) {
			reduced = append(reduced, s)
		}
	}
	if len(reduced) != len(out0) {
		return ir.OpErrorf(op, "number of dimensions after reduction %d doesn't match the init rank %d", len(reduced), len(out0))
	}
	if !sameShape(reduced, out0) {
		return ir.OpErrorf(op, "init dimensions [%s] doesn't match input dimensions after reduction [%s]", formatI64s(out0), formatI64s(reduced))
	}
	blk := Body(op)
	if blk == nil || len(op.Region(0).Blocks()) != 1 {
		return ir.OpErrorf(op, "expects to have 1 region with 1 block")
	}
	if len(blk.Args()) != n {
		return ir.OpErrorf(op, "mismatching number of operands and block arguments")
	}
	for i := 0; i < n; i++ {
		elem := ir.ElementType(op.Operand(i).Type())
		if arg := blk.Arg(i).Type(); !ir.TypeEqual(elem, arg) {
			what := "input"
			if i >= nIn {
				what = "output"
			}
			return ir.OpErrorf(op, "%s element type '%s' does not match corresponding block argument type '%s'", what, elem, arg)
		}
	}
	return verifyStructured(op, shortFormMaps(op, kindReduce), len(in0), allOperandIndices(n))
}

func verifyTranspose(op *ir.Operation) error {
	if op.NumOperands() != 2 {
		return ir.OpErrorf(op, "expected 2 operands, but found %d", op.NumOperands())
	}
	if err := verifyShortFormOperands(op, 1); err != nil {
		return err
	}
	perm, ok := i64Array(op, PermutationAttr)
	if !ok {
		return ir.OpErrorf(op, "requires attribute 'permutation'")
	}
	if !isPermutation(perm) {
		return ir.OpErrorf(op, "permutation is not valid")
	}
	in, _ := shapeOf(op.Operand(0).Type())
	init, _ := shapeOf(op.Operand(1).Type())
	if len(in) != len(init) {
		return ir.OpErrorf(op, "input rank %d does not match init rank %d", len(in), len(init))
	}
	if len(in) != len(perm) {
		return ir.OpErrorf(op, "size of permutation %d does not match the argument rank %d", len(perm), len(in))
	}
	for i := range init {
		if in[perm[i]] != init[i] {
			return ir.OpErrorf(op, "dim(result, %d) = %d doesn't match dim(input, permutation[%d]) = %d", i, init[i], i, in[perm[i]])
		}
	}
	return verifyStructured(op, shortFormMaps(op, kindTranspose), len(perm), allOperandIndices(2))
}

func verifyBroadcast(op *ir.Operation) error {
	if op.NumOperands() != 2 {
		return ir.OpErrorf(op, "expected 2 operands, but found %d", op.NumOperands())
	}
	if err := verifyShortFormOperands(op, 1); err != nil {
		return err
	}
	dims, ok := i64Array(op, DimensionsAttr)
	if !ok {
		return ir.OpErrorf(op, "requires attribute 'dimensions'")
	}
	in, _ := shapeOf(op.Operand(0).Type())
	init, _ := shapeOf(op.Operand(1).Type())
	if len(in)+len(dims) != len(init) {
		return ir.OpErrorf(op, "input rank plus added dimensions does not match init rank. input rank: %d, dimensions size: %d, init rank: %d", len(in), len(dims), len(init))
	}
	for i, d := range dims {
		if d < 0 || d >= int64(len(init)) {
			return ir.OpErrorf(op, "dimension %d is out of range. expected range: [0, %d], got: %d", i, len(init)-1, d)
		}
	}
	j := 0
	for i := range init {
		if containsI64(dims, int64(i)) {
			continue
		}
		if j >= len(in) {
			return ir.OpErrorf(op, "dimensions must be unique")
		}
		if in[j] != init[i] {
			return ir.OpErrorf(op, "input dim %d should match init dim %d. input: %d, init: %d", j, i, in[j], init[i])
		}
		j++
	}
	return verifyStructured(op, shortFormMaps(op, kindBroadcast), len(init), allOperandIndices(2))
}
