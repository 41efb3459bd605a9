package cli

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/torchlower/torchlower/cpu"
	"github.com/torchlower/torchlower/gpu"
	"github.com/torchlower/torchlower/module"
	"github.com/torchlower/torchlower/plan"
	"github.com/torchlower/torchlower/runtime"
)

// deviceHelp is the --device flag's help.
const deviceHelp = "where to run: cpu, hip (AMD GPU via HIP), cuda (NVIDIA GPU via the CUDA driver), or auto (a GPU when one is usable, else cpu); a compiled module runs where its target says"

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
	return nil, unknownDevice(name)
}

// deviceNames are the values of --device.
var deviceNames = []string{"cpu", "hip", "cuda", "auto"}

func unknownDevice(name string) error {
	return fmt.Errorf("unknown device %q (want cpu, hip, cuda or auto)", name)
}

// moduleDevice opens the device that runs module m: its target decides
// (nil is the CPU). --device (flag, when explicit) may name the target's
// kind, or auto; another kind is an error, as is a target not present
// here, naming the module's target and the targets present. A variable
// so that tests can stand in for a GPU.
var moduleDevice = func(m *module.Module, flag string, explicit bool) (*gpu.Device, error) {
	kind, _ := module.TargetKind(m.Target)
	if explicit && flag != "auto" && flag != kind {
		return nil, fmt.Errorf("%s: the module was compiled for target %s, which --device=%s does not run; leave --device out (a module runs where its target says), or compile it again for that device (--target=cpu, hip:gfxNNN or cuda:sm_NN)",
			m.Name, m.Target, flag)
	}
	if kind == "cpu" {
		return nil, nil
	}
	// The target's kind first: when it is present nothing else is opened.
	kinds := append([]string{kind}, slices.DeleteFunc(slices.Clone(gpu.Kinds), func(k string) bool { return k == kind })...)
	present := []string{"cpu"}
	var why string
	for _, k := range kinds {
		d := gpu.Open(k)
		if !d.Available() {
			if k == kind {
				why = fmt.Sprintf("\n  (%s: %s)", k, oneLine(d.Reason().Error()))
			}
			continue
		}
		if d.Target() == m.Target {
			return d, nil
		}
		present = append(present, d.Target())
	}
	return nil, fmt.Errorf("%w%s", m.CheckTarget(present...), why)
}

// moduleCode is the GPU code of module m, checked against its plans: the
// kernels this torchlower generates for them must be the ones stored.
func moduleCode(m *module.Module) (*gpu.Compiled, error) {
	c := &gpu.Compiled{Target: m.Target, Source: m.GPU.Source, Binary: m.GPU.Binary}
	for _, e := range m.Entries {
		c.Plans = append(c.Plans, e.Plan)
	}
	if err := c.Check(); err != nil {
		by := m.Producer.Torchlower
		if by == "" {
			by = "an unnamed version"
		}
		return nil, fmt.Errorf("%s (written by torchlower %s; this is %s): %w", m.Name, by, producerVersion(), err)
	}
	return c, nil
}

// oneLine joins a multi-line reason (a list of paths tried) into one line.
func oneLine(s string) string {
	lines := strings.Split(s, "\n")
	for i := range lines {
		lines[i] = strings.TrimSpace(lines[i])
	}
	return strings.Join(lines, " ")
}

// execute runs p on the CPU (d nil; through ex when it is not nil) or on
// d, with step times in prof (when it is not nil); on d, with code (a
// module's, whose plan entry is p) when it is not nil. On d it also
// returns the time it took to get the kernels' code (compiled, or read
// from a cache).
func execute(d *gpu.Device, ex *cpu.Executor, p *plan.Plan, code *gpu.Compiled, entry int, args []*runtime.Tensor, prof *cpu.Profile) ([]*runtime.Tensor, time.Duration, error) {
	if d == nil {
		if ex != nil {
			out, err := ex.Run(args, prof)
			return out, 0, err
		}
		out, err := cpu.RunProfiled(p, args, prof)
		return out, 0, err
	}
	var gp gpu.Profile
	var out []*runtime.Tensor
	var err error
	if code != nil {
		out, err = d.RunCompiled(code, entry, args, &gp)
	} else {
		out, err = d.RunProfiled(p, args, &gp)
	}
	if prof != nil {
		prof.Steps = gp.Steps
	}
	return out, gp.Compile, err
}
