package module

import (
	"encoding/binary"
	"fmt"
	"math"

	fn "github.com/torchlower/torchlower/dialect/func"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
	"github.com/torchlower/torchlower/ir/asm"
)

// The cpu kernels are stored as a compact binary form of their IR (format
// "ir1") rather than as MLIR text: parsing text was most of the time
// `run model.tlm` took to start. The ops' structure (names, operands,
// result types, regions, blocks) is a stream of varints over a table of
// the distinct attributes and types. In the table, the attributes a
// kernel holds (scalar and tensor types, arrays, affine maps, integers,
// floats, integer arrays, dialect attributes such as iterator types) are
// binary; any other attribute is MLIR text, printed and parsed by ir/asm
// as one array attribute of an empty builtin.module (empty text when
// there is none), so that this file needs no encoding of its own for
// rare ones. Parsing text was the bulk of reading the table. Encoding
// reads the table back and checks that every attribute comes back equal.
//
//	blob    := strings text table funcs
//	strings := n (len bytes)*n          op, attribute, function and element type names,
//	                                    strings and dialect attribute parts
//	text    := len bytes                module attributes {attrs = [...]} {}, or nothing
//	table   := n entry*n                entry: kind (0 text index | 1 n id*n |
//	                                    2 elem | 3 elem rank dim*rank |
//	                                    4 ndims nsyms n expr*n | 5 elem value |
//	                                    6 elem float64 | 7 elem n value*n |
//	                                    8 dialect name body hasbody | 9 string |
//	                                    10 bool | 11); ids are earlier entries,
//	                                    values zigzag varints, names string indices
//	expr    := kind (0-4 expr expr | 5 varint | 6 dim | 7 symbol)   affine.ExprKind, prefix order
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
	attrs   []ir.Attribute // by table index
	attrIdx map[string]int
	table   []byte         // the table's entries
	leaves  []ir.Attribute // the attributes stored as text
}

func newIRWriter() *irWriter {
	return &irWriter{strIdx: map[string]int{}, attrIdx: map[string]int{}}
}

func (w *irWriter) uv(x int) { w.out = binary.AppendUvarint(w.out, uint64(x)) }

func (w *irWriter) str(s string) { w.uv(w.strID(s)) }

func (w *irWriter) strID(s string) int {
	i, ok := w.strIdx[s]
	if !ok {
		i = len(w.strs)
		w.strs = append(w.strs, s)
		w.strIdx[s] = i
	}
	return i
}

// attr writes the table index of a, adding it to the table (after its
// elements, for an array) when it is new.
func (w *irWriter) attr(a ir.Attribute) { w.uv(w.attrID(a)) }

func (w *irWriter) attrID(a ir.Attribute) int {
	key := fmt.Sprintf("%T|%s", a, a)
	if i, ok := w.attrIdx[key]; ok {
		return i
	}
	var e []byte
	switch x := a.(type) {
	case ir.ArrayAttr:
		ids := make([]int, len(x))
		for j, el := range x {
			ids[j] = w.attrID(el)
		}
		e = append(e, attrArray)
		e = binary.AppendUvarint(e, uint64(len(ids)))
		for _, id := range ids {
			e = binary.AppendUvarint(e, uint64(id))
		}
	case ir.TypeAttr:
		e = w.typeEntry(x.Type)
	case ir.IntegerAttr:
		if elem, err := elemString(x.Type); err == nil {
			e = binary.AppendUvarint([]byte{attrInteger}, uint64(w.strID(elem)))
			e = binary.AppendVarint(e, x.Value)
		}
	case ir.FloatAttr:
		e = binary.AppendUvarint([]byte{attrFloat}, uint64(w.strID(x.Type.String())))
		e = binary.LittleEndian.AppendUint64(e, math.Float64bits(x.Value))
	case ir.DenseArrayAttr:
		if elem, err := elemString(x.Elem); err == nil && ir.IsIntOrIndex(x.Elem) && len(x.Floats) == 0 {
			e = binary.AppendUvarint([]byte{attrIntArray}, uint64(w.strID(elem)))
			e = binary.AppendUvarint(e, uint64(len(x.Ints)))
			for _, v := range x.Ints {
				e = binary.AppendVarint(e, v)
			}
		}
	case ir.OpaqueAttr:
		e = []byte{attrOpaque}
		for _, part := range []string{x.Dialect, x.Name, x.Body} {
			e = binary.AppendUvarint(e, uint64(w.strID(part)))
		}
		if x.HasBody {
			e = append(e, 1)
		} else {
			e = append(e, 0)
		}
	case ir.StringAttr:
		e = binary.AppendUvarint([]byte{attrString}, uint64(w.strID(string(x))))
	case ir.BoolAttr:
		e = []byte{attrBool, 0}
		if x {
			e[1] = 1
		}
	case ir.UnitAttr:
		e = []byte{attrUnit}
	case ir.AffineMapAttr:
		e = []byte{attrAffineMap}
		e = binary.AppendUvarint(e, uint64(x.Map.NumDims))
		e = binary.AppendUvarint(e, uint64(x.Map.NumSymbols))
		e = binary.AppendUvarint(e, uint64(len(x.Map.Results)))
		for _, r := range x.Map.Results {
			e = appendExpr(e, r)
		}
	}
	if e == nil {
		e = binary.AppendUvarint([]byte{attrLeaf}, uint64(len(w.leaves)))
		w.leaves = append(w.leaves, a)
	}
	i := len(w.attrs)
	w.attrs = append(w.attrs, a)
	w.table = append(w.table, e...)
	w.attrIdx[key] = i
	return i
}

