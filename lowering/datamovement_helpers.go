package lowering

import (
	"fmt"
	"slices"
	"strings"

	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/dialect/tensor"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
	"github.com/torchlower/torchlower/torch"
)

// The helpers below serve the data-movement converters (datamovement*.go).
// Every identifier carries the dm prefix, so the family shares the package
// with the others without name clashes.

// dmReader reads the operands of one aten op by position, naming schema
// arguments in its diagnostics; it adds the dtype-agnostic tensor checks
// of data movement to operandReader (which the conv family restricts to
// floats).
type dmReader struct{ operandReader }

// dmNewReader returns a reader for op with the argument names of its
// schema; it fails when the operand or result count differs from the
// schema (a malformed op the verifier would also reject).
func dmNewReader(op *ir.Operation) (dmReader, error) {
	s := torch.SchemaOf(op)
	if s == nil {
		return dmReader{}, ir.OpErrorf(op, "no aten schema for '%s'", op.Name)
	}
	names := make([]string, len(s.Args))
	for i, a := range s.Args {
		names[i] = a.Name
	}
	r := dmReader{operandReader{op: op, names: names}}
	if op.NumOperands() != len(names) || op.NumResults() != len(s.Returns) {
		return r, r.errorf("expected %d operands and %d results as the schema '%s' has", len(names), len(s.Returns), s.FullName())
	}
	return r, nil
}

// dmSelfDim reads the prologue of the ops that work along one dim of
// their first operand (select, narrow, gather, scatter, split, unbind):
// self, a tensor of rank ≥ 1 (a 0-dim one is refused with "<what> ... a
// 0-dim tensor"), and the dim operand at dimArg, wrapped.
func dmSelfDim(op *ir.Operation, dimArg int, what string) (dmReader, dmTensor, int, error) {
	r, err := dmNewReader(op)
	if err != nil {
		return r, dmTensor{}, 0, err
	}
	self, err := r.tensor(0)
	if err != nil {
		return r, self, 0, err
	}
	if self.rank() == 0 {
		return r, self, 0, r.errorf("%s cannot be applied to a 0-dim tensor", what)
	}
	dim, err := r.dim(dimArg, self.rank())
	return r, self, dim, err
}

// dmTensor is a tensor operand known at compile time: its torch dtype
// (si64, ui8, i1, f32, ...), its builtin element type (signless) and its
// static shape.
type dmTensor struct {
	dtype ir.Type
	elem  ir.Type
	shape []int64
}

func (t dmTensor) rank() int { return len(t.shape) }

// tensor reads operand i as a !torch.vtensor with a known dtype and a
// fully static shape, the precondition of every data-movement lowering.
func (r dmReader) tensor(i int) (dmTensor, error) {
	return r.tensorValue(r.op.Operand(i), "'"+r.names[i]+"'")
}

func (r dmReader) tensorValue(v *ir.Value, what string) (dmTensor, error) {
	vt, ok := v.Type().(torch.VTensorType)
	if !ok || !vt.HasSizes || vt.Dtype == nil {
		return dmTensor{}, r.errorf("expected %s to be a !torch.vtensor with known sizes and dtype, got '%s'", what, v.Type())
	}
	for d, n := range vt.Sizes {
		if n == ir.Dynamic {
			return dmTensor{}, r.errorf("%s has a dynamic size in dim %d ('%s'); only static shapes are supported", what, d, vt)
		}
	}
	bt, ok := vt.ToBuiltinTensor()
	if !ok {
		return dmTensor{}, r.errorf("%s has type '%s', which has no builtin tensor form", what, vt)
	}
	return dmTensor{dtype: vt.Dtype, elem: bt.Elem, shape: append([]int64(nil), vt.Sizes...)}, nil
}

// result checks result 0 against the computed shape and the element type
// elem and returns the builtin type to give the lowered value.
func (r dmReader) result(shape []int64, elem ir.Type) (ir.Type, error) {
	return resultType(r.operandReader, 0, shape, elem)
}

// optInt reads an `int?` operand: def for !torch.none, else a constant.
func (r dmReader) optInt(i int, def int64) (int64, error) {
	if isNoneValue(r.op.Operand(i)) {
		return def, nil
	}
	return r.int(i)
}

