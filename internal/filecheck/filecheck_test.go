package filecheck

import (
	"errors"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestCheck(t *testing.T) {
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := Check([]byte(tc.check), "check.txt", []byte(tc.input), tc.opts)
			switch {
			case tc.pass && err != nil:
				t.Fatalf("unexpected failure:\n%v", err)
			case !tc.pass && err == nil:
				t.Fatalf("unexpected success")
			case !tc.pass && !strings.Contains(err.Error(), tc.errSub):
				t.Fatalf("error does not contain %q:\n%v", tc.errSub, err)
			}
		})
	}
}

func TestDiagnosticFormat(t *testing.T) {
	check := "// CHECK: first\n// CHECK-NEXT: second\n"
	input := "first\nthird\nsecond\n"
	err := Check([]byte(check), "t.mlir", []byte(input), Options{})
	if err == nil {
		t.Fatal("expected failure")
	}
	want := `t.mlir:2:16: error: CHECK-NEXT: is not on the line after the previous match
// CHECK-NEXT: second
               ^
<stdin>:3:1: note: 'next' match was here
second
^
<stdin>:1:6: note: previous match ended here
first
     ^
<stdin>:2:1: note: non-matching line after previous match is here
third
^`
	if err.Error() != want {
		t.Errorf("got:\n%s\nwant:\n%s", err, want)
	}

	err = Check([]byte("CHECK: a\nCHECK: zzz\n"), "t.mlir", []byte("a\nb\nc\n"), Options{})
	want = `t.mlir:2:8: error: CHECK: expected string not found in input
CHECK: zzz
       ^
<stdin>:1:2: note: scanning from here
a
 ^
<stdin>:2: b
<stdin>:3: c`
	if err == nil || err.Error() != want {
		t.Errorf("got:\n%v\nwant:\n%s", err, want)
	}
}

func TestMultipleBlockErrors(t *testing.T) {
	check := "CHECK-LABEL: @f\nCHECK: x\nCHECK-LABEL: @g\nCHECK: y\n"
	err := Check([]byte(check), "t", []byte("@f\n@g\n"), Options{})
	if err == nil || strings.Count(err.Error(), "expected string not found") != 2 {
		t.Fatalf("want one error per label block, got:\n%v", err)
	}
}

const llvmFileCheck = "/usr/lib/llvm-16/bin/FileCheck"

// TestAgainstLLVMFileCheck runs every case through the real FileCheck and
// requires identical pass/fail verdicts, so the table (and this package)
// cannot drift from LLVM's semantics unnoticed.
func TestAgainstLLVMFileCheck(t *testing.T) {
	if _, err := os.Stat(llvmFileCheck); err != nil {
		t.Skip("FileCheck not found at " + llvmFileCheck + "; install llvm-16-tools")
	}
	agree := 0
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			checkPath := filepath.Join(dir, "check.txt")
			inputPath := filepath.Join(dir, "input.txt")
			if err := os.WriteFile(checkPath, []byte(tc.check), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(inputPath, []byte(tc.input), 0o644); err != nil {
				t.Fatal(err)
			}
			args := []string{"--input-file=" + inputPath, checkPath, "--dump-input=never"}
			if len(tc.opts.Prefixes) > 0 {
				args = append(args, "--check-prefixes="+strings.Join(tc.opts.Prefixes, ","))
			}
			if tc.opts.StrictWhitespace {
				args = append(args, "--strict-whitespace")
			}
			if tc.opts.AllowEmpty {
				args = append(args, "--allow-empty")
			}
			out, err := exec.Command(llvmFileCheck, args...).CombinedOutput()
			var exitErr *exec.ExitError
			if err != nil && !errors.As(err, &exitErr) {
				t.Fatal(err)
			}
			realPass := err == nil
			ours := Check([]byte(tc.check), "check.txt", []byte(tc.input), tc.opts)
			if realPass != (ours == nil) {
				t.Fatalf("verdict mismatch: FileCheck pass=%v, ours pass=%v\nFileCheck output:\n%s\nours:\n%v", realPass, ours == nil, out, ours)
			}
			if realPass != tc.pass {
				t.Errorf("table says pass=%v but FileCheck says pass=%v:\n%s", tc.pass, realPass, out)
			}
			agree++
		})
	}
	t.Logf("%d/%d cases agree with %s", agree, len(cases), llvmFileCheck)
}

