package arith_test

import (
	"testing"

	"github.com/torchlower/torchlower/dialect/arith"
	fn "github.com/torchlower/torchlower/dialect/func"
	"github.com/torchlower/torchlower/ir"
)

func newCtx() *ir.Context { return ir.NewContext(fn.Dialect, arith.Dialect) }

func TestOps(t *testing.T) { checkFiles(t, newCtx) }
