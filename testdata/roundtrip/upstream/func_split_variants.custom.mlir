module {
  func.func private @only_decl(i32) -> i32
}


// -----
module {
  func.func @empty() {
    return
  }
}


// -----
module {
  func.func @tensor_passthrough(%arg0: tensor<?x?xf32>, %arg1: tensor<f32>) -> (tensor<?x?xf32>, tensor<f32>) {
    return %arg0, %arg1 : tensor<?x?xf32>, tensor<f32>
  }
}


// -----
module {
  func.func @with_attrs(%arg0: f16 {arg.x}) -> (f16 {res.y}) attributes {fn.z} {
    return %arg0 : f16
  }
}

