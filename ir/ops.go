package ir

import (
	"iter"
	"sort"
)

// Value is an SSA value: an operation result or a block argument. It keeps
// its uses so that rewrites can replace all of them and DCE can see dead
// results.
type Value struct {
	typ   Type
	op    *Operation // defining op for results
	block *Block     // owner block for block arguments
	index int        // result or argument number
	uses  []*Operand
	// firstUse backs uses until a second use: most values have one, and
	// growing a slice from nothing for each was a good part of building
	// IR.
	firstUse [1]*Operand
}

// Type returns the value's type.
func (v *Value) Type() Type { return v.typ }

// SetType changes the value's type; the caller keeps the IR valid.
func (v *Value) SetType(t Type) { v.typ = t }

// DefiningOp returns the op that produced a result, or nil for a block argument.
func (v *Value) DefiningOp() *Operation { return v.op }

// OwnerBlock returns the block of a block argument, or nil for a result.
func (v *Value) OwnerBlock() *Block { return v.block }

// Index is the result number or the argument number.
func (v *Value) Index() int { return v.index }

// IsBlockArg reports whether v is a block argument.
func (v *Value) IsBlockArg() bool { return v.block != nil }

// ParentBlock is the block that holds the definition of v.
func (v *Value) ParentBlock() *Block {
	if v.block != nil {
		return v.block
	}
	return v.op.block
}

// Uses returns the operands that read v, in no particular order.
func (v *Value) Uses() []*Operand { return v.uses }

// HasUses reports whether anything reads v.
func (v *Value) HasUses() bool { return len(v.uses) > 0 }

// HasOneUse reports whether exactly one operand reads v.
func (v *Value) HasOneUse() bool { return len(v.uses) == 1 }

// Users returns the distinct ops that read v, in IR order of first appearance
// among the use list.
func (v *Value) Users() []*Operation {
	var out []*Operation
	seen := map[*Operation]bool{}
	for _, u := range v.uses {
		if !seen[u.owner] {
			seen[u.owner] = true
			out = append(out, u.owner)
		}
	}
	return out
}

// ReplaceAllUsesWith redirects every use of v to w.
func (v *Value) ReplaceAllUsesWith(w *Value) {
	if v == w {
		return
	}
	for len(v.uses) > 0 {
		v.uses[len(v.uses)-1].Set(w)
	}
}

// ReplaceUsesIf redirects the uses for which keep returns true.
func (v *Value) ReplaceUsesIf(w *Value, pred func(*Operand) bool) {
	for _, u := range append([]*Operand(nil), v.uses...) {
		if pred(u) {
			u.Set(w)
		}
	}
}

func (v *Value) removeUse(o *Operand) {
	for i, u := range v.uses {
		if u == o {
			last := len(v.uses) - 1
			v.uses[i] = v.uses[last]
			v.uses = v.uses[:last]
			return
		}
	}
}

// Operand is one use of a value by an operation.
type Operand struct {
	owner *Operation
	index int
	value *Value
}

// Owner is the op that reads the value.
func (o *Operand) Owner() *Operation { return o.owner }

// Index is the operand number in its owner.
func (o *Operand) Index() int { return o.index }

// Value is the value read.
func (o *Operand) Value() *Value { return o.value }

// Set makes the operand read w instead.
func (o *Operand) Set(w *Value) {
	if o.value != nil {
		o.value.removeUse(o)
	}
	o.value = w
	if w != nil {
		if w.uses == nil {
			w.uses = w.firstUse[:0]
		}
		w.uses = append(w.uses, o)
	}
}

// Operation is the one generic op type. What an op means is described by
// its OpDef row in the registry (Def), found by Name.
type Operation struct {
	Name string
	Def  *OpDef // nil for unregistered ops
	Loc  Location

	operands   []Operand
	results    []*Value
	attrs      DictionaryAttr
	regions    []*Region
	successors []*Block

	block      *Block
	prev, next *Operation
}

