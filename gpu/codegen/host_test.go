package codegen_test

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/torchlower/torchlower/compiler"
	"github.com/torchlower/torchlower/cpu"
	"github.com/torchlower/torchlower/e2e"
	"github.com/torchlower/torchlower/gpu/codegen"
	"github.com/torchlower/torchlower/internal/hostgpu"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/asm"
	"github.com/torchlower/torchlower/plan"
	"github.com/torchlower/torchlower/runtime"
)

// hostDriver is main(): it reads the arguments and constants from stdin
// in plan order, runs the kernels in step order and writes the results
// and the error word to stdout.
//
// Every buffer is 64-byte aligned, as the GPU's allocations are (at
// least): the kernels' 16-byte accesses check their alignment here. With
// exact, each buffer is its own allocation of exactly its size (not a
// window of one arena), so that the address sanitizer reports an access
// past the end of any of them.
func hostDriver(p *plan.Plan, m *codegen.Module, exact bool) (string, error) {
	var sb strings.Builder
	sb.WriteString("\nstatic void rd(void* p, long long n) { if (n && fread(p, 1, n, stdin) != (size_t)n) { fprintf(stderr, \"short input\\n\"); exit(3); } }\n")
	// Device memory starts as whatever it held: every buffer a kernel
	// writes starts as 0xff bytes (NaN in every float type), so that a
	// kernel that reads an element before any step wrote it, or leaves
	// one unwritten, shows.
	sb.WriteString("static char* buf(long long n) { void* p = 0; if (posix_memalign(&p, 64, n ? n : 1)) exit(4); memset(p, 0xff, n); return (char*)p; }\n")
	sb.WriteString("int main() {\n")
	size := func(b *plan.Buffer) int64 {
		if exact {
			return b.Bytes()
		}
		return (b.Bytes() + 8 + 63) / 64 * 64
	}
	name := map[*plan.Buffer]string{}
	for i, b := range p.Args {
		fmt.Fprintf(&sb, "  char* arg%d = buf(%d); rd(arg%d, %d);\n", i, size(b), i, b.Bytes())
		name[b] = fmt.Sprintf("arg%d", i)
	}
	if !exact {
		fmt.Fprintf(&sb, "  char* arena = buf(%d);\n", (p.ArenaBytes/64+1)*64)
	}
	for _, b := range p.Buffers {
		switch b.Kind {
		case plan.Constant, plan.Temporary:
			name[b] = fmt.Sprintf("(arena + %d)", b.Offset)
			if exact {
				fmt.Fprintf(&sb, "  char* tmp%d = buf(%d);\n", b.ID, b.Bytes())
				name[b] = fmt.Sprintf("tmp%d", b.ID)
			}
		case plan.Result:
			fmt.Fprintf(&sb, "  char* res%d = buf(%d);\n", b.Index, size(b))
			name[b] = fmt.Sprintf("res%d", b.Index)
		}
	}
	fmt.Fprintf(&sb, "  i64 sc[%d] = {0}; int err[2] = {0, 0};\n", len(p.Scalars)+1)
	// The scratch memory of the kernels that split K, zero as the GPU
	// runtime hands it over.
	var scratch int64
	for _, k := range m.Steps {
		if k != nil {
			scratch = max(scratch, k.Scratch)
		}
	}
	fmt.Fprintf(&sb, "  char* scratch = buf(%d); memset(scratch, 0, %d);\n", scratch, scratch)
	for i, s := range p.Steps {
		if s.Kind == plan.StepConstant {
			fmt.Fprintf(&sb, "  rd(%s, %d);\n", name[s.Outputs[0].Buf], s.Outputs[0].Buf.Bytes())
			continue
		}
		k := m.Steps[i]
		if k == nil {
			continue
		}
		var args []string
		for _, prm := range k.Params {
			switch prm.Kind {
			case codegen.ParamBuffer:
				ct, err := codegen.StorageType(prm.Buffer.Elem)
				if err != nil {
					return "", err
				}
				args = append(args, fmt.Sprintf("(%s*)%s", ct, name[prm.Buffer]))
			case codegen.ParamScalars:
				args = append(args, "sc")
			case codegen.ParamError:
				args = append(args, "err")
			case codegen.ParamScratch:
				args = append(args, "scratch")
			}
		}
		// One thread runs a grid-stride kernel's whole grid; a kernel
		// that synchronizes gets real blocks (two, to exercise its
		// block-stride loop). A launch of several kernels gets its whole
		// grid (a thread a block, unless a member synchronizes), each
		// member its share of the blocks as a grid of its own, last block
		// first: a member that read what a member dealt earlier writes
		// would mostly read it unwritten (0xff bytes, NaN) or stale here.
		// (Not always: within a round the members run in reverse, the
		// last dealt first. TestHorizontalFusion checks the analysis.)
		grid, block, reversed := 1, 1, false
		switch {
		case k.Group != nil:
			grid, reversed = k.Grid, true
			if k.Sync {
				block = k.Block
			}
		case k.Sync:
			grid, block = min(2, k.Grid), k.Block
		}
		fmt.Fprintf(&sb, "  tl_launch(%d, %d, %v, [&] { %s(%s); });\n", grid, block, reversed, k.Name, strings.Join(args, ", "))
	}
	sb.WriteString("  fwrite(err, 4, 2, stdout);\n")
	for _, b := range p.Results {
		if b != nil {
			fmt.Fprintf(&sb, "  fwrite(res%d, 1, %d, stdout);\n", b.Index, b.Bytes())
		}
	}
	sb.WriteString("  return 0;\n}\n")
	return sb.String(), nil
}

