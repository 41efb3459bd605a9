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
// Pre:  valid IR.
// Post: no two equivalent region-free pure ops where one dominates the other.
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
			if !op.HasTrait(ir.Pure) || op.NumRegions() > 0 || op.NumResults() == 0 {
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
	return sb.String()
}

func (c *cse) valueID(v *ir.Value) uint32 {
	if id, ok := c.ids[v]; ok {
		return id
	}
	id := uint32(len(c.ids) + 1)
	c.ids[v] = id
	return id
}
