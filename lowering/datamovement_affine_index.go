package lowering

import (
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
)

// Advanced indexing by constant indices that are affine along one dim
// each. torch.export writes nearest upsampling by an integer factor as a
// gather, x[:, :, h[:, None], w] with h = w = floor(arange(2n) * 0.5), and
// its backward as index_put of the gradient at the same indices
// (accumulate). Evaluated at compile time (evalConstTensor) each index
// tensor is (p floordiv s)·t + c along one dim p of the index shape:
// s = 2, t = 1, c = 0 here. Splitting each such dim into p = q·s + r
// makes the positions linear (t·q + c), so the gather is a copy with
// linear maps from the source into the result expanded to (q, r), and
// index_put a reduction over the r loops into a strided slice of the
// destination. Neither reads a tensor by a computed position
// (tensor.extract), which the backends run element by element (the
// UNet's two were the slowest steps of its CPU training step, 25 ns an
// element), and the index tensors' own computations become dead.
//
// index_put adds each destination element's values in increasing index
// position from the destination's value, the r loops outermost first in
// the index shape's order, as PyTorch's serial kernel does: its bits.

// dmAffineIndex is the affine form of advanced indexing a by constant
// index tensors: index tensor j is along[j] (a dim of a.bshape, -1 when
// it is constant) at (p floordiv split[along[j]])·step[j] + first[j], its
// negative entries already wrapped.
type dmAffineIndex struct {
	along       []int
	step, first []int64
	// split is each bshape dim's s: 1 where no index tensor varies along
	// it (a gather repeats the positions), the dim's size for index_put
	// (every position writes the same elements: a reduction).
	split []int64
}

// dmAffineIndices returns the affine form of a's constant index tensors
// idx (nil when some index tensor is not affine along one dim, or two
// vary along one dim with different factors); forPut asks for the form
// index_put can use: every dim of the index shape read by at most one
// index tensor with a positive step. An index out of range is an error
// naming it.
func dmAffineIndices(r dmReader, a *dmAdvIndex, idx []constTensor, forPut bool) (*dmAffineIndex, error) {
	if a.k() == 0 {
		return nil, nil // nothing to read: the generic's empty loops
	}
	nb := len(a.bshape)
	f := &dmAffineIndex{along: make([]int, len(idx)), step: make([]int64, len(idx)), first: make([]int64, len(idx)), split: ones(nb)}
	usedBy := make([]int, nb)
	for b := range usedBy {
		usedBy[b] = -1
	}
	affineOK := true
	for j, t := range idx {
		// Each tensor is read in its own shape (its dims aligned with
		// the last of the index shape), not broadcast: K positions may
		// be many more than its values.
		d := a.dims[j]
		n := a.self[d]
		pos := make([]int64, len(t.vals))
		for k, v := range t.vals {
			i := int64(v)
			if a.wrap && i < 0 {
				i += n
			}
			if i < 0 || i >= n {
				return nil, r.errorf("index %d is out of bounds for dimension %d with size %d", int64(v), d, n)
			}
			pos[k] = i
		}
		if !affineOK {
			continue // the remaining tensors are still checked for range
		}
		b, s, step, ok := dmAffineAlong(pos, t.shape)
		if b >= 0 {
			b += nb - len(t.shape)
		}
		if !ok || forPut && b >= 0 && (step <= 0 || usedBy[b] >= 0) {
			affineOK = false
			continue
		}
		if b >= 0 {
			if usedBy[b] >= 0 && f.split[b] != s {
				affineOK = false
				continue
			}
			usedBy[b], f.split[b] = j, s
		}
		f.along[j], f.step[j], f.first[j] = b, step, pos[0]
	}
	if !affineOK {
		return nil, nil
	}
	if forPut {
		for b, j := range usedBy {
			if j < 0 {
				f.split[b] = a.bshape[b]
			}
		}
	}
	return f, nil
}

// dmAffineAlong finds the one dim b of shape that the positions pos
// (row-major over shape) vary along, and s and t with pos = (p floordiv
// s)·t + pos[0] at coordinate p along b; b is -1 when pos is constant. ok
// is false when pos varies along several dims, or is not of that form
// along its dim.
func dmAffineAlong(pos []int64, shape []int64) (b int, s, t int64, ok bool) {
	strides := make([]int64, len(shape))
	st := int64(1)
	for d := len(shape) - 1; d >= 0; d-- {
		strides[d], st = st, st*shape[d]
	}
	b = -1
	for d, n := range shape {
		for c := int64(1); c < n; c++ {
			if pos[c*strides[d]] != pos[0] {
				if b >= 0 {
					return 0, 0, 0, false
				}
				b = d
				break
			}
		}
	}
	if b < 0 {
		for _, p := range pos {
			if p != pos[0] {
				return 0, 0, 0, false
			}
		}
		return -1, 1, 0, true
	}
	n, stride := shape[b], strides[b]
	s = 1
	for s < n && pos[s*stride] == pos[0] {
		s++
	}
	if n%s != 0 {
		return 0, 0, 0, false
	}
	t = pos[s*stride] - pos[0]
	for k, p := range pos {
		coord := int64(k) / stride % n
		if p != coord/s*t+pos[0] {
			return 0, 0, 0, false
		}
	}
	return b, s, t, true
}

