package cpu

import (
	"math"

	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
	"github.com/torchlower/torchlower/plan"
)

// A run prepares each Generic step's kernel when it reaches the step
// (newKernel). Loop extents, operand offsets and memory are the step's
// own, but much of the preparation is not: a generic's indexing maps and
// iterators depend on the op alone, and its compiled body (the scalar
// program and the lane code) on the body alone. A training step runs the
// same few bodies again and again (the five conv+bn+relu blocks of the
// importer's joint fixture: 106 generics, 24 distinct bodies), and a
// compiled module already hands the steps that run one generic (on
// operands of the same element types and ranks) the same op. Since
// starting a compiled module is mostly its first run, a run keeps a
// prepCache: each op is decoded once and each distinct body compiled
// once, and the steps share the results.
//
// Sharing is sound because a program is immutable once compiled (a frame
// copies its constants; the code closes over register numbers and pure
// functions only), and because two bodies share one only when they
// compute the same values (sameBody): equal block argument types, and op
// for op equal names, attributes, result types and operands. A body that
// reads a captured tensor (tensor.extract) binds the step's view and
// memory into its program, so it is compiled for its step alone.

// prepCache holds one run's decoded generics, compiled bodies and kept
// lane registers, and for an Executor each step's kernel, kept from one
// run to the next. A nil *prepCache shares nothing: every step decodes
// and compiles its own.
type prepCache struct {
	ops    map[*ir.Operation]*genericInfo
	bodies map[uint64][]*compiledBody // by bodyHash
	lanes  laneStore
	// kernels are the kernels prepared for the steps of an Executor's
	// plan (nil: none are kept), by step.
	kernels map[*plan.Step]*kernel
	// panels are the current run's packed panels (panels.go), emptied
	// when the run ends.
	panels *panelCache
	// folds are the pads of plan foldsOf that can be folded into their
	// consumers (foldablePads), worked out in its first run.
	folds   map[int]*padFold
	foldsOf *plan.Plan
}

// padFolds returns foldablePads(p), kept for the next runs of p.
func (c *prepCache) padFolds(p *plan.Plan) map[int]*padFold {
	if c.foldsOf != p {
		c.folds, c.foldsOf = foldablePads(p), p
	}
	return c.folds
}

// keepKernels makes pc keep the kernels of p's steps for later runs.
func (c *prepCache) keepKernels(p *plan.Plan) {
	c.kernels = make(map[*plan.Step]*kernel, len(p.Steps))
	for _, s := range p.Steps {
		if s.Kind == plan.StepGeneric && len(s.Captures) == 0 && !s.HasDynamicViews() {
			c.kernels[s] = nil
		}
	}
}

// keptKernel returns the kernel of step s kept from an earlier run, bound
// to this run's memory, or nil when there is none or it does not apply.
// Everything a kernel holds but its memory follows from the step; the
// memory enters the fast paths' choice only through which inputs
// overlap which outputs, so that pattern must be the kept one's.
func (c *prepCache) keptKernel(s *plan.Step, mem func(*plan.Buffer) ([]byte, error)) (*kernel, error) {
	t := c.kernels[s]
	if t == nil {
		return nil, nil
	}
	k := *t
	k.outZero = false // the caller's to set
	k.ops = make([]kOperand, len(t.ops))
	copy(k.ops, t.ops)
	for o := range k.ops {
		b, err := mem(viewAt(s, o).Buf)
		if err != nil {
			return nil, err
		}
		k.ops[o].mem, k.ops[o].acc = b, newAccessor(b, t.ops[o].acc.kind)
	}
	if ov, ok := overlapPattern(&k); !ok || ov != t.overlap {
		return nil, nil
	}
	return &k, nil
}

// keep records k, just prepared for step s, for later runs when s is one
// of the kept steps.
func (c *prepCache) keep(s *plan.Step, k *kernel) {
	if c == nil || c.kernels == nil {
		return
	}
	if _, ok := c.kernels[s]; !ok {
		return
	}
	if ov, ok := overlapPattern(k); ok {
		if k.fast != nil {
			k.fast.tables = &contractionTables{}
		}
		t := *k
		t.overlap = ov
		// The kept kernel holds no memory: this run's results must not
		// live on in it.
		t.ops = make([]kOperand, len(k.ops))
		copy(t.ops, k.ops)
		for o := range t.ops {
			t.ops[o].mem, t.ops[o].acc.mem = nil, nil
		}
		c.kernels[s] = &t
	}
}

// overlapPattern is one bit per (input, output) pair of k's operands, set
// when their memory overlaps; false when there are too many pairs.
func overlapPattern(k *kernel) (uint64, bool) {
	nOut := len(k.ops) - k.nIn
	if k.nIn*nOut > 64 {
		return 0, false
	}
	var bits uint64
	for i := 0; i < k.nIn; i++ {
		for j := 0; j < nOut; j++ {
			if overlaps(k.ops[i].mem, k.ops[k.nIn+j].mem) {
				bits |= 1 << (i*nOut + j)
			}
		}
	}
	return bits, true
}

