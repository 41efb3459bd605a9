package cpu

import (
	"math"
	goruntime "runtime"
	"slices"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
)

// Contractions (convolutions of every kind, their data and weight
// gradients, matmuls, sums) are the bulk of the work of a training step.
// A generic whose body is
//
//	[extf] a, [extf] b → mulf → addf into the output block argument → yield
//
// (or addf of one [extf] input into the output: a sum), whose one output
// is indexed by a permutation of exactly its parallel loops and whose
// accumulator type is f32 or f64 runs here instead of the interpreter:
//
//   - the reduction loops are flattened into two offset tables (the
//     reduction part of each factor's linear offset, in the interpreter's
//     lexicographic order), so any conv/matmul map becomes a dot product
//     of length K over gathered offsets;
//   - the output is cut into register tiles of mr×nr elements along a
//     parallel loop "m" that only the first factor depends on and a loop
//     "n" that only the second depends on (the implicit GEMM view of a
//     convolution: m = the spatial or input-channel loop, n = the channel
//     loop); every tile's accumulators stay in registers over the whole
//     reduction, and each factor element loaded is used nr (or mr) times;
//   - tiles are divided among goroutines; a reduction is never split.
//
// Tile kernels, best first: on amd64 with AVX, float32 4×16 tiles
// vectorised along n (kern_amd64.s) — the second factor packed into
// [K][16] panels once per step (shared by the workers) or once per outer
// point it depends on, the first factor read in place through the
// byte-offset table (kern4x16r) or, for edge tiles and factors that do
// not move with the outer loops, from zero-padded [K][4] panels
// (kern4x16), a full tile of four consecutive output positions stored
// transposed (storeT4x16); where the CPU has AVX-512, two adjacent n
// tiles at once in 16-lane registers (kern4x16x2, kern4x16x2r: each
// broadcast serves 32 columns); with at most 8 columns, 16×4 tiles
// vectorised along m instead (narrow.go); with none (a depthwise convolution),
// chunks of m in the lanes (onecolumn.go); elsewhere 2×4 scalar tiles over packed panels
// (microPacked); and plain 2×4 tiles gathering through the tables
// (micro24u) where packing does not apply. The reduction is cut into
// blocks so that the panels stay in cache.
//
// Every output element still accumulates from its initial value over the
// reduction points in the interpreter's order, rounding each product and
// each sum to the accumulator type exactly as the interpreter does (the
// explicit conversions T(x*y) forbid FMA fusion), so results are bit for
// bit the interpreter's; 16-bit inputs are widened exactly (extf) to the
// accumulator type once a run (widen.go). Where the body's mulf and addf
// may fuse (arith.FusedMultiplyAdd: fp-contract marks every f32
// contraction), each term is one fused multiply-add instead, x·y + acc
// rounded once, in the kernels' fused forms (VFMADD231PS) and in the
// interpreter alike; and where they may not but every product is exact
// (16-bit factors in range: exactProducts), the fused forms give the
// unfused bits and run instead.

// fastContractions switches the fast path; tests turn it off to compare
// with the reference interpreter.
var fastContractions atomic.Bool

func init() { fastContractions.Store(true) }

// fastRuns counts the steps the fast path ran (for tests).
var fastRuns atomic.Int64

// exactFused counts the contractions of 16-bit factors whose unfused
// multiply-adds ran fused, every product being exact (for tests).
var exactFused atomic.Int64

// fmaRuns counts the steps run with fused multiply-adds (for tests).
var fmaRuns atomic.Int64

// fusedEpilogues counts the epilogues run inside a contraction's tiles.
var fusedEpilogues atomic.Int64

// maxReduction bounds the offset tables (two ints per reduction point).
const maxReduction = 1 << 22

// maxPanel bounds the packed panel of the second factor (elements).
const maxPanel = 1 << 24

type contraction struct {
	acc    elemKind // kF32 or kF64: the output's and the arithmetic's type
	ia, ib int      // operands of the two factors; ib < 0 for a sum
	par    []int    // parallel loops
	red    []int    // reduction loops
	outDim []int    // per loop: the output dimension it indexes, -1 for none
	m, n   int      // register-tile loops, -1 for none
	// fma: the multiply-add is fused (arith.FusedMultiplyAdd: the body's
	// mulf and addf carry contract), each term x·y + acc rounded once.
	fma bool
	// dev: the body sums squared deviations, out + (a − b)·(a − b), b
	// a value per output (a batch norm's variance, b the mean); the
	// factors are a and b then (runDeviations). With ic ≥ 0 the
	// deviations are scaled instead of squared, out + c·(a − b), c the
	// input ic, which moves as a does along every loop (a batch norm
	// gradient's Σ dy·(x − mean)); with ib < 0 too, there is no mean:
	// f32 products summed in f64, out + float64(a·c) (a group norm
	// gradient's Σ dy·x), deviations from zero.
	dev bool
	ic  int
	// pixels, when not -1, is the loop merged with the n loop into
	// blocks of pixels (pixelRows: a 1x1 convolution in NCHW with its
	// factors swapped, the weights' rows broadcast).
	pixels int
	// tables keeps the offset tables of a kept kernel's contraction
	// (prepCache.keep) from its first run for the later ones; nil for
	// one prepared for a single run.
	tables *contractionTables
}

// matchContraction recognises the fast-path form; nil when it does not
// apply.
func matchContraction(k *kernel, maps []affine.Map, iters []string, body *ir.Block) *contraction {
	if !fastContractions.Load() || len(k.ops) != k.nIn+1 || len(k.prog.yield) != 1 {
		return nil
	}
	args := body.Args()
	outArg := args[k.nIn]
	ok := k.ops[k.nIn].acc.kind
	if ok != kF32 && ok != kF64 {
		return nil
	}
	accT := outArg.Type()
	// src resolves a value to the input operand it reads (through extf).
	var srcBuf [8]valueOperand
	src := valueOperands(srcBuf[:0])
	for i := 0; i < k.nIn; i++ {
		src = src.set(args[i], i)
	}
	c := &contraction{acc: ok, ia: -1, ib: -1, ic: -1, m: -1, n: -1, pixels: -1}
	var prod, sum, dev *ir.Value
	nmul := 0
	for o := body.First(); o != nil; o = o.Next() {
		switch o.Name {
		case "arith.subf":
			// A deviation a − b of two inputs, squared below.
			x, okx := src.get(o.Operand(0))
			y, oky := src.get(o.Operand(1))
			if !useDevSums || !okx || !oky || dev != nil || nmul > 0 || sum != nil || !isF32(o.Result(0).Type()) ||
				!isF32(o.Operand(0).Type()) || !isF32(o.Operand(1).Type()) {
				return nil
			}
			c.ia, c.ib, dev = x, y, o.Result(0)
			continue
		case "arith.mulf":
			if dev != nil {
				// Squared, or scaled by an f32 input.
				x, y := o.Operand(0), o.Operand(1)
				if y == dev {
					x, y = y, x
				}
				if x != dev || nmul > 0 || sum != nil {
					return nil
				}
				if y != dev {
					i, found := src.get(y)
					if !found || !y.IsBlockArg() || !isF32(y.Type()) {
						return nil
					}
					c.ic = i
				}
				nmul++
				c.dev, prod = true, o.Result(0)
				continue
			}
			x, okx := src.get(o.Operand(0))
			y, oky := src.get(o.Operand(1))
			if ok == kF64 && useDevSums && okx && oky && nmul == 0 && sum == nil && o.Operand(0).IsBlockArg() && o.Operand(1).IsBlockArg() &&
				isF32(o.Result(0).Type()) && isF32(o.Operand(0).Type()) && isF32(o.Operand(1).Type()) {
				// An f32 product of two f32 inputs, widened below and
				// summed in f64: a deviation of x from zero, scaled by y.
				nmul++
				c.ia, c.ic, c.dev, prod = x, y, true, o.Result(0)
				continue
			}
			if !okx || !oky || nmul > 0 || sum != nil || !ir.TypeEqual(o.Result(0).Type(), accT) || !ir.TypeEqual(o.Operand(0).Type(), accT) || !ir.TypeEqual(o.Operand(1).Type(), accT) {
				return nil
			}
			nmul++
			c.ia, c.ib, prod = x, y, o.Result(0)
		case "linalg.yield":
			if o.NumOperands() != 1 || sum == nil || o.Operand(0) != sum || o.Next() != nil {
				return nil
			}
		case "arith.extf":
			if c.dev && prod != nil && o.Operand(0) == prod && ok == kF64 {
				// A squared or scaled deviation of f32 summed in f64 (a
				// batch norm's variance, as PyTorch's CPU kernel sums
				// it; its gradient's Σ dy·(x − mean)).
				prod = o.Result(0)
				continue
			}
			i, found := src.get(o.Operand(0))
			if !found || !ir.TypeEqual(o.Result(0).Type(), accT) {
				return nil
			}
			src = src.set(o.Result(0), i)
		case "arith.addf":
			if sum != nil || !ir.TypeEqual(o.Result(0).Type(), accT) {
				return nil
			}
			p, q := o.Operand(0), o.Operand(1)
			if q == outArg {
				p, q = q, p
			}
			if p != outArg || q == outArg {
				return nil
			}
			if prod != nil && q == prod {
				sum = o.Result(0)
				_, _, _, addend, fused := arith.FusedMultiplyAdd(o)
				c.fma = fused && addend == outArg
				if c.dev && fused {
					// The deviations' kernels round the square and the
					// sum apart.
					return nil
				}
				break
			}
			i, found := src.get(q)
			if !found || prod != nil || !ir.TypeEqual(q.Type(), accT) {
				return nil
			}
			c.ia, sum = i, o.Result(0)
		default:
			return nil
		}
	}
	if sum == nil || dev != nil && !c.dev {
		return nil
	}
	// The storage must be what the block arguments say (the widening
	// copy is only exact for a genuine extf).
	if ak, err := kindOf(accT); err != nil || ak != ok {
		return nil
	}
	for _, i := range []int{c.ia, c.ib, c.ic} {
		if i < 0 {
			continue
		}
		if ik, err := kindOf(args[i].Type()); err != nil || ik != k.ops[i].acc.kind || !ik.isFloat() {
			return nil
		}
	}
	// The output must be indexed by exactly the parallel loops, each once.
	// One array holds the output dimension of each loop (-1: none) and
	// the parallel loops then the reduction ones.
	ints := make([]int, 2*len(iters))
	c.outDim = ints[:len(iters):len(iters)]
	for d := range c.outDim {
		c.outDim[d] = -1
	}
	for r, e := range maps[k.nIn].Results {
		d, isDim := e.AsDim()
		if !isDim {
			// A constant 0 (a kept reduced dim of extent 1, a layer
			// norm's [rows, 1] statistics) pins the output to one
			// index there: no loop moves it.
			if v, isConst := e.AsConst(); isConst && v == 0 {
				continue
			}
			return nil
		}
		if c.outDim[d] >= 0 || iters[d] != linalg.Parallel {
			return nil
		}
		c.outDim[d] = r
	}
	loops := ints[len(iters):]
	npar := 0
	for _, it := range iters {
		if it == linalg.Parallel {
			npar++
		}
	}
	c.par, c.red = loops[:0:npar], loops[npar:npar]
	K := int64(1)
	for d, it := range iters {
		if it == linalg.Parallel {
			if c.outDim[d] < 0 {
				return nil
			}
			c.par = append(c.par, d)
		} else {
			c.red = append(c.red, d)
			K *= k.ext[d]
		}
	}
	if K > maxReduction {
		return nil
	}
	// A sum into one element (a loss's sum over a whole tensor) is one
	// chain of dependent adds, which the lanes' fold (foldSum32) runs
	// from the operand itself: here each run would first write K offsets.
	if c.ib < 0 && len(c.par) == 0 {
		return nil
	}
	// The fast path reads its factors before it writes: refuse an output
	// that overlaps a factor's storage (the interpreter's element order
	// would then be observable).
	for _, i := range []int{c.ia, c.ib, c.ic} {
		if i >= 0 && overlaps(k.ops[i].mem, k.ops[k.nIn].mem) {
			return nil
		}
	}
	// A scale reads its elements where the deviations' first operand
	// does (its offsets are a's, shifted).
	if c.ic >= 0 && !slices.Equal(k.ops[c.ic].coef, k.ops[c.ia].coef) {
		return nil
	}
	// Deviations from a mean per output, into outputs the lanes can
	// hold: one moving along the reduction (Σ (x − y)², a squared
	// error), or a sum into one element, would be one scalar chain per
	// output here, slower than the lanes' fold of the body.
	if c.dev {
		if len(c.par) == 0 {
			return nil
		}
		for _, d := range c.red {
			if c.ib >= 0 && k.ext[d] > 1 && k.ops[c.ib].coef[d] != 0 {
				return nil
			}
		}
	}
	if c.ib >= 0 && !c.dev {
		if h := pixelRows(k, c); h >= 0 {
			c.ia, c.ib, c.pixels = c.ib, c.ia, h
		}
		c.m = pickTile(k, c.par, k.ops[c.ia].coef, k.ops[c.ib].coef)
		if d := pickRunTile(k, c.par, k.ops[c.ia].coef, k.ops[c.ib].coef); d >= 0 && k.ops[c.ia].coef[c.m] != 1 {
			c.m = d
		}
		c.n = pickTile(k, c.par, k.ops[c.ib].coef, k.ops[c.ia].coef)
		if c.n < 0 || k.ext[c.n] <= narrowMaxN {
			// Few columns: the narrow path wants m unit-stride in the
			// first factor (a phase 28 high and 27 wide: w, not h). One
			// column takes a shorter row too: its chunks of up to 8
			// lanes read a row of 4-7 in place, where a longer loop a
			// plane apart was packed element by element (a depthwise
			// gradient's 7x7 phases had the batch as their rows:
			// 1.32 -> 1.04 ms into 8x384x14x14).
			least := int64(nrM / 2)
			if c.n < 0 {
				least = runLanes / 2
			}
			if d := pickUnitTile(k, c.par, k.ops[c.ia].coef, k.ops[c.ib].coef, least); d >= 0 {
				c.m = d
			}
		}
	}
	return c
}

