"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: tensor<?x4x?xf32>):
    %0 = "arith.constant"() {value = 0 : index} : () -> index
    %1 = "arith.constant"() {value = 1 : index} : () -> index
    %2 = "arith.constant"() {value = 2 : index} : () -> index
    %3 = "tensor.dim"(%arg0, %0) : (tensor<?x4x?xf32>, index) -> index
    %4 = "tensor.dim"(%arg0, %1) : (tensor<?x4x?xf32>, index) -> index
    %5 = "tensor.dim"(%arg0, %2) : (tensor<?x4x?xf32>, index) -> index
    "func.return"(%3, %4, %5) : (index, index, index) -> ()
  }) {function_type = (tensor<?x4x?xf32>) -> (index, index, index), sym_name = "dims"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<?x?xf32>, %arg1: index):
    %0 = "tensor.dim"(%arg0, %arg1) : (tensor<?x?xf32>, index) -> index
    "func.return"(%0) : (index) -> ()
  }) {function_type = (tensor<?x?xf32>, index) -> index, sym_name = "dyn_index"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<*xf32>):
    %0 = "arith.constant"() {value = 0 : index} : () -> index
    %1 = "tensor.dim"(%arg0, %0) : (tensor<*xf32>, index) -> index
    %2 = "tensor.rank"(%arg0) : (tensor<*xf32>) -> index
    "func.return"(%1, %2) : (index, index) -> ()
  }) {function_type = (tensor<*xf32>) -> (index, index), sym_name = "unranked"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: tensor<?x?xf32>):
    %0 = "arith.constant"() {value = 0 : index} : () -> index
    %1 = "arith.constant"() {value = 1 : index} : () -> index
    %2 = "tensor.dim"(%arg0, %0) : (tensor<?x?xf32>, index) -> index
    %3 = "tensor.dim"(%arg0, %1) : (tensor<?x?xf32>, index) -> index
    %4 = "arith.muli"(%2, %3) : (index, index) -> index
    "func.return"(%4) : (index) -> ()
  }) {function_type = (tensor<?x?xf32>) -> index, sym_name = "numel"} : () -> ()
}) : () -> ()

