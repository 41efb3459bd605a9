package importer

import (
	"bytes"
	"math"
	"testing"

	w "github.com/torchlower/torchlower/internal/pt2write"
)

func f32s(t *testing.T, tn *Tensor) []float32 {
	t.Helper()
	b, err := tn.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	out := make([]float32, len(b)/4)
	for i := range out {
		out[i] = math.Float32frombits(uint32(b[4*i]) | uint32(b[4*i+1])<<8 | uint32(b[4*i+2])<<16 | uint32(b[4*i+3])<<24)
	}
	return out
}

// TestWeights checks strided views, storage offsets, shared storages and
// dtypes in every layout.
func TestWeights(t *testing.T) {
	for _, layout := range w.Layouts {
		a := openBytes(t, archiveOf(t, layout, progWeights))
		p, err := a.Program("")
		if err != nil {
			t.Fatal(err)
		}
		wt := p.Weights["w_t"]
		if wt == nil || !wt.IsParam || wt.Dtype != 7 || wt.IsContiguous() {
			t.Fatalf("%s: w_t = %+v", layout, wt)
		}
		want := []float32{0, 3, 6, 9, 1, 4, 7, 10, 2, 5, 8, 11}
		if got := f32s(t, wt); !equalF(got, want) {
			t.Errorf("%s: w_t = %v, want %v", layout, got, want)
		}
		if got := f32s(t, p.Weights["shifted"]); !equalF(got, []float32{10, 20, 30, 40}) {
			t.Errorf("%s: shifted = %v", layout, got)
		}
		ta, tb := p.Weights["tied_a"], p.Weights["tied_b"]
		if ta.Storage != tb.Storage {
			t.Errorf("%s: tied_a and tied_b do not share a storage", layout)
		}
		if got := f32s(t, tb); !equalF(got, []float32{106, 107, 108, 109, 110, 111}) {
			t.Errorf("%s: tied_b = %v", layout, got)
		}
		c := p.Constants["lifted_tensor_0"]
		if c == nil || c.Dtype != 5 {
			t.Fatalf("%s: lifted constant = %+v", layout, c)
		}
		cb, _ := c.Bytes()
		if !bytes.Equal(cb, i64bytes([]int64{7, -8, 9, 1 << 40})) {
			t.Errorf("%s: lifted constant bytes %v", layout, cb)
		}
	}
}

func equalF(a, b []float32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestDecodeTolerance feeds the encodings older writers used.
func TestDecodeTolerance(t *testing.T) {
	doc := `{"schema_version": {"major": "8", "minor": 2.0},
	 "graph_module": {"graph": {"inputs": [{"$type": "as_tensor", "$value": {"name": "x"}}],
	   "outputs": [{"as_tensor": {"name": "h"}}],
	   "nodes": [{"target": "torch.ops.aten.hardtanh.default", "inputs": [
	      {"name": "self", "arg": {"as_tensor": {"name": "x"}}},
	      {"name": "min_val", "arg": {"as_float": -Infinity}, "kind": null},
	      {"name": "max_val", "arg": {"as_float": "Infinity"}}],
	     "outputs": [{"as_tensor": {"name": "h"}}]}],
	   "tensor_values": {
	     "x": {"dtype": "FLOAT", "sizes": [{"as_int": 2}], "strides": [{"as_int": 1}], "storage_offset": {"as_int": 0}, "layout": 7, "device": null, "requires_grad": null},
	     "h": {"dtype": 7, "sizes": [{"as_int": "2"}]}},
	   "sym_int_values": null},
	  "signature": {"input_specs": [{"user_input": {"arg": {"as_tensor": {"name": "x"}}}}],
	    "output_specs": [{"user_output": {"arg": {"as_tensor": {"name": "h"}}}}]}}}`
	ep, err := DecodeProgram([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	a := &Archive{Name: "model.pt2", Programs: []*Program{{Name: "model", Entry: "models/model.json", EP: ep}}}
	text, _ := importText(t, a, Options{})
	for _, want := range []string{"torch.constant.float 0xFFF0000000000000", "torch.constant.float 0x7FF0000000000000", "torch.aten.hardtanh"} {
		if !bytes.Contains([]byte(text), []byte(want)) {
			t.Errorf("missing %q in\n%s", want, text)
		}
	}
}
