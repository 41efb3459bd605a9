module {
  func.func @ext(%arg0: i8, %arg1: i16, %arg2: i1) -> (i32, i64, i32, i64, i8) {
    %0 = arith.extsi %arg0 : i8 to i32
    %1 = arith.extsi %arg1 : i16 to i64
    %2 = arith.extui %arg0 : i8 to i32
    %3 = arith.extui %arg1 : i16 to i64
    %4 = arith.extui %arg2 : i1 to i8
    return %0, %1, %2, %3, %4 : i32, i64, i32, i64, i8
  }
  func.func @trunc(%arg0: i64, %arg1: i32) -> (i32, i8, i1, i16) {
    %0 = arith.trunci %arg0 : i64 to i32
    %1 = arith.trunci %arg1 : i32 to i8
    %2 = arith.trunci %arg1 : i32 to i1
    %3 = arith.trunci %arg0 : i64 to i16
    return %0, %1, %2, %3 : i32, i8, i1, i16
  }
  func.func @tensor_ext(%arg0: tensor<4xi8>) -> (tensor<4xi32>, tensor<4xi32>) {
    %0 = arith.extsi %arg0 : tensor<4xi8> to tensor<4xi32>
    %1 = arith.extui %arg0 : tensor<4xi8> to tensor<4xi32>
    return %0, %1 : tensor<4xi32>, tensor<4xi32>
  }
}

