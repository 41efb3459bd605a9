package cpu

import (
	"fmt"

	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/dialect/tensor"
	"github.com/torchlower/torchlower/plan"
)

// scalars is the register file of a plan's scalar slots during one Run:
// each value is held sign-extended from its width; set says which slots
// a Scalar step has written.
type scalars struct {
	p   *plan.Plan
	val []int64
	set []bool
}

func newScalars(p *plan.Plan) *scalars {
	return &scalars{p: p, val: make([]int64, len(p.Scalars)), set: make([]bool, len(p.Scalars))}
}

func (r *scalars) get(a plan.ScalarArg) (int64, error) {
	if a.Slot < 0 {
		return a.Imm, nil
	}
	if a.Slot >= len(r.val) || !r.set[a.Slot] {
		return 0, fmt.Errorf("cpu: malformed plan: scalar %%s%d is read before it is computed", a.Slot)
	}
	return r.val[a.Slot], nil
}

func (r *scalars) width(slot int) (int, error) {
	if slot < 0 || slot >= len(r.p.Scalars) || r.p.Scalars[slot] == nil {
		return 0, fmt.Errorf("cpu: malformed plan: no scalar %%s%d", slot)
	}
	w := intWidth(r.p.Scalars[slot].Type)
	if w == 0 {
		return 0, fmt.Errorf("cpu: scalar %%s%d has unsupported type %s", slot, r.p.Scalars[slot].Type)
	}
	return w, nil
}

// resolve returns v with its run-time offset terms folded into Offset,
// after checking that each scalar lies in its range (so an out-of-range
// index is an error; checkView then proves the memory bounds).
func (r *scalars) resolve(v plan.View) (plan.View, error) {
	if len(v.Dyn) == 0 {
		return v, nil
	}
	out := v
	out.Dyn = nil
	for _, d := range v.Dyn {
		x, err := r.get(plan.ScalarArg{Slot: d.Slot})
		if err != nil {
			return v, err
		}
		if x < 0 || x > d.Max {
			return v, fmt.Errorf("cpu: run-time slice offset %%s%d = %d is out of range [0, %d] for a view of %s", d.Slot, x, d.Max, v.Buf.Name())
		}
		out.Offset += d.Coef * x
	}
	return out, nil
}

// resolveStep returns s with every dynamic view offset resolved (s itself
// when it has none).
func (r *scalars) resolveStep(s *plan.Step) (*plan.Step, error) {
	if !s.HasDynamicViews() {
		return s, nil
	}
	rs := *s
	var err error
	res := func(vs []plan.View) []plan.View {
		out := make([]plan.View, len(vs))
		for i, v := range vs {
			if out[i], err = r.resolve(v); err != nil {
				return nil
			}
		}
		return out
	}
	if rs.Inputs = res(s.Inputs); err != nil {
		return nil, err
	}
	if rs.Outputs = res(s.Outputs); err != nil {
		return nil, err
	}
	if len(s.Captures) > 0 {
		rs.Captures = make([]plan.Capture, len(s.Captures))
		for i, c := range s.Captures {
			rs.Captures[i] = c
			if rs.Captures[i].View, err = r.resolve(c.View); err != nil {
				return nil, err
			}
		}
	}
	return &rs, nil
}

// runScalar evaluates a Scalar step's program; its input views are
// resolved and bounds-checked.
func (r *scalars) runScalar(s *plan.Step, mem func(*plan.Buffer) ([]byte, error)) error {
	for _, in := range s.Program {
		w, err := r.width(in.Dst)
		if err != nil {
			return err
		}
		args := make([]int64, len(in.Args))
		for i, a := range in.Args {
			if args[i], err = r.get(a); err != nil {
				return err
			}
		}
		need := func(n int) error {
			if len(args) != n {
				return fmt.Errorf("cpu: malformed %s with %d operands", in.Op, len(args))
			}
			return nil
		}
		var x int64
		switch in.Op {
		case tensor.Extract:
			if in.Input < 0 || in.Input >= len(s.Inputs) {
				return fmt.Errorf("cpu: malformed tensor.extract")
			}
			v := s.Inputs[in.Input]
			if len(args) != len(v.Shape) {
				return fmt.Errorf("cpu: tensor.extract index count does not match rank")
			}
			off := v.Offset
			for k, i := range args {
				if i < 0 || i >= v.Shape[k] {
					return fmt.Errorf("cpu: tensor.extract index %d out of range [0, %d) in dimension %d", i, v.Shape[k], k)
				}
				off += i * v.Strides[k]
			}
			m, err := mem(v.Buf)
			if err != nil {
				return err
			}
			k, err := kindOf(v.Buf.Elem)
			if err != nil {
				return err
			}
			acc := newAccessor(m, k)
			if k.isFloat() {
				return fmt.Errorf("cpu: scalar tensor.extract of %s", v.Buf.Elem)
			}
			x = acc.loadI(off)
		case arith.IndexCast, arith.ExtSI, arith.TruncI:
			if err := need(1); err != nil {
				return err
			}
			x = args[0]
		case arith.Select:
			if err := need(3); err != nil {
				return err
			}
			x = args[2]
			if args[0]&1 != 0 {
				x = args[1]
			}
		case arith.CmpI:
			if err := need(2); err != nil {
				return err
			}
			c, err := cmpI(in.Pred, sext(args[0], in.SrcWidth), sext(args[1], in.SrcWidth), in.SrcWidth)
			if err != nil {
				return err
			}
			if c {
				x = 1
			}
		default:
			if err := need(2); err != nil {
				return err
			}
			a, b := args[0], args[1]
			switch in.Op {
			case arith.AddI:
				x = a + b
			case arith.SubI:
				x = a - b
			case arith.MulI:
				x = a * b
			case arith.DivSI, arith.RemSI:
				if b == 0 {
					return fmt.Errorf("cpu: %s by zero", in.Op)
				}
				if b == -1 {
					// a / -1 and a % -1 without the overflow trap.
					if in.Op == arith.DivSI {
						x = -a
					}
					break
				}
				if in.Op == arith.DivSI {
					x = a / b
				} else {
					x = a % b
				}
			case arith.AndI:
				x = a & b
			case arith.OrI:
				x = a | b
			case arith.XOrI:
				x = a ^ b
			case arith.MaxSI:
				x = max(a, b)
			case arith.MinSI:
				x = min(a, b)
			default:
				return fmt.Errorf("cpu: unsupported scalar op %s", in.Op)
			}
		}
		r.val[in.Dst] = sext(x, w)
		r.set[in.Dst] = true
	}
	return nil
}

func cmpI(pred string, a, b int64, w int) (bool, error) {
	ua, ub := zext(a, w), zext(b, w)
	switch pred {
	case "eq":
		return a == b, nil
	case "ne":
		return a != b, nil
	case "slt":
		return a < b, nil
	case "sle":
		return a <= b, nil
	case "sgt":
		return a > b, nil
	case "sge":
		return a >= b, nil
	case "ult":
		return ua < ub, nil
	case "ule":
		return ua <= ub, nil
	case "ugt":
		return ua > ub, nil
	case "uge":
		return ua >= ub, nil
	}
	return false, fmt.Errorf("cpu: unknown arith.cmpi predicate %q", pred)
}
