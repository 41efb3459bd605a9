package e2e

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/compiler"
	"github.com/torchlower/torchlower/cpu"
	fn "github.com/torchlower/torchlower/dialect/func"
	"github.com/torchlower/torchlower/internal/irtest"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/runtime"
)

const mlirCPURunner = "/usr/lib/llvm-16/bin/mlir-cpu-runner"

// runnerLibs are Debian libmlir-16's runtime libraries (versioned names only).
var runnerLibs = []string{
	"/usr/lib/llvm-16/lib/libmlir_c_runner_utils.so.16",
	"/usr/lib/llvm-16/lib/libmlir_runner_utils.so.16",
}

// upstreamPipeline lowers linalg on tensors to LLVM with MLIR 16's passes.
// math.erf and math.tanh have no LLVM intrinsic: after
// --convert-math-to-llvm has taken the others, --convert-math-to-libm turns
// them into calls to erff and tanhf. math.ipowi (integer pow) becomes a
// function of loops (--convert-math-to-funcs), and arith.floordivsi
// (Python's //) divsi arithmetic (--arith-expand), which
// --convert-arith-to-llvm does not take.
var upstreamPipeline = []string{
	"--empty-tensor-to-alloc-tensor",
	"--one-shot-bufferize=bufferize-function-boundaries allow-return-allocs",
	"--convert-linalg-to-loops", "--convert-math-to-funcs", "--convert-scf-to-cf", "--expand-strided-metadata",
	"--lower-affine", "--convert-memref-to-llvm", "--convert-math-to-llvm", "--convert-math-to-libm",
	"--arith-expand", "--convert-arith-to-llvm", "--convert-func-to-llvm", "--reconcile-unrealized-casts",
}

// TestCPUAgreesWithMLIRCPURunner runs a sample of the suite both on our CPU
// backend and, from the same lowered linalg, on upstream mlir-cpu-runner
// (MLIR's own bufferization and loops, an implementation no one here
// wrote), and checks the two agree result by result: the runner computes
// upstream − ours in f64 and prints it. Agreement is up to summation
// order: |diff| ≤ 1e-5·(1+|ours|) for f32, 1e-12·(1+|ours|) for f64, or
// for a model case the result's own atol where that is larger: it
// measures the result's summation-order noise (the bias gradient of a convolution
// before a batch norm is zero but for rounding: its float32 values are
// noise of the size of the terms that cancel).
func TestCPUAgreesWithMLIRCPURunner(t *testing.T) {
	irtest.RequireMLIROpt(t)
	for _, p := range append([]string{mlirCPURunner}, runnerLibs...) {
		if _, err := os.Stat(p); err != nil {
			t.Skipf("%s not found; install Debian's mlir-16-tools and libmlir-16 to run this cross-check", p)
		}
	}
	cases, err := LoadCases("cases")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for i, c := range cases {
		// Every 6th case, f32 and f64 only: 16-bit results have nothing to
		// gain from a second rounding path here, and runner time adds up.
		if i%6 != 0 || (c.DType != "f32" && c.DType != "f64") {
			continue
		}
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			if skip, err := crossCheckCase(c); err != nil {
				t.Fatal(err)
			} else if skip != "" {
				t.Skip(skip)
			}
		})
		n++
	}
	if n < 10 {
		t.Fatalf("only %d cases sampled", n)
	}
}

