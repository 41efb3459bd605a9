package cpu

import (
	"encoding/binary"
	"math"
	"math/rand"
	"testing"

	"github.com/torchlower/torchlower/runtime"
)

// TestWidenedKeptUntilWritten checks the run's cache of widened 16-bit
// buffers: a second step reading the same buffer gets the first one's
// widening, a write to any part of the buffer drops it (the next read
// widens the new contents), and a buffer of another kind, or widened to
// another type, is widened on its own.
func TestWidenedKeptUntilWritten(t *testing.T) {
	buf := alignedBytes(2 * 40)
	set := func(scale float32) {
		for i := 0; i < 40; i++ {
			binary.LittleEndian.PutUint16(buf[2*i:], runtime.BF16FromFloat32(scale*float32(i-17)))
		}
	}
	check := func(got []float32, scale float32) {
		t.Helper()
		for i, g := range got {
			if want := scale * float32(i-17); g != want {
				t.Fatalf("element %d: %v, want %v", i, g, want)
			}
		}
	}
	pc := &panelCache{}
	defer pc.release()
	set(1)
	kept := keptWidenings.Load()
	a, fa := widened[float32](pc, buf, kBF16, kF32)
	check(a, 1)
	b, fb := widened[float32](pc, buf, kBF16, kF32)
	if &a[0] != &b[0] || keptWidenings.Load() != kept+1 {
		t.Fatalf("the second read widened again")
	}
	// Magnitudes 1 (0x3f80) to 22 (0x41b0), kept with the widening.
	if want := (magRange{least: 0x3f80, most: 0x41b0}); fa.mags != want || fb.mags != want || fa.kind != kBF16 {
		t.Fatalf("magnitudes %#v and %#v, want %#v", fa, fb, want)
	}
	// Another type, another kind: widened on their own.
	d, _ := widened[float64](pc, buf, kBF16, kF64)
	if d[3] != -14 || keptWidenings.Load() != kept+1 {
		t.Fatalf("f64 widening: %v (kept %d)", d[3], keptWidenings.Load()-kept)
	}
	h, _ := widened[float32](pc, buf, kF16, kF32)
	if want := runtime.F16ToFloat32(binary.LittleEndian.Uint16(buf[6:])); math.Float32bits(h[3]) != math.Float32bits(want) || keptWidenings.Load() != kept+1 {
		t.Fatalf("f16 widening: %v, want %v", h[3], want)
	}
	// A step writes the buffer's last element: every widening of it goes.
	set(2)
	pc.invalidate(buf[78:80])
	if len(pc.widenings) != 0 {
		t.Fatalf("%d widenings kept after a write", len(pc.widenings))
	}
	w, _ := widened[float32](pc, buf, kBF16, kF32)
	check(w, 2)
	// A write elsewhere keeps it.
	pc.invalidate(alignedBytes(8))
	w, _ = widened[float32](pc, buf, kBF16, kF32)
	check(w, 2)
	if keptWidenings.Load() != kept+2 {
		t.Fatalf("a write to other memory dropped the widening")
	}
	// Without a cache (a kernel run outside Run): widened each time.
	w, _ = widened[float32](nil, buf, kBF16, kF32)
	check(w, 2)
}

