// Contractions with few tiles and a long K, weight gradients' shape: their
// blocks split K (gpu/codegen/splitk.go), each part summed by a block of
// its own and the parts added by the tile's last block. f32 with the
// output read first (part 0 starts from it; K = 4 × 300 in two loops,
// four parts of 320, the last 240 short; 72 by 66, two tiles: more outputs than
// a block reduction takes), f64 (two parts), bf16 on
// tensor cores (K by rows of dy, staged through registers), and f16
// with both factors' K contiguous (the cp.async ring; K = 2080 in eight
// parts of 288, the last of two slices, fewer than the ring's three
// copies ahead), each from zero and truncated after. M and N are not
// multiples of the tiles. Then two splits in one plan, which share the
// scratch buffer: the second, whose parts' sums take less of it, counts
// in the same counters the first left zero.
#dy = affine_map<(d0, d1, d2, d3) -> (d2, d0, d3)>
#x = affine_map<(d0, d1, d2, d3) -> (d2, d1, d3)>
#dw = affine_map<(d0, d1, d2, d3) -> (d0, d1)>
#ma = affine_map<(d0, d1, d2) -> (d0, d2)>
#mb = affine_map<(d0, d1, d2) -> (d2, d1)>
#nk = affine_map<(d0, d1, d2) -> (d1, d2)>
#mc = affine_map<(d0, d1, d2) -> (d0, d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @wgrad_f32_acc(%dy: tensor<4x72x300xf32>, %x: tensor<4x66x300xf32>, %acc: tensor<72x66xf32>) -> tensor<72x66xf32> {
  %r = linalg.generic {indexing_maps = [#dy, #x, #dw], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%dy, %x : tensor<4x72x300xf32>, tensor<4x66x300xf32>) outs(%acc : tensor<72x66xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<72x66xf32>
  return %r : tensor<72x66xf32>
}
func.func @mm_f64(%a: tensor<72x600xf64>, %b: tensor<600x60xf64>) -> tensor<72x60xf64> {
  %z = arith.constant 0.000000e+00 : f64
  %e = tensor.empty() : tensor<72x60xf64>
  %f = linalg.fill ins(%z : f64) outs(%e : tensor<72x60xf64>) -> tensor<72x60xf64>
  %r = linalg.generic {indexing_maps = [#ma, #mb, #mc], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<72x600xf64>, tensor<600x60xf64>) outs(%f : tensor<72x60xf64>) {
  ^bb0(%x: f64, %v: f64, %o: f64):
    %p = arith.mulf %x, %v : f64
    %s = arith.addf %o, %p : f64
    linalg.yield %s : f64
  } -> tensor<72x60xf64>
  return %r : tensor<72x60xf64>
}
func.func @wgrad_bf16_trunc(%dy: tensor<2x80x320xbf16>, %x: tensor<2x96x320xbf16>) -> tensor<80x96xbf16> {
  %z = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<80x96xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<80x96xf32>) -> tensor<80x96xf32>
  %r = linalg.generic {indexing_maps = [#dy, #x, #dw], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%dy, %x : tensor<2x80x320xbf16>, tensor<2x96x320xbf16>) outs(%f : tensor<80x96xf32>) {
  ^bb0(%a: bf16, %b: bf16, %o: f32):
    %af = arith.extf %a : bf16 to f32
    %bf = arith.extf %b : bf16 to f32
    %p = arith.mulf %af, %bf : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<80x96xf32>
  %e2 = tensor.empty() : tensor<80x96xbf16>
  %t = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%r : tensor<80x96xf32>) outs(%e2 : tensor<80x96xbf16>) {
  ^bb0(%v: f32, %o: bf16):
    %w = arith.truncf %v : f32 to bf16
    linalg.yield %w : bf16
  } -> tensor<80x96xbf16>
  return %t : tensor<80x96xbf16>
}
func.func @mm_f16_tn_split(%a: tensor<80x2080xf16>, %b: tensor<96x2080xf16>) -> tensor<80x96xf16> {
  %z = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<80x96xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<80x96xf32>) -> tensor<80x96xf32>
  %r = linalg.generic {indexing_maps = [#ma, #nk, #mc], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<80x2080xf16>, tensor<96x2080xf16>) outs(%f : tensor<80x96xf32>) {
  ^bb0(%x: f16, %v: f16, %o: f32):
    %xf = arith.extf %x : f16 to f32
    %vf = arith.extf %v : f16 to f32
    %p = arith.mulf %xf, %vf : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<80x96xf32>
  %e2 = tensor.empty() : tensor<80x96xf16>
  %t = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%r : tensor<80x96xf32>) outs(%e2 : tensor<80x96xf16>) {
  ^bb0(%v: f32, %o: f16):
    %w = arith.truncf %v : f32 to f16
    linalg.yield %w : f16
  } -> tensor<80x96xf16>
  return %t : tensor<80x96xf16>
}
func.func @two_splits(%a: tensor<72x600xf64>, %b: tensor<600x60xf64>, %c: tensor<72x512xf32>, %d: tensor<512x60xf32>) -> (tensor<72x60xf64>, tensor<72x60xf32>) {
  %z = arith.constant 0.000000e+00 : f64
  %e = tensor.empty() : tensor<72x60xf64>
  %f = linalg.fill ins(%z : f64) outs(%e : tensor<72x60xf64>) -> tensor<72x60xf64>
  %r = linalg.generic {indexing_maps = [#ma, #mb, #mc], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<72x600xf64>, tensor<600x60xf64>) outs(%f : tensor<72x60xf64>) {
  ^bb0(%x: f64, %v: f64, %o: f64):
    %p = arith.mulf %x, %v : f64
    %s = arith.addf %o, %p : f64
    linalg.yield %s : f64
  } -> tensor<72x60xf64>
  %z2 = arith.constant 0.000000e+00 : f32
  %e2 = tensor.empty() : tensor<72x60xf32>
  %f2 = linalg.fill ins(%z2 : f32) outs(%e2 : tensor<72x60xf32>) -> tensor<72x60xf32>
  %r2 = linalg.generic {indexing_maps = [#ma, #mb, #mc], iterator_types = ["parallel", "parallel", "reduction"]} ins(%c, %d : tensor<72x512xf32>, tensor<512x60xf32>) outs(%f2 : tensor<72x60xf32>) {
  ^bb0(%x: f32, %v: f32, %o: f32):
    %p = arith.mulf %x, %v : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<72x60xf32>
  return %r, %r2 : tensor<72x60xf64>, tensor<72x60xf32>
}
