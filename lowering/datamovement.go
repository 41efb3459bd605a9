package lowering

import (
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/dialect/tensor"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/torch"
)

// populateDataMovement adds the converters of views, reshapes, slicing,
// concatenation, gathers and KV-cache scatters.
//
// Every one of these ops only moves elements, so all dtypes are accepted
// and no arithmetic happens except where PyTorch defines it (the dtype
// promotion of cat and stack, the sums of index_put with accumulate=True).
// Shapes must be static. Arguments that decide shapes (sizes, dims,
// starts, steps) must be torch constants; index tensors of gathers and
// scatters may be any runtime values. The view ops of PyTorch alias their
// input; on value-semantic tensors a view is just its values, so they
// lower to reshapes and slices of the tensor (torch-mlir does the same).
//
// The ops live in four files: views, slices and concatenation here,
// scatters in datamovement_scatter.go, gathers in datamovement_gather.go,
// and padding, flipping and tiling in datamovement_pad.go.
func populateDataMovement(m map[string]converter) {
	for _, name := range []string{torch.AtenView, torch.AtenReshape, torch.Aten_UnsafeView} {
		m[name] = dmPrepareView
	}
	m[torch.AtenPermute] = dmPreparePermute
	m[torch.AtenTransposeInt] = dmPrepareTranspose
	m[torch.AtenT] = dmPrepareT
	m[torch.AtenExpand] = dmPrepareExpand
	m[torch.AtenUnsqueeze] = dmPrepareUnsqueeze
	m[torch.AtenSqueeze] = dmPrepareSqueeze
	m[torch.AtenSqueezeDim] = dmPrepareSqueeze
	m[torch.AtenSqueezeDims] = dmPrepareSqueeze
	m[torch.AtenSliceTensor] = dmPrepareSlice
	m[torch.AtenSelectInt] = dmPrepareSelect
	m[torch.AtenNarrow] = dmPrepareNarrow
	m[torch.AtenCat] = dmPrepareCat
	m[torch.AtenStack] = dmPrepareCat
	m[torch.ListUnpackOp] = dmPrepareListUnpack
	populateDataMovementScatter(m)
	populateDataMovementGather(m)
	populateDataMovementPad(m)
	populateDataMovementPadModes(m)
}

// ---- reshapes -----------------------------------------------------------------

// dmPrepareView lowers
//
//	aten::view(Tensor(a) self, SymInt[] size) -> Tensor(a)
//	aten::reshape(Tensor(a) self, SymInt[] shape) -> Tensor(a)
//	aten::_unsafe_view(Tensor self, SymInt[] size) -> Tensor
//
// to tensor.collapse_shape / tensor.expand_shape (dmEmitter.reshape). The
// size list may hold one −1, inferred from the element count as ATen's
// infer_size does. On value-semantic tensors the three ops are the same:
// view's stride requirement concerns aliasing, which has no meaning here.
func dmPrepareView(op *ir.Operation) (emitFunc, error) {
	r, err := dmNewReader(op)
	if err != nil {
		return nil, err
	}
	self, err := r.tensor(0)
	if err != nil {
		return nil, err
	}
	size, err := r.intList(1)
	if err != nil {
		return nil, err
	}
	out, err := dmInferSize(r, size, ir.NumElements(self.shape))
	if err != nil {
		return nil, err
	}
	want, err := r.result(out, self.elem)
	if err != nil {
		return nil, err
	}
	return func(b *ir.Builder) ([]*ir.Value, error) {
		e := dmNewEmitter(b, op.Loc)
		return []*ir.Value{e.cast(e.reshape(op.Operand(0), out), want)}, nil
	}, nil
}

// dmInferSize is ATen's infer_size: at most one entry may be −1 and is set
// so that the element count is numel; every other entry must be ≥ 0, and
// the product must equal numel.
func dmInferSize(r dmReader, size []int64, numel int64) ([]int64, error) {
	out := append([]int64(nil), size...)
	infer := -1
	prod := int64(1)
	for i, d := range size {
		switch {
		case d == -1 && infer >= 0:
			return nil, r.errorf("only one dimension can be inferred, got size %s", dmShapeString(size))
		case d == -1:
			infer = i
		case d < 0:
			return nil, r.errorf("invalid shape dimension %d in size %s", d, dmShapeString(size))
		default:
			prod *= d
		}
	}
	if infer >= 0 {
		if prod == 0 || numel%prod != 0 {
			return nil, r.errorf("shape %s is invalid for input of size %d", dmShapeString(size), numel)
		}
		out[infer] = numel / prod
		return out, nil
	}
	if prod != numel {
		return nil, r.errorf("shape %s is invalid for input of size %d", dmShapeString(size), numel)
	}
	return out, nil
}

