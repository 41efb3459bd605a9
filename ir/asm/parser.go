package asm

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/torchlower/torchlower/ir"
)

// Options control parsing.
type Options struct {
	// FileName is used in locations and diagnostics.
	FileName string
	// LineOffset is added to every line number, so that a chunk of a
	// --split-input-file input reports lines of the whole file.
	LineOffset int
}

// Parse reads MLIR text and returns the top-level builtin.module. When the
// text holds ops other than a single module, they are wrapped in an implicit
// module, as mlir-opt does. The result is not verified; call ir.Verify.
func Parse(ctx *ir.Context, src string, opts Options) (*ir.Operation, error) {
	p := newParser(ctx, src, opts)
	return p.parseTopLevel()
}

type parser struct {
	ctx  *ir.Context
	lex  lexer
	tok  token
	opts Options

	lineStarts []int // byte offsets where lines start, for pos → line:col

	attrAliases map[string]ir.Attribute
	typeAliases map[string]ir.Type
	// Location aliases may be defined after their use (mlir-opt prints them
	// at the end of the file), so uses are patched once the file is read.
	locFixups []locFixup

	scopes []*valueScope
	// numResults is the size of the result list of the op being parsed,
	// for custom parsers that need it.
	numResults int
	// defaultDialects is a stack of the default dialect of each enclosing
	// op, so `return` in a func.func means func.return.
	defaultDialects []string
	// resources are the dense_resource blobs by key.
	resources map[string]*ir.ResourceBlob
	// currentDef is the op whose custom parser is running.
	currentDef *ir.OpDef
}

type locFixup struct {
	op    *ir.Operation
	alias string
	pos   int
}

// valueScope holds the SSA names visible in one region.
type valueScope struct {
	values   map[string][]*ir.Value // name → results (one entry per result number)
	forward  map[string]*forwardRef
	blocks   map[string]*blockRef
	isolated bool
}

type forwardRef struct {
	placeholder *ir.Operation // an op with the referenced results as its results
	pos         int
}

type blockRef struct {
	block   *ir.Block
	defined bool
	pos     int
}

func newParser(ctx *ir.Context, src string, opts Options) *parser {
	if opts.FileName == "" {
		opts.FileName = "<stdin>"
	}
	p := &parser{ctx: ctx, lex: lexer{src: src}, opts: opts,
		attrAliases: map[string]ir.Attribute{}, typeAliases: map[string]ir.Type{}}
	p.lineStarts = []int{0}
	for i := 0; i < len(src); i++ {
		if src[i] == '\n' {
			p.lineStarts = append(p.lineStarts, i+1)
		}
	}
	p.advance()
	return p
}

func (p *parser) advance() { p.tok = p.lex.next() }

// resetTo re-lexes from byte offset pos.
func (p *parser) resetTo(pos int) {
	p.lex.pos = pos
	p.advance()
}

func (p *parser) lineCol(pos int) (int, int) {
	i := sort.Search(len(p.lineStarts), func(i int) bool { return p.lineStarts[i] > pos }) - 1
	if i < 0 {
		i = 0
	}
	return i + 1 + p.opts.LineOffset, pos - p.lineStarts[i] + 1
}

func (p *parser) location(pos int) ir.Location {
	line, col := p.lineCol(pos)
	return ir.FileLineColLoc{File: p.opts.FileName, Line: line, Col: col}
}

func (p *parser) errAt(pos int, format string, args ...any) error {
	return ir.Errorf(p.location(pos), format, args...)
}

func (p *parser) errHere(format string, args ...any) error {
	if p.tok.kind == tError {
		return p.errAt(p.tok.pos, "%s", p.tok.text)
	}
	return p.errAt(p.tok.pos, format, args...)
}

func (p *parser) isPunct(s string) bool { return p.tok.kind == tPunct && p.tok.text == s }

func (p *parser) consumeIf(s string) bool {
	if p.isPunct(s) {
		p.advance()
		return true
	}
	return false
}

func (p *parser) expect(s string) error {
	if p.consumeIf(s) {
		return nil
	}
	return p.errHere("expected '%s'%s", s, p.found())
}

// found describes the current token for "expected X" messages.
func (p *parser) found() string {
	switch p.tok.kind {
	case tEOF:
		return ", found end of input"
	case tError:
		return ": " + p.tok.text
	}
	return ", found '" + p.tokenText() + "'"
}