// constantBytes is a constant step's data expanded to its buffer.
func constantBytes(s *plan.Step) []byte {
	n := s.Outputs[0].Buf.Bytes()
	var raw []byte
	switch x := s.Value.(type) {
	case *ir.DenseElementsAttr:
		raw = x.Raw()
	case ir.DenseResourceAttr:
		raw = x.Blob.Data
	}
	out := make([]byte, n)
	for o := int64(0); len(raw) > 0 && o < n; o += int64(len(raw)) {
		copy(out[o:], raw)
	}
	return out
}

// TestHostEmulationMatchesCPU compiles the generated kernels of the test
// programs and a sample of the e2e suite with the host C++ compiler (one
// thread runs each kernel's grid-stride loop) and compares every result
// with the CPU backend's: the kernels' index arithmetic, accumulation
// order, conversions and roundings are checked without a GPU. f32, f64
// and integer results must be bit-identical (the same operations in the
// same order, no contraction); results of bodies calling transcendental
// functions get the dtype's tolerance. Skips without g++.
func TestHostEmulationMatchesCPU(t *testing.T) {
	cxx, err := exec.LookPath("g++")
	if err != nil {
		t.Skip("g++ not found: the host emulation of the kernels is not checked")
	}
	// Every narrow contraction takes several rows a thread here (two or
	// four), the last block's cut short (TestHostMMAMatchesCPU and
	// TestHostSanitizers run them a row a thread).
	defer codegen.SetNarrowFill(1)()
	var plans []namedPlanInternal
	plans = append(plans, testdataPlansInternal(t)...)
	plans = append(plans, e2eSample(t, 8, "default", "baseline")...)
	// The sample must reach every kernel form: block reductions, tiled
	// contractions that start from zero (plan.ZeroOnEntry) and that read
	// their output first, narrow contractions, and fused epilogues (one
	// in a tiled kernel).
	var syncPlans, tiled, tiledZero, narrow, fusedEpi, fusedTiled, forwarded, transposes, scatters int
	for _, np := range plans {
		m, err := codegen.Generate(np.p)
		if err != nil {
			continue
		}
		if slices.ContainsFunc(m.Kernels, func(k *codegen.Kernel) bool { return k.Sync }) {
			syncPlans++
		}
		for _, k := range m.Kernels {
			// A launch names each of its kernels' forms.
			scatters += strings.Count(k.Form, codegen.FormScatter)
			if strings.Contains(k.Source, " tt[") {
				transposes++
			}
			if regexp.MustCompile(` ra\[[24]\];`).MatchString(k.Source) {
				narrow++
			}
			isTiled := strings.Contains(k.Source, "__shared__") && strings.Contains(k.Source, " sb[")
			if isTiled {
				tiled++
				if strings.Contains(k.Source, "for (int j = 0; j < 4; ++j) acc[i][j] = 0;") {
					tiledZero++
				}
			}
			if strings.Contains(k.Source, "// epilogue: the next step, fused") {
				fusedEpi++
				if isTiled {
					fusedTiled++
				}
				if strings.Contains(k.Source, "the output in registers, not stored") {
					forwarded++
				}
			}
		}
	}
	if syncPlans == 0 {
		t.Error("no plan of the sample has a block-reduction kernel: that path is not checked")
	}
	if tiled < 4 || tiledZero < 3 || tiled-tiledZero < 1 {
		t.Errorf("%d tiled contractions in the sample, %d of them starting from zero; want contractProgram's 4, 3 from zero", tiled, tiledZero)
	}
	if narrow < 3 {
		t.Errorf("%d narrow contractions of several rows a thread in the sample, want at least narrow.mlir's 3", narrow)
	}
	if scatters < 7 {
		t.Errorf("%d scatter kernels in the sample, want at least scatter.mlir's 7", scatters)
	}
	if transposes < 5 {
		t.Errorf("%d tiled transposes in the sample, want at least transpose.mlir's 5", transposes)
	}
	if forwarded < 2 {
		t.Errorf("%d kernels hand their output to the epilogue in registers, want at least forwarded_epilogue.mlir's 2", forwarded)
	}
	if fusedEpi < 2 || fusedTiled < 1 {
		t.Errorf("%d kernels with a fused epilogue (%d tiled) in the sample, want at least contractProgram's 2 (1 tiled)", fusedEpi, fusedTiled)
	}
	dir := t.TempDir()
	var mu sync.Mutex
	compared := 0
	inParallel(2, len(plans), func(n int) {
		np := plans[n]
		ok, err := checkOnHost(cxx, filepath.Join(dir, fmt.Sprint(n)), np)
		if err != nil {
			t.Errorf("%s: %v", np.name, err)
		}
		mu.Lock()
		if ok {
			compared++
		}
		mu.Unlock()
	})
	t.Logf("%d of %d plans (%d with block reductions) run by host-compiled kernels and compared with the CPU (the rest: inputs the CPU rejects)", compared, len(plans), syncPlans)
	if compared < len(plans)*3/4 {
		t.Errorf("only %d of %d plans compared", compared, len(plans))
	}
}

