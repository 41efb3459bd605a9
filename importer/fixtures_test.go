package importer

import (
	"encoding/binary"
	"math"

	"github.com/torchlower/torchlower/internal/jointnet"
	w "github.com/torchlower/torchlower/internal/pt2write"
)

// Test programs, described in Go and written in every archive layout by
// pt2write. Names follow what torch.export produces (p_/b_/c_ prefixes,
// getitem_N for tuple elements).

const (
	f32 = w.Float32
	i64 = w.Int64
)

func na(name string, a w.Arg) w.NamedArg { return w.NamedArg{Name: name, Arg: a} }

// progConvBackward is the §2.9 worked example with output_mask
// [true, true, false]: a single convolution_backward node whose third
// result is None and is returned as None.
func progConvBackward() (*w.Program, []w.Tensor) {
	p := w.NewProgram()
	p.Input("user_input", "grad_output", "", f32, 2, 8, 8, 8)
	p.Input("user_input", "input", "", f32, 2, 3, 8, 8)
	p.Input("user_input", "weight", "", f32, 8, 3, 3, 3)
	p.Node("torch.ops.aten.convolution_backward.default", "convolution_backward", []w.NamedArg{
		na("grad_output", w.T("grad_output")), na("input", w.T("input")), na("weight", w.T("weight")),
		na("bias_sizes", w.Ints(8)), na("stride", w.Ints(1, 1)), na("padding", w.Ints(1, 1)),
		na("dilation", w.Ints(1, 1)), na("transposed", w.Bool_(false)), na("output_padding", w.Ints(0, 0)),
		na("groups", w.Int(1)), na("output_mask", w.Bools(true, true, false)),
	}, w.O("getitem", f32, 2, 3, 8, 8), w.O("getitem_1", f32, 8, 3, 3, 3), w.NoneOut)
	p.Output("user_output", "getitem", "")
	p.Output("user_output", "getitem_1", "")
	p.Output("user_output", "", "")
	return p, nil
}

type blockCfg = jointnet.Block

// block3x3 is a conv+bn+relu block with a 3x3 kernel (padding 1).
func block3x3(cin, cout, stride, groups int64) blockCfg {
	return blockCfg{Cin: cin, Cout: cout, Stride: stride, Groups: groups, Kernel: 3}
}

// progJoint is a joint forward/backward graph of conv+bn+relu blocks, as
// _export_forward_backward produces it (jointnet.Autograd).
func progJoint(blocks []blockCfg, n, hw int64) (*w.Program, []w.Tensor) {
	return jointnet.ConvBnRelu(blocks, n, hw, jointnet.Autograd)
}

// progJointCore is progJoint as torch 2.x's _export_forward_backward
// writes it after core_aten_decompositions (jointnet.Core). Same
// parameters, inputs and outputs as progJoint, so the same PyTorch
// references hold for both.
func progJointCore(blocks []blockCfg, n, hw int64) (*w.Program, []w.Tensor) {
	return jointnet.ConvBnRelu(blocks, n, hw, jointnet.Core)
}

// jointBlocks is the conv+bn+relu test network: plain, strided+grouped,
// grouped, depthwise and strided channel-reducing blocks (33 nodes).
// mixedBlocks are bench's training networks' layers in miniature: a
// strided 3x3 stem, a depthwise 3x3, a pointwise 1x1, a strided grouped
// 1x1 and a grouped 3x3 (the model case joint_conv_bn_relu_mixed).
var mixedBlocks = []blockCfg{
	{Cin: 3, Cout: 8, Stride: 2, Groups: 1, Kernel: 3}, {Cin: 8, Cout: 8, Stride: 1, Groups: 8, Kernel: 3},
	{Cin: 8, Cout: 16, Stride: 1, Groups: 1, Kernel: 1}, {Cin: 16, Cout: 16, Stride: 2, Groups: 4, Kernel: 1},
	{Cin: 16, Cout: 8, Stride: 1, Groups: 2, Kernel: 3},
}

