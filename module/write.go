package module

import (
	"fmt"
	"os"
	goruntime "runtime"

	flatbuffers "github.com/google/flatbuffers/go"

	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/module/internal/fb"
	"github.com/torchlower/torchlower/plan"
)

// ConstantAlign is the alignment of every constant's data in the file.
const ConstantAlign = 64

// maxFileBytes keeps a module below the 2 GiB a flatbuffer can address.
const maxFileBytes = 1<<31 - 1<<20

// Options describe the module Encode writes.
type Options struct {
	// Target is where the module runs: cpu, hip:gfxNNN or cuda:sm_NN.
	Target   string
	Producer Producer
	// GPU is the code of a GPU target (gpu.Compile makes it); nil for cpu.
	GPU *GPUCode
}

// Encode writes a module holding plans (one entry point each, named by
// the plan's function) for opts.Target. A GPU target's module holds the
// plans' GPU code (opts.GPU, gpucode.go) besides what a cpu module holds;
// a cpu module is the same bytes it always was.
func Encode(opts Options, plans ...*plan.Plan) ([]byte, error) {
	if err := ParseTarget(opts.Target); err != nil {
		return nil, err
	}
	if err := checkGPUCode(opts.Target, opts.GPU); err != nil {
		return nil, err
	}
	var extra []rawKernel
	if c := opts.GPU; c != nil {
		extra = append(extra, rawKernel{opts.Target, sourceFormat, []byte(c.Source)})
		if c.Binary != nil {
			extra = append(extra, rawKernel{opts.Target, binaryFormat, c.Binary})
		}
	}
	return encode(opts, extra, plans...)
}

// rawKernel is a Kernel entry as it is written.
type rawKernel struct {
	target, format string
	data           []byte
}

// encode writes a module with the plans' ir1 kernels under opts.Target,
// then the extra kernel entries, unchecked (tests write damaged ones).
func encode(opts Options, extra []rawKernel, plans ...*plan.Plan) ([]byte, error) {
	if err := ParseTarget(opts.Target); err != nil {
		return nil, err
	}
	if len(plans) == 0 {
		return nil, fmt.Errorf("a module needs at least one entry point")
	}
	if opts.Producer.Go == "" {
		opts.Producer.Go = goruntime.Version()
	}
	w := &writer{b: flatbuffers.NewBuilder(1 << 16), kernels: newKernelWriter()}
	// The whole file is padded to ConstantAlign (Finish pads to the
	// largest alignment seen), so that offsets aligned from the end are
	// aligned from the start too, with or without constants.
	w.b.Prep(ConstantAlign, 0)
	var planOffs, entryOffs []flatbuffers.UOffsetT
	seen := map[string]bool{}
	for i, p := range plans {
		if p == nil {
			return nil, fmt.Errorf("entry point %d: no plan", i)
		}
		if seen[p.Func] {
			return nil, fmt.Errorf("two entry points named @%s", p.Func)
		}
		seen[p.Func] = true
		po, err := w.plan(i, p)
		if err != nil {
			return nil, fmt.Errorf("@%s: %w", p.Func, err)
		}
		planOffs = append(planOffs, po)
		eo, err := w.entry(p, uint32(i))
		if err != nil {
			return nil, fmt.Errorf("@%s: %w", p.Func, err)
		}
		entryOffs = append(entryOffs, eo)
	}
	b := w.b
	blob, err := w.kernels.blob()
	if err != nil {
		return nil, err
	}
	entries := append([]rawKernel{{opts.Target, kernelFormat, blob}}, extra...)
	kernelOffs := make([]flatbuffers.UOffsetT, len(entries))
	for i, k := range entries {
		kTarget, kFormat := b.CreateString(k.target), b.CreateString(k.format)
		kData := b.CreateByteVector(k.data)
		fb.KernelStart(b)
		fb.KernelAddTarget(b, kTarget)
		fb.KernelAddFormat(b, kFormat)
		fb.KernelAddData(b, kData)
		kernelOffs[i] = fb.KernelEnd(b)
	}
	kernels := w.vector(kernelOffs)
	constants := w.vector(w.constants)
	plansVec := w.vector(planOffs)
	entryVec := w.vector(entryOffs)
	pr := opts.Producer
	ptl, pgo, psrc, ppipe := b.CreateString(pr.Torchlower), b.CreateString(pr.Go), b.CreateString(pr.Source), b.CreateString(pr.Pipeline)
	fb.ProducerStart(b)
	fb.ProducerAddTorchlower(b, ptl)
	fb.ProducerAddGo(b, pgo)
	fb.ProducerAddSource(b, psrc)
	fb.ProducerAddPipeline(b, ppipe)
	producer := fb.ProducerEnd(b)
	target := b.CreateString(opts.Target)
	fb.ModuleStart(b)
	fb.ModuleAddSchemaVersion(b, SchemaVersion)
	fb.ModuleAddTarget(b, target)
	fb.ModuleAddProducer(b, producer)
	fb.ModuleAddEntryPoints(b, entryVec)
	fb.ModuleAddPlans(b, plansVec)
	fb.ModuleAddConstants(b, constants)
	fb.ModuleAddKernels(b, kernels)
	b.FinishWithFileIdentifier(fb.ModuleEnd(b), []byte(Identifier))
	return b.FinishedBytes(), nil
}

