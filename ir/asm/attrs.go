package asm

import (
	"encoding/hex"
	"math"
	"strconv"
	"strings"

	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
)

func (p *parser) parseAttribute() (ir.Attribute, error) {
	a, ok, err := p.parseOptionalAttribute()
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, p.errHere("expected attribute value%s", p.found())
	}
	return a, nil
}

func (p *parser) parseOptionalAttribute() (ir.Attribute, bool, error) {
	switch p.tok.kind {
	case tInteger, tFloat:
		a, err := p.parseNumberAttr(false)
		return a, err == nil, err
	case tPunct:
		switch p.tok.text {
		case "-":
			p.advance()
			if p.tok.kind != tInteger && p.tok.kind != tFloat {
				return nil, false, p.errHere("expected integer or float literal after '-'")
			}
			a, err := p.parseNumberAttr(true)
			return a, err == nil, err
		case "[":
			a, err := p.parseArrayAttr()
			return a, err == nil, err
		case "{":
			d, err := p.parseDictionary()
			return d, err == nil, err
		case "(":
			t, err := p.parseType()
			return ir.TypeAttr{Type: t}, err == nil, err
		}
		return nil, false, nil
	case tString:
		s := p.tok.text
		p.advance()
		if p.consumeIf(":") { // typed strings are accepted and the type dropped
			if _, err := p.parseType(); err != nil {
				return nil, false, err
			}
		}
		return ir.StringAttr(s), true, nil
	case tAtID:
		a, err := p.parseSymbolRef()
		return a, err == nil, err
	case tHashID:
		a, err := p.parseHashAttr()
		return a, err == nil, err
	case tBangID:
		t, err := p.parseType()
		return ir.TypeAttr{Type: t}, err == nil, err
	case tBareIdent:
		switch p.tok.text {
		case "true", "false":
			v := p.tok.text == "true"
			p.advance()
			if p.consumeIf(":") {
				if _, err := p.parseType(); err != nil {
					return nil, false, err
				}
			}
			return ir.BoolAttr(v), true, nil
		case "unit":
			p.advance()
			return ir.UnitAttr{}, true, nil
		case "dense":
			a, err := p.parseDenseAttr()
			return a, err == nil, err
		case "dense_resource":
			a, err := p.parseDenseResource()
			return a, err == nil, err
		case "array":
			a, err := p.parseDenseArray()
			return a, err == nil, err
		case "affine_map":
			a, err := p.parseAffineMapAttr()
			return a, err == nil, err
		case "affine_set":
			p.advance()
			if !p.isPunct("<") {
				return nil, false, p.errHere("expected '<' after affine_set")
			}
			body, _, err := p.parseOpaqueBody()
			return ir.IntegerSetAttr{Body: body}, err == nil, err
		case "loc":
			l, err := p.parseLocation(nil)
			return l, err == nil, err
		}
		if p.startsType() {
			t, err := p.parseType()
			return ir.TypeAttr{Type: t}, err == nil, err
		}
	}
	return nil, false, nil
}

// parseNumberAttr reads a literal (the '-' already consumed when neg) and
// an optional `: type`; untyped integers are i64 and untyped floats f64.
func (p *parser) parseNumberAttr(neg bool) (ir.Attribute, error) {
	tok := p.tok
	p.advance()
	var t ir.Type
	if p.consumeIf(":") {
		var err error
		if t, err = p.parseType(); err != nil {
			return nil, err
		}
	}
	return p.numberAttr(tok, neg, t)
}

func (p *parser) numberAttr(tok token, neg bool, t ir.Type) (ir.Attribute, error) {
	if t == nil {
		if tok.kind == tFloat {
			t = ir.F64T
		} else {
			t = ir.I64
		}
	}
	switch tt := t.(type) {
	case ir.FloatType:
		v, err := p.floatValue(tok, neg, tt.Kind)
		if err != nil {
			return nil, err
		}
		return ir.FloatAttr{Value: v, Type: tt}, nil
	case ir.IntegerType, ir.IndexType:
		v, err := p.intValue(tok, neg, t)
		if err != nil {
			return nil, err
		}
		if tt, ok := t.(ir.IntegerType); ok && tt.Width == 1 && tt.Signedness == ir.Signless {
			return ir.BoolAttr(v != 0), nil
		}
		return ir.IntegerAttr{Value: v, Type: t}, nil
	}
	return nil, p.errAt(tok.pos, "invalid type '%s' for a numeric literal", t)
}

