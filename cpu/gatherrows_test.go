package cpu_test

import (
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/cpu"
	"github.com/torchlower/torchlower/runtime"
)

// gatherSrc holds gathers by run-time positions: an embedding lookup
// (rows of the table), index.Tensor on the third dim of four (the
// per-dim gather of a reflection pad in torch.export), on two
// non-adjacent dims (the positions in front), of bf16 values, and
// index_select of i64 values.
const gatherSrc = `
func.func @main(%w: !torch.vtensor<[7,5],f32>, %t: !torch.vtensor<[2,3],si64>,
                %x: !torch.vtensor<[2,3,4,5],f32>, %i: !torch.vtensor<[6],si64>,
                %a: !torch.vtensor<[3],si64>, %b: !torch.vtensor<[3],si64>,
                %h: !torch.vtensor<[2,3,4,5],bf16>, %n: !torch.vtensor<[5,3],si64>)
    -> (!torch.vtensor<[2,3,5],f32>, !torch.vtensor<[2,3,6,5],f32>, !torch.vtensor<[3,3,4],f32>, !torch.vtensor<[2,3,6,5],bf16>, !torch.vtensor<[6,3],si64>) {
  %none = torch.constant.none
  %f = torch.constant.bool false
  %m1 = torch.constant.int -1
  %i0 = torch.constant.int 0
  %r0 = torch.aten.embedding %w, %t, %m1, %f, %f : !torch.vtensor<[7,5],f32>, !torch.vtensor<[2,3],si64>, !torch.int, !torch.bool, !torch.bool -> !torch.vtensor<[2,3,5],f32>
  %l1 = torch.prim.ListConstruct %none, %none, %i : (!torch.none, !torch.none, !torch.vtensor<[6],si64>) -> !torch.list<optional<vtensor>>
  %r1 = torch.aten.index.Tensor %x, %l1 : !torch.vtensor<[2,3,4,5],f32>, !torch.list<optional<vtensor>> -> !torch.vtensor<[2,3,6,5],f32>
  %l2 = torch.prim.ListConstruct %a, %none, %none, %b : (!torch.vtensor<[3],si64>, !torch.none, !torch.none, !torch.vtensor<[3],si64>) -> !torch.list<optional<vtensor>>
  %r2 = torch.aten.index.Tensor %x, %l2 : !torch.vtensor<[2,3,4,5],f32>, !torch.list<optional<vtensor>> -> !torch.vtensor<[3,3,4],f32>
  %r3 = torch.aten.index.Tensor %h, %l1 : !torch.vtensor<[2,3,4,5],bf16>, !torch.list<optional<vtensor>> -> !torch.vtensor<[2,3,6,5],bf16>
  %r4 = torch.aten.index_select %n, %i0, %i : !torch.vtensor<[5,3],si64>, !torch.int, !torch.vtensor<[6],si64> -> !torch.vtensor<[6,3],si64>
  return %r0, %r1, %r2, %r3, %r4 : !torch.vtensor<[2,3,5],f32>, !torch.vtensor<[2,3,6,5],f32>, !torch.vtensor<[3,3,4],f32>, !torch.vtensor<[2,3,6,5],bf16>, !torch.vtensor<[6,3],si64>
}`

// TestGatherRows runs gathers by run-time positions as row copies and
// requires the values of the body run at every element.
func TestGatherRows(t *testing.T) {
	p := compileTorch(t, gatherSrc)
	ints := map[int][]float64{
		1: {6, 0, 2, 2, 5, 1}, // %t
		3: {1, 0, 1, 2, 3, 2}, // %i: a reflection's positions
		4: {1, -2, 0},         // %a
		5: {4, 0, -1},         // %b
	}
	rng := rand.New(rand.NewSource(5))
	args := indexArgs(t, p, ints, func(int) float64 { return math.Round(rng.NormFloat64() * 100) })
	before := cpu.GatherRowRuns()
	got, err := cpu.Run(p, args)
	if err != nil {
		t.Fatal(err)
	}
	if ran := cpu.GatherRowRuns() - before; ran != 5 {
		t.Errorf("the gather-rows path ran %d generics, want 5\n%s", ran, p)
	}
	prev := cpu.SetGatherRows(false)
	want, err := cpu.Run(p, args)
	cpu.SetGatherRows(prev)
	if err != nil {
		t.Fatal(err)
	}
	for r := range want {
		if string(got[r].Data) != string(want[r].Data) {
			t.Errorf("result %d: rows %v, body %v", r, got[r].Float64s(), want[r].Float64s())
		}
	}

	// A position out of range is an error naming the op, as the body's.
	args[3] = tensorOf(t, runtime.I64, []int64{6}, []float64{1, 0, 4, 2, 3, 2})
	if _, err := cpu.Run(p, args); err == nil || !strings.Contains(err.Error(), "out of range") {
		t.Errorf("an index of 4 into 4 rows: %v, want an out-of-range error", err)
	}
}

// BenchmarkGatherRowsEmbedding is a language model's embedding lookup
// (512 tokens of a 2048 x 256 table) by the gather-rows path and by the
// body at each element, side by side.
//
//	go test ./cpu -run '^$' -bench GatherRowsEmbedding
func BenchmarkGatherRowsEmbedding(b *testing.B) {
	src := `
func.func @main(%w: !torch.vtensor<[2048,256],f32>, %t: !torch.vtensor<[512],si64>) -> !torch.vtensor<[512,256],f32> {
  %f = torch.constant.bool false
  %m1 = torch.constant.int -1
  %r = torch.aten.embedding %w, %t, %m1, %f, %f : !torch.vtensor<[2048,256],f32>, !torch.vtensor<[512],si64>, !torch.int, !torch.bool, !torch.bool -> !torch.vtensor<[512,256],f32>
  return %r : !torch.vtensor<[512,256],f32>
}`
	p := compileTorch(b, src)
	args := scatterBenchArgs(b, p, rand.New(rand.NewSource(2)), 2048)
	benchSideBySide(b, p, args, "rows", "body", cpu.SetGatherRows)
}
