package codegen

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/plan"
)

// elem is how one element type is stored on the device and held in a
// register.
type elem struct {
	ctype string // storage type
	reg   string // register type: float, double or i64
	float bool
	width int // integer width for sign extension (0 for floats)
	kind  ir.FloatKind
}

func elemOf(t ir.Type) (elem, error) {
	switch x := t.(type) {
	case ir.FloatType:
		switch x.Kind {
		case ir.F16:
			return elem{ctype: "h16", reg: "float", float: true, kind: ir.F16}, nil
		case ir.BF16:
			return elem{ctype: "b16", reg: "float", float: true, kind: ir.BF16}, nil
		case ir.F32:
			return elem{ctype: "float", reg: "float", float: true, kind: ir.F32}, nil
		case ir.F64:
			return elem{ctype: "double", reg: "double", float: true, kind: ir.F64}, nil
		}
	case ir.IndexType:
		return elem{ctype: "i64", reg: "i64", width: 64}, nil
	case ir.IntegerType:
		// ui8 is stored as a byte and held sign-extended, as the CPU does.
		switch x.Width {
		case 1:
			return elem{ctype: "unsigned char", reg: "i64", width: 1}, nil
		case 8:
			return elem{ctype: "signed char", reg: "i64", width: 8}, nil
		case 16:
			return elem{ctype: "short", reg: "i64", width: 16}, nil
		case 32:
			return elem{ctype: "int", reg: "i64", width: 32}, nil
		case 64:
			return elem{ctype: "i64", reg: "i64", width: 64}, nil
		}
	}
	return elem{}, fmt.Errorf("unsupported element type %s", t)
}

// size is the storage size in bytes.
func (e elem) size() int64 {
	switch e.ctype {
	case "h16", "b16", "short":
		return 2
	case "float", "int":
		return 4
	case "double", "i64":
		return 8
	}
	return 1
}

// load converts the stored element at ptr[off] to a register value.
func (e elem) load(ptr, off string) string {
	x := ptr + "[" + off + "]"
	switch {
	case e.ctype == "h16":
		return "tl_h2f(" + x + ")"
	case e.ctype == "b16":
		return "tl_b2f(" + x + ")"
	case e.float:
		return x
	case e.width == 1:
		return "(-(i64)(" + x + " & 1))"
	}
	return "(i64)" + x
}

// bits16 is the expression of register value v's 16-bit pattern for
// the f16 and bf16 types, "" for the others.
func (e elem) bits16(v string) string {
	switch e.ctype {
	case "h16":
		return "tl_f2h(" + v + ")"
	case "b16":
		return "tl_f2b(" + v + ")"
	}
	return ""
}

// store is the statement writing register value v to ptr[off].
func (e elem) store(ptr, off, v string) string {
	x := ptr + "[" + off + "]"
	switch {
	case e.bits16(v) != "":
		return x + " = " + e.bits16(v) + ";"
	case e.float:
		return x + " = " + v + ";"
	case e.width == 1:
		return x + " = (unsigned char)(" + v + " & 1);"
	}
	return x + " = (" + e.ctype + ")" + v + ";"
}

// round is the expression rounding a float register value to the type
// (identity for f32 and f64, whose registers have the type's precision).
func (e elem) round(v string) string {
	switch e.ctype {
	case "h16":
		return "tl_rh(" + v + ")"
	case "b16":
		return "tl_rb(" + v + ")"
	}
	return v
}

