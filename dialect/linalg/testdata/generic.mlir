// linalg.generic in custom form: reductions, several inputs and outputs,
// multiple results, scalar inputs, linalg.index, tensor.extract in the
// body, arith.select masks, doc/library_call and extra attributes.
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#scalar = affine_map<(d0, d1) -> ()>
func.func @row_sum_and_max(%x: tensor<4x16xf32>, %s0: tensor<4xf32>, %m0: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0:2 = linalg.generic {indexing_maps = [#id2, #row, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x16xf32>) outs(%s0, %m0 : tensor<4xf32>, tensor<4xf32>) {
  ^bb0(%in: f32, %acc: f32, %mx: f32):
    %1 = arith.addf %acc, %in : f32
    %2 = arith.maxf %mx, %in : f32
    linalg.yield %1, %2 : f32, f32
  } -> (tensor<4xf32>, tensor<4xf32>)
  return %0#0, %0#1 : tensor<4xf32>, tensor<4xf32>
}

func.func @scalar_inputs(%alpha: f32, %beta: f32, %x: tensor<4x16xf32>, %y: tensor<4x16xf32>, %init: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %0 = linalg.generic {doc = "axpby", indexing_maps = [#scalar, #scalar, #id2, #id2, #id2], iterator_types = ["parallel", "parallel"], library_call = "axpby_f32"} ins(%alpha, %beta, %x, %y : f32, f32, tensor<4x16xf32>, tensor<4x16xf32>) outs(%init : tensor<4x16xf32>) attrs =  {tag = 7 : i64} {
  ^bb0(%a: f32, %b: f32, %u: f32, %v: f32, %o: f32):
    %1 = arith.mulf %a, %u : f32
    %2 = arith.mulf %b, %v : f32
    %3 = arith.addf %1, %2 : f32
    linalg.yield %3 : f32
  } -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

func.func @iota_and_mask(%x: tensor<8x8xf32>, %keep: tensor<8x8xi1>, %init: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %0 = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x, %keep : tensor<8x8xf32>, tensor<8x8xi1>) outs(%init : tensor<8x8xf32>) {
  ^bb0(%in: f32, %k: i1, %out: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %lower = arith.cmpi sge, %i, %j : index
    %m = arith.andi %lower, %k : i1
    %r = arith.select %m, %in, %zero : f32
    linalg.yield %r : f32
  } -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

func.func @gather(%table: tensor<100x16xf32>, %ids: tensor<4xi64>, %init: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %0 = linalg.generic {indexing_maps = [#row, #id2], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<4xi64>) outs(%init : tensor<4x16xf32>) {
  ^bb0(%id: i64, %out: f32):
    %row = arith.index_cast %id : i64 to index
    %col = linalg.index 1 : index
    %v = tensor.extract %table[%row, %col] : tensor<100x16xf32>
    linalg.yield %v : f32
  } -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

func.func @full_reduce_dynamic(%x: tensor<?x?xf32>, %acc: tensor<f32>) -> tensor<f32> {
  %0 = linalg.generic {indexing_maps = [#id2, #scalar], iterator_types = ["reduction", "reduction"]} ins(%x : tensor<?x?xf32>) outs(%acc : tensor<f32>) {
  ^bb0(%in: f32, %out: f32):
    %1 = arith.addf %out, %in : f32
    linalg.yield %1 : f32
  } -> tensor<f32>
  return %0 : tensor<f32>
}

func.func @zero_loops(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  %0 = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%a : tensor<f32>) outs(%b : tensor<f32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// Generic form input: iterator types as #linalg.iterator_type, segment
// sizes and a memoized-maps attribute on a named op are all accepted.
#map = affine_map<(d0) -> (d0)>
"func.func"() ({
^bb0(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>):
  %0 = "linalg.generic"(%arg0, %arg1) ({
  ^bb0(%arg2: f32, %arg3: f32):
    %1 = "arith.negf"(%arg2) {fastmath = #arith.fastmath<none>} : (f32) -> f32
    "linalg.yield"(%1) : (f32) -> ()
  }) {indexing_maps = [#map, #map], iterator_types = [#linalg.iterator_type<parallel>], operand_segment_sizes = array<i32: 1, 1>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %2 = "linalg.copy"(%arg0, %arg1) ({
  ^bb0(%arg2: f32, %arg3: f32):
    "linalg.yield"(%arg2) : (f32) -> ()
  }) {linalg.memoized_indexing_maps = [#map, #map], operand_segment_sizes = array<i32: 1, 1>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  "func.return"(%0) : (tensor<4xf32>) -> ()
}) {function_type = (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>, sym_name = "generic_form"} : () -> ()
