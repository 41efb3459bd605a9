package plan

import (
	"fmt"
	"strings"

	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/dialect/tensor"
	"github.com/torchlower/torchlower/ir"
)

// Scalar is one scalar register of the plan (Plan.Scalars[ID]): an
// integer, index or i1 value computed at run time by a StepScalar, read
// by later scalar instructions and by the dynamic offsets of views.
// Backends hold it as an int64 sign-extended from its width.
type Scalar struct {
	ID   int
	Type ir.Type
}

// Name is the scalar's printed name, %sN.
func (s *Scalar) Name() string { return fmt.Sprintf("%%s%d", s.ID) }

// ScalarArg is an operand of a scalar instruction: the scalar register
// Slot, or the immediate Imm when Slot < 0.
type ScalarArg struct {
	Slot int
	Imm  int64
}

func (a ScalarArg) String() string {
	if a.Slot < 0 {
		return fmt.Sprint(a.Imm)
	}
	return fmt.Sprintf("%%s%d", a.Slot)
}

// ScalarInstr is one instruction of a StepScalar program; it writes
// register Dst.
//
//   - tensor.extract: Args are the indices into Step.Inputs[Input]
//     (bounds-checked at run time);
//   - arith.index_cast, arith.extsi, arith.trunci: Args[0], sign-extended
//     from the width of Dst;
//   - arith.addi, subi, muli, divsi, remsi, andi, ori, xori, maxsi, minsi:
//     Args[0] op Args[1] in the width of Dst (divsi/remsi by zero is a run
//     time error);
//   - arith.cmpi: Pred (an arith.cmpi predicate name) on Args[0], Args[1]
//     of width SrcWidth; Dst is an i1 (true is -1);
//   - arith.select: Args[0] ? Args[1] : Args[2].
type ScalarInstr struct {
	Op       string
	Pred     string
	SrcWidth int
	Dst      int
	Args     []ScalarArg
	Input    int
	// Src is the op the instruction comes from.
	Src *ir.Operation
	// Text is Src's one-line form, printed when Src is not one Build
	// planned (see Step.Text).
	Text string
}

// DynOffset is a run-time term of a view's offset: Coef·Scalars[Slot]
// elements. The scalar is a slice offset; it must lie in [0, Max] (the
// slice then fits its dimension), which a backend checks before any step
// touches the view.
type DynOffset struct {
	Slot int
	Coef int64
	Max  int64
}

func (d DynOffset) String() string {
	return fmt.Sprintf("+%d*%%s%d(0..%d)", d.Coef, d.Slot, d.Max)
}

// scalarOps are the arith ops a StepScalar evaluates (besides
// tensor.extract).
var scalarOps = map[string]bool{
	arith.IndexCast: true, arith.ExtSI: true, arith.TruncI: true,
	arith.AddI: true, arith.SubI: true, arith.MulI: true, arith.DivSI: true, arith.RemSI: true,
	arith.AndI: true, arith.OrI: true, arith.XOrI: true, arith.MaxSI: true, arith.MinSI: true,
	arith.CmpI: true, arith.Select: true,
}

// scalarWidth is the register width of an integer or index type (0 for
// anything else).
func scalarWidth(t ir.Type) int {
	switch x := t.(type) {
	case ir.IntegerType:
		return x.Width
	case ir.IndexType:
		return 64
	}
	return 0
}

// scalarArg returns how scalar instructions read v: an immediate for an
// integer arith.constant, its register when a scalar step computes it.
func (b *builder) scalarArg(op *ir.Operation, v *ir.Value) (ScalarArg, error) {
	if a, ok := b.scalars[v]; ok {
		return a, nil
	}
	if c, ok := ScalarConstant(v).(ir.IntegerAttr); ok {
		return ScalarArg{Slot: -1, Imm: sextW(c.Value, scalarWidth(v.Type()))}, nil
	}
	return ScalarArg{}, ir.OpErrorf(op, "plan: scalar operand %s is neither an integer constant nor computed by a supported scalar op", v.Type())
}

func sextW(v int64, w int) int64 {
	if w <= 0 || w >= 64 {
		return v
	}
	s := uint(64 - w)
	return v << s >> s
}

