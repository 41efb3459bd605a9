package lowering

import (
	gomath "math"
	"slices"

	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/dialect/math"
	"github.com/torchlower/torchlower/dialect/tensor"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
	"github.com/torchlower/torchlower/torch"
)

// Scaled dot-product attention, forward and backward.
//
// Three ATen ops carry attention in exported programs:
//
//	aten::scaled_dot_product_attention(Tensor query, Tensor key, Tensor value,
//	    Tensor? attn_mask=None, float dropout_p=0.0, bool is_causal=False, *,
//	    float? scale=None, bool enable_gqa=False) -> Tensor
//	aten::_scaled_dot_product_flash_attention_for_cpu(Tensor query, Tensor key,
//	    Tensor value, float dropout_p=0.0, bool is_causal=False, *,
//	    Tensor? attn_mask=None, float? scale=None) -> (Tensor output, Tensor logsumexp)
//	aten::_scaled_dot_product_flash_attention_for_cpu_backward(Tensor grad_out,
//	    Tensor query, Tensor key, Tensor value, Tensor out, Tensor logsumexp,
//	    float dropout_p, bool is_causal, *, Tensor? attn_mask=None,
//	    float? scale=None) -> (Tensor grad_query, Tensor grad_key, Tensor grad_value)
//
// The first is what torch.export's training IR keeps; the second is what
// it dispatches to on the CPU; the third is what autograd records for the
// second, and the core ATen decompositions have no rule for it, so it
// stays in every joint graph of a model with F.scaled_dot_product_attention.
//
// All three lower to the math path's formula (ATen's
// _scaled_dot_product_attention_math), with the batch dims (every dim
// before the last two) as parallel loops:
//
//	logits = scale · q·kᵀ + bias    [.., L, S]  (bias: a float attn_mask
//	                                 added, a bool one −∞ where false, or
//	                                 −∞ above the diagonal when is_causal)
//	P      = softmax_S(logits)      (stable: max, then Σ exp(x − max))
//	out    = P·v                    [.., L, Ev]
//	lse    = max + log Σ exp(x − max)
//
// and the backward recomputes P from q and k and applies
//
//	dv = Pᵀ·dout,  dP = dout·vᵀ,  dlogits = P ⊙ (dP − Σ_S P ⊙ dP),
//	dq = scale · dlogits·k,  dk = scale · dlogitsᵀ·q.
//
// The backward reads neither `out` nor `logsumexp`. Recomputing costs one
// more q·kᵀ, and it keeps the result right whatever produced those
// operands: torch's decomposition of the forward CPU op (in
// torch/_decomp/decompositions.py) returns the attention probabilities,
// [N, H, L, S], as its second result, so in a joint graph whose forward
// was decomposed the backward's `logsumexp` operand is not a logsumexp at
// all. A row that every mask entry excludes has P = 0 (as the math path's
// _safe_softmax gives since PyTorch 2.5), so its output and gradients are
// 0, and its logsumexp is 0, as ATen's CPU flash kernel makes it (it reads
// such a row's max as 0 and its Σ as 1).
//
// f16/bf16 compute in f32 (logits, probabilities and every product
// accumulate in f32) and round each result once. dropout_p must be 0:
// attention dropout draws random numbers, which a compiled program cannot
// reproduce bit for bit. Grouped-query attention (enable_gqa, or a CPU
// flash op whose key and value have fewer heads than its query) reads key
// and value head h / G for query head h, G the query heads per key head,
// and sums a key or value gradient over its G query heads.

// attention is one checked attention op, ready to emit.
type attention struct {
	op      *ir.Operation
	checked []*ir.Value
	// q, k, v, the backward's grad_out (nil in a forward) and attn_mask
	// (nil when None).
	q, k, v, dout, mask *ir.Value
	maskBool            bool
	maskAt              func([]affine.Expr) []affine.Expr // the mask's indices from [batch.., L, S]
	causal              bool
	scale               float64
	batch               []int64 // the dims before the last two (query's)
	// group is the number of query heads per key/value head: 1, or more
	// for grouped-query attention (the head dim is the one before L).
	group       int64
	l, s, e, ev int64
	elem, acc   ir.Type // q's builtin element type and the accumulator's
	res         []ir.RankedTensorType
	need        []bool
	backward    bool
}

