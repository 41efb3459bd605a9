package runtime

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/sbinet/npyio"
)

// Errors a caller can test for with errors.Is; the messages around them say
// what exactly was wrong.
var (
	// ErrMalformedNPY: not a .npy file, a header that cannot be parsed, an
	// impossible shape, or a payload shorter than the header declares.
	ErrMalformedNPY = errors.New("malformed .npy file")
	// ErrDTypeMismatch: the file's element type cannot be read as the dtype
	// asked for (including element types torchlower has no dtype for).
	ErrDTypeMismatch = errors.New("dtype mismatch")
)

// NPYHelp states the .npy rules for a command's --help, so that the CLI
// and this package cannot drift apart.
const NPYHelp = `.npy files: each input must have the argument's dtype, except that
  - a bf16 argument also takes a float32 .npy (rounded to nearest even; exact
    for bf16 values) or raw 16-bit bf16 patterns ('<u2', or '<V2' as
    ml_dtypes' bfloat16 saves them);
  - an f16 argument takes '<f2' or a float32 .npy (rounded to nearest even).
Fortran-order and big-endian files are accepted. Expected outputs are read
the same way. bf16 outputs are written as float32 (exact).`

// maxHeaderLen bounds the header we are willing to read. NumPy refuses
// headers over 10000 bytes by default; the largest one we can meet (64
// dimensions of 20 digits) is under 2 KiB. Without a bound, a version 2
// header length field could make us allocate 4 GiB before reading a byte.
const maxHeaderLen = 1 << 20

// How reading works, and why only the header goes through npyio.
//
// npyio (v0.6) parses the header dictionary, and we use it for that. Its
// payload reader does not fit: it has no float16 and no void ('<V2',
// ml_dtypes' bfloat16) type, it reads one element at a time through
// reflection, it allocates the whole array from the header's shape before
// reading, and it ignores short reads (a truncated file reads as zeros
// instead of failing). So the payload is read here, with io.ReadFull
// semantics, growing the buffer only as data actually arrives.
//
// The header also needs guarding: npyio reads a header length without
// bound, and its dictionary parser slices the text by key position and
// exact spacing, so some malformed headers make it panic and others (a
// shape without numpy's trailing ", ", keys in another order) are misread
// rather than refused. We therefore read the preamble ourselves (magic,
// version, bounded length), rewrite the dictionary in numpy's own spacing,
// hand npyio a version 2.0 copy (3.0 differs only in being UTF-8), recover
// from a panic, and accept its answer only if rendering it back gives the
// header's text. Every file numpy writes passes; keys in an order numpy
// never writes are refused with a clear error.

// npyHeader is what a .npy header says.
type npyHeader struct {
	descr   string
	fortran bool
	shape   []int64
}

