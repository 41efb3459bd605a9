// Covers: external func.func declarations (no body), private declarations with multiple args/results, calls to them.
func.func private @ext_void()
func.func private @ext_scalar(f32, i32) -> f32
func.func private @ext_multi(tensor<?xf32>, index) -> (tensor<?xf32>, i1)
func.func private @ext_attrs(i32) -> i32 attributes {llvm.emit_c_interface, ext.abi = "c"}
func.func private @ext_tensor(tensor<2x?xbf16>) -> tensor<f32>

func.func @use_decls(%t: tensor<?xf32>, %i: index, %f: f32, %n: i32) -> (tensor<?xf32>, i1, f32) {
  func.call @ext_void() : () -> ()
  %0 = func.call @ext_scalar(%f, %n) : (f32, i32) -> f32
  %1:2 = func.call @ext_multi(%t, %i) : (tensor<?xf32>, index) -> (tensor<?xf32>, i1)
  %2 = func.call @ext_attrs(%n) : (i32) -> i32
  return %1#0, %1#1, %0 : tensor<?xf32>, i1, f32
}
