package cpu

import (
	"math"
	"sync/atomic"
	"unsafe"

	"github.com/torchlower/torchlower/runtime"
)

// A contraction of f16 or bf16 factors (extf to its f32 accumulator in
// the body) runs on the f32 kernels over an exact widening of each
// factor's buffer. The regions of a decomposed data gradient all read the
// same dy and filter, nine of them for a 3x3 stride-2 kernel, and the
// weight and bias gradients read dy again: widened step by step, the
// 8x14x14x128 bf16 dy was widened (and 800 KB allocated and cleared) at
// every region, most of a corner region's time. The run's cache
// (panelCache) keeps each buffer's widening until a step writes the
// buffer, as it keeps packed panels, so a buffer is widened once a run.

// keptWidenings counts the widenings taken from the cache (tests).
var keptWidenings atomic.Int64

// widenEntry is a widening of the buffer mem (of kind from) to kind to:
// data holds len(mem)/from.size() elements of to.
type widenEntry struct {
	mem      []byte
	from, to elemKind
	data     unsafe.Pointer
	words    []uint64
}

// widened returns the elements of mem (of kind from) widened exactly to T
// (of kind to), from the cache when an earlier step widened the same
// buffer and no step has written it since; pc may be nil (no cache).
func widened[T floatT](pc *panelCache, mem []byte, from, to elemKind) []T {
	n := len(mem) / from.size()
	if n == 0 {
		return []T{}
	}
	if pc != nil {
		for _, e := range pc.widenings {
			if e.from == from && e.to == to && len(e.mem) == len(mem) && unsafe.SliceData(e.mem) == unsafe.SliceData(mem) {
				keptWidenings.Add(1)
				return unsafe.Slice((*T)(e.data), n)
			}
		}
	}
	var zero T
	words := getWords((n*int(unsafe.Sizeof(zero)) + 7) / 8)
	s := unsafe.Slice((*T)(unsafe.Pointer(&words[0])), n)
	// Half the memory bandwidth of a core is a few GB/s: split a large
	// buffer between the workers.
	splitRange(n, int64(n), func(lo, hi int) { widen(s[lo:hi], mem, from, lo) })
	if pc != nil {
		pc.widenings = append(pc.widenings, widenEntry{mem: mem, from: from, to: to, data: unsafe.Pointer(&words[0]), words: words})
	} else {
		// Nothing keeps it: the garbage collector frees it with s.
		s = append([]T(nil), s...)
		putWords(words)
	}
	return s
}

// widen stores elements [lo, lo+len(dst)) of mem (of kind from) in dst,
// widened exactly (extf).
func widen[T floatT](dst []T, mem []byte, from elemKind, lo int) {
	// Typed loops for the 16-bit kinds: a load through the accessor's
	// switch per element cost as much as the multiplies.
	switch from {
	case kBF16:
		src := typed[uint16](mem)[lo : lo+len(dst)]
		if d, ok := any(dst).([]float32); ok {
			widenBF16(d, src)
			return
		}
		for i, h := range src {
			dst[i] = T(math.Float32frombits(uint32(h) << 16))
		}
	case kF16:
		for i, h := range typed[uint16](mem)[lo : lo+len(dst)] {
			dst[i] = T(runtime.F16ToFloat32(h))
		}
	case kF32:
		for i, x := range typed[float32](mem)[lo : lo+len(dst)] {
			dst[i] = T(x)
		}
	default:
		acc := accessor{kind: from, mem: mem}
		for i := range dst {
			dst[i] = T(acc.loadF(int64(lo + i)))
		}
	}
}
