package math_test

import (
	"testing"

	"github.com/torchlower/torchlower/dialect/math"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/asm"
	"github.com/torchlower/torchlower/ir/pass"
)

// TestWithoutArith: math parses and prints its fastmath clause when the
// arith dialect (which owns the attribute) is not loaded.
func TestWithoutArith(t *testing.T) {
	ctx := ir.NewContext(math.Dialect)
	ctx.AllowUnregistered = true
	text := "\"test.f\"() ({\n^bb0(%a: f32):\n  %0 = math.exp %a fastmath<nnan,ninf> : f32\n  %1 = \"math.sin\"(%0) {fastmath = #arith.fastmath<fast>} : (f32) -> f32\n  \"test.use\"(%1) : (f32) -> ()\n}) : () -> ()"
	custom, _ := roundTrip(t, ctx, text)
	want := "math.exp %arg0 fastmath<nnan,ninf> : f32"
	if !contains(custom, want) || !contains(custom, "math.sin %0 fastmath<fast> : f32") {
		t.Errorf("got\n%s", custom)
	}
}

func TestFold(t *testing.T) {
	ctx := newCtx()
	// Constants print as mlir-opt 16 prints the same folded values.
	cases := []struct{ in, want string }{
		{"%r = math.exp %c : f32", "7.3890562"},
		{"%r = math.log %c : f32", "0.693147182"},
		{"%r = math.sqrt %c : f32", "1.4142135"},
		{"%r = math.tanh %c : f32", "0.964027583"},
		{"%r = math.absf %n : f32", "2.000000e+00"},
		{"%r = math.powf %c, %c : f32", "4.000000e+00"},
		{"%r = math.floor %h : f32", "1.000000e+00"},
		{"%r = math.ceil %h : f32", "2.000000e+00"},
		{"%r = math.fma %c, %c, %h : f32", "5.500000e+00"},
		{"%r = math.ctpop %k : i32", "2 : i32"},
		{"%r = math.ctlz %k : i32", "28 : i32"},
		{"%r = math.absi %m : i32", "3 : i32"},
		{"%r = math.exp %d : f64", "7.38905609893065"},
	}
	for _, c := range cases {
		text := "func.func @f() -> " + resultType(c.in) + " {\n  %c = arith.constant 2.0 : f32\n  %n = arith.constant -2.0 : f32\n  %h = arith.constant 1.5 : f32\n  %d = arith.constant 2.0 : f64\n  %k = arith.constant 10 : i32\n  %m = arith.constant -3 : i32\n  " + c.in + "\n  return %r : " + resultType(c.in) + "\n}"
		m, err := asm.Parse(ctx, text, asm.Options{FileName: c.in})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := pass.ApplyPatternsGreedily(ctx, m, nil, pass.GreedyConfig{Fold: true}); err != nil {
			t.Fatal(err)
		}
		out := ir.Sprint(m, ir.PrintOptions{})
		if !contains(out, "arith.constant "+c.want) || contains(out, "math.") {
			t.Errorf("%s: want constant %s, got\n%s", c.in, c.want, out)
		}
	}
	// Negative logarithms and f16 transcendental functions are not folded.
	for _, in := range []string{"%r = math.log %n : f32", "%r = math.sqrt %n : f32", "%r = math.exp %e : f16"} {
		text := "func.func @f() -> " + resultType(in) + " {\n  %n = arith.constant -2.0 : f32\n  %e = arith.constant 1.0 : f16\n  " + in + "\n  return %r : " + resultType(in) + "\n}"
		m, err := asm.Parse(ctx, text, asm.Options{FileName: in})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := pass.ApplyPatternsGreedily(ctx, m, nil, pass.GreedyConfig{Fold: true}); err != nil {
			t.Fatal(err)
		}
		if out := ir.Sprint(m, ir.PrintOptions{}); !contains(out, "math.") {
			t.Errorf("%s: folded unexpectedly\n%s", in, out)
		}
	}
}

func resultType(line string) string {
	for i := len(line) - 1; i >= 0; i-- {
		if line[i] == ' ' {
			return line[i+1:]
		}
	}
	return line
}
