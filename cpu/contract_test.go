package cpu_test

import (
	"bytes"
	"fmt"
	"math"
	"math/rand"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/torchlower/torchlower/compiler"

	"github.com/torchlower/torchlower/cpu"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/plan"
	"github.com/torchlower/torchlower/preprocessing"
	"github.com/torchlower/torchlower/runtime"
)

// convSpec describes a convolution_backward (or convolution) call for the
// fast-path tests and benchmarks.
type convSpec struct {
	fwd              bool
	n, cin, cout     int64
	spatial, kernel  []int64
	stride, pad, dil []int64
	outPad           []int64
	groups           int64
	transposed, bias bool
	dtype            string
	mask             [3]bool
}

func (s convSpec) name() string {
	op := "bwd"
	if s.fwd {
		op = "fwd"
	}
	return fmt.Sprintf("%s_%s_n%d_%dto%d_sp%v_k%v_s%v_p%v_d%v_g%d_t%v", op, s.dtype, s.n, s.cin, s.cout, s.spatial, s.kernel, s.stride, s.pad, s.dil, s.groups, s.transposed)
}

// convCase builds the case (shapes only; no reference data).
func (s convSpec) convCase() *convCase {
	rank := len(s.spatial)
	ones := func(v []int64, d int64) []int64 {
		if v != nil {
			return v
		}
		r := make([]int64, rank)
		for i := range r {
			r[i] = d
		}
		return r
	}
	stride, pad, dil, op := ones(s.stride, 1), ones(s.pad, 0), ones(s.dil, 1), ones(s.outPad, 0)
	in := append([]int64{s.n, s.cin}, s.spatial...)
	var w, out []int64
	out = []int64{s.n, s.cout}
	if s.transposed {
		w = append([]int64{s.cin, s.cout / s.groups}, s.kernel...)
	} else {
		w = append([]int64{s.cout, s.cin / s.groups}, s.kernel...)
	}
	for i := 0; i < rank; i++ {
		var o int64
		if s.transposed {
			o = (s.spatial[i]-1)*stride[i] - 2*pad[i] + dil[i]*(s.kernel[i]-1) + op[i] + 1
		} else {
			o = (s.spatial[i]+2*pad[i]-dil[i]*(s.kernel[i]-1)-1)/stride[i] + 1
		}
		out = append(out, o)
	}
	c := &convCase{Stride: stride, Padding: pad, Dilation: dil, OutputPadding: op, Groups: s.groups,
		Transposed: s.transposed, Dtype: s.dtype, Bias: s.bias, Shapes: map[string][]int64{}}
	if s.fwd {
		c.Op = "convolution"
		c.OutputMask = []bool{true, false, false}
		c.Shapes["input"], c.Shapes["weight"] = in, w
		if s.bias {
			c.Shapes["bias"] = []int64{s.cout}
		}
		c.OutputShapes = [][]int64{out}
		return c
	}
	c.Op = "convolution_backward"
	c.OutputMask = s.mask[:]
	c.Shapes["grad_output"], c.Shapes["input"], c.Shapes["weight"] = out, in, w
	c.OutputShapes = [][]int64{in, w, {s.cout}}
	return c
}

func (s convSpec) build(t testing.TB) (*plan.Plan, []*runtime.Tensor) {
	return s.buildWith(t, "baseline")
}

// buildWith lowers the spec and runs a compiler preprocessing pipeline
// ("baseline" runs none, "default" runs backward-data-conv; both then
// fp-contract, their "-unfused" forms not; or a pipeline's text) before
// planning.
func (s convSpec) buildWith(t testing.TB, pipeline string) (*plan.Plan, []*runtime.Tensor) {
	c := s.convCase()
	m := lowerTorch(t, "spec", c.TorchFunc())
	preprocess := compiler.Preprocess
	if strings.ContainsAny(pipeline, ",{") { // a pipeline's text
		preprocess = compiler.PreprocessText
	}
	if err := preprocess(compiler.NewContext(), m, pipeline); err != nil {
		t.Fatalf("preprocess: %v", err)
	}
	p, err := plan.Build(m, "conv")
	if err != nil {
		t.Fatalf("plan: %v", err)
	}
	rng := rand.New(rand.NewSource(1))
	dt := dtypeOf(t, s.dtype)
	var args []*runtime.Tensor
	for _, name := range c.Operands() {
		shape := c.Shapes[name]
		vs := make([]float64, ir.NumElements(shape))
		for i := range vs {
			vs[i] = rng.Float64()*2 - 1
		}
		a, err := runtime.FromFloat64s(dt, shape, vs)
		if err != nil {
			t.Fatal(err)
		}
		args = append(args, a)
	}
	return p, args
}

var allTrue = [3]bool{true, true, true}

// kernelConfigs are every choice of contraction kernels the fast path
// can make: the vector tiles (where the CPU has them), the packed scalar
// tiles, the plain ones. The narrow path (n of at most 8, m unit-stride)
// takes the data gradients into few channels, the one-column path the
// depthwise weight gradients; "vector-wide" runs those on the 4×16 tiles
// or the scalar ones instead.
var kernelConfigs = []struct {
	name string
	k    cpu.Kernels
}{
	{"vector", cpu.Kernels{Vec: true, AVX512: true, Direct: true, Narrow: true, OneColumn: true, GroupLanes: true, Packed: true}},
	{"vector-avx", cpu.Kernels{Vec: true, Direct: true, Narrow: true, OneColumn: true, GroupLanes: true, Packed: true}},
	{"vector-packed", cpu.Kernels{Vec: true, AVX512: true, Narrow: true, OneColumn: true, Packed: true}},
	{"vector-wide", cpu.Kernels{Vec: true, AVX512: true, Direct: true, Packed: true}},
	{"packed", cpu.Kernels{Packed: true}},
	{"tiles", cpu.Kernels{}},
}