func (p *parser) tokenText() string { return p.lex.src[p.tok.pos:p.tok.end] }

func (p *parser) isKeyword(kw string) bool { return p.tok.kind == tBareIdent && p.tok.text == kw }

func (p *parser) parseTopLevel() (*ir.Operation, error) {
	top := ir.NewModule(p.ctx, p.location(0))
	body := ir.Body(top)
	p.pushScope(true)
	var ops []*ir.Operation
	for p.tok.kind != tEOF {
		switch p.tok.kind {
		case tHashID:
			if err := p.parseAttrAliasDef(); err != nil {
				return nil, err
			}
			continue
		case tBangID:
			if err := p.parseTypeAliasDef(); err != nil {
				return nil, err
			}
			continue
		case tFileMetaStart:
			if err := p.parseFileMetadata(); err != nil {
				return nil, err
			}
			continue
		}
		op, err := p.parseOperation(body)
		if err != nil {
			return nil, err
		}
		ops = append(ops, op)
	}
	if err := p.popScope(); err != nil {
		return nil, err
	}
	if err := p.applyLocFixups(); err != nil {
		return nil, err
	}
	if len(ops) == 1 && ops[0].Name == "builtin.module" {
		ops[0].Remove()
		return ops[0], nil
	}
	return top, nil
}

func (p *parser) parseAttrAliasDef() error {
	name, pos := p.tok.text, p.tok.pos
	p.advance()
	if err := p.expect("="); err != nil {
		return err
	}
	if _, dup := p.attrAliases[name]; dup {
		return p.errAt(pos, "redefinition of attribute alias id '%s'", name)
	}
	a, err := p.parseAttribute()
	if err != nil {
		return err
	}
	p.attrAliases[name] = a
	return nil
}

func (p *parser) parseTypeAliasDef() error {
	name, pos := p.tok.text, p.tok.pos
	p.advance()
	if err := p.expect("="); err != nil {
		return err
	}
	if _, dup := p.typeAliases[name]; dup {
		return p.errAt(pos, "redefinition of type alias id '%s'", name)
	}
	t, err := p.parseType()
	if err != nil {
		return err
	}
	p.typeAliases[name] = t
	return nil
}

// parseFileMetadata reads `{-# dialect_resources: {builtin: {key: "0x.."}}
// #-}`, filling the blobs of dense_resource attributes. Other sections and
// other dialects' resources are skipped.
func (p *parser) parseFileMetadata() error {
	start := p.tok.pos
	p.advance() // {-#
	for p.tok.kind != tFileMetaEnd {
		if p.tok.kind != tBareIdent {
			if p.tok.kind == tEOF {
				return p.errAt(start, "unterminated file metadata dictionary")
			}
			return p.errHere("expected identifier key in file metadata dictionary%s", p.found())
		}
		section := p.tok.text
		p.advance()
		if err := p.expect(":"); err != nil {
			return err
		}
		if err := p.parseResourceSection(section == "dialect_resources"); err != nil {
			return err
		}
		if !p.consumeIf(",") {
			break
		}
	}
	if p.tok.kind != tFileMetaEnd {
		return p.errHere("expected '#-}' to close file metadata%s", p.found())
	}
	p.advance()
	return nil
}

// parseResourceSection reads `{ dialect: { key: value, ... }, ... }`,
// keeping builtin blobs when keep is set.
func (p *parser) parseResourceSection(keep bool) error {
	if err := p.expect("{"); err != nil {
		return err
	}
	for !p.isPunct("}") {
		if p.tok.kind != tBareIdent {
			return p.errHere("expected identifier key for resource group%s", p.found())
		}
		dialect := p.tok.text
		p.advance()
		if err := p.expect(":"); err != nil {
			return err
		}
		if err := p.expect("{"); err != nil {
			return err
		}
		for !p.isPunct("}") {
			if p.tok.kind != tBareIdent {
				return p.errHere("expected identifier key for 'resource' entry%s", p.found())
			}
			key, keyPos := p.tok.text, p.tok.pos
			p.advance()
			if err := p.expect(":"); err != nil {
				return err
			}
			if p.tok.kind != tString && p.tok.kind != tBareIdent && p.tok.kind != tInteger {
				return p.errHere("expected resource value%s", p.found())
			}
			val, valPos, isString := p.tok.text, p.tok.pos, p.tok.kind == tString
			p.advance()
			if keep && dialect == "builtin" && isString {
				if err := p.fillBlob(key, val, keyPos, valPos); err != nil {
					return err
				}
			}
			if !p.consumeIf(",") {
				break
			}
		}
		if err := p.expect("}"); err != nil {
			return err
		}
		if !p.consumeIf(",") {
			break
		}
	}
	return p.expect("}")
}

