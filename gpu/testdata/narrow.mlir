// Contractions with one side too narrow for a tile (2 to 16 outputs; a
// tile wants 16 both ways): a thread takes a row of the wide side and
// all of the narrow side in registers (gpu/codegen/narrow.go). The data
// gradient of a 3x3 convolution's phase with 3 image channels (N narrow,
// its fused truncf epilogue writing every other column of the bf16
// result); a grouped one, 4 groups of 5 channels (the group a batch
// loop); a product whose M is the narrow side (the row is then b's); and
// a contraction that adds to its output instead of starting from zero,
// in f64 with two K loops of 5 and 4 (20 iterations, past what is
// unrolled).
#dy = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 + d5, d3 + d6)>
#wt = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d1, d5, d6)>
#o = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @phase_3ch_bf16(%dy: tensor<2x8x6x5xbf16>, %w: tensor<8x3x2x2xbf16>) -> tensor<2x3x5x8xbf16> {
  %zb = arith.constant 0.000000e+00 : bf16
  %eo = tensor.empty() : tensor<2x3x5x8xbf16>
  %out = linalg.fill ins(%zb : bf16) outs(%eo : tensor<2x3x5x8xbf16>) -> tensor<2x3x5x8xbf16>
  %z = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<2x3x5x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x3x5x4xf32>) -> tensor<2x3x5x4xf32>
  %r = linalg.generic {indexing_maps = [#dy, #wt, #o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%dy, %w : tensor<2x8x6x5xbf16>, tensor<8x3x2x2xbf16>) outs(%f : tensor<2x3x5x4xf32>) {
  ^bb0(%a: bf16, %b: bf16, %acc: f32):
    %0 = arith.extf %a : bf16 to f32
    %1 = arith.extf %b : bf16 to f32
    %2 = arith.mulf %0, %1 : f32
    %3 = arith.addf %acc, %2 : f32
    linalg.yield %3 : f32
  } -> tensor<2x3x5x4xf32>
  %et = tensor.empty() : tensor<2x3x5x4xbf16>
  %t = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%r : tensor<2x3x5x4xf32>) outs(%et : tensor<2x3x5x4xbf16>) {
  ^bb0(%v: f32, %u: bf16):
    %tv = arith.truncf %v : f32 to bf16
    linalg.yield %tv : bf16
  } -> tensor<2x3x5x4xbf16>
  %ins = tensor.insert_slice %t into %out[0, 0, 0, 1] [2, 3, 5, 4] [1, 1, 1, 2] : tensor<2x3x5x4xbf16> into tensor<2x3x5x8xbf16>
  return %ins : tensor<2x3x5x8xbf16>
}

#gdy = affine_map<(n, g, c, h, w, k, kh, kw) -> (n, g, k, h + kh, w + kw)>
#gwt = affine_map<(n, g, c, h, w, k, kh, kw) -> (g, k, c, kh, kw)>
#go = affine_map<(n, g, c, h, w, k, kh, kw) -> (n, g, c, h, w)>
func.func @grouped_f32(%dy: tensor<2x4x5x7x6xf32>, %w: tensor<4x5x5x2x3xf32>) -> tensor<2x4x5x6x4xf32> {
  %z = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<2x4x5x6x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x4x5x6x4xf32>) -> tensor<2x4x5x6x4xf32>
  %r = linalg.generic {indexing_maps = [#gdy, #gwt, #go], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%dy, %w : tensor<2x4x5x7x6xf32>, tensor<4x5x5x2x3xf32>) outs(%f : tensor<2x4x5x6x4xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %0 = arith.mulf %a, %b : f32
    %1 = arith.addf %acc, %0 : f32
    linalg.yield %1 : f32
  } -> tensor<2x4x5x6x4xf32>
  return %r : tensor<2x4x5x6x4xf32>
}

#ma = affine_map<(m, n, k) -> (m, k)>
#mb = affine_map<(m, n, k) -> (k, n)>
#mc = affine_map<(m, n, k) -> (m, n)>
func.func @narrow_m_f16(%a: tensor<4x24xf16>, %b: tensor<24x70xf16>) -> tensor<4x70xf32> {
  %z = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<4x70xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x70xf32>) -> tensor<4x70xf32>
  %r = linalg.generic {indexing_maps = [#ma, #mb, #mc], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<4x24xf16>, tensor<24x70xf16>) outs(%f : tensor<4x70xf32>) {
  ^bb0(%x: f16, %y: f16, %acc: f32):
    %0 = arith.extf %x : f16 to f32
    %1 = arith.extf %y : f16 to f32
    %2 = arith.mulf %0, %1 : f32
    %3 = arith.addf %acc, %2 : f32
    linalg.yield %3 : f32
  } -> tensor<4x70xf32>
  return %r : tensor<4x70xf32>
}

#aa = affine_map<(m, n, k, j) -> (m, k, j)>
#ab = affine_map<(m, n, k, j) -> (n, k, j)>
#ac = affine_map<(m, n, k, j) -> (m, n)>
func.func @accumulate_f64(%a: tensor<33x5x4xf64>, %b: tensor<6x5x4xf64>, %c: tensor<33x6xf64>) -> tensor<33x6xf64> {
  %r = linalg.generic {indexing_maps = [#aa, #ab, #ac], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%a, %b : tensor<33x5x4xf64>, tensor<6x5x4xf64>) outs(%c : tensor<33x6xf64>) {
  ^bb0(%x: f64, %y: f64, %acc: f64):
    %0 = arith.mulf %x, %y : f64
    %1 = arith.subf %acc, %0 : f64
    linalg.yield %1 : f64
  } -> tensor<33x6xf64>
  return %r : tensor<33x6xf64>
}