// pixelRows returns the loop to merge with the n loop when c reads
// better with its factors swapped, else -1. A 1x1 convolution in NCHW
// (forward, out[n, co, h, w] = Σ W[co, ci]·x[n, ci, h, w], or a data
// gradient) reads its first factor, x, a plane apart at every reduction
// point: each tile's four pixels cost a new cache line a point, about 85
// GMAC/s against 130-140 for a 3x3 convolution. Swapped, the weights'
// rows are broadcast and x's pixels are the vector lanes, read a
// contiguous row at a time; with h and w merged into one run of
// pixels (h's stride w's extent times w's, in x and in the output), cut
// into blocks a multiple of 16 wide (pixelBlock), no lane is empty.
// The terms are the same products added in the same order.
func pixelRows(k *kernel, c *contraction) int {
	if c.ia == c.ib {
		return -1
	}
	a, b, out := k.ops[c.ia].coef, k.ops[c.ib].coef, k.ops[k.nIn].coef
	K := int64(1)
	for _, d := range c.red {
		if k.ext[d] > 1 && abs64(a[d]) < 16 {
			return -1
		}
		K *= k.ext[d]
	}
	if K < 64 {
		return -1
	}
	w := pickTile(k, c.par, a, b)
	if w < 0 || a[w] != 1 || out[w] != 1 {
		return -1
	}
	// The weights' side becomes the rows: into (or from) at most 8
	// channels the narrow path, which such convolutions take unswapped,
	// ran them faster than a lone, part-empty row tile (3 channels
	// from 256 at 8x56x56: 1.1 against 1.7 ms).
	if m := pickTile(k, c.par, b, a); useNarrow && (m < 0 || k.ext[m] <= narrowMaxN) {
		return -1
	}
	for _, h := range c.par {
		if h != w && b[h] == 0 && a[h] == k.ext[w]*a[w] && out[h] == k.ext[w]*out[w] && pixelBlock(int(k.ext[h]*k.ext[w])) > 0 {
			return h
		}
	}
	return -1
}

// pixelBlock is the width of the blocks a run of p pixels is cut into:
// a multiple of 16 that divides p, an even number of tiles first (the
// kernels pair them); 0 when none does (7x7 and 14x14 images).
func pixelBlock(p int) int {
	for _, bw := range []int{128, 96, 64, 32, 112, 80, 48, 16} {
		if p%bw == 0 {
			return bw
		}
	}
	return 0
}

// pixelRowRuns counts the contractions run in blocks of pixels (tests).
var pixelRowRuns atomic.Int64

// valueOperands maps the few values of a contraction body that read an
// input to the input's number (a map was most of matching's garbage).
type valueOperands []valueOperand

type valueOperand struct {
	v *ir.Value
	i int
}

func (s valueOperands) get(v *ir.Value) (int, bool) {
	for _, e := range s {
		if e.v == v {
			return e.i, true
		}
	}
	return 0, false
}

// set maps v to i (a later mapping of v wins).
func (s valueOperands) set(v *ir.Value, i int) valueOperands {
	for j := range s {
		if s[j].v == v {
			s[j].i = i
			return s
		}
	}
	return append(s, valueOperand{v, i})
}

// pickTile chooses the longest parallel loop that moves operand "own"
// but not "other" (ties: the one with the smaller output stride).
func pickTile(k *kernel, par []int, own, other []int64) int {
	best := -1
	oc := k.ops[k.nIn].coef
	for _, d := range par {
		if own[d] == 0 || other[d] != 0 || k.ext[d] < 2 {
			continue
		}
		if best < 0 || k.ext[d] > k.ext[best] || (k.ext[d] == k.ext[best] && abs64(oc[d]) < abs64(oc[best])) {
			best = d
		}
	}
	return best
}

// pickRunTile returns a loop whose row tiles are runs of floats in the
// first factor (own stride 1, not in the second, an extent of at least
// two tiles and a multiple of one), or -1. matchContraction takes it over
// pickTile's larger loop when that one is not unit-stride: four rows a
// plane apart read four lines a reduction point, and only runs go three
// tiles at a time (kern12x16x2r). A CIFAR-like 3x3 convolution at 8x8
// with N=16 had the images (12800 floats apart) as its row tiles: 1.22
// ms; with w, 0.90-0.94.
func pickRunTile(k *kernel, par []int, own, other []int64) int {
	return unitLoop(k, par, own, other, func(ext int64) bool { return ext%vM == 0 && ext >= 2*vM })
}

// pickUnitTile is the parallel loop that moves operand "own" with
// coefficient 1 but not "other", when it is at least least long (nrM/2:
// a row the narrow path's tiles can follow); -1 if there is none.
func pickUnitTile(k *kernel, par []int, own, other []int64, least int64) int {
	return unitLoop(k, par, own, other, func(ext int64) bool { return ext >= least })
}

// unitLoop is the first parallel loop that moves operand "own" with
// coefficient 1 but not "other" and whose extent fits; -1 if none does.
func unitLoop(k *kernel, par []int, own, other []int64, fits func(ext int64) bool) int {
	for _, d := range par {
		if own[d] == 1 && other[d] == 0 && fits(k.ext[d]) {
			return d
		}
	}
	return -1
}