// floatValue converts a literal token to a value of the float kind. Hex
// integer literals are IEEE bit patterns, as MLIR prints nan and inf.
func (p *parser) floatValue(tok token, neg bool, k ir.FloatKind) (float64, error) {
	if tok.kind == tInteger && strings.HasPrefix(tok.text, "0x") {
		if neg {
			return 0, p.errAt(tok.pos, "hexadecimal float literal should not have a leading minus")
		}
		bits, err := strconv.ParseUint(tok.text[2:], 16, 64)
		width := [...]int{16, 16, 32, 64}[k]
		if err != nil || (width < 64 && bits>>width != 0) {
			return 0, p.errAt(tok.pos, "hexadecimal float constant out of range for type")
		}
		return ir.FloatFromBits(bits, k), nil
	}
	v, err := strconv.ParseFloat(tok.text, 64)
	if err != nil && !math.IsInf(v, 0) {
		return 0, p.errAt(tok.pos, "invalid floating point literal '%s'", tok.text)
	}
	if neg {
		v = -v
	}
	return ir.RoundToFloatType(v, k), nil
}

func (p *parser) intValue(tok token, neg bool, t ir.Type) (int64, error) {
	if tok.kind == tFloat {
		return 0, p.errAt(tok.pos, "floating point value not valid for specified type")
	}
	var u uint64
	var err error
	if strings.HasPrefix(tok.text, "0x") {
		u, err = strconv.ParseUint(tok.text[2:], 16, 64)
	} else {
		u, err = strconv.ParseUint(tok.text, 10, 64)
	}
	w := ir.IntWidth(t)
	if err != nil {
		return 0, p.errAt(tok.pos, "integer constant out of range for attribute")
	}
	v := int64(u)
	if neg {
		if u > 1<<63 {
			return 0, p.errAt(tok.pos, "integer constant out of range for attribute")
		}
		v = -v
	}
	// The value must fit the width as a signed or an unsigned number.
	if w < 64 {
		lo, hi := -(int64(1) << (w - 1)), int64(1)<<w-1
		if w == 1 {
			lo = -1
		}
		if v < lo || v > hi {
			return 0, p.errAt(tok.pos, "integer constant out of range for attribute")
		}
		// Store signless and signed values sign-extended (MLIR prints them
		// signed) and unsigned ones zero-extended.
		shift := 64 - uint(w)
		if it, ok := t.(ir.IntegerType); ok && it.Signedness == ir.Unsigned {
			v = int64(uint64(v) << shift >> shift)
		} else {
			v = v << shift >> shift
		}
	}
	return v, nil
}

func (p *parser) parseArrayAttr() (ir.Attribute, error) {
	p.advance() // [
	arr := ir.ArrayAttr{}
	if p.consumeIf("]") {
		return arr, nil
	}
	for {
		a, err := p.parseAttribute()
		if err != nil {
			return nil, err
		}
		arr = append(arr, a)
		if !p.consumeIf(",") {
			break
		}
	}
	return arr, p.expect("]")
}

// parseDictionary reads `{name = attr, flag, "quoted name" = attr}`.
func (p *parser) parseDictionary() (ir.DictionaryAttr, error) {
	if err := p.expect("{"); err != nil {
		return nil, err
	}
	var d ir.DictionaryAttr
	seen := map[string]bool{}
	if p.consumeIf("}") {
		return ir.DictionaryAttr{}, nil
	}
	for {
		var name string
		pos := p.tok.pos
		switch p.tok.kind {
		case tBareIdent, tString:
			name = p.tok.text
		default:
			return nil, p.errHere("expected attribute name%s", p.found())
		}
		if name == "" {
			return nil, p.errHere("expected valid attribute name")
		}
		p.advance()
		if seen[name] {
			return nil, p.errAt(pos, "duplicate key '%s' in dictionary attribute", name)
		}
		seen[name] = true
		var v ir.Attribute = ir.UnitAttr{}
		if p.consumeIf("=") {
			var err error
			if v, err = p.parseAttribute(); err != nil {
				return nil, err
			}
		}
		d = d.With(name, v)
		if !p.consumeIf(",") {
			break
		}
	}
	return d, p.expect("}")
}

