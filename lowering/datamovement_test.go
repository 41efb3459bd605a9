package lowering

import (
	"slices"
	"testing"

	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/torch"
)

// TestDMPromote checks dmPromote (the dtype promotion of cat and stack)
// against the whole table of torch.promote_types, printed by Debian's
// PyTorch 1.13:
//
//	ds = [torch.bool, torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64,
//	      torch.float16, torch.bfloat16, torch.float32, torch.float64]
//	for a in ds: print([torch.promote_types(a, b) for b in ds])
func TestDMPromote(t *testing.T) {
	names := []string{"i1", "ui8", "si8", "si16", "si32", "si64", "f16", "bf16", "f32", "f64"}
	dtype := map[string]ir.Type{
		"i1": torch.DtypeBool, "ui8": torch.DtypeUI8, "si8": torch.DtypeSI8, "si16": torch.DtypeSI16,
		"si32": torch.DtypeSI32, "si64": torch.DtypeSI64, "f16": ir.F16T, "bf16": ir.BF16T, "f32": ir.F32T, "f64": ir.F64T,
	}
	want := [][]string{
		{"i1", "ui8", "si8", "si16", "si32", "si64", "f16", "bf16", "f32", "f64"},     // i1
		{"ui8", "ui8", "si16", "si16", "si32", "si64", "f16", "bf16", "f32", "f64"},   // ui8
		{"si8", "si16", "si8", "si16", "si32", "si64", "f16", "bf16", "f32", "f64"},   // si8
		{"si16", "si16", "si16", "si16", "si32", "si64", "f16", "bf16", "f32", "f64"}, // si16
		{"si32", "si32", "si32", "si32", "si32", "si64", "f16", "bf16", "f32", "f64"}, // si32
		{"si64", "si64", "si64", "si64", "si64", "si64", "f16", "bf16", "f32", "f64"}, // si64
		{"f16", "f16", "f16", "f16", "f16", "f16", "f16", "f32", "f32", "f64"},        // f16
		{"bf16", "bf16", "bf16", "bf16", "bf16", "bf16", "f32", "bf16", "f32", "f64"}, // bf16
		{"f32", "f32", "f32", "f32", "f32", "f32", "f32", "f32", "f32", "f64"},        // f32
		{"f64", "f64", "f64", "f64", "f64", "f64", "f64", "f64", "f64", "f64"},        // f64
	}
	for i, a := range names {
		for j, b := range names {
			got, err := dmPromote(dmReader{}, dtype[a], dtype[b])
			if err != nil || !ir.TypeEqual(got, dtype[want[i][j]]) {
				t.Errorf("promote(%s, %s) = %v (%v), PyTorch gives %s", a, b, got, err, want[i][j])
			}
		}
	}
}

// TestDMSliceBounds checks the clamping of slice bounds against
// torch.ops.aten.slice(torch.arange(size), 0, start, end, step) in PyTorch
// 1.13 (the expected values are the elements it returns).
func TestDMSliceBounds(t *testing.T) {
	const max = 1<<63 - 1
	for _, c := range []struct {
		size, start, end, step int64
		want                   []int64
	}{
		{8, -3, max, 2, []int64{5, 7}},
		{8, 0, -1, 1, []int64{0, 1, 2, 3, 4, 5, 6}}, // start None
		{4, 3, 1, 1, nil},
		{4, -10, 2, 1, []int64{0, 1}},
		{4, 2, 10, 3, []int64{2}},
		{5, 0, 5, 2, []int64{0, 2, 4}},
		{0, 0, max, 1, nil},
		{6, -1, max, 1, []int64{5}},
		{6, -7, -6, 1, nil},
	} {
		first, count := dmSliceBounds(c.size, c.start, c.end, c.step)
		var got []int64
		for i := int64(0); i < count; i++ {
			got = append(got, first+i*c.step)
		}
		if !slices.Equal(got, c.want) || first < 0 || first > c.size {
			t.Errorf("slice(arange(%d), %d:%d:%d) = first %d, count %d (%v), PyTorch gives %v", c.size, c.start, c.end, c.step, first, count, got, c.want)
		}
	}
}

// TestDMReassociate checks that every split of two shapes pairs contiguous
// groups covering all dims with equal element counts, and that a pure
// collapse or expand is found as one.
func TestDMReassociate(t *testing.T) {
	for _, c := range []struct {
		in, out  []int64
		nin, nou int // expected group counts
	}{
		{[]int64{2, 3, 4}, []int64{6, 4}, 2, 2},
		{[]int64{2, 3, 4}, []int64{4, 6}, 1, 1},
		{[]int64{2, 3, 4, 5}, []int64{6, 2, 10}, 2, 2},
		{[]int64{1, 4, 1, 5}, []int64{4, 5}, 2, 2},
		{[]int64{2, 3}, []int64{2, 3, 1}, 2, 2},
		{[]int64{2, 3}, []int64{1, 2, 1, 3}, 2, 2},
		{[]int64{3, 1}, []int64{1, 3}, 1, 1},
		{[]int64{1, 1, 6}, []int64{6}, 1, 1},
	} {
		gin, gout := dmReassociate(c.in, c.out)
		if len(gin) != len(gout) || len(gin) != c.nin {
			t.Errorf("%v -> %v: groups %v / %v, want %d groups", c.in, c.out, gin, gout, c.nin)
			continue
		}
		check := func(shape []int64, groups [][]int64) []int64 {
			var prods []int64
			next := int64(0)
			for _, g := range groups {
				p := int64(1)
				for _, d := range g {
					if d != next {
						t.Errorf("%v -> %v: groups %v are not contiguous", c.in, c.out, groups)
					}
					next++
					p *= shape[d]
				}
				prods = append(prods, p)
			}
			if next != int64(len(shape)) {
				t.Errorf("%v -> %v: groups %v do not cover rank %d", c.in, c.out, groups, len(shape))
			}
			return prods
		}
		if pi, po := check(c.in, gin), check(c.out, gout); !slices.Equal(pi, po) {
			t.Errorf("%v -> %v: group sizes %v and %v differ", c.in, c.out, pi, po)
		}
	}
}

// TestDMOwnsItsOps checks that no other family registers a converter for
// an op this family lowers: buildConverters fills one map, so a second
// registration would silently replace one of them.
func TestDMOwnsItsOps(t *testing.T) {
	mine := map[string]converter{}
	populateDataMovement(mine)
	others := map[string]func(map[string]converter){
		"convolution_backward": populateConvBackward, "convolution": populateConv, "literals": populateLiterals,
		"elementwise": populateElementwise, "reduction": populateReduction, "normpool": populateNormPool,
	}
	for fam, populate := range others {
		m := map[string]converter{}
		populate(m)
		for name := range m {
			if _, dup := mine[name]; dup {
				t.Errorf("%s is registered by both datamovement and %s", name, fam)
			}
		}
	}
}
