package module

import (
	"encoding/binary"
	"fmt"

	fn "github.com/torchlower/torchlower/dialect/func"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/asm"
)

// The cpu kernels are stored as a compact binary form of their IR (format
// "ir1") rather than as MLIR text: parsing text was most of the time
// `run model.tlm` took to start. The ops' structure (names, operands,
// result types, regions, blocks) is a stream of varints; their attributes
// and types, of which a program has few distinct ones, are MLIR text: one
// builtin.module whose attribute dictionary holds each distinct attribute
// or type once (a0, a1, ...), printed and parsed by ir/asm, so that this
// file needs no encoding of its own for any attribute.
//
//	blob    := strings attrText funcs
//	strings := n (len bytes)*n              op, attribute and function names
//	attrText:= len bytes                    module attributes {a0 = ..., ...} {}
//	funcs   := n (name nargs type*nargs nops op*nops)*n
//	op      := name nres type*nres nopd value*nopd nattr (name attr)*nattr nreg region*nreg
//	region  := nblocks (nargs type*nargs nops op*nops)*nblocks
//
// Values are numbered in definition order within a function: its
// arguments, then for each op, its regions' block arguments and ops, then
// its results. An operand refers to a value defined before it.

// irWriter encodes kernel functions.
type irWriter struct {
	out     []byte
	strs    []string
	strIdx  map[string]int
	attrs   []ir.Attribute
	attrIdx map[string]int
}

func newIRWriter() *irWriter {
	return &irWriter{strIdx: map[string]int{}, attrIdx: map[string]int{}}
}

func (w *irWriter) uv(x int) { w.out = binary.AppendUvarint(w.out, uint64(x)) }

func (w *irWriter) str(s string) {
	i, ok := w.strIdx[s]
	if !ok {
		i = len(w.strs)
		w.strs = append(w.strs, s)
		w.strIdx[s] = i
	}
	w.uv(i)
}

func (w *irWriter) attr(a ir.Attribute) {
	key := fmt.Sprintf("%T|%s", a, a)
	i, ok := w.attrIdx[key]
	if !ok {
		i = len(w.attrs)
		w.attrs = append(w.attrs, a)
		w.attrIdx[key] = i
	}
	w.uv(i)
}

func (w *irWriter) typ(t ir.Type) { w.attr(ir.TypeAttr{Type: t}) }

type valueNumbering map[*ir.Value]int

// fn appends one kernel function (a func.func) to the stream.
func (w *irWriter) fn(f *ir.Operation) error {
	vals := valueNumbering{}
	w.str(fn.Name(f))
	entry := fn.Body(f)
	w.uv(len(entry.Args()))
	for _, a := range entry.Args() {
		w.typ(a.Type())
		vals[a] = len(vals)
	}
	return w.ops(entry, vals)
}

func (w *irWriter) ops(b *ir.Block, vals valueNumbering) error {
	w.uv(b.Len())
	for o := b.First(); o != nil; o = o.Next() {
		if err := w.op(o, vals); err != nil {
			return err
		}
	}
	return nil
}

func (w *irWriter) op(o *ir.Operation, vals valueNumbering) error {
	if len(o.Successors()) > 0 {
		return ir.OpErrorf(o, "module: ops with successors cannot be stored")
	}
	w.str(o.Name)
	w.uv(o.NumResults())
	for _, r := range o.Results() {
		w.typ(r.Type())
	}
	w.uv(o.NumOperands())
	for _, v := range o.Operands() {
		id, ok := vals[v]
		if !ok {
			return ir.OpErrorf(o, "module: operand defined after its use or outside the kernel")
		}
		w.uv(id)
	}
	attrs := o.Attrs()
	w.uv(len(attrs))
	for _, na := range attrs {
		w.str(na.Name)
		w.attr(na.Value)
	}
	w.uv(o.NumRegions())
	for _, r := range o.Regions() {
		w.uv(len(r.Blocks()))
		for _, b := range r.Blocks() {
			w.uv(len(b.Args()))
			for _, a := range b.Args() {
				w.typ(a.Type())
				vals[a] = len(vals)
			}
			if err := w.ops(b, vals); err != nil {
				return err
			}
		}
	}
	for _, r := range o.Results() {
		vals[r] = len(vals)
	}
	return nil
}

