package bench

import (
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/internal/jointnet"
	"github.com/torchlower/torchlower/plan"
	"github.com/torchlower/torchlower/runtime"
)

// TestCheckMatchesPyTorch: with Check, every smoke shape's results are
// compared with PyTorch's float64 ones on the same inputs, and match.
func TestCheckMatchesPyTorch(t *testing.T) {
	if err := exec.Command(DefaultPython, "-c", "import torch, numpy").Run(); err != nil {
		t.Skipf("%s cannot import torch and numpy (apt-get install python3-torch python3-numpy): %v", DefaultPython, err)
	}
	r, err := Run(smoke(t), Options{Reps: 1, Check: true})
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	r.Print(&sb)
	for _, row := range r.Rows {
		if row.CheckErr != "" || len(row.Mismatch) > 0 {
			t.Errorf("%s: not checked (%q) or mismatched %q", row.Shape.Name, row.CheckErr, row.Mismatch)
		}
	}
	if !strings.Contains(sb.String(), "  2 of 2 shapes checked match\n") || r.Mismatched() != 0 {
		t.Errorf("report:\n%s", sb.String())
	}
}

// TestCheckFindsMismatch: a reference that differs from torchlower's
// results (a stand-in script whose references are zeros) is reported per
// result, with where it differs, and counts as mismatched; a check that
// cannot be made says why.
func TestCheckFindsMismatch(t *testing.T) {
	if err := exec.Command(DefaultPython, "-c", "import numpy").Run(); err != nil {
		t.Skipf("%s cannot import numpy: %v", DefaultPython, err)
	}
	py := zeroReferencesPython(t)
	r, err := Run(smoke(t), Options{Reps: 1, Check: true, Python: py, Filter: regexp.MustCompile("3x3")})
	if err != nil {
		t.Fatal(err)
	}
	row := r.Rows[0]
	if len(row.Mismatch) != 1 || !strings.HasPrefix(row.Mismatch[0], "grad_input: mismatch at [") || r.Mismatched() != 1 {
		t.Fatalf("mismatches %q, want grad_input's", row.Mismatch)
	}
	var sb strings.Builder
	r.Print(&sb)
	if out := sb.String(); !strings.Contains(out, "  0 of 1 shapes checked match\n  "+row.Shape.Name+": grad_input: mismatch at [") {
		t.Errorf("report:\n%s", out)
	}

	if _, err := Run(smoke(t), Options{Reps: 1, Check: true, NoTorch: true}); err == nil || !strings.Contains(err.Error(), "--no-torch") {
		t.Errorf("Check with NoTorch: %v, want an error naming --no-torch", err)
	}
	if _, err := Run(smoke(t), Options{Reps: 1, Check: true, Python: filepath.Join(t.TempDir(), "python3")}); err == nil || !strings.Contains(err.Error(), "PyTorch is unavailable") {
		t.Errorf("Check without PyTorch: %v, want an error saying it is unavailable", err)
	}
}

// zeroReferencesPython stands in for the timing script: every shape
// takes 1 ms, and a check's references are zeros of each result's shape
// (grad_input like the input, grad_weight like the weight).
func zeroReferencesPython(t *testing.T) string {
	t.Helper()
	fake := filepath.Join(t.TempDir(), "fake.py")
	if err := os.WriteFile(fake, []byte(`import json, os, sys
import numpy as np
json.loads(sys.stdin.readline())
print(json.dumps({"torch": "9.9", "threads": 2}), flush=True)
for line in sys.stdin:
    s = json.loads(line)
    if not s.get("check"):
        print(json.dumps({"name": s["name"], "median_ms": 1.0, "best_ms": 1.0}), flush=True)
        continue
    d, n = s["check"], 0
    like = [np.load(os.path.join(d, "arg1.npy")), np.load(os.path.join(d, "arg2.npy"))]
    for i, m in enumerate(s["mask"][:2]):
        if m:
            np.save(os.path.join(d, "want%d.npy" % i), np.zeros_like(like[i]))
            n += 1
    print(json.dumps({"name": s["name"], "checked": n}), flush=True)
`), 0o644); err != nil {
		t.Fatal(err)
	}
	return fakePython(t, "exec "+DefaultPython+" "+fake+"\n")
}

