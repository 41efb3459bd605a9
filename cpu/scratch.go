package cpu

import (
	"math/bits"
	"sync"
	"unsafe"
)

// Large buffers (a run's arena, a contraction's packed panels) are kept
// between steps and runs instead of being left to the garbage collector:
// a fresh one lands on pages the runtime has returned to the kernel, and
// the first touch of each 4 KiB page faults — for a data gradient's 1 MB
// panels and 6 MB temporaries that cost as much as the arithmetic, and
// made repeated timings bimodal (a sync.Pool is emptied by every GC).
//
// Small buffers are kept too: a process that starts, runs a compiled
// module once and exits never collects garbage, so every buffer it
// allocates is fresh memory, page-faulted in. A training step of a small
// network makes hundreds of contractions with tables and panels of a few
// KB each; kept here, one step's buffers serve the next.
//
// Buffers are kept by power-of-two size class, perClass per class or as
// many as fit in classBytes, up to maxScratchBytes in all. A step can
// hold dozens of one class at once (a weight gradient's panels in runs of
// its rows, a small network's tables): with eight a class, CIFAR-like's
// step took 65 buffers of 32-128 KB (5 MB) from fresh memory every run.
// A buffer given back when the bound is reached makes room by dropping
// those of the size class used least recently: the classes a process's
// current work uses stay, not those of work it has finished (one
// network's 300 MB arenas, kept after it, made the next
// network's 68 MB arena fresh memory every run, 1.8x slower). Their
// contents are stale: every user writes before it reads (zeroing where
// it needs zeros).

const (
	minScratchWords = 1 << 4 // smaller buffers are the allocator's business
	perClass        = 8
	classBytes      = 32 << 20
)

// maxScratchBytes bounds what the pool keeps (a variable for the tests).
var maxScratchBytes int64 = 1 << 29

var scratch struct {
	sync.Mutex
	free  [64][][]uint64
	bytes int64
	// used is each class's last get or put, on the clock tick.
	used [64]uint64
	tick uint64
}

// getWords returns n words of scratch (contents undefined).
func getWords(n int) []uint64 {
	if n < minScratchWords {
		return make([]uint64, n)
	}
	c := bits.Len(uint(n - 1))
	scratch.Lock()
	scratch.tick++
	scratch.used[c] = scratch.tick
	if l := len(scratch.free[c]); l > 0 {
		w := scratch.free[c][l-1]
		scratch.free[c] = scratch.free[c][:l-1]
		scratch.bytes -= int64(cap(w)) * 8
		scratch.Unlock()
		return w[:n]
	}
	scratch.Unlock()
	return make([]uint64, n, 1<<c)
}

// putWords gives w back for reuse; w must not be used afterwards.
func putWords(w []uint64) {
	if cap(w) < minScratchWords || cap(w)&(cap(w)-1) != 0 {
		return
	}
	c := bits.Len(uint(cap(w) - 1))
	size := int64(cap(w)) * 8
	scratch.Lock()
	defer scratch.Unlock()
	scratch.tick++
	scratch.used[c] = scratch.tick
	if int64(len(scratch.free[c])) >= max(perClass, classBytes/size) || size > maxScratchBytes {
		return
	}
	for scratch.bytes+size > maxScratchBytes {
		// Drop a buffer of the least recently used other class.
		lru := -1
		for d := range scratch.free {
			if d != c && len(scratch.free[d]) > 0 && (lru < 0 || scratch.used[d] < scratch.used[lru]) {
				lru = d
			}
		}
		if lru < 0 {
			return
		}
		l := len(scratch.free[lru]) - 1
		scratch.bytes -= int64(cap(scratch.free[lru][l])) * 8
		scratch.free[lru][l] = nil
		scratch.free[lru] = scratch.free[lru][:l]
	}
	scratch.free[c] = append(scratch.free[c], w[:cap(w)])
	scratch.bytes += size
}

// getFloats returns n float32s of scratch (contents undefined) and the
// words to give back with putWords.
func getFloats(n int) ([]float32, []uint64) {
	w := getWords((n + 1) / 2)
	if n == 0 {
		return []float32{}, w
	}
	return unsafe.Slice((*float32)(unsafe.Pointer(&w[0])), n), w
}

// getZeroFloats is getFloats with the contents zeroed.
func getZeroFloats(n int) ([]float32, []uint64) {
	f, w := getFloats(n)
	clear(f)
	return f, w
}

// getInts returns n ints of scratch (contents undefined) and the words to
// give back with putWords.
func getInts(n int) ([]int, []uint64) {
	w := getWords(n)
	if n == 0 {
		return []int{}, w
	}
	return unsafe.Slice((*int)(unsafe.Pointer(&w[0])), n), w
}
