package lowering

import (
	"math"
	"slices"

	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
	"github.com/torchlower/torchlower/torch"
)

// index_put with indices known at compile time. torch.export writes the
// backward of nearest upsampling (and of every other gather by computed
// positions) as index_put(zeros, [None, None, h[:, None], w], grad,
// accumulate=True), its index tensors computed from constants by
// arange, mul, _to_copy and unsqueeze. The scatter generic (scatter in
// datamovement_scatter.go) asks every one of the K index positions for
// every destination element: a 2x upsampling's backward of [2, 8, 8, 8]
// is 262,144 compares, one of 128x128 planes 17 G, where PyTorch adds
// each of the K values once.
//
// When every index tensor evaluates at compile time (evalConstTensor), the
// map from index positions to destination elements is inverted instead:
// for each destination position along the indexed dims, the index
// positions that name it, in increasing order (a table [indexed dims...,
// C], C the most any position receives, -1 padding the shorter lists).
// The lowering is then a gather: one linalg.generic over the
// destination's dims and a reduction over the table's C columns, which
// reads vals at each listed position (tensor.extract) and adds it to the
// destination's element (accumulate; without it, the last position
// alone is written). The additions run in increasing index position from
// the destination's value, the order of PyTorch's serial CPU kernel, so
// the sums are its bits. Out-of-range indices are a compile-time error.

// maxConstIndexElems bounds the index tensors and tables evaluated at
// compile time; bigger ones keep the scatter generic.
const maxConstIndexElems = 1 << 22

// constTensor is a tensor whose values are known at compile time:
// row-major, each held as a float64 (integers exactly, |v| < 2^53),
// rounded to elem as each op produced it.
type constTensor struct {
	shape []int64
	vals  []float64
	elem  ir.Type
}

// evalConstTensor returns the values of v when v is computed from
// torch constants by ops this evaluator knows (those that build index
// tensors: arange, scalar arithmetic, abs, neg, floor, clamp, dtype
// conversion, reshapes), with static shapes and at most
// maxConstIndexElems elements; ok is false otherwise.
func evalConstTensor(v *ir.Value) (constTensor, bool) {
	return constEvaluator{}.eval(v, 0)
}

// dmConstIndices evaluates a's index tensors (operands of lst) at
// compile time; ok is false when one of them is not computed from
// constants.
func dmConstIndices(a *dmAdvIndex, lst *ir.Operation) (idx []constTensor, ok bool) {
	idx = make([]constTensor, len(a.at))
	ev := constEvaluator{} // the index tensors often share their arange
	for j, at := range a.at {
		if idx[j], ok = ev.eval(lst.Operand(at), 0); !ok {
			return nil, false
		}
	}
	return idx, true
}

// constEvaluator remembers each value it evaluated (and each it could
// not): a value several ops read is evaluated once, so a graph of shared
// values costs its size, not its number of paths.
type constEvaluator map[*ir.Value]*constTensor

func (ev constEvaluator) eval(v *ir.Value, depth int) (constTensor, bool) {
	if c, seen := ev[v]; seen {
		if c == nil {
			return constTensor{}, false
		}
		return *c, true
	}
	c, ok := ev.evalOp(v, depth)
	if ok {
		ev[v] = &c
	} else {
		ev[v] = nil
	}
	return c, ok
}

