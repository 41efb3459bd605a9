package cpu

import (
	"math"
	"testing"
)

// TestGatherLanes16 checks gatherLanes16 and its fused form against
// their definition, bit by bit: rows whose sums start at zero and rows
// that add to the output (load), a partial block of lanes whose
// masked-off lanes point a gigabyte away (touching them would fault),
// reduction points in no particular order and one before a row's start
// (each lane sums them in the table's order: the same bits as a scalar
// loop rounding the same way).
func TestGatherLanes16(t *testing.T) {
	if !haveAVX512 {
		t.Skip("the CPU lacks AVX-512")
	}
	const (
		groupStride = 37 // floats between two lanes' elements in a
		outStride   = 41
		rows        = 5
	)
	ra := []int{3, 0, 7, -1}
	a := make([]float32, groupLanes*groupStride+64)
	for i := range a {
		a[i] = float32(math.Sin(float64(i)*0.7)) * 3
	}
	var bp [4 * groupLanes]float32
	for i := range bp {
		bp[i] = float32(math.Cos(float64(i)*1.3)) / 3
	}
	var aIdx, oIdx [groupLanes]int32
	for l := range groupLanes {
		aIdx[l], oIdx[l] = int32(l*groupStride*4), int32(l*outStride*4)
	}
	rowsA, rowsO := make([]int, rows), make([]int, rows)
	for r := range rows {
		rowsA[r], rowsO[r] = (r*5%11+1)*4, (r*3+1)*4
	}
	raB := scaled(ra, 4)
	for _, fused := range []bool{false, true} {
		for _, load := range []int{0, 1} {
			for _, lanes := range []int{groupLanes, 11} {
				out := make([]float32, groupLanes*outStride+32)
				for i := range out {
					out[i] = float32(i%7) - 3
				}
				want := append([]float32{}, out...)
				for r := range rows {
					for l := range lanes {
						o := rowsO[r]/4 + l*outStride
						s := float32(0)
						if load == 1 {
							s = want[o]
						}
						for k, p := range ra {
							x, y := a[rowsA[r]/4+p+l*groupStride], bp[k*groupLanes+l]
							if fused {
								s = float32(math.FMA(float64(x), float64(y), float64(s)))
							} else {
								s += float32(x * y)
							}
						}
						want[o] = s
					}
				}
				// Lanes past the block's groups point far outside both
				// buffers.
				offA, offO := aIdx, oIdx
				for l := lanes; l < groupLanes; l++ {
					offA[l], offO[l] = 1<<30, -1<<30
				}
				mask := uint64(1)<<lanes - 1
				if fused {
					gatherLanes16f(&a[0], &offA, &rowsA[0], &raB[0], len(ra), &bp[0], &out[0], &offO, &rowsO[0], rows, mask, load)
				} else {
					gatherLanes16(&a[0], &offA, &rowsA[0], &raB[0], len(ra), &bp[0], &out[0], &offO, &rowsO[0], rows, mask, load)
				}
				for i := range out {
					if math.Float32bits(out[i]) != math.Float32bits(want[i]) {
						t.Fatalf("fused %v load %d lanes %d: out[%d] = %v, want %v", fused, load, lanes, i, out[i], want[i])
					}
				}
			}
		}
	}
}
