package cpu_test

import (
	"math"
	"os"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/compiler"
	"github.com/torchlower/torchlower/cpu"
	"github.com/torchlower/torchlower/plan"
)

// TestEpilogues checks dispatch formation end to end: the elementwise
// consumer of a convolution or matmul is marked as its producer's
// epilogue, the CPU runs it fused into the contraction's tiles where
// their rows are contiguous (else, and a lone truncf, right after them),
// and the
// results are bit for bit those of running the two steps one after the
// other in the interpreter.
func TestEpilogues(t *testing.T) {
	src, err := os.ReadFile("testdata/epilogue.mlir")
	if err != nil {
		t.Fatal(err)
	}
	m := lowerTorch(t, "epilogue", string(src))
	if err := compiler.Preprocess(compiler.NewContext(), m, "default"); err != nil {
		t.Fatal(err)
	}
	for _, fn := range []string{"conv_relu", "conv_bf16", "conv_bf16_trunc", "mm_tanh"} {
		t.Run(fn, func(t *testing.T) {
			p, err := plan.Build(m, fn)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(p.String(), ": generic epilogue ") {
				t.Fatalf("no epilogue in the plan:\n%s", p)
			}
			args := normalArgs(t, p, 3)
			before, convertBefore := cpu.FusedEpilogues(), cpu.ConvertRuns()
			got, err := cpu.Run(p, args)
			if err != nil {
				t.Fatal(err)
			}
			// A lone truncf runs after the contraction, as a converting
			// copy; an epilogue whose rows are contiguous (the matmul's)
			// in its tiles; one over an NCHW convolution's output, whose
			// tile rows are channels a plane apart, as a pass of its own.
			lone := fn == "conv_bf16_trunc"
			inTiles := fn == "mm_tanh"
			if fused := cpu.FusedEpilogues() != before; cpu.HaveVectorKernel() && fused != inTiles {
				t.Fatalf("the epilogue ran fused: %v, want %v\n%s", fused, inTiles, p)
			}
			if converted := cpu.ConvertRuns() != convertBefore; converted != lone {
				t.Fatalf("a converting copy ran: %v, want %v\n%s", converted, lone, p)
			}
			prev := cpu.SetFastContractions(false)
			want, err := cpu.Run(p, args)
			cpu.SetFastContractions(prev)
			if err != nil {
				t.Fatal(err)
			}
			for i := range want {
				for j := 0; j < want[i].NumElements(); j++ {
					g, w := got[i].Float64(j), want[i].Float64(j)
					if math.Float64bits(g) != math.Float64bits(w) {
						t.Fatalf("result %d element %d: fused %v, separate %v", i, j, g, w)
					}
				}
			}
		})
	}
}
