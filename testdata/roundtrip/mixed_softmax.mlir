// Covers: numerically stable softmax over the last dim: max-reduce, subtract+exp, sum-reduce, divide (dynamic batch).
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @softmax(%x: tensor<?x10xf32>) -> tensor<?x10xf32> {
  %c0 = arith.constant 0 : index
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.000000e+00 : f32
  %n = tensor.dim %x, %c0 : tensor<?x10xf32>
  %me = tensor.empty(%n) : tensor<?xf32>
  %minit = linalg.fill ins(%ninf : f32) outs(%me : tensor<?xf32>) -> tensor<?xf32>
  %max = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x10xf32>) outs(%minit : tensor<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %m = arith.maxf %in, %acc : f32
    linalg.yield %m : f32
  } -> tensor<?xf32>
  %ee = tensor.empty(%n) : tensor<?x10xf32>
  %exp = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %max : tensor<?x10xf32>, tensor<?xf32>) outs(%ee : tensor<?x10xf32>) {
  ^bb0(%in: f32, %mx: f32, %out: f32):
    %d = arith.subf %in, %mx : f32
    %e = math.exp %d : f32
    linalg.yield %e : f32
  } -> tensor<?x10xf32>
  %sinit = linalg.fill ins(%zero : f32) outs(%me : tensor<?xf32>) -> tensor<?xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%exp : tensor<?x10xf32>) outs(%sinit : tensor<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  %out = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%exp, %sum : tensor<?x10xf32>, tensor<?xf32>) outs(%ee : tensor<?x10xf32>) {
  ^bb0(%in: f32, %s: f32, %o: f32):
    %r = arith.divf %in, %s : f32
    linalg.yield %r : f32
  } -> tensor<?x10xf32>
  return %out : tensor<?x10xf32>
}
