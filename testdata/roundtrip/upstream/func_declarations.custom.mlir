module {
  func.func private @ext_void()
  func.func private @ext_scalar(f32, i32) -> f32
  func.func private @ext_multi(tensor<?xf32>, index) -> (tensor<?xf32>, i1)
  func.func private @ext_attrs(i32) -> i32 attributes {ext.abi = "c", llvm.emit_c_interface}
  func.func private @ext_tensor(tensor<2x?xbf16>) -> tensor<f32>
  func.func @use_decls(%arg0: tensor<?xf32>, %arg1: index, %arg2: f32, %arg3: i32) -> (tensor<?xf32>, i1, f32) {
    call @ext_void() : () -> ()
    %0 = call @ext_scalar(%arg2, %arg3) : (f32, i32) -> f32
    %1:2 = call @ext_multi(%arg0, %arg1) : (tensor<?xf32>, index) -> (tensor<?xf32>, i1)
    %2 = call @ext_attrs(%arg3) : (i32) -> i32
    return %1#0, %1#1, %0 : tensor<?xf32>, i1, f32
  }
}

