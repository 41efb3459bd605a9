// Biases added to contractions' results in their tiles (tileBias), or not.
#a = affine_map<(d0, d1, d2) -> (d0, d2)>
#b = affine_map<(d0, d1, d2) -> (d2, d1)>
#ot = affine_map<(d0, d1, d2) -> (d1, d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
#a3 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#b3 = affine_map<(d0, d1, d2, d3) -> (d3, d2)>
#o3 = affine_map<(d0, d1, d2, d3) -> (d0, d2, d1)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#last = affine_map<(d0, d1, d2) -> (d2)>
#cx = affine_map<(d0, d1, d2, d3, d4) -> (d0, d4, d2, d3)>
#cw = affine_map<(d0, d1, d2, d3, d4) -> (d1, d4)>
#co = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#w4 = affine_map<(d0, d1, d2, d3) -> (d3)>

// A matmul whose output is transposed: its m loop (37 rows of A) runs
// along the output's rows, so the bias along them is a bias per row.
func.func @mmt(%A: tensor<37x64xf32>, %B: tensor<64x50xf32>, %bias: tensor<37xf32>) -> tensor<50x37xf32> {
  %e = tensor.empty() : tensor<50x37xf32>
  %zero = arith.constant 0.000000e+00 : f32
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<50x37xf32>) -> tensor<50x37xf32>
  %c = linalg.generic {indexing_maps = [#a, #b, #ot], iterator_types = ["parallel", "parallel", "reduction"]} ins(%A, %B : tensor<37x64xf32>, tensor<64x50xf32>) outs(%z : tensor<50x37xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<50x37xf32>
  %r = linalg.generic {indexing_maps = [#id2, #col, #id2], iterator_types = ["parallel", "parallel"]} ins(%c, %bias : tensor<50x37xf32>, tensor<37xf32>) outs(%c : tensor<50x37xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<50x37xf32>
  return %r : tensor<50x37xf32>
}

// The same in a batch of 3: the rows are the batch then the m loop, and
// the bias moves along the m loop alone.
func.func @bmmt(%A: tensor<3x37x64xf32>, %B: tensor<64x50xf32>, %bias: tensor<37xf32>) -> tensor<3x50x37xf32> {
  %e = tensor.empty() : tensor<3x50x37xf32>
  %zero = arith.constant 0.000000e+00 : f32
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<3x50x37xf32>) -> tensor<3x50x37xf32>
  %c = linalg.generic {indexing_maps = [#a3, #b3, #o3], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%A, %B : tensor<3x37x64xf32>, tensor<64x50xf32>) outs(%z : tensor<3x50x37xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<3x50x37xf32>
  %r = linalg.generic {indexing_maps = [#id3, #last, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%c, %bias : tensor<3x50x37xf32>, tensor<37xf32>) outs(%c : tensor<3x50x37xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<3x50x37xf32>
  return %r : tensor<3x50x37xf32>
}

// A 1x1 convolution in NCHW run in blocks of pixels (h and w merged) with
// a bias along w: it moves along the pixels, not the rows, and must not
// be added per block column in the tiles.
func.func @conv1x1_wbias(%x: tensor<2x64x4x16xf32>, %w: tensor<12x64xf32>, %bias: tensor<16xf32>) -> tensor<2x12x4x16xf32> {
  %e = tensor.empty() : tensor<2x12x4x16xf32>
  %zero = arith.constant 0.000000e+00 : f32
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<2x12x4x16xf32>) -> tensor<2x12x4x16xf32>
  %c = linalg.generic {indexing_maps = [#cx, #cw, #co], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%x, %w : tensor<2x64x4x16xf32>, tensor<12x64xf32>) outs(%z : tensor<2x12x4x16xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x12x4x16xf32>
  %r = linalg.generic {indexing_maps = [#id4, #w4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %bias : tensor<2x12x4x16xf32>, tensor<16xf32>) outs(%c : tensor<2x12x4x16xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<2x12x4x16xf32>
  return %r : tensor<2x12x4x16xf32>
}
