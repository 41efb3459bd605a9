package e2e_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/internal/cli"
)

// TestCLI runs `torchlower e2e` through cli.RunE2E.
func TestCLI(t *testing.T) {
	run := func(args ...string) (int, string, string) {
		var out, errb bytes.Buffer
		code := cli.RunE2E(&cli.Env{Stdout: &out, Stderr: &errb}, args)
		return code, out.String(), errb.String()
	}
	code, out, errs := run("--cases=cases", "--filter=^mask_TTT_", "-v")
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	if !strings.Contains(out, `PASS - "mask_TTT_2d_`) || !strings.Contains(out, "\nSummary:\n    Passed: ") {
		t.Errorf("output:\n%s", out)
	}
	if code, _, errs := run("--cases=cases", "--device=hip"); code != 2 || !strings.Contains(errs, `device "hip" is not available`) {
		t.Errorf("--device=hip: exit %d, stderr %q", code, errs)
	}
	if code, _, errs := run("--cases=cases", "--filter=^nothing-matches$"); code != 1 || !strings.Contains(errs, "no cases") {
		t.Errorf("empty filter: exit %d, stderr %q", code, errs)
	}
	if code, _, _ := run("--cases=cases", "--filter=("); code != 2 {
		t.Errorf("bad regexp: exit %d", code)
	}
}
