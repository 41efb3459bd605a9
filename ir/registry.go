package ir

import (
	"fmt"
	"sort"
	"strings"
)

// Trait is a bit set of op properties that generic code (verifier, DCE,
// CSE, the greedy driver) relies on instead of knowing op names.
type Trait uint32

const (
	// Pure ops have no side effects: unused ones may be erased, equal ones merged.
	Pure Trait = 1 << iota
	// Terminator ops end a block.
	Terminator
	// ReturnLike terminators return values to the parent op.
	ReturnLike
	// IsolatedFromAbove ops do not see values defined outside them.
	IsolatedFromAbove
	// SymbolTable ops (modules) hold symbols addressable by @name.
	SymbolTable
	// Symbol ops define a symbol (sym_name).
	Symbol
	// ConstantLike ops produce a constant held in their "value" attribute.
	ConstantLike
	// Commutative ops may have their operands reordered.
	Commutative
	// SameOperandsAndResultType: every operand and result has one type.
	SameOperandsAndResultType
	// Elementwise ops apply a scalar function to each element.
	Elementwise
	// NoTerminator regions need no terminator (builtin.module).
	NoTerminator
	// SingleBlock ops have regions of at most one block.
	SingleBlock
	// RecursiveMemoryEffects: the op is pure iff everything in its regions is.
	RecursivelyPure
)

// FoldResult is one folded result: a constant attribute or an existing value.
type FoldResult struct {
	Attr  Attribute
	Value *Value
}

// OpDef is one row of the op registry: everything generic code needs to
// know about an op. Only Name is required.
type OpDef struct {
	Name    string // "dialect.op", exactly as printed
	Summary string
	Traits  Trait

	// Verify checks op-specific invariants after the generic checks passed.
	Verify func(op *Operation) error
	// Fold returns one result per op result, or nil when nothing folds.
	// operands holds the constant value of each operand, or nil.
	Fold func(op *Operation, operands []Attribute) []FoldResult
	// Canonicalize lists the op's canonicalization patterns.
	Canonicalize []*Pattern

	// Print writes the custom form after the op name (which the printer
	// writes, dropping a default dialect prefix). Nil means generic form.
	Print func(p *Printer, op *Operation)
	// Parse reads the custom form after the op name.
	Parse func(p Parser, st *OperationState) error
	// ResultNames suggests SSA names for results ("cst", "c0"), like MLIR's
	// OpAsmOpInterface, so printed IR reads well.
	ResultNames func(op *Operation) []string
	// BlockArgNames suggests names for the arguments of region i's entry block.
	BlockArgNames func(op *Operation, region int) []string
	// DefaultAttrs are attributes with a default value (arith's
	// `fastmath = #arith.fastmath<none>`): ops built or parsed without them
	// get them, in generic form as in custom form, as upstream does.
	DefaultAttrs []NamedAttr
	// DefaultDialect lets ops of that dialect inside this op's regions be
	// written without their prefix (`return` inside func.func).
	DefaultDialect string
}

// Dialect groups op rows with the hooks for the dialect's own types,
// attributes and constants.
type Dialect struct {
	Name string
	Ops  []*OpDef
	// ParseType parses `!name.mnemonic...` after the mnemonic; nil keeps
	// types as OpaqueType.
	ParseType func(p Parser, mnemonic string) (Type, error)
	// ParseAttr parses `#name.mnemonic...` after the mnemonic; nil keeps
	// attributes as OpaqueAttr.
	ParseAttr func(p Parser, mnemonic string) (Attribute, error)
	// MaterializeConstant creates a constant op of value with type t, used
	// by folding. Nil means the dialect cannot.
	MaterializeConstant func(b *Builder, value Attribute, t Type, loc Location) *Operation
}

// Context is the set of dialects a tool loads. Dialects are registered
// explicitly (no init side effects), so a test states what it loads.
type Context struct {
	dialects map[string]*Dialect
	ops      map[string]*OpDef
	// AllowUnregistered lets the parser accept ops of unknown dialects in
	// generic form, like mlir-opt --allow-unregistered-dialect.
	AllowUnregistered bool
}

// NewContext creates a context with the builtin dialect and the given ones.
func NewContext(dialects ...*Dialect) *Context {
	n := len(Builtin.Ops)
	for _, d := range dialects {
		n += len(d.Ops)
	}
	c := &Context{dialects: make(map[string]*Dialect, len(dialects)+1), ops: make(map[string]*OpDef, n)}
	c.Register(Builtin)
	for _, d := range dialects {
		c.Register(d)
	}
	return c
}

// Register adds a dialect; re-registering the same dialect is a no-op.
func (c *Context) Register(d *Dialect) {
	if old, ok := c.dialects[d.Name]; ok {
		if old == d {
			return
		}
		panic("ir: two dialects named " + d.Name)
	}
	c.dialects[d.Name] = d
	prefix := d.Name + "."
	for _, def := range d.Ops {
		if !strings.HasPrefix(def.Name, prefix) {
			panic(fmt.Sprintf("ir: op %s registered in dialect %s", def.Name, d.Name))
		}
		if _, dup := c.ops[def.Name]; dup {
			panic("ir: op registered twice: " + def.Name)
		}
		c.ops[def.Name] = def
	}
}

// Lookup finds an op definition by full name.
func (c *Context) Lookup(name string) *OpDef { return c.ops[name] }

// Dialect finds a dialect by name.
func (c *Context) Dialect(name string) *Dialect { return c.dialects[name] }

