package lowering

import (
	"math"
	"slices"
	"strings"

	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/dialect/tensor"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
	"github.com/torchlower/torchlower/torch"
)

// The helpers below serve the batch norm, pooling and factory lowerings
// (normpool.go, normpool_pool.go, normpool_factory.go), and the group
// norm, layer norm backward, dropout and upsampling ones
// (normpool_groupnorm.go, normpool_layernorm_backward.go,
// normpool_dropout.go, normpool_upsample.go). Their names carry an np (or
// bn, pool, up) prefix: the lowering package is shared by several op
// families working side by side.

// npKernel emits the linalg of one normpool lowering.
type npKernel struct {
	*emitter
}

func newNPKernel(b *ir.Builder, op *ir.Operation) *npKernel {
	return &npKernel{emitter: &emitter{b: b, loc: op.Loc}}
}

// npIn is one input of a channelwise generic: read at every point of the
// iteration space (identity map) or, when perChannel, only at its channel
// dim (the broadcast of a [C] vector such as a mean or a weight).
type npIn struct {
	v          *ir.Value
	perChannel bool
}

func npFull(v *ir.Value) npIn { return npIn{v: v} }
func npChan(v *ir.Value) npIn { return npIn{v: v, perChannel: true} }

// channelwise builds one linalg.generic over the iteration space shape
// whose channel dim is cdim. Without reduce it is elementwise: the result
// has shape `shape` and element type out, and body returns each element.
// With reduce the result is the [shape[cdim]] vector, zero-initialised,
// every dim but cdim is a reduction, and body receives the accumulator as
// its last argument and returns its new value. A [C] vector is the space
// [C] with cdim 0, where every input is per channel.
func (k *npKernel) channelwise(shape []int64, cdim int, ins []npIn, out ir.Type, reduce bool,
	body func(b *ir.Builder, args []*ir.Value) *ir.Value) *ir.Value {
	var l loopNest
	dims := make([]affine.Expr, len(shape))
	for i := range dims {
		kind := linalg.Parallel
		if reduce && i != cdim {
			kind = linalg.Reduction
		}
		dims[i] = l.add(kind)
	}
	var maps []affine.Map
	var vals []*ir.Value
	for _, in := range ins {
		vals = append(vals, in.v)
		if in.perChannel {
			maps = append(maps, l.mapOf(one(dims[cdim])))
		} else {
			maps = append(maps, l.mapOf(dims))
		}
	}
	var init *ir.Value
	if reduce {
		init = k.filled([]int64{shape[cdim]}, out, 0)
		maps = append(maps, l.mapOf(one(dims[cdim])))
	} else {
		init = k.empty(shape, out)
		maps = append(maps, l.mapOf(dims))
	}
	return linalg.NewGeneric(k.b, k.loc, vals, []*ir.Value{init}, maps, l.iters, []ir.Type{init.Type()},
		func(b *ir.Builder, args []*ir.Value) []*ir.Value { return []*ir.Value{body(b, args)} }).Result(0)
}

// convertTensor converts every element of v to elem (extf, truncf or the
// integer casts of npConvert); a tensor already of type elem is returned.
func (k *npKernel) convertTensor(v *ir.Value, elem ir.Type) *ir.Value {
	t := tensorType(v)
	if ir.TypeEqual(t.Elem, elem) {
		return v
	}
	return k.channelwise(t.Shape, 0, []npIn{npFull(v)}, elem, false, func(b *ir.Builder, args []*ir.Value) *ir.Value {
		return k.convert(b, args[0], elem)
	})
}