func (p *parser) fillBlob(key, val string, keyPos, valPos int) error {
	raw, err := hex.DecodeString(strings.TrimPrefix(val, "0x"))
	if err != nil || !strings.HasPrefix(val, "0x") || len(raw) < 4 {
		return p.errAt(valPos, "resource '%s': expected a hex blob \"0x<alignment><data>\"", key)
	}
	b := p.resource(key)
	if b.Data != nil {
		return p.errAt(keyPos, "duplicate resource key '%s'", key)
	}
	b.Alignment = binary.LittleEndian.Uint32(raw[:4])
	b.Data = raw[4:]
	return nil
}

// --- value scopes ---------------------------------------------------------

func (p *parser) pushScope(isolated bool) {
	p.scopes = append(p.scopes, &valueScope{values: map[string][]*ir.Value{},
		forward: map[string]*forwardRef{}, blocks: map[string]*blockRef{}, isolated: isolated})
}

// popScope closes a region's scope. Unresolved forward references move to
// the enclosing scope (a nested region may use a value defined later in an
// enclosing one) unless the scope is isolated, where they are errors.
func (p *parser) popScope() error {
	s := p.scopes[len(p.scopes)-1]
	p.scopes = p.scopes[:len(p.scopes)-1]
	for name, b := range s.blocks {
		if !b.defined {
			return p.errAt(b.pos, "reference to an undefined block '^%s'", name)
		}
	}
	names := make([]string, 0, len(s.forward))
	for n := range s.forward {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool { return s.forward[names[i]].pos < s.forward[names[j]].pos })
	for _, name := range names {
		f := s.forward[name]
		if s.isolated || len(p.scopes) == 0 {
			return p.errAt(f.pos, "use of undeclared SSA value name '%%%s'", name)
		}
		parent := p.scopes[len(p.scopes)-1]
		if g, ok := parent.forward[name]; ok {
			// Merge: redirect this placeholder to the parent's one.
			mergeForward(f, g)
			continue
		}
		parent.forward[name] = f
	}
	return nil
}

func mergeForward(from, into *forwardRef) {
	for i, r := range from.placeholder.Results() {
		if i < into.placeholder.NumResults() {
			r.ReplaceAllUsesWith(into.placeholder.Result(i))
		}
	}
}

func (p *parser) lookupValue(name string) ([]*ir.Value, bool) {
	for i := len(p.scopes) - 1; i >= 0; i-- {
		if vs, ok := p.scopes[i].values[name]; ok {
			return vs, true
		}
		if p.scopes[i].isolated {
			break
		}
	}
	return nil, false
}

// defineValues binds a name to values, resolving forward references.
func (p *parser) defineValues(name string, vs []*ir.Value, pos int) error {
	s := p.scopes[len(p.scopes)-1]
	if _, dup := s.values[name]; dup {
		return p.errAt(pos, "redefinition of SSA value '%%%s'", name)
	}
	s.values[name] = vs
	if f, ok := s.forward[name]; ok {
		delete(s.forward, name)
		for i, r := range f.placeholder.Results() {
			if !r.HasUses() {
				continue
			}
			if i >= len(vs) {
				return p.errAt(f.pos, "result number %d out of range for '%%%s' (it has %d results)", i, name, len(vs))
			}
			if !ir.TypeEqual(r.Type(), vs[i].Type()) {
				return p.errAt(f.pos, "use of value '%%%s' expects different type than prior uses: '%s' vs '%s'",
					name, r.Type(), vs[i].Type())
			}
			r.ReplaceAllUsesWith(vs[i])
		}
	}
	return nil
}

