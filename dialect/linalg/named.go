package linalg

import (
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
)

// Named structured op names (those MLIR 16 defines that this toolchain
// uses; conv_3d_ncdhw_fcdhw does not exist in MLIR 16).
const (
	Fill                     = "linalg.fill"
	Copy                     = "linalg.copy"
	Matmul                   = "linalg.matmul"
	BatchMatmul              = "linalg.batch_matmul"
	Matvec                   = "linalg.matvec"
	Vecmat                   = "linalg.vecmat"
	Dot                      = "linalg.dot"
	Conv1DNwcWcf             = "linalg.conv_1d_nwc_wcf"
	Conv1DNcwFcw             = "linalg.conv_1d_ncw_fcw"
	Conv2DNchwFchw           = "linalg.conv_2d_nchw_fchw"
	Conv2DNhwcHwcf           = "linalg.conv_2d_nhwc_hwcf"
	Conv2DNhwcFhwc           = "linalg.conv_2d_nhwc_fhwc"
	Conv2DNgchwFgchw         = "linalg.conv_2d_ngchw_fgchw"
	Conv3DNdhwcDhwcf         = "linalg.conv_3d_ndhwc_dhwcf"
	DepthwiseConv1DNwcWc     = "linalg.depthwise_conv_1d_nwc_wc"
	DepthwiseConv2DNhwcHwc   = "linalg.depthwise_conv_2d_nhwc_hwc"
	DepthwiseConv2DNchwChw   = "linalg.depthwise_conv_2d_nchw_chw"
	DepthwiseConv3DNdhwcDhwc = "linalg.depthwise_conv_3d_ndhwc_dhwc"
	PoolingNchwMax           = "linalg.pooling_nchw_max"
	PoolingNchwSum           = "linalg.pooling_nchw_sum"
	PoolingNhwcMax           = "linalg.pooling_nhwc_max"
	PoolingNhwcSum           = "linalg.pooling_nhwc_sum"
	PoolingNhwcMin           = "linalg.pooling_nhwc_min"
)

// term is one result of a named op's indexing map: a loop dimension, or
// the convolution access `out * stride[sp] + k * dilation[sp]`.
type term struct {
	dim, k, sp int // k < 0: plain dimension
}

func d(i int) term         { return term{dim: i, k: -1} }
func cv(o, k, sp int) term { return term{dim: o, k: k, sp: sp} }
func ts(t ...term) []term  { return t }

// namedSpec describes one named op: its operand count, its computation
// and its indexing maps (OpDSL's definition, as core_named_ops.py has it).
type namedSpec struct {
	name      string
	summary   string
	numInputs int
	body      bodyKind
	// spatial is the length of the strides/dilations attributes; 0 when
	// the op has none.
	spatial int
	// castAttr: the op honors a `cast = #linalg.type_fn<...>` attribute
	// (matmul and copy in MLIR 16); others always cast signed.
	castAttr bool
	// loops and operands give fixed maps; identity ops (fill, copy) leave
	// them empty and derive the maps from the output rank.
	loops    int
	operands [][]term
}

