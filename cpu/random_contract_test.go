package cpu_test

import (
	"math/rand"
	"testing"

	"github.com/torchlower/torchlower/cpu"
)

// TestContractionFastPathRandom runs seeded random convolution_backward
// shapes — groups from one to depthwise, 1-5 taps, strides 1-3, dilation,
// transposed, image rows from 3 to 40 wide — through the fast paths and
// the interpreter, as TestContractionFastPath does its list: every
// vector path (4×16, narrow, one-column) meets rows that do and do not
// fill its tiles, runs cut at buffer ends, and reductions of one tap.
func TestContractionFastPathRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(29))
	pick := func(xs ...int64) int64 { return xs[rng.Intn(len(xs))] }
	n := 48
	if testing.Short() {
		n = 12
	}
	for i := 0; i < n; {
		rank := int(pick(1, 2, 2, 2))
		perGroup := pick(1, 1, 2, 3, 4, 5, 8, 9)
		groups := pick(1, 2, 3)
		cin := perGroup * groups
		cout := groups * pick(1, 2, 3, 4, 6, 17)
		if rng.Intn(4) == 0 { // depthwise
			groups, cout = cin, cin
		}
		s := convSpec{n: pick(1, 2), cin: cin, cout: cout, groups: groups, dtype: "f32", mask: allTrue, bias: rng.Intn(2) == 0, transposed: rng.Intn(5) == 0}
		if !randomDims(rng, pick, &s, rank, 3, 7, 9, 14, 17, 28, 33, 40) {
			continue
		}
		i++
		for _, pipeline := range []string{"baseline", "default"} {
			t.Run(pipeline+"/"+s.name(), func(t *testing.T) { checkFastPath(t, s, pipeline) })
		}
	}
}

// TestForwardFastPathRandom runs seeded random forward convolutions the
// same way, half of them depthwise, with strides up to 3, dilation and
// 1-D ones among them: the strided one-column path reads phase-split
// copies of their inputs where it can (it must have, for some) and
// packs rows where it cannot, and both must give the interpreter's bits.
func TestForwardFastPathRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(31))
	pick := func(xs ...int64) int64 { return xs[rng.Intn(len(xs))] }
	n := 24
	if testing.Short() {
		n = 8
	}
	splitBefore := cpu.PhaseSplitRuns()
	for i := 0; i < n; {
		rank := int(pick(1, 2, 2))
		c := pick(1, 3, 8, 16)
		s := convSpec{fwd: true, n: pick(1, 2), cin: c, cout: c, groups: c, dtype: "f32", bias: rng.Intn(2) == 0}
		if rng.Intn(2) == 0 {
			s.cout, s.groups = c*pick(1, 2), 1
		}
		if !randomDims(rng, pick, &s, rank, 7, 9, 14, 17, 28, 33, 40) {
			continue
		}
		i++
		t.Run(s.name(), func(t *testing.T) { checkFastPath(t, s, "default") })
	}
	if cpu.HaveVectorKernel() && !testing.Short() && cpu.PhaseSplitRuns() == splitBefore {
		t.Errorf("no random forward convolution read phase-split copies")
	}
}

// randomDims gives s rank spatial dims: kernel, stride, dilation and
// padding drawn for each, its size from sizes (a 2-D shape's first dim
// from 3, 5 or 7, to keep the data small), and an output padding for a
// transposed s. It reports whether the output is not empty.
func randomDims(rng *rand.Rand, pick func(...int64) int64, s *convSpec, rank int, sizes ...int64) bool {
	ok := true
	for d := 0; d < rank; d++ {
		k, st, dil := pick(1, 2, 3, 3, 5), pick(1, 2, 2, 3), pick(1, 1, 2)
		size := pick(sizes...)
		if rank == 2 && d == 0 {
			size = pick(3, 5, 7)
		}
		pad := rng.Int63n(dil*(k-1) + 1)
		s.spatial = append(s.spatial, size)
		s.kernel = append(s.kernel, k)
		s.stride = append(s.stride, st)
		s.pad = append(s.pad, pad)
		s.dil = append(s.dil, dil)
		if s.transposed {
			s.outPad = append(s.outPad, rng.Int63n(max(st, dil)))
			ok = ok && (size-1)*st-2*pad+dil*(k-1)+s.outPad[d]+1 >= 1
		} else {
			ok = ok && size+2*pad-dil*(k-1) >= 1
		}
	}
	return ok
}