func crossCheckCase(c *Case) (skip string, err error) {
	args := make([]*runtime.Tensor, len(c.Inputs))
	for i, in := range c.Inputs {
		if args[i], err = runtime.ReadNPYFile(in.File, in.DType); err != nil {
			return "", err
		}
	}
	// A program exported with dynamic shapes is compiled for the case's
	// sizes, both here and for mlir-cpu-runner.
	dims, err := c.Dims()
	if err != nil {
		return "", err
	}
	ctx := compiler.NewContext()
	m, err := compiler.LoadDims(ctx, c.Program, dims)
	if err != nil {
		return "", err
	}
	if err := compiler.Lower(ctx, m); err != nil {
		return "", err
	}
	if compiler.HasTorchOps(m) {
		return "a masked result is returned as None, which upstream MLIR cannot parse", nil
	}
	p, err := compiler.CompileDims(c.Program, c.Func, "default", dims)
	if err != nil {
		return "", err
	}
	ours, err := cpu.Run(p, args)
	if err != nil {
		return "", err
	}
	var f *ir.Operation
	m.Walk(ir.PreOrder, func(o *ir.Operation) {
		if o.Name == fn.Func && fn.Name(o) == c.Func {
			f = o
		}
	})
	ft := fn.FunctionType(f)
	if err := denseResourcesToDense(m); err != nil {
		return "", err
	}
	src := strings.TrimRight(ir.Sprint(m, ir.PrintOptions{}), "\n")
	src = strings.TrimSuffix(src, "}") + entryFunc(c.Func, ft, args, ours) + "}\n"
	llvm, err := runTool(irtest.MLIROptPath, src, upstreamPipeline...)
	if err != nil {
		return "", fmt.Errorf("mlir-opt: %v", err)
	}
	out, err := runTool(mlirCPURunner, llvm, "-e", "entry", "-entry-point-result=void", "-shared-libs="+strings.Join(runnerLibs, ","))
	if err != nil {
		return "", fmt.Errorf("mlir-cpu-runner: %v", err)
	}
	blocks := strings.Split(out, "Unranked Memref")[1:]
	if len(blocks) != len(ours) {
		return "", fmt.Errorf("runner printed %d results, want %d", len(blocks), len(ours))
	}
	tol := 1e-5
	if c.DType == "f64" {
		tol = 1e-12
	}
	for j, b := range blocks {
		_, data, _ := strings.Cut(b, "data =")
		diffs := numberRE.FindAllString(data, -1)
		if len(diffs) != ours[j].NumElements() {
			return "", fmt.Errorf("result %d: runner printed %d values, want %d", j, len(diffs), ours[j].NumElements())
		}
		atol := 0.0
		if c.Form == "model" && j < len(c.Results) {
			atol = c.Results[j].Tol.Atol
		}
		for k, s := range diffs {
			d, err := strconv.ParseFloat(s, 64)
			v := ours[j].Float64(k)
			if err != nil || math.IsNaN(d) || math.Abs(d) > max(tol*(1+math.Abs(v)), atol) {
				return "", fmt.Errorf("result %d element %d: upstream − ours = %s (ours %g)", j, k, s, v)
			}
		}
	}
	return "", nil
}

// denseResourcesToDense rewrites every dense_resource attribute (the
// parameters a .pt2 program has inlined) as a dense hex one: mlir-cpu-runner
// 16 cannot translate dense_resource constants to LLVM ("ElementsAttr does
// not provide iteration facilities"), and without the resource section
// the module's closing brace is the text's last.
func denseResourcesToDense(m *ir.Operation) error {
	var err error
	m.Walk(ir.PreOrder, func(o *ir.Operation) {
		for _, na := range o.Attrs() {
			r, ok := na.Value.(ir.DenseResourceAttr)
			if !ok || err != nil {
				continue
			}
			if r.Blob == nil || r.Blob.Data == nil {
				err = fmt.Errorf("%s: dense_resource without data", o.Name)
				return
			}
			d, e := ir.NewDenseRaw(r.Type, r.Blob.Data)
			if e != nil {
				err = e
				return
			}
			o.SetAttr(na.Name, d)
		}
	})
	return err
}

var numberRE = regexp.MustCompile(`-?(?:nan|inf|[0-9]+(?:\.[0-9]*)?(?:e[-+]?[0-9]+)?)`)

// denseLiteral writes a tensor's raw data as a dense attribute with its
// type, as the IR prints it: hex for large tensors, except i1, whose hex
// MLIR 16 reads as packed bits.
func denseLiteral(t ir.Type, data []byte) string {
	rt, ok := t.(ir.RankedTensorType)
	if !ok {
		return fmt.Sprintf("dense<\"0x%X\"> : %s", data, t)
	}
	d, err := ir.NewDenseRaw(rt, data)
	if err != nil {
		return fmt.Sprintf("dense<\"0x%X\"> : %s", data, t)
	}
	return d.String()
}

