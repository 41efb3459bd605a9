package lowering

import (
	gomath "math"
	"slices"

	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/dialect/math"
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
// reproduce bit for bit. Grouped-query attention (enable_gqa with fewer
// key/value heads than query heads) is refused with a diagnostic.

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
	batch               []int64 // the dims before the last two
	l, s, e, ev         int64
	elem, acc           ir.Type // q's builtin element type and the accumulator's
	res                 []ir.RankedTensorType
	need                []bool
	backward            bool
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
	if !slices.Equal(k.Sizes[:rank-2], a.batch) || !slices.Equal(v.Sizes[:rank-2], a.batch) {
		// The flash ops have no enable_gqa: torch's decomposition of the CPU
		// one passes enable_gqa = (query heads != key heads).
		if flash && k.Sizes[1] != q.Sizes[1] && k.Sizes[0] == q.Sizes[0] {
			gqa = true
		}
		if gqa && rank >= 3 {
			return nil, r.errorf("grouped-query attention ('key' %v and 'value' %v with fewer heads than 'query' %v) is not supported", k.Sizes, v.Sizes, q.Sizes)
		}
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
	k := &attnKernel{redKernel: newRedKernel(b, a.op.Loc), a: a}
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
	result := func(i int, v *ir.Value) {
		out[i] = k.cast(k.truncate(v, a.res[i].Elem), a.res[i])
	}
	// Operand layouts for product: ik/ki read [.., i, r] / [.., r, i].
	if !a.backward {
		if a.need[0] {
			result(0, k.product(probs, a.v, ik, rj, a.l, a.ev))
		}
		if len(a.res) > 1 && a.need[1] {
			lse := k.pointwise(k.full(a.l), a.acc, []redIn{{v: m}, {v: sum}}, nil, func(b *ir.Builder, args []*ir.Value) *ir.Value {
				// ATen's CPU kernel reads a row's Σ of 0 as 1: its logsumexp is 0.
				empty := arith.NewCmpF(b, k.loc, "oeq", args[1], k.constant(b, 0, a.acc))
				s := arith.NewSelect(b, k.loc, empty, k.constant(b, 1, a.acc), args[1])
				return arith.Add(b, k.loc, k.safeMax(b, args[0]), k.unary(b, math.Log, s))
			})
			out[1] = k.cast(k.convertTensor(lse, a.res[1].Elem), a.res[1])
		}
		return out, nil
	}
	if a.need[2] {
		result(2, k.product(probs, a.dout, ki, rj, a.s, a.ev))
	}
	if !a.need[0] && !a.need[1] {
		return out, nil
	}
	dp := k.product(a.dout, a.v, ik, jk, a.l, a.s)
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
		result(0, k.product(dlogits, a.k, ik, rj, a.l, a.e))
	}
	if a.need[1] {
		result(1, k.product(dlogits, a.q, ki, rj, a.s, a.e))
	}
	return out, nil
}

// attnKernel builds the generics of one attention op.
type attnKernel struct {
	*redKernel
	a *attention
}

// full is the shape [batch.., last..].
func (k *attnKernel) full(last ...int64) []int64 { return append(slices.Clone(k.a.batch), last...) }

// lastReduced is the reduction mask of [batch.., L, S] that reduces S.
func (k *attnKernel) lastReduced() []bool {
	m := make([]bool, len(k.a.batch)+2)
	m[len(m)-1] = true
	return m
}

// logits builds scale·q·kᵀ plus the mask's bias, [batch.., L, S] in the
// accumulator type: the product, then one elementwise generic that scales
// and masks (reading the mask through its broadcast, and comparing the
// loop indices for is_causal).
func (k *attnKernel) logits() *ir.Value {
	a := k.a
	scores := k.product(a.q, a.k, ik, jk, a.l, a.s)
	var l loopNest
	idx := l.addN(linalg.Parallel, len(a.batch)+2)
	ins, maps := []*ir.Value{scores}, []affine.Map{l.mapOf(idx)}
	if a.mask != nil {
		ins, maps = append(ins, a.mask), append(maps, l.mapOf(a.maskAt(idx)))
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
				rank := len(a.batch)
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
// product's loops i, j (the result's last two dims) and r (the summed one).
type operandLayout func(i, j, r affine.Expr) []affine.Expr

var (
	ik operandLayout = func(i, j, r affine.Expr) []affine.Expr { return []affine.Expr{i, r} }
	ki operandLayout = func(i, j, r affine.Expr) []affine.Expr { return []affine.Expr{r, i} }
	jk operandLayout = func(i, j, r affine.Expr) []affine.Expr { return []affine.Expr{j, r} }
	rj operandLayout = func(i, j, r affine.Expr) []affine.Expr { return []affine.Expr{r, j} }
)

// product builds out[batch.., i, j] = Σ_r x·y over the loops (batch.., i,
// j, r), the operands read through their layouts and extended to the
// accumulator type, into a zero-filled accumulator of [batch.., ni, nj].
func (k *attnKernel) product(x, y *ir.Value, xAt, yAt operandLayout, ni, nj int64) *ir.Value {
	var l loopNest
	batch := l.addN(linalg.Parallel, len(k.a.batch))
	i, j := l.add(linalg.Parallel), l.add(linalg.Parallel)
	r := l.add(linalg.Reduction)
	acc := k.a.acc
	init := k.filled(k.full(ni, nj), k.constant(k.b, 0, acc))
	maps := []affine.Map{l.mapOf(batch, xAt(i, j, r)), l.mapOf(batch, yAt(i, j, r)), l.mapOf(batch, []affine.Expr{i, j})}
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
