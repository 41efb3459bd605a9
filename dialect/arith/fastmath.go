package arith

import (
	"strings"

	"github.com/torchlower/torchlower/ir"
)

// FastMathFlags is the bit set of arith::FastMathFlags; the bit order is
// the order upstream prints the flags in.
type FastMathFlags uint32

// The fast-math flags, as upstream defines them.
const (
	FastMathNone     FastMathFlags = 0
	FastMathReassoc  FastMathFlags = 1
	FastMathNNaN     FastMathFlags = 2
	FastMathNInf     FastMathFlags = 4
	FastMathNSZ      FastMathFlags = 8
	FastMathARCP     FastMathFlags = 16
	FastMathContract FastMathFlags = 32
	FastMathAFN      FastMathFlags = 64
	FastMathFast     FastMathFlags = 127
)

var fastMathNames = []struct {
	name string
	bit  FastMathFlags
}{
	{"reassoc", FastMathReassoc}, {"nnan", FastMathNNaN}, {"ninf", FastMathNInf},
	{"nsz", FastMathNSZ}, {"arcp", FastMathARCP}, {"contract", FastMathContract},
	{"afn", FastMathAFN},
}

// String prints the flags as upstream does: `none`, `fast`, or the set
// flags joined by commas in bit order.
func (f FastMathFlags) String() string {
	switch f {
	case FastMathNone:
		return "none"
	case FastMathFast:
		return "fast"
	}
	var parts []string
	for _, n := range fastMathNames {
		if f&n.bit != 0 {
			parts = append(parts, n.name)
		}
	}
	return strings.Join(parts, ",")
}

// ParseFastMathFlags parses one flag list body such as "nnan,ninf".
func ParseFastMathFlags(body string) (FastMathFlags, bool) {
	var f FastMathFlags
	for {
		s, rest, more := strings.Cut(body, ",")
		bit, ok := fastMathBit(strings.TrimSpace(s))
		if !ok {
			return 0, false
		}
		f |= bit
		if !more {
			return f, true
		}
		body = rest
	}
}

func fastMathBit(s string) (FastMathFlags, bool) {
	switch s {
	case "none":
		return FastMathNone, true
	case "fast":
		return FastMathFast, true
	}
	for _, n := range fastMathNames {
		if n.name == s {
			return n.bit, true
		}
	}
	return 0, false
}

// FastMathAttr returns `#arith.fastmath<flags>`. Dialect attributes are
// kept as ir.OpaqueAttr with a canonical body, so equal flags compare equal.
func FastMathAttr(f FastMathFlags) ir.OpaqueAttr {
	return ir.OpaqueAttr{Dialect: "arith", Name: "fastmath", Body: f.String(), HasBody: true}
}

// FastMath returns the fast-math flags of an op (none when absent).
func FastMath(op *ir.Operation) FastMathFlags {
	a, ok := op.Attr("fastmath").(ir.OpaqueAttr)
	if !ok || a.Dialect != "arith" || a.Name != "fastmath" {
		return FastMathNone
	}
	f, _ := ParseFastMathFlags(a.Body)
	return f
}

// parseFlagList reads `<flag, flag>` (the '<' not yet consumed).
func parseFlagList(p ir.Parser) (FastMathFlags, error) {
	if err := p.ExpectPunct("<"); err != nil {
		return 0, err
	}
	var f FastMathFlags
	for {
		pos := p.Pos()
		kw, err := p.ParseKeyword()
		if err != nil {
			return 0, err
		}
		bit, ok := fastMathBit(kw)
		if !ok {
			return 0, p.ErrorfAt(pos, "expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast")
		}
		f |= bit
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	return f, p.ExpectPunct(">")
}

// ParseOptionalFastMath (also used by the math dialect) reads the custom-form `fastmath<...>` clause and
// stores the attribute; when absent it stores `none`, as upstream's
// default-valued attribute does, so generic prints agree.
func ParseOptionalFastMath(p ir.Parser, st *ir.OperationState) error {
	f := FastMathNone
	if p.ParseOptionalKeyword("fastmath") {
		var err error
		if f, err = parseFlagList(p); err != nil {
			return err
		}
	}
	st.AddAttr("fastmath", FastMathAttr(f))
	return nil
}

// PrintOptionalFastMath writes ` fastmath<...>` unless the flags are none.
func PrintOptionalFastMath(p *ir.Printer, op *ir.Operation) {
	if f := FastMath(op); f != FastMathNone {
		p.Print(" fastmath<", f.String(), ">")
	}
}

// VerifyFastMath checks that a present fastmath attribute is well formed.
func VerifyFastMath(op *ir.Operation) error {
	a := op.Attr("fastmath")
	if a == nil {
		return nil
	}
	oa, ok := a.(ir.OpaqueAttr)
	if ok && oa.Dialect == "arith" && oa.Name == "fastmath" && oa.HasBody {
		if _, ok := ParseFastMathFlags(oa.Body); ok {
			return nil
		}
	}
	return ir.OpErrorf(op, "attribute 'fastmath' failed to satisfy constraint: Floating point fast math flags")
}

// parseAttr is the dialect's attribute hook: `#arith.fastmath<...>` is
// parsed into its canonical form; the predicate and other enum attributes
// keep their `<keyword>` body verbatim.
func parseAttr(p ir.Parser, mnemonic string) (ir.Attribute, error) {
	switch mnemonic {
	case "fastmath":
		f, err := parseFlagList(p)
		if err != nil {
			return nil, err
		}
		return FastMathAttr(f), nil
	case "cmpi_predicate", "cmpf_predicate", "atomic_rmw_kind", "rounding_mode":
		if err := p.ExpectPunct("<"); err != nil {
			return nil, err
		}
		kw, err := p.ParseKeyword()
		if err != nil {
			return nil, err
		}
		if err := p.ExpectPunct(">"); err != nil {
			return nil, err
		}
		return ir.OpaqueAttr{Dialect: "arith", Name: mnemonic, Body: kw, HasBody: true}, nil
	}
	return nil, p.Errorf("unknown attribute `%s` in dialect `arith`", mnemonic)
}
