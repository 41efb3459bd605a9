// Package arith is MLIR's arith dialect: integer and floating-point
// arithmetic, comparisons, casts, select and constants on scalars and
// (elementwise) on tensors, with upstream mlir-opt 16's exact custom
// syntax, verifiers, constant folders and a few canonicalizations.
//
// Lowering code builds ops with the helpers in builders.go (Constant,
// ConstantIndex, ConstantFloat, Binary, ...), and the dialect's
// MaterializeConstant turns folded attributes back into arith.constant.
package arith
