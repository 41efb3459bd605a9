// Covers: linalg.generic with multiple outputs / multiple results (argmax-style value+index, and sum+sumsq).
#id = affine_map<(d0, d1) -> (d0, d1)>
#red = affine_map<(d0, d1) -> (d0)>
func.func @argmax(%x: tensor<4x10xf32>, %vinit: tensor<4xf32>, %iinit: tensor<4xi64>) -> (tensor<4xf32>, tensor<4xi64>) {
  %0:2 = linalg.generic {indexing_maps = [#id, #red, #red], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x10xf32>) outs(%vinit, %iinit : tensor<4xf32>, tensor<4xi64>) {
  ^bb0(%in: f32, %best: f32, %bidx: i64):
    %j = linalg.index 1 : index
    %j64 = arith.index_cast %j : index to i64
    %gt = arith.cmpf ogt, %in, %best : f32
    %v = arith.select %gt, %in, %best : f32
    %i = arith.select %gt, %j64, %bidx : i64
    linalg.yield %v, %i : f32, i64
  } -> (tensor<4xf32>, tensor<4xi64>)
  return %0#0, %0#1 : tensor<4xf32>, tensor<4xi64>
}

func.func @moments(%x: tensor<2x16xf32>, %s: tensor<2xf32>, %ss: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %0:2 = linalg.generic {indexing_maps = [#id, #red, #red], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<2x16xf32>) outs(%s, %ss : tensor<2xf32>, tensor<2xf32>) {
  ^bb0(%in: f32, %acc: f32, %acc2: f32):
    %1 = arith.addf %in, %acc : f32
    %2 = arith.mulf %in, %in : f32
    %3 = arith.addf %2, %acc2 : f32
    linalg.yield %1, %3 : f32, f32
  } -> (tensor<2xf32>, tensor<2xf32>)
  return %0#0, %0#1 : tensor<2xf32>, tensor<2xf32>
}
