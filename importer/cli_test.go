package importer_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/importer"
	"github.com/torchlower/torchlower/internal/cli"
	"github.com/torchlower/torchlower/internal/irtest"
	"github.com/torchlower/torchlower/runtime"
)

func runCLI(args ...string) (stdout, stderr string, code int) {
	var out, errb strings.Builder
	code = cli.Main(args, strings.NewReader(""), &out, &errb)
	return out.String(), errb.String(), code
}

// TestImportCommand runs `torchlower import` on an archive and feeds the
// result to `torchlower opt`, the way a user chains them.
func TestImportCommand(t *testing.T) {
	b, err := importer.FixtureArchive("joint_conv_bn_relu")
	if err != nil || b == nil {
		t.Fatalf("fixture: %v", err)
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "model.pt2")
	out := filepath.Join(dir, "model.mlir")
	if err := os.WriteFile(in, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, errOut, code := runCLI("import", in, "-o", out); code != 0 {
		t.Fatalf("import exited %d: %s", code, errOut)
	}
	text, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"func.func @main(", "torch.aten.convolution_backward", "!torch.none", "torch.aten._native_batch_norm_legit_functional"} {
		if !strings.Contains(string(text), want) {
			t.Errorf("imported module lacks %q", want)
		}
	}
	if _, err := os.Stat(out + ".params.json"); err != nil {
		// The mapping name is documented in `torchlower import --help`.
		matches, _ := filepath.Glob(filepath.Join(dir, "*.json"))
		if len(matches) == 0 {
			t.Errorf("no parameter mapping written next to the output")
		}
	}
	stdout, errOut, code := runCLI("opt", out, "-p", "canonicalize,cse")
	if code != 0 || !strings.Contains(stdout, "torch.aten.convolution_backward") {
		t.Fatalf("opt on the imported module exited %d: %s", code, errOut)
	}
	// The whole joint training graph lowers to linalg, and upstream MLIR
	// accepts the result.
	lowered, errOut, code := runCLI("opt", out, "-p", "convert-torch-to-linalg,canonicalize,cse")
	if code != 0 {
		t.Fatalf("lowering the imported training graph exited %d: %s", code, errOut)
	}
	if strings.Contains(lowered, "torch.") || !strings.Contains(lowered, "linalg.generic") {
		t.Fatalf("lowered training graph still has torch ops or no linalg:\n%s", lowered)
	}
	if irtest.HaveMLIROpt() {
		irtest.MLIROpt(t, lowered, "--verify-each")
	}
}

func TestImportCommandBadArchive(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "broken.pt2")
	if err := os.WriteFile(in, []byte("PK\x03\x04 not really a zip"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errOut, code := runCLI("import", in)
	if code != 1 || !strings.HasPrefix(errOut, in+":") {
		t.Fatalf("exit %d, stderr %q; want exit 1 and a message naming the file", code, errOut)
	}
	_, errOut, code = runCLI("import", filepath.Join(dir, "missing.pt2"))
	if code != 1 || !strings.Contains(errOut, "missing.pt2") {
		t.Fatalf("missing file: exit %d, stderr %q", code, errOut)
	}
}

// TestImportCheckSupport: --check-support lists the ops the lowering
// cannot handle, grouped by op, and exits 1; the single
// convolution_backward program lowers completely and exits 0.
func TestImportCheckSupport(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		fixture string
		code    int
		want    string
	}{
		{"conv_backward", 0, "all 1 aten ops lower to linalg"},
		{"kv_cache", -1, "aten ops"},
	} {
		b, err := importer.FixtureArchive(c.fixture)
		if err != nil || b == nil {
			t.Fatalf("fixture %s: %v", c.fixture, err)
		}
		in := filepath.Join(dir, c.fixture+".pt2")
		if err := os.WriteFile(in, b, 0o644); err != nil {
			t.Fatal(err)
		}
		stdout, errOut, code := runCLI("import", in, "--check-support")
		if (c.code >= 0 && code != c.code) || code > 1 || !strings.Contains(stdout, c.want) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", c.fixture, code, stdout, errOut)
		}
	}
}

