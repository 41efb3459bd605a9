// f32 math.rsqrt: the lane program and the interpreter (@rsqrt_small,
// below the lanes' minimum work) both compute 1 / sqrt(x) with the square
// root rounded to f32 first, as PyTorch and the GPU kernels do.
#id = affine_map<(d0) -> (d0)>
func.func @rsqrt(%x: tensor<4096xf32>, %o: tensor<4096xf32>) -> tensor<4096xf32> {
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<4096xf32>) outs(%o : tensor<4096xf32>) {
  ^bb0(%a: f32, %b: f32):
    %s = math.rsqrt %a : f32
    linalg.yield %s : f32
  } -> tensor<4096xf32>
  return %r : tensor<4096xf32>
}

func.func @rsqrt_small(%x: tensor<8xf32>, %o: tensor<8xf32>) -> tensor<8xf32> {
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%o : tensor<8xf32>) {
  ^bb0(%a: f32, %b: f32):
    %s = math.rsqrt %a : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}
