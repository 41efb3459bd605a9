package importer

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// DecodeProgram decodes an ExportedProgram JSON document and checks its
// schema major. It tolerates what older and newer writers do differently
// (pt2-format.md §2.1): absent or null fields, bare Infinity/NaN tokens,
// string floats, $type/$value unions and enum names.
func DecodeProgram(data []byte) (*ExportedProgram, error) {
	data = quoteBareNonFinite(data)
	var ep ExportedProgram
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&ep); err != nil {
		return nil, fmt.Errorf("bad program JSON: %v", jsonErr(err))
	}
	if dec.More() {
		return nil, errors.New("bad program JSON: trailing data after the top-level object")
	}
	major, minor := int64(ep.SchemaVersion.Major), int64(ep.SchemaVersion.Minor)
	// Upstream accepts 0.0, the value of files that predate the field.
	if major != supportedSchemaMajor && major != 0 {
		return nil, fmt.Errorf("unsupported schema version %d.%d: major %d, this importer reads major %d (torch 2.6 or newer)",
			major, minor, major, supportedSchemaMajor)
	}
	return &ep, nil
}

func jsonErr(err error) string {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Sprintf("%v (at byte %d)", se, se.Offset)
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return fmt.Sprintf("field %q: cannot use JSON %s as %s", te.Field, te.Value, te.Type)
	}
	return err.Error()
}

// quoteBareNonFinite turns the non-JSON tokens Infinity, -Infinity and
// NaN, which older serializers wrote, into strings the Float decoder
// understands. Text inside strings is left alone; the common case (no
// such token) returns data unchanged without copying.
func quoteBareNonFinite(data []byte) []byte {
	var out []byte
	inStr, esc := false, false
	last := 0
	for i := 0; i < len(data); i++ {
		c := data[i]
		if inStr {
			switch {
			case esc:
				esc = false
			case c == '\\':
				esc = true
			case c == '"':
				inStr = false
			}
			continue
		}
		if c == '"' {
			inStr = true
			continue
		}
		var tok string
		for _, t := range []string{"-Infinity", "Infinity", "NaN"} {
			if c == t[0] && bytes.HasPrefix(data[i:], []byte(t)) {
				tok = t
				break
			}
		}
		if tok == "" {
			continue
		}
		if out == nil {
			out = make([]byte, 0, len(data)+16)
		}
		out = append(out, data[last:i]...)
		out = append(out, '"')
		out = append(out, tok...)
		out = append(out, '"')
		i += len(tok) - 1
		last = i + 1
	}
	if out == nil {
		return data
	}
	return append(out, data[last:]...)
}

// InputKind is what a graph input is, from the graph signature.
type InputKind string

// Input kinds, named as in the signature JSON.
const (
	InputUserInput      InputKind = "user_input"
	InputParameter      InputKind = "parameter"
	InputBuffer         InputKind = "buffer"
	InputTensorConstant InputKind = "tensor_constant"
	InputCustomObj      InputKind = "custom_obj"
	InputToken          InputKind = "token"
	InputConstant       InputKind = "constant_input"
)

// InputSpec is one decoded input_specs entry.
type InputSpec struct {
	Kind       InputKind
	Name       string // graph value name ("p_conv_weight"); empty for non-tensor user inputs
	Target     string // FQN of the parameter/buffer/constant
	Persistent bool   // for buffers
	Arg        Union  // user_input's argument; constant_input's value
}

// OutputKind is what a graph output is, from the graph signature.
type OutputKind string

// Output kinds, named as in the signature JSON.
const (
	OutputUser              OutputKind = "user_output"
	OutputLoss              OutputKind = "loss_output"
	OutputBufferMutation    OutputKind = "buffer_mutation"
	OutputGradientToParam   OutputKind = "gradient_to_parameter"
	OutputGradientToInput   OutputKind = "gradient_to_user_input"
	OutputUserInputMutation OutputKind = "user_input_mutation"
	OutputToken             OutputKind = "token"
	OutputParameterMutation OutputKind = "parameter_mutation"
)

// OutputSpec is one decoded output_specs entry.
type OutputSpec struct {
	Kind   OutputKind
	Name   string // graph value name, when the output is a tensor
	Target string // parameter, buffer or user input it refers to
	Arg    Union  // user_output's argument
}

type specPayload struct {
	Arg                json.RawMessage `json:"arg"`
	ParameterName      string          `json:"parameter_name"`
	BufferName         string          `json:"buffer_name"`
	TensorConstantName string          `json:"tensor_constant_name"`
	CustomObjName      string          `json:"custom_obj_name"`
	UserInputName      string          `json:"user_input_name"`
	Persistent         *Bool           `json:"persistent"`
	Name               string          `json:"name"`
	Value              Union           `json:"value"`
}

func decodeSpec(u Union) (specPayload, error) {
	var p specPayload
	if len(u.Val) == 0 {
		return p, fmt.Errorf("%s spec has no payload", u.Key)
	}
	if err := json.Unmarshal(u.Val, &p); err != nil {
		return p, fmt.Errorf("%s spec: %v", u.Key, jsonErr(err))
	}
	return p, nil
}

