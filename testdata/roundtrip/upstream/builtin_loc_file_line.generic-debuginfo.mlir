#loc2 = loc("model.py":10:15)
#loc3 = loc(unknown)
#loc7 = loc("builtin_loc_file_line.mlir":10:20)
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<4xf32> loc("model.py":10:15), %arg1: tensor<4xf32> loc(unknown)):
    %0 = "arith.constant"() {value = dense<2.000000e+00> : tensor<4xf32>} : () -> tensor<4xf32> loc(#loc4)
    %1 = "arith.mulf"(%arg0, %0) {fastmath = #arith.fastmath<none>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> loc(#loc5)
    %2 = "arith.addf"(%1, %arg1) {fastmath = #arith.fastmath<none>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> loc(#loc6)
    "func.return"(%2) : (tensor<4xf32>) -> () loc(#loc3)
  }) {function_type = (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>, sym_name = "scaled_add"} : () -> () loc(#loc1)
  "func.func"() ({
  ^bb0(%arg0: f32 loc("builtin_loc_file_line.mlir":10:20)):
    %0 = "math.exp"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32 loc(#loc8)
    "func.return"(%0) : (f32) -> () loc(#loc9)
  }) {function_type = (f32) -> f32, sym_name = "noloc"} : () -> () loc(#loc3)
}) : () -> () loc(#loc)
#loc = loc("model.py":1:1)
#loc1 = loc("model.py":9:1)
#loc4 = loc("model.py":12:3)
#loc5 = loc("model.py":12:9)
#loc6 = loc("model.py":13:3)
#loc8 = loc("/abs/path/to/layers.py":1234:56)
#loc9 = loc("builtin_loc_file_line.mlir":12:5)