// dmPrepareUnsqueeze lowers
//
//	aten::unsqueeze(Tensor(a) self, int dim) -> Tensor(a)
//
// to a tensor.expand_shape adding a unit dim at dim ∈ [−rank−1, rank]
// (negative counts from the end of the result).
func dmPrepareUnsqueeze(op *ir.Operation) (emitFunc, error) {
	r, err := dmNewReader(op)
	if err != nil {
		return nil, err
	}
	self, err := r.tensor(0)
	if err != nil {
		return nil, err
	}
	d, err := r.int(1)
	if err != nil {
		return nil, err
	}
	dim, err := dmWrapDim(r, "dim", d, self.rank()+1)
	if err != nil {
		return nil, err
	}
	out := append(append(append([]int64(nil), self.shape[:dim]...), 1), self.shape[dim:]...)
	return dmReshapeTo(r, self, out)
}

// dmPrepareSqueeze lowers
//
//	aten::squeeze(Tensor(a) self) -> Tensor(a)
//	aten::squeeze.dim(Tensor(a) self, int dim) -> Tensor(a)
//	aten::squeeze.dims(Tensor(a) self, int[] dim) -> Tensor(a)
//
// to a tensor.collapse_shape that drops unit dims: every one (squeeze), or
// the named ones whose size is 1 (a named dim of another size is kept, as
// in PyTorch; squeeze.dims rejects a dim named twice, as ATen's
// dim_list_to_bitset does). Nothing to drop returns self.
func dmPrepareSqueeze(op *ir.Operation) (emitFunc, error) {
	r, err := dmNewReader(op)
	if err != nil {
		return nil, err
	}
	self, err := r.tensor(0)
	if err != nil {
		return nil, err
	}
	drop := make([]bool, self.rank())
	switch op.Name {
	case torch.AtenSqueeze:
		for i := range drop {
			drop[i] = true
		}
	case torch.AtenSqueezeDim:
		d, err := r.dim(1, self.rank())
		if err != nil {
			return nil, err
		}
		if d < len(drop) {
			drop[d] = true
		}
	default:
		ds, err := r.intList(1)
		if err != nil {
			return nil, err
		}
		seen := map[int]bool{}
		for _, x := range ds {
			d, err := dmWrapDim(r, "dim", x, self.rank())
			if err != nil {
				return nil, err
			}
			if seen[d] {
				return nil, r.errorf("dim %d appears multiple times in the list of dims", d)
			}
			seen[d] = true
			if d < len(drop) {
				drop[d] = true
			}
		}
	}
	var out []int64
	for i, n := range self.shape {
		if !drop[i] || n != 1 {
			out = append(out, n)
		}
	}
	return dmReshapeTo(r, self, out)
}

// dmReshapeTo finishes a converter whose lowering is a reshape of operand
// 0 to out.
func dmReshapeTo(r dmReader, self dmTensor, out []int64) (emitFunc, error) {
	want, err := r.result(out, self.elem)
	if err != nil {
		return nil, err
	}
	op := r.op
	return func(b *ir.Builder) ([]*ir.Value, error) {
		e := dmNewEmitter(b, op.Loc)
		return []*ir.Value{e.cast(e.reshape(op.Operand(0), out), want)}, nil
	}, nil
}

// ---- permutations -------------------------------------------------------------

// dmPreparePermute lowers
//
//	aten::permute(Tensor(a) self, int[] dims) -> Tensor(a)
//
// to linalg.transpose (as torch-mlir does): result dim i is self dim
// dims[i]. dims must name every dim once, negative dims counting from the
// end.
func dmPreparePermute(op *ir.Operation) (emitFunc, error) {
	r, err := dmNewReader(op)
	if err != nil {
		return nil, err
	}
	self, err := r.tensor(0)
	if err != nil {
		return nil, err
	}
	dims, err := r.intList(1)
	if err != nil {
		return nil, err
	}
	if len(dims) != self.rank() {
		return nil, r.errorf("number of dims in 'dims' (%d) does not match the rank of 'self' (%d)", len(dims), self.rank())
	}
	perm := make([]int64, len(dims))
	seen := make([]bool, len(dims))
	for i, x := range dims {
		d, err := dmWrapDim(r, "dims", x, self.rank())
		if err != nil {
			return nil, err
		}
		if seen[d] {
			return nil, r.errorf("'dims' %v repeats dim %d", dims, d)
		}
		seen[d] = true
		perm[i] = int64(d)
	}
	return dmPermute(r, self, perm)
}

