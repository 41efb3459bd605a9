package lowering

import (
	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
	"github.com/torchlower/torchlower/torch"
)

// ATen's reduction codes (at::Reduction::Reduction), shared by the losses.
const (
	lossReductionNone = 0
	lossReductionMean = 1
	lossReductionSum  = 2
)

// readLossReduction reads a loss's constant `int reduction` operand.
func readLossReduction(r operandReader, i int) (int64, error) {
	red, err := r.int(i)
	if err != nil {
		return 0, err
	}
	if red < lossReductionNone || red > lossReductionSum {
		return 0, r.errorf("'reduction' must be 0 (none), 1 (mean) or 2 (sum), got %d", red)
	}
	return red, nil
}

// nllSpec is what both nll_loss lowerings read: self [N, C] or [C], target
// [N] or [] of class indices, the optional weight [C], the reduction and
// ignore_index.
type nllSpec struct {
	x, target torch.VTensorType
	hasWeight bool
	reduction int64
	ignore    int64
	batched   bool // self is [N, C]
	classDim  int  // the loop of the class index c
	perSample bool // reduction none with a batch: one loss per sample
}

// readNll reads and checks the nll_loss operands at the given positions
// (they differ between the forward and the backward), with ATen's checks:
// a [N, C] or [C] float self, a target of the batch shape ([N] or []) of
// Long class indices (Byte too, which the CPU kernel also takes), a
// weight of one float per class of self's dtype, reduction 0, 1 or 2.
func readNll(r operandReader, xArg, targetArg, weightArg, reductionArg, ignoreArg int) (*nllSpec, error) {
	s := &nllSpec{}
	var err error
	if s.x, err = redFloatTensor(r, xArg); err != nil {
		return nil, err
	}
	if s.target, err = redStaticTensor(r, targetArg); err != nil {
		return nil, err
	}
	rank := len(s.x.Sizes)
	if rank != 1 && rank != 2 {
		return nil, r.errorf("expected 'self' of rank 1 ([C]) or 2 ([N, C]), got shape %v", s.x.Sizes)
	}
	s.batched = rank == 2
	s.classDim = rank - 1
	if len(s.target.Sizes) != rank-1 || (s.batched && s.target.Sizes[0] != s.x.Sizes[0]) {
		return nil, r.errorf("expected 'target' of shape %v for 'self' of shape %v, got %v", s.x.Sizes[:rank-1], s.x.Sizes, s.target.Sizes)
	}
	if !ir.TypeEqual(s.target.Dtype, torch.DtypeSI64) && !ir.TypeEqual(s.target.Dtype, torch.DtypeUI8) {
		return nil, r.errorf("expected 'target' of dtype si64 (class indices), got %s", s.target.Dtype)
	}
	if !isNoneValue(r.op.Operand(weightArg)) {
		w, err := redFloatTensor(r, weightArg)
		if err != nil {
			return nil, err
		}
		if err := redSameDtype(r, map[int]torch.VTensorType{xArg: s.x, weightArg: w}, xArg, weightArg); err != nil {
			return nil, err
		}
		if len(w.Sizes) != 1 || w.Sizes[0] != s.x.Sizes[rank-1] {
			return nil, r.errorf("expected 'weight' of shape [%d] (one per class), got %v", s.x.Sizes[rank-1], w.Sizes)
		}
		s.hasWeight = true
	}
	if s.reduction, err = readLossReduction(r, reductionArg); err != nil {
		return nil, err
	}
	if s.ignore, err = r.int(ignoreArg); err != nil {
		return nil, err
	}
	s.perSample = s.batched && s.reduction == lossReductionNone
	return s, nil
}

// lossShape is the shape of the loss (and of nll_loss_backward's
// grad_output): [N] for reduction none with a batch, [] otherwise.
func (s *nllSpec) lossShape() []int64 {
	if s.perSample {
		return []int64{s.x.Sizes[0]}
	}
	return []int64{}
}

// hit is the body's test that the element at class loop c is the
// sample's target and the target is not ignore_index: the one-hot compare
// that replaces a gather, so that every access stays affine.
func (k *redKernel) nllHit(b *ir.Builder, s *nllSpec, target *ir.Value) *ir.Value {
	t := k.convert(b, target, s.target.Dtype, torch.DtypeSI64)
	c := arith.Cast(b, k.loc, arith.IndexCast, linalg.NewIndex(b, k.loc, s.classDim), ir.I64)
	isTarget := arith.NewCmpI(b, k.loc, "eq", t, c)
	kept := arith.NewCmpI(b, k.loc, "ne", t, arith.ConstantInt(b, k.loc, s.ignore, ir.I64))
	return arith.Binary(b, k.loc, arith.AndI, isTarget, kept)
}

