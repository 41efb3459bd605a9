package asm

import (
	"strconv"
	"strings"
)

type tokKind int

const (
	tEOF tokKind = iota
	tError
	tBareIdent     // foo, i32, tensor
	tPercentID     // %0, %arg1 (text excludes the %)
	tCaretID       // ^bb0
	tHashID        // #map, #linalg.iterator_type
	tBangID        // !torch.vtensor
	tAtID          // @func (text is the unquoted name)
	tInteger       // 42, 0x2A
	tFloat         // 1.5, 1e-3
	tString        // "..." (text is the unescaped value)
	tPunct         // ( ) [ ] { } < > , : = -> ? * + - ... ::
	tFileMetaStart // {-#
	tFileMetaEnd   // #-}
)

type token struct {
	kind tokKind
	text string
	pos  int // byte offset of the token start
	end  int // byte offset after the token
}

// lexer turns source text into tokens on demand. Its position can be reset,
// which the parser uses for the few places where MLIR's grammar is not
// token-based (`2x?xf32` dimension lists, opaque dialect bodies).
type lexer struct {
	src string
	pos int
}

func isIdentStart(c byte) bool {
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
}

func isIdentChar(c byte) bool {
	return isIdentStart(c) || (c >= '0' && c <= '9') || c == '$' || c == '.'
}

func isSuffixIDChar(c byte) bool { return isIdentChar(c) || c == '-' }

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func (l *lexer) skipSpace() {
	for l.pos < len(l.src) {
		c := l.src[l.pos]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			l.pos++
		case c == '/' && l.pos+1 < len(l.src) && l.src[l.pos+1] == '/':
			for l.pos < len(l.src) && l.src[l.pos] != '\n' {
				l.pos++
			}
		default:
			return
		}
	}
}

func (l *lexer) next() token {
	l.skipSpace()
	start := l.pos
	if l.pos >= len(l.src) {
		return token{kind: tEOF, pos: start, end: start}
	}
	c := l.src[l.pos]
	mk := func(k tokKind, text string) token { return token{kind: k, text: text, pos: start, end: l.pos} }
	switch {
	case isIdentStart(c):
		for l.pos < len(l.src) && isIdentChar(l.src[l.pos]) {
			l.pos++
		}
		return mk(tBareIdent, l.src[start:l.pos])
	case isDigit(c):
		return l.lexNumber(start)
	case c == '"':
		s, ok := l.lexString()
		if !ok {
			return token{kind: tError, text: s, pos: start, end: l.pos}
		}
		return mk(tString, s)
	case c == '%' || c == '^' || c == '#' || c == '!' || c == '@':
		return l.lexPrefixed(start, c)
	}
	l.pos++
	switch c {
	case '(', ')', '[', ']', '{', '}', '<', '>', ',', '=', '?', '*', '+':
		if c == '{' && strings.HasPrefix(l.src[l.pos:], "-#") {
			l.pos += 2
			return mk(tFileMetaStart, "{-#")
		}
		return mk(tPunct, string(c))
	case ':':
		if l.pos < len(l.src) && l.src[l.pos] == ':' {
			l.pos++
			return mk(tPunct, "::")
		}
		return mk(tPunct, ":")
	case '-':
		if l.pos < len(l.src) && l.src[l.pos] == '>' {
			l.pos++
			return mk(tPunct, "->")
		}
		return mk(tPunct, "-")
	case '.':
		if strings.HasPrefix(l.src[l.pos:], "..") {
			l.pos += 2
			return mk(tPunct, "...")
		}
	}
	return token{kind: tError, text: "unexpected character '" + string(c) + "'", pos: start, end: l.pos}
}