// entryFunc calls the function on the inputs (as dense constants) and
// prints, per result, upstream's value minus ours in f64.
func entryFunc(name string, ft ir.FunctionType, args, ours []*runtime.Tensor) string {
	var sb strings.Builder
	sb.WriteString("  func.func private @printMemrefF64(tensor<*xf64>)\n  func.func @entry() {\n")
	var names []string
	for i, a := range args {
		fmt.Fprintf(&sb, "    %%in%d = arith.constant %s\n", i, denseLiteral(ft.Inputs[i], a.Data))
		names = append(names, fmt.Sprintf("%%in%d", i))
	}
	fmt.Fprintf(&sb, "    %%r:%d = call @%s(%s) : (%s) -> (%s)\n", len(ft.Results), name, strings.Join(names, ", "),
		ir.TypeListString(ft.Inputs), ir.TypeListString(ft.Results))
	for j, rt := range ft.Results {
		t := rt.(ir.RankedTensorType)
		wide := ir.Tensor(ir.F64T, t.Shape...)
		fmt.Fprintf(&sb, "    %%ours%d = arith.constant %s\n", j, denseLiteral(rt, ours[j].Data))
		dims := make([]string, len(t.Shape))
		iters := make([]string, len(t.Shape))
		for k := range dims {
			dims[k], iters[k] = fmt.Sprintf("d%d", k), `"parallel"`
		}
		id := fmt.Sprintf("affine_map<(%s) -> (%s)>", strings.Join(dims, ", "), strings.Join(dims, ", "))
		fmt.Fprintf(&sb, "    %%e%d = tensor.empty() : %s\n", j, wide)
		fmt.Fprintf(&sb, "    %%d%d = linalg.generic {indexing_maps = [%s, %s, %s], iterator_types = [%s]} ins(%%r#%d, %%ours%d : %s, %s) outs(%%e%d : %s) {\n",
			j, id, id, id, strings.Join(iters, ", "), j, j, rt, rt, j, wide)
		fmt.Fprintf(&sb, "    ^bb0(%%a: %s, %%b: %s, %%o: f64):\n", t.Elem, t.Elem)
		switch {
		case ir.TypeEqual(t.Elem, ir.F64T):
			sb.WriteString("      %s = arith.subf %a, %b : f64\n")
		case ir.IsInteger(t.Elem):
			// Integer results (num_batches_tracked) compare exactly; f64
			// holds them exactly at the sizes the cases have.
			fmt.Fprintf(&sb, "      %%aw = arith.sitofp %%a : %s to f64\n      %%bw = arith.sitofp %%b : %s to f64\n      %%s = arith.subf %%aw, %%bw : f64\n", t.Elem, t.Elem)
		default:
			fmt.Fprintf(&sb, "      %%aw = arith.extf %%a : %s to f64\n      %%bw = arith.extf %%b : %s to f64\n      %%s = arith.subf %%aw, %%bw : f64\n", t.Elem, t.Elem)
		}
		fmt.Fprintf(&sb, "      linalg.yield %%s : f64\n    } -> %s\n", wide)
		fmt.Fprintf(&sb, "    %%u%d = tensor.cast %%d%d : %s to tensor<*xf64>\n    call @printMemrefF64(%%u%d) : (tensor<*xf64>) -> ()\n", j, j, wide, j)
	}
	sb.WriteString("    return\n  }\n")
	return sb.String()
}

func runTool(tool, stdin string, args ...string) (string, error) {
	cmd := exec.Command(tool, args...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		msg := errb.String()
		if len(msg) > 2000 {
			msg = msg[:2000]
		}
		return "", fmt.Errorf("%v: %s", err, msg)
	}
	return out.String(), nil
}
