package lowering

import (
	"fmt"
	"math"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/asm"
	"github.com/torchlower/torchlower/ir/pass"
)

// TestRunnerDataMovement checks the data-movement lowerings numerically
// against PyTorch with upstream MLIR, as TestRunnerConv does for
// convolutions: each case is a torch-dialect function, lowered by
// convert-torch-to-linalg, called from a main on constant inputs, lowered
// by mlir-opt to LLVM and run by mlir-cpu-runner, which prints the results.
//
// Data movement does no arithmetic (except the exact integer-valued sums
// of index_put with accumulate and embedding_dense_backward), so inputs
// are integer-valued floats and results must match exactly.
//
// Inputs follow one rule, mirrored by the generator: float input k of
// shape s is arange(numel(s)) + 100·k reshaped to s; index inputs are the
// listed int64 values. The expected values were printed by this script
// with Debian's PyTorch 1.13 (`/usr/bin/python3 refs.py`):
//
//	import torch
//	A = lambda k, *s: (torch.arange(int(torch.tensor(s).prod())) + 100 * k).float().reshape(*s)
//	L = lambda *v: torch.tensor(v, dtype=torch.int64)
//	MAX = 9223372036854775807
//	cases = {}
//	x = A(0, 2, 3, 4)
//	cases["reshape_permute"] = [x.reshape(4, 6).t(), x.permute(2, 0, 1).reshape(4, 6), x.unsqueeze(1).squeeze(1).transpose(0, 2)]
//	cases["expand"] = [A(0, 3, 1).expand(2, -1, 4)]
//	y = A(0, 4, 8)
//	cases["slices"] = [torch.ops.aten.slice(y, 1, -3, MAX, 2), torch.ops.aten.select(y, 0, -2), torch.ops.aten.narrow(y, 1, -5, 3)]
//	a, b, c = A(0, 4, 2), A(1, 4, 3), A(2, 4, 1)
//	cases["cat_stack"] = [torch.cat([a, b, c], -1), torch.stack([a, A(3, 4, 2)], 1)]
//	cases["cat_promote"] = [torch.cat([A(0, 2, 2), L(7, -3).reshape(2, 1)], 1)]
//	cases["slice_scatter"] = [torch.ops.aten.slice_scatter(A(0, 6, 4), A(1, 3, 4), 0, 1, MAX, 2), torch.ops.aten.select_scatter(A(0, 2, 3), A(1, 2), 1, -1)]
//	cache, kv = A(0, 1, 2, 8, 4), A(1, 1, 2, 1, 4)
//	cases["index_copy_decode"] = [torch.ops.aten.index_copy(cache, 2, L(5), kv)]
//	cases["index_put_decode"] = [torch.ops.aten.index_put(cache, [None, None, L(-2)], kv, False)]
//	cases["index_copy_prefill"] = [torch.ops.aten.index_copy(cache, 2, L(6, 1, 3), A(1, 1, 2, 3, 4))]
//	cases["index_put_accumulate"] = [torch.ops.aten.index_put(A(0, 5, 3), [L(1, 3, 1, -1)], A(1, 4, 3), True),
//	                                 torch.ops.aten.index_put(A(0, 5, 3), [L(-1)], A(1, 1, 3), True)]
//	h = (torch.arange(0, 6, 1, dtype=torch.float32) * 0.5).to(torch.int64)
//	cases["index_put_const"] = [torch.ops.aten.index_put(A(0, 1, 2, 3, 3), [None, None, h.unsqueeze(-1), h], A(1, 1, 2, 6, 6), True),
//	                            torch.ops.aten.index_put(A(0, 1, 2, 3, 3), [None, None, torch.arange(0, 3) - 3], A(1, 1, 2, 3, 3), False)]
//	t3 = (torch.arange(0, 6, 1, dtype=torch.float32) / 3).to(torch.int64)
//	e = torch.arange(0, 3)
//	cases["index_const_affine"] = [torch.ops.aten.index(A(0, 1, 2, 3, 3), [None, None, h.unsqueeze(-1), h]),
//	                               torch.ops.aten.index(A(0, 5, 3, 6), [e * 2, None, e + 1]),
//	                               torch.ops.aten.index(A(0, 2, 5), [None, torch.arange(0, 5).neg() - 1]),
//	                               torch.ops.aten.index_put(A(0, 1, 5), [None, torch.arange(-2, 3).abs()], A(1, 1, 5), True),
//	                               torch.ops.aten.index_put(A(0, 3, 7), [None, e * 2 + 1], A(1, 3, 3), True),
//	                               torch.ops.aten.index_put(A(0, 4, 3), [torch.arange(0, 2) + 1, (e * 0).unsqueeze(-1)], A(1, 3, 2), True),
//	                               torch.ops.aten.index_put(A(0, 4, 3), [torch.arange(0, 2) + 1, (e * 0).unsqueeze(-1)], A(1, 3, 2), False),
//	                               torch.ops.aten.index_put(A(0, 2, 2), [None, t3], A(1, 2, 6), True)]
//	cases["index_put_two"] = [torch.ops.aten.index_put(A(0, 4, 3, 5), [L(2, 0), None, L(-1, 1)], A(1, 2, 3), False),
//	                          torch.ops.aten.index_put(A(0, 4, 3, 5), [torch.tensor(-3), None, L(4)], A(1, 3), False)]
//	z = A(0, 2, 3, 4)
//	cases["gathers"] = [torch.ops.aten.index(z, [L(1, 0).reshape(2, 1), None, L(3, -1)]),
//	                    torch.ops.aten.index(z, [None, L(2, -3, 1)]),
//	                    torch.ops.aten.index_select(A(0, 5, 3), 0, L(4, 0, 2, 2)),
//	                    torch.ops.aten.embedding(A(0, 10, 4), L(9, 0, 3, 3, 7, 1).reshape(2, 3)),
//	                    torch.ops.aten.gather(A(0, 3, 5), 1, L(4, 0, 1, 1, 3, 2).reshape(3, 2))]
//	x = A(0, 2, 3)
//	cases["pad_flip_repeat"] = [torch.ops.aten.constant_pad_nd(x, [1, -1, -1, 2], 7.5), torch.ops.aten.flip(x, [0, -1]),
//	                            torch.ops.aten.repeat(x, [2, 1, 2])]
//	cases["embedding_backward"] = [torch.ops.aten.embedding_dense_backward(A(1, 2, 3, 4), L(2, 0, 2, 5, 0, 2).reshape(2, 3), 6, 0, False)]
//	x = A(0, 5, 4)
//	cases["split_unbind"] = [*torch.ops.aten.split(x, 2, 0), *torch.ops.aten.split_with_sizes(x, [1, 3], -1),
//	                         *torch.ops.aten.unbind(A(1, 2, 3), 1)]
//	cases["scatter_dim"] = [torch.ops.aten.scatter(A(0, 3, 5), 1, L(4, 0, 1, 3, 2, 0).reshape(3, 2), A(1, 3, 4)),
//	                        torch.ops.aten.scatter(A(0, 3, 5), 1, L(4, 0, 2).reshape(3, 1), -1.5),
//	                        torch.ops.aten.scatter_add(A(0, 4, 3), 0, L(0, 1, 2, 0, 0, 3, 3, 1, 0).reshape(3, 3), A(1, 3, 3))]
//	cases["scatter_narrow_index"] = [torch.ops.aten.scatter(A(0, 4, 5), 1, L(4, 0, 2, 3).reshape(2, 2), A(1, 3, 3)),
//	                                 torch.ops.aten.scatter_add(A(0, 4, 3), 0, L(3, 0, 3, 1).reshape(2, 2), A(1, 2, 3))]
//	cases["index_add"] = [torch.ops.aten.index_add(A(0, 5, 3), 0, L(1, 3, 1, 4), A(1, 4, 3), alpha=2),
//	                      torch.ops.aten.index_add(A(0, 2, 4), 1, L(3, 0, 3), A(1, 2, 3), alpha=0.5),
//	                      torch.ops.aten.index_add(L(5, -2, 7, 0, 1, 1, -4, 3).reshape(4, 2), 0, L(0, 2, 0), L(1, 2, -3, 4, 5, -6).reshape(3, 2), alpha=3).float()]
//	s = L(1, 2, 3, 4, -1, 5, 2, 5, 3, 4, 7, 1).reshape(3, 4).float()
//	i = L(0, 2, 0, 1, 0, 2, 2, 1).reshape(2, 4)
//	u = L(2, 4, 5, 3, 3, -2, 3, 1).reshape(2, 4).float()
//	cases["scatter_reduce"] = [torch.ops.aten.scatter_reduce.two(s, 0, i, u, r, include_self=inc)
//	                           for r in ["sum", "prod", "mean", "amax", "amin"] for inc in [True, False]]
//	x, y = A(0, 3, 4), A(0, 2, 4)
//	x, y = x * (x / x), y * (y / y)  # a NaN at [0, 0] of each
//	j = L(1, 2, 0, 2, 1, 0, 0, 2).reshape(2, 4)
//	cases["scatter_reduce_nan"] = [torch.ops.aten.scatter_reduce.two(x, 0, j, y, r, include_self=inc) for r in ["amax", "amin"] for inc in [True, False]]
//	si = L(7, -3, 4, 2, -5, 9).reshape(2, 3)
//	cases["scatter_reduce_int"] = [torch.ops.aten.scatter_reduce.two(si, 1, L(2, 2, 0, 1).reshape(2, 2), L(4, -2, -5, 3).reshape(2, 2), r, include_self=inc).float()
//	                               for r, inc in [("mean", True), ("mean", False), ("amax", False), ("prod", True)]]
//	for name, outs in cases.items():
//	    print('\t"%s": {' % name)
//	    for o in outs:
//	        print("\t\t{%s}," % ", ".join("%g" % v for v in o.flatten().tolist()))
//	    print("\t},")
func TestRunnerDataMovement(t *testing.T) {
	for _, tool := range append([]string{mlirOpt, mlirCPURunner}, runnerLibs...) {
		if _, err := os.Stat(tool); err != nil {
			t.Skipf("%s not found; install Debian's mlir-16-tools and libmlir-16 to run the upstream execution check", tool)
		}
	}
	sem := make(chan struct{}, runtime.NumCPU())
	var wg sync.WaitGroup
	errs := make([]error, len(dmRunCases))
	for i, c := range dmRunCases {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			errs[i] = c.run()
		}()
	}
	wg.Wait()
	for i, c := range dmRunCases {
		t.Run(c.name, func(t *testing.T) {
			if errs[i] != nil {
				t.Fatal(errs[i])
			}
		})
	}
}

