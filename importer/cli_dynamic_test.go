package importer_test

import (
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/importer"
	"github.com/torchlower/torchlower/runtime"
)

// TestRunDynamicArchive runs a Linear exported with a dynamic batch s0.
// compile, which has no inputs, cannot compile it as it is (torchlower
// compiles static shapes) and says how to bind s0; run binds it from its
// input's rows, and its result is x·Wᵀ + b flattened, computed here from
// the archive's own weights (--dim s0=6 and --params=args give the same).
// Sizes out of the exported range, or failing the program's assertions,
// are errors that say so; compile and import --check-support take --dim.
func TestRunDynamicArchive(t *testing.T) {
	dir := t.TempDir()
	b, err := importer.DynamicArchive()
	if err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(dir, "model.pt2")
	if err := os.WriteFile(in, b, 0o644); err != nil {
		t.Fatal(err)
	}
	x := runtime.New(runtime.F32, 6, 4)
	for j := 0; j < x.NumElements(); j++ {
		x.SetFloat64(j, float64(j%7)/4-0.75)
	}
	xp := filepath.Join(dir, "x.npy")
	if err := runtime.WriteNPYFile(xp, x); err != nil {
		t.Fatal(err)
	}

	// compile has no inputs to take the batch from: it says how to bind it.
	_, errOut, code := runCLI("compile", in, "-o", filepath.Join(dir, "dyn.tlm"))
	if code != 1 || !strings.Contains(errOut, "only static shapes are supported") ||
		!strings.Contains(errOut, "note: "+in+" was exported with dynamic shapes (2 <= s0 <= 64); torchlower compiles static shapes: bind each symbol to the size to compile for, e.g. --dim s0=N") {
		t.Fatalf("compile without --dim exited %d:\n%s", code, errOut)
	}

	// run binds s0 from x's 6 rows; --dim says the same explicitly.
	r, r2 := filepath.Join(dir, "r.npy"), filepath.Join(dir, "r2.npy")
	if _, errOut, code := runCLI("run", in, "--input=@"+xp, "--output=@"+r); code != 0 {
		t.Fatalf("run exited %d: %s", code, errOut)
	}
	if _, errOut, code := runCLI("run", in, "--dim", "s0=6", "--params=args", "--input=@"+xp, "--output=@"+r2); code != 0 {
		t.Fatalf("run --dim s0=6 --params=args exited %d: %s", code, errOut)
	}
	got, err := runtime.ReadNPYFile(r, runtime.F32)
	if err != nil {
		t.Fatal(err)
	}
	got2, err := runtime.ReadNPYFile(r2, runtime.F32)
	if err != nil {
		t.Fatal(err)
	}
	for j := 0; j < got.NumElements() && j < got2.NumElements(); j++ {
		if got.Float64(j) != got2.Float64(j) {
			t.Fatalf("element %d: %g from the inputs' sizes, %g with --dim", j, got.Float64(j), got2.Float64(j))
		}
	}
	a, err := importer.Open(in)
	if err != nil {
		t.Fatal(err)
	}
	p, err := a.Program("")
	if err != nil {
		t.Fatal(err)
	}
	weights := func(fqn string) []float32 {
		raw, err := p.Weights[fqn].Bytes()
		if err != nil {
			t.Fatal(err)
		}
		out := make([]float32, len(raw)/4)
		for i := range out {
			out[i] = math.Float32frombits(binary.LittleEndian.Uint32(raw[4*i:]))
		}
		return out
	}
	wt, bias := weights("fc.weight"), weights("fc.bias")
	if len(got.Shape) != 1 || got.Shape[0] != 18 {
		t.Fatalf("result shape %v, want [18]", got.Shape)
	}
	for i := 0; i < 6; i++ {
		for o := 0; o < 3; o++ {
			want := float64(bias[o])
			for k := 0; k < 4; k++ {
				want += x.Float64(i*4+k) * float64(wt[o*4+k])
			}
			if d := math.Abs(got.Float64(i*3+o) - want); d > 1e-5 {
				t.Errorf("result[%d] = %g, want %g", i*3+o, got.Float64(i*3+o), want)
			}
		}
	}

	// 7 rows: in range, but the program asserts an even batch. 1 row: out
	// of range. --dim 4 with 6 rows: a shape mismatch.
	odd := runtime.New(runtime.F32, 7, 4)
	oddp := filepath.Join(dir, "odd.npy")
	if err := runtime.WriteNPYFile(oddp, odd); err != nil {
		t.Fatal(err)
	}
	if _, errOut, code := runCLI("run", in, "--input=@"+oddp); code != 1 ||
		!strings.Contains(errOut, "runtime assertion fails for s0=7: Runtime assertion failed for expression Eq(Mod(s0, 2), 0)") {
		t.Errorf("run on 7 rows exited %d: %s", code, errOut)
	}
	one := runtime.New(runtime.F32, 1, 4)
	onep := filepath.Join(dir, "one.npy")
	if err := runtime.WriteNPYFile(onep, one); err != nil {
		t.Fatal(err)
	}
	if _, errOut, code := runCLI("run", in, "--input=@"+onep); code != 1 ||
		!strings.Contains(errOut, "s0=1 is outside the range the program was exported for: 2 <= s0 <= 64") {
		t.Errorf("run on 1 row exited %d: %s", code, errOut)
	}
	if _, errOut, code := runCLI("run", in, "--dim", "s0=4", "--input=@"+xp); code == 0 || !strings.Contains(errOut, "shape") {
		t.Errorf("run --dim s0=4 on 6 rows exited %d: %s", code, errOut)
	}
	if _, errOut, code := runCLI("compile", in, "--dim", "s0=4", "-o", filepath.Join(dir, "m.tlm")); code != 0 {
		t.Errorf("compile --dim s0=4 exited %d: %s", code, errOut)
	}
	if out, _, code := runCLI("import", in, "--check-support", "--dim", "s0=2"); code != 0 || !strings.Contains(out, "aten ops lower to linalg") {
		t.Errorf("import --check-support --dim s0=2 exited %d: %s", code, out)
	}
}

