// Package cpu executes plans on the host: the embedded default backend and
// the reference every other backend is checked against.
//
// Memory is the plan's: one arena (8-byte aligned) holds every constant
// and temporary at its planned offset, each result gets its own
// allocation that is handed to the caller without a copy, and arguments
// are read in place. linalg.generic bodies are compiled once per run and
// distinct body (prepare.go; once per Executor, which keeps each step's
// prepared kernel for its later runs) into closures over a register file
// (compile.go) and run over a loop nest with strength-reduced offsets,
// split across goroutines along a parallel loop (generic.go), or in
// lanes (vector.go). Contractions (convolutions, their
// gradients, matmuls, sums) and strided copies take a fast path
// (contract.go, with an AVX tile kernel in kern_amd64.s) that computes
// bit for bit what the interpreter does.
package cpu

import (
	"encoding/binary"
	"fmt"
	"slices"
	"sync/atomic"
	"time"

	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/plan"
	"github.com/torchlower/torchlower/runtime"
)

// Run executes p on args (in function-argument order) and returns the
// results in result order; a None result (nil in p.Results) is nil.
// Arguments are not modified.
func Run(p *plan.Plan, args []*runtime.Tensor) ([]*runtime.Tensor, error) {
	return RunProfiled(p, args, nil)
}

// Profile receives the wall time of each step of a run (for
// --print-timings and benchmarks); Steps[i] is p.Steps[i]'s, compilation
// of a generic's body included.
type Profile struct {
	Steps []time.Duration
	// Pads maps each step that read a pad folded into it (padfold.go)
	// to the pad's fill step (the copy is the next): the step's time
	// holds the pad's work, the pad's steps show none.
	Pads map[int]int
}

// RunProfiled is Run that also records the time of each step in prof
// (when prof is not nil).
func RunProfiled(p *plan.Plan, args []*runtime.Tensor, prof *Profile) ([]*runtime.Tensor, error) {
	return run(p, args, prof, newPrepCache(), nil)
}

// Executor runs one plan many times, as a compiled module is run in a
// training loop or a server: what a run prepares from the plan alone is
// kept for the next ones, which only bind it to their memory. That is
// each generic's decoded form and compiled body, and each step's kernel
// (loop extents, operand offsets, the fast path chosen): on a small
// training step, preparing is most of a run. An Executor is not safe for
// concurrent use.
type Executor struct {
	p     *plan.Plan
	pc    *prepCache
	spare resultPool
	// resultSizes counts the plan's results by size in bytes: the most
	// recycled memory of a size worth keeping.
	resultSizes map[int64]int
}

// NewExecutor returns an Executor of p.
func NewExecutor(p *plan.Plan) *Executor {
	pc := newPrepCache()
	sizes := map[int64]int{}
	if p != nil {
		pc.keepKernels(p)
		for _, b := range p.Buffers {
			if b.Kind == plan.Result {
				sizes[b.Bytes()]++
			}
		}
	}
	return &Executor{p: p, pc: pc, spare: resultPool{}, resultSizes: sizes}
}

// Run is RunProfiled on the Executor's plan; the first run prepares, the
// later ones reuse.
func (e *Executor) Run(args []*runtime.Tensor, prof *Profile) ([]*runtime.Tensor, error) {
	return run(e.p, args, prof, e.pc, e.spare)
}

// Recycle hands tensors the caller no longer needs (results of earlier
// runs) back to the Executor, whose next runs write their results into
// that memory instead of fresh memory, as PyTorch's allocator reuses what
// a dropped tensor held. Fresh memory costs a page fault every 4 KiB on
// its first write, after Go has zeroed it: a 6 MiB data gradient's run
// spends a quarter of its time there on a VM. Each tensor's Data becomes
// nil, so that a use after Recycle fails instead of reading what a later
// run wrote there. Memory of a size no result has, beyond as many as the
// plan has results of its size, or not 8-byte aligned, is left to the
// garbage collector.
func (e *Executor) Recycle(ts ...*runtime.Tensor) {
	for _, t := range ts {
		if t == nil || t.Data == nil {
			continue
		}
		n := int64(len(t.Data))
		if isAligned(t.Data, 8) && len(e.spare[n]) < e.resultSizes[n] {
			e.spare[n] = append(e.spare[n], t.Data)
		}
		t.Data = nil
	}
}