// kernelBuilder collects a kernel's parameters, its checks of dynamic
// offsets and its statements.
type kernelBuilder struct {
	name    string
	step    int
	params  []Param
	bufs    map[*plan.Buffer]int
	written map[*plan.Buffer]bool
	sc, err bool
	scWrite bool // the scalar registers are written (a scalar step)
	// outZero: the step's output holds zeros on entry
	// (plan.ZeroOnEntry); an accumulator in registers starts from zero
	// unread.
	outZero bool
	// fwdOut: the step's output is read by its fused epilogue alone
	// (forwardsOutput); the kernel hands each element to the epilogue in
	// a register and does not store it.
	fwdOut bool
	// outUnread is set by a kernel that neither read nor stored its
	// output (outZero and fwdOut both applied): the fills of that buffer
	// are then dead (Generate drops their kernels).
	outUnread bool
	// cells are the fills whose zeros an epilogue writes instead
	// (findCellZeros), by epilogue step.
	cells map[*plan.Step]*cellZeros
	// form is the kernel's Form.
	form string
	// minBlocks, when set, asks the compiler to fit that many blocks on a
	// multiprocessor at once (__launch_bounds__'s second argument: it
	// caps the registers a thread may take).
	minBlocks int
	// blockIndexed: the body deals its work out by blockIndex and
	// gridBlocks (blockLoop, gridLoop), which finish declares.
	blockIndexed bool
	// sharedBytes is the static shared memory the body declares, where
	// it may share a launch; ownLaunch is set where it may not (the
	// tiled contraction: its shared memory and grid are its tensor-core
	// body's, which depends on the target).
	sharedBytes int
	ownLaunch   bool
	// sharedMMA is the dynamic shared memory of the NVIDIA tensor-core
	// body (Kernel.SharedMMA).
	sharedMMA int
	// scratch is the scratch memory the kernel's bodies take
	// (Kernel.Scratch): the largest of theirs.
	scratch int64
	checks  []string
	checked map[plan.DynOffset]bool
	body    strings.Builder
}

func newKernelBuilder(prefix string, step int, kind string) *kernelBuilder {
	return &kernelBuilder{
		name:    fmt.Sprintf("%s_s%d_%s", prefix, step, kind),
		step:    step,
		bufs:    map[*plan.Buffer]int{},
		written: map[*plan.Buffer]bool{},
		checked: map[plan.DynOffset]bool{},
	}
}

// buffer registers b as a parameter and returns its name in the kernel.
func (k *kernelBuilder) buffer(b *plan.Buffer, write bool) string {
	if _, ok := k.bufs[b]; !ok {
		k.bufs[b] = len(k.params)
		k.params = append(k.params, Param{Kind: ParamBuffer, Buffer: b})
	}
	if write {
		k.written[b] = true
	}
	return bufferName(b)
}

// namesBuffer reports whether source names the buffer called name: name
// not inside a longer identifier (buf1 is not in buf12).
func namesBuffer(source, name string) bool {
	for i := 0; ; {
		j := strings.Index(source[i:], name)
		if j < 0 {
			return false
		}
		i += j + len(name)
		if i == len(source) || !isIdentChar(source[i]) {
			if start := i - len(name); start == 0 || !isIdentChar(source[start-1]) {
				return true
			}
		}
	}
}

