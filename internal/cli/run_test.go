package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/gpu/codegen"
	"github.com/torchlower/torchlower/runtime"
)

// exampleArgs are the README's run command on the bundled example: a
// convolution_backward in the torch dialect with PyTorch 1.13's results
// (examples/conv_backward/make_reference.py).
func exampleArgs(dir string) []string {
	at := func(n string) string { return "@" + filepath.Join(dir, n+".npy") }
	return []string{"run", "../../examples/conv_backward.mlir",
		"--input=" + at("grad_output"), "--input=" + at("input"), "--input=" + at("weight"),
		"--expected_output=" + at("grad_input"), "--expected_output=" + at("grad_weight"), "--expected_output=" + at("grad_bias")}
}

func TestRunExampleMatchesPyTorch(t *testing.T) {
	out, errOut, code := run(t, "", exampleArgs("../../examples/conv_backward")...)
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	if strings.Count(out, ": match:") != 3 {
		t.Fatalf("want three matching results, got:\n%s", out)
	}
}

// TestRunReportsMismatch: a wrong reference makes run print where and by
// how much, and exit 1.
func TestRunReportsMismatch(t *testing.T) {
	dir := t.TempDir()
	src := "../../examples/conv_backward"
	for _, n := range []string{"grad_output", "input", "weight", "grad_weight", "grad_bias"} {
		b, err := os.ReadFile(filepath.Join(src, n+".npy"))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, n+".npy"), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	gi, err := runtime.ReadNPYFile(filepath.Join(src, "grad_input.npy"), runtime.F32)
	if err != nil {
		t.Fatal(err)
	}
	gi.SetFloat64(5, gi.Float64(5)+1)
	if err := runtime.WriteNPYFile(filepath.Join(dir, "grad_input.npy"), gi); err != nil {
		t.Fatal(err)
	}
	out, _, code := run(t, "", exampleArgs(dir)...)
	if code != 1 || !strings.Contains(out, "mismatch at [0, 0, 0, 5]") {
		t.Fatalf("exit %d, want 1 and the first mismatching index; stdout:\n%s", code, out)
	}
}

func TestRunBadInputs(t *testing.T) {
	args := exampleArgs("../../examples/conv_backward")
	cases := []struct {
		args []string
		code int
		want string
	}{
		{args[:4], 2, "takes 3 arguments, 2 --input given"},
		{append([]string{"run", "../../examples/conv_backward.mlir", "--input=grad_output.npy"}, args[3:5]...), 1, "must be @file.npy"},
		{append(append([]string{}, args[:2]...), "--input=@../../examples/conv_backward/input.npy", args[3], args[4]), 1, "shape"},
		{[]string{"run", "nope.mlir"}, 1, "nope.mlir"},
		{append(append([]string{}, args...), "--device=hip"), 2, "not available"},
	}
	for _, c := range cases {
		_, errOut, code := run(t, "", c.args...)
		if code != c.code || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", c.args[2:], code, errOut, c.code, c.want)
		}
	}
}

// stepTable parses the per-step table --print-timings writes after the
// stage table: the plan's step count, the listed rows and the "... N more
// steps" remainder (0 when every step is listed).
type stepRow struct {
	index int
	kind  string
	ms    float64
	share float64
	notes string // the bracketed notes before the dispatch text
}

func parseStepTable(t *testing.T, errOut string) (steps int, rows []stepRow, more int) {
	t.Helper()
	lines := strings.Split(errOut, "\n")
	header := -1
	for i, l := range lines {
		if _, err := fmt.Sscanf(strings.TrimSpace(l), "plan: %d steps,", &steps); err == nil {
			continue
		}
		if f := strings.Fields(l); len(f) == 5 && f[0] == "step" && f[4] == "dispatch" {
			header = i
			break
		}
	}
	if steps == 0 || header < 0 {
		t.Fatalf("no plan line or step table header in:\n%s", errOut)
	}
	for _, l := range lines[header+1:] {
		if strings.TrimSpace(l) == "" {
			break
		}
		if rest, ok := strings.CutPrefix(strings.TrimSpace(l), "... "); ok {
			var ms float64
			if _, err := fmt.Sscanf(rest, "%d more steps, %f ms", &more, &ms); err != nil || ms < 0 {
				t.Fatalf("bad remainder line %q: %v", l, err)
			}
			break
		}
		f := strings.Fields(l)
		if len(f) < 5 {
			t.Fatalf("bad step row %q", l)
		}
		var r stepRow
		var err error
		if r.index, err = strconv.Atoi(f[0]); err != nil {
			t.Fatalf("step row %q: index: %v", l, err)
		}
		r.kind = f[1]
		if r.ms, err = strconv.ParseFloat(f[2], 64); err != nil || r.ms < 0 {
			t.Fatalf("step row %q: time: %v", l, err)
		}
		if r.share, err = strconv.ParseFloat(strings.TrimSuffix(f[3], "%"), 64); err != nil || !strings.HasSuffix(f[3], "%") || r.share < 0 || r.share > 100 {
			t.Fatalf("step row %q: share: %v", l, err)
		}
		text := strings.Join(f[4:], " ")
		for strings.HasPrefix(text, "[") {
			note, rest, ok := strings.Cut(text, "] ")
			if !ok {
				t.Fatalf("step row %q: an unclosed note", l)
			}
			r.notes += note + "]"
			text = rest
		}
		if k, _, _ := strings.Cut(text, " "); k != r.kind {
			t.Errorf("step row %q: the dispatch text does not start with its kind", l)
		}
		rows = append(rows, r)
	}
	return steps, rows, more
}

