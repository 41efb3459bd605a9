package tensor_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/dialect/tensor"
	"github.com/torchlower/torchlower/internal/irtest"
)

// invalidCases are inputs that must fail to parse or verify with a message
// like upstream's. body is wrapped in a function taking the arguments args.
var invalidCases = []struct {
	name, args, body, want string
	// newerUpstream marks checks MLIR 16 does not make (it accepts the
	// input); later releases reject it with the same message.
	newerUpstream bool
}{
	{name: "extract_slice out of bounds", args: "%t: tensor<8x8xf32>",
		body: `%0 = tensor.extract_slice %t[0, 7] [2, 4] [1, 2] : tensor<8x8xf32> to tensor<2x4xf32>`,
		want: "'tensor.extract_slice' op slice along dimension 1 runs out-of-bounds: 13 >= 8", newerUpstream: true},
	{name: "extract_slice offset out of bounds", args: "%t: tensor<8x8xf32>",
		body: `%0 = tensor.extract_slice %t[8, 0] [1, 4] [1, 1] : tensor<8x8xf32> to tensor<1x4xf32>`,
		want: "'tensor.extract_slice' op offset 0 is out-of-bounds: 8 >= 8", newerUpstream: true},
	{name: "insert_slice strided out of bounds", args: "%s: tensor<2x4xf32>, %d: tensor<8x8xf32>",
		body: `%0 = tensor.insert_slice %s into %d[0, 1] [2, 4] [2, 3] : tensor<2x4xf32> into tensor<8x8xf32>`,
		want: "'tensor.insert_slice' op slice along dimension 1 runs out-of-bounds: 10 >= 8", newerUpstream: true},
	{name: "extract_slice wrong rank", args: "%t: tensor<8x8xf32>",
		body: `%0 = tensor.extract_slice %t[0] [2] [1] : tensor<8x8xf32> to tensor<2xf32>`,
		want: "expected 2 offset values"},
	{name: "extract_slice size mismatch", args: "%t: tensor<8x8xf32>",
		body: `%0 = tensor.extract_slice %t[0, 0] [2, 4] [1, 2] : tensor<8x8xf32> to tensor<2x5xf32>`,
		want: "expected type to be 'tensor<2x4xf32>' or a rank-reduced version. (size mismatch)"},
	{name: "extract_slice rank too large", args: "%t: tensor<8x8xf32>",
		body: `%0 = tensor.extract_slice %t[0, 0] [2, 4] [1, 2] : tensor<8x8xf32> to tensor<2x1x4xf32>`,
		want: "expected rank to be smaller or equal to the other rank."},
	{name: "extract_slice element type", args: "%t: tensor<8x8xf32>",
		body: `%0 = tensor.extract_slice %t[0, 0] [2, 4] [1, 2] : tensor<8x8xf32> to tensor<2x4xf16>`,
		want: "expected element type to be 'f32'"},
	{name: "extract_slice bad rank reduction", args: "%t: tensor<8x8xf32>",
		body: `%0 = tensor.extract_slice %t[0, 0] [2, 4] [1, 1] : tensor<8x8xf32> to tensor<4xf32>`,
		want: "expected type to be 'tensor<2x4xf32>' or a rank-reduced version. (size mismatch)"},
	{name: "insert_slice size mismatch", args: "%t: tensor<8x8xf32>, %s: tensor<2x4xf32>",
		body: `%0 = tensor.insert_slice %s into %t[0, 0] [2, 5] [1, 1] : tensor<2x4xf32> into tensor<8x8xf32>`,
		want: "expected type to be 'tensor<2x5xf32>' or a rank-reduced version. (size mismatch)"},
	{name: "generic extract_slice dynamic count", args: "%t: tensor<8x8xf32>, %i: index",
		body: `%0 = "tensor.extract_slice"(%t, %i) {operand_segment_sizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 2, 4>, static_strides = array<i64: 1, 2>} : (tensor<8x8xf32>, index) -> tensor<2x4xf32>`,
		want: "expected 0 dynamic offset values"},
	{name: "generic extract_slice mixed ranks", args: "%t: tensor<8x8xf32>",
		body: `%0 = "tensor.extract_slice"(%t) {operand_segment_sizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 2, 4, 1>, static_strides = array<i64: 1, 2>} : (tensor<8x8xf32>) -> tensor<2x4xf32>`,
		want: "expected mixed offsets rank to match mixed sizes rank (2 vs 3) so the rank of the result type is well-formed."},
	{name: "generic insert_slice result type", args: "%t: tensor<8x8xf32>, %s: tensor<2x4xf32>",
		body: `%0 = "tensor.insert_slice"(%s, %t) {operand_segment_sizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64: 0, 1>, static_sizes = array<i64: 2, 4>, static_strides = array<i64: 2, 1>} : (tensor<2x4xf32>, tensor<8x8xf32>) -> tensor<8x9xf32>`,
		want: "'tensor.insert_slice' op failed to verify that expected result type to match dest type"},
	{name: "generic insert_slice no segments", args: "%t: tensor<8x8xf32>, %s: tensor<2x4xf32>",
		body: `%0 = "tensor.insert_slice"(%s, %t) {static_offsets = array<i64: 0, 1>, static_sizes = array<i64: 2, 4>, static_strides = array<i64: 2, 1>} : (tensor<2x4xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>`,
		want: "'tensor.insert_slice' op requires dense i32 array attribute 'operand_segment_sizes'"},
	{name: "generic insert_slice missing static_offsets", args: "%t: tensor<8x8xf32>, %s: tensor<2x4xf32>",
		body: `%0 = "tensor.insert_slice"(%s, %t) {operand_segment_sizes = array<i32: 1, 1, 0, 0, 0>, static_sizes = array<i64: 2, 4>, static_strides = array<i64: 2, 3>} : (tensor<2x4xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>`,
		want: "'tensor.insert_slice' op requires attribute 'static_offsets'"},
	{name: "generic insert_slice segment total", args: "%t: tensor<8x8xf32>, %s: tensor<2x4xf32>",
		body: `%0 = "tensor.insert_slice"(%s, %t) {operand_segment_sizes = array<i32: 1, 1, 0, 0, 1>, static_offsets = array<i64: 0, 1>, static_sizes = array<i64: 2, 4>, static_strides = array<i64: 2, 3>} : (tensor<2x4xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>`,
		want: "'tensor.insert_slice' op operand count (2) does not match with the total size (3) specified in attribute 'operand_segment_sizes'"},
	{name: "generic extract_slice no operands", args: "%t: tensor<8x8xf32>",
		body: `%0 = "tensor.extract_slice"() {operand_segment_sizes = array<i32: 0, 0, 0, 0>, static_offsets = array<i64>, static_sizes = array<i64>, static_strides = array<i64>} : () -> tensor<f32>`,
		want: "'tensor.extract_slice' op"},
	{name: "slice list junk", args: "%t: tensor<8x8xf32>",
		body: `%0 = tensor.extract_slice %t[0, f32] [2, 4] [1, 1] : tensor<8x8xf32> to tensor<2x4xf32>`,
		want: "expected SSA value or integer"},

	{name: "expand_shape static product", args: "%t: tensor<6x4xf32>",
		body: `%0 = tensor.expand_shape %t [[0, 1], [2]] : tensor<6x4xf32> into tensor<2x4x4xf32>`,
		want: "'tensor.expand_shape' op expected dimension 0 of collapsed type to be static value of 8"},
	{name: "expand_shape not contiguous", args: "%t: tensor<6x4xf32>",
		body: `%0 = tensor.expand_shape %t [[0, 2], [1]] : tensor<6x4xf32> into tensor<2x3x4xf32>`,
		want: "'tensor.expand_shape' op expected reassociation map #0 to be valid and contiguous"},
	{name: "expand_shape too few groups", args: "%t: tensor<6x4xf32>",
		body: `%0 = tensor.expand_shape %t [[0, 1]] : tensor<6x4xf32> into tensor<2x3x4xf32>`,
		want: "'tensor.expand_shape' op expected rank of the collapsed type(2) to be the number of reassociation maps(1)"},
	{name: "expand_shape two dynamic", args: "%t: tensor<?x4xf32>",
		body: `%0 = tensor.expand_shape %t [[0, 1], [2]] : tensor<?x4xf32> into tensor<?x?x4xf32>`,
		want: "'tensor.expand_shape' op invalid to have a single dimension (0) expanded into multiple dynamic dims (0,1)"},
	{name: "expand_shape dynamic into static", args: "%t: tensor<?x4xf32>",
		body: `%0 = tensor.expand_shape %t [[0, 1], [2]] : tensor<?x4xf32> into tensor<2x3x4xf32>`,
		want: "'tensor.expand_shape' op expected dimension 0 of collapsed type to be static value of 6"},
	{name: "expand_shape map rank", args: "%t: tensor<6x4xf32>",
		body: `%0 = "tensor.expand_shape"(%t) {reassociation = [[0, 1], [3]]} : (tensor<6x4xf32>) -> tensor<2x3x4xf32>`,
		want: "'tensor.expand_shape' op expected reassociation map #0 of same rank as expanded memref(3), but got 4"},
	{name: "expand_shape no expansion", args: "%t: tensor<6x4xf32>",
		body: `%0 = "tensor.expand_shape"(%t) {reassociation = [[0, 1]]} : (tensor<6x4xf32>) -> tensor<2x3xf32>`,
		want: "'tensor.expand_shape' op expected rank expansion, but found source rank 2 >= result rank 2"},
	{name: "expand_shape missing reassociation", args: "%t: tensor<6x4xf32>",
		body: `%0 = "tensor.expand_shape"(%t) : (tensor<6x4xf32>) -> tensor<2x3x4xf32>`,
		want: "'tensor.expand_shape' op requires attribute 'reassociation'"},
	{name: "collapse_shape static product", args: "%t: tensor<6x4xf32>",
		body: `%0 = tensor.collapse_shape %t [[0, 1]] : tensor<6x4xf32> into tensor<20xf32>`,
		want: "'tensor.collapse_shape' op expected dimension 0 of collapsed type to be static value of 24"},
	{name: "collapse_shape same rank", args: "%t: tensor<6x4xf32>",
		body: `%0 = tensor.collapse_shape %t [[0], [1]] : tensor<6x4xf32> into tensor<6x4xf32>`,
		want: "'tensor.collapse_shape' op expected rank reduction, but found source rank 2 <= result rank 2"},
	{name: "collapse_shape to scalar non-unit", args: "%t: tensor<2x1xf32>",
		body: `%0 = tensor.collapse_shape %t [] : tensor<2x1xf32> into tensor<f32>`,
		want: "'tensor.collapse_shape' op invalid to reshape tensor/memref with non-unit extent dimensions to zero-rank tensor/memref"},
	{name: "collapse_shape to scalar with group", args: "%t: tensor<1x1xf32>",
		body: `%0 = tensor.collapse_shape %t [[0, 1]] : tensor<1x1xf32> into tensor<f32>`,
		want: "'tensor.collapse_shape' op expected collapsed type to be 'tensor<1xf32>', but got 'tensor<f32>'"},
	{name: "collapse_shape dynamic into static", args: "%t: tensor<?x4xf32>",
		body: `%0 = tensor.collapse_shape %t [[0, 1]] : tensor<?x4xf32> into tensor<8xf32>`,
		want: "'tensor.collapse_shape' op expected dimension 0 of collapsed type to be dynamic since one or more of the corresponding dimensions in the expanded type is dynamic"},

	{name: "pad inferred type", args: "%t: tensor<4x4xf32>, %v: f32",
		body: "%0 = tensor.pad %t low[1, 1] high[1, 1] {\n  ^bb0(%i: index, %j: index):\n    tensor.yield %v : f32\n  } : tensor<4x4xf32> to tensor<6x7xf32>",
		want: "specified type 'tensor<6x7xf32>' does not match the inferred type 'tensor<6x6xf32>'"},
	{name: "pad dynamic result of static", args: "%t: tensor<4x4xf32>, %v: f32",
		body: "%0 = tensor.pad %t low[1, 0] high[2, 0] {\n  ^bb0(%i: index, %j: index):\n    tensor.yield %v : f32\n  } : tensor<4x4xf32> to tensor<?x4xf32>",
		want: "specified type 'tensor<?x4xf32>' does not match the inferred type 'tensor<7x4xf32>'"},
	{name: "pad block args", args: "%t: tensor<4x4xf32>, %v: f32",
		body: "%0 = tensor.pad %t low[1, 1] high[1, 1] {\n  ^bb0(%i: index):\n    tensor.yield %v : f32\n  } : tensor<4x4xf32> to tensor<6x6xf32>",
		want: "expected the block to have 2 arguments"},
	{name: "pad block arg type", args: "%t: tensor<4x4xf32>, %v: f32",
		body: "%0 = tensor.pad %t low[1, 1] high[1, 1] {\n  ^bb0(%i: index, %j: i32):\n    tensor.yield %v : f32\n  } : tensor<4x4xf32> to tensor<6x6xf32>",
		want: "'tensor.pad' op expected block argument 2 to be an index"},
	{name: "pad yield type", args: "%t: tensor<4x4xf32>, %v: f16",
		body: "%0 = tensor.pad %t low[1, 1] high[1, 1] {\n  ^bb0(%i: index, %j: index):\n    tensor.yield %v : f16\n  } : tensor<4x4xf32> to tensor<6x6xf32>",
		want: "'tensor.pad' op expected yield type to match shape element type"},
	{name: "pad low count", args: "%t: tensor<4x4xf32>, %v: f32",
		body: "%0 = tensor.pad %t low[1] high[1, 1] {\n  ^bb0(%i: index, %j: index):\n    tensor.yield %v : f32\n  } : tensor<4x4xf32> to tensor<6x6xf32>",
		want: "expected 2 low values", newerUpstream: true},

	{name: "extract index count", args: "%t: tensor<4x4xf32>, %i: index",
		body: `%0 = tensor.extract %t[%i] : tensor<4x4xf32>`,
		want: "'tensor.extract' op incorrect number of indices for extract_element"},
	{name: "empty dynamic sizes", args: "%i: index",
		body: `%0 = tensor.empty(%i) : tensor<4x4xf32>`,
		want: "'tensor.empty' op incorrect number of dynamic sizes, has 1, expected 0"},
	{name: "cast incompatible", args: "%t: tensor<4x4xf32>",
		body: `%0 = tensor.cast %t : tensor<4x4xf32> to tensor<5x4xf32>`,
		want: "'tensor.cast' op operand type 'tensor<4x4xf32>' and result type 'tensor<5x4xf32>' are cast incompatible"},
	{name: "from_elements count", args: "%i: index",
		body: `%0 = tensor.from_elements %i : tensor<2xindex>`,
		want: "1 operands present, but expected 2"},
	{name: "generate extents", args: "%i: index",
		body: "%0 = tensor.generate %i {\n  ^bb0(%a: index, %b: index):\n    tensor.yield %i : index\n  } : tensor<4x4xindex>",
		want: "must have as many index operands as dynamic extents in the result type"},
	{name: "generate body args", args: "%v: f32",
		body: "%0 = tensor.generate {\n  ^bb0(%a: index):\n    tensor.yield %v : f32\n  } : tensor<4x4xf32>",
		want: "must have one body argument per input dimension"},
	{name: "generate yield type", args: "%v: f16",
		body: "%0 = tensor.generate {\n  ^bb0(%a: index, %b: index):\n    tensor.yield %v : f16\n  } : tensor<4x4xf32>",
		want: "'tensor.generate' op body must be terminated with a `yield` operation of the tensor element type"},
	{name: "dim result type", args: "%t: tensor<4x4xf32>, %i: index",
		body: `%0 = "tensor.dim"(%t, %i) : (tensor<4x4xf32>, index) -> i32`,
		want: "'tensor.dim' op result #0 must be index, but got 'i32'"},
	{name: "reshape element count", args: "%t: tensor<6xf32>, %s: tensor<2xindex>",
		body: `%0 = tensor.reshape %t(%s) : (tensor<6xf32>, tensor<2xindex>) -> tensor<2x4xf32>`,
		want: "'tensor.reshape' op source and destination tensor should have the same number of elements"},
	{name: "reshape element type", args: "%t: tensor<6xf32>, %s: tensor<2xindex>",
		body: `%0 = tensor.reshape %t(%s) : (tensor<6xf32>, tensor<2xindex>) -> tensor<3x2xf16>`,
		want: "'tensor.reshape' op element types of source and destination tensor types should be the same"},
	{name: "reshape shape length", args: "%t: tensor<6xf32>, %s: tensor<3xindex>",
		body: `%0 = tensor.reshape %t(%s) : (tensor<6xf32>, tensor<3xindex>) -> tensor<3x2xf32>`,
		want: "'tensor.reshape' op length of shape operand differs from the result's tensor rank"},
	{name: "yield outside", args: "%v: f32",
		body: `"tensor.yield"(%v) : (f32) -> ()`,
		want: "'tensor.yield' op"},
	{name: "generic extract no operands", args: "",
		body: `%0 = "tensor.extract"() : () -> f32`,
		want: "'tensor.extract' op"},
	{name: "generic cast no operands", args: "",
		body: `%0 = "tensor.cast"() : () -> tensor<2xf32>`,
		want: "'tensor.cast' op"},
	{name: "generic pad no region", args: "%t: tensor<4xf32>",
		body: `%0 = "tensor.pad"(%t) {operand_segment_sizes = array<i32: 1, 0, 0>, static_low = array<i64: 0>, static_high = array<i64: 0>} : (tensor<4xf32>) -> tensor<4xf32>`,
		want: "'tensor.pad' op"},
	{name: "generic pad wrong attr kind", args: "%t: tensor<4xf32>, %v: f32",
		body: "%0 = \"tensor.pad\"(%t) ({\n  ^bb0(%i: index):\n    \"tensor.yield\"(%v) : (f32) -> ()\n  }) {operand_segment_sizes = array<i32: 1, 0, 0>, static_low = [0], static_high = array<i64: 0>} : (tensor<4xf32>) -> tensor<4xf32>",
		want: "'tensor.pad' op requires attribute 'static_low'"},
	{name: "generic collapse bad reassociation kind", args: "%t: tensor<2x2xf32>",
		body: `%0 = "tensor.collapse_shape"(%t) {reassociation = [0, 1]} : (tensor<2x2xf32>) -> tensor<4xf32>`,
		want: "'tensor.collapse_shape' op requires attribute 'reassociation'"},
}

