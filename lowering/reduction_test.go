package lowering

import (
	"fmt"
	"strings"
	"testing"
)

// TestReductionEdgeCases runs the reduction family's ops on the forms at
// the edges of what PyTorch accepts: 0-d tensors, empty dims, declared
// result types with `?`, unusual dtypes, and configurations PyTorch or the
// lowering rejects. Each must either lower to IR that verifies (the pass
// manager verifies after the pass) or fail with a diagnostic at the op
// that says why, never panic. The lit files check the IR itself.
func TestReductionEdgeCases(t *testing.T) {
	cases := []struct {
		name string
		args string // function arguments
		ret  string // result type
		body string // defines %r
		err  string // expected error substring; "" means it lowers
	}{
		{"sum_0d_dim0", "%x: !torch.vtensor<[],f32>", "!torch.vtensor<[],f32>", `
  %i = torch.constant.int 0
  %d = torch.prim.ListConstruct %i : (!torch.int) -> !torch.list<int>
  %k = torch.constant.bool true
  %n = torch.constant.none
  %r = torch.aten.sum.dim_IntList %x, %d, %k, %n : !torch.vtensor<[],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[],f32>`, ""},
		{"sum_0d_dim_twice", "%x: !torch.vtensor<[],f32>", "!torch.vtensor<[],f32>", `
  %i = torch.constant.int 0
  %j = torch.constant.int -1
  %d = torch.prim.ListConstruct %i, %j : (!torch.int, !torch.int) -> !torch.list<int>
  %k = torch.constant.bool false
  %n = torch.constant.none
  %r = torch.aten.sum.dim_IntList %x, %d, %k, %n : !torch.vtensor<[],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[],f32>`, "dim 0 appears multiple times"},
		{"sum_empty_extent", "%x: !torch.vtensor<[0,3],f32>", "!torch.vtensor<[3],f32>", `
  %i = torch.constant.int 0
  %d = torch.prim.ListConstruct %i : (!torch.int) -> !torch.list<int>
  %k = torch.constant.bool false
  %n = torch.constant.none
  %r = torch.aten.sum.dim_IntList %x, %d, %k, %n : !torch.vtensor<[0,3],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[3],f32>`, ""},
		{"sum_dynamic_result", "%x: !torch.vtensor<[2,3],f32>", "!torch.vtensor<[?],f32>", `
  %i = torch.constant.int 0
  %d = torch.prim.ListConstruct %i : (!torch.int) -> !torch.list<int>
  %k = torch.constant.bool false
  %n = torch.constant.none
  %r = torch.aten.sum.dim_IntList %x, %d, %k, %n : !torch.vtensor<[2,3],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[?],f32>`, ""},
		{"sum_dtype_bool", "%x: !torch.vtensor<[2],f32>", "!torch.vtensor<[],i1>", `
  %dt = torch.constant.int 11
  %r = torch.aten.sum %x, %dt : !torch.vtensor<[2],f32>, !torch.int -> !torch.vtensor<[],i1>`, "a sum with dtype bool is not supported"},
		{"sum_dtype_complex", "%x: !torch.vtensor<[2],f32>", "!torch.vtensor<[],f32>", `
  %dt = torch.constant.int 9
  %r = torch.aten.sum %x, %dt : !torch.vtensor<[2],f32>, !torch.int -> !torch.vtensor<[],f32>`, "unsupported dtype ComplexFloat"},
		{"sum_dtype_ui8_from_f16", "%x: !torch.vtensor<[2],f16>", "!torch.vtensor<[],ui8>", `
  %dt = torch.constant.int 0
  %r = torch.aten.sum %x, %dt : !torch.vtensor<[2],f16>, !torch.int -> !torch.vtensor<[],ui8>`, ""},
		{"sum_unranked", "%x: !torch.vtensor<*,f32>", "!torch.vtensor<[],f32>", `
  %n = torch.constant.none
  %r = torch.aten.sum %x, %n : !torch.vtensor<*,f32>, !torch.none -> !torch.vtensor<[],f32>`, "has no builtin tensor form"},
		{"mean_dtype_int", "%x: !torch.vtensor<[2],f32>", "!torch.vtensor<[],si64>", `
  %dt = torch.constant.int 4
  %r = torch.aten.mean %x, %dt : !torch.vtensor<[2],f32>, !torch.int -> !torch.vtensor<[],si64>`, "'dtype' must be a floating point dtype"},
		{"mean_empty", "%x: !torch.vtensor<[0],f32>", "!torch.vtensor<[],f32>", `
  %n = torch.constant.none
  %r = torch.aten.mean %x, %n : !torch.vtensor<[0],f32>, !torch.none -> !torch.vtensor<[],f32>`, ""},
		{"amax_bool", "%x: !torch.vtensor<[3],i1>", "!torch.vtensor<[],i1>", `
  %d = torch.prim.ListConstruct  : () -> !torch.list<int>
  %k = torch.constant.bool false
  %r = torch.aten.amax %x, %d, %k : !torch.vtensor<[3],i1>, !torch.list<int>, !torch.bool -> !torch.vtensor<[],i1>`, ""},
		{"amax_0d", "%x: !torch.vtensor<[],f64>", "!torch.vtensor<[],f64>", `
  %d = torch.prim.ListConstruct  : () -> !torch.list<int>
  %k = torch.constant.bool true
  %r = torch.aten.amax %x, %d, %k : !torch.vtensor<[],f64>, !torch.list<int>, !torch.bool -> !torch.vtensor<[],f64>`, ""},
		{"amax_wrong_keepdim_rank", "%x: !torch.vtensor<[2,3],f32>", "!torch.vtensor<[2],f32>", `
  %i = torch.constant.int 1
  %d = torch.prim.ListConstruct %i : (!torch.int) -> !torch.list<int>
  %k = torch.constant.bool true
  %r = torch.aten.amax %x, %d, %k : !torch.vtensor<[2,3],f32>, !torch.list<int>, !torch.bool -> !torch.vtensor<[2],f32>`, "but PyTorch computes '!torch.vtensor<[2,1],f32>'"},
		{"var_correction_float", "%x: !torch.vtensor<[5],f32>", "!torch.vtensor<[],f32>", `
  %n = torch.constant.none
  %c = torch.constant.float 1.500000e+00
  %k = torch.constant.bool false
  %r = torch.aten.var.correction %x, %n, %c, %k : !torch.vtensor<[5],f32>, !torch.none, !torch.float, !torch.bool -> !torch.vtensor<[],f32>`, ""},
		{"var_divisor_zero", "%x: !torch.vtensor<[1],f32>", "!torch.vtensor<[],f32>", `
  %n = torch.constant.none
  %k = torch.constant.bool false
  %r = torch.aten.var.correction %x, %n, %n, %k : !torch.vtensor<[1],f32>, !torch.none, !torch.none, !torch.bool -> !torch.vtensor<[],f32>`, ""},
		{"mm_rank1", "%a: !torch.vtensor<[4],f32>, %b: !torch.vtensor<[4,2],f32>", "!torch.vtensor<[2],f32>", `
  %r = torch.aten.mm %a, %b : !torch.vtensor<[4],f32>, !torch.vtensor<[4,2],f32> -> !torch.vtensor<[2],f32>`, "expected 2-D 'self' and 'mat2'"},
		{"mm_empty_k", "%a: !torch.vtensor<[2,0],f32>, %b: !torch.vtensor<[0,3],f32>", "!torch.vtensor<[2,3],f32>", `
  %r = torch.aten.mm %a, %b : !torch.vtensor<[2,0],f32>, !torch.vtensor<[0,3],f32> -> !torch.vtensor<[2,3],f32>`, ""},
		{"mm_unknown_dtype", "%a: !torch.vtensor<[2,2],unk>, %b: !torch.vtensor<[2,2],f32>", "!torch.vtensor<[2,2],f32>", `
  %r = torch.aten.mm %a, %b : !torch.vtensor<[2,2],unk>, !torch.vtensor<[2,2],f32> -> !torch.vtensor<[2,2],f32>`, "has no builtin tensor form"},
		{"addmm_bias_rank3", "%c: !torch.vtensor<[1,2,3],f32>, %a: !torch.vtensor<[2,4],f32>, %b: !torch.vtensor<[4,3],f32>", "!torch.vtensor<[2,3],f32>", `
  %one = torch.constant.int 1
  %r = torch.aten.addmm %c, %a, %b, %one, %one : !torch.vtensor<[1,2,3],f32>, !torch.vtensor<[2,4],f32>, !torch.vtensor<[4,3],f32>, !torch.int, !torch.int -> !torch.vtensor<[2,3],f32>`, "cannot be broadcast to [2 3]"},
		{"addmm_bool_beta", "%c: !torch.vtensor<[3],f32>, %a: !torch.vtensor<[2,4],f32>, %b: !torch.vtensor<[4,3],f32>", "!torch.vtensor<[2,3],f32>", `
  %t = torch.constant.bool true
  %r = torch.aten.addmm %c, %a, %b, %t, %t : !torch.vtensor<[3],f32>, !torch.vtensor<[2,4],f32>, !torch.vtensor<[4,3],f32>, !torch.bool, !torch.bool -> !torch.vtensor<[2,3],f32>`, ""},
		{"bmm_rank2", "%a: !torch.vtensor<[2,3],f32>, %b: !torch.vtensor<[3,2],f32>", "!torch.vtensor<[2,2],f32>", `
  %r = torch.aten.bmm %a, %b : !torch.vtensor<[2,3],f32>, !torch.vtensor<[3,2],f32> -> !torch.vtensor<[2,2],f32>`, "expected 3-D 'self' and 'mat2'"},
		{"softmax_int_input", "%x: !torch.vtensor<[2,3],si64>", "!torch.vtensor<[2,3],si64>", `
  %d = torch.constant.int 1
  %f = torch.constant.bool false
  %r = torch.aten._softmax %x, %d, %f : !torch.vtensor<[2,3],si64>, !torch.int, !torch.bool -> !torch.vtensor<[2,3],si64>`, "only f16, bf16, f32 and f64 are supported"},
		{"softmax_0d_dim1", "%x: !torch.vtensor<[],f32>", "!torch.vtensor<[],f32>", `
  %d = torch.constant.int 1
  %f = torch.constant.bool false
  %r = torch.aten._softmax %x, %d, %f : !torch.vtensor<[],f32>, !torch.int, !torch.bool -> !torch.vtensor<[],f32>`, "out of range for a tensor of rank 0 (expected [-1, 0])"},
		{"log_softmax_backward_mixed", "%g: !torch.vtensor<[2],f32>, %y: !torch.vtensor<[2],f64>", "!torch.vtensor<[2],f32>", `
  %d = torch.constant.int 0
  %dt = torch.constant.int 6
  %r = torch.aten._log_softmax_backward_data %g, %y, %d, %dt : !torch.vtensor<[2],f32>, !torch.vtensor<[2],f64>, !torch.int, !torch.int -> !torch.vtensor<[2],f32>`, "'output' has dtype f64 but 'grad_output' has dtype f32"},
		{"softmax_backward_bad_dtype_code", "%g: !torch.vtensor<[2],f32>, %y: !torch.vtensor<[2],f32>", "!torch.vtensor<[2],f32>", `
  %d = torch.constant.int 0
  %dt = torch.constant.int 99
  %r = torch.aten._softmax_backward_data %g, %y, %d, %dt : !torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>, !torch.int, !torch.int -> !torch.vtensor<[2],f32>`, "unknown c10 ScalarType code 99"},
		{"nll_target_batch", "%x: !torch.vtensor<[4,5],f32>, %t: !torch.vtensor<[3],si64>", "!torch.vtensor<[],f32>", `
  %n = torch.constant.none
  %red = torch.constant.int 1
  %ig = torch.constant.int -100
  %r:2 = torch.aten.nll_loss_forward %x, %t, %n, %red, %ig : !torch.vtensor<[4,5],f32>, !torch.vtensor<[3],si64>, !torch.none, !torch.int, !torch.int -> !torch.vtensor<[],f32>, !torch.vtensor<[],f32>`, "expected 'target' of shape [4]"},
		{"nll_weight_dtype", "%x: !torch.vtensor<[4,5],f32>, %t: !torch.vtensor<[4],si64>, %w: !torch.vtensor<[5],f64>", "!torch.vtensor<[],f32>", `
  %red = torch.constant.int 1
  %ig = torch.constant.int -100
  %r:2 = torch.aten.nll_loss_forward %x, %t, %w, %red, %ig : !torch.vtensor<[4,5],f32>, !torch.vtensor<[4],si64>, !torch.vtensor<[5],f64>, !torch.int, !torch.int -> !torch.vtensor<[],f32>, !torch.vtensor<[],f32>`, "'weight' has dtype f64 but 'self' has dtype f32"},
		{"nll_none_result_shape", "%x: !torch.vtensor<[4,5],f32>, %t: !torch.vtensor<[4],si64>", "!torch.vtensor<[],f32>", `
  %n = torch.constant.none
  %red = torch.constant.int 0
  %ig = torch.constant.int -100
  %r:2 = torch.aten.nll_loss_forward %x, %t, %n, %red, %ig : !torch.vtensor<[4,5],f32>, !torch.vtensor<[4],si64>, !torch.none, !torch.int, !torch.int -> !torch.vtensor<[],f32>, !torch.vtensor<[],f32>`, "but PyTorch computes '!torch.vtensor<[4],f32>'"},
		{"nll_backward_tw_shape", "%g: !torch.vtensor<[],f32>, %x: !torch.vtensor<[4,5],f32>, %t: !torch.vtensor<[4],si64>, %tw: !torch.vtensor<[1],f32>", "!torch.vtensor<[4,5],f32>", `
  %n = torch.constant.none
  %red = torch.constant.int 1
  %ig = torch.constant.int -100
  %r = torch.aten.nll_loss_backward %g, %x, %t, %n, %red, %ig, %tw : !torch.vtensor<[],f32>, !torch.vtensor<[4,5],f32>, !torch.vtensor<[4],si64>, !torch.none, !torch.int, !torch.int, !torch.vtensor<[1],f32> -> !torch.vtensor<[4,5],f32>`, "expected 'total_weight' of shape [], got [1]"},
		{"nll_backward_none_result", "%g: !torch.vtensor<[],f32>, %x: !torch.vtensor<[4,5],f32>, %t: !torch.vtensor<[4],si64>, %tw: !torch.vtensor<[],f32>", "!torch.none", `
  %n = torch.constant.none
  %red = torch.constant.int 1
  %ig = torch.constant.int -100
  %r = torch.aten.nll_loss_backward %g, %x, %t, %n, %red, %ig, %tw : !torch.vtensor<[],f32>, !torch.vtensor<[4,5],f32>, !torch.vtensor<[4],si64>, !torch.none, !torch.int, !torch.int, !torch.vtensor<[],f32> -> !torch.none`, "result #0 has type '!torch.none'"},
		{"amin_dynamic_result", "%x: !torch.vtensor<[2,3],si8>", "!torch.vtensor<[?],si8>", `
  %i = torch.constant.int 1
  %d = torch.prim.ListConstruct %i : (!torch.int) -> !torch.list<int>
  %k = torch.constant.bool false
  %r = torch.aten.amin %x, %d, %k : !torch.vtensor<[2,3],si8>, !torch.list<int>, !torch.bool -> !torch.vtensor<[?],si8>`, ""},
		{"min_0d", "%x: !torch.vtensor<[],f16>", "!torch.vtensor<[],f16>", `
  %r = torch.aten.min %x : !torch.vtensor<[],f16> -> !torch.vtensor<[],f16>`, ""},
		{"max_dim_0d_dim1", "%x: !torch.vtensor<[],f32>", "!torch.vtensor<[],f32>", `
  %d = torch.constant.int 1
  %k = torch.constant.bool false
  %r:2 = torch.aten.max.dim %x, %d, %k : !torch.vtensor<[],f32>, !torch.int, !torch.bool -> !torch.vtensor<[],f32>, !torch.vtensor<[],si64>`, "out of range for a tensor of rank 0 (expected [-1, 0])"},
		{"max_dim_bool", "%x: !torch.vtensor<[2,3],i1>", "!torch.vtensor<[3],i1>", `
  %d = torch.constant.int 0
  %k = torch.constant.bool false
  %r:2 = torch.aten.max.dim %x, %d, %k : !torch.vtensor<[2,3],i1>, !torch.int, !torch.bool -> !torch.vtensor<[3],i1>, !torch.vtensor<[3],si64>`, ""},
		{"max_dim_empty_kept_dim", "%x: !torch.vtensor<[0,3],f32>", "!torch.vtensor<[0],f32>", `
  %d = torch.constant.int 1
  %k = torch.constant.bool false
  %r:2 = torch.aten.max.dim %x, %d, %k : !torch.vtensor<[0,3],f32>, !torch.int, !torch.bool -> !torch.vtensor<[0],f32>, !torch.vtensor<[0],si64>`, ""},
		{"argmax_0d_none_keepdim", "%x: !torch.vtensor<[],si64>", "!torch.vtensor<[],si64>", `
  %n = torch.constant.none
  %k = torch.constant.bool true
  %r = torch.aten.argmax %x, %n, %k : !torch.vtensor<[],si64>, !torch.none, !torch.bool -> !torch.vtensor<[],si64>`, ""},
		{"argmax_keepdim_not_constant", "%x: !torch.vtensor<[2],f32>, %k: !torch.bool", "!torch.vtensor<[],si64>", `
  %d = torch.constant.int 0
  %r = torch.aten.argmax %x, %d, %k : !torch.vtensor<[2],f32>, !torch.int, !torch.bool -> !torch.vtensor<[],si64>`, "expected 'keepdim' to be a constant bool"},
		{"prod_empty", "%x: !torch.vtensor<[0,3],f32>", "!torch.vtensor<[3],f32>", `
  %d = torch.constant.int 0
  %k = torch.constant.bool false
  %n = torch.constant.none
  %r = torch.aten.prod.dim_int %x, %d, %k, %n : !torch.vtensor<[0,3],f32>, !torch.int, !torch.bool, !torch.none -> !torch.vtensor<[3],f32>`, ""},
		{"prod_0d_dim", "%x: !torch.vtensor<[],ui8>", "!torch.vtensor<[],si64>", `
  %d = torch.constant.int -1
  %k = torch.constant.bool true
  %n = torch.constant.none
  %r = torch.aten.prod.dim_int %x, %d, %k, %n : !torch.vtensor<[],ui8>, !torch.int, !torch.bool, !torch.none -> !torch.vtensor<[],si64>`, ""},
		{"prod_dtype_complex", "%x: !torch.vtensor<[2],f32>", "!torch.vtensor<[],f32>", `
  %dt = torch.constant.int 9
  %r = torch.aten.prod %x, %dt : !torch.vtensor<[2],f32>, !torch.int -> !torch.vtensor<[],f32>`, "unsupported dtype ComplexFloat"},
		{"cumsum_empty_dim", "%x: !torch.vtensor<[0,3],f32>", "!torch.vtensor<[0,3],f32>", `
  %d = torch.constant.int 0
  %n = torch.constant.none
  %r = torch.aten.cumsum %x, %d, %n : !torch.vtensor<[0,3],f32>, !torch.int, !torch.none -> !torch.vtensor<[0,3],f32>`, ""},
		{"cumsum_extent1_same_dtype", "%x: !torch.vtensor<[4,1],f32>", "!torch.vtensor<[4,1],f32>", `
  %d = torch.constant.int 1
  %n = torch.constant.none
  %r = torch.aten.cumsum %x, %d, %n : !torch.vtensor<[4,1],f32>, !torch.int, !torch.none -> !torch.vtensor<[4,1],f32>`, ""},
		{"cumsum_long_other_dim_empty", "%x: !torch.vtensor<[0,300],si64>", "!torch.vtensor<[0,300],si64>", `
  %d = torch.constant.int 1
  %n = torch.constant.none
  %r = torch.aten.cumsum %x, %d, %n : !torch.vtensor<[0,300],si64>, !torch.int, !torch.none -> !torch.vtensor<[0,300],si64>`, ""},
		{"cumsum_dtype_f16_from_f32", "%x: !torch.vtensor<[5],f32>", "!torch.vtensor<[5],f16>", `
  %d = torch.constant.int 0
  %dt = torch.constant.int 5
  %r = torch.aten.cumsum %x, %d, %dt : !torch.vtensor<[5],f32>, !torch.int, !torch.int -> !torch.vtensor<[5],f16>`, ""},
		{"mse_empty_mean", "%s: !torch.vtensor<[0],f32>, %t: !torch.vtensor<[0],f32>", "!torch.vtensor<[],f32>", `
  %red = torch.constant.int 1
  %r = torch.aten.mse_loss %s, %t, %red : !torch.vtensor<[0],f32>, !torch.vtensor<[0],f32>, !torch.int -> !torch.vtensor<[],f32>`, ""},
		{"mse_0d", "%s: !torch.vtensor<[],f64>, %t: !torch.vtensor<[],f64>", "!torch.vtensor<[],f64>", `
  %red = torch.constant.int 0
  %r = torch.aten.mse_loss %s, %t, %red : !torch.vtensor<[],f64>, !torch.vtensor<[],f64>, !torch.int -> !torch.vtensor<[],f64>`, ""},
		{"mse_mixed_dtypes", "%s: !torch.vtensor<[2],f32>, %t: !torch.vtensor<[2],f64>", "!torch.vtensor<[],f32>", `
  %red = torch.constant.int 1
  %r = torch.aten.mse_loss %s, %t, %red : !torch.vtensor<[2],f32>, !torch.vtensor<[2],f64>, !torch.int -> !torch.vtensor<[],f32>`, "'target' has dtype f64 but 'self' has dtype f32"},
		{"mse_none_result_shape", "%s: !torch.vtensor<[2,3],f32>, %t: !torch.vtensor<[2,3],f32>", "!torch.vtensor<[],f32>", `
  %red = torch.constant.int 0
  %r = torch.aten.mse_loss %s, %t, %red : !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.int -> !torch.vtensor<[],f32>`, "but PyTorch computes '!torch.vtensor<[2,3],f32>'"},
		{"mse_backward_f16_none", "%g: !torch.vtensor<[2,3],f16>, %s: !torch.vtensor<[2,3],f16>, %t: !torch.vtensor<[2,3],f16>", "!torch.vtensor<[2,3],f16>", `
  %red = torch.constant.int 0
  %r = torch.aten.mse_loss_backward %g, %s, %t, %red : !torch.vtensor<[2,3],f16>, !torch.vtensor<[2,3],f16>, !torch.vtensor<[2,3],f16>, !torch.int -> !torch.vtensor<[2,3],f16>`, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ret := "%r"
			if strings.Contains(c.body, "%r:2") {
				ret = "%r#0"
			}
			src := fmt.Sprintf("func.func @f(%s) -> %s {%s\n  return %s : %s\n}\n", c.args, c.ret, c.body, ret, c.ret)
			_, err := runPass(t, src)
			switch {
			case c.err == "" && err != nil:
				t.Fatalf("unexpected error: %v", err)
			case c.err != "" && err == nil:
				t.Fatalf("expected an error containing %q", c.err)
			case c.err != "" && !strings.Contains(err.Error(), c.err):
				t.Fatalf("error %q does not contain %q", err, c.err)
			case c.err != "" && !strings.HasPrefix(err.Error(), "in.mlir:"):
				t.Fatalf("error %q is not located", err)
			}
		})
	}
}
