"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<4x4xf32>, %arg1: tensor<4x4xf32>):
    %0 = "tensor.empty"() : () -> tensor<4x4xf32>
    %1 = "linalg.map"(%arg0, %arg1, %0) ({
    ^bb0(%arg2: f32, %arg3: f32):
      %2 = "arith.addf"(%arg2, %arg3) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%2) : (f32) -> ()
    }) : (tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    "func.return"(%1) : (tensor<4x4xf32>) -> ()
  }) {function_type = (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>, sym_name = "map_add"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>):
    %0 = "arith.constant"() {value = 2.000000e+00 : f32} : () -> f32
    %1 = "linalg.map"(%arg0, %arg1) ({
    ^bb0(%arg2: f32):
      %2 = "arith.mulf"(%arg2, %0) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %3 = "math.tanh"(%2) {fastmath = #arith.fastmath<none>} : (f32) -> f32
      "linalg.yield"(%3) : (f32) -> ()
    }) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    "func.return"(%1) : (tensor<8xf32>) -> ()
  }) {function_type = (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>, sym_name = "map_complex"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<4x16xf32>, %arg1: tensor<4xf32>):
    %0 = "linalg.reduce"(%arg0, %arg1) ({
    ^bb0(%arg2: f32, %arg3: f32):
      %1 = "arith.addf"(%arg2, %arg3) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%1) : (f32) -> ()
    }) {dimensions = array<i64: 1>} : (tensor<4x16xf32>, tensor<4xf32>) -> tensor<4xf32>
    "func.return"(%0) : (tensor<4xf32>) -> ()
  }) {function_type = (tensor<4x16xf32>, tensor<4xf32>) -> tensor<4xf32>, sym_name = "reduce_sum"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<?x?x8xf32>, %arg1: tensor<?xf32>):
    %0 = "linalg.reduce"(%arg0, %arg1) ({
    ^bb0(%arg2: f32, %arg3: f32):
      %1 = "arith.maxf"(%arg2, %arg3) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%1) : (f32) -> ()
    }) {dimensions = array<i64: 1, 2>} : (tensor<?x?x8xf32>, tensor<?xf32>) -> tensor<?xf32>
    "func.return"(%0) : (tensor<?xf32>) -> ()
  }) {function_type = (tensor<?x?x8xf32>, tensor<?xf32>) -> tensor<?xf32>, sym_name = "reduce_max_dyn"} : () -> ()
}) : () -> ()