// dmRunInput is one argument of a case: a float input by the arange rule
// (k is its offset index) or an int64 index tensor with the given values.
type dmRunInput struct {
	shape []int64
	k     int       // float input: arange + 100·k
	ints  []float64 // index input (si64) when not nil
}

func dmFloatIn(k int, shape ...int64) dmRunInput { return dmRunInput{shape: shape, k: k} }
func dmIndexIn(shape []int64, vs ...float64) dmRunInput {
	return dmRunInput{shape: shape, ints: vs}
}

func (in dmRunInput) elem() string {
	if in.ints != nil {
		return "i64"
	}
	return "f32"
}

func (in dmRunInput) values() []float64 {
	if in.ints != nil {
		return in.ints
	}
	n := ir.NumElements(in.shape)
	vs := make([]float64, n)
	for i := range vs {
		vs[i] = float64(i + 100*in.k)
	}
	return vs
}

type dmRunCase struct {
	name    string
	fn      string // func.func @f over !torch.vtensor arguments (f32 and si64)
	inputs  []dmRunInput
	outputs [][]int64 // result shapes, all f32
}

func (c dmRunCase) run() error {
	ctx := newContext()
	m, err := asm.Parse(ctx, c.fn, asm.Options{FileName: c.name + ".mlir"})
	if err != nil {
		return fmt.Errorf("parse: %v", err)
	}
	pl := torchToLinalgPipeline()
	if err := (&pass.Manager{IR: ctx, Pipeline: pl, VerifyEach: true}).Run(m); err != nil {
		return fmt.Errorf("lowering: %v", err)
	}
	lowered := ir.Sprint(m, ir.PrintOptions{})
	end := strings.LastIndex(lowered, "}")
	src := lowered[:end] + c.mainFunc() + "}\n"
	llvm, err := runTool(mlirOpt, src, upstreamPipeline...)
	if err != nil {
		return fmt.Errorf("mlir-opt: %v (input saved as %s)", firstLines(err.Error(), 3), saveInput(c.name, src))
	}
	out, err := runTool(mlirCPURunner, llvm, "-e", "main", "-entry-point-result=void", "-shared-libs="+strings.Join(runnerLibs, ","))
	if err != nil {
		return fmt.Errorf("mlir-cpu-runner: %v (input saved as %s)", firstLines(err.Error(), 3), saveInput(c.name, src))
	}
	blocks := strings.Split(out, "Unranked Memref")[1:]
	want := dmRunRefs[c.name]
	if len(blocks) != len(c.outputs) || len(want) != len(c.outputs) {
		return fmt.Errorf("%d printed results and %d references for %d outputs:\n%s", len(blocks), len(want), len(c.outputs), out)
	}
	for j, blk := range blocks {
		_, data, _ := strings.Cut(blk, "data =")
		got := numberRE.FindAllString(data, -1)
		if len(got) != len(want[j]) {
			return fmt.Errorf("result %d: %d values printed, want %d", j, len(got), len(want[j]))
		}
		for i, s := range got {
			v, err := strconv.ParseFloat(s, 64)
			if math.IsNaN(want[j][i]) && strings.Contains(s, "nan") {
				continue
			}
			if err != nil || v != want[j][i] {
				return fmt.Errorf("result %d element %d: got %s, PyTorch %g", j, i, s, want[j][i])
			}
		}
	}
	return nil
}

func (c dmRunCase) mainFunc() string {
	var sb strings.Builder
	sb.WriteString("func.func private @printMemrefF32(tensor<*xf32>)\nfunc.func @main() {\n")
	var args, types, res []string
	for i, in := range c.inputs {
		tt := dmTypeText(in.shape, in.elem())
		lit := dense(in.values(), in.shape)
		if in.ints != nil {
			lit = dmIntLiteral(in)
		}
		fmt.Fprintf(&sb, "  %%in%d = arith.constant %s : %s\n", i, lit, tt)
		args, types = append(args, fmt.Sprintf("%%in%d", i)), append(types, tt)
	}
	for _, s := range c.outputs {
		res = append(res, dmTypeText(s, "f32"))
	}
	fmt.Fprintf(&sb, "  %%r:%d = call @f(%s) : (%s) -> (%s)\n", len(res), strings.Join(args, ", "), strings.Join(types, ", "), strings.Join(res, ", "))
	for j, rt := range res {
		fmt.Fprintf(&sb, "  %%u%d = tensor.cast %%r#%d : %s to tensor<*xf32>\n", j, j, rt)
		fmt.Fprintf(&sb, "  call @printMemrefF32(%%u%d) : (tensor<*xf32>) -> ()\n", j)
	}
	sb.WriteString("  return\n}\n")
	return sb.String()
}

// dmTypeText prints a static tensor type, rank 0 included.
func dmTypeText(shape []int64, elem string) string {
	if len(shape) == 0 {
		return "tensor<" + elem + ">"
	}
	return tensorTypeText(shape, elem)
}

// dmIntLiteral prints an index input's dense literal with integers.
func dmIntLiteral(in dmRunInput) string {
	var sb strings.Builder
	var rec func(dim, off int)
	stride := func(dim int) int { return int(ir.NumElements(in.shape[dim+1:])) }
	rec = func(dim, off int) {
		if dim == len(in.shape) {
			sb.WriteString(strconv.FormatInt(int64(in.ints[off]), 10))
			return
		}
		sb.WriteByte('[')
		for i := 0; i < int(in.shape[dim]); i++ {
			if i > 0 {
				sb.WriteString(", ")
			}
			rec(dim+1, off+i*stride(dim))
		}
		sb.WriteByte(']')
	}
	rec(0, 0)
	return "dense<" + sb.String() + ">"
}

