package lowering

import (
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/torch"
)

// convolution lowers the forward
//
//	aten::convolution(Tensor input, Tensor weight, Tensor? bias, SymInt[] stride,
//	    SymInt[] padding, SymInt[] dilation, bool transposed,
//	    SymInt[] output_padding, SymInt groups) -> Tensor
//
// for 1 to 3 spatial dims, any groups, stride, padding, dilation, an
// optional bias, both values of transposed, f32/f64 and f16/bf16 with f32
// accumulation:
//
//	transposed = false: y[n, f, o] = Σ_{c', k} x_pad[n, c, s·o + d·k] · w[f, c', k] + b[f],
//	    the strided conv generic over x padded by p;
//	transposed = true:  y[n, f, o] = Σ_{c, k, i : o = i·s − p + k·d} x[n, c, i] · w[c, f', k] + b[f],
//	    which is the data gradient of a non-transposed conv with x in the
//	    place of dy (conv-backward.md): flip, scatter x into zeros of extent
//	    Ho + d(K−1) at offset d(K−1) − p with stride s, correlate.
//
// The bias is added in the accumulator type, then the result is truncated
// once and the group dim collapsed.
const convolutionOp = "torch.aten.convolution"

var convArgs = []string{"input", "weight", "bias", "stride", "padding", "dilation", "transposed", "output_padding", "groups"}

func populateConv(m map[string]converter) {
	m[convolutionOp] = prepareConv
}

func prepareConv(op *ir.Operation) (emitFunc, error) {
	r := operandReader{op: op, names: convArgs}
	if op.NumOperands() != len(convArgs) || op.NumResults() != 1 {
		return nil, r.errorf("expected 9 operands and 1 result")
	}
	hasBias := !isNoneValue(op.Operand(2))
	dtypeOperands := []int{0, 1}
	if hasBias {
		dtypeOperands = append(dtypeOperands, 2)
	}
	if err := checkDtypes(r, dtypeOperands...); err != nil {
		return nil, err
	}
	cg, err := readGeometry(r, convOperands{input: 0, weight: 1, stride: 3, padding: 4, dilation: 5,
		transposed: 6, outPad: 7, groups: 8})
	if err != nil {
		return nil, err
	}
	if hasBias {
		bt, err := r.floatTensor(2)
		if err != nil {
			return nil, err
		}
		if len(bt.Sizes) != 1 || bt.Sizes[0] != cg.f {
			return nil, r.errorf("expected 'bias' of shape [%d], got %v", cg.f, bt.Sizes)
		}
	}
	want, err := resultType(r, 0, append([]int64{cg.n, cg.f}, cg.ho...), cg.elem)
	if err != nil {
		return nil, err
	}
	if _, ok := op.Result(0).Type().(torch.VTensorType); !ok {
		return nil, r.errorf("expected a tensor result")
	}
	return func(b *ir.Builder) ([]*ir.Value, error) {
		e := &emitter{b: b, loc: op.Loc}
		if cg.n == ir.Dynamic {
			e.batch = e.dim(op.Operand(0), 0)
		}
		k := &convKernel{emitter: e, grouped: cg.g > 1, elem: cg.elem, acc: accumulatorType(cg.elem)}
		x, w := op.Operand(0), op.Operand(1)
		outShape := k.actShape(cg.n, cg.f, cg.ho, cg.g)
		xe := k.expandDim(x, 1, cg.g)
		we := k.expandDim(w, 0, cg.g)
		var y *ir.Value
		if cg.transposed {
			ext := make([]int64, cg.nd)
			off := make([]int64, cg.nd)
			for i := range ext {
				ext[i] = cg.ho[i] + cg.d[i]*(cg.k[i]-1)
				off[i] = cg.d[i]*(cg.k[i]-1) - cg.p[i]
			}
			// weight [C, F/G, K] → [(G), C/G, F/G, K]: reduced channel first.
			y = k.conv(k.scatter(xe, ext, off, cg.s), k.flip(we), outShape, ones(cg.nd), cg.d, false)
		} else {
			y = k.conv(k.padSpatial(xe, cg.p, cg.p), we, outShape, cg.s, cg.d, true)
		}
		if hasBias {
			y = k.addBias(y, k.expandDim(op.Operand(2), 0, cg.g))
		}
		y = k.collapseDim(k.truncate(y, k.elem), 1, cg.g)
		return []*ir.Value{e.cast(y, want)}, nil
	}, nil
}
