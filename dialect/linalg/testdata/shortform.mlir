// linalg.map (short and long forms), linalg.reduce, linalg.transpose and
// linalg.broadcast, including their trailing-space quirks and attributes.
func.func @maps(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>, %i: tensor<4x4xi32>, %init: tensor<4x4xf32>, %ii: tensor<4x4xi32>) -> (tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xi32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) {
  %0 = linalg.map { arith.addf } ins(%a, %b : tensor<4x4xf32>, tensor<4x4xf32>) outs(%init : tensor<4x4xf32>)
  %1 = linalg.map { arith.mulf {fastmath = #arith.fastmath<fast>} } ins(%a, %b : tensor<4x4xf32>, tensor<4x4xf32>) outs(%init : tensor<4x4xf32>) {tag = 1 : i64}
  %2 = linalg.map { arith.maxsi } ins(%i, %i : tensor<4x4xi32>, tensor<4x4xi32>) outs(%ii : tensor<4x4xi32>)
  %3 = linalg.map ins(%a, %b : tensor<4x4xf32>, tensor<4x4xf32>) outs(%init : tensor<4x4xf32>)
    (%x: f32, %y: f32) {
      %s = arith.subf %y, %x : f32
      linalg.yield %s : f32
    }
  %4 = linalg.map ins(%i : tensor<4x4xi32>) outs(%init : tensor<4x4xf32>)
    (%x: i32) {
      %f = arith.sitofp %x : i32 to f32
      linalg.yield %f : f32
    }
  %5 = linalg.map outs(%init : tensor<4x4xf32>)
    () {
      %c = arith.constant 1.000000e+00 : f32
      linalg.yield %c : f32
    }
  return %0, %1, %2, %3, %4, %5 : tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xi32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>
}

func.func @reduces(%x: tensor<4x16x8xf32>, %r: tensor<4xf32>, %d: tensor<?x?xf32>, %rd: tensor<?xf32>) -> (tensor<4xf32>, tensor<?xf32>) {
  %0 = linalg.reduce ins(%x : tensor<4x16x8xf32>) outs(%r : tensor<4xf32>) dimensions = [1, 2]
    (%in: f32, %acc: f32) {
      %1 = arith.addf %in, %acc : f32
      linalg.yield %1 : f32
    }
  %2 = linalg.reduce ins(%d : tensor<?x?xf32>) outs(%rd : tensor<?xf32>) dimensions = [0] {tag = "max"}
    (%in: f32, %acc: f32) {
      %3 = arith.maxf %in, %acc : f32
      linalg.yield %3 : f32
    }
  return %0, %2 : tensor<4xf32>, tensor<?xf32>
}

func.func @transpose_broadcast(%x: tensor<2x3x4xf32>, %t: tensor<4x2x3xf32>, %b: tensor<3xf32>, %bi: tensor<2x3x5xf32>, %d: tensor<?x4xf32>, %dt: tensor<4x?xf32>) -> (tensor<4x2x3xf32>, tensor<2x3x5xf32>, tensor<4x?xf32>, tensor<2x3x5xf32>) {
  %0 = linalg.transpose ins(%x : tensor<2x3x4xf32>) outs(%t : tensor<4x2x3xf32>) permutation = [2, 0, 1]
  %1 = linalg.broadcast ins(%b : tensor<3xf32>) outs(%bi : tensor<2x3x5xf32>) dimensions = [0, 2]
  %2 = linalg.transpose ins(%d : tensor<?x4xf32>) outs(%dt : tensor<4x?xf32>) permutation = [1, 0] {tag}
  %3 = linalg.broadcast {tag = 2 : i32} ins(%b : tensor<3xf32>) outs(%bi : tensor<2x3x5xf32>) dimensions = [0, 2]
  return %0, %1, %2, %3 : tensor<4x2x3xf32>, tensor<2x3x5xf32>, tensor<4x?xf32>, tensor<2x3x5xf32>
}
