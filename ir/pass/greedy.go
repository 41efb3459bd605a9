package pass

import (
	"sort"

	"github.com/torchlower/torchlower/ir"
)

// GreedyConfig bounds the greedy driver.
type GreedyConfig struct {
	// MaxIterations bounds the number of full sweeps; MLIR's default is 10.
	MaxIterations int
	// Fold enables op folders (and erasing trivially dead ops).
	Fold bool
}

// ApplyPatternsGreedily rewrites everything nested in root with patterns
// and folders until nothing changes, like MLIR's greedy pattern rewrite
// driver. It reports whether the IR converged within the iteration bound.
//
// Each sweep seeds a worklist with every nested op; an op is, in order,
// erased if trivially dead, folded, or handed to the highest-benefit
// pattern rooted at its name. Ops touched by a rewrite go back on the
// worklist.
func ApplyPatternsGreedily(ctx *ir.Context, root *ir.Operation, patterns []*ir.Pattern, cfg GreedyConfig) (converged bool, err error) {
	if cfg.MaxIterations <= 0 {
		cfg.MaxIterations = 10
	}
	byRoot := map[string][]*ir.Pattern{}
	var anyRoot []*ir.Pattern
	for _, p := range patterns {
		if p.Root == "" {
			anyRoot = append(anyRoot, p)
		} else {
			byRoot[p.Root] = append(byRoot[p.Root], p)
		}
	}
	for k := range byRoot {
		sortByBenefit(byRoot[k])
	}
	sortByBenefit(anyRoot)

	d := &driver{ctx: ctx, byRoot: byRoot, anyRoot: anyRoot, cfg: cfg,
		constants: map[*ir.Block]map[string]*ir.Operation{}, lastConstant: map[*ir.Block]*ir.Operation{}}
	d.rw = ir.NewRewriter(ctx, d)
	for iter := 0; iter < cfg.MaxIterations; iter++ {
		d.worklist = d.worklist[:0]
		d.inList = map[*ir.Operation]bool{}
		d.erased = map[*ir.Operation]bool{}
		root.Walk(ir.PostOrder, func(o *ir.Operation) {
			if o != root {
				d.push(o)
			}
		})
		// Process in program order (post-order walk, front to back), which
		// folds producers before their consumers.
		changed := false
		for i := 0; i < len(d.worklist); i++ {
			op := d.worklist[i]
			d.inList[op] = false
			if op == nil || d.erased[op] || op.Block() == nil {
				continue
			}
			if d.process(op) {
				changed = true
			}
		}
		if !changed {
			return true, nil
		}
	}
	return false, nil
}

func sortByBenefit(ps []*ir.Pattern) {
	sort.SliceStable(ps, func(i, j int) bool { return ps[i].Benefit > ps[j].Benefit })
}

type driver struct {
	ctx      *ir.Context
	rw       *ir.Rewriter
	byRoot   map[string][]*ir.Pattern
	anyRoot  []*ir.Pattern
	cfg      GreedyConfig
	worklist []*ir.Operation
	inList   map[*ir.Operation]bool
	erased   map[*ir.Operation]bool

	// Folded constants are created once per function entry block and
	// reused, as MLIR's OperationFolder does, so folding does not scatter
	// duplicate constants through the body.
	constants    map[*ir.Block]map[string]*ir.Operation
	lastConstant map[*ir.Block]*ir.Operation
}

func (d *driver) push(op *ir.Operation) {
	if op == nil || d.inList[op] {
		return
	}
	d.inList[op] = true
	d.worklist = append(d.worklist, op)
}

// Listener methods keep the worklist current.
func (d *driver) OpInserted(op *ir.Operation) { d.push(op) }
func (d *driver) OpErased(op *ir.Operation)   { d.erased[op] = true }
func (d *driver) OpModified(op *ir.Operation) {
	if !d.erased[op] {
		d.push(op)
	}
}

// IsTriviallyDead reports whether op can be erased: it has no effects
// (HasNoEffects), no uses, and is not a terminator.
func IsTriviallyDead(op *ir.Operation) bool {
	if op.HasTrait(ir.Terminator) || !HasNoEffects(op) {
		return false
	}
	for _, r := range op.Results() {
		if r.HasUses() {
			return false
		}
	}
	return true
}