// finish returns the blob for functions already written to w.out, after
// checking that every attribute reads back equal from its text.
func (w *irWriter) finish() ([]byte, error) {
	ctx := newContext()
	text := attrTable(ctx, w.attrs)
	_, back, err := parseAttrTable(ctx, "kernel attributes", text)
	if err != nil || len(back) != len(w.attrs) {
		return nil, fmt.Errorf("module: the kernels' attributes do not read back: %v", err)
	}
	for i, a := range w.attrs {
		if !ir.AttrEqual(a, back[i]) {
			return nil, fmt.Errorf("module: attribute %s reads back as %s", a, back[i])
		}
	}
	var out []byte
	out = binary.AppendUvarint(out, uint64(len(w.strs)))
	for _, s := range w.strs {
		out = binary.AppendUvarint(out, uint64(len(s)))
		out = append(out, s...)
	}
	out = binary.AppendUvarint(out, uint64(len(text)))
	out = append(out, text...)
	return append(out, w.out...), nil
}

// attrTable prints attrs as one array attribute of an empty module
// (module attributes {attrs = [...]} {}): one dictionary entry, so that
// reading it is linear in the number of attributes.
func attrTable(ctx *ir.Context, attrs []ir.Attribute) string {
	m := ir.NewModule(ctx, ir.UnknownLoc{})
	m.SetAttr("attrs", ir.ArrayAttr(append([]ir.Attribute{}, attrs...)))
	return ir.Sprint(m, ir.PrintOptions{})
}

// parseAttrTable parses attrTable's text back into its attributes; the
// module it returns is empty, ready to hold the kernels.
func parseAttrTable(ctx *ir.Context, name, text string) (*ir.Operation, []ir.Attribute, error) {
	m, err := asm.Parse(ctx, text, asm.Options{FileName: name})
	if err != nil {
		return nil, nil, err
	}
	arr, ok := m.Attr("attrs").(ir.ArrayAttr)
	if !ok || len(m.Attrs()) != 1 || ir.Body(m).Len() != 0 {
		return nil, nil, fmt.Errorf("%s: not an attribute table", name)
	}
	m.SetAttrs(nil)
	return m, arr, nil
}

// irReader decodes a blob; every count and index is checked against what
// is left and what is defined, so a corrupt blob is an error.
type irReader struct {
	data  []byte
	pos   int
	strs  []string
	attrs []ir.Attribute
	ctx   *ir.Context
	// ops counts the ops read, bounded by the blob's length (each op takes
	// at least a few bytes), so nesting cannot run away.
	ops int
}

func (r *irReader) uv() (int, error) {
	x, n := binary.Uvarint(r.data[r.pos:])
	if n <= 0 || x > uint64(len(r.data)) {
		return 0, fmt.Errorf("corrupt kernel stream at byte %d", r.pos)
	}
	r.pos += n
	return int(x), nil
}

// count reads a count of items that take at least one byte each.
func (r *irReader) count() (int, error) {
	n, err := r.uv()
	if err == nil && n > len(r.data)-r.pos {
		err = fmt.Errorf("corrupt kernel stream at byte %d: %d items in %d bytes", r.pos, n, len(r.data)-r.pos)
	}
	return n, err
}

func (r *irReader) str() (string, error) {
	i, err := r.uv()
	if err != nil {
		return "", err
	}
	if i >= len(r.strs) {
		return "", fmt.Errorf("corrupt kernel stream at byte %d: string %d of %d", r.pos, i, len(r.strs))
	}
	return r.strs[i], nil
}

func (r *irReader) attr() (ir.Attribute, error) {
	i, err := r.uv()
	if err != nil {
		return nil, err
	}
	if i >= len(r.attrs) {
		return nil, fmt.Errorf("corrupt kernel stream at byte %d: attribute %d of %d", r.pos, i, len(r.attrs))
	}
	return r.attrs[i], nil
}

func (r *irReader) typ() (ir.Type, error) {
	a, err := r.attr()
	if err != nil {
		return nil, err
	}
	t, ok := a.(ir.TypeAttr)
	if !ok || t.Type == nil {
		return nil, fmt.Errorf("corrupt kernel stream at byte %d: %s is not a type", r.pos, a)
	}
	return t.Type, nil
}

func (r *irReader) types() ([]ir.Type, error) {
	n, err := r.count()
	if err != nil {
		return nil, err
	}
	ts := make([]ir.Type, n)
	for i := range ts {
		if ts[i], err = r.typ(); err != nil {
			return nil, err
		}
	}
	return ts, nil
}

