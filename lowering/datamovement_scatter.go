package lowering

import (
	"slices"
	"strconv"

	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/dialect/tensor"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
	"github.com/torchlower/torchlower/torch"
)

// The scatters: slice_scatter and select_scatter (and the slice/select
// backward ops, which scatter into zeros) become tensor.insert_slice; the
// KV-cache writes index_copy and index_put become an insert_slice at a
// dynamic offset when the index has a single element, and a scatter
// linalg.generic otherwise (conv-backward.md, "KV-cache scatters").

func populateDataMovementScatter(m map[string]converter) {
	m[torch.AtenSliceScatter] = dmPrepareSliceScatter
	m[torch.AtenSelectScatter] = dmPrepareSelectScatter
	m[torch.AtenSliceBackward] = dmPrepareSliceBackward
	m[torch.AtenSelectBackward] = dmPrepareSelectBackward
	m[torch.AtenIndexCopy] = dmPrepareIndexCopy
	m[torch.AtenIndexCopy_] = dmPrepareIndexCopy
	m[torch.AtenIndexPut] = dmPrepareIndexPut
	m[torch.AtenIndexPut_] = dmPrepareIndexPut
	m[torch.Aten_UnsafeIndexPut] = dmPrepareIndexPut
	m[torch.AtenEmbeddingDenseBackward] = dmPrepareEmbeddingBackward
	m[torch.AtenScatterSrc] = dmPrepareScatterDim
	m[torch.AtenScatterValue] = dmPrepareScatterDim
	m[torch.AtenScatterAdd] = dmPrepareScatterDim
	m[torch.AtenIndexAdd] = dmPrepareIndexAdd
	m[torch.AtenScatterReduceTwo] = dmPrepareScatterReduce
}

// ---- slice and select scatters --------------------------------------------------

// dmPrepareSliceScatter lowers
//
//	aten::slice_scatter(Tensor self, Tensor src, int dim=0, SymInt? start=None,
//	    SymInt? end=None, SymInt step=1) -> Tensor
//
// to tensor.insert_slice of src into self at the slice that slice.Tensor
// with the same arguments reads (the same clamping), step as the stride.
// src must have the slice's shape; a src of another dtype is converted to
// self's, as the copy_ in ATen's slice_scatter does.
func dmPrepareSliceScatter(op *ir.Operation) (emitFunc, error) {
	r, err := dmNewReader(op)
	if err != nil {
		return nil, err
	}
	self, err := r.tensor(0)
	if err != nil {
		return nil, err
	}
	src, err := r.tensor(1)
	if err != nil {
		return nil, err
	}
	dim, first, count, step, err := dmSliceArgs(r, 2, self.shape)
	if err != nil {
		return nil, err
	}
	s := dmSliceOf(self.shape, dim, first, count, step)
	if !slices.Equal(src.shape, s.sizes) {
		return nil, r.errorf("expected 'src' to have a size equal to the slice of 'self': src size = %s, slice size = %s", dmShapeString(src.shape), dmShapeString(s.sizes))
	}
	return dmInsertInto(r, self, src, 0, 1, s)
}

// dmPrepareSelectScatter lowers
//
//	aten::select_scatter(Tensor self, Tensor src, int dim, SymInt index) -> Tensor
//
// to tensor.insert_slice of src (self's shape without dim) as the
// rank-reduced slice of size 1 at index along dim.
func dmPrepareSelectScatter(op *ir.Operation) (emitFunc, error) {
	r, err := dmNewReader(op)
	if err != nil {
		return nil, err
	}
	self, err := r.tensor(0)
	if err != nil {
		return nil, err
	}
	src, err := r.tensor(1)
	if err != nil {
		return nil, err
	}
	if self.rank() == 0 {
		return nil, r.errorf("select_scatter() cannot be applied to a 0-dim tensor")
	}
	dim, err := r.dim(2, self.rank())
	if err != nil {
		return nil, err
	}
	idx, err := dmSelectIndex(r, 3, dim, self.shape[dim])
	if err != nil {
		return nil, err
	}
	if want := dmDropDim(self.shape, dim); !slices.Equal(src.shape, want) {
		return nil, r.errorf("expected 'src' of shape %s (self without dim %d), got %s", dmShapeString(want), dim, dmShapeString(src.shape))
	}
	return dmInsertInto(r, self, src, 0, 1, dmSliceOf(self.shape, dim, idx, 1, 1))
}