// typeEntry is the table entry of a scalar or ranked tensor type, nil
// for another type (which is stored as text).
func (w *irWriter) typeEntry(t ir.Type) []byte {
	tensor := false
	var shape []int64
	if rt, ok := t.(ir.RankedTensorType); ok {
		if rt.Encoding != nil {
			return nil
		}
		tensor, shape, t = true, rt.Shape, rt.Elem
	}
	elem, err := elemString(t)
	if err != nil {
		return nil
	}
	e := []byte{attrScalarType}
	if tensor {
		e[0] = attrTensorType
	}
	e = binary.AppendUvarint(e, uint64(w.strID(elem)))
	if tensor {
		e = binary.AppendUvarint(e, uint64(len(shape)))
		for _, d := range shape {
			e = binary.AppendVarint(e, d)
		}
	}
	return e
}

// The kinds of attribute table entries.
const (
	attrLeaf       = iota // an attribute of the text table
	attrArray             // an array of earlier entries
	attrScalarType        // a scalar type, by element type name
	attrTensorType        // a ranked tensor type: element type name, shape
	attrAffineMap         // an affine map: dims, symbols, result expressions
	// Since schema version 3:
	attrInteger  // an integer: type name, value (zigzag varint)
	attrFloat    // a float: type name, the float64's 8 bytes
	attrIntArray // an array<iN: ...>: element type name, n, values
	attrOpaque   // a dialect attribute: dialect, name and body names, has-body byte
	attrString   // a string: its name
	attrBool     // true or false: one byte
	attrUnit     // unit
)

// appendExpr appends affine expression x in prefix order.
func appendExpr(out []byte, x affine.Expr) []byte {
	out = append(out, byte(x.Kind()))
	switch x.Kind() {
	case affine.KindConst:
		c, _ := x.AsConst()
		return binary.AppendVarint(out, c)
	case affine.KindDim:
		d, _ := x.AsDim()
		return binary.AppendUvarint(out, uint64(d))
	case affine.KindSymbol:
		s, _ := x.AsSymbol()
		return binary.AppendUvarint(out, uint64(s))
	}
	return appendExpr(appendExpr(out, x.LHS()), x.RHS())
}

// maxExprDepth bounds the nesting of a stored affine expression; kernels'
// maps are a few levels deep.
const maxExprDepth = 64

// affineMap reads an attrAffineMap entry's body.
func (r *irReader) affineMap() (m affine.Map, err error) {
	var n [3]int
	for i := range n {
		if n[i], err = r.count(); err != nil {
			return m, err
		}
	}
	m = affine.Map{NumDims: n[0], NumSymbols: n[1], Results: make([]affine.Expr, n[2])}
	// The constructors simplify as MLIR does and panic on what no
	// simplification admits (a division by zero): a corrupt stream is an
	// error, not a crash.
	defer func() {
		if x := recover(); x != nil {
			err = fmt.Errorf("corrupt kernel stream at byte %d: affine expression: %v", r.pos, x)
		}
	}()
	for i := range m.Results {
		if m.Results[i], err = r.expr(m, 0); err != nil {
			return m, err
		}
	}
	return m, nil
}

