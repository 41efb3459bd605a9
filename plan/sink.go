package plan

import (
	"strings"

	"github.com/torchlower/torchlower/dialect/arith"
	fn "github.com/torchlower/torchlower/dialect/func"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/dialect/tensor"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
)

// sinkScalars moves the scalar work a generic reads from outside its body
// into the body, so that the plan never holds a float (or any) scalar
// outside a region: a value read with tensor.extract and converted (the
// scale of an `aten.mul.Scalar` computed from a tensor, a loss divided by
// a count), a linalg.fill of such a value, a scalar `ins` operand.
//
// Pre: generalize ran (every structured op but linalg.fill is a generic).
// Post: a linalg.fill whose value is not a constant became a generic; no
// generic has a scalar `ins` operand (its block argument now reads the
// scalar directly); every scalar a body reads from outside is a constant,
// a function argument (which the planner rejects with an error naming
// it) or the result of an op that is not pure arith/math/tensor.extract:
// each pure scalar op a body reads is cloned into the body's start, with
// the chain it depends on (tensor.extract of an outside tensor becomes a
// capture); the originals are erased when nothing outside reads them.
// The chain is recomputed per element: it is a few scalar instructions.
func sinkScalars(ctx *ir.Context, f *ir.Operation) {
	body := fn.Body(f)
	bld := ir.NewBuilder(ctx)
	for _, op := range body.OpList() {
		if op.Name == linalg.Fill && ScalarConstant(linalg.Inputs(op)[0]) == nil {
			bld.SetInsertionPointBefore(op)
			if gen := linalg.Generalize(bld, op); gen != nil {
				op.ReplaceAllUsesWith(gen.Results())
				op.Erase()
			}
		}
	}
	for _, op := range body.OpList() {
		if op.Name == linalg.Generic {
			op = dropScalarInputs(bld, op)
			sinkInto(bld, op)
		}
	}
	// Erase the scalar ops nothing reads any more, last first.
	ops := body.OpList()
	for i := len(ops) - 1; i >= 0; i-- {
		if o := ops[i]; sinkable(o) && !anyUsed(o) {
			o.Erase()
		}
	}
}

// sinkable reports whether o is pure scalar work that may be recomputed
// inside a body: an arith or math op or a tensor.extract, with scalar
// results and no region.
func sinkable(o *ir.Operation) bool {
	if o.NumRegions() > 0 || o.NumResults() == 0 {
		return false
	}
	for _, r := range o.Results() {
		if ir.IsTensor(r.Type()) {
			return false
		}
	}
	return o.Name == tensor.Extract || strings.HasPrefix(o.Name, "arith.") || strings.HasPrefix(o.Name, "math.")
}

func anyUsed(o *ir.Operation) bool {
	for _, r := range o.Results() {
		if r.HasUses() {
			return true
		}
	}
	return false
}

// dropScalarInputs rebuilds a generic that has scalar `ins` operands
// without them: their block arguments read the scalars directly.
func dropScalarInputs(bld *ir.Builder, g *ir.Operation) *ir.Operation {
	ins, outs := linalg.Inputs(g), linalg.Outputs(g)
	maps := linalg.IndexingMaps(g)
	oldBody := linalg.Body(g)
	if maps == nil || oldBody == nil || len(maps) != len(ins)+len(outs) || len(oldBody.Args()) != len(maps) {
		return g
	}
	var keptIns []*ir.Value
	var keptMaps []affine.Map
	mapping := map[*ir.Value]*ir.Value{}
	var keptArgs []*ir.Value // old block args that stay block args
	for i, in := range ins {
		if ir.IsTensor(in.Type()) {
			keptIns = append(keptIns, in)
			keptMaps = append(keptMaps, maps[i])
			keptArgs = append(keptArgs, oldBody.Arg(i))
			continue
		}
		if !ir.TypeEqual(in.Type(), oldBody.Arg(i).Type()) {
			return g
		}
		mapping[oldBody.Arg(i)] = in
	}
	if len(keptIns) == len(ins) {
		return g
	}
	keptMaps = append(keptMaps, maps[len(ins):]...)
	for j := range outs {
		keptArgs = append(keptArgs, oldBody.Arg(len(ins)+j))
	}
	bld.SetInsertionPointBefore(g)
	ng := linalg.NewGeneric(bld, g.Loc, keptIns, outs, keptMaps, linalg.IteratorTypes(g), g.ResultTypes(), func(b *ir.Builder, args []*ir.Value) []*ir.Value {
		for k, a := range keptArgs {
			mapping[a] = args[k]
		}
		var yielded []*ir.Value
		for o := oldBody.First(); o != nil; o = o.Next() {
			if o.Name == linalg.Yield {
				for _, v := range o.Operands() {
					if m, ok := mapping[v]; ok {
						v = m
					}
					yielded = append(yielded, v)
				}
				continue
			}
			b.Insert(ir.Clone(o, mapping))
		}
		return yielded
	})
	g.ReplaceAllUsesWith(ng.Results())
	g.Erase()
	return ng
}

// sinkInto clones, at the start of g's body, the pure scalar chains that
// the body reads from outside, and points the body at the clones.
func sinkInto(bld *ir.Builder, g *ir.Operation) {
	gb := linalg.Body(g)
	if gb == nil {
		return
	}
	bld.SetInsertionPointToStart(gb)
	mapping := map[*ir.Value]*ir.Value{}
	var sink func(v *ir.Value) *ir.Value
	sink = func(v *ir.Value) *ir.Value {
		if m, ok := mapping[v]; ok {
			return m
		}
		d := v.DefiningOp()
		if d == nil || ir.IsTensor(v.Type()) || isInside(v, g) || !sinkable(d) || d.Name == arith.ConstantOp {
			return v // read as it is: a tensor (capture), a constant, or left for the planner to reject
		}
		for _, w := range d.Operands() {
			sink(w)
		}
		bld.Insert(ir.Clone(d, mapping))
		return mapping[v]
	}
	var uses []*ir.Operand
	g.Walk(ir.PreOrder, func(o *ir.Operation) {
		if o == g {
			return
		}
		for k := 0; k < o.NumOperands(); k++ {
			if w := o.Operand(k); w != nil && !ir.IsTensor(w.Type()) && !isInside(w, g) {
				uses = append(uses, o.OpOperand(k))
			}
		}
	})
	for _, u := range uses {
		if nv := sink(u.Value()); nv != u.Value() {
			u.Set(nv)
		}
	}
}
