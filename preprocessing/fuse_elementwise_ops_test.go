package preprocessing_test

import (
	"fmt"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/cpu"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/internal/cli"
	"github.com/torchlower/torchlower/internal/irtest"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/asm"
	"github.com/torchlower/torchlower/ir/pass"
	"github.com/torchlower/torchlower/plan"
	"github.com/torchlower/torchlower/runtime"
)

// fuseTorchPrograms are torch-dialect programs whose lowering has the
// chains fuse-elementwise-ops is for; want and wantBcast are the numbers
// of linalg.generic ops left after fusion without and with
// fuse-broadcast-producers.
var fuseTorchPrograms = []struct {
	name, src       string
	want, wantBcast int
}{
	// conv → bias add → relu → f16: the convolution stays, the three
	// elementwise generics become one.
	{"conv_bias_relu_f16", `
func.func @f(%x: !torch.vtensor<[2,3,7,7],f32>, %w: !torch.vtensor<[4,3,3,3],f32>, %b: !torch.vtensor<[4],f32>) -> !torch.vtensor<[2,4,4,4],f16> {
  %s0 = torch.constant.int 2
  %s = torch.prim.ListConstruct %s0, %s0 : (!torch.int, !torch.int) -> !torch.list<int>
  %p0 = torch.constant.int 1
  %p = torch.prim.ListConstruct %p0, %p0 : (!torch.int, !torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %p0, %p0 : (!torch.int, !torch.int) -> !torch.list<int>
  %z = torch.constant.int 0
  %op = torch.prim.ListConstruct %z, %z : (!torch.int, !torch.int) -> !torch.list<int>
  %tr = torch.constant.bool false
  %g = torch.constant.int 1
  %y = torch.aten.convolution %x, %w, %b, %s, %p, %d, %tr, %op, %g : !torch.vtensor<[2,3,7,7],f32>, !torch.vtensor<[4,3,3,3],f32>, !torch.vtensor<[4],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int -> !torch.vtensor<[2,4,4,4],f32>
  %r = torch.aten.relu %y : !torch.vtensor<[2,4,4,4],f32> -> !torch.vtensor<[2,4,4,4],f32>
  %i5 = torch.constant.int 5
  %n = torch.constant.none
  %f = torch.constant.bool false
  %h = torch.aten._to_copy %r, %i5, %n, %n, %n, %f, %n : !torch.vtensor<[2,4,4,4],f32>, !torch.int, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.none -> !torch.vtensor<[2,4,4,4],f16>
  return %h : !torch.vtensor<[2,4,4,4],f16>
}`, 2, 2},
	// silu written out, x·sigmoid(x), then tanh of the sum with a
	// broadcast row: one generic.
	{"silu_tanh", `
func.func @f(%x: !torch.vtensor<[3,5],f32>, %r: !torch.vtensor<[5],f32>) -> !torch.vtensor<[3,5],f32> {
  %int1 = torch.constant.int 1
  %s = torch.aten.sigmoid %x : !torch.vtensor<[3,5],f32> -> !torch.vtensor<[3,5],f32>
  %m = torch.aten.mul.Tensor %x, %s : !torch.vtensor<[3,5],f32>, !torch.vtensor<[3,5],f32> -> !torch.vtensor<[3,5],f32>
  %a = torch.aten.add.Tensor %m, %r, %int1 : !torch.vtensor<[3,5],f32>, !torch.vtensor<[5],f32>, !torch.int -> !torch.vtensor<[3,5],f32>
  %t = torch.aten.tanh %a : !torch.vtensor<[3,5],f32> -> !torch.vtensor<[3,5],f32>
  return %t : !torch.vtensor<[3,5],f32>
}`, 1, 1},
	// Integer broadcasting add, then a multiply by a scalar: one generic.
	{"int_broadcast", `
func.func @f(%a: !torch.vtensor<[4,1],si64>, %b: !torch.vtensor<[1,5],si64>) -> !torch.vtensor<[4,5],si64> {
  %int1 = torch.constant.int 1
  %int3 = torch.constant.int 3
  %0 = torch.aten.add.Tensor %a, %b, %int1 : !torch.vtensor<[4,1],si64>, !torch.vtensor<[1,5],si64>, !torch.int -> !torch.vtensor<[4,5],si64>
  %1 = torch.aten.mul.Scalar %0, %int3 : !torch.vtensor<[4,5],si64>, !torch.int -> !torch.vtensor<[4,5],si64>
  %2 = torch.aten.neg %1 : !torch.vtensor<[4,5],si64> -> !torch.vtensor<[4,5],si64>
  return %2 : !torch.vtensor<[4,5],si64>
}`, 1, 1},
	// RMS normalization: x·rsqrt(sum(x²) + eps). x² feeds a reduction and
	// stays; add and rsqrt on the [3,1] sums fuse; the final multiply
	// broadcasts them along the row, so they fuse into it only with
	// fuse-broadcast-producers.
	{"rms_norm", `
func.func @f(%x: !torch.vtensor<[3,4],f32>) -> !torch.vtensor<[3,4],f32> {
  %int1 = torch.constant.int 1
  %dims = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %true = torch.constant.bool true
  %none = torch.constant.none
  %sq = torch.aten.mul.Tensor %x, %x : !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],f32> -> !torch.vtensor<[3,4],f32>
  %s = torch.aten.sum.dim_IntList %sq, %dims, %true, %none : !torch.vtensor<[3,4],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[3,1],f32>
  %eps = torch.constant.float 1.000000e-05
  %a = torch.aten.add.Scalar %s, %eps, %int1 : !torch.vtensor<[3,1],f32>, !torch.float, !torch.int -> !torch.vtensor<[3,1],f32>
  %r = torch.aten.rsqrt %a : !torch.vtensor<[3,1],f32> -> !torch.vtensor<[3,1],f32>
  %y = torch.aten.mul.Tensor %x, %r : !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,1],f32> -> !torch.vtensor<[3,4],f32>
  return %y : !torch.vtensor<[3,4],f32>
}`, 4, 3},
	// flip (a generic reading at 1-d0 and 3-d2), relu, masked_fill with a
	// broadcast i1 mask, and a cast to bf16: one generic whose input map
	// is the flip's.
	{"flip_relu_mask_bf16", `
func.func @f(%x: !torch.vtensor<[2,3,4],f32>, %m: !torch.vtensor<[4],i1>) -> !torch.vtensor<[2,3,4],bf16> {
  %a = torch.constant.int 0
  %b = torch.constant.int -1
  %l = torch.prim.ListConstruct %a, %b : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.flip %x, %l : !torch.vtensor<[2,3,4],f32>, !torch.list<int> -> !torch.vtensor<[2,3,4],f32>
  %1 = torch.aten.relu %0 : !torch.vtensor<[2,3,4],f32> -> !torch.vtensor<[2,3,4],f32>
  %int = torch.constant.int -7
  %2 = torch.aten.masked_fill.Scalar %1, %m, %int : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[4],i1>, !torch.int -> !torch.vtensor<[2,3,4],f32>
  %i15 = torch.constant.int 15
  %n = torch.constant.none
  %f = torch.constant.bool false
  %3 = torch.aten._to_copy %2, %i15, %n, %n, %n, %f, %n : !torch.vtensor<[2,3,4],f32>, !torch.int, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.none -> !torch.vtensor<[2,3,4],bf16>
  return %3 : !torch.vtensor<[2,3,4],bf16>
}`, 1, 1},
}

