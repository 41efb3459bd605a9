package transform

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/pass"
)

// CSE merges pure operations that compute the same thing: same name,
// attributes, operands and result types, where the earlier one dominates the
// later one. A value is visible in the regions nested below its block, so
// scopes are pushed per region and dropped at isolated-from-above ops.
//
// An op with regions merges too, as upstream's CSE merges one, when it is
// pure (Pure, or RecursivelyPure with pure contents), its regions are
// single blocks that see values from above, and they are the same: the
// same ops in the same order, on the same outside values, their own
// block arguments and results matched by position (a training graph pads
// a layer's input twice, for the convolution and for its weight
// gradient: the same tensor.pad). Linalg ops are left alone: their
// results are the destinations other linalg ops update in place, and
// one shared buffer would need a copy where each had its own fill.
//
// Pre:  valid IR.
// Post: no two equivalent pure ops (linalg ops with regions aside) where
// one dominates the other.
var CSE = &pass.Def{
	Name:    "cse",
	Summary: "eliminate common subexpressions",
	Run:     runCSE,
}

func runCSE(op *ir.Operation, _ *pass.Context) error {
	c := &cse{ids: map[*ir.Value]uint32{}}
	for _, r := range op.Regions() {
		c.region(r, nil)
	}
	return nil
}

type cse struct {
	ids map[*ir.Value]uint32
}

// scope is a chain of tables, innermost first.
type scope struct {
	table  map[string]*ir.Operation
	parent *scope
}

func (s *scope) lookup(k string) *ir.Operation {
	for ; s != nil; s = s.parent {
		if o, ok := s.table[k]; ok {
			return o
		}
	}
	return nil
}

func (c *cse) region(r *ir.Region, parent *scope) {
	// Only single-block regions share a table across the whole region; in a
	// multi-block region each block gets its own scope, which is safe
	// without a dominance tree.
	for _, b := range r.Blocks() {
		s := &scope{table: map[string]*ir.Operation{}, parent: parent}
		for op := range b.Ops() {
			for _, nested := range op.Regions() {
				inner := s
				if op.HasTrait(ir.IsolatedFromAbove) {
					inner = nil
				}
				c.region(nested, inner)
			}
			if op.NumResults() == 0 || !mergeable(op) {
				continue
			}
			k := c.key(op)
			if prev := s.lookup(k); prev != nil {
				op.ReplaceAllUsesWith(prev.Results())
				op.Erase()
				continue
			}
			s.table[k] = op
		}
	}
}

// key identifies an op by everything that determines its results. Operand
// identity uses pointer-derived ids so it is exact, not textual.
func (c *cse) key(op *ir.Operation) string {
	var sb strings.Builder
	sb.WriteString(op.Name)
	sb.WriteByte('(')
	for _, v := range op.Operands() {
		sb.WriteString(strconv.FormatUint(uint64(c.valueID(v)), 36))
		sb.WriteByte(',')
	}
	sb.WriteString(")")
	sb.WriteString(op.Attrs().String())
	// Two blobs may carry one key in memory (the printer numbers them
	// apart only when it prints): a blob's identity is its pointer.
	for _, a := range op.Attrs() {
		if r, ok := a.Value.(ir.DenseResourceAttr); ok {
			fmt.Fprintf(&sb, "#%p", r.Blob)
		}
	}
	sb.WriteString(":")
	sb.WriteString(ir.TypeListString(op.ResultTypes()))
	if op.NumRegions() > 0 {
		local := map[*ir.Value]int{}
		for _, r := range op.Regions() {
			c.regionKey(&sb, r, local)
		}
	}
	return sb.String()
}

// mergeable reports whether CSE may merge op with an equal one: pure, and
// for an op with regions, single blocks of pure ops that see values from
// above, and not a linalg op.
func mergeable(op *ir.Operation) bool {
	if op.NumRegions() == 0 {
		return op.HasTrait(ir.Pure)
	}
	if strings.HasPrefix(op.Name, "linalg.") || op.HasTrait(ir.IsolatedFromAbove) {
		return false
	}
	if !op.HasTrait(ir.Pure) && !op.HasTrait(ir.RecursivelyPure) {
		return false
	}
	for _, r := range op.Regions() {
		if len(r.Blocks()) > 1 {
			return false
		}
		for _, b := range r.Blocks() {
			for o := range b.Ops() {
				if !o.HasTrait(ir.Terminator) && !(o.NumRegions() == 0 && o.HasTrait(ir.Pure)) && !(o.NumRegions() > 0 && mergeable(o)) {
					return false
				}
			}
		}
	}
	return true
}

// regionKey writes r's structure: its block arguments' types, then each
// op's name, operands (values of the region by their position, local,
// outside ones by id), attributes, result types and nested regions.
func (c *cse) regionKey(sb *strings.Builder, r *ir.Region, local map[*ir.Value]int) {
	sb.WriteString("{")
	for _, b := range r.Blocks() {
		sb.WriteString("(")
		for _, a := range b.Args() {
			local[a] = len(local)
			sb.WriteString(a.Type().String())
			sb.WriteByte(',')
		}
		sb.WriteString(")")
		for o := range b.Ops() {
			sb.WriteString(o.Name)
			sb.WriteByte('(')
			for _, v := range o.Operands() {
				if i, ok := local[v]; ok {
					sb.WriteString("%" + strconv.Itoa(i))
				} else {
					sb.WriteString(strconv.FormatUint(uint64(c.valueID(v)), 36))
				}
				sb.WriteByte(',')
			}
			sb.WriteString(")")
			sb.WriteString(o.Attrs().String())
			sb.WriteString(":")
			sb.WriteString(ir.TypeListString(o.ResultTypes()))
			for _, res := range o.Results() {
				local[res] = len(local)
			}
			for _, nested := range o.Regions() {
				c.regionKey(sb, nested, local)
			}
			sb.WriteByte(';')
		}
	}
	sb.WriteString("}")
}

func (c *cse) valueID(v *ir.Value) uint32 {
	if id, ok := c.ids[v]; ok {
		return id
	}
	id := uint32(len(c.ids) + 1)
	c.ids[v] = id
	return id
}
