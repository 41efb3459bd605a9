package torch_test

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/torch"
	"github.com/torchlower/torchlower/torch/opgen"
)

// TestGeneratedUpToDate regenerates ops_gen.go from schemas.txt in memory
// and fails when the committed file differs: run `go run ./tools/opgen`
// (or `go generate ./torch`) after editing schemas.txt.
func TestGeneratedUpToDate(t *testing.T) {
	src, err := os.ReadFile("schemas.txt")
	if err != nil {
		t.Fatal(err)
	}
	want, err := opgen.Generate(src)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("ops_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("ops_gen.go is stale: run `go run ./tools/opgen` from the repository root")
	}
}

// TestSchemaTable checks the table against schemas.txt and the registry:
// every schema is an op of the dialect with the torch-mlir name, and
// LookupSchema finds it by every accepted spelling.
func TestSchemaTable(t *testing.T) {
	ctx := newCtx()
	schemas := torch.Schemas()
	if len(schemas) < 150 {
		t.Errorf("only %d schemas", len(schemas))
	}
	for _, s := range schemas {
		if ctx.Lookup(s.Op) == nil {
			t.Errorf("%s is not registered", s.Op)
		}
		full := s.FullName() // aten::add.Tensor
		for _, name := range []string{s.Op, full, strings.Replace(full, "aten::", "aten.", 1), "torch.ops." + strings.Replace(full, "aten::", "aten.", 1)} {
			if torch.LookupSchema(name) != s {
				t.Errorf("LookupSchema(%q) did not find %s", name, s.Op)
			}
		}
	}
	if torch.LookupSchema("aten::frobnicate") != nil {
		t.Errorf("found a schema for aten::frobnicate")
	}
	cb := torch.LookupSchema("aten::convolution_backward")
	if cb == nil || cb.Op != torch.AtenConvolutionBackward || len(cb.Args) != 11 || len(cb.Returns) != 3 {
		t.Fatalf("convolution_backward schema: %+v", cb)
	}
	if a := cb.Args[3]; a.Name != "bias_sizes" || a.Type.String() != "SymInt[]?" || !a.Type.Optional {
		t.Errorf("bias_sizes: %+v", a)
	}
	if a := cb.Args[10]; a.Type.String() != "bool[3]" || a.Type.Size != 3 {
		t.Errorf("output_mask: %+v", a)
	}
	if !cb.ResultMayBeNone(2) || cb.ArgIndex("groups") != 9 {
		t.Errorf("convolution_backward results/args")
	}
	add := torch.LookupSchema("torch.aten.add.Tensor")
	if alpha := add.Args[2]; !alpha.KwargOnly || alpha.Default != "1" || !alpha.HasDefault {
		t.Errorf("alpha: %+v", alpha)
	}
	if torch.LookupSchema("aten.relu").ResultMayBeNone(0) {
		t.Errorf("relu's result may not be none")
	}
	if s := torch.LookupSchema("aten.add_.Tensor"); s == nil || s.Op != "torch.aten.add_.Tensor" || !s.Mutates() {
		t.Errorf("add_.Tensor: %+v", s)
	}
	if s := torch.LookupSchema("aten.gelu"); s.Args[1].Default != "'none'" {
		t.Errorf("gelu default %q", s.Args[1].Default)
	}
	// Value-semantic ops are Pure; in-place and random ones are not.
	for name, pure := range map[string]bool{torch.AtenAddTensor: true, torch.AtenCopy_: false, torch.AtenNativeDropout: false, torch.AtenBernoulliP: false} {
		if got := ctx.Lookup(name).Traits&ir.Pure != 0; got != pure {
			t.Errorf("%s Pure = %v", name, got)
		}
	}
}

func TestArgTypeAccepts(t *testing.T) {
	vt := torch.VTensor(ir.F32T, 2)
	optInt := torch.OptionalType{Elem: torch.IntType{}}
	cases := []struct {
		at   torch.ArgType
		t    ir.Type
		want bool
	}{
		{torch.ArgType{Base: torch.BaseTensor}, vt, true},
		{torch.ArgType{Base: torch.BaseTensor}, torch.NonValueTensor(ir.F32T, 2), true},
		{torch.ArgType{Base: torch.BaseTensor}, torch.NoneType{}, false},
		{torch.ArgType{Base: torch.BaseTensor, Optional: true}, torch.NoneType{}, true},
		{torch.ArgType{Base: torch.BaseTensor, Optional: true}, torch.OptionalType{Elem: torch.VTensorType{}}, true},
		{torch.ArgType{Base: torch.BaseSymInt}, torch.IntType{}, true},
		{torch.ArgType{Base: torch.BaseScalarType, Optional: true}, torch.IntType{}, true},
		{torch.ArgType{Base: torch.BaseInt, List: true}, torch.ListType{Elem: torch.IntType{}}, true},
		{torch.ArgType{Base: torch.BaseInt, List: true}, torch.IntType{}, false},
		{torch.ArgType{Base: torch.BaseInt, List: true, Optional: true}, torch.NoneType{}, true},
		{torch.ArgType{Base: torch.BaseInt, List: true}, torch.ListType{Elem: optInt}, false},
		{torch.ArgType{Base: torch.BaseBool, List: true, Size: 3}, torch.ListType{Elem: torch.BoolType{}}, true},
		{torch.ArgType{Base: torch.BaseTensor, List: true}, torch.ListType{Elem: torch.VTensorType{}}, true},
		{torch.ArgType{Base: torch.BaseTensor, List: true, ElemOptional: true}, torch.ListType{Elem: torch.OptionalType{Elem: torch.VTensorType{}}}, true},
		{torch.ArgType{Base: torch.BaseTensor, List: true, ElemOptional: true}, torch.ListType{Elem: vt}, true},
		{torch.ArgType{Base: torch.BaseScalar}, torch.FloatType{}, true},
		{torch.ArgType{Base: torch.BaseScalar}, torch.NumberType{}, true},
		{torch.ArgType{Base: torch.BaseScalar}, vt, false},
		{torch.ArgType{Base: torch.BaseFloat}, torch.IntType{}, false},
		{torch.ArgType{Base: torch.BaseStr, Optional: true}, torch.StrType{}, true},
		{torch.ArgType{Base: torch.BaseDevice, Optional: true}, torch.DeviceType{}, true},
		{torch.ArgType{Base: torch.BaseGenerator, Optional: true}, torch.NoneType{}, true},
	}
	for _, c := range cases {
		if got := c.at.Accepts(c.t); got != c.want {
			t.Errorf("%s accepts %s = %v, want %v", c.at, c.t, got, c.want)
		}
	}
	if got := (torch.ArgType{Base: torch.BaseTensor, List: true, ElemOptional: true}).TorchType().String(); got != "!torch.list<optional<vtensor>>" {
		t.Errorf("TorchType = %s", got)
	}
	if got := (torch.ArgType{Base: torch.BaseSymInt, List: true, Optional: true}).TorchType().String(); got != "!torch.optional<list<int>>" {
		t.Errorf("TorchType = %s", got)
	}
}
