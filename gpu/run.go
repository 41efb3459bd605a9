package gpu

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/torchlower/torchlower/gpu/codegen"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/plan"
	"github.com/torchlower/torchlower/runtime"
)

func codegenHIPOptions(arch string) []string  { return codegen.HIPOptions(arch) }
func codegenCUDAOptions(arch string) []string { return codegen.CUDAOptions(arch) }

// Profile receives the device time of each step (event timing), as
// cpu.Profile does the host time.
type Profile struct {
	Steps []time.Duration
	// Compile is the time to get the module's code: a cache read, or
	// code generation's compile.
	Compile time.Duration
}

// Run executes p on args and returns the results (nil for a None).
func (d *Device) Run(p *plan.Plan, args []*runtime.Tensor) ([]*runtime.Tensor, error) {
	return d.RunProfiled(p, args, nil)
}

// RunProfiled is Run that records step times in prof when it is not nil.
func (d *Device) RunProfiled(p *plan.Plan, args []*runtime.Tensor, prof *Profile) ([]*runtime.Tensor, error) {
	if !d.Available() {
		return nil, fmt.Errorf("%s device not available: %w", d.kind, d.reason)
	}
	if p == nil {
		return nil, fmt.Errorf("%s: nil plan", d.kind)
	}
	if err := d.lostErr(); err != nil {
		return nil, err
	}
	mod, err := codegen.Generate(p)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	src := mod.Source()
	key := codegen.HashSource(src, d.target)
	code, err := d.code(src, key)
	if err != nil {
		return nil, err
	}
	if prof != nil {
		prof.Compile = time.Since(start)
	}
	var out []*runtime.Tensor
	err = d.onDevice(func() error {
		m, err := d.module(key, code)
		if err == nil {
			out, err = d.run(p, mod, m, args, prof)
		}
		return err
	})
	return out, err
}

// dtypeOf is the runtime dtype of an element type (as cpu.DTypeOf, which
// package gpu may not import).
func dtypeOf(t ir.Type) (runtime.DType, error) {
	switch x := t.(type) {
	case ir.FloatType:
		return [...]runtime.DType{runtime.F16, runtime.BF16, runtime.F32, runtime.F64}[x.Kind], nil
	case ir.IndexType:
		return runtime.I64, nil
	case ir.IntegerType:
		if x.Signedness == ir.Unsigned && x.Width == 8 {
			return runtime.U8, nil
		}
		switch x.Width {
		case 1:
			return runtime.Bool, nil
		case 8:
			return runtime.I8, nil
		case 16:
			return runtime.I16, nil
		case 32:
			return runtime.I32, nil
		case 64:
			return runtime.I64, nil
		}
	}
	return 0, fmt.Errorf("unsupported element type %s", t)
}

// Prepare compiles p's kernels for this device (into the memory and disk
// caches) without running them. It may be called from many goroutines
// at once: a caller about to time many plans (bench) compiles them all
// in parallel first rather than one at a time in its timed loop.
func (d *Device) Prepare(p *plan.Plan) error {
	if !d.Available() {
		return fmt.Errorf("%s device not available: %w", d.kind, d.reason)
	}
	mod, err := codegen.Generate(p)
	if err != nil {
		return err
	}
	src := mod.Source()
	_, err = d.code(src, codegen.HashSource(src, d.target))
	return err
}

// code returns the compiled code of mod for this device: from memory,
// from the disk cache, else compiled (and cached in both). It runs on
// the caller's goroutine, not the device thread, so that concurrent runs
// (the e2e suite's parallel cases) compile in parallel; only loading is
// serialized.
func (d *Device) code(src, key string) ([]byte, error) {
	if c, ok := d.codes.Load(key); ok {
		return c.([]byte), nil
	}
	code, err := d.cachedOrCompiled(src, key)
	if err == nil {
		d.codes.Store(key, code)
	}
	return code, err
}

func (d *Device) cachedOrCompiled(src, key string) ([]byte, error) {
	dir := cacheDir()
	file := ""
	if dir != "" {
		file = filepath.Join(dir, key+".bin")
		if b, err := os.ReadFile(file); err == nil && validCache(b) {
			return b[32:], nil
		}
	}
	code, err := d.compile(src, "torchlower_"+key[:12]+".cu")
	if err != nil {
		return nil, err
	}
	if file != "" && os.MkdirAll(dir, 0o755) == nil {
		writeCache(file, code)
	}
	return code, nil
}