func TestInvalid(t *testing.T) {
	for _, c := range invalidCases {
		t.Run(c.name, func(t *testing.T) {
			text := "func.func @f(" + c.args + ") {\n  " + c.body + "\n  return\n}\n"
			err := parseAndVerify(newContext(), text)
			if err == nil {
				t.Fatalf("accepted invalid input:\n%s", text)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q does not contain %q", err.Error(), c.want)
			}
			if !irtest.HaveMLIROpt() || c.newerUpstream {
				return
			}
			if _, uerr := irtest.RunMLIROpt(text); uerr == nil {
				t.Errorf("upstream mlir-opt accepts this input")
			}
		})
	}
}

// TestMalformedGeneric feeds every op in generic form with arities and
// attributes it does not expect: verification must fail cleanly and
// printing must not panic.
func TestMalformedGeneric(t *testing.T) {
	forms := []string{
		`"%s"() : () -> ()`,
		`%%0 = "%s"() : () -> f32`,
		`%%0 = "%s"(%%t) : (tensor<4xf32>) -> ()`,
		`%%0 = "%s"(%%t, %%t, %%t) {static_offsets = 1, static_sizes = [1], static_strides = array<i32: 1>, operand_segment_sizes = array<i32: 9, 9, 9, 9, 9>, reassociation = [[1.0]], static_low = array<i64: 1, 2>, static_high = array<i64>, nofold = 3} : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>`,
		`%%0 = "%s"(%%i, %%i) ({}) {reassociation = [[0, -1]], static_offsets = array<i64: -5>, static_sizes = array<i64: -2>, static_strides = array<i64: 1>, operand_segment_sizes = array<i32: 1, 1, 0, 0>} : (index, index) -> tensor<*xf32>`,
	}
	for _, name := range tensor.Dialect.Ops {
		for _, form := range forms {
			body := fmt.Sprintf(form, name.Name)
			text := "func.func @f(%t: tensor<4xf32>, %i: index) {\n  " + body + "\n  return\n}\n"
			if err := parseAndVerify(newContext(), text); err == nil {
				t.Errorf("accepted malformed op:\n%s", body)
			}
		}
	}
}
