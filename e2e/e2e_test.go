package e2e

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// casesDir is the committed suite, relative to this package.
var casesDir = filepath.Join("cases")

// TestSuite runs every committed case on the CPU, with the default
// preprocessing pipeline and with the baseline (no backward-data-conv), and fails on any
// FAIL or XPASS; convolution_backward has no expected failures.
func TestSuite(t *testing.T) {
	cases, err := LoadCases(casesDir)
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) == 0 {
		t.Fatal("no cases under e2e/cases")
	}
	for _, pipeline := range []string{"default", "baseline"} {
		t.Run(pipeline, func(t *testing.T) {
			start := time.Now()
			results := Run(cases, CPU{Pipeline: pipeline}, Options{})
			var buf bytes.Buffer
			s := Report(&buf, results, true, "cpu, "+pipeline+" pipeline")
			t.Logf("%d cases in %v", len(results), time.Since(start).Round(time.Millisecond))
			if s.Failed() || testing.Verbose() {
				t.Log("\n" + buf.String())
			}
			if s.Failed() {
				t.Errorf("e2e: %d FAIL, %d XPASS", s[Fail], s[XPass])
			}
		})
	}
	for _, c := range cases {
		if c.Suite == "conv_backward" && c.XFail != "" {
			t.Errorf("%s is XFAIL; convolution_backward must have none (%s)", c.Name, c.XFail)
		}
	}
}

// TestConvBackwardMatrixCoverage checks that the committed matrix keeps the
// size and the forms the suite promises.
func TestConvBackwardMatrixCoverage(t *testing.T) {
	cases, err := LoadCases(filepath.Join(casesDir, "conv_backward"))
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) < 300 {
		t.Errorf("the convolution_backward matrix has %d cases, want at least 300", len(cases))
	}
	forms := CountByForm(cases)
	for _, f := range []string{"kernel_sweep", "3d", "nonsquare", "stride_gt_kernel", "padding_gt_dk", "dilation",
		"groups", "depthwise", "transposed", "output_mask", "dtype", "odd_extent", "long_reduction"} {
		if forms[f] == 0 {
			t.Errorf("no %s cases", f)
		}
	}
	dtypes := map[string]int{}
	masks := map[string]bool{}
	for _, c := range cases {
		dtypes[c.DType]++
		var m strings.Builder
		for _, r := range c.Results {
			if r == nil {
				m.WriteByte('F')
			} else {
				m.WriteByte('T')
			}
		}
		masks[m.String()] = true
	}
	for _, d := range []string{"f32", "f64", "f16", "bf16"} {
		if dtypes[d] == 0 {
			t.Errorf("no %s cases", d)
		}
	}
	if len(masks) != 8 {
		t.Errorf("output_mask combinations covered: %d, want 8", len(masks))
	}
}