// module loads code as module key once per device (on the device thread).
func (d *Device) module(key string, code []byte) (uintptr, error) {
	if m, ok := d.mods[key]; ok {
		return m, nil
	}
	m, err := d.api.LoadModule(code)
	if err != nil {
		return 0, err
	}
	d.mods[key] = m
	return m, nil
}

// cacheDir is where compiled code is kept: $TORCHLOWER_CACHE, else the
// user cache dir; "" (no disk cache) when neither can be had.
func cacheDir() string {
	if c := os.Getenv("TORCHLOWER_CACHE"); c != "" {
		return filepath.Join(c, "kernels")
	}
	c, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(c, "torchlower", "kernels")
}

// A cache file is the SHA-256 of the code followed by the code, so a
// truncated or corrupt file is recompiled rather than loaded.
func validCache(b []byte) bool {
	if len(b) <= 32 {
		return false
	}
	h := sha256.Sum256(b[32:])
	return string(h[:]) == string(b[:32])
}

func writeCache(file string, code []byte) {
	h := sha256.Sum256(code)
	tmp := file + ".tmp" + hex.EncodeToString(h[:4])
	if os.WriteFile(tmp, append(h[:], code...), 0o644) == nil {
		os.Rename(tmp, file)
	}
}

// run executes on the device thread.
func (d *Device) run(p *plan.Plan, mod *codegen.Module, m uintptr, args []*runtime.Tensor, prof *Profile) (res []*runtime.Tensor, err error) {
	a := d.api
	if len(args) != len(p.Args) {
		return nil, fmt.Errorf("%s: @%s takes %d arguments, got %d", d.kind, p.Func, len(p.Args), len(args))
	}
	var allocs []uintptr
	alloc := func(n int64) (uintptr, error) {
		ptr, err := a.Malloc(n)
		if err == nil {
			allocs = append(allocs, ptr)
		}
		return ptr, err
	}
	defer func() {
		for _, ptr := range allocs {
			a.Free(ptr)
		}
	}()
	addr := map[*plan.Buffer]uintptr{}
	for i, b := range p.Args {
		t := args[i]
		dt, err := dtypeOf(b.Elem)
		if err != nil {
			return nil, fmt.Errorf("argument %d: %v", i, err)
		}
		if t == nil || t.DType != dt || !slices.Equal(t.Shape, b.Shape) || int64(len(t.Data)) != b.Bytes() {
			return nil, fmt.Errorf("%s: argument %d does not match @%s's %s", d.kind, i, p.Func, ir.Tensor(b.Elem, b.Shape...))
		}
		ptr, err := alloc(b.Bytes())
		if err != nil {
			return nil, err
		}
		// An argument no step reads (a data gradient's input, which
		// gives only its shape) is not copied: for the big shapes of
		// bench it would be most of a run's transfer.
		if p.Needs(b) {
			if err := a.CopyHtoD(ptr, t.Data); err != nil {
				return nil, err
			}
		}
		addr[b] = ptr
	}
	arena, err := alloc(p.ArenaBytes)
	if err != nil {
		return nil, err
	}
	for _, b := range p.Buffers {
		switch b.Kind {
		case plan.Constant, plan.Temporary:
			if b.Offset < 0 || b.Offset+b.Bytes() > p.ArenaBytes || b.Offset%8 != 0 {
				return nil, fmt.Errorf("%s: buffer %s lies outside the arena or is misaligned", d.kind, b.Name())
			}
			addr[b] = arena + uintptr(b.Offset)
		case plan.Result:
			if addr[b], err = alloc(b.Bytes()); err != nil {
				return nil, err
			}
		}
	}
	scalars, err := alloc(int64(8 * max(1, len(p.Scalars))))
	if err != nil {
		return nil, err
	}
	errWord, err := alloc(8)
	if err != nil {
		return nil, err
	}
	if err := a.Memset(errWord, 0, 8); err != nil {
		return nil, err
	}
	// One scratch buffer serves every kernel that takes one: they run one
	// after another, and each leaves its counters zero (Kernel.Scratch).
	var scratchBytes int64
	for _, k := range mod.Steps {
		if k != nil {
			scratchBytes = max(scratchBytes, k.Scratch)
		}
	}
	var scratch uintptr
	if scratchBytes > 0 {
		if scratch, err = alloc(scratchBytes); err != nil {
			return nil, err
		}
		if err := a.Memset(scratch, 0, scratchBytes); err != nil {
			return nil, err
		}
	}
	stream, err := a.NewStream()
	if err != nil {
		return nil, err
	}
	defer a.DestroyStream(stream)
	// A run that stops early (a launch refused) may have kernels of its
	// own still running, one of which may fault: wait for them, before
	// their memory is freed and so that a fault is this run's.
	defer func() {
		if err != nil && !sticky(err) {
			if serr := a.Sync(stream); sticky(serr) {
				err = fmt.Errorf("%w (after %v)", serr, err)
			}
		}
	}()
	var events []uintptr
	if prof != nil {
		prof.Steps = make([]time.Duration, len(p.Steps))
		for range len(p.Steps) + 1 {
			e, err := a.NewEvent()
			if err != nil {
				return nil, err
			}
			events = append(events, e)
		}
		defer func() {
			for _, e := range events {
				a.DestroyEvent(e)
			}
		}()
		if err := a.Record(events[0], stream); err != nil {
			return nil, err
		}
	}
	// launched is the last step that gave the device work. A kernel's
	// fault is asynchronous: a later call notices it, so an error there
	// names the steps that may hold the culprit, unless each step is
	// waited for (syncEachStep) and it is the step's own.
	launched := -1
	syncEach := syncEachStep()
	for i, s := range p.Steps {
		if err := d.step(m, mod.Steps[i], s, addr, scalars, errWord, scratch, stream); err != nil {
			return nil, noticedAt(fmt.Sprintf("step %d (%s)", i, s.Kind), err, launched, syncEach)
		}
		if mod.Steps[i] != nil || s.Kind == plan.StepConstant {
			launched = i
			if syncEach {
				if err := a.Sync(stream); err != nil {
					return nil, fmt.Errorf("step %d (%s), waited for: %w", i, s.Kind, err)
				}
			}
		}
		if prof != nil {
			if err := a.Record(events[i+1], stream); err != nil {
				return nil, noticedAt(fmt.Sprintf("step %d (%s)", i, s.Kind), err, launched, syncEach)
			}
		}
	}
	if err := a.Sync(stream); err != nil {
		return nil, noticedAt("the run's end", err, launched, syncEach)
	}
	if prof != nil {
		for i := range p.Steps {
			ms, err := a.Elapsed(events[i], events[i+1])
			if err != nil {
				return nil, err
			}
			prof.Steps[i] = time.Duration(float64(ms) * float64(time.Millisecond))
		}
	}
	var ew [8]byte
	if err := a.CopyDtoH(ew[:], errWord); err != nil {
		return nil, err
	}
	if code := int32(binary.LittleEndian.Uint32(ew[:4])); code != 0 {
		step := int(binary.LittleEndian.Uint32(ew[4:]))
		return nil, fmt.Errorf("step %d: %s", step, codegen.ErrorMessage(int(code)))
	}
	results := make([]*runtime.Tensor, len(p.Results))
	for i, b := range p.Results {
		if b == nil {
			continue
		}
		dt, err := dtypeOf(b.Elem)
		if err != nil {
			return nil, err
		}
		t := &runtime.Tensor{DType: dt, Shape: slices.Clone(b.Shape), Data: make([]byte, b.Bytes())}
		if err := a.CopyDtoH(t.Data, addr[b]); err != nil {
			return nil, err
		}
		results[i] = t
	}
	return results, nil
}

