package preprocessing

import (
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/dialect/tensor"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/pass"
)

// EraseOverwrittenFills drops a fill that a chain of tensor.insert_slice
// ops overwrites everywhere before anything reads it. The phase
// decomposition of a stride-s data gradient with a kernel of at least s
// taps per dim assembles the whole output from its phases and edge
// regions, but assembles it into zeros: without this pass the output is
// written twice, and for the memory-bound data gradients (a grouped 3x3
// with 8 channels a group, a 3-channel 3x3) the fill is a third of the
// traffic. With fewer taps than the stride (the 1x1 kernel) the regions
// leave holes, the zeros are the result's, and the fill stays.
//
// Pre: valid IR. The pass matches a linalg.fill F of a tensor.empty E
// (any value), of static shape, whose result is the destination of a
// chain of tensor.insert_slice ops S_1, ..., S_n: F's result and each
// S_i's result before S_n have one use, as the destination of the next;
// each S_i has static offsets, sizes and strides (strides ≥ 1, in
// bounds); S_n is the first at which the windows' element counts add up
// to the destination's; the windows are pairwise disjoint (in some dim
// their offset + stride·i progressions do not meet), so together they are
// the whole tensor. Each S_i's source must be the result of a linalg.generic
// whose loops are all parallel and whose body does not read its output: a
// region's cast. (An accumulation's result, the f32 data gradient, is
// left alone: the planner writes those regions in place and starts them
// from zero only when one fill covers the whole output, plan.ZeroOnEntry,
// so erasing it would make each region read its output.)
//
// Post: S_1 inserts into E instead of F, and F (then its scalar, if
// unused) is erased. Every element of the chain's result is written by
// exactly one S_i, as before, so results are bitwise equal.
var EraseOverwrittenFills = &pass.Def{
	Name:    "erase-overwritten-fills",
	Summary: "drop a linalg.fill that a chain of insert_slices overwrites everywhere (a data gradient assembled from its phases and edges)",
	Run: func(op *ir.Operation, c *pass.Context) error {
		_, err := pass.ApplyPatternsGreedily(c.IR, op, []*ir.Pattern{EraseOverwrittenFillsPattern()}, pass.GreedyConfig{})
		return err
	},
}

// EraseOverwrittenFillsPattern is the rewrite as a pattern.
func EraseOverwrittenFillsPattern() *ir.Pattern {
	return &ir.Pattern{Name: "erase-overwritten-fills", Root: linalg.Fill, Rewrite: rewriteOverwrittenFill}
}

// sliceWindow is the elements an insert_slice writes: in dim d, offset[d]
// + stride[d]·i for 0 ≤ i < size[d].
type sliceWindow struct{ offsets, sizes, strides []int64 }

// disjoint reports whether two windows share no element: in some dim
// their progressions do not meet.
func (w sliceWindow) disjoint(v sliceWindow) bool {
	for d := range w.offsets {
		if !progressionsMeet(w.offsets[d], w.strides[d], w.sizes[d], v.offsets[d], v.strides[d], v.sizes[d]) {
			return true
		}
	}
	return false
}

// progressionsMeet reports whether a + s·i = b + t·j for some 0 ≤ i < n,
// 0 ≤ j < m, walking the shorter progression (extents are a tensor's).
func progressionsMeet(a, s, n, b, t, m int64) bool {
	if n > m {
		a, s, n, b, t, m = b, t, m, a, s, n
	}
	for i := int64(0); i < n; i++ {
		x := a + s*i - b
		if x >= 0 && x%t == 0 && x/t < m {
			return true
		}
	}
	return false
}

// overwritingChain returns the insert_slice whose destination is fill's
// result when the chain from it overwrites every element (the pass's
// conditions), nil otherwise.
func overwritingChain(fill *ir.Operation) *ir.Operation {
	outs := linalg.Outputs(fill)
	if len(outs) != 1 || fill.NumResults() != 1 {
		return nil
	}
	if e := outs[0].DefiningOp(); e == nil || e.Name != tensor.Empty {
		return nil
	}
	t, ok := fill.Result(0).Type().(ir.RankedTensorType)
	if !ok || !staticShape(t.Shape) {
		return nil
	}
	total := ir.NumElements(t.Shape)
	var windows []sliceWindow
	var first *ir.Operation
	covered := int64(0)
	for v := fill.Result(0); covered < total; {
		uses := v.Uses()
		if len(uses) != 1 || uses[0].Index() != 1 {
			return nil
		}
		s := uses[0].Owner()
		if s.Name != tensor.InsertSlice || !isRegionCast(s.Operand(0)) {
			return nil
		}
		offsets, sizes, strides, ok := staticSliceParams(s)
		if !ok || len(offsets) != len(t.Shape) {
			return nil
		}
		n := int64(1)
		strides = append([]int64(nil), strides...)
		for d, size := range sizes {
			if size <= 1 {
				strides[d] = 1 // one index: its stride is never used (and may be 0)
			}
			if strides[d] < 1 || offsets[d] < 0 || offsets[d]+(size-1)*strides[d] >= t.Shape[d] {
				return nil
			}
			n *= size
		}
		w := sliceWindow{offsets, sizes, strides}
		for _, u := range windows {
			if !w.disjoint(u) {
				return nil
			}
		}
		windows = append(windows, w)
		covered += n
		if first == nil {
			first = s
		}
		v = s.Result(0)
	}
	if covered != total {
		return nil
	}
	return first
}

// isRegionCast reports whether v is the result of a linalg.generic whose
// loops are all parallel and whose body reads no output.
func isRegionCast(v *ir.Value) bool {
	g := v.DefiningOp()
	if g == nil || g.Name != linalg.Generic || linalg.HasReduction(g) || g.NumRegions() != 1 {
		return false
	}
	body := g.Region(0).Blocks()
	if len(body) != 1 {
		return false
	}
	args := body[0].Args()
	nOut := len(linalg.Outputs(g))
	for _, a := range args[len(args)-nOut:] {
		if a.HasUses() {
			return false
		}
	}
	return true
}

func rewriteOverwrittenFill(fill *ir.Operation, rw *ir.Rewriter) bool {
	first := overwritingChain(fill)
	if first == nil {
		return false
	}
	empty := linalg.Outputs(fill)[0]
	rw.ModifyInPlace(first, func() { first.SetOperand(1, empty) })
	eraseIfDead(rw, fill)
	return true
}
