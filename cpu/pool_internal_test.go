package cpu

import (
	"fmt"
	goruntime "runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestSplitRangePool runs splits through the worker pool as a run does
// (back to back, after the workers have gone to sleep, nested, from
// several goroutines at once, panicking) and checks that every index is
// visited exactly once by the ranges splitRange promises, and that a
// panic in any range comes back.
func TestSplitRangePool(t *testing.T) {
	defer goruntime.GOMAXPROCS(goruntime.GOMAXPROCS(4))
	const total = 1000
	check := func(t *testing.T, wantRanges int32, f func(func(lo, hi int)) any) {
		t.Helper()
		var seen [total]atomic.Int32
		var ranges atomic.Int32
		if p := f(func(lo, hi int) {
			ranges.Add(1)
			for i := lo; i < hi; i++ {
				seen[i].Add(1)
			}
		}); p != nil {
			t.Errorf("panic: %v", p)
			return
		}
		for i := range seen {
			if n := seen[i].Load(); n != 1 {
				t.Errorf("index %d visited %d times", i, n)
				return
			}
		}
		if ranges.Load() != wantRanges {
			t.Errorf("%d ranges, want %d", ranges.Load(), wantRanges)
		}
	}
	split := func(f func(lo, hi int)) any { return splitRange(total, 1<<30, f) }
	for range 100 {
		check(t, 4, split)
	}
	time.Sleep(3 * spinFor) // the workers sleep now
	woke := make(chan bool)
	go func() {
		check(t, 4, split)
		woke <- true
	}()
	select {
	case <-woke:
	case <-time.After(10 * time.Second):
		t.Fatal("a split after the workers went to sleep did not finish in 10 s")
	}
	if len(pool.workers) != 3 {
		t.Errorf("the pool has %d workers, want 3", len(pool.workers))
	}
	// A split inside a split starts goroutines (the pool is busy).
	check(t, 16, func(f func(lo, hi int)) any {
		return splitRange(4, 1<<30, func(lo, hi int) {
			for q := lo; q < hi; q++ {
				if p := splitRange(total/4, 1<<30, func(l, h int) { f(q*total/4+l, q*total/4+h) }); p != nil {
					panic(p)
				}
			}
		})
	})
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 50 {
				check(t, 4, split)
			}
		}()
	}
	wg.Wait()
	for w := range 4 {
		p := splitRange(total, 1<<30, func(lo, hi int) {
			if lo == total*w/4 {
				panic("range " + string(rune('0'+w)))
			}
		})
		if p != "range "+string(rune('0'+w)) {
			t.Errorf("a panic in range %d came back as %v", w, p)
		}
	}
}

// BenchmarkSplitRange times one split of trivial work between steps of a
// run, back to back and after a 50 µs serial gap (a fill, the next step's
// preparation), through the pool and through goroutines started for the
// call (the pool held, as a split inside a split finds it): µs a split,
// side by side.
func BenchmarkSplitRange(b *testing.B) {
	if goruntime.GOMAXPROCS(0) < 2 {
		b.Skip("GOMAXPROCS < 2: splitRange runs on the caller")
	}
	var sink [64]int
	for _, gap := range []time.Duration{0, 50 * time.Microsecond} {
		for _, viaPool := range []bool{true, false} {
			name := fmt.Sprintf("gap=%v/pool=%v", gap, viaPool)
			b.Run(name, func(b *testing.B) {
				if !viaPool {
					pool.mu.Lock()
					defer pool.mu.Unlock()
				}
				var total time.Duration
				for range b.N {
					for t0 := time.Now(); time.Since(t0) < gap; {
					}
					t0 := time.Now()
					splitRange(2, 1<<30, func(lo, hi int) { sink[lo*16]++ })
					total += time.Since(t0)
				}
				b.ReportMetric(float64(total.Nanoseconds())/float64(b.N)/1e3, "us/split")
			})
		}
	}
}