// syncEachStep reports whether $TORCHLOWER_GPU_SYNC is 1: each step's
// kernels are waited for before the next step's are launched, as
// CUDA_LAUNCH_BLOCKING=1 makes CUDA's runtime do, so that a kernel's
// fault is reported at its own step (and the steps lose their overlap).
func syncEachStep() bool { return os.Getenv("TORCHLOWER_GPU_SYNC") == "1" }

// noticedAt is err, met at where in a run whose steps up to launched
// gave the device work. A fault (sticky) is a kernel's among those, not
// where's own: it says so, and how to find which.
func noticedAt(where string, err error, launched int, syncEach bool) error {
	if !sticky(err) || launched < 0 || syncEach {
		return fmt.Errorf("%s: %w", where, err)
	}
	return fmt.Errorf("%s: %w (noticed there: a kernel of steps 0-%d faulted, which run asynchronously; TORCHLOWER_GPU_SYNC=1 waits for each step and names it)", where, err, launched)
}

// step enqueues one step.
func (d *Device) step(m uintptr, k *codegen.Kernel, s *plan.Step, addr map[*plan.Buffer]uintptr, scalars, errWord, scratch, stream uintptr) error {
	a := d.api
	if s.Kind == plan.StepConstant {
		// The arena slot may be a dead temporary's that earlier kernels
		// still use: wait for them before the (synchronous) upload.
		if err := a.Sync(stream); err != nil {
			return err
		}
		return d.constant(s, addr)
	}
	if k == nil {
		return nil // empty, or nothing to do
	}
	f, err := d.function(m, k.Name)
	if err != nil {
		return err
	}
	params := make([]uintptr, len(k.Params))
	for j, prm := range k.Params {
		switch prm.Kind {
		case codegen.ParamBuffer:
			ptr, ok := addr[prm.Buffer]
			if !ok {
				return fmt.Errorf("malformed plan: buffer %s has no memory", prm.Buffer.Name())
			}
			params[j] = ptr
		case codegen.ParamScalars:
			params[j] = scalars
		case codegen.ParamError:
			params[j] = errWord
		case codegen.ParamScratch:
			params[j] = scratch
		}
	}
	grid, shared := k.Grid, k.Shared
	if k.GridMMA > 0 && d.mma {
		grid, shared = k.GridMMA, k.SharedMMA
	}
	// A launch whose dynamic and static shared memory together pass
	// 48 KB must be allowed it first; the static part is the kernel's
	// own, so every function with dynamic shared memory is allowed its
	// amount, once.
	if shared > 0 && d.allowed[f] < shared {
		if err := a.AllowShared(f, shared); err != nil {
			return err
		}
		d.allowed[f] = shared
	}
	return a.Launch(f, grid, k.Block, shared, stream, params)
}