var namedSpecs = []*namedSpec{
	{name: Fill, summary: "fills the output with a scalar", numInputs: 1, body: bodyCast},
	{name: Copy, summary: "copies the input to the output, casting elements", numInputs: 1, body: bodyCast, castAttr: true},
	{name: Matmul, summary: "matrix multiplication C += A * B", numInputs: 2, body: bodyMulAdd, castAttr: true,
		loops: 3, operands: [][]term{ts(d(0), d(2)), ts(d(2), d(1)), ts(d(0), d(1))}},
	{name: BatchMatmul, summary: "batched matrix multiplication", numInputs: 2, body: bodyMulAdd,
		loops: 4, operands: [][]term{ts(d(0), d(1), d(3)), ts(d(0), d(3), d(2)), ts(d(0), d(1), d(2))}},
	{name: Matvec, summary: "matrix-vector product", numInputs: 2, body: bodyMulAdd,
		loops: 2, operands: [][]term{ts(d(0), d(1)), ts(d(1)), ts(d(0))}},
	{name: Vecmat, summary: "vector-matrix product", numInputs: 2, body: bodyMulAdd,
		loops: 2, operands: [][]term{ts(d(1)), ts(d(1), d(0)), ts(d(0))}},
	{name: Dot, summary: "dot product into a rank-0 tensor", numInputs: 2, body: bodyMulAdd,
		loops: 1, operands: [][]term{ts(d(0)), ts(d(0)), ts()}},
	// (n, ow, f, kw, c)
	{name: Conv1DNwcWcf, summary: "1-D convolution, NWC input, WCF filter", numInputs: 2, body: bodyMulAdd, spatial: 1,
		loops: 5, operands: [][]term{ts(d(0), cv(1, 3, 0), d(4)), ts(d(3), d(4), d(2)), ts(d(0), d(1), d(2))}},
	// (n, f, ow, c, kw)
	{name: Conv1DNcwFcw, summary: "1-D convolution, NCW input, FCW filter", numInputs: 2, body: bodyMulAdd, spatial: 1,
		loops: 5, operands: [][]term{ts(d(0), d(3), cv(2, 4, 0)), ts(d(1), d(3), d(4)), ts(d(0), d(1), d(2))}},
	// (n, f, oh, ow, c, kh, kw)
	{name: Conv2DNchwFchw, summary: "2-D convolution, NCHW input, FCHW filter", numInputs: 2, body: bodyMulAdd, spatial: 2,
		loops: 7, operands: [][]term{ts(d(0), d(4), cv(2, 5, 0), cv(3, 6, 1)), ts(d(1), d(4), d(5), d(6)), ts(d(0), d(1), d(2), d(3))}},
	// (n, oh, ow, f, kh, kw, c)
	{name: Conv2DNhwcHwcf, summary: "2-D convolution, NHWC input, HWCF filter", numInputs: 2, body: bodyMulAdd, spatial: 2,
		loops: 7, operands: [][]term{ts(d(0), cv(1, 4, 0), cv(2, 5, 1), d(6)), ts(d(4), d(5), d(6), d(3)), ts(d(0), d(1), d(2), d(3))}},
	{name: Conv2DNhwcFhwc, summary: "2-D convolution, NHWC input, FHWC filter", numInputs: 2, body: bodyMulAdd, spatial: 2,
		loops: 7, operands: [][]term{ts(d(0), cv(1, 4, 0), cv(2, 5, 1), d(6)), ts(d(3), d(4), d(5), d(6)), ts(d(0), d(1), d(2), d(3))}},
	// (n, g, f, oh, ow, c, kh, kw); MLIR 16's filter really is (g, f, c, kh, kw).
	{name: Conv2DNgchwFgchw, summary: "grouped 2-D convolution, NGCHW input", numInputs: 2, body: bodyMulAdd, spatial: 2,
		loops: 8, operands: [][]term{ts(d(0), d(1), d(5), cv(3, 6, 0), cv(4, 7, 1)), ts(d(1), d(2), d(5), d(6), d(7)), ts(d(0), d(1), d(2), d(3), d(4))}},
	// (n, od, oh, ow, f, kd, kh, kw, c)
	{name: Conv3DNdhwcDhwcf, summary: "3-D convolution, NDHWC input, DHWCF filter", numInputs: 2, body: bodyMulAdd, spatial: 3,
		loops: 9, operands: [][]term{ts(d(0), cv(1, 5, 0), cv(2, 6, 1), cv(3, 7, 2), d(8)), ts(d(5), d(6), d(7), d(8), d(4)), ts(d(0), d(1), d(2), d(3), d(4))}},
	// (n, ow, c, kw)
	{name: DepthwiseConv1DNwcWc, summary: "1-D depthwise convolution, NWC input", numInputs: 2, body: bodyMulAdd, spatial: 1,
		loops: 4, operands: [][]term{ts(d(0), cv(1, 3, 0), d(2)), ts(d(3), d(2)), ts(d(0), d(1), d(2))}},
	// (n, oh, ow, c, kh, kw)
	{name: DepthwiseConv2DNhwcHwc, summary: "2-D depthwise convolution, NHWC input", numInputs: 2, body: bodyMulAdd, spatial: 2,
		loops: 6, operands: [][]term{ts(d(0), cv(1, 4, 0), cv(2, 5, 1), d(3)), ts(d(4), d(5), d(3)), ts(d(0), d(1), d(2), d(3))}},
	{name: DepthwiseConv2DNchwChw, summary: "2-D depthwise convolution, NCHW input", numInputs: 2, body: bodyMulAdd, spatial: 2,
		loops: 6, operands: [][]term{ts(d(0), d(3), cv(1, 4, 0), cv(2, 5, 1)), ts(d(3), d(4), d(5)), ts(d(0), d(3), d(1), d(2))}},
	// (n, od, oh, ow, kd, kh, kw, c)
	{name: DepthwiseConv3DNdhwcDhwc, summary: "3-D depthwise convolution, NDHWC input", numInputs: 2, body: bodyMulAdd, spatial: 3,
		loops: 8, operands: [][]term{ts(d(0), cv(1, 4, 0), cv(2, 5, 1), cv(3, 6, 2), d(7)), ts(d(4), d(5), d(6), d(7)), ts(d(0), d(1), d(2), d(3), d(7))}},
	// (n, c, oh, ow, kh, kw)
	{name: PoolingNchwMax, summary: "max pooling, NCHW", numInputs: 2, body: bodyMax, spatial: 2,
		loops: 6, operands: poolNchw},
	{name: PoolingNchwSum, summary: "sum pooling, NCHW", numInputs: 2, body: bodySum, spatial: 2,
		loops: 6, operands: poolNchw},
	// (n, oh, ow, c, kh, kw)
	{name: PoolingNhwcMax, summary: "max pooling, NHWC", numInputs: 2, body: bodyMax, spatial: 2,
		loops: 6, operands: poolNhwc},
	{name: PoolingNhwcSum, summary: "sum pooling, NHWC", numInputs: 2, body: bodySum, spatial: 2,
		loops: 6, operands: poolNhwc},
	{name: PoolingNhwcMin, summary: "min pooling, NHWC", numInputs: 2, body: bodyMin, spatial: 2,
		loops: 6, operands: poolNhwc},
}

