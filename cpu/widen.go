package cpu

import (
	"sync"
	"sync/atomic"
	"unsafe"
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
// data holds len(mem)/from.size() elements of to; mags is the range of
// the 16-bit elements' magnitudes.
type widenEntry struct {
	mem      []byte
	from, to elemKind
	data     unsafe.Pointer
	words    []uint64
	mags     magRange
}

// A factor is where a contraction's operand came from: its storage kind
// and, for a widened 16-bit buffer, the range of its magnitudes.
type factor struct {
	kind elemKind
	mags magRange
}

// widened returns the elements of mem (of kind from) widened exactly to T
// (of kind to), from the cache when an earlier step widened the same
// buffer and no step has written it since; pc may be nil (no cache).
func widened[T floatT](pc *panelCache, mem []byte, from, to elemKind) ([]T, factor) {
	n := len(mem) / from.size()
	if n == 0 {
		return []T{}, factor{kind: from, mags: noMagnitudes}
	}
	if pc != nil {
		for _, e := range pc.widenings {
			if e.from == from && e.to == to && len(e.mem) == len(mem) && unsafe.SliceData(e.mem) == unsafe.SliceData(mem) {
				keptWidenings.Add(1)
				return unsafe.Slice((*T)(e.data), n), factor{kind: from, mags: e.mags}
			}
		}
	}
	var zero T
	words := getWords((n*int(unsafe.Sizeof(zero)) + 7) / 8)
	s := unsafe.Slice((*T)(unsafe.Pointer(&words[0])), n)
	// Half the memory bandwidth of a core is a few GB/s: split a large
	// buffer between the workers.
	var mu sync.Mutex
	mags := noMagnitudes
	splitRange(n, int64(n), func(lo, hi int) {
		m := widen(s[lo:hi], mem, from, lo)
		mu.Lock()
		mags = mags.join(m)
		mu.Unlock()
	})
	if pc != nil {
		pc.widenings = append(pc.widenings, widenEntry{mem: mem, from: from, to: to, data: unsafe.Pointer(&words[0]), words: words, mags: mags})
	} else {
		// Nothing keeps it: the garbage collector frees it with s.
		s = append([]T(nil), s...)
		putWords(words)
	}
	return s, factor{kind: from, mags: mags}
}

// widen stores elements [lo, lo+len(dst)) of mem (of kind from) in dst,
// widened exactly (extf), and returns the range of their magnitudes (for
// 16-bit kinds).
func widen[T floatT](dst []T, mem []byte, from elemKind, lo int) magRange {
	// Typed loops for the 16-bit kinds: a load through the accessor's
	// switch per element cost as much as the multiplies.
	switch from {
	case kBF16, kF16:
		src := typed[uint16](mem)[lo : lo+len(dst)]
		if d, ok := any(dst).([]float32); ok {
			return widenHalf(d, src, from)
		}
		for i, h := range src {
			dst[i] = T(halfToFloat32(h, from))
		}
		return magnitudes(src)
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
	return noMagnitudes
}

// The products of two 16-bit floats are exact in f32 (bf16: 8
// significant bits, f16: 11; 16 or 22 of f32's 24) unless they overflow
// or fall below f32's smallest subnormal step. Where none does, a fused
// multiply-add (x·y + acc rounded once) and the unfused pair (x·y
// rounded, then the sum rounded) round the same exact sum: the same
// bits. A contraction of widened f16/bf16 factors whose magnitudes show
// that no product can overflow or lose bits runs on the fused kernels
// (twice the unfused ones' rate on AVX-512) with the interpreter's
// unfused results: exactProducts. Real data passes (bf16 gradients
// between 2^-60 and 2^60 do); a factor with an Inf or a NaN does not.

// magRange is the least nonzero and the greatest magnitude (bits
// without the sign) among some 16-bit elements; least is 0xffff when
// none is nonzero.
type magRange struct{ least, most uint16 }

var noMagnitudes = magRange{least: 0xffff}

func (r magRange) join(s magRange) magRange {
	return magRange{least: min(r.least, s.least), most: max(r.most, s.most)}
}

// magnitudes is the range of hs's magnitudes.
func magnitudes(hs []uint16) magRange {
	r := noMagnitudes
	for _, h := range hs {
		m := h & 0x7fff
		r.most = max(r.most, m)
		if m != 0 {
			r.least = min(r.least, m)
		}
	}
	return r
}

// bounds is the exponent of the lowest bit any nonzero element of f can
// have (lo) and a power of two every element lies below (hi), by its
// kind's layout; ok is false for a kind that is not f16 or bf16 or when
// an element is Inf or NaN.
func (f factor) bounds() (sig, lo, hi int, ok bool) {
	var mant, bias int
	switch f.kind {
	case kBF16:
		mant, bias = 7, 127
	case kF16:
		mant, bias = 10, 15
	default:
		return 0, 0, 0, false
	}
	expOf := func(m uint16) int { return int(m >> mant) }
	if expOf(f.mags.most) == 2*bias+1 {
		return 0, 0, 0, false // Inf or NaN
	}
	// Subnormals have the exponent of the smallest normal and no leading
	// one.
	lo = max(expOf(f.mags.least), 1) - bias - mant
	hi = max(expOf(f.mags.most), 1) - bias + 1
	return mant + 1, lo, hi, true
}

// exactProducts reports whether every product of an element of a with
// one of b is exact in f32 (see above): their significands fit in 24
// bits, the lowest bits in f32's subnormal step 2^-149, and the
// magnitudes below 2^128.
func exactProducts(a, b factor) bool {
	sa, la, ha, okA := a.bounds()
	sb, lb, hb, okB := b.bounds()
	if !okA || !okB || sa+sb > 24 {
		return false
	}
	if a.mags.least == 0xffff || b.mags.least == 0xffff {
		return true // a factor of zeros: every product is a zero
	}
	return la+lb >= -149 && ha+hb <= 128
}
