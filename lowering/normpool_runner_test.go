package lowering

import (
	"flag"
	"fmt"
	"go/format"
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

// TestNormPoolRunner checks the batch, layer and group norm, dropout,
// pooling, upsampling and factory lowerings numerically against PyTorch, the way TestRunnerConv checks convolutions:
// each case of normpoolRefs (normpool_refs_test.go, written by the Python
// program normpoolRefsGenerator below with Debian's PyTorch 1.13) is a
// torch-dialect function, its inputs and PyTorch's results. The function is
// lowered with convert-torch-to-linalg, a main calls it on the inputs and
// subtracts PyTorch's results inside MLIR (equal values, NaN against NaN
// and ±inf against the same infinity give 0), upstream mlir-opt lowers that
// to LLVM and mlir-cpu-runner prints the differences.
//
// Regenerate the references with
//
//	go test ./lowering -run TestNormPoolRunner -normpool.regen
//
// (it runs /usr/bin/python3 with torch installed and rewrites
// normpool_refs_test.go). Inputs are multiples of 1/64 below 2 in magnitude,
// exact in every dtype used.
//
// Tolerances, per element, |ours − PyTorch| ≤ atol + rtol·|PyTorch|:
//   - integer results (max pooling's indices, integer fills): exact;
//   - f64: 1e−12, the rounding of a few dozen operations;
//   - f32: 1e−5. PyTorch's CPU kernels accumulate batch norm statistics in
//     double, and so does the lowering for f32 data (the layer and group
//     norms' in f32): sums of at most 54 terms of size ≤ 2 agree to ~1e−6
//     relative, and the results are O(1). Any indexing or formula mistake
//     is an O(1) error;
//   - bf16: 2^−7 (one unit in the last place, relative) plus the same
//     absolute: both sides round an f32 value once, and the f32 values may
//     differ in their last bits. The bf16 group norm, layer norm
//     backward and upsampling references are PyTorch's f32 kernel on the
//     (exactly converted) bf16 inputs, each result rounded once to bf16
//     (at_acc in the generator), which is what the lowering computes:
//     torch 1.13's own bf16 kernels round intermediates to bf16 and
//     differ from that by up to about 4 (bilinear: 5) of these
//     tolerances on such inputs.
func TestNormPoolRunner(t *testing.T) {
	if *normpoolRegen {
		regenNormPoolRefs(t)
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
	sem := make(chan struct{}, runtime.NumCPU())
	var wg sync.WaitGroup
	errs := make([]error, len(normpoolRefs))
	worst := make([]float64, len(normpoolRefs))
	for i := range normpoolRefs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			worst[i], errs[i] = normpoolRefs[i].run()
		}()
	}
	wg.Wait()
	for i, c := range normpoolRefs {
		t.Run(c.Name, func(t *testing.T) {
			if errs[i] != nil {
				t.Fatal(errs[i])
			}
			t.Logf("max |ours - pytorch| / (atol + rtol|pytorch|) = %.3g", worst[i])
		})
	}
}

var normpoolRegen = flag.Bool("normpool.regen", false, "rewrite normpool_refs_test.go with /usr/bin/python3 and PyTorch")

func regenNormPoolRefs(t *testing.T) {
	cmd := exec.Command("/usr/bin/python3", "-c", normpoolRefsGenerator)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("generator: %v\n%s", err, stderr.String())
	}
	if out, err = format.Source(out); err != nil {
		t.Fatalf("generated Go: %v", err)
	}
	if err := os.WriteFile("normpool_refs_test.go", out, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote normpool_refs_test.go (%d bytes)", len(out))
}

// npRefCase is one reference case: a torch-dialect function @f, its
// inputs in argument order and PyTorch's results in result order.
type npRefCase struct {
	Name            string
	Func            string
	Inputs, Outputs []npRefTensor
}

// npRefTensor is a tensor of a torch dtype (f32, f64, bf16, si64, si32,
// i1, ...) in row-major order.
type npRefTensor struct {
	Dtype string
	Shape []int64
	Data  []float64
}

var npNaN, npInf = math.NaN(), math.Inf(1)

// elem is the builtin element type of the dtype (signless integers).
func (r npRefTensor) elem() string {
	switch r.Dtype {
	case "si64", "si32", "si16", "si8":
		return "i" + r.Dtype[2:]
	case "ui8":
		return "i8"
	}
	return r.Dtype
}

func (r npRefTensor) isFloat() bool { return strings.HasPrefix(r.Dtype, "f") || r.Dtype == "bf16" }

func (r npRefTensor) tolerance() (atol, rtol float64) {
	switch r.Dtype {
	case "f64":
		return 1e-12, 1e-12
	case "f32":
		return 1e-5, 1e-5
	case "f16":
		return 1.0 / 1024, 1.0 / 1024
	case "bf16":
		return 1.0 / 128, 1.0 / 128
	}
	return 0, 0
}

// literal prints the elements for a dense attribute of element type elem:
// NaN and infinities as the hexadecimal bit patterns MLIR's parser takes.
func npLiteral(v float64, elem string) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		kind := map[string]ir.FloatKind{"f16": ir.F16, "bf16": ir.BF16, "f32": ir.F32, "f64": ir.F64}[elem]
		digits := map[string]int{"f16": 4, "bf16": 4, "f32": 8, "f64": 16}[elem]
		return fmt.Sprintf("0x%0*X", digits, ir.FloatBits(v, kind))
	}
	if !strings.HasPrefix(elem, "f") && elem != "bf16" {
		return strconv.FormatInt(int64(v), 10)
	}
	f := strconv.FormatFloat(v, 'e', -1, 64)
	if !strings.Contains(f, ".") {
		f = strings.Replace(f, "e", ".0e", 1)
	}
	return f
}

func npDense(vs []float64, shape []int64, elem string) string {
	if elem == "i1" {
		elem = "bool"
	}
	var sb strings.Builder
	var rec func(dim, off int)
	rec = func(dim, off int) {
		if dim == len(shape) {
			if elem == "bool" {
				sb.WriteString(strconv.FormatBool(vs[off] != 0))
			} else {
				sb.WriteString(npLiteral(vs[off], elem))
			}
			return
		}
		st := int(ir.NumElements(shape[dim+1:]))
		sb.WriteByte('[')
		for i := 0; i < int(shape[dim]); i++ {
			if i > 0 {
				sb.WriteString(", ")
			}
			rec(dim+1, off+i*st)
		}
		sb.WriteByte(']')
	}
	rec(0, 0)
	return "dense<" + sb.String() + ">"
}

