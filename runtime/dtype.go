package runtime

import (
	"fmt"
	"strings"
)

// DType is the element type of a host tensor. The zero value is Invalid so
// that a Tensor nobody filled in is caught instead of read as some real
// type.
type DType uint8

const (
	Invalid DType = iota
	F16           // IEEE binary16, stored as its 16-bit pattern
	BF16          // bfloat16 (the top half of a float32), stored as its 16-bit pattern
	F32
	F64
	Bool // MLIR i1; one byte per element, 0 or 1, as NumPy stores bool
	I8
	I16
	I32
	I64
	U8
)

// dtypeInfo is one row per dtype, so that adding a dtype is adding a row.
var dtypeInfo = [...]struct {
	name  string // MLIR spelling, printed by String
	size  int
	float bool
}{
	Invalid: {"invalid", 0, false},
	F16:     {"f16", 2, true},
	BF16:    {"bf16", 2, true},
	F32:     {"f32", 4, true},
	F64:     {"f64", 8, true},
	Bool:    {"i1", 1, false},
	I8:      {"i8", 1, false},
	I16:     {"i16", 2, false},
	I32:     {"i32", 4, false},
	I64:     {"i64", 8, false},
	U8:      {"ui8", 1, false},
}

// DTypes lists every valid dtype, for tests and tools that iterate them.
var DTypes = []DType{F16, BF16, F32, F64, Bool, I8, I16, I32, I64, U8}

// Valid reports whether d is one of the defined dtypes.
func (d DType) Valid() bool { return d != Invalid && int(d) < len(dtypeInfo) }

// String returns the MLIR spelling ("f32", "bf16", "i1", "ui8", ...), the
// form diagnostics and plans print.
func (d DType) String() string {
	if int(d) < len(dtypeInfo) {
		return dtypeInfo[d].name
	}
	return fmt.Sprintf("dtype(%d)", uint8(d))
}

// ElemSize is the number of bytes one element occupies in Tensor.Data.
// Invalid has size 0.
func (d DType) ElemSize() int {
	if int(d) < len(dtypeInfo) {
		return dtypeInfo[d].size
	}
	return 0
}

// IsFloat reports whether d is a floating-point type (f16, bf16, f32, f64).
func (d DType) IsFloat() bool {
	return int(d) < len(dtypeInfo) && dtypeInfo[d].float
}

// dtypeNames maps every accepted spelling to its dtype: MLIR builtin types
// (signless integers are read as signed, as torch-mlir's lowering does),
// torch-mlir's signed/unsigned forms, and the NumPy/PyTorch names people
// type on a command line.
var dtypeNames = map[string]DType{
	"f16": F16, "float16": F16, "half": F16,
	"bf16": BF16, "bfloat16": BF16,
	"f32": F32, "float32": F32, "float": F32,
	"f64": F64, "float64": F64, "double": F64,
	"i1": Bool, "bool": Bool,
	"i8": I8, "si8": I8, "int8": I8,
	"i16": I16, "si16": I16, "int16": I16,
	"i32": I32, "si32": I32, "int32": I32,
	"i64": I64, "si64": I64, "int64": I64, "long": I64,
	"ui8": U8, "u8": U8, "uint8": U8,
}

// ParseDType reads a dtype name: "f32", "bf16", "i1", "si64", "ui8", and the
// NumPy/PyTorch names ("float32", "int64", "torch.bfloat16", ...).
func ParseDType(s string) (DType, error) {
	name := strings.TrimPrefix(strings.ToLower(strings.TrimSpace(s)), "torch.")
	if d, ok := dtypeNames[name]; ok {
		return d, nil
	}
	return Invalid, fmt.Errorf("runtime: unknown dtype %q (want one of f16, bf16, f32, f64, i1, i8, i16, i32, i64, ui8)", s)
}