// TestFuseElementwiseOpsCPU runs programs on the CPU before and after
// fuse-elementwise-ops (with and without fuse-broadcast-producers) on the
// same random inputs and requires identical results: the pass only moves
// scalar operations into another loop nest, it never reorders them. The
// programs are the chunks of testdata/fuse_elementwise_ops.mlir, the
// torch programs above, and every chunk of the lowering tests' .mlir files
// that lowers and runs (a broad sample of what lowering emits).
func TestFuseElementwiseOpsCPU(t *testing.T) {
	type prog struct {
		name            string
		m               *ir.Operation
		want, wantBcast int // generics left after fusion; -1: unchecked
	}
	var progs []prog
	src, err := os.ReadFile("testdata/fuse_elementwise_ops.mlir")
	if err != nil {
		t.Fatal(err)
	}
	chunks, _ := asm.SplitInput(string(src))
	for i, c := range chunks {
		m, err := asm.Parse(cli.NewContext(), c, asm.Options{FileName: "fuse_elementwise_ops.mlir"})
		if err != nil {
			t.Fatalf("chunk %d: %v", i, err)
		}
		progs = append(progs, prog{fmt.Sprintf("testdata/chunk%d", i), m, -1, -1})
	}
	for _, p := range fuseTorchPrograms {
		progs = append(progs, prog{p.name, lower(t, p.name, p.src, ""), p.want, p.wantBcast})
	}
	files, _ := filepath.Glob("../lowering/testdata/*.mlir")
	for _, f := range files {
		if strings.Contains(f, "invalid") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		chunks, _ := asm.SplitInput(string(data))
		for i, c := range chunks {
			if m, ok := tryLower(c); ok {
				progs = append(progs, prog{fmt.Sprintf("%s/chunk%d", filepath.Base(f), i), m, -1, -1})
			}
		}
	}
	ran, fusedAway := 0, 0
	for _, p := range progs {
		for _, fn := range funcNames(p.m) {
			ref, args, ok := runRandom(t, p.m, fn)
			if !ok {
				continue
			}
			for _, pipeline := range []string{"fuse-elementwise-ops", "fuse-elementwise-ops{fuse-broadcast-producers=true}"} {
				m := ir.Clone(p.m, map[*ir.Value]*ir.Value{})
				if err := runPipelineOn(m, pipeline); err != nil {
					t.Fatalf("%s: %s: %v", p.name, pipeline, err)
				}
				after, want := countOps(m, isGeneric), p.wantBcast
				if pipeline == "fuse-elementwise-ops" {
					fusedAway += countOps(p.m, isGeneric) - after
					want = p.want
				}
				if want >= 0 && after != want {
					t.Errorf("%s: %s: %d linalg.generic left, want %d\n%s", p.name, pipeline, after, want, ir.Sprint(m, ir.PrintOptions{}))
				}
				if want >= 0 && irtest.HaveMLIROpt() {
					if _, err := irtest.RunMLIROpt(ir.Sprint(m, ir.PrintOptions{}), "--verify-each"); err != nil {
						t.Errorf("%s: %s: upstream mlir-opt rejects the fused program: %v", p.name, pipeline, err)
					}
				}
				pl, err := plan.Build(m, fn)
				if err != nil {
					t.Fatalf("%s @%s: %s: plan: %v\n%s", p.name, fn, pipeline, err, ir.Sprint(m, ir.PrintOptions{}))
				}
				got, err := cpu.Run(pl, args)
				if err != nil {
					t.Fatalf("%s @%s: %s: run: %v", p.name, fn, pipeline, err)
				}
				if err := sameResults(ref, got); err != nil {
					t.Errorf("%s @%s: %s: %v\n%s", p.name, fn, pipeline, err, ir.Sprint(m, ir.PrintOptions{}))
				}
			}
			ran++
		}
	}
	t.Logf("%d functions compared; default fusion removed %d linalg.generic ops", ran, fusedAway)
	if ran < 50 || fusedAway == 0 {
		t.Fatalf("only %d functions ran and %d generics were fused away: the test checks too little", ran, fusedAway)
	}
}

