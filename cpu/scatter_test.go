package cpu_test

import (
	"fmt"
	"math"
	"math/rand"
	"testing"

	"github.com/torchlower/torchlower/cpu"
	"github.com/torchlower/torchlower/plan"
	"github.com/torchlower/torchlower/runtime"
)

// scatterSrc holds index_put (accumulating, with repeated and negative
// indices, and writing, where the last of repeated positions wins; two
// index tensors on non-adjacent dims; bf16, whose sums round at every
// add), index_add, index_copy and embedding_dense_backward with a
// padding index: every form datamovement_scatter.go lowers to a
// reduction over the index positions.
const scatterSrc = `
func.func @main(%x: !torch.vtensor<[6,4],f32>, %i: !torch.vtensor<[5],si64>, %v: !torch.vtensor<[5,4],f32>,
                %y: !torch.vtensor<[4,3,5],f32>, %a: !torch.vtensor<[3],si64>, %b: !torch.vtensor<[3],si64>, %w: !torch.vtensor<[3,3],f32>,
                %z: !torch.vtensor<[6,4],bf16>, %zv: !torch.vtensor<[5,4],bf16>,
                %g: !torch.vtensor<[2,3,4],f32>, %e: !torch.vtensor<[2,3],si64>, %w4: !torch.vtensor<[3,4],f32>)
    -> (!torch.vtensor<[6,4],f32>, !torch.vtensor<[6,4],f32>, !torch.vtensor<[4,3,5],f32>, !torch.vtensor<[6,4],bf16>,
        !torch.vtensor<[6,4],f32>, !torch.vtensor<[6,4],f32>, !torch.vtensor<[7,4],f32>) {
  %t = torch.constant.bool true
  %f = torch.constant.bool false
  %none = torch.constant.none
  %i0 = torch.constant.int 0
  %i2 = torch.constant.int 2
  %i7 = torch.constant.int 7
  %half = torch.constant.float 5.000000e-01
  %l = torch.prim.ListConstruct %i : (!torch.vtensor<[5],si64>) -> !torch.list<optional<vtensor>>
  %r0 = torch.aten.index_put %x, %l, %v, %t : !torch.vtensor<[6,4],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[5,4],f32>, !torch.bool -> !torch.vtensor<[6,4],f32>
  %r1 = torch.aten.index_put %x, %l, %v, %f : !torch.vtensor<[6,4],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[5,4],f32>, !torch.bool -> !torch.vtensor<[6,4],f32>
  %l2 = torch.prim.ListConstruct %a, %none, %b : (!torch.vtensor<[3],si64>, !torch.none, !torch.vtensor<[3],si64>) -> !torch.list<optional<vtensor>>
  %r2 = torch.aten.index_put %y, %l2, %w, %t : !torch.vtensor<[4,3,5],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[3,3],f32>, !torch.bool -> !torch.vtensor<[4,3,5],f32>
  %r3 = torch.aten.index_put %z, %l, %zv, %t : !torch.vtensor<[6,4],bf16>, !torch.list<optional<vtensor>>, !torch.vtensor<[5,4],bf16>, !torch.bool -> !torch.vtensor<[6,4],bf16>
  %r4 = torch.aten.index_add %x, %i0, %i, %v, %half : !torch.vtensor<[6,4],f32>, !torch.int, !torch.vtensor<[5],si64>, !torch.vtensor<[5,4],f32>, !torch.float -> !torch.vtensor<[6,4],f32>
  %r5 = torch.aten.index_copy %x, %i0, %a, %w4 : !torch.vtensor<[6,4],f32>, !torch.int, !torch.vtensor<[3],si64>, !torch.vtensor<[3,4],f32> -> !torch.vtensor<[6,4],f32>
  %r6 = torch.aten.embedding_dense_backward %g, %e, %i7, %i2, %f : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3],si64>, !torch.int, !torch.int, !torch.bool -> !torch.vtensor<[7,4],f32>
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6 : !torch.vtensor<[6,4],f32>, !torch.vtensor<[6,4],f32>, !torch.vtensor<[4,3,5],f32>, !torch.vtensor<[6,4],bf16>, !torch.vtensor<[6,4],f32>, !torch.vtensor<[6,4],f32>, !torch.vtensor<[7,4],f32>
}`

