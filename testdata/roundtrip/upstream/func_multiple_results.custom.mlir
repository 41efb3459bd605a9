module {
  func.func @divmod(%arg0: i32, %arg1: i32) -> (i32, i32) {
    %0 = arith.divsi %arg0, %arg1 : i32
    %1 = arith.remsi %arg0, %arg1 : i32
    return %0, %1 : i32, i32
  }
  func.func @three(%arg0: f32) -> (f32, f32, f32) {
    %0 = arith.addf %arg0, %arg0 : f32
    %1 = arith.mulf %arg0, %arg0 : f32
    return %arg0, %0, %1 : f32, f32, f32
  }
  func.func @use(%arg0: i32, %arg1: i32, %arg2: f32) -> (i32, f32, tensor<f32>) {
    %0:2 = call @divmod(%arg0, %arg1) : (i32, i32) -> (i32, i32)
    %1 = arith.addi %0#0, %0#1 : i32
    %2:3 = call @three(%arg2) : (f32) -> (f32, f32, f32)
    %3 = arith.addf %2#1, %2#2 : f32
    %from_elements = tensor.from_elements %2#0 : tensor<f32>
    return %1, %3, %from_elements : i32, f32, tensor<f32>
  }
  func.func @no_results(%arg0: f32) {
    return
  }
}

