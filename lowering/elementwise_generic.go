package lowering

import (
	"fmt"

	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/dialect/tensor"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
	"github.com/torchlower/torchlower/torch"
)

// This file holds the one helper every elementwise lowering is built on
// (the Go form of torch-mlir's ConvertElementwiseOp): buildElementwise makes
// a single all-parallel linalg.generic from tensor and scalar inputs, a
// result type and a scalar body. The elementwise family (elementwise.go)
// uses it for every table row; other families (batch norm, softmax
// epilogues, ...) can call it for their pointwise steps.
//
// Dtypes are torch dtypes here: the builtin types of lowered tensors are
// signless (si64 and ui8 both become iN), so the signedness a conversion
// needs travels beside the value as its torch dtype (si64, ui8, i1 for
// bool, f16, bf16, f32, f64).

// ewInput is one input of buildElementwise.
type ewInput struct {
	// Value is either a builtin ranked tensor, read once per result
	// element through Map, or a scalar (an integer, index or float value
	// defined outside the generic, usually a folded constant), which every
	// element uses as is.
	Value *ir.Value
	// Dtype is the torch dtype of Value's elements. nil means the builtin
	// element type itself, integers read as signed and i1 as bool.
	Dtype ir.Type
	// As, when set, is the torch dtype the body receives the element as:
	// buildElementwise converts it with ewConvert (PyTorch's cast rules).
	// nil hands the body the element unconverted. Scalars are converted
	// once, before the generic.
	As ir.Type
	// Map, when set, indexes a tensor Value from the result's loops
	// (d0 ... dR-1, R the result rank). nil means PyTorch broadcasting
	// against the result shape (ewBroadcastMap), which callers should
	// check beforehand with ewBroadcastMap or ewBroadcastShape.
	Map *affine.Map
}

// ewBody computes one result element from the input elements, given in the
// order of ewSpec.Inputs (each converted to its As, if set). It runs with b
// inside the generic's body block and returns the element; a value whose
// type differs from the result element type is converted to the result
// dtype (float → float, i1 as bool, other integers as signed).
type ewBody func(b *ir.Builder, args []*ir.Value) *ir.Value

// ewSpec describes one elementwise linalg.generic.
type ewSpec struct {
	// Result is the builtin result type. Its `?` dims take their extent
	// from a tensor input whose map reads that loop directly (d_i) at a
	// dim of its own, as PyTorch broadcasting requires of dynamic dims.
	Result ir.RankedTensorType
	// Dtype is the torch dtype of the result elements; nil means
	// Result.Elem (integers signed).
	Dtype  ir.Type
	Inputs []ewInput
	Body   ewBody
}