// prepareNllLossForward lowers
//
//	aten::nll_loss_forward(Tensor self, Tensor target, Tensor? weight, int reduction, SymInt ignore_index)
//	  -> (Tensor output, Tensor total_weight)
//
// with ATen's CPU semantics (nll_loss_out_frame). A sample whose target
// is not ignore_index contributes −w[t]·self[n, t] (w = 1 without weight)
// to the loss and w[t] to total_weight:
//
//   - self [N, C], reduction none: output [N] holds each sample's
//     contribution (0 when ignored) and total_weight is 0, as ATen leaves it;
//   - otherwise (sum, mean, or a [C] self with any reduction) output is the
//     sum of the contributions, divided by total_weight for mean (0/0 = NaN
//     when every target is ignored, as in PyTorch), and total_weight is the
//     sum of the weights.
//
// The class is selected by comparing linalg.index of the class loop with
// the target (a one-hot select, so other classes' values, even inf or
// NaN, never enter), in one generic: a per-sample one with the class loop
// as reduction, or one reducing everything into the loss and the weight
// sum, finished by a 0-d generic. Out-of-range targets, which ATen
// rejects at run time, contribute nothing. f16/bf16 accumulate in f32 and
// round once.
func prepareNllLossForward(op *ir.Operation) (emitFunc, error) {
	r, err := redReader(op)
	if err != nil {
		return nil, err
	}
	s, err := readNll(r, 0, 1, 2, 3, 4)
	if err != nil {
		return nil, err
	}
	dt := s.x.Dtype
	wantOut, err := redResult(r, 0, s.lossShape(), dt)
	if err != nil {
		return nil, err
	}
	wantTW, err := redResult(r, 1, []int64{}, dt)
	if err != nil {
		return nil, err
	}
	return func(b *ir.Builder) ([]*ir.Value, error) {
		k := newRedKernel(b, op.Loc)
		elem := redBuiltin(dt)
		acc := accumulatorType(elem)
		var l loopNest
		var n []affine.Expr
		iter := linalg.Reduction
		if s.perSample {
			iter = linalg.Parallel
		}
		if s.batched {
			n = []affine.Expr{l.add(iter)}
		}
		c := l.add(linalg.Reduction)
		ins := []*ir.Value{op.Operand(0), op.Operand(1)}
		maps := []affine.Map{l.mapOf(n, one(c)), l.mapOf(n)}
		if s.hasWeight {
			ins = append(ins, op.Operand(2))
			maps = append(maps, l.mapOf(one(c)))
		}
		// contribution returns −w[t]·self[n, c] and w[t] in acc.
		contribution := func(b *ir.Builder, args []*ir.Value) (loss, weight *ir.Value) {
			loss = arith.NewNegF(b, k.loc, k.toAcc(b, args[0], acc))
			if !s.hasWeight {
				return loss, k.constant(b, 1, acc)
			}
			weight = k.toAcc(b, args[2], acc)
			return arith.Mul(b, k.loc, loss, weight), weight
		}
		nIn := len(ins)
		if s.perSample {
			out := k.filled(s.lossShape(), k.constant(k.b, 0, acc))
			loss := linalg.NewGeneric(k.b, k.loc, ins, []*ir.Value{out}, append(maps, l.mapOf(n)), l.iters,
				[]ir.Type{out.Type()}, func(b *ir.Builder, args []*ir.Value) []*ir.Value {
					v, _ := contribution(b, args)
					return []*ir.Value{arith.NewSelect(b, k.loc, k.nllHit(b, s, args[1]), v, args[nIn])}
				}).Result(0)
			tw := k.filled([]int64{}, k.constant(k.b, 0, elem))
			return []*ir.Value{k.cast(k.truncate(loss, elem), wantOut), k.cast(tw, wantTW)}, nil
		}
		lossInit := k.filled([]int64{}, k.constant(k.b, 0, acc))
		weightInit := k.filled([]int64{}, k.constant(k.b, 0, acc))
		sums := linalg.NewGeneric(k.b, k.loc, ins, []*ir.Value{lossInit, weightInit}, append(maps, l.mapOf(), l.mapOf()), l.iters,
			[]ir.Type{lossInit.Type(), weightInit.Type()}, func(b *ir.Builder, args []*ir.Value) []*ir.Value {
				hit := k.nllHit(b, s, args[1])
				v, w := contribution(b, args)
				lossAcc, weightAcc := args[nIn], args[nIn+1]
				return []*ir.Value{
					arith.NewSelect(b, k.loc, hit, arith.Add(b, k.loc, lossAcc, v), lossAcc),
					arith.NewSelect(b, k.loc, hit, arith.Add(b, k.loc, weightAcc, w), weightAcc),
				}
			})
		loss, weight := sums.Result(0), sums.Result(1)
		outs := []*ir.Value{k.empty([]int64{}, elem), k.empty([]int64{}, elem)}
		var l0 loopNest
		fin := linalg.NewGeneric(k.b, k.loc, []*ir.Value{loss, weight}, outs,
			[]affine.Map{l0.mapOf(), l0.mapOf(), l0.mapOf(), l0.mapOf()}, l0.iters,
			[]ir.Type{outs[0].Type(), outs[1].Type()}, func(b *ir.Builder, args []*ir.Value) []*ir.Value {
				v := args[0]
				if s.reduction == lossReductionMean {
					v = arith.Div(b, k.loc, v, args[1])
				}
				return []*ir.Value{k.fromAcc(b, v, elem), k.fromAcc(b, args[1], elem)}
			})
		return []*ir.Value{k.cast(fin.Result(0), wantOut), k.cast(fin.Result(1), wantTW)}, nil
	}, nil
}

