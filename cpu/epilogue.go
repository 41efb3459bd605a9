package cpu

import (
	"sync/atomic"

	"github.com/torchlower/torchlower/plan"
)

// A contraction's epilogue (plan.Step.Epilogue: the bias add, ReLU or
// truncf that consumes a convolution's output element for element) runs
// inside the vector path: as soon as a tile of the output is stored, the
// epilogue's lane program runs over the tile's rows while they are still
// in L1, instead of as a second pass over the whole output, where the
// tile's rows are contiguous in the output (a matmul's, a channels-last
// gradient's; newTileEpilogue says why not otherwise). Each element
// still gets exactly the epilogue's arithmetic, applied to the stored
// value, so the result is the unfused one bit for bit.
//
// The epilogue's loops are the output's dimensions (identity maps for the
// output and for the operand that reads it, which plan.IsEpilogueOf
// checks), so each of its operands has a linear offset in the
// contraction's parallel loops; tiles walk those like the output's.
type tileEpilogue struct {
	k    *kernel   // the epilogue generic, with its lane program
	base []int64   // per operand: base offset
	coef [][]int64 // per operand, per contraction loop: element stride
	rowE [][]int   // per operand, per row of the vector space: offset
	cn   []int64   // per operand: stride along the n loop
}

// epiFrame is one worker's state: lane registers and the current
// group's offsets.
type epiFrame struct {
	fr    *vframe
	group []int64
}

// newTileEpilogue prepares epi for the vector path of c over v; nil when
// epi is nil or has no lane program (the caller then runs it as a pass).
// An epilogue that is only a truncf to f16/bf16 (an f16/bf16 gradient's
// accumulator rounded) has none: it runs after the contraction as a
// converting copy (convert.go), 16 elements at a time over contiguous
// memory, which cost less than rounding in the tiles, whose rows are a
// plane apart, and leaves the contraction every path (the column windows
// take no epilogue): bf16 resnet gradients 1.6 against 1.9 ms, 3.8
// against 5.1-5.5 ms.
func newTileEpilogue(c *contraction, k, epi *kernel, v *vecSpace) *tileEpilogue {
	if epi == nil || epi.vec == nil || len(epi.ext) != len(k.ops[k.nIn].coef)-len(c.red) {
		return nil
	}
	ep := &tileEpilogue{k: epi, base: make([]int64, len(epi.ops)), coef: make([][]int64, len(epi.ops)), rowE: make([][]int, len(epi.ops)), cn: make([]int64, len(epi.ops))}
	for o := range epi.ops {
		ep.base[o] = epi.ops[o].base
		ep.coef[o] = make([]int64, len(c.outDim))
		for l, d := range c.outDim {
			if d >= 0 {
				ep.coef[o][l] = epi.ops[o].coef[d]
			}
		}
		if v.dn.loop >= 0 {
			ep.cn[o] = ep.coef[o][v.dn.loop]
		}
	}
	// A tile's rows are its n loop's 16 columns. Where they are not
	// contiguous in the epilogue's output (an NCHW convolution's
	// channels, a plane apart), each row's lanes load and store one
	// element at a time, and 16-element rows pay the lane program's
	// fixed cost a row: the epilogue runs as a pass, 256 contiguous
	// lanes at a time. Measured on an 8x64x56x56 3x3 convolution with a
	// bias add: 12.0-12.7 ms in the tiles, 7.8-8.3 ms as a pass (8x64x28x28:
	// 2.6 against 1.85 ms). Decided before the row tables are built: they
	// are a row each of every operand (25088 at 8x56x56), built on one
	// core while the other waits.
	if ep.cn[len(ep.cn)-1] != 1 {
		return nil
	}
	for o := range epi.ops {
		dims := make([]tdim, len(v.rowDims))
		for j, rd := range v.rowDims {
			dims[j] = tdim{ext: rd.ext, loop: rd.loop}
			if rd.loop >= 0 {
				dims[j].ca = int(ep.coef[o][rd.loop])
			}
		}
		rows := make([]int, len(v.rowA))
		offsetTables(dims, rows, nil, nil)
		ep.rowE[o] = rows
	}
	return ep
}

func (ep *tileEpilogue) newFrame() *epiFrame {
	return &epiFrame{fr: ep.k.newLaneFrame(vN), group: make([]int64, len(ep.base))}
}

// apply runs the epilogue on n elements of row `row` from column j0 on.
func (ep *tileEpilogue) apply(f *epiFrame, row, j0, n int) {
	for o := range ep.base {
		f.fr.q[o] = f.group[o] + int64(ep.rowE[o][row]) + int64(j0)*ep.cn[o]
		f.fr.st[o] = ep.cn[o]
	}
	ep.k.runLanes(f.fr, int64(n))
}

// fusedEpilogue returns the epilogue of step i (the next step, when it is
// one that can run fused into step i), or nil.
func fusedEpilogue(p *plan.Plan, i int) *plan.Step {
	if i+1 >= len(p.Steps) || !p.Steps[i+1].Epilogue || !plan.IsEpilogueOf(p.Steps[i], p.Steps[i+1]) {
		return nil
	}
	return p.Steps[i+1]
}