// resultPool holds recycled result memory by size in bytes.
type resultPool map[int64][][]byte

// take returns recycled memory of n bytes that overlaps none of args'
// data (a tensor made over the same array would otherwise be read
// while it is written), or nil.
func (rp resultPool) take(n int64, args []*runtime.Tensor) []byte {
	l := rp[n]
	for i := len(l) - 1; i >= 0; i-- {
		m := l[i]
		if slices.ContainsFunc(args, func(a *runtime.Tensor) bool { return overlaps(m, a.Data) }) {
			continue
		}
		rp[n] = slices.Delete(l, i, i+1)
		return m
	}
	return nil
}

// run executes p with pc, the preparation shared with other runs or not,
// its results in spare memory where it has some (nil: none).
func run(p *plan.Plan, args []*runtime.Tensor, prof *Profile, pc *prepCache, spare resultPool) ([]*runtime.Tensor, error) {
	if p == nil {
		return nil, fmt.Errorf("cpu: nil plan")
	}
	if !littleEndian() {
		return nil, fmt.Errorf("cpu: big-endian hosts are not supported")
	}
	if len(args) != len(p.Args) {
		return nil, fmt.Errorf("cpu: @%s takes %d arguments, got %d", p.Func, len(p.Args), len(args))
	}
	mem := map[*plan.Buffer][]byte{}
	for i, b := range p.Args {
		a := args[i]
		k, err := kindOf(b.Elem)
		if err != nil {
			return nil, fmt.Errorf("argument %d: %v", i, err)
		}
		if a == nil {
			return nil, fmt.Errorf("cpu: argument %d is nil", i)
		}
		if a.DType != k.dtype() {
			return nil, fmt.Errorf("cpu: argument %d has dtype %s, @%s wants %s", i, a.DType, p.Func, k.dtype())
		}
		if !slices.Equal(a.Shape, b.Shape) {
			return nil, fmt.Errorf("cpu: argument %d has shape %s, @%s wants %s", i, runtime.FormatShape(a.Shape), p.Func, runtime.FormatShape(b.Shape))
		}
		if int64(len(a.Data)) != b.Bytes() {
			return nil, fmt.Errorf("cpu: argument %d has %d bytes of data, want %d", i, len(a.Data), b.Bytes())
		}
		data := a.Data
		if !isAligned(data, k.size()) {
			data = alignedBytes(int64(len(a.Data)))
			copy(data, a.Data)
		}
		mem[b] = data
	}
	arena, handle := getArena(p.ArenaBytes)
	defer putWords(handle)
	if poisonFresh() {
		poison(arena)
	}
	results := make([]*runtime.Tensor, len(p.Results))
	// zeroed holds the results whose memory is known to be all zero bytes
	// (fresh from the allocator) and that no step has written yet: a fill
	// of zeros into one (a gradient's zeros before its strided regions)
	// has nothing to do.
	zeroed := map[*plan.Buffer]bool{}
	for _, b := range p.Buffers {
		switch b.Kind {
		case plan.Constant, plan.Temporary:
			if b.Offset < 0 || b.Offset+b.Bytes() > int64(len(arena)) {
				return nil, fmt.Errorf("cpu: buffer %s lies outside the arena", b.Name())
			}
			mem[b] = arena[b.Offset : b.Offset+b.Bytes() : b.Offset+b.Bytes()]
		case plan.Result:
			k, err := kindOf(b.Elem)
			if err != nil {
				return nil, fmt.Errorf("result %d: %v", b.Index, err)
			}
			data := spare.take(b.Bytes(), args)
			switch {
			case poisonFresh():
				if data == nil {
					data = alignedBytes(b.Bytes())
				}
				poison(data)
			case data == nil:
				data = alignedBytes(b.Bytes())
				zeroed[b] = true
			}
			mem[b] = data
			if b.Index < 0 || b.Index >= len(results) || results[b.Index] != nil {
				return nil, fmt.Errorf("cpu: malformed plan: bad result index %d", b.Index)
			}
			results[b.Index] = &runtime.Tensor{DType: k.dtype(), Shape: append([]int64{}, b.Shape...), Data: data}
		}
	}
	lookup := func(b *plan.Buffer) ([]byte, error) {
		m, ok := mem[b]
		if !ok {
			return nil, fmt.Errorf("cpu: malformed plan: buffer %s has no memory", b.Name())
		}
		return m, nil
	}
	regs := newScalars(p)
	pc.panels = &panelCache{}
	defer pc.panels.release()
	if prof != nil {
		prof.Steps = make([]time.Duration, len(p.Steps))
	}
	// Zero fills deferred to the steps that write their buffers
	// (deferredFill): each step and its fill.
	var deferred []deferredZero
	// Pads folded into the step that reads them (padfold.go), by
	// consumer.
	folds := pc.padFolds(p)
	var pads map[int]*padFold
	for i := 0; i < len(p.Steps); i++ {
		s := p.Steps[i]
		if f := folds[i]; f != nil && useFoldedPads && !f.declined {
			if pads == nil {
				pads = map[int]*padFold{}
			}
			pads[f.consumer] = f
			foldedPads.Add(1)
			i++ // the copy
			continue
		}
		var start time.Time
		if prof != nil {
			start = time.Now()
		}
		var err error
		var pad *padRun
		if f := pads[i]; f != nil {
			if pad, err = newPadRun(p, f, lookup, pc); err != nil {
				return nil, fmt.Errorf("step %d (%s): %w", i, s.Kind, err)
			}
			if prof != nil {
				if prof.Pads == nil {
					prof.Pads = map[int]int{}
				}
				prof.Pads[i] = f.fill
			}
		}
		epi := fusedEpilogue(p, i)
		if s.Kind == plan.StepFill && len(s.Outputs) == 1 && zeroed[s.Outputs[0].Buf] && isZeroBits(s.Value, s.Outputs[0].Buf.Elem) {
			skippedFills.Add(1)
			if prof != nil {
				prof.Steps[i] = time.Since(start)
			}
			continue
		}
		for _, st := range []*plan.Step{s, epi} {
			if st != nil && st.Kind != plan.StepEmpty {
				for _, v := range st.Outputs {
					delete(zeroed, v.Buf)
				}
			}
		}
		if parts := deferredFill(p, i); parts != nil {
			// The contractions that write the buffer zero their tiles
			// themselves; each zeroes its view first only if it takes a
			// path that reads its output.
			f := &partedFill{whole: s.Outputs[0], value: s.Value}
			for _, j := range parts {
				deferred = append(deferred, deferredZero{step: j, fill: f})
			}
			deferredFills.Add(1)
			if len(parts) > 1 {
				splitFills.Add(1)
			}
			if prof != nil {
				prof.Steps[i] = time.Since(start)
			}
			continue
		}
		var zeroOut func() error
		var part *partedFill
		if k := slices.IndexFunc(deferred, func(d deferredZero) bool { return d.step == i }); k >= 0 {
			d := deferred[k]
			deferred = slices.Delete(deferred, k, k+1)
			part = d.fill
			if !part.done {
				zeroOut = func() error { return part.zero(s.Outputs[0], lookup) }
			}
		}
		if epi != nil {
			// One dispatch: the epilogue runs inside the contraction
			// (its time is the contraction's; it shows 0).
			err = runFused(s, epi, lookup, pc, p.ZeroOnEntry(i), zeroOut, pad)
		} else {
			// Dynamic view offsets are known now: resolve them (with
			// their range checks) before runStep's checkView proves the
			// bounds.
			var rs *plan.Step
			if rs, err = regs.resolveStep(s); err == nil {
				err = runStep(rs, lookup, regs, pc, p.ZeroOnEntry(i), zeroOut, pad)
			}
		}
		if part != nil {
			part.started = true
		}
		if prof != nil {
			prof.Steps[i] = time.Since(start)
		}
		if err != nil {
			return nil, fmt.Errorf("step %d (%s): %w", i, s.Kind, err)
		}
		// Panels packed from memory this step wrote are stale.
		for _, st := range []*plan.Step{s, epi} {
			if st != nil {
				for _, v := range st.Outputs {
					pc.panels.invalidate(mem[v.Buf])
				}
			}
		}
		if epi != nil {
			i++
		}
	}
	for i, r := range results {
		if r == nil && p.Results[i] != nil {
			return nil, fmt.Errorf("cpu: malformed plan: result %d has no buffer", i)
		}
	}
	return results, nil
}

