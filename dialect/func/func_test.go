package fn_test

import (
	"github.com/torchlower/torchlower/internal/irtest"
	"testing"

	"github.com/torchlower/torchlower/dialect/arith"
	fn "github.com/torchlower/torchlower/dialect/func"
	"github.com/torchlower/torchlower/ir"
)

func newCtx() *ir.Context { return ir.NewContext(fn.Dialect, arith.Dialect) }

func TestOps(t *testing.T) { irtest.CheckFiles(t, "testdata/*.mlir", newCtx) }

func TestInvalid(t *testing.T) {
	checkInvalid(t, newCtx(), []invalidCase{
		{"call-undefined", "func.func @f(%a: f32) {\n  %0 = func.call @foo(%a) : (f32) -> f32\n  return\n}",
			"'func.call' op 'foo' does not reference a valid function"},
		{"call-operands", "func.func @f(%a: f32) {\n  func.call @f() : () -> ()\n  return\n}",
			"'func.call' op incorrect number of operands for callee"},
		{"call-results", "func.func @f(%a: f32) {\n  %0 = func.call @f(%a) : (f32) -> f32\n  return\n}",
			"'func.call' op incorrect number of results for callee"},
		{"call-operand-type", "func.func @f(%a: f32) {\n  return\n}\nfunc.func @g(%a: i32) {\n  func.call @f(%a) : (i32) -> ()\n  return\n}",
			"operand type mismatch: expected operand type f32, but provided i32 for operand number 0"},
		{"call-result-type", "func.func @f() -> f32 {\n  %0 = func.call @f() : () -> f32\n  return %0 : f32\n}\nfunc.func @g() {\n  %0 = func.call @f() : () -> i32\n  return\n}",
			"result type mismatch at index 0"},
		{"call-not-symbol", "func.func @f() {\n  func.call 3() : () -> ()\n  return\n}", "invalid kind of attribute specified"},
		{"call-missing-callee", "func.func @f() {\n  \"func.call\"() : () -> ()\n  return\n}", "requires a 'callee' symbol reference attribute"},
		{"return-type", "func.func @f(%a: f32) -> i32 {\n  return %a : f32\n}",
			"type of return operand 0 ('f32') doesn't match function result type ('i32') in function @f"},
		{"return-count", "func.func @f(%a: f32) -> i32 {\n  return\n}",
			"'func.return' op has 0 operands, but enclosing function (@f) returns 1"},
		{"return-count-2", "func.func @f(%a: i32) -> i32 {\n  return %a, %a : i32, i32\n}",
			"'func.return' op has 2 operands, but enclosing function (@f) returns 1"},
		{"return-parent", "\"func.return\"() : () -> ()", "'func.return' op expects parent op 'func.func'"},
		{"entry-arg-type", "\"func.func\"() ({\n^bb0(%x: i32):\n  \"func.return\"() : () -> ()\n}) {function_type = (f32) -> (), sym_name = \"h\"} : () -> ()",
			"type of entry block argument #0('i32') must match the type of the corresponding argument in function signature('f32')"},
		{"entry-arg-count", "\"func.func\"() ({\n^bb0(%x: i32, %y: i32):\n  \"func.return\"() : () -> ()\n}) {function_type = (i32) -> (), sym_name = \"h\"} : () -> ()",
			"entry block must have 1 arguments to match function signature"},
		{"arg-attrs-count", "\"func.func\"() ({\n^bb0(%x: i32):\n  \"func.return\"() : () -> ()\n}) {function_type = (i32) -> (), sym_name = \"h\", arg_attrs = [{}, {}]} : () -> ()",
			"expects argument attribute array to have the same number of elements as the number of function arguments, got 2, but expected 1"},
		{"res-attrs-count", "\"func.func\"() ({\n^bb0(%x: i32):\n  \"func.return\"() : () -> ()\n}) {function_type = (i32) -> (), sym_name = \"h\", res_attrs = [{}]} : () -> ()",
			"expects result attribute array to have the same number of elements as the number of function results, got 1, but expected 0"},
		{"visibility", "\"func.func\"() ({\n}) {function_type = () -> (), sym_name = \"h\", sym_visibility = \"foo\"} : () -> ()",
			"visibility expected to be one of [\"public\", \"private\", \"nested\"], but got \"foo\""},
		{"public-decl", "func.func @d(i32)", "symbol declaration cannot have public visibility"},
		{"missing-type", "\"func.func\"() ({\n}) {sym_name = \"h\"} : () -> ()", "requires attribute 'function_type'"},
		{"missing-name", "\"func.func\"() ({\n}) {function_type = () -> ()} : () -> ()", "requires attribute 'sym_name'"},
		{"bad-type-attr", "\"func.func\"() ({\n}) {function_type = i32, sym_name = \"h\"} : () -> ()", "function_type"},
		{"empty-body", "func.func @f() {}", "expected non-empty function body"},
		{"unnamed-args-with-body", "func.func @f(i32) {\n  return\n}", "expected named arguments"},
		{"mixed-args", "func.func private @f(%a: i32, i32)", "expected SSA identifier"},
		{"constant-undefined", "func.func @f() {\n  %0 = func.constant @g : (f32) -> ()\n  return\n}", "'func.constant' op reference to undefined function 'g'"},
		{"constant-type", "func.func @f() {\n  %0 = func.constant @f : (f32) -> ()\n  return\n}", "'func.constant' op reference to function with mismatched type"},
		{"call-indirect-type", "func.func @f(%g: (i32) -> i32, %a: f32) {\n  %0 = \"func.call_indirect\"(%g, %a) : ((i32) -> i32, f32) -> i32\n  return\n}",
			"callee input types match argument types"},
		{"call-indirect-callee", "func.func @f(%g: i32) {\n  \"func.call_indirect\"(%g) : (i32) -> ()\n  return\n}", "must be function type"},
		{"call-indirect-empty", "func.func @f() {\n  \"func.call_indirect\"() : () -> ()\n  return\n}", "expected a callee operand"},
		{"func-with-operands", "func.func @f(%a: i32) {\n  \"func.func\"(%a) ({\n  }) {function_type = () -> (), sym_name = \"h\", sym_visibility = \"private\"} : (i32) -> ()\n  return\n}",
			"expects one region and no operands or results"},
	})
}

