package cpu

import (
	"strings"
	"sync/atomic"

	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
)

// The scatter path. Linalg on tensors has no scatter: index_put,
// index_add, index_copy and embedding_dense_backward with indices known
// only at run time are lowered (datamovement_scatter.go) as a reduction
// over the K index positions into every destination element,
//
//	out[p] = select(idx[k] == p_d ∧ ..., out[p] + vals[.., k], out[p])
//
// which asks all K positions about every element: torch.export writes
// the embedding gradient of a language model that way, a 50 K x 768
// table from 8 K tokens 3·10¹¹ evaluations. Here such a generic runs as
// the scatter it is: for each k in order, the positions its index values
// name (the condition's equalities, evaluated once for k), and the body
// at those elements alone, for every point of the loops no index names
// (the embedding dim). An element the equalities do not reach yields its
// own value in the body (the select's other side), so leaving it alone
// is exact; an element they reach sees its k in increasing order, as in
// the reduction: the same bits.
//
// The generic qualifies when its one reduction loop k is the scatter's,
// its output's map is a permutation of the parallel loops, the yielded
// value is select(cond, v, out) of the output's block argument, and cond
// is a conjunction that includes at least one cmpi eq of linalg.index d
// (d parallel) with a value computed from k alone (inputs indexed by k
// only, constants, linalg.index k). The body must be free of ops that
// can fail on arbitrary operands (integer division, tensor.extract):
// the equalities are evaluated with the other block arguments unread.
// Inputs must not overlap the output (the order of elements changes).
//
// Where the select's value is an input's element or its f32/f64 sum with
// the output's, and every other conjunct is decided by k alone (the
// embedding gradient's padding index), the free loops run as typed rows
// (scatterRowForm) rather than the body at each point: a 2048x32
// embedding gradient from 256 tokens, as a whole run, in 0.07-0.3 ms
// where the reduction took 136-139 ms (BenchmarkScatterEmbeddingGrad;
// PyTorch's index_put 0.02 ms). The GPU backends still run the
// reduction.

// scatterRuns counts the generics the scatter path ran, scatterRowRuns
// those of them that ran as typed rows (tests).
var scatterRuns, scatterRowRuns atomic.Int64

// useScatter switches the scatter path (tests compare it with the
// reduction).
var useScatter = true

// scatterGeneric is a generic's scatter form: the reduction loop, the
// program computing the named positions and, for each, its register and
// the parallel loop it names.
type scatterGeneric struct {
	red   int
	prog  *program
	pos   []reg
	dims  []int
	kOnly []int // the inputs read for the positions (indexed by k alone)
	free  []int // the parallel loops no position names
	// rows, when not nil, is the body as a copy or add of one input's
	// f32 or f64 elements into the output's, its condition decided by
	// k alone (the equalities and checks): the free loops then run as
	// typed loops instead of the body.
	rows *scatterRowForm
}

// scatterRowForm is a scatter whose body is out = in (add false) or out =
// out + in at the named positions, where every check (the condition's
// other conjuncts, registers of the program) holds.
type scatterRowForm struct {
	in     int
	add    bool
	f64    bool
	checks []reg
}

// matchScatter returns k's scatter form, or nil.
func matchScatter(k *kernel, g *genericInfo) *scatterGeneric {
	if !useScatter || len(k.ops)-k.nIn != 1 || k.nIn == 0 {
		return nil
	}
	red := -1
	for d, it := range g.iters {
		if it == linalg.Reduction {
			if red >= 0 {
				return nil
			}
			red = d
		}
	}
	if red < 0 {
		return nil
	}
	// The output's map is a permutation of the parallel loops.
	out := g.maps[k.nIn]
	seen := make([]bool, len(g.iters))
	for _, e := range out.Results {
		d, ok := e.AsDim()
		if !ok || d == red || seen[d] {
			return nil
		}
		seen[d] = true
	}
	if len(out.Results) != len(g.iters)-1 {
		return nil
	}
	for i := 0; i < k.nIn; i++ {
		if overlaps(k.ops[i].mem, k.ops[k.nIn].mem) {
			return nil
		}
	}
	body := g.body
	y := body.Last()
	if y == nil || y.Name != linalg.Yield || y.NumOperands() != 1 {
		return nil
	}
	sel := y.Operand(0).DefiningOp()
	acc := body.Arg(k.nIn)
	if sel == nil || sel.Name != arith.Select || sel.Block() != body || sel.Operand(2) != acc {
		return nil
	}
	for o := body.First(); o != nil; o = o.Next() {
		if !scatterSafe(o) {
			return nil
		}
	}
	// The inputs indexed by the reduction loop alone.
	byK := make([]bool, k.nIn)
	for i := range byK {
		byK[i] = onlyLoop(g.maps[i], red)
	}
	m := &kOnlyValues{body: body, byK: byK, red: red, memo: map[*ir.Value]bool{}}
	// Each conjunct is an equality naming a loop's position, or a check
	// decided by k; another needs the body at each point (bodyDecides).
	var vals, checks []*ir.Value
	var dims []int
	bodyDecides := false
	for _, t := range conjuncts(sel.Operand(0), body) {
		matched := false
		if p, ok := t.Attr("predicate").(ir.IntegerAttr); ok && p.Value == 0 && t.Name == arith.CmpI && t.NumOperands() == 2 { // eq
			for s := range 2 {
				d, ok := loopIndex(t.Operand(s), body)
				if !ok || d == red || containsInt(dims, d) || !m.is(t.Operand(1-s)) {
					continue
				}
				vals, dims, matched = append(vals, t.Operand(1-s)), append(dims, d), true
				break
			}
		}
		switch {
		case matched:
		case t.NumResults() == 1 && m.is(t.Result(0)):
			checks = append(checks, t.Result(0))
		default:
			bodyDecides = true
		}
	}
	if len(dims) == 0 {
		return nil
	}
	var rows *scatterRowForm
	if !bodyDecides {
		rows = scatterRowsOf(k, sel, acc, body)
	}
	prog, regs, err := compileBodyRegs(k.op, body, len(g.iters), nil, append(vals, checks...))
	if err != nil {
		return nil
	}
	if rows != nil {
		rows.checks = regs[len(vals):]
	}
	sg := &scatterGeneric{red: red, prog: prog, pos: regs[:len(vals)], dims: dims, rows: rows}
	for i, ok := range byK {
		if ok && prog.args[i].idx >= 0 {
			sg.kOnly = append(sg.kOnly, i)
		}
	}
	for d := range g.iters {
		if d != red && !containsInt(dims, d) {
			sg.free = append(sg.free, d)
		}
	}
	return sg
}

