package importer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
)

// The structs below mirror torch/_export/serde/schema.py (schema major 8)
// as far as the importer needs it. Fields it does not use are not
// declared, so new or oddly typed fields in newer files cannot break
// decoding. Unions stay raw (Union) and are interpreted where used,
// because which variants matter depends on the op consuming them.

// ExportedProgram is the top-level JSON object of models/<m>.json.
type ExportedProgram struct {
	GraphModule GraphModule `json:"graph_module"`
	// RangeConstraints bound the symbols of a program exported with
	// dynamic shapes ({"s0": {"min_val": 2, "max_val": 64}}).
	RangeConstraints map[string]RangeConstraint `json:"range_constraints"`
	OpsetVersion     map[string]Int             `json:"opset_version"`
	SchemaVersion    SchemaVersion              `json:"schema_version"`
	TorchVersion     string                     `json:"torch_version"`
}

// SchemaVersion is {major, minor}.
type SchemaVersion struct {
	Major Int `json:"major"`
	Minor Int `json:"minor"`
}

// GraphModule holds the graph and its signature.
type GraphModule struct {
	Graph     Graph          `json:"graph"`
	Signature GraphSignature `json:"signature"`
}

// Graph is a flat list of nodes whose values are referenced by name.
type Graph struct {
	Inputs          []Union                    `json:"inputs"`
	Outputs         []Union                    `json:"outputs"`
	Nodes           []Node                     `json:"nodes"`
	TensorValues    map[string]TensorMeta      `json:"tensor_values"`
	SymIntValues    map[string]Union           `json:"sym_int_values"`
	SymBoolValues   map[string]Union           `json:"sym_bool_values"`
	SymFloatValues  map[string]Union           `json:"sym_float_values"`
	CustomObjValues map[string]json.RawMessage `json:"custom_obj_values"`
}

// Node is one operator call. getitem nodes are never serialized: the
// producer's Outputs carry the names of the tuple elements.
type Node struct {
	Target  string          `json:"target"`
	Inputs  []NamedArgument `json:"inputs"`
	Outputs []Union         `json:"outputs"`
	Name    string          `json:"name"` // 8.17+; empty before
}

// NamedArgument is one argument, matched to the op schema by Name.
type NamedArgument struct {
	Name string `json:"name"`
	Arg  Union  `json:"arg"`
	Kind Int    `json:"kind"` // 1 positional, 2 keyword; absent in old files
}

// TensorMeta describes a tensor value or a stored weight.
type TensorMeta struct {
	Dtype         ScalarType `json:"dtype"`
	Sizes         []Union    `json:"sizes"`   // SymInt
	Strides       []Union    `json:"strides"` // SymInt
	StorageOffset Union      `json:"storage_offset"`
	RequiresGrad  Bool       `json:"requires_grad"`
	Device        *Device    `json:"device"`
	Layout        Int        `json:"layout"`
}

// Device is {type, index}.
type Device struct {
	Type  string `json:"type"`
	Index *Int   `json:"index"`
}

// GraphSignature says what each graph input and output is.
type GraphSignature struct {
	InputSpecs  []Union `json:"input_specs"`
	OutputSpecs []Union `json:"output_specs"`
}

// Union is a serialized union: a one-key object {"as_int": 3}, or the
// pre-5.1 {"$type": "as_int", "$value": 3}. Key is empty for null.
type Union struct {
	Key string
	Val json.RawMessage
}

// UnmarshalJSON accepts both union encodings; when several keys are
// present only one may be non-null.
func (u *Union) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if string(b) == "null" {
		*u = Union{}
		return nil
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return fmt.Errorf("expected a union object, got %s", snippet(b))
	}
	if t, ok := m["$type"]; ok {
		var key string
		if err := json.Unmarshal(t, &key); err != nil {
			return fmt.Errorf("union $type is not a string: %s", snippet(t))
		}
		*u = Union{Key: key, Val: m["$value"]}
		return nil
	}
	var key string
	n := 0
	for k, v := range m {
		if len(m) > 1 && string(bytes.TrimSpace(v)) == "null" {
			continue
		}
		key = k
		n++
	}
	if n != 1 {
		keys := slices.Sorted(maps.Keys(m))
		return fmt.Errorf("union must have exactly one non-null key, got %d (%s)", n, strings.Join(keys, ", "))
	}
	*u = Union{Key: key, Val: m[key]}
	return nil
}