// readNPYHeader reads the preamble and header dictionary from r, leaving r
// at the first payload byte.
func readNPYHeader(r io.Reader) (npyHeader, error) {
	var pre [8]byte
	if _, err := io.ReadFull(r, pre[:]); err != nil {
		return npyHeader{}, fmt.Errorf("%w: file too short for the .npy magic string (%v)", ErrMalformedNPY, eofText(err))
	}
	if !bytes.Equal(pre[:6], npyio.Magic[:]) {
		return npyHeader{}, fmt.Errorf("%w: not a .npy file (no \\x93NUMPY magic string)", ErrMalformedNPY)
	}
	major, minor := pre[6], pre[7]
	var hlen int
	switch major {
	case 1:
		var b [2]byte
		if _, err := io.ReadFull(r, b[:]); err != nil {
			return npyHeader{}, fmt.Errorf("%w: truncated header length (%v)", ErrMalformedNPY, eofText(err))
		}
		hlen = int(le.Uint16(b[:]))
	case 2, 3:
		var b [4]byte
		if _, err := io.ReadFull(r, b[:]); err != nil {
			return npyHeader{}, fmt.Errorf("%w: truncated header length (%v)", ErrMalformedNPY, eofText(err))
		}
		hlen64 := le.Uint32(b[:])
		if hlen64 > maxHeaderLen {
			return npyHeader{}, fmt.Errorf("%w: header length %d exceeds the %d bytes accepted", ErrMalformedNPY, hlen64, maxHeaderLen)
		}
		hlen = int(hlen64)
	default:
		return npyHeader{}, fmt.Errorf("%w: unsupported .npy format version %d.%d (1.0, 2.0 and 3.0 are known)", ErrMalformedNPY, major, minor)
	}
	text := make([]byte, hlen)
	if _, err := io.ReadFull(r, text); err != nil {
		return npyHeader{}, fmt.Errorf("%w: truncated header: %d bytes declared (%v)", ErrMalformedNPY, hlen, eofText(err))
	}
	// NumPy reads the dictionary with ast.literal_eval, so any spacing and
	// quoting is valid; npyio only parses numpy's exact spacing. Rewrite it
	// in that spacing first.
	orig := bytes.TrimRight(text, " \t\r\n\x00")
	dict := canonicalDict(orig)

	var buf bytes.Buffer
	buf.Write(npyio.Magic[:])
	buf.Write([]byte{2, 0})
	binary.Write(&buf, le, uint32(len(dict)+1))
	buf.Write(dict)
	buf.WriteByte('\n')
	h, err := parseHeaderWithNPYIO(buf.Bytes())
	if err != nil {
		return npyHeader{}, fmt.Errorf("%w: cannot parse header %s: %v %s", ErrMalformedNPY, quoteHeader(orig), err, headerHint)
	}

	hdr := npyHeader{descr: h.Descr.Type, fortran: h.Descr.Fortran, shape: make([]int64, len(h.Descr.Shape))}
	for i, d := range h.Descr.Shape {
		hdr.shape[i] = int64(d)
	}
	if !headerMatches(dict, hdr) {
		return npyHeader{}, fmt.Errorf("%w: header %s is not understood %s", ErrMalformedNPY, quoteHeader(orig), headerHint)
	}
	if _, err := ShapeElements(hdr.shape); err != nil {
		return npyHeader{}, fmt.Errorf("%w: %v", ErrMalformedNPY, err)
	}
	return hdr, nil
}

// quoteHeader quotes header text for a message, cut short so that a
// megabyte of garbage does not become a megabyte of error.
func quoteHeader(b []byte) string {
	const limit = 200
	if len(b) > limit {
		return strconv.Quote(string(b[:limit])) + "..."
	}
	return strconv.Quote(string(b))
}

const headerHint = "(expected {'descr': ..., 'fortran_order': ..., 'shape': (...), } in that order, as numpy writes it)"

// parseHeaderWithNPYIO runs npyio's header parser, turning a panic (which
// some malformed headers cause) into an error.
func parseHeaderWithNPYIO(file []byte) (h npyio.Header, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("header dictionary not understood")
		}
	}()
	rd, err := npyio.NewReader(bytes.NewReader(file))
	if err != nil {
		return h, err
	}
	return rd.Header, nil
}

// canonicalDict rewrites a header dictionary in numpy's spacing: no
// whitespace except one space after each ':' and ',', single quotes, and a
// ", " before the closing brace. A dictionary numpy wrote comes out as it
// went in (tuples aside: (3,) becomes (3, ), which npyio reads the same).
func canonicalDict(dict []byte) []byte {
	var compact []byte
	inStr := false
	for _, c := range dict {
		if c == '"' {
			c = '\''
		}
		if c == '\'' {
			inStr = !inStr
		}
		if !inStr && (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
			continue
		}
		compact = append(compact, c)
	}
	if n := len(compact); n >= 2 && compact[n-1] == '}' && compact[n-2] != ',' {
		compact = append(compact[:n-1], ',', '}')
	}
	out := make([]byte, 0, len(compact)+16)
	inStr = false
	for _, c := range compact {
		out = append(out, c)
		if c == '\'' {
			inStr = !inStr
		}
		if !inStr && (c == ':' || c == ',') {
			out = append(out, ' ')
		}
	}
	return out
}

