package lowering

import (
	"fmt"
	"slices"

	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
	"github.com/torchlower/torchlower/torch"
)

// Reflection and replication padding, forward and backward, over 1, 2 or
// 3 spatial dims: F.pad's "reflect" and "replicate" modes, which is also
// how Conv{1,2,3}d with padding_mode="reflect" or "replicate" pads its
// input before the convolution (so their gradients reach the training
// graph as reflection_pad2d_backward and friends).

func populateDataMovementPadModes(m map[string]converter) {
	m[torch.AtenReflectionPad1d] = dmPreparePadMode(padReflect, 1)
	m[torch.AtenReflectionPad2d] = dmPreparePadMode(padReflect, 2)
	m[torch.AtenReflectionPad3d] = dmPreparePadMode(padReflect, 3)
	m[torch.AtenReplicationPad1d] = dmPreparePadMode(padReplicate, 1)
	m[torch.AtenReplicationPad2d] = dmPreparePadMode(padReplicate, 2)
	m[torch.AtenReplicationPad3d] = dmPreparePadMode(padReplicate, 3)
	m[torch.AtenReflectionPad1dBackward] = dmPreparePadModeBackward(padReflect, 1)
	m[torch.AtenReflectionPad2dBackward] = dmPreparePadModeBackward(padReflect, 2)
	m[torch.AtenReflectionPad3dBackward] = dmPreparePadModeBackward(padReflect, 3)
	m[torch.AtenReplicationPad1dBackward] = dmPreparePadModeBackward(padReplicate, 1)
	m[torch.AtenReplicationPad2dBackward] = dmPreparePadModeBackward(padReplicate, 2)
	m[torch.AtenReplicationPad3dBackward] = dmPreparePadModeBackward(padReplicate, 3)
}

// padMode is how a padding fills the border: by mirroring the input
// about its edge element (reflect: ... 2 1 | 0 1 2 ... without repeating
// the edge) or by repeating the edge element (replicate).
type padMode int

const (
	padReflect padMode = iota
	padReplicate
)

func (m padMode) String() string {
	if m == padReflect {
		return "reflection"
	}
	return "replication"
}

// padGeom is a reflection or replication padding of the last n dims of a
// tensor of shape in: per padded dim i (from the first of the n, unlike
// the padding list, which starts from the last dim) the low and high
// padding, either of which may be negative (cropping), and the output
// extent.
type padGeom struct {
	mode      padMode
	in        []int64
	n         int
	low, high []int64
	out       []int64 // the whole output shape
}

// dim is the tensor dim of padded dim i.
func (g *padGeom) dim(i int) int { return len(g.in) - g.n + i }

// readPadGeom reads self and padding with PyTorch's checks (ReflectionPad.cpp
// and ReplicationPadding.cpp, Padding.h's check_valid_input): self has rank
// n+1 or n+2 with its non-batch dims non-empty, padding has 2n entries
// (last dim first), a reflection's padding is less than the extent it
// mirrors, and every output extent is at least 1.
func readPadGeom(r dmReader, mode padMode, n int, selfArg int) (*padGeom, dmTensor, error) {
	self, err := r.tensor(selfArg)
	if err != nil {
		return nil, self, err
	}
	pad, err := r.intList(selfArg + 1)
	if err != nil {
		return nil, self, err
	}
	if self.rank() != n+1 && self.rank() != n+2 {
		return nil, self, r.errorf("expected '%s' of rank %d or %d (batch mode), got %s", r.names[selfArg], n+1, n+2, dmShapeString(self.shape))
	}
	for d := self.rank() - n - 1; d < self.rank(); d++ {
		if self.shape[d] == 0 {
			return nil, self, r.errorf("expected '%s' with non-empty dims but the batch dim, got %s", r.names[selfArg], dmShapeString(self.shape))
		}
	}
	if len(pad) != 2*n {
		return nil, self, r.errorf("expected 'padding' to have %d entries, got %d", 2*n, len(pad))
	}
	g := &padGeom{mode: mode, in: self.shape, n: n, low: make([]int64, n), high: make([]int64, n)}
	g.out = slices.Clone(self.shape)
	for i := range n {
		// padding holds (low, high) pairs from the last dim.
		g.low[i], g.high[i] = pad[2*(n-1-i)], pad[2*(n-1-i)+1]
		d := g.dim(i)
		h := self.shape[d]
		if mode == padReflect && (g.low[i] >= h || g.high[i] >= h) {
			return nil, self, r.errorf("padding size should be less than the corresponding input dimension, but got padding (%d, %d) at dimension %d of input %s",
				g.low[i], g.high[i], d, dmShapeString(self.shape))
		}
		g.out[d] = h + g.low[i] + g.high[i]
		if g.out[d] < 1 {
			return nil, self, r.errorf("input %s is too small: padding (%d, %d) at dimension %d gives an output extent of %d",
				dmShapeString(self.shape), g.low[i], g.high[i], d, g.out[d])
		}
	}
	return g, self, nil
}

