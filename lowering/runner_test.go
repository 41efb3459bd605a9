package lowering

import (
	"bytes"
	"fmt"
	"github.com/torchlower/torchlower/internal/convcase"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/torchlower/torchlower/internal/irtest"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/asm"
	"github.com/torchlower/torchlower/ir/pass"
)

// TestRunnerConv is the numerical proof of the convolution_backward (and
// forward convolution) lowering against an oracle no one here wrote: for
// every configuration in testdata/runner (written by
// e2e/gen/convbwd_refs.py with PyTorch 1.13's
// torch.ops.aten.convolution_backward / convolution), it builds the torch-dialect
// function, lowers it with convert-torch-to-linalg, adds a main that calls
// it on the recorded inputs and subtracts the recorded results inside MLIR,
// lowers that with upstream mlir-opt to LLVM, runs it with mlir-cpu-runner
// and checks the printed differences.
//
// Printing the differences rather than the results keeps full precision:
// printMemref prints 6 significant digits of each difference itself.
//
// Tolerances, per element, |ours − PyTorch| ≤ atol + rtol·|PyTorch|:
//   - f32: inputs are in [−1, 1) and every reduction has at most ~300 terms
//     (F/G·ΠK for dx, N·ΠHo for dw), so two summation orders differ by at
//     most about 300 · 2^−24 · 300 < 1e−2 in the very worst case and by
//     ~sqrt(300) · 2^−24 ≈ 1e−6 typically; atol = rtol = 1e−4 keeps a wide
//     margin while any indexing mistake (an O(1) error) still fails.
//   - f64: the same argument with 2^−53 gives atol = rtol = 1e−10.
//   - f16 / bf16: both sides accumulate in f32 and round once to the
//     dtype, so they may differ by one ulp of the dtype: rtol = 2^−10 ·2
//     (f16) and 2^−7 ·2 (bf16), plus an atol of the same size for results
//     near zero.
func TestRunnerConv(t *testing.T) {
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
	files, err := filepath.Glob("testdata/runner/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no runner cases in testdata/runner (regenerate with e2e/gen/convbwd_refs.py): %v", err)
	}
	// Run the cases on every core: each is one mlir-opt and one
	// mlir-cpu-runner process, so the test's time is mostly theirs.
	sem := make(chan struct{}, runtime.NumCPU())
	var wg sync.WaitGroup
	type result struct {
		name string
		msg  string
		max  float64
		skip string
	}
	results := make([]result, len(files))
	for i, f := range files {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			c, err := loadRunnerCase(f)
			if err != nil {
				results[i] = result{name: f, msg: err.Error()}
				return
			}
			worst, skip, err := c.run()
			results[i] = result{name: c.Name, max: worst, skip: skip}
			if err != nil {
				results[i].msg = err.Error()
			}
		}()
	}
	wg.Wait()
	for _, r := range results {
		t.Run(r.name, func(t *testing.T) {
			if r.skip != "" {
				t.Skip(r.skip)
			}
			if r.msg != "" {
				t.Fatal(r.msg)
			}
			t.Logf("max |ours - pytorch| / (atol + rtol|pytorch|) = %.3g", r.max)
		})
	}
}

const (
	mlirOpt       = irtest.MLIROptPath
	mlirCPURunner = "/usr/lib/llvm-16/bin/mlir-cpu-runner"
)

// runnerLibs are the runtime libraries of Debian's libmlir-16 (it ships
// only the versioned names).
var runnerLibs = []string{
	"/usr/lib/llvm-16/lib/libmlir_c_runner_utils.so.16",
	"/usr/lib/llvm-16/lib/libmlir_runner_utils.so.16",
}

// upstreamPipeline lowers linalg on tensors to the LLVM dialect with MLIR
// 16's passes (16 still calls them convert-memref-to-llvm and needs
// allow-return-allocs and empty-tensor-to-alloc-tensor).
var upstreamPipeline = []string{
	"--empty-tensor-to-alloc-tensor",
	"--one-shot-bufferize=bufferize-function-boundaries allow-return-allocs",
	"--convert-linalg-to-loops",
	"--convert-scf-to-cf",
	"--expand-strided-metadata",
	"--lower-affine",
	"--convert-memref-to-llvm",
	"--convert-math-to-llvm",
	"--convert-arith-to-llvm",
	"--convert-func-to-llvm",
	"--reconcile-unrealized-casts",
}

