package linalg

import (
	"fmt"
	"slices"
	"strings"

	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
)

// Attribute names shared by the structured ops.
const (
	SegmentsAttr      = "operand_segment_sizes"
	MemoizedMapsAttr  = "linalg.memoized_indexing_maps"
	IndexingMapsAttr  = "indexing_maps"
	IteratorTypesAttr = "iterator_types"
	DocAttr           = "doc"
	LibraryCallAttr   = "library_call"
	StridesAttr       = "strides"
	DilationsAttr     = "dilations"
	CastAttr          = "cast"
	PermutationAttr   = "permutation"
	DimensionsAttr    = "dimensions"
)

// Iterator type names, as the custom form of linalg.generic spells them.
const (
	Parallel  = "parallel"
	Reduction = "reduction"
)

// IteratorTypeAttr returns `#linalg.iterator_type<kind>`, the element of
// the iterator_types array that upstream's generic form holds. It stays an
// ir.OpaqueAttr so foreign tools see exactly upstream's text.
func IteratorTypeAttr(kind string) ir.Attribute {
	return ir.OpaqueAttr{Dialect: "linalg", Name: "iterator_type", Body: kind, HasBody: true}
}

// iteratorKind decodes one iterator_types element; ok is false for
// anything but `#linalg.iterator_type<parallel|reduction>`.
func iteratorKind(a ir.Attribute) (string, bool) {
	o, ok := a.(ir.OpaqueAttr)
	if !ok || o.Dialect != "linalg" || o.Name != "iterator_type" || !o.HasBody {
		return "", false
	}
	body := strings.TrimSpace(o.Body)
	if body != Parallel && body != Reduction {
		return "", false
	}
	return body, true
}

// IteratorTypesAttrOf builds the iterator_types array for kinds.
func IteratorTypesAttrOf(kinds []string) ir.ArrayAttr {
	out := make(ir.ArrayAttr, len(kinds))
	for i, k := range kinds {
		out[i] = IteratorTypeAttr(k)
	}
	return out
}

// MapsAttr builds an indexing_maps array.
func MapsAttr(maps []affine.Map) ir.ArrayAttr {
	out := make(ir.ArrayAttr, len(maps))
	for i, m := range maps {
		out[i] = ir.AffineMapAttr{Map: m}
	}
	return out
}

// opKind tells the structured ops apart by how their operands split and
// where their maps come from.
type opKind int

const (
	kindGeneric opKind = iota
	kindNamed
	kindMap
	kindReduce
	kindTranspose
	kindBroadcast
)

// opInfo is what the shared structured-op code knows about one op name.
type opInfo struct {
	kind  opKind
	named *namedSpec
}

// infos maps every structured op name to its description; it is filled
// from the op tables when the package is initialized (a plain variable
// initializer, not an init function, so nothing is registered anywhere).
var infos = buildInfos()

func buildInfos() map[string]*opInfo {
	m := map[string]*opInfo{
		Generic:   {kind: kindGeneric},
		Map:       {kind: kindMap},
		Reduce:    {kind: kindReduce},
		Transpose: {kind: kindTranspose},
		Broadcast: {kind: kindBroadcast},
	}
	for _, s := range namedSpecs {
		m[s.name] = &opInfo{kind: kindNamed, named: s}
	}
	return m
}

// IsStructured reports whether op is a linalg structured op (generic,
// named, map, reduce, transpose or broadcast).
func IsStructured(op *ir.Operation) bool { return op != nil && infos[op.Name] != nil }

// IsNamed reports whether op is a named structured op with an implicit
// body (matmul, the convolutions, fill, copy, ...).
func IsNamed(op *ir.Operation) bool {
	inf := infos[op.Name]
	return inf != nil && inf.kind == kindNamed
}

// segments reads operand_segment_sizes as (inputs, outputs).
func segments(op *ir.Operation) (int, int, bool) {
	a, ok := op.Attr(SegmentsAttr).(ir.DenseArrayAttr)
	if !ok || len(a.Ints) != 2 || ir.IntWidth(a.Elem) != 32 || !ir.IsInteger(a.Elem) {
		return 0, 0, false
	}
	in, out := int(a.Ints[0]), int(a.Ints[1])
	if in < 0 || out < 0 || in+out != op.NumOperands() {
		return 0, 0, false
	}
	return in, out, true
}

