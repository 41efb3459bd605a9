// Package codegen turns a plan (package plan) into GPU kernel source: one
// translation unit in the common subset of HIP and CUDA C++ that hiprtc
// (AMD) and NVRTC (NVIDIA) both compile, with a generated prelude instead
// of any #include (see prelude.go).
//
// Every step that computes something gets one kernel, named after its
// step (tl_s<i>_<kind>), so names are stable for a given plan and the
// output is deterministic: the module's hash (Hash) is the cache key of
// its compiled code. Shapes, strides and offsets are constants of the
// source: a plan is static, and constant index arithmetic is what the
// device compilers optimize best.
//
// Kernels follow the CPU backend's semantics (cpu/compile.go,
// cpu/generic.go) operation for operation: a linalg.generic runs one
// thread per output element with the reduction loops inside it, in the
// CPU's loop order, so sums are accumulated in the same order and in the
// body's own types (an f16 convolution that extends to f32 accumulates in
// f32, as on the CPU). Only transcendental functions (exp, log, ...)
// differ: the device's float versions are used where the CPU evaluates
// in float64 and rounds.
package codegen

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"

	"github.com/torchlower/torchlower/plan"
)

// BlockSize is the number of threads per block of every kernel: a
// multiple of both wave sizes (64 on CDNA, 32 on NVIDIA).
const BlockSize = 256

// maxGrid caps the blocks of a launch; kernels loop over the rest
// (grid-stride), so any element count runs with any grid.
const maxGrid = 1 << 16

// ParamKind says what a kernel parameter is.
type ParamKind uint8

const (
	// ParamBuffer is the device address of a plan buffer's first element
	// (for arena buffers: the arena's base plus the buffer's Offset).
	ParamBuffer ParamKind = iota
	// ParamScalars is the device array of the plan's scalar registers
	// (one int64 per plan.Scalar).
	ParamScalars
	// ParamError is the device array of two int32 a kernel reports a
	// run-time error in (code, step); see ErrorMessage.
	ParamError
	// ParamScratch is device memory of Kernel.Scratch bytes or more,
	// zero where the kernel's counters are (splitk.go).
	ParamScratch
)

// Param is one kernel parameter; all are pointers.
type Param struct {
	Kind   ParamKind
	Buffer *plan.Buffer // for ParamBuffer
}

// Kernel is the kernel of one step.
type Kernel struct {
	// Name is the kernel's extern "C" symbol.
	Name string
	// Step is the index of the step in the plan.
	Step int
	// Source is the kernel's definition (the module's Source holds the
	// prelude before it).
	Source string
	Params []Param
	// Grid and Block are the launch shape (x dimension only); Shared is
	// the dynamic shared memory in bytes.
	Grid, Block, Shared int
	// GridMMA, when not 0, is the grid where NVIDIA's tensor-core body
	// runs (CUDA, sm_80 and newer: the prelude's TL_MMA), whose tiles
	// may be larger than the other bodies' (mma.go): Grid would launch
	// blocks with no tile to take.
	GridMMA int
	// SharedMMA is the dynamic shared memory, in bytes, that the
	// tensor-core body takes where it runs (its stages, mma.go): a
	// launch there passes it for Shared, and a device must first allow a
	// kernel more than 48 KB.
	SharedMMA int
	// Scratch is the bytes of scratch memory the kernel takes (a
	// ParamScratch), 0 for none: a contraction whose K its blocks split
	// (splitk.go) keeps its parts' sums and counters there. The counters
	// must be zero at the launch, and are again after it.
	Scratch int64
	// Sync is set when the kernel synchronizes the threads of a block
	// (__syncthreads): they must run together, Block of them.
	Sync bool
	// Form is the kind of kernel (one of the Form constants), followed
	// by ", K in N parts" when its blocks split K (splitk.go) and
	// " + epilogue" when it runs the next step's too: what a profile of
	// the plan names its kernels by.
	Form string
	// Group, for a launch of several steps' kernels (horizontal.go), is
	// the Step of each, in order; nil for the kernel of one step.
	Group []int
	// outUnread: the kernel neither reads nor stores its output buffer
	// (kernelBuilder.outUnread).
	outUnread bool
	// covers are the steps whose views the kernel reads and writes: its
	// own, the epilogue it fused, the fills whose zeros it writes.
	covers []int
	// decls are the parameters' declarations and body the statements
	// after the prologue that declares blockIndex and gridBlocks (when
	// blockIndexed): what a launch of several kernels is made of.
	decls        []string
	body         string
	minBlocks    int
	blockIndexed bool
	scWrite      bool
	sharedBytes  int
	ownLaunch    bool
}

