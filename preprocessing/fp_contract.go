package preprocessing

import (
	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/pass"
)

// FPContract lets the f32 multiply-accumulate of every contraction run
// as a fused multiply-add: x·y + acc rounded once, where arith's mulf
// then addf round the product and then the sum. PyTorch's CPU kernels
// (oneDNN), cuDNN and IREE's vectorized contractions all accumulate so;
// a CPU does it in one instruction where the separate pair takes two,
// and on a core with two FMA units that is up to twice the tile
// kernel's rate (cpu BenchmarkKern4x16, ...F). The `contract` fast-math
// flag is MLIR's way to say the fusion is allowed (upstream lowers it to
// LLVM's contract flag); every torchlower executor then fuses exactly
// the pairs arith.FusedMultiplyAdd names, so the CPU's interpreter, its
// tile kernels and the GPU kernels still agree bit for bit.
//
// Named contractions (linalg.matmul, linalg.batch_matmul: what mm, bmm,
// addmm and linear lower to) have no fastmath attribute to carry the
// flag: an f32 one is rewritten into its linalg.generic form first (as
// linalg-generalize-named-ops writes it), which then matches. They ran
// unfused before, at half the tile kernel's rate: a transformer's
// 512x768 by 768x3072 matmul 17.5 -> 11 ms on two cores.
//
// Pre: valid IR. The pass matches each linalg.generic whose body is a
// multiply-accumulate of f32 factors: arith.mulf of the first two block
// arguments (f32 inputs, no casts), its one use an arith.addf with the
// output block argument (f32), whose result the body yields. f16 and
// bf16 factors (extf'd to f32) are left alone: an f16 product is exact
// in f32, so fusing changes nothing, and a bf16 one can overflow where
// the fused form would not.
//
// Post: the mulf and the addf carry `fastmath<contract>` (with any flags
// they had); no named op with such a body is left. Results differ from the unfused ones only in the rounding
// of each term (the fused one is the more accurate). The pass is
// idempotent.
var FPContract = &pass.Def{
	Name:    "fp-contract",
	Summary: "mark f32 multiply-accumulate bodies fastmath<contract>, so that each term runs as one fused multiply-add",
	Run: func(op *ir.Operation, c *pass.Context) error {
		generalizeNamedMACs(c.IR, op)
		op.Walk(ir.PreOrder, func(g *ir.Operation) {
			if mul, add := f32MACBody(g); mul != nil {
				for _, o := range []*ir.Operation{mul, add} {
					o.SetAttr("fastmath", arith.FastMathAttr(arith.FastMath(o)|arith.FastMathContract))
				}
			}
		})
		return nil
	},
}

// generalizeNamedMACs rewrites each named op under root whose body is an
// f32 multiply-accumulate into its generic form; others (a bf16 matmul,
// whose body widens its factors) stay named.
func generalizeNamedMACs(ctx *ir.Context, root *ir.Operation) {
	linalg.GeneralizeWhere(ctx, root, func(o *ir.Operation) bool {
		if !linalg.IsNamed(o) || len(linalg.Outputs(o)) != 1 {
			return false
		}
		mul, _ := macBlock(linalg.Body(o))
		return mul != nil
	})
}

// f32MACBody returns the mulf and addf of g's body when g is a
// linalg.generic whose body is an f32 multiply-accumulate (FPContract's
// match), else nils.
func f32MACBody(g *ir.Operation) (mul, add *ir.Operation) {
	if g.Name != linalg.Generic || g.NumRegions() != 1 || len(linalg.Outputs(g)) != 1 || len(g.Region(0).Blocks()) != 1 {
		return nil, nil
	}
	return macBlock(g.Region(0).Front())
}

// macBlock returns the mulf and addf of a structured op's body when it is
// an f32 multiply-accumulate of its first two arguments into the third,
// else nils.
func macBlock(body *ir.Block) (mul, add *ir.Operation) {
	if body == nil || len(body.Args()) != 3 || !isMACBody(body) {
		return nil, nil
	}
	add = body.Terminator().Operand(0).DefiningOp()
	if add.Name != arith.AddF || !isF32(add.Result(0).Type()) {
		return nil, nil
	}
	prod := add.Operand(0)
	if prod == body.Arg(2) {
		prod = add.Operand(1)
	}
	mul = prod.DefiningOp()
	if mul.Name != arith.MulF || !prod.HasOneUse() || !isF32(prod.Type()) {
		return nil, nil
	}
	for _, v := range mul.Operands() {
		if !v.IsBlockArg() || v.OwnerBlock() != body || !isF32(v.Type()) {
			return nil, nil
		}
	}
	return mul, add
}

func isF32(t ir.Type) bool {
	f, ok := t.(ir.FloatType)
	return ok && f.Kind == ir.F32
}
