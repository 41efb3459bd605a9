package runtime

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sbinet/npyio"
)

// sample returns a tensor of dt and shape filled with values that exercise
// the type: signs, fractions, extremes.
func sample(dt DType, shape ...int64) *Tensor {
	x := New(dt, shape...)
	for i := 0; i < x.NumElements(); i++ {
		switch {
		case dt.IsFloat():
			x.SetFloat64(i, (float64(i)-3.3)*1.75)
		case dt == Bool:
			x.SetInt64(i, int64(i%3&1))
		default:
			x.SetInt64(i, int64(i*37-50)) // wraps in the narrow types
		}
	}
	return x
}

var roundTripShapes = [][]int64{{}, {0}, {5}, {2, 3}, {2, 0, 4}, {2, 3, 4}, {1, 1, 1, 1, 7}}

// TestRoundTripEveryDType writes and reads back every dtype at several
// shapes, through WriteNPY and WriteNPYRaw16, to a buffer and to a file.
func TestRoundTripEveryDType(t *testing.T) {
	dir := t.TempDir()
	for _, dt := range DTypes {
		for _, shape := range roundTripShapes {
			x := sample(dt, shape...)
			for _, raw := range []bool{false, true} {
				var buf bytes.Buffer
				write := WriteNPY
				if raw {
					write = WriteNPYRaw16
				}
				if err := write(&buf, x); err != nil {
					t.Fatalf("%v%s: %v", dt, FormatShape(shape), err)
				}
				if buf.Len()%64 != int(len(x.Data)+len(x.Data)*boolInt(dt == BF16 && !raw))%64 {
					t.Errorf("%v%s: header not padded to 64 bytes", dt, FormatShape(shape))
				}
				y, err := ReadNPY(&buf, dt)
				if err != nil {
					t.Fatalf("%v%s raw=%v: %v", dt, FormatShape(shape), raw, err)
				}
				if y.DType != dt || !slices.Equal(y.Shape, x.Shape) || !bytes.Equal(y.Data, x.Data) {
					t.Errorf("%v%s raw=%v: round trip gave %v%s", dt, FormatShape(shape), raw, y.DType, FormatShape(y.Shape))
				}
				if buf.Len() != 0 {
					t.Errorf("%v%s: %d bytes left unread", dt, FormatShape(shape), buf.Len())
				}
			}
		}
		path := filepath.Join(dir, dt.String()+".npy")
		x := sample(dt, 3, 2)
		if err := WriteNPYFile(path, x); err != nil {
			t.Fatal(err)
		}
		y, err := ReadNPYFile(path, dt)
		if err != nil {
			t.Fatal(err)
		}
		if r := Compare(y, x, Tolerance{}); !r.Match {
			t.Errorf("%v file round trip: %v", dt, r)
		}
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestBF16WrittenAsFloat32 pins the documented choice: bf16 goes out as an
// exact '<f4', and raw as '<u2'.
func TestBF16WrittenAsFloat32(t *testing.T) {
	x, _ := FromFloat64s(BF16, []int64{3}, []float64{1, -0.5, 3.140625})
	var buf bytes.Buffer
	if err := WriteNPY(&buf, x); err != nil {
		t.Fatal(err)
	}
	f, err := ReadNPY(bytes.NewReader(buf.Bytes()), F32)
	if err != nil {
		t.Fatalf("bf16 should be written as float32: %v", err)
	}
	if got := f.Float64s(); !slices.Equal(got, []float64{1, -0.5, 3.140625}) {
		t.Errorf("float32 values %v", got)
	}
	buf.Reset()
	if err := WriteNPYRaw16(&buf, x); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "'descr': '<u2'") {
		t.Errorf("raw bf16 header: %q", buf.String()[:64])
	}
}

// TestSeveralArraysInOneStream: np.save called twice on one open file.
func TestSeveralArraysInOneStream(t *testing.T) {
	var buf bytes.Buffer
	a, b := sample(F32, 2, 2), sample(I64, 3)
	WriteNPY(&buf, a)
	WriteNPY(&buf, b)
	ra, err1 := ReadNPY(&buf, F32)
	rb, err2 := ReadNPY(&buf, I64)
	if err1 != nil || err2 != nil || !bytes.Equal(ra.Data, a.Data) || !bytes.Equal(rb.Data, b.Data) {
		t.Errorf("two arrays in one stream: %v %v", err1, err2)
	}
}

// TestNPYIOReadsOurFiles cross-checks our writer with npyio's own reader,
// which supports 1-D arrays of the native types.
func TestNPYIOReadsOurFiles(t *testing.T) {
	var buf bytes.Buffer
	x, _ := FromFloat64s(F32, []int64{4}, []float64{1.5, -2, 0, 1e-3})
	WriteNPY(&buf, x)
	var f []float32
	if err := npyio.Read(&buf, &f); err != nil {
		t.Fatal(err)
	}
	for i, v := range f {
		if float64(v) != x.Float64(i) {
			t.Errorf("npyio read %v at %d, want %v", v, i, x.Float64(i))
		}
	}
	buf.Reset()
	y, _ := FromInt64s(I64, []int64{3}, []int64{math.MinInt64, 5, math.MaxInt64})
	WriteNPY(&buf, y)
	var n []int64
	if err := npyio.Read(&buf, &n); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(n, []int64{math.MinInt64, 5, math.MaxInt64}) {
		t.Errorf("npyio read %v", n)
	}
}

// TestNumpyReadsOurFiles has Debian's numpy load what we write, every
// dtype, and print it back. It skips where numpy is not installed.
func TestNumpyReadsOurFiles(t *testing.T) {
	py := "/usr/bin/python3"
	if err := exec.Command(py, "-c", "import numpy").Run(); err != nil {
		t.Skipf("needs %s with numpy (apt-get install python3-numpy): %v", py, err)
	}
	dir := t.TempDir()
	want := map[string]any{}
	for _, dt := range DTypes {
		x := sample(dt, 2, 3)
		if err := WriteNPYFile(filepath.Join(dir, dt.String()+".npy"), x); err != nil {
			t.Fatal(err)
		}
		want[dt.String()] = x.Float64s()
	}
	script := `
import json, sys, os, numpy as np
out = {}
for f in sorted(os.listdir(sys.argv[1])):
    a = np.load(os.path.join(sys.argv[1], f))
    assert a.shape == (2, 3), (f, a.shape)
    out[f[:-4]] = [float(v) for v in a.ravel()]
print(json.dumps(out))
`
	out, err := exec.Command(py, "-c", script, dir).CombinedOutput()
	if err != nil {
		t.Fatalf("numpy could not load our files: %v\n%s", err, out)
	}
	var got map[string][]float64
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	for name, w := range want {
		if !slices.Equal(got[name], w.([]float64)) {
			t.Errorf("numpy read %s as %v, want %v", name, got[name], w)
		}
	}
}

// npyFile builds a .npy file with the given header dictionary and payload
// (version 1.0, padded as numpy pads).
func npyFile(dict string, payload []byte) []byte {
	var b bytes.Buffer
	b.Write(npyio.Magic[:])
	b.Write([]byte{1, 0})
	h := dict + strings.Repeat(" ", 64-(10+len(dict)+1)%64) + "\n"
	binary.Write(&b, binary.LittleEndian, uint16(len(h)))
	b.WriteString(h)
	b.Write(payload)
	return b.Bytes()
}

func TestReadDTypeMismatch(t *testing.T) {
	for _, c := range []struct {
		file string
		want DType
		msgs []string
	}{
		{"i64_2x2.npy", F32, []string{"testdata/i64_2x2.npy: dtype mismatch", "int64 ('<i8')", "expected f32", "'<f4'"}},
		{"f32_2x3.npy", F64, []string{"float32 ('<f4')", "expected f64"}},
		{"f32_2x3.npy", I32, []string{"float32 ('<f4')", "expected i32", "'<i4'"}},
		{"f16_2x3.npy", F32, []string{"float16 ('<f2')", "expected f32"}},
		{"f16_2x3.npy", BF16, []string{"float16 ('<f2')", "expected bf16", "ml_dtypes"}},
		{"bf16_u2_2x3.npy", F16, []string{"uint16 ('<u2')", "expected f16", "'<f2' (float16) or '<f4'"}},
		{"bf16_v2_2x3.npy", F32, []string{"2-byte raw (void) ('<V2')", "expected f32"}},
		{"f64_fortran_2x3x4.npy", BF16, []string{"float64 ('<f8')", "expected bf16"}},
		{"u8_3.npy", I8, []string{"uint8 ('|u1')", "expected i8", "'|i1'"}},
		{"bool_5.npy", U8, []string{"bool ('|b1')", "expected ui8"}},
		{"f32_be_2x2.npy", F64, []string{"big-endian float32 ('>f4')"}},
	} {
		_, err := ReadNPYFile(filepath.Join("testdata", c.file), c.want)
		if err == nil || !errors.Is(err, ErrDTypeMismatch) {
			t.Errorf("%s as %v: want a dtype mismatch, got %v", c.file, c.want, err)
			continue
		}
		for _, m := range c.msgs {
			if !strings.Contains(err.Error(), m) {
				t.Errorf("%s as %v: error %q does not mention %q", c.file, c.want, err, m)
			}
		}
	}
	// Element types torchlower has no dtype for.
	for _, descr := range []string{"<c8", "<U3", "|O", "<u4", "<M8"} {
		_, err := ReadNPY(bytes.NewReader(npyFile("{'descr': '"+descr+"', 'fortran_order': False, 'shape': (1,), }", make([]byte, 16))), F32)
		if !errors.Is(err, ErrDTypeMismatch) || !strings.Contains(err.Error(), descr) {
			t.Errorf("descr %s: %v", descr, err)
		}
	}
	if _, err := ReadNPY(bytes.NewReader(nil), Invalid); err == nil {
		t.Error("reading as the invalid dtype must fail")
	}
}

func TestReadMalformed(t *testing.T) {
	valid, err := os.ReadFile("testdata/f32_2x3.npy")
	if err != nil {
		t.Fatal(err)
	}
	hdrLen := len(valid) - 24
	// Every truncation of a valid file is an error, never a panic or a
	// short tensor.
	for n := 0; n < len(valid); n++ {
		_, err := ReadNPY(bytes.NewReader(valid[:n]), F32)
		if !errors.Is(err, ErrMalformedNPY) {
			t.Fatalf("file cut to %d bytes: %v", n, err)
		}
		if n > hdrLen && !strings.Contains(err.Error(), fmt.Sprintf("shape [2, 3] of float32 ('<f4'), 24 bytes, but only %d follow", n-hdrLen)) {
			t.Errorf("truncated payload message: %v", err)
		}
	}
	// The file name is in the message.
	path := filepath.Join(t.TempDir(), "cut.npy")
	os.WriteFile(path, valid[:len(valid)-1], 0o644)
	if _, err := ReadNPYFile(path, F32); err == nil || !strings.HasPrefix(err.Error(), path+": malformed .npy file: truncated data") {
		t.Errorf("truncated file: %v", err)
	}

	big := func(major byte, hlen uint32) []byte {
		b := append([]byte{}, npyio.Magic[:]...)
		b = append(b, major, 0)
		return binary.LittleEndian.AppendUint32(b, hlen)
	}
	for name, c := range map[string]struct {
		data []byte
		msg  string
	}{
		"empty":          {nil, "too short"},
		"not npy":        {[]byte("PK\x03\x04 a zip file, say an .npz"), "not a .npy file"},
		"version 9":      {append(append([]byte{}, npyio.Magic[:]...), 9, 0, 0, 0), "unsupported .npy format version 9.0"},
		"huge header":    {big(2, 0xffffffff), "header length 4294967295 exceeds"},
		"short header":   {big(3, 100), "truncated header"},
		"no dict":        {npyFile("hello", nil), "cannot parse header"},
		"keys reordered": {npyFile("{'shape': (2,), 'fortran_order': False, 'descr': '<f4', }", make([]byte, 8)), "in that order"},
		"bad order":      {npyFile("{'descr': '<f4', 'fortran_order': Maybe, 'shape': (2,), }", make([]byte, 8)), "fortran_order"},
		"bad dim":        {npyFile("{'descr': '<f4', 'fortran_order': False, 'shape': (2, x), }", make([]byte, 8)), "cannot parse header"},
		"negative dim":   {npyFile("{'descr': '<f4', 'fortran_order': False, 'shape': (-2,), }", nil), "negative dimension"},
		"overflow":       {npyFile("{'descr': '<f4', 'fortran_order': False, 'shape': (4611686018427387904, 4611686018427387904), }", nil), "too many elements"},
		"too big bytes":  {npyFile("{'descr': '<f4', 'fortran_order': False, 'shape': (4611686018427387904,), }", nil), "do not fit in memory"},
		"terabyte claim": {npyFile("{'descr': '<f4', 'fortran_order': False, 'shape': (1099511627776,), }", make([]byte, 12)), "but only 12 follow"},
		"bad descr":      {npyFile("{'descr': 'f', 'fortran_order': False, 'shape': (1,), }", nil), "not a NumPy type string"},
		"structured":     {npyFile("{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (1,), }", nil), "header"},
	} {
		_, err := ReadNPY(bytes.NewReader(c.data), F32)
		if !errors.Is(err, ErrMalformedNPY) || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: want a malformed-file error mentioning %q, got %v", name, c.msg, err)
		}
	}
}

