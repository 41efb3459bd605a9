package importer

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	fn "github.com/torchlower/torchlower/dialect/func"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/torch"
)

// Options control Import.
type Options struct {
	// Params is "args" (parameters, buffers and constants become function
	// arguments, in graph input order, as fx_importer's import_program
	// does) or "inline" (they become torch.vtensor.literal ops, as
	// import_frozen_program does). Empty means "args".
	Params string
	// FuncName names the function; empty means "main".
	FuncName string
	// Program selects the program of a multi-program archive; empty means
	// the only one (or "model").
	Program string
	// Dims binds symbols of a program exported with dynamic shapes to
	// sizes ("s0": 8), specializing it (see symbolic.go): its types
	// become static and its size computations constants. Nil keeps `?`.
	Dims map[string]int64
}

// Import converts a program of the archive into a builtin.module holding
// one func.func in the torch dialect, printed exactly as torch-mlir's
// fx_importer prints it. ctx must have the func and torch dialects.
// Every unsupported node is reported in one ErrorList.
func Import(ctx *ir.Context, a *Archive, opts Options) (*ir.Operation, *Mapping, error) {
	if opts.Params == "" {
		opts.Params = "args"
	}
	if opts.Params != "args" && opts.Params != "inline" {
		return nil, nil, fmt.Errorf("params mode %q: want args or inline", opts.Params)
	}
	if opts.FuncName == "" {
		opts.FuncName = "main"
	}
	if ctx.Dialect("torch") == nil || ctx.Dialect("func") == nil {
		return nil, nil, fmt.Errorf("importer: the context must register the func and torch dialects")
	}
	p, err := a.Program(opts.Program)
	if err != nil {
		return nil, nil, err
	}
	g := &graphImporter{a: a, p: p, g: &p.EP.GraphModule.Graph, opts: opts,
		env: map[string]*ir.Value{}, consts: map[string]Union{}}
	if err := g.bindSymbols(); err != nil {
		return nil, nil, a.errAt(p.Entry, "%v", err)
	}
	return g.run(ctx)
}

type graphImporter struct {
	a    *Archive
	p    *Program
	g    *Graph
	opts Options

	b      *ir.Builder
	env    map[string]*ir.Value // graph value name → SSA value
	consts map[string]Union     // constant_input names → their value
	errs   ErrorList
	m      *Mapping
	// blobKeys are the dense_resource keys given so far (see uniqueKey).
	blobKeys map[string]bool
	// poisoned is set when an argument uses the output of a node that
	// failed: the consumer is skipped without a second report.
	poisoned bool
	// syms are the bound symbols (Options.Dims); nil when none are.
	syms map[string]int64
}

func (g *graphImporter) fail(node, target, format string, args ...any) {
	g.errs = append(g.errs, &Error{Archive: g.a.Name, Entry: g.p.Entry, Node: node, Target: target,
		Reason: fmt.Sprintf(format, args...)})
}

