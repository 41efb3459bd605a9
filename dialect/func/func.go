package fn

import (
	"github.com/torchlower/torchlower/ir"
)

var visibilities = []string{"public", "private", "nested"}

func verifyFunc(op *ir.Operation) error {
	if op.NumOperands() != 0 || op.NumResults() != 0 || op.NumRegions() != 1 {
		return ir.OpErrorf(op, "expects one region and no operands or results")
	}
	if _, ok := op.Attr(attrSymName).(ir.StringAttr); !ok {
		return ir.OpErrorf(op, "requires attribute 'sym_name'")
	}
	ta, ok := op.Attr(attrFnType).(ir.TypeAttr)
	if !ok {
		return ir.OpErrorf(op, "requires attribute 'function_type'")
	}
	ft, ok := ta.Type.(ir.FunctionType)
	if !ok {
		return ir.OpErrorf(op, "attribute 'function_type' failed to satisfy constraint: type attribute of function type")
	}
	if v := op.Attr(attrVisibility); v != nil {
		s, ok := v.(ir.StringAttr)
		if !ok || !isVisibility(string(s)) {
			return ir.OpErrorf(op, "visibility expected to be one of [\"public\", \"private\", \"nested\"], but got %s", v)
		}
	}
	if err := verifyAttrArray(op, attrArgAttrs, "argument", "arguments", len(ft.Inputs)); err != nil {
		return err
	}
	if err := verifyAttrArray(op, attrResAttrs, "result", "results", len(ft.Results)); err != nil {
		return err
	}
	body := op.Region(0)
	if body.Empty() {
		if Visibility(op) == "public" {
			return ir.OpErrorf(op, "symbol declaration cannot have public visibility")
		}
		return nil
	}
	entry := body.Front()
	if len(entry.Args()) != len(ft.Inputs) {
		return ir.OpErrorf(op, "entry block must have %d arguments to match function signature", len(ft.Inputs))
	}
	for i, a := range entry.Args() {
		if !ir.TypeEqual(a.Type(), ft.Inputs[i]) {
			return ir.OpErrorf(op, "type of entry block argument #%d('%s') must match the type of the corresponding argument in function signature('%s')",
				i, a.Type(), ft.Inputs[i])
		}
	}
	return nil
}

func isVisibility(s string) bool {
	for _, v := range visibilities {
		if s == v {
			return true
		}
	}
	return false
}

func verifyAttrArray(op *ir.Operation, name, what, whats string, want int) error {
	a := op.Attr(name)
	if a == nil {
		return nil
	}
	arr, ok := a.(ir.ArrayAttr)
	if !ok {
		return ir.OpErrorf(op, "attribute '%s' failed to satisfy constraint: Array of dictionary attributes", name)
	}
	if len(arr) != want {
		return ir.OpErrorf(op, "expects %s attribute array to have the same number of elements as the number of function %s, got %d, but expected %d",
			what, whats, len(arr), want)
	}
	for _, e := range arr {
		if _, ok := e.(ir.DictionaryAttr); !ok {
			return ir.OpErrorf(op, "expects %s attribute array elements to be dictionaries", what)
		}
	}
	return nil
}

// attrsAt returns entry i of an arg_attrs/res_attrs array, or nil.
func attrsAt(op *ir.Operation, name string, i int) ir.DictionaryAttr {
	arr, _ := op.Attr(name).(ir.ArrayAttr)
	if i < len(arr) {
		d, _ := arr[i].(ir.DictionaryAttr)
		return d
	}
	return nil
}

// printFunc writes `[vis] @name(%arg0: t {attrs}, ...) -> (t {attrs})
// attributes {...} {body}` exactly as upstream's function_interface_impl.
func printFunc(p *ir.Printer, op *ir.Operation) {
	p.Print(" ")
	if v, ok := op.Attr(attrVisibility).(ir.StringAttr); ok {
		p.Print(string(v), " ")
	}
	name, _ := op.Attr(attrSymName).(ir.StringAttr)
	p.SymbolName(string(name))
	ft := FunctionType(op)
	var body *ir.Region
	if op.NumRegions() > 0 && !op.Region(0).Empty() {
		body = op.Region(0)
	}
	p.Print("(")
	for i, t := range ft.Inputs {
		if i > 0 {
			p.Print(", ")
		}
		attrs := attrsAt(op, attrArgAttrs, i)
		if body != nil && i < len(body.Front().Args()) {
			p.ArgumentDecl(body.Front().Arg(i), attrs)
			continue
		}
		p.Type(t)
		p.AttrDict(attrs)
	}
	p.Print(")")
	if n := len(ft.Results); n > 0 {
		p.Print(" -> ")
		anyAttrs := false
		for i := range ft.Results {
			if len(attrsAt(op, attrResAttrs, i)) > 0 {
				anyAttrs = true
			}
		}
		_, isFn := ft.Results[0].(ir.FunctionType)
		if n == 1 && !anyAttrs && !isFn {
			p.Type(ft.Results[0])
		} else {
			p.Print("(")
			for i, t := range ft.Results {
				if i > 0 {
					p.Print(", ")
				}
				p.Type(t)
				p.AttrDict(attrsAt(op, attrResAttrs, i))
			}
			p.Print(")")
		}
	}
	p.AttrDictWithKeyword(op.Attrs(), attrSymName, attrFnType, attrArgAttrs, attrResAttrs, attrVisibility)
	if body != nil {
		p.Print(" ")
		p.Region(body, false, true)
	}
}

