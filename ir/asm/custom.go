package asm

import (
	"strconv"
	"strings"

	"github.com/torchlower/torchlower/ir"
)

// The methods below implement ir.Parser for custom op, type and attribute
// parsers registered by dialects.

var _ ir.Parser = (*parser)(nil)

func (p *parser) Context() *ir.Context { return p.ctx }

func (p *parser) Errorf(format string, args ...any) error { return p.errHere(format, args...) }

func (p *parser) ErrorfAt(pos int, format string, args ...any) error {
	return p.errAt(pos, format, args...)
}

func (p *parser) Pos() int { return p.tok.pos }

func (p *parser) Loc(pos int) ir.Location { return p.location(pos) }

func (p *parser) NumResults() int { return p.numResults }

func (p *parser) ParseOptionalPunct(s string) bool { return p.consumeIf(s) }

func (p *parser) ExpectPunct(s string) error { return p.expect(s) }

func (p *parser) ParseOptionalKeyword(kw string) bool {
	if p.isKeyword(kw) {
		p.advance()
		return true
	}
	return false
}

func (p *parser) ExpectKeyword(kw string) error {
	if p.ParseOptionalKeyword(kw) {
		return nil
	}
	return p.errHere("expected '%s'%s", kw, p.found())
}

func (p *parser) ParseKeyword() (string, error) {
	if p.tok.kind != tBareIdent {
		return "", p.errHere("expected keyword%s", p.found())
	}
	s := p.tok.text
	p.advance()
	return s, nil
}

func (p *parser) PeekKeyword() string {
	if p.tok.kind == tBareIdent {
		return p.tok.text
	}
	return ""
}

func (p *parser) ParseInteger() (int64, error) {
	v, ok, err := p.ParseOptionalInteger()
	if err != nil {
		return 0, err
	}
	if !ok {
		return 0, p.errHere("expected integer value%s", p.found())
	}
	return v, nil
}

func (p *parser) ParseOptionalInteger() (int64, bool, error) {
	neg := false
	if p.isPunct("-") {
		save := p.tok.pos
		p.advance()
		if p.tok.kind != tInteger {
			p.resetTo(save)
			return 0, false, nil
		}
		neg = true
	}
	if p.tok.kind != tInteger {
		return 0, false, nil
	}
	text := p.tok.text
	var u uint64
	var err error
	if strings.HasPrefix(text, "0x") {
		u, err = strconv.ParseUint(text[2:], 16, 64)
	} else {
		u, err = strconv.ParseUint(text, 10, 64)
	}
	if err != nil || (neg && u > 1<<63) || (!neg && u > 1<<63-1) {
		return 0, false, p.errHere("integer value too large")
	}
	p.advance()
	v := int64(u)
	if neg {
		v = -v
	}
	return v, true, nil
}

func (p *parser) ParseFloat() (float64, error) {
	neg := p.consumeIf("-")
	tok := p.tok
	if tok.kind != tFloat && tok.kind != tInteger {
		return 0, p.errHere("expected floating point literal%s", p.found())
	}
	p.advance()
	return p.floatValue(tok, neg, ir.F64)
}

func (p *parser) ParseString() (string, error) {
	s, ok, err := p.ParseOptionalString()
	if err != nil {
		return "", err
	}
	if !ok {
		return "", p.errHere("expected string%s", p.found())
	}
	return s, nil
}

func (p *parser) ParseOptionalString() (string, bool, error) {
	if p.tok.kind == tError {
		return "", false, p.errHere("")
	}
	if p.tok.kind != tString {
		return "", false, nil
	}
	s := p.tok.text
	p.advance()
	return s, true, nil
}

func (p *parser) ParseSymbolName() (string, error) {
	s, ok, err := p.ParseOptionalSymbolName()
	if err != nil {
		return "", err
	}
	if !ok {
		return "", p.errHere("expected valid '@'-identifier for symbol name%s", p.found())
	}
	return s, nil
}

func (p *parser) ParseOptionalSymbolName() (string, bool, error) {
	if p.tok.kind != tAtID {
		return "", false, nil
	}
	s := p.tok.text
	p.advance()
	return s, true, nil
}

func (p *parser) ParseType() (ir.Type, error) { return p.parseType() }

func (p *parser) ParseOptionalType() (ir.Type, bool, error) {
	if !p.startsType() {
		return nil, false, nil
	}
	t, err := p.parseType()
	return t, err == nil, err
}

func (p *parser) ParseColonType() (ir.Type, error) {
	if err := p.expect(":"); err != nil {
		return nil, err
	}
	return p.parseType()
}

func (p *parser) ParseTypeList() ([]ir.Type, error) { return p.parseTypeList() }

func (p *parser) ParseColonTypeList() ([]ir.Type, error) {
	if err := p.expect(":"); err != nil {
		return nil, err
	}
	return p.parseTypeList()
}

func (p *parser) ParseArrowTypeList() ([]ir.Type, error) {
	if err := p.expect("->"); err != nil {
		return nil, err
	}
	return p.parseFunctionResultTypes()
}