func (g *graphImporter) run(ctx *ir.Context) (*ir.Operation, *Mapping, error) {
	entryErr := func(format string, args ...any) error { return g.a.errAt(g.p.Entry, format, args...) }
	ins, err := g.p.EP.InputSpecs()
	if err != nil {
		return nil, nil, entryErr("%v", err)
	}
	outs, err := g.p.EP.OutputSpecs()
	if err != nil {
		return nil, nil, entryErr("%v", err)
	}
	if len(ins) != len(g.g.Inputs) {
		return nil, nil, entryErr("signature has %d inputs but the graph has %d", len(ins), len(g.g.Inputs))
	}
	if len(outs) != len(g.g.Outputs) {
		return nil, nil, entryErr("signature has %d outputs but the graph has %d", len(outs), len(g.g.Outputs))
	}
	g.m = &Mapping{Archive: g.a.Name, Program: g.p.Name, Entry: g.p.Entry, Function: g.opts.FuncName,
		Params: g.opts.Params, Layout: g.a.Layout.String()}

	// Function arguments, in graph input order.
	var argTypes []ir.Type
	type pending struct {
		spec InputSpec
		typ  ir.Type
		t    *Tensor
		arg  bool
	}
	var inputs []pending
	for i, s := range ins {
		name := s.Name
		if gn, ok := g.g.Inputs[i].ValueName(); ok && name == "" {
			name = gn
		}
		s.Name = name
		pd := pending{spec: s}
		switch s.Kind {
		case InputConstant:
			g.consts[name] = s.Arg
			g.m.Inputs = append(g.m.Inputs, MappedInput{Arg: -1, Kind: "constant", Name: name, Value: s.Arg.String()})
			continue
		case InputUserInput:
			if name == "" {
				// A specialized non-tensor user input: its uses carry the value.
				continue
			}
			pd.arg = true
		case InputParameter, InputBuffer, InputTensorConstant:
			pd.t = g.p.Weights[s.Target]
			if pd.t == nil {
				pd.t = g.p.Constants[s.Target]
			}
			pd.arg = g.opts.Params == "args"
			if !pd.arg && pd.t == nil {
				g.fail(name, "", "no stored data for %s %q", s.Kind, s.Target)
				continue
			}
		default:
			g.fail(name, "", "unsupported graph input kind %s", s.Kind)
			continue
		}
		t, err := g.valueType(name)
		if err != nil {
			g.fail(name, "", "%v", err)
			continue
		}
		pd.typ = t
		inputs = append(inputs, pd)
		if pd.arg {
			argTypes = append(argTypes, t)
		}
	}
	if len(g.errs) > 0 {
		return nil, nil, g.errs
	}

	module := ir.NewModule(ctx, ir.UnknownLoc{})
	g.b = ir.NewBuilder(ctx)
	g.b.SetInsertionPointToEnd(ir.Body(module))
	f := fn.NewFunc(g.b, ir.UnknownLoc{}, g.opts.FuncName, ir.FunctionType{Inputs: argTypes})
	body := fn.Body(f)
	g.b.SetInsertionPointToEnd(body)

	ai := 0
	for _, pd := range inputs {
		kind := mappedKind(pd.spec.Kind)
		mi := MappedInput{Arg: -1, Kind: kind, Name: pd.spec.Name, FQN: pd.spec.Target, Type: pd.typ.String(), Tensor: pd.t}
		if pd.t != nil {
			mi.Data = describeData(pd.t)
		}
		if pd.arg {
			g.env[pd.spec.Name] = body.Arg(ai)
			mi.Arg = ai
			ai++
		} else if err := g.literal(pd.spec.Name, pd.t, pd.typ); err != nil {
			g.fail(pd.spec.Name, "", "%v", err)
		}
		g.m.Inputs = append(g.m.Inputs, mi)
	}

	for i := range g.g.Nodes {
		g.node(i, &g.g.Nodes[i])
	}

	// Outputs.
	var rets []*ir.Value
	for i, o := range g.g.Outputs {
		g.poisoned = false
		v := g.argValue("output", "", o, nil)
		if v == nil {
			if !g.poisoned {
				g.fail("output", "", "graph output %d (%s) cannot be imported", i, o)
			}
			continue
		}
		rets = append(rets, v)
		s := outs[i]
		g.m.Outputs = append(g.m.Outputs, MappedOutput{Index: i, Kind: string(s.Kind), Name: s.Name,
			Target: s.Target, Type: v.Type().String()})
	}
	if len(g.errs) > 0 {
		return nil, nil, g.errs
	}
	fn.NewReturn(g.b, ir.UnknownLoc{}, rets...)
	var resTypes []ir.Type
	for _, v := range rets {
		resTypes = append(resTypes, v.Type())
	}
	fn.SetFunctionType(f, ir.FunctionType{Inputs: argTypes, Results: resTypes})
	return module, g.m, nil
}

func mappedKind(k InputKind) string {
	switch k {
	case InputTensorConstant:
		return "constant"
	}
	return string(k)
}