// dmPrepareSliceBackward lowers
//
//	aten::slice_backward(Tensor grad_output, SymInt[] input_sizes, int dim,
//	    SymInt start, SymInt end, SymInt step) -> Tensor
//
// which is zeros of input_sizes with grad_output inserted at the slice
// (ATen: grad_input.slice(dim, start, end, step).copy_(grad)).
func dmPrepareSliceBackward(op *ir.Operation) (emitFunc, error) {
	r, err := dmNewReader(op)
	if err != nil {
		return nil, err
	}
	grad, err := r.tensor(0)
	if err != nil {
		return nil, err
	}
	sizes, err := r.intList(1)
	if err != nil {
		return nil, err
	}
	dim, first, count, step, err := dmSliceArgs(r, 2, sizes)
	if err != nil {
		return nil, err
	}
	s := dmSliceOf(sizes, dim, first, count, step)
	if !slices.Equal(grad.shape, s.sizes) {
		return nil, r.errorf("'grad_output' has shape %s, but the slice of 'input_sizes' %s is %s", dmShapeString(grad.shape), dmShapeString(sizes), dmShapeString(s.sizes))
	}
	self := dmTensor{dtype: grad.dtype, elem: grad.elem, shape: sizes}
	return dmInsertInto(r, self, grad, -1, 0, s)
}

// dmPrepareSelectBackward lowers
//
//	aten::select_backward(Tensor grad_output, SymInt[] input_sizes, int dim,
//	    SymInt index) -> Tensor
//
// which is zeros of input_sizes with grad_output inserted as the
// rank-reduced slice at index along dim.
func dmPrepareSelectBackward(op *ir.Operation) (emitFunc, error) {
	r, err := dmNewReader(op)
	if err != nil {
		return nil, err
	}
	grad, err := r.tensor(0)
	if err != nil {
		return nil, err
	}
	sizes, err := r.intList(1)
	if err != nil {
		return nil, err
	}
	if len(sizes) == 0 {
		return nil, r.errorf("select_backward() cannot be applied to a 0-dim tensor")
	}
	dim, err := r.dim(2, len(sizes))
	if err != nil {
		return nil, err
	}
	idx, err := dmSelectIndex(r, 3, dim, sizes[dim])
	if err != nil {
		return nil, err
	}
	if want := dmDropDim(sizes, dim); !slices.Equal(grad.shape, want) {
		return nil, r.errorf("expected 'grad_output' of shape %s ('input_sizes' without dim %d), got %s", dmShapeString(want), dim, dmShapeString(grad.shape))
	}
	self := dmTensor{dtype: grad.dtype, elem: grad.elem, shape: sizes}
	return dmInsertInto(r, self, grad, -1, 0, dmSliceOf(sizes, dim, idx, 1, 1))
}

// dmInsertInto finishes the slice scatters: operand srcAt (of type src,
// converted to self's dtype) inserted into operand selfAt at s, or into
// zeros of self's shape when selfAt < 0. An empty slice leaves the
// destination as it is.
func dmInsertInto(r dmReader, self, src dmTensor, selfAt, srcAt int, s dmSlice) (emitFunc, error) {
	want, err := r.result(self.shape, self.elem)
	if err != nil {
		return nil, err
	}
	op := r.op
	return func(b *ir.Builder) ([]*ir.Value, error) {
		e := dmNewEmitter(b, op.Loc)
		var dst *ir.Value
		if selfAt < 0 {
			dst = e.zeros(self.shape, self.elem)
		} else {
			dst = op.Operand(selfAt)
		}
		if ir.NumElements(src.shape) == 0 {
			return []*ir.Value{e.cast(dst, want)}, nil
		}
		v := e.convert(op.Operand(srcAt), src.dtype, self.dtype)
		return []*ir.Value{e.cast(e.insertSlice(v, dst, s), want)}, nil
	}, nil
}

// ---- advanced indexing ------------------------------------------------------------

