package runtime

// The files under testdata/ were made with Debian's python3-numpy (1.24)
// and python3-torch (1.13) by the script below, run from runtime/testdata.
// numpy cannot write bf16, so the ml_dtypes-style files are written by
// hand-building the header ('<V2' is exactly what ml_dtypes' bfloat16
// saves as) and PyTorch supplies the bf16 roundings, which makes it and
// numpy (for f16) oracles no one here wrote.
//
//	# Run from runtime/testdata with Debian's python3-numpy and python3-torch.
//	import numpy as np, torch
//
//	def save(name, a):
//	    np.save(name, a)
//
//	def save_raw16(name, bits, descr):
//	    # ml_dtypes' bfloat16 saves as descr '<V2'; numpy without ml_dtypes
//	    # writes the same header when handed the descr directly.
//	    with open(name, "wb") as f:
//	        np.lib.format.write_array_header_1_0(
//	            f, {"descr": descr, "fortran_order": False, "shape": bits.shape})
//	        f.write(bits.astype("<u2").tobytes())
//
//	def bf16_bits(x):  # PyTorch's own f32 -> bf16 rounding, as uint16 patterns
//	    t = torch.from_numpy(np.ascontiguousarray(x, dtype=np.float32))
//	    return t.to(torch.bfloat16).view(torch.int16).numpy().view(np.uint16)
//
//	save("f32_2x3.npy", np.array([[1.5, -2.25, 3], [0, 1e-8, -65504.5]], np.float32))
//	save("f32_scalar.npy", np.float32(2.5) * np.ones((), np.float32))
//	save("f32_empty_0x3.npy", np.zeros((0, 3), np.float32))
//	save("f32_be_2x2.npy", np.array([[1, -2], [0.5, 1e30]], ">f4"))
//	save("f64_fortran_2x3x4.npy",
//	     np.asfortranarray(np.arange(24, dtype=np.float64).reshape(2, 3, 4) * 0.5 - 3))
//	save("f32_fortran_3x4.npy",
//	     np.asfortranarray((np.arange(12, dtype=np.float32).reshape(3, 4) - 5) / 3))
//	save("i32_fortran_3x2.npy",
//	     np.asfortranarray(np.array([[1, -2], [3, -4], [5, 2**31 - 1]], np.int32)))
//	save("f16_2x3.npy", np.array([[1, -0.0, 6e-8], [65504, np.inf, np.nan]], np.float16))
//	save("i8_3.npy", np.array([-128, 0, 127], np.int8))
//	save("u8_3.npy", np.array([0, 128, 255], np.uint8))
//	save("i16_3.npy", np.array([-32768, 1, 32767], np.int16))
//	save("i64_4.npy", np.array([-2**63, -1, 0, 2**63 - 1], np.int64))
//	save("bool_5.npy", np.array([True, False, False, True, True]))
//	save("i64_2x2.npy", np.array([[1, 2], [3, 4]], np.int64))
//
//	# Values that are not bf16-representable, their bf16 patterns as PyTorch
//	# rounds them, and those patterns as ml_dtypes ('<V2') and as '<u2' files.
//	src = np.array([[1.0, 1.00390625, 1.01171875], [3.14159265, -1e-3, 3.4e38]], np.float32)
//	save("bf16_src_f32_2x3.npy", src)
//	save_raw16("bf16_v2_2x3.npy", bf16_bits(src), "<V2")
//	save_raw16("bf16_u2_2x3.npy", bf16_bits(src), "<u2")
//
//	# Conversion oracle: f32 inputs, numpy's f16 rounding, PyTorch's bf16 rounding.
//	rng = np.random.default_rng(0)
//	edge = np.array([0.0, -0.0, 1.0, -1.0, 65504, 65519.996, 65520, 65536, 1e10,
//	                 2**-14, 2**-24, 2**-25, 2**-25 * 1.0000001, 3 * 2**-26, 2**-26,
//	                 1e-45, 1.17549435e-38, 3.4028235e38, np.inf, -np.inf, np.nan],
//	                np.float32)
//	h = rng.integers(0, 0x7bff, 300).astype(np.uint16)             # f16 midpoints
//	lo = h.view(np.float16).astype(np.float32)
//	hi = (h + 1).view(np.float16).astype(np.float32)
//	mid = (lo + hi) / 2
//	b = rng.integers(0, 0x7f7f, 300).astype(np.uint32)             # bf16 midpoints
//	bmid = ((b << 16) | 0x8000).view(np.float32)
//	rand = rng.integers(0, 2**32, 100, dtype=np.uint64).astype(np.uint32).view(np.float32)
//	normal = (rng.standard_normal(100) * 10.0 ** rng.integers(-8, 6, 100)).astype(np.float32)
//	sign = np.where(rng.random(600) < 0.5, -1, 1).astype(np.float32)
//	x = np.concatenate([edge, mid * sign[:300],
//	                    np.nextafter(mid, np.float32(np.inf)), np.nextafter(mid, np.float32(0)),
//	                    bmid * sign[300:], np.nextafter(bmid, np.float32(np.inf)),
//	                    np.nextafter(bmid, np.float32(0)), rand, normal]).astype(np.float32)
//	with np.errstate(over="ignore"):
//	    save("conv_in_f32.npy", x)
//	    save("conv_f16.npy", x.astype(np.float16))
//	save("conv_bf16.npy", bf16_bits(x))

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func readTestdata(t *testing.T, name string, dt DType) *Tensor {
	t.Helper()
	x, err := ReadNPYFile(filepath.Join("testdata", name), dt)
	if err != nil {
		t.Fatal(err)
	}
	if err := x.Validate(); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return x
}

