package lowering

import (
	"math"

	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
	"github.com/torchlower/torchlower/torch"
)

// The helpers below are shared by the reduction family (reduction*.go).
// Their names start with "red" so that they stay apart from the other
// families' helpers in this package.
//
// Dtypes are carried as torch dtypes (si64, ui8, i1, f16, ...) until a
// builtin type is needed, because the builtin element types are signless
// and PyTorch's conversions depend on the sign (and on bool-ness).

// redReader checks that op has one operand per argument of its schema and
// the schema's number of results, and returns an operandReader whose
// messages name the schema arguments.
func redReader(op *ir.Operation) (operandReader, error) {
	r := operandReader{op: op}
	s := torch.SchemaOf(op)
	if s == nil {
		return r, ir.OpErrorf(op, "no ATen schema for this op")
	}
	for _, a := range s.Args {
		r.names = append(r.names, a.Name)
	}
	if op.NumOperands() != len(s.Args) || op.NumResults() != len(s.Returns) {
		return r, r.errorf("expected %d operands and %d results (%s)", len(s.Args), len(s.Returns), s.Text)
	}
	return r, nil
}

// redBuiltin is the builtin element type of a torch dtype (signless
// integers, as ToBuiltinTensor makes them).
func redBuiltin(dt ir.Type) ir.Type {
	if it, ok := dt.(ir.IntegerType); ok {
		return ir.IntegerType{Width: it.Width}
	}
	return dt
}

func redIsFloat(dt ir.Type) bool {
	_, ok := dt.(ir.FloatType)
	return ok
}

func redIsBool(dt ir.Type) bool {
	it, ok := dt.(ir.IntegerType)
	return ok && it.Width == 1
}

// redIsUnsigned is true for ui8 and for bool, whose values widen with zero
// extension.
func redIsUnsigned(dt ir.Type) bool {
	it, ok := dt.(ir.IntegerType)
	return ok && (it.Signedness == ir.Unsigned || it.Width == 1)
}

// redStaticTensor returns the type of tensor operand i, which must have a
// static shape and a dtype the lowering knows (floats, integers, bool).
func redStaticTensor(r operandReader, i int) (torch.VTensorType, error) {
	t, ok := r.op.Operand(i).Type().(torch.VTensorType)
	if !ok || !t.HasSizes || t.Dtype == nil {
		return t, r.errorf("expected '%s' to be a !torch.vtensor with known sizes and dtype, got '%s'", r.names[i], r.op.Operand(i).Type())
	}
	if !torch.IsValidDtype(t.Dtype) {
		return t, r.errorf("'%s' has unsupported dtype %s", r.names[i], t.Dtype)
	}
	for j, d := range t.Sizes {
		if d == ir.Dynamic {
			return t, r.errorf("'%s' has a dynamic size in dim %d; only static shapes are supported", r.names[i], j)
		}
	}
	return t, nil
}

// redFloatTensor is redStaticTensor restricted to f16, bf16, f32 and f64.
func redFloatTensor(r operandReader, i int) (torch.VTensorType, error) {
	t, err := redStaticTensor(r, i)
	if err != nil {
		return t, err
	}
	if !redIsFloat(t.Dtype) {
		return t, r.errorf("'%s' has dtype %s; only f16, bf16, f32 and f64 are supported", r.names[i], t.Dtype)
	}
	return t, nil
}

// redSameDtype rejects tensor operands of different dtypes: ATen's
// matrix products, softmax backward and nll_loss require one dtype
// ("expected scalar type Float but found Double").
func redSameDtype(r operandReader, ts map[int]torch.VTensorType, idx ...int) error {
	first := ts[idx[0]]
	for _, i := range idx[1:] {
		if !ir.TypeEqual(ts[i].Dtype, first.Dtype) {
			return r.errorf("'%s' has dtype %s but '%s' has dtype %s; PyTorch requires one dtype here",
				r.names[i], ts[i].Dtype, r.names[idx[0]], first.Dtype)
		}
	}
	return nil
}

// redOptDtype reads an optional `ScalarType` operand (a torch.constant.int
// holding a c10::ScalarType code, or none); nil means None.
func redOptDtype(r operandReader, i int) (ir.Type, error) {
	if isNoneValue(r.op.Operand(i)) {
		return nil, nil
	}
	return redDtypeArg(r, i)
}