// main builds @main: the inputs as constants, a call of @f, and for each
// result the printed difference to PyTorch's in f64.
func (c npRefCase) main() string {
	var sb strings.Builder
	sb.WriteString("func.func private @printMemrefF64(tensor<*xf64>)\nfunc.func @main() {\n")
	var args, types []string
	for i, in := range c.Inputs {
		tt := tensorTypeText(in.Shape, in.elem())
		fmt.Fprintf(&sb, "  %%in%d = arith.constant %s : %s\n", i, npDense(in.Data, in.Shape, in.elem()), tt)
		args = append(args, fmt.Sprintf("%%in%d", i))
		types = append(types, tt)
	}
	var res []string
	for _, o := range c.Outputs {
		res = append(res, tensorTypeText(o.Shape, o.elem()))
	}
	fmt.Fprintf(&sb, "  %%res:%d = call @f(%s) : (%s) -> (%s)\n", len(res), strings.Join(args, ", "), strings.Join(types, ", "), strings.Join(res, ", "))
	for j, o := range c.Outputs {
		wt := tensorTypeText(o.Shape, "f64")
		fmt.Fprintf(&sb, "  %%exp%d = arith.constant %s : %s\n", j, npDense(o.Data, o.Shape, "f64"), wt)
		dims := make([]string, len(o.Shape))
		iters := make([]string, len(o.Shape))
		for k := range dims {
			dims[k] = fmt.Sprintf("d%d", k)
			iters[k] = `"parallel"`
		}
		id := fmt.Sprintf("affine_map<(%s) -> (%s)>", strings.Join(dims, ", "), strings.Join(dims, ", "))
		fmt.Fprintf(&sb, "  %%diff%d = linalg.generic {indexing_maps = [%s, %s, %s], iterator_types = [%s]} ins(%%res#%d, %%exp%d : %s, %s) outs(%%exp%d : %s) {\n",
			j, id, id, id, strings.Join(iters, ", "), j, j, res[j], wt, j, wt)
		fmt.Fprintf(&sb, "  ^bb0(%%a: %s, %%b: f64, %%o: f64):\n", o.elem())
		aw := "%aw"
		switch {
		case o.elem() == "f64":
			aw = "%a"
		case o.isFloat():
			fmt.Fprintf(&sb, "    %%aw = arith.extf %%a : %s to f64\n", o.elem())
		case o.Dtype == "i1" || o.Dtype == "ui8":
			fmt.Fprintf(&sb, "    %%aw = arith.uitofp %%a : %s to f64\n", o.elem())
		default:
			fmt.Fprintf(&sb, "    %%aw = arith.sitofp %%a : %s to f64\n", o.elem())
		}
		body := `    %eq = arith.cmpf oeq, AW, %b : f64
    %n1 = arith.cmpf uno, AW, AW : f64
    %n2 = arith.cmpf uno, %b, %b : f64
    %nn = arith.andi %n1, %n2 : i1
    %same = arith.ori %eq, %nn : i1
    %d = arith.subf AW, %b : f64
    %z = arith.constant 0.0 : f64
    %r = arith.select %same, %z, %d : f64
    linalg.yield %r : f64
`
		sb.WriteString(strings.ReplaceAll(body, "AW", aw))
		fmt.Fprintf(&sb, "  } -> %s\n", wt)
		fmt.Fprintf(&sb, "  %%u%d = tensor.cast %%diff%d : %s to tensor<*xf64>\n", j, j, wt)
		fmt.Fprintf(&sb, "  call @printMemrefF64(%%u%d) : (tensor<*xf64>) -> ()\n", j)
	}
	sb.WriteString("  return\n}\n")
	return sb.String()
}

// run lowers and executes the case; it returns the worst error in units of
// the tolerance (≤ 1 passes).
func (c npRefCase) run() (float64, error) {
	ctx := newContext()
	m, err := asm.Parse(ctx, c.Func, asm.Options{FileName: c.Name + ".mlir"})
	if err != nil {
		return 0, fmt.Errorf("parse: %v\n%s", err, c.Func)
	}
	pl := torchToLinalgPipeline()
	if err := (&pass.Manager{IR: ctx, Pipeline: pl, VerifyEach: true}).Run(m); err != nil {
		return 0, fmt.Errorf("lowering: %v", err)
	}
	lowered := ir.Sprint(m, ir.PrintOptions{})
	end := strings.LastIndex(lowered, "}")
	src := lowered[:end] + c.main() + "}\n"
	llvm, err := runTool(mlirOpt, src, upstreamPipeline...)
	if err != nil {
		return 0, fmt.Errorf("mlir-opt: %v (input saved as %s)", firstLines(err.Error(), 3), saveInput(c.Name, src))
	}
	out, err := runTool(mlirCPURunner, llvm, "-e", "main", "-entry-point-result=void", "-shared-libs="+strings.Join(runnerLibs, ","))
	if err != nil {
		return 0, fmt.Errorf("mlir-cpu-runner: %v (input saved as %s)", firstLines(err.Error(), 3), saveInput(c.Name, src))
	}
	blocks := strings.Split(out, "Unranked Memref")[1:]
	if len(blocks) != len(c.Outputs) {
		return 0, fmt.Errorf("runner printed %d results, want %d:\n%s", len(blocks), len(c.Outputs), out)
	}
	worst := 0.0
	for i, o := range c.Outputs {
		_, data, ok := strings.Cut(blocks[i], "data =")
		if !ok {
			return 0, fmt.Errorf("unexpected runner output:\n%s", out)
		}
		diffs := numberRE.FindAllString(data, -1)
		if len(diffs) != len(o.Data) {
			return 0, fmt.Errorf("result %d: runner printed %d values, want %d", i, len(diffs), len(o.Data))
		}
		atol, rtol := o.tolerance()
		for k, s := range diffs {
			d, err := strconv.ParseFloat(s, 64)
			if err != nil || math.IsNaN(d) {
				return 0, fmt.Errorf("result %d element %d: difference %q (pytorch %g)", i, k, s, o.Data[k])
			}
			exp := o.Data[k]
			if d == 0 {
				continue
			}
			if math.IsNaN(exp) || math.IsInf(exp, 0) || atol == 0 {
				return 0, fmt.Errorf("result %d element %d: ours − pytorch = %g, pytorch = %g, which must match exactly", i, k, d, exp)
			}
			e := math.Abs(d) / (atol + rtol*math.Abs(exp))
			worst = max(worst, e)
			if e > 1 {
				return worst, fmt.Errorf("result %d element %d: ours − pytorch = %g, pytorch = %g, beyond atol %g + rtol %g (input saved as %s)",
					i, k, d, exp, atol, rtol, saveInput(c.Name, src))
			}
		}
	}
	return worst, nil
}

