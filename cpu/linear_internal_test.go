package cpu

import (
	"slices"
	"testing"

	"github.com/torchlower/torchlower/ir/affine"
)

// TestLinearInto checks the allocation-free linear forms of indexing map
// results against affine.LinearForm, on the shapes lowering produces (a
// strided, dilated convolution's input index, a flipped kernel tap, a
// broadcast constant) and on expressions that are not linear.
func TestLinearInto(t *testing.T) {
	d0, d1, d2, s0 := affine.Dim(0), affine.Dim(1), affine.Dim(2), affine.Sym(0)
	c := affine.Const
	exprs := []affine.Expr{
		d1,
		c(3),
		affine.Add(affine.Mul(d0, c(2)), affine.Mul(d2, c(3))),
		affine.Sub(c(2), d1),
		affine.Add(affine.Add(affine.Mul(d0, c(-4)), d1), c(7)),
		affine.Mul(c(5), affine.Add(d2, c(-1))),
		affine.Mul(d0, d1),
		affine.Mod(d0, c(2)),
		affine.FloorDiv(d1, c(3)),
		affine.Add(d0, s0),
		affine.Dim(3),
	}
	for _, e := range exprs {
		coef := []int64{9, 9, 9}
		k, ok := linearInto(coef, e)
		wc, wk, wok := affine.LinearForm(e, 3)
		if ok != wok || ok && (k != wk || !slices.Equal(coef, wc)) {
			t.Errorf("%s: got %v %d %v, want %v %d %v", e, coef, k, ok, wc, wk, wok)
		}
	}
}
