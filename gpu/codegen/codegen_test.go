package codegen_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/compiler"
	"github.com/torchlower/torchlower/e2e"
	"github.com/torchlower/torchlower/gpu/codegen"
	"github.com/torchlower/torchlower/ir/asm"
	"github.com/torchlower/torchlower/plan"
)

// namedPlan is a plan with a name for messages.
type namedPlan struct {
	name string
	p    *plan.Plan
}

// testdataPlans plans every function of the CPU backend's and the
// planner's test programs (scalar steps, dynamic views, captures,
// integer bodies) and of opsProgram (every supported body op in every
// float type). A function the planner rejects is not a kernel anyone
// runs; it is logged and left out.
func testdataPlans(t testing.TB) []namedPlan {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join("..", "..", "cpu", "testdata", "*.mlir"))
	more, _ := filepath.Glob(filepath.Join("..", "..", "plan", "testdata", "*.mlir"))
	gpuOwn, _ := filepath.Glob(filepath.Join("..", "testdata", "*.mlir"))
	more = append(more, gpuOwn...)
	files = append(files, more...)
	srcs := map[string]string{"ops.generated": opsProgram(), "contract.generated": contractProgram()}
	names := []string{"ops.generated", "contract.generated"}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		srcs[f] = string(b)
		names = append(names, f)
	}
	fnRE := regexp.MustCompile(`func\.func @([A-Za-z0-9_]+)`)
	var out []namedPlan
	for _, f := range names {
		for _, m := range fnRE.FindAllStringSubmatch(srcs[f], -1) {
			mod, err := asm.Parse(compiler.NewContext(), srcs[f], asm.Options{FileName: f})
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			p, err := plan.Build(mod, m[1])
			if err != nil {
				t.Logf("%s @%s: not planned: %v", f, m[1], err)
				continue
			}
			out = append(out, namedPlan{filepath.Base(f) + "@" + m[1], p})
		}
	}
	return out
}

// e2ePlans plans every e2e case with both pipelines as target runs them
// (compiler.GPUPipelines; every 'stride'-th case when stride > 1).
func e2ePlans(t testing.TB, stride int, target compiler.Target) []namedPlan {
	t.Helper()
	cases, err := e2e.LoadCases(filepath.Join("..", "..", "e2e", "cases"))
	if err != nil {
		t.Fatal(err)
	}
	var out []namedPlan
	for i, c := range cases {
		if i%stride != 0 {
			continue
		}
		for _, pl := range []string{"default", "baseline"} {
			dims, err := c.Dims()
			if err != nil {
				t.Fatalf("%s: %v", c.Name, err)
			}
			p, err := compiler.CompileFor(c.Program, c.Func, pl, dims, target)
			if err != nil {
				t.Fatalf("%s (%s): %v", c.Name, pl, err)
			}
			out = append(out, namedPlan{c.Name + "/" + pl, p})
		}
	}
	return out
}

var kernelName = regexp.MustCompile(`^tl_s([0-9]+)_(fill|copy|generic|scalar|launch)$`)

// deadFill reports whether fill step i may go without a kernel: a later
// kernel writing its buffer hands that output to its epilogue in
// registers and never reads it (Module.dropDeadFills).
func deadFill(p *plan.Plan, m *codegen.Module, i int) bool {
	if p.Steps[i].Kind != plan.StepFill {
		return false
	}
	b := p.Steps[i].Outputs[0].Buf
	for j := i + 1; j < len(p.Steps); j++ {
		if k := m.KernelOf(j); k != nil && len(p.Steps[j].Outputs) == 1 && p.Steps[j].Outputs[0].Buf == b &&
			strings.Contains(k.Source, "the output in registers, not stored") {
			return true
		}
		// The epilogue fused into step j writes the fill's zeros
		// (cellzeros.go).
		if k := m.KernelOf(j); k != nil && j+1 < len(p.Steps) && m.Steps[j+1] == nil && slices.ContainsFunc(p.Steps[j+1].Outputs, func(v plan.View) bool { return v.Buf == b }) &&
			strings.Contains(k.Source, "the zeros of the rest of its cell") {
			return true
		}
	}
	return false
}