func isIdentChar(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// bufferName is a buffer's parameter name in a kernel: "buf" and its ID.
// Not "b" and its ID: "b16" is the prelude's bf16 type, so a kernel that
// reads or writes its plan's buffer 16 named a parameter after a type (the
// attention cases' first did; neither hiprtc nor clang compiled it).
func bufferName(b *plan.Buffer) string { return fmt.Sprintf("buf%d", b.ID) }

// view registers v's buffer, proves that every element of v lies in it
// (for any value of its dynamic offsets in their ranges) and returns the
// buffer's name and the C expression of v's offset.
func (k *kernelBuilder) view(v plan.View, write bool) (string, string, error) {
	if len(v.Shape) != len(v.Strides) {
		return "", "", fmt.Errorf("malformed view of %s", v.Buf.Name())
	}
	lo, hi := v.Offset, v.Offset
	empty := false
	for d, n := range v.Shape {
		if n <= 0 {
			empty = empty || n == 0
			if n < 0 {
				return "", "", fmt.Errorf("negative size in a view of %s", v.Buf.Name())
			}
			continue
		}
		if v.Strides[d] > 0 {
			hi += v.Strides[d] * (n - 1)
		} else {
			lo += v.Strides[d] * (n - 1)
		}
	}
	off := strconv.FormatInt(v.Offset, 10)
	for _, d := range v.Dyn {
		if d.Coef > 0 {
			hi += d.Coef * d.Max
		} else {
			lo += d.Coef * d.Max
		}
		off += fmt.Sprintf(" + %d * s%d", d.Coef, d.Slot)
		k.dyn(d)
	}
	if !empty && (lo < 0 || hi >= v.Buf.NumElements()) {
		return "", "", fmt.Errorf("view of %s reaches elements [%d, %d] outside its %d", v.Buf.Name(), lo, hi, v.Buf.NumElements())
	}
	return k.buffer(v.Buf, write), off, nil
}

// dyn declares scalar register d.Slot as s<slot> and checks its range
// before the kernel touches memory, as cpu/scalar.go's resolve does.
func (k *kernelBuilder) dyn(d plan.DynOffset) {
	k.sc, k.err = true, true
	key := plan.DynOffset{Slot: d.Slot, Max: d.Max}
	if k.checked[key] {
		return
	}
	if !slices.ContainsFunc(k.checks, func(s string) bool { return strings.HasPrefix(s, fmt.Sprintf("const i64 s%d ", d.Slot)) }) {
		k.checks = append(k.checks, fmt.Sprintf("const i64 s%d = sc[%d];", d.Slot, d.Slot))
	}
	k.checks = append(k.checks, fmt.Sprintf("if (s%d < 0 || s%d > %d) { tl_fail(err, %d, %d); return; }", d.Slot, d.Slot, d.Max, ErrDynamicOffset, k.step))
	k.checked[key] = true
}

func (k *kernelBuilder) line(indent int, format string, args ...any) {
	k.body.WriteString(strings.Repeat("  ", indent))
	fmt.Fprintf(&k.body, format, args...)
	k.body.WriteByte('\n')
}

// finish assembles the kernel: signature, range checks, body.
func (k *kernelBuilder) finish(elems map[*plan.Buffer]elem, grid int) *Kernel {
	var body strings.Builder
	for _, c := range k.checks {
		body.WriteString("  " + c + "\n")
	}
	body.WriteString(k.body.String())
	source := body.String()
	// A buffer the body never names is no parameter: a kernel that hands
	// its output to its epilogue in registers, proven zero on entry
	// (outUnread), registered the output but neither reads nor stores it.
	k.params = slices.DeleteFunc(k.params, func(p Param) bool {
		return p.Kind == ParamBuffer && !namesBuffer(source, bufferName(p.Buffer))
	})
	var decls []string
	for _, p := range k.params {
		b := p.Buffer
		c := "const "
		if k.written[b] {
			c = ""
		}
		decls = append(decls, fmt.Sprintf("%s%s* __restrict__ %s", c, elems[b].ctype, bufferName(b)))
	}
	if k.sc {
		k.params = append(k.params, Param{Kind: ParamScalars})
		if k.scWrite {
			decls = append(decls, "i64* __restrict__ sc")
		} else {
			decls = append(decls, "const i64* __restrict__ sc")
		}
	}
	if k.err {
		k.params = append(k.params, Param{Kind: ParamError})
		decls = append(decls, "int* err")
	}
	if k.scratch > 0 {
		k.params = append(k.params, Param{Kind: ParamScratch})
		decls = append(decls, "char* __restrict__ tl_scratch")
	}
	kern := &Kernel{Name: k.name, Step: k.step, Params: k.params, Grid: grid, Block: BlockSize, SharedMMA: k.sharedMMA, Scratch: k.scratch, Form: k.form,
		outUnread: k.outUnread, decls: decls, body: source, minBlocks: k.minBlocks, blockIndexed: k.blockIndexed, scWrite: k.scWrite,
		sharedBytes: k.sharedBytes, ownLaunch: k.ownLaunch}
	var prologue string
	if k.blockIndexed {
		prologue = fmt.Sprintf("  const unsigned %s = blockIdx.x, %s = gridDim.x;\n", blockIndex, gridBlocks)
	}
	kern.Source = kernelSource(kern.Name, kern.minBlocks, kern.decls, prologue+kern.body)
	return kern
}

// kernelSource is the definition of an extern "C" kernel of BlockSize
// threads a block, minBlocks of them a multiprocessor when not 0.
func kernelSource(name string, minBlocks int, decls []string, body string) string {
	bounds := strconv.Itoa(BlockSize)
	if minBlocks > 0 {
		bounds += ", " + strconv.Itoa(minBlocks)
	}
	return fmt.Sprintf("extern \"C\" __global__ void __launch_bounds__(%s) %s(%s) {\n%s}\n", bounds, name, strings.Join(decls, ", "), body)
}

// elemsOf maps every buffer a step touches to its element info.
func elemsOf(views ...[]plan.View) (map[*plan.Buffer]elem, error) {
	m := map[*plan.Buffer]elem{}
	for _, vs := range views {
		for _, v := range vs {
			e, err := elemOf(v.Buf.Elem)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", v.Buf.Name(), err)
			}
			m[v.Buf] = e
		}
	}
	return m, nil
}

