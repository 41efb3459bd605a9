#loc = loc(unknown)
#loc2 = loc("x")
#loc3 = loc("w")
#loc8 = loc("in")
#loc11 = loc("grad_out")
#loc24 = loc("mixed_locations.mlir":31:24)
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<2x4xf32> loc("x"), %arg1: tensor<4x3xf32> loc("w")):
    %0 = "arith.constant"() {value = 0.000000e+00 : f32} : () -> f32 loc(#loc4)
    %1 = "tensor.empty"() : () -> tensor<2x3xf32> loc(#loc4)
    %2 = "linalg.fill"(%0, %1) ({
    ^bb0(%arg2: f32 loc(unknown), %arg3: f32 loc(unknown)):
      "linalg.yield"(%arg2) : (f32) -> () loc(#loc)
    }) {operand_segment_sizes = array<i32: 1, 1>} : (f32, tensor<2x3xf32>) -> tensor<2x3xf32> loc(#loc27)
    %3 = "linalg.matmul"(%arg0, %arg1, %2) ({
    ^bb0(%arg2: f32 loc(unknown), %arg3: f32 loc(unknown), %arg4: f32 loc(unknown)):
      %5 = "arith.mulf"(%arg2, %arg3) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32 loc(#loc)
      %6 = "arith.addf"(%arg4, %5) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32 loc(#loc)
      "linalg.yield"(%6) : (f32) -> () loc(#loc)
    }) {linalg.memoized_indexing_maps = [#map, #map1, #map2], operand_segment_sizes = array<i32: 2, 1>} : (tensor<2x4xf32>, tensor<4x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32> loc(#loc28)
    %4 = "linalg.generic"(%3, %1) ({
    ^bb0(%arg2: f32 loc("in"), %arg3: f32 loc(unknown)):
      %5 = "arith.maxf"(%arg2, %0) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32 loc(#loc30)
      "linalg.yield"(%5) : (f32) -> () loc(#loc)
    }) {indexing_maps = [#map3, #map3], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operand_segment_sizes = array<i32: 1, 1>} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32> loc(#loc29)
    "func.return"(%4) : (tensor<2x3xf32>) -> () loc(#loc1)
  }) {function_type = (tensor<2x4xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>, sym_name = "forward"} : () -> () loc(#loc1)
  "func.func"() ({
  ^bb0(%arg0: tensor<2x3xf32> loc("grad_out")):
    %0 = "arith.constant"() {value = dense<0.000000e+00> : tensor<2x6xf32>} : () -> tensor<2x6xf32> loc(#loc12)
    %1 = "tensor.insert_slice"(%arg0, %0) {operand_segment_sizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 2, 3>, static_strides = array<i64: 1, 2>} : (tensor<2x3xf32>, tensor<2x6xf32>) -> tensor<2x6xf32> loc(#loc31)
    %2 = "arith.constant"() {value = 1 : index} : () -> index loc(#loc)
    %3 = "tensor.dim"(%1, %2) : (tensor<2x6xf32>, index) -> index loc(#loc32)
    %4 = "tensor.empty"(%3) : (index) -> tensor<2x?xf32> loc(#loc16)
    %5 = "tensor.cast"(%4) : (tensor<2x?xf32>) -> tensor<2x6xf32> loc(#loc17)
    %6 = "arith.addf"(%1, %5) {fastmath = #arith.fastmath<none>} : (tensor<2x6xf32>, tensor<2x6xf32>) -> tensor<2x6xf32> loc(#loc34)
    "func.return"(%6) : (tensor<2x6xf32>) -> () loc(#loc21)
  }) {function_type = (tensor<2x3xf32>) -> tensor<2x6xf32>, sym_name = "backward_stub"} : () -> () loc(#loc10)
  "func.func"() ({
  }) {function_type = (tensor<2x3xf32>) -> tensor<2x3xf32>, sym_name = "extern_kernel", sym_visibility = "private"} : () -> () loc(#loc22)
  "func.func"() ({
  ^bb0(%arg0: tensor<2x3xf32> loc("mixed_locations.mlir":31:24)):
    %0 = "func.call"(%arg0) {callee = @extern_kernel} : (tensor<2x3xf32>) -> tensor<2x3xf32> loc(#loc25)
    "func.return"(%0) : (tensor<2x3xf32>) -> () loc(#loc26)
  }) {function_type = (tensor<2x3xf32>) -> tensor<2x3xf32>, sym_name = "call_site"} : () -> () loc(#loc23)
}) {sym_name = "located"} : () -> () loc(#loc)
#loc1 = loc("model.py":42:0)
#loc4 = loc("model.py":43:8)
#loc5 = loc("torch/nn/functional.py":1848:11)
#loc6 = loc("model.py":44:12)
#loc7 = loc("model.py":45:4)
#loc9 = loc("relu")
#loc10 = loc("model.py":49:0)
#loc12 = loc("model.py":50:4)
#loc13 = loc("model.py":51:4)
#loc14 = loc("model.py":52:1)
#loc15 = loc("model.py":52:9)
#loc16 = loc("empty_like")
#loc17 = loc("model.py":53:2)
#loc18 = loc("grad.py":7:3)
#loc19 = loc("engine.py":100:9)
#loc20 = loc("model.py":54:1)
#loc21 = loc("model.py":55:4)
#loc22 = loc("kernels.cc":10:1)
#loc23 = loc("model.py":59:0)
#loc25 = loc("model.py":60:8)
#loc26 = loc("model.py":61:4)
#loc27 = loc("aten::zeros"(#loc4))
#loc28 = loc(callsite(#loc5 at #loc6))
#loc29 = loc("aten::relu"(#loc7))
#loc30 = loc(fused[#loc7, #loc9])
#loc31 = loc("aten::convolution_backward"(#loc13))
#loc32 = loc(fused<"torch.fx">[#loc14, #loc15])
#loc33 = loc(callsite(#loc19 at #loc20))
#loc34 = loc(callsite(#loc18 at #loc33))

