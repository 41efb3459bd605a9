package lowering

import (
	"math"

	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
	"github.com/torchlower/torchlower/torch"
)

// The tensor factories. Every result must have a static shape; its dtype
// is the declared result type's, which is what torch.export records (the
// `dtype` argument when given, else PyTorch's default: the default float
// dtype for zeros/ones/empty/scalar_tensor, int64/f32/bool by the fill
// value's type for full, the input's dtype for *_like and new_*). A
// constant `dtype` operand is checked against it. layout must be None or
// torch.strided (0); device, pin_memory and memory_format do not change
// the values and are ignored.

// npFactory describes one factory op: where its shape comes from (a size
// list, or the shape of `self`) and its fill value.
type npFactory struct {
	sizeArg  string   // "size", or "" for the shape of self (or [] with noSelf)
	fill     *float64 // a fixed fill (zeros: 0, ones: 1), or nil
	fillArg  string   // the Scalar argument holding the fill
	empty    bool     // tensor.empty only: the contents are undefined
	permArg  string   // a permutation of the dims (empty_permuted's physical_layout), checked only
	scalar0D bool     // scalar_tensor: a 0-d result
}

func npFill(v float64) *float64 { return &v }

func populateNPFactories(m map[string]converter) {
	rows := []struct {
		op string
		f  npFactory
	}{
		{torch.AtenZeros, npFactory{sizeArg: "size", fill: npFill(0)}},
		{torch.AtenOnes, npFactory{sizeArg: "size", fill: npFill(1)}},
		{torch.AtenFull, npFactory{sizeArg: "size", fillArg: "fill_value"}},
		{torch.AtenEmptyMemoryFormat, npFactory{sizeArg: "size", empty: true}},
		{torch.AtenEmptyStrided, npFactory{sizeArg: "size", empty: true}},
		{torch.AtenZerosLike, npFactory{fill: npFill(0)}},
		{torch.AtenOnesLike, npFactory{fill: npFill(1)}},
		{torch.AtenFullLike, npFactory{fillArg: "fill_value"}},
		{torch.AtenFillScalar, npFactory{fillArg: "value"}}, // fill.Scalar(self, value): full_like
		{torch.AtenEmptyLike, npFactory{empty: true}},
		// empty_permuted: torch.export writes it for the ones a *_like
		// factory fills when autograd saves no tensor to copy (SiLU's
		// backward); its physical_layout orders memory, not values.
		{torch.AtenEmptyPermuted, npFactory{sizeArg: "size", permArg: "physical_layout", empty: true}},
		{torch.AtenNewZeros, npFactory{sizeArg: "size", fill: npFill(0)}},
		{torch.AtenNewOnes, npFactory{sizeArg: "size", fill: npFill(1)}},
		{torch.AtenNewFull, npFactory{sizeArg: "size", fillArg: "fill_value"}},
		{torch.AtenNewEmpty, npFactory{sizeArg: "size", empty: true}},
		{torch.AtenNewEmptyStrided, npFactory{sizeArg: "size", empty: true}},
		{torch.AtenScalarTensor, npFactory{fillArg: "s", scalar0D: true}},
	}
	for _, row := range rows {
		f := row.f
		m[row.op] = func(op *ir.Operation) (emitFunc, error) { return prepareFactory(op, f) }
	}
	for _, op := range []string{torch.AtenArange, torch.AtenArangeStart, torch.AtenArangeStartStep} {
		m[op] = prepareArange
	}
}

// prepareFactory lowers the factories of the table: a `linalg.fill` of a
// `tensor.empty` with the fill value cast to the result dtype (PyTorch's
// fill_ casts the Scalar: a float is truncated toward zero for an integer
// dtype, any non-zero value is true for bool), and `tensor.empty` alone for
// the empty* ops, whose contents PyTorch leaves undefined (torch-mlir
// lowers them the same way). empty_strided's strides only describe the
// memory layout, which value semantics do not have.
func prepareFactory(op *ir.Operation, f npFactory) (emitFunc, error) {
	r, err := newNPReader(op)
	if err != nil {
		return nil, err
	}
	var shape []int64
	switch {
	case f.scalar0D:
		shape = []int64{}
	case f.sizeArg != "":
		if shape, err = r.intList(f.sizeArg); err != nil {
			return nil, err
		}
		for _, d := range shape {
			if d < 0 {
				return nil, r.errorf("expected non-negative sizes, got %s", npShapeString(shape))
			}
		}
	default:
		t, err := r.tensor("self")
		if err != nil {
			return nil, err
		}
		shape = t.Sizes
	}
	if f.permArg != "" {
		perm, err := r.intList(f.permArg)
		if err != nil {
			return nil, err
		}
		if !isPermutation(perm, len(shape)) {
			return nil, r.errorf("'%s' %s is not a permutation of the %d dims of size %s", f.permArg, npShapeString(perm), len(shape), npShapeString(shape))
		}
	}
	rt, err := r.result(0, shape, false)
	if err != nil {
		return nil, err
	}
	if err := npCheckFactoryOptions(r, rt.Elem); err != nil {
		return nil, err
	}
	var fill npScalar
	switch {
	case f.fill != nil:
		fill = npScalar{f: *f.fill, i: int64(*f.fill), kind: npScalarFloat}
	case f.fillArg != "":
		if fill, err = r.scalar(f.fillArg); err != nil {
			return nil, err
		}
	}
	return func(b *ir.Builder) ([]*ir.Value, error) {
		k := newNPKernel(b, op)
		if f.empty {
			return []*ir.Value{k.empty(rt.Shape, rt.Elem)}, nil
		}
		return []*ir.Value{k.fillWith(rt.Shape, k.constant(b, fill, rt.Elem))}, nil
	}, nil
}

