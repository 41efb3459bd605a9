// Package linalg implements MLIR's linalg dialect as MLIR 16 prints it:
// linalg.generic with its indexing maps and iterator types, the named
// structured ops (matmul, the convolutions and poolings, fill, copy, ...)
// whose bodies are implicit in the custom form and built when it is
// parsed, and the short-form ops linalg.map, linalg.reduce,
// linalg.transpose and linalg.broadcast.
//
// Every structured op exposes the same view through IndexingMaps and
// IteratorTypes, so later passes can treat named ops as the generic op
// they stand for; Generalize performs that rewrite.
package linalg