func checkOnHost(cxx, base string, np namedPlanInternal) (bool, error) {
	want, err := cpu.Run(np.p, np.args)
	if err != nil {
		return false, nil // inputs the CPU rejects (an index out of range): nothing to compare
	}
	return true, runOnHost(cxx, base, np, want, hostBuild{})
}

// hostBuild says how runOnHost builds and runs the emulation.
type hostBuild struct {
	flags []string // extra compiler flags (-DTL_HOST_MMA)
	// sanitizer, when set, is the -fsanitize= list the program is built
	// with: each buffer then gets an allocation of exactly its size
	// (hostDriver's exact), and any report of the sanitizer fails the run
	// with the report.
	sanitizer string
}

func (hb hostBuild) String() string {
	return strings.Join(append(slices.Clone(hb.flags), hb.sanitizer), " ")
}

// sanitizerEnv makes every sanitizer stop at its first report, with a
// nonzero exit status; the driver never frees its buffers, so leak
// checking is off.
var sanitizerEnv = []string{
	"TSAN_OPTIONS=halt_on_error=1 exitcode=66 report_signal_unsafe=0",
	"ASAN_OPTIONS=detect_leaks=0 halt_on_error=1 exitcode=66",
	"UBSAN_OPTIONS=halt_on_error=1 print_stacktrace=1",
}

