package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/torchlower/torchlower/runtime"
)

// The regeneration tests (TestGeneratedSuitesUpToDate,
// TestModelReferencesUpToDate) ask whether the committed references are
// still what the generators make. PyTorch's CPU kernels pick their code
// path by the machine's vector width (AVX2 or AVX-512) and so sum in
// another order on another machine: regenerated on a different CPU, a
// float32 reference moves in its last bits, an f16 one rounded from f32
// can move by an ulp, and the float64 error a model case's tolerance is
// derived from moves with them. None of that is drift; a changed
// generator, seed, configuration or fixture moves values by far more.
//
// So a reference counts as the same when every element agrees with the
// regenerated one to within c·eps·max(1, max|reference|), eps the dtype's
// machine epsilon: c = 64 for f32 and f64 (reduction order; the largest
// move seen between an AVX-512 and an AVX2 machine was 14 eps of the
// tensor's scale), c = 2 for f16 and bf16 (a reference rounded once from
// f32 can flip by an ulp). That is far below any case's tolerance, and far
// below what a changed generator, seed, epsilon or configuration moves.
// Integers must be equal. A meta.json counts as the same when it matches
// apart from the prose of its "reason" fields and the tolerances' atol
// values agree to within a factor of 1.5 (they derive from the float64
// error, which moves with the machine too). Every other file must be
// byte-for-byte equal.

// sameGenerated compares the committed file caseDir/rel with the
// regenerated regenDir/rel (the same case, regenerated) and returns ""
// when they count as the same, else why not.
func sameGenerated(caseDir, regenDir, rel string) (string, error) {
	a, err := os.ReadFile(filepath.Join(caseDir, rel))
	if err != nil {
		return "", err
	}
	b, err := os.ReadFile(filepath.Join(regenDir, rel))
	if err != nil {
		return "", err
	}
	if bytes.Equal(a, b) {
		return "", nil
	}
	switch {
	case rel == "meta.json":
		return sameMeta(a, b)
	case filepath.Dir(rel) == "expected" && filepath.Ext(rel) == ".npy":
		return sameReference(caseDir, regenDir, rel)
	}
	return "differs from the regenerated file", nil
}

// sameReference compares an expected result element by element within
// the machine-to-machine allowance above.
func sameReference(caseDir, regenDir, rel string) (string, error) {
	c, err := LoadCase(regenDir)
	if err != nil {
		return "", err
	}
	var spec *TensorSpec
	for _, r := range c.Results {
		if r != nil && r.File == filepath.Join(regenDir, rel) {
			spec = r
		}
	}
	if spec == nil {
		return "differs from the regenerated file, which the regenerated meta.json does not list", nil
	}
	committed, err := runtime.ReadNPYFile(filepath.Join(caseDir, rel), spec.DType)
	if err != nil {
		return "", err
	}
	regen, err := runtime.ReadNPYFile(spec.File, spec.DType)
	if err != nil {
		return "", err
	}
	allow := runtime.Tolerance{}
	if spec.DType.IsFloat() {
		eps, c := 0x1p-23, 64.0
		switch spec.DType {
		case runtime.F64:
			eps = 0x1p-52
		case runtime.F16:
			eps, c = 0x1p-10, 2
		case runtime.BF16:
			eps, c = 0x1p-7, 2
		}
		scale := 1.0
		for i := 0; i < regen.NumElements(); i++ {
			if v := math.Abs(regen.Float64(i)); v > scale && !math.IsInf(v, 0) {
				scale = v
			}
		}
		allow.Atol = c * eps * scale
	}
	if rep := runtime.Compare(committed, regen, allow); !rep.Match {
		return fmt.Sprintf("differs from the regenerated file by more than another machine's rounding (%s)", rep), nil
	}
	return "", nil
}

// sameMeta compares two meta.json documents apart from "reason" prose,
// with atol values within a factor of 1.5.
func sameMeta(a, b []byte) (string, error) {
	var x, y any
	if err := json.Unmarshal(a, &x); err != nil {
		return "", fmt.Errorf("committed meta.json: %v", err)
	}
	if err := json.Unmarshal(b, &y); err != nil {
		return "", fmt.Errorf("regenerated meta.json: %v", err)
	}
	if path := metaDiff("", x, y); path != "" {
		return "differs from the regenerated file at " + path, nil
	}
	return "", nil
}

