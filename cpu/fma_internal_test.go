package cpu

import (
	"math"
	"math/big"
	"math/rand"
	"testing"
)

// exactFMA32 is x·y + c rounded once to float32, computed exactly.
func exactFMA32(x, y, c float32) float32 {
	if math.IsNaN(float64(x)) || math.IsNaN(float64(y)) || math.IsNaN(float64(c)) {
		return float32(math.NaN())
	}
	if math.IsInf(float64(x), 0) || math.IsInf(float64(y), 0) || math.IsInf(float64(c), 0) {
		return float32(float64(x)*float64(y) + float64(c))
	}
	const prec = 1200 // every bit of any f32 product plus any f32
	p := new(big.Float).SetPrec(prec).SetFloat64(float64(x))
	p.Mul(p, new(big.Float).SetPrec(prec).SetFloat64(float64(y)))
	p.Add(p, new(big.Float).SetPrec(prec).SetFloat64(float64(c)))
	f, _ := p.Float32()
	if f == 0 && (p.Sign() < 0 || p.Sign() == 0 && math.Signbit(float64(x)) != math.Signbit(float64(y)) && math.Signbit(float64(c))) {
		return float32(math.Copysign(0, -1))
	}
	return f
}

// doubleRoundingCases are x·y + c whose float64 sum lands exactly on a
// float32 midpoint although the exact sum lies just below it: c an odd
// float32, x·y = half its ulp times (1 - 2^-40). Rounding math.FMA's
// float64 result to float32 rounds up; the fused result is c.
func doubleRoundingCases(rng *rand.Rand, n int) (xs, ys, cs []float32) {
	for len(cs) < n {
		c := math.Float32frombits(uint32(rng.Int63n(0x7e000000))&^0x80000000 | 1)
		ulp := math.Float32frombits(math.Float32bits(c)+1) - c
		half := ulp / 2
		if half < math.SmallestNonzeroFloat32*(1<<23) || math.IsInf(float64(c), 0) {
			continue // the scaled factor must stay a normal float32
		}
		x := half * (1 + 1.0/(1<<20))
		y := float32(1 - 1.0/(1<<20))
		sign := float32(1)
		if rng.Intn(2) == 0 {
			sign = -1
		}
		xs, ys, cs = append(xs, sign*x), append(ys, y), append(cs, sign*c)
	}
	return xs, ys, cs
}

// TestFMA32 checks the interpreter's fused multiply-add against an exact
// computation, on random triples (exponents near each other, where sums
// cancel, and far apart, subnormals included) and on cases that a
// float64 FMA rounded again to float32 gets wrong.
func TestFMA32(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	xs, ys, cs := doubleRoundingCases(rng, 2000)
	for i := range cs {
		got, want := fma32(xs[i], ys[i], cs[i]), exactFMA32(xs[i], ys[i], cs[i])
		if math.Float32bits(got) != math.Float32bits(want) || want != cs[i] {
			t.Fatalf("fma32(%g, %g, %g) = %g, want %g", xs[i], ys[i], cs[i], got, want)
		}
		if twice := float32(math.FMA(float64(xs[i]), float64(ys[i]), float64(cs[i]))); twice == want {
			t.Fatalf("case %d is not one that rounding twice gets wrong", i)
		}
	}
	random := func() float32 {
		switch rng.Intn(8) {
		case 0:
			return math.Float32frombits(rng.Uint32() & 0x807fffff) // subnormal
		case 1:
			return float32(rng.Intn(9) - 4)
		}
		e := rng.Intn(60) - 30
		if rng.Intn(4) == 0 {
			e = rng.Intn(250) - 125
		}
		return float32(math.Ldexp(rng.Float64()*2-1, e))
	}
	for i := 0; i < 300000; i++ {
		x, y, c := random(), random(), random()
		if rng.Intn(3) == 0 {
			c = -float32(float64(x) * float64(y)) // cancellation
		}
		got, want := fma32(x, y, c), exactFMA32(x, y, c)
		if math.Float32bits(got) != math.Float32bits(want) {
			t.Fatalf("fma32(%g, %g, %g) = %g (%#x), want %g (%#x)", x, y, c, got, math.Float32bits(got), want, math.Float32bits(want))
		}
	}
}

// TestFusedKernelsAreFMA32: the fused tile kernels' lanes compute what
// fma32 does (the hardware's VFMADD231PS), on the cases a second rounding
// gets wrong and on random ones.
func TestFusedKernelsAreFMA32(t *testing.T) {
	if !haveAVX || !haveFMA {
		t.Skip("no AVX and FMA: the fused kernels do not run")
	}
	rng := rand.New(rand.NewSource(8))
	xs, ys, cs := doubleRoundingCases(rng, 64)
	for len(cs) < 64*20 {
		x := float32(math.Ldexp(rng.Float64()*2-1, rng.Intn(40)-20))
		y := float32(math.Ldexp(rng.Float64()*2-1, rng.Intn(40)-20))
		xs, ys, cs = append(xs, x), append(ys, y), append(cs, -x*y+float32(rng.NormFloat64()))
	}
	// One reduction point in one lane at a time: row i's factor x,
	// column j's y, the tile holding c at (i, j); the kernel computes
	// c + x·y there.
	for q := range cs {
		i, j := q%vM, (q/vM)%vN
		var a [vM]float32
		var b [vN]float32
		var c [vM * vN]float32
		a[i], b[j], c[i*vN+j] = xs[q], ys[q], cs[q]
		kern4x16f(&a[0], &b[0], &c, 1)
		if got, want := c[i*vN+j], fma32(xs[q], ys[q], cs[q]); math.Float32bits(got) != math.Float32bits(want) {
			t.Fatalf("kern4x16f lane (%d, %d): %g·%g + %g = %g, fma32 says %g", i, j, xs[q], ys[q], cs[q], got, want)
		}
	}
}
