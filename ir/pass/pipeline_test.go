package pass

import (
	"strings"
	"testing"

	"github.com/torchlower/torchlower/ir"
)

func testRegistry() *Registry {
	nop := func(*ir.Operation, *Context) error { return nil }
	r := NewRegistry(
		&Def{Name: "canonicalize", Options: []Option{{Name: "max-iterations", Default: "10"}}, Run: nop},
		&Def{Name: "cse", Run: nop},
		&Def{Name: "symbol-dce", Run: nop},
	)
	r.AddPipeline("cleanup", "canonicalize then cse", "canonicalize,cse")
	return r
}

func TestParsePipeline(t *testing.T) {
	r := testRegistry()
	cases := []struct{ in, want string }{
		{"", ""},
		{"cse", "cse"},
		{"canonicalize, cse", "canonicalize,cse"},
		{"canonicalize{max-iterations=3},cse", "canonicalize{max-iterations=3},cse"},
		{"canonicalize{max-iterations=10}", "canonicalize"},
		{"builtin.module(func.func(canonicalize,cse),symbol-dce)", "func.func(canonicalize,cse),symbol-dce"},
		{"cleanup,symbol-dce", "canonicalize,cse,symbol-dce"},
	}
	for _, c := range cases {
		pl, err := r.Parse(c.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.in, err)
			continue
		}
		if got := pl.String(); got != c.want {
			t.Errorf("Parse(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestParsePipelineErrors(t *testing.T) {
	r := testRegistry()
	cases := map[string]string{
		"nope":                        "'nope' does not refer to a registered pass",
		"cse,":                        "expected pass or pipeline name",
		"func.func(cse":               "expected ')'",
		"canonicalize{max-iterations": "expected '}'",
		"canonicalize{bogus=1}":       "has no option 'bogus'",
		"cse)":                        "unexpected ')'",
	}
	for in, want := range cases {
		_, err := r.Parse(in)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Parse(%q) error = %v, want it to contain %q", in, err, want)
		}
	}
}

func TestOptionsTyped(t *testing.T) {
	r := testRegistry()
	pl, err := r.Parse("canonicalize{max-iterations=x}")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pl.Entries[0].Options.Int("max-iterations"); err == nil {
		t.Error("non-integer option value must be an error")
	}
}