// dmAdvIndex is advanced indexing of a tensor of shape self by index
// tensors at some of its dims (PyTorch's x[..., i, ..., j, ...] with
// integer tensors i, j), shared by index.Tensor, index_put, index_copy
// and the embedding ops.
//
// The index tensors broadcast together to shape bshape (K elements). The
// indexed result has the not-indexed dims of self (rest, in order) with
// bshape inserted at position q: where the indexed dims are when they are
// adjacent, else in front (NumPy's rule, which PyTorch follows).
type dmAdvIndex struct {
	self   []int64
	dims   []int      // the indexed dims of self, ascending
	at     []int      // operand position of each index tensor in its list op
	idx    []dmTensor // the index tensors' types
	bshape []int64
	rest   []int // the dims of self not indexed
	q      int
	wrap   bool // negative indices count from the end (index, index_put)
}

func (a *dmAdvIndex) k() int64 { return ir.NumElements(a.bshape) }

// resultShape is the shape of the indexed result: rest[:q] ++ bshape ++ rest[q:].
func (a *dmAdvIndex) resultShape() []int64 {
	var out []int64
	for i, d := range a.rest {
		if i == a.q {
			out = append(out, a.bshape...)
		}
		out = append(out, a.self[d])
	}
	if a.q == len(a.rest) {
		out = append(out, a.bshape...)
	}
	return out
}

// flatShape is resultShape with bshape flattened to one dim of K.
func (a *dmAdvIndex) flatShape() []int64 {
	var out []int64
	for i, d := range a.rest {
		if i == a.q {
			out = append(out, a.k())
		}
		out = append(out, a.self[d])
	}
	if a.q == len(a.rest) {
		out = append(out, a.k())
	}
	return out
}

// sliceShape is self with size 1 at every indexed dim: the shape of the
// region a single-element index writes.
func (a *dmAdvIndex) sliceShape() []int64 {
	out := append([]int64(nil), a.self...)
	for _, d := range a.dims {
		out[d] = 1
	}
	return out
}

// dmIndexDtype checks that an index tensor holds integers: int64 or int32
// (PyTorch 2 accepts both). Bool and uint8 masks select a data-dependent
// number of elements and are rejected.
func dmIndexDtype(r dmReader, what string, t dmTensor) error {
	it, ok := t.dtype.(ir.IntegerType)
	switch {
	case ok && it.Signedness == ir.Signed && (it.Width == 64 || it.Width == 32):
		return nil
	case ok && (it.Width == 1 || it.Signedness == ir.Unsigned):
		return r.errorf("%s is a %s mask; boolean and uint8 mask indices are not supported (the number of selected elements depends on the mask's values)", what, t.dtype)
	}
	return r.errorf("%s has dtype %s; tensors used as indices must be int64 or int32", what, t.dtype)
}

// dmReadIndices reads a `Tensor?[] indices` operand for self: at most
// rank entries, None for a dim taken whole, at least one tensor.
func dmReadIndices(r dmReader, at int, self []int64) (*dmAdvIndex, *ir.Operation, error) {
	ts, lst, err := r.tensorList(at, true)
	if err != nil {
		return nil, nil, err
	}
	if len(ts) > len(self) {
		return nil, nil, r.errorf("too many indices for tensor of dimension %d (got %d)", len(self), len(ts))
	}
	a := &dmAdvIndex{self: self, wrap: true}
	var shapes [][]int64
	for d, t := range ts {
		if t == nil {
			continue
		}
		if err := dmIndexDtype(r, "element "+strconv.Itoa(d)+" of '"+r.names[at]+"'", *t); err != nil {
			return nil, nil, err
		}
		a.dims = append(a.dims, d)
		a.at = append(a.at, d)
		a.idx = append(a.idx, *t)
		shapes = append(shapes, t.shape)
	}
	if len(a.dims) == 0 {
		return nil, nil, r.errorf("expected at least one index tensor in '%s' (all entries are None)", r.names[at])
	}
	var ok bool
	if a.bshape, ok = dmBroadcastShapes(shapes...); !ok {
		msg := "shape mismatch: indexing tensors could not be broadcast together with shapes"
		for _, s := range shapes {
			msg += " " + dmShapeString(s)
		}
		return nil, nil, r.errorf("%s", msg)
	}
	a.setLayout()
	return a, lst, nil
}

// setLayout fills rest and q from dims.
func (a *dmAdvIndex) setLayout() {
	indexed := map[int]bool{}
	for _, d := range a.dims {
		indexed[d] = true
	}
	a.rest = nil
	for d := range a.self {
		if !indexed[d] {
			a.rest = append(a.rest, d)
		}
	}
	adjacent := a.dims[len(a.dims)-1]-a.dims[0] == len(a.dims)-1
	a.q = 0
	if adjacent {
		a.q = a.dims[0] // every dim before the first indexed one is a rest dim
	}
}

