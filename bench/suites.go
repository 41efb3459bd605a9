package bench

import (
	"fmt"
	"strings"

	"github.com/torchlower/torchlower/internal/convcase"
	"github.com/torchlower/torchlower/internal/jointnet"
)

// Shape is one convolution_backward call: NCHW activations, input x
// [N, C, H...], weight [F, C/G, K...], grad_output [N, F, Ho...].
type Shape struct {
	Name string
	// From says where the shape comes from (a seed's table row, a model
	// layer), for the help text.
	From                      string
	N, C, F, Groups           int64
	H, K                      []int64
	Stride, Padding, Dilation []int64
	Dtype                     string
	// Mask is output_mask: which of (grad_input, grad_weight, grad_bias)
	// are computed. The bias gradient, when on, has bias_sizes [F].
	Mask [3]bool
	// Net, when set, makes the row a whole training step of a network
	// rather than one convolution_backward call (the fields above are
	// then unused, but for Name, From and Dtype).
	Net *Net
}

// Net is a network whose training step the "training" suite times:
// conv+bn+relu blocks (internal/jointnet) on Batch×Blocks[0].Cin×HW×HW
// f32 images, the summed output as the loss. Ours is its joint
// forward/backward graph as torch 2.x's _export_forward_backward writes
// it (core ATen ops), imported from a .pt2 archive with the parameters as
// arguments (as a training loop passes the weights it updates); PyTorch's
// is the eager network's forward and loss.backward(), which computes the
// same values.
//
// Encoder, when set, makes the network a stack of transformer encoder
// layers instead (Batch, HW and Blocks unused): jointnet.Encoder's joint
// graph, against bench/torch_bench.py's eager EncoderLayer stack, its
// parameters drawn as a training loop starts them (Encoder.Init).
type Net struct {
	Batch, HW int64
	Blocks    []jointnet.Block
	Encoder   *jointnet.Encoder
}

// Class is the shape's kernel and stride ("3x3 stride 2"), the group the
// summary takes medians over.
func (s Shape) Class() string {
	if s.Net != nil {
		return "training step"
	}
	st := joinInts(s.Stride[:1], "x")
	for _, v := range s.Stride[1:] {
		if v != s.Stride[0] {
			st = joinInts(s.Stride, "x")
		}
	}
	return joinInts(s.K, "x") + " stride " + st
}

func joinInts(vs []int64, sep string) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = fmt.Sprint(v)
	}
	return strings.Join(parts, sep)
}

// OutExtent is grad_output's spatial extents.
func (s Shape) OutExtent() []int64 {
	o := make([]int64, len(s.H))
	for i, h := range s.H {
		o[i] = (h+2*s.Padding[i]-s.Dilation[i]*(s.K[i]-1)-1)/s.Stride[i] + 1
	}
	return o
}

// Case writes the shape as a convolution configuration (shapes only), whose
// TorchFunc is the torch-dialect function the pipelines compile.
func (s Shape) Case() *convcase.Case {
	in := append([]int64{s.N, s.C}, s.H...)
	w := append([]int64{s.F, s.C / s.Groups}, s.K...)
	dy := append([]int64{s.N, s.F}, s.OutExtent()...)
	zero := make([]int64, len(s.H))
	return &convcase.Case{
		Name: s.Name, Op: "convolution_backward", ND: len(s.H),
		Stride: s.Stride, Padding: s.Padding, Dilation: s.Dilation, OutputPadding: zero,
		Groups: s.Groups, OutputMask: s.Mask[:], Dtype: s.Dtype, Bias: s.Mask[2],
		Shapes:       map[string][]int64{"grad_output": dy, "input": in, "weight": w},
		OutputShapes: [][]int64{in, w, {s.F}},
	}
}

// Suite is a named list of shapes and the pipelines to time on them.
type Suite struct {
	Name, Doc string
	// Pipelines are compiler.Pipelines names, in column order; with both
	// "baseline" and "default" the table shows the speedup.
	Pipelines []string
	Shapes    []Shape
	// DeviceOnly, when set, says why the suite runs on a GPU alone (its
	// shapes at full size would take a 2-core CPU hours): Run refuses it
	// without a Device, with this reason.
	DeviceOnly string
	// Bars are the targets the report holds the suite's medians to.
	Bars []Bar
}

// A Bar is a target for the median of a class of shapes (a Shape.Class,
// or "all" for every shape): the speedup baseline/default at least
// MinSpeedup, ours/PyTorch at most MaxTorchRatio (0: no such bar). From
// says who set it.
type Bar struct {
	Class         string
	MinSpeedup    float64
	MaxTorchRatio float64
	From          string
}

