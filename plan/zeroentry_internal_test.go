package plan

import (
	"math"
	"testing"

	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/ir"
)

// TestZeroOnEntry builds small plans by hand: a generic accumulating into
// a window of a 4x8 buffer after a fill, with what happens between them
// deciding whether the window still holds zeros.
func TestZeroOnEntry(t *testing.T) {
	buf := &Buffer{Elem: ir.F32T, Shape: []int64{4, 8}}
	other := &Buffer{Elem: ir.F32T, Shape: []int64{4, 8}}
	whole := View{Buf: buf, Shape: []int64{4, 8}, Strides: []int64{8, 1}}
	even := View{Buf: buf, Shape: []int64{4, 4}, Strides: []int64{8, 2}}           // even columns
	odd := View{Buf: buf, Offset: 1, Shape: []int64{4, 4}, Strides: []int64{8, 2}} // odd columns
	row0 := View{Buf: buf, Shape: []int64{1, 8}, Strides: []int64{8, 1}}
	fill := func(v View, x float64) *Step {
		return &Step{Kind: StepFill, Outputs: []View{v}, Value: ir.FloatAttr{Value: x, Type: ir.FloatType{Kind: ir.F32}}}
	}
	generic := func(iters ...string) *ir.Operation {
		return ir.NewOperation(linalg.Generic, nil, ir.UnknownLoc{}, nil, nil,
			[]ir.NamedAttr{{Name: linalg.IteratorTypesAttr, Value: linalg.IteratorTypesAttrOf(iters)}}, 0)
	}
	reduction, elementwise := generic("parallel", "reduction"), generic("parallel", "parallel")
	gen := func(out View) *Step { return &Step{Kind: StepGeneric, Op: reduction, Outputs: []View{out}} }
	copyTo := func(out View) *Step {
		return &Step{Kind: StepCopy, Inputs: []View{{Buf: other, Shape: out.Shape, Strides: out.Strides}}, Outputs: []View{out}}
	}
	dyn := even
	dyn.Dyn = []DynOffset{{Slot: 0, Coef: 1, Max: 1}}
	cases := []struct {
		name  string
		steps []*Step
		want  bool // for the last step
	}{
		{"fill then phase", []*Step{fill(whole, 0), gen(even)}, true},
		{"another phase between, disjoint", []*Step{fill(whole, 0), gen(odd), gen(even)}, true},
		{"a copy between, disjoint", []*Step{fill(whole, 0), copyTo(odd), gen(even)}, true},
		{"a write between that overlaps", []*Step{fill(whole, 0), gen(row0), gen(even)}, false},
		{"the same window twice", []*Step{fill(whole, 0), gen(even), gen(even)}, false},
		{"fill of -0", []*Step{fill(whole, math.Copysign(0, -1)), gen(even)}, false},
		{"fill of 1", []*Step{fill(whole, 1), gen(even)}, false},
		{"fill of part of the buffer", []*Step{fill(row0, 0), gen(row0)}, false},
		{"no fill", []*Step{gen(even)}, false},
		{"a fill of another buffer", []*Step{{Kind: StepFill, Outputs: []View{{Buf: other, Shape: []int64{4, 8}, Strides: []int64{8, 1}}}, Value: ir.FloatAttr{Type: ir.FloatType{Kind: ir.F32}}}, gen(even)}, false},
		{"integer zero", []*Step{{Kind: StepFill, Outputs: []View{whole}, Value: ir.IntegerAttr{Value: 0, Type: ir.I32}}, gen(even)}, true},
		{"a run-time offset", []*Step{fill(whole, 0), gen(dyn)}, false},
		{"refill after a write", []*Step{fill(whole, 0), gen(even), fill(whole, 0), gen(even)}, true},
		// Only accumulations are marked: an elementwise step does not read
		// its output first on any backend.
		{"elementwise", []*Step{fill(whole, 0), {Kind: StepGeneric, Op: elementwise, Outputs: []View{even}}}, false},
	}
	for _, c := range cases {
		p := &Plan{Steps: c.steps}
		p.markZeroOnEntry()
		last := len(c.steps) - 1
		if got := p.ZeroOnEntry(last); got != c.want {
			t.Errorf("%s: ZeroOnEntry = %v, want %v", c.name, got, c.want)
		}
		for i, s := range c.steps {
			if s.Kind != StepGeneric && p.ZeroOnEntry(i) {
				t.Errorf("%s: step %d (%s) marked", c.name, i, s.Kind)
			}
		}
	}
	if (&Plan{Steps: []*Step{gen(even)}}).ZeroOnEntry(0) {
		t.Errorf("a plan built by hand, never marked, says zero")
	}
}