// TestCheckAfterFault: with Check, the shape whose kernel faults and
// the shapes rerun in a new process (which has no PyTorch) say they were
// not checked, and none counts as a match.
func TestCheckAfterFault(t *testing.T) {
	if err := exec.Command(DefaultPython, "-c", "import numpy").Run(); err != nil {
		t.Skipf("%s cannot import numpy: %v", DefaultPython, err)
	}
	s := smoke(t)
	dy := firstArgShape(t, s.Shapes[0])
	fails := func(p *plan.Plan) bool { return fmt.Sprint(p.Args[0].Shape) == dy }
	rerun := func(shapes []Shape) ([]Row, error) {
		again := s
		again.Shapes = shapes
		r, err := Run(again, Options{Reps: 1, NoTorch: true, Device: &hostDevice{}, Kernels: 1})
		if err != nil {
			return nil, err
		}
		return r.Rows, nil
	}
	r, err := Run(s, Options{Reps: 1, Check: true, Python: zeroReferencesPython(t), Device: &faultingDevice{fails: fails}, Kernels: 1, Rerun: rerun})
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Rows[0].CheckErr; got != "it failed (under the table)" {
		t.Errorf("the faulting shape: not checked %q", got)
	}
	for _, row := range r.Rows[1:] {
		if row.Err != "" || row.CheckErr != "it ran in a new process after a kernel fault" {
			t.Errorf("%s: err %q, not checked %q", row.Shape.Name, row.Err, row.CheckErr)
		}
	}
	var sb strings.Builder
	r.Print(&sb)
	if !strings.Contains(sb.String(), "  0 of 0 shapes checked match\n") {
		t.Errorf("report:\n%s", sb.String())
	}
}

// TestCheckTolerance: the atol grows as 2·r^1.5·eps of the accumulation
// above the dtype's default; rtol is the default.
func TestCheckTolerance(t *testing.T) {
	for _, c := range []struct {
		dt   runtime.DType
		r    int64
		atol float64
	}{
		{runtime.F32, 9, 1e-5},
		{runtime.F32, 25088, 2 * math.Pow(25088, 1.5) * 0x1p-23},
		{runtime.BF16, 1152, 2 * math.Pow(1152, 1.5) * 0x1p-23},
		{runtime.F64, 25088, 2 * math.Pow(25088, 1.5) * 0x1p-52},
		{runtime.F64, 9, 1e-10},
	} {
		tol := checkTolerance(c.dt, c.r)
		if tol.Atol != c.atol || tol.Rtol != runtime.DefaultTolerance(c.dt).Rtol {
			t.Errorf("%v r=%d: %+v, want atol %g", c.dt, c.r, tol, c.atol)
		}
	}
	sh := resnet(8, 64, 128, 28, 3, 2, 1)
	if got := reductionLengths(sh); got != [3]int64{128 * 9, 8 * 14 * 14, 8 * 14 * 14} {
		t.Errorf("reduction lengths of %s: %v", sh.Name, got)
	}
}

// TestCheckNetworkStep: a small training step's results (updated
// buffers, loss, every gradient) match PyTorch's float64 step on the same
// parameters, buffers and input.
func TestCheckNetworkStep(t *testing.T) {
	if err := exec.Command(DefaultPython, "-c", "import torch, numpy").Run(); err != nil {
		t.Skipf("%s cannot import torch and numpy (apt-get install python3-torch python3-numpy): %v", DefaultPython, err)
	}
	s := Suite{Name: "tiny-net", Pipelines: []string{"default"}, Shapes: []Shape{
		net("tiny", "tests", 2, 8, block(3, 4, 3, 1, 1), block(4, 8, 3, 2, 2)),
	}}
	r, err := Run(s, Options{Reps: 1, Check: true})
	if err != nil {
		t.Fatal(err)
	}
	if row := r.Rows[0]; row.Err != "" || row.CheckErr != "" || len(row.Mismatch) > 0 {
		t.Errorf("err %q, not checked %q, mismatches %q", row.Err, row.CheckErr, row.Mismatch)
	}
}

