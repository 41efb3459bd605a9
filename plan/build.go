package plan

import (
	"fmt"
	"slices"
	"strings"

	"github.com/torchlower/torchlower/dialect/arith"
	fn "github.com/torchlower/torchlower/dialect/func"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/dialect/math"
	"github.com/torchlower/torchlower/dialect/tensor"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
)

// Build plans function funcName of module.
//
// Pre: module holds a func.func named funcName whose arguments and
// results are statically shaped builtin tensors and whose body holds only
// ops convert-torch-to-linalg emits: arith/math scalars, tensor.empty,
// tensor.{pad, insert_slice, extract_slice, expand_shape, collapse_shape,
// cast}, dense and dense_resource constants, linalg.fill, linalg.generic
// and named linalg ops, and func.return. No func.call.
//
// Post: the plan computes the function's results from its arguments; the
// module is unchanged (the plan keeps a generalized private clone of the
// function); every buffer a step writes is a Result, Constant (only by its
// own Constant step) or Temporary buffer, never an Argument; no two
// Constant/Temporary buffers whose live ranges overlap overlap in the
// arena. Unsupported input is reported as an error naming the op.
func Build(module *ir.Operation, funcName string) (*Plan, error) {
	if module == nil {
		return nil, fmt.Errorf("plan: nil module")
	}
	var f *ir.Operation
	for _, r := range module.Regions() {
		for _, blk := range r.Blocks() {
			for o := blk.First(); o != nil; o = o.Next() {
				if o.Name == fn.Func && fn.Name(o) == funcName {
					f = o
				}
			}
		}
	}
	if module.Name == fn.Func && fn.Name(module) == funcName {
		f = module
	}
	if f == nil {
		return nil, fmt.Errorf("plan: no function @%s in the module", funcName)
	}
	if fn.IsDeclaration(f) {
		return nil, fmt.Errorf("plan: @%s is a declaration", funcName)
	}
	if len(f.Region(0).Blocks()) != 1 {
		return nil, ir.OpErrorf(f, "plan: @%s has %d blocks; only single-block functions are supported", funcName, len(f.Region(0).Blocks()))
	}
	// Work on a clone: generalizing named ops rewrites the body.
	clone := ir.Clone(f, map[*ir.Value]*ir.Value{})
	ctx := ir.NewContext(fn.Dialect, arith.Dialect, math.Dialect, tensor.Dialect, linalg.Dialect)
	if err := generalize(ctx, clone); err != nil {
		return nil, err
	}
	sinkScalars(ctx, clone)
	b := &builder{p: &Plan{Func: funcName, opText: map[*ir.Operation]string{}}, views: map[*ir.Value]View{}, lastUse: map[*ir.Value]int{}, scalars: map[*ir.Value]ScalarArg{}}
	b.p.aliases = opLines(clone, b.p.opText)
	if err := b.run(clone); err != nil {
		return nil, err
	}
	b.p.pruneUnused()
	b.p.markEpilogues()
	b.p.liveness()
	b.p.markZeroOnEntry()
	return b.p, nil
}

// opLines prints f once and records, for each top-level op of its body,
// the first line of its text (a generic's body and a pad's region are left
// out); it returns the affine-map alias definitions the lines refer to.
// Printing the whole function keeps the SSA names of the IR the user saw.
func opLines(f *ir.Operation, text map[*ir.Operation]string) []string {
	var aliases, starts []string
	for _, l := range strings.Split(ir.Sprint(f, ir.PrintOptions{}), "\n") {
		if strings.HasPrefix(l, "{-#") {
			// The resource section (dense_resource constants) ends the
			// text: none of its lines is an alias or an op.
			break
		}
		switch {
		case strings.HasPrefix(l, "#"):
			aliases = append(aliases, l)
		case strings.HasPrefix(l, "  ") && !strings.HasPrefix(l, "   ") && !strings.HasPrefix(l, "  }") && !strings.HasPrefix(l, "  ^"):
			starts = append(starts, strings.TrimRight(strings.TrimSpace(l), " {"))
		}
	}
	ops := fn.Body(f).OpList()
	if len(starts) != len(ops) {
		return aliases // unexpected layout: steps print without op text
	}
	for i, op := range ops {
		text[op] = starts[i]
	}
	return aliases
}

// builder is the state of one bufferization walk.
type builder struct {
	p     *Plan
	ops   []*ir.Operation
	views map[*ir.Value]View
	// lastUse is, for each top-level value, the index of the last
	// top-level op that reads it (uses nested in regions count for the
	// op that holds the region).
	lastUse map[*ir.Value]int
	// aliases lists, for each buffer, the values whose view lies in it.
	aliases map[*Buffer][]*ir.Value
	// scalars are the registers of the scalar values Scalar steps compute.
	scalars map[*ir.Value]ScalarArg
	// index is each top-level op's position in ops.
	index map[*ir.Operation]int
	// inPlace holds the values that were planned straight into the window
	// of a later tensor.insert_slice (see forwardWindow): a generic writes
	// such an init in place, and the insert_slice that receives the
	// generic's result writes nothing.
	inPlace map[*ir.Value]bool
	// elided are the insert_slices whose source already lies in their
	// window.
	elided map[*ir.Operation]bool
	// known tracks, per buffer, the value a Fill step last wrote over the
	// whole buffer and the windows written since, so that a fill of a
	// window that still holds that value is left out.
	known map[*Buffer]*knownFill
}

