// Covers: nested builtin.module ops (named and anonymous) with attributes and nested symbol refs.
module @outer attributes {dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<index, 64 : i64>>} {
  module @kernels attributes {gpu.container = true, kernels.count = 2 : i32} {
    func.func @add(%a: f32, %b: f32) -> f32 {
      %0 = arith.addf %a, %b : f32
      return %0 : f32
    }
    func.func private @sub(%a: f32, %b: f32) -> f32 {
      %0 = arith.subf %a, %b : f32
      return %0 : f32
    }
  }
  module attributes {inner.anonymous} {
    func.func nested @local() {
      return
    }
  }
  func.func @entry(%x: f32) -> f32 attributes {callee = @kernels::@add} {
    return %x : f32
  }
}
