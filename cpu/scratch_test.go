package cpu

import "testing"

// A buffer given back to a full pool makes room by dropping buffers of
// the size class used least recently, not by being dropped itself.
func TestScratchKeepsRecentClasses(t *testing.T) {
	scratch.Lock()
	saved, savedBytes, savedLimit := scratch.free, scratch.bytes, maxScratchBytes
	scratch.free, scratch.bytes, maxScratchBytes = [64][][]uint64{}, 0, 1<<20
	scratch.Unlock()
	defer func() {
		scratch.Lock()
		scratch.free, scratch.bytes, maxScratchBytes = saved, savedBytes, savedLimit
		scratch.Unlock()
	}()
	const big, small = 1 << 16, 1 << 15 // words: 512 KiB and 256 KiB
	a1, a2 := getWords(big), getWords(big)
	putWords(a1)
	putWords(a2) // the pool is full: two big buffers
	b := getWords(small)
	putWords(b) // the small class is now the most recent
	if got := len(scratch.free[16]); got != 1 {
		t.Fatalf("%d big buffers kept, want 1 (one dropped for the small one)", got)
	}
	if got := len(scratch.free[15]); got != 1 || scratch.bytes != (big+small)*8 {
		t.Fatalf("%d small buffers kept, %d bytes; want 1 and %d", got, scratch.bytes, (big+small)*8)
	}
	// The kept small buffer is the one given back.
	if w := getWords(small); &w[0] != &b[0] {
		t.Error("getWords did not return the kept small buffer")
	}
	// A buffer larger than the whole pool is not kept, and drops nothing.
	putWords(make([]uint64, 1<<18))
	if len(scratch.free[16]) != 1 || len(scratch.free[18]) != 0 {
		t.Errorf("after a buffer larger than the pool: %d big, %d huge kept", len(scratch.free[16]), len(scratch.free[18]))
	}
}

// A class keeps more buffers than perClass when they are small: a step
// that holds twenty 32 KiB buffers at once (a weight gradient's panels,
// one a run of rows) gets all twenty back on its next run, not eight kept
// and twelve from fresh memory, page-faulted in.
func TestScratchKeepsAStepsBuffers(t *testing.T) {
	scratch.Lock()
	saved, savedBytes := scratch.free, scratch.bytes
	scratch.free, scratch.bytes = [64][][]uint64{}, 0
	scratch.Unlock()
	defer func() {
		scratch.Lock()
		scratch.free, scratch.bytes = saved, savedBytes
		scratch.Unlock()
	}()
	const n, words = 20, 1 << 12 // 32 KiB each
	first := map[*uint64]bool{}
	var held [][]uint64
	for range n {
		w := getWords(words)
		first[&w[0]] = true
		held = append(held, w)
	}
	for _, w := range held {
		putWords(w)
	}
	for range n {
		if w := getWords(words); !first[&w[0]] {
			t.Fatalf("a buffer of the second run is fresh memory (%d of %d were kept)", len(scratch.free[12]), n)
		}
	}
	// Large buffers are still kept perClass a class.
	var big [][]uint64
	for range perClass + 2 {
		big = append(big, getWords(1<<19)) // 4 MiB
	}
	for _, w := range big {
		putWords(w)
	}
	if got := len(scratch.free[19]); got != perClass {
		t.Errorf("%d buffers of 4 MiB kept, want %d", got, perClass)
	}
}
