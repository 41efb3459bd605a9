#map = affine_map<(d0) -> (d0)>
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>):
    %0 = "linalg.generic"(%arg0, %arg1) ({
    ^bb0(%arg2: f32, %arg3: f32):
      %1 = "arith.negf"(%arg2) {fastmath = #arith.fastmath<none>} : (f32) -> f32
      "linalg.yield"(%1) : (f32) -> ()
    }) {doc = "negate elements", indexing_maps = [#map, #map], iterator_types = [#linalg.iterator_type<parallel>], library_call = "external_negate", operand_segment_sizes = array<i32: 1, 1>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    "func.return"(%0) : (tensor<4xf32>) -> ()
  }) {function_type = (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>, sym_name = "documented"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<4xf32>):
    %0 = "arith.constant"() {value = 1.000000e+00 : f32} : () -> f32
    %1 = "linalg.generic"(%arg0) ({
    ^bb0(%arg1: f32):
      "linalg.yield"(%0) : (f32) -> ()
    }) {indexing_maps = [#map], iterator_types = [#linalg.iterator_type<parallel>], operand_segment_sizes = array<i32: 0, 1>, tile = array<i64: 4>, torch.op = "ones"} : (tensor<4xf32>) -> tensor<4xf32>
    "func.return"(%1) : (tensor<4xf32>) -> ()
  }) {function_type = (tensor<4xf32>) -> tensor<4xf32>, sym_name = "extra_attrs"} : () -> ()
}) : () -> ()

