// Covers: split chunks forming a tiny pipeline zoo (flatten+linear, embedding row gather, global average pool via reduce+map).
// Uses --split-input-file.
func.func @flatten_linear(%x: tensor<2x3x4xf32>, %w: tensor<12x5xf32>, %acc: tensor<2x5xf32>) -> tensor<2x5xf32> {
  %f = tensor.collapse_shape %x [[0], [1, 2]] : tensor<2x3x4xf32> into tensor<2x12xf32>
  %0 = linalg.matmul ins(%f, %w : tensor<2x12xf32>, tensor<12x5xf32>) outs(%acc : tensor<2x5xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

func.func @gather_row(%table: tensor<10x4xf32>, %id: i32) -> tensor<4xf32> {
  %i = arith.index_cast %id : i32 to index
  %row = tensor.extract_slice %table[%i, 0] [1, 4] [1, 1] : tensor<10x4xf32> to tensor<4xf32>
  return %row : tensor<4xf32>
}

// -----

func.func @global_avg_pool(%x: tensor<1x8x4x4xf32>) -> tensor<1x8xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %inv = arith.constant 6.250000e-02 : f32
  %e = tensor.empty() : tensor<1x8xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8xf32>) -> tensor<1x8xf32>
  %s = linalg.reduce ins(%x : tensor<1x8x4x4xf32>) outs(%acc : tensor<1x8xf32>) dimensions = [2, 3]
    (%in: f32, %a: f32) {
      %t = arith.addf %in, %a : f32
      linalg.yield %t : f32
    }
  %m = linalg.map ins(%s : tensor<1x8xf32>) outs(%e : tensor<1x8xf32>)
    (%v: f32) {
      %r = arith.mulf %v, %inv : f32
      linalg.yield %r : f32
    }
  return %m : tensor<1x8xf32>
}
