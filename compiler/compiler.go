// Package compiler is the pipeline every tool shares: load a program (.pt2
// or MLIR text), lower it from the torch dialect to linalg on tensors, and
// plan a function for execution. `torchlower run`, the e2e suite and (next)
// `torchlower compile` call it, so they compile programs the same way.
package compiler

import (
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/torchlower/torchlower/dialect/arith"
	fn "github.com/torchlower/torchlower/dialect/func"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/dialect/math"
	"github.com/torchlower/torchlower/dialect/tensor"
	"github.com/torchlower/torchlower/importer"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/asm"
	"github.com/torchlower/torchlower/ir/pass"
	"github.com/torchlower/torchlower/ir/transform"
	"github.com/torchlower/torchlower/lowering"
	"github.com/torchlower/torchlower/plan"
	"github.com/torchlower/torchlower/preprocessing"
	"github.com/torchlower/torchlower/torch"
)

// NewContext returns a context with every dialect torchlower knows.
func NewContext() *ir.Context {
	return ir.NewContext(fn.Dialect, arith.Dialect, math.Dialect, tensor.Dialect, linalg.Dialect, torch.Dialect)
}

// Load reads a program: a .pt2 archive is imported with its parameters
// inlined as constants (so the function's arguments are the user inputs);
// anything else is parsed as MLIR text and verified.
func Load(ctx *ir.Context, path string) (*ir.Operation, error) {
	return LoadDims(ctx, path, nil)
}

// LoadDims is Load with the symbols of a .pt2 exported with dynamic
// shapes bound to sizes (importer.Options.Dims), which specializes it to
// static shapes; dims must be empty for a .mlir.
func LoadDims(ctx *ir.Context, path string, dims map[string]int64) (*ir.Operation, error) {
	if strings.HasSuffix(path, ".pt2") {
		a, err := importer.Open(path)
		if err != nil {
			return nil, err
		}
		return LoadArchive(ctx, a, dims)
	}
	if len(dims) > 0 {
		return nil, fmt.Errorf("%s: --dim binds the symbolic sizes of a .pt2 archive; a .mlir program has none", path)
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("%s: cannot read program: %w", path, err)
	}
	m, err := asm.Parse(ctx, string(src), asm.Options{FileName: path})
	if err != nil {
		return nil, err
	}
	return m, ir.Verify(m)
}

// InputDims binds the symbols of a .pt2 exported with dynamic shapes from
// the shapes of the user inputs it is to run on (nil entries unknown): a
// user input's dim that is a symbol (s0), or an affine expression of one
// (2*s0, from a derived Dim), binds it, so a dynamic program runs,
// specialized, on whatever sizes it is handed, as it does in PyTorch.
// Symbols in given keep their value (an input of another size is then a
// shape mismatch, reported where arguments are checked). Inputs that
// disagree on a symbol are an error naming both. A nil archive (a .mlir
// program), or one whose program cannot be read (its import reports that), gets given
// back unchanged. The caller opens the archive once and imports it from
// the same Archive (LoadArchive), so the run path decodes it once.
func InputDims(a *importer.Archive, shapes [][]int64, given map[string]int64) (map[string]int64, error) {
	if a == nil {
		return given, nil
	}
	path := a.Name
	exprs, err := importer.InputSizeExprs(a, "")
	if err != nil {
		return given, nil
	}
	out := map[string]int64{}
	for k, v := range given {
		out[k] = v
	}
	from := map[string]string{}
	// Bind what each dim determines; a dim whose symbols are all bound is
	// checked against them. Repeat while a pass binds something, so a
	// dim of two symbols is checked once both are known.
	for progress := true; progress; {
		progress = false
		for i, shape := range shapes {
			if i >= len(exprs) || shape == nil || len(shape) != len(exprs[i]) {
				continue
			}
			for d, e := range exprs[i] {
				if e == "" {
					continue
				}
				where := fmt.Sprintf("input %d dim %d", i, d)
				if v, ok := importer.EvalSize(e, out); ok {
					if v != shape[d] && !fixedBy(e, given) {
						return nil, fmt.Errorf("%s: %s is %d, but the program says it is %d (%s)", path, where, shape[d], v, bindingSource(e, from))
					}
					continue
				}
				sym, v, ok, impossible := importer.SolveSize(e, out, shape[d])
				switch {
				case ok:
					out[sym], from[sym] = v, where
					progress = true
				case impossible:
					return nil, fmt.Errorf("%s: %s is %d, but the program's size there is %s, which no integer %s gives",
						path, where, shape[d], e, sym)
				}
			}
		}
	}
	if len(out) == 0 {
		return nil, nil
	}
	return out, nil
}

