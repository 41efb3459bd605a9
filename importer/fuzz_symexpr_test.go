package importer

import "testing"

// FuzzEvalSymExpr: any expression string evaluates or is unknown, without
// a panic, and a known value is within the bound the evaluator keeps.
//
//	go test -run '^$' -fuzz FuzzEvalSymExpr -fuzztime 60s ./importer
func FuzzEvalSymExpr(f *testing.F) {
	for _, s := range []string{"3*s0", "(s1 - 1)//2 + 1", "Mul(Integer(3), Symbol('s0', integer=True, positive=True))",
		"FloorDiv(Add(Symbol('s1'), Integer(-3)), Integer(2))", "Max(1, s0)", "s0**2 % 7", "PythonMod(-7, 3)"} {
		f.Add(s)
	}
	vals := map[string]int64{"s0": 6, "s1": 1 << 40}
	f.Fuzz(func(t *testing.T, src string) {
		v, ok := evalSymExpr(src, vals)
		if ok && (v > maxSymValue || v < -maxSymValue) {
			t.Fatalf("%q = %d, beyond ±2^62", src, v)
		}
		plainSymbol(src)
	})
}
