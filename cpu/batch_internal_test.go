package cpu

import "testing"

// batchFor keeps batchOf's batches where the panel stays in L2, and
// elsewhere gives a worker's row tiles as few even batches as
// wideBatchSums allows (never fewer tiles than batchOf, never a division
// by an empty range).
func TestBatchFor(t *testing.T) {
	for _, c := range []struct{ nT, K, units, want int }{
		{4, 576, 3136, batchOf(4)}, // a forward 3x3 into 64 channels: 147 KB
		{4, 25088, 72, 72},         // its weight gradient at 8x56x56: 6.4 MB, one pass
		{4, 25088, 600, 300},       // 600 tiles: two passes of 300 (512 would leave 88)
		{8, 6272, 144, 144},        // into 128 channels at stride 2: 3.2 MB
		{16, 25088, 200, 100},      // 256 columns: at most 128 tiles a pass
		{2, 25088, 7, batchOf(2)},  // fewer tiles than batchOf's
		{4, 25088, 0, batchOf(4)},  // an empty range
		{8, 1024, 128, batchOf(8)}, // 512 KB exactly stays in L2
		{8, 1152, 128, 128},        // a forward 3x3 into 128 channels: 576 KB
	} {
		if got := batchFor(c.nT, c.K, c.units); got != c.want {
			t.Errorf("batchFor(nT %d, K %d, %d tiles) = %d, want %d", c.nT, c.K, c.units, got, c.want)
		}
	}
}
