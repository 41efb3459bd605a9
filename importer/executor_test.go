package importer_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/torchlower/torchlower/compiler"
	"github.com/torchlower/torchlower/cpu"
	"github.com/torchlower/torchlower/importer"
	"github.com/torchlower/torchlower/runtime"
)

// TestExecutorTrainingStep runs the 5-block conv+bn+relu training step
// (contractions with fused epilogues, batch-norm reductions, copies,
// scalar-sized generics) through one cpu.Executor on a new batch each
// time, as a training loop would: all 36 results of every run are, byte
// for byte, those of a fresh cpu.Run.
func TestExecutorTrainingStep(t *testing.T) {
	in := writeFixture(t, "joint_conv_bn_relu", t.TempDir())
	p, err := compiler.CompileWith(in, "main", "default")
	if err != nil {
		t.Fatal(err)
	}
	ex := cpu.NewExecutor(p)
	for r := range 3 {
		x := runtime.New(runtime.F32, 2, 3, 8, 8)
		for j := range x.NumElements() {
			x.SetFloat64(j, float64((j*13+r*7)%17)/8-1)
		}
		want, err := cpu.Run(p, []*runtime.Tensor{x})
		if err != nil {
			t.Fatal(err)
		}
		got, err := ex.Run([]*runtime.Tensor{x}, nil)
		if err != nil {
			t.Fatalf("run %d: %v", r, err)
		}
		if len(got) != 36 {
			t.Fatalf("run %d: %d results", r, len(got))
		}
		for i := range want {
			if (want[i] == nil) != (got[i] == nil) || want[i] != nil && !bytes.Equal(got[i].Data, want[i].Data) {
				t.Errorf("run %d: result %d differs from a fresh run", r, i)
			}
		}
	}
}

// BenchmarkExecutor times a run of the 5-block training step: fresh
// (cpu.Run prepares every kernel) and through an Executor that has run
// once (kernels kept), alternating:
//
//	go test ./importer -run '^$' -bench Executor
func BenchmarkExecutor(b *testing.B) {
	arch, err := importer.FixtureArchive("joint_conv_bn_relu")
	if err != nil || arch == nil {
		b.Fatalf("fixture: %v", err)
	}
	in := filepath.Join(b.TempDir(), "model.pt2")
	if err := os.WriteFile(in, arch, 0o644); err != nil {
		b.Fatal(err)
	}
	p, err := compiler.CompileWith(in, "main", "default")
	if err != nil {
		b.Fatal(err)
	}
	x := []*runtime.Tensor{runtime.New(runtime.F32, 2, 3, 8, 8)}
	ex := cpu.NewExecutor(p)
	if _, err := ex.Run(x, nil); err != nil {
		b.Fatal(err)
	}
	b.Run("fresh", func(b *testing.B) {
		for b.Loop() {
			if _, err := cpu.Run(p, x); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("executor", func(b *testing.B) {
		for b.Loop() {
			if _, err := ex.Run(x, nil); err != nil {
				b.Fatal(err)
			}
		}
	})
}