// headerMatches reports whether the dictionary text says exactly what hdr
// says, comparing with whitespace removed. npyio slices the text by key
// position, so a dictionary with its keys in another order is misread, not
// refused; this check turns that into an error.
func headerMatches(dict []byte, hdr npyHeader) bool {
	got := strings.Join(strings.Fields(string(dict)), "")
	order := "False"
	if hdr.fortran {
		order = "True"
	}
	want := "{'descr':'" + hdr.descr + "','fortran_order':" + order + ",'shape':" + strings.ReplaceAll(pyTuple(hdr.shape), " ", "")
	return got == want+",}"
}

// pyTuple formats a shape as Python's repr of a tuple: (), (3,), (2, 3).
func pyTuple(shape []int64) string {
	switch len(shape) {
	case 0:
		return "()"
	case 1:
		return "(" + strconv.FormatInt(shape[0], 10) + ",)"
	}
	s := FormatShape(shape)
	return "(" + s[1:len(s)-1] + ")"
}

func eofText(err error) error {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return errors.New("unexpected end of file")
	}
	return err
}

// npyType is a parsed NumPy type string: '<f4', '|b1', '>i8', '<V2'.
type npyType struct {
	str       string
	kind      byte // 'b', 'i', 'u', 'f', 'V', or another NumPy kind we reject
	size      int
	bigEndian bool
}

func parseNPYType(s string) (npyType, error) {
	t := npyType{str: s}
	rest := s
	if rest != "" && strings.IndexByte("<>|=", rest[0]) >= 0 {
		t.bigEndian = rest[0] == '>'
		rest = rest[1:]
	}
	if rest == "O" { // object arrays: '|O', no size
		t.kind = 'O'
		return t, nil
	}
	if len(rest) < 2 {
		return t, fmt.Errorf("element type %q is not a NumPy type string", s)
	}
	t.kind = rest[0]
	n, err := strconv.Atoi(rest[1:])
	if err != nil || n <= 0 {
		return t, fmt.Errorf("element type %q is not a NumPy type string", s)
	}
	t.size = n
	return t, nil
}

// name describes the type for messages: "float32 ('<f4')".
func (t npyType) name() string {
	var base string
	switch t.kind {
	case 'b':
		base = "bool"
	case 'i':
		base = fmt.Sprintf("int%d", 8*t.size)
	case 'u':
		base = fmt.Sprintf("uint%d", 8*t.size)
	case 'f':
		base = fmt.Sprintf("float%d", 8*t.size)
	case 'c':
		base = fmt.Sprintf("complex%d", 8*t.size)
	case 'V':
		base = fmt.Sprintf("%d-byte raw (void)", t.size)
	case 'U', 'S':
		base = "string"
	case 'O':
		base = "Python object"
	case 'M', 'm':
		base = "datetime"
	default:
		base = "unknown"
	}
	if t.bigEndian {
		base = "big-endian " + base
	}
	return fmt.Sprintf("%s ('%s')", base, t.str)
}

// nativeNPYType is the NumPy type that stores dt unchanged (bf16 has none).
func nativeNPYType(dt DType) (kind byte, size int) {
	switch dt {
	case F16, F32, F64:
		return 'f', dt.ElemSize()
	case Bool:
		return 'b', 1
	case I8, I16, I32, I64:
		return 'i', dt.ElemSize()
	case U8:
		return 'u', 1
	}
	return 0, 0
}

