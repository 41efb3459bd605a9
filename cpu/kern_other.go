//go:build !amd64

package cpu

const haveAVX = false

const haveAVX512 = false

const haveFMA = false

const havePrefetchW = false

func kern4x16(a, b *float32, c *[64]float32, k int) {
	panic("cpu: no vector kernel on this architecture")
}

func kern4x16r(a *float32, offs *[4]int, ra *int, b *float32, c *[64]float32, k int) {
	panic("cpu: no vector kernel on this architecture")
}

func kern16x4(a *float32, ra *int, b *float32, c *[64]float32, k int) {
	panic("cpu: no vector kernel on this architecture")
}

func kern8x4runs(a *float32, offs *[4]int, ra *int, b *float32, boff int, rb *int, c *[32]float32, k int) {
	panic("cpu: no vector kernel on this architecture")
}

func transpose8x8(dst *float32, ds int, src *float32, ss int) {
	panic("cpu: no vector kernel on this architecture")
}

func kern8x16(a0, a1, b *float32, c0, c1 *[64]float32, k int) {
	panic("cpu: no vector kernel on this architecture")
}

func kern8x16f(a0, a1, b *float32, c0, c1 *[64]float32, k int) {
	panic("cpu: no vector kernel on this architecture")
}

func kern8x16r(a *float32, offs0, offs1 *[4]int, ra *int, b *float32, c0, c1 *[64]float32, k int) {
	panic("cpu: no vector kernel on this architecture")
}

func kern8x16rf(a *float32, offs0, offs1 *[4]int, ra *int, b *float32, c0, c1 *[64]float32, k int) {
	panic("cpu: no vector kernel on this architecture")
}

func storeT4x16(dst *float32, stride int, c *[64]float32) {
	panic("cpu: no vector kernel on this architecture")
}

func kern4x16x2(a, b0, b1 *float32, c *[128]float32, k int) {
	panic("cpu: no vector kernel on this architecture")
}

func kern4x16x2r(a *float32, offs *[4]int, ra *int, b0, b1 *float32, c *[128]float32, k int) {
	panic("cpu: no vector kernel on this architecture")
}

func kern4x16f(a, b *float32, c *[64]float32, k int) {
	panic("cpu: no vector kernel on this architecture")
}

func kern4x16rf(a *float32, offs *[4]int, ra *int, b *float32, c *[64]float32, k int) {
	panic("cpu: no vector kernel on this architecture")
}

func kern16x4f(a *float32, ra *int, b *float32, c *[64]float32, k int) {
	panic("cpu: no vector kernel on this architecture")
}

func kern8x4runsf(a *float32, offs *[4]int, ra *int, b *float32, boff int, rb *int, c *[32]float32, k int) {
	panic("cpu: no vector kernel on this architecture")
}

func kern4x16x2f(a, b0, b1 *float32, c *[128]float32, k int) {
	panic("cpu: no vector kernel on this architecture")
}

func kern4x16x2rf(a *float32, offs *[4]int, ra *int, b0, b1 *float32, c *[128]float32, k int) {
	panic("cpu: no vector kernel on this architecture")
}

func kern16x4runs(a *float32, offs *[4]int, ra *int, b *float32, boff int, rb *int, out *float32, outs *[4]int, masks uint64, load int, k int) {
	panic("cpu: no vector kernel on this architecture")
}

func kern16x4runsf(a *float32, offs *[4]int, ra *int, b *float32, boff int, rb *int, out *float32, outs *[4]int, masks uint64, load int, k int) {
	panic("cpu: no vector kernel on this architecture")
}

func kern16x4lanes(a *float32, offs *[4]int, ra *int, b *float32, boff int, rb *int, c *[64]float32, k int) {
	panic("cpu: no vector kernel on this architecture")
}

func kern16x4lanesf(a *float32, offs *[4]int, ra *int, b *float32, boff int, rb *int, c *[64]float32, k int) {
	panic("cpu: no vector kernel on this architecture")
}

func transpose16x16(dst *float32, ds int, src *float32, ss int) {
	panic("cpu: no vector kernel on this architecture")
}

func kern8x16x2(a0, a1, b0, b1 *float32, c0, c1 *[128]float32, k int) {
	panic("cpu: no vector kernel on this architecture")
}

func kern8x16x2f(a0, a1, b0, b1 *float32, c0, c1 *[128]float32, k int) {
	panic("cpu: no vector kernel on this architecture")
}

func kern8x16x2r(a *float32, offs0, offs1 *[4]int, ra *int, b0, b1 *float32, c0, c1 *[128]float32, k int) {
	panic("cpu: no vector kernel on this architecture")
}

func kern8x16x2rf(a *float32, offs0, offs1 *[4]int, ra *int, b0, b1 *float32, c0, c1 *[128]float32, k int) {
	panic("cpu: no vector kernel on this architecture")
}

func kern12x16x2r(a *float32, offs0, offs1, offs2 *[4]int, ra *int, b0, b1 *float32, c0, c1, c2 *[128]float32, k int) {
	panic("cpu: no vector kernel on this architecture")
}

func kern12x16x2rf(a *float32, offs0, offs1, offs2 *[4]int, ra *int, b0, b1 *float32, c0, c1, c2 *[128]float32, k int) {
	panic("cpu: no vector kernel on this architecture")
}

func kern12x16x2r2(a *float32, offs0, offs1, offs2 *[4]int, ra *int, b0, b1 *float32, c0, c1, c2 *[128]float32, k int) {
	panic("cpu: no vector kernel on this architecture")
}

func kern12x16x2r2f(a *float32, offs0, offs1, offs2 *[4]int, ra *int, b0, b1 *float32, c0, c1, c2 *[128]float32, k int) {
	panic("cpu: no vector kernel on this architecture")
}

