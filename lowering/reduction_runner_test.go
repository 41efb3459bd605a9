package lowering

import (
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/asm"
	"github.com/torchlower/torchlower/ir/pass"
)

// TestReductionRunner checks the reduction family's lowerings numerically
// against PyTorch with upstream MLIR 16: each case of reductionRefCases
// (reduction_refs_test.go, written by reductionRefsScript with Debian's
// PyTorch 1.13) is a torch-dialect function; it is lowered with
// convert-torch-to-linalg, given a main that calls it on the recorded
// inputs and subtracts the recorded results inside MLIR (in f64), lowered
// to LLVM by mlir-opt and run by mlir-cpu-runner, like TestRunnerConv.
//
// Tolerances, per element, |ours − PyTorch| ≤ atol + rtol·|PyTorch|, are
// set per case by the script from the result dtype:
//   - f32 2e-5: reductions of at most 60 terms of magnitude ≲ 10, summed in
//     another order than ATen's (cascade sums, Welford for var), differ by
//     a few ulps of the result; an indexing or semantic mistake is O(1).
//   - f64 1e-12, by the same argument.
//   - f16 / bf16 2 ulps: the references are computed in f32 and rounded
//     once, as the lowering does, so the two can only round differently
//     when the f32 values straddle a rounding boundary.
//   - integer results are exact.
//
// A NaN reference must be NaN; an infinite one must be equal.
func TestReductionRunner(t *testing.T) {
	if *regenReductionRefs {
		regenerateReductionRefs(t)
		return
	}
	for _, tool := range []string{mlirOpt, mlirCPURunner} {
		if _, err := os.Stat(tool); err != nil {
			t.Skipf("%s not found; install Debian's mlir-16-tools and libmlir-16 to run the upstream execution check", tool)
		}
	}
	for _, lib := range runnerLibs {
		if _, err := os.Stat(lib); err != nil {
			t.Skipf("%s not found; install Debian's libmlir-16 to run the upstream execution check", lib)
		}
	}
	errs := make([]error, len(reductionRefCases))
	sem := make(chan struct{}, runtime.NumCPU())
	var wg sync.WaitGroup
	for i := range reductionRefCases {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			errs[i] = reductionRefCases[i].run()
		}()
	}
	wg.Wait()
	for i, c := range reductionRefCases {
		t.Run(c.Name, func(t *testing.T) {
			if errs[i] != nil {
				t.Fatal(errs[i])
			}
		})
	}
}

var regenReductionRefs = flag.Bool("regen-reduction-refs", false,
	"rewrite reduction_refs_test.go by running reductionRefsScript with /usr/bin/python3 (Debian's python3-torch)")

func regenerateReductionRefs(t *testing.T) {
	cmd := exec.Command("/usr/bin/python3", "-")
	cmd.Stdin = strings.NewReader(reductionRefsScript)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("python3: %v\n%s", err, out)
	}
	if out, err := exec.Command("gofmt", "-w", "reduction_refs_test.go").CombinedOutput(); err != nil {
		t.Fatalf("gofmt: %v\n%s", err, out)
	}
	t.Log("wrote reduction_refs_test.go")
}

// reductionRefCase is one numerical case: a torch-dialect @f, its inputs
// and PyTorch's results.
type reductionRefCase struct {
	Name       string
	Func       string
	Inputs     []redRefTensor
	Outputs    []redRefTensor
	Atol, Rtol float64
}

// redRefTensor is a tensor of a torch dtype ("f32", "si64", "i1", ...)
// with its values in row-major order (bools as 0 and 1).
type redRefTensor struct {
	Dtype  string
	Shape  []int64
	Values []float64
}

// elem is the builtin element type of the tensor.
func (r redRefTensor) elem() string {
	if strings.HasPrefix(r.Dtype, "si") || strings.HasPrefix(r.Dtype, "ui") {
		return "i" + r.Dtype[2:]
	}
	return r.Dtype
}

func (r redRefTensor) tensorType(elem string) string {
	var sb strings.Builder
	sb.WriteString("tensor<")
	for _, d := range r.Shape {
		fmt.Fprintf(&sb, "%dx", d)
	}
	return sb.String() + elem + ">"
}

// literal writes the values as a dense attribute of element type elem:
// NaN and infinities by their bit patterns, which MLIR reads in dense
// float literals.
func (r redRefTensor) literal(elem string) string {
	format := func(v float64) string {
		switch {
		case elem == "i1":
			return strconv.FormatBool(v != 0)
		case strings.HasPrefix(elem, "i"):
			return strconv.FormatInt(int64(v), 10)
		case math.IsNaN(v) || math.IsInf(v, 0):
			k := map[string]ir.FloatKind{"f16": ir.F16, "bf16": ir.BF16, "f32": ir.F32, "f64": ir.F64}[elem]
			return ir.FormatFloat(v, k)
		}
		s := strconv.FormatFloat(v, 'e', -1, 64)
		if !strings.Contains(s, ".") {
			s = strings.Replace(s, "e", ".0e", 1)
		}
		return s
	}
	var sb strings.Builder
	var rec func(dim, off, stride int)
	rec = func(dim, off, stride int) {
		if dim == len(r.Shape) {
			sb.WriteString(format(r.Values[off]))
			return
		}
		n := int(r.Shape[dim])
		inner := stride / max(n, 1)
		sb.WriteByte('[')
		for i := 0; i < n; i++ {
			if i > 0 {
				sb.WriteString(", ")
			}
			rec(dim+1, off+i*inner, inner)
		}
		sb.WriteByte(']')
	}
	rec(0, 0, len(r.Values))
	return "dense<" + sb.String() + ">"
}

// mainFunc calls @f on the inputs and prints, per result, in f64,
// ours − PyTorch (0 where the two are equal, so that equal infinities
// pass).
func (c *reductionRefCase) mainFunc() string {
	var sb strings.Builder
	sb.WriteString("func.func private @printMemrefF64(tensor<*xf64>)\nfunc.func @main() {\n")
	var args, argTypes, resTypes []string
	for i, in := range c.Inputs {
		tt := in.tensorType(in.elem())
		fmt.Fprintf(&sb, "  %%in%d = arith.constant %s : %s\n", i, in.literal(in.elem()), tt)
		args = append(args, fmt.Sprintf("%%in%d", i))
		argTypes = append(argTypes, tt)
	}
	for _, out := range c.Outputs {
		resTypes = append(resTypes, out.tensorType(out.elem()))
	}
	fmt.Fprintf(&sb, "  %%res:%d = call @f(%s) : (%s) -> (%s)\n", len(resTypes), strings.Join(args, ", "),
		strings.Join(argTypes, ", "), strings.Join(resTypes, ", "))
	for j, out := range c.Outputs {
		wt := out.tensorType("f64")
		fmt.Fprintf(&sb, "  %%exp%d = arith.constant %s : %s\n", j, out.literal("f64"), wt)
		dims := make([]string, len(out.Shape))
		iters := make([]string, len(out.Shape))
		for k := range dims {
			dims[k] = fmt.Sprintf("d%d", k)
			iters[k] = `"parallel"`
		}
		id := fmt.Sprintf("affine_map<(%s) -> (%s)>", strings.Join(dims, ", "), strings.Join(dims, ", "))
		fmt.Fprintf(&sb, "  %%diff%d = linalg.generic {indexing_maps = [%s, %s, %s], iterator_types = [%s]} ins(%%res#%d, %%exp%d : %s, %s) outs(%%exp%d : %s) {\n",
			j, id, id, id, strings.Join(iters, ", "), j, j, resTypes[j], wt, j, wt)
		e := out.elem()
		fmt.Fprintf(&sb, "  ^bb0(%%a: %s, %%b: f64, %%o: f64):\n", e)
		v := "%v"
		switch {
		case e == "f64":
			v = "%a"
		case e == "i1" || strings.HasPrefix(out.Dtype, "ui"):
			fmt.Fprintf(&sb, "    %%v = arith.uitofp %%a : %s to f64\n", e)
		case strings.HasPrefix(e, "i"):
			fmt.Fprintf(&sb, "    %%v = arith.sitofp %%a : %s to f64\n", e)
		default:
			fmt.Fprintf(&sb, "    %%v = arith.extf %%a : %s to f64\n", e)
		}
		fmt.Fprintf(&sb, "    %%eq = arith.cmpf oeq, %s, %%b : f64\n    %%d = arith.subf %s, %%b : f64\n", v, v)
		sb.WriteString("    %z = arith.constant 0.0 : f64\n    %s = arith.select %eq, %z, %d : f64\n    linalg.yield %s : f64\n")
		fmt.Fprintf(&sb, "  } -> %s\n", wt)
		fmt.Fprintf(&sb, "  %%u%d = tensor.cast %%diff%d : %s to tensor<*xf64>\n", j, j, wt)
		fmt.Fprintf(&sb, "  call @printMemrefF64(%%u%d) : (tensor<*xf64>) -> ()\n", j)
	}
	sb.WriteString("  return\n}\n")
	return sb.String()
}