// The kinds of kernel (Kernel.Form), as gpu/README.md's table names
// them. A tiled contraction with tensor-core bodies runs them where the
// GPU has them (TL_MMA, TL_MFMA_*), the scalar body elsewhere.
const (
	FormFill        = "fill"
	FormCopy        = "copy"
	FormTranspose   = "transpose"
	FormScalar      = "scalar"
	FormThread      = "thread per output"
	FormReduction   = "block reduction"
	FormTiled       = "tiled"
	FormTensorCores = "tiled, tensor cores"
	FormNarrow      = "narrow"
	FormScatter     = "scatter"
)

// epilogueForm follows a kernel's Form when it runs the next step's
// epilogue too.
const epilogueForm = " + epilogue"

// StepKernel is how a step runs: what a profile of a plan names its
// steps by.
type StepKernel struct {
	// Form is the Form of the step's kernel; "" for a step with none of
	// its own (empty, constant, a fused epilogue, a dead fill, a member
	// of a launch of several after its first).
	Form string
	// Steps, for a launch of several kernels, is its Group: the launch's
	// time falls on its first step.
	Steps []int
}

// Describe is how each step of p runs on a GPU (StepKernel).
func Describe(p *plan.Plan) ([]StepKernel, error) {
	m, err := Generate(p)
	if err != nil {
		return nil, err
	}
	out := make([]StepKernel, len(m.Steps))
	for i, k := range m.Steps {
		if k != nil {
			out[i] = StepKernel{Form: k.Form, Steps: k.Group}
		}
	}
	return out, nil
}

// Module is the generated code of a plan.
type Module struct {
	Kernels []*Kernel
	// Steps[i] is step i's kernel, nil for steps that need none (empty,
	// constant: a constant is an upload), that do no work (an empty
	// iteration space), or that run in the kernel before them (a fused
	// epilogue, epilogue.go).
	Steps []*Kernel
}

// Source is the whole translation unit: the prelude and every kernel.
func (m *Module) Source() string {
	var sb strings.Builder
	sb.WriteString(prelude)
	for _, k := range m.Kernels {
		sb.WriteString("\n")
		sb.WriteString(k.Source)
	}
	return sb.String()
}

// Hash is the cache key of the module's code compiled for target (an
// offload arch such as gfx90a, or sm_90): a hex SHA-256 of both.
func (m *Module) Hash(target string) string {
	return HashSource(m.Source(), target)
}

// HashSource is the cache key of source compiled for target.
func HashSource(source, target string) string {
	h := sha256.New()
	h.Write([]byte(target))
	h.Write([]byte{0})
	h.Write([]byte(source))
	return hex.EncodeToString(h.Sum(nil))
}

// Prelude is the helper code every module starts with.
func Prelude() string { return prelude }

// Generate produces the kernels of p. An op or type it cannot compile is
// an error naming the step and the op.
func Generate(p *plan.Plan) (*Module, error) { return GenerateNamed(p, "tl") }

// GenerateNamed is Generate with kernel names starting prefix instead of
// "tl" (prefix_s<i>_<kind>), so that the kernels of several plans can
// share one translation unit.
func GenerateNamed(p *plan.Plan, prefix string) (*Module, error) {
	m := &Module{Steps: make([]*Kernel, len(p.Steps))}
	cells := findCellZeros(p)
	for i := 0; i < len(p.Steps); i++ {
		s := p.Steps[i]
		var epi *plan.Step
		if i+1 < len(p.Steps) && p.Steps[i+1].Epilogue && plan.IsEpilogueOf(s, p.Steps[i+1]) {
			epi = p.Steps[i+1]
		}
		k, fused, err := genStep(p, i, s, prefix, epi, cells)
		if err != nil {
			return nil, fmt.Errorf("gpu codegen: step %d (%s): %w", i, s.Kind, err)
		}
		if k != nil {
			k.covers = []int{i}
			if fused {
				k.Form += epilogueForm
				k.covers = append(k.covers, i+1)
				if c := cells[p.Steps[i+1]]; c != nil && c.emitted {
					k.covers = append(k.covers, c.fill)
				}
			}
			m.Steps[i] = k
			m.Kernels = append(m.Kernels, k)
		}
		if fused {
			i++ // the epilogue ran in step i's kernel: it has none
		}
	}
	m.dropDeadFills(p)
	for _, c := range cells {
		if c.emitted {
			m.dropKernel(c.fill)
		}
	}
	m.fuseLaunches(p, prefix)
	return m, nil
}

