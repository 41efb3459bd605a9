package importer

import (
	"strings"
	"testing"

	w "github.com/torchlower/torchlower/internal/pt2write"
	"github.com/torchlower/torchlower/ir"
)

// TestEvalSymExpr evaluates the size expressions torch.export writes, in
// sympy's srepr (torch 2.6+) and infix (older) forms, and leaves unknown
// the ones it cannot evaluate exactly: an unbound symbol, an unknown
// function, a division by zero, trailing text.
func TestEvalSymExpr(t *testing.T) {
	vals := map[string]int64{"s0": 6, "s1": 5}
	sym := func(n string) string { return "Symbol('" + n + "', integer=True, positive=True)" }
	cases := []struct {
		src  string
		want int64
		ok   bool
	}{
		{sym("s0"), 6, true},
		{"Mul(Integer(3), " + sym("s0") + ")", 18, true},
		{"Add(" + sym("s0") + ", Integer(-1))", 5, true},
		{"FloorDiv(Add(" + sym("s1") + ", Integer(-3)), Integer(2))", 1, true},
		{"Add(FloorDiv(Add(" + sym("s1") + ", Integer(-1)), Integer(2)), Integer(1))", 3, true},
		{"PythonMod(Integer(-7), Integer(3))", 2, true},
		{"Max(Integer(1), " + sym("s0") + ", Integer(4))", 6, true},
		{"Min(Integer(1), " + sym("s0") + ")", 1, true},
		{"CleanDiv(Mul(Integer(4), " + sym("s0") + "), Integer(8))", 3, true},
		{"PowByNatural(" + sym("s1") + ", Integer(2))", 25, true},
		{"3*s0", 18, true},
		{"s0*s1 + 2", 32, true},
		{"(s1 - 1)//2 + 1", 3, true},
		{"-7 % 3", 2, true},
		{"-s0 + 10", 4, true},
		{"s0**2", 36, true},
		{"2*s0**2", 72, true},
		{"-s0**2", -36, true},
		{"2**s1**2 // 1000000", 33, true},
		{"(2*s0)**2", 144, true},
		{"s2", 0, false},
		{sym("s2"), 0, false},
		{"CeilToInt(IntTrueDiv(" + sym("s0") + ", Integer(4)))", 0, false},
		{"FloorDiv(" + sym("s0") + ", Integer(0))", 0, false},
		{"CleanDiv(Integer(7), Integer(2))", 0, false},
		{"s0 s1", 0, false},
		{"Mul(Integer(3)", 0, false},
		{"", 0, false},
		{"Pow(Integer(10), Integer(30))", 0, false},
		{"Mul(Integer(4611686018427387904), Integer(4))", 0, false},
		{"9223372036854775807 + 1", 0, false},
		{strings.Repeat("(", 10000) + "1" + strings.Repeat(")", 10000), 0, false},
		{strings.Repeat("(", 100) + "s0" + strings.Repeat(")", 100), 6, true},
	}
	for _, c := range cases {
		got, ok := evalSymExpr(c.src, vals)
		if ok != c.ok || got != c.want {
			t.Errorf("evalSymExpr(%q) = %d, %v; want %d, %v", c.src, got, ok, c.want, c.ok)
		}
	}
	for src, want := range map[string]string{sym("s0"): "s0", "s12": "s12", " s0 ": "s0", "3*s0": "", "Integer(3)": ""} {
		got, ok := plainSymbol(src)
		if got != want || ok != (want != "") {
			t.Errorf("plainSymbol(%q) = %q, %v; want %q", src, got, ok, want)
		}
	}
}

// TestSpecializeDynamic imports the dynamic-batch Linear with its batch
// bound: every type is static, the size computations are constants, the
// passing assertions are gone (golden dynamic.s0_6.golden.mlir), and the
// module lowers.
func TestSpecializeDynamic(t *testing.T) {
	p, ts := progDynamic(true)
	b, err := writeArchive(w.PT2Raw, p, ts)
	if err != nil {
		t.Fatal(err)
	}
	text, _ := importText(t, openBytes(t, b), Options{Dims: map[string]int64{"s0": 6}})
	checkGolden(t, "dynamic.s0_6.golden.mlir", text)
	for _, bad := range []string{"?", "torch.aten.size.int", "_assert_scalar", ".int %"} {
		if strings.Contains(text, bad) {
			t.Errorf("specialized import still has %q:\n%s", bad, text)
		}
	}
	if !strings.Contains(text, "torch.constant.int 18") || !strings.Contains(text, "!torch.vtensor<[18],f32>") {
		t.Errorf("the flattened size 3*s0 is not 18:\n%s", text)
	}
}