// run lowers, executes and compares the case.
func (c *reductionRefCase) run() error {
	ctx := newContext()
	m, err := asm.Parse(ctx, c.Func, asm.Options{FileName: c.Name + ".mlir"})
	if err != nil {
		return fmt.Errorf("parse: %v\n%s", err, c.Func)
	}
	pl := torchToLinalgPipeline()
	pm := &pass.Manager{IR: ctx, Pipeline: pl, VerifyEach: true}
	if err := pm.Run(m); err != nil {
		return fmt.Errorf("lowering: %v", err)
	}
	lowered := ir.Sprint(m, ir.PrintOptions{})
	end := strings.LastIndex(lowered, "}")
	src := lowered[:end] + c.mainFunc() + "}\n"
	llvm, err := runTool(mlirOpt, src, upstreamPipeline...)
	if err != nil {
		return fmt.Errorf("mlir-opt: %v\n%s", firstLines(err.Error(), 3), src)
	}
	out, err := runTool(mlirCPURunner, llvm, "-e", "main", "-entry-point-result=void", "-shared-libs="+strings.Join(runnerLibs, ","))
	if err != nil {
		return fmt.Errorf("mlir-cpu-runner: %v", firstLines(err.Error(), 3))
	}
	blocks := strings.Split(out, "Unranked Memref")[1:]
	if len(blocks) != len(c.Outputs) {
		return fmt.Errorf("runner printed %d results, want %d:\n%s", len(blocks), len(c.Outputs), out)
	}
	for j, exp := range c.Outputs {
		_, data, _ := strings.Cut(blocks[j], "data =")
		diffs := numberRE.FindAllString(data, -1)
		if len(diffs) != len(exp.Values) {
			return fmt.Errorf("result %d: runner printed %d values, want %d", j, len(diffs), len(exp.Values))
		}
		for k, s := range diffs {
			d, err := strconv.ParseFloat(strings.TrimPrefix(s, "-"), 64) // the C library prints "-nan"
			if strings.HasPrefix(s, "-") {
				d = -d
			}
			if err != nil {
				return fmt.Errorf("result %d element %d: difference %q", j, k, s)
			}
			want := exp.Values[k]
			if math.IsNaN(want) {
				if !math.IsNaN(d) {
					return fmt.Errorf("result %d element %d: PyTorch gives NaN, ours differs from it by %g", j, k, d)
				}
				continue
			}
			if !(math.Abs(d) <= c.Atol+c.Rtol*math.Abs(want)) {
				return fmt.Errorf("result %d element %d: ours − PyTorch = %g, PyTorch = %g, beyond atol %g + rtol %g",
					j, k, d, want, c.Atol, c.Rtol)
			}
		}
	}
	return nil
}

