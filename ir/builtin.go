package ir

// Builtin is MLIR's builtin dialect: the module op and the cast that
// bridges type systems during partial conversion. Every Context has it.
var Builtin = &Dialect{
	Name: "builtin",
	Ops:  []*OpDef{moduleDef, unrealizedCastDef},
}

var moduleDef = &OpDef{
	Name:    "builtin.module",
	Summary: "a top-level container of operations",
	Traits:  IsolatedFromAbove | SymbolTable | NoTerminator | SingleBlock,
	Verify: func(op *Operation) error {
		if op.NumRegions() != 1 || op.NumOperands() != 0 || op.NumResults() != 0 {
			return OpErrorf(op, "expects one region and no operands or results")
		}
		if a := op.Attr("sym_name"); a != nil {
			if _, ok := a.(StringAttr); !ok {
				return OpErrorf(op, "sym_name must be a string")
			}
		}
		return nil
	},
	Print: func(p *Printer, op *Operation) {
		if op.NumRegions() != 1 {
			p.Print(" <<malformed: no body region>>")
			return
		}
		if n, ok := op.Attr("sym_name").(StringAttr); ok {
			p.Print(" ")
			p.SymbolName(string(n))
		}
		p.AttrDictWithKeyword(op.Attrs(), "sym_name")
		p.Print(" ")
		p.Region(op.Region(0), false, false)
	},
	Parse: func(p Parser, st *OperationState) error {
		if name, ok, err := p.ParseOptionalSymbolName(); err != nil {
			return err
		} else if ok {
			st.AddAttr("sym_name", StringAttr(name))
		}
		if err := p.ParseOptionalAttrDictWithKeyword(st); err != nil {
			return err
		}
		r := st.AddRegion()
		if err := p.ParseRegion(r, nil); err != nil {
			return err
		}
		EnsureBlock(r)
		return nil
	},
}

// EnsureBlock gives an empty region one empty block, the normal form of a
// module or function body.
func EnsureBlock(r *Region) *Block {
	if r.Empty() {
		r.AppendBlock(NewBlock())
	}
	return r.Front()
}

var unrealizedCastDef = &OpDef{
	Name:    "builtin.unrealized_conversion_cast",
	Summary: "a cast between type systems left by partial conversion",
	Traits:  Pure,
	Print: func(p *Printer, op *Operation) {
		if op.NumOperands() > 0 {
			p.Print(" ")
			p.Operands(op.Operands())
			p.Print(" : ")
			p.Types(op.OperandTypes())
		}
		p.Print(" to ")
		p.Types(op.ResultTypes())
		p.AttrDict(op.Attrs())
	},
	Parse: func(p Parser, st *OperationState) error {
		ops, err := p.ParseOperandList()
		if err != nil {
			return err
		}
		var types []Type
		if len(ops) > 0 {
			if types, err = p.ParseColonTypeList(); err != nil {
				return err
			}
		}
		if st.Operands, err = p.ResolveOperands(ops, types); err != nil {
			return err
		}
		if err := p.ExpectKeyword("to"); err != nil {
			return err
		}
		if st.ResultTypes, err = p.ParseTypeList(); err != nil {
			return err
		}
		return p.ParseOptionalAttrDict(st)
	},
}

// NewModule creates an empty builtin.module with one block.
func NewModule(ctx *Context, loc Location) *Operation {
	m := NewOperation("builtin.module", ctx.Lookup("builtin.module"), loc, nil, nil, nil, 1)
	m.Region(0).AppendBlock(NewBlock())
	return m
}

// Body returns the single block of a module-like op.
func Body(op *Operation) *Block { return EnsureBlock(op.Region(0)) }
