package cpu_test

import (
	"math"
	"os"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/cpu"
	"github.com/torchlower/torchlower/ir/asm"
	"github.com/torchlower/torchlower/plan"
	"github.com/torchlower/torchlower/runtime"
)

func buildFile(t *testing.T, path, fn string) *plan.Plan {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m, err := asm.Parse(newContext(), string(src), asm.Options{FileName: path})
	if err != nil {
		t.Fatal(err)
	}
	p, err := plan.Build(m, fn)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestDecode runs a KV-cache decode step whose position is read at run
// time: the row at the position (negative ones wrap) is read through a
// dynamic extract_slice view and updated through a dynamic insert_slice
// into the cache, in place (no step copies the cache but the program's
// own copy of the read-only argument, the generic that yields it).
func TestDecode(t *testing.T) {
	p := buildFile(t, "testdata/decode.mlir", "decode")
	for _, s := range p.Steps {
		if s.Kind == plan.StepCopy && s.Inputs[0].NumElements() == 32 && s.Op.Name != "linalg.generic" {
			t.Errorf("the cache is copied:\n%s", p)
		}
	}
	cache := seq(32, func(i int) float64 { return float64(i) })
	upd := []float64{0.5, 1.5, 2.5, 3.5}
	for _, pos := range []int64{0, 3, 7, -1, -8} {
		row := pos
		if row < 0 {
			row += 8
		}
		out, err := cpu.Run(p, []*runtime.Tensor{
			tensorOf(t, runtime.F32, []int64{8, 4}, cache),
			tensorOf(t, runtime.I64, []int64{1}, []float64{float64(pos)}),
			tensorOf(t, runtime.F32, []int64{1, 4}, upd),
		})
		if err != nil {
			t.Fatalf("pos %d: %v\n%s", pos, err, p)
		}
		for i := range 32 {
			want := cache[i]
			if int64(i/4) == row {
				want += upd[i%4]
			}
			if got := out[0].Float64(i); got != want {
				t.Errorf("pos %d: cache[%d] = %v, want %v", pos, i, got, want)
			}
		}
		for j := range 4 {
			if got, want := out[1].Float64(j), cache[int(row)*4+j]+upd[j]; got != want {
				t.Errorf("pos %d: sum[%d] = %v, want %v", pos, j, got, want)
			}
		}
	}
}

// TestDecodeOutOfRange: a run-time index outside the tensor is an error
// naming the offset, not a crash or a write outside the cache.
func TestDecodeOutOfRange(t *testing.T) {
	p := buildFile(t, "testdata/decode.mlir", "decode")
	for _, pos := range []int64{8, 9, -9, 1 << 40, -1 << 62} {
		out, err := cpu.Run(p, []*runtime.Tensor{
			tensorOf(t, runtime.F32, []int64{8, 4}, make([]float64, 32)),
			tensorOf(t, runtime.I64, []int64{1}, []float64{float64(pos)}),
			tensorOf(t, runtime.F32, []int64{1, 4}, make([]float64, 4)),
		})
		if err == nil || !strings.Contains(err.Error(), "out of range [0, 7]") {
			t.Errorf("pos %d: err %v (out %v), want a run-time offset out of range", pos, err, out)
		}
	}
}

func TestGatherTwice(t *testing.T) {
	p := buildFile(t, "testdata/decode.mlir", "gather2")
	x := tensorOf(t, runtime.F32, []int64{4, 3}, seq(12, func(i int) float64 { return float64(i) }))
	run := func(idx ...float64) ([]*runtime.Tensor, error) {
		return cpu.Run(p, []*runtime.Tensor{x, tensorOf(t, runtime.I64, []int64{2}, idx)})
	}
	out, err := run(3, 0)
	if err != nil {
		t.Fatal(err)
	}
	for j := range 3 {
		if got, want := out[0].Float64(j), float64(9+j); got != want {
			t.Errorf("row[%d] = %v, want %v", j, got, want)
		}
	}
	if _, err := run(0, 2); err == nil || !strings.Contains(err.Error(), "tensor.extract index 2 out of range [0, 2)") {
		t.Errorf("bad inner index: err %v", err)
	}
	if _, err := run(4, 0); err == nil || !strings.Contains(err.Error(), "out of range [0, 3]") {
		t.Errorf("bad row: err %v", err)
	}
}

// TestSunkScalars runs generics that read float scalars computed outside
// any region (a value read from a tensor, scaled; a fill of it; a scalar
// `ins` operand): the plan holds no scalar step for them.
func TestSunkScalars(t *testing.T) {
	x := tensorOf(t, runtime.F32, []int64{4}, []float64{1, 2, 3, 4})
	s := tensorOf(t, runtime.F32, []int64{1}, []float64{6})
	p := buildFile(t, "testdata/sunk_scalars.mlir", "scale")
	out, err := cpu.Run(p, []*runtime.Tensor{x, s})
	if err != nil {
		t.Fatalf("%v\n%s", err, p)
	}
	for i := range 4 {
		if got, want := out[0].Float64(i), float64(i+1)*1.5; got != want {
			t.Errorf("scale[%d] = %v, want %v", i, got, want)
		}
	}
	p = buildFile(t, "testdata/sunk_scalars.mlir", "fill_and_input")
	if strings.Contains(p.String(), ": scalar") {
		t.Errorf("a float scalar step remains:\n%s", p)
	}
	out, err = cpu.Run(p, []*runtime.Tensor{x, s})
	if err != nil {
		t.Fatalf("%v\n%s", err, p)
	}
	for i := range 4 {
		if got := out[0].Float64(i); got != 7 {
			t.Errorf("fill[%d] = %v, want 7", i, got)
		}
		if got, want := out[1].Float64(i), float64(i+1)+12; got != want {
			t.Errorf("z[%d] = %v, want %v", i, got, want)
		}
	}
}

// TestRsqrtRoundsTheSquareRoot: f32 math.rsqrt is float32(1 / float32(√x)),
// in lanes and in the interpreter, not the correctly rounded 1/√x, which
// differs from it for some inputs (the test checks it meets some).
func TestRsqrtRoundsTheSquareRoot(t *testing.T) {
	twoRoundings := func(x float64) float64 { return float64(float32(1 / float64(float32(math.Sqrt(x))))) }
	for _, fn := range []string{"rsqrt", "rsqrt_small"} {
		p := buildFile(t, "testdata/rsqrt.mlir", fn)
		n := p.Args[0].NumElements()
		xs := seq(int(n), func(i int) float64 { return float64(float32(0.5 + float64(i)*0.37)) })
		out, err := cpu.Run(p, []*runtime.Tensor{tensorOf(t, runtime.F32, []int64{n}, xs), tensorOf(t, runtime.F32, []int64{n}, make([]float64, n))})
		if err != nil {
			t.Fatal(err)
		}
		differs := 0
		for i, x := range xs {
			if got, want := out[0].Float64(i), twoRoundings(x); got != want {
				t.Fatalf("@%s: rsqrt(%v) = %v, want %v", fn, x, got, want)
			}
			if twoRoundings(x) != float64(float32(1/math.Sqrt(x))) {
				differs++
			}
		}
		if fn == "rsqrt" && differs == 0 {
			t.Errorf("no input where the two roundings differ from the correctly rounded result: the test checks nothing")
		}
	}
}
