#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
#map2 = affine_map<(d0, d1) -> (d1)>
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<4x64xf32>, %arg1: tensor<64xf32>, %arg2: tensor<64xf32>):
    %0 = "arith.constant"() {value = 0.000000e+00 : f32} : () -> f32
    %1 = "arith.constant"() {value = 6.400000e+01 : f32} : () -> f32
    %2 = "arith.constant"() {value = 9.99999974E-6 : f32} : () -> f32
    %3 = "tensor.empty"() : () -> tensor<4xf32>
    %4 = "linalg.fill"(%0, %3) ({
    ^bb0(%arg3: f32, %arg4: f32):
      "linalg.yield"(%arg3) : (f32) -> ()
    }) {operand_segment_sizes = array<i32: 1, 1>} : (f32, tensor<4xf32>) -> tensor<4xf32>
    %5 = "linalg.reduce"(%arg0, %4) ({
    ^bb0(%arg3: f32, %arg4: f32):
      %9 = "arith.addf"(%arg3, %arg4) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%9) : (f32) -> ()
    }) {dimensions = array<i64: 1>} : (tensor<4x64xf32>, tensor<4xf32>) -> tensor<4xf32>
    %6 = "linalg.reduce"(%arg0, %4) ({
    ^bb0(%arg3: f32, %arg4: f32):
      %9 = "arith.mulf"(%arg3, %arg3) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %10 = "arith.addf"(%9, %arg4) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%10) : (f32) -> ()
    }) {dimensions = array<i64: 1>} : (tensor<4x64xf32>, tensor<4xf32>) -> tensor<4xf32>
    %7 = "tensor.empty"() : () -> tensor<4x64xf32>
    %8 = "linalg.generic"(%arg0, %5, %6, %arg1, %arg2, %7) ({
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32, %arg6: f32, %arg7: f32, %arg8: f32):
      %9 = "arith.divf"(%arg4, %1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %10 = "arith.divf"(%arg5, %1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %11 = "arith.mulf"(%9, %9) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %12 = "arith.subf"(%10, %11) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %13 = "arith.addf"(%12, %2) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %14 = "math.rsqrt"(%13) {fastmath = #arith.fastmath<none>} : (f32) -> f32
      %15 = "arith.subf"(%arg3, %9) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %16 = "arith.mulf"(%15, %14) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %17 = "arith.mulf"(%16, %arg6) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %18 = "arith.addf"(%17, %arg7) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%18) : (f32) -> ()
    }) {indexing_maps = [#map, #map1, #map1, #map2, #map2, #map], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operand_segment_sizes = array<i32: 5, 1>} : (tensor<4x64xf32>, tensor<4xf32>, tensor<4xf32>, tensor<64xf32>, tensor<64xf32>, tensor<4x64xf32>) -> tensor<4x64xf32>
    "func.return"(%8) : (tensor<4x64xf32>) -> ()
  }) {function_type = (tensor<4x64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<4x64xf32>, sym_name = "layernorm"} : () -> ()
}) : () -> ()

