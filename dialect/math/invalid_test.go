package math_test

import (
	"github.com/torchlower/torchlower/internal/irtest"
	"github.com/torchlower/torchlower/ir"
	"testing"
)

func fn1(body string) string {
	return "func.func @f(%a: f32, %i: i32, %t: tensor<4xf32>, %ti: tensor<4xi32>) {\n  " + body + "\n  return\n}"
}

func TestInvalid(t *testing.T) {
	checkInvalid(t, newCtx(), []invalidCase{
		{"exp-int", fn1(`%0 = "math.exp"(%i) : (i32) -> i32`), "'math.exp' op operand #0 must be floating-point-like, but got 'i32'"},
		{"absi-float", fn1(`%0 = "math.absi"(%a) : (f32) -> f32`), "'math.absi' op operand #0 must be signless-integer-like, but got 'f32'"},
		{"powf-mixed", fn1(`%0 = "math.powf"(%a, %t) : (f32, tensor<4xf32>) -> f32`), "requires the same type for all operands and results"},
		{"fma-arity", fn1(`%0 = "math.fma"(%a, %a) : (f32, f32) -> f32`), "expected 3 operands, but found 2"},
		{"exp-bad-fastmath", fn1(`%0 = "math.exp"(%a) {fastmath = 3 : i64} : (f32) -> f32`), "attribute 'fastmath' failed to satisfy constraint"},
		{"exp-bad-flag", fn1(`%0 = math.exp %a fastmath<quick> : f32`), "expected ::mlir::arith::FastMathFlags to be one of"},
		{"fpowi-types", fn1(`%0 = "math.fpowi"(%a, %a) : (f32, f32) -> f32`), "'math.fpowi' op operand #1 must be signless-integer-like, but got 'f32'"},
		{"fpowi-shape", fn1(`%0 = "math.fpowi"(%t, %i) : (tensor<4xf32>, i32) -> tensor<4xf32>`), "requires the same shape for all operands and results"},
		{"fpowi-result", fn1(`%0 = "math.fpowi"(%a, %i) : (f32, i32) -> tensor<4xf32>`), "all of {lhs, result} have same type"},
		{"ctlz-no-fastmath", fn1(`%0 = math.ctlz %i fastmath<fast> : i32`), "expected ':'"},
		{"exp-no-result", fn1(`"math.exp"(%a) : (f32) -> ()`), "requires one result"},
	})
}

// invalidCase is a negative test: name, input text, expected error text.
type invalidCase struct{ name, text, want string }

func checkInvalid(t *testing.T, ctx *ir.Context, cases []invalidCase) {
	t.Helper()
	for _, c := range cases {
		irtest.CheckInvalid(t, ctx, []irtest.InvalidCase{{Name: c.name, Text: c.text, Want: c.want}})
	}
}
