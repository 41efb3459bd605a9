package importer

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
)

// Mapping ties the imported function's signature back to the archive:
// for each argument what it is (parameter, buffer, constant, user input),
// its FQN and where its data lives; for each result its output kind. It
// is how `torchlower run` feeds parameters and labels results.
type Mapping struct {
	Archive  string `json:"archive"`
	Program  string `json:"program"`
	Entry    string `json:"entry"`
	Function string `json:"function"`
	Params   string `json:"params"` // "args" or "inline"
	Layout   string `json:"layout"`
	// Inputs lists the graph inputs in order; Arg is the function argument
	// index, -1 when the value was inlined or is a non-tensor constant.
	Inputs  []MappedInput  `json:"inputs"`
	Outputs []MappedOutput `json:"outputs"`
}

// MappedInput is one graph input.
type MappedInput struct {
	Arg   int      `json:"arg"`
	Kind  string   `json:"kind"` // parameter, buffer, constant, user_input
	Name  string   `json:"name"` // graph value name ("p_conv_weight")
	FQN   string   `json:"fqn,omitempty"`
	Type  string   `json:"type,omitempty"`
	Value string   `json:"value,omitempty"` // constant_input value
	Data  *DataRef `json:"data,omitempty"`
	// Tensor is the decoded weight, for in-process users.
	Tensor *Tensor `json:"-"`
}

// DataRef says where a stored tensor's bytes are: a record of the archive
// (relative to its root) or, for torch.save payloads, a Member of the
// nested zip in that record; viewed with sizes, strides and offset in
// elements.
type DataRef struct {
	Record  string  `json:"record"`
	Member  string  `json:"member,omitempty"`
	Dtype   string  `json:"dtype"`
	Sizes   []int64 `json:"sizes"`
	Strides []int64 `json:"strides"`
	Offset  int64   `json:"offset"`
	IsParam bool    `json:"is_param,omitempty"`
	Zero    bool    `json:"zero,omitempty"`
}

// MappedOutput is one function result.
type MappedOutput struct {
	Index int    `json:"index"`
	Kind  string `json:"kind"` // user_output, loss_output, gradient_to_parameter, buffer_mutation, ...
	Name  string `json:"name,omitempty"`
	// Target is the parameter, buffer or user input the output refers to.
	Target string `json:"target,omitempty"`
	Type   string `json:"type"`
}

func describeData(t *Tensor) *DataRef {
	d := &DataRef{Dtype: t.Dtype.String(), Sizes: t.Sizes, Strides: t.Strides, Offset: t.Offset,
		IsParam: t.IsParam, Zero: t.Zero}
	if t.Storage != nil {
		d.Record, d.Member = t.Storage.Entry, t.Storage.Member
	}
	return d
}

// WriteJSON writes the mapping as indented JSON.
func (m *Mapping) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(m)
}

// ReadMapping decodes a mapping written by WriteJSON. name (the file's
// path) prefixes every error.
func ReadMapping(r io.Reader, name string) (*Mapping, error) {
	var m Mapping
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return nil, fmt.Errorf("%s: not a parameter mapping: %v", name, err)
	}
	if m.Params != "args" && m.Params != "inline" {
		return nil, fmt.Errorf("%s: params is %q, want args or inline", name, m.Params)
	}
	seen := map[int]string{}
	for _, in := range m.Inputs {
		if in.Arg < 0 {
			continue
		}
		if prev, ok := seen[in.Arg]; ok {
			return nil, fmt.Errorf("%s: argument %d is both %s and %s", name, in.Arg, prev, in.Name)
		}
		seen[in.Arg] = in.Name
	}
	for i := range seen {
		if i >= len(seen) {
			return nil, fmt.Errorf("%s: arguments are not numbered 0..%d (found %d)", name, len(seen)-1, i)
		}
	}
	return &m, nil
}

// NumArgs is the number of function arguments the mapping describes.
func (m *Mapping) NumArgs() int {
	n := 0
	for _, in := range m.Inputs {
		if in.Arg >= 0 {
			n++
		}
	}
	return n
}

// Bind sets the Tensor of every parameter, buffer and constant argument
// from a, the archive the mapping was written for, looking each up by
// FQN in the mapping's program. A tensor the archive lacks, or whose
// dtype or sizes differ from the mapping's record of it, is an error
// naming the argument and the archive.
func (m *Mapping) Bind(a *Archive) error {
	p, err := a.Program(m.Program)
	if err != nil {
		return err
	}
	for i := range m.Inputs {
		in := &m.Inputs[i]
		if in.Arg < 0 || in.Kind == "user_input" {
			continue
		}
		t := p.Weights[in.FQN]
		if t == nil {
			t = p.Constants[in.FQN]
		}
		if t == nil {
			return fmt.Errorf("%s: argument %d (%s %q) has no stored data in program %q", a.Name, in.Arg, in.Kind, in.FQN, p.Name)
		}
		if d := in.Data; d != nil {
			if d.Dtype != t.Dtype.String() || !slices.Equal(d.Sizes, t.Sizes) {
				return fmt.Errorf("%s: argument %d (%s %q) is %s%v in the archive but %s%v in the mapping (was the archive changed after import?)",
					a.Name, in.Arg, in.Kind, in.FQN, t.Dtype, t.Sizes, d.Dtype, d.Sizes)
			}
		}
		in.Tensor = t
	}
	return nil
}