// openLoops opens, from depth, a C for loop over each of dims (i64
// index idx[d] from 0 to ext[d]), outermost first, and returns the depth
// inside them. The loops from unrollFrom on are unrolled, the others
// are not (#pragma unroll 1); closeLoops closes them.
func openLoops(k *kernelBuilder, depth int, dims []int, ext []int64, idx []string, unrollFrom int) int {
	for q, d := range dims {
		if q < unrollFrom {
			k.line(depth, "#pragma unroll 1")
		} else {
			k.line(depth, "#pragma unroll")
		}
		k.line(depth, "for (i64 %s = 0; %s < %d; ++%s) {", idx[d], idx[d], ext[d], idx[d])
		depth++
	}
	return depth
}

// closeLoops closes the loops opened from depth to inner.
func closeLoops(k *kernelBuilder, depth, inner int) {
	for inner > depth {
		inner--
		k.line(inner, "}")
	}
}

// The kernels name their block and the blocks of their launch by these
// (unsigned, as blockIdx.x and gridDim.x are: as i64 they took registers
// of their own, and kernels under a register bound spilled), not by
// blockIdx.x and gridDim.x: a kernel launched on its
// own sets them from those, one launched with others (horizontal.go) to
// its own range of the launch's blocks.
const (
	blockIndex = "tl_bx"
	gridBlocks = "tl_gx"
)

// blockLoop opens the loop that deals items 0 to count−1 (a C
// expression) out to the blocks of the launch, with index variable v.
func blockLoop(k *kernelBuilder, v, count string) {
	k.blockIndexed = true
	k.line(1, "for (i64 %s = %s; %s < %s; %s += %s) {", v, blockIndex, v, count, v, gridBlocks)
}

// gridLoop opens the grid-stride loop over n items with index variable t.
func gridLoop(k *kernelBuilder, n int64) {
	k.blockIndexed = true
	k.line(1, "for (i64 t = (i64)%s * blockDim.x + threadIdx.x; t < %dll; t += (i64)%s * blockDim.x) {", blockIndex, n, gridBlocks)
}