// scalar plans a scalar op outside any region as an instruction of a
// StepScalar (appended to the previous step when that is one).
func (b *builder) scalar(op *ir.Operation) error {
	if op.NumResults() != 1 {
		return ir.OpErrorf(op, "plan: scalar %s with %d results is not supported", op.Name, op.NumResults())
	}
	res := op.Result(0)
	w := scalarWidth(res.Type())
	if w == 0 {
		return ir.OpErrorf(op, "plan: scalar %s of type %s outside a linalg region is not supported yet (only integer and index scalars)", op.Name, res.Type())
	}
	if op.Name != tensor.Extract && !scalarOps[op.Name] {
		return ir.OpErrorf(op, "plan: scalar %s outside a linalg region is not supported yet", op.Name)
	}
	var s *Step
	if n := len(b.p.Steps); n > 0 && b.p.Steps[n-1].Kind == StepScalar {
		s = b.p.Steps[n-1]
	} else {
		s = &Step{Kind: StepScalar, Op: op}
		b.addStep(s)
	}
	in := ScalarInstr{Op: op.Name, Input: -1, Src: op}
	operands := op.Operands()
	if op.Name == tensor.Extract {
		if len(operands) == 0 {
			return ir.OpErrorf(op, "plan: malformed tensor.extract")
		}
		v, err := b.view(op, operands[0])
		if err != nil {
			return err
		}
		if len(operands)-1 != len(v.Shape) {
			return ir.OpErrorf(op, "plan: tensor.extract index count does not match the rank")
		}
		in.Input = len(s.Inputs)
		s.Inputs = append(s.Inputs, v)
		operands = operands[1:]
	}
	for _, v := range operands {
		a, err := b.scalarArg(op, v)
		if err != nil {
			return err
		}
		in.Args = append(in.Args, a)
	}
	want := map[string]int{arith.IndexCast: 1, arith.ExtSI: 1, arith.TruncI: 1, arith.Select: 3}[op.Name]
	if op.Name != tensor.Extract {
		if want == 0 {
			want = 2
		}
		if len(in.Args) != want {
			return ir.OpErrorf(op, "plan: malformed %s", op.Name)
		}
	}
	if op.Name == arith.CmpI {
		in.Pred = arith.Predicate(op)
		in.SrcWidth = scalarWidth(op.Operand(0).Type())
		if in.Pred == "" || in.SrcWidth == 0 {
			return ir.OpErrorf(op, "plan: malformed arith.cmpi")
		}
	}
	sc := &Scalar{ID: len(b.p.Scalars), Type: res.Type()}
	b.p.Scalars = append(b.p.Scalars, sc)
	in.Dst = sc.ID
	s.Program = append(s.Program, in)
	b.scalars[res] = ScalarArg{Slot: sc.ID}
	return nil
}

// dynSubView is subView with offsets that may be scalar registers: a
// register offset in dimension k adds the term strides·v.Strides[k],
// bounded so that the slice fits the dimension.
func dynSubView(v View, offsets []ScalarArg, sizes, strides []int64) View {
	static := make([]int64, len(offsets))
	for k, o := range offsets {
		if o.Slot < 0 {
			static[k] = o.Imm
		}
	}
	out := subView(v, static, sizes, strides)
	for k, o := range offsets {
		if o.Slot < 0 {
			continue
		}
		max := v.Shape[k] - 1
		if sizes[k] > 0 {
			max -= (sizes[k] - 1) * strides[k]
		} else {
			max = v.Shape[k]
		}
		out.Dyn = append(out.Dyn, DynOffset{Slot: o.Slot, Coef: v.Strides[k], Max: max})
	}
	return out
}

func (in ScalarInstr) string(s *Step) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%%s%d = %s ", in.Dst, in.Op)
	if in.Pred != "" {
		sb.WriteString(in.Pred + ", ")
	}
	args := make([]string, len(in.Args))
	for i, a := range in.Args {
		args[i] = a.String()
	}
	if in.Op == tensor.Extract {
		if in.Input >= 0 && in.Input < len(s.Inputs) {
			sb.WriteString(s.Inputs[in.Input].String())
		}
		sb.WriteString("[" + strings.Join(args, ", ") + "]")
	} else {
		sb.WriteString(strings.Join(args, ", "))
	}
	return sb.String()
}
