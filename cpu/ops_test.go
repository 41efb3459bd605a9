package cpu_test

import (
	"math"
	"os"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/cpu"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/asm"
	"github.com/torchlower/torchlower/plan"
	"github.com/torchlower/torchlower/runtime"
)

// parseFile parses the MLIR file at path.
func parseFile(t testing.TB, path string) *ir.Operation {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m, err := asm.Parse(newContext(), string(src), asm.Options{FileName: path})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func runFile(t *testing.T, path, fn string, args ...*runtime.Tensor) []*runtime.Tensor {
	t.Helper()
	m := parseFile(t, path)
	p, err := plan.Build(m, fn)
	if err != nil {
		t.Fatal(err)
	}
	out, err := cpu.Run(p, args)
	if err != nil {
		t.Fatalf("%v\n%s", err, p)
	}
	return out
}

func seq(n int, f func(i int) float64) []float64 {
	v := make([]float64, n)
	for i := range v {
		v[i] = f(i)
	}
	return v
}

func tensorOf(t testing.TB, dt runtime.DType, shape []int64, vs []float64) *runtime.Tensor {
	x, err := runtime.FromFloat64s(dt, shape, vs)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

func TestElementwise(t *testing.T) {
	xs := seq(15, func(i int) float64 { return float64(i-7) * 0.37 })
	out := runFile(t, "testdata/ops.mlir", "elementwise", tensorOf(t, runtime.F32, []int64{3, 5}, xs))
	for i, x := range xs {
		x32 := float64(float32(x))
		want := float64(float32(max(x32, 0) + float64(float32(float64(float32(math.Exp(x32)))*0.5))))
		if got := out[0].Float64(i); got != want {
			t.Errorf("element %d: got %v, want %v", i, got, want)
		}
	}
}

// maxf and minf as MLIR defines them (NaN in, NaN out, even against an
// infinity; -0 < +0), on the interpreter: math.Max(+Inf, NaN) is +Inf.
func TestMaxMinNaN(t *testing.T) {
	inf, nan, negZero := math.Inf(1), math.NaN(), math.Copysign(0, -1)
	xs := []float64{inf, nan, math.Inf(-1), nan, negZero, 0, 1, nan}
	ys := []float64{nan, inf, nan, math.Inf(-1), 0, negZero, 2, nan}
	out := runFile(t, "testdata/ops.mlir", "max_min", tensorOf(t, runtime.F32, []int64{8}, xs), tensorOf(t, runtime.F32, []int64{8}, ys))
	for i := range xs {
		wantMax, wantMin := max(xs[i], ys[i]), min(xs[i], ys[i])
		gotMax, gotMin := out[0].Float64(i), out[1].Float64(i)
		if !sameFloat(gotMax, wantMax) || !sameFloat(gotMin, wantMin) {
			t.Errorf("max/min(%v, %v) = %v, %v; want %v, %v", xs[i], ys[i], gotMax, gotMin, wantMax, wantMin)
		}
	}
}

// sameFloat is equality that tells -0 from +0 and takes NaN as NaN.
func sameFloat(a, b float64) bool {
	return math.IsNaN(a) && math.IsNaN(b) || a == b && math.Signbit(a) == math.Signbit(b)
}

func TestReduceF16(t *testing.T) {
	xs := seq(24, func(i int) float64 { return float64(i)*0.1 + 0.013 })
	x := tensorOf(t, runtime.F16, []int64{4, 6}, xs)
	out := runFile(t, "testdata/ops.mlir", "reduce_f16", x)
	for r := 0; r < 4; r++ {
		var s float32
		for c := 0; c < 6; c++ {
			s += float32(x.Float64(r*6 + c))
		}
		want := float64(runtime.F16ToFloat32(runtime.F16FromFloat32(s)))
		if got := out[0].Float64(r); got != want {
			t.Errorf("sum %d: got %v, want %v", r, got, want)
		}
		for c := 0; c < 6; c++ {
			if got, want := out[1].Float64(c*4+r), x.Float64(r*6+c); got != want {
				t.Errorf("transpose [%d,%d]: got %v, want %v", c, r, got, want)
			}
			b := int64(r*10 + c)
			if got, want := out[2].Int64(r*6+c), b-b%3; got != want {
				t.Errorf("index [%d,%d]: got %v, want %v", r, c, got, want)
			}
		}
	}
}

func TestGather(t *testing.T) {
	table := tensorOf(t, runtime.F32, []int64{5}, []float64{10, 11, 12, 13, 14})
	idx, err := runtime.FromInt64s(runtime.I64, []int64{3}, []int64{4, 0, 2})
	if err != nil {
		t.Fatal(err)
	}
	out := runFile(t, "testdata/ops.mlir", "gather", table, idx)
	for i, want := range []float64{14, 10, 12} {
		if got := out[0].Float64(i); got != want {
			t.Errorf("element %d: got %v, want %v", i, got, want)
		}
	}
	// An index out of range is an error naming the op, not a crash.
	bad, _ := runtime.FromInt64s(runtime.I64, []int64{3}, []int64{4, 5, 2})
	src, _ := os.ReadFile("testdata/ops.mlir")
	m, _ := asm.Parse(newContext(), string(src), asm.Options{})
	p, _ := plan.Build(m, "gather")
	if _, err := cpu.Run(p, []*runtime.Tensor{table, bad}); err == nil || !strings.Contains(err.Error(), "out of range") {
		t.Errorf("out-of-range gather: error %v", err)
	}
}

func TestMatmulParallel(t *testing.T) {
	a := tensorOf(t, runtime.F32, []int64{64, 48}, seq(64*48, func(i int) float64 { return math.Sin(float64(i)) }))
	b := tensorOf(t, runtime.F32, []int64{48, 80}, seq(48*80, func(i int) float64 { return math.Cos(float64(i)) }))
	out := runFile(t, "testdata/ops.mlir", "matmul", a, b)
	for i := 0; i < 64; i++ {
		for j := 0; j < 80; j++ {
			var s float32
			for k := 0; k < 48; k++ {
				s += float32(a.Float64(i*48+k)) * float32(b.Float64(k*80+j))
			}
			if got := out[0].Float64(i*80 + j); got != float64(s) {
				t.Fatalf("[%d,%d]: got %v, want %v", i, j, got, s)
			}
		}
	}
}

func TestConstants(t *testing.T) {
	out := runFile(t, "testdata/ops.mlir", "constants")
	if got := out[0].Float64s(); !equal(got, []float64{1, 2, 3, 4}) {
		t.Errorf("dense: %v", got)
	}
	if got := out[1].Float64s(); !equal(got, []float64{7, 7, 7}) {
		t.Errorf("splat: %v", got)
	}
}

func equal(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestBadArguments(t *testing.T) {
	src, _ := os.ReadFile("testdata/ops.mlir")
	m, _ := asm.Parse(newContext(), string(src), asm.Options{})
	p, err := plan.Build(m, "elementwise")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []*runtime.Tensor
		want string
	}{
		{nil, "takes 1 arguments, got 0"},
		{[]*runtime.Tensor{runtime.New(runtime.F64, 3, 5)}, "argument 0 has dtype f64"},
		{[]*runtime.Tensor{runtime.New(runtime.F32, 5, 3)}, "argument 0 has shape"},
		{[]*runtime.Tensor{{DType: runtime.F32, Shape: []int64{3, 5}, Data: make([]byte, 7)}}, "bytes of data"},
		{[]*runtime.Tensor{nil}, "argument 0 is nil"},
	} {
		if _, err := cpu.Run(p, c.args); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v, want %q", err, c.want)
		}
	}
	_ = ir.Dynamic
}
