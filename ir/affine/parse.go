package affine

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseError describes a syntax or legality error in an affine map. Offset
// is a byte offset into the parsed text; it points where mlir-opt 16 would
// put its caret, so callers that know where the text starts in a file can
// report the same line:column as mlir-opt.
type ParseError struct {
	Offset int
	Msg    string
}

func (e *ParseError) Error() string { return fmt.Sprintf("offset %d: %s", e.Offset, e.Msg) }

// Parse parses the body of an affine_map<...> attribute, such as
// "(i, j)[N] -> (i + N, j floordiv 2)". Dimension and symbol names are
// arbitrary identifiers; they are renumbered d0.../s0... in the result.
// The grammar, legality rules (at least one factor of * and the right
// operand of floordiv/ceildiv/mod must be symbolic or constant) and the
// simplification of the resulting expressions are MLIR's. Whitespace and
// // comments may surround the map. Errors are *ParseError values.
func Parse(text string) (Map, error) {
	p := newParser(text)
	m, ok := p.parseMap()
	if ok && p.tok.kind != tokEOF {
		if p.tok.kind == tokError {
			p.errorAt(p.tok.off, p.tok.msg)
		} else {
			p.emitWrongTokenError("expected '>' in affine map")
		}
		ok = false
	}
	if !ok {
		return Map{}, p.err
	}
	return m, nil
}

// ParsePrefix parses an affine map at the start of text and returns it
// with the number of bytes consumed (up to and including the closing
// parenthesis of the result list), so that a caller parsing
// "affine_map<...>" can continue with the '>' itself; note that a plain
// search for '>' would stop inside "->". Whatever follows the map is not
// examined.
func ParsePrefix(text string) (Map, int, error) {
	p := newParser(text)
	m, ok := p.parseMap()
	if !ok {
		return Map{}, 0, p.err
	}
	return m, p.lastEnd, nil
}

type binding struct {
	name string
	expr Expr
}

// parser is a port of MLIR's AffineParser. Its recursive structure is kept
// on purpose: the shape of the expression tree, and therefore the result of
// the simplifying constructors and of printing, depends on the exact order
// in which sub-expressions are combined.
type parser struct {
	src     string
	lex     lexer
	tok     token
	lastEnd int // end offset of the last consumed token
	names   []binding
	err     *ParseError
}

func newParser(text string) *parser {
	p := &parser{src: text, lex: lexer{src: text}}
	p.tok = p.lex.next()
	p.checkLexError()
	return p
}

// checkLexError reports a lexer error as soon as the bad token becomes the
// lookahead, which is when MLIR's lexer reports it.
func (p *parser) checkLexError() {
	if p.tok.kind == tokError {
		p.errorAt(p.tok.off, p.tok.msg)
	}
}

func (p *parser) consume() {
	p.lastEnd = p.tok.off + len(p.tok.text)
	p.tok = p.lex.next()
	p.checkLexError()
}

func (p *parser) consumeIf(k tokKind) bool {
	if p.tok.kind != k || p.err != nil {
		return false
	}
	p.consume()
	return true
}

// errorAt records the first error only, like the first diagnostic mlir-opt
// prints.
func (p *parser) errorAt(off int, msg string) {
	if p.err == nil {
		p.err = &ParseError{Offset: off, Msg: msg}
	}
}

// emitError reports at the current token.
func (p *parser) emitError(msg string) { p.errorAt(p.tok.off, msg) }

// emitWrongTokenError reports an unexpected token the way MLIR's
// Parser::emitWrongTokenError does.
func (p *parser) emitWrongTokenError(msg string) { p.errorAt(p.wrongTokenOffset(), msg) }

// wrongTokenOffset reproduces MLIR's placement of "expected X" errors: at
// the end of the previous token rather than at the unexpected one, skipping
// back over whitespace, blank lines and trailing // comments.
func (p *parser) wrongTokenOffset() int {
	orig := p.tok.off
	buf := p.src[:orig]
	for {
		buf = strings.TrimRight(buf, " \t")
		if buf == "" {
			return orig
		}
		if last := buf[len(buf)-1]; last != '\n' && last != '\r' {
			return len(buf)
		}
		buf = buf[:len(buf)-1]
		prevLine := buf
		if i := strings.LastIndexAny(prevLine, "\n\r"); i >= 0 {
			prevLine = prevLine[i:]
		}
		if c := strings.Index(prevLine, "//"); c >= 0 {
			buf = buf[:len(buf)-(len(prevLine)-c)]
		}
	}
}

func (p *parser) parseToken(k tokKind, msg string) bool {
	if p.consumeIf(k) {
		return true
	}
	p.emitWrongTokenError(msg)
	return false
}

// parseCommaSeparatedList parses `open (elt (, elt)*)? close`.
func (p *parser) parseCommaSeparatedList(open, close tokKind, openText, closeText, context string, elt func() bool) bool {
	if !p.parseToken(open, "expected '"+openText+"'"+context) {
		return false
	}
	if p.consumeIf(close) {
		return true
	}
	if !elt() {
		return false
	}
	for p.consumeIf(tokComma) {
		if !elt() {
			return false
		}
	}
	return p.parseToken(close, "expected '"+closeText+"'"+context)
}

