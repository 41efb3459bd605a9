// Covers: MobileNet-style NHWC blocks: 1x1 conv, padded depthwise 3x3, relu6 (maxf/minf), residual add, squeeze-excite gating.
#m4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @residual(%x: tensor<1x8x8x16xf32>, %w1: tensor<1x1x16x16xf32>, %dw: tensor<3x3x16xf32>) -> tensor<1x8x8x16xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %six = arith.constant 6.000000e+00 : f32
  %e = tensor.empty() : tensor<1x8x8x16xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
  %c1 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w1 : tensor<1x8x8x16xf32>, tensor<1x1x16x16xf32>) outs(%acc : tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
  %r1 = linalg.generic {indexing_maps = [#m4, #m4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c1 : tensor<1x8x8x16xf32>) outs(%e : tensor<1x8x8x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %a = arith.maxf %in, %zero : f32
    %b = arith.minf %a, %six : f32
    linalg.yield %b : f32
  } -> tensor<1x8x8x16xf32>
  %p = tensor.pad %r1 low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x8x8x16xf32> to tensor<1x10x10x16xf32>
  %c2 = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%p, %dw : tensor<1x10x10x16xf32>, tensor<3x3x16xf32>) outs(%acc : tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
  %sum = arith.addf %c2, %x : tensor<1x8x8x16xf32>
  return %sum : tensor<1x8x8x16xf32>
}

func.func @squeeze_excite(%x: tensor<1x8x8x16xf32>, %w: tensor<16x16xf32>) -> tensor<1x8x8x16xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %inv = arith.constant 1.562500e-02 : f32
  %e = tensor.empty() : tensor<1x16xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x16xf32>) -> tensor<1x16xf32>
  %pool = linalg.reduce ins(%x : tensor<1x8x8x16xf32>) outs(%acc : tensor<1x16xf32>) dimensions = [1, 2]
    (%in: f32, %a: f32) {
      %s = arith.addf %in, %a : f32
      linalg.yield %s : f32
    }
  %mm = linalg.matmul ins(%pool, %w : tensor<1x16xf32>, tensor<16x16xf32>) outs(%acc : tensor<1x16xf32>) -> tensor<1x16xf32>
  %full = tensor.empty() : tensor<1x8x8x16xf32>
  %y = linalg.generic {indexing_maps = [#m4, affine_map<(d0, d1, d2, d3) -> (d0, d3)>, #m4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x, %mm : tensor<1x8x8x16xf32>, tensor<1x16xf32>) outs(%full : tensor<1x8x8x16xf32>) {
  ^bb0(%v: f32, %g: f32, %out: f32):
    %gs = arith.mulf %g, %inv : f32
    %n = arith.negf %gs : f32
    %ex = math.exp %n : f32
    %one = arith.constant 1.000000e+00 : f32
    %den = arith.addf %ex, %one : f32
    %sig = arith.divf %one, %den : f32
    %r = arith.mulf %v, %sig : f32
    linalg.yield %r : f32
  } -> tensor<1x8x8x16xf32>
  return %y : tensor<1x8x8x16xf32>
}