// buildElementwise emits, at b's insertion point,
//
//	%init = tensor.empty(dynamic sizes) : Result
//	%r = linalg.generic {indexing_maps = [input maps..., identity],
//	                     iterator_types = ["parallel", ...]}
//	       ins(tensor inputs) outs(%init) { body }
//
// and returns %r. Scalar inputs do not become operands of the generic: the
// body captures them (converted before the generic when As is set). An
// error means the spec is malformed (a map of the wrong size, a `?` result
// dim no input sizes, a body that returned nil): callers check operands
// when they fold an op, so this reports broken invariants only.
func buildElementwise(b *ir.Builder, loc ir.Location, s ewSpec) (*ir.Value, error) {
	rank := s.Result.Rank()
	resDtype := s.Dtype
	if resDtype == nil {
		resDtype = s.Result.Elem
	}
	var tensors []*ir.Value
	var maps []affine.Map
	argIndex := make([]int, len(s.Inputs)) // block argument of input i, or -1
	scalars := make([]*ir.Value, len(s.Inputs))
	from := make([]ir.Type, len(s.Inputs))
	for i, in := range s.Inputs {
		if in.Value == nil {
			return nil, fmt.Errorf("elementwise input #%d is nil", i)
		}
		from[i] = in.Dtype
		if from[i] == nil {
			from[i] = ir.ElementType(in.Value.Type())
		}
		t, isTensor := in.Value.Type().(ir.RankedTensorType)
		if !isTensor {
			argIndex[i] = -1
			scalars[i] = in.Value
			if in.As != nil {
				scalars[i] = ewConvert(b, loc, in.Value, from[i], in.As)
			}
			continue
		}
		var m affine.Map
		if in.Map != nil {
			m = *in.Map
		} else {
			var err error
			if m, err = ewBroadcastMap(t.Shape, s.Result.Shape); err != nil {
				return nil, fmt.Errorf("elementwise input #%d: %v", i, err)
			}
		}
		if m.NumDims != rank || len(m.Results) != t.Rank() {
			return nil, fmt.Errorf("elementwise input #%d: map %s does not read a rank-%d tensor from %d loops", i, m, t.Rank(), rank)
		}
		argIndex[i] = len(tensors)
		tensors = append(tensors, in.Value)
		maps = append(maps, m)
	}
	dyn, err := ewDynamicSizes(b, loc, s.Result, tensors, maps)
	if err != nil {
		return nil, err
	}
	init := tensor.NewEmpty(b, loc, s.Result, dyn)
	maps = append(maps, affine.Identity(rank))
	var bodyErr error
	gen := linalg.NewGeneric(b, loc, tensors, []*ir.Value{init}, maps, repeat(linalg.Parallel, rank),
		[]ir.Type{s.Result}, func(bb *ir.Builder, args []*ir.Value) []*ir.Value {
			vals := make([]*ir.Value, len(s.Inputs))
			for i, in := range s.Inputs {
				if argIndex[i] < 0 {
					vals[i] = scalars[i]
					continue
				}
				vals[i] = args[argIndex[i]]
				if in.As != nil {
					vals[i] = ewConvert(bb, loc, vals[i], from[i], in.As)
				}
			}
			r := s.Body(bb, vals)
			if r == nil {
				bodyErr = fmt.Errorf("elementwise body built no value")
				r = args[len(args)-1]
			}
			return []*ir.Value{ewConvert(bb, loc, r, ewValueDtype(r.Type(), resDtype), resDtype)}
		})
	if bodyErr != nil {
		return nil, bodyErr
	}
	return gen.Result(0), nil
}

// ewDynamicSizes returns the extents of result's `?` dims, each read with
// tensor.dim from a tensor input whose map has the bare loop d_i at a `?`
// dim, or made a constant from a static dim so read.
func ewDynamicSizes(b *ir.Builder, loc ir.Location, result ir.RankedTensorType, tensors []*ir.Value, maps []affine.Map) ([]*ir.Value, error) {
	var out []*ir.Value
	for i, d := range result.Shape {
		if d != ir.Dynamic {
			continue
		}
		var size *ir.Value
		for j := 0; j < len(tensors) && size == nil; j++ {
			shape := tensorType(tensors[j]).Shape
			for k, e := range maps[j].Results {
				if !affine.Equal(e, affine.Dim(i)) {
					continue
				}
				if shape[k] == ir.Dynamic {
					idx := arith.ConstantIndex(b, loc, int64(k))
					size = b.Create(tensor.Dim, loc, []*ir.Value{tensors[j], idx}, []ir.Type{ir.Index}, nil, 0).Result(0)
				} else {
					size = arith.ConstantIndex(b, loc, shape[k])
				}
				break
			}
		}
		if size == nil {
			return nil, fmt.Errorf("no input gives the extent of dynamic result dim %d", i)
		}
		out = append(out, size)
	}
	return out, nil
}