// TestRunPrintTimingsSteps: --print-timings lists the steps of the plan
// (dispatches) slowest first after the stage table, 20 by default with
// the rest summed on one line, every one with --top-steps=0; a pad run
// by its reader is marked at its two steps and at the reader.
func TestRunPrintTimingsSteps(t *testing.T) {
	for _, top := range []int{20, 0, 3} {
		args := append(exampleArgs("../../examples/conv_backward"), "--print-timings", fmt.Sprintf("--top-steps=%d", top))
		out, errOut, code := run(t, "", args...)
		if code != 0 {
			t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
		}
		if !strings.Contains(errOut, "execute") || !strings.Contains(errOut, "total") {
			t.Fatalf("no stage table:\n%s", errOut)
		}
		steps, rows, more := parseStepTable(t, errOut)
		want := steps
		if top > 0 && top < steps {
			want = top
		}
		if len(rows) != want || len(rows)+more != steps {
			t.Fatalf("--top-steps=%d: %d rows and %d more for %d steps:\n%s", top, len(rows), more, steps, errOut)
		}
		seen := map[int]bool{}
		for i, r := range rows {
			if r.index < 0 || r.index >= steps || seen[r.index] {
				t.Errorf("step index %d out of range or repeated", r.index)
			}
			seen[r.index] = true
			if i > 0 && r.ms > rows[i-1].ms {
				t.Errorf("rows not sorted by time: %v after %v", r, rows[i-1])
			}
		}
		if top != 0 {
			continue
		}
		// The example's data gradient reads its pad alone: the pad's
		// fill and copy say which step ran it, and that step says so.
		byIndex := map[int]stepRow{}
		for _, r := range rows {
			byIndex[r.index] = r
		}
		padded := 0
		for _, r := range rows {
			var reader, fill, cp int
			if _, err := fmt.Sscanf(r.notes, "[pad run in step %d]", &reader); err == nil {
				padded++
				if r.ms != 0 || (r.kind != "fill" && r.kind != "copy") {
					t.Errorf("step %d (%s, %.3f ms) is marked %s", r.index, r.kind, r.ms, r.notes)
				}
				if _, err := fmt.Sscanf(byIndex[reader].notes, "[with the pad of steps %d-%d]", &fill, &cp); err != nil || (r.index != fill && r.index != cp) {
					t.Errorf("step %d is marked %s, step %d %q", r.index, r.notes, reader, byIndex[reader].notes)
				}
			}
		}
		if padded != 2 {
			t.Errorf("%d steps marked as a pad run in another, want the example's pad's 2:\n%s", padded, errOut)
		}
	}
}