// overlaps reports whether two byte slices share storage.
func overlaps(x, y []byte) bool {
	if len(x) == 0 || len(y) == 0 {
		return false
	}
	x0, y0 := uintptr(unsafe.Pointer(&x[0])), uintptr(unsafe.Pointer(&y[0]))
	return x0 < y0+uintptr(len(y)) && y0 < x0+uintptr(len(x))
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// floatT is an accumulator type.
type floatT interface{ ~float32 | ~float64 }

// operandAs returns operand o's storage as a []T: a typed view of the
// buffer when it already holds T, else an exact widening of the whole
// buffer (extf of f16/bf16/f32 is exact), kept for the run (widen.go);
// and where the elements came from.
func operandAs[T floatT](k *kernel, o int, want elemKind) ([]T, factor) {
	op := &k.ops[o]
	if op.acc.kind == want {
		// The buffer is 8-byte aligned (alignedBytes, or checked by Run)
		// and holds len/size elements of T, so the typed view is safe.
		return typed[T](op.mem), factor{kind: want}
	}
	return widened[T](k.panels, op.mem, op.acc.kind, want)
}

func (c *contraction) run(k *kernel) error { return c.runWith(k, nil) }

// runWith runs the contraction and then its epilogue (when not nil):
// fused into the vector path's tiles where that path runs, else as a pass
// of its own afterwards.
func (c *contraction) runWith(k *kernel, epi *kernel) error {
	fastRuns.Add(1)
	if c.fma {
		fmaRuns.Add(1)
	}
	var err error
	fused := false
	if c.acc == kF32 {
		fused, err = runContraction[float32](c, k, epi)
	} else {
		fused, err = runContraction[float64](c, k, epi)
	}
	if fused {
		fusedEpilogues.Add(1)
	}
	if err == nil && epi != nil && !fused {
		err = epi.run()
	}
	return err
}

// Register tile: mr rows along loop m (first factor), nr columns along
// loop n (second factor). 2×4 keeps 8 accumulators and 3 operands in the
// 15 float registers Go's amd64 ABI leaves free.
const (
	tileM = 2
	tileN = 4
)

type tdim struct {
	ext          int
	ca, cb, cout int
	loop         int // the loop's index, -1 for none
}

// runContraction reports whether it applied epi (fused into the vector
// path's tiles); when it did not, the caller runs epi afterwards.
func runContraction[T floatT](c *contraction, k *kernel, epi *kernel) (fused bool, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = ir.OpErrorf(k.op, "cpu: %v", r)
		}
	}()
	// A pad folded into the first factor is read through windows by the
	// group-lanes, one-column and gathered-lanes paths alone
	// (padfold.go); the others read the padded buffer, which is run in
	// full first.
	pad := k.padOf(c.ia)
	if pad == nil || c.ib == c.ia || c.dev || c.acc != kF32 || k.ops[c.ia].acc.kind != kF32 {
		if err := k.unfoldPad(); err != nil {
			return false, err
		}
		pad = nil
	}
	// f32 data summed in f64 (runWideSums) is read where it lies: no
	// widened copy.
	wide := c.acc == kF64 && k.ops[c.ia].acc.kind == kF32 && (c.ib < 0 || c.dev && k.ops[c.ib].acc.kind == kF32) &&
		(c.ic < 0 || k.ops[c.ic].acc.kind == kF32)
	var a []T
	var fa factor
	if !wide {
		a, fa = operandAs[T](k, c.ia, c.acc)
	}
	var b []T
	// fma: the vector kernels' form. Unfused products of 16-bit factors
	// that are all exact round like fused ones (widen.go).
	fma, exact := c.fma, false
	if c.ib >= 0 && !wide {
		fb := fa
		if c.ib == c.ia {
			b = a
		} else {
			b, fb = operandAs[T](k, c.ib, c.acc)
		}
		if !fma && haveFMA && c.acc == kF32 && exactProducts(fa, fb) {
			fma, exact = true, true
		}
	}
	out := typed[T](k.ops[k.nIn].mem)
	oa, oo := &k.ops[c.ia], &k.ops[k.nIn]
	var ob *kOperand
	if c.ib >= 0 {
		ob = &k.ops[c.ib]
	}
	dim := func(d int) tdim {
		if d < 0 {
			return tdim{ext: 1, loop: -1}
		}
		t := tdim{ext: int(k.ext[d]), ca: int(oa.coef[d]), cout: int(oo.coef[d]), loop: d}
		if ob != nil {
			t.cb = int(ob.coef[d])
		}
		return t
	}
	// The reduction loops' dims, then the outer loops' (one array).
	dims := make([]tdim, len(c.red)+len(c.par))
	red := dims[:len(c.red):len(c.red)]
	for j, d := range c.red {
		red[j] = dim(d)
	}
	// Reduction tables, in lexicographic order of the reduction loops.
	memo := c.tables
	ra, rb := memo.reduction(red, ob != nil)
	K := len(ra)
	outer := dims[len(c.red):len(c.red)]
	for _, d := range c.par {
		if d != c.m && d != c.n {
			outer = append(outer, dim(d))
		}
	}
	if wide {
		var dev *deviations
		if c.dev {
			dev = &deviations{}
			if ob != nil { // else the deviations are from zero (a product)
				dev.mean, dev.baseM = typed[float32](k.ops[c.ib].mem), int(ob.base)
			}
			if c.ic >= 0 {
				dev.scale, dev.baseS = typed[float32](k.ops[c.ic].mem), int(k.ops[c.ic].base)
			}
		}
		return false, runWideSums(k, typed[float32](k.ops[c.ia].mem), any(out).([]float64), ra, rb, outer, int(oa.base), int(oo.base), dev)
	}
	if c.dev {
		baseA, baseB, baseO := int(oa.base), int(ob.base), int(oo.base)
		dev := deviations{mean: any(b).([]float32), baseM: baseB}
		if c.ic >= 0 {
			dev.scale, _ = operandAs[float32](k, c.ic, c.acc)
			dev.baseS = int(k.ops[c.ic].base)
		}
		return false, runDeviations(k, any(a).([]float32), any(out).([]float32), ra, rb, outer, baseA, baseO, dev)
	}
	dm, dn := dim(c.m), dim(c.n)
	if c.pixels >= 0 {
		// The merged run of pixels in blocks of bw: the n loop is a
		// block's pixels, an outer loop (no loop of the generic's) the
		// blocks.
		pixelRowRuns.Add(1)
		for i, od := range outer {
			if od.loop == c.pixels {
				p := od.ext * dn.ext
				bw := pixelBlock(p)
				outer[i] = tdim{ext: p / bw, ca: 0, cb: bw * dn.cb, cout: bw * dn.cout, loop: -1}
				dn.ext = bw
			}
		}
	}
	mT := (dm.ext + tileM - 1) / tileM
	nT := (dn.ext + tileN - 1) / tileN
	nOuter := points(outer)
	total := nOuter * mT * nT
	baseA, baseO := int(oa.base), int(oo.base)
	baseB := 0
	if ob != nil {
		baseB = int(ob.base)
	}
	panelOK := int64(K)*int64(dn.ext+vN) <= maxPanel
	// Without an n loop (a depthwise convolution: the second factor moves
	// only with the group) only the one-column path vectorises.
	if b != nil && c.m >= 0 && haveAVX && useVec && (!fma || haveFMA) && panelOK && (c.n >= 0 || oneColumnFits(dm, dn)) {
		if a32, ok := any(a).([]float32); ok {
			if exact {
				exactFused.Add(1)
			}
			v := newVecLoops(outer, dm, dn, K)
			v.outZero, v.fma = k.outZero, fma
			v.prefetch = c.pixels >= 0
			b32, o32 := any(b).([]float32), any(out).([]float32)
			// These paths may read their output: a fill deferred to the
			// contraction runs first. vecGEMM and the column windows
			// below write every output element without reading it.
			if lr := memo.laneGroup(v, dm, dn, ra, rb); lr != nil {
				if err := k.zeroOutput(); err != nil {
					return false, err
				}
				return false, runGroupLanes(k, a32, b32, o32, ra, rb, v, lr, baseA, baseB, baseO, pad)
			}
			if oneColumnFits(dm, dn) {
				// From zeros on entry it writes every output without
				// reading it (runOneColumn).
				return false, runOneColumn(k, a32, b32, o32, ra, rb, v, dm, baseA, baseB, baseO, pad)
			}
			if err := k.unfoldPad(); err != nil {
				return false, err
			}
			if narrowFits(dm, dn) {
				if err := k.zeroOutput(); err != nil {
					return false, err
				}
				return false, runNarrow(k, a32, b32, o32, ra, rb, v, dm, baseA, baseB, baseO)
			}
			memo.vecRows(v)
			var raB []int
			if useDirect {
				raB = memo.bytes32(ra)
			}
			// Blocks of pixels are no loop of the epilogue's: only a
			// bias per row runs in their tiles, anything else as a pass.
			var ep *tileEpilogue
			if c.pixels < 0 {
				ep = newTileEpilogue(c, k, epi, v)
			}
			var bias *tileBias
			if ep == nil {
				bias = newTileBias(c, k, epi, v)
			}
			stage := newOutStage(v, baseO, ep != nil)
			if bias == nil && windowsFit(v, raB, ep, stage) {
				return false, runWindows(k, a32, b32, o32, rb, raB, v, baseA, baseB, baseO)
			}
			var segs []bSeg
			if !v.bMoves {
				nT := (dn.ext + vN - 1) / vN
				pack := func(dst []float32, rb []int) error {
					return parallelRange(k, nT, int64(nT)*int64(len(rb))*vN*16, func(lo, hi int) {
						packB(dst, b32, rb, baseB, dn, lo, hi)
					})
				}
				var err error
				if segs, err = k.panels.segments(k.ops[c.ib].mem, b32, rb, baseB, dn, nT, pack); err != nil {
					return false, err
				}
				if segs == nil {
					shared, words := getFloats(nT * K * vN)
					defer putWords(words)
					if err := pack(shared, rb); err != nil {
						return false, err
					}
					segs = []bSeg{{k0: 0, k1: K, panel: shared}}
				}
			}
			units := v.units()
			if bias != nil {
				tileBiasRuns.Add(1)
			}
			err := parallelRange(k, units, int64(units)*int64(K)*int64(vM*dn.ext), func(lo, hi int) {
				vecGEMM(a32, b32, o32, ra, rb, v, baseA, baseB, baseO, lo, hi, segs, raB, ep, stage, bias)
			})
			if stage != nil && err == nil {
				err = stage.unstage(k, o32)
			}
			return ep != nil || bias != nil, err
		}
	}
	if err := k.zeroOutput(); err != nil {
		return false, err
	}
	if err := k.unfoldPad(); err != nil {
		return false, err
	}
	if b != nil && c.m >= 0 && c.n >= 0 && dn.ext >= tileN && usePacked && panelOK && !c.fma {
		units := nOuter * mT
		return false, parallelRange(k, units, int64(units)*int64(K)*int64(tileM*dn.ext), func(lo, hi int) {
			packedGEMM(a, b, out, ra, rb, outer, dm, dn, baseA, baseB, baseO, lo, hi)
		})
	}
	if b == nil && mT == 1 && nT == 1 {
		if a32, ok := any(a).([]float32); ok && useVec {
			if li := sumLaneLoop(outer, K); li >= 0 {
				return false, runSumLanes(k, a32, any(out).([]float32), ra, outer, li, k.outZero, baseA, baseO, nil)
			}
		}
		// A plain sum (a bias gradient): each output is one chain of
		// dependent adds, so four outputs at a time keep four chains in
		// flight (each still adds in the interpreter's order).
		locate := func(t int) (pa, po int) {
			pa, _, po = outerBase(outer, t, baseA, 0, baseO)
			return pa, po
		}
		groups := (total + 3) / 4
		return false, parallelRange(k, groups, int64(total)*int64(K), func(lo, hi int) {
			var pa, po [4]int
			for g := lo; g < hi; g++ {
				n := 0
				for t := g * 4; t < min(total, g*4+4); t++ {
					pa[n], po[n] = locate(t)
					n++
				}
				if n < 4 {
					for i := 0; i < n; i++ {
						sumDot(a, out, pa[i], po[i], ra)
					}
					continue
				}
				sumDot4(a, out, pa, po, ra)
			}
		})
	}
	// Byte-offset copies of the tables for the unchecked tile kernel.
	var z T
	sz := int(unsafe.Sizeof(z))
	var raB, rbB []int
	if rb != nil {
		var words []uint64
		raB, words = inBytes(ra, sz)
		defer putWords(words)
		rbB, words = inBytes(rb, sz)
		defer putWords(words)
	}
	dotOf := dotFor[T](c.fma)
	doTiles := func(lo, hi int) {
		for t := lo; t < hi; t++ {
			nt := t % nT
			mt := (t / nT) % mT
			pa, pb, po := outerBase(outer, t/(nT*mT), baseA, baseB, baseO)
			i0, j0 := mt*tileM, nt*tileN
			pa += i0*dm.ca + j0*dn.ca
			pb += i0*dm.cb + j0*dn.cb
			po += i0*dm.cout + j0*dn.cout
			mr, nr := min(tileM, dm.ext-i0), min(tileN, dn.ext-j0)
			if b == nil {
				for i := 0; i < mr; i++ {
					for j := 0; j < nr; j++ {
						sumDot(a, out, pa+i*dm.ca+j*dn.ca, po+i*dm.cout+j*dn.cout, ra)
					}
				}
				continue
			}
			// Fused terms have no 2×4 tile (its rounding is separate):
			// one output at a time.
			if mr == tileM && nr == tileN && !c.fma {
				micro24u(a, b, out, pa, dm.ca, pb, dn.cb, po, dm.cout, dn.cout, raB, rbB)
				continue
			}
			for i := 0; i < mr; i++ {
				for j := 0; j < nr; j++ {
					dotOf(a, b, out, pa+i*dm.ca+j*dn.ca, pb+i*dm.cb+j*dn.cb, po+i*dm.cout+j*dn.cout, ra, rb)
				}
			}
		}
	}
	return false, parallelRange(k, total, int64(total)*int64(K)*tileM*tileN, doTiles)
}

// outerBase is the offsets in the first factor, the second and the
// output of point t of the loops outer (the last fastest), from bases pa,
// pb and po.
func outerBase(outer []tdim, t, pa, pb, po int) (int, int, int) {
	for j := len(outer) - 1; j >= 0; j-- {
		od := outer[j]
		i := t % od.ext
		t /= od.ext
		pa += i * od.ca
		pb += i * od.cb
		po += i * od.cout
	}
	return pa, pb, po
}

// useDirect lets the vector path read the first factor in place.
var useDirect = true

// usePacked switches the packed implicit-GEMM path.
var usePacked = true

// parallelRange runs f over [0, total) split into contiguous ranges, one
// per worker, when work (multiply-adds, or the lanes' adds and moves) is
// worth it: at least parallelLaneWork.
func parallelRange(k *kernel, total int, work int64, f func(lo, hi int)) error {
	if work < parallelLaneWork {
		f(0, total)
		return nil
	}
	if p := spread(total, f); p != nil {
		return ir.OpErrorf(k.op, "cpu: %v", p)
	}
	return nil
}

