package ir

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// PrintOptions select the printed form.
type PrintOptions struct {
	// Generic prints every op in the generic form `"name"(...) : (...) -> ...`,
	// like mlir-opt --mlir-print-op-generic.
	Generic bool
	// DebugInfo prints each op's location, like --mlir-print-debuginfo.
	DebugInfo bool
}

// Printer writes MLIR text. Custom op printers (OpDef.Print) receive one and
// use its methods so names, aliases and indentation stay consistent.
type Printer struct {
	sb     strings.Builder
	opts   PrintOptions
	indent int

	names      map[*Value]string // "%0", "%arg1", "%cst_2"; results of multi-result ops get "%0#1"
	groupNames map[*Operation]string
	blockNames map[*Block]string

	mapAlias  map[string]string // affine map text → "#map3"
	aliasDefs []string
	useAlias  bool

	blobs    []*ResourceBlob // resources used, in first-use order
	blobKeys map[*ResourceBlob]string
	keyUsed  map[string]bool
}

// Print writes op (normally a builtin.module) as MLIR text.
func Print(w io.Writer, op *Operation, opts PrintOptions) error {
	_, err := io.WriteString(w, Sprint(op, opts))
	return err
}

// Sprint returns op as MLIR text, with affine map aliases (#map) defined
// at the top, as mlir-opt prints them.
func Sprint(op *Operation, opts PrintOptions) string {
	p := newPrinter(opts)
	p.useAlias = true
	p.nameTop(op)
	p.printOp(op)
	p.sb.WriteByte('\n')
	var out strings.Builder
	for _, d := range p.aliasDefs {
		out.WriteString(d)
		out.WriteByte('\n')
	}
	out.WriteString(p.sb.String())
	writeResources(&out, p.blobs, p.blobKeys)
	return out.String()
}

// String prints a single op without aliases; values defined outside it
// print as `<<UNKNOWN>>`-free placeholders named by position. Meant for
// diagnostics and debugging.
func (op *Operation) String() string {
	p := newPrinter(PrintOptions{})
	p.nameTop(op)
	p.printOp(op)
	return p.sb.String()
}

func newPrinter(opts PrintOptions) *Printer {
	return &Printer{opts: opts, names: map[*Value]string{}, groupNames: map[*Operation]string{},
		blockNames: map[*Block]string{}, mapAlias: map[string]string{}}
}

// Generic reports whether the printer is printing the generic form.
func (p *Printer) Generic() bool { return p.opts.Generic }

// Print writes raw text.
func (p *Printer) Print(ss ...string) {
	for _, s := range ss {
		p.sb.WriteString(s)
	}
}

// Printf writes formatted raw text.
func (p *Printer) Printf(format string, args ...any) { fmt.Fprintf(&p.sb, format, args...) }

// Newline starts a new line at the current indentation.
func (p *Printer) Newline() {
	p.sb.WriteByte('\n')
	for i := 0; i < p.indent; i++ {
		p.sb.WriteString("  ")
	}
}

// IncreaseIndent indents the lines Newline starts by one more level, for
// custom forms that print a region on a continuation line (linalg.map).
func (p *Printer) IncreaseIndent() { p.indent++ }

// DecreaseIndent undoes IncreaseIndent.
func (p *Printer) DecreaseIndent() { p.indent-- }

// Operand writes a value's SSA name.
func (p *Printer) Operand(v *Value) { p.sb.WriteString(p.ValueName(v)) }

// Operands writes values separated by ", ".
func (p *Printer) Operands(vs []*Value) {
	for i, v := range vs {
		if i > 0 {
			p.sb.WriteString(", ")
		}
		p.Operand(v)
	}
}

// ValueName returns the printed name of v.
func (p *Printer) ValueName(v *Value) string {
	if n, ok := p.names[v]; ok {
		return n
	}
	if v == nil {
		return "<<NULL VALUE>>"
	}
	// A value defined outside the printed op: give it a stable placeholder.
	n := "%<outside>" + strconv.Itoa(len(p.names))
	p.names[v] = n
	return n
}

// Type writes a type.
func (p *Printer) Type(t Type) { p.sb.WriteString(p.typeString(t)) }

func (p *Printer) typeString(t Type) string {
	if t == nil {
		return "<<NULL TYPE>>"
	}
	return t.String()
}

// Types writes types separated by ", ".
func (p *Printer) Types(ts []Type) {
	for i, t := range ts {
		if i > 0 {
			p.sb.WriteString(", ")
		}
		p.Type(t)
	}
}

