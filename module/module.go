// Package module is the compiled module file of torchlower (model.tlm):
// compile once, run many, as iree-compile writes a .vmfb that
// iree-run-module executes. One flatbuffer (schema internal/fb/tlm.fbs)
// holds everything a backend needs to run a program without importing or
// lowering it again: the execution plan of each entry point (buffers,
// views, steps, scalar registers), the kernels of the target it was built
// for, the constants (64-byte aligned, so that a mapped file is read in
// place), the entry points' signatures, and what produced it.
//
// Reading never trusts the file: every offset and length is checked
// against the buffer before the generated accessors touch it (verify.go),
// and the plan read back is checked for consistency (indices, shapes,
// views inside their buffers) before a backend sees it. A corrupt,
// truncated or foreign file is an error naming the file and the reason.
package module

//go:generate flatc --go --go-namespace fb -o internal internal/fb/tlm.fbs

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/plan"
)

// Identifier is the flatbuffers file identifier of a module (bytes 4..8).
const Identifier = "TLM1"

// SchemaVersion is the version of the schema this build writes and the
// newest it reads. Bump it when a change would make an older reader
// misread a newer file. Version 2 stores the kernels' affine maps in
// binary (an ir1 table entry version 1 readers do not know); version 3
// their integers, floats, integer arrays and dialect, string, bool and
// unit attributes too, so that a cpu module's kernels hold no MLIR text.
// This build reads versions 1 to 3.
const SchemaVersion = 3

// Extension is the file extension of a compiled module.
const Extension = ".tlm"

// Producer says what wrote a module.
type Producer struct {
	// Torchlower is the torchlower version (and VCS revision when known).
	Torchlower string
	// Go is the Go toolchain version.
	Go string
	// Source is the program the module was compiled from.
	Source string
	// Pipeline is the preprocessing pipeline that ran.
	Pipeline string
}

// TensorType is the type of an entry point's argument or result.
type TensorType struct {
	Elem  ir.Type
	Shape []int64
	// None marks a result that is always None (a masked output).
	None bool
}

func (t TensorType) String() string {
	if t.None {
		return "none"
	}
	return ir.Tensor(t.Elem, t.Shape...).String()
}

// Entry is an exported function: its signature and the plan that runs it.
type Entry struct {
	Name    string
	Args    []TensorType
	Results []TensorType
	Plan    *plan.Plan
}

// Module is a compiled module read back from its file.
type Module struct {
	// Name is the file (or the name it was read under), for messages.
	Name          string
	SchemaVersion uint32
	Target        string
	Producer      Producer
	Entries       []*Entry
	// GPU is the GPU code of a GPU target's module (gpucode.go); nil for
	// a cpu module.
	GPU *GPUCode
	// Size is the file's length in bytes.
	Size int

	kernels *ir.Operation
	release func() error
}

// Kernels returns the builtin.module of the plans' kernel functions, as
// read and verified (nil when the plans run no generic): one func.func
// per distinct generic, holding it and the scalar constants its body
// reads; the Generic steps' ops are the generics in it.
func (m *Module) Kernels() *ir.Operation { return m.kernels }

// Entry returns the entry point named name.
func (m *Module) Entry(name string) (*Entry, error) {
	for _, e := range m.Entries {
		if e.Name == name {
			return e, nil
		}
	}
	names := make([]string, len(m.Entries))
	for i, e := range m.Entries {
		names[i] = "@" + e.Name
	}
	return nil, fmt.Errorf("%s: no entry point @%s (the module has %s)", m.Name, name, strings.Join(names, ", "))
}

// Close releases the file mapping of a module read with ReadFile. The
// plans' constants point into it: nothing of the module may be used after.
func (m *Module) Close() error {
	if m.release == nil {
		return nil
	}
	r := m.release
	m.release = nil
	return r()
}

// CheckTarget fails unless the module's target is one of present (the
// targets this process can run), naming both.
func (m *Module) CheckTarget(present ...string) error {
	if slices.Contains(present, m.Target) {
		return nil
	}
	have := "none"
	if len(present) > 0 {
		have = strings.Join(present, ", ")
	}
	return fmt.Errorf("%s: the module was compiled for target %s, which is not present here (present: %s); compile it again with --target=%s",
		m.Name, m.Target, have, strings.Join(present, "|"))
}

// Targets are the targets this build compiles modules for and runs them
// on, as messages and help list them: cpu, and any AMD (hip:gfxNNN) or
// NVIDIA (cuda:sm_NN) architecture, of which these are the ones the
// generated GPU code is checked on.
var Targets = []string{"cpu", "hip:gfx90a", "hip:gfx942", "cuda:sm_90"}

// ParseTarget checks a target name: cpu, hip:gfxNNN or cuda:sm_NN.
// NVIDIA's architecture-specific variants (cuda:sm_90a) are refused: a
// device reports its compute capability (sm_90), so a module for sm_90a
// would match none, and the generated code uses nothing that needs them.
// (Checked by hand: a regular expression was a tenth of reading a
// module's header.)
func ParseTarget(t string) error {
	if t == "cpu" {
		return nil
	}
	if arch, ok := strings.CutPrefix(t, "hip:gfx"); ok && arch != "" && strings.Trim(arch, "0123456789abcdef") == "" {
		return nil
	}
	if sm, ok := strings.CutPrefix(t, "cuda:sm_"); ok && sm != "" {
		if strings.Trim(sm, "0123456789") == "" {
			return nil
		}
		if digits, ok := strings.CutSuffix(sm, "a"); ok && digits != "" && strings.Trim(digits, "0123456789") == "" {
			return fmt.Errorf("target %q: architecture-specific NVIDIA targets are not supported; the generated code runs on cuda:sm_%s, compile for that", t, digits)
		}
	}
	return fmt.Errorf("unknown target %q (want %s, ...: cpu, hip:gfxNNN or cuda:sm_NN)", t, strings.Join(Targets, ", "))
}

// elemString and parseElem carry element types as their MLIR spelling.
func elemString(t ir.Type) (string, error) {
	switch t.(type) {
	case ir.FloatType, ir.IntegerType, ir.IndexType:
		return t.String(), nil
	}
	return "", fmt.Errorf("element type %v cannot be stored in a module", t)
}

func parseElem(s string) (ir.Type, error) {
	switch s {
	case "f16":
		return ir.FloatType{Kind: ir.F16}, nil
	case "bf16":
		return ir.FloatType{Kind: ir.BF16}, nil
	case "f32":
		return ir.FloatType{Kind: ir.F32}, nil
	case "f64":
		return ir.FloatType{Kind: ir.F64}, nil
	case "index":
		return ir.IndexType{}, nil
	}
	sign, rest := ir.Signless, ""
	switch {
	case strings.HasPrefix(s, "si"):
		sign, rest = ir.Signed, s[2:]
	case strings.HasPrefix(s, "ui"):
		sign, rest = ir.Unsigned, s[2:]
	case strings.HasPrefix(s, "i"):
		rest = s[1:]
	default:
		return nil, fmt.Errorf("unknown element type %q", s)
	}
	w, err := strconv.Atoi(rest)
	if err != nil || w < 1 || w > 64 || strconv.Itoa(w) != rest {
		return nil, fmt.Errorf("unknown element type %q", s)
	}
	return ir.IntegerType{Width: w, Signedness: sign}, nil
}
