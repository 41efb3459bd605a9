package importer_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/compiler"
	fn "github.com/torchlower/torchlower/dialect/func"
	"github.com/torchlower/torchlower/importer"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/plan"
	"github.com/torchlower/torchlower/torch"
)

// torchViews are the aten ops whose result PyTorch gives as a view of
// their first operand's storage: they add no memory of their own.
var torchViews = map[string]bool{
	"torch.aten.view": true, "torch.aten._unsafe_view": true, "torch.aten.reshape": true,
	"torch.aten.expand": true, "torch.aten.t": true, "torch.aten.transpose.int": true,
	"torch.aten.permute": true, "torch.aten.squeeze": true, "torch.aten.squeeze.dim": true,
	"torch.aten.unsqueeze": true, "torch.aten.slice.Tensor": true, "torch.aten.select.int": true,
	"torch.aten.alias": true, "torch.aten.detach": true,
}

// liveTensorBytes measures a torch-dialect function the way PyTorch would
// hold its tensors, as the memory bar defines it:
//
//   - inputs (parameters, buffers and user inputs alike) are held by the
//     caller for the whole step, so they count at every program point;
//   - a tensor value defined by op i counts at every program point from i
//     to its last use (an operand of a later op, the return included: a
//     returned value stays live to the end); at op i the operands it reads
//     and the results it writes both count;
//   - a view (torchViews) is its operand's storage: it adds no bytes and
//     keeps that storage live until the view's last use;
//   - non-tensor values (ints, lists, bools) count nothing.
//
// It returns the inputs' bytes and the maximum over program points (ops)
// of the bytes of the other live tensors; their sum is "the sum of the
// live tensors".
func liveTensorBytes(t *testing.T, f *ir.Operation) (inputs, peak int64, at string) {
	t.Helper()
	body := fn.Body(f)
	bytesOf := func(v *ir.Value) int64 {
		vt, ok := v.Type().(torch.VTensorType)
		if !ok {
			return 0
		}
		if vt.Dtype == nil || !vt.HasSizes {
			t.Fatalf("tensor %s has no static type", vt)
		}
		n := int64(1)
		for _, d := range vt.Sizes {
			if d < 0 {
				t.Fatalf("tensor %s has a dynamic size", vt)
			}
			n *= d
		}
		return n * int64(ir.ElementByteSize(vt.Dtype))
	}
	for _, a := range body.Args() {
		inputs += bytesOf(a)
	}
	ops := body.OpList()
	index := map[*ir.Operation]int{}
	for i, op := range ops {
		index[op] = i
	}
	root := map[*ir.Value]*ir.Value{} // a view's storage
	rootOf := func(v *ir.Value) *ir.Value {
		for root[v] != nil {
			v = root[v]
		}
		return v
	}
	type span struct {
		def, last int
		bytes     int64
	}
	spans := map[*ir.Value]*span{}
	var order []*ir.Value
	for i, op := range ops {
		for _, o := range op.Operands() {
			if s := spans[rootOf(o)]; s != nil && i > s.last {
				s.last = i
			}
		}
		for _, r := range op.Results() {
			if torchViews[op.Name] && op.NumOperands() > 0 {
				root[r] = op.Operand(0)
				continue
			}
			if b := bytesOf(r); b > 0 {
				spans[r] = &span{def: i, last: i, bytes: b}
				order = append(order, r)
			}
		}
	}
	for i, op := range ops {
		var sum int64
		for _, v := range order {
			if s := spans[v]; s.def <= i && i <= s.last {
				sum += s.bytes
			}
		}
		if sum > peak {
			peak, at = sum, fmt.Sprintf("op %d (%s)", i, op.Name)
		}
	}
	return inputs, peak, at
}

