package linalg

import (
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
)

// BodyBuilder fills a structured op's body: it receives a builder placed
// in the body block and the block arguments (inputs then outputs) and
// returns the values to yield.
type BodyBuilder func(b *ir.Builder, args []*ir.Value) []*ir.Value

// subBuilder returns a copy of b (same context and listener) that inserts
// at the end of block.
func subBuilder(b *ir.Builder, block *ir.Block) *ir.Builder {
	nb := *b
	nb.SetInsertionPointToEnd(block)
	return &nb
}

// NewGeneric builds a linalg.generic over inputs and outputs at b's
// insertion point. resultTypes are normally the output tensor types. The
// body block gets one argument per operand with its element type, and
// bodyBuilder's values are yielded.
func NewGeneric(b *ir.Builder, loc ir.Location, inputs, outputs []*ir.Value, maps []affine.Map, iterators []string, resultTypes []ir.Type, bodyBuilder BodyBuilder) *ir.Operation {
	operands := append(append([]*ir.Value(nil), inputs...), outputs...)
	attrs := []ir.NamedAttr{
		{Name: IndexingMapsAttr, Value: MapsAttr(maps)},
		{Name: IteratorTypesAttr, Value: IteratorTypesAttrOf(iterators)},
		{Name: SegmentsAttr, Value: segmentSizes(len(inputs), len(outputs))},
	}
	op := b.Create(Generic, loc, operands, resultTypes, attrs, 1)
	block := ir.NewBlock(elemTypes(operands)...)
	op.Region(0).AppendBlock(block)
	if bodyBuilder != nil {
		nb := subBuilder(b, block)
		NewYield(nb, loc, bodyBuilder(nb, block.Args()))
	}
	return op
}

// NewNamed builds a named structured op (linalg.matmul, a convolution,
// ...) with its implicit body, as the custom-form parser would. attrs
// holds strides, dilations or cast where the op takes them. It returns
// nil for a name that is not a named op.
func NewNamed(b *ir.Builder, loc ir.Location, name string, inputs, outputs []*ir.Value, attrs []ir.NamedAttr) *ir.Operation {
	s := namedSpecFor(name)
	if s == nil {
		return nil
	}
	operands := append(append([]*ir.Value(nil), inputs...), outputs...)
	all := append(append([]ir.NamedAttr(nil), attrs...), ir.NamedAttr{Name: SegmentsAttr, Value: segmentSizes(len(inputs), len(outputs))})
	op := b.Create(name, loc, operands, tensorResults(typesOf(outputs)), all, 1)
	block := ir.NewBlock(elemTypes(operands)...)
	op.Region(0).AppendBlock(block)
	buildNamedBody(b.Ctx, block, s.body, castUnsigned(s, op.Attrs()))
	return op
}

// NewFill builds `linalg.fill ins(value) outs(init)` and returns the op;
// its result is the filled tensor.
func NewFill(b *ir.Builder, loc ir.Location, value, init *ir.Value) *ir.Operation {
	return NewNamed(b, loc, Fill, []*ir.Value{value}, []*ir.Value{init}, nil)
}

// NewTranspose builds `linalg.transpose` of input into init.
func NewTranspose(b *ir.Builder, loc ir.Location, input, init *ir.Value, perm []int64) *ir.Operation {
	return newIdentityOp(b, loc, Transpose, input, init, PermutationAttr, perm)
}

// NewBroadcast builds `linalg.broadcast` of input into init, adding dims.
func NewBroadcast(b *ir.Builder, loc ir.Location, input, init *ir.Value, dims []int64) *ir.Operation {
	return newIdentityOp(b, loc, Broadcast, input, init, DimensionsAttr, dims)
}

func newIdentityOp(b *ir.Builder, loc ir.Location, name string, input, init *ir.Value, attr string, vals []int64) *ir.Operation {
	operands := []*ir.Value{input, init}
	op := b.Create(name, loc, operands, tensorResults([]ir.Type{init.Type()}),
		[]ir.NamedAttr{{Name: attr, Value: ir.I64Array(vals...)}}, 1)
	block := ir.NewBlock(elemTypes(operands)...)
	op.Region(0).AppendBlock(block)
	NewYield(subBuilder(b, block), ir.UnknownLoc{}, block.Args()[:1])
	return op
}