// scatterRowsOf returns the rows form of the select sel's true value
// (an input's block argument, or its sum with acc) when the input and the
// output are both f32 or both f64, else nil.
func scatterRowsOf(k *kernel, sel *ir.Operation, acc *ir.Value, body *ir.Block) *scatterRowForm {
	v, add := sel.Operand(1), false
	if o := v.DefiningOp(); o != nil && o.Block() == body && (o.Name == arith.AddF) && o.NumOperands() == 2 {
		switch {
		case o.Operand(0) == acc:
			v, add = o.Operand(1), true
		case o.Operand(1) == acc:
			v, add = o.Operand(0), true
		default:
			return nil
		}
	}
	if !v.IsBlockArg() || v.OwnerBlock() != body || v.Index() >= k.nIn {
		return nil
	}
	in, out := k.ops[v.Index()].acc.kind, k.ops[k.nIn].acc.kind
	if in != out || in != kF32 && in != kF64 {
		return nil
	}
	return &scatterRowForm{in: v.Index(), add: add, f64: in == kF64}
}

// scatterSafe reports whether o computes without failing on any operand
// values: arith ops but the integer divisions and remainders, and
// linalg.index and linalg.yield.
func scatterSafe(o *ir.Operation) bool {
	switch o.Name {
	case linalg.Index, linalg.Yield:
		return true
	case arith.DivSI, arith.DivUI, arith.RemSI, arith.RemUI, arith.CeilDivSI, arith.CeilDivUI, arith.FloorDivSI:
		return false
	}
	return strings.HasPrefix(o.Name, "arith.")
}

// onlyLoop reports whether every result of m reads loop d or a constant,
// and at least one reads d.
func onlyLoop(m affine.Map, d int) bool {
	reads := false
	for _, e := range m.Results {
		if _, ok := e.AsConst(); ok {
			continue
		}
		x, ok := e.AsDim()
		if !ok || x != d {
			return false
		}
		reads = true
	}
	return reads
}

// conjuncts returns the ops of body whose results are anded together
// into cond (arith.andi trees), cond's own op when it is no andi.
func conjuncts(cond *ir.Value, body *ir.Block) []*ir.Operation {
	o := cond.DefiningOp()
	if o == nil || o.Block() != body {
		return nil
	}
	if o.Name != arith.AndI {
		return []*ir.Operation{o}
	}
	return append(conjuncts(o.Operand(0), body), conjuncts(o.Operand(1), body)...)
}

// loopIndex returns d when v is linalg.index d of body.
func loopIndex(v *ir.Value, body *ir.Block) (int, bool) {
	o := v.DefiningOp()
	if o == nil || o.Block() != body || o.Name != linalg.Index {
		return 0, false
	}
	a, ok := o.Attr("dim").(ir.IntegerAttr)
	return int(a.Value), ok
}

func containsInt(s []int, x int) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

// kOnlyValues decides which values of body depend on the reduction loop
// alone: block arguments of the inputs byK, constants, linalg.index of
// the loop, and ops of those.
type kOnlyValues struct {
	body *ir.Block
	byK  []bool
	red  int
	memo map[*ir.Value]bool
}