// runOnHost compiles np's kernels for the host as hb says and compares
// what they compute with want.
func runOnHost(cxx, base string, np namedPlanInternal, want []*runtime.Tensor, hb hostBuild) error {
	m, err := codegen.Generate(np.p)
	if err != nil {
		return err
	}
	drv, err := hostDriver(np.p, m, hb.sanitizer != "")
	if err != nil {
		return err
	}
	if err := os.WriteFile(base+".cc", []byte(hostgpu.Shim+m.Source()+drv), 0o644); err != nil {
		return err
	}
	args := append([]string{"-std=c++20", "-pthread", "-O1", "-ffp-contract=off", "-w", "-o", base, base + ".cc"}, hb.flags...)
	if hb.sanitizer != "" {
		args = append(args, "-g", "-fno-omit-frame-pointer", "-fsanitize="+hb.sanitizer, "-fno-sanitize-recover=all")
	}
	if out, err := exec.Command(cxx, args...).CombinedOutput(); err != nil {
		return fmt.Errorf("g++: %v\n%s", err, out)
	}
	var in bytes.Buffer
	for _, a := range np.args {
		in.Write(a.Data)
	}
	for _, s := range np.p.Steps {
		if s.Kind == plan.StepConstant {
			in.Write(constantBytes(s))
		}
	}
	cmd := exec.Command(base)
	cmd.Stdin = &in
	cmd.Env = append(os.Environ(), sanitizerEnv...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("run: %v\n%s", err, firstLines(stderr.String(), 60))
	}
	if hb.sanitizer != "" && stderr.Len() > 0 {
		return fmt.Errorf("the sanitizer (%s) reported:\n%s", hb.sanitizer, firstLines(stderr.String(), 60))
	}
	if code := binary.LittleEndian.Uint32(out); code != 0 {
		return fmt.Errorf("kernel error %d at step %d: %s", code, binary.LittleEndian.Uint32(out[4:]), codegen.ErrorMessage(int(code)))
	}
	out = out[8:]
	// Block reductions and contractions split along K add in another
	// order; everything else (tiled contractions included) must give the
	// CPU's bits.
	exact := !strings.Contains(m.Source(), "tl_red[") && !strings.Contains(m.Source(), "tl_parts[")
	transcendental := !exact || regexp.MustCompile(`\b(exp|log|tanh|erf|sin|cos|tan|atan|cbrt|pow|exp2|expm1|log1p|log2|log10|atan2|fmod)f?\(`).MatchString(m.Source())
	for r, w := range want {
		if w == nil {
			continue
		}
		got := &runtime.Tensor{DType: w.DType, Shape: w.Shape, Data: out[:len(w.Data)]}
		out = out[len(w.Data):]
		if !transcendental && !bytes.Equal(got.Data, w.Data) {
			rep := runtime.Compare(got, w, runtime.Tolerance{})
			return fmt.Errorf("result %d differs from the CPU's bits: %s", r, rep)
		}
		tol := runtime.DefaultTolerance(w.DType)
		if r < len(np.atols) {
			tol.Atol = max(tol.Atol, np.atols[r])
		}
		if rep := runtime.Compare(got, w, tol); !rep.Match {
			return fmt.Errorf("result %d: %s", r, rep)
		}
	}
	return nil
}