// numInputs returns how many leading operands are inputs (the rest are
// outputs, the DPS inits).
func numInputs(op *ir.Operation) (int, bool) {
	inf := infos[op.Name]
	if inf == nil {
		return 0, false
	}
	n := op.NumOperands()
	switch inf.kind {
	case kindGeneric, kindNamed:
		in, _, ok := segments(op)
		return in, ok
	case kindMap:
		return n - 1, n >= 1
	case kindReduce:
		return n / 2, n%2 == 0 && n > 0
	case kindTranspose, kindBroadcast:
		return 1, n == 2
	}
	return 0, false
}

// Inputs returns the input operands of a structured op (nil when the op
// is malformed).
func Inputs(op *ir.Operation) []*ir.Value {
	n, ok := numInputs(op)
	if !ok {
		return nil
	}
	return op.Operands()[:n]
}

// Outputs returns the output (init) operands of a structured op.
func Outputs(op *ir.Operation) []*ir.Value {
	n, ok := numInputs(op)
	if !ok {
		return nil
	}
	return op.Operands()[n:]
}

// IndexingMaps returns one affine map per operand, from loop indices to
// operand indices: the indexing_maps attribute of linalg.generic, or the
// maps a named op stands for (computed from its strides and dilations).
// It returns nil when the op is malformed.
func IndexingMaps(op *ir.Operation) []affine.Map { return IndexingMapsInto(op, nil) }

// IndexingMapsInto is IndexingMaps, in buf when it has the room (a
// caller that only looks, with an array of its own, allocates nothing
// for a linalg.generic).
func IndexingMapsInto(op *ir.Operation, buf []affine.Map) []affine.Map {
	inf := infos[op.Name]
	if inf == nil {
		return nil
	}
	switch inf.kind {
	case kindGeneric:
		arr, ok := op.Attr(IndexingMapsAttr).(ir.ArrayAttr)
		if !ok {
			return nil
		}
		// Never nil for a well-formed op, even one without operands: nil
		// says malformed.
		maps := buf[:0]
		if buf == nil || cap(buf) < len(arr) {
			maps = make([]affine.Map, 0, len(arr))
		}
		for _, a := range arr {
			m, ok := a.(ir.AffineMapAttr)
			if !ok {
				return nil
			}
			maps = append(maps, m.Map)
		}
		return maps
	case kindNamed:
		maps, err := inf.named.indexingMaps(op)
		if err != nil {
			return nil
		}
		return maps
	}
	return shortFormMaps(op, inf.kind)
}

// HasReduction reports whether op is a structured op with a reduction
// loop: IteratorTypes(op) contains Reduction, without building the list
// for a linalg.generic (a compiled module's loader asks it of every step).
func HasReduction(op *ir.Operation) bool {
	if inf := infos[op.Name]; inf != nil && inf.kind == kindGeneric {
		arr, ok := op.Attr(IteratorTypesAttr).(ir.ArrayAttr)
		if !ok {
			return false
		}
		found := false
		for _, a := range arr {
			k, ok := iteratorKind(a)
			if !ok {
				return false
			}
			found = found || k == Reduction
		}
		return found
	}
	return slices.Contains(IteratorTypes(op), Reduction)
}

// IteratorTypes returns "parallel" or "reduction" for each loop of a
// structured op, or nil when the op is malformed.
func IteratorTypes(op *ir.Operation) []string { return IteratorTypesInto(op, nil) }

