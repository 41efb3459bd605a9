package importer

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"strings"
)

// This is a deliberately tiny pickle VM for torch.save files. Archives are
// untrusted, and a general unpickler executes arbitrary callables, so this
// one knows the handful of opcodes torch.save emits and calls only an
// allow-list of torch rebuild functions, implemented here in Go. Anything
// else is rejected with the opcode or global named.

// Pickle values: nil (None), bool, int64, float64, string, pyTuple,
// *pyList, *pyDict, *pyGlobal, *storageRef, *Tensor.
type (
	pyTuple []any
	pyList  struct{ items []any }
	pyDict  struct {
		keys []any
		vals []any
		idx  map[any]int
	}
	pyGlobal   struct{ module, name string }
	storageRef struct {
		dtype   ScalarType
		storage *Storage
	}
	pyMark struct{}
)

func newDict() *pyDict { return &pyDict{idx: map[any]int{}} }

func (d *pyDict) set(k, v any) error {
	switch k.(type) {
	case string, int64, bool, float64, nil:
	default:
		return fmt.Errorf("unsupported dict key of type %s", pyTypeName(k))
	}
	if i, ok := d.idx[k]; ok {
		d.vals[i] = v
		return nil
	}
	d.idx[k] = len(d.keys)
	d.keys = append(d.keys, k)
	d.vals = append(d.vals, v)
	return nil
}

// storageDtypes maps torch.<X>Storage class names to export dtypes.
var storageDtypes = map[string]ScalarType{
	"ByteStorage": 1, "CharStorage": 2, "ShortStorage": 3, "IntStorage": 4,
	"LongStorage": 5, "HalfStorage": 6, "FloatStorage": 7, "DoubleStorage": 8,
	"ComplexHalfStorage": 9, "ComplexFloatStorage": 10, "ComplexDoubleStorage": 11,
	"BoolStorage": 12, "BFloat16Storage": 13, "UInt16Storage": 28, "UInt32Storage": 34,
	"UInt64Storage": 35, "Float8_e4m3fnStorage": 29, "Float8_e5m2Storage": 30,
}

// allowedGlobals are the only callables and classes a pickle may name.
var allowedGlobals = map[string]bool{
	"torch._utils._rebuild_tensor_v2":            true,
	"torch._utils._rebuild_tensor":               true,
	"torch._utils._rebuild_parameter":            true,
	"torch._utils._rebuild_parameter_with_state": true,
	"collections.OrderedDict":                    true,
	"torch.serialization._get_layout":            true,
}

func globalAllowed(module, name string) bool {
	if allowedGlobals[module+"."+name] {
		return true
	}
	_, isStorage := storageDtypes[name]
	return module == "torch" && isStorage
}

var opcodeNames = map[byte]string{
	'(': "MARK", '.': "STOP", '0': "POP", '1': "POP_MARK", '2': "DUP", 'F': "FLOAT",
	'I': "INT", 'J': "BININT", 'K': "BININT1", 'L': "LONG", 'M': "BININT2", 'N': "NONE",
	'P': "PERSID", 'Q': "BINPERSID", 'R': "REDUCE", 'S': "STRING", 'T': "BINSTRING",
	'U': "SHORT_BINSTRING", 'V': "UNICODE", 'X': "BINUNICODE", 'a': "APPEND", 'b': "BUILD",
	'c': "GLOBAL", 'd': "DICT", '}': "EMPTY_DICT", 'e': "APPENDS", 'g': "GET", 'h': "BINGET",
	'i': "INST", 'j': "LONG_BINGET", 'l': "LIST", ']': "EMPTY_LIST", 'o': "OBJ", 'p': "PUT",
	'q': "BINPUT", 'r': "LONG_BINPUT", 's': "SETITEM", 't': "TUPLE", ')': "EMPTY_TUPLE",
	'u': "SETITEMS", 'G': "BINFLOAT", 0x80: "PROTO", 0x81: "NEWOBJ", 0x82: "EXT1", 0x83: "EXT2",
	0x84: "EXT4", 0x85: "TUPLE1", 0x86: "TUPLE2", 0x87: "TUPLE3", 0x88: "NEWTRUE", 0x89: "NEWFALSE",
	0x8a: "LONG1", 0x8b: "LONG4", 'B': "BINBYTES", 'C': "SHORT_BINBYTES", 0x8c: "SHORT_BINUNICODE",
	0x8d: "BINUNICODE8", 0x8e: "BINBYTES8", 0x8f: "EMPTY_SET", 0x90: "ADDITEMS", 0x91: "FROZENSET",
	0x92: "NEWOBJ_EX", 0x93: "STACK_GLOBAL", 0x94: "MEMOIZE", 0x95: "FRAME", 0x96: "BYTEARRAY8",
	0x97: "NEXT_BUFFER", 0x98: "READONLY_BUFFER",
}

