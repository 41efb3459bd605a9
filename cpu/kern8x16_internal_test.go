package cpu

import (
	"math"
	"math/rand"
	"testing"
)

// TestKern8x16 checks the 16-lane two-row-tile kernels against two calls
// of the 8-lane 4x16 ones, bit for bit: packed and in place, unfused and
// fused, on values whose products round (and a NaN and an infinity).
func TestKern8x16(t *testing.T) {
	if !haveAVX512 || !haveFMA {
		t.Skip("no AVX-512F or FMA")
	}
	const K = 37
	rng := rand.New(rand.NewSource(2))
	a := randomFloats(rng, 4096, -1, 1)
	a[100], a[301] = float32(math.Inf(1)), float32(math.NaN())
	b := randomFloats(rng, K*vN, -2, 2)
	var offs0, offs1 [vM]int
	for i := range vM {
		offs0[i] = (i*37 + 3) * 4
		offs1[i] = (i*41 + 1500) * 4
	}
	ra := make([]int, K)
	for r := range ra {
		ra[r] = r * 3 * 4 // every third element: a strided row
	}
	// The packed panels of those rows: [K][4] each.
	pack := func(offs [vM]int) []float32 {
		p := make([]float32, K*vM)
		for r := range K {
			for i := range vM {
				p[r*vM+i] = a[(offs[i]+ra[r])/4]
			}
		}
		return p
	}
	p0, p1 := pack(offs0), pack(offs1)
	start := func() (c0, c1 [vM * vN]float32) {
		for i := range c0 {
			c0[i], c1[i] = float32(i)/7, -float32(i)/5
		}
		return
	}
	for _, fused := range []bool{false, true} {
		w0, w1 := start()
		if fused {
			kern4x16f(&p0[0], &b[0], &w0, K)
			kern4x16f(&p1[0], &b[0], &w1, K)
		} else {
			kern4x16(&p0[0], &b[0], &w0, K)
			kern4x16(&p1[0], &b[0], &w1, K)
		}
		g0, g1 := start()
		r0, r1 := start()
		if fused {
			kern8x16f(&p0[0], &p1[0], &b[0], &g0, &g1, K)
			kern8x16rf(&a[0], &offs0, &offs1, &ra[0], &b[0], &r0, &r1, K)
		} else {
			kern8x16(&p0[0], &p1[0], &b[0], &g0, &g1, K)
			kern8x16r(&a[0], &offs0, &offs1, &ra[0], &b[0], &r0, &r1, K)
		}
		for i := range w0 {
			for _, c := range []struct {
				name     string
				got, wnt float32
			}{{"packed rows 0-3", g0[i], w0[i]}, {"packed rows 4-7", g1[i], w1[i]}, {"in place rows 0-3", r0[i], w0[i]}, {"in place rows 4-7", r1[i], w1[i]}} {
				if math.Float32bits(c.got) != math.Float32bits(c.wnt) {
					t.Fatalf("fused %v, %s, element %d: %v, want %v", fused, c.name, i, c.got, c.wnt)
				}
			}
		}
	}
}

// randomFloats is n uniform float32s in [lo, hi) from rng.
func randomFloats(rng *rand.Rand, n int, lo, hi float32) []float32 {
	f := make([]float32, n)
	for i := range f {
		f[i] = lo + rng.Float32()*(hi-lo)
	}
	return f
}

