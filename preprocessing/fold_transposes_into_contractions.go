package preprocessing

import (
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/dialect/tensor"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
	"github.com/torchlower/torchlower/ir/pass"
)

// FoldTransposesIntoContractions makes a contraction read a transposed
// operand where it lies, through its indexing map, instead of from a
// transposed copy. A Linear's weight reaches its matmul as permute(W)
// (addmm(b, x, W.t())), and its backward reads permute(permute(W)) and
// gradᵀ: every one a linalg.transpose, which the CPU ran as a copy of the
// whole weight (2 ms a 768x3072 weight, ten in a transformer layer's
// training step) before the matmul packed it again. The contraction's
// packing reads any layout; folded, the copies are never made. Upstream's
// analogue is IREE's fold of linalg.transpose into linalg.matmul-like ops
// (FoldTransposeIntoContraction) and MLIR's generic op fusion of a
// permutation producer.
//
// Pre: valid IR. The pass matches a contraction C: a linalg.generic with
// a reduction loop whose indexing maps are all projected permutations
// (matmuls, batched matmuls; not a convolution, whose windows are sums of
// loops, nor a flip), or a named linalg.matmul or linalg.batch_matmul,
// which it first rewrites into its generic form (an f32 one is marked by
// fp-contract later; upstream's linalg-generalize-named-ops writes the
// same generic). An input of C is folded when it is the result of a
// transpose T: linalg.transpose, or an all-parallel linalg.generic with
// one input and one output whose body yields its input and whose maps are
// permutations. Chains of transposes fold at once (permute(permute(W))
// reads W). A chain of transposes that composes to the identity (a
// Linear's weight gradient, permute(permute(gradᵀ·x))) is replaced by its
// first input wherever it is read.
//
// Post: C reads T's input with the map (T's input map) ∘ inverse(T's
// output map) ∘ (C's map of the operand), for each T along the chain;
// a transpose left without uses is erased, with its tensor.empty. C
// multiplies the same elements in the same order as before, so results
// are bitwise equal.
var FoldTransposesIntoContractions = &pass.Def{
	Name:    "fold-transposes-into-contractions",
	Summary: "make a matmul-like linalg.generic read a transposed operand in place instead of from a linalg.transpose's copy",
	Run: func(op *ir.Operation, c *pass.Context) error {
		var transposes []*ir.Operation
		op.Walk(ir.PostOrder, func(o *ir.Operation) {
			if o != op && o.NumResults() == 1 {
				if _, _, ok := transposeOf(o.Result(0)); ok {
					transposes = append(transposes, o)
				}
			}
		})
		for _, t := range transposes {
			foldIdentityChain(t)
		}
		linalg.GeneralizeWhere(c.IR, op, func(o *ir.Operation) bool {
			return (o.Name == linalg.Matmul || o.Name == linalg.BatchMatmul) && foldsATranspose(o)
		})
		var contractions []*ir.Operation
		op.Walk(ir.PostOrder, func(o *ir.Operation) {
			if o != op && isPlainContraction(o) && foldsATranspose(o) {
				contractions = append(contractions, o)
			}
		})
		for _, o := range contractions {
			foldTransposedInputs(o)
		}
		return nil
	},
}

// isPlainContraction reports whether o is a linalg.generic with a
// reduction loop whose maps are all projected permutations.
func isPlainContraction(o *ir.Operation) bool {
	if o.Name != linalg.Generic || !linalg.HasReduction(o) {
		return false
	}
	for _, m := range linalg.IndexingMaps(o) {
		if !m.IsProjectedPermutation() {
			return false
		}
	}
	return true
}

// foldsATranspose reports whether an input of the contraction o is a
// transpose's result.
func foldsATranspose(o *ir.Operation) bool {
	for _, in := range linalg.Inputs(o) {
		if _, _, ok := transposeOf(in); ok {
			return true
		}
	}
	return false
}