// knownFill is a buffer's content as far as the planner knows it: Value
// everywhere except in Written.
type knownFill struct {
	Value   ir.Attribute
	Written []View
}

func (b *builder) newBuffer(kind BufferKind, elem ir.Type, shape []int64) *Buffer {
	buf := &Buffer{ID: len(b.p.Buffers), Kind: kind, Elem: elem, Shape: append([]int64(nil), shape...), Index: -1}
	b.p.Buffers = append(b.p.Buffers, buf)
	return buf
}

func (b *builder) bind(v *ir.Value, view View) {
	b.views[v] = view
	b.aliases[view.Buf] = append(b.aliases[view.Buf], v)
}

func (b *builder) addStep(s *Step) {
	b.p.Steps = append(b.p.Steps, s)
	for _, v := range s.Outputs {
		switch {
		case s.Kind == StepEmpty:
		case s.Kind == StepFill && v.IsWhole():
			b.known[v.Buf] = &knownFill{Value: s.Value}
		case b.known[v.Buf] != nil:
			k := b.known[v.Buf]
			k.Written = append(k.Written, v)
		}
	}
}

// holds reports whether every element of v is known to hold the scalar
// val: its buffer was filled with val and nothing written since overlaps
// v.
func (b *builder) holds(v View, val ir.Attribute) bool {
	k := b.known[v.Buf]
	if k == nil || len(v.Dyn) > 0 || !ir.AttrEqual(k.Value, val) {
		return false
	}
	for _, w := range k.Written {
		if mayOverlap(v, w) {
			return false
		}
	}
	return true
}

// staticTensor returns v's type when it is a statically shaped ranked
// tensor with a supported element type.
func staticTensor(op *ir.Operation, v *ir.Value) (ir.RankedTensorType, error) {
	t, ok := v.Type().(ir.RankedTensorType)
	if !ok {
		return t, ir.OpErrorf(op, "plan: %s is not a ranked tensor", v.Type())
	}
	if !t.HasStaticShape() {
		return t, ir.OpErrorf(op, "plan: dynamic shape %s is not supported yet (only static shapes)", t)
	}
	if ir.ElementByteSize(t.Elem) == 0 {
		return t, ir.OpErrorf(op, "plan: unsupported element type %s", t.Elem)
	}
	return t, nil
}

func (b *builder) run(f *ir.Operation) error {
	body := f.Region(0).Front()
	b.ops = body.OpList()
	b.aliases = map[*Buffer][]*ir.Value{}
	b.index = map[*ir.Operation]int{}
	b.inPlace = map[*ir.Value]bool{}
	b.elided = map[*ir.Operation]bool{}
	b.known = map[*Buffer]*knownFill{}
	for i, op := range b.ops {
		b.index[op] = i
		op.Walk(ir.PreOrder, func(o *ir.Operation) {
			for _, v := range o.Operands() {
				if v != nil && v.ParentBlock() == body {
					b.lastUse[v] = i
				}
			}
		})
	}
	for i, a := range body.Args() {
		t, err := staticTensor(f, a)
		if err != nil {
			return fmt.Errorf("argument %d: %w", i, err)
		}
		buf := b.newBuffer(Argument, t.Elem, t.Shape)
		buf.Index = i
		b.p.Args = append(b.p.Args, buf)
		b.bind(a, fullView(buf))
	}
	for i, op := range b.ops {
		if err := b.plan(i, op); err != nil {
			return err
		}
	}
	if len(b.p.Results) != len(fn.FunctionType(f).Results) {
		return ir.OpErrorf(f, "plan: @%s does not end in func.return", b.p.Func)
	}
	return nil
}

// plan bufferizes one top-level op.
func (b *builder) plan(i int, op *ir.Operation) error {
	for _, r := range op.Results() {
		if ir.IsTensor(r.Type()) {
			if _, err := staticTensor(op, r); err != nil {
				return err
			}
		}
	}
	switch op.Name {
	case arith.ConstantOp:
		return b.constant(op)
	case tensor.Empty:
		if w, ok := b.forwardWindow(i, op); ok {
			b.bind(op.Result(0), w)
			return nil
		}
		t := op.Result(0).Type().(ir.RankedTensorType)
		buf := b.newBuffer(Temporary, t.Elem, t.Shape)
		v := fullView(buf)
		b.addStep(&Step{Kind: StepEmpty, Op: op, Outputs: []View{v}})
		b.bind(op.Result(0), v)
		return nil
	case linalg.Fill:
		return b.fill(i, op)
	case linalg.Generic:
		return b.generic(i, op)
	case tensor.Pad:
		return b.pad(op)
	case tensor.InsertSlice:
		return b.insertSlice(i, op)
	case tensor.ExtractSlice:
		return b.extractSlice(op)
	case tensor.ExpandShape, tensor.CollapseShape:
		return b.reshape(op)
	case tensor.Cast:
		src, err := b.view(op, op.Operand(0))
		if err != nil {
			return err
		}
		b.bind(op.Result(0), src)
		return nil
	case fn.Return:
		return b.ret(i, op)
	}
	if op.Name == noneOp {
		// The None of a masked convolution_backward result that the
		// function returns: it has no data, and ret records it as a nil
		// result.
		return nil
	}
	if isScalarOp(op) {
		// Scalar integer work outside regions (an index read with
		// tensor.extract, its wrap-around) becomes a Scalar step; the
		// constants it reads are immediates.
		return b.scalar(op)
	}
	return ir.OpErrorf(op, "plan: unsupported op %s", op.Name)
}