// TestContractionFastPath runs convolutions through the contraction fast
// path and through the generic interpreter and requires the same bits:
// the fast path keeps the interpreter's summation order and rounding.
// Every vector path splits its work among the workers however small
// (these shapes are below parallelLaneWork), so that the ranges each
// worker takes are checked too; the other tests run them whole.
func TestContractionFastPath(t *testing.T) {
	t.Logf("vector kernel: %v, AVX-512: %v", cpu.HaveVectorKernel(), cpu.HaveAVX512())
	defer cpu.SetParallelLaneWork(cpu.SetParallelLaneWork(0))
	specs := []convSpec{
		{n: 2, cin: 5, cout: 7, spatial: []int64{9, 8}, kernel: []int64{3, 3}, pad: []int64{1, 1}, groups: 1, dtype: "f32", mask: allTrue, bias: true},
		{n: 2, cin: 6, cout: 8, spatial: []int64{11, 10}, kernel: []int64{3, 3}, stride: []int64{2, 2}, pad: []int64{1, 1}, groups: 1, dtype: "f32", mask: allTrue, bias: true},
		{n: 3, cin: 4, cout: 6, spatial: []int64{12, 9}, kernel: []int64{3, 2}, dil: []int64{2, 1}, pad: []int64{2, 0}, groups: 2, dtype: "f32", mask: allTrue, bias: true},
		{n: 2, cin: 8, cout: 4, spatial: []int64{7, 7}, kernel: []int64{1, 1}, stride: []int64{2, 2}, groups: 1, dtype: "f64", mask: allTrue, bias: true},
		{n: 2, cin: 4, cout: 6, spatial: []int64{5, 6}, kernel: []int64{3, 3}, stride: []int64{2, 2}, pad: []int64{1, 1}, outPad: []int64{1, 0}, groups: 2, transposed: true, dtype: "f32", mask: allTrue, bias: true},
		{n: 2, cin: 4, cout: 4, spatial: []int64{8, 8}, kernel: []int64{3, 3}, pad: []int64{1, 1}, groups: 4, dtype: "f32", mask: [3]bool{true, true, false}},
		{n: 2, cin: 6, cout: 4, spatial: []int64{9, 7}, kernel: []int64{3, 3}, stride: []int64{2, 1}, pad: []int64{1, 1}, groups: 2, dtype: "f16", mask: allTrue, bias: true},
		{n: 2, cin: 6, cout: 4, spatial: []int64{9, 7}, kernel: []int64{3, 3}, stride: []int64{1, 2}, pad: []int64{1, 1}, groups: 1, dtype: "bf16", mask: allTrue, bias: true},
		{n: 2, cin: 3, cout: 5, spatial: []int64{13}, kernel: []int64{4}, stride: []int64{3}, pad: []int64{2}, dil: []int64{2}, groups: 1, dtype: "f32", mask: allTrue, bias: true},
		{n: 1, cin: 3, cout: 4, spatial: []int64{5, 4, 6}, kernel: []int64{3, 2, 3}, stride: []int64{1, 2, 1}, pad: []int64{1, 0, 1}, groups: 1, dtype: "f32", mask: allTrue, bias: true},
		{n: 2, cin: 20, cout: 36, spatial: []int64{9, 19}, kernel: []int64{1, 1}, groups: 1, dtype: "f32", mask: allTrue, bias: true},
		// A 1x1 weight gradient with a long reduction (1024 positions)
		// into 52 channels (four n tiles, the last partial) from 8.
		{n: 1, cin: 8, cout: 52, spatial: []int64{32, 32}, kernel: []int64{1, 1}, groups: 1, dtype: "f32", mask: [3]bool{false, true, false}},
		{n: 3, cin: 17, cout: 33, spatial: []int64{11, 6}, kernel: []int64{3, 3}, stride: []int64{2, 2}, pad: []int64{1, 1}, groups: 1, dtype: "f32", mask: allTrue, bias: true},
		// Image rows of at least 32: the narrow path's tiles follow them,
		// the last of each partial (and read past it in place).
		{n: 1, cin: 3, cout: 4, spatial: []int64{5, 70}, kernel: []int64{3, 3}, stride: []int64{2, 2}, pad: []int64{1, 1}, groups: 1, dtype: "f32", mask: allTrue},
		{n: 2, cin: 2, cout: 3, spatial: []int64{4, 37}, kernel: []int64{3, 3}, pad: []int64{1, 1}, groups: 1, dtype: "f32", mask: allTrue, bias: true},
		// A narrow data gradient whose reduction (40 channels × 9 taps)
		// spans two blocks, with tiles across image rows (gathered).
		{n: 2, cin: 4, cout: 40, spatial: []int64{9, 10}, kernel: []int64{3, 3}, pad: []int64{1, 1}, groups: 1, dtype: "f32", mask: [3]bool{true, false, false}},
		// Narrow data gradients into 6 and 8 columns (two n tiles, one
		// call each on AVX-512): 40 channels × 9 taps (two blocks), and
		// two groups of 8 at stride 2.
		{n: 2, cin: 6, cout: 40, spatial: []int64{9, 10}, kernel: []int64{3, 3}, pad: []int64{1, 1}, groups: 1, dtype: "f32", mask: [3]bool{true, false, false}},
		{n: 2, cin: 16, cout: 8, spatial: []int64{9, 20}, kernel: []int64{3, 3}, stride: []int64{2, 2}, pad: []int64{1, 1}, groups: 2, dtype: "f32", mask: [3]bool{true, false, false}},
		// Depthwise (the one-column path): the weight gradient's taps in
		// chunks of 3, 5 and 7 a row (seven rows of 7 are two tiles), the
		// data gradient's image rows in chunks of 8.
		{n: 2, cin: 6, cout: 6, spatial: []int64{9, 11}, kernel: []int64{3, 3}, pad: []int64{1, 1}, groups: 6, dtype: "f32", mask: allTrue, bias: true},
		{n: 2, cin: 4, cout: 4, spatial: []int64{12, 20}, kernel: []int64{5, 5}, stride: []int64{2, 2}, pad: []int64{2, 2}, groups: 4, dtype: "f32", mask: allTrue},
		{n: 1, cin: 3, cout: 3, spatial: []int64{10, 9}, kernel: []int64{7, 7}, pad: []int64{3, 3}, groups: 3, dtype: "f32", mask: [3]bool{false, true, false}},
		// Depthwise into 16 groups or more (the group-lanes path where
		// the CPU has AVX-512, except in "vector-packed"): 20 groups are
		// a block of 16 and one of 4; a padded input of 35x35 spans more
		// than one block of reduction points an image.
		{n: 2, cin: 20, cout: 20, spatial: []int64{6, 7}, kernel: []int64{3, 3}, pad: []int64{1, 1}, groups: 20, dtype: "f32", mask: allTrue, bias: true},
		{n: 1, cin: 16, cout: 16, spatial: []int64{33, 33}, kernel: []int64{3, 3}, stride: []int64{2, 2}, pad: []int64{1, 1}, groups: 16, dtype: "f32", mask: [3]bool{false, true, false}},
		// Rows 128 elements apart (a padded width of 128): the 3x3
		// window's last run, at 256-258, straddles two clusters of rows.
		{n: 1, cin: 16, cout: 16, spatial: []int64{3, 126}, kernel: []int64{3, 3}, pad: []int64{1, 1}, groups: 16, dtype: "f32", mask: [3]bool{false, true, false}},
		// 20 groups of 2 input and 4 output channels, and 16 groups of 4
		// at stride 2: weight gradients whose 4 columns get a panel
		// each on the group-lanes path.
		{n: 2, cin: 40, cout: 80, spatial: []int64{8, 9}, kernel: []int64{3, 3}, pad: []int64{1, 1}, groups: 20, dtype: "f32", mask: [3]bool{false, true, true}, bias: true},
		{n: 2, cin: 64, cout: 64, spatial: []int64{11, 12}, kernel: []int64{3, 3}, stride: []int64{2, 2}, pad: []int64{1, 1}, groups: 16, dtype: "f32", mask: allTrue},
		{fwd: true, n: 2, cin: 6, cout: 8, spatial: []int64{10, 9}, kernel: []int64{3, 3}, stride: []int64{2, 1}, pad: []int64{1, 1}, groups: 2, dtype: "f32", bias: true},
		// A forward convolution with its bias into 40 channels (two
		// whole n tiles and half of one) over 2x7x9 positions (a partial
		// row tile): the bias is added in the tiles (tileBias).
		{fwd: true, n: 2, cin: 5, cout: 40, spatial: []int64{7, 9}, kernel: []int64{3, 3}, pad: []int64{1, 1}, groups: 1, dtype: "f32", bias: true},
		// Into 64 channels (two pairs of n tiles) over image rows of 13:
		// of each row's four tiles the last crosses into the next row,
		// so batches mix tiles whose rows are runs of floats (three at a
		// time, kern12x16x2r) with tiles that are not.
		{fwd: true, n: 2, cin: 6, cout: 64, spatial: []int64{5, 13}, kernel: []int64{3, 3}, pad: []int64{1, 1}, groups: 1, dtype: "f32"},
		// Forward depthwise convolutions at stride 2 and 3 along the
		// rows: image rows of 11 outputs (chunks of 8 and 3) and of 6,
		// each chunk starting on a multiple of the stride (the
		// one-column path reads phase-split copies), and rows of 17
		// elements read at stride 2 one row at a time, whose odd rows
		// start on odd elements (it packs each tile's rows); rows of 42
		// at stride 3 split three ways.
		{fwd: true, n: 2, cin: 8, cout: 8, spatial: []int64{13, 21}, kernel: []int64{3, 3}, stride: []int64{2, 2}, pad: []int64{1, 1}, groups: 8, dtype: "f32", bias: true},
		{fwd: true, n: 1, cin: 5, cout: 5, spatial: []int64{9, 16}, kernel: []int64{3, 3}, stride: []int64{1, 3}, pad: []int64{1, 1}, groups: 5, dtype: "f32"},
		{fwd: true, n: 2, cin: 3, cout: 3, spatial: []int64{5, 15}, kernel: []int64{3, 3}, stride: []int64{1, 2}, pad: []int64{1, 1}, groups: 3, dtype: "f32"},
		{fwd: true, n: 1, cin: 4, cout: 4, spatial: []int64{7, 40}, kernel: []int64{3, 3}, stride: []int64{1, 3}, pad: []int64{1, 1}, groups: 4, dtype: "f32"},
		{fwd: true, n: 2, cin: 4, cout: 6, spatial: []int64{6, 5}, kernel: []int64{3, 3}, stride: []int64{2, 2}, pad: []int64{1, 1}, groups: 1, transposed: true, dtype: "bf16", bias: true},
		{fwd: true, n: 2, cin: 4, cout: 8, spatial: []int64{7, 7}, kernel: []int64{3, 3}, pad: []int64{1, 1}, groups: 1, dtype: "f16"},
	}
	// Every kernel the fast path can pick must match (kernelConfigs).
	for _, kc := range kernelConfigs {
		restore := cpu.SetKernels(kc.k)
		narrowBefore, oneColumnBefore, avx512Before, fmaBefore := cpu.NarrowRuns(), cpu.OneColumnRuns(), cpu.AVX512Runs(), cpu.FMARuns()
		stridedColumnsBefore, phaseSplitBefore := cpu.StridedColumnRuns(), cpu.PhaseSplitRuns()
		groupLanesBefore, quadsBefore, windowsBefore, sumLanesBefore := cpu.GroupLaneRuns(), cpu.QuadRuns(), cpu.WindowRuns(), cpu.SumLaneRuns()
		triplesBefore := cpu.TripleRuns()
		stagedBefore, transposedBefore, keptBefore, rowPairBefore := cpu.StagedRuns(), cpu.TransposedPacks(), cpu.KeptPanelRuns(), cpu.RowPairRuns()
		widenedBefore, exactBefore, biasBefore := cpu.KeptWidenings(), cpu.ExactFused(), cpu.TileBiasRuns()
		for _, pipeline := range []string{"baseline", "default", "default-unfused"} {
			for _, s := range specs {
				t.Run(kc.name+"/"+pipeline+"/"+s.name(), func(t *testing.T) { checkFastPath(t, s, pipeline) })
			}
		}
		restore()
		vec := cpu.HaveVectorKernel()
		if ran := cpu.NarrowRuns() - narrowBefore; (ran > 0) != (kc.k.Vec && kc.k.Narrow && vec) {
			t.Errorf("%s: the narrow vector path ran %d contractions", kc.name, ran)
		}
		if ran := cpu.TileBiasRuns() - biasBefore; (ran > 0) != (kc.k.Vec && vec) {
			t.Errorf("%s: %d contractions added a bias in their tiles", kc.name, ran)
		}
		if ran := cpu.OneColumnRuns() - oneColumnBefore; (ran > 0) != (kc.k.Vec && kc.k.OneColumn && vec) {
			t.Errorf("%s: the one-column path ran %d contractions", kc.name, ran)
		}
		strided, split := cpu.StridedColumnRuns()-stridedColumnsBefore, cpu.PhaseSplitRuns()-phaseSplitBefore
		if on := kc.k.Vec && kc.k.OneColumn && vec; (split > 0) != on || (strided-split > 0) != on {
			t.Errorf("%s: the one-column path read %d strided contractions from phase-split copies and packed the tiles of %d", kc.name, split, strided-split)
		}
		if ran := cpu.GroupLaneRuns() - groupLanesBefore; (ran > 0) != (kc.k.Vec && kc.k.GroupLanes && kc.k.AVX512 && vec && cpu.HaveAVX512()) {
			t.Errorf("%s: the group-lanes path ran %d contractions (AVX-512: %v)", kc.name, ran, cpu.HaveAVX512())
		}
		// Specs with more than 16 columns (the 40-channel data gradient,
		// the weight gradients of the wide ones) run two tiles at a time
		// where the CPU has AVX-512.
		if ran := cpu.AVX512Runs() - avx512Before; (ran > 0) != (kc.k.Vec && kc.k.AVX512 && vec && cpu.HaveAVX512()) {
			t.Errorf("%s: the AVX-512 kernels ran in %d contractions (AVX-512: %v)", kc.name, ran, cpu.HaveAVX512())
		}
		// The weight gradients into 33 and 36 channels store through a
		// stage (their f stride is c·kh·kw elements) and pack dy's
		// positions by 8x8 transposes, wherever the 4×16 tiles run.
		if ran := cpu.StagedRuns() - stagedBefore; (ran > 0) != (kc.k.Vec && vec) {
			t.Errorf("%s: %d contractions stored through a stage", kc.name, ran)
		}
		if ran := cpu.TransposedPacks() - transposedBefore; (ran > 0) != (kc.k.Vec && vec) {
			t.Errorf("%s: %d blocks of panels were packed by transposes", kc.name, ran)
		}
		// The decomposed data gradient into 17 channels from 33 reads 33
		// filter rows a tap (taps first): its border regions take their
		// taps' panels from those the interior regions packed.
		if ran := cpu.KeptPanelRuns() - keptBefore; (ran > 0) != (kc.k.Vec && vec) {
			t.Errorf("%s: %d runs of panels came from the run's cache", kc.name, ran)
		}
		// An odd number of n tiles (33 and 36 channels: two and a lone
		// one) runs the lone tile two row tiles at a time with AVX-512.
		if ran := cpu.RowPairRuns() - rowPairBefore; (ran > 0) != (kc.k.Vec && kc.k.AVX512 && vec && cpu.HaveAVX512()) {
			t.Errorf("%s: %d calls ran lone tiles two row tiles at a time", kc.name, ran)
		}
		// Specs of 32 columns or more (two n tiles) whose first factor
		// runs along the reduction (packed panels, dy in NHWC) run two
		// units at a time on AVX-512.
		if ran := cpu.QuadRuns() - quadsBefore; (ran > 0) != (kc.k.Vec && kc.k.AVX512 && vec && cpu.HaveAVX512()) {
			t.Errorf("%s: %d calls ran pairs of n tiles two units at a time", kc.name, ran)
		}
		// Forward convolutions into 40 and 64 channels and a stride-1
		// data gradient into 40 (pairs of n tiles) read in place run
		// three units at a time on AVX-512 where a tile's rows are
		// consecutive (not those across image rows of 9 or 13).
		if ran := cpu.TripleRuns() - triplesBefore; (ran > 0) != (kc.k.Vec && kc.k.AVX512 && kc.k.Direct && vec && cpu.HaveAVX512()) {
			t.Errorf("%s: %d calls ran pairs of n tiles three units at a time", kc.name, ran)
		}
		// The 1x1 weight gradient of 8 rows, 52 columns and 1024
		// positions runs by column windows where the paired kernels
		// and the in-place rows run.
		if ran := cpu.WindowRuns() - windowsBefore; (ran > 0) != (kc.k.Vec && kc.k.AVX512 && kc.k.Direct && vec && cpu.HaveAVX512()) {
			t.Errorf("%s: %d contractions ran by column windows", kc.name, ran)
		}
		// The bias gradients into 16 channels or more sum 16 channels
		// to a vector on AVX-512.
		if ran := cpu.SumLaneRuns() - sumLanesBefore; (ran > 0) != (kc.k.Vec && kc.k.AVX512 && vec && cpu.HaveAVX512()) {
			t.Errorf("%s: %d sums ran 16 outputs to a vector", kc.name, ran)
		}
		// The regions of the f16 and bf16 data gradients (stride 2 along
		// one dim) read the same dy and filter, widened once a run.
		if cpu.KeptWidenings() == widenedBefore {
			t.Errorf("%s: no step took a widened 16-bit buffer from the run's cache", kc.name)
		}
		// The f16 and bf16 specs' products are all exact (their values
		// lie in [-1, 1], far from f32's limits): their unfused
		// multiply-adds run on the fused kernels, with the same bits.
		if ran := cpu.ExactFused() - exactBefore; (ran > 0) != (kc.k.Vec && vec && cpu.HaveFMA()) {
			t.Errorf("%s: %d 16-bit contractions ran fused", kc.name, ran)
		}
		// The f32 specs' contractions fuse their multiply-adds after
		// fp-contract (the interpreter too: the bits compared are fused).
		if ran := cpu.FMARuns() - fmaBefore; ran == 0 {
			t.Errorf("%s: no contraction ran with fused multiply-adds", kc.name)
		}
	}
}

