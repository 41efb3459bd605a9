package torch

import (
	"github.com/torchlower/torchlower/ir"
)

// parseType is the dialect's ParseType hook: it reads what follows
// `!torch.<mnemonic>`.
func parseType(p ir.Parser, mnemonic string) (ir.Type, error) {
	return parseTypeBody(p, mnemonic, p.Pos())
}

// parseNestedType reads a contained type inside list<>, optional<> and
// tuple<>, which torch-mlir writes without the `!torch.` prefix. A full
// `!torch.int` is accepted too, as torch-mlir's older printer wrote it.
func parseNestedType(p ir.Parser) (ir.Type, error) {
	pos := p.Pos()
	if kw := p.PeekKeyword(); kw != "" {
		if _, err := p.ParseKeyword(); err != nil {
			return nil, err
		}
		return parseTypeBody(p, kw, pos)
	}
	t, err := p.ParseType()
	if err != nil {
		return nil, err
	}
	if !isTorchType(t) {
		return nil, p.ErrorfAt(pos, "expected a torch type, got %s", t)
	}
	return t, nil
}

func parseTypeBody(p ir.Parser, mnemonic string, pos int) (ir.Type, error) {
	switch mnemonic {
	case "vtensor":
		sizes, dtype, has, err := parseTensorBody(p)
		return VTensorType{Sizes: sizes, Dtype: dtype, HasSizes: has}, err
	case "tensor":
		sizes, dtype, has, err := parseTensorBody(p)
		return NonValueTensorType{Sizes: sizes, Dtype: dtype, HasSizes: has}, err
	case "int":
		return IntType{}, nil
	case "float":
		return FloatType{}, nil
	case "bool":
		return BoolType{}, nil
	case "none":
		return NoneType{}, nil
	case "str":
		return StrType{}, nil
	case "number":
		return NumberType{}, nil
	case "Device":
		return DeviceType{}, nil
	case "Generator":
		return GeneratorType{}, nil
	case "any":
		return AnyType{}, nil
	case "list", "optional":
		if err := p.ExpectPunct("<"); err != nil {
			return nil, err
		}
		elem, err := parseNestedType(p)
		if err != nil {
			return nil, err
		}
		if err := p.ExpectPunct(">"); err != nil {
			return nil, err
		}
		if mnemonic == "list" {
			return ListType{Elem: elem}, nil
		}
		return OptionalType{Elem: elem}, nil
	case "tuple":
		if err := p.ExpectPunct("<"); err != nil {
			return nil, err
		}
		var elems []ir.Type
		if !p.ParseOptionalPunct(">") {
			for {
				e, err := parseNestedType(p)
				if err != nil {
					return nil, err
				}
				elems = append(elems, e)
				if !p.ParseOptionalPunct(",") {
					break
				}
			}
			if err := p.ExpectPunct(">"); err != nil {
				return nil, err
			}
		}
		return TupleType{Elems: elems}, nil
	}
	// torch-mlir's message, double space included.
	return nil, p.ErrorfAt(pos, "unknown  type `%s` in dialect `torch`", mnemonic)
}

// parseTensorBody reads torch-mlir's tensor type body: nothing, or
// `<[d0,d1,...],dtype>` where a size may be `?`, the size list may be `*`
// (unknown rank) and the dtype may be `unk`.
func parseTensorBody(p ir.Parser) (sizes []int64, dtype ir.Type, hasSizes bool, err error) {
	if !p.ParseOptionalPunct("<") {
		return nil, nil, false, nil
	}
	if !p.ParseOptionalPunct("*") {
		hasSizes = true
		sizes = []int64{}
		if err := p.ExpectPunct("["); err != nil {
			return nil, nil, false, err
		}
		for first := true; ; first = false {
			if !first && !p.ParseOptionalPunct(",") {
				break
			}
			if p.ParseOptionalPunct("?") {
				sizes = append(sizes, ir.Dynamic)
				continue
			}
			pos := p.Pos()
			d, ok, err := p.ParseOptionalInteger()
			if err != nil {
				return nil, nil, false, err
			}
			if !ok {
				break
			}
			if d < 0 {
				return nil, nil, false, p.ErrorfAt(pos, "invalid size %d for !torch.tensor type", d)
			}
			sizes = append(sizes, d)
		}
		if err := p.ExpectPunct("]"); err != nil {
			return nil, nil, false, err
		}
	}
	if err := p.ExpectPunct(","); err != nil {
		return nil, nil, false, err
	}
	if !p.ParseOptionalKeyword("unk") {
		pos := p.Pos()
		if dtype, err = p.ParseType(); err != nil {
			return nil, nil, false, err
		}
		if !IsValidDtype(dtype) {
			return nil, nil, false, p.ErrorfAt(pos, "invalid dtype %s for !torch.tensor type", dtype)
		}
	}
	if err := p.ExpectPunct(">"); err != nil {
		return nil, nil, false, err
	}
	return sizes, dtype, hasSizes, nil
}