// prepareAttention lowers the three attention ops (see above).
func prepareAttention(op *ir.Operation) (emitFunc, error) {
	r, err := redReader(op)
	if err != nil {
		return nil, err
	}
	arg := func(name string) int { return slices.Index(r.names, name) }
	a := &attention{op: op, checked: op.Operands(), backward: op.Name == torch.Aten_ScaledDotProductFlashAttentionForCpuBackward}
	flash := op.Name != torch.AtenScaledDotProductAttention
	ts := map[int]torch.VTensorType{}
	idx := []int{arg("query"), arg("key"), arg("value")}
	if a.backward {
		idx = append(idx, arg("grad_out"))
	}
	for _, i := range idx {
		if ts[i], err = redFloatTensor(r, i); err != nil {
			return nil, err
		}
	}
	if err := redSameDtype(r, ts, idx...); err != nil {
		return nil, err
	}
	q, k, v := ts[idx[0]], ts[idx[1]], ts[idx[2]]
	a.q, a.k, a.v = op.Operand(idx[0]), op.Operand(idx[1]), op.Operand(idx[2])
	rank := len(q.Sizes)
	switch {
	case flash && rank != 4:
		return nil, r.errorf("'query' %v: q, k and v must be 4-D [N, H, L, E] tensors", q.Sizes)
	case rank < 2:
		return nil, r.errorf("'query' %v must have at least 2 dims [.., L, E]", q.Sizes)
	case len(k.Sizes) != rank || len(v.Sizes) != rank:
		return nil, r.errorf("'query' %v, 'key' %v and 'value' %v must have the same rank", q.Sizes, k.Sizes, v.Sizes)
	}
	a.batch = q.Sizes[:rank-2]
	a.l, a.e = q.Sizes[rank-2], q.Sizes[rank-1]
	a.s, a.ev = k.Sizes[rank-2], v.Sizes[rank-1]
	gqa := false
	if i := arg("enable_gqa"); i >= 0 {
		if gqa, err = r.bool(i); err != nil {
			return nil, err
		}
	}
	// The flash ops have no enable_gqa: torch's decomposition of the CPU
	// one passes enable_gqa = (query heads != key heads).
	if flash && k.Sizes[1] != q.Sizes[1] {
		gqa = true
	}
	a.group = 1
	if gqa && rank >= 3 && k.Sizes[rank-3] != q.Sizes[rank-3] {
		// Grouped-query attention: key and value have Hk heads, Hk dividing
		// the query's Hq; query head h reads key/value head h / (Hq/Hk)
		// (ATen's repeat_interleave of k and v).
		hq, hk := q.Sizes[rank-3], k.Sizes[rank-3]
		if hq <= 0 || hk <= 0 || hq%hk != 0 || v.Sizes[rank-3] != hk {
			return nil, r.errorf("grouped-query attention needs the query's heads (%d) to be a multiple of the key's (%d), and the value's (%d) to equal the key's",
				hq, hk, v.Sizes[rank-3])
		}
		a.group = hq / hk
	}
	kvBatch := slices.Clone(a.batch)
	if rank >= 3 {
		kvBatch[rank-3] /= a.group
	}
	if !slices.Equal(k.Sizes[:rank-2], kvBatch) || !slices.Equal(v.Sizes[:rank-2], kvBatch) {
		return nil, r.errorf("'query' %v, 'key' %v and 'value' %v must have the same batch dims", q.Sizes, k.Sizes, v.Sizes)
	}
	if k.Sizes[rank-1] != a.e || v.Sizes[rank-2] != a.s {
		return nil, r.errorf("'key' %v must be [.., S, E] and 'value' %v [.., S, Ev] for 'query' %v [.., L, E]", k.Sizes, v.Sizes, q.Sizes)
	}
	if flash && a.ev != a.e {
		return nil, r.errorf("q, k, v should have the same head size (got 'query' %v, 'value' %v)", q.Sizes, v.Sizes)
	}
	p, err := redNumber(r, arg("dropout_p"), 0, false)
	if err != nil {
		return nil, err
	}
	if p != 0 {
		return nil, r.errorf("dropout_p = %g: attention dropout draws random numbers, which the compiled program cannot reproduce; export with dropout_p = 0 (the model in eval mode, or its attention dropout set to 0)", p)
	}
	if a.causal, err = r.bool(arg("is_causal")); err != nil {
		return nil, err
	}
	a.scale = 1 / gomath.Sqrt(float64(a.e))
	if i := arg("scale"); !isNoneValue(op.Operand(i)) {
		if a.scale, err = redNumber(r, i, 0, false); err != nil {
			return nil, err
		}
	}
	if err := a.readMask(r, arg("attn_mask"), q.Dtype); err != nil {
		return nil, err
	}
	if a.backward {
		a.dout = op.Operand(arg("grad_out"))
		if want := append(slices.Clone(a.batch), a.l, a.ev); !slices.Equal(ts[arg("grad_out")].Sizes, want) {
			return nil, r.errorf("'grad_out' %v must have the output's shape %v", ts[arg("grad_out")].Sizes, want)
		}
		// Only their kinds are checked: neither is read (see above).
		for _, name := range []string{"out", "logsumexp"} {
			if _, err := redFloatTensor(r, arg(name)); err != nil {
				return nil, err
			}
		}
	}
	a.elem, a.acc = redBuiltin(q.Dtype), accumulatorType(redBuiltin(q.Dtype))
	shape := func(last ...int64) []int64 { return append(slices.Clone(a.batch), last...) }
	var shapes [][]int64
	var dtypes []ir.Type
	switch {
	case a.backward:
		shapes, dtypes = [][]int64{q.Sizes, k.Sizes, v.Sizes}, []ir.Type{q.Dtype, q.Dtype, q.Dtype}
	case flash:
		// The logsumexp is f32 (ATen's meta function); an f64 one is
		// accepted, as ATen's CPU kernel makes it for f64 inputs.
		lse := ir.Type(ir.F32T)
		if t, ok := op.Result(1).Type().(torch.VTensorType); ok && ir.TypeEqual(t.Dtype, ir.F64T) {
			lse = ir.F64T
		}
		shapes, dtypes = [][]int64{shape(a.l, a.ev), shape(a.l)}, []ir.Type{q.Dtype, lse}
	default:
		shapes, dtypes = [][]int64{shape(a.l, a.ev)}, []ir.Type{q.Dtype}
	}
	for i := range shapes {
		want, err := redResult(r, i, shapes[i], dtypes[i])
		if err != nil {
			return nil, err
		}
		a.res = append(a.res, want.(ir.RankedTensorType))
		a.need = append(a.need, op.Result(i).HasUses() || i == 0 && !flash)
	}
	return a.emit, nil
}