func littleEndian() bool {
	var b [2]byte
	binary.NativeEndian.PutUint16(b[:], 1)
	return b[0] == 1
}

// checkView makes sure every element of v lies in its buffer, so that a
// malformed plan is an error and not a crash.
func checkView(v *plan.View, mem []byte) error {
	k, err := kindOf(v.Buf.Elem)
	if err != nil {
		return err
	}
	if len(v.Shape) != len(v.Strides) {
		return fmt.Errorf("cpu: malformed view of %s", v.Buf.Name())
	}
	lo, hi := v.Offset, v.Offset
	for d, n := range v.Shape {
		if n < 0 {
			return fmt.Errorf("cpu: negative size in a view of %s", v.Buf.Name())
		}
		if n == 0 {
			return nil
		}
		if v.Strides[d] > 0 {
			hi += v.Strides[d] * (n - 1)
		} else {
			lo += v.Strides[d] * (n - 1)
		}
	}
	if lo < 0 || hi >= int64(len(mem)/k.size()) {
		return fmt.Errorf("cpu: view of %s reaches elements [%d, %d] outside its %d", v.Buf.Name(), lo, hi, len(mem)/k.size())
	}
	return nil
}

// runStep runs one step; outZero is plan.ZeroOnEntry for it, zeroOut
// (nil: none) the zero fill of its output deferred to it (deferredFill)
// and pad (nil: none) the pad folded into it (padfold.go).
func runStep(s *plan.Step, mem func(*plan.Buffer) ([]byte, error), regs *scalars, pc *prepCache, outZero bool, zeroOut func() error, pad *padRun) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("cpu: %v", r)
		}
	}()
	if err := checkViews(s, mem); err != nil {
		return err
	}
	if pad != nil && s.Kind != plan.StepGeneric {
		if err := pad.unfold(); err != nil {
			return err
		}
		pad = nil
	}
	switch s.Kind {
	case plan.StepEmpty:
		return nil
	case plan.StepFill:
		if len(s.Outputs) != 1 {
			return fmt.Errorf("cpu: malformed fill")
		}
		return fill(s.Outputs[0], s.Value, mem)
	case plan.StepCopy:
		if len(s.Inputs) != 1 || len(s.Outputs) != 1 {
			return fmt.Errorf("cpu: malformed copy")
		}
		return copyView(s.Outputs[0], s.Inputs[0], mem)
	case plan.StepConstant:
		if len(s.Outputs) != 1 {
			return fmt.Errorf("cpu: malformed constant")
		}
		return constant(s.Outputs[0], s.Value, mem)
	case plan.StepGeneric:
		k, err := newKernel(s, mem, pc)
		if err != nil {
			return err
		}
		k.outZero, k.zeroOut, k.pad = outZero, zeroOut, pad
		k.panels = pc.panels
		return k.run()
	case plan.StepScalar:
		if regs == nil {
			return fmt.Errorf("cpu: scalar step without registers")
		}
		return regs.runScalar(s, mem)
	}
	return fmt.Errorf("cpu: unknown step kind %d", s.Kind)
}