// redDtypeArg reads a `ScalarType` operand.
func redDtypeArg(r operandReader, i int) (ir.Type, error) {
	code, err := r.int(i)
	if err != nil {
		return nil, err
	}
	dt, err := torch.DtypeFromScalarType(int(code))
	if err != nil {
		return nil, r.errorf("'%s': %v", r.names[i], err)
	}
	return dt, nil
}

// redDims reads a dim list operand (`int[1]? dim` or `int[1] dim`) of a
// reduction over a tensor of the given rank and returns which dims are
// reduced. As in ATen (make_dim_mask), None and the empty list reduce
// every dim; negative dims count from the end; a dim given twice is an
// error ("dim 0 appears multiple times in the list of dims").
func redDims(r operandReader, i int, rank int) ([]bool, error) {
	mask := make([]bool, rank)
	var dims []int64
	if !isNoneValue(r.op.Operand(i)) {
		var err error
		if dims, err = r.intList(i); err != nil {
			return nil, err
		}
	}
	if len(dims) == 0 {
		for j := range mask {
			mask[j] = true
		}
		return mask, nil
	}
	seen := map[int]bool{}
	for _, d := range dims {
		w, err := redWrapDim(r, i, d, rank)
		if err != nil {
			return nil, err
		}
		if seen[w] {
			return nil, r.errorf("dim %d appears multiple times in '%s'", w, r.names[i])
		}
		seen[w] = true
		if rank > 0 { // dim 0 or -1 of a 0-d tensor reduces nothing
			mask[w] = true
		}
	}
	return mask, nil
}

// redWrapDim is ATen's maybe_wrap_dim: d in [-rank, rank) with negative
// values counted from the end; a 0-d tensor accepts -1 and 0.
func redWrapDim(r operandReader, i int, d int64, rank int) (int, error) {
	n := int64(max(rank, 1))
	if d < -n || d >= n {
		return 0, r.errorf("'%s' %d is out of range for a tensor of rank %d (expected [%d, %d])", r.names[i], d, rank, -n, n-1)
	}
	if d < 0 {
		d += n
	}
	return int(d), nil
}

// redOneDim reads an `int dim` operand and returns the mask reducing that
// dim alone; a 0-d tensor has no dim to reduce (an all-false mask).
func redOneDim(r operandReader, i int, rank int) ([]bool, error) {
	d, err := r.int(i)
	if err != nil {
		return nil, err
	}
	w, err := redWrapDim(r, i, d, rank)
	if err != nil {
		return nil, err
	}
	mask := make([]bool, rank)
	if rank > 0 {
		mask[w] = true
	}
	return mask, nil
}

// redNumber reads a constant `Scalar` or `float` operand (torch.constant.int,
// .float or .bool); None gives def when noneOK.
func redNumber(r operandReader, i int, def float64, noneOK bool) (float64, error) {
	v := r.op.Operand(i)
	if noneOK && isNoneValue(v) {
		return def, nil
	}
	if x, ok := constInt(v); ok {
		return float64(x), nil
	}
	if b, ok := constBool(v); ok {
		if b {
			return 1, nil
		}
		return 0, nil
	}
	if x, ok := constFloat(v); ok {
		return x, nil
	}
	return 0, r.errorf("expected '%s' to be a constant number (torch.constant.int or torch.constant.float)", r.names[i])
}

// redShape is the shape of a reduction result: reduced dims become 1 with
// keepdim and disappear without it.
func redShape(shape []int64, mask []bool, keepdim bool) []int64 {
	out := []int64{}
	for i, d := range shape {
		switch {
		case !mask[i]:
			out = append(out, d)
		case keepdim:
			out = append(out, 1)
		}
	}
	return out
}

// redCount is the number of elements a reduction combines: the product of
// the reduced extents (1 for a reduction over no dims).
func redCount(shape []int64, mask []bool) int64 {
	n := int64(1)
	for i, d := range shape {
		if mask[i] {
			n *= d
		}
	}
	return n
}

// redProject maps loop dims to the indices of a reduction result: reduced
// dims are read at 0 with keepdim (the size-1 dim, torch-mlir's
// createReductionLinalgGeneric does the same) and dropped without it.
func redProject(idx []affine.Expr, mask []bool, keepdim bool) []affine.Expr {
	out := []affine.Expr{}
	for i, e := range idx {
		switch {
		case !mask[i]:
			out = append(out, e)
		case keepdim:
			out = append(out, affine.Const(0))
		}
	}
	return out
}

