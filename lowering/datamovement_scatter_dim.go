package lowering

import (
	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
	"github.com/torchlower/torchlower/torch"
)

// dmPrepareScatterDim lowers the scatters along one dim,
//
//	aten::scatter.src(Tensor self, int dim, Tensor index, Tensor src) -> Tensor
//	aten::scatter.value(Tensor self, int dim, Tensor index, Scalar value) -> Tensor
//	aten::scatter_add(Tensor self, int dim, Tensor index, Tensor src) -> Tensor
//
// out = self, then out[i with i[dim] = index[j]] = src[j] (or value; plus
// the old value for scatter_add) for every position j of index, i being
// j elsewhere. It is one linalg.generic over out's elements with a
// reduction loop over index's extent along dim: each element takes the
// last src whose index names it, or keeps self's value; scatter_add sums
// them all, in index order (PyTorch's CPU order). nll_loss's backward is
// written with scatter.value by torch 2.x's decompositions.
//
// As in PyTorch, index is int64 of self's rank, no larger than self in
// any dim but dim, and src has self's dtype and reaches at least index's
// extent in every dim. Where index is smaller than self outside dim, only
// the corner it covers is scattered (extracted, scattered, inserted back);
// the rest keeps self's values. An index out of [0, self.size(dim)) is an
// error in PyTorch and writes nothing here.
func dmPrepareScatterDim(op *ir.Operation) (emitFunc, error) {
	r, self, dim, err := dmSelfDim(op, 1, "scatter()")
	if err != nil {
		return nil, err
	}
	index, err := dmScatterIndex(r, self, dim, "scatter()")
	if err != nil {
		return nil, err
	}
	// block is the part of self the scatter can write: index's extent in
	// every dim but dim.
	block := append([]int64(nil), index.shape...)
	block[dim] = self.shape[dim]
	var value ewScalar
	fromSrc := op.Name != torch.AtenScatterValue
	if fromSrc {
		if err := dmScatterSrc(r, self, index); err != nil {
			return nil, err
		}
	} else {
		var ok bool
		if value, ok = ewConstScalar(op.Operand(3)); !ok {
			return nil, r.errorf("expected 'value' to be a constant scalar (torch.constant.int, torch.constant.float or torch.constant.bool)")
		}
	}
	accumulate := op.Name == torch.AtenScatterAdd
	if accumulate && ewIsBool(self.dtype) {
		return nil, r.errorf("scatter_add of bool tensors is not supported")
	}
	want, err := r.result(self.shape, self.elem)
	if err != nil {
		return nil, err
	}
	return func(b *ir.Builder) ([]*ir.Value, error) {
		e := dmNewEmitter(b, op.Loc)
		var l loopNest
		loops := l.addN(linalg.Parallel, self.rank())
		k := l.add(linalg.Reduction)
		at := append([]affine.Expr(nil), loops...)
		at[dim] = k
		inputs := []*ir.Value{op.Operand(2)}
		maps := []affine.Map{l.mapOf(at)}
		if fromSrc {
			// src may be larger than index: only its index-shaped corner
			// is read, and the loops must agree on their extents.
			src := e.extractSlice(op.Operand(3), dmCorner(index.shape), nil)
			inputs = append(inputs, src)
			maps = append(maps, l.mapOf(at))
		}
		maps = append(maps, l.mapOf(loops))
		var constant *ir.Value
		if !fromSrc {
			constant = ewScalarConst(b, op.Loc, value, self.dtype, self.elem, false)
		}
		corner := dmCorner(block)
		dest := e.extractSlice(op.Operand(0), corner, nil)
		out := linalg.NewGeneric(b, op.Loc, inputs, []*ir.Value{dest}, maps, l.iters, []ir.Type{tensorType(dest)},
			func(b *ir.Builder, args []*ir.Value) []*ir.Value {
				acc := args[len(args)-1]
				val := constant
				if fromSrc {
					val = args[1]
				}
				pos := dmIndexValue(b, op.Loc, args[0], self.shape[dim], false)
				cond := arith.NewCmpI(b, op.Loc, "eq", pos, linalg.NewIndex(b, op.Loc, dim))
				if accumulate {
					val = dmAdd(b, op.Loc, acc, val)
				}
				return []*ir.Value{arith.NewSelect(b, op.Loc, cond, val, acc)}
			}).Result(0)
		if !corner.full(self.shape) {
			out = e.insertSlice(out, op.Operand(0), corner)
		}
		return []*ir.Value{e.cast(out, want)}, nil
	}, nil
}

// dmScatterIndex reads a dim scatter's index (operand 2) and checks it as
// PyTorch does: int64, of self's rank, no larger than self outside dim.
// what names the op in messages ("scatter()").
func dmScatterIndex(r dmReader, self dmTensor, dim int, what string) (dmTensor, error) {
	index, err := r.tensor(2)
	if err != nil {
		return index, err
	}
	if !ir.TypeEqual(index.dtype, torch.DtypeSI64) {
		return index, r.errorf("%s: expected dtype int64 for index, got %s", what, index.dtype)
	}
	if index.rank() != self.rank() {
		return index, r.errorf("index tensor must have the same number of dimensions as self tensor (%d vs %d)", index.rank(), self.rank())
	}
	for d := range self.shape {
		if d != dim && index.shape[d] > self.shape[d] {
			return index, r.errorf("index %s is larger than self %s in dim %d", dmShapeString(index.shape), dmShapeString(self.shape), d)
		}
	}
	return index, nil
}

// dmScatterSrc checks a dim scatter's src (operand 3) as PyTorch does:
// self's dtype and rank, and at least index's extent in every dim.
func dmScatterSrc(r dmReader, self, index dmTensor) error {
	src, err := r.tensor(3)
	if err != nil {
		return err
	}
	if !ir.TypeEqual(src.dtype, self.dtype) {
		return r.errorf("expected self.dtype to be equal to src.dtype (%s vs %s)", self.dtype, src.dtype)
	}
	if src.rank() != self.rank() {
		return r.errorf("src must have the same number of dimensions as self (%d vs %d)", src.rank(), self.rank())
	}
	for d := range src.shape {
		if src.shape[d] < index.shape[d] {
			return r.errorf("src %s is smaller than index %s in dim %d", dmShapeString(src.shape), dmShapeString(index.shape), d)
		}
	}
	return nil
}
