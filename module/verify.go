package module

import (
	"encoding/binary"
	"fmt"
	"strings"
)

// The flatbuffers Go runtime has no verifier: its accessors index the
// buffer with the offsets they read and panic on a bad one. So before any
// accessor runs, verify walks the whole file as the schema describes it
// and checks every table, vtable, field, vector and string against the
// buffer's bounds. The description below is the schema (internal/fb/
// tlm.fbs) field by field, in slot order; a test checks it against the
// generated code by encoding a module that sets every field.

type fieldKind uint8

const (
	fScalar  fieldKind = iota // size bytes inline
	fStruct                   // a struct inline (unused so far)
	fString                   // offset to a string
	fVector                   // offset to a vector of size-byte scalars or structs
	fTable                    // offset to a table of type sub
	fTables                   // offset to a vector of tables of type sub
	fStrings                  // offset to a vector of strings
)

type field struct {
	name string
	kind fieldKind
	size int
	sub  *tableType
}

type tableType struct {
	name   string
	fields []field
}

func scalar(name string, size int) field { return field{name: name, kind: fScalar, size: size} }
func str(name string) field              { return field{name: name, kind: fString} }
func vec(name string, size int) field    { return field{name: name, kind: fVector, size: size} }
func strs(name string) field             { return field{name: name, kind: fStrings} }
func tbl(name string, t *tableType) field {
	return field{name: name, kind: fTable, sub: t}
}
func tbls(name string, t *tableType) field {
	return field{name: name, kind: fTables, sub: t}
}

var (
	tProducer   = &tableType{"Producer", []field{str("torchlower"), str("go"), str("source"), str("pipeline")}}
	tTensorType = &tableType{"TensorType", []field{str("elem"), vec("shape", 8), scalar("none", 1)}}
	tEntryPoint = &tableType{"EntryPoint", []field{str("name"), tbls("args", tTensorType), tbls("results", tTensorType), scalar("plan", 4)}}
	tBuffer     = &tableType{"Buffer", []field{scalar("kind", 1), str("elem"), vec("shape", 8), scalar("index", 4), scalar("offset", 8), scalar("first", 4), scalar("last", 4)}}
	tView       = &tableType{"View", []field{scalar("buffer", 4), scalar("offset", 8), vec("shape", 8), vec("strides", 8), vec("dyn", 24)}}
	tInstr      = &tableType{"ScalarInstr", []field{str("op"), str("pred"), scalar("src_width", 4), scalar("dst", 4), vec("args", 16), scalar("input", 4), str("text")}}
	tStep       = &tableType{"Step", []field{scalar("kind", 1), tbls("inputs", tView), tbls("outputs", tView), tbls("captures", tView), vec("capture_args", 4),
		scalar("value_kind", 1), str("value_type"), scalar("value_float", 8), scalar("value_int", 8), scalar("constant", 4), str("kernel"), tbls("program", tInstr), str("text"), scalar("epilogue", 1)}}
	tPlan = &tableType{"Plan", []field{str("func"), tbls("buffers", tBuffer), vec("args", 4), vec("results", 4), tbls("steps", tStep), strs("scalars"),
		scalar("arena_bytes", 8), scalar("peak_bytes", 8), strs("aliases")}}
	tConstant = &tableType{"Constant", []field{str("elem"), vec("shape", 8), vec("data", 1)}}
	tKernel   = &tableType{"Kernel", []field{str("target"), str("format"), vec("data", 1)}}
	tModule   = &tableType{"Module", []field{scalar("schema_version", 4), str("target"), tbl("producer", tProducer), tbls("entry_points", tEntryPoint),
		tbls("plans", tPlan), tbls("constants", tConstant), tbls("kernels", tKernel)}}
)

// objectBudget bounds the tables, vectors and strings one verification
// visits. Every object takes at least four bytes and the encoder never
// shares one, so a module has at most len/4 of them; a file whose offsets
// share objects to claim more (a vector of plans that all point at one)
// is refused rather than making verification, and decoding after it,
// take time and memory quadratic in its size.
func objectBudget(size int) int { return size/4 + 16 }

type verifier struct {
	buf     []byte
	objects int
	// path is where verification is (Module.plans[0].steps[3]...), kept
	// as a stack and spelled out only for an error, and only when trace
	// is set: a module is verified without it, and again with it only
	// when that finds a defect (verification is deterministic, so the
	// second run stops at the same one). Keeping it was a fifth of the
	// time.
	trace bool
	path  []pathElem
}

type pathElem struct {
	name  string
	index int // -1: none
}

func (v *verifier) push(name string, index int) {
	if v.trace {
		v.path = append(v.path, pathElem{name, index})
	}
}

func (v *verifier) pop() {
	if v.trace {
		v.path = v.path[:len(v.path)-1]
	}
}

// errorf is a structural defect at a byte offset, naming where it is.
func (v *verifier) errorf(pos int, format string, args ...any) error {
	var sb strings.Builder
	for i, e := range v.path {
		if i > 0 && e.index < 0 {
			sb.WriteByte('.')
		}
		if e.index >= 0 {
			fmt.Fprintf(&sb, "[%d]", e.index)
		} else {
			sb.WriteString(e.name)
		}
	}
	return fmt.Errorf("corrupt %s at byte %d: %s", sb.String(), pos, fmt.Sprintf(format, args...))
}