// normpoolRefsGenerator writes normpool_refs_test.go to stdout; run with
// Debian's /usr/bin/python3 and PyTorch (-normpool.regen does).
const normpoolRefsGenerator = `import math, sys
import torch

torch.manual_seed(0)

DT = {torch.float32: "f32", torch.float64: "f64", torch.bfloat16: "bf16", torch.float16: "f16",
      torch.int64: "si64", torch.int32: "si32", torch.bool: "i1", torch.uint8: "ui8"}

def grid(*shape, dtype=torch.float32, scale=64, lim=128):
    """Values k/scale with |k| < lim: exact in every float dtype used here."""
    return (torch.randint(-lim + 1, lim, shape).to(torch.float64) / scale).to(dtype)

def mlir_float(v):
    """A float literal MLIR lexes as one (it needs a '.' before an exponent)."""
    s = repr(float(v))
    if "e" in s and "." not in s:
        s = s.replace("e", ".0e")
    return s

def vt(t):
    return "!torch.vtensor<[%s],%s>" % (",".join(str(d) for d in t.shape), DT[t.dtype])

class Case:
    def __init__(self, name, inputs):
        self.name, self.inputs, self.lines, self.cnt = name, inputs, [], 0
    def c(self, kind, v):
        self.cnt += 1
        n = "%%c%d" % self.cnt
        if kind == "int": self.lines.append("%s = torch.constant.int %d" % (n, v))
        elif kind == "float": self.lines.append("%s = torch.constant.float %s" % (n, mlir_float(v)))
        elif kind == "bool": self.lines.append("%s = torch.constant.bool %s" % (n, "true" if v else "false"))
        elif kind == "none": self.lines.append("%s = torch.constant.none" % n)
        return n
    def ints(self, vs):
        es = [self.c("int", v) for v in vs]
        self.cnt += 1
        n = "%%l%d" % self.cnt
        self.lines.append("%s = torch.prim.ListConstruct %s : (%s) -> !torch.list<int>" % (n, ", ".join(es), ", ".join(["!torch.int"] * len(es))))
        return n
    def floats(self, vs):
        es = [self.c("float", v) for v in vs]
        self.cnt += 1
        n = "%%l%d" % self.cnt
        self.lines.append("%s = torch.prim.ListConstruct %s : (%s) -> !torch.list<float>" % (n, ", ".join(es), ", ".join(["!torch.float"] * len(es))))
        return n
    def bools(self, vs):
        es = [self.c("bool", v) for v in vs]
        self.cnt += 1
        n = "%%l%d" % self.cnt
        self.lines.append("%s = torch.prim.ListConstruct %s : (%s) -> !torch.list<bool>" % (n, ", ".join(es), ", ".join(["!torch.bool"] * len(es))))
        return n
    def op(self, name, operands, types, results, ret):
        """operands: SSA names; types: their types; results: result types; ret: indices of results returned."""
        self.cnt += 1
        r = "%%r%d" % self.cnt
        nres = len(results)
        lhs = r if nres == 1 else "%s:%d" % (r, nres)
        self.lines.append("%s = torch.aten.%s %s : %s -> %s" % (lhs, name, ", ".join(operands), ", ".join(types), ", ".join(results)))
        self.ret = [(r if nres == 1 else "%s#%d" % (r, i), results[i]) for i in ret]
    def func(self):
        args = ", ".join("%%a%d: %s" % (i, vt(t)) for i, t in enumerate(self.inputs))
        rts = ", ".join(t for _, t in self.ret)
        body = "\n".join("  " + l for l in self.lines)
        return "func.func @f(%s) -> (%s) {\n%s\n  return %s : %s\n}\n" % (args, rts, body, ", ".join(v for v, _ in self.ret), rts)

def arg(i): return "%%a%d" % i

cases = []

def fmt(v):
    if math.isnan(v): return "npNaN"
    if math.isinf(v): return "npInf" if v > 0 else "-npInf"
    return repr(float(v))

def tensor_go(t):
    vals = t.detach().reshape(-1).to(torch.float64).tolist() if t.dtype.is_floating_point else t.reshape(-1).tolist()
    data = ", ".join(fmt(v) if t.dtype.is_floating_point else str(int(v)) for v in vals)
    return '{Dtype: "%s", Shape: []int64{%s}, Data: []float64{%s}}' % (DT[t.dtype], ", ".join(str(d) for d in t.shape), data)

def add(case, outputs, tol=None):
    cases.append((case, outputs, tol))

# ---- batch norm forward --------------------------------------------------
def bn_forward(name, x, w, b, rm, rv, training, momentum, eps, functional=False, ret=(0, 1, 2), export_form=False):
    # export_form: the op torch 2.x's export IR holds instead,
    # _batch_norm_with_update_functional (training) or _batch_norm_no_update
    # (evaluation): no training operand, an empty uint8 reserve as result 3.
    # torch 1.13 has neither op; both compute what native_batch_norm does.
    ins = [t for t in (x, w, b, rm, rv) if t is not None]
    c = Case(name, ins)
    ops, tys, i = [], [], 0
    for t in (x, w, b, rm, rv):
        if t is None:
            ops.append(c.c("none", 0)); tys.append("!torch.none")
        else:
            ops.append(arg(i)); tys.append(vt(t)); i += 1
    if not export_form:
        ops.append(c.c("bool", training)); tys.append("!torch.bool")
    ops += [c.c("float", momentum), c.c("float", eps)]
    tys += ["!torch.float", "!torch.float"]
    rm2 = rm.clone() if rm is not None else None
    rv2 = rv.clone() if rv is not None else None
    out, sm, si = torch.ops.aten.native_batch_norm(x, w, b, rm2, rv2, training, momentum, eps)
    res = [out, sm, si]
    if export_form:
        res.append(torch.empty(0, dtype=torch.uint8))
        if training:
            res += [rm2, rv2]
        ops_name = "_batch_norm_with_update_functional" if training else "_batch_norm_no_update"
    elif functional:
        res += [rm2, rv2]
        ops_name = "_native_batch_norm_legit_functional"
        ops = ops[:5] + ops[5:]
    else:
        ops_name = "native_batch_norm"
    c.op(ops_name, ops, tys, [vt(t) for t in res], list(ret))
    add(c, [res[k] for k in ret])

C = 3
bn_forward("bn_train_f32", grid(2, C, 3, 3), grid(C), grid(C), grid(C), grid(C).abs() + 0.5, True, 0.1, 1e-5)
bn_forward("bn_eval_f32", grid(2, C, 4), grid(C), grid(C), grid(C), grid(C).abs() + 0.5, False, 0.1, 1e-5, ret=(0,))
bn_forward("bn_functional_f32", grid(4, C, 2, 3), grid(C), grid(C), grid(C), grid(C).abs() + 0.5, True, 0.3, 1e-3, functional=True, ret=(0, 1, 2, 3, 4))
xe = grid(5, 3, dtype=torch.float64); xe[:, 1] = 0.75
bn_forward("bn_noaffine_eps0_f64", xe, None, None, None, None, True, 0.1, 0.0)
bn_forward("bn_train_bf16", grid(2, C, 5, dtype=torch.bfloat16), grid(C), grid(C), grid(C), grid(C).abs() + 0.5, True, 0.1, 1e-5)

# ---- batch norm backward -------------------------------------------------
def bn_backward(name, dy, x, w, rm, rv, sm, si, train, eps, mask):
    ins = [t for t in (dy, x, w, rm, rv, sm, si) if t is not None]
    c = Case(name, ins)
    ops, tys, i = [], [], 0
    for t in (dy, x, w, rm, rv, sm, si):
        if t is None:
            ops.append(c.c("none", 0)); tys.append("!torch.none")
        else:
            ops.append(arg(i)); tys.append(vt(t)); i += 1
    ops += [c.c("bool", train), c.c("float", eps), c.bools(mask)]
    tys += ["!torch.bool", "!torch.float", "!torch.list<bool>"]
    res = torch.ops.aten.native_batch_norm_backward(dy, x, w, rm, rv, sm, si, train, eps, mask)
    rtys = [vt(t) if m else "!torch.none" for t, m in zip(res, mask)]
    ret = [k for k in range(3) if mask[k]]
    c.op("native_batch_norm_backward", ops, tys, rtys, ret)
    add(c, [res[k] for k in ret])

x = grid(2, C, 3, 3); w = grid(C)
_, sm, si = torch.ops.aten.native_batch_norm(x, w, grid(C), None, None, True, 0.1, 1e-5)
bn_backward("bn_bwd_train_f32", grid(2, C, 3, 3), x, w, None, None, sm, si, True, 1e-5, [True, True, True])
bn_backward("bn_bwd_eval_f64", grid(3, C, 4, dtype=torch.float64), grid(3, C, 4, dtype=torch.float64), None,
            grid(C, dtype=torch.float64), grid(C, dtype=torch.float64).abs() + 0.5, None, None, False, 1e-5, [True, True, True])

# ---- pooling -------------------------------------------------------------
def maxpool(name, x, k, s, p, d, ceil, nd=2):
    c = Case(name, [x])
    ops = [arg(0), c.ints(k), c.ints(s), c.ints(p), c.ints(d), c.c("bool", ceil)]
    tys = [vt(x), "!torch.list<int>", "!torch.list<int>", "!torch.list<int>", "!torch.list<int>", "!torch.bool"]
    op = "max_pool%dd_with_indices" % nd
    out, idx = getattr(torch.ops.aten, op)(x, k, s, p, d, ceil)
    c.op(op, ops, tys, [vt(out), vt(idx)], [0, 1])
    add(c, [out, idx])
    return out, idx

xm = grid(1, 2, 7, 7, scale=4, lim=6)   # few distinct values: many ties
xm[0, 0, 1, 1] = float("nan"); xm[0, 0, 1, 2] = float("nan")
xm[0, 1, 0:3, 0:3] = float("-inf")
maxpool("maxpool_stem_f32", xm, [3, 3], [2, 2], [1, 1], [1, 1], False)
maxpool("maxpool_dil_ceil_3d_f32", grid(3, 6, 7), [2, 3], [2, 1], [1, 1], [2, 1], True)
maxpool("maxpool_default_stride_f64", grid(1, 1, 5, 6, dtype=torch.float64), [2, 2], [], [0, 0], [1, 1], True)

def maxpool_bwd(name, x, k, s, p, d, ceil, nd=2):
    out, idx = getattr(torch.ops.aten, "max_pool%dd_with_indices" % nd)(x, k, s, p, d, ceil)
    dy = grid(*out.shape, dtype=x.dtype)
    c = Case(name, [dy, x, idx])
    ops = [arg(0), arg(1), c.ints(k), c.ints(s), c.ints(p), c.ints(d), c.c("bool", ceil), arg(2)]
    tys = [vt(dy), vt(x), "!torch.list<int>", "!torch.list<int>", "!torch.list<int>", "!torch.list<int>", "!torch.bool", vt(idx)]
    op = "max_pool%dd_with_indices_backward" % nd
    gi = getattr(torch.ops.aten, op)(dy, x, k, s, p, d, ceil, idx)
    c.op(op, ops, tys, [vt(gi)], [0])
    add(c, [gi])

maxpool_bwd("maxpool_bwd_stem_f32", grid(1, 2, 7, 7, scale=4, lim=6), [3, 3], [2, 2], [1, 1], [1, 1], False)
maxpool_bwd("maxpool_bwd_dil_ceil_f32", grid(2, 6, 7), [2, 3], [2, 1], [1, 1], [2, 1], True)
maxpool_bwd("maxpool_bwd_stride1_f64", grid(1, 2, 5, 5, dtype=torch.float64), [3, 2], [1, 1], [1, 0], [1, 1], False)

def avgpool(name, x, k, s, p, ceil, cip, div, backward=False, nd=2):
    # avg_pool1d has no divisor_override (nor a backward op of its own).
    A = torch.ops.aten
    dv = [div] if nd != 1 else []
    out = getattr(A, "avg_pool%dd" % nd)(x, k, s, p, ceil, cip, *dv)
    divarg = lambda c: ([c.c("int", div) if div is not None else c.c("none", 0)] if nd != 1 else [])
    divty = ["!torch.int" if div is not None else "!torch.none"] if nd != 1 else []
    if not backward:
        c = Case(name, [x])
        ops = [arg(0), c.ints(k), c.ints(s), c.ints(p), c.c("bool", ceil), c.c("bool", cip)] + divarg(c)
        tys = [vt(x), "!torch.list<int>", "!torch.list<int>", "!torch.list<int>", "!torch.bool", "!torch.bool"] + divty
        c.op("avg_pool%dd" % nd, ops, tys, [vt(out)], [0])
        add(c, [out])
        return
    dy = grid(*out.shape, dtype=x.dtype)
    gi = getattr(A, "avg_pool%dd_backward" % nd)(dy, x, k, s, p, ceil, cip, div)
    c = Case(name, [dy, x])
    ops = [arg(0), arg(1), c.ints(k), c.ints(s), c.ints(p), c.c("bool", ceil), c.c("bool", cip)] + divarg(c)
    tys = [vt(dy), vt(x), "!torch.list<int>", "!torch.list<int>", "!torch.list<int>", "!torch.bool", "!torch.bool"] + divty
    c.op("avg_pool%dd_backward" % nd, ops, tys, [vt(gi)], [0])
    add(c, [gi])

avgpool("avgpool_ceil_nocount_f32", grid(1, 2, 6, 6), [3, 3], [2, 2], [1, 1], True, False, None)
avgpool("avgpool_ceil_count_f32", grid(1, 2, 6, 6), [3, 3], [2, 2], [1, 1], True, True, None)
avgpool("avgpool_override_3d_f64", grid(2, 5, 7, dtype=torch.float64), [2, 3], [1, 2], [1, 1], False, True, 5)
avgpool("avgpool_bwd_ceil_nocount_f32", grid(1, 2, 6, 6), [3, 3], [2, 2], [1, 1], True, False, None, backward=True)
avgpool("avgpool_bwd_override_f64", grid(2, 5, 7, dtype=torch.float64), [2, 3], [1, 2], [1, 1], False, True, 5, backward=True)
avgpool("avgpool_bwd_k2s2_f32", grid(1, 3, 4, 6), [2, 2], [2, 2], [0, 0], False, True, None, backward=True)

def adaptive(name, x, o, backward=False, nd=2):
    # The 1-D op has no underscore form (nor a backward of its own).
    op = "adaptive_avg_pool1d" if nd == 1 else "_adaptive_avg_pool%dd" % nd
    out = getattr(torch.ops.aten, op)(x, o)
    if not backward:
        c = Case(name, [x])
        c.op(op, [arg(0), c.ints(o)], [vt(x), "!torch.list<int>"], [vt(out)], [0])
        add(c, [out])
        return
    dy = grid(*out.shape, dtype=x.dtype)
    gi = getattr(torch.ops.aten, op + "_backward")(dy, x)
    c = Case(name, [dy, x])
    c.op(op + "_backward", [arg(0), arg(1)], [vt(dy), vt(x)], [vt(gi)], [0])
    add(c, [gi])

adaptive("adaptive_nonuniform_f32", grid(1, 2, 5, 7), [3, 3])
adaptive("adaptive_uniform_f32", grid(2, 3, 4, 6), [2, 3])
adaptive("adaptive_bwd_nonuniform_f32", grid(1, 2, 5, 7), [3, 3], backward=True)
adaptive("adaptive_bwd_uniform_3d_f64", grid(3, 4, 6, dtype=torch.float64), [1, 2], backward=True)

# ---- factories -----------------------------------------------------------
c = Case("factories", [])
n = c.ints([2, 3])
none = c.c("none", 0)
fl = c.c("float", -2.7)
c.lines.append("%%f1 = torch.aten.full %s, %s, %s, %s, %s, %s : !torch.list<int>, !torch.float, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[2,3],f32>" % (n, fl, none, none, none, none))
i3 = c.c("int", 3)
c.lines.append("%%f2 = torch.aten.full %s, %s, %s, %s, %s, %s : !torch.list<int>, !torch.float, !torch.int, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[2,3],si32>" % (n, fl, i3, none, none, none))
s0, s1, s2 = c.c("float", -1.5), c.c("float", 2.0), c.c("float", 0.5)
c.lines.append("%%f3 = torch.aten.arange.start_step %s, %s, %s, %s, %s, %s, %s : !torch.float, !torch.float, !torch.float, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[7],f32>" % (s0, s1, s2, none, none, none, none))
c.ret = [("%f1", "!torch.vtensor<[2,3],f32>"), ("%f2", "!torch.vtensor<[2,3],si32>"), ("%f3", "!torch.vtensor<[7],f32>")]
add(c, [torch.full([2, 3], -2.7), torch.full([2, 3], -2.7, dtype=torch.int32), torch.arange(-1.5, 2.0, 0.5)])

# ---- batch norm forward as torch 2.x exports it -----------------------------
bn_forward("bn_with_update_functional_f32", grid(4, C, 2, 3), grid(C), grid(C), grid(C), grid(C).abs() + 0.5, True, 0.3, 1e-3, ret=(0, 1, 2, 4, 5), export_form=True)
bn_forward("bn_no_update_f32", grid(2, C, 4), grid(C), grid(C), grid(C), grid(C).abs() + 0.5, False, 0.1, 1e-5, ret=(0,), export_form=True)

# ---- layer norm ----------------------------------------------------------
def ln_forward(name, x, ns, w, b, eps):
    ins = [t for t in (x, w, b) if t is not None]
    c = Case(name, ins)
    ops, tys, i = [arg(0), c.ints(ns)], [vt(x), "!torch.list<int>"], 1
    for t in (w, b):
        if t is None:
            ops.append(c.c("none", 0)); tys.append("!torch.none")
        else:
            ops.append(arg(i)); tys.append(vt(t)); i += 1
    ops.append(c.c("float", eps)); tys.append("!torch.float")
    res = list(torch.ops.aten.native_layer_norm(x, ns, w, b, eps))
    c.op("native_layer_norm", ops, tys, [vt(t) for t in res], [0, 1, 2])
    add(c, res)

ln_forward("ln_f32", grid(2, 3, 5), [5], grid(5), grid(5), 1e-5)
ln_forward("ln_noaffine_2d_f32", grid(2, 3, 4), [3, 4], None, None, 1e-3)
ln_forward("ln_weight_only_f64", grid(4, 6, dtype=torch.float64), [6], grid(6, dtype=torch.float64), None, 1e-6)

# ---- group norm ----------------------------------------------------------
def at_acc(fn, *ts):
    """fn's results at ATen's accumulation type, rounded once: a bf16 case runs
    the f32 kernel on its (exactly converted) inputs and rounds each result to
    bf16, which is what the lowering computes. torch 1.13's own bf16 group norm
    and layer norm backward kernels round intermediates to bf16 and differ from
    that by up to ~4 bf16 units (2^-7 abs + rel) on these sizes."""
    lo = next((t.dtype for t in ts if t is not None and t.dtype == torch.bfloat16), None)
    if lo is None:
        return fn(*ts)
    up = [t.float() if t is not None and t.is_floating_point() else t for t in ts]
    return tuple(None if r is None else r.to(lo) for r in fn(*up))

def opt_args(c, ts, first):
    """Operands for optional tensors ts (None: !torch.none); the others are arguments from index first on."""
    ops, tys, i = [], [], first
    for t in ts:
        if t is None:
            ops.append(c.c("none", 0)); tys.append("!torch.none")
        else:
            ops.append(arg(i)); tys.append(vt(t)); i += 1
    return ops, tys

def gn_sizes(c, x, G):
    N, C, HxW = x.shape[0], x.shape[1], math.prod(x.shape[2:])
    return [c.c("int", v) for v in (N, C, HxW, G)], ["!torch.int"] * 4, (N, C, HxW)

def gn_forward(name, x, w, b, G, eps):
    c = Case(name, [t for t in (x, w, b) if t is not None])
    ops, tys = opt_args(c, [x, w, b], 0)
    sops, stys, (N, C, HxW) = gn_sizes(c, x, G)
    ops += sops + [c.c("float", eps)]
    tys += stys + ["!torch.float"]
    res = list(at_acc(lambda x, w, b: torch.ops.aten.native_group_norm(x, w, b, N, C, HxW, G, eps), x, w, b))
    c.op("native_group_norm", ops, tys, [vt(t) for t in res], [0, 1, 2])
    add(c, res)

def gn_backward(name, x, w, G, mask, eps=1e-5):
    N, C, HxW = x.shape[0], x.shape[1], math.prod(x.shape[2:])
    _, mean, rstd = torch.ops.aten.native_group_norm(x, w, None, N, C, HxW, G, eps)
    dy = grid(*x.shape, dtype=x.dtype)
    c = Case(name, [t for t in (dy, x, mean, rstd, w) if t is not None])
    ops, tys = opt_args(c, [dy, x, mean, rstd, w], 0)
    sops, stys, _ = gn_sizes(c, x, G)
    ops += sops + [c.bools(mask)]
    tys += stys + ["!torch.list<bool>"]
    res = at_acc(lambda dy, x, mean, rstd, w: torch.ops.aten.native_group_norm_backward(dy, x, mean, rstd, w, N, C, HxW, G, mask), dy, x, mean, rstd, w)
    ret = [k for k in range(3) if mask[k]]
    c.op("native_group_norm_backward", ops, tys, [vt(t) if m else "!torch.none" for t, m in zip(res, mask)], ret)
    add(c, [res[k] for k in ret])

gn_forward("gn_f32", grid(2, 6, 3, 2), grid(6), grid(6), 3, 1e-5)
gn_forward("gn_bias_only_f32", grid(2, 6, 4), None, grid(6), 2, 1e-5)
gn_forward("gn_groups1_noaffine_f32", grid(2, 3, 2, 2), None, None, 1, 1e-5)
gn_forward("gn_groupsC_f32", grid(2, 4, 5), grid(4), grid(4), 4, 1e-3)
gn_forward("gn_2d_weight_only_f64", grid(3, 4, dtype=torch.float64), grid(4, dtype=torch.float64), None, 2, 1e-6)
gn_forward("gn_bf16", grid(2, 6, 3, 2, dtype=torch.bfloat16), grid(6, dtype=torch.bfloat16), grid(6, dtype=torch.bfloat16), 3, 1e-5)

xg, wg = grid(2, 6, 3, 2), grid(6)
for m in ([True, True, True], [True, False, False], [False, True, False], [False, False, True],
          [False, True, True], [True, False, True], [True, True, False]):
    gn_backward("gn_bwd_%s_f32" % "".join("T" if v else "F" for v in m), xg, wg, 3, m)
gn_backward("gn_bwd_noweight_groupsC_f32", grid(2, 4, 5), None, 4, [True, False, False])
gn_backward("gn_bwd_groups1_f64", grid(2, 3, 4, dtype=torch.float64), grid(3, dtype=torch.float64), 1, [True, True, True])
gn_backward("gn_bwd_bf16", grid(2, 4, 3, dtype=torch.bfloat16), grid(4, dtype=torch.bfloat16), 2, [True, True, True])

# ---- layer norm backward -------------------------------------------------
def ln_backward(name, x, ns, w, b, mask, eps=1e-5):
    _, mean, rstd = torch.ops.aten.native_layer_norm(x, ns, w, b, eps)
    dy = grid(*x.shape, dtype=x.dtype)
    c = Case(name, [t for t in (dy, x, mean, rstd, w, b) if t is not None])
    ops, tys = opt_args(c, [dy, x], 0)
    ops.append(c.ints(ns)); tys.append("!torch.list<int>")
    more, mtys = opt_args(c, [mean, rstd, w, b], 2)
    ops += more + [c.bools(mask)]
    tys += mtys + ["!torch.list<bool>"]
    res = at_acc(lambda dy, x, mean, rstd, w, b: torch.ops.aten.native_layer_norm_backward(dy, x, ns, mean, rstd, w, b, mask), dy, x, mean, rstd, w, b)
    ret = [k for k in range(3) if mask[k]]
    c.op("native_layer_norm_backward", ops, tys, [vt(t) if m else "!torch.none" for t, m in zip(res, mask)], ret)
    add(c, [res[k] for k in ret])

ln_backward("ln_bwd_f32", grid(2, 3, 5), [5], grid(5), grid(5), [True, True, True])
ln_backward("ln_bwd_noweight_f32", grid(4, 6), [6], None, grid(6), [True, False, True])
ln_backward("ln_bwd_mask_FTF_f32", grid(3, 4), [4], grid(4), grid(4), [False, True, False])
ln_backward("ln_bwd_2d_f32", grid(2, 3, 4), [3, 4], grid(3, 4), grid(3, 4), [True, True, True])
ln_backward("ln_bwd_all_dims_f64", grid(3, 4, dtype=torch.float64), [3, 4], grid(3, 4, dtype=torch.float64), None, [True, True, False])
ln_backward("ln_bwd_bf16", grid(2, 3, 8, dtype=torch.bfloat16), [8], grid(8, dtype=torch.bfloat16), grid(8, dtype=torch.bfloat16), [True, True, True])

# ---- dropout -------------------------------------------------------------
def dropout(name, x, p, train):
    c = Case(name, [x])
    tr = c.c("none", 0) if train is None else c.c("bool", train)
    out, mask = torch.ops.aten.native_dropout(x, p, train)
    c.op("native_dropout", [arg(0), c.c("float", p), tr], [vt(x), "!torch.float", "!torch.none" if train is None else "!torch.bool"], [vt(out), vt(mask)], [0, 1])
    add(c, [out, mask])

def dropout_bwd(name, g, mask, scale):
    c = Case(name, [g, mask])
    res = torch.ops.aten.native_dropout_backward(g, mask, scale)
    if g.dtype in (torch.bfloat16, torch.float16):
        # torch >= 2.1 multiplies a 16-bit tensor by a Python scalar in f32
        # (mul's opmath scalar); 1.13 rounded the scale to bf16 first.
        res = (g.float() * mask.to(torch.float32) * scale).to(g.dtype)
    c.op("native_dropout_backward", [arg(0), arg(1), c.c("float", scale)], [vt(g), vt(mask), "!torch.float"], [vt(res)], [0])
    add(c, [res])

xd = grid(3, 4)
xd[0, 0] = float("nan"); xd[0, 1] = float("inf"); xd[0, 2] = float("-inf")
dropout("dropout_eval_f32", xd, 0.5, False)
dropout("dropout_p0_train_f32", xd, 0.0, True)
dropout("dropout_p1_train_f32", xd, 1.0, True)
dropout("dropout_p1_train_none_bf16", grid(2, 5, dtype=torch.bfloat16), 1.0, None)
md = torch.rand(3, 4) < 0.7
dropout_bwd("dropout_bwd_f32", grid(3, 4), md, 1 / (1 - 0.1))
dropout_bwd("dropout_bwd_bf16", grid(3, 4, dtype=torch.bfloat16, scale=8, lim=1024), md, 1 / (1 - 0.1))
dropout_bwd("dropout_bwd_scale2_f64", grid(3, 4, dtype=torch.float64), md, 2.0)

# ---- upsampling ----------------------------------------------------------
# Appended last so that the cases above keep their random inputs.
def opt_float(c, v):
    return (c.c("none", 0), "!torch.none") if v is None else (c.c("float", v), "!torch.float")

UP_OPS = {("nearest", 1): "upsample_nearest1d", ("nearest", 2): "upsample_nearest2d", ("nearest", 3): "upsample_nearest3d",
          ("linear", 1): "upsample_linear1d", ("linear", 2): "upsample_bilinear2d", ("linear", 3): "upsample_trilinear3d"}
def upsample_nd(name, x, mode, size=None, scales=None, align=None, vec=False):
    """upsample_nearest{1,2,3}d, upsample_{linear1d,bilinear2d,trilinear3d}:
    the output_size form (scales one per dim, None for absent) or, with
    vec, the .vec form (exactly one of size and scales)."""
    n = x.dim() - 2
    opname = UP_OPS[(mode, n)]
    lin = mode == "linear"
    c = Case(name, [x])
    ops, tys = [arg(0)], [vt(x)]
    if vec:
        if size is None:
            ops.append(c.c("none", 0)); tys.append("!torch.none")
        else:
            ops.append(c.ints(size)); tys.append("!torch.list<int>")
        if lin:
            ops.append(c.c("bool", align)); tys.append("!torch.bool")
        if scales is None:
            ops.append(c.c("none", 0)); tys.append("!torch.none")
        else:
            ops.append(c.floats(scales)); tys.append("!torch.list<float>")
        base = getattr(torch.ops.aten, opname)
        fn = lambda x: (base.vec(x, size, *([align] if lin else []), scales),)
        opname += ".vec"
    else:
        ss = list(scales) if scales is not None else [None] * n
        ops.append(c.ints(size)); tys.append("!torch.list<int>")
        if lin:
            ops.append(c.c("bool", align)); tys.append("!torch.bool")
        for v in ss:
            o, t = opt_float(c, v); ops.append(o); tys.append(t)
        fn = lambda x: (getattr(torch.ops.aten, opname)(x, size, *([align] if lin else []), *ss),)
    res = at_acc(fn, x) if x.is_floating_point() else fn(x)
    c.op(opname, ops, tys, [vt(res[0])], [0])
    add(c, [res[0]])

def upsample_nd_bwd(name, dy, mode, in_size, scales=None, align=None):
    n = dy.dim() - 2
    opname = UP_OPS[(mode, n)] + "_backward"
    lin = mode == "linear"
    c = Case(name, [dy])
    out_size = list(dy.shape[2:])
    ss = list(scales) if scales is not None else [None] * n
    ops, tys = [arg(0), c.ints(out_size), c.ints(in_size)], [vt(dy), "!torch.list<int>", "!torch.list<int>"]
    if lin:
        ops.append(c.c("bool", align)); tys.append("!torch.bool")
    for v in ss:
        o, t = opt_float(c, v); ops.append(o); tys.append(t)
    fn = lambda dy: (getattr(torch.ops.aten, opname)(dy, out_size, in_size, *([align] if lin else []), *ss),)
    res = at_acc(fn, dy)
    c.op(opname, ops, tys, [vt(res[0])], [0])
    add(c, [res[0]])

upsample_nd("up_nearest_2x_f32", grid(2, 3, 4, 5), "nearest", size=[8, 10])
upsample_nd("up_nearest_5x7_to_8x11_f32", grid(1, 2, 5, 7), "nearest", size=[8, 11])
upsample_nd("up_nearest_vec_scales_f32", grid(1, 2, 5, 6), "nearest", scales=[1.5, 2.0], vec=True)
# 4 rows at 1.6 give 6 outputs; output 3 reads floor(3/1.6) = 1, the sizes would give 2.
upsample_nd("up_nearest_vec_scales_map_f32", grid(1, 2, 4, 5), "nearest", scales=[1.6, 1.75], vec=True)
upsample_nd("up_nearest_scales_given_f64", grid(1, 2, 4, 5, dtype=torch.float64), "nearest", size=[6, 8], scales=(1.6, 1.75))
upsample_nd("up_nearest_down_f64", grid(2, 2, 7, 9, dtype=torch.float64), "nearest", size=[3, 4])
upsample_nd("up_nearest_vec_size_ui8", torch.randint(0, 256, (1, 3, 4, 5), dtype=torch.uint8), "nearest", size=[7, 10], vec=True)
upsample_nd("up_nearest_bf16", grid(1, 2, 3, 4, dtype=torch.bfloat16), "nearest", size=[5, 9])
upsample_nd_bwd("up_nearest_bwd_2x_f32", grid(2, 3, 8, 10), "nearest", [2, 3, 4, 5])
upsample_nd_bwd("up_nearest_bwd_8x11_f32", grid(1, 2, 8, 11), "nearest", [1, 2, 5, 7])
upsample_nd_bwd("up_nearest_bwd_scales_f32", grid(1, 2, 6, 8), "nearest", [1, 2, 4, 5], scales=(1.6, 1.75))
upsample_nd_bwd("up_nearest_bwd_down_f64", grid(2, 2, 3, 4, dtype=torch.float64), "nearest", [2, 2, 7, 9])
upsample_nd_bwd("up_nearest_bwd_bf16", grid(1, 2, 6, 9, dtype=torch.bfloat16), "nearest", [1, 2, 3, 4])
upsample_nd("up_bilinear_align_f32", grid(1, 2, 4, 5), "linear", size=[7, 9], align=True)
upsample_nd("up_bilinear_noalign_f32", grid(2, 3, 4, 5), "linear", size=[8, 10], align=False)
upsample_nd("up_bilinear_down_noalign_f32", grid(1, 2, 9, 7), "linear", size=[4, 3], align=False)
upsample_nd("up_bilinear_down_align_f64", grid(1, 2, 8, 7, dtype=torch.float64), "linear", size=[3, 5], align=True)
upsample_nd("up_bilinear_align_out1_f32", grid(1, 2, 3, 4), "linear", size=[1, 6], align=True)
upsample_nd("up_bilinear_vec_scales_f32", grid(1, 2, 4, 5), "linear", scales=[1.7, 2.5], align=False, vec=True)
upsample_nd("up_bilinear_vec_scales_align_f32", grid(1, 2, 4, 5), "linear", scales=[1.7, 2.5], align=True, vec=True)
upsample_nd("up_bilinear_bf16", grid(1, 2, 4, 5, dtype=torch.bfloat16), "linear", size=[8, 10], align=False)
upsample_nd_bwd("up_bilinear_bwd_align_f32", grid(1, 2, 7, 9), "linear", [1, 2, 4, 5], align=True)
upsample_nd_bwd("up_bilinear_bwd_noalign_f32", grid(2, 3, 8, 10), "linear", [2, 3, 4, 5], align=False)
upsample_nd_bwd("up_bilinear_bwd_down_noalign_f64", grid(1, 2, 4, 3, dtype=torch.float64), "linear", [1, 2, 9, 7], align=False)
upsample_nd_bwd("up_bilinear_bwd_down_align_f32", grid(1, 2, 3, 5), "linear", [1, 2, 8, 7], align=True)
upsample_nd_bwd("up_bilinear_bwd_scales_f32", grid(1, 2, 6, 12), "linear", [1, 2, 4, 5], scales=(1.7, 2.5), align=False)
upsample_nd_bwd("up_bilinear_bwd_16to32_f32", grid(1, 2, 32, 32), "linear", [1, 2, 16, 16], align=False)
upsample_nd_bwd("up_bilinear_bwd_bf16", grid(1, 2, 8, 10, dtype=torch.bfloat16), "linear", [1, 2, 4, 5], align=True)

# ---- 1-D and 3-D pooling ---------------------------------------------------
# Appended after the 2-D cases so that those keep their random inputs.
xm3 = grid(1, 2, 4, 5, 5, scale=4, lim=6)   # ties
xm3[0, 0, 1, 1, 1] = float("nan")
maxpool("maxpool3d_ties_nan_f32", xm3, [2, 3, 3], [2, 2, 2], [1, 1, 1], [1, 1, 1], False, nd=3)
maxpool("maxpool3d_dil_ceil_4d_f32", grid(2, 5, 6, 7), [2, 2, 3], [2, 1, 2], [1, 0, 1], [2, 1, 1], True, nd=3)
maxpool("maxpool3d_k1_f64", grid(1, 2, 3, 4, 5, dtype=torch.float64), [1], [], [0], [1], False, nd=3)
maxpool("maxpool1d_dil_ceil_f32", grid(2, 3, 11, scale=4, lim=6), [3], [2], [1], [2], True, nd=1)
maxpool("maxpool1d_unbatched_bf16", grid(3, 9, dtype=torch.bfloat16), [2], [], [1], [1], False, nd=1)
maxpool_bwd("maxpool3d_bwd_f32", grid(1, 2, 4, 5, 5, scale=4, lim=6), [2, 3, 3], [2, 2, 2], [1, 1, 1], [1, 1, 1], False, nd=3)
maxpool_bwd("maxpool3d_bwd_dil_ceil_f64", grid(1, 5, 6, 7, dtype=torch.float64), [2, 2, 3], [2, 1, 2], [1, 0, 1], [2, 1, 1], True, nd=3)
avgpool("avgpool3d_ceil_nocount_f32", grid(1, 2, 5, 6, 6), [3, 2, 3], [2, 2, 2], [1, 1, 1], True, False, None, nd=3)
avgpool("avgpool3d_count_4d_f64", grid(2, 5, 4, 7, dtype=torch.float64), [2, 3, 2], [1, 2, 2], [1, 1, 0], False, True, None, nd=3)
avgpool("avgpool3d_override_f32", grid(1, 2, 4, 4, 4), [2], [2], [0], False, True, 3, nd=3)
avgpool("avgpool3d_bwd_ceil_nocount_f32", grid(1, 1, 5, 6, 6), [3, 2, 3], [2, 2, 2], [1, 1, 1], True, False, None, backward=True, nd=3)
avgpool("avgpool3d_bwd_override_f64", grid(2, 4, 5, 6, dtype=torch.float64), [2, 3, 2], [1, 2, 2], [1, 1, 0], False, True, 5, backward=True, nd=3)
avgpool("avgpool1d_ceil_nocount_f32", grid(2, 3, 10), [3], [2], [1], True, False, None, nd=1)
avgpool("avgpool1d_unbatched_bf16", grid(4, 9, dtype=torch.bfloat16), [4], [], [2], False, True, None, nd=1)
adaptive("adaptive3d_nonuniform_f32", grid(1, 2, 5, 6, 7), [3, 4, 3], nd=3)
adaptive("adaptive3d_global_f32", grid(2, 3, 2, 4, 4), [1, 1, 1], nd=3)
adaptive("adaptive3d_bwd_nonuniform_f32", grid(1, 1, 5, 6, 7), [3, 4, 3], backward=True, nd=3)
adaptive("adaptive3d_bwd_uniform_4d_f64", grid(3, 4, 6, 2, dtype=torch.float64), [2, 3, 1], backward=True, nd=3)
adaptive("adaptive1d_nonuniform_f32", grid(2, 3, 10), [4], nd=1)
adaptive("adaptive1d_uniform_f64", grid(3, 12, dtype=torch.float64), [3], nd=1)

# ---- reflection and replication padding --------------------------------------
def padmode(name, x, mode, pads, backward=False):
    n = len(pads) // 2
    op = "%s_pad%dd" % (mode, n)
    # at_acc: torch 1.13 has no bf16 padding kernels; the f32 ones copy
    # bf16 values exactly and sum their gradients in f32.
    out = at_acc(lambda x: (getattr(torch.ops.aten, op)(x, pads),), x)[0]
    if not backward:
        c = Case(name, [x])
        c.op(op, [arg(0), c.ints(pads)], [vt(x), "!torch.list<int>"], [vt(out)], [0])
        add(c, [out])
        return
    dy = grid(*out.shape, dtype=x.dtype)
    gi = at_acc(lambda dy, x: (getattr(torch.ops.aten, op + "_backward")(dy, x, pads),), dy, x)[0]
    c = Case(name, [dy, x])
    c.op(op + "_backward", [arg(0), arg(1), c.ints(pads)], [vt(dy), vt(x), "!torch.list<int>"], [vt(gi)], [0])
    add(c, [gi])

padmode("reflect1d_f32", grid(2, 3, 6), "reflection", [3, 5])
padmode("reflect2d_f32", grid(1, 2, 5, 6), "reflection", [2, 1, 3, 4])
padmode("reflect2d_crop_unbatched_f64", grid(3, 5, 6, dtype=torch.float64), "reflection", [-2, 3, 4, -1])
padmode("reflect3d_f32", grid(1, 2, 3, 4, 5), "reflection", [1, 2, 2, 0, 1, 2])
padmode("reflect2d_bf16", grid(1, 2, 4, 4, dtype=torch.bfloat16), "reflection", [3, 3, 1, 1])
padmode("replicate1d_f32", grid(2, 3, 4), "replication", [5, 2])
padmode("replicate2d_crop_f32", grid(2, 3, 5, 6), "replication", [3, -2, 0, 2])
padmode("replicate3d_unbatched_f64", grid(2, 3, 1, 4, dtype=torch.float64), "replication", [2, 1, 3, 3, 0, 2])
padmode("reflect1d_bwd_f32", grid(2, 3, 6), "reflection", [3, 5], backward=True)
padmode("reflect2d_bwd_f32", grid(1, 2, 5, 6), "reflection", [2, 1, 3, 4], backward=True)
padmode("reflect2d_bwd_crop_f64", grid(1, 3, 5, 6, dtype=torch.float64), "reflection", [-2, 3, 4, -1], backward=True)
padmode("reflect3d_bwd_unbatched_f32", grid(1, 3, 4, 5), "reflection", [1, 2, 2, 0, 1, 2], backward=True)
padmode("reflect2d_bwd_bf16", grid(1, 2, 4, 4, dtype=torch.bfloat16), "reflection", [3, 3, 1, 1], backward=True)
padmode("replicate1d_bwd_f32", grid(2, 3, 4), "replication", [5, 2], backward=True)
padmode("replicate2d_bwd_crop_f32", grid(1, 3, 5, 6), "replication", [3, -2, 0, 2], backward=True)
padmode("replicate3d_bwd_f64", grid(1, 2, 3, 1, 4, dtype=torch.float64), "replication", [2, 1, 3, 3, 0, 2], backward=True)
padmode("replicate2d_bwd_bf16", grid(1, 2, 3, 4, dtype=torch.bfloat16), "replication", [2, 2, 1, 3], backward=True)

# ---- 1-D and 3-D upsampling ------------------------------------------------
upsample_nd("up1d_nearest_2x_f32", grid(2, 3, 5), "nearest", size=[10])
upsample_nd("up1d_nearest_vec_scale_f64", grid(1, 2, 4, dtype=torch.float64), "nearest", scales=[1.6], vec=True)
upsample_nd("up1d_linear_align_f32", grid(2, 2, 5), "linear", size=[9], align=True)
upsample_nd("up1d_linear_vec_noalign_bf16", grid(1, 3, 4, dtype=torch.bfloat16), "linear", scales=[2.5], align=False, vec=True)
upsample_nd_bwd("up1d_nearest_bwd_f32", grid(2, 3, 7), "nearest", [2, 3, 4])
upsample_nd_bwd("up1d_linear_bwd_noalign_f32", grid(2, 2, 10), "linear", [2, 2, 5], align=False)
upsample_nd("up3d_nearest_2x_f32", grid(1, 2, 2, 3, 3), "nearest", size=[4, 6, 6])
upsample_nd("up3d_nearest_vec_scales_ui8", torch.randint(0, 256, (1, 2, 2, 3, 4), dtype=torch.uint8), "nearest", scales=[1.5, 2.0, 1.75], vec=True)
upsample_nd("up3d_trilinear_noalign_f32", grid(1, 2, 2, 3, 4), "linear", size=[4, 6, 8], align=False)
upsample_nd("up3d_trilinear_align_scales_f64", grid(1, 1, 3, 3, 2, dtype=torch.float64), "linear", size=[5, 4, 3], scales=(1.7, 1.3, 1.5), align=True)
upsample_nd("up3d_trilinear_vec_bf16", grid(1, 2, 2, 2, 3, dtype=torch.bfloat16), "linear", scales=[2.0, 1.5, 2.0], align=False, vec=True)
upsample_nd_bwd("up3d_nearest_bwd_f32", grid(1, 2, 4, 6, 5), "nearest", [1, 2, 2, 3, 3])
upsample_nd_bwd("up3d_trilinear_bwd_noalign_f32", grid(1, 2, 4, 6, 8), "linear", [1, 2, 2, 3, 4], align=False)
upsample_nd_bwd("up3d_trilinear_bwd_align_f64", grid(1, 1, 5, 4, 3, dtype=torch.float64), "linear", [1, 1, 3, 3, 2], align=True)

# ---- max pooling backward over windows that tile the input ---------------------
# (kernel = stride, no padding: each input in one window; the ties of the
# few-valued grids give every window several candidates)
maxpool_bwd("maxpool_bwd_tiles_f32", grid(2, 3, 6, 8, scale=4, lim=6), [2, 2], [2, 2], [0, 0], [1, 1], False)
maxpool_bwd("maxpool_bwd_tiles_3x2_unbatched_f64", grid(2, 6, 4, dtype=torch.float64, scale=4, lim=6), [3, 2], [3, 2], [0, 0], [1, 1], False)
maxpool_bwd("maxpool3d_bwd_tiles_f32", grid(1, 2, 4, 6, 4, scale=4, lim=6), [2, 2, 2], [], [0], [1], False, nd=3)
maxpool_bwd("maxpool3d_bwd_tiles_f64", grid(1, 2, 2, 4, 6, dtype=torch.float64, scale=4, lim=6), [2, 2, 3], [2, 2, 3], [0, 0, 0], [1, 1, 1], False, nd=3)

# ---- max pooling backward by phases: the candidate windows of a position --------
# 49 per position (7x7 stride 1): the reduction-loop form.
maxpool_bwd("maxpool_bwd_k7s1_looped_f32", grid(1, 2, 9, 10, scale=4, lim=6), [7, 7], [1, 1], [3, 3], [1, 1], False)
# 27 (3x3x3 stride 1): the most the unrolled form takes.
maxpool_bwd("maxpool3d_bwd_k3s1_f32", grid(1, 2, 4, 5, 5, scale=4, lim=6), [3, 3, 3], [1, 1, 1], [1, 1, 1], [1, 1, 1], False, nd=3)
# Stride above the kernel: phases that no window reaches, and a view of
# ceil(H/s)·s rows cut back to H.
maxpool_bwd("maxpool_bwd_k2s3_gaps_f64", grid(1, 2, 8, 7, dtype=torch.float64, scale=4, lim=6), [2, 2], [3, 3], [0, 1], [1, 1], False)

# ---- max pooling forward: windows past the unrolled taps, stride 1 -----------
# 28 taps: the three-pass form (window max, keys, index from key).
xl = grid(1, 2, 9, 9, scale=4, lim=6)
xl[0, 0, 2, 3] = float("nan"); xl[0, 0, 4, 4] = float("nan")
xl[0, 1, 0:5, 0:6] = float("-inf")
maxpool("maxpool_large_window_f32", xl, [4, 7], [2, 2], [1, 3], [1, 1], False)
# Stride 1 with padding: the unrolled form's reads shifted off the bare
# output dim; windows of −∞ at the corner take their first valid position.
xs = grid(1, 2, 6, 7, scale=4, lim=6)
xs[0, 0, 0:2, 0:3] = float("-inf"); xs[0, 1, 3, 3] = float("nan")
maxpool("maxpool_s1_ninf_corner_f32", xs, [3, 3], [1, 1], [1, 1], [1, 1], False)

# ---- average pooling backward by phases ---------------------------------------
# 49 candidate windows (7x7 stride 1): the reduction-loop form.
avgpool("avgpool_bwd_k7s1_looped_f32", grid(1, 2, 9, 8), [7, 7], [1, 1], [3, 3], False, False, None, backward=True)
# Stride above the kernel: positions no window holds get 0; a cut view.
avgpool("avgpool_bwd_k2s3_gaps_f64", grid(1, 2, 8, 7, dtype=torch.float64), [2, 2], [3, 3], [0, 1], True, True, None, backward=True)

out = sys.stdout
out.write("// Code generated by /usr/bin/python3 with normpoolRefsGenerator (normpool_runner_test.go); DO NOT EDIT.\n")
out.write("// PyTorch %s.\n\npackage lowering\n\nvar normpoolRefs = []npRefCase{\n" % torch.__version__)
for case, outs, tol in cases:
    BQ = chr(96)  # a Go raw string quote
    out.write("\t{\n\t\tName: %s,\n\t\tFunc: %s%s%s,\n" % ('"' + case.name + '"', BQ, case.func(), BQ))
    out.write("\t\tInputs: []npRefTensor{\n")
    for t in case.inputs:
        out.write("\t\t\t%s,\n" % tensor_go(t))
    out.write("\t\t},\n\t\tOutputs: []npRefTensor{\n")
    for t in outs:
        out.write("\t\t\t%s,\n" % tensor_go(t))
    out.write("\t\t},\n\t},\n")
out.write("}\n")
`