// seedGrad is a row of IREE #23976's MI355x tables at full size: the data
// gradient of a stride-2 convolution of n×c×h×w activations into k
// channels with a kxk kernel (3x3: padding 1), g groups, in dtype.
func seedGrad(dtype string, n, c, h, w, k, g, kernel int64) Shape {
	p := (kernel - 1) / 2
	sh := dataGrad(fmt.Sprintf("%s_%dx%d_n%d_c%dto%d_%dx%d", dtype, kernel, kernel, n, c, k, h, w), "", n, c, k, g, h, w, kernel, 2, p)
	if g > 1 {
		sh.Name += fmt.Sprintf("_g%d", g)
	}
	sh.Dtype = dtype
	sh.From = fmt.Sprintf("%s%s n=%d c=%d H=%d W=%d k=%d g=%d", seed001, map[string]string{"f16": "fp16", "bf16": "bf16"}[dtype], n, c, h, w, k, g)
	return sh
}

// dataGrad is a 2-D f32 data-gradient-only shape with a square kernel k,
// stride s on both dims and padding p.
func dataGrad(name, from string, n, c, f, g, h, w, k, s, p int64) Shape {
	return Shape{Name: name, From: from, N: n, C: c, F: f, Groups: g, H: []int64{h, w}, K: []int64{k, k},
		Stride: []int64{s, s}, Padding: []int64{p, p}, Dilation: []int64{1, 1}, Dtype: "f32", Mask: [3]bool{true, false, false}}
}

// resnet is a 2-D f32 shape with every gradient (benchSpecs of
// cpu/contract_test.go).
func resnet(n, c, f, hw, k, s, p int64) Shape {
	sh := dataGrad(fmt.Sprintf("n%d_c%dto%d_%dx%d_k%d_s%d", n, c, f, hw, hw, k, s), "cpu/contract_test.go benchSpecs", n, c, f, 1, hw, hw, k, s, p)
	sh.Mask = [3]bool{true, true, true}
	return sh
}

// grouped is a 2-D f32 shape with every gradient: a 3x3 convolution
// (padding 1, stride s) of n×c×hw×hw activations into c channels in g
// groups; kind names the network ("dw": MobileNetV2's depthwise layers,
// "rx": ResNeXt-50 32x4d's grouped ones).
func grouped(kind string, n, c, g, hw, s int64) Shape {
	from := map[string]string{"dw": "MobileNetV2 depthwise 3x3", "rx": "ResNeXt-50 32x4d grouped 3x3"}[kind]
	sh := dataGrad(fmt.Sprintf("%s_3x3_n%d_c%d_g%d_%dx%d_s%d", kind, n, c, g, hw, hw, s), from, n, c, c, g, hw, hw, 3, s, 1)
	sh.Mask = [3]bool{true, true, true}
	return sh
}

// volume is a 3-D f32 shape with every gradient: n×c×t×h×w activations
// into f channels, kernel k (padding k/2 per dim), stride s on every dim.
func volume(name, from string, n, c, f, t, h, w int64, k [3]int64, s int64) Shape {
	return Shape{Name: name, From: from, N: n, C: c, F: f, Groups: 1, H: []int64{t, h, w}, K: k[:],
		Stride: []int64{s, s, s}, Padding: []int64{k[0] / 2, k[1] / 2, k[2] / 2}, Dilation: []int64{1, 1, 1},
		Dtype: "f32", Mask: [3]bool{true, true, true}}
}

// block is a conv+bn+relu block: k×k kernel, padding k/2.
func block(cin, cout, k, stride, groups int64) jointnet.Block {
	return jointnet.Block{Cin: cin, Cout: cout, Kernel: k, Stride: stride, Groups: groups}
}

// net is a training-step row.
func net(name, from string, batch, hw int64, blocks ...jointnet.Block) Shape {
	return Shape{Name: name, From: from, Dtype: "f32", Net: &Net{Batch: batch, HW: hw, Blocks: blocks}}
}

// encoder is a training-step row of transformer encoder layers: batch ×
// seq tokens of width dim, heads heads, an MLP of hidden features.
func encoder(name, from string, batch, seq, dim, heads, hidden, layers int64) Shape {
	return Shape{Name: name, From: from, Dtype: "f32", Net: &Net{Encoder: &jointnet.Encoder{
		Batch: batch, Seq: seq, Dim: dim, Heads: heads, Hidden: hidden, Layers: layers}}}
}

