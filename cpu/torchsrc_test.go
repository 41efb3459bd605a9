package cpu_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/torchlower/torchlower/compiler"
	"github.com/torchlower/torchlower/plan"
)

// compileTorch compiles the torch-dialect function @main in src for the
// CPU, as 'torchlower run' would a .mlir file.
func compileTorch(t testing.TB, src string) *plan.Plan {
	t.Helper()
	path := filepath.Join(t.TempDir(), "main.mlir")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := compiler.CompileFor(path, "main", "", nil, compiler.CPU)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// genericSteps counts p's linalg.generic steps.
func genericSteps(p *plan.Plan) int {
	n := 0
	for _, s := range p.Steps {
		if s.Kind == plan.StepGeneric {
			n++
		}
	}
	return n
}