func (ev constEvaluator) evalOp(v *ir.Value, depth int) (c constTensor, ok bool) {
	op := v.DefiningOp()
	vt, isT := v.Type().(torch.VTensorType)
	if op == nil || !isT || depth > 64 {
		return c, false
	}
	bt, static := vt.ToBuiltinTensor()
	if !static || ir.NumElements(bt.Shape) > maxConstIndexElems {
		return c, false
	}
	out := constTensor{shape: bt.Shape, vals: make([]float64, ir.NumElements(bt.Shape)), elem: bt.Elem}
	arg := func(i int) (constTensor, bool) { return ev.eval(op.Operand(i), depth+1) }
	// each sets out's values from x's, elementwise.
	each := func(x constTensor, f func(float64) float64) bool {
		if len(x.vals) != len(out.vals) {
			return false
		}
		for i, a := range x.vals {
			out.vals[i] = f(a)
		}
		return true
	}
	// with sets out's values from x's and y's, broadcast to out's shape.
	with := func(x, y constTensor, f func(a, b float64) float64) bool {
		xs, ys := broadcastConst(x, out.shape), broadcastConst(y, out.shape)
		if xs == nil || ys == nil {
			return false
		}
		for i := range out.vals {
			out.vals[i] = f(xs[i], ys[i])
		}
		return true
	}
	done := false
	switch op.Name {
	case torch.NumToTensorOp:
		s, isNum := constNumber(op.Operand(0))
		if isNum && len(out.vals) == 1 {
			out.vals[0], done = s, true
		}
	case torch.AtenArange, torch.AtenArangeStart, torch.AtenArangeStartStep:
		start, step := 0.0, 1.0
		end, okS := constNumber(op.Operand(0))
		switch op.Name {
		case torch.AtenArangeStart:
			var ok2 bool
			start, okS = constNumber(op.Operand(0))
			end, ok2 = constNumber(op.Operand(1))
			okS = okS && ok2
		case torch.AtenArangeStartStep:
			var ok2, ok3 bool
			start, okS = constNumber(op.Operand(0))
			end, ok2 = constNumber(op.Operand(1))
			step, ok3 = constNumber(op.Operand(2))
			okS = okS && ok2 && ok3 && step != 0
		}
		// The declared size must be arange's: ceil((end - start) / step).
		if okS && len(out.shape) == 1 && out.shape[0] == int64(math.Max(0, math.Ceil((end-start)/step))) {
			for i := range out.vals {
				out.vals[i] = start + float64(i)*step
			}
			done = true
		}
	case torch.AtenAddScalar, torch.AtenSubScalar, torch.AtenMulScalar, torch.AtenDivScalar:
		x, okX := arg(0)
		s, okN := constNumber(op.Operand(1))
		alpha := 1.0
		if op.NumOperands() > 2 {
			a, okA := constNumber(op.Operand(2))
			okN = okN && okA
			alpha = a
		}
		if okX && okN {
			s = roundConst(s, out.elem) // PyTorch computes in the tensor's type
			switch op.Name {
			case torch.AtenAddScalar:
				done = each(x, func(a float64) float64 { return a + alpha*s })
			case torch.AtenSubScalar:
				done = each(x, func(a float64) float64 { return a - alpha*s })
			case torch.AtenMulScalar:
				done = each(x, func(a float64) float64 { return a * s })
			default:
				done = each(x, func(a float64) float64 { return a / s })
			}
		}
	case torch.AtenAddTensor, torch.AtenSubTensor, torch.AtenMulTensor:
		x, okX := arg(0)
		y, okY := arg(1)
		alpha := 1.0
		okA := true
		if op.NumOperands() > 2 {
			alpha, okA = constNumber(op.Operand(2))
		}
		if okX && okY && okA {
			switch op.Name {
			case torch.AtenAddTensor:
				done = with(x, y, func(a, b float64) float64 { return a + alpha*b })
			case torch.AtenSubTensor:
				done = with(x, y, func(a, b float64) float64 { return a - alpha*b })
			default:
				done = with(x, y, func(a, b float64) float64 { return a * b })
			}
		}
	case torch.AtenAbs, torch.AtenNeg, torch.AtenFloor:
		if x, okX := arg(0); okX {
			f := math.Abs
			switch op.Name {
			case torch.AtenNeg:
				f = func(a float64) float64 { return -a }
			case torch.AtenFloor:
				f = math.Floor
			}
			done = each(x, f)
		}
	case torch.AtenClamp, torch.AtenClampMin, torch.AtenClampMax:
		x, okX := arg(0)
		lo, hi := math.Inf(-1), math.Inf(1)
		okB := true
		bound := func(i int, dst *float64) {
			if i >= op.NumOperands() || isNoneValue(op.Operand(i)) {
				return
			}
			b, isNum := constNumber(op.Operand(i))
			okB = okB && isNum
			*dst = b
		}
		switch op.Name {
		case torch.AtenClamp:
			bound(1, &lo)
			bound(2, &hi)
		case torch.AtenClampMin:
			bound(1, &lo)
		default:
			bound(1, &hi)
		}
		if okX && okB {
			done = each(x, func(a float64) float64 { return math.Min(math.Max(a, lo), hi) })
		}
	case torch.Aten_ToCopy, torch.AtenUnsqueeze, torch.AtenView, torch.AtenReshape, torch.Aten_UnsafeView, torch.AtenAlias:
		// A dtype conversion (truncating toward zero into integers, as
		// PyTorch's casts do) or the same values in another shape.
		if x, okX := arg(0); okX {
			conv := func(a float64) float64 { return a }
			if ir.IsIntOrIndex(out.elem) {
				conv = math.Trunc
			}
			done = each(x, conv)
		}
	}
	if !done {
		return c, false
	}
	for i, a := range out.vals {
		out.vals[i] = roundConst(a, out.elem)
		if math.IsNaN(out.vals[i]) || math.IsInf(out.vals[i], 0) && ir.IsIntOrIndex(out.elem) {
			return c, false
		}
	}
	return out, true
}

