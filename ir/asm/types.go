package asm

import (
	"strconv"
	"strings"

	"github.com/torchlower/torchlower/ir"
)

// startsType reports whether the current token can begin a type.
func (p *parser) startsType() bool {
	switch p.tok.kind {
	case tBangID:
		return true
	case tPunct:
		return p.tok.text == "("
	case tBareIdent:
		_, ok := p.builtinTypeKeyword(p.tok.text)
		return ok
	}
	return false
}

// builtinTypeKeyword recognizes the keyword types; ok is true for keywords
// that begin a type (including `tensor`, whose body follows).
func (p *parser) builtinTypeKeyword(s string) (ir.Type, bool) {
	switch s {
	case "f16":
		return ir.F16T, true
	case "bf16":
		return ir.BF16T, true
	case "f32":
		return ir.F32T, true
	case "f64":
		return ir.F64T, true
	case "index":
		return ir.Index, true
	case "none":
		return ir.NoneType{}, true
	case "tensor":
		return nil, true
	}
	for _, pre := range []struct {
		s  string
		sg ir.Signedness
	}{{"si", ir.Signed}, {"ui", ir.Unsigned}, {"i", ir.Signless}} {
		if rest, ok := strings.CutPrefix(s, pre.s); ok && rest != "" && rest[0] != '0' {
			w, err := strconv.Atoi(rest)
			if err == nil && w > 0 && w <= 1<<16 {
				return ir.IntegerType{Width: w, Signedness: pre.sg}, true
			}
		}
	}
	return nil, false
}

func (p *parser) parseType() (ir.Type, error) {
	switch p.tok.kind {
	case tPunct:
		if p.tok.text == "(" {
			return p.parseFunctionType()
		}
	case tBangID:
		return p.parseBangType()
	case tBareIdent:
		name := p.tok.text
		t, ok := p.builtinTypeKeyword(name)
		if ok && t != nil {
			p.advance()
			return t, nil
		}
		if name == "tensor" {
			return p.parseTensorType()
		}
		switch name {
		case "memref", "vector", "complex", "tuple":
			return nil, p.errHere("'%s' types are not supported", name)
		}
	}
	return nil, p.errHere("expected non-function type%s", p.found())
}

func (p *parser) parseFunctionType() (ir.Type, error) {
	if err := p.expect("("); err != nil {
		return nil, err
	}
	var ins []ir.Type
	if !p.isPunct(")") {
		var err error
		if ins, err = p.parseTypeList(); err != nil {
			return nil, err
		}
	}
	if err := p.expect(")"); err != nil {
		return nil, err
	}
	if err := p.expect("->"); err != nil {
		return nil, err
	}
	outs, err := p.parseFunctionResultTypes()
	if err != nil {
		return nil, err
	}
	return ir.FunctionType{Inputs: ins, Results: outs}, nil
}

// parseFunctionResultTypes reads `t` or `(t1, t2)` or `()` after an arrow.
// A parenthesized list followed by `->` is itself a function type.
func (p *parser) parseFunctionResultTypes() ([]ir.Type, error) {
	if !p.isPunct("(") {
		t, err := p.parseType()
		if err != nil {
			return nil, err
		}
		return []ir.Type{t}, nil
	}
	save := p.tok.pos
	p.advance()
	var ts []ir.Type
	if !p.isPunct(")") {
		var err error
		if ts, err = p.parseTypeList(); err != nil {
			return nil, err
		}
	}
	if err := p.expect(")"); err != nil {
		return nil, err
	}
	if p.isPunct("->") {
		p.resetTo(save)
		t, err := p.parseFunctionType()
		if err != nil {
			return nil, err
		}
		return []ir.Type{t}, nil
	}
	if ts == nil {
		ts = []ir.Type{}
	}
	return ts, nil
}

func (p *parser) parseTypeList() ([]ir.Type, error) {
	var ts []ir.Type
	for {
		t, err := p.parseType()
		if err != nil {
			return nil, err
		}
		ts = append(ts, t)
		if !p.consumeIf(",") {
			return ts, nil
		}
	}
}