// NewOperation creates a detached op. def may be nil for unregistered ops.
func NewOperation(name string, def *OpDef, loc Location, operands []*Value, resultTypes []Type, attrs []NamedAttr, numRegions int) *Operation {
	if loc == nil {
		loc = UnknownLoc{}
	}
	// The op, its results and its regions come in as few allocations as
	// their counts allow: building IR (the importer, a compiled module's
	// loader) creates ops by the thousand, and most have one result.
	var op *Operation
	switch {
	case len(resultTypes) == 1 && numRegions == 0 && len(operands) <= 2:
		// Most ops: one result, no region, at most two operands (arith).
		x := &struct {
			op       Operation
			ptrs     [1]*Value
			val      Value
			operands [2]Operand
		}{}
		op, x.ptrs[0] = &x.op, &x.val
		op.results = x.ptrs[:]
		op.operands = x.operands[:0:len(operands)]
	case len(resultTypes) == 1 && numRegions == 0:
		x := &struct {
			op   Operation
			ptrs [1]*Value
			val  Value
		}{}
		op, x.ptrs[0] = &x.op, &x.val
		op.results = x.ptrs[:]
	case len(resultTypes) == 1 && numRegions == 1:
		x := &struct {
			op      Operation
			ptrs    [1]*Value
			val     Value
			regions [1]*Region
			region  Region
		}{}
		op, x.ptrs[0], x.regions[0] = &x.op, &x.val, &x.region
		op.results, op.regions = x.ptrs[:], x.regions[:]
	default:
		op = &Operation{}
		if len(resultTypes) > 0 {
			op.results = make([]*Value, len(resultTypes))
			vals := make([]Value, len(resultTypes))
			for i := range vals {
				op.results[i] = &vals[i]
			}
		}
		if numRegions > 0 {
			op.regions = make([]*Region, numRegions)
			regions := make([]Region, numRegions)
			for i := range regions {
				op.regions[i] = &regions[i]
			}
		}
	}
	op.Name, op.Def, op.Loc, op.attrs = name, def, loc, withDefaults(def, NewDictionary(attrs))
	if cap(op.operands) >= len(operands) {
		op.setOperandsIn(op.operands[:len(operands)], operands)
	} else {
		op.SetOperands(operands)
	}
	for i, t := range resultTypes {
		mustType(t, name, " result")
		*op.results[i] = Value{typ: t, op: op, index: i}
	}
	for _, r := range op.regions {
		r.parent = op
	}
	return op
}

// NumOperands is the operand count.
func (op *Operation) NumOperands() int { return len(op.operands) }

// Operand returns operand i's value.
func (op *Operation) Operand(i int) *Value { return op.operands[i].value }

// OpOperand returns the use object of operand i.
func (op *Operation) OpOperand(i int) *Operand { return &op.operands[i] }

// Operands returns the operand values (a fresh slice).
func (op *Operation) Operands() []*Value {
	vs := make([]*Value, len(op.operands))
	for i, o := range op.operands {
		vs[i] = o.value
	}
	return vs
}

// SetOperand makes operand i read v.
func (op *Operation) SetOperand(i int, v *Value) { op.operands[i].Set(v) }

// SetOperands replaces the whole operand list.
func (op *Operation) SetOperands(vs []*Value) {
	for i := range op.operands {
		op.operands[i].Set(nil)
	}
	// One allocation for all the operands: building IR (the importer,
	// a compiled module's loader) creates ops by the thousand. The old
	// ones are off every use list, so nothing points at them.
	op.setOperandsIn(make([]Operand, len(vs)), vs)
}

// setOperandsIn makes op read vs through the operands in store (len(vs)
// of them, not on any use list).
func (op *Operation) setOperandsIn(store []Operand, vs []*Value) {
	op.operands = store
	for i, v := range vs {
		op.operands[i] = Operand{owner: op, index: i}
		op.operands[i].Set(v)
	}
}

