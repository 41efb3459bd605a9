package lit

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// fakeTools stand in for the real CLI.
var fakeTools = map[string]Tool{
	// echo-code prints the file named by its first argument without its
	// "//" comment lines (so CHECK lines do not match themselves). Flags:
	// --fail exits with 1 and an error, --panic crashes.
	"echo-code": func(args []string, stdin []byte) ([]byte, []byte, int) {
		if len(args) == 0 {
			return nil, []byte("echo-code: missing file"), 2
		}
		for _, a := range args[1:] {
			switch a {
			case "--fail":
				return []byte("partial output\n"), []byte("echo-code: error: requested failure\n"), 1
			case "--panic":
				panic("echo-code: requested panic")
			}
		}
		src, err := os.ReadFile(args[0])
		if err != nil {
			return nil, []byte(err.Error()), 1
		}
		var out bytes.Buffer
		for _, l := range strings.SplitAfter(string(src), "\n") {
			if !strings.HasPrefix(strings.TrimSpace(l), "//") {
				out.WriteString(l)
			}
		}
		return out.Bytes(), nil, 0
	},
	// args prints each argument in brackets, one per line.
	"args": func(args []string, stdin []byte) ([]byte, []byte, int) {
		var out bytes.Buffer
		for _, a := range args {
			fmt.Fprintf(&out, "[%s]\n", a)
		}
		return out.Bytes(), nil, 0
	},
	// cat copies its input.
	"cat": func(args []string, stdin []byte) ([]byte, []byte, int) {
		return stdin, nil, 0
	},
}

func TestRun(t *testing.T) {
	Run(t, filepath.Join("testdata", "pass"), fakeTools)
}

func TestDiscover(t *testing.T) {
	files, err := discover(filepath.Join("testdata", "pass"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range files {
		names = append(names, f.name)
	}
	want := []string{"basic", "nested/prefixes", "norun", "not", "quotes"}
	if !reflect.DeepEqual(names, want) {
		t.Errorf("got %q, want %q", names, want)
	}
}

func TestFailures(t *testing.T) {
	tests := []struct {
		file string
		want []string // substrings of the failure messages, in order
	}{
		{"exit", []string{"exit.mlir:1: RUN: echo-code %s --fail", "exited with code 1", "echo-code: error: requested failure"}},
		{"not-succeeds", []string{"not-succeeds.mlir:1:", "succeeded, but was expected to fail"}},
		{"check", []string{"check.mlir:1: RUN:", "`FileCheck", "exited with code 1", "check.mlir:5:16: error: CHECK-NEXT: expected string not found in input",
			"<stdin>:1:6: note: scanning from here", "<stdin>:2: second", "input to FileCheck", "   2: second"}},
		{"unknown", []string{`unknown command "frobnicate" (known: FileCheck, args, cat, echo-code, not)`}},
		{"panic", []string{"crashed: panic: echo-code: requested panic"}},
		{"redirect", []string{"redirect.mlir:1:", "unsupported redirection"}},
		{"multi", []string{"multi.mlir:2: RUN:", "ALSO: expected string not found", "multi.mlir:3: RUN:", "exited with code 1"}},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			path := filepath.Join("testdata", "fail", tc.file+".mlir")
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			got := strings.Join(runFile(path, parseRunLines(src), t.TempDir(), fakeTools), "\n")
			rest := got
			for _, w := range tc.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("failure message lacks %q (in order):\n%s", w, got)
				}
				rest = rest[i+len(w):]
			}
		})
	}
}

func TestParseRunLines(t *testing.T) {
	src := "// RUN: a \\\n// RUN:   b | c\nx\n// RUN: d \\\n\n// RUN: e\n"
	got := parseRunLines([]byte(src))
	want := []runLine{{1, "a b | c"}, {4, "d"}, {6, "e"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v, want %+v", got, want)
	}
}

func TestSplitPipeline(t *testing.T) {
	tests := []struct {
		in   string
		want [][]string
		err  string
	}{
		{in: "tool a  b", want: [][]string{{"tool", "a", "b"}}},
		{in: "tool 'x | y' | FileCheck %s", want: [][]string{{"tool", "x | y"}, {"FileCheck", "%s"}}},
		{in: `tool "a \"b\" \n" c\ d ''`, want: [][]string{{"tool", `a "b" \n`, "c d", ""}}},
		{in: "not tool 2>&1|FileCheck", want: [][]string{{"not", "tool", mergeStderrWord}, {"FileCheck"}}},
		{in: "tool tensor<4xf32>", want: [][]string{{"tool", "tensor<4xf32>"}}},
		{in: "tool 'a", err: "unterminated single quote"},
		{in: `tool "a`, err: "unterminated double quote"},
		{in: "tool | | x", err: "empty pipeline stage"},
		{in: "tool 2>/dev/null", err: "unsupported redirection"},
		{in: "tool && other", err: "unsupported shell syntax"},
	}
	for _, tc := range tests {
		got, err := splitPipeline(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: got error %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q: got %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
}

func TestDiscoverSkipsNestedSuites(t *testing.T) {
	files, err := discover(".")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 0 {
		t.Errorf("testdata has a %s and must be skipped, found %v", suiteMarker, files)
	}
	// The marker does not apply to the directory being run itself.
	files, err = discover("testdata")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Error("no files found when running the suite root itself")
	}
}