// TestRandomAgainstLLVMFileCheck is a differential test: it derives check
// files from randomly generated MLIR-like inputs (so that a good share of
// them pass) and requires the same verdict as the real FileCheck.
func TestRandomAgainstLLVMFileCheck(t *testing.T) {
	if _, err := os.Stat(llvmFileCheck); err != nil {
		t.Skip("FileCheck not found at " + llvmFileCheck + "; install llvm-16-tools")
	}
	if testing.Short() {
		t.Skip("slow differential test")
	}
	r := rand.New(rand.NewSource(1))
	toks := []string{"%0", "%1", "=", "add", "mul", "func", "@f", "@g", "ret", "{", "}", "(x)", "[1]", "a.b", "i32"}
	dirs := []string{"CHECK", "CHECK-NEXT", "CHECK-SAME", "CHECK-NOT", "CHECK-DAG", "CHECK-LABEL", "CHECK-EMPTY", "CHECK-COUNT-2"}
	dir := t.TempDir()
	checkPath, inputPath := filepath.Join(dir, "check"), filepath.Join(dir, "input")
	for it := range 300 {
		lines := make([]string, 1+r.Intn(8))
		for i := range lines {
			var words []string
			for range r.Intn(5) {
				words = append(words, toks[r.Intn(len(toks))])
			}
			lines[i] = strings.Join(words, []string{" ", " \t "}[r.Intn(2)])
		}
		input := strings.Join(lines, "\n") + "\n"
		var check strings.Builder
		defined := false
		for li, n := 0, 1+r.Intn(5); n > 0; n-- {
			li = min(li+r.Intn(3), len(lines)-1)
			pat := "ret"
			if f := strings.Fields(lines[li]); len(f) > 0 {
				a := r.Intn(len(f))
				pat = strings.Join(f[a:a+1+r.Intn(len(f)-a)], " ")
			}
			switch r.Intn(4) {
			case 0:
				pat = strings.Replace(pat, "%", "%{{[0-9]+}}", 1)
			case 1:
				if !defined && strings.Contains(pat, "%") {
					pat, defined = strings.Replace(pat, "%", "%[[V:[0-9]+]]", 1), true
				}
			case 2:
				if defined {
					pat = strings.NewReplacer("%0", "%[[V]]", "%1", "%[[V]]").Replace(pat)
				}
			}
			d := dirs[r.Intn(len(dirs))]
			switch {
			case d == "CHECK-EMPTY":
				pat = ""
			case d == "CHECK-LABEL" && strings.Contains(pat, "[["):
				d = "CHECK"
			}
			fmt.Fprintf(&check, "// %s: %s\n", d, pat)
		}
		opts := Options{StrictWhitespace: it%3 == 0}
		args := []string{"--input-file=" + inputPath, checkPath, "--dump-input=never"}
		if opts.StrictWhitespace {
			args = append(args, "--strict-whitespace")
		}
		if err := os.WriteFile(checkPath, []byte(check.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(inputPath, []byte(input), 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(llvmFileCheck, args...).CombinedOutput()
		var exitErr *exec.ExitError
		if err != nil && !errors.As(err, &exitErr) {
			t.Fatal(err)
		}
		ours := Check([]byte(check.String()), "check", []byte(input), opts)
		if (err == nil) != (ours == nil) {
			t.Errorf("case %d: verdict mismatch: FileCheck pass=%v, ours pass=%v\ncheck:\n%s\ninput: %q\nFileCheck:\n%s\nours:\n%v",
				it, err == nil, ours == nil, check.String(), input, out, ours)
		}
	}
}
