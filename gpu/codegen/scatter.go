package codegen

import (
	"fmt"

	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
	"github.com/torchlower/torchlower/plan"
)

// scatterThreads is about how many threads a scatter kernel asks for:
// the points of its free loops times buckets of the first named dim's
// positions, as many buckets as that takes.
const scatterThreads = 1 << 16

// genScatter emits a generic of scatter form f (plan.MatchScatter) as
// the scatter: a thread per point of the free loops (the embedding dim)
// and bucket b of the positions of the first dim the indices name (p mod
// B = b), which runs k in order, evaluates the positions k names (the
// ops f's positions are computed by, in a block of their own), and where
// they lie inside the output and in its bucket runs the body at that
// element. Distinct threads write distinct elements and each element
// sees its k in increasing order: the reduction's bits, the CPU's, with
// each index read once per thread instead of once per element. The
// dense reduction ran a thread per destination element over all K
// positions (a 50 K x 768 embedding gradient from 8 K tokens: 3·10¹¹
// evaluations).
func genScatter(k *kernelBuilder, s *plan.Step, f *plan.ScatterForm, body *ir.Block, ops []*operand, ext []int64, elems map[*plan.Buffer]elem) (*Kernel, error) {
	op := s.Op
	nIn := len(s.Inputs)
	n := len(ext)
	idx := idxNames("i", n)
	points := int64(1)
	for _, d := range f.Free {
		points *= ext[d]
	}
	d0 := f.Dims[0]
	buckets := min(ext[d0], max(1, scatterThreads/max(points, 1)))
	threads := buckets * points

	k.form = FormScatter
	gridLoop(k, threads)
	// t unravels to (bucket, the free loops in order).
	names := append([]string{"tl_b"}, make([]string, len(f.Free))...)
	shape := append([]int64{buckets}, make([]int64, len(f.Free))...)
	for q, d := range f.Free {
		names[q+1], shape[q+1] = idx[d], ext[d]
	}
	unravel(k, names, shape)
	if buckets == 1 {
		k.line(2, "(void)tl_b;")
	}
	red := f.Red
	k.line(2, "#pragma unroll 1")
	k.line(2, "for (i64 %s = 0; %s < %d; ++%s) {", idx[red], idx[red], ext[red], idx[red])
	// The positions, from the inputs indexed by k alone.
	for j := range f.Dims {
		k.line(3, "i64 p%d;", j)
	}
	k.line(3, "{")
	pc := &bodyCompiler{k: k, names: map[*ir.Value]string{}, idx: idx, loops: n, depth: 4}
	for i, byK := range f.ByK {
		if o := ops[i]; byK && o.arg != nil {
			name := fmt.Sprintf("a%d", i)
			k.line(4, "const %s %s = %s;", o.el.reg, name, o.el.load(o.buf, o.offset(idx)))
			pc.names[o.arg] = name
		}
	}
	for _, o := range plan.OpsComputing(body, f.Positions) {
		if err := pc.op(o); err != nil {
			return nil, err
		}
	}
	for j, v := range f.Positions {
		p, err := pc.value(op, v)
		if err != nil {
			return nil, err
		}
		k.line(4, "p%d = %s;", j, p)
	}
	k.line(3, "}")
	// A position outside the output names no element; one of another
	// bucket is another thread's.
	for j, d := range f.Dims {
		k.line(3, "if ((u64)p%d >= %dull) continue;", j, ext[d])
	}
	if buckets > 1 {
		k.line(3, "if (p0 %% %d != tl_b) continue;", buckets)
	}
	for j, d := range f.Dims {
		k.line(3, "const i64 %s = p%d;", idx[d], j)
	}
	bc := &bodyCompiler{k: k, names: map[*ir.Value]string{}, idx: idx, loops: n, depth: 3}
	for q, o := range ops {
		if o.arg == nil {
			continue
		}
		name := fmt.Sprintf("a%d", q)
		k.line(3, "const %s %s = %s;", o.el.reg, name, o.el.load(o.buf, o.offset(idx)))
		bc.names[o.arg] = name
	}
	yield, err := bc.compile(body)
	if err != nil {
		return nil, err
	}
	if len(yield) != 1 {
		return nil, ir.OpErrorf(op, "linalg.yield has %d values for 1 output", len(yield))
	}
	out := ops[nIn]
	if ye, err := elemOf(yield[0].Type()); err != nil || ye.float != out.el.float {
		return nil, ir.OpErrorf(op, "yielded value of type %s does not match output type %s", yield[0].Type(), s.Outputs[0].Buf.Elem)
	}
	v, err := bc.value(op, yield[0])
	if err != nil {
		return nil, err
	}
	k.line(3, "%s", out.el.store(out.buf, out.offset(idx), v))
	k.line(2, "}")
	k.line(1, "}")
	return k.finish(elems, gridFor(threads)), nil
}

// scatterForm returns the scatter form of generic step s (maps, iters
// and body decoded) (nil: none, or an input shares the output's buffer:
// the order of elements changes).
func scatterForm(s *plan.Step, maps []affine.Map, iters []string, body *ir.Block) *plan.ScatterForm {
	f := plan.MatchScatter(maps, iters, body, len(s.Inputs))
	if f == nil {
		return nil
	}
	for _, v := range s.Inputs {
		if v.Buf == s.Outputs[0].Buf {
			return nil
		}
	}
	return f
}
