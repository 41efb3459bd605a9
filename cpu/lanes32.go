package cpu

import (
	"sync/atomic"

	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/plan"
)

// Float32 lanes. An elementwise body whose values are all f32 (and the
// i1 of its comparisons) — a bias add, a batch norm's apply and its
// input gradient, ReLU and its gradient as core ATen writes them (cmpf
// and select) — runs its lanes in float32 registers instead of the
// float64 ones of vector.go: 16 lanes an AVX-512 instruction instead of
// 8, half the bytes a register, and an operand contiguous in memory is
// not loaded at all: its register is the memory itself. In a training
// step's batch norms and ReLUs that was most of the elementwise time.
//
// Each lane still computes the interpreter's bits. Its f32 add, sub,
// mul and div compute the float64 operation of the two float32 values
// and round it to float32; float64 holds more than twice float32's
// precision plus two bits, so that double rounding is innocuous and
// equals the float32 operation's one rounding, which the float32 lanes
// do. max and min, negation, comparisons and select are exact in either
// width. A NaN is a NaN either way (which of two NaN operands' payloads
// a result keeps may differ, as between the float64 lanes and the
// interpreter). A body with anything else (another type, a fused
// multiply-add, math functions, loop indices, gathers) keeps the
// float64 lanes.

// lane32Code is a body compiled for float32 lanes: registers are float32
// (values) or int32 masks (comparisons: -1 true, 0 false).
type lane32Code struct {
	nF, nM int
	consts []const32
	code   []func(fr *frame32, n int)
	// args is each block argument's register (-1: not read), yield each
	// output's.
	args, yield []int
}

type const32 struct {
	reg int
	v   float32
}

// frame32 is a worker's float32 registers. g[r] is what register r
// holds for the block: its own storage own[r], or for a block argument
// read contiguously, the operand's memory itself (code never writes an
// argument's register).
type frame32 struct {
	g, own [][]float32
	m      [][]int32
	fslab  []float32
	mslab  []int32
}

// compileLanes32 compiles body for float32 lanes; nil when it has another
// form (vector.go's lanes then run it). With stop set (a fold's last
// step, foldParts), the code ends before it and yields x.
func compileLanes32(body *ir.Block, stop *ir.Operation, x *ir.Value) *lane32Code {
	lc := &lane32Code{}
	regs := map[*ir.Value]int{}
	masks := map[*ir.Value]int{}
	newReg := func() int { lc.nF++; return lc.nF - 1 }
	for _, a := range body.Args() {
		r := -1
		if a.HasUses() {
			if !isF32(a.Type()) {
				return nil
			}
			r = newReg()
			regs[a] = r
		}
		lc.args = append(lc.args, r)
	}
	// operand is v's register: a value of the body, or a constant.
	operand := func(v *ir.Value) (int, bool) {
		if r, ok := regs[v]; ok {
			return r, true
		}
		c, ok := plan.ScalarConstant(v).(ir.FloatAttr)
		if !ok || !isF32(v.Type()) {
			return 0, false
		}
		r := newReg()
		lc.consts = append(lc.consts, const32{r, float32(c.Value)})
		regs[v] = r
		return r, true
	}
	for o := body.First(); o != nil; o = o.Next() {
		if o == stop {
			r, ok := operand(x)
			if !ok {
				return nil
			}
			lc.yield = []int{r}
			return lc
		}
		if o.Name == "linalg.yield" {
			for _, v := range o.Operands() {
				r, ok := operand(v)
				if !ok {
					return nil
				}
				lc.yield = append(lc.yield, r)
			}
			return lc
		}
		if o.NumRegions() > 0 || o.NumResults() != 1 {
			return nil
		}
		res := o.Result(0)
		if o.Name == arith.ConstantOp {
			if _, ok := operand(res); !ok {
				return nil
			}
			continue
		}
		if _, _, _, _, fused := arith.FusedMultiplyAdd(o); fused || arith.FusedProduct(o) {
			return nil
		}
		var ins []int
		for i, v := range o.Operands() {
			if o.Name == arith.Select && i == 0 {
				continue
			}
			r, ok := operand(v)
			if !ok {
				return nil
			}
			ins = append(ins, r)
		}
		var code func(fr *frame32, n int)
		switch o.Name {
		case arith.CmpF:
			pa, ok := o.Attr("predicate").(ir.IntegerAttr)
			if !ok || pa.Value < 0 || int(pa.Value) >= len(arith.CmpFPredicates) || len(ins) != 2 {
				return nil
			}
			d := lc.nM
			lc.nM++
			masks[res] = d
			lc.code = append(lc.code, cmp32(ins[0], ins[1], d, arith.CmpFPredicates[pa.Value], cmpFFunc(pa.Value)))
			continue
		case arith.Select:
			c, ok := masks[o.Operand(0)]
			if !ok || len(ins) != 2 || !isF32(res.Type()) {
				return nil
			}
			d := newReg()
			code = select32(c, ins[0], ins[1], d)
			regs[res] = d
		default:
			if !isF32(res.Type()) {
				return nil
			}
			d := newReg()
			switch {
			case o.Name == "arith.negf" && len(ins) == 1:
				code = neg32(ins[0], d)
			case len(ins) == 2:
				if code = bin32(o.Name, ins[0], ins[1], d); code == nil {
					return nil
				}
			default:
				return nil
			}
			regs[res] = d
		}
		lc.code = append(lc.code, code)
	}
	return nil
}

