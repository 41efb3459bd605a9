package cpu_test

import (
	"testing"

	"github.com/torchlower/torchlower/cpu"
	"github.com/torchlower/torchlower/plan"
)

// TestFoldedPads runs padded depthwise and grouped convolutions whose
// pads a run folds into their readers: stride-1 forward and data
// gradients (the one-column path's windows, 28-wide rows in chunks of 16
// and 5-wide rows in chunks of 8; 5x5 windows), stride-2 forward ones
// (the gathered lanes' windows, a 7x7 image's rows a block), weight
// gradients (the group lanes' spans, depthwise and 4 channels a group),
// channel counts that leave partial blocks of 16 lanes. Fused and
// unfused, each gives the interpreter's bits. On AVX-512 every pad of
// them is folded, and none is run in full after all; without it the
// readers run them in full. A plain convolution's reader reads its pad
// in place: it runs it in full, and an Executor's next runs leave the
// pad where it stands.
func TestFoldedPads(t *testing.T) {
	all := [3]bool{true, true, true}
	specs := []convSpec{
		{n: 2, cin: 20, cout: 20, spatial: []int64{28, 28}, kernel: []int64{3, 3}, pad: []int64{1, 1}, groups: 20, dtype: "f32", mask: all},
		{n: 3, cin: 17, cout: 17, spatial: []int64{5, 9}, kernel: []int64{3, 3}, pad: []int64{1, 1}, groups: 17, dtype: "f32", mask: all},
		{n: 1, cin: 16, cout: 16, spatial: []int64{12, 11}, kernel: []int64{5, 5}, pad: []int64{2, 2}, groups: 16, dtype: "f32", mask: all},
		{n: 2, cin: 64, cout: 64, spatial: []int64{14, 14}, kernel: []int64{3, 3}, pad: []int64{1, 1}, groups: 16, dtype: "f32", mask: [3]bool{false, true, false}},
		{fwd: true, n: 2, cin: 24, cout: 24, spatial: []int64{13, 21}, kernel: []int64{3, 3}, stride: []int64{2, 2}, pad: []int64{1, 1}, groups: 24, dtype: "f32", bias: true},
		{fwd: true, n: 4, cin: 16, cout: 16, spatial: []int64{14, 14}, kernel: []int64{3, 3}, stride: []int64{2, 2}, pad: []int64{1, 1}, groups: 16, dtype: "f32"},
		{fwd: true, n: 2, cin: 18, cout: 18, spatial: []int64{30, 20}, kernel: []int64{3, 3}, pad: []int64{1, 1}, groups: 18, dtype: "f32"},
	}
	vector := cpu.HaveVectorKernel() && cpu.HaveAVX512()
	for _, pipeline := range []string{"default", "default-unfused"} {
		for _, s := range specs {
			p, _ := s.buildWith(t, pipeline)
			pads := len(cpu.FoldablePads(p))
			if pads == 0 {
				t.Fatalf("%s %s: no pad to fold\n%s", pipeline, s.name(), p)
			}
			folded, unfolded := cpu.FoldedPads()
			t.Run(pipeline+"/"+s.name(), func(t *testing.T) { checkFastPath(t, s, pipeline) })
			f, u := cpu.FoldedPads()
			// checkFastPath runs the plan twice: on the fast paths, then
			// in the interpreter, whose readers run every pad in full.
			f, u = f-folded, u-unfolded
			wantU := int64(pads)
			if !vector {
				wantU = int64(2 * pads)
			}
			if f != int64(2*pads) || u != wantU {
				t.Errorf("%s %s: %d pads folded, %d of them run in full; want %d and %d", pipeline, s.name(), f, u, 2*pads, wantU)
			}
		}
	}

	plain := convSpec{n: 2, cin: 8, cout: 16, spatial: []int64{9, 9}, kernel: []int64{3, 3}, pad: []int64{1, 1}, groups: 1, dtype: "f32", mask: [3]bool{false, true, false}}
	p, args := plain.buildWith(t, "default")
	if len(cpu.FoldablePads(p)) != 1 {
		t.Fatalf("plain weight gradient: %d foldable pads, want 1\n%s", len(cpu.FoldablePads(p)), p)
	}
	ex := cpu.NewExecutor(p)
	folded, unfolded := cpu.FoldedPads()
	for r := range 3 {
		ex.Recycle(runAgainstFresh(t, ex, p, args, r)...)
	}
	// runAgainstFresh runs the plan fresh each time too (a new cache: the
	// pad is folded, and run in full), and the Executor once: folded and
	// run in full in its first run only.
	if f, u := cpu.FoldedPads(); f-folded != 4 || u-unfolded != 4 {
		t.Errorf("plain weight gradient, 3 runs: %d pads folded, %d run in full; want 4 and 4", f-folded, u-unfolded)
	}
}

// TestPadClobbered: a pad whose source the plan overwrites in place
// before the pad's reader runs is not folded (its windows would read the
// new values), and the run gives the interpreter's results.
func TestPadClobbered(t *testing.T) {
	m := parseFile(t, "testdata/pads.mlir")
	p, err := plan.Build(m, "clobbered")
	if err != nil {
		t.Fatal(err)
	}
	// The premise: a step after the pad's copy writes the copy's source.
	clobbered := false
	for i, s := range p.Steps {
		if s.Kind != plan.StepCopy {
			continue
		}
		for _, later := range p.Steps[i+1:] {
			for _, o := range later.Outputs {
				clobbered = clobbered || plan.MayAlias(o, s.Inputs[0])
			}
		}
	}
	if !clobbered {
		t.Fatalf("no step writes the pad's source after its copy: the test's premise fails\n%s", p)
	}
	if got := cpu.FoldablePads(p); len(got) != 0 {
		t.Fatalf("pads %v folded although their source is overwritten first\n%s", got, p)
	}
	matchInterpreter(t, p)
}

// TestTwoPadsOneReader: of two pads one generic reads, a run folds the
// first alone (a step takes one), and gives the interpreter's results.
func TestTwoPadsOneReader(t *testing.T) {
	m := parseFile(t, "testdata/pads.mlir")
	p, err := plan.Build(m, "two_pads")
	if err != nil {
		t.Fatal(err)
	}
	pads := 0
	for _, s := range p.Steps {
		if s.Kind == plan.StepCopy {
			pads++
		}
	}
	if got := cpu.FoldablePads(p); pads != 2 || len(got) != 1 {
		t.Fatalf("%d pads, %v folded; want 2 pads, the first folded\n%s", pads, got, p)
	}
	matchInterpreter(t, p)
}

// matchInterpreter runs p on drawn arguments and compares the results
// with the interpreter's, bit for bit.
func matchInterpreter(t *testing.T, p *plan.Plan) {
	t.Helper()
	args := normalArgs(t, p, 5)
	got, err := cpu.Run(p, args)
	if err != nil {
		t.Fatal(err)
	}
	ref := interpreted(t, p, args)
	for i := range ref {
		for j := range ref[i].NumElements() {
			if g, w := got[i].Float64(j), ref[i].Float64(j); g != w {
				t.Fatalf("result %d element %d: %v, interpreter %v", i, j, g, w)
			}
		}
	}
}
