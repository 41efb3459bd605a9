// Package tensor is MLIR's tensor dialect: value-semantics tensors that are
// created (empty, splat, from_elements, generate), read and written element
// by element (extract, insert) or by rectangular, possibly strided slices
// (extract_slice, insert_slice), padded (pad), reshaped (expand_shape,
// collapse_shape, reshape) and inspected (dim, rank, cast).
//
// Every op prints and parses exactly as upstream mlir-opt 16 does. The
// slice and pad ops keep their offsets, sizes, strides and padding amounts
// in MLIR's mixed static/dynamic form: a static_* DenseI64Array attribute
// holding ir.Dynamic where the entry is an SSA operand. Mixed, SliceParams,
// PadParams and the New* builders hide that encoding from passes.
package tensor
