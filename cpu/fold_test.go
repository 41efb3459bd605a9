package cpu

import (
	"math"
	"math/rand"
	"testing"
)

// The f32 sum folds (foldSum32, and foldSum32x8's eight interleaved
// chains) give the bits of the general fold, a float64 add rounded to
// float32 each time: on sums that round, overflow, cancel and meet
// subnormals, infinities and NaNs with payloads (a NaN's payload is the
// one x86 keeps in either width).
func TestFoldSums(t *testing.T) {
	add := &laneFold{f: floatBinary["arith.addf"], r: roundF32}
	rng := rand.New(rand.NewSource(3))
	nan := func(payload uint32) float64 { return float64(math.Float32frombits(0x7f800000 | payload)) }
	specials := []float64{
		nan(1), nan(0x400123), -nan(0x2000), math.Inf(1), math.Inf(-1), 0, math.Copysign(0, -1),
		float64(math.SmallestNonzeroFloat32), -float64(math.SmallestNonzeroFloat32) * 3, float64(math.MaxFloat32), -float64(math.MaxFloat32),
		1, float64(float32(1e-8)), float64(float32(16777217 - 1)),
	}
	value := func(special bool) float64 {
		if special {
			return specials[rng.Intn(len(specials))]
		}
		// float32 values of every scale: each x is what an f32 op gave.
		return float64(float32(rng.NormFloat64() * math.Pow(2, float64(rng.Intn(60)-30))))
	}
	same := func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }
	for trial := range 400 {
		n := 1 + rng.Intn(300)
		special := trial%2 == 1
		var xs [foldGroup][]float64
		var acc [foldGroup]float32 // the outputs' values before
		for g := range xs {
			xs[g] = make([]float64, n)
			for j := range xs[g] {
				xs[g][j] = value(special && rng.Intn(40) == 0)
			}
			acc[g] = float32(value(special && rng.Intn(4) == 0))
		}
		want := make([]float64, foldGroup)
		for g := range xs {
			want[g] = foldAny(add, float64(acc[g]), xs[g])
			// foldLanes' f32 sum, through the operand's memory.
			k := foldKernel(add, float64(acc[g]))
			k.foldLanes(xs[g], 0)
			if got := k.ops[0].acc.loadF(0); !same(got, want[g]) {
				t.Fatalf("trial %d chain %d: foldLanes %v (%#x), the float64 fold %v (%#x)", trial, g, got, math.Float64bits(got), want[g], math.Float64bits(want[g]))
			}
		}
		k := foldKernel(add, 0)
		fr := &vframe{gn: foldGroup, xs: xs}
		for g := range acc {
			fr.gq[g] = int64(g)
			k.ops[0].acc.storeF(int64(g), float64(acc[g]))
		}
		k.foldLanesGroup(fr, int64(n))
		for g := range acc {
			if got := k.ops[0].acc.loadF(int64(g)); !same(got, want[g]) {
				t.Fatalf("trial %d chain %d: foldLanesGroup %v (%#x), the float64 fold %v (%#x)", trial, g, got, math.Float64bits(got), want[g], math.Float64bits(want[g]))
			}
		}
		// The same blocks in float32 lanes (the values are float32
		// ones): foldLanesGroup's and foldInto's float32 forms.
		var xs32 [foldGroup][]float32
		for g := range xs {
			xs32[g] = make([]float32, n)
			for j, x := range xs[g] {
				xs32[g][j] = float32(x)
			}
			k.ops[0].acc.storeF(int64(g), float64(acc[g]))
		}
		k.vec.f32 = &lane32Code{}
		fr = &vframe{gn: foldGroup, xs32: xs32, gq: fr.gq}
		k.foldLanesGroup(fr, int64(n))
		for g := range acc {
			if got := k.ops[0].acc.loadF(int64(g)); !same(got, want[g]) {
				t.Fatalf("trial %d chain %d: foldLanesGroup in float32 lanes %v (%#x), the float64 fold %v (%#x)", trial, g, got, math.Float64bits(got), want[g], math.Float64bits(want[g]))
			}
			one := foldKernel(add, float64(acc[g]))
			foldInto(one, xs32[g], 0)
			if got := one.ops[0].acc.loadF(0); !same(got, want[g]) {
				t.Fatalf("trial %d chain %d: foldInto in float32 lanes %v (%#x), the float64 fold %v (%#x)", trial, g, got, math.Float64bits(got), want[g], math.Float64bits(want[g]))
			}
		}
	}
}

// foldKernel is a kernel of just a lane fold fd into an f32 output of
// foldGroup elements, the first holding first.
func foldKernel(fd *laneFold, first float64) *kernel {
	fd.sum32 = true
	mem := make([]byte, 4*foldGroup)
	k := &kernel{vec: &vprogram{laneCode: &laneCode{fold: fd}}, ops: []kOperand{{acc: newAccessor(mem, kF32), mem: mem}}}
	k.ops[0].acc.storeF(0, first)
	return k
}

// The f32 max and min folds (foldMinMax32's four interleaved chains)
// give the general fold's bits, Go's max or min a float64 rounded to
// float32 in order, for either operand order: on values of every scale,
// -0 and +0, infinities and NaNs with payloads (where a NaN comes out,
// foldMinMax32 folds again in order).
func TestFoldMinMax(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	nan := func(payload uint32) float64 { return float64(math.Float32frombits(0x7f800000 | payload)) }
	specials := []float64{nan(1), nan(0x400123), -nan(0x2000), math.Inf(1), math.Inf(-1), 0, math.Copysign(0, -1), 1, -1}
	same := func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }
	for _, name := range []string{"arith.maxf", "arith.minf"} {
		for _, xFirst := range []bool{false, true} {
			for trial := range 300 {
				n := rng.Intn(70)
				xs := make([]float64, n)
				for j := range xs {
					if trial%2 == 1 && rng.Intn(10) == 0 {
						xs[j] = specials[rng.Intn(len(specials))]
					} else {
						xs[j] = float64(float32(rng.NormFloat64() * math.Pow(2, float64(rng.Intn(20)-10))))
					}
				}
				acc := specials[rng.Intn(len(specials))]
				if rng.Intn(2) == 0 {
					acc = float64(float32(rng.NormFloat64()))
				}
				fd := &laneFold{f: floatBinary[name], r: roundF32, xFirst: xFirst, max32: name == "arith.maxf", min32: name == "arith.minf"}
				want := foldAny(fd, acc, xs)
				if got := foldMinMax32(fd, acc, xs); !same(got, want) {
					t.Fatalf("%s xFirst %v trial %d: foldMinMax32 %v (%#x), the in-order fold %v (%#x)", name, xFirst, trial, got, math.Float64bits(got), want, math.Float64bits(want))
				}
			}
		}
	}
}