// accepted says, for an error message, which files a dtype can be read from.
func accepted(dt DType) string {
	switch dt {
	case BF16:
		return "'<f4' (float32, rounded to nearest even) or raw 16-bit '<u2'/'<V2' (ml_dtypes bfloat16)"
	case F16:
		return "'<f2' (float16) or '<f4' (float32, rounded to nearest even)"
	}
	k, s := nativeNPYType(dt)
	return fmt.Sprintf("'%s'", npyDescr(k, s))
}

func npyDescr(kind byte, size int) string {
	order := "<"
	if size == 1 {
		order = "|"
	}
	return order + string(kind) + strconv.Itoa(size)
}

// conversion is how a file's elements become a dtype's.
type conversion int

const (
	convCopy      conversion = iota // same bit layout
	convF32ToF16                    // float32 file, f16 tensor
	convF32ToBF16                   // float32 file, bf16 tensor
)

func chooseConversion(ft npyType, want DType) (conversion, bool) {
	if k, s := nativeNPYType(want); k != 0 && ft.kind == k && ft.size == s {
		return convCopy, true
	}
	switch {
	case want == BF16 && (ft.kind == 'u' || ft.kind == 'V') && ft.size == 2:
		return convCopy, true
	case want == BF16 && ft.kind == 'f' && ft.size == 4:
		return convF32ToBF16, true
	case want == F16 && ft.kind == 'f' && ft.size == 4:
		return convF32ToF16, true
	}
	return 0, false
}

// ReadNPY reads a .npy array from r as a tensor of dtype want, following
// the rules in the package documentation: exact dtype matches, plus f32
// files for f16/bf16 (rounded to nearest even) and raw 16-bit files for
// bf16. Fortran-order arrays are transposed to C order and big-endian ones
// byte-swapped. Shape checks are the caller's (see CheckShape).
//
// r is left just after the array, so several arrays written one after the
// other to one stream (np.save to one open file) read back in turn. Errors
// wrap ErrMalformedNPY or ErrDTypeMismatch; ReadNPYFile adds the path.
func ReadNPY(r io.Reader, want DType) (*Tensor, error) {
	return readNPY(r, want, -1)
}

// readNPY is ReadNPY with a hint of how many bytes r holds (-1: unknown),
// which lets a payload that is really there be read into one exact
// allocation.
func readNPY(r io.Reader, want DType, avail int64) (*Tensor, error) {
	if !want.Valid() {
		return nil, fmt.Errorf("runtime: ReadNPY: invalid dtype %v requested", want)
	}
	hdr, err := readNPYHeader(r)
	if err != nil {
		return nil, err
	}
	ft, err := parseNPYType(hdr.descr)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrMalformedNPY, err)
	}
	conv, ok := chooseConversion(ft, want)
	if !ok {
		return nil, fmt.Errorf("%w: the file holds %s, expected %v, which is read from %s", ErrDTypeMismatch, ft.name(), want, accepted(want))
	}
	n, _ := ShapeElements(hdr.shape) // checked by readNPYHeader
	fileBytes, err := byteSizeOf(n, ft.size)
	if err != nil {
		return nil, fmt.Errorf("%w: shape %s of %s: %v", ErrMalformedNPY, FormatShape(hdr.shape), ft.name(), err)
	}
	if _, err := byteSize(want, hdr.shape); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrMalformedNPY, err)
	}
	if avail < 0 {
		// Asked only when needed: the first assertion of a type to an
		// interface builds its method table, a cost a file reader (which
		// knows the size) need not pay.
		if lr, ok := r.(interface{ Len() int }); ok {
			avail = int64(lr.Len()) // bytes.Reader, bytes.Buffer, strings.Reader
		}
	}
	payload, err := readPayload(r, fileBytes, avail)
	if err != nil {
		return nil, fmt.Errorf("%w: truncated data: the header declares shape %s of %s, %d bytes, but %v",
			ErrMalformedNPY, FormatShape(hdr.shape), ft.name(), fileBytes, err)
	}
	if ft.bigEndian && ft.size > 1 {
		byteSwap(payload, ft.size)
	}

	var data []byte
	switch conv {
	case convCopy:
		data = payload
		if want == Bool {
			for i, b := range data { // numpy writes 0/1; keep that invariant
				data[i] = b2u(b != 0)
			}
		}
	case convF32ToF16, convF32ToBF16:
		data = make([]byte, 2*int(n))
		round := F16FromFloat32
		if conv == convF32ToBF16 {
			round = BF16FromFloat32
		}
		for i := range int(n) {
			le.PutUint16(data[2*i:], round(math.Float32frombits(le.Uint32(payload[4*i:]))))
		}
	}

	t := &Tensor{DType: want, Shape: hdr.shape, Data: data}
	if hdr.fortran && len(hdr.shape) > 1 {
		t.Data = fortranToC(data, hdr.shape, want.ElemSize())
	}
	return t, nil
}