// flatIndices returns each index tensor (read from lst) broadcast to
// bshape and flattened to [K].
func (e dmEmitter) flatIndices(a *dmAdvIndex, lst *ir.Operation) []*ir.Value {
	out := make([]*ir.Value, len(a.idx))
	for j := range a.idx {
		v := e.broadcast(lst.Operand(a.at[j]), a.bshape)
		out[j] = e.reshape(v, []int64{a.k()})
	}
	return out
}

// scatter writes vals into dest at the positions the flattened index
// tensors idx ([K] each) name along a.dims, with one linalg.generic over
// dest's dims plus a reduction dim k over the K index positions:
//
//	out[p] = select(∧_j wrap(idx_j[k]) == p[dims_j], accumulate ? out[p] + vals[rest(p), k] : vals[rest(p), k], out[p])
//
// vals has a.flatShape() (the rest dims with K at q) and out starts as
// dest. Each destination element thus takes the value of the last index
// position that names it (with accumulate, the sum of all of them).
// skip, when not nil, is an index value whose positions write nothing
// (embedding's padding_idx).
//
// Semantics of duplicates: PyTorch's index_put with accumulate=False and
// index_copy make no promise about which of several writes to one element
// wins ("undefined"/nondeterministic in their docs); this lowering takes
// the last one, and tests use unique indices. With accumulate=True every
// write is summed, exactly as PyTorch does.
func (e dmEmitter) scatter(dest *ir.Value, a *dmAdvIndex, idx []*ir.Value, vals *ir.Value, accumulate bool, skip *int64) *ir.Value {
	t := tensorType(dest)
	var l loopNest
	loops := l.addN(linalg.Parallel, t.Rank())
	k := l.add(linalg.Reduction)
	var vexpr []affine.Expr
	for i, d := range a.rest {
		if i == a.q {
			vexpr = append(vexpr, k)
		}
		vexpr = append(vexpr, loops[d])
	}
	if a.q == len(a.rest) {
		vexpr = append(vexpr, k)
	}
	maps := make([]affine.Map, 0, len(idx)+2)
	for range idx {
		maps = append(maps, l.mapOf(one(k)))
	}
	maps = append(maps, l.mapOf(vexpr), l.mapOf(loops))
	inputs := append(append([]*ir.Value(nil), idx...), vals)
	return linalg.NewGeneric(e.b, e.loc, inputs, []*ir.Value{dest}, maps, l.iters, []ir.Type{t},
		func(b *ir.Builder, args []*ir.Value) []*ir.Value {
			val, acc := args[len(idx)], args[len(idx)+1]
			var cond *ir.Value
			for j := range idx {
				pos := dmIndexValue(b, e.loc, args[j], a.self[a.dims[j]], a.wrap)
				eq := arith.NewCmpI(b, e.loc, "eq", pos, linalg.NewIndex(b, e.loc, a.dims[j]))
				if cond == nil {
					cond = eq
				} else {
					cond = arith.Binary(b, e.loc, arith.AndI, cond, eq)
				}
			}
			if skip != nil {
				keep := arith.NewCmpI(b, e.loc, "ne", args[0], arith.ConstantInt(b, e.loc, *skip, args[0].Type()))
				cond = arith.Binary(b, e.loc, arith.AndI, cond, keep)
			}
			nv := val
			if accumulate {
				nv = dmAdd(b, e.loc, acc, val)
			}
			return []*ir.Value{arith.NewSelect(b, e.loc, cond, nv, acc)}
		}).Result(0)
}