// padRegion is one stretch of a padded dim: the output positions
// [at, at+size) read the input at c + s·o, o counting from at (s = 1 for
// the input itself, −1 for a mirror, 0 for a replicated edge).
type padRegion struct {
	at, size int64
	c, s     int64
}

// read is the run of input positions the region reads, [first,
// first+count): [c, c+size) for the input itself, [c−size+1, c] for a
// mirror, the edge c for a replica.
func (r padRegion) read() (first, count int64) {
	switch r.s {
	case 0:
		return r.c, 1
	case -1:
		return r.c - r.size + 1, r.size
	}
	return r.c, r.size
}

// expr is, for the local output loop o, the position within the run the
// region reads (read): o itself, reversed for a mirror (output at + q
// reads c − q), 0 for a replica. Reading a slice of just that run keeps
// every map's plain dims at the extents linalg infers loop bounds from.
func (r padRegion) expr(o affine.Expr) affine.Expr {
	switch r.s {
	case 0:
		return affine.Const(0)
	case -1:
		return affine.Sub(affine.Const(r.size-1), o)
	}
	return o
}

// regions splits padded dim i of the output into the low padding, the
// input (cropped by a negative padding) and the high padding: output
// position o reads input position j = o − low, reflected into [0, H)
// (H−1 − |H−1 − |j||: low − o in the low padding, 2(H−1) + low − o in the
// high one) or clamped to it (0 and H−1), as PyTorch's kernels index.
func (g *padGeom) regions(i int) []padRegion {
	h, o, low := g.in[g.dim(i)], g.out[g.dim(i)], g.low[i]
	mid := padRegion{at: max(low, 0), c: max(-low, 0), s: 1}
	mid.size = min(o, low+h) - mid.at
	var rs []padRegion
	if low > 0 {
		left := padRegion{at: 0, size: min(low, o), c: low, s: -1}
		if g.mode == padReplicate {
			left.c, left.s = 0, 0
		}
		rs = append(rs, left)
	}
	if mid.size > 0 {
		rs = append(rs, mid)
	}
	if start := max(low+h, 0); start < o {
		// Output position start reads 2(H−1) + low − start.
		right := padRegion{at: start, size: o - start, c: 2*(h-1) + low - start, s: -1}
		if g.mode == padReplicate {
			right.c, right.s = h-1, 0
		}
		rs = append(rs, right)
	}
	return rs
}

// dmPreparePadMode lowers, for n = 1, 2, 3,
//
//	aten::reflection_pad2d(Tensor self, SymInt[4] padding) -> Tensor
//	aten::replication_pad2d(Tensor self, SymInt[4] padding) -> Tensor
//
// and their 1-D and 3-D forms, for any dtype. Each padded dim splits into
// up to three regions (padGeom.regions) in which the input coordinate is
// affine in the output's; the output is assembled from the blocks of
// their product (3x3 for a 2-D padding), each inserted into a
// tensor.empty by tensor.insert_slice: the block of input regions only is
// a slice of self, every other block a copy generic reading self through
// a map with mirrored (c − o) or constant (edge) coordinates. Every output
// element is written once, with no gathers.
func dmPreparePadMode(mode padMode, n int) converter {
	return func(op *ir.Operation) (emitFunc, error) {
		r, err := dmNewReader(op)
		if err != nil {
			return nil, err
		}
		g, self, err := readPadGeom(r, mode, n, 0)
		if err != nil {
			return nil, err
		}
		want, err := r.result(g.out, self.elem)
		if err != nil {
			return nil, err
		}
		return func(b *ir.Builder) ([]*ir.Value, error) {
			e := dmNewEmitter(b, op.Loc)
			src := op.Operand(0)
			lead := len(g.in) - n
			out := e.empty(g.out, self.elem)
			per := make([][]padRegion, n)
			for i := range per {
				per[i] = g.regions(i)
			}
			for _, block := range cartesian(per) {
				dst, from := dmCorner(g.out), dmCorner(g.in)
				copied := true
				for i, reg := range block {
					dst.offsets[lead+i], dst.sizes[lead+i] = reg.at, reg.size
					from.offsets[lead+i], from.sizes[lead+i] = reg.read()
					copied = copied && reg.s == 1
				}
				v := e.extractSlice(src, from, nil)
				if !copied {
					var l loopNest
					loops := l.addN(linalg.Parallel, len(g.out))
					in := slices.Clone(loops)
					for i, reg := range block {
						in[lead+i] = reg.expr(loops[lead+i])
					}
					init := e.empty(dst.sizes, self.elem)
					v = linalg.NewGeneric(b, op.Loc, []*ir.Value{v}, []*ir.Value{init},
						[]affine.Map{l.mapOf(in), l.mapOf(loops)}, l.iters, []ir.Type{init.Type()},
						func(b *ir.Builder, a []*ir.Value) []*ir.Value { return a[:1] }).Result(0)
				}
				out = e.insertSlice(v, out, dst)
			}
			return []*ir.Value{e.cast(out, want)}, nil
		}, nil
	}
}