// literal materializes a parameter, buffer or constant as a
// torch.vtensor.literal of its contiguous little-endian bytes.
func (g *graphImporter) literal(name string, t *Tensor, typ ir.Type) error {
	vt, ok := typ.(torch.VTensorType)
	if !ok {
		return fmt.Errorf("%s is not a tensor", name)
	}
	// fx_importer keeps the signed element type in the literal
	// (tensor<4xsi64> for an int64 tensor), as the literal op requires.
	if vt.Dtype == nil || !vt.HasStaticShape() {
		return fmt.Errorf("cannot inline %s of type %s", name, typ)
	}
	bt := ir.Tensor(vt.Dtype, vt.Sizes...)
	if !bt.HasStaticShape() {
		return fmt.Errorf("cannot inline %s of type %s", name, typ)
	}
	if t.Dtype.IRType() == nil || !ir.TypeEqual(t.Dtype.IRType(), vt.Dtype) {
		return fmt.Errorf("stored dtype %s does not match the graph's %s", t.Dtype, typ)
	}
	if ir.NumElements(bt.Shape) != t.NumElements() {
		return fmt.Errorf("stored sizes %v do not match the graph's %s", t.Sizes, typ)
	}
	raw, err := t.Bytes()
	if err != nil {
		return err
	}
	var attr ir.Attribute
	if t.NumElements() > inlineDenseLimit {
		// Large tensors go to a dense_resource blob, as fx_importer does:
		// the printed program stays readable and the bytes appear once.
		attr, err = ir.NewDenseResource(g.uniqueKey(resourceKey(bt)), bt, raw)
	} else {
		attr, err = ir.NewDenseRaw(bt, raw)
	}
	if err != nil {
		return err
	}
	g.env[name] = torch.VTensorLiteral(g.b, ir.UnknownLoc{}, attr, vt)
	return nil
}

// inlineDenseLimit is the largest tensor inlined as dense<...> text; larger
// ones become dense_resource blobs.
const inlineDenseLimit = 16

// uniqueKey makes a blob key unique in the module, the way the printer
// would (key, key_0, key_1, ...), so the printed text is the same. Keys
// must be unique in memory too: passes compare dense_resource attributes
// by key (CSE's op key is the attributes' text), and two weights of one
// shape with one key would be merged into one.
func (g *graphImporter) uniqueKey(key string) string {
	if g.blobKeys == nil {
		g.blobKeys = map[string]bool{}
	}
	k := key
	for i := 0; g.blobKeys[k]; i++ {
		k = key + "_" + strconv.Itoa(i)
	}
	g.blobKeys[k] = true
	return k
}

// resourceKey names a blob the way fx_importer does,
// `torch_tensor_3_1_torch.float32`; uniqueKey numbers repeated keys.
func resourceKey(t ir.RankedTensorType) string {
	var sb strings.Builder
	sb.WriteString("torch_tensor")
	for _, d := range t.Shape {
		fmt.Fprintf(&sb, "_%d", d)
	}
	sb.WriteString("_torch.")
	switch e := t.Elem.(type) {
	case ir.FloatType:
		sb.WriteString(map[ir.FloatKind]string{ir.F16: "float16", ir.BF16: "bfloat16", ir.F32: "float32", ir.F64: "float64"}[e.Kind])
	case ir.IntegerType:
		switch {
		case e.Width == 1:
			sb.WriteString("bool")
		case e.Signedness == ir.Unsigned:
			fmt.Fprintf(&sb, "uint%d", e.Width)
		default:
			fmt.Fprintf(&sb, "int%d", e.Width)
		}
	default:
		sb.WriteString("unknown")
	}
	return sb.String()
}

// valueType is the torch type of a named graph value.
func (g *graphImporter) valueType(name string) (ir.Type, error) {
	if m, ok := g.g.TensorValues[name]; ok {
		return g.tensorType(&m)
	}
	if _, ok := g.g.SymIntValues[name]; ok {
		return torch.IntType{}, nil
	}
	if _, ok := g.g.SymBoolValues[name]; ok {
		return torch.BoolType{}, nil
	}
	if _, ok := g.g.SymFloatValues[name]; ok {
		return torch.FloatType{}, nil
	}
	return nil, fmt.Errorf("value %q has no metadata (tensor_values or sym_*_values)", name)
}

func (g *graphImporter) tensorType(m *TensorMeta) (ir.Type, error) {
	dt := m.Dtype.IRType()
	if dt == nil {
		return nil, fmt.Errorf("dtype %s is not supported", m.Dtype)
	}
	sizes, err := g.sizes(m.Sizes)
	if err != nil {
		return nil, fmt.Errorf("sizes: %v", err)
	}
	for _, s := range sizes {
		if s < 0 && s != ir.Dynamic {
			return nil, fmt.Errorf("negative size in %v", sizes)
		}
	}
	return torch.VTensor(dt, sizes...), nil
}

// nodeLabel names a node in errors: its name (8.17+) or first output.
func nodeLabel(i int, n *Node) string {
	if n.Name != "" {
		return n.Name
	}
	for _, o := range n.Outputs {
		if name, ok := o.ValueName(); ok {
			return name
		}
	}
	return fmt.Sprintf("#%d", i)
}

// parseTarget splits "torch.ops.aten.add.Tensor" into the ATen display
// name "aten::add.Tensor" and reports whether it is an aten op.
func parseTarget(target string) (display string, ok bool) {
	rest, found := strings.CutPrefix(target, "torch.ops.")
	if !found {
		return target, false
	}
	parts := strings.Split(rest, ".")
	if len(parts) < 2 || len(parts) > 3 || parts[0] != "aten" {
		return target, false
	}
	display = parts[0] + "::" + parts[1]
	if len(parts) == 3 {
		display += "." + parts[2]
	} else {
		display += ".default"
	}
	return display, true
}

func (g *graphImporter) node(i int, n *Node) {
	label := nodeLabel(i, n)
	errsBefore := len(g.errs)
	g.poisoned = false
	target, err := symbolicTarget(n)
	if err != nil {
		g.fail(label, n.Target, "%v", err)
		g.bindUnknown(n)
		return
	}
	if g.foldSymbolic(label, n, target) {
		return
	}
	display, isAten := parseTarget(target)
	if !isAten {
		g.fail(label, n.Target, "unsupported target '%s' (only torch.ops.aten.* operators and the _operator arithmetic of symbolic sizes)", truncate(n.Target))
		g.bindUnknown(n)
		return
	}
	if target == n.Target {
		target = scalarOverload(n)
	}
	if target != n.Target {
		display, _ = parseTarget(target)
	}
	s := torch.LookupSchema(target)
	if s == nil {
		hint := ""
		name := strings.TrimSuffix(strings.TrimPrefix(display, "aten::"), ".default")
		if compositeOps[name] || compositeOps[strings.SplitN(name, ".", 2)[0]] {
			hint = " (a composite op of torch.export's IR before decomposition: call ep.run_decompositions() before torch.export.save)"
		}
		g.fail(label, n.Target, "unknown aten op '%s'%s", display, hint)
		g.bindUnknown(n)
		return
	}
	for _, a := range s.Args {
		if a.Type.Mutates() {
			// An in-place op of a program that is not functional: its
			// write to a buffer or input would be lost (torch.export's IR
			// before run_decompositions may hold them).
			g.fail(label, n.Target, "%s writes its argument '%s' in place; the importer reads functional programs: call ep.run_decompositions() before torch.export.save", display, a.Name)
			g.bindUnknown(n)
			return
		}
	}
	given := map[string]Union{}
	for pos, na := range n.Inputs {
		key := na.Name
		if key == "" {
			if pos >= len(s.Args) {
				g.fail(label, n.Target, "%s: too many arguments", display)
				continue
			}
			key = s.Args[pos].Name
		}
		if s.ArgIndex(key) < 0 {
			g.fail(label, n.Target, "%s has no argument '%s'", display, truncate(key))
			continue
		}
		given[key] = na.Arg
	}
	if len(g.errs) > errsBefore {
		g.bindUnknown(n)
		return
	}
	// Operands in schema order, constants emitted at each use, defaults
	// filled in for omitted arguments, as fx_importer does.
	operands := make([]*ir.Value, 0, len(s.Args))
	for _, arg := range s.Args {
		arg := arg
		u, ok := given[arg.Name]
		var v *ir.Value
		switch {
		case ok:
			v = g.argValue(label, n.Target, u, &arg)
		case arg.HasDefault:
			v = g.defaultValue(label, n.Target, arg)
		default:
			g.fail(label, n.Target, "%s: missing required argument '%s'", display, arg.Name)
		}
		operands = append(operands, v)
	}
	resultTypes := make([]ir.Type, 0, len(n.Outputs))
	for _, o := range n.Outputs {
		t, err := g.outputType(o)
		if err != nil {
			g.fail(label, n.Target, "%v", err)
		}
		resultTypes = append(resultTypes, t)
	}
	if len(resultTypes) != len(s.Returns) {
		g.fail(label, n.Target, "%s returns %d values but the node lists %d outputs", display, len(s.Returns), len(resultTypes))
	}
	if len(g.errs) > errsBefore || g.poisoned {
		g.bindUnknown(n)
		return
	}
	op, err := torch.AtenOp(g.b, ir.NameLoc{Name: label}, target, operands, resultTypes)
	if err != nil {
		g.fail(label, n.Target, "%v", err)
		g.bindUnknown(n)
		return
	}
	for ri, o := range n.Outputs {
		if name, ok := o.ValueName(); ok {
			g.env[name] = op.Result(ri)
		}
		if o.Key == "as_tensors" {
			g.unpack(label, op.Result(ri), o)
		}
	}
}