// checkFastPath compares the fast path with the interpreter on s's plan
// after pipeline; the default pipeline's phases accumulate into windows
// that hold zeros on entry (plan.ZeroOnEntry), which the fast path then
// does not read.
// TestWideBatches runs the vector path's wide batches (batchFor: a
// worker's row tiles in as few batches as possible, where the second
// factor's panel streams from memory) on small contractions by lowering
// the panel size that triggers them, and requires the interpreter's bits:
// a weight gradient of 72 rows (18 row tiles) into 20 channels (two n
// tiles, the second partial), a forward convolution with its bias over
// 126 positions (the last row tile partial, packed while the others read
// in place) into 40 channels, and a data gradient.
func TestWideBatches(t *testing.T) {
	defer cpu.SetStreamedPanel(0)()
	before := cpu.WideBatchRuns()
	for _, s := range []convSpec{
		{n: 2, cin: 8, cout: 20, spatial: []int64{8, 9}, kernel: []int64{3, 3}, pad: []int64{1, 1}, groups: 1, dtype: "f32", mask: [3]bool{false, true, false}},
		{fwd: true, n: 2, cin: 5, cout: 40, spatial: []int64{7, 9}, kernel: []int64{3, 3}, pad: []int64{1, 1}, groups: 1, dtype: "f32", bias: true},
		{n: 2, cin: 40, cout: 6, spatial: []int64{9, 8}, kernel: []int64{3, 3}, pad: []int64{1, 1}, groups: 1, dtype: "f32", mask: [3]bool{true, false, false}},
		{n: 2, cin: 8, cout: 20, spatial: []int64{8, 9}, kernel: []int64{3, 3}, pad: []int64{1, 1}, groups: 1, dtype: "bf16", mask: allTrue, bias: true},
	} {
		t.Run(s.name(), func(t *testing.T) { checkFastPath(t, s, "default") })
	}
	if ran := cpu.WideBatchRuns() - before; (ran > 0) != cpu.HaveVectorKernel() {
		t.Errorf("%d vector-path calls ran wide batches (vector kernel: %v)", ran, cpu.HaveVectorKernel())
	}
}

