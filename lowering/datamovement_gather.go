package lowering

import (
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
	"github.com/torchlower/torchlower/torch"
)

// The gathers read a tensor at positions held in index tensors: one
// linalg.generic over the result whose body computes the source
// coordinates (linalg.index for the dims taken whole, the index element
// converted to index for the indexed ones) and reads the element with
// tensor.extract of the source captured from above, torch-mlir's lowering
// of index.Tensor. Out-of-range indices, which PyTorch reports as an
// error, are undefined behaviour here.

func populateDataMovementGather(m map[string]converter) {
	m[torch.AtenIndexTensor] = dmPrepareIndex
	m[torch.Aten_UnsafeIndexTensor] = dmPrepareIndex
	m[torch.AtenIndexSelect] = dmPrepareIndexSelect
	m[torch.AtenEmbedding] = dmPrepareEmbedding
	m[torch.AtenGather] = dmPrepareGather
}

// gatherAdv emits src[indices] for advanced indexing a: loops over the
// result (a.resultShape()); index tensor j is read with its dims aligned
// to the last dims of bshape (a size-1 dim that broadcasts at the constant
// 0), and the body extracts src at the coordinates it assembles.
func (e dmEmitter) gatherAdv(src *ir.Value, a *dmAdvIndex, idx []*ir.Value) *ir.Value {
	out := a.resultShape()
	st := tensorType(src)
	nb := len(a.bshape)
	var l loopNest
	loops := l.addN(linalg.Parallel, len(out))
	maps := make([]affine.Map, 0, len(idx)+1)
	for _, v := range idx {
		shape := dmShape(v)
		ex := make([]affine.Expr, len(shape))
		for t, n := range shape {
			bd := nb - len(shape) + t
			if n == 1 && a.bshape[bd] != 1 {
				ex[t] = affine.Const(0)
			} else {
				ex[t] = loops[a.q+bd]
			}
		}
		maps = append(maps, l.mapOf(ex))
	}
	maps = append(maps, l.mapOf(loops))
	init := e.empty(out, st.Elem)
	return linalg.NewGeneric(e.b, e.loc, idx, []*ir.Value{init}, maps, l.iters, []ir.Type{init.Type()},
		func(b *ir.Builder, args []*ir.Value) []*ir.Value {
			coords := make([]*ir.Value, st.Rank())
			for j, d := range a.dims {
				coords[d] = dmIndexValue(b, e.loc, args[j], st.Shape[d], a.wrap)
			}
			for i, d := range a.rest {
				pos := i
				if i >= a.q {
					pos += nb
				}
				coords[d] = linalg.NewIndex(b, e.loc, pos)
			}
			return []*ir.Value{e.extract(b, src, coords)}
		}).Result(0)
}

// dmPrepareIndex lowers
//
//	aten::index.Tensor(Tensor self, Tensor?[] indices) -> Tensor
//	aten::_unsafe_index.Tensor(...)  (the same without bounds checks)
//
// advanced indexing self[indices] (dmAdvIndex): the index tensors (int64
// or int32, None for a dim taken whole) broadcast together, negative
// indices count from the end, and the result is the not-indexed dims with
// the broadcast index shape where the indexed dims were (in front when
// they are not adjacent).
func dmPrepareIndex(op *ir.Operation) (emitFunc, error) {
	r, err := dmNewReader(op)
	if err != nil {
		return nil, err
	}
	self, err := r.tensor(0)
	if err != nil {
		return nil, err
	}
	a, lst, err := dmReadIndices(r, 1, self.shape)
	if err != nil {
		return nil, err
	}
	out := a.resultShape()
	want, err := r.result(out, self.elem)
	if err != nil {
		return nil, err
	}
	// Constant indices affine along one dim each are linear maps
	// (datamovement_affine_index.go).
	var aff *dmAffineIndex
	if idx, ok := dmConstIndices(a, lst); ok {
		if aff, err = dmAffineIndices(r, a, idx, false); err != nil {
			return nil, err
		}
	}
	return func(b *ir.Builder) ([]*ir.Value, error) {
		e := dmNewEmitter(b, op.Loc)
		if aff != nil {
			return []*ir.Value{e.cast(e.gatherAffine(op.Operand(0), a, aff), want)}, nil
		}
		idx := make([]*ir.Value, len(a.at))
		for j, at := range a.at {
			idx[j] = lst.Operand(at)
		}
		return []*ir.Value{e.cast(e.gatherAdv(op.Operand(0), a, idx), want)}, nil
	}, nil
}

