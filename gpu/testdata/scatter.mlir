// Reductions over index positions that run as scatters
// (gpu/codegen/scatter.go, plan.MatchScatter): index_put with
// accumulate, repeated positions and a negative one, and writing (the
// last of repeated positions wins); two index tensors on non-adjacent
// dims; bf16 sums; index_add; index_copy; embedding_dense_backward with
// a padding index. Lowered from cpu/scatter_test.go's scatterSrc by
// `torchlower opt -p convert-torch-to-linalg,canonicalize,cse`.
#map = affine_map<(d0, d1, d2) -> (d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d3)>
#map4 = affine_map<(d0, d1, d2, d3) -> (d3, d1)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map6 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @main(%arg0: tensor<6x4xf32>, %arg1: tensor<5xi64>, %arg2: tensor<5x4xf32>, %arg3: tensor<4x3x5xf32>, %arg4: tensor<3xi64>, %arg5: tensor<3xi64>, %arg6: tensor<3x3xf32>, %arg7: tensor<6x4xbf16>, %arg8: tensor<5x4xbf16>, %arg9: tensor<2x3x4xf32>, %arg10: tensor<2x3xi64>, %arg11: tensor<3x4xf32>) -> (tensor<6x4xf32>, tensor<6x4xf32>, tensor<4x3x5xf32>, tensor<6x4xbf16>, tensor<6x4xf32>, tensor<6x4xf32>, tensor<7x4xf32>) {
    %0 = linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg1, %arg2 : tensor<5xi64>, tensor<5x4xf32>) outs(%arg0 : tensor<6x4xf32>) {
    ^bb0(%in: i64, %in_2: f32, %out: f32):
      %c0_i64 = arith.constant 0 : i64
      %11 = arith.cmpi slt, %in, %c0_i64 : i64
      %c6_i64 = arith.constant 6 : i64
      %12 = arith.addi %in, %c6_i64 : i64
      %13 = arith.select %11, %12, %in : i64
      %14 = arith.index_cast %13 : i64 to index
      %15 = linalg.index 0 : index
      %16 = arith.cmpi eq, %14, %15 : index
      %17 = arith.addf %out, %in_2 : f32
      %18 = arith.select %16, %17, %out : f32
      linalg.yield %18 : f32
    } -> tensor<6x4xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg1, %arg2 : tensor<5xi64>, tensor<5x4xf32>) outs(%arg0 : tensor<6x4xf32>) {
    ^bb0(%in: i64, %in_2: f32, %out: f32):
      %c0_i64 = arith.constant 0 : i64
      %11 = arith.cmpi slt, %in, %c0_i64 : i64
      %c6_i64 = arith.constant 6 : i64
      %12 = arith.addi %in, %c6_i64 : i64
      %13 = arith.select %11, %12, %in : i64
      %14 = arith.index_cast %13 : i64 to index
      %15 = linalg.index 0 : index
      %16 = arith.cmpi eq, %14, %15 : index
      %17 = arith.select %16, %in_2, %out : f32
      linalg.yield %17 : f32
    } -> tensor<6x4xf32>
    %2 = linalg.generic {indexing_maps = [#map3, #map3, #map4, #map5], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%arg4, %arg5, %arg6 : tensor<3xi64>, tensor<3xi64>, tensor<3x3xf32>) outs(%arg3 : tensor<4x3x5xf32>) {
    ^bb0(%in: i64, %in_2: i64, %in_3: f32, %out: f32):
      %c0_i64 = arith.constant 0 : i64
      %11 = arith.cmpi slt, %in, %c0_i64 : i64
      %c4_i64 = arith.constant 4 : i64
      %12 = arith.addi %in, %c4_i64 : i64
      %13 = arith.select %11, %12, %in : i64
      %14 = arith.index_cast %13 : i64 to index
      %15 = linalg.index 0 : index
      %16 = arith.cmpi eq, %14, %15 : index
      %17 = arith.cmpi slt, %in_2, %c0_i64 : i64
      %c5_i64 = arith.constant 5 : i64
      %18 = arith.addi %in_2, %c5_i64 : i64
      %19 = arith.select %17, %18, %in_2 : i64
      %20 = arith.index_cast %19 : i64 to index
      %21 = linalg.index 2 : index
      %22 = arith.cmpi eq, %20, %21 : index
      %23 = arith.andi %16, %22 : i1
      %24 = arith.addf %out, %in_3 : f32
      %25 = arith.select %23, %24, %out : f32
      linalg.yield %25 : f32
    } -> tensor<4x3x5xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg1, %arg8 : tensor<5xi64>, tensor<5x4xbf16>) outs(%arg7 : tensor<6x4xbf16>) {
    ^bb0(%in: i64, %in_2: bf16, %out: bf16):
      %c0_i64 = arith.constant 0 : i64
      %11 = arith.cmpi slt, %in, %c0_i64 : i64
      %c6_i64 = arith.constant 6 : i64
      %12 = arith.addi %in, %c6_i64 : i64
      %13 = arith.select %11, %12, %in : i64
      %14 = arith.index_cast %13 : i64 to index
      %15 = linalg.index 0 : index
      %16 = arith.cmpi eq, %14, %15 : index
      %17 = arith.addf %out, %in_2 : bf16
      %18 = arith.select %16, %17, %out : bf16
      linalg.yield %18 : bf16
    } -> tensor<6x4xbf16>
    %cst = arith.constant 5.000000e-01 : f32
    %4 = tensor.empty() : tensor<5x4xf32>
    %5 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel"]} ins(%arg2 : tensor<5x4xf32>) outs(%4 : tensor<5x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = arith.mulf %in, %cst : f32
      linalg.yield %11 : f32
    } -> tensor<5x4xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg1, %5 : tensor<5xi64>, tensor<5x4xf32>) outs(%arg0 : tensor<6x4xf32>) {
    ^bb0(%in: i64, %in_2: f32, %out: f32):
      %11 = arith.index_cast %in : i64 to index
      %12 = linalg.index 0 : index
      %13 = arith.cmpi eq, %11, %12 : index
      %14 = arith.addf %out, %in_2 : f32
      %15 = arith.select %13, %14, %out : f32
      linalg.yield %15 : f32
    } -> tensor<6x4xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg4, %arg11 : tensor<3xi64>, tensor<3x4xf32>) outs(%arg0 : tensor<6x4xf32>) {
    ^bb0(%in: i64, %in_2: f32, %out: f32):
      %11 = arith.index_cast %in : i64 to index
      %12 = linalg.index 0 : index
      %13 = arith.cmpi eq, %11, %12 : index
      %14 = arith.select %13, %in_2, %out : f32
      linalg.yield %14 : f32
    } -> tensor<6x4xf32>
    %cst_0 = arith.constant 0.000000e+00 : f32
    %8 = tensor.empty() : tensor<7x4xf32>
    %9 = linalg.fill ins(%cst_0 : f32) outs(%8 : tensor<7x4xf32>) -> tensor<7x4xf32>
    %collapsed = tensor.collapse_shape %arg10 [[0, 1]] : tensor<2x3xi64> into tensor<6xi64>
    %collapsed_1 = tensor.collapse_shape %arg9 [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
    %10 = linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%collapsed, %collapsed_1 : tensor<6xi64>, tensor<6x4xf32>) outs(%9 : tensor<7x4xf32>) {
    ^bb0(%in: i64, %in_2: f32, %out: f32):
      %11 = arith.index_cast %in : i64 to index
      %12 = linalg.index 0 : index
      %13 = arith.cmpi eq, %11, %12 : index
      %c2_i64 = arith.constant 2 : i64
      %14 = arith.cmpi ne, %in, %c2_i64 : i64
      %15 = arith.andi %13, %14 : i1
      %16 = arith.addf %out, %in_2 : f32
      %17 = arith.select %15, %16, %out : f32
      linalg.yield %17 : f32
    } -> tensor<7x4xf32>
    return %0, %1, %2, %3, %6, %7, %10 : tensor<6x4xf32>, tensor<6x4xf32>, tensor<4x3x5xf32>, tensor<6x4xbf16>, tensor<6x4xf32>, tensor<6x4xf32>, tensor<7x4xf32>
  }
}