// redKernel builds the linalg of one reduction-family op.
type redKernel struct {
	*emitter
}

func newRedKernel(b *ir.Builder, loc ir.Location) *redKernel {
	return &redKernel{emitter: &emitter{b: b, loc: loc}}
}

// constant creates an arith.constant of builtin type t holding v: a float,
// or an integer (v truncated toward zero), or a bool (v != 0).
func (k *redKernel) constant(b *ir.Builder, v float64, t ir.Type) *ir.Value {
	if ft, ok := t.(ir.FloatType); ok {
		return arith.ConstantFloat(b, k.loc, v, ft)
	}
	return arith.ConstantInt(b, k.loc, int64(v), t)
}

// lowest is the identity of max for a torch dtype: -inf for floats, the
// smallest integer, false for bool.
func (k *redKernel) lowest(dt ir.Type) *ir.Value {
	bt := redBuiltin(dt)
	if redIsFloat(dt) {
		return k.constant(k.b, math.Inf(-1), bt)
	}
	it := dt.(ir.IntegerType)
	if redIsUnsigned(dt) {
		return arith.ConstantInt(k.b, k.loc, 0, bt)
	}
	return arith.ConstantInt(k.b, k.loc, -1<<(it.Width-1), bt)
}

// filled is `linalg.fill(v)` of a `tensor.empty` of the given shape and
// v's type: the initialised accumulator of a reduction.
func (k *redKernel) filled(shape []int64, v *ir.Value) *ir.Value {
	return linalg.NewFill(k.b, k.loc, v, k.empty(shape, v.Type())).Result(0)
}

// redIn is an input of a reduction-family generic: a tensor of the full
// loop shape (read with the identity map) or one of the reduced shape
// without kept dims (read with the projection that drops reduced dims).
type redIn struct {
	v       *ir.Value
	reduced bool
}

// reduce builds the reduction generic
//
//	acc[project(i)] = combine(ins[i or project(i)]..., acc[project(i)])
//
// over the loop space of the full-shape inputs (shape), with one loop per
// dim, "reduction" where mask is set and "parallel" elsewhere, into an
// accumulator of init's type filled with init. combine gets the input
// elements then the accumulator.
func (k *redKernel) reduce(shape []int64, ins []redIn, mask []bool, keepdim bool, init *ir.Value,
	combine func(b *ir.Builder, args []*ir.Value) *ir.Value) *ir.Value {
	var l loopNest
	idx := make([]affine.Expr, len(shape))
	for i := range idx {
		kind := linalg.Parallel
		if mask[i] {
			kind = linalg.Reduction
		}
		idx[i] = l.add(kind)
	}
	out := k.filled(redShape(shape, mask, keepdim), init)
	maps := k.inMaps(&l, idx, ins, mask)
	maps = append(maps, l.mapOf(redProject(idx, mask, keepdim)))
	return linalg.NewGeneric(k.b, k.loc, redValues(ins), []*ir.Value{out}, maps, l.iters, []ir.Type{out.Type()},
		func(b *ir.Builder, args []*ir.Value) []*ir.Value { return []*ir.Value{combine(b, args)} }).Result(0)
}

// pointwise builds the elementwise generic over shape whose output (of
// builtin element type elem) is body(ins...). Full-shape inputs are read
// with the identity; reduced inputs with the projection that drops the
// dims of mask (with keepdim, the output has extent 1 there, so reading
// the reduced tensor at the kept index is the same).
func (k *redKernel) pointwise(shape []int64, elem ir.Type, ins []redIn, mask []bool,
	body func(b *ir.Builder, args []*ir.Value) *ir.Value) *ir.Value {
	var l loopNest
	idx := l.addN(linalg.Parallel, len(shape))
	out := k.empty(shape, elem)
	maps := k.inMaps(&l, idx, ins, mask)
	maps = append(maps, l.mapOf(idx))
	return linalg.NewGeneric(k.b, k.loc, redValues(ins), []*ir.Value{out}, maps, l.iters, []ir.Type{out.Type()},
		func(b *ir.Builder, args []*ir.Value) []*ir.Value { return []*ir.Value{body(b, args)} }).Result(0)
}

