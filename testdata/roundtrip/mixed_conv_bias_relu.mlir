// Covers: conv2d NCHW with tensor.pad padding, bias+ReLU generic, 2x2 max pooling; plus batchnorm inference with rsqrt.
#map4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#bias = affine_map<(d0, d1, d2, d3) -> (d1)>
func.func @conv_bias_relu_pool(%x: tensor<1x3x8x8xf32>, %w: tensor<8x3x3x3xf32>, %b: tensor<8xf32>) -> tensor<1x8x4x4xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %padded = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x3x8x8xf32> to tensor<1x3x10x10xf32>
  %e = tensor.empty() : tensor<1x8x8x8xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %conv = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%padded, %w : tensor<1x3x10x10xf32>, tensor<8x3x3x3xf32>) outs(%acc : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %act = linalg.generic {indexing_maps = [#map4, #bias, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%conv, %b : tensor<1x8x8x8xf32>, tensor<8xf32>) outs(%e : tensor<1x8x8x8xf32>) {
  ^bb0(%v: f32, %bv: f32, %out: f32):
    %s = arith.addf %v, %bv : f32
    %r = arith.maxf %s, %zero : f32
    linalg.yield %r : f32
  } -> tensor<1x8x8x8xf32>
  %pe = tensor.empty() : tensor<1x8x4x4xf32>
  %pacc = linalg.fill ins(%ninf : f32) outs(%pe : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  %win = tensor.empty() : tensor<2x2xf32>
  %pool = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%act, %win : tensor<1x8x8x8xf32>, tensor<2x2xf32>) outs(%pacc : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  return %pool : tensor<1x8x4x4xf32>
}

func.func @batchnorm_inference(%x: tensor<1x8x4x4xf32>, %mean: tensor<8xf32>, %var: tensor<8xf32>, %g: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<1x8x4x4xf32> {
  %eps = arith.constant 9.99999974E-6 : f32
  %e = tensor.empty() : tensor<1x8x4x4xf32>
  %0 = linalg.generic {indexing_maps = [#map4, #bias, #bias, #bias, #bias, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x, %mean, %var, %g, %b : tensor<1x8x4x4xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<1x8x4x4xf32>) {
  ^bb0(%v: f32, %m: f32, %s2: f32, %gv: f32, %bv: f32, %out: f32):
    %c = arith.subf %v, %m : f32
    %d = arith.addf %s2, %eps : f32
    %r = math.rsqrt %d : f32
    %n = arith.mulf %c, %r : f32
    %y = arith.mulf %n, %gv : f32
    %z = arith.addf %y, %bv : f32
    linalg.yield %z : f32
  } -> tensor<1x8x4x4xf32>
  return %0 : tensor<1x8x4x4xf32>
}