// splitRange runs f over [0, total) in one contiguous range per worker
// (on the caller's goroutine when work is too small to pay for more) and
// returns the first panic a worker raised, or nil. The workers are the
// pool's (pool.go), or goroutines started for the call when the pool is
// busy (a split inside a split, or another goroutine's).
func splitRange(total int, work int64, f func(lo, hi int)) any {
	if work < parallelWork {
		f(0, total)
		return nil
	}
	return spread(total, f)
}

// spread is splitRange for work worth splitting.
func spread(total int, f func(lo, hi int)) any {
	workers := goruntime.GOMAXPROCS(0)
	if workers > total {
		workers = total
	}
	if workers < 2 {
		f(0, total)
		return nil
	}
	if pool.mu.TryLock() {
		defer pool.mu.Unlock()
		return pool.run(workers, total, f)
	}
	var wg sync.WaitGroup
	panics := make([]any, workers)
	for w := 0; w < workers; w++ {
		lo, hi := total*w/workers, total*(w+1)/workers
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { panics[w] = recover() }()
			f(lo, hi)
		}()
	}
	wg.Wait()
	for _, p := range panics {
		if p != nil {
			return p
		}
	}
	return nil
}

// dot accumulates one output element: out[po] += Σ_r a[pa+ra[r]]·b[pb+rb[r]].
func dot[T floatT](a, b, out []T, pa, pb, po int, ra, rb []int) {
	acc := out[po]
	rb = rb[:len(ra)]
	for r, ia := range ra {
		acc += T(a[pa+ia] * b[pb+rb[r]])
	}
	out[po] = acc
}

// dotFor is dot, or dotFMA for fused terms.
func dotFor[T floatT](fma bool) func(a, b, out []T, pa, pb, po int, ra, rb []int) {
	if fma {
		return dotFMA[T]
	}
	return dot[T]
}

// dotFMA is dot with each term fused: acc = x·y + acc rounded once.
//
// float32 with FMA3 runs in hardware (dotFMA32): the same roundings,
// one instruction a term instead of fma32's emulation. Its reads are
// unchecked: every offset pa+ra[r], pb+rb[r] is one the interpreter
// forms for an in-range element (see micro24u).
func dotFMA[T floatT](a, b, out []T, pa, pb, po int, ra, rb []int) {
	acc := out[po]
	rb = rb[:len(ra)]
	if a32, ok := any(a).([]float32); ok && haveFMA && len(ra) > 0 {
		b32 := any(b).([]float32)
		out[po] = T(dotFMA32(&a32[0], pa, &ra[0], &b32[0], pb, &rb[0], len(ra), float32(acc)))
		return
	}
	for r, ia := range ra {
		acc = fmaOf(a[pa+ia], b[pb+rb[r]], acc)
	}
	out[po] = acc
}

// fmaOf is x·y + acc rounded once to T.
func fmaOf[T floatT](x, y, acc T) T {
	if unsafe.Sizeof(acc) == 4 {
		return T(fma32(float32(x), float32(y), float32(acc)))
	}
	return T(math.FMA(float64(x), float64(y), float64(acc)))
}

// sumDot accumulates out[po] += Σ_r a[pa+ra[r]].
func sumDot[T floatT](a, out []T, pa, po int, ra []int) {
	acc := out[po]
	for _, ia := range ra {
		acc += a[pa+ia]
	}
	out[po] = acc
}

// sumDot4 is sumDot for four outputs at once: four independent chains.
// The offsets in ra may be negative (a reduction over a flipped view runs
// backwards from its base), so each read indexes a from its start.
func sumDot4[T floatT](a, out []T, pa, po [4]int, ra []int) {
	s0, s1, s2, s3 := out[po[0]], out[po[1]], out[po[2]], out[po[3]]
	for _, ia := range ra {
		s0 += a[pa[0]+ia]
		s1 += a[pa[1]+ia]
		s2 += a[pa[2]+ia]
		s3 += a[pa[3]+ia]
	}
	out[po[0]], out[po[1]], out[po[2]], out[po[3]] = s0, s1, s2, s3
}

// The unchecked tile kernel reads through raw pointers. That is sound
// because every offset it forms is one the interpreter would form:
// newKernel proved that each indexing-map result stays inside its view
// over the whole loop box, runStep's checkView proved that every view lies
// inside its buffer, and the slices passed here are those buffers (or
// widened copies of the same length). The tables hold byte offsets.

func ld[T floatT](p unsafe.Pointer, off int) T { return *(*T)(unsafe.Add(p, off)) }

// inBytes is the offset table t scaled to bytes (elements of size bytes)
// in scratch memory; return words (putWords) when done with it.
func inBytes(t []int, size int) (b []int, words []uint64) {
	b, words = getInts(len(t))
	for r, x := range t {
		b[r] = x * size
	}
	return b, words
}

// tableSpan is the least and greatest entry of an offset table (zero for
// an empty one).
type tableSpan struct{ lo, hi int }

func spanOf(t []int) tableSpan {
	if len(t) == 0 {
		return tableSpan{}
	}
	return tableSpan{slices.Min(t), slices.Max(t)}
}

// holds reports whether n consecutive elements from first+r, for every
// entry r of the table, lie in a buffer of size elements: an in-place
// vector read of a tile whose extra lanes read on past its rows.
func (s tableSpan) holds(first, n, size int) bool {
	return first+s.lo >= 0 && first+s.hi+n <= size
}

// micro24u is the 2×4 register tile without packing: rows pa, pa+sa of
// the first factor, columns pb+j·sb of the second, outputs po + i·om +
// j·on; ra and rb hold byte offsets, and nothing is bounds-checked.
func micro24u[T floatT](a, b, out []T, pa, sa, pb, sb, po, om, on int, ra, rb []int) {
	c00, c01, c02, c03 := out[po], out[po+on], out[po+2*on], out[po+3*on]
	q := po + om
	c10, c11, c12, c13 := out[q], out[q+on], out[q+2*on], out[q+3*on]
	var z T
	sz := int(unsafe.Sizeof(z))
	pA0 := unsafe.Pointer(&a[0])
	pB0 := unsafe.Pointer(&b[0])
	pa0, pa1 := pa*sz, (pa+sa)*sz
	pb0, pb1, pb2, pb3 := pb*sz, (pb+sb)*sz, (pb+2*sb)*sz, (pb+3*sb)*sz
	rb = rb[:len(ra)]
	for r, ia := range ra {
		ib := rb[r]
		x0, x1 := ld[T](pA0, pa0+ia), ld[T](pA0, pa1+ia)
		y := ld[T](pB0, pb0+ib)
		c00 += T(x0 * y)
		c10 += T(x1 * y)
		y = ld[T](pB0, pb1+ib)
		c01 += T(x0 * y)
		c11 += T(x1 * y)
		y = ld[T](pB0, pb2+ib)
		c02 += T(x0 * y)
		c12 += T(x1 * y)
		y = ld[T](pB0, pb3+ib)
		c03 += T(x0 * y)
		c13 += T(x1 * y)
	}
	out[po], out[po+on], out[po+2*on], out[po+3*on] = c00, c01, c02, c03
	out[q], out[q+on], out[q+2*on], out[q+3*on] = c10, c11, c12, c13
}

// kBlock is the reduction block of the packed path: an A panel of
// tileM×kBlock and a B panel of tileN×kBlock stay in L1/L2 while a tile
// runs. The output tile is stored and reloaded between blocks, in the
// accumulator type, so blocking does not change any result.
const kBlock = 512

// microPacked is the 2×4 tile over packed panels: ap[r] holds the two
// rows' factors at reduction point r, bp[r] the four columns'.
func microPacked[T floatT](ap [][tileM]T, bp [][tileN]T, out []T, po, om, on int) {
	c00, c01, c02, c03 := out[po], out[po+on], out[po+2*on], out[po+3*on]
	q := po + om
	c10, c11, c12, c13 := out[q], out[q+on], out[q+2*on], out[q+3*on]
	bp = bp[:len(ap)]
	for r := range ap {
		x0, x1 := ap[r][0], ap[r][1]
		y := &bp[r]
		c00 += T(x0 * y[0])
		c10 += T(x1 * y[0])
		c01 += T(x0 * y[1])
		c11 += T(x1 * y[1])
		c02 += T(x0 * y[2])
		c12 += T(x1 * y[2])
		c03 += T(x0 * y[3])
		c13 += T(x1 * y[3])
	}
	out[po], out[po+on], out[po+2*on], out[po+3*on] = c00, c01, c02, c03
	out[q], out[q+on], out[q+2*on], out[q+3*on] = c10, c11, c12, c13
}

// packedGEMM runs a contraction with both tile loops as an implicit GEMM
// over packed panels. Work units are (outer point, m tile) pairs in
// [lo, hi); the B panels (all full n tiles) are packed once per outer
// point they depend on, the A panel once per unit.
func packedGEMM[T floatT](a, b, out []T, ra, rb []int, outer []tdim, dm, dn tdim, baseA, baseB, baseO, lo, hi int) {
	K := len(ra)
	mT := (dm.ext + tileM - 1) / tileM
	nFull := dn.ext / tileN
	bOuter := false
	for _, od := range outer {
		bOuter = bOuter || od.cb != 0
	}
	bufA := make([][tileM]T, K)
	bufB := make([][tileN]T, K*nFull)
	lastO := -1
	for u := lo; u < hi; u++ {
		o, mt := u/mT, u%mT
		pa, pb, po := outerBase(outer, o, baseA, baseB, baseO)
		if lastO < 0 || (bOuter && o != lastO) {
			for nt := 0; nt < nFull; nt++ {
				p := bufB[nt*K : (nt+1)*K]
				q := pb + nt*tileN*dn.cb
				for j := 0; j < tileN; j++ {
					for r, ib := range rb {
						p[r][j] = b[q+ib]
					}
					q += dn.cb
				}
			}
		}
		lastO = o
		i0 := mt * tileM
		pa += i0 * dm.ca
		po += i0 * dm.cout
		mr := min(tileM, dm.ext-i0)
		if mr == tileM {
			for i := 0; i < tileM; i++ {
				q := pa + i*dm.ca
				for r, ia := range ra {
					bufA[r][i] = a[q+ia]
				}
			}
			for k0 := 0; k0 < K; k0 += kBlock {
				k1 := min(K, k0+kBlock)
				for nt := 0; nt < nFull; nt++ {
					microPacked(bufA[k0:k1], bufB[nt*K+k0:nt*K+k1], out, po+nt*tileN*dn.cout, dm.cout, dn.cout)
				}
			}
		} else {
			for i := 0; i < mr; i++ {
				for j := 0; j < nFull*tileN; j++ {
					dot(a, b, out, pa+i*dm.ca, pb+j*dn.cb, po+i*dm.cout+j*dn.cout, ra, rb)
				}
			}
		}
		for i := 0; i < mr; i++ {
			for j := nFull * tileN; j < dn.ext; j++ {
				dot(a, b, out, pa+i*dm.ca, pb+j*dn.cb, po+i*dm.cout+j*dn.cout, ra, rb)
			}
		}
	}
}

// The vector path: 4×16 float32 tiles through kern4x16 (AVX). Panels are
// packed with zero padding, so edge tiles run the same kernel; padded
// lanes are computed and thrown away, never stored.
const (
	vM      = 4
	vN      = 16
	kBlockV = 256
	// unitBatch is how many row tiles share each block of the packed
	// second factor while it is in L1 (the column windows'; vecGEMM's
	// is batchOf).
	unitBatch = 8
	// maxUnitBatch bounds vecGEMM's batches, and batchSums the
	// accumulators of one (floats): 16 KB, a third of L1.
	maxUnitBatch = 16
	batchSums    = 4096
	// wideBatchSums bounds the accumulators of batchFor's wide batches
	// (floats: 512 KB, a quarter of a core's L2).
	wideBatchSums = 128 << 10
)