// Generation is deterministic, names follow the steps, and the hash
// keys both source and target.
// TestParamsAreNamed: every buffer a kernel takes, its source names
// beyond the declaration. A kernel that hands its output to its
// epilogue in registers does not take the output (a launch of such
// kernels took each one's unused pointer).
func TestParamsAreNamed(t *testing.T) {
	dropped := 0
	for _, np := range append(testdataPlans(t), e2ePlans(t, 40, compiler.CUDA)...) {
		m, err := codegen.Generate(np.p)
		if err != nil {
			t.Fatalf("%s: %v", np.name, err)
		}
		for _, k := range m.Kernels {
			taken := map[*plan.Buffer]bool{}
			for _, prm := range k.Params {
				if prm.Kind != codegen.ParamBuffer {
					continue
				}
				taken[prm.Buffer] = true
				name := regexp.MustCompile(fmt.Sprintf(`\bbuf%d\b`, prm.Buffer.ID))
				if n := len(name.FindAllString(k.Source, -1)); n < 2 {
					t.Errorf("%s: %s takes %s and names it %d times", np.name, k.Name, prm.Buffer.Name(), n)
				}
			}
			for _, i := range append([]int{k.Step}, k.Group...) {
				for _, v := range np.p.Steps[i].Outputs {
					if !taken[v.Buf] {
						dropped++
					}
				}
			}
		}
	}
	if dropped == 0 {
		t.Error("no kernel leaves out an output it hands to its epilogue in registers")
	}
}

func TestGenerateDeterministicNamesAndHash(t *testing.T) {
	for _, np := range append(testdataPlans(t), e2ePlans(t, 40, compiler.CUDA)...) {
		m1, err := codegen.Generate(np.p)
		if err != nil {
			t.Fatalf("%s: %v", np.name, err)
		}
		m2, err := codegen.Generate(np.p)
		if err != nil {
			t.Fatal(err)
		}
		if m1.Source() != m2.Source() {
			t.Errorf("%s: two generations differ", np.name)
		}
		if len(m1.Steps) != len(np.p.Steps) {
			t.Fatalf("%s: %d step entries for %d steps", np.name, len(m1.Steps), len(np.p.Steps))
		}
		// The steps whose kernels run in a launch of several (Group),
		// after its first.
		inLaunch := map[int]bool{}
		for _, k := range m1.Kernels {
			if k.Group != nil {
				if len(k.Group) < 2 || k.Group[0] != k.Step || !slices.IsSorted(k.Group) {
					t.Errorf("%s: kernel %s launches steps %v", np.name, k.Name, k.Group)
				}
				for _, j := range k.Group[1:] {
					inLaunch[j] = true
				}
			}
		}
		for i, k := range m1.Steps {
			s := np.p.Steps[i]
			if k == nil {
				if (s.Kind == plan.StepFill || s.Kind == plan.StepCopy) && s.Outputs[0].NumElements() > 0 && !deadFill(np.p, m1, i) && !inLaunch[i] || s.Kind == plan.StepScalar {
					t.Errorf("%s: step %d (%s) has no kernel", np.name, i, s.Kind)
				}
				continue
			}
			kind := s.Kind.String()
			if k.Group != nil {
				kind = "launch"
			}
			sm := kernelName.FindStringSubmatch(k.Name)
			if sm == nil || sm[1] != strconv.Itoa(i) || sm[2] != kind || k.Step != i || inLaunch[i] {
				t.Errorf("%s: step %d (%s) has kernel %q", np.name, i, s.Kind, k.Name)
			}
			if !regexp.MustCompile(`extern "C" __global__ void __launch_bounds__\(256(, [0-9]+)?\) ` + k.Name + `\(`).MatchString(k.Source) {
				t.Errorf("%s: kernel %s's source does not define it", np.name, k.Name)
			}
			if k.Grid < 1 || k.Block != codegen.BlockSize {
				t.Errorf("%s: kernel %s launch %d x %d", np.name, k.Name, k.Grid, k.Block)
			}
		}
		if strings.Contains(m1.Source(), "#include") {
			t.Errorf("%s: source includes a header", np.name)
		}
		if m1.Hash("gfx90a") != m2.Hash("gfx90a") || m1.Hash("gfx90a") == m1.Hash("gfx942") ||
			m1.Hash("gfx90a") != codegen.HashSource(m1.Source(), "gfx90a") || len(m1.Hash("sm_90")) != 64 {
			t.Errorf("%s: hash is not a function of source and target", np.name)
		}
	}
}

