#loc2 = loc("model.py":10:15)
#loc3 = loc(unknown)
#loc7 = loc("builtin_loc_file_line.mlir":10:20)
module {
  func.func @scaled_add(%arg0: tensor<4xf32> loc("model.py":10:15), %arg1: tensor<4xf32> loc(unknown)) -> tensor<4xf32> {
    %cst = arith.constant dense<2.000000e+00> : tensor<4xf32> loc(#loc4)
    %0 = arith.mulf %arg0, %cst : tensor<4xf32> loc(#loc5)
    %1 = arith.addf %0, %arg1 : tensor<4xf32> loc(#loc6)
    return %1 : tensor<4xf32> loc(#loc3)
  } loc(#loc1)
  func.func @noloc(%arg0: f32 loc("builtin_loc_file_line.mlir":10:20)) -> f32 {
    %0 = math.exp %arg0 : f32 loc(#loc8)
    return %0 : f32 loc(#loc9)
  } loc(#loc3)
} loc(#loc)
#loc = loc("model.py":1:1)
#loc1 = loc("model.py":9:1)
#loc4 = loc("model.py":12:3)
#loc5 = loc("model.py":12:9)
#loc6 = loc("model.py":13:3)
#loc8 = loc("/abs/path/to/layers.py":1234:56)
#loc9 = loc("builtin_loc_file_line.mlir":12:5)