// streamedPanel is the most bytes of packed second factor that vecGEMM's
// batches re-read from L2 (a quarter of a core's); past it each batch
// streams the panel from memory, and batches grow (batchFor). A variable
// so that tests can run small contractions in wide batches.
var streamedPanel = 512 << 10

// streamOutBytes is the output (bytes written) from which vecGEMM's
// blocks of pixels store rows around the caches (storeRows4x16NT): above
// twice a core's L2, where the consumer would read most of it from L3
// or memory anyway. A variable so that tests can stream small outputs.
var streamOutBytes int64 = 4 << 20

// streamedRowStores counts the vecGEMM calls that stored rows around the
// caches (tests).
var streamedRowStores atomic.Int64

// wideBatchRuns counts the vecGEMM calls whose batches grew past
// batchOf's (tests).
var wideBatchRuns atomic.Int64

// batchOf is how many row tiles of nT column tiles share each block of
// the packed second factor in vecGEMM: as many as keep their
// accumulators within batchSums, from unitBatch up to maxUnitBatch. Each
// batch streams the whole panel through the cache, so fewer batches read
// less of it: a weight gradient into 32 channels (two column tiles)
// streams a 2 MB panel once per batch, and 16 tiles a batch ran 5-9%
// faster than 8 (32 channels at 32x32, 64 at 56x56); into 128 channels
// 16 tiles' accumulators (32 KB) crowded L1 and ran slower.
func batchOf(nT int) int {
	return max(unitBatch, min(maxUnitBatch, batchSums/(nT*vM*vN)))
}

// batchFor is vecGEMM's batch for a worker's units row tiles of nT
// column tiles over a panel of K reduction points. A panel that stays in
// L2 is read by batchOf's batches. A larger one (a weight gradient's dy,
// K = N·H·W points: 6.4 MB into 64 channels at 8x56x56) came from memory
// once per batch, nine times a worker: there the worker's tiles share as
// few passes as wideBatchSums allows, split evenly (that weight gradient
// 6.8 -> 6.0 ms, one pass instead of five; its accumulators, 72 KB,
// are read from L2 once per block of kBlockV points).
func batchFor(nT, K, units int) int {
	b := batchOf(nT)
	if K*nT*vN*4 <= streamedPanel {
		return b
	}
	most := max(b, wideBatchSums/(nT*vM*vN))
	passes := max(1, (units+most-1)/most)
	return max(b, (units+passes-1)/passes)
}

// useVec switches the vector path (where the CPU has it).
var useVec = true

// useAVX512 switches the two-tile AVX-512 kernels (where the CPU has
// them): per 4x16 tile the same bits, each broadcast serving 32 columns
// in 16-lane registers (kernels alone on cached panels, a Xeon core with
// AVX-512: 46 GMAC/s on 8 lanes, 62 on 16; fused, 55 and 111:
// BenchmarkKern4x16).
var useAVX512 = true

// avx512Runs counts the vector-path calls that ran the AVX-512 kernels
// (for tests).
var avx512Runs atomic.Int64

// rowPairRuns counts the vecGEMM calls that ran a lone n tile two units
// at a time (kern8x16, tests).
var rowPairRuns atomic.Int64

// stridedARuns counts the vecGEMM calls that packed a first factor
// whose reduction points are not consecutive (tests).
var stridedARuns atomic.Int64

// quadRuns counts the vecGEMM calls that ran pairs of n tiles two units
// at a time (kern8x16x2).
var quadRuns atomic.Int64

// tripleRuns counts the vecGEMM calls that ran pairs of n tiles three
// units at a time (kern12x16x2r).
var tripleRuns atomic.Int64

// packB packs the second factor's n tiles [ntLo, ntHi) at offset pb into
// dst ([nT][K][vN], columns past the end zero).
func packB(dst, b []float32, rb []int, pb int, dn tdim, ntLo, ntHi int) {
	packPanels(dst, b, rb, pb, dn, vN, ntLo, ntHi)
}

// packPanels packs the second factor's n tiles [ntLo, ntHi) of width
// columns at offset pb into dst ([nT][K][width], columns past the end
// zero): the 16-column panels of the 4×16 tiles, the 4-column ones of the
// narrow path.
func packPanels(dst, b []float32, rb []int, pb int, dn tdim, width, ntLo, ntHi int) {
	K := len(rb)
	if full := min(ntHi, dn.ext/vN); haveAVX512 && useAVX512 && width == vN && dn.cb == 1 && full > ntLo && K > 0 {
		// Whole tiles of rows of consecutive columns (blocks of pixels,
		// an NHWC filter's channels): each row's tiles in one pass,
		// 64-byte moves, where a copy call each ran at a fraction of
		// that. Every row's first and last float are checked.
		q := pb + ntLo*vN
		if lo, hi := slices.Min(rb), slices.Max(rb); lo >= 0 {
			_, _ = b[q+lo], b[q+hi+(full-ntLo)*vN-1]
			_ = dst[full*K*vN-1]
			packRows16(&dst[ntLo*K*vN], &b[q], &rb[0], K, full-ntLo, K*vN*4)
			ntLo = full
		}
	}
	for nt := ntLo; nt < ntHi; nt++ {
		p := dst[nt*K*width : (nt+1)*K*width]
		nr := min(width, dn.ext-nt*width)
		q := pb + nt*width*dn.cb
		if dn.cb == 1 {
			for r, ib := range rb {
				row := p[r*width : r*width+width]
				copy(row[:nr], b[q+ib:q+ib+nr])
				clear(row[nr:])
			}
			continue
		}
		// Row by row: the nr columns of one reduction point lie close
		// together (a weight's channel stride is a few taps), and the
		// panel is written sequentially; eight points at a time where
		// they are contiguous.
		transposed := 0
		for r := 0; r < K; {
			if transposePoints(p, b, rb, r, q, dn.cb, width, nr) {
				transposed++
				r += 8
				continue
			}
			row := p[r*width : r*width+width]
			j := q + rb[r]
			for c := range row[:nr] {
				row[c] = b[j+c*dn.cb]
			}
			clear(row[nr:])
			r++
		}
		if transposed > 0 {
			// Once a panel: an atomic add per block, from every worker,
			// cost more than the blocks.
			transposedPacks.Add(int64(transposed))
		}
	}
}

// transposedPacks counts the blocks of 8 reduction points transposePoints
// packed (tests).
var transposedPacks atomic.Int64

// transposePoints packs panel rows r..r+7 (columns at stride cb from q
// in b) when those reduction points are 8 consecutive elements of b (a
// weight gradient's dy along its positions: each column is then a run
// of b): the 8-column blocks by 8x8 AVX transposes, the rest of the nr
// columns one by one. It reports whether it did.
func transposePoints(p, b []float32, rb []int, r, q, cb, width, nr int) bool {
	if !haveAVX || nr < 8 || r+8 > len(rb) {
		return false
	}
	ib := rb[r]
	for i := 1; i < 8; i++ {
		if rb[r+i] != ib+i {
			return false
		}
	}
	// transpose2D's case, written out: this runs once every 8 points of
	// a weight gradient's panels, and the general loop measured 7% of
	// the 1x1 weight gradient slower.
	rows := p[r*width : (r+8)*width]
	full := nr &^ 7
	for c0 := 0; c0 < full; c0 += 8 {
		src := q + ib + c0*cb
		// The block's extreme elements are in range, hence all of it.
		_, _ = b[src+min(0, 7*cb)], b[src+7+max(0, 7*cb)]
		transpose8x8(&rows[c0], width*4, &b[src], cb*4)
	}
	if full == width {
		return true
	}
	for i := range 8 {
		row := rows[i*width : (i+1)*width]
		for c := full; c < nr; c++ {
			row[c] = b[q+ib+i+c*cb]
		}
		clear(row[nr:])
	}
	return true
}

// vecSpace is the vector path's view of a contraction's parallel loops.
// Its rows are every combination of the m loop and the outer loops that
// move the first factor but not the second, flattened in lexicographic
// order (m innermost), each with its own offset in the first factor and
// in the output; tiles take vM consecutive rows. A 13×13 phase of a
// strided data gradient is thus 169 rows in 43 full tiles and one partial
// one, instead of 13 rows of 4 tiles with the last one mostly padding,
// and row offsets need not be linear (h·W + w rows of a strided window).
// The remaining outer loops (they move the second factor, as a group
// does, or neither factor) are groups: the rows repeat for each.
type vecSpace struct {
	rowA, rowO []int // per row: element offset in a and in out
	rowDims    []tdim
	groups     []tdim
	dn         tdim
	K          int
	// aMoves: some group loop moves the first factor (its panels cannot
	// be cached across groups); bMoves: some moves the second (its
	// panels are packed per group instead of once).
	aMoves, bMoves bool
	// outZero: the output holds zeros on entry (kernel.outZero); tiles
	// start at zero instead of gathering them from the output.
	outZero bool
	// fma: the terms are fused multiply-adds (contraction.fma): the
	// kernels' fused forms run.
	fma bool
	// prefetch: each group prefetches the next one's rows of the
	// second factor and of the output (contraction.pixels, whose n loop
	// is unit-stride in both: pixelRows).
	prefetch bool
}

// newVecLoops sorts the outer loops into row dims and groups; the rows
// themselves are built by buildRows.
func newVecLoops(outer []tdim, dm, dn tdim, K int) *vecSpace {
	v := &vecSpace{dn: dn, K: K}
	var rowDims []tdim
	for _, od := range outer {
		if od.ca != 0 && od.cb == 0 {
			rowDims = append(rowDims, od)
			continue
		}
		v.groups = append(v.groups, od)
		v.aMoves = v.aMoves || od.ca != 0
		v.bMoves = v.bMoves || od.cb != 0
	}
	v.rowDims = append(rowDims, dm)
	return v
}

// groupBase is the offsets in the first factor, the second and the
// output of group point g (the group loops in lexicographic order, the
// last fastest), from bases pa, pb and po; visit, when not nil, is given
// each group loop's index at g (an epilogue's offsets follow them).
func (v *vecSpace) groupBase(g, pa, pb, po int, visit func(od tdim, i int)) (int, int, int) {
	for j := len(v.groups) - 1; j >= 0; j-- {
		od := v.groups[j]
		i := g % od.ext
		g /= od.ext
		pa += i * od.ca
		pb += i * od.cb
		po += i * od.cout
		if visit != nil {
			visit(od, i)
		}
	}
	return pa, pb, po
}

// groupCount is the number of group points.
func (v *vecSpace) groupCount() int { return points(v.groups) }

// points is the number of points of the loops dims (the product of
// their extents).
func points(dims []tdim) int {
	n := 1
	for _, d := range dims {
		n *= d.ext
	}
	return n
}

// rowCount is the number of rows (the product of the row dims' extents).
func (v *vecSpace) rowCount() int { return points(v.rowDims) }

// buildRows fills rowA and rowO, using rows (2·rowCount ints) as their
// storage.
func (v *vecSpace) buildRows(rows []int) {
	n := v.rowCount()
	v.rowA, v.rowO = rows[:n:n], rows[n:2*n:2*n]
	// The innermost row dim (dm) as a plain loop: a phase has tens of
	// thousands of rows, and a call per row was a tenth of its time.
	dm := v.rowDims[len(v.rowDims)-1]
	r := 0
	walkOffsets(v.rowDims[:len(v.rowDims)-1], func(_, a, _, o int) {
		for i := 0; i < dm.ext; i++ {
			v.rowA[r], v.rowO[r] = a+i*dm.ca, o+i*dm.cout
			r++
		}
	})
}

