package arith_test

import (
	"fmt"
	"strings"
	"testing"

	fn "github.com/torchlower/torchlower/dialect/func"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/asm"
	"github.com/torchlower/torchlower/ir/pass"
)

// foldCase is a function whose returned values, after folding and
// canonicalization, must be the listed constants (`3 : i32`) or arguments
// (`%arg1`), or — for `op:NAME` — the result of an op named NAME.
type foldCase struct {
	name string
	sig  string // argument list and result types: `(%x: i32) -> (i32, i32)`
	body string
	want []string
}

var foldCases = []foldCase{
	{"addi-const", "() -> i32", "%a = arith.constant 40 : i32\n%b = arith.constant 2 : i32\n%r = arith.addi %a, %b : i32", []string{"42 : i32"}},
	{"addi-wrap", "() -> i8", "%a = arith.constant 127 : i8\n%b = arith.constant 1 : i8\n%r = arith.addi %a, %b : i8", []string{"-128 : i8"}},
	{"subi-muli", "() -> (i64, i64)", "%a = arith.constant 7 : i64\n%b = arith.constant -3 : i64\n%s = arith.subi %a, %b : i64\n%m = arith.muli %a, %b : i64", []string{"10 : i64", "-21 : i64"}},
	{"divs", "() -> (i32, i32, i32, i32, i32)", "%a = arith.constant -7 : i32\n%b = arith.constant 2 : i32\n%0 = arith.divsi %a, %b : i32\n%1 = arith.ceildivsi %a, %b : i32\n%2 = arith.floordivsi %a, %b : i32\n%3 = arith.remsi %a, %b : i32\n%4 = arith.divui %a, %b : i32",
		[]string{"-3 : i32", "-3 : i32", "-4 : i32", "-1 : i32", "2147483644 : i32"}},
	{"div-by-zero-kept", "() -> i32", "%a = arith.constant 7 : i32\n%b = arith.constant 0 : i32\n%r = arith.divsi %a, %b : i32", []string{"op:arith.divsi"}},
	{"bitwise-shifts", "() -> (i8, i8, i8, i8, i8, i8)", "%a = arith.constant -16 : i8\n%b = arith.constant 2 : i8\n%0 = arith.andi %a, %b : i8\n%1 = arith.ori %a, %b : i8\n%2 = arith.xori %a, %b : i8\n%3 = arith.shli %a, %b : i8\n%4 = arith.shrsi %a, %b : i8\n%5 = arith.shrui %a, %b : i8",
		[]string{"0 : i8", "-14 : i8", "-14 : i8", "-64 : i8", "-4 : i8", "60 : i8"}},
	{"minmax", "() -> (i32, i32, i32, i32)", "%a = arith.constant -1 : i32\n%b = arith.constant 5 : i32\n%0 = arith.maxsi %a, %b : i32\n%1 = arith.minsi %a, %b : i32\n%2 = arith.maxui %a, %b : i32\n%3 = arith.minui %a, %b : i32",
		[]string{"5 : i32", "-1 : i32", "-1 : i32", "5 : i32"}},
	{"index", "() -> index", "%a = arith.constant 6 : index\n%b = arith.constant 7 : index\n%r = arith.muli %a, %b : index", []string{"42 : index"}},
	{"float", "() -> (f32, f32, f32, f32, f32, f32, f32)", "%a = arith.constant 1.5 : f32\n%b = arith.constant -4.0 : f32\n%0 = arith.addf %a, %b : f32\n%1 = arith.subf %a, %b : f32\n%2 = arith.mulf %a, %b : f32\n%3 = arith.divf %a, %b : f32\n%4 = arith.maxf %a, %b : f32\n%5 = arith.minf %a, %b : f32\n%6 = arith.negf %a : f32",
		[]string{"-2.500000e+00 : f32", "5.500000e+00 : f32", "-6.000000e+00 : f32", "-3.750000e-01 : f32", "1.500000e+00 : f32", "-4.000000e+00 : f32", "-1.500000e+00 : f32"}},
	{"f16-rounding", "() -> f16", "%a = arith.constant 1.0 : f16\n%b = arith.constant 0.0001 : f16\n%r = arith.addf %a, %b : f16", []string{"1.000000e+00 : f16"}},
	{"dense-splat", "() -> tensor<4xi32>", "%a = arith.constant dense<3> : tensor<4xi32>\n%b = arith.constant dense<4> : tensor<4xi32>\n%r = arith.muli %a, %b : tensor<4xi32>", []string{"dense<12> : tensor<4xi32>"}},
	{"dense-elements", "() -> tensor<2xf32>", "%a = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>\n%b = arith.constant dense<0.5> : tensor<2xf32>\n%r = arith.addf %a, %b : tensor<2xf32>", []string{"dense<[1.500000e+00, 2.500000e+00]> : tensor<2xf32>"}},
	{"identities", "(%x: i32, %y: i32) -> (i32, i32, i32, i32, i32, i32, i32)", "%c0 = arith.constant 0 : i32\n%c1 = arith.constant 1 : i32\n%0 = arith.addi %x, %c0 : i32\n%1 = arith.muli %x, %c1 : i32\n%2 = arith.muli %x, %c0 : i32\n%3 = arith.subi %x, %x : i32\n%4 = arith.andi %y, %y : i32\n%5 = arith.addi %c0, %y : i32\n%6 = arith.xori %y, %y : i32",
		[]string{"%arg0", "%arg0", "0 : i32", "0 : i32", "%arg1", "%arg1", "0 : i32"}},
	{"float-identities", "(%x: f32) -> (f32, f32, f32)", "%m0 = arith.constant -0.0 : f32\n%one = arith.constant 1.0 : f32\n%0 = arith.addf %x, %m0 : f32\n%1 = arith.mulf %x, %one : f32\n%2 = arith.divf %x, %one : f32", []string{"%arg0", "%arg0", "%arg0"}},
	{"addf-plus-zero-kept", "(%x: f32) -> f32", "%z = arith.constant 0.0 : f32\n%0 = arith.addf %x, %z : f32", []string{"op:arith.addf"}},
	{"select", "(%c: i1, %x: f32, %y: f32) -> (f32, f32, f32, i1)", "%t = arith.constant true\n%f = arith.constant false\n%0 = arith.select %t, %x, %y : f32\n%1 = arith.select %f, %x, %y : f32\n%2 = arith.select %c, %y, %y : f32\n%3 = arith.select %c, %t, %f : i1",
		[]string{"%arg1", "%arg2", "%arg2", "%arg0"}},
	{"select-not", "(%c: i1) -> i1", "%t = arith.constant true\n%f = arith.constant false\n%0 = arith.select %c, %f, %t : i1", []string{"op:arith.xori"}},
	{"cmpi", "(%x: i32) -> (i1, i1, i1, i1, i1)", "%a = arith.constant -1 : i32\n%b = arith.constant 1 : i32\n%0 = arith.cmpi slt, %a, %b : i32\n%1 = arith.cmpi ult, %a, %b : i32\n%2 = arith.cmpi eq, %a, %b : i32\n%3 = arith.cmpi sle, %x, %x : i32\n%4 = arith.cmpi ne, %x, %x : i32",
		[]string{"true", "false", "false", "true", "false"}},
	{"cmpf", "() -> (i1, i1, i1, i1)", "%a = arith.constant 1.0 : f32\n%n = arith.constant 0x7FC00000 : f32\n%0 = arith.cmpf olt, %a, %n : f32\n%1 = arith.cmpf ult, %a, %n : f32\n%2 = arith.cmpf oge, %a, %a : f32\n%3 = arith.cmpf uno, %n, %n : f32",
		[]string{"false", "true", "true", "true"}},
	{"casts", "() -> (i32, i32, i64, index, f32, i32, f64, i32, f32)", "%a = arith.constant -2 : i8\n%f = arith.constant 2.75 : f32\n%i = arith.constant 1065353216 : i32\n%m2 = arith.constant -2 : i32\n%x = arith.index_cast %m2 : i32 to index\n%0 = arith.extsi %a : i8 to i32\n%1 = arith.extui %a : i8 to i32\n%2 = arith.index_cast %x : index to i64\n%3 = arith.index_castui %a : i8 to index\n%4 = arith.sitofp %a : i8 to f32\n%5 = arith.fptosi %f : f32 to i32\n%6 = arith.extf %f : f32 to f64\n%7 = arith.bitcast %f : f32 to i32\n%8 = arith.bitcast %i : i32 to f32",
		[]string{"-2 : i32", "254 : i32", "-2 : i64", "254 : index", "-2.000000e+00 : f32", "2 : i32", "2.750000e+00 : f64", "1076887552 : i32", "1.000000e+00 : f32"}},
	{"truncf-exact-only", "() -> (f16, f16)", "%a = arith.constant 0.5 : f32\n%b = arith.constant 0.1 : f32\n%0 = arith.truncf %a : f32 to f16\n%1 = arith.truncf %b : f32 to f16", []string{"5.000000e-01 : f16", "op:arith.truncf"}},
	{"extf-truncf-kept", "(%x: f32) -> f32", "%0 = arith.truncf %x : f32 to f16\n%1 = arith.extf %0 : f16 to f32", []string{"op:arith.extf"}},
	{"index-cast-roundtrip", "(%x: i32) -> i32", "%0 = arith.index_cast %x : i32 to index\n%1 = arith.index_cast %0 : index to i32", []string{"%arg0"}},
	{"addi-chain", "(%x: i32) -> (i32, i32)", "%c1 = arith.constant 1 : i32\n%c2 = arith.constant 2 : i32\n%a = arith.addi %x, %c1 : i32\n%b = arith.addi %a, %c2 : i32\n%s = arith.subi %a, %c2 : i32", []string{"op:arith.addi(%arg0, 3 : i32)", "op:arith.addi(%arg0, -1 : i32)"}},
	{"muli-chain", "(%x: index) -> index", "%c3 = arith.constant 3 : index\n%a = arith.muli %c3, %x : index\n%b = arith.muli %a, %c3 : index", []string{"op:arith.muli(%arg0, 9 : index)"}},
}