// TestRunDynamicPair: two inputs of one dynamic batch run when their
// sizes agree and are refused, naming both, when they do not.
func TestRunDynamicPair(t *testing.T) {
	dir := t.TempDir()
	b, err := importer.DynamicPairArchive()
	if err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(dir, "pair.pt2")
	if err := os.WriteFile(in, b, 0o644); err != nil {
		t.Fatal(err)
	}
	write := func(name string, rows int64, v float64) string {
		x := runtime.New(runtime.F32, rows, 4)
		for j := 0; j < x.NumElements(); j++ {
			x.SetFloat64(j, v)
		}
		p := filepath.Join(dir, name)
		if err := runtime.WriteNPYFile(p, x); err != nil {
			t.Fatal(err)
		}
		return p
	}
	x3, y3, y5 := write("x3.npy", 3, 1.5), write("y3.npy", 3, 2), write("y5.npy", 5, 2)
	r := filepath.Join(dir, "r.npy")
	if _, errOut, code := runCLI("run", in, "--input=@"+x3, "--input=@"+y3, "--output=@"+r); code != 0 {
		t.Fatalf("run on 3 and 3 rows exited %d: %s", code, errOut)
	}
	got, err := runtime.ReadNPYFile(r, runtime.F32)
	if err != nil {
		t.Fatal(err)
	}
	if got.NumElements() != 12 || got.Float64(11) != 3.5 {
		t.Errorf("x + y = %v, want 12 elements of 3.5", got.Shape)
	}
	_, errOut, code := runCLI("run", in, "--input=@"+x3, "--input=@"+y5)
	if code != 1 || !strings.Contains(errOut, "input 1 dim 0 is 5, but the program says it is 3 (s0 from input 0 dim 0)") {
		t.Errorf("run on 3 and 5 rows exited %d: %s", code, errOut)
	}
}

// TestRunDynamicDerived: run binds s0 from an input whose dim is 2*s0 (6
// rows: s0 = 3); an odd size has no s0, and run says so.
func TestRunDynamicDerived(t *testing.T) {
	dir := t.TempDir()
	b, err := importer.DynamicDerivedArchive()
	if err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(dir, "derived.pt2")
	if err := os.WriteFile(in, b, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, rows := range []int64{6, 5} {
		x := runtime.New(runtime.F32, rows, 4)
		for j := 0; j < x.NumElements(); j++ {
			x.SetFloat64(j, float64(j))
		}
		xp := filepath.Join(dir, "x.npy")
		if err := runtime.WriteNPYFile(xp, x); err != nil {
			t.Fatal(err)
		}
		r := filepath.Join(dir, "r.npy")
		_, errOut, code := runCLI("run", in, "--input=@"+xp, "--output=@"+r)
		if rows == 5 {
			if code != 1 || !strings.Contains(errOut, "input 0 dim 0 is 5, but the program's size there is Mul(Integer(2), Symbol('s0', integer=True, positive=True)), which no integer s0 gives") {
				t.Errorf("run on 5 rows exited %d: %s", code, errOut)
			}
			continue
		}
		if code != 0 {
			t.Fatalf("run on 6 rows exited %d: %s", code, errOut)
		}
		got, err := runtime.ReadNPYFile(r, runtime.F32)
		if err != nil {
			t.Fatal(err)
		}
		if got.NumElements() != 24 || got.Float64(23) != 46 {
			t.Errorf("x + x = %v, last %g; want 24 elements, last 46", got.Shape, got.Float64(got.NumElements()-1))
		}
	}
}
