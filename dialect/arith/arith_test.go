package arith_test

import (
	"github.com/torchlower/torchlower/internal/irtest"
	"testing"

	"github.com/torchlower/torchlower/dialect/arith"
	fn "github.com/torchlower/torchlower/dialect/func"
	"github.com/torchlower/torchlower/ir"
)

func newCtx() *ir.Context { return ir.NewContext(fn.Dialect, arith.Dialect) }

func TestOps(t *testing.T) { irtest.CheckFiles(t, "testdata/*.mlir", newCtx) }
