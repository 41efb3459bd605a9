package lowering

import (
	"fmt"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/ir"
)

// npRunNoPanic lowers src and turns a panic into a test failure naming the
// case; it returns the pass's error.
func npRunNoPanic(t *testing.T, name, src string) (err error) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("%s: panic: %v\n%s", name, r, src)
		}
	}()
	_, err = runPass(t, src)
	if err != nil {
		if _, ok := err.(*ir.Diagnostic); !ok {
			t.Errorf("%s: error is %T, want *ir.Diagnostic: %v", name, err, err)
		}
	}
	return err
}

// TestPoolingParameterSweep runs the four 2-D pooling ops over kernel
// sizes, strides (the empty list included), paddings (some beyond k/2),
// dilations, ceil modes and input extents, with result types that are
// sometimes right and sometimes not: every case lowers to IR that verifies
// (the pass manager verifies after the pass) or fails with a diagnostic at
// the op, never a panic. The right result extent is PyTorch's formula,
// recomputed here independently of poolOutExtent.
func TestPoolingParameterSweep(t *testing.T) {
	lowered, failed := 0, 0
	for _, k := range []int{1, 2, 3} {
		for _, s := range []int{0, 1, 2, 3} {
			for _, p := range []int{0, 1, 2} {
				for _, d := range []int{1, 2} {
					for _, ceil := range []bool{false, true} {
						for _, h := range []int{1, 4, 7} {
							stride := s
							if s == 0 {
								stride = k
							}
							for _, op := range []string{"max", "maxbwd", "avg", "avgbwd"} {
								dd := d
								if strings.HasPrefix(op, "avg") {
									dd = 1 // avg_pool2d has no dilation
								}
								// PyTorch's pooling_output_shape, written out.
								num := h + 2*p - dd*(k-1) - 1
								if ceil {
									num += stride - 1
								}
								o := num/stride + 1
								if num < 0 && num%stride != 0 {
									o--
								}
								if ceil && (o-1)*stride >= h+p {
									o--
								}
								for _, wrong := range []bool{false, true} {
									oo := o
									if wrong || oo < 1 {
										oo = max(o, 0) + 1
									}
									name := fmt.Sprintf("%s k=%d s=%d p=%d d=%d ceil=%v h=%d wrong=%v", op, k, s, p, d, ceil, h, wrong)
									err := npRunNoPanic(t, name, npPoolCase(op, k, s, p, d, ceil, h, oo))
									valid := p <= k/2 && o >= 1 && oo == o
									switch {
									case err == nil && !valid:
										t.Errorf("%s: lowered, but PyTorch rejects it or the result type is wrong", name)
									case err != nil && valid:
										t.Errorf("%s: %v", name, err)
									case err == nil:
										lowered++
									default:
										failed++
									}
								}
							}
						}
					}
				}
			}
		}
	}
	t.Logf("%d cases lowered, %d rejected with a diagnostic", lowered, failed)
}

// npPoolCase writes one pooling op of the sweep: input [1, 2, h, h], result
// extent o, stride 0 meaning the empty list.
func npPoolCase(op string, k, s, p, d int, ceil bool, h, o int) string {
	list := func(vs ...int) string {
		parts := make([]string, len(vs))
		types := make([]string, len(vs))
		for i, v := range vs {
			parts[i] = fmt.Sprintf("%%c%d", v)
			types[i] = "!torch.int"
		}
		return fmt.Sprintf("torch.prim.ListConstruct %s : (%s) -> !torch.list<int>", strings.Join(parts, ", "), strings.Join(types, ", "))
	}
	head := ""
	for v := 0; v <= 4; v++ {
		head += fmt.Sprintf("  %%c%d = torch.constant.int %d\n", v, v)
	}
	sl := list(s)
	if s == 0 {
		sl = list()
	}
	head += fmt.Sprintf("  %%k = %s\n  %%s = %s\n  %%p = %s\n  %%d = %s\n  %%ceil = torch.constant.bool %v\n  %%true = torch.constant.bool true\n  %%none = torch.constant.none\n",
		list(k), sl, list(p), list(d), ceil)
	x := fmt.Sprintf("!torch.vtensor<[1,2,%d,%d],f32>", h, h)
	y := fmt.Sprintf("!torch.vtensor<[1,2,%d,%d],f32>", o, o)
	yi := fmt.Sprintf("!torch.vtensor<[1,2,%d,%d],si64>", o, o)
	switch op {
	case "max":
		return fmt.Sprintf("func.func @f(%%x: %s) -> (%s, %s) {\n%s  %%r:2 = torch.aten.max_pool2d_with_indices %%x, %%k, %%s, %%p, %%d, %%ceil : %s, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool -> %s, %s\n  return %%r#0, %%r#1 : %s, %s\n}\n",
			x, y, yi, head, x, y, yi, y, yi)
	case "maxbwd":
		return fmt.Sprintf("func.func @f(%%dy: %s, %%x: %s, %%i: %s) -> %s {\n%s  %%r = torch.aten.max_pool2d_with_indices_backward %%dy, %%x, %%k, %%s, %%p, %%d, %%ceil, %%i : %s, %s, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, %s -> %s\n  return %%r : %s\n}\n",
			y, x, yi, x, head, y, x, yi, x, x)
	case "avg":
		return fmt.Sprintf("func.func @f(%%x: %s) -> %s {\n%s  %%r = torch.aten.avg_pool2d %%x, %%k, %%s, %%p, %%ceil, %%true, %%none : %s, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.bool, !torch.none -> %s\n  return %%r : %s\n}\n",
			x, y, head, x, y, y)
	}
	return fmt.Sprintf("func.func @f(%%dy: %s, %%x: %s) -> %s {\n%s  %%r = torch.aten.avg_pool2d_backward %%dy, %%x, %%k, %%s, %%p, %%ceil, %%ceil, %%none : %s, %s, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.bool, !torch.none -> %s\n  return %%r : %s\n}\n",
		y, x, x, head, y, x, x, x)
}

