// Covers: ConvTranspose2d forward (stride 2, pad 1): strided insert_slice into fill, pad, flipped weights, named conv_2d_nchw_fchw.
func.func @conv_transpose2d(%x: tensor<1x4x4x4xf32>, %w: tensor<4x2x3x3xf32>) -> tensor<1x2x7x7xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<1x4x7x7xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4x7x7xf32>) -> tensor<1x4x7x7xf32>
  %up = tensor.insert_slice %x into %z[0, 0, 0, 0] [1, 4, 4, 4] [1, 1, 2, 2] : tensor<1x4x4x4xf32> into tensor<1x4x7x7xf32>
  %pad = tensor.pad %up low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x4x7x7xf32> to tensor<1x4x9x9xf32>
  %we = tensor.empty() : tensor<2x4x3x3xf32>
  %wf = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d1, d0, 2 - d2, 2 - d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%w : tensor<4x2x3x3xf32>) outs(%we : tensor<2x4x3x3xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<2x4x3x3xf32>
  %oe = tensor.empty() : tensor<1x2x7x7xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%oe : tensor<1x2x7x7xf32>) -> tensor<1x2x7x7xf32>
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%pad, %wf : tensor<1x4x9x9xf32>, tensor<2x4x3x3xf32>) outs(%acc : tensor<1x2x7x7xf32>) -> tensor<1x2x7x7xf32>
  return %y : tensor<1x2x7x7xf32>
}

func.func @conv_transpose1d_stride3(%x: tensor<1x1x3xf32>) -> tensor<1x1x7xf32> {
  %zeros = arith.constant dense<0.000000e+00> : tensor<1x1x7xf32>
  %up = tensor.insert_slice %x into %zeros[0, 0, 0] [1, 1, 3] [1, 1, 3] : tensor<1x1x3xf32> into tensor<1x1x7xf32>
  return %up : tensor<1x1x7xf32>
}

func.func @conv_transpose1d_output_padding(%x: tensor<2x3x5xf32>, %w: tensor<3x4x2xf32>) -> tensor<2x4x11xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %z = arith.constant dense<0.000000e+00> : tensor<2x3x9xf32>
  %up = tensor.insert_slice %x into %z[0, 0, 0] [2, 3, 5] [1, 1, 2] : tensor<2x3x5xf32> into tensor<2x3x9xf32>
  %pad = tensor.pad %up low[0, 0, 1] high[0, 0, 2] {
  ^bb0(%i: index, %j: index, %k: index):
    tensor.yield %zero : f32
  } : tensor<2x3x9xf32> to tensor<2x3x12xf32>
  %acc = arith.constant dense<0.000000e+00> : tensor<2x4x11xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(n, f, w, c, k) -> (n, c, w - k + 1)>, affine_map<(n, f, w, c, k) -> (c, f, k)>, affine_map<(n, f, w, c, k) -> (n, f, w)>], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%pad, %w : tensor<2x3x12xf32>, tensor<3x4x2xf32>) outs(%acc : tensor<2x4x11xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %out, %m : f32
    linalg.yield %s : f32
  } -> tensor<2x4x11xf32>
  return %y : tensor<2x4x11xf32>
}