func (m *kOnlyValues) is(v *ir.Value) bool {
	if r, ok := m.memo[v]; ok {
		return r
	}
	m.memo[v] = false // a cycle is not k-only
	r := m.decide(v)
	m.memo[v] = r
	return r
}

func (m *kOnlyValues) decide(v *ir.Value) bool {
	if v.IsBlockArg() {
		i := v.Index()
		return v.OwnerBlock() == m.body && i < len(m.byK) && m.byK[i]
	}
	o := v.DefiningOp()
	if o.Block() != m.body {
		return true // a scalar constant from outside (compileBody checks)
	}
	if o.Name == linalg.Index {
		d, ok := loopIndex(v, m.body)
		return ok && d == m.red
	}
	for i := range o.NumOperands() {
		if !m.is(o.Operand(i)) {
			return false
		}
	}
	return true
}

// run scatters: for each k in order, the positions it names, and the
// body at every point of the free loops there. Positions outside the
// output name no element (the reduction's equalities hold nowhere).
func (s *scatterGeneric) run(k *kernel) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = ir.OpErrorf(k.op, "cpu: %v", r)
		}
	}()
	scatterRuns.Add(1)
	if s.rows != nil {
		scatterRowRuns.Add(1)
	}
	pf := s.prog.newFrame(len(k.ext))
	fr := k.prog.newFrame(len(k.ext))
	off := make([]int64, len(k.ops))
	for kk := int64(0); kk < k.ext[s.red]; kk++ {
		pf.idx[s.red] = kk
		for _, i := range s.kOnly {
			op := &k.ops[i]
			op.acc.loadInto(pf, s.prog.args[i], op.base+op.coef[s.red]*kk)
		}
		for _, c := range s.prog.code {
			c(pf)
		}
		inside := true
		for j, d := range s.dims {
			p := pf.i[s.pos[j].idx]
			if p < 0 || p >= k.ext[d] {
				inside = false
				break
			}
			fr.idx[d] = p
		}
		if !inside {
			continue
		}
		fr.idx[s.red] = kk
		if r := s.rows; r != nil {
			skip := false
			for _, c := range r.checks {
				skip = skip || pf.i[c.idx] == 0
			}
			if !skip {
				s.rowsAt(k, fr.idx, 0, k.ops[r.in].base, k.ops[k.nIn].base)
			}
			continue
		}
		s.points(k, fr, off, 0)
	}
	return nil
}

// rowsAt copies or adds the input's elements to the output's over the
// free loops from the f-th on, the other loops at idx, from element
// offsets oi (input) and oo (output) of the loops before f.
func (s *scatterGeneric) rowsAt(k *kernel, idx []int64, f int, oi, oo int64) {
	in, out := &k.ops[s.rows.in], &k.ops[k.nIn]
	if f == 0 {
		for _, d := range s.dims {
			oi += in.coef[d] * idx[d]
			oo += out.coef[d] * idx[d]
		}
		oi += in.coef[s.red] * idx[s.red]
	}
	if f == len(s.free) {
		s.rowsRun(k, 1, 0, 0, oi, oo)
		return
	}
	d := s.free[f]
	if f == len(s.free)-1 {
		s.rowsRun(k, k.ext[d], in.coef[d], out.coef[d], oi, oo)
		return
	}
	for i := int64(0); i < k.ext[d]; i++ {
		s.rowsAt(k, idx, f+1, oi+i*in.coef[d], oo+i*out.coef[d])
	}
}

// rowsRun is n elements of the row: out[oo + j·so] = (out +) in[oi + j·si].
func (s *scatterGeneric) rowsRun(k *kernel, n, si, so, oi, oo int64) {
	if s.rows.f64 {
		scatterRow(typed[float64](k.ops[s.rows.in].mem), typed[float64](k.ops[k.nIn].mem), n, si, so, oi, oo, s.rows.add)
		return
	}
	scatterRow(typed[float32](k.ops[s.rows.in].mem), typed[float32](k.ops[k.nIn].mem), n, si, so, oi, oo, s.rows.add)
}

func scatterRow[T float32 | float64](in, out []T, n, si, so, oi, oo int64, add bool) {
	if add {
		for j := int64(0); j < n; j++ {
			out[oo+j*so] += in[oi+j*si]
		}
		return
	}
	for j := int64(0); j < n; j++ {
		out[oo+j*so] = in[oi+j*si]
	}
}

// points runs the body at every point of the free loops from the f-th
// on, the other loops' indices set in fr.
func (s *scatterGeneric) points(k *kernel, fr *frame, off []int64, f int) {
	if f == len(s.free) {
		for o := range k.ops {
			op := &k.ops[o]
			at := op.base
			for d, c := range op.coef {
				at += c * fr.idx[d]
			}
			off[o] = at
		}
		k.elem(fr, off)
		return
	}
	d := s.free[f]
	for i := int64(0); i < k.ext[d]; i++ {
		fr.idx[d] = i
		s.points(k, fr, off, f+1)
	}
}