// TestNormPoolEdgeCasesNeverPanic feeds the batch, group and layer norm,
// dropout, adaptive pooling and factory converters forms PyTorch rejects
// or the lowering does not support; each must give a diagnostic at the op
// that says why.
func TestNormPoolEdgeCasesNeverPanic(t *testing.T) {
	cases := []struct{ name, body, want string }{
		{"bn rank 1", `func.func @f(%x: !torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32> {
  %none = torch.constant.none
  %true = torch.constant.bool true
  %f = torch.constant.float 1.000000e-01
  %r:3 = torch.aten.native_batch_norm %x, %none, %none, %none, %none, %true, %f, %f : !torch.vtensor<[3],f32>, !torch.none, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.float, !torch.float -> !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>
  return %r#0 : !torch.vtensor<[3],f32>
}`, "expected 'input' of rank 2 or more"},
		{"bn unranked saved result", `func.func @f(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32> {
  %none = torch.constant.none
  %true = torch.constant.bool true
  %f = torch.constant.float 1.000000e-01
  %r:3 = torch.aten.native_batch_norm %x, %none, %none, %none, %none, %true, %f, %f : !torch.vtensor<[2,3],f32>, !torch.none, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.float, !torch.float -> !torch.vtensor<[2,3],f32>, !torch.vtensor, !torch.vtensor<[3],f32>
  return %r#0 : !torch.vtensor<[2,3],f32>
}`, "result #1 has type '!torch.vtensor'; the lowering needs static sizes and a dtype"},
		{"bn eps not constant", `func.func @f(%x: !torch.vtensor<[2,3],f32>, %e: !torch.vtensor<[],f64>) -> !torch.vtensor<[2,3],f32> {
  %none = torch.constant.none
  %true = torch.constant.bool true
  %f = torch.constant.float 1.000000e-01
  %eps = torch.aten._local_scalar_dense %e : !torch.vtensor<[],f64> -> !torch.float
  %r:3 = torch.aten.native_batch_norm %x, %none, %none, %none, %none, %true, %f, %eps : !torch.vtensor<[2,3],f32>, !torch.none, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.float, !torch.float -> !torch.vtensor<[2,3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>
  return %r#0 : !torch.vtensor<[2,3],f32>
}`, "expected 'eps' to be a constant float"},
		{"bn backward shapes differ", `func.func @f(%dy: !torch.vtensor<[2,3],f32>, %x: !torch.vtensor<[4,3],f32>, %m: !torch.vtensor<[3],f32>) -> !torch.vtensor<[4,3],f32> {
  %none = torch.constant.none
  %true = torch.constant.bool true
  %f = torch.constant.float 1.000000e-01
  %mask = torch.prim.ListConstruct %true, %true, %true : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  %r:3 = torch.aten.native_batch_norm_backward %dy, %x, %none, %none, %none, %m, %m, %true, %f, %mask : !torch.vtensor<[2,3],f32>, !torch.vtensor<[4,3],f32>, !torch.none, !torch.none, !torch.none, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.bool, !torch.float, !torch.list<bool> -> !torch.vtensor<[4,3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>
  return %r#0 : !torch.vtensor<[4,3],f32>
}`, "must have the same shape"},
		{"maxpool rank 5", `func.func @f(%x: !torch.vtensor<[1,1,1,4,4],f32>) -> !torch.vtensor<[1,1,1,2,2],f32> {
  %c2 = torch.constant.int 2
  %c0 = torch.constant.int 0
  %c1 = torch.constant.int 1
  %false = torch.constant.bool false
  %k = torch.prim.ListConstruct %c2 : (!torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %c0 : (!torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %c1 : (!torch.int) -> !torch.list<int>
  %r:2 = torch.aten.max_pool2d_with_indices %x, %k, %k, %p, %d, %false : !torch.vtensor<[1,1,1,4,4],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool -> !torch.vtensor<[1,1,1,2,2],f32>, !torch.vtensor<[1,1,1,2,2],si64>
  return %r#0 : !torch.vtensor<[1,1,1,2,2],f32>
}`, "expected 'self' of rank 3 or 4"},
		{"maxpool three kernel entries", `func.func @f(%x: !torch.vtensor<[1,4,4],f32>) -> !torch.vtensor<[1,2,2],f32> {
  %c2 = torch.constant.int 2
  %c0 = torch.constant.int 0
  %c1 = torch.constant.int 1
  %false = torch.constant.bool false
  %k = torch.prim.ListConstruct %c2, %c2, %c2 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %c0 : (!torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %c1 : (!torch.int) -> !torch.list<int>
  %r:2 = torch.aten.max_pool2d_with_indices %x, %k, %k, %p, %d, %false : !torch.vtensor<[1,4,4],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool -> !torch.vtensor<[1,2,2],f32>, !torch.vtensor<[1,2,2],si64>
  return %r#0 : !torch.vtensor<[1,2,2],f32>
}`, "expected 'kernel_size' to have 1 or 2 entries, got 3"},
		{"adaptive output 0", `func.func @f(%x: !torch.vtensor<[1,4,4],f32>) -> !torch.vtensor<[1,0,2],f32> {
  %c0 = torch.constant.int 0
  %c2 = torch.constant.int 2
  %o = torch.prim.ListConstruct %c0, %c2 : (!torch.int, !torch.int) -> !torch.list<int>
  %r = torch.aten._adaptive_avg_pool2d %x, %o : !torch.vtensor<[1,4,4],f32>, !torch.list<int> -> !torch.vtensor<[1,0,2],f32>
  return %r : !torch.vtensor<[1,0,2],f32>
}`, "expected a non-empty input and output_size"},
		{"zeros negative size", `func.func @f() -> !torch.vtensor<[2],f32> {
  %c = torch.constant.int -2
  %none = torch.constant.none
  %size = torch.prim.ListConstruct %c : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.zeros %size, %none, %none, %none, %none : !torch.list<int>, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[2],f32>
  return %0 : !torch.vtensor<[2],f32>
}`, "expected non-negative sizes, got [-2]"},
		{"full dynamic result", `func.func @f() -> !torch.vtensor<[?],f32> {
  %c = torch.constant.int 2
  %none = torch.constant.none
  %size = torch.prim.ListConstruct %c : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.full %size, %c, %none, %none, %none, %none : !torch.list<int>, !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[?],f32>
  return %0 : !torch.vtensor<[?],f32>
}`, "the lowering needs static sizes"},
		{"arange zero step", `func.func @f() -> !torch.vtensor<[2],si64> {
  %c0 = torch.constant.int 0
  %c2 = torch.constant.int 2
  %none = torch.constant.none
  %0 = torch.aten.arange.start_step %c0, %c2, %c0, %none, %none, %none, %none : !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[2],si64>
  return %0 : !torch.vtensor<[2],si64>
}`, "inconsistent with step sign"},
		{"group norm group 0", `func.func @f(%x: !torch.vtensor<[2,4],f32>) -> !torch.vtensor<[2,4],f32> {
  %none = torch.constant.none
  %n = torch.constant.int 2
  %c = torch.constant.int 4
  %one = torch.constant.int 1
  %zero = torch.constant.int 0
  %eps = torch.constant.float 1.000000e-05
  %r:3 = torch.aten.native_group_norm %x, %none, %none, %n, %c, %one, %zero, %eps : !torch.vtensor<[2,4],f32>, !torch.none, !torch.none, !torch.int, !torch.int, !torch.int, !torch.int, !torch.float -> !torch.vtensor<[2,4],f32>, !torch.vtensor<[2,0],f32>, !torch.vtensor<[2,0],f32>
  return %r#0 : !torch.vtensor<[2,4],f32>
}`, "divisible by group = 0"},
		{"group norm rank 1", `func.func @f(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %none = torch.constant.none
  %one = torch.constant.int 1
  %c = torch.constant.int 4
  %eps = torch.constant.float 1.000000e-05
  %r:3 = torch.aten.native_group_norm %x, %none, %none, %one, %c, %one, %one, %eps : !torch.vtensor<[4],f32>, !torch.none, !torch.none, !torch.int, !torch.int, !torch.int, !torch.int, !torch.float -> !torch.vtensor<[4],f32>, !torch.vtensor<[1,1],f32>, !torch.vtensor<[1,1],f32>
  return %r#0 : !torch.vtensor<[4],f32>
}`, "expected 'input' of rank 2 or more"},
		{"group norm weight per group", `func.func @f(%x: !torch.vtensor<[2,4],f32>, %w: !torch.vtensor<[2],f32>) -> !torch.vtensor<[2,4],f32> {
  %none = torch.constant.none
  %n = torch.constant.int 2
  %c = torch.constant.int 4
  %one = torch.constant.int 1
  %eps = torch.constant.float 1.000000e-05
  %r:3 = torch.aten.native_group_norm %x, %w, %none, %n, %c, %one, %n, %eps : !torch.vtensor<[2,4],f32>, !torch.vtensor<[2],f32>, !torch.none, !torch.int, !torch.int, !torch.int, !torch.int, !torch.float -> !torch.vtensor<[2,4],f32>, !torch.vtensor<[2,2],f32>, !torch.vtensor<[2,2],f32>
  return %r#0 : !torch.vtensor<[2,4],f32>
}`, "expected 'weight' of shape [4] (one entry per channel)"},
		{"layer norm backward stats shape", `func.func @f(%dy: !torch.vtensor<[2,4],f32>, %x: !torch.vtensor<[2,4],f32>, %m: !torch.vtensor<[4],f32>) -> !torch.vtensor<[2,4],f32> {
  %none = torch.constant.none
  %c = torch.constant.int 4
  %true = torch.constant.bool true
  %l = torch.prim.ListConstruct %c : (!torch.int) -> !torch.list<int>
  %mask = torch.prim.ListConstruct %true, %true, %true : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  %r:3 = torch.aten.native_layer_norm_backward %dy, %x, %l, %m, %m, %none, %none, %mask : !torch.vtensor<[2,4],f32>, !torch.vtensor<[2,4],f32>, !torch.list<int>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.none, !torch.none, !torch.list<bool> -> !torch.vtensor<[2,4],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>
  return %r#0 : !torch.vtensor<[2,4],f32>
}`, "expected 'mean' of shape [2,1] (as native_layer_norm returns it)"},
		{"dropout backward shapes differ", `func.func @f(%g: !torch.vtensor<[2,4],f32>, %m: !torch.vtensor<[4],i1>) -> !torch.vtensor<[2,4],f32> {
  %s = torch.constant.float 2.000000e+00
  %r = torch.aten.native_dropout_backward %g, %m, %s : !torch.vtensor<[2,4],f32>, !torch.vtensor<[4],i1>, !torch.float -> !torch.vtensor<[2,4],f32>
  return %r : !torch.vtensor<[2,4],f32>
}`, "must have the same shape"},
		{"dropout result dtype", `func.func @f(%x: !torch.vtensor<[2,4],f32>) -> !torch.vtensor<[2,4],f64> {
  %p = torch.constant.float 0.000000e+00
  %false = torch.constant.bool false
  %r:2 = torch.aten.native_dropout %x, %p, %false : !torch.vtensor<[2,4],f32>, !torch.float, !torch.bool -> !torch.vtensor<[2,4],f64>, !torch.vtensor<[2,4],i1>
  return %r#0 : !torch.vtensor<[2,4],f64>
}`, "dropout keeps the input's dtype f32"},
	}
	for _, c := range cases {
		err := npRunNoPanic(t, c.name, c.body)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got error %v, want one containing %q", c.name, err, c.want)
		}
	}
}

// TestNormPoolTestdataRoundTrips: the torch-dialect inputs of the normpool
// lit files print back to a fixed point, as every testdata file must.
func TestNormPoolTestdataRoundTrips(t *testing.T) {
	for _, f := range []string{"normpool_batchnorm", "normpool_pool", "normpool_factory", "normpool_invalid",
		"normpool_groupnorm", "normpool_layernorm_backward", "normpool_dropout", "normpool_norm_dropout_invalid"} {
		runRoundTrip(t, "testdata/"+f+".mlir")
	}
}