// TestHostMMAMatchesCPU runs the tensor-core bodies (tensorcore.go) of
// the test programs' f16 and bf16 contractions on the host, NVIDIA's and
// AMD's, each instruction emulated from the fragments as the vendor lays
// them out and added in K order: they must give the CPU's bits, which
// checks the staging, the fragment loads and the accumulator coordinates.
// Skips without g++.
func TestHostMMAMatchesCPU(t *testing.T) {
	cxx, err := exec.LookPath("g++")
	if err != nil {
		t.Skip("g++ not found: the host emulation of the kernels is not checked")
	}
	defer codegen.SetLargeTileMinTiles(1)()
	dir := t.TempDir()
	ran := map[string]bool{}
	sources := map[string]string{}
	plans := append(testdataPlansInternal(t), matrixUnitPlans(t)...)
	type job struct {
		n    int
		np   namedPlanInternal
		want []*runtime.Tensor
		unit string
	}
	var jobs []job
	for n, np := range plans {
		m, err := codegen.Generate(np.p)
		if err != nil || !slices.ContainsFunc(m.Kernels, func(k *codegen.Kernel) bool { return strings.Contains(k.Source, "tl_mma_") }) {
			continue
		}
		want, err := cpu.Run(np.p, np.args)
		if err != nil {
			t.Fatalf("%s: %v", np.name, err)
		}
		ran[np.name] = true
		for _, k := range m.Kernels {
			if strings.Contains(k.Source, "tl_mma_") {
				sources[np.name] += k.Source
			}
		}
		for _, unit := range []string{"MMA", "MFMA"} {
			jobs = append(jobs, job{n, np, want, unit})
		}
	}
	inParallel(2, len(jobs), func(i int) {
		j := jobs[i]
		if err := runOnHost(cxx, filepath.Join(dir, fmt.Sprint(j.n, j.unit)), j.np, j.want, hostBuild{flags: []string{"-DTL_HOST_" + j.unit}}); err != nil {
			t.Errorf("%s with %s: %v", j.np.name, j.unit, err)
		}
	})
	for _, fn := range []string{"contract.generated@conv1d_bf16", "contract.generated@conv1d_f16_acc", "contract.generated@mm_bf16_trunc", "tensorcores.mlir@mm_bf16_trunc", "forwarded_epilogue.mlir@tiled_bf16_window",
		"matrix_unit_s1_f16/default", "matrix_unit_s1_bf16/default", "matrix_unit_s2_f16/default", "matrix_unit_s2_bf16/default",
		"tensorcores.mlir@mm_f16_mixed_acc", "tensorcores.mlir@mm_bf16_kfast", "tensorcores.mlir@dgrad1x1_bf16", "tensorcores.mlir@mm_f16_tn", "tensorcores.mlir@mm_bf16_tn_cut",
		"tensorcores.mlir@bmm_f16_batch_strided"} {
		if !ran[fn] {
			t.Errorf("%s has no tensor-core body: %v ran", fn, ran)
		}
	}
	// NVIDIA's large tile, with each way of staging a factor (mma.go):
	// by k in 16-byte loads (tl_ldg8), by k one value at a time (ro0,
	// ro1), by rows (sr0, sr1; held a row per k, read by
	// ldmatrix.trans).
	for fn, want := range map[string][]string{
		"tensorcores.mlir@mm_f16_mixed_acc":      {"ma[128][40]", "mb[32][136]", "tl_v8 pa[2]", "tl_ldg8(buf", "if (sr1)", "tl_ldsm_x4_trans(w"},
		"tensorcores.mlir@mm_bf16_kfast":         {"ma[128][40]", "tl_v8 pa[2]", "unsigned short pb[16]", "ro1 >= 0"},
		"tensorcores.mlir@dgrad1x1_bf16":         {"ma[32][136]", "mb[32][136]", "if (sr0)", "if (sr1)", "tl_ldsm_x4_trans(fa[i]"},
		"tensorcores.mlir@conv1d_f16_acc":        {"ma[32][72]", "mb[64][40]"},
		"tensorcores.mlir@bmm_f16_batch_strided": {"ro0 >= 0"},
		// Both by k in 16-byte pieces: cp.async into a ring of stages
		// in dynamic shared memory (four for K's eight slices, the ring
		// turning twice; two for K's two), a piece cut short by K's end
		// zero-filled.
		"tensorcores.mlir@mm_f16_tn":      {"TL_DYNAMIC_SHARED(tl_stages, 81920);", "(*const mb)[128][40]", "tl_cp16(&mb[(st == 0 ? 3 : st - 1)]", "tl_cp_wait(2);", "st == 3 ? 0"},
		"tensorcores.mlir@mm_bf16_tn_cut": {"TL_DYNAMIC_SHARED(tl_stages, 40960);", "tl_cp16(&ma[(st == 0 ? 1 : st - 1)]", "45ll - kq >= 8", "tl_cp_wait(0);"},
		// NVIDIA's pipeline transposes the weights (which meet 288
		// pixels) so that K is their contiguous run: 16-byte loads; dy
		// (meeting 16 channels) is read NCHW, by rows.
		"matrix_unit_s1_f16/default": {"tl_ldg8(buf", "if (sr0)"},
	} {
		for _, w := range want {
			if !strings.Contains(sources[fn], w) {
				t.Errorf("%s: the tensor-core kernel has no %q", fn, w)
			}
		}
	}
}

// matrixUnitPlans are the e2e cases sized for the matrix units, with the
// default pipeline.
func matrixUnitPlans(t *testing.T) []namedPlanInternal {
	t.Helper()
	cases, err := e2e.LoadCases(filepath.Join("..", "..", "e2e", "cases", "conv_backward"))
	if err != nil {
		t.Fatal(err)
	}
	var plans []namedPlanInternal
	for _, c := range cases {
		if c.Form == "matrix_unit" {
			plans = append(plans, e2ePlan(t, c, "default"))
		}
	}
	return plans
}

