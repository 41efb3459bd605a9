package cpu

import (
	"encoding/binary"
	"fmt"
	"math"
	"sync/atomic"

	"github.com/torchlower/torchlower/plan"
)

// Pads folded into their reader. A convolution with padding reads a
// padded copy of its input: tensor.pad is planned as a fill of a
// temporary and a copy of the input into its interior, and the
// convolution then reads the temporary. For a depthwise convolution,
// whose multiply-adds are few, those passes cost as much as the
// convolution (an 8x144x28x28 convolution_backward pads dy and x: 0.62
// of its 1.64 ms). Where the padded temporary is read by one generic
// alone, the run skips the fill and the copy and hands the pad to that
// generic (padRun), whose depthwise paths build what they read from the
// source, in a worker's cache, right before reading it: the one-column
// path (stride-1 forward and data-gradient convolutions) a window of a
// batch image's padded plane for its tiles (padWindows), the gathered
// lanes (stride-2 forward ones) a window of each lane's channel for its
// blocks of rows (gatherReach), the group lanes (weight gradients) each
// span they pack; the last two run with AVX-512 only. A window is filled with the pad's value and its rows
// of the source copied in by one call (copyRows32): one fill and one
// copy in cache in place of a fill and a copy of the whole tensor in
// memory and its reading back (the depthwise shapes of `bench
// --suite=grouped` 15-22% faster). Every other path, or a kernel that
// is not a contraction, runs the fill and the copy first
// (padRun.unfold), as planned, and the next runs of an Executor leave
// that pad where it stands: for a dense convolution, whose
// multiply-adds are many, building each image in cache was tried and
// saved 1%. The values read are the planned ones, so the results are
// unchanged bit for bit.

// useFoldedPads switches pad folding (tests and benchmarks compare);
// foldedPads counts the pads handed to their consumer, unfoldedPads
// those of them it ran in full after all (tests).
var (
	useFoldedPads = true
	foldedPads    atomic.Int64
	unfoldedPads  atomic.Int64
)

// maxPadRank bounds the rank of a folded pad's buffer (after dropping
// unit dims and merging dims the pad does not touch).
const maxPadRank = 8

// padFold is a pad that one later step alone reads: step fill fills a
// whole f32 temporary, step copy copies a source into a box of it, and
// step consumer (a generic, not an epilogue) reads it through its input
// operand; no step in between writes the source's memory.
type padFold struct {
	fill, copy, consumer, operand int
	src                           plan.View
	geo                           padGeometry
	// declined: the consumer ran the pad in full (its path reads the
	// padded buffer in place), so later runs of the plan run the pad's
	// steps where they stand.
	declined bool
}

// padGeometry is a padded buffer: row-major extents shape, the box
// [low, low+size) that holds the source (the source's element at box
// index t sitting at srcOff + Σ t[d]·srcStrides[d]) and value
// everywhere else.
type padGeometry struct {
	shape, low, size, srcStrides []int
	srcOff, total                int
	value                        float32
}

// foldablePads finds the pads of p that can be folded, by fill step.
func foldablePads(p *plan.Plan) map[int]*padFold {
	// Every step that touches each buffer.
	touch := map[*plan.Buffer][]int{}
	for j, s := range p.Steps {
		for o := range len(s.Inputs) + len(s.Outputs) + len(s.Captures) {
			b := viewAt(s, o).Buf
			if l := touch[b]; len(l) == 0 || l[len(l)-1] != j {
				touch[b] = append(l, j)
			}
		}
	}
	var folds map[int]*padFold
	// A reader takes one folded pad (the first): a run hands its step
	// one.
	readers := map[int]bool{}
	for i := 0; i+1 < len(p.Steps); i++ {
		if f := padFoldAt(p, i, touch); f != nil && !readers[f.consumer] {
			if folds == nil {
				folds = map[int]*padFold{}
			}
			folds[i] = f
			readers[f.consumer] = true
		}
	}
	return folds
}