var (
	poolNchw = [][]term{ts(d(0), d(1), cv(2, 4, 0), cv(3, 5, 1)), ts(d(4), d(5)), ts(d(0), d(1), d(2), d(3))}
	poolNhwc = [][]term{ts(d(0), cv(1, 4, 0), cv(2, 5, 1), d(3)), ts(d(4), d(5)), ts(d(0), d(1), d(2), d(3))}
)

// namedSpecFor returns the spec of a named op, or nil.
func namedSpecFor(name string) *namedSpec {
	if inf := infos[name]; inf != nil {
		return inf.named
	}
	return nil
}

// windowAttr reads strides or dilations: `dense<[..]> : tensor<Nxi64>`,
// defaulting to all ones when absent.
func windowAttr(op *ir.Operation, name string, n int) ([]int64, error) {
	vals := make([]int64, n)
	a := op.Attr(name)
	if a == nil {
		for i := range vals {
			vals[i] = 1
		}
		return vals, nil
	}
	dense, ok := a.(*ir.DenseElementsAttr)
	if !ok || len(dense.Type.Shape) != 1 || dense.Type.Shape[0] != int64(n) ||
		!ir.IsInteger(dense.Type.Elem) || ir.IntWidth(dense.Type.Elem) != 64 ||
		dense.Type.Elem.(ir.IntegerType).Signedness != ir.Signless {
		return nil, ir.OpErrorf(op, "attribute '%s' failed to satisfy constraint: 64-bit signless int elements attribute of shape [%d]", name, n)
	}
	for i := range vals {
		vals[i] = dense.Int(int64(i))
	}
	return vals, nil
}

// WindowAttr builds `dense<vals> : tensor<Nxi64>` for strides/dilations,
// as a splat when all values agree (the form upstream prints).
func WindowAttr(vals []int64) ir.Attribute {
	t := ir.Tensor(ir.I64, int64(len(vals)))
	splat := len(vals) > 0
	for _, v := range vals {
		if v != vals[0] {
			splat = false
		}
	}
	var a *ir.DenseElementsAttr
	if splat {
		a, _ = ir.NewDenseInts(t, vals[:1])
	} else {
		a, _ = ir.NewDenseInts(t, vals)
	}
	return a
}

// Strides returns the strides of a convolution or pooling op (all ones
// when the attribute is absent), or nil for other ops.
func Strides(op *ir.Operation) []int64 {
	s := namedSpecFor(op.Name)
	if s == nil || s.spatial == 0 {
		return nil
	}
	v, _ := windowAttr(op, StridesAttr, s.spatial)
	return v
}

// Dilations returns the dilations of a convolution or pooling op.
func Dilations(op *ir.Operation) []int64 {
	s := namedSpecFor(op.Name)
	if s == nil || s.spatial == 0 {
		return nil
	}
	v, _ := windowAttr(op, DilationsAttr, s.spatial)
	return v
}

// indexingMaps computes the maps of a named op from its attributes and,
// for fill and copy, from its output rank.
func (s *namedSpec) indexingMaps(op *ir.Operation) ([]affine.Map, error) {
	if s.operands == nil {
		if op.NumOperands() == 0 {
			return nil, ir.OpErrorf(op, "expected operands")
		}
		rank, _, ok := rankOf(op.Operand(op.NumOperands() - 1).Type())
		if !ok {
			return nil, ir.OpErrorf(op, "expected a ranked output")
		}
		return identityOpMaps(s, rank, op.NumOperands()), nil
	}
	strides, dilations := []int64(nil), []int64(nil)
	if s.spatial > 0 {
		var err error
		if strides, err = windowAttr(op, StridesAttr, s.spatial); err != nil {
			return nil, err
		}
		if dilations, err = windowAttr(op, DilationsAttr, s.spatial); err != nil {
			return nil, err
		}
	}
	return s.mapsFor(strides, dilations), nil
}

