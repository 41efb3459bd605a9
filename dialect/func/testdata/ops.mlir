// func.func definitions, declarations, visibility, arg/result attributes,
// function-level attributes, calls, call_indirect, constant and return.
func.func @empty() {
  return
}

func.func private @decl(i32, tensor<?xf32>) -> f32
func.func nested @nested_decl() -> (i32, i1)
func.func public @explicit_public(%a: i64) -> i64 {
  return %a : i64
}

func.func @args(%a: tensor<4xf32> {llvm.noalias}, %b: i32 {arg.index = 2 : i32}, %c: f32) -> (tensor<4xf32> {res.name = "out"}, f32) {
  return %a, %c : tensor<4xf32>, f32
}

func.func private @decl_attrs(tensor<?xf32> {llvm.noalias}, index {arg.dyn}) -> (tensor<?xf32> {res.aliased = 0 : i64})

func.func @single_res_attr(%a: i64) -> (i64 {res.tag = [1, 2]}) {
  return %a : i64
}

func.func @fn_attrs(%arg0: tensor<8xf32>) -> tensor<8xf32> attributes {iree.abi.stub, opt.level = 3 : i32, torch.name = "forward"} {
  return %arg0 : tensor<8xf32>
}

func.func private @returns_fn() -> ((i32) -> i32)

func.func @multi(%a: i32, %b: i32) -> (i32, i32) {
  return %b, %a : i32, i32
}

func.func @calls(%a: i32, %t: tensor<?xf32>) -> (i32, f32) {
  call @empty() : () -> ()
  %0 = call @decl(%a, %t) : (i32, tensor<?xf32>) -> f32
  %1:2 = call @multi(%a, %a) : (i32, i32) -> (i32, i32)
  %2:2 = call @multi(%1#0, %1#1) {tag = "x"} : (i32, i32) -> (i32, i32)
  return %2#1, %0 : i32, f32
}

func.func @indirect(%a: i32) -> i32 {
  %f = constant @explicit_public : (i64) -> i64
  %f_0 = constant {tag} @self : (i32) -> i32
  %0 = call_indirect %f_0(%a) : (i32) -> i32
  %1 = call_indirect %f_0(%0) {tag} : (i32) -> i32
  return %1 : i32
}

func.func @self(%a: i32) -> i32 {
  %0 = call @self(%a) : (i32) -> i32
  return {tag} %0 : i32
}

// -----

module @vis {
  func.func @public_fn(%arg0: i64) -> i64 {
    %0 = call @private_fn(%arg0) : (i64) -> i64
    return %0 : i64
  }
  func.func private @private_fn(%arg0: i64) -> i64 {
    return %arg0 : i64
  }
  module @sub {
    func.func nested @nested_fn(%arg0: i64) -> i64 {
      return %arg0 : i64
    }
  }
}

// -----

"func.func"() ({
^bb0(%arg0: i32):
  "func.return"(%arg0) : (i32) -> ()
}) {arg_attrs = [{}], function_type = (i32) -> i32, res_attrs = [{}], sym_name = "generic_form", sym_visibility = "private"} : () -> ()
