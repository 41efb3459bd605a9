package cpu_test

import (
	"fmt"
	"testing"

	"github.com/torchlower/torchlower/cpu"
)

// TestSumOverFlippedDim: a sum over a flipped dim reads a view whose
// reduction runs backwards from its base (negative offsets). The plain-sum
// path of an f64 sum, and of an f32 one without the AVX-512 lanes, resliced
// the data at each output's base and panicked on the first negative offset
// (found by e2e/gen/fuzz_graphs.py); every path gives the interpreter's bits,
// over the inner dim (a row's 16 elements) and over the outer one (f32
// data: the column sums, sumCols16d, from the last row up).
func TestSumOverFlippedDim(t *testing.T) {
	for _, dt := range []string{"f64", "f32"} {
		for _, avx512 := range []bool{true, false} {
			for _, dim := range []int{1, 0} {
				testFlippedSum(t, dt, avx512, dim)
			}
		}
	}
}

func testFlippedSum(t *testing.T, dt string, avx512 bool, dim int) {
	out := []int{16, 119}[dim]
	src := fmt.Sprintf(`func.func @main(%%x: !torch.vtensor<[119,16],%[1]s>) -> !torch.vtensor<[%[3]d],%[1]s> {
  %%d = torch.constant.int %[2]d
  %%dims = torch.prim.ListConstruct %%d : (!torch.int) -> !torch.list<int>
  %%f = torch.aten.flip %%x, %%dims : !torch.vtensor<[119,16],%[1]s>, !torch.list<int> -> !torch.vtensor<[119,16],%[1]s>
  %%false = torch.constant.bool false
  %%none = torch.constant.none
  %%s = torch.aten.sum.dim_IntList %%f, %%dims, %%false, %%none : !torch.vtensor<[119,16],%[1]s>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[%[3]d],%[1]s>
  return %%s : !torch.vtensor<[%[3]d],%[1]s>
}
`, dt, dim, out)
	p := compileTorch(t, src)
	t.Run(fmt.Sprintf("%s/avx512=%v/dim=%d", dt, avx512, dim), func(t *testing.T) {
		restore := cpu.SetKernels(cpu.Kernels{Vec: true, AVX512: avx512, Direct: true, Narrow: true, OneColumn: true, GroupLanes: true, Packed: true})
		defer restore()
		before := cpu.ColSumRuns()
		matchInterpreter(t, p)
		if got := cpu.ColSumRuns() - before; dt == "f32" && dim == 0 && avx512 && cpu.HaveAVX512() && got != 1 {
			t.Errorf("%d units summed a column at a time, want 1", got)
		}
	})
}