// runnerCase is one configuration of testdata/runner (internal/convcase
// reads them for every package that runs them); the methods below build
// the upstream-runner program, with dynamic batch dims where the case has
// them.
type runnerCase struct{ *convcase.Case }

func loadRunnerCase(path string) (*runnerCase, error) {
	c, err := convcase.Load(path)
	if err != nil {
		return nil, err
	}
	return &runnerCase{c}, nil
}

// wide is the type the differences are computed and printed in.
func (c *runnerCase) wide() string {
	if c.Dtype == "f64" {
		return "f64"
	}
	return "f32"
}

// hasBatch reports whether an operand's dim 0 is the batch.
func hasBatch(name string) bool { return name == "grad_output" || name == "input" }

// torchFunc writes the case as the torch dialect an importer produces: one
// convolution_backward whose masked results are !torch.none, returning the
// computed ones.
func (c *runnerCase) torchFunc() string {
	var sb strings.Builder
	dyn := func(shape []int64, batch bool) []int64 {
		s := append([]int64(nil), shape...)
		if batch && c.DynamicBatch {
			s[0] = ir.Dynamic
		}
		return s
	}
	vt := func(shape []int64) string {
		parts := make([]string, len(shape))
		for i, d := range shape {
			parts[i] = ir.DimString(d)
		}
		return "!torch.vtensor<[" + strings.Join(parts, ",") + "]," + c.Dtype + ">"
	}
	var argTypes, argDecls []string
	for i, name := range c.Operands() {
		argTypes = append(argTypes, vt(dyn(c.Shapes[name], hasBatch(name))))
		argDecls = append(argDecls, fmt.Sprintf("%%a%d: %s", i, argTypes[i]))
	}
	var resTypes, retTypes, retVals []string
	for i, m := range c.OutputMask {
		if !m {
			resTypes = append(resTypes, "!torch.none")
			continue
		}
		t := vt(dyn(c.OutputShapes[i], i == 0))
		resTypes = append(resTypes, t)
		retTypes = append(retTypes, t)
		retVals = append(retVals, fmt.Sprintf("%%r#%d", i))
	}
	fmt.Fprintf(&sb, "func.func @conv(%s) -> (%s) {\n", strings.Join(argDecls, ", "), strings.Join(retTypes, ", "))
	list := func(name string, vs []int64) {
		var elems, types []string
		for j, v := range vs {
			fmt.Fprintf(&sb, "  %%%s_%d = torch.constant.int %d\n", name, j, v)
			elems = append(elems, fmt.Sprintf("%%%s_%d", name, j))
			types = append(types, "!torch.int")
		}
		fmt.Fprintf(&sb, "  %%%s = torch.prim.ListConstruct %s : (%s) -> !torch.list<int>\n", name, strings.Join(elems, ", "), strings.Join(types, ", "))
	}
	if c.Op == "convolution" {
		return c.torchForward(&sb, list, argTypes, retTypes)
	}
	if c.Bias {
		list("bias_sizes", []int64{c.OutputShapes[2][0]})
	} else {
		sb.WriteString("  %bias_sizes = torch.constant.none\n")
	}
	list("stride", c.Stride)
	list("padding", c.Padding)
	list("dilation", c.Dilation)
	list("output_padding", c.OutputPadding)
	fmt.Fprintf(&sb, "  %%transposed = torch.constant.bool %v\n", c.Transposed)
	fmt.Fprintf(&sb, "  %%groups = torch.constant.int %d\n", c.Groups)
	for j, m := range c.OutputMask {
		fmt.Fprintf(&sb, "  %%m%d = torch.constant.bool %v\n", j, m)
	}
	sb.WriteString("  %mask = torch.prim.ListConstruct %m0, %m1, %m2 : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>\n")
	biasType := "!torch.list<int>"
	if !c.Bias {
		biasType = "!torch.none"
	}
	fmt.Fprintf(&sb, "  %%r:3 = torch.aten.convolution_backward %%a0, %%a1, %%a2, %%bias_sizes, %%stride, %%padding, %%dilation, %%transposed, %%output_padding, %%groups, %%mask : %s, %s, %s, %s, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> %s\n",
		argTypes[0], argTypes[1], argTypes[2], biasType, strings.Join(resTypes, ", "))
	fmt.Fprintf(&sb, "  return %s : %s\n}\n", strings.Join(retVals, ", "), strings.Join(retTypes, ", "))
	return sb.String()
}

