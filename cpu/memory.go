package cpu

import (
	"fmt"
	"os"
	"sync"
	"unsafe"

	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/runtime"
)

// elemKind is the storage format of one element.
type elemKind uint8

const (
	kF16 elemKind = iota
	kBF16
	kF32
	kF64
	kI1
	kI8
	kI16
	kI32
	kI64
	kU8
)

// kindOf maps an IR element type to its storage format. index is stored
// as i64, as dense attributes store it.
func kindOf(t ir.Type) (elemKind, error) {
	switch x := t.(type) {
	case ir.FloatType:
		switch x.Kind {
		case ir.F16:
			return kF16, nil
		case ir.BF16:
			return kBF16, nil
		case ir.F32:
			return kF32, nil
		case ir.F64:
			return kF64, nil
		}
	case ir.IndexType:
		return kI64, nil
	case ir.IntegerType:
		if x.Signedness == ir.Unsigned && x.Width == 8 {
			return kU8, nil
		}
		switch x.Width {
		case 1:
			return kI1, nil
		case 8:
			return kI8, nil
		case 16:
			return kI16, nil
		case 32:
			return kI32, nil
		case 64:
			return kI64, nil
		}
	}
	return 0, fmt.Errorf("cpu: unsupported element type %s", t)
}

func (k elemKind) size() int { return [...]int{2, 2, 4, 8, 1, 1, 2, 4, 8, 1}[k] }

func (k elemKind) isFloat() bool { return k <= kF64 }

// dtype is the runtime.DType a buffer of kind k travels as.
func (k elemKind) dtype() runtime.DType {
	return [...]runtime.DType{runtime.F16, runtime.BF16, runtime.F32, runtime.F64, runtime.Bool,
		runtime.I8, runtime.I16, runtime.I32, runtime.I64, runtime.U8}[k]
}

// alignedBytes allocates n zeroed bytes aligned to 8, so that typed views
// of any element type are aligned.
func alignedBytes(n int64) []byte {
	if n == 0 {
		return []byte{}
	}
	u := make([]uint64, (n+7)/8)
	return unsafe.Slice((*byte)(unsafe.Pointer(&u[0])), n)
}

// poisonFresh makes every run start its results and arena as 0xff bytes
// (NaN in every float type) rather than zeros or what an earlier run
// left: TORCHLOWER_CPU_POISON=1 in the environment when the first run
// starts, which the e2e tests set. A plan that leaves an element of a
// result unwritten, or reads a temporary before writing it, then gives
// NaN or -1 instead of a zero that may happen to be right, as on a GPU,
// whose memory starts as whatever it held.
var poisonFresh = sync.OnceValue(func() bool { return os.Getenv("TORCHLOWER_CPU_POISON") == "1" })

func poison(b []byte) {
	for i := range b {
		b[i] = 0xff
	}
}

// getArena returns n bytes (8-byte aligned) of arena, reused from an
// earlier run where one is free (scratch.go), and the words to give back
// with putWords when the run is over. A run never reads a temporary
// before a step writes it, so stale contents are never seen.
func getArena(n int64) ([]byte, []uint64) {
	w := getWords(int((n + 7) / 8))
	if n == 0 {
		return []byte{}, w
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&w[0])), n), w
}

func isAligned(b []byte, to int) bool {
	return len(b) == 0 || uintptr(unsafe.Pointer(&b[0]))%uintptr(to) == 0
}

func typed[T any](b []byte) []T {
	var z T
	sz := int(unsafe.Sizeof(z))
	if len(b) < sz {
		return nil
	}
	return unsafe.Slice((*T)(unsafe.Pointer(&b[0])), len(b)/sz)
}

// accessor reads and writes elements of one buffer by element index.
// Floats travel as float64 and integers as int64 sign-extended from their
// width (i1 true is -1), the register formats of compiled bodies. It is
// a plain value (no closures): a kernel makes one per operand, and a
// compiled module's first run makes hundreds.
type accessor struct {
	kind elemKind
	mem  []byte
}