func newPrepCache() *prepCache {
	return &prepCache{ops: map[*ir.Operation]*genericInfo{}, bodies: map[uint64][]*compiledBody{}}
}

// laneStore is the run's store of lane registers (nil for a nil cache).
func (c *prepCache) laneStore() *laneStore {
	if c == nil {
		return nil
	}
	return &c.lanes
}

// genericInfo is what newKernel needs of a linalg.generic that does not
// depend on the step's views.
type genericInfo struct {
	maps  []affine.Map
	iters []string
	body  *ir.Block
	// shared is the body's compiled form once a step without captures
	// has looked it up: the op's other steps skip the look-up.
	shared *compiledBody
}

// compiledBody is a body compiled once: its scalar program and, on first
// demand, its lane code.
type compiledBody struct {
	body       *ir.Block // the body it was compiled from
	loops      int
	caps       map[*ir.Value]*capture // the step's captured tensors (tensor.extract), or nil
	prog       *program
	lanes      *laneCode
	lanesDone  bool
	folds      *laneCode
	foldsDone  bool
	f32        *lane32Code
	f32Done    bool
	fold32     *lane32Code
	fold32Done bool
}

// generic returns op's decoded maps, iterators and body, decoding them
// on the first request.
func (c *prepCache) generic(op *ir.Operation) (*genericInfo, error) {
	if c != nil {
		if g, ok := c.ops[op]; ok {
			return g, nil
		}
	}
	g, err := decodeGeneric(op)
	if err != nil {
		return nil, err
	}
	if c != nil {
		c.ops[op] = g
	}
	return g, nil
}

func decodeGeneric(op *ir.Operation) (*genericInfo, error) {
	g := &genericInfo{maps: linalg.IndexingMaps(op), iters: linalg.IteratorTypes(op), body: linalg.Body(op)}
	if g.maps == nil || g.iters == nil || g.body == nil || len(g.maps) != len(g.body.Args()) {
		return nil, ir.OpErrorf(op, "cpu: malformed linalg.generic")
	}
	for o, m := range g.maps {
		if m.NumDims != len(g.iters) || m.NumSymbols != 0 {
			return nil, ir.OpErrorf(op, "cpu: indexing map %d does not match the loops or the operand rank", o)
		}
	}
	return g, nil
}

// program returns the compiled body of op (body, loops deep) that steps
// without captures share: the one compiled earlier from an equal body, or
// a new one. Compilation errors are returned and never kept.
func (c *prepCache) program(op *ir.Operation, body *ir.Block, loops int) (*compiledBody, error) {
	var h uint64
	if c != nil {
		h = bodyHash(body, loops)
		for _, cb := range c.bodies[h] {
			if cb.loops == loops && sameBody(cb.body, body) {
				return cb, nil
			}
		}
	}
	prog, err := compileBody(op, body, loops, nil)
	if err != nil {
		return nil, err
	}
	cb := &compiledBody{body: body, loops: loops, prog: prog}
	if c != nil {
		c.bodies[h] = append(c.bodies[h], cb)
	}
	return cb, nil
}

// laneCode returns the body's lane code (nil when it has none), compiling
// it on the first request.
func (cb *compiledBody) laneCode() *laneCode {
	if !cb.lanesDone {
		cb.lanes, cb.lanesDone = compileLanes(cb.body, cb.loops, cb.caps), true
	}
	return cb.lanes
}

// lane32Code returns the body's float32 lane code (nil when it has
// none), compiling it on the first request.
func (cb *compiledBody) lane32Code() *lane32Code {
	if !cb.f32Done {
		cb.f32, cb.f32Done = compileLanes32(cb.body, nil, nil), true
	}
	return cb.f32
}

// fold32Code returns the body's float32 lane code as a fold (the body
// up to its fold step, yielding x; nil when it has none), compiling it
// on the first request.
func (cb *compiledBody) fold32Code() *lane32Code {
	if !cb.fold32Done {
		if last, x, _ := foldParts(cb.body); last != nil {
			cb.fold32 = compileLanes32(cb.body, last, x)
		}
		cb.fold32Done = true
	}
	return cb.fold32
}

// foldCode returns the body's lane code as a fold (compileFold; nil when
// it has none), compiling it on the first request.
func (cb *compiledBody) foldCode() *laneCode {
	if !cb.foldsDone {
		cb.folds, cb.foldsDone = compileFold(cb.body, cb.loops, cb.caps), true
	}
	return cb.folds
}