func (p *parser) parseSymbolRef() (ir.Attribute, error) {
	ref := ir.SymbolRefAttr{Root: p.tok.text}
	p.advance()
	for p.isPunct("::") {
		p.advance()
		if p.tok.kind != tAtID {
			return nil, p.errHere("expected nested symbol reference identifier")
		}
		ref.Nested = append(ref.Nested, p.tok.text)
		p.advance()
	}
	return ref, nil
}

// parseHashAttr reads `#alias` or a dialect attribute `#dialect.name<...>`.
func (p *parser) parseHashAttr() (ir.Attribute, error) {
	text, pos := p.tok.text, p.tok.pos
	dialect, mnemonic, dotted := strings.Cut(text, ".")
	if !dotted {
		if a, ok := p.attrAliases[text]; ok {
			p.advance()
			return a, nil
		}
		if p.ctx.Dialect(text) == nil {
			return nil, p.errAt(pos, "undefined symbol alias id '%s'", text)
		}
	}
	p.advance()
	if d := p.ctx.Dialect(dialect); d != nil && d.ParseAttr != nil {
		return d.ParseAttr(p, mnemonic)
	}
	body, has, err := p.parseOpaqueBody()
	if err != nil {
		return nil, err
	}
	return ir.OpaqueAttr{Dialect: dialect, Name: mnemonic, Body: body, HasBody: has}, nil
}

func (p *parser) parseAffineMapAttr() (ir.Attribute, error) {
	p.advance() // affine_map
	if !p.isPunct("<") {
		return nil, p.errHere("expected '<' after affine_map")
	}
	bodyStart := p.tok.end
	body, _, err := p.parseOpaqueBody()
	if err != nil {
		return nil, err
	}
	m, err := affine.Parse(body)
	if err != nil {
		if pe, ok := err.(*affine.ParseError); ok {
			return nil, p.errAt(bodyStart+pe.Offset, "%s", pe.Msg)
		}
		return nil, p.errAt(bodyStart, "%v", err)
	}
	return ir.AffineMapAttr{Map: m}, nil
}

// parseDenseArray reads `array<i64: 1, 2>` or `array<i32>`.
func (p *parser) parseDenseArray() (ir.Attribute, error) {
	p.advance() // array
	if err := p.expect("<"); err != nil {
		return nil, err
	}
	t, err := p.parseType()
	if err != nil {
		return nil, err
	}
	a := ir.DenseArrayAttr{Elem: t}
	switch t.(type) {
	case ir.IntegerType, ir.FloatType:
	default:
		return nil, p.errHere("expected integer or float type for array element, got %s", t)
	}
	if p.consumeIf(":") {
		for {
			neg := p.consumeIf("-")
			tok := p.tok
			switch {
			case tok.kind == tBareIdent && (tok.text == "true" || tok.text == "false") && ir.IntWidth(t) == 1:
				b := int64(0)
				if tok.text == "true" {
					b = 1
				}
				a.Ints = append(a.Ints, b)
			case tok.kind == tInteger || tok.kind == tFloat:
				if ft, ok := t.(ir.FloatType); ok {
					v, err := p.floatValue(tok, neg, ft.Kind)
					if err != nil {
						return nil, err
					}
					a.Floats = append(a.Floats, v)
				} else {
					v, err := p.intValue(tok, neg, t)
					if err != nil {
						return nil, err
					}
					a.Ints = append(a.Ints, v)
				}
			default:
				return nil, p.errHere("expected array element literal%s", p.found())
			}
			p.advance()
			if !p.consumeIf(",") {
				break
			}
		}
	}
	if err := p.expect(">"); err != nil {
		return nil, err
	}
	if ir.IsFloat(t) && a.Floats == nil {
		a.Floats = []float64{}
	} else if !ir.IsFloat(t) && a.Ints == nil {
		a.Ints = []int64{}
	}
	return a, nil
}

