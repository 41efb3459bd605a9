package math_test

import (
	"github.com/torchlower/torchlower/internal/irtest"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/dialect/arith"
	fn "github.com/torchlower/torchlower/dialect/func"
	"github.com/torchlower/torchlower/dialect/math"
	"github.com/torchlower/torchlower/ir"
)

func newCtx() *ir.Context { return ir.NewContext(fn.Dialect, arith.Dialect, math.Dialect) }

func TestOps(t *testing.T) { irtest.CheckFiles(t, "testdata/*.mlir", newCtx) }

func roundTrip(t *testing.T, ctx *ir.Context, text string) (string, string) {
	t.Helper()
	return irtest.RoundTrip(t, ctx, "input", text)
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }
