// Package pt2write writes torch.export archives (.pt2) in each layout the
// importer reads, from a small in-Go description of a program. It exists
// because no torch >= 2.6 is available to produce real files: tests,
// fuzz seeds and benchmarks build archives with it, following
// shared/docs/pt2-format.md byte for byte where it matters (record names,
// payload configs, the opcodes torch.save's pickler emits).
package pt2write

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
)

// Export-schema dtype codes (not c10's).
const (
	Byte    = 1
	Int32   = 4
	Int64   = 5
	Half    = 6
	Float32 = 7
	Float64 = 8
	Bool    = 12
	BF16    = 13
)

// Export-schema enum codes of the layout and memory format.
const (
	Strided        = 7
	PreserveFormat = 4
	// ContiguousFormat is torch.contiguous_format (clone(x, memory_format=...)).
	ContiguousFormat = 1
)

// Arg is a serialized Argument union value.
type Arg map[string]any

// Argument constructors, one per union variant the tests use.
func T(name string) Arg         { return Arg{"as_tensor": map[string]any{"name": name}} }
func Int(v int64) Arg           { return Arg{"as_int": v} }
func Ints(vs ...int64) Arg      { return Arg{"as_ints": nonNil(vs)} }
func Float(v float64) Arg       { return Arg{"as_float": jsonFloat(v)} }
func Bool_(v bool) Arg          { return Arg{"as_bool": v} }
func Bools(vs ...bool) Arg      { return Arg{"as_bools": nonNil(vs)} }
func None() Arg                 { return Arg{"as_none": true} }
func Str(s string) Arg          { return Arg{"as_string": s} }
func ScalarType(code int) Arg   { return Arg{"as_scalar_type": code} }
func MemoryFormat(code int) Arg { return Arg{"as_memory_format": code} }
func LayoutArg(code int) Arg    { return Arg{"as_layout": code} }
func Device(typ string) Arg     { return Arg{"as_device": map[string]any{"type": typ, "index": nil}} }
func Tensors(names ...string) Arg {
	l := []any{}
	for _, n := range names {
		l = append(l, map[string]any{"name": n})
	}
	return Arg{"as_tensors": l}
}

// OptTensors is a Tensor?[] list; "" stands for None.
func OptTensors(names ...string) Arg {
	l := []any{}
	for _, n := range names {
		if n == "" {
			l = append(l, Arg{"as_none": true})
		} else {
			l = append(l, T(n))
		}
	}
	return Arg{"as_optional_tensors": l}
}

func nonNil[E any](s []E) []E {
	if s == nil {
		return []E{}
	}
	return s
}

// jsonFloat writes ±inf as the serializer does ("Infinity").
func jsonFloat(v float64) any {
	switch {
	case math.IsInf(v, 1):
		return "Infinity"
	case math.IsInf(v, -1):
		return "-Infinity"
	case math.IsNaN(v):
		return "NaN"
	}
	return v
}

// NamedArg is one node input.
type NamedArg struct {
	Name string
	Arg  Arg
}

// Out is one node output: a tensor with its metadata, None, (Elems) a
// Tensor[] of named tensors, or (Sym) a symbolic int, bool or float.
type Out struct {
	Name  string // empty: as_none
	Dtype int
	Sizes []int64
	Elems []Out
	Sym   string // "int", "bool" or "float": an as_sym_<Sym> output
}

// OSym is a symbolic output: kind is "int" (a size or arithmetic on
// sizes), "bool" (a comparison) or "float".
func OSym(name, kind string) Out { return Out{Name: name, Sym: kind} }

// SymInt, SymBool and SymFloat pass a symbolic value by name; SymInts is a
// SymInt[] of names (string) and literals (int64), as torch.export writes a
// size list with dynamic entries.
func SymInt(name string) Arg   { return Arg{"as_sym_int": map[string]any{"as_name": name}} }
func SymBool(name string) Arg  { return Arg{"as_sym_bool": map[string]any{"as_name": name}} }
func SymFloat(name string) Arg { return Arg{"as_sym_float": map[string]any{"as_name": name}} }
func SymInts(items ...any) Arg {
	out := []any{}
	for _, it := range items {
		switch v := it.(type) {
		case string:
			out = append(out, map[string]any{"as_name": v})
		case int64:
			out = append(out, map[string]any{"as_int": v})
		case int:
			out = append(out, map[string]any{"as_int": int64(v)})
		}
	}
	return Arg{"as_sym_ints": out}
}

