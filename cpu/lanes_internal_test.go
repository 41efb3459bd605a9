package cpu

import (
	"math"
	"math/rand"
	"testing"

	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/runtime"
)

// TestLaneKernels checks each AVX-512 lane kernel against the Go loop it
// replaces, bit for bit (NaNs as NaNs), on every length up to 40: values
// include NaN, infinities, signed zeros, f32 subnormals, numbers beyond
// f32's range, and float64 values just off a bfloat16 tie, which a
// rounding through float32 first would round the wrong way.
func TestLaneKernels(t *testing.T) {
	if !haveAVX512 {
		t.Skip("no AVX-512: the lane kernels do not run")
	}
	rng := rand.New(rand.NewSource(9))
	specials := []float64{math.NaN(), math.Inf(1), math.Inf(-1), 0, math.Copysign(0, -1), 1e-40, 1e300, -3.5,
		1 + 1.0/256 + 1.0/(1<<30), -(1 + 3.0/256 - 1.0/(1<<31))}
	value := func() float64 {
		if rng.Intn(4) == 0 {
			return specials[rng.Intn(len(specials))]
		}
		return float64(float32(rng.NormFloat64()))
	}
	same := func(x, y float64) bool { return math.Float64bits(x) == math.Float64bits(y) || x != x && y != y }
	for n := 0; n <= 40; n++ {
		a, b := make([]float64, n), make([]float64, n)
		for i := range a {
			a[i], b[i] = value(), value()
		}
		for name, k := range map[string]struct {
			asm func(d, a, b *float64, n int) int
			op  func(x, y float64) float64
		}{
			"add": {laneAdd32, func(x, y float64) float64 { return x + y }},
			"sub": {laneSub32, func(x, y float64) float64 { return x - y }},
			"mul": {laneMul32, func(x, y float64) float64 { return x * y }},
			"div": {laneDiv32, func(x, y float64) float64 { return x / y }},
			"max": {laneMax32, func(x, y float64) float64 { return max(x, y) }},
			"min": {laneMin32, func(x, y float64) float64 { return min(x, y) }},
		} {
			d := make([]float64, n+1)
			done := 0
			if n > 0 {
				done = k.asm(&d[0], &a[0], &b[0], n)
			}
			if done != n&^7 || d[n] != 0 {
				t.Fatalf("%s n=%d: did %d lanes (wrote past: %v)", name, n, done, d[n] != 0)
			}
			for j := 0; j < done; j++ {
				if want := float64(float32(k.op(a[j], b[j]))); !same(d[j], want) {
					t.Fatalf("%s n=%d lane %d: %v op %v = %v, want %v", name, n, j, a[j], b[j], d[j], want)
				}
			}
		}
		if n == 0 {
			continue
		}
		// Every cmpf predicate against the interpreter's, and select.
		// Half the pairs are equal (a copy), so that oeq, ueq and the
		// non-strict orders see ties, and some hold NaN.
		bb := append([]float64(nil), b...)
		for i := range bb {
			if i%2 == 0 {
				bb[i] = a[i]
			}
		}
		for p, pred := range arith.CmpFPredicates {
			k := laneCmp[pred]
			if k == nil {
				if pred != "false" && pred != "true" {
					t.Fatalf("no lane kernel for cmpf %s", pred)
				}
				continue
			}
			f := cmpFFunc(int64(p))
			c := make([]int64, n)
			done := k(&c[0], &a[0], &bb[0], n)
			for j := 0; j < done; j++ {
				if c[j] != b2i(f(a[j], bb[j])) {
					t.Fatalf("cmpf %s lane %d: %v, %v: %d", pred, j, a[j], bb[j], c[j])
				}
			}
			sel := make([]float64, n)
			done = laneSelect(&sel[0], &a[0], &b[0], &c[0], n)
			for j := 0; j < done; j++ {
				want := b[j]
				if c[j] != 0 {
					want = a[j]
				}
				if math.Float64bits(sel[j]) != math.Float64bits(want) {
					t.Fatalf("select after %s lane %d: %v, want %v", pred, j, sel[j], want)
				}
			}
		}
		// Loads and stores of f32 and bf16.
		f := make([]float32, n)
		h := make([]uint16, n)
		for i := range f {
			f[i] = float32(a[i])
			h[i] = runtime.BF16FromFloat32(f[i])
		}
		d := make([]float64, n)
		if done := laneLoadF32(&d[0], &f[0], n); done != n&^7 {
			t.Fatalf("loadF32 n=%d: %d lanes", n, done)
		}
		for j := 0; j < n&^7; j++ {
			if !same(d[j], float64(f[j])) {
				t.Fatalf("loadF32 lane %d: %v, want %v", j, d[j], f[j])
			}
		}
		laneLoadBF16(&d[0], &h[0], n)
		for j := 0; j < n&^7; j++ {
			if want := float64(math.Float32frombits(uint32(h[j]) << 16)); !same(d[j], want) {
				t.Fatalf("loadBF16 lane %d: %v, want %v", j, d[j], want)
			}
		}
		f2 := make([]float32, n)
		laneStoreF32(&f2[0], &a[0], n)
		for j := 0; j < n&^7; j++ {
			if !same(float64(f2[j]), float64(float32(a[j]))) {
				t.Fatalf("storeF32 lane %d: %v, want %v", j, f2[j], float32(a[j]))
			}
		}
		hf := make([]uint16, n)
		for i := range f {
			hf[i] = runtime.F16FromFloat32(f[i])
		}
		hf[0] = 0x7c01 // a signalling NaN
		laneLoadF16(&d[0], &hf[0], n)
		for j := 0; j < n&^7; j++ {
			if want := float64(runtime.F16ToFloat32(hf[j])); !same(d[j], want) {
				t.Fatalf("loadF16 lane %d: %v, want %v", j, d[j], want)
			}
		}
		// f16 and bf16: the kernels stop at a block with a lane that is
		// not a float32 value; the lanes they did match runtime's
		// rounding of the float64.
		hs := make([]uint16, n)
		rs := make([]float64, n)
		doneS, doneR := laneStoreF16(&hs[0], &a[0], n), laneRoundF16(&rs[0], &a[0], n)
		if doneS != doneR || doneS%8 != 0 || doneS > n {
			t.Fatalf("f16 n=%d: store did %d lanes, round %d", n, doneS, doneR)
		}
		for j := 0; j < doneS; j++ {
			want := runtime.F16FromFloat64(a[j])
			if hs[j] != want || !same(rs[j], roundF16(a[j])) {
				t.Fatalf("f16 lane %d (%v): %#04x / %v, want %#04x", j, a[j], hs[j], rs[j], want)
			}
		}
		h2 := make([]uint16, n)
		r := make([]float64, n)
		doneS, doneR = laneStoreBF16(&h2[0], &a[0], n), laneRoundBF16(&r[0], &a[0], n)
		if doneS != doneR || doneS%8 != 0 || doneS > n {
			t.Fatalf("bf16 n=%d: store did %d lanes, round %d", n, doneS, doneR)
		}
		for j := 0; j < doneS; j++ {
			want := runtime.BF16FromFloat64(a[j])
			if h2[j] != want || !same(r[j], float64(math.Float32frombits(uint32(want)<<16))) {
				t.Fatalf("bf16 lane %d (%v): %#04x / %v, want %#04x", j, a[j], h2[j], r[j], want)
			}
		}
		// Where the block after them has no such lane, they went on.
		if doneS+8 <= n {
			stop := false
			for _, x := range a[doneS : doneS+8] {
				stop = stop || float64(float32(x)) != x
			}
			if !stop {
				t.Fatalf("bf16 n=%d: stopped at lane %d before a block of float32 values", n, doneS)
			}
		}
	}
}
