package torch

import (
	"strconv"
	"strings"
	"sync"

	"github.com/torchlower/torchlower/ir"
)

// Schema is one ATen operator signature from schemas.txt, as
// tools/opgen parsed it. The generated table (ops_gen.go) holds one per
// torch.aten op; LookupSchema finds them.
type Schema struct {
	Name     string // "add", without the "aten::" namespace
	Overload string // "Tensor"; "" for the default overload
	Op       string // the op name, "torch.aten.add.Tensor"
	Args     []Arg
	Returns  []Arg
	Text     string // the schema line exactly as in schemas.txt
}

// Arg is one argument or return value of a schema.
type Arg struct {
	Name       string // "" for unnamed returns
	Type       ArgType
	Default    string // the default's text ("1", "None", "[0, 0]", `"none"`) when HasDefault
	HasDefault bool
	KwargOnly  bool // declared after `*`
}

// BaseType is the element type of an ATen schema type, spelled as in
// native_functions.yaml.
type BaseType string

// The ATen base types the verifier knows how to check.
const (
	BaseTensor       BaseType = "Tensor"
	BaseInt          BaseType = "int"
	BaseSymInt       BaseType = "SymInt"
	BaseFloat        BaseType = "float"
	BaseSymFloat     BaseType = "SymFloat"
	BaseBool         BaseType = "bool"
	BaseScalar       BaseType = "Scalar"
	BaseStr          BaseType = "str"
	BaseScalarType   BaseType = "ScalarType"
	BaseLayout       BaseType = "Layout"
	BaseMemoryFormat BaseType = "MemoryFormat"
	BaseDevice       BaseType = "Device"
	BaseGenerator    BaseType = "Generator"
	BaseDimname      BaseType = "Dimname"
	BaseAny          BaseType = "Any"
)

// ArgType is an ATen schema type such as `Tensor`, `SymInt[1]?`,
// `Tensor?[]` or `Tensor(a!)`.
type ArgType struct {
	Base         BaseType
	List         bool   // T[] or T[N]
	Size         int    // N of T[N]; 0 when not given
	ElemOptional bool   // T?[]: a list of optionals
	Optional     bool   // a trailing ?: the value may be None
	Alias        string // alias annotation without parentheses: "a", "a!", "a -> *"
}

// Mutates reports whether the argument is written in place (`Tensor(a!)`).
func (t ArgType) Mutates() bool { return strings.Contains(t.Alias, "!") }

// String writes the type as a schema would.
func (t ArgType) String() string {
	s := string(t.Base)
	if t.Alias != "" {
		s += "(" + t.Alias + ")"
	}
	if t.List {
		if t.ElemOptional {
			s += "?"
		}
		s += "["
		if t.Size > 0 {
			s += strconv.Itoa(t.Size)
		}
		s += "]"
	}
	if t.Optional {
		s += "?"
	}
	return s
}

// TorchType returns the torch dialect type fx_importer uses for a value
// of this schema type, with tensors as the unrefined `!torch.vtensor`:
// int[] → !torch.list<int>, Tensor? → !torch.optional<vtensor>,
// ScalarType → !torch.int, Scalar → !torch.number.
func (t ArgType) TorchType() ir.Type {
	var e ir.Type
	switch t.Base {
	case BaseTensor:
		e = VTensorType{}
	case BaseInt, BaseSymInt, BaseScalarType, BaseLayout, BaseMemoryFormat:
		e = IntType{}
	case BaseFloat, BaseSymFloat:
		e = FloatType{}
	case BaseBool:
		e = BoolType{}
	case BaseScalar:
		e = NumberType{}
	case BaseStr, BaseDimname:
		e = StrType{}
	case BaseDevice:
		e = DeviceType{}
	case BaseGenerator:
		e = GeneratorType{}
	default:
		e = AnyType{}
	}
	if t.List {
		if t.ElemOptional {
			e = OptionalType{Elem: e}
		}
		e = ListType{Elem: e}
	}
	if t.Optional {
		e = OptionalType{Elem: e}
	}
	return e
}

