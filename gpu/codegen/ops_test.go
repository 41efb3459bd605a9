package codegen_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/compiler"
	"github.com/torchlower/torchlower/gpu/codegen"
	"github.com/torchlower/torchlower/ir/asm"
	"github.com/torchlower/torchlower/plan"
)

// opsProgram is one function per float type whose elementwise body uses
// every op codegen supports (in MLIR's generic syntax), so that the
// hiprtc test compiles every expression codegen can emit.
func opsProgram() string {
	var sb strings.Builder
	sb.WriteString("#m = affine_map<(d0) -> (d0)>\n")
	for _, ft := range []string{"f16", "bf16", "f32", "f64"} {
		bits := map[string]string{"f16": "i16", "bf16": "i16", "f32": "i32", "f64": "i64"}[ft]
		fmt.Fprintf(&sb, "func.func @ops_%s(%%x: tensor<8x%s>, %%y: tensor<8x%s>, %%n: tensor<8xi32>) -> (tensor<8x%s>, tensor<8xi32>) {\n", ft, ft, ft, ft)
		fmt.Fprintf(&sb, "  %%e0 = tensor.empty() : tensor<8x%s>\n  %%e1 = tensor.empty() : tensor<8xi32>\n", ft)
		fmt.Fprintf(&sb, "  %%r:2 = linalg.generic {indexing_maps = [#m, #m, #m, #m, #m], iterator_types = [\"parallel\"]} ins(%%x, %%y, %%n : tensor<8x%s>, tensor<8x%s>, tensor<8xi32>) outs(%%e0, %%e1 : tensor<8x%s>, tensor<8xi32>) {\n", ft, ft, ft)
		fmt.Fprintf(&sb, "  ^bb0(%%a: %s, %%b: %s, %%k: i32, %%o: %s, %%oi: i32):\n", ft, ft, ft)
		v, w := "%a", "%k"
		n := 0
		fl := func(format string, args ...any) string {
			n++
			name := fmt.Sprintf("%%v%d", n)
			fmt.Fprintf(&sb, "    %s = %s\n", name, fmt.Sprintf(format, args...))
			return name
		}
		for _, op := range []string{"arith.negf", "math.absf", "math.exp", "math.exp2", "math.expm1", "math.log", "math.log1p",
			"math.log2", "math.log10", "math.sqrt", "math.rsqrt", "math.tanh", "math.erf", "math.ceil", "math.floor", "math.round",
			"math.roundeven", "math.trunc", "math.sin", "math.cos", "math.tan", "math.atan", "math.cbrt"} {
			v = fl(`"%s"(%s) : (%s) -> %s`, op, v, ft, ft)
		}
		for _, op := range []string{"arith.addf", "arith.subf", "arith.mulf", "arith.divf", "arith.remf", "arith.maxf", "arith.minf",
			"math.powf", "math.atan2", "math.copysign"} {
			v = fl(`"%s"(%s, %%b) : (%s, %s) -> %s`, op, v, ft, ft, ft)
		}
		v = fl(`"math.fma"(%s, %%b, %s) : (%s, %s, %s) -> %s`, v, v, ft, ft, ft, ft)
		for p := 0; p < 16; p++ {
			c := fl(`"arith.cmpf"(%s, %%b) {predicate = %d : i64} : (%s, %s) -> i1`, v, p, ft, ft)
			v = fl(`"arith.select"(%s, %s, %%b) : (i1, %s, %s) -> %s`, c, v, ft, ft, ft)
		}
		if ft != "f64" {
			x := fl(`"arith.extf"(%s) : (%s) -> f64`, v, ft)
			v = fl(`"arith.truncf"(%s) : (f64) -> %s`, x, ft)
		} else {
			x := fl(`"arith.truncf"(%s) : (f64) -> f16`, v)
			v = fl(`"arith.extf"(%s) : (f16) -> f64`, x)
		}
		bi := fl(`"arith.bitcast"(%s) : (%s) -> %s`, v, ft, bits)
		v = fl(`"arith.bitcast"(%s) : (%s) -> %s`, bi, bits, ft)
		for _, op := range []string{"arith.fptosi", "arith.fptoui"} {
			x := fl(`"%s"(%s) : (%s) -> i32`, op, v, ft)
			w = fl(`"arith.addi"(%s, %s) : (i32, i32) -> i32`, w, x)
		}
		for _, op := range []string{"arith.addi", "arith.subi", "arith.muli", "arith.divsi", "arith.remsi", "arith.divui", "arith.remui",
			"arith.ceildivsi", "arith.ceildivui", "arith.floordivsi", "arith.maxsi", "arith.minsi", "arith.maxui", "arith.minui",
			"arith.andi", "arith.ori", "arith.xori", "arith.shli", "arith.shrsi", "arith.shrui", "math.ipowi"} {
			w = fl(`"%s"(%s, %%k) : (i32, i32) -> i32`, op, w)
		}
		w = fl(`"math.absi"(%s) : (i32) -> i32`, w)
		for p := 0; p < 10; p++ {
			c := fl(`"arith.cmpi"(%s, %%k) {predicate = %d : i64} : (i32, i32) -> i1`, w, p)
			w = fl(`"arith.select"(%s, %s, %%k) : (i1, i32, i32) -> i32`, c, w)
		}
		ix := fl(`"linalg.index"() {dim = 0 : i64} : () -> index`)
		ii := fl(`"arith.index_cast"(%s) : (index) -> i32`, ix)
		w = fl(`"arith.addi"(%s, %s) : (i32, i32) -> i32`, w, ii)
		ui := fl(`"arith.index_castui"(%s) : (index) -> i64`, ix)
		t16 := fl(`"arith.trunci"(%s) : (i64) -> i16`, ui)
		s32 := fl(`"arith.extsi"(%s) : (i16) -> i32`, t16)
		u32 := fl(`"arith.extui"(%s) : (i16) -> i32`, t16)
		w = fl(`"arith.xori"(%s, %s) : (i32, i32) -> i32`, w, s32)
		w = fl(`"arith.ori"(%s, %s) : (i32, i32) -> i32`, w, u32)
		f1 := fl(`"arith.sitofp"(%s) : (i32) -> %s`, w, ft)
		f2 := fl(`"arith.uitofp"(%s) : (i32) -> %s`, w, ft)
		v = fl(`"arith.addf"(%s, %s) : (%s, %s) -> %s`, v, f1, ft, ft, ft)
		v = fl(`"arith.addf"(%s, %s) : (%s, %s) -> %s`, v, f2, ft, ft, ft)
		v = fl(`"arith.addf"(%s, %%o) : (%s, %s) -> %s`, v, ft, ft, ft)
		w = fl(`"arith.addi"(%s, %%oi) : (i32, i32) -> i32`, w)
		fmt.Fprintf(&sb, "    linalg.yield %s, %s : %s, i32\n", v, w, ft)
		fmt.Fprintf(&sb, "  } -> (tensor<8x%s>, tensor<8xi32>)\n  return %%r#0, %%r#1 : tensor<8x%s>, tensor<8xi32>\n}\n", ft, ft)
	}
	return sb.String()
}

