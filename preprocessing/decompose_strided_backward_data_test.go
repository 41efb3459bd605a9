package preprocessing_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/dialect/tensor"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/affine"
)

// loopExts returns the loop extents of a generic, from the operand dims
// its maps read as bare loop dims.
func loopExts(o *ir.Operation) []int64 {
	ext := make([]int64, linalg.NumLoops(o))
	for k, mp := range linalg.IndexingMaps(o) {
		shape := o.Operand(k).Type().(ir.RankedTensorType).Shape
		for r, e := range mp.Results {
			if d, ok := e.AsDim(); ok {
				ext[d] = shape[r]
			}
		}
	}
	return ext
}

// scatterMACs returns, for a contraction generic that reads a strided
// insert_slice, its MACs (base), the lattice tap count (phased: per
// non-pass-through dim j, the number of loop points whose read lands on
// the scatter lattice, index − offset ≡ 0 mod stride, i.e. |phase
// outputs| × |phase taps| summed over the phases, times the extents of
// the loops no such dim reads) and the exact tap count (nonzero: the same
// count restricted to reads of actual source elements, lattice index in
// [0, size), so neither scattered zeros nor padding). Both are counted by
// brute force over the loops of each dim's map result, independently of
// the pass. ok is false when o reads no strided insert_slice.
func scatterMACs(t *testing.T, o *ir.Operation) (base, phased, nonzero int64, s []int64, ok bool) {
	if o.Name != linalg.Generic || !slices.Contains(linalg.IteratorTypes(o), linalg.Reduction) {
		return 0, 0, 0, nil, false
	}
	xi := -1
	var ins *ir.Operation
	for k, v := range linalg.Inputs(o) {
		if d := v.DefiningOp(); d != nil && tensor.IsStridedInsertSlice(d) {
			xi, ins = k, d
		}
	}
	if xi < 0 {
		return 0, 0, 0, nil, false
	}
	ext := loopExts(o)
	base = 1
	for _, e := range ext {
		base *= e
	}
	offs, sizes, strides := tensor.StaticSliceParams(ins)
	dst := ins.Operand(1).Type().(ir.RankedTensorType).Shape
	xm := linalg.IndexingMaps(o)[xi]
	used := make([]bool, len(ext))
	phased, nonzero = 1, 1
	for j, e := range xm.Results {
		if offs[j] == 0 && sizes[j] == dst[j] && (strides[j] == 1 || sizes[j] == 1) {
			continue
		}
		if strides[j] > 1 {
			s = append(s, strides[j])
		}
		var loops []int
		for d := range ext {
			if affine.IsFunctionOfDim(e, d) {
				if used[d] {
					t.Fatalf("loop d%d read by two scattered dims", d)
				}
				used[d] = true
				loops = append(loops, d)
			}
		}
		pt := make([]int64, len(ext))
		var hits, nz int64
		var rec func(i int)
		rec = func(i int) {
			if i == len(loops) {
				v, err := affine.EvalExpr(e, pt, nil)
				if err != nil {
					t.Fatal(err)
				}
				if r := v - offs[j]; r%strides[j] == 0 {
					hits++
					if q := r / strides[j]; q >= 0 && q < sizes[j] {
						nz++
					}
				}
				return
			}
			for x := int64(0); x < ext[loops[i]]; x++ {
				pt[loops[i]] = x
				rec(i + 1)
			}
			pt[loops[i]] = 0
		}
		rec(0)
		phased *= hits
		nonzero *= nz
	}
	for d, u := range used {
		if !u {
			phased *= ext[d]
			nonzero *= ext[d]
		}
	}
	return base, phased, nonzero, s, true
}

