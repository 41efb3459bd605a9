package module

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestGeneratedCodeIsCurrent runs flatc on the committed schema, as go
// generate does, and fails when its output differs from the committed Go
// code in internal/fb (a schema edited without regenerating, or the other
// way round). CI installs flatc (Debian's flatbuffers-compiler); without
// it the test skips.
func TestGeneratedCodeIsCurrent(t *testing.T) {
	flatc, err := exec.LookPath("flatc")
	if err != nil {
		t.Skip("flatc not found (apt-get install flatbuffers-compiler): cannot check internal/fb against tlm.fbs")
	}
	out := t.TempDir()
	cmd := exec.Command(flatc, "--go", "--go-namespace", "fb", "-o", out, filepath.Join("internal", "fb", "tlm.fbs"))
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("flatc: %v\n%s", err, b)
	}
	gen, _ := filepath.Glob(filepath.Join(out, "fb", "*.go"))
	have, _ := filepath.Glob(filepath.Join("internal", "fb", "*.go"))
	names := func(ps []string) []string {
		var ns []string
		for _, p := range ps {
			ns = append(ns, filepath.Base(p))
		}
		slices.Sort(ns)
		return ns
	}
	if g, h := names(gen), names(have); !slices.Equal(g, h) {
		t.Fatalf("flatc generates %v, internal/fb holds %v: run go generate ./module", g, h)
	}
	if len(gen) == 0 {
		t.Fatal("flatc generated no Go files")
	}
	for _, g := range gen {
		want, _ := os.ReadFile(g)
		got, err := os.ReadFile(filepath.Join("internal", "fb", filepath.Base(g)))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("internal/fb/%s is stale: run go generate ./module", filepath.Base(g))
		}
	}
}

// TestVerifierMatchesSchema checks verify.go's description of each table
// against tlm.fbs: the same fields, in the same order, of the same kinds
// and sizes. A field the verifier does not know is one it cannot check.
func TestVerifierMatchesSchema(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("internal", "fb", "tlm.fbs"))
	if err != nil {
		t.Fatal(err)
	}
	// Drop comments, then read each table's fields.
	text := regexp.MustCompile(`//[^\n]*`).ReplaceAllString(string(src), "")
	structs := map[string]int{"DynOffset": 24, "ScalarArg": 16}
	scalars := map[string]int{"bool": 1, "ubyte": 1, "BufferKind": 1, "StepKind": 1, "ValueKind": 1, "int": 4, "uint": 4, "long": 8, "double": 8}
	tables := map[string]*tableType{}
	for _, tt := range []*tableType{tProducer, tTensorType, tEntryPoint, tBuffer, tView, tInstr, tStep, tPlan, tConstant, tKernel, tModule} {
		tables[tt.name] = tt
	}
	seen := 0
	for _, m := range regexp.MustCompile(`(?s)table\s+(\w+)\s*\{(.*?)\}`).FindAllStringSubmatch(text, -1) {
		tt := tables[m[1]]
		if tt == nil {
			t.Errorf("table %s of the schema is not described in verify.go", m[1])
			continue
		}
		seen++
		var fields []string
		for _, line := range strings.Split(m[2], ";") {
			if line = strings.TrimSpace(line); line != "" {
				fields = append(fields, line)
			}
		}
		if len(fields) != len(tt.fields) {
			t.Errorf("table %s: %d fields in the schema, %d in verify.go", tt.name, len(fields), len(tt.fields))
			continue
		}
		for i, line := range fields {
			name, typ, _ := strings.Cut(line, ":")
			name = strings.TrimSpace(name)
			typ = strings.TrimSpace(strings.Split(typ, "=")[0])
			f := tt.fields[i]
			var kind fieldKind
			size := 0
			switch {
			case typ == "string":
				kind = fString
			case typ == "[string]":
				kind = fStrings
			case strings.HasPrefix(typ, "["):
				el := strings.Trim(typ, "[]")
				if n, ok := scalars[el]; ok {
					kind, size = fVector, n
				} else if n, ok := structs[el]; ok {
					kind, size = fVector, n
				} else {
					kind = fTables
				}
			case scalars[typ] > 0:
				kind, size = fScalar, scalars[typ]
			default:
				kind = fTable
			}
			if f.name != name || f.kind != kind || f.size != size || (f.sub != nil && f.sub.name != strings.Trim(typ, "[]")) {
				t.Errorf("table %s field %d: schema has %s: %s, verify.go has %s (kind %d size %d)", tt.name, i, name, typ, f.name, f.kind, f.size)
			}
		}
	}
	if seen != len(tables) {
		t.Errorf("verify.go describes %d tables, the schema has %d of them", len(tables), seen)
	}
}
