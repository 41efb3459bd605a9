package codegen

import (
	"fmt"
	"slices"

	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/dialect/tensor"
	"github.com/torchlower/torchlower/plan"
)

// genScalar emits a StepScalar program as a one-thread kernel writing
// the scalar registers on the device, so that the kernels after it read
// their dynamic offsets without a round trip to the host. Its semantics
// are cpu/scalar.go's: values sign-extended from their width, an
// extracted index out of range or a division by zero is an error (here
// reported through the error word, after which the kernel stops).
func genScalar(k *kernelBuilder, p *plan.Plan, s *plan.Step) (*Kernel, error) {
	k.form = FormScalar
	elems, err := elemsOf(s.Inputs)
	if err != nil {
		return nil, err
	}
	i := k.step
	k.sc, k.scWrite, k.err = true, true, true
	bufs := make([]string, len(s.Inputs))
	offs := make([]string, len(s.Inputs))
	for j, v := range s.Inputs {
		if bufs[j], offs[j], err = k.view(v, false); err != nil {
			return nil, err
		}
	}
	width := func(slot int) (int, error) {
		if slot < 0 || slot >= len(p.Scalars) || p.Scalars[slot] == nil {
			return 0, fmt.Errorf("malformed plan: no scalar %%s%d", slot)
		}
		e, err := elemOf(p.Scalars[slot].Type)
		if err != nil || e.float {
			return 0, fmt.Errorf("scalar %%s%d has unsupported type %s", slot, p.Scalars[slot].Type)
		}
		return e.width, nil
	}
	arg := func(a plan.ScalarArg) string {
		if a.Slot < 0 {
			return intLit(a.Imm)
		}
		return fmt.Sprintf("r%d", a.Slot)
	}
	k.line(1, "if (blockIdx.x != 0 || threadIdx.x != 0) return;")
	declared := map[int]bool{}
	var written []int
	for _, in := range s.Program {
		w, err := width(in.Dst)
		if err != nil {
			return nil, err
		}
		for _, a := range in.Args {
			if a.Slot >= 0 && !declared[a.Slot] {
				if _, err := width(a.Slot); err != nil {
					return nil, err
				}
				k.line(1, "i64 r%d = sc[%d];", a.Slot, a.Slot)
				declared[a.Slot] = true
			}
		}
		need := func(n int) error {
			if len(in.Args) != n {
				return fmt.Errorf("malformed %s: %d operands", in.Op, len(in.Args))
			}
			return nil
		}
		var expr string
		switch in.Op {
		case tensor.Extract:
			if in.Input < 0 || in.Input >= len(s.Inputs) || len(in.Args) != len(s.Inputs[in.Input].Shape) {
				return nil, fmt.Errorf("malformed tensor.extract")
			}
			v := s.Inputs[in.Input]
			e := elems[v.Buf]
			if e.float {
				return nil, fmt.Errorf("tensor.extract of %s into a scalar register", v.Buf.Elem)
			}
			off := offs[in.Input]
			for d, a := range in.Args {
				x := arg(a)
				k.line(1, "if (%s < 0 || %s >= %d) { tl_fail(err, %d, %d); return; }", x, x, v.Shape[d], ErrExtractIndex, i)
				off += fmt.Sprintf(" + %s * %d", x, v.Strides[d])
			}
			expr = fmt.Sprintf("tl_sext(%s, %d)", e.load(bufs[in.Input], off), w)
		case arith.IndexCast, arith.ExtSI, arith.TruncI:
			if err := need(1); err != nil {
				return nil, err
			}
			expr = fmt.Sprintf("tl_sext(%s, %d)", arg(in.Args[0]), w)
		case arith.DivSI, arith.RemSI:
			if err := need(2); err != nil {
				return nil, err
			}
			k.line(1, "if (%s == 0) { tl_fail(err, %d, %d); return; }", arg(in.Args[1]), ErrDivideByZero, i)
			expr = fmt.Sprintf("tl_sext(%s, %d)", intBinary[in.Op](arg(in.Args[0]), arg(in.Args[1]), w), w)
		case arith.AddI, arith.SubI, arith.MulI, arith.AndI, arith.OrI, arith.XOrI, arith.MaxSI, arith.MinSI:
			if err := need(2); err != nil {
				return nil, err
			}
			expr = fmt.Sprintf("tl_sext(%s, %d)", intBinary[in.Op](arg(in.Args[0]), arg(in.Args[1]), w), w)
		case arith.CmpI:
			if err := need(2); err != nil {
				return nil, err
			}
			f, ok := cmpI[in.Pred]
			if !ok {
				return nil, fmt.Errorf("arith.cmpi with unknown predicate %q", in.Pred)
			}
			expr = "-(i64)" + fmt.Sprintf(f, arg(in.Args[0]), arg(in.Args[1]), in.SrcWidth)
		case arith.Select:
			if err := need(3); err != nil {
				return nil, err
			}
			expr = fmt.Sprintf("(%s != 0 ? %s : %s)", arg(in.Args[0]), arg(in.Args[1]), arg(in.Args[2]))
		default:
			return nil, fmt.Errorf("gpu codegen: unsupported scalar op %s", in.Op)
		}
		if declared[in.Dst] {
			k.line(1, "r%d = %s;", in.Dst, expr)
		} else {
			k.line(1, "i64 r%d = %s;", in.Dst, expr)
			declared[in.Dst] = true
		}
		if !slices.Contains(written, in.Dst) {
			written = append(written, in.Dst)
		}
	}
	for _, d := range written {
		k.line(1, "sc[%d] = r%d;", d, d)
	}
	return k.finish(elems, 1), nil
}