// ArrowTypeList writes ` -> t` or ` -> (t1, t2)`; nothing for no types.
func (p *Printer) ArrowTypeList(ts []Type) {
	if len(ts) == 0 {
		return
	}
	p.sb.WriteString(" -> ")
	p.TypeListMaybeParens(ts)
}

// TypeListMaybeParens writes `t` for one non-function type, else `(t1, t2)`.
func (p *Printer) TypeListMaybeParens(ts []Type) {
	if len(ts) == 1 {
		if _, fn := ts[0].(FunctionType); !fn {
			p.Type(ts[0])
			return
		}
	}
	p.sb.WriteByte('(')
	p.Types(ts)
	p.sb.WriteByte(')')
}

// FunctionalType writes `(operand types) -> result types` for op.
func (p *Printer) FunctionalType(op *Operation) {
	p.sb.WriteByte('(')
	p.Types(op.OperandTypes())
	p.sb.WriteString(") -> ")
	p.TypeListMaybeParens(op.ResultTypes())
}

// Attr writes an attribute, using #map aliases for affine maps.
func (p *Printer) Attr(a Attribute) { p.sb.WriteString(p.attrString(a)) }

func (p *Printer) attrString(a Attribute) string {
	switch x := a.(type) {
	case nil:
		return "<<NULL ATTRIBUTE>>"
	case AffineMapAttr:
		if !p.useAlias {
			return x.String()
		}
		text := x.String()
		if al, ok := p.mapAlias[text]; ok {
			return al
		}
		al := "#map"
		if n := len(p.mapAlias); n > 0 {
			al += strconv.Itoa(n)
		}
		p.mapAlias[text] = al
		p.aliasDefs = append(p.aliasDefs, al+" = "+text)
		return al
	case ArrayAttr:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = p.attrString(e)
			// MLIR elides the default types (i64, f64) of array elements.
			switch y := e.(type) {
			case IntegerAttr:
				if it, ok := y.Type.(IntegerType); ok && it == (IntegerType{Width: 64}) {
					parts[i] = strconv.FormatInt(y.Value, 10)
				}
			case FloatAttr:
				if y.Type.Kind == F64 {
					parts[i] = FormatFloat(y.Value, F64)
				}
			}
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case DictionaryAttr:
		return "{" + p.namedAttrs(x, nil) + "}"
	case TypeAttr:
		return p.typeString(x.Type)
	case DenseResourceAttr:
		return "dense_resource<" + p.blobKey(x.Blob) + "> : " + x.Type.String()
	}
	return a.String()
}

func (p *Printer) namedAttrs(d DictionaryAttr, elided []string) string {
	var parts []string
outer:
	for _, na := range d {
		for _, e := range elided {
			if na.Name == e {
				continue outer
			}
		}
		name := na.Name
		if !isBareIdent(name) {
			name = QuoteString(name)
		}
		if _, unit := na.Value.(UnitAttr); unit {
			parts = append(parts, name)
			continue
		}
		parts = append(parts, name+" = "+p.attrString(na.Value))
	}
	return strings.Join(parts, ", ")
}

// blobKey returns the key a blob prints under, registering the blob for
// the trailing resource section. Two distinct blobs with one key (from
// merged modules) get distinct keys, as MLIR renames them.
func (p *Printer) blobKey(b *ResourceBlob) string {
	if p.blobKeys == nil {
		p.blobKeys, p.keyUsed = map[*ResourceBlob]string{}, map[string]bool{}
	}
	if k, ok := p.blobKeys[b]; ok {
		return k
	}
	k := b.Key
	for i := 0; p.keyUsed[k]; i++ {
		k = b.Key + "_" + strconv.Itoa(i)
	}
	p.keyUsed[k] = true
	p.blobKeys[b] = k
	p.blobs = append(p.blobs, b)
	return k
}

// AttrDict writes ` {a = 1 : i64}` for the attributes not elided; nothing
// if none remain.
func (p *Printer) AttrDict(d DictionaryAttr, elided ...string) {
	if s := p.namedAttrs(d, elided); s != "" {
		p.sb.WriteString(" {" + s + "}")
	}
}

// AttrDictWithKeyword writes ` attributes {...}` for the attributes not elided.
func (p *Printer) AttrDictWithKeyword(d DictionaryAttr, elided ...string) {
	if s := p.namedAttrs(d, elided); s != "" {
		p.sb.WriteString(" attributes {" + s + "}")
	}
}

// SymbolName writes `@name`, quoted when needed.
func (p *Printer) SymbolName(name string) { p.sb.WriteString("@" + symbolName(name)) }