// metaDiff returns the path of the first difference that counts, "" if
// none does.
func metaDiff(path string, x, y any) string {
	switch xv := x.(type) {
	case map[string]any:
		yv, ok := y.(map[string]any)
		if !ok || len(xv) != len(yv) {
			return path
		}
		for k, xe := range xv {
			ye, ok := yv[k]
			if !ok {
				return path + "." + k
			}
			switch k {
			case "reason":
				continue
			case "atol":
				p, pok := xe.(float64)
				q, qok := ye.(float64)
				if !pok || !qok || math.Max(p, q) > 1.5*math.Min(p, q) {
					return path + "." + k
				}
				continue
			}
			if d := metaDiff(path+"."+k, xe, ye); d != "" {
				return d
			}
		}
		return ""
	case []any:
		yv, ok := y.([]any)
		if !ok || len(xv) != len(yv) {
			return path
		}
		for i := range xv {
			if d := metaDiff(fmt.Sprintf("%s[%d]", path, i), xv[i], yv[i]); d != "" {
				return d
			}
		}
		return ""
	}
	if !reflect.DeepEqual(x, y) {
		return path
	}
	return ""
}

// TestSameGenerated checks the rule on made-up cases: last-bit moves and
// reworded reasons pass; a moved value, a changed shape, a changed
// tolerance or any other changed file is drift.
func TestSameGenerated(t *testing.T) {
	write := func(dir string, vals []float32, atol float64, reason string, program string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Join(dir, "expected"), 0o755); err != nil {
			t.Fatal(err)
		}
		r := runtime.New(runtime.F32, int64(len(vals)))
		for i, v := range vals {
			r.SetFloat64(i, float64(v))
		}
		f, err := os.Create(filepath.Join(dir, "expected", "0.npy"))
		if err != nil {
			t.Fatal(err)
		}
		if err := runtime.WriteNPY(f, r); err != nil {
			t.Fatal(err)
		}
		f.Close()
		meta := fmt.Sprintf(`{"inputs": [], "results": [{"file": "expected/0.npy", "dtype": "f32", "shape": [%d],
			"tolerance": {"atol": %g, "rtol": 1e-4, "reason": %q}}]}`, len(vals), atol, reason)
		for name, text := range map[string]string{"meta.json": meta, "program.mlir": program} {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	base := []float32{1, -0.5, 3.25}
	committed := t.TempDir()
	write(committed, base, 1e-5, "float32, error 5.5e-08", "func")
	next := func(x float32) float32 { return math.Float32frombits(math.Float32bits(x) + 1) }
	for _, c := range []struct {
		name    string
		vals    []float32
		atol    float64
		reason  string
		program string
		file    string
		drift   bool
	}{
		{"identical", base, 1e-5, "float32, error 5.5e-08", "func", "expected/0.npy", false},
		{"last bit", []float32{next(1), -0.5, 3.25}, 1e-5, "float32, error 5.5e-08", "func", "expected/0.npy", false},
		{"moved", []float32{1.001, -0.5, 3.25}, 1e-5, "float32, error 5.5e-08", "func", "expected/0.npy", true},
		{"moved inside the tolerance", []float32{1.0001, -0.5, 3.25}, 1e-3, "float32, error 5.5e-08", "func", "expected/0.npy", true},
		{"shape", []float32{1, -0.5}, 1e-5, "float32, error 5.5e-08", "func", "expected/0.npy", true},
		{"reason reworded", base, 1.2e-5, "float32, error 6.9e-08", "func", "meta.json", false},
		{"tolerance doubled", base, 2e-5, "float32, error 5.5e-08", "func", "meta.json", true},
		{"shape in meta", []float32{1, -0.5}, 1e-5, "float32, error 5.5e-08", "func", "meta.json", true},
		{"program", base, 1e-5, "float32, error 5.5e-08", "func2", "program.mlir", true},
	} {
		regen := t.TempDir()
		write(regen, c.vals, c.atol, c.reason, c.program)
		why, err := sameGenerated(committed, regen, c.file)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if (why != "") != c.drift {
			t.Errorf("%s: drift = %q, want drift %v", c.name, why, c.drift)
		}
	}
}