var dmRunCases = []dmRunCase{
	{name: "reshape_permute", inputs: []dmRunInput{dmFloatIn(0, 2, 3, 4)}, outputs: [][]int64{{6, 4}, {4, 6}, {4, 3, 2}}, fn: `
func.func @f(%x: !torch.vtensor<[2,3,4],f32>) -> (!torch.vtensor<[6,4],f32>, !torch.vtensor<[4,6],f32>, !torch.vtensor<[4,3,2],f32>) {
  %i0 = torch.constant.int 0
  %i1 = torch.constant.int 1
  %i2 = torch.constant.int 2
  %i4 = torch.constant.int 4
  %i6 = torch.constant.int 6
  %s46 = torch.prim.ListConstruct %i4, %i6 : (!torch.int, !torch.int) -> !torch.list<int>
  %a = torch.aten.reshape %x, %s46 : !torch.vtensor<[2,3,4],f32>, !torch.list<int> -> !torch.vtensor<[4,6],f32>
  %r0 = torch.aten.t %a : !torch.vtensor<[4,6],f32> -> !torch.vtensor<[6,4],f32>
  %p = torch.prim.ListConstruct %i2, %i0, %i1 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %b = torch.aten.permute %x, %p : !torch.vtensor<[2,3,4],f32>, !torch.list<int> -> !torch.vtensor<[4,2,3],f32>
  %r1 = torch.aten.view %b, %s46 : !torch.vtensor<[4,2,3],f32>, !torch.list<int> -> !torch.vtensor<[4,6],f32>
  %c = torch.aten.unsqueeze %x, %i1 : !torch.vtensor<[2,3,4],f32>, !torch.int -> !torch.vtensor<[2,1,3,4],f32>
  %d = torch.aten.squeeze.dim %c, %i1 : !torch.vtensor<[2,1,3,4],f32>, !torch.int -> !torch.vtensor<[2,3,4],f32>
  %r2 = torch.aten.transpose.int %d, %i0, %i2 : !torch.vtensor<[2,3,4],f32>, !torch.int, !torch.int -> !torch.vtensor<[4,3,2],f32>
  return %r0, %r1, %r2 : !torch.vtensor<[6,4],f32>, !torch.vtensor<[4,6],f32>, !torch.vtensor<[4,3,2],f32>
}`},
	{name: "expand", inputs: []dmRunInput{dmFloatIn(0, 3, 1)}, outputs: [][]int64{{2, 3, 4}}, fn: `
func.func @f(%x: !torch.vtensor<[3,1],f32>) -> !torch.vtensor<[2,3,4],f32> {
  %a = torch.constant.int 2
  %b = torch.constant.int -1
  %c = torch.constant.int 4
  %l = torch.prim.ListConstruct %a, %b, %c : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %f = torch.constant.bool false
  %0 = torch.aten.expand %x, %l, %f : !torch.vtensor<[3,1],f32>, !torch.list<int>, !torch.bool -> !torch.vtensor<[2,3,4],f32>
  return %0 : !torch.vtensor<[2,3,4],f32>
}`},
	{name: "slices", inputs: []dmRunInput{dmFloatIn(0, 4, 8)}, outputs: [][]int64{{4, 2}, {8}, {4, 3}}, fn: `
func.func @f(%y: !torch.vtensor<[4,8],f32>) -> (!torch.vtensor<[4,2],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[4,3],f32>) {
  %i0 = torch.constant.int 0
  %i1 = torch.constant.int 1
  %i2 = torch.constant.int 2
  %i3 = torch.constant.int 3
  %m2 = torch.constant.int -2
  %m3 = torch.constant.int -3
  %m5 = torch.constant.int -5
  %max = torch.constant.int 9223372036854775807
  %r0 = torch.aten.slice.Tensor %y, %i1, %m3, %max, %i2 : !torch.vtensor<[4,8],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[4,2],f32>
  %r1 = torch.aten.select.int %y, %i0, %m2 : !torch.vtensor<[4,8],f32>, !torch.int, !torch.int -> !torch.vtensor<[8],f32>
  %r2 = torch.aten.narrow %y, %i1, %m5, %i3 : !torch.vtensor<[4,8],f32>, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[4,3],f32>
  return %r0, %r1, %r2 : !torch.vtensor<[4,2],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[4,3],f32>
}`},
	{name: "cat_stack", inputs: []dmRunInput{dmFloatIn(0, 4, 2), dmFloatIn(1, 4, 3), dmFloatIn(2, 4, 1), dmFloatIn(3, 4, 2)}, outputs: [][]int64{{4, 6}, {4, 2, 2}}, fn: `
func.func @f(%a: !torch.vtensor<[4,2],f32>, %b: !torch.vtensor<[4,3],f32>, %c: !torch.vtensor<[4,1],f32>, %d: !torch.vtensor<[4,2],f32>) -> (!torch.vtensor<[4,6],f32>, !torch.vtensor<[4,2,2],f32>) {
  %l = torch.prim.ListConstruct %a, %b, %c : (!torch.vtensor<[4,2],f32>, !torch.vtensor<[4,3],f32>, !torch.vtensor<[4,1],f32>) -> !torch.list<vtensor>
  %m1 = torch.constant.int -1
  %r0 = torch.aten.cat %l, %m1 : !torch.list<vtensor>, !torch.int -> !torch.vtensor<[4,6],f32>
  %l2 = torch.prim.ListConstruct %a, %d : (!torch.vtensor<[4,2],f32>, !torch.vtensor<[4,2],f32>) -> !torch.list<vtensor>
  %i1 = torch.constant.int 1
  %r1 = torch.aten.stack %l2, %i1 : !torch.list<vtensor>, !torch.int -> !torch.vtensor<[4,2,2],f32>
  return %r0, %r1 : !torch.vtensor<[4,6],f32>, !torch.vtensor<[4,2,2],f32>
}`},
	{name: "cat_promote", inputs: []dmRunInput{dmFloatIn(0, 2, 2), dmIndexIn([]int64{2, 1}, 7, -3)}, outputs: [][]int64{{2, 3}}, fn: `
func.func @f(%a: !torch.vtensor<[2,2],f32>, %b: !torch.vtensor<[2,1],si64>) -> !torch.vtensor<[2,3],f32> {
  %l = torch.prim.ListConstruct %a, %b : (!torch.vtensor<[2,2],f32>, !torch.vtensor<[2,1],si64>) -> !torch.list<vtensor>
  %i1 = torch.constant.int 1
  %0 = torch.aten.cat %l, %i1 : !torch.list<vtensor>, !torch.int -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}`},
	{name: "slice_scatter", inputs: []dmRunInput{dmFloatIn(0, 6, 4), dmFloatIn(1, 3, 4), dmFloatIn(0, 2, 3), dmFloatIn(1, 2)}, outputs: [][]int64{{6, 4}, {2, 3}}, fn: `
func.func @f(%x: !torch.vtensor<[6,4],f32>, %s: !torch.vtensor<[3,4],f32>, %y: !torch.vtensor<[2,3],f32>, %t: !torch.vtensor<[2],f32>) -> (!torch.vtensor<[6,4],f32>, !torch.vtensor<[2,3],f32>) {
  %i0 = torch.constant.int 0
  %i1 = torch.constant.int 1
  %i2 = torch.constant.int 2
  %m1 = torch.constant.int -1
  %max = torch.constant.int 9223372036854775807
  %r0 = torch.aten.slice_scatter %x, %s, %i0, %i1, %max, %i2 : !torch.vtensor<[6,4],f32>, !torch.vtensor<[3,4],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[6,4],f32>
  %r1 = torch.aten.select_scatter %y, %t, %i1, %m1 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[2],f32>, !torch.int, !torch.int -> !torch.vtensor<[2,3],f32>
  return %r0, %r1 : !torch.vtensor<[6,4],f32>, !torch.vtensor<[2,3],f32>
}`},
	{name: "index_copy_decode", inputs: []dmRunInput{dmFloatIn(0, 1, 2, 8, 4), dmIndexIn([]int64{1}, 5), dmFloatIn(1, 1, 2, 1, 4)}, outputs: [][]int64{{1, 2, 8, 4}}, fn: `
func.func @f(%cache: !torch.vtensor<[1,2,8,4],f32>, %pos: !torch.vtensor<[1],si64>, %kv: !torch.vtensor<[1,2,1,4],f32>) -> !torch.vtensor<[1,2,8,4],f32> {
  %d = torch.constant.int 2
  %0 = torch.aten.index_copy %cache, %d, %pos, %kv : !torch.vtensor<[1,2,8,4],f32>, !torch.int, !torch.vtensor<[1],si64>, !torch.vtensor<[1,2,1,4],f32> -> !torch.vtensor<[1,2,8,4],f32>
  return %0 : !torch.vtensor<[1,2,8,4],f32>
}`},
	{name: "index_put_decode", inputs: []dmRunInput{dmFloatIn(0, 1, 2, 8, 4), dmIndexIn([]int64{1}, -2), dmFloatIn(1, 1, 2, 1, 4)}, outputs: [][]int64{{1, 2, 8, 4}}, fn: `
func.func @f(%cache: !torch.vtensor<[1,2,8,4],f32>, %pos: !torch.vtensor<[1],si64>, %kv: !torch.vtensor<[1,2,1,4],f32>) -> !torch.vtensor<[1,2,8,4],f32> {
  %none = torch.constant.none
  %l = torch.prim.ListConstruct %none, %none, %pos : (!torch.none, !torch.none, !torch.vtensor<[1],si64>) -> !torch.list<optional<vtensor>>
  %f = torch.constant.bool false
  %0 = torch.aten.index_put %cache, %l, %kv, %f : !torch.vtensor<[1,2,8,4],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[1,2,1,4],f32>, !torch.bool -> !torch.vtensor<[1,2,8,4],f32>
  return %0 : !torch.vtensor<[1,2,8,4],f32>
}`},
	{name: "index_copy_prefill", inputs: []dmRunInput{dmFloatIn(0, 1, 2, 8, 4), dmIndexIn([]int64{3}, 6, 1, 3), dmFloatIn(1, 1, 2, 3, 4)}, outputs: [][]int64{{1, 2, 8, 4}}, fn: `
func.func @f(%cache: !torch.vtensor<[1,2,8,4],f32>, %pos: !torch.vtensor<[3],si64>, %kv: !torch.vtensor<[1,2,3,4],f32>) -> !torch.vtensor<[1,2,8,4],f32> {
  %d = torch.constant.int 2
  %0 = torch.aten.index_copy %cache, %d, %pos, %kv : !torch.vtensor<[1,2,8,4],f32>, !torch.int, !torch.vtensor<[3],si64>, !torch.vtensor<[1,2,3,4],f32> -> !torch.vtensor<[1,2,8,4],f32>
  return %0 : !torch.vtensor<[1,2,8,4],f32>
}`},
	{name: "index_put_accumulate", inputs: []dmRunInput{dmFloatIn(0, 5, 3), dmIndexIn([]int64{4}, 1, 3, 1, -1), dmFloatIn(1, 4, 3), dmIndexIn([]int64{1}, -1), dmFloatIn(1, 1, 3)}, outputs: [][]int64{{5, 3}, {5, 3}}, fn: `
func.func @f(%x: !torch.vtensor<[5,3],f32>, %i: !torch.vtensor<[4],si64>, %v: !torch.vtensor<[4,3],f32>, %j: !torch.vtensor<[1],si64>, %w: !torch.vtensor<[1,3],f32>) -> (!torch.vtensor<[5,3],f32>, !torch.vtensor<[5,3],f32>) {
  %t = torch.constant.bool true
  %l = torch.prim.ListConstruct %i : (!torch.vtensor<[4],si64>) -> !torch.list<optional<vtensor>>
  %r0 = torch.aten.index_put %x, %l, %v, %t : !torch.vtensor<[5,3],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[4,3],f32>, !torch.bool -> !torch.vtensor<[5,3],f32>
  %l2 = torch.prim.ListConstruct %j : (!torch.vtensor<[1],si64>) -> !torch.list<optional<vtensor>>
  %r1 = torch.aten.index_put %x, %l2, %w, %t : !torch.vtensor<[5,3],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[1,3],f32>, !torch.bool -> !torch.vtensor<[5,3],f32>
  return %r0, %r1 : !torch.vtensor<[5,3],f32>, !torch.vtensor<[5,3],f32>
}`},
	// Indices computed from constants (nearest upsampling's backward as
	// torch.export writes it; a wrapped negative index without
	// accumulation): the inverted-table gather of
	// datamovement_scatter_const.go.
	{name: "index_put_const", inputs: []dmRunInput{dmFloatIn(0, 1, 2, 3, 3), dmFloatIn(1, 1, 2, 6, 6), dmFloatIn(1, 1, 2, 3, 3)}, outputs: [][]int64{{1, 2, 3, 3}, {1, 2, 3, 3}}, fn: `
func.func @f(%x: !torch.vtensor<[1,2,3,3],f32>, %v: !torch.vtensor<[1,2,6,6],f32>, %w: !torch.vtensor<[1,2,3,3],f32>) -> (!torch.vtensor<[1,2,3,3],f32>, !torch.vtensor<[1,2,3,3],f32>) {
  %none = torch.constant.none
  %t = torch.constant.bool true
  %f = torch.constant.bool false
  %i0 = torch.constant.int 0
  %i1 = torch.constant.int 1
  %i3 = torch.constant.int 3
  %i4 = torch.constant.int 4
  %i6 = torch.constant.int 6
  %im1 = torch.constant.int -1
  %half = torch.constant.float 5.000000e-01
  %a = torch.aten.arange.start_step %i0, %i6, %i1, %i6, %none, %none, %none : !torch.int, !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[6],f32>
  %s = torch.aten.mul.Scalar %a, %half : !torch.vtensor<[6],f32>, !torch.float -> !torch.vtensor<[6],f32>
  %h = torch.aten._to_copy %s, %i4, %none, %none, %none, %f, %none : !torch.vtensor<[6],f32>, !torch.int, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.none -> !torch.vtensor<[6],si64>
  %hc = torch.aten.unsqueeze %h, %im1 : !torch.vtensor<[6],si64>, !torch.int -> !torch.vtensor<[6,1],si64>
  %l = torch.prim.ListConstruct %none, %none, %hc, %h : (!torch.none, !torch.none, !torch.vtensor<[6,1],si64>, !torch.vtensor<[6],si64>) -> !torch.list<optional<vtensor>>
  %r0 = torch.aten.index_put %x, %l, %v, %t : !torch.vtensor<[1,2,3,3],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[1,2,6,6],f32>, !torch.bool -> !torch.vtensor<[1,2,3,3],f32>
  %b = torch.aten.arange.start_step %i0, %i3, %i1, %none, %none, %none, %none : !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[3],si64>
  %n = torch.aten.sub.Scalar %b, %i3, %i1 : !torch.vtensor<[3],si64>, !torch.int, !torch.int -> !torch.vtensor<[3],si64>
  %l2 = torch.prim.ListConstruct %none, %none, %n : (!torch.none, !torch.none, !torch.vtensor<[3],si64>) -> !torch.list<optional<vtensor>>
  %r1 = torch.aten.index_put %x, %l2, %w, %f : !torch.vtensor<[1,2,3,3],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[1,2,3,3],f32>, !torch.bool -> !torch.vtensor<[1,2,3,3],f32>
  return %r0, %r1 : !torch.vtensor<[1,2,3,3],f32>, !torch.vtensor<[1,2,3,3],f32>
}`},
	// Constant indices: upsampling (s = 2, 3), strided, flipped and
	// non-adjacent gathers, a strided box, a dim no index varies along
	// (a reduction, or the last write), and one that is not affine (the
	// inverted table).
	{name: "index_const_affine", inputs: []dmRunInput{dmFloatIn(0, 1, 2, 3, 3), dmFloatIn(0, 5, 3, 6), dmFloatIn(0, 2, 5), dmFloatIn(0, 1, 5), dmFloatIn(1, 1, 5),
		dmFloatIn(0, 3, 7), dmFloatIn(1, 3, 3), dmFloatIn(0, 4, 3), dmFloatIn(1, 3, 2), dmFloatIn(0, 2, 2), dmFloatIn(1, 2, 6)},
		outputs: [][]int64{{1, 2, 6, 6}, {3, 3}, {2, 5}, {1, 5}, {3, 7}, {4, 3}, {4, 3}, {2, 2}}, fn: `
func.func @f(%x: !torch.vtensor<[1,2,3,3],f32>, %y: !torch.vtensor<[5,3,6],f32>, %z: !torch.vtensor<[2,5],f32>, %p: !torch.vtensor<[1,5],f32>, %pv: !torch.vtensor<[1,5],f32>,
             %q: !torch.vtensor<[3,7],f32>, %qv: !torch.vtensor<[3,3],f32>, %r: !torch.vtensor<[4,3],f32>, %rv: !torch.vtensor<[3,2],f32>, %s: !torch.vtensor<[2,2],f32>, %sv: !torch.vtensor<[2,6],f32>) -> (!torch.vtensor<[1,2,6,6],f32>, !torch.vtensor<[3,3],f32>, !torch.vtensor<[2,5],f32>, !torch.vtensor<[1,5],f32>, !torch.vtensor<[3,7],f32>, !torch.vtensor<[4,3],f32>, !torch.vtensor<[4,3],f32>, !torch.vtensor<[2,2],f32>) {
  %none = torch.constant.none
  %t = torch.constant.bool true
  %f = torch.constant.bool false
  %im2 = torch.constant.int -2
  %im1 = torch.constant.int -1
  %i0 = torch.constant.int 0
  %i1 = torch.constant.int 1
  %i2 = torch.constant.int 2
  %i3 = torch.constant.int 3
  %i4 = torch.constant.int 4
  %i5 = torch.constant.int 5
  %i6 = torch.constant.int 6
  %half = torch.constant.float 5.000000e-01
  %a6 = torch.aten.arange.start_step %i0, %i6, %i1, %i6, %none, %none, %none : !torch.int, !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[6],f32>
  %hf = torch.aten.mul.Scalar %a6, %half : !torch.vtensor<[6],f32>, !torch.float -> !torch.vtensor<[6],f32>
  %h = torch.aten._to_copy %hf, %i4, %none, %none, %none, %f, %none : !torch.vtensor<[6],f32>, !torch.int, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.none -> !torch.vtensor<[6],si64>
  %hc = torch.aten.unsqueeze %h, %im1 : !torch.vtensor<[6],si64>, !torch.int -> !torch.vtensor<[6,1],si64>
  %l0 = torch.prim.ListConstruct %none, %none, %hc, %h : (!torch.none, !torch.none, !torch.vtensor<[6,1],si64>, !torch.vtensor<[6],si64>) -> !torch.list<optional<vtensor>>
  %r0 = torch.aten.index.Tensor %x, %l0 : !torch.vtensor<[1,2,3,3],f32>, !torch.list<optional<vtensor>> -> !torch.vtensor<[1,2,6,6],f32>
  %e = torch.aten.arange.start_step %i0, %i3, %i1, %none, %none, %none, %none : !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[3],si64>
  %e2 = torch.aten.mul.Scalar %e, %i2 : !torch.vtensor<[3],si64>, !torch.int -> !torch.vtensor<[3],si64>
  %e1 = torch.aten.add.Scalar %e, %i1, %i1 : !torch.vtensor<[3],si64>, !torch.int, !torch.int -> !torch.vtensor<[3],si64>
  %l1 = torch.prim.ListConstruct %e2, %none, %e1 : (!torch.vtensor<[3],si64>, !torch.none, !torch.vtensor<[3],si64>) -> !torch.list<optional<vtensor>>
  %r1 = torch.aten.index.Tensor %y, %l1 : !torch.vtensor<[5,3,6],f32>, !torch.list<optional<vtensor>> -> !torch.vtensor<[3,3],f32>
  %a5 = torch.aten.arange.start_step %i0, %i5, %i1, %none, %none, %none, %none : !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[5],si64>
  %n5 = torch.aten.neg %a5 : !torch.vtensor<[5],si64> -> !torch.vtensor<[5],si64>
  %m5 = torch.aten.sub.Scalar %n5, %i1, %i1 : !torch.vtensor<[5],si64>, !torch.int, !torch.int -> !torch.vtensor<[5],si64>
  %l2 = torch.prim.ListConstruct %none, %m5 : (!torch.none, !torch.vtensor<[5],si64>) -> !torch.list<optional<vtensor>>
  %r2 = torch.aten.index.Tensor %z, %l2 : !torch.vtensor<[2,5],f32>, !torch.list<optional<vtensor>> -> !torch.vtensor<[2,5],f32>
  %c5 = torch.aten.arange.start_step %im2, %i3, %i1, %none, %none, %none, %none : !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[5],si64>
  %b5 = torch.aten.abs %c5 : !torch.vtensor<[5],si64> -> !torch.vtensor<[5],si64>
  %l3 = torch.prim.ListConstruct %none, %b5 : (!torch.none, !torch.vtensor<[5],si64>) -> !torch.list<optional<vtensor>>
  %r3 = torch.aten.index_put %p, %l3, %pv, %t : !torch.vtensor<[1,5],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[1,5],f32>, !torch.bool -> !torch.vtensor<[1,5],f32>
  %o3 = torch.aten.add.Scalar %e2, %i1, %i1 : !torch.vtensor<[3],si64>, !torch.int, !torch.int -> !torch.vtensor<[3],si64>
  %l4 = torch.prim.ListConstruct %none, %o3 : (!torch.none, !torch.vtensor<[3],si64>) -> !torch.list<optional<vtensor>>
  %r4 = torch.aten.index_put %q, %l4, %qv, %t : !torch.vtensor<[3,7],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[3,3],f32>, !torch.bool -> !torch.vtensor<[3,7],f32>
  %a2 = torch.aten.arange.start_step %i0, %i2, %i1, %none, %none, %none, %none : !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[2],si64>
  %rows = torch.aten.add.Scalar %a2, %i1, %i1 : !torch.vtensor<[2],si64>, !torch.int, !torch.int -> !torch.vtensor<[2],si64>
  %z3 = torch.aten.mul.Scalar %e, %i0 : !torch.vtensor<[3],si64>, !torch.int -> !torch.vtensor<[3],si64>
  %z31 = torch.aten.unsqueeze %z3, %im1 : !torch.vtensor<[3],si64>, !torch.int -> !torch.vtensor<[3,1],si64>
  %l5 = torch.prim.ListConstruct %rows, %z31 : (!torch.vtensor<[2],si64>, !torch.vtensor<[3,1],si64>) -> !torch.list<optional<vtensor>>
  %r5 = torch.aten.index_put %r, %l5, %rv, %t : !torch.vtensor<[4,3],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[3,2],f32>, !torch.bool -> !torch.vtensor<[4,3],f32>
  %r6 = torch.aten.index_put %r, %l5, %rv, %f : !torch.vtensor<[4,3],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[3,2],f32>, !torch.bool -> !torch.vtensor<[4,3],f32>
  %tf = torch.aten.div.Scalar %a6, %i3 : !torch.vtensor<[6],f32>, !torch.int -> !torch.vtensor<[6],f32>
  %t3 = torch.aten._to_copy %tf, %i4, %none, %none, %none, %f, %none : !torch.vtensor<[6],f32>, !torch.int, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.none -> !torch.vtensor<[6],si64>
  %l7 = torch.prim.ListConstruct %none, %t3 : (!torch.none, !torch.vtensor<[6],si64>) -> !torch.list<optional<vtensor>>
  %r7 = torch.aten.index_put %s, %l7, %sv, %t : !torch.vtensor<[2,2],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[2,6],f32>, !torch.bool -> !torch.vtensor<[2,2],f32>
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7 : !torch.vtensor<[1,2,6,6],f32>, !torch.vtensor<[3,3],f32>, !torch.vtensor<[2,5],f32>, !torch.vtensor<[1,5],f32>, !torch.vtensor<[3,7],f32>, !torch.vtensor<[4,3],f32>, !torch.vtensor<[4,3],f32>, !torch.vtensor<[2,2],f32>
}`},
	{name: "index_put_two", inputs: []dmRunInput{dmFloatIn(0, 4, 3, 5), dmIndexIn([]int64{2}, 2, 0), dmIndexIn([]int64{2}, -1, 1), dmFloatIn(1, 2, 3), dmIndexIn(nil, -3), dmIndexIn([]int64{1}, 4), dmFloatIn(1, 3)}, outputs: [][]int64{{4, 3, 5}, {4, 3, 5}}, fn: `
func.func @f(%x: !torch.vtensor<[4,3,5],f32>, %i: !torch.vtensor<[2],si64>, %j: !torch.vtensor<[2],si64>, %v: !torch.vtensor<[2,3],f32>, %a: !torch.vtensor<[],si64>, %b: !torch.vtensor<[1],si64>, %w: !torch.vtensor<[3],f32>) -> (!torch.vtensor<[4,3,5],f32>, !torch.vtensor<[4,3,5],f32>) {
  %none = torch.constant.none
  %f = torch.constant.bool false
  %l = torch.prim.ListConstruct %i, %none, %j : (!torch.vtensor<[2],si64>, !torch.none, !torch.vtensor<[2],si64>) -> !torch.list<optional<vtensor>>
  %r0 = torch.aten.index_put %x, %l, %v, %f : !torch.vtensor<[4,3,5],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[2,3],f32>, !torch.bool -> !torch.vtensor<[4,3,5],f32>
  %l2 = torch.prim.ListConstruct %a, %none, %b : (!torch.vtensor<[],si64>, !torch.none, !torch.vtensor<[1],si64>) -> !torch.list<optional<vtensor>>
  %r1 = torch.aten.index_put %x, %l2, %w, %f : !torch.vtensor<[4,3,5],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[3],f32>, !torch.bool -> !torch.vtensor<[4,3,5],f32>
  return %r0, %r1 : !torch.vtensor<[4,3,5],f32>, !torch.vtensor<[4,3,5],f32>
}`},
	{name: "gathers", inputs: []dmRunInput{dmFloatIn(0, 2, 3, 4), dmIndexIn([]int64{2, 1}, 1, 0), dmIndexIn([]int64{2}, 3, -1), dmIndexIn([]int64{3}, 2, -3, 1),
		dmFloatIn(0, 5, 3), dmIndexIn([]int64{4}, 4, 0, 2, 2), dmFloatIn(0, 10, 4), dmIndexIn([]int64{2, 3}, 9, 0, 3, 3, 7, 1), dmFloatIn(0, 3, 5), dmIndexIn([]int64{3, 2}, 4, 0, 1, 1, 3, 2)},
		outputs: [][]int64{{2, 2, 3}, {2, 3, 4}, {4, 3}, {2, 3, 4}, {3, 2}}, fn: `
func.func @f(%z: !torch.vtensor<[2,3,4],f32>, %i: !torch.vtensor<[2,1],si64>, %j: !torch.vtensor<[2],si64>, %k: !torch.vtensor<[3],si64>,
             %s: !torch.vtensor<[5,3],f32>, %si: !torch.vtensor<[4],si64>, %w: !torch.vtensor<[10,4],f32>, %wi: !torch.vtensor<[2,3],si64>,
             %g: !torch.vtensor<[3,5],f32>, %gi: !torch.vtensor<[3,2],si64>)
    -> (!torch.vtensor<[2,2,3],f32>, !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[4,3],f32>, !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[3,2],f32>) {
  %none = torch.constant.none
  %f = torch.constant.bool false
  %i0 = torch.constant.int 0
  %i1 = torch.constant.int 1
  %m1 = torch.constant.int -1
  %l = torch.prim.ListConstruct %i, %none, %j : (!torch.vtensor<[2,1],si64>, !torch.none, !torch.vtensor<[2],si64>) -> !torch.list<optional<vtensor>>
  %r0 = torch.aten.index.Tensor %z, %l : !torch.vtensor<[2,3,4],f32>, !torch.list<optional<vtensor>> -> !torch.vtensor<[2,2,3],f32>
  %l2 = torch.prim.ListConstruct %none, %k : (!torch.none, !torch.vtensor<[3],si64>) -> !torch.list<optional<vtensor>>
  %r1 = torch.aten.index.Tensor %z, %l2 : !torch.vtensor<[2,3,4],f32>, !torch.list<optional<vtensor>> -> !torch.vtensor<[2,3,4],f32>
  %r2 = torch.aten.index_select %s, %i0, %si : !torch.vtensor<[5,3],f32>, !torch.int, !torch.vtensor<[4],si64> -> !torch.vtensor<[4,3],f32>
  %r3 = torch.aten.embedding %w, %wi, %m1, %f, %f : !torch.vtensor<[10,4],f32>, !torch.vtensor<[2,3],si64>, !torch.int, !torch.bool, !torch.bool -> !torch.vtensor<[2,3,4],f32>
  %r4 = torch.aten.gather %g, %i1, %gi, %f : !torch.vtensor<[3,5],f32>, !torch.int, !torch.vtensor<[3,2],si64>, !torch.bool -> !torch.vtensor<[3,2],f32>
  return %r0, %r1, %r2, %r3, %r4 : !torch.vtensor<[2,2,3],f32>, !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[4,3],f32>, !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[3,2],f32>
}`},
	{name: "pad_flip_repeat", inputs: []dmRunInput{dmFloatIn(0, 2, 3)}, outputs: [][]int64{{3, 3}, {2, 3}, {2, 2, 6}}, fn: `
func.func @f(%x: !torch.vtensor<[2,3],f32>) -> (!torch.vtensor<[3,3],f32>, !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,2,6],f32>) {
  %i0 = torch.constant.int 0
  %i1 = torch.constant.int 1
  %i2 = torch.constant.int 2
  %m1 = torch.constant.int -1
  %p = torch.prim.ListConstruct %i1, %m1, %m1, %i2 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %v = torch.constant.float 7.500000e+00
  %r0 = torch.aten.constant_pad_nd %x, %p, %v : !torch.vtensor<[2,3],f32>, !torch.list<int>, !torch.float -> !torch.vtensor<[3,3],f32>
  %d = torch.prim.ListConstruct %i0, %m1 : (!torch.int, !torch.int) -> !torch.list<int>
  %r1 = torch.aten.flip %x, %d : !torch.vtensor<[2,3],f32>, !torch.list<int> -> !torch.vtensor<[2,3],f32>
  %rp = torch.prim.ListConstruct %i2, %i1, %i2 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %r2 = torch.aten.repeat %x, %rp : !torch.vtensor<[2,3],f32>, !torch.list<int> -> !torch.vtensor<[2,2,6],f32>
  return %r0, %r1, %r2 : !torch.vtensor<[3,3],f32>, !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,2,6],f32>
}`},
	{name: "embedding_backward", inputs: []dmRunInput{dmFloatIn(1, 2, 3, 4), dmIndexIn([]int64{2, 3}, 2, 0, 2, 5, 0, 2)}, outputs: [][]int64{{6, 4}}, fn: `
func.func @f(%g: !torch.vtensor<[2,3,4],f32>, %i: !torch.vtensor<[2,3],si64>) -> !torch.vtensor<[6,4],f32> {
  %n = torch.constant.int 6
  %p = torch.constant.int 0
  %f = torch.constant.bool false
  %0 = torch.aten.embedding_dense_backward %g, %i, %n, %p, %f : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3],si64>, !torch.int, !torch.int, !torch.bool -> !torch.vtensor<[6,4],f32>
  return %0 : !torch.vtensor<[6,4],f32>
}`},
	{name: "scatter_dim", inputs: []dmRunInput{dmFloatIn(0, 3, 5), dmIndexIn([]int64{3, 2}, 4, 0, 1, 3, 2, 0), dmFloatIn(1, 3, 4),
		dmIndexIn([]int64{3, 1}, 4, 0, 2), dmFloatIn(0, 4, 3), dmIndexIn([]int64{3, 3}, 0, 1, 2, 0, 0, 3, 3, 1, 0), dmFloatIn(1, 3, 3)},
		outputs: [][]int64{{3, 5}, {3, 5}, {4, 3}}, fn: `
func.func @f(%s: !torch.vtensor<[3,5],f32>, %i: !torch.vtensor<[3,2],si64>, %src: !torch.vtensor<[3,4],f32>, %j: !torch.vtensor<[3,1],si64>, %t: !torch.vtensor<[4,3],f32>, %k: !torch.vtensor<[3,3],si64>, %u: !torch.vtensor<[3,3],f32>) -> (!torch.vtensor<[3,5],f32>, !torch.vtensor<[3,5],f32>, !torch.vtensor<[4,3],f32>) {
  %i0 = torch.constant.int 0
  %i1 = torch.constant.int 1
  %v = torch.constant.float -1.500000e+00
  %0 = torch.aten.scatter.src %s, %i1, %i, %src : !torch.vtensor<[3,5],f32>, !torch.int, !torch.vtensor<[3,2],si64>, !torch.vtensor<[3,4],f32> -> !torch.vtensor<[3,5],f32>
  %1 = torch.aten.scatter.value %s, %i1, %j, %v : !torch.vtensor<[3,5],f32>, !torch.int, !torch.vtensor<[3,1],si64>, !torch.float -> !torch.vtensor<[3,5],f32>
  %2 = torch.aten.scatter_add %t, %i0, %k, %u : !torch.vtensor<[4,3],f32>, !torch.int, !torch.vtensor<[3,3],si64>, !torch.vtensor<[3,3],f32> -> !torch.vtensor<[4,3],f32>
  return %0, %1, %2 : !torch.vtensor<[3,5],f32>, !torch.vtensor<[3,5],f32>, !torch.vtensor<[4,3],f32>
}`},
	{name: "scatter_narrow_index", inputs: []dmRunInput{dmFloatIn(0, 4, 5), dmIndexIn([]int64{2, 2}, 4, 0, 2, 3), dmFloatIn(1, 3, 3),
		dmFloatIn(0, 4, 3), dmIndexIn([]int64{2, 2}, 3, 0, 3, 1), dmFloatIn(1, 2, 3)},
		outputs: [][]int64{{4, 5}, {4, 3}}, fn: `
func.func @f(%s: !torch.vtensor<[4,5],f32>, %i: !torch.vtensor<[2,2],si64>, %src: !torch.vtensor<[3,3],f32>, %t: !torch.vtensor<[4,3],f32>, %k: !torch.vtensor<[2,2],si64>, %u: !torch.vtensor<[2,3],f32>) -> (!torch.vtensor<[4,5],f32>, !torch.vtensor<[4,3],f32>) {
  %i0 = torch.constant.int 0
  %i1 = torch.constant.int 1
  %0 = torch.aten.scatter.src %s, %i1, %i, %src : !torch.vtensor<[4,5],f32>, !torch.int, !torch.vtensor<[2,2],si64>, !torch.vtensor<[3,3],f32> -> !torch.vtensor<[4,5],f32>
  %1 = torch.aten.scatter_add %t, %i0, %k, %u : !torch.vtensor<[4,3],f32>, !torch.int, !torch.vtensor<[2,2],si64>, !torch.vtensor<[2,3],f32> -> !torch.vtensor<[4,3],f32>
  return %0, %1 : !torch.vtensor<[4,5],f32>, !torch.vtensor<[4,3],f32>
}`},
	{name: "index_add", inputs: []dmRunInput{dmFloatIn(0, 5, 3), dmIndexIn([]int64{4}, 1, 3, 1, 4), dmFloatIn(1, 4, 3),
		dmFloatIn(0, 2, 4), dmIndexIn([]int64{3}, 3, 0, 3), dmFloatIn(1, 2, 3),
		dmIndexIn([]int64{4, 2}, 5, -2, 7, 0, 1, 1, -4, 3), dmIndexIn([]int64{3}, 0, 2, 0), dmIndexIn([]int64{3, 2}, 1, 2, -3, 4, 5, -6)},
		outputs: [][]int64{{5, 3}, {2, 4}, {4, 2}}, fn: `
func.func @f(%s: !torch.vtensor<[5,3],f32>, %i: !torch.vtensor<[4],si64>, %u: !torch.vtensor<[4,3],f32>, %t: !torch.vtensor<[2,4],f32>, %j: !torch.vtensor<[3],si64>, %v: !torch.vtensor<[2,3],f32>, %n: !torch.vtensor<[4,2],si64>, %k: !torch.vtensor<[3],si64>, %w: !torch.vtensor<[3,2],si64>) -> (!torch.vtensor<[5,3],f32>, !torch.vtensor<[2,4],f32>, !torch.vtensor<[4,2],f32>) {
  %i0 = torch.constant.int 0
  %i1 = torch.constant.int 1
  %i2 = torch.constant.int 2
  %i3 = torch.constant.int 3
  %i6 = torch.constant.int 6
  %half = torch.constant.float 5.000000e-01
  %none = torch.constant.none
  %false = torch.constant.bool false
  %0 = torch.aten.index_add %s, %i0, %i, %u, %i2 : !torch.vtensor<[5,3],f32>, !torch.int, !torch.vtensor<[4],si64>, !torch.vtensor<[4,3],f32>, !torch.int -> !torch.vtensor<[5,3],f32>
  %1 = torch.aten.index_add %t, %i1, %j, %v, %half : !torch.vtensor<[2,4],f32>, !torch.int, !torch.vtensor<[3],si64>, !torch.vtensor<[2,3],f32>, !torch.float -> !torch.vtensor<[2,4],f32>
  %2 = torch.aten.index_add %n, %i0, %k, %w, %i3 : !torch.vtensor<[4,2],si64>, !torch.int, !torch.vtensor<[3],si64>, !torch.vtensor<[3,2],si64>, !torch.int -> !torch.vtensor<[4,2],si64>
  %3 = torch.aten._to_copy %2, %i6, %none, %none, %none, %false, %none : !torch.vtensor<[4,2],si64>, !torch.int, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.none -> !torch.vtensor<[4,2],f32>
  return %0, %1, %3 : !torch.vtensor<[5,3],f32>, !torch.vtensor<[2,4],f32>, !torch.vtensor<[4,2],f32>
}`},
	{name: "scatter_reduce", inputs: []dmRunInput{dmIndexIn([]int64{3, 4}, 1, 2, 3, 4, -1, 5, 2, 5, 3, 4, 7, 1), dmIndexIn([]int64{2, 4}, 0, 2, 0, 1, 0, 2, 2, 1),
		dmIndexIn([]int64{2, 4}, 2, 4, 5, 3, 3, -2, 3, 1)},
		outputs: [][]int64{{3, 4}, {3, 4}, {3, 4}, {3, 4}, {3, 4}, {3, 4}, {3, 4}, {3, 4}, {3, 4}, {3, 4}}, fn: dmScatterReduceFn},
	{name: "scatter_reduce_nan", inputs: []dmRunInput{dmFloatIn(0, 3, 4), dmIndexIn([]int64{2, 4}, 1, 2, 0, 2, 1, 0, 0, 2), dmFloatIn(0, 2, 4)},
		outputs: [][]int64{{3, 4}, {3, 4}, {3, 4}, {3, 4}}, fn: `
func.func @f(%x: !torch.vtensor<[3,4],f32>, %j: !torch.vtensor<[2,4],si64>, %y: !torch.vtensor<[2,4],f32>) -> (!torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],f32>) {
  %i0 = torch.constant.int 0
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %amax = torch.constant.str "amax"
  %amin = torch.constant.str "amin"
  %xd = torch.aten.div.Tensor %x, %x : !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],f32> -> !torch.vtensor<[3,4],f32>
  %xn = torch.aten.mul.Tensor %x, %xd : !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],f32> -> !torch.vtensor<[3,4],f32>
  %yd = torch.aten.div.Tensor %y, %y : !torch.vtensor<[2,4],f32>, !torch.vtensor<[2,4],f32> -> !torch.vtensor<[2,4],f32>
  %yn = torch.aten.mul.Tensor %y, %yd : !torch.vtensor<[2,4],f32>, !torch.vtensor<[2,4],f32> -> !torch.vtensor<[2,4],f32>
  %0 = torch.aten.scatter_reduce.two %xn, %i0, %j, %yn, %amax, %true : !torch.vtensor<[3,4],f32>, !torch.int, !torch.vtensor<[2,4],si64>, !torch.vtensor<[2,4],f32>, !torch.str, !torch.bool -> !torch.vtensor<[3,4],f32>
  %1 = torch.aten.scatter_reduce.two %xn, %i0, %j, %yn, %amax, %false : !torch.vtensor<[3,4],f32>, !torch.int, !torch.vtensor<[2,4],si64>, !torch.vtensor<[2,4],f32>, !torch.str, !torch.bool -> !torch.vtensor<[3,4],f32>
  %2 = torch.aten.scatter_reduce.two %xn, %i0, %j, %yn, %amin, %true : !torch.vtensor<[3,4],f32>, !torch.int, !torch.vtensor<[2,4],si64>, !torch.vtensor<[2,4],f32>, !torch.str, !torch.bool -> !torch.vtensor<[3,4],f32>
  %3 = torch.aten.scatter_reduce.two %xn, %i0, %j, %yn, %amin, %false : !torch.vtensor<[3,4],f32>, !torch.int, !torch.vtensor<[2,4],si64>, !torch.vtensor<[2,4],f32>, !torch.str, !torch.bool -> !torch.vtensor<[3,4],f32>
  return %0, %1, %2, %3 : !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],f32>
}`},
	{name: "scatter_reduce_int", inputs: []dmRunInput{dmIndexIn([]int64{2, 3}, 7, -3, 4, 2, -5, 9), dmIndexIn([]int64{2, 2}, 2, 2, 0, 1), dmIndexIn([]int64{2, 2}, 4, -2, -5, 3)},
		outputs: [][]int64{{2, 3}, {2, 3}, {2, 3}, {2, 3}}, fn: `
func.func @f(%s: !torch.vtensor<[2,3],si64>, %i: !torch.vtensor<[2,2],si64>, %u: !torch.vtensor<[2,2],si64>) -> (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>) {
  %i1 = torch.constant.int 1
  %i6 = torch.constant.int 6
  %none = torch.constant.none
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %mean = torch.constant.str "mean"
  %amax = torch.constant.str "amax"
  %prod = torch.constant.str "prod"
  %0 = torch.aten.scatter_reduce.two %s, %i1, %i, %u, %mean, %true : !torch.vtensor<[2,3],si64>, !torch.int, !torch.vtensor<[2,2],si64>, !torch.vtensor<[2,2],si64>, !torch.str, !torch.bool -> !torch.vtensor<[2,3],si64>
  %1 = torch.aten.scatter_reduce.two %s, %i1, %i, %u, %mean, %false : !torch.vtensor<[2,3],si64>, !torch.int, !torch.vtensor<[2,2],si64>, !torch.vtensor<[2,2],si64>, !torch.str, !torch.bool -> !torch.vtensor<[2,3],si64>
  %2 = torch.aten.scatter_reduce.two %s, %i1, %i, %u, %amax, %false : !torch.vtensor<[2,3],si64>, !torch.int, !torch.vtensor<[2,2],si64>, !torch.vtensor<[2,2],si64>, !torch.str, !torch.bool -> !torch.vtensor<[2,3],si64>
  %3 = torch.aten.scatter_reduce.two %s, %i1, %i, %u, %prod, %true : !torch.vtensor<[2,3],si64>, !torch.int, !torch.vtensor<[2,2],si64>, !torch.vtensor<[2,2],si64>, !torch.str, !torch.bool -> !torch.vtensor<[2,3],si64>
  %f0 = torch.aten._to_copy %0, %i6, %none, %none, %none, %false, %none : !torch.vtensor<[2,3],si64>, !torch.int, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.none -> !torch.vtensor<[2,3],f32>
  %f1 = torch.aten._to_copy %1, %i6, %none, %none, %none, %false, %none : !torch.vtensor<[2,3],si64>, !torch.int, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.none -> !torch.vtensor<[2,3],f32>
  %f2 = torch.aten._to_copy %2, %i6, %none, %none, %none, %false, %none : !torch.vtensor<[2,3],si64>, !torch.int, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.none -> !torch.vtensor<[2,3],f32>
  %f3 = torch.aten._to_copy %3, %i6, %none, %none, %none, %false, %none : !torch.vtensor<[2,3],si64>, !torch.int, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.none -> !torch.vtensor<[2,3],f32>
  return %f0, %f1, %f2, %f3 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>
}`},
	{name: "split_unbind", inputs: []dmRunInput{dmFloatIn(0, 5, 4), dmFloatIn(1, 2, 3)}, outputs: [][]int64{{2, 4}, {2, 4}, {1, 4}, {5, 1}, {5, 3}, {2}, {2}, {2}}, fn: `
func.func @f(%x: !torch.vtensor<[5,4],f32>, %y: !torch.vtensor<[2,3],f32>) -> (!torch.vtensor<[2,4],f32>, !torch.vtensor<[2,4],f32>, !torch.vtensor<[1,4],f32>, !torch.vtensor<[5,1],f32>, !torch.vtensor<[5,3],f32>, !torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>) {
  %i0 = torch.constant.int 0
  %i1 = torch.constant.int 1
  %i2 = torch.constant.int 2
  %i3 = torch.constant.int 3
  %im1 = torch.constant.int -1
  %0 = torch.aten.split.Tensor %x, %i2, %i0 : !torch.vtensor<[5,4],f32>, !torch.int, !torch.int -> !torch.list<vtensor>
  %1:3 = torch.prim.ListUnpack %0 : !torch.list<vtensor> -> !torch.vtensor<[2,4],f32>, !torch.vtensor<[2,4],f32>, !torch.vtensor<[1,4],f32>
  %s = torch.prim.ListConstruct %i1, %i3 : (!torch.int, !torch.int) -> !torch.list<int>
  %2 = torch.aten.split_with_sizes %x, %s, %im1 : !torch.vtensor<[5,4],f32>, !torch.list<int>, !torch.int -> !torch.list<vtensor>
  %3:2 = torch.prim.ListUnpack %2 : !torch.list<vtensor> -> !torch.vtensor<[5,1],f32>, !torch.vtensor<[5,3],f32>
  %4 = torch.aten.unbind.int %y, %i1 : !torch.vtensor<[2,3],f32>, !torch.int -> !torch.list<vtensor>
  %5:3 = torch.prim.ListUnpack %4 : !torch.list<vtensor> -> !torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>
  return %1#0, %1#1, %1#2, %3#0, %3#1, %5#0, %5#1, %5#2 : !torch.vtensor<[2,4],f32>, !torch.vtensor<[2,4],f32>, !torch.vtensor<[1,4],f32>, !torch.vtensor<[5,1],f32>, !torch.vtensor<[5,3],f32>, !torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>
}`},
}