// TestScatterPath runs the reductions over index positions as scatters
// and requires the reduction's bits: each element still takes its
// positions in increasing order.
func TestScatterPath(t *testing.T) {
	p := compileTorch(t, scatterSrc)
	ints := map[int][]float64{
		1:  {1, -1, 1, 3, 0},   // %i: 1 twice, -1 is 5
		4:  {3, 0, 3},          // %a
		5:  {4, 0, -1},         // %b: (3, 4), (0, 0), (3, -1 = 4) again
		10: {2, 0, 6, 2, 5, 3}, // %e: 2 is the padding index
	}
	rng := rand.New(rand.NewSource(3))
	args := indexArgs(t, p, ints, func(int) float64 { return rng.NormFloat64() })
	before, rowsBefore := cpu.ScatterRuns(), cpu.ScatterRowRuns()
	got, err := cpu.Run(p, args)
	if err != nil {
		t.Fatal(err)
	}
	// The f32 ones run as typed rows (index_add's source is scaled by a
	// generic of its own; embedding_dense_backward's padding test is
	// decided by k); the bf16 sums, rounded at every add, run the body.
	ran, rows := cpu.ScatterRuns()-before, cpu.ScatterRowRuns()-rowsBefore
	if ran != 7 || rows != 6 {
		t.Errorf("the scatter path ran %d generics, %d of them as rows; want all 7, 6 as rows\n%s", ran, rows, p)
	}
	prev := cpu.SetScatter(false)
	want, err := cpu.Run(p, args)
	cpu.SetScatter(prev)
	if err != nil {
		t.Fatal(err)
	}
	for r := range want {
		g, w := got[r].Float64s(), want[r].Float64s()
		for j := range w {
			if math.Float64bits(g[j]) != math.Float64bits(w[j]) {
				t.Errorf("result %d, element %d: scatter %v, reduction %v", r, j, g[j], w[j])
				break
			}
		}
	}
}

// BenchmarkScatterEmbeddingGrad is the embedding gradient of a small
// language model as torch.export writes it (index_put of the output
// gradient at the tokens, accumulate), by the scatter path and by the
// reduction over token positions it replaces, side by side.
//
//	go test ./cpu -run '^$' -bench ScatterEmbeddingGrad
func BenchmarkScatterEmbeddingGrad(b *testing.B) {
	const vocab, dim, tokens = 2048, 32, 256
	src := fmt.Sprintf(`
func.func @main(%%w: !torch.vtensor<[%[1]d,%[2]d],f32>, %%i: !torch.vtensor<[%[3]d],si64>, %%g: !torch.vtensor<[%[3]d,%[2]d],f32>) -> !torch.vtensor<[%[1]d,%[2]d],f32> {
  %%t = torch.constant.bool true
  %%l = torch.prim.ListConstruct %%i : (!torch.vtensor<[%[3]d],si64>) -> !torch.list<optional<vtensor>>
  %%r = torch.aten.index_put %%w, %%l, %%g, %%t : !torch.vtensor<[%[1]d,%[2]d],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[%[3]d,%[2]d],f32>, !torch.bool -> !torch.vtensor<[%[1]d,%[2]d],f32>
  return %%r : !torch.vtensor<[%[1]d,%[2]d],f32>
}`, vocab, dim, tokens)
	p := compileTorch(b, src)
	args := scatterBenchArgs(b, p, rand.New(rand.NewSource(1)), vocab)
	benchSideBySide(b, p, args, "scatter", "reduction", cpu.SetScatter)
}

// benchSideBySide times p's runs on args with a path on (sub-benchmark
// on) and off, set switching it and returning the previous setting. An
// Executor takes its results back after each run, as in a training
// loop: fresh memory's page faults are not the path's.
func benchSideBySide(b *testing.B, p *plan.Plan, args []*runtime.Tensor, on, off string, set func(bool) bool) {
	for _, enabled := range []bool{true, false} {
		name := on
		if !enabled {
			name = off
		}
		b.Run(name, func(b *testing.B) {
			defer set(set(enabled))
			ex := cpu.NewExecutor(p)
			for b.Loop() {
				out, err := ex.Run(args, nil)
				if err != nil {
					b.Fatal(err)
				}
				ex.Recycle(out...)
			}
		})
	}
}

// indexArgs builds p's arguments: argument n holds ints[n] where given
// (the index tensors), else values drawn one by one (draw(n)).
func indexArgs(t testing.TB, p *plan.Plan, ints map[int][]float64, draw func(n int) float64) []*runtime.Tensor {
	var args []*runtime.Tensor
	for n, b := range p.Args {
		dt, err := cpu.DTypeOf(b.Elem)
		if err != nil {
			t.Fatal(err)
		}
		vs := ints[n]
		if vs == nil {
			vs = make([]float64, b.NumElements())
			for j := range vs {
				vs[j] = draw(n)
			}
		}
		args = append(args, tensorOf(t, dt, b.Shape, vs))
	}
	return args
}

// scatterBenchArgs draws p's arguments: its second, the tokens, below
// vocab, the others from a normal distribution.
func scatterBenchArgs(b *testing.B, p *plan.Plan, rng *rand.Rand, vocab int) []*runtime.Tensor {
	return indexArgs(b, p, nil, func(n int) float64 {
		if n == 1 {
			return float64(rng.Intn(vocab))
		}
		return rng.NormFloat64()
	})
}