// TestRunTilesOverImages runs 3x3 convolutions over more images than
// each image row has pixels (12 images of 8x8, as CIFAR's last stage
// at N=16): the row tiles follow w, whose four pixels are a run of
// floats, not the larger n loop, whose images lie a plane apart, so
// they go three tiles at a time where the CPU has AVX-512 (and only
// then: with n as the tiles no triple runs); the interpreter's bits
// either way. Rows of 6 (not a multiple of a tile) keep n. Stride-2
// forward convolutions' tiles read every other float, three at a time
// too.
func TestRunTilesOverImages(t *testing.T) {
	for _, c := range []struct {
		s       convSpec
		triples bool
	}{
		{convSpec{fwd: true, n: 12, cin: 4, cout: 32, spatial: []int64{8, 8}, kernel: []int64{3, 3}, pad: []int64{1, 1}, groups: 1, dtype: "f32", bias: true}, true},
		{convSpec{n: 12, cin: 32, cout: 4, spatial: []int64{8, 8}, kernel: []int64{3, 3}, pad: []int64{1, 1}, groups: 1, dtype: "f32", mask: [3]bool{true, false, false}}, true},
		{convSpec{fwd: true, n: 12, cin: 4, cout: 32, spatial: []int64{6, 6}, kernel: []int64{3, 3}, pad: []int64{1, 1}, groups: 1, dtype: "f32"}, false},
		// Stride 2: a tile's four pixels read every other float of a
		// row (kern12x16x2r2), over output rows of 8 and 12, and of 6
		// (every other tile across two rows: no three in a row).
		{convSpec{fwd: true, n: 2, cin: 5, cout: 32, spatial: []int64{16, 16}, kernel: []int64{3, 3}, stride: []int64{2, 2}, pad: []int64{1, 1}, groups: 1, dtype: "f32", bias: true}, true},
		{convSpec{fwd: true, n: 1, cin: 3, cout: 48, spatial: []int64{6, 24}, kernel: []int64{3, 3}, stride: []int64{2, 2}, pad: []int64{1, 1}, groups: 1, dtype: "f32"}, true},
		{convSpec{fwd: true, n: 2, cin: 5, cout: 48, spatial: []int64{12, 11}, kernel: []int64{3, 3}, stride: []int64{2, 2}, pad: []int64{1, 1}, groups: 1, dtype: "f32"}, false},
	} {
		t.Run(c.s.name(), func(t *testing.T) {
			before := cpu.TripleRuns()
			checkFastPath(t, c.s, "default")
			want := c.triples && cpu.HaveVectorKernel() && cpu.HaveAVX512()
			if ran := cpu.TripleRuns() - before; (ran > 0) != want {
				t.Errorf("%d calls ran three tiles at a time, want them: %v", ran, want)
			}
		})
	}
}