// Accepts reports whether a value of torch type v may be passed for an
// argument of this schema type. It is the check torch-mlir's ODS operand
// constraints make: Tensor takes !torch.vtensor or !torch.tensor; int,
// SymInt, ScalarType, Layout and MemoryFormat take !torch.int; Scalar
// takes int, float, bool or number; T? also takes !torch.none (or an
// !torch.optional whose element fits); T[] takes !torch.list<T>, and
// Tensor?[] a list of tensors or of optional tensors.
func (t ArgType) Accepts(v ir.Type) bool {
	if t.Optional {
		switch x := v.(type) {
		case NoneType:
			return true
		case OptionalType:
			u := t
			u.Optional = false
			return u.Accepts(x.Elem)
		}
	}
	if !t.List {
		return baseAccepts(t.Base, v)
	}
	lt, ok := v.(ListType)
	if !ok {
		return false
	}
	elem := lt.Elem
	if t.ElemOptional {
		switch x := elem.(type) {
		case NoneType:
			return true
		case OptionalType:
			elem = x.Elem
		}
	}
	return baseAccepts(t.Base, elem)
}

func baseAccepts(b BaseType, v ir.Type) bool {
	switch b {
	case BaseTensor:
		return IsTensorType(v)
	case BaseInt, BaseSymInt, BaseScalarType, BaseLayout, BaseMemoryFormat:
		_, ok := v.(IntType)
		return ok
	case BaseFloat, BaseSymFloat:
		_, ok := v.(FloatType)
		return ok
	case BaseBool:
		_, ok := v.(BoolType)
		return ok
	case BaseScalar:
		switch v.(type) {
		case IntType, FloatType, BoolType, NumberType:
			return true
		}
		return false
	case BaseStr, BaseDimname:
		_, ok := v.(StrType)
		return ok
	case BaseDevice:
		_, ok := v.(DeviceType)
		return ok
	case BaseGenerator:
		_, ok := v.(GeneratorType)
		return ok
	case BaseAny:
		return isTorchType(v)
	}
	return false
}

// FullName is the schema's ATen name, "aten::add.Tensor".
func (s *Schema) FullName() string {
	if s.Overload == "" {
		return "aten::" + s.Name
	}
	return "aten::" + s.Name + "." + s.Overload
}

// ArgIndex returns the position of the named argument, or -1.
func (s *Schema) ArgIndex(name string) int {
	for i, a := range s.Args {
		if a.Name == name {
			return i
		}
	}
	return -1
}

// IsBackward reports whether the op is a gradient op (`*_backward*`),
// whose Tensor results may be `!torch.none` when an output mask drops
// them (convolution_backward, native_batch_norm_backward, ...).
func (s *Schema) IsBackward() bool { return strings.Contains(s.Name, "_backward") }

// ResultMayBeNone reports whether result i may have type `!torch.none`:
// a `Tensor?` result, or any Tensor result of a backward op — torch-mlir
// types those as AnyTorchOptionalTensorType.
func (s *Schema) ResultMayBeNone(i int) bool {
	if i < 0 || i >= len(s.Returns) {
		return false
	}
	t := s.Returns[i].Type
	return t.Optional || (t.Base == BaseTensor && !t.List && s.IsBackward())
}

// Mutates reports whether any argument is written in place.
func (s *Schema) Mutates() bool {
	for _, a := range s.Args {
		if a.Type.Mutates() {
			return true
		}
	}
	return false
}

// schemaIndex maps op names ("torch.aten.add.Tensor") to schemas. It is
// built on first use, not at start-up: most runs (a compiled module's)
// never look a schema up.
var schemaIndex = sync.OnceValue(func() map[string]*Schema {
	m := make(map[string]*Schema, len(schemaTable))
	for i := range schemaTable {
		m[schemaTable[i].Op] = &schemaTable[i]
	}
	return m
})

// Schemas returns every schema in the table, in schemas.txt order. The
// records are shared; do not modify them.
func Schemas() []*Schema {
	out := make([]*Schema, len(schemaTable))
	for i := range schemaTable {
		out[i] = &schemaTable[i]
	}
	return out
}

// OpName normalises the ways an aten operator is named to its torch op
// name: "aten::add.Tensor", "aten.add.Tensor", "torch.aten.add.Tensor"
// and torch.export's "torch.ops.aten.add.Tensor" all give
// "torch.aten.add.Tensor"; a trailing ".default" overload is dropped
// ("aten.relu.default" → "torch.aten.relu").
func OpName(name string) string {
	n := strings.TrimSpace(name)
	n = strings.TrimPrefix(n, "torch.ops.")
	n = strings.TrimPrefix(n, "torch.")
	if rest, ok := strings.CutPrefix(n, "aten::"); ok {
		n = "aten." + rest
	}
	n = strings.TrimSuffix(n, ".default")
	return "torch." + n
}

// LookupSchema finds the schema of an aten op by any of the names OpName
// accepts; nil when the op is not in the table.
func LookupSchema(name string) *Schema { return schemaIndex()[OpName(name)] }