func f32s(vs ...float64) []float64 {
	out := make([]float64, len(vs))
	for i, v := range vs {
		out[i] = float64(float32(v))
	}
	return out
}

// TestReadNumpyFiles reads every file numpy wrote and checks shape and
// values: C and Fortran order, big-endian, scalars, empty arrays and every
// dtype.
func TestReadNumpyFiles(t *testing.T) {
	fortranF64 := make([]float64, 24)
	for i := range fortranF64 {
		fortranF64[i] = float64(i)*0.5 - 3 // C-order value of arange(24).reshape(2,3,4)*0.5-3
	}
	fortranF32 := make([]float64, 12)
	for i := range fortranF32 {
		fortranF32[i] = float64(float32(float64(i-5) / 3))
	}
	for _, c := range []struct {
		file  string
		dt    DType
		shape []int64
		want  []float64
	}{
		{"f32_2x3.npy", F32, []int64{2, 3}, f32s(1.5, -2.25, 3, 0, 1e-8, -65504.5)},
		{"f32_scalar.npy", F32, []int64{}, []float64{2.5}},
		{"f32_empty_0x3.npy", F32, []int64{0, 3}, []float64{}},
		{"f32_empty_0x3.npy", BF16, []int64{0, 3}, []float64{}},
		{"f32_be_2x2.npy", F32, []int64{2, 2}, f32s(1, -2, 0.5, 1e30)},
		{"f64_fortran_2x3x4.npy", F64, []int64{2, 3, 4}, fortranF64},
		{"f32_fortran_3x4.npy", F32, []int64{3, 4}, fortranF32},
		{"i32_fortran_3x2.npy", I32, []int64{3, 2}, []float64{1, -2, 3, -4, 5, math.MaxInt32}},
		{"i8_3.npy", I8, []int64{3}, []float64{-128, 0, 127}},
		{"u8_3.npy", U8, []int64{3}, []float64{0, 128, 255}},
		{"i16_3.npy", I16, []int64{3}, []float64{-32768, 1, 32767}},
		{"i64_2x2.npy", I64, []int64{2, 2}, []float64{1, 2, 3, 4}},
		{"bool_5.npy", Bool, []int64{5}, []float64{1, 0, 0, 1, 1}},
	} {
		x := readTestdata(t, c.file, c.dt)
		if x.DType != c.dt || !slices.Equal(x.Shape, c.shape) {
			t.Errorf("%s: got %v%s, want %v%s", c.file, x.DType, FormatShape(x.Shape), c.dt, FormatShape(c.shape))
			continue
		}
		if got := x.Float64s(); !slices.Equal(got, c.want) {
			t.Errorf("%s: got %v, want %v", c.file, got, c.want)
		}
	}

	i64 := readTestdata(t, "i64_4.npy", I64)
	for i, want := range []int64{math.MinInt64, -1, 0, math.MaxInt64} {
		if got := i64.Int64(i); got != want {
			t.Errorf("i64_4.npy[%d] = %d, want %d", i, got, want)
		}
	}

	// f16 is read natively: the patterns are numpy's.
	h := readTestdata(t, "f16_2x3.npy", F16)
	wantBits := []uint16{0x3c00, 0x8000, 0x0001, 0x7bff, 0x7c00, 0x7e00}
	for i, w := range wantBits {
		if got := le.Uint16(h.Data[2*i:]); got != w {
			t.Errorf("f16_2x3.npy[%d] = %#04x, want %#04x", i, got, w)
		}
	}
}