// parseFunc reads the custom form printed by printFunc.
func parseFunc(p ir.Parser, st *ir.OperationState) error {
	for _, v := range visibilities {
		if p.ParseOptionalKeyword(v) {
			st.AddAttr(attrVisibility, ir.StringAttr(v))
			break
		}
	}
	name, err := p.ParseSymbolName()
	if err != nil {
		return err
	}
	st.AddAttr(attrSymName, ir.StringAttr(name))
	if err := p.ExpectPunct("("); err != nil {
		return err
	}
	var args []ir.Argument
	var inputs []ir.Type
	var argAttrs ir.ArrayAttr
	named := false
	if !p.ParseOptionalPunct(")") {
		for i := 0; ; i++ {
			a, isArg, err := p.ParseOptionalArgument(true, true)
			if err != nil {
				return err
			}
			if i == 0 {
				named = isArg
			} else if isArg != named {
				return p.Errorf("expected SSA identifier")
			}
			if !isArg {
				if a.Type, err = p.ParseType(); err != nil {
					return err
				}
				if a.Attrs, err = parseOptionalDict(p); err != nil {
					return err
				}
				if _, _, err := p.ParseOptionalLocation(); err != nil {
					return err
				}
			}
			args = append(args, a)
			inputs = append(inputs, a.Type)
			argAttrs = append(argAttrs, dictOrEmpty(a.Attrs))
			if !p.ParseOptionalPunct(",") {
				break
			}
		}
		if err := p.ExpectPunct(")"); err != nil {
			return err
		}
	}
	var results []ir.Type
	var resAttrs ir.ArrayAttr
	if p.ParseOptionalPunct("->") {
		if p.ParseOptionalPunct("(") {
			if !p.ParseOptionalPunct(")") {
				for {
					t, err := p.ParseType()
					if err != nil {
						return err
					}
					d, err := parseOptionalDict(p)
					if err != nil {
						return err
					}
					results = append(results, t)
					resAttrs = append(resAttrs, dictOrEmpty(d))
					if !p.ParseOptionalPunct(",") {
						break
					}
				}
				if err := p.ExpectPunct(")"); err != nil {
					return err
				}
			}
		} else {
			t, err := p.ParseType()
			if err != nil {
				return err
			}
			results = append(results, t)
			resAttrs = append(resAttrs, ir.DictionaryAttr{})
		}
	}
	st.AddAttr(attrFnType, ir.TypeAttr{Type: ir.FunctionType{Inputs: inputs, Results: results}})
	if hasNonEmpty(argAttrs) {
		st.AddAttr(attrArgAttrs, argAttrs)
	}
	if hasNonEmpty(resAttrs) {
		st.AddAttr(attrResAttrs, resAttrs)
	}
	if err := p.ParseOptionalAttrDictWithKeyword(st); err != nil {
		return err
	}
	r := st.AddRegion()
	bodyPos := p.Pos()
	var regionArgs []ir.Argument
	if len(args) > 0 {
		regionArgs = args
	}
	ok, err := p.ParseOptionalRegion(r, regionArgs)
	if err != nil {
		return err
	}
	if ok {
		if len(args) > 0 && !named {
			return p.ErrorfAt(bodyPos, "expected named arguments for a function with a body")
		}
		if r.Empty() {
			return p.ErrorfAt(bodyPos, "expected non-empty function body")
		}
	}
	return nil
}

// parseOptionalDict reads a `{...}` attribute dictionary if one follows.
func parseOptionalDict(p ir.Parser) (ir.DictionaryAttr, error) {
	var tmp ir.OperationState
	if err := p.ParseOptionalAttrDict(&tmp); err != nil {
		return nil, err
	}
	return tmp.Attrs, nil
}

func dictOrEmpty(d ir.DictionaryAttr) ir.DictionaryAttr {
	if d == nil {
		return ir.DictionaryAttr{}
	}
	return d
}

func hasNonEmpty(arr ir.ArrayAttr) bool {
	for _, a := range arr {
		if d, ok := a.(ir.DictionaryAttr); ok && len(d) > 0 {
			return true
		}
	}
	return false
}
