// Covers: arith.addf/subf/mulf/divf/remf on f16, bf16, f32, f64 scalars.
func.func @f32_ops(%a: f32, %b: f32) -> f32 {
  %0 = arith.addf %a, %b : f32
  %1 = arith.subf %0, %b : f32
  %2 = arith.mulf %1, %a : f32
  %3 = arith.divf %2, %b : f32
  %4 = arith.remf %3, %a : f32
  return %4 : f32
}

func.func @other_widths(%h: f16, %bf: bf16, %d: f64) -> (f16, bf16, f64) {
  %0 = arith.addf %h, %h : f16
  %1 = arith.mulf %bf, %bf : bf16
  %2 = arith.divf %d, %d : f64
  %3 = arith.remf %2, %d : f64
  %4 = arith.subf %1, %bf : bf16
  return %0, %4, %3 : f16, bf16, f64
}

func.func @with_const(%x: f32) -> f32 {
  %cst = arith.constant 5.000000e-01 : f32
  %0 = arith.mulf %x, %cst : f32
  %1 = arith.addf %0, %cst : f32
  return %1 : f32
}
