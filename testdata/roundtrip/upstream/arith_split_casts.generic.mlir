"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: f32, %arg1: f32):
    %0 = "arith.divf"(%arg0, %arg1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
    %1 = "arith.fptosi"(%0) : (f32) -> i32
    %2 = "arith.trunci"(%1) : (i32) -> i8
    "func.return"(%2) : (i8) -> ()
  }) {function_type = (f32, f32) -> i8, sym_name = "quantize"} : () -> ()
}) : () -> ()


// -----
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: i8, %arg1: f32):
    %0 = "arith.extsi"(%arg0) : (i8) -> i32
    %1 = "arith.sitofp"(%0) : (i32) -> f32
    %2 = "arith.mulf"(%1, %arg1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
    "func.return"(%2) : (f32) -> ()
  }) {function_type = (i8, f32) -> f32, sym_name = "dequantize"} : () -> ()
}) : () -> ()


// -----
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<8xf32>):
    %0 = "arith.truncf"(%arg0) : (tensor<8xf32>) -> tensor<8xbf16>
    %1 = "arith.extf"(%0) : (tensor<8xbf16>) -> tensor<8xf32>
    "func.return"(%1) : (tensor<8xf32>) -> ()
  }) {function_type = (tensor<8xf32>) -> tensor<8xf32>, sym_name = "half_roundtrip"} : () -> ()
}) : () -> ()