// resolve finds the value for an operand reference, creating a forward
// reference placeholder when the name is not yet defined.
func (p *parser) resolve(u ir.UnresolvedOperand, t ir.Type) (*ir.Value, error) {
	if t == nil {
		return nil, p.errAt(u.Pos, "missing type for operand '%%%s'", u.Name)
	}
	if vs, ok := p.lookupValue(u.Name); ok {
		if u.Number >= len(vs) {
			return nil, p.errAt(u.Pos, "result number %d out of range for '%%%s' (it has %d results)", u.Number, u.Name, len(vs))
		}
		v := vs[u.Number]
		if !ir.TypeEqual(v.Type(), t) {
			return nil, p.errAt(u.Pos, "use of value '%%%s' expects different type than prior uses: '%s' vs '%s'",
				u.Name, t, v.Type())
		}
		return v, nil
	}
	s := p.scopes[len(p.scopes)-1]
	f, ok := s.forward[u.Name]
	if !ok {
		f = &forwardRef{pos: u.Pos, placeholder: ir.NewOperation("builtin.forward_ref", nil, nil, nil, nil, nil, 0)}
		s.forward[u.Name] = f
	}
	ph := f.placeholder
	if u.Number < ph.NumResults() {
		v := ph.Result(u.Number)
		if !ir.TypeEqual(v.Type(), t) {
			return nil, p.errAt(u.Pos, "use of value '%%%s' expects different type than prior uses: '%s' vs '%s'",
				u.Name, t, v.Type())
		}
		return v, nil
	}
	// Grow the placeholder's result list to cover this result number; the
	// padding types are irrelevant because unused results are ignored.
	types := ph.ResultTypes()
	for len(types) <= u.Number {
		types = append(types, t)
	}
	types[u.Number] = t
	grown := ir.NewOperation("builtin.forward_ref", nil, nil, nil, types, nil, 0)
	for i, r := range ph.Results() {
		r.ReplaceAllUsesWith(grown.Result(i))
	}
	f.placeholder = grown
	return grown.Result(u.Number), nil
}

// --- operations -----------------------------------------------------------

type resultGroup struct {
	name  string
	count int
	pos   int
}

func (p *parser) parseOperation(block *ir.Block) (*ir.Operation, error) {
	start := p.tok.pos
	var groups []resultGroup
	if p.tok.kind == tPercentID {
		for {
			if p.tok.kind != tPercentID {
				return nil, p.errHere("expected SSA value name%s", p.found())
			}
			g := resultGroup{name: p.tok.text, count: 1, pos: p.tok.pos}
			p.advance()
			if p.consumeIf(":") {
				if p.tok.kind != tInteger {
					return nil, p.errHere("expected integer number of results")
				}
				n, err := strconv.Atoi(p.tok.text)
				if err != nil || n < 1 {
					return nil, p.errHere("expected named operation to have at least 1 result")
				}
				g.count = n
				p.advance()
			}
			groups = append(groups, g)
			if !p.consumeIf(",") {
				break
			}
		}
		if err := p.expect("="); err != nil {
			return nil, err
		}
	}
	numResults := 0
	for _, g := range groups {
		numResults += g.count
	}
	var op *ir.Operation
	var err error
	switch p.tok.kind {
	case tString:
		op, err = p.parseGenericOp(start)
	case tBareIdent:
		op, err = p.parseCustomOp(start, numResults)
	default:
		return nil, p.errHere("expected operation name in quotes%s", p.found())
	}
	if err != nil {
		return nil, err
	}
	if numResults != op.NumResults() && len(groups) > 0 {
		return nil, p.errAt(start, "operation defines %d results but was provided %d to bind", op.NumResults(), numResults)
	}
	if loc, ok, err := p.parseTrailingLoc(op); err != nil {
		return nil, err
	} else if ok {
		op.Loc = loc
	}
	block.Append(op)
	i := 0
	for _, g := range groups {
		if err := p.defineValues(g.name, op.Results()[i:i+g.count], g.pos); err != nil {
			return nil, err
		}
		i += g.count
	}
	return op, nil
}

func (p *parser) lookupDef(name string, pos int) (*ir.OpDef, error) {
	if def := p.ctx.Lookup(name); def != nil {
		return def, nil
	}
	dialect, _, _ := strings.Cut(name, ".")
	if p.ctx.AllowUnregistered && p.ctx.Dialect(dialect) == nil {
		return nil, nil
	}
	if p.ctx.Dialect(dialect) != nil {
		return nil, p.errAt(pos, "unregistered operation '%s' found in dialect ('%s') that does not allow unknown operations", name, dialect)
	}
	return nil, p.errAt(pos, "unregistered operation '%s' (dialect '%s' is not loaded)", name, dialect)
}

