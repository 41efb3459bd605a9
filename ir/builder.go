package ir

// Listener is told about IR changes made through a Builder or Rewriter;
// the greedy pattern driver uses it to keep its worklist current.
type Listener interface {
	OpInserted(op *Operation)
	OpErased(op *Operation)
	OpModified(op *Operation)
}

// Builder creates operations at an insertion point.
type Builder struct {
	Ctx      *Context
	Listener Listener
	block    *Block
	before   *Operation // nil: append at the end of block
}

// NewBuilder returns a builder with no insertion point.
func NewBuilder(ctx *Context) *Builder { return &Builder{Ctx: ctx} }

// SetInsertionPointBefore makes new ops go right before op.
func (b *Builder) SetInsertionPointBefore(op *Operation) { b.block, b.before = op.block, op }

// SetInsertionPointAfter makes new ops go right after op.
func (b *Builder) SetInsertionPointAfter(op *Operation) { b.block, b.before = op.block, op.next }

// SetInsertionPointToEnd makes new ops go at the end of block.
func (b *Builder) SetInsertionPointToEnd(block *Block) { b.block, b.before = block, nil }

// SetInsertionPointToStart makes new ops go at the start of block.
func (b *Builder) SetInsertionPointToStart(block *Block) { b.block, b.before = block, block.first }

// InsertionBlock returns the current insertion block.
func (b *Builder) InsertionBlock() *Block { return b.block }

// Insert places a detached op at the insertion point.
func (b *Builder) Insert(op *Operation) *Operation {
	if b.block != nil {
		b.block.InsertBefore(op, b.before)
	}
	if b.Listener != nil {
		b.Listener.OpInserted(op)
	}
	return op
}

// Create builds an op by name (looked up in the context) and inserts it.
func (b *Builder) Create(name string, loc Location, operands []*Value, resultTypes []Type, attrs []NamedAttr, numRegions int) *Operation {
	var def *OpDef
	if b.Ctx != nil {
		def = b.Ctx.Lookup(name)
	}
	return b.Insert(NewOperation(name, def, loc, operands, resultTypes, attrs, numRegions))
}

// CreateBlock appends a new block with the given argument types to r and
// moves the insertion point to its end.
func (b *Builder) CreateBlock(r *Region, argTypes ...Type) *Block {
	blk := NewBlock(argTypes...)
	r.AppendBlock(blk)
	b.SetInsertionPointToEnd(blk)
	return blk
}

// Clone deep-copies op (regions included); operands defined outside the
// clone are looked up in mapping and kept as they are when absent.
func Clone(op *Operation, mapping map[*Value]*Value) *Operation {
	operands := make([]*Value, op.NumOperands())
	for i := range operands {
		v := op.Operand(i)
		if m, ok := mapping[v]; ok {
			v = m
		}
		operands[i] = v
	}
	c := NewOperation(op.Name, op.Def, op.Loc, operands, op.ResultTypes(), nil, 0)
	c.attrs = op.attrs
	c.successors = op.successors
	for i, r := range op.results {
		mapping[r] = c.results[i]
	}
	for _, r := range op.regions {
		nr := c.AddRegion()
		CloneRegionInto(r, nr, mapping)
	}
	return c
}

// CloneRegionInto appends copies of src's blocks to dst.
func CloneRegionInto(src, dst *Region, mapping map[*Value]*Value) {
	for _, blk := range src.blocks {
		nb := NewBlock()
		for _, a := range blk.args {
			mapping[a] = nb.AddArgument(a.typ)
		}
		dst.AppendBlock(nb)
		for o := blk.first; o != nil; o = o.next {
			nb.Append(Clone(o, mapping))
		}
	}
}

// Pattern is a rewrite rooted at ops named Root (any op when empty). Rewrite
// returns true when it changed the IR, which it must do only through rw.
type Pattern struct {
	Name    string
	Root    string
	Benefit int
	Rewrite func(op *Operation, rw *Rewriter) bool
}

// Rewriter is a Builder whose every change is reported to its Listener.
type Rewriter struct {
	Builder
}

// NewRewriter returns a rewriter reporting to l (which may be nil).
func NewRewriter(ctx *Context, l Listener) *Rewriter {
	return &Rewriter{Builder{Ctx: ctx, Listener: l}}
}

// ReplaceOp replaces op's results with vals and erases op.
func (rw *Rewriter) ReplaceOp(op *Operation, vals []*Value) {
	for i, r := range op.results {
		for _, u := range append([]*Operand(nil), r.uses...) {
			u.Set(vals[i])
			rw.notifyModified(u.owner)
		}
	}
	rw.EraseOp(op)
}

// EraseOp erases an op whose results are unused.
func (rw *Rewriter) EraseOp(op *Operation) {
	if rw.Listener != nil {
		op.Walk(PostOrder, func(o *Operation) { rw.Listener.OpErased(o) })
	}
	// Operands of the erased op may become dead: let the driver revisit them.
	defs := op.Operands()
	op.Erase()
	for _, v := range defs {
		if v != nil && v.op != nil {
			rw.notifyModified(v.op)
		}
	}
}

// ModifyInPlace runs fn, which changes op, and reports the change.
func (rw *Rewriter) ModifyInPlace(op *Operation, fn func()) {
	fn()
	rw.notifyModified(op)
}

// ReplaceAllUsesWith redirects the uses of v to w, reporting the users.
func (rw *Rewriter) ReplaceAllUsesWith(v, w *Value) {
	for _, u := range append([]*Operand(nil), v.uses...) {
		u.Set(w)
		rw.notifyModified(u.owner)
	}
}

func (rw *Rewriter) notifyModified(op *Operation) {
	if rw.Listener != nil {
		rw.Listener.OpModified(op)
	}
}