// padFoldAt returns the pad whose fill is step i when it can be folded,
// or nil.
func padFoldAt(p *plan.Plan, i int, touch map[*plan.Buffer][]int) *padFold {
	fl, cp := p.Steps[i], p.Steps[i+1]
	if fl.Kind != plan.StepFill || cp.Kind != plan.StepCopy || len(fl.Outputs) != 1 || len(cp.Inputs) != 1 || len(cp.Outputs) != 1 ||
		fl.HasDynamicViews() || cp.HasDynamicViews() || !fl.Outputs[0].IsWhole() {
		return nil
	}
	buf, src := fl.Outputs[0].Buf, cp.Inputs[0]
	if buf.Kind != plan.Temporary || cp.Outputs[0].Buf != buf || src.Buf == buf || !isF32(buf.Elem) || !isF32(src.Buf.Elem) {
		return nil
	}
	users := touch[buf]
	if len(users) != 3 || users[0] != i || users[1] != i+1 {
		return nil
	}
	j := users[2]
	g := p.Steps[j]
	if g.Kind != plan.StepGeneric || g.HasDynamicViews() || (j > 0 && fusedEpilogue(p, j-1) == g) {
		return nil
	}
	// The buffer must be one input of g's and no other view of it.
	operand := -1
	for o := range len(g.Inputs) + len(g.Outputs) + len(g.Captures) {
		if viewAt(g, o).Buf == buf {
			if operand >= 0 || o >= len(g.Inputs) {
				return nil
			}
			operand = o
		}
	}
	// The source is read when the consumer runs: nothing may write it
	// before (an arena temporary's memory may pass to another buffer
	// once its last reader, the copy, has run).
	for k := i + 2; k <= j; k++ {
		for _, v := range p.Steps[k].Outputs {
			if plan.MayAlias(v, src) {
				return nil
			}
		}
	}
	geo, ok := padGeometryOf(fl, cp.Outputs[0], src)
	if !ok {
		return nil
	}
	return &padFold{fill: i, copy: i + 1, consumer: j, operand: operand, src: src, geo: geo}
}

// padGeometryOf works out the geometry of fill fl and the copy of src
// into box, a window of fl's buffer with its strides; false when box is
// not such a window or the fill's value is not a constant. Unit dims
// are dropped and a dim is merged into the one before it where the box
// holds it whole and the source's strides nest as the buffer's do (an
// NCHW pad of H and W is three dims: the planes, H and W).
func padGeometryOf(fl *plan.Step, box, src plan.View) (padGeometry, bool) {
	buf := box.Buf
	rank := len(buf.Shape)
	if len(box.Shape) != rank || len(src.Shape) != rank || len(src.Strides) != rank {
		return padGeometry{}, false
	}
	bytes, err := encode(fl.Value, buf.Elem)
	if err != nil || len(bytes) != 4 {
		return padGeometry{}, false
	}
	var g padGeometry
	g.value = math.Float32frombits(binary.LittleEndian.Uint32(bytes))
	// Row-major strides of the buffer; the box must be a window of it.
	strides := make([]int64, rank)
	s := int64(1)
	for d := rank - 1; d >= 0; d-- {
		strides[d] = s
		s *= buf.Shape[d]
	}
	rest := box.Offset
	low := make([]int64, rank)
	for d := range rank {
		if box.Shape[d] != src.Shape[d] || box.Shape[d] < 1 || (box.Shape[d] > 1 && box.Strides[d] != strides[d]) {
			return padGeometry{}, false
		}
		low[d] = rest / strides[d]
		rest %= strides[d]
		if low[d] < 0 || low[d]+box.Shape[d] > buf.Shape[d] {
			return padGeometry{}, false
		}
	}
	if rest != 0 {
		return padGeometry{}, false
	}
	g.srcOff = int(src.Offset)
	g.total = int(buf.NumElements())
	for d := range rank {
		if buf.Shape[d] == 1 {
			continue
		}
		n := len(g.shape)
		if P := int(buf.Shape[d]); n > 0 && low[d] == 0 && box.Shape[d] == buf.Shape[d] && int64(g.srcStrides[n-1]) == src.Strides[d]*buf.Shape[d] {
			// The box holds dim d whole, and the source's stride of the
			// dim before it is d's times its extent: the two are one
			// dim, whose box is one interval.
			g.shape[n-1] *= P
			g.low[n-1] *= P
			g.size[n-1] *= P
			g.srcStrides[n-1] = int(src.Strides[d])
			continue
		}
		g.shape = append(g.shape, int(buf.Shape[d]))
		g.low = append(g.low, int(low[d]))
		g.size = append(g.size, int(box.Shape[d]))
		g.srcStrides = append(g.srcStrides, int(src.Strides[d]))
	}
	if len(g.shape) == 0 {
		g.shape, g.low, g.size, g.srcStrides = []int{1}, []int{0}, []int{1}, []int{0}
	}
	if len(g.shape) > maxPadRank {
		return padGeometry{}, false
	}
	return g, true
}

