package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/torchlower/torchlower/compiler"
	"github.com/torchlower/torchlower/internal/convcase"
	"github.com/torchlower/torchlower/ir/asm"
	"github.com/torchlower/torchlower/plan"
)

// matrixConfig is the "config" block e2e/gen/conv_backward_matrix.py
// writes into each conv_backward case's meta.json.
type matrixConfig struct {
	N             int64   `json:"n"`
	C             int64   `json:"c"`
	F             int64   `json:"f"`
	Groups        int64   `json:"groups"`
	H             []int64 `json:"h"`
	K             []int64 `json:"k"`
	Stride        []int64 `json:"stride"`
	Padding       []int64 `json:"padding"`
	Dilation      []int64 `json:"dilation"`
	OutputPadding []int64 `json:"output_padding"`
	Transposed    bool    `json:"transposed"`
	OutputMask    []bool  `json:"output_mask"`
}

type matrixMeta struct {
	Name   string        `json:"name"`
	DType  string        `json:"dtype"`
	Config *matrixConfig `json:"config"`
	Inputs []struct {
		Name  string  `json:"name"`
		Shape []int64 `json:"shape"`
	} `json:"inputs"`
}

// dataGradOnly writes the case's convolution_backward with output_mask
// [true, false, false] and no bias, so that the plan's MACs are the data
// gradient's alone.
func (m *matrixMeta) dataGradOnly() *convcase.Case {
	cf := m.Config
	c := &convcase.Case{
		Name: m.Name, Op: "convolution_backward", ND: len(cf.H),
		Stride: cf.Stride, Padding: cf.Padding, Dilation: cf.Dilation, OutputPadding: cf.OutputPadding,
		Groups: cf.Groups, Transposed: cf.Transposed, OutputMask: []bool{true, false, false},
		Dtype: m.DType, Shapes: map[string][]int64{},
	}
	for _, in := range m.Inputs {
		c.Shapes[in.Name] = in.Shape
	}
	c.OutputShapes = [][]int64{c.Shapes["input"], c.Shapes["weight"], {cf.F}}
	return c
}

// outExtent is grad_output's extent along spatial dim i.
func (cf *matrixConfig) outExtent(i int) int64 {
	h, k, s, p, d := cf.H[i], cf.K[i], cf.Stride[i], cf.Padding[i], cf.Dilation[i]
	if cf.Transposed {
		return (h-1)*s - 2*p + d*(k-1) + cf.OutputPadding[i] + 1
	}
	return (h+2*p-d*(k-1)-1)/s + 1
}

// realTaps counts, by brute force over positions, the (data-gradient
// position i, tap k) pairs of spatial dim i whose dy element is real: not
// a zero of the scatter and not padding. Non-transposed, dx[i] reads dy[o]
// with o·s = i + p − k·d (o an integer in [0, Ho)); transposed, dx[i]
// reads dy[i·s − p + k·d] (in [0, Ho)).
func (cf *matrixConfig) realTaps(dim int) int64 {
	h, k, s, p, d := cf.H[dim], cf.K[dim], cf.Stride[dim], cf.Padding[dim], cf.Dilation[dim]
	ho := cf.outExtent(dim)
	var n int64
	for i := int64(0); i < h; i++ {
		for t := int64(0); t < k; t++ {
			if cf.Transposed {
				if j := i*s - p + t*d; j >= 0 && j < ho {
					n++
				}
				continue
			}
			if j := i + p - t*d; j >= 0 && j%s == 0 && j/s < ho {
				n++
			}
		}
	}
	return n
}

// TestDataGradientMACs is issue 7's acceptance, asserted from the plans:
// for every case of the conv_backward matrix with a stride s > 1 and a
// data gradient, the multiply-accumulates of the data gradient alone
// (output_mask [true, false, false]) are
//
//   - baseline: N·C·(F/G)·ΠK·ΠH. The baseline correlates the scattered dy
//     (extent H + d(K−1) per dim, Ho real rows s apart) over every output
//     position i ∈ [0, H) and every tap: scattered zeros and padding are
//     multiplied. Transposed, it is the strided conv of dy padded by p
//     over the same loops (no scatter; padding multiplied).
//   - default: exactly N·C·(F/G)·Π realTaps — only products with a real
//     dy element, no scattered zero, no padding: about 1/s^D of the
//     baseline (exactly, where s divides K and there is no padding).
//     Transposed, nothing is scattered and nothing drops: default equals
//     the baseline, whose excess over the real taps (dy's padding rows) is
//     logged, not asserted.
func TestDataGradientMACs(t *testing.T) {
	dirs, err := filepath.Glob(filepath.Join(casesDir, "conv_backward", "*", "meta.json"))
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, path := range dirs {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var m matrixMeta
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		cf := m.Config
		if cf == nil || len(cf.OutputMask) != 3 || !cf.OutputMask[0] {
			continue
		}
		strided := false
		for _, s := range cf.Stride {
			strided = strided || s > 1
		}
		if !strided {
			continue
		}
		checked++
		t.Run(m.Name, func(t *testing.T) {
			t.Parallel()
			dense, exact := cf.N*cf.C*(cf.F/cf.Groups), cf.N*cf.C*(cf.F/cf.Groups)
			for i := range cf.H {
				dense *= cf.K[i] * cf.H[i]
				exact *= cf.realTaps(i)
			}
			c := m.dataGradOnly()
			base := planMACs(t, c, "baseline")
			def := planMACs(t, c, "default")
			if base != dense {
				t.Errorf("baseline: %d data-gradient MACs, want N·C·(F/G)·ΠK·ΠH = %d", base, dense)
			}
			excess := fmt.Sprintf("%+d, %+.1f%% over the real tap count %d; baseline %d, x%.3f",
				def-exact, 100*float64(def-exact)/float64(exact), exact, base, float64(base)/float64(def))
			if cf.Transposed {
				// Nothing is scattered: the data gradient is a strided
				// conv of dy and both pipelines run the same loops. The
				// products with dy's padding rows (p below, p − output
				// padding above) are not the passes' to remove.
				if def != base {
					t.Errorf("default: %d data-gradient MACs, want the baseline's %d (transposed: no scatter to remove)", def, base)
				}
				if def != exact {
					t.Logf("transposed: %d data-gradient MACs multiply dy's padding (%s)", def, excess)
				}
				return
			}
			if def != exact {
				t.Errorf("default: %d data-gradient MACs, want the real tap count %d (%s)", def, exact, excess)
			}
		})
	}
	if checked == 0 {
		t.Fatal("no strided conv_backward case with a data gradient under e2e/cases")
	}
}

// planMACs lowers c, runs the named preprocessing pipeline and returns
// the MACs of the plan.
func planMACs(t *testing.T, c *convcase.Case, pipeline string) int64 {
	t.Helper()
	ctx := compiler.NewContext()
	m, err := asm.Parse(ctx, c.TorchFunc(), asm.Options{FileName: c.Name + ".mlir"})
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	if err := compiler.Lower(ctx, m); err != nil {
		t.Fatalf("lower: %v", err)
	}
	if err := compiler.Preprocess(ctx, m, pipeline); err != nil {
		t.Fatalf("%s pipeline: %v", pipeline, err)
	}
	p, err := plan.Build(m, "conv")
	if err != nil {
		t.Fatalf("plan (%s): %v", pipeline, err)
	}
	return p.MACs()
}
