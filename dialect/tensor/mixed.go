package tensor

import (
	"strconv"

	"github.com/torchlower/torchlower/ir"
)

// Mixed is one entry of a mixed static/dynamic index list (MLIR's
// OpFoldResult): either a static integer or an SSA value of index type.
// Value is nil for a static entry.
type Mixed struct {
	Static int64
	Value  *ir.Value
}

// StaticIndex returns a static entry.
func StaticIndex(n int64) Mixed { return Mixed{Static: n} }

// DynamicIndex returns an entry read from an SSA value.
func DynamicIndex(v *ir.Value) Mixed { return Mixed{Static: ir.Dynamic, Value: v} }

// IsStatic reports whether the entry is a compile-time integer.
func (m Mixed) IsStatic() bool { return m.Value == nil }

// ConstantValue returns the entry's integer when it is known at compile
// time: a static entry, or a value produced by a constant-like op holding
// an integer attribute (arith.constant 2 : index).
func (m Mixed) ConstantValue() (int64, bool) {
	if m.Value == nil {
		return m.Static, true
	}
	def := m.Value.DefiningOp()
	if def == nil || !def.HasTrait(ir.ConstantLike) {
		return 0, false
	}
	if a, ok := def.Attr("value").(ir.IntegerAttr); ok {
		return a.Value, true
	}
	return 0, false
}

// IsConstant reports whether the entry is known to equal n.
func (m Mixed) IsConstant(n int64) bool {
	v, ok := m.ConstantValue()
	return ok && v == n
}

// String prints the entry for diagnostics: the integer, or "<value>".
func (m Mixed) String() string {
	if m.IsStatic() {
		return strconv.FormatInt(m.Static, 10)
	}
	return "<value>"
}

// StaticIndices converts integers into static entries.
func StaticIndices(ns ...int64) []Mixed {
	out := make([]Mixed, len(ns))
	for i, n := range ns {
		out[i] = StaticIndex(n)
	}
	return out
}

// SplitMixed turns entries into the static_* attribute contents (ir.Dynamic
// for dynamic entries) and the list of dynamic operands, the encoding the
// ops store.
func SplitMixed(ms []Mixed) (static []int64, dynamic []*ir.Value) {
	static = make([]int64, len(ms))
	for i, m := range ms {
		if m.IsStatic() {
			static[i] = m.Static
			continue
		}
		static[i] = ir.Dynamic
		dynamic = append(dynamic, m.Value)
	}
	return static, dynamic
}

// JoinMixed is the inverse of SplitMixed. It returns nil when the number of
// ir.Dynamic entries does not match len(dynamic).
func JoinMixed(static []int64, dynamic []*ir.Value) []Mixed {
	out := make([]Mixed, len(static))
	j := 0
	for i, s := range static {
		if s != ir.Dynamic {
			out[i] = StaticIndex(s)
			continue
		}
		if j >= len(dynamic) {
			return nil
		}
		out[i] = DynamicIndex(dynamic[j])
		j++
	}
	if j != len(dynamic) {
		return nil
	}
	return out
}

// countDynamic is the number of ir.Dynamic entries of a static_* array.
func countDynamic(static []int64) int {
	n := 0
	for _, s := range static {
		if s == ir.Dynamic {
			n++
		}
	}
	return n
}

// ParseDynamicIndexList reads MLIR's `[0, %o, 2]`: a bracketed, possibly
// empty list of integers and SSA operands. Dynamic entries are ir.Dynamic
// in static and listed, in order, in dynamic (to be resolved as index).
func ParseDynamicIndexList(p ir.Parser) (static []int64, dynamic []ir.UnresolvedOperand, err error) {
	if err := p.ExpectPunct("["); err != nil {
		return nil, nil, err
	}
	static = []int64{}
	if p.ParseOptionalPunct("]") {
		return static, nil, nil
	}
	for {
		if u, ok, err := p.ParseOptionalOperand(); err != nil {
			return nil, nil, err
		} else if ok {
			dynamic = append(dynamic, u)
			static = append(static, ir.Dynamic)
		} else {
			n, ok, err := p.ParseOptionalInteger()
			if err != nil {
				return nil, nil, err
			}
			if !ok {
				return nil, nil, p.Errorf("expected SSA value or integer")
			}
			static = append(static, n)
		}
		if p.ParseOptionalPunct("]") {
			return static, dynamic, nil
		}
		if err := p.ExpectPunct(","); err != nil {
			return nil, nil, err
		}
	}
}

