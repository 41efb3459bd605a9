package diagverify

import (
	"strings"
	"testing"
)

const src = `func.func @f() {
  %0 = foo // expected-error {{unknown op 'foo'}}
  // expected-warning@+1 {{unused value}}
  %1 = bar
  %2 = baz
  // expected-note@-1 {{see {{here}} and there}}
  // expected-remark@above {{remark on baz}}
  // expected-error@below {{bad qux}}
  // expected-note@below {{qux note}}
  %3 = qux
  %4 = re // expected-error-re {{value {{[0-9]+}} is {{(bad|worse)}}}}
}
`

func TestVerify(t *testing.T) {
	all := []Diagnostic{
		{Line: 2, Col: 8, Severity: "error", Message: "unknown op 'foo' in dialect"},
		{Line: 4, Col: 3, Severity: "warning", Message: "unused value %1"},
		{Line: 5, Col: 3, Severity: "note", Message: "see {{here}} and there"},
		{Line: 5, Col: 3, Severity: "remark", Message: "remark on baz"},
		{Line: 10, Col: 3, Severity: "error", Message: "bad qux"},
		{Line: 10, Col: 3, Severity: "note", Message: "qux note"},
		{Line: 11, Col: 3, Severity: "error", Message: "value 12 is worse"},
	}
	tests := []struct {
		name string
		got  []Diagnostic
		want []string // substrings of the error, one per problem; nil = success
	}{
		{name: "all-matched", got: all},
		{name: "duplicate-diagnostic-matches-same-annotation", got: append(all[:len(all):len(all)], all[0])},
		{name: "missing", got: all[1:], want: []string{`src.mlir:2: error: expected error "unknown op 'foo'" was not produced`}},
		{name: "missing-several", got: all[:1], want: []string{
			`src.mlir:3: error: expected warning "unused value" was not produced`,
			`src.mlir:6: error: expected note "see {{here}} and there" was not produced`,
			`src.mlir:7: error: expected remark "remark on baz" was not produced`,
			`src.mlir:8: error: expected error "bad qux" was not produced`,
			`src.mlir:9: error: expected note "qux note" was not produced`,
			`src.mlir:11: error: expected error "value {{[0-9]+}} is {{(bad|worse)}}" was not produced`,
		}},
		{name: "unexpected", got: append(all[:len(all):len(all)], Diagnostic{Line: 5, Col: 9, Severity: "error", Message: "boom"}),
			want: []string{"src.mlir:5:9: error: unexpected error: boom"}},
		{name: "unexpected-note", got: append(all[:len(all):len(all)], Diagnostic{Line: 1, Col: 1, Severity: "note", Message: "fyi"}),
			want: []string{"src.mlir:1:1: error: unexpected note: fyi"}},
		{name: "wrong-line", got: append(append(all[:0:0], all[0:1]...), Diagnostic{Line: 3, Col: 3, Severity: "warning", Message: "unused value"}),
			want: []string{"src.mlir:3:3: error: unexpected warning: unused value", `expected warning "unused value" was not produced`}},
		{name: "wrong-severity", got: []Diagnostic{{Line: 2, Col: 8, Severity: "warning", Message: "unknown op 'foo'"}},
			want: []string{"src.mlir:2: error: 'warning' diagnostic emitted when expecting a 'error'"}},
		{name: "message-not-substring", got: []Diagnostic{{Line: 2, Col: 8, Severity: "error", Message: "unknown op"}},
			want: []string{"unexpected error: unknown op", `expected error "unknown op 'foo'" was not produced`}},
		{name: "regex-mismatch", got: []Diagnostic{{Line: 11, Col: 3, Severity: "error", Message: "value x is bad"}},
			want: []string{"unexpected error: value x is bad"}},
		{name: "unknown-location", got: append(all[:len(all):len(all)], Diagnostic{Severity: "error", Message: "no loc"}),
			want: []string{"src.mlir:0:0: error: unexpected error: no loc"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := Verify("src.mlir", []byte(src), tc.got)
			if tc.want == nil {
				if err != nil {
					t.Fatalf("unexpected failure:\n%v", err)
				}
				return
			}
			if err == nil {
				t.Fatal("unexpected success")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error does not contain %q:\n%v", w, err)
				}
			}
			if n := strings.Count(err.Error(), "\n") + 1; n < len(tc.want) {
				t.Errorf("got %d problems, want %d:\n%v", n, len(tc.want), err)
			}
		})
	}
}

func TestNoAnnotations(t *testing.T) {
	if err := Verify("x.mlir", []byte("func.func @f()\n"), nil); err != nil {
		t.Fatal(err)
	}
	err := Verify("x.mlir", []byte("func.func @f()\n"), []Diagnostic{{Line: 1, Col: 1, Severity: "error", Message: "oops"}})
	if err == nil || err.Error() != "x.mlir:1:1: error: unexpected error: oops" {
		t.Fatalf("got %v", err)
	}
}

func TestAnnotationSyntax(t *testing.T) {
	tests := []struct {
		src  string
		diag Diagnostic
	}{
		{"x\n// expected-error@-1{{no space}}\n", Diagnostic{Line: 1, Severity: "error", Message: "no space"}},
		{"x // expected-error   {{trailing ws}}  \r\n", Diagnostic{Line: 1, Severity: "error", Message: "trailing ws"}},
		{"// expected-error@above {{first line}}\n", Diagnostic{Line: 1, Severity: "error", Message: "first line"}},
		{"// expected-error@+2 {{two down}}\n\nx\n", Diagnostic{Line: 3, Severity: "error", Message: "two down"}},
		{"x /* expected-warning {{braces }} inside}}\n", Diagnostic{Line: 1, Severity: "warning", Message: "braces }} inside"}},
		{"// expected-error {{}}\n", Diagnostic{Line: 1, Severity: "error", Message: "anything"}},
	}
	for _, tc := range tests {
		if err := Verify("t", []byte(tc.src), []Diagnostic{tc.diag}); err != nil {
			t.Errorf("%q: %v", tc.src, err)
		}
	}
	// Not annotations: text after the closing braces, or a misspelled kind.
	for _, src := range []string{"// expected-error {{msg}} trailing\n", "// expected-fatal {{msg}}\n"} {
		if err := Verify("t", []byte(src), nil); err != nil {
			t.Errorf("%q: %v", src, err)
		}
	}
	if err := Verify("t", []byte("// expected-error-re {{bad {{(}}}}\n"), nil); err == nil || !strings.Contains(err.Error(), "t:1: error: invalid regex") {
		t.Errorf("invalid -re regex: got %v", err)
	}
}
