// Covers: functions with multiple results, result packs %r:3 and #N uses, returning args directly, mixed types.
func.func @divmod(%a: i32, %b: i32) -> (i32, i32) {
  %q = arith.divsi %a, %b : i32
  %r = arith.remsi %a, %b : i32
  return %q, %r : i32, i32
}

func.func @three(%x: f32) -> (f32, f32, f32) {
  %0 = arith.addf %x, %x : f32
  %1 = arith.mulf %x, %x : f32
  return %x, %0, %1 : f32, f32, f32
}

func.func @use(%a: i32, %b: i32, %x: f32) -> (i32, f32, tensor<f32>) {
  %0:2 = call @divmod(%a, %b) : (i32, i32) -> (i32, i32)
  %1 = arith.addi %0#0, %0#1 : i32
  %2:3 = call @three(%x) : (f32) -> (f32, f32, f32)
  %3 = arith.addf %2#1, %2#2 : f32
  %4 = tensor.from_elements %2#0 : tensor<f32>
  return %1, %3, %4 : i32, f32, tensor<f32>
}

func.func @no_results(%x: f32) {
  return
}