func (k *redKernel) inMaps(l *loopNest, idx []affine.Expr, ins []redIn, mask []bool) []affine.Map {
	var maps []affine.Map
	for _, in := range ins {
		if in.reduced {
			maps = append(maps, l.mapOf(redProject(idx, mask, false)))
		} else {
			maps = append(maps, l.mapOf(idx))
		}
	}
	return maps
}

func redValues(ins []redIn) []*ir.Value {
	vs := make([]*ir.Value, len(ins))
	for i, in := range ins {
		vs[i] = in.v
	}
	return vs
}

// toAcc widens a float element to the accumulator type (arith.extf for
// f16/bf16 into f32); other elements are returned unchanged.
func (k *redKernel) toAcc(b *ir.Builder, x *ir.Value, acc ir.Type) *ir.Value {
	return k.extend(b, x, acc)
}

// fromAcc narrows an accumulator element to the result's builtin type
// (arith.truncf): the single rounding of a 16-bit result.
func (k *redKernel) fromAcc(b *ir.Builder, x *ir.Value, elem ir.Type) *ir.Value {
	if ir.TypeEqual(x.Type(), elem) {
		return x
	}
	return arith.Cast(b, k.loc, arith.TruncF, x, elem)
}

// convert converts a scalar from torch dtype `from` to torch dtype `to` as
// c10::convert (a C++ static_cast) does: float↔float by extf/truncf (f16↔bf16
// through f32), int→float by sitofp (uitofp for ui8 and bool), float→int by
// fptosi/fptoui, int↔int by extsi/extui/trunci, and anything→bool as
// `x != 0`.
func (k *redKernel) convert(b *ir.Builder, x *ir.Value, from, to ir.Type) *ir.Value {
	if ir.TypeEqual(from, to) {
		return x
	}
	bt := redBuiltin(to)
	switch {
	case redIsBool(to):
		if redIsFloat(from) {
			return arith.NewCmpF(b, k.loc, "une", x, k.constant(b, 0, redBuiltin(from)))
		}
		return arith.NewCmpI(b, k.loc, "ne", x, k.constant(b, 0, redBuiltin(from)))
	case redIsFloat(from) && redIsFloat(to):
		return convertFloat(b, k.loc, x, bt)
	case redIsFloat(to):
		return intToFloat(b, k.loc, x, redIsUnsigned(from), bt)
	case redIsFloat(from):
		if redIsUnsigned(to) {
			return arith.Cast(b, k.loc, arith.FPToUI, x, bt)
		}
		return arith.Cast(b, k.loc, arith.FPToSI, x, bt)
	}
	fw, tw := from.(ir.IntegerType).Width, to.(ir.IntegerType).Width
	switch {
	case fw < tw && redIsUnsigned(from):
		return arith.Cast(b, k.loc, arith.ExtUI, x, bt)
	case fw < tw:
		return arith.Cast(b, k.loc, arith.ExtSI, x, bt)
	case fw > tw:
		return arith.Cast(b, k.loc, arith.TruncI, x, bt)
	}
	return x // si8 ↔ ui8: the same bits
}

// redResult checks that result i of r.op is declared as a vtensor of the
// computed shape and torch dtype (a declared `?` accepts any size) and
// returns the builtin type the lowering must produce; the emitter casts
// the computed tensor to it.
func redResult(r operandReader, i int, shape []int64, dt ir.Type) (ir.Type, error) {
	want := torch.VTensor(dt, shape...)
	t, ok := r.op.Result(i).Type().(torch.VTensorType)
	if !ok || !t.HasSizes || t.Dtype == nil {
		return nil, r.errorf("result #%d has type '%s', expected '%s'", i, r.op.Result(i).Type(), want)
	}
	bad := len(t.Sizes) != len(shape) || !ir.TypeEqual(t.Dtype, dt)
	for j := 0; !bad && j < len(shape); j++ {
		bad = t.Sizes[j] != ir.Dynamic && t.Sizes[j] != shape[j]
	}
	if bad {
		return nil, r.errorf("result #%d has type '%s', but PyTorch computes '%s'", i, t, want)
	}
	bt, _ := t.ToBuiltinTensor()
	return bt, nil
}