// unpack spreads the Tensor[] result of an op (split_with_sizes, unbind,
// ...) into its elements, which the graph names one by one, with
// torch.prim.ListUnpack, as fx_importer does for the getitem nodes of a
// list-returning op. outputType checked every element's metadata.
func (g *graphImporter) unpack(label string, list *ir.Value, o Union) {
	names, _ := listNames(o)
	types := make([]ir.Type, len(names))
	for i, name := range names {
		types[i], _ = g.valueType(name)
	}
	for i, v := range torch.ListUnpack(g.b, ir.NameLoc{Name: label}, list, types) {
		g.env[names[i]] = v
	}
}

// listNames reads the element names of an as_tensors output.
func listNames(o Union) ([]string, error) {
	var items []struct {
		Name string `json:"name"`
	}
	if err := json.Unmarshal(o.Val, &items); err != nil {
		return nil, fmt.Errorf("malformed as_tensors output")
	}
	names := make([]string, len(items))
	for i, it := range items {
		if it.Name == "" {
			return nil, fmt.Errorf("as_tensors output element %d has no name", i)
		}
		names[i] = it.Name
	}
	return names, nil
}

// compositeOps are composite ATen ops that torch.export's IR keeps until
// run_decompositions() (the nn modules' own ops) and that torchlower reads
// only decomposed. (The common ones — conv*d (string padding too), conv_transpose*d, linear,
// matmul, layer_norm, group_norm, batch_norm in eval mode, instance_norm, max_pool2d,
// adaptive_avg_pool2d, flatten, cross_entropy_loss, nll_loss — have
// schemas and are decomposed by torch-decompose-composite-ops.)
var compositeOps = map[string]bool{
	"embedding_bag": true, "multi_head_attention_forward": true,
	"binary_cross_entropy_with_logits": true, "kl_div": true, "smooth_l1_loss": true,
}

