// Package ir is torchlower's core intermediate representation: one generic
// Operation type, Values, Blocks and Regions, types and attributes, the op
// registry, the builder, the verifier and the printer.
//
// The IR follows MLIR's data model so that the text we print is accepted by
// upstream MLIR tools (mlir-opt 16) and the text they print parses here.
// An op is a row in a registry (OpDef), not a Go type: printing, parsing,
// verification, DCE, CSE and rewriting then work on every op without new
// code, and a dialect adds typed views instead of structs.
package ir
