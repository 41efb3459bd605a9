package plan

import (
	"strings"

	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
)

// Scatters. Linalg on tensors has no scatter: index_put, index_add,
// index_copy and embedding_dense_backward with indices known only at run
// time are lowered as a reduction over the K index positions into every
// destination element,
//
//	out[p] = select(idx[k] == p_d ∧ ..., out[p] + vals[.., k], out[p])
//
// which asks all K positions about every element (torch.export writes
// the embedding gradient of every language model that way). A backend
// may run such a generic as the scatter it is: for each k in order, the
// positions its index values name, and the body at those elements alone,
// for every point of the loops no position names. An element the
// positions do not reach yields its own value (the select's other side),
// so leaving it alone is exact; one they reach sees its k in increasing
// order, as in the reduction: the same bits. MatchScatter recognises the
// form; the backends check what depends on memory (inputs apart from the
// output).

// ScatterForm is a generic's scatter form.
type ScatterForm struct {
	// Red is the reduction loop k.
	Red int
	// Dims are the parallel loops the positions name, and Positions the
	// body's value that names each, computed from k alone (inputs indexed
	// by k only, constants, linalg.index k).
	Dims      []int
	Positions []*ir.Value
	// Checks are the condition's other conjuncts computed from k alone
	// (embedding's padding index), unless BodyDecides: some conjunct
	// needs the body at each element.
	Checks      []*ir.Value
	BodyDecides bool
	// Free are the parallel loops no position names (the embedding dim).
	Free []int
	// ByK marks the inputs indexed by k alone.
	ByK []bool
	// RowIn >= 0 is the input whose element the select's value is, alone
	// (RowAdd false) or added to the output's (arith.addf, RowAdd true);
	// -1 for any other value.
	RowIn  int
	RowAdd bool
}

// MatchScatter returns the scatter form of a generic of nIn inputs and
// one output, given its indexing maps, iterators and body (as a backend
// has decoded them), or nil. It qualifies when its one reduction loop is the scatter's, its
// output's map is a permutation of the parallel loops, the yielded value
// is select(cond, v, out) of the output's block argument, and cond is a
// conjunction that includes at least one cmpi eq of linalg.index d (d
// parallel) with a value computed from k alone. The body must be free of
// ops that can fail on arbitrary operands (integer division,
// tensor.extract), so that a backend may evaluate the positions with the
// other block arguments unread.
func MatchScatter(maps []affine.Map, iters []string, body *ir.Block, nIn int) *ScatterForm {
	if maps == nil || iters == nil || body == nil || len(maps) != nIn+1 || len(body.Args()) != nIn+1 || nIn == 0 {
		return nil
	}
	red := -1
	for d, it := range iters {
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
	out := maps[nIn]
	seen := make([]bool, len(iters))
	for _, e := range out.Results {
		d, ok := e.AsDim()
		if !ok || d == red || seen[d] {
			return nil
		}
		seen[d] = true
	}
	if len(out.Results) != len(iters)-1 {
		return nil
	}
	y := body.Last()
	if y == nil || y.Name != linalg.Yield || y.NumOperands() != 1 {
		return nil
	}
	sel := y.Operand(0).DefiningOp()
	acc := body.Arg(nIn)
	if sel == nil || sel.Name != arith.Select || sel.Block() != body || sel.Operand(2) != acc {
		return nil
	}
	for o := body.First(); o != nil; o = o.Next() {
		if !scatterSafe(o) {
			return nil
		}
	}
	f := &ScatterForm{Red: red, ByK: make([]bool, nIn), RowIn: -1}
	for i := range f.ByK {
		f.ByK[i] = onlyLoop(maps[i], red)
	}
	m := &kOnlyValues{body: body, byK: f.ByK, red: red, memo: map[*ir.Value]bool{}}
	// Each conjunct is an equality naming a loop's position, or a check
	// decided by k; another needs the body at each element.
	for _, t := range conjuncts(sel.Operand(0), body) {
		matched := false
		if p, ok := t.Attr("predicate").(ir.IntegerAttr); ok && p.Value == 0 && t.Name == arith.CmpI && t.NumOperands() == 2 { // eq
			for s := range 2 {
				d, ok := LoopIndex(t.Operand(s), body)
				if !ok || d == red || containsInt(f.Dims, d) || !m.is(t.Operand(1-s)) {
					continue
				}
				f.Positions, f.Dims, matched = append(f.Positions, t.Operand(1-s)), append(f.Dims, d), true
				break
			}
		}
		switch {
		case matched:
		case t.NumResults() == 1 && m.is(t.Result(0)):
			f.Checks = append(f.Checks, t.Result(0))
		default:
			f.BodyDecides = true
		}
	}
	if len(f.Dims) == 0 {
		return nil
	}
	for d := range iters {
		if d != red && !containsInt(f.Dims, d) {
			f.Free = append(f.Free, d)
		}
	}
	v := sel.Operand(1)
	if o := v.DefiningOp(); o != nil && o.Block() == body && o.Name == arith.AddF && o.NumOperands() == 2 {
		switch {
		case o.Operand(0) == acc:
			v, f.RowAdd = o.Operand(1), true
		case o.Operand(1) == acc:
			v, f.RowAdd = o.Operand(0), true
		default:
			v = nil
		}
	}
	if v != nil && v.IsBlockArg() && v.OwnerBlock() == body && v.Index() < nIn {
		f.RowIn = v.Index()
	}
	return f
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

// LoopIndex returns d when v is linalg.index d of body.
func LoopIndex(v *ir.Value, body *ir.Block) (int, bool) {
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
		return true // a scalar constant from outside (the backends check)
	}
	if o.Name == linalg.Index {
		d, ok := LoopIndex(v, m.body)
		return ok && d == m.red
	}
	for i := range o.NumOperands() {
		if !m.is(o.Operand(i)) {
			return false
		}
	}
	return true
}

// OpsComputing returns the ops of body that the values vs are computed
// by, in body order: for a scatter form's positions, what a backend
// evaluates once per k.
func OpsComputing(body *ir.Block, vs []*ir.Value) []*ir.Operation {
	need := map[*ir.Operation]bool{}
	var mark func(v *ir.Value)
	mark = func(v *ir.Value) {
		o := v.DefiningOp()
		if o == nil || o.Block() != body || need[o] {
			return
		}
		need[o] = true
		for _, x := range o.Operands() {
			mark(x)
		}
	}
	for _, v := range vs {
		mark(v)
	}
	var out []*ir.Operation
	for o := body.First(); o != nil; o = o.Next() {
		if need[o] {
			out = append(out, o)
		}
	}
	return out
}