// e2eSample plans about n cases of each e2e suite, spread over it (the
// convolution_backward matrix's forms, the attention variants, the
// training ops' kernel forms: scans, arg-reductions, group norm), with
// each of the pipelines.
func e2eSample(t *testing.T, n int, pipelines ...string) []namedPlanInternal {
	t.Helper()
	cases, err := e2e.LoadCases(filepath.Join("..", "..", "e2e", "cases"))
	if err != nil {
		t.Fatal(err)
	}
	perSuite := map[string]int{}
	for _, c := range cases {
		perSuite[c.Suite]++
	}
	var plans []namedPlanInternal
	nth := map[string]int{}
	for _, c := range cases {
		k := nth[c.Suite]
		nth[c.Suite]++
		if k%max(1, perSuite[c.Suite]/n) != 0 {
			continue
		}
		for _, pl := range pipelines {
			plans = append(plans, e2ePlan(t, c, pl))
		}
	}
	return plans
}

// e2ePlan is e2e case c compiled with pipeline as NVIDIA GPUs run it
// (compiler.GPUPipelines), with its inputs.
func e2ePlan(t *testing.T, c *e2e.Case, pipeline string) namedPlanInternal {
	t.Helper()
	dims, err := c.Dims()
	if err != nil {
		t.Fatal(err)
	}
	p, err := compiler.CompileFor(c.Program, c.Func, pipeline, dims, compiler.CUDA)
	if err != nil {
		t.Fatal(err)
	}
	args := make([]*runtime.Tensor, len(c.Inputs))
	for j, in := range c.Inputs {
		if args[j], err = runtime.ReadNPYFile(in.File, in.DType); err != nil {
			t.Fatal(err)
		}
	}
	np := namedPlanInternal{name: c.Name + "/" + pipeline, p: p, args: args}
	if c.Form == "model" {
		// A model case's atol measures each result's summation-order
		// noise (a convolution bias before a batch norm has a gradient
		// of pure rounding noise), which block reductions, adding in
		// another order, meet.
		for _, r := range c.Results {
			np.atols = append(np.atols, r.Tol.Atol)
		}
	}
	return np
}

type namedPlanInternal struct {
	name string
	p    *plan.Plan
	args []*runtime.Tensor
	// atols, where set, widen each result's atol for the comparisons
	// that allow another order of summation.
	atols []float64
}

// testdataPlansInternal plans the test programs with small deterministic
// inputs (integers in [0, 3), so that indices stay in range).
func testdataPlansInternal(t *testing.T) []namedPlanInternal {
	files, _ := filepath.Glob(filepath.Join("..", "..", "cpu", "testdata", "*.mlir"))
	more, _ := filepath.Glob(filepath.Join("..", "..", "plan", "testdata", "*.mlir"))
	gpuOwn, _ := filepath.Glob(filepath.Join("..", "testdata", "*.mlir"))
	more = append(more, gpuOwn...)
	fnRE := regexp.MustCompile(`func\.func @([A-Za-z0-9_]+)`)
	var out []namedPlanInternal
	for _, f := range append(append(files, more...), "contract.generated") {
		src, err := os.ReadFile(f)
		if f == "contract.generated" {
			src, err = []byte(contractProgram()), nil
		}
		if err != nil {
			t.Fatal(err)
		}
		for _, mm := range fnRE.FindAllStringSubmatch(string(src), -1) {
			mod, err := asm.Parse(compiler.NewContext(), string(src), asm.Options{FileName: f})
			if err != nil {
				t.Fatal(err)
			}
			p, err := plan.Build(mod, mm[1])
			if err != nil {
				continue
			}
			args := make([]*runtime.Tensor, len(p.Args))
			for i, b := range p.Args {
				dt, err := cpu.DTypeOf(b.Elem)
				if err != nil {
					t.Fatal(err)
				}
				x := runtime.New(dt, b.Shape...)
				for j := range x.NumElements() {
					if dt.IsFloat() {
						x.SetFloat64(j, float64((j*7+i*3)%11)*0.25-1)
					} else {
						x.SetInt64(j, int64((j+i)%3))
					}
				}
				args[i] = x
			}
			out = append(out, namedPlanInternal{name: filepath.Base(f) + "@" + mm[1], p: p, args: args})
		}
	}
	return out
}

// firstLines is s cut to its first n lines.
func firstLines(s string, n int) string {
	lines := strings.SplitAfter(s, "\n")
	if len(lines) > n {
		lines = append(lines[:n], fmt.Sprintf("... (%d more lines)\n", len(lines)-n))
	}
	return strings.Join(lines, "")
}