// TestFuseElementwiseOpsConvRunner runs every convolution configuration of
// lowering/testdata/runner with fuse-elementwise-ops after lowering, alone
// and after backward-data-conv (where the compiler pipeline would put it),
// and requires results bitwise equal to those without it.
func TestFuseElementwiseOpsConvRunner(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every convolution runner configuration four times")
	}
	pairs := [][2]string{{"", "fuse-elementwise-ops"}, {"backward-data-conv", "backward-data-conv,fuse-elementwise-ops"}}
	fusedAway := 0
	for _, c := range loadCases(t) {
		t.Run(c.Name, func(t *testing.T) {
			src := c.TorchFunc()
			for _, pr := range pairs {
				base := lower(t, c.Name, src, pr[0])
				ref := runCase(t, c, base)
				m := lower(t, c.Name, src, pr[1])
				fusedAway += countOps(base, isGeneric) - countOps(m, isGeneric)
				got := runCase(t, c, m)
				checkCase(t, c, pr[1], got)
				if err := sameResults(ref, got); err != nil {
					t.Fatalf("%s vs %q: %v", pr[1], pr[0], err)
				}
			}
		})
	}
	t.Logf("fusion removed %d linalg.generic ops over all configurations and both pipelines", fusedAway)
}

func isGeneric(o *ir.Operation) bool { return o.Name == linalg.Generic }