// zeroCopies lists the Copy steps of p whose source holds nothing but
// zeros a Fill wrote (a fill of a whole buffer, not overwritten since):
// with fill + strided insert_slice bufferized as one buffer, the zeros
// are filled where they stay, and no such copy exists.
func zeroCopies(p *plan.Plan) []string {
	zeroFilledAt := map[*plan.Buffer]int{} // buffer → the step that zero-filled it whole
	isZero := func(a ir.Attribute) bool {
		switch x := a.(type) {
		case ir.FloatAttr:
			return x.Value == 0
		case ir.IntegerAttr:
			return x.Value == 0
		}
		return false
	}
	var bad []string
	for i, s := range p.Steps {
		if s.Kind == plan.StepCopy {
			if j, ok := zeroFilledAt[s.Inputs[0].Buf]; ok {
				whole := ""
				if s.Inputs[0].IsWhole() {
					whole = "whole "
				}
				bad = append(bad, fmt.Sprintf("step %d copies the %szero tensor step %d filled: %s", i, whole, j, p.StepString(i)))
			}
		}
		for _, o := range s.Outputs {
			if s.Kind == plan.StepFill && isZero(s.Value) && o.IsWhole() {
				zeroFilledAt[o.Buf] = i
			} else if !(s.Kind == plan.StepFill && isZero(s.Value)) {
				delete(zeroFilledAt, o.Buf)
			}
		}
	}
	return bad
}

// memoryCases are conv blocks whose training step (forward, loss,
// backward; progJoint with one block) the memory bar is measured on.
var memoryCases = []struct {
	name                                 string
	cin, cout, stride, groups, batch, hw int64
}{
	{"plain", 8, 16, 1, 1, 2, 16},
	{"strided", 8, 16, 2, 1, 2, 16},
	{"grouped", 8, 8, 1, 4, 2, 16},
}

// TestConvBlockTrainingMemory is the memory bar: the plan of a conv
// block's training step must hold at most 1.5x what PyTorch's tensors
// hold at their peak. Plan side: Plan.PeakBytes (temporaries, constants
// and results live at the busiest step) plus the arguments' bytes (the
// caller's, live throughout). Torch side: liveTensorBytes, inputs plus
// the largest sum of live tensors at any op of the imported program. The
// block is imported with --params=args, so both sides count the
// parameters and buffers as inputs.
func TestConvBlockTrainingMemory(t *testing.T) {
	const bar = 1.5
	for _, c := range memoryCases {
		for _, pipeline := range []string{"default", "baseline"} {
			t.Run(c.name+"/"+pipeline, func(t *testing.T) {
				b, err := importer.JointBlockArchive(c.cin, c.cout, c.stride, c.groups, c.batch, c.hw)
				if err != nil {
					t.Fatal(err)
				}
				a, err := importer.OpenReaderNamed(bytes.NewReader(b), int64(len(b)), "block.pt2")
				if err != nil {
					t.Fatal(err)
				}
				ctx := compiler.NewContext()
				m, _, err := importer.Import(ctx, a, importer.Options{Params: "args"})
				if err != nil {
					t.Fatal(err)
				}
				f := fn.LookupSymbol(m, "main")
				inputs, live, at := liveTensorBytes(t, f)
				if err := compiler.Lower(ctx, m); err != nil {
					t.Fatal(err)
				}
				if err := compiler.Preprocess(ctx, m, pipeline); err != nil {
					t.Fatal(err)
				}
				p, err := plan.Build(m, "main")
				if err != nil {
					t.Fatal(err)
				}
				var args int64
				for _, a := range p.Args {
					args += a.Bytes()
				}
				if args != inputs {
					t.Errorf("the plan's arguments hold %d bytes, the torch program's inputs %d", args, inputs)
				}
				planned, torchLive := p.PeakBytes()+args, live+inputs
				ratio := float64(planned) / float64(torchLive)
				t.Logf("plan peak %d + arguments %d = %d bytes; torch live peak %d (at %s) + inputs %d = %d bytes; ratio %.3f (bar %.1f); arena %d bytes, %d steps",
					p.PeakBytes(), args, planned, live, at, inputs, torchLive, ratio, bar, p.ArenaBytes, len(p.Steps))
				if ratio > bar {
					t.Errorf("plan memory %.3fx the live tensors (bar %.1fx); the plan:\n%s", ratio, bar, p.String())
				}
				if bad := zeroCopies(p); len(bad) > 0 {
					t.Errorf("zero tensors copied:\n%s", strings.Join(bad, "\n"))
				}
			})
		}
	}
}