// readMask reads attn_mask (operand i): None, a bool mask (true = attend)
// or a float one added to the logits, broadcastable to [batch.., L, S]. As
// in PyTorch it may not be combined with is_causal, and a float mask must
// be f32 or have the query's dtype.
func (a *attention) readMask(r operandReader, i int, dtype ir.Type) error {
	if i < 0 || isNoneValue(r.op.Operand(i)) {
		return nil
	}
	t, ok := r.op.Operand(i).Type().(torch.VTensorType)
	if !ok || !t.HasSizes || t.Dtype == nil || !t.HasStaticShape() {
		return r.errorf("expected 'attn_mask' to be a !torch.vtensor with static sizes and a dtype, got '%s'", r.op.Operand(i).Type())
	}
	switch {
	case a.causal:
		return r.errorf("'attn_mask' should not be set when is_causal is true")
	case redIsBool(t.Dtype):
		a.maskBool = true
	case !ir.TypeEqual(t.Dtype, dtype) && !ir.TypeEqual(t.Dtype, ir.F32T):
		// PyTorch's validate_sdpa_input: bool, float or the query's dtype.
		return r.errorf("'attn_mask' has dtype %s; it must be bool, f32 or the query's dtype %s", t.Dtype, dtype)
	}
	full := append(slices.Clone(a.batch), a.l, a.s)
	at, err := redBroadcast(r, i, t.Sizes, full)
	if err != nil {
		return err
	}
	a.mask, a.maskAt = r.op.Operand(i), at
	return nil
}