// symbolicOps are the targets torch.export writes for the sizes of a
// program with dynamic shapes and the Python arithmetic on them, with the
// aten op fx_importer imports each as (its SYMBOLIC_OP_TO_TORCH_OP and, for
// int operands, PY_BUILTIN_TO_TORCH_OP): sym_size.int becomes size.int,
// _operator.mul of two SymInts mul.int, a comparison eq.int and so on.
// Python's % is remainder.int (fx_importer's fmod.int returns a float, and
// rounds toward zero where % floors). The _operator nodes' inputs are
// named a and b, as the int ops' arguments are.
var symbolicOps = map[string]string{
	"torch.ops.aten.sym_size.int":      "torch.ops.aten.size.int",
	"torch.ops.aten.sym_numel.default": "torch.ops.aten.numel.default",
	"torch.ops.aten.sym_stride.int":    "torch.ops.aten.stride.int",
	"_operator.add":                    "torch.ops.aten.add.int",
	"_operator.sub":                    "torch.ops.aten.sub.int",
	"_operator.mul":                    "torch.ops.aten.mul.int",
	"_operator.floordiv":               "torch.ops.aten.floordiv.int",
	"_operator.mod":                    "torch.ops.aten.remainder.int",
	"_operator.truediv":                "torch.ops.aten.div.int",
	"_operator.neg":                    "torch.ops.aten.neg.int",
	"_operator.eq":                     "torch.ops.aten.eq.int",
	"_operator.ne":                     "torch.ops.aten.ne.int",
	"_operator.lt":                     "torch.ops.aten.lt.int",
	"_operator.le":                     "torch.ops.aten.le.int",
	"_operator.gt":                     "torch.ops.aten.gt.int",
	"_operator.ge":                     "torch.ops.aten.ge.int",
}

// symbolicTarget is the target node is imported as: the aten op of
// symbolicOps for a symbolic size or integer arithmetic on sizes, else the
// node's own target. Arithmetic on SymFloats or SymBools (a float scale
// computed from a size, say) has no int op and is refused.
func symbolicTarget(n *Node) (string, error) {
	t, ok := symbolicOps[n.Target]
	if !ok || !strings.HasPrefix(n.Target, "_operator.") {
		if ok {
			return t, nil
		}
		return n.Target, nil
	}
	for _, na := range n.Inputs {
		switch na.Arg.Key {
		case "as_sym_int", "as_int":
		default:
			return "", fmt.Errorf("%s of a %s operand '%s': only integer arithmetic on symbolic sizes is supported",
				n.Target, strings.TrimPrefix(na.Arg.Key, "as_"), truncate(na.Name))
		}
	}
	return t, nil
}

// tensorScalarOps are the binary ops whose Tensor overload fx_importer
// imports as the Scalar one when `other` is a Python number
// (TENSOR_SCALAR_OP_CONVERTER: AOT autograd writes mul.Tensor(x, 0.5)).
var tensorScalarOps = map[string]string{
	"torch.ops.aten.add.Tensor": "torch.ops.aten.add.Scalar",
	"torch.ops.aten.sub.Tensor": "torch.ops.aten.sub.Scalar",
	"torch.ops.aten.mul.Tensor": "torch.ops.aten.mul.Scalar",
	"torch.ops.aten.div.Tensor": "torch.ops.aten.div.Scalar",
}

// scalarOverload is the target fx_importer imports node as: the Scalar
// overload of add/sub/mul/div.Tensor when the second argument is an int,
// float or bool (a Python bool is an int), else the node's own target.
func scalarOverload(n *Node) string {
	scalar, ok := tensorScalarOps[n.Target]
	if !ok || len(n.Inputs) < 2 {
		return n.Target
	}
	other := n.Inputs[1]
	for _, na := range n.Inputs {
		if na.Name == "other" {
			other = na
		}
	}
	switch other.Arg.Key {
	case "as_int", "as_float", "as_bool":
		return scalar
	}
	return n.Target
}

// bindUnknown gives a failed node's outputs a placeholder so later nodes
// using them report their own problems instead of "undefined value".
func (g *graphImporter) bindUnknown(n *Node) {
	for _, o := range n.Outputs {
		names, _ := listNames(o)
		if name, ok := o.ValueName(); ok {
			names = append(names, name)
		}
		for _, name := range names {
			if _, exists := g.env[name]; !exists {
				g.env[name] = nil
			}
		}
	}
}

