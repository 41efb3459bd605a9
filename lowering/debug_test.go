package lowering

import (
	"os"
	"strings"
	"testing"
)

// TestLowerFile prints the lowering of $LOWER_FILE (a debugging aid:
// LOWER_FILE=x.mlir go test -run TestLowerFile -v ./lowering).
func TestLowerFile(t *testing.T) {
	f := os.Getenv("LOWER_FILE")
	if f == "" {
		t.Skip("set LOWER_FILE to print the lowering of a file")
	}
	var out, errb strings.Builder
	code := runOpt([]string{"opt", f, "-p", "convert-torch-to-linalg", "--split-input-file"}, &out, &errb)
	os.Stdout.WriteString(out.String())
	os.Stderr.WriteString(errb.String())
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
}