// TestRunArchive: `torchlower run` takes a .pt2 directly (import with
// inlined parameters, lower, plan, execute); the masked third gradient of
// the convolution_backward program comes back as None.
func TestRunArchive(t *testing.T) {
	b, err := importer.FixtureArchive("conv_backward")
	if err != nil || b == nil {
		t.Fatalf("fixture: %v", err)
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "model.pt2")
	if err := os.WriteFile(in, b, 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"run", in}
	for i, shape := range [][]int64{{2, 8, 8, 8}, {2, 3, 8, 8}, {8, 3, 3, 3}} {
		x := runtime.New(runtime.F32, shape...)
		for j := 0; j < x.NumElements(); j++ {
			x.SetFloat64(j, float64((j*7+i)%11)/8-0.5)
		}
		p := filepath.Join(dir, fmt.Sprintf("in%d.npy", i))
		if err := runtime.WriteNPYFile(p, x); err != nil {
			t.Fatal(err)
		}
		args = append(args, "--input=@"+p)
	}
	out0 := filepath.Join(dir, "grad_input.npy")
	args = append(args, "--output=@"+out0)
	stdout, errOut, code := runCLI(args...)
	if code != 0 || !strings.Contains(stdout, "result[2]: None") {
		t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, stdout, errOut)
	}
	gi, err := runtime.ReadNPYFile(out0, runtime.F32)
	if err != nil || runtime.CheckShape(gi, []int64{2, 3, 8, 8}) != nil {
		t.Fatalf("grad_input: %v", err)
	}
}

// TestRunJointTrainingGraph runs the whole imported training step of five
// conv+bn+relu blocks on the CPU. Two properties of the math check the
// numbers without a reference: each num_batches_tracked buffer goes from
// 0 to 1, and the conv biases get a zero gradient, because batch norm
// right after the conv subtracts the batch mean, which cancels any bias.
func TestRunJointTrainingGraph(t *testing.T) {
	b, err := importer.FixtureArchive("joint_conv_bn_relu")
	if err != nil || b == nil {
		t.Fatalf("fixture: %v", err)
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "model.pt2")
	if err := os.WriteFile(in, b, 0o644); err != nil {
		t.Fatal(err)
	}
	x := runtime.New(runtime.F32, 2, 3, 8, 8)
	for j := 0; j < x.NumElements(); j++ {
		x.SetFloat64(j, float64((j*13)%17)/8-1)
	}
	xp := filepath.Join(dir, "x.npy")
	if err := runtime.WriteNPYFile(xp, x); err != nil {
		t.Fatal(err)
	}
	args := []string{"run", in, "--input=@" + xp}
	const results = 36
	var outs []string
	for i := 0; i < results; i++ {
		p := filepath.Join(dir, fmt.Sprintf("r%d.npy", i))
		outs = append(outs, p)
		args = append(args, "--output=@"+p)
	}
	if _, errOut, code := runCLI(args...); code != 0 {
		t.Fatalf("run exited %d: %s", code, errOut)
	}
	// Result layout (see the mapping): per block num_batches_tracked, running
	// mean, running var; then the loss; then per block the gradients of
	// conv.weight, conv.bias, bn.weight, bn.bias.
	for blk := 0; blk < 5; blk++ {
		nbt, err := runtime.ReadNPYFile(outs[3*blk], runtime.I64)
		if err != nil || nbt.Int64(0) != 1 {
			t.Errorf("block %d num_batches_tracked: %v, %v", blk, nbt, err)
		}
		gb, err := runtime.ReadNPYFile(outs[16+4*blk+1], runtime.F32)
		if err != nil {
			t.Fatal(err)
		}
		for j := 0; j < gb.NumElements(); j++ {
			if v := gb.Float64(j); v > 1e-5 || v < -1e-5 {
				t.Errorf("block %d conv bias gradient[%d] = %g, want 0 (batch norm cancels the bias)", blk, j, v)
			}
		}
	}
	loss, err := runtime.ReadNPYFile(outs[15], runtime.F32)
	if err != nil || loss.NumElements() != 1 || loss.Float64(0) != loss.Float64(0) {
		t.Errorf("loss: %v %v", loss, err)
	}
}
