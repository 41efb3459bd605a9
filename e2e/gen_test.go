package e2e

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestMatrixRefusesWrongF32Reference: the matrix generator checks each f32
// result of PyTorch against the same op in f64 (check_f32_reference) and
// stops, naming the case, where one is off by more than the f32
// tolerance or is not finite (torch 1.13's oneDNN path returned NaN and
// 1e38 for a 3-D weight gradient), while PyTorch's own f32 results pass.
func TestMatrixRefusesWrongF32Reference(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: not running the generator")
	}
	gen, err := filepath.Abs("gen")
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	requireTorch(t, tmp, "the matrix's reference check")
	// One process: each corruption of PyTorch's weight gradient, the
	// first none, is checked in turn; the check's exit is caught.
	script := `import sys, torch
sys.path.insert(0, sys.argv[1])
import conv_backward_matrix as m
c = m.case("probe_f32", 2, 2, 4, 6, [7, 7], [3, 3], 2, 1)
ins, in_shapes, _ = m.operands(c)
f64 = lambda: m.convolution_backward(c, ins, torch.float64)
for corrupt in ["pass", "w.view(-1)[5] += 0.01", "w.view(-1)[0] = float('nan')", "w.view(-1)[3] = 1e38"]:
    res = list(m.convolution_backward(c, ins, torch.float32))
    w = res[1] = res[1].clone()
    exec(corrupt)
    try:
        m.check_f32_reference(c, res, in_shapes, f64)
        print(corrupt, "| accepted")
    except SystemExit as e:
        print(corrupt, "| refused:", e)
`
	cmd := exec.Command(python, "-c", script, gen)
	cmd.Dir = tmp
	b, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) != 4 || lines[0] != "pass | accepted" {
		t.Fatalf("PyTorch's own f32 results not accepted:\n%s", b)
	}
	for _, l := range lines[1:] {
		if !strings.Contains(l, "| refused: probe_f32: PyTorch's f32 result 1 is off the f64 one") {
			t.Errorf("not refused: %s", l)
		}
	}
}

// TestFuzzCasesPass draws a few cases with each fuzz generator
// (e2e/gen/fuzz_conv_backward.py, fuzz_training_ops.py, fuzz_graphs.py)
// and runs them on the CPU: they load as the committed cases do, their
// references are f64 ones, and they pass.
func TestFuzzCasesPass(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: not running the generators")
	}
	for _, g := range []struct {
		script, prefix string
		count          int
		args           []string
	}{
		{"fuzz_conv_backward.py", "fz3_", 12, []string{"--min-macs", "1e5", "--max-macs", "2e6", "--max-hw", "24"}},
		{"fuzz_training_ops.py", "fzt3_", 40, []string{"--min-elems", "500", "--max-elems", "2e4"}},
		{"fuzz_graphs.py", "fzg3_", 20, []string{"--max-elems", "2e4"}},
	} {
		t.Run(g.script, func(t *testing.T) {
			gen, err := filepath.Abs(filepath.Join("gen", g.script))
			if err != nil {
				t.Fatal(err)
			}
			tmp := t.TempDir()
			requireTorch(t, tmp, "the fuzz generator")
			out := filepath.Join(tmp, "fuzz")
			args := append([]string{gen, "--seed", "3", "--count", strconv.Itoa(g.count), "--out", out}, g.args...)
			cmd := exec.Command(python, args...)
			cmd.Dir = tmp
			if b, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("%s: %v\n%s", gen, err, b)
			}
			cases, err := LoadCases(out)
			if err != nil {
				t.Fatal(err)
			}
			if len(cases) != g.count {
				t.Fatalf("%d cases, want %d", len(cases), g.count)
			}
			results := Run(cases, CPU{}, Options{})
			var buf bytes.Buffer
			if s := Report(&buf, results, true, "cpu, fuzz seed 3"); s.Failed() || s[Pass] != g.count {
				t.Errorf("fuzz cases:\n%s", buf.String())
			}
			for _, c := range cases {
				if !strings.HasPrefix(c.Name, g.prefix) {
					t.Errorf("case %q: want the %s prefix of seed 3", c.Name, g.prefix)
				}
			}
		})
	}
}
