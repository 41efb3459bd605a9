// Package testchild runs tests of the calling test binary again in a new
// process, for what a test cannot do in its own: have the dynamic loader
// find a library that it looks for only when a process starts
// (LD_LIBRARY_PATH, CUDA_PATH), or lose a GPU to a kernel's fault.
package testchild

import (
	"os"
	"os/exec"
	"regexp"
	"strings"
)

// Run runs the tests names of this test binary (-test.run=^(names)$,
// -test.v, and flags) in a child process whose environment is this
// one's and env (KEY=value), and returns its output.
func Run(names, env []string, flags ...string) ([]byte, error) {
	args := append([]string{"-test.run=^(" + strings.Join(names, "|") + ")$", "-test.v"}, flags...)
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), env...)
	return cmd.CombinedOutput()
}

// Passed reports whether the output of Run says that test passed (a
// skip is not a pass).
func Passed(out []byte, test string) bool {
	return regexp.MustCompile(`(?m)^--- PASS: ` + regexp.QuoteMeta(test) + ` `).Match(out)
}
