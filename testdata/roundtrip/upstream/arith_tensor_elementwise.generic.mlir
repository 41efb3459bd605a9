"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<2x3xf32>, %arg1: tensor<2x3xf32>):
    %0 = "arith.addf"(%arg0, %arg1) {fastmath = #arith.fastmath<none>} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %1 = "arith.mulf"(%0, %arg0) {fastmath = #arith.fastmath<none>} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %2 = "arith.divf"(%1, %arg1) {fastmath = #arith.fastmath<none>} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %3 = "arith.subf"(%2, %arg0) {fastmath = #arith.fastmath<none>} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    "func.return"(%3) : (tensor<2x3xf32>) -> ()
  }) {function_type = (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>, sym_name = "float_elementwise"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<?xi32>, %arg1: tensor<?xi32>):
    %0 = "arith.addi"(%arg0, %arg1) : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
    %1 = "arith.muli"(%0, %arg1) : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
    %2 = "arith.divsi"(%1, %arg0) : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
    %3 = "arith.maxsi"(%2, %arg1) : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
    "func.return"(%3) : (tensor<?xi32>) -> ()
  }) {function_type = (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>, sym_name = "int_elementwise"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<f32>, %arg1: tensor<f32>):
    %0 = "arith.addf"(%arg0, %arg1) {fastmath = #arith.fastmath<none>} : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "func.return"(%0) : (tensor<f32>) -> ()
  }) {function_type = (tensor<f32>, tensor<f32>) -> tensor<f32>, sym_name = "rank0"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<4xf32>):
    %0 = "arith.constant"() {value = dense<-1.000000e+00> : tensor<4xf32>} : () -> tensor<4xf32>
    %1 = "arith.constant"() {value = dense<1.000000e+00> : tensor<4xf32>} : () -> tensor<4xf32>
    %2 = "arith.cmpf"(%arg0, %0) {predicate = 4 : i64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
    %3 = "arith.select"(%2, %0, %arg0) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %4 = "arith.minf"(%3, %1) {fastmath = #arith.fastmath<none>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    "func.return"(%4) : (tensor<4xf32>) -> ()
  }) {function_type = (tensor<4xf32>) -> tensor<4xf32>, sym_name = "clamp"} : () -> ()
}) : () -> ()

