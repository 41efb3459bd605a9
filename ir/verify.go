package ir

import "fmt"

// Verify checks the structural invariants of op and everything nested in
// it — operands defined and dominating their uses, values not crossing an
// isolated-from-above boundary, terminators where they belong, the traits'
// promises — then each op's own verifier. It returns the first failure as a
// *Diagnostic at the offending op.
func Verify(op *Operation) error {
	v := &verifier{doms: map[*Region]*domInfo{}}
	return v.verifyOp(op)
}

type verifier struct {
	doms map[*Region]*domInfo
}

func (v *verifier) verifyOp(op *Operation) error {
	for i := 0; i < op.NumOperands(); i++ {
		val := op.Operand(i)
		if val == nil {
			return OpErrorf(op, "operand #%d is null", i)
		}
		if err := v.checkDominance(op, i, val); err != nil {
			return err
		}
	}
	if op.HasTrait(Terminator) && op.block != nil && op.next != nil {
		return OpErrorf(op, "must be the last operation in the parent block")
	}
	if op.HasTrait(SingleBlock) {
		for _, r := range op.regions {
			if len(r.blocks) > 1 {
				return OpErrorf(op, "expects region #%d to have 0 or 1 blocks", r.Index())
			}
		}
	}
	if op.HasTrait(SameOperandsAndResultType) {
		if err := verifySameType(op); err != nil {
			return err
		}
	}
	for _, r := range op.regions {
		for _, b := range r.blocks {
			if err := v.verifyBlock(op, b); err != nil {
				return err
			}
		}
	}
	if op.Def != nil && op.Def.Verify != nil {
		if err := op.Def.Verify(op); err != nil {
			return err
		}
	}
	return nil
}

func (v *verifier) verifyBlock(parent *Operation, b *Block) error {
	for o := b.first; o != nil; o = o.next {
		if err := v.verifyOp(o); err != nil {
			return err
		}
	}
	if parent.HasTrait(NoTerminator) || parent.Def == nil {
		return nil
	}
	last := b.last
	if last == nil {
		if len(b.parent.blocks) == 1 && len(b.args) == 0 {
			// An empty single block stands for an empty body; ops whose
			// bodies must not be empty say so in their own verifier.
			return nil
		}
		return Errorf(parent.Loc, "empty block: expect at least a terminator")
	}
	if last.Def != nil && !last.HasTrait(Terminator) {
		return OpErrorf(last, "block must end in a terminator of '%s'", parent.Name).
			WithNote(parent.Loc, "in this region")
	}
	return nil
}

func verifySameType(op *Operation) error {
	var want Type
	same := func(t Type) bool {
		if want == nil {
			want = t
		}
		return TypeEqual(t, want)
	}
	for i := range op.NumOperands() {
		if !same(op.Operand(i).Type()) {
			return OpErrorf(op, "requires the same type for all operands and results")
		}
	}
	for i := range op.NumResults() {
		if !same(op.Result(i).Type()) {
			return OpErrorf(op, "requires the same type for all operands and results")
		}
	}
	return nil
}

// ancestorIn returns the op enclosing user (or user itself) that sits
// directly in block b, or nil.
func ancestorInBlock(user *Operation, b *Block) *Operation {
	for o := user; o != nil; o = o.ParentOp() {
		if o.block == b {
			return o
		}
	}
	return nil
}

// ancestorInRegion returns the op enclosing user (or user itself) whose
// block is in region r, or nil.
func ancestorInRegion(user *Operation, r *Region) *Operation {
	for o := user; o != nil; o = o.ParentOp() {
		if o.block != nil && o.block.parent == r {
			return o
		}
	}
	return nil
}

func (v *verifier) checkDominance(user *Operation, idx int, val *Value) error {
	defBlock := val.ParentBlock()
	if defBlock == nil {
		return OpErrorf(user, "operand #%d is not attached to any block", idx)
	}
	// Crossing an isolated-from-above op boundary is never allowed.
	for o := user.ParentOp(); o != nil; o = o.ParentOp() {
		if o.HasTrait(IsolatedFromAbove) {
			if !definedInside(defBlock, o) {
				return OpErrorf(user, "using value defined outside the region").
					WithNote(o.Loc, "required by region isolation constraints")
			}
			break
		}
	}
	anc := ancestorInRegion(user, defBlock.parent)
	if anc == nil {
		return v.dominanceError(user, idx, val)
	}
	if anc.block == defBlock {
		if val.op == nil {
			return nil // block argument of the same block
		}
		if val.op == anc || !val.op.IsBeforeInBlock(anc) {
			return v.dominanceError(user, idx, val)
		}
		return nil
	}
	// Different blocks of one region: the defining block must dominate.
	if !v.dominates(defBlock, anc.block) {
		return v.dominanceError(user, idx, val)
	}
	return nil
}

// definedInside reports whether block b lies within a region of op.
func definedInside(b *Block, op *Operation) bool {
	for p := b.ParentOp(); p != nil; p = p.ParentOp() {
		if p == op {
			return true
		}
	}
	return false
}

func (v *verifier) dominanceError(user *Operation, idx int, val *Value) error {
	d := OpErrorf(user, "operand #%d does not dominate this use", idx)
	if val.op != nil {
		d.WithNote(val.op.Loc, "operand defined here")
	} else if p := val.block.ParentOp(); p != nil {
		d.WithNote(p.Loc, "operand defined as a block argument (block #%d in a region of '%s')",
			blockIndex(val.block), p.Name)
	}
	return d
}

func blockIndex(b *Block) int {
	for i, x := range b.parent.blocks {
		if x == b {
			return i
		}
	}
	return -1
}

// domInfo holds, per block, the set of blocks that dominate it.
type domInfo struct {
	dom map[*Block]map[*Block]bool
}

func (v *verifier) dominates(a, b *Block) bool {
	r := a.parent
	d, ok := v.doms[r]
	if !ok {
		d = computeDominators(r)
		v.doms[r] = d
	}
	return d.dom[b][a]
}

// computeDominators runs the classic iterative data-flow algorithm; regions
// here have few blocks, so simplicity wins over Lengauer-Tarjan.
func computeDominators(r *Region) *domInfo {
	preds := map[*Block][]*Block{}
	for _, b := range r.blocks {
		if t := b.last; t != nil {
			for _, s := range t.successors {
				preds[s] = append(preds[s], b)
			}
		}
	}
	all := map[*Block]bool{}
	for _, b := range r.blocks {
		all[b] = true
	}
	d := &domInfo{dom: map[*Block]map[*Block]bool{}}
	for i, b := range r.blocks {
		if i == 0 {
			d.dom[b] = map[*Block]bool{b: true}
			continue
		}
		s := map[*Block]bool{}
		for k := range all {
			s[k] = true
		}
		d.dom[b] = s
	}
	for changed := true; changed; {
		changed = false
		for _, b := range r.blocks[1:] {
			var meet map[*Block]bool
			for _, p := range preds[b] {
				if meet == nil {
					meet = map[*Block]bool{}
					for k := range d.dom[p] {
						meet[k] = true
					}
					continue
				}
				for k := range meet {
					if !d.dom[p][k] {
						delete(meet, k)
					}
				}
			}
			if meet == nil {
				meet = map[*Block]bool{} // unreachable: dominated by nothing
			}
			meet[b] = true
			if len(meet) != len(d.dom[b]) {
				d.dom[b] = meet
				changed = true
			}
		}
	}
	return d
}

// VerifyFailure wraps a verifier error with the pass that produced the IR.
func VerifyFailure(pass string, err error) error {
	return fmt.Errorf("verification failed after pass '%s': %w", pass, err)
}