func isF32(t ir.Type) bool {
	ft, ok := t.(ir.FloatType)
	return ok && ft.Kind == ir.F32
}

// useLanes32 switches float32 lanes (tests compare with the float64
// ones); lanes32Runs counts the steps they ran.
var (
	useLanes32  = true
	lanes32Runs atomic.Int64
)

// lanes32Fit reports whether k's operands suit float32 lanes: every one
// whose element a lane reads or writes is f32 memory.
func lanes32Fit(k *kernel, lc *lane32Code) bool {
	for o := range k.ops {
		read := o < len(lc.args) && lc.args[o] >= 0
		if (read || o >= k.nIn) && k.ops[o].acc.kind != kF32 {
			return false
		}
	}
	return true
}

// binary32 are the binary float ops of float32 lanes: the AVX-512
// kernel and the Go op of each.
var binary32 = map[string]struct {
	asm func(d, a, b *float32, n int) int
	op  func(x, y float32) float32
}{
	"arith.addf":     {lane32Add, func(x, y float32) float32 { return x + y }},
	"arith.subf":     {lane32Sub, func(x, y float32) float32 { return x - y }},
	"arith.mulf":     {lane32Mul, func(x, y float32) float32 { return x * y }},
	"arith.divf":     {lane32Div, func(x, y float32) float32 { return x / y }},
	"arith.maxf":     {lane32Max, func(x, y float32) float32 { return max(x, y) }},
	"arith.maximumf": {lane32Max, func(x, y float32) float32 { return max(x, y) }},
	"arith.minf":     {lane32Min, func(x, y float32) float32 { return min(x, y) }},
	"arith.minimumf": {lane32Min, func(x, y float32) float32 { return min(x, y) }},
}

// bin32 is a binary float op on float32 lanes; nil for another op.
func bin32(name string, a, b, d int) func(fr *frame32, n int) {
	ks, ok := binary32[name]
	if !ok {
		return nil
	}
	return func(fr *frame32, n int) {
		A, B, D := fr.g[a][:n], fr.g[b][:n], fr.g[d][:n]
		j := 0
		if laneKernels && n >= 16 {
			j = ks.asm(&D[0], &A[0], &B[0], n)
		}
		for ; j < n; j++ {
			D[j] = ks.op(A[j], B[j])
		}
	}
}

func neg32(a, d int) func(fr *frame32, n int) {
	return func(fr *frame32, n int) {
		A, D := fr.g[a][:n], fr.g[d][:n]
		for j := range D {
			D[j] = -A[j]
		}
	}
}

// cmp32 is cmpf with predicate pred (f: the interpreter's function).
func cmp32(a, b, d int, pred string, f func(x, y float64) bool) func(fr *frame32, n int) {
	k := lane32Cmp[pred]
	return func(fr *frame32, n int) {
		A, B, D := fr.g[a][:n], fr.g[b][:n], fr.m[d][:n]
		j := 0
		if k != nil && laneKernels && n >= 16 {
			j = k(&D[0], &A[0], &B[0], n)
		}
		for ; j < n; j++ {
			D[j] = int32(b2i(f(float64(A[j]), float64(B[j]))))
		}
	}
}