func isScalarOp(op *ir.Operation) bool {
	for _, r := range op.Results() {
		if ir.IsTensor(r.Type()) {
			return false
		}
	}
	return op.NumResults() > 0
}

func (b *builder) view(op *ir.Operation, v *ir.Value) (View, error) {
	view, ok := b.views[v]
	if !ok {
		return View{}, ir.OpErrorf(op, "plan: operand %s has no buffer (defined by an unsupported op?)", v.Type())
	}
	return view, nil
}

func (b *builder) constant(op *ir.Operation) error {
	if !ir.IsTensor(op.Result(0).Type()) {
		return nil // a scalar: steps read it from the op
	}
	t := op.Result(0).Type().(ir.RankedTensorType)
	a := op.Attr("value")
	switch a.(type) {
	case *ir.DenseElementsAttr:
	case ir.DenseResourceAttr:
		if a.(ir.DenseResourceAttr).Blob == nil || a.(ir.DenseResourceAttr).Blob.Data == nil {
			return ir.OpErrorf(op, "plan: dense_resource constant has no data")
		}
	default:
		return ir.OpErrorf(op, "plan: unsupported tensor constant %v", a)
	}
	buf := b.newBuffer(Constant, t.Elem, t.Shape)
	v := fullView(buf)
	b.addStep(&Step{Kind: StepConstant, Op: op, Outputs: []View{v}, Value: a})
	b.bind(op.Result(0), v)
	return nil
}

// ScalarConstant returns the attribute of a scalar defined by
// arith.constant, or nil.
func ScalarConstant(v *ir.Value) ir.Attribute {
	d := v.DefiningOp()
	if d == nil || d.Name != arith.ConstantOp || ir.IsTensor(v.Type()) {
		return nil
	}
	switch a := d.Attr("value").(type) {
	case ir.FloatAttr, ir.IntegerAttr:
		return a
	case ir.BoolAttr:
		n := int64(0)
		if a {
			n = 1
		}
		return ir.IntegerAttr{Value: n, Type: ir.I1}
	}
	return nil
}

// writable returns the view the op at index i may write in place of v:
// v's own view when v's buffer is the plan's own (not an argument or a
// constant), no value in it is read after op i, and no other operand of
// the op (nor a value its body captures) lies in the same buffer, and v is
// not another of the op's inits. v may be another of a structured op's
// inputs only where that reads each element where the op writes it (the
// same indexing map, every loop parallel): read through another map (a
// flip of it), an element would be read after the op overwrote it. The
// conditions keep an op from overwriting what it still reads, and two
// outputs from sharing a buffer.
func (b *builder) writable(i int, op *ir.Operation, operand int) (View, bool) {
	v := op.Operand(operand)
	view, ok := b.views[v]
	if !ok || view.Buf.Kind == Argument || view.Buf.Kind == Constant {
		return view, false
	}
	for _, a := range b.aliases[view.Buf] {
		if b.lastUse[a] > i {
			return view, false
		}
	}
	firstInit := op.NumOperands()
	if linalg.IsStructured(op) {
		firstInit -= len(linalg.Outputs(op))
	}
	for j, w := range op.Operands() {
		if j == operand || w == nil {
			continue
		}
		if w == v && j >= firstInit {
			// v is also another init of the op (CSE made two outputs'
			// inits one value): each output needs a buffer of its own.
			return view, false
		}
		if w == v && linalg.IsStructured(op) && !readsWhereWritten(op, j, operand) {
			return view, false
		}
		if w != v {
			if wv, ok := b.views[w]; ok && wv.Buf == view.Buf {
				return view, false
			}
		}
	}
	clash := false
	op.Walk(ir.PreOrder, func(o *ir.Operation) {
		if o == op {
			return
		}
		for _, w := range o.Operands() {
			if wv, ok := b.views[w]; ok && wv.Buf == view.Buf {
				clash = true
			}
		}
	})
	return view, !clash
}

// readsWhereWritten reports whether the structured op's operand j reads,
// at every loop point, the element that its operand w (written in place)
// receives there: the same indexing map, and no reduction loop (which
// would revisit an element after writing it).
func readsWhereWritten(op *ir.Operation, j, w int) bool {
	maps := linalg.IndexingMaps(op)
	if j >= len(maps) || w >= len(maps) || !maps[j].Equal(maps[w]) {
		return false
	}
	for _, it := range linalg.IteratorTypes(op) {
		if it != linalg.Parallel {
			return false
		}
	}
	return true
}

// generalize rewrites every structured op of f except linalg.fill (which
// the plan keeps as a Fill step) into linalg.generic, so that backends
// compile one kind of op.
func generalize(ctx *ir.Context, f *ir.Operation) error {
	toGeneralize := func(o *ir.Operation) bool {
		return linalg.IsStructured(o) && o.Name != linalg.Generic && o.Name != linalg.Fill
	}
	linalg.GeneralizeWhere(ctx, f, toGeneralize)
	// What Generalize could not rewrite is still there.
	var err error
	f.Walk(ir.PostOrder, func(o *ir.Operation) {
		if err == nil && toGeneralize(o) {
			err = ir.OpErrorf(o, "plan: cannot generalize %s", o.Name)
		}
	})
	return err
}