// ArgumentDecl writes `%name: type`, plus attributes and location if given.
func (p *Printer) ArgumentDecl(v *Value, attrs DictionaryAttr) {
	p.Operand(v)
	p.sb.WriteString(": ")
	p.Type(v.Type())
	p.AttrDict(attrs)
}

// Region writes `{ ... }`. printEntryArgs prints the entry block's label and
// arguments (custom forms like func.func print them in the signature
// instead); printEmptyBlock prints the label of an empty entry block.
func (p *Printer) Region(r *Region, printEntryArgs, printEmptyBlock bool) {
	p.sb.WriteString("{")
	for i, b := range r.blocks {
		showLabel := i > 0 || (printEntryArgs && (len(b.args) > 0 || (printEmptyBlock && b.Empty())))
		if showLabel {
			p.Newline()
			p.printBlockLabel(b)
		}
		p.indent++
		for o := b.first; o != nil; o = o.next {
			p.Newline()
			p.printOp(o)
		}
		p.indent--
	}
	p.Newline()
	p.sb.WriteString("}")
}

func (p *Printer) printBlockLabel(b *Block) {
	p.sb.WriteString(p.blockNames[b])
	if len(b.args) > 0 {
		p.sb.WriteByte('(')
		for i, a := range b.args {
			if i > 0 {
				p.sb.WriteString(", ")
			}
			p.Operand(a)
			p.sb.WriteString(": ")
			p.Type(a.typ)
		}
		p.sb.WriteByte(')')
	}
	p.sb.WriteByte(':')
}

// BlockName returns the label of a block (`^bb1`).
func (p *Printer) BlockName(b *Block) string { return p.blockNames[b] }

// OptionalLocation writes ` loc(...)` when debug info is requested.
func (p *Printer) OptionalLocation(l Location) {
	if p.opts.DebugInfo && l != nil {
		p.sb.WriteString(" " + l.String())
	}
}

func (p *Printer) printOp(op *Operation) {
	if n := len(op.results); n > 0 {
		p.sb.WriteString(p.groupNames[op])
		if n > 1 && !p.resultsNamedApart(op) {
			p.sb.WriteString(":" + strconv.Itoa(n))
		} else if n > 1 {
			for i := 1; i < n; i++ {
				p.sb.WriteString(", " + p.names[op.results[i]])
			}
		}
		p.sb.WriteString(" = ")
	}
	if op.Def != nil && op.Def.Print != nil && !p.opts.Generic {
		p.sb.WriteString(p.customOpName(op))
		op.Def.Print(p, op)
	} else {
		p.printGeneric(op)
	}
	p.OptionalLocation(op.Loc)
}

// resultsNamedApart reports whether the results of op got separate names
// (hinted) instead of one group name with #i suffixes.
func (p *Printer) resultsNamedApart(op *Operation) bool {
	return len(op.results) > 1 && !strings.HasPrefix(p.names[op.results[1]], p.groupNames[op]+"#")
}

// customOpName drops the dialect prefix where the enclosing op declares it
// the default (func.return prints as `return` in a func.func), and always
// for builtin.module.
func (p *Printer) customOpName(op *Operation) string {
	if op.Name == "builtin.module" {
		return "module"
	}
	if parent := op.ParentOp(); parent != nil && parent.Def != nil && parent.Def.DefaultDialect != "" {
		if rest, ok := strings.CutPrefix(op.Name, parent.Def.DefaultDialect+"."); ok {
			return rest
		}
	}
	return op.Name
}

func (p *Printer) printGeneric(op *Operation) {
	p.sb.WriteString(QuoteString(op.Name))
	p.sb.WriteByte('(')
	p.Operands(op.Operands())
	p.sb.WriteByte(')')
	if len(op.successors) > 0 {
		p.sb.WriteByte('[')
		for i, s := range op.successors {
			if i > 0 {
				p.sb.WriteString(", ")
			}
			p.sb.WriteString(p.blockNames[s])
		}
		p.sb.WriteByte(']')
	}
	if len(op.regions) > 0 {
		p.sb.WriteString(" (")
		for i, r := range op.regions {
			if i > 0 {
				p.sb.WriteString(", ")
			}
			p.Region(r, true, true)
		}
		p.sb.WriteByte(')')
	}
	p.AttrDict(op.attrs)
	p.sb.WriteString(" : ")
	p.FunctionalType(op)
}

// nameTop assigns names to every value and block under op.
func (p *Printer) nameTop(op *Operation) {
	s := &nameScope{used: map[string]bool{}}
	p.nameOpResults(op, s)
	p.nameRegions(op, s)
}