// TestNarrowWidenHalf checks the AVX-512 conversions (and their Go
// tails) against runtime's scalar ones on every length up to 70, with a
// NaN in some blocks, for bf16 and f16.
func TestNarrowWidenHalf(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for _, kind := range []elemKind{kBF16, kF16} {
		round := func(x float32) uint16 {
			if kind == kF16 {
				return runtime.F16FromFloat32(x)
			}
			return runtime.BF16FromFloat32(x)
		}
		for n := 0; n <= 70; n++ {
			src := make([]float32, n)
			for i := range src {
				src[i] = math.Float32frombits(rng.Uint32())
				switch rng.Intn(4) {
				case 0: // ties and near-ties of bf16 (low halves 0x7fff, 0x8000)
					src[i] = math.Float32frombits(rng.Uint32()&0xffff0000 | uint32(0x7fff+rng.Intn(2)))
				case 1: // f16's range, its ties and subnormals
					src[i] = math.Float32frombits(uint32(rng.Intn(2))<<31 | uint32(0x33000000+rng.Intn(0x14800000))&^0xfff | uint32(0xfff*rng.Intn(2)+rng.Intn(2)))
				}
			}
			if n > 20 {
				src[n/2] = math.Float32frombits(0x7f800001) // a NaN whose payload rounds away
			}
			dst := make([]uint16, n)
			narrowHalf(dst, src, kind)
			for i, x := range src {
				if want := round(x); dst[i] != want {
					t.Fatalf("%v n=%d: element %d (%#08x): %#04x, want %#04x", kind, n, i, math.Float32bits(x), dst[i], want)
				}
			}
			// Back, with a signalling f16 NaN among them: it comes out
			// quiet.
			if kind == kF16 && n > 30 {
				dst[n/3] = 0x7c01
			}
			back := make([]float32, n)
			mags := widenHalf(back, dst, kind)
			for i, h := range dst {
				if want := halfToFloat32(h, kind); math.Float32bits(back[i]) != math.Float32bits(want) {
					t.Fatalf("%v n=%d: widened element %d (%#04x): %#08x, want %#08x", kind, n, i, h, math.Float32bits(back[i]), math.Float32bits(want))
				}
			}
			if want := magnitudes(dst); mags != want {
				t.Fatalf("%v n=%d: magnitudes %#v, want %#v", kind, n, mags, want)
			}
		}
	}
	// halfToFloat32 is runtime's widening, but for signalling NaNs.
	for h := 0; h < 1<<16; h++ {
		got, want := halfToFloat32(uint16(h), kF16), runtime.F16ToFloat32(uint16(h))
		if math.Float32bits(got) != math.Float32bits(want) && !(h&0x7c00 == 0x7c00 && h&0x200 == 0 && h&0x3ff != 0) {
			t.Fatalf("f16 %#04x: %#08x, want %#08x", h, math.Float32bits(got), math.Float32bits(want))
		}
	}
}

// TestExactProducts checks the bounds that let 16-bit contractions run
// fused: against products computed exactly in float64, for every pair of
// bf16 exponents (and of f16 ones) at the edges of the ranges.
func TestExactProducts(t *testing.T) {
	for _, c := range []struct {
		kind       elemKind
		mant, bias int
	}{{kBF16, 7, 127}, {kF16, 10, 15}} {
		maxE := 2*c.bias + 1
		enc := func(e, m int) uint16 { return uint16(e<<c.mant | m) }
		val := func(h uint16) float64 {
			if c.kind == kBF16 {
				return float64(math.Float32frombits(uint32(h) << 16))
			}
			return float64(runtime.F16ToFloat32(h))
		}
		for ea := 0; ea < maxE; ea++ {
			for eb := 0; eb < maxE; eb++ {
				// The elements with the most and the fewest trailing bits
				// at these exponents: their product is the one to lose
				// bits or overflow first.
				low, high := 1, 1<<c.mant-1
				a := factor{kind: c.kind, mags: magRange{least: enc(ea, low), most: enc(ea, high)}}
				b := factor{kind: c.kind, mags: magRange{least: enc(eb, low), most: enc(eb, high)}}
				exact := true
				for _, x := range []uint16{a.mags.least, a.mags.most} {
					for _, y := range []uint16{b.mags.least, b.mags.most} {
						p := val(x) * val(y) // exact in float64 (at most 22 bits)
						exact = exact && float64(float32(p)) == p && !math.IsInf(float64(float32(p)), 0)
					}
				}
				if got := exactProducts(a, b); got && !exact {
					t.Fatalf("%v: exponents %d and %d: exactProducts says exact, a product is not", c.kind, ea, eb)
				}
			}
		}
		// Inf or NaN in a factor: never.
		inf := factor{kind: c.kind, mags: magRange{least: 1, most: enc(maxE, 0)}}
		one := factor{kind: c.kind, mags: magRange{least: enc(c.bias, 0), most: enc(c.bias, 0)}}
		if exactProducts(inf, one) || exactProducts(one, inf) {
			t.Fatalf("%v: a factor with Inf passes", c.kind)
		}
		if !exactProducts(one, one) {
			t.Fatalf("%v: ones do not pass", c.kind)
		}
	}
	// Real data passes: bf16 magnitudes from 2^-60 to 2^60.
	wide := factor{kind: kBF16, mags: magRange{least: 67 << 7, most: 187<<7 | 127}}
	if !exactProducts(wide, wide) {
		t.Fatalf("bf16 between 2^-60 and 2^60 does not pass")
	}
	// f32 factors (not widened) never pass.
	if exactProducts(factor{kind: kF32}, factor{kind: kF32}) {
		t.Fatalf("f32 factors pass")
	}
}