// TestDecomposeMACs checks, for every runner configuration with a strided
// scatter, that after decompose-strided-backward-data (alone and in the
// backward-data-conv pipeline) no contraction reads a scatter and the MACs
// of the contractions that read one drop to exactly the tap count:
// the (output, tap) pairs that read a real dy element, times the other
// extents. No scattered zero and no padding beyond dy's edges is
// multiplied. The drop versus the baseline is logged, with the share of
// the lattice tap count (what a phase decomposition over a zero-padded dy
// multiplies) that lies past dy's edges: up to a third on these tiny
// extents.
func TestDecomposeMACs(t *testing.T) {
	checked := 0
	for _, c := range loadCases(t) {
		src := c.TorchFunc()
		base := lower(t, c.Name, src, "")
		var B, F, NZ int64
		var sd float64 = 1
		base.Walk(ir.PreOrder, func(o *ir.Operation) {
			b, f, nz, s, ok := scatterMACs(t, o)
			if !ok {
				return
			}
			B, F, NZ = B+b, F+f, NZ+nz
			p := 1.0
			for _, x := range s {
				p *= float64(x)
			}
			sd = p
		})
		if B == 0 {
			continue
		}
		checked++
		for _, v := range []string{"decompose-strided-backward-data", "backward-data-conv"} {
			m := lower(t, c.Name, src, v)
			if readsScatter(m) {
				t.Errorf("%s %s: a contraction still reads a strided insert_slice", c.Name, v)
			}
			got, want := macs(m), macs(base)-B+NZ
			if got != want {
				t.Errorf("%s %s: MACs %d, want %d (baseline %d, scatter-reading %d -> exact tap count %d; lattice tap count %d)", c.Name, v, got, want, macs(base), B, NZ, F)
			}
		}
		t.Logf("%-34s scatter-reading MACs %9d -> %8d (x%.3f, s^D %.0f; lattice tap count %d, %.1f%% of it past dy's edges)",
			c.Name, B, NZ, float64(B)/float64(NZ), sd, F, 100*float64(F-NZ)/float64(F))
	}
	if checked == 0 {
		t.Fatal("no runner case reads a strided scatter")
	}
}

// dataGradCase is a data-gradient-only convolution_backward configuration
// (NCHW, no bias) with spatial input h, kernel k, stride s, padding p and
// dilation d on every one of len(h) dims.
func dataGradCase(name string, n, c, f, groups int64, h []int64, k, s, p, d int64) *convCase {
	nd := len(h)
	rep := func(v int64) []int64 {
		out := make([]int64, nd)
		for i := range out {
			out[i] = v
		}
		return out
	}
	out := make([]int64, nd)
	for i, x := range h {
		out[i] = (x+2*p-d*(k-1)-1)/s + 1
	}
	in := append([]int64{n, c}, h...)
	dy := append([]int64{n, f}, out...)
	w := append([]int64{f, c / groups}, rep(k)...)
	return &convCase{
		Name: name, Op: "convolution_backward", Stride: rep(s), Padding: rep(p), Dilation: rep(d),
		OutputPadding: rep(0), Groups: groups, OutputMask: []bool{true, false, false}, Dtype: "f32",
		Shapes:       map[string][]int64{"grad_output": dy, "input": in, "weight": w},
		OutputShapes: [][]int64{in, w, {f}},
	}
}

// TestDecomposeMACsLarge checks the drop on realistic extents, for 1-3
// spatial dims, groups, dilation and K mod s ≠ 0: the data-gradient MACs
// after the backward-data-conv pipeline equal the exact tap count. The
// drop is logged next to s^D; it exceeds s^D where dy's edges cut taps
// off.
func TestDecomposeMACsLarge(t *testing.T) {
	cases := []*convCase{
		dataGradCase("3x3_s2_28", 1, 4, 4, 1, []int64{28, 28}, 3, 2, 1, 1),
		dataGradCase("3x3_s2_111", 1, 4, 4, 1, []int64{111, 111}, 3, 2, 1, 1),
		dataGradCase("1x1_s2_28", 1, 4, 4, 1, []int64{28, 28}, 1, 2, 0, 1),
		dataGradCase("5x5_s3_p2_112", 1, 4, 4, 1, []int64{112, 112}, 5, 3, 2, 1),
		dataGradCase("2x2_s3_112", 1, 4, 4, 1, []int64{112, 112}, 2, 3, 0, 1),
		dataGradCase("3x3_s2_d2_g2_32", 1, 4, 4, 2, []int64{32, 32}, 3, 2, 2, 2),
		dataGradCase("3_s2_p4_1d_64", 1, 4, 4, 1, []int64{64}, 3, 2, 4, 1),
		dataGradCase("3x3x3_s2_3d_16", 1, 2, 2, 1, []int64{16, 16, 16}, 3, 2, 1, 1),
	}
	for _, c := range cases {
		src := c.TorchFunc()
		base := lower(t, c.Name, src, "")
		var B, F, NZ int64
		sd := 1.0
		base.Walk(ir.PreOrder, func(o *ir.Operation) {
			if b, f, nz, s, ok := scatterMACs(t, o); ok {
				B, F, NZ = B+b, F+f, NZ+nz
				sd = 1
				for _, x := range s {
					sd *= float64(x)
				}
			}
		})
		if B == 0 {
			t.Fatalf("%s: no contraction reads a strided scatter", c.Name)
		}
		m := lower(t, c.Name, src, "backward-data-conv")
		if readsScatter(m) {
			t.Errorf("%s: a contraction still reads a strided insert_slice", c.Name)
		}
		if got, want := macs(m), macs(base)-B+NZ; got != want {
			t.Errorf("%s: MACs %d, want the exact tap count %d (lattice tap count %d)", c.Name, got, want, F)
		}
		t.Logf("%-18s data-gradient MACs %9d -> %8d: x%.3f (s^D %.0f; lattice tap count %d, %.1f%% of it past dy's edges)",
			c.Name, B, NZ, float64(B)/float64(NZ), sd, F, 100*float64(F-NZ)/float64(F))
	}
}

