package gpu

import (
	"bytes"
	"encoding/binary"
	"path/filepath"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/compiler"
	"github.com/torchlower/torchlower/cpu"
	"github.com/torchlower/torchlower/gpu/codegen"
	"github.com/torchlower/torchlower/gpu/cuda"
	"github.com/torchlower/torchlower/gpu/hip"
	"github.com/torchlower/torchlower/plan"
	"github.com/torchlower/torchlower/runtime"
)

// examplePlan is the README example planned as target runs it (a direct
// run's plan, so a module and the run share the kernel cache's code).
func examplePlan(t *testing.T, target compiler.Target) *plan.Plan {
	t.Helper()
	p, err := compiler.CompileFor(filepath.Join("..", "examples", "conv_backward.mlir"), "main", "default", nil, target)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// amdMach is the EF_AMDGPU_MACH of an AMD code object (an ELF for
// EM_AMDGPU), or -1 when code is not one.
func amdMach(code []byte) int {
	if len(code) < 52 || string(code[:4]) != "\x7fELF" || binary.LittleEndian.Uint16(code[18:20]) != 224 {
		return -1
	}
	return int(binary.LittleEndian.Uint32(code[48:52]) & 0xff)
}

// TestCompileHIP: hiprtc compiles a module's kernels for the arch its
// target names, with no GPU; the source is the one a direct run
// generates, so the two share the kernel cache's compiled code.
func TestCompileHIP(t *testing.T) {
	if _, err := hip.LoadRTC(); err != nil {
		t.Skipf("hiprtc does not load here, so nothing is compiled at compile time: %v", err)
	}
	p := examplePlan(t, compiler.HIP)
	want, err := codegen.Generate(p)
	if err != nil {
		t.Fatal(err)
	}
	// EF_AMDGPU_MACH_AMDGCN_GFX90A and _GFX942.
	for _, tc := range []struct {
		target string
		mach   int
	}{{"hip:gfx90a", 0x3f}, {"hip:gfx942", 0x4c}} {
		c, missing, err := Compile(tc.target, p)
		if err != nil {
			t.Fatalf("%s: %v", tc.target, err)
		}
		if c.Source != want.Source() {
			t.Errorf("%s: the stored source is not codegen.Generate's", tc.target)
		}
		if err := c.Check(); err != nil {
			t.Errorf("%s: %v", tc.target, err)
		}
		if missing != nil {
			// Only an arch newer than the hiprtc here goes uncompiled.
			if c.Binary != nil || tc.target == "hip:gfx90a" || !strings.Contains(missing.Error(), "cannot compile for gfx942") {
				t.Errorf("%s: not compiled: %v", tc.target, missing)
			}
			t.Logf("%s: source only: %v", tc.target, missing)
			continue
		}
		if got := amdMach(c.Binary); got != tc.mach && !bytes.Contains(c.Binary, []byte(strings.TrimPrefix(tc.target, "hip:"))) {
			t.Errorf("%s: the binary (%d bytes, %q...) is not a code object for it (EF_AMDGPU_MACH %#x, want %#x)", tc.target, len(c.Binary), c.Binary[:min(16, len(c.Binary))], got, tc.mach)
		}
	}
}

func TestHiprtcKnows(t *testing.T) {
	for _, c := range []struct {
		lib, arch string
		ok        bool
	}{
		{"libamdhip64.so.5", "gfx90a", true},
		{"libamdhip64.so.5", "gfx942", false},
		{"/opt/rocm/lib/libhiprtc.so.6.3.60300", "gfx942", true},
		{"libhiprtc.so.6", "gfx950", false},
		{"libhiprtc.so.7", "gfx950", true},
		{"libhiprtc.so", "gfx940", false},
	} {
		if err := hiprtcKnows(c.lib, c.arch); (err == nil) != c.ok {
			t.Errorf("%s for %s: %v, want ok=%v", c.lib, c.arch, err, c.ok)
		}
	}
}

// TestCompileCUDAWithoutNVRTC: without NVRTC a cuda module holds the
// source only, and says why.
func TestCompileCUDAWithoutNVRTC(t *testing.T) {
	if _, err := cuda.LoadNVRTC(); err == nil {
		t.Skip("NVRTC is installed here")
	}
	c, missing, err := Compile("cuda:sm_90", examplePlan(t, compiler.CUDA))
	if err != nil {
		t.Fatal(err)
	}
	if missing == nil || !strings.Contains(missing.Error(), "nvrtc") || c.Binary != nil || c.Source == "" {
		t.Errorf("no NVRTC: binary of %d bytes, source of %d, reason %v", len(c.Binary), len(c.Source), missing)
	}
	if err := c.Check(); err != nil {
		t.Error(err)
	}
}

// TestCheckRefusesOtherSource: code whose source is not what this
// version generates for the plans is refused, naming the first
// difference; plans beyond the first get their own kernel prefix.
func TestCheckRefusesOtherSource(t *testing.T) {
	p := examplePlan(t, compiler.CUDA)
	q, err := compiler.Compile(filepath.Join("..", "cpu", "testdata", "ops.mlir"), "matmul")
	if err != nil {
		t.Fatal(err)
	}
	mods, src, err := generate([]*plan.Plan{p, q})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(src, " tl_s") || !strings.Contains(src, " tl1_s") || len(mods) != 2 {
		t.Errorf("two plans' kernels are not prefixed tl and tl1")
	}
	c := &Compiled{Target: "hip:gfx90a", Plans: []*plan.Plan{p, q}, Source: src}
	if err := c.Check(); err != nil {
		t.Fatal(err)
	}
	c.Source = strings.Replace(src, "tl1_s", "tl2_s", 1)
	c.mods = nil
	err = c.Check()
	if err == nil || !strings.Contains(err.Error(), "another torchlower version") || !strings.Contains(err.Error(), "compile it again") || !strings.Contains(err.Error(), "tl2_s") {
		t.Errorf("tampered source: %v", err)
	}
	if _, err := Open("hip").RunCompiled(c, 0, nil, nil); err == nil {
		t.Errorf("RunCompiled ran unchecked code (or found a device)")
	}
	if _, _, err := Compile("cpu", p); err == nil || !strings.Contains(err.Error(), "not a GPU target") {
		t.Errorf("Compile for cpu: %v", err)
	}
}

// TestRunCompiledMatchesCPU runs a module's code compiled for each
// usable GPU, loaded from the stored binary and, without one, compiled
// from the stored source, against the CPU. Skips without a GPU.
func TestRunCompiledMatchesCPU(t *testing.T) {
	ran := false
	for _, k := range Kinds {
		d := Open(k)
		if !d.Available() {
			t.Logf("%s: %v", k, d.Reason())
			continue
		}
		p := examplePlan(t, compiler.TargetFor(k))
		args := testArgs(t, p)
		want, err := cpu.Run(p, args)
		if err != nil {
			t.Fatal(err)
		}
		c, missing, err := Compile(d.Target(), p)
		if err != nil {
			t.Fatal(err)
		}
		if missing != nil {
			t.Logf("%s: no binary: %v", d.Target(), missing)
		}
		for _, binary := range [][]byte{c.Binary, nil} {
			cc := &Compiled{Target: c.Target, Plans: c.Plans, Source: c.Source, Binary: binary}
			if err := cc.Check(); err != nil {
				t.Fatal(err)
			}
			got, err := d.RunCompiled(cc, 0, args, nil)
			if err != nil {
				t.Fatalf("%s (binary of %d bytes): %v", d.Target(), len(binary), err)
			}
			for i := range want {
				if rep := runtime.Compare(got[i], want[i], runtime.DefaultTolerance(want[i].DType)); !rep.Match {
					t.Errorf("%s (binary of %d bytes): result %d: %s", d.Target(), len(binary), i, rep)
				}
			}
		}
		ran = true
	}
	if !ran {
		t.Skip("no usable GPU")
	}
}

// A kernel's tensor-core grid is launched where its TL_MMA body runs:
// CUDA devices of sm_80 and newer, not older ones nor AMD's.
func TestRunsMMA(t *testing.T) {
	for _, tc := range []struct {
		kind, arch string
		want       bool
	}{
		{"cuda", "sm_90", true}, {"cuda", "sm_80", true}, {"cuda", "sm_100a", true},
		{"cuda", "sm_75", false}, {"hip", "gfx90a:sramecc+:xnack-", false}, {"cuda", "", false},
	} {
		if got := runsMMA(tc.kind, tc.arch); got != tc.want {
			t.Errorf("%s %s: runsMMA %v, want %v", tc.kind, tc.arch, got, tc.want)
		}
	}
}