// TestStrideTwoWeightQuads runs stride-2 weight gradients, whose input
// is read every other float along the reduction: two row tiles at a
// time on pairs of column tiles (kern8x16x2) where the CPU has AVX-512,
// and the interpreter's bits.
func TestStrideTwoWeightQuads(t *testing.T) {
	w := [3]bool{false, true, false}
	for _, s := range []convSpec{
		{n: 2, cin: 8, cout: 32, spatial: []int64{12, 12}, kernel: []int64{3, 3}, stride: []int64{2, 2}, pad: []int64{1, 1}, groups: 1, dtype: "f32", mask: w},
		{n: 2, cin: 16, cout: 48, spatial: []int64{10, 14}, kernel: []int64{1, 1}, stride: []int64{2, 2}, groups: 1, dtype: "f32", mask: w},
	} {
		before := cpu.QuadRuns()
		t.Run(s.name(), func(t *testing.T) { checkFastPath(t, s, "default") })
		want := cpu.HaveVectorKernel() && cpu.HaveAVX512()
		if ran := cpu.QuadRuns() != before; ran != want {
			t.Errorf("%s: two row tiles at a time: %v, want %v", s.name(), ran, want)
		}
	}
}

// TestPixelRows runs 1x1 convolutions in NCHW with their factors swapped
// (the weights' rows broadcast, blocks of merged pixels in the lanes) on
// every vector configuration, fused and unfused, and requires the
// interpreter's bits: forward ones with a bias per row (10 output
// channels: a partial row tile) over 10x16 pixels (five blocks of 32)
// and 9x16 (three of 48: an odd number of tiles), f16 and bf16 factors
// over 4x8 (one block), and a data gradient over 12x16 (two of 96) (the scalar tiles run the swapped factors too); a
// weight gradient (whose reduction runs along the pixels), a 7x7 image
// (no block of 16 divides 49), a reduction of 32 channels and, where
// the narrow path runs, a data gradient into 3 channels are not taken.
func TestPixelRows(t *testing.T) {
	taken := []convSpec{
		{fwd: true, n: 2, cin: 72, cout: 10, spatial: []int64{10, 16}, kernel: []int64{1, 1}, groups: 1, dtype: "f32", bias: true},
		{fwd: true, n: 3, cin: 70, cout: 20, spatial: []int64{9, 16}, kernel: []int64{1, 1}, groups: 1, dtype: "f32", bias: true},
		{fwd: true, n: 1, cin: 64, cout: 16, spatial: []int64{4, 8}, kernel: []int64{1, 1}, groups: 1, dtype: "bf16", bias: true},
		{fwd: true, n: 1, cin: 64, cout: 16, spatial: []int64{4, 8}, kernel: []int64{1, 1}, groups: 1, dtype: "f16"},
		{n: 2, cin: 12, cout: 80, spatial: []int64{12, 16}, kernel: []int64{1, 1}, groups: 1, dtype: "f32", mask: [3]bool{true, false, false}},
	}
	notTaken := []convSpec{
		{n: 2, cin: 80, cout: 12, spatial: []int64{8, 8}, kernel: []int64{1, 1}, groups: 1, dtype: "f32", mask: [3]bool{false, true, false}},
		{fwd: true, n: 2, cin: 80, cout: 12, spatial: []int64{7, 7}, kernel: []int64{1, 1}, groups: 1, dtype: "f32"},
		{fwd: true, n: 2, cin: 32, cout: 12, spatial: []int64{8, 8}, kernel: []int64{1, 1}, groups: 1, dtype: "f32"},
		{n: 2, cin: 3, cout: 80, spatial: []int64{8, 8}, kernel: []int64{1, 1}, groups: 1, dtype: "f32", mask: [3]bool{true, false, false}},
	}
	for _, kc := range kernelConfigs {
		restore := cpu.SetKernels(kc.k)
		for _, pipeline := range []string{"default", "default-unfused"} {
			for _, s := range taken {
				before := cpu.PixelRowRuns()
				t.Run(kc.name+"/"+pipeline+"/"+s.name(), func(t *testing.T) { checkFastPath(t, s, pipeline) })
				if cpu.PixelRowRuns() == before {
					t.Errorf("%s %s %s did not run in blocks of pixels", kc.name, pipeline, s.name())
				}
			}
			for _, s := range notTaken {
				before := cpu.PixelRowRuns()
				t.Run(kc.name+"/"+pipeline+"/"+s.name(), func(t *testing.T) { checkFastPath(t, s, pipeline) })
				// Into 3 channels only the narrow path keeps it.
				narrowOnly := s.cin == 3
				if ran := cpu.PixelRowRuns() != before; ran != (narrowOnly && !kc.k.Narrow) {
					t.Errorf("%s %s %s: ran in blocks of pixels: %v", kc.name, pipeline, s.name(), ran)
				}
			}
		}
		restore()
	}
}

// TestDepthwisePhaseRows runs depthwise stride-2 data gradients whose
// phases' rows are longer than 8 outputs (the one-column path's 16-lane
// tiles, each phase's row every other element of the gradient's): the
// interpreter's bits, fused and unfused, and on AVX-512 their tiles
// stored from the registers (kern16x4runs2).
func TestDepthwisePhaseRows(t *testing.T) {
	d := [3]bool{true, false, false}
	specs := []convSpec{
		{n: 2, cin: 8, cout: 8, spatial: []int64{12, 40}, kernel: []int64{3, 3}, stride: []int64{2, 2}, pad: []int64{1, 1}, groups: 8, dtype: "f32", mask: d},
		{n: 1, cin: 4, cout: 8, spatial: []int64{10, 37}, kernel: []int64{5, 5}, stride: []int64{2, 2}, pad: []int64{2, 2}, groups: 4, dtype: "f32", mask: d},
	}
	for _, pipeline := range []string{"default", "default-unfused"} {
		for _, s := range specs {
			before := cpu.StridedWideRuns()
			t.Run(pipeline+"/"+s.name(), func(t *testing.T) { checkFastPath(t, s, pipeline) })
			want := cpu.HaveVectorKernel() && cpu.HaveAVX512()
			if ran := cpu.StridedWideRuns() != before; ran != want {
				t.Errorf("%s %s: tiles stored two apart from the registers: %v, want %v", pipeline, s.name(), ran, want)
			}
		}
	}
}

