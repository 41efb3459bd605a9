package cli

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/torchlower/torchlower/bench"
	"github.com/torchlower/torchlower/e2e"
	"github.com/torchlower/torchlower/runtime"
)

// TestMain makes the test binary torchlower itself when
// TL_CLI_CHILD=1: the commands' relaunches run it in tests.
func TestMain(m *testing.M) {
	relaunch = relaunchTestBinary
	if os.Getenv("TL_CLI_CHILD") == "1" {
		os.Exit(Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// relaunchTestBinary is Env.Relaunch for tests: this binary as torchlower.
func relaunchTestBinary(args []string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "TL_CLI_CHILD=1")
	return cmd
}

// faultyBackend is the CPU backend with a GPU's kernel faults, scripted:
// a case whose directory $TL_FAULT_CASES names (comma-separated) faults
// (runtime.ErrDeviceFault), and after a fault every run in the process
// is runtime.ErrDeviceLost, as gpu.Device's are.
type faultyBackend struct{ e2e.CPU }

var faultyLost atomic.Bool

func (faultyBackend) Name() string { return "faulty" }

func (f faultyBackend) Run(program, fn string, args []*runtime.Tensor) ([]*runtime.Tensor, error) {
	if faultyLost.Load() {
		return nil, fmt.Errorf("faulty: %w", runtime.ErrDeviceLost)
	}
	for _, name := range strings.Split(os.Getenv("TL_FAULT_CASES"), ",") {
		if name != "" && strings.Contains(program, "/"+name+"/") {
			faultyLost.Store(true)
			return nil, fmt.Errorf("faulty: a scripted fault in %s: %w", name, runtime.ErrDeviceFault)
		}
	}
	return f.CPU.Run(program, fn, args)
}

func init() { e2e.Backends["faulty"] = faultyBackend{} }

// A kernel fault costs the e2e suite the faulting case, not the cases
// after it: those run in a new process, and again after a fault there.
// With cases A, B, C, D in order and faults in B and C: this process
// runs A and B, a second C, a third D; the report has all four, B and C
// FAILed with their faults.
func TestE2ERelaunchesAfterAFault(t *testing.T) {
	const filter = "^mask_TTT_"
	cases, err := e2e.LoadCases("../../e2e/cases")
	if err != nil {
		t.Fatal(err)
	}
	names := []string{}
	for _, c := range e2e.Filter(cases, regexp.MustCompile(filter)) {
		names = append(names, c.Name)
	}
	if len(names) != 4 {
		t.Fatalf("want 4 cases, got %v", names)
	}
	t.Setenv("TL_FAULT_CASES", names[1]+","+names[2])
	var out, errb bytes.Buffer
	env := &Env{Stdout: &out, Stderr: &errb, Relaunch: relaunchTestBinary}
	code := runE2E(env, []string{"--cases=../../e2e/cases", "--device=faulty", "--filter=" + filter, "--parallel=1", "-v", "--"})
	t.Logf("stdout:\n%s\nstderr:\n%s", out.String(), errb.String())
	if code != 1 {
		t.Errorf("exit %d, want 1 (two cases FAIL)", code)
	}
	for i, n := range names {
		want := "PASS"
		if i == 1 || i == 2 {
			want = "FAIL"
		}
		if !strings.Contains(out.String(), fmt.Sprintf("%s - %q\n", want, n)) {
			t.Errorf("case %s is not %s", n, want)
		}
	}
	for _, want := range []string{"a scripted fault in " + names[1], "a scripted fault in " + names[2], "Passed: 2\n", "Failed: 2\n"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the report does not say %q", want)
		}
	}
	if strings.Contains(out.String(), "not run") {
		t.Error("the report has a case that did not run")
	}
	if n := strings.Count(errb.String(), "did not run after a kernel fault"); n != 2 {
		t.Errorf("%d relaunches, want 2 (after each fault)", n)
	}

	// Without a relaunch (a command called in-process), the cases after
	// the fault FAIL as not run.
	faultyLost.Store(false)
	out.Reset()
	env.Relaunch = nil
	runE2E(env, []string{"--cases=../../e2e/cases", "--device=faulty", "--filter=" + filter, "--parallel=1", "-v"})
	if n := strings.Count(out.String(), "not run: an earlier kernel fault"); n != 2 {
		t.Errorf("without a relaunch, %d cases say they did not run, want 2:\n%s", n, out.String())
	}
}

// bench's relaunch: the same command line in a new process, without
// PyTorch, filtered to the shapes it is given (past any --filter of its
// own), its rows read back. On the CPU, since the faults themselves are
// bench's tests (bench.TestFaultReruns).
func TestBenchRelaunch(t *testing.T) {
	s, _ := bench.SuiteByName("smoke")
	var errb bytes.Buffer
	env := &Env{Stderr: &errb, Relaunch: relaunchTestBinary}
	rows, err := rerunBench(env, []string{"--suite=smoke", "--reps=1", "--warmup=0", "--filter=nothing"}, s.Shapes[1:], "cpu")
	t.Logf("stderr:\n%s", errb.String())
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(s.Shapes)-1 {
		t.Fatalf("%d rows for %d shapes", len(rows), len(s.Shapes)-1)
	}
	for i, row := range rows {
		if row.Shape.Name != s.Shapes[i+1].Name || row.Err != "" || len(row.Times) != len(s.Pipelines) || row.Torch != nil {
			t.Errorf("row %d: %+v", i, row)
		}
	}
}