// NumResults is the result count.
func (op *Operation) NumResults() int { return len(op.results) }

// Result returns result i.
func (op *Operation) Result(i int) *Value { return op.results[i] }

// Results returns the results (the op's own slice; do not modify).
func (op *Operation) Results() []*Value { return op.results }

// ResultTypes returns the result types.
func (op *Operation) ResultTypes() []Type {
	ts := make([]Type, len(op.results))
	for i, r := range op.results {
		ts[i] = r.typ
	}
	return ts
}

// OperandTypes returns the operand types.
func (op *Operation) OperandTypes() []Type {
	ts := make([]Type, len(op.operands))
	for i, o := range op.operands {
		ts[i] = o.value.typ
	}
	return ts
}

// Attrs returns the attribute dictionary, sorted by name.
func (op *Operation) Attrs() DictionaryAttr { return op.attrs }

// Attr returns the named attribute or nil.
func (op *Operation) Attr(name string) Attribute { return op.attrs.Get(name) }

// SetAttr sets (or adds) an attribute.
func (op *Operation) SetAttr(name string, v Attribute) { op.attrs = op.attrs.With(name, v) }

// RemoveAttr deletes an attribute if present.
func (op *Operation) RemoveAttr(name string) {
	i := sort.Search(len(op.attrs), func(i int) bool { return op.attrs[i].Name >= name })
	if i < len(op.attrs) && op.attrs[i].Name == name {
		op.attrs = append(op.attrs[:i:i], op.attrs[i+1:]...)
	}
}

// SetAttrs replaces all attributes.
func (op *Operation) SetAttrs(d DictionaryAttr) { op.attrs = d }

// NumRegions is the region count.
func (op *Operation) NumRegions() int { return len(op.regions) }

// Region returns region i.
func (op *Operation) Region(i int) *Region { return op.regions[i] }

// Regions returns the regions.
func (op *Operation) Regions() []*Region { return op.regions }

// AddRegion appends an empty region and returns it.
func (op *Operation) AddRegion() *Region {
	r := &Region{parent: op}
	op.regions = append(op.regions, r)
	return r
}

// Successors returns the successor blocks of a terminator.
func (op *Operation) Successors() []*Block { return op.successors }

// SetSuccessors sets the successor blocks.
func (op *Operation) SetSuccessors(bs []*Block) { op.successors = bs }

// Block returns the block holding op, or nil if detached.
func (op *Operation) Block() *Block { return op.block }

// ParentOp returns the op whose region holds op, or nil.
func (op *Operation) ParentOp() *Operation {
	if op.block == nil || op.block.parent == nil {
		return nil
	}
	return op.block.parent.parent
}

// Next returns the following op in the block.
func (op *Operation) Next() *Operation { return op.next }

// Prev returns the preceding op in the block.
func (op *Operation) Prev() *Operation { return op.prev }

// HasTrait reports whether the op's definition has all traits in t.
func (op *Operation) HasTrait(t Trait) bool { return op.Def != nil && op.Def.Traits&t == t }

// IsBeforeInBlock reports whether op precedes other in the same block.
func (op *Operation) IsBeforeInBlock(other *Operation) bool {
	b := op.block
	if b.orderOf == nil && b.n <= shortBlock {
		// A short block is walked rather than numbered: the numbering
		// is a map, and verifying a compiled module's kernels (blocks
		// of a few ops) would build one per block.
		for o := op.next; o != nil; o = o.next {
			if o == other {
				return true
			}
		}
		return false
	}
	b.renumber()
	return op.order() < other.order()
}

// shortBlock is the length up to which IsBeforeInBlock walks a block.
const shortBlock = 16

func (op *Operation) order() int { return op.block.orderOf[op] }

// IsProperAncestor reports whether op encloses other.
func (op *Operation) IsProperAncestor(other *Operation) bool {
	for p := other.ParentOp(); p != nil; p = p.ParentOp() {
		if p == op {
			return true
		}
	}
	return false
}

