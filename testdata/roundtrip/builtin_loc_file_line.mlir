// Covers: file:line:col locations loc("file.py":12:3), loc(unknown), and locations on block args and the module.
// Uses --mlir-print-debuginfo.
module {
  func.func @scaled_add(%arg0: tensor<4xf32> loc("model.py":10:15), %arg1: tensor<4xf32> loc(unknown)) -> tensor<4xf32> {
    %cst = arith.constant dense<2.000000e+00> : tensor<4xf32> loc("model.py":12:3)
    %0 = arith.mulf %arg0, %cst : tensor<4xf32> loc("model.py":12:9)
    %1 = arith.addf %0, %arg1 : tensor<4xf32> loc("model.py":13:3)
    return %1 : tensor<4xf32> loc(unknown)
  } loc("model.py":9:1)
  func.func @noloc(%x: f32) -> f32 {
    %0 = math.exp %x : f32 loc("/abs/path/to/layers.py":1234:56)
    return %0 : f32
  } loc(unknown)
} loc("model.py":1:1)