func TestFold(t *testing.T) {
	ctx := newCtx()
	var patterns []*ir.Pattern
	for _, name := range ctx.OpNames() {
		patterns = append(patterns, ctx.Lookup(name).Canonicalize...)
	}
	for _, c := range foldCases {
		t.Run(c.name, func(t *testing.T) {
			text := "func.func @f" + c.sig + " {\n" + c.body + "\nreturn " + returnList(c) + "\n}"
			m, err := asm.Parse(ctx, text, asm.Options{FileName: c.name})
			if err != nil {
				t.Fatalf("parse: %v\n%s", err, text)
			}
			if err := ir.Verify(m); err != nil {
				t.Fatalf("verify: %v", err)
			}
			if _, err := pass.ApplyPatternsGreedily(ctx, m, patterns, pass.GreedyConfig{Fold: true}); err != nil {
				t.Fatal(err)
			}
			if err := ir.Verify(m); err != nil {
				t.Fatalf("verify after folding: %v\n%s", err, ir.Sprint(m, ir.PrintOptions{}))
			}
			f := ir.Body(m).First()
			ret := fn.Body(f).Terminator()
			for i, want := range c.want {
				if got := describe(ret.Operand(i)); got != want {
					t.Errorf("result %d: got %s, want %s\n%s", i, got, want, ir.Sprint(m, ir.PrintOptions{}))
				}
			}
		})
	}
}

// returnList builds `%r0, ... : types` from the signature's results and
// the SSA names the body defines last.
func returnList(c foldCase) string {
	sig := c.sig[strings.Index(c.sig, "->")+2:]
	sig = strings.Trim(strings.TrimSpace(sig), "()")
	types := strings.Split(sig, ", ")
	lines := strings.Split(c.body, "\n")
	names := make([]string, 0, len(types))
	for _, l := range lines[len(lines)-len(types):] {
		names = append(names, strings.TrimSpace(strings.SplitN(l, "=", 2)[0]))
	}
	return strings.Join(names, ", ") + " : " + strings.Join(types, ", ")
}

func describe(v *ir.Value) string {
	if v.IsBlockArg() {
		return fmt.Sprintf("%%arg%d", v.Index())
	}
	op := v.DefiningOp()
	if op.Name == "arith.constant" {
		return op.Attr("value").String()
	}
	if strings.Contains(op.Name, "addi") || strings.Contains(op.Name, "muli") {
		return fmt.Sprintf("op:%s(%s, %s)", op.Name, describe(op.Operand(0)), describe(op.Operand(1)))
	}
	return "op:" + op.Name
}