// Remove unlinks op from its block without destroying it.
func (op *Operation) Remove() {
	b := op.block
	if b == nil {
		return
	}
	if op.prev != nil {
		op.prev.next = op.next
	} else {
		b.first = op.next
	}
	if op.next != nil {
		op.next.prev = op.prev
	} else {
		b.last = op.prev
	}
	op.prev, op.next, op.block = nil, nil, nil
	b.n--
	b.orderOf = nil
}

// Erase unlinks op and drops every use it makes, recursively through its
// regions. Its results must be unused.
func (op *Operation) Erase() {
	op.Remove()
	op.DropAllReferences()
}

// DropAllReferences drops the op's operand uses, recursively.
func (op *Operation) DropAllReferences() {
	for i := range op.operands {
		op.operands[i].Set(nil)
	}
	for _, r := range op.regions {
		for _, b := range r.blocks {
			for o := b.first; o != nil; o = o.next {
				o.DropAllReferences()
			}
		}
	}
}

// MoveBefore moves op (attached or not) in front of other.
func (op *Operation) MoveBefore(other *Operation) {
	op.Remove()
	other.block.insertBefore(op, other)
}

// MoveAfter moves op right after other.
func (op *Operation) MoveAfter(other *Operation) {
	op.Remove()
	other.block.insertAfter(op, other)
}

// ReplaceAllUsesWith replaces each result's uses with the matching value.
func (op *Operation) ReplaceAllUsesWith(vs []*Value) {
	for i, r := range op.results {
		r.ReplaceAllUsesWith(vs[i])
	}
}

// WalkOrder chooses when an op is visited relative to its regions.
type WalkOrder int

const (
	PreOrder WalkOrder = iota
	PostOrder
)

// Walk visits op and every op nested in it. Ops may be erased during a
// post-order walk of themselves.
func (op *Operation) Walk(order WalkOrder, fn func(*Operation)) {
	if order == PreOrder {
		fn(op)
	}
	for _, r := range op.regions {
		for _, b := range r.blocks {
			for o := b.first; o != nil; {
				next := o.next
				o.Walk(order, fn)
				o = next
			}
		}
	}
	if order == PostOrder {
		fn(op)
	}
}

// Block is a list of operations with arguments, inside a region.
type Block struct {
	args        []*Value
	first, last *Operation
	n           int
	parent      *Region
	orderOf     map[*Operation]int // lazily rebuilt position index
}

// NewBlock creates a detached block with arguments of the given types.
func NewBlock(argTypes ...Type) *Block {
	// A block of a few arguments is one allocation with them (a compiled
	// module's loader builds a hundred small blocks before its first
	// result).
	var b *Block
	var vals []Value
	if len(argTypes) <= 4 {
		x := &struct {
			b    Block
			ptrs [4]*Value
			vals [4]Value
		}{}
		b, vals = &x.b, x.vals[:len(argTypes)]
		// Capped: a caller appending to Args() must not write into the
		// block's spare room.
		b.args = x.ptrs[:len(argTypes):len(argTypes)]
	} else {
		b = &Block{args: make([]*Value, len(argTypes))}
		vals = make([]Value, len(argTypes))
	}
	for i, t := range argTypes {
		mustType(t, "block argument", "")
		vals[i] = Value{typ: t, block: b, index: i}
		b.args[i] = &vals[i]
	}
	return b
}

// Args returns the block arguments.
func (b *Block) Args() []*Value { return b.args }

// Arg returns argument i.
func (b *Block) Arg(i int) *Value { return b.args[i] }

// AddArgument appends an argument.
func (b *Block) AddArgument(t Type) *Value {
	mustType(t, "block argument", "")
	v := &Value{typ: t, block: b, index: len(b.args)}
	b.args = append(b.args, v)
	return v
}

// EraseArgument removes argument i; it must be unused.
func (b *Block) EraseArgument(i int) {
	b.args = append(b.args[:i:i], b.args[i+1:]...)
	for j := i; j < len(b.args); j++ {
		b.args[j].index = j
	}
}

