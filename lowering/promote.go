package lowering

import (
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/torch"
)

// Type promotion, as PyTorch computes the dtype an op works in from its
// operands. Most lowerings read that dtype off the result type, which
// torch.export has already promoted; ops whose result dtype is fixed
// (comparisons give bool) need the operands' common dtype itself.

// promoteTypes is c10::promoteTypes for the dtypes a tensor can have: bool
// < integers < floats by category; within floats the wider wins and f16
// with bf16 gives f32; within integers the wider wins, and uint8 with a
// signed type gives the signed one, or int16 for int8. ok is false for a
// type that is not a tensor dtype.
func promoteTypes(a, b ir.Type) (t ir.Type, ok bool) {
	if ir.TypeEqual(a, b) {
		return a, true
	}
	ca, cb := dtypeCategory(a), dtypeCategory(b)
	switch {
	case ca < 0 || cb < 0:
		return nil, false
	case ca != cb:
		if ca > cb {
			return a, true
		}
		return b, true
	case ca == 2:
		fa, fb := a.(ir.FloatType), b.(ir.FloatType)
		if fa.Bits() == fb.Bits() {
			return ir.F32T, true // f16 and bf16
		}
		if fa.Bits() > fb.Bits() {
			return a, true
		}
		return b, true
	}
	ia, ib := a.(ir.IntegerType), b.(ir.IntegerType)
	if ia.Signedness == ir.Unsigned {
		ia, ib = ib, ia
	}
	if ib.Signedness == ir.Unsigned { // a signed, b uint8
		if ia.Width == 8 {
			return torch.DtypeSI16, true
		}
		return ia, true
	}
	if ia.Width > ib.Width {
		return ia, true
	}
	return ib, true
}

// dtypeCategory is 0 for bool, 1 for integers, 2 for floats and -1 for
// anything else.
func dtypeCategory(t ir.Type) int {
	switch x := t.(type) {
	case ir.FloatType:
		return 2
	case ir.IntegerType:
		if x.Width == 1 {
			return 0
		}
		return 1
	}
	return -1
}

// promoteOperand is one operand of promoteResultType: a tensor of dtype Dtype and
// rank Rank, or (Scalar) a Python number of the category of Dtype.
type promoteOperand struct {
	Dtype  ir.Type
	Rank   int
	Scalar bool
}

// promoteResultType is at::result_type: the dtype an op computes in from its
// operands, in three tiers. Tensors with dimensions decide within their
// category; a zero-dim tensor, then a Python scalar, only counts when its
// category is higher than the tiers above it (a float scalar turns an
// integer tensor into the default float dtype, f32; an int scalar leaves
// a uint8 tensor uint8). A Python int is int64, a float f32 (the default
// dtype), a bool bool. ok is false when some dtype does not promote.
func promoteResultType(ops []promoteOperand) (t ir.Type, ok bool) {
	var tiers [3]ir.Type // dimensioned, zero-dim, scalars
	for _, o := range ops {
		i, d := 0, o.Dtype
		switch {
		case o.Scalar:
			i = 2
			switch dtypeCategory(d) {
			case 2:
				d = ir.F32T
			case 1:
				d = torch.DtypeSI64
			}
		case o.Rank == 0:
			i = 1
		}
		if tiers[i] == nil {
			tiers[i] = d
		} else if tiers[i], ok = promoteTypes(tiers[i], d); !ok {
			return nil, false
		}
	}
	t, ok = combineCategories(tiers[1], tiers[2])
	if !ok {
		return nil, false
	}
	return combineCategories(tiers[0], t)
}

// combineCategories is c10's combine_categories(higher, lower): a lower
// tier wins only with a higher category than the higher tier (a float
// below a non-float, or anything below a bool); nil is an empty tier.
func combineCategories(higher, lower ir.Type) (ir.Type, bool) {
	switch {
	case higher == nil:
		return lower, true
	case lower == nil || dtypeCategory(higher) == 2:
		return higher, true
	case dtypeCategory(higher) == 0 || dtypeCategory(lower) == 2:
		return promoteTypes(higher, lower)
	}
	return higher, true
}
