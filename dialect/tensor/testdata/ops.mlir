// Every tensor op in its custom form; values come in as function arguments
// so that only the func dialect is needed besides tensor.

func.func @empty(%n: index, %m: index) -> (tensor<2x3xf32>, tensor<f32>, tensor<?x4xf32>, tensor<?x4x?xf16>) {
  %0 = tensor.empty() : tensor<2x3xf32>
  %1 = tensor.empty() : tensor<f32>
  %2 = tensor.empty(%n) : tensor<?x4xf32>
  %3 = tensor.empty(%n, %m) {tag} : tensor<?x4x?xf16>
  return %0, %1, %2, %3 : tensor<2x3xf32>, tensor<f32>, tensor<?x4xf32>, tensor<?x4x?xf16>
}

// -----

func.func @extract_insert(%t: tensor<4x4xf32>, %i: index, %j: index, %v: f32, %s: tensor<f32>) -> (f32, f32, tensor<4x4xf32>, tensor<f32>) {
  %0 = tensor.extract %t[%i, %j] : tensor<4x4xf32>
  %1 = tensor.extract %s[] {a = 1 : i32} : tensor<f32>
  %2 = tensor.insert %v into %t[%i, %j] : tensor<4x4xf32>
  %3 = tensor.insert %0 into %s[] : tensor<f32>
  return %0, %1, %2, %3 : f32, f32, tensor<4x4xf32>, tensor<f32>
}

// -----

func.func @cast_dim_rank(%t: tensor<?x4xf32>, %u: tensor<*xf32>, %c0: index) -> (tensor<?x?xf32>, tensor<*xf32>, tensor<3x4xf32>, index, index, index) {
  %0 = tensor.cast %t : tensor<?x4xf32> to tensor<?x?xf32>
  %1 = tensor.cast %t {x} : tensor<?x4xf32> to tensor<*xf32>
  %2 = tensor.cast %u : tensor<*xf32> to tensor<3x4xf32>
  %3 = tensor.dim %t, %c0 : tensor<?x4xf32>
  %4 = tensor.dim {a = 1 : i64} %u, %c0 : tensor<*xf32>
  %5 = tensor.rank %u : tensor<*xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<?x?xf32>, tensor<*xf32>, tensor<3x4xf32>, index, index, index
}

// -----

func.func @splat_from_elements(%v: f32, %w: f32, %i: i64) -> (tensor<4xf32>, tensor<2x2xf32>, tensor<f32>, tensor<0xf32>, tensor<1xi64>) {
  %0 = tensor.splat %v : tensor<4xf32>
  %1 = tensor.from_elements %v, %w, %w, %v : tensor<2x2xf32>
  %2 = tensor.from_elements %v : tensor<f32>
  %3 = tensor.from_elements : tensor<0xf32>
  %4 = tensor.from_elements %i {tag = "x"} : tensor<1xi64>
  return %0, %1, %2, %3, %4 : tensor<4xf32>, tensor<2x2xf32>, tensor<f32>, tensor<0xf32>, tensor<1xi64>
}

// -----

func.func @generate(%n: index, %v: f32, %t: tensor<?x3xf32>) -> (tensor<?x3xf32>, tensor<2xf32>, tensor<?x3xf32>) {
  %0 = tensor.generate %n {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<?x3xf32>
  %1 = tensor.generate {
  ^bb0(%i: index):
    tensor.yield %v {y} : f32
  } {g} : tensor<2xf32>
  %2 = tensor.generate %n {
  ^bb0(%i: index, %j: index):
    %e = tensor.extract %t[%i, %j] : tensor<?x3xf32>
    tensor.yield %e : f32
  } : tensor<?x3xf32>
  return %0, %1, %2 : tensor<?x3xf32>, tensor<2xf32>, tensor<?x3xf32>
}

// -----

func.func @reshape(%t: tensor<6xf32>, %s: tensor<2xi32>, %d: tensor<?xf32>, %ds: tensor<2xindex>, %us: tensor<?xindex>) -> (tensor<2x3xf32>, tensor<?x?xf32>, tensor<*xf32>) {
  %0 = tensor.reshape %t(%s) : (tensor<6xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  %1 = tensor.reshape %d(%ds) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %2 = tensor.reshape %d(%us) : (tensor<?xf32>, tensor<?xindex>) -> tensor<*xf32>
  return %0, %1, %2 : tensor<2x3xf32>, tensor<?x?xf32>, tensor<*xf32>
}
