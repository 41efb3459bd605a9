package cpu

import "github.com/torchlower/torchlower/plan"

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
