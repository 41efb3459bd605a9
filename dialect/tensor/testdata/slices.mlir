// extract_slice / insert_slice: static, dynamic, strided, rank-reducing.

func.func @extract_static(%t: tensor<8x16xf32>) -> (tensor<4x8xf32>, tensor<2x4xf32>, tensor<4x5xf32>, tensor<8x16xf32>) {
  %0 = tensor.extract_slice %t[0, 0] [4, 8] [1, 1] : tensor<8x16xf32> to tensor<4x8xf32>
  %1 = tensor.extract_slice %t[3, 5] [2, 4] [1, 1] : tensor<8x16xf32> to tensor<2x4xf32>
  %2 = tensor.extract_slice %t[0, 1] [4, 5] [2, 3] : tensor<8x16xf32> to tensor<4x5xf32>
  %3 = tensor.extract_slice %t[0, 0] [8, 16] [1, 1] {keep} : tensor<8x16xf32> to tensor<8x16xf32>
  return %0, %1, %2, %3 : tensor<4x8xf32>, tensor<2x4xf32>, tensor<4x5xf32>, tensor<8x16xf32>
}

// -----

func.func @extract_dynamic(%t: tensor<?x?x?xf32>, %a: index, %b: index, %c: index, %u: tensor<8x8xf32>) -> (tensor<?x?x2xf32>, tensor<2x4xf32>) {
  %0 = tensor.extract_slice %t[%a, 0, %c] [%b, %b, 2] [1, %c, 1] : tensor<?x?x?xf32> to tensor<?x?x2xf32>
  %1 = tensor.extract_slice %u[0, %a] [2, 4] [1, 2] : tensor<8x8xf32> to tensor<2x4xf32>
  return %0, %1 : tensor<?x?x2xf32>, tensor<2x4xf32>
}

// -----

func.func @extract_rank_reducing(%t: tensor<4x8xf32>, %r: index, %u: tensor<1x3x4xf32>, %w: tensor<2x?x6xf32>) -> (tensor<8xf32>, tensor<3x4xf32>, tensor<f32>, tensor<2x6xf32>, tensor<1x4xf32>) {
  %0 = tensor.extract_slice %t[%r, 0] [1, 8] [1, 1] : tensor<4x8xf32> to tensor<8xf32>
  %1 = tensor.extract_slice %u[0, 0, 0] [1, 3, 4] [1, 1, 1] : tensor<1x3x4xf32> to tensor<3x4xf32>
  %2 = tensor.extract_slice %t[2, 3] [1, 1] [1, 1] : tensor<4x8xf32> to tensor<f32>
  %3 = tensor.extract_slice %w[0, %r, 0] [2, 1, 6] [1, 1, 1] : tensor<2x?x6xf32> to tensor<2x6xf32>
  %4 = tensor.extract_slice %u[0, 1, 0] [1, 1, 4] [1, 1, 1] : tensor<1x3x4xf32> to tensor<1x4xf32>
  return %0, %1, %2, %3, %4 : tensor<8xf32>, tensor<3x4xf32>, tensor<f32>, tensor<2x6xf32>, tensor<1x4xf32>
}

// -----

func.func @insert_static(%dst: tensor<8x8xf32>, %tile: tensor<2x4xf32>, %row: tensor<8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %0 = tensor.insert_slice %tile into %dst[2, 4] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<8x8xf32>
  %1 = tensor.insert_slice %row into %0[7, 0] [1, 8] [1, 1] {tag = 3 : i64} : tensor<8xf32> into tensor<8x8xf32>
  return %0, %1 : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

// Strided inserts (strides 2 and 3, with offsets), as used to dilate
// gradients in convolution backward passes.
func.func @insert_strided(%s: tensor<2x4xf32>, %d: tensor<8x16xf32>, %g: tensor<1x2x3x3xf32>, %z: tensor<1x2x5x5xf32>, %a: tensor<2x2x4xf32>, %b: tensor<4x6x4xf32>, %v: tensor<4xf32>, %w: tensor<7xf32>) -> (tensor<8x16xf32>, tensor<1x2x5x5xf32>, tensor<4x6x4xf32>, tensor<7xf32>) {
  %0 = tensor.insert_slice %s into %d[0, 1] [2, 4] [2, 3] : tensor<2x4xf32> into tensor<8x16xf32>
  %1 = tensor.insert_slice %g into %z[0, 0, 0, 0] [1, 2, 3, 3] [1, 1, 2, 2] : tensor<1x2x3x3xf32> into tensor<1x2x5x5xf32>
  %2 = tensor.insert_slice %a into %b[1, 1, 0] [2, 2, 4] [2, 3, 1] : tensor<2x2x4xf32> into tensor<4x6x4xf32>
  %3 = tensor.insert_slice %v into %w[0] [4] [2] : tensor<4xf32> into tensor<7xf32>
  return %0, %1, %2, %3 : tensor<8x16xf32>, tensor<1x2x5x5xf32>, tensor<4x6x4xf32>, tensor<7xf32>
}

// -----

func.func @insert_dynamic(%dst: tensor<?x?xf32>, %src: tensor<2x2xf32>, %o: index, %s: index, %n: index, %row: tensor<8xf32>, %d3: tensor<4x?x8xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<4x?x8xf32>) {
  %0 = tensor.insert_slice %src into %dst[%o, 1] [2, 2] [%s, 2] : tensor<2x2xf32> into tensor<?x?xf32>
  %1 = tensor.insert_slice %src into %0[%o, %o] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<?x?xf32>
  %2 = tensor.insert_slice %row into %d3[%o, %n, 0] [1, 1, 8] [1, 1, 1] : tensor<8xf32> into tensor<4x?x8xf32>
  return %0, %1, %2 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<4x?x8xf32>
}

// -----

func.func @insert_dynamic_size(%dst: tensor<?x?xf32>, %src: tensor<?x4xf32>, %i: index, %n: index) -> tensor<?x?xf32> {
  %0 = tensor.insert_slice %src into %dst[%i, %i] [%n, 4] [1, 1] : tensor<?x4xf32> into tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
