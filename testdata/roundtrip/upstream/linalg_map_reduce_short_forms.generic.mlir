"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<2x3xf32>, %arg1: tensor<2x3xf32>):
    %0 = "linalg.map"(%arg0, %arg0, %arg1) ({
    ^bb0(%arg2: f32, %arg3: f32):
      %3 = "arith.addf"(%arg2, %arg3) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%3) : (f32) -> ()
    }) {tag = 4 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %1 = "linalg.map"(%arg0, %arg1) ({
    ^bb0(%arg2: f32):
      %3 = "math.exp"(%arg2) {fastmath = #arith.fastmath<none>} : (f32) -> f32
      "linalg.yield"(%3) : (f32) -> ()
    }) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %2 = "linalg.map"(%arg0, %arg1) ({
    ^bb0(%arg2: f32):
      %3 = "math.exp"(%arg2) {fastmath = #arith.fastmath<fast>} : (f32) -> f32
      "linalg.yield"(%3) : (f32) -> ()
    }) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    "func.return"(%0, %1, %2) : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> ()
  }) {function_type = (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>), sym_name = "short_forms"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<2x3xf32>, %arg1: tensor<2x3xf32>):
    %0 = "linalg.map"(%arg0, %arg1, %arg1) ({
    ^bb0(%arg2: f32, %arg3: f32):
      %1 = "arith.subf"(%arg3, %arg2) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%1) : (f32) -> ()
    }) : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    "func.return"(%0) : (tensor<2x3xf32>) -> ()
  }) {function_type = (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>, sym_name = "long_form_swapped"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<2x3xf32>, %arg1: tensor<3x2xf32>, %arg2: tensor<3xf32>, %arg3: tensor<2xf32>):
    %0 = "linalg.transpose"(%arg0, %arg1) ({
    ^bb0(%arg4: f32, %arg5: f32):
      "linalg.yield"(%arg4) : (f32) -> ()
    }) {permutation = array<i64: 1, 0>, tag = 1 : i64} : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
    %1 = "linalg.broadcast"(%arg2, %arg0) ({
    ^bb0(%arg4: f32, %arg5: f32):
      "linalg.yield"(%arg4) : (f32) -> ()
    }) {dimensions = array<i64: 0>, tag = 2 : i64} : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %2 = "linalg.reduce"(%arg0, %arg3) ({
    ^bb0(%arg4: f32, %arg5: f32):
      %3 = "arith.maxf"(%arg4, %arg5) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%3) : (f32) -> ()
    }) {dimensions = array<i64: 1>, tag = 3 : i64} : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2xf32>
    "func.return"(%0, %1, %2) : (tensor<3x2xf32>, tensor<2x3xf32>, tensor<2xf32>) -> ()
  }) {function_type = (tensor<2x3xf32>, tensor<3x2xf32>, tensor<3xf32>, tensor<2xf32>) -> (tensor<3x2xf32>, tensor<2x3xf32>, tensor<2xf32>), sym_name = "with_attrs"} : () -> ()
}) : () -> ()