// Parent returns the region holding b.
func (b *Block) Parent() *Region { return b.parent }

// ParentOp returns the op whose region holds b.
func (b *Block) ParentOp() *Operation {
	if b.parent == nil {
		return nil
	}
	return b.parent.parent
}

// First returns the first op, or nil.
func (b *Block) First() *Operation { return b.first }

// Last returns the last op, or nil.
func (b *Block) Last() *Operation { return b.last }

// Len returns the number of ops.
func (b *Block) Len() int { return b.n }

// Empty reports whether the block has no ops.
func (b *Block) Empty() bool { return b.first == nil }

// Ops iterates over the ops; the current op may be erased while iterating.
func (b *Block) Ops() iter.Seq[*Operation] {
	return func(yield func(*Operation) bool) {
		for o := b.first; o != nil; {
			next := o.next
			if !yield(o) {
				return
			}
			o = next
		}
	}
}

// OpList returns the ops as a slice snapshot.
func (b *Block) OpList() []*Operation {
	out := make([]*Operation, 0, b.n)
	for o := b.first; o != nil; o = o.next {
		out = append(out, o)
	}
	return out
}

// Terminator returns the last op if it is a terminator.
func (b *Block) Terminator() *Operation {
	if b.last != nil && b.last.HasTrait(Terminator) {
		return b.last
	}
	return nil
}

// Append adds op at the end of the block.
func (b *Block) Append(op *Operation) {
	if op.block != nil {
		op.Remove()
	}
	op.block = b
	op.prev = b.last
	if b.last != nil {
		b.last.next = op
	} else {
		b.first = op
	}
	b.last = op
	b.n++
	b.orderOf = nil
}

func (b *Block) insertBefore(op, before *Operation) {
	if before == nil {
		b.Append(op)
		return
	}
	op.block = b
	op.next = before
	op.prev = before.prev
	if before.prev != nil {
		before.prev.next = op
	} else {
		b.first = op
	}
	before.prev = op
	b.n++
	b.orderOf = nil
}

func (b *Block) insertAfter(op, after *Operation) {
	if after.next == nil {
		b.Append(op)
		return
	}
	b.insertBefore(op, after.next)
}

// InsertBefore inserts a detached op before another op of this block (or
// appends when before is nil).
func (b *Block) InsertBefore(op, before *Operation) {
	if op.block != nil {
		op.Remove()
	}
	b.insertBefore(op, before)
}

func (b *Block) renumber() {
	if b.orderOf != nil {
		return
	}
	b.orderOf = make(map[*Operation]int, b.n)
	i := 0
	for o := b.first; o != nil; o = o.next {
		b.orderOf[o] = i
		i++
	}
}

// Region is a list of blocks owned by an operation.
type Region struct {
	blocks []*Block
	parent *Operation
}

// Blocks returns the blocks.
func (r *Region) Blocks() []*Block { return r.blocks }

// Empty reports whether the region has no blocks.
func (r *Region) Empty() bool { return len(r.blocks) == 0 }

// Front returns the entry block, or nil.
func (r *Region) Front() *Block {
	if len(r.blocks) == 0 {
		return nil
	}
	return r.blocks[0]
}

// ParentOp returns the owning op.
func (r *Region) ParentOp() *Operation { return r.parent }

// AppendBlock adds a block at the end.
func (r *Region) AppendBlock(b *Block) {
	b.parent = r
	r.blocks = append(r.blocks, b)
}

// TakeBody moves all blocks of other into r (r must be empty).
func (r *Region) TakeBody(other *Region) {
	for _, b := range other.blocks {
		r.AppendBlock(b)
	}
	other.blocks = nil
}

// Index returns the index of r in its parent op.
func (r *Region) Index() int {
	for i, x := range r.parent.regions {
		if x == r {
			return i
		}
	}
	return -1
}
