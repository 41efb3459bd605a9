package asm

import (
	"strconv"

	"github.com/torchlower/torchlower/ir"
)

// parseTrailingLoc reads an optional `loc(...)` after an operation. A
// reference to a location alias defined later in the file is recorded and
// patched at the end (mlir-opt prints location aliases last).
func (p *parser) parseTrailingLoc(op *ir.Operation) (ir.Location, bool, error) {
	if !p.isKeyword("loc") {
		return nil, false, nil
	}
	l, err := p.parseLocation(op)
	if err != nil {
		return nil, false, err
	}
	if l == nil { // deferred alias
		return nil, false, nil
	}
	return l, true, nil
}

// parseLocation reads `loc(...)`. With a non-nil op, an alias that is not
// yet defined is deferred and nil is returned.
func (p *parser) parseLocation(op *ir.Operation) (ir.Location, error) {
	p.advance() // loc
	if err := p.expect("("); err != nil {
		return nil, err
	}
	var l ir.Location
	if p.tok.kind == tHashID {
		name, pos := p.tok.text, p.tok.pos
		p.advance()
		if a, ok := p.attrAliases[name]; ok {
			loc, isLoc := a.(ir.Location)
			if !isLoc {
				return nil, p.errAt(pos, "expected location, but found '%s'", a)
			}
			l = loc
		} else if op != nil {
			p.locFixups = append(p.locFixups, locFixup{op: op, alias: name, pos: pos})
		} else {
			return nil, p.errAt(pos, "undefined symbol alias id '%s'", name)
		}
	} else {
		var err error
		if l, err = p.parseLocBody(0); err != nil {
			return nil, err
		}
	}
	return l, p.expect(")")
}

func (p *parser) parseLocBody(depth int) (ir.Location, error) {
	if depth > 64 {
		return nil, p.errHere("location nested too deeply")
	}
	switch {
	case p.isKeyword("unknown"):
		p.advance()
		return ir.UnknownLoc{}, nil
	case p.isKeyword("callsite"):
		p.advance()
		if err := p.expect("("); err != nil {
			return nil, err
		}
		callee, err := p.parseLocBody(depth + 1)
		if err != nil {
			return nil, err
		}
		if err := p.ExpectKeyword("at"); err != nil {
			return nil, err
		}
		caller, err := p.parseLocBody(depth + 1)
		if err != nil {
			return nil, err
		}
		return ir.CallSiteLoc{Callee: callee, Caller: caller}, p.expect(")")
	case p.isKeyword("fused"):
		p.advance()
		f := ir.FusedLoc{}
		if p.consumeIf("<") {
			md, err := p.parseAttribute()
			if err != nil {
				return nil, err
			}
			f.Metadata = md
			if err := p.expect(">"); err != nil {
				return nil, err
			}
		}
		if err := p.expect("["); err != nil {
			return nil, err
		}
		for !p.isPunct("]") {
			l, err := p.parseLocBody(depth + 1)
			if err != nil {
				return nil, err
			}
			f.Locs = append(f.Locs, l)
			if !p.consumeIf(",") {
				break
			}
		}
		return f, p.expect("]")
	case p.tok.kind == tHashID:
		name, pos := p.tok.text, p.tok.pos
		a, ok := p.attrAliases[name]
		if !ok {
			return nil, p.errAt(pos, "undefined symbol alias id '%s'", name)
		}
		loc, isLoc := a.(ir.Location)
		if !isLoc {
			return nil, p.errAt(pos, "expected location, but found '%s'", a)
		}
		p.advance()
		return loc, nil
	case p.tok.kind == tString:
		s := p.tok.text
		p.advance()
		if p.consumeIf(":") {
			line, err := p.locNumber()
			if err != nil {
				return nil, err
			}
			if err := p.expect(":"); err != nil {
				return nil, err
			}
			col, err := p.locNumber()
			if err != nil {
				return nil, err
			}
			return ir.FileLineColLoc{File: s, Line: line, Col: col}, nil
		}
		if p.consumeIf("(") {
			child, err := p.parseLocBody(depth + 1)
			if err != nil {
				return nil, err
			}
			return ir.NameLoc{Name: s, Child: child}, p.expect(")")
		}
		return ir.NameLoc{Name: s}, nil
	}
	return nil, p.errHere("expected location instance%s", p.found())
}

func (p *parser) locNumber() (int, error) {
	if p.tok.kind != tInteger {
		return 0, p.errHere("expected integer in location%s", p.found())
	}
	n, err := strconv.Atoi(p.tok.text)
	if err != nil {
		return 0, p.errHere("location number out of range")
	}
	p.advance()
	return n, nil
}
