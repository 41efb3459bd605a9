package importer_test

import (
	"encoding/json"
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

// writeFixture writes a test archive to dir/model.pt2.
func writeFixture(t *testing.T, name, dir string) string {
	t.Helper()
	b, err := importer.FixtureArchive(name)
	if err != nil || b == nil {
		t.Fatalf("fixture %s: %v", name, err)
	}
	p := filepath.Join(dir, "model.pt2")
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// runOutputs runs `torchlower run` with args plus n --output files and
// returns the results read back (nil for a None result).
func runOutputs(t *testing.T, dir, tag string, n int, args ...string) [][]byte {
	t.Helper()
	var outs []string
	for i := 0; i < n; i++ {
		p := filepath.Join(dir, fmt.Sprintf("%s_r%d.npy", tag, i))
		outs = append(outs, p)
		args = append(args, "--output=@"+p)
	}
	stdout, errOut, code := runCLI(args...)
	if code != 0 {
		t.Fatalf("%s: %v exited %d\nstdout: %s\nstderr: %s", tag, args, code, stdout, errOut)
	}
	res := make([][]byte, n)
	for i, p := range outs {
		if strings.Contains(stdout, fmt.Sprintf("result[%d]: None", i)) {
			continue
		}
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatalf("%s: result %d: %v", tag, i, err)
		}
		res[i] = b
	}
	return res
}

// TestRunParamsArgs: a program imported with its parameters as arguments
// runs with only its user inputs — `run model.pt2 --params=args` feeds
// them from the archive, and `run model.mlir` from the archive that the
// mapping `import --params=args -o model.mlir` wrote next to it names —
// and gives the same results, bit for bit, as the program with its
// parameters inlined. weights_views stores its parameters as strided,
// offset and shared views and holds an int64 lifted constant; the joint
// conv+bn+relu training step has 40 parameter and buffer arguments, two
// weights of one shape among them (inlined, their dense_resource blobs
// once had one key, and CSE merged them into one weight).
func TestRunParamsArgs(t *testing.T) {
	for _, c := range []struct {
		fixture string
		x       []int64
		results int
	}{
		{"weights_views", []int64{3, 4}, 2},
		{"joint_conv_bn_relu", []int64{2, 3, 8, 8}, 36},
	} {
		t.Run(c.fixture, func(t *testing.T) {
			dir := t.TempDir()
			in := writeFixture(t, c.fixture, dir)
			x := runtime.New(runtime.F32, c.x...)
			for j := 0; j < x.NumElements(); j++ {
				x.SetFloat64(j, float64((j*13)%17)/8-1)
			}
			xp := filepath.Join(dir, "x.npy")
			if err := runtime.WriteNPYFile(xp, x); err != nil {
				t.Fatal(err)
			}
			inline := runOutputs(t, dir, "inline", c.results, "run", in, "--input=@"+xp)
			args := runOutputs(t, dir, "args", c.results, "run", in, "--params=args", "--input=@"+xp)

			// Import into another folder: the mapping names the archive
			// relative to itself, and run may be started from anywhere.
			sub := filepath.Join(dir, "out")
			if err := os.Mkdir(sub, 0o755); err != nil {
				t.Fatal(err)
			}
			mlir := filepath.Join(sub, "model.mlir")
			if _, errOut, code := runCLI("import", in, "--params=args", "-o", mlir); code != 0 {
				t.Fatalf("import exited %d: %s", code, errOut)
			}
			fromMLIR := runOutputs(t, dir, "mlir", c.results, "run", mlir, "--input=@"+xp)
			for i := range inline {
				if string(args[i]) != string(fromMLIR[i]) {
					t.Errorf("result %d differs between run model.pt2 --params=args and run model.mlir", i)
				}
				if inline[i] == nil || string(args[i]) != string(inline[i]) {
					a, _ := runtime.ReadNPY(strings.NewReader(string(args[i])), runtime.F32)
					b, _ := runtime.ReadNPY(strings.NewReader(string(inline[i])), runtime.F32)
					if a != nil && b != nil {
						t.Logf("result %d: %s", i, runtime.Compare(a, b, runtime.DefaultTolerance(runtime.F32)))
					}
					t.Errorf("result %d differs between --params=args and inline", i)
				}
			}
		})
	}
}

// TestRunParamsArgsErrors: what can go wrong between a .mlir, its mapping
// and the archive is an error naming the file or the argument.
func TestRunParamsArgsErrors(t *testing.T) {
	dir := t.TempDir()
	in := writeFixture(t, "weights_views", dir)
	xp := filepath.Join(dir, "x.npy")
	if err := runtime.WriteNPYFile(xp, runtime.New(runtime.F32, 3, 4)); err != nil {
		t.Fatal(err)
	}
	mlir := filepath.Join(dir, "model.mlir")
	mapPath := filepath.Join(dir, "model.params.json")
	if _, errOut, code := runCLI("import", in, "--params=args", "-o", mlir); code != 0 {
		t.Fatalf("import exited %d: %s", code, errOut)
	}
	mapping, err := os.ReadFile(mapPath)
	if err != nil {
		t.Fatalf("import wrote no mapping next to its output: %v", err)
	}
	// Another mapping, for a program with its parameters inlined.
	inlineMLIR := filepath.Join(dir, "inline.mlir")
	if _, errOut, code := runCLI("import", in, "--params=inline", "-o", inlineMLIR); code != 0 {
		t.Fatalf("import exited %d: %s", code, errOut)
	}
	// The mapping of a program whose archive is somewhere else.
	moved := filepath.Join(dir, "moved")
	if err := os.Mkdir(moved, 0o755); err != nil {
		t.Fatal(err)
	}
	text, err := os.ReadFile(mlir)
	if err != nil {
		t.Fatal(err)
	}
	for name, b := range map[string][]byte{"model.mlir": text, "model.params.json": mapping} {
		if err := os.WriteFile(filepath.Join(moved, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	edit := func(name, old, new string) string {
		s := strings.Replace(string(mapping), old, new, 1)
		if s == string(mapping) {
			t.Fatalf("mapping lacks %q", old)
		}
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	resized := edit("resized.json", `"sizes": [
          4
        ]`, `"sizes": [
          5
        ]`)
	renamed := edit("renamed.json", `"fqn": "tied_b"`, `"fqn": "tied_c"`)
	noArchive := edit("noarchive.json", `"archive": "model.pt2"`, `"archive": "gone.pt2"`)
	broken := filepath.Join(dir, "broken.json")
	if err := os.WriteFile(broken, []byte(`{"archive": "model.pt2", "params": "args", `), 0o644); err != nil {
		t.Fatal(err)
	}
	fewer := filepath.Join(dir, "fewer.json")
	{
		var m importer.Mapping
		if err := json.Unmarshal(mapping, &m); err != nil {
			t.Fatal(err)
		}
		m.Inputs = m.Inputs[1:]
		for i := range m.Inputs {
			m.Inputs[i].Arg--
		}
		var buf strings.Builder
		if err := m.WriteJSON(&buf); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(fewer, []byte(buf.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	x := "--input=@" + xp
	for _, c := range []struct {
		name string
		args []string
		code int
		want []string
	}{
		{"all but the user inputs fed", []string{"run", mlir, x}, 0, []string{"result[0]"}},
		{"parameters given as inputs", []string{"run", mlir, x, x}, 2, []string{"takes 1 user inputs (x;", "2 --input given"}},
		{"--mapping=none takes every argument", []string{"run", mlir, "--mapping=none", x}, 2, []string{"takes 6 arguments, 1 --input given"}},
		{"archive missing", []string{"run", filepath.Join(moved, "model.mlir"), x}, 1, []string{filepath.Join(moved, "model.params.json"), `archive "model.pt2"`, "missing"}},
		{"mapping names a missing archive", []string{"run", mlir, "--mapping=" + noArchive, x}, 1, []string{"noarchive.json", "gone.pt2"}},
		{"mapping missing", []string{"run", filepath.Join(dir, "nomap.mlir"), "--params=args", x}, 1, []string{"nomap.params.json"}},
		{"explicit mapping missing", []string{"run", mlir, "--mapping=" + filepath.Join(dir, "absent.json"), x}, 1, []string{"absent.json"}},
		{"mapping of an inlined import", []string{"run", mlir, "--params=args", "--mapping=" + filepath.Join(dir, "inline.params.json"), x}, 1, []string{"inline.params.json", "inlined"}},
		{"sizes differ from the archive", []string{"run", mlir, "--mapping=" + resized, x}, 1, []string{"resized.json", "model.pt2", "argument 3", "shifted"}},
		{"tensor not in the archive", []string{"run", mlir, "--mapping=" + renamed, x}, 1, []string{"renamed.json", "argument 2", "tied_c", "no stored data"}},
		{"mapping not JSON", []string{"run", mlir, "--mapping=" + broken, x}, 1, []string{"broken.json", "not a parameter mapping"}},
		{"mapping of another signature", []string{"run", mlir, "--mapping=" + fewer, x}, 1, []string{"5 arguments", "takes 6"}},
		{"bad user input", []string{"run", mlir, "--input=@" + mapPath}, 1, []string{"input 0 (argument 5, x)", "model.params.json"}},
		{"--params=inline with a .mlir", []string{"run", mlir, "--params=inline", x}, 2, []string{"--params=inline is for a .pt2"}},
	} {
		if c.name == "mapping missing" {
			if err := os.WriteFile(filepath.Join(dir, "nomap.mlir"), text, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		stdout, errOut, code := runCLI(c.args...)
		if code != c.code {
			t.Errorf("%s: exit %d, want %d\nstdout: %s\nstderr: %s", c.name, code, c.code, stdout, errOut)
		}
		for _, w := range c.want {
			if !strings.Contains(stdout+errOut, w) {
				t.Errorf("%s: output lacks %q\nstdout: %s\nstderr: %s", c.name, w, stdout, errOut)
			}
		}
	}
}

// TestRunSplitArchive runs a program whose ops return Tensor[]
// (split_with_sizes, unbind) from its archive: x = arange(12) as [2, 6],
// split into three [2, 2] pieces a, b, c; the results are a·b + c[0]
// and c[1].
func TestRunSplitArchive(t *testing.T) {
	dir := t.TempDir()
	in := writeFixture(t, "split", dir)
	x := runtime.New(runtime.F32, 2, 6)
	for j := 0; j < x.NumElements(); j++ {
		x.SetFloat64(j, float64(j))
	}
	xp := filepath.Join(dir, "x.npy")
	if err := runtime.WriteNPYFile(xp, x); err != nil {
		t.Fatal(err)
	}
	outs := []string{filepath.Join(dir, "r0.npy"), filepath.Join(dir, "r1.npy")}
	if _, errOut, code := runCLI("run", in, "--input=@"+xp, "--output=@"+outs[0], "--output=@"+outs[1]); code != 0 {
		t.Fatalf("run exited %d: %s", code, errOut)
	}
	for i, want := range [][]float64{{4, 8, 52, 68}, {10, 11}} {
		got, err := runtime.ReadNPYFile(outs[i], runtime.F32)
		if err != nil {
			t.Fatal(err)
		}
		for j, w := range want {
			if got.Float64(j) != w {
				t.Errorf("result %d element %d = %g, want %g", i, j, got.Float64(j), w)
			}
		}
	}
}