var jointBlocks = []blockCfg{block3x3(3, 4, 1, 1), block3x3(4, 4, 2, 2), block3x3(4, 8, 1, 4), block3x3(8, 8, 1, 8), block3x3(8, 4, 2, 1)}

// progWeights stores weights as PyTorch views do: a transposed
// (non-contiguous) parameter, a buffer at a storage offset, two
// parameters sharing one storage, and an int64 lifted constant.
func progWeights() (*w.Program, []w.Tensor) {
	p := w.NewProgram()
	p.Input("parameter", "p_w_t", "w_t", f32, 3, 4)
	p.Input("parameter", "p_tied_a", "tied_a", f32, 2, 3)
	p.Input("parameter", "p_tied_b", "tied_b", f32, 2, 3)
	p.Input("buffer", "b_shifted", "shifted", f32, 4)
	p.Input("tensor_constant", "c_lifted_tensor_0", "lifted_tensor_0", i64, 4)
	p.Input("user_input", "x", "", f32, 3, 4)
	p.Node("torch.ops.aten.add.Tensor", "add", []w.NamedArg{na("self", w.T("x")), na("other", w.T("p_w_t"))}, w.O("add", f32, 3, 4))
	p.Node("torch.ops.aten.add.Tensor", "add_1", []w.NamedArg{na("self", w.T("add")), na("other", w.T("b_shifted")), na("alpha", w.Float(0.5))}, w.O("add_1", f32, 3, 4))
	p.Node("torch.ops.aten.mul.Tensor", "mul", []w.NamedArg{na("self", w.T("p_tied_a")), na("other", w.T("p_tied_b"))}, w.O("mul", f32, 2, 3))
	p.Node("torch.ops.aten.add.Tensor", "add_2", []w.NamedArg{na("self", w.T("add_1")), na("other", w.T("c_lifted_tensor_0"))}, w.O("add_2", f32, 3, 4))
	p.Output("user_output", "add_2", "")
	p.Output("user_output", "mul", "")
	// w_t is the transpose of a contiguous [4,3] storage 0..11.
	wt := make([]float32, 12)
	for i := range wt {
		wt[i] = float32(i)
	}
	shifted := []float32{-1, -2, 10, 20, 30, 40, -3, -4}
	tied := make([]float32, 12)
	for i := range tied {
		tied[i] = float32(100 + i)
	}
	ts := []w.Tensor{
		{FQN: "w_t", Dtype: f32, Sizes: []int64{3, 4}, Strides: []int64{1, 3}, Storage: "wt", Data: f32bytes(wt), IsParam: true},
		{FQN: "tied_a", Dtype: f32, Sizes: []int64{2, 3}, Storage: "tied", Data: f32bytes(tied), IsParam: true},
		{FQN: "tied_b", Dtype: f32, Sizes: []int64{2, 3}, Offset: 6, Storage: "tied", Data: f32bytes(tied), IsParam: true},
		{FQN: "shifted", Dtype: f32, Sizes: []int64{4}, Offset: 2, Storage: "shifted", Data: f32bytes(shifted)},
		{FQN: "lifted_tensor_0", Dtype: i64, Sizes: []int64{4}, Storage: "c0", Data: i64bytes([]int64{7, -8, 9, 1 << 40}), Constant: true},
	}
	return p, ts
}

