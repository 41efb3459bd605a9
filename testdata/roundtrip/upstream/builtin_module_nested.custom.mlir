module @outer attributes {dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<index, 64 : i64>>} {
  module @kernels attributes {gpu.container = true, kernels.count = 2 : i32} {
    func.func @add(%arg0: f32, %arg1: f32) -> f32 {
      %0 = arith.addf %arg0, %arg1 : f32
      return %0 : f32
    }
    func.func private @sub(%arg0: f32, %arg1: f32) -> f32 {
      %0 = arith.subf %arg0, %arg1 : f32
      return %0 : f32
    }
  }
  module attributes {inner.anonymous} {
    func.func nested @local() {
      return
    }
  }
  func.func @entry(%arg0: f32) -> f32 attributes {callee = @kernels::@add} {
    return %arg0 : f32
  }
}