// The generated program really holds every supported op, and codegen
// compiles every function of it.
func TestOpsProgramCoversSupportedOps(t *testing.T) {
	src := opsProgram()
	for _, op := range codegen.SupportedOps() {
		switch op {
		case "tensor.extract", "arith.constant":
			continue // in the testdata programs
		case "arith.maximumf", "arith.minimumf", "arith.maxnumf", "arith.minnumf":
			continue // newer than MLIR 16: our parser does not register them; they share maxf/minf's helpers
		}
		if !strings.Contains(src, `"`+op+`"`) {
			t.Errorf("opsProgram does not use %s", op)
		}
	}
	for _, ft := range []string{"f16", "bf16", "f32", "f64"} {
		m, err := asm.Parse(compiler.NewContext(), src, asm.Options{FileName: "ops.generated"})
		if err != nil {
			t.Fatal(err)
		}
		p, err := plan.Build(m, "ops_"+ft)
		if err != nil {
			t.Fatal(err)
		}
		mod, err := codegen.Generate(p)
		if err != nil {
			t.Fatalf("ops_%s: %v", ft, err)
		}
		if !slices.ContainsFunc(mod.Kernels, func(k *codegen.Kernel) bool { return strings.Contains(k.Source, "tl_ipow(") }) {
			t.Errorf("ops_%s: no kernel uses math.ipowi", ft)
		}
	}
}

