package opgen

import (
	"strings"
	"testing"
)

func TestParseSchema(t *testing.T) {
	s, err := ParseSchema("aten::split_with_sizes(Tensor(a -> *) self, SymInt[] split_sizes, int dim=0) -> Tensor(a)[]")
	if err != nil {
		t.Fatal(err)
	}
	if s.Name != "split_with_sizes" || s.Overload != "" || len(s.Args) != 3 || len(s.Returns) != 1 {
		t.Fatalf("%+v", s)
	}
	if a := s.Args[0].Type; a.Base != "Tensor" || a.Alias != "a -> *" {
		t.Errorf("self: %+v", a)
	}
	if r := s.Returns[0].Type; !r.List || r.Alias != "a" {
		t.Errorf("return: %+v", r)
	}

	s, err = ParseSchema(`gelu_backward(Tensor grad_output, Tensor self, *, str approximate='none') -> Tensor`)
	if err != nil {
		t.Fatal(err)
	}
	if a := s.Args[2]; !a.KwargOnly || a.Default != "'none'" || a.Name != "approximate" {
		t.Errorf("approximate: %+v", a)
	}

	s, err = ParseSchema("index_put(Tensor self, Tensor?[] indices, Tensor values, bool accumulate=False) -> Tensor")
	if err != nil {
		t.Fatal(err)
	}
	if a := s.Args[1].Type; !a.List || !a.ElemOptional || a.Optional {
		t.Errorf("indices: %+v", a)
	}

	s, err = ParseSchema("max.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)")
	if err != nil {
		t.Fatal(err)
	}
	if s.Overload != "dim" || s.Returns[1].Name != "indices" {
		t.Errorf("%+v", s)
	}

	s, err = ParseSchema("amax(Tensor self, int[1] dim=[], bool keepdim=False) -> Tensor")
	if err != nil {
		t.Fatal(err)
	}
	if a := s.Args[1]; a.Type.Size != 1 || a.Default != "[]" {
		t.Errorf("dim: %+v", a)
	}

	s, err = ParseSchema("conv2d(Tensor input, Tensor weight, Tensor? bias=None, SymInt[2] stride=[1, 1], str padding=\"valid, odd\") -> Tensor")
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Args) != 5 || s.Args[3].Default != "[1, 1]" || s.Args[4].Default != `"valid, odd"` {
		t.Errorf("defaults with commas: %+v", s.Args)
	}

	s, err = ParseSchema("_assert_async(Tensor self) -> ()")
	if err != nil || len(s.Returns) != 0 {
		t.Errorf("no returns: %+v %v", s, err)
	}
}

func TestParseSchemaErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"relu", "expected `name(args) -> returns`"},
		{"relu(Tensor self", "unbalanced"},
		{"relu(Tensor self)", "expected '->'"},
		{"relu(Tensor self) -> Complex", "unsupported type"},
		{"relu(Tensor) -> Tensor", "argument without a name"},
		{"relu(Tensor self) -> Tensor x=1", "a return cannot have a default"},
		{"relu(complex self) -> Tensor", `unsupported type "complex"`},
		{"relu(int[x] self) -> Tensor", "invalid list size"},
		{"re-lu(Tensor self) -> Tensor", "invalid operator name"},
		{"relu(Tensor self) -> (Tensor) junk", "unexpected text after returns"},
	} {
		if _, err := ParseSchema(c.in); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseSchema(%q) error %v, want %q", c.in, err, c.want)
		}
	}
}

func TestParseFileErrors(t *testing.T) {
	if _, err := ParseFile([]byte("relu(Tensor self) -> Tensor\n# c\n\nrelu(Tensor self) -> Tensor\n")); err == nil || !strings.Contains(err.Error(), "schemas.txt:4: torch.aten.relu already declared on line 1") {
		t.Errorf("duplicate: %v", err)
	}
	if _, err := ParseFile([]byte("relu(Tensor self) -> Tensor\nrelu(Tensor self, int x) -> ")); err == nil || !strings.Contains(err.Error(), "schemas.txt:2") {
		t.Errorf("line number: %v", err)
	}
}

func TestGoName(t *testing.T) {
	for in, want := range map[string]string{
		"add.Tensor(Tensor self) -> Tensor":              "AtenAddTensor",
		"add_.Tensor(Tensor self) -> Tensor":             "AtenAdd_Tensor",
		"_log_softmax(Tensor self) -> Tensor":            "Aten_LogSoftmax",
		"__and__.Tensor(Tensor self) -> Tensor":          "Aten__And__Tensor",
		"sum.dim_IntList(Tensor self) -> Tensor":         "AtenSumDimIntList",
		"max_pool2d_with_indices(Tensor self) -> Tensor": "AtenMaxPool2dWithIndices",
		"convolution_backward(Tensor self) -> Tensor":    "AtenConvolutionBackward",
		"pow.Tensor_Scalar(Tensor self) -> Tensor":       "AtenPowTensorScalar",
		"_softmax_backward_data(Tensor self) -> Tensor":  "Aten_SoftmaxBackwardData",
	} {
		s, err := ParseSchema(in)
		if err != nil {
			t.Fatal(err)
		}
		if got := GoName(s); got != want {
			t.Errorf("GoName(%s) = %s, want %s", in, got, want)
		}
	}
}

func TestGenerateHeaderAndPurity(t *testing.T) {
	out, err := Generate([]byte("relu(Tensor self) -> Tensor\nrelu_(Tensor(a!) self) -> Tensor(a!)\n"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(out)
	if !strings.HasPrefix(text, Header+"\n") {
		t.Errorf("missing header")
	}
	if !strings.Contains(text, `{Name: AtenRelu, Summary: "aten::relu(Tensor self) -> Tensor", Traits: ir.Pure,`) ||
		strings.Contains(text, `{Name: AtenRelu_, Summary: "aten::relu_(Tensor(a!) self) -> Tensor(a!)", Traits`) {
		t.Errorf("traits wrong:\n%s", text)
	}
}