// TestShortRowsInPlace runs depthwise convolutions over 7x7 and 5x6
// images (forward, stride 1) and a depthwise stride-2 data gradient
// whose phases are 7 wide: the one-column path takes the image rows,
// 4-7 long and unit-stride, as its chunks (read in place) rather than
// the longer batch loop a plane apart, which it packed element by
// element. The forward ones pack nothing; all give the interpreter's
// bits.
func TestShortRowsInPlace(t *testing.T) {
	specs := []convSpec{
		{fwd: true, n: 8, cin: 16, cout: 16, spatial: []int64{7, 7}, kernel: []int64{3, 3}, pad: []int64{1, 1}, groups: 16, dtype: "f32"},
		{fwd: true, n: 9, cin: 8, cout: 8, spatial: []int64{5, 6}, kernel: []int64{3, 3}, pad: []int64{1, 1}, groups: 8, dtype: "f32", bias: true},
		{n: 8, cin: 16, cout: 16, spatial: []int64{14, 14}, kernel: []int64{3, 3}, stride: []int64{2, 2}, pad: []int64{1, 1}, groups: 16, dtype: "f32", mask: [3]bool{true, false, false}},
	}
	for _, s := range specs {
		before := cpu.StridedColumnRuns()
		t.Run(s.name(), func(t *testing.T) { checkFastPath(t, s, "default") })
		if packed := cpu.StridedColumnRuns() - before; s.fwd && cpu.HaveVectorKernel() && packed != 0 {
			t.Errorf("%s: %d contractions packed strided rows, want the image rows in place", s.name(), packed)
		}
	}
}

// TestStreamedRowStores streams every output of blocks of pixels (the
// size from which their rows are stored around the caches lowered to
// zero) and runs 1x1 convolutions in NCHW whose outputs are whole pages
// (their rows 64-byte aligned: 2x32 or 2x40 channels of 16x32 pixels,
// 128 and 160 KB), forward with a bias per row and a data gradient,
// fused and unfused: the interpreter's bits, and non-temporal stores ran
// where the CPU has AVX-512. With the default size none runs on outputs
// this small.
func TestStreamedRowStores(t *testing.T) {
	specs := []convSpec{
		{fwd: true, n: 2, cin: 72, cout: 32, spatial: []int64{16, 32}, kernel: []int64{1, 1}, groups: 1, dtype: "f32", bias: true},
		{n: 2, cin: 40, cout: 80, spatial: []int64{16, 32}, kernel: []int64{1, 1}, groups: 1, dtype: "f32", mask: [3]bool{true, false, false}},
	}
	for _, stream := range []bool{true, false} {
		restore := func() {}
		if stream {
			restore = cpu.SetStreamOutBytes(0)
		}
		for _, pipeline := range []string{"default", "default-unfused"} {
			for _, s := range specs {
				before := cpu.StreamedRowStores()
				t.Run(fmt.Sprintf("stream=%v/%s/%s", stream, pipeline, s.name()), func(t *testing.T) { checkFastPath(t, s, pipeline) })
				want := stream && cpu.HaveVectorKernel() && cpu.HaveAVX512()
				if ran := cpu.StreamedRowStores() != before; ran != want {
					t.Errorf("stream=%v %s %s: non-temporal row stores ran: %v, want %v", stream, pipeline, s.name(), ran, want)
				}
			}
		}
		restore()
	}
}

// TestRowBiases runs biases added to contractions on every kernel
// configuration and requires the interpreter's bits: per row of a
// matmul with a transposed output (@mmt, and @bmmt in a batch: added in
// the tiles where the vector path runs), and along the pixels of a 1x1
// convolution run in blocks of pixels (@conv1x1_wbias: not a bias per
// row, so not added in its tiles).
func TestRowBiases(t *testing.T) {
	m := parseFile(t, "testdata/row_bias.mlir")
	for _, kc := range kernelConfigs {
		restore := cpu.SetKernels(kc.k)
		for _, fn := range []string{"mmt", "bmmt", "conv1x1_wbias"} {
			t.Run(kc.name+"/"+fn, func(t *testing.T) {
				p, err := plan.Build(m, fn)
				if err != nil {
					t.Fatal(err)
				}
				args := normalArgs(t, p, 3)
				biases, pixels := cpu.TileBiasRuns(), cpu.PixelRowRuns()
				got, err := cpu.Run(p, args)
				if err != nil {
					t.Fatal(err)
				}
				vec := kc.k.Vec && cpu.HaveVectorKernel()
				if inTiles := cpu.TileBiasRuns() != biases; inTiles != (vec && fn != "conv1x1_wbias") {
					t.Errorf("bias added in the tiles: %v", inTiles)
				}
				if inBlocks := cpu.PixelRowRuns() != pixels; inBlocks != (fn == "conv1x1_wbias") {
					t.Errorf("run in blocks of pixels: %v", inBlocks)
				}
				want := interpreted(t, p, args)
				for j := 0; j < want[0].NumElements(); j++ {
					if g, w := got[0].Float64(j), want[0].Float64(j); math.Float64bits(g) != math.Float64bits(w) {
						t.Fatalf("element %d: fast %v, interpreter %v", j, g, w)
					}
				}
			})
		}
		restore()
	}
}

func checkFastPath(t *testing.T, s convSpec, pipeline string) {
	{
		p, args := s.buildWith(t, pipeline)
		before := cpu.FastRuns()
		fast, err := cpu.Run(p, args)
		if err != nil {
			t.Fatal(err)
		}
		// data grad, weight grad and bias grad (or the one forward
		// contraction, plus the bias broadcast is not one).
		want := int64(1)
		if !s.fwd {
			want = 0
			for _, m := range s.mask {
				if m {
					want++
				}
			}
		}
		if got := cpu.FastRuns() - before; got < want {
			t.Fatalf("fast path ran %d steps, want at least %d\n%s", got, want, p)
		}
		ref := interpreted(t, p, args)
		for i := range ref {
			if ref[i] == nil {
				continue
			}
			for j := 0; j < ref[i].NumElements(); j++ {
				g, w := fast[i].Float64(j), ref[i].Float64(j)
				if g != w && !(math.IsNaN(g) && math.IsNaN(w)) {
					t.Fatalf("result %d element %d: fast %v, interpreter %v", i, j, g, w)
				}
			}
		}
	}
}

