// Zero fills of results, for TestFillsIntoFreshResults: a result's fresh
// memory is zero bytes, so a fill of +0.0 into it before any step writes
// it has nothing to do; a fill after a write, or of -0.0, has.

// A fill of zeros, then a strided region written into it (a data
// gradient's shape): the fill is skipped, the zeros are there.
func.func @zeros_then_region(%x: tensor<3x4xf32>) -> tensor<6x8xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<6x8xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<6x8xf32>) -> tensor<6x8xf32>
  %r = tensor.insert_slice %x into %z[0, 0] [3, 4] [2, 2] : tensor<3x4xf32> into tensor<6x8xf32>
  return %r : tensor<6x8xf32>
}

// A fill of -0.0: zero, but not zero bytes; it runs.
func.func @negzero(%x: tensor<3x4xf32>) -> tensor<6x8xf32> {
  %nz = arith.constant -0.000000e+00 : f32
  %e = tensor.empty() : tensor<6x8xf32>
  %z = linalg.fill ins(%nz : f32) outs(%e : tensor<6x8xf32>) -> tensor<6x8xf32>
  %r = tensor.insert_slice %x into %z[0, 0] [3, 4] [2, 2] : tensor<3x4xf32> into tensor<6x8xf32>
  return %r : tensor<6x8xf32>
}

// The result's buffer written (x doubled), read (summed into the second
// result), then filled with zeros: that fill runs.
func.func @write_then_fill(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<f32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<8xf32>
  %d = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %a : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %se = tensor.empty() : tensor<f32>
  %s0 = linalg.fill ins(%zero : f32) outs(%se : tensor<f32>) -> tensor<f32>
  %sum = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>], iterator_types = ["reduction"]} ins(%d : tensor<8xf32>) outs(%s0 : tensor<f32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %o, %a : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  %z = linalg.fill ins(%zero : f32) outs(%d : tensor<8xf32>) -> tensor<8xf32>
  return %z, %sum : tensor<8xf32>, tensor<f32>
}