// convert casts the scalar x to t with the arith cast PyTorch's
// static_cast does: extf/truncf between floats; sitofp/fptosi between
// signed integers and floats; extsi/trunci between integers. Bool (i1) is
// the exception: a float or integer becomes x != 0, and a bool becomes 0/1
// with uitofp/extui.
func (k *npKernel) convert(b *ir.Builder, x *ir.Value, t ir.Type) *ir.Value {
	from := x.Type()
	if ir.TypeEqual(from, t) {
		return x
	}
	fromF, fromIsF := from.(ir.FloatType)
	_, toIsF := t.(ir.FloatType)
	switch {
	case fromIsF && toIsF:
		return convertFloat(b, k.loc, x, t)
	case toIsF:
		return intToFloat(b, k.loc, x, ir.IntWidth(from) == 1, t)
	}
	if ir.IntWidth(t) == 1 {
		if fromIsF {
			zero := arith.ConstantFloat(b, k.loc, 0, fromF)
			return arith.NewCmpF(b, k.loc, "une", x, zero)
		}
		return arith.NewCmpI(b, k.loc, "ne", x, arith.ConstantInt(b, k.loc, 0, from))
	}
	if fromIsF {
		return arith.Cast(b, k.loc, arith.FPToSI, x, t)
	}
	fw, tw := ir.IntWidth(from), ir.IntWidth(t)
	switch {
	case fw == 1:
		return arith.Cast(b, k.loc, arith.ExtUI, x, t)
	case fw < tw:
		return arith.Cast(b, k.loc, arith.ExtSI, x, t)
	}
	return arith.Cast(b, k.loc, arith.TruncI, x, t)
}

// scalar creates a constant of element type t with value v inside a body
// or at the top level: v is rounded to a float type, truncated toward zero
// for an integer type (as PyTorch casts a Python float), and v != 0 for
// bool.
func (k *npKernel) scalar(b *ir.Builder, v float64, t ir.Type) *ir.Value {
	if ft, ok := t.(ir.FloatType); ok {
		return arith.ConstantFloat(b, k.loc, v, ft)
	}
	if ir.IntWidth(t) == 1 {
		return arith.ConstantBool(b, k.loc, v != 0)
	}
	return arith.ConstantInt(b, k.loc, int64(v), t)
}

// filled is `linalg.fill(v)` of a `tensor.empty` of shape and elem.
func (k *npKernel) filled(shape []int64, elem ir.Type, v float64) *ir.Value {
	return k.fillWith(shape, k.scalar(k.b, v, elem))
}

// fillWith fills a new tensor of the given shape with the scalar value v.
func (k *npKernel) fillWith(shape []int64, v *ir.Value) *ir.Value {
	return linalg.NewFill(k.b, k.loc, v, k.empty(shape, v.Type())).Result(0)
}

// padWith pads v by low/high with the scalar constant fill (of v's
// element type); all-zero pads return v.
func (k *npKernel) padWith(v *ir.Value, low, high []int64, fill float64) *ir.Value {
	any := false
	for i := range low {
		any = any || low[i] != 0 || high[i] != 0
	}
	if !any {
		return v
	}
	t := tensorType(v)
	return tensor.NewPad(k.b, k.loc, nil, v, tensor.StaticIndices(low...), tensor.StaticIndices(high...),
		k.scalar(k.b, fill, t.Elem), false)
}

// ---- reading operands -----------------------------------------------------

// npReader reads an aten op's operands by schema argument name, so that
// converters of ops with long keyword tails (dtype, layout, device, ...)
// need no positional tables; every problem is a diagnostic at the op that
// names the argument.
type npReader struct {
	op     *ir.Operation
	schema *torch.Schema
}

func newNPReader(op *ir.Operation) (*npReader, error) {
	s := torch.SchemaOf(op)
	if s == nil {
		return nil, ir.OpErrorf(op, "has no aten schema")
	}
	if op.NumOperands() != len(s.Args) || op.NumResults() != len(s.Returns) {
		return nil, ir.OpErrorf(op, "expected %d operands and %d results (%s), got %d and %d",
			len(s.Args), len(s.Returns), s.Text, op.NumOperands(), op.NumResults())
	}
	return &npReader{op: op, schema: s}, nil
}

func (r *npReader) errorf(format string, args ...any) error {
	return ir.OpErrorf(r.op, format, args...)
}

func (r *npReader) value(name string) *ir.Value {
	i := r.schema.ArgIndex(name)
	if i < 0 {
		return nil
	}
	return r.op.Operand(i)
}

// isNone reports whether the argument is absent: `!torch.none`.
func (r *npReader) isNone(name string) bool { return isNoneValue(r.value(name)) }

// tensor returns the type of a tensor argument, which must have static
// sizes and a dtype (the lowering needs every shape at compile time).
func (r *npReader) tensor(name string) (torch.VTensorType, error) {
	v := r.value(name)
	t, ok := v.Type().(torch.VTensorType)
	if !ok || !t.HasSizes || t.Dtype == nil {
		return t, r.errorf("expected '%s' to be a !torch.vtensor with known sizes and dtype, got '%s'", name, v.Type())
	}
	if !t.HasStaticShape() {
		return t, r.errorf("'%s' has dynamic sizes %s; only static shapes are supported", name, t)
	}
	return t, nil
}