// checkViews proves every view of s lies in its buffer.
func checkViews(s *plan.Step, mem func(*plan.Buffer) ([]byte, error)) error {
	if s.HasDynamicViews() {
		return fmt.Errorf("cpu: step with an unresolved run-time view offset")
	}
	for o := range len(s.Inputs) + len(s.Outputs) + len(s.Captures) {
		v := viewAt(s, o)
		m, err := mem(v.Buf)
		if err != nil {
			return err
		}
		if err := checkView(v, m); err != nil {
			return err
		}
	}
	return nil
}

// viewAt is view o of s: its inputs, then its outputs, then its captures
// (without collecting them into a slice: a plan's steps are many).
func viewAt(s *plan.Step, o int) *plan.View {
	if o < len(s.Inputs) {
		return &s.Inputs[o]
	}
	if o -= len(s.Inputs); o < len(s.Outputs) {
		return &s.Outputs[o]
	}
	return &s.Captures[o-len(s.Outputs)].View
}

// runFused runs a generic and its epilogue (plan.IsEpilogueOf holds) as
// one dispatch: inside the contraction's tiles where its fast path runs,
// else one after the other.
func runFused(prod, epi *plan.Step, mem func(*plan.Buffer) ([]byte, error), pc *prepCache, outZero bool, zeroOut func() error, pad *padRun) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("cpu: %v", r)
		}
	}()
	for _, s := range []*plan.Step{prod, epi} {
		if err := checkViews(s, mem); err != nil {
			return err
		}
	}
	kp, err := newKernel(prod, mem, pc)
	if err != nil {
		return err
	}
	kp.outZero, kp.zeroOut, kp.pad = outZero, zeroOut, pad
	kp.panels = pc.panels
	ke, err := newKernel(epi, mem, pc)
	if err != nil {
		return err
	}
	if kp.fast == nil || kp.work == 0 {
		if err := kp.run(); err != nil {
			return err
		}
		return ke.run()
	}
	return kp.fast.runWith(kp, ke)
}

