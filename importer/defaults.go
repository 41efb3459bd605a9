package importer

import (
	"strconv"
	"strings"

	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/torch"
)

// defaultValue materializes a schema default for an argument the node
// omits (the serializer drops arguments left at their default), typed by
// the schema as TorchScript types its defaults: `float eps=1` is 1.0 and
// `int[2] stride=1` is [1, 1].
func (g *graphImporter) defaultValue(label, target string, arg torch.Arg) *ir.Value {
	text := strings.TrimSpace(arg.Default)
	if text == "None" {
		return torch.ConstantNone(g.b, ir.UnknownLoc{})
	}
	t := arg.Type
	if t.List {
		var items []string
		if inner, ok := strings.CutPrefix(text, "["); ok {
			inner = strings.TrimSuffix(inner, "]")
			for _, it := range strings.Split(inner, ",") {
				if it = strings.TrimSpace(it); it != "" {
					items = append(items, it)
				}
			}
		} else {
			n := t.Size
			if n == 0 {
				n = 1
			}
			for range n {
				items = append(items, text)
			}
		}
		elems := make([]*ir.Value, 0, len(items))
		for _, it := range items {
			v := g.scalarDefault(label, target, arg, t.Base, it)
			if v == nil {
				return nil
			}
			elems = append(elems, v)
		}
		var et ir.Type
		if lt, ok := t.TorchType().(torch.ListType); ok {
			et = lt.Elem
		} else if ot, ok := t.TorchType().(torch.OptionalType); ok {
			if lt, ok := ot.Elem.(torch.ListType); ok {
				et = lt.Elem
			}
		}
		if et == nil {
			g.fail(label, target, "argument '%s': cannot type default %s", arg.Name, text)
			return nil
		}
		return torch.ListConstruct(g.b, ir.UnknownLoc{}, et, elems)
	}
	return g.scalarDefault(label, target, arg, t.Base, text)
}

func (g *graphImporter) scalarDefault(label, target string, arg torch.Arg, base torch.BaseType, text string) *ir.Value {
	b, loc := g.b, ir.UnknownLoc{}
	bad := func() *ir.Value {
		g.fail(label, target, "argument '%s': unsupported default %q for %s", arg.Name, text, arg.Type)
		return nil
	}
	if text == "None" {
		return torch.ConstantNone(b, loc)
	}
	switch base {
	case torch.BaseBool:
		switch text {
		case "True":
			return torch.ConstantBool(b, loc, true)
		case "False":
			return torch.ConstantBool(b, loc, false)
		}
	case torch.BaseInt, torch.BaseSymInt:
		if v, err := strconv.ParseInt(text, 10, 64); err == nil {
			return torch.ConstantInt(b, loc, v)
		}
	case torch.BaseFloat, torch.BaseSymFloat:
		if v, err := parseFlexFloat([]byte(strconv.Quote(text))); err == nil {
			return torch.ConstantFloat(b, loc, v)
		}
	case torch.BaseScalar:
		if v, err := strconv.ParseInt(text, 10, 64); err == nil {
			return torch.ConstantInt(b, loc, v)
		}
		if v, err := parseFlexFloat([]byte(strconv.Quote(text))); err == nil {
			return torch.ConstantFloat(b, loc, v)
		}
		switch text {
		case "True":
			return torch.ConstantBool(b, loc, true)
		case "False":
			return torch.ConstantBool(b, loc, false)
		}
	case torch.BaseStr:
		if len(text) >= 2 && (text[0] == '"' || text[0] == '\'') && text[len(text)-1] == text[0] {
			return torch.ConstantStr(b, loc, text[1:len(text)-1])
		}
	case torch.BaseMemoryFormat:
		for code, name := range map[int64]string{0: "contiguous_format", 1: "preserve_format", 2: "channels_last", 3: "channels_last_3d"} {
			if text == name {
				return torch.ConstantInt(b, loc, code)
			}
		}
	case torch.BaseLayout:
		if text == "strided" {
			return torch.ConstantInt(b, loc, 0)
		}
	case torch.BaseScalarType:
		for code, d := range dtypes {
			if strings.EqualFold(text, d.name) || (text == "float" && code == 7) {
				return torch.ConstantInt(b, loc, d.c10)
			}
		}
	case torch.BaseDevice:
		return torch.ConstantDevice(b, loc, strings.Trim(text, `"'`))
	}
	return bad()
}