// dmPrepareIndexSelect lowers
//
//	aten::index_select(Tensor self, int dim, Tensor index) -> Tensor
//
// self with dim replaced by the positions index (int64 or int32, rank 0
// or 1, K elements) names: result[..., i, ...] = self[..., index[i], ...],
// of size K along dim (a 0-d index counts as [1]). index_select does not
// wrap negative indices (PyTorch raises on them).
func dmPrepareIndexSelect(op *ir.Operation) (emitFunc, error) {
	r, err := dmNewReader(op)
	if err != nil {
		return nil, err
	}
	self, err := r.tensor(0)
	if err != nil {
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
	if err := dmIndexDtype(r, "'index'", index); err != nil {
		return nil, err
	}
	if index.rank() > 1 {
		return nil, r.errorf("index_select(): 'index' should have dimension 1 or 0 (got %d)", index.rank())
	}
	if self.rank() == 0 {
		return nil, r.errorf("index_select() on a 0-d tensor is not supported")
	}
	k := ir.NumElements(index.shape)
	a := &dmAdvIndex{self: self.shape, dims: []int{dim}, idx: []dmTensor{index}, bshape: []int64{k}}
	a.setLayout()
	out := a.resultShape()
	want, err := r.result(out, self.elem)
	if err != nil {
		return nil, err
	}
	return func(b *ir.Builder) ([]*ir.Value, error) {
		e := dmNewEmitter(b, op.Loc)
		idx := e.reshape(op.Operand(2), []int64{k})
		return []*ir.Value{e.cast(e.gatherAdv(op.Operand(0), a, []*ir.Value{idx}), want)}, nil
	}, nil
}

// dmPrepareEmbedding lowers
//
//	aten::embedding(Tensor weight, Tensor indices, SymInt padding_idx=-1,
//	    bool scale_grad_by_freq=False, bool sparse=False) -> Tensor
//
// the row lookup weight[indices] of a 2-d weight: the result has indices'
// shape followed by the embedding dim. padding_idx, scale_grad_by_freq and
// sparse only change the gradient, so the forward ignores them.
func dmPrepareEmbedding(op *ir.Operation) (emitFunc, error) {
	r, err := dmNewReader(op)
	if err != nil {
		return nil, err
	}
	w, err := r.tensor(0)
	if err != nil {
		return nil, err
	}
	if w.rank() != 2 {
		return nil, r.errorf("'weight' must be 2-D, got rank %d", w.rank())
	}
	indices, err := r.tensor(1)
	if err != nil {
		return nil, err
	}
	if err := dmIndexDtype(r, "'indices'", indices); err != nil {
		return nil, err
	}
	a := &dmAdvIndex{self: w.shape, dims: []int{0}, idx: []dmTensor{indices}, bshape: indices.shape}
	a.setLayout()
	out := a.resultShape()
	want, err := r.result(out, w.elem)
	if err != nil {
		return nil, err
	}
	return func(b *ir.Builder) ([]*ir.Value, error) {
		e := dmNewEmitter(b, op.Loc)
		return []*ir.Value{e.cast(e.gatherAdv(op.Operand(0), a, []*ir.Value{op.Operand(1)}), want)}, nil
	}, nil
}

// dmPrepareGather lowers
//
//	aten::gather(Tensor self, int dim, Tensor index, *, bool sparse_grad=False) -> Tensor
//
// out[i...] = self[i_0, ..., index[i...], ..., i_n] with index's position
// along dim: the result has index's shape, which must have self's rank and
// be no larger than self outside dim (ATen's gather_shape_check). gather
// does not wrap negative indices. sparse_grad only changes the gradient.
func dmPrepareGather(op *ir.Operation) (emitFunc, error) {
	r, self, dim, err := dmSelfDim(op, 1, "gather()")
	if err != nil {
		return nil, err
	}
	index, err := r.tensor(2)
	if err != nil {
		return nil, err
	}
	if it, ok := index.dtype.(ir.IntegerType); !ok || it.Width != 64 || it.Signedness != ir.Signed {
		return nil, r.errorf("gather(): expected dtype int64 for 'index', got %s", index.dtype)
	}
	if index.rank() != self.rank() {
		return nil, r.errorf("index tensor must have the same number of dimensions as input tensor (%d), got %d", self.rank(), index.rank())
	}
	for d := range index.shape {
		if d != dim && index.shape[d] > self.shape[d] {
			return nil, r.errorf("size of 'index' %s does not match 'self' %s except at dimension %d", dmShapeString(index.shape), dmShapeString(self.shape), dim)
		}
	}
	want, err := r.result(index.shape, self.elem)
	if err != nil {
		return nil, err
	}
	return func(b *ir.Builder) ([]*ir.Value, error) {
		e := dmNewEmitter(b, op.Loc)
		src := op.Operand(0)
		rank := len(index.shape)
		init := e.empty(index.shape, self.elem)
		id := affine.Identity(rank)
		v := linalg.NewGeneric(b, op.Loc, []*ir.Value{op.Operand(2)}, []*ir.Value{init}, []affine.Map{id, id},
			repeat(linalg.Parallel, rank), []ir.Type{init.Type()},
			func(b *ir.Builder, args []*ir.Value) []*ir.Value {
				coords := make([]*ir.Value, rank)
				for d := range coords {
					if d == dim {
						coords[d] = dmIndexValue(b, op.Loc, args[0], self.shape[d], false)
					} else {
						coords[d] = linalg.NewIndex(b, op.Loc, d)
					}
				}
				return []*ir.Value{e.extract(b, src, coords)}
			}).Result(0)
		return []*ir.Value{e.cast(v, want)}, nil
	}, nil
}