// unravel declares idx<d> for each dim of shape from the flat index t
// (row-major). The remainder is written r - q*e, not r % e: with several
// extents of 2, hiprtc 5.2's LLVM (15) narrows the `%` form to i1
// arithmetic and aborts in instruction selection ("Cannot select: i1 =
// mul"); TestHiprtcCompilesEveryKernel found it.
func unravel(k *kernelBuilder, names []string, shape []int64) {
	if len(shape) == 0 {
		return
	}
	k.line(2, "i64 r = t;")
	for d := len(shape) - 1; d >= 0; d-- {
		if shape[d] == 1 {
			k.line(2, "const i64 %s = 0;", names[d])
		} else if d == 0 {
			k.line(2, "const i64 %s = r;", names[d])
		} else {
			if shape[d] == 2 {
				k.line(2, "const i64 q%d = r / 2; const i64 %s = tl_bit(r - q%d * 2); r = q%d;", d, names[d], d, d)
			} else {
				k.line(2, "const i64 q%d = r / %d; const i64 %s = r - q%d * %d; r = q%d;", d, shape[d], names[d], d, shape[d], d)
			}
		}
	}
}

// offsetExpr is base + Σ idx[d]·strides[d] (terms with stride 0 left out).
func offsetExpr(base string, names []string, strides []int64) string {
	s := base
	for d, st := range strides {
		switch st {
		case 0:
		case 1:
			s += " + " + names[d]
		default:
			s += fmt.Sprintf(" + %s * %d", names[d], st)
		}
	}
	return s
}

// genFill writes the step's constant into every element of its output.
func genFill(k *kernelBuilder, s *plan.Step) (*Kernel, error) {
	k.form = FormFill
	if len(s.Outputs) != 1 {
		return nil, fmt.Errorf("malformed fill")
	}
	v := s.Outputs[0]
	n := v.NumElements()
	if n == 0 {
		return nil, nil
	}
	elems, err := elemsOf(s.Outputs)
	if err != nil {
		return nil, err
	}
	e := elems[v.Buf]
	val, err := storageConst(s.Value, v.Buf.Elem, e)
	if err != nil {
		return nil, err
	}
	buf, off, err := k.view(v, true)
	if err != nil {
		return nil, err
	}
	shape, strides := coalesce1(v.Shape, v.Strides)
	names := idxNames("i", len(shape))
	gridLoop(k, n)
	unravel(k, names, shape)
	k.line(2, "%s[%s] = %s;", buf, offsetExpr(off, names, strides), val)
	k.line(1, "}")
	return k.finish(elems, gridFor(n)), nil
}

// genCopy copies Inputs[0] into Outputs[0], element by element.
func genCopy(k *kernelBuilder, s *plan.Step) (*Kernel, error) {
	k.form = FormCopy
	if len(s.Inputs) != 1 || len(s.Outputs) != 1 {
		return nil, fmt.Errorf("malformed copy")
	}
	dst, src := s.Outputs[0], s.Inputs[0]
	if !ir.TypeEqual(dst.Buf.Elem, src.Buf.Elem) || !slices.Equal(dst.Shape, src.Shape) {
		return nil, fmt.Errorf("copy from %s to %s: shapes or element types differ", src, dst)
	}
	n := dst.NumElements()
	if n == 0 {
		return nil, nil
	}
	elems, err := elemsOf(s.Inputs, s.Outputs)
	if err != nil {
		return nil, err
	}
	sb, so, err := k.view(src, false)
	if err != nil {
		return nil, err
	}
	db, do, err := k.view(dst, true)
	if err != nil {
		return nil, err
	}
	shape, ds, ss := coalesce2(dst.Shape, dst.Strides, src.Strides)
	names := idxNames("i", len(shape))
	if dI, sI := slices.Index(ds, 1), slices.Index(ss, 1); dI >= 0 && sI >= 0 && dI != sI && shape[dI] >= transposeMin && shape[sI] >= transposeMin {
		small := dst.Buf.NumElements() < 1<<31 && src.Buf.NumElements() < 1<<31
		return genTransposeCopy(k, elems, elems[dst.Buf], shape, ds, ss, names, db, do, sb, so, dI, sI, small), nil
	}
	gridLoop(k, n)
	unravel(k, names, shape)
	k.line(2, "%s[%s] = %s[%s];", db, offsetExpr(do, names, ds), sb, offsetExpr(so, names, ss))
	k.line(1, "}")
	return k.finish(elems, gridFor(n)), nil
}