// nameScope is MLIR's naming context: the value, argument and conflict
// counters and the names in use. A nested region starts from a copy of its
// parent's context taken after the parent region is numbered, so names
// used inside one region are free again in its siblings.
type nameScope struct {
	nextValue, nextArg int
	// nextConflict is the one suffix counter shared by every name of the
	// context, as MLIR probes: %in, %in_0, %out, %out_1.
	nextConflict int
	used         map[string]bool
	added        []string // names taken in this scope, released on exit
}

func (s *nameScope) unique(base string) string {
	if !s.used[base] {
		s.used[base] = true
		s.added = append(s.added, base)
		return base
	}
	for {
		n := base + "_" + strconv.Itoa(s.nextConflict)
		s.nextConflict++
		if !s.used[n] {
			s.used[n] = true
			s.added = append(s.added, n)
			return n
		}
	}
}

func (p *Printer) nameOpResults(op *Operation, s *nameScope) {
	if len(op.results) == 0 {
		return
	}
	var hints []string
	if !p.opts.Generic && op.Def != nil && op.Def.ResultNames != nil {
		hints = op.Def.ResultNames(op)
	}
	if len(hints) == 1 && hints[0] != "" && len(op.results) > 1 {
		// One hint for several results names the group: %reduced:2, used
		// as %reduced#1.
		g := "%" + s.unique(sanitizeName(hints[0]))
		p.groupNames[op] = g
		for i, r := range op.results {
			p.names[r] = g + "#" + strconv.Itoa(i)
		}
		return
	}
	if len(hints) > 0 && hints[0] != "" && (len(op.results) == 1 || len(hints) == len(op.results)) {
		for i, r := range op.results {
			h := ""
			if i < len(hints) {
				h = sanitizeName(hints[i])
			}
			if h == "" {
				h = strconv.Itoa(s.nextValue)
				s.nextValue++
			}
			p.names[r] = "%" + s.unique(h)
		}
		p.groupNames[op] = p.names[op.results[0]]
		return
	}
	g := "%" + strconv.Itoa(s.nextValue)
	s.nextValue++
	p.groupNames[op] = g
	for i, r := range op.results {
		if len(op.results) == 1 {
			p.names[r] = g
		} else {
			p.names[r] = g + "#" + strconv.Itoa(i)
		}
	}
}

// nameRegions names the values of op's regions the way MLIR does: all
// values of a region are numbered before the regions nested in it, sibling
// regions restart from the same counters, and an op isolated from above
// starts a fresh numbering.
func (p *Printer) nameRegions(op *Operation, s *nameScope) {
	for ri, r := range op.regions {
		inner := s
		if op.HasTrait(IsolatedFromAbove) {
			inner = &nameScope{used: map[string]bool{}}
		} else {
			// Names given inside the region are visible only there: record
			// them and release them afterwards, so sibling regions may reuse
			// hints such as %in (as upstream prints) without copying the
			// whole name set per region.
			cp := *s
			cp.added = nil
			inner = &cp
		}
		var argHints []string
		if !p.opts.Generic && op.Def != nil && op.Def.BlockArgNames != nil {
			argHints = op.Def.BlockArgNames(op, ri)
		}
		for bi, b := range r.blocks {
			p.blockNames[b] = "^bb" + strconv.Itoa(bi)
			for ai, a := range b.args {
				if bi == 0 && ai < len(argHints) && argHints[ai] != "" {
					p.names[a] = "%" + inner.unique(sanitizeName(argHints[ai]))
					continue
				}
				// Arguments are numbered, not hinted: sibling regions reuse
				// the same numbers, as they do for results.
				p.names[a] = "%arg" + strconv.Itoa(inner.nextArg)
				inner.nextArg++
			}
			for o := b.first; o != nil; o = o.next {
				p.nameOpResults(o, inner)
			}
		}
		for _, b := range r.blocks {
			for o := b.first; o != nil; o = o.next {
				if len(o.regions) > 0 {
					p.nameRegions(o, inner)
				}
			}
		}
		if inner != s && !op.HasTrait(IsolatedFromAbove) {
			for _, n := range inner.added {
				delete(s.used, n)
			}
		}
	}
}

// sanitizeName keeps [a-zA-Z0-9_$.-] and replaces the rest with '_'.
func sanitizeName(s string) string {
	b := []byte(s)
	for i, c := range b {
		ok := c == '_' || c == '$' || c == '.' || c == '-' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
		if !ok {
			b[i] = '_'
		}
	}
	return string(b)
}
