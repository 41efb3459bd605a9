package codegen_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/bench"
	"github.com/torchlower/torchlower/compiler"
	"github.com/torchlower/torchlower/gpu/codegen"
)

// launches lists the steps of each launch of m, in order: a kernel's
// Group, or its one step.
func launches(m *codegen.Module) [][]int {
	var out [][]int
	for _, k := range m.Kernels {
		if k.Group != nil {
			out = append(out, k.Group)
		} else {
			out = append(out, []int{k.Step})
		}
	}
	return out
}

// Horizontal fusion joins consecutive independent kernels, and no
// dependence through memory: read after write, write after write within
// one buffer, and write after read through an arena slot that two
// temporaries share (gpu/testdata/launches.mlir says which is which).
// That a fused launch computes what its kernels did, its blocks run last
// first, is TestHostEmulationMatchesCPU's part.
func TestHorizontalFusion(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "testdata", "launches.mlir"))
	if err != nil {
		t.Fatal(err)
	}
	for fn, want := range map[string][][]int{
		"independent":   {{1, 3}, {5}},
		"windows":       {{1}, {2, 3}, {4}},
		"arena_slot":    {{1}, {3}, {5}, {7}},
		"transposes":    {{1, 3}},
		"transposes_i8": {{1, 3}},
	} {
		p := planOf(t, string(src), "launches.mlir", fn)
		m, err := codegen.Generate(p)
		if err != nil {
			t.Fatal(err)
		}
		if got := launches(m); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("@%s: launches of steps %v, want %v", fn, got, want)
		}
		for _, k := range m.Kernels {
			if k.Group == nil {
				continue
			}
			// The deal's last segment ends at the launch's grid, and
			// every member has a body (TestDealBlocks checks the deal).
			if !strings.Contains(k.Source, fmt.Sprintf("if (b < %du) {", k.Grid)) || !strings.Contains(k.Source, fmt.Sprintf("if (tl_member == %du) {", len(k.Group)-1)) || m.Steps[k.Step] != k {
				t.Errorf("@%s: %s (grid %d) does not deal its blocks to its %d members:\n%s", fn, k.Name, k.Grid, len(k.Group), k.Source)
			}
			if sync := strings.Contains(k.Source, "__syncthreads"); sync != k.Sync || sync != strings.HasPrefix(fn, "transposes") {
				t.Errorf("@%s: %s synchronizes: source %v, Sync %v", fn, k.Name, sync, k.Sync)
			}
			// Transposes share the lowest of their bounds: six blocks
			// for the f16 tile of pairs beside the f32 one's eight, none
			// with an i8 tile (which spills under any).
			bound := map[string]string{"transposes": "(256, 6)", "transposes_i8": "(256)"}[fn]
			if bound != "" && !strings.Contains(k.Source, "__launch_bounds__"+bound) {
				t.Errorf("@%s: %s is not bounded %s:\n%s", fn, k.Name, bound, k.Source[:200])
			}
			for _, s := range k.Group[1:] {
				if m.Steps[s] != nil || m.KernelOf(s) != k {
					t.Errorf("@%s: step %d runs in %s, yet has a kernel of its own", fn, s, k.Name)
				}
			}
		}
	}
}

// The seeds' 3-channel 3x3 data gradient (bf16, 940x1450) is four
// phases and five edge regions, each a narrow kernel but the corner's
// (thread per output): all nine share a launch, under the narrow
// kernels' register bound.
func TestSeedPhasesShareALaunch(t *testing.T) {
	s, ok := bench.SuiteByName("seeds")
	if !ok {
		t.Fatal("no seeds suite")
	}
	i := slices.IndexFunc(s.Shapes, func(sh bench.Shape) bool { return sh.C == 3 && sh.N == 1 })
	if i < 0 {
		t.Fatal("no 3-channel seed of batch 1")
	}
	prog := filepath.Join(t.TempDir(), "seed.mlir")
	if err := os.WriteFile(prog, []byte(s.Shapes[i].Case().TorchFunc()), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := compiler.CompileFor(prog, "conv", "default", nil, compiler.CUDA)
	if err != nil {
		t.Fatal(err)
	}
	m, err := codegen.Generate(p)
	if err != nil {
		t.Fatal(err)
	}
	ls := launches(m)
	if len(ls) != 1 || len(ls[0]) != 9 {
		t.Fatalf("launches of steps %v, want the nine regions' kernels in one", ls)
	}
	if f, want := m.Kernels[0].Form, codegen.FormLaunch+" 9: "+codegen.FormNarrow+" + epilogue; "+codegen.FormThread+" + epilogue"; f != want {
		t.Errorf("the regions' launch has form %q, want %q", f, want)
	}
	if !strings.Contains(m.Kernels[0].Source, "__launch_bounds__(256, 4)") {
		t.Errorf("the launch lost the narrow kernels' register bound:\n%s", m.Kernels[0].Source[:300])
	}
}

// The deal of a fused launch's blocks, compiled for the host and run for
// every block: each member gets each of its blocks exactly once, and in
// turn (a member's block r comes before any member's block r+1).
func TestDealBlocks(t *testing.T) {
	cxx, err := exec.LookPath("g++")
	if err != nil {
		t.Skip("g++ not found: the deal of a fused launch's blocks is not checked")
	}
	cases := [][]int{{1}, {3, 3}, {5, 3, 3, 1}, {666, 665, 665, 664, 3, 3, 2, 2}, {7, 7, 7, 2, 2, 1}}
	totals := make([]int, len(cases))
	for c, grids := range cases {
		for _, g := range grids {
			totals[c] += g
		}
	}
	var src strings.Builder
	src.WriteString("#include <stdio.h>\ntypedef long long i64;\nstruct { unsigned x; } blockIdx;\nint main() {\n")
	for c, grids := range cases {
		fmt.Fprintf(&src, "  for (unsigned i = 0; i < %d; i++) {\n    blockIdx.x = i;\n%s    printf(\"%d %%u %%u\\n\", tl_member, tl_block);\n  }\n", totals[c], codegen.DealBlocks(grids), c)
	}
	src.WriteString("  return 0;\n}\n")
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "deal.cc"), []byte(src.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(cxx, "-O1", "-o", filepath.Join(dir, "deal"), filepath.Join(dir, "deal.cc")).CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s\n%s", err, out, src.String())
	}
	out, err := exec.Command(filepath.Join(dir, "deal")).Output()
	if err != nil {
		t.Fatal(err)
	}
	got := make([][][2]int, len(cases))
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		var c, member, block int
		if _, err := fmt.Sscan(line, &c, &member, &block); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		got[c] = append(got[c], [2]int{member, block})
	}
	for c, grids := range cases {
		seen := map[[2]int]bool{}
		for b, mb := range got[c] {
			if mb[0] < 0 || mb[0] >= len(grids) || mb[1] < 0 || mb[1] >= grids[mb[0]] || seen[mb] {
				t.Errorf("grids %v: block %d goes to member %d's block %d", grids, b, mb[0], mb[1])
			}
			seen[mb] = true
			if b > 0 && mb[1] < got[c][b-1][1] {
				t.Errorf("grids %v: block %d deals round %d after round %d", grids, b, mb[1], got[c][b-1][1])
			}
		}
		if len(seen) != totals[c] {
			t.Errorf("grids %v: %d of the members' %d blocks dealt", grids, len(seen), totals[c])
		}
	}
}