// OpNames lists every registered op name, sorted.
func (c *Context) OpNames() []string {
	names := make([]string, 0, len(c.ops))
	for n := range c.ops {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// OperationState collects what a custom parser reads before the op is built.
type OperationState struct {
	Name        string
	Def         *OpDef
	Loc         Location
	Operands    []*Value
	ResultTypes []Type
	Attrs       DictionaryAttr
	Regions     []*Region
	Successors  []*Block
}

// AddAttr sets an attribute on the state.
func (st *OperationState) AddAttr(name string, v Attribute) { st.Attrs = st.Attrs.With(name, v) }

// AddRegion appends an empty region (filled by Parser.ParseRegion) and returns it.
func (st *OperationState) AddRegion() *Region {
	r := &Region{}
	st.Regions = append(st.Regions, r)
	return r
}

// Build creates the detached operation described by the state.
func (st *OperationState) Build() *Operation {
	op := NewOperation(st.Name, st.Def, st.Loc, st.Operands, st.ResultTypes, nil, 0)
	op.attrs = withDefaults(st.Def, st.Attrs)
	for _, r := range st.Regions {
		r.parent = op
		op.regions = append(op.regions, r)
	}
	op.successors = st.Successors
	return op
}

// UnresolvedOperand is a `%name` or `%name#3` reference read before its type
// is known.
type UnresolvedOperand struct {
	Name   string // without '%'
	Number int    // result number after '#'
	Pos    int    // byte offset in the input, for diagnostics
}

// Argument is a region argument declared in custom syntax: `%x: f32 loc(...)`.
type Argument struct {
	Name  UnresolvedOperand
	Type  Type
	Attrs DictionaryAttr // argument attributes, for func.func
	Loc   Location
}

// Parser is what custom op, type and attribute parsers call to read text.
// ir/asm implements it. Optional* methods return ok=false without consuming
// input when the next token does not match.
type Parser interface {
	Context() *Context
	// Errorf returns a diagnostic at the current token.
	Errorf(format string, args ...any) error
	// ErrorfAt returns a diagnostic at a byte offset (from UnresolvedOperand.Pos or Pos()).
	ErrorfAt(pos int, format string, args ...any) error
	// Pos is the byte offset of the current token.
	Pos() int
	// Loc converts a byte offset into a file:line:col location.
	Loc(pos int) Location

	// Punctuation: one of ( ) [ ] { } < > , : = -> ? * + - ... ::
	ParseOptionalPunct(p string) bool
	ExpectPunct(p string) error
	// ParseOptionalKeyword consumes the bare identifier kw.
	ParseOptionalKeyword(kw string) bool
	ExpectKeyword(kw string) error
	// ParseKeyword reads any bare identifier.
	ParseKeyword() (string, error)
	// PeekKeyword returns the next bare identifier without consuming it ("" if none).
	PeekKeyword() string
	ParseInteger() (int64, error)
	ParseOptionalInteger() (int64, bool, error)
	ParseFloat() (float64, error)
	ParseString() (string, error)
	ParseOptionalString() (string, bool, error)
	// ParseSymbolName reads `@name`.
	ParseSymbolName() (string, error)
	ParseOptionalSymbolName() (string, bool, error)

	ParseType() (Type, error)
	ParseOptionalType() (Type, bool, error)
	// ParseColonType reads `: type`.
	ParseColonType() (Type, error)
	// ParseTypeList reads `type (, type)*` (no delimiters).
	ParseTypeList() ([]Type, error)
	// ParseColonTypeList reads `: t1, t2`.
	ParseColonTypeList() ([]Type, error)
	// ParseArrowTypeList reads `-> t` or `-> (t1, t2)`.
	ParseArrowTypeList() ([]Type, error)
	ParseOptionalArrowTypeList() ([]Type, error)
	ParseAttribute() (Attribute, error)
	ParseOptionalAttribute() (Attribute, bool, error)
	// ParseOptionalAttrDict reads `{...}` into st.Attrs if present.
	ParseOptionalAttrDict(st *OperationState) error
	// ParseOptionalAttrDictWithKeyword reads `attributes {...}` if present.
	ParseOptionalAttrDictWithKeyword(st *OperationState) error

	ParseOperand() (UnresolvedOperand, error)
	ParseOptionalOperand() (UnresolvedOperand, bool, error)
	// ParseOperandList reads `%a, %b` (possibly empty).
	ParseOperandList() ([]UnresolvedOperand, error)
	ResolveOperand(u UnresolvedOperand, t Type) (*Value, error)
	ResolveOperands(us []UnresolvedOperand, ts []Type) ([]*Value, error)
	// ParseArgument reads `%x` and, if withType, `: type` plus optional attrs/loc.
	ParseArgument(withType, withAttrs bool) (Argument, error)
	ParseOptionalArgument(withType, withAttrs bool) (Argument, bool, error)
	// ParseRegion reads `{ ... }` into r. args, when non-nil, become the
	// entry block's arguments (custom forms such as func.func's signature).
	ParseRegion(r *Region, args []Argument) error
	ParseOptionalRegion(r *Region, args []Argument) (bool, error)
	// ParseOptionalLocation reads a trailing `loc(...)` specifier.
	ParseOptionalLocation() (Location, bool, error)
	// NumResults is the number of results bound on the left-hand side.
	NumResults() int
}

// withDefaults adds def's default attributes missing from attrs.
func withDefaults(def *OpDef, attrs DictionaryAttr) DictionaryAttr {
	if def == nil {
		return attrs
	}
	for _, na := range def.DefaultAttrs {
		if attrs.Get(na.Name) == nil {
			attrs = attrs.With(na.Name, na.Value)
		}
	}
	return attrs
}