// InputDimsOf is InputDims for a program by path: a .pt2 is opened for it
// (the e2e backends compile by path; run keeps its opened Archive).
func InputDimsOf(path string, shapes [][]int64, given map[string]int64) (map[string]int64, error) {
	if !strings.HasSuffix(path, ".pt2") {
		return given, nil
	}
	a, err := importer.Open(path)
	if err != nil {
		return given, nil // the import reports it
	}
	return InputDims(a, shapes, given)
}

// fixedBy reports whether expr uses a symbol the caller bound (--dim): an
// input that disagrees with it is then a shape mismatch for the argument
// checks to report.
func fixedBy(expr string, given map[string]int64) bool {
	for _, n := range importer.SizeSymbols(expr) {
		if _, ok := given[n]; ok {
			return true
		}
	}
	return false
}

// bindingSource names where the symbols of expr were bound from.
func bindingSource(expr string, from map[string]string) string {
	var parts []string
	for _, n := range importer.SizeSymbols(expr) {
		if w, ok := from[n]; ok && !slices.Contains(parts, n+" from "+w) {
			parts = append(parts, n+" from "+w)
		}
	}
	return strings.Join(parts, ", ")
}

// LoadArchive imports an opened .pt2 as LoadDims does: parameters inlined,
// symbols bound by dims.
func LoadArchive(ctx *ir.Context, a *importer.Archive, dims map[string]int64) (*ir.Operation, error) {
	m, _, err := importer.Import(ctx, a, importer.Options{Params: "inline", FuncName: "main", Dims: dims})
	return m, err
}

// HasTorchOps reports whether m still holds torch dialect ops.
func HasTorchOps(m *ir.Operation) bool {
	found := false
	m.Walk(ir.PreOrder, func(o *ir.Operation) {
		found = found || strings.HasPrefix(o.Name, "torch.")
	})
	return found
}

// Lower runs torch-decompose-composite-ops and convert-torch-to-linalg on
// m when it holds torch ops, with verification after each pass.
func Lower(ctx *ir.Context, m *ir.Operation) error {
	if !HasTorchOps(m) {
		return nil
	}
	pl := &pass.Pipeline{Entries: []pass.Entry{
		{Pass: lowering.DecomposeCompositeOps, Options: pass.DefaultOptions(lowering.DecomposeCompositeOps)},
		{Pass: lowering.ConvertTorchToLinalg, Options: pass.DefaultOptions(lowering.ConvertTorchToLinalg)},
	}}
	pm := &pass.Manager{IR: ctx, Pipeline: pl, VerifyEach: true}
	return pm.Run(m)
}

// Pipelines are the linalg-level pipelines run after lowering, by the
// name tools accept (--pipeline): "default" runs backward-data-conv (the
// rewrites that keep a strided backward-data convolution from multiplying
// scattered zeros), "baseline" does not, as a reference to compare with.
// Both end in fuse-elementwise-ops (dispatch formation: elementwise
// chains become one generic), which is orthogonal to the conv rewrites,
// so baseline vs default measures backward-data-conv alone; it runs after
// them because the swap follows separate extf/truncf generics. On the
// CPU it also fuses a producer into the plain sum that alone reads it (a
// batch norm gradient's Σ dy·(x − mean), which the CPU runs as a
// deviation contraction without writing the products). Before it, on the
// CPU, fold-transposes-into-contractions makes a matmul read a permuted
// weight (a Linear's W.t(), its backward's permute(permute(W)) and
// gradᵀ) where it lies instead of from a transposed copy (the GPUs keep
// their own operand layouts: reduction-last-operands). Then
// fp-contract lets every f32 contraction's multiply-add run fused (one
// rounding, as PyTorch's and IREE's kernels accumulate), in both, last
// so that it sees the contractions the others leave. Each has an
// "-unfused" twin without it (PipelineText), where every product and
// every sum is rounded on its own (arith's semantics without the flag,
// what upstream's mlir-cpu-runner computes).
var Pipelines = map[string]string{
	"default":  "backward-data-conv,fold-transposes-into-contractions,fuse-elementwise-ops{fuse-into-sums=true},fp-contract",
	"baseline": "fold-transposes-into-contractions,fuse-elementwise-ops{fuse-into-sums=true},fp-contract",
}

// unfused is the suffix of a pipeline's name that leaves out its final
// fp-contract.
const unfused = "-unfused"

// PipelineText is the text of the pipeline named name ("" means
// default) for target: one of PipelinesFor(target), or, with the suffix
// "-unfused", one of them without its final fp-contract.
func PipelineText(name string, target Target) (string, bool) {
	if name == "" {
		name = "default"
	}
	base, drop := strings.CutSuffix(name, unfused)
	text, ok := PipelinesFor(target)[base]
	if drop {
		text, ok = strings.CutSuffix(text, ",fp-contract")
	}
	return text, ok
}

