// Package asm parses MLIR text — the generic op form and every custom
// form registered in the context's op rows — into ir operations.
//
// It is separate from ir so the IR core stays small and the parser (the
// largest consumer of the IR API) cannot create import cycles, the split
// llir and MLIR both make. Errors are *ir.Diagnostic values that print as
// `file:line:col: error: message`.
package asm
