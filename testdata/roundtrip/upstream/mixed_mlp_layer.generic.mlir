#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
#map4 = affine_map<(d0, d1) -> (d1)>
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<4x16xf32>, %arg1: tensor<32x16xf32>, %arg2: tensor<32xf32>):
    %0 = "arith.constant"() {value = 0.000000e+00 : f32} : () -> f32
    %1 = "arith.constant"() {value = 5.000000e-01 : f32} : () -> f32
    %2 = "arith.constant"() {value = 1.000000e+00 : f32} : () -> f32
    %3 = "arith.constant"() {value = 4.471500e-02 : f32} : () -> f32
    %4 = "arith.constant"() {value = 0.797884583 : f32} : () -> f32
    %5 = "tensor.empty"() : () -> tensor<16x32xf32>
    %6 = "linalg.transpose"(%arg1, %5) ({
    ^bb0(%arg3: f32, %arg4: f32):
      "linalg.yield"(%arg3) : (f32) -> ()
    }) {permutation = array<i64: 1, 0>} : (tensor<32x16xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
    %7 = "tensor.empty"() : () -> tensor<4x32xf32>
    %8 = "linalg.fill"(%0, %7) ({
    ^bb0(%arg3: f32, %arg4: f32):
      "linalg.yield"(%arg3) : (f32) -> ()
    }) {operand_segment_sizes = array<i32: 1, 1>} : (f32, tensor<4x32xf32>) -> tensor<4x32xf32>
    %9 = "linalg.matmul"(%arg0, %6, %8) ({
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
      %11 = "arith.mulf"(%arg3, %arg4) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %12 = "arith.addf"(%arg5, %11) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%12) : (f32) -> ()
    }) {linalg.memoized_indexing_maps = [#map, #map1, #map2], operand_segment_sizes = array<i32: 2, 1>} : (tensor<4x16xf32>, tensor<16x32xf32>, tensor<4x32xf32>) -> tensor<4x32xf32>
    %10 = "linalg.generic"(%9, %arg2, %7) ({
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
      %11 = "arith.addf"(%arg3, %arg4) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %12 = "arith.mulf"(%11, %11) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %13 = "arith.mulf"(%12, %11) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %14 = "arith.mulf"(%13, %3) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %15 = "arith.addf"(%11, %14) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %16 = "arith.mulf"(%15, %4) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %17 = "math.tanh"(%16) {fastmath = #arith.fastmath<none>} : (f32) -> f32
      %18 = "arith.addf"(%17, %2) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %19 = "arith.mulf"(%11, %1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      %20 = "arith.mulf"(%19, %18) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
      "linalg.yield"(%20) : (f32) -> ()
    }) {indexing_maps = [#map3, #map4, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operand_segment_sizes = array<i32: 2, 1>} : (tensor<4x32xf32>, tensor<32xf32>, tensor<4x32xf32>) -> tensor<4x32xf32>
    "func.return"(%10) : (tensor<4x32xf32>) -> ()
  }) {function_type = (tensor<4x16xf32>, tensor<32x16xf32>, tensor<32xf32>) -> tensor<4x32xf32>, sym_name = "linear_gelu"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<4x16xf32>, %arg1: tensor<32x16xf32>, %arg2: tensor<32xf32>):
    %0 = "func.call"(%arg0, %arg1, %arg2) {callee = @linear_gelu} : (tensor<4x16xf32>, tensor<32x16xf32>, tensor<32xf32>) -> tensor<4x32xf32>
    "func.return"(%0) : (tensor<4x32xf32>) -> ()
  }) {function_type = (tensor<4x16xf32>, tensor<32x16xf32>, tensor<32xf32>) -> tensor<4x32xf32>, sym_name = "forward", torch.entry} : () -> ()
}) {sym_name = "mlp"} : () -> ()