// destination returns where the op at index i writes its result for
// init operand `operand`: the operand's own view when it may be updated in
// place, or else a fresh temporary, initialized with a Copy when the op
// reads the old contents (needInit).
func (b *builder) destination(i int, op *ir.Operation, operand int, needInit bool) (View, error) {
	v := op.Operand(operand)
	src, err := b.view(op, v)
	if err != nil {
		return View{}, err
	}
	if b.inPlace[v] {
		return src, nil
	}
	if view, ok := b.writable(i, op, operand); ok {
		return view, nil
	}
	t := v.Type().(ir.RankedTensorType)
	buf := b.newBuffer(Temporary, t.Elem, t.Shape)
	dst := fullView(buf)
	if needInit {
		b.addStep(&Step{Kind: StepCopy, Op: op, Inputs: []View{src}, Outputs: []View{dst}})
	} else {
		b.addStep(&Step{Kind: StepEmpty, Op: op, Outputs: []View{dst}})
	}
	return dst, nil
}

func (b *builder) fill(i int, op *ir.Operation) error {
	ins, outs := linalg.Inputs(op), linalg.Outputs(op)
	if len(ins) != 1 || len(outs) != 1 || op.NumResults() != 1 {
		return ir.OpErrorf(op, "plan: malformed linalg.fill")
	}
	val := ScalarConstant(ins[0])
	if val == nil {
		return ir.OpErrorf(op, "plan: linalg.fill of a value that is not an arith.constant is not supported yet")
	}
	dst, ok := b.forwardWindow(i, op)
	if !ok {
		var err error
		if dst, err = b.destination(i, op, 1, false); err != nil {
			return err
		}
	}
	if ok && b.holds(dst, val) {
		// The window of the data gradient a phase accumulates into still
		// holds the zeros the whole gradient was filled with.
		b.bind(op.Result(0), dst)
		return nil
	}
	b.addStep(&Step{Kind: StepFill, Op: op, Outputs: []View{dst}, Value: val})
	b.bind(op.Result(0), dst)
	return nil
}

func (b *builder) generic(i int, op *ir.Operation) error {
	ins, outs := linalg.Inputs(op), linalg.Outputs(op)
	body := linalg.Body(op)
	if ins == nil && outs == nil || body == nil || len(body.Args()) != len(ins)+len(outs) || op.NumResults() != len(outs) {
		return ir.OpErrorf(op, "plan: malformed linalg.generic")
	}
	if linalg.IndexingMaps(op) == nil || linalg.IteratorTypes(op) == nil {
		return ir.OpErrorf(op, "plan: linalg.generic without valid indexing maps or iterator types")
	}
	s := &Step{Kind: StepGeneric, Op: op}
	for _, in := range ins {
		if !ir.IsTensor(in.Type()) {
			return ir.OpErrorf(op, "plan: scalar input %s to linalg.generic is not supported yet", in.Type())
		}
		v, err := b.view(op, in)
		if err != nil {
			return err
		}
		s.Inputs = append(s.Inputs, v)
	}
	// Values the body reads from outside: tensors become captures,
	// scalars must be constants.
	seen := map[*ir.Value]bool{}
	var bad error
	op.Walk(ir.PreOrder, func(o *ir.Operation) {
		if o == op {
			return
		}
		for _, w := range o.Operands() {
			if w == nil || seen[w] || isInside(w, op) {
				continue
			}
			seen[w] = true
			if ir.IsTensor(w.Type()) {
				v, err := b.view(o, w)
				if err != nil && bad == nil {
					bad = err
				}
				s.Captures = append(s.Captures, Capture{Value: w, View: v})
			} else if ScalarConstant(w) == nil && bad == nil {
				bad = ir.OpErrorf(o, "plan: %s reads a scalar from outside the linalg.generic that is not an arith.constant", o.Name)
			}
		}
	})
	if bad != nil {
		return bad
	}
	if in, out, ok := copyMaps(op, s); ok {
		if src := s.Inputs[0]; (src.Buf.Kind == Argument || src.Buf.Kind == Constant) && len(src.Dyn) == 0 && isFlip(in, out) && !b.inPlace[outs[0]] {
			// A flip of data nothing writes (the kernel flip of every
			// data gradient, reading the weight argument) is a view
			// with negative strides: its readers see the same
			// elements in the same memory order, without a copy. Not
			// when its init lies in the window of an insert_slice
			// (forwardWindow): that insert writes nothing, so the flip
			// must write the window.
			b.bind(op.Result(0), loopView(src, in, out.shape))
			return nil
		}
		// A generic that only moves elements (a kernel flip, a transpose,
		// a broadcast) is a strided copy: the backends' typed copy loops
		// instead of a compiled body per element.
		dst, err := b.destination(i, op, len(ins), false)
		if err != nil {
			return err
		}
		b.addStep(&Step{Kind: StepCopy, Op: op, Inputs: []View{loopView(s.Inputs[0], in, out.shape)}, Outputs: []View{loopView(dst, out.linear, out.shape)}})
		b.bind(op.Result(0), dst)
		return nil
	}
	for j := range outs {
		needInit := body.Arg(len(ins) + j).HasUses()
		if !needInit && len(outs) == 1 {
			if v, ok := b.dyingContraction(i, op); ok {
				s.Outputs = append(s.Outputs, v)
				continue
			}
		}
		dst, err := b.destination(i, op, len(ins)+j, needInit)
		if err != nil {
			return err
		}
		s.Outputs = append(s.Outputs, dst)
	}
	b.addStep(s)
	for j, r := range op.Results() {
		b.bind(r, s.Outputs[j])
	}
	return nil
}

