package plan_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/plan"
)

// scatterGeneric is a generic over (v, d, k) into out[v, d] from idx[k] and
// vals[k, d] whose body is the %s text (block arguments %i, %x, %out).
const scatterGeneric = `
#idx = affine_map<(d0, d1, d2) -> (d2)>
#vals = affine_map<(d0, d1, d2) -> (d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @f(%%idx: tensor<5xi64>, %%vals: tensor<5x4xf32>, %%o: tensor<6x4xf32>) -> tensor<6x4xf32> {
  %%c0 = arith.constant 0 : i64
  %%c2 = arith.constant 2 : i64
  %%r = linalg.generic {indexing_maps = [#idx, #vals, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%%idx, %%vals : tensor<5xi64>, tensor<5x4xf32>) outs(%%o : tensor<6x4xf32>) {
  ^bb0(%%i: i64, %%x: f32, %%out: f32):
%s
  } -> tensor<6x4xf32>
  return %%r : tensor<6x4xf32>
}`

// TestMatchScatter checks what the scatter form asks of a generic: the
// equality of a loop's index with a value of k alone names that loop;
// checks decided by k are kept; anything else that needs each element
// makes the body decide; and a body that could fail on arbitrary values,
// or a select whose other side is not the output, is no scatter.
func TestMatchScatter(t *testing.T) {
	for _, c := range []struct {
		name, body string
		ok         bool
		checks     int
		bodyDecide bool
		rowIn      int
		rowAdd     bool
	}{
		{name: "accumulate", ok: true, rowIn: 1, rowAdd: true, body: `
    %p = arith.index_cast %i : i64 to index
    %v = linalg.index 0 : index
    %eq = arith.cmpi eq, %p, %v : index
    %s = arith.addf %out, %x : f32
    %y = arith.select %eq, %s, %out : f32
    linalg.yield %y : f32`},
		{name: "padding", ok: true, checks: 1, rowIn: 1, body: `
    %p = arith.index_cast %i : i64 to index
    %v = linalg.index 0 : index
    %eq = arith.cmpi eq, %v, %p : index
    %keep = arith.cmpi ne, %i, %c2 : i64
    %c = arith.andi %eq, %keep : i1
    %y = arith.select %c, %x, %out : f32
    linalg.yield %y : f32`},
		{name: "element_test", ok: true, bodyDecide: true, rowIn: 1, body: `
    %p = arith.index_cast %i : i64 to index
    %v = linalg.index 0 : index
    %eq = arith.cmpi eq, %p, %v : index
    %z = arith.constant 0.0 : f32
    %pos = arith.cmpf ogt, %x, %z : f32
    %c = arith.andi %eq, %pos : i1
    %y = arith.select %c, %x, %out : f32
    linalg.yield %y : f32`},
		{name: "by_element", ok: false, body: `
    %d = linalg.index 1 : index
    %v = linalg.index 0 : index
    %eq = arith.cmpi eq, %d, %v : index
    %y = arith.select %eq, %x, %out : f32
    linalg.yield %y : f32`},
		{name: "division", ok: false, body: `
    %q = arith.divsi %i, %c2 : i64
    %p = arith.index_cast %q : i64 to index
    %v = linalg.index 0 : index
    %eq = arith.cmpi eq, %p, %v : index
    %y = arith.select %eq, %x, %out : f32
    linalg.yield %y : f32`},
		{name: "other_side", ok: false, body: `
    %p = arith.index_cast %i : i64 to index
    %v = linalg.index 0 : index
    %eq = arith.cmpi eq, %p, %v : index
    %y = arith.select %eq, %out, %x : f32
    linalg.yield %y : f32`},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := fmt.Sprintf(scatterGeneric, c.body)
			m := parseText(t, c.name+".mlir", src)
			var g *ir.Operation
			m.Walk(ir.PreOrder, func(o *ir.Operation) {
				if o.Name == linalg.Generic {
					g = o
				}
			})
			f := plan.MatchScatter(linalg.IndexingMaps(g), linalg.IteratorTypes(g), linalg.Body(g), 2)
			if (f != nil) != c.ok {
				t.Fatalf("a scatter: %v, want %v", f != nil, c.ok)
			}
			if f == nil {
				return
			}
			if f.Red != 2 || !slices.Equal(f.Dims, []int{0}) || !slices.Equal(f.Free, []int{1}) || !slices.Equal(f.ByK, []bool{true, false}) {
				t.Errorf("reduction d%d, named %v, free %v, inputs by k %v; want d2, [0], [1], [true false]", f.Red, f.Dims, f.Free, f.ByK)
			}
			if len(f.Checks) != c.checks || f.BodyDecides != c.bodyDecide || f.RowIn != c.rowIn || f.RowAdd != c.rowAdd {
				t.Errorf("%d checks, body decides %v, row input %d (add %v); want %d, %v, %d (%v)", len(f.Checks), f.BodyDecides, f.RowIn, f.RowAdd, c.checks, c.bodyDecide, c.rowIn, c.rowAdd)
			}
		})
	}
}