// insertAt writes vals (of a.sliceShape()) into dest at the single
// position the one-element index tensors (read from lst, or given as
// values in idx) name: a tensor.insert_slice whose offsets along a.dims are
// read at run time (tensor.extract of the index → arith.index_cast, with
// the negative-index wrap where a.wrap), 0 elsewhere; sizes are 1 along
// a.dims. With accumulate, the slice is read first with the same
// tensor.extract_slice and vals added to it. This is the KV-cache decode
// step (cache.index_copy_(dim, pos, kv) with one position), which
// torch-mlir only reaches through a generic scatter.
func (e dmEmitter) insertAt(dest *ir.Value, a *dmAdvIndex, idx []*ir.Value, vals *ir.Value, accumulate bool) *ir.Value {
	t := tensorType(dest)
	offsets := tensor.StaticIndices(make([]int64, t.Rank())...)
	for j, d := range a.dims {
		it := tensorType(idx[j])
		zeros := make([]*ir.Value, it.Rank())
		for i := range zeros {
			zeros[i] = e.index(0)
		}
		x := e.extract(e.b, idx[j], zeros)
		offsets[d] = tensor.DynamicIndex(dmIndexValue(e.b, e.loc, x, t.Shape[d], a.wrap))
	}
	sizes := tensor.StaticIndices(a.sliceShape()...)
	strides := tensor.StaticIndices(ones(t.Rank())...)
	if accumulate {
		cur := tensor.NewExtractSlice(e.b, e.loc, nil, dest, offsets, sizes, strides)
		vals = e.addTensors(cur, vals)
	}
	return tensor.NewInsertSlice(e.b, e.loc, vals, dest, offsets, sizes, strides)
}

// addTensors is the elementwise sum of two tensors of one shape.
func (e dmEmitter) addTensors(x, y *ir.Value) *ir.Value {
	t := tensorType(x)
	id := affine.Identity(t.Rank())
	init := e.empty(t.Shape, t.Elem)
	return linalg.NewGeneric(e.b, e.loc, []*ir.Value{x, y}, []*ir.Value{init}, []affine.Map{id, id, id},
		repeat(linalg.Parallel, t.Rank()), []ir.Type{init.Type()},
		func(b *ir.Builder, args []*ir.Value) []*ir.Value {
			return []*ir.Value{dmAdd(b, e.loc, args[0], args[1])}
		}).Result(0)
}

// dmInPlaceOK accepts an in-place op (index_put_, index_copy_) on a value
// tensor only when nothing but the op reads self: its result is then the
// whole effect of the mutation and value semantics hold.
func dmInPlaceOK(r dmReader) error {
	if !dmIsInPlace(r.op.Name) {
		return nil
	}
	if !r.op.Operand(0).HasOneUse() {
		return r.errorf("in-place '%s' on a value tensor is lowered only when 'self' has no other use (otherwise later readers would see the mutation); functionalize the program to the out-of-place form", r.op.Name)
	}
	return nil
}

func dmIsInPlace(name string) bool {
	return name == torch.AtenIndexPut_ || name == torch.AtenIndexCopy_
}