func gatherLanes16(a *float32, aIdx *[16]int32, rowsA *int, ra *int, k int, bp *float32, out *float32, oIdx *[16]int32, rowsO *int, rows int, lanes uint64, load int) {
	panic("cpu: no vector kernel on this architecture")
}

func gatherLanes16f(a *float32, aIdx *[16]int32, rowsA *int, ra *int, k int, bp *float32, out *float32, oIdx *[16]int32, rowsO *int, rows int, lanes uint64, load int) {
	panic("cpu: no vector kernel on this architecture")
}

func sumT16x16(acc *[16]float32, src *float32, ss int) {
	panic("cpu: no vector kernel on this architecture")
}

func sumCols16(acc *[16]float32, a *float32, offs *int, n int) {
	panic("cpu: no vector kernel on this architecture")
}

func sumCols16d(acc *[16]float64, a *float32, offs *int, n int) {
	panic("cpu: no vector kernel on this architecture")
}

func sumT16x16d(acc *[16]float64, src *float32, ss int) {
	panic("cpu: no vector kernel on this architecture")
}

func sqDevT16x16d(acc *[16]float64, src *float32, ss int, mean *[16]float32) {
	panic("cpu: no vector kernel on this architecture")
}

func mulDevT16x16d(acc *[16]float64, src, scale *float32, ss int, mean *[16]float32) {
	panic("cpu: no vector kernel on this architecture")
}

func kern16x4z(a *float32, ra *int, b *float32, c *[64]float32, k int) {
	panic("cpu: no vector kernel on this architecture")
}

func kern16x4zf(a *float32, ra *int, b *float32, c *[64]float32, k int) {
	panic("cpu: no vector kernel on this architecture")
}

func kern16x8(a *float32, ra *int, b0, b1 *float32, c *[128]float32, k int) {
	panic("cpu: no vector kernel on this architecture")
}

func kern16x8f(a *float32, ra *int, b0, b1 *float32, c *[128]float32, k int) {
	panic("cpu: no vector kernel on this architecture")
}

func kern16x8z(a *float32, ra *int, b0, b1 *float32, c *[128]float32, k int) {
	panic("cpu: no vector kernel on this architecture")
}

func kern16x8zf(a *float32, ra *int, b0, b1 *float32, c *[128]float32, k int) {
	panic("cpu: no vector kernel on this architecture")
}

func kern16x4x4lanes(a *float32, offs *[4]int, ra *int, b *float32, boff, bstride int, rb *int, c *[256]float32, k int) {
	panic("cpu: no vector kernel on this architecture")
}

func kern16x4x4lanesf(a *float32, offs *[4]int, ra *int, b *float32, boff, bstride int, rb *int, c *[256]float32, k int) {
	panic("cpu: no vector kernel on this architecture")
}

func kern16x9lanes(a *float32, offs *[3]int, ra *int, b *float32, boff int, rb *int, c *[144]float32, k int) {
	panic("cpu: no vector kernel on this architecture")
}

func kern16x9lanesf(a *float32, offs *[3]int, ra *int, b *float32, boff int, rb *int, c *[144]float32, k int) {
	panic("cpu: no vector kernel on this architecture")
}

func dotFMA32(a *float32, pa int, ra *int, b *float32, pb int, rb *int, k int, acc float32) float32 {
	panic("cpu: no vector kernel on this architecture")
}

func addRows4x16(c *[64]float32, b *[16]float32) {
	for i := range 4 {
		for j, x := range b {
			c[i*16+j] += x
		}
	}
}

// prefetchLines and prefetchWLines are hints; without them nothing
// changes but the time.
func prefetchLines(p *float32, n int) {}

func prefetchWLines(p *float32, n int) {}

func addBcastRows4x16(c *[64]float32, b *[4]float32) {
	for i := range 4 {
		for j := range 16 {
			c[i*16+j] += b[i]
		}
	}
}

func sqDevT16x16(acc *[16]float32, src *float32, ss int, mean *[16]float32) {
	panic("cpu: no vector kernel on this architecture")
}

func mulDevT16x16(acc *[16]float32, src, scale *float32, ss int, mean *[16]float32) {
	panic("cpu: no vector kernel on this architecture")
}

func storeT12x16(dst *float32, stride int, c0, c1, c2 *[64]float32) {
	panic("cpu: no vector kernel on this architecture")
}

func storeRows4x16(dst *float32, offs *[4]int, c *[64]float32) {
	panic("cpu: no vector kernel on this architecture")
}

func storeRows4x16NT(dst *float32, offs *[4]int, c *[64]float32) {
	panic("cpu: no vector kernel on this architecture")
}

func sfence() {}

func packRows16(dst, src *float32, rb *int, k, tiles, stride int) {
	panic("cpu: no vector kernel on this architecture")
}

func kern16x4runs2(a *float32, offs *[4]int, ra *int, b *float32, boff int, rb *int, out *float32, outs *[4]int, masks uint64, emasks *[4]uint32, k int) {
	panic("cpu: no vector kernel on this architecture")
}

func kern16x4runs2f(a *float32, offs *[4]int, ra *int, b *float32, boff int, rb *int, out *float32, outs *[4]int, masks uint64, emasks *[4]uint32, k int) {
	panic("cpu: no vector kernel on this architecture")
}

func copyRows16(dst, src *float32, rows, n, dstStride, srcStride int) {
	panic("cpu: no vector kernel on this architecture")
}

func storeEven16x4(dst *float32, cstride int, src *float32, mask uint32, n int) {
	panic("cpu: no vector kernel on this architecture")
}