// identityOpMaps gives fill its `(d...) -> ()` scalar map and copy its
// identity maps, one per operand.
func identityOpMaps(s *namedSpec, rank, numOperands int) []affine.Map {
	maps := make([]affine.Map, numOperands)
	for i := range maps {
		maps[i] = affine.Identity(rank)
	}
	if s.name == Fill && numOperands > 0 {
		maps[0] = affine.Empty(rank, 0)
	}
	return maps
}

// mapsFor instantiates the fixed maps with strides and dilations.
func (s *namedSpec) mapsFor(strides, dilations []int64) []affine.Map {
	maps := make([]affine.Map, len(s.operands))
	for i, terms := range s.operands {
		exprs := make([]affine.Expr, len(terms))
		for j, t := range terms {
			if t.k < 0 {
				exprs[j] = affine.Dim(t.dim)
				continue
			}
			exprs[j] = affine.Add(
				affine.Mul(affine.Dim(t.dim), affine.Const(strides[t.sp])),
				affine.Mul(affine.Dim(t.k), affine.Const(dilations[t.sp])))
		}
		maps[i] = affine.NewMap(s.loops, 0, exprs...)
	}
	return maps
}

// castUnsigned reports whether op asks for unsigned casts in its body.
func castUnsigned(s *namedSpec, attrs ir.DictionaryAttr) bool {
	if !s.castAttr {
		return false
	}
	a := attrs.Get(CastAttr)
	return a != nil && a.String() == "#linalg.type_fn<cast_unsigned>"
}

func namedDef(s *namedSpec) *ir.OpDef {
	return &ir.OpDef{
		Name:    s.name,
		Summary: s.summary,
		Traits:  ir.RecursivelyPure | ir.SingleBlock,
		Verify:  func(op *ir.Operation) error { return verifyNamed(s, op) },
		Print:   printNamed,
		Parse:   func(p ir.Parser, st *ir.OperationState) error { return parseNamed(s, p, st) },
	}
}

func printNamed(p *ir.Printer, op *ir.Operation) {
	p.AttrDict(op.Attrs(), SegmentsAttr, MemoizedMapsAttr)
	printInsOuts(p, Inputs(op), Outputs(op))
	p.ArrowTypeList(op.ResultTypes())
}

func parseNamed(s *namedSpec, p ir.Parser, st *ir.OperationState) error {
	pos := p.Pos()
	inTypes, outTypes, err := parseInsOuts(p, st)
	if err != nil {
		return err
	}
	if st.ResultTypes, err = p.ParseOptionalArrowTypeList(); err != nil {
		return err
	}
	if got := len(inTypes) + len(outTypes); got != s.numInputs+1 {
		return p.ErrorfAt(pos, "[parseNamedStructuredOpRegion] ods-gen generated region expects %d args, got %d", s.numInputs+1, got)
	}
	st.AddAttr(SegmentsAttr, segmentSizes(len(inTypes), len(outTypes)))
	block := ir.NewBlock(elemTypes(st.Operands)...)
	st.AddRegion().AppendBlock(block)
	buildNamedBody(p.Context(), block, s.body, castUnsigned(s, st.Attrs))
	return nil
}

func verifyNamed(s *namedSpec, op *ir.Operation) error {
	if err := verifySegments(op); err != nil {
		return err
	}
	if err := verifyOperandKinds(op); err != nil {
		return err
	}
	if a := op.Attr(CastAttr); a != nil && s.castAttr {
		if str := a.String(); str != "#linalg.type_fn<cast_signed>" && str != "#linalg.type_fn<cast_unsigned>" {
			return ir.OpErrorf(op, "attribute 'cast' failed to satisfy constraint: allowed op type_fn attribute")
		}
	}
	nIn, _ := numInputs(op)
	if err := verifyDPS(op, nIn); err != nil {
		return err
	}
	if s.name == Fill && nIn == 1 && ir.IsTensor(op.Operand(0).Type()) {
		return ir.OpErrorf(op, "expected op with scalar input")
	}
	maps, err := s.indexingMaps(op)
	if err != nil {
		return err
	}
	numLoops := 0
	if len(maps) > 0 {
		numLoops = maps[0].NumDims
	}
	return verifyStructured(op, maps, numLoops, allOperandIndices(op.NumOperands()))
}

// namedDefs returns one OpDef per named op.
func namedDefs() []*ir.OpDef {
	defs := make([]*ir.OpDef, len(namedSpecs))
	for i, s := range namedSpecs {
		defs[i] = namedDef(s)
	}
	return defs
}

// NamedOpNames lists the named structured ops this package defines.
func NamedOpNames() []string {
	names := make([]string, len(namedSpecs))
	for i, s := range namedSpecs {
		names[i] = s.name
	}
	return names
}
