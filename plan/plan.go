// Package plan turns a function lowered to linalg-on-tensors into a
// backend-neutral execution plan: a set of buffers (with the views the
// tensor values are in them) and an ordered list of steps.
//
// Bufferization follows destructive-update rules (IREE's
// LinalgRewriteDestructiveUpdates, seed 002): a value that is written by an
// op (an `outs` operand, the destination of tensor.insert_slice) is written
// in place when nothing reads its buffer later, so `fill` + strided
// `insert_slice` is one buffer and never a copy of a zero tensor; reshapes,
// casts and extract_slice are views, never copies. A liveness pass then
// assigns temporaries to offsets of one arena so that buffers with disjoint
// lifetimes share memory, and reports the peak.
//
// The plan keeps pointers into a private, generalized clone of the
// function: a Generic step carries its linalg.generic so that a backend can
// compile the body; the caller's module is never modified.
package plan

import (
	"fmt"
	"slices"
	"strings"

	"github.com/torchlower/torchlower/ir"
)

// BufferKind says who owns a buffer's storage.
type BufferKind uint8

const (
	// Argument buffers are the caller's inputs: read-only.
	Argument BufferKind = iota
	// Result buffers are handed back to the caller; the backend allocates
	// each one separately so that no copy is needed at the end.
	Result
	// Constant buffers hold a materialized dense or dense_resource
	// attribute; they are read-only and live in the arena.
	Constant
	// Temporary buffers live in the arena for their live range only.
	Temporary
)

func (k BufferKind) String() string {
	return [...]string{"arg", "result", "const", "temp"}[k]
}

// Buffer is one contiguous, row-major allocation.
type Buffer struct {
	ID    int
	Kind  BufferKind
	Elem  ir.Type
	Shape []int64
	// Index is the argument or result position (-1 for other kinds).
	Index int
	// Offset is the byte offset of a Constant or Temporary buffer in the
	// arena (Plan.ArenaBytes long); 0 for the other kinds.
	Offset int64
	// First and Last are the indices of the first and last step that
	// touch the buffer (results stay live to the end; arguments are
	// live throughout and are not the plan's memory).
	First, Last int
}

// NumElements is the element count.
func (b *Buffer) NumElements() int64 { return ir.NumElements(b.Shape) }

// Bytes is the storage size.
func (b *Buffer) Bytes() int64 { return b.NumElements() * int64(ir.ElementByteSize(b.Elem)) }

// Name is the buffer's printed name, %bN.
func (b *Buffer) Name() string { return fmt.Sprintf("%%b%d", b.ID) }

// View is a strided window of a buffer: element (i0, ..., in-1) of the
// view is element Offset + Σ ik·Strides[k] of the buffer's storage
// (offsets and strides count elements, not bytes).
type View struct {
	Buf     *Buffer
	Offset  int64
	Shape   []int64
	Strides []int64
	// Dyn are run-time terms of the offset (scalar registers times
	// coefficients), each with the range its scalar must lie in; the
	// view's offset is Offset + Σ Coef·Scalars[Slot]. Empty for views
	// known at plan time.
	Dyn []DynOffset
}

// NumElements is the element count of the window.
func (v View) NumElements() int64 { return ir.NumElements(v.Shape) }

// IsContiguous reports whether the view is a dense row-major run starting
// at Offset (unit dims may have any stride).
func (v View) IsContiguous() bool {
	s := int64(1)
	for i := len(v.Shape) - 1; i >= 0; i-- {
		if v.Shape[i] != 1 && v.Strides[i] != s {
			return false
		}
		s *= v.Shape[i]
	}
	return true
}

// IsWhole reports whether the view covers its whole buffer densely.
func (v View) IsWhole() bool {
	return v.Offset == 0 && len(v.Dyn) == 0 && v.IsContiguous() && v.NumElements() == v.Buf.NumElements()
}

func (v View) String() string {
	if v.IsWhole() && slices.Equal(v.Shape, v.Buf.Shape) {
		return v.Buf.Name()
	}
	off := fmt.Sprint(v.Offset)
	for _, d := range v.Dyn {
		off += d.String()
	}
	return fmt.Sprintf("%s[%s +%s strides %s]", v.Buf.Name(), ir.ShapeString(v.Shape), off, joinInts(v.Strides, ","))
}

