package codegen_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/torchlower/torchlower/bench"
	"github.com/torchlower/torchlower/compiler"
	"github.com/torchlower/torchlower/gpu/codegen"
	"github.com/torchlower/torchlower/gpu/cuda"
	"github.com/torchlower/torchlower/gpu/hip"
	"github.com/torchlower/torchlower/internal/testchild"
)

// hiprtcArch is the target CI compiles for: Debian's hiprtc 5.2.3 knows
// gfx90a (MI200); it aborts the process on gfx940/gfx942.
const hiprtcArch = "gfx90a"

// batchEnv names the batch file a child process compiles, rtcEnv the
// compiler (hiprtc or nvrtc).
const (
	batchEnv = "TORCHLOWER_RTC_BATCH"
	rtcEnv   = "TORCHLOWER_RTC"
)

// nvrtcArch is the NVRTC target: sm_90 (H100/H200) unless
// TORCHLOWER_NVRTC_ARCH says otherwise.
func nvrtcArch() string {
	if a := os.Getenv("TORCHLOWER_NVRTC_ARCH"); a != "" {
		return a
	}
	return "sm_90"
}

// rtcCompiler is one run-time compiler the check can use.
type rtcCompiler struct {
	name    string
	target  string
	version string
	compile func(src, name string) ([]byte, error)
	// symbol is what the code object holds for a kernel name.
	symbol func(name string) []byte
}

func loadCompiler(which string) (*rtcCompiler, error) {
	switch which {
	case "hiprtc":
		rtc, err := hip.LoadRTC()
		if err != nil {
			return nil, err
		}
		a, b := rtc.Version()
		return &rtcCompiler{"hiprtc", "--offload-arch=" + hiprtcArch, fmt.Sprintf("%d.%d", a, b),
			func(src, name string) ([]byte, error) { return rtc.Compile(src, name, codegen.HIPOptions(hiprtcArch)) },
			func(n string) []byte { return []byte(n + ".kd\x00") }}, nil
	case "nvrtc":
		rtc, err := cuda.LoadNVRTC()
		if err != nil {
			return nil, err
		}
		a, b := rtc.Version()
		return &rtcCompiler{"NVRTC", "--gpu-architecture=" + nvrtcArch(), fmt.Sprintf("%d.%d", a, b),
			func(src, name string) ([]byte, error) {
				return rtc.Compile(src, name, codegen.CUDAOptions(nvrtcArch()))
			},
			func(n string) []byte { return []byte(n) }}, nil
	case "clang-cuda":
		cxx, err := exec.LookPath("clang++-19")
		if err != nil {
			return nil, fmt.Errorf("clang++-19 not found (Debian: apt-get install clang-19)")
		}
		return &rtcCompiler{"clang++-19 -x cuda", "--cuda-gpu-arch=sm_90", "19",
			func(src, name string) ([]byte, error) { return clangCUDA(cxx, src, name) },
			func(n string) []byte { return []byte(".entry " + n + "(") }}, nil
	}
	return nil, fmt.Errorf("unknown compiler %q", which)
}

// TestClangCUDACompilesEveryKernel compiles every kernel in CUDA mode
// with clang 19 to PTX for sm_90 (no CUDA SDK: the CUDA built-ins and the
// math library's declarations come from cudaShim, as NVRTC provides
// them). It checks the prelude's CUDA branch (the PTX f16 conversions)
// and the kernels as CUDA C++ where NVRTC is not installed. Skips
// without clang++-19.
func TestClangCUDACompilesEveryKernel(t *testing.T) { compileEveryKernel(t, "clang-cuda") }

