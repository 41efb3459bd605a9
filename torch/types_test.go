package torch_test

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/torch"
)

func TestTypeStrings(t *testing.T) {
	for _, c := range []struct {
		t    ir.Type
		want string
	}{
		{torch.VTensor(ir.F32T, 2, ir.Dynamic, 4), "!torch.vtensor<[2,?,4],f32>"},
		{torch.VTensor(torch.DtypeSI64), "!torch.vtensor<[],si64>"},
		{torch.VTensorType{}, "!torch.vtensor"},
		{torch.VTensorType{Dtype: ir.F32T}, "!torch.vtensor<*,f32>"},
		{torch.VTensorType{Sizes: []int64{3}, HasSizes: true}, "!torch.vtensor<[3],unk>"},
		{torch.NonValueTensor(ir.BF16T, 2), "!torch.tensor<[2],bf16>"},
		{torch.NonValueTensorType{}, "!torch.tensor"},
		{torch.IntType{}, "!torch.int"},
		{torch.FloatType{}, "!torch.float"},
		{torch.BoolType{}, "!torch.bool"},
		{torch.NoneType{}, "!torch.none"},
		{torch.StrType{}, "!torch.str"},
		{torch.NumberType{}, "!torch.number"},
		{torch.DeviceType{}, "!torch.Device"},
		{torch.GeneratorType{}, "!torch.Generator"},
		{torch.ListType{Elem: torch.IntType{}}, "!torch.list<int>"},
		{torch.ListType{Elem: torch.VTensor(ir.F32T, 2)}, "!torch.list<vtensor<[2],f32>>"},
		{torch.ListType{Elem: torch.OptionalType{Elem: torch.IntType{}}}, "!torch.list<optional<int>>"},
		{torch.OptionalType{Elem: torch.IntType{}}, "!torch.optional<int>"},
		{torch.TupleType{Elems: []ir.Type{torch.IntType{}, torch.VTensorType{}}}, "!torch.tuple<int, vtensor>"},
		{torch.ListType{Elem: ir.I32}, "!torch.list<i32>"},
		{torch.ListType{}, "!torch.list<<<NULL TYPE>>>"},
	} {
		if got := c.t.String(); got != c.want {
			t.Errorf("%#v prints %q, want %q", c.t, got, c.want)
		}
	}
	if !ir.TypeEqual(torch.VTensor(ir.F32T, 2), torch.VTensorType{Sizes: []int64{2}, Dtype: ir.F32T, HasSizes: true}) {
		t.Errorf("equal vtensor types differ")
	}
	if ir.TypeEqual(torch.VTensor(ir.F32T, 2), torch.NonValueTensor(ir.F32T, 2)) {
		t.Errorf("vtensor equals tensor")
	}
	if !torch.IsTensorType(torch.VTensorType{}) || !torch.IsTensorType(torch.NonValueTensorType{}) || torch.IsTensorType(ir.Tensor(ir.F32T, 2)) {
		t.Errorf("IsTensorType")
	}
	bt, ok := torch.VTensor(torch.DtypeSI64, 2, 3).ToBuiltinTensor()
	if !ok || bt.String() != "tensor<2x3xi64>" {
		t.Errorf("ToBuiltinTensor = %s, %v", bt, ok)
	}
}

// The c10::ScalarType codes are those of c10/core/ScalarType.h.
func TestScalarTypes(t *testing.T) {
	for _, c := range []struct {
		code int
		want string
	}{{0, "ui8"}, {1, "si8"}, {2, "si16"}, {3, "si32"}, {4, "si64"}, {5, "f16"}, {6, "f32"}, {7, "f64"}, {11, "i1"}, {15, "bf16"}} {
		dt, err := torch.DtypeFromScalarType(c.code)
		if err != nil || dt.String() != c.want {
			t.Errorf("DtypeFromScalarType(%d) = %v, %v; want %s", c.code, dt, err, c.want)
			continue
		}
		if code, err := torch.ScalarTypeCode(dt); err != nil || code != c.code {
			t.Errorf("ScalarTypeCode(%s) = %d, %v", dt, code, err)
		}
	}
	for _, code := range []int{-1, 9, 12, 24, 100} {
		if _, err := torch.DtypeFromScalarType(code); err == nil {
			t.Errorf("DtypeFromScalarType(%d) succeeded", code)
		}
	}
	for _, dt := range []ir.Type{ir.I32, ir.Index, nil} {
		if _, err := torch.ScalarTypeCode(dt); err == nil {
			t.Errorf("ScalarTypeCode(%v) succeeded", dt)
		}
	}
	if torch.ScalarTypeName(6) != "Float" {
		t.Errorf("ScalarTypeName(6) = %q", torch.ScalarTypeName(6))
	}
}

// Expected names follow torch-mlir's ConstantFloatOp::getAsmResultNames
// (APFloat::toString(6, 0, false) minus '+'), as fx_importer output shows.
func TestFloatNameSuffix(t *testing.T) {
	for _, c := range []struct {
		v    float64
		want string
	}{
		{1, "1.000000e00"}, {1e-5, "1.000000e-05"}, {-0.5, "-5.000000e-01"}, {0.1, "1.000000e-01"},
		{0, "0.000000e00"}, {0.7071067811865476, "7.071070e-01"}, {123456789, "1.234570e08"},
		{1e100, "1.000000e100"}, {math.Inf(1), "Inf"}, {math.Inf(-1), "-Inf"}, {math.NaN(), "NaN"},
		// Ties round half up, as APFloat does (Go's %e would give 1.234560e06).
		{1234565, "1.234570e06"}, {9999995, "1.000000e07"}, {math.Copysign(0, -1), "-0.000000e00"}, {5e-324, "4.940660e-324"},
	} {
		if got := torch.FloatNameSuffix(c.v); got != c.want {
			t.Errorf("FloatNameSuffix(%v) = %q, want %q", c.v, got, c.want)
		}
	}
}

// TestFloatNameAgreesWithPrinter checks the name digits against ir's port
// of APFloat::toString: whenever the printer's value text is the padded
// six-digit form, the name must be that text without '+'.
func TestFloatNameAgreesWithPrinter(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	n := 0
	for range 20000 {
		// Six-digit decimals (ties included) and arbitrary doubles.
		var v float64
		if r.IntN(2) == 0 {
			v = float64(r.IntN(2000000)-1000000) * math.Pow(10, float64(r.IntN(20)-12))
			v, _ = strconv.ParseFloat(strconv.FormatFloat(v, 'g', 7, 64), 64)
		} else {
			v = math.Float64frombits(r.Uint64())
		}
		text := ir.FormatFloat(v, ir.F64)
		if strings.HasPrefix(text, "0x") || !strings.Contains(text, "e") || len(strings.Split(text, "e")[0]) != len("1.000000")+boolInt(v < 0) {
			continue
		}
		n++
		if got, want := torch.FloatNameSuffix(v), strings.Replace(text, "+", "", 1); got != want {
			t.Fatalf("FloatNameSuffix(%v) = %q, printer says %q", v, got, text)
		}
	}
	if n < 1000 {
		t.Fatalf("only %d comparable values", n)
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