// fullView is the dense row-major view of a whole buffer.
func fullView(b *Buffer) View {
	return View{Buf: b, Shape: append([]int64(nil), b.Shape...), Strides: ContiguousStrides(b.Shape)}
}

// ContiguousStrides is the row-major element strides of shape.
func ContiguousStrides(shape []int64) []int64 {
	st := make([]int64, len(shape))
	s := int64(1)
	for i := len(shape) - 1; i >= 0; i-- {
		st[i] = s
		s *= shape[i]
	}
	return st
}

// StepKind says what a step does.
type StepKind uint8

const (
	// StepEmpty marks where a buffer's storage starts being used; it writes
	// nothing (the contents are undefined until written).
	StepEmpty StepKind = iota
	// StepConstant materializes Step.Value (a *ir.DenseElementsAttr or
	// ir.DenseResourceAttr) into Outputs[0].
	StepConstant
	// StepFill writes the scalar Step.Value into every element of Outputs[0].
	StepFill
	// StepCopy copies Inputs[0] into Outputs[0] (same shape, any strides).
	StepCopy
	// StepGeneric runs Step.Op, a linalg.generic, reading Inputs and
	// Captures and writing Outputs.
	StepGeneric
	// StepScalar runs Step.Program, straight-line scalar code outside any
	// region (tensor.extract from Inputs, integer arith), writing scalar
	// registers (Plan.Scalars) that later instructions and the dynamic
	// offsets of views (View.Dyn) read.
	StepScalar
)

func (k StepKind) String() string {
	return [...]string{"empty", "constant", "fill", "copy", "generic", "scalar"}[k]
}

// Capture is a tensor defined outside a generic's body and read inside
// it (by tensor.extract).
type Capture struct {
	Value *ir.Value
	View  View
}

// Step is one unit of work.
type Step struct {
	Kind StepKind
	// Op is the op the step comes from (for Generic, the linalg.generic
	// whose body the backend compiles; named ops arrive generalized).
	Op       *ir.Operation
	Inputs   []View
	Outputs  []View
	Captures []Capture
	// Value is the scalar of a Fill (ir.FloatAttr or ir.IntegerAttr) or
	// the attribute of a Constant.
	Value ir.Attribute
	// Program is the code of a Scalar step.
	Program []ScalarInstr
	// Epilogue marks an elementwise generic that consumes the output of
	// the step before it (a contraction) element for element: one
	// dispatch with it. A backend may apply it per output tile as the
	// producer finishes each tile, or run it as its own pass; both give
	// the same result (markEpilogues says what holds).
	Epilogue bool
	// Text is the one-line form of the op the step comes from, printed
	// when Op is not one Build planned (a plan read back from a compiled
	// module has no IR for most steps).
	Text string
}

// HasDynamicViews reports whether any view of the step has a run-time
// offset.
func (s *Step) HasDynamicViews() bool {
	for _, v := range s.Inputs {
		if len(v.Dyn) > 0 {
			return true
		}
	}
	for _, v := range s.Outputs {
		if len(v.Dyn) > 0 {
			return true
		}
	}
	for _, c := range s.Captures {
		if len(c.View.Dyn) > 0 {
			return true
		}
	}
	return false
}

// Plan is the whole program.
type Plan struct {
	Func    string
	Buffers []*Buffer
	// Args and Results are the buffers of the function's arguments and
	// results in order; a nil result is a None (a masked output).
	Args    []*Buffer
	Results []*Buffer
	Steps   []*Step
	// Scalars are the scalar registers Scalar steps write (indexed by
	// Scalar.ID).
	Scalars []*Scalar
	// ArenaBytes is the size of the one allocation that holds every
	// Constant and Temporary buffer at its Offset.
	ArenaBytes int64

	peak    int64
	opText  map[*ir.Operation]string
	aliases []string
	// zeroOnEntry is per step (markZeroOnEntry).
	zeroOnEntry []bool
}

// Read is one step's read of a buffer: through an input view, or a
// captured one (a gather's table).
type Read struct {
	Step    int
	View    View
	Capture bool
}

// Reads lists every read of b by the plan's steps, in step order.
func (p *Plan) Reads(b *Buffer) []Read {
	var out []Read
	for i, s := range p.Steps {
		for _, v := range s.Inputs {
			if v.Buf == b {
				out = append(out, Read{Step: i, View: v})
			}
		}
		for _, c := range s.Captures {
			if c.View.Buf == b {
				out = append(out, Read{Step: i, View: c.View, Capture: true})
			}
		}
	}
	return out
}