// dmPrepareIndexPut lowers
//
//	aten::index_put(Tensor self, Tensor?[] indices, Tensor values, bool accumulate=False) -> Tensor
//	aten::_unsafe_index_put(...)  (the same without bounds checks)
//	aten::index_put_(...)         (in place; see dmInPlaceOK)
//
// which is self with self[indices] = values (accumulate: +=), indices
// being advanced indexing (dmAdvIndex, negative indices counting from the
// end). values must have self's dtype and broadcast to the indexed shape.
//
// When the index tensors have a single element (x[:, :, pos] = v for one
// position: the KV-cache update) the write is one tensor.insert_slice at
// offsets read from the index tensors (dmEmitter.insertAt); otherwise it
// is the scatter generic (dmEmitter.scatter). Out-of-range indices, which
// PyTorch reports as an error, are undefined behaviour here.
func dmPrepareIndexPut(op *ir.Operation) (emitFunc, error) {
	r, err := dmNewReader(op)
	if err != nil {
		return nil, err
	}
	self, err := r.tensor(0)
	if err != nil {
		return nil, err
	}
	if err := dmInPlaceOK(r); err != nil {
		return nil, err
	}
	a, lst, err := dmReadIndices(r, 1, self.shape)
	if err != nil {
		return nil, err
	}
	vals, err := r.tensor(2)
	if err != nil {
		return nil, err
	}
	accumulate, err := r.bool(3)
	if err != nil {
		return nil, err
	}
	if !ir.TypeEqual(vals.dtype, self.dtype) {
		return nil, r.errorf("index put requires the source and destination dtypes match, got %s for the destination and %s for the source", self.dtype, vals.dtype)
	}
	target := a.resultShape()
	if bs, ok := dmBroadcastShapes(vals.shape, target); !ok || !slices.Equal(bs, target) {
		return nil, r.errorf("shape mismatch: value tensor of shape %s cannot be broadcast to indexing result of shape %s", dmShapeString(vals.shape), dmShapeString(target))
	}
	want, err := r.result(self.shape, self.elem)
	if err != nil {
		return nil, err
	}
	// Indices computed from constants invert to a gather
	// (datamovement_scatter_const.go).
	var table []int64
	var cols int64
	var aff *dmAffineIndex
	if idx, known := dmConstIndices(a, lst); known && a.k() >= 2 {
		if aff, err = dmAffineIndices(r, a, idx, true); err != nil {
			return nil, err
		}
		if aff == nil {
			if table, cols, err = constScatterTable(r, a, idx, accumulate); err != nil {
				return nil, err
			}
		}
	}
	return func(b *ir.Builder) ([]*ir.Value, error) {
		e := dmNewEmitter(b, op.Loc)
		dest := op.Operand(0)
		if a.k() == 0 {
			return []*ir.Value{e.cast(dest, want)}, nil
		}
		v := e.broadcast(op.Operand(2), target)
		if aff != nil {
			return []*ir.Value{e.cast(e.putAffine(dest, a, aff, v, accumulate), want)}, nil
		}
		if table != nil {
			out, err := e.gatherScatter(dest, a, table, cols, e.reshape(v, a.flatShape()), accumulate)
			if err != nil {
				return nil, err
			}
			return []*ir.Value{e.cast(out, want)}, nil
		}
		if a.k() == 1 {
			idx := make([]*ir.Value, len(a.at))
			for j, at := range a.at {
				idx[j] = lst.Operand(at)
			}
			return []*ir.Value{e.cast(e.insertAt(dest, a, idx, e.reshape(v, a.sliceShape()), accumulate), want)}, nil
		}
		v = e.reshape(v, a.flatShape())
		return []*ir.Value{e.cast(e.scatter(dest, a, e.flatIndices(a, lst), v, accumulate, nil), want)}, nil
	}, nil
}

// dmPrepareIndexCopy lowers
//
//	aten::index_copy(Tensor self, int dim, Tensor index, Tensor source) -> Tensor
//	aten::index_copy_(...)  (in place; see dmInPlaceOK)
//
// which copies source[..., i, ...] to self[..., index[i], ...] along dim.
// As ATen checks: index is int64 of rank 0 or 1 with K elements, source
// has self's dtype and rank with size K along dim and self's sizes
// elsewhere (a 0-d source stands for [1] when self has rank ≤ 1). Unlike
// advanced indexing, index_copy does not wrap negative indices (PyTorch
// raises on them), so the lowering uses the index as it is.
//
// A single index (cache.index_copy_(2, pos, kv) in a decode step) is one
// tensor.insert_slice at the dynamic offset index[0]; several are the
// scatter generic.
func dmPrepareIndexCopy(op *ir.Operation) (emitFunc, error) {
	r, err := dmNewReader(op)
	if err != nil {
		return nil, err
	}
	self, err := r.tensor(0)
	if err != nil {
		return nil, err
	}
	if err := dmInPlaceOK(r); err != nil {
		return nil, err
	}
	dim, err := r.dim(1, self.rank())
	if err != nil {
		return nil, err
	}
	index, err := r.tensor(2)
	if err != nil {
		return nil, err
	}
	source, err := r.tensor(3)
	if err != nil {
		return nil, err
	}
	if index.rank() > 1 {
		return nil, r.errorf("index_copy(): 'index' should have dimension 1 or 0 (got %d)", index.rank())
	}
	if it, ok := index.dtype.(ir.IntegerType); !ok || it.Width != 64 || it.Signedness != ir.Signed {
		return nil, r.errorf("index_copy(): expected a long tensor for 'index', got %s", index.dtype)
	}
	if !ir.TypeEqual(source.dtype, self.dtype) {
		return nil, r.errorf("index_copy(): self and source expected to have the same dtype, got %s and %s", self.dtype, source.dtype)
	}
	k := ir.NumElements(index.shape)
	want, err := r.result(self.shape, self.elem)
	if err != nil {
		return nil, err
	}
	if self.rank() == 0 {
		if source.rank() != 0 || k != 1 {
			return nil, r.errorf("index_copy(): a 0-d 'self' takes a 0-d 'source' and one index")
		}
		return func(b *ir.Builder) ([]*ir.Value, error) {
			return []*ir.Value{dmNewEmitter(b, op.Loc).cast(op.Operand(3), want)}, nil
		}, nil
	}
	srcShape := source.shape
	if source.rank() == 0 && self.rank() == 1 {
		srcShape = []int64{1}
	}
	expect := append([]int64(nil), self.shape...)
	expect[dim] = k
	if !slices.Equal(srcShape, expect) {
		return nil, r.errorf("index_copy(): 'source' must have shape %s ('self' with the %d indexed positions along dim %d), got %s",
			dmShapeString(expect), k, dim, dmShapeString(source.shape))
	}
	a := &dmAdvIndex{self: self.shape, dims: []int{dim}, at: []int{2}, idx: []dmTensor{index}, bshape: []int64{k}}
	a.setLayout()
	a.q = dim
	return func(b *ir.Builder) ([]*ir.Value, error) {
		e := dmNewEmitter(b, op.Loc)
		dest := op.Operand(0)
		if k == 0 {
			return []*ir.Value{e.cast(dest, want)}, nil
		}
		src := e.reshape(op.Operand(3), expect)
		if k == 1 {
			return []*ir.Value{e.cast(e.insertAt(dest, a, []*ir.Value{op.Operand(2)}, src, false), want)}, nil
		}
		idx := e.reshape(op.Operand(2), []int64{k})
		return []*ir.Value{e.cast(e.scatter(dest, a, []*ir.Value{idx}, src, false, nil), want)}, nil
	}, nil
}

