package cpu

import (
	"sync/atomic"
	"unsafe"
)

// Transposing copies: a strided copy whose innermost destination dim
// (stride 1 there) is strided in the source while another dim is
// contiguous in the source — the NCHW ↔ NHWC moves of a decomposed data
// gradient's dy and result. Element by element, every load of such a copy
// falls on a different line; by 8x8 blocks (transpose8x8) every line is
// read and written in 32-byte pieces.

// transposedCopies counts the copies run as transposes (tests).
var transposedCopies atomic.Int64

// transposeDims reorders a copy's loops (extents ext, destination and
// source strides cd and cs, innermost last) so that the loop contiguous in
// the source (forwards or backwards) comes just before the innermost one, when the copy is a
// transpose of at least 8x8 elements; ok is false (and the loops are
// returned as they are) when it is not.
func transposeDims(ext, cd, cs []int64) (e, d, s []int64, ok bool) {
	r := len(ext)
	if !haveAVX || r < 2 || cd[r-1] != 1 || cs[r-1] == 1 || ext[r-1] < 8 {
		return ext, cd, cs, false
	}
	j := -1
	for i := 0; i < r-1; i++ {
		if (cs[i] == 1 || cs[i] == -1) && ext[i] >= 8 {
			j = i
		}
	}
	if j < 0 {
		return ext, cd, cs, false
	}
	e, d, s = make([]int64, 0, r), make([]int64, 0, r), make([]int64, 0, r)
	for i := 0; i < r-1; i++ {
		if i != j {
			e, d, s = append(e, ext[i]), append(d, cd[i]), append(s, cs[i])
		}
	}
	e, d, s = append(e, ext[j], ext[r-1]), append(d, cd[j], cd[r-1]), append(s, cs[j], cs[r-1])
	return e, d, s, true
}

// copyTransposed is copyNest for loops in transposeDims' order: the last
// two loops by transpose2D. The caller has checked that both ends of every
// run lie in the slices (as for copyNest).
func copyTransposed(dst, src []uint32, ext, cd, cs []int64, od, os int64) {
	if len(ext) > 2 {
		for i := int64(0); i < ext[0]; i++ {
			copyTransposed(dst, src, ext[1:], cd[1:], cs[1:], od, os)
			od += cd[0]
			os += cs[0]
		}
		return
	}
	transpose2D(dst, src, ext[0], ext[1], cd[0], cs[0], cs[1], od, os)
}

// transpose2D copies dst[od + j·dj + i] = src[os + j·sj + i·si] for j < nj,
// i < ni, sj ±1 (the source contiguous along j, forwards or backwards):
// 8x8 blocks by transpose8x8, the ragged edges element by element. Every
// block's corners are checked, hence all of it; the edges' runs check
// their ends. A transposing copy's last two dims and a stage's move to
// the output (stage.go) are each one (transposePoints writes its one
// case out: it runs every 8 points of a panel).
func transpose2D[E ~uint32 | ~float32](dst, src []E, nj, ni, dj, sj, si, od, os int64) {
	j8, i8 := nj&^7, ni&^7
	for j0 := int64(0); j0 < j8; j0 += 8 {
		for i0 := int64(0); i0 < i8; i0 += 8 {
			d, s := od+j0*dj+i0, os+i0*si+j0*sj
			if sj < 0 {
				// The source runs backwards along j (a flipped kernel's
				// taps): its 8 elements start at j0+7, and the rows they
				// transpose into are written last to first.
				d, s = d+7*dj, s-7
			}
			_, _ = dst[d+min(0, 7*dj*sj)], dst[d+7+max(0, 7*dj*sj)]
			_, _ = src[s+min(0, 7*si)], src[s+7+max(0, 7*si)]
			transpose8x8((*float32)(unsafe.Pointer(&dst[d])), int(dj*sj*4), (*float32)(unsafe.Pointer(&src[s])), int(si*4))
		}
		for j := j0; j < j0+8; j++ {
			copyRun(dst, src, ni-i8, 1, si, od+j*dj+i8, os+i8*si+j*sj)
		}
	}
	for j := j8; j < nj; j++ {
		copyRun(dst, src, ni, 1, si, od+j*dj, os+j*sj)
	}
}
