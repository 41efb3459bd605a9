package dl

import (
	"strings"
	"testing"
)

// A library that is not there is an error naming every path tried.
func TestOpenMissingListsEveryPath(t *testing.T) {
	c := Candidates([]string{"libtorchlower-nope.so.7", "libtorchlower-nope.so.6"}, []string{t.TempDir(), "/nonexistent-dir"})
	if len(c) != 4 {
		t.Fatalf("candidates %v: want the two names bare and under the existing temp dir only", c)
	}
	_, err := Open("the test library (libtorchlower-nope)", c)
	if err == nil {
		t.Fatal("opened a library that does not exist")
	}
	msg := err.Error()
	if !strings.HasPrefix(msg, "the test library (libtorchlower-nope) not found; tried:") {
		t.Errorf("error %q does not say what was looked for", msg)
	}
	for _, p := range c {
		if !strings.Contains(msg, p+":") {
			t.Errorf("error does not list %s:\n%s", p, msg)
		}
	}
}

// libc is on every Linux machine: Open succeeds, Func binds a symbol
// that exists and reports one that does not.
func TestOpenAndBindLibc(t *testing.T) {
	l, err := Open("libc", []string{"libc.so.6"})
	if err != nil {
		t.Skip(err)
	}
	var strlen func(*byte) uintptr
	if err := l.Func(&strlen, "torchlower_no_such_symbol", "strlen"); err != nil {
		t.Fatal(err)
	}
	if n := strlen(CString("hello")); n != 5 {
		t.Errorf("strlen = %d", n)
	}
	var f func()
	if err := l.Func(&f, "torchlower_no_such_symbol"); err == nil || !strings.Contains(err.Error(), "torchlower_no_such_symbol") {
		t.Errorf("missing symbol: %v", err)
	}
}