// dmPrepareTranspose lowers
//
//	aten::transpose.int(Tensor(a) self, int dim0, int dim1) -> Tensor(a)
//
// as the permutation swapping dim0 and dim1 (equal dims: self).
func dmPrepareTranspose(op *ir.Operation) (emitFunc, error) {
	r, err := dmNewReader(op)
	if err != nil {
		return nil, err
	}
	self, err := r.tensor(0)
	if err != nil {
		return nil, err
	}
	d0, err := r.dim(1, self.rank())
	if err != nil {
		return nil, err
	}
	d1, err := r.dim(2, self.rank())
	if err != nil {
		return nil, err
	}
	perm := dmIdentityPerm(self.rank())
	if self.rank() > 0 {
		perm[d0], perm[d1] = perm[d1], perm[d0]
	}
	return dmPermute(r, self, perm)
}

// dmPrepareT lowers
//
//	aten::t(Tensor(a) self) -> Tensor(a)
//
// which transposes a 2-d tensor and returns a 0-d or 1-d one unchanged;
// higher ranks are an error in PyTorch ("t() expects a tensor with <= 2
// dimensions").
func dmPrepareT(op *ir.Operation) (emitFunc, error) {
	r, err := dmNewReader(op)
	if err != nil {
		return nil, err
	}
	self, err := r.tensor(0)
	if err != nil {
		return nil, err
	}
	if self.rank() > 2 {
		return nil, r.errorf("t() expects a tensor with <= 2 dimensions, but 'self' has rank %d", self.rank())
	}
	perm := dmIdentityPerm(self.rank())
	if self.rank() == 2 {
		perm = []int64{1, 0}
	}
	return dmPermute(r, self, perm)
}

func dmIdentityPerm(n int) []int64 {
	p := make([]int64, n)
	for i := range p {
		p[i] = int64(i)
	}
	return p
}

// dmPermute finishes a permutation converter: result dim i is self dim
// perm[i]; the identity returns self.
func dmPermute(r dmReader, self dmTensor, perm []int64) (emitFunc, error) {
	out := make([]int64, len(perm))
	identity := true
	for i, p := range perm {
		out[i] = self.shape[p]
		identity = identity && p == int64(i)
	}
	want, err := r.result(out, self.elem)
	if err != nil {
		return nil, err
	}
	op := r.op
	return func(b *ir.Builder) ([]*ir.Value, error) {
		e := dmNewEmitter(b, op.Loc)
		v := op.Operand(0)
		if !identity {
			v = linalg.NewTranspose(b, op.Loc, v, e.empty(out, self.elem), perm).Result(0)
		}
		return []*ir.Value{e.cast(v, want)}, nil
	}, nil
}

// ---- broadcasting ---------------------------------------------------------------

// dmPrepareExpand lowers
//
//	aten::expand(Tensor(a) self, SymInt[] size, *, bool implicit=False) -> Tensor(a)
//
// to a broadcasting linalg.generic (dmEmitter.broadcast). size has at
// least self's rank; self's dims align with its last entries. An entry −1
// keeps self's size; any other entry must equal self's size or stretch a
// dim of size 1. New leading dims must be given explicitly (≥ 0). implicit
// only matters to autograd tracing and is ignored.
func dmPrepareExpand(op *ir.Operation) (emitFunc, error) {
	r, err := dmNewReader(op)
	if err != nil {
		return nil, err
	}
	self, err := r.tensor(0)
	if err != nil {
		return nil, err
	}
	size, err := r.intList(1)
	if err != nil {
		return nil, err
	}
	if len(size) < self.rank() {
		return nil, r.errorf("the number of sizes provided (%d) must be greater or equal to the number of dimensions in the tensor (%d)", len(size), self.rank())
	}
	lead := len(size) - self.rank()
	out := make([]int64, len(size))
	for i, s := range size {
		if i < lead {
			if s < 0 {
				return nil, r.errorf("the expanded size %d is not allowed in a leading, non-existing dimension %d", s, i)
			}
			out[i] = s
			continue
		}
		have := self.shape[i-lead]
		switch {
		case s == -1 || s == have:
			out[i] = have
		case have == 1 && s >= 0:
			out[i] = s
		default:
			return nil, r.errorf("the expanded size of the tensor (%d) must match the existing size (%d) at non-singleton dimension %d; target sizes %v, tensor sizes %v", s, have, i, size, self.shape)
		}
	}
	want, err := r.result(out, self.elem)
	if err != nil {
		return nil, err
	}
	return func(b *ir.Builder) ([]*ir.Value, error) {
		e := dmNewEmitter(b, op.Loc)
		return []*ir.Value{e.cast(e.broadcast(op.Operand(0), out), want)}, nil
	}, nil
}