// dropKernel removes step i's kernel: its work is done elsewhere.
func (m *Module) dropKernel(i int) {
	if k := m.Steps[i]; k != nil {
		m.Steps[i] = nil
		m.Kernels = slices.DeleteFunc(m.Kernels, func(x *Kernel) bool { return x == k })
	}
}

// forwardsOutput reports whether step i, whose next step is its
// epilogue, may hand its output O to the epilogue in registers instead of
// storing it: O's buffer is a float temporary that no step reads but the
// epilogue, through O itself, so a stored element would never be read
// again. The data gradient's f32 accumulators, truncated by their
// epilogue into the f16/bf16 result, are the case (swap-cast-with-insert-
// slice-chain makes one per region).
func forwardsOutput(p *plan.Plan, i int) bool {
	o := p.Steps[i].Outputs[0]
	if o.Buf.Kind != plan.Temporary || len(o.Dyn) > 0 {
		return false
	}
	if el, err := elemOf(o.Buf.Elem); err != nil || !el.float {
		return false
	}
	for _, r := range p.Reads(o.Buf) {
		if r.Step != i+1 || r.Capture || !r.View.Same(o) {
			return false
		}
	}
	for _, v := range p.Steps[i+1].Outputs {
		if v.Buf == o.Buf {
			return false
		}
	}
	return true
}

// dropDeadFills removes the kernels of the fills of a buffer that a
// kernel with outUnread set writes: its producer kept the output in
// registers from zero and handed it to the epilogue, and no step reads
// the buffer otherwise (forwardsOutput), so nothing reads what a fill
// writes there. The steps stay in the plan; they have no kernel.
func (m *Module) dropDeadFills(p *plan.Plan) {
	dead := map[*plan.Buffer]bool{}
	for i, k := range m.Steps {
		if k != nil && k.outUnread {
			dead[p.Steps[i].Outputs[0].Buf] = true
		}
	}
	if len(dead) == 0 {
		return
	}
	for i, s := range p.Steps {
		if s.Kind == plan.StepFill && len(s.Outputs) == 1 && dead[s.Outputs[0].Buf] {
			m.dropKernel(i)
		}
	}
}

// genStep emits step i's kernel; epi, when not nil, is the next step, an
// epilogue of s the kernel may fuse (fused reports whether it did).
func genStep(p *plan.Plan, i int, s *plan.Step, prefix string, epi *plan.Step, cells map[*plan.Step]*cellZeros) (k *Kernel, fused bool, err error) {
	kb := newKernelBuilder(prefix, i, s.Kind.String())
	kb.cells = cells
	switch s.Kind {
	case plan.StepEmpty, plan.StepConstant:
		return nil, false, nil
	case plan.StepFill:
		k, err = genFill(kb, s)
	case plan.StepCopy:
		k, err = genCopy(kb, s)
	case plan.StepGeneric:
		kb.outZero = p.ZeroOnEntry(i)
		kb.fwdOut = epi != nil && forwardsOutput(p, i)
		return genGeneric(kb, s, epi)
	case plan.StepScalar:
		k, err = genScalar(kb, p, s)
	default:
		err = fmt.Errorf("unknown step kind %d", s.Kind)
	}
	return k, false, err
}

// gridFor is the number of blocks for n work items.
func gridFor(n int64) int {
	g := (n + BlockSize - 1) / BlockSize
	return int(max(1, min(g, maxGrid)))
}

// HIPOptions are the hiprtc options for the generated source on arch
// (e.g. gfx90a, or a full target ID such as gfx942:sramecc+:xnack-).
// Floating-point contraction is off: a multiply and an add round
// separately, as they do on the CPU, so results can match bit for bit.
func HIPOptions(arch string) []string {
	return []string{"--offload-arch=" + arch, "-O3", "-ffp-contract=off"}
}

// CUDAOptions are the NVRTC options for arch (e.g. sm_90): no fused
// multiply-add contraction, for the same reason as HIPOptions, and
// C++17, which the generated source is (hexadecimal float literals): the
// default of NVRTC 12 and later, not of 11.x, which otherwise rejects
// them.
func CUDAOptions(arch string) []string {
	return []string{"--gpu-architecture=" + arch, "--fmad=false", "-std=c++17"}
}