func (a *attention) emit(b *ir.Builder) ([]*ir.Value, error) {
	rebindOperands(a.op, a.checked, &a.q, &a.k, &a.v, &a.dout, &a.mask)
	k := newAttnKernel(b, a)
	logits := k.logits()
	m, sum := k.rowStats(logits)
	probs := k.pointwise(k.full(a.l, a.s), a.acc, []redIn{{v: logits}, {v: m, reduced: true}, {v: sum, reduced: true}}, k.lastReduced(),
		func(b *ir.Builder, args []*ir.Value) *ir.Value {
			e := k.unary(b, math.Exp, arith.Sub(b, k.loc, args[0], k.safeMax(b, args[1])))
			// A row every mask entry excludes has Σ = 0: its P is 0, not 0/0.
			empty := arith.NewCmpF(b, k.loc, "oeq", args[2], k.constant(b, 0, a.acc))
			return arith.NewSelect(b, k.loc, empty, k.constant(b, 0, a.acc), arith.Div(b, k.loc, e, args[2]))
		})
	out := make([]*ir.Value, len(a.res))
	// Every result is over the query's heads but a key or value gradient.
	result := func(i int, v *ir.Value) {
		v = k.truncate(v, a.res[i].Elem)
		if !a.backward || i == 0 {
			v = k.queryHeads(v)
		}
		out[i] = k.cast(v, a.res[i])
	}
	// Operand layouts for product: ik/ki read [.., i, r] / [.., r, i].
	if !a.backward {
		if a.need[0] {
			result(0, k.product(probs, a.v, ik, rj.kv(), a.l, a.ev, false))
		}
		if len(a.res) > 1 && a.need[1] {
			lse := k.pointwise(k.full(a.l), a.acc, []redIn{{v: m}, {v: sum}}, nil, func(b *ir.Builder, args []*ir.Value) *ir.Value {
				// ATen's CPU kernel reads a row's Σ of 0 as 1: its logsumexp is 0.
				empty := arith.NewCmpF(b, k.loc, "oeq", args[1], k.constant(b, 0, a.acc))
				s := arith.NewSelect(b, k.loc, empty, k.constant(b, 1, a.acc), args[1])
				return arith.Add(b, k.loc, k.safeMax(b, args[0]), k.unary(b, math.Log, s))
			})
			out[1] = k.cast(k.queryHeads(k.convertTensor(lse, a.res[1].Elem)), a.res[1])
		}
		return out, nil
	}
	if a.need[2] {
		result(2, k.product(probs, k.dout, ki, rj, a.s, a.ev, true))
	}
	if !a.need[0] && !a.need[1] {
		return out, nil
	}
	dp := k.product(k.dout, a.v, ik, jk.kv(), a.l, a.s, false)
	rowDot := k.reduce(k.full(a.l, a.s), []redIn{{v: probs}, {v: dp}}, k.lastReduced(), false, k.constant(b, 0, a.acc),
		func(b *ir.Builder, args []*ir.Value) *ir.Value {
			return arith.Add(b, k.loc, args[2], arith.Mul(b, k.loc, args[0], args[1]))
		})
	dlogits := k.pointwise(k.full(a.l, a.s), a.acc, []redIn{{v: probs}, {v: dp}, {v: rowDot, reduced: true}}, k.lastReduced(),
		func(b *ir.Builder, args []*ir.Value) *ir.Value {
			d := arith.Mul(b, k.loc, args[0], arith.Sub(b, k.loc, args[1], args[2]))
			return arith.Mul(b, k.loc, d, k.constant(b, a.scale, a.acc))
		})
	if a.need[0] {
		result(0, k.product(dlogits, a.k, ik, rj.kv(), a.l, a.e, false))
	}
	if a.need[1] {
		result(1, k.product(dlogits, k.q, ki, rj, a.s, a.e, true))
	}
	return out, nil
}

// attnKernel builds the generics of one attention op. Its loops run over
// batch, the query's batch dims, with the head dim split in two for
// grouped-query attention: [.., Hk, G] for the query's Hq = Hk·G heads
// (query head hk·G + g reads key/value head hk). Query-side tensors (q,
// grad_out, and every intermediate over L) are viewed with that split
// (tensor.expand_shape) and their results merged back (queryHeads); the
// key/value tensors are read without the G loop. So every indexing map
// stays a projection, which linalg can invert and every backend runs.
type attnKernel struct {
	*redKernel
	a       *attention
	batch   []int64
	head    int // the Hk loop in batch, -1 without a group
	q, dout *ir.Value
}

func newAttnKernel(b *ir.Builder, a *attention) *attnKernel {
	k := &attnKernel{redKernel: newRedKernel(b, a.op.Loc), a: a, batch: slices.Clone(a.batch), head: -1, q: a.q, dout: a.dout}
	if a.group > 1 {
		k.head = len(a.batch) - 1
		hk := a.batch[k.head] / a.group
		k.batch = append(append(slices.Clone(a.batch[:k.head]), hk, a.group), a.batch[k.head+1:]...)
		split := func(v *ir.Value) *ir.Value {
			// Not expandDim: it leaves a split into [1, G] undone.
			t := tensorType(v)
			return tensor.NewExpandShape(b, k.loc, ir.Tensor(t.Elem, k.full(t.Shape[t.Rank()-2:]...)...), v, splitGroups(t.Rank(), k.head))
		}
		k.q = split(a.q)
		if a.dout != nil {
			k.dout = split(a.dout)
		}
	}
	return k
}

