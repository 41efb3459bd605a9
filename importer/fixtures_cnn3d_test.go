package importer

import (
	"slices"

	"github.com/torchlower/torchlower/internal/jointnet"
	w "github.com/torchlower/torchlower/internal/pt2write"
)

// volumeShape is the 3-D classifier fixture: batch, input channels and
// (cubic) size, the two convolutions' output channels (kernels 3,
// padding 1 by reflection, then by replication), the adaptive pooling's
// output (1, 2, 2) and the classes.
type volumeShape struct{ batch, cin, dhw, c1, c2, classes int64 }

var volumeFixture = volumeShape{2, 2, 6, 4, 6, 5}

// progJointCNN3D is the training step of a small volume classifier (video
// and medical-imaging networks in miniature): Conv3d(padding_mode
// "reflect") → ReLU → 2×2×2 max pool → Conv3d(padding_mode "replicate") →
// ReLU → AdaptiveAvgPool3d((1, 2, 2)) → flatten → Linear, cross entropy.
// Written as torch 2.11's core decompositions write it: a padding mode
// other than zeros is F.pad before a convolution with padding 0, and the
// pad is a gather along each padded dim in turn (padByIndex),
// max_pool3d_with_indices and
// _adaptive_avg_pool3d stay with their backward ops, the second padding's
// gradient is replication_pad3d_backward, ReLU's backward is le/where and
// the convolutions' is convolution_backward (the first one's input
// gradient masked off). TestFixturesMatchRealExports compares its ops
// with joint_cnn3d_xent's real export.
func progJointCNN3D(s volumeShape) (*w.Program, []w.Tensor) {
	p := w.NewProgram()
	var ts []w.Tensor
	seed := uint32(13)
	param := jointnet.ParamAdder(p, &ts, &seed, 1.0/16)
	w1, b1 := param("conv1.weight", s.c1, s.cin, 3, 3, 3), param("conv1.bias", s.c1)
	w2, b2 := param("conv2.weight", s.c2, s.c1, 3, 3, 3), param("conv2.bias", s.c2)
	q := s.dhw / 2 // after the max pool
	flat := s.c2 * 1 * 2 * 2
	fw, fb := param("fc.weight", s.classes, flat), param("fc.bias", s.classes)
	p.Input("user_input", "x", "", f32, s.batch, s.cin, s.dhw, s.dhw, s.dhw)
	p.Input("user_input", "target", "", i64, s.batch)
	c := newCoreBuilder(p)
	T := w.T
	ones, zeros := w.Ints(1, 1, 1), w.Ints(0, 0, 0)
	pads := w.Ints(1, 1, 1, 1, 1, 1)
	conv, relu, convBackward := c.conv, c.relu, c.convBackward
	a1s := sh(s.batch, s.c1, s.dhw, s.dhw, s.dhw)
	q1s := sh(s.batch, s.c1, q, q, q)
	p2s := sh(s.batch, s.c1, q+2, q+2, q+2)
	a2s := sh(s.batch, s.c2, q, q, q)
	g2s := sh(s.batch, s.c2, 1, 2, 2)

	// Forward.
	p1 := c.padByIndex("x", sh(s.batch, s.cin, s.dhw, s.dhw, s.dhw), true)
	r1, r1saved := relu(conv(p1, w1, b1, a1s), a1s)
	q1, i1 := c.Name("getitem"), c.Name("getitem")
	p.Node("torch.ops.aten.max_pool3d_with_indices.default", c.Name("max_pool3d_with_indices"), []w.NamedArg{
		na("self", T(r1)), na("kernel_size", w.Ints(2, 2, 2)), na("stride", w.Ints(2, 2, 2)),
	}, w.O(q1, f32, q1s...), w.O(i1, i64, q1s...))
	p2 := c.padByIndex(q1, q1s, false)
	r2, r2saved := relu(conv(p2, w2, b2, a2s), a2s)
	g2 := c.Node("_adaptive_avg_pool3d.default", "_adaptive_avg_pool3d", f32, g2s, na("self", T(r2)), na("output_size", w.Ints(1, 2, 2)))
	v := c.Node("view.default", "view", f32, sh(s.batch, flat), na("self", T(g2)), na("size", w.Ints(s.batch, flat)))
	wt := c.Permute(fw, sh(flat, s.classes))
	logits := c.Node("addmm.default", "addmm", f32, sh(s.batch, s.classes), na("self", T(fb)), na("mat1", T(v)), na("mat2", T(wt)))
	xent := c.crossEntropy(logits, "target", s.batch, s.classes)

	// Backward.
	gLogits := c.crossEntropyBackward(xent)
	gV, gwt, gfb := c.LinearBackward(gLogits, v, wt, true)
	gG2 := c.Node("view.default", "view", f32, g2s, na("self", T(gV)), na("size", w.Ints(g2s...)))
	gR2 := c.Node("_adaptive_avg_pool3d_backward.default", "_adaptive_avg_pool3d_backward", f32, a2s,
		na("grad_output", T(gG2)), na("self", T(r2)))
	gA2 := jointnet.ReluBackwardCore(p, c.Name, gR2, r2saved, a2s)
	gP2, gw2, gb2 := convBackward(gA2, p2, w2, s.c2, p2s, sh(s.c2, s.c1, 3, 3, 3), true)
	gQ1 := c.Node("replication_pad3d_backward.default", "replication_pad3d_backward", f32, q1s,
		na("grad_output", T(gP2)), na("self", T(q1)), na("padding", pads))
	gR1 := c.Node("max_pool3d_with_indices_backward.default", "max_pool3d_with_indices_backward", f32, a1s,
		na("grad_output", T(gQ1)), na("self", T(r1)), na("kernel_size", w.Ints(2, 2, 2)), na("stride", w.Ints(2, 2, 2)),
		na("padding", zeros), na("dilation", ones), na("ceil_mode", w.Bool_(false)), na("indices", T(i1)))
	gA1 := jointnet.ReluBackwardCore(p, c.Name, gR1, r1saved, a1s)
	_, gw1, gb1 := convBackward(gA1, p1, w1, s.c1, nil, sh(s.c1, s.cin, 3, 3, 3), false)
	gfw := c.Permute(gwt, sh(s.classes, flat))

	p.Output("loss_output", xent.loss, "")
	for _, g := range [][2]string{{gw1, "conv1.weight"}, {gb1, "conv1.bias"}, {gw2, "conv2.weight"}, {gb2, "conv2.bias"},
		{gfw, "fc.weight"}, {gfb, "fc.bias"}} {
		p.Output("gradient_to_parameter", g[0], g[1])
	}
	return p, ts
}