// TestStridedConvBackwardNoZeroCopy: the data gradient of a strided
// convolution scatters dy into zeros (fill + strided insert_slice); in the
// plans of both pipelines that is one buffer, filled and written in
// place, never a zero tensor copied whole.
func TestStridedConvBackwardNoZeroCopy(t *testing.T) {
	for _, pipeline := range []string{"baseline", "default"} {
		p, err := compiler.CompileWith("../examples/conv_backward.mlir", "main", pipeline)
		if err != nil {
			t.Fatalf("%s: %v", pipeline, err)
		}
		fills := 0
		for _, s := range p.Steps {
			if s.Kind == plan.StepFill {
				fills++
			}
		}
		if fills == 0 {
			t.Errorf("%s: no fill step; the test no longer sees the scatter into zeros:\n%s", pipeline, p)
		}
		if bad := zeroCopies(p); len(bad) > 0 {
			t.Errorf("%s: zero tensors copied:\n%s\nplan:\n%s", pipeline, strings.Join(bad, "\n"), p)
		}
	}
}

// TestZeroCopiesDetects: the check above finds the copy it is meant to
// forbid — a whole zero-filled buffer copied into the buffer a strided
// insert_slice then writes — and accepts the in-place form.
func TestZeroCopiesDetects(t *testing.T) {
	zeros := &plan.Buffer{ID: 0, Kind: plan.Temporary, Elem: ir.F32T, Shape: []int64{1, 1, 8, 8}}
	dst := &plan.Buffer{ID: 1, Kind: plan.Result, Elem: ir.F32T, Shape: []int64{1, 1, 8, 8}}
	dy := &plan.Buffer{ID: 2, Kind: plan.Argument, Elem: ir.F32T, Shape: []int64{1, 1, 4, 4}}
	whole := func(b *plan.Buffer) plan.View {
		return plan.View{Buf: b, Shape: b.Shape, Strides: []int64{64, 64, 8, 1}}
	}
	scatter := plan.View{Buf: dst, Offset: 9, Shape: []int64{1, 1, 4, 4}, Strides: []int64{64, 64, 16, 2}}
	dyView := plan.View{Buf: dy, Shape: dy.Shape, Strides: []int64{16, 16, 4, 1}}
	zero := ir.FloatAttr{Value: 0, Type: ir.F32T.(ir.FloatType)}
	copied := &plan.Plan{Buffers: []*plan.Buffer{zeros, dst, dy}, Steps: []*plan.Step{
		{Kind: plan.StepFill, Outputs: []plan.View{whole(zeros)}, Value: zero},
		{Kind: plan.StepCopy, Inputs: []plan.View{whole(zeros)}, Outputs: []plan.View{whole(dst)}},
		{Kind: plan.StepCopy, Inputs: []plan.View{dyView}, Outputs: []plan.View{scatter}},
	}}
	if bad := zeroCopies(copied); len(bad) != 1 || !strings.Contains(bad[0], "step 1 copies the whole zero tensor step 0 filled") {
		t.Errorf("fill + copy + scatter: got %q", bad)
	}
	inPlace := &plan.Plan{Buffers: []*plan.Buffer{dst, dy}, Steps: []*plan.Step{
		{Kind: plan.StepFill, Outputs: []plan.View{whole(dst)}, Value: zero},
		{Kind: plan.StepCopy, Inputs: []plan.View{dyView}, Outputs: []plan.View{scatter}},
	}}
	if bad := zeroCopies(inPlace); len(bad) != 0 {
		t.Errorf("fill + scatter in place: got %q", bad)
	}
}
