package arith_test

import (
	"github.com/torchlower/torchlower/internal/irtest"
	"github.com/torchlower/torchlower/ir"
	"strings"
	"testing"
)

// fn1 wraps one op line into a function with the usual arguments.
func fn1(body string) string {
	return "func.func @f(%a: f32, %b: f32, %i: i32, %j: i32, %c: i1, %x: index, %t: tensor<4xf32>, %tc: tensor<3xi1>, %ti: tensor<4xi32>) {\n  " +
		strings.ReplaceAll(body, "\n", "\n  ") + "\n  return\n}"
}

func TestInvalid(t *testing.T) {
	checkInvalid(t, newCtx(), []invalidCase{
		{"addi-float", fn1(`%0 = "arith.addi"(%a, %a) : (f32, f32) -> f32`), "'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'"},
		{"addf-int", fn1(`%0 = "arith.addf"(%i, %i) : (i32, i32) -> i32`), "'arith.addf' op operand #0 must be floating-point-like, but got 'i32'"},
		{"addf-mixed", fn1(`%0 = "arith.addf"(%a, %i) : (f32, i32) -> f32`), "requires the same type for all operands and results"},
		{"addf-bad-fastmath-attr", fn1(`%0 = "arith.addf"(%a, %a) {fastmath = 1 : i64} : (f32, f32) -> f32`), "attribute 'fastmath' failed to satisfy constraint: Floating point fast math flags"},
		{"addf-bad-fastmath-kw", fn1(`%0 = arith.addf %a, %a fastmath<bogus> : f32`), "expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast"},
		{"addf-bad-fastmath-hash", fn1(`%0 = "arith.addf"(%a, %a) {fastmath = #arith.fastmath<slow>} : (f32, f32) -> f32`), "FastMathFlags to be one of"},
		{"unknown-arith-attr", fn1(`%0 = "arith.addf"(%a, %a) {x = #arith.nope<1>} : (f32, f32) -> f32`), "unknown attribute `nope` in dialect `arith`"},
		{"addi-arity", fn1(`%0 = "arith.addi"(%i) : (i32) -> i32`), "expected 2 operands, but found 1"},
		{"addi-results", fn1(`"arith.addi"(%i, %i) : (i32, i32) -> ()`), "requires 1 results, but found 0"},
		{"negf-int", fn1(`%0 = "arith.negf"(%i) : (i32) -> i32`), "'arith.negf' op operand #0 must be floating-point-like, but got 'i32'"},
		{"addi-signed", "func.func @f(%a: si32) {\n  %0 = \"arith.addi\"(%a, %a) : (si32, si32) -> si32\n  return\n}", "must be signless-integer-like, but got 'si32'"},
		{"extf-narrow", fn1(`%0 = "arith.extf"(%a) : (f32) -> f16`), "'arith.extf' op operand type 'f32' and result type 'f16' are cast incompatible"},
		{"extsi-narrow", fn1(`%0 = "arith.extsi"(%i) : (i32) -> i16`), "'arith.extsi' op operand type 'i32' and result type 'i16' are cast incompatible"},
		{"truncf-wide", fn1(`%0 = "arith.truncf"(%a) : (f32) -> f64`), "operand type 'f32' and result type 'f64' are cast incompatible"},
		{"trunci-wide", fn1(`%0 = "arith.trunci"(%i) : (i32) -> i64`), "operand type 'i32' and result type 'i64' are cast incompatible"},
		{"sitofp-float", fn1(`%0 = "arith.sitofp"(%a) : (f32) -> f32`), "'arith.sitofp' op operand #0 must be signless-fixed-width-integer-like, but got 'f32'"},
		{"fptosi-int-result", fn1(`%0 = arith.fptosi %a : f32 to f32`), "'arith.fptosi' op result #0 must be signless-fixed-width-integer-like, but got 'f32'"},
		{"index-cast-int-int", fn1(`%0 = "arith.index_cast"(%i) : (i32) -> i64`), "'arith.index_cast' op operand type 'i32' and result type 'i64' are cast incompatible"},
		{"bitcast-width", fn1(`%0 = "arith.bitcast"(%i) : (i32) -> f16`), "'arith.bitcast' op operand type 'i32' and result type 'f16' are cast incompatible"},
		{"extf-shape", fn1(`%0 = "arith.extf"(%t) : (tensor<4xf32>) -> f64`), "'arith.extf' op requires the same shape for all operands and results"},
		{"cmpi-bad-pred-value", fn1(`%0 = "arith.cmpi"(%i, %i) {predicate = 12 : i64} : (i32, i32) -> i1`), "'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9"},
		{"cmpf-bad-pred-value", fn1(`%0 = "arith.cmpf"(%a, %a) {predicate = 16 : i64} : (f32, f32) -> i1`), "allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15"},
		{"cmpi-no-pred", fn1(`%0 = "arith.cmpi"(%i, %i) : (i32, i32) -> i1`), "'arith.cmpi' op requires attribute 'predicate'"},
		{"cmpi-pred-kind", fn1(`%0 = "arith.cmpi"(%i, %i) {predicate = "slt"} : (i32, i32) -> i1`), "attribute 'predicate' failed to satisfy constraint"},
		{"cmpi-result", fn1(`%0 = "arith.cmpi"(%i, %i) {predicate = 1 : i64} : (i32, i32) -> i32`), "'arith.cmpi' op result #0 must be bool-like, but got 'i32'"},
		{"cmpi-result-shape", fn1(`%0 = "arith.cmpi"(%ti, %ti) {predicate = 1 : i64} : (tensor<4xi32>, tensor<4xi32>) -> i1`), "result type has i1 element type and same shape as operands"},
		{"cmpi-keyword", fn1(`%0 = arith.cmpi bogus, %i, %i : i32`), "expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]"},
		{"cmpf-keyword", fn1(`%0 = arith.cmpf slt, %a, %a : f32`), "[false, oeq, ogt, oge, olt, ole, one, ord, ueq, ugt, uge, ult, ule, une, uno, true]"},
		{"cmpf-int", fn1(`%0 = arith.cmpf olt, %i, %i : i32`), "'arith.cmpf' op operand #0 must be floating-point-like, but got 'i32'"},
		{"cmpf-fastmath", fn1(`%0 = arith.cmpf olt, %a, %b fastmath<fast> : f32`), "expected ':'"},
		{"constant-type", fn1(`%0 = "arith.constant"() {value = 1 : i64} : () -> i32`), "'arith.constant' op failed to verify that all of {value, result} have same type"},
		{"constant-float-type", fn1(`%0 = "arith.constant"() {value = 1.0 : f32} : () -> f64`), "failed to verify that all of {value, result} have same type"},
		{"constant-string", fn1(`%0 = "arith.constant"() {value = "s"} : () -> i32`), "failed to verify that all of {value, result} have same type"},
		{"constant-missing", fn1(`%0 = "arith.constant"() : () -> i32`), "'arith.constant' op requires attribute 'value'"},
		{"constant-signed", fn1(`%0 = arith.constant 3 : si32`), "'arith.constant' op integer return type must be signless"},
		{"constant-untyped", fn1(`%0 = arith.constant "s"`), "expected a typed attribute"},
		{"constant-operands", fn1(`%0 = "arith.constant"(%i) {value = 1 : i32} : (i32) -> i32`), "expected 0 operands, but found 1"},
		{"constant-out-of-range", fn1(`%0 = arith.constant 256 : i8`), "integer constant out of range"},
		{"constant-hex-range", fn1(`%0 = arith.constant 0x1FFFF : f16`), "hexadecimal float constant out of range"},
		{"select-cond", fn1(`%0 = "arith.select"(%i, %a, %a) : (i32, f32, f32) -> f32`), "'arith.select' op operand #0 must be bool-like, but got 'i32'"},
		{"select-shape", fn1(`%0 = "arith.select"(%tc, %t, %t) : (tensor<3xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>`), "'arith.select' op all non-scalar operands/results must have the same shape and base type"},
		{"select-types", fn1(`%0 = "arith.select"(%c, %a, %i) : (i1, f32, i32) -> f32`), "failed to verify that all of {true_value, false_value, result} have same type"},
		{"select-types-list", fn1(`%0 = arith.select %c, %a, %b : i1, i1, f32`), "expected type with valid i1 shape"},
		{"addui-extended-overflow", fn1(`%0:2 = "arith.addui_extended"(%i, %i) : (i32, i32) -> (i32, i32)`), "overflow type has i1 element type and same shape as sum"},
		{"mulsi-extended-types", fn1(`%0:2 = "arith.mulsi_extended"(%i, %i) : (i32, i32) -> (i32, i64)`), "requires the same type for all operands and results"},
		{"binary-missing-type", fn1(`%0 = arith.addi %i, %j`), "expected ':'"},
		{"binary-type-mismatch", fn1(`%0 = arith.addi %i, %j : i64`), "use of value '%i' expects different type than prior uses: 'i64' vs 'i32'"},
		{"cast-missing-to", fn1(`%0 = arith.extf %a : f32 f64`), "expected 'to'"},
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
