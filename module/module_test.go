package module_test

import (
	"bytes"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/torchlower/torchlower/compiler"
	"github.com/torchlower/torchlower/cpu"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/module"
	"github.com/torchlower/torchlower/plan"
	"github.com/torchlower/torchlower/runtime"
)

// programs are the test programs (copies of the CPU backend's): between
// them every step kind, dense and splat constants, fills, captures,
// scalar registers and views with run-time offsets.
var programs = []struct{ file, fn string }{
	{"decode.mlir", "decode"}, {"decode.mlir", "gather2"},
	{"ops.mlir", "elementwise"}, {"ops.mlir", "reduce_f16"}, {"ops.mlir", "gather"}, {"ops.mlir", "matmul"}, {"ops.mlir", "constants"},
	{"sunk_scalars.mlir", "scale"}, {"sunk_scalars.mlir", "fill_and_input"},
}

func compile(t testing.TB, file, fn string) *plan.Plan {
	t.Helper()
	p, err := compiler.Compile(filepath.Join("testdata", file), fn)
	if err != nil {
		t.Fatalf("%s @%s: %v", file, fn, err)
	}
	return p
}

func encode(t testing.TB, p ...*plan.Plan) []byte {
	t.Helper()
	data, err := module.Encode(module.Options{Target: "cpu", Producer: module.Producer{Torchlower: "test", Source: "testdata"}}, p...)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// inputs are deterministic arguments for p; integers are 0 or 1 so that
// they are valid indices in every test program.
func inputs(t testing.TB, p *plan.Plan) []*runtime.Tensor {
	args := make([]*runtime.Tensor, len(p.Args))
	for i, b := range p.Args {
		dt, err := cpu.DTypeOf(b.Elem)
		if err != nil {
			t.Fatal(err)
		}
		a := runtime.New(dt, b.Shape...)
		for j := 0; j < a.NumElements(); j++ {
			if dt.IsFloat() {
				a.SetFloat64(j, float64((j*7+i*3)%11)/4-1.25)
			} else {
				a.SetInt64(j, int64((j+i)%2))
			}
		}
		args[i] = a
	}
	return args
}

func sameResults(want, got []*runtime.Tensor) error {
	if len(want) != len(got) {
		return fmt.Errorf("%d results, want %d", len(got), len(want))
	}
	for i := range want {
		if (want[i] == nil) != (got[i] == nil) {
			return fmt.Errorf("result %d: None on one path only", i)
		}
		if want[i] != nil && (want[i].DType != got[i].DType || !slices.Equal(want[i].Shape, got[i].Shape) || !bytes.Equal(want[i].Data, got[i].Data)) {
			return fmt.Errorf("result %d differs", i)
		}
	}
	return nil
}

// TestRoundTrip encodes each program's plan, decodes it, and checks that
// the plan prints as the compiled one and runs to bit-identical results.
// It also checks that the programs cover what the format must carry.
func TestRoundTrip(t *testing.T) {
	kinds := map[plan.StepKind]bool{}
	var dyn, captures, splat bool
	for _, pr := range programs {
		p := compile(t, pr.file, pr.fn)
		m, err := module.Decode(pr.fn+".tlm", encode(t, p))
		if err != nil {
			t.Fatalf("@%s: %v", pr.fn, err)
		}
		e, err := m.Entry(pr.fn)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := e.Plan.String(), p.String(); got != want {
			t.Errorf("@%s reads back as\n%s\nwant\n%s", pr.fn, got, want)
		}
		if e.Plan.PeakBytes() != p.PeakBytes() {
			t.Errorf("@%s: peak %d, want %d", pr.fn, e.Plan.PeakBytes(), p.PeakBytes())
		}
		if len(e.Args) != len(p.Args) || len(e.Results) != len(p.Results) {
			t.Errorf("@%s: signature %v -> %v", pr.fn, e.Args, e.Results)
		}
		args := inputs(t, p)
		want, err := cpu.Run(p, args)
		if err != nil {
			t.Fatalf("@%s: %v", pr.fn, err)
		}
		got, err := cpu.Run(e.Plan, args)
		if err != nil {
			t.Fatalf("@%s from the module: %v", pr.fn, err)
		}
		if err := sameResults(want, got); err != nil {
			t.Errorf("@%s: %v", pr.fn, err)
		}
		for _, s := range e.Plan.Steps {
			kinds[s.Kind] = true
			dyn = dyn || s.HasDynamicViews()
			captures = captures || len(s.Captures) > 0
			if d, ok := s.Value.(*ir.DenseElementsAttr); ok && d.Splat {
				splat = true
			}
		}
	}
	for k := plan.StepEmpty; k <= plan.StepScalar; k++ {
		if !kinds[k] {
			t.Errorf("no test program has a %s step", k)
		}
	}
	if !dyn || !captures || !splat {
		t.Errorf("the programs lack a run-time offset (%v), a capture (%v) or a splat constant (%v)", dyn, captures, splat)
	}
}

// TestManyEntryPoints puts several plans in one module.
func TestManyEntryPoints(t *testing.T) {
	a, b := compile(t, "ops.mlir", "gather"), compile(t, "ops.mlir", "constants")
	m, err := module.Decode("two.tlm", encode(t, a, b))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []*plan.Plan{a, b} {
		e, err := m.Entry(p.Func)
		if err != nil {
			t.Fatal(err)
		}
		if e.Plan.String() != p.String() {
			t.Errorf("@%s differs", p.Func)
		}
	}
	if _, err := m.Entry("nope"); err == nil || !strings.Contains(err.Error(), "@gather, @constants") {
		t.Errorf("missing entry point: %v", err)
	}
	if _, err := module.Encode(module.Options{Target: "cpu"}, a, a); err == nil {
		t.Errorf("two entry points of one name were accepted")
	}
}

// TestReadFile writes a module and maps it back: the constants are the
// file's bytes in place, 64-byte aligned.
func TestReadFile(t *testing.T) {
	p := compile(t, "ops.mlir", "constants")
	path := filepath.Join(t.TempDir(), "c.tlm")
	if err := module.WriteFile(path, module.Options{Target: "cpu"}, p); err != nil {
		t.Fatal(err)
	}
	if !module.SniffFile(path) {
		t.Errorf("SniffFile does not recognize a module")
	}
	m, err := module.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if m.SchemaVersion != module.SchemaVersion || m.Target != "cpu" || m.Producer.Go == "" {
		t.Errorf("header: version %d target %q producer %+v", m.SchemaVersion, m.Target, m.Producer)
	}
	e, _ := m.Entry("constants")
	n := 0
	for _, s := range e.Plan.Steps {
		if r, ok := s.Value.(ir.DenseResourceAttr); ok {
			n++
			if uintptr(unsafe.Pointer(&r.Blob.Data[0]))%module.ConstantAlign != 0 {
				t.Errorf("constant data at %p is not %d-byte aligned", &r.Blob.Data[0], module.ConstantAlign)
			}
		}
	}
	if n == 0 {
		t.Errorf("no non-splat constant read from the file")
	}
	got, err := cpu.Run(e.Plan, nil)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := cpu.Run(p, nil)
	if err := sameResults(want, got); err != nil {
		t.Error(err)
	}
	if err := m.CheckTarget("hip:gfx942"); err == nil || !strings.Contains(err.Error(), "cpu") || !strings.Contains(err.Error(), "hip:gfx942") {
		t.Errorf("CheckTarget names neither target: %v", err)
	}
}

func TestTargets(t *testing.T) {
	p := compile(t, "ops.mlir", "gather")
	for _, tgt := range []string{"hip:gfx90a", "hip:gfx942", "cuda:sm_90"} {
		_, err := module.Encode(module.Options{Target: tgt}, p)
		if err == nil || !strings.Contains(err.Error(), "not built yet") {
			t.Errorf("--target=%s: %v", tgt, err)
		}
	}
	if _, err := module.Encode(module.Options{Target: "tpu"}, p); err == nil || !strings.Contains(err.Error(), "unknown target") {
		t.Errorf("--target=tpu: %v", err)
	}
}

// TestCorrupt damages a module every way a file gets damaged: each must
// be an error naming the file (or decode cleanly), never a panic.
func TestCorrupt(t *testing.T) {
	good := encode(t, compile(t, "decode.mlir", "decode"))
	const name = "bad.tlm"
	mustFail := func(what string, data []byte, want string) {
		t.Helper()
		_, err := module.Decode(name, data)
		if err == nil {
			t.Errorf("%s: decoded without an error", what)
			return
		}
		if !strings.HasPrefix(err.Error(), name+": ") || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %q does not name the file and %q", what, err, want)
		}
	}
	mustFail("empty", nil, "too short")
	step := 1
	if len(good) > 4000 {
		step = len(good) / 4000
	}
	for n := 0; n < len(good); n += step {
		mustFail(fmt.Sprintf("truncated to %d bytes", n), good[:n], "")
	}
	wrong := slices.Clone(good)
	copy(wrong[4:8], "XXXX")
	mustFail("wrong identifier", wrong, `file identifier "XXXX", want "TLM1"`)
	future := module.WithSchemaVersion(good, module.SchemaVersion+1)
	mustFail("future schema", future, fmt.Sprintf("schema version %d is newer than this torchlower reads (%d)", module.SchemaVersion+1, module.SchemaVersion))
	mustFail("no schema version", module.WithSchemaVersion(good, 0), "no schema version")
	hip, err := module.EncodeForTarget("hip:gfx942", compile(t, "ops.mlir", "gather"))
	if err != nil {
		t.Fatal(err)
	}
	mustFail("absent target", hip, "compiled for target hip:gfx942, which this torchlower cannot run (it has: [cpu])")
	// Flipped bytes: many decode to errors, some to a different valid
	// module; none may panic.
	errs := 0
	for i := 0; i < len(good); i += step {
		bad := slices.Clone(good)
		bad[i] ^= 0xa5
		if _, err := module.Decode(name, bad); err != nil {
			errs++
			if !strings.HasPrefix(err.Error(), name+": ") {
				t.Errorf("flipped byte %d: error %q does not name the file", i, err)
			}
		}
	}
	if errs == 0 {
		t.Errorf("no flipped byte was detected")
	}
	t.Logf("%d of %d single-byte flips rejected", errs, (len(good)+step-1)/step)
}