func (g *graphImporter) outputType(o Union) (ir.Type, error) {
	switch o.Key {
	case "as_none":
		return torch.NoneType{}, nil
	case "as_tensor", "as_sym_int", "as_sym_bool", "as_sym_float":
		name, ok := o.ValueName()
		if !ok {
			return nil, fmt.Errorf("output %s has no name", o)
		}
		return g.valueType(name)
	case "as_tensors":
		names, err := listNames(o)
		if err != nil {
			return nil, err
		}
		for _, name := range names {
			if _, err := g.valueType(name); err != nil {
				return nil, err
			}
		}
		return torch.ListType{Elem: torch.VTensorType{}}, nil
	}
	return nil, fmt.Errorf("output kind %s is not supported", truncate(o.Key))
}

// argValue materializes one argument. arg is the schema argument it is
// passed for (nil for graph outputs).
func (g *graphImporter) argValue(label, target string, u Union, arg *torch.Arg) *ir.Value {
	loc := ir.UnknownLoc{}
	b := g.b
	bad := func(format string, args ...any) *ir.Value {
		what := "output"
		if arg != nil {
			what = "argument '" + arg.Name + "'"
		}
		g.fail(label, target, "%s: %s", what, fmt.Sprintf(format, args...))
		return nil
	}
	named := func(name string) *ir.Value {
		if c, ok := g.consts[name]; ok {
			return g.argValue(label, target, c, arg)
		}
		v, ok := g.env[name]
		if !ok {
			return bad("value '%s' is not defined", truncate(name))
		}
		if v == nil {
			// Its producer failed and was reported already: skip quietly.
			g.poisoned = true
			return nil
		}
		return v
	}
	switch u.Key {
	case "", "as_none":
		return torch.ConstantNone(b, loc)
	case "as_tensor", "as_sym_int", "as_sym_bool", "as_sym_float", "as_optional_tensor":
		if name, ok := u.ValueName(); ok {
			return named(name)
		}
		// SymInt/SymBool/SymFloat/optional tensor literals.
		var inner Union
		if err := json.Unmarshal(u.Val, &inner); err != nil {
			return bad("malformed %s", u)
		}
		return g.argValue(label, target, inner, arg)
	case "as_int", "as_float", "as_bool":
		if arg != nil && arg.Type.Base == torch.BaseTensor && !arg.Type.List {
			return g.scalarAsTensor(label, target, u, arg)
		}
	}
	switch u.Key {
	case "as_int", "as_scalar_type", "as_memory_format", "as_layout":
		v, err := parseFlexInt(u.Val)
		if err != nil {
			return bad("%v", err)
		}
		switch u.Key {
		case "as_scalar_type":
			d, ok := dtypes[ScalarType(v)]
			if !ok {
				return bad("unknown dtype code %d", v)
			}
			v = d.c10
		case "as_memory_format":
			c, ok := memoryFormats[v]
			if !ok {
				return bad("unknown memory format %d", v)
			}
			v = c
		case "as_layout":
			c, ok := layouts[v]
			if !ok {
				return bad("unknown layout %d", v)
			}
			v = c
		}
		return torch.ConstantInt(b, loc, v)
	case "as_float":
		v, err := parseFlexFloat(u.Val)
		if err != nil {
			return bad("%v", err)
		}
		return torch.ConstantFloat(b, loc, v)
	case "as_bool":
		var v Bool
		if err := json.Unmarshal(u.Val, &v); err != nil {
			return bad("%v", err)
		}
		return torch.ConstantBool(b, loc, bool(v))
	case "as_string":
		var s string
		if err := json.Unmarshal(u.Val, &s); err != nil {
			return bad("malformed string")
		}
		return torch.ConstantStr(b, loc, s)
	case "as_device":
		var d Device
		if err := json.Unmarshal(u.Val, &d); err != nil {
			return bad("malformed device")
		}
		s := d.Type
		if d.Index != nil {
			s += fmt.Sprintf(":%d", int64(*d.Index))
		}
		return torch.ConstantDevice(b, loc, s)
	case "as_ints", "as_floats", "as_bools", "as_strings", "as_sym_ints", "as_sym_bools", "as_sym_floats",
		"as_tensors", "as_optional_tensors":
		var items []json.RawMessage
		if err := json.Unmarshal(u.Val, &items); err != nil {
			return bad("malformed %s list", u.Key)
		}
		elemKey, elemType := listElem(u.Key)
		if arg != nil && arg.Type.List && arg.Type.ElemOptional && u.Key == "as_tensors" {
			// A Tensor?[] whose entries are all tensors is written as
			// as_tensors; its type is still the schema's.
			elemType = torch.OptionalType{Elem: torch.VTensorType{}}
		}
		elems := make([]*ir.Value, 0, len(items))
		for _, it := range items {
			var eu Union
			switch elemKey {
			case "":
				// Already a union ({as_int: 1}, {as_name: "s0"}, {as_none: true}).
				var inner Union
				if err := json.Unmarshal(it, &inner); err != nil {
					return bad("malformed %s element", u.Key)
				}
				if inner.Key == "as_name" {
					var name string
					if err := json.Unmarshal(inner.Val, &name); err != nil {
						return bad("malformed %s element", u.Key)
					}
					inner = Union{Key: "as_tensor", Val: mustJSON(map[string]string{"name": name})}
				}
				eu = inner
			default:
				eu = Union{Key: elemKey, Val: it}
			}
			v := g.argValue(label, target, eu, arg)
			if v == nil {
				return nil
			}
			elems = append(elems, v)
		}
		return torch.ListConstruct(b, loc, elemType, elems)
	}
	return bad("argument kind %s is not supported", truncate(u.Key))
}