// TestDecomposeSweep runs small data gradients over a grid of strides,
// kernels, dilations, paddings and input sizes (1-D; and a 2-D subset with
// different remainders per dim), where the edges of dy cut taps off in
// every pattern and padding > d(K−1) crops dy, down to a single row: the
// phase decomposition must give the baseline's results
// exactly, and its MACs must equal the exact tap count. The operands are
// f64 multiples of 1/8 in [-3/8, 3/8], so every sum is exact whatever its
// order and equality is the right comparison.
func TestDecomposeSweep(t *testing.T) {
	var cases []*convCase
	for s := int64(2); s <= 4; s++ {
		for k := int64(1); k <= 5; k++ {
			for d := int64(1); d <= 3; d++ {
				for p := int64(0); p <= d*(k-1)+1; p++ {
					for h := int64(5); h <= 7; h++ {
						if h+2*p-d*(k-1)-1 < 0 {
							continue
						}
						cases = append(cases, dataGradCase("sweep", 1, 2, 2, 1, []int64{h}, k, s, p, d))
					}
				}
			}
		}
	}
	for _, k := range []int64{2, 3, 4} {
		for _, p := range []int64{0, 1, 2} {
			c := dataGradCase("sweep2d", 1, 2, 2, 1, []int64{7, 8}, k, 3, p, 1)
			cases = append(cases, c)
		}
	}
	checked := 0
	for _, c := range cases {
		c.Dtype = "f64"
		c.Name = fmt.Sprintf("%s_h%v_k%d_s%d_p%d_d%d", c.Name, c.Shapes["input"][2:], c.Shapes["weight"][2], c.Stride[0], c.Padding[0], c.Dilation[0])
		c.Inputs = map[string][]float64{}
		for _, name := range c.Operands() {
			n := int64(1)
			for _, x := range c.Shapes[name] {
				n *= x
			}
			vals := make([]float64, n)
			for i := range vals {
				vals[i] = float64((int64(i)*5+int64(len(name)))%7-3) / 8
			}
			c.Inputs[name] = vals
		}
		src := c.TorchFunc()
		base := lower(t, c.Name, src, "")
		var B, NZ int64
		base.Walk(ir.PreOrder, func(o *ir.Operation) {
			if b, _, nz, _, ok := scatterMACs(t, o); ok {
				B, NZ = B+b, NZ+nz
			}
		})
		if B == 0 {
			continue
		}
		checked++
		m := lower(t, c.Name, src, "decompose-strided-backward-data")
		if readsScatter(m) {
			t.Errorf("%s: a contraction still reads a strided insert_slice", c.Name)
		}
		if got, want := macs(m), macs(base)-B+NZ; got != want {
			t.Errorf("%s: MACs %d, want the exact tap count %d", c.Name, got, want)
		}
		want, got := runCase(t, c, base), runCase(t, c, m)
		for i := range want {
			for e := 0; e < want[i].NumElements(); e++ {
				if a, b := got[i].Float64(e), want[i].Float64(e); a != b {
					t.Fatalf("%s result %d element %d: %g, baseline %g", c.Name, i, e, a, b)
				}
			}
		}
	}
	t.Logf("%d strided configurations checked", checked)
	if checked == 0 {
		t.Fatal("no configuration reads a strided scatter")
	}
}
