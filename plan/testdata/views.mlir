#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
// expand_shape, extract_slice and collapse_shape are views; the collapsed
// generic output is returned as the result buffer itself.
func.func @views(%arg0: tensor<6x5xf32>) -> (tensor<6x2xf32>, tensor<3x5xf32>) {
  %e = tensor.expand_shape %arg0 [[0, 1], [2]] : tensor<6x5xf32> into tensor<2x3x5xf32>
  %s = tensor.extract_slice %e[0, 0, 1] [2, 3, 2] [1, 1, 2] : tensor<2x3x5xf32> to tensor<2x3x2xf32>
  %0 = tensor.empty() : tensor<2x3x2xf32>
  %1 = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s : tensor<2x3x2xf32>) outs(%0 : tensor<2x3x2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<2x3x2xf32>
  %c = tensor.collapse_shape %1 [[0, 1], [2]] : tensor<2x3x2xf32> into tensor<6x2xf32>
  %r = tensor.extract_slice %arg0[1, 0] [3, 5] [1, 1] : tensor<6x5xf32> to tensor<3x5xf32>
  return %c, %r : tensor<6x2xf32>, tensor<3x5xf32>
}

// Two temporaries with disjoint lifetimes share arena memory.
func.func @reuse(%arg0: tensor<64xf32>) -> tensor<64xf32> {
  %0 = tensor.empty() : tensor<64xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%arg0 : tensor<64xf32>) outs(%0 : tensor<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = math.exp %in : f32
    linalg.yield %n : f32
  } -> tensor<64xf32>
  %2 = tensor.empty() : tensor<64xf32>
  %3 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%1 : tensor<64xf32>) outs(%2 : tensor<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = math.exp %in : f32
    linalg.yield %n : f32
  } -> tensor<64xf32>
  %4 = tensor.empty() : tensor<64xf32>
  %5 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%3 : tensor<64xf32>) outs(%4 : tensor<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = math.exp %in : f32
    linalg.yield %n : f32
  } -> tensor<64xf32>
  %6 = tensor.empty() : tensor<64xf32>
  %7 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%5 : tensor<64xf32>) outs(%6 : tensor<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = math.exp %in : f32
    linalg.yield %n : f32
  } -> tensor<64xf32>
  return %7 : tensor<64xf32>
}

func.func @dynamic(%arg0: tensor<?x4xf32>) -> tensor<?x4xf32> {
  return %arg0 : tensor<?x4xf32>
}

// A flip of an argument whose init is planned in the window of the
// insert_slice that receives it (a mirrored border of reflection_pad1d):
// the insert writes nothing, so the flip must copy into the window rather
// than become a view of the argument.
func.func @flip_into_window(%arg0: tensor<1x6xf32>) -> tensor<1x8xf32> {
  %0 = tensor.empty() : tensor<1x8xf32>
  %s = tensor.extract_slice %arg0[0, 1] [1, 2] [1, 1] : tensor<1x6xf32> to tensor<1x2xf32>
  %1 = tensor.empty() : tensor<1x2xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, -d1 + 1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<1x2xf32>) outs(%1 : tensor<1x2xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<1x2xf32>
  %3 = tensor.insert_slice %2 into %0[0, 0] [1, 2] [1, 1] : tensor<1x2xf32> into tensor<1x8xf32>
  %4 = tensor.insert_slice %arg0 into %3[0, 2] [1, 6] [1, 1] : tensor<1x6xf32> into tensor<1x8xf32>
  return %4 : tensor<1x8xf32>
}
