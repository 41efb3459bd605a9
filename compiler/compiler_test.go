package compiler_test

import (
	"bytes"
	"fmt"
	"math/rand"
	"path/filepath"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/compiler"
	"github.com/torchlower/torchlower/cpu"
	"github.com/torchlower/torchlower/e2e"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/plan"
	"github.com/torchlower/torchlower/preprocessing"
	"github.com/torchlower/torchlower/runtime"
)

// Layout choices change the order of the data, not the arithmetic: run
// on the CPU, every convolution_backward case of the e2e suite gives bit
// for bit the results of the CPU's pipeline of the same name under
// CUDA's and HIP's, and under the CPU's default with dy transposed
// whatever the contraction's columns (narrow-columns=0: the CPU keeps dy
// as it is for data gradients into at most 8 channels, most of the
// suite's); and those plans do differ (they hold transposes the CPU's do
// not, or lack some).
// The CPU's pipelines fuse a producer into the sum that reads it where
// the GPUs' do not (fuse-into-sums): the results stay bit for bit the
// same, a product of two inputs summed (which fused would become a
// multiply-accumulate for fp-contract) stays unfused, and the
// deviation product fuses (the CPU plan has fewer generics).
func TestFusedSumsGiveGPUBits(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	var args []*runtime.Tensor
	for _, shape := range [][]int64{{16, 300}, {16, 300}, {16}} {
		vs := make([]float64, ir.NumElements(shape))
		for i := range vs {
			vs[i] = rng.NormFloat64() * 3
		}
		a, err := runtime.FromFloat64s(runtime.F32, shape, vs)
		if err != nil {
			t.Fatal(err)
		}
		args = append(args, a)
	}
	var want []*runtime.Tensor
	var steps []int
	for _, target := range []compiler.Target{compiler.CPU, compiler.CUDA, compiler.HIP} {
		p, err := compiler.CompileFor("testdata/sums.mlir", "sums", "default", nil, target)
		if err != nil {
			t.Fatal(err)
		}
		got, err := cpu.Run(p, args)
		if err != nil {
			t.Fatal(err)
		}
		generics := 0
		for _, st := range p.Steps {
			if st.Op != nil && st.Op.Name == "linalg.generic" {
				generics++
			}
		}
		steps = append(steps, generics)
		if want == nil {
			want = got
			continue
		}
		for i := range want {
			if !bytes.Equal(got[i].Data, want[i].Data) {
				t.Errorf("target %d: result %d differs from the CPU pipeline's", target, i)
			}
		}
	}
	if steps[0] >= steps[2] {
		t.Errorf("generics planned: CPU %d, HIP %d; the CPU's should be fewer (the deviations fused into their sum)", steps[0], steps[2])
	}
}

func TestGPUPipelinesGiveCPUBits(t *testing.T) {
	cases, err := e2e.LoadCases(filepath.Join("..", "e2e", "cases", "conv_backward"))
	if err != nil {
		t.Fatal(err)
	}
	transposedText := strings.Replace(preprocessing.BackwardDataConvPipeline, "decompose-strided-backward-data", "decompose-strided-backward-data{narrow-columns=0}", 1) + ",fold-transposes-into-contractions,fuse-elementwise-ops{fuse-into-sums=true},fp-contract"
	if compiler.Pipelines["default"] != "backward-data-conv,fold-transposes-into-contractions,fuse-elementwise-ops{fuse-into-sums=true},fp-contract" {
		t.Fatalf("the CPU's default pipeline is %q: update the transposed variant", compiler.Pipelines["default"])
	}
	differ := 0
	for _, c := range cases {
		args := make([]*runtime.Tensor, len(c.Inputs))
		for j, in := range c.Inputs {
			if args[j], err = runtime.ReadNPYFile(in.File, in.DType); err != nil {
				t.Fatal(err)
			}
		}
		for _, pl := range []string{"default", "baseline"} {
			var want []*runtime.Tensor
			var cpuSteps int
			type variant struct {
				name string
				plan func() (*plan.Plan, error)
			}
			variants := []variant{{"cpu", func() (*plan.Plan, error) { return compiler.CompileFor(c.Program, c.Func, pl, nil, compiler.CPU) }}}
			for _, target := range []compiler.Target{compiler.CUDA, compiler.HIP} {
				variants = append(variants, variant{fmt.Sprintf("target %d", target), func() (*plan.Plan, error) { return compiler.CompileFor(c.Program, c.Func, pl, nil, target) }})
			}
			if pl == "default" {
				variants = append(variants, variant{"cpu, dy transposed", func() (*plan.Plan, error) {
					ctx := compiler.NewContext()
					m, err := compiler.LoadDims(ctx, c.Program, nil)
					if err != nil {
						return nil, err
					}
					if err := compiler.Lower(ctx, m); err != nil {
						return nil, err
					}
					if err := compiler.PreprocessText(ctx, m, transposedText); err != nil {
						return nil, err
					}
					return plan.Build(m, c.Func)
				}})
			}
			for i, v := range variants {
				p, err := v.plan()
				if err != nil {
					t.Fatalf("%s %s (%s): %v", c.Name, pl, v.name, err)
				}
				got, err := cpu.Run(p, args)
				if err != nil {
					t.Fatalf("%s %s (%s): %v", c.Name, pl, v.name, err)
				}
				if i == 0 {
					want, cpuSteps = got, len(p.Steps)
					continue
				}
				if len(p.Steps) != cpuSteps {
					differ++
				}
				for r := range want {
					a, b := want[r], got[r]
					if (a == nil) != (b == nil) || a != nil && !bytes.Equal(a.Data, b.Data) {
						t.Errorf("%s %s: result %d differs between the CPU's pipeline and %s's: %s", c.Name, pl, r, v.name, runtime.Compare(b, a, runtime.Tolerance{}))
					}
				}
			}
		}
	}
	if len(cases) < 300 || differ < len(cases)/4 {
		t.Fatalf("%d cases, %d plans that the other layouts change: the test checks too little", len(cases), differ)
	}
	t.Logf("%d cases bit-identical under the CPU's, CUDA's and HIP's pipelines and the CPU's with dy transposed; %d of those plans differ from the CPU's in their steps", len(cases), differ)
}
