package preprocessing

import (
	"math"

	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/dialect/tensor"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/pass"
)

// zeroDest describes a tensor known to hold +0 everywhere, in one of the
// two spellings the passes accept:
//
//	%d = arith.constant dense<0.0> : tensor<...>
//	%d = linalg.fill ins(%zero : f32) outs(%e : tensor<...>)   with %e = tensor.empty
//
// -0.0 is rejected: a rewrite that recreates the untouched elements as +0
// would change their sign bit.
type zeroDest struct {
	def  *ir.Operation // the arith.constant or the linalg.fill
	fill bool
}

// matchZeroDest reports whether v is a zero tensor of static shape.
func matchZeroDest(v *ir.Value) (zeroDest, bool) {
	t, ok := v.Type().(ir.RankedTensorType)
	if !ok || !staticShape(t.Shape) {
		return zeroDest{}, false
	}
	def := v.DefiningOp()
	if def == nil {
		return zeroDest{}, false
	}
	switch def.Name {
	case arith.ConstantOp:
		d, ok := def.Attr("value").(*ir.DenseElementsAttr)
		if !ok || !d.Splat || !d.IsZero() {
			return zeroDest{}, false
		}
		if ir.IsFloat(d.Type.Elem) && math.Signbit(d.Float(0)) {
			return zeroDest{}, false
		}
		return zeroDest{def: def}, true
	case linalg.Fill:
		ins, outs := linalg.Inputs(def), linalg.Outputs(def)
		if len(ins) != 1 || len(outs) != 1 || def.NumResults() != 1 {
			return zeroDest{}, false
		}
		if e := outs[0].DefiningOp(); e == nil || e.Name != tensor.Empty {
			return zeroDest{}, false
		}
		if !isPositiveZeroScalar(ins[0]) {
			return zeroDest{}, false
		}
		return zeroDest{def: def, fill: true}, true
	}
	return zeroDest{}, false
}

// isPositiveZeroScalar reports whether v is a scalar constant +0 (integer 0
// or float +0.0).
func isPositiveZeroScalar(v *ir.Value) bool {
	if ir.IsTensor(v.Type()) {
		return false
	}
	if f, ok := arith.ConstantFloatValue(v); ok {
		return f == 0 && !math.Signbit(f)
	}
	if n, ok := arith.ConstantIntValue(v); ok {
		return n == 0
	}
	return false
}

// eraseIfDead erases the ops of a zero destination that became unused
// (the fill, then its tensor.empty and scalar). The pass drivers run
// without folding, so nothing else would clean them up.
func eraseIfDead(rw *ir.Rewriter, ops ...*ir.Operation) {
	for _, op := range ops {
		if op == nil || op.Block() == nil {
			continue
		}
		if !pass.IsTriviallyDead(op) {
			continue
		}
		producers := op.Operands()
		rw.EraseOp(op)
		for _, p := range producers {
			if p != nil && p.DefiningOp() != nil {
				eraseIfDead(rw, p.DefiningOp())
			}
		}
	}
}

// zeroScalar creates the +0 of elem at b's insertion point.
func zeroScalar(b *ir.Builder, loc ir.Location, elem ir.Type) *ir.Value {
	if ft, ok := elem.(ir.FloatType); ok {
		return arith.ConstantFloat(b, loc, 0, ft)
	}
	return arith.ConstantInt(b, loc, 0, elem)
}

func staticShape(shape []int64) bool {
	for _, d := range shape {
		if d == ir.Dynamic {
			return false
		}
	}
	return true
}

// staticSliceParams returns the offsets, sizes and strides of an
// insert_slice when every entry is a static attribute entry (a value
// defined by a constant still counts as dynamic metadata: canonicalize
// folds those first).
func staticSliceParams(op *ir.Operation) (offsets, sizes, strides []int64, ok bool) {
	o, s, st := tensor.SliceParams(op)
	if o == nil {
		return nil, nil, nil, false
	}
	for _, l := range [][]tensor.Mixed{o, s, st} {
		for _, m := range l {
			if !m.IsStatic() {
				return nil, nil, nil, false
			}
		}
	}
	offsets, sizes, strides = tensor.StaticSliceParams(op)
	return offsets, sizes, strides, true
}
