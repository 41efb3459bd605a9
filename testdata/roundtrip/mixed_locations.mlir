// Covers: a small program carrying source locations on every op (file:line:col, named, callsite, fused, unknown, #loc alias).
// Uses --mlir-print-debuginfo.
#loc_fwd = loc("model.py":42:0)
module @located {
  func.func @forward(%x: tensor<2x4xf32> loc("x"), %w: tensor<4x3xf32> loc("w")) -> tensor<2x3xf32> {
    %zero = arith.constant 0.000000e+00 : f32 loc("model.py":43:8)
    %e = tensor.empty() : tensor<2x3xf32> loc("model.py":43:8)
    %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32> loc("aten::zeros"("model.py":43:8))
    %mm = linalg.matmul ins(%x, %w : tensor<2x4xf32>, tensor<4x3xf32>) outs(%acc : tensor<2x3xf32>) -> tensor<2x3xf32> loc(callsite("torch/nn/functional.py":1848:11 at "model.py":44:12))
    %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%mm : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) {
    ^bb0(%in: f32 loc("in"), %out: f32 loc(unknown)):
      %m = arith.maxf %in, %zero : f32 loc(fused["model.py":45:4, "relu"])
      linalg.yield %m : f32 loc(unknown)
    } -> tensor<2x3xf32> loc("aten::relu"("model.py":45:4))
    return %r : tensor<2x3xf32> loc(#loc_fwd)
  } loc(#loc_fwd)

  func.func @backward_stub(%g: tensor<2x3xf32> loc("grad_out")) -> tensor<2x6xf32> {
    %zeros = arith.constant dense<0.000000e+00> : tensor<2x6xf32> loc("model.py":50:4)
    %0 = tensor.insert_slice %g into %zeros[0, 0] [2, 3] [1, 2] : tensor<2x3xf32> into tensor<2x6xf32> loc("aten::convolution_backward"("model.py":51:4))
    %c1 = arith.constant 1 : index loc(unknown)
    %1 = tensor.dim %0, %c1 : tensor<2x6xf32> loc(fused<"torch.fx">["model.py":52:1, "model.py":52:9])
    %2 = tensor.empty(%1) : tensor<2x?xf32> loc("empty_like")
    %3 = tensor.cast %2 : tensor<2x?xf32> to tensor<2x6xf32> loc("model.py":53:2)
    %4 = arith.addf %0, %3 : tensor<2x6xf32> loc(callsite("grad.py":7:3 at callsite("engine.py":100:9 at "model.py":54:1)))
    return %4 : tensor<2x6xf32> loc("model.py":55:4)
  } loc("model.py":49:0)

  func.func private @extern_kernel(tensor<2x3xf32> loc("arg")) -> tensor<2x3xf32> loc("kernels.cc":10:1)

  func.func @call_site(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
    %0 = func.call @extern_kernel(%a) : (tensor<2x3xf32>) -> tensor<2x3xf32> loc("model.py":60:8)
    return %0 : tensor<2x3xf32> loc("model.py":61:4)
  } loc("model.py":59:0)
} loc(unknown)