func (p *parser) parseGenericOp(start int) (*ir.Operation, error) {
	name, namePos := p.tok.text, p.tok.pos
	p.advance()
	def, err := p.lookupDef(name, namePos)
	if err != nil {
		return nil, err
	}
	st := &ir.OperationState{Name: name, Def: def, Loc: p.location(start)}
	if err := p.expect("("); err != nil {
		return nil, err
	}
	var operands []ir.UnresolvedOperand
	if !p.isPunct(")") {
		if operands, err = p.ParseOperandList(); err != nil {
			return nil, err
		}
	}
	if err := p.expect(")"); err != nil {
		return nil, err
	}
	if p.consumeIf("[") {
		for {
			b, err := p.parseBlockRef()
			if err != nil {
				return nil, err
			}
			st.Successors = append(st.Successors, b)
			if !p.consumeIf(",") {
				break
			}
		}
		if err := p.expect("]"); err != nil {
			return nil, err
		}
	}
	// Properties (`<{...}>`, MLIR 17+) merge into the attributes, which is
	// where MLIR 16 keeps them.
	if p.isPunct("<") {
		p.advance()
		d, err := p.parseDictionary()
		if err != nil {
			return nil, err
		}
		for _, na := range d {
			st.AddAttr(na.Name, na.Value)
		}
		if err := p.expect(">"); err != nil {
			return nil, err
		}
	}
	if p.isPunct("(") {
		p.advance()
		isolated := def != nil && def.Traits&ir.IsolatedFromAbove != 0
		p.pushDefaultDialect(def)
		for {
			r := st.AddRegion()
			if err := p.parseRegionBody(r, nil, isolated); err != nil {
				return nil, err
			}
			if !p.consumeIf(",") {
				break
			}
		}
		p.popDefaultDialect()
		if err := p.expect(")"); err != nil {
			return nil, err
		}
	}
	if p.isPunct("{") {
		d, err := p.parseDictionary()
		if err != nil {
			return nil, err
		}
		for _, na := range d {
			st.AddAttr(na.Name, na.Value)
		}
	}
	if err := p.expect(":"); err != nil {
		return nil, err
	}
	typePos := p.tok.pos
	t, err := p.parseType()
	if err != nil {
		return nil, err
	}
	ft, ok := t.(ir.FunctionType)
	if !ok {
		return nil, p.errAt(typePos, "expected function type")
	}
	if len(ft.Inputs) != len(operands) {
		return nil, p.errAt(typePos, "expected %d operand type(s) but had %d", len(operands), len(ft.Inputs))
	}
	if st.Operands, err = p.ResolveOperands(operands, ft.Inputs); err != nil {
		return nil, err
	}
	st.ResultTypes = ft.Results
	return st.Build(), nil
}

func (p *parser) pushDefaultDialect(def *ir.OpDef) {
	d := ""
	if def != nil {
		d = def.DefaultDialect
	}
	p.defaultDialects = append(p.defaultDialects, d)
}

func (p *parser) popDefaultDialect() {
	p.defaultDialects = p.defaultDialects[:len(p.defaultDialects)-1]
}

// resolveCustomName maps a custom op keyword to a registered op: the full
// name, or a name relative to the enclosing default dialect or builtin.
func (p *parser) resolveCustomName(name string) *ir.OpDef {
	if def := p.ctx.Lookup(name); def != nil {
		return def
	}
	if n := len(p.defaultDialects); n > 0 && p.defaultDialects[n-1] != "" {
		if def := p.ctx.Lookup(p.defaultDialects[n-1] + "." + name); def != nil {
			return def
		}
	}
	return p.ctx.Lookup("builtin." + name)
}

func (p *parser) parseCustomOp(start, numResults int) (*ir.Operation, error) {
	name, namePos := p.tok.text, p.tok.pos
	def := p.resolveCustomName(name)
	if def == nil {
		if !strings.Contains(name, ".") {
			return nil, p.errAt(namePos, "custom op '%s' is unknown", name)
		}
		if _, err := p.lookupDef(name, namePos); err != nil {
			return nil, err
		}
		return nil, p.errAt(namePos, "custom op '%s' is unknown (unregistered ops must use the generic form)", name)
	}
	if def.Parse == nil {
		return nil, p.errAt(namePos, "'%s' has no custom assembly form; use the generic form \"%s\"(...)", def.Name, def.Name)
	}
	p.advance()
	st := &ir.OperationState{Name: def.Name, Def: def, Loc: p.location(start)}
	savedN, savedDef := p.numResults, p.currentDef
	p.numResults, p.currentDef = numResults, def
	p.pushDefaultDialect(def)
	err := def.Parse(p, st)
	p.popDefaultDialect()
	p.numResults, p.currentDef = savedN, savedDef
	if err != nil {
		return nil, err
	}
	return st.Build(), nil
}