// PrintDynamicIndexList writes `[0, %o, 2]`, taking the operands for the
// ir.Dynamic entries of static from dynamic in order.
func PrintDynamicIndexList(p *ir.Printer, static []int64, dynamic []*ir.Value) {
	p.Print("[")
	j := 0
	for i, s := range static {
		if i > 0 {
			p.Print(", ")
		}
		if s == ir.Dynamic && j < len(dynamic) {
			p.Operand(dynamic[j])
			j++
			continue
		}
		p.Print(strconv.FormatInt(s, 10))
	}
	p.Print("]")
}

// resolveIndices resolves the operands of a dynamic index list as index values.
func resolveIndices(p ir.Parser, us []ir.UnresolvedOperand) ([]*ir.Value, error) {
	ts := make([]ir.Type, len(us))
	for i := range ts {
		ts[i] = ir.Index
	}
	return p.ResolveOperands(us, ts)
}

// staticArray returns the integers of a DenseI64Array attribute, or false
// when the attribute is missing or of another kind.
func staticArray(op *ir.Operation, name string) ([]int64, bool) {
	a, ok := op.Attr(name).(ir.DenseArrayAttr)
	if !ok || !ir.TypeEqual(a.Elem, ir.I64) {
		return nil, false
	}
	return a.Ints, true
}

// segmentSizes returns operand_segment_sizes when it is a well-formed
// array<i32: ...> of n non-negative entries.
func segmentSizes(op *ir.Operation, n int) ([]int64, bool) {
	a, ok := op.Attr(segmentAttr).(ir.DenseArrayAttr)
	if !ok || !ir.TypeEqual(a.Elem, ir.I32) || len(a.Ints) != n {
		return nil, false
	}
	for _, s := range a.Ints {
		if s < 0 {
			return nil, false
		}
	}
	return a.Ints, true
}

// segmentAttr is the attribute MLIR 16 uses to split variadic operand groups.
const segmentAttr = "operand_segment_sizes"

// verifySegments checks operand_segment_sizes the way MLIR's
// AttrSizedOperandSegments trait does.
func verifySegments(op *ir.Operation, n int) error {
	a, ok := op.Attr(segmentAttr).(ir.DenseArrayAttr)
	if !ok || !ir.TypeEqual(a.Elem, ir.I32) {
		return ir.OpErrorf(op, "requires dense i32 array attribute '%s'", segmentAttr)
	}
	if len(a.Ints) != n {
		return ir.OpErrorf(op, "'%s' attribute for specifying operand segments must have %d elements, but got %d", segmentAttr, n, len(a.Ints))
	}
	total := int64(0)
	for _, s := range a.Ints {
		if s < 0 {
			return ir.OpErrorf(op, "'%s' attribute cannot have negative elements", segmentAttr)
		}
		total += s
	}
	if total != int64(op.NumOperands()) {
		return ir.OpErrorf(op, "operand count (%d) does not match with the total size (%d) specified in attribute '%s'", op.NumOperands(), total, segmentAttr)
	}
	return nil
}

// operandSegment returns the operands of segment i, or nil when the
// segment attribute is malformed.
func operandSegment(op *ir.Operation, numSegments, i int) []*ir.Value {
	sizes, ok := segmentSizes(op, numSegments)
	if !ok {
		return nil
	}
	start := int64(0)
	for j := 0; j < i; j++ {
		start += sizes[j]
	}
	end := start + sizes[i]
	if end > int64(op.NumOperands()) {
		return nil
	}
	return op.Operands()[start:end]
}

// mixedList combines a static_* attribute with its operand segment.
func mixedList(op *ir.Operation, attr string, numSegments, segment int) []Mixed {
	static, ok := staticArray(op, attr)
	if !ok {
		return nil
	}
	return JoinMixed(static, operandSegment(op, numSegments, segment))
}

// verifyIndexList checks one static/dynamic pair like MLIR's
// verifyListOfOperandsOrIntegers.
func verifyIndexList(op *ir.Operation, name, attr string, want int, numSegments, segment int) error {
	static, ok := staticArray(op, attr)
	if !ok {
		return ir.OpErrorf(op, "requires attribute '%s'", attr)
	}
	if len(static) != want {
		return ir.Errorf(op.Loc, "expected %d %s values", want, name)
	}
	dyn := countDynamic(static)
	if len(operandSegment(op, numSegments, segment)) != dyn {
		return ir.Errorf(op.Loc, "expected %d dynamic %s values", dyn, name)
	}
	return nil
}

func indexTypes(n int) []ir.Type {
	ts := make([]ir.Type, n)
	for i := range ts {
		ts[i] = ir.Index
	}
	return ts
}