// dmPreparePadModeBackward lowers, for n = 1, 2, 3,
//
//	aten::reflection_pad2d_backward(Tensor grad_output, Tensor self, SymInt[4] padding) -> Tensor
//	aten::replication_pad2d_backward(Tensor grad_output, Tensor self, SymInt[4] padding) -> Tensor
//
// and their 1-D and 3-D forms. PyTorch adds each grad_output element into
// grad_input at the position the forward read it from; the lowering
// gathers instead: each padded dim of the input splits into segments
// whose positions are read by the same regions of the output
// (padGeom.segments), and each block of the segments' product is one
// generic writing its window of grad_input once: the sum of the output
// elements that read it, each an input read through an affine map
// (reversed where a mirror read it; a replicated edge's run as one
// reduction loop), in the order of their positions in grad_output, the
// order PyTorch's scan adds them. Input positions nothing read (cropped
// by a negative padding) are zero. f16/bf16 gradients sum in f32 and
// round once.
func dmPreparePadModeBackward(mode padMode, n int) converter {
	return func(op *ir.Operation) (emitFunc, error) {
		r, err := dmNewReader(op)
		if err != nil {
			return nil, err
		}
		g, self, err := readPadGeom(r, mode, n, 1)
		if err != nil {
			return nil, err
		}
		grad, err := r.tensor(0)
		if err != nil {
			return nil, err
		}
		if _, ok := grad.elem.(ir.FloatType); !ok || !ir.TypeEqual(grad.elem, self.elem) {
			return nil, r.errorf("expected 'grad_output' and 'self' of one float dtype, got %s and %s", grad.dtype, self.dtype)
		}
		if !slices.Equal(grad.shape, g.out) {
			return nil, r.errorf("expected 'grad_output' of the padded shape %s, got %s", dmShapeString(g.out), dmShapeString(grad.shape))
		}
		want, err := r.result(g.in, self.elem)
		if err != nil {
			return nil, err
		}
		per := make([][]padSegment, n)
		for i := range per {
			if per[i], err = g.segments(i); err != nil {
				return nil, r.errorf("%v", err)
			}
		}
		return func(b *ir.Builder) ([]*ir.Value, error) {
			k := newNPKernel(b, op)
			e := dmNewEmitter(b, op.Loc)
			acc := accumulatorType(self.elem)
			t := k.convertTensor(op.Operand(0), acc)
			out := e.empty(g.in, acc)
			for _, block := range cartesian(per) {
				dst := dmCorner(g.in)
				for i, seg := range block {
					dst.offsets[len(g.in)-n+i], dst.sizes[len(g.in)-n+i] = seg.first, seg.count
				}
				out = e.insertSlice(g.gatherBlock(e, t, block, dst.sizes), out, dst)
			}
			return []*ir.Value{e.cast(k.convertTensor(out, self.elem), want)}, nil
		}, nil
	}
}

// padRead is one run of output positions that read a segment of input
// positions along a padded dim: input position first + q was read by
// output o + q (s = 1) or o − q (s = −1, a mirror), or, for a one-position
// segment (s = 0), by every output in [o, o+run) (a replicated edge with
// the output that reads it as it is).
type padRead struct {
	o, s, run int64
}

// padSegment is a run of input positions of a padded dim that the same
// output runs read.
type padSegment struct {
	first, count int64
	reads        []padRead // in increasing output position
}

