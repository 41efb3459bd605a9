package torchlower_test

import (
	"testing"

	"github.com/torchlower/torchlower/internal/cli"
	"github.com/torchlower/torchlower/internal/lit"
)

// TestLit runs every .mlir file in the repository that has `// RUN:` lines,
// through the same code as the torchlower CLI. Run one file with e.g.
// `go test -run TestLit/ir/transform/testdata/cse .`.
func TestLit(t *testing.T) {
	lit.Run(t, ".", map[string]lit.Tool{"torchlower": cli.Tool})
}
