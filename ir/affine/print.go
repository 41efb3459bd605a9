package affine

import (
	"strconv"
	"strings"
)

// bindingStrength tells the printer whether the enclosing context binds
// tighter than + (Strong: operand of *, floordiv, ceildiv, mod) or not
// (Weak: top level or operand of +). It mirrors MLIR's BindingStrength.
type bindingStrength bool

const (
	weak   bindingStrength = false
	strong bindingStrength = true
)

func (e dimExpr) String() string   { return "d" + strconv.Itoa(e.pos) }
func (e symExpr) String() string   { return "s" + strconv.Itoa(e.pos) }
func (e constExpr) String() string { return strconv.FormatInt(e.val, 10) }

func (e binExpr) String() string {
	var sb strings.Builder
	printExpr(&sb, e, weak)
	return sb.String()
}

// printExpr is a port of MLIR 16's AsmPrinter::printAffineExprInternal. The
// rules are intentionally reproduced as-is, including their quirks: the
// right operand of + is printed without parentheses even when it is itself a
// sum (so d0 + (d1 + d2) prints as "d0 + d1 + d2"), and "x - e" is printed
// for x + e * -1 with e in parentheses only when e is a sum.
func printExpr(sb *strings.Builder, e Expr, ctx bindingStrength) {
	b, ok := e.(binExpr)
	if !ok {
		sb.WriteString(e.String())
		return
	}
	open := func() {
		if ctx == strong {
			sb.WriteByte('(')
		}
	}
	closeParen := func() {
		if ctx == strong {
			sb.WriteByte(')')
		}
	}

	if b.kind != KindAdd {
		open()
		// e * -1 prints as -e.
		if b.kind == KindMul && isConst(b.rhs, -1) {
			sb.WriteByte('-')
			printExpr(sb, b.lhs, strong)
			closeParen()
			return
		}
		printExpr(sb, b.lhs, strong)
		switch b.kind {
		case KindMul:
			sb.WriteString(" * ")
		case KindFloorDiv:
			sb.WriteString(" floordiv ")
		case KindCeilDiv:
			sb.WriteString(" ceildiv ")
		case KindMod:
			sb.WriteString(" mod ")
		}
		printExpr(sb, b.rhs, strong)
		closeParen()
		return
	}

	open()
	// x + e * -c (c >= 1) prints as a subtraction.
	if m, ok := asBin(b.rhs, KindMul); ok {
		if c, ok := m.rhs.AsConst(); ok {
			if c == -1 {
				printExpr(sb, b.lhs, weak)
				sb.WriteString(" - ")
				if m.lhs.Kind() == KindAdd {
					printExpr(sb, m.lhs, strong)
				} else {
					printExpr(sb, m.lhs, weak)
				}
				closeParen()
				return
			}
			if c < -1 {
				printExpr(sb, b.lhs, weak)
				sb.WriteString(" - ")
				printExpr(sb, m.lhs, strong)
				sb.WriteString(" * ")
				// Negation wraps for MinInt64 exactly like the C++ printer.
				sb.WriteString(strconv.FormatInt(-c, 10))
				closeParen()
				return
			}
		}
	}
	// x + -c prints as x - c.
	if c, ok := b.rhs.AsConst(); ok && c < 0 {
		printExpr(sb, b.lhs, weak)
		sb.WriteString(" - ")
		sb.WriteString(strconv.FormatInt(-c, 10))
		closeParen()
		return
	}
	printExpr(sb, b.lhs, weak)
	sb.WriteString(" + ")
	printExpr(sb, b.rhs, weak)
	closeParen()
}
