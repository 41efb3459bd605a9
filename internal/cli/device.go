package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/torchlower/torchlower/cpu"
	"github.com/torchlower/torchlower/gpu"
	"github.com/torchlower/torchlower/plan"
	"github.com/torchlower/torchlower/runtime"
)

// deviceHelp is the --device flag's help.
const deviceHelp = "where to run: cpu, hip (AMD GPU via HIP), cuda (NVIDIA GPU via the CUDA driver), or auto (a GPU when one is usable, else cpu)"

// openDevice resolves --device: nil means the CPU. hip and cuda without a
// usable GPU are an error saying what was looked for; auto tries hip,
// then cuda, and falls back to the CPU with a note on w.
func openDevice(name string, w io.Writer) (*gpu.Device, error) {
	switch name {
	case "cpu":
		return nil, nil
	case "hip", "cuda":
		d := gpu.Open(name)
		if !d.Available() {
			return nil, fmt.Errorf("device %s is not available on this machine: %v", name, d.Reason())
		}
		return d, nil
	case "auto":
		var reasons []any
		for _, k := range gpu.Kinds {
			d := gpu.Open(k)
			if d.Available() {
				return d, nil
			}
			reasons = append(reasons, k, oneLine(d.Reason().Error()))
		}
		fmt.Fprintf(w, "torchlower run: --device=auto: no usable GPU (%s: %s; %s: %s); running on the CPU\n", reasons...)
		return nil, nil
	}
	return nil, fmt.Errorf("unknown device %q (want cpu, hip, cuda or auto)", name)
}

// oneLine joins a multi-line reason (a list of paths tried) into one line.
func oneLine(s string) string {
	lines := strings.Split(s, "\n")
	for i := range lines {
		lines[i] = strings.TrimSpace(lines[i])
	}
	return strings.Join(lines, " ")
}

// execute runs p on the CPU (d nil) or on d, with step times in prof.
func execute(d *gpu.Device, p *plan.Plan, args []*runtime.Tensor, prof *cpu.Profile) ([]*runtime.Tensor, error) {
	if d == nil {
		return cpu.RunProfiled(p, args, prof)
	}
	var gp gpu.Profile
	out, err := d.RunProfiled(p, args, &gp)
	prof.Steps = gp.Steps
	return out, err
}
