package codegen

import "strings"

// SetLargeTileMinTiles lets the tests give their small contractions the
// 128×128 tensor-core tile (mmaShapeFor); it returns the undo.
func SetLargeTileMinTiles(n int64) (restore func()) {
	old := largeTileMinTiles
	largeTileMinTiles = n
	return func() { largeTileMinTiles = old }
}

// SetNarrowFill lets the tests give their small narrow contractions
// several rows a thread (narrowing.rowsPerThread: narrowFill and
// narrowBlockRows); it returns the undo.
func SetNarrowFill(n int64) (restore func()) {
	oldFill, oldBlock := narrowFill, narrowBlockRows
	narrowFill, narrowBlockRows = n, n
	return func() { narrowFill, narrowBlockRows = oldFill, oldBlock }
}

// DealBlocks is the statements that give block blockIdx.x of a launch
// of members with grids (largest first) its tl_member and tl_block.
func DealBlocks(grids []int) string {
	var sb strings.Builder
	dealBlocks(&sb, grids)
	return sb.String()
}
