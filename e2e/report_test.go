package e2e

import (
	"bytes"
	"errors"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/runtime"
)

// perturbed wraps a backend and breaks its results for chosen cases.
type perturbed struct {
	Backend
	breakCase func(program string) bool
	err       bool
}

func (p perturbed) Run(program, fn string, args []*runtime.Tensor) ([]*runtime.Tensor, error) {
	res, err := p.Backend.Run(program, fn, args)
	if err != nil || !p.breakCase(program) {
		return res, err
	}
	if p.err {
		return nil, errors.New("backend exploded")
	}
	for _, r := range res {
		if r != nil {
			r.SetFloat64(r.NumElements()-1, r.Float64(r.NumElements()-1)+1)
			break
		}
	}
	return res, nil
}

func TestReportFormat(t *testing.T) {
	cases, err := LoadCases(filepath.Join(casesDir, "conv_backward"))
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`^dt_conv2d_s2_`)
	b := perturbed{Backend: CPU{}, breakCase: func(p string) bool {
		return strings.Contains(p, "dt_conv2d_s2_f32") || strings.Contains(p, "dt_conv2d_s2_f16")
	}}
	results := Run(cases, b, Options{Filter: re, XFail: map[string]string{
		"dt_conv2d_s2_f16": "known bug", "dt_conv2d_s2_f64": "stale xfail"}})
	var buf bytes.Buffer
	s := Report(&buf, results, true, "cpu")
	out := buf.String()
	for _, want := range []string{
		`FAIL - "dt_conv2d_s2_f32"`,
		`XFAIL - "dt_conv2d_s2_f16"`,
		`XPASS - "dt_conv2d_s2_f64"`,
		`PASS - "dt_conv2d_s2_bf16"`,
		"\nUnexpected outcome summary: (cpu)\n",
		"\n****** Failed tests - 1 tests\n    FAIL - \"dt_conv2d_s2_f32\"\n        program: ",
		"\n****** Unexpectedly Passed tests - 1 tests\n    XPASS - \"dt_conv2d_s2_f64\"\n        expected to fail (stale xfail) but passed\n",
		"inputs: f32[2, 4, 4, 4], f32[2, 3, 7, 7], f32[4, 3, 3, 3]",
		"result 0 (grad_input) [2, 3, 7, 7]: ERROR: mismatch at [1, 2, 6, 6]",
		"expected to fail (stale xfail) but passed",
		"\nSummary:\n    Passed: 1\n    Failed: 1\n    Expectedly Failed: 1\n    Unexpectedly Passed: 1\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	if !s.Failed() || s[Pass] != 1 {
		t.Errorf("summary %v", s)
	}
	// A backend error is a FAIL with the error in the details.
	b.err = true
	results = Run(cases, b, Options{Filter: regexp.MustCompile(`^dt_conv2d_s2_f32$`)})
	buf.Reset()
	Report(&buf, results, true, "cpu")
	if !strings.Contains(buf.String(), "ERROR: backend exploded") {
		t.Errorf("report:\n%s", buf.String())
	}
}
