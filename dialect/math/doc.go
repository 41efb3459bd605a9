// Package math is MLIR's math dialect: elementwise transcendental and
// rounding functions on float (and a few integer) scalars and tensors,
// with upstream mlir-opt 16's exact custom syntax (including the
// `fastmath<...>` clause), verifiers and constant folders for f32/f64.
//
// The dialect reuses arith's `#arith.fastmath<...>` attribute. It does not
// import dialect/arith (the layering keeps dialects independent), so the
// small flag printer and parser are repeated in fastmath.go.
package math
