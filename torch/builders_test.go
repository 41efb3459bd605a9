package torch_test

import (
	"os"
	"strings"
	"testing"

	fn "github.com/torchlower/torchlower/dialect/func"
	"github.com/torchlower/torchlower/internal/irtest"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/torch"
)

// TestBuildConvBackward builds the first program of
// testdata/conv_backward.mlir with the builders, the way the importer
// does (one constant per literal, in schema-argument order), and checks
// that it prints exactly as that file.
func TestBuildConvBackward(t *testing.T) {
	ctx := newCtx()
	f32 := ir.F32T
	in := []ir.Type{torch.VTensor(f32, 1, 2, 4, 4), torch.VTensor(f32, 1, 2, 8, 8), torch.VTensor(f32, 2, 2, 3, 3)}
	outs := []ir.Type{torch.VTensor(f32, 1, 2, 8, 8), torch.VTensor(f32, 2, 2, 3, 3), torch.VTensor(f32, 2)}
	m := ir.NewModule(ctx, nil)
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(ir.Body(m))
	f := fn.NewFunc(b, nil, "main", ir.FunctionType{Inputs: in, Results: outs})
	args := fn.Body(f).Args()
	b.SetInsertionPointToEnd(fn.Body(f))
	ints := func(vs ...int64) *ir.Value {
		var es []*ir.Value
		for _, v := range vs {
			es = append(es, torch.ConstantInt(b, nil, v))
		}
		return torch.ListConstruct(b, nil, torch.IntType{}, es)
	}
	biasSizes := ints(2)
	stride := ints(2, 2)
	padding := ints(1, 1)
	dilation := ints(1, 1)
	transposed := torch.ConstantBool(b, nil, false)
	outputPadding := ints(0, 0)
	groups := torch.ConstantInt(b, nil, 1)
	var mask []*ir.Value
	for range 3 {
		mask = append(mask, torch.ConstantBool(b, nil, true))
	}
	outputMask := torch.ListConstruct(b, nil, torch.BoolType{}, mask)
	op, err := torch.AtenOp(b, nil, "aten.convolution_backward",
		[]*ir.Value{args[0], args[1], args[2], biasSizes, stride, padding, dilation, transposed, outputPadding, groups, outputMask}, outs)
	if err != nil {
		t.Fatal(err)
	}
	fn.NewReturn(b, nil, op.Results()...)
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile("testdata/conv_backward.mlir")
	if err != nil {
		t.Fatal(err)
	}
	chunks, _ := irtest.SplitInput(string(data))
	want := stripComments(chunks[0])
	if got := strings.TrimSpace(ir.Sprint(m, ir.PrintOptions{})); got != want {
		t.Errorf("built program prints differently\n--- want\n%s\n--- got\n%s", want, got)
	}
}

