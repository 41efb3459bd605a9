package math

import (
	"strings"

	"github.com/torchlower/torchlower/ir"
)

// flagNames are arith::FastMathFlags in bit order, the order upstream
// prints them in; "fast" is all of them.
var flagNames = []string{"reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn"}

const allFlags = 1<<7 - 1

func flagBit(s string) (uint, bool) {
	switch s {
	case "none":
		return 0, true
	case "fast":
		return allFlags, true
	}
	for i, n := range flagNames {
		if n == s {
			return 1 << uint(i), true
		}
	}
	return 0, false
}

func flagsString(f uint) string {
	switch f {
	case 0:
		return "none"
	case allFlags:
		return "fast"
	}
	var parts []string
	for i, n := range flagNames {
		if f&(1<<uint(i)) != 0 {
			parts = append(parts, n)
		}
	}
	return strings.Join(parts, ",")
}

// fastMath returns the op's flags; ok is false for a malformed attribute.
func fastMath(op *ir.Operation) (flags uint, ok bool) {
	a := op.Attr("fastmath")
	if a == nil {
		return 0, true
	}
	oa, isOpaque := a.(ir.OpaqueAttr)
	if !isOpaque || oa.Dialect != "arith" || oa.Name != "fastmath" || !oa.HasBody {
		return 0, false
	}
	for _, s := range strings.Split(oa.Body, ",") {
		b, ok := flagBit(strings.TrimSpace(s))
		if !ok {
			return 0, false
		}
		flags |= b
	}
	return flags, true
}

func fastMathAttr(f uint) ir.OpaqueAttr {
	return ir.OpaqueAttr{Dialect: "arith", Name: "fastmath", Body: flagsString(f), HasBody: true}
}

func verifyFastMath(op *ir.Operation) error {
	if _, ok := fastMath(op); !ok {
		return ir.OpErrorf(op, "attribute 'fastmath' failed to satisfy constraint: Floating point fast math flags")
	}
	return nil
}

// parseOptionalFastMath reads `fastmath<flags>` and records the attribute
// (`none` when absent, as upstream's default-valued attribute).
func parseOptionalFastMath(p ir.Parser, st *ir.OperationState) error {
	var f uint
	if p.ParseOptionalKeyword("fastmath") {
		if err := p.ExpectPunct("<"); err != nil {
			return err
		}
		for {
			pos := p.Pos()
			kw, err := p.ParseKeyword()
			if err != nil {
				return err
			}
			b, ok := flagBit(kw)
			if !ok {
				return p.ErrorfAt(pos, "expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast")
			}
			f |= b
			if !p.ParseOptionalPunct(",") {
				break
			}
		}
		if err := p.ExpectPunct(">"); err != nil {
			return err
		}
	}
	st.AddAttr("fastmath", fastMathAttr(f))
	return nil
}

func printOptionalFastMath(p *ir.Printer, op *ir.Operation) {
	if f, ok := fastMath(op); ok && f != 0 {
		p.Print(" fastmath<", flagsString(f), ">")
	}
}