type pickleVM struct {
	data  []byte
	pos   int
	stack []any
	memo  map[uint64]any
	// persistentLoad resolves BINPERSID ids (storages).
	persistentLoad func(pid any) (any, error)
}

func opName(op byte) string {
	if n, ok := opcodeNames[op]; ok {
		return n
	}
	return fmt.Sprintf("0x%02x", op)
}

// unpickle runs the VM to STOP and returns the top of the stack.
func unpickle(data []byte, persistentLoad func(any) (any, error)) (any, error) {
	vm := &pickleVM{data: data, memo: map[uint64]any{}, persistentLoad: persistentLoad}
	for {
		if vm.pos >= len(vm.data) {
			return nil, errors.New("pickle ends without STOP")
		}
		at := vm.pos
		op := vm.data[vm.pos]
		vm.pos++
		done, err := vm.step(op)
		if err != nil {
			return nil, fmt.Errorf("pickle opcode %s at byte %d: %v", opName(op), at, err)
		}
		if done {
			if len(vm.stack) != 1 {
				return nil, fmt.Errorf("pickle stops with %d values on the stack", len(vm.stack))
			}
			return vm.stack[0], nil
		}
	}
}

func (vm *pickleVM) take(n int) ([]byte, error) {
	if n < 0 || n > len(vm.data)-vm.pos {
		return nil, fmt.Errorf("needs %d bytes, %d left", n, len(vm.data)-vm.pos)
	}
	b := vm.data[vm.pos : vm.pos+n]
	vm.pos += n
	return b, nil
}

func (vm *pickleVM) u8() (int, error) {
	b, err := vm.take(1)
	if err != nil {
		return 0, err
	}
	return int(b[0]), nil
}

func (vm *pickleVM) u32() (uint32, error) {
	b, err := vm.take(4)
	if err != nil {
		return 0, err
	}
	return binary.LittleEndian.Uint32(b), nil
}

func (vm *pickleVM) line() (string, error) {
	i := bytes.IndexByte(vm.data[vm.pos:], '\n')
	if i < 0 || i > 256 {
		return "", errors.New("unterminated name")
	}
	s := string(vm.data[vm.pos : vm.pos+i])
	vm.pos += i + 1
	return s, nil
}

func (vm *pickleVM) push(v any) { vm.stack = append(vm.stack, v) }

func (vm *pickleVM) pop() (any, error) {
	if len(vm.stack) == 0 {
		return nil, errors.New("stack underflow")
	}
	v := vm.stack[len(vm.stack)-1]
	vm.stack = vm.stack[:len(vm.stack)-1]
	if _, isMark := v.(pyMark); isMark {
		return nil, errors.New("unexpected MARK on the stack")
	}
	return v, nil
}

func (vm *pickleVM) top() (any, error) {
	if len(vm.stack) == 0 {
		return nil, errors.New("stack underflow")
	}
	v := vm.stack[len(vm.stack)-1]
	if _, isMark := v.(pyMark); isMark {
		return nil, errors.New("unexpected MARK on the stack")
	}
	return v, nil
}

// popMark pops everything down to the last MARK.
func (vm *pickleVM) popMark() ([]any, error) {
	for i := len(vm.stack) - 1; i >= 0; i-- {
		if _, ok := vm.stack[i].(pyMark); ok {
			items := append([]any(nil), vm.stack[i+1:]...)
			vm.stack = vm.stack[:i]
			return items, nil
		}
	}
	return nil, errors.New("no MARK on the stack")
}

