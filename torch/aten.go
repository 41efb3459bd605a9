package torch

import (
	"fmt"
	"strings"

	"github.com/torchlower/torchlower/ir"
)

// The generated rows (ops_gen.go) share these three hooks; each finds the
// op's schema by name, so a row is just a name, a summary and traits.

func printAten(p *ir.Printer, op *ir.Operation) { printDefault(p, op) }

func parseAten(p ir.Parser, st *ir.OperationState) error {
	s := schemaIndex()[st.Name]
	if s == nil {
		return p.Errorf("unknown aten op '%s'", st.Name)
	}
	return parseDefault(p, st, len(s.Returns))
}

// verifyAten checks an aten op against its schema: one operand per schema
// argument (kwarg-only ones included, as torch-mlir's ODS has them), each
// of a type the argument accepts, and one result per schema return.
func verifyAten(op *ir.Operation) error {
	s := schemaIndex()[op.Name]
	if s == nil {
		return ir.OpErrorf(op, "unknown aten op '%s'", op.Name)
	}
	if op.NumOperands() != len(s.Args) {
		return ir.OpErrorf(op, "expected %d operands (%s), but found %d", len(s.Args), argNames(s.Args), op.NumOperands())
	}
	for i, a := range s.Args {
		if t := op.Operand(i).Type(); !a.Type.Accepts(t) {
			return ir.OpErrorf(op, "operand #%d (%s) must be %s, but got '%s'", i, a.Name, describe(a.Type), t)
		}
	}
	if op.NumResults() != len(s.Returns) {
		return ir.OpErrorf(op, "requires %d results, but found %d", len(s.Returns), op.NumResults())
	}
	for i, r := range s.Returns {
		t := op.Result(i).Type()
		if _, none := t.(NoneType); none && s.ResultMayBeNone(i) {
			continue
		}
		if !r.Type.Accepts(t) {
			return ir.OpErrorf(op, "result #%d must be %s, but got '%s'", i, describe(r.Type), t)
		}
	}
	return nil
}

func argNames(args []Arg) string {
	names := make([]string, len(args))
	for i, a := range args {
		names[i] = a.Name
	}
	return strings.Join(names, ", ")
}

// describe names a schema type and the torch type it wants, for messages:
// "int[] (!torch.list<int>)".
func describe(t ArgType) string {
	want := t.TorchType().String()
	want = strings.ReplaceAll(want, "!torch.vtensor", "!torch.vtensor/tensor")
	if t.Base == BaseScalar {
		want = strings.ReplaceAll(want, "!torch.number", "!torch.int/float/bool/number")
	}
	return t.String() + " (" + want + ")"
}

// AtenOp creates the aten op called name ("aten.convolution_backward",
// "torch.aten.add.Tensor", "aten::add.Tensor", "torch.ops.aten.relu.default")
// with the given operands and result types, after checking that the op is
// in the schema table and that the operand and result counts match its
// schema. Operand types are checked by the verifier (ir.Verify).
func AtenOp(b *ir.Builder, loc ir.Location, name string, operands []*ir.Value, resultTypes []ir.Type) (*ir.Operation, error) {
	op := OpName(name)
	s := schemaIndex()[op]
	if s == nil {
		return nil, fmt.Errorf("unknown aten op '%s'", op)
	}
	if len(operands) != len(s.Args) {
		return nil, fmt.Errorf("'%s' takes %d operands (%s), got %d", op, len(s.Args), argNames(s.Args), len(operands))
	}
	for i, v := range operands {
		if v == nil {
			return nil, fmt.Errorf("'%s' operand #%d (%s) is nil", op, i, s.Args[i].Name)
		}
	}
	if len(resultTypes) != len(s.Returns) {
		return nil, fmt.Errorf("'%s' has %d results, got %d result types", op, len(s.Returns), len(resultTypes))
	}
	for i, t := range resultTypes {
		if t == nil {
			return nil, fmt.Errorf("'%s' result type #%d is nil", op, i)
		}
	}
	if b.Ctx != nil && b.Ctx.Lookup(op) == nil {
		return nil, fmt.Errorf("'%s': the torch dialect is not registered in the builder's context", op)
	}
	return b.Create(op, loc, operands, resultTypes, nil, 0), nil
}

// Operand returns the operand of an aten op passed for the schema argument
// called arg ("weight"), or nil when the op has no schema, no such
// argument, or too few operands.
func Operand(op *ir.Operation, arg string) *ir.Value {
	s := schemaIndex()[op.Name]
	if s == nil {
		return nil
	}
	i := s.ArgIndex(arg)
	if i < 0 || i >= op.NumOperands() {
		return nil
	}
	return op.Operand(i)
}

// SchemaOf returns the schema of an aten op, or nil.
func SchemaOf(op *ir.Operation) *Schema { return schemaIndex()[op.Name] }
