package tensor_test

import (
	"strings"
	"testing"

	fn "github.com/torchlower/torchlower/dialect/func"
	"github.com/torchlower/torchlower/dialect/tensor"
	"github.com/torchlower/torchlower/internal/irtest"
	"github.com/torchlower/torchlower/ir"
)

// findOps returns the ops named name under m, in order.
func findOps(m *ir.Operation, name string) []*ir.Operation {
	var out []*ir.Operation
	m.Walk(ir.PreOrder, func(o *ir.Operation) {
		if o.Name == name {
			out = append(out, o)
		}
	})
	return out
}

func mixedString(ms []tensor.Mixed) string {
	parts := make([]string, len(ms))
	for i, m := range ms {
		parts[i] = m.String()
	}
	return "[" + strings.Join(parts, " ") + "]"
}

func TestSliceAccessors(t *testing.T) {
	src := `func.func @f(%s: tensor<2x4xf32>, %d: tensor<?x16xf32>, %o: index, %st: index, %t: tensor<8x8xf32>) -> (tensor<?x16xf32>, tensor<?x16xf32>, tensor<8xf32>) {
  %0 = tensor.insert_slice %s into %d[%o, 1] [2, 4] [2, 3] : tensor<2x4xf32> into tensor<?x16xf32>
  %1 = tensor.insert_slice %s into %0[0, %o] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<?x16xf32>
  %2 = tensor.insert_slice %s into %1[0, 0] [2, 4] [1, %st] : tensor<2x4xf32> into tensor<?x16xf32>
  %3 = tensor.extract_slice %t[%o, 0] [1, 8] [1, 1] : tensor<8x8xf32> to tensor<8xf32>
  return %1, %2, %3 : tensor<?x16xf32>, tensor<?x16xf32>, tensor<8xf32>
}`
	m := irtest.ParseVerify(t, newContext(), "accessors.mlir", src, 0)
	ins := findOps(m, tensor.InsertSlice)
	if len(ins) != 3 {
		t.Fatalf("found %d insert_slice ops", len(ins))
	}
	args := fn.Body(findOps(m, fn.Func)[0]).Args()
	off, sz, st := tensor.SliceParams(ins[0])
	if got := mixedString(off) + mixedString(sz) + mixedString(st); got != "[<value> 1][2 4][2 3]" {
		t.Errorf("SliceParams = %s", got)
	}
	if off[0].Value != args[2] || off[0].IsStatic() || !off[1].IsStatic() {
		t.Errorf("offset 0 should be %%o, offset 1 static")
	}
	if tensor.Source(ins[0]) != args[0] || tensor.Dest(ins[0]) != args[1] {
		t.Errorf("Source/Dest wrong")
	}
	for i, want := range []bool{true, false, true} {
		if got := tensor.IsStridedInsertSlice(ins[i]); got != want {
			t.Errorf("IsStridedInsertSlice(#%d) = %v, want %v", i, got, want)
		}
	}
	ext := findOps(m, tensor.ExtractSlice)[0]
	if tensor.IsStridedInsertSlice(ext) {
		t.Errorf("extract_slice is not an insert_slice")
	}
	off, sz, _ = tensor.SliceParams(ext)
	if off[0].Value != args[2] || mixedString(sz) != "[1 8]" {
		t.Errorf("extract_slice params: %s %s", mixedString(off), mixedString(sz))
	}
	if mask := tensor.RankReductionMask([]int64{1, 8}, []int64{8}); len(mask) != 2 || !mask[0] || mask[1] {
		t.Errorf("RankReductionMask = %v", mask)
	}
}

func TestPadAccessors(t *testing.T) {
	src := `func.func @f(%t: tensor<4x4xf32>, %l: index, %v: f32) -> (tensor<7x?xf32>, tensor<6x6xindex>) {
  %0 = tensor.pad %t nofold low[1, %l] high[2, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<4x4xf32> to tensor<7x?xf32>
  %e = tensor.empty() : tensor<4x4xindex>
  %1 = tensor.pad %e low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %j : index
  } : tensor<4x4xindex> to tensor<6x6xindex>
  return %0, %1 : tensor<7x?xf32>, tensor<6x6xindex>
}`
	m := irtest.ParseVerify(t, newContext(), "pad.mlir", src, 0)
	pads := findOps(m, tensor.Pad)
	args := fn.Body(findOps(m, fn.Func)[0]).Args()
	low, high := tensor.PadParams(pads[0])
	if mixedString(low) != "[1 <value>]" || low[1].Value != args[1] || mixedString(high) != "[2 0]" {
		t.Errorf("PadParams = %s %s", mixedString(low), mixedString(high))
	}
	if !tensor.PadNoFold(pads[0]) || tensor.PadNoFold(pads[1]) {
		t.Errorf("PadNoFold wrong")
	}
	if tensor.PadValue(pads[0]) != args[2] {
		t.Errorf("PadValue should be %%v")
	}
	if tensor.PadValue(pads[1]) != nil {
		t.Errorf("PadValue of an index-dependent body should be nil")
	}
}