// denseLit is one parsed element literal of a dense attribute.
type denseLit struct {
	tok token
	neg bool
}

// parseDenseAttr reads `dense<...> : tensor<...>` in nested-list, splat or
// hex-string form.
func (p *parser) parseDenseAttr() (ir.Attribute, error) {
	start := p.tok.pos
	p.advance() // dense
	if err := p.expect("<"); err != nil {
		return nil, err
	}
	var lits []denseLit
	var shape []int64
	var hexData []byte
	isHex := false
	switch {
	case p.isPunct(">"):
		shape = []int64{0}
	case p.tok.kind == tString:
		s := p.tok.text
		if !strings.HasPrefix(s, "0x") {
			return nil, p.errHere("elements hex string should start with '0x'")
		}
		var err error
		if hexData, err = hex.DecodeString(s[2:]); err != nil {
			return nil, p.errHere("elements hex string only contains hex digits")
		}
		isHex = true
		p.advance()
	case p.isPunct("["):
		var err error
		if shape, err = p.parseDenseList(&lits, 0); err != nil {
			return nil, err
		}
	default:
		l, err := p.parseDenseLiteral()
		if err != nil {
			return nil, err
		}
		lits = append(lits, l)
	}
	if err := p.expect(">"); err != nil {
		return nil, err
	}
	if err := p.expect(":"); err != nil {
		return nil, err
	}
	typePos := p.tok.pos
	ty, err := p.parseType()
	if err != nil {
		return nil, err
	}
	tt, ok := ty.(ir.RankedTensorType)
	if !ok || !tt.HasStaticShape() {
		return nil, p.errAt(typePos, "elements literal type must have static shape, got '%s'", ty)
	}
	if isHex {
		if it, ok := tt.Elem.(ir.IntegerType); ok && it.Width == 1 {
			hexData = unpackBits(hexData, ir.NumElements(tt.Shape))
		}
		d, err := ir.NewDenseRaw(tt, hexData)
		if err != nil {
			return nil, p.errAt(start, "%v", err)
		}
		return d, nil
	}
	n := ir.NumElements(tt.Shape)
	if len(lits) == 1 && shape == nil {
		// splat
	} else {
		if len(shape) != len(tt.Shape) && !(len(lits) == 0 && n == 0) {
			return nil, p.errAt(start, "inferred shape of elements literal ([%s]) does not match type ([%s])",
				shapeList(shape), shapeList(tt.Shape))
		}
		for i := range shape {
			if i < len(tt.Shape) && shape[i] != tt.Shape[i] {
				return nil, p.errAt(start, "inferred shape of elements literal ([%s]) does not match type ([%s])",
					shapeList(shape), shapeList(tt.Shape))
			}
		}
	}
	switch et := tt.Elem.(type) {
	case ir.FloatType:
		vs := make([]float64, len(lits))
		for i, l := range lits {
			if vs[i], err = p.floatValue(l.tok, l.neg, et.Kind); err != nil {
				return nil, err
			}
		}
		d, err := ir.NewDenseFloats(tt, vs)
		if err != nil {
			return nil, p.errAt(start, "%v", err)
		}
		return d, nil
	case ir.IntegerType, ir.IndexType:
		vs := make([]int64, len(lits))
		for i, l := range lits {
			if l.tok.kind == tBareIdent {
				if ir.IntWidth(et) != 1 {
					return nil, p.errAt(l.tok.pos, "expected integer elements, but parsed '%s'", l.tok.text)
				}
				if l.tok.text == "true" {
					vs[i] = 1
				}
				continue
			}
			if vs[i], err = p.intValue(l.tok, l.neg, et); err != nil {
				return nil, err
			}
		}
		d, err := ir.NewDenseInts(tt, vs)
		if err != nil {
			return nil, p.errAt(start, "%v", err)
		}
		return d, nil
	}
	return nil, p.errAt(typePos, "unsupported dense element type '%s'", tt.Elem)
}

