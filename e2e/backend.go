package e2e

import (
	"fmt"

	"github.com/torchlower/torchlower/compiler"
	"github.com/torchlower/torchlower/cpu"
	"github.com/torchlower/torchlower/plan"
	"github.com/torchlower/torchlower/runtime"
)

// Backend compiles and runs a case's program. The CPU backend is the
// reference; a GPU backend (HIP, CUDA) implements the same interface and
// runs the same cases.
type Backend interface {
	// Name is what --device accepts: "cpu", "hip", "cuda".
	Name() string
	// Available reports whether the backend can run on this machine.
	Available() bool
	// Run compiles function fn of the program (torch dialect, lowered with
	// convert-torch-to-linalg first, or linalg on tensors) and runs it on
	// args, returning the results in order (nil for a None result).
	Run(program, fn string, args []*runtime.Tensor) ([]*runtime.Tensor, error)
}

// CPU runs programs with plan.Build and cpu.Run, after the named
// preprocessing pipeline (compiler.Pipelines; empty means default).
type CPU struct{ Pipeline string }

func (CPU) Name() string    { return "cpu" }
func (CPU) Available() bool { return true }

func (c CPU) Run(program, function string, args []*runtime.Tensor) ([]*runtime.Tensor, error) {
	p, err := compileFor(program, function, c.Pipeline, args, compiler.CPU)
	if err != nil {
		return nil, err
	}
	if len(args) != len(p.Args) {
		return nil, fmt.Errorf("@%s takes %d arguments, the case has %d inputs", function, len(p.Args), len(args))
	}
	for i, a := range args {
		dt, err := cpu.DTypeOf(p.Args[i].Elem)
		if err != nil {
			return nil, err
		}
		if dt != a.DType {
			return nil, fmt.Errorf("argument %d: the program takes %v, the input is %v", i, dt, a.DType)
		}
		if err := runtime.CheckShape(a, p.Args[i].Shape); err != nil {
			return nil, fmt.Errorf("argument %d: %v", i, err)
		}
	}
	return cpu.Run(p, args)
}

// compileFor compiles function of program for args and target: a .pt2
// exported with dynamic shapes is specialized to the args' sizes
// (compiler.InputDims), as `torchlower run` does.
func compileFor(program, function, pipeline string, args []*runtime.Tensor, target compiler.Target) (*plan.Plan, error) {
	shapes := make([][]int64, len(args))
	for i, a := range args {
		shapes[i] = a.Shape
	}
	dims, err := compiler.InputDimsOf(program, shapes, nil)
	if err != nil {
		return nil, err
	}
	return compiler.CompileFor(program, function, pipeline, dims, target)
}

// Backends are the backends this build has, by name.
var Backends = map[string]Backend{"cpu": CPU{}}