// progKVCache is a KV-cache update: index_copy into the key cache and
// index_put with a Tensor?[] index into the value cache (both buffer
// mutations), then a slice of the updated keys (omitting `step`, which
// the importer must fill in from the schema default).
func progKVCache() (*w.Program, []w.Tensor) {
	p := w.NewProgram()
	p.Input("buffer", "b_k_cache", "k_cache", f32, 1, 2, 8, 4)
	p.Input("buffer", "b_v_cache", "v_cache", f32, 1, 2, 8, 4)
	p.Input("user_input", "k", "", f32, 1, 2, 1, 4)
	p.Input("user_input", "v", "", f32, 1, 2, 1, 4)
	p.Input("user_input", "input_pos", "", i64, 1)
	p.Node("torch.ops.aten.index_copy.default", "index_copy", []w.NamedArg{
		na("self", w.T("b_k_cache")), na("dim", w.Int(2)), na("index", w.T("input_pos")), na("source", w.T("k")),
	}, w.O("index_copy", f32, 1, 2, 8, 4))
	p.Node("torch.ops.aten.index_put.default", "index_put", []w.NamedArg{
		na("self", w.T("b_v_cache")), na("indices", w.OptTensors("", "", "input_pos")), na("values", w.T("v")),
	}, w.O("index_put", f32, 1, 2, 8, 4))
	p.Node("torch.ops.aten.slice.Tensor", "slice_1", []w.NamedArg{
		na("self", w.T("index_copy")), na("dim", w.Int(2)), na("start", w.Int(0)), na("end", w.Int(4)),
	}, w.O("slice_1", f32, 1, 2, 4, 4))
	p.Output("buffer_mutation", "index_copy", "k_cache")
	p.Output("buffer_mutation", "index_put", "v_cache")
	p.Output("user_output", "slice_1", "")
	seed := uint32(7)
	return p, []w.Tensor{
		{FQN: "k_cache", Dtype: f32, Sizes: []int64{1, 2, 8, 4}, Storage: "k", Data: jointnet.Floats(64, &seed)},
		{FQN: "v_cache", Dtype: f32, Sizes: []int64{1, 2, 8, 4}, Storage: "v", Data: jointnet.Floats(64, &seed)},
	}
}

// progSplit is a program with Tensor[] results, serialized as as_tensors
// outputs (no getitem nodes): a qkv-style split_with_sizes, a product of
// two pieces, an unbind of the third, a broadcast add of one of its rows.
func progSplit() (*w.Program, []w.Tensor) {
	p := w.NewProgram()
	p.Input("user_input", "x", "", f32, 2, 6)
	p.Node("torch.ops.aten.split_with_sizes.default", "split_with_sizes", []w.NamedArg{
		na("self", w.T("x")), na("split_sizes", w.Ints(2, 2, 2)), na("dim", w.Int(1)),
	}, w.OList(w.O("getitem", f32, 2, 2), w.O("getitem_1", f32, 2, 2), w.O("getitem_2", f32, 2, 2)))
	p.Node("torch.ops.aten.mul.Tensor", "mul", []w.NamedArg{na("self", w.T("getitem")), na("other", w.T("getitem_1"))}, w.O("mul", f32, 2, 2))
	p.Node("torch.ops.aten.unbind.int", "unbind", []w.NamedArg{na("self", w.T("getitem_2"))},
		w.OList(w.O("getitem_3", f32, 2), w.O("getitem_4", f32, 2)))
	p.Node("torch.ops.aten.add.Tensor", "add", []w.NamedArg{na("self", w.T("mul")), na("other", w.T("getitem_3"))}, w.O("add", f32, 2, 2))
	p.Output("user_output", "add", "")
	p.Output("user_output", "getitem_4", "")
	return p, nil
}

func f32bytes(vs []float32) []byte {
	b := make([]byte, 4*len(vs))
	for i, v := range vs {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(v))
	}
	return b
}

func i64bytes(vs []int64) []byte {
	b := make([]byte, 8*len(vs))
	for i, v := range vs {
		binary.LittleEndian.PutUint64(b[8*i:], uint64(v))
	}
	return b
}

// writeArchive writes a program in a layout, adjusting the program to what
// that torch version wrote (older schema minors, no node names).
func writeArchive(layout w.Layout, p *w.Program, ts []w.Tensor) ([]byte, error) {
	switch layout {
	case w.Legacy:
		p.SchemaMinor, p.NodeNames = 2, false
	case w.PT2Pickle:
		p.SchemaMinor, p.NodeNames = 8, false
	default:
		p.SchemaMinor, p.NodeNames = 17, true
	}
	proto := 2
	if layout == w.PT2Pickle {
		proto = 4 // exercise FRAME, STACK_GLOBAL, MEMOIZE
	}
	a := &w.Archive{Layout: layout, Program: p.JSON(), Tensors: ts, Protocol: proto}
	return a.Bytes()
}