// encode returns the storage bytes of the scalar attribute a as element
// type t.
func encode(a ir.Attribute, t ir.Type) ([]byte, error) {
	k, err := kindOf(t)
	if err != nil {
		return nil, err
	}
	buf := alignedBytes(8)[:k.size()]
	acc := newAccessor(buf, k)
	switch x := a.(type) {
	case ir.FloatAttr:
		if !k.isFloat() {
			return nil, fmt.Errorf("cpu: float value for %s", t)
		}
		acc.storeF(0, x.Value)
	case ir.IntegerAttr:
		if k.isFloat() {
			return nil, fmt.Errorf("cpu: integer value for %s", t)
		}
		acc.storeI(0, x.Value)
	default:
		return nil, fmt.Errorf("cpu: unsupported scalar %v", a)
	}
	return buf, nil
}

// skippedFills counts the fills a run found nothing to do for (tests).
var skippedFills atomic.Int64

// isZeroBits reports whether the scalar attribute a is stored as zero
// bytes in element type t (+0.0 is, -0.0 is not).
func isZeroBits(a ir.Attribute, t ir.Type) bool {
	e, err := encode(a, t)
	if err != nil {
		return false
	}
	for _, x := range e {
		if x != 0 {
			return false
		}
	}
	return true
}

// forEach calls fn with the element offset of every element of a view
// and of a second view of the same shape, in row-major order.
func forEach(shape, sa, sb []int64, oa, ob int64, fn func(a, b int64)) {
	if len(shape) == 0 {
		fn(oa, ob)
		return
	}
	n := shape[0]
	for i := int64(0); i < n; i++ {
		forEach(shape[1:], sa[1:], sb[1:], oa+i*sa[0], ob+i*sb[0], fn)
	}
}

func fill(v plan.View, a ir.Attribute, mem func(*plan.Buffer) ([]byte, error)) error {
	m, err := mem(v.Buf)
	if err != nil {
		return err
	}
	e, err := encode(a, v.Buf.Elem)
	if err != nil {
		return err
	}
	es := int64(len(e))
	if v.IsContiguous() {
		fillBytes(m[v.Offset*es:(v.Offset+v.NumElements())*es], e)
		return nil
	}
	// Unit dims go, so that the typed loops below run along the innermost
	// dims that have extent (an [N, C, H, 1] window's loop is its H rows).
	v = dropUnitDims(v)
	if len(v.Shape) == 0 {
		copy(m[v.Offset*es:(v.Offset+1)*es], e)
		return nil
	}
	// A strided window (a phase of a decomposed backward-data
	// convolution): typed loops over the two innermost dims, the windows
	// of the outer ones split among the workers (a short run per row
	// touches a cache line of its own, so the fill is bound by memory,
	// not by the loop).
	if len(v.Shape) == 1 {
		v.Shape, v.Strides = []int64{1, v.Shape[0]}, []int64{0, v.Strides[0]}
	}
	r := len(v.Shape)
	rows, rowStep := v.Shape[r-2], v.Strides[r-2]*es
	n, step := v.Shape[r-1], v.Strides[r-1]*es
	outer := v.Shape[:r-2]
	splitRange(int(ir.NumElements(outer)), v.NumElements(), func(lo, hi int) {
		for i := lo; i < hi; i++ {
			o := v.Offset
			for d, rest := len(outer)-1, int64(i); d >= 0; d-- {
				o += rest % outer[d] * v.Strides[d]
				rest /= outer[d]
			}
			for row, db := int64(0), o*es; row < rows; row, db = row+1, db+rowStep {
				fillStrided(m, e, db, step, n)
			}
		}
	})
	return nil
}