// cudaShim declares what NVRTC has built in and clang in CUDA mode
// without headers does not.
const cudaShim = `#include <__clang_cuda_builtin_vars.h>
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __syncthreads() __nvvm_bar_sync(0)
static __device__ unsigned atomicAdd(unsigned* p, unsigned v) { return (unsigned)__nvvm_atom_add_gen_i((int*)p, (int)v); }
static __device__ void __threadfence() { __nvvm_membar_gl(); }
static __device__ float __uint_as_float(unsigned u) { return __builtin_bit_cast(float, u); }
static __device__ unsigned __float_as_uint(float f) { return __builtin_bit_cast(unsigned, f); }
static __device__ double __longlong_as_double(long long u) { return __builtin_bit_cast(double, u); }
static __device__ long long __double_as_longlong(double f) { return __builtin_bit_cast(long long, f); }
#define F1(n) extern "C" __device__ float n##f(float); extern "C" __device__ double n(double);
#define F2(n) extern "C" __device__ float n##f(float, float); extern "C" __device__ double n(double, double);
F1(exp) F1(exp2) F1(expm1) F1(log) F1(log1p) F1(log2) F1(log10) F1(tanh) F1(erf)
F1(round) F1(sin) F1(cos) F1(tan) F1(atan) F1(cbrt)
F2(fmod) F2(pow) F2(atan2)
// The functions NVRTC makes one instruction each (fma.rn, abs, sqrt.rn,
// cvt.rpi/rmi/rni/rzi, a sign copy): as external functions they would be
// calls here, and a call makes ptxas spill around it (the f16 bodies'
// fmaf, gpu/codegen/body.go exactFMA, did), so they are clang's builtins.
#define B1(n) static __device__ __forceinline__ float n##f(float x) { return __builtin_##n##f(x); } \
  static __device__ __forceinline__ double n(double x) { return __builtin_##n(x); }
B1(fabs) B1(sqrt) B1(ceil) B1(floor) B1(rint) B1(trunc)
static __device__ __forceinline__ float copysignf(float x, float y) { return __builtin_copysignf(x, y); }
static __device__ __forceinline__ double copysign(double x, double y) { return __builtin_copysign(x, y); }
static __device__ __forceinline__ float fmaf(float a, float b, float c) { return __builtin_fmaf(a, b, c); }
static __device__ __forceinline__ double fma(double a, double b, double c) { return __builtin_fma(a, b, c); }
`

// ptxas assembles ptx for sm_90 (relocatable: the math functions stay
// external, as libdevice is not linked) when NVIDIA's assembler is
// installed, and returns its -v report (registers, spills per kernel).
// What clang's PTX cannot show, ptxas checks: the inline PTX (mma.sync,
// ldmatrix, cvta) is valid and each kernel fits its registers. found is
// false without ptxas (CI extracts it from Debian's
// nvidia-cuda-toolkit: .ci/run).
func ptxas(ptx []byte, name string) (report string, found bool, err error) {
	bin, lerr := exec.LookPath("ptxas")
	if lerr != nil {
		return "", false, nil
	}
	dir, err := os.MkdirTemp("", "tlptxas")
	if err != nil {
		return "", true, err
	}
	defer os.RemoveAll(dir)
	in := filepath.Join(dir, name+".ptx")
	if err := os.WriteFile(in, ptx, 0o644); err != nil {
		return "", true, err
	}
	out, err := exec.Command(bin, "-arch=sm_90", "-c", "-v", in, "-o", filepath.Join(dir, name+".o")).CombinedOutput()
	if err != nil {
		return "", true, fmt.Errorf("ptxas: %v\n%s", err, head(out, 3000))
	}
	return string(out), true, nil
}

// ptxasKernel is what a ptxas -v report says of one kernel.
type ptxasKernel struct {
	registers int
	spill     string // the report's spill line, when it stores any
}

var (
	ptxasEntry     = regexp.MustCompile(`Compiling entry function '([^']+)'`)
	ptxasSpill     = regexp.MustCompile(`(\d+) bytes spill stores`)
	ptxasRegisters = regexp.MustCompile(`Used (\d+) registers`)
)

// ptxasKernels reads a ptxas -v report, kernel by kernel.
func ptxasKernels(report string) map[string]*ptxasKernel {
	kernels := map[string]*ptxasKernel{}
	var cur *ptxasKernel
	for _, line := range strings.Split(report, "\n") {
		if m := ptxasEntry.FindStringSubmatch(line); m != nil {
			cur = &ptxasKernel{}
			kernels[m[1]] = cur
		}
		if cur == nil {
			continue
		}
		if m := ptxasSpill.FindStringSubmatch(line); m != nil && m[1] != "0" {
			cur.spill = strings.TrimSpace(line)
		}
		if m := ptxasRegisters.FindStringSubmatch(line); m != nil {
			cur.registers, _ = strconv.Atoi(m[1])
		}
	}
	return kernels
}