func TestBuildConstantsAndLiteral(t *testing.T) {
	ctx := newCtx()
	m := ir.NewModule(ctx, nil)
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(ir.Body(m))
	f := fn.NewFunc(b, nil, "f", ir.FunctionType{})
	b.SetInsertionPointToEnd(fn.Body(f))
	torch.ConstantFloat(b, nil, 1e-5)
	torch.ConstantNone(b, nil)
	torch.ConstantStr(b, nil, "tanh")
	torch.ConstantDevice(b, nil, "cpu")
	torch.ListConstruct(b, nil, torch.IntType{}, nil)
	tt := ir.Tensor(ir.F32T, 2)
	dense, err := ir.NewDenseFloats(tt, []float64{1, 2})
	if err != nil {
		t.Fatal(err)
	}
	torch.VTensorLiteral(b, nil, dense, torch.VTensor(ir.F32T, 2))
	res, err := ir.NewDenseResource("torch_tensor_2_torch.float32", tt, make([]byte, 8))
	if err != nil {
		t.Fatal(err)
	}
	torch.VTensorLiteral(b, nil, res, torch.VTensor(ir.F32T, 2))
	i := torch.ConstantInt(b, nil, 3)
	torch.Derefine(b, nil, i, torch.OptionalType{Elem: torch.IntType{}})
	torch.Operator(b, nil, "torch.custom.op", []*ir.Value{i}, []ir.Type{torch.NoneType{}})
	fn.NewReturn(b, nil)
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	got := ir.Sprint(m, ir.PrintOptions{})
	for _, want := range []string{
		`%float1.000000e-05 = torch.constant.float 1.000000e-05`,
		`%none = torch.constant.none`,
		`%str = torch.constant.str "tanh"`,
		`%cpu = torch.constant.device "cpu"`,
		`%0 = torch.prim.ListConstruct  : () -> !torch.list<int>`,
		`%1 = torch.vtensor.literal(dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>) : !torch.vtensor<[2],f32>`,
		`%2 = torch.vtensor.literal(dense_resource<torch_tensor_2_torch.float32> : tensor<2xf32>) : !torch.vtensor<[2],f32>`,
		`%3 = torch.derefine %int3 : !torch.int to !torch.optional<int>`,
		`%4 = torch.operator "torch.custom.op"(%int3) : (!torch.int) -> !torch.none`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
	irtest.RoundTrip(t, ctx, "built", got)
}

func TestAtenOpErrors(t *testing.T) {
	ctx := newCtx()
	m := ir.NewModule(ctx, nil)
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(ir.Body(m))
	f := fn.NewFunc(b, nil, "f", ir.FunctionType{Inputs: []ir.Type{torch.VTensor(ir.F32T, 2)}})
	x := fn.Body(f).Arg(0)
	b.SetInsertionPointToEnd(fn.Body(f))
	vt := torch.VTensor(ir.F32T, 2)
	for _, c := range []struct {
		name     string
		operands []*ir.Value
		results  []ir.Type
		want     string
	}{
		{"aten.frobnicate", []*ir.Value{x}, []ir.Type{vt}, "unknown aten op 'torch.aten.frobnicate'"},
		{"aten.add.Tensor", []*ir.Value{x, x}, []ir.Type{vt}, "'torch.aten.add.Tensor' takes 3 operands (self, other, alpha), got 2"},
		{"aten.relu", []*ir.Value{x}, nil, "'torch.aten.relu' has 1 results, got 0 result types"},
		{"aten.relu", []*ir.Value{nil}, []ir.Type{vt}, "operand #0 (self) is nil"},
		{"aten.relu", []*ir.Value{x}, []ir.Type{nil}, "result type #0 is nil"},
	} {
		_, err := torch.AtenOp(b, nil, c.name, c.operands, c.results)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("AtenOp(%s): error %v, want %q", c.name, err, c.want)
		}
	}
	if fn.Body(f).Len() != 0 {
		t.Errorf("failed AtenOp calls inserted ops")
	}
	// Every accepted spelling of a name builds the same op.
	for _, name := range []string{"aten.relu", "torch.aten.relu", "aten::relu", "torch.ops.aten.relu.default", "aten.relu.default"} {
		op, err := torch.AtenOp(b, nil, name, []*ir.Value{x}, []ir.Type{vt})
		if err != nil || op.Name != torch.AtenRelu {
			t.Errorf("AtenOp(%q) = %v, %v", name, op, err)
		}
	}
	// A context without the torch dialect is refused instead of building
	// an unregistered op.
	other := ir.NewBuilder(ir.NewContext(fn.Dialect))
	if _, err := torch.AtenOp(other, nil, "aten.relu", []*ir.Value{x}, []ir.Type{vt}); err == nil {
		t.Errorf("AtenOp in a context without torch succeeded")
	}
}

func TestMaterializeConstant(t *testing.T) {
	ctx := newCtx()
	m := ir.NewModule(ctx, nil)
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(ir.Body(m))
	mat := torch.Dialect.MaterializeConstant
	dense, _ := ir.NewDenseFloats(ir.Tensor(ir.F32T, 2), []float64{1, 2})
	for _, c := range []struct {
		value ir.Attribute
		t     ir.Type
		want  string // op name, "" for none
	}{
		{ir.I64Attr(3), torch.IntType{}, torch.ConstantIntOp},
		{ir.IntegerAttr{Value: 3, Type: ir.I32}, torch.IntType{}, torch.ConstantIntOp},
		{ir.FloatAttr{Value: 2, Type: ir.FloatType{Kind: ir.F32}}, torch.FloatType{}, torch.ConstantFloatOp},
		{ir.BoolAttr(true), torch.BoolType{}, torch.ConstantBoolOp},
		{ir.IntegerAttr{Value: 1, Type: ir.I1}, torch.BoolType{}, torch.ConstantBoolOp},
		{ir.UnitAttr{}, torch.NoneType{}, torch.ConstantNoneOp},
		{ir.StringAttr("s"), torch.StrType{}, torch.ConstantStrOp},
		{dense, torch.VTensor(ir.F32T, 2), torch.VTensorLiteralOp},
		{dense, torch.VTensor(ir.F32T, 3), ""},
		{dense, torch.NonValueTensor(ir.F32T, 2), ""},
		{ir.StringAttr("s"), torch.IntType{}, ""},
	} {
		op := mat(b, c.value, c.t, nil)
		got := ""
		if op != nil {
			got = op.Name
			if err := ir.Verify(op); err != nil {
				t.Errorf("materialized %s does not verify: %v", got, err)
			}
		}
		if got != c.want {
			t.Errorf("materialize %s as %s: got %q, want %q", c.value, c.t, got, c.want)
		}
	}
}
