// Covers: linalg.map short forms `{ op }` (with and without inherent attrs), long form when not reducible, attrs on transpose/broadcast/reduce.
func.func @short_forms(%t: tensor<2x3xf32>, %o: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = linalg.map { arith.addf } ins(%t, %t : tensor<2x3xf32>, tensor<2x3xf32>) outs(%o : tensor<2x3xf32>) {tag = 4 : i64}
  %1 = linalg.map { math.exp } ins(%t : tensor<2x3xf32>) outs(%o : tensor<2x3xf32>)
  %2 = linalg.map { math.exp {fastmath = #arith.fastmath<fast>} } ins(%t : tensor<2x3xf32>) outs(%o : tensor<2x3xf32>)
  return %0, %1, %2 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

func.func @long_form_swapped(%t: tensor<2x3xf32>, %o: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = linalg.map ins(%t, %o : tensor<2x3xf32>, tensor<2x3xf32>) outs(%o : tensor<2x3xf32>)
    (%a: f32, %b: f32) {
      %s = arith.subf %b, %a : f32
      linalg.yield %s : f32
    }
  return %0 : tensor<2x3xf32>
}

func.func @with_attrs(%t: tensor<2x3xf32>, %o: tensor<3x2xf32>, %b: tensor<3xf32>, %r: tensor<2xf32>) -> (tensor<3x2xf32>, tensor<2x3xf32>, tensor<2xf32>) {
  %0 = linalg.transpose ins(%t : tensor<2x3xf32>) outs(%o : tensor<3x2xf32>) permutation = [1, 0] {tag = 1 : i64}
  %1 = linalg.broadcast ins(%b : tensor<3xf32>) outs(%t : tensor<2x3xf32>) dimensions = [0] {tag = 2 : i64}
  %2 = linalg.reduce ins(%t : tensor<2x3xf32>) outs(%r : tensor<2xf32>) dimensions = [1] {tag = 3 : i64}
    (%in: f32, %init: f32) {
      %s = arith.maxf %in, %init : f32
      linalg.yield %s : f32
    }
  return %0, %1, %2 : tensor<3x2xf32>, tensor<2x3xf32>, tensor<2xf32>
}