func byteSizeOf(n int64, size int) (int, error) {
	const maxInt = int64(^uint(0) >> 1)
	if n > maxInt/int64(size) {
		return 0, fmt.Errorf("%d elements of %d bytes do not fit in memory", n, size)
	}
	return int(n) * size, nil
}

// readPayload reads exactly n bytes. Unless the reader is known to hold
// them (avail >= n), it grows its buffer as data arrives (doubling, from
// 16 MiB) instead of trusting the header with one huge allocation, so a
// tiny file claiming a terabyte fails fast and cheaply.
func readPayload(r io.Reader, n int, avail int64) ([]byte, error) {
	const chunk = 16 << 20
	first := min(n, chunk)
	if avail >= int64(n) {
		first = n
	}
	buf := make([]byte, 0, first)
	for len(buf) < n {
		step := min(n-len(buf), max(len(buf), chunk))
		buf = slices.Grow(buf, step)
		got, err := io.ReadFull(r, buf[len(buf):len(buf)+step])
		buf = buf[:len(buf)+got]
		if err != nil {
			return nil, fmt.Errorf("only %d follow", len(buf))
		}
	}
	return buf, nil
}

func byteSwap(b []byte, size int) {
	for i := 0; i+size <= len(b); i += size {
		slices.Reverse(b[i : i+size])
	}
}

// fortranToC reorders column-major data of the given shape into row-major.
// Column-major data for shape (d0, ..., dk) is the row-major layout of the
// reversed shape, so element (i0, ..., ik) sits at sum(i_j * prod(d_<j)).
// We walk the output in order with an odometer and keep the input offset
// updated incrementally.
func fortranToC(src []byte, shape []int64, esize int) []byte {
	dst := make([]byte, len(src))
	if len(src) == 0 {
		return dst
	}
	rank := len(shape)
	fstride := make([]int, rank) // input stride of each output dimension, in bytes
	acc := esize
	for j := 0; j < rank; j++ {
		fstride[j] = acc
		acc *= int(shape[j])
	}
	idx := make([]int, rank)
	in := 0
	for out := 0; out < len(dst); out += esize {
		copy(dst[out:out+esize], src[in:in+esize])
		for j := rank - 1; j >= 0; j-- {
			idx[j]++
			in += fstride[j]
			if idx[j] < int(shape[j]) {
				break
			}
			in -= idx[j] * fstride[j]
			idx[j] = 0
		}
	}
	return dst
}

// ReadNPYFile reads path as ReadNPY does; errors name the file.
func ReadNPYFile(path string, want DType) (*Tensor, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	avail := int64(-1)
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
		avail = st.Size() // an upper bound on the payload: enough for the hint
	}
	// A buffer no larger than the file: small inputs are the common case
	// when a compiled module starts, and 64 KiB per input is garbage.
	size := 1 << 16
	if avail >= 0 && avail < int64(size) {
		size = int(avail)
	}
	t, err := readNPY(bufio.NewReaderSize(f, size), want, avail)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}