func (r *irReader) expr(m affine.Map, depth int) (affine.Expr, error) {
	if r.pos >= len(r.data) || depth > maxExprDepth {
		return nil, fmt.Errorf("corrupt kernel stream at byte %d: affine expression", r.pos)
	}
	kind := affine.ExprKind(r.data[r.pos])
	r.pos++
	switch {
	case kind == affine.KindConst:
		c, k := binary.Varint(r.data[r.pos:])
		if k <= 0 {
			return nil, fmt.Errorf("corrupt kernel stream at byte %d: affine constant", r.pos)
		}
		r.pos += k
		return affine.Const(c), nil
	case kind == affine.KindDim || kind == affine.KindSymbol:
		p, err := r.uv()
		if err != nil {
			return nil, err
		}
		if kind == affine.KindDim {
			if p >= m.NumDims {
				return nil, fmt.Errorf("corrupt kernel stream at byte %d: d%d of a map of %d dims", r.pos, p, m.NumDims)
			}
			return affine.Dim(p), nil
		}
		if p >= m.NumSymbols {
			return nil, fmt.Errorf("corrupt kernel stream at byte %d: s%d of a map of %d symbols", r.pos, p, m.NumSymbols)
		}
		return affine.Sym(p), nil
	case kind.IsBinary():
		lhs, err := r.expr(m, depth+1)
		if err != nil {
			return nil, err
		}
		rhs, err := r.expr(m, depth+1)
		if err != nil {
			return nil, err
		}
		return affine.BinaryOp(kind, lhs, rhs), nil
	}
	return nil, fmt.Errorf("corrupt kernel stream at byte %d: affine expression kind %d", r.pos-1, kind)
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
	var out []byte
	out = binary.AppendUvarint(out, uint64(len(w.strs)))
	for _, s := range w.strs {
		out = binary.AppendUvarint(out, uint64(len(s)))
		out = append(out, s...)
	}
	// Since version 3 the text table is empty when every attribute is in
	// binary, as a cpu module's usually are.
	text := ""
	if len(w.leaves) > 0 {
		text = attrTable(newContext(), w.leaves)
	}
	out = binary.AppendUvarint(out, uint64(len(text)))
	out = append(out, text...)
	out = binary.AppendUvarint(out, uint64(len(w.attrs)))
	out = append(out, w.table...)
	// Read the table back as the loader will: every attribute must come
	// back equal, or the module would run something else.
	r := &irReader{data: out, ctx: newContext()}
	if err := r.header("kernel attributes"); err != nil {
		return nil, fmt.Errorf("module: the kernels' attributes do not read back: %v", err)
	}
	for i, a := range w.attrs {
		if !ir.AttrEqual(a, r.attrs[i]) {
			return nil, fmt.Errorf("module: attribute %s reads back as %s", a, r.attrs[i])
		}
	}
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
	// module is the (empty) module the attribute text parsed into; the
	// kernel functions go in it.
	module *ir.Operation
	// ops counts the ops read, bounded by the blob's length (each op takes
	// at least a few bytes), so nesting cannot run away.
	ops int
	// Scratch for an op's result types, operands and attributes, which
	// ir.NewOperation and ir.NewBlock copy: reused from op to op (an op's
	// regions are read after it is built).
	typeBuf []ir.Type
	valBuf  []*ir.Value
	attrBuf []ir.NamedAttr
	// valsBuf backs the values a kernel defines (indexed by the stream's
	// value numbers), reused from kernel to kernel.
	valsBuf []*ir.Value
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
	return r.typesInto(nil)
}

// typesInto is types reading into buf's storage when it is large enough
// (the result is only valid until buf is used again).
func (r *irReader) typesInto(buf []ir.Type) ([]ir.Type, error) {
	n, err := r.count()
	if err != nil {
		return nil, err
	}
	ts := buf[:0]
	if cap(ts) < n {
		ts = make([]ir.Type, n)
	}
	ts = ts[:n]
	for i := range ts {
		if ts[i], err = r.typ(); err != nil {
			return nil, err
		}
	}
	return ts, nil
}