// bodyHash buckets bodies by loop count, argument count, op names and
// the values of scalar attributes and outside constants (bodies that
// differ only in a constant, a batch-norm's count per block, land apart);
// sameBody decides.
func bodyHash(b *ir.Block, loops int) uint64 {
	const prime = 1099511628211
	h := uint64(14695981039346656037)
	mix := func(x uint64) { h = (h ^ x) * prime }
	mix(uint64(loops))
	mix(uint64(len(b.Args())))
	for o := b.First(); o != nil; o = o.Next() {
		for i := 0; i < len(o.Name); i++ {
			mix(uint64(o.Name[i]))
		}
		mix(uint64(o.NumOperands()))
		for _, a := range o.Attrs() {
			mix(scalarBits(a.Value))
		}
		for i := range o.NumOperands() {
			if v := o.Operand(i); !definedIn(v, b) {
				mix(scalarBits(plan.ScalarConstant(v)))
			}
		}
	}
	return h
}

// scalarBits is the value of an integer or float attribute as bits, 0 for
// any other.
func scalarBits(a ir.Attribute) uint64 {
	switch x := a.(type) {
	case ir.FloatAttr:
		return math.Float64bits(x.Value)
	case ir.IntegerAttr:
		return uint64(x.Value)
	}
	return 0
}

// sameBody reports whether bodies a and b compute the same values from
// the same block arguments, so that one compiled program serves both:
// equal argument types (and uses), and op for op equal names, attributes,
// result types and operands (sameOperand). Ops with regions are never
// equal: compileBody rejects them.
func sameBody(a, b *ir.Block) bool {
	if a == b {
		return true
	}
	if a.Len() != b.Len() || len(a.Args()) != len(b.Args()) {
		return false
	}
	for i, x := range a.Args() {
		y := b.Arg(i)
		if !ir.TypeEqual(x.Type(), y.Type()) || x.HasUses() != y.HasUses() {
			return false
		}
	}
	for x, y := a.First(), b.First(); x != nil; x, y = x.Next(), y.Next() {
		if !sameOp(x, y, a, b) {
			return false
		}
	}
	return true
}

func sameOp(x, y *ir.Operation, a, b *ir.Block) bool {
	if x.Name != y.Name || x.NumRegions() != 0 || y.NumRegions() != 0 ||
		x.NumResults() != y.NumResults() || x.NumOperands() != y.NumOperands() ||
		!sameAttrs(x.Attrs(), y.Attrs()) {
		return false
	}
	for i := range x.NumResults() {
		if !ir.TypeEqual(x.Result(i).Type(), y.Result(i).Type()) {
			return false
		}
	}
	for i := range x.NumOperands() {
		if !sameOperand(x.Operand(i), y.Operand(i), a, b) {
			return false
		}
	}
	return true
}

func sameAttrs(x, y ir.DictionaryAttr) bool {
	if len(x) != len(y) {
		return false
	}
	for i := range x {
		if x[i].Name != y[i].Name {
			return false
		}
		// Equal opaque attributes (arith's fastmath flags, on every float
		// op) are equal structs; ir.AttrEqual would print both.
		if ox, ok := x[i].Value.(ir.OpaqueAttr); ok {
			if oy, ok := y[i].Value.(ir.OpaqueAttr); ok && ox == oy {
				continue
			}
		}
		if !ir.AttrEqual(x[i].Value, y[i].Value) {
			return false
		}
	}
	return true
}

// sameOperand reports whether v (read in body a) and w (read in body b)
// are the same value of their bodies: the same block argument, the same
// result of ops at the same position, or scalar constants from outside
// their bodies with equal types and values.
func sameOperand(v, w *ir.Value, a, b *ir.Block) bool {
	if !ir.TypeEqual(v.Type(), w.Type()) {
		return false
	}
	vIn, wIn := definedIn(v, a), definedIn(w, b)
	switch {
	case vIn != wIn:
		return false
	case !vIn:
		cv, cw := plan.ScalarConstant(v), plan.ScalarConstant(w)
		return cv != nil && cw != nil && ir.AttrEqual(cv, cw)
	case v.IsBlockArg() || w.IsBlockArg():
		return v.IsBlockArg() && w.IsBlockArg() && v.Index() == w.Index()
	}
	return v.Index() == w.Index() && samePosition(v.DefiningOp(), w.DefiningOp())
}

// definedIn reports whether v is an argument of blk or the result of an
// op directly in it.
func definedIn(v *ir.Value, blk *ir.Block) bool {
	if v.IsBlockArg() {
		return v.OwnerBlock() == blk
	}
	return v.DefiningOp().Block() == blk
}

// samePosition reports whether x and y are equally far from the starts of
// their blocks.
func samePosition(x, y *ir.Operation) bool {
	for x != nil && y != nil {
		x, y = x.Prev(), y.Prev()
	}
	return x == nil && y == nil
}