// linearMap is an indexing map as strides: result r of the map is
// Σ_k coeffs[r][k]·loop_k + consts[r].
type linearMap struct {
	coeffs [][]int64
	consts []int64
}

// loopSpace is the output side of a copy generic: its map as a linearMap
// and the loop extents it defines.
type loopSpace struct {
	linear linearMap
	shape  []int64
}

// copyMaps recognises a generic whose body yields its one input unchanged
// (same element type, nothing captured), with an output map that is a
// permutation of the loops and a linear input map; it returns both maps
// as strides and the loop extents.
func copyMaps(op *ir.Operation, s *Step) (linearMap, loopSpace, bool) {
	var none linearMap
	ins, outs := linalg.Inputs(op), linalg.Outputs(op)
	body := linalg.Body(op)
	if len(ins) != 1 || len(outs) != 1 || op.NumResults() != 1 || len(s.Captures) > 0 {
		return none, loopSpace{}, false
	}
	y := body.First()
	if y == nil || y.Next() != nil || y.NumOperands() != 1 || y.Operand(0) != body.Arg(0) {
		return none, loopSpace{}, false
	}
	if !ir.TypeEqual(body.Arg(0).Type(), body.Arg(1).Type()) {
		return none, loopSpace{}, false
	}
	maps := linalg.IndexingMaps(op)
	outT, ok := outs[0].Type().(ir.RankedTensorType)
	if len(maps) != 2 || !ok {
		return none, loopSpace{}, false
	}
	n := maps[1].NumDims
	if len(maps[1].Results) != n || len(outT.Shape) != n {
		return none, loopSpace{}, false
	}
	out := loopSpace{shape: make([]int64, n)}
	seen := make([]bool, n)
	for r, e := range maps[1].Results {
		d, isDim := e.AsDim()
		if !isDim || seen[d] {
			return none, loopSpace{}, false
		}
		seen[d] = true
		out.shape[d] = outT.Shape[r]
	}
	var lin [2]linearMap
	for m := range lin {
		for _, e := range maps[m].Results {
			c, k, ok := affine.LinearForm(e, n)
			if !ok {
				return none, loopSpace{}, false
			}
			lin[m].coeffs = append(lin[m].coeffs, c)
			lin[m].consts = append(lin[m].consts, k)
		}
	}
	if len(lin[0].coeffs) != len(s.Inputs[0].Shape) {
		return none, loopSpace{}, false
	}
	out.linear = lin[1]
	return lin[0], out, true
}

// isFlip reports whether a copy's output map is the identity and its
// input map sends each loop to the same dimension, forwards or reversed
// (i or c - i), at least one reversed: the result is then its input with
// some strides negated.
func isFlip(in linearMap, out loopSpace) bool {
	n := len(out.shape)
	if len(in.coeffs) != n || len(out.linear.coeffs) != n {
		return false
	}
	reversed := false
	for r := 0; r < n; r++ {
		if out.linear.consts[r] != 0 {
			return false
		}
		reversed = reversed || in.coeffs[r][r] == -1
		for k := 0; k < n; k++ {
			o, c := out.linear.coeffs[r][k], in.coeffs[r][k]
			if k == r && (o != 1 || (c != 1 && c != -1)) || k != r && (o != 0 || c != 0) {
				return false
			}
		}
	}
	// An identity copy stays a copy: it is how a program asks for a
	// tensor it may update in place.
	return reversed
}

// loopView is the view of v's elements that loop point (i_0, ..., i_n-1)
// reaches through m: element Σ_r v.Strides[r]·(Σ_k m.coeffs[r][k]·i_k +
// m.consts[r]) + v.Offset.
func loopView(v View, m linearMap, loops []int64) View {
	out := View{Buf: v.Buf, Offset: v.Offset, Shape: append([]int64(nil), loops...), Strides: make([]int64, len(loops)), Dyn: copyDyn(v.Dyn)}
	for r, c := range m.coeffs {
		out.Offset += v.Strides[r] * m.consts[r]
		for k := range loops {
			out.Strides[k] += v.Strides[r] * c[k]
		}
	}
	return out
}

// isInside reports whether v is defined within op's regions.
func isInside(v *ir.Value, op *ir.Operation) bool {
	for blk := v.ParentBlock(); blk != nil; {
		p := blk.ParentOp()
		if p == op {
			return true
		}
		if p == nil {
			return false
		}
		blk = p.Block()
	}
	return false
}

// staticList turns mixed static/dynamic index lists into int64s.
func staticList(op *ir.Operation, ms []tensor.Mixed, what string) ([]int64, error) {
	out := make([]int64, len(ms))
	for i, m := range ms {
		c, ok := m.ConstantValue()
		if !ok {
			return nil, ir.OpErrorf(op, "plan: dynamic %s are not supported yet", what)
		}
		out[i] = c
	}
	return out, nil
}

