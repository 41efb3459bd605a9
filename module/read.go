package module

import (
	"encoding/binary"
	"fmt"
	"math"
	"strconv"
	"unsafe"

	flatbuffers "github.com/google/flatbuffers/go"

	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/module/internal/fb"
	"github.com/torchlower/torchlower/plan"
)

// Limits on what a module may claim, so that a corrupt one is an error at
// load rather than an absurd allocation later.
const (
	maxBufferBytes = 1 << 46
	maxRank        = 64
)

// Sniff reports whether data starts like a module (its file identifier).
func Sniff(data []byte) bool {
	return len(data) >= 8 && string(data[4:8]) == Identifier
}

// Decode reads a module from data; name is the file it came from, for
// messages. The plans' constants point into data (nothing is copied), so
// data must stay unchanged while they are used. When data is not
// ConstantAlign aligned in memory it is copied once into a buffer that is.
func Decode(name string, data []byte) (*Module, error) {
	m, err := decode(name, data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return m, nil
}

func decode(name string, data []byte) (*Module, error) {
	if len(data) < 8 {
		return nil, fmt.Errorf("not a torchlower module: %d bytes is too short (truncated?)", len(data))
	}
	if id := string(data[4:8]); id != Identifier {
		return nil, fmt.Errorf("not a torchlower module: file identifier %q, want %q", id, Identifier)
	}
	if len(data)%ConstantAlign != 0 {
		return nil, fmt.Errorf("corrupt module: %d bytes is not a multiple of %d (truncated?)", len(data), ConstantAlign)
	}
	if uintptr(unsafe.Pointer(&data[0]))%ConstantAlign != 0 {
		data = alignedCopy(data)
	}
	// The schema version first, so that a newer file says so rather than
	// failing on a field this build does not know.
	root := fb.GetRootAsModule(data, 0)
	if err := verifyPart(data, &tableType{"Module", tModule.fields[:1]}); err != nil {
		return nil, err
	}
	switch v := root.SchemaVersion(); {
	case v == 0:
		return nil, fmt.Errorf("corrupt module: no schema version")
	case v > SchemaVersion:
		return nil, fmt.Errorf("schema version %d is newer than this torchlower reads (%d); use a newer torchlower or compile the module again", v, SchemaVersion)
	}
	if err := verify(data); err != nil {
		return nil, fmt.Errorf("corrupt module: %w", err)
	}
	m := &Module{Name: name, SchemaVersion: root.SchemaVersion(), Target: string(root.Target()), Size: len(data)}
	if err := ParseTarget(m.Target); err != nil {
		return nil, fmt.Errorf("corrupt module: %w", err)
	}
	if p := root.Producer(nil); p != nil {
		m.Producer = Producer{Torchlower: string(p.Torchlower()), Go: string(p.Go()), Source: string(p.Source()), Pipeline: string(p.Pipeline())}
	}
	src, err := m.kernelEntries(root)
	if err != nil {
		return nil, err
	}
	// Everything is decoded on this goroutine. Parsing the kernels on
	// another while the plans were decoded here was measured slower in
	// fresh processes on a 2-core VM: a goroutine took 0.15-0.8 ms to
	// start (waking an idle CPU), and its allocations came from spans of
	// its own, touching more fresh pages, each of which costs a fault.
	// The kernels come first, so that each generic step is linked to its
	// kernel as it is decoded.
	d := &decoder{root: root, consts: map[int]ir.Attribute{}}
	if d.kernels, err = parseKernels(name+": kernels", src); err != nil {
		return nil, fmt.Errorf("kernels: %w", err)
	}
	if d.kernels.module != nil {
		if err := ir.Verify(d.kernels.module); err != nil {
			return nil, fmt.Errorf("kernels: %w", err)
		}
	}
	m.kernels = d.kernels.module
	var fp fb.Plan
	plans := make([]*plan.Plan, root.PlansLength())
	for i := range plans {
		root.Plans(&fp, i)
		p, err := d.plan(&fp)
		if err != nil {
			return nil, fmt.Errorf("plan %d: %w", i, err)
		}
		plans[i] = p
	}
	var fe fb.EntryPoint
	for i := 0; i < root.EntryPointsLength(); i++ {
		root.EntryPoints(&fe, i)
		e, err := entry(&fe, plans)
		if err != nil {
			return nil, fmt.Errorf("entry point %d: %w", i, err)
		}
		m.Entries = append(m.Entries, e)
	}
	if len(m.Entries) == 0 {
		return nil, fmt.Errorf("corrupt module: no entry points")
	}
	return m, nil
}

// kernelEntries reads the Kernel entries of the module's target (entries
// of other targets are skipped): the ir1 kernels of its plans, which it
// returns, and for a GPU target its GPU code, which it sets in m.GPU.
func (m *Module) kernelEntries(root *fb.Module) ([]byte, error) {
	var ir1 []byte
	var k fb.Kernel
	var gc GPUCode
	seen := map[string]bool{}
	for i := 0; i < root.KernelsLength(); i++ {
		root.Kernels(&k, i)
		if string(k.Target()) != m.Target {
			continue
		}
		format := string(k.Format())
		switch {
		case format == kernelFormat:
			ir1 = k.DataBytes()
		case isGPU(m.Target) && format == sourceFormat:
			gc.Source = string(k.DataBytes())
		case isGPU(m.Target) && format == binaryFormat:
			gc.Binary = k.DataBytes()
			if gc.Binary == nil {
				gc.Binary = []byte{}
			}
		case isGPU(m.Target):
			return nil, fmt.Errorf("corrupt module: kernels for %s in format %q (want %s, %s or %s)", m.Target, format, kernelFormat, sourceFormat, binaryFormat)
		default:
			return nil, fmt.Errorf("kernels for %s are in format %q, want %s", m.Target, format, kernelFormat)
		}
		if seen[format] {
			return nil, fmt.Errorf("corrupt module: two %s kernel entries for %s", format, m.Target)
		}
		seen[format] = true
	}
	if isGPU(m.Target) {
		if !seen[sourceFormat] {
			return nil, fmt.Errorf("corrupt module: no GPU kernel source for %s", m.Target)
		}
		if err := checkGPUCode(m.Target, &gc); err != nil {
			return nil, fmt.Errorf("corrupt module: %w", err)
		}
		m.GPU = &gc
	}
	return ir1, nil
}

// alignedCopy copies data to memory aligned to ConstantAlign.
func alignedCopy(data []byte) []byte {
	raw := make([]byte, len(data)+ConstantAlign)
	off := int((ConstantAlign - uintptr(unsafe.Pointer(&raw[0]))%ConstantAlign) % ConstantAlign)
	out := raw[off : off+len(data) : off+len(data)]
	copy(out, data)
	return out
}

func tensorTypes(n int, at func(*fb.TensorType, int) bool) ([]TensorType, error) {
	out := make([]TensorType, n)
	var t fb.TensorType
	for i := range out {
		at(&t, i)
		if t.None() {
			out[i] = TensorType{None: true}
			continue
		}
		elem, err := parseElem(string(t.Elem()))
		if err != nil {
			return nil, err
		}
		shape := make([]int64, t.ShapeLength())
		for j := range shape {
			shape[j] = t.Shape(j)
		}
		out[i] = TensorType{Elem: elem, Shape: shape}
	}
	return out, nil
}

func entry(fe *fb.EntryPoint, plans []*plan.Plan) (*Entry, error) {
	e := &Entry{Name: string(fe.Name())}
	if int(fe.Plan()) >= len(plans) {
		return nil, fmt.Errorf("@%s: plan %d of %d", e.Name, fe.Plan(), len(plans))
	}
	e.Plan = plans[fe.Plan()]
	var err error
	if e.Args, err = tensorTypes(fe.ArgsLength(), fe.Args); err != nil {
		return nil, fmt.Errorf("@%s: %w", e.Name, err)
	}
	if e.Results, err = tensorTypes(fe.ResultsLength(), fe.Results); err != nil {
		return nil, fmt.Errorf("@%s: %w", e.Name, err)
	}
	if e.Name != e.Plan.Func {
		return nil, fmt.Errorf("@%s runs a plan of @%s", e.Name, e.Plan.Func)
	}
	match := func(what string, ts []TensorType, bufs []*plan.Buffer) error {
		if len(ts) != len(bufs) {
			return fmt.Errorf("@%s: %d %ss in the signature, %d in the plan", e.Name, len(ts), what, len(bufs))
		}
		for i, t := range ts {
			b := bufs[i]
			if t.None != (b == nil) || (b != nil && (!ir.TypeEqual(t.Elem, b.Elem) || !equalInts(t.Shape, b.Shape))) {
				return fmt.Errorf("@%s: %s %d is %s in the signature but not in the plan", e.Name, what, i, t)
			}
		}
		return nil
	}
	if err := match("argument", e.Args, e.Plan.Args); err != nil {
		return nil, err
	}
	if err := match("result", e.Results, e.Plan.Results); err != nil {
		return nil, err
	}
	return e, nil
}

func equalInts(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

type decoder struct {
	root    *fb.Module
	kernels *kernelSet
	consts  map[int]ir.Attribute
	slab    []int64
	vslab   []plan.View
	strides [][]int64 // rowMajor's, by buffer ID, for the plan being decoded
	// fv and dyn are views' cursors, kept here: a local one escapes to
	// the heap on every call.
	fv  fb.View
	dyn fb.DynOffset
}

// ints returns n int64s carved from a larger allocation: a plan has
// thousands of small shapes and strides, and allocating each was a good
// part of decoding. The slices are capped, so appending to one copies.
func (d *decoder) ints(n int) []int64 {
	if n > len(d.slab) {
		d.slab = make([]int64, max(n, 4096))
	}
	out := d.slab[:n:n]
	d.slab = d.slab[n:]
	return out
}

// viewSlice returns n views carved from a larger allocation, as ints
// does: every step has a few.
func (d *decoder) viewSlice(n int) []plan.View {
	if n > len(d.vslab) {
		d.vslab = make([]plan.View, max(n, 256))
	}
	out := d.vslab[:n:n]
	d.vslab = d.vslab[n:]
	return out
}

// shapeElems checks a shape of n dimensions and returns it, in an array
// from alloc, and its element count.
func shapeElems(n int, at func(int) int64, alloc func(int) []int64) ([]int64, int64, error) {
	if n > maxRank {
		return nil, 0, fmt.Errorf("rank %d is more than %d", n, maxRank)
	}
	shape := alloc(n)
	count := int64(1)
	for i := range shape {
		d := at(i)
		if d < 0 || d > maxBufferBytes {
			return nil, 0, fmt.Errorf("dimension %d has size %d", i, d)
		}
		shape[i] = d
		if d != 0 && count > maxBufferBytes/d {
			return nil, 0, fmt.Errorf("more than %d elements", int64(maxBufferBytes))
		}
		count *= d
	}
	return shape, count, nil
}

func newInts(n int) []int64 { return make([]int64, n) }

// plan decodes fp's buffers and steps, linking the generic steps to their
// kernels (d.kernels, parsed), and derives what Restore derives.
func (d *decoder) plan(fp *fb.Plan) (*plan.Plan, error) {
	p := &plan.Plan{Func: string(fp.Func()), ArenaBytes: fp.ArenaBytes()}
	if p.ArenaBytes < 0 || p.ArenaBytes > maxBufferBytes {
		return nil, fmt.Errorf("arena of %d bytes", p.ArenaBytes)
	}
	var fbuf fb.Buffer
	p.Buffers = make([]*plan.Buffer, fp.BuffersLength())
	d.strides = make([][]int64, len(p.Buffers))
	bufs := make([]plan.Buffer, len(p.Buffers)) // one allocation for them all
	for i := range p.Buffers {
		fp.Buffers(&fbuf, i)
		b := &bufs[i]
		*b = plan.Buffer{ID: i, Kind: plan.BufferKind(fbuf.Kind()), Index: int(fbuf.Index()), Offset: fbuf.Offset(), First: int(fbuf.First()), Last: int(fbuf.Last())}
		if b.Kind > plan.Temporary {
			return nil, fmt.Errorf("buffer %d has unknown kind %d", i, b.Kind)
		}
		var err error
		if b.Elem, err = parseElem(string(fbuf.Elem())); err != nil {
			return nil, fmt.Errorf("buffer %d: %w", i, err)
		}
		var n int64
		if b.Shape, n, err = shapeElems(fbuf.ShapeLength(), fbuf.Shape, d.ints); err != nil {
			return nil, fmt.Errorf("buffer %d: %w", i, err)
		}
		if es := int64(ir.ElementByteSize(b.Elem)); es == 0 || n > maxBufferBytes/es {
			return nil, fmt.Errorf("buffer %d: too large", i)
		}
		if b.Kind == plan.Constant || b.Kind == plan.Temporary {
			if b.Offset < 0 || b.Offset > p.ArenaBytes-b.Bytes() {
				return nil, fmt.Errorf("buffer %d (%d bytes at %d) lies outside the %d-byte arena", i, b.Bytes(), b.Offset, p.ArenaBytes)
			}
		}
		p.Buffers[i] = b
	}
	refs := func(what string, n int, at func(int) int32, kind plan.BufferKind, noneOK bool) ([]*plan.Buffer, error) {
		out := make([]*plan.Buffer, n)
		for i := range out {
			x := int(at(i))
			if x == -1 && noneOK {
				continue
			}
			if x < 0 || x >= len(p.Buffers) {
				return nil, fmt.Errorf("%s %d is buffer %d of %d", what, i, x, len(p.Buffers))
			}
			b := p.Buffers[x]
			if b.Kind != kind || b.Index != i {
				return nil, fmt.Errorf("%s %d is %s, a %s with index %d", what, i, b.Name(), b.Kind, b.Index)
			}
			out[i] = b
		}
		return out, nil
	}
	var err error
	if p.Args, err = refs("argument", fp.ArgsLength(), fp.Args, plan.Argument, false); err != nil {
		return nil, err
	}
	if p.Results, err = refs("result", fp.ResultsLength(), fp.Results, plan.Result, true); err != nil {
		return nil, err
	}
	p.Scalars = make([]*plan.Scalar, fp.ScalarsLength())
	for i := range p.Scalars {
		t, err := parseElem(string(fp.Scalars(i)))
		if err != nil || !ir.IsIntOrIndex(t) {
			return nil, fmt.Errorf("scalar register %d has type %q, want an integer or index", i, fp.Scalars(i))
		}
		p.Scalars[i] = &plan.Scalar{ID: i, Type: t}
	}
	var fs fb.Step
	p.Steps = make([]*plan.Step, fp.StepsLength())
	// One allocation for all the steps: a plan has hundreds.
	steps := make([]plan.Step, len(p.Steps))
	for i := range p.Steps {
		fp.Steps(&fs, i)
		s, err := d.step(p, &fs, &steps[i])
		if err != nil {
			return nil, fmt.Errorf("step %d: %w", i, err)
		}
		// A backend fuses an epilogue into the generic before it; the
		// mark is checked against its producer as already marked.
		if fs.Epilogue() {
			if s.Epilogue = true; i == 0 || !plan.IsEpilogueOf(p.Steps[i-1], s) {
				return nil, fmt.Errorf("step %d: marked as the epilogue of the step before it, which it cannot be", i)
			}
		}
		p.Steps[i] = s
	}
	aliases := make([]string, fp.AliasesLength())
	for i := range aliases {
		aliases[i] = string(fp.Aliases(i))
	}
	p.Restore(fp.PeakBytes(), aliases)
	return p, nil
}

func (d *decoder) views(p *plan.Plan, n int, at func(*fb.View, int) bool) ([]plan.View, error) {
	if n == 0 {
		return nil, nil
	}
	out := d.viewSlice(n)
	fv, dyn := &d.fv, &d.dyn
	for i := range out {
		at(fv, i)
		if int(fv.Buffer()) >= len(p.Buffers) {
			return nil, fmt.Errorf("view %d of buffer %d of %d", i, fv.Buffer(), len(p.Buffers))
		}
		v := plan.View{Buf: p.Buffers[fv.Buffer()], Offset: fv.Offset()}
		// The shape and strides are read from the file's bytes directly:
		// the generated accessors look the field up again per element.
		t := fv.Table()
		shape, strides := rawVector(&t, viewShapeSlot, 8), rawVector(&t, viewStridesSlot, 8)
		rank := len(shape) / 8
		if rank > maxRank || len(strides) != len(shape) {
			return nil, fmt.Errorf("view %d has rank %d and %d strides", i, rank, len(strides)/8)
		}
		whole := wholeView(shape, strides, v.Buf)
		if whole {
			// Most views are of a whole buffer: they share its shape and
			// its row-major strides instead of copies of their own.
			v.Shape, v.Strides = v.Buf.Shape, d.rowMajor(v.Buf)
		} else {
			v.Shape, v.Strides = d.ints(rank), d.ints(rank)
			for j := range v.Shape {
				if v.Shape[j] = int64(binary.LittleEndian.Uint64(shape[8*j:])); v.Shape[j] < 0 || v.Shape[j] > maxBufferBytes {
					return nil, fmt.Errorf("view %d: dimension %d has size %d", i, j, v.Shape[j])
				}
			}
			for j := range v.Strides {
				v.Strides[j] = int64(binary.LittleEndian.Uint64(strides[8*j:]))
				if s := v.Strides[j]; s > maxBufferBytes || s < -maxBufferBytes {
					return nil, fmt.Errorf("view %d has stride %d", i, s)
				}
			}
		}
		if v.Offset < -maxBufferBytes || v.Offset > maxBufferBytes {
			return nil, fmt.Errorf("view %d has offset %d", i, v.Offset)
		}
		for j := 0; j < fv.DynLength(); j++ {
			fv.Dyn(dyn, j)
			t := plan.DynOffset{Slot: int(dyn.Slot()), Coef: dyn.Coef(), Max: dyn.Max()}
			if t.Slot < 0 || t.Slot >= len(p.Scalars) {
				return nil, fmt.Errorf("view %d reads scalar register %d of %d", i, t.Slot, len(p.Scalars))
			}
			if t.Coef > maxBufferBytes || t.Coef < -maxBufferBytes || t.Max < 0 || t.Max > maxBufferBytes {
				return nil, fmt.Errorf("view %d has a run-time offset term out of range", i)
			}
			v.Dyn = append(v.Dyn, t)
		}
		// A whole buffer read from its start lies in it by construction.
		if !whole || v.Offset != 0 || len(v.Dyn) > 0 {
			if err := inBounds(v); err != nil {
				return nil, fmt.Errorf("view %d: %w", i, err)
			}
		}
		out[i] = v
	}
	return out, nil
}

// wholeView reports whether the view of shape and strides (raw
// little-endian int64s) is the whole of b in row-major order: b's shape,
// and each stride the product of the sizes after it.
func wholeView(shape, strides []byte, b *plan.Buffer) bool {
	rank := len(shape) / 8
	if rank != len(b.Shape) || len(strides) != len(shape) {
		return false
	}
	stride := int64(1)
	for j := rank - 1; j >= 0; j-- {
		if int64(binary.LittleEndian.Uint64(shape[8*j:])) != b.Shape[j] || int64(binary.LittleEndian.Uint64(strides[8*j:])) != stride {
			return false
		}
		stride *= b.Shape[j]
	}
	return true
}

// Vtable slots of View's vectors, from the schema's description (verify
// walks the same; a test checks it against the generated code).
var (
	viewShapeSlot   = slotOf(tView, "shape")
	viewStridesSlot = slotOf(tView, "strides")
)

// slotOf is the vtable slot of t's field name.
func slotOf(t *tableType, name string) flatbuffers.VOffsetT {
	for i, f := range t.fields {
		if f.name == name {
			return flatbuffers.VOffsetT(4 + 2*i)
		}
	}
	panic("module: no field " + name + " in " + t.name)
}

// rawVector is the bytes of the vector field at slot of t, elem bytes an
// element (nil when the field is absent). verify has checked that it
// lies in the buffer.
func rawVector(t *flatbuffers.Table, slot flatbuffers.VOffsetT, elem int) []byte {
	o := flatbuffers.UOffsetT(t.Offset(slot))
	if o == 0 {
		return nil
	}
	start := int(t.Vector(o))
	return t.Bytes[start : start+t.VectorLen(o)*elem]
}

// rowMajor returns b's row-major strides, computed once per buffer.
func (d *decoder) rowMajor(b *plan.Buffer) []int64 {
	if st := d.strides[b.ID]; st != nil {
		return st
	}
	st := d.ints(len(b.Shape))
	stride := int64(1)
	for j := len(st) - 1; j >= 0; j-- {
		st[j] = stride
		stride *= b.Shape[j]
	}
	d.strides[b.ID] = st
	return st
}

// inBounds checks that every element a view can reach, for every value
// its run-time offsets may take, lies in its buffer: a backend may then
// index the buffer without checks of its own, and a corrupt module cannot
// make it read or write outside. Each term is bounded before it is
// summed, so nothing overflows.
func inBounds(v plan.View) error {
	lo, hi := v.Offset, v.Offset
	term := func(coef, n int64) error {
		if n == 0 || coef == 0 {
			return nil
		}
		if coef > maxBufferBytes/n || coef < -maxBufferBytes/n {
			return fmt.Errorf("stride %d over %d elements is out of range", coef, n)
		}
		if coef > 0 {
			hi += coef * n
		} else {
			lo += coef * n
		}
		return nil
	}
	for k, n := range v.Shape {
		if n == 0 {
			return nil // no elements
		}
		if err := term(v.Strides[k], n-1); err != nil {
			return err
		}
	}
	for _, t := range v.Dyn {
		if err := term(t.Coef, t.Max); err != nil {
			return err
		}
	}
	if lo < 0 || hi >= v.Buf.NumElements() {
		return fmt.Errorf("reaches elements %d..%d of %s, which has %d", lo, hi, v.Buf.Name(), v.Buf.NumElements())
	}
	return nil
}

// step decodes fs, step index of p, into s.
func (d *decoder) step(p *plan.Plan, fs *fb.Step, s *plan.Step) (*plan.Step, error) {
	*s = plan.Step{Kind: plan.StepKind(fs.Kind()), Text: fileString(fs.Text())}
	if s.Kind > plan.StepScalar {
		return nil, fmt.Errorf("unknown step kind %d", s.Kind)
	}
	var err error
	if s.Inputs, err = d.views(p, fs.InputsLength(), fs.Inputs); err != nil {
		return nil, err
	}
	if s.Outputs, err = d.views(p, fs.OutputsLength(), fs.Outputs); err != nil {
		return nil, err
	}
	caps, err := d.views(p, fs.CapturesLength(), fs.Captures)
	if err != nil {
		return nil, err
	}
	switch s.Kind {
	case plan.StepGeneric:
		if fs.CaptureArgsLength() != len(caps) {
			return nil, fmt.Errorf("%d capture arguments for %d captures", fs.CaptureArgsLength(), len(caps))
		}
		name := fs.Kernel()
		g, ok := d.kernels.generic[string(name)]
		if !ok {
			return nil, fmt.Errorf("generic step's kernel @%s is not in the module", name)
		}
		if g.NumOperands() != len(s.Inputs)+len(s.Outputs) {
			return nil, fmt.Errorf("kernel @%s has %d operands for %d views", name, g.NumOperands(), len(s.Inputs)+len(s.Outputs))
		}
		s.Op = g
		if len(caps) > 0 {
			args := d.kernels.args[string(name)]
			s.Captures = make([]plan.Capture, len(caps))
			for i, v := range caps {
				a := int(fs.CaptureArgs(i))
				if a >= len(args) {
					return nil, fmt.Errorf("capture %d binds argument %d of kernel @%s, which has %d", i, a, name, len(args))
				}
				s.Captures[i] = plan.Capture{Value: args[a], View: v}
			}
		}
	case plan.StepConstant:
		if s.Value, err = d.constant(int(fs.Constant())); err != nil {
			return nil, err
		}
	case plan.StepFill:
		t, err := parseElem(string(fs.ValueType()))
		if err != nil {
			return nil, fmt.Errorf("fill value: %w", err)
		}
		switch fs.ValueKind() {
		case fb.ValueKindFloat:
			ft, ok := t.(ir.FloatType)
			if !ok {
				return nil, fmt.Errorf("float fill value of type %s", t)
			}
			v := fs.ValueFloat()
			// A FloatAttr holds a value of its type (printing relies on
			// it): a double that the type would round is not one.
			if !holdsFloat(ft, v) {
				return nil, fmt.Errorf("fill value %v is not a %s value", v, ft)
			}
			s.Value = ir.FloatAttr{Value: v, Type: ft}
		case fb.ValueKindInt:
			if !ir.IsIntOrIndex(t) {
				return nil, fmt.Errorf("integer fill value of type %s", t)
			}
			s.Value = ir.IntegerAttr{Value: fs.ValueInt(), Type: t}
		default:
			return nil, fmt.Errorf("fill without a value")
		}
	case plan.StepScalar:
		var fi fb.ScalarInstr
		var fa fb.ScalarArg
		for j := 0; j < fs.ProgramLength(); j++ {
			fs.Program(&fi, j)
			in := plan.ScalarInstr{Op: string(fi.Op()), Pred: string(fi.Pred()), SrcWidth: int(fi.SrcWidth()), Dst: int(fi.Dst()), Input: int(fi.Input()), Text: fileString(fi.Text())}
			if in.Dst < 0 || in.Dst >= len(p.Scalars) {
				return nil, fmt.Errorf("instruction %d writes scalar register %d of %d", j, in.Dst, len(p.Scalars))
			}
			if in.Input < -1 || in.Input >= len(s.Inputs) {
				return nil, fmt.Errorf("instruction %d reads input %d of %d", j, in.Input, len(s.Inputs))
			}
			if in.SrcWidth < 0 || in.SrcWidth > 64 {
				return nil, fmt.Errorf("instruction %d has source width %d", j, in.SrcWidth)
			}
			for k := 0; k < fi.ArgsLength(); k++ {
				fi.Args(&fa, k)
				a := plan.ScalarArg{Slot: int(fa.Slot()), Imm: fa.Imm()}
				if a.Slot >= len(p.Scalars) {
					return nil, fmt.Errorf("instruction %d reads scalar register %d of %d", j, a.Slot, len(p.Scalars))
				}
				if a.Slot < 0 {
					a.Slot = -1
				}
				in.Args = append(in.Args, a)
			}
			s.Program = append(s.Program, in)
		}
	}
	return s, nil
}

// fileString is b, bytes of the module, as a string that shares them, as
// the constants do (nothing of a module is used after Close). A step's
// text is only printed, and copying hundreds of op lines was a twentieth
// of a module's start-up.
func fileString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// constant returns the attribute of Module.constants[i]; its data is the
// file's bytes, not a copy.
func (d *decoder) constant(i int) (ir.Attribute, error) {
	if a, ok := d.consts[i]; ok {
		return a, nil
	}
	if i < 0 || i >= d.root.ConstantsLength() {
		return nil, fmt.Errorf("constant %d of %d", i, d.root.ConstantsLength())
	}
	var c fb.Constant
	d.root.Constants(&c, i)
	elem, err := parseElem(string(c.Elem()))
	if err != nil {
		return nil, fmt.Errorf("constant %d: %w", i, err)
	}
	shape, n, err := shapeElems(c.ShapeLength(), c.Shape, newInts)
	if err != nil {
		return nil, fmt.Errorf("constant %d: %w", i, err)
	}
	data := c.DataBytes()
	if len(data) > 0 && uintptr(unsafe.Pointer(&data[0]))%ConstantAlign != 0 {
		return nil, fmt.Errorf("constant %d is not %d-byte aligned", i, ConstantAlign)
	}
	es := int64(ir.ElementByteSize(elem))
	t := ir.Tensor(elem, shape...)
	var a ir.Attribute
	switch {
	case es > 0 && n <= math.MaxInt64/es && int64(len(data)) == n*es:
		a, err = ir.NewDenseResource("constant"+strconv.Itoa(i), t, data)
	case es > 0 && int64(len(data)) == es:
		a, err = ir.NewDenseRaw(t, data)
	default:
		err = fmt.Errorf("%d bytes of data for %s", len(data), t)
	}
	if err != nil {
		return nil, fmt.Errorf("constant %d: %w", i, err)
	}
	d.consts[i] = a
	return a, nil
}

// holdsFloat reports whether v is a value of float type ft (rounding to
// ft leaves it as it is), as a FloatAttr's value must be: printing relies
// on it. NaNs of any payload pass.
func holdsFloat(ft ir.FloatType, v float64) bool {
	return math.Float64bits(ir.RoundToFloatType(v, ft.Kind)) == math.Float64bits(v) || math.IsNaN(v)
}