// A copy whose destination and source are contiguous along different
// dims (a transpose: NCHW to NHWC, the weights' (f, c) to (c, f)) read
// or written element by element leaves one side strided: every element
// of a warp's access a separate memory transaction. genTransposeCopy
// moves it in tiles through shared memory instead, read along the
// source's contiguous dim and written along the destination's, so both
// sides are coalesced. Copies shorter than transposeMin along either dim
// keep the element-wise kernel.
//
// A tile is transposeTile rows of the destination's contiguous dim by
// transposeWide(e) of the source's: four bytes a lane along the source
// (128 bytes a warp's row) however narrow the element. A copy is bound
// by the bytes in flight: a thread issues all its loads of a tile before
// it stores any to shared memory, so a block has its whole tile in
// flight, 4 KB for elements of 1 to 4 bytes. With a 32×32 tile of 16-bit
// values (the seeds' dy, NCHW to NHWC) that was 2 KB, 16 KB a
// multiprocessor at eight blocks: about two thirds of what H100's DRAM
// latency needs for its bandwidth.
const (
	transposeTile = 32
	transposeMin  = 16
)

// The block is transposeTile threads wide and a whole number of rows.
var _ = [1]struct{}{}[BlockSize%transposeTile]

// transposeWide is a tile's extent along the source's contiguous dim for
// elements of e: transposeTile lanes of four bytes each, and at least
// one element a lane.
func transposeWide(e elem) int {
	return transposeTile * max(1, 4/int(e.size()))
}

// transposePair is how many of the destination's contiguous elements a
// lane writes as one word: two 16-bit elements where every pair is
// 4-byte aligned (the view's offset and every other destination stride
// even, the contiguous extent even, so no tile ends in half a pair),
// else one. A warp then writes 128 bytes a row, as it reads.
func transposePair(e elem, shape, ds []int64, do string, dI int) int {
	off, err := strconv.ParseInt(do, 10, 64)
	if e.size() != 2 || err != nil || off%2 != 0 || shape[dI]%2 != 0 {
		return 1
	}
	for d, st := range ds {
		if d != dI && shape[d] > 1 && st%2 != 0 {
			return 1
		}
	}
	return 2
}

