package linalg_test

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/internal/irtest"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
)

// TestGeneralizeNamedOps generalizes every named op of testdata/named.mlir
// and compares with upstream's --linalg-generalize-named-ops.
func TestGeneralizeNamedOps(t *testing.T) {
	data, err := os.ReadFile("testdata/named.mlir")
	if err != nil {
		t.Fatal(err)
	}
	chunks, lines := irtest.SplitInput(string(data))
	for i, chunk := range chunks {
		t.Run("named.mlir:"+strconv.Itoa(lines[i]+1), func(t *testing.T) {
			ctx := newContext()
			m := irtest.ParseVerify(t, ctx, "named.mlir", chunk, lines[i])
			n := linalg.GeneralizeNamedOps(ctx, m)
			if n == 0 {
				t.Fatal("nothing generalized")
			}
			if err := ir.Verify(m); err != nil {
				t.Fatalf("verify after generalization: %v", err)
			}
			m.Walk(ir.PreOrder, func(o *ir.Operation) {
				if linalg.IsNamed(o) {
					t.Errorf("%s left behind", o.Name)
				}
			})
			got := ir.Sprint(m, ir.PrintOptions{})
			if !irtest.HaveMLIROpt() {
				return
			}
			want := irtest.MLIROpt(t, chunk, "--linalg-generalize-named-ops")
			if !sameText(t, got, want) {
				t.Errorf("differs from upstream:\n--- ours\n%s\n--- upstream\n%s", got, want)
			}
		})
	}
}

// TestGeneralizeAll turns map, reduce, transpose and broadcast into
// linalg.generic too; upstream must accept the result.
func TestGeneralizeAll(t *testing.T) {
	data, err := os.ReadFile("testdata/shortform.mlir")
	if err != nil {
		t.Fatal(err)
	}
	ctx := newContext()
	m := irtest.ParseVerify(t, ctx, "shortform.mlir", string(data), 0)
	if n := linalg.GeneralizeAll(ctx, m); n != 12 {
		t.Errorf("generalized %d ops, want 12", n)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify: %v\n%s", err, ir.Sprint(m, ir.PrintOptions{}))
	}
	text := ir.Sprint(m, ir.PrintOptions{})
	if strings.Contains(text, "linalg.map") || strings.Contains(text, "linalg.transpose") {
		t.Errorf("short-form ops left:\n%s", text)
	}
	if irtest.HaveMLIROpt() {
		irtest.MLIROpt(t, text, "--verify-each")
	}
}

// TestIndexingMaps checks the maps and iterators of a few named ops
// against upstream's memoized maps.
func TestIndexingMaps(t *testing.T) {
	ctx := newContext()
	m := irtest.ParseVerify(t, ctx, "maps", `
func.func @f(%in: tensor<1x3x9x9xf32>, %w: tensor<4x3x3x3xf32>, %o: tensor<1x4x3x4xf32>, %t: tensor<2x3xf32>, %tt: tensor<3x2xf32>, %r: tensor<2xf32>) -> (tensor<1x4x3x4xf32>, tensor<3x2xf32>, tensor<2xf32>) {
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<[3, 1]> : tensor<2xi64>} ins(%in, %w : tensor<1x3x9x9xf32>, tensor<4x3x3x3xf32>) outs(%o : tensor<1x4x3x4xf32>) -> tensor<1x4x3x4xf32>
  %1 = linalg.transpose ins(%t : tensor<2x3xf32>) outs(%tt : tensor<3x2xf32>) permutation = [1, 0]
  %2 = linalg.reduce ins(%t : tensor<2x3xf32>) outs(%r : tensor<2xf32>) dimensions = [1]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  return %0, %1, %2 : tensor<1x4x3x4xf32>, tensor<3x2xf32>, tensor<2xf32>
}`, 0)
	var ops []*ir.Operation
	m.Walk(ir.PreOrder, func(o *ir.Operation) {
		if linalg.IsStructured(o) {
			ops = append(ops, o)
		}
	})
	want := []struct {
		maps  []string
		iters string
	}{
		{[]string{
			"(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 * 3 + d5, d3 + d6 * 2)",
			"(d0, d1, d2, d3, d4, d5, d6) -> (d1, d4, d5, d6)",
			"(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)",
		}, "parallel parallel parallel parallel reduction reduction reduction"},
		{[]string{"(d0, d1) -> (d1, d0)", "(d0, d1) -> (d0, d1)"}, "parallel parallel"},
		{[]string{"(d0, d1) -> (d0, d1)", "(d0, d1) -> (d0)"}, "parallel reduction"},
	}
	if len(ops) != len(want) {
		t.Fatalf("found %d structured ops", len(ops))
	}
	for i, op := range ops {
		maps := linalg.IndexingMaps(op)
		var got []string
		for _, mp := range maps {
			got = append(got, mp.String())
		}
		if strings.Join(got, "; ") != strings.Join(want[i].maps, "; ") {
			t.Errorf("%s maps = %v, want %v", op.Name, got, want[i].maps)
		}
		if its := strings.Join(linalg.IteratorTypes(op), " "); its != want[i].iters {
			t.Errorf("%s iterators = %s, want %s", op.Name, its, want[i].iters)
		}
	}
	if s := linalg.Strides(ops[0]); len(s) != 2 || s[0] != 3 || s[1] != 1 {
		t.Errorf("strides = %v", s)
	}
}