// IteratorTypesInto is IteratorTypes, in buf when it has the room (as
// IndexingMapsInto).
func IteratorTypesInto(op *ir.Operation, buf []string) []string {
	inf := infos[op.Name]
	if inf == nil {
		return nil
	}
	switch inf.kind {
	case kindGeneric:
		arr, ok := op.Attr(IteratorTypesAttr).(ir.ArrayAttr)
		if !ok {
			return nil
		}
		out := buf[:0]
		if buf == nil || cap(buf) < len(arr) { // never nil: nil says malformed
			out = make([]string, 0, len(arr))
		}
		for _, a := range arr {
			k, ok := iteratorKind(a)
			if !ok {
				return nil
			}
			out = append(out, k)
		}
		return out
	case kindReduce:
		return reduceIterators(op)
	}
	maps := IndexingMaps(op)
	if len(maps) == 0 {
		return nil
	}
	return itersFromOutputMap(maps[len(maps)-1])
}

// itersFromOutputMap derives iterator types the way every named op
// defines them: a loop is parallel exactly when the output indexes it.
func itersFromOutputMap(out affine.Map) []string {
	its := make([]string, out.NumDims)
	for d := range its {
		its[d] = Reduction
		if out.IsFunctionOfDim(d) {
			its[d] = Parallel
		}
	}
	return its
}

// NumLoops is the number of loops of a structured op.
func NumLoops(op *ir.Operation) int { return len(IteratorTypes(op)) }

// Body returns the single block of a structured op's region, or nil.
func Body(op *ir.Operation) *ir.Block {
	if op.NumRegions() != 1 {
		return nil
	}
	return op.Region(0).Front()
}

// ---- custom syntax shared by the structured ops ----

// parseInsOuts reads `{attrs}? ins(%a, %b : t1, t2)? outs(%c : t3)?` and
// resolves the operands into st, returning the operand types.
func parseInsOuts(p ir.Parser, st *ir.OperationState) (inTypes, outTypes []ir.Type, err error) {
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return nil, nil, err
	}
	var ins, outs []ir.UnresolvedOperand
	if p.ParseOptionalKeyword("ins") {
		if ins, inTypes, err = parseOperandsColonTypes(p); err != nil {
			return nil, nil, err
		}
	}
	if p.ParseOptionalKeyword("outs") {
		if outs, outTypes, err = parseOperandsColonTypes(p); err != nil {
			return nil, nil, err
		}
	}
	vs, err := p.ResolveOperands(ins, inTypes)
	if err != nil {
		return nil, nil, err
	}
	ws, err := p.ResolveOperands(outs, outTypes)
	if err != nil {
		return nil, nil, err
	}
	st.Operands = append(append(st.Operands, vs...), ws...)
	return inTypes, outTypes, nil
}

// parseOperandsColonTypes reads `(%a, %b : t1, t2)`.
func parseOperandsColonTypes(p ir.Parser) ([]ir.UnresolvedOperand, []ir.Type, error) {
	if err := p.ExpectPunct("("); err != nil {
		return nil, nil, err
	}
	us, err := p.ParseOperandList()
	if err != nil {
		return nil, nil, err
	}
	ts, err := p.ParseColonTypeList()
	if err != nil {
		return nil, nil, err
	}
	if err := p.ExpectPunct(")"); err != nil {
		return nil, nil, err
	}
	return us, ts, nil
}

// printInsOuts writes ` ins(... : ...) outs(... : ...)`, each part only
// when it has operands.
func printInsOuts(p *ir.Printer, ins, outs []*ir.Value) {
	for _, part := range []struct {
		kw string
		vs []*ir.Value
	}{{"ins", ins}, {"outs", outs}} {
		if len(part.vs) == 0 {
			continue
		}
		p.Print(" ", part.kw, "(")
		p.Operands(part.vs)
		p.Print(" : ")
		for i, v := range part.vs {
			if i > 0 {
				p.Print(", ")
			}
			p.Type(v.Type())
		}
		p.Print(")")
	}
}

// segmentSizes builds the operand_segment_sizes attribute.
func segmentSizes(ins, outs int) ir.Attribute { return ir.I32Array(int64(ins), int64(outs)) }

// tensorResults keeps the ranked tensor types of outs: DPS ops return one
// result per tensor init.
func tensorResults(outs []ir.Type) []ir.Type {
	var rs []ir.Type
	for _, t := range outs {
		if _, ok := t.(ir.RankedTensorType); ok {
			rs = append(rs, t)
		}
	}
	return rs
}