func (p *parser) ParseOptionalArrowTypeList() ([]ir.Type, error) {
	if !p.isPunct("->") {
		return nil, nil
	}
	return p.ParseArrowTypeList()
}

func (p *parser) ParseAttribute() (ir.Attribute, error) { return p.parseAttribute() }

func (p *parser) ParseOptionalAttribute() (ir.Attribute, bool, error) {
	return p.parseOptionalAttribute()
}

func (p *parser) ParseOptionalAttrDict(st *ir.OperationState) error {
	if !p.isPunct("{") {
		return nil
	}
	d, err := p.parseDictionary()
	if err != nil {
		return err
	}
	for _, na := range d {
		st.AddAttr(na.Name, na.Value)
	}
	return nil
}

func (p *parser) ParseOptionalAttrDictWithKeyword(st *ir.OperationState) error {
	if !p.ParseOptionalKeyword("attributes") {
		return nil
	}
	if !p.isPunct("{") {
		return p.errHere("expected '{' after 'attributes'")
	}
	return p.ParseOptionalAttrDict(st)
}

func (p *parser) ParseOperand() (ir.UnresolvedOperand, error) {
	u, ok, err := p.ParseOptionalOperand()
	if err != nil {
		return u, err
	}
	if !ok {
		return u, p.errHere("expected SSA operand%s", p.found())
	}
	return u, nil
}

func (p *parser) ParseOptionalOperand() (ir.UnresolvedOperand, bool, error) {
	if p.tok.kind != tPercentID {
		return ir.UnresolvedOperand{}, false, nil
	}
	u := ir.UnresolvedOperand{Name: p.tok.text, Pos: p.tok.pos}
	end := p.tok.end
	p.advance()
	// `%0#1` selects result 1 of a multi-result group.
	if p.tok.kind == tHashID && p.tok.pos == end {
		n, err := strconv.Atoi(p.tok.text)
		if err != nil || n < 0 {
			return u, false, p.errHere("invalid SSA value result number")
		}
		u.Number = n
		p.advance()
	}
	return u, true, nil
}

func (p *parser) ParseOperandList() ([]ir.UnresolvedOperand, error) {
	var us []ir.UnresolvedOperand
	u, ok, err := p.ParseOptionalOperand()
	if err != nil || !ok {
		return nil, err
	}
	us = append(us, u)
	for p.consumeIf(",") {
		u, err := p.ParseOperand()
		if err != nil {
			return nil, err
		}
		us = append(us, u)
	}
	return us, nil
}

func (p *parser) ResolveOperand(u ir.UnresolvedOperand, t ir.Type) (*ir.Value, error) {
	return p.resolve(u, t)
}

func (p *parser) ResolveOperands(us []ir.UnresolvedOperand, ts []ir.Type) ([]*ir.Value, error) {
	if len(us) != len(ts) {
		pos := p.tok.pos
		if len(us) > 0 {
			pos = us[0].Pos
		}
		return nil, p.errAt(pos, "%d operands present, but expected %d", len(us), len(ts))
	}
	vs := make([]*ir.Value, len(us))
	for i, u := range us {
		v, err := p.resolve(u, ts[i])
		if err != nil {
			return nil, err
		}
		vs[i] = v
	}
	return vs, nil
}

func (p *parser) ParseArgument(withType, withAttrs bool) (ir.Argument, error) {
	a, ok, err := p.ParseOptionalArgument(withType, withAttrs)
	if err != nil {
		return a, err
	}
	if !ok {
		return a, p.errHere("expected SSA identifier%s", p.found())
	}
	return a, nil
}

func (p *parser) ParseOptionalArgument(withType, withAttrs bool) (ir.Argument, bool, error) {
	var a ir.Argument
	if p.tok.kind != tPercentID {
		return a, false, nil
	}
	a.Name = ir.UnresolvedOperand{Name: p.tok.text, Pos: p.tok.pos}
	p.advance()
	if withType {
		t, err := p.ParseColonType()
		if err != nil {
			return a, false, err
		}
		a.Type = t
	}
	if withAttrs && p.isPunct("{") {
		d, err := p.parseDictionary()
		if err != nil {
			return a, false, err
		}
		a.Attrs = d
	}
	if p.isKeyword("loc") {
		l, err := p.parseLocation(nil)
		if err != nil {
			return a, false, err
		}
		a.Loc = l
	}
	return a, true, nil
}

func (p *parser) ParseRegion(r *ir.Region, args []ir.Argument) error {
	// The op is not built yet, so isolation comes from the def whose
	// custom parser is running.
	isolated := p.currentDef != nil && p.currentDef.Traits&ir.IsolatedFromAbove != 0
	return p.parseRegionBody(r, args, isolated)
}

func (p *parser) ParseOptionalRegion(r *ir.Region, args []ir.Argument) (bool, error) {
	if !p.isPunct("{") {
		return false, nil
	}
	return true, p.ParseRegion(r, args)
}

func (p *parser) ParseOptionalLocation() (ir.Location, bool, error) {
	if !p.isKeyword("loc") {
		return nil, false, nil
	}
	l, err := p.parseLocation(nil)
	return l, err == nil, err
}