// tileBias is an epilogue that adds a value per column of the n loop to
// the contraction's result, in place: a convolution's bias in NCHW,
// whose tiles' rows are a plane apart, where a tile epilogue does not
// pay (newTileEpilogue) and the epilogue ran as a pass of its own over
// the output, a read and a write of 6.4 MB at 8x64x56x56 (0.3-0.6 ms of
// a 7 ms convolution). Here each tile's accumulators get their
// columns' values added before the store: the same single rounding of
// the same two values as the pass (a NaN's payload aside: addf's
// operands may come either way), once every reduction block is in. A
// bias per row of the m loop (a 1x1 convolution whose channels are its
// rows: contraction.pixels) is added the same way, each row's value to
// its 16 columns.
type tileBias struct {
	vals []float32 // per point of the n loop, or with rows of the m loop
	rows bool
}

// tileBiasRuns counts the contractions that added a bias in their tiles
// (tests).
var tileBiasRuns atomic.Int64

// newTileBias returns epi as a tileBias for c's vector path over v, or
// nil when it is not one: a body that is one f32 addf of its two inputs,
// one the contraction's output read in place and written back there,
// the other f32 memory that moves only along c's n loop, or only along
// its m loop.
func newTileBias(c *contraction, k, epi *kernel, v *vecSpace) *tileBias {
	if epi == nil || !useTileBias || c.n < 0 || epi.nIn != 2 || len(epi.ops) != 3 || len(epi.ext) != len(k.ops[k.nIn].coef)-len(c.red) {
		return nil
	}
	out := &k.ops[k.nIn]
	// inPlace: operand o of epi is the contraction's output, element for
	// element.
	inPlace := func(o int) bool {
		e := &epi.ops[o]
		if len(e.mem) != len(out.mem) || len(e.mem) == 0 || &e.mem[0] != &out.mem[0] || e.base != out.base || e.acc.kind != kF32 {
			return false
		}
		for l, d := range c.outDim {
			if d >= 0 && e.coef[d] != out.coef[l] {
				return false
			}
		}
		return true
	}
	acc := 0
	if !inPlace(0) {
		acc = 1
	}
	bias := 1 - acc
	if !inPlace(acc) || !inPlace(2) || epi.ops[bias].acc.kind != kF32 {
		return nil
	}
	// The loop the bias moves along: n, else m (else it is constant: n).
	along := c.n
	if c.m >= 0 && c.outDim[c.m] >= 0 && epi.ops[bias].coef[c.outDim[c.m]] != 0 {
		along = c.m
	}
	if c.pixels >= 0 && along != c.m {
		// The n loop's columns are blocks of merged pixels.
		return nil
	}
	for l, d := range c.outDim {
		if d >= 0 && l != along && epi.ops[bias].coef[d] != 0 {
			return nil
		}
	}
	// The body: %s = arith.addf of the two inputs' arguments, yielded.
	body := epi.op.Region(0).Blocks()[0]
	args, add := body.Args(), body.First()
	if add == nil || add.Name != "arith.addf" || add.NumOperands() != 2 || add.NumResults() != 1 || !isF32(add.Result(0).Type()) {
		return nil
	}
	x, y := add.Operand(0), add.Operand(1)
	if !(x == args[acc] && y == args[bias] || x == args[bias] && y == args[acc]) {
		return nil
	}
	yield := add.Next()
	if yield == nil || yield.Name != "linalg.yield" || yield.NumOperands() != 1 || yield.Operand(0) != add.Result(0) || yield.Next() != nil {
		return nil
	}
	mem := typed[float32](epi.ops[bias].mem)
	if along < 0 || c.outDim[along] < 0 {
		return nil
	}
	step := epi.ops[bias].coef[c.outDim[along]]
	tb := &tileBias{vals: make([]float32, k.ext[along]), rows: along != c.n}
	for j := range tb.vals {
		tb.vals[j] = mem[epi.ops[bias].base+int64(j)*step]
	}
	return tb
}

// useTileBias switches biases added in the tiles (benchmarks compare).
var useTileBias = true

// add adds columns [col, col+nr) of the bias, or with rows the values of
// rows [row, row+mr), to the first mr rows of tile c. The m loop is the
// fastest of the rows (vecSpace.rowDims), and a row bias moves along no
// other: row r's value is that of point r mod its extent.
func (tb *tileBias) add(c *[vM * vN]float32, row, col, mr, nr int) {
	if tb.rows {
		var b [vM]float32
		if n := len(tb.vals); row+mr <= n {
			// Most tiles (rows within one period): no division.
			copy(b[:mr], tb.vals[row:row+mr])
		} else {
			for i := range mr {
				b[i] = tb.vals[(row+i)%n]
			}
		}
		if mr == vM && nr == vN {
			addBcastRows4x16(c, &b)
			return
		}
		for i := range mr {
			r := c[i*vN : i*vN+nr]
			for j := range r {
				r[j] += b[i]
			}
		}
		return
	}
	if mr == vM && nr == vN {
		// A whole tile: four rows of 16 vector adds, not 64 scalar ones
		// (which cost more than the pass they replace).
		addRows4x16(c, (*[vN]float32)(tb.vals[col:col+vN]))
		return
	}
	bv := tb.vals[col : col+nr]
	for i := range mr {
		row := c[i*vN : i*vN+nr]
		for j, b := range bv {
			row[j] += b
		}
	}
}
