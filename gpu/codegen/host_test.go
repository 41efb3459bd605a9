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
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/asm"
	"github.com/torchlower/torchlower/plan"
	"github.com/torchlower/torchlower/runtime"
)

// hostShim makes the generated source a host C++ program: the CUDA
// built-ins as one thread of a one-block grid (every kernel is a
// grid-stride loop, so one thread does all the work) and the bit casts.
const hostShim = `#define TL_HOST 1
#include <barrier>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>
struct tl_dim3 { unsigned x, y, z; };
static thread_local tl_dim3 threadIdx = {0, 0, 0};
static tl_dim3 blockIdx = {0, 0, 0}, blockDim = {1, 1, 1}, gridDim = {1, 1, 1};
static std::barrier<>* tl_bar;
static void __syncthreads() { tl_bar->arrive_and_wait(); }
/* Blocks run one after another (so a kernel's static __shared__ array is
   its block's); the threads of a block run together when it has more
   than one. */
template <class F> static void tl_launch(unsigned grid, unsigned block, F f) {
  gridDim = {grid, 1, 1}; blockDim = {block, 1, 1};
  for (unsigned b = 0; b < grid; b++) {
    blockIdx = {b, 0, 0};
    if (block == 1) { threadIdx = {0, 0, 0}; f(); continue; }
    std::barrier<> bar(block); tl_bar = &bar;
    std::vector<std::thread> ts;
    for (unsigned i = 0; i < block; i++) ts.emplace_back([&f, i] { threadIdx = {i, 0, 0}; f(); });
    for (auto& th : ts) th.join();
  }
}
#define __global__
#define __device__
#define __shared__ static
#define __forceinline__ inline
#define __launch_bounds__(...)
#define __restrict__ __restrict
static inline float __uint_as_float(unsigned u) { float f; memcpy(&f, &u, 4); return f; }
static inline unsigned __float_as_uint(float f) { unsigned u; memcpy(&u, &f, 4); return u; }
static inline double __longlong_as_double(long long u) { double f; memcpy(&f, &u, 8); return f; }
static inline long long __double_as_longlong(double f) { long long u; memcpy(&u, &f, 8); return u; }
`

