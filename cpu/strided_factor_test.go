package cpu_test

import (
	"testing"

	"github.com/torchlower/torchlower/cpu"
)

// TestStridedFirstFactorPacks: a Linear's weight gradient, gradᵀ·x with
// gradᵀ read where it lies (fold-transposes-into-contractions), packs
// the first factor's panels instead of reading a new line for every
// reduction point, two units at a time on pairs of n tiles; the same
// bits as the interpreter's.
func TestStridedFirstFactorPacks(t *testing.T) {
	const src = `func.func @main(%g: !torch.vtensor<[96,80],f32>, %x: !torch.vtensor<[96,48],f32>) -> !torch.vtensor<[80,48],f32> {
  %i0 = torch.constant.int 0
  %i1 = torch.constant.int 1
  %p = torch.prim.ListConstruct %i1, %i0 : (!torch.int, !torch.int) -> !torch.list<int>
  %gt = torch.aten.permute %g, %p : !torch.vtensor<[96,80],f32>, !torch.list<int> -> !torch.vtensor<[80,96],f32>
  %0 = torch.aten.mm %gt, %x : !torch.vtensor<[80,96],f32>, !torch.vtensor<[96,48],f32> -> !torch.vtensor<[80,48],f32>
  return %0 : !torch.vtensor<[80,48],f32>
}
`
	p := compileTorch(t, src)
	if n := genericSteps(p); n != 1 {
		t.Fatalf("%d generic steps, want the matmul alone (the transpose folded into it)\n%s", n, p)
	}
	strided, quads := cpu.StridedARuns(), cpu.QuadRuns()
	if _, err := cpu.Run(p, normalArgs(t, p, 3)); err != nil {
		t.Fatal(err)
	}
	if cpu.AVX512Runs() > 0 && (cpu.StridedARuns() == strided || cpu.QuadRuns() == quads) {
		t.Errorf("the matmul did not pack its strided first factor (%d) or ran no two-unit blocks (%d)", cpu.StridedARuns()-strided, cpu.QuadRuns()-quads)
	}
	matchInterpreter(t, p)
}