// ---- slices ---------------------------------------------------------------------

// dmSliceBounds clamps a slice [start, end) of a dim of extent size as
// ATen's slice does: negative bounds count from the end (size is added
// once), then start is clamped to [0, size] and end to [start, size], so
// end = INT64_MAX means "to the end" and an empty range is allowed. It
// returns the first index and the number of elements taken with step.
func dmSliceBounds(size, start, end, step int64) (first, count int64) {
	if start < 0 {
		start += size
	}
	if end < 0 {
		end += size
	}
	start = min(max(start, 0), size)
	end = min(max(end, start), size)
	return start, (end - start + step - 1) / step
}

// dmSliceArgs reads the dim, start, end and step operands at positions
// dim, dim+1, ... of a slice-like op over a tensor of the given shape.
func dmSliceArgs(r dmReader, at int, shape []int64) (dim int, first, count, step int64, err error) {
	if len(shape) == 0 {
		return 0, 0, 0, 0, r.errorf("slice cannot be applied to a 0-dim tensor")
	}
	if dim, err = r.dim(at, len(shape)); err != nil {
		return
	}
	start, err := r.optInt(at+1, 0)
	if err != nil {
		return
	}
	end, err := r.optInt(at+2, 1<<63-1)
	if err != nil {
		return
	}
	if step, err = r.int(at + 3); err != nil {
		return
	}
	if step <= 0 {
		return 0, 0, 0, 0, r.errorf("slice step must be positive, got %d", step)
	}
	first, count = dmSliceBounds(shape[dim], start, end, step)
	return dim, first, count, step, nil
}

// dmSlice is a static slice of a dim: offsets, sizes and strides for
// tensor.extract_slice / insert_slice over a tensor of the given shape.
type dmSlice struct {
	offsets, sizes, strides []int64
}

func dmSliceOf(shape []int64, dim int, first, count, step int64) dmSlice {
	s := dmCorner(shape)
	s.offsets[dim], s.sizes[dim], s.strides[dim] = first, count, step
	return s
}

// dmCorner is the slice of the given sizes at offset 0 with unit strides.
func dmCorner(sizes []int64) dmSlice {
	return dmSlice{offsets: make([]int64, len(sizes)), sizes: append([]int64(nil), sizes...), strides: ones(len(sizes))}
}

func (s dmSlice) full(shape []int64) bool {
	for i := range shape {
		if s.offsets[i] != 0 || s.sizes[i] != shape[i] || (s.strides[i] != 1 && shape[i] > 1) {
			return false
		}
	}
	return true
}

// extractSlice emits the tensor.extract_slice of s from v with result
// type t (nil: the non-rank-reduced type); a slice of everything returns v.
func (e dmEmitter) extractSlice(v *ir.Value, s dmSlice, t ir.Type) *ir.Value {
	if s.full(dmShape(v)) && (t == nil || ir.TypeEqual(t, v.Type())) {
		return v
	}
	return tensor.NewExtractSlice(e.b, e.loc, t, v, tensor.StaticIndices(s.offsets...),
		tensor.StaticIndices(s.sizes...), tensor.StaticIndices(s.strides...))
}

// insertSlice emits the tensor.insert_slice of src into dst at s.
func (e dmEmitter) insertSlice(src, dst *ir.Value, s dmSlice) *ir.Value {
	return tensor.NewInsertSlice(e.b, e.loc, src, dst, tensor.StaticIndices(s.offsets...),
		tensor.StaticIndices(s.sizes...), tensor.StaticIndices(s.strides...))
}

