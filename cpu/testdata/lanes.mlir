// Elementwise generics for TestLanesMatchInterpreter: each runs through
// the lane program (vector.go) and through the interpreter, bit for bit.
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#bias = affine_map<(d0, d1, d2, d3) -> (d1)>
#perm = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2, d1)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>

// bias add + ReLU (ugt + select) + a truncf/extf round trip through f16.
func.func @bias_relu(%x: tensor<2x5x7x33xf32>, %b: tensor<5xf32>) -> tensor<2x5x7x33xf32> {
  %e = tensor.empty() : tensor<2x5x7x33xf32>
  %zero = arith.constant 0.0 : f32
  %r = linalg.generic {indexing_maps = [#id4, #bias, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x, %b : tensor<2x5x7x33xf32>, tensor<5xf32>) outs(%e : tensor<2x5x7x33xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    %g = arith.cmpf ugt, %s, %zero : f32
    %m = arith.select %g, %s, %zero : f32
    %h = arith.truncf %m : f32 to f16
    %w = arith.extf %h : f16 to f32
    linalg.yield %w : f32
  } -> tensor<2x5x7x33xf32>
  return %r : tensor<2x5x7x33xf32>
}

// Every inlined f32 binary op, olt/ult/ogt comparisons, math functions,
// and a transposed (non-mergeable) operand.
func.func @arith_f32(%x: tensor<3x4x5x6xf32>, %y: tensor<3x6x5x4xf32>) -> (tensor<3x4x5x6xf32>, tensor<3x4x5x6xf32>) {
  %e = tensor.empty() : tensor<3x4x5x6xf32>
  %r:2 = linalg.generic {indexing_maps = [#id4, #perm, #id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x, %y : tensor<3x4x5x6xf32>, tensor<3x6x5x4xf32>) outs(%e, %e : tensor<3x4x5x6xf32>, tensor<3x4x5x6xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32, %p: f32):
    %s = arith.subf %a, %b : f32
    %m = arith.mulf %s, %a : f32
    %d = arith.divf %m, %b : f32
    %x1 = math.exp %d : f32
    %n = arith.negf %x1 : f32
    %t = math.tanh %a : f32
    %c1 = arith.cmpf olt, %a, %b : f32
    %c2 = arith.cmpf ult, %a, %t : f32
    %c3 = arith.cmpf ogt, %d, %a : f32
    %c4 = arith.cmpf une, %a, %b : f32
    %q = arith.select %c1, %n, %t : f32
    %q2 = arith.select %c2, %q, %d : f32
    %q3 = arith.select %c3, %q2, %m : f32
    %q4 = arith.select %c4, %q3, %s : f32
    %mx = arith.maxf %q4, %b : f32
    %mn = arith.minf %mx, %a : f32
    linalg.yield %mn, %q3 : f32, f32
  } -> (tensor<3x4x5x6xf32>, tensor<3x4x5x6xf32>)
  return %r#0, %r#1 : tensor<3x4x5x6xf32>, tensor<3x4x5x6xf32>
}

// A bf16 activation: residual add, ReLU and clamp by maxf/minf in f32
// (NaN, +0 against -0), truncated to bf16 (the lanes' inline rounding of
// f32 values); and a quotient in f64 truncated straight to bf16 (not an
// f32 value: the rounding's general case), and one to bf16 in bf16.
func.func @bf16_act(%x: tensor<9x70xbf16>, %y: tensor<9x70xbf16>) -> (tensor<9x70xbf16>, tensor<9x70xbf16>, tensor<9x70xbf16>) {
  %e = tensor.empty() : tensor<9x70xbf16>
  %zero = arith.constant 0.0 : f32
  %six = arith.constant 6.0 : f32
  %three = arith.constant 3.0 : f64
  %r:3 = linalg.generic {indexing_maps = [#id2, #id2, #id2, #id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x, %y : tensor<9x70xbf16>, tensor<9x70xbf16>) outs(%e, %e, %e : tensor<9x70xbf16>, tensor<9x70xbf16>, tensor<9x70xbf16>) {
  ^bb0(%a: bf16, %b: bf16, %o: bf16, %p: bf16, %q: bf16):
    %a32 = arith.extf %a : bf16 to f32
    %b32 = arith.extf %b : bf16 to f32
    %s = arith.addf %a32, %b32 : f32
    %m = arith.maxf %s, %zero : f32
    %c = arith.minf %m, %six : f32
    %t = arith.truncf %c : f32 to bf16
    %a64 = arith.extf %a : bf16 to f64
    %d = arith.divf %a64, %three : f64
    %t64 = arith.truncf %d : f64 to bf16
    %mb = arith.maxf %a, %b : bf16
    linalg.yield %t, %t64, %mb : bf16, bf16, bf16
  } -> (tensor<9x70xbf16>, tensor<9x70xbf16>, tensor<9x70xbf16>)
  return %r#0, %r#1, %r#2 : tensor<9x70xbf16>, tensor<9x70xbf16>, tensor<9x70xbf16>
}

// 16-bit and f64 arithmetic: bf16 in, f16 and f64 out.
func.func @mixed(%x: tensor<17x300xbf16>, %y: tensor<17x300xf16>) -> (tensor<17x300xf16>, tensor<17x300xf64>) {
  %e = tensor.empty() : tensor<17x300xf16>
  %f = tensor.empty() : tensor<17x300xf64>
  %r:2 = linalg.generic {indexing_maps = [#id2, #id2, #id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x, %y : tensor<17x300xbf16>, tensor<17x300xf16>) outs(%e, %f : tensor<17x300xf16>, tensor<17x300xf64>) {
  ^bb0(%a: bf16, %b: f16, %o: f16, %p: f64):
    %a32 = arith.extf %a : bf16 to f32
    %b32 = arith.extf %b : f16 to f32
    %s = arith.addf %a32, %b32 : f32
    %h = arith.truncf %s : f32 to f16
    %hm = arith.mulf %h, %b : f16
    %a64 = arith.extf %a : bf16 to f64
    %b64 = arith.extf %b : f16 to f64
    %q = arith.divf %a64, %b64 : f64
    %sq = math.sqrt %q : f64
    linalg.yield %hm, %sq : f16, f64
  } -> (tensor<17x300xf16>, tensor<17x300xf64>)
  return %r#0, %r#1 : tensor<17x300xf16>, tensor<17x300xf64>
}

// In place: the output is the input's buffer (a destructive update).
func.func @in_place(%x: tensor<4x600xf32>) -> tensor<4x600xf32> {
  %c = arith.constant 1.5 : f32
  %r = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]} outs(%x : tensor<4x600xf32>) {
  ^bb0(%o: f32):
    %m = arith.mulf %o, %c : f32
    %s = arith.addf %m, %o : f32
    linalg.yield %s : f32
  } -> tensor<4x600xf32>
  return %r : tensor<4x600xf32>
}

// Float32 lanes (lanes32.go): a batch norm's apply and ReLU as core
// ATen lowers them, per-channel operands broadcast along each block and
// a scalar from a rank-0 tensor, over an odd 2x5x7x33; and the relu
// gradient as le/where.
func.func @f32_bn_relu(%x: tensor<2x5x7x33xf32>, %mean: tensor<5xf32>, %istd: tensor<5xf32>, %w: tensor<5xf32>, %b: tensor<5xf32>, %z: tensor<f32>, %g: tensor<2x5x7x33xf32>) -> (tensor<2x5x7x33xf32>, tensor<2x5x7x33xf32>) {
  %e = tensor.empty() : tensor<2x5x7x33xf32>
  %zero = arith.constant 0.0 : f32
  %r:2 = linalg.generic {indexing_maps = [#id4, #bias, #bias, #bias, #bias, affine_map<(d0, d1, d2, d3) -> ()>, #id4, #id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x, %mean, %istd, %w, %b, %z, %g : tensor<2x5x7x33xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<f32>, tensor<2x5x7x33xf32>) outs(%e, %e : tensor<2x5x7x33xf32>, tensor<2x5x7x33xf32>) {
  ^bb0(%a: f32, %m: f32, %s: f32, %ww: f32, %bb: f32, %zz: f32, %gg: f32, %o: f32, %p: f32):
    %d = arith.subf %a, %m : f32
    %n = arith.mulf %d, %s : f32
    %y = arith.mulf %n, %ww : f32
    %t = arith.addf %y, %bb : f32
    %c = arith.cmpf ugt, %t, %zero : f32
    %relu = arith.select %c, %t, %zero : f32
    %le = arith.cmpf ole, %relu, %zero : f32
    %grad = arith.select %le, %zz, %gg : f32
    linalg.yield %relu, %grad : f32, f32
  } -> (tensor<2x5x7x33xf32>, tensor<2x5x7x33xf32>)
  return %r#0, %r#1 : tensor<2x5x7x33xf32>, tensor<2x5x7x33xf32>
}

// Every op float32 lanes run, a transposed (strided) operand, and every
// comparison predicate feeding a select chain.
func.func @f32_ops(%x: tensor<3x4x5x6xf32>, %y: tensor<3x6x5x4xf32>) -> (tensor<3x4x5x6xf32>, tensor<3x4x5x6xf32>) {
  %e = tensor.empty() : tensor<3x4x5x6xf32>
  %half = arith.constant -0.5 : f32
  %r:2 = linalg.generic {indexing_maps = [#id4, #perm, #id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x, %y : tensor<3x4x5x6xf32>, tensor<3x6x5x4xf32>) outs(%e, %e : tensor<3x4x5x6xf32>, tensor<3x4x5x6xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32, %p: f32):
    %s = arith.subf %a, %b : f32
    %m = arith.mulf %s, %a : f32
    %d = arith.divf %m, %b : f32
    %n = arith.negf %d : f32
    %h = arith.addf %n, %half : f32
    %mx = arith.maxf %h, %b : f32
    %mn = arith.minf %mx, %a : f32
    %mx2 = arith.maxf %a, %d : f32
    %mn2 = arith.minf %b, %h : f32
    %c1 = arith.cmpf oeq, %a, %b : f32
    %c2 = arith.cmpf one, %d, %a : f32
    %c3 = arith.cmpf oge, %mn, %mx2 : f32
    %c4 = arith.cmpf ult, %a, %h : f32
    %c5 = arith.cmpf uno, %d, %m : f32
    %c6 = arith.cmpf ule, %mn2, %s : f32
    %q1 = arith.select %c1, %mn, %mx2 : f32
    %q2 = arith.select %c2, %q1, %mn2 : f32
    %q3 = arith.select %c3, %q2, %s : f32
    %q4 = arith.select %c4, %q3, %d : f32
    %q5 = arith.select %c5, %q4, %n : f32
    %q6 = arith.select %c6, %q5, %h : f32
    linalg.yield %q6, %mn : f32, f32
  } -> (tensor<3x4x5x6xf32>, tensor<3x4x5x6xf32>)
  return %r#0, %r#1 : tensor<3x4x5x6xf32>, tensor<3x4x5x6xf32>
}

// A constant -0.0 in float64 lanes: x + (-0) keeps a -0 input's sign,
// which a +0 register would lose.
func.func @neg_zero(%x: tensor<4x600xf64>) -> tensor<4x600xf64> {
  %nz = arith.constant -0.0 : f64
  %e = tensor.empty() : tensor<4x600xf64>
  %r = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x600xf64>) outs(%e : tensor<4x600xf64>) {
  ^bb0(%a: f64, %o: f64):
    %s = arith.addf %a, %nz : f64
    linalg.yield %s : f64
  } -> tensor<4x600xf64>
  return %r : tensor<4x600xf64>
}

#bn_x = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#bn_c = affine_map<(d0, d1, d2, d3) -> (d1)>
#lead_x = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#lead_o = affine_map<(d0, d1, d2) -> (d1, d2)>
#mid_o = affine_map<(d0, d1, d2) -> (d1)>
#row_x = affine_map<(d0, d1) -> (d0, d1)>
#row_o = affine_map<(d0, d1) -> (d0)>

// A batch-norm variance, Σ (x - m)² over N, H and W: H·W is the
// innermost loop and moves no output, so the lanes compute (x - m)² and
// fold it into the channel's sum in order.
func.func @variance(%x: tensor<2x5x7x9xf32>, %m: tensor<5xf32>, %acc: tensor<5xf32>) -> tensor<5xf32> {
  %r = linalg.generic {indexing_maps = [#bn_x, #bn_c, #bn_c], iterator_types = ["reduction", "parallel", "reduction", "reduction"]} ins(%x, %m : tensor<2x5x7x9xf32>, tensor<5xf32>) outs(%acc : tensor<5xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.subf %a, %b : f32
    %s = arith.mulf %d, %d : f32
    %t = arith.addf %o, %s : f32
    linalg.yield %t : f32
  } -> tensor<5xf32>
  return %r : tensor<5xf32>
}

// A batch norm's variance over 19 channels, large enough to be divided
// among workers: the channel loop moves the output and the innermost
// (H·W) none, so the channels fold eight at a time, interleaved (two
// full groups, then three channels), each in its own order; workers take
// ranges of channels.
func.func @variance_wide(%x: tensor<2x19x30x40xf32>, %m: tensor<19xf32>, %acc: tensor<19xf32>) -> tensor<19xf32> {
  %r = linalg.generic {indexing_maps = [#bn_x, #bn_c, #bn_c], iterator_types = ["reduction", "parallel", "reduction", "reduction"]} ins(%x, %m : tensor<2x19x30x40xf32>, tensor<19xf32>) outs(%acc : tensor<19xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.subf %a, %b : f32
    %s = arith.mulf %d, %d : f32
    %t = arith.addf %o, %s : f32
    linalg.yield %t : f32
  } -> tensor<19xf32>
  return %r : tensor<19xf32>
}

// Not a variance: the sum adds the input itself, and the squared
// deviation after it is dead (the squared-deviation contraction must
// not take it).
func.func @variance_dead(%x: tensor<2x19x30x40xf32>, %m: tensor<19xf32>, %acc: tensor<19xf32>) -> tensor<19xf32> {
  %r = linalg.generic {indexing_maps = [#bn_x, #bn_c, #bn_c], iterator_types = ["reduction", "parallel", "reduction", "reduction"]} ins(%x, %m : tensor<2x19x30x40xf32>, tensor<19xf32>) outs(%acc : tensor<19xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.subf %a, %b : f32
    %t = arith.addf %o, %a : f32
    %s = arith.mulf %d, %d : f32
    linalg.yield %t : f32
  } -> tensor<19xf32>
  return %r : tensor<19xf32>
}

// A batch norm gradient's Σ dy·(x − m) over N, H and W: the deviation
// scaled by dy, which lies as x does.
func.func @scaled_dev(%dy: tensor<2x5x7x9xf32>, %x: tensor<2x5x7x9xf32>, %m: tensor<5xf32>, %acc: tensor<5xf32>) -> tensor<5xf32> {
  %r = linalg.generic {indexing_maps = [#bn_x, #bn_x, #bn_c, #bn_c], iterator_types = ["reduction", "parallel", "reduction", "reduction"]} ins(%dy, %x, %m : tensor<2x5x7x9xf32>, tensor<2x5x7x9xf32>, tensor<5xf32>) outs(%acc : tensor<5xf32>) {
  ^bb0(%g: f32, %a: f32, %b: f32, %o: f32):
    %d = arith.subf %a, %b : f32
    %s = arith.mulf %g, %d : f32
    %t = arith.addf %o, %s : f32
    linalg.yield %t : f32
  } -> tensor<5xf32>
  return %r : tensor<5xf32>
}

// The same over 19 channels (16 in lanes, then 3; rows of 40 in runs of
// 16 and a rest of 8), the product's factors the other way round and
// the sum's too.
func.func @scaled_dev_wide(%dy: tensor<2x19x30x40xf32>, %x: tensor<2x19x30x40xf32>, %m: tensor<19xf32>, %acc: tensor<19xf32>) -> tensor<19xf32> {
  %r = linalg.generic {indexing_maps = [#bn_x, #bn_x, #bn_c, #bn_c], iterator_types = ["reduction", "parallel", "reduction", "reduction"]} ins(%dy, %x, %m : tensor<2x19x30x40xf32>, tensor<2x19x30x40xf32>, tensor<19xf32>) outs(%acc : tensor<19xf32>) {
  ^bb0(%g: f32, %a: f32, %b: f32, %o: f32):
    %d = arith.subf %a, %b : f32
    %s = arith.mulf %d, %g : f32
    %t = arith.addf %s, %o : f32
    linalg.yield %t : f32
  } -> tensor<19xf32>
  return %r : tensor<19xf32>
}

// The same with x and dy windows of wider rows (41), x one element in:
// the scale's elements lie one before x's.
func.func @scaled_dev_windows(%dyw: tensor<2x19x30x41xf32>, %xw: tensor<2x19x30x41xf32>, %m: tensor<19xf32>, %acc: tensor<19xf32>) -> tensor<19xf32> {
  %dy = tensor.extract_slice %dyw[0, 0, 0, 0] [2, 19, 30, 40] [1, 1, 1, 1] : tensor<2x19x30x41xf32> to tensor<2x19x30x40xf32>
  %x = tensor.extract_slice %xw[0, 0, 0, 1] [2, 19, 30, 40] [1, 1, 1, 1] : tensor<2x19x30x41xf32> to tensor<2x19x30x40xf32>
  %r = linalg.generic {indexing_maps = [#bn_x, #bn_x, #bn_c, #bn_c], iterator_types = ["reduction", "parallel", "reduction", "reduction"]} ins(%dy, %x, %m : tensor<2x19x30x40xf32>, tensor<2x19x30x40xf32>, tensor<19xf32>) outs(%acc : tensor<19xf32>) {
  ^bb0(%g: f32, %a: f32, %b: f32, %o: f32):
    %d = arith.subf %a, %b : f32
    %s = arith.mulf %g, %d : f32
    %t = arith.addf %o, %s : f32
    linalg.yield %t : f32
  } -> tensor<19xf32>
  return %r : tensor<19xf32>
}

// Not a scaled deviation sum the contraction takes: the scale is read
// transposed (H and W swapped), not where x lies.
func.func @scaled_dev_transposed(%dy: tensor<2x19x40x30xf32>, %x: tensor<2x19x30x40xf32>, %m: tensor<19xf32>, %acc: tensor<19xf32>) -> tensor<19xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3, d2)>, #bn_x, #bn_c, #bn_c], iterator_types = ["reduction", "parallel", "reduction", "reduction"]} ins(%dy, %x, %m : tensor<2x19x40x30xf32>, tensor<2x19x30x40xf32>, tensor<19xf32>) outs(%acc : tensor<19xf32>) {
  ^bb0(%g: f32, %a: f32, %b: f32, %o: f32):
    %d = arith.subf %a, %b : f32
    %s = arith.mulf %g, %d : f32
    %t = arith.addf %o, %s : f32
    linalg.yield %t : f32
  } -> tensor<19xf32>
  return %r : tensor<19xf32>
}

// Squared errors summed per row, Σ (x − y)²: y moves along the
// reduction, so this is no deviation from a mean per output (a chain per
// row in scalars would be slower than the lanes' fold).
func.func @sq_error_rows(%x: tensor<19x300xf32>, %y: tensor<19x300xf32>, %acc: tensor<19xf32>) -> tensor<19xf32> {
  %r = linalg.generic {indexing_maps = [#row_x, #row_x, #row_o], iterator_types = ["parallel", "reduction"]} ins(%x, %y : tensor<19x300xf32>, tensor<19x300xf32>) outs(%acc : tensor<19xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.subf %a, %b : f32
    %s = arith.mulf %d, %d : f32
    %t = arith.addf %o, %s : f32
    linalg.yield %t : f32
  } -> tensor<19xf32>
  return %r : tensor<19xf32>
}

// A loss: the sum of a whole tensor into one element, onto what the
// output holds (one chain of float32 adds, not the contraction path).
func.func @sum_all(%x: tensor<2x3x50x40xf32>, %acc: tensor<f32>) -> tensor<f32> {
  %r = linalg.generic {indexing_maps = [#bn_x, affine_map<(d0, d1, d2, d3) -> ()>], iterator_types = ["reduction", "reduction", "reduction", "reduction"]} ins(%x : tensor<2x3x50x40xf32>) outs(%acc : tensor<f32>) {
  ^bb0(%a: f32, %o: f32):
    %t = arith.addf %a, %o : f32
    linalg.yield %t : f32
  } -> tensor<f32>
  return %r : tensor<f32>
}

// Grouped folds that are not f32 sums: an f64 sum of exponentials and a
// maximum over 11 channels (a group of eight, then three).
func.func @fold_groups(%x: tensor<3x11x90xf64>, %y: tensor<3x11x90xf32>, %acc: tensor<11xf64>, %mx: tensor<11xf32>) -> (tensor<11xf64>, tensor<11xf32>) {
  %r = linalg.generic {indexing_maps = [#lead_x, #mid_o], iterator_types = ["reduction", "parallel", "reduction"]} ins(%x : tensor<3x11x90xf64>) outs(%acc : tensor<11xf64>) {
  ^bb0(%a: f64, %o: f64):
    %e = math.exp %a : f64
    %t = arith.addf %o, %e : f64
    linalg.yield %t : f64
  } -> tensor<11xf64>
  %q = linalg.generic {indexing_maps = [#lead_x, #mid_o], iterator_types = ["reduction", "parallel", "reduction"]} ins(%y : tensor<3x11x90xf32>) outs(%mx : tensor<11xf32>) {
  ^bb0(%a: f32, %o: f32):
    %t = arith.maxf %a, %o : f32
    linalg.yield %t : f32
  } -> tensor<11xf32>
  return %r, %q : tensor<11xf64>, tensor<11xf32>
}

// A sum over the leading dimension, large enough to be divided among
// workers: the innermost loops move the output, so lanes are output
// elements, updated once per batch; the batch loop, which moves no
// output, must not be divided.
func.func @sum_lead(%x: tensor<64x4x100xf32>, %acc: tensor<4x100xf32>) -> tensor<4x100xf32> {
  %r = linalg.generic {indexing_maps = [#lead_x, #lead_o], iterator_types = ["reduction", "parallel", "parallel"]} ins(%x : tensor<64x4x100xf32>) outs(%acc : tensor<4x100xf32>) {
  ^bb0(%a: f32, %o: f32):
    %t = math.tanh %a : f32
    %m = arith.addf %o, %t : f32
    linalg.yield %m : f32
  } -> tensor<4x100xf32>
  return %r : tensor<4x100xf32>
}

// A sum of squares in f16, the folded value first: x² + out.
func.func @fold_f16(%x: tensor<2x3x50xf16>, %acc: tensor<3xf16>) -> tensor<3xf16> {
  %r = linalg.generic {indexing_maps = [#lead_x, #mid_o], iterator_types = ["reduction", "parallel", "reduction"]} ins(%x : tensor<2x3x50xf16>) outs(%acc : tensor<3xf16>) {
  ^bb0(%a: f16, %o: f16):
    %s = arith.mulf %a, %a : f16
    %t = arith.addf %s, %o : f16
    linalg.yield %t : f16
  } -> tensor<3xf16>
  return %r : tensor<3xf16>
}

// A fold that does not commute, in f64: out' = x/2 - out.
func.func @fold_sub(%x: tensor<4x70xf64>, %acc: tensor<4xf64>) -> tensor<4xf64> {
  %half = arith.constant 0.5 : f64
  %r = linalg.generic {indexing_maps = [#row_x, #row_o], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x70xf64>) outs(%acc : tensor<4xf64>) {
  ^bb0(%a: f64, %o: f64):
    %h = arith.mulf %a, %half : f64
    %t = arith.subf %h, %o : f64
    linalg.yield %t : f64
  } -> tensor<4xf64>
  return %r : tensor<4xf64>
}

// Not a fold: the output's value is read twice (out + out·x), so the
// lanes could not compute x without it; this stays on the interpreter.
func.func @reads_out(%x: tensor<4x70xf32>, %acc: tensor<4xf32>) -> tensor<4xf32> {
  %r = linalg.generic {indexing_maps = [#row_x, #row_o], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x70xf32>) outs(%acc : tensor<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %p = arith.mulf %o, %a : f32
    %t = arith.addf %o, %p : f32
    linalg.yield %t : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// An argmax over rows: two outputs (value, index), a body of float and
// integer compares and the reduction's own index (linalg.index). No fold
// applies: the row loop becomes the innermost, lanes are rows, and each
// meets the columns in order; large enough that two workers split the
// rows.
func.func @argmax_rows(%x: tensor<300x40xf32>, %v: tensor<300xf32>, %i: tensor<300xi64>) -> (tensor<300xf32>, tensor<300xi64>) {
  %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<300x40xf32>) outs(%v, %i : tensor<300xf32>, tensor<300xi64>) {
  ^bb0(%a: f32, %best: f32, %at: i64):
    %k = linalg.index 1 : index
    %ki = arith.index_cast %k : index to i64
    %gt = arith.cmpf ogt, %a, %best : f32
    %nan = arith.cmpf uno, %a, %a : f32
    %take = arith.ori %gt, %nan : i1
    %nv = arith.select %take, %a, %best : f32
    %ni = arith.select %take, %ki, %at : i64
    linalg.yield %nv, %ni : f32, i64
  } -> (tensor<300xf32>, tensor<300xi64>)
  return %r#0, %r#1 : tensor<300xf32>, tensor<300xi64>
}

// A masked inclusive scan along rows (cumsum's short form): out[i, j] sums
// x[i, k] for k <= j, with both indices read from linalg.index.
func.func @masked_scan(%x: tensor<40x12xf32>, %o: tensor<40x12xf32>) -> tensor<40x12xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x : tensor<40x12xf32>) outs(%o : tensor<40x12xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %j = linalg.index 1 : index
    %k = linalg.index 2 : index
    %in = arith.cmpi sle, %k, %j : index
    %s = arith.addf %acc, %a : f32
    %n = arith.select %in, %s, %acc : f32
    linalg.yield %n : f32
  } -> tensor<40x12xf32>
  return %r : tensor<40x12xf32>
}

// Integer arithmetic in lanes: Python's % and // of int64, a narrowing
// and widening, conversions both ways, and an fma.
func.func @int_arith(%x: tensor<500xi64>, %f: tensor<500xf32>, %o: tensor<500xi64>, %of: tensor<500xf32>) -> (tensor<500xi64>, tensor<500xf32>) {
  %c7 = arith.constant 7 : i64
  %cm3 = arith.constant -3 : i64
  %r:2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x, %f : tensor<500xi64>, tensor<500xf32>) outs(%o, %of : tensor<500xi64>, tensor<500xf32>) {
  ^bb0(%a: i64, %b: f32, %u: i64, %v: f32):
    %q = arith.floordivsi %a, %c7 : i64
    %m = arith.remsi %a, %cm3 : i64
    %t = arith.trunci %q : i64 to i8
    %e = arith.extui %t : i8 to i64
    %s = arith.addi %e, %m : i64
    %ab = math.absi %s : i64
    %lt = arith.cmpi ult, %a, %c7 : i64
    %sel = arith.select %lt, %ab, %q : i64
    %fi = arith.fptosi %b : f32 to i64
    %w = arith.muli %sel, %fi : i64
    %wf = arith.sitofp %w : i64 to f32
    %uf = arith.uitofp %t : i8 to f32
    %fm = math.fma %wf, %b, %uf : f32
    linalg.yield %w, %fm : i64, f32
  } -> (tensor<500xi64>, tensor<500xf32>)
  return %r#0, %r#1 : tensor<500xi64>, tensor<500xf32>
}

// A gather (an embedding's rows): each lane extracts its element of a
// captured tensor at indices computed from its input and loop index.
func.func @gather_rows(%w: tensor<5x300xf32>, %ids: tensor<7xi64>, %o: tensor<7x300xf32>) -> tensor<7x300xf32> {
  %c5 = arith.constant 5 : i64
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<7xi64>) outs(%o : tensor<7x300xf32>) {
  ^bb0(%id: i64, %out: f32):
    %a = math.absi %id : i64
    %m = arith.remsi %a, %c5 : i64
    %row = arith.index_cast %m : i64 to index
    %col = linalg.index 1 : index
    %v = tensor.extract %w[%row, %col] : tensor<5x300xf32>
    linalg.yield %v : f32
  } -> tensor<7x300xf32>
  return %r : tensor<7x300xf32>
}

// The same gather without the modulo: an index out of range must stop the
// lane program with the interpreter's error.
func.func @gather_unchecked(%w: tensor<5x300xf32>, %ids: tensor<7xi64>, %o: tensor<7x300xf32>) -> tensor<7x300xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<7xi64>) outs(%o : tensor<7x300xf32>) {
  ^bb0(%id: i64, %out: f32):
    %row = arith.index_cast %id : i64 to index
    %col = linalg.index 1 : index
    %v = tensor.extract %w[%row, %col] : tensor<5x300xf32>
    linalg.yield %v : f32
  } -> tensor<7x300xf32>
  return %r : tensor<7x300xf32>
}

// Bodies whose results land in a window of a larger tensor (the plan
// writes them straight into it: rows of 20 of every 22 elements) and
// whose innermost loop is short: each lane block spans rows, loading the
// dense input as one run and storing the output a row at a time. The f32
// body runs in float32 lanes, the bf16 one in float64 lanes with an
// integer result as well. A third body reads a window back, a row at a
// time.
func.func @rows_window(%x: tensor<2x3x9x20xf32>, %b: tensor<3xf32>, %y: tensor<2x3x9x20xbf16>) -> (tensor<2x3x11x22xf32>, tensor<2x3x11x22xbf16>, tensor<2x3x11x22xi64>, tensor<2x3x9x20xf32>) {
  %zero = arith.constant 0.0 : f32
  %big = tensor.empty() : tensor<2x3x11x22xf32>
  %bigz = linalg.fill ins(%zero : f32) outs(%big : tensor<2x3x11x22xf32>) -> tensor<2x3x11x22xf32>
  %e = tensor.empty() : tensor<2x3x9x20xf32>
  %r = linalg.generic {indexing_maps = [#id4, #bias, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x, %b : tensor<2x3x9x20xf32>, tensor<3xf32>) outs(%e : tensor<2x3x9x20xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    %m = arith.maxf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<2x3x9x20xf32>
  %p = tensor.insert_slice %r into %bigz[0, 0, 1, 1] [2, 3, 9, 20] [1, 1, 1, 1] : tensor<2x3x9x20xf32> into tensor<2x3x11x22xf32>
  %zh = arith.constant 0.0 : bf16
  %zi = arith.constant 0 : i64
  %bh = tensor.empty() : tensor<2x3x11x22xbf16>
  %bhz = linalg.fill ins(%zh : bf16) outs(%bh : tensor<2x3x11x22xbf16>) -> tensor<2x3x11x22xbf16>
  %bi = tensor.empty() : tensor<2x3x11x22xi64>
  %biz = linalg.fill ins(%zi : i64) outs(%bi : tensor<2x3x11x22xi64>) -> tensor<2x3x11x22xi64>
  %eh = tensor.empty() : tensor<2x3x9x20xbf16>
  %ei = tensor.empty() : tensor<2x3x9x20xi64>
  %two = arith.constant 2.0 : f32
  %h:2 = linalg.generic {indexing_maps = [#id4, #id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%y : tensor<2x3x9x20xbf16>) outs(%eh, %ei : tensor<2x3x9x20xbf16>, tensor<2x3x9x20xi64>) {
  ^bb0(%a: bf16, %o: bf16, %oi: i64):
    %a32 = arith.extf %a : bf16 to f32
    %pos = arith.cmpf ogt, %a32, %zero : f32
    %t = arith.mulf %a32, %two : f32
    %u = arith.subf %a32, %two : f32
    %s = arith.select %pos, %t, %u : f32
    %sh = arith.truncf %s : f32 to bf16
    %i = arith.fptosi %t : f32 to i64
    linalg.yield %sh, %i : bf16, i64
  } -> (tensor<2x3x9x20xbf16>, tensor<2x3x9x20xi64>)
  %ph = tensor.insert_slice %h#0 into %bhz[0, 0, 1, 1] [2, 3, 9, 20] [1, 1, 1, 1] : tensor<2x3x9x20xbf16> into tensor<2x3x11x22xbf16>
  %pi = tensor.insert_slice %h#1 into %biz[0, 0, 1, 1] [2, 3, 9, 20] [1, 1, 1, 1] : tensor<2x3x9x20xi64> into tensor<2x3x11x22xi64>
  %w = tensor.extract_slice %p[0, 0, 2, 1] [2, 3, 9, 20] [1, 1, 1, 1] : tensor<2x3x11x22xf32> to tensor<2x3x9x20xf32>
  %en = tensor.empty() : tensor<2x3x9x20xf32>
  %n = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%w : tensor<2x3x9x20xf32>) outs(%en : tensor<2x3x9x20xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.negf %a : f32
    linalg.yield %m : f32
  } -> tensor<2x3x9x20xf32>
  return %p, %ph, %pi, %n : tensor<2x3x11x22xf32>, tensor<2x3x11x22xbf16>, tensor<2x3x11x22xi64>, tensor<2x3x9x20xf32>
}