// offsetTables writes the offsets of the points of the loops dims, in
// walkOffsets' order, in the first factor, the second and the output
// into ta, tb and to (each nil, or as long as the points are many). The
// innermost loop is a plain loop: a weight gradient's table has a point
// per position of every image (25088 at 8x56x56), and a call per point
// made building it a tenth of a small step's time, on one core while
// the other waited.
func offsetTables(dims []tdim, ta, tb, to []int) {
	if len(dims) == 0 {
		for _, t := range [][]int{ta, tb, to} {
			if t != nil {
				t[0] = 0
			}
		}
		return
	}
	in := dims[len(dims)-1]
	fill := func(t []int, r, x, c int) {
		if t == nil {
			return
		}
		t = t[r : r+in.ext]
		for i := range t {
			t[i] = x + i*c
		}
	}
	r := 0
	walkOffsets(dims[:len(dims)-1], func(_, a, b, o int) {
		fill(ta, r, a, in.ca)
		fill(tb, r, b, in.cb)
		fill(to, r, o, in.cout)
		r += in.ext
	})
}

// walkOffsets visits the points of the loops dims in lexicographic order
// (the last loop fastest), each with its offsets in the first factor, the
// second and the output, updated incrementally.
func walkOffsets(dims []tdim, visit func(r, a, b, o int)) {
	n := points(dims)
	idx := make([]int, len(dims))
	a, b, o := 0, 0, 0
	for r := 0; r < n; r++ {
		visit(r, a, b, o)
		for j := len(dims) - 1; j >= 0; j-- {
			d := dims[j]
			idx[j]++
			a, b, o = a+d.ca, b+d.cb, o+d.cout
			if idx[j] < d.ext {
				break
			}
			a, b, o = a-d.ca*d.ext, b-d.cb*d.ext, o-d.cout*d.ext
			idx[j] = 0
		}
	}
}

// tiles is the number of row tiles per group.
func (v *vecSpace) tiles() int { return (len(v.rowA) + vM - 1) / vM }

func (v *vecSpace) units() int {
	n := v.tiles()
	for _, g := range v.groups {
		n *= g.ext
	}
	return n
}

// vecGEMM runs units [lo, hi) of the vector path (a unit is one row tile
// of one group). segs, when not nil, are the second factor's panels
// already packed (no group loop moves it), once for all workers: one run
// of the reduction, or several from the run's cache (panels.go).
//
// raB, when not nil, is ra in bytes: full tiles then read the first
// factor in place (kern4x16r). That is sound for the same reason as
// micro24u: every address formed is an in-range element of a.
//
// ep, when not nil, is applied to each tile right after it is stored.
func vecGEMM(a, b, out []float32, ra, rb []int, v *vecSpace, baseA, baseB, baseO, lo, hi int, segs []bSeg, raB []int, ep *tileEpilogue, stage *outStage, bias *tileBias) {
	K, dn := v.K, v.dn
	mT := v.tiles()
	nT := (dn.ext + vN - 1) / vN
	// A matmul's first factor whose reduction points are not consecutive
	// (a Linear's weight gradient reads gradᵀ where it lies: its points a
	// row of grad apart) packs its tiles' panels rather than read in
	// place, where every point of every n tile's pass was a new line:
	// gradᵀ·x into 3072x768 over 512 rows 16-17 -> 10.5-12 ms. (Blocks of
	// pixels, a convolution's, keep their in-place reads: see quadsRead.)
	stridedA := raB != nil && !v.prefetch && !quadsRead(ra, 1)
	// directA: full tiles read the first factor in place (through raB).
	directA := raB != nil && !stridedA
	batch, narrow := batchFor(nT, K, min(hi-lo, mT)), batchOf(nT)
	if stridedA {
		stridedARuns.Add(1)
		if batch*K*vM*4 > 1<<20 {
			batch = narrow
		}
	} else if !directA {
		// Every tile packs its rows (K×vM floats a tile): wide batches
		// would hold them all at once. (A strided first factor keeps its
		// wide batches where their panels fit in a megabyte: 350 KB at
		// 3072x768 over 512 rows ran as fast or faster than narrow ones.)
		batch = narrow
	}
	if batch > narrow {
		wideBatchRuns.Add(1)
	}
	// Units whose rows are runs of floats run three at a time on pairs
	// of n tiles (kern12x16x2r): batches of a multiple of three leave no
	// unit to the two-tile kernel alone (a 3x3 convolution into 64
	// channels at 8x56x56: 16 a batch, 6.5 ms; 18, 5.8-6.3).
	wide := haveAVX512 && useAVX512
	quadsFit := wide && (quadsRead(ra, 1) || stridedA)
	if triplesFit(v, directA, quadsFit, nT) {
		batch = (batch + 2) / 3 * 3
	}
	// The first factor's panels are packed once per worker when groups
	// reuse them (no group moves them, and they fit); otherwise each tile
	// is used once and full tiles read it in place.
	reused := len(v.groups) > 0 && !v.aMoves
	cacheA := reused && int64(K)*int64(mT*vM) <= maxPanel
	var bufA, allA []float32
	var packedA []bool
	if cacheA {
		var words []uint64
		allA, words = getFloats(mT * K * vM)
		defer putWords(words)
		packedA = make([]bool, mT)
	} else {
		// Full tiles read the first factor in place where they can: then
		// only a batch's partial tile (at most one: a batch lies within
		// one group) packs.
		slots := batch
		if directA {
			slots = 1
		}
		var words []uint64
		bufA, words = getFloats(slots * K * vM)
		defer putWords(words)
	}
	packA := func(dst []float32, pa, i0, mr int) {
		if mr == vM {
			// The hot case: one pass over the table, four rows at once.
			// Unchecked loads: every offset q+ia (q a row's offset) is
			// one the interpreter forms for an in-range element (see
			// micro24u).
			base := unsafe.Pointer(&a[0])
			q0, q1, q2, q3 := pa+v.rowA[i0], pa+v.rowA[i0+1], pa+v.rowA[i0+2], pa+v.rowA[i0+3]
			dst = dst[:len(ra)*vM]
			for r, ia := range ra {
				p := (*[vM]float32)(dst[r*vM : r*vM+vM])
				p[0] = *(*float32)(unsafe.Add(base, (q0+ia)*4))
				p[1] = *(*float32)(unsafe.Add(base, (q1+ia)*4))
				p[2] = *(*float32)(unsafe.Add(base, (q2+ia)*4))
				p[3] = *(*float32)(unsafe.Add(base, (q3+ia)*4))
			}
			return
		}
		for i := 0; i < vM; i++ {
			if i >= mr {
				for r := 0; r < K; r++ {
					dst[r*vM+i] = 0
				}
				continue
			}
			q := pa + v.rowA[i0+i]
			for r, ia := range ra {
				dst[r*vM+i] = a[q+ia]
			}
		}
	}
	shared := segs != nil
	var bufB []float32
	if !shared {
		var words []uint64
		bufB, words = getFloats(nT * K * vN)
		defer putWords(words)
		segs = []bSeg{{k0: 0, k1: K, panel: bufB}}
	}
	// Units run in batches of up to batch consecutive tiles of one
	// group, each block of the reduction through vecBlock.
	units := make([]unitTile, batch)
	csF, csWords := getFloats(batch * nT * vM * vN)
	defer putWords(csWords)
	cs := unsafe.Slice((*[vM * vN]float32)(unsafe.Pointer(&csF[0])), batch*nT)
	var epf *epiFrame
	var epGroup func(od tdim, i int)
	if ep != nil {
		epf = ep.newFrame()
		epGroup = func(od tdim, i int) {
			for o := range epf.group {
				epf.group[o] += int64(i) * ep.coef[o][od.loop]
			}
		}
	}
	if wide {
		avx512Runs.Add(1)
	}
	// Two units at once (kern8x16x2) where the first factor's reduction
	// points are consecutive elements (dy in NHWC, or packed panels): a
	// 3x3 data gradient into 128 channels ran 6-8% faster. Where they are
	// a plane apart (dy in NCHW, a 1x1 data gradient), every point is a
	// new cache line, and eight rows at a time ran 5-13% slower.
	rowPairs, quads, triples := false, false, false
	defer func() {
		if rowPairs {
			rowPairRuns.Add(1)
		}
		if quads {
			quadRuns.Add(1)
		}
		if triples {
			tripleRuns.Add(1)
		}
	}()
	// Blocks of pixels into a large output (several MB, past what the
	// caches keep for its consumer) write its rows as whole lines around
	// the caches (storeRows4x16NT) rather than read each line in first
	// (the next group's rows were prefetched to be written): a 1x1
	// convolution 256->256 at 8x56x56, 14.8-16.2 -> 13.0-13.5 ms alone,
	// the ResNeXt-like training step 196 -> 190 ms though the batch
	// norms after its 1x1 convolutions then read their input from memory.
	streamOut := v.prefetch && wide && int64(v.groupCount())*int64(len(v.rowO))*int64(dn.ext)*4 >= streamOutBytes
	streamed := false
	defer func() {
		if streamed {
			sfence()
			streamedRowStores.Add(1)
		}
	}()
	lastG := -1
	for u := lo; u < hi; {
		g := u / mT
		end := min(hi, (g+1)*mT, u+batch)
		var visit func(od tdim, i int)
		if epf != nil {
			copy(epf.group, ep.base)
			visit = epGroup
		}
		pa, pb, po := v.groupBase(g, baseA, baseB, baseO, visit)
		if !shared && (lastG < 0 || (v.bMoves && g != lastG)) {
			packB(bufB, b, rb, pb, dn, 0, nT)
			if v.prefetch && g+1 < v.groupCount() {
				// The next group's rows of the second factor and of the
				// output, into the cache while this group computes
				// (blocks of pixels: a row a plane apart, 256 bytes of
				// each, too many streams for the hardware's prefetchers
				// once the images come from memory).
				_, pn, on := v.groupBase(g+1, baseA, baseB, baseO, nil)
				lines := (dn.ext*4 + 63) / 64
				for _, r := range rb {
					prefetchLines(&b[pn+r], lines)
				}
				if havePrefetchW && !streamOut {
					for _, r := range v.rowO {
						prefetchWLines(&out[on+r], lines)
					}
				}
			}
		}
		lastG = g
		batch := units[:end-u]
		if havePrefetchW && end < hi && !v.prefetch && stage == nil {
			v.prefetchOut(out, baseA, baseB, baseO, end, min(hi, end+len(units)), po, g)
		}
		slot := 0
		for j := range batch {
			ut := &batch[j]
			mt := (u + j) % mT
			ut.i0 = mt * vM
			ut.mr = min(vM, len(v.rowA)-ut.i0)
			// Full tiles of a factor that is not cached read it in
			// place through the byte-offset table (no packing); the
			// rest pack.
			ut.direct = ut.mr == vM && !cacheA && directA
			switch {
			case cacheA:
				ut.panel = allA[mt*K*vM : (mt+1)*K*vM]
			case !ut.direct:
				ut.panel = bufA[slot*K*vM : (slot+1)*K*vM]
				slot++
			}
			ut.run = 0
			if ut.direct {
				for i := range ut.offs {
					ut.offs[i] = (pa + v.rowA[ut.i0+i]) * 4
				}
				ut.run = rowStep(&ut.offs)
			} else if !cacheA || !packedA[mt] {
				packA(ut.panel, pa, ut.i0, ut.mr)
				if cacheA {
					packedA[mt] = true
				}
			}
			for nt := 0; nt < nT; nt++ {
				nr := min(vN, dn.ext-nt*vN)
				c := &cs[j*nT+nt]
				*c = [vM * vN]float32{}
				if v.outZero {
					continue
				}
				for i := 0; i < ut.mr; i++ {
					q := po + v.rowO[ut.i0+i] + nt*vN*dn.cout
					gatherStrided(c[i*vN:i*vN+nr], out, q, dn.cout)
				}
			}
		}
		// Blocks of the reduction within each run of panels (one run
		// unless the panels come from the run's cache).
		for si := range segs {
			seg := &segs[si]
			for k0, k1 := seg.k0, 0; k0 < seg.k1; k0 = k1 {
				k1 = min(seg.k1, k0+kBlockV)
				rp, q, tr := vecBlock(a, raB, batch, cs, seg, k0, k1, nT, wide, quadsFit, v.fma)
				rowPairs, quads, triples = rowPairs || rp, quads || q, triples || tr
			}
		}
		for j := 0; j < len(batch); j++ {
			ut := &batch[j]
			// Three tiles of twelve consecutive output positions store
			// each channel's twelve at once (storeT12x16). (A tile
			// epilogue's rows are contiguous in the output, these are a
			// channel stride apart: none runs here.)
			if wide && stage == nil && epf == nil && j+2 < len(batch) && v.consecutiveOut(batch[j:j+3]) {
				for nt := 0; nt < nT; nt++ {
					nr := min(vN, dn.ext-nt*vN)
					if bias != nil {
						for t := j; t < j+3; t++ {
							bias.add(&cs[t*nT+nt], batch[t].i0, nt*vN, vM, nr)
						}
					}
					q := po + v.rowO[ut.i0] + nt*vN*dn.cout
					if nr == vN {
						storeT12x16(&out[q], dn.cout*4, &cs[j*nT+nt], &cs[(j+1)*nT+nt], &cs[(j+2)*nT+nt])
						continue
					}
					for t := j; t < j+3; t++ {
						c := &cs[t*nT+nt]
						for i := 0; i < vM; i++ {
							scatterStrided(out, q+(t-j)*vM+i, dn.cout, c[i*vN:i*vN+nr])
						}
					}
				}
				j += 2
				continue
			}
			// Four consecutive output positions (a stride-1 gradient's or
			// a forward convolution's w) of 16 channels: each channel's
			// four as one vector store (storeT4x16) instead of 64 scalar
			// ones; every address is one of the tile's elements.
			transposed := v.consecutiveOut(batch[j : j+1])
			for nt := 0; nt < nT; nt++ {
				nr := min(vN, dn.ext-nt*vN)
				c := &cs[j*nT+nt]
				if bias != nil {
					bias.add(c, ut.i0, nt*vN, ut.mr, nr)
				}
				if stage != nil {
					for i := 0; i < ut.mr; i++ {
						q := stage.row(po+v.rowO[ut.i0+i]) + nt*vN
						copy(stage.buf[q:q+nr], c[i*vN:i*vN+nr])
					}
					continue
				}
				if transposed && nr == vN {
					storeT4x16(&out[po+v.rowO[ut.i0]+nt*vN*dn.cout], dn.cout*4, c)
					continue
				}
				if wide && dn.cout == 1 && nr == vN && ut.mr == vM {
					// Rows of sixteen consecutive outputs: one store a
					// row, every row's sixteen checked in range.
					var offs [vM]int
					for i := range vM {
						q := po + v.rowO[ut.i0+i] + nt*vN
						_ = out[q : q+vN]
						offs[i] = q * 4
					}
					if streamOut && linesAligned(out, &offs) {
						storeRows4x16NT(&out[0], &offs, c)
						streamed = true
						continue
					}
					storeRows4x16(&out[0], &offs, c)
					continue
				}
				for i := 0; i < ut.mr; i++ {
					q := po + v.rowO[ut.i0+i] + nt*vN*dn.cout
					scatterStrided(out, q, dn.cout, c[i*vN:i*vN+nr])
				}
			}
			if epf != nil {
				for i := 0; i < ut.mr; i++ {
					for nt := 0; nt < nT; nt++ {
						ep.apply(epf, ut.i0+i, nt*vN, min(vN, dn.ext-nt*vN))
					}
				}
			}
		}
		u = end
	}
}