// WriteFile encodes a module and writes it to path.
func WriteFile(path string, opts Options, plans ...*plan.Plan) error {
	data, err := Encode(opts, plans...)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return os.WriteFile(path, data, 0o644)
}

type writer struct {
	b         *flatbuffers.Builder
	kernels   *kernelWriter
	constants []flatbuffers.UOffsetT
	constSize int64
}

// vector writes a vector of offsets (tables or strings).
func (w *writer) vector(offs []flatbuffers.UOffsetT) flatbuffers.UOffsetT {
	w.b.StartVector(4, len(offs), 4)
	for i := len(offs) - 1; i >= 0; i-- {
		w.b.PrependUOffsetT(offs[i])
	}
	return w.b.EndVector(len(offs))
}

func (w *writer) longs(vs []int64) flatbuffers.UOffsetT {
	w.b.StartVector(8, len(vs), 8)
	for i := len(vs) - 1; i >= 0; i-- {
		w.b.PrependInt64(vs[i])
	}
	return w.b.EndVector(len(vs))
}

func (w *writer) ints(vs []int32) flatbuffers.UOffsetT {
	w.b.StartVector(4, len(vs), 4)
	for i := len(vs) - 1; i >= 0; i-- {
		w.b.PrependInt32(vs[i])
	}
	return w.b.EndVector(len(vs))
}

func (w *writer) strings(ss []string) flatbuffers.UOffsetT {
	offs := make([]flatbuffers.UOffsetT, len(ss))
	for i, s := range ss {
		offs[i] = w.b.CreateString(s)
	}
	return w.vector(offs)
}

// constant writes data (the raw bytes of a dense attribute of type t) and
// returns its index in Module.constants. The data starts ConstantAlign
// aligned: Prep pads so that it ends a multiple of ConstantAlign from the
// buffer's end, and Finish pads the whole buffer to that alignment.
func (w *writer) constant(t ir.RankedTensorType, data []byte) (int32, error) {
	w.constSize += int64(len(data))
	if w.constSize > maxFileBytes {
		return 0, fmt.Errorf("the constants take more than %d bytes, more than a module file can hold", maxFileBytes)
	}
	elem, err := elemString(t.Elem)
	if err != nil {
		return 0, err
	}
	b := w.b
	e, shape := b.CreateString(elem), w.longs(t.Shape)
	b.Prep(ConstantAlign, len(data))
	d := b.CreateByteVector(data)
	fb.ConstantStart(b)
	fb.ConstantAddElem(b, e)
	fb.ConstantAddShape(b, shape)
	fb.ConstantAddData(b, d)
	w.constants = append(w.constants, fb.ConstantEnd(b))
	return int32(len(w.constants) - 1), nil
}

func (w *writer) entry(p *plan.Plan, planIndex uint32) (flatbuffers.UOffsetT, error) {
	tt := func(bufs []*plan.Buffer) (flatbuffers.UOffsetT, error) {
		offs := make([]flatbuffers.UOffsetT, len(bufs))
		for i, buf := range bufs {
			var elem string
			var shape flatbuffers.UOffsetT
			if buf != nil {
				var err error
				if elem, err = elemString(buf.Elem); err != nil {
					return 0, err
				}
				shape = w.longs(buf.Shape)
			}
			e := w.b.CreateString(elem)
			fb.TensorTypeStart(w.b)
			fb.TensorTypeAddElem(w.b, e)
			if buf != nil {
				fb.TensorTypeAddShape(w.b, shape)
			}
			fb.TensorTypeAddNone(w.b, buf == nil)
			offs[i] = fb.TensorTypeEnd(w.b)
		}
		return w.vector(offs), nil
	}
	args, err := tt(p.Args)
	if err != nil {
		return 0, err
	}
	results, err := tt(p.Results)
	if err != nil {
		return 0, err
	}
	name := w.b.CreateString(p.Func)
	fb.EntryPointStart(w.b)
	fb.EntryPointAddName(w.b, name)
	fb.EntryPointAddArgs(w.b, args)
	fb.EntryPointAddResults(w.b, results)
	fb.EntryPointAddPlan(w.b, planIndex)
	return fb.EntryPointEnd(w.b), nil
}

