package torch

import (
	"fmt"

	"github.com/torchlower/torchlower/ir"
)

// Dtypes in the torch convention: builtin float types, signed integers as
// si*, uint8 as ui8 and bool as the signless i1, which is how torch-mlir
// spells the dtype inside `!torch.vtensor<[..],dtype>`.
var (
	DtypeUI8  ir.Type = ir.IntegerType{Width: 8, Signedness: ir.Unsigned}
	DtypeSI8  ir.Type = ir.IntegerType{Width: 8, Signedness: ir.Signed}
	DtypeSI16 ir.Type = ir.IntegerType{Width: 16, Signedness: ir.Signed}
	DtypeSI32 ir.Type = ir.IntegerType{Width: 32, Signedness: ir.Signed}
	DtypeSI64 ir.Type = ir.IntegerType{Width: 64, Signedness: ir.Signed}
	DtypeBool ir.Type = ir.I1
)

// c10ScalarTypes maps c10::ScalarType codes (c10/core/ScalarType.h, the
// value a torch.dtype takes as a `torch.constant.int`) to names and dtypes.
// A nil dtype is a scalar type this compiler does not represent.
var c10ScalarTypes = []struct {
	name  string
	dtype ir.Type
}{
	0:  {"Byte", DtypeUI8},
	1:  {"Char", DtypeSI8},
	2:  {"Short", DtypeSI16},
	3:  {"Int", DtypeSI32},
	4:  {"Long", DtypeSI64},
	5:  {"Half", ir.F16T},
	6:  {"Float", ir.F32T},
	7:  {"Double", ir.F64T},
	8:  {"ComplexHalf", nil},
	9:  {"ComplexFloat", nil},
	10: {"ComplexDouble", nil},
	11: {"Bool", DtypeBool},
	12: {"QInt8", nil},
	13: {"QUInt8", nil},
	14: {"QInt32", nil},
	15: {"BFloat16", ir.BF16T},
	16: {"QUInt4x2", nil},
	17: {"QUInt2x4", nil},
	18: {"Bits1x8", nil},
	19: {"Bits2x4", nil},
	20: {"Bits4x2", nil},
	21: {"Bits8", nil},
	22: {"Bits16", nil},
	23: {"Float8_e5m2", nil},
	24: {"Float8_e4m3fn", nil},
	25: {"Float8_e5m2fnuz", nil},
	26: {"Float8_e4m3fnuz", nil},
	27: {"UInt16", nil},
	28: {"UInt32", nil},
	29: {"UInt64", nil},
}

// DtypeFromScalarType returns the dtype of a c10::ScalarType code (Byte=0,
// Char=1, Short=2, Int=3, Long=4, Half=5, Float=6, Double=7, Bool=11,
// BFloat16=15). torch.export's serialized ScalarType enum numbers
// differently; convert those codes before calling this.
func DtypeFromScalarType(code int) (ir.Type, error) {
	if code < 0 || code >= len(c10ScalarTypes) {
		return nil, fmt.Errorf("unknown c10 ScalarType code %d", code)
	}
	st := c10ScalarTypes[code]
	if st.dtype == nil {
		return nil, fmt.Errorf("unsupported dtype %s (c10 ScalarType %d)", st.name, code)
	}
	return st.dtype, nil
}

// ScalarTypeCode returns the c10::ScalarType code of a dtype, the integer
// torch-mlir passes for a `ScalarType dtype` argument.
func ScalarTypeCode(dtype ir.Type) (int, error) {
	for code, st := range c10ScalarTypes {
		if st.dtype != nil && ir.TypeEqual(st.dtype, dtype) {
			return code, nil
		}
	}
	if dtype == nil {
		return 0, fmt.Errorf("no c10 ScalarType for an unknown dtype")
	}
	return 0, fmt.Errorf("no c10 ScalarType for dtype %s", dtype)
}

// ScalarTypeName returns c10's name of a ScalarType code ("Float"), or "".
func ScalarTypeName(code int) string {
	if code < 0 || code >= len(c10ScalarTypes) {
		return ""
	}
	return c10ScalarTypes[code].name
}

// IsValidDtype reports whether t may be the dtype of a torch tensor type:
// f16, bf16, f32, f64, i1, ui8, si8, si16, si32, si64 (torch-mlir's
// isValidTorchDtype, less complex and quantized types).
func IsValidDtype(t ir.Type) bool {
	switch x := t.(type) {
	case ir.FloatType:
		return true
	case ir.IntegerType:
		switch x.Signedness {
		case ir.Signless:
			return x.Width == 1
		case ir.Signed:
			return x.Width == 8 || x.Width == 16 || x.Width == 32 || x.Width == 64
		case ir.Unsigned:
			return x.Width == 8
		}
	}
	return false
}