// torchForward finishes torchFunc for aten.convolution.
func (c *runnerCase) torchForward(sb *strings.Builder, list func(string, []int64), argTypes, retTypes []string) string {
	list("stride", c.Stride)
	list("padding", c.Padding)
	list("dilation", c.Dilation)
	list("output_padding", c.OutputPadding)
	fmt.Fprintf(sb, "  %%transposed = torch.constant.bool %v\n", c.Transposed)
	fmt.Fprintf(sb, "  %%groups = torch.constant.int %d\n", c.Groups)
	bias, biasType := "%none", "!torch.none"
	if c.Bias {
		bias, biasType = "%a2", argTypes[2]
	} else {
		sb.WriteString("  %none = torch.constant.none\n")
	}
	fmt.Fprintf(sb, "  %%r = torch.aten.convolution %%a0, %%a1, %s, %%stride, %%padding, %%dilation, %%transposed, %%output_padding, %%groups : %s, %s, %s, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int -> %s\n",
		bias, argTypes[0], argTypes[1], biasType, retTypes[0])
	fmt.Fprintf(sb, "  return %%r : %s\n}\n", retTypes[0])
	return sb.String()
}

// lower runs convert-torch-to-linalg on the torch function and returns the
// printed module.
func (c *runnerCase) lower() (string, error) {
	ctx := newContext()
	m, err := asm.Parse(ctx, c.torchFunc(), asm.Options{FileName: c.Name + ".mlir"})
	if err != nil {
		return "", fmt.Errorf("parse: %v\n%s", err, c.torchFunc())
	}
	if err := ir.Verify(m); err != nil {
		return "", fmt.Errorf("verify: %v\n%s", err, c.torchFunc())
	}
	pl := torchToLinalgPipeline()
	pm := &pass.Manager{IR: ctx, Pipeline: pl, VerifyEach: true}
	if err := pm.Run(m); err != nil {
		return "", fmt.Errorf("lowering: %v", err)
	}
	return ir.Sprint(m, ir.PrintOptions{}), nil
}

func tensorTypeText(shape []int64, elem string) string {
	parts := make([]string, len(shape))
	for i, d := range shape {
		parts[i] = ir.DimString(d)
	}
	return "tensor<" + strings.Join(append(parts, elem), "x") + ">"
}

