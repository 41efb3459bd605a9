package cli

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/compiler"
	"github.com/torchlower/torchlower/gpu"
	"github.com/torchlower/torchlower/gpu/codegen"
	"github.com/torchlower/torchlower/gpu/cuda"
	"github.com/torchlower/torchlower/gpu/hip"
	"github.com/torchlower/torchlower/module"
)

// presentTargets are the GPU targets of this machine.
func presentTargets() []string {
	var ts []string
	for _, k := range gpu.Kinds {
		if d := gpu.Open(k); d.Available() {
			ts = append(ts, d.Target())
		}
	}
	return ts
}

// TestCompileHIPModule compiles the README's example for hip:gfx90a with
// hiprtc (no GPU needed): the module holds the plan, the kernel source
// the GPU backend generates for it and a gfx90a code object. Run where
// that GPU is absent, it is an error naming the module's target and the
// present ones; where it is present, it gives the reference results.
func TestCompileHIPModule(t *testing.T) {
	if _, err := hip.LoadRTC(); err != nil {
		t.Skipf("hiprtc does not load here (Debian: apt-get install libamdhip64-dev): %v", err)
	}
	tlm := filepath.Join(t.TempDir(), "m.tlm")
	if _, errOut, code := run(t, "", "compile", "../../examples/conv_backward.mlir", "--target=hip:gfx90a", "-o", tlm); code != 0 || errOut != "" {
		t.Fatalf("compile exited %d: %s", code, errOut)
	}
	m, err := module.ReadFile(tlm)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	p, err := compiler.CompileFor("../../examples/conv_backward.mlir", "main", "default", nil, compiler.HIP)
	if err != nil {
		t.Fatal(err)
	}
	want, err := codegen.Generate(p)
	if err != nil {
		t.Fatal(err)
	}
	if m.Target != "hip:gfx90a" || m.GPU == nil || m.GPU.Source != want.Source() {
		t.Fatalf("the module (target %s) does not hold the generated source", m.Target)
	}
	b := m.GPU.Binary
	// An AMD code object (ELF, EM_AMDGPU) with EF_AMDGPU_MACH gfx90a, or
	// a clang offload bundle naming gfx90a (as a newer hiprtc may give).
	elf := len(b) >= 52 && string(b[:4]) == "\x7fELF" && binary.LittleEndian.Uint16(b[18:20]) == 224 && b[48] == 0x3f
	bundle := bytes.HasPrefix(b, []byte("__CLANG_OFFLOAD_BUNDLE__")) && bytes.Contains(b, []byte("gfx90a"))
	if !elf && !bundle {
		t.Errorf("the module's binary (%d bytes) is not a gfx90a code object", len(b))
	}
	args := append([]string{"run", tlm}, exampleArgs("../../examples/conv_backward")[2:]...)
	out, errOut, code := run(t, "", args...)
	if strings.Contains(strings.Join(presentTargets(), " "), "hip:gfx90a") {
		if code != 0 || strings.Count(out, ": match:") != 3 {
			t.Errorf("on a gfx90a: exit %d\n%s%s", code, out, errOut)
		}
		return
	}
	if code != 1 || !strings.Contains(errOut, tlm+": the module was compiled for target hip:gfx90a, which is not present here (present: cpu") {
		t.Errorf("without a gfx90a: exit %d, %q", code, errOut)
	}
	// --device names the kind that runs the module, or is an error.
	if _, errOut, code := run(t, "", append(args, "--device=cpu")...); code != 1 || !strings.Contains(errOut, "compiled for target hip:gfx90a, which --device=cpu does not run") {
		t.Errorf("--device=cpu: exit %d, %q", code, errOut)
	}
}

