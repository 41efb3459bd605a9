// Horizontal fusion (gpu/codegen/horizontal.go): consecutive kernels
// that touch no memory another writes share one launch; a dependence of
// any kind keeps them apart.
//   @independent: two elementwise ops on different inputs into different
//     results share a launch. The third reads the first's result (read
//     after write): it gets a launch of its own.
//   @windows: a fill of the result, then copies into its top and bottom
//     halves, then one into its middle. The fill writes what both halves
//     do (write after write): its own launch. The halves are disjoint:
//     one launch. The middle overlaps both: its own.
//   @arena_slot: two chains of two ops through f32 temporaries whose
//     lives do not overlap, so they share an arena slot. The second
//     chain's first op writes the slot that the first chain's second op
//     reads (write after read, through different buffers): apart.
//   @transposes: two tiled transposes, each synchronizing its blocks
//     and staging through shared memory: a block runs one of them, so
//     they share a launch (2 and 6 blocks of 32-row tiles, 128 bytes
//     wide), under their register bound (eight blocks a multiprocessor).
//   @transposes_i8: the same with an i8 transpose for the f16 one,
//     which would spill under that bound: the launch has none.
#id = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
func.func @independent(%a: tensor<8x16xf32>, %b: tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>) {
  %e0 = tensor.empty() : tensor<8x16xf32>
  %x = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<8x16xf32>) outs(%e0 : tensor<8x16xf32>) {
  ^bb0(%v: f32, %o: f32):
    %0 = arith.mulf %v, %v : f32
    linalg.yield %0 : f32
  } -> tensor<8x16xf32>
  %e1 = tensor.empty() : tensor<8x16xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<8x16xf32>) outs(%e1 : tensor<8x16xf32>) {
  ^bb0(%v: f32, %o: f32):
    %0 = arith.addf %v, %v : f32
    linalg.yield %0 : f32
  } -> tensor<8x16xf32>
  %e2 = tensor.empty() : tensor<8x16xf32>
  %z = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %b : tensor<8x16xf32>, tensor<8x16xf32>) outs(%e2 : tensor<8x16xf32>) {
  ^bb0(%v: f32, %w: f32, %o: f32):
    %0 = arith.subf %v, %w : f32
    linalg.yield %0 : f32
  } -> tensor<8x16xf32>
  return %x, %y, %z : tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>
}

func.func @windows(%a: tensor<4x16xf32>, %b: tensor<4x16xf32>) -> tensor<8x16xf32> {
  %c1 = arith.constant 1.000000e+00 : f32
  %e = tensor.empty() : tensor<8x16xf32>
  %f = linalg.fill ins(%c1 : f32) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
  %f1 = tensor.insert_slice %a into %f[0, 0] [4, 16] [1, 1] : tensor<4x16xf32> into tensor<8x16xf32>
  %f2 = tensor.insert_slice %b into %f1[4, 0] [4, 16] [1, 1] : tensor<4x16xf32> into tensor<8x16xf32>
  %f3 = tensor.insert_slice %a into %f2[2, 0] [4, 16] [1, 1] : tensor<4x16xf32> into tensor<8x16xf32>
  return %f3 : tensor<8x16xf32>
}

func.func @arena_slot(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %e0 = tensor.empty() : tensor<8x8xf32>
  %t0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<8x8xf32>) outs(%e0 : tensor<8x8xf32>) {
  ^bb0(%v: f32, %o: f32):
    %0 = arith.mulf %v, %v : f32
    linalg.yield %0 : f32
  } -> tensor<8x8xf32>
  %e1 = tensor.empty() : tensor<8x8xf32>
  %r0 = linalg.generic {indexing_maps = [#tr, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%t0, %a : tensor<8x8xf32>, tensor<8x8xf32>) outs(%e1 : tensor<8x8xf32>) {
  ^bb0(%v: f32, %w: f32, %o: f32):
    %0 = arith.addf %v, %w : f32
    linalg.yield %0 : f32
  } -> tensor<8x8xf32>
  %e2 = tensor.empty() : tensor<8x8xf32>
  %t1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<8x8xf32>) outs(%e2 : tensor<8x8xf32>) {
  ^bb0(%v: f32, %o: f32):
    %0 = arith.mulf %v, %v : f32
    linalg.yield %0 : f32
  } -> tensor<8x8xf32>
  %e3 = tensor.empty() : tensor<8x8xf32>
  %r1 = linalg.generic {indexing_maps = [#tr, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%t1, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%e3 : tensor<8x8xf32>) {
  ^bb0(%v: f32, %w: f32, %o: f32):
    %0 = arith.subf %v, %w : f32
    linalg.yield %0 : f32
  } -> tensor<8x8xf32>
  return %r0, %r1 : tensor<8x8xf32>, tensor<8x8xf32>
}

func.func @transposes(%a: tensor<40x36xf32>, %b: tensor<36x70xf16>) -> (tensor<36x40xf32>, tensor<70x36xf16>) {
  %e0 = tensor.empty() : tensor<36x40xf32>
  %ta = linalg.generic {indexing_maps = [#tr, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<40x36xf32>) outs(%e0 : tensor<36x40xf32>) {
  ^bb0(%v: f32, %o: f32):
    linalg.yield %v : f32
  } -> tensor<36x40xf32>
  %e1 = tensor.empty() : tensor<70x36xf16>
  %tb = linalg.generic {indexing_maps = [#tr, #id], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<36x70xf16>) outs(%e1 : tensor<70x36xf16>) {
  ^bb0(%v: f16, %o: f16):
    linalg.yield %v : f16
  } -> tensor<70x36xf16>
  return %ta, %tb : tensor<36x40xf32>, tensor<70x36xf16>
}
func.func @transposes_i8(%a: tensor<40x36xf32>, %b: tensor<36x70xi8>) -> (tensor<36x40xf32>, tensor<70x36xi8>) {
  %e0 = tensor.empty() : tensor<36x40xf32>
  %ta = linalg.generic {indexing_maps = [#tr, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<40x36xf32>) outs(%e0 : tensor<36x40xf32>) {
  ^bb0(%v: f32, %o: f32):
    linalg.yield %v : f32
  } -> tensor<36x40xf32>
  %e1 = tensor.empty() : tensor<70x36xi8>
  %tb = linalg.generic {indexing_maps = [#tr, #id], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<36x70xi8>) outs(%e1 : tensor<70x36xi8>) {
  ^bb0(%v: i8, %o: i8):
    linalg.yield %v : i8
  } -> tensor<70x36xi8>
  return %ta, %tb : tensor<36x40xf32>, tensor<70x36xi8>
}