func (p *parser) parseMap() (Map, bool) {
	numDims, numSyms := 0, 0
	ok := p.parseCommaSeparatedList(tokLParen, tokRParen, "(", ")", " in dimensional identifier list", func() bool {
		e := Dim(numDims)
		numDims++
		return p.parseIdentifierDefinition(e)
	})
	if !ok {
		return Map{}, false
	}
	if p.tok.kind == tokLSquare {
		ok = p.parseCommaSeparatedList(tokLSquare, tokRSquare, "[", "]", " in symbol list", func() bool {
			e := Sym(numSyms)
			numSyms++
			return p.parseIdentifierDefinition(e)
		})
		if !ok {
			return Map{}, false
		}
	}
	if !p.consumeIf(tokArrow) {
		if p.err == nil && p.tok.kind == tokColon {
			p.errorAt(0, "expected AffineMap, but got IntegerSet")
		}
		p.emitWrongTokenError("expected '->' or ':'")
		return Map{}, false
	}
	var results []Expr
	ok = p.parseCommaSeparatedList(tokLParen, tokRParen, "(", ")", " in affine map range", func() bool {
		e := p.parseAffineExpr()
		results = append(results, e)
		return e != nil
	})
	if !ok {
		return Map{}, false
	}
	if p.err != nil {
		if p.err.Offset < p.lastEnd {
			return Map{}, false
		}
		// The only error that can follow a complete map is a lexer error
		// in the lookahead token, which belongs to whatever comes next.
		p.err = nil
	}
	return Map{NumDims: numDims, NumSymbols: numSyms, Results: results}, true
}

func (p *parser) parseIdentifierDefinition(e Expr) bool {
	if p.err != nil {
		return false
	}
	if p.tok.kind != tokIdent {
		p.emitWrongTokenError("expected bare identifier")
		return false
	}
	name := p.tok.text
	for _, b := range p.names {
		if b.name == name {
			p.emitError("redefinition of identifier '" + name + "'")
			return false
		}
	}
	p.consume()
	p.names = append(p.names, binding{name, e})
	return true
}

type lowOp uint8

const (
	lNoOp lowOp = iota
	lAdd
	lSub
)

type highOp uint8

const (
	hNoOp highOp = iota
	hMul
	hFloorDiv
	hCeilDiv
	hMod
)

func (p *parser) consumeIfLowPrecOp() lowOp {
	if p.err != nil {
		return lNoOp
	}
	switch p.tok.kind {
	case tokPlus:
		p.consume()
		return lAdd
	case tokMinus:
		p.consume()
		return lSub
	}
	return lNoOp
}

func (p *parser) consumeIfHighPrecOp() highOp {
	if p.err != nil {
		return hNoOp
	}
	var op highOp
	switch {
	case p.tok.kind == tokStar:
		op = hMul
	case p.tok.kind == tokIdent && p.tok.text == "floordiv":
		op = hFloorDiv
	case p.tok.kind == tokIdent && p.tok.text == "ceildiv":
		op = hCeilDiv
	case p.tok.kind == tokIdent && p.tok.text == "mod":
		op = hMod
	default:
		return hNoOp
	}
	p.consume()
	return op
}

// highPrecExpr builds lhs op rhs after checking MLIR's affine legality
// rules; errors are reported at opOff.
func (p *parser) highPrecExpr(op highOp, lhs, rhs Expr, opOff int) Expr {
	switch op {
	case hMul:
		if !IsSymbolicOrConstant(lhs) && !IsSymbolicOrConstant(rhs) {
			p.errorAt(opOff, "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic")
			return nil
		}
		return Mul(lhs, rhs)
	case hFloorDiv:
		if !IsSymbolicOrConstant(rhs) {
			p.errorAt(opOff, "non-affine expression: right operand of floordiv has to be either a constant or symbolic")
			return nil
		}
		return FloorDiv(lhs, rhs)
	case hCeilDiv:
		if !IsSymbolicOrConstant(rhs) {
			p.errorAt(opOff, "non-affine expression: right operand of ceildiv has to be either a constant or symbolic")
			return nil
		}
		return CeilDiv(lhs, rhs)
	default:
		if !IsSymbolicOrConstant(rhs) {
			p.errorAt(opOff, "non-affine expression: right operand of mod has to be either a constant or symbolic")
			return nil
		}
		return Mod(lhs, rhs)
	}
}

func lowPrecExpr(op lowOp, lhs, rhs Expr) Expr {
	if op == lAdd {
		return Add(lhs, rhs)
	}
	return Sub(lhs, rhs)
}

