package affine

import (
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// mlirOptPath is the reference implementation this package mirrors.
const mlirOptPath = "/usr/lib/llvm-16/bin/mlir-opt"

// TestAgainstMlirOpt feeds maps through the real mlir-opt 16 and compares
// its printed output with ours: the hand-written tables of this package,
// plus a few thousand random expressions exercising the simplifying
// constructors, the printer's parenthesization, the parser's precedence and
// SimplifyExpr.
func TestAgainstMlirOpt(t *testing.T) {
	if _, err := os.Stat(mlirOptPath); err != nil {
		t.Skipf("%s not found; skipping the cross-check against MLIR 16 (the tables in the other tests still encode its output)", mlirOptPath)
	}
	r := rand.New(rand.NewSource(2024))

	t.Run("ParsePrint", func(t *testing.T) {
		var maps []string
		for _, tc := range parsePrintCases {
			maps = append(maps, wrapExpr(tc.in))
		}
		g := &exprGen{r: r}
		for i := 0; i < 2000; i++ {
			maps = append(maps, stdPrefix+g.expr(5)+")")
		}
		// Our own output must also be read back identically, except for
		// MinInt64, which MLIR 16 prints but cannot parse.
		for i, n := 0, len(maps); i < n; i++ {
			if m, err := Parse(maps[i]); err == nil && !strings.Contains(m.String(), "9223372036854775808") {
				maps = append(maps, m.String())
			}
		}
		compareWithMlirOpt(t, maps, false)
	})

	t.Run("Simplify", func(t *testing.T) {
		var maps []string
		for _, tc := range simplifyCases {
			maps = append(maps, wrapExpr(tc.in))
		}
		g := &exprGen{r: r, simplifiable: true}
		for i := 0; i < 2000; i++ {
			maps = append(maps, stdPrefix+g.expr(4)+")")
		}
		compareWithMlirOpt(t, maps, true)
	})

	t.Run("Errors", func(t *testing.T) {
		for _, tc := range parseErrorCases {
			off, msg, err := mlirOptError(tc.in)
			if err != nil {
				t.Errorf("%q: %v", tc.in, err)
				continue
			}
			if off != tc.off || msg != tc.msg {
				t.Errorf("%q: mlir-opt reports %d %q, the table says %d %q", tc.in, off, msg, tc.off, tc.msg)
			}
		}
	})
}

// compareWithMlirOpt runs maps through mlir-opt (optionally with
// --affine-simplify-structures) and reports every map we print
// differently. Maps on which mlir-opt crashes are skipped. With simplify,
// a difference where mlir-opt's answer changes the value of the map is an
// MLIR 16 bug (see SimplifyExpr) and is only logged.
func compareWithMlirOpt(t *testing.T, maps []string, simplify bool) {
	t.Helper()
	var args []string
	if simplify {
		args = append(args, "--affine-simplify-structures")
	}
	results := map[int]string{}
	var run func(idx []int)
	run = func(idx []int) {
		sub := make([]string, len(idx))
		for k, i := range idx {
			sub[k] = maps[i]
		}
		out, err := runMlirOptOnMaps(sub, args...)
		if err == nil {
			for k, v := range out {
				results[idx[k]] = v
			}
			return
		}
		if len(idx) == 1 {
			t.Logf("mlir-opt fails on %s, skipped: %v", maps[idx[0]], err)
			return
		}
		run(idx[:len(idx)/2])
		run(idx[len(idx)/2:])
	}
	// Batches keep the cost of isolating a crashing input small.
	for start := 0; start < len(maps); start += 200 {
		idx := make([]int, 0, 200)
		for i := start; i < min(start+200, len(maps)); i++ {
			idx = append(idx, i)
		}
		run(idx)
	}
	if len(results) < len(maps)*9/10 {
		t.Fatalf("mlir-opt processed only %d of %d maps", len(results), len(maps))
	}
	r := rand.New(rand.NewSource(7))
	for i, in := range maps {
		want, ok := results[i]
		if !ok {
			continue
		}
		m, err := Parse(in)
		if err != nil {
			t.Errorf("mlir-opt accepts %s but Parse fails: %v", in, err)
			continue
		}
		if simplify {
			m = m.Simplify()
		}
		if got := m.String(); got != want {
			if simplify && mlirChangesValue(r, in, want) {
				t.Logf("MLIR 16 simplifies %s incorrectly to %s; we print %s", in, want, got)
				continue
			}
			t.Errorf("input:    %s\nmlir-opt: %s\nours:     %s", in, want, got)
		}
	}
}

// mlirChangesValue reports whether mlir-opt's simplification of in
// evaluates differently from in itself at some random point.
func mlirChangesValue(r *rand.Rand, in, out string) bool {
	a, err1 := Parse(in)
	b, err2 := Parse(out)
	if err1 != nil || err2 != nil {
		return false
	}
	for k := 0; k < 50; k++ {
		dims := []int64{r.Int63n(41) - 20, r.Int63n(41) - 20, r.Int63n(41) - 20}
		syms := []int64{r.Int63n(9) + 1, r.Int63n(9) + 1}
		va, e1 := a.Eval(dims, syms)
		vb, e2 := b.Eval(dims, syms)
		if e1 == nil && e2 == nil && fmt.Sprint(va) != fmt.Sprint(vb) {
			return true
		}
	}
	return false
}

var mlirFuncRe = regexp.MustCompile(`@f(\d+)\(\) attributes \{m = affine_map<(.*)>\} \{`)

// runMlirOptOnMaps prints each map as an attribute of its own function and
// returns what mlir-opt prints back, by input index.
func runMlirOptOnMaps(maps []string, args ...string) (map[int]string, error) {
	var sb strings.Builder
	for i, m := range maps {
		fmt.Fprintf(&sb, "func.func @f%d() attributes {m = affine_map<%s>} { return }\n", i, m)
	}
	out, err := runMlirOpt(sb.String(), args...)
	if err != nil {
		return nil, err
	}
	res := map[int]string{}
	for _, m := range mlirFuncRe.FindAllStringSubmatch(out, -1) {
		i, _ := strconv.Atoi(m[1])
		res[i] = m[2]
	}
	if len(res) != len(maps) {
		return nil, fmt.Errorf("mlir-opt printed %d of %d maps", len(res), len(maps))
	}
	return res, nil
}

var mlirErrRe = regexp.MustCompile(`^[^:]*:1:(\d+): error: (.*)$`)

// mlirOptError returns the byte offset (relative to the map text) and
// message of the first error mlir-opt reports for an invalid map.
func mlirOptError(m string) (int, string, error) {
	const prefix = "func.func @f() attributes {m = affine_map<"
	out, err := runMlirOpt(prefix + m + ">} { return }\n")
	if err == nil {
		return 0, "", fmt.Errorf("mlir-opt accepted it")
	}
	for _, line := range strings.Split(out, "\n") {
		if sm := mlirErrRe.FindStringSubmatch(line); sm != nil {
			col, _ := strconv.Atoi(sm[1])
			return col - 1 - len(prefix), sm[2], nil
		}
	}
	return 0, "", fmt.Errorf("no error line in output: %s", out)
}

func runMlirOpt(input string, args ...string) (string, error) {
	f, err := os.CreateTemp("", "affine-*.mlir")
	if err != nil {
		return "", err
	}
	defer os.Remove(f.Name())
	if _, err := f.WriteString(input); err != nil {
		f.Close()
		return "", err
	}
	f.Close()
	cmd := exec.Command(mlirOptPath, append(args, "--mlir-print-local-scope", f.Name())...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return string(out), fmt.Errorf("%v: %s", err, firstLine(string(out)))
	}
	return string(out), nil
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// exprGen produces random, valid affine expressions over
// (d0, d1, d2)[s0, s1] as fully parenthesized text. With simplifiable set,
// divisors are never zero, remainders only use positive divisors and
// symbolic divisors never fold to a constant, because mlir-opt 16 crashes
// when simplifying anything else.
type exprGen struct {
	r            *rand.Rand
	simplifiable bool
}

func (g *exprGen) expr(depth int) string {
	s, _ := g.gen(depth)
	return s
}

// gen returns the text and whether it is symbolic or constant.
func (g *exprGen) gen(depth int) (string, bool) {
	r := g.r
	if depth <= 0 || r.Intn(10) < 3 {
		switch r.Intn(6) {
		case 0, 1:
			return fmt.Sprintf("d%d", r.Intn(3)), false
		case 2, 3:
			return fmt.Sprintf("s%d", r.Intn(2)), true
		}
		return g.constant(), true
	}
	switch r.Intn(8) {
	case 0, 1, 2:
		a, sa := g.gen(depth - 1)
		b, sb := g.gen(depth - 1)
		op := []string{" + ", " - ", " + "}[r.Intn(3)]
		return "(" + a + op + b + ")", sa && sb
	case 3, 4:
		a, sa := g.gen(depth - 1)
		b, sb := g.gen(depth - 1)
		for !sa && !sb {
			b, sb = g.gen(depth - 1)
		}
		if r.Intn(2) == 0 {
			a, b = b, a
		}
		return "(" + a + " * " + b + ")", sa && sb
	case 5:
		a, sa := g.gen(depth - 1)
		return "(-" + a + ")", sa
	}
	a, sa := g.gen(depth - 1)
	op := []string{"floordiv", "ceildiv", "mod"}[r.Intn(3)]
	var b string
	switch {
	case g.simplifiable && r.Intn(3) == 0:
		b = []string{"s0", "s1", "(s0 + s1)", "(s0 * s1)", "(s0 * 3)", "(s1 + 2)"}[r.Intn(6)]
	case g.simplifiable && op == "mod":
		b = strconv.Itoa(1 + r.Intn(8))
	case !g.simplifiable && r.Intn(3) == 0:
		for {
			var sym bool
			if b, sym = g.gen(depth - 1); sym {
				break
			}
		}
	default:
		b = g.constant()
		for g.simplifiable && b == "0" {
			b = g.constant()
		}
	}
	return "(" + a + " " + op + " " + b + ")", sa
}

func (g *exprGen) constant() string {
	r := g.r
	var v int64
	switch r.Intn(12) {
	case 0:
		v = 0
	case 1:
		v = 1
	case 2:
		v = -1
	case 3:
		v = r.Int63n(200)
	case 4:
		// Large values exercise wrap-around in folding and printing.
		v = []int64{1 << 62, -(1 << 62), 9223372036854775807, -9223372036854775807}[r.Intn(4)]
	default:
		v = r.Int63n(13) - 4
	}
	if v < 0 {
		return "(" + strconv.FormatInt(v, 10) + ")"
	}
	return strconv.FormatInt(v, 10)
}
