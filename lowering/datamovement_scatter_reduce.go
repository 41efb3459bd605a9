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

// The reducing scatters index_add and scatter_reduce.two. Both are
// expressed like scatter_add (dmPrepareScatterDim): one linalg.generic
// over the destination's elements with a reduction loop over the index
// positions, each element combining, in index order, the values whose
// index names it. That is a gather-style formulation: no element is
// written twice by different iterations of a parallel loop, the result is
// deterministic, and it uses only upstream ops (linalg.index, cmpi,
// select), so mlir-opt and the CPU executor both run it. The order of the
// reduction loop is the order of the index positions, which is the order
// in which PyTorch 1.13's CPU kernels combine repeated indices, so float
// sums and products round in the same sequence.

// dmPrepareIndexAdd lowers
//
//	aten::index_add(Tensor self, int dim, Tensor index, Tensor source, *, Scalar alpha=1) -> Tensor
//
// out = self, then out[..., index[k], ...] += alpha · source[..., k, ...]
// along dim for k = 0, 1, ... in order (repeated indices accumulate).
// As ATen checks: index is int64 of rank 0 or 1 with K elements, source
// has self's dtype and rank with K along dim and self's sizes elsewhere
// (a 0-d source stands for [1] when self has rank ≤ 1), and a floating
// alpha is refused for integer tensors. alpha·source is computed first
// (ATen's add with alpha multiplies then adds), then the scatter generic
// with accumulate sums it in. Negative or out-of-range indices, errors in
// PyTorch, add nothing here.
func dmPrepareIndexAdd(op *ir.Operation) (emitFunc, error) {
	r, err := dmNewReader(op)
	if err != nil {
		return nil, err
	}
	self, err := r.tensor(0)
	if err != nil {
		return nil, err
	}
	rank := self.rank()
	if rank == 0 {
		rank = 1
	}
	dim, err := r.dim(1, rank)
	if err != nil {
		return nil, err
	}
	index, err := r.tensor(2)
	if err != nil {
		return nil, err
	}
	source, err := r.tensor(3)
	if err != nil {
		return nil, err
	}
	if index.rank() > 1 {
		return nil, r.errorf("index_add(): 'index' should have dimension 1 or 0 (got %d)", index.rank())
	}
	if !ir.TypeEqual(index.dtype, torch.DtypeSI64) {
		return nil, r.errorf("index_add(): expected dtype int64 for 'index', got %s", index.dtype)
	}
	if !ir.TypeEqual(source.dtype, self.dtype) {
		return nil, r.errorf("index_add(): self (%s) and source (%s) must have the same scalar type", self.dtype, source.dtype)
	}
	if ewIsBool(self.dtype) {
		return nil, r.errorf("index_add(): bool tensors are not supported")
	}
	alpha, ok := ewConstScalar(op.Operand(4))
	if !ok {
		return nil, r.errorf("expected 'alpha' to be a constant scalar (torch.constant.int, torch.constant.float or torch.constant.bool)")
	}
	if _, isInt := self.dtype.(ir.IntegerType); isInt && alpha.kind == 'f' {
		return nil, r.errorf("index_add(): for integral input tensors, argument 'alpha' must not be a floating point number")
	}
	k := ir.NumElements(index.shape)
	want, err := r.result(self.shape, self.elem)
	if err != nil {
		return nil, err
	}
	shape := self.shape
	if self.rank() == 0 {
		shape = []int64{1}
	}
	srcShape := source.shape
	if source.rank() == 0 && len(shape) == 1 {
		srcShape = []int64{1}
	}
	expect := append([]int64(nil), shape...)
	expect[dim] = k
	if !slices.Equal(srcShape, expect) {
		return nil, r.errorf("index_add(): 'source' must have shape %s ('self' with the %d indexed positions along dim %d), got %s",
			dmShapeString(expect), k, dim, dmShapeString(source.shape))
	}
	a := &dmAdvIndex{self: shape, dims: []int{dim}, at: []int{2}, idx: []dmTensor{index}, bshape: []int64{k}}
	a.setLayout()
	a.q = dim
	unit := alpha.float() == 1
	return func(b *ir.Builder) ([]*ir.Value, error) {
		e := dmNewEmitter(b, op.Loc)
		dest := op.Operand(0)
		if k == 0 {
			return []*ir.Value{e.cast(dest, want)}, nil
		}
		dest = e.reshape(dest, shape)
		src := e.reshape(op.Operand(3), expect)
		if !unit {
			c := ewScalarConst(b, op.Loc, alpha, self.dtype, self.elem, false)
			src = e.mapTensor(src, func(b *ir.Builder, x *ir.Value) *ir.Value { return arith.Mul(b, op.Loc, x, c) })
		}
		idx := e.reshape(op.Operand(2), []int64{k})
		out := e.scatter(dest, a, []*ir.Value{idx}, src, true, nil)
		return []*ir.Value{e.cast(e.reshape(out, self.shape), want)}, nil
	}, nil
}