// dropUnitDims is v without its dims of extent 1 (the same elements).
func dropUnitDims(v plan.View) plan.View {
	out := v
	out.Shape, out.Strides = nil, nil
	for k, n := range v.Shape {
		if n != 1 {
			out.Shape = append(out.Shape, n)
			out.Strides = append(out.Strides, v.Strides[k])
		}
	}
	return out
}

// fillChunk is the bytes a worker of fillBytes writes at a time; the
// pattern is doubled up to it once and copied from there, so the source
// of every copy is in L1 (doubling across a whole buffer read back
// megabytes it had just written).
const fillChunk = 16 << 10

// fillBytes fills dst with copies of the element e, split among the
// workers when large: memclr for zero bits (a padded tensor's zeros, a
// gradient's accumulator), else e doubled up to one chunk and the chunk
// copied on.
func fillBytes(dst, e []byte) {
	if len(dst) == 0 {
		return
	}
	zero := true
	for _, b := range e {
		zero = zero && b == 0
	}
	// Chunks hold whole elements, so each starts on one.
	chunk := fillChunk / len(e) * len(e)
	n := (len(dst) + chunk - 1) / chunk
	splitRange(n, int64(len(dst)/8), func(lo, hi int) {
		part := dst[lo*chunk : min(len(dst), hi*chunk)]
		if zero {
			clear(part)
			return
		}
		first := part[:min(len(part), chunk)]
		copy(first, e)
		for filled := len(e); filled < len(first); filled *= 2 {
			copy(first[filled:], first[:filled])
		}
		for o := len(first); o < len(part); o += len(first) {
			copy(part[o:], first)
		}
	})
}

// fillStrided writes the element e (its storage bytes) n times into m,
// from byte db on, step bytes apart. The view was checked to lie inside
// its buffer.
func fillStrided(m, e []byte, db, step, n int64) {
	es := int64(len(e))
	switch es {
	case 4:
		x := binary.LittleEndian.Uint32(e)
		for i := int64(0); i < n; i++ {
			binary.LittleEndian.PutUint32(m[db:db+4], x)
			db += step
		}
	case 8:
		x := binary.LittleEndian.Uint64(e)
		for i := int64(0); i < n; i++ {
			binary.LittleEndian.PutUint64(m[db:db+8], x)
			db += step
		}
	case 2:
		x := binary.LittleEndian.Uint16(e)
		for i := int64(0); i < n; i++ {
			binary.LittleEndian.PutUint16(m[db:db+2], x)
			db += step
		}
	default:
		for i := int64(0); i < n; i++ {
			copy(m[db:db+es], e)
			db += step
		}
	}
}