// scratch returns n elements of *buf, growing it when it is too short.
func scratch[T any](buf *[]T, n int) []T {
	if cap(*buf) < n {
		*buf = make([]T, n)
	}
	return (*buf)[:n]
}

// readKernels decodes a blob into a module of kernel functions; the
// caller verifies it (ir.Verify) before anything runs it.
func readKernels(name string, data []byte) (*ir.Operation, error) {
	r := &irReader{data: data, ctx: readContext()}
	if err := r.header(name); err != nil {
		return nil, err
	}
	m := r.module
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
		entry := ir.NewBlock(args...)
		vals := append(r.valsBuf[:0], entry.Args()...)
		if vals, err = r.block(entry, vals); err != nil {
			return nil, fmt.Errorf("%s: kernel @%s: %w", name, fname, err)
		}
		r.valsBuf = vals
		// The function returns what its func.return returns.
		ft := ir.FunctionType{Inputs: args}
		if t := entry.Last(); t != nil && t.Name == fn.Return {
			ft.Results = t.OperandTypes()
		}
		b.SetInsertionPointToEnd(ir.Body(m))
		fn.NewFuncWithBody(b, ir.UnknownLoc{}, fname, ft, entry)
	}
	if r.pos != len(data) {
		return nil, fmt.Errorf("%s: %d bytes after the last kernel", name, len(data)-r.pos)
	}
	return m, nil
}

// header reads the strings and the attribute table.
func (r *irReader) header(name string) error {
	data := r.data
	n, err := r.count()
	if err != nil {
		return err
	}
	r.strs = make([]string, n)
	for i := range r.strs {
		l, err := r.count()
		if err != nil {
			return err
		}
		r.strs[i] = string(data[r.pos : r.pos+l])
		r.pos += l
	}
	l, err := r.count()
	if err != nil {
		return err
	}
	text := string(data[r.pos : r.pos+l])
	r.pos += l
	var leaves []ir.Attribute
	if text == "" {
		r.module = ir.NewModule(r.ctx, ir.UnknownLoc{})
	} else if r.module, leaves, err = parseAttrTable(r.ctx, name+" attributes", text); err != nil {
		return err
	}
	if n, err = r.count(); err != nil {
		return err
	}
	r.attrs = make([]ir.Attribute, 0, n)
	for i := 0; i < n; i++ {
		if r.pos >= len(data) {
			return fmt.Errorf("corrupt kernel stream: attribute table ends early")
		}
		kind := data[r.pos]
		r.pos++
		var a ir.Attribute
		switch kind {
		case attrLeaf:
			j, err := r.uv()
			if err != nil {
				return err
			}
			if j >= len(leaves) {
				return fmt.Errorf("corrupt kernel stream: attribute text %d of %d", j, len(leaves))
			}
			a = leaves[j]
		case attrArray:
			k, err := r.count()
			if err != nil {
				return err
			}
			arr := make(ir.ArrayAttr, k)
			for j := range arr {
				if arr[j], err = r.attr(); err != nil {
					return err
				}
			}
			a = arr
		case attrScalarType, attrTensorType:
			es, err := r.str()
			if err != nil {
				return err
			}
			t, err := parseElem(es)
			if err != nil {
				return fmt.Errorf("corrupt kernel stream: %v", err)
			}
			if kind == attrTensorType {
				rank, err := r.count()
				if err != nil {
					return err
				}
				if rank > maxRank {
					return fmt.Errorf("corrupt kernel stream: tensor of rank %d", rank)
				}
				shape := make([]int64, rank)
				for j := range shape {
					d, k := binary.Varint(data[r.pos:])
					if k <= 0 || (d < 0 && d != ir.Dynamic) || d > maxBufferBytes {
						return fmt.Errorf("corrupt kernel stream at byte %d: tensor dimension", r.pos)
					}
					r.pos += k
					shape[j] = d
				}
				t = ir.Tensor(t, shape...)
			}
			a = ir.TypeAttr{Type: t}
		case attrAffineMap:
			m, err := r.affineMap()
			if err != nil {
				return err
			}
			a = ir.AffineMapAttr{Map: m}
		case attrInteger, attrFloat, attrIntArray, attrOpaque, attrString, attrBool, attrUnit:
			if a, err = r.scalarAttr(kind); err != nil {
				return err
			}
		default:
			return fmt.Errorf("corrupt kernel stream: attribute kind %d", kind)
		}
		r.attrs = append(r.attrs, a)
	}
	return nil
}