// TestCheckEncoderStep: a transformer encoder's loss and gradients match
// PyTorch's float64 step of its eager EncoderLayer stack on the same
// parameters and input: the hand-written joint graph computes what the
// network does.
func TestCheckEncoderStep(t *testing.T) {
	if err := exec.Command(DefaultPython, "-c", "import torch, numpy").Run(); err != nil {
		t.Skipf("%s cannot import torch and numpy (apt-get install python3-torch python3-numpy): %v", DefaultPython, err)
	}
	r, err := Run(tinyEncoder(), Options{Reps: 1, Check: true})
	if err != nil {
		t.Fatal(err)
	}
	if row := r.Rows[0]; row.Err != "" || row.CheckErr != "" || len(row.Mismatch) > 0 {
		t.Errorf("err %q, not checked %q, mismatches %q", row.Err, row.CheckErr, row.Mismatch)
	}
}

// TestCheckNetTolerance: a network's float results are held norm-wise to
// 1% of the reference or 10 times PyTorch's own float32 error, whichever
// is larger; integer results exactly.
func TestCheckNetTolerance(t *testing.T) {
	n := &Net{Batch: 1, HW: 4, Blocks: []jointnet.Block{block(1, 2, 3, 1, 1)}}
	names := netResults(n)
	if len(names) != 8 || names[0] != "blocks.0.bn.num_batches_tracked" || names[3] != "loss" || names[7] != "grad of blocks.0.bn.bias" {
		t.Fatalf("names %q", names)
	}
	dir := t.TempDir()
	f32 := func(vs ...float64) *runtime.Tensor {
		x, err := runtime.FromFloat64s(runtime.F32, []int64{int64(len(vs))}, vs)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	want := []*runtime.Tensor{
		runtime.New(runtime.I64), f32(1, 2), f32(3, 4), f32(10),
		f32(3, 4), f32(0, 0), f32(1, 1), f32(1, 1),
	}
	for i, w := range want {
		if err := runtime.WriteNPYFile(filepath.Join(dir, fmt.Sprintf("want%d.npy", i)), w); err != nil {
			t.Fatal(err)
		}
	}
	got := []*runtime.Tensor{
		runtime.New(runtime.I64), f32(1, 2), f32(3, 4), f32(10),
		f32(3, 4.04), // norm-wise 0.008 of 5: within 1%
		f32(0.01, 0), // 0.01 off a zero gradient: PyTorch's own error 0.002 allows 0.02
		f32(1, 1.03), // 0.03 of 1.41: over 1%, PyTorch's error 0.001
		f32(1, 1),
	}
	err32 := []float64{0, 0, 0, 0, 0, 0.002, 0.001, 0}
	bad, err := checkNet(n, got, dir, err32)
	if err != nil {
		t.Fatal(err)
	}
	if len(bad) != 1 || !strings.HasPrefix(bad[0], "grad of blocks.0.bn.weight: norm-wise error 0.03") {
		t.Errorf("mismatches %q, want the bn weight's alone", bad)
	}
	got[0] = runtime.New(runtime.I64)
	got[0].Data[0] = 1 // num_batches_tracked 1, the reference 0: integers are exact
	if bad, _ := checkNet(n, got, dir, err32); len(bad) != 2 || !strings.HasPrefix(bad[0], "blocks.0.bn.num_batches_tracked: mismatch") {
		t.Errorf("mismatches %q, want num_batches_tracked's first", bad)
	}
}
