// Package opgen parses ATen schema strings (native_functions.yaml's `func:`
// syntax) and generates the torch dialect's op table, ops_gen.go, from the
// committed list torch/schemas.txt. It is a package, not only a command,
// so that torch's tests can regenerate the table in memory and fail when
// the committed file is stale. It imports nothing from the module, so it
// builds even when ops_gen.go does not.
package opgen

import (
	"fmt"
	"strconv"
	"strings"
)

// Schema is one parsed schema line.
type Schema struct {
	Name, Overload string
	Args, Returns  []Arg
	Text           string
}

// Arg is one argument or return.
type Arg struct {
	Name       string
	Type       Type
	Default    string
	HasDefault bool
	KwargOnly  bool
}

// Type is a schema type: `Tensor(a!)`, `SymInt[1]?`, `Tensor?[]`.
type Type struct {
	Base         string
	Alias        string
	List         bool
	Size         int
	ElemOptional bool
	Optional     bool
}

// knownBases are the base types the torch package's verifier handles,
// with the Go constant each is written as.
var knownBases = map[string]string{
	"Tensor": "BaseTensor", "int": "BaseInt", "SymInt": "BaseSymInt", "float": "BaseFloat",
	"SymFloat": "BaseSymFloat", "bool": "BaseBool", "Scalar": "BaseScalar", "str": "BaseStr",
	"ScalarType": "BaseScalarType", "Layout": "BaseLayout", "MemoryFormat": "BaseMemoryFormat",
	"Device": "BaseDevice", "Generator": "BaseGenerator", "Dimname": "BaseDimname", "Any": "BaseAny",
}

// ParseSchema parses `name[.overload](args) -> returns`. An "aten::"
// prefix is allowed and dropped.
func ParseSchema(line string) (*Schema, error) {
	text := strings.TrimSpace(line)
	s := &Schema{Text: text}
	body := strings.TrimPrefix(text, "aten::")
	open := strings.IndexByte(body, '(')
	if open <= 0 {
		return nil, fmt.Errorf("expected `name(args) -> returns`")
	}
	s.Name, s.Overload, _ = strings.Cut(body[:open], ".")
	if !isIdent(s.Name) || (s.Overload != "" && !isIdent(s.Overload)) {
		return nil, fmt.Errorf("invalid operator name %q", body[:open])
	}
	end, err := matching(body, open)
	if err != nil {
		return nil, err
	}
	rest := strings.TrimSpace(body[end+1:])
	rets, ok := strings.CutPrefix(rest, "->")
	if !ok {
		return nil, fmt.Errorf("expected '->' after the argument list")
	}
	kwOnly := false
	for _, part := range splitTop(body[open+1 : end]) {
		if part == "*" {
			kwOnly = true
			continue
		}
		a, err := parseArg(part, true)
		if err != nil {
			return nil, err
		}
		a.KwargOnly = kwOnly
		s.Args = append(s.Args, a)
	}
	rets = strings.TrimSpace(rets)
	if strings.HasPrefix(rets, "(") {
		e, err := matching(rets, 0)
		if err != nil {
			return nil, err
		}
		if e != len(rets)-1 {
			return nil, fmt.Errorf("unexpected text after returns: %q", rets[e+1:])
		}
		rets = rets[1:e]
	}
	for _, part := range splitTop(rets) {
		r, err := parseArg(part, false)
		if err != nil {
			return nil, err
		}
		s.Returns = append(s.Returns, r)
	}
	return s, nil
}

// parseArg reads `TYPE NAME[=DEFAULT]`; for returns the name is optional
// and there is no default.
func parseArg(text string, isArg bool) (Arg, error) {
	var a Arg
	t, rest, err := parseType(text)
	if err != nil {
		return a, fmt.Errorf("%q: %v", text, err)
	}
	a.Type = t
	rest = strings.TrimSpace(rest)
	name, def, hasDef := strings.Cut(rest, "=")
	a.Name = strings.TrimSpace(name)
	if a.Name == "" && isArg {
		return a, fmt.Errorf("%q: argument without a name", text)
	}
	if a.Name != "" && !isIdent(a.Name) {
		return a, fmt.Errorf("%q: invalid name %q", text, a.Name)
	}
	if hasDef {
		if !isArg {
			return a, fmt.Errorf("%q: a return cannot have a default", text)
		}
		a.Default, a.HasDefault = strings.TrimSpace(def), true
	}
	return a, nil
}

// parseType reads a type at the start of text and returns the remainder.
func parseType(text string) (Type, string, error) {
	var t Type
	i := 0
	for i < len(text) && isIdentChar(text[i]) {
		i++
	}
	t.Base = text[:i]
	if _, ok := knownBases[t.Base]; !ok {
		return t, "", fmt.Errorf("unsupported type %q", t.Base)
	}
	if i < len(text) && text[i] == '(' {
		e, err := matching(text, i)
		if err != nil {
			return t, "", err
		}
		t.Alias = strings.TrimSpace(text[i+1 : e])
		i = e + 1
	}
	if strings.HasPrefix(text[i:], "?[") {
		t.ElemOptional = true
		i++
	}
	if i < len(text) && text[i] == '[' {
		e := strings.IndexByte(text[i:], ']')
		if e < 0 {
			return t, "", fmt.Errorf("unclosed '['")
		}
		t.List = true
		if n := text[i+1 : i+e]; n != "" {
			v, err := strconv.Atoi(n)
			if err != nil || v <= 0 {
				return t, "", fmt.Errorf("invalid list size %q", n)
			}
			t.Size = v
		}
		i += e + 1
	}
	if i < len(text) && text[i] == '?' {
		t.Optional = true
		i++
	}
	if i < len(text) && text[i] != ' ' {
		return t, "", fmt.Errorf("unexpected %q after type", text[i:])
	}
	return t, text[i:], nil
}

// matching returns the index of the bracket closing the one at open,
// skipping quoted strings.
func matching(s string, open int) (int, error) {
	depth := 0
	for i := open; i < len(s); i++ {
		switch s[i] {
		case '(', '[':
			depth++
		case ')', ']':
			depth--
			if depth == 0 {
				return i, nil
			}
		case '"', '\'':
			j := strings.IndexByte(s[i+1:], s[i])
			if j < 0 {
				return 0, fmt.Errorf("unterminated string")
			}
			i += j + 1
		}
	}
	return 0, fmt.Errorf("unbalanced '%c'", s[open])
}

// splitTop splits at commas outside brackets and strings, trimming parts;
// an empty text gives no parts.
func splitTop(s string) []string {
	var parts []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(', '[':
			depth++
		case ')', ']':
			depth--
		case '"', '\'':
			if j := strings.IndexByte(s[i+1:], s[i]); j >= 0 {
				i += j + 1
			}
		case ',':
			if depth == 0 {
				parts = append(parts, strings.TrimSpace(s[start:i]))
				start = i + 1
			}
		}
	}
	if last := strings.TrimSpace(s[start:]); last != "" || len(parts) > 0 {
		parts = append(parts, last)
	}
	return parts
}

func isIdentChar(c byte) bool {
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
}

func isIdent(s string) bool {
	if s == "" || (s[0] >= '0' && s[0] <= '9') {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isIdentChar(s[i]) {
			return false
		}
	}
	return true
}