// TestReadLenientHeaders: things numpy itself accepts.
func TestReadLenientHeaders(t *testing.T) {
	payload := make([]byte, 8)
	le.PutUint32(payload, math.Float32bits(1.5))
	le.PutUint32(payload[4:], math.Float32bits(-2))
	for name, data := range map[string][]byte{
		"no padding, no newline": func() []byte {
			d := "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }"
			b := append(append([]byte{}, npyio.Magic[:]...), 1, 0, byte(len(d)), 0)
			return append(append(b, d...), payload...)
		}(),
		"version 2.0": func() []byte {
			b := npyFile("{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }", payload)
			// Re-encode the length as 2.0's uint32.
			hl := binary.LittleEndian.Uint16(b[8:])
			out := append([]byte{}, b[:6]...)
			out = append(out, 2, 0)
			out = binary.LittleEndian.AppendUint32(out, uint32(hl))
			return append(out, b[10:]...)
		}(),
		"native order '='":  npyFile("{'descr': '=f4', 'fortran_order': False, 'shape': (2,), }", payload),
		"extra spaces":      npyFile("{'descr':  '<f4',  'fortran_order':   False, 'shape': ( 2 , ), }", payload),
		"no spaces":         npyFile("{'descr':'<f4','fortran_order':False,'shape':(2,),}", payload),
		"newlines, tabs":    npyFile("{'descr': '<f4',\n\t'fortran_order': False,\n\t'shape': (2,)\n}", payload),
		"no trailing comma": npyFile("{'descr': '<f4', 'fortran_order': False, 'shape': (2,)}", payload),
		"double quotes":     npyFile(`{"descr": "<f4", "fortran_order": False, "shape": (2,), }`, payload),
	} {
		x, err := ReadNPY(bytes.NewReader(data), F32)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if got := x.Float64s(); !slices.Equal(got, []float64{1.5, -2}) || !slices.Equal(x.Shape, []int64{2}) {
			t.Errorf("%s: read %v%v", name, x.Shape, got)
		}
	}
}