// segments splits padded dim i of the input at the ends of every
// region's read run (padRegion.read), so that within a segment each
// region reads every position or none; a segment a replicated edge is
// read by becomes one reduction run (with the input region's output next
// to it, which reads it too).
func (g *padGeom) segments(i int) ([]padSegment, error) {
	h := g.in[g.dim(i)]
	regions := g.regions(i)
	cuts := []int64{0, h}
	for _, reg := range regions {
		first, count := reg.read()
		cuts = append(cuts, first, first+count)
	}
	slices.Sort(cuts)
	cuts = slices.Compact(cuts)
	var segs []padSegment
	for c := 0; c+1 < len(cuts); c++ {
		a, b := cuts[c], cuts[c+1]
		if a < 0 || b > h || a >= b {
			continue
		}
		seg := padSegment{first: a, count: b - a}
		edge := false
		for _, reg := range regions {
			first, count := reg.read()
			if a < first || b > first+count {
				continue
			}
			switch reg.s {
			case 1:
				seg.reads = append(seg.reads, padRead{o: reg.at + a - reg.c, s: 1, run: 1})
			case -1:
				seg.reads = append(seg.reads, padRead{o: reg.at + reg.c - a, s: -1, run: 1})
			default:
				seg.reads = append(seg.reads, padRead{o: reg.at, run: reg.size})
				edge = true
			}
		}
		slices.SortFunc(seg.reads, func(x, y padRead) int { return int(x.o - y.o) })
		if edge {
			// One position; its reads must join into one run.
			run := padRead{o: seg.reads[0].o}
			for _, rd := range seg.reads {
				if rd.o != run.o+run.run {
					return nil, fmt.Errorf("input position %d of dim %d is read by outputs that are not one run", a, g.dim(i))
				}
				run.run += rd.run
			}
			seg.reads = []padRead{run}
		}
		segs = append(segs, seg)
	}
	return segs, nil
}

// gatherBlock is the gradient of one block of input segments (shape: its
// extents): the sum, over every combination of one read per padded dim,
// of grad_output t read there, in increasing output position; zeros where
// a segment is read by nothing.
func (g *padGeom) gatherBlock(e dmEmitter, t *ir.Value, block []padSegment, shape []int64) *ir.Value {
	elem := tensorType(t).Elem
	reads := make([][]padRead, len(block))
	for i, seg := range block {
		if len(seg.reads) == 0 {
			return e.zeros(shape, elem)
		}
		reads[i] = seg.reads
	}
	lead := len(g.in) - g.n
	var l loopNest
	loops := l.addN(linalg.Parallel, len(g.in))
	var ins []*ir.Value
	var maps []affine.Map
	reduces, asIs := false, true
	for _, combo := range cartesian(reads) {
		src := dmCorner(tensorType(t).Shape)
		in := slices.Clone(loops)
		for i, rd := range combo {
			d := lead + i
			count := block[i].count
			asIs = asIs && rd.s == 1
			switch rd.s {
			case 1:
				src.offsets[d], src.sizes[d] = rd.o, count
			case -1:
				src.offsets[d], src.sizes[d] = rd.o-count+1, count
				in[d] = affine.Sub(affine.Const(count-1), loops[d])
			default:
				src.offsets[d], src.sizes[d] = rd.o, rd.run
				in[d] = l.add(linalg.Reduction)
				reduces = true
			}
		}
		ins = append(ins, e.extractSlice(t, src, nil))
		maps = append(maps, l.mapOf(in))
	}
	if len(ins) == 1 && asIs {
		// The input as it is: its slice, which the insert copies.
		return ins[0]
	}
	maps = append(maps, l.mapOf(loops))
	var init *ir.Value
	if reduces {
		init = e.zeros(shape, elem)
	} else {
		init = e.empty(shape, elem)
	}
	return linalg.NewGeneric(e.b, e.loc, ins, []*ir.Value{init}, maps, l.iters, []ir.Type{init.Type()},
		func(b *ir.Builder, a []*ir.Value) []*ir.Value {
			sum := a[0]
			if reduces {
				// One read (a replicated padding reads no mirror): the
				// reduction accumulates it.
				sum = arith.Add(b, e.loc, a[1], a[0])
			}
			for _, x := range a[1 : len(a)-1] {
				sum = arith.Add(b, e.loc, sum, x)
			}
			return []*ir.Value{sum}
		}).Result(0)
}

// cartesian is the product of the lists, the first list's choice varying
// slowest.
func cartesian[T any](lists [][]T) [][]T {
	out := [][]T{nil}
	for _, l := range lists {
		var next [][]T
		for _, prefix := range out {
			for _, x := range l {
				next = append(next, append(slices.Clone(prefix), x))
			}
		}
		out = next
	}
	return out
}

// padModeOf maps aten::pad's mode string to its padding op for n padded
// dims ("constant" is constant_pad_nd's, "circular" none of these).
func padModeOf(mode string, n int) (string, error) {
	if n < 1 || n > 3 {
		return "", fmt.Errorf("mode %q pads 1 to 3 dims (2 to 6 padding entries), got %d entries", mode, 2*n)
	}
	names := map[string][3]string{
		"reflect":   {torch.AtenReflectionPad1d, torch.AtenReflectionPad2d, torch.AtenReflectionPad3d},
		"replicate": {torch.AtenReplicationPad1d, torch.AtenReplicationPad2d, torch.AtenReplicationPad3d},
	}
	ops, ok := names[mode]
	if !ok {
		return "", fmt.Errorf("padding mode %q is not supported (constant, reflect and replicate are; torch.export writes circular as slices and cat)", mode)
	}
	return ops[n-1], nil
}