// queryHeads merges the split head dims [.., Hk, G, ..] of a query-side
// result back into the query's Hq.
func (k *attnKernel) queryHeads(v *ir.Value) *ir.Value {
	if k.head < 0 {
		return v
	}
	return tensor.NewCollapseShape(k.b, k.loc, nil, v, splitGroups(tensorType(v).Rank()-1, k.head))
}

// full is the shape [batch.., last..].
func (k *attnKernel) full(last ...int64) []int64 { return append(slices.Clone(k.batch), last...) }

// lastReduced is the reduction mask of [batch.., L, S] that reduces S.
func (k *attnKernel) lastReduced() []bool {
	m := make([]bool, len(k.batch)+2)
	m[len(m)-1] = true
	return m
}

// queryIndex maps loop indices over [batch.., L, S] to the indices of the
// query's unsplit [batch.., L, S] (head hk·G + g), for the mask.
func (k *attnKernel) queryIndex(idx []affine.Expr) []affine.Expr {
	if k.head < 0 {
		return idx
	}
	out := append([]affine.Expr(nil), idx[:k.head]...)
	out = append(out, affine.Add(affine.Mul(idx[k.head], affine.Const(k.a.group)), idx[k.head+1]))
	return append(out, idx[k.head+2:]...)
}

// logits builds scale·q·kᵀ plus the mask's bias, [batch.., L, S] in the
// accumulator type: the product, then one elementwise generic that scales
// and masks (reading the mask through its broadcast, and comparing the
// loop indices for is_causal).
func (k *attnKernel) logits() *ir.Value {
	a := k.a
	scores := k.product(k.q, a.k, ik, jk.kv(), a.l, a.s, false)
	var l loopNest
	idx := l.addN(linalg.Parallel, len(k.batch)+2)
	ins, maps := []*ir.Value{scores}, []affine.Map{l.mapOf(idx)}
	if a.mask != nil {
		ins, maps = append(ins, a.mask), append(maps, l.mapOf(a.maskAt(k.queryIndex(idx))))
	}
	res := k.empty(k.full(a.l, a.s), a.acc)
	maps = append(maps, l.mapOf(idx))
	return linalg.NewGeneric(k.b, k.loc, ins, []*ir.Value{res}, maps, l.iters, []ir.Type{res.Type()},
		func(b *ir.Builder, args []*ir.Value) []*ir.Value {
			x := arith.Mul(b, k.loc, args[0], k.constant(b, a.scale, a.acc))
			negInf := k.constant(b, gomath.Inf(-1), a.acc)
			switch {
			case a.mask != nil && a.maskBool:
				x = arith.NewSelect(b, k.loc, args[1], x, negInf)
			case a.mask != nil:
				x = arith.Add(b, k.loc, x, k.toAcc(b, args[1], a.acc))
			case a.causal:
				// tril(ones(L, S)): row l attends to columns s ≤ l.
				rank := len(k.batch)
				above := arith.NewCmpI(b, k.loc, "sgt", linalg.NewIndex(b, k.loc, rank+1), linalg.NewIndex(b, k.loc, rank))
				x = arith.NewSelect(b, k.loc, above, negInf, x)
			}
			return []*ir.Value{x}
		}).Result(0)
}

// rowStats returns the softmax statistics of logits over S: the row
// maximum m and Σ exp(x − m), both [batch.., L].
func (k *attnKernel) rowStats(logits *ir.Value) (m, sum *ir.Value) {
	a := k.a
	shape, mask := k.full(a.l, a.s), k.lastReduced()
	m = k.reduce(shape, []redIn{{v: logits}}, mask, false, k.constant(k.b, gomath.Inf(-1), a.acc),
		func(b *ir.Builder, args []*ir.Value) *ir.Value {
			return arith.Binary(b, k.loc, arith.MaxF, args[1], args[0])
		})
	sum = k.reduce(shape, []redIn{{v: logits}, {v: m, reduced: true}}, mask, false, k.constant(k.b, 0, a.acc),
		func(b *ir.Builder, args []*ir.Value) *ir.Value {
			e := k.unary(b, math.Exp, arith.Sub(b, k.loc, args[0], k.safeMax(b, args[1])))
			return arith.Add(b, k.loc, args[2], e)
		})
	return m, sum
}