func TestBoolNormalized(t *testing.T) {
	x, err := ReadNPY(bytes.NewReader(npyFile("{'descr': '|b1', 'fortran_order': False, 'shape': (3,), }", []byte{0, 1, 7})), Bool)
	if err != nil || !bytes.Equal(x.Data, []byte{0, 1, 1}) {
		t.Errorf("bool bytes %v, %v; want 0 1 1", x.Data, err)
	}
}

func TestFortranToC(t *testing.T) {
	// A 2x3x2 int16 array in Fortran order: element (i,j,k) = 100i+10j+k at
	// offset i + 2j + 6k.
	shape := []int64{2, 3, 2}
	src := make([]byte, 24)
	for i := range 2 {
		for j := range 3 {
			for k := range 2 {
				le.PutUint16(src[2*(i+2*j+6*k):], uint16(100*i+10*j+k))
			}
		}
	}
	x, err := ReadNPY(bytes.NewReader(npyFile("{'descr': '<i2', 'fortran_order': True, 'shape': (2, 3, 2), }", src)), I16)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for i := range 2 {
		for j := range 3 {
			for k := range 2 {
				if got := x.Int64(n); got != int64(100*i+10*j+k) {
					t.Errorf("(%d,%d,%d) = %d", i, j, k, got)
				}
				n++
			}
		}
	}
	if !slices.Equal(x.Shape, shape) {
		t.Errorf("shape %v", x.Shape)
	}
}

