// Elementwise producers summed along rows, as torch programs write them:
// (a*b).sum(1), whose products keep their own rounding (fp-contract
// must not see a multiply-accumulate), and a batch norm gradient's
// Σ dy·(x − mean), which the CPU pipelines fuse into its sum.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @sums(%a: tensor<16x300xf32>, %b: tensor<16x300xf32>, %m: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x300xf32>
  %e1 = tensor.empty() : tensor<16xf32>
  %z = linalg.fill ins(%cst : f32) outs(%e1 : tensor<16xf32>) -> tensor<16xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<16x300xf32>, tensor<16x300xf32>) outs(%e : tensor<16x300xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %p = arith.mulf %x, %y : f32
    linalg.yield %p : f32
  } -> tensor<16x300xf32>
  %1 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%0 : tensor<16x300xf32>) outs(%z : tensor<16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %out, %in : f32
    linalg.yield %s : f32
  } -> tensor<16xf32>
  %2 = linalg.generic {indexing_maps = [#id, #id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%a, %b, %m : tensor<16x300xf32>, tensor<16x300xf32>, tensor<16xf32>) outs(%e : tensor<16x300xf32>) {
  ^bb0(%g: f32, %x: f32, %mu: f32, %out: f32):
    %d = arith.subf %x, %mu : f32
    %p = arith.mulf %g, %d : f32
    linalg.yield %p : f32
  } -> tensor<16x300xf32>
  %3 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%2 : tensor<16x300xf32>) outs(%z : tensor<16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %out, %in : f32
    linalg.yield %s : f32
  } -> tensor<16xf32>
  return %1, %3 : tensor<16xf32>, tensor<16xf32>
}
