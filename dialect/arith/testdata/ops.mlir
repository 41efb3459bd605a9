// Integer binary ops on scalars, index and tensors.
func.func @int_binary(%a: i32, %b: i32, %i: index, %j: index, %t: tensor<4xi64>, %u: tensor<?xi8>) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.subi %a, %b : i32
  %2 = arith.muli %a, %b : i32
  %3 = arith.divsi %a, %b : i32
  %4 = arith.divui %a, %b : i32
  %5 = arith.remsi %a, %b : i32
  %6 = arith.remui %a, %b : i32
  %7 = arith.ceildivsi %a, %b : i32
  %8 = arith.ceildivui %a, %b : i32
  %9 = arith.floordivsi %a, %b : i32
  %10 = arith.maxsi %a, %b : i32
  %11 = arith.maxui %a, %b : i32
  %12 = arith.minsi %a, %b : i32
  %13 = arith.minui %a, %b : i32
  %14 = arith.andi %a, %b : i32
  %15 = arith.ori %a, %b : i32
  %16 = arith.xori %a, %b : i32
  %17 = arith.shli %a, %b : i32
  %18 = arith.shrsi %a, %b : i32
  %19 = arith.shrui %a, %b : i32
  %20 = arith.addi %i, %j : index
  %21 = arith.muli %i, %j {tag = 1 : i64} : index
  %22 = arith.addi %t, %t : tensor<4xi64>
  %23 = arith.floordivsi %u, %u : tensor<?xi8>
  %sum, %overflow = arith.addui_extended %a, %b : i32, i1
  %sum_0, %overflow_1 = arith.addui_extended %t, %t : tensor<4xi64>, tensor<4xi1>
  %low, %high = arith.mulsi_extended %a, %b : i32
  %low_2, %high_3 = arith.mului_extended %t, %t {tag} : tensor<4xi64>
  return
}

// Float binary and unary ops, with and without fast-math flags.
func.func @float_ops(%a: f32, %b: f32, %h: f16, %g: bf16, %d: f64, %t: tensor<2x3xf32>) {
  %0 = arith.addf %a, %b : f32
  %1 = arith.subf %a, %b : f32
  %2 = arith.mulf %a, %b : f32
  %3 = arith.divf %a, %b : f32
  %4 = arith.remf %a, %b : f32
  %5 = arith.maxf %a, %b : f32
  %6 = arith.minf %a, %b : f32
  %7 = arith.negf %a : f32
  %8 = arith.addf %h, %h : f16
  %9 = arith.mulf %g, %g : bf16
  %10 = arith.divf %d, %d : f64
  %11 = arith.addf %t, %t : tensor<2x3xf32>
  %12 = arith.addf %a, %b fastmath<fast> : f32
  %13 = arith.mulf %a, %b fastmath<nnan,ninf> : f32
  %14 = arith.subf %a, %b fastmath<reassoc,contract> : f32
  %15 = arith.divf %a, %b fastmath<nsz,arcp,afn> : f32
  %16 = arith.negf %t fastmath<fast> : tensor<2x3xf32>
  %17 = arith.maxf %a, %b fastmath<nnan> {tag} : f32
  %18 = arith.addf %a, %b fastmath<none> : f32
  %19 = arith.addf %a, %b fastmath<reassoc,nnan,ninf,nsz,arcp,contract,afn> : f32
  %20 = arith.remf %t, %t fastmath<ninf> : tensor<2x3xf32>
  return
}

// Selects: scalar condition on scalars and tensors, tensor condition.
func.func @selects(%c: i1, %a: f32, %b: f32, %t: tensor<4xf32>, %tc: tensor<4xi1>, %i: i32) {
  %0 = arith.select %c, %a, %b : f32
  %1 = arith.select %c, %t, %t : tensor<4xf32>
  %2 = arith.select %tc, %t, %t : tensor<4xi1>, tensor<4xf32>
  %3 = arith.select %c, %i, %i {tag} : i32
  %4 = arith.select %tc, %tc, %tc : tensor<4xi1>, tensor<4xi1>
  return
}