// MarshalJSON writes the modern one-key form (used by tests and fuzzers).
func (u Union) MarshalJSON() ([]byte, error) {
	if u.Key == "" {
		return []byte("null"), nil
	}
	val := u.Val
	if len(val) == 0 {
		val = json.RawMessage("null")
	}
	k, _ := json.Marshal(u.Key)
	return []byte("{" + string(k) + ":" + string(val) + "}"), nil
}

// Int is an integer that tolerates the encodings seen in the wild:
// numbers, integral floats, numeric strings and null (zero).
type Int int64

// UnmarshalJSON implements the tolerant integer decoding.
func (i *Int) UnmarshalJSON(b []byte) error {
	v, err := parseFlexInt(b)
	*i = Int(v)
	return err
}

func parseFlexInt(b []byte) (int64, error) {
	b = bytes.TrimSpace(b)
	s := string(b)
	if s == "null" {
		return 0, nil
	}
	if len(s) >= 2 && s[0] == '"' {
		if err := json.Unmarshal(b, &s); err != nil {
			return 0, err
		}
		s = strings.TrimSpace(s)
	}
	if v, err := strconv.ParseInt(s, 10, 64); err == nil {
		return v, nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f != math.Trunc(f) || math.Abs(f) > 1<<62 {
		return 0, fmt.Errorf("expected an integer, got %s", snippet(b))
	}
	return int64(f), nil
}

// Float tolerates numbers, numeric strings and the spellings of infinity
// and NaN that the serializer writes ("Infinity") or older files used.
type Float float64

// UnmarshalJSON implements the tolerant float decoding.
func (f *Float) UnmarshalJSON(b []byte) error {
	v, err := parseFlexFloat(b)
	*f = Float(v)
	return err
}

func parseFlexFloat(b []byte) (float64, error) {
	b = bytes.TrimSpace(b)
	s := string(b)
	if s == "null" {
		return 0, nil
	}
	if len(s) >= 2 && s[0] == '"' {
		if err := json.Unmarshal(b, &s); err != nil {
			return 0, err
		}
		s = strings.TrimSpace(s)
	}
	switch strings.ToLower(s) {
	case "infinity", "inf", "+inf", "+infinity":
		return math.Inf(1), nil
	case "-infinity", "-inf":
		return math.Inf(-1), nil
	case "nan", "+nan", "-nan":
		return math.NaN(), nil
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, fmt.Errorf("expected a float, got %s", snippet(b))
	}
	return v, nil
}

// Bool tolerates true/false, 0/1, "true"/"false" and null.
type Bool bool

// UnmarshalJSON implements the tolerant bool decoding.
func (x *Bool) UnmarshalJSON(b []byte) error {
	switch strings.Trim(strings.ToLower(string(bytes.TrimSpace(b))), `"`) {
	case "true", "1":
		*x = true
	case "false", "0", "null", "":
		*x = false
	default:
		return fmt.Errorf("expected a bool, got %s", snippet(b))
	}
	return nil
}

// ScalarType is a dtype in the export schema's numbering (FLOAT = 7),
// which is not c10's (FLOAT = 6). Names ("FLOAT") are accepted too.
type ScalarType int

// UnmarshalJSON accepts the integer code or the member name.
func (s *ScalarType) UnmarshalJSON(b []byte) error {
	if v, err := parseFlexInt(b); err == nil {
		*s = ScalarType(v)
		return nil
	}
	var name string
	if err := json.Unmarshal(b, &name); err != nil {
		return fmt.Errorf("expected a dtype, got %s", snippet(b))
	}
	name = strings.ToUpper(strings.TrimPrefix(name, "ScalarType."))
	for code, d := range dtypes {
		if d.name == name {
			*s = code
			return nil
		}
	}
	return fmt.Errorf("unknown dtype %q", truncate(name))
}

func snippet(b []byte) string {
	s := string(b)
	if len(s) > 40 {
		s = s[:40] + "..."
	}
	return s
}
