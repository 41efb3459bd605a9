package torch

import (
	"github.com/torchlower/torchlower/ir"
)

// printDefault is torch-mlir's printDefaultTorchOp, the custom form of
// every generated op:
//
//	%r = torch.aten.add.Tensor %a, %b, %int1 : !torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>, !torch.int -> !torch.vtensor<[2],f32>
//
// Operand and result type lists are not parenthesised. With no operands
// the op prints as `torch.x : t`; with no results nothing follows the
// operand types (no arrow).
func printDefault(p *ir.Printer, op *ir.Operation) {
	if op.NumOperands() > 0 {
		p.Print(" ")
		p.Operands(op.Operands())
	}
	p.AttrDict(op.Attrs())
	p.Print(" : ")
	p.Types(op.OperandTypes())
	if op.NumOperands() > 0 && op.NumResults() > 0 {
		p.Print(" -> ")
	}
	p.Types(op.ResultTypes())
}

// parseDefault is parseDefaultTorchOp. numResults is the op's declared
// result count, or -1 when variadic; it only decides whether types follow
// the colon of an op without operands (`torch.x : t`). Operand counts are
// left to the verifier, whose message names the schema's arguments.
func parseDefault(p ir.Parser, st *ir.OperationState, numResults int) error {
	ops, err := p.ParseOperandList()
	if err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	if err := p.ExpectPunct(":"); err != nil {
		return err
	}
	var types []ir.Type
	if len(ops) > 0 {
		if types, err = p.ParseTypeList(); err != nil {
			return err
		}
		if len(types) != len(ops) {
			return p.Errorf("%d operands present, but expected %d", len(ops), len(types))
		}
	}
	if st.Operands, err = p.ResolveOperands(ops, types); err != nil {
		return err
	}
	switch {
	case p.ParseOptionalPunct("->"):
		st.ResultTypes, err = p.ParseTypeList()
	case len(ops) == 0 && (numResults > 0 || (numResults < 0 && p.NumResults() > 0)):
		// `torch.x : t`: the results follow the colon directly.
		st.ResultTypes, err = p.ParseTypeList()
	}
	return err
}
