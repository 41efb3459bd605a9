package lowering

import (
	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/dialect/tensor"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
	"github.com/torchlower/torchlower/torch"
	"slices"
)

// Padding, flipping, tiling and stride-given reshapes: the remaining
// data-movement ops of real training graphs (F.pad, torch.flip,
// Tensor.repeat, and the _reshape_alias older decompositions emit).

func populateDataMovementPad(m map[string]converter) {
	m[torch.AtenConstantPadNd] = dmPrepareConstantPad
	m[torch.AtenFlip] = dmPrepareFlip
	m[torch.AtenRepeat] = dmPrepareRepeat
	m[torch.Aten_ReshapeAlias] = dmPrepareReshapeAlias
}

// dmScalar is a constant Scalar operand: an int, float or bool.
type dmScalar struct {
	f       float64
	i       int64
	isFloat bool
}

// scalar reads a Scalar operand that must be a torch constant.
func (r dmReader) scalar(i int) (dmScalar, error) {
	v := r.op.Operand(i)
	if x, ok := constInt(v); ok {
		return dmScalar{f: float64(x), i: x}, nil
	}
	if x, ok := constBool(v); ok {
		if x {
			return dmScalar{f: 1, i: 1}, nil
		}
		return dmScalar{}, nil
	}
	if x, ok := constFloat(v); ok {
		return dmScalar{f: x, i: int64(x), isFloat: true}, nil
	}
	return dmScalar{}, r.errorf("expected '%s' to be a constant int, float or bool (torch.constant.*)", r.names[i])
}

// constant materializes s in the builtin element type elem, converted as
// PyTorch converts a Scalar to a tensor's dtype: floats keep their value
// (rounded to the type), integers truncate a float toward zero, bool is
// s ≠ 0.
func (e dmEmitter) constant(s dmScalar, elem ir.Type) *ir.Value {
	if ft, ok := elem.(ir.FloatType); ok {
		return arith.ConstantFloat(e.b, e.loc, s.f, ft)
	}
	if ir.IntWidth(elem) == 1 {
		return arith.ConstantBool(e.b, e.loc, s.f != 0)
	}
	return arith.ConstantInt(e.b, e.loc, s.i, elem)
}

// dmPrepareConstantPad lowers
//
//	aten::constant_pad_nd(Tensor self, SymInt[] pad, Scalar value=0) -> Tensor
//
// (F.pad with mode "constant"). pad holds (before, after) pairs starting
// from the last dim, at most one pair per dim. A negative entry removes
// elements, which the lowering does first with tensor.extract_slice; the
// positive parts become one tensor.pad yielding value converted to self's
// dtype. Every resulting size must be ≥ 0, as PyTorch requires.
func dmPrepareConstantPad(op *ir.Operation) (emitFunc, error) {
	r, err := dmNewReader(op)
	if err != nil {
		return nil, err
	}
	self, err := r.tensor(0)
	if err != nil {
		return nil, err
	}
	pad, err := r.intList(1)
	if err != nil {
		return nil, err
	}
	value, err := r.scalar(2)
	if err != nil {
		return nil, err
	}
	if len(pad)%2 != 0 || len(pad)/2 > self.rank() {
		return nil, r.errorf("padding length must be even and at most twice the rank (%d), got %d entries", self.rank(), len(pad))
	}
	n := self.rank()
	low, high := make([]int64, n), make([]int64, n)
	for j := 0; j < len(pad)/2; j++ {
		low[n-1-j], high[n-1-j] = pad[2*j], pad[2*j+1]
	}
	crop := dmCorner(self.shape)
	out := make([]int64, n)
	padLow, padHigh := make([]int64, n), make([]int64, n)
	for d := range out {
		out[d] = self.shape[d] + low[d] + high[d]
		if out[d] < 0 {
			return nil, r.errorf("the input size %d in dim %d, plus negative padding %d and %d, resulted in a negative output size %d", self.shape[d], d, low[d], high[d], out[d])
		}
		crop.offsets[d] = max(-low[d], 0)
		crop.sizes[d] = max(self.shape[d]-max(-low[d], 0)-max(-high[d], 0), 0)
		padLow[d], padHigh[d] = max(low[d], 0), max(high[d], 0)
	}
	want, err := r.result(out, self.elem)
	if err != nil {
		return nil, err
	}
	return func(b *ir.Builder) ([]*ir.Value, error) {
		e := dmNewEmitter(b, op.Loc)
		if ir.NumElements(crop.sizes) == 0 {
			// Everything is cropped away: the result is all padding.
			fill := linalg.NewFill(b, op.Loc, e.constant(value, self.elem), e.empty(out, self.elem)).Result(0)
			return []*ir.Value{e.cast(fill, want)}, nil
		}
		v := e.extractSlice(op.Operand(0), crop, nil)
		if !slices.Equal(dmShape(v), out) {
			v = tensor.NewPad(b, op.Loc, nil, v, tensor.StaticIndices(padLow...), tensor.StaticIndices(padHigh...), e.constant(value, self.elem), false)
		}
		return []*ir.Value{e.cast(v, want)}, nil
	}, nil
}