// npCheckFactoryOptions checks a factory's keyword arguments against the
// result element type elem: a constant dtype must name it, and layout must
// be torch.strided.
func npCheckFactoryOptions(r *npReader, elem ir.Type) error {
	if r.schema.ArgIndex("dtype") >= 0 && !r.isNone("dtype") {
		code, err := r.int("dtype")
		if err != nil {
			return err
		}
		dt, derr := torch.DtypeFromScalarType(int(code))
		if derr != nil {
			return r.errorf("'dtype': %v", derr)
		}
		bt, _ := torch.VTensor(dt).ToBuiltinTensor()
		if !ir.TypeEqual(bt.Elem, elem) {
			return r.errorf("'dtype' is %s (%s) but the result type has dtype %s", torch.ScalarTypeName(int(code)), dt, r.op.Result(0).Type())
		}
	}
	if r.schema.ArgIndex("layout") >= 0 && !r.isNone("layout") {
		layout, err := r.int("layout")
		if err != nil {
			return err
		}
		if layout != 0 {
			return r.errorf("only the strided layout (0) is supported, got layout %d", layout)
		}
	}
	return nil
}

// prepareArange lowers
//
//	arange(Scalar end, ...), arange.start(Scalar start, Scalar end, ...),
//	arange.start_step(Scalar start, Scalar end, Scalar step=1, ...)
//
// as PyTorch's CPU arange (RangeFactories.cpp): element i is start + step·i,
// computed in double for floating dtypes (accscalar_t) and int64 for
// integer dtypes, then cast to the result dtype; the length is
// ceil((end − start) / step), which must equal the declared result size.
func prepareArange(op *ir.Operation) (emitFunc, error) {
	r, err := newNPReader(op)
	if err != nil {
		return nil, err
	}
	start, step := npScalar{kind: npScalarInt}, npScalar{f: 1, i: 1, kind: npScalarInt}
	if r.schema.ArgIndex("start") >= 0 {
		if start, err = r.scalar("start"); err != nil {
			return nil, err
		}
	}
	end, err := r.scalar("end")
	if err != nil {
		return nil, err
	}
	if r.schema.ArgIndex("step") >= 0 {
		if step, err = r.scalar("step"); err != nil {
			return nil, err
		}
	}
	if step.f == 0 || (step.f > 0 && end.f < start.f) || (step.f < 0 && end.f > start.f) {
		return nil, r.errorf("upper bound and larger bound inconsistent with step sign (start %v, end %v, step %v)", start.f, end.f, step.f)
	}
	n := int64(math.Ceil((end.f - start.f) / step.f))
	rt, err := r.result(0, []int64{n}, false)
	if err != nil {
		return nil, err
	}
	if ir.IntWidth(rt.Elem) == 1 {
		return nil, r.errorf("arange does not produce bool tensors")
	}
	if err := npCheckFactoryOptions(r, rt.Elem); err != nil {
		return nil, err
	}
	return func(b *ir.Builder) ([]*ir.Value, error) {
		k := newNPKernel(b, op)
		out := k.empty(rt.Shape, rt.Elem)
		id := affine.Identity(1)
		return []*ir.Value{linalg.NewGeneric(b, op.Loc, nil, []*ir.Value{out}, []affine.Map{id},
			[]string{linalg.Parallel}, []ir.Type{out.Type()}, func(b *ir.Builder, a []*ir.Value) []*ir.Value {
				i := arith.Cast(b, op.Loc, arith.IndexCast, linalg.NewIndex(b, op.Loc, 0), ir.I64)
				var v *ir.Value
				if ir.IsFloat(rt.Elem) {
					fi := arith.Cast(b, op.Loc, arith.SIToFP, i, ir.F64T)
					v = arith.Add(b, op.Loc, k.constant(b, start, ir.F64T), arith.Mul(b, op.Loc, k.constant(b, step, ir.F64T), fi))
				} else {
					v = arith.Add(b, op.Loc, k.constant(b, start, ir.I64), arith.Mul(b, op.Loc, k.constant(b, step, ir.I64), i))
				}
				return []*ir.Value{k.convert(b, v, rt.Elem)}
			}).Result(0)}, nil
	}, nil
}

// isPermutation reports whether p names each of the dims 0..rank-1 once.
func isPermutation(p []int64, rank int) bool {
	if len(p) != rank {
		return false
	}
	seen := make([]bool, rank)
	for _, d := range p {
		if d < 0 || d >= int64(rank) || seen[d] {
			return false
		}
		seen[d] = true
	}
	return true
}
