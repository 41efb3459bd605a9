// Package runtime holds what every backend shares at run time: host tensors
// (a dtype, a shape and little-endian row-major bytes, with f16 and bf16
// stored natively as 16-bit patterns), reading and writing them as NumPy
// .npy files, comparing results against expected outputs with per-dtype
// tolerances, and the Device interface that backends implement.
//
// The package deliberately knows nothing about the IR: a backend maps IR
// element types to DType itself. That keeps runtime importable by every
// backend, the module file format and the CLI without pulling in the
// compiler, and keeps the tensor layout the single contract between them.
//
// # NumPy interchange
//
// Results are checked against PyTorch through .npy files, and NumPy has no
// bfloat16. The rules (NPYHelp says them in a form for --help) are:
//
//   - A bf16 argument accepts a float32 .npy (rounded to nearest even, so it
//     is exact for values that are already bf16) or a raw 16-bit .npy
//     (descr '<u2' or '<V2', the latter being what ml_dtypes' bfloat16
//     writes), taken as bf16 bit patterns.
//   - An f16 argument accepts '<f2' or a float32 .npy (rounded to nearest
//     even).
//   - Every other dtype needs the file's dtype to be exactly its own.
//   - Fortran-order arrays are transposed to C order; big-endian arrays are
//     byte-swapped.
//   - WriteNPY writes bf16 as float32 (exact), so plain numpy and torch can
//     load it; WriteNPYRaw16 writes the raw '<u2' bit patterns instead.
//
// Expected outputs are read with the same rules, so a float32 reference for
// a bf16 result is rounded to bf16 before the comparison.
package runtime
