#map = affine_map<(d0) -> (0)>
#map1 = affine_map<(d0, d1, d2) -> (d0 * 2 + d1 * 3, d2)>
#map2 = affine_map<(d0) -> (d0 floordiv 4, d0 mod 4, d0 ceildiv 2)>
#map3 = affine_map<() -> ()>
#map4 = affine_map<(d0, d1) -> (d0, d1)>
#map5 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map6 = affine_map<(d0, d1) -> (d0)>
#map7 = affine_map<(d0, d1) -> (d1)>
#map8 = affine_map<(d0, d1) -> (d0 - d1 + 1, -d0)>
#map9 = affine_map<(d0)[s0, s1] -> (d0 * s0 + s1)>
#map10 = affine_map<(d0, d1) -> (d1, d0)>
#set = affine_set<(d0) : (d0 - 1 >= 0, d0 == 0)>
module {
  func.func @maps() attributes {m.const = #map, m.conv = #map1, m.divmod = #map2, m.empty = #map3, m.id = #map4, m.inline = #map5, m.list = [#map6, #map7], m.neg = #map8, m.set = #set, m.sym = #map9, m.tr = #map10} {
    return
  }
  func.func @maps_on_generic(%arg0: tensor<3x4xf32>, %arg1: tensor<4x3xf32>) -> tensor<4x3xf32> {
    %0 = linalg.generic {indexing_maps = [#map10, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<3x4xf32>) outs(%arg1 : tensor<4x3xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x3xf32>
    return %0 : tensor<4x3xf32>
  }
}