// dmPrepareSlice lowers
//
//	aten::slice.Tensor(Tensor(a) self, int dim=0, SymInt? start=None,
//	    SymInt? end=None, SymInt step=1) -> Tensor(a)
//
// to tensor.extract_slice with offset start, size ceil((end − start)/step)
// and stride step along dim, the bounds clamped as ATen's slice clamps them
// (dmSliceBounds): x[-3:], x[:INT64_MAX], x[5:2] (empty) all work.
func dmPrepareSlice(op *ir.Operation) (emitFunc, error) {
	r, err := dmNewReader(op)
	if err != nil {
		return nil, err
	}
	self, err := r.tensor(0)
	if err != nil {
		return nil, err
	}
	dim, first, count, step, err := dmSliceArgs(r, 1, self.shape)
	if err != nil {
		return nil, err
	}
	s := dmSliceOf(self.shape, dim, first, count, step)
	want, err := r.result(s.sizes, self.elem)
	if err != nil {
		return nil, err
	}
	return func(b *ir.Builder) ([]*ir.Value, error) {
		e := dmNewEmitter(b, op.Loc)
		return []*ir.Value{e.cast(e.extractSlice(op.Operand(0), s, nil), want)}, nil
	}, nil
}

// dmPrepareNarrow lowers
//
//	aten::narrow(Tensor(a) self, int dim, SymInt start, SymInt length) -> Tensor(a)
//
// to tensor.extract_slice of length elements from start along dim. Unlike
// slice, narrow does not clamp: start ∈ [−size, size] (negative counts
// from the end) and start + length ≤ size, else PyTorch raises.
func dmPrepareNarrow(op *ir.Operation) (emitFunc, error) {
	r, self, dim, err := dmSelfDim(op, 1, "narrow()")
	if err != nil {
		return nil, err
	}
	start, err := r.int(2)
	if err != nil {
		return nil, err
	}
	length, err := r.int(3)
	if err != nil {
		return nil, err
	}
	size := self.shape[dim]
	if start < -size || start > size {
		return nil, r.errorf("start %d is out of range for dim %d of size %d", start, dim, size)
	}
	if start < 0 {
		start += size
	}
	if length < 0 || start+length > size {
		return nil, r.errorf("start (%d) + length (%d) exceeds dimension size (%d)", start, length, size)
	}
	s := dmSliceOf(self.shape, dim, start, length, 1)
	want, err := r.result(s.sizes, self.elem)
	if err != nil {
		return nil, err
	}
	return func(b *ir.Builder) ([]*ir.Value, error) {
		e := dmNewEmitter(b, op.Loc)
		return []*ir.Value{e.cast(e.extractSlice(op.Operand(0), s, nil), want)}, nil
	}, nil
}

// dmSelectIndex wraps a select index into [0, size) as ATen's select
// does, rejecting one outside [−size, size).
func dmSelectIndex(r dmReader, at int, dim int, size int64) (int64, error) {
	idx, err := r.int(at)
	if err != nil {
		return 0, err
	}
	if idx < -size || idx >= size {
		return 0, r.errorf("select(): index %d out of range for tensor of size %d at dimension %d", idx, size, dim)
	}
	if idx < 0 {
		idx += size
	}
	return idx, nil
}

// dmPrepareSelect lowers
//
//	aten::select.int(Tensor(a) self, int dim, SymInt index) -> Tensor(a)
//
// to a rank-reducing tensor.extract_slice: size 1 at offset index along
// dim, whose unit dim the result type drops.
func dmPrepareSelect(op *ir.Operation) (emitFunc, error) {
	r, self, dim, err := dmSelfDim(op, 1, "select()")
	if err != nil {
		return nil, err
	}
	idx, err := dmSelectIndex(r, 2, dim, self.shape[dim])
	if err != nil {
		return nil, err
	}
	s := dmSliceOf(self.shape, dim, idx, 1, 1)
	out := dmDropDim(self.shape, dim)
	want, err := r.result(out, self.elem)
	if err != nil {
		return nil, err
	}
	return func(b *ir.Builder) ([]*ir.Value, error) {
		e := dmNewEmitter(b, op.Loc)
		v := tensor.NewExtractSlice(b, op.Loc, ir.Tensor(self.elem, out...), op.Operand(0),
			tensor.StaticIndices(s.offsets...), tensor.StaticIndices(s.sizes...), tensor.StaticIndices(s.strides...))
		return []*ir.Value{e.cast(v, want)}, nil
	}, nil
}

func dmDropDim(shape []int64, dim int) []int64 {
	return append(append([]int64(nil), shape[:dim]...), shape[dim+1:]...)
}

// ---- concatenation --------------------------------------------------------------

