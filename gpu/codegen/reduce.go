package codegen

import (
	"fmt"

	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/plan"
)

// Block reductions. A generic with few outputs and long reductions (the
// weight gradient of a convolution: a few hundred outputs, each a sum
// over batch and image) leaves a GPU idle one-thread-per-output. When
// the body is a sum — it yields out + x, reading the output only there —
// a block of threads computes each output instead: each thread sums a
// strided share of the reduction, then the block adds the partial sums
// in shared memory and adds the total to the output. The order of the
// additions differs from the CPU's (as for any parallel reduction), so
// results agree within the tolerance the e2e suite derives from the
// reduction length, not bit for bit; only f32 and f64 accumulators take
// this path (16-bit ones round at every step on the CPU).

// Thresholds of the block-reduction path: at most blockReduceMaxOutputs
// outputs (more fill the GPU one thread each) with at least
// blockReduceMinLength terms each.
const (
	blockReduceMaxOutputs = 4096
	blockReduceMinLength  = 64
)

type reduction struct {
	out *operand
	acc *ir.Value // the yielded out + x
}

// blockReduction reports whether s's generic is a sum to compute with a
// block per output.
func blockReduction(s *plan.Step, body *ir.Block, iters []string, thread, inner []int, hoist []bool, ops []*operand, nIn int, ext []int64, threads int64) *reduction {
	if len(s.Outputs) != 1 || len(inner) == 0 || !hoist[0] || len(s.Captures) > 0 {
		return nil
	}
	length := int64(1)
	for _, d := range inner {
		if iters[d] != linalg.Reduction {
			return nil
		}
		length *= ext[d]
	}
	if threads > blockReduceMaxOutputs || length < blockReduceMinLength {
		return nil
	}
	o := ops[nIn]
	if o.arg == nil || !o.arg.HasOneUse() || (o.el.ctype != "float" && o.el.ctype != "double") {
		return nil
	}
	var y *ir.Operation
	for op := body.First(); op != nil; op = op.Next() {
		if op.Name == "linalg.yield" {
			y = op
		}
	}
	if y == nil || y.NumOperands() != 1 {
		return nil
	}
	acc := y.Operand(0)
	add := acc.DefiningOp()
	if add == nil || add.Name != "arith.addf" || !acc.HasOneUse() || o.arg.Users()[0] != add {
		return nil
	}
	return &reduction{out: o, acc: acc}
}

// genBlockReduce emits the block-per-output kernel.
func genBlockReduce(k *kernelBuilder, bc *bodyCompiler, red *reduction, ops []*operand, nIn int, idx []string, thread, inner []int, ext []int64, threads int64, body *ir.Block, elems map[*plan.Buffer]elem) (*Kernel, error) {
	k.form = FormReduction
	o := red.out
	t := o.el.reg
	length := int64(1)
	for _, d := range inner {
		length *= ext[d]
	}
	k.line(1, "__shared__ %s tl_red[%d];", t, BlockSize)
	k.sharedBytes = BlockSize * 8
	if t == "float" {
		k.sharedBytes = BlockSize * 4
	}
	blockLoop(k, "t", fmt.Sprintf("%dll", threads))
	decompose(k, 2, "t", "r", thread, ext, idx)
	// -0 is the identity of IEEE addition (-0 + x == x for every x).
	zero := "(-0.0f)"
	if t == "double" {
		zero = "(-0.0)"
	}
	k.line(2, "%s part = %s;", t, zero)
	k.line(2, "for (i64 u = threadIdx.x; u < %dll; u += blockDim.x) {", length)
	decompose(k, 3, "u", "ru", inner, ext, idx)
	bc.depth = 3
	for q, op := range ops {
		if op.arg == nil || q >= nIn {
			continue
		}
		name := fmt.Sprintf("a%d", q)
		k.line(3, "const %s %s = %s;", op.el.reg, name, op.el.load(op.buf, op.offset(idx)))
		bc.names[op.arg] = name
	}
	// The output's old value is added once, at the end: in the body it
	// is the identity, so the yielded value is the term itself.
	bc.names[o.arg] = zero
	yield, err := bc.compile(body)
	if err != nil {
		return nil, err
	}
	v, err := bc.value(nil, yield[0])
	if err != nil {
		return nil, err
	}
	k.line(3, "part = part + %s;", v)
	k.line(2, "}")
	k.line(2, "tl_red[threadIdx.x] = part;")
	k.line(2, "__syncthreads();")
	k.line(2, "for (unsigned s = %d; s > 0; s >>= 1) {", BlockSize/2)
	k.line(3, "if (threadIdx.x < s) tl_red[threadIdx.x] = tl_red[threadIdx.x] + tl_red[threadIdx.x + s];")
	k.line(3, "__syncthreads();")
	k.line(2, "}")
	off := o.offset(idx)
	k.line(2, "if (threadIdx.x == 0) %s", o.el.store(o.buf, off, o.el.load(o.buf, off)+" + tl_red[0]"))
	k.line(2, "__syncthreads();")
	k.line(1, "}")
	kern := k.finish(elems, int(min(threads, maxGrid)))
	kern.Sync = true
	return kern, nil
}

// decompose declares the indices of dims (row-major, the last fastest)
// from the flat index src, using r as the running quotient.
func decompose(k *kernelBuilder, depth int, src, r string, dims []int, ext []int64, idx []string) {
	decomposeAs(k, depth, "i64", src, r, dims, ext, idx)
}

// decomposeAs is decompose in C type typ: i64, or int where the indices
// and the offsets they make fit in 31 bits (mma.go's kOffsetType). An
// i64 index of a dim of extent 2 goes through tl_bit (hiprtc; the
// prelude says why); an int one is never compiled by hiprtc (NVIDIA's
// tensor-core body alone uses int).
func decomposeAs(k *kernelBuilder, depth int, typ, src, r string, dims []int, ext []int64, idx []string) {
	if len(dims) == 0 {
		return
	}
	k.line(depth, "%s %s = %s;", typ, r, src)
	for q := len(dims) - 1; q >= 0; q-- {
		d := dims[q]
		switch {
		case ext[d] == 1:
			k.line(depth, "const %s %s = 0;", typ, idx[d])
		case q == 0:
			k.line(depth, "const %s %s = %s;", typ, idx[d], r)
		case ext[d] == 2 && typ == "i64":
			k.line(depth, "const i64 q%d = %s / 2; const i64 %s = tl_bit(%s - q%d * 2); %s = q%d;", d, r, idx[d], r, d, r, d)
		default:
			k.line(depth, "const %s q%d = %s / %d; const %s %s = %s - q%d * %d; %s = q%d;", typ, d, r, ext[d], typ, idx[d], r, d, ext[d], r, d)
		}
	}
}
