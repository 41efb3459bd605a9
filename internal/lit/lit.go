// Package lit runs lit-style .mlir tests in-process from `go test`.
//
// LLVM projects drive their file tests with lit, a Python tool that executes
// "// RUN:" lines through a shell. Running them in-process instead means the
// test files need nothing but the Go toolchain and report failures as
// ordinary subtests that can be selected with -run. Only the subset of lit's
// shell that file tests actually use is supported:
//
//	// RUN: torchlower opt %s -p canonicalize | FileCheck %s
//	// RUN: not torchlower opt %s 2>&1 | FileCheck %s --check-prefix=ERR
//
// A RUN line is a pipeline of commands separated by "|". A command is a tool
// (a key of the tools map given to [Run]), "not <command>" (which expects a
// non-zero exit code) or "FileCheck [file] [options]", which runs
// internal/filecheck on the previous stage's output, with the test file as
// the check file unless another is named; its options are
// --check-prefix(es), --strict-whitespace and --allow-empty (--dump-input is
// accepted and ignored). Arguments are split like a shell does, honouring
// single and double quotes and backslash escapes; "2>&1" merges a tool's
// stderr into the output passed down the pipe. Substitutions: %s (the test
// file's absolute path), %S (its directory), %t (a per-test temporary path)
// and %% (a literal %). Lines ending in "\" continue on the next RUN line.
package lit

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/internal/filecheck"
)

// Tool runs one command of a RUN line in-process. args excludes the program
// name; exitCode follows the process convention (0 means success).
type Tool func(args []string, stdin []byte) (stdout, stderr []byte, exitCode int)

// Run executes every *.mlir file under dir (recursively, in sorted order) as
// a subtest named by its slash-separated path relative to dir without the
// extension, so that `go test -run TestLit/canonicalize/basic` selects one
// file. Files without RUN lines are not lit tests and are skipped silently.
// Hidden directories and nested suites (directories other than dir holding a
// lit.cfg file) are not searched.
func Run(t *testing.T, dir string, tools map[string]Tool) {
	t.Helper()
	files, err := discover(dir)
	if err != nil {
		t.Fatalf("lit: %v", err)
	}
	if len(files) == 0 {
		t.Fatalf("lit: no .mlir files found under %s", dir)
	}
	for _, f := range files {
		src, err := os.ReadFile(f.path)
		if err != nil {
			t.Fatalf("lit: %v", err)
		}
		runs := parseRunLines(src)
		if len(runs) == 0 {
			continue
		}
		t.Run(f.name, func(t *testing.T) {
			for _, msg := range runFile(f.path, runs, t.TempDir(), tools) {
				t.Error(msg)
			}
		})
	}
}

type testFile struct {
	path string // dir joined with the relative path, for messages
	name string // subtest name
}

func discover(dir string) ([]testFile, error) {
	var files []testFile
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != dir && (strings.HasPrefix(d.Name(), ".") || isSuiteRoot(path)) {
				return filepath.SkipDir
			}
			return nil
		}
		if filepath.Ext(path) != ".mlir" {
			return nil
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		files = append(files, testFile{path: path, name: filepath.ToSlash(strings.TrimSuffix(rel, ".mlir"))})
		return nil
	})
	sort.Slice(files, func(i, j int) bool { return files[i].name < files[j].name })
	return files, err
}

// suiteMarker marks a directory as the root of a separate test suite, as a
// lit.cfg does for LLVM's lit. Run does not descend into nested suites, since
// their RUN lines are meant for other tools (internal/lit/testdata uses fake
// ones), so running a whole repository does not pick them up.
const suiteMarker = "lit.cfg"

func isSuiteRoot(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, suiteMarker))
	return err == nil
}

// runLine is one logical RUN command, possibly joined from several lines.
type runLine struct {
	line int // 1-based line of its first RUN:
	cmd  string
}