// dmRunRefs are the results PyTorch 1.13 gives (see TestRunnerDataMovement
// for the script), flattened row-major.
var dmRunRefs = map[string][][]float64{
	"scatter_reduce": {
		{6, 2, 8, 4, -1, 5, 2, 9, 3, 6, 10, 1},
		{5, 2, 5, 4, -1, 5, 2, 4, 3, 2, 3, 1},
		{6, 2, 15, 4, -1, 5, 2, 15, 3, -32, 21, 1},
		{6, 2, 5, 4, -1, 5, 2, 3, 3, -8, 3, 1},
		{2, 2, 4, 4, -1, 5, 2, 3, 3, 2, 5, 1},
		{2.5, 2, 5, 4, -1, 5, 2, 2, 3, 1, 3, 1},
		{3, 2, 5, 4, -1, 5, 2, 5, 3, 4, 7, 1},
		{3, 2, 5, 4, -1, 5, 2, 3, 3, 4, 3, 1},
		{1, 2, 3, 4, -1, 5, 2, 1, 3, -2, 3, 1},
		{2, 2, 5, 4, -1, 5, 2, 1, 3, -2, 3, 1},
	},
	"scatter_reduce_nan": {
		{math.NaN(), 5, 6, 3, math.NaN(), 5, 6, 7, 8, 9, 10, 11},
		{math.NaN(), 5, 6, 3, math.NaN(), 5, 6, 7, 8, 1, 10, 7},
		{math.NaN(), 1, 2, 3, math.NaN(), 5, 6, 7, 8, 1, 10, 3},
		{math.NaN(), 5, 2, 3, math.NaN(), 5, 6, 7, 8, 1, 10, 3},
	},
	"scatter_reduce_int": {
		{7, -3, 2, -2, -1, 9},
		{7, -3, 1, -5, 3, 9},
		{7, -3, 4, -5, 3, 9},
		{7, -3, -32, -10, -15, 9},
	},
	"index_add": {
		{0, 1, 2, 415, 420, 425, 6, 7, 8, 215, 218, 221, 230, 233, 236},
		{50.5, 1, 2, 104, 56, 5, 6, 111},
		{23, -14, 7, 0, -8, 13, -4, 3},
	},
	"scatter_narrow_index": {
		{101, 1, 2, 3, 100, 5, 6, 103, 104, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19},
		{0, 102, 2, 3, 108, 5, 6, 7, 8, 212, 10, 11},
	},
	"scatter_dim": {
		{101, 1, 2, 3, 100, 5, 104, 7, 105, 9, 109, 11, 108, 13, 14},
		{0, 1, 2, 3, -1.5, -1.5, 6, 7, 8, 9, 10, 11, -1.5, 13, 14},
		{203, 105, 110, 3, 212, 5, 6, 7, 110, 115, 10, 116},
	},
	"split_unbind": {
		{0, 1, 2, 3, 4, 5, 6, 7},
		{8, 9, 10, 11, 12, 13, 14, 15},
		{16, 17, 18, 19},
		{0, 4, 8, 12, 16},
		{1, 2, 3, 5, 6, 7, 9, 10, 11, 13, 14, 15, 17, 18, 19},
		{100, 103},
		{101, 104},
		{102, 105},
	},
	"reshape_permute": {
		{0, 6, 12, 18, 1, 7, 13, 19, 2, 8, 14, 20, 3, 9, 15, 21, 4, 10, 16, 22, 5, 11, 17, 23},
		{0, 4, 8, 12, 16, 20, 1, 5, 9, 13, 17, 21, 2, 6, 10, 14, 18, 22, 3, 7, 11, 15, 19, 23},
		{0, 12, 4, 16, 8, 20, 1, 13, 5, 17, 9, 21, 2, 14, 6, 18, 10, 22, 3, 15, 7, 19, 11, 23},
	},
	"expand": {
		{0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2},
	},
	"slices": {
		{5, 7, 13, 15, 21, 23, 29, 31},
		{16, 17, 18, 19, 20, 21, 22, 23},
		{3, 4, 5, 11, 12, 13, 19, 20, 21, 27, 28, 29},
	},
	"cat_stack": {
		{0, 1, 100, 101, 102, 200, 2, 3, 103, 104, 105, 201, 4, 5, 106, 107, 108, 202, 6, 7, 109, 110, 111, 203},
		{0, 1, 300, 301, 2, 3, 302, 303, 4, 5, 304, 305, 6, 7, 306, 307},
	},
	"cat_promote": {
		{0, 1, 7, 2, 3, -3},
	},
	"slice_scatter": {
		{0, 1, 2, 3, 100, 101, 102, 103, 8, 9, 10, 11, 104, 105, 106, 107, 16, 17, 18, 19, 108, 109, 110, 111},
		{0, 1, 100, 3, 4, 101},
	},
	"index_copy_decode": {
		{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 100, 101, 102, 103, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 104, 105, 106, 107, 56, 57, 58, 59, 60, 61, 62, 63},
	},
	"index_put_decode": {
		{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 100, 101, 102, 103, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 104, 105, 106, 107, 60, 61, 62, 63},
	},
	"index_copy_prefill": {
		{0, 1, 2, 3, 104, 105, 106, 107, 8, 9, 10, 11, 108, 109, 110, 111, 16, 17, 18, 19, 20, 21, 22, 23, 100, 101, 102, 103, 28, 29, 30, 31, 32, 33, 34, 35, 116, 117, 118, 119, 40, 41, 42, 43, 120, 121, 122, 123, 48, 49, 50, 51, 52, 53, 54, 55, 112, 113, 114, 115, 60, 61, 62, 63},
	},
	"index_put_accumulate": {
		{0, 1, 2, 209, 212, 215, 6, 7, 8, 112, 114, 116, 121, 123, 125},
		{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 112, 114, 116},
	},
	"index_put_const": {
		{414, 423, 432, 465, 474, 483, 516, 525, 534, 567, 576, 585, 618, 627, 636, 669, 678, 687},
		{100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117},
	},
	"index_const_affine": {
		{0, 0, 1, 1, 2, 2, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 12, 12, 13, 13, 14, 14, 15, 15, 16, 16, 17, 17, 15, 15, 16, 16, 17, 17},
		{1, 7, 13, 38, 44, 50, 75, 81, 87},
		{4, 3, 2, 1, 0, 9, 8, 7, 6, 5},
		{102, 205, 206, 3, 4},
		{0, 101, 2, 104, 4, 107, 6, 7, 111, 9, 114, 11, 117, 13, 14, 121, 16, 124, 18, 127, 20},
		{0, 1, 2, 309, 4, 5, 315, 7, 8, 9, 10, 11},
		{0, 1, 2, 104, 4, 5, 105, 7, 8, 9, 10, 11},
		{303, 313, 323, 333},
	},
	"index_put_two": {
		{0, 103, 2, 3, 4, 5, 104, 7, 8, 9, 10, 105, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 100, 35, 36, 37, 38, 101, 40, 41, 42, 43, 102, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59},
		{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 100, 20, 21, 22, 23, 101, 25, 26, 27, 28, 102, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59},
	},
	"gathers": {
		{15, 19, 23, 15, 19, 23, 3, 7, 11, 3, 7, 11},
		{8, 9, 10, 11, 0, 1, 2, 3, 4, 5, 6, 7, 20, 21, 22, 23, 12, 13, 14, 15, 16, 17, 18, 19},
		{12, 13, 14, 0, 1, 2, 6, 7, 8, 6, 7, 8},
		{36, 37, 38, 39, 0, 1, 2, 3, 12, 13, 14, 15, 12, 13, 14, 15, 28, 29, 30, 31, 4, 5, 6, 7},
		{4, 0, 6, 6, 13, 12},
	},
	"pad_flip_repeat": {
		{7.5, 3, 4, 7.5, 7.5, 7.5, 7.5, 7.5, 7.5},
		{5, 4, 3, 2, 1, 0},
		{0, 1, 2, 0, 1, 2, 3, 4, 5, 3, 4, 5, 0, 1, 2, 0, 1, 2, 3, 4, 5, 3, 4, 5},
	},
	"embedding_backward": {
		{0, 0, 0, 0, 0, 0, 0, 0, 328, 331, 334, 337, 0, 0, 0, 0, 0, 0, 0, 0, 112, 113, 114, 115},
	},
}

