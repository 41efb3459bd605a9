// Sums of f32 data in f64, as the batch norm's lowering writes its
// statistics (cpu/sumlanes_test.go): Σ float64(x) and
// Σ float64((x − mean)·(x − mean)) per channel over N, H and W, and a
// group norm gradient's Σ float64(dy·x) per image and channel.
#x4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#c4 = affine_map<(d0, d1, d2, d3) -> (d1)>
#x3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#c3 = affine_map<(d0, d1, d2) -> (d1)>
#nc4 = affine_map<(d0, d1, d2, d3) -> (d0, d1)>

// 20 channels: a block of 16 in the lanes and one of 4; planes of 42
// (runs of 16 and the rest); zero on entry.
func.func @sum(%x: tensor<4x20x6x7xf32>) -> tensor<20xf64> {
  %zero = arith.constant 0.000000e+00 : f64
  %e = tensor.empty() : tensor<20xf64>
  %f = linalg.fill ins(%zero : f64) outs(%e : tensor<20xf64>) -> tensor<20xf64>
  %r = linalg.generic {indexing_maps = [#x4, #c4], iterator_types = ["reduction", "parallel", "reduction", "reduction"]} ins(%x : tensor<4x20x6x7xf32>) outs(%f : tensor<20xf64>) {
  ^bb0(%a: f32, %o: f64):
    %w = arith.extf %a : f32 to f64
    %s = arith.addf %o, %w : f64
    linalg.yield %s : f64
  } -> tensor<20xf64>
  return %r : tensor<20xf64>
}

// The squared deviations from a mean per channel, squared in f32,
// added to the sums given (not zero on entry).
func.func @sqdev(%x: tensor<4x20x6x7xf32>, %m: tensor<20xf32>, %init: tensor<20xf64>) -> tensor<20xf64> {
  %r = linalg.generic {indexing_maps = [#x4, #c4, #c4], iterator_types = ["reduction", "parallel", "reduction", "reduction"]} ins(%x, %m : tensor<4x20x6x7xf32>, tensor<20xf32>) outs(%init : tensor<20xf64>) {
  ^bb0(%a: f32, %b: f32, %o: f64):
    %d = arith.subf %a, %b : f32
    %q = arith.mulf %d, %d : f32
    %w = arith.extf %q : f32 to f64
    %s = arith.addf %o, %w : f64
    linalg.yield %s : f64
  } -> tensor<20xf64>
  return %r : tensor<20xf64>
}

// 5 channels: too few for the lanes, each summed alone.
func.func @sqdev_few(%x: tensor<3x5x9xf32>, %m: tensor<5xf32>) -> tensor<5xf64> {
  %zero = arith.constant 0.000000e+00 : f64
  %e = tensor.empty() : tensor<5xf64>
  %f = linalg.fill ins(%zero : f64) outs(%e : tensor<5xf64>) -> tensor<5xf64>
  %r = linalg.generic {indexing_maps = [#x3, #c3, #c3], iterator_types = ["reduction", "parallel", "reduction"]} ins(%x, %m : tensor<3x5x9xf32>, tensor<5xf32>) outs(%f : tensor<5xf64>) {
  ^bb0(%a: f32, %b: f32, %o: f64):
    %d = arith.subf %a, %b : f32
    %q = arith.mulf %d, %d : f32
    %w = arith.extf %q : f32 to f64
    %s = arith.addf %o, %w : f64
    linalg.yield %s : f64
  } -> tensor<5xf64>
  return %r : tensor<5xf64>
}

// Scaled deviations (a batch norm gradient's Σ dy·(x − mean)), the
// product formed in f32, summed in f64.
func.func @muldev(%x: tensor<4x20x6x7xf32>, %m: tensor<20xf32>, %dy: tensor<4x20x6x7xf32>) -> tensor<20xf64> {
  %zero = arith.constant 0.000000e+00 : f64
  %e = tensor.empty() : tensor<20xf64>
  %f = linalg.fill ins(%zero : f64) outs(%e : tensor<20xf64>) -> tensor<20xf64>
  %r = linalg.generic {indexing_maps = [#x4, #c4, #x4, #c4], iterator_types = ["reduction", "parallel", "reduction", "reduction"]} ins(%x, %m, %dy : tensor<4x20x6x7xf32>, tensor<20xf32>, tensor<4x20x6x7xf32>) outs(%f : tensor<20xf64>) {
  ^bb0(%a: f32, %b: f32, %s: f32, %o: f64):
    %d = arith.subf %a, %b : f32
    %q = arith.mulf %d, %s : f32
    %w = arith.extf %q : f32 to f64
    %t = arith.addf %o, %w : f64
    linalg.yield %t : f64
  } -> tensor<20xf64>
  return %r : tensor<20xf64>
}

// Products of two f32 inputs, formed in f32 and summed in f64 (a group
// norm gradient's Σ dy·x per channel over its plane).
func.func @product(%x: tensor<4x20x6x7xf32>, %dy: tensor<4x20x6x7xf32>) -> tensor<4x20xf64> {
  %zero = arith.constant 0.000000e+00 : f64
  %e = tensor.empty() : tensor<4x20xf64>
  %f = linalg.fill ins(%zero : f64) outs(%e : tensor<4x20xf64>) -> tensor<4x20xf64>
  %r = linalg.generic {indexing_maps = [#x4, #x4, #nc4], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%x, %dy : tensor<4x20x6x7xf32>, tensor<4x20x6x7xf32>) outs(%f : tensor<4x20xf64>) {
  ^bb0(%a: f32, %s: f32, %o: f64):
    %q = arith.mulf %a, %s : f32
    %w = arith.extf %q : f32 to f64
    %t = arith.addf %o, %w : f64
    linalg.yield %t : f64
  } -> tensor<4x20xf64>
  return %r : tensor<4x20xf64>
}
