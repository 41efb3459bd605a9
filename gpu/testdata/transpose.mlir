// Copies contiguous along different dims on each side, which the GPU
// moves in tiles through shared memory (gpu/codegen genTransposeCopy), 32
// rows of the destination's contiguous dim by 128 bytes of the source's:
// an NCHW tensor to NHWC (the batch n, then h·w against c; 35 and 40 are
// not multiples of the tile), a 2-D f16 transpose and a strided i32 one
// (a slice read with stride 2 on its rows is not contiguous there, so
// only its columns tile against the destination's rows); a bf16 NCHW to
// NHWC whose h·w (99) is one 64-wide tile and part of another, and an i8
// transpose whose rows (150) are one 128-wide tile and part of another.
func.func @nchw_to_nhwc(%x: tensor<2x40x5x7xf32>) -> tensor<2x5x7x40xf32> {
  %e = tensor.empty() : tensor<2x5x7x40xf32>
  %t = linalg.transpose ins(%x : tensor<2x40x5x7xf32>) outs(%e : tensor<2x5x7x40xf32>) permutation = [0, 2, 3, 1]
  return %t : tensor<2x5x7x40xf32>
}
func.func @mn_to_nm_f16(%x: tensor<37x20xf16>) -> tensor<20x37xf16> {
  %e = tensor.empty() : tensor<20x37xf16>
  %t = linalg.transpose ins(%x : tensor<37x20xf16>) outs(%e : tensor<20x37xf16>) permutation = [1, 0]
  return %t : tensor<20x37xf16>
}
func.func @strided_rows_i32(%x: tensor<64x24xi32>) -> tensor<24x32xi32> {
  %s = tensor.extract_slice %x[0, 0] [32, 24] [2, 1] : tensor<64x24xi32> to tensor<32x24xi32>
  %e = tensor.empty() : tensor<24x32xi32>
  %t = linalg.transpose ins(%s : tensor<32x24xi32>) outs(%e : tensor<24x32xi32>) permutation = [1, 0]
  return %t : tensor<24x32xi32>
}
func.func @nchw_to_nhwc_bf16(%x: tensor<2x24x9x11xbf16>) -> tensor<2x9x11x24xbf16> {
  %e = tensor.empty() : tensor<2x9x11x24xbf16>
  %t = linalg.transpose ins(%x : tensor<2x24x9x11xbf16>) outs(%e : tensor<2x9x11x24xbf16>) permutation = [0, 2, 3, 1]
  return %t : tensor<2x9x11x24xbf16>
}
func.func @mn_to_nm_i8(%x: tensor<40x150xi8>) -> tensor<150x40xi8> {
  %e = tensor.empty() : tensor<150x40xi8>
  %t = linalg.transpose ins(%x : tensor<40x150xi8>) outs(%e : tensor<150x40xi8>) permutation = [1, 0]
  return %t : tensor<150x40xi8>
}