// TestHostSanitizers runs the emulation of the kernels that share memory
// between threads (block reductions, tiled contractions and transposes,
// the tensor-core bodies, NVIDIA's and AMD's) under the thread
// sanitizer, and of every kernel form under the address and
// undefined-behaviour sanitizers, each buffer in an allocation of exactly
// its size: the host's stand-in for compute-sanitizer's racecheck and
// memcheck. A read of shared memory that no __syncthreads separates from
// another thread's write, an access past a buffer or a shared array, a
// misaligned access or an overflowing signed operation fails it with the
// sanitizer's report. Skips without g++ or its sanitizer runtimes.
func TestHostSanitizers(t *testing.T) {
	cxx, err := exec.LookPath("g++")
	if err != nil {
		t.Skip("g++ not found: the kernels are not run under the sanitizers")
	}
	dir := t.TempDir()
	for _, san := range []string{"thread", "address,undefined"} {
		probe := filepath.Join(dir, "probe.cc")
		if err := os.WriteFile(probe, []byte("int main() { return 0; }\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(cxx, "-fsanitize="+san, "-o", filepath.Join(dir, "probe"), probe).CombinedOutput(); err != nil {
			t.Skipf("g++ cannot build with -fsanitize=%s (its runtime library is missing?): %v\n%s", san, err, out)
		}
	}
	defer codegen.SetLargeTileMinTiles(1)()
	type job struct {
		np    namedPlanInternal
		want  []*runtime.Tensor
		build hostBuild
	}
	var jobs []job
	plans := append(testdataPlansInternal(t), e2eSample(t, 3, "default")...)
	// Two of the e2e cases sized for the matrix units, with NVIDIA's body
	// only: under the sanitizers the stride-1 ones take 40 s each.
	for _, np := range matrixUnitPlans(t) {
		if strings.HasPrefix(np.name, "matrix_unit_s2_") {
			want, err := cpu.Run(np.p, np.args)
			if err != nil {
				t.Fatalf("%s: %v", np.name, err)
			}
			for _, san := range []string{"thread", "address,undefined"} {
				jobs = append(jobs, job{np, want, hostBuild{flags: []string{"-DTL_HOST_MMA"}, sanitizer: san}})
			}
		}
	}
	for _, np := range plans {
		m, err := codegen.Generate(np.p)
		if err != nil {
			continue
		}
		want, err := cpu.Run(np.p, np.args)
		if err != nil {
			continue
		}
		shares := slices.ContainsFunc(m.Kernels, func(k *codegen.Kernel) bool { return k.Sync })
		tensorCores := slices.ContainsFunc(m.Kernels, func(k *codegen.Kernel) bool { return strings.Contains(k.Source, "tl_mma_") })
		if shares {
			jobs = append(jobs, job{np, want, hostBuild{sanitizer: "thread"}})
		}
		jobs = append(jobs, job{np, want, hostBuild{sanitizer: "address,undefined"}})
		if tensorCores {
			for _, unit := range []string{"MMA", "MFMA"} {
				for _, san := range []string{"thread", "address,undefined"} {
					jobs = append(jobs, job{np, want, hostBuild{flags: []string{"-DTL_HOST_" + unit}, sanitizer: san}})
				}
			}
		}
	}
	// The sample must reach the kernels that share memory, and the
	// tensor-core bodies of both vendors.
	count := map[string]int{}
	for _, j := range jobs {
		count[j.build.String()]++
	}
	t.Logf("runs under the sanitizers: %v", count)
	if count["thread"] < 20 || count["-DTL_HOST_MMA thread"] < 8 || count["-DTL_HOST_MFMA thread"] < 6 {
		t.Errorf("too few kernels that share memory under the thread sanitizer: %v", count)
	}
	inParallel(2, len(jobs), func(n int) {
		j := jobs[n]
		if err := runOnHost(cxx, filepath.Join(dir, fmt.Sprint(n)), j.np, j.want, j.build); err != nil {
			t.Errorf("%s (%s): %v", j.np.name, j.build, err)
		}
	})
}

// inParallel calls f(0), ..., f(n-1), workers at a time: each call runs
// a compiler or a host program, and the CI machines have two cores.
func inParallel(workers, n int, f func(i int)) {
	sem := make(chan struct{}, workers)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			f(i)
		})
	}
	wg.Wait()
}
