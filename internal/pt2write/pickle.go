package pt2write

import (
	"bytes"
	"encoding/binary"
)

// pickler emits the opcodes CPython's pickler writes for torch.save's
// objects: protocol 2 (BINPUT memo, GLOBAL, BINUNICODE) or protocol 4
// (FRAME, SHORT_BINUNICODE, STACK_GLOBAL, MEMOIZE).
type pickler struct {
	buf   bytes.Buffer
	proto int
	memo  int
}

func newPickler(proto int) *pickler {
	p := &pickler{proto: proto}
	p.buf.Write([]byte{0x80, byte(proto)})
	if proto >= 4 {
		// A frame header with a length hint; readers may ignore it.
		p.buf.WriteByte(0x95)
		p.buf.Write(make([]byte, 8))
	}
	return p
}

func (p *pickler) put() {
	if p.proto >= 4 {
		p.buf.WriteByte(0x94) // MEMOIZE
	} else if p.memo < 256 {
		p.buf.Write([]byte{'q', byte(p.memo)})
	} else {
		p.buf.WriteByte('r')
		_ = binary.Write(&p.buf, binary.LittleEndian, uint32(p.memo))
	}
	p.memo++
}

func (p *pickler) str(s string) {
	if p.proto >= 4 && len(s) < 256 {
		p.buf.Write([]byte{0x8c, byte(len(s))})
	} else {
		p.buf.WriteByte('X')
		_ = binary.Write(&p.buf, binary.LittleEndian, uint32(len(s)))
	}
	p.buf.WriteString(s)
	p.put()
}

func (p *pickler) int(v int64) {
	switch {
	case v >= 0 && v < 256:
		p.buf.Write([]byte{'K', byte(v)})
	case v >= 0 && v < 65536:
		p.buf.WriteByte('M')
		_ = binary.Write(&p.buf, binary.LittleEndian, uint16(v))
	case v >= -1<<31 && v < 1<<31:
		p.buf.WriteByte('J')
		_ = binary.Write(&p.buf, binary.LittleEndian, int32(v))
	default:
		p.buf.Write([]byte{0x8a, 8})
		_ = binary.Write(&p.buf, binary.LittleEndian, v)
	}
}

func (p *pickler) global(mod, name string) {
	if p.proto >= 4 {
		p.str(mod)
		p.str(name)
		p.buf.WriteByte(0x93)
	} else {
		p.buf.WriteByte('c')
		p.buf.WriteString(mod + "\n" + name + "\n")
	}
	p.put()
}

func (p *pickler) intTuple(vs []int64) {
	if len(vs) == 0 {
		p.buf.WriteByte(')')
		return
	}
	if len(vs) > 3 {
		p.buf.WriteByte('(')
	}
	for _, v := range vs {
		p.int(v)
	}
	if len(vs) <= 3 {
		p.buf.WriteByte(0x84 + byte(len(vs)))
	} else {
		p.buf.WriteByte('t')
	}
	p.put()
}

func (p *pickler) orderedDict() {
	p.global("collections", "OrderedDict")
	p.buf.WriteByte(')')
	p.buf.WriteByte('R')
	p.put()
}

func (p *pickler) dictStart() {
	p.buf.WriteByte('}')
	p.put()
	p.buf.WriteByte('(')
}

func (p *pickler) dictEnd() {
	p.buf.WriteByte('u') // SETITEMS
	p.buf.WriteByte('.') // STOP
}

// tensor writes _rebuild_tensor_v2(storage, offset, size, stride, False,
// OrderedDict()), wrapped in _rebuild_parameter for parameters.
func (p *pickler) tensor(t Tensor, cls, key string, numel int64) {
	if t.IsParam {
		p.global("torch._utils", "_rebuild_parameter")
	}
	p.global("torch._utils", "_rebuild_tensor_v2")
	p.buf.WriteByte('(')
	// Persistent id: ('storage', torch.<X>Storage, key, 'cpu', numel).
	p.buf.WriteByte('(')
	p.str("storage")
	p.global("torch", cls)
	p.str(key)
	p.str("cpu")
	p.int(numel)
	p.buf.WriteByte('t')
	p.put()
	p.buf.WriteByte('Q')
	p.int(t.Offset)
	p.intTuple(t.Sizes)
	p.intTuple(t.strides())
	p.buf.WriteByte(0x89) // NEWFALSE
	p.orderedDict()
	p.buf.WriteByte('t')
	p.put()
	p.buf.WriteByte('R')
	p.put()
	if t.IsParam {
		p.buf.WriteByte(0x88) // NEWTRUE: requires_grad
		p.orderedDict()
		p.buf.WriteByte(0x87) // TUPLE3
		p.put()
		p.buf.WriteByte('R')
		p.put()
	}
}

func (p *pickler) bytes() []byte { return p.buf.Bytes() }
