package e2e

import (
	"bytes"
	"testing"
	"time"

	"github.com/torchlower/torchlower/gpu"
)

// TestSuiteOnGPU runs every case on each GPU kind that is usable here,
// with both pipelines, and fails on any FAIL or XPASS, as TestSuite does
// on the CPU. Without a GPU (CI) it skips, saying why.
func TestSuiteOnGPU(t *testing.T) {
	cases, err := LoadCases(casesDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, kind := range gpu.Kinds {
		t.Run(kind, func(t *testing.T) {
			g := GPU{Kind: kind}
			if !g.Available() {
				t.Skipf("no usable %s GPU: %v", kind, g.Reason())
			}
			for _, pipeline := range []string{"default", "baseline"} {
				start := time.Now()
				g.Pipeline = pipeline
				results := Run(cases, g, Options{})
				var buf bytes.Buffer
				s := Report(&buf, results, true, kind+", "+pipeline+" pipeline")
				t.Logf("%s: %d cases in %v (%s)", pipeline, len(results), time.Since(start).Round(time.Millisecond), g.device().Info())
				if s.Failed() {
					t.Errorf("e2e on %s, %s pipeline: %d FAIL, %d XPASS\n%s", kind, pipeline, s[Fail], s[XPass], buf.String())
				}
			}
		})
	}
}
