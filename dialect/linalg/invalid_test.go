package linalg_test

import (
	"strings"
	"testing"

	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/internal/irtest"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/asm"
)

// invalidCases are bad inputs and the diagnostic each must produce (a
// parse or verify error, never a panic). Unless ourOnly is set, upstream
// mlir-opt must reject the input with the same message.
var invalidCases = []struct {
	name, input, want string
	ourOnly           bool
}{
	{name: "wrong map count", want: "expected the number of indexing_map (2) to be equal to the number of input/output operands (3)", input: `
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%a : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}`},
	{name: "rank mismatch", want: "expected operand rank (2) to match the result rank of indexing_map #0 (1)", input: `
func.func @f(%a: tensor<4x4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4x4xf32>) outs(%b : tensor<4xf32>) {
  ^bb0(%x: f32, %z: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}`},
	{name: "map dims vs loops", want: "expected indexing_map #1 to have 2 dim(s) to match the number of loops", input: `
func.func @f(%a: tensor<4x4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<4x4xf32>) outs(%b : tensor<4xf32>) {
  ^bb0(%x: f32, %z: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}`},
	{name: "yield type mismatch", want: "type of yield operand 1 ('i32') doesn't match the element type of the enclosing linalg.generic op ('f32')", input: `
func.func @f(%a: tensor<4xf32>, %i: i32) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%a : tensor<4xf32>) {
  ^bb0(%z: f32):
    linalg.yield %i : i32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}`},
	{name: "yield count mismatch", want: "expected number of yield values (1) to match the number of operands of the enclosing LinalgOp (2)", input: `
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%a : tensor<4xf32>) {
  ^bb0(%z: f32):
    linalg.yield %z, %z : f32, f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}`},
	{name: "bb arg type", want: "expected type of bb argument #0 ('i32') to match element or self type of the corresponding operand ('f32')", input: `
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) {
  ^bb0(%x: i32, %z: f32):
    linalg.yield %z : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}`},
	{name: "bb arg count", want: "expected as many non-induction variable region arguments as the number of input/output operands", input: `
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) {
  ^bb0(%z: f32):
    linalg.yield %z : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}`},
	{name: "loop extent mismatch", want: "inferred input/output operand #1 has shape's dimension #0 to be 4, but found 5", input: `
func.func @f(%a: tensor<4xf32>, %b: tensor<5xf32>) -> tensor<5xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%b : tensor<5xf32>) {
  ^bb0(%x: f32, %z: f32):
    linalg.yield %x : f32
  } -> tensor<5xf32>
  return %0 : tensor<5xf32>
}`},
	{name: "result type mismatch", want: "expected type of operand #1 ('tensor<4xf32>') to match type of corresponding result ('tensor<?xf32>')", input: `
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<?xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) {
  ^bb0(%x: f32, %z: f32):
    linalg.yield %x : f32
  } -> tensor<?xf32>
  return %0 : tensor<?xf32>
}`},
	{name: "result count mismatch", want: "expected the number of results (0) to be equal to the number of output tensors (1)", input: `
func.func @f(%a: tensor<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%a : tensor<4xf32>) {
  ^bb0(%z: f32):
    linalg.yield %z : f32
  }
  return
}`},
	{name: "flipped filter map leaves kh unbounded", want: "expected the shape-to-loops map to be non-null", input: `
func.func @f(%dy: tensor<1x4x9x9xf32>, %w: tensor<4x2x3x3xf32>, %acc: tensor<1x2x7x7xf32>) -> tensor<1x2x7x7xf32> {
  %dx = linalg.generic {indexing_maps = [affine_map<(n, c, h, w, f, kh, kw) -> (n, f, h + kh, w + kw)>, affine_map<(n, c, h, w, f, kh, kw) -> (f, c, -kh + 2, -kw + 2)>, affine_map<(n, c, h, w, f, kh, kw) -> (n, c, h, w)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%dy, %w : tensor<1x4x9x9xf32>, tensor<4x2x3x3xf32>) outs(%acc : tensor<1x2x7x7xf32>) {
  ^bb0(%g: f32, %k: f32, %out: f32):
    %m = arith.mulf %g, %k : f32
    %s = arith.addf %out, %m : f32
    linalg.yield %s : f32
  } -> tensor<1x2x7x7xf32>
  return %dx : tensor<1x2x7x7xf32>
}`},
	{name: "negative access", want: "unexpected result less than 0 at expression #0 in (d0) -> (d0 - 1)", input: `
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0 - 1)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) {
  ^bb0(%x: f32, %z: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}`},
	{name: "conv input too small", want: "inferred input/output operand #0 has shape's dimension #2 to be greater than or equal to 9, but found 8", input: `
func.func @f(%in: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %acc: tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32> {
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%in, %w : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) outs(%acc : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}`},
	{name: "conv strides shape", want: "attribute 'strides' failed to satisfy constraint: 64-bit signless int elements attribute of shape [2]", input: `
func.func @f(%in: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %acc: tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32> {
  %0 = linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<3xi64>} ins(%in, %w : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) outs(%acc : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}`},
	{name: "matmul shape mismatch", want: "inferred input/output operand #1 has shape's dimension #0 to be 8, but found 7", input: `
func.func @f(%a: tensor<4x8xf32>, %b: tensor<7x16xf32>, %c: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<7x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}`},
	{name: "named op arity", want: "[parseNamedStructuredOpRegion] ods-gen generated region expects 3 args, got 2", input: `
func.func @f(%a: tensor<4x8xf32>, %c: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %0 = linalg.matmul ins(%a : tensor<4x8xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}`},
	{name: "fill tensor input", want: "expected op with scalar input", input: `
func.func @f(%a: tensor<4xf32>, %c: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.fill ins(%a : tensor<4xf32>) outs(%c : tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}`},
	{name: "index out of range", want: "expected dim (1) to be lower than the number of loops (1) of the enclosing LinalgOp", input: `
func.func @f(%a: tensor<4xindex>) -> tensor<4xindex> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%a : tensor<4xindex>) {
  ^bb0(%z: index):
    %i = linalg.index 1 : index
    linalg.yield %i : index
  } -> tensor<4xindex>
  return %0 : tensor<4xindex>
}`},
	{name: "index outside linalg", want: "expected parent op with LinalgOp interface", input: `
func.func @f() -> index {
  %i = linalg.index 0 : index
  return %i : index
}`},
	{name: "transpose permutation", want: "permutation is not valid", input: `
func.func @f(%a: tensor<2x3xf32>, %b: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %0 = linalg.transpose ins(%a : tensor<2x3xf32>) outs(%b : tensor<3x2xf32>) permutation = [1, 1]
  return %0 : tensor<3x2xf32>
}`},
	{name: "transpose dims", want: "dim(result, 0) = 2 doesn't match dim(input, permutation[0]) = 3", input: `
func.func @f(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = linalg.transpose ins(%a : tensor<2x3xf32>) outs(%b : tensor<2x3xf32>) permutation = [1, 0]
  return %0 : tensor<2x3xf32>
}`},
	{name: "broadcast rank", want: "input rank plus added dimensions does not match init rank. input rank: 1, dimensions size: 2, init rank: 2", input: `
func.func @f(%a: tensor<3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = linalg.broadcast ins(%a : tensor<3xf32>) outs(%b : tensor<2x3xf32>) dimensions = [0, 1]
  return %0 : tensor<2x3xf32>
}`},
	{name: "broadcast dims", want: "input dim 0 should match init dim 1. input: 4, init: 3", input: `
func.func @f(%a: tensor<4xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = linalg.broadcast ins(%a : tensor<4xf32>) outs(%b : tensor<2x3xf32>) dimensions = [0]
  return %0 : tensor<2x3xf32>
}`},
	{name: "reduce init shape", want: "init dimensions [5] doesn't match input dimensions after reduction [4]", input: `
func.func @f(%a: tensor<4x8xf32>, %b: tensor<5xf32>) -> tensor<5xf32> {
  %0 = linalg.reduce ins(%a : tensor<4x8xf32>) outs(%b : tensor<5xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  return %0 : tensor<5xf32>
}`},
	{name: "reduce dims range", want: "dimensions for reduction should be in the range [0, 1].", input: `
func.func @f(%a: tensor<4x8xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.reduce ins(%a : tensor<4x8xf32>) outs(%b : tensor<4xf32>) dimensions = [2]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  return %0 : tensor<4xf32>
}`},
	{name: "map arity", want: "expects number of operands to match the arity of mapper, but got: 2 and 1", input: `
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.map ins(%a, %a : tensor<4xf32>, tensor<4xf32>) outs(%b : tensor<4xf32>)
    (%x: f32) {
      linalg.yield %x : f32
    }
  return %0 : tensor<4xf32>
}`},
	{name: "map shape", want: "expected shape of input (4) to match shape of output (5)", input: `
func.func @f(%a: tensor<4xf32>, %b: tensor<5xf32>) -> tensor<5xf32> {
  %0 = linalg.map { arith.negf } ins(%a : tensor<4xf32>) outs(%b : tensor<5xf32>)
  return %0 : tensor<5xf32>
}`},
	{name: "iterator strings in generic form", want: "attribute 'iterator_types' failed to satisfy constraint", input: `
"func.func"() ({
^bb0(%a: tensor<4xf32>):
  %0 = "linalg.generic"(%a) ({
  ^bb0(%z: f32):
    "linalg.yield"(%z) : (f32) -> ()
  }) {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"], operand_segment_sizes = array<i32: 0, 1>} : (tensor<4xf32>) -> tensor<4xf32>
  "func.return"(%0) : (tensor<4xf32>) -> ()
}) {function_type = (tensor<4xf32>) -> tensor<4xf32>, sym_name = "f"} : () -> ()`},
	{name: "unknown iterator type", want: "unknown iterator type", ourOnly: true, input: `
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["window"]} outs(%a : tensor<4xf32>) {
  ^bb0(%z: f32):
    linalg.yield %z : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}`},
	{name: "missing segments", want: "operand_segment_sizes", ourOnly: true, input: `
"func.func"() ({
^bb0(%a: tensor<4xf32>):
  %0 = "linalg.generic"(%a) ({
  ^bb0(%z: f32):
    "linalg.yield"(%z) : (f32) -> ()
  }) {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = [#linalg.iterator_type<parallel>]} : (tensor<4xf32>) -> tensor<4xf32>
  "func.return"(%0) : (tensor<4xf32>) -> ()
}) {function_type = (tensor<4xf32>) -> tensor<4xf32>, sym_name = "f"} : () -> ()`},
	{name: "bad segments", want: "operand count (1) does not match with the total size (3) specified in attribute 'operand_segment_sizes'", input: `
"func.func"() ({
^bb0(%a: tensor<4xf32>):
  %0 = "linalg.generic"(%a) ({
  ^bb0(%z: f32):
    "linalg.yield"(%z) : (f32) -> ()
  }) {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = [#linalg.iterator_type<parallel>], operand_segment_sizes = array<i32: 2, 1>} : (tensor<4xf32>) -> tensor<4xf32>
  "func.return"(%0) : (tensor<4xf32>) -> ()
}) {function_type = (tensor<4xf32>) -> tensor<4xf32>, sym_name = "f"} : () -> ()`},
	{name: "missing maps", want: "requires attribute 'indexing_maps'", input: `
"func.func"() ({
^bb0(%a: tensor<4xf32>):
  %0 = "linalg.generic"(%a) ({
  ^bb0(%z: f32):
    "linalg.yield"(%z) : (f32) -> ()
  }) {iterator_types = [#linalg.iterator_type<parallel>], operand_segment_sizes = array<i32: 0, 1>} : (tensor<4xf32>) -> tensor<4xf32>
  "func.return"(%0) : (tensor<4xf32>) -> ()
}) {function_type = (tensor<4xf32>) -> tensor<4xf32>, sym_name = "f"} : () -> ()`},
	{name: "no region", want: "expects to have 1 region with 1 block", input: `
"func.func"() ({
^bb0(%a: tensor<4x4xf32>):
  %0 = "linalg.matmul"(%a, %a, %a) {operand_segment_sizes = array<i32: 2, 1>} : (tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  "func.return"(%0) : (tensor<4x4xf32>) -> ()
}) {function_type = (tensor<4x4xf32>) -> tensor<4x4xf32>, sym_name = "f"} : () -> ()`, ourOnly: true},
	{name: "yield outside linalg", want: "expected parent op with LinalgOp interface", ourOnly: true, input: `
func.func @f(%a: f32) {
  linalg.yield %a : f32
}`},
}