// scalarAttr reads the body of a table entry of kind attrInteger through
// attrUnit, checking that it is an attribute the writer could have
// written: a value of its type, a type of its kind.
func (r *irReader) scalarAttr(kind byte) (ir.Attribute, error) {
	bad := func(what string) error { return fmt.Errorf("corrupt kernel stream at byte %d: %s", r.pos, what) }
	elem := func() (ir.Type, error) {
		s, err := r.str()
		if err != nil {
			return nil, err
		}
		t, err := parseElem(s)
		if err != nil {
			return nil, bad(err.Error())
		}
		return t, nil
	}
	// intElem is elem, which must be an integer or index type (what
	// names the attribute for the message).
	intElem := func(what string) (ir.Type, error) {
		t, err := elem()
		if err == nil && !ir.IsIntOrIndex(t) {
			err = bad(what + " of type " + t.String())
		}
		return t, err
	}
	varint := func(t ir.Type) (int64, error) {
		v, k := binary.Varint(r.data[r.pos:])
		if k <= 0 {
			return 0, bad("integer")
		}
		r.pos += k
		// A value of the type's width, signed or unsigned (attributes of
		// unsigned and i1 types may hold either form).
		if w := ir.IntWidth(t); w < 64 && v<<(64-w)>>(64-w) != v && (v < 0 || v>>w != 0) {
			return 0, bad(fmt.Sprintf("%d is not an %s value", v, t))
		}
		return v, nil
	}
	switch kind {
	case attrInteger:
		t, err := intElem("integer attribute")
		if err != nil {
			return nil, err
		}
		v, err := varint(t)
		return ir.IntegerAttr{Value: v, Type: t}, err
	case attrFloat:
		t, err := elem()
		if err != nil {
			return nil, err
		}
		ft, ok := t.(ir.FloatType)
		if !ok || r.pos > len(r.data)-8 {
			return nil, bad("float attribute")
		}
		v := math.Float64frombits(binary.LittleEndian.Uint64(r.data[r.pos:]))
		r.pos += 8
		// A FloatAttr holds a value of its type (printing relies on it).
		if !holdsFloat(ft, v) {
			return nil, bad(fmt.Sprintf("%v is not a %s value", v, ft))
		}
		return ir.FloatAttr{Value: v, Type: ft}, nil
	case attrIntArray:
		t, err := intElem("integer array")
		if err != nil {
			return nil, err
		}
		n, err := r.count()
		if err != nil {
			return nil, err
		}
		a := ir.DenseArrayAttr{Elem: t, Ints: make([]int64, n)}
		for i := range a.Ints {
			if a.Ints[i], err = varint(t); err != nil {
				return nil, err
			}
		}
		return a, nil
	case attrOpaque:
		var parts [3]string
		for i := range parts {
			s, err := r.str()
			if err != nil {
				return nil, err
			}
			parts[i] = s
		}
		if r.pos >= len(r.data) || r.data[r.pos] > 1 {
			return nil, bad("dialect attribute")
		}
		r.pos++
		return ir.OpaqueAttr{Dialect: parts[0], Name: parts[1], Body: parts[2], HasBody: r.data[r.pos-1] == 1}, nil
	case attrString:
		s, err := r.str()
		return ir.StringAttr(s), err
	case attrBool:
		if r.pos >= len(r.data) || r.data[r.pos] > 1 {
			return nil, bad("bool attribute")
		}
		r.pos++
		return ir.BoolAttr(r.data[r.pos-1] == 1), nil
	}
	return ir.UnitAttr{}, nil
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
	results, err := r.typesInto(r.typeBuf)
	if err != nil {
		return nil, nil, err
	}
	r.typeBuf = results
	n, err := r.count()
	if err != nil {
		return nil, nil, err
	}
	operands := scratch(&r.valBuf, n)
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
	attrs := scratch(&r.attrBuf, n)
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
			args, err := r.typesInto(r.typeBuf)
			if err != nil {
				return nil, nil, err
			}
			r.typeBuf = args
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
