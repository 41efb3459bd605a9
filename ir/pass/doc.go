// Package pass is torchlower's pass manager: named passes with options,
// textual pipelines in mlir-opt's syntax (`canonicalize,cse` or
// `builtin.module(func.func(cse))`), verification after each pass, IR
// printing after passes, per-pass timing, and the greedy pattern driver.
package pass