func select32(c, a, b, d int) func(fr *frame32, n int) {
	return func(fr *frame32, n int) {
		C, A, B, D := fr.m[c][:n], fr.g[a][:n], fr.g[b][:n], fr.g[d][:n]
		j := 0
		if laneKernels && n >= 16 {
			j = lane32Select(&D[0], &A[0], &B[0], &C[0], n)
		}
		for ; j < n; j++ {
			if C[j] != 0 {
				D[j] = A[j]
			} else {
				D[j] = B[j]
			}
		}
	}
}

// newFrame32 makes float32 registers for blocks of up to lanes elements,
// constants filled in.
func (k *kernel) newFrame32(lanes int) *frame32 {
	lc := k.vec.f32
	fr := &frame32{g: make([][]float32, lc.nF), own: make([][]float32, lc.nF), m: make([][]int32, lc.nM)}
	fr.fslab = takeSlab(k.store, &k.store.f32s, lc.nF*lanes)
	for r := range fr.own {
		fr.own[r] = fr.fslab[r*lanes : (r+1)*lanes : (r+1)*lanes]
		fr.g[r] = fr.own[r]
	}
	fr.mslab = takeSlab(k.store, &k.store.i32s, lc.nM*lanes)
	for r := range fr.m {
		fr.m[r] = fr.mslab[r*lanes : (r+1)*lanes : (r+1)*lanes]
	}
	for _, c := range lc.consts {
		fill32(fr.own[c.reg], c.v)
	}
	return fr
}

// runLanes32 is runLanes for float32 lanes: n lanes whose operand o
// starts at element fr.q[o] and steps by fr.st[o].
func (k *kernel) runLanes32(fr *vframe, n int64) {
	k.computeLanes32(fr, n)
	lc, f := k.vec.f32, fr.f32
	if k.vec.fold != nil {
		foldInto(k, f.g[lc.yield[0]][:n], fr.q[k.nIn])
		return
	}
	// The outputs are written after every lane's operands were read: an
	// output may be an input, element for element.
	for j, y := range lc.yield {
		o := k.nIn + j
		mem, c := typed[float32](k.ops[o].mem), fr.st[o]
		rows, cols, rs := fr.rowsOf(o, n)
		for r := range rows {
			q, src := fr.q[o]+r*rs, f.g[y][r*cols:(r+1)*cols]
			if c == 1 {
				copy(mem[q:q+cols], src)
				continue
			}
			for _, v := range src {
				mem[q] = v
				q += c
			}
		}
	}
}

// computeLanes32 loads the operands of n lanes (as runLanes32) and runs
// the body's code on them.
func (k *kernel) computeLanes32(fr *vframe, n int64) {
	lc, f := k.vec.f32, fr.f32
	for o, r := range lc.args {
		if r < 0 {
			continue
		}
		mem, c := typed[float32](k.ops[o].mem), fr.st[o]
		rows, cols, rs := fr.rowsOf(o, n)
		if q := fr.q[o]; rows == 1 && c == 1 && !k.vec.copyIn[o] {
			fr.forget(o)
			f.g[r] = mem[q : q+n : q+n]
			continue
		}
		if rows == 1 && c == 0 {
			if !fr.holdsBroadcast(o, fr.q[o], n) {
				fill32(f.own[r][:n], mem[fr.q[o]])
			}
			f.g[r] = f.own[r]
			continue
		}
		fr.forget(o)
		for row := range rows {
			q, dst := fr.q[o]+row*rs, f.own[r][row*cols:(row+1)*cols]
			switch c {
			case 1:
				copy(dst, mem[q:q+cols])
			case 0:
				fill32(dst, mem[q])
			default:
				for j := range dst {
					dst[j] = mem[q]
					q += c
				}
			}
		}
		f.g[r] = f.own[r]
	}
	for _, c := range lc.code {
		c(f, int(n))
	}
}

// fill32 sets every lane of s to v.
func fill32(s []float32, v float32) {
	if laneKernels && len(s) >= 16 {
		s = s[lane32Fill(&s[0], v, len(s)):]
	}
	for j := range s {
		s[j] = v
	}
}