// hostDriver is main(): it reads the arguments and constants from stdin
// in plan order, runs the kernels in step order and writes the results
// and the error word to stdout.
func hostDriver(p *plan.Plan, m *codegen.Module) (string, error) {
	var sb strings.Builder
	sb.WriteString("\nstatic void rd(void* p, long long n) { if (n && fread(p, 1, n, stdin) != (size_t)n) { fprintf(stderr, \"short input\\n\"); exit(3); } }\n")
	sb.WriteString("int main() {\n")
	name := map[*plan.Buffer]string{}
	for i, b := range p.Args {
		fmt.Fprintf(&sb, "  char* arg%d = (char*)aligned_alloc(64, %d); memset(arg%d, 0, %d); rd(arg%d, %d);\n", i, (b.Bytes()+8+63)/64*64, i, (b.Bytes()+8+63)/64*64, i, b.Bytes())
		name[b] = fmt.Sprintf("arg%d", i)
	}
	// 64-byte aligned, as the GPU's allocations are (at least): the
	// kernels' 16-byte accesses check their alignment here.
	fmt.Fprintf(&sb, "  char* arena = (char*)aligned_alloc(64, %d);\n", (p.ArenaBytes/64+1)*64)
	for _, b := range p.Buffers {
		switch b.Kind {
		case plan.Constant, plan.Temporary:
			name[b] = fmt.Sprintf("(arena + %d)", b.Offset)
		case plan.Result:
			fmt.Fprintf(&sb, "  char* res%d = (char*)aligned_alloc(64, %d); memset(res%d, 0, %d);\n", b.Index, (b.Bytes()+8+63)/64*64, b.Index, (b.Bytes()+8+63)/64*64)
			name[b] = fmt.Sprintf("res%d", b.Index)
		}
	}
	fmt.Fprintf(&sb, "  i64 sc[%d] = {0}; int err[2] = {0, 0};\n", len(p.Scalars)+1)
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
			}
		}
		// One thread runs a grid-stride kernel's whole grid; a kernel
		// that synchronizes gets real blocks (two, to exercise its
		// block-stride loop).
		grid, block := 1, 1
		if k.Sync {
			grid, block = min(2, k.Grid), k.Block
		}
		fmt.Fprintf(&sb, "  tl_launch(%d, %d, [&] { %s(%s); });\n", grid, block, k.Name, strings.Join(args, ", "))
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
	var plans []namedPlanInternal
	plans = append(plans, testdataPlansInternal(t)...)
	cases, err := e2e.LoadCases(filepath.Join("..", "..", "e2e", "cases"))
	if err != nil {
		t.Fatal(err)
	}
	// A sample: about eight cases of each suite, spread over it (the
	// convolution_backward matrix's forms, the attention variants, the
	// training ops' kernel forms: scans, arg-reductions, group norm).
	perSuite := map[string]int{}
	for _, c := range cases {
		perSuite[c.Suite]++
	}
	nth := map[string]int{}
	for _, c := range cases {
		k := nth[c.Suite]
		nth[c.Suite]++
		if k%max(1, perSuite[c.Suite]/8) != 0 {
			continue
		}
		for _, pl := range []string{"default", "baseline"} {
			plans = append(plans, e2ePlan(t, c, pl))
		}
	}
	// The sample must reach every kernel form: block reductions, tiled
	// contractions that start from zero (plan.ZeroOnEntry) and that read
	// their output first, and fused epilogues (one in a tiled kernel).
	var syncPlans, tiled, tiledZero, fusedEpi, fusedTiled, forwarded, transposes int
	for _, np := range plans {
		m, err := codegen.Generate(np.p)
		if err != nil {
			continue
		}
		if slices.ContainsFunc(m.Kernels, func(k *codegen.Kernel) bool { return k.Sync }) {
			syncPlans++
		}
		for _, k := range m.Kernels {
			if strings.Contains(k.Source, " tt[") {
				transposes++
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
	if transposes < 3 {
		t.Errorf("%d tiled transposes in the sample, want at least transpose.mlir's 3", transposes)
	}
	if forwarded < 2 {
		t.Errorf("%d kernels hand their output to the epilogue in registers, want at least forwarded_epilogue.mlir's 2", forwarded)
	}
	if fusedEpi < 2 || fusedTiled < 1 {
		t.Errorf("%d kernels with a fused epilogue (%d tiled) in the sample, want at least contractProgram's 2 (1 tiled)", fusedEpi, fusedTiled)
	}
	dir := t.TempDir()
	sem := make(chan struct{}, 2)
	var wg sync.WaitGroup
	var mu sync.Mutex
	compared := 0
	for n, np := range plans {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			ok, err := checkOnHost(cxx, filepath.Join(dir, fmt.Sprint(n)), np)
			if err != nil {
				t.Errorf("%s: %v", np.name, err)
			}
			mu.Lock()
			if ok {
				compared++
			}
			mu.Unlock()
		}()
	}
	wg.Wait()
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
	return true, runOnHost(cxx, base, np, want)
}

// runOnHost compiles np's kernels for the host (with the extra compiler
// flags) and compares what they compute with want.
func runOnHost(cxx, base string, np namedPlanInternal, want []*runtime.Tensor, flags ...string) error {
	m, err := codegen.Generate(np.p)
	if err != nil {
		return err
	}
	drv, err := hostDriver(np.p, m)
	if err != nil {
		return err
	}
	if err := os.WriteFile(base+".cc", []byte(hostShim+m.Source()+drv), 0o644); err != nil {
		return err
	}
	args := append([]string{"-std=c++20", "-pthread", "-O1", "-ffp-contract=off", "-w", "-o", base, base + ".cc"}, flags...)
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
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("run: %v", err)
	}
	if code := binary.LittleEndian.Uint32(out); code != 0 {
		return fmt.Errorf("kernel error %d at step %d: %s", code, binary.LittleEndian.Uint32(out[4:]), codegen.ErrorMessage(int(code)))
	}
	out = out[8:]
	// Block reductions add in another order; everything else (tiled
	// contractions included) must give the CPU's bits.
	exact := !strings.Contains(m.Source(), "tl_red[")
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
		if rep := runtime.Compare(got, w, runtime.DefaultTolerance(w.DType)); !rep.Match {
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
	plans := testdataPlansInternal(t)
	// The e2e cases sized for the matrix units (the default pipeline).
	cases, err := e2e.LoadCases(filepath.Join("..", "..", "e2e", "cases", "conv_backward"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		if c.Form != "matrix_unit" {
			continue
		}
		plans = append(plans, e2ePlan(t, c, "default"))
	}
	sem := make(chan struct{}, 2)
	var wg sync.WaitGroup
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
			wg.Add(1)
			go func() {
				defer wg.Done()
				sem <- struct{}{}
				defer func() { <-sem }()
				if err := runOnHost(cxx, filepath.Join(dir, fmt.Sprint(n, unit)), np, want, "-DTL_HOST_"+unit); err != nil {
					t.Errorf("%s with %s: %v", np.name, unit, err)
				}
			}()
		}
	}
	wg.Wait()
	for _, fn := range []string{"contract.generated@conv1d_bf16", "contract.generated@conv1d_f16_acc", "contract.generated@mm_bf16_trunc", "tensorcores.mlir@mm_bf16_trunc", "forwarded_epilogue.mlir@tiled_bf16_window",
		"matrix_unit_s1_f16/default", "matrix_unit_s1_bf16/default", "matrix_unit_s2_f16/default", "matrix_unit_s2_bf16/default",
		"tensorcores.mlir@mm_f16_mixed_acc", "tensorcores.mlir@mm_bf16_kfast", "tensorcores.mlir@dgrad1x1_bf16", "tensorcores.mlir@mm_f16_tn",
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

// e2ePlan is e2e case c compiled with pipeline as NVIDIA GPUs run it
// (compiler.GPUPipelines), with its inputs.
func e2ePlan(t *testing.T, c *e2e.Case, pipeline string) namedPlanInternal {
	t.Helper()
	p, err := compiler.CompileFor(c.Program, c.Func, pipeline, nil, compiler.CUDA)
	if err != nil {
		t.Fatal(err)
	}
	args := make([]*runtime.Tensor, len(c.Inputs))
	for j, in := range c.Inputs {
		if args[j], err = runtime.ReadNPYFile(in.File, in.DType); err != nil {
			t.Fatal(err)
		}
	}
	return namedPlanInternal{c.Name + "/" + pipeline, p, args}
}

type namedPlanInternal struct {
	name string
	p    *plan.Plan
	args []*runtime.Tensor
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
			out = append(out, namedPlanInternal{filepath.Base(f) + "@" + mm[1], p, args})
		}
	}
	return out
}