// kernelRef names a kernel of a loaded module.
type kernelRef struct {
	module uintptr
	name   string
}

// function is kernel name of module m, looked up once (modules stay
// loaded while the device is open).
func (d *Device) function(m uintptr, name string) (uintptr, error) {
	ref := kernelRef{m, name}
	if f, ok := d.funcs[ref]; ok {
		return f, nil
	}
	f, err := d.api.Function(m, name)
	if err == nil {
		d.funcs[ref] = f
	}
	return f, err
}

// runsMMA reports whether kernels take their NVIDIA tensor-core bodies
// on a device of kind and arch (the prelude's TL_MMA: CUDA, sm_80 and
// newer). Open works it out once, not each launch.
func runsMMA(kind, arch string) bool {
	sm, ok := strings.CutPrefix(arch, "sm_")
	n, err := strconv.Atoi(strings.TrimRight(sm, "abcdefghijklmnopqrstuvwxyz"))
	return kind == "cuda" && ok && err == nil && n >= 80
}

// constant uploads a dense or dense_resource attribute (a splat is
// expanded on the host). The copy is synchronous, so it is ordered
// before the kernels enqueued after it.
func (d *Device) constant(s *plan.Step, addr map[*plan.Buffer]uintptr) error {
	if len(s.Outputs) != 1 || !s.Outputs[0].IsWhole() {
		return fmt.Errorf("constant into a partial view")
	}
	b := s.Outputs[0].Buf
	var raw []byte
	switch x := s.Value.(type) {
	case *ir.DenseElementsAttr:
		raw = x.Raw()
	case ir.DenseResourceAttr:
		if x.Blob == nil {
			return fmt.Errorf("dense_resource without data")
		}
		raw = x.Blob.Data
	default:
		return fmt.Errorf("unsupported constant %v", s.Value)
	}
	n := b.Bytes()
	data := raw
	switch {
	case int64(len(raw)) == n:
	case len(raw) > 0 && n%int64(len(raw)) == 0:
		data = make([]byte, n)
		for o := int64(0); o < n; o += int64(len(raw)) {
			copy(data[o:], raw)
		}
	case n == 0:
		return nil
	default:
		return fmt.Errorf("constant has %d bytes for a %d-byte buffer", len(raw), n)
	}
	return d.api.CopyHtoD(addr[b], data)
}
