package cpu_test

import (
	"testing"

	"github.com/torchlower/torchlower/cpu"
)

// TestKeptDimReductionsRunFast: a reduction into a kept dim of extent 1
// (a layer norm's [rows, 1] mean and rstd, amax with keepdim) has a
// constant 0 in its output map. The contraction matcher and the lanes
// took only maps of loops, so these ran in the interpreter: a layer norm
// of 4096x768 took 125 ms, 4.8 with both sums as contractions. Every
// step runs a fast path here, and gives the interpreter's bits.
func TestKeptDimReductionsRunFast(t *testing.T) {
	const src = `func.func @main(%x: !torch.vtensor<[512,48],f32>, %w: !torch.vtensor<[48],f32>, %b: !torch.vtensor<[48],f32>) -> (!torch.vtensor<[512,48],f32>, !torch.vtensor<[512,1],f32>, !torch.vtensor<[512,1],f32>, !torch.vtensor<[512,1],f32>) {
  %d = torch.constant.int 48
  %ns = torch.prim.ListConstruct %d : (!torch.int) -> !torch.list<int>
  %eps = torch.constant.float 1.000000e-05
  %r:3 = torch.aten.native_layer_norm %x, %ns, %w, %b, %eps : !torch.vtensor<[512,48],f32>, !torch.list<int>, !torch.vtensor<[48],f32>, !torch.vtensor<[48],f32>, !torch.float -> !torch.vtensor<[512,48],f32>, !torch.vtensor<[512,1],f32>, !torch.vtensor<[512,1],f32>
  %one = torch.constant.int 1
  %dims = torch.prim.ListConstruct %one : (!torch.int) -> !torch.list<int>
  %true = torch.constant.bool true
  %m = torch.aten.amax %x, %dims, %true : !torch.vtensor<[512,48],f32>, !torch.list<int>, !torch.bool -> !torch.vtensor<[512,1],f32>
  return %r#0, %r#1, %r#2, %m : !torch.vtensor<[512,48],f32>, !torch.vtensor<[512,1],f32>, !torch.vtensor<[512,1],f32>, !torch.vtensor<[512,1],f32>
}
`
	p := compileTorch(t, src)
	generics := genericSteps(p)
	before := cpu.FastRuns()
	if _, err := cpu.Run(p, normalArgs(t, p, 1)); err != nil {
		t.Fatal(err)
	}
	if got := cpu.FastRuns() - before; got != int64(generics) {
		t.Errorf("%d of %d generic steps ran a fast path\n%s", got, generics, p)
	}
	matchInterpreter(t, p)
}