// reductionRefsScript writes reduction_refs_test.go; run it with
// `go test ./lowering -run TestReductionRunner -args -regen-reduction-refs`.
const reductionRefsScript = `"""Writes lowering/reduction_refs_test.go: the reduction family's numerical
cases with PyTorch's results. Run with Debian's python3-torch (1.13):

    go test ./lowering -run TestReductionRunner -args -regen-reduction-refs

which pipes this script to /usr/bin/python3 in the lowering directory.
Inputs come from a fixed seed. f16/bf16 references are computed in f32
and rounded once to the dtype, the semantics the lowering implements
(ATen's CPU kernels in 1.13 lack f16 for most of these ops)."""
import math
import torch

BT = chr(96)  # a backquote; this script lives in a Go raw string

torch.manual_seed(0)

DT = {torch.float32: "f32", torch.float64: "f64", torch.float16: "f16", torch.bfloat16: "bf16",
      torch.int64: "si64", torch.int32: "si32", torch.bool: "i1", torch.uint8: "ui8"}
CODE = {torch.float16: 5, torch.float32: 6, torch.float64: 7, torch.bfloat16: 15}
TOL = {"f32": (2e-5, 2e-5), "f64": (1e-12, 1e-12), "f16": (2.0 / 1024, 2.0 / 1024),
       "bf16": (2.0 / 128, 2.0 / 128), "si64": (0, 0)}


def vt(t):
    return "!torch.vtensor<[%s],%s>" % (",".join(str(d) for d in t.shape), DT[t.dtype])


def golit(t):
    vals = t.reshape(-1).tolist()
    if t.dtype == torch.bool:
        vals = [1.0 if v else 0.0 for v in vals]
    out = []
    for v in vals:
        v = float(v)
        if math.isnan(v):
            out.append("math.NaN()")
        elif math.isinf(v):
            out.append("math.Inf(%d)" % (1 if v > 0 else -1))
        else:
            out.append(repr(v))
    return "{" + ", ".join(out) + "}"


def tensor(t):
    return '{Dtype: "%s", Shape: []int64{%s}, Values: []float64%s}' % (
        DT[t.dtype], ", ".join(str(d) for d in t.shape), golit(t))


cases = []


def case(name, args, body, outs):
    """args: input tensors (%a0, %a1, ...); body: MLIR lines that define %r
    (or %r:2) from the args, with {a0}.. and {r0}.. standing for their
    types; outs: the expected result tensors."""
    if not isinstance(outs, (tuple, list)):
        outs = [outs]
    fmt = {"a%d" % i: vt(a) for i, a in enumerate(args)}
    fmt.update({"r%d" % i: vt(o) for i, o in enumerate(outs)})
    sig = ", ".join("%%a%d: %s" % (i, vt(a)) for i, a in enumerate(args))
    res = ", ".join(vt(o) for o in outs)
    if len(outs) == 1:
        ret = "  return %%r : %s" % res
    else:
        ret = "  return %s : %s" % (", ".join("%%r#%d" % i for i in range(len(outs))), res)
    text = "func.func @f(%s) -> (%s) {\n%s\n%s\n}\n" % (sig, res, body.format(**fmt).strip("\n"), ret)
    cases.append((name, text, args, outs))


def ints(name, vs):
    lines = ["  %%%s_%d = torch.constant.int %d" % (name, i, v) for i, v in enumerate(vs)]
    elems = ", ".join("%%%s_%d" % (name, i) for i in range(len(vs)))
    types = ", ".join("!torch.int" for _ in vs)
    lines.append("  %%%s = torch.prim.ListConstruct %s : (%s) -> !torch.list<int>" % (name, elems, types))
    return "\n".join(lines)


def rnd(*shape, dtype=torch.float32):
    return torch.randn(*shape).to(dtype)


def once(f, *xs, dtype):
    """f computed in f32 and rounded once to dtype."""
    return f(*[x.float() if x.is_floating_point() else x for x in xs]).to(dtype)


aten = torch.ops.aten

# ---- sum / mean ------------------------------------------------------------
x = rnd(2, 3, 4)
case("sum_dim_neg_keepdim", [x], ints("d", [-1, 1]) + """
  %t = torch.constant.bool true
  %n = torch.constant.none
  %r = torch.aten.sum.dim_IntList %a0, %d, %t, %n : {a0}, !torch.list<int>, !torch.bool, !torch.none -> {r0}
""", aten.sum.dim_IntList(x, [-1, 1], True))

x = torch.randint(-50, 50, (3, 4), dtype=torch.int32)
case("sum_all_si32", [x], """
  %n = torch.constant.none
  %r = torch.aten.sum %a0, %n : {a0}, !torch.none -> {r0}
""", aten.sum(x))

x = torch.rand(4, 5) > 0.5
case("sum_bool_dim0", [x], ints("d", [0]) + """
  %f = torch.constant.bool false
  %n = torch.constant.none
  %r = torch.aten.sum.dim_IntList %a0, %d, %f, %n : {a0}, !torch.list<int>, !torch.bool, !torch.none -> {r0}
""", aten.sum.dim_IntList(x, [0], False))

x = rnd(3, 4)
case("sum_none_dtype_f64", [x], """
  %n = torch.constant.none
  %f = torch.constant.bool false
  %dt = torch.constant.int 7
  %r = torch.aten.sum.dim_IntList %a0, %n, %f, %dt : {a0}, !torch.none, !torch.bool, !torch.int -> {r0}
""", aten.sum.dim_IntList(x, None, False, dtype=torch.float64))

x = rnd(2, 3, 4)
case("mean_dims_02", [x], ints("d", [0, 2]) + """
  %f = torch.constant.bool false
  %n = torch.constant.none
  %r = torch.aten.mean.dim %a0, %d, %f, %n : {a0}, !torch.list<int>, !torch.bool, !torch.none -> {r0}
""", aten.mean.dim(x, [0, 2], False))

x = rnd(4, 8, dtype=torch.bfloat16)
case("mean_all_bf16", [x], """
  %n = torch.constant.none
  %r = torch.aten.mean %a0, %n : {a0}, !torch.none -> {r0}
""", once(lambda v: v.mean(), x, dtype=torch.bfloat16))

x = rnd(2, 3, 4, dtype=torch.float16)
case("mean_keepdim_f16", [x], ints("d", [-1]) + """
  %t = torch.constant.bool true
  %n = torch.constant.none
  %r = torch.aten.mean.dim %a0, %d, %t, %n : {a0}, !torch.list<int>, !torch.bool, !torch.none -> {r0}
""", once(lambda v: v.mean(-1, keepdim=True), x, dtype=torch.float16))

# ---- amax ------------------------------------------------------------------
x = rnd(3, 5)
x[1, 2] = float("nan")
case("amax_keepdim_nan", [x], ints("d", [1]) + """
  %t = torch.constant.bool true
  %r = torch.aten.amax %a0, %d, %t : {a0}, !torch.list<int>, !torch.bool -> {r0}
""", aten.amax(x, [1], True))

x = torch.randint(-1000, 1000, (4, 3), dtype=torch.int64)
case("amax_all_si64", [x], ints("d", []) + """
  %f = torch.constant.bool false
  %r = torch.aten.amax %a0, %d, %f : {a0}, !torch.list<int>, !torch.bool -> {r0}
""", aten.amax(x, [], False))

# ---- var -------------------------------------------------------------------
x = rnd(3, 6)
case("var_mean_corr0_keepdim", [x], ints("d", [1]) + """
  %c = torch.constant.int 0
  %t = torch.constant.bool true
  %r:2 = torch.aten.var_mean.correction %a0, %d, %c, %t : {a0}, !torch.list<int>, !torch.int, !torch.bool -> {r0}, {r1}
""", aten.var_mean.correction(x, [1], correction=0, keepdim=True))

x = rnd(4, 5, dtype=torch.float64)
case("var_default_f64", [x], """
  %n = torch.constant.none
  %f = torch.constant.bool false
  %r = torch.aten.var.correction %a0, %n, %n, %f : {a0}, !torch.none, !torch.none, !torch.bool -> {r0}
""", aten.var.correction(x, None, correction=None, keepdim=False))

# ---- matrix products -------------------------------------------------------
a, b = rnd(4, 6), rnd(6, 5)
case("mm_f32", [a, b], """
  %r = torch.aten.mm %a0, %a1 : {a0}, {a1} -> {r0}
""", aten.mm(a, b))

a, b = rnd(8, 16, dtype=torch.float16), rnd(16, 4, dtype=torch.float16)
case("mm_f16", [a, b], """
  %r = torch.aten.mm %a0, %a1 : {a0}, {a1} -> {r0}
""", once(torch.mm, a, b, dtype=torch.float16))

c, a, b = rnd(5), rnd(4, 6), rnd(6, 5)
case("addmm_row_alpha", [c, a, b], """
  %beta = torch.constant.int 1
  %alpha = torch.constant.float 5.000000e-01
  %r = torch.aten.addmm %a0, %a1, %a2, %beta, %alpha : {a0}, {a1}, {a2}, !torch.int, !torch.float -> {r0}
""", aten.addmm(c, a, b, beta=1, alpha=0.5))

c, a, b = rnd(4, 1), rnd(4, 3), rnd(3, 5)
case("addmm_col_beta", [c, a, b], """
  %beta = torch.constant.float 2.000000e+00
  %alpha = torch.constant.int 1
  %r = torch.aten.addmm %a0, %a1, %a2, %beta, %alpha : {a0}, {a1}, {a2}, !torch.float, !torch.int -> {r0}
""", aten.addmm(c, a, b, beta=2.0, alpha=1))

c, a, b = rnd(4, 5), rnd(4, 3), rnd(3, 5)
c[0, 0] = float("nan")
case("addmm_beta0_ignores_nan", [c, a, b], """
  %beta = torch.constant.int 0
  %alpha = torch.constant.int 3
  %r = torch.aten.addmm %a0, %a1, %a2, %beta, %alpha : {a0}, {a1}, {a2}, !torch.int, !torch.int -> {r0}
""", aten.addmm(c, a, b, beta=0, alpha=3))

c, a, b = rnd(5, dtype=torch.bfloat16), rnd(4, 6, dtype=torch.bfloat16), rnd(6, 5, dtype=torch.bfloat16)
case("addmm_bf16", [c, a, b], """
  %beta = torch.constant.int 1
  %alpha = torch.constant.int 1
  %r = torch.aten.addmm %a0, %a1, %a2, %beta, %alpha : {a0}, {a1}, {a2}, !torch.int, !torch.int -> {r0}
""", once(lambda c, a, b: torch.addmm(c, a, b), c, a, b, dtype=torch.bfloat16))

a, b = rnd(3, 4, 5), rnd(3, 5, 2)
case("bmm_f32", [a, b], """
  %r = torch.aten.bmm %a0, %a1 : {a0}, {a1} -> {r0}
""", aten.bmm(a, b))

a, b = rnd(2, 3, 16, dtype=torch.bfloat16), rnd(2, 16, 4, dtype=torch.bfloat16)
case("bmm_bf16", [a, b], """
  %r = torch.aten.bmm %a0, %a1 : {a0}, {a1} -> {r0}
""", once(torch.bmm, a, b, dtype=torch.bfloat16))

# ---- softmax ---------------------------------------------------------------
x = rnd(4, 5) * 3
case("softmax_dim0", [x], """
  %d = torch.constant.int 0
  %f = torch.constant.bool false
  %r = torch.aten._softmax %a0, %d, %f : {a0}, !torch.int, !torch.bool -> {r0}
""", aten._softmax(x, 0, False))

x = rnd(3, 7) * 3
case("log_softmax_last", [x], """
  %d = torch.constant.int -1
  %f = torch.constant.bool false
  %r = torch.aten._log_softmax %a0, %d, %f : {a0}, !torch.int, !torch.bool -> {r0}
""", aten._log_softmax(x, -1, False))

x = (rnd(3, 8) * 3).to(torch.float16)
case("softmax_f16", [x], """
  %d = torch.constant.int 1
  %f = torch.constant.bool false
  %r = torch.aten._softmax %a0, %d, %f : {a0}, !torch.int, !torch.bool -> {r0}
""", once(lambda v: torch.softmax(v, 1), x, dtype=torch.float16))

x = (rnd(3, 8) * 3).to(torch.float16)
case("log_softmax_half_to_float", [x], """
  %d = torch.constant.int 1
  %t = torch.constant.bool true
  %r = torch.aten._log_softmax %a0, %d, %t : {a0}, !torch.int, !torch.bool -> {r0}
""", torch.log_softmax(x.float(), 1))

x = (rnd(3, 8) * 3).to(torch.float16)
case("softmax_int_f16_to_f32", [x], """
  %d = torch.constant.int 0
  %dt = torch.constant.int 6
  %r = torch.aten.softmax.int %a0, %d, %dt : {a0}, !torch.int, !torch.int -> {r0}
""", torch.softmax(x, 0, dtype=torch.float32))

x = torch.randint(-3, 4, (2, 5), dtype=torch.int64)
case("log_softmax_int_si64_to_f64", [x], """
  %d = torch.constant.int 1
  %dt = torch.constant.int 7
  %r = torch.aten.log_softmax.int %a0, %d, %dt : {a0}, !torch.int, !torch.int -> {r0}
""", torch.log_softmax(x, 1, dtype=torch.float64))

x, g = rnd(3, 5), rnd(3, 5)
y = torch.softmax(x, 1)
case("softmax_backward", [g, y], """
  %d = torch.constant.int 1
  %dt = torch.constant.int 6
  %r = torch.aten._softmax_backward_data %a0, %a1, %d, %dt : {a0}, {a1}, !torch.int, !torch.int -> {r0}
""", aten._softmax_backward_data(g, y, 1, torch.float32))

x, g = rnd(4, 6), rnd(4, 6)
y = torch.log_softmax(x, 0)
case("log_softmax_backward_dim0", [g, y], """
  %d = torch.constant.int 0
  %dt = torch.constant.int 6
  %r = torch.aten._log_softmax_backward_data %a0, %a1, %d, %dt : {a0}, {a1}, !torch.int, !torch.int -> {r0}
""", aten._log_softmax_backward_data(g, y, 0, torch.float32))

x, g = rnd(3, 5), rnd(3, 5)
y = torch.softmax(x, -1)
case("softmax_backward_to_half", [g, y], """
  %d = torch.constant.int -1
  %dt = torch.constant.int 5
  %r = torch.aten._softmax_backward_data %a0, %a1, %d, %dt : {a0}, {a1}, !torch.int, !torch.int -> {r0}
""", aten._softmax_backward_data(g, y, -1, torch.float32).half())

# ---- nll_loss --------------------------------------------------------------
def nll_inputs(n, c):
    x = torch.log_softmax(rnd(n, c), 1)
    t = torch.randint(0, c, (n,), dtype=torch.int64)
    return x, t


x, t = nll_inputs(6, 4)
t[2] = -100
w = torch.rand(4) + 0.5
case("nll_forward_mean_weight", [x, t, w], """
  %red = torch.constant.int 1
  %ig = torch.constant.int -100
  %r:2 = torch.aten.nll_loss_forward %a0, %a1, %a2, %red, %ig : {a0}, {a1}, {a2}, !torch.int, !torch.int -> {r0}, {r1}
""", aten.nll_loss_forward(x, t, w, 1, -100))

x, t = nll_inputs(6, 4)
t[0] = 1
case("nll_forward_none_ignore1", [x, t], """
  %none = torch.constant.none
  %red = torch.constant.int 0
  %ig = torch.constant.int 1
  %r:2 = torch.aten.nll_loss_forward %a0, %a1, %none, %red, %ig : {a0}, {a1}, !torch.none, !torch.int, !torch.int -> {r0}, {r1}
""", aten.nll_loss_forward(x, t, None, 0, 1))

x, t = nll_inputs(6, 4)
w = torch.rand(4) + 0.5
case("nll_forward_sum", [x, t, w], """
  %red = torch.constant.int 2
  %ig = torch.constant.int -100
  %r:2 = torch.aten.nll_loss_forward %a0, %a1, %a2, %red, %ig : {a0}, {a1}, {a2}, !torch.int, !torch.int -> {r0}, {r1}
""", aten.nll_loss_forward(x, t, w, 2, -100))

x = torch.log_softmax(rnd(5), 0)
t = torch.tensor(3)
w = torch.rand(5) + 0.5
case("nll_forward_1d_none", [x, t, w], """
  %red = torch.constant.int 0
  %ig = torch.constant.int -100
  %r:2 = torch.aten.nll_loss_forward %a0, %a1, %a2, %red, %ig : {a0}, {a1}, {a2}, !torch.int, !torch.int -> {r0}, {r1}
""", aten.nll_loss_forward(x, t, w, 0, -100))

x, t = nll_inputs(3, 4)
t[:] = -100
case("nll_forward_all_ignored", [x, t], """
  %none = torch.constant.none
  %red = torch.constant.int 1
  %ig = torch.constant.int -100
  %r:2 = torch.aten.nll_loss_forward %a0, %a1, %none, %red, %ig : {a0}, {a1}, !torch.none, !torch.int, !torch.int -> {r0}, {r1}
""", aten.nll_loss_forward(x, t, None, 1, -100))

x, t = nll_inputs(8, 5)
x = x.to(torch.bfloat16)
t[3] = -100
case("nll_forward_mean_bf16", [x, t], """
  %none = torch.constant.none
  %red = torch.constant.int 1
  %ig = torch.constant.int -100
  %r:2 = torch.aten.nll_loss_forward %a0, %a1, %none, %red, %ig : {a0}, {a1}, !torch.none, !torch.int, !torch.int -> {r0}, {r1}
""", [o.to(torch.bfloat16) for o in aten.nll_loss_forward(x.float(), t, None, 1, -100)])

x, t = nll_inputs(6, 4)
t[4] = -100
w = torch.rand(4) + 0.5
out, tw = aten.nll_loss_forward(x, t, w, 1, -100)
g = torch.tensor(1.5)
case("nll_backward_mean_weight", [g, x, t, w, tw], """
  %red = torch.constant.int 1
  %ig = torch.constant.int -100
  %r = torch.aten.nll_loss_backward %a0, %a1, %a2, %a3, %red, %ig, %a4 : {a0}, {a1}, {a2}, {a3}, !torch.int, !torch.int, {a4} -> {r0}
""", aten.nll_loss_backward(g, x, t, w, 1, -100, tw))

x, t = nll_inputs(6, 4)
t[1] = -100
out, tw = aten.nll_loss_forward(x, t, None, 0, -100)
g = rnd(6)
case("nll_backward_none", [g, x, t, tw], """
  %none = torch.constant.none
  %red = torch.constant.int 0
  %ig = torch.constant.int -100
  %r = torch.aten.nll_loss_backward %a0, %a1, %a2, %none, %red, %ig, %a3 : {a0}, {a1}, {a2}, !torch.none, !torch.int, !torch.int, {a3} -> {r0}
""", aten.nll_loss_backward(g, x, t, None, 0, -100, tw))

x = torch.log_softmax(rnd(5), 0)
t = torch.tensor(2)
w = torch.rand(5) + 0.5
out, tw = aten.nll_loss_forward(x, t, w, 2, -100)
g = torch.tensor(0.75)
case("nll_backward_1d_sum", [g, x, t, w, tw], """
  %red = torch.constant.int 2
  %ig = torch.constant.int -100
  %r = torch.aten.nll_loss_backward %a0, %a1, %a2, %a3, %red, %ig, %a4 : {a0}, {a1}, {a2}, {a3}, !torch.int, !torch.int, {a4} -> {r0}
""", aten.nll_loss_backward(g, x, t, w, 2, -100, tw))

# ---- any / all -------------------------------------------------------------
x = torch.tensor([[0.0, float("nan"), 0.0], [0.0, -0.0, 0.0], [1.5, 2.0, -3.0], [0.0, 0.0, 0.25]])
case("any_dim_nan", [x], """
  %i1 = torch.constant.int 1
  %f = torch.constant.bool false
  %r = torch.aten.any.dim %a0, %i1, %f : {a0}, !torch.int, !torch.bool -> {r0}
""", aten.any.dim(x, 1, False))
case("all_dim_keepdim_nan", [x], """
  %im1 = torch.constant.int -1
  %t = torch.constant.bool true
  %r = torch.aten.all.dim %a0, %im1, %t : {a0}, !torch.int, !torch.bool -> {r0}
""", aten.all.dim(x, -1, True))

b = torch.rand(3, 4) > 0.3
case("any_all_bool", [b], ints("d", [0]) + """
  %f = torch.constant.bool false
  %r = torch.aten.all.dims %a0, %d, %f : {a0}, !torch.list<int>, !torch.bool -> {r0}
""", aten.all(b, 0))

u = torch.tensor([[0, 3], [0, 0], [7, 0]], dtype=torch.uint8)
case("any_ui8", [u], """
  %i0 = torch.constant.int 0
  %f = torch.constant.bool false
  %r = torch.aten.any.dim %a0, %i0, %f : {a0}, !torch.int, !torch.bool -> {r0}
""", aten.any.dim(u, 0, False))

i = torch.tensor([[1, -2], [3, 4]], dtype=torch.int64)
case("all_everything_si64", [i], """
  %r = torch.aten.all %a0 : {a0} -> {r0}
""", aten.all(i))

# ---- scaled dot-product attention -----------------------------------------
# PyTorch 1.13 has no scaled_dot_product_attention, so the references are
# the math path's formula (ATen's _scaled_dot_product_attention_math with
# _safe_softmax, PyTorch >= 2.5) evaluated in float64, and its gradients
# by autograd through that formula, rounded once to the dtype.
def sdpa_ref(q, k, v, mask=None, causal=False, scale=None):
    L, S = q.shape[-2], k.shape[-2]
    if k.dim() >= 3 and k.shape[-3] != q.shape[-3]:  # grouped-query attention
        g = q.shape[-3] // k.shape[-3]
        k, v = k.repeat_interleave(g, dim=-3), v.repeat_interleave(g, dim=-3)
    sc = 1 / math.sqrt(q.shape[-1]) if scale is None else scale
    s = (q.double() @ k.double().transpose(-2, -1)) * sc
    if causal:
        s = s.masked_fill(~torch.ones(L, S, dtype=torch.bool).tril(), float("-inf"))
    if mask is not None:
        s = s.masked_fill(~mask, float("-inf")) if mask.dtype == torch.bool else s + mask.double()
    m = s.amax(-1, keepdim=True)
    m = torch.where(torch.isinf(m) & (m < 0), torch.zeros_like(m), m)
    e = torch.exp(s - m)
    total = e.sum(-1, keepdim=True)
    p = torch.where(total == 0, torch.zeros_like(e), e / torch.where(total == 0, torch.ones_like(total), total))
    return p @ v.double(), (m + torch.log(torch.where(total == 0, torch.ones_like(total), total))).squeeze(-1), p


def sdpa_grads(dout, q, k, v, mask=None, causal=False, scale=None):
    leaves = [t.double().requires_grad_() for t in (q, k, v)]
    out, _, _ = sdpa_ref(*leaves, mask=mask, causal=causal, scale=scale)
    out.backward(dout.double())
    return [t.grad.to(q.dtype) for t in leaves]


SDPA_ARGS = "{a0}, {a1}, {a2}, %mask, %p, %causal, %scale, %gqa"

x = [rnd(2, 2, 3, 4), rnd(2, 2, 5, 4), rnd(2, 2, 5, 3)]
case("sdpa_4d", x, """
  %mask = torch.constant.none
  %p = torch.constant.float 0.0
  %causal = torch.constant.bool false
  %scale = torch.constant.none
  %gqa = torch.constant.bool false
  %r = torch.aten.scaled_dot_product_attention %a0, %a1, %a2, %mask, %p, %causal, %scale, %gqa : {a0}, {a1}, {a2}, !torch.none, !torch.float, !torch.bool, !torch.none, !torch.bool -> {r0}
""", sdpa_ref(*x)[0].float())

x = [rnd(2, 4, 3), rnd(2, 6, 3), rnd(2, 6, 5)]
case("sdpa_3d_causal_scale", x, """
  %mask = torch.constant.none
  %p = torch.constant.float 0.0
  %causal = torch.constant.bool true
  %scale = torch.constant.float 0.3
  %gqa = torch.constant.bool false
  %r = torch.aten.scaled_dot_product_attention %a0, %a1, %a2, %mask, %p, %causal, %scale, %gqa : {a0}, {a1}, {a2}, !torch.none, !torch.float, !torch.bool, !torch.float, !torch.bool -> {r0}
""", sdpa_ref(*x, causal=True, scale=0.3)[0].float())

# A bool mask broadcast over batch and heads; its row 1 attends to
# nothing, so that row's output is 0.
mask = torch.rand(3, 5) > 0.4
mask[0, 0] = True
mask[1, :] = False
mask[2, 4] = True
x = [rnd(1, 2, 3, 4), rnd(1, 2, 5, 4), rnd(1, 2, 5, 4), mask]
case("sdpa_bool_mask_empty_row", x, """
  %p = torch.constant.float 0.0
  %causal = torch.constant.bool false
  %scale = torch.constant.none
  %gqa = torch.constant.bool false
  %r = torch.aten.scaled_dot_product_attention %a0, %a1, %a2, %a3, %p, %causal, %scale, %gqa : {a0}, {a1}, {a2}, {a3}, !torch.float, !torch.bool, !torch.none, !torch.bool -> {r0}
""", sdpa_ref(*x[:3], mask=mask)[0].float())

x = [rnd(2, 1, 3, 8, dtype=torch.bfloat16), rnd(2, 1, 4, 8, dtype=torch.bfloat16),
     rnd(2, 1, 4, 8, dtype=torch.bfloat16), rnd(1, 1, 3, 4, dtype=torch.bfloat16)]
case("sdpa_float_mask_bf16", x, """
  %p = torch.constant.float 0.0
  %causal = torch.constant.bool false
  %scale = torch.constant.none
  %gqa = torch.constant.bool false
  %r = torch.aten.scaled_dot_product_attention %a0, %a1, %a2, %a3, %p, %causal, %scale, %gqa : {a0}, {a1}, {a2}, {a3}, !torch.float, !torch.bool, !torch.none, !torch.bool -> {r0}
""", sdpa_ref(*x[:3], mask=x[3])[0].to(torch.bfloat16))

fmask = rnd(4, 6)
x = [rnd(1, 2, 4, 4), rnd(1, 2, 6, 4), rnd(1, 2, 6, 4), fmask]
out, lse, _ = sdpa_ref(*x[:3], mask=fmask)
case("flash_cpu_float_mask", x, """
  %p = torch.constant.float 0.0
  %causal = torch.constant.bool false
  %scale = torch.constant.none
  %r:2 = torch.aten._scaled_dot_product_flash_attention_for_cpu %a0, %a1, %a2, %p, %causal, %a3, %scale : {a0}, {a1}, {a2}, !torch.float, !torch.bool, {a3}, !torch.none -> {r0}, {r1}
""", [out.float(), lse.float()])

q, k, v, dout = rnd(2, 2, 4, 4), rnd(2, 2, 4, 4), rnd(2, 2, 4, 4), rnd(2, 2, 4, 4)
out, lse, _ = sdpa_ref(q, k, v, causal=True)
case("flash_cpu_backward_causal", [dout, q, k, v, out.float(), lse.float()], """
  %p = torch.constant.float 0.0
  %causal = torch.constant.bool true
  %mask = torch.constant.none
  %scale = torch.constant.none
  %r:3 = torch.aten._scaled_dot_product_flash_attention_for_cpu_backward %a0, %a1, %a2, %a3, %a4, %a5, %p, %causal, %mask, %scale : {a0}, {a1}, {a2}, {a3}, {a4}, {a5}, !torch.float, !torch.bool, !torch.none, !torch.none -> {r0}, {r1}, {r2}
""", sdpa_grads(dout, q, k, v, causal=True))

# As a joint graph whose forward was decomposed passes it: the backward's
# logsumexp operand holds the attention probabilities [N, H, L, S].
mask = torch.rand(1, 1, 3, 5) > 0.3
mask[..., 0] = True
q, k, v, dout = rnd(1, 2, 3, 4), rnd(1, 2, 5, 4), rnd(1, 2, 5, 4), rnd(1, 2, 3, 4)
out, _, probs = sdpa_ref(q, k, v, mask=mask, scale=0.7)
case("flash_cpu_backward_probs_as_lse", [dout, q, k, v, out.float(), probs.float(), mask], """
  %p = torch.constant.float 0.0
  %causal = torch.constant.bool false
  %scale = torch.constant.float 0.7
  %r:3 = torch.aten._scaled_dot_product_flash_attention_for_cpu_backward %a0, %a1, %a2, %a3, %a4, %a5, %p, %causal, %a6, %scale : {a0}, {a1}, {a2}, {a3}, {a4}, {a5}, !torch.float, !torch.bool, {a6}, !torch.float -> {r0}, {r1}, {r2}
""", sdpa_grads(dout, q, k, v, mask=mask, scale=0.7))

q, k, v, dout = [rnd(1, 2, 3, 8, dtype=torch.float16) for _ in range(4)]
out, lse, _ = sdpa_ref(q, k, v)
case("flash_cpu_backward_f16", [dout, q, k, v, out.half(), lse.float()], """
  %p = torch.constant.float 0.0
  %causal = torch.constant.bool false
  %mask = torch.constant.none
  %scale = torch.constant.none
  %r:3 = torch.aten._scaled_dot_product_flash_attention_for_cpu_backward %a0, %a1, %a2, %a3, %a4, %a5, %p, %causal, %mask, %scale : {a0}, {a1}, {a2}, {a3}, {a4}, {a5}, !torch.float, !torch.bool, !torch.none, !torch.none -> {r0}, {r1}, {r2}
""", sdpa_grads(dout, q, k, v))

# Grouped-query attention: 4 query heads on 2 key/value heads (enable_gqa),
# and a CPU flash backward of 4 query heads on 1, whose key and value
# gradients sum their group.
x = [rnd(1, 4, 5, 4), rnd(1, 2, 5, 4), rnd(1, 2, 5, 4)]
case("sdpa_gqa_causal", x, """
  %mask = torch.constant.none
  %p = torch.constant.float 0.0
  %causal = torch.constant.bool true
  %scale = torch.constant.none
  %gqa = torch.constant.bool true
  %r = torch.aten.scaled_dot_product_attention %a0, %a1, %a2, %mask, %p, %causal, %scale, %gqa : {a0}, {a1}, {a2}, !torch.none, !torch.float, !torch.bool, !torch.none, !torch.bool -> {r0}
""", sdpa_ref(*x, causal=True)[0].float())

fmask = rnd(3, 6)
q, k, v, dout = rnd(2, 4, 3, 4), rnd(2, 1, 6, 4), rnd(2, 1, 6, 4), rnd(2, 4, 3, 4)
out, lse, _ = sdpa_ref(q, k, v, mask=fmask)
case("flash_cpu_backward_gqa", [dout, q, k, v, out.float(), lse.float(), fmask], """
  %p = torch.constant.float 0.0
  %causal = torch.constant.bool false
  %scale = torch.constant.none
  %r:3 = torch.aten._scaled_dot_product_flash_attention_for_cpu_backward %a0, %a1, %a2, %a3, %a4, %a5, %p, %causal, %a6, %scale : {a0}, {a1}, {a2}, {a3}, {a4}, {a5}, !torch.float, !torch.bool, {a6}, !torch.none -> {r0}, {r1}, {r2}
""", sdpa_grads(dout, q, k, v, mask=fmask))

# ---- amin / max / min ------------------------------------------------------
def tied(*shape, dtype=torch.float32):
    """Small integers, so that ties are common."""
    return torch.randint(-3, 4, shape).to(dtype)


x = rnd(3, 4, 5)
x[1, 2, 3] = float("nan")
case("amin_dims_nan", [x], ints("d", [-1, 0]) + """
  %f = torch.constant.bool false
  %r = torch.aten.amin %a0, %d, %f : {a0}, !torch.list<int>, !torch.bool -> {r0}
""", aten.amin(x, [-1, 0], False))

x = rnd(3, 5, dtype=torch.bfloat16)
case("amin_keepdim_bf16", [x], ints("d", [0]) + """
  %t = torch.constant.bool true
  %r = torch.aten.amin %a0, %d, %t : {a0}, !torch.list<int>, !torch.bool -> {r0}
""", aten.amin(x, [0], True))

x = torch.randint(0, 256, (4, 6), dtype=torch.uint8)
case("amin_ui8", [x], ints("d", [1]) + """
  %f = torch.constant.bool false
  %r = torch.aten.amin %a0, %d, %f : {a0}, !torch.list<int>, !torch.bool -> {r0}
""", aten.amin(x, [1], False))

x = rnd(4, 5)
x[2, 1] = float("nan")
case("max_all_nan", [x], """
  %r = torch.aten.max %a0 : {a0} -> {r0}
""", aten.max(x))

x = rnd(4, 5)
case("min_all_f32", [x], """
  %r = torch.aten.min %a0 : {a0} -> {r0}
""", aten.min(x))

x = torch.randint(-1000, 1000, (3, 7), dtype=torch.int64)
case("max_all_si64", [x], """
  %r = torch.aten.max %a0 : {a0} -> {r0}
""", aten.max(x))

x = rnd(2, 3, 4, dtype=torch.bfloat16)
case("min_all_bf16", [x], """
  %r = torch.aten.min %a0 : {a0} -> {r0}
""", aten.min(x))

# ---- max.dim / min.dim -----------------------------------------------------
# Rows with ties (small integers), a row with two NaNs (the first one's
# index), a row with a NaN first and a row of one repeated value.
x = tied(5, 6)
x[1, 2] = float("nan")
x[1, 4] = float("nan")
x[2, 0] = float("nan")
x[3, :] = 2.0
case("max_dim_ties_nan", [x], """
  %i1 = torch.constant.int 1
  %f = torch.constant.bool false
  %r:2 = torch.aten.max.dim %a0, %i1, %f : {a0}, !torch.int, !torch.bool -> {r0}, {r1}
""", list(aten.max.dim(x, 1, False)))

x = tied(3, 4, 5)
x[0, 1, 2] = float("nan")
x[0, 3, 2] = float("nan")
x[2, 2, 4] = float("nan")
case("min_dim_neg_keepdim_ties_nan", [x], """
  %im2 = torch.constant.int -2
  %t = torch.constant.bool true
  %r:2 = torch.aten.min.dim %a0, %im2, %t : {a0}, !torch.int, !torch.bool -> {r0}, {r1}
""", list(aten.min.dim(x, -2, True)))

x = torch.randint(-3, 4, (6, 4), dtype=torch.int64)
case("max_dim0_si64_ties", [x], """
  %i0 = torch.constant.int 0
  %f = torch.constant.bool false
  %r:2 = torch.aten.max.dim %a0, %i0, %f : {a0}, !torch.int, !torch.bool -> {r0}, {r1}
""", list(aten.max.dim(x, 0, False)))

x = tied(4, 7, dtype=torch.bfloat16)
x[:, 5] = x.min(1).values  # every row's minimum twice
case("min_dim_bf16_ties", [x], """
  %i1 = torch.constant.int 1
  %f = torch.constant.bool false
  %r:2 = torch.aten.min.dim %a0, %i1, %f : {a0}, !torch.int, !torch.bool -> {r0}, {r1}
""", list(aten.min.dim(x, 1, False)))

# ---- argmax / argmin -------------------------------------------------------
x = tied(3, 4, 5)
case("argmax_flat_ties", [x], """
  %n = torch.constant.none
  %f = torch.constant.bool false
  %r = torch.aten.argmax %a0, %n, %f : {a0}, !torch.none, !torch.bool -> {r0}
""", aten.argmax(x, None, False))

x = tied(3, 4, 5)
x[1, 3, 0] = float("nan")
x[2, 0, 1] = float("nan")
case("argmin_flat_keepdim_nan", [x], """
  %n = torch.constant.none
  %t = torch.constant.bool true
  %r = torch.aten.argmin %a0, %n, %t : {a0}, !torch.none, !torch.bool -> {r0}
""", aten.argmin(x, None, True))

x = torch.randint(-3, 4, (5, 6), dtype=torch.int64)
case("argmax_dim0_si64_ties", [x], """
  %i0 = torch.constant.int 0
  %f = torch.constant.bool false
  %r = torch.aten.argmax %a0, %i0, %f : {a0}, !torch.int, !torch.bool -> {r0}
""", aten.argmax(x, 0, False))

x = tied(4, 6)
x[0, 3] = float("nan")
x[0, 5] = float("nan")
case("argmin_dim_neg_keepdim_nan", [x], """
  %im1 = torch.constant.int -1
  %t = torch.constant.bool true
  %r = torch.aten.argmin %a0, %im1, %t : {a0}, !torch.int, !torch.bool -> {r0}
""", aten.argmin(x, -1, True))

x = tied(3, 8, dtype=torch.bfloat16)
case("argmax_dim1_bf16_ties", [x], """
  %i1 = torch.constant.int 1
  %f = torch.constant.bool false
  %r = torch.aten.argmax %a0, %i1, %f : {a0}, !torch.int, !torch.bool -> {r0}
""", aten.argmax(x, 1, False))

# ---- prod ------------------------------------------------------------------
x = torch.rand(3, 4) + 0.5
case("prod_all_f32", [x], """
  %n = torch.constant.none
  %r = torch.aten.prod %a0, %n : {a0}, !torch.none -> {r0}
""", aten.prod(x))

x = torch.rand(3, 4, 5) + 0.5
x[2, 1, 3] = float("nan")
case("prod_dim_neg_keepdim_nan", [x], """
  %im1 = torch.constant.int -1
  %t = torch.constant.bool true
  %n = torch.constant.none
  %r = torch.aten.prod.dim_int %a0, %im1, %t, %n : {a0}, !torch.int, !torch.bool, !torch.none -> {r0}
""", aten.prod.dim_int(x, -1, True))

x = torch.randint(-4, 5, (3, 5), dtype=torch.int32)
case("prod_dim0_si32_to_si64", [x], """
  %i0 = torch.constant.int 0
  %f = torch.constant.bool false
  %n = torch.constant.none
  %r = torch.aten.prod.dim_int %a0, %i0, %f, %n : {a0}, !torch.int, !torch.bool, !torch.none -> {r0}
""", aten.prod.dim_int(x, 0, False))

x = torch.randint(-9, 10, (2, 3, 4), dtype=torch.int64)
case("prod_all_si64", [x[:, :, :2]], """
  %n = torch.constant.none
  %r = torch.aten.prod %a0, %n : {a0}, !torch.none -> {r0}
""", aten.prod(x[:, :, :2]))

x = torch.rand(3, 4) > 0.2
case("prod_bool_dim1", [x], """
  %i1 = torch.constant.int 1
  %f = torch.constant.bool false
  %n = torch.constant.none
  %r = torch.aten.prod.dim_int %a0, %i1, %f, %n : {a0}, !torch.int, !torch.bool, !torch.none -> {r0}
""", aten.prod.dim_int(x, 1, False))

x = torch.rand(4, 6) + 0.5
case("prod_dtype_f64", [x], """
  %dt = torch.constant.int 7
  %r = torch.aten.prod %a0, %dt : {a0}, !torch.int -> {r0}
""", aten.prod(x, dtype=torch.float64))

x = (torch.rand(4, 8) + 0.5).to(torch.bfloat16)
case("prod_dim_bf16", [x], """
  %i1 = torch.constant.int 1
  %f = torch.constant.bool false
  %n = torch.constant.none
  %r = torch.aten.prod.dim_int %a0, %i1, %f, %n : {a0}, !torch.int, !torch.bool, !torch.none -> {r0}
""", once(lambda v: v.prod(1), x, dtype=torch.bfloat16))

# ---- cumsum ----------------------------------------------------------------
x = rnd(3, 7)
x[1, 3] = float("nan")
case("cumsum_dim1_nan", [x], """
  %i1 = torch.constant.int 1
  %n = torch.constant.none
  %r = torch.aten.cumsum %a0, %i1, %n : {a0}, !torch.int, !torch.none -> {r0}
""", aten.cumsum(x, 1))

# ATen's CPU kernel adds f32 in f64: the third sum is 1, where f32 adds
# give 0.
x = torch.tensor([[1e8, 1.0, -1e8, 1.0], [3.0, 1e-8, 1e-8, -3.0]])
case("cumsum_f32_adds_in_f64", [x], """
  %im1 = torch.constant.int -1
  %n = torch.constant.none
  %r = torch.aten.cumsum %a0, %im1, %n : {a0}, !torch.int, !torch.none -> {r0}
""", aten.cumsum(x, -1))

x = torch.randint(-50, 50, (2, 3, 5), dtype=torch.int64)
case("cumsum_si64_dim_neg2", [x], """
  %im2 = torch.constant.int -2
  %n = torch.constant.none
  %r = torch.aten.cumsum %a0, %im2, %n : {a0}, !torch.int, !torch.none -> {r0}
""", aten.cumsum(x, -2))

x = torch.rand(3, 6) > 0.4
case("cumsum_bool_to_si64", [x], """
  %i1 = torch.constant.int 1
  %n = torch.constant.none
  %r = torch.aten.cumsum %a0, %i1, %n : {a0}, !torch.int, !torch.none -> {r0}
""", aten.cumsum(x, 1))

x = torch.randint(-50, 50, (4, 3), dtype=torch.int32)
case("cumsum_si32_dtype_f32", [x], """
  %i0 = torch.constant.int 0
  %dt = torch.constant.int 6
  %r = torch.aten.cumsum %a0, %i0, %dt : {a0}, !torch.int, !torch.int -> {r0}
""", aten.cumsum(x, 0, dtype=torch.float32))

x = rnd(6, 4, dtype=torch.bfloat16)
case("cumsum_bf16_dim0", [x], """
  %i0 = torch.constant.int 0
  %n = torch.constant.none
  %r = torch.aten.cumsum %a0, %i0, %n : {a0}, !torch.int, !torch.none -> {r0}
""", aten.cumsum(x, 0))

# Longer than scanDirectMaxExtent (128): the doubling steps. Position ids
# from an attention mask (cumsum of an int64 mask), and float rows.
m = (torch.rand(2, 300) > 0.3).to(torch.int64)
case("cumsum_long_si64_mask", [m], """
  %i1 = torch.constant.int 1
  %n = torch.constant.none
  %r = torch.aten.cumsum %a0, %i1, %n : {a0}, !torch.int, !torch.none -> {r0}
""", aten.cumsum(m, 1))

x = rnd(2, 200)
case("cumsum_long_f32", [x], """
  %i1 = torch.constant.int 1
  %n = torch.constant.none
  %r = torch.aten.cumsum %a0, %i1, %n : {a0}, !torch.int, !torch.none -> {r0}
""", aten.cumsum(x, 1))

x = rnd(150, 2, dtype=torch.bfloat16)
case("cumsum_long_bf16_dim0", [x], """
  %i0 = torch.constant.int 0
  %n = torch.constant.none
  %r = torch.aten.cumsum %a0, %i0, %n : {a0}, !torch.int, !torch.none -> {r0}
""", aten.cumsum(x, 0))

# ---- mse_loss --------------------------------------------------------------
s, t = rnd(3, 4), rnd(3, 4)
case("mse_mean", [s, t], """
  %red = torch.constant.int 1
  %r = torch.aten.mse_loss %a0, %a1, %red : {a0}, {a1}, !torch.int -> {r0}
""", aten.mse_loss(s, t, 1))

s, t = rnd(2, 3, 4), rnd(2, 3, 4)
case("mse_sum", [s, t], """
  %red = torch.constant.int 2
  %r = torch.aten.mse_loss %a0, %a1, %red : {a0}, {a1}, !torch.int -> {r0}
""", aten.mse_loss(s, t, 2))

s, t = rnd(3, 4), rnd(4)
case("mse_none_broadcast", [s, t], """
  %red = torch.constant.int 0
  %r = torch.aten.mse_loss %a0, %a1, %red : {a0}, {a1}, !torch.int -> {r0}
""", aten.mse_loss(s, t, 0))

s, t = rnd(4, 8, dtype=torch.bfloat16), rnd(4, 8, dtype=torch.bfloat16)
case("mse_mean_bf16", [s, t], """
  %red = torch.constant.int 1
  %r = torch.aten.mse_loss %a0, %a1, %red : {a0}, {a1}, !torch.int -> {r0}
""", once(lambda a, b: aten.mse_loss(a, b, 1), s, t, dtype=torch.bfloat16))

s, t = rnd(3, 5, dtype=torch.float64), rnd(3, 5, dtype=torch.float64)
case("mse_mean_f64", [s, t], """
  %red = torch.constant.int 1
  %r = torch.aten.mse_loss %a0, %a1, %red : {a0}, {a1}, !torch.int -> {r0}
""", aten.mse_loss(s, t, 1))

s, t, g = rnd(3, 4), rnd(3, 4), torch.tensor(1.3)
case("mse_backward_mean", [g, s, t], """
  %red = torch.constant.int 1
  %r = torch.aten.mse_loss_backward %a0, %a1, %a2, %red : {a0}, {a1}, {a2}, !torch.int -> {r0}
""", aten.mse_loss_backward(g, s, t, 1))

s, t, g = rnd(3, 4), rnd(3, 4), rnd(3, 4)
case("mse_backward_none", [g, s, t], """
  %red = torch.constant.int 0
  %r = torch.aten.mse_loss_backward %a0, %a1, %a2, %red : {a0}, {a1}, {a2}, !torch.int -> {r0}
""", aten.mse_loss_backward(g, s, t, 0))

s, t, g = rnd(2, 3, 4), rnd(4), torch.tensor(-0.7)
case("mse_backward_sum_broadcast", [g, s, t], """
  %red = torch.constant.int 2
  %r = torch.aten.mse_loss_backward %a0, %a1, %a2, %red : {a0}, {a1}, {a2}, !torch.int -> {r0}
""", aten.mse_loss_backward(g, s, t, 2))

# bf16: norm rounded to bf16 (ATen's scalar_t norm_val), the product in
# f32, rounded once.
s, t = rnd(4, 6, dtype=torch.bfloat16), rnd(4, 6, dtype=torch.bfloat16)
g = torch.tensor(0.9).to(torch.bfloat16)
norm = torch.tensor(2.0 / s.numel()).to(torch.bfloat16).float()
case("mse_backward_mean_bf16", [g, s, t], """
  %red = torch.constant.int 1
  %r = torch.aten.mse_loss_backward %a0, %a1, %a2, %red : {a0}, {a1}, {a2}, !torch.int -> {r0}
""", (norm * (s.float() - t.float()) * g.float()).to(torch.bfloat16))

# ---- write -----------------------------------------------------------------
with open("reduction_refs_test.go", "w") as f:
    f.write("// Code generated by the script in reductionRefsScript (reduction_runner_test.go)\n")
    f.write("// with PyTorch %s; DO NOT EDIT.\n\n" % torch.__version__)
    f.write("package lowering\n\nimport \"math\"\n\nvar _ = math.NaN\n\n")
    f.write("var reductionRefCases = []reductionRefCase{\n")
    for name, text, args, outs in cases:
        atol, rtol = TOL[DT[outs[0].dtype]] if outs[0].is_floating_point() else (0, 0)
        f.write("\t{\n\t\tName: %s,\n\t\tFunc: %s%s%s,\n" % ('"' + name + '"', BT, text, BT))
        f.write("\t\tInputs: []redRefTensor{\n%s\t\t},\n" % "".join("\t\t\t%s,\n" % tensor(a) for a in args))
        f.write("\t\tOutputs: []redRefTensor{\n%s\t\t},\n" % "".join("\t\t\t%s,\n" % tensor(o) for o in outs))
        f.write("\t\tAtol: %r, Rtol: %r,\n\t},\n" % (float(atol), float(rtol)))
    f.write("}\n")
`
