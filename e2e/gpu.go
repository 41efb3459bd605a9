package e2e

import (
	"fmt"
	"sync"

	"github.com/torchlower/torchlower/compiler"
	"github.com/torchlower/torchlower/gpu"
	"github.com/torchlower/torchlower/runtime"
)

// GPU runs cases on a GPU through package gpu (Kind "hip" or "cuda"),
// after the named preprocessing pipeline as a GPU runs it
// (compiler.GPUPipelines), with the same compile path as the CPU
// backend otherwise.
type GPU struct {
	Kind     string
	Pipeline string
}

var (
	gpuMu      sync.Mutex
	gpuDevices = map[string]*gpu.Device{}
)

// device opens the GPU once per process: its compiled modules are cached
// across cases.
func (g GPU) device() *gpu.Device {
	gpuMu.Lock()
	defer gpuMu.Unlock()
	d, ok := gpuDevices[g.Kind]
	if !ok {
		d = gpu.Open(g.Kind)
		gpuDevices[g.Kind] = d
	}
	return d
}

func (g GPU) Name() string    { return g.Kind }
func (g GPU) Available() bool { return g.device().Available() }

// Reason says why the GPU is not available (nil when it is).
func (g GPU) Reason() error { return g.device().Reason() }

func (g GPU) Run(program, function string, args []*runtime.Tensor) ([]*runtime.Tensor, error) {
	p, err := compileFor(program, function, g.Pipeline, args, compiler.TargetFor(g.Kind))
	if err != nil {
		return nil, err
	}
	if len(args) != len(p.Args) {
		return nil, fmt.Errorf("@%s takes %d arguments, the case has %d inputs", function, len(p.Args), len(args))
	}
	return g.device().Run(p, args)
}

func init() {
	for _, k := range gpu.Kinds {
		Backends[k] = GPU{Kind: k}
	}
}