// consecutiveOut reports whether the units' rows (each unit full) are
// consecutive output positions, each a channel stride apart from the
// next channel's (a transposed store: storeT4x16 for one unit,
// storeT12x16 for three).
func (v *vecSpace) consecutiveOut(units []unitTile) bool {
	if v.dn.cout == 1 {
		return false
	}
	first := v.rowO[units[0].i0]
	for t, ut := range units {
		if ut.mr != vM || ut.i0 != units[0].i0+t*vM {
			return false
		}
		for i := range vM {
			if v.rowO[ut.i0+i] != first+t*vM+i {
				return false
			}
		}
	}
	return true
}

// linesAligned reports whether the rows at byte offsets offs from out
// each start a cache line (64 bytes).
func linesAligned(out []float32, offs *[vM]int) bool {
	base := uintptr(unsafe.Pointer(&out[0]))
	for _, o := range offs {
		if (base+uintptr(o))%64 != 0 {
			return false
		}
	}
	return true
}

// triplesFit reports whether vecGEMM's units may run three at a time
// (kern12x16x2r, kern12x16x2r2): pairs of n tiles read in place, each
// tile's rows consecutive elements of the first factor or every other
// one (the row tiles' loop, dm, of stride 1 or 2 in it).
func triplesFit(v *vecSpace, direct, quadsFit bool, nT int) bool {
	ca := v.rowDims[len(v.rowDims)-1].ca
	return quadsFit && direct && nT >= 2 && (ca == 1 || ca == 2)
}

// rowStep is the byte step of a unit's rows when they are evenly spaced
// one or two floats apart (offs in bytes), else 0.
func rowStep(offs *[vM]int) int {
	d := offs[1] - offs[0]
	if (d != 4 && d != 8) || offs[2] != offs[0]+2*d || offs[3] != offs[0]+3*d {
		return 0
	}
	return d
}

// prefetchOut prefetches to be written the output rows of units [u,
// end), the next batch, while the current one (in group g, output base
// po) computes. A tile's 4x16 outputs lie in 16 lines a plane apart in
// NCHW, each a quarter written: the stores waited for every line to come
// from memory, a tenth of a 3x3 convolution's time at 8x64x56x56 (its
// step 7.5 -> 6.4 ms; a 1x1 one from 32 channels 2.3 -> 1.5 ms). Rows
// must lie in one run of the output (dn's stride not 1) or each row's
// channels in a run (stride 1); others are left to the hardware.
func (v *vecSpace) prefetchOut(out []float32, baseA, baseB, baseO, u, end, po, g int) {
	mT := v.tiles()
	dn := v.dn
	if g2 := u / mT; g2 != g {
		_, _, po = v.groupBase(g2, baseA, baseB, baseO, nil)
		// A batch lies within one group.
		end = min(end, (g2+1)*mT)
	} else {
		end = min(end, (g+1)*mT)
	}
	first := (u % mT) * vM
	last := min(len(v.rowA), ((end-1)%mT+1)*vM) - 1
	if dn.cout == 1 {
		lines := (dn.ext*4+63)/64 + 1
		for _, r := range v.rowO[first : last+1] {
			prefetchWLines(&out[po+r], lines)
		}
		return
	}
	if v.rowO[last]-v.rowO[first] != last-first {
		return
	}
	lines := ((last-first+1)*4+63)/64 + 1
	q := po + v.rowO[first]
	for ch := range dn.ext {
		prefetchWLines(&out[q+ch*dn.cout], lines)
	}
}

// quadsRead reports whether two units at once (kern8x16x2) read the
// first factor well: its reduction points are consecutive elements, or
// every other one (a stride-2 weight gradient's input, eight points a
// line: its 3x3 one from 8x64x56x56 into 128 channels 1.03-1.07 ->
// 0.94-1.01 ms alone, 3.95 -> 3.48 ms in the ResNet layer1 step), the
// table t stepping by unit or two (1 for element offsets, 4 for bytes).
func quadsRead(t []int, unit int) bool {
	return len(t) < 2 || t[1]-t[0] == unit || t[1]-t[0] == 2*unit
}

// vecBlock runs reduction points [k0, k1) of every n tile of the batch's
// units, whose panels seg holds: for each n tile (or pair of them, wide),
// every unit of the batch before the next tile, so that the tile's panel
// block (kBlockV×vN floats) is read from L1 by the whole batch instead of
// streaming from L2 for each unit. The order in which each accumulator
// sees the reduction points is unchanged.
//
// With wide (AVX-512), n tiles run two at a time in 16-lane registers,
// with quadsFit two units at once (kern8x16x2: sixteen accumulators,
// each panel row serving eight rows; the last unit of an odd batch, or a
// pair of which one reads in place and the other from a panel, one at a
// time), or three where each of the three reads rows that are a run of
// floats, or every other float (kern12x16x2r, kern12x16x2r2:
// twenty-four accumulators); a lone n tile (the
// last of an odd count, a group's 16 channels) runs two units at a time.
// It reports whether any lone tile ran so (rowPairs), whether any pair
// of tiles ran two units at once (quads) and whether three (triples).
func vecBlock(a []float32, raB []int, batch []unitTile, cs [][vM * vN]float32, seg *bSeg, k0, k1, nT int, wide, quadsFit, fma bool) (rowPairs, quads, triples bool) {
	for nt := 0; nt < nT; nt++ {
		pbk := seg.panelAt(nt, k0)
		if wide && nt+1 < nT {
			// A unit's two tiles are adjacent in cs.
			pbk1 := seg.panelAt(nt+1, k0)
			pair := func(j int) *[2 * vM * vN]float32 {
				return (*[2 * vM * vN]float32)(unsafe.Pointer(&cs[j*nT+nt]))
			}
			j := 0
			for quadsFit && j+1 < len(batch) {
				u0, u1 := &batch[j], &batch[j+1]
				if u2 := j + 2; u2 < len(batch) && u0.run != 0 && u0.run == u1.run && u0.run == batch[u2].run {
					// Three units whose rows are evenly spaced floats: 24
					// accumulators on each pair of panel rows.
					o2 := &batch[u2].offs
					switch {
					case u0.run == 4 && fma:
						kern12x16x2rf(&a[0], &u0.offs, &u1.offs, o2, &raB[k0], pbk, pbk1, pair(j), pair(j+1), pair(u2), k1-k0)
					case u0.run == 4:
						kern12x16x2r(&a[0], &u0.offs, &u1.offs, o2, &raB[k0], pbk, pbk1, pair(j), pair(j+1), pair(u2), k1-k0)
					case fma:
						kern12x16x2r2f(&a[0], &u0.offs, &u1.offs, o2, &raB[k0], pbk, pbk1, pair(j), pair(j+1), pair(u2), k1-k0)
					default:
						kern12x16x2r2(&a[0], &u0.offs, &u1.offs, o2, &raB[k0], pbk, pbk1, pair(j), pair(j+1), pair(u2), k1-k0)
					}
					triples = true
					j += 3
					continue
				}
				j += 2
				if u0.direct != u1.direct {
					u0.pairBlock(a, raB, k0, k1, pbk, pbk1, pair(j-2), fma)
					u1.pairBlock(a, raB, k0, k1, pbk, pbk1, pair(j-1), fma)
					continue
				}
				u0.quadBlock(u1, a, raB, k0, k1, pbk, pbk1, pair(j-2), pair(j-1), fma)
				quads = true
			}
			for ; j < len(batch); j++ {
				batch[j].pairBlock(a, raB, k0, k1, pbk, pbk1, pair(j), fma)
			}
			nt++
			continue
		}
		j := 0
		for ; wide && j+1 < len(batch); j += 2 {
			u0, u1 := &batch[j], &batch[j+1]
			if u0.direct != u1.direct {
				u0.block(a, raB, k0, k1, pbk, &cs[j*nT+nt], fma)
				u1.block(a, raB, k0, k1, pbk, &cs[(j+1)*nT+nt], fma)
				continue
			}
			u0.rowPairBlock(u1, a, raB, k0, k1, pbk, &cs[j*nT+nt], &cs[(j+1)*nT+nt], fma)
			rowPairs = true
		}
		for ; j < len(batch); j++ {
			batch[j].block(a, raB, k0, k1, pbk, &cs[j*nT+nt], fma)
		}
	}
	return rowPairs, quads, triples
}