func (vm *pickleVM) popN(n int) ([]any, error) {
	if len(vm.stack) < n {
		return nil, errors.New("stack underflow")
	}
	items := append([]any(nil), vm.stack[len(vm.stack)-n:]...)
	for _, it := range items {
		if _, isMark := it.(pyMark); isMark {
			return nil, errors.New("unexpected MARK on the stack")
		}
	}
	vm.stack = vm.stack[:len(vm.stack)-n]
	return items, nil
}

func (vm *pickleVM) step(op byte) (bool, error) {
	switch op {
	case 0x80: // PROTO
		v, err := vm.u8()
		if err != nil {
			return false, err
		}
		if v < 2 || v > 5 {
			return false, fmt.Errorf("unsupported protocol %d", v)
		}
	case 0x95: // FRAME: a length hint only
		if _, err := vm.take(8); err != nil {
			return false, err
		}
	case '.':
		return true, nil
	case '(':
		vm.push(pyMark{})
	case '}':
		vm.push(newDict())
	case ']':
		vm.push(&pyList{})
	case ')':
		vm.push(pyTuple{})
	case 'N':
		vm.push(nil)
	case 0x88:
		vm.push(true)
	case 0x89:
		vm.push(false)
	case 'J':
		v, err := vm.u32()
		if err != nil {
			return false, err
		}
		vm.push(int64(int32(v)))
	case 'K':
		v, err := vm.u8()
		if err != nil {
			return false, err
		}
		vm.push(int64(v))
	case 'M':
		b, err := vm.take(2)
		if err != nil {
			return false, err
		}
		vm.push(int64(binary.LittleEndian.Uint16(b)))
	case 0x8a: // LONG1
		n, err := vm.u8()
		if err != nil {
			return false, err
		}
		b, err := vm.take(n)
		if err != nil {
			return false, err
		}
		if n > 8 {
			return false, fmt.Errorf("%d-byte integer does not fit in 64 bits", n)
		}
		var v uint64
		for i := n - 1; i >= 0; i-- {
			v = v<<8 | uint64(b[i])
		}
		if n > 0 && n < 8 && b[n-1]&0x80 != 0 {
			v |= ^uint64(0) << (8 * n)
		}
		vm.push(int64(v))
	case 'G':
		b, err := vm.take(8)
		if err != nil {
			return false, err
		}
		vm.push(math.Float64frombits(binary.BigEndian.Uint64(b)))
	case 'X', 0x8c, 0x8d: // BINUNICODE, SHORT_BINUNICODE, BINUNICODE8
		var n int
		switch op {
		case 'X':
			v, err := vm.u32()
			if err != nil {
				return false, err
			}
			n = int(v)
		case 0x8c:
			v, err := vm.u8()
			if err != nil {
				return false, err
			}
			n = v
		default:
			b, err := vm.take(8)
			if err != nil {
				return false, err
			}
			v := binary.LittleEndian.Uint64(b)
			if v > uint64(len(vm.data)) {
				return false, fmt.Errorf("string of %d bytes", v)
			}
			n = int(v)
		}
		b, err := vm.take(n)
		if err != nil {
			return false, err
		}
		vm.push(string(b))
	case 'c': // GLOBAL
		mod, err := vm.line()
		if err != nil {
			return false, err
		}
		name, err := vm.line()
		if err != nil {
			return false, err
		}
		return false, vm.pushGlobal(mod, name)
	case 0x93: // STACK_GLOBAL
		items, err := vm.popN(2)
		if err != nil {
			return false, err
		}
		mod, ok1 := items[0].(string)
		name, ok2 := items[1].(string)
		if !ok1 || !ok2 {
			return false, errors.New("module and name must be strings")
		}
		return false, vm.pushGlobal(mod, name)
	case 'R': // REDUCE
		items, err := vm.popN(2)
		if err != nil {
			return false, err
		}
		args, ok := items[1].(pyTuple)
		if !ok {
			return false, fmt.Errorf("arguments are a %s, not a tuple", pyTypeName(items[1]))
		}
		v, err := callGlobal(items[0], args)
		if err != nil {
			return false, err
		}
		vm.push(v)
	case 'Q': // BINPERSID
		pid, err := vm.pop()
		if err != nil {
			return false, err
		}
		if vm.persistentLoad == nil {
			return false, errors.New("persistent ids are not allowed here")
		}
		v, err := vm.persistentLoad(pid)
		if err != nil {
			return false, err
		}
		vm.push(v)
	case 'b': // BUILD: the state of tensors, parameters and dicts is ignored
		if _, err := vm.pop(); err != nil {
			return false, err
		}
		obj, err := vm.top()
		if err != nil {
			return false, err
		}
		switch obj.(type) {
		case *Tensor, *pyDict:
		default:
			return false, fmt.Errorf("cannot set the state of a %s", pyTypeName(obj))
		}
	case 's', 'u': // SETITEM, SETITEMS
		var kv []any
		var err error
		if op == 's' {
			kv, err = vm.popN(2)
		} else {
			kv, err = vm.popMark()
		}
		if err != nil {
			return false, err
		}
		if len(kv)%2 != 0 {
			return false, errors.New("odd number of items")
		}
		t, err := vm.top()
		if err != nil {
			return false, err
		}
		d, ok := t.(*pyDict)
		if !ok {
			return false, fmt.Errorf("target is a %s, not a dict", pyTypeName(t))
		}
		for i := 0; i < len(kv); i += 2 {
			if err := d.set(kv[i], kv[i+1]); err != nil {
				return false, err
			}
		}
	case 'a', 'e': // APPEND, APPENDS
		var items []any
		var err error
		if op == 'a' {
			items, err = vm.popN(1)
		} else {
			items, err = vm.popMark()
		}
		if err != nil {
			return false, err
		}
		t, err := vm.top()
		if err != nil {
			return false, err
		}
		l, ok := t.(*pyList)
		if !ok {
			return false, fmt.Errorf("target is a %s, not a list", pyTypeName(t))
		}
		l.items = append(l.items, items...)
	case 't':
		items, err := vm.popMark()
		if err != nil {
			return false, err
		}
		vm.push(pyTuple(items))
	case 'l':
		items, err := vm.popMark()
		if err != nil {
			return false, err
		}
		vm.push(&pyList{items: items})
	case 'd':
		items, err := vm.popMark()
		if err != nil {
			return false, err
		}
		if len(items)%2 != 0 {
			return false, errors.New("odd number of items")
		}
		d := newDict()
		for i := 0; i < len(items); i += 2 {
			if err := d.set(items[i], items[i+1]); err != nil {
				return false, err
			}
		}
		vm.push(d)
	case 0x85, 0x86, 0x87:
		items, err := vm.popN(int(op-0x85) + 1)
		if err != nil {
			return false, err
		}
		vm.push(pyTuple(items))
	case 'h', 'j': // BINGET, LONG_BINGET
		var k uint64
		if op == 'h' {
			v, err := vm.u8()
			if err != nil {
				return false, err
			}
			k = uint64(v)
		} else {
			v, err := vm.u32()
			if err != nil {
				return false, err
			}
			k = uint64(v)
		}
		v, ok := vm.memo[k]
		if !ok {
			return false, fmt.Errorf("memo key %d is not set", k)
		}
		vm.push(v)
	case 'q', 'r', 0x94: // BINPUT, LONG_BINPUT, MEMOIZE
		var k uint64
		switch op {
		case 'q':
			v, err := vm.u8()
			if err != nil {
				return false, err
			}
			k = uint64(v)
		case 'r':
			v, err := vm.u32()
			if err != nil {
				return false, err
			}
			k = uint64(v)
		default:
			k = uint64(len(vm.memo))
		}
		v, err := vm.top()
		if err != nil {
			return false, err
		}
		vm.memo[k] = v
	case '0':
		if len(vm.stack) == 0 {
			return false, errors.New("stack underflow")
		}
		vm.stack = vm.stack[:len(vm.stack)-1]
	case '1':
		if _, err := vm.popMark(); err != nil {
			return false, err
		}
	case '2':
		v, err := vm.top()
		if err != nil {
			return false, err
		}
		vm.push(v)
	default:
		return false, errors.New("opcode not allowed in torch.save data")
	}
	return false, nil
}