// OList is a Tensor[] output (split, unbind): as_tensors of its elements.
func OList(elems ...Out) Out { return Out{Elems: elems} }

// O is a tensor output; NoneOut a None output.
func O(name string, dtype int, sizes ...int64) Out {
	return Out{Name: name, Dtype: dtype, Sizes: sizes}
}

// NoneOut is an as_none output (a masked or undefined tensor).
var NoneOut = Out{}

// Program accumulates an ExportedProgram.
type Program struct {
	inputs, outputs   []any
	inSpecs, outSpecs []any
	nodes             []any
	values            map[string]any
	symValues         map[string]map[string]any // "int", "bool", "float" → name → value
	ranges            map[string]any
	// SchemaMajor/Minor default to 8.17.
	SchemaMajor, SchemaMinor int
	// NodeNames writes Node.name (8.17+); older files lack it.
	NodeNames bool
}

// NewProgram starts an empty program.
func NewProgram() *Program {
	return &Program{values: map[string]any{}, SchemaMajor: 8, SchemaMinor: 17, NodeNames: true,
		symValues: map[string]map[string]any{"int": {}, "bool": {}, "float": {}}, ranges: map[string]any{}}
}

// Meta is a TensorMeta JSON object for a contiguous tensor.
func Meta(dtype int, sizes []int64) map[string]any {
	return MetaStrided(dtype, sizes, Contiguous(sizes), 0)
}

// MetaStrided is a TensorMeta with explicit strides and offset.
func MetaStrided(dtype int, sizes, strides []int64, offset int64) map[string]any {
	sz, st := []any{}, []any{}
	for _, s := range sizes {
		sz = append(sz, Arg{"as_int": s})
	}
	for _, s := range strides {
		st = append(st, Arg{"as_int": s})
	}
	return map[string]any{"dtype": dtype, "sizes": sz, "strides": st,
		"storage_offset": Arg{"as_int": offset}, "requires_grad": false,
		"device": map[string]any{"type": "cpu", "index": nil}, "layout": 7}
}

// DynSizes gives the tensor value name (an input or a node output already
// added) symbolic sizes: each entry an int64 or a sympy expression string
// ("s0", "3*s0"), as torch.export writes the sizes of a program exported
// with dynamic_shapes. Strides follow as products.
func (p *Program) DynSizes(name string, sizes ...any) {
	m := p.values[name].(map[string]any)
	sz := make([]any, len(sizes))
	st := make([]any, len(sizes))
	num, syms := int64(1), []string{} // the stride: num times the product of syms
	for i := len(sizes) - 1; i >= 0; i-- {
		if len(syms) == 0 {
			st[i] = Arg{"as_int": num}
		} else {
			st[i] = Arg{"as_expr": map[string]any{"expr_str": strings.Join(append([]string{strconv.FormatInt(num, 10)}, syms...), "*"), "hint": nil}}
		}
		switch v := sizes[i].(type) {
		case string:
			sz[i] = Arg{"as_expr": map[string]any{"expr_str": v, "hint": nil}}
			syms = append(syms, "("+v+")")
		case int64:
			sz[i] = Arg{"as_int": v}
			num *= v
		case int:
			sz[i] = Arg{"as_int": int64(v)}
			num *= int64(v)
		}
	}
	m["sizes"], m["strides"] = sz, st
}

// Range adds the range constraint of symbol sym (min and max inclusive;
// nil max: unbounded).
func (p *Program) Range(sym string, min int64, max any) {
	p.ranges[sym] = map[string]any{"min_val": min, "max_val": max}
}

// Contiguous returns row-major strides.
func Contiguous(sizes []int64) []int64 {
	st := make([]int64, len(sizes))
	acc := int64(1)
	for i := len(sizes) - 1; i >= 0; i-- {
		st[i] = acc
		acc *= sizes[i]
	}
	return st
}

// Input adds a graph input. kind is parameter, buffer, tensor_constant or
// user_input; target is the FQN (unused for user inputs).
func (p *Program) Input(kind, name, target string, dtype int, sizes ...int64) {
	p.values[name] = Meta(dtype, sizes)
	p.inputs = append(p.inputs, T(name))
	var spec map[string]any
	switch kind {
	case "user_input":
		spec = map[string]any{"arg": T(name)}
	case "parameter":
		spec = map[string]any{"arg": map[string]any{"name": name}, "parameter_name": target}
	case "buffer":
		spec = map[string]any{"arg": map[string]any{"name": name}, "buffer_name": target, "persistent": true}
	case "tensor_constant":
		spec = map[string]any{"arg": map[string]any{"name": name}, "tensor_constant_name": target}
	}
	p.inSpecs = append(p.inSpecs, map[string]any{kind: spec})
}

