// The f16/bf16 data gradient as the default pipeline leaves it
// (swap-cast-with-insert-slice-chain after the phase decomposition): a
// contraction into an f32 accumulator that only its truncf epilogue
// reads, the epilogue writing a strided window of the 16-bit result. The
// generated kernel hands each accumulator to the epilogue in registers
// (codegen.forwardsOutput) and, since the accumulator starts from zero
// unread, the f32 fill has no kernel. A tiled (tensor-core) contraction
// and a thread-per-output one; the gpu package runs them on a GPU, the
// host emulation on the CPU.
#a = affine_map<(d0, d1, d2) -> (d0, d2)>
#b = affine_map<(d0, d1, d2) -> (d2, d1)>
#c = affine_map<(d0, d1, d2) -> (d0, d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @tiled_bf16_window(%x: tensor<48x40xbf16>, %w: tensor<40x32xbf16>) -> tensor<96x32xbf16> {
  %zb = arith.constant 0.000000e+00 : bf16
  %eo = tensor.empty() : tensor<96x32xbf16>
  %out = linalg.fill ins(%zb : bf16) outs(%eo : tensor<96x32xbf16>) -> tensor<96x32xbf16>
  %z = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<48x32xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<48x32xf32>) -> tensor<48x32xf32>
  %r = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %w : tensor<48x40xbf16>, tensor<40x32xbf16>) outs(%f : tensor<48x32xf32>) {
  ^bb0(%p: bf16, %q: bf16, %o: f32):
    %pf = arith.extf %p : bf16 to f32
    %qf = arith.extf %q : bf16 to f32
    %m = arith.mulf %pf, %qf : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  } -> tensor<48x32xf32>
  %et = tensor.empty() : tensor<48x32xbf16>
  %t = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%r : tensor<48x32xf32>) outs(%et : tensor<48x32xbf16>) {
  ^bb0(%v: f32, %u: bf16):
    %tv = arith.truncf %v : f32 to bf16
    linalg.yield %tv : bf16
  } -> tensor<48x32xbf16>
  %ins = tensor.insert_slice %t into %out[1, 0] [48, 32] [2, 1] : tensor<48x32xbf16> into tensor<96x32xbf16>
  return %ins : tensor<96x32xbf16>
}
func.func @simple_f16_window(%x: tensor<6x40xf16>, %w: tensor<40x5xf16>) -> tensor<12x5xf16> {
  %zh = arith.constant 0.000000e+00 : f16
  %eo = tensor.empty() : tensor<12x5xf16>
  %out = linalg.fill ins(%zh : f16) outs(%eo : tensor<12x5xf16>) -> tensor<12x5xf16>
  %z = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<6x5xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<6x5xf32>) -> tensor<6x5xf32>
  %r = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %w : tensor<6x40xf16>, tensor<40x5xf16>) outs(%f : tensor<6x5xf32>) {
  ^bb0(%p: f16, %q: f16, %o: f32):
    %pf = arith.extf %p : f16 to f32
    %qf = arith.extf %q : f16 to f32
    %m = arith.mulf %pf, %qf : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  } -> tensor<6x5xf32>
  %et = tensor.empty() : tensor<6x5xf16>
  %t = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%r : tensor<6x5xf32>) outs(%et : tensor<6x5xf16>) {
  ^bb0(%v: f32, %u: f16):
    %tv = arith.truncf %v : f32 to f16
    linalg.yield %tv : f16
  } -> tensor<6x5xf16>
  %ins = tensor.insert_slice %t into %out[0, 0] [6, 5] [2, 1] : tensor<6x5xf16> into tensor<12x5xf16>
  return %ins : tensor<12x5xf16>
}