// A contraction with enough 128×128 tiles takes the large tile in its
// NVIDIA tensor-core body, and its kernel carries that body's grid
// (GridMMA, one block a large tile) beside the other bodies' (Grid, a
// block a 64×64 tile); a small one carries the same grid for both.
func TestGridMMA(t *testing.T) {
	const src = `
#a = affine_map<(d0, d1, d2) -> (d0, d2)>
#b = affine_map<(d0, d1, d2) -> (d1, d2)>
#c = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @mm(%a: tensor<MxKxf16>, %b: tensor<256xKxf16>) -> tensor<Mx256xf32> {
  %z = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<Mx256xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<Mx256xf32>) -> tensor<Mx256xf32>
  %r = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<MxKxf16>, tensor<256xKxf16>) outs(%f : tensor<Mx256xf32>) {
  ^bb0(%x: f16, %v: f16, %o: f32):
    %xf = arith.extf %x : f16 to f32
    %vf = arith.extf %v : f16 to f32
    %p = arith.mulf %xf, %vf : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<Mx256xf32>
  return %r : tensor<Mx256xf32>
}`
	for _, tc := range []struct {
		m, k          string
		grid, gridMMA int
		scratch       int64
	}{
		{"16384", "64", 16384 / 64 * 4, 16384 / 128 * 2, 0}, // 256 large tiles: the large tile
		{"1024", "64", 1024 / 64 * 4, 1024 / 64 * 4, 0},     // 16: the small one, the same grid
		// 64 small tiles and a long K (splitk.go): 4 parts (256 / 64;
		// K / 256 allows 98), each 6272 deep; the counters of any split
		// (512 bytes), then a tile's 16 KB of sums a part.
		{"1024", "25088", 64 * 4, 64 * 4, 512 + 64*4*64*64*4},
		// 4 tiles: 64 parts of 392 asked, 416 (a multiple of 32) give 61.
		{"64", "25088", 4 * 61, 4 * 61, 512 + 4*61*64*64*4},
		// 128 small tiles or more: enough blocks, no split.
		{"8192", "25088", 8192 / 64 * 4, 8192 / 64 * 4, 0},
		// K too short to halve into parts of 256.
		{"1024", "500", 1024 / 64 * 4, 1024 / 64 * 4, 0},
	} {
		text := strings.NewReplacer("M", tc.m, "K", tc.k).Replace(src)
		mod, err := codegen.Generate(planOf(t, text, "mm.mlir", "mm"))
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, k := range mod.Kernels {
			if strings.Contains(k.Source, "tl_mma_f16") {
				found = true
				if k.Grid != tc.grid || k.GridMMA != tc.gridMMA || k.Scratch != tc.scratch {
					t.Errorf("M=%s K=%s: grid %d, tensor-core grid %d, scratch %d; want %d, %d, %d", tc.m, tc.k, k.Grid, k.GridMMA, k.Scratch, tc.grid, tc.gridMMA, tc.scratch)
				}
				if split := strings.Contains(k.Source, "tl_parts["); split != (tc.scratch > 0) {
					t.Errorf("M=%s K=%s: the source splits K: %v", tc.m, tc.k, split)
				}
			}
		}
		if !found {
			t.Errorf("M=%s: no tensor-core kernel", tc.m)
		}
	}
}