func (b *builder) pad(op *ir.Operation) error {
	lowM, _ := tensor.PadParams(op)
	if lowM == nil {
		return ir.OpErrorf(op, "plan: malformed tensor.pad")
	}
	low, err := staticList(op, lowM, "pad amounts")
	if err != nil {
		return err
	}
	pv := tensor.PadValue(op)
	var val ir.Attribute
	if pv != nil {
		val = ScalarConstant(pv)
	}
	if val == nil {
		return ir.OpErrorf(op, "plan: tensor.pad whose value is not a constant is not supported yet")
	}
	src, err := b.view(op, op.Operand(0))
	if err != nil {
		return err
	}
	t := op.Result(0).Type().(ir.RankedTensorType)
	for k := range low {
		if low[k] < 0 || k >= len(src.Shape) || low[k]+src.Shape[k] > t.Shape[k] {
			return ir.OpErrorf(op, "plan: tensor.pad amounts do not fit the result type")
		}
	}
	buf := b.newBuffer(Temporary, t.Elem, t.Shape)
	dst := fullView(buf)
	interior := subView(dst, low, src.Shape, ones(len(low)))
	b.addStep(&Step{Kind: StepFill, Op: op, Outputs: []View{dst}, Value: val})
	b.addStep(&Step{Kind: StepCopy, Op: op, Inputs: []View{src}, Outputs: []View{interior}})
	b.bind(op.Result(0), dst)
	return nil
}

func ones(n int) []int64 {
	o := make([]int64, n)
	for i := range o {
		o[i] = 1
	}
	return o
}

// subView is the window offsets/sizes/strides of v (same rank).
func subView(v View, offsets, sizes, strides []int64) View {
	out := View{Buf: v.Buf, Offset: v.Offset, Shape: append([]int64(nil), sizes...), Strides: make([]int64, len(sizes)), Dyn: copyDyn(v.Dyn)}
	for k := range sizes {
		out.Offset += offsets[k] * v.Strides[k]
		out.Strides[k] = strides[k] * v.Strides[k]
	}
	return out
}

// dropDims removes the dimensions of a rank-reducing slice: the unit dims
// of v that the reduced shape leaves out.
func dropDims(op *ir.Operation, v View, reduced []int64) (View, error) {
	if len(reduced) == len(v.Shape) {
		return v, nil
	}
	mask := tensor.RankReductionMask(v.Shape, reduced)
	if mask == nil {
		return View{}, ir.OpErrorf(op, "plan: cannot rank-reduce %s to %s", ir.ShapeString(v.Shape), ir.ShapeString(reduced))
	}
	out := View{Buf: v.Buf, Offset: v.Offset, Dyn: copyDyn(v.Dyn)}
	for k, drop := range mask {
		if !drop {
			out.Shape = append(out.Shape, v.Shape[k])
			out.Strides = append(out.Strides, v.Strides[k])
		}
	}
	return out, nil
}

// copyDyn copies the run-time offset terms of a view.
func copyDyn(d []DynOffset) []DynOffset {
	if len(d) == 0 {
		return nil
	}
	return append([]DynOffset(nil), d...)
}

// sliceParams returns a slice's offsets (constants as immediates, values
// computed by Scalar steps as their registers) and its static sizes and
// strides.
func (b *builder) sliceParams(op *ir.Operation) (offs []ScalarArg, sizes, strides []int64, err error) {
	o, s, st := tensor.SliceParams(op)
	if o == nil {
		return nil, nil, nil, ir.OpErrorf(op, "plan: malformed %s", op.Name)
	}
	for _, m := range o {
		if c, ok := m.ConstantValue(); ok {
			offs = append(offs, ScalarArg{Slot: -1, Imm: c})
			continue
		}
		a, aerr := b.scalarArg(op, m.Value)
		if aerr != nil {
			return nil, nil, nil, aerr
		}
		offs = append(offs, a)
	}
	if sizes, err = staticList(op, s, "slice sizes"); err != nil {
		return
	}
	strides, err = staticList(op, st, "slice strides")
	return
}

func (b *builder) extractSlice(op *ir.Operation) error {
	offs, sizes, strides, err := b.sliceParams(op)
	if err != nil {
		return err
	}
	src, err := b.view(op, op.Operand(0))
	if err != nil {
		return err
	}
	if len(offs) != len(src.Shape) {
		return ir.OpErrorf(op, "plan: slice rank does not match the source")
	}
	if len(sizes) != len(offs) || len(strides) != len(offs) {
		return ir.OpErrorf(op, "plan: malformed %s", op.Name)
	}
	v, err := dropDims(op, dynSubView(src, offs, sizes, strides), op.Result(0).Type().(ir.RankedTensorType).Shape)
	if err != nil {
		return err
	}
	b.bind(op.Result(0), v)
	return nil
}

// insertSlice writes the source into a window of the destination, in
// place when the destination may be updated (destructive update); the
// result is the destination's view.
func (b *builder) insertSlice(i int, op *ir.Operation) error {
	if b.elided[op] {
		// The source was computed in its window (forwardWindow).
		dst, err := b.view(op, op.Operand(1))
		if err != nil {
			return err
		}
		b.bind(op.Result(0), dst)
		return nil
	}
	offs, sizes, strides, err := b.sliceParams(op)
	if err != nil {
		return err
	}
	src, err := b.view(op, op.Operand(0))
	if err != nil {
		return err
	}
	dst, err := b.destination(i, op, 1, true)
	if err != nil {
		return err
	}
	if len(offs) != len(dst.Shape) {
		return ir.OpErrorf(op, "plan: slice rank does not match the destination")
	}
	if len(sizes) != len(offs) || len(strides) != len(offs) {
		return ir.OpErrorf(op, "plan: malformed %s", op.Name)
	}
	win, err := dropDims(op, dynSubView(dst, offs, sizes, strides), src.Shape)
	if err != nil {
		return err
	}
	b.addStep(&Step{Kind: StepCopy, Op: op, Inputs: []View{src}, Outputs: []View{win}})
	b.bind(op.Result(0), dst)
	return nil
}