func TestHelpers(t *testing.T) {
	ctx := newCtx()
	m := ir.NewModule(ctx, nil)
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(ir.Body(m))
	ft := ir.FunctionType{Inputs: []ir.Type{ir.F32T, ir.F32T}, Results: []ir.Type{ir.F32T}}
	f := fn.NewFunc(b, nil, "add", ft)
	b.SetInsertionPointToEnd(fn.Body(f))
	sum := arith.Add(b, nil, fn.Body(f).Arg(0), fn.Body(f).Arg(1))
	fn.NewReturn(b, nil, sum)

	b.SetInsertionPointToEnd(ir.Body(m))
	decl := b.Create(fn.Func, nil, nil, nil, []ir.NamedAttr{
		{Name: "sym_name", Value: ir.StringAttr("ext")},
		{Name: "function_type", Value: ir.TypeAttr{Type: ir.FunctionType{Inputs: []ir.Type{ir.I32}}}},
	}, 1)
	fn.SetPrivate(decl, true)
	g := fn.NewFunc(b, nil, "caller", ir.FunctionType{Inputs: []ir.Type{ir.F32T}, Results: []ir.Type{ir.F32T}})
	b.SetInsertionPointToEnd(fn.Body(g))
	call := fn.Call(b, nil, "add", []ir.Type{ir.F32T}, fn.Body(g).Arg(0), fn.Body(g).Arg(0))
	fn.NewReturn(b, nil, call.Result(0))
	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify: %v\n%s", err, ir.Sprint(m, ir.PrintOptions{}))
	}
	want := `module {
  func.func @add(%arg0: f32, %arg1: f32) -> f32 {
    %0 = arith.addf %arg0, %arg1 : f32
    return %0 : f32
  }
  func.func private @ext(i32)
  func.func @caller(%arg0: f32) -> f32 {
    %0 = call @add(%arg0, %arg0) : (f32, f32) -> f32
    return %0 : f32
  }
}
`
	if got := ir.Sprint(m, ir.PrintOptions{}); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if !fn.IsPrivate(decl) || fn.IsPrivate(f) || !fn.IsDeclaration(decl) || fn.Name(g) != "caller" ||
		fn.Callee(call) != "add" || fn.LookupFunc(call, ir.SymbolRefAttr{Root: "add"}) != f ||
		len(fn.FunctionType(f).Inputs) != 2 {
		t.Error("accessors disagree with the built IR")
	}
}

// invalidCase is a negative test: name, input text, expected error text.
type invalidCase struct{ name, text, want string }

func checkInvalid(t *testing.T, ctx *ir.Context, cases []invalidCase) {
	t.Helper()
	for _, c := range cases {
		irtest.CheckInvalid(t, ctx, []irtest.InvalidCase{{Name: c.name, Text: c.text, Want: c.want}})
	}
}