// readNormBackward opens the reader of a norm's backward (batch, layer or
// group norm) and reads its float operands input and grad_out.
func readNormBackward(op *ir.Operation) (r *npReader, x, dy torch.VTensorType, err error) {
	if r, err = newNPReader(op); err != nil {
		return
	}
	if x, err = r.floatTensor("input"); err != nil {
		return
	}
	dy, err = r.floatTensor("grad_out")
	return
}

// floatTensor is tensor with a float dtype.
func (r *npReader) floatTensor(name string) (torch.VTensorType, error) {
	t, err := r.tensor(name)
	if err != nil {
		return t, err
	}
	if !ir.IsFloat(t.Dtype) {
		return t, r.errorf("'%s' has dtype %s; only f16, bf16, f32 and f64 are supported", name, t.Dtype)
	}
	return t, nil
}

// optVector reads an optional [c] float tensor (a weight, bias, mean or
// variance); ok is false for None.
func (r *npReader) optVector(name string, c int64) (ok bool, err error) {
	if r.isNone(name) {
		return false, nil
	}
	t, err := r.floatTensor(name)
	if err != nil {
		return false, err
	}
	if len(t.Sizes) != 1 || t.Sizes[0] != c {
		return false, r.errorf("expected '%s' of shape [%d] (one entry per channel), got %s", name, c, t)
	}
	return true, nil
}

func (r *npReader) bool(name string) (bool, error) {
	v, ok := constBool(r.value(name))
	if !ok {
		return false, r.errorf("expected '%s' to be a constant bool (torch.constant.bool)", name)
	}
	return v, nil
}

// str reads a constant str argument (torch.constant.str).
func (r *npReader) str(name string) (string, error) {
	if d := r.value(name).DefiningOp(); d != nil && d.Name == torch.ConstantStrOp {
		if s, ok := d.Attr("value").(ir.StringAttr); ok {
			return string(s), nil
		}
	}
	return "", r.errorf("expected '%s' to be a constant str (torch.constant.str)", name)
}

func (r *npReader) int(name string) (int64, error) {
	v, ok := constInt(r.value(name))
	if !ok {
		return 0, r.errorf("expected '%s' to be a constant int (torch.constant.int)", name)
	}
	return v, nil
}

func (r *npReader) intList(name string) ([]int64, error) {
	v, ok := constIntList(r.value(name))
	if !ok {
		return nil, r.errorf("expected '%s' to be a constant int list (torch.prim.ListConstruct of torch.constant.int), as the lowering needs it at compile time", name)
	}
	return v, nil
}

func (r *npReader) boolList(name string) ([]bool, error) {
	v, ok := constBoolList(r.value(name))
	if !ok {
		return nil, r.errorf("expected '%s' to be a constant bool list (torch.prim.ListConstruct of torch.constant.bool)", name)
	}
	return v, nil
}

// float reads a `float` argument: a torch.constant.float (or an int
// constant, which TorchScript promotes).
func (r *npReader) float(name string) (float64, error) {
	v, ok := npConstScalar(r.value(name))
	if !ok || v.kind == npScalarBool {
		return 0, r.errorf("expected '%s' to be a constant float (torch.constant.float)", name)
	}
	return v.f, nil
}

// scalar reads a `Scalar` argument, which must be a constant.
func (r *npReader) scalar(name string) (npScalar, error) {
	v, ok := npConstScalar(r.value(name))
	if !ok {
		return v, r.errorf("expected '%s' to be a constant number (torch.constant.int, .float or .bool); a value computed at run time is not supported", name)
	}
	return v, nil
}

// npScalarKind says which Python type a constant Scalar had.
type npScalarKind int

const (
	npScalarInt npScalarKind = iota
	npScalarFloat
	npScalarBool
)

// npScalar is a constant Scalar: f is its value as a float64, and i its
// exact value when it is an int (int64 values beyond 2^53 do not survive
// a float64).
type npScalar struct {
	f    float64
	i    int64
	kind npScalarKind
}