func TestWriteRejectsBadTensors(t *testing.T) {
	var buf bytes.Buffer
	for name, x := range map[string]*Tensor{
		"nil":        nil,
		"short data": {DType: F32, Shape: []int64{2}, Data: make([]byte, 4)},
		"no dtype":   {Shape: []int64{1}, Data: make([]byte, 4)},
		"neg shape":  {DType: I8, Shape: []int64{-1}},
	} {
		if err := WriteNPY(&buf, x); err == nil || !strings.HasPrefix(err.Error(), "runtime: cannot write .npy") {
			t.Errorf("%s: %v", name, err)
		}
	}
	if buf.Len() != 0 {
		t.Error("nothing should be written for a bad tensor")
	}
	if err := WriteNPYFile(filepath.Join(t.TempDir(), "no", "such", "dir.npy"), New(F32)); err == nil {
		t.Error("writing into a missing directory should fail")
	}
}

// FuzzReadNPY: no input makes ReadNPY panic, and whatever it accepts is a
// well-formed tensor.
func FuzzReadNPY(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.npy")
	for _, p := range files {
		if b, err := os.ReadFile(p); err == nil && len(b) < 1024 {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, dt := range []DType{F32, BF16, I64} {
			x, err := ReadNPY(bytes.NewReader(data), dt)
			if err != nil {
				if !errors.Is(err, ErrMalformedNPY) && !errors.Is(err, ErrDTypeMismatch) {
					t.Fatalf("error without a category: %v", err)
				}
				continue
			}
			if err := x.Validate(); err != nil {
				t.Fatalf("accepted a malformed tensor: %v", err)
			}
		}
	})
}

func TestLongGarbageHeaderMessageIsShort(t *testing.T) {
	_, err := ReadNPY(bytes.NewReader(npyFile(strings.Repeat("x", 60000), nil)), F32)
	if !errors.Is(err, ErrMalformedNPY) || len(err.Error()) > 500 {
		t.Errorf("error of %d bytes: %.100v", len(err.Error()), err)
	}
}