// Target is what a program is compiled for: the pipelines differ by it
// (PipelinesFor).
type Target uint8

const (
	CPU  Target = iota
	CUDA        // NVIDIA GPUs
	HIP         // AMD GPUs
)

// TargetFor is the target of a device kind: "cuda", "hip", else the CPU.
func TargetFor(device string) Target {
	switch device {
	case "cuda":
		return CUDA
	case "hip":
		return HIP
	}
	return CPU
}

// GPUPipelines are Pipelines as the GPUs run them. Default's rewrites
// leave dy in its own layout (backward-data-conv-gpu: the GPU kernels
// stage along W, which NCHW keeps contiguous). On NVIDIA both end in
// reduction-last-operands, which transposes the f16/bf16 factors of a
// tensor-core contraction whose K can become their innermost, contiguous
// run (the layout mma.go stages in 16-byte loads), and cse (a factor read
// by several contractions is transposed once); AMD's matrix-core body
// stages by rows and keeps the factors as they are. Baseline gets the
// same layout passes, so that baseline vs default still measures the conv
// rewrites alone. Results are the CPU pipelines' bits (the passes' tests,
// compiler's TestGPUPipelinesGiveCPUBits).
var GPUPipelines = map[Target]map[string]string{
	CUDA: {
		"default":  "backward-data-conv-gpu,fuse-elementwise-ops,reduction-last-operands,cse,fp-contract",
		"baseline": "fuse-elementwise-ops,reduction-last-operands,cse,fp-contract",
	},
	HIP: {
		"default":  "backward-data-conv-gpu,fuse-elementwise-ops,fp-contract",
		"baseline": "fuse-elementwise-ops,fp-contract",
	},
}

// PipelinesFor is the pipelines of target by name: Pipelines for the
// CPU, GPUPipelines' for a GPU.
func PipelinesFor(target Target) map[string]string {
	if p, ok := GPUPipelines[target]; ok {
		return p
	}
	return Pipelines
}

// Preprocess runs the named pipeline (see Pipelines; "" means default) on
// lowered linalg IR, for the CPU.
func Preprocess(ctx *ir.Context, m *ir.Operation, pipeline string) error {
	return PreprocessFor(ctx, m, pipeline, CPU)
}

// PreprocessFor is Preprocess for target: the pipeline of PipelinesFor
// by that name.
func PreprocessFor(ctx *ir.Context, m *ir.Operation, pipeline string, target Target) error {
	text, ok := PipelineText(pipeline, target)
	if !ok {
		return fmt.Errorf("unknown pipeline %q (want default, baseline, default-unfused or baseline-unfused)", pipeline)
	}
	return PreprocessText(ctx, m, text)
}

// PreprocessText runs a pipeline given as text, in mlir-opt's syntax
// (the passes of transform and preprocessing, their options and the
// named pipelines), on lowered linalg IR; "" runs nothing.
func PreprocessText(ctx *ir.Context, m *ir.Operation, text string) error {
	if text == "" {
		return nil
	}
	r := pass.NewRegistry(append(transform.Passes(), preprocessing.Passes()...)...)
	preprocessing.AddPipelines(r)
	pl, err := r.Parse(text)
	if err != nil {
		return err
	}
	pm := &pass.Manager{IR: ctx, Pipeline: pl, VerifyEach: true}
	return pm.Run(m)
}

// Compile loads path, lowers it, runs the default preprocessing pipeline
// and plans function.
func Compile(path, function string) (*plan.Plan, error) {
	return CompileWith(path, function, "default")
}

// CompileWith is Compile with a named preprocessing pipeline.
func CompileWith(path, function, pipeline string) (*plan.Plan, error) {
	return CompileDims(path, function, pipeline, nil)
}

// CompileDims is CompileWith with a .pt2's symbolic sizes bound (LoadDims).
func CompileDims(path, function, pipeline string, dims map[string]int64) (*plan.Plan, error) {
	return CompileFor(path, function, pipeline, dims, CPU)
}

// CompileFor is CompileDims for target (PreprocessFor).
func CompileFor(path, function, pipeline string, dims map[string]int64, target Target) (*plan.Plan, error) {
	ctx := NewContext()
	m, err := LoadDims(ctx, path, dims)
	if err != nil {
		return nil, err
	}
	if err := Lower(ctx, m); err != nil {
		return nil, err
	}
	if err := PreprocessFor(ctx, m, pipeline, target); err != nil {
		return nil, err
	}
	return plan.Build(m, function)
}
