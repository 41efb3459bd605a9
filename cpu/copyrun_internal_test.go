package cpu

import (
	"slices"
	"testing"
)

// TestCopyRun checks the unchecked strided copy against the plain loop:
// run lengths around the 4-element unroll, positive and negative
// strides on either side, every element size.
func TestCopyRun(t *testing.T) {
	check := func(name string, run func(dst []uint64, src []uint64, n, sd, ss, od, os int64)) {
		for n := int64(0); n <= 9; n++ {
			for _, sd := range []int64{1, 3, -1, -2} {
				for _, ss := range []int64{1, 5, -3} {
					src := make([]uint64, 100)
					for i := range src {
						src[i] = uint64(i*37%65521) + 1 // fits every element size
					}
					od, os := int64(40), int64(40)
					want := make([]uint64, 100)
					got := make([]uint64, 100)
					for i := int64(0); i < n; i++ {
						want[od+i*sd] = src[os+i*ss]
					}
					run(got, src, n, sd, ss, od, os)
					if !slices.Equal(got, want) {
						t.Fatalf("%s: n=%d sd=%d ss=%d: got %v, want %v", name, n, sd, ss, got, want)
					}
				}
			}
		}
	}
	check("uint64", func(d, s []uint64, n, sd, ss, od, os int64) { copyRun(d, s, n, sd, ss, od, os) })
	// Narrower elements: copy typed copies and widen back.
	check("uint32", narrowed[uint32])
	check("uint16", narrowed[uint16])
	// A run that would leave its slice panics instead of writing past it.
	defer func() {
		if recover() == nil {
			t.Fatalf("an out-of-range run did not panic")
		}
	}()
	copyRun(make([]uint32, 8), make([]uint32, 8), 3, 4, 1, 0, 0)
}

// narrowed is copyRun on E-typed copies of d and s, widened back.
func narrowed[E uint16 | uint32](d, s []uint64, n, sd, ss, od, os int64) {
	dn, sn := make([]E, len(d)), make([]E, len(s))
	for i := range s {
		sn[i] = E(s[i])
	}
	copyRun(dn, sn, n, sd, ss, od, os)
	for i := range d {
		d[i] = uint64(dn[i])
	}
}