func newAccessor(mem []byte, k elemKind) accessor { return accessor{kind: k, mem: mem} }

// loadInto loads element i into register r of fr (none when r.idx < 0).
func (a accessor) loadInto(fr *frame, r reg, i int64) {
	switch {
	case r.idx < 0:
	case r.float:
		fr.f[r.idx] = a.loadF(i)
	default:
		fr.i[r.idx] = a.loadI(i)
	}
}

func (a accessor) loadF(i int64) float64 {
	switch a.kind {
	case kF16:
		return float64(runtime.F16ToFloat32(typed[uint16](a.mem)[i]))
	case kBF16:
		return float64(runtime.BF16ToFloat32(typed[uint16](a.mem)[i]))
	case kF32:
		return float64(typed[float32](a.mem)[i])
	case kF64:
		return typed[float64](a.mem)[i]
	}
	panic("cpu: float load from an integer buffer")
}

func (a accessor) storeF(i int64, v float64) {
	switch a.kind {
	case kF16:
		typed[uint16](a.mem)[i] = runtime.F16FromFloat64(v)
	case kBF16:
		typed[uint16](a.mem)[i] = runtime.BF16FromFloat64(v)
	case kF32:
		typed[float32](a.mem)[i] = float32(v)
	case kF64:
		typed[float64](a.mem)[i] = v
	default:
		panic("cpu: float store to an integer buffer")
	}
}

// loadI and storeI: ui8 registers hold the value sign-extended from 8
// bits like every other integer; unsigned ops zero-extend.
func (a accessor) loadI(i int64) int64 {
	switch a.kind {
	case kI1:
		return -int64(a.mem[i] & 1)
	case kI8, kU8:
		return int64(int8(a.mem[i]))
	case kI16:
		return int64(typed[int16](a.mem)[i])
	case kI32:
		return int64(typed[int32](a.mem)[i])
	case kI64:
		return typed[int64](a.mem)[i]
	}
	panic("cpu: integer load from a float buffer")
}

func (a accessor) storeI(i int64, v int64) {
	switch a.kind {
	case kI1:
		a.mem[i] = byte(v & 1)
	case kI8, kU8:
		a.mem[i] = byte(v)
	case kI16:
		typed[int16](a.mem)[i] = int16(v)
	case kI32:
		typed[int32](a.mem)[i] = int32(v)
	case kI64:
		typed[int64](a.mem)[i] = v
	default:
		panic("cpu: integer store to a float buffer")
	}
}

// roundF16 and roundBF16 round a float64 to the nearest 16-bit float
// (ties to even), directly, with no double rounding through float32.
func roundF16(x float64) float64 { return float64(runtime.F16ToFloat32(runtime.F16FromFloat64(x))) }

func roundBF16(x float64) float64 {
	return float64(runtime.BF16ToFloat32(runtime.BF16FromFloat64(x)))
}

func roundF32(x float64) float64 { return float64(float32(x)) }

// rounder returns the function that rounds a float64 to the precision of
// float type t, or nil for f64.
func rounder(t ir.Type) func(float64) float64 {
	ft, ok := t.(ir.FloatType)
	if !ok {
		return nil
	}
	switch ft.Kind {
	case ir.F16:
		return roundF16
	case ir.BF16:
		return roundBF16
	case ir.F32:
		return roundF32
	}
	return nil
}

// sext sign-extends the low w bits of v.
func sext(v int64, w int) int64 {
	if w >= 64 {
		return v
	}
	s := uint(64 - w)
	return v << s >> s
}

// zext zero-extends the low w bits of v.
func zext(v int64, w int) uint64 {
	if w >= 64 {
		return uint64(v)
	}
	return uint64(v) & (1<<uint(w) - 1)
}

// intWidth is the register width of an integer or index type.
func intWidth(t ir.Type) int {
	switch x := t.(type) {
	case ir.IntegerType:
		return x.Width
	case ir.IndexType:
		return 64
	}
	return 0
}
