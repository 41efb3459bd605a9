package transform

import (
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/pass"
)

// SymbolDCE erases private symbols (ops with sym_visibility = "private",
// such as private func.func) that nothing references, repeating until no
// more become dead, the way MLIR's symbol-dce does. Public symbols are
// roots and always kept.
//
// Pre:  valid IR; symbol references are SymbolRefAttr values.
// Post: every private symbol directly inside a symbol table op is
// referenced from outside itself.
var SymbolDCE = &pass.Def{
	Name:    "symbol-dce",
	Summary: "erase private symbols that are never referenced",
	Run:     runSymbolDCE,
}

func runSymbolDCE(op *ir.Operation, _ *pass.Context) error {
	op.Walk(ir.PreOrder, func(o *ir.Operation) {
		if o.HasTrait(ir.SymbolTable) {
			dceTable(o)
		}
	})
	return nil
}

func dceTable(table *ir.Operation) {
	for {
		used := map[string]bool{}
		var candidates []*ir.Operation
		for _, r := range table.Regions() {
			for _, b := range r.Blocks() {
				for o := range b.Ops() {
					if isPrivateSymbol(o) {
						candidates = append(candidates, o)
					}
				}
			}
		}
		// A reference from inside a symbol to itself (recursion) does not
		// keep it alive.
		table.Walk(ir.PreOrder, func(o *ir.Operation) {
			self := enclosingSymbol(o, table)
			for _, na := range o.Attrs() {
				collectRefs(na.Value, func(name string) {
					if self == nil || symName(self) != name {
						used[name] = true
					}
				})
			}
		})
		erased := false
		for _, c := range candidates {
			if !used[symName(c)] {
				c.Erase()
				erased = true
			}
		}
		if !erased {
			return
		}
	}
}

func isPrivateSymbol(o *ir.Operation) bool {
	v, ok := o.Attr("sym_visibility").(ir.StringAttr)
	return ok && v == "private" && symName(o) != ""
}

func symName(o *ir.Operation) string {
	n, _ := o.Attr("sym_name").(ir.StringAttr)
	return string(n)
}

// enclosingSymbol returns the op directly inside table that contains o.
func enclosingSymbol(o *ir.Operation, table *ir.Operation) *ir.Operation {
	for ; o != nil; o = o.ParentOp() {
		if o.ParentOp() == table {
			return o
		}
	}
	return nil
}

func collectRefs(a ir.Attribute, fn func(string)) {
	switch x := a.(type) {
	case ir.SymbolRefAttr:
		fn(x.Root)
	case ir.ArrayAttr:
		for _, e := range x {
			collectRefs(e, fn)
		}
	case ir.DictionaryAttr:
		for _, na := range x {
			collectRefs(na.Value, fn)
		}
	}
}