// copyView copies src into dst element by element (same element type and
// shape); the innermost dimension moves as one block when both are
// contiguous in it.
func copyView(dst, src plan.View, mem func(*plan.Buffer) ([]byte, error)) error {
	if !ir.TypeEqual(dst.Buf.Elem, src.Buf.Elem) || !slices.Equal(dst.Shape, src.Shape) {
		return fmt.Errorf("cpu: copy from %s to %s: shapes or element types differ", src, dst)
	}
	dm, err := mem(dst.Buf)
	if err != nil {
		return err
	}
	sm, err := mem(src.Buf)
	if err != nil {
		return err
	}
	k, err := kindOf(dst.Buf.Elem)
	if err != nil {
		return err
	}
	es := int64(k.size())
	dst, src = coalesce(dst, src)
	r := len(dst.Shape)
	if r > 0 && dst.Strides[r-1] == 1 && src.Strides[r-1] == 1 {
		// Rows of the innermost dim as blocks (a pad's interior: rows of
		// a few dozen elements), split over the outermost dim among
		// workers when the copy is large.
		run := dst.Shape[r-1] * es
		if r == 1 {
			copy(dm[dst.Offset*es:dst.Offset*es+run], sm[src.Offset*es:src.Offset*es+run])
			return nil
		}
		ext := dst.Shape[:r-1]
		// Rows of f32 in one copyRows32 call where dst and src are
		// apart: a call of copy a row cost most of a pad's copy.
		rows32 := es == 4 && !overlaps(dm, sm)
		p := splitRange(int(ext[0]), dst.NumElements()/4, func(l, h int) {
			lo, hi := int64(l), int64(h)
			e := append([]int64{hi - lo}, ext[1:]...)
			copyRows(dm, sm, e, dst.Strides, src.Strides, (dst.Offset+lo*dst.Strides[0])*es, (src.Offset+lo*src.Strides[0])*es, es, run, rows32)
		})
		if p != nil {
			return fmt.Errorf("cpu: copy from %s to %s: %v", src, dst, p)
		}
		return nil
	}
	if r == 0 {
		copy(dm[dst.Offset*es:(dst.Offset+1)*es], sm[src.Offset*es:(src.Offset+1)*es])
		return nil
	}
	// A strided innermost dim (a kernel flip's reversed taps, the phase
	// results of a decomposed backward-data convolution landing with
	// stride s): a typed loop nest, split over the outermost dim among
	// workers when the copy is large.
	ext, ds, ss := dst.Shape, dst.Strides, src.Strides
	transposed := false
	if es == 4 && !overlaps(dm, sm) {
		ext, ds, ss, transposed = transposeDims(ext, ds, ss)
	}
	if transposed {
		transposedCopies.Add(1)
	}
	p := splitRange(int(ext[0]), dst.NumElements(), func(l, h int) {
		lo, hi := int64(l), int64(h)
		e := append([]int64{hi - lo}, ext[1:]...)
		od, os := dst.Offset+lo*ds[0], src.Offset+lo*ss[0]
		if transposed {
			copyTransposed(typed[uint32](dm), typed[uint32](sm), e, ds, ss, od, os)
			return
		}
		switch es {
		case 1:
			copyNest(dm, sm, e, dst.Strides, src.Strides, od, os)
		case 2:
			copyNest(typed[uint16](dm), typed[uint16](sm), e, dst.Strides, src.Strides, od, os)
		case 4:
			copyNest(typed[uint32](dm), typed[uint32](sm), e, dst.Strides, src.Strides, od, os)
		case 8:
			copyNest(typed[uint64](dm), typed[uint64](sm), e, dst.Strides, src.Strides, od, os)
		default:
			forEach(e, dst.Strides, src.Strides, od, os, func(d, s int64) {
				copy(dm[d*es:(d+1)*es], sm[s*es:(s+1)*es])
			})
		}
	})
	if p != nil {
		return fmt.Errorf("cpu: copy from %s to %s: %v", src, dst, p)
	}
	return nil
}

// copyRows copies a row of run bytes from sm at byte ob to dm at byte
// oa for every point of shape (element strides sa, sb; es bytes an
// element), the last dim in a plain loop, or in one copyRows32 call
// (rows32: f32 elements, dm and sm apart).
func copyRows(dm, sm []byte, shape, sa, sb []int64, oa, ob, es, run int64, rows32 bool) {
	if len(shape) == 1 {
		if rows32 && sa[0] >= 0 && sb[0] >= 0 {
			copyRows32(typed[float32](dm)[oa/4:], typed[float32](sm)[ob/4:], int(shape[0]), int(run/4), int(sa[0]), int(sb[0]))
			return
		}
		da, db := sa[0]*es, sb[0]*es
		for i := int64(0); i < shape[0]; i++ {
			copy(dm[oa:oa+run], sm[ob:ob+run])
			oa, ob = oa+da, ob+db
		}
		return
	}
	for i := int64(0); i < shape[0]; i++ {
		copyRows(dm, sm, shape[1:], sa[1:], sb[1:], oa+i*sa[0]*es, ob+i*sb[0]*es, es, run, rows32)
	}
}

