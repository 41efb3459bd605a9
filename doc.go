// Package torchlower is the root of a compiler toolchain that imports
// programs exported from PyTorch (.pt2), lowers them through an
// MLIR-compatible IR, and runs them. The code lives in the subpackages;
// this package holds the repository-wide tests: the round-trip corpus
// against upstream MLIR, the lit suite, the import layering check, the
// parser fuzz target and the parse/print benchmark.
package torchlower
