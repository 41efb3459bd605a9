// Package lowering converts the torch dialect to linalg on tensors: the
// `convert-torch-to-linalg` pass (ConvertTorchToLinalg).
//
// torch_to_linalg.go holds the pass and its conversion driver (signature
// conversion, constant folding of list/int/bool operands, all-or-nothing
// conversion with one diagnostic listing every op it cannot lower). Each
// family of aten ops has a file of its own that registers its converters
// in the driver's table:
//
//	conv_backward.go  torch.aten.convolution_backward (the reason this
//	                  project exists; semantics in docs/conv-backward.md)
//	conv.go           torch.aten.convolution (forward, transposed or not)
//	conv_kernels.go   the linalg.generic kernels both conv files share
//	conv_geometry.go  reading and checking the constant conv parameters
//	elementwise*.go   arithmetic (elementwise_arith.go: remainder, floor
//	                  division, pow, addcmul/addcdiv, lerp), activations
//	                  and their backward (elementwise_activation.go:
//	                  leaky ReLU, hardtanh, hardswish, hardsigmoid, ELU,
//	                  dropout where deterministic), casts, copies;
//	                  elementwise_generic.go is the shared broadcasting
//	                  elementwise builder
//	datamovement*.go  views, reshapes, permutes, slices, cat, padding
//	                  (constant; reflection and replication over 1-3 dims
//	                  with their backward, as affine blocks), gathers and
//	                  the KV-cache scatters (index_copy / index_put with
//	                  one position become an insert_slice at a dynamic
//	                  offset)
//	reduction*.go     sum/mean/var/any/all, the min/max family (amax,
//	                  amin, max, min, max.dim, min.dim, argmax, argmin),
//	                  prod, the cumsum scan, mm/addmm/bmm, softmax and
//	                  log_softmax with their backward, nll_loss and
//	                  mse_loss with their backward, attention
//	normpool*.go      batch norm (forward, functional, backward), layer
//	                  norm and group norm (forward, backward), dropout
//	                  where it is deterministic, max, avg and adaptive
//	                  avg pooling over 1-3 spatial dims and nearest and
//	                  bilinear upsampling with their backward, tensor
//	                  factories
//	builders.go       small tensor/linalg building helpers
//
// The emitted IR uses only upstream ops (linalg.generic, linalg.fill,
// tensor.empty/pad/insert_slice/extract_slice/expand_shape/collapse_shape,
// arith), so `torchlower opt` output is accepted by upstream mlir-opt.
package lowering