// readKernels decodes a blob into a module of kernel functions, verified.
func readKernels(name string, data []byte) (*ir.Operation, error) {
	r := &irReader{data: data, ctx: newContext()}
	n, err := r.count()
	if err != nil {
		return nil, err
	}
	r.strs = make([]string, n)
	for i := range r.strs {
		l, err := r.count()
		if err != nil {
			return nil, err
		}
		r.strs[i] = string(data[r.pos : r.pos+l])
		r.pos += l
	}
	l, err := r.count()
	if err != nil {
		return nil, err
	}
	text := string(data[r.pos : r.pos+l])
	r.pos += l
	m, attrs, err := parseAttrTable(r.ctx, name+" attributes", text)
	if err != nil {
		return nil, err
	}
	r.attrs = attrs
	nf, err := r.count()
	if err != nil {
		return nil, err
	}
	b := ir.NewBuilder(r.ctx)
	for k := 0; k < nf; k++ {
		fname, err := r.str()
		if err != nil {
			return nil, err
		}
		args, err := r.types()
		if err != nil {
			return nil, err
		}
		b.SetInsertionPointToEnd(ir.Body(m))
		f := fn.NewFunc(b, ir.UnknownLoc{}, fname, ir.FunctionType{Inputs: args})
		entry := fn.Body(f)
		vals := append([]*ir.Value(nil), entry.Args()...)
		if vals, err = r.block(entry, vals); err != nil {
			return nil, fmt.Errorf("%s: kernel @%s: %w", name, fname, err)
		}
		// The function returns what its func.return returns.
		if t := entry.Last(); t != nil && t.Name == fn.Return {
			fn.SetFunctionType(f, ir.FunctionType{Inputs: args, Results: t.OperandTypes()})
		}
	}
	if r.pos != len(data) {
		return nil, fmt.Errorf("%s: %d bytes after the last kernel", name, len(data)-r.pos)
	}
	if err := ir.Verify(m); err != nil {
		return nil, err
	}
	return m, nil
}

// block reads the ops of blk; vals are the values defined so far.
func (r *irReader) block(blk *ir.Block, vals []*ir.Value) ([]*ir.Value, error) {
	n, err := r.count()
	if err != nil {
		return nil, err
	}
	for i := 0; i < n; i++ {
		var op *ir.Operation
		if op, vals, err = r.op(vals); err != nil {
			return nil, err
		}
		blk.Append(op)
	}
	return vals, nil
}

func (r *irReader) op(vals []*ir.Value) (*ir.Operation, []*ir.Value, error) {
	if r.ops++; r.ops > len(r.data) {
		return nil, nil, fmt.Errorf("corrupt kernel stream: more ops than bytes")
	}
	name, err := r.str()
	if err != nil {
		return nil, nil, err
	}
	def := r.ctx.Lookup(name)
	if def == nil {
		return nil, nil, fmt.Errorf("unknown op %q", name)
	}
	results, err := r.types()
	if err != nil {
		return nil, nil, err
	}
	n, err := r.count()
	if err != nil {
		return nil, nil, err
	}
	operands := make([]*ir.Value, n)
	for i := range operands {
		id, err := r.uv()
		if err != nil {
			return nil, nil, err
		}
		if id >= len(vals) {
			return nil, nil, fmt.Errorf("%s: operand %d is value %d, only %d are defined", name, i, id, len(vals))
		}
		operands[i] = vals[id]
	}
	if n, err = r.count(); err != nil {
		return nil, nil, err
	}
	attrs := make([]ir.NamedAttr, n)
	for i := range attrs {
		if attrs[i].Name, err = r.str(); err != nil {
			return nil, nil, err
		}
		if attrs[i].Value, err = r.attr(); err != nil {
			return nil, nil, err
		}
	}
	nreg, err := r.count()
	if err != nil {
		return nil, nil, err
	}
	op := ir.NewOperation(name, def, ir.UnknownLoc{}, operands, results, attrs, nreg)
	for k := 0; k < nreg; k++ {
		nb, err := r.count()
		if err != nil {
			return nil, nil, err
		}
		for j := 0; j < nb; j++ {
			args, err := r.types()
			if err != nil {
				return nil, nil, err
			}
			blk := ir.NewBlock(args...)
			op.Region(k).AppendBlock(blk)
			vals = append(vals, blk.Args()...)
			if vals, err = r.block(blk, vals); err != nil {
				return nil, nil, err
			}
		}
	}
	return op, append(vals, op.Results()...), nil
}
