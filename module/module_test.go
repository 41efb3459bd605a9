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

// amdELF is the start of an AMD GPU code object (ELF64, EM_AMDGPU),
// enough for the loader's check of a hip binary.
var amdELF = "\x7fELF\x02\x01\x01\x40\x02\x00\x00\x00\x00\x00\x00\x00\x03\x00\xe0\x00" + strings.Repeat("\x00", 44)

func TestTargets(t *testing.T) {
	p := compile(t, "ops.mlir", "gather")
	for _, tgt := range []string{"hip:gfx90a", "hip:gfx942", "cuda:sm_90"} {
		_, err := module.Encode(module.Options{Target: tgt}, p)
		if err == nil || !strings.Contains(err.Error(), "needs the plans' GPU kernel source") {
			t.Errorf("--target=%s without GPU code: %v", tgt, err)
		}
	}
	if _, err := module.Encode(module.Options{Target: "cpu", GPU: &module.GPUCode{Source: "x"}}, p); err == nil || !strings.Contains(err.Error(), "target cpu runs no GPU code") {
		t.Errorf("cpu with GPU code: %v", err)
	}
	if _, err := module.Encode(module.Options{Target: "cuda:sm_90", GPU: &module.GPUCode{Source: "x", Binary: []byte(amdELF)}}, p); err == nil || !strings.Contains(err.Error(), "neither a cubin nor PTX") {
		t.Errorf("cuda with an AMD binary: %v", err)
	}
	if _, err := module.Encode(module.Options{Target: "tpu"}, p); err == nil || !strings.Contains(err.Error(), "unknown target") || !strings.Contains(err.Error(), "cuda:sm_90") {
		t.Errorf("--target=tpu: %v", err)
	}
	// A GPU module holds the plan and its kernels as a cpu module does,
	// and its GPU code; it decodes on a machine without that GPU (the run
	// refuses it there, naming the targets).
	for _, c := range []module.GPUCode{{Source: "// kernels\n"}, {Source: "// kernels\n", Binary: []byte(amdELF)}} {
		data, err := module.Encode(module.Options{Target: "hip:gfx90a", GPU: &c}, p)
		if err != nil {
			t.Fatal(err)
		}
		m, err := module.Decode("g.tlm", data)
		if err != nil {
			t.Fatal(err)
		}
		if m.Target != "hip:gfx90a" || m.GPU == nil || m.GPU.Source != c.Source || !bytes.Equal(m.GPU.Binary, c.Binary) || (c.Binary == nil) != (m.GPU.Binary == nil) {
			t.Errorf("read back target %s, GPU code %+v; wrote %+v", m.Target, m.GPU, c)
		}
		if got, want := m.Entries[0].Plan.String(), p.String(); got != want {
			t.Errorf("the GPU module's plan differs from the cpu one's:\n%s\nvs\n%s", got, want)
		}
		if err := m.CheckTarget("cpu"); err == nil || !strings.Contains(err.Error(), "hip:gfx90a") || !strings.Contains(err.Error(), "present: cpu") {
			t.Errorf("CheckTarget: %v", err)
		}
	}
	if m, err := module.Decode("c.tlm", encode(t, p)); err != nil || m.GPU != nil {
		t.Errorf("a cpu module has GPU code %v (%v)", m.GPU, err)
	}
}

// TestCorruptGPUCode: damaged GPU kernel entries are errors naming the
// file, the target and what is wrong.
func TestCorruptGPUCode(t *testing.T) {
	p := compile(t, "ops.mlir", "gather")
	for _, c := range []struct {
		target  string
		entries [][2]string
		want    string
	}{
		{"hip:gfx90a", nil, "no GPU kernel source for hip:gfx90a"},
		{"hip:gfx90a", [][2]string{{"binary", amdELF}}, "no GPU kernel source for hip:gfx90a"},
		{"hip:gfx90a", [][2]string{{"source", ""}}, "needs the plans' GPU kernel source"},
		{"hip:gfx90a", [][2]string{{"source", "\xff\xfe"}}, "not UTF-8 text"},
		{"hip:gfx90a", [][2]string{{"source", "x"}, {"source", "y"}}, "two source kernel entries for hip:gfx90a"},
		{"hip:gfx90a", [][2]string{{"source", "x"}, {"binary", "garbage"}}, "the binary for hip:gfx90a (7 bytes) is not an AMD GPU code object"},
		{"hip:gfx90a", [][2]string{{"source", "x"}, {"binary", ""}}, "is not an AMD GPU code object"},
		{"hip:gfx90a", [][2]string{{"source", "x"}, {"hsaco", amdELF}}, `kernels for hip:gfx90a in format "hsaco"`},
		{"cuda:sm_90", [][2]string{{"source", "x"}, {"binary", amdELF}}, "the binary for cuda:sm_90 (64 bytes) is neither a cubin nor PTX"},
		{"cpu", [][2]string{{"source", "x"}}, `kernels for cpu are in format "source", want ir1`},
	} {
		data, err := module.EncodeWithKernels(c.target, c.entries, p)
		if err != nil {
			t.Fatal(err)
		}
		_, err = module.Decode("bad.tlm", data)
		if err == nil || !strings.HasPrefix(err.Error(), "bad.tlm: ") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %q: %v, want an error saying %q", c.target, c.entries, err, c.want)
		}
	}
	// PTX (NUL-terminated text with a .version) is a cuda binary.
	data, err := module.EncodeWithKernels("cuda:sm_90", [][2]string{{"source", "x"}, {"binary", "//\n.version 8.0\n.target sm_90\n\x00"}}, p)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := module.Decode("ptx.tlm", data); err != nil {
		t.Errorf("a PTX binary: %v", err)
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
	gpu, err := module.Encode(module.Options{Target: "hip:gfx90a", GPU: &module.GPUCode{Source: "// kernels\n", Binary: []byte(amdELF)}}, compile(f, "ops.mlir", "gather"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(gpu)
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
// load, so a backend never indexes outside a buffer; so is a fill value
// that is not a value of its type.
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
		// A fill value its type would round (FuzzLoad found one, a tiny
		// double for an f32 fill, that made printing the plan panic).
		{"matmul", "is not a f32 value", func(p *plan.Plan) bool {
			for _, s := range p.Steps {
				if s.Kind == plan.StepFill {
					s.Value = ir.FloatAttr{Value: 1e-300, Type: ir.FloatType{Kind: ir.F32}}
					return true
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

// TestParseTarget checks the target names a module may carry.
func TestParseTarget(t *testing.T) {
	for _, ok := range []string{"cpu", "hip:gfx90a", "hip:gfx942", "hip:gfx1100", "cuda:sm_90", "cuda:sm_80", "cuda:sm_120"} {
		if err := module.ParseTarget(ok); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
	for bad, want := range map[string]string{
		"":             "unknown target",
		"gpu":          "unknown target",
		"CPU":          "unknown target",
		"hip:":         "unknown target",
		"hip:gfx":      "unknown target",
		"hip:gfx90A":   "unknown target",
		"hip:sm_90":    "unknown target",
		"cuda:sm_":     "unknown target",
		"cuda:sm_9x":   "unknown target",
		"cuda:sm_a":    "unknown target",
		"cuda:gfx90a":  "unknown target",
		" cpu":         "unknown target",
		"cuda:sm_90a":  "architecture-specific NVIDIA targets are not supported; the generated code runs on cuda:sm_90,",
		"cuda:sm_100a": "runs on cuda:sm_100,",
	} {
		if err := module.ParseTarget(bad); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want one containing %q", bad, err, want)
		}
	}
}
