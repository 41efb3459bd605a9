// Covers: linalg.map (multiple inputs; prints short `{ arith.op }` form when possible) and linalg.reduce with explicit regions.
func.func @map_add(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %init = tensor.empty() : tensor<4x4xf32>
  %0 = linalg.map ins(%a, %b : tensor<4x4xf32>, tensor<4x4xf32>) outs(%init : tensor<4x4xf32>)
    (%x: f32, %y: f32) {
      %1 = arith.addf %x, %y : f32
      linalg.yield %1 : f32
    }
  return %0 : tensor<4x4xf32>
}

func.func @map_complex(%a: tensor<8xf32>, %init: tensor<8xf32>) -> tensor<8xf32> {
  %cst = arith.constant 2.000000e+00 : f32
  %0 = linalg.map ins(%a : tensor<8xf32>) outs(%init : tensor<8xf32>)
    (%x: f32) {
      %1 = arith.mulf %x, %cst : f32
      %2 = math.tanh %1 : f32
      linalg.yield %2 : f32
    }
  return %0 : tensor<8xf32>
}

func.func @reduce_sum(%x: tensor<4x16xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.reduce ins(%x : tensor<4x16xf32>) outs(%init : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %1 = arith.addf %in, %acc : f32
      linalg.yield %1 : f32
    }
  return %0 : tensor<4xf32>
}

func.func @reduce_max_dyn(%x: tensor<?x?x8xf32>, %init: tensor<?xf32>) -> tensor<?xf32> {
  %0 = linalg.reduce ins(%x : tensor<?x?x8xf32>) outs(%init : tensor<?xf32>) dimensions = [1, 2]
    (%in: f32, %acc: f32) {
      %1 = arith.maxf %in, %acc : f32
      linalg.yield %1 : f32
    }
  return %0 : tensor<?xf32>
}
