package preprocessing_test

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/torchlower/torchlower/cpu"
	"github.com/torchlower/torchlower/dialect/tensor"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/plan"
	"github.com/torchlower/torchlower/runtime"
)

// Every f16/bf16 convolution_backward of the e2e suite gives bit for bit
// the same results with swap-cast-with-insert-slice-chain after the phase
// decomposition as without it (the pass moves the truncation, it changes
// no arithmetic), and on the strided ones the data gradient is no longer
// assembled in f32: some insert_slice then writes a 16-bit tensor.
func TestSwapCastWithInsertSliceChainBitIdentical(t *testing.T) {
	const before = "decompose-strided-backward-data,swap-strided-insert-slice-with-contraction"
	const after = before + ",swap-cast-with-insert-slice-chain"
	dirs, _ := filepath.Glob("../e2e/cases/conv_backward/*")
	fired, checked := 0, 0
	for _, dir := range dirs {
		var meta struct {
			Dtype  string `json:"dtype"`
			Inputs []struct {
				File string `json:"file"`
			} `json:"inputs"`
		}
		data, err := os.ReadFile(filepath.Join(dir, "meta.json"))
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(data, &meta); err != nil {
			t.Fatalf("%s: %v", dir, err)
		}
		if meta.Dtype != "f16" && meta.Dtype != "bf16" {
			continue
		}
		src, err := os.ReadFile(filepath.Join(dir, "program.mlir"))
		if err != nil {
			t.Fatal(err)
		}
		dt, _ := runtime.ParseDType(meta.Dtype)
		var args []*runtime.Tensor
		for _, in := range meta.Inputs {
			a, err := runtime.ReadNPYFile(filepath.Join(dir, in.File), dt)
			if err != nil {
				t.Fatal(err)
			}
			args = append(args, a)
		}
		name := filepath.Base(dir)
		var results [2][]*runtime.Tensor
		for i, pl := range []string{before, after} {
			m := lower(t, name, string(src), pl)
			if i == 1 && countOps(m, writes16Bit) > 0 {
				fired++
			}
			p, err := plan.Build(m, "main")
			if err != nil {
				t.Fatalf("%s: plan: %v", name, err)
			}
			if results[i], err = cpu.Run(p, args); err != nil {
				t.Fatalf("%s %s: %v", name, pl, err)
			}
		}
		checked++
		for r := range results[0] {
			a, b := results[0][r], results[1][r]
			if (a == nil) != (b == nil) {
				t.Fatalf("%s result %d: one is None", name, r)
			}
			if a == nil {
				continue
			}
			for k := 0; k < a.NumElements(); k++ {
				x, y := a.Float64(k), b.Float64(k)
				if math.Float64bits(x) != math.Float64bits(y) && !(math.IsNaN(x) && math.IsNaN(y)) {
					t.Fatalf("%s result %d element %d: %g with the pass, %g without", name, r, k, y, x)
				}
			}
		}
	}
	if checked == 0 || fired == 0 {
		t.Fatalf("%d 16-bit cases checked, the pass fired on %d: the test checks nothing", checked, fired)
	}
	t.Logf("%d f16/bf16 cases bit-identical; the pass fired on %d", checked, fired)
}

// writes16Bit reports whether o is an insert_slice into a 16-bit float
// tensor (the decomposition's output is f32 until the pass moves the
// truncation onto its regions).
func writes16Bit(o *ir.Operation) bool {
	if o.Name != tensor.InsertSlice {
		return false
	}
	ft, ok := o.Result(0).Type().(ir.RankedTensorType).Elem.(ir.FloatType)
	return ok && (ft.Kind == ir.F16 || ft.Kind == ir.BF16)
}