// TestRunMalformedInputs: each kind of bad .npy is reported with the
// argument it was given for (and the file), never a panic or a run.
func TestRunMalformedInputs(t *testing.T) {
	dir := t.TempDir()
	src := "../../examples/conv_backward"
	args := exampleArgs(src)
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good, err := os.ReadFile(filepath.Join(src, "weight.npy"))
	if err != nil {
		t.Fatal(err)
	}
	truncated := write("truncated.npy", good[:len(good)-5])
	headerOnly := write("header.npy", good[:20])
	notNPY := write("text.npy", []byte("weights, as text\n"))
	f64 := runtime.New(runtime.F64, 2, 2, 3, 3)
	if err := runtime.WriteNPYFile(filepath.Join(dir, "f64.npy"), f64); err != nil {
		t.Fatal(err)
	}
	i64 := runtime.New(runtime.I64, 2, 2, 3, 3)
	if err := runtime.WriteNPYFile(filepath.Join(dir, "i64.npy"), i64); err != nil {
		t.Fatal(err)
	}
	withWeight := func(p string) []string {
		return append(append(append([]string{}, args[:4]...), "--input=@"+p), args[5:]...)
	}
	cases := []struct {
		name string
		args []string
		code int
		want []string
	}{
		{"wrong dtype f64", withWeight(filepath.Join(dir, "f64.npy")), 1, []string{"argument 2", "f64.npy", "expected f32"}},
		{"wrong dtype i64", withWeight(filepath.Join(dir, "i64.npy")), 1, []string{"argument 2", "i64.npy", "expected f32"}},
		{"wrong shape", withWeight(filepath.Join(src, "input.npy")), 1, []string{"argument 2", "input.npy", "shape"}},
		{"truncated payload", withWeight(truncated), 1, []string{"argument 2", "truncated.npy", "truncated"}},
		{"truncated header", withWeight(headerOnly), 1, []string{"argument 2", "header.npy"}},
		{"not a .npy", withWeight(notNPY), 1, []string{"argument 2", "text.npy"}},
		{"missing file", withWeight(filepath.Join(dir, "absent.npy")), 1, []string{"argument 2", "absent.npy"}},
		{"too few inputs", args[:4], 2, []string{"takes 3 arguments, 2 --input given"}},
		{"too many inputs", append(append([]string{}, args[:5]...), "--input="+strings.TrimPrefix(args[4], "--input=")), 2, []string{"takes 3 arguments, 4 --input given"}},
		{"no inputs", args[:2], 2, []string{"takes 3 arguments, 0 --input given"}},
	}
	for _, c := range cases {
		out, errOut, code := run(t, "", c.args...)
		if code != c.code {
			t.Errorf("%s: exit %d, want %d; stderr %q", c.name, code, c.code, errOut)
		}
		for _, w := range c.want {
			if !strings.Contains(errOut, w) {
				t.Errorf("%s: stderr %q lacks %q", c.name, errOut, w)
			}
		}
		if strings.Contains(out, "result[") {
			t.Errorf("%s: ran anyway:\n%s", c.name, out)
		}
	}
}

// TestRunRepeat: --repeat runs the function again on the same inputs
// (on the CPU through one cpu.Executor, the later runs reusing the
// kernels of the first); the results compared are the last run's, which
// still match PyTorch, for the program and for its compiled module.
func TestRunRepeat(t *testing.T) {
	tlm := filepath.Join(t.TempDir(), "m.tlm")
	if _, errOut, code := run(t, "", "compile", "../../examples/conv_backward.mlir", "-o", tlm); code != 0 {
		t.Fatalf("compile exited %d: %s", code, errOut)
	}
	for _, prog := range []string{"../../examples/conv_backward.mlir", tlm} {
		args := exampleArgs("../../examples/conv_backward")
		args[1] = prog
		out, errOut, code := run(t, "", append(args, "--repeat=4", "--print-timings")...)
		if code != 0 || strings.Count(out, ": match:") != 3 {
			t.Fatalf("%s --repeat=4: exit %d\nstdout:\n%s\nstderr:\n%s", prog, code, out, errOut)
		}
		if !regexp.MustCompile(`(?m)^  repeats +[0-9.]+ ms$`).MatchString(errOut) ||
			!regexp.MustCompile(`(?m)^  repeats: 3 runs after the first, median [0-9.]+ ms, min [0-9.]+ ms, max [0-9.]+ ms$`).MatchString(errOut) {
			t.Errorf("%s --repeat=4 --print-timings: no repeats stage and line:\n%s", prog, errOut)
		}
	}
	if _, errOut, code := run(t, "", append(exampleArgs("../../examples/conv_backward"), "--repeat=0")...); code != 2 || !strings.Contains(errOut, "--repeat must be at least 1, not 0") {
		t.Errorf("--repeat=0: exit %d, %s", code, errOut)
	}
}

// On a GPU, the timing table says which steps' kernels share a launch:
// its time at the first, a pointer to it at the others.
func TestLaunchNote(t *testing.T) {
	launches := []codegen.StepKernel{3: {Form: "launch of 3: narrow", Steps: []int{3, 7, 11}}, 5: {Form: "fill"}}
	for i, want := range map[int]string{3: "[launch of 3 kernels: steps 3 7 11] ", 7: "[in step 3's launch] ", 11: "[in step 3's launch] ", 5: "", 4: ""} {
		if got := launchNote(launches, i); got != want {
			t.Errorf("step %d: %q, want %q", i, got, want)
		}
	}
	if got := launchNote(nil, 3); got != "" {
		t.Errorf("on the CPU: %q", got)
	}
}