// WriteNPY writes t as a version 1.0 .npy file laid out byte for byte as
// numpy.save writes it. bf16 is written as float32: numpy has no bf16, and
// a float32 file loads everywhere (numpy, torch.from_numpy) while widening
// is exact, so reading it back as bf16 returns the same bits. Use
// WriteNPYRaw16 for the 16-bit patterns instead.
func WriteNPY(w io.Writer, t *Tensor) error { return writeNPY(w, t, false) }

// WriteNPYRaw16 is WriteNPY except that bf16 is written as its raw bit
// patterns with descr '<u2' (load with np.load(f).view(ml_dtypes.bfloat16)).
// '<u2' rather than ml_dtypes' own '<V2' because every .npy reader
// understands it; ReadNPY reads both. Other dtypes are written as by
// WriteNPY (f16 is '<f2' in both).
func WriteNPYRaw16(w io.Writer, t *Tensor) error { return writeNPY(w, t, true) }

// WriteNPYFile writes t to path with WriteNPY.
func WriteNPYFile(path string, t *Tensor) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(f, 1<<16)
	err = WriteNPY(bw, t)
	if err == nil {
		err = bw.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

func writeNPY(w io.Writer, t *Tensor, raw16 bool) error {
	if err := t.Validate(); err != nil {
		return fmt.Errorf("runtime: cannot write .npy: %v", err)
	}
	var descr string
	switch {
	case t.DType == BF16 && raw16:
		descr = "<u2"
	case t.DType == BF16:
		descr = "<f4"
	default:
		descr = npyDescr(nativeNPYType(t.DType))
	}
	if _, err := w.Write(npyHeaderBytes(descr, t.Shape)); err != nil {
		return err
	}
	if t.DType != BF16 || raw16 {
		_, err := w.Write(t.Data)
		return err
	}
	// bf16 → f32 is a shift; convert in chunks to bound the extra memory.
	var buf [4096]byte
	for i := 0; i < len(t.Data); {
		n := 0
		for ; n+4 <= len(buf) && i < len(t.Data); i += 2 {
			le.PutUint32(buf[n:], uint32(le.Uint16(t.Data[i:]))<<16)
			n += 4
		}
		if _, err := w.Write(buf[:n]); err != nil {
			return err
		}
	}
	return nil
}

// npyHeaderBytes builds the preamble and header exactly as numpy 1.24's
// format.write_array writes them (including the spare spaces it leaves for
// growing the first axis, and the padding to 64 bytes), so that our files
// and numpy's can be compared byte for byte.
func npyHeaderBytes(descr string, shape []int64) []byte {
	const growthAxisMaxDigits = 21
	dict := "{'descr': '" + descr + "', 'fortran_order': False, 'shape': " + pyTuple(shape) + ", }"
	if len(shape) > 0 {
		dict += strings.Repeat(" ", max(0, growthAxisMaxDigits-len(strconv.FormatInt(shape[0], 10))))
	}
	hlen := len(dict) + 1
	version := byte(1)
	pad := 64 - (10+hlen)%64
	if hlen+pad > 0xffff { // too long for 1.0's 16-bit length: 2.0, as numpy does
		version = 2
		pad = 64 - (12+hlen)%64
	}
	var b bytes.Buffer
	b.Write(npyio.Magic[:])
	b.Write([]byte{version, 0})
	if version == 1 {
		binary.Write(&b, le, uint16(hlen+pad))
	} else {
		binary.Write(&b, le, uint32(hlen+pad))
	}
	b.WriteString(dict)
	b.WriteString(strings.Repeat(" ", pad))
	b.WriteByte('\n')
	return b.Bytes()
}

// ReadNPYShape reads only the header of the .npy file at path and returns
// the array's shape: what a caller needs to size a program for its inputs
// before reading them.
func ReadNPYShape(path string) ([]int64, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	h, err := readNPYHeader(bufio.NewReaderSize(f, 4096))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return h.shape, nil
}
