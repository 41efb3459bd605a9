package cpu

import "sync/atomic"

// Offset tables kept across runs. A contraction's reduction table has an
// entry per reduction point (25088 for a weight gradient at 8x56x56) and
// its row table one per output row (as many for a convolution);
// building them is work for one core while the other waits, 50-100 µs
// before every such step of every run. A kept kernel's loops and
// strides are the same in every run (prepCache.keep keeps only steps
// without dynamic views), so its contraction builds them in its first
// run and reads them in the later ones. A nil *contractionTables keeps
// nothing: every call builds new ones.

// tables returns the tables k's contraction keeps (nil: none, or no
// contraction).
func (k *kernel) tables() *contractionTables {
	if k.fast == nil {
		return nil
	}
	return k.fast.tables
}

// scaled is a new table of t's entries times by (offsets in bytes, or
// in 16-lane points), for keeping; inBytes is its scratch form.
func scaled(t []int, by int) []int {
	s := make([]int, len(t))
	for r, x := range t {
		s[r] = x * by
	}
	return s
}

// tableBuilds counts the tables and plans built (tests).
var tableBuilds atomic.Int64

// contractionTables are one kept contraction's tables, each nil until
// built. Nothing writes to a table once built, but for the windows of a
// folded pad that a column plan or its gathered-lanes plan works out
// the first time it meets one (padsPlanned; on the calling goroutine,
// before the workers start: an Executor runs one plan at a time).
type contractionTables struct {
	ra, rb []int // the reduction points' offsets in the two factors
	raB    []int // ra in bytes of float32
	rows   []int // the vecSpace's rows: rowA, then rowO
	runs   []int // sumRuns(ra)
	// group is laneGroup's plan (nil: the path does not apply), once
	// groupPlanned.
	group        *laneRows
	groupPlanned bool
	column       *columnPlan // planOneColumn's plan
}

// reduction returns the offsets of the reduction loops red's points in
// the first factor and, withB, the second (else nil).
func (t *contractionTables) reduction(red []tdim, withB bool) (ra, rb []int) {
	if t != nil && t.ra != nil {
		return t.ra, t.rb
	}
	K := 1
	for _, d := range red {
		K *= d.ext
	}
	tableBuilds.Add(1)
	ra = make([]int, K)
	if withB {
		rb = make([]int, K)
	}
	offsetTables(red, ra, rb, nil)
	if t != nil {
		t.ra, t.rb = ra, rb
	}
	return ra, rb
}

// vecRows sets v's row tables (buildRows).
func (t *contractionTables) vecRows(v *vecSpace) {
	if t != nil && t.rows != nil {
		n := len(t.rows) / 2
		v.rowA, v.rowO = t.rows[:n:n], t.rows[n:2*n:2*n]
		return
	}
	tableBuilds.Add(1)
	rows := make([]int, 2*v.rowCount())
	v.buildRows(rows)
	if t != nil {
		t.rows = rows
	}
}

// bytes32 returns ra (the reduction table) in bytes of float32.
func (t *contractionTables) bytes32(ra []int) []int {
	if t != nil && t.raB != nil {
		return t.raB
	}
	b := scaled(ra, 4)
	if t != nil {
		t.raB = b
	}
	return b
}

// sumRuns is sumRuns(ra).
func (t *contractionTables) sumRuns(ra []int) []int {
	if t != nil && t.runs != nil {
		return t.runs
	}
	runs := append([]int{}, sumRuns(ra)...)
	if t != nil {
		t.runs = runs
	}
	return runs
}

// laneGroup is laneGroup(v, dm, dn, ra, rb).
func (t *contractionTables) laneGroup(v *vecSpace, dm, dn tdim, ra, rb []int) *laneRows {
	if t != nil && t.groupPlanned {
		return t.group
	}
	tableBuilds.Add(1)
	lr := laneGroup(v, dm, dn, ra, rb)
	if t != nil {
		t.group, t.groupPlanned = lr, true
	}
	return lr
}

// oneColumn is planOneColumn(v, dm, ra, rb).
func (t *contractionTables) oneColumn(v *vecSpace, dm tdim, ra, rb []int) *columnPlan {
	if t != nil && t.column != nil {
		return t.column
	}
	tableBuilds.Add(1)
	cp := planOneColumn(v, dm, ra, rb)
	if t != nil {
		t.column = cp
	}
	return cp
}