func parseRunLines(src []byte) []runLine {
	var runs []runLine
	continued := false
	for i, l := range strings.Split(string(src), "\n") {
		_, cmd, ok := strings.Cut(l, "RUN:")
		if !ok {
			continued = false
			continue
		}
		cmd = strings.TrimSpace(cmd)
		more := strings.HasSuffix(cmd, `\`)
		cmd = strings.TrimSpace(strings.TrimSuffix(cmd, `\`))
		if continued {
			runs[len(runs)-1].cmd += " " + cmd
		} else {
			runs = append(runs, runLine{line: i + 1, cmd: cmd})
		}
		continued = more
	}
	return runs
}

// runFile executes the RUN lines of one file and returns a message for each
// failing line. Failing lines do not stop the following ones, since RUN
// lines are normally independent invocations.
func runFile(path string, runs []runLine, tmpDir string, tools map[string]Tool) []string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return []string{err.Error()}
	}
	subst := strings.NewReplacer("%%", "%", "%s", abs, "%S", filepath.Dir(abs),
		"%t", filepath.Join(tmpDir, filepath.Base(abs)+".tmp"))
	var failures []string
	for _, r := range runs {
		if err := runPipeline(r.cmd, abs, subst, tools); err != nil {
			failures = append(failures, fmt.Sprintf("%s:%d: RUN: %s\n%v", path, r.line, r.cmd, err))
		}
	}
	return failures
}

func runPipeline(cmd, testFile string, subst *strings.Replacer, tools map[string]Tool) error {
	stages, err := splitPipeline(cmd)
	if err != nil {
		return err
	}
	var data []byte
	for _, words := range stages {
		for i := range words {
			words[i] = subst.Replace(words[i])
		}
		if data, err = runCommand(words, data, testFile, tools); err != nil {
			return err
		}
	}
	return nil
}

// runCommand runs one pipeline stage and returns what it passes down the pipe.
func runCommand(words []string, stdin []byte, testFile string, tools map[string]Tool) ([]byte, error) {
	expectFail := false
	for len(words) > 0 && words[0] == "not" {
		expectFail = !expectFail
		words = words[1:]
	}
	if len(words) == 0 {
		return nil, errors.New("empty command")
	}
	mergeStderr := false
	var args []string
	for _, w := range words[1:] {
		if w == mergeStderrWord {
			mergeStderr = true
			continue
		}
		args = append(args, w)
	}
	name := words[0]
	isFileCheck := name == "FileCheck" || name == "filecheck"
	tool, isTool := tools[name]
	var stdout, stderr []byte
	var code int
	switch {
	case isFileCheck:
		code, stderr = runFileCheck(args, stdin, testFile)
	case isTool:
		var crash error
		stdout, stderr, code, crash = callTool(tool, args, stdin)
		if crash != nil {
			return nil, fmt.Errorf("%s crashed: %v", quoteCommand(words), crash)
		}
	default:
		known := []string{"FileCheck", "not"}
		for k := range tools {
			known = append(known, k)
		}
		sort.Strings(known)
		return nil, fmt.Errorf("unknown command %q (known: %s)", name, strings.Join(known, ", "))
	}
	switch {
	case expectFail && code == 0:
		return nil, fmt.Errorf("%s succeeded, but was expected to fail (not)%s", quoteCommand(words), section("stdout", stdout))
	case !expectFail && code != 0:
		msg := fmt.Sprintf("%s exited with code %d%s", quoteCommand(words), code, section("stderr", stderr))
		if isFileCheck {
			msg += section("input to FileCheck", numbered(stdin))
		}
		return nil, errors.New(msg)
	}
	if mergeStderr {
		// Diagnostics are normally printed before the final IR, so stderr
		// goes first.
		return append(stderr[:len(stderr):len(stderr)], stdout...), nil
	}
	return stdout, nil
}

// callTool runs tool, turning a panic into an error: a crash is a failure
// even under "not", like lit's not without --crash.
func callTool(tool Tool, args []string, stdin []byte) (stdout, stderr []byte, code int, crash error) {
	defer func() {
		if r := recover(); r != nil {
			crash = fmt.Errorf("panic: %v\n%s", r, debug.Stack())
		}
	}()
	stdout, stderr, code = tool(args, stdin)
	return
}

// runFileCheck emulates the FileCheck command line on top of
// internal/filecheck. The check file defaults to the test file.
func runFileCheck(args []string, input []byte, testFile string) (int, []byte) {
	var opts filecheck.Options
	var checkFile string
	for i := 0; i < len(args); i++ {
		a := args[i]
		flag, val, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") {
			if checkFile != "" {
				return 2, []byte("FileCheck: more than one check file given: " + checkFile + ", " + a)
			}
			checkFile = a
			continue
		}
		switch flag {
		case "check-prefix", "check-prefixes":
			if !hasVal {
				if i+1 == len(args) {
					return 2, []byte("FileCheck: missing value for " + a)
				}
				i++
				val = args[i]
			}
			opts.Prefixes = append(opts.Prefixes, strings.Split(val, ",")...)
		case "strict-whitespace":
			opts.StrictWhitespace = true
		case "allow-empty":
			opts.AllowEmpty = true
		case "dump-input", "dump-input-filter", "color", "vv", "v":
			// Output-only options; irrelevant in-process.
		default:
			return 2, []byte("FileCheck: unsupported option " + a)
		}
	}
	if checkFile == "" {
		checkFile = testFile
	}
	check, err := os.ReadFile(checkFile)
	if err != nil {
		return 2, []byte("FileCheck: " + err.Error())
	}
	if err := filecheck.Check(check, checkFile, input, opts); err != nil {
		return 1, []byte(err.Error())
	}
	return 0, nil
}

// mergeStderrWord stands for an unquoted 2>&1 in a split command; it cannot
// collide with a real argument.
const mergeStderrWord = "\x002>&1"

// splitPipeline splits a command line into words like a POSIX shell (quotes
// and backslash escapes) and then into pipeline stages at unquoted "|".
func splitPipeline(cmd string) ([][]string, error) {
	var stages [][]string
	var words []string
	var word strings.Builder
	inWord := false
	endWord := func() {
		if inWord {
			words = append(words, word.String())
			word.Reset()
			inWord = false
		}
	}
	for i := 0; i < len(cmd); i++ {
		c := cmd[i]
		switch {
		case c == ' ' || c == '\t':
			endWord()
		case c == '|':
			endWord()
			if len(words) == 0 {
				return nil, errors.New("empty pipeline stage")
			}
			stages = append(stages, words)
			words = nil
		case c == '\'':
			j := strings.IndexByte(cmd[i+1:], '\'')
			if j < 0 {
				return nil, errors.New("unterminated single quote")
			}
			word.WriteString(cmd[i+1 : i+1+j])
			inWord = true
			i += j + 1
		case c == '"':
			inWord = true
			for i++; ; i++ {
				if i == len(cmd) {
					return nil, errors.New("unterminated double quote")
				}
				if cmd[i] == '"' {
					break
				}
				if cmd[i] == '\\' && i+1 < len(cmd) && strings.IndexByte("\"\\$`", cmd[i+1]) >= 0 {
					i++
				}
				word.WriteByte(cmd[i])
			}
		case c == '\\' && i+1 < len(cmd):
			i++
			word.WriteByte(cmd[i])
			inWord = true
		case (c == '>' || c == '<') && strings.Trim(word.String(), "0123456789") == "":
			if word.String() != "2" || !strings.HasPrefix(cmd[i:], ">&1") {
				return nil, fmt.Errorf("unsupported redirection at %q (only 2>&1 is supported)", cmd[i-word.Len():])
			}
			word.Reset()
			inWord = false
			words = append(words, mergeStderrWord)
			i += len(">&1") - 1
		case c == ';' || c == '&':
			return nil, fmt.Errorf("unsupported shell syntax %q (only pipelines are supported)", c)
		default:
			word.WriteByte(c)
			inWord = true
		}
	}
	endWord()
	if len(words) == 0 {
		return nil, errors.New("empty pipeline stage")
	}
	return append(stages, words), nil
}

func quoteCommand(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		if w == mergeStderrWord {
			w = "2>&1"
		} else if w == "" || strings.ContainsAny(w, " \t'\"\\|&;<>$`") {
			w = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
		}
		q[i] = w
	}
	return "`" + strings.Join(q, " ") + "`"
}

// section formats output captured from a command, if any, for a failure
// message.
func section(title string, b []byte) string {
	if len(bytes.TrimSpace(b)) == 0 {
		return ""
	}
	return fmt.Sprintf("\n--- %s:\n%s", title, strings.TrimRight(string(b), "\n"))
}

// maxDumpLines bounds how much FileCheck input a failure message shows.
const maxDumpLines = 200

// numbered prefixes each line with its number, as FileCheck's diagnostics
// refer to input lines as <stdin>:N.
func numbered(b []byte) []byte {
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	var sb strings.Builder
	for i, l := range lines {
		if i == maxDumpLines {
			fmt.Fprintf(&sb, "... (%d more lines)\n", len(lines)-i)
			break
		}
		fmt.Fprintf(&sb, "%4d: %s\n", i+1, l)
	}
	return []byte(sb.String())
}
