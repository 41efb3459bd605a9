// Covers: array attrs, nested dictionary attrs, unit attrs, type attrs, function-type attrs.
func.func @containers() attributes {
    c.empty_array = [],
    c.ints = [1, 2, 3],
    c.mixed = [1 : i32, 2.0 : f32, "s", unit, f16, @sym],
    c.nested = [[1, 2], [3, [4, 5]]],
    c.empty_dict = {},
    c.dict = {alpha = 1 : i64, beta = "b", gamma = {delta = [true, false], eps = unit}},
    c.unit,
    c.types = [i1, index, tensor<2x?xf32>, tensor<f32>],
    c.fty = (i32, f32) -> tensor<4xf32>,
    c.fty_multi = (tensor<?xf32>) -> (f32, i64),
    c.fty_empty = () -> ()} {
  return
}

func.func @dict_on_op(%arg0: f32) -> f32 {
  %0 = arith.negf %arg0 {meta = {source = "user", tags = ["a", "b"], level = 2 : i8}} : f32
  return %0 : f32
}