// dim reads a dimension argument and wraps it into [0, rank) as ATen's
// maybe_wrap_dim does: d ∈ [−rank, rank), negative d counting from the
// end, and a 0-d tensor treated as 1-d (wrap_scalar), so dims 0 and −1
// name its only "dim".
func (r dmReader) dim(i int, rank int) (int, error) {
	d, err := r.int(i)
	if err != nil {
		return 0, err
	}
	return dmWrapDim(r, r.names[i], d, rank)
}

func dmWrapDim(r dmReader, what string, d int64, rank int) (int, error) {
	n := int64(rank)
	if n == 0 {
		n = 1
	}
	if d < -n || d >= n {
		return 0, r.errorf("'%s' is %d, out of range for a tensor of rank %d (expected to be in range of [%d, %d])", what, d, rank, -n, n-1)
	}
	if d < 0 {
		d += n
	}
	return int(d), nil
}

// tensorList reads a `Tensor[]` or `Tensor?[]` operand built by
// torch.prim.ListConstruct; a nil entry is a None (only where optional).
// It returns the elements' types and the list op, whose operands the
// emitter reads again once they are builtin tensors.
func (r dmReader) tensorList(i int, optional bool) ([]*dmTensor, *ir.Operation, error) {
	lst := r.op.Operand(i).DefiningOp()
	if lst == nil || lst.Name != listConstructOp {
		return nil, nil, r.errorf("expected '%s' to be a torch.prim.ListConstruct of tensors, as the lowering needs its length at compile time", r.names[i])
	}
	out := make([]*dmTensor, lst.NumOperands())
	for j, v := range lst.Operands() {
		if isNoneValue(v) {
			if !optional {
				return nil, nil, r.errorf("element %d of '%s' is None", j, r.names[i])
			}
			continue
		}
		t, err := r.tensorValue(v, fmt.Sprintf("element %d of '%s'", j, r.names[i]))
		if err != nil {
			return nil, nil, err
		}
		out[j] = &t
	}
	return out, lst, nil
}

