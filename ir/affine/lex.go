package affine

// This file is a small lexer for the affine-map subset of MLIR's token
// grammar. It tokenizes exactly like MLIR's Lexer for the characters that
// can occur in affine maps, so that "2d0", "0x1F", "d0-1", "// comments"
// and friends split into the same tokens and yield the same diagnostics.

type tokKind uint8

const (
	tokEOF tokKind = iota
	tokError
	tokIdent   // bare identifier, including keywords and inttypes
	tokInteger // decimal or 0x hexadecimal literal
	tokFloat
	tokPercent // %ssa-name: never valid in an affine map
	tokOther   // any other MLIR token (#attr, @sym, "str", {, =, ...)
	tokLParen
	tokRParen
	tokLSquare
	tokRSquare
	tokComma
	tokPlus
	tokMinus
	tokStar
	tokArrow
	tokColon
)

type token struct {
	kind tokKind
	off  int    // byte offset of the first character
	text string // spelling
	msg  string // diagnostic for tokError
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isHexDigit(c byte) bool {
	return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// isIdentChar reports the characters MLIR allows after the first one of a
// bare identifier.
func isIdentChar(c byte) bool { return isLetter(c) || isDigit(c) || c == '_' || c == '$' || c == '.' }

type lexer struct {
	src string
	pos int
}

func (l *lexer) peekAt(i int) byte {
	if i < len(l.src) {
		return l.src[i]
	}
	return 0
}

func (l *lexer) next() token {
	for {
		if l.pos >= len(l.src) {
			return token{kind: tokEOF, off: len(l.src)}
		}
		start := l.pos
		c := l.src[l.pos]
		l.pos++
		tok := func(k tokKind) token { return token{kind: k, off: start, text: l.src[start:l.pos]} }
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			continue
		case c == '/' && l.peekAt(l.pos) == '/':
			for l.pos < len(l.src) && l.src[l.pos] != '\n' && l.src[l.pos] != '\r' {
				l.pos++
			}
			continue
		case isLetter(c) || c == '_':
			for l.pos < len(l.src) && isIdentChar(l.src[l.pos]) {
				l.pos++
			}
			return tok(tokIdent)
		case isDigit(c):
			return l.lexNumber(start)
		case c == '(':
			return tok(tokLParen)
		case c == ')':
			return tok(tokRParen)
		case c == '[':
			return tok(tokLSquare)
		case c == ']':
			return tok(tokRSquare)
		case c == ',':
			return tok(tokComma)
		case c == '+':
			return tok(tokPlus)
		case c == '*':
			return tok(tokStar)
		case c == ':':
			return tok(tokColon)
		case c == '-':
			if l.peekAt(l.pos) == '>' {
				l.pos++
				return tok(tokArrow)
			}
			return tok(tokMinus)
		case c == '%' || c == '#' || c == '^' || c == '!':
			return l.lexPrefixed(start, c)
		case c == '@':
			if isLetter(l.peekAt(l.pos)) || l.peekAt(l.pos) == '_' {
				for l.pos < len(l.src) && isIdentChar(l.src[l.pos]) {
					l.pos++
				}
				return tok(tokOther)
			}
			return token{kind: tokError, off: start + 1, msg: "@ identifier expected to start with letter or '_'"}
		case c == '"':
			for l.pos < len(l.src) && l.src[l.pos] != '"' && l.src[l.pos] != '\n' {
				if l.src[l.pos] == '\\' {
					l.pos++
				}
				l.pos++
			}
			if l.pos >= len(l.src) || l.src[l.pos] != '"' {
				// Like MLIR, report where the string ran out.
				return token{kind: tokError, off: min(l.pos, len(l.src)), msg: "expected '\"' in string literal"}
			}
			l.pos++
			return tok(tokOther)
		case c == '{' || c == '}' || c == '<' || c == '>' || c == '=' || c == '?' || c == '|':
			return tok(tokOther)
		}
		return token{kind: tokError, off: start, msg: "unexpected character"}
	}
}

// lexNumber follows MLIR's Lexer::lexNumber: a 0x prefix starts a
// hexadecimal literal, and a '.' after the digits makes a float literal.
func (l *lexer) lexNumber(start int) token {
	if l.src[start] == '0' && l.peekAt(l.pos) == 'x' && isHexDigit(l.peekAt(l.pos+1)) {
		// Without a hex digit after it, the x starts an identifier.
		l.pos++
		for l.pos < len(l.src) && isHexDigit(l.src[l.pos]) {
			l.pos++
		}
		return token{kind: tokInteger, off: start, text: l.src[start:l.pos]}
	}
	for l.pos < len(l.src) && isDigit(l.src[l.pos]) {
		l.pos++
	}
	if l.peekAt(l.pos) != '.' {
		return token{kind: tokInteger, off: start, text: l.src[start:l.pos]}
	}
	l.pos++
	for l.pos < len(l.src) && isDigit(l.src[l.pos]) {
		l.pos++
	}
	if c := l.peekAt(l.pos); c == 'e' || c == 'E' {
		n1, n2 := l.peekAt(l.pos+1), l.peekAt(l.pos+2)
		if isDigit(n1) || ((n1 == '-' || n1 == '+') && isDigit(n2)) {
			l.pos += 2
			for l.pos < len(l.src) && isDigit(l.src[l.pos]) {
				l.pos++
			}
		}
	}
	return token{kind: tokFloat, off: start, text: l.src[start:l.pos]}
}

// lexPrefixedIdentifier follows MLIR's Lexer::lexPrefixedIdentifier for
// %ssa, #attr, ^block and !type names.
func (l *lexer) lexPrefixed(start int, c byte) token {
	isPunct := func(c byte) bool { return c == '$' || c == '.' || c == '_' || c == '-' }
	switch n := l.peekAt(l.pos); {
	case isDigit(n):
		for l.pos < len(l.src) && isDigit(l.src[l.pos]) {
			l.pos++
		}
	case isLetter(n) || isPunct(n):
		for l.pos < len(l.src) && (isLetter(l.src[l.pos]) || isDigit(l.src[l.pos]) || isPunct(l.src[l.pos])) {
			l.pos++
		}
	default:
		msg := map[byte]string{
			'%': "invalid SSA name",
			'#': "invalid attribute name",
			'^': "invalid block name",
			'!': "invalid type identifier",
		}[c]
		return token{kind: tokError, off: start, msg: msg}
	}
	kind := tokOther
	if c == '%' {
		kind = tokPercent
	}
	return token{kind: kind, off: start, text: l.src[start:l.pos]}
}