// window fills dst with the padded buffer's elements from x0 on, reading
// the source from src; positions outside the buffer (which only lanes
// past a chunk's rows read) get the pad's value. It fills dst with the
// value, then copies the rows of the box it holds: the whole rows of a
// plane (the dims above the last two at one point) in one copyRows32, a
// row cut by the window's ends on its own. Rows are a few dozen
// elements, and a copy and two fills a row cost three times as much.
func (g *padGeometry) window(dst, src []float32, x0 int) {
	g.fillValue(dst)
	n := len(dst)
	i := max(0, -x0)
	x := x0 + i
	if i >= n || x >= g.total {
		return
	}
	r := len(g.shape)
	last := r - 1
	var idx [maxPadRank]int
	rem := x
	for d := last; d >= 0; d-- {
		idx[d] = rem % g.shape[d]
		rem /= g.shape[d]
	}
	W, lo, size, ss := g.shape[last], g.low[last], g.size[last], g.srcStrides[last]
	// The row dim (the one above the last; none for rank 1) and what the
	// dims above it say: whether they lie in the box, and the source's
	// offset there.
	rd := last - 1
	rowLo, rowSize, rowStride, rowExt := 0, 1, 0, 1
	ri := 0 // idx[rd]
	if rd >= 0 {
		rowLo, rowSize, rowStride, rowExt = g.low[rd], g.size[rd], g.srcStrides[rd], g.shape[rd]
		ri = idx[rd]
	}
	outerBase, outerIn := g.outer(&idx, rd)
	for i < n && x < g.total {
		c0 := idx[last]
		var adv int // elements done
		if c0 == 0 && n-i >= W && rd >= 0 {
			// Whole rows, to the end of the plane at most.
			rows := min(rowExt-ri, (n-i)/W, (g.total-x)/W)
			r0, r1 := max(0, rowLo-ri), min(rows, rowLo+rowSize-ri)
			if outerIn && r0 < r1 {
				from := outerBase + (ri+r0-rowLo)*rowStride
				d := dst[i+r0*W+lo:]
				if ss == 1 && rowStride >= 0 {
					copyRows32(d, src[from:], r1-r0, size, W, rowStride)
				} else {
					for q := r0; q < r1; q, from = q+1, from+rowStride {
						copyStrided32(d[(q-r0)*W:(q-r0)*W+size], src, from, ss)
					}
				}
			}
			adv = rows * W
			ri += rows
		} else {
			seg := min(W-c0, n-i)
			if t := ri - rowLo; outerIn && t >= 0 && t < rowSize {
				a, b := min(max(lo-c0, 0), seg), min(max(lo+size-c0, 0), seg)
				if a < b {
					copyStrided32(dst[i+a:i+b], src, outerBase+t*rowStride+(c0+a-lo)*ss, ss)
				}
			}
			adv = seg
			if idx[last] += seg; idx[last] == W {
				idx[last] = 0
				ri++
			}
		}
		i += adv
		x += adv
		if rd < 0 || ri < rowExt {
			continue
		}
		// The next plane.
		ri = 0
		for k := rd - 1; k >= 0; k-- {
			if idx[k]++; idx[k] < g.shape[k] {
				break
			}
			idx[k] = 0
		}
		outerBase, outerIn = g.outer(&idx, rd)
	}
}

// outer is whether the dims above rd of index idx lie in the box, and
// the source's offset for them there.
func (g *padGeometry) outer(idx *[maxPadRank]int, rd int) (int, bool) {
	base := g.srcOff
	for k := range max(rd, 0) {
		t := idx[k] - g.low[k]
		if t < 0 || t >= g.size[k] {
			return 0, false
		}
		base += t * g.srcStrides[k]
	}
	return base, true
}

// copyStrided32 copies the elements of src from `from` on, stride apart,
// into d.
func copyStrided32(d, src []float32, from, stride int) {
	if stride == 1 {
		copy(d, src[from:from+len(d)])
		return
	}
	for q := range d {
		d[q] = src[from]
		from += stride
	}
}

