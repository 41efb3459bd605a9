package importer_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
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

// BenchmarkStartupProcess is the acceptance measure of a compiled
// module's start: `torchlower run model.pt2` against `torchlower run
// model.tlm` on the 5-block fixture, each in a fresh process (the way a
// user runs them), in alternation, b.N rounds. It builds the command
// first (so it needs the go tool) and reads each run's load-to-first-
// result time from --print-timings ("total"). It reports the medians of
// both and the median of the per-round ratios, which drifts less than
// either on a shared machine:
//
//	go test ./importer -run '^$' -bench StartupProcess -benchtime 60x
func BenchmarkStartupProcess(b *testing.B) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		b.Skip("the go tool is not on PATH: cannot build torchlower")
	}
	dir := b.TempDir()
	bin := filepath.Join(dir, "torchlower")
	build := exec.Command(goTool, "build", "-o", bin, "github.com/torchlower/torchlower/tools/torchlower")
	if out, err := build.CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	arch, err := importer.FixtureArchive("joint_conv_bn_relu")
	if err != nil || arch == nil {
		b.Fatalf("fixture: %v", err)
	}
	pt2, tlm := filepath.Join(dir, "model.pt2"), filepath.Join(dir, "model.tlm")
	if err := os.WriteFile(pt2, arch, 0o644); err != nil {
		b.Fatal(err)
	}
	xp := jointInput(b, dir)
	if out, err := exec.Command(bin, "compile", pt2, "-o", tlm).CombinedOutput(); err != nil {
		b.Fatalf("compile: %v\n%s", err, out)
	}
	total := func(path string) float64 {
		cmd := exec.Command(bin, "run", path, "--input=@"+xp, "--print-timings")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			b.Fatalf("run %s: %v\n%s", path, err, stderr.String())
		}
		m := totalRE.FindSubmatch(stderr.Bytes())
		if m == nil {
			b.Fatalf("run %s: no total in\n%s", path, stderr.String())
		}
		ms, _ := strconv.ParseFloat(string(m[1]), 64)
		return ms
	}
	var pt2ms, tlmms, ratios []float64
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		// Alternate which goes first, so neither always runs on a cache
		// the other warmed.
		var p, t float64
		if i%2 == 0 {
			p, t = total(pt2), total(tlm)
		} else {
			t, p = total(tlm), total(pt2)
		}
		pt2ms, tlmms, ratios = append(pt2ms, p), append(tlmms, t), append(ratios, p/t)
	}
	b.ReportMetric(median(pt2ms), "pt2-ms")
	b.ReportMetric(median(tlmms), "tlm-ms")
	b.ReportMetric(median(ratios), "ratio")
}

var totalRE = regexp.MustCompile(`(?m)^\s+total\s+([0-9.]+) ms`)

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s) == 0 {
		return 0
	}
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