// dmPrepareFlip lowers
//
//	aten::flip(Tensor self, int[] dims) -> Tensor
//
// which reverses the listed dims (each named once): one linalg.generic
// reading self at K−1−i along them. Dims of size ≤ 1 need no reversal, and
// with none left the result is self.
func dmPrepareFlip(op *ir.Operation) (emitFunc, error) {
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
	rev := make([]bool, self.rank())
	seen := map[int]bool{}
	for _, x := range dims {
		d, err := dmWrapDim(r, "dims", x, self.rank())
		if err != nil {
			return nil, err
		}
		if seen[d] {
			return nil, r.errorf("dim %d appears multiple times in the list of dims", d)
		}
		seen[d] = true
		if d < self.rank() && self.shape[d] > 1 {
			rev[d] = true
		}
	}
	want, err := r.result(self.shape, self.elem)
	if err != nil {
		return nil, err
	}
	return func(b *ir.Builder) ([]*ir.Value, error) {
		e := dmNewEmitter(b, op.Loc)
		var l loopNest
		loops := l.addN(linalg.Parallel, self.rank())
		in := append([]affine.Expr(nil), loops...)
		flipped := false
		for d, f := range rev {
			if f {
				in[d] = affine.Sub(affine.Const(self.shape[d]-1), loops[d])
				flipped = true
			}
		}
		if !flipped {
			return []*ir.Value{e.cast(op.Operand(0), want)}, nil
		}
		init := e.empty(self.shape, self.elem)
		v := linalg.NewGeneric(b, op.Loc, []*ir.Value{op.Operand(0)}, []*ir.Value{init},
			[]affine.Map{l.mapOf(in), l.mapOf(loops)}, l.iters, []ir.Type{init.Type()},
			func(b *ir.Builder, args []*ir.Value) []*ir.Value { return args[:1] }).Result(0)
		return []*ir.Value{e.cast(v, want)}, nil
	}, nil
}

// dmPrepareRepeat lowers
//
//	aten::repeat(Tensor self, SymInt[] repeats) -> Tensor
//
// which tiles self repeats[i] times along dim i (self's dims aligned with
// the last entries; extra leading entries add dims): out[r·s + j] =
// self[j] per dim. It is a broadcast of self to the interleaved shape
// [r0, s0, r1, s1, ...] followed by a tensor.collapse_shape of each
// (r_i, s_i) pair into r_i·s_i.
func dmPrepareRepeat(op *ir.Operation) (emitFunc, error) {
	r, err := dmNewReader(op)
	if err != nil {
		return nil, err
	}
	self, err := r.tensor(0)
	if err != nil {
		return nil, err
	}
	reps, err := r.intList(1)
	if err != nil {
		return nil, err
	}
	if len(reps) < self.rank() {
		return nil, r.errorf("number of dimensions of repeat dims (%d) can not be smaller than number of dimensions of tensor (%d)", len(reps), self.rank())
	}
	n := len(reps)
	src := make([]int64, n) // self's shape with leading unit dims
	for i := range src {
		src[i] = 1
	}
	copy(src[n-self.rank():], self.shape)
	inter := make([]int64, 0, 2*n)
	out := make([]int64, n)
	groups := make([][]int64, n)
	tiled := false
	for i, k := range reps {
		if k < 0 {
			return nil, r.errorf("repeats can not be negative, got %v", reps)
		}
		inter = append(inter, k, src[i])
		out[i] = k * src[i]
		groups[i] = []int64{int64(2 * i), int64(2*i + 1)}
		tiled = tiled || k != 1
	}
	want, err := r.result(out, self.elem)
	if err != nil {
		return nil, err
	}
	return func(b *ir.Builder) ([]*ir.Value, error) {
		e := dmNewEmitter(b, op.Loc)
		switch {
		case ir.NumElements(out) == 0:
			return []*ir.Value{e.cast(e.empty(out, self.elem), want)}, nil
		case !tiled: // at most new leading unit dims
			return []*ir.Value{e.cast(e.reshape(op.Operand(0), out), want)}, nil
		}
		// self as [1, s0, 1, s1, ...], then broadcast over the r_i dims.
		unit := make([]int64, 0, 2*n)
		for _, s := range src {
			unit = append(unit, 1, s)
		}
		v := e.reshape(op.Operand(0), unit)
		v = e.broadcast(v, inter)
		v = tensor.NewCollapseShape(b, op.Loc, ir.Tensor(self.elem, out...), v, groups)
		return []*ir.Value{e.cast(v, want)}, nil
	}, nil
}

// dmPrepareReshapeAlias lowers
//
//	aten::_reshape_alias(Tensor(a) self, SymInt[] size, SymInt[] stride) -> Tensor(a)
//
// as a reshape to size when stride is the contiguous (row-major) stride of
// size, which is how reshape decompositions emit it; a value tensor is
// contiguous, so other strides would read a different arrangement of the
// elements and are rejected (size-1 dims may have any stride, as in
// PyTorch's is_contiguous).
func dmPrepareReshapeAlias(op *ir.Operation) (emitFunc, error) {
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
	stride, err := r.intList(2)
	if err != nil {
		return nil, err
	}
	if len(stride) != len(size) {
		return nil, r.errorf("'size' and 'stride' have different lengths (%d and %d)", len(size), len(stride))
	}
	out, err := dmInferSize(r, size, ir.NumElements(self.shape))
	if err != nil {
		return nil, err
	}
	expect := int64(1)
	for d := len(out) - 1; d >= 0; d-- {
		if out[d] != 1 && stride[d] != expect {
			return nil, r.errorf("only contiguous strides are supported: stride %v is not the row-major stride of size %v", stride, out)
		}
		expect *= out[d]
	}
	return dmReshapeTo(r, self, out)
}