// TestCompileCUDAModuleWithoutNVRTC: without NVRTC a cuda module holds
// the kernel source only, with a note saying why.
func TestCompileCUDAModuleWithoutNVRTC(t *testing.T) {
	if _, err := cuda.LoadNVRTC(); err == nil {
		t.Skip("NVRTC is installed here")
	}
	tlm := filepath.Join(t.TempDir(), "m.tlm")
	_, errOut, code := run(t, "", "compile", "../../examples/conv_backward.mlir", "--target=cuda:sm_90", "-o", tlm)
	if code != 0 || !strings.Contains(errOut, "note: cuda:sm_90: the module holds the kernel source only") || !strings.Contains(errOut, "NVRTC") {
		t.Fatalf("compile exited %d: %s", code, errOut)
	}
	m, err := module.ReadFile(tlm)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if m.GPU == nil || m.GPU.Source == "" || m.GPU.Binary != nil {
		t.Errorf("GPU code %+v, want a source and no binary", m.GPU)
	}
	if _, errOut, code := run(t, "", "run", tlm); code != 1 || !strings.Contains(errOut, "compiled for target cuda:sm_90, which is not present here (present: ") {
		t.Errorf("run: exit %d, %q", code, errOut)
	}
}

// TestGPUModuleSourceChecked: a module whose stored kernel source is not
// what this torchlower generates for its plan is refused before it runs.
// moduleDevice stands in for a present GPU (the CPU then runs the plan,
// so the untampered module shows the path works).
func TestGPUModuleSourceChecked(t *testing.T) {
	saved := moduleDevice
	defer func() { moduleDevice = saved }()
	moduleDevice = func(m *module.Module, flag string, explicit bool) (*gpu.Device, error) { return nil, nil }
	p, err := compiler.Compile("../../examples/conv_backward.mlir", "main")
	if err != nil {
		t.Fatal(err)
	}
	c, _, err := gpu.Compile("cuda:sm_90", p)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(c.Source, " tl_s") {
		t.Fatalf("no kernel named tl_s... in the source")
	}
	dir := t.TempDir()
	args := exampleArgs("../../examples/conv_backward")[2:]
	for _, tc := range []struct {
		source string
		code   int
		want   string
	}{
		{c.Source, 0, ""},
		{strings.Replace(c.Source, " tl_s", " tlX_s", 1), 1, "the stored GPU kernel source differs from what this torchlower generates"},
	} {
		data, err := module.Encode(module.Options{Target: "cuda:sm_90", Producer: module.Producer{Torchlower: "0.0-other"}, GPU: &module.GPUCode{Source: tc.source}}, p)
		if err != nil {
			t.Fatal(err)
		}
		tlm := filepath.Join(dir, "m.tlm")
		if err := os.WriteFile(tlm, data, 0o644); err != nil {
			t.Fatal(err)
		}
		out, errOut, code := run(t, "", append([]string{"run", tlm}, args...)...)
		if code != tc.code || !strings.Contains(errOut, tc.want) {
			t.Errorf("exit %d, want %d; stderr %q, want %q", code, tc.code, errOut, tc.want)
		}
		if tc.code == 0 && strings.Count(out, ": match:") != 3 {
			t.Errorf("the untampered module does not match:\n%s", out)
		}
		if tc.code != 0 && (!strings.Contains(errOut, "written by torchlower 0.0-other") || !strings.Contains(errOut, "compile it again") || !strings.Contains(errOut, "tlX_s")) {
			t.Errorf("the refusal does not name the writer, the remedy and the difference: %q", errOut)
		}
	}
}

// TestRunGPUModuleOnItsGPU compiles the README's example for each GPU
// target present and runs the module there: PyTorch's results. Skips
// without a GPU.
func TestRunGPUModuleOnItsGPU(t *testing.T) {
	targets := presentTargets()
	if len(targets) == 0 {
		t.Skip("no usable GPU")
	}
	for _, target := range targets {
		tlm := filepath.Join(t.TempDir(), "m.tlm")
		if _, errOut, code := run(t, "", "compile", "../../examples/conv_backward.mlir", "--target="+target, "-o", tlm); code != 0 {
			t.Fatalf("%s: compile exited %d: %s", target, code, errOut)
		}
		for _, device := range []string{"", "--device=auto"} {
			args := append([]string{"run", tlm}, exampleArgs("../../examples/conv_backward")[2:]...)
			if device != "" {
				args = append(args, device)
			}
			out, errOut, code := run(t, "", args...)
			if code != 0 || strings.Count(out, ": match:") != 3 {
				t.Errorf("%s %s: exit %d\n%s%s", target, device, code, out, errOut)
			}
		}
	}
}