// planOf parses src (file name file) and plans its function fn.
func planOf(t *testing.T, src, file, fn string) *plan.Plan {
	t.Helper()
	m, err := asm.Parse(compiler.NewContext(), src, asm.Options{FileName: file})
	if err != nil {
		t.Fatal(err)
	}
	p, err := plan.Build(m, fn)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// The 1x1 stride-2 data gradients of gpu/testdata/cellzeros.mlir: their
// output's fill has no kernel, the epilogue stores the zeros of each 2x2
// cell (guarded along the odd extents), and no other fill goes. (That the
// results are the CPU's bits, from buffers that start as garbage, is
// TestHostEmulationMatchesCPU's and TestHostMMAMatchesCPU's part.)
func TestCellZerosReplaceFill(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "testdata", "cellzeros.mlir"))
	if err != nil {
		t.Fatal(err)
	}
	// guarded: the last cell of a dim reaches past the buffer (odd
	// extents); paired: 16-bit cells two wide in rows of even length,
	// stored a word at a time (tl_st2).
	for fn, want := range map[string]struct{ guarded, paired bool }{
		"dgrad1x1_s2_odd_bf16": {guarded: true}, "dgrad1x1_s2_even_f16": {paired: true}, "dgrad1x1_s2_mma_f16": {guarded: true, paired: true},
	} {
		p := planOf(t, string(src), "cellzeros.mlir", fn)
		m, err := codegen.Generate(p)
		if err != nil {
			t.Fatal(err)
		}
		var fills, resultFills int
		for i, s := range p.Steps {
			if s.Kind != plan.StepFill {
				continue
			}
			fills++
			if s.Outputs[0].Buf.Kind == plan.Result && m.KernelOf(i) != nil {
				resultFills++
			}
		}
		if fills == 0 || resultFills != 0 {
			t.Errorf("%s: %d fills in the plan, %d of the result still with a kernel; want the result's without", fn, fills, resultFills)
		}
		src := m.Source()
		zeros := strings.Count(src, " = 0;") + strings.Count(src, "tl_f2h(0)") + strings.Count(src, "tl_f2b(0)")
		// A pair of zeros; the origin's store holds the third zero.
		pairs := len(regexp.MustCompile(`tl_st2\(buf\d+ \+ \([^;]*\) \+ \d+, 0, 0\);`).FindAllString(src, -1))
		origins := len(regexp.MustCompile(`tl_st2\(buf\d+ \+ \([^;]*\), tl_f2[hb]\(ey\d+\), 0\);`).FindAllString(src, -1))
		if want.paired {
			if pairs == 0 || origins == 0 {
				t.Errorf("%s: %d stores of a pair of zeros, %d of an origin with its zero; want the cells stored a word at a time", fn, pairs, origins)
			}
		} else if zeros < 3 || pairs+origins != 0 {
			t.Errorf("%s: %d zero stores and %d paired ones, want at least a cell's 3 of single elements", fn, zeros, pairs)
		}
		if got := strings.Contains(src, "* 2ll + 1 < 7ll") || strings.Contains(src, "* 2ll + 1 < 15ll"); got != want.guarded {
			t.Errorf("%s: guarded zero stores %v, want %v", fn, got, want.guarded)
		}
	}
}

// The contractions of gpu/testdata/narrow.mlir each run as a narrow
// kernel (narrow.go): a thread a row of the wide side (or four, when
// there are rows enough), the narrow side's outputs in registers, in the
// orientation and from the start (zero, or the output read first) the
// function calls for; the epilogue fused where there is one. (That their
// results are the CPU's bits is TestHostEmulationMatchesCPU's part.)
func TestNarrowContractions(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "testdata", "narrow.mlir"))
	if err != nil {
		t.Fatal(err)
	}
	for _, many := range []bool{false, true} {
		restore := func() {}
		if many {
			restore = codegen.SetNarrowFill(1)
		}
		for _, want := range []struct {
			fn          string
			cols        int
			mNarrow     bool
			readsOutput bool
			fused       bool
		}{
			{"phase_3ch_bf16", 3, false, false, true},
			{"grouped_f32", 5, false, false, false},
			{"narrow_m_f16", 4, true, false, false},
			{"accumulate_f64", 6, false, true, false},
		} {
			// Rows a thread, given rows enough: two or four within 64
			// bytes of accumulators (f64 for accumulate_f64), else one.
			rows := 1
			if many {
				size := 4
				if strings.HasSuffix(want.fn, "f64") {
					size = 8
				}
				for _, r := range []int{2, 4} {
					if r*want.cols*size <= 64 {
						rows = r
					}
				}
			}
			p := planOf(t, string(src), "narrow.mlir", want.fn)
			m, err := codegen.Generate(p)
			if err != nil {
				t.Fatal(err)
			}
			var narrow []*codegen.Kernel
			for _, k := range m.Kernels {
				if strings.Contains(k.Source, "acc[q][c] = ") {
					narrow = append(narrow, k)
				}
			}
			if len(narrow) != 1 {
				t.Errorf("%s: %d narrow kernels, want 1", want.fn, len(narrow))
				continue
			}
			k := narrow[0].Source
			if !strings.Contains(k, fmt.Sprintf("for (int q = 0; q < %d; ++q) _Pragma(\"unroll\") for (int c = 0; c < %d; ++c)", rows, want.cols)) {
				t.Errorf("%s: not %d rows of %d outputs a thread:\n%s", want.fn, rows, want.cols, k)
			}
			orient := "const i64 m = rw, n = c;"
			if want.mNarrow {
				orient = "const i64 m = c, n = rw;"
			}
			if !strings.Contains(k, orient) {
				t.Errorf("%s: want rows %q:\n%s", want.fn, orient, k)
			}
			if got := strings.Contains(k, "acc[q][c] = buf"); got != want.readsOutput {
				t.Errorf("%s: reads its output first %v, want %v", want.fn, got, want.readsOutput)
			}
			if got := strings.Contains(k, "// epilogue: the next step, fused"); got != want.fused {
				t.Errorf("%s: fused epilogue %v, want %v", want.fn, got, want.fused)
			}
			if narrow[0].Sync {
				t.Errorf("%s: a narrow kernel synchronizes no block", want.fn)
			}
			// A product of two f16 values is exact in f32: its add is
			// an fmaf. Not so for bf16's.
			if got, f16 := strings.Contains(k, "fmaf("), strings.HasSuffix(want.fn, "_f16"); got != f16 {
				t.Errorf("%s: fmaf %v, want %v:\n%s", want.fn, got, f16, k)
			}
			if form := codegen.FormNarrow + map[bool]string{true: " + epilogue"}[want.fused]; narrow[0].Form != form {
				t.Errorf("%s: form %q, want %q", want.fn, narrow[0].Form, form)
			}
		}
		restore()
	}
}

