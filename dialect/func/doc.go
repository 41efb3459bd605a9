// Package fn (directory dialect/func; "func" is a Go keyword) is MLIR's func dialect: functions (func.func), calls
// (func.call, func.call_indirect), function constants (func.constant) and
// the return terminator (func.return), with the exact custom syntax of
// upstream mlir-opt 16 and its verifiers.
//
// Besides the op rows in Dialect, the package offers the helpers lowering
// code needs to build and inspect functions: NewFunc, FunctionType, Body,
// IsPrivate, Return, Call and LookupFunc.
package fn