// prepareNllLossBackward lowers
//
//	aten::nll_loss_backward(Tensor grad_output, Tensor self, Tensor target, Tensor? weight,
//	    int reduction, SymInt ignore_index, Tensor total_weight) -> Tensor
//
// as one elementwise generic over self's shape, with ATen's CPU formula
// (nll_loss_backward_out_frame): grad_input[n, c] is 0 except at c = t_n
// for a target that is not ignore_index, where it is
//
//	−w[t]·grad_output[n]                   (reduction none with a batch)
//	−w[t]·(grad_output / total_weight)     (mean)
//	−w[t]·grad_output                      (sum, and none for a [C] self)
//
// grad_output is [N] for reduction none with a batch and [] otherwise;
// total_weight is [] and only read for mean. f16/bf16 compute in f32 and
// round once.
func prepareNllLossBackward(op *ir.Operation) (emitFunc, error) {
	r, err := redReader(op)
	if err != nil {
		return nil, err
	}
	s, err := readNll(r, 1, 2, 3, 4, 5)
	if err != nil {
		return nil, err
	}
	ts := map[int]torch.VTensorType{1: s.x}
	for _, i := range []int{0, 6} {
		if ts[i], err = redFloatTensor(r, i); err != nil {
			return nil, err
		}
	}
	if err := redSameDtype(r, ts, 1, 0, 6); err != nil {
		return nil, err
	}
	if got, want := ts[0].Sizes, s.lossShape(); len(got) != len(want) || (len(got) == 1 && got[0] != want[0]) {
		return nil, r.errorf("expected 'grad_output' of shape %v for reduction %d, got %v", want, s.reduction, got)
	}
	if len(ts[6].Sizes) != 0 {
		return nil, r.errorf("expected 'total_weight' of shape [], got %v", ts[6].Sizes)
	}
	dt := s.x.Dtype
	want, err := redResult(r, 0, s.x.Sizes, dt)
	if err != nil {
		return nil, err
	}
	mean := s.reduction == lossReductionMean
	return func(b *ir.Builder) ([]*ir.Value, error) {
		k := newRedKernel(b, op.Loc)
		elem := redBuiltin(dt)
		acc := accumulatorType(elem)
		var l loopNest
		var n []affine.Expr
		if s.batched {
			n = []affine.Expr{l.add(linalg.Parallel)}
		}
		c := l.add(linalg.Parallel)
		gIdx := []affine.Expr{}
		if s.perSample {
			gIdx = n
		}
		ins := []*ir.Value{op.Operand(2), op.Operand(0)}
		maps := []affine.Map{l.mapOf(n), l.mapOf(gIdx)}
		wAt, twAt := -1, -1
		if s.hasWeight {
			wAt = len(ins)
			ins = append(ins, op.Operand(3))
			maps = append(maps, l.mapOf(one(c)))
		}
		if mean {
			twAt = len(ins)
			ins = append(ins, op.Operand(6))
			maps = append(maps, l.mapOf())
		}
		out := k.empty(s.x.Sizes, elem)
		maps = append(maps, l.mapOf(n, one(c)))
		dx := linalg.NewGeneric(k.b, k.loc, ins, []*ir.Value{out}, maps, l.iters, []ir.Type{out.Type()},
			func(b *ir.Builder, args []*ir.Value) []*ir.Value {
				g := k.toAcc(b, args[1], acc)
				if twAt >= 0 {
					g = arith.Div(b, k.loc, g, k.toAcc(b, args[twAt], acc))
				}
				v := arith.NewNegF(b, k.loc, g)
				if wAt >= 0 {
					v = arith.Mul(b, k.loc, k.toAcc(b, args[wAt], acc), v)
				}
				v = arith.NewSelect(b, k.loc, k.nllHit(b, s, args[0]), v, k.constant(b, 0, acc))
				return []*ir.Value{k.fromAcc(b, v, elem)}
			}).Result(0)
		return []*ir.Value{k.cast(dx, want)}, nil
	}, nil
}