// Needs reports whether running the plan reads what b holds on entry:
// some step reads it, or it is handed back as a result. An argument it
// does not need (the input of a data gradient, which only gives its
// shape) need not be copied to a device.
func (p *Plan) Needs(b *Buffer) bool {
	return len(p.Reads(b)) > 0 || slices.Contains(p.Results, b)
}

// PeakBytes is the largest amount of memory the plan itself holds at
// once: over all steps, the sum of the sizes of the temporaries,
// constants and results live at that step. Arguments belong to the
// caller and are not counted.
func (p *Plan) PeakBytes() int64 { return p.peak }

// String prints the plan: a header, the buffers and the steps, each with
// the one-line form of the op it comes from. The output is deterministic.
func (p *Plan) String() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "plan @%s: %d buffers, %d steps, peak %d bytes, arena %d bytes", p.Func, len(p.Buffers), len(p.Steps), p.peak, p.ArenaBytes)
	if len(p.Scalars) > 0 {
		fmt.Fprintf(&sb, ", %d scalars", len(p.Scalars))
	}
	sb.WriteByte('\n')
	for _, a := range p.aliases {
		sb.WriteString(a + "\n")
	}
	sb.WriteString("buffers:\n")
	for _, b := range p.Buffers {
		fmt.Fprintf(&sb, "  %s = %s", b.Name(), b.Kind)
		if b.Kind == Argument || b.Kind == Result {
			fmt.Fprintf(&sb, "%d", b.Index)
		}
		fmt.Fprintf(&sb, " %s %d bytes", ir.Tensor(b.Elem, b.Shape...), b.Bytes())
		if b.Kind != Argument {
			fmt.Fprintf(&sb, " live %d..%d", b.First, b.Last)
		}
		if b.Kind == Constant || b.Kind == Temporary {
			fmt.Fprintf(&sb, " at arena+%d", b.Offset)
		}
		sb.WriteByte('\n')
	}
	sb.WriteString("steps:\n")
	for i := range p.Steps {
		fmt.Fprintf(&sb, "  %d: %s\n", i, p.StepString(i))
	}
	return sb.String()
}

// StepString prints step i on one line as String does (a Scalar step's
// instructions follow on lines of their own): its kind, views and the
// first line of the op it comes from.
func (p *Plan) StepString(i int) string {
	s := p.Steps[i]
	var sb strings.Builder
	sb.WriteString(s.Kind.String())
	if s.Epilogue {
		sb.WriteString(" epilogue")
	}
	if len(s.Inputs) > 0 {
		sb.WriteString(" ins(" + joinViews(s.Inputs) + ")")
	}
	if len(s.Captures) > 0 {
		vs := make([]View, len(s.Captures))
		for j, c := range s.Captures {
			vs[j] = c.View
		}
		sb.WriteString(" captures(" + joinViews(vs) + ")")
	}
	if len(s.Outputs) > 0 {
		sb.WriteString(" outs(" + joinViews(s.Outputs) + ")")
	}
	if p.ZeroOnEntry(i) {
		sb.WriteString(" zero-on-entry")
	}
	if s.Kind == StepFill {
		sb.WriteString(" value " + s.Value.String())
	}
	if s.Kind == StepScalar {
		for _, in := range s.Program {
			fmt.Fprintf(&sb, "\n       %s : %s", in.string(s), p.Scalars[in.Dst].Type)
			if t := p.textOf(in.Src, in.Text); t != "" {
				sb.WriteString("  // " + t)
			}
		}
		return sb.String()
	}
	if t := p.textOf(s.Op, s.Text); t != "" {
		sb.WriteString("  // " + t)
	}
	return sb.String()
}

// textOf is the one-line text of op as Build recorded it, or fallback.
func (p *Plan) textOf(op *ir.Operation, fallback string) string {
	if t := p.opText[op]; t != "" {
		return t
	}
	return fallback
}

func joinViews(vs []View) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = v.String()
	}
	return strings.Join(parts, ", ")
}

func joinInts(vs []int64, sep string) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = fmt.Sprint(v)
	}
	return strings.Join(parts, sep)
}