// ptxasSpills lists the kernels of a ptxas -v report that spill
// registers to local memory.
// spillStores is the "N bytes spill stores" of a ptxas spill summary, -1
// if it has none.
func spillStores(spill string) int {
	m := regexp.MustCompile(`(\d+) bytes spill stores`).FindStringSubmatch(spill)
	if m == nil {
		return -1
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

func ptxasSpills(report string) []string {
	var spills []string
	for name, k := range ptxasKernels(report) {
		if k.spill != "" {
			spills = append(spills, name+": "+k.spill)
		}
	}
	slices.Sort(spills)
	return spills
}

func clangCUDA(cxx, src, name string) ([]byte, error) {
	dir, err := os.MkdirTemp("", "tlcuda")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	in, out := filepath.Join(dir, name+".cu"), filepath.Join(dir, name+".ptx")
	if err := os.WriteFile(in, []byte(cudaShim+src), 0o644); err != nil {
		return nil, err
	}
	cmd := exec.Command(cxx, "-x", "cuda", "--cuda-device-only", "-nocudainc", "-nocudalib", "--cuda-gpu-arch=sm_90",
		"-O3", "-ffp-contract=off", "-S", in, "-o", out)
	if msg, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("%v\n%s", err, msg)
	}
	return os.ReadFile(out)
}

// TestHiprtcCompilesEveryKernel compiles every kernel codegen produces
// for the e2e suite (every case, both pipelines) and for the test
// programs with hiprtc for gfx90a: no GPU is needed. Kernels of many
// plans share a translation unit (hiprtc's fixed cost per program is
// most of the time), and each unit is compiled in a child process (this
// test binary re-executed): hiprtc 5.2 aborts the whole process on some
// inputs, which must fail one batch, not kill the test run. Skips when
// hiprtc is not installed (Debian: apt-get install libamdhip64-dev).
func TestHiprtcCompilesEveryKernel(t *testing.T) { compileEveryKernel(t, "hiprtc") }

// TestNVRTCCompilesEveryKernel is the same check with NVRTC for sm_90
// (or $TORCHLOWER_NVRTC_ARCH), where NVRTC is installed; it needs no GPU
// either. Skips without libnvrtc.
func TestNVRTCCompilesEveryKernel(t *testing.T) { compileEveryKernel(t, "nvrtc") }

func compileEveryKernel(t *testing.T, which string) {
	if f := os.Getenv(batchEnv); f != "" {
		if os.Getenv(rtcEnv) == which {
			compileBatch(t, which, f)
		}
		return
	}
	rc, err := loadCompiler(which)
	if err != nil {
		t.Skipf("%s not available, kernels not compile-checked: %v", which, err)
	}
	start := time.Now()
	// The plans as the compiler's own target runs them: HIP's for hiprtc,
	// NVIDIA's for NVRTC and clang.
	target := compiler.CUDA
	if which == "hiprtc" {
		target = compiler.HIP
	}
	plans := append(testdataPlans(t), e2ePlans(t, 1, target)...)
	const kernelsPerBatch = 400
	dir := t.TempDir()
	if d := os.Getenv("TORCHLOWER_HIPRTC_KEEP"); d != "" {
		dir = d // keep the translation units for a look
	}
	var batches []string
	var names [][]string
	kernels := 0
	// Kernels whose source differs only in the name (the fills and
	// copies of equal shapes in different plans) are compiled once.
	seen := map[string]bool{}
	var src strings.Builder
	var batchNames []string
	flush := func() {
		if len(batchNames) == 0 {
			return
		}
		f := filepath.Join(dir, fmt.Sprintf("batch%03d.hip", len(batches)))
		if err := os.WriteFile(f, []byte(codegen.Prelude()+unitGuard(which)+src.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f+".names", []byte(strings.Join(batchNames, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
		batches = append(batches, f)
		names = append(names, batchNames)
		src.Reset()
		batchNames = nil
	}
	for i, np := range plans {
		m, err := codegen.GenerateNamed(np.p, fmt.Sprintf("p%d", i))
		if err != nil {
			t.Errorf("%s: %v", np.name, err)
			continue
		}
		for _, k := range m.Kernels {
			kernels++
			key := strings.Replace(k.Source, " "+k.Name+"(", " K(", 1)
			if seen[key] {
				continue
			}
			seen[key] = true
			src.WriteString("\n" + k.Source)
			batchNames = append(batchNames, k.Name)
		}
		if len(batchNames) >= kernelsPerBatch {
			flush()
		}
	}
	flush()
	genTime := time.Since(start)
	if os.Getenv("TORCHLOWER_HIPRTC_GENONLY") != "" {
		t.Skipf("%d kernels written to %s", kernels, dir)
	}

	// Two children at a time (CI machines have few cores).
	workers := max(1, min(2, runtime.NumCPU()))
	var mu sync.Mutex
	failed, distinct := 0, len(seen)
	inParallel(workers, len(batches), func(b int) {
		f := batches[b]
		out, err := testchild.Run([]string{t.Name()}, []string{batchEnv + "=" + f, rtcEnv + "=" + which})
		if err != nil {
			mu.Lock()
			failed += len(names[b])
			mu.Unlock()
			t.Errorf("batch %s (%d kernels) did not compile: %v\n%s", filepath.Base(f), len(names[b]), err, head(out, 3000))
		}
	})
	ok := distinct - failed
	assembled := ""
	if which == "clang-cuda" {
		assembled = "; ptxas not found: the PTX was not assembled"
		if _, err := exec.LookPath("ptxas"); err == nil {
			assembled = "; the PTX assembled by ptxas for sm_90, no kernel spilling"
		}
	}
	t.Logf("%s %s, %s: %d of %d distinct kernel sources (%.1f%%) compiled, covering %d kernels of %d plans, in %d translation units; generation %v, total %v%s",
		rc.name, rc.version, rc.target, ok, distinct, 100*float64(ok)/float64(max(distinct, 1)), kernels, len(plans), len(batches),
		genTime.Round(time.Millisecond), time.Since(start).Round(time.Millisecond), assembled)
	if kernels < 1000 {
		t.Errorf("only %d kernels generated: the e2e suite should give thousands", kernels)
	}
}

// unitGuard makes a translation unit fail to compile unless the prelude
// selected the matrix-unit bodies the target has (tensorcore.go): bf16
// MFMA but not f16 for gfx90a (whose f16 MFMA flushes subnormals),
// mma.sync for sm_80 and newer. The bf16 and f16 contractions'
// matrix-unit bodies are then the ones compile-checked.
func unitGuard(which string) string {
	switch {
	case which == "hiprtc":
		return "\n#if !defined(TL_MFMA_BF16) || defined(TL_MFMA_F16)\n#error \"the prelude did not select bf16 MFMA (only) for " + hiprtcArch + "\"\n#endif\n"
	case which == "clang-cuda" || (which == "nvrtc" && smVersion(nvrtcArch()) >= 80):
		return "\n#if !defined(TL_MMA)\n#error \"the prelude did not select mma.sync\"\n#endif\n"
	}
	return ""
}

// smVersion is the number of an NVIDIA arch such as sm_90 or sm_100a, 0
// when it has none.
func smVersion(arch string) int {
	n, _ := strconv.Atoi(strings.TrimRight(strings.TrimPrefix(arch, "sm_"), "abcdefghijklmnopqrstuvwxyz"))
	return n
}

// compileBatch is the child: compile one translation unit and check that
// every kernel is in the code object.
func compileBatch(t *testing.T, which, file string) {
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	nb, err := os.ReadFile(file + ".names")
	if err != nil {
		t.Fatal(err)
	}
	rc, err := loadCompiler(which)
	if err != nil {
		t.Fatal(err)
	}
	code, err := rc.compile(string(src), filepath.Base(file))
	if err != nil {
		t.Fatal(err)
	}
	if which == "hiprtc" && !bytes.HasPrefix(code, []byte("\x7fELF")) {
		t.Fatalf("hiprtc returned %d bytes that are not an ELF code object", len(code))
	}
	if which == "clang-cuda" {
		// The PTX assembles for sm_90, and no kernel spills.
		report, found, err := ptxas(code, filepath.Base(file))
		if err != nil {
			t.Fatal(err)
		}
		if found {
			if sp := ptxasSpills(report); len(sp) > 0 {
				t.Errorf("kernels spill registers:\n%s", strings.Join(sp, "\n"))
			}
		}
	}
	for _, n := range strings.Split(string(nb), "\n") {
		if !bytes.Contains(code, rc.symbol(n)) {
			t.Errorf("kernel %s is not in the code object", n)
		}
	}
}

func head(b []byte, n int) string {
	if len(b) > n {
		b = b[:n]
	}
	return string(b)
}

// TestClangCUDATensorCores: compiled for sm_90, the test programs' f16
// and bf16 contractions take their tensor-core bodies (TL_MMA): the PTX
// holds both forms of mma.sync, ldmatrix (and its .trans) for the fragments, 16-byte
// global loads and shared stores for the staging of one factor in
// 16-byte pieces, cp.async (with its groups) for two, and no local
// memory (every accumulator and staging register array stays in
// registers).
// Skips without clang++-19.
func TestClangCUDATensorCores(t *testing.T) {
	cxx, err := exec.LookPath("clang++-19")
	if err != nil {
		t.Skip("clang++-19 not found (Debian: apt-get install clang-19)")
	}
	defer codegen.SetLargeTileMinTiles(1)()
	var src strings.Builder
	src.WriteString(codegen.Prelude())
	// bothWide: the kernels staging both factors in 16-byte pieces on
	// the 128×128 tile (by cp.async, a ring of stages), the form the GPU
	// pipelines give a data gradient.
	var bothWide []string
	for _, np := range testdataPlans(t) {
		if !strings.HasPrefix(np.name, "contract.generated@") && !strings.HasPrefix(np.name, "tensorcores.mlir@") {
			continue
		}
		m, err := codegen.Generate(np.p)
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range m.Kernels {
			name := fmt.Sprintf("%s_%d", k.Name, src.Len())
			if strings.Contains(k.Source, "(*const ma)[128][40]") && strings.Contains(k.Source, "(*const mb)[128][40]") {
				bothWide = append(bothWide, name)
			}
			src.WriteString(strings.ReplaceAll(k.Source, k.Name+"(", name+"("))
		}
	}
	ptx, err := clangCUDA(cxx, src.String(), "tensorcores")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32", "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32",
		"ldmatrix.sync.aligned.m8n8.x4.shared.b16", "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16", "ld.global.nc.v4.u32", "st.shared.v4.u32",
		"cp.async.cg.shared.global", "cp.async.commit_group", "cp.async.wait_group 2", "cp.async.wait_group 0"} {
		if !strings.Contains(string(ptx), want) {
			t.Errorf("the PTX has no %s", want)
		}
	}
	if strings.Contains(string(ptx), ".local") {
		t.Errorf("the PTX uses local memory (a register array indexed at run time):\n%s", strings.Join(regexp.MustCompile(`.*\.local.*`).FindAllString(string(ptx), 5), "\n"))
	}
	if len(bothWide) == 0 {
		t.Fatal("no kernel stages both factors in 16-byte pieces on the large tile (tensorcores.mlir@mm_f16_tn)")
	}
	report, found, err := ptxas(ptx, "tensorcores")
	if err != nil {
		t.Fatal(err)
	}
	if !found {
		t.Logf("ptxas not found: the PTX was not assembled (CI extracts it from Debian's nvidia-cuda-toolkit)")
		return
	}
	if sp := ptxasSpills(report); len(sp) > 0 {
		t.Errorf("tensor-core kernels spill registers:\n%s", strings.Join(sp, "\n"))
	}
	// Two blocks of 256 threads per SM (65536 registers) need at most
	// 128 registers a thread: the occupancy the pipelined body hides
	// its loads with.
	kernels := ptxasKernels(report)
	for _, n := range bothWide {
		if k, ok := kernels[n]; !ok || k.registers > 128 {
			t.Errorf("%s: ptxas reports %+v, want at most 128 registers", n, k)
		} else {
			t.Logf("%s: %d registers", n, k.registers)
		}
	}
}

// TestSeedKernelsFitRegisters compiles the kernels of the seeds suite
// (bench --suite=seeds: IREE #23976's rows at full size, both pipelines)
// for sm_90 as a GPU session runs them: no kernel spills registers, and
// each narrow contraction keeps to the 64 registers of its bound (four
// blocks a multiprocessor). The test programs alone would not show it:
// a narrow kernel's rows a thread, and so its registers, grow with the
// shape. Skips without clang++-19; without ptxas it checks only that
// clang compiles them.
func TestSeedKernelsFitRegisters(t *testing.T) {
	cxx, err := exec.LookPath("clang++-19")
	if err != nil {
		t.Skip("clang++-19 not found (Debian: apt-get install clang-19)")
	}
	s, ok := bench.SuiteByName("seeds")
	if !ok {
		t.Fatal("no seeds suite")
	}
	var src strings.Builder
	src.WriteString(codegen.Prelude())
	// The kernels with narrow bodies, and the bodies (a launch may hold
	// several: each opens with its rows' span).
	narrow, bodies := map[string]bool{}, 0
	// The tensor-core kernels whose stages are dynamic shared memory
	// (mma.go), by kernel.
	staged := map[string]*codegen.Kernel{}
	dir := t.TempDir()
	for i, sh := range s.Shapes {
		prog := filepath.Join(dir, sh.Name+".mlir")
		if err := os.WriteFile(prog, []byte(sh.Case().TorchFunc()), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, pl := range s.Pipelines {
			p, err := compiler.CompileFor(prog, "conv", pl, nil, compiler.CUDA)
			if err != nil {
				t.Fatalf("%s (%s): %v", sh.Name, pl, err)
			}
			m, err := codegen.GenerateNamed(p, fmt.Sprintf("seed%d_%s", i, pl))
			if err != nil {
				t.Fatalf("%s (%s): %v", sh.Name, pl, err)
			}
			for _, k := range m.Kernels {
				if n := strings.Count(k.Source, "const i64 span = (i64)blockDim.x * "); n > 0 {
					narrow[k.Name] = true
					bodies += n
				}
				if k.SharedMMA > 0 {
					staged[k.Name] = k
				}
				src.WriteString("\n" + k.Source)
			}
		}
	}
	if bodies < 16 {
		t.Errorf("%d narrow contractions in the seeds' plans, want at least the 3x3 rows' phases", bodies)
	}
	ptx, err := clangCUDA(cxx, src.String(), "seeds")
	if err != nil {
		t.Fatal(err)
	}
	report, found, err := ptxas(ptx, "seeds")
	if err != nil {
		t.Fatal(err)
	}
	if !found {
		t.Skip("ptxas not found: the seeds' kernels compile, their registers are not checked (CI extracts ptxas from Debian's nvidia-cuda-toolkit)")
	}
	kernels := ptxasKernels(report)
	// A tensor-core kernel may spill a few registers: its bound is 128
	// (two blocks a multiprocessor), and the 1x1 rows' epilogues, which
	// store a cell's origin and zeros a word at a time (cellzeros.go),
	// take it to 128 and 12 bytes of spill stores on the 100x100 row, all
	// after the main loop. On an H200 that kernel went from 0.76 to
	// 0.52 ms with the change (bench --suite=seeds). More than
	// maxMMASpill would be a body that no longer fits.
	const maxMMASpill = 16
	var spills []string
	for _, sp := range ptxasSpills(report) {
		name, _, _ := strings.Cut(sp, ":")
		if k := staged[name]; k != nil && spillStores(kernels[name].spill) <= maxMMASpill {
			t.Logf("%s (tensor cores, within %d bytes)", sp, maxMMASpill)
			continue
		}
		spills = append(spills, sp)
	}
	if len(spills) > 0 {
		t.Errorf("seed kernels spill registers:\n%s", strings.Join(spills, "\n"))
	}
	for name := range narrow {
		if k, ok := kernels[name]; !ok || k.registers > 64 {
			t.Errorf("%s: ptxas reports %+v, want at most 64 registers", name, k)
		}
	}
	if len(staged) < 4 {
		t.Errorf("%d tensor-core kernels with staged slices in the seeds' plans, want the 1x1 rows' (at least 4)", len(staged))
	}
	for name, k := range staged {
		t.Logf("%s: %+v, %d bytes of stages", name, kernels[name], k.SharedMMA)
	}
}