// genTransposeCopy emits the tiled copy: dims dI (the destination's
// contiguous one) and sI (the source's) of shape are tiled, the others
// are the batch of tiles. A tile is transposeTile·pair rows of the
// destination's contiguous dim (transposePair) by transposeWide(e) of
// the source's. The batch's part of both offsets is computed once a
// tile; an element's part, in 32-bit arithmetic where both buffers have
// fewer than 2^31 elements (small): the kernel is bound by its integer
// instructions, not by DRAM (ncu on an H200: the ALU pipe 80% busy at
// 55% of DRAM's bandwidth, for the seeds' dy with 64-bit indices and a
// bounds check of two 64-bit compares an element).
func genTransposeCopy(k *kernelBuilder, elems map[*plan.Buffer]elem, e elem, shape, ds, ss []int64, names []string, db, do, sb, so string, dI, sI int, small bool) *Kernel {
	k.form = FormTranspose
	var batch []int
	for d := range shape {
		if d != dI && d != sI {
			batch = append(batch, d)
		}
	}
	wide := transposeWide(e)
	pair := transposePair(e, shape, ds, do, dI)
	tall := transposeTile * pair
	tilesS := (shape[sI] + int64(wide) - 1) / int64(wide)
	tilesD := (shape[dI] + int64(tall) - 1) / int64(tall)
	var batchTot int64 = 1
	for _, d := range batch {
		batchTot *= shape[d]
	}
	tiles := batchTot * tilesS * tilesD
	rows := BlockSize / transposeTile
	it := "i64"
	if small {
		it = "int"
	}
	// A row of tt is one of the destination's contiguous dim: wide
	// elements plus a pad that makes it an odd number of 4-byte words,
	// so that the lanes reading a column (the write below) hit distinct
	// banks (for 8-byte elements, two lanes a bank, as before; for pairs,
	// lanes 16 apart share one).
	pad := max(1, 4/int(e.size()))
	k.line(1, "__shared__ %s tt[%d][%d];", e.ctype, tall, wide+pad)
	k.sharedBytes = int(e.size()) * tall * (wide + pad)
	k.line(1, "const int tx = threadIdx.x %% %d, ty = threadIdx.x / %d;", transposeTile, transposeTile)
	blockLoop(k, "t", fmt.Sprintf("%dll", tiles))
	k.line(2, "const i64 ts = t %% %d, td = (t / %d) %% %d, tb = t / %d;", tilesS, tilesS, tilesD, tilesS*tilesD)
	decompose(k, 2, "tb", "rb", batch, shape, names)
	batchOff := func(base string, strides []int64) string {
		bs := make([]int64, len(strides))
		for _, d := range batch {
			bs[d] = strides[d]
		}
		return offsetExpr(base, names, bs)
	}
	k.line(2, "const i64 sbase = %s, dbase = %s;", batchOff(so, ss), batchOff(do, ds))
	// The tile's first element along each tiled dim, and how many of its
	// elements there lie in the copy (fewer in the last tiles).
	k.line(2, "const %s sfirst = (%s)ts * %d, dfirst = (%s)td * %d;", it, it, wide, it, tall)
	k.line(2, "const int ns = %dll - sfirst < %d ? (int)(%dll - sfirst) : %d, nd = %dll - dfirst < %d ? (int)(%dll - dfirst) : %d;",
		shape[sI], wide, shape[sI], wide, shape[dI], tall, shape[dI], tall)
	elemOff := func(sv, dv string, strides []int64) string {
		return fmt.Sprintf("(%s) * %d + (%s) * %d", sv, strides[sI], dv, strides[dI])
	}
	// Read: consecutive threads, consecutive elements of the source's
	// contiguous dim; tt[destination dim][source dim]. Load j is row ty +
	// rows·(j / lanes) of the tile, element tx + 32·(j % lanes) of it.
	lanes := wide / transposeTile
	loads := tall / rows * lanes
	inTile := func(depth int) {
		k.line(depth, "const int r = ty + %d * (j / %d), c = tx + %d * (j %% %d);", rows, lanes, transposeTile, lanes)
	}
	k.line(2, "%s v[%d];", e.ctype, loads)
	k.line(2, unrolled+"for (int j = 0; j < %d; ++j) {", loads)
	inTile(3)
	k.line(3, "if (c < ns && r < nd) v[j] = %s[sbase + (%s)];", sb, elemOff("sfirst + c", "dfirst + r", ss))
	k.line(2, "}")
	k.line(2, unrolled+"for (int j = 0; j < %d; ++j) {", loads)
	inTile(3)
	k.line(3, "if (c < ns && r < nd) tt[r][c] = v[j];")
	k.line(2, "}")
	k.line(2, "__syncthreads();")
	// Write: consecutive threads, consecutive elements (or pairs) of the
	// destination's contiguous dim.
	k.line(2, "for (int r = ty; r < %d; r += %d) {", wide, rows)
	if pair == 2 {
		k.line(3, "if (r < ns && 2 * tx < nd) tl_st2(%s + dbase + (%s), tt[2 * tx][r], tt[2 * tx + 1][r]);", db, elemOff("sfirst + r", "dfirst + 2 * tx", ds))
	} else {
		k.line(3, "if (r < ns && tx < nd) %s[dbase + (%s)] = tt[tx][r];", db, elemOff("sfirst + r", "dfirst + tx", ds))
	}
	k.line(2, "}")
	k.line(2, "__syncthreads();")
	k.line(1, "}")
	// Eight blocks a multiprocessor (at most 32 registers a thread), as
	// many as its threads allow: unbounded, ptxas gives the seeds' 16-bit
	// transposes 39, six blocks. Not for 1- or 8-byte elements, whose
	// tiles hold twice the registers (16 loads of a byte, or four of
	// eight; they spill under the bound). Tiles of pairs hold 16 loads a
	// thread too, and spilled at 32 registers: six blocks (42), whose 16
	// loads each keep more bytes in flight than eight blocks' 8 did.
	switch {
	case pair == 2:
		k.minBlocks = 6
	case e.size() == 2 || e.size() == 4:
		k.minBlocks = 8
	}
	kern := k.finish(elems, int(min(tiles, maxGrid)))
	kern.Sync = true
	return kern
}

