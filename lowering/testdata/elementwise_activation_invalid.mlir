// RUN: torchlower opt %s -p convert-torch-to-linalg --split-input-file --verify-diagnostics

// Dropout in training mode draws a random mask that cannot be reproduced.
func.func @dropout_train(%a: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %p = torch.constant.float 1.000000e-01
  %true = torch.constant.bool true
  // expected-error@+1 {{'torch.aten.dropout' op dropout with p = 0.1 in training mode draws a random mask, which cannot be reproduced: export the model in eval mode (model.eval()) or with p = 0}}
  %0 = torch.aten.dropout %a, %p, %true : !torch.vtensor<[4],f32>, !torch.float, !torch.bool -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// The in-place forward's output does not tell the input's sign when the
// slope is negative; PyTorch refuses this too.
func.func @leaky_relu_backward_result(%g: !torch.vtensor<[4],f32>, %y: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %s = torch.constant.float -1.000000e-01
  %true = torch.constant.bool true
  // expected-error@+1 {{'torch.aten.leaky_relu_backward' op self_is_result with a negative slope (-0.1) is not supported, as in PyTorch}}
  %0 = torch.aten.leaky_relu_backward %g, %y, %s, %true : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.float, !torch.bool -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// An integer divisor tensor could hold a zero, where PyTorch raises.
func.func @remainder_int_tensor(%a: !torch.vtensor<[4],si64>, %b: !torch.vtensor<[4],si64>) -> !torch.vtensor<[4],si64> {
  // expected-error@+1 {{'torch.aten.remainder.Tensor' op integer division by a tensor is not supported: PyTorch raises ZeroDivisionError for a zero divisor}}
  %0 = torch.aten.remainder.Tensor %a, %b : !torch.vtensor<[4],si64>, !torch.vtensor<[4],si64> -> !torch.vtensor<[4],si64>
  return %0 : !torch.vtensor<[4],si64>
}

// -----

func.func @floordiv_zero(%a: !torch.vtensor<[4],si64>) -> !torch.vtensor<[4],si64> {
  %int0 = torch.constant.int 0
  %floor = torch.constant.str "floor"
  // expected-error@+1 {{'torch.aten.div.Scalar_mode' op integer division by zero (ZeroDivisionError in PyTorch)}}
  %0 = torch.aten.div.Scalar_mode %a, %int0, %floor : !torch.vtensor<[4],si64>, !torch.int, !torch.str -> !torch.vtensor<[4],si64>
  return %0 : !torch.vtensor<[4],si64>
}

// -----

func.func @div_bad_mode(%a: !torch.vtensor<[4],f32>, %b: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %m = torch.constant.str "round"
  // expected-error@+1 {{'torch.aten.div.Tensor_mode' op rounding_mode = 'round' is not supported (expected None, 'trunc' or 'floor')}}
  %0 = torch.aten.div.Tensor_mode %a, %b, %m : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.str -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

func.func @addcdiv_int(%a: !torch.vtensor<[4],si64>) -> !torch.vtensor<[4],si64> {
  %int1 = torch.constant.int 1
  // expected-error@+1 {{'torch.aten.addcdiv' op integer division with addcdiv is not supported, as in PyTorch}}
  %0 = torch.aten.addcdiv %a, %a, %a, %int1 : !torch.vtensor<[4],si64>, !torch.vtensor<[4],si64>, !torch.vtensor<[4],si64>, !torch.int -> !torch.vtensor<[4],si64>
  return %0 : !torch.vtensor<[4],si64>
}

// -----

func.func @elu_int(%a: !torch.vtensor<[4],si64>) -> !torch.vtensor<[4],si64> {
  %one = torch.constant.float 1.000000e+00
  // expected-error@+1 {{'torch.aten.elu' op result dtype si64 is not supported: the op computes a float (f16, bf16, f32 or f64) result}}
  %0 = torch.aten.elu %a, %one, %one, %one : !torch.vtensor<[4],si64>, !torch.float, !torch.float, !torch.float -> !torch.vtensor<[4],si64>
  return %0 : !torch.vtensor<[4],si64>
}

// -----

// 256 is 0 as an int8 divisor.
func.func @remainder_wraps_to_zero(%a: !torch.vtensor<[4],si8>) -> !torch.vtensor<[4],si8> {
  %int256 = torch.constant.int 256
  // expected-error@+1 {{'torch.aten.remainder.Scalar' op integer division by zero (ZeroDivisionError in PyTorch): the divisor 256 is 0 as si8}}
  %0 = torch.aten.remainder.Scalar %a, %int256 : !torch.vtensor<[4],si8>, !torch.int -> !torch.vtensor<[4],si8>
  return %0 : !torch.vtensor<[4],si8>
}

// -----

func.func @threshold_overflow(%a: !torch.vtensor<[4],si8>) -> !torch.vtensor<[4],si8> {
  %int200 = torch.constant.int 200
  %int0 = torch.constant.int 0
  // expected-error@+1 {{'torch.aten.threshold' op 'threshold' = 200 cannot be converted to si8 without overflow, as in PyTorch}}
  %0 = torch.aten.threshold %a, %int200, %int0 : !torch.vtensor<[4],si8>, !torch.int, !torch.int -> !torch.vtensor<[4],si8>
  return %0 : !torch.vtensor<[4],si8>
}

// -----

func.func @hardtanh_unsigned(%a: !torch.vtensor<[4],ui8>) -> !torch.vtensor<[4],ui8> {
  %lo = torch.constant.int -1
  %hi = torch.constant.int 6
  // expected-error@+1 {{'torch.aten.hardtanh' op cannot do hardtanh on an unsigned type with negative limits, as in PyTorch}}
  %0 = torch.aten.hardtanh %a, %lo, %hi : !torch.vtensor<[4],ui8>, !torch.int, !torch.int -> !torch.vtensor<[4],ui8>
  return %0 : !torch.vtensor<[4],ui8>
}