// expanded is the result shape of a with each index dim b split into
// (size/split[b], split[b]) where split[b] > 1, and for each index dim
// the position of its q part there (its r part follows it when split).
func (f *dmAffineIndex) expanded(a *dmAdvIndex) (shape []int64, qAt []int) {
	qAt = make([]int, len(a.bshape))
	addIndexDims := func() {
		for b, n := range a.bshape {
			qAt[b] = len(shape)
			if s := f.split[b]; s > 1 {
				shape = append(shape, n/s, s)
			} else {
				shape = append(shape, n)
			}
		}
	}
	for i, d := range a.rest {
		if i == a.q {
			addIndexDims()
		}
		shape = append(shape, a.self[d])
	}
	if a.q == len(a.rest) {
		addIndexDims()
	}
	return shape, qAt
}

// gatherAffine emits src[indices] for the affine form f of a's indices:
// one linalg.generic copying src into the expanded result (a rest dim of
// src read at its own loop, indexed dim a.dims[j] at step[j]·q + first[j]
// for q the loop of along[j]'s q part), then collapsed to a.resultShape().
func (e dmEmitter) gatherAffine(src *ir.Value, a *dmAdvIndex, f *dmAffineIndex) *ir.Value {
	st := tensorType(src)
	shape, qAt := f.expanded(a)
	var l loopNest
	loops := l.addN(linalg.Parallel, len(shape))
	ex := make([]affine.Expr, st.Rank())
	for j, d := range a.dims {
		ex[d] = affine.Const(f.first[j])
		if b := f.along[j]; b >= 0 {
			ex[d] = affine.Add(affine.Mul(loops[qAt[b]], affine.Const(f.step[j])), ex[d])
		}
	}
	for i, d := range a.rest {
		at := i
		if i >= a.q {
			at = len(shape) - (len(a.rest) - i)
		}
		ex[d] = loops[at]
	}
	init := e.empty(shape, st.Elem)
	out := linalg.NewGeneric(e.b, e.loc, []*ir.Value{src}, []*ir.Value{init}, []affine.Map{l.mapOf(ex), l.mapOf(loops)}, l.iters, []ir.Type{init.Type()},
		func(b *ir.Builder, args []*ir.Value) []*ir.Value { return args[:1] }).Result(0)
	return e.reshape(out, a.resultShape())
}

// putAffine emits index_put(dest, indices, vals, accumulate) for the
// affine form f (dmAffineIndices with forPut) of a's indices, vals
// already broadcast to a.resultShape(). The elements written are a
// strided box of dest: along indexed dim a.dims[j], first[j] + step[j]·q
// for each q of along[j]'s q part. A generic over the box (parallel, in
// dest's dim order) and the r parts of the index dims (reductions, in
// the index shape's order) adds the values at p = q·s + r to the box's
// elements of dest (accumulate), or writes the last one, r = s − 1; the
// box is then inserted into dest.
func (e dmEmitter) putAffine(dest *ir.Value, a *dmAdvIndex, f *dmAffineIndex, vals *ir.Value, accumulate bool) *ir.Value {
	t := tensorType(dest)
	shape, qAt := f.expanded(a)
	box := dmCorner(t.Shape)
	for j, d := range a.dims {
		box.offsets[d], box.sizes[d] = f.first[j], 1
		if b := f.along[j]; b >= 0 {
			box.sizes[d], box.strides[d] = a.bshape[b]/f.split[b], f.step[j]
		}
	}
	var l loopNest
	loops := l.addN(linalg.Parallel, t.Rank())
	// vals' expanded dims: the rest dims at their loops; an index dim's q
	// part at the loop of the indexed dim that reads it (or 0: none does),
	// its r part at a reduction loop, or at s − 1 without accumulate.
	ex := make([]affine.Expr, len(shape))
	for i := range ex {
		ex[i] = affine.Const(0)
	}
	for j, d := range a.dims {
		if b := f.along[j]; b >= 0 {
			ex[qAt[b]] = loops[d]
		}
	}
	for b, s := range f.split {
		if s == 1 {
			continue
		}
		if accumulate {
			ex[qAt[b]+1] = l.add(linalg.Reduction)
		} else {
			ex[qAt[b]+1] = affine.Const(s - 1)
		}
	}
	for i, d := range a.rest {
		at := i
		if i >= a.q {
			at = len(shape) - (len(a.rest) - i)
		}
		ex[at] = loops[d]
	}
	var init *ir.Value
	if accumulate {
		init = e.extractSlice(dest, box, nil)
	} else {
		init = e.empty(box.sizes, t.Elem)
	}
	in := e.reshape(vals, shape)
	sum := linalg.NewGeneric(e.b, e.loc, []*ir.Value{in}, []*ir.Value{init}, []affine.Map{l.mapOf(ex), l.mapOf(loops)}, l.iters, []ir.Type{init.Type()},
		func(b *ir.Builder, args []*ir.Value) []*ir.Value {
			if accumulate {
				return []*ir.Value{dmAdd(b, e.loc, args[1], args[0])}
			}
			return args[:1]
		}).Result(0)
	if box.full(t.Shape) {
		return sum
	}
	return e.insertSlice(sum, dest, box)
}
