// RUN: torchlower opt %s -p convert-torch-to-linalg --split-input-file --verify-diagnostics

// alpha must be known at compile time: a run-time int (here a dynamic size)
// is rejected at the op. The size op itself has no lowering either.
func.func @nonconst_alpha(%a: !torch.vtensor<[?,3],f32>, %b: !torch.vtensor<[?,3],f32>) -> !torch.vtensor<[?,3],f32> {
  %int0 = torch.constant.int 0
  // expected-error@+1 {{failed to legalize operation 'torch.aten.sym_size.int'}}
  %n = torch.aten.sym_size.int %a, %int0 : !torch.vtensor<[?,3],f32>, !torch.int -> !torch.int
  // expected-error@+1 {{'torch.aten.add.Tensor' op expected 'alpha' to be a constant scalar (torch.constant.int, torch.constant.float or torch.constant.bool), as the lowering folds it}}
  %0 = torch.aten.add.Tensor %a, %b, %n : !torch.vtensor<[?,3],f32>, !torch.vtensor<[?,3],f32>, !torch.int -> !torch.vtensor<[?,3],f32>
  return %0 : !torch.vtensor<[?,3],f32>
}

// -----

// Shapes that do not broadcast.
func.func @no_broadcast(%a: !torch.vtensor<[2,3],f32>, %b: !torch.vtensor<[4],f32>) -> !torch.vtensor<[2,3],f32> {
  // expected-error@+1 {{'torch.aten.mul.Tensor' op shapes [2,3], [4] do not broadcast (3 vs 4)}}
  %0 = torch.aten.mul.Tensor %a, %b : !torch.vtensor<[2,3],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

// The result shape must be the broadcast of the operands.
func.func @wrong_result_shape(%a: !torch.vtensor<[3],f32>, %b: !torch.vtensor<[3],f32>) -> !torch.vtensor<[2,3],f32> {
  // expected-error@+1 {{'torch.aten.mul.Tensor' op result shape [2,3] is not the broadcast shape [3] of the operands}}
  %0 = torch.aten.mul.Tensor %a, %b : !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32> -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

// Operands of unknown dtype cannot be lowered (the rank-0 tensor here has
// none, so it fails too).
func.func @unknown_dtype(%a: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32> {
  %int2 = torch.constant.int 2
  // expected-error@+1 {{'torch.prim.NumToTensor.Scalar' op expected a rank-0 !torch.vtensor result with a supported dtype, got '!torch.vtensor<[],unk>'}}
  %t = torch.prim.NumToTensor.Scalar %int2 : !torch.int -> !torch.vtensor<[],unk>
  // expected-error@+1 {{'torch.aten.mul.Tensor' op expected 'other' to be a !torch.vtensor with known sizes and dtype, got '!torch.vtensor<[],unk>'}}
  %0 = torch.aten.mul.Tensor %a, %t : !torch.vtensor<[2,3],f32>, !torch.vtensor<[],unk> -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

// PyTorch: "For integral input tensors, argument alpha must not be a
// floating point number."
func.func @float_alpha_int(%a: !torch.vtensor<[4],si64>, %b: !torch.vtensor<[4],si64>) -> !torch.vtensor<[4],si64> {
  %float = torch.constant.float 2.500000e+00
  // expected-error@+1 {{'torch.aten.add.Tensor' op alpha = 2.5 must not be a float for an integral result, as in PyTorch}}
  %0 = torch.aten.add.Tensor %a, %b, %float : !torch.vtensor<[4],si64>, !torch.vtensor<[4],si64>, !torch.float -> !torch.vtensor<[4],si64>
  return %0 : !torch.vtensor<[4],si64>
}

// -----

// A float Scalar would have promoted an integer result to float.
func.func @float_scalar_int_result(%a: !torch.vtensor<[4],si64>) -> !torch.vtensor<[4],si64> {
  %float = torch.constant.float 2.500000e+00
  // expected-error@+1 {{'torch.aten.mul.Scalar' op 'other' = 2.5 cannot take part in a si64 result: type promotion would give a wider dtype}}
  %0 = torch.aten.mul.Scalar %a, %float : !torch.vtensor<[4],si64>, !torch.float -> !torch.vtensor<[4],si64>
  return %0 : !torch.vtensor<[4],si64>
}

// -----

// PyTorch rejects subtraction of bool tensors.
func.func @sub_bool(%a: !torch.vtensor<[4],i1>, %b: !torch.vtensor<[4],i1>) -> !torch.vtensor<[4],i1> {
  %int1 = torch.constant.int 1
  // expected-error@+1 {{'torch.aten.sub.Tensor' op subtraction of bool tensors is not supported (PyTorch: use logical_xor)}}
  %0 = torch.aten.sub.Tensor %a, %b, %int1 : !torch.vtensor<[4],i1>, !torch.vtensor<[4],i1>, !torch.int -> !torch.vtensor<[4],i1>
  return %0 : !torch.vtensor<[4],i1>
}

// -----

// True division cannot produce an integer.
func.func @div_int_result(%a: !torch.vtensor<[4],si64>, %b: !torch.vtensor<[4],si64>) -> !torch.vtensor<[4],si64> {
  // expected-error@+1 {{'torch.aten.div.Tensor' op result dtype si64 is not supported: the op computes a float (f16, bf16, f32 or f64) result}}
  %0 = torch.aten.div.Tensor %a, %b : !torch.vtensor<[4],si64>, !torch.vtensor<[4],si64> -> !torch.vtensor<[4],si64>
  return %0 : !torch.vtensor<[4],si64>
}

// -----

func.func @neg_bool(%a: !torch.vtensor<[4],i1>) -> !torch.vtensor<[4],i1> {
  // expected-error@+1 {{'torch.aten.neg' op result dtype i1 (bool) is not supported, as in PyTorch}}
  %0 = torch.aten.neg %a : !torch.vtensor<[4],i1> -> !torch.vtensor<[4],i1>
  return %0 : !torch.vtensor<[4],i1>
}

// -----

func.func @gelu_bad_approximate(%a: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %str = torch.constant.str "fast"
  // expected-error@+1 {{'torch.aten.gelu' op approximate = 'fast' is not supported (expected 'none' or 'tanh')}}
  %0 = torch.aten.gelu %a, %str : !torch.vtensor<[4],f32>, !torch.str -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// PyTorch: "Integers to negative integer powers are not allowed."
func.func @pow_int_negative(%a: !torch.vtensor<[4],si64>) -> !torch.vtensor<[4],si64> {
  %int = torch.constant.int -2
  // expected-error@+1 {{'torch.aten.pow.Tensor_Scalar' op integers to negative integer powers are not allowed (exponent -2), as in PyTorch}}
  %0 = torch.aten.pow.Tensor_Scalar %a, %int : !torch.vtensor<[4],si64>, !torch.int -> !torch.vtensor<[4],si64>
  return %0 : !torch.vtensor<[4],si64>
}

// -----

// The dtype operand of _to_copy must agree with the result type.
func.func @to_copy_mismatch(%a: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f16> {
  %int7 = torch.constant.int 7
  %none = torch.constant.none
  %false = torch.constant.bool false
  // expected-error@+1 {{'torch.aten._to_copy' op expected the result dtype f16 to be the requested dtype f64}}
  %0 = torch.aten._to_copy %a, %int7, %none, %none, %none, %false, %none : !torch.vtensor<[4],f32>, !torch.int, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.none -> !torch.vtensor<[4],f16>
  return %0 : !torch.vtensor<[4],f16>
}

// -----

// Only the strided layout exists on dense tensors.
func.func @to_copy_sparse(%a: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %int1 = torch.constant.int 1
  %none = torch.constant.none
  %false = torch.constant.bool false
  // expected-error@+1 {{'torch.aten._to_copy' op layout 1 is not supported (only torch.strided, 0)}}
  %0 = torch.aten._to_copy %a, %none, %int1, %none, %none, %false, %none : !torch.vtensor<[4],f32>, !torch.none, !torch.int, !torch.none, !torch.none, !torch.bool, !torch.none -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// masked_fill keeps self's dtype.
func.func @masked_fill_dtype(%a: !torch.vtensor<[4],f32>, %m: !torch.vtensor<[4],i1>) -> !torch.vtensor<[4],f64> {
  %int = torch.constant.int 1
  // expected-error@+1 {{'torch.aten.masked_fill.Scalar' op expected the result dtype f64 to be self's dtype f32}}
  %0 = torch.aten.masked_fill.Scalar %a, %m, %int : !torch.vtensor<[4],f32>, !torch.vtensor<[4],i1>, !torch.int -> !torch.vtensor<[4],f64>
  return %0 : !torch.vtensor<[4],f64>
}

// -----

// clone cannot change the dtype.
func.func @clone_dtype(%a: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f16> {
  %none = torch.constant.none
  // expected-error@+1 {{'torch.aten.clone' op expected the result to have the type of operand #0, '!torch.vtensor<[4],f32>'}}
  %0 = torch.aten.clone %a, %none : !torch.vtensor<[4],f32>, !torch.none -> !torch.vtensor<[4],f16>
  return %0 : !torch.vtensor<[4],f16>
}

// -----

// NumToTensor folds its scalar, which must be a constant.
func.func @num_to_tensor_nonconst(%a: !torch.vtensor<[?],f32>) -> !torch.vtensor<[],si64> {
  %int0 = torch.constant.int 0
  // expected-error@+1 {{failed to legalize operation 'torch.aten.sym_size.int'}}
  %n = torch.aten.sym_size.int %a, %int0 : !torch.vtensor<[?],f32>, !torch.int -> !torch.int
  // expected-error@+1 {{'torch.prim.NumToTensor.Scalar' op expected the scalar to be a constant (torch.constant.int, torch.constant.float or torch.constant.bool), as the lowering folds it}}
  %t = torch.prim.NumToTensor.Scalar %n : !torch.int -> !torch.vtensor<[],si64>
  return %t : !torch.vtensor<[],si64>
}

// -----

// A comparison gives bool.
func.func @compare_result_dtype(%a: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %int0 = torch.constant.int 0
  // expected-error@+1 {{'torch.aten.le.Scalar' op expected a bool (i1) result, got f32}}
  %0 = torch.aten.le.Scalar %a, %int0 : !torch.vtensor<[4],f32>, !torch.int -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// bitwise_not of a float is an error in PyTorch too.
func.func @bitwise_not_float(%a: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  // expected-error@+1 {{'torch.aten.bitwise_not' op result dtype f32 is not supported: bitwise_not takes integral or bool tensors, as in PyTorch}}
  %0 = torch.aten.bitwise_not %a : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// clamp needs a bound.
func.func @clamp_no_bound(%a: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %none = torch.constant.none
  // expected-error@+1 {{'torch.aten.clamp' op at least one of 'min' or 'max' must not be None}}
  %0 = torch.aten.clamp %a, %none, %none : !torch.vtensor<[4],f32>, !torch.none, !torch.none -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// A clamp bound that overflows the result dtype is an error in PyTorch.
func.func @clamp_bound_overflow(%a: !torch.vtensor<[3],ui8>) -> !torch.vtensor<[3],ui8> {
  %hi = torch.constant.int 300
  // expected-error@+1 {{'torch.aten.clamp_max' op 'max' = 300 cannot be converted to ui8 without overflow, as in PyTorch}}
  %0 = torch.aten.clamp_max %a, %hi : !torch.vtensor<[3],ui8>, !torch.int -> !torch.vtensor<[3],ui8>
  return %0 : !torch.vtensor<[3],ui8>
}

// -----

// A float bound cannot clamp into an integer result (type promotion would
// have made the result a float).
func.func @clamp_float_bound_int_result(%a: !torch.vtensor<[3],si64>) -> !torch.vtensor<[3],si64> {
  %lo = torch.constant.float 5.000000e-01
  // expected-error@+1 {{'torch.aten.clamp_min' op 'min' = 0.5 cannot take part in a si64 result: type promotion would give a wider dtype}}
  %0 = torch.aten.clamp_min %a, %lo : !torch.vtensor<[3],si64>, !torch.float -> !torch.vtensor<[3],si64>
  return %0 : !torch.vtensor<[3],si64>
}
