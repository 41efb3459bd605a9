package affine_test

import (
	"testing"

	"github.com/torchlower/torchlower/ir/affine"
)

func TestLinearForm(t *testing.T) {
	d0, d1, d2 := affine.Dim(0), affine.Dim(1), affine.Dim(2)
	cases := []struct {
		e      affine.Expr
		coeffs []int64
		k      int64
		ok     bool
	}{
		{affine.Add(d0, affine.Mul(d1, affine.Const(2))), []int64{1, 2, 0}, 0, true},
		{affine.Add(affine.Mul(affine.Const(-1), d2), affine.Const(2)), []int64{0, 0, -1}, 2, true},
		{affine.Add(affine.Mul(affine.Add(d0, affine.Const(1)), affine.Const(3)), d0), []int64{4, 0, 0}, 3, true},
		{affine.Mul(d0, d1), nil, 0, false},
		{affine.Mod(d0, affine.Const(2)), nil, 0, false},
		{affine.Sym(0), nil, 0, false},
		{affine.Dim(3), nil, 0, false},
	}
	for _, c := range cases {
		co, k, ok := affine.LinearForm(c.e, 3)
		if ok != c.ok {
			t.Errorf("%v: ok %v, want %v", c.e, ok, c.ok)
			continue
		}
		if !ok {
			continue
		}
		for i := range co {
			if co[i] != c.coeffs[i] {
				t.Errorf("%v: coeffs %v, want %v", c.e, co, c.coeffs)
				break
			}
		}
		if k != c.k {
			t.Errorf("%v: constant %d, want %d", c.e, k, c.k)
		}
	}
}