// verify checks the whole module rooted at the root offset of buf.
func verify(buf []byte) error {
	v := &verifier{buf: buf}
	if len(buf) < 8 {
		return fmt.Errorf("%d bytes is too short for a module", len(buf))
	}
	return v.root(tModule)
}

// root verifies the root table as t, tracing the path to a defect only
// once there is one.
func (v *verifier) root(t *tableType) error {
	pos := int(binary.LittleEndian.Uint32(v.buf))
	if v.table(t, pos) == nil {
		return nil
	}
	traced := &verifier{buf: v.buf, trace: true}
	traced.push("Module", -1)
	return traced.table(t, pos)
}

// verifyPart checks the fields of the root table that t describes (a
// prefix of Module's: the schema version before anything else).
func verifyPart(buf []byte, t *tableType) error {
	v := &verifier{buf: buf}
	if err := v.root(t); err != nil {
		return fmt.Errorf("corrupt module: %w", err)
	}
	return nil
}

func (v *verifier) u32(pos int) (int, bool) {
	if pos < 0 || pos > len(v.buf)-4 {
		return 0, false
	}
	return int(binary.LittleEndian.Uint32(v.buf[pos:])), true
}

func (v *verifier) count(pos int) error {
	v.objects++
	if v.objects > objectBudget(len(v.buf)) {
		return v.errorf(pos, "more objects than a %d-byte module holds (shared offsets?)", len(v.buf))
	}
	return nil
}

// table verifies a table of type t at pos.
func (v *verifier) table(t *tableType, pos int) error {
	if err := v.count(pos); err != nil {
		return err
	}
	if pos < 0 || pos > len(v.buf)-4 || pos%4 != 0 {
		return v.errorf(pos, "table offset outside the file or misaligned")
	}
	soff := int32(binary.LittleEndian.Uint32(v.buf[pos:]))
	vt := pos - int(soff)
	if vt < 0 || vt > len(v.buf)-4 || vt%2 != 0 {
		return v.errorf(pos, "vtable offset %d outside the file", vt)
	}
	vsize := int(binary.LittleEndian.Uint16(v.buf[vt:]))
	tsize := int(binary.LittleEndian.Uint16(v.buf[vt+2:]))
	if vsize < 4 || vsize%2 != 0 || vt+vsize > len(v.buf) {
		return v.errorf(vt, "vtable of %d bytes does not fit", vsize)
	}
	if tsize < 4 || pos+tsize > len(v.buf) {
		return v.errorf(pos, "table of %d bytes does not fit", tsize)
	}
	for i, f := range t.fields {
		slot := 4 + 2*i
		if slot >= vsize {
			break // fields past the vtable are absent
		}
		off := int(binary.LittleEndian.Uint16(v.buf[vt+slot:]))
		if off == 0 {
			continue
		}
		v.push(f.name, -1)
		size := f.size
		if f.kind != fScalar && f.kind != fStruct {
			size = 4
		}
		if off < 4 || off+size > tsize {
			return v.errorf(pos, "field at table offset %d (%d bytes) outside a %d-byte table", off, size, tsize)
		}
		fpos := pos + off
		if f.kind == fScalar || f.kind == fStruct {
			v.pop()
			continue
		}
		rel, _ := v.u32(fpos)
		target := fpos + rel
		if rel == 0 || target > len(v.buf) {
			return v.errorf(fpos, "offset %d points outside the file", rel)
		}
		if err := v.field(f, target); err != nil {
			return err
		}
		v.pop()
	}
	return nil
}

// field verifies what field f of a table points to, at target.
func (v *verifier) field(f field, target int) error {
	var err error
	switch f.kind {
	case fString:
		_, err = v.vector(target, 1)
	case fVector:
		_, err = v.vector(target, f.size)
	case fTable:
		err = v.table(f.sub, target)
	case fTables, fStrings:
		var n int
		if n, err = v.vector(target, 4); err != nil {
			return err
		}
		for j := 0; j < n; j++ {
			epos := target + 4 + 4*j
			erel, _ := v.u32(epos)
			et := epos + erel
			v.push("", j)
			if erel == 0 || et > len(v.buf) {
				return v.errorf(epos, "offset %d points outside the file", erel)
			}
			if f.kind == fTables {
				err = v.table(f.sub, et)
			} else {
				_, err = v.vector(et, 1)
			}
			if err != nil {
				return err
			}
			v.pop()
		}
	}
	return err
}

// vector verifies the length-prefixed vector (or string) at pos, of
// elements of elem bytes, and returns its length.
func (v *verifier) vector(pos, elem int) (int, error) {
	if err := v.count(pos); err != nil {
		return 0, err
	}
	n, ok := v.u32(pos)
	if !ok || pos%4 != 0 {
		return 0, v.errorf(pos, "vector length outside the file or misaligned")
	}
	if n > (len(v.buf)-pos-4)/elem {
		return 0, v.errorf(pos, "vector of %d elements of %d bytes does not fit", n, elem)
	}
	return n, nil
}
