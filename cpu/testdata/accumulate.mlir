// Matmuls accumulating into outputs that do or do not hold zeros on
// entry, for TestContractionInitialOutput: the fast path reads the output
// first unless the plan proves it zero (plan.ZeroOnEntry).
#a = affine_map<(d0, d1, d2) -> (d0, d2)>
#b = affine_map<(d0, d1, d2) -> (d2, d1)>
#o = affine_map<(d0, d1, d2) -> (d0, d1)>

// Into an argument's values (copied into the result first).
func.func @into_arg(%a: tensor<9x20xf32>, %b: tensor<20x33xf32>, %c: tensor<9x33xf32>) -> tensor<9x33xf32> {
  %r = linalg.generic {indexing_maps = [#a, #b, #o], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<9x20xf32>, tensor<20x33xf32>) outs(%c : tensor<9x33xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<9x33xf32>
  return %r : tensor<9x33xf32>
}

// Into a fill of 1.5.
func.func @into_ones(%a: tensor<9x20xf32>, %b: tensor<20x33xf32>) -> tensor<9x33xf32> {
  %cst = arith.constant 1.500000e+00 : f32
  %e = tensor.empty() : tensor<9x33xf32>
  %c = linalg.fill ins(%cst : f32) outs(%e : tensor<9x33xf32>) -> tensor<9x33xf32>
  %r = linalg.generic {indexing_maps = [#a, #b, #o], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<9x20xf32>, tensor<20x33xf32>) outs(%c : tensor<9x33xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<9x33xf32>
  return %r : tensor<9x33xf32>
}

// Into a fill of -0.0: zero, but not zero bits (-0 + -0 is -0, +0 + -0
// is +0), so it is read.
func.func @into_negzero(%a: tensor<9x20xf32>, %b: tensor<20x33xf32>) -> tensor<9x33xf32> {
  %cst = arith.constant -0.000000e+00 : f32
  %e = tensor.empty() : tensor<9x33xf32>
  %c = linalg.fill ins(%cst : f32) outs(%e : tensor<9x33xf32>) -> tensor<9x33xf32>
  %r = linalg.generic {indexing_maps = [#a, #b, #o], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<9x20xf32>, tensor<20x33xf32>) outs(%c : tensor<9x33xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<9x33xf32>
  return %r : tensor<9x33xf32>
}

// Twice into the same zero-filled output: the first starts from zero,
// the second reads what the first wrote.
func.func @twice(%a: tensor<9x20xf32>, %b: tensor<20x33xf32>) -> tensor<9x33xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<9x33xf32>
  %c = linalg.fill ins(%cst : f32) outs(%e : tensor<9x33xf32>) -> tensor<9x33xf32>
  %r = linalg.generic {indexing_maps = [#a, #b, #o], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<9x20xf32>, tensor<20x33xf32>) outs(%c : tensor<9x33xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<9x33xf32>
  %r2 = linalg.generic {indexing_maps = [#a, #b, #o], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<9x20xf32>, tensor<20x33xf32>) outs(%r : tensor<9x33xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<9x33xf32>
  return %r2 : tensor<9x33xf32>
}

// The narrow vector path's form: m (37 rows: two full tiles of 16 and an
// edge) unit-stride in the first factor, n 3 columns; into an argument,
// so each tile gathers its initial values, with the output's rows in
// column-major order.
#at = affine_map<(d0, d1, d2) -> (d2, d0)>
#ot = affine_map<(d0, d1, d2) -> (d1, d0)>
func.func @narrow_into_arg(%a: tensor<20x37xf32>, %b: tensor<20x3xf32>, %c: tensor<3x37xf32>) -> tensor<3x37xf32> {
  %r = linalg.generic {indexing_maps = [#at, #b, #ot], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<20x37xf32>, tensor<20x3xf32>) outs(%c : tensor<3x37xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<3x37xf32>
  return %r : tensor<3x37xf32>
}
