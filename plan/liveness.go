package plan

import "sort"

// arenaAlign is the alignment of every buffer in the arena: a cache line,
// so that vector loads never straddle buffers and typed access is aligned.
const arenaAlign = 64

// liveness computes each buffer's live range from the steps that touch it,
// assigns Constant and Temporary buffers to arena offsets (first fit over
// the buffers live at the same time, so buffers with disjoint lifetimes
// share memory) and computes the peak.
//
// Pre: steps are final. Post: First/Last/Offset are set for every buffer,
// ArenaBytes and the peak are set.
func (p *Plan) liveness() {
	for _, b := range p.Buffers {
		b.First, b.Last = -1, -1
	}
	touch := func(b *Buffer, i int) {
		if b.First < 0 {
			b.First = i
		}
		b.Last = i
	}
	for i, s := range p.Steps {
		if s.Kind == StepEmpty {
			// An empty only names the storage: a buffer's life starts
			// at its first write (a tensor.empty that CSE shares
			// between far-apart generics would otherwise hold memory
			// from the first of them on).
			continue
		}
		// A fused epilogue runs while its producer (the step before)
		// still reads: its buffers are live from there.
		from := i
		if s.Epilogue && i > 0 {
			from = i - 1
		}
		for at := from; at <= i; at++ {
			for _, v := range s.Inputs {
				touch(v.Buf, at)
			}
			for _, v := range s.Outputs {
				touch(v.Buf, at)
			}
			for _, c := range s.Captures {
				touch(c.View.Buf, at)
			}
		}
	}
	end := len(p.Steps) - 1
	for _, b := range p.Buffers {
		switch {
		case b.Kind == Argument:
			b.First, b.Last = 0, end
		case b.Kind == Result:
			if b.First < 0 {
				b.First = end
			}
			b.Last = end
		case b.First < 0:
			b.First, b.Last = 0, 0 // never used: still give it a place
		}
	}
	// First fit, in order of first use.
	var arena []*Buffer
	for _, b := range p.Buffers {
		if b.Kind == Constant || b.Kind == Temporary {
			arena = append(arena, b)
		}
	}
	sort.SliceStable(arena, func(i, j int) bool { return arena[i].First < arena[j].First })
	var placed []*Buffer
	for _, b := range arena {
		var live []*Buffer
		for _, q := range placed {
			if q.Last >= b.First && q.First <= b.Last {
				live = append(live, q)
			}
		}
		sort.Slice(live, func(i, j int) bool { return live[i].Offset < live[j].Offset })
		off := int64(0)
		size := alignUp(b.Bytes())
		for _, q := range live {
			if off+size <= q.Offset {
				break
			}
			if e := q.Offset + alignUp(q.Bytes()); e > off {
				off = e
			}
		}
		b.Offset = off
		if e := off + size; e > p.ArenaBytes {
			p.ArenaBytes = e
		}
		placed = append(placed, b)
	}
	p.peak = 0
	for i := range p.Steps {
		var sum int64
		for _, b := range p.Buffers {
			if b.Kind != Argument && b.First <= i && i <= b.Last {
				sum += b.Bytes()
			}
		}
		if sum > p.peak {
			p.peak = sum
		}
	}
}

func alignUp(n int64) int64 {
	if n == 0 {
		return arenaAlign
	}
	return (n + arenaAlign - 1) / arenaAlign * arenaAlign
}