// padByIndex pads x (of sizes, N, C and spatial dims) by one on each
// side of every spatial dim, by reflection or by replication, as torch
// 2.11's decompositions of reflection_pad3d and replication_pad3d write
// it: for each spatial dim d of extent n in turn, an int64 index over
// arange(-1, n+1), reflected (n−1 − |n−1 − |i||: abs, sub, abs, sub) or
// clamped to [0, n−1], and index.Tensor gathering x along d by it.
func (c coreBuilder) padByIndex(x string, sizes []int64, reflect bool) string {
	T := w.T
	cur := slices.Clone(sizes)
	for d := 2; d < len(sizes); d++ {
		n := sizes[d]
		idx := c.Node("arange.start_step", "arange", i64, sh(n+2), na("start", w.Int(-1)), na("end", w.Int(n+1)),
			na("layout", w.LayoutArg(w.Strided)), na("device", w.Device("cpu")), na("pin_memory", w.Bool_(false)))
		if reflect {
			for range 2 {
				a := c.Node("abs.default", "abs", i64, sh(n+2), na("self", T(idx)))
				idx = c.Node("sub.Tensor", "sub", i64, sh(n+2), na("self", w.Int(n-1)), na("other", T(a)))
			}
		} else {
			idx = c.Node("clamp.default", "clamp", i64, sh(n+2), na("self", T(idx)), na("min", w.Int(0)), na("max", w.Int(n-1)))
		}
		at := make([]string, len(sizes))
		at[d] = idx
		cur[d] = n + 2
		x = c.Node("index.Tensor", "index", f32, slices.Clone(cur), na("self", T(x)), na("indices", w.OptTensors(at...)))
	}
	return x
}
