package lowering

import (
	"fmt"

	"github.com/torchlower/torchlower/dialect/tensor"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/torch"
)

// Ops that return a Tensor[] (split, unbind) are imported as fx_importer
// imports them: the op with a !torch.list<vtensor> result, then one
// torch.prim.ListUnpack that spreads the list into its elements. The
// lowering follows the unpack: each element becomes a tensor.extract_slice
// of the op's input. The list op itself is folded like a ListConstruct (it
// has no converter and is erased once its unpacks are lowered); a list
// used any other way is an error at that use.

// isListResultOp reports the Tensor[]-returning ops ListUnpack lowers.
func isListResultOp(name string) bool {
	switch name {
	case torch.AtenSplitTensor, torch.AtenSplitWithSizes, torch.AtenUnbindInt:
		return true
	}
	return false
}

// dmPrepareListUnpack lowers torch.prim.ListUnpack of the list one of
//
//	aten::split.Tensor(Tensor(a -> *) self, SymInt split_size, int dim=0) -> Tensor(a)[]
//	aten::split_with_sizes(Tensor(a -> *) self, SymInt[] split_sizes, int dim=0) -> Tensor(a)[]
//	aten::unbind.int(Tensor(a -> *) self, int dim=0) -> Tensor(a)[]
//
// returns, with ATen's semantics: split.Tensor cuts dim into pieces of
// split_size, the last one smaller (ceil(n/split_size) pieces, at least
// one); split_with_sizes into pieces of the given non-negative sizes,
// which must add up to the dim's extent; unbind into its n elements, the
// dim removed. The unpack must have one result per piece, each of the
// piece's type.
func dmPrepareListUnpack(op *ir.Operation) (emitFunc, error) {
	src := op.Operand(0).DefiningOp()
	if src == nil || !isListResultOp(src.Name) {
		what := "a block argument"
		if src != nil {
			what = "'" + src.Name + "'"
		}
		return nil, ir.OpErrorf(op, "expected the list to come from split.Tensor, split_with_sizes or unbind.int, got %s", what)
	}
	dimArg := 2
	if src.Name == torch.AtenUnbindInt {
		dimArg = 1
	}
	r, self, dim, err := dmSelfDim(src, dimArg, "split()")
	if err != nil {
		return nil, err
	}
	n := self.shape[dim]
	var sizes []int64
	switch src.Name {
	case torch.AtenSplitTensor:
		size, err := r.int(1)
		if err != nil {
			return nil, err
		}
		if size < 0 || (size == 0 && n != 0) {
			return nil, r.errorf("split_size can only be 0 if dimension size is 0, but got %d for a dimension of size %d", size, n)
		}
		sizes = []int64{0}
		if size > 0 {
			sizes = nil
			for off := int64(0); off < n || len(sizes) == 0; off += size {
				sizes = append(sizes, min(size, n-off))
			}
		}
	case torch.AtenSplitWithSizes:
		if sizes, err = r.intList(1); err != nil {
			return nil, err
		}
		total := int64(0)
		for _, s := range sizes {
			if s < 0 {
				return nil, r.errorf("split_with_sizes expects split_sizes have only non-negative entries, but got %s", dmShapeString(sizes))
			}
			total += s
		}
		if total != n {
			return nil, r.errorf("split_with_sizes expects split_sizes to sum exactly to %d (input tensor's size at dimension %d), but got split_sizes=%s", n, dim, dmShapeString(sizes))
		}
	default: // unbind
		sizes = make([]int64, n)
		for i := range sizes {
			sizes[i] = 1
		}
	}
	if op.NumResults() != len(sizes) {
		return nil, ir.OpErrorf(op, "unpacks %d tensors, but '%s' gives %d", op.NumResults(), src.Name, len(sizes))
	}
	unbind := src.Name == torch.AtenUnbindInt
	res := operandReader{op: op}
	slices := make([]dmSlice, len(sizes))
	want := make([]ir.Type, len(sizes))
	off := int64(0)
	for i, size := range sizes {
		slices[i] = dmSliceOf(self.shape, dim, off, size, 1)
		off += size
		shape := slices[i].sizes
		if unbind {
			shape = dmDropDim(self.shape, dim)
		}
		if want[i], err = resultType(res, i, shape, self.elem); err != nil {
			return nil, err
		}
	}
	return func(b *ir.Builder) ([]*ir.Value, error) {
		e := dmNewEmitter(b, op.Loc)
		in := src.Operand(0)
		if _, ok := in.Type().(ir.RankedTensorType); !ok {
			return nil, fmt.Errorf("the input of '%s' was not lowered", src.Name)
		}
		out := make([]*ir.Value, len(slices))
		for i, s := range slices {
			var t ir.Type
			if unbind {
				t = ir.Tensor(self.elem, dmDropDim(self.shape, dim)...)
			}
			var v *ir.Value
			if t == nil {
				v = e.extractSlice(in, s, nil)
			} else {
				v = tensor.NewExtractSlice(b, op.Loc, t, in, tensor.StaticIndices(s.offsets...),
					tensor.StaticIndices(s.sizes...), tensor.StaticIndices(s.strides...))
			}
			out[i] = e.cast(v, want[i])
		}
		return out, nil
	}, nil
}