// Node adds an operator call.
func (p *Program) Node(target, name string, args []NamedArg, outs ...Out) {
	ins := []any{}
	for _, a := range args {
		ins = append(ins, map[string]any{"name": a.Name, "arg": a.Arg, "kind": 1})
	}
	outputs := []any{}
	for _, o := range outs {
		if o.Elems != nil {
			var names []string
			for _, e := range o.Elems {
				p.values[e.Name] = Meta(e.Dtype, e.Sizes)
				names = append(names, e.Name)
			}
			outputs = append(outputs, Tensors(names...))
			continue
		}
		if o.Name == "" {
			outputs = append(outputs, None())
			continue
		}
		if o.Sym != "" {
			p.symValues[o.Sym][o.Name] = map[string]any{"as_expr": map[string]any{"expr_str": o.Name, "hint": nil}}
			outputs = append(outputs, Arg{"as_sym_" + o.Sym: map[string]any{"as_name": o.Name}})
			continue
		}
		p.values[o.Name] = Meta(o.Dtype, o.Sizes)
		outputs = append(outputs, T(o.Name))
	}
	n := map[string]any{"target": target, "inputs": ins, "outputs": outputs,
		"metadata": map[string]any{"stack_trace": "File \"model.py\", line 1"}, "is_hop_single_tensor_return": nil}
	if p.NodeNames {
		n["name"] = name
	}
	p.nodes = append(p.nodes, n)
}

// Output adds a graph output. kind is an OutputSpec kind; name "" returns
// None (user_output only); target is the parameter/buffer/input name.
func (p *Program) Output(kind, name, target string) {
	arg := T(name)
	if name == "" {
		arg = None()
	}
	p.outputs = append(p.outputs, arg)
	var spec map[string]any
	switch kind {
	case "user_output":
		spec = map[string]any{"arg": arg}
	case "loss_output":
		spec = map[string]any{"arg": map[string]any{"name": name}}
	case "buffer_mutation":
		spec = map[string]any{"arg": map[string]any{"name": name}, "buffer_name": target}
	case "gradient_to_parameter", "parameter_mutation":
		spec = map[string]any{"arg": map[string]any{"name": name}, "parameter_name": target}
	case "gradient_to_user_input", "user_input_mutation":
		spec = map[string]any{"arg": map[string]any{"name": name}, "user_input_name": target}
	}
	p.outSpecs = append(p.outSpecs, map[string]any{kind: spec})
}

// OutputSymInt adds a user output that is a symbolic int (a size the
// program computes and returns).
func (p *Program) OutputSymInt(name string) {
	arg := SymInt(name)
	p.outputs = append(p.outputs, arg)
	p.outSpecs = append(p.outSpecs, map[string]any{"user_output": map[string]any{"arg": arg}})
}

// JSON returns the ExportedProgram document.
func (p *Program) JSON() []byte {
	doc := map[string]any{
		"graph_module": map[string]any{
			"graph": map[string]any{
				"inputs": nonNil(p.inputs), "outputs": nonNil(p.outputs), "nodes": nonNil(p.nodes),
				"tensor_values": p.values, "sym_int_values": p.symValues["int"],
				"sym_bool_values": p.symValues["bool"], "sym_float_values": p.symValues["float"],
				"custom_obj_values": map[string]any{}, "is_single_tensor_return": false,
			},
			"signature":         map[string]any{"input_specs": nonNil(p.inSpecs), "output_specs": nonNil(p.outSpecs)},
			"module_call_graph": []any{}, "metadata": map[string]any{},
			"treespec_namedtuple_fields": map[string]any{},
		},
		"opset_version":     map[string]any{"aten": 10},
		"range_constraints": p.ranges,
		"schema_version":    map[string]any{"major": p.SchemaMajor, "minor": p.SchemaMinor},
		"verifiers":         []any{},
		"torch_version":     "2.11.0",
		"guards_code":       []any{},
	}
	// Only maps, slices, strings and finite numbers: Marshal cannot fail.
	b, _ := json.Marshal(doc)
	return b
}