func dmShapeString(s []int64) string {
	parts := make([]string, len(s))
	for i, d := range s {
		parts[i] = fmt.Sprint(d)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// dmBroadcastShapes is NumPy/PyTorch broadcasting (infer_size): shapes are
// aligned at their last dims and each pair of sizes must be equal or
// contain a 1. ok is false when they do not broadcast.
func dmBroadcastShapes(shapes ...[]int64) ([]int64, bool) {
	n := 0
	for _, s := range shapes {
		n = max(n, len(s))
	}
	out := make([]int64, n)
	for i := range out {
		out[i] = 1
	}
	for _, s := range shapes {
		for j, d := range s {
			k := n - len(s) + j
			switch {
			case d == out[k] || d == 1:
			case out[k] == 1:
				out[k] = d
			default:
				return nil, false
			}
		}
	}
	return out, true
}

// ---- emission ----------------------------------------------------------------

// dmEmitter builds the lowering of one data-movement op. All shapes are
// static, so the embedded emitter's batch is never used.
type dmEmitter struct{ *emitter }

func dmNewEmitter(b *ir.Builder, loc ir.Location) dmEmitter {
	return dmEmitter{&emitter{b: b, loc: loc}}
}

func dmShape(v *ir.Value) []int64 { return tensorType(v).Shape }

// index is an `arith.constant n : index`.
func (e dmEmitter) index(n int64) *ir.Value { return arith.ConstantIndex(e.b, e.loc, n) }

// zero is the constant 0 (false for i1) of a builtin scalar type.
func (e dmEmitter) zero(elem ir.Type) *ir.Value {
	if ft, ok := elem.(ir.FloatType); ok {
		return arith.ConstantFloat(e.b, e.loc, 0, ft)
	}
	return arith.ConstantInt(e.b, e.loc, 0, elem)
}

// zeros is linalg.fill(0) of a tensor.empty, for any element type.
func (e dmEmitter) zeros(shape []int64, elem ir.Type) *ir.Value {
	return linalg.NewFill(e.b, e.loc, e.zero(elem), e.empty(shape, elem)).Result(0)
}

// reshape returns v with shape out (same element count) using only
// tensor.collapse_shape and tensor.expand_shape, which MLIR 16 prefers to
// tensor.reshape (that one needs a shape tensor). Both shapes are split
// into the fewest contiguous segments of equal element count
// (dmReassociate): when every segment of out is one dim it is a single
// collapse, when every segment of v is one dim a single expand, otherwise
// a collapse to the segment sizes followed by an expand. A tensor with no
// elements has no data to move and becomes a tensor.empty of shape out.
func (e dmEmitter) reshape(v *ir.Value, out []int64) *ir.Value {
	t := tensorType(v)
	in := t.Shape
	if slices.Equal(in, out) {
		return v
	}
	if ir.NumElements(in) == 0 {
		return e.empty(out, t.Elem)
	}
	outType := ir.Tensor(t.Elem, out...)
	if len(in) == 0 {
		return tensor.NewExpandShape(e.b, e.loc, outType, v, [][]int64{})
	}
	if len(out) == 0 {
		return tensor.NewCollapseShape(e.b, e.loc, outType, v, [][]int64{})
	}
	gin, gout := dmReassociate(in, out)
	switch {
	case len(gout) == len(out):
		return tensor.NewCollapseShape(e.b, e.loc, outType, v, gin)
	case len(gin) == len(in):
		return tensor.NewExpandShape(e.b, e.loc, outType, v, gout)
	}
	mid := tensor.NewCollapseShape(e.b, e.loc, nil, v, gin)
	return tensor.NewExpandShape(e.b, e.loc, outType, mid, gout)
}

// dmReassociate splits two shapes of the same non-zero element count into
// contiguous groups of equal products, pairwise: group i of in and group i
// of out cover the same elements. Each group grows the side with the
// smaller product until the products meet; unit dims left at the end join
// the last group. Both shapes must have rank ≥ 1.
func dmReassociate(in, out []int64) (gin, gout [][]int64) {
	i, j := 0, 0
	for i < len(in) && j < len(out) {
		gi, gj := []int64{int64(i)}, []int64{int64(j)}
		pi, pj := in[i], out[j]
		i, j = i+1, j+1
		for pi != pj {
			if pi < pj && i < len(in) {
				gi, pi, i = append(gi, int64(i)), pi*in[i], i+1
			} else if j < len(out) {
				gj, pj, j = append(gj, int64(j)), pj*out[j], j+1
			} else {
				break // unreachable for equal element counts
			}
		}
		gin, gout = append(gin, gi), append(gout, gj)
	}
	for ; i < len(in); i++ {
		gin[len(gin)-1] = append(gin[len(gin)-1], int64(i))
	}
	for ; j < len(out); j++ {
		gout[len(gout)-1] = append(gout[len(gout)-1], int64(j))
	}
	return gin, gout
}

// broadcast returns v broadcast to shape out under PyTorch's rules (v's
// dims aligned with the last dims of out, each equal or 1): one
// linalg.generic whose input map drops the new leading dims and reads a
// size-1 dim that is stretched at the constant index 0, as torch-mlir's
// broadcastToGivenShape does. An unchanged shape returns v.
func (e dmEmitter) broadcast(v *ir.Value, out []int64) *ir.Value {
	t := tensorType(v)
	if slices.Equal(t.Shape, out) {
		return v
	}
	lead := len(out) - t.Rank()
	var l loopNest
	loops := l.addN(linalg.Parallel, len(out))
	in := make([]affine.Expr, t.Rank())
	for i, d := range t.Shape {
		if d == 1 && out[lead+i] != 1 {
			in[i] = affine.Const(0)
		} else {
			in[i] = loops[lead+i]
		}
	}
	init := e.empty(out, t.Elem)
	return linalg.NewGeneric(e.b, e.loc, []*ir.Value{v}, []*ir.Value{init},
		[]affine.Map{l.mapOf(in), l.mapOf(loops)}, l.iters, []ir.Type{init.Type()},
		func(b *ir.Builder, args []*ir.Value) []*ir.Value { return args[:1] }).Result(0)
}

// convert returns v with its elements converted from torch dtype from to
// torch dtype to, one elementwise linalg.generic (PyTorch's conversion
// rules; see dmConvertScalar). Equal dtypes return v.
func (e dmEmitter) convert(v *ir.Value, from, to ir.Type) *ir.Value {
	if ir.TypeEqual(from, to) {
		return v
	}
	t := tensorType(v)
	elem := dmBuiltinElem(to)
	init := e.empty(t.Shape, elem)
	id := affine.Identity(t.Rank())
	return linalg.NewGeneric(e.b, e.loc, []*ir.Value{v}, []*ir.Value{init}, []affine.Map{id, id},
		repeat(linalg.Parallel, t.Rank()), []ir.Type{init.Type()},
		func(b *ir.Builder, args []*ir.Value) []*ir.Value {
			return []*ir.Value{dmConvertScalar(b, e.loc, args[0], from, to)}
		}).Result(0)
}

// dmBuiltinElem is the signless builtin element type of a torch dtype.
func dmBuiltinElem(dtype ir.Type) ir.Type {
	if it, ok := dtype.(ir.IntegerType); ok {
		return ir.IntegerType{Width: it.Width}
	}
	return dtype
}

// dmUnsigned reports whether a torch dtype is read as unsigned: ui8 and
// bool (i1).
func dmUnsigned(dtype ir.Type) bool {
	it, ok := dtype.(ir.IntegerType)
	return ok && (it.Signedness == ir.Unsigned || it.Width == 1)
}

// dmConvertScalar converts one element as PyTorch's type conversion
// (c10::convert / static_cast) does: floats round to the nearest of a
// narrower float type, integers become floats by value (bool and uint8
// unsigned), floats become integers by truncation toward zero, integers
// are sign- or zero-extended or truncated, and anything becomes bool by
// comparing with zero (NaN is true).
func dmConvertScalar(b *ir.Builder, loc ir.Location, x *ir.Value, from, to ir.Type) *ir.Value {
	dst := dmBuiltinElem(to)
	ff, fromFloat := from.(ir.FloatType)
	_, toFloat := to.(ir.FloatType)
	toBool := !toFloat && to.(ir.IntegerType).Width == 1
	switch {
	case fromFloat && toFloat:
		return convertFloat(b, loc, x, dst)
	case fromFloat && toBool:
		return arith.NewCmpF(b, loc, "une", x, arith.ConstantFloat(b, loc, 0, ff))
	case fromFloat:
		if dmUnsigned(to) {
			return arith.Cast(b, loc, arith.FPToUI, x, dst)
		}
		return arith.Cast(b, loc, arith.FPToSI, x, dst)
	case toFloat:
		return intToFloat(b, loc, x, dmUnsigned(from), dst)
	}
	fw, tw := ir.IntWidth(x.Type()), ir.IntWidth(dst)
	switch {
	case toBool:
		return arith.NewCmpI(b, loc, "ne", x, arith.ConstantInt(b, loc, 0, x.Type()))
	case fw < tw && dmUnsigned(from):
		return arith.Cast(b, loc, arith.ExtUI, x, dst)
	case fw < tw:
		return arith.Cast(b, loc, arith.ExtSI, x, dst)
	case fw > tw:
		return arith.Cast(b, loc, arith.TruncI, x, dst)
	}
	return x // ui8 ↔ si8: the same bits
}

// indexValue turns an integer index element (i64 or i32) into an index,
// first adding size when wrap is set and it is negative, as advanced
// indexing does (x[-1] is x[size-1]).
func dmIndexValue(b *ir.Builder, loc ir.Location, x *ir.Value, size int64, wrap bool) *ir.Value {
	if wrap {
		zero := arith.ConstantInt(b, loc, 0, x.Type())
		neg := arith.NewCmpI(b, loc, "slt", x, zero)
		shifted := arith.Binary(b, loc, arith.AddI, x, arith.ConstantInt(b, loc, size, x.Type()))
		x = arith.NewSelect(b, loc, neg, shifted, x)
	}
	return arith.Cast(b, loc, arith.IndexCast, x, ir.Index)
}

// extract reads one element of v at constant or dynamic indices.
func (e dmEmitter) extract(b *ir.Builder, v *ir.Value, idx []*ir.Value) *ir.Value {
	ops := append([]*ir.Value{v}, idx...)
	return b.Create(tensor.Extract, e.loc, ops, []ir.Type{tensorType(v).Elem}, nil, 0).Result(0)
}

// dmAdd adds two elements of a torch dtype; bool "addition" is logical or,
// as PyTorch's add on bool tensors is.
func dmAdd(b *ir.Builder, loc ir.Location, x, y *ir.Value) *ir.Value {
	if ir.IntWidth(x.Type()) == 1 {
		return arith.Binary(b, loc, arith.OrI, x, y)
	}
	return arith.Add(b, loc, x, y)
}