// unitTile is one unit of vecGEMM's batch: a row tile of one group.
type unitTile struct {
	i0, mr int
	direct bool // reads the first factor in place (offs), else panel
	// run: direct, and the rows are consecutive floats (4: offs[i] =
	// offs[0] + 4i) or every other float (8): three units of one step
	// run at once (kern12x16x2r, kern12x16x2r2); 0 otherwise.
	run   int
	offs  [vM]int
	panel []float32
}

// block runs reduction points [k0, k1) of the tile into c, whose column
// panel block is pb: kern4x16 or its in-place (kern4x16r) or fused (…f)
// forms. The calls are direct: through a func value the compiler cannot
// see //go:noescape, and the tiles would move to the heap.
func (ut *unitTile) block(a []float32, raB []int, k0, k1 int, pb *float32, c *[vM * vN]float32, fma bool) {
	switch {
	case ut.direct && fma:
		kern4x16rf(&a[0], &ut.offs, &raB[k0], pb, c, k1-k0)
	case ut.direct:
		kern4x16r(&a[0], &ut.offs, &raB[k0], pb, c, k1-k0)
	case fma:
		kern4x16f(&ut.panel[k0*vM], pb, c, k1-k0)
	default:
		kern4x16(&ut.panel[k0*vM], pb, c, k1-k0)
	}
}

// rowPairBlock is block for this unit and u (both in place or both
// packed) on one n tile at once (AVX-512): ut's rows into c0, u's into c1.
func (ut *unitTile) rowPairBlock(u *unitTile, a []float32, raB []int, k0, k1 int, pb *float32, c0, c1 *[vM * vN]float32, fma bool) {
	switch {
	case ut.direct && fma:
		kern8x16rf(&a[0], &ut.offs, &u.offs, &raB[k0], pb, c0, c1, k1-k0)
	case ut.direct:
		kern8x16r(&a[0], &ut.offs, &u.offs, &raB[k0], pb, c0, c1, k1-k0)
	case fma:
		kern8x16f(&ut.panel[k0*vM], &u.panel[k0*vM], pb, c0, c1, k1-k0)
	default:
		kern8x16(&ut.panel[k0*vM], &u.panel[k0*vM], pb, c0, c1, k1-k0)
	}
}

// quadBlock is pairBlock for this unit and u (both in place or both
// packed) at once (AVX-512): ut's two tiles into c0, u's into c1.
func (ut *unitTile) quadBlock(u *unitTile, a []float32, raB []int, k0, k1 int, pb0, pb1 *float32, c0, c1 *[2 * vM * vN]float32, fma bool) {
	switch {
	case ut.direct && fma:
		kern8x16x2rf(&a[0], &ut.offs, &u.offs, &raB[k0], pb0, pb1, c0, c1, k1-k0)
	case ut.direct:
		kern8x16x2r(&a[0], &ut.offs, &u.offs, &raB[k0], pb0, pb1, c0, c1, k1-k0)
	case fma:
		kern8x16x2f(&ut.panel[k0*vM], &u.panel[k0*vM], pb0, pb1, c0, c1, k1-k0)
	default:
		kern8x16x2(&ut.panel[k0*vM], &u.panel[k0*vM], pb0, pb1, c0, c1, k1-k0)
	}
}

// pairBlock is block for two adjacent n tiles at once (AVX-512), their
// panel blocks pb0 and pb1, c the two tiles.
func (ut *unitTile) pairBlock(a []float32, raB []int, k0, k1 int, pb0, pb1 *float32, c *[2 * vM * vN]float32, fma bool) {
	switch {
	case ut.direct && fma:
		kern4x16x2rf(&a[0], &ut.offs, &raB[k0], pb0, pb1, c, k1-k0)
	case ut.direct:
		kern4x16x2r(&a[0], &ut.offs, &raB[k0], pb0, pb1, c, k1-k0)
	case fma:
		kern4x16x2f(&ut.panel[k0*vM], pb0, pb1, c, k1-k0)
	default:
		kern4x16x2(&ut.panel[k0*vM], pb0, pb1, c, k1-k0)
	}
}

// scatterStrided stores src[j] at out[q+j*stride]. A tile's row of a
// data gradient goes to 16 channels HW elements apart: indexed stores,
// each with its own bounds check and multiply, were a quarter of a 1x1
// strided data gradient's time. Here the two ends are checked (the
// elements between lie between them) and an offset steps by the stride
// (only in-range addresses are ever formed).
//
// Stride 1 is a copy; stride 2 (a stride-2 phase's rows) with AVX-512
// is spread into even lanes and stored masked (storeEven16x4), 16
// elements in two stores.
func scatterStrided(out []float32, q, stride int, src []float32) {
	if len(src) == 0 {
		return
	}
	if stride == 1 {
		copy(out[q:q+len(src)], src)
		return
	}
	_, _ = out[q], out[q+(len(src)-1)*stride]
	if stride == 2 && len(src) <= 16 && cap(src) >= 16 && haveAVX512 && useAVX512 {
		storeEven16x4(&out[q], 0, &src[:16][0], evenMasks[len(src)], 1)
		return
	}
	p, off, step := unsafe.Pointer(&out[q]), 0, stride*4
	for _, x := range src {
		*(*float32)(unsafe.Add(p, off)) = x
		off += step
	}
}

// evenMasks[n] is storeEven16x4's mask for the first n elements: bits 0,
// 2, ..., 2(n-1).
var evenMasks = func() (m [17]uint32) {
	for n := 1; n <= 16; n++ {
		m[n] = m[n-1] | 1<<(2*(n-1))
	}
	return m
}()

// gatherStrided loads dst[j] from out[q+j*stride] (scatterStrided's
// inverse, with the same checks).
func gatherStrided(dst, out []float32, q, stride int) {
	if len(dst) == 0 {
		return
	}
	if stride == 1 {
		copy(dst, out[q:q+len(dst)])
		return
	}
	_, _ = out[q], out[q+(len(dst)-1)*stride]
	p, off, step := unsafe.Pointer(&out[q]), 0, stride*4
	for j := range dst {
		dst[j] = *(*float32)(unsafe.Add(p, off))
		off += step
	}
}

// A generic whose body only yields one of its inputs (a transpose, the
// weight flip of a convolution's data gradient, a broadcast) is a
// strided copy: it runs as a typed loop nest over the same offsets, in
// the interpreter's element order, without evaluating the body. (Values
// move as raw bits; the interpreter's float round trip could only differ
// in a signalling NaN's quiet bit.)
type copyGeneric struct{ in int }

func matchCopy(k *kernel) *copyGeneric {
	if !fastContractions.Load() || len(k.ops) != k.nIn+1 || len(k.prog.code) != 0 || len(k.prog.yield) != 1 {
		return nil
	}
	y := k.prog.yield[0]
	for i := 0; i < k.nIn; i++ {
		// i1 is excluded: the interpreter normalises its bytes to 0/1.
		if k.ops[i].reg == y && y.idx >= 0 && k.ops[i].acc.kind == k.ops[k.nIn].acc.kind && k.ops[i].acc.kind != kI1 {
			return &copyGeneric{in: i}
		}
	}
	return nil
}

func (c *copyGeneric) run(k *kernel) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = ir.OpErrorf(k.op, "cpu: %v", r)
		}
	}()
	fastRuns.Add(1)
	src, dst := &k.ops[c.in], &k.ops[k.nIn]
	switch src.acc.kind.size() {
	case 1:
		copyNest(typed[uint8](dst.mem), typed[uint8](src.mem), k.ext, dst.coef, src.coef, dst.base, src.base)
	case 2:
		copyNest(typed[uint16](dst.mem), typed[uint16](src.mem), k.ext, dst.coef, src.coef, dst.base, src.base)
	case 4:
		if !overlaps(dst.mem, src.mem) {
			if ext, cd, cs, ok := transposeDims(k.ext, dst.coef, src.coef); ok {
				transposedCopies.Add(1)
				copyTransposed(typed[uint32](dst.mem), typed[uint32](src.mem), ext, cd, cs, dst.base, src.base)
				return nil
			}
		}
		copyNest(typed[uint32](dst.mem), typed[uint32](src.mem), k.ext, dst.coef, src.coef, dst.base, src.base)
	default:
		copyNest(typed[uint64](dst.mem), typed[uint64](src.mem), k.ext, dst.coef, src.coef, dst.base, src.base)
	}
	return nil
}

func copyNest[E any](dst, src []E, ext, cd, cs []int64, od, os int64) {
	if len(ext) == 1 {
		copyRun(dst, src, ext[0], cd[0], cs[0], od, os)
		return
	}
	for i := int64(0); i < ext[0]; i++ {
		copyNest(dst, src, ext[1:], cd[1:], cs[1:], od, os)
		od += cd[0]
		os += cs[0]
	}
}

// copyRun copies n elements, dst[od + i·sd] = src[os + i·ss]. It is the
// innermost loop of every strided copy (a transpose's gather, a
// scatter's strided writes), so it runs on unchecked pointers, four
// elements per iteration: about twice as fast as the checked loop on a
// transpose. The elements of a run lie between its two ends, so the
// checked accesses of both ends, in both slices, prove every address.
func copyRun[E any](dst, src []E, n, sd, ss, od, os int64) {
	if n <= 0 {
		return
	}
	_, _ = dst[od], dst[od+(n-1)*sd]
	_, _ = src[os], src[os+(n-1)*ss]
	var z E
	es := int64(unsafe.Sizeof(z))
	pd, ps := unsafe.Pointer(&dst[od]), unsafe.Pointer(&src[os])
	bd, bs := int(sd*es), int(ss*es)
	// Addresses are formed from the run's start for each element, so
	// no pointer ever points outside the slices.
	i := 0
	for ; i+4 <= int(n); i += 4 {
		s, d := i*bs, i*bd
		v0 := *(*E)(unsafe.Add(ps, s))
		v1 := *(*E)(unsafe.Add(ps, s+bs))
		v2 := *(*E)(unsafe.Add(ps, s+2*bs))
		v3 := *(*E)(unsafe.Add(ps, s+3*bs))
		*(*E)(unsafe.Add(pd, d)) = v0
		*(*E)(unsafe.Add(pd, d+bd)) = v1
		*(*E)(unsafe.Add(pd, d+2*bd)) = v2
		*(*E)(unsafe.Add(pd, d+3*bd)) = v3
	}
	for ; i < int(n); i++ {
		*(*E)(unsafe.Add(pd, i*bd)) = *(*E)(unsafe.Add(ps, i*bs))
	}
}
