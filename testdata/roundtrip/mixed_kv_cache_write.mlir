// Covers: KV-cache update: reshape new K/V into heads, insert_slice at a dynamic sequence offset, read back a dynamic window.
func.func @kv_cache_write(%cache_k: tensor<1x8x128x16xf16>, %cache_v: tensor<1x8x128x16xf16>, %k: tensor<1x4x128xf16>, %v: tensor<1x4x128xf16>, %pos: i64) -> (tensor<1x8x128x16xf16>, tensor<1x8x128x16xf16>) {
  %kh = tensor.expand_shape %k [[0], [1], [2, 3]] : tensor<1x4x128xf16> into tensor<1x4x8x16xf16>
  %vh = tensor.expand_shape %v [[0], [1], [2, 3]] : tensor<1x4x128xf16> into tensor<1x4x8x16xf16>
  %te = tensor.empty() : tensor<1x8x4x16xf16>
  %kt = linalg.transpose ins(%kh : tensor<1x4x8x16xf16>) outs(%te : tensor<1x8x4x16xf16>) permutation = [0, 2, 1, 3]
  %vt = linalg.transpose ins(%vh : tensor<1x4x8x16xf16>) outs(%te : tensor<1x8x4x16xf16>) permutation = [0, 2, 1, 3]
  %off = arith.index_cast %pos : i64 to index
  %nk = tensor.insert_slice %kt into %cache_k[0, 0, %off, 0] [1, 8, 4, 16] [1, 1, 1, 1] : tensor<1x8x4x16xf16> into tensor<1x8x128x16xf16>
  %nv = tensor.insert_slice %vt into %cache_v[0, 0, %off, 0] [1, 8, 4, 16] [1, 1, 1, 1] : tensor<1x8x4x16xf16> into tensor<1x8x128x16xf16>
  return %nk, %nv : tensor<1x8x128x16xf16>, tensor<1x8x128x16xf16>
}

func.func @kv_cache_read(%cache: tensor<1x8x128x16xf16>, %len: index) -> tensor<8x?x16xf16> {
  %0 = tensor.extract_slice %cache[0, 0, 0, 0] [1, 8, %len, 16] [1, 1, 1, 1] : tensor<1x8x128x16xf16> to tensor<8x?x16xf16>
  return %0 : tensor<8x?x16xf16>
}

func.func @kv_cache_single_token(%cache: tensor<2x?x64xf32>, %tok: tensor<2x64xf32>, %pos: index) -> tensor<2x?x64xf32> {
  %0 = tensor.insert_slice %tok into %cache[0, %pos, 0] [2, 1, 64] [1, 1, 1] : tensor<2x64xf32> into tensor<2x?x64xf32>
  return %0 : tensor<2x?x64xf32>
}

func.func @decode_scores(%cache: tensor<1x8x128x16xf16>, %q: tensor<8x1x16xf16>, %len: index) -> tensor<8x1x?xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %k = tensor.extract_slice %cache[0, 0, 0, 0] [1, 8, %len, 16] [1, 1, 1, 1] : tensor<1x8x128x16xf16> to tensor<8x?x16xf16>
  %kte = tensor.empty(%len) : tensor<8x16x?xf16>
  %kt = linalg.transpose ins(%k : tensor<8x?x16xf16>) outs(%kte : tensor<8x16x?xf16>) permutation = [0, 2, 1]
  %se = tensor.empty(%len) : tensor<8x1x?xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%se : tensor<8x1x?xf32>) -> tensor<8x1x?xf32>
  %s = linalg.batch_matmul ins(%q, %kt : tensor<8x1x16xf16>, tensor<8x16x?xf16>) outs(%acc : tensor<8x1x?xf32>) -> tensor<8x1x?xf32>
  return %s : tensor<8x1x?xf32>
}
