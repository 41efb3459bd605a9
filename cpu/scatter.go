package cpu

import (
	"sync/atomic"

	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/plan"
)

// The scatter path: a reduction over index positions that
// plan.MatchScatter recognises runs as the scatter it is, for each k in
// order the elements its positions name, and the body there alone, for
// every point of the free loops (the same bits as the reduction). Inputs
// must not overlap the output (the order of elements changes).
//
// Where the select's value is an input's element or its f32/f64 sum with
// the output's, and every other conjunct is decided by k alone (the
// embedding gradient's padding index), the free loops run as typed rows
// (scatterRowForm) rather than the body at each point: a 2048x32
// embedding gradient from 256 tokens, as a whole run, in 0.03-0.05 ms
// where the reduction took 110-139 ms (BenchmarkScatterEmbeddingGrad;
// PyTorch's index_put 0.02 ms).

// scatterRuns counts the generics the scatter path ran, scatterRowRuns
// those of them that ran as typed rows (tests).
var scatterRuns, scatterRowRuns atomic.Int64

// useScatter switches the scatter path (tests compare it with the
// reduction).
var useScatter = true

// scatterGeneric is a generic's scatter form: the reduction loop, the
// program computing the named positions and, for each, its register and
// the parallel loop it names.
type scatterGeneric struct {
	red   int
	prog  *program
	pos   []reg
	dims  []int
	kOnly []int // the inputs read for the positions (indexed by k alone)
	free  []int // the parallel loops no position names
	// rows, when not nil, is the body as a copy or add of one input's
	// f32 or f64 elements into the output's, its condition decided by
	// k alone (the equalities and checks): the free loops then run as
	// typed loops instead of the body.
	rows *scatterRowForm
}

// scatterRowForm is a scatter whose body is out = in (add false) or out =
// out + in at the named positions, where every check (the condition's
// other conjuncts, registers of the program) holds.
type scatterRowForm struct {
	in     int
	add    bool
	f64    bool
	checks []reg
}

// matchScatter returns k's scatter form (plan.MatchScatter, its inputs
// apart from its output), or nil.
func matchScatter(k *kernel, g *genericInfo) *scatterGeneric {
	if !useScatter {
		return nil
	}
	f := plan.MatchScatter(g.maps, g.iters, g.body, k.nIn)
	if f == nil {
		return nil
	}
	for i := 0; i < k.nIn; i++ {
		if overlaps(k.ops[i].mem, k.ops[k.nIn].mem) {
			return nil
		}
	}
	var rows *scatterRowForm
	if !f.BodyDecides && f.RowIn >= 0 {
		in, out := k.ops[f.RowIn].acc.kind, k.ops[k.nIn].acc.kind
		if in == out && (in == kF32 || in == kF64) {
			rows = &scatterRowForm{in: f.RowIn, add: f.RowAdd, f64: in == kF64}
		}
	}
	prog, regs, err := compileBodyRegs(k.op, g.body, len(g.iters), nil, append(append([]*ir.Value(nil), f.Positions...), f.Checks...))
	if err != nil {
		return nil
	}
	if rows != nil {
		rows.checks = regs[len(f.Positions):]
	}
	sg := &scatterGeneric{red: f.Red, prog: prog, pos: regs[:len(f.Positions)], dims: f.Dims, free: f.Free, rows: rows}
	for i, ok := range f.ByK {
		if ok && prog.args[i].idx >= 0 {
			sg.kOnly = append(sg.kOnly, i)
		}
	}
	return sg
}

// run scatters: for each k in order, the positions it names, and the
// body at every point of the free loops there. Positions outside the
// output name no element (the reduction's equalities hold nowhere).
func (s *scatterGeneric) run(k *kernel) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = ir.OpErrorf(k.op, "cpu: %v", r)
		}
	}()
	scatterRuns.Add(1)
	if s.rows != nil {
		scatterRowRuns.Add(1)
	}
	pf := s.prog.newFrame(len(k.ext))
	fr := k.prog.newFrame(len(k.ext))
	off := make([]int64, len(k.ops))
	for kk := int64(0); kk < k.ext[s.red]; kk++ {
		pf.idx[s.red] = kk
		for _, i := range s.kOnly {
			op := &k.ops[i]
			op.acc.loadInto(pf, s.prog.args[i], op.base+op.coef[s.red]*kk)
		}
		for _, c := range s.prog.code {
			c(pf)
		}
		inside := true
		for j, d := range s.dims {
			p := pf.i[s.pos[j].idx]
			if p < 0 || p >= k.ext[d] {
				inside = false
				break
			}
			fr.idx[d] = p
		}
		if !inside {
			continue
		}
		fr.idx[s.red] = kk
		if r := s.rows; r != nil {
			skip := false
			for _, c := range r.checks {
				skip = skip || pf.i[c.idx] == 0
			}
			if !skip {
				s.rowsAt(k, fr.idx, 0, k.ops[r.in].base, k.ops[k.nIn].base)
			}
			continue
		}
		s.points(k, fr, off, 0)
	}
	return nil
}

// rowsAt copies or adds the input's elements to the output's over the
// free loops from the f-th on, the other loops at idx, from element
// offsets oi (input) and oo (output) of the loops before f.
func (s *scatterGeneric) rowsAt(k *kernel, idx []int64, f int, oi, oo int64) {
	in, out := &k.ops[s.rows.in], &k.ops[k.nIn]
	if f == 0 {
		for _, d := range s.dims {
			oi += in.coef[d] * idx[d]
			oo += out.coef[d] * idx[d]
		}
		oi += in.coef[s.red] * idx[s.red]
	}
	if f == len(s.free) {
		s.rowsRun(k, 1, 0, 0, oi, oo)
		return
	}
	d := s.free[f]
	if f == len(s.free)-1 {
		s.rowsRun(k, k.ext[d], in.coef[d], out.coef[d], oi, oo)
		return
	}
	for i := int64(0); i < k.ext[d]; i++ {
		s.rowsAt(k, idx, f+1, oi+i*in.coef[d], oo+i*out.coef[d])
	}
}

// rowsRun is n elements of the row: out[oo + j·so] = (out +) in[oi + j·si].
func (s *scatterGeneric) rowsRun(k *kernel, n, si, so, oi, oo int64) {
	if s.rows.f64 {
		scatterRow(typed[float64](k.ops[s.rows.in].mem), typed[float64](k.ops[k.nIn].mem), n, si, so, oi, oo, s.rows.add)
		return
	}
	scatterRow(typed[float32](k.ops[s.rows.in].mem), typed[float32](k.ops[k.nIn].mem), n, si, so, oi, oo, s.rows.add)
}

func scatterRow[T float32 | float64](in, out []T, n, si, so, oi, oo int64, add bool) {
	if add {
		for j := int64(0); j < n; j++ {
			out[oo+j*so] += in[oi+j*si]
		}
		return
	}
	for j := int64(0); j < n; j++ {
		out[oo+j*so] = in[oi+j*si]
	}
}

// points runs the body at every point of the free loops from the f-th
// on, the other loops' indices set in fr.
func (s *scatterGeneric) points(k *kernel, fr *frame, off []int64, f int) {
	if f == len(s.free) {
		for o := range k.ops {
			op := &k.ops[o]
			at := op.base
			for d, c := range op.coef {
				at += c * fr.idx[d]
			}
			off[o] = at
		}
		k.elem(fr, off)
		return
	}
	d := s.free[f]
	for i := int64(0); i < k.ext[d]; i++ {
		fr.idx[d] = i
		s.points(k, fr, off, f+1)
	}
}