// mapTensor applies f to every element of v (one elementwise generic).
func (e dmEmitter) mapTensor(v *ir.Value, f func(b *ir.Builder, x *ir.Value) *ir.Value) *ir.Value {
	t := tensorType(v)
	id := affine.Identity(t.Rank())
	init := e.empty(t.Shape, t.Elem)
	return linalg.NewGeneric(e.b, e.loc, []*ir.Value{v}, []*ir.Value{init}, []affine.Map{id, id},
		repeat(linalg.Parallel, t.Rank()), []ir.Type{init.Type()},
		func(b *ir.Builder, args []*ir.Value) []*ir.Value {
			return []*ir.Value{f(b, args[0])}
		}).Result(0)
}

// dmScatterReductions are the reduce strings of scatter_reduce.two.
var dmScatterReductions = map[string]bool{"sum": true, "prod": true, "mean": true, "amax": true, "amin": true}

// dmPrepareScatterReduce lowers
//
//	aten::scatter_reduce.two(Tensor self, int dim, Tensor index, Tensor src,
//	    str reduce, *, bool include_self=True) -> Tensor
//
// with PyTorch 1.13's CPU semantics (scatter_reduce_two_cpu): out = self;
// with include_self = False every element some index names is first set
// to the reduction's identity (0 for sum and mean, 1 for prod, -inf /
// +inf for amax / amin, the integer extremes for integer dtypes); then
// each src[j] is combined into out[i], i being j with i[dim] = index[j],
// in index order. amax and amin propagate NaN from either side (ATen's
// `isnan(src) ? src : max(self, src)`, see dmNaNMinMax). mean
// divides the sum by the number of combined elements (self counting one
// when included), a count of 0 read as 1 so untouched elements keep self;
// integer means divide with floor, as ATen's div_(count, "floor").
//
// Shapes are checked as for scatter: index is int64 of self's rank, no
// larger than self outside dim, and src (self's dtype and rank) reaches
// index's extent in every dim; only the corner of self that index covers
// outside dim is reduced (extracted and inserted back). reduce must be a
// torch.constant.str. An index out of [0, self.size(dim)) is an error in
// PyTorch and combines nothing here.
func dmPrepareScatterReduce(op *ir.Operation) (emitFunc, error) {
	r, self, dim, err := dmSelfDim(op, 1, "scatter_reduce()")
	if err != nil {
		return nil, err
	}
	index, err := dmScatterIndex(r, self, dim, "scatter_reduce()")
	if err != nil {
		return nil, err
	}
	if err := dmScatterSrc(r, self, index); err != nil {
		return nil, err
	}
	reduce, err := dmConstStr(r, 4)
	if err != nil {
		return nil, err
	}
	if !dmScatterReductions[reduce] {
		return nil, r.errorf("reduce argument must be either sum, prod, mean, amax or amin, got %q", reduce)
	}
	includeSelf, err := r.bool(5)
	if err != nil {
		return nil, err
	}
	if ewIsBool(self.dtype) || dmUnsigned(self.dtype) {
		return nil, r.errorf("scatter_reduce() of %s tensors is not supported", self.dtype)
	}
	want, err := r.result(self.shape, self.elem)
	if err != nil {
		return nil, err
	}
	block := append([]int64(nil), index.shape...)
	block[dim] = self.shape[dim]
	return func(b *ir.Builder) ([]*ir.Value, error) {
		e := dmNewEmitter(b, op.Loc)
		loc := op.Loc
		if ir.NumElements(index.shape) == 0 {
			return []*ir.Value{e.cast(op.Operand(0), want)}, nil
		}
		var l loopNest
		loops := l.addN(linalg.Parallel, self.rank())
		k := l.add(linalg.Reduction)
		at := append([]affine.Expr(nil), loops...)
		at[dim] = k
		idxMap, outMap := l.mapOf(at), l.mapOf(loops)
		hit := func(b *ir.Builder, x *ir.Value) *ir.Value {
			pos := dmIndexValue(b, loc, x, self.shape[dim], false)
			return arith.NewCmpI(b, loc, "eq", pos, linalg.NewIndex(b, loc, dim))
		}
		corner := dmCorner(block)
		dest := e.extractSlice(op.Operand(0), corner, nil)
		destT := tensorType(dest)
		if !includeSelf {
			// self.scatter_(dim, index, identity)
			id := dmReduceIdentity(b, loc, reduce, self.elem)
			dest = linalg.NewGeneric(b, loc, []*ir.Value{op.Operand(2)}, []*ir.Value{dest}, []affine.Map{idxMap, outMap}, l.iters, []ir.Type{destT},
				func(b *ir.Builder, args []*ir.Value) []*ir.Value {
					return []*ir.Value{arith.NewSelect(b, loc, hit(b, args[0]), id, args[1])}
				}).Result(0)
		}
		srcC := e.extractSlice(op.Operand(3), dmCorner(index.shape), nil)
		outs := []*ir.Value{dest}
		types := []ir.Type{destT}
		maps := []affine.Map{idxMap, idxMap, outMap}
		mean := reduce == "mean"
		if mean {
			c := int64(0)
			if includeSelf {
				c = 1
			}
			count := linalg.NewFill(b, loc, dmElemConst(b, loc, float64(c), self.elem), e.empty(block, self.elem)).Result(0)
			outs = append(outs, count)
			types = append(types, destT)
			maps = append(maps, outMap)
		}
		g := linalg.NewGeneric(b, loc, []*ir.Value{op.Operand(2), srcC}, outs, maps, l.iters, types,
			func(b *ir.Builder, args []*ir.Value) []*ir.Value {
				cond := hit(b, args[0])
				val, acc := args[1], args[2]
				res := []*ir.Value{arith.NewSelect(b, loc, cond, dmReduceCombine(b, loc, reduce, acc, val), acc)}
				if mean {
					cnt := args[3]
					one := dmElemConst(b, loc, 1, self.elem)
					res = append(res, arith.NewSelect(b, loc, cond, arith.Add(b, loc, cnt, one), cnt))
				}
				return res
			})
		out := g.Result(0)
		if mean {
			id := affine.Identity(self.rank())
			out = linalg.NewGeneric(b, loc, []*ir.Value{out, g.Result(1)}, []*ir.Value{e.empty(block, self.elem)}, []affine.Map{id, id, id},
				repeat(linalg.Parallel, self.rank()), []ir.Type{destT},
				func(b *ir.Builder, args []*ir.Value) []*ir.Value {
					sum, cnt := args[0], args[1]
					zero := dmElemConst(b, loc, 0, self.elem)
					one := dmElemConst(b, loc, 1, self.elem)
					var isZero *ir.Value
					if ir.IsFloat(self.elem) {
						isZero = arith.NewCmpF(b, loc, "oeq", cnt, zero)
					} else {
						isZero = arith.NewCmpI(b, loc, "eq", cnt, zero)
					}
					cnt = arith.NewSelect(b, loc, isZero, one, cnt)
					if ir.IsFloat(self.elem) {
						return []*ir.Value{arith.Div(b, loc, sum, cnt)}
					}
					// floor division by a positive count: truncate, then
					// step down when a negative sum left a remainder.
					q := arith.Binary(b, loc, arith.DivSI, sum, cnt)
					rem := arith.Binary(b, loc, arith.RemSI, sum, cnt)
					neg := arith.NewCmpI(b, loc, "slt", rem, zero)
					return []*ir.Value{arith.NewSelect(b, loc, neg, arith.Sub(b, loc, q, one), q)}
				}).Result(0)
		}
		if !corner.full(self.shape) {
			out = e.insertSlice(out, op.Operand(0), corner)
		}
		return []*ir.Value{e.cast(out, want)}, nil
	}, nil
}