func (l *lexer) lexNumber(start int) token {
	src := l.src
	if src[l.pos] == '0' && l.pos+1 < len(src) && src[l.pos+1] == 'x' && l.pos+2 < len(src) && isHex(src[l.pos+2]) {
		l.pos += 2
		for l.pos < len(src) && isHex(src[l.pos]) {
			l.pos++
		}
		return token{kind: tInteger, text: src[start:l.pos], pos: start, end: l.pos}
	}
	for l.pos < len(src) && isDigit(src[l.pos]) {
		l.pos++
	}
	if l.pos >= len(src) || src[l.pos] != '.' {
		return token{kind: tInteger, text: src[start:l.pos], pos: start, end: l.pos}
	}
	l.pos++
	for l.pos < len(src) && isDigit(src[l.pos]) {
		l.pos++
	}
	if l.pos < len(src) && (src[l.pos] == 'e' || src[l.pos] == 'E') {
		p := l.pos + 1
		if p < len(src) && (src[p] == '+' || src[p] == '-') {
			p++
		}
		if p < len(src) && isDigit(src[p]) {
			for p < len(src) && isDigit(src[p]) {
				p++
			}
			l.pos = p
		}
	}
	return token{kind: tFloat, text: src[start:l.pos], pos: start, end: l.pos}
}

func isHex(c byte) bool {
	return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')
}

// lexString reads a quoted string with MLIR's escapes (\" \\ \n \t and two
// hex digits). On failure it returns the error message.
func (l *lexer) lexString() (string, bool) {
	l.pos++ // opening quote
	var sb strings.Builder
	for {
		if l.pos >= len(l.src) {
			return "expected '\"' in string literal", false
		}
		c := l.src[l.pos]
		switch c {
		case '"':
			l.pos++
			return sb.String(), true
		case '\n':
			return "expected '\"' in string literal", false
		case '\\':
			if l.pos+1 >= len(l.src) {
				return "unknown escape in string literal", false
			}
			e := l.src[l.pos+1]
			switch {
			case e == '"' || e == '\\':
				sb.WriteByte(e)
				l.pos += 2
			case e == 'n':
				sb.WriteByte('\n')
				l.pos += 2
			case e == 't':
				sb.WriteByte('\t')
				l.pos += 2
			case l.pos+2 < len(l.src) && isHex(e) && isHex(l.src[l.pos+2]):
				v, _ := strconv.ParseUint(l.src[l.pos+1:l.pos+3], 16, 8)
				sb.WriteByte(byte(v))
				l.pos += 3
			default:
				return "unknown escape in string literal", false
			}
		default:
			sb.WriteByte(c)
			l.pos++
		}
	}
}

func (l *lexer) lexPrefixed(start int, c byte) token {
	l.pos++
	kind := map[byte]tokKind{'%': tPercentID, '^': tCaretID, '#': tHashID, '!': tBangID, '@': tAtID}[c]
	if c == '#' && strings.HasPrefix(l.src[l.pos:], "-}") {
		l.pos += 2
		return token{kind: tFileMetaEnd, text: "#-}", pos: start, end: l.pos}
	}
	if c == '@' && l.pos < len(l.src) && l.src[l.pos] == '"' {
		s, ok := l.lexString()
		if !ok {
			return token{kind: tError, text: s, pos: start, end: l.pos}
		}
		return token{kind: tAtID, text: s, pos: start, end: l.pos}
	}
	from := l.pos
	switch c {
	case '%', '^', '@':
		// Suffix ids: identifiers or decimal numbers, '-' allowed.
		for l.pos < len(l.src) && isSuffixIDChar(l.src[l.pos]) {
			l.pos++
		}
	default:
		for l.pos < len(l.src) && (isIdentChar(l.src[l.pos]) || (from == l.pos && isDigit(l.src[l.pos]))) {
			l.pos++
		}
		for l.pos < len(l.src) && isIdentChar(l.src[l.pos]) {
			l.pos++
		}
	}
	if l.pos == from {
		return token{kind: tError, text: "invalid " + string(c) + " identifier", pos: start, end: l.pos}
	}
	return token{kind: kind, text: l.src[from:l.pos], pos: start, end: l.pos}
}