// TestSpecializeErrors: a binding outside the exported range, one that
// fails a runtime assertion, a symbol the program does not have, and
// --dim on a static program each give one error saying so.
func TestSpecializeErrors(t *testing.T) {
	p, ts := progDynamic(false)
	dyn, err := writeArchive(w.PT2Raw, p, ts)
	if err != nil {
		t.Fatal(err)
	}
	ps, tss := progSplit()
	static, err := writeArchive(w.PT2Raw, ps, tss)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		archive []byte
		dims    map[string]int64
		want    string
	}{
		{dyn, map[string]int64{"s0": 1}, "s0=1 is outside the range the program was exported for: 2 <= s0 <= 64"},
		{dyn, map[string]int64{"s0": 100}, "2 <= s0 <= 64"},
		{dyn, map[string]int64{"s0": 7}, "node _assert_scalar_default_1: the program's runtime assertion fails for s0=7: Runtime assertion failed for expression Eq(Mod(s0, 2), 0)"},
		{dyn, map[string]int64{"s1": 4}, "the program has no symbol s1 (its symbols: s0)"},
		{static, map[string]int64{"s0": 4}, "the program has no symbolic sizes (it was exported with static shapes)"},
		{dyn, map[string]int64{"u0": 4}, "--dim u0=4: u0 is a data-dependent size"},
	}
	for _, c := range cases {
		_, _, err := Import(newCtx(), openBytes(t, c.archive), Options{Dims: c.dims})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("dims %v: error %v, want one containing %q", c.dims, err, c.want)
		}
	}
	// In range and even: it imports, with static types only.
	m, _, err := Import(newCtx(), openBytes(t, dyn), Options{Dims: map[string]int64{"s0": 64}})
	if err != nil {
		t.Fatal(err)
	}
	if s := ir.Sprint(m, ir.PrintOptions{}); strings.Contains(s, "?") {
		t.Errorf("s0=64 left a dynamic size:\n%s", s)
	}
}

// TestSpecializeFoldsSymOps folds the other size functions torch.export
// writes (torch.sym_max/sym_min, _operator.pow, a guard's _operator.and_,
// _operator.truediv) when the batch is bound, and leaves an overflowing
// product as an op rather than wrapping it.
func TestSpecializeFoldsSymOps(t *testing.T) {
	const s0 = "Symbol('s0', integer=True, positive=True)"
	p := w.NewProgram()
	p.Input("user_input", "x", "", f32, 0, 4)
	p.DynSizes("x", s0, 4)
	sym := func(target, name, kind string, args ...w.NamedArg) {
		p.Node(target, name, args, w.OSym(name, kind))
	}
	sym("torch.ops.aten.sym_size.int", "n", "int", na("self", w.T("x")), na("dim", w.Int(0)))
	sym("torch.sym_max", "mx", "int", na("a", w.SymInt("n")), na("b", w.Int(8)))
	sym("torch.sym_min", "mn", "int", na("a", w.SymInt("n")), na("b", w.Int(8)))
	sym("_operator.pow", "sq", "int", na("a", w.SymInt("n")), na("b", w.Int(2)))
	sym("_operator.ge", "ge", "bool", na("a", w.SymInt("n")), na("b", w.Int(2)))
	sym("_operator.le", "le", "bool", na("a", w.SymInt("n")), na("b", w.Int(64)))
	sym("_operator.and_", "both", "bool", na("a", w.SymBool("ge")), na("b", w.SymBool("le")))
	p.Node("torch.ops.aten._assert_scalar.default", "check", []w.NamedArg{na("self", w.SymBool("both")), na("assert_msg", w.Str("2 <= s0 <= 64"))})
	sym("_operator.truediv", "half", "float", na("a", w.SymInt("n")), na("b", w.Int(4)))
	sym("_operator.mul", "big", "int", na("a", w.SymInt("sq")), na("b", w.Int(1<<61)))
	for _, o := range []string{"mx", "mn", "sq", "big"} {
		p.OutputSymInt(o)
	}
	b, err := writeArchive(w.PT2Raw, p, nil)
	if err != nil {
		t.Fatal(err)
	}
	text, _ := importText(t, openBytes(t, b), Options{Dims: map[string]int64{"s0": 6}})
	for _, want := range []string{"torch.constant.int 8", "torch.constant.int 6", "torch.constant.int 36",
		"torch.aten.mul.int", "return %int8, %int6, %int36_0, %0"} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in the specialized import:\n%s", want, text)
		}
	}
	if strings.Contains(text, "_assert_scalar") || strings.Contains(text, "sym_max") {
		t.Errorf("a size function was left unfolded:\n%s", text)
	}
}

// TestSolveSize binds a symbol from an input's size: a plain symbol, an
// affine expression of one (derived dims: 2*s0, s0 + 1), and refuses what
// has no single integer solution.
func TestSolveSize(t *testing.T) {
	sym := "Symbol('s0', integer=True, positive=True)"
	cases := []struct {
		expr  string
		bound map[string]int64
		size  int64
		name  string
		want  int64
		ok    bool
	}{
		{"s0", nil, 6, "s0", 6, true},
		{sym, nil, 6, "s0", 6, true},
		{"Mul(Integer(2), " + sym + ")", nil, 6, "s0", 3, true},
		{"Add(Mul(Integer(2), " + sym + "), Integer(1))", nil, 7, "s0", 3, true},
		{"2*s0 + 1", nil, 7, "s0", 3, true},
		{"s0*s1", map[string]int64{"s1": 3}, 12, "s0", 4, true},
		{"2*s0", nil, 5, "s0", 0, false},
		{"s0*s1", nil, 12, "", 0, false},
		{"FloorDiv(" + sym + ", Integer(2))", nil, 3, "", 0, false},
		{"s0**2", nil, 9, "", 0, false},
		{"s0", map[string]int64{"s0": 4}, 6, "", 0, false},
	}
	for _, c := range cases {
		name, v, ok, _ := SolveSize(c.expr, c.bound, c.size)
		if ok != c.ok || name != c.name || v != c.want {
			t.Errorf("SolveSize(%q, %v, %d) = %q, %d, %v; want %q, %d, %v", c.expr, c.bound, c.size, name, v, ok, c.name, c.want, c.ok)
		}
	}
}
