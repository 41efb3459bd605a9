// The data gradient of a 1x1 stride-2 convolution as backward-data-conv
// leaves it: one phase, truncated by its epilogue into every other
// element of each spatial dim of zeros. On a GPU the epilogue writes the
// zeros of each 2x2 cell itself and the fill has no kernel
// (gpu/codegen/cellzeros.go). Extents: odd (7x7 from 4x4: the last cell
// of each dim reaches past the output, its zeros guarded), even (8x8),
// and one sized for the matrix units (M = 64, N = 16, K = 32) with an odd
// height and an even width.
#dy = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 + d5, d3 + d6)>
#wt = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d1, d5, d6)>
#o = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>

func.func @dgrad1x1_s2_odd_bf16(%dy: tensor<2x8x4x4xbf16>, %w: tensor<8x3x1x1xbf16>) -> tensor<2x3x7x7xbf16> {
  %z = arith.constant 0.000000e+00 : bf16
  %e = tensor.empty() : tensor<2x3x7x7xbf16>
  %dx0 = linalg.fill ins(%z : bf16) outs(%e : tensor<2x3x7x7xbf16>) -> tensor<2x3x7x7xbf16>
  %z32 = arith.constant 0.000000e+00 : f32
  %ea = tensor.empty() : tensor<2x3x4x4xf32>
  %acc = linalg.fill ins(%z32 : f32) outs(%ea : tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
  %r = linalg.generic {indexing_maps = [#dy, #wt, #o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%dy, %w : tensor<2x8x4x4xbf16>, tensor<8x3x1x1xbf16>) outs(%acc : tensor<2x3x4x4xf32>) {
  ^bb0(%a: bf16, %b: bf16, %out: f32):
    %0 = arith.extf %a : bf16 to f32
    %1 = arith.extf %b : bf16 to f32
    %2 = arith.mulf %0, %1 : f32
    %3 = arith.addf %out, %2 : f32
    linalg.yield %3 : f32
  } -> tensor<2x3x4x4xf32>
  %et = tensor.empty() : tensor<2x3x4x4xbf16>
  %t = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%r : tensor<2x3x4x4xf32>) outs(%et : tensor<2x3x4x4xbf16>) {
  ^bb0(%in: f32, %out: bf16):
    %0 = arith.truncf %in : f32 to bf16
    linalg.yield %0 : bf16
  } -> tensor<2x3x4x4xbf16>
  %dx = tensor.insert_slice %t into %dx0[0, 0, 0, 0] [2, 3, 4, 4] [1, 1, 2, 2] : tensor<2x3x4x4xbf16> into tensor<2x3x7x7xbf16>
  return %dx : tensor<2x3x7x7xbf16>
}

func.func @dgrad1x1_s2_even_f16(%dy: tensor<2x4x4x4xf16>, %w: tensor<4x5x1x1xf16>) -> tensor<2x5x8x8xf16> {
  %z = arith.constant 0.000000e+00 : f16
  %e = tensor.empty() : tensor<2x5x8x8xf16>
  %dx0 = linalg.fill ins(%z : f16) outs(%e : tensor<2x5x8x8xf16>) -> tensor<2x5x8x8xf16>
  %z32 = arith.constant 0.000000e+00 : f32
  %ea = tensor.empty() : tensor<2x5x4x4xf32>
  %acc = linalg.fill ins(%z32 : f32) outs(%ea : tensor<2x5x4x4xf32>) -> tensor<2x5x4x4xf32>
  %r = linalg.generic {indexing_maps = [#dy, #wt, #o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%dy, %w : tensor<2x4x4x4xf16>, tensor<4x5x1x1xf16>) outs(%acc : tensor<2x5x4x4xf32>) {
  ^bb0(%a: f16, %b: f16, %out: f32):
    %0 = arith.extf %a : f16 to f32
    %1 = arith.extf %b : f16 to f32
    %2 = arith.mulf %0, %1 : f32
    %3 = arith.addf %out, %2 : f32
    linalg.yield %3 : f32
  } -> tensor<2x5x4x4xf32>
  %et = tensor.empty() : tensor<2x5x4x4xf16>
  %t = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%r : tensor<2x5x4x4xf32>) outs(%et : tensor<2x5x4x4xf16>) {
  ^bb0(%in: f32, %out: f16):
    %0 = arith.truncf %in : f32 to f16
    linalg.yield %0 : f16
  } -> tensor<2x5x4x4xf16>
  %dx = tensor.insert_slice %t into %dx0[0, 0, 0, 0] [2, 5, 4, 4] [1, 1, 2, 2] : tensor<2x5x4x4xf16> into tensor<2x5x8x8xf16>
  return %dx : tensor<2x5x8x8xf16>
}

func.func @dgrad1x1_s2_mma_f16(%dy: tensor<1x32x8x8xf16>, %w: tensor<32x16x1x1xf16>) -> tensor<1x16x15x16xf16> {
  %z = arith.constant 0.000000e+00 : f16
  %e = tensor.empty() : tensor<1x16x15x16xf16>
  %dx0 = linalg.fill ins(%z : f16) outs(%e : tensor<1x16x15x16xf16>) -> tensor<1x16x15x16xf16>
  %z32 = arith.constant 0.000000e+00 : f32
  %ea = tensor.empty() : tensor<1x16x8x8xf32>
  %acc = linalg.fill ins(%z32 : f32) outs(%ea : tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
  %r = linalg.generic {indexing_maps = [#dy, #wt, #o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%dy, %w : tensor<1x32x8x8xf16>, tensor<32x16x1x1xf16>) outs(%acc : tensor<1x16x8x8xf32>) {
  ^bb0(%a: f16, %b: f16, %out: f32):
    %0 = arith.extf %a : f16 to f32
    %1 = arith.extf %b : f16 to f32
    %2 = arith.mulf %0, %1 : f32
    %3 = arith.addf %out, %2 : f32
    linalg.yield %3 : f32
  } -> tensor<1x16x8x8xf32>
  %et = tensor.empty() : tensor<1x16x8x8xf16>
  %t = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%r : tensor<1x16x8x8xf32>) outs(%et : tensor<1x16x8x8xf16>) {
  ^bb0(%in: f32, %out: f16):
    %0 = arith.truncf %in : f32 to f16
    linalg.yield %0 : f16
  } -> tensor<1x16x8x8xf16>
  %dx = tensor.insert_slice %t into %dx0[0, 0, 0, 0] [1, 16, 8, 8] [1, 1, 2, 2] : tensor<1x16x8x8xf16> into tensor<1x16x15x16xf16>
  return %dx : tensor<1x16x15x16xf16>
}
