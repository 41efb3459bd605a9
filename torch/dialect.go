package torch

import "github.com/torchlower/torchlower/ir"

// Dialect is the torch dialect: the !torch.* types, the constant and
// structural ops, and one torch.aten.* op per schema in schemas.txt.
// Register it explicitly: ir.NewContext(fn.Dialect, torch.Dialect).
var Dialect = &ir.Dialect{
	Name:                "torch",
	Ops:                 allOps(),
	ParseType:           parseType,
	MaterializeConstant: materializeConstant,
}

func allOps() []*ir.OpDef {
	ops := []*ir.OpDef{
		constantIntDef, constantFloatDef, constantBoolDef, constantNoneDef, constantStrDef, constantDeviceDef,
		listConstructDef, listUnpackDef, numToTensorDef, tupleConstructDef, tupleIndexDef, tupleUnpackDef, vtensorLiteralDef, operatorDef, derefineDef,
	}
	return append(ops, atenOps...)
}