func TestInvalid(t *testing.T) {
	for _, c := range invalidCases {
		t.Run(c.name, func(t *testing.T) {
			err := parseAndVerify(c.input)
			if err == nil {
				t.Fatalf("expected an error containing %q, got none", c.want)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %q does not contain %q", err, c.want)
			}
			if c.ourOnly || !irtest.HaveMLIROpt() {
				return
			}
			_, uerr := irtest.RunMLIROpt(c.input)
			if uerr == nil {
				t.Fatalf("upstream accepts the input")
			}
			if !strings.Contains(uerr.Error(), c.want) {
				t.Errorf("upstream's error differs:\n%v", uerr)
			}
		})
	}
}

// parseAndVerify returns the first parse or verify error of text,
// failing on a panic.
func parseAndVerify(text string) (err error) {
	ctx := newContext()
	m, err := asm.Parse(ctx, text, asm.Options{FileName: "invalid.mlir"})
	if err != nil {
		return err
	}
	return ir.Verify(m)
}

// TestMalformedNoPanic feeds structurally broken generic-form ops to the
// verifiers and printers: each must be rejected (or printed) without a
// panic.
func TestMalformedNoPanic(t *testing.T) {
	ops := []string{
		`%0 = "linalg.generic"(%a) {indexing_maps = 3 : i64, iterator_types = [#linalg.iterator_type<parallel>], operand_segment_sizes = array<i32: 0, 1>} : (tensor<4xf32>) -> tensor<4xf32>`,
		`%0 = "linalg.generic"(%a) {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = 1 : i64, operand_segment_sizes = array<i32: 0, 1>} : (tensor<4xf32>) -> tensor<4xf32>`,
		`%0 = "linalg.generic"(%a) {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = [#linalg.iterator_type<window>], operand_segment_sizes = array<i32: 0, 1>} : (tensor<4xf32>) -> tensor<4xf32>`,
		`%0 = "linalg.generic"(%a) {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = [#linalg.iterator_type<parallel>], operand_segment_sizes = array<i64: 0, 1>} : (tensor<4xf32>) -> tensor<4xf32>`,
		`%0 = "linalg.generic"(%a) ({}) {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = [#linalg.iterator_type<parallel>], operand_segment_sizes = array<i32: 0, 1>} : (tensor<4xf32>) -> tensor<4xf32>`,
		`%0 = "linalg.generic"(%u) ({
		^bb0(%x: f32):
		  "linalg.yield"(%x) : (f32) -> ()
		}) {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = [#linalg.iterator_type<parallel>], operand_segment_sizes = array<i32: 0, 1>} : (tensor<*xf32>) -> tensor<*xf32>`,
		`%0 = "linalg.matmul"() {operand_segment_sizes = array<i32: 0, 0>} : () -> tensor<4xf32>`,
		`%0 = "linalg.fill"(%a) {operand_segment_sizes = array<i32: 0, 1>} : (tensor<4xf32>) -> tensor<4xf32>`,
		`%0 = "linalg.conv_2d_nchw_fchw"(%a, %a, %a) {strides = [1, 1], operand_segment_sizes = array<i32: 2, 1>} : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>`,
		`%0 = "linalg.map"() : () -> tensor<4xf32>`,
		`%0 = "linalg.map"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>`,
		`%0 = "linalg.reduce"(%a) ({
		^bb0(%x: f32):
		  "linalg.yield"(%x) : (f32) -> ()
		}) {dimensions = array<i64: 0>} : (tensor<4xf32>) -> tensor<4xf32>`,
		`%0 = "linalg.reduce"(%a, %a) {dimensions = array<i64: 7>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>`,
		`%0 = "linalg.transpose"(%a, %a, %a) {permutation = array<i64: 0>} : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>`,
		`%0 = "linalg.transpose"(%a, %a) {permutation = array<i64: 3>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>`,
		`%0 = "linalg.broadcast"(%a, %a) {dimensions = array<i64: 0, 0>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>`,
		`%0 = "linalg.broadcast"(%a, %m) {dimensions = array<i64: 1, 1>} : (tensor<4xf32>, tensor<4x4x4xf32>) -> tensor<4x4x4xf32>`,
		`%0 = "linalg.index"() : () -> index`,
		`%0 = "linalg.index"() {dim = 0 : i64} : () -> i32`,
		`"linalg.yield"() : () -> ()`,
	}
	for i, body := range ops {
		text := `"func.func"() ({
^bb0(%a: tensor<4xf32>, %u: tensor<*xf32>, %m: tensor<4x4x4xf32>):
  ` + body + `
  "func.return"() : () -> ()
}) {function_type = (tensor<4xf32>, tensor<*xf32>, tensor<4x4x4xf32>) -> (), sym_name = "f"} : () -> ()`
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("case %d panicked: %v", i, r)
				}
			}()
			ctx := newContext()
			m, err := asm.Parse(ctx, text, asm.Options{FileName: "bad.mlir"})
			if err != nil {
				return
			}
			_ = ir.Sprint(m, ir.PrintOptions{})
			_ = ir.Sprint(m, ir.PrintOptions{Generic: true})
			m.Walk(ir.PostOrder, func(o *ir.Operation) {
				_, _ = linalg.IndexingMaps(o), linalg.IteratorTypes(o)
				_, _ = linalg.Inputs(o), linalg.Outputs(o)
				if linalg.IsStructured(o) {
					b := ir.NewBuilder(ctx)
					b.SetInsertionPointBefore(o)
					if g := linalg.Generalize(b, o); g != nil {
						g.Erase()
					}
				}
			})
			if err := ir.Verify(m); err == nil {
				t.Errorf("case %d verified: %s", i, body)
			}
		}()
	}
}