// benchSpecs are ResNet-like convolution_backward shapes (f32, all
// outputs); `torchlower bench --suite=resnet` times them against PyTorch.
var benchSpecs = []convSpec{
	{n: 8, cin: 64, cout: 64, spatial: []int64{14, 14}, kernel: []int64{3, 3}, pad: []int64{1, 1}},
	{n: 8, cin: 128, cout: 128, spatial: []int64{14, 14}, kernel: []int64{3, 3}, pad: []int64{1, 1}},
	{n: 8, cin: 64, cout: 128, spatial: []int64{28, 28}, kernel: []int64{3, 3}, stride: []int64{2, 2}, pad: []int64{1, 1}},
	{n: 8, cin: 256, cout: 64, spatial: []int64{14, 14}, kernel: []int64{1, 1}},
	{n: 8, cin: 64, cout: 256, spatial: []int64{28, 28}, kernel: []int64{1, 1}},
	{n: 8, cin: 128, cout: 256, spatial: []int64{28, 28}, kernel: []int64{1, 1}, stride: []int64{2, 2}},
	{n: 8, cin: 64, cout: 64, spatial: []int64{56, 56}, kernel: []int64{3, 3}, pad: []int64{1, 1}},
}

// macs is the multiply-add count of the data and weight gradients.
func (s convSpec) macs() float64 {
	c := s.convCase()
	out := c.OutputShapes[0]
	_ = out
	g := c.Shapes["grad_output"]
	m := float64(s.cout * s.cin / s.groups)
	for _, k := range s.kernel {
		m *= float64(k)
	}
	for _, d := range g[2:] {
		m *= float64(d)
	}
	return 2 * m * float64(s.n)
}

// BenchmarkConvBackward times the benchmark shapes with the baseline
// lowering and with the default preprocessing pipeline (backward-data-conv:
// the strided shapes' data gradients skip the scattered zeros).
func BenchmarkConvBackward(b *testing.B) {
	for _, pipeline := range []string{"baseline", "default"} {
		for _, s := range benchSpecs {
			benchConv(b, s, pipeline)
		}
	}
}

func benchConv(b *testing.B, s convSpec, pipeline string) {
	{
		s.groups, s.dtype, s.mask, s.bias = 1, "f32", allTrue, true
		b.Run(fmt.Sprintf("%s/n%d_c%dto%d_%dx%d_k%d_s%d", pipeline, s.n, s.cin, s.cout, s.spatial[0], s.spatial[1], s.kernel[0], max(1, stride0(s))), func(b *testing.B) {
			p, args := s.buildWith(b, pipeline)
			b.ResetTimer()
			start := time.Now()
			best := time.Hour
			for i := 0; i < b.N; i++ {
				t := time.Now()
				if _, err := cpu.Run(p, args); err != nil {
					b.Fatal(err)
				}
				best = min(best, time.Since(t))
			}
			el := time.Since(start)
			// The mean and the best iteration (the machine may be shared:
			// the best is the least disturbed), and the best per useful
			// multiply-add of the data and weight gradients.
			b.ReportMetric(float64(el.Microseconds())/1e3/float64(b.N), "ms/op")
			b.ReportMetric(float64(best.Microseconds())/1e3, "best-ms")
			b.ReportMetric(float64(best.Nanoseconds())/s.macs(), "ns/MAC")
		})
	}
}

func stride0(s convSpec) int64 {
	if s.stride == nil {
		return 1
	}
	return s.stride[0]
}

// BenchmarkConvBackwardInterpreter is the first benchSpecs shape with the
// fast path off: the generic interpreter's speed, for comparison (slow:
// about 4 s per iteration).
func BenchmarkConvBackwardInterpreter(b *testing.B) {
	s := benchSpecs[0]
	s.groups, s.dtype, s.mask, s.bias = 1, "f32", allTrue, true
	p, args := s.build(b)
	prev := cpu.SetFastContractions(false)
	defer cpu.SetFastContractions(prev)
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		if _, err := cpu.Run(p, args); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(time.Since(start).Nanoseconds())/float64(b.N)/s.macs(), "ns/MAC")
}

// TestContractionInitialOutput runs matmuls whose output holds values on
// entry (an argument, a fill of 1.5 or of -0.0, an earlier matmul's
// result) and one whose output is proven zero: the fast path must read
// the former (bit for bit the interpreter) and may skip reading only the
// latter.
func TestContractionInitialOutput(t *testing.T) {
	src, err := os.ReadFile("testdata/accumulate.mlir")
	if err != nil {
		t.Fatal(err)
	}
	m := lowerTorch(t, "accumulate", string(src))
	for _, c := range []struct {
		fn   string
		zero []bool // ZeroOnEntry of the generic steps, in order
	}{
		{"into_arg", []bool{false}},
		{"into_ones", []bool{false}},
		{"into_negzero", []bool{false}},
		{"twice", []bool{true, false}},
		{"narrow_into_arg", []bool{false}},
	} {
		t.Run(c.fn, func(t *testing.T) {
			p, err := plan.Build(m, c.fn)
			if err != nil {
				t.Fatal(err)
			}
			var zero []bool
			for i, s := range p.Steps {
				if s.Kind == plan.StepGeneric {
					zero = append(zero, p.ZeroOnEntry(i))
				}
			}
			if !slices.Equal(zero, c.zero) {
				t.Fatalf("ZeroOnEntry of the generics = %v, want %v\n%s", zero, c.zero, p)
			}
			args := normalArgs(t, p, 5)
			before, narrowBefore := cpu.FastRuns(), cpu.NarrowRuns()
			got, err := cpu.Run(p, args)
			if err != nil {
				t.Fatal(err)
			}
			if cpu.FastRuns() == before {
				t.Fatalf("the fast path did not run")
			}
			if narrow := cpu.NarrowRuns() != narrowBefore; narrow != (strings.HasPrefix(c.fn, "narrow") && cpu.HaveVectorKernel()) {
				t.Fatalf("narrow vector path ran: %v (vector kernels: %v)", narrow, cpu.HaveVectorKernel())
			}
			prev := cpu.SetFastContractions(false)
			want, err := cpu.Run(p, args)
			cpu.SetFastContractions(prev)
			if err != nil {
				t.Fatal(err)
			}
			for j := 0; j < want[0].NumElements(); j++ {
				g, w := got[0].Float64(j), want[0].Float64(j)
				if math.Float64bits(g) != math.Float64bits(w) {
					t.Fatalf("element %d: fast %v, interpreter %v", j, g, w)
				}
			}
		})
	}
}