// Every kernel of the test programs names its form, one of the Form
// constants (a profile lists kernels by it), with ", K in N parts" when
// its blocks split K and " + epilogue" when it runs the next step too;
// and every form is met.
func TestKernelForms(t *testing.T) {
	forms := []string{codegen.FormFill, codegen.FormCopy, codegen.FormTranspose, codegen.FormScalar, codegen.FormThread,
		codegen.FormReduction, codegen.FormTiled, codegen.FormTensorCores, codegen.FormNarrow, codegen.FormScatter}
	met := map[string]bool{}
	defer func() {
		if !met[codegen.FormLaunch] {
			t.Errorf("no kernel of the test programs is a %q several", codegen.FormLaunch)
		}
	}()
	for _, np := range testdataPlans(t) {
		m, err := codegen.Generate(np.p)
		if err != nil {
			continue
		}
		for _, k := range m.Kernels {
			// A launch of several kernels names them all:
			// "launch of 3: narrow + epilogue; fill".
			kf := []string{k.Form}
			if k.Group != nil {
				head, members, _ := strings.Cut(k.Form, ": ")
				if head != fmt.Sprintf("%s %d", codegen.FormLaunch, len(k.Group)) {
					t.Errorf("%s: %s launches %d kernels, its form says %q", np.name, k.Name, len(k.Group), k.Form)
				}
				kf = strings.Split(members, "; ")
				met[codegen.FormLaunch] = true
			}
			for _, f := range kf {
				form := strings.TrimSuffix(f, " + epilogue")
				// A contraction whose blocks split K says so, and only
				// one whose source does.
				if sm := splitForm.FindStringSubmatch(form); sm != nil {
					form = sm[1]
					met["split"] = true
					if !strings.Contains(k.Source, fmt.Sprintf("tl_item %% %s)", sm[2])) {
						t.Errorf("%s: %s is %q, its source does not split K in %s", np.name, k.Name, k.Form, sm[2])
					}
				} else if k.Group == nil && strings.Contains(k.Source, "tl_parts[") {
					t.Errorf("%s: %s splits K, its form %q does not say so", np.name, k.Name, k.Form)
				}
				if !slices.Contains(forms, form) {
					t.Errorf("%s: %s has form %q", np.name, k.Name, k.Form)
				}
				met[form] = true
				if k.Group == nil && (form == codegen.FormTiled || form == codegen.FormTensorCores) != strings.Contains(k.Source, " sb[") {
					t.Errorf("%s: %s is %q, its source says otherwise", np.name, k.Name, k.Form)
				}
			}
		}
	}
	for _, f := range append(forms, "split") {
		if !met[f] {
			t.Errorf("no kernel of the test programs is a %q", f)
		}
	}
}

// splitForm is a Form whose kernel splits K: its base form, and the parts.
var splitForm = regexp.MustCompile(`^(.*), K in (\d+) parts$`)