// An op codegen does not know is an error naming the step and the op.
func TestUnsupportedOpIsNamed(t *testing.T) {
	src := `#m = affine_map<(d0) -> (d0)>
func.func @f(%x: tensor<4xi32>) -> tensor<4xi32> {
  %e = tensor.empty() : tensor<4xi32>
  %r = linalg.generic {indexing_maps = [#m, #m], iterator_types = ["parallel"]} ins(%x : tensor<4xi32>) outs(%e : tensor<4xi32>) {
  ^bb0(%a: i32, %o: i32):
    %c = "math.ctpop"(%a) : (i32) -> i32
    linalg.yield %c : i32
  } -> tensor<4xi32>
  return %r : tensor<4xi32>
}
`
	_, err := codegen.Generate(planOf(t, src, "ctpop.mlir", "f"))
	if err == nil {
		t.Fatal("math.ctpop generated code")
	}
	for _, want := range []string{"step 1 (generic)", "unsupported op math.ctpop"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
}

// contractProgram holds contractions large enough for the tiled kernel
// (the e2e suite's are smaller): a batched f32 matrix product spanning
// several tiles and a bf16 1-d convolution accumulating in f32, both into
// zero-filled outputs (their tiles start from zero unread,
// plan.ZeroOnEntry), a matrix product accumulating into an argument's
// values (its tiles read the output first), and two matrix products with
// a bias-add-and-ReLU epilogue, one tiled and one too small for tiles
// (each fused into its producer's kernel).
func contractProgram() string {
	return `#a = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#b = affine_map<(d0, d1, d2, d3) -> (d3, d2)>
#c = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#x = affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d2 + d4)>
#w = affine_map<(d0, d1, d2, d3, d4) -> (d1, d3, d4)>
#y = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>
func.func @bmm(%a: tensor<2x40x24xf32>, %b: tensor<24x70xf32>) -> tensor<2x40x70xf32> {
  %z = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<2x40x70xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x40x70xf32>) -> tensor<2x40x70xf32>
  %r = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%a, %b : tensor<2x40x24xf32>, tensor<24x70xf32>) outs(%f : tensor<2x40x70xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x40x70xf32>
  return %r : tensor<2x40x70xf32>
}
func.func @conv1d_bf16(%in: tensor<2x6x32xbf16>, %w: tensor<20x6x3xbf16>) -> tensor<2x20x30xf32> {
  %z = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<2x20x30xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x20x30xf32>) -> tensor<2x20x30xf32>
  %r = linalg.generic {indexing_maps = [#x, #w, #y], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%in, %w : tensor<2x6x32xbf16>, tensor<20x6x3xbf16>) outs(%f : tensor<2x20x30xf32>) {
  ^bb0(%x: bf16, %y: bf16, %o: f32):
    %xf = arith.extf %x : bf16 to f32
    %yf = arith.extf %y : bf16 to f32
    %p = arith.mulf %xf, %yf : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x20x30xf32>
  return %r : tensor<2x20x30xf32>
}
func.func @conv1d_f16_acc(%in: tensor<2x7x40xf16>, %w: tensor<36x7x5xf16>, %acc: tensor<2x36x36xf32>) -> tensor<2x36x36xf32> {
  %r = linalg.generic {indexing_maps = [#x, #w, #y], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%in, %w : tensor<2x7x40xf16>, tensor<36x7x5xf16>) outs(%acc : tensor<2x36x36xf32>) {
  ^bb0(%x: f16, %y: f16, %o: f32):
    %yf = arith.extf %y : f16 to f32
    %xf = arith.extf %x : f16 to f32
    %p = arith.mulf %yf, %xf : f32
    %s = arith.addf %p, %o : f32
    linalg.yield %s : f32
  } -> tensor<2x36x36xf32>
  return %r : tensor<2x36x36xf32>
}
func.func @mm_bf16_trunc(%a: tensor<70x40xbf16>, %b: tensor<40x33xbf16>) -> tensor<70x33xbf16> {
  %z = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<70x33xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<70x33xf32>) -> tensor<70x33xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<70x40xbf16>, tensor<40x33xbf16>) outs(%f : tensor<70x33xf32>) {
  ^bb0(%x: bf16, %y: bf16, %o: f32):
    %xf = arith.extf %x : bf16 to f32
    %yf = arith.extf %y : bf16 to f32
    %p = arith.mulf %xf, %yf : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<70x33xf32>
  %e2 = tensor.empty() : tensor<70x33xbf16>
  %t = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%r : tensor<70x33xf32>) outs(%e2 : tensor<70x33xbf16>) {
  ^bb0(%x: f32, %o: bf16):
    %v = arith.truncf %x : f32 to bf16
    linalg.yield %v : bf16
  } -> tensor<70x33xbf16>
  return %t : tensor<70x33xbf16>
}
func.func @bmm_acc(%a: tensor<2x40x24xf32>, %b: tensor<24x70xf32>, %c: tensor<2x40x70xf32>) -> tensor<2x40x70xf32> {
  %r = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%a, %b : tensor<2x40x24xf32>, tensor<24x70xf32>) outs(%c : tensor<2x40x70xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x40x70xf32>
  return %r : tensor<2x40x70xf32>
}
func.func @mm_bias_relu(%a: tensor<2x40x24xf32>, %b: tensor<24x70xf32>, %bias: tensor<70xf32>) -> tensor<2x40x70xf32> {
  %z = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<2x40x70xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x40x70xf32>) -> tensor<2x40x70xf32>
  %r = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%a, %b : tensor<2x40x24xf32>, tensor<24x70xf32>) outs(%f : tensor<2x40x70xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x40x70xf32>
  %e2 = tensor.empty() : tensor<2x40x70xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%r, %bias : tensor<2x40x70xf32>, tensor<70xf32>) outs(%e2 : tensor<2x40x70xf32>) {
  ^bb0(%x: f32, %c: f32, %o: f32):
    %s = arith.addf %x, %c : f32
    %m = arith.maxf %s, %z : f32
    linalg.yield %m : f32
  } -> tensor<2x40x70xf32>
  return %y : tensor<2x40x70xf32>
}
func.func @small_bias_relu(%a: tensor<3x5xf32>, %b: tensor<5x4xf32>, %bias: tensor<4xf32>) -> tensor<3x4xf32> {
  %z = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<3x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<3x5xf32>, tensor<5x4xf32>) outs(%f : tensor<3x4xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<3x4xf32>
  %e2 = tensor.empty() : tensor<3x4xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%r, %bias : tensor<3x4xf32>, tensor<4xf32>) outs(%e2 : tensor<3x4xf32>) {
  ^bb0(%x: f32, %c: f32, %o: f32):
    %s = arith.addf %x, %c : f32
    %m = arith.maxf %s, %z : f32
    linalg.yield %m : f32
  } -> tensor<3x4xf32>
  return %y : tensor<3x4xf32>
}
`
}