// pruneUnused drops the temporaries no step but their Empty step touches
// (a tensor.empty whose fills were all planned into windows of another
// buffer) and renumbers the buffers.
func (p *Plan) pruneUnused() {
	used := map[*Buffer]bool{}
	for _, s := range p.Steps {
		if s.Kind == StepEmpty {
			continue
		}
		for _, vs := range [][]View{s.Inputs, s.Outputs} {
			for _, v := range vs {
				used[v.Buf] = true
			}
		}
		for _, c := range s.Captures {
			used[c.View.Buf] = true
		}
	}
	unused := func(b *Buffer) bool { return b.Kind == Temporary && !used[b] }
	steps := p.Steps[:0]
	for _, s := range p.Steps {
		if s.Kind == StepEmpty && len(s.Outputs) == 1 && unused(s.Outputs[0].Buf) {
			continue
		}
		steps = append(steps, s)
	}
	p.Steps = steps
	bufs := p.Buffers[:0]
	for _, b := range p.Buffers {
		if unused(b) {
			continue
		}
		b.ID = len(bufs)
		bufs = append(bufs, b)
	}
	p.Buffers = bufs
}

// forwardWindow plans the init of a generic straight into the window of
// the insert_slice that receives the generic's result — the destructive
// update of conv-backward.md's pass 4: a phase of a decomposed
// backward-data convolution accumulates into its strided window of the
// data gradient instead of a temporary that a strided copy then moves.
//
// It applies to op (a linalg.fill or tensor.empty at index i) whose result
// r is used only as the init of a generic G whose matching result is used
// only as the source of an insert_slice S with static metadata, when S's
// destination D is already planned in a buffer of the plan's own and
// nothing between op and S touches that buffer (so writing the window
// early is invisible) and nothing after S reads it but through S's
// result (as writable requires). Then r (and G's result) are bound to the
// window, G writes in place and S writes nothing.
func (b *builder) forwardWindow(i int, op *ir.Operation) (View, bool) {
	r := op.Result(0)
	g := soleUser(r)
	if g == nil || g.Name != linalg.Generic {
		return View{}, false
	}
	ins, outs := linalg.Inputs(g), linalg.Outputs(g)
	k := -1
	for j, o := range outs {
		if o == r {
			if k >= 0 {
				// r is the init of two of G's outputs (CSE made them
				// one value): each needs a buffer of its own.
				return View{}, false
			}
			k = j
		}
	}
	for _, in := range ins {
		if in == r {
			return View{}, false
		}
	}
	if k < 0 || k >= g.NumResults() {
		return View{}, false
	}
	s := soleUser(g.Result(k))
	if s == nil || s.Name != tensor.InsertSlice || s.Operand(0) != g.Result(k) {
		return View{}, false
	}
	gi, gok := b.index[g]
	si, sok := b.index[s]
	if !gok || !sok || gi <= i || si <= gi {
		return View{}, false
	}
	dst, ok := b.views[s.Operand(1)]
	if !ok || (dst.Buf.Kind != Temporary && dst.Buf.Kind != Result) || len(dst.Dyn) > 0 {
		return View{}, false
	}
	o, sz, st := tensor.SliceParams(s)
	if o == nil {
		return View{}, false
	}
	offs, err1 := staticList(s, o, "offsets")
	sizes, err2 := staticList(s, sz, "sizes")
	strides, err3 := staticList(s, st, "strides")
	if err1 != nil || err2 != nil || err3 != nil || len(offs) != len(dst.Shape) || len(sizes) != len(offs) || len(strides) != len(offs) {
		return View{}, false
	}
	t, ok := r.Type().(ir.RankedTensorType)
	if !ok {
		return View{}, false
	}
	win, err := dropDims(s, subView(dst, offs, sizes, strides), t.Shape)
	if err != nil || !slices.Equal(win.Shape, t.Shape) {
		return View{}, false
	}
	// Nothing between op and S may read or write D's buffer: any value in
	// it is an alias planned already, and a new alias would be made by an
	// op reading one.
	inBuf := map[*ir.Value]bool{}
	for _, a := range b.aliases[dst.Buf] {
		inBuf[a] = true
		if b.lastUse[a] > si {
			return View{}, false
		}
	}
	for j := i + 1; j < si; j++ {
		clash := false
		b.ops[j].Walk(ir.PreOrder, func(o *ir.Operation) {
			for _, w := range o.Operands() {
				if inBuf[w] {
					clash = true
				}
			}
		})
		if clash {
			return View{}, false
		}
	}
	b.inPlace[r] = true
	b.elided[s] = true
	return win, true
}

// soleUser is the one op that uses v, or nil when v has no use or
// several.
func soleUser(v *ir.Value) *ir.Operation {
	var user *ir.Operation
	for _, u := range v.Uses() {
		if user != nil && u.Owner() != user {
			return nil
		}
		user = u.Owner()
	}
	return user
}