// TestDecompositionLayoutsAgree: the phase decomposition's layouts (dy,
// the filter and an f32 gradient with their channels last, so that each
// region packs rows of one tap and writes contiguous rows) change where
// elements live, not what is summed. On wide strided data gradients (more
// than 8 channels, so that they apply) the default pipeline and the
// decomposition with the filter and the gradient as they are give the
// same bits, and the default's plan holds the two extra transposes.
func TestDecompositionLayoutsAgree(t *testing.T) {
	decompose := "decompose-strided-backward-data"
	asIs := strings.Replace(compiler.Pipelines["default"], "backward-data-conv",
		strings.Replace(preprocessing.BackwardDataConvPipeline, decompose, decompose+"{columns-last-filter=false columns-last-output=false}", 1), 1)
	if asIs == compiler.Pipelines["default"] {
		t.Fatalf("the default pipeline %q has no backward-data-conv", asIs)
	}
	specs := []convSpec{
		{n: 2, cin: 12, cout: 10, spatial: []int64{9, 8}, kernel: []int64{3, 3}, stride: []int64{2, 2}, pad: []int64{1, 1}, groups: 1, dtype: "f32", mask: allTrue, bias: true},
		{n: 1, cin: 20, cout: 6, spatial: []int64{11}, kernel: []int64{5}, stride: []int64{3}, pad: []int64{2}, dil: []int64{2}, groups: 1, dtype: "f32", mask: [3]bool{true, false, false}},
		{n: 2, cin: 18, cout: 12, spatial: []int64{7, 6}, kernel: []int64{3, 2}, stride: []int64{2, 2}, pad: []int64{1, 0}, groups: 2, dtype: "f32", mask: [3]bool{true, true, false}},
		{n: 1, cin: 9, cout: 4, spatial: []int64{5, 4, 6}, kernel: []int64{3, 3, 3}, stride: []int64{2, 1, 2}, pad: []int64{1, 1, 1}, groups: 1, dtype: "f32", mask: [3]bool{true, false, false}},
		{fwd: true, n: 2, cin: 10, cout: 16, spatial: []int64{5, 5}, kernel: []int64{3, 3}, stride: []int64{2, 2}, pad: []int64{1, 1}, outPad: []int64{1, 1}, groups: 1, transposed: true, dtype: "f32", bias: true},
	}
	copies := func(p *plan.Plan) int {
		n := 0
		for _, s := range p.Steps {
			if s.Kind == plan.StepCopy {
				n++
			}
		}
		return n
	}
	for _, s := range specs {
		t.Run(s.name(), func(t *testing.T) {
			p, args := s.buildWith(t, "default")
			q, _ := s.buildWith(t, asIs)
			if copies(p) < copies(q)+2 {
				t.Errorf("the default plan has %d copies, the one with the filter and the gradient as they are %d: want two more transposes", copies(p), copies(q))
			}
			got, err := cpu.Run(p, args)
			if err != nil {
				t.Fatal(err)
			}
			want, err := cpu.Run(q, args)
			if err != nil {
				t.Fatal(err)
			}
			for i := range want {
				if want[i] == nil {
					continue
				}
				for j := 0; j < want[i].NumElements(); j++ {
					if g, w := got[i].Float64(j), want[i].Float64(j); g != w {
						t.Fatalf("result %d element %d: %g, as they are %g", i, j, g, w)
					}
				}
			}
		})
	}
}

// TestPanelsAcrossGradients runs two strided data gradients of the same
// shapes with different filters in one plan, as two layers of a network
// are: the second's channels-last filter is planned over the first's
// dead one, at the same address, so each region's key into the run's
// panel cache finds the first filter's panels unless the copy that wrote
// the second filter dropped them. Both gradients must be the
// interpreter's.
func TestPanelsAcrossGradients(t *testing.T) {
	s := convSpec{n: 1, cin: 12, cout: 40, spatial: []int64{8, 8}, kernel: []int64{3, 3}, stride: []int64{2, 2}, pad: []int64{1, 1}, groups: 1, dtype: "f32", mask: [3]bool{true, false, false}}
	one := s.convCase().TorchFunc()
	// @conv(dy, x, w) -> dx, twice: @conv(dy, x, w, dy2, w2) -> (dx, dx2).
	head, body, _ := strings.Cut(one, "{\n")
	body, _, _ = strings.Cut(body, "  return")
	call := body[strings.Index(body, "  %r:3"):]
	second := strings.NewReplacer("%r:3", "%q:3", "%a0,", "%a3,", "%a2,", "%a4,").Replace(call)
	dyT, wT := "!torch.vtensor<[1,40,4,4],f32>", "!torch.vtensor<[40,12,3,3],f32>"
	dxT := "!torch.vtensor<[1,12,8,8],f32>"
	head = strings.Replace(head, ") -> (", ", %a3: "+dyT+", %a4: "+wT+") -> (", 1)
	head = strings.Replace(head, "-> ("+dxT+")", "-> ("+dxT+", "+dxT+")", 1)
	src := head + "{\n" + body + second + "  return %r#0, %q#0 : " + dxT + ", " + dxT + "\n}\n"
	m := lowerTorch(t, "two", src)
	if err := compiler.Preprocess(compiler.NewContext(), m, "default"); err != nil {
		t.Fatal(err)
	}
	p, err := plan.Build(m, "conv")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewSource(3))
	var args []*runtime.Tensor
	for _, b := range p.Args {
		vs := make([]float64, ir.NumElements(b.Shape))
		for i := range vs {
			vs[i] = rng.Float64()*2 - 1
		}
		a, err := runtime.FromFloat64s(runtime.F32, b.Shape, vs)
		if err != nil {
			t.Fatal(err)
		}
		args = append(args, a)
	}
	kept := cpu.KeptPanelRuns()
	fast, err := cpu.Run(p, args)
	if err != nil {
		t.Fatal(err)
	}
	if cpu.HaveVectorKernel() && cpu.KeptPanelRuns() == kept {
		t.Errorf("no region took panels from the run's cache")
	}
	ref := interpreted(t, p, args)
	for i := range ref {
		if !bytes.Equal(fast[i].Data, ref[i].Data) {
			t.Errorf("gradient %d differs from the interpreter's", i)
		}
	}
}

// interpreted runs p on args with the fast paths switched off: the
// interpreter's results, which every fast path must give bit for bit.
func interpreted(t *testing.T, p *plan.Plan, args []*runtime.Tensor) []*runtime.Tensor {
	t.Helper()
	prev := cpu.SetFastContractions(false)
	defer cpu.SetFastContractions(prev)
	before := cpu.FastRuns()
	ref, err := cpu.Run(p, args)
	if err != nil {
		t.Fatal(err)
	}
	if cpu.FastRuns() != before {
		t.Errorf("fast path ran while switched off")
	}
	return ref
}

// normalArgs draws p's arguments from a normal distribution (seeded), in
// their element types.
func normalArgs(t *testing.T, p *plan.Plan, seed int64) []*runtime.Tensor {
	t.Helper()
	rng := rand.New(rand.NewSource(seed))
	return drawnArgs(t, p, func(int) float64 { return rng.NormFloat64() })
}

// drawnArgs builds p's arguments in their element types, element i of
// each (in order, argument after argument) draw(i).
func drawnArgs(t *testing.T, p *plan.Plan, draw func(i int) float64) []*runtime.Tensor {
	t.Helper()
	var args []*runtime.Tensor
	for _, b := range p.Args {
		dt, err := cpu.DTypeOf(b.Elem)
		if err != nil {
			t.Fatal(err)
		}
		vs := make([]float64, b.NumElements())
		for i := range vs {
			vs[i] = draw(i)
		}
		args = append(args, tensorOf(t, dt, b.Shape, vs))
	}
	return args
}
