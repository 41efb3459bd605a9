// Package torch is the torch dialect: the IR that .pt2 programs are
// imported into, printed exactly as torch-mlir prints it.
//
// It has the !torch.* types (VTensorType `!torch.vtensor<[2,?],f32>`,
// IntType `!torch.int`, ListType `!torch.list<int>`, ...); the constant and
// structural ops (torch.constant.*, torch.prim.ListConstruct,
// torch.vtensor.literal, torch.operator) with builders; and one
// torch.aten.* op per ATen schema in schemas.txt. The aten rows, their
// schema records and name constants are generated into ops_gen.go by
// tools/opgen from that committed list; a test fails when ops_gen.go is
// stale. Each aten op verifies its operands and results against its
// schema and uses torch-mlir's default torch op syntax:
//
//	%0 = torch.aten.add.Tensor %a, %b, %int1 : !torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>, !torch.int -> !torch.vtensor<[2],f32>
//
// Dtypes are builtin types in torch's spelling (f32, bf16, si64, ui8, i1);
// DtypeFromScalarType and ScalarTypeCode convert c10::ScalarType codes.
package torch

//go:generate go run ../tools/opgen -schemas schemas.txt -out ops_gen.go