// ---- verification shared by the structured ops ----

// rankOf returns the rank of an operand type: a ranked tensor's rank, 0
// for a scalar, and ok=false for unranked tensors.
func rankOf(t ir.Type) (int, []int64, bool) {
	switch x := t.(type) {
	case ir.RankedTensorType:
		return len(x.Shape), x.Shape, true
	case ir.UnrankedTensorType:
		return 0, nil, false
	}
	return 0, nil, true
}

// verifyDPS checks the destination-style contract: every init is a ranked
// tensor and the results are exactly the init types.
func verifyDPS(op *ir.Operation, nIn int) error {
	outs := op.Operands()[nIn:]
	for i, v := range outs {
		if _, ok := v.Type().(ir.RankedTensorType); !ok {
			return ir.OpErrorf(op, "expected that operand #%d is a ranked tensor or a ranked memref", nIn+i)
		}
	}
	if op.NumResults() != len(outs) {
		return ir.OpErrorf(op, "expected the number of results (%d) to be equal to the number of output tensors (%d)", op.NumResults(), len(outs))
	}
	for i, v := range outs {
		if r := op.Result(i).Type(); !ir.TypeEqual(r, v.Type()) {
			return ir.OpErrorf(op, "expected type of operand #%d ('%s') to match type of corresponding result ('%s')", nIn+i, v.Type(), r)
		}
	}
	return nil
}

// verifyStructured runs upstream's LinalgStructuredInterface checks: one
// map per operand with the loop count as domain and the operand rank as
// range, static loop bounds consistent across operands (by inverting the
// maps), one region with one block whose arguments have the element types
// of the operands listed in bbOperands.
func verifyStructured(op *ir.Operation, maps []affine.Map, numLoops int, bbOperands []int) error {
	if len(maps) != op.NumOperands() {
		return ir.OpErrorf(op, "expected the number of indexing_map (%d) to be equal to the number of input/output operands (%d)", len(maps), op.NumOperands())
	}
	var shapesBuf [8][]int64
	shapes := shapesBuf[:0]
	if op.NumOperands() > len(shapesBuf) {
		shapes = make([][]int64, 0, op.NumOperands())
	}
	shapes = shapes[:op.NumOperands()]
	for i, m := range maps {
		if m.NumSymbols != 0 {
			return ir.OpErrorf(op, "unexpected symbols in indexing_map #%d", i)
		}
		if m.NumDims != numLoops {
			return ir.OpErrorf(op, "expected indexing_map #%d to have %d dim(s) to match the number of loops", i, numLoops)
		}
		rank, shape, ok := rankOf(op.Operand(i).Type())
		if !ok {
			return ir.OpErrorf(op, "operand #%d must be a ranked tensor or a scalar, but got '%s'", i, op.Operand(i).Type())
		}
		if m.NumResults() != rank {
			return ir.OpErrorf(op, "expected operand rank (%d) to match the result rank of indexing_map #%d (%d)", rank, i, m.NumResults())
		}
		shapes[i] = shape
	}
	if err := verifyLoopBounds(op, maps, numLoops, shapes); err != nil {
		return err
	}
	if op.NumRegions() != 1 || len(op.Region(0).Blocks()) != 1 {
		return ir.OpErrorf(op, "expects to have 1 region with 1 block")
	}
	block := op.Region(0).Front()
	if len(bbOperands) != len(block.Args()) {
		return ir.OpErrorf(op, "expected as many non-induction variable region arguments as the number of input/output operands")
	}
	for _, i := range bbOperands {
		elem := ir.ElementType(op.Operand(i).Type())
		arg := block.Arg(i).Type()
		if !ir.TypeEqual(elem, arg) {
			return ir.OpErrorf(op, "expected type of bb argument #%d ('%s') to match element or self type of the corresponding operand ('%s')", i, arg, elem)
		}
	}
	return nil
}