// dmScatterReduceFn is the scatter_reduce case: self and src given as
// int64 values converted to f32, then every reduce with include_self true
// and false along dim 0.
var dmScatterReduceFn = func() string {
	const s, i, u = "!torch.vtensor<[3,4],f32>", "!torch.vtensor<[2,4],si64>", "!torch.vtensor<[2,4],f32>"
	var sb strings.Builder
	var rets, types []string
	sb.WriteString("func.func @f(%si: !torch.vtensor<[3,4],si64>, %i: " + i + ", %ui: !torch.vtensor<[2,4],si64>) -> (")
	for n := 0; n < 10; n++ {
		types = append(types, s)
	}
	sb.WriteString(strings.Join(types, ", ") + ") {\n")
	sb.WriteString("  %i0 = torch.constant.int 0\n  %i6 = torch.constant.int 6\n  %none = torch.constant.none\n")
	sb.WriteString("  %true = torch.constant.bool true\n  %false = torch.constant.bool false\n")
	sb.WriteString("  %s = torch.aten._to_copy %si, %i6, %none, %none, %none, %false, %none : !torch.vtensor<[3,4],si64>, !torch.int, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.none -> " + s + "\n")
	sb.WriteString("  %u = torch.aten._to_copy %ui, %i6, %none, %none, %none, %false, %none : !torch.vtensor<[2,4],si64>, !torch.int, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.none -> " + u + "\n")
	n := 0
	for _, r := range []string{"sum", "prod", "mean", "amax", "amin"} {
		fmt.Fprintf(&sb, "  %%%s = torch.constant.str \"%s\"\n", r, r)
		for _, inc := range []string{"%true", "%false"} {
			fmt.Fprintf(&sb, "  %%r%d = torch.aten.scatter_reduce.two %%s, %%i0, %%i, %%u, %%%s, %s : %s, !torch.int, %s, %s, !torch.str, !torch.bool -> %s\n", n, r, inc, s, i, u, s)
			rets = append(rets, fmt.Sprintf("%%r%d", n))
			n++
		}
	}
	sb.WriteString("  return " + strings.Join(rets, ", ") + " : " + strings.Join(types, ", ") + "\n}")
	return sb.String()
}()