// coalesce merges adjacent dims that both views step through as one (a
// dim whose stride is the next dim's stride times its extent, in both),
// and drops unit dims, so that a copy runs long inner loops: a kernel
// flip's 3x3 window becomes one run of 9.
func coalesce(a, b plan.View) (plan.View, plan.View) {
	var shape, sa, sb []int64
	for d, n := range a.Shape {
		if n == 1 {
			continue
		}
		if k := len(shape) - 1; k >= 0 && sa[k] == a.Strides[d]*n && sb[k] == b.Strides[d]*n {
			shape[k] *= n
			sa[k], sb[k] = a.Strides[d], b.Strides[d]
			continue
		}
		shape = append(shape, n)
		sa = append(sa, a.Strides[d])
		sb = append(sb, b.Strides[d])
	}
	a.Shape, a.Strides = shape, sa
	b.Shape, b.Strides = append([]int64(nil), shape...), sb
	return a, b
}

// copyStrided copies n elements of es bytes from sm (starting at byte sb,
// step sstep) to dm (starting at db, step dstep). The views were checked to
// lie inside their buffers, so the slicing below never fails.
func copyStrided(dm, sm []byte, db, sb, dstep, sstep, n, es int64) {
	switch es {
	case 4:
		for i := int64(0); i < n; i++ {
			binary.LittleEndian.PutUint32(dm[db:db+4], binary.LittleEndian.Uint32(sm[sb:sb+4]))
			db, sb = db+dstep, sb+sstep
		}
	case 8:
		for i := int64(0); i < n; i++ {
			binary.LittleEndian.PutUint64(dm[db:db+8], binary.LittleEndian.Uint64(sm[sb:sb+8]))
			db, sb = db+dstep, sb+sstep
		}
	case 2:
		for i := int64(0); i < n; i++ {
			binary.LittleEndian.PutUint16(dm[db:db+2], binary.LittleEndian.Uint16(sm[sb:sb+2]))
			db, sb = db+dstep, sb+sstep
		}
	default:
		for i := int64(0); i < n; i++ {
			copy(dm[db:db+es], sm[sb:sb+es])
			db, sb = db+dstep, sb+sstep
		}
	}
}

// constant materializes a dense or dense_resource attribute into v.
func constant(v plan.View, a ir.Attribute, mem func(*plan.Buffer) ([]byte, error)) error {
	m, err := mem(v.Buf)
	if err != nil {
		return err
	}
	if !v.IsWhole() {
		return fmt.Errorf("cpu: constant into a partial view")
	}
	var raw []byte
	switch x := a.(type) {
	case *ir.DenseElementsAttr:
		raw = x.Raw()
	case ir.DenseResourceAttr:
		if x.Blob == nil {
			return fmt.Errorf("cpu: dense_resource without data")
		}
		raw = x.Blob.Data
	default:
		return fmt.Errorf("cpu: unsupported constant %v", a)
	}
	switch {
	case len(raw) == len(m):
		copy(m, raw)
	case len(raw) > 0 && len(m)%len(raw) == 0:
		copy(m, raw) // a splat: repeat the one element
		for filled := len(raw); filled < len(m); filled *= 2 {
			copy(m[filled:], m[:filled])
		}
	case len(m) == 0:
	default:
		return fmt.Errorf("cpu: constant has %d bytes for a %d-byte buffer", len(raw), len(m))
	}
	return nil
}

// DTypeOf is the runtime dtype that holds values of the IR element type t
// (signless integers as their signed runtime type, i1 as Bool).
func DTypeOf(t ir.Type) (runtime.DType, error) {
	k, err := kindOf(t)
	if err != nil {
		return 0, err
	}
	return k.dtype(), nil
}