// Casts between every pair of type kinds they allow.
func.func @casts(%f: f32, %h: f16, %g: bf16, %d: f64, %i: i32, %s: i8, %x: index, %t: tensor<4xf32>, %ti: tensor<4xi32>, %tx: tensor<?xindex>) {
  %0 = arith.extf %f : f32 to f64
  %1 = arith.extf %h : f16 to f32
  %2 = arith.extf %g : bf16 to f32
  %3 = arith.truncf %f : f32 to f16
  %4 = arith.truncf %d : f64 to bf16
  %5 = arith.extsi %s : i8 to i32
  %6 = arith.extui %s : i8 to i32
  %7 = arith.trunci %i : i32 to i8
  %8 = arith.sitofp %i : i32 to f32
  %9 = arith.uitofp %s : i8 to f16
  %10 = arith.fptosi %f : f32 to i32
  %11 = arith.fptoui %d : f64 to i8
  %12 = arith.index_cast %x : index to i32
  %13 = arith.index_cast %i : i32 to index
  %14 = arith.index_castui %x : index to i32
  %15 = arith.index_castui %s : i8 to index
  %16 = arith.bitcast %i : i32 to f32
  %17 = arith.bitcast %h : f16 to bf16
  %18 = arith.bitcast %f {tag} : f32 to i32
  %19 = arith.extf %t : tensor<4xf32> to tensor<4xf64>
  %20 = arith.sitofp %ti : tensor<4xi32> to tensor<4xf32>
  %21 = arith.index_cast %tx : tensor<?xindex> to tensor<?xi64>
  %22 = arith.trunci %ti : tensor<4xi32> to tensor<4xi1>
  return
}

// Constants: integers of every width, index, bools, floats of every kind
// in decimal and hex, and dense tensors.
func.func @constants() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c-7 = arith.constant -7 : index
  %c3_i32 = arith.constant 3 : i32
  %c-1_i64 = arith.constant -1 : i64
  %c-1_i8 = arith.constant 255 : i8
  %c42_i16 = arith.constant 42 : i16
  %c-2147483648_i32 = arith.constant -2147483648 : i32
  %true = arith.constant true
  %false = arith.constant false
  %true_0 = arith.constant 1 : i1
  %cst = arith.constant 1.000000e+00 : f32
  %cst_1 = arith.constant 1.5 : f64
  %cst_2 = arith.constant -0.0 : f32
  %cst_5 = arith.constant 6.550400e+04 : f16
  %cst_6 = arith.constant 1.0e10 : f32
  %cst_7 = arith.constant 0x7FC00000 : f32
  %cst_8 = arith.constant 0x7F800000 : f32
  %cst_9 = arith.constant 0xFF800000 : f32
  %cst_10 = arith.constant 0x3C00 : f16
  %cst_11 = arith.constant 0x7C00 : f16
  %cst_12 = arith.constant 0x3F80 : bf16
  %cst_13 = arith.constant 0xFF80 : bf16
  %cst_14 = arith.constant 0x7FF8000000000000 : f64
  %cst_17 = arith.constant dense<1.000000e+00> : tensor<4xf32>
  %cst_18 = arith.constant dense<[[1.0, 2.0], [3.0, 4.5]]> : tensor<2x2xf32>
  %cst_19 = arith.constant dense<[1.0, 2.0]> : tensor<2xbf16>
  %cst_20 = arith.constant dense<[0.5, -2.0]> : tensor<2xf16>
  %cst_21 = arith.constant dense<1> : tensor<2x3xindex>
  %cst_22 = arith.constant dense<[1, 2, 3]> : tensor<3xi32>
  %cst_23 = arith.constant dense<[true, false]> : tensor<2xi1>
  %cst_25 = arith.constant dense<-1> : tensor<i64>
  %cst_26 = arith.constant dense<0x7FC00000> : tensor<2xf32>
  %cst_27 = arith.constant {tag = "x"} 2.500000e+00 : f32
  %c5 = arith.constant {tag} 5 : index
  return
}
