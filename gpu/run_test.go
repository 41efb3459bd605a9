package gpu

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"

	"github.com/torchlower/torchlower/compiler"
	"github.com/torchlower/torchlower/cpu"
	"github.com/torchlower/torchlower/gpu/codegen"
	"github.com/torchlower/torchlower/ir/asm"
	"github.com/torchlower/torchlower/plan"
	"github.com/torchlower/torchlower/runtime"
)

// TestTestdataMatchesCPU runs every function of the CPU backend's and the
// planner's test programs (scalar steps, dynamic slices, captures,
// integer bodies) and of gpu/testdata (tensor-core contractions) on each
// usable GPU and compares with the CPU within the dtype's tolerance. Inputs
// are small deterministic values; a function the CPU rejects on them (an
// index out of range) is left out. Skips without a GPU.
func TestTestdataMatchesCPU(t *testing.T) {
	var devs []*Device
	for _, k := range Kinds {
		if d := Open(k); d.Available() {
			devs = append(devs, d)
		} else {
			t.Logf("%s: %v", k, d.Reason())
		}
	}
	if len(devs) == 0 {
		t.Skip("no usable GPU")
	}
	files, _ := filepath.Glob(filepath.Join("..", "cpu", "testdata", "*.mlir"))
	more, _ := filepath.Glob(filepath.Join("..", "plan", "testdata", "*.mlir"))
	own, _ := filepath.Glob(filepath.Join("testdata", "*.mlir"))
	more = append(more, own...)
	fnRE := regexp.MustCompile(`func\.func @([A-Za-z0-9_]+)`)
	ran := 0
	for _, f := range append(files, more...) {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range fnRE.FindAllStringSubmatch(string(src), -1) {
			mod, err := asm.Parse(compiler.NewContext(), string(src), asm.Options{FileName: f})
			if err != nil {
				t.Fatal(err)
			}
			p, err := plan.Build(mod, m[1])
			if err != nil {
				continue
			}
			args := testArgs(t, p)
			want, err := cpu.Run(p, args)
			if err != nil {
				t.Logf("%s @%s: the CPU rejects the inputs: %v", f, m[1], err)
				continue
			}
			for _, d := range devs {
				got, err := d.Run(p, args)
				if err != nil {
					t.Errorf("%s @%s on %s: %v", f, m[1], d.Name(), err)
					continue
				}
				for r := range want {
					if (want[r] == nil) != (got[r] == nil) {
						t.Errorf("%s @%s on %s: result %d None mismatch", f, m[1], d.Name(), r)
						continue
					}
					if want[r] == nil {
						continue
					}
					if rep := runtime.Compare(got[r], want[r], runtime.DefaultTolerance(want[r].DType)); !rep.Match {
						t.Errorf("%s @%s on %s: result %d: %s", f, m[1], d.Name(), r, rep)
					}
				}
				ran++
			}
		}
	}
	t.Logf("%d function runs compared with the CPU", ran)
}

// testArgs are small deterministic arguments for p: floats in [-1, 1.5]
// in steps of a quarter, integers 0 to 2.
func testArgs(t *testing.T, p *plan.Plan) []*runtime.Tensor {
	t.Helper()
	args := make([]*runtime.Tensor, len(p.Args))
	for i, b := range p.Args {
		dt, err := dtypeOf(b.Elem)
		if err != nil {
			t.Fatal(err)
		}
		x := runtime.New(dt, b.Shape...)
		for j := range x.NumElements() {
			if dt.IsFloat() {
				x.SetFloat64(j, float64((j*7+i*3)%11)*0.25-1)
			} else {
				x.SetInt64(j, int64((j+i)%3))
			}
		}
		args[i] = x
	}
	return args
}

// launchRecorder is scriptedAPI that records what the launches ask for.
type launchRecorder struct {
	scriptedAPI
	allowed  []int // AllowShared's byte counts, in call order
	launches [][3]int
}

func (r *launchRecorder) AllowShared(_ uintptr, bytes int) error {
	r.allowed = append(r.allowed, bytes)
	return nil
}

func (r *launchRecorder) Launch(_ uintptr, grid, block, shared int, _ uintptr, _ []uintptr) error {
	r.launches = append(r.launches, [3]int{grid, block, shared})
	return nil
}

// A kernel with a tensor-core body launches with its own grid and
// dynamic shared memory where that body runs, asking for the memory once
// per function first (over 48 KB the driver refuses the launch
// otherwise); elsewhere it launches with the other grid and none. The
// emulation's tests do not reach it: the test programs are too small
// for the large tile's 80 KB.
func TestStepAsksForDynamicShared(t *testing.T) {
	k := &codegen.Kernel{Name: "tl_big", Grid: 6, Block: 256, GridMMA: 2, SharedMMA: 81920}
	step := &plan.Step{Kind: plan.StepGeneric}
	for _, mma := range []bool{true, false} {
		r := &launchRecorder{}
		d := &Device{kind: "cuda", api: r, mma: mma, funcs: map[kernelRef]uintptr{}, allowed: map[uintptr]int{}}
		for range 2 {
			if err := d.step(1, k, step, nil, 0, 0, 0, 0); err != nil {
				t.Fatal(err)
			}
		}
		wantAllowed, wantLaunch := []int{81920}, [3]int{2, 256, 81920}
		if !mma {
			wantAllowed, wantLaunch = nil, [3]int{6, 256, 0}
		}
		if !slices.Equal(r.allowed, wantAllowed) || len(r.launches) != 2 || r.launches[0] != wantLaunch || r.launches[1] != wantLaunch {
			t.Errorf("mma %v: asked for %v, launched %v; want %v and twice %v", mma, r.allowed, r.launches, wantAllowed, wantLaunch)
		}
	}
}