// dense prints vs as a nested dense literal of shape.
func dense(vs []float64, shape []int64) string {
	var sb strings.Builder
	var rec func(dim int, off int)
	stride := func(dim int) int {
		s := 1
		for _, d := range shape[dim+1:] {
			s *= int(d)
		}
		return s
	}
	rec = func(dim, off int) {
		if dim == len(shape) {
			// MLIR's lexer wants a '.' in a float with an exponent.
			f := strconv.FormatFloat(vs[off], 'e', -1, 64)
			if !strings.Contains(f, ".") {
				f = strings.Replace(f, "e", ".0e", 1)
			}
			sb.WriteString(f)
			return
		}
		sb.WriteByte('[')
		st := stride(dim)
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

// mainFunc calls @conv_bwd on the recorded inputs and prints, for each
// computed result, result − expected in the wide type.
func (c *runnerCase) mainFunc() string {
	var sb strings.Builder
	w := c.wide()
	sb.WriteString("func.func private @printMemrefF32(tensor<*xf32>)\nfunc.func private @printMemrefF64(tensor<*xf64>)\n")
	sb.WriteString("func.func @main() {\n")
	var args, argTypes []string
	for i, name := range c.Operands() {
		shape := c.Shapes[name]
		st := tensorTypeText(shape, c.Dtype)
		fmt.Fprintf(&sb, "  %%in%d = arith.constant %s : %s\n", i, dense(c.Inputs[name], shape), st)
		arg := fmt.Sprintf("%%in%d", i)
		if c.DynamicBatch && hasBatch(name) {
			dshape := append([]int64{ir.Dynamic}, shape[1:]...)
			dt := tensorTypeText(dshape, c.Dtype)
			fmt.Fprintf(&sb, "  %%din%d = tensor.cast %%in%d : %s to %s\n", i, i, st, dt)
			arg, st = fmt.Sprintf("%%din%d", i), dt
		}
		args = append(args, arg)
		argTypes = append(argTypes, st)
	}
	var resTypes []string
	var resIdx []int
	for i, m := range c.OutputMask {
		if !m {
			continue
		}
		shape := c.OutputShapes[i]
		if c.DynamicBatch && i == 0 {
			shape = append([]int64{ir.Dynamic}, shape[1:]...)
		}
		resTypes = append(resTypes, tensorTypeText(shape, c.Dtype))
		resIdx = append(resIdx, i)
	}
	fmt.Fprintf(&sb, "  %%res:%d = call @conv(%s) : (%s) -> (%s)\n", len(resTypes), strings.Join(args, ", "), strings.Join(argTypes, ", "), strings.Join(resTypes, ", "))
	for j, i := range resIdx {
		shape := c.OutputShapes[i]
		st := tensorTypeText(shape, c.Dtype)
		got := fmt.Sprintf("%%res#%d", j)
		if resTypes[j] != st {
			fmt.Fprintf(&sb, "  %%s%d = tensor.cast %s : %s to %s\n", j, got, resTypes[j], st)
			got = fmt.Sprintf("%%s%d", j)
		}
		wt := tensorTypeText(shape, w)
		fmt.Fprintf(&sb, "  %%exp%d = arith.constant %s : %s\n", j, dense(c.Outputs[i], shape), wt)
		dims := make([]string, len(shape))
		iters := make([]string, len(shape))
		for k := range dims {
			dims[k] = fmt.Sprintf("d%d", k)
			iters[k] = `"parallel"`
		}
		id := fmt.Sprintf("affine_map<(%s) -> (%s)>", strings.Join(dims, ", "), strings.Join(dims, ", "))
		fmt.Fprintf(&sb, "  %%diff%d = linalg.generic {indexing_maps = [%s, %s, %s], iterator_types = [%s]} ins(%s, %%exp%d : %s, %s) outs(%%exp%d : %s) {\n",
			j, id, id, id, strings.Join(iters, ", "), got, j, st, wt, j, wt)
		fmt.Fprintf(&sb, "  ^bb0(%%a: %s, %%b: %s, %%o: %s):\n", c.Dtype, w, w)
		a := "%a"
		if c.Dtype != w {
			fmt.Fprintf(&sb, "    %%ae = arith.extf %%a : %s to %s\n", c.Dtype, w)
			a = "%ae"
		}
		fmt.Fprintf(&sb, "    %%d = arith.subf %s, %%b : %s\n    linalg.yield %%d : %s\n  } -> %s\n", a, w, w, wt)
		fmt.Fprintf(&sb, "  %%u%d = tensor.cast %%diff%d : %s to tensor<*x%s>\n", j, j, wt, w)
		fmt.Fprintf(&sb, "  call @printMemref%s(%%u%d) : (tensor<*x%s>) -> ()\n", strings.ToUpper(w), j, w)
	}
	sb.WriteString("  return\n}\n")
	return sb.String()
}

var numberRE = regexp.MustCompile(`-?(?:nan|inf|[0-9]+(?:\.[0-9]*)?(?:e[-+]?[0-9]+)?)`)

// run executes the case and returns the worst error in units of the
// tolerance (≤ 1 passes), or a reason to skip.
func (c *runnerCase) run() (float64, string, error) {
	lowered, err := c.lower()
	if err != nil {
		return 0, "", err
	}
	// Splice main into the lowered module, before its closing brace.
	end := strings.LastIndex(lowered, "}")
	if end < 0 {
		return 0, "", fmt.Errorf("unexpected printed module:\n%s", lowered)
	}
	src := lowered[:end] + c.mainFunc() + "}\n"
	llvm, err := runTool(mlirOpt, src, upstreamPipeline...)
	if err != nil {
		if c.Dtype == "f16" || c.Dtype == "bf16" {
			return 0, fmt.Sprintf("MLIR 16 cannot lower %s to LLVM here: %v", c.Dtype, firstLine(err.Error())), nil
		}
		return 0, "", fmt.Errorf("mlir-opt: %v (input saved as %s)", firstLines(err.Error(), 3), saveInput(c.Name, src))
	}
	out, err := runTool(mlirCPURunner, llvm, "-e", "main", "-entry-point-result=void", "-shared-libs="+strings.Join(runnerLibs, ","))
	if err != nil {
		if c.Dtype == "f16" || c.Dtype == "bf16" {
			return 0, fmt.Sprintf("mlir-cpu-runner cannot run %s here: %v", c.Dtype, firstLine(err.Error())), nil
		}
		return 0, "", fmt.Errorf("mlir-cpu-runner: %v (input saved as %s)", firstLines(err.Error(), 3), saveInput(c.Name, src))
	}
	blocks := strings.Split(out, "Unranked Memref")[1:]
	atol, rtol := c.Tolerance()
	worst := 0.0
	j := 0
	for i, m := range c.OutputMask {
		if !m {
			continue
		}
		if j >= len(blocks) {
			return 0, "", fmt.Errorf("runner printed %d results, want more:\n%s", len(blocks), out)
		}
		_, data, ok := strings.Cut(blocks[j], "data =")
		j++
		if !ok {
			return 0, "", fmt.Errorf("unexpected runner output:\n%s", out)
		}
		diffs := numberRE.FindAllString(data, -1)
		exp := c.Outputs[i]
		if len(diffs) != len(exp) {
			return 0, "", fmt.Errorf("result %d: runner printed %d values, want %d", i, len(diffs), len(exp))
		}
		for k, s := range diffs {
			d, err := strconv.ParseFloat(s, 64)
			if err != nil || math.IsNaN(d) {
				return 0, "", fmt.Errorf("result %d element %d: difference %q", i, k, s)
			}
			e := math.Abs(d) / (atol + rtol*math.Abs(exp[k]))
			if e > worst {
				worst = e
			}
			if e > 1 {
				return worst, "", fmt.Errorf("result %d (%s) element %d: ours − pytorch = %g, pytorch = %g, beyond atol %g + rtol %g",
					i, c.resultName(i), k, d, exp[k], atol, rtol)
			}
		}
	}
	return worst, "", nil
}

// saveInput keeps a failing runner input for inspection.
func saveInput(name, src string) string {
	f, err := os.CreateTemp("", "convbwd-"+name+"-*.mlir")
	if err != nil {
		return "<not saved>"
	}
	defer f.Close()
	f.WriteString(src)
	return f.Name()
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(strings.TrimSpace(s), "\n", n+1)
	if len(lines) > n {
		lines = append(lines[:n], "...")
	}
	return strings.Join(lines, "\n")
}

func (c *runnerCase) resultName(i int) string {
	if c.Op == "convolution" {
		return "output"
	}
	return []string{"grad_input", "grad_weight", "grad_bias"}[i]
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + " ..."
	}
	return s
}

func runTool(tool, stdin string, args ...string) (string, error) {
	cmd := exec.Command(tool, args...)
	cmd.Stdin = strings.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		msg := stderr.String()
		if len(msg) > 4000 {
			msg = msg[:4000] + "..."
		}
		return "", fmt.Errorf("%v: %s", err, msg)
	}
	return stdout.String(), nil
}