// TestBuilders builds every kind of op through the exported builders and
// checks the result verifies, prints as expected and is accepted upstream.
func TestBuilders(t *testing.T) {
	ctx := newContext()
	m := ir.NewModule(ctx, nil)
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(ir.Body(m))
	f32 := ir.F32T
	ft := ir.FunctionType{
		Inputs:  []ir.Type{ir.Tensor(f32, 2, 3), ir.Index, f32},
		Results: []ir.Type{ir.Tensor(f32, 5, ir.Dynamic), ir.Tensor(f32, 3), ir.Tensor(f32, 9, 8), ir.Tensor(f32, 6)},
	}
	fop := fn.NewFunc(b, nil, "built", ft)
	args := fn.Body(fop).Args()
	src, n, pv := args[0], args[1], args[2]
	b.SetInsertionPointToEnd(fn.Body(fop))

	empty := tensor.NewEmpty(b, nil, ir.Tensor(f32, 5, ir.Dynamic), []*ir.Value{n})
	ins := tensor.NewInsertSlice(b, nil, src, empty,
		[]tensor.Mixed{tensor.StaticIndex(1), tensor.DynamicIndex(n)},
		tensor.StaticIndices(2, 3), tensor.StaticIndices(2, 1))
	row := tensor.NewExtractSlice(b, nil, ir.Tensor(f32, 3), src,
		[]tensor.Mixed{tensor.DynamicIndex(n), tensor.StaticIndex(0)},
		tensor.StaticIndices(1, 3), tensor.StaticIndices(1, 1))
	full := tensor.NewExtractSlice(b, nil, nil, src, tensor.StaticIndices(0, 0), tensor.StaticIndices(2, 3), tensor.StaticIndices(1, 1))
	padded := tensor.NewPad(b, nil, nil, full, tensor.StaticIndices(3, 2), tensor.StaticIndices(4, 3), pv, true)
	flat := tensor.NewCollapseShape(b, nil, nil, src, [][]int64{{0, 1}})
	if !tensor.IsStridedInsertSlice(ins.DefiningOp()) {
		t.Errorf("built strided insert not recognized")
	}
	fn.NewReturn(b, nil, ins, row, padded, flat)

	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify: %v\n%s", err, ir.Sprint(m, ir.PrintOptions{}))
	}
	got := ir.Sprint(m, ir.PrintOptions{})
	want := `module {
  func.func @built(%arg0: tensor<2x3xf32>, %arg1: index, %arg2: f32) -> (tensor<5x?xf32>, tensor<3xf32>, tensor<9x8xf32>, tensor<6xf32>) {
    %0 = tensor.empty(%arg1) : tensor<5x?xf32>
    %inserted_slice = tensor.insert_slice %arg0 into %0[1, %arg1] [2, 3] [2, 1] : tensor<2x3xf32> into tensor<5x?xf32>
    %extracted_slice = tensor.extract_slice %arg0[%arg1, 0] [1, 3] [1, 1] : tensor<2x3xf32> to tensor<3xf32>
    %extracted_slice_0 = tensor.extract_slice %arg0[0, 0] [2, 3] [1, 1] : tensor<2x3xf32> to tensor<2x3xf32>
    %padded = tensor.pad %extracted_slice_0 nofold low[3, 2] high[4, 3] {
    ^bb0(%arg3: index, %arg4: index):
      tensor.yield %arg2 : f32
    } : tensor<2x3xf32> to tensor<9x8xf32>
    %collapsed = tensor.collapse_shape %arg0 [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
    return %inserted_slice, %extracted_slice, %padded, %collapsed : tensor<5x?xf32>, tensor<3xf32>, tensor<9x8xf32>, tensor<6xf32>
  }
}
`
	if got != want {
		t.Errorf("built IR:\n%s\nwant:\n%s", got, want)
	}
	irtest.RoundTrip(t, ctx, "built.mlir", got)
	if irtest.HaveMLIROpt() {
		irtest.MLIROpt(t, got, "--verify-each")
		irtest.MLIROpt(t, ir.Sprint(m, ir.PrintOptions{Generic: true}), "--verify-each")
	}

	// Expanding the collapsed value back folds to the source.
	b.SetInsertionPointBefore(fn.Body(fop).Last())
	back := tensor.NewExpandShape(b, nil, ir.Tensor(f32, 2, 3), flat, [][]int64{{0, 1}})
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	res := back.DefiningOp().Def.Fold(back.DefiningOp(), []ir.Attribute{nil})
	if len(res) != 1 || res[0].Value != src {
		t.Errorf("expand_shape(collapse_shape(x)) should fold to x, got %+v", res)
	}
}

func TestMixedHelpers(t *testing.T) {
	v := &ir.Value{}
	ms := []tensor.Mixed{tensor.StaticIndex(0), tensor.DynamicIndex(v), tensor.StaticIndex(2)}
	s, d := tensor.SplitMixed(ms)
	if len(s) != 3 || s[1] != ir.Dynamic || len(d) != 1 || d[0] != v {
		t.Fatalf("SplitMixed = %v %v", s, d)
	}
	back := tensor.JoinMixed(s, d)
	if len(back) != 3 || back[1].Value != v || back[2].Static != 2 {
		t.Fatalf("JoinMixed = %v", back)
	}
	if tensor.JoinMixed(s, nil) != nil {
		t.Errorf("JoinMixed must reject a missing dynamic value")
	}
	if c, ok := ms[2].ConstantValue(); !ok || c != 2 {
		t.Errorf("ConstantValue of a static entry")
	}
	if _, ok := ms[1].ConstantValue(); ok {
		t.Errorf("ConstantValue of a block-less value must be unknown")
	}
}