// TestMapsOfScalarGeneric: a generic over 0-d tensors has no loops, and
// its (empty) maps and iterators are not nil, which would say malformed,
// whether or not the caller lends an array.
func TestMapsOfScalarGeneric(t *testing.T) {
	ctx := newContext()
	m := irtest.ParseVerify(t, ctx, "scalar", `
func.func @f(%a: tensor<f32>, %o: tensor<f32>) -> tensor<f32> {
  %0 = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%a : tensor<f32>) outs(%o : tensor<f32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  return %0 : tensor<f32>
}`, 0)
	var g *ir.Operation
	m.Walk(ir.PreOrder, func(o *ir.Operation) {
		if o.Name == linalg.Generic {
			g = o
		}
	})
	var mb [4]affine.Map
	var ib [4]string
	for _, maps := range [][]affine.Map{linalg.IndexingMaps(g), linalg.IndexingMapsInto(g, mb[:])} {
		if maps == nil || len(maps) != 2 {
			t.Errorf("maps = %#v, want two empty maps", maps)
		}
	}
	for _, iters := range [][]string{linalg.IteratorTypes(g), linalg.IteratorTypesInto(g, ib[:]), linalg.IteratorTypesInto(g, ib[:0])} {
		if iters == nil || len(iters) != 0 {
			t.Errorf("iterators = %#v, want empty, not nil", iters)
		}
	}
	// An array too short is not written past its capacity.
	if iters := linalg.IteratorTypesInto(ops0(t, ctx), ib[:1:1]); len(iters) != 2 || ib[0] != "" {
		t.Errorf("iterators into a short array = %v (array %v)", iters, ib)
	}
}

// ops0 is a generic with two loops.
func ops0(t *testing.T, ctx *ir.Context) *ir.Operation {
	m := irtest.ParseVerify(t, ctx, "two", `
func.func @f(%a: tensor<2x3xf32>, %o: tensor<2xf32>) -> tensor<2xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<2x3xf32>) outs(%o : tensor<2xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<2xf32>
  return %0 : tensor<2xf32>
}`, 0)
	var g *ir.Operation
	m.Walk(ir.PreOrder, func(o *ir.Operation) {
		if o.Name == linalg.Generic {
			g = o
		}
	})
	return g
}

// TestBuilders builds generic, fill, named and short-form ops from Go and
// checks the printed IR and that upstream accepts it.
func TestBuilders(t *testing.T) {
	ctx := newContext()
	mod := ir.NewModule(ctx, nil)
	b := ir.NewBuilder(ctx)
	f32 := ir.F32T
	t2 := ir.Tensor(f32, 4, 8)
	fnType := ir.FunctionType{Inputs: []ir.Type{t2, ir.Tensor(f32, 8)}, Results: []ir.Type{ir.Tensor(f32, 8), t2}}
	fnOp := b.Create("func.func", nil, nil, nil, []ir.NamedAttr{
		{Name: "function_type", Value: ir.TypeAttr{Type: fnType}},
		{Name: "sym_name", Value: ir.StringAttr("build")},
	}, 1)
	ir.Body(mod).Append(fnOp)
	entry := b.CreateBlock(fnOp.Region(0), t2, ir.Tensor(f32, 8))
	x, acc := entry.Arg(0), entry.Arg(1)
	zero := b.Create("arith.constant", nil, nil, []ir.Type{f32}, []ir.NamedAttr{{Name: "value", Value: ir.FloatAttr{Value: 0, Type: ir.FloatType{Kind: ir.F32}}}}, 0).Result(0)
	filled := linalg.NewFill(b, nil, zero, acc).Result(0)
	colSum := linalg.NewGeneric(b, nil, []*ir.Value{x}, []*ir.Value{filled},
		[]affine.Map{affine.Identity(2), affine.NewMap(2, 0, affine.Dim(1))},
		[]string{linalg.Reduction, linalg.Parallel}, []ir.Type{ir.Tensor(f32, 8)},
		func(b *ir.Builder, args []*ir.Value) []*ir.Value {
			s := b.Create("arith.addf", nil, []*ir.Value{args[1], args[0]}, []ir.Type{f32},
				[]ir.NamedAttr{{Name: "fastmath", Value: ir.OpaqueAttr{Dialect: "arith", Name: "fastmath", Body: "none", HasBody: true}}}, 0)
			return s.Results()
		})
	tr := linalg.NewTranspose(b, nil, x, x, []int64{0, 1})
	b.Create("func.return", nil, []*ir.Value{colSum.Result(0), tr.Result(0)}, nil, nil, 0)
	if err := ir.Verify(mod); err != nil {
		t.Fatalf("verify: %v\n%s", err, ir.Sprint(mod, ir.PrintOptions{}))
	}
	got := ir.Sprint(mod, ir.PrintOptions{})
	want := `#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @build(%arg0: tensor<4x8xf32>, %arg1: tensor<8xf32>) -> (tensor<8xf32>, tensor<4x8xf32>) {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = linalg.fill ins(%cst : f32) outs(%arg1 : tensor<8xf32>) -> tensor<8xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["reduction", "parallel"]} ins(%arg0 : tensor<4x8xf32>) outs(%0 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.addf %out, %in : f32
      linalg.yield %2 : f32
    } -> tensor<8xf32>
    %transposed = linalg.transpose ins(%arg0 : tensor<4x8xf32>) outs(%arg0 : tensor<4x8xf32>) permutation = [0, 1] 
    return %1, %transposed : tensor<8xf32>, tensor<4x8xf32>
  }
}
`
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	if irtest.HaveMLIROpt() {
		if up := irtest.MLIROpt(t, got, "--verify-each"); !sameText(t, up, want) {
			t.Errorf("upstream reprints:\n%s", up)
		}
	}
}
