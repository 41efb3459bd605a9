// f16 and bf16 contractions that take the tensor-core body on NVIDIA
// sm_80+ (gpu/codegen/tensorcore.go): TestTestdataMatchesCPU runs them on
// a GPU and compares with the CPU within the dtype's tolerance.
#x = affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d2 + d4)>
#w = affine_map<(d0, d1, d2, d3, d4) -> (d1, d3, d4)>
#y = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>
#ma = affine_map<(d0, d1, d2) -> (d0, d2)>
#mb = affine_map<(d0, d1, d2) -> (d2, d1)>
#mc = affine_map<(d0, d1, d2) -> (d0, d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @conv1d_f16_acc(%in: tensor<2x7x40xf16>, %w: tensor<36x7x5xf16>, %acc: tensor<2x36x36xf32>) -> tensor<2x36x36xf32> {
  %r = linalg.generic {indexing_maps = [#x, #w, #y], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%in, %w : tensor<2x7x40xf16>, tensor<36x7x5xf16>) outs(%acc : tensor<2x36x36xf32>) {
  ^bb0(%a: f16, %b: f16, %o: f32):
    %af = arith.extf %a : f16 to f32
    %bf = arith.extf %b : f16 to f32
    %p = arith.mulf %af, %bf : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x36x36xf32>
  return %r : tensor<2x36x36xf32>
}
func.func @mm_bf16_trunc(%a: tensor<300x200xbf16>, %b: tensor<200x96xbf16>) -> tensor<300x96xbf16> {
  %z = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<300x96xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<300x96xf32>) -> tensor<300x96xf32>
  %r = linalg.generic {indexing_maps = [#ma, #mb, #mc], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<300x200xbf16>, tensor<200x96xbf16>) outs(%f : tensor<300x96xf32>) {
  ^bb0(%x: bf16, %v: bf16, %o: f32):
    %xf = arith.extf %x : bf16 to f32
    %vf = arith.extf %v : bf16 to f32
    %p = arith.mulf %xf, %vf : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<300x96xf32>
  %e2 = tensor.empty() : tensor<300x96xbf16>
  %t = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%r : tensor<300x96xf32>) outs(%e2 : tensor<300x96xbf16>) {
  ^bb0(%x: f32, %o: bf16):
    %v = arith.truncf %x : f32 to bf16
    linalg.yield %v : bf16
  } -> tensor<300x96xbf16>
  return %t : tensor<300x96xbf16>
}
// Contractions that fill NVIDIA's 128×128 tile (mma.go), with every way
// of staging a factor: a's K contiguous in 16-byte rows and b's N
// (mixed); a's K contiguous in 16-byte rows, the last cut short, and b's
// K contiguous in rows of 37 (kfast); a data gradient's NCHW dy and
// weights (both by rows); both factors' K contiguous in 16-byte rows
// (tn: the layout the GPU pipelines give a data gradient; copied by
// cp.async into a ring of four stages, K eight slices deep, so that the
// ring turns twice and each stage is refilled while the others are
// read), and the same with K cut short of a slice and of a 16-byte
// piece (tn_cut: two slices, two stages). M, N and K are not multiples of the
// tile or the slice.
#kt = affine_map<(d0, d1, d2) -> (d1, d2)>
#dy = affine_map<(d0, d1, d2, d3, d4) -> (d0, d4, d2, d3)>
#wt = affine_map<(d0, d1, d2, d3, d4) -> (d4, d1)>
#dx = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
func.func @mm_f16_mixed_acc(%a: tensor<200x72xf16>, %b: tensor<72x144xf16>, %acc: tensor<200x144xf32>) -> tensor<200x144xf32> {
  %r = linalg.generic {indexing_maps = [#ma, #mb, #mc], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<200x72xf16>, tensor<72x144xf16>) outs(%acc : tensor<200x144xf32>) {
  ^bb0(%x: f16, %v: f16, %o: f32):
    %xf = arith.extf %x : f16 to f32
    %vf = arith.extf %v : f16 to f32
    %p = arith.mulf %xf, %vf : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<200x144xf32>
  return %r : tensor<200x144xf32>
}
func.func @mm_bf16_kfast(%a: tensor<136x40xbf16>, %b: tensor<130x37xbf16>) -> tensor<136x130xf32> {
  %as = tensor.extract_slice %a[0, 0] [136, 37] [1, 1] : tensor<136x40xbf16> to tensor<136x37xbf16>
  %z = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<136x130xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<136x130xf32>) -> tensor<136x130xf32>
  %r = linalg.generic {indexing_maps = [#ma, #kt, #mc], iterator_types = ["parallel", "parallel", "reduction"]} ins(%as, %b : tensor<136x37xbf16>, tensor<130x37xbf16>) outs(%f : tensor<136x130xf32>) {
  ^bb0(%x: bf16, %v: bf16, %o: f32):
    %xf = arith.extf %x : bf16 to f32
    %vf = arith.extf %v : bf16 to f32
    %p = arith.mulf %xf, %vf : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<136x130xf32>
  return %r : tensor<136x130xf32>
}
func.func @dgrad1x1_bf16(%dy: tensor<2x72x12x12xbf16>, %w: tensor<72x136xbf16>) -> tensor<2x136x12x12xbf16> {
  %z = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<2x136x12x12xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x136x12x12xf32>) -> tensor<2x136x12x12xf32>
  %r = linalg.generic {indexing_maps = [#dy, #wt, #dx], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%dy, %w : tensor<2x72x12x12xbf16>, tensor<72x136xbf16>) outs(%f : tensor<2x136x12x12xf32>) {
  ^bb0(%x: bf16, %v: bf16, %o: f32):
    %xf = arith.extf %x : bf16 to f32
    %vf = arith.extf %v : bf16 to f32
    %p = arith.mulf %xf, %vf : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x136x12x12xf32>
  %e2 = tensor.empty() : tensor<2x136x12x12xbf16>
  %t = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%r : tensor<2x136x12x12xf32>) outs(%e2 : tensor<2x136x12x12xbf16>) {
  ^bb0(%x: f32, %o: bf16):
    %v = arith.truncf %x : f32 to bf16
    linalg.yield %v : bf16
  } -> tensor<2x136x12x12xbf16>
  return %t : tensor<2x136x12x12xbf16>
}
func.func @mm_f16_tn(%a: tensor<136x232xf16>, %b: tensor<144x232xf16>) -> tensor<136x144xf32> {
  %z = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<136x144xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<136x144xf32>) -> tensor<136x144xf32>
  %r = linalg.generic {indexing_maps = [#ma, #kt, #mc], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<136x232xf16>, tensor<144x232xf16>) outs(%f : tensor<136x144xf32>) {
  ^bb0(%x: f16, %v: f16, %o: f32):
    %xf = arith.extf %x : f16 to f32
    %vf = arith.extf %v : f16 to f32
    %p = arith.mulf %xf, %vf : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<136x144xf32>
  return %r : tensor<136x144xf32>
}
func.func @mm_bf16_tn_cut(%a: tensor<136x48xbf16>, %b: tensor<130x48xbf16>) -> tensor<136x130xf32> {
  %as = tensor.extract_slice %a[0, 0] [136, 45] [1, 1] : tensor<136x48xbf16> to tensor<136x45xbf16>
  %bs = tensor.extract_slice %b[0, 0] [130, 45] [1, 1] : tensor<130x48xbf16> to tensor<130x45xbf16>
  %z = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<136x130xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<136x130xf32>) -> tensor<136x130xf32>
  %r = linalg.generic {indexing_maps = [#ma, #kt, #mc], iterator_types = ["parallel", "parallel", "reduction"]} ins(%as, %bs : tensor<136x45xbf16>, tensor<130x45xbf16>) outs(%f : tensor<136x130xf32>) {
  ^bb0(%x: bf16, %v: bf16, %o: f32):
    %xf = arith.extf %x : bf16 to f32
    %vf = arith.extf %v : bf16 to f32
    %p = arith.mulf %xf, %vf : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<136x130xf32>
  return %r : tensor<136x130xf32>
}
// A batched matmul whose a is laid out (m, b, k): K is contiguous and
// a row's M stride (40) a multiple of eight values, its batch stride (20)
// not, so its rows cannot all start 16-byte aligned: a is staged by k one
// value at a time, not in 16-byte loads (which would fault).
#ba = affine_map<(d0, d1, d2, d3) -> (d1, d0, d3)>
#bb = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
#bc = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
func.func @bmm_f16_batch_strided(%a: tensor<16x2x20xf16>, %b: tensor<2x20x24xf16>, %acc: tensor<2x16x24xf32>) -> tensor<2x16x24xf32> {
  %r = linalg.generic {indexing_maps = [#ba, #bb, #bc], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%a, %b : tensor<16x2x20xf16>, tensor<2x20x24xf16>) outs(%acc : tensor<2x16x24xf32>) {
  ^bb0(%x: f16, %v: f16, %o: f32):
    %xf = arith.extf %x : f16 to f32
    %vf = arith.extf %v : f16 to f32
    %p = arith.mulf %xf, %vf : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x16x24xf32>
  return %r : tensor<2x16x24xf32>
}