// NewReduce builds `linalg.reduce` of inputs into inits along dims; the
// body receives the input elements then the accumulators.
func NewReduce(b *ir.Builder, loc ir.Location, inputs, inits []*ir.Value, dims []int64, bodyBuilder BodyBuilder) *ir.Operation {
	operands := append(append([]*ir.Value(nil), inputs...), inits...)
	op := b.Create(Reduce, loc, operands, tensorResults(typesOf(inits)),
		[]ir.NamedAttr{{Name: DimensionsAttr, Value: ir.I64Array(dims...)}}, 1)
	block := ir.NewBlock(elemTypes(operands)...)
	op.Region(0).AppendBlock(block)
	nb := subBuilder(b, block)
	NewYield(nb, loc, bodyBuilder(nb, block.Args()))
	return op
}

// NewMap builds `linalg.map` of inputs into init; the body receives one
// element per input.
func NewMap(b *ir.Builder, loc ir.Location, inputs []*ir.Value, init *ir.Value, bodyBuilder BodyBuilder) *ir.Operation {
	operands := append(append([]*ir.Value(nil), inputs...), init)
	op := b.Create(Map, loc, operands, tensorResults([]ir.Type{init.Type()}), nil, 1)
	block := ir.NewBlock(elemTypes(inputs)...)
	op.Region(0).AppendBlock(block)
	nb := subBuilder(b, block)
	NewYield(nb, loc, bodyBuilder(nb, block.Args()))
	return op
}

// Generalize builds, at b's insertion point, the linalg.generic that op
// (a named op, map, reduce, transpose or broadcast) stands for: the same
// operands, indexing maps, iterator types, result types and a clone of
// its body. The caller replaces op's uses and erases it. It returns nil
// when op is not such an op or is malformed; a linalg.generic is cloned.
func Generalize(b *ir.Builder, op *ir.Operation) *ir.Operation {
	inf := infos[op.Name]
	if inf == nil {
		return nil
	}
	maps := IndexingMaps(op)
	iters := IteratorTypes(op)
	ins, outs := Inputs(op), Outputs(op)
	body := Body(op)
	if maps == nil || iters == nil || (ins == nil && outs == nil && op.NumOperands() > 0) || body == nil {
		return nil
	}
	gen := NewGeneric(b, op.Loc, ins, outs, maps, iters, op.ResultTypes(), nil)
	if inf.kind == kindGeneric {
		for _, na := range op.Attrs() {
			gen.SetAttr(na.Name, na.Value)
		}
	}
	block := gen.Region(0).Front()
	mapping := map[*ir.Value]*ir.Value{}
	for i, a := range body.Args() {
		if i < len(block.Args()) {
			mapping[a] = block.Arg(i)
		}
	}
	for o := body.First(); o != nil; o = o.Next() {
		c := ir.Clone(o, mapping)
		block.Append(c)
		if b.Listener != nil {
			b.Listener.OpInserted(c)
		}
	}
	return gen
}

// GeneralizePattern rewrites named ops into linalg.generic, like
// upstream's linalg-generalize-named-ops (which leaves map, reduce,
// transpose and broadcast alone).
var GeneralizePattern = &ir.Pattern{
	Name:    "linalg-generalize-named-op",
	Benefit: 1,
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		if !IsNamed(op) {
			return false
		}
		rw.SetInsertionPointBefore(op)
		gen := Generalize(&rw.Builder, op)
		if gen == nil {
			return false
		}
		rw.ReplaceOp(op, gen.Results())
		return true
	},
}

// GeneralizeNamedOps rewrites every named op under root into
// linalg.generic and returns how many it rewrote: the body of the
// linalg-generalize-named-ops pass, with upstream's output.
func GeneralizeNamedOps(ctx *ir.Context, root *ir.Operation) int {
	return GeneralizeWhere(ctx, root, IsNamed)
}

// GeneralizeAll is GeneralizeNamedOps extended to linalg.map,
// linalg.reduce, linalg.transpose and linalg.broadcast, so that later
// passes only ever see linalg.generic.
func GeneralizeAll(ctx *ir.Context, root *ir.Operation) int {
	return GeneralizeWhere(ctx, root, func(o *ir.Operation) bool { return IsStructured(o) && o.Name != Generic })
}

// GeneralizeWhere rewrites into linalg.generic each op under root that
// pred accepts (asked of every op, in post-order, before any rewrite) and
// returns how many it rewrote.
func GeneralizeWhere(ctx *ir.Context, root *ir.Operation, pred func(*ir.Operation) bool) int {
	var todo []*ir.Operation
	root.Walk(ir.PostOrder, func(o *ir.Operation) {
		if o != root && pred(o) {
			todo = append(todo, o)
		}
	})
	n := 0
	b := ir.NewBuilder(ctx)
	for _, o := range todo {
		b.SetInsertionPointBefore(o)
		gen := Generalize(b, o)
		if gen == nil {
			continue
		}
		o.ReplaceAllUsesWith(gen.Results())
		o.Erase()
		n++
	}
	return n
}
