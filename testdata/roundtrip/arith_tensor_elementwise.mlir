// Covers: elementwise arith on ranked tensor types (static, dynamic, rank-0): float, int, compare, select, casts.
func.func @float_elementwise(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = arith.addf %a, %b : tensor<2x3xf32>
  %1 = arith.mulf %0, %a : tensor<2x3xf32>
  %2 = arith.divf %1, %b : tensor<2x3xf32>
  %3 = arith.subf %2, %a : tensor<2x3xf32>
  return %3 : tensor<2x3xf32>
}

func.func @int_elementwise(%a: tensor<?xi32>, %b: tensor<?xi32>) -> tensor<?xi32> {
  %0 = arith.addi %a, %b : tensor<?xi32>
  %1 = arith.muli %0, %b : tensor<?xi32>
  %2 = arith.divsi %1, %a : tensor<?xi32>
  %3 = arith.maxsi %2, %b : tensor<?xi32>
  return %3 : tensor<?xi32>
}

func.func @rank0(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  %0 = arith.addf %a, %b : tensor<f32>
  return %0 : tensor<f32>
}

func.func @clamp(%x: tensor<4xf32>) -> tensor<4xf32> {
  %lo = arith.constant dense<-1.000000e+00> : tensor<4xf32>
  %hi = arith.constant dense<1.000000e+00> : tensor<4xf32>
  %0 = arith.cmpf olt, %x, %lo : tensor<4xf32>
  %1 = arith.select %0, %lo, %x : tensor<4xi1>, tensor<4xf32>
  %2 = arith.minf %1, %hi : tensor<4xf32>
  return %2 : tensor<4xf32>
}
