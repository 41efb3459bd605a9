package fn

import "github.com/torchlower/torchlower/ir"

// NewFunc creates a public func.func named name with the given signature
// at b's insertion point, with an entry block whose arguments match the
// inputs. The body is left without a terminator: add one with Return.
func NewFunc(b *ir.Builder, loc ir.Location, name string, fnType ir.FunctionType) *ir.Operation {
	return NewFuncWithBody(b, loc, name, fnType, ir.NewBlock(fnType.Inputs...))
}

// NewFuncWithBody is NewFunc with entry as its entry block, built first
// (a reader learns the results from the body's func.return); the caller
// keeps entry's arguments and fnType's inputs in agreement.
func NewFuncWithBody(b *ir.Builder, loc ir.Location, name string, fnType ir.FunctionType, entry *ir.Block) *ir.Operation {
	op := b.Create(Func, loc, nil, nil, []ir.NamedAttr{
		{Name: attrSymName, Value: ir.StringAttr(name)},
		{Name: attrFnType, Value: ir.TypeAttr{Type: fnType}},
	}, 1)
	op.Region(0).AppendBlock(entry)
	return op
}

// FunctionType returns the signature of a func.func (zero value when the
// attribute is missing or malformed, so callers need no nil checks).
func FunctionType(op *ir.Operation) ir.FunctionType {
	ta, _ := op.Attr(attrFnType).(ir.TypeAttr)
	ft, _ := ta.Type.(ir.FunctionType)
	return ft
}

// SetFunctionType replaces the signature attribute; the caller keeps the
// entry block arguments and returns in agreement.
func SetFunctionType(op *ir.Operation, ft ir.FunctionType) {
	op.SetAttr(attrFnType, ir.TypeAttr{Type: ft})
}

// Name returns the symbol name of a func.func.
func Name(op *ir.Operation) string {
	s, _ := op.Attr(attrSymName).(ir.StringAttr)
	return string(s)
}

// Body returns the entry block of a function, or nil for a declaration.
func Body(op *ir.Operation) *ir.Block {
	if op.NumRegions() == 0 {
		return nil
	}
	return op.Region(0).Front()
}

// IsDeclaration reports whether the function has no body.
func IsDeclaration(op *ir.Operation) bool { return Body(op) == nil }

// Visibility returns "public", "private" or "nested"; absent means public.
func Visibility(op *ir.Operation) string {
	if s, ok := op.Attr(attrVisibility).(ir.StringAttr); ok {
		return string(s)
	}
	return "public"
}

// IsPrivate reports whether the function is private to its module.
func IsPrivate(op *ir.Operation) bool { return Visibility(op) == "private" }

// SetPrivate marks the function private (or public again).
func SetPrivate(op *ir.Operation, private bool) {
	if private {
		op.SetAttr(attrVisibility, ir.StringAttr("private"))
	} else {
		op.RemoveAttr(attrVisibility)
	}
}

// ArgAttrs returns the attribute dictionary of argument i (nil if none).
func ArgAttrs(op *ir.Operation, i int) ir.DictionaryAttr { return attrsAt(op, attrArgAttrs, i) }

// ResultAttrs returns the attribute dictionary of result i (nil if none).
func ResultAttrs(op *ir.Operation, i int) ir.DictionaryAttr { return attrsAt(op, attrResAttrs, i) }

// NewReturn creates a func.return of vals at b's insertion point.
func NewReturn(b *ir.Builder, loc ir.Location, vals ...*ir.Value) *ir.Operation {
	return b.Create(Return, loc, vals, nil, nil, 0)
}

// Call creates a func.call of callee with the given result types.
func Call(b *ir.Builder, loc ir.Location, callee string, results []ir.Type, args ...*ir.Value) *ir.Operation {
	return b.Create(CallOp, loc, args, results, []ir.NamedAttr{
		{Name: "callee", Value: ir.SymbolRefAttr{Root: callee}},
	}, 0)
}

// Callee returns the symbol a func.call calls ("" if malformed).
func Callee(op *ir.Operation) string {
	ref, _ := op.Attr("callee").(ir.SymbolRefAttr)
	return ref.Root
}

// LookupFunc resolves ref from op the way upstream's
// SymbolTable::lookupNearestSymbolFrom does: in the nearest enclosing
// symbol table (op itself excluded), descending through nested tables for
// `@a::@b`. It returns the func.func found, or nil.
func LookupFunc(op *ir.Operation, ref ir.SymbolRefAttr) *ir.Operation {
	table := op.ParentOp()
	for table != nil && !table.HasTrait(ir.SymbolTable) {
		table = table.ParentOp()
	}
	if table == nil {
		return nil
	}
	s := lookupIn(table, ref.Root)
	for _, n := range ref.Nested {
		if s == nil || !s.HasTrait(ir.SymbolTable) {
			return nil
		}
		s = lookupIn(s, n)
	}
	if s == nil || s.Name != Func {
		return nil
	}
	return s
}

// LookupSymbol finds the op defining symbol name directly in table's body.
func LookupSymbol(table *ir.Operation, name string) *ir.Operation { return lookupIn(table, name) }

func lookupIn(table *ir.Operation, name string) *ir.Operation {
	if table.NumRegions() == 0 {
		return nil
	}
	for _, b := range table.Region(0).Blocks() {
		for o := b.First(); o != nil; o = o.Next() {
			if s, ok := o.Attr(attrSymName).(ir.StringAttr); ok && string(s) == name {
				return o
			}
		}
	}
	return nil
}