// npConstScalar returns the value of a torch.constant.int, .float or
// .bool.
func npConstScalar(v *ir.Value) (npScalar, bool) {
	d := v.DefiningOp()
	if d == nil {
		return npScalar{}, false
	}
	switch d.Name {
	case torch.ConstantIntOp:
		a, ok := d.Attr("value").(ir.IntegerAttr)
		return npScalar{f: float64(a.Value), i: a.Value, kind: npScalarInt}, ok
	case torch.ConstantFloatOp:
		a, ok := d.Attr("value").(ir.FloatAttr)
		return npScalar{f: a.Value, i: int64(a.Value), kind: npScalarFloat}, ok
	case torch.ConstantBoolOp:
		a, ok := d.Attr("value").(ir.BoolAttr)
		if a {
			return npScalar{f: 1, i: 1, kind: npScalarBool}, ok
		}
		return npScalar{kind: npScalarBool}, ok
	}
	return npScalar{}, false
}

// constant creates the scalar v as a constant of element type t the way
// PyTorch's fill casts a Scalar to the tensor's dtype: rounded for a float
// type, truncated toward zero (and wrapped) for an integer type, v != 0
// for bool.
func (k *npKernel) constant(b *ir.Builder, v npScalar, t ir.Type) *ir.Value {
	switch {
	case ir.IsFloat(t):
		return arith.ConstantFloat(b, k.loc, v.f, t.(ir.FloatType))
	case ir.IntWidth(t) == 1:
		return arith.ConstantBool(b, k.loc, v.f != 0)
	}
	return arith.ConstantInt(b, k.loc, v.i, t)
}

// result checks that result i is a vtensor of static shape `shape` (nil:
// any static shape) and returns its builtin type. wantFloat requires a
// float dtype.
func (r *npReader) result(i int, shape []int64, wantFloat bool) (ir.RankedTensorType, error) {
	t, ok := r.op.Result(i).Type().(torch.VTensorType)
	if !ok {
		return ir.RankedTensorType{}, r.errorf("result #%d has type '%s', expected a !torch.vtensor", i, r.op.Result(i).Type())
	}
	bt, ok := t.ToBuiltinTensor()
	if !ok || !t.HasStaticShape() {
		return bt, r.errorf("result #%d has type '%s'; the lowering needs static sizes and a dtype", i, t)
	}
	if shape != nil && !slices.Equal(bt.Shape, shape) {
		return bt, r.errorf("result #%d has type '%s', but the computed shape is %s", i, t, npShapeString(shape))
	}
	if wantFloat && !ir.IsFloat(bt.Elem) {
		return bt, r.errorf("result #%d has dtype %s; a float dtype is expected", i, t.Dtype)
	}
	return bt, nil
}

// npShapeString prints a shape as torch types write it: [2,3].
func npShapeString(s []int64) string {
	parts := make([]string, len(s))
	for i, d := range s {
		parts[i] = ir.DimString(d)
	}
	return "[" + strings.Join(parts, ",") + "]"
}

// npNegInf is −∞, the identity of max and the padding of max pooling.
var npNegInf = math.Inf(-1)

// npRead is one input of npKernel.generic: a tensor and the map through
// which the loop nest reads it.
type npRead struct {
	v *ir.Value
	m affine.Map
}

// generic builds one linalg.generic over the loop nest l, reading ins
// through their maps and writing into init through out. body returns the
// element to store; where l has reduction loops, its last argument is the
// accumulator (init's element). The group norm and layer norm backward
// lowerings use it for loop nests that channelwise's single channel dim
// cannot express (a [N, G] statistic, a [G, D] weight, normalized rows).
func (k *npKernel) generic(l *loopNest, ins []npRead, init *ir.Value, out affine.Map,
	body func(b *ir.Builder, args []*ir.Value) *ir.Value) *ir.Value {
	vals := make([]*ir.Value, len(ins))
	maps := make([]affine.Map, 0, len(ins)+1)
	for i, in := range ins {
		vals[i] = in.v
		maps = append(maps, in.m)
	}
	maps = append(maps, out)
	return linalg.NewGeneric(k.b, k.loc, vals, []*ir.Value{init}, maps, l.iters, []ir.Type{init.Type()},
		func(b *ir.Builder, args []*ir.Value) []*ir.Value { return []*ir.Value{body(b, args)} }).Result(0)
}