// TestReadFortranAsHalf reads a Fortran-order float32 file as f16 and bf16:
// conversion and transposition together.
func TestReadFortranAsHalf(t *testing.T) {
	ref := readTestdata(t, "f32_fortran_3x4.npy", F32)
	for _, dt := range []DType{F16, BF16} {
		x := readTestdata(t, "f32_fortran_3x4.npy", dt)
		for i := range 12 {
			f := math.Float32frombits(le.Uint32(ref.Data[4*i:]))
			want := F16FromFloat32(f)
			if dt == BF16 {
				want = BF16FromFloat32(f)
			}
			if got := le.Uint16(x.Data[2*i:]); got != want {
				t.Errorf("%v element %d: %#04x, want %#04x", dt, i, got, want)
			}
		}
	}
}

// TestReadBF16Files: the float32 source, its ml_dtypes-style '<V2' and its
// '<u2' encodings all read as the same bf16 tensor, equal to PyTorch's
// rounding.
func TestReadBF16Files(t *testing.T) {
	fromF32 := readTestdata(t, "bf16_src_f32_2x3.npy", BF16)
	v2 := readTestdata(t, "bf16_v2_2x3.npy", BF16)
	u2 := readTestdata(t, "bf16_u2_2x3.npy", BF16)
	for name, x := range map[string]*Tensor{"<V2": v2, "<u2": u2} {
		if !bytes.Equal(x.Data, fromF32.Data) || !slices.Equal(x.Shape, []int64{2, 3}) {
			t.Errorf("%s file reads %v %x, float32 file rounds to %x", name, x.Shape, x.Data, fromF32.Data)
		}
	}
	// 1.0 exact; 1+2^-8 ties down to even; 1+3*2^-8 ties up to even; pi;
	// 3.4e38 rounds past the largest bf16 to Inf.
	for i, w := range map[int]uint16{0: 0x3f80, 1: 0x3f80, 2: 0x3f82, 3: 0x4049, 5: 0x7f80} {
		if got := le.Uint16(fromF32.Data[2*i:]); got != w {
			t.Errorf("bf16 element %d = %#04x, want %#04x", i, got, w)
		}
	}
}

// TestRewriteMatchesNumpy reads each C-order little-endian file numpy
// wrote and writes it back: the bytes must be identical, header padding
// included.
func TestRewriteMatchesNumpy(t *testing.T) {
	for _, c := range []struct {
		file  string
		dt    DType
		raw16 bool
	}{
		{"f32_2x3.npy", F32, false}, {"f32_scalar.npy", F32, false}, {"f32_empty_0x3.npy", F32, false},
		{"f16_2x3.npy", F16, false}, {"i8_3.npy", I8, false}, {"u8_3.npy", U8, false},
		{"i16_3.npy", I16, false}, {"i64_4.npy", I64, false}, {"i64_2x2.npy", I64, false},
		{"bool_5.npy", Bool, false}, {"conv_in_f32.npy", F32, false},
		{"bf16_src_f32_2x3.npy", F32, false},
		// bf16 from '<u2' written raw is '<u2' again.
		{"bf16_u2_2x3.npy", BF16, true},
	} {
		want, err := os.ReadFile(filepath.Join("testdata", c.file))
		if err != nil {
			t.Fatal(err)
		}
		x := readTestdata(t, c.file, c.dt)
		var buf bytes.Buffer
		write := WriteNPY
		if c.raw16 {
			write = WriteNPYRaw16
		}
		if err := write(&buf, x); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(buf.Bytes(), want) {
			t.Errorf("%s: rewritten bytes differ from numpy's\n got %q\nwant %q", c.file, buf.Bytes(), want)
		}
	}
}
