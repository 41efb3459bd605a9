// Pads and their readers (cpu/padfold_test.go).
//
// A pad whose source is overwritten before the pad's reader runs: t's
// last reader is the pad's copy, so the planner writes u in place over
// t, and a reader of the pad that built its windows from t then would
// see u. The pad must not be folded into @clobbered's last generic.
#id = affine_map<(d0, d1) -> (d0, d1)>
#rev = affine_map<(d0, d1) -> (-d0 + 3, d1)>
#win = affine_map<(d0, d1, d2, d3) -> (d0 + d2, d1 + d3)>
#tap = affine_map<(d0, d1, d2, d3) -> (d2, d3)>
#out = affine_map<(d0, d1, d2, d3) -> (d0, d1)>
func.func @clobbered(%x: tensor<4x6xf32>, %w: tensor<3x3xf32>) -> (tensor<4x6xf32>, tensor<4x6xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %one = arith.constant 1.000000e+00 : f32
  %two = arith.constant 2.000000e+00 : f32
  %e = tensor.empty() : tensor<4x6xf32>
  %t = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x6xf32>) outs(%e : tensor<4x6xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %one : f32
    linalg.yield %s : f32
  } -> tensor<4x6xf32>
  %p = tensor.pad %t low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<4x6xf32> to tensor<6x8xf32>
  %u = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%t : tensor<4x6xf32>) {
  ^bb0(%o: f32):
    %s = arith.mulf %o, %two : f32
    linalg.yield %s : f32
  } -> tensor<4x6xf32>
  %e2 = tensor.empty() : tensor<4x6xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e2 : tensor<4x6xf32>) -> tensor<4x6xf32>
  %r = linalg.generic {indexing_maps = [#win, #tap, #out], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%p, %w : tensor<6x8xf32>, tensor<3x3xf32>) outs(%f : tensor<4x6xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  } -> tensor<4x6xf32>
  return %r, %u : tensor<4x6xf32>, tensor<4x6xf32>
}

// Two pads read by one generic: a run folds the first alone.
func.func @two_pads(%x: tensor<4x6xf32>, %y: tensor<4x6xf32>, %w: tensor<3x3xf32>) -> tensor<4x6xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %px = tensor.pad %x low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<4x6xf32> to tensor<6x8xf32>
  %py = tensor.pad %y low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<4x6xf32> to tensor<6x8xf32>
  %e = tensor.empty() : tensor<4x6xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
  %r = linalg.generic {indexing_maps = [#win, #win, #tap, #out], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%px, %py, %w : tensor<6x8xf32>, tensor<6x8xf32>, tensor<3x3xf32>) outs(%f : tensor<4x6xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    %n = arith.mulf %m, %c : f32
    %s = arith.addf %o, %n : f32
    linalg.yield %s : f32
  } -> tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}

// A pad of a view with a negative stride (the flip of an argument is a
// view of it): a run folds it, and builds its windows row by row.
func.func @flipped(%x: tensor<4x6xf32>, %w: tensor<3x3xf32>) -> tensor<4x6xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<4x6xf32>
  %t = linalg.generic {indexing_maps = [#rev, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x6xf32>) outs(%e : tensor<4x6xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<4x6xf32>
  %p = tensor.pad %t low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<4x6xf32> to tensor<6x8xf32>
  %e2 = tensor.empty() : tensor<4x6xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e2 : tensor<4x6xf32>) -> tensor<4x6xf32>
  %r = linalg.generic {indexing_maps = [#win, #tap, #out], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%p, %w : tensor<6x8xf32>, tensor<3x3xf32>) outs(%f : tensor<4x6xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  } -> tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}