// HasNoEffects reports whether op is pure: Pure, or RecursivelyPure with
// only pure ops in its regions, as MLIR's wouldOpBeTriviallyDead decides
// for ops with recursive memory effects (an unused linalg.generic on
// tensors is dead).
func HasNoEffects(op *ir.Operation) bool {
	if op.HasTrait(ir.Pure) {
		return true
	}
	if !op.HasTrait(ir.RecursivelyPure) {
		return false
	}
	for _, r := range op.Regions() {
		for _, b := range r.Blocks() {
			for o := range b.Ops() {
				if !HasNoEffects(o) {
					return false
				}
			}
		}
	}
	return true
}

func (d *driver) process(op *ir.Operation) bool {
	if d.cfg.Fold && IsTriviallyDead(op) {
		d.rw.EraseOp(op)
		return true
	}
	if d.cfg.Fold && d.tryFold(op) {
		return true
	}
	for _, p := range d.byRoot[op.Name] {
		d.rw.SetInsertionPointBefore(op)
		if p.Rewrite(op, d.rw) {
			return true
		}
	}
	for _, p := range d.anyRoot {
		d.rw.SetInsertionPointBefore(op)
		if p.Rewrite(op, d.rw) {
			return true
		}
	}
	return false
}

// ConstantValue returns the constant an op produces when it is
// constant-like, or nil.
func ConstantValue(v *ir.Value) ir.Attribute {
	def := v.DefiningOp()
	if def == nil || !def.HasTrait(ir.ConstantLike) {
		return nil
	}
	return def.Attr("value")
}

func (d *driver) tryFold(op *ir.Operation) bool {
	if op.Def == nil || op.Def.Fold == nil || op.HasTrait(ir.ConstantLike) {
		return false
	}
	consts := make([]ir.Attribute, op.NumOperands())
	for i := range consts {
		consts[i] = ConstantValue(op.Operand(i))
	}
	res := op.Def.Fold(op, consts)
	if res == nil || len(res) != op.NumResults() {
		return false
	}
	vals := make([]*ir.Value, len(res))
	var created []*ir.Operation
	for i, r := range res {
		switch {
		case r.Value != nil:
			vals[i] = r.Value
		case r.Attr != nil:
			c := d.materialize(op, r.Attr, op.Result(i).Type())
			if c == nil {
				for _, o := range created {
					d.rw.EraseOp(o)
				}
				return false
			}
			created = append(created, c)
			vals[i] = c.Result(0)
		default:
			return false
		}
	}
	// A fold that returns the op's own results changed the op in place.
	same := true
	for i, v := range vals {
		same = same && v == op.Result(i)
	}
	if same {
		d.rw.ModifyInPlace(op, func() {})
		return true
	}
	d.rw.ReplaceOp(op, vals)
	return true
}

func (d *driver) materialize(op *ir.Operation, value ir.Attribute, t ir.Type) *ir.Operation {
	entry := hoistBlock(op)
	key := value.String() + "|" + t.String()
	if entry != nil {
		if c := d.constants[entry][key]; c != nil && !d.erased[c] && c.Block() == entry {
			return c
		}
	}
	for _, name := range []string{dialectOf(op.Name), "arith"} {
		dl := d.ctx.Dialect(name)
		if dl == nil || dl.MaterializeConstant == nil {
			continue
		}
		if entry == nil {
			d.rw.SetInsertionPointBefore(op)
		} else if last := d.lastConstant[entry]; last != nil && !d.erased[last] && last.Block() == entry {
			d.rw.SetInsertionPointAfter(last)
		} else {
			d.rw.SetInsertionPointToStart(entry)
		}
		c := dl.MaterializeConstant(&d.rw.Builder, value, t, op.Loc)
		if c == nil {
			continue
		}
		if entry != nil {
			if d.constants[entry] == nil {
				d.constants[entry] = map[string]*ir.Operation{}
			}
			d.constants[entry][key] = c
			d.lastConstant[entry] = c
		}
		return c
	}
	return nil
}

// hoistBlock is the entry block of the nearest isolated-from-above op
// (a function) around op, where folded constants go; nil when op is not
// inside one.
func hoistBlock(op *ir.Operation) *ir.Block {
	for p := op.ParentOp(); p != nil; p = p.ParentOp() {
		if p.HasTrait(ir.IsolatedFromAbove) {
			if p.Name == "builtin.module" {
				return nil
			}
			for _, r := range p.Regions() {
				if b := r.Front(); b != nil {
					return b
				}
			}
			return nil
		}
	}
	return nil
}

func dialectOf(name string) string {
	for i := 0; i < len(name); i++ {
		if name[i] == '.' {
			return name[:i]
		}
	}
	return name
}