func idxNames(prefix string, n int) []string {
	out := make([]string, n)
	for d := range out {
		out[d] = fmt.Sprintf("%s%d", prefix, d)
	}
	return out
}

// coalesce2 merges adjacent dims both stride patterns step through as
// one and drops unit dims (fewer divisions per element), as cpu's
// coalesce does for copies.
func coalesce2(shape, sa, sb []int64) ([]int64, []int64, []int64) {
	var sh, a, b []int64
	for d, n := range shape {
		if n == 1 {
			continue
		}
		if k := len(sh) - 1; k >= 0 && a[k] == sa[d]*n && b[k] == sb[d]*n {
			sh[k] *= n
			a[k], b[k] = sa[d], sb[d]
			continue
		}
		sh, a, b = append(sh, n), append(a, sa[d]), append(b, sb[d])
	}
	return sh, a, b
}

func coalesce1(shape, st []int64) ([]int64, []int64) {
	sh, a, _ := coalesce2(shape, st, st)
	return sh, a
}

// storageConst is the C expression of the stored bits of the scalar
// attribute a as element type t.
func storageConst(a ir.Attribute, t ir.Type, e elem) (string, error) {
	switch x := a.(type) {
	case ir.FloatAttr:
		if !e.float {
			return "", fmt.Errorf("float value for %s", t)
		}
		switch e.kind {
		case ir.F16:
			return fmt.Sprintf("(h16)0x%04x", ir.F32ToF16Bits(float32(x.Value))), nil
		case ir.BF16:
			return fmt.Sprintf("(b16)0x%04x", ir.F32ToBF16Bits(float32(x.Value))), nil
		}
		return floatLit(x.Value, e.kind), nil
	case ir.IntegerAttr:
		if e.float {
			return "", fmt.Errorf("integer value for %s", t)
		}
		v := x.Value
		if e.width == 1 {
			v &= 1
		}
		return "(" + e.ctype + ")" + intLit(v), nil
	}
	return "", fmt.Errorf("unsupported scalar %v", a)
}

// floatLit is an exact C expression of v in a register of kind k: a hex
// literal, or the bits of an infinity or NaN.
func floatLit(v float64, k ir.FloatKind) string {
	if k == ir.F64 {
		if math.IsInf(v, 0) || math.IsNaN(v) {
			return fmt.Sprintf("__longlong_as_double(0x%016xll)", math.Float64bits(v))
		}
		return strconv.FormatFloat(v, 'x', -1, 64)
	}
	f := float32(v)
	if math.IsInf(v, 0) || math.IsNaN(v) {
		return fmt.Sprintf("__uint_as_float(0x%08xu)", math.Float32bits(f))
	}
	return strconv.FormatFloat(float64(f), 'x', -1, 32) + "f"
}

// intLit is a C literal of v as a long long.
func intLit(v int64) string {
	if v == math.MinInt64 {
		return "(-0x7fffffffffffffffll - 1)"
	}
	return strconv.FormatInt(v, 10) + "ll"
}

// StorageType is the C type kernels use for a buffer of element type t
// (h16 and b16 are the 16-bit patterns of f16 and bf16), for code that
// calls generated kernels from C++.
func StorageType(t ir.Type) (string, error) {
	e, err := elemOf(t)
	return e.ctype, err
}