// ewBroadcastMap returns the map that reads a tensor of shape in for each
// element of a result of shape out under PyTorch's broadcasting rules
// (https://pytorch.org/docs/stable/notes/broadcasting.html): dims are
// aligned from the right, missing leading dims are broadcast, and a dim of
// size 1 is read at index 0 (the affine constant 0, not a tensor.expand).
//
// A `?` dim is assumed never to be a broadcast 1: torch.export specializes
// sizes 0 and 1, so a dynamic dim is at least 2 at run time and must equal
// the result extent; torch-mlir makes the same assumption (with a run-time
// assert). Two static dims that differ and are not 1 do not broadcast.
func ewBroadcastMap(in, out []int64) (affine.Map, error) {
	if len(in) > len(out) {
		return affine.Map{}, fmt.Errorf("a rank-%d tensor does not broadcast to rank %d", len(in), len(out))
	}
	off := len(out) - len(in)
	res := make([]affine.Expr, len(in))
	for k, d := range in {
		o := out[off+k]
		switch {
		case d == o:
			res[k] = affine.Dim(off + k)
		case d == 1:
			res[k] = affine.Const(0)
		case d == ir.Dynamic || o == ir.Dynamic:
			res[k] = affine.Dim(off + k)
		default:
			return affine.Map{}, fmt.Errorf("shape %s does not broadcast to %s (dim %d: %d vs %d)",
				ewShapeString(in), ewShapeString(out), k, d, o)
		}
	}
	return affine.NewMap(len(out), 0, res...), nil
}

// ewBroadcastShape is the shape PyTorch broadcasting gives tensors of the
// given shapes (torch.broadcast_shapes): right-aligned, a 1 yields to the
// other extent, `?` meets any extent but 1 as itself (see ewBroadcastMap).
func ewBroadcastShape(shapes ...[]int64) ([]int64, error) {
	rank := 0
	for _, s := range shapes {
		rank = max(rank, len(s))
	}
	out := make([]int64, rank)
	for i := range out {
		out[i] = 1
	}
	for _, s := range shapes {
		off := rank - len(s)
		for k, d := range s {
			o := &out[off+k]
			switch {
			case d == *o || d == 1:
			case *o == 1:
				*o = d
			case d == ir.Dynamic:
			case *o == ir.Dynamic:
				*o = d
			default:
				return nil, fmt.Errorf("shapes %s do not broadcast (%d vs %d)", ewShapesString(shapes), *o, d)
			}
		}
	}
	return out, nil
}

func ewShapeString(s []int64) string {
	parts := make([]byte, 0, 4*len(s))
	parts = append(parts, '[')
	for i, d := range s {
		if i > 0 {
			parts = append(parts, ',')
		}
		parts = append(parts, ir.DimString(d)...)
	}
	return string(append(parts, ']'))
}

func ewShapesString(shapes [][]int64) string {
	out := ""
	for i, s := range shapes {
		if i > 0 {
			out += ", "
		}
		out += ewShapeString(s)
	}
	return out
}

// ---- dtype conversion -------------------------------------------------------

// ewBuiltinElem is the signless builtin element type of a torch dtype
// (si64 → i64, ui8 → i8); other types are returned unchanged.
func ewBuiltinElem(dtype ir.Type) ir.Type {
	if it, ok := dtype.(ir.IntegerType); ok {
		return ir.IntegerType{Width: it.Width}
	}
	return dtype
}

// ewOpmathType is the type PyTorch computes elements of torch dtype dtype
// in (ATen's at::opmath_type): f32 for f16 and bf16, the dtype's builtin
// type otherwise. Bodies that do float arithmetic extend to it and let
// buildElementwise round the result once.
func ewOpmathType(dtype ir.Type) ir.Type {
	if ft, ok := dtype.(ir.FloatType); ok && ft.Bits() < 32 {
		return ir.F32T
	}
	return ewBuiltinElem(dtype)
}

func ewIsBool(t ir.Type) bool {
	it, ok := t.(ir.IntegerType)
	return ok && it.Width == 1
}

