package cpu

import (
	goruntime "runtime"
	"sync"
	"sync/atomic"
	"time"
)

// The workers that splitRange hands ranges to. A run is a sequence of
// steps, most of them split among the workers, with short serial gaps
// between them (a fill, the next step's preparation). A goroutine started
// per range found the other OS threads asleep after each gap, and waking
// one took about 13 µs on a VM (0.9 µs when calls come back to back): a
// fifth of a small data gradient's run went to wake-ups. The workers here
// live across calls and spin for a while after their range before they
// sleep, so that the next step finds them awake.

// spinFor is how long an idle worker spins before it sleeps: longer than
// the gaps between a run's steps, short enough that a process which has
// finished its runs stops using the CPU at once.
const spinFor = 200 * time.Microsecond

type workerPool struct {
	// mu is held by the caller whose job the workers run; a caller that
	// finds it held (a split inside a split, or another goroutine's run)
	// starts goroutines instead.
	mu      sync.Mutex
	workers []*poolWorker
}

// A poolWorker runs range w of the job it is given.
type poolWorker struct {
	// gen counts the jobs posted to this worker; done, the jobs it has
	// finished. The worker waits while done == gen.
	gen, done atomic.Uint64
	// sleeping is set by the worker before it blocks on wake; the poster
	// that clears it sends the wake-up.
	sleeping atomic.Bool
	wake     chan struct{}
	job      poolJob
}

type poolJob struct {
	f      func(lo, hi int)
	lo, hi int
	panic  any
}

var pool workerPool

// run runs f over [0, total) in workers ranges (the caller's goroutine
// takes the first) and returns the first panic a range raised, or nil.
// The ranges are splitRange's.
func (p *workerPool) run(workers, total int, f func(lo, hi int)) any {
	for len(p.workers) < workers-1 {
		w := &poolWorker{wake: make(chan struct{}, 1)}
		p.workers = append(p.workers, w)
		go w.loop()
	}
	for i := 1; i < workers; i++ {
		w := p.workers[i-1]
		w.job = poolJob{f: f, lo: total * i / workers, hi: total * (i + 1) / workers}
		w.gen.Add(1)
		if w.sleeping.CompareAndSwap(true, false) {
			w.wake <- struct{}{}
		}
	}
	first := runRange(f, 0, total/workers)
	for i := 1; i < workers; i++ {
		w := p.workers[i-1]
		for spins := 0; w.done.Load() != w.gen.Load(); spins++ {
			if spins > 64 {
				goruntime.Gosched()
			}
		}
		if first == nil {
			first = w.job.panic
		}
		w.job = poolJob{}
	}
	return first
}

// loop runs the worker's jobs as they are posted, spinning spinFor after
// each before it sleeps.
func (w *poolWorker) loop() {
	for {
		start := time.Now()
		for spins := 0; w.done.Load() == w.gen.Load(); spins++ {
			if spins&63 != 63 {
				continue
			}
			goruntime.Gosched()
			if time.Since(start) < spinFor {
				continue
			}
			w.sleeping.Store(true)
			if w.done.Load() != w.gen.Load() && w.sleeping.CompareAndSwap(true, false) {
				break // posted meanwhile, and no wake-up is coming
			}
			<-w.wake
			start = time.Now()
		}
		w.job.panic = runRange(w.job.f, w.job.lo, w.job.hi)
		w.done.Add(1)
	}
}

// runRange runs f(lo, hi) and returns what it panicked with, or nil.
func runRange(f func(lo, hi int), lo, hi int) (p any) {
	defer func() { p = recover() }()
	f(lo, hi)
	return nil
}