// transposeOf returns, when v is the result of a transpose T, T's input
// and the map from v's indices to that input's: (T's input map) ∘
// inverse(T's output map).
func transposeOf(v *ir.Value) (*ir.Value, affine.Map, bool) {
	t := v.DefiningOp()
	if t == nil {
		return nil, affine.Map{}, false
	}
	switch t.Name {
	case linalg.Transpose:
	case linalg.Generic:
		if !isCopyGeneric(t) {
			return nil, affine.Map{}, false
		}
	default:
		return nil, affine.Map{}, false
	}
	ins, maps := linalg.Inputs(t), linalg.IndexingMaps(t)
	if len(ins) != 1 || len(maps) != 2 || !maps[0].IsPermutation() || !maps[1].IsPermutation() {
		return nil, affine.Map{}, false
	}
	inv, ok := affine.InversePermutation(maps[1])
	if !ok {
		return nil, affine.Map{}, false
	}
	return ins[0], maps[0].Compose(inv).Simplify(), true
}

// isCopyGeneric reports whether g is an all-parallel linalg.generic with
// one input and one output whose body yields its input.
func isCopyGeneric(g *ir.Operation) bool {
	if len(linalg.Inputs(g)) != 1 || len(linalg.Outputs(g)) != 1 || g.NumRegions() != 1 {
		return false
	}
	for _, it := range linalg.IteratorTypes(g) {
		if it != linalg.Parallel {
			return false
		}
	}
	blocks := g.Region(0).Blocks()
	if len(blocks) != 1 || blocks[0].Len() != 1 {
		return false
	}
	y := blocks[0].Terminator()
	return y.NumOperands() == 1 && y.Operand(0) == blocks[0].Arg(0)
}

// foldIdentityChain replaces the transpose t by the first input of the
// chain of transposes that ends in it when the chain composes to the
// identity, erasing the transposes left without uses.
func foldIdentityChain(t *ir.Operation) {
	res := t.Result(0)
	v := res
	var chain []*ir.Operation
	m := affine.Map{}
	for {
		src, tm, ok := transposeOf(v)
		if !ok {
			break
		}
		chain = append(chain, v.DefiningOp())
		if len(chain) == 1 {
			m = tm
		} else {
			m = tm.Compose(m).Simplify()
		}
		v = src
	}
	if len(chain) < 2 || !m.IsIdentity() || !ir.TypeEqual(v.Type(), res.Type()) {
		return
	}
	res.ReplaceAllUsesWith(v)
	for _, d := range chain {
		eraseIfUnused(d)
	}
}

// foldTransposedInputs rewrites each input of the generic contraction g
// that a chain of transposes produces to read the chain's first input,
// erasing transposes left without uses.
func foldTransposedInputs(g *ir.Operation) {
	maps := linalg.IndexingMaps(g)
	changed := false
	for i, in := range linalg.Inputs(g) {
		v, m := in, maps[i]
		var dead []*ir.Operation
		for {
			src, tm, ok := transposeOf(v)
			if !ok {
				break
			}
			dead = append(dead, v.DefiningOp())
			v, m = src, tm.Compose(m).Simplify()
		}
		if v == in {
			continue
		}
		g.SetOperand(i, v)
		maps[i] = m
		changed = true
		for _, t := range dead {
			eraseIfUnused(t)
		}
	}
	if changed {
		g.SetAttr(linalg.IndexingMapsAttr, linalg.MapsAttr(maps))
	}
}

// eraseIfUnused erases t when none of its results has a use, then its
// init when that was a tensor.empty used by t alone.
func eraseIfUnused(t *ir.Operation) {
	for _, r := range t.Results() {
		if len(r.Uses()) > 0 {
			return
		}
	}
	outs := linalg.Outputs(t)
	t.Erase()
	for _, o := range outs {
		if e := o.DefiningOp(); e != nil && e.Name == tensor.Empty && len(o.Uses()) == 0 {
			e.Erase()
		}
	}
}