// dmConstStr reads a constant str operand.
func dmConstStr(r dmReader, i int) (string, error) {
	if d := r.op.Operand(i).DefiningOp(); d != nil && d.Name == torch.ConstantStrOp {
		if s, ok := d.Attr("value").(ir.StringAttr); ok {
			return string(s), nil
		}
	}
	return "", r.errorf("expected '%s' to be a constant str (torch.constant.str)", r.names[i])
}

// dmElemConst is the constant v of a builtin float or signless integer type.
func dmElemConst(b *ir.Builder, loc ir.Location, v float64, elem ir.Type) *ir.Value {
	if ft, ok := elem.(ir.FloatType); ok {
		return arith.ConstantFloat(b, loc, v, ft)
	}
	return arith.ConstantInt(b, loc, int64(v), elem)
}

// dmReduceIdentity is the value ATen's scatter_reduce_two stores before
// reducing when include_self is false.
func dmReduceIdentity(b *ir.Builder, loc ir.Location, reduce string, elem ir.Type) *ir.Value {
	switch reduce {
	case "prod":
		return dmElemConst(b, loc, 1, elem)
	case "amax", "amin":
		if ft, ok := elem.(ir.FloatType); ok {
			v := math.Inf(1)
			if reduce == "amax" {
				v = math.Inf(-1)
			}
			return arith.ConstantFloat(b, loc, v, ft)
		}
		w := ir.IntWidth(elem)
		hi := int64(uint64(1)<<(w-1) - 1)
		lo := -hi - 1
		if reduce == "amax" {
			return arith.ConstantInt(b, loc, lo, elem)
		}
		return arith.ConstantInt(b, loc, hi, elem)
	}
	return dmElemConst(b, loc, 0, elem)
}

