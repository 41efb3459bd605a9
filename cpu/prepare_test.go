package cpu_test

import (
	"math"
	"os"
	"testing"

	"github.com/torchlower/torchlower/cpu"
	fn "github.com/torchlower/torchlower/dialect/func"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/asm"
	"github.com/torchlower/torchlower/runtime"
)

// TestSharedBodies runs generics whose bodies are twins, equal but for
// one detail (testdata/shared.mlir), through the lane programs and
// through the interpreter: a run compiles each distinct body once and
// shares it among its steps, so a body that took its twin's program
// would compute its twin's values. The lane programs of the run also
// take over each other's registers (laneStore): a stale constant would
// show too.
func TestSharedBodies(t *testing.T) {
	// 256 elements: enough for the lane programs, which are shared too.
	const n = 256
	xs := seq(n, func(e int) float64 { return float64(e%23-11) * 0.37 })
	f32 := func(v float64) float64 { return float64(float32(v)) }
	x := tensorOf(t, runtime.F32, []int64{n}, xs)
	y := tensorOf(t, runtime.F64, []int64{n}, xs)
	is := make([]int64, n)
	for e := range is {
		is[e] = []int64{-3, 0, 1, 1 << 30, math.MaxInt32, math.MinInt32}[e%6] + int64(e/6)
	}
	i, err := runtime.FromInt64s(runtime.I32, []int64{n}, is)
	if err != nil {
		t.Fatal(err)
	}
	j, err := runtime.FromInt64s(runtime.I64, []int64{n}, is)
	if err != nil {
		t.Fatal(err)
	}
	b, err := runtime.FromInt64s(runtime.I8, []int64{n}, seqInts(n, func(e int) int64 { return int64(int8(e * 37)) }))
	if err != nil {
		t.Fatal(err)
	}
	h, err := runtime.FromInt64s(runtime.I16, []int64{n}, seqInts(n, func(e int) int64 { return int64(int8(e * 37)) }))
	if err != nil {
		t.Fatal(err)
	}
	m := tensorOf(t, runtime.F32, []int64{2, 3}, xs[:6])
	zs := append(append([]float64{}, xs...), 4.1)
	z := tensorOf(t, runtime.F32, []int64{n + 1}, zs)
	// want[r](e) is result r's element e.
	x32 := func(e int) float64 { return f32(xs[e]) }
	tenth, three := f32(0.1), f32(0.3)
	want := []func(e int) float64{
		func(e int) float64 { return f32(x32(e) * tenth) },
		func(e int) float64 { return xs[e] * 0.1 },
		func(e int) float64 { return f32(x32(e) * three) },
		func(e int) float64 { return max(x32(e), 0) },
		func(e int) float64 { return min(x32(e), 0) },
		func(e int) float64 { return float64(int32(is[e]) + int32(is[e])) },
		func(e int) float64 { return float64(is[e] + is[e]) },
		func(e int) float64 { return f32(x32(e) - f32(x32(e)*tenth)) },
		func(e int) float64 { return f32(f32(x32(e)*three) - x32(e)) },
		func(e int) float64 { return f32(tenth * x32(e)) },
		func(e int) float64 { return f32(x32(e) + float64(e/3)) },
		func(e int) float64 { return f32(x32(e) + float64(e%3)) },
		func(e int) float64 { return f32(f32(zs[e]) * tenth) },
		func(e int) float64 { return f32(three * x32(e)) },
		func(e int) float64 { return float64(uint8(int8(e * 37))) },
		func(e int) float64 { return float64(uint16(int8(e * 37))) },
	}
	for _, fast := range []bool{true, false} {
		prev := cpu.SetFastContractions(fast)
		out := runFile(t, "testdata/shared.mlir", "twins", x, y, i, j, m, z, b, h)
		cpu.SetFastContractions(prev)
		if len(out) != len(want) {
			t.Fatalf("%d results, want %d", len(out), len(want))
		}
		for r, w := range want {
			for e := 0; e < out[r].NumElements(); e++ {
				got := out[r].Float64(e)
				if !out[r].DType.IsFloat() {
					got = float64(out[r].Int64(e))
				}
				if got != w(e) {
					t.Errorf("fast path %v: result %d element %d: got %v, want %v", fast, r, e, got, w(e))
				}
			}
		}
	}
}

// TestSharedBodiesCaptures runs two bodies that differ only in the tensor
// they read with tensor.extract: such bodies are compiled per step.
func TestSharedBodiesCaptures(t *testing.T) {
	xs := []float64{1, 2, 3, 4}
	x := tensorOf(t, runtime.F32, []int64{4}, xs)
	s := tensorOf(t, runtime.F32, []int64{1}, []float64{2})
	u := tensorOf(t, runtime.F32, []int64{1}, []float64{-5})
	out := runFile(t, "testdata/shared.mlir", "captures", x, s, u)
	for e, v := range xs {
		if got := out[0].Float64(e); got != 2*v {
			t.Errorf("x * s[0], element %d: got %v, want %v", e, got, 2*v)
		}
		if got := out[1].Float64(e); got != -5*v {
			t.Errorf("x * t[0], element %d: got %v, want %v", e, got, -5*v)
		}
	}
}

func seqInts(n int, f func(e int) int64) []int64 {
	v := make([]int64, n)
	for e := range v {
		v[e] = f(e)
	}
	return v
}

// TestSameBody compares every pair of @twins' generics: only the first
// and the last (one body over 256 and over 257 elements) are the same.
func TestSameBody(t *testing.T) {
	src, err := os.ReadFile("testdata/shared.mlir")
	if err != nil {
		t.Fatal(err)
	}
	m, err := asm.Parse(newContext(), string(src), asm.Options{FileName: "testdata/shared.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	var twins *ir.Operation
	for f := ir.Body(m).First(); f != nil; f = f.Next() {
		if fn.Name(f) == "twins" {
			twins = f
		}
	}
	var gs []*ir.Operation
	for o := fn.Body(twins).First(); o != nil; o = o.Next() {
		if o.Name == linalg.Generic {
			gs = append(gs, o)
		}
	}
	if len(gs) != 16 {
		t.Fatalf("@twins has %d generics, want 16", len(gs))
	}
	for a := range gs {
		for b := range gs {
			same := a == b || a == 0 && b == 12 || a == 12 && b == 0
			if got := cpu.SameBody(gs[a], gs[b]); got != same {
				t.Errorf("SameBody(generic %d, generic %d) = %v, want %v", a, b, got, same)
			}
		}
	}
}

// TestSharedPrograms checks that a run compiles equal bodies once: of
// @twins' 16 generics only two share a program.
func TestSharedPrograms(t *testing.T) {
	generics, programs, err := cpu.SharedPrograms(buildFile(t, "testdata/shared.mlir", "twins"))
	if err != nil {
		t.Fatal(err)
	}
	if generics != 16 || programs != 15 {
		t.Errorf("%d generic steps with %d programs, want 16 with 15", generics, programs)
	}
}
