package preprocessing

import (
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/dialect/tensor"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/pass"
)

// SwapCastWithInsertSliceChain casts the pieces a tensor is assembled from
// instead of the assembled tensor, when the pieces are written into zeros:
// the f16/bf16 data gradient of a strided convolution, which the phase
// decomposition leaves as region results inserted into an f32 zero
// accumulator and then truncated as a whole, becomes the region results
// truncated and inserted into f16/bf16 zeros. The output is then filled
// and written once, in its own 16-bit type: no full-size f32 buffer, no
// pass that reads it all back to truncate it, and each truncation can run
// in its region's contraction kernel as the epilogue. This completes, for
// the decomposition's output, what swap-strided-insert-slice-with-
// contraction does for the 1x1 case ("and its elementwise consumer chain,
// e.g. truncf", conv-backward.md pass 2).
//
// Pre: valid IR. The pass matches a linalg.generic E that is a carried
// cast (isCarriedElementwise: one input, a tensor.empty init, identity
// maps, parallel loops, a body yielding its input or one arith.extf or
// arith.truncf of it), whose input X is the result of a chain of
// tensor.insert_slice ops X = insert(S_n, insert(... insert(S_1, Z))) with
//   - Z a +0 destination in either spelling (zero.go), used only by the
//     chain;
//   - every insert_slice with static offsets, sizes and strides, a source
//     of the destination's rank, and its result used once, as the
//     destination of the next (the last: as E's input).
//
// Post: E's result is replaced by insert(E(S_n), insert(... insert(E(S_1),
// Z'))) with the chain's metadata, in the chain's order, where E(S_i) is
// a clone of E over S_i (a tensor.empty init of S_i's shape), created
// with its insert just before the old insert of S_i, and Z' is
// linalg.fill(+0) of a tensor.empty of E's result type, created just
// before Z. E, the chain and Z are erased. The casts map +0 to +0, and later slices overwrite earlier
// ones before or after an elementwise map alike, so every element is the
// same cast of the same value as before (or +0 where no slice writes):
// results are bitwise equal.
//
// With the option max-slices=N (N > 0) a chain of more than N
// insert_slices is left alone. The CPU's pipeline sets 1: there a
// region's contraction writes its f32 window of the whole accumulator at
// full speed and one converting copy truncates it all (16 elements at a
// time), where per-region f32 temporaries, each read back and truncated
// into a strided window, cost more: bf16 data gradients of 32 groups of
// 8 channels 3.5-3.8 against 2.5-2.7 ms, depthwise stride 2 5.8 against
// 4.2-4.6 ms; the one-region chain of a 1x1 stride-2 kernel, a quarter
// of the gradient, still gains (0.57-0.73 against 0.60-0.71 ms for the
// backward-data suite's 1x1 shapes).
var SwapCastWithInsertSliceChain = &pass.Def{
	Name:    "swap-cast-with-insert-slice-chain",
	Summary: "cast the sources of a chain of insert_slices into zeros instead of its result (truncate each region of a data gradient, not the whole f32 accumulator)",
	Options: []pass.Option{
		{Name: "max-slices", Default: "0", Help: "swap only chains of at most this many insert_slices (0: any length); the CPU's pipeline sets 1"},
	},
	Run: func(op *ir.Operation, c *pass.Context) error {
		maxSlices := 0
		if _, ok := c.Options["max-slices"]; ok {
			n, err := c.Options.Int("max-slices")
			if err != nil {
				return err
			}
			maxSlices = n
		}
		_, err := pass.ApplyPatternsGreedily(c.IR, op, []*ir.Pattern{SwapCastWithInsertSliceChainPattern(maxSlices)}, pass.GreedyConfig{})
		return err
	},
}

// SwapCastWithInsertSliceChainPattern is the rewrite as a pattern, for
// chains of at most maxSlices insert_slices (0: any).
func SwapCastWithInsertSliceChainPattern(maxSlices int) *ir.Pattern {
	return &ir.Pattern{Name: "swap-cast-with-insert-slice-chain", Root: linalg.Generic, Rewrite: func(e *ir.Operation, rw *ir.Rewriter) bool {
		return rewriteCastChain(e, rw, maxSlices)
	}}
}

// matchCastChain returns the insert_slices of the chain E reads, last
// first, and the zero destination under them.
func matchCastChain(e *ir.Operation) ([]*ir.Operation, zeroDest, bool) {
	if !isCarriedElementwise(e) {
		return nil, zeroDest{}, false
	}
	var chain []*ir.Operation
	v := e.Operand(0)
	for {
		s := v.DefiningOp()
		if s == nil || s.Name != tensor.InsertSlice {
			break
		}
		uses := v.Uses()
		if len(uses) != 1 || len(chain) > 0 && uses[0].Index() != 1 {
			return nil, zeroDest{}, false
		}
		if _, _, _, ok := staticSliceParams(s); !ok {
			return nil, zeroDest{}, false
		}
		src, ok1 := s.Operand(0).Type().(ir.RankedTensorType)
		dst, ok2 := s.Operand(1).Type().(ir.RankedTensorType)
		if !ok1 || !ok2 || src.Rank() != dst.Rank() {
			return nil, zeroDest{}, false
		}
		chain = append(chain, s)
		v = s.Operand(1)
	}
	if len(chain) == 0 || len(v.Uses()) != 1 {
		return nil, zeroDest{}, false
	}
	z, ok := matchZeroDest(v)
	return chain, z, ok
}

func rewriteCastChain(e *ir.Operation, rw *ir.Rewriter, maxSlices int) bool {
	chain, z, ok := matchCastChain(e)
	if !ok || maxSlices > 0 && len(chain) > maxSlices {
		return false
	}
	b := &rw.Builder
	loc := e.Loc
	// The new zeros where the old ones were, and each cast just before
	// its slice's insert, which the decomposition puts right after the
	// region's contraction: the plan then finds each cast directly after
	// its contraction, and makes it the contraction's epilogue.
	b.SetInsertionPointBefore(z.def)
	outT := e.Result(0).Type().(ir.RankedTensorType)
	cur := linalg.NewFill(b, loc, zeroScalar(b, loc, outT.Elem), tensor.NewEmpty(b, loc, outT, nil)).Result(0)
	for i := len(chain) - 1; i >= 0; i-- {
		s := chain[i]
		b.SetInsertionPointBefore(s)
		src := s.Operand(0)
		t := ir.Tensor(outT.Elem, src.Type().(ir.RankedTensorType).Shape...)
		cast := ir.Clone(e, map[*ir.Value]*ir.Value{e.Operand(0): src, e.Operand(1): tensor.NewEmpty(b, loc, t, nil)})
		cast.Result(0).SetType(t)
		b.Insert(cast)
		ns := ir.Clone(s, map[*ir.Value]*ir.Value{src: cast.Result(0), s.Operand(1): cur})
		ns.Result(0).SetType(outT)
		b.Insert(ns)
		cur = ns.Result(0)
	}
	rw.ReplaceAllUsesWith(e.Result(0), cur)
	init := e.Operand(1).DefiningOp()
	rw.EraseOp(e)
	for _, s := range chain {
		rw.EraseOp(s)
	}
	eraseIfDead(rw, init, z.def)
	return true
}