// tensorArgName reads a bare TensorArgument {name}, tolerating writers
// that wrapped it in an Argument union {as_tensor: {name}}.
func tensorArgName(raw json.RawMessage) (string, error) {
	var t struct {
		Name     *string `json:"name"`
		AsTensor *struct {
			Name string `json:"name"`
		} `json:"as_tensor"`
	}
	if len(raw) == 0 {
		return "", errors.New("missing arg")
	}
	if err := json.Unmarshal(raw, &t); err != nil {
		return "", fmt.Errorf("bad tensor argument %s", snippet(raw))
	}
	switch {
	case t.Name != nil:
		return *t.Name, nil
	case t.AsTensor != nil:
		return t.AsTensor.Name, nil
	}
	return "", fmt.Errorf("tensor argument without a name: %s", snippet(raw))
}

// InputSpecs decodes the signature's input_specs.
func (ep *ExportedProgram) InputSpecs() ([]InputSpec, error) {
	var out []InputSpec
	for i, u := range ep.GraphModule.Signature.InputSpecs {
		p, err := decodeSpec(u)
		if err != nil {
			return nil, fmt.Errorf("input_specs[%d]: %v", i, err)
		}
		s := InputSpec{Kind: InputKind(u.Key)}
		switch s.Kind {
		case InputUserInput:
			var arg Union
			if err := json.Unmarshal(p.Arg, &arg); err != nil {
				return nil, fmt.Errorf("input_specs[%d]: user_input: %v", i, err)
			}
			s.Arg = arg
			s.Name, _ = arg.ValueName()
		case InputConstant:
			s.Name, s.Arg = p.Name, p.Value
		case InputParameter, InputBuffer, InputTensorConstant, InputCustomObj, InputToken:
			name, err := tensorArgName(p.Arg)
			if err != nil {
				return nil, fmt.Errorf("input_specs[%d]: %s: %v", i, u.Key, err)
			}
			s.Name = name
			s.Target = p.ParameterName + p.BufferName + p.TensorConstantName + p.CustomObjName
			s.Persistent = p.Persistent == nil || bool(*p.Persistent)
		default:
			return nil, fmt.Errorf("input_specs[%d]: unknown input kind %q", i, truncate(u.Key))
		}
		out = append(out, s)
	}
	return out, nil
}

// OutputSpecs decodes the signature's output_specs.
func (ep *ExportedProgram) OutputSpecs() ([]OutputSpec, error) {
	var out []OutputSpec
	for i, u := range ep.GraphModule.Signature.OutputSpecs {
		p, err := decodeSpec(u)
		if err != nil {
			return nil, fmt.Errorf("output_specs[%d]: %v", i, err)
		}
		s := OutputSpec{Kind: OutputKind(u.Key)}
		switch s.Kind {
		case OutputUser:
			var arg Union
			if err := json.Unmarshal(p.Arg, &arg); err != nil {
				return nil, fmt.Errorf("output_specs[%d]: user_output: %v", i, err)
			}
			s.Arg = arg
			s.Name, _ = arg.ValueName()
		case OutputLoss, OutputBufferMutation, OutputGradientToParam, OutputGradientToInput,
			OutputUserInputMutation, OutputToken, OutputParameterMutation:
			name, err := tensorArgName(p.Arg)
			if err != nil {
				return nil, fmt.Errorf("output_specs[%d]: %s: %v", i, u.Key, err)
			}
			s.Name = name
			s.Target = p.ParameterName + p.BufferName + p.UserInputName
		default:
			return nil, fmt.Errorf("output_specs[%d]: unknown output kind %q", i, truncate(u.Key))
		}
		out = append(out, s)
	}
	return out, nil
}

// ValueName returns the graph value an argument refers to by name:
// as_tensor {name}, as_sym_int {as_name}, as_custom_obj {name}, ...
func (u Union) ValueName() (string, bool) {
	switch u.Key {
	case "as_tensor", "as_custom_obj", "as_optional_tensor":
		var t struct {
			Name     string `json:"name"`
			AsTensor *struct {
				Name string `json:"name"`
			} `json:"as_tensor"`
		}
		if json.Unmarshal(u.Val, &t) != nil {
			return "", false
		}
		if t.AsTensor != nil {
			return t.AsTensor.Name, true
		}
		return t.Name, t.Name != ""
	case "as_sym_int", "as_sym_bool", "as_sym_float":
		var inner Union
		if json.Unmarshal(u.Val, &inner) != nil || inner.Key != "as_name" {
			return "", false
		}
		var s string
		if json.Unmarshal(inner.Val, &s) != nil {
			return "", false
		}
		return s, true
	}
	return "", false
}

// isNone reports an as_none argument (its payload, true or [], is ignored).
func (u Union) isNone() bool { return u.Key == "as_none" || u.Key == "" }

func (u Union) String() string {
	if u.Key == "" {
		return "null"
	}
	return u.Key + ":" + snippet(u.Val)
}

// symIntValue reads a SymInt union (TensorMeta sizes and strides): a
// literal, or a symbolic expression (returned as ok=false, dynamic).
func symIntValue(u Union) (v int64, static bool, err error) {
	switch u.Key {
	case "as_int":
		v, err := parseFlexInt(u.Val)
		return v, err == nil, err
	case "as_expr", "as_name", "as_sym_int":
		return 0, false, nil
	case "":
		return 0, false, errors.New("missing size")
	}
	return 0, false, fmt.Errorf("unknown SymInt variant %q", truncate(u.Key))
}

// staticInts converts a SymInt list; dynamic entries become dyn.
func staticInts(us []Union, dyn int64) ([]int64, error) {
	out := make([]int64, len(us))
	for i, u := range us {
		v, ok, err := symIntValue(u)
		if err != nil {
			return nil, err
		}
		if !ok {
			v = dyn
		}
		out[i] = v
	}
	return out, nil
}