// constNumber is the value of a torch.constant.int or .float.
func constNumber(v *ir.Value) (float64, bool) {
	if i, ok := constInt(v); ok {
		return float64(i), true
	}
	return constFloat(v)
}

// roundConst rounds v to elem: a float type's precision, or an integer
// type's range (values outside it make the evaluation fail: NaN).
func roundConst(v float64, elem ir.Type) float64 {
	switch t := elem.(type) {
	case ir.FloatType:
		return ir.RoundToFloatType(v, t.Kind)
	case ir.IntegerType:
		if t.Width == 1 {
			if v != 0 {
				return 1
			}
			return 0
		}
		if v != math.Trunc(v) || math.Abs(v) >= 1<<53 {
			return math.NaN()
		}
		return v
	}
	return math.NaN()
}

// broadcastConst returns x's values broadcast to shape (NumPy's rule),
// nil when x does not broadcast to it.
func broadcastConst(x constTensor, shape []int64) []float64 {
	if len(x.shape) > len(shape) {
		return nil
	}
	lead := len(shape) - len(x.shape)
	strides := make([]int64, len(shape))
	st := int64(1)
	for d := len(x.shape) - 1; d >= 0; d-- {
		switch x.shape[d] {
		case shape[lead+d]:
			strides[lead+d] = st
		case 1:
		default:
			return nil
		}
		st *= x.shape[d]
	}
	out := make([]float64, ir.NumElements(shape))
	pos := make([]int64, len(shape))
	for i := range out {
		off := int64(0)
		for d, p := range pos {
			off += p * strides[d]
		}
		out[i] = x.vals[off]
		for d := len(pos) - 1; d >= 0; d-- {
			if pos[d]++; pos[d] < shape[d] {
				break
			}
			pos[d] = 0
		}
	}
	return out
}

