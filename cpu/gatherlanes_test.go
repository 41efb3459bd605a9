package cpu_test

import (
	"testing"

	"github.com/torchlower/torchlower/cpu"
)

// TestGatherLanes runs depthwise convolutions that the gathered-lanes
// path takes (16 channels in the lanes, gathered and scattered): stride-2
// data gradients (phases stored every other element, edge columns and
// corners strided in both factors), stride-2 forward ones (every other
// input of a row; one with a bias, so the sums start from the output),
// a 5x5 window, and a 2x2 one over short rows; channel counts that leave
// a partial block of 16 lanes. Fused and unfused, each gives the
// interpreter's bits, and on AVX-512 the path runs. A stride-1 forward
// convolution over long rows, unit-stride in both factors, stays on the
// one-column path.
func TestGatherLanes(t *testing.T) {
	d := [3]bool{true, false, false}
	specs := []struct {
		s      convSpec
		gather bool
	}{
		{convSpec{n: 2, cin: 24, cout: 24, spatial: []int64{13, 21}, kernel: []int64{3, 3}, stride: []int64{2, 2}, pad: []int64{1, 1}, groups: 24, dtype: "f32", mask: d}, true},
		{convSpec{n: 1, cin: 16, cout: 16, spatial: []int64{12, 15}, kernel: []int64{5, 5}, stride: []int64{2, 2}, pad: []int64{2, 2}, groups: 16, dtype: "f32", mask: d}, true},
		{convSpec{fwd: true, n: 2, cin: 20, cout: 20, spatial: []int64{11, 13}, kernel: []int64{3, 3}, stride: []int64{2, 2}, pad: []int64{1, 1}, groups: 20, dtype: "f32", bias: true}, true},
		{convSpec{fwd: true, n: 1, cin: 17, cout: 17, spatial: []int64{14, 12}, kernel: []int64{5, 5}, stride: []int64{2, 2}, pad: []int64{2, 2}, groups: 17, dtype: "f32"}, true},
		{convSpec{fwd: true, n: 3, cin: 32, cout: 32, spatial: []int64{5, 5}, kernel: []int64{2, 2}, groups: 32, dtype: "f32", bias: true}, true},
		{convSpec{fwd: true, n: 1, cin: 16, cout: 16, spatial: []int64{20, 20}, kernel: []int64{3, 3}, pad: []int64{1, 1}, groups: 16, dtype: "f32"}, false},
	}
	for _, pipeline := range []string{"default", "default-unfused"} {
		for _, c := range specs {
			before := cpu.GatherLaneRuns()
			t.Run(pipeline+"/"+c.s.name(), func(t *testing.T) { checkFastPath(t, c.s, pipeline) })
			want := c.gather && cpu.HaveVectorKernel() && cpu.HaveAVX512()
			if ran := cpu.GatherLaneRuns() != before; ran != want {
				t.Errorf("%s %s: gathered lanes ran: %v, want %v", pipeline, c.s.name(), ran, want)
			}
		}
	}
}
