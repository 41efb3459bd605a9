// Scalars computed outside any region that generics read: the planner
// moves them into the bodies (plan/sink.go).
#id = affine_map<(d0) -> (d0)>
#scalar = affine_map<(d0) -> ()>

// A loss scaled by a float read from a tensor and divided by a count:
// y = x * (s[0] / 4.0).
func.func @scale(%x: tensor<4xf32>, %s: tensor<1xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %v = tensor.extract %s[%c0] : tensor<1xf32>
  %four = arith.constant 4.000000e+00 : f32
  %k = arith.divf %v, %four : f32
  %e = tensor.empty() : tensor<4xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.mulf %in, %k : f32
    linalg.yield %m : f32
  } -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// A fill of a computed value and a scalar `ins` operand:
// f = fill(s[0] + 1), z = x + s[0] * 2 (the scalar as an input).
func.func @fill_and_input(%x: tensor<4xf32>, %s: tensor<1xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %v = tensor.extract %s[%c0] : tensor<1xf32>
  %one = arith.constant 1.000000e+00 : f32
  %two = arith.constant 2.000000e+00 : f32
  %v1 = arith.addf %v, %one : f32
  %v2 = arith.mulf %v, %two : f32
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%v1 : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %e2 = tensor.empty() : tensor<4xf32>
  %z = linalg.generic {indexing_maps = [#id, #scalar, #id], iterator_types = ["parallel"]} ins(%x, %v2 : tensor<4xf32>, f32) outs(%e2 : tensor<4xf32>) {
  ^bb0(%in: f32, %w: f32, %out: f32):
    %a = arith.addf %in, %w : f32
    linalg.yield %a : f32
  } -> tensor<4xf32>
  return %f, %z : tensor<4xf32>, tensor<4xf32>
}