func (vm *pickleVM) pushGlobal(mod, name string) error {
	if !globalAllowed(mod, name) {
		return fmt.Errorf("global %s.%s is not allowed (only torch tensor rebuild functions and storage classes)", truncate(mod), truncate(name))
	}
	vm.push(&pyGlobal{module: mod, name: name})
	return nil
}

// callGlobal implements the allow-listed callables in Go.
func callGlobal(fnv any, args pyTuple) (any, error) {
	g, ok := fnv.(*pyGlobal)
	if !ok {
		return nil, fmt.Errorf("cannot call a %s", pyTypeName(fnv))
	}
	switch g.module + "." + g.name {
	case "collections.OrderedDict":
		if len(args) != 0 {
			return nil, errors.New("OrderedDict with arguments is not supported")
		}
		return newDict(), nil
	case "torch.serialization._get_layout":
		if len(args) != 1 {
			return nil, errors.New("_get_layout takes one argument")
		}
		s, _ := args[0].(string)
		return s, nil
	case "torch._utils._rebuild_tensor_v2", "torch._utils._rebuild_tensor":
		if len(args) < 4 {
			return nil, fmt.Errorf("%s takes at least 4 arguments, got %d", g.name, len(args))
		}
		st, ok := args[0].(*storageRef)
		if !ok {
			return nil, fmt.Errorf("%s: storage argument is a %s", g.name, pyTypeName(args[0]))
		}
		off, ok := args[1].(int64)
		if !ok {
			return nil, fmt.Errorf("%s: storage offset is a %s", g.name, pyTypeName(args[1]))
		}
		sizes, err := intTuple(args[2])
		if err != nil {
			return nil, fmt.Errorf("%s: size: %v", g.name, err)
		}
		strides, err := intTuple(args[3])
		if err != nil {
			return nil, fmt.Errorf("%s: stride: %v", g.name, err)
		}
		t := &Tensor{Dtype: st.dtype, Sizes: sizes, Strides: strides, Offset: off, Storage: st.storage}
		if len(args) > 4 {
			rg, _ := args[4].(bool)
			t.RequiresGrad = rg
		}
		if err := t.validateView(); err != nil {
			return nil, fmt.Errorf("%s: %v", g.name, err)
		}
		return t, nil
	case "torch._utils._rebuild_parameter", "torch._utils._rebuild_parameter_with_state":
		if len(args) < 1 {
			return nil, fmt.Errorf("%s needs the data tensor", g.name)
		}
		t, ok := args[0].(*Tensor)
		if !ok {
			return nil, fmt.Errorf("%s: data is a %s", g.name, pyTypeName(args[0]))
		}
		p := *t
		p.IsParam = true
		if len(args) > 1 {
			rg, _ := args[1].(bool)
			p.RequiresGrad = rg
		}
		return &p, nil
	}
	return nil, fmt.Errorf("%s.%s is a class, not a function", g.module, g.name)
}

