package torch

import "github.com/torchlower/torchlower/ir"

// IsValidSubtype is torch-mlir's isValidSubtype: whether a value of type
// sub may be used where type super is expected (equal types; anything for
// any; int or float for number; T or none for optional<T>; any vtensor for
// the unrefined `!torch.vtensor`, likewise for `!torch.tensor`;
// element-wise for tuples).
func IsValidSubtype(sub, super ir.Type) bool {
	if ir.TypeEqual(sub, super) {
		return true
	}
	switch s := super.(type) {
	case AnyType:
		return true
	case NumberType:
		switch sub.(type) {
		case IntType, FloatType:
			return true
		}
	case OptionalType:
		if _, ok := sub.(NoneType); ok {
			return true
		}
		return IsValidSubtype(sub, s.Elem)
	case TupleType:
		st, ok := sub.(TupleType)
		if !ok || len(st.Elems) != len(s.Elems) {
			return false
		}
		for i := range st.Elems {
			if !IsValidSubtype(st.Elems[i], s.Elems[i]) {
				return false
			}
		}
		return true
	case VTensorType:
		_, ok := sub.(VTensorType)
		return ok && !s.HasSizes && s.Dtype == nil
	case NonValueTensorType:
		_, ok := sub.(NonValueTensorType)
		return ok && !s.HasSizes && s.Dtype == nil
	}
	return false
}

// checkCounts checks operand and result counts, with MLIR's messages.
func checkCounts(op *ir.Operation, operands, results int) error {
	if op.NumOperands() != operands {
		return ir.OpErrorf(op, "expected %d operands, but found %d", operands, op.NumOperands())
	}
	if op.NumResults() != results {
		return ir.OpErrorf(op, "requires %d results, but found %d", results, op.NumResults())
	}
	return nil
}

func checkResultType(op *ir.Operation, i int, want ir.Type) error {
	if got := op.Result(i).Type(); !ir.TypeEqual(got, want) {
		return ir.OpErrorf(op, "result #%d must be %s, but got '%s'", i, want, got)
	}
	return nil
}

func checkOperandType(op *ir.Operation, i int, want ir.Type) error {
	if got := op.Operand(i).Type(); !ir.TypeEqual(got, want) {
		return ir.OpErrorf(op, "operand #%d must be %s, but got '%s'", i, want, got)
	}
	return nil
}
