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
	checkBitIdentical16(t, before, before+",swap-cast-with-insert-slice-chain", func(_, m *ir.Operation) bool { return countOps(m, writes16Bit) > 0 })
}

// checkBitIdentical16 runs every f16/bf16 convolution_backward case of
// the e2e suite on the CPU after pipeline before and after pipeline
// after, and fails unless the results are bitwise equal, or unless fired
// (asked of the IR after each) holds for at least one case.
func checkBitIdentical16(t *testing.T, before, after string, fired func(mBefore, mAfter *ir.Operation) bool) {
	t.Helper()
	dirs, _ := filepath.Glob("../e2e/cases/conv_backward/*")
	nFired, checked := 0, 0
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
		var ms [2]*ir.Operation
		for i, pl := range []string{before, after} {
			m := lower(t, name, string(src), pl)
			if ms[i] = m; i == 1 && fired(ms[0], m) {
				nFired++
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
					t.Fatalf("%s result %d element %d: %g after %s, %g after %s", name, r, k, y, after, x, before)
				}
			}
		}
	}
	if checked == 0 || nFired == 0 {
		t.Fatalf("%d 16-bit cases checked, the pass fired on %d: the test checks nothing", checked, nFired)
	}
	t.Logf("%d f16/bf16 cases bit-identical; the pass fired on %d", checked, nFired)
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