// verifyLoopBounds infers each loop's extent from the first operand
// dimension that the loop indexes directly, then, when every extent is
// static, checks each operand dimension against the range its map
// expression covers, with upstream's messages.
func verifyLoopBounds(op *ir.Operation, maps []affine.Map, numLoops int, shapes [][]int64) error {
	if numLoops == 0 {
		return nil
	}
	ranges := make([]int64, numLoops)
	found := make([]bool, numLoops)
	for i, m := range maps {
		for r, e := range m.Results {
			if d, ok := e.AsDim(); ok && d < numLoops && !found[d] {
				found[d] = true
				ranges[d] = shapes[i][r]
			}
		}
	}
	for _, f := range found {
		if !f {
			return ir.OpErrorf(op, "expected the shape-to-loops map to be non-null")
		}
	}
	for _, r := range ranges {
		if r == ir.Dynamic {
			return nil
		}
	}
	start := make([]int64, numLoops)
	end := make([]int64, numLoops)
	for i, r := range ranges {
		end[i] = r - 1
	}
	for i, m := range maps {
		lo, err1 := m.Eval(start, nil)
		hi, err2 := m.Eval(end, nil)
		if err1 != nil || err2 != nil {
			continue
		}
		for d, size := range shapes[i] {
			if size == ir.Dynamic || size == 0 {
				continue
			}
			inferred := max(lo[d], hi[d]) + 1
			if min(lo[d], hi[d]) < 0 {
				return ir.OpErrorf(op, "unexpected result less than 0 at expression #%d in %s", d, m)
			}
			if _, isDim := m.Results[d].AsDim(); isDim {
				if inferred != size {
					return ir.OpErrorf(op, "inferred input/output operand #%d has shape's dimension #%d to be %d, but found %d", i, d, inferred, size)
				}
			} else if inferred > size {
				return ir.OpErrorf(op, "inferred input/output operand #%d has shape's dimension #%d to be greater than or equal to %d, but found %d", i, d, inferred, size)
			}
		}
	}
	return nil
}

// verifySegments checks operand_segment_sizes on ops that need it.
func verifySegments(op *ir.Operation) error {
	a := op.Attr(SegmentsAttr)
	if a == nil {
		return ir.OpErrorf(op, "requires attribute '%s'", SegmentsAttr)
	}
	arr, ok := a.(ir.DenseArrayAttr)
	if !ok || len(arr.Ints) != 2 || !ir.IsInteger(arr.Elem) || ir.IntWidth(arr.Elem) != 32 {
		return ir.OpErrorf(op, "attribute '%s' failed to satisfy constraint: i32 dense array attribute with 2 elements", SegmentsAttr)
	}
	if sum := arr.Ints[0] + arr.Ints[1]; arr.Ints[0] < 0 || arr.Ints[1] < 0 || sum != int64(op.NumOperands()) {
		return ir.OpErrorf(op, "operand count (%d) does not match with the total size (%d) specified in attribute '%s'", op.NumOperands(), sum, SegmentsAttr)
	}
	return nil
}

// verifyOperandKinds rejects operands that are neither ranked tensors
// nor scalars.
func verifyOperandKinds(op *ir.Operation) error {
	for i, v := range op.Operands() {
		switch v.Type().(type) {
		case ir.UnrankedTensorType, ir.FunctionType:
			return ir.OpErrorf(op, "operand #%d must be a ranked tensor or a scalar, but got '%s'", i, v.Type())
		}
	}
	return nil
}

// allOperandIndices returns 0..n-1.
func allOperandIndices(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// elemTypes returns the element type of each value (the type itself for
// scalars), the types of a structured body's block arguments.
func elemTypes(vs []*ir.Value) []ir.Type {
	ts := make([]ir.Type, len(vs))
	for i, v := range vs {
		ts[i] = ir.ElementType(v.Type())
	}
	return ts
}

func typesOf(vs []*ir.Value) []ir.Type {
	ts := make([]ir.Type, len(vs))
	for i, v := range vs {
		ts[i] = v.Type()
	}
	return ts
}

// formatI64s prints ints the way llvm's interleaveComma does: "1, 2".
func formatI64s(vs []int64) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = fmt.Sprint(v)
	}
	return strings.Join(parts, ", ")
}
