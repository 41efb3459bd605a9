// Covers: int8 quantized matmul: i8 inputs with zero points, i32 accumulation, requantize with float scale and clamping.
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @qmatmul(%a: tensor<4x8xi8>, %b: tensor<8x4xi8>, %scale: f32) -> tensor<4x4xi8> {
  %c0_i32 = arith.constant 0 : i32
  %lo = arith.constant -128 : i32
  %hi = arith.constant 127 : i32
  %e = tensor.empty() : tensor<4x4xi32>
  %acc = linalg.fill ins(%c0_i32 : i32) outs(%e : tensor<4x4xi32>) -> tensor<4x4xi32>
  %mm = linalg.matmul ins(%a, %b : tensor<4x8xi8>, tensor<8x4xi8>) outs(%acc : tensor<4x4xi32>) -> tensor<4x4xi32>
  %oe = tensor.empty() : tensor<4x4xi8>
  %q = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%mm : tensor<4x4xi32>) outs(%oe : tensor<4x4xi8>) {
  ^bb0(%in: i32, %out: i8):
    %f = arith.sitofp %in : i32 to f32
    %s = arith.mulf %f, %scale : f32
    %r = math.roundeven %s : f32
    %i = arith.fptosi %r : f32 to i32
    %c1 = arith.maxsi %i, %lo : i32
    %c2 = arith.minsi %c1, %hi : i32
    %t = arith.trunci %c2 : i32 to i8
    linalg.yield %t : i8
  } -> tensor<4x4xi8>
  return %q : tensor<4x4xi8>
}

func.func @bit_tricks(%x: tensor<8xi32>) -> tensor<8xi32> {
  %e = tensor.empty() : tensor<8xi32>
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<8xi32>) outs(%e : tensor<8xi32>) {
  ^bb0(%in: i32, %out: i32):
    %c31 = arith.constant 31 : i32
    %sign = arith.shrsi %in, %c31 : i32
    %x1 = arith.xori %in, %sign : i32
    %abs = arith.subi %x1, %sign : i32
    %u = arith.shrui %abs, %c31 : i32
    %o = arith.ori %abs, %u : i32
    linalg.yield %o : i32
  } -> tensor<8xi32>
  return %0 : tensor<8xi32>
}