// TestKern12x16x2 checks the three-unit kernels against three calls of
// the one-unit two-tile kernel reading in place, bit for bit, unfused
// and fused: each unit's rows are four consecutive floats
// (kern12x16x2r) or every other float (kern12x16x2r2), the only rows
// they read (offs[1:] are set to nonsense here, so a kernel that read
// them would differ), the reduction points every third element, the
// values with products that round, a NaN and an infinity.
func TestKern12x16x2(t *testing.T) {
	if !haveAVX512 || !haveFMA {
		t.Skip("no AVX-512F or FMA")
	}
	const K = 37
	rng := rand.New(rand.NewSource(3))
	a := randomFloats(rng, 4096, -1, 1)
	a[1002], a[1503] = float32(math.Inf(-1)), float32(math.NaN())
	b := randomFloats(rng, 2*K*vN, -2, 2)
	ra := make([]int, K)
	for r := range ra {
		ra[r] = r * 3 * 4
	}
	starts := [3]int{3, 1000, 1500}
	for _, step := range []int{1, 2} {
		var runs, lies [3][vM]int
		for u, s := range starts {
			for i := range vM {
				runs[u][i] = (s + step*i) * 4
				lies[u][i] = runs[u][0] - 7*4*i // read only offs[0]
			}
		}
		kern, kernF := kern12x16x2r, kern12x16x2rf
		if step == 2 {
			kern, kernF = kern12x16x2r2, kern12x16x2r2f
		}
		checkKern12(t, step, a, b, ra, runs, lies, kern, kernF)
	}
}

// checkKern12 is TestKern12x16x2 for rows step floats apart: kern and
// kernF against kern4x16x2r and kern4x16x2rf on rows runs (lies for the
// three-unit kernels).
func checkKern12(t *testing.T, step int, a, b []float32, ra []int, runs, lies [3][vM]int, kern, kernF func(a *float32, offs0, offs1, offs2 *[4]int, ra *int, b0, b1 *float32, c0, c1, c2 *[128]float32, k int)) {
	const K = 37
	start := func() (c [3][2 * vM * vN]float32) {
		for u := range c {
			for i := range c[u] {
				c[u][i] = float32(i*(u+1)) / 9
			}
		}
		return
	}
	for _, fused := range []bool{false, true} {
		want, got := start(), start()
		for u := range want {
			if fused {
				kern4x16x2rf(&a[0], &runs[u], &ra[0], &b[0], &b[K*vN], &want[u], K)
			} else {
				kern4x16x2r(&a[0], &runs[u], &ra[0], &b[0], &b[K*vN], &want[u], K)
			}
		}
		if fused {
			kernF(&a[0], &lies[0], &lies[1], &lies[2], &ra[0], &b[0], &b[K*vN], &got[0], &got[1], &got[2], K)
		} else {
			kern(&a[0], &lies[0], &lies[1], &lies[2], &ra[0], &b[0], &b[K*vN], &got[0], &got[1], &got[2], K)
		}
		for u := range want {
			for i := range want[u] {
				if math.Float32bits(got[u][i]) != math.Float32bits(want[u][i]) {
					t.Fatalf("step %d, fused %v, unit %d, element %d: %v, want %v", step, fused, u, i, got[u][i], want[u][i])
				}
			}
		}
	}
	// No reduction points: the tiles come back unchanged.
	c := start()
	kernF(&a[0], &lies[0], &lies[1], &lies[2], &ra[0], &b[0], &b[K*vN], &c[0], &c[1], &c[2], 0)
	if c != start() {
		t.Errorf("k = 0 changed the tiles")
	}
}

// TestStoreT12x16 checks the three-tile transposed store against
// storeT4x16 thrice: every channel's twelve positions land where
// storeT4x16 puts them, and nothing else in the output changes (the
// four lanes past the twelve are masked off: at the end of an output
// they would lie past it).
func TestStoreT12x16(t *testing.T) {
	if !haveAVX512 {
		t.Skip("no AVX-512F")
	}
	const stride = 37 // floats between channels: rows not line-aligned
	rng := rand.New(rand.NewSource(4))
	var c [3][vM * vN]float32
	for u := range c {
		copy(c[u][:], randomFloats(rng, vM*vN, -1, 1))
	}
	want := randomFloats(rng, 16*stride+16, 5, 6)
	got := append([]float32(nil), want...)
	for u := range c {
		storeT4x16(&want[3+u*vM], stride*4, &c[u])
	}
	storeT12x16(&got[3], stride*4, &c[0], &c[1], &c[2])
	for i := range want {
		if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
			t.Fatalf("element %d: %v, want %v", i, got[i], want[i])
		}
	}
}