func shapeList(s []int64) string {
	parts := make([]string, len(s))
	for i, d := range s {
		parts[i] = strconv.FormatInt(d, 10)
	}
	return strings.Join(parts, ", ")
}

func (p *parser) parseDenseLiteral() (denseLit, error) {
	neg := p.consumeIf("-")
	tok := p.tok
	switch {
	case tok.kind == tInteger || tok.kind == tFloat:
	case tok.kind == tBareIdent && (tok.text == "true" || tok.text == "false") && !neg:
	default:
		return denseLit{}, p.errHere("expected element literal of primitive type%s", p.found())
	}
	p.advance()
	return denseLit{tok, neg}, nil
}

// parseDenseList reads a nested `[...]` list and returns its shape,
// checking that sibling lists agree.
func (p *parser) parseDenseList(lits *[]denseLit, depth int) ([]int64, error) {
	if depth > 64 {
		return nil, p.errHere("dense literal nested too deeply")
	}
	p.advance() // [
	var inner []int64
	count := int64(0)
	if p.consumeIf("]") {
		return []int64{0}, nil
	}
	for {
		var sub []int64
		if p.isPunct("[") {
			var err error
			if sub, err = p.parseDenseList(lits, depth+1); err != nil {
				return nil, err
			}
		} else {
			l, err := p.parseDenseLiteral()
			if err != nil {
				return nil, err
			}
			*lits = append(*lits, l)
			sub = []int64{}
		}
		if count == 0 {
			inner = sub
		} else if shapeList(inner) != shapeList(sub) || len(inner) != len(sub) {
			return nil, p.errHere("tensor literal is invalid; ranks are not consistent between elements")
		}
		count++
		if !p.consumeIf(",") {
			break
		}
	}
	if err := p.expect("]"); err != nil {
		return nil, err
	}
	return append([]int64{count}, inner...), nil
}

// parseDenseResource reads `dense_resource<key> : tensor<...>`. The blob is
// shared by key and filled in when the file's resource section is read.
func (p *parser) parseDenseResource() (ir.Attribute, error) {
	p.advance() // dense_resource
	if err := p.expect("<"); err != nil {
		return nil, err
	}
	if p.tok.kind != tBareIdent {
		return nil, p.errHere("expected identifier key for 'resource' entry")
	}
	key := p.tok.text
	p.advance()
	if err := p.expect(">"); err != nil {
		return nil, err
	}
	if err := p.expect(":"); err != nil {
		return nil, err
	}
	typePos := p.tok.pos
	t, err := p.parseType()
	if err != nil {
		return nil, err
	}
	tt, ok := t.(ir.RankedTensorType)
	if !ok || !tt.HasStaticShape() {
		return nil, p.errAt(typePos, "dense_resource type must be a statically shaped tensor, got '%s'", t)
	}
	return ir.DenseResourceAttr{Type: tt, Blob: p.resource(key)}, nil
}

func (p *parser) resource(key string) *ir.ResourceBlob {
	if p.resources == nil {
		p.resources = map[string]*ir.ResourceBlob{}
	}
	b, ok := p.resources[key]
	if !ok {
		b = &ir.ResourceBlob{Key: key}
		p.resources[key] = b
	}
	return b
}

// unpackBits reads the hex data of an i1 tensor of n elements: MLIR 16
// packs i1 elements eight to a byte, least significant bit first, while
// the element form (and the layout DenseElementsAttr keeps) is a byte per
// element of 0 or 1. Data of exactly ceil(n/8) bytes, for n > 1, is the
// packed form and is spread out (a byte-per-element tensor of more than
// one element is never that short); one byte, for any n, is a splat, and
// any nonzero byte is true. Other sizes are left to NewDenseRaw's check.
func unpackBits(data []byte, n int64) []byte {
	if n > 1 && len(data) > 1 && int64(len(data)) == (n+7)/8 || n > 1 && n <= 8 && len(data) == 1 {
		out := make([]byte, n)
		for i := range out {
			out[i] = data[i/8] >> (i % 8) & 1
		}
		return out
	}
	out := make([]byte, len(data))
	for i, b := range data {
		if b != 0 {
			out[i] = 1
		}
	}
	return out
}