// reshape makes expand_shape/collapse_shape views; a collapse of dims
// that are not contiguous in the source's buffer copies first.
func (b *builder) reshape(op *ir.Operation) error {
	groups, ok := tensor.Reassociation(op)
	if !ok {
		return ir.OpErrorf(op, "plan: malformed reassociation")
	}
	src, err := b.view(op, op.Operand(0))
	if err != nil {
		return err
	}
	rt := op.Result(0).Type().(ir.RankedTensorType)
	var out View
	if op.Name == tensor.ExpandShape {
		out, ok = expandView(src, groups, rt.Shape)
	} else {
		out, ok = collapseView(src, groups)
		if !ok {
			buf := b.newBuffer(Temporary, rt.Elem, src.Shape)
			dense := fullView(buf)
			b.addStep(&Step{Kind: StepCopy, Op: op, Inputs: []View{src}, Outputs: []View{dense}})
			out, ok = collapseView(dense, groups)
		}
	}
	if !ok || !slices.Equal(out.Shape, rt.Shape) {
		return ir.OpErrorf(op, "plan: reassociation does not match the shapes")
	}
	b.bind(op.Result(0), out)
	return nil
}

func expandView(src View, groups [][]int64, shape []int64) (View, bool) {
	if len(groups) != len(src.Shape) {
		return View{}, false
	}
	out := View{Buf: src.Buf, Offset: src.Offset, Shape: append([]int64(nil), shape...), Strides: make([]int64, len(shape)), Dyn: copyDyn(src.Dyn)}
	for g, dims := range groups {
		s := src.Strides[g]
		for k := len(dims) - 1; k >= 0; k-- {
			d := dims[k]
			if d < 0 || int(d) >= len(shape) {
				return View{}, false
			}
			out.Strides[d] = s
			s *= shape[d]
		}
	}
	return out, true
}

func collapseView(src View, groups [][]int64) (View, bool) {
	out := View{Buf: src.Buf, Offset: src.Offset, Dyn: copyDyn(src.Dyn)}
	for _, dims := range groups {
		size, stride := int64(1), int64(1)
		first := true
		for k := len(dims) - 1; k >= 0; k-- {
			d := dims[k]
			if d < 0 || int(d) >= len(src.Shape) {
				return View{}, false
			}
			if src.Shape[d] == 1 {
				continue
			}
			if first {
				stride = src.Strides[d]
				first = false
			} else if src.Strides[d] != stride*size {
				return View{}, false
			}
			size *= src.Shape[d]
		}
		out.Shape = append(out.Shape, size)
		out.Strides = append(out.Strides, stride)
	}
	return out, true
}

// ret binds the returned values to Result buffers: a value that is the
// whole of a temporary buffer nothing else returns becomes the result
// (no copy); anything else (an argument, a constant, a strided view, a
// buffer returned twice) is copied into a fresh one.
// noneOp is the one torch op convert-torch-to-linalg leaves behind: the
// None a function returns for a masked result. (The planner does not
// import the torch dialect; it knows the op by name.)
const noneOp = "torch.constant.none"

func (b *builder) ret(i int, op *ir.Operation) error {
	for k, v := range op.Operands() {
		if d := v.DefiningOp(); d != nil && d.Name == noneOp {
			b.p.Results = append(b.p.Results, nil)
			continue
		}
		if !ir.IsTensor(v.Type()) {
			return ir.OpErrorf(op, "plan: result %d is not a tensor", k)
		}
		t, err := staticTensor(op, v)
		if err != nil {
			return err
		}
		view, err := b.view(op, v)
		if err != nil {
			return err
		}
		if view.Buf.Kind == Temporary && view.IsWhole() {
			view.Buf.Kind = Result
			view.Buf.Index = k
			view.Buf.Shape = append([]int64(nil), t.Shape...)
			b.p.Results = append(b.p.Results, view.Buf)
			continue
		}
		buf := b.newBuffer(Result, t.Elem, t.Shape)
		buf.Index = k
		b.addStep(&Step{Kind: StepCopy, Op: op, Inputs: []View{view}, Outputs: []View{fullView(buf)}})
		b.p.Results = append(b.p.Results, buf)
	}
	return nil
}

// dyingContraction returns the view of an input of the elementwise
// generic op (at index i) that a contraction computed
// and nothing reads after op, when op may write its one output there in
// place: the contraction's epilogue (a bias add, a ReLU) then reads and
// writes the same elements, which the contraction's tiles have just
// stored.
func (b *builder) dyingContraction(i int, op *ir.Operation) (View, bool) {
	maps := linalg.IndexingMaps(op)
	ins := linalg.Inputs(op)
	for _, it := range linalg.IteratorTypes(op) {
		if it != linalg.Parallel {
			return View{}, false
		}
	}
	if len(maps) != len(ins)+1 || !maps[len(ins)].IsIdentity() {
		return View{}, false
	}
	rt := op.Result(0).Type()
	for k, in := range ins {
		d := in.DefiningOp()
		if d == nil || d.Name != linalg.Generic || !slices.Contains(linalg.IteratorTypes(d), linalg.Reduction) || !ir.TypeEqual(in.Type(), rt) || !maps[k].IsIdentity() {
			continue
		}
		// The same rule as for writing an init in place (writable): the
		// input's buffer holds nothing read later, nor another operand.
		if v, ok := b.writable(i, op, k); ok && v.Buf.Kind == Temporary && v.IsWhole() {
			return v, true
		}
	}
	return View{}, false
}
