// A contraction whose result only its epilogue reads: the epilogue (a
// bias add) writes its result over the contraction's, in place.
#a = affine_map<(d0, d1, d2) -> (d0, d2)>
#b = affine_map<(d0, d1, d2) -> (d2, d1)>
#c = affine_map<(d0, d1, d2) -> (d0, d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
#flip = affine_map<(d0, d1) -> (-d0 + 3, -d1 + 5)>
module {
  func.func @dying(%x: tensor<4x8xf32>, %w: tensor<8x6xf32>, %bias: tensor<6xf32>) -> tensor<4x6xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %e = tensor.empty() : tensor<4x6xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
    %mm = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %w : tensor<4x8xf32>, tensor<8x6xf32>) outs(%f : tensor<4x6xf32>) {
    ^bb0(%p: f32, %q: f32, %o: f32):
      %m = arith.mulf %p, %q : f32
      %s = arith.addf %o, %m : f32
      linalg.yield %s : f32
    } -> tensor<4x6xf32>
    %e2 = tensor.empty() : tensor<4x6xf32>
    %r = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]} ins(%mm, %bias : tensor<4x6xf32>, tensor<6xf32>) outs(%e2 : tensor<4x6xf32>) {
    ^bb0(%p: f32, %q: f32, %o: f32):
      %s = arith.addf %p, %q : f32
      linalg.yield %s : f32
    } -> tensor<4x6xf32>
    return %r : tensor<4x6xf32>
  }

  // The contraction's result is returned too: the epilogue writes a
  // buffer of its own.
  func.func @kept(%x: tensor<4x8xf32>, %w: tensor<8x6xf32>, %bias: tensor<6xf32>) -> (tensor<4x6xf32>, tensor<4x6xf32>) {
    %zero = arith.constant 0.000000e+00 : f32
    %e = tensor.empty() : tensor<4x6xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
    %mm = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %w : tensor<4x8xf32>, tensor<8x6xf32>) outs(%f : tensor<4x6xf32>) {
    ^bb0(%p: f32, %q: f32, %o: f32):
      %m = arith.mulf %p, %q : f32
      %s = arith.addf %o, %m : f32
      linalg.yield %s : f32
    } -> tensor<4x6xf32>
    %e2 = tensor.empty() : tensor<4x6xf32>
    %r = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]} ins(%mm, %bias : tensor<4x6xf32>, tensor<6xf32>) outs(%e2 : tensor<4x6xf32>) {
    ^bb0(%p: f32, %q: f32, %o: f32):
      %s = arith.addf %p, %q : f32
      linalg.yield %s : f32
    } -> tensor<4x6xf32>
    return %r, %mm : tensor<4x6xf32>, tensor<4x6xf32>
  }

  // The epilogue reads the contraction's result twice, once flipped: in
  // place, writing element (0, 0) would overwrite what (3, 5) reads
  // later; it writes a buffer of its own.
  func.func @flipped(%x: tensor<4x8xf32>, %w: tensor<8x6xf32>) -> tensor<4x6xf32> {
    %zero = arith.constant 0.000000e+00 : f32
    %e = tensor.empty() : tensor<4x6xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
    %mm = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %w : tensor<4x8xf32>, tensor<8x6xf32>) outs(%f : tensor<4x6xf32>) {
    ^bb0(%p: f32, %q: f32, %o: f32):
      %m = arith.mulf %p, %q : f32
      %s = arith.addf %o, %m : f32
      linalg.yield %s : f32
    } -> tensor<4x6xf32>
    %e2 = tensor.empty() : tensor<4x6xf32>
    %r = linalg.generic {indexing_maps = [#id, #flip, #id], iterator_types = ["parallel", "parallel"]} ins(%mm, %mm : tensor<4x6xf32>, tensor<4x6xf32>) outs(%e2 : tensor<4x6xf32>) {
    ^bb0(%p: f32, %q: f32, %o: f32):
      %s = arith.subf %p, %q : f32
      linalg.yield %s : f32
    } -> tensor<4x6xf32>
    return %r : tensor<4x6xf32>
  }
}
