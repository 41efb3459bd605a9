// Covers: affine_map attrs inline and via #map aliases (identity, permutation, constant, symbols, floordiv/mod).
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#transpose = affine_map<(d0, d1) -> (d1, d0)>
#conv = affine_map<(d0, d1, d2) -> (d0 * 2 + d1 * 3, d2)>
#sym = affine_map<(d0)[s0, s1] -> (d0 * s0 + s1)>
#divmod = affine_map<(d0) -> (d0 floordiv 4, d0 mod 4, d0 ceildiv 2)>
func.func @maps() attributes {
    m.id = #id2, m.tr = #transpose, m.conv = #conv, m.sym = #sym, m.divmod = #divmod,
    m.inline = affine_map<(d0, d1, d2) -> (d0, d2)>,
    m.const = affine_map<(d0) -> (0)>,
    m.empty = affine_map<() -> ()>,
    m.neg = affine_map<(d0, d1) -> (d0 - d1 + 1, -d0)>,
    m.list = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d1)>],
    m.set = affine_set<(d0) : (d0 - 1 >= 0, d0 == 0)>} {
  return
}

func.func @maps_on_generic(%a: tensor<3x4xf32>, %b: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %0 = linalg.generic {indexing_maps = [#transpose, #id2], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<3x4xf32>) outs(%b : tensor<4x3xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}