func ewIsUnsigned(t ir.Type) bool {
	it, ok := t.(ir.IntegerType)
	return ok && it.Signedness == ir.Unsigned && it.Width > 1
}

// ewValueDtype names the torch dtype of a body value of builtin type t
// whose result has dtype res: res itself when the builtin types agree
// (which keeps ui8 unsigned), otherwise t read as float, bool (i1) or a
// signed integer.
func ewValueDtype(t, res ir.Type) ir.Type {
	if ir.TypeEqual(t, ewBuiltinElem(res)) {
		return res
	}
	if it, ok := t.(ir.IntegerType); ok && it.Width > 1 && it.Signedness == ir.Signless {
		return ir.IntegerType{Width: it.Width, Signedness: ir.Signed}
	}
	return t
}

// ewConvert converts the scalar v, whose elements have torch dtype from, to
// torch dtype to, as PyTorch's casts (Tensor.to, type promotion, a Scalar
// read as a tensor's dtype) do, which is C++'s static_cast on the element:
//
//   - to bool: x != 0 (arith.cmpf une — NaN is true — or arith.cmpi ne);
//   - from bool: 0 or 1 (arith.uitofp, arith.extui);
//   - float → float: arith.extf / arith.truncf (f16 ↔ bf16 through f32);
//   - int → float: arith.sitofp, arith.uitofp from ui8;
//   - float → int: rounding toward zero, arith.fptosi; to a type narrower
//     than 32 bits through i32 and arith.trunci, which is what x86 (and
//     so PyTorch on CPU) gives for out-of-range values: −1.0 → ui8 255;
//   - int → int: arith.extsi (arith.extui from ui8) or arith.trunci
//     (two's complement wrap); same width is the same bits.
//
// index values convert as signed 64-bit integers. v is returned unchanged
// when nothing needs doing.
func ewConvert(b *ir.Builder, loc ir.Location, v *ir.Value, from, to ir.Type) *ir.Value {
	src, dst := ewBuiltinElem(from), ewBuiltinElem(to)
	if _, ok := src.(ir.IndexType); ok {
		if _, ok := dst.(ir.IndexType); ok {
			return v
		}
		v = arith.Cast(b, loc, arith.IndexCast, v, ir.I64)
		src, from = ir.I64, torch.DtypeSI64
	}
	if ir.TypeEqual(src, dst) {
		return v
	}
	if _, ok := dst.(ir.IndexType); ok {
		v = ewConvert(b, loc, v, from, torch.DtypeSI64)
		return arith.Cast(b, loc, arith.IndexCast, v, ir.Index)
	}
	sf, srcFloat := src.(ir.FloatType)
	_, dstFloat := dst.(ir.FloatType)
	switch {
	case ewIsBool(dst):
		if srcFloat {
			return arith.NewCmpF(b, loc, "une", v, arith.ConstantFloat(b, loc, 0, sf))
		}
		return arith.NewCmpI(b, loc, "ne", v, arith.ConstantInt(b, loc, 0, src))
	case srcFloat && dstFloat:
		return convertFloat(b, loc, v, dst)
	case dstFloat:
		return intToFloat(b, loc, v, ewIsBool(src) || ewIsUnsigned(from), dst)
	case srcFloat:
		w := ir.IntWidth(dst)
		if w >= 32 {
			return arith.Cast(b, loc, arith.FPToSI, v, dst)
		}
		v = arith.Cast(b, loc, arith.FPToSI, v, ir.I32)
		return arith.Cast(b, loc, arith.TruncI, v, dst)
	}
	sw, dw := ir.IntWidth(src), ir.IntWidth(dst)
	switch {
	case sw > dw:
		return arith.Cast(b, loc, arith.TruncI, v, dst)
	case ewIsBool(src) || ewIsUnsigned(from):
		return arith.Cast(b, loc, arith.ExtUI, v, dst)
	}
	return arith.Cast(b, loc, arith.ExtSI, v, dst)
}