func (w *writer) plan(pi int, p *plan.Plan) (flatbuffers.UOffsetT, error) {
	b := w.b
	index := map[*plan.Buffer]int32{}
	var bufOffs []flatbuffers.UOffsetT
	for i, buf := range p.Buffers {
		if buf == nil {
			return 0, fmt.Errorf("buffer %d is nil", i)
		}
		if _, dup := index[buf]; dup {
			return 0, fmt.Errorf("buffer %s is listed twice", buf.Name())
		}
		index[buf] = int32(i)
		elem, err := elemString(buf.Elem)
		if err != nil {
			return 0, fmt.Errorf("buffer %s: %w", buf.Name(), err)
		}
		e, shape := b.CreateString(elem), w.longs(buf.Shape)
		fb.BufferStart(b)
		fb.BufferAddKind(b, fb.BufferKind(buf.Kind))
		fb.BufferAddElem(b, e)
		fb.BufferAddShape(b, shape)
		fb.BufferAddIndex(b, int32(buf.Index))
		fb.BufferAddOffset(b, buf.Offset)
		fb.BufferAddFirst(b, int32(buf.First))
		fb.BufferAddLast(b, int32(buf.Last))
		bufOffs = append(bufOffs, fb.BufferEnd(b))
	}
	refs := func(bufs []*plan.Buffer) (flatbuffers.UOffsetT, error) {
		is := make([]int32, len(bufs))
		for i, buf := range bufs {
			is[i] = -1
			if buf != nil {
				x, ok := index[buf]
				if !ok {
					return 0, fmt.Errorf("argument or result %d is not one of the plan's buffers", i)
				}
				is[i] = x
			}
		}
		return w.ints(is), nil
	}
	view := func(v plan.View) (flatbuffers.UOffsetT, error) {
		x, ok := index[v.Buf]
		if !ok {
			return 0, fmt.Errorf("a view of a buffer that is not the plan's")
		}
		shape, strides := w.longs(v.Shape), w.longs(v.Strides)
		b.StartVector(24, len(v.Dyn), 8)
		for i := len(v.Dyn) - 1; i >= 0; i-- {
			d := v.Dyn[i]
			fb.CreateDynOffset(b, int32(d.Slot), d.Coef, d.Max)
		}
		dyn := b.EndVector(len(v.Dyn))
		fb.ViewStart(b)
		fb.ViewAddBuffer(b, uint32(x))
		fb.ViewAddOffset(b, v.Offset)
		fb.ViewAddShape(b, shape)
		fb.ViewAddStrides(b, strides)
		fb.ViewAddDyn(b, dyn)
		return fb.ViewEnd(b), nil
	}
	views := func(vs []plan.View) (flatbuffers.UOffsetT, error) {
		offs := make([]flatbuffers.UOffsetT, len(vs))
		for i, v := range vs {
			o, err := view(v)
			if err != nil {
				return 0, err
			}
			offs[i] = o
		}
		return w.vector(offs), nil
	}
	var stepOffs []flatbuffers.UOffsetT
	for si, s := range p.Steps {
		o, err := w.step(pi, si, p, s, views)
		if err != nil {
			return 0, fmt.Errorf("step %d (%s): %w", si, s.Kind, err)
		}
		stepOffs = append(stepOffs, o)
	}
	scalars := make([]string, len(p.Scalars))
	for i, sc := range p.Scalars {
		if sc == nil || sc.ID != i {
			return 0, fmt.Errorf("scalar register %d is malformed", i)
		}
		var err error
		if scalars[i], err = elemString(sc.Type); err != nil {
			return 0, fmt.Errorf("scalar %s: %w", sc.Name(), err)
		}
	}
	buffers := w.vector(bufOffs)
	args, err := refs(p.Args)
	if err != nil {
		return 0, err
	}
	results, err := refs(p.Results)
	if err != nil {
		return 0, err
	}
	steps := w.vector(stepOffs)
	scal := w.strings(scalars)
	aliases := w.strings(p.Aliases())
	name := b.CreateString(p.Func)
	fb.PlanStart(b)
	fb.PlanAddFunc(b, name)
	fb.PlanAddBuffers(b, buffers)
	fb.PlanAddArgs(b, args)
	fb.PlanAddResults(b, results)
	fb.PlanAddSteps(b, steps)
	fb.PlanAddScalars(b, scal)
	fb.PlanAddArenaBytes(b, p.ArenaBytes)
	fb.PlanAddPeakBytes(b, p.PeakBytes())
	fb.PlanAddAliases(b, aliases)
	return fb.PlanEnd(b), nil
}