// parseTensorType reads `tensor<2x?x4xf32>` or `tensor<*xf32>`. Dimension
// lists are scanned as characters because `2x4xf32` is not a token sequence.
func (p *parser) parseTensorType() (ir.Type, error) {
	p.advance() // tensor
	if !p.isPunct("<") {
		return nil, p.errHere("expected '<' in tensor type%s", p.found())
	}
	src := p.lex.src
	i := p.tok.end
	skip := func() {
		for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\n' || src[i] == '\r') {
			i++
		}
	}
	skip()
	if i < len(src) && src[i] == '*' {
		i++
		skip()
		if i >= len(src) || src[i] != 'x' {
			return nil, p.errAt(i, "expected 'x' in unranked tensor type")
		}
		p.resetTo(i + 1)
		elem, err := p.parseType()
		if err != nil {
			return nil, err
		}
		if err := p.expect(">"); err != nil {
			return nil, err
		}
		return ir.UnrankedTensorType{Elem: elem}, nil
	}
	var shape []int64
	for {
		skip()
		j := i
		if i < len(src) && src[i] == '?' {
			j = i + 1
		} else {
			for j < len(src) && isDigit(src[j]) {
				j++
			}
		}
		if j == i || j >= len(src) || src[j] != 'x' {
			break // the element type starts here
		}
		if src[i] == '?' {
			shape = append(shape, ir.Dynamic)
		} else {
			d, err := strconv.ParseInt(src[i:j], 10, 64)
			if err != nil || d < 0 {
				return nil, p.errAt(i, "invalid dimension size")
			}
			shape = append(shape, d)
		}
		i = j + 1
	}
	p.resetTo(i)
	elemPos := p.tok.pos
	elem, err := p.parseType()
	if err != nil {
		return nil, err
	}
	switch elem.(type) {
	case ir.FunctionType, ir.RankedTensorType, ir.UnrankedTensorType:
		return nil, p.errAt(elemPos, "invalid tensor element type")
	}
	t := ir.RankedTensorType{Shape: shape, Elem: elem}
	if p.consumeIf(",") {
		if t.Encoding, err = p.parseAttribute(); err != nil {
			return nil, err
		}
	}
	if err := p.expect(">"); err != nil {
		return nil, err
	}
	return t, nil
}

// parseBangType reads `!alias` or a dialect type `!dialect.name<...>`.
func (p *parser) parseBangType() (ir.Type, error) {
	text, pos := p.tok.text, p.tok.pos
	dialect, mnemonic, dotted := strings.Cut(text, ".")
	if !dotted {
		t, ok := p.typeAliases[text]
		if !ok {
			return nil, p.errAt(pos, "undefined symbol alias id '%s'", text)
		}
		p.advance()
		return t, nil
	}
	p.advance()
	if d := p.ctx.Dialect(dialect); d != nil && d.ParseType != nil {
		return d.ParseType(p, mnemonic)
	}
	body, has, err := p.parseOpaqueBody()
	if err != nil {
		return nil, err
	}
	_ = has
	return ir.OpaqueType{Dialect: dialect, Name: mnemonic, Body: body}, nil
}

// parseOpaqueBody captures the text of a `<...>` that immediately follows
// the current position, with balanced brackets and strings, and moves past
// it. It returns has=false (consuming nothing) when no `<` follows.
func (p *parser) parseOpaqueBody() (string, bool, error) {
	if !p.isPunct("<") || p.tok.pos != p.prevEnd() {
		return "", false, nil
	}
	src := p.lex.src
	start := p.tok.end
	depth := 1
	i := start
	for i < len(src) && depth > 0 {
		c := src[i]
		switch c {
		case '<', '(', '[', '{':
			depth++
		case '>', ')', ']', '}':
			if c == '>' && ((i > 0 && src[i-1] == '-') || (i+1 < len(src) && src[i+1] == '=')) {
				break // `->` and `>=` are operators, not brackets
			}
			depth--
		case '"':
			j := i + 1
			for j < len(src) && src[j] != '"' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			i = j
		}
		i++
	}
	if depth != 0 {
		return "", false, p.errAt(p.tok.pos, "unbalanced '<' in dialect type or attribute body")
	}
	body := src[start : i-1]
	p.resetTo(i)
	return body, true, nil
}

// prevEnd is the end offset of the previously consumed token: dialect
// bodies must start right after their name, with no space.
func (p *parser) prevEnd() int {
	j := p.tok.pos
	for j > 0 && (p.lex.src[j-1] == ' ' || p.lex.src[j-1] == '\t' || p.lex.src[j-1] == '\n') {
		j--
	}
	return j
}