// dmReduceCombine combines acc with val for one reduction.
func dmReduceCombine(b *ir.Builder, loc ir.Location, reduce string, acc, val *ir.Value) *ir.Value {
	float := ir.IsFloat(acc.Type())
	switch reduce {
	case "prod":
		return arith.Mul(b, loc, acc, val)
	case "amax":
		if float {
			return dmNaNMinMax(b, loc, "ogt", acc, val)
		}
		return arith.Binary(b, loc, arith.MaxSI, acc, val)
	case "amin":
		if float {
			return dmNaNMinMax(b, loc, "olt", acc, val)
		}
		return arith.Binary(b, loc, arith.MinSI, acc, val)
	}
	return arith.Add(b, loc, acc, val)
}

// dmNaNMinMax is ATen's `isnan(val) ? val : max(acc, val)` (min with
// pred "olt"): a NaN on either side wins. It is spelled with cmpf and
// select rather than arith.maxf/minf because MLIR 16 lowers those to
// llvm.maxnum/minnum, which drop NaNs.
func dmNaNMinMax(b *ir.Builder, loc ir.Location, pred string, acc, val *ir.Value) *ir.Value {
	better := arith.NewCmpF(b, loc, pred, val, acc)
	m := arith.NewSelect(b, loc, better, val, acc)
	isNaN := arith.NewCmpF(b, loc, "uno", val, val)
	return arith.NewSelect(b, loc, isNaN, val, m)
}
