package plan

import (
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/ir"
)

// MACs is the number of multiply-accumulates the step executes: for a
// Generic step whose body accumulates a product into an output (an
// arith.mulf or arith.muli whose result, through casts, is added by
// arith.addf/addi to the output's block argument and yielded: a
// contraction such as a convolution, a matmul or a gradient), the
// product of all loop extents; 0 for every other step (fills, copies,
// elementwise generics, plain sums). A loop's extent is the size of the
// first operand dimension its indexing map indexes by that loop alone, as
// a backend runs it; a loop no operand dimension gives (a malformed
// generic) makes the count 0.
//
// The count is what the plan executes, zeros included: the baseline
// lowering of a strided backward-data convolution multiplies the zeros of
// its scattered gradient, and this is how `torchlower bench` and the e2e
// tests see the preprocessing passes remove them.
func (s *Step) MACs() int64 {
	if s.Kind != StepGeneric || s.Op == nil || !accumulatesProduct(s.Op, len(s.Inputs)) {
		return 0
	}
	maps := linalg.IndexingMaps(s.Op)
	iters := linalg.IteratorTypes(s.Op)
	views := append(append([]View(nil), s.Inputs...), s.Outputs...)
	if maps == nil || iters == nil || len(maps) != len(views) {
		return 0
	}
	ext := make([]int64, len(iters))
	for d := range ext {
		ext[d] = -1
	}
	for o, m := range maps {
		if m.NumDims != len(iters) || len(m.Results) != len(views[o].Shape) {
			return 0
		}
		for r, e := range m.Results {
			if d, ok := e.AsDim(); ok && ext[d] < 0 {
				ext[d] = views[o].Shape[r]
			}
		}
	}
	n := int64(1)
	for _, e := range ext {
		if e < 0 {
			return 0
		}
		n *= e
	}
	return n
}

// MACs is the sum of the steps' MACs: the multiply-accumulates one run of
// the plan executes.
func (p *Plan) MACs() int64 {
	var n int64
	for _, s := range p.Steps {
		n += s.MACs()
	}
	return n
}

// accumulatesProduct reports whether some value the body of the generic
// op yields is out + (a cast of) a product, out being the block argument
// of the same output (nIn inputs come first).
func accumulatesProduct(op *ir.Operation, nIn int) bool {
	body := linalg.Body(op)
	if body == nil || body.Last() == nil || body.Last().Name != "linalg.yield" {
		return false
	}
	args := body.Args()
	y := body.Last()
	for j := 0; j < y.NumOperands() && nIn+j < len(args); j++ {
		add := y.Operand(j).DefiningOp()
		if add == nil || add.NumOperands() != 2 || (add.Name != "arith.addf" && add.Name != "arith.addi") {
			continue
		}
		out := args[nIn+j]
		a, b := add.Operand(0), add.Operand(1)
		if b == out {
			a, b = b, a
		}
		if a == out && b != out && isProduct(b) {
			return true
		}
	}
	return false
}

// isProduct reports whether v is an arith.mulf/muli result, possibly
// through width casts.
func isProduct(v *ir.Value) bool {
	for range 8 {
		d := v.DefiningOp()
		if d == nil {
			return false
		}
		switch d.Name {
		case "arith.mulf", "arith.muli":
			return true
		case "arith.extf", "arith.truncf", "arith.extsi", "arith.extui", "arith.trunci", "arith.sitofp", "arith.uitofp":
			v = d.Operand(0)
		default:
			return false
		}
	}
	return false
}
