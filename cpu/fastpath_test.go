package cpu_test

import (
	"testing"

	"github.com/torchlower/torchlower/cpu"
)

// TestBenchShapesFast checks that the data, weight and bias gradients of
// every benchmark shape take the fast path.
func TestBenchShapesFast(t *testing.T) {
	for _, s := range benchSpecs {
		s.groups, s.dtype, s.mask, s.bias = 1, "f32", allTrue, true
		s.n = 1
		p, _ := s.build(t)
		n := 0
		for _, f := range cpu.FastSteps(p, nil) {
			if f {
				n++
			}
		}
		if n < 3 {
			t.Errorf("%s: %d steps on the fast path (%v), want 3", s.name(), n, cpu.FastSteps(p, nil))
		}
	}
}
