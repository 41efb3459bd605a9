"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<4x?xf32>):
    %0 = "arith.constant"() {value = 0 : index} : () -> index
    %1 = "arith.constant"() {value = 1 : index} : () -> index
    %2 = "arith.constant"() {value = 3 : index} : () -> index
    %3 = "arith.constant"() {value = -1 : index} : () -> index
    %4 = "arith.constant"() {value = 1024 : index} : () -> index
    %5 = "tensor.extract"(%arg0, %2, %1) : (tensor<4x?xf32>, index, index) -> f32
    %6 = "arith.addi"(%4, %3) : (index, index) -> index
    %7 = "tensor.dim"(%arg0, %1) : (tensor<4x?xf32>, index) -> index
    "func.return"(%5, %6, %7, %0) : (f32, index, index, index) -> ()
  }) {function_type = (tensor<4x?xf32>) -> (f32, index, index, index), sym_name = "index_consts"} : () -> ()
  "func.func"() ({
    %0 = "arith.constant"() {value = 0 : index} : () -> index
    %1 = "arith.constant"() {value = 0 : index} : () -> index
    %2 = "arith.constant"() {value = 2 : index} : () -> index
    "func.return"(%0, %1, %2) : (index, index, index) -> ()
  }) {function_type = () -> (index, index, index), sym_name = "index_repeat"} : () -> ()
}) : () -> ()