// FuzzLoad feeds arbitrary bytes to the loader, seeded with real modules:
// it must return a module or an error, never panic or hang.
func FuzzLoad(f *testing.F) {
	for _, pr := range programs {
		f.Add(encode(f, compile(f, pr.file, pr.fn)))
	}
	f.Add([]byte("\x08\x00\x00\x00TLM1"))
	f.Fuzz(func(t *testing.T, data []byte) {
		// Every module is a multiple of 64 bytes long; padding the input
		// too lets mutations that change the length reach past that check.
		padded := append(slices.Clone(data), make([]byte, (module.ConstantAlign-len(data)%module.ConstantAlign)%module.ConstantAlign)...)
		for _, in := range [][]byte{data, padded} {
			m, err := module.Decode("fuzz.tlm", in)
			if err != nil {
				if !strings.HasPrefix(err.Error(), "fuzz.tlm: ") {
					t.Errorf("error %q does not name the file", err)
				}
				continue
			}
			for _, e := range m.Entries {
				_ = e.Plan.String()
			}
		}
	})
}

// TestViewOutOfBounds: a module whose view reaches past its buffer (by
// its static part or by the range of a run-time offset) is refused at
// load, so a backend never indexes outside a buffer.
func TestViewOutOfBounds(t *testing.T) {
	for _, c := range []struct {
		fn, want string
		damage   func(p *plan.Plan) bool
	}{
		{"gather", "reaches elements", func(p *plan.Plan) bool {
			for _, s := range p.Steps {
				for i := range s.Outputs {
					s.Outputs[i].Offset += 1
					return true
				}
			}
			return false
		}},
		{"decode", "reaches elements", func(p *plan.Plan) bool {
			for _, s := range p.Steps {
				for i := range s.Inputs {
					if len(s.Inputs[i].Dyn) > 0 {
						s.Inputs[i].Dyn[0].Max += 100
						return true
					}
				}
			}
			return false
		}},
		{"matmul", "stride", func(p *plan.Plan) bool {
			s := p.Steps[len(p.Steps)-1]
			s.Inputs[0].Strides[0] = 1 << 60
			return true
		}},
	} {
		file := "ops.mlir"
		if c.fn == "decode" {
			file = "decode.mlir"
		}
		p := compile(t, file, c.fn)
		if !c.damage(p) {
			t.Fatalf("@%s: nothing to damage", c.fn)
		}
		_, err := module.Decode(c.fn+".tlm", encode(t, p))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("@%s: %v, want an error saying %q", c.fn, err, c.want)
		}
	}
}