// constScatterTable inverts index_put's constant index tensors idx (one
// per indexed dim, each broadcast to a.bshape): for each position of the
// indexed dims (row-major over self's sizes there), the index positions k
// that name it, ascending, padded with -1 to the longest list (accumulate),
// or the last such k alone. It returns the table's values and its column
// count (nil when the table would exceed maxConstIndexElems); an index
// out of range is an error naming it.
func constScatterTable(r dmReader, a *dmAdvIndex, idx []constTensor, accumulate bool) ([]int64, int64, error) {
	k := a.k()
	flat := make([][]float64, len(idx))
	for j, t := range idx {
		if flat[j] = broadcastConst(t, a.bshape); flat[j] == nil {
			return nil, 0, r.errorf("index tensor %d of shape %s does not broadcast to %s", j, dmShapeString(t.shape), dmShapeString(a.bshape))
		}
	}
	positions := int64(1)
	for _, d := range a.dims {
		positions *= a.self[d]
	}
	lists := make([][]int64, positions)
	for p := range k {
		pos := int64(0)
		for j, d := range a.dims {
			n := a.self[d]
			i := int64(flat[j][p])
			if a.wrap && i < 0 {
				i += n
			}
			if i < 0 || i >= n {
				return nil, 0, r.errorf("index %d is out of bounds for dimension %d with size %d", int64(flat[j][p]), d, n)
			}
			pos = pos*n + i
		}
		lists[pos] = append(lists[pos], p)
	}
	if positions > maxConstIndexElems {
		return nil, 0, nil
	}
	cols := int64(1)
	if accumulate {
		cols = 0
		for _, l := range lists {
			cols = max(cols, int64(len(l)))
		}
	}
	if positions*cols > maxConstIndexElems {
		return nil, 0, nil
	}
	table := slices.Repeat([]int64{-1}, int(positions*cols))
	for p, l := range lists {
		if !accumulate && len(l) > 0 {
			l = l[len(l)-1:]
		}
		copy(table[int64(p)*cols:], l)
	}
	return table, cols, nil
}

// gatherScatter is index_put by an inverted table (constScatterTable, of
// cols columns): out starts as dest, and each of its elements takes, in
// the table's order, the value of vals (a.flatShape()) at each listed
// index position: added (accumulate) or written.
func (e dmEmitter) gatherScatter(dest *ir.Value, a *dmAdvIndex, table []int64, cols int64, vals *ir.Value, accumulate bool) (*ir.Value, error) {
	t := tensorType(dest)
	tshape := make([]int64, 0, len(a.dims)+1)
	for _, d := range a.dims {
		tshape = append(tshape, a.self[d])
	}
	tshape = append(tshape, cols)
	attr, err := ir.NewDenseInts(ir.Tensor(ir.I64, tshape...), table)
	if err != nil {
		return nil, err
	}
	tbl := arith.Constant(e.b, e.loc, attr)
	var l loopNest
	loops := l.addN(linalg.Parallel, t.Rank())
	c := l.add(linalg.Reduction)
	tex := make([]affine.Expr, 0, len(tshape))
	for _, d := range a.dims {
		tex = append(tex, loops[d])
	}
	tex = append(tex, c)
	maps := []affine.Map{l.mapOf(tex), l.mapOf(loops)}
	return linalg.NewGeneric(e.b, e.loc, []*ir.Value{tbl}, []*ir.Value{dest}, maps, l.iters, []ir.Type{t},
		func(b *ir.Builder, args []*ir.Value) []*ir.Value {
			kk, acc := args[0], args[1]
			zero := arith.ConstantInt(b, e.loc, 0, ir.I64)
			none := arith.NewCmpI(b, e.loc, "slt", kk, zero)
			safe := arith.Cast(b, e.loc, arith.IndexCast, arith.NewSelect(b, e.loc, none, zero, kk), ir.Index)
			// vals' coordinates: the rest dims in order, the index
			// position at q.
			var coords []*ir.Value
			for i, d := range a.rest {
				if i == a.q {
					coords = append(coords, safe)
				}
				coords = append(coords, linalg.NewIndex(b, e.loc, d))
			}
			if a.q == len(a.rest) {
				coords = append(coords, safe)
			}
			x := e.extract(b, vals, coords)
			nv := x
			if accumulate {
				nv = dmAdd(b, e.loc, acc, x)
			}
			return []*ir.Value{arith.NewSelect(b, e.loc, none, acc, nv)}
		}).Result(0), nil
}