// copyRows32 copies rows rows of n elements, src's srcStride elements
// apart (≥ 0), to dst's, dstStride apart (≥ 0): with AVX-512 in one call (a row of 16
// elements or fewer is one masked load and store), where a call of
// copy a row cost three times as much for rows of 28.
func copyRows32(dst, src []float32, rows, n, dstStride, srcStride int) {
	if rows <= 0 || n <= 0 {
		return
	}
	if dstStride < 0 || srcStride < 0 {
		panic("copyRows32: negative stride")
	}
	if haveAVX512 && useAVX512 {
		// Each row's end, the last's the farthest, is in range.
		_, _ = dst[(rows-1)*dstStride+n-1], src[(rows-1)*srcStride+n-1]
		copyRows16(&dst[0], &src[0], rows, n, dstStride, srcStride)
		return
	}
	for r := range rows {
		copy(dst[r*dstStride:r*dstStride+n], src[r*srcStride:r*srcStride+n])
	}
}

// fillValue writes the pad's value to d.
func (g *padGeometry) fillValue(d []float32) {
	if v := g.value; math.Float32bits(v) != 0 {
		for q := range d {
			d[q] = v
		}
		return
	}
	clear(d)
}

// padRun is a folded pad in one run: its geometry, the source's memory,
// and how to run it in full (unfold) where the consumer's path reads the
// padded buffer in place.
type padRun struct {
	fold   *padFold
	src    []float32
	unfold func() error
}

// window fills dst with the padded buffer's elements from x0 on.
func (pr *padRun) window(dst []float32, x0 int) { pr.fold.geo.window(dst, pr.src, x0) }

// packLanes is packLanes of the padded buffer: nl groups' span elements
// from at + i·stride, each built in tmp (16·oddLines(span) floats or
// more) first.
func (pr *padRun) packLanes(dst, tmp []float32, span, nl, stride, at int) {
	ts := oddLines(span)
	for i := range nl {
		pr.window(tmp[i*ts:i*ts+span], at+i*stride)
	}
	packLanes(dst, tmp, span, nl, ts, 0)
}

// oddLines is the least odd number of 64-byte lines of floats that holds
// n: rows that far apart fall in different sets of the cache, where 16
// rows a power of two apart (a transpose's, a gather's) fall in one.
func oddLines(n int) int {
	return ((n+15)/16 | 1) * 16
}

// padOf returns the pad folded into operand o of k, or nil: after this
// the caller reads it through the pad's windows, and every path that
// does not must have called unfoldPad.
func (k *kernel) padOf(o int) *padRun {
	if k.pad == nil || k.pad.fold.operand != o {
		return nil
	}
	return k.pad
}

// unfoldPad runs the pad folded into k, if any, in full (once).
func (k *kernel) unfoldPad() error {
	if k.pad == nil {
		return nil
	}
	pr := k.pad
	k.pad = nil
	unfoldedPads.Add(1)
	return pr.unfold()
}

// newPadRun binds fold to a run's memory; unfold runs its two steps.
func newPadRun(p *plan.Plan, f *padFold, mem func(*plan.Buffer) ([]byte, error), pc *prepCache) (*padRun, error) {
	m, err := mem(f.src.Buf)
	if err != nil {
		return nil, err
	}
	if err := checkView(&f.src, m); err != nil {
		return nil, err
	}
	// The padded buffer's views (the fill's, the copy's box) are checked
	// as their steps would check them, though they do not run.
	for _, i := range []int{f.fill, f.copy} {
		if err := checkViews(p.Steps[i], mem); err != nil {
			return nil, err
		}
	}
	pr := &padRun{fold: f, src: typed[float32](m)}
	pr.unfold = func() error {
		f.declined = true
		for _, i := range []int{f.fill, f.copy} {
			if err := runStep(p.Steps[i], mem, nil, pc, false, nil, nil); err != nil {
				return fmt.Errorf("step %d (%s), a pad folded into step %d: %w", i, p.Steps[i].Kind, f.consumer, err)
			}
		}
		if b, err := mem(p.Steps[f.fill].Outputs[0].Buf); err == nil {
			pc.panels.invalidate(b)
		}
		return nil
	}
	return pr, nil
}
