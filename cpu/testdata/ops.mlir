#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#t = affine_map<(d0, d1) -> (d1, d0)>

// relu(x) + exp(x) * 0.5 in f32, written the way the lowering writes it.
func.func @elementwise(%x: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %half = arith.constant 5.000000e-01 : f32
  %0 = tensor.empty() : tensor<3x5xf32>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<3x5xf32>) outs(%0 : tensor<3x5xf32>) {
  ^bb0(%in: f32, %out: f32):
    %c = arith.cmpf ogt, %in, %zero : f32
    %r = arith.select %c, %in, %zero : f32
    %e = math.exp %in : f32
    %h = arith.mulf %e, %half : f32
    %s = arith.addf %r, %h : f32
    linalg.yield %s : f32
  } -> tensor<3x5xf32>
  return %1 : tensor<3x5xf32>
}

// f16 row sums accumulated in f32 and rounded once to f16, plus a
// transpose; integer index arithmetic with linalg.index.
func.func @reduce_f16(%x: tensor<4x6xf16>) -> (tensor<4xf16>, tensor<6x4xf16>, tensor<4x6xi32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<4xf32>
  %1 = linalg.fill ins(%zero : f32) outs(%0 : tensor<4xf32>) -> tensor<4xf32>
  %2 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x6xf16>) outs(%1 : tensor<4xf32>) {
  ^bb0(%in: f16, %out: f32):
    %w = arith.extf %in : f16 to f32
    %s = arith.addf %out, %w : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  %3 = tensor.empty() : tensor<4xf16>
  %4 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%2 : tensor<4xf32>) outs(%3 : tensor<4xf16>) {
  ^bb0(%in: f32, %out: f16):
    %t = arith.truncf %in : f32 to f16
    linalg.yield %t : f16
  } -> tensor<4xf16>
  %5 = tensor.empty() : tensor<6x4xf16>
  %6 = linalg.transpose ins(%x : tensor<4x6xf16>) outs(%5 : tensor<6x4xf16>) permutation = [1, 0]
  %7 = tensor.empty() : tensor<4x6xi32>
  %8 = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%7 : tensor<4x6xi32>) {
  ^bb0(%out: i32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c10 = arith.constant 10 : index
    %a = arith.muli %i, %c10 : index
    %b = arith.addi %a, %j : index
    %c3 = arith.constant 3 : index
    %m = arith.remsi %b, %c3 : index
    %n = arith.subi %b, %m : index
    %v = arith.index_cast %n : index to i32
    linalg.yield %v : i32
  } -> tensor<4x6xi32>
  return %4, %6, %8 : tensor<4xf16>, tensor<6x4xf16>, tensor<4x6xi32>
}

// A gather: out[i] = table[idx[i]] with tensor.extract inside the body.
func.func @gather(%table: tensor<5xf32>, %idx: tensor<3xi64>) -> tensor<3xf32> {
  %0 = tensor.empty() : tensor<3xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%idx : tensor<3xi64>) outs(%0 : tensor<3xf32>) {
  ^bb0(%in: i64, %out: f32):
    %i = arith.index_cast %in : i64 to index
    %v = tensor.extract %table[%i] : tensor<5xf32>
    linalg.yield %v : f32
  } -> tensor<3xf32>
  return %1 : tensor<3xf32>
}

// A matmul big enough to run in parallel.
func.func @matmul(%a: tensor<64x48xf32>, %b: tensor<48x80xf32>) -> tensor<64x80xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<64x80xf32>
  %1 = linalg.fill ins(%zero : f32) outs(%0 : tensor<64x80xf32>) -> tensor<64x80xf32>
  %2 = linalg.matmul ins(%a, %b : tensor<64x48xf32>, tensor<48x80xf32>) outs(%1 : tensor<64x80xf32>) -> tensor<64x80xf32>
  return %2 : tensor<64x80xf32>
}

// Dense and splat constants.
func.func @constants() -> (tensor<2x2xf32>, tensor<3xi32>) {
  %a = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %b = arith.constant dense<7> : tensor<3xi32>
  return %a, %b : tensor<2x2xf32>, tensor<3xi32>
}

// maximumf and minimumf propagate a NaN, even against an infinity, and
// order -0 < +0 (the x and y columns meet in pairs).
func.func @max_min(%x: tensor<8xf32>, %y: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %0 = tensor.empty() : tensor<8xf32>
  %r:2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x, %y : tensor<8xf32>, tensor<8xf32>) outs(%0, %0 : tensor<8xf32>, tensor<8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32, %p: f32):
    %m = arith.maxf %a, %b : f32
    %n = arith.minf %a, %b : f32
    linalg.yield %m, %n : f32, f32
  } -> (tensor<8xf32>, tensor<8xf32>)
  return %r#0, %r#1 : tensor<8xf32>, tensor<8xf32>
}
