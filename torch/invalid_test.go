package torch_test

import (
	"strings"
	"testing"

	"github.com/torchlower/torchlower/internal/irtest"
)

// fn1 wraps op lines into a function with arguments of the common types.
func fn1(body string) string {
	return "func.func @f(%t: !torch.vtensor<[2],f32>, %u: !torch.vtensor<[2],f32>, %i: !torch.int, %f: !torch.float, %b: !torch.bool, %n: !torch.none, %l: !torch.list<int>, %s: !torch.str) {\n  " +
		strings.ReplaceAll(body, "\n", "\n  ") + "\n  return\n}"
}

func TestInvalid(t *testing.T) {
	checkInvalid(t, []invalidCase{
		// Schema checks on aten ops.
		{"unknown-aten-custom", fn1(`%0 = torch.aten.frobnicate %t : !torch.vtensor<[2],f32> -> !torch.vtensor<[2],f32>`), "torch.aten.frobnicate"},
		{"unknown-aten-generic", fn1(`%0 = "torch.aten.frobnicate"(%t) : (!torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32>`), "torch.aten.frobnicate"},
		{"operand-count", fn1(`%0 = torch.aten.add.Tensor %t, %u : !torch.vtensor<[2],f32>, !torch.vtensor<[2],f32> -> !torch.vtensor<[2],f32>`),
			"'torch.aten.add.Tensor' op expected 3 operands (self, other, alpha), but found 2"},
		{"int-for-list", fn1(`%0 = torch.aten.view %t, %i : !torch.vtensor<[2],f32>, !torch.int -> !torch.vtensor<[2],f32>`),
			"'torch.aten.view' op operand #1 (size) must be SymInt[] (!torch.list<int>), but got '!torch.int'"},
		{"list-for-int", fn1(`%0 = torch.aten.unsqueeze %t, %l : !torch.vtensor<[2],f32>, !torch.list<int> -> !torch.vtensor<[1,2],f32>`),
			"operand #1 (dim) must be int (!torch.int), but got '!torch.list<int>'"},
		{"none-for-tensor", fn1(`%0 = torch.aten.relu %n : !torch.none -> !torch.vtensor<[2],f32>`),
			"operand #0 (self) must be Tensor (!torch.vtensor/tensor), but got '!torch.none'"},
		{"float-for-bool", fn1(`%0:2 = torch.aten.native_dropout %t, %f, %f : !torch.vtensor<[2],f32>, !torch.float, !torch.float -> !torch.vtensor<[2],f32>, !torch.vtensor<[2],i1>`),
			"operand #2 (train) must be bool? (!torch.optional<bool>), but got '!torch.float'"},
		{"str-for-scalar", fn1(`%0 = torch.aten.add.Tensor %t, %u, %s : !torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>, !torch.str -> !torch.vtensor<[2],f32>`),
			"operand #2 (alpha) must be Scalar (!torch.int/float/bool/number), but got '!torch.str'"},
		{"result-count", fn1(`%0 = torch.aten.relu %t : !torch.vtensor<[2],f32> -> !torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>`),
			"operation defines 2 results but was provided 1 to bind"},
		{"result-count-generic", fn1(`%0:2 = "torch.aten.relu"(%t) : (!torch.vtensor<[2],f32>) -> (!torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>)`),
			"'torch.aten.relu' op requires 1 results, but found 2"},
		{"none-result-forward", fn1(`%0 = torch.aten.relu %t : !torch.vtensor<[2],f32> -> !torch.none`),
			"'torch.aten.relu' op result #0 must be Tensor (!torch.vtensor/tensor), but got '!torch.none'"},
		{"int-result-for-tensor", fn1(`%0 = torch.aten.relu %t : !torch.vtensor<[2],f32> -> !torch.int`),
			"result #0 must be Tensor"},
		{"missing-arrow", fn1(`%0 = torch.aten.relu %t : !torch.vtensor<[2],f32>`), "operation defines 0 results but was provided 1 to bind"},
		{"type-count", fn1(`%0 = torch.aten.add.Tensor %t, %u, %i : !torch.vtensor<[2],f32> -> !torch.vtensor<[2],f32>`), "3 operands present, but expected 1"},
		// Types.
		{"bad-dtype", fn1(`%0 = torch.aten.relu %t : !torch.vtensor<[2],f32> -> !torch.vtensor<[2],i32>`), "invalid dtype i32 for !torch.tensor type"},
		{"bad-size", "func.func @f(%a: !torch.vtensor<[-2],f32>) {\n  return\n}", "invalid size -2 for !torch.tensor type"},
		{"unknown-type", "func.func @f(%a: !torch.frob) {\n  return\n}", "unknown  type `frob` in dialect `torch`"},
		{"unclosed-list", "func.func @f(%a: !torch.list<int) {\n  return\n}", "expected '>'"},
		{"builtin-in-list", "func.func @f(%a: !torch.list<i32>) {\n  return\n}", "unknown  type `i32` in dialect `torch`"},
		{"bad-sizes", "func.func @f(%a: !torch.vtensor<[2,x],f32>) {\n  return\n}", "expected ']'"},
		// Constants and structural ops.
		{"constant-int-attr", fn1(`%0 = "torch.constant.int"() {value = 1 : i32} : () -> !torch.int`), "requires attribute 'value' to be a 64-bit integer"},
		{"constant-int-result", fn1(`%0 = "torch.constant.int"() {value = 1 : i64} : () -> !torch.float`), "result #0 must be !torch.int, but got '!torch.float'"},
		{"constant-float-kw", fn1(`%0 = torch.constant.float abc`), "expected floating point literal"},
		{"constant-bool-kw", fn1(`%0 = torch.constant.bool maybe`), "expected 'true' or 'false'"},
		{"constant-str-missing", fn1(`%0 = "torch.constant.str"() : () -> !torch.str`), "requires attribute 'value' to be a string"},
		{"list-elem", fn1(`%0 = torch.prim.ListConstruct %i, %f : (!torch.int, !torch.float) -> !torch.list<int>`),
			"'torch.prim.ListConstruct' op operand #1 of type '!torch.float' is not a valid element of '!torch.list<int>'"},
		{"list-result", fn1(`%0 = torch.prim.ListConstruct %i : (!torch.int) -> !torch.int`), "result #0 must be !torch.list"},
		{"list-arity", fn1(`%0 = torch.prim.ListConstruct %i, %i : (!torch.int) -> !torch.list<int>`), "2 operands present, but expected 1"},
		{"literal-type", fn1(`%0 = torch.vtensor.literal(dense<1.0> : tensor<3xf32>) : !torch.vtensor<[2],f32>`),
			"value of type 'tensor<3xf32>' needs result type '!torch.vtensor<[3],f32>', but got '!torch.vtensor<[2],f32>'"},
		{"literal-signless", fn1(`%0 = torch.vtensor.literal(dense<1> : tensor<3xi64>) : !torch.vtensor<[3],si64>`), "needs result type '!torch.vtensor<[3],i64>'"},
		{"literal-missing", fn1(`%0 = "torch.vtensor.literal"() : () -> !torch.vtensor<[2],f32>`), "requires attribute 'value'"},
		{"operator-name", fn1(`%0 = "torch.operator"(%t) : (!torch.vtensor<[2],f32>) -> !torch.int`), "requires attribute 'name' to be a string"},
		{"derefine", fn1(`%0 = torch.derefine %f : !torch.float to !torch.optional<int>`), "operand type '!torch.float' is not a subtype of result type '!torch.optional<int>'"},
		{"tuple-index-type", fn1(`%0 = torch.prim.TupleIndex %i, %i : !torch.int, !torch.int -> !torch.int`), "operand #0 must be !torch.tuple"},
	})
}

// invalidCase is a negative test: name, input text, expected error text.
type invalidCase struct{ name, text, want string }

func checkInvalid(t *testing.T, cases []invalidCase) {
	t.Helper()
	ctx := newCtx()
	for _, c := range cases {
		irtest.CheckInvalid(t, ctx, []irtest.InvalidCase{{Name: c.name, Text: c.text, Want: c.want}})
	}
}