// dmPrepareEmbeddingBackward lowers
//
//	aten::embedding_dense_backward(Tensor grad_output, Tensor indices,
//	    SymInt num_weights, SymInt padding_idx, bool scale_grad_by_freq) -> Tensor
//
// the weight gradient of embedding: grad_weight[w, :] is the sum of
// grad_output[k, :] over the flattened positions k with indices[k] = w,
// except that the row padding_idx gets nothing (a negative padding_idx
// matches no index). It is the scatter generic with accumulate, into zeros
// of [num_weights, D], summing in grad_output's dtype like ATen's CPU
// kernel (index_add_). scale_grad_by_freq = True is not supported.
func dmPrepareEmbeddingBackward(op *ir.Operation) (emitFunc, error) {
	r, err := dmNewReader(op)
	if err != nil {
		return nil, err
	}
	grad, err := r.tensor(0)
	if err != nil {
		return nil, err
	}
	indices, err := r.tensor(1)
	if err != nil {
		return nil, err
	}
	if err := dmIndexDtype(r, "'indices'", indices); err != nil {
		return nil, err
	}
	num, err := r.int(2)
	if err != nil {
		return nil, err
	}
	pad, err := r.int(3)
	if err != nil {
		return nil, err
	}
	scale, err := r.bool(4)
	if err != nil {
		return nil, err
	}
	if scale {
		return nil, r.errorf("scale_grad_by_freq = true is not supported")
	}
	if num < 0 {
		return nil, r.errorf("'num_weights' must be non-negative, got %d", num)
	}
	if grad.rank() != indices.rank()+1 || !slices.Equal(grad.shape[:indices.rank()], indices.shape) {
		return nil, r.errorf("expected 'grad_output' of shape 'indices' shape %s followed by the embedding dim, got %s", dmShapeString(indices.shape), dmShapeString(grad.shape))
	}
	d := grad.shape[grad.rank()-1]
	out := []int64{num, d}
	want, err := r.result(out, grad.elem)
	if err != nil {
		return nil, err
	}
	k := ir.NumElements(indices.shape)
	a := &dmAdvIndex{self: out, dims: []int{0}, bshape: []int64{k}}
	a.setLayout()
	return func(b *ir.Builder) ([]*ir.Value, error) {
		e := dmNewEmitter(b, op.Loc)
		dest := e.zeros(out, grad.elem)
		if k == 0 || num == 0 {
			return []*ir.Value{e.cast(dest, want)}, nil
		}
		idx := e.reshape(op.Operand(1), []int64{k})
		vals := e.reshape(op.Operand(0), []int64{k, d})
		var skip *int64
		if pad >= 0 {
			skip = &pad
		}
		return []*ir.Value{e.cast(e.scatter(dest, a, []*ir.Value{idx}, vals, true, skip), want)}, nil
	}, nil
}