// tryLower parses a chunk and lowers it to linalg, reporting false for a
// chunk that does not parse or lower (expected-error chunks and the like).
func tryLower(src string) (*ir.Operation, bool) {
	ctx := cli.NewContext()
	m, err := asm.Parse(ctx, src, asm.Options{FileName: "chunk.mlir"})
	if err != nil || ir.Verify(m) != nil {
		return nil, false
	}
	if err := runPipelineOnCtx(ctx, m, "convert-torch-to-linalg"); err != nil {
		return nil, false
	}
	return m, true
}

func runPipelineOn(m *ir.Operation, text string) error {
	return runPipelineOnCtx(cli.NewContext(), m, text)
}

func runPipelineOnCtx(ctx *ir.Context, m *ir.Operation, text string) error {
	pl, err := registry().Parse(text)
	if err != nil {
		return err
	}
	return (&pass.Manager{IR: ctx, Pipeline: pl, VerifyEach: true}).Run(m)
}

// funcNames lists the func.func symbols of m.
func funcNames(m *ir.Operation) []string {
	var names []string
	m.Walk(ir.PreOrder, func(o *ir.Operation) {
		if o.Name == "func.func" {
			if s, ok := o.Attr("sym_name").(ir.StringAttr); ok {
				names = append(names, string(s))
			}
		}
	})
	return names
}

// runRandom plans @fn of m and runs it on random inputs (seeded by the
// function's name); ok is false where plan or cpu cannot run it (dynamic
// shapes, out-of-range random indices, ...): those are not the pass's
// concern.
func runRandom(t *testing.T, m *ir.Operation, fn string) (res, args []*runtime.Tensor, ok bool) {
	t.Helper()
	p, err := plan.Build(m, fn)
	if err != nil {
		return nil, nil, false
	}
	seed := int64(0)
	for _, c := range fn {
		seed = seed*31 + int64(c)
	}
	rng := rand.New(rand.NewSource(seed))
	for _, b := range p.Args {
		dt, err := cpu.DTypeOf(b.Elem)
		if err != nil {
			return nil, nil, false
		}
		n := 1
		for _, d := range b.Shape {
			n *= int(d)
		}
		vals := make([]float64, n)
		for i := range vals {
			switch {
			case dt.IsFloat():
				vals[i] = rng.Float64()*4 - 2
			case dt == runtime.Bool:
				vals[i] = float64(rng.Intn(2))
			default:
				vals[i] = float64(rng.Intn(7) - 3)
			}
		}
		a, err := runtime.FromFloat64s(dt, b.Shape, vals)
		if err != nil {
			return nil, nil, false
		}
		args = append(args, a)
	}
	res, err = cpu.Run(p, args)
	if err != nil {
		return nil, nil, false
	}
	return res, args, true
}

// sameResults requires equal dtypes, shapes and values (NaN equal to NaN).
func sameResults(want, got []*runtime.Tensor) error {
	if len(want) != len(got) {
		return fmt.Errorf("%d results, want %d", len(got), len(want))
	}
	for i := range want {
		w, g := want[i], got[i]
		if (w == nil) != (g == nil) {
			return fmt.Errorf("result %d: None mismatch", i)
		}
		if w == nil {
			continue
		}
		if w.DType != g.DType || fmt.Sprint(w.Shape) != fmt.Sprint(g.Shape) {
			return fmt.Errorf("result %d: %s%v, want %s%v", i, g.DType, g.Shape, w.DType, w.Shape)
		}
		for k := 0; k < w.NumElements(); k++ {
			if w.DType.IsFloat() {
				a, b := g.Float64(k), w.Float64(k)
				if a != b && !(math.IsNaN(a) && math.IsNaN(b)) || math.Signbit(a) != math.Signbit(b) && !math.IsNaN(a) {
					return fmt.Errorf("result %d element %d: %g, want %g", i, k, a, b)
				}
			} else if a, b := g.Int64(k), w.Int64(k); a != b {
				return fmt.Errorf("result %d element %d: %d, want %d", i, k, a, b)
			}
		}
	}
	return nil
}