// seed001 is the first line of the IREE seed's tables
// (/work/shared/seeds/001_*: issue #23976, "Some benchmark results on
// Mi355x"); its rows are MIOpen convbench shapes, c input and k output
// channels, H×W the input extent, stride 2.
const seed001 = "IREE #23976 MI355x table: "

// Suites are the built-in suites, by --suite name.
var Suites = []Suite{
	{
		Name: "backward-data",
		Doc: "the data gradient only (output_mask [true, false, false]): the strided backward-data convolutions\n" +
			"the preprocessing passes rewrite. IREE #23976's MI355x rows scaled down to a 2-core CPU (N and H×W\n" +
			"reduced, channel ratios and groups kept, f32 instead of f16/bf16: Debian's PyTorch has no f16 CPU\n" +
			"convolution), then ResNet stride-2 layers (N=8).",
		Pipelines: []string{"baseline", "default"},
		Shapes: []Shape{
			dataGrad("seed_1x1_n1_c32to224_118x182", seed001+"bf16 n=4 c=32 H=470 W=725 k=224 (N/4, H,W/4)", 1, 32, 224, 1, 118, 182, 1, 2, 0),
			dataGrad("seed_1x1_n1_c224to504_30x46", seed001+"bf16 n=12 c=896 H=59 W=91 k=2016 (N/12, C,K/4, H,W/2)", 1, 224, 504, 1, 30, 46, 1, 2, 0),
			dataGrad("seed_1x1_n2_c256to512_26x26", seed001+"fp16 n=32 c=1024 H=50 W=50 k=2048 (N/16, C,K/4, H,W/2)", 2, 256, 512, 1, 26, 26, 1, 2, 0),
			dataGrad("seed_1x1_n2_c128to256_50x50", seed001+"fp16 n=32 c=512 H=100 W=100 k=1024 (N/16, C,K/4, H,W/2)", 2, 128, 256, 1, 50, 50, 1, 2, 0),
			dataGrad("seed_1x1_n1_c112to224_60x92", seed001+"bf16 n=10 c=448 H=118 W=182 k=896 (N/10, C,K/4, H,W/2)", 1, 112, 224, 1, 60, 92, 1, 2, 0),
			dataGrad("seed_3x3_n1_c256to256_g32_100x100", seed001+"fp16 n=32 c=256 H=200 W=200 k=256 g=32 (N/32, H,W/2; padding 1)", 1, 256, 256, 32, 100, 100, 3, 2, 1),
			dataGrad("seed_3x3_n1_c3to32_236x364", seed001+"bf16 n=1,3,5 c=3 H=940 W=1450 k=32 (N=1, H,W/4; padding 1)", 1, 3, 32, 1, 236, 364, 3, 2, 1),
			dataGrad("rn_1x1_n8_c64to128_56x56", "ResNet-18 layer2 downsample", 8, 64, 128, 1, 56, 56, 1, 2, 0),
			dataGrad("rn_1x1_n8_c128to256_28x28", "ResNet-18 layer3 downsample", 8, 128, 256, 1, 28, 28, 1, 2, 0),
			dataGrad("rn_3x3_n8_c64to128_28x28", "cpu/contract_test.go benchSpecs (ResNet layer2 conv1 at 28)", 8, 64, 128, 1, 28, 28, 3, 2, 1),
			dataGrad("rn_3x3_n8_c128to256_28x28", "ResNet-18 layer3 conv1", 8, 128, 256, 1, 28, 28, 3, 2, 1),
			dataGrad("rn_3x3_n8_c256to256_14x14", "ResNet layer4-like 3x3 stride 2 at 14", 8, 256, 256, 1, 14, 14, 3, 2, 1),
		},
	},
	{
		Name: "seeds",
		Doc: "IREE #23976's MI355x rows at full size in their f16/bf16, the data gradient only: the shapes issue 8\n" +
			"holds a GPU to (default at least the seeds' speedups over baseline, 2.8x on 1x1 and 1.2x on 3x3, and\n" +
			"within 2x of PyTorch's cuDNN time in the median). GPU only: --device=cuda or hip.",
		Pipelines:  []string{"baseline", "default"},
		DeviceOnly: "its shapes are full size (up to 330M-element f16 tensors) for a GPU; on the CPU, --suite=backward-data times them scaled down in f32",
		Bars: []Bar{
			{Class: "1x1 stride 2", MinSpeedup: 2.8, From: "issue 8 (IREE #23976 on MI355x: 2.81-6.82x)"},
			{Class: "3x3 stride 2", MinSpeedup: 1.2, From: "issue 8 (IREE #23976 on MI355x: 1.19-1.77x)"},
			{Class: "all", MaxTorchRatio: 2, From: "issue 8 (within 2x of PyTorch/cuDNN)"},
		},
		Shapes: []Shape{
			seedGrad("bf16", 4, 32, 470, 725, 224, 1, 1),
			seedGrad("bf16", 12, 896, 59, 91, 2016, 1, 1),
			seedGrad("f16", 32, 1024, 50, 50, 2048, 1, 1),
			seedGrad("f16", 32, 512, 100, 100, 1024, 1, 1),
			seedGrad("bf16", 10, 448, 118, 182, 896, 1, 1),
			seedGrad("f16", 32, 256, 200, 200, 256, 32, 3),
			seedGrad("bf16", 1, 3, 940, 1450, 32, 1, 3),
			seedGrad("bf16", 5, 3, 940, 1450, 32, 1, 3),
			seedGrad("bf16", 3, 3, 940, 1450, 32, 1, 3),
		},
	},
	{
		Name: "resnet",
		Doc: "issue 5's table: every gradient (output_mask all true), f32, the ResNet-like shapes of\n" +
			"cpu/contract_test.go benchSpecs (and cpu/testdata/bench_torch.py); the default pipeline against PyTorch.",
		Pipelines: []string{"default"},
		Shapes: []Shape{
			resnet(8, 64, 64, 14, 3, 1, 1),
			resnet(8, 128, 128, 14, 3, 1, 1),
			resnet(8, 64, 128, 28, 3, 2, 1),
			resnet(8, 256, 64, 14, 1, 1, 0),
			resnet(8, 64, 256, 28, 1, 1, 0),
			resnet(8, 128, 256, 28, 1, 2, 0),
			resnet(8, 64, 64, 56, 3, 1, 1),
		},
	},
	{
		Name: "grouped",
		Doc: "every gradient (output_mask all true), f32, N=8, of grouped 3x3 convolutions: MobileNetV2's\n" +
			"depthwise layers (one channel per group) and ResNeXt-50 32x4d's 32-group layers (4, 8 and 16\n" +
			"channels per group), spatial sizes scaled down for a 2-core CPU; the default pipeline against PyTorch.",
		Pipelines: []string{"default"},
		Shapes: []Shape{
			grouped("dw", 8, 96, 96, 56, 2),
			grouped("dw", 8, 144, 144, 28, 1),
			grouped("dw", 8, 384, 384, 14, 1),
			grouped("rx", 8, 128, 32, 28, 1),
			grouped("rx", 8, 256, 32, 28, 2),
			grouped("rx", 8, 512, 32, 14, 1),
		},
	},
	{
		Name: "training",
		Doc: "a whole training step (forward, loss, every gradient, batch-norm running statistics) of conv+bn+relu\n" +
			"networks in f32, imported from the joint graph torch 2.x's _export_forward_backward writes (core ATen\n" +
			"ops), against PyTorch's eager forward and loss.backward() on the same network: what the convolution\n" +
			"gradients amount to among the batch norms, ReLUs and their gradients of a step.",
		Pipelines: []string{"baseline", "default"},
		Shapes: []Shape{
			net("cifar_plain_n16_32x32", "a CIFAR ResNet-like plain stack: 32, 64 (stride 2), 128 (stride 2) channels, two 3x3 blocks each", 16, 32,
				block(3, 32, 3, 1, 1), block(32, 32, 3, 1, 1), block(32, 64, 3, 2, 1), block(64, 64, 3, 1, 1), block(64, 128, 3, 2, 1), block(128, 128, 3, 1, 1)),
			net("mobilenet_n8_112x112", "MobileNet-like: a 3x3 stride-2 stem, then depthwise 3x3 + pointwise 1x1 pairs to 256 channels at 7x7", 8, 112,
				block(3, 32, 3, 2, 1), block(32, 32, 3, 1, 32), block(32, 64, 1, 1, 1), block(64, 64, 3, 2, 64), block(64, 128, 1, 1, 1),
				block(128, 128, 3, 2, 128), block(128, 256, 1, 1, 1), block(256, 256, 3, 2, 256), block(256, 256, 1, 1, 1)),
			net("resnext_n8_56x56", "ResNeXt-like: 1x1 reduce, 3x3 in 32 groups, 1x1 expand at 56x56, then the same at 28x28 after a stride-2 grouped 3x3", 8, 56,
				block(64, 128, 1, 1, 1), block(128, 128, 3, 1, 32), block(128, 256, 1, 1, 1),
				block(256, 256, 1, 1, 1), block(256, 256, 3, 2, 32), block(256, 512, 1, 1, 1)),
			net("resnet_layer1_n8_56x56", "ResNet-18's layer1 convolutions and the first of layer2 at ImageNet size, without the skips", 8, 56,
				block(64, 64, 3, 1, 1), block(64, 64, 3, 1, 1), block(64, 64, 3, 1, 1), block(64, 64, 3, 1, 1), block(64, 128, 3, 2, 1)),
		},
	},
	{
		Name: "transformer",
		Doc: "a whole training step (forward, loss, every gradient) of pre-LN transformer encoder layers in f32 (layer\n" +
			"norm, multi-head attention as matmuls and softmax, a GELU MLP, residuals), imported from the joint graph\n" +
			"(core ATen ops, internal/jointnet.Encoder), against PyTorch's eager forward and loss.backward(): the\n" +
			"matmuls, softmax, layer norms and GELU of a transformer's step, which the convolution suites never reach.",
		Pipelines: []string{"default"},
		Shapes: []Shape{
			encoder("enc_b8_t128_d256_h4_l2", "a small encoder: 2 layers of width 256, 4 heads of 64, MLP 1024, 8 sequences of 128 tokens", 8, 128, 256, 4, 1024, 2),
			encoder("gpt2_b2_t256_d768_h12_l1", "one GPT-2 small layer (width 768, 12 heads of 64, MLP 3072), no causal mask, 2 sequences of 256 tokens", 2, 256, 768, 12, 3072, 1),
		},
	},
	{
		Name: "volume",
		Doc: "every gradient (output_mask all true), f32, of 3-D convolutions: the layers of video and volume networks\n" +
			"(C3D, ResNet3D-18, I3D, R(2+1)D's factored kernels, a 3-D UNet) with N and T×H×W scaled down for a\n" +
			"2-core CPU; the default pipeline against PyTorch.",
		Pipelines: []string{"default"},
		Shapes: []Shape{
			volume("c3d_3x3x3_n2_c64to64_8x28x28", "C3D conv2-like 3x3x3 (64 channels at 8x28x28)", 2, 64, 64, 8, 28, 28, [3]int64{3, 3, 3}, 1),
			volume("r3d_3x3x3_n2_c64to128_8x28x28_s2", "ResNet3D-18 layer2's first 3x3x3, stride 2", 2, 64, 128, 8, 28, 28, [3]int64{3, 3, 3}, 2),
			volume("r3d_1x1x1_n2_c64to128_8x28x28_s2", "ResNet3D-18 layer2's 1x1x1 stride-2 shortcut", 2, 64, 128, 8, 28, 28, [3]int64{1, 1, 1}, 2),
			volume("i3d_1x1x1_n2_c256to64_8x14x14", "I3D inception block's 1x1x1 reduction", 2, 256, 64, 8, 14, 14, [3]int64{1, 1, 1}, 1),
			volume("r21d_1x3x3_n2_c64to64_8x28x28", "R(2+1)D's spatial 1x3x3", 2, 64, 64, 8, 28, 28, [3]int64{1, 3, 3}, 1),
			volume("r21d_3x1x1_n2_c64to64_8x28x28", "R(2+1)D's temporal 3x1x1", 2, 64, 64, 8, 28, 28, [3]int64{3, 1, 1}, 1),
			volume("unet3d_3x3x3_n1_c32to32_32x32x32", "a 3-D UNet's first level (32 channels at 32^3)", 1, 32, 32, 32, 32, 32, [3]int64{3, 3, 3}, 1),
		},
	},
	{
		Name:      "smoke",
		Doc:       "tiny shapes that check the command end to end in milliseconds; their times mean nothing.",
		Pipelines: []string{"baseline", "default"},
		Shapes: []Shape{
			dataGrad("tiny_1x1_n1_c4to8_8x8", "tests", 1, 4, 8, 1, 8, 8, 1, 2, 0),
			dataGrad("tiny_3x3_n1_c4to8_9x9", "tests", 1, 4, 8, 1, 9, 9, 3, 2, 1),
		},
	},
}

// SuiteByName returns the built-in suite called name.
func SuiteByName(name string) (Suite, bool) {
	for _, s := range Suites {
		if s.Name == name {
			return s, true
		}
	}
	return Suite{}, false
}

// SuiteNames lists the built-in suites.
func SuiteNames() []string {
	var out []string
	for _, s := range Suites {
		out = append(out, s.Name)
	}
	return out
}
