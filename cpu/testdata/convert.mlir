// Converting copies, for TestConvertMatchesInterpreter: generics whose
// body is one arith.truncf (f32 to bf16/f16) or arith.extf (bf16/f16 to
// f32) of their input, over identity, permuted, broadcast and strided
// maps.
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#t3 = affine_map<(d0, d1, d2) -> (d2, d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#t2 = affine_map<(d0, d1) -> (d1, d0)>

func.func @trunc_bf16(%x: tensor<3x5x37xf32>) -> tensor<3x5x37xbf16> {
  %e = tensor.empty() : tensor<3x5x37xbf16>
  %r = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : tensor<3x5x37xf32>) outs(%e : tensor<3x5x37xbf16>) {
  ^bb0(%in: f32, %out: bf16):
    %c = arith.truncf %in : f32 to bf16
    linalg.yield %c : bf16
  } -> tensor<3x5x37xbf16>
  return %r : tensor<3x5x37xbf16>
}

func.func @trunc_f16_permuted(%x: tensor<4x6x5xf32>) -> tensor<5x4x6xf16> {
  %e = tensor.empty() : tensor<5x4x6xf16>
  %r = linalg.generic {indexing_maps = [#id3, #t3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : tensor<4x6x5xf32>) outs(%e : tensor<5x4x6xf16>) {
  ^bb0(%in: f32, %out: f16):
    %c = arith.truncf %in : f32 to f16
    linalg.yield %c : f16
  } -> tensor<5x4x6xf16>
  return %r : tensor<5x4x6xf16>
}

func.func @trunc_bf16_strided(%x: tensor<6x40xf32>) -> tensor<3x20xbf16> {
  %s = tensor.extract_slice %x[1, 0] [3, 20] [2, 2] : tensor<6x40xf32> to tensor<3x20xf32>
  %e = tensor.empty() : tensor<3x20xbf16>
  %r = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<3x20xf32>) outs(%e : tensor<3x20xbf16>) {
  ^bb0(%in: f32, %out: bf16):
    %c = arith.truncf %in : f32 to bf16
    linalg.yield %c : bf16
  } -> tensor<3x20xbf16>
  return %r : tensor<3x20xbf16>
}

func.func @ext_bf16_transposed(%x: tensor<9x35xbf16>) -> tensor<35x9xf32> {
  %e = tensor.empty() : tensor<35x9xf32>
  %r = linalg.generic {indexing_maps = [#t2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<9x35xbf16>) outs(%e : tensor<35x9xf32>) {
  ^bb0(%in: bf16, %out: f32):
    %c = arith.extf %in : bf16 to f32
    linalg.yield %c : f32
  } -> tensor<35x9xf32>
  return %r : tensor<35x9xf32>
}

func.func @ext_bf16(%x: tensor<7x41xbf16>) -> tensor<7x41xf32> {
  %e = tensor.empty() : tensor<7x41xf32>
  %r = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<7x41xbf16>) outs(%e : tensor<7x41xf32>) {
  ^bb0(%in: bf16, %out: f32):
    %c = arith.extf %in : bf16 to f32
    linalg.yield %c : f32
  } -> tensor<7x41xf32>
  return %r : tensor<7x41xf32>
}

func.func @ext_f16_broadcast(%x: tensor<33xf16>) -> tensor<4x33xf32> {
  %e = tensor.empty() : tensor<4x33xf32>
  %r = linalg.generic {indexing_maps = [#row, #id2], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<33xf16>) outs(%e : tensor<4x33xf32>) {
  ^bb0(%in: f16, %out: f32):
    %c = arith.extf %in : f16 to f32
    linalg.yield %c : f32
  } -> tensor<4x33xf32>
  return %r : tensor<4x33xf32>
}
