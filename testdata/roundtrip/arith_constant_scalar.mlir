// Covers: arith.constant scalar ints (each width, negative), bools, floats (each width), to show result naming.
func.func @int_consts() -> (i1, i1, i8, i16, i32, i64, i32) {
  %t = arith.constant true
  %f = arith.constant false
  %a = arith.constant 7 : i8
  %b = arith.constant -300 : i16
  %c = arith.constant 0 : i32
  %d = arith.constant 4294967296 : i64
  %e = arith.constant 1 : i32
  return %t, %f, %a, %b, %c, %d, %e : i1, i1, i8, i16, i32, i64, i32
}

func.func @float_consts() -> (f16, bf16, f32, f64, f32) {
  %h = arith.constant 1.5 : f16
  %b = arith.constant 0.25 : bf16
  %s = arith.constant 0.1 : f32
  %d = arith.constant -1.0e-3 : f64
  %s2 = arith.constant 0.1 : f32
  return %h, %b, %s, %d, %s2 : f16, bf16, f32, f64, f32
}

func.func @dup_consts() -> (i32, i32, i32) {
  %0 = arith.constant 1 : i32
  %1 = arith.constant 1 : i32
  %2 = arith.constant 1 : i32
  return %0, %1, %2 : i32, i32, i32
}