// safeMax is a row maximum with −∞ (a row every mask entry excludes)
// replaced by 0, so that exp(x − max) is exp(−∞) = 0 there instead of
// exp(NaN).
func (k *attnKernel) safeMax(b *ir.Builder, m *ir.Value) *ir.Value {
	acc := k.a.acc
	isInf := arith.NewCmpF(b, k.loc, "oeq", m, k.constant(b, gomath.Inf(-1), acc))
	return arith.NewSelect(b, k.loc, isInf, k.constant(b, 0, acc), m)
}

// operandLayout gives a product operand's last two indices from the
// product's loops i, j (the result's last two dims) and r (the summed
// one), and whether it is a key/value tensor (kv), which grouped-query
// attention reads without the group loop.
type operandLayout struct {
	at       func(i, j, r affine.Expr) []affine.Expr
	keyValue bool
}

// kv marks a layout as reading a key/value tensor.
func (o operandLayout) kv() operandLayout { o.keyValue = true; return o }

var (
	ik = operandLayout{at: func(i, j, r affine.Expr) []affine.Expr { return []affine.Expr{i, r} }}
	ki = operandLayout{at: func(i, j, r affine.Expr) []affine.Expr { return []affine.Expr{r, i} }}
	jk = operandLayout{at: func(i, j, r affine.Expr) []affine.Expr { return []affine.Expr{j, r} }}
	rj = operandLayout{at: func(i, j, r affine.Expr) []affine.Expr { return []affine.Expr{r, j} }}
)

// product builds out[batch.., i, j] = Σ_r x·y over the loops (batch.., i,
// j, r), the operands read through their layouts and extended to the
// accumulator type, into a zero-filled accumulator of [batch.., ni, nj].
// A key/value operand is read without the group loop G; a key/value
// result (kvOut: a gradient of k or v) has none either, and sums over G.
func (k *attnKernel) product(x, y *ir.Value, xAt, yAt operandLayout, ni, nj int64, kvOut bool) *ir.Value {
	var l loopNest
	batch := make([]affine.Expr, len(k.batch))
	for d := range batch {
		kind := linalg.Parallel
		if kvOut && k.head >= 0 && d == k.head+1 {
			kind = linalg.Reduction
		}
		batch[d] = l.add(kind)
	}
	i, j := l.add(linalg.Parallel), l.add(linalg.Parallel)
	r := l.add(linalg.Reduction)
	kvBatch := func(b []affine.Expr) []affine.Expr {
		if k.head < 0 {
			return b
		}
		return append(slices.Clone(b[:k.head+1]), b[k.head+2:]...)
	}
	read := func(o operandLayout) affine.Map {
		if o.keyValue {
			return l.mapOf(kvBatch(batch), o.at(i, j, r))
		}
		return l.mapOf(batch, o.at(i, j, r))
	}
	outBatch, shape := batch, k.full(ni, nj)
	if kvOut && k.head >= 0 {
		outBatch = kvBatch(batch)
		shape = append(slices.Clone(k.a.batch), ni, nj)
		shape[k.head] /= k.a.group
	}
	acc := k.a.acc
	init := k.filled(shape, k.constant(k.b, 0, acc))
	maps := []affine.Map{read(xAt), read(yAt), l.mapOf(outBatch, []affine.Expr{i, j})}
	return linalg.NewGeneric(k.b, k.loc, []*ir.Value{x, y}, []*ir.Value{init}, maps, l.iters, []ir.Type{init.Type()},
		func(b *ir.Builder, args []*ir.Value) []*ir.Value {
			p := arith.Mul(b, k.loc, k.toAcc(b, args[0], acc), k.toAcc(b, args[1], acc))
			return []*ir.Value{arith.Add(b, k.loc, args[2], p)}
		}).Result(0)
}

// convertTensor converts an accumulator tensor to the float element type
// elem, widening (an f64 logsumexp of an f64 attention is already f64) or
// narrowing it.
func (k *attnKernel) convertTensor(v *ir.Value, elem ir.Type) *ir.Value {
	t := tensorType(v)
	if ir.TypeEqual(t.Elem, elem) {
		return v
	}
	if t.Elem.(ir.FloatType).Bits() > elem.(ir.FloatType).Bits() {
		return k.truncate(v, elem)
	}
	return k.pointwise(t.Shape, elem, []redIn{{v: v}}, make([]bool, t.Rank()), func(b *ir.Builder, args []*ir.Value) *ir.Value {
		return arith.Cast(b, k.loc, arith.ExtF, args[0], elem)
	})
}