// listElem gives the element encoding and list element type of a list
// argument; an empty key means each element is itself a union.
func listElem(key string) (string, ir.Type) {
	switch key {
	case "as_ints":
		return "as_int", torch.IntType{}
	case "as_floats":
		return "as_float", torch.FloatType{}
	case "as_bools":
		return "as_bool", torch.BoolType{}
	case "as_strings":
		return "as_string", torch.StrType{}
	case "as_sym_ints":
		return "", torch.IntType{}
	case "as_sym_bools":
		return "", torch.BoolType{}
	case "as_sym_floats":
		return "", torch.FloatType{}
	case "as_tensors":
		return "as_tensor", torch.VTensorType{}
	case "as_optional_tensors":
		return "", torch.OptionalType{Elem: torch.VTensorType{}}
	}
	return "", nil
}

func mustJSON(v any) json.RawMessage {
	b, _ := json.Marshal(v)
	return b
}

// memoryFormats and layouts convert export enum codes to the integers
// fx_importer uses (TORCH_MEMORY_FORMAT_TO_INT_MAP, TORCH_LAYOUT_TO_INT_MAP).
var memoryFormats = map[int64]int64{1: 0, 4: 1, 2: 2, 3: 3}
var layouts = map[int64]int64{7: 0, 1: 1, 2: 2, 3: 3, 4: 4, 5: 5}

// numToTensorOp is how fx_importer passes a Python scalar to a Tensor
// argument of an op that has no Scalar overload it switches to (add, sub,
// mul and div.Tensor do, scalarOverload): a constant, then a 0-d tensor
// of it.
const numToTensorOp = "torch.prim.NumToTensor.Scalar"

func (g *graphImporter) scalarAsTensor(label, target string, u Union, arg *torch.Arg) *ir.Value {
	if g.b.Ctx.Lookup(numToTensorOp) == nil {
		g.fail(label, target, "argument '%s': a scalar passed for a Tensor needs %s, which the torch dialect does not define", arg.Name, numToTensorOp)
		return nil
	}
	var dt ir.Type
	switch u.Key {
	case "as_int":
		dt = torch.DtypeSI64
	case "as_float":
		dt = ir.F32T // torch.tensor(1.0) has the default dtype
	default:
		dt = torch.DtypeBool
	}
	c := g.argValue(label, target, u, nil)
	if c == nil {
		return nil
	}
	return g.b.Create(numToTensorOp, ir.NameLoc{Name: label}, []*ir.Value{c}, []ir.Type{torch.VTensor(dt)}, nil, 0).Result(0)
}