// parseAffineHighPrecOpExpr parses a chain of *, floordiv, ceildiv and mod
// operands, left-associatively: it returns (llhs llhsOp lhs) op rhs ...
// As in MLIR, a legality error in a chain is reported at the operator that
// follows the offending operation when there is one.
func (p *parser) parseAffineHighPrecOpExpr(llhs Expr, llhsOp highOp, llhsOpOff int) Expr {
	lhs := p.parseAffineOperandExpr(llhs)
	if lhs == nil {
		return nil
	}
	opOff := p.tok.off
	if op := p.consumeIfHighPrecOp(); op != hNoOp {
		if llhs != nil {
			e := p.highPrecExpr(llhsOp, llhs, lhs, opOff)
			if e == nil {
				return nil
			}
			return p.parseAffineHighPrecOpExpr(e, op, opOff)
		}
		return p.parseAffineHighPrecOpExpr(lhs, op, opOff)
	}
	if llhs != nil {
		return p.highPrecExpr(llhsOp, llhs, lhs, llhsOpOff)
	}
	return lhs
}

// parseAffineLowPrecOpExpr parses a chain of + and - terms whose operands
// may themselves be high-precedence chains.
func (p *parser) parseAffineLowPrecOpExpr(llhs Expr, llhsOp lowOp) Expr {
	lhs := p.parseAffineOperandExpr(llhs)
	if lhs == nil {
		return nil
	}
	if op := p.consumeIfLowPrecOp(); op != lNoOp {
		if llhs != nil {
			return p.parseAffineLowPrecOpExpr(lowPrecExpr(llhsOp, llhs, lhs), op)
		}
		return p.parseAffineLowPrecOpExpr(lhs, op)
	}
	opOff := p.tok.off
	if hOp := p.consumeIfHighPrecOp(); hOp != hNoOp {
		highRes := p.parseAffineHighPrecOpExpr(lhs, hOp, opOff)
		if highRes == nil {
			return nil
		}
		expr := highRes
		if llhs != nil {
			expr = lowPrecExpr(llhsOp, llhs, highRes)
		}
		if next := p.consumeIfLowPrecOp(); next != lNoOp {
			return p.parseAffineLowPrecOpExpr(expr, next)
		}
		return expr
	}
	if llhs != nil {
		return lowPrecExpr(llhsOp, llhs, lhs)
	}
	return lhs
}

func (p *parser) parseAffineExpr() Expr { return p.parseAffineLowPrecOpExpr(nil, lNoOp) }

// parseAffineOperandExpr parses an identifier, an integer, a parenthesized
// expression or a negation. lhs is the left operand of the binary operator
// being parsed, if any, and only selects the error message.
func (p *parser) parseAffineOperandExpr(lhs Expr) Expr {
	if p.err != nil {
		return nil
	}
	switch p.tok.kind {
	case tokIdent:
		if p.tok.text == "symbol" {
			// MLIR parses symbol(%ssa) here, which affine_map bodies never
			// allow.
			p.consume()
			if p.parseToken(tokLParen, "expected '(' at start of SSA symbol") {
				p.emitWrongTokenError("unexpected ssa identifier")
			}
			return nil
		}
		return p.parseBareIdExpr()
	case tokPercent:
		p.emitWrongTokenError("unexpected ssa identifier")
		return nil
	case tokInteger:
		return p.parseIntegerExpr()
	case tokLParen:
		return p.parseParentheticalExpr()
	case tokMinus:
		return p.parseNegateExpression(lhs)
	case tokPlus, tokStar:
		if lhs != nil {
			p.emitError("missing right operand of binary operator")
		} else {
			p.emitError("missing left operand of binary operator")
		}
		return nil
	}
	if lhs != nil {
		p.emitError("missing right operand of binary operator")
	} else {
		p.emitError("expected affine expression")
	}
	return nil
}

func (p *parser) parseBareIdExpr() Expr {
	for _, b := range p.names {
		if b.name == p.tok.text {
			p.consume()
			return b.expr
		}
	}
	p.emitWrongTokenError("use of undeclared identifier")
	return nil
}

// parseIntegerExpr accepts literals up to MaxInt64; negative constants are
// written with unary minus.
func (p *parser) parseIntegerExpr() Expr {
	var v uint64
	var err error
	if hex, ok := strings.CutPrefix(p.tok.text, "0x"); ok {
		v, err = strconv.ParseUint(hex, 16, 64)
	} else {
		// Leading zeros are decimal in MLIR, not octal.
		v, err = strconv.ParseUint(p.tok.text, 10, 64)
	}
	if err != nil || int64(v) < 0 {
		p.emitError("constant too large for index")
		return nil
	}
	p.consume()
	return Const(int64(v))
}

func (p *parser) parseParentheticalExpr() Expr {
	if !p.parseToken(tokLParen, "expected '('") {
		return nil
	}
	if p.tok.kind == tokRParen {
		p.emitError("no expression inside parentheses")
		return nil
	}
	e := p.parseAffineExpr()
	if e == nil || !p.parseToken(tokRParen, "expected ')'") {
		return nil
	}
	return e
}

// parseNegateExpression parses "-operand". Negation binds tighter than
// every binary operator, so "-d0 * 3" is (-d0) * 3.
func (p *parser) parseNegateExpression(lhs Expr) Expr {
	if !p.parseToken(tokMinus, "expected '-'") {
		return nil
	}
	operand := p.parseAffineOperandExpr(lhs)
	if operand == nil {
		p.emitError("missing operand of negation")
		return nil
	}
	return Mul(Const(-1), operand)
}