// dmPrepareCat lowers
//
//	aten::cat(Tensor[] tensors, int dim=0) -> Tensor
//	aten::stack(Tensor[] tensors, int dim=0) -> Tensor
//
// to a tensor.empty of the result filled by one tensor.insert_slice per
// input at its running offset along dim (torch-mlir's lowering of cat).
// stack inserts each input, of the common shape, as a rank-reduced slice
// of size 1 at a new dim ∈ [−rank−1, rank].
//
// As in PyTorch, the result dtype is the promotion of the inputs' dtypes
// (c10::promoteTypes) and inputs of another dtype are converted to it
// first; cat skips 1-d inputs of shape [0] whatever the others' rank (the
// legacy empty tensor), and every other input must match the first one's
// sizes except along dim. An input with no elements along dim is skipped;
// a single remaining input is the result.
func dmPrepareCat(op *ir.Operation) (emitFunc, error) {
	r, err := dmNewReader(op)
	if err != nil {
		return nil, err
	}
	stack := op.Name == torch.AtenStack
	ts, lst, err := r.tensorList(0, false)
	if err != nil {
		return nil, err
	}
	if len(ts) == 0 {
		return nil, r.errorf("expected a non-empty list of tensors")
	}
	var dtype ir.Type
	for _, t := range ts {
		if dtype == nil {
			dtype = t.dtype
		} else if dtype, err = dmPromote(r, dtype, t.dtype); err != nil {
			return nil, err
		}
	}
	// Inputs that take part (cat: not the legacy empty [0] ones).
	var keep []int
	for i, t := range ts {
		if !stack && t.rank() == 1 && t.shape[0] == 0 {
			continue
		}
		keep = append(keep, i)
	}
	var ref []int64
	if len(keep) > 0 {
		ref = ts[keep[0]].shape
	} else {
		ref = []int64{0}
	}
	rank := len(ref)
	if stack {
		rank++
	}
	if rank == 0 {
		return nil, r.errorf("zero-dimensional tensor (element %d of 'tensors') cannot be concatenated", keep[0])
	}
	dim, err := r.dim(1, rank)
	if err != nil {
		return nil, err
	}
	out := append([]int64(nil), ref...)
	if stack {
		out = append(append(append([]int64(nil), ref[:dim]...), 0), ref[dim:]...)
	} else {
		out[dim] = 0
	}
	for _, i := range keep {
		t := ts[i]
		ok := t.rank() == len(ref)
		for d := 0; ok && d < len(ref); d++ {
			ok = t.shape[d] == ref[d] || (!stack && d == dim)
		}
		if !ok {
			what := "sizes of tensors must match except in dimension"
			if stack {
				what = "stack expects each tensor to be equal size, without a dimension"
			}
			return nil, r.errorf("%s %d: element %d of 'tensors' has shape %s, element %d has %s",
				what, dim, keep[0], dmShapeString(ref), i, dmShapeString(t.shape))
		}
		if stack {
			out[dim]++
		} else {
			out[dim] += t.shape[dim]
		}
	}
	elem := dmBuiltinElem(dtype)
	want, err := r.result(out, elem)
	if err != nil {
		return nil, err
	}
	return func(b *ir.Builder) ([]*ir.Value, error) {
		e := dmNewEmitter(b, op.Loc)
		var parts []*ir.Value
		var extents []int64
		for _, i := range keep {
			ext := int64(1)
			if !stack {
				ext = ts[i].shape[dim]
			}
			if ext == 0 {
				continue
			}
			parts = append(parts, e.convert(lst.Operand(i), ts[i].dtype, dtype))
			extents = append(extents, ext)
		}
		if len(parts) == 1 && !stack {
			return []*ir.Value{e.cast(parts[0], want)}, nil
		}
		acc := e.empty(out, elem)
		off := int64(0)
		for j, p := range parts {
			s := dmSliceOf(out, dim, off, extents[j], 1)
			acc = e.insertSlice(p, acc, s)
			off += extents[j]
		}
		return []*ir.Value{e.cast(acc, want)}, nil
	}, nil
}

// dmPromote is promoteTypes (c10::promoteTypes) for cat and stack, with
// an error naming the op for dtypes that do not promote.
func dmPromote(r dmReader, a, b ir.Type) (ir.Type, error) {
	t, ok := promoteTypes(a, b)
	if !ok {
		return nil, r.errorf("cannot promote dtypes %s and %s", a, b)
	}
	return t, nil
}