func (w *writer) step(pi, si int, p *plan.Plan, s *plan.Step, views func([]plan.View) (flatbuffers.UOffsetT, error)) (flatbuffers.UOffsetT, error) {
	b := w.b
	ins, err := views(s.Inputs)
	if err != nil {
		return 0, err
	}
	outs, err := views(s.Outputs)
	if err != nil {
		return 0, err
	}
	capViews := make([]plan.View, len(s.Captures))
	for i, c := range s.Captures {
		capViews[i] = c.View
	}
	caps, err := views(capViews)
	if err != nil {
		return 0, err
	}
	var capArgs []uint32
	var name string
	var kernel flatbuffers.UOffsetT
	constIndex := int32(-1)
	valueKind := fb.ValueKindNone
	var valueType flatbuffers.UOffsetT
	var vf float64
	var vi int64
	switch s.Kind {
	case plan.StepGeneric:
		name, capArgs, err = w.kernels.add(s, fmt.Sprintf("k%d_%d", pi, si))
		if err != nil {
			return 0, err
		}
		kernel = b.CreateString(name)
	case plan.StepConstant:
		var t ir.RankedTensorType
		var data []byte
		switch x := s.Value.(type) {
		case *ir.DenseElementsAttr:
			t, data = x.Type, x.Raw()
		case ir.DenseResourceAttr:
			if x.Blob == nil {
				return 0, fmt.Errorf("dense_resource without data")
			}
			t, data = x.Type, x.Blob.Data
		default:
			return 0, fmt.Errorf("constant %v cannot be stored in a module", s.Value)
		}
		if constIndex, err = w.constant(t, data); err != nil {
			return 0, err
		}
	case plan.StepFill:
		var et ir.Type
		switch x := s.Value.(type) {
		case ir.FloatAttr:
			valueKind, vf, et = fb.ValueKindFloat, x.Value, x.Type
		case ir.IntegerAttr:
			valueKind, vi, et = fb.ValueKindInt, x.Value, x.Type
		default:
			return 0, fmt.Errorf("fill value %v cannot be stored in a module", s.Value)
		}
		ts, err := elemString(et)
		if err != nil {
			return 0, err
		}
		valueType = b.CreateString(ts)
	}
	b.StartVector(4, len(capArgs), 4)
	for i := len(capArgs) - 1; i >= 0; i-- {
		b.PrependUint32(capArgs[i])
	}
	capArgsVec := b.EndVector(len(capArgs))
	var instrs []flatbuffers.UOffsetT
	for _, in := range s.Program {
		op, pred := b.CreateString(in.Op), b.CreateString(in.Pred)
		text := in.Text
		if t := p.OpText(in.Src); t != "" {
			text = t
		}
		txt := b.CreateString(text)
		b.StartVector(16, len(in.Args), 8)
		for i := len(in.Args) - 1; i >= 0; i-- {
			fb.CreateScalarArg(b, int32(in.Args[i].Slot), in.Args[i].Imm)
		}
		args := b.EndVector(len(in.Args))
		fb.ScalarInstrStart(b)
		fb.ScalarInstrAddOp(b, op)
		fb.ScalarInstrAddPred(b, pred)
		fb.ScalarInstrAddSrcWidth(b, int32(in.SrcWidth))
		fb.ScalarInstrAddDst(b, int32(in.Dst))
		fb.ScalarInstrAddArgs(b, args)
		fb.ScalarInstrAddInput(b, int32(in.Input))
		fb.ScalarInstrAddText(b, txt)
		instrs = append(instrs, fb.ScalarInstrEnd(b))
	}
	program := w.vector(instrs)
	text := s.Text
	if t := p.OpText(s.Op); t != "" {
		text = t
	}
	txt := b.CreateString(text)
	fb.StepStart(b)
	fb.StepAddKind(b, fb.StepKind(s.Kind))
	fb.StepAddInputs(b, ins)
	fb.StepAddOutputs(b, outs)
	fb.StepAddCaptures(b, caps)
	fb.StepAddCaptureArgs(b, capArgsVec)
	fb.StepAddValueKind(b, valueKind)
	if valueKind != fb.ValueKindNone {
		fb.StepAddValueType(b, valueType)
		fb.StepAddValueFloat(b, vf)
		fb.StepAddValueInt(b, vi)
	}
	fb.StepAddConstant(b, constIndex)
	if kernel != 0 {
		fb.StepAddKernel(b, kernel)
	}
	fb.StepAddProgram(b, program)
	fb.StepAddText(b, txt)
	if s.Epilogue {
		fb.StepAddEpilogue(b, true)
	}
	return fb.StepEnd(b), nil
}
