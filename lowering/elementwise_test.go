package lowering

import (
	"fmt"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/dialect/arith"
	fn "github.com/torchlower/torchlower/dialect/func"
	"github.com/torchlower/torchlower/internal/irtest"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
	"github.com/torchlower/torchlower/ir/asm"
	"github.com/torchlower/torchlower/torch"
)

// The lit files testdata/elementwise.mlir and elementwise_invalid.mlir are
// the tests of the ops; the tests here cover the helpers that other
// families call (buildElementwise, ewConvert, the broadcasting rules).

const ewDyn = ir.Dynamic

func TestEwBroadcastShape(t *testing.T) {
	for _, c := range []struct {
		in   [][]int64
		want []int64 // nil: an error
	}{
		{[][]int64{{2, 3}, {3}}, []int64{2, 3}},
		{[][]int64{{4, 1}, {1, 5}}, []int64{4, 5}},
		{[][]int64{{}, {2}}, []int64{2}},
		{[][]int64{{}, {}}, []int64{}},
		{[][]int64{{ewDyn, 3}, {3}}, []int64{ewDyn, 3}},
		{[][]int64{{1, 3}, {ewDyn, 1}}, []int64{ewDyn, 3}},
		{[][]int64{{ewDyn}, {5}}, []int64{5}},
		{[][]int64{{2, 3}, {4}}, nil},
		{[][]int64{{2, 1, 3}, {4, 1}, {7, 1, 1, 1}}, []int64{7, 2, 4, 3}},
	} {
		got, err := ewBroadcastShape(c.in...)
		if c.want == nil {
			if err == nil {
				t.Errorf("ewBroadcastShape(%v) = %v, want an error", c.in, got)
			}
			continue
		}
		if err != nil || ewShapeString(got) != ewShapeString(c.want) {
			t.Errorf("ewBroadcastShape(%v) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
}

func TestEwBroadcastMap(t *testing.T) {
	for _, c := range []struct {
		in, out []int64
		want    string // "" : an error
	}{
		{[]int64{2, 3}, []int64{2, 3}, "(d0, d1) -> (d0, d1)"},
		{[]int64{3}, []int64{2, 3}, "(d0, d1) -> (d1)"},
		{[]int64{1, 3}, []int64{2, 3}, "(d0, d1) -> (0, d1)"},
		{[]int64{}, []int64{2, 3}, "(d0, d1) -> ()"},
		{[]int64{1}, []int64{ewDyn}, "(d0) -> (0)"},
		{[]int64{ewDyn, 3}, []int64{ewDyn, 3}, "(d0, d1) -> (d0, d1)"},
		{[]int64{ewDyn}, []int64{4}, "(d0) -> (d0)"},
		{[]int64{2}, []int64{3}, ""},
		{[]int64{2, 3}, []int64{3}, ""},
	} {
		m, err := ewBroadcastMap(c.in, c.out)
		switch {
		case c.want == "" && err == nil:
			t.Errorf("ewBroadcastMap(%v, %v) = %s, want an error", c.in, c.out, m)
		case c.want != "" && (err != nil || m.String() != c.want):
			t.Errorf("ewBroadcastMap(%v, %v) = %s, %v; want %s", c.in, c.out, m, err, c.want)
		}
	}
}

// ewTestFuncs parses one function per (input types, result type) whose
// body is `return %arg0`, for a test to fill: fill gets a builder before
// the return and the arguments, and returns the value to return.
func ewTestFuncs(t *testing.T, sigs [][2]string, fill func(i int, b *ir.Builder, args []*ir.Value) *ir.Value) *ir.Operation {
	t.Helper()
	var sb strings.Builder
	for i, s := range sigs {
		ins := strings.Split(s[0], ";")
		var args []string
		for j, in := range ins {
			args = append(args, fmt.Sprintf("%%a%d: %s", j, in))
		}
		fmt.Fprintf(&sb, "func.func @f%d(%s) -> %s {\n  return %%a0 : %s\n}\n", i, strings.Join(args, ", "), s[1], ins[0])
	}
	ctx := newContext()
	m, err := asm.Parse(ctx, sb.String(), asm.Options{FileName: "test.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	var rets []*ir.Operation
	m.Walk(ir.PreOrder, func(o *ir.Operation) {
		if o.Name == fn.Return {
			rets = append(rets, o)
		}
	})
	b := ir.NewBuilder(ctx)
	for i, r := range rets {
		b.SetInsertionPointBefore(r)
		blk := r.Block()
		r.SetOperand(0, fill(i, b, blk.Args()))
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify: %v\n%s", err, ir.Sprint(m, ir.PrintOptions{}))
	}
	return m
}

// TestEwConvertAllPairs converts between every two supported dtypes with
// buildElementwise and has the IR verified, here and, when it is
// installed, by upstream mlir-opt.
func TestEwConvertAllPairs(t *testing.T) {
	dtypes := []ir.Type{ir.F16T, ir.BF16T, ir.F32T, ir.F64T, torch.DtypeBool, torch.DtypeUI8,
		torch.DtypeSI8, torch.DtypeSI16, torch.DtypeSI32, torch.DtypeSI64}
	var sigs [][2]string
	var pairs [][2]ir.Type
	for _, from := range dtypes {
		for _, to := range dtypes {
			pairs = append(pairs, [2]ir.Type{from, to})
			sigs = append(sigs, [2]string{ir.Tensor(ewBuiltinElem(from), 4).String(), ir.Tensor(ewBuiltinElem(to), 4).String()})
		}
	}
	m := ewTestFuncs(t, sigs, func(i int, b *ir.Builder, args []*ir.Value) *ir.Value {
		from, to := pairs[i][0], pairs[i][1]
		v, err := buildElementwise(b, ir.UnknownLoc{}, ewSpec{
			Result: ir.Tensor(ewBuiltinElem(to), 4), Dtype: to,
			Inputs: []ewInput{{Value: args[0], Dtype: from, As: to}},
			Body:   func(b *ir.Builder, a []*ir.Value) *ir.Value { return a[0] },
		})
		if err != nil {
			t.Fatalf("%s → %s: %v", from, to, err)
		}
		return v
	})
	if irtest.HaveMLIROpt() {
		irtest.MLIROpt(t, ir.Sprint(m, ir.PrintOptions{}), "--verify-each")
	}
}

// TestBuildElementwiseCustomMap is the use other families make of the
// helper: a per-channel operand read through an explicit map (not
// PyTorch broadcasting), a scalar converted once before the generic, and a
// dynamic batch sized from the operand that has it.
func TestBuildElementwiseCustomMap(t *testing.T) {
	sigs := [][2]string{{"tensor<?x3x4xbf16>;tensor<3xf32>", "tensor<?x3x4xbf16>"}}
	m := ewTestFuncs(t, sigs, func(_ int, b *ir.Builder, args []*ir.Value) *ir.Value {
		loc := ir.UnknownLoc{}
		channel := affine.NewMap(3, 0, affine.Dim(1))
		eps := arith.ConstantFloat(b, loc, 1e-5, ir.F64T.(ir.FloatType))
		v, err := buildElementwise(b, loc, ewSpec{
			Result: ir.Tensor(ir.BF16T, ewDyn, 3, 4),
			Inputs: []ewInput{
				{Value: args[0], As: ewOpmathType(ir.BF16T)},
				{Value: args[1], Map: &channel},
				{Value: eps, As: ir.F32T},
			},
			Body: func(b *ir.Builder, a []*ir.Value) *ir.Value {
				return arith.Binary(b, loc, arith.MulF, a[0], arith.Binary(b, loc, arith.AddF, a[1], a[2]))
			},
		})
		if err != nil {
			t.Fatal(err)
		}
		return v
	})
	got := ir.Sprint(m, ir.PrintOptions{})
	for _, want := range []string{
		"affine_map<(d0, d1, d2) -> (d1)>",                  // the channel map as given
		"arith.truncf %cst : f64 to f32",                    // the scalar, converted before the generic
		"%dim = tensor.dim %arg0, %c0 : tensor<?x3x4xbf16>", // the batch, from the operand
		"tensor.empty(%dim) : tensor<?x3x4xbf16>",
		"arith.extf %in : bf16 to f32",  // As: the opmath type
		"arith.truncf %5 : f32 to bf16", // the body's f32 value, rounded to the result once
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in:\n%s", want, got)
		}
	}
	if irtest.HaveMLIROpt() {
		irtest.MLIROpt(t, got, "--verify-each")
	}
}

// TestBuildElementwiseMalformed: broken specs are errors, not panics.
func TestBuildElementwiseMalformed(t *testing.T) {
	sigs := [][2]string{{"tensor<2x3xf32>", "tensor<2x3xf32>"}}
	ewTestFuncs(t, sigs, func(_ int, b *ir.Builder, args []*ir.Value) *ir.Value {
		loc := ir.UnknownLoc{}
		bad := affine.NewMap(1, 0, affine.Dim(0))
		id := func(b *ir.Builder, a []*ir.Value) *ir.Value { return a[0] }
		for _, s := range []ewSpec{
			{Result: ir.Tensor(ir.F32T, 2, 3), Inputs: []ewInput{{Value: args[0], Map: &bad}}, Body: id},
			{Result: ir.Tensor(ir.F32T, 4, 3), Inputs: []ewInput{{Value: args[0]}}, Body: id},
			{Result: ir.Tensor(ir.F32T, ewDyn, 3), Inputs: []ewInput{{Value: args[0], Map: &bad}}, Body: id},
			{Result: ir.Tensor(ir.F32T, 2, 3), Inputs: []ewInput{{}}, Body: id},
			{Result: ir.Tensor(ir.F32T, 2, 3), Inputs: []ewInput{{Value: args[0]}},
				Body: func(*ir.Builder, []*ir.Value) *ir.Value { return nil }},
		} {
			if _, err := buildElementwise(b, loc, s); err == nil {
				t.Errorf("buildElementwise(%+v) succeeded", s)
			}
		}
		return args[0]
	})
}