// --- regions and blocks ---------------------------------------------------

// parseRegionBody parses `{ blocks }`. args, if given, are the entry
// block's arguments from a custom signature.
func (p *parser) parseRegionBody(r *ir.Region, args []ir.Argument, isolated bool) error {
	open := p.tok.pos
	if err := p.expect("{"); err != nil {
		return err
	}
	p.pushScope(isolated)
	var entry *ir.Block
	if args != nil {
		entry = ir.NewBlock()
		r.AppendBlock(entry)
		for _, a := range args {
			v := entry.AddArgument(a.Type)
			if a.Name.Name != "" {
				if err := p.defineValues(a.Name.Name, []*ir.Value{v}, a.Name.Pos); err != nil {
					return err
				}
			}
		}
	}
	if p.isPunct("}") {
		p.advance()
		return p.popScope()
	}
	// The entry block's label may be omitted.
	if p.tok.kind != tCaretID {
		if entry == nil {
			entry = ir.NewBlock()
			r.AppendBlock(entry)
		}
		if err := p.parseBlockOps(entry); err != nil {
			return err
		}
	} else if entry != nil {
		return p.errHere("invalid block name in region with named arguments")
	}
	for p.tok.kind == tCaretID {
		if err := p.parseBlock(r); err != nil {
			return err
		}
	}
	if !p.isPunct("}") {
		if p.tok.kind == tEOF {
			return p.errAt(open, "expected '}' to close this region, found end of input")
		}
		return p.errHere("expected '}' to close region%s", p.found())
	}
	p.advance()
	return p.popScope()
}

func (p *parser) parseBlock(r *ir.Region) error {
	b, err := p.defineBlock()
	if err != nil {
		return err
	}
	r.AppendBlock(b)
	if p.consumeIf("(") {
		if !p.isPunct(")") {
			for {
				a, err := p.ParseArgument(true, false)
				if err != nil {
					return err
				}
				v := b.AddArgument(a.Type)
				if err := p.defineValues(a.Name.Name, []*ir.Value{v}, a.Name.Pos); err != nil {
					return err
				}
				if !p.consumeIf(",") {
					break
				}
			}
		}
		if err := p.expect(")"); err != nil {
			return err
		}
	}
	if err := p.expect(":"); err != nil {
		return err
	}
	return p.parseBlockOps(b)
}

func (p *parser) parseBlockOps(b *ir.Block) error {
	for !(p.tok.kind == tCaretID || p.isPunct("}") || p.tok.kind == tEOF) {
		if _, err := p.parseOperation(b); err != nil {
			return err
		}
	}
	return nil
}

func (p *parser) blockRefIn(name string, pos int) *blockRef {
	s := p.scopes[len(p.scopes)-1]
	ref, ok := s.blocks[name]
	if !ok {
		ref = &blockRef{block: ir.NewBlock(), pos: pos}
		s.blocks[name] = ref
	}
	return ref
}

func (p *parser) defineBlock() (*ir.Block, error) {
	name, pos := p.tok.text, p.tok.pos
	p.advance()
	ref := p.blockRefIn(name, pos)
	if ref.defined {
		return nil, p.errAt(pos, "redefinition of block '^%s'", name)
	}
	ref.defined = true
	return ref.block, nil
}

func (p *parser) parseBlockRef() (*ir.Block, error) {
	if p.tok.kind != tCaretID {
		return nil, p.errHere("expected block name%s", p.found())
	}
	ref := p.blockRefIn(p.tok.text, p.tok.pos)
	p.advance()
	return ref.block, nil
}

func (p *parser) applyLocFixups() error {
	for _, f := range p.locFixups {
		a, ok := p.attrAliases[f.alias]
		if !ok {
			return p.errAt(f.pos, "undefined symbol alias id '%s'", f.alias)
		}
		loc, ok := a.(ir.Location)
		if !ok {
			return p.errAt(f.pos, "expected location, but found '%s'", a)
		}
		f.op.Loc = loc
	}
	return nil
}

func quoteTok(s string) string { return fmt.Sprintf("%q", s) }
