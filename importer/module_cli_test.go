package importer_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/torchlower/torchlower/importer"
	"github.com/torchlower/torchlower/runtime"
)

// jointInput writes the joint conv+bn+relu training step's one user
// input (a 2x3x8x8 batch) to dir/x.npy.
func jointInput(t testing.TB, dir string) string {
	t.Helper()
	x := runtime.New(runtime.F32, 2, 3, 8, 8)
	for j := 0; j < x.NumElements(); j++ {
		x.SetFloat64(j, float64((j*13)%17)/8-1)
	}
	xp := filepath.Join(dir, "x.npy")
	if err := runtime.WriteNPYFile(xp, x); err != nil {
		t.Fatal(err)
	}
	return xp
}

// TestCompileArchive compiles the largest test archive (the training step
// of five conv+bn+relu blocks, 36 results) into a module and runs it:
// every result is byte for byte the one `run model.pt2` writes.
func TestCompileArchive(t *testing.T) {
	dir := t.TempDir()
	in := writeFixture(t, "joint_conv_bn_relu", dir)
	xp := jointInput(t, dir)
	tlm := filepath.Join(dir, "model.tlm")
	if _, errOut, code := runCLI("compile", in, "-o", tlm); code != 0 {
		t.Fatalf("compile exited %d: %s", code, errOut)
	}
	direct := runOutputs(t, dir, "pt2", 36, "run", in, "--input=@"+xp)
	compiled := runOutputs(t, dir, "tlm", 36, "run", tlm, "--input=@"+xp)
	for i := range direct {
		if !bytes.Equal(direct[i], compiled[i]) {
			t.Errorf("result %d from the module differs from run model.pt2", i)
		}
	}
}

// BenchmarkStartup times `torchlower run` from the start to the first
// result on the largest test archive: from the .pt2 (import, lower,
// plan, run) and from the module compiled from it (map, decode, run).
func BenchmarkStartup(b *testing.B) {
	arch, err := importer.FixtureArchive("joint_conv_bn_relu")
	if err != nil || arch == nil {
		b.Fatalf("fixture: %v", err)
	}
	benchStartup(b, arch)
}

// BenchmarkStartupDeep is BenchmarkStartup on a 33-block network of the
// same layers (importer.JointArchive).
func BenchmarkStartupDeep(b *testing.B) {
	arch, err := importer.JointArchive(33)
	if err != nil {
		b.Fatal(err)
	}
	benchStartup(b, arch)
}

func benchStartup(b *testing.B, arch []byte) {
	dir := b.TempDir()
	in := filepath.Join(dir, "model.pt2")
	if err := os.WriteFile(in, arch, 0o644); err != nil {
		b.Fatal(err)
	}
	xp := jointInput(b, dir)
	tlm := filepath.Join(dir, "model.tlm")
	if _, errOut, code := runCLI("compile", in, "-o", tlm); code != 0 {
		b.Fatalf("compile exited %d: %s", code, errOut)
	}
	for _, path := range []string{in, tlm} {
		b.Run(filepath.Ext(path)[1:], func(b *testing.B) {
			for b.Loop() {
				if _, errOut, code := runCLI("run", path, "--input=@"+xp); code != 0 {
					b.Fatalf("run exited %d: %s", code, errOut)
				}
			}
		})
	}
}