func intTuple(v any) ([]int64, error) {
	var items []any
	switch x := v.(type) {
	case pyTuple:
		items = x
	case *pyList:
		items = x.items
	default:
		return nil, fmt.Errorf("expected a tuple of ints, got a %s", pyTypeName(v))
	}
	out := make([]int64, len(items))
	for i, it := range items {
		n, ok := it.(int64)
		if !ok {
			return nil, fmt.Errorf("expected an int, got a %s", pyTypeName(it))
		}
		out[i] = n
	}
	return out, nil
}

func pyTypeName(v any) string {
	switch x := v.(type) {
	case nil:
		return "None"
	case bool:
		return "bool"
	case int64:
		return "int"
	case float64:
		return "float"
	case string:
		return "str"
	case pyTuple:
		return "tuple"
	case *pyList:
		return "list"
	case *pyDict:
		return "dict"
	case *pyGlobal:
		return x.module + "." + x.name
	case *storageRef:
		return "storage"
	case *Tensor:
		return "tensor"
	case pyMark:
		return "MARK"
	}
	return fmt.Sprintf("%T", v)
}

// loadTorchSave reads a nested torch.save zip (archive/data.pkl plus
// archive/data/<key> storage records) and returns its FQN → tensor dict.
func (a *Archive) loadTorchSave(entry string) (map[string]*Tensor, error) {
	data, err := a.read(entry, maxEntryBytes)
	if err != nil {
		return nil, err
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil && !errors.Is(err, zip.ErrInsecurePath) {
		return nil, a.errAt(entry, "not a torch.save zip: %v", err)
	}
	if zr == nil {
		return nil, a.errAt(entry, "not a torch.save zip: %v", err)
	}
	files := map[string]*zip.File{}
	pkl := ""
	for _, f := range zr.File {
		if err := checkEntryName(f.Name); err != nil {
			return nil, a.errAt(entry+": "+f.Name, "%v", err)
		}
		files[f.Name] = f
		if strings.HasSuffix(f.Name, "/data.pkl") && strings.Count(f.Name, "/") == 1 {
			if pkl != "" {
				return nil, a.errAt(entry, "two data.pkl records (%s, %s)", pkl, f.Name)
			}
			pkl = f.Name
		}
	}
	if pkl == "" {
		return nil, a.errAt(entry, "no <root>/data.pkl: not a torch.save file")
	}
	root := strings.TrimSuffix(pkl, "data.pkl")
	errIn := func(name string) func(string, ...any) error {
		return func(format string, args ...any) error { return a.errAt(entry+": "+name, format, args...) }
	}
	pb, err := readZipFile(files[pkl], maxPickleBytes, errIn(pkl))
	if err != nil {
		return nil, err
	}
	storages := map[string]*storageRef{}
	load := func(pid any) (any, error) {
		t, ok := pid.(pyTuple)
		if !ok || len(t) < 5 {
			return nil, fmt.Errorf("persistent id is not a ('storage', type, key, location, numel) tuple")
		}
		if tag, _ := t[0].(string); tag != "storage" {
			return nil, fmt.Errorf("persistent id tag %q, expected 'storage'", tag)
		}
		cls, ok := t[1].(*pyGlobal)
		if !ok {
			return nil, fmt.Errorf("storage type is a %s", pyTypeName(t[1]))
		}
		dt, ok := storageDtypes[cls.name]
		if !ok {
			return nil, fmt.Errorf("unsupported storage type %s", cls.name)
		}
		key, ok := t[2].(string)
		if !ok || checkEntryName(key) != nil || strings.Contains(key, "/") {
			return nil, fmt.Errorf("bad storage key %v", t[2])
		}
		numel, ok := t[4].(int64)
		if !ok || numel < 0 {
			return nil, fmt.Errorf("bad storage size %v", t[4])
		}
		if ref, ok := storages[key]; ok {
			return &storageRef{dtype: dt, storage: ref.storage}, nil
		}
		name := root + "data/" + key
		f, ok := files[name]
		if !ok {
			return nil, fmt.Errorf("storage record %s is missing", name)
		}
		need, ok := mulNonNeg(numel, int64(dt.ElemSize()))
		if !ok || need > maxTensorBytes {
			return nil, fmt.Errorf("storage %s of %d elements is absurdly large", key, numel)
		}
		if f.UncompressedSize64 < uint64(need) {
			return nil, fmt.Errorf("storage record %s holds %d bytes but its metadata needs %d (%d × %s)",
				name, f.UncompressedSize64, need, numel, dt)
		}
		b, err := readZipFile(f, maxEntryBytes, errIn(name))
		if err != nil {
			return nil, err
		}
		ref := &storageRef{dtype: dt, storage: &Storage{Entry: entry, Member: name, Data: b}}
		storages[key] = ref
		return ref, nil
	}
	v, err := unpickle(pb, load)
	if err != nil {
		return nil, a.errAt(entry+": "+pkl, "%v", err)
	}
	d, ok := v.(*pyDict)
	if !ok {
		return nil, a.errAt(entry+": "+pkl, "top-level value is a %s, expected a dict of tensors", pyTypeName(v))
	}
	out := map[string]*Tensor{}
	for i, k := range d.keys {
		ks, ok := k.(string)
		if !ok {
			return nil, a.errAt(entry+": "+pkl, "dict key is a %s, expected a name", pyTypeName(k))
		}
		if t, ok := d.vals[i].(*Tensor); ok {
			out[ks] = t
		}
	}
	return out, nil
}
