package filecheck

import (
	"bytes"
	"fmt"
	"regexp"
	"sort"
	"strings"
)

// run applies the checks to c.input following FileCheck's algorithm: the
// CHECK-LABEL matches are located first and split the input into blocks, then
// the checks between two labels are verified inside their block. A failure in
// one block does not prevent the following blocks from being checked, so one
// run reports every independent problem.
func (c *checker) run(checks []*checkString) bool {
	failed := false
	bufStart := 0
	i, j := 0, 0
	for {
		var regionStart, regionEnd int
		if j == len(checks) {
			regionStart, regionEnd = bufStart, len(c.input)
		} else {
			cs := checks[j]
			if cs.pat.kind != kindLabel {
				j++
				continue
			}
			end, ok := c.checkOne(cs, bufStart, len(c.input), true)
			if !ok {
				return false
			}
			regionStart, regionEnd = bufStart, end
			bufStart = end
			j++
		}
		for ; i != j; i++ {
			end, ok := c.checkOne(checks[i], regionStart, regionEnd, false)
			if !ok {
				failed = true
				i = j
				break
			}
			regionStart = end
		}
		if j == len(checks) {
			break
		}
	}
	return !failed
}

// checkOne verifies one check string in input[start:end] and returns the
// end of its positive pattern's match. In label-scan mode only the pattern
// itself is matched; its DAG/NOT directives and NEXT/SAME constraints are
// verified later, when the label is checked again inside its block.
func (c *checker) checkOne(cs *checkString, start, end int, labelScan bool) (int, bool) {
	lastPos := start
	var nots []*pattern
	if !labelScan {
		var ok bool
		if lastPos, nots, ok = c.checkDAG(cs, start, end); !ok {
			return 0, false
		}
	}
	pat := cs.pat
	first, last := -1, lastPos
	for n := 1; n <= pat.count; n++ {
		pos, mend, st := c.match(pat, last, end)
		if st == matchFailed {
			return 0, false
		}
		if st == notFound {
			msg := pat.name() + ": expected string not found in input"
			if pat.count > 1 {
				msg += fmt.Sprintf(" (%d out of %d)", n, pat.count)
			}
			c.diags = append(c.diags, c.note(c.checkName, c.check, pat.off, 0, "error", msg)+"\n"+
				c.note(inputName, c.input, last, 0, "note", "scanning from here")+c.context(last))
			return 0, false
		}
		if n == 1 {
			first = pos
		}
		last = mend
	}
	if labelScan {
		return last, true
	}
	skipped := c.input[lastPos:first]
	nl := bytes.IndexByte(skipped, '\n')
	lines := bytes.Count(skipped, []byte{'\n'})
	var wrong string
	switch {
	case (pat.kind == kindNext || pat.kind == kindEmpty) && lines == 0:
		wrong = "is on the same line as previous match"
	case (pat.kind == kindNext || pat.kind == kindEmpty) && lines > 1:
		wrong = "is not on the line after the previous match"
	case pat.kind == kindSame && lines > 0:
		wrong = "is not on the same line as the previous match"
	}
	if wrong != "" {
		d := c.note(c.checkName, c.check, pat.off, 0, "error", pat.name()+": "+wrong) + "\n" +
			c.note(inputName, c.input, first, 0, "note", "'next' match was here") + "\n" +
			c.note(inputName, c.input, lastPos, 0, "note", "previous match ended here")
		if pat.kind != kindSame && lines > 1 {
			d += "\n" + c.note(inputName, c.input, lastPos+nl+1, 0, "note", "non-matching line after previous match is here")
		}
		c.diags = append(c.diags, d)
		return 0, false
	}
	if !c.checkNot(nots, lastPos, first) {
		return 0, false
	}
	return last, true
}

// checkDAG matches the CHECK-DAG groups preceding a positive check. Within a
// group the patterns may match in any order but not overlap; CHECK-NOTs that
// precede a group must not match between the previous group (or the previous
// positive match) and the first match of the group. It returns the position
// after the last group and the CHECK-NOTs left for the positive check.
func (c *checker) checkDAG(cs *checkString, start, end int) (int, []*pattern, bool) {
	type rng struct{ pos, end int }
	var nots []*pattern
	var ranges []rng // sorted, non-overlapping matches of the current group
	startPos := start
	for idx, pat := range cs.dagNots {
		if pat.kind == kindNot {
			nots = append(nots, pat)
			continue
		}
		from := startPos
		mi := 0
		for {
			pos, mend, st := c.match(pat, from, end)
			if st == matchFailed {
				return 0, nil, false
			}
			if st == notFound {
				c.diags = append(c.diags, c.note(c.checkName, c.check, pat.off, 0, "error", pat.name()+": expected string not found in input")+"\n"+
					c.note(inputName, c.input, from, 0, "note", "scanning from here")+c.context(from))
				return 0, nil, false
			}
			m := rng{pos, mend}
			overlap := false
			for ; mi < len(ranges); mi++ {
				if m.pos < ranges[mi].end {
					overlap = ranges[mi].pos < m.end
					break
				}
			}
			if !overlap {
				ranges = append(ranges, m)
				sort.Slice(ranges, func(a, b int) bool { return ranges[a].pos < ranges[b].pos })
				break
			}
			from = ranges[mi].end
			mi++
		}
		if idx+1 == len(cs.dagNots) || cs.dagNots[idx+1].kind == kindNot {
			if len(nots) > 0 {
				if !c.checkNot(nots, startPos, ranges[0].pos) {
					return 0, nil, false
				}
				nots = nil
			}
			startPos = ranges[len(ranges)-1].end
			ranges = ranges[:0]
		}
	}
	return startPos, nots, true
}

// checkNot reports every CHECK-NOT pattern that matches in input[start:end].
func (c *checker) checkNot(nots []*pattern, start, end int) bool {
	ok := true
	for _, pat := range nots {
		pos, mend, st := c.match(pat, start, end)
		switch st {
		case matchFailed:
			ok = false
		case matched:
			ok = false
			c.diags = append(c.diags, c.note(c.checkName, c.check, pat.off, 0, "error", pat.name()+": excluded string found in input")+"\n"+
				c.note(inputName, c.input, pos, mend-pos, "note", "found here"))
		}
	}
	return ok
}

type matchStatus int

const (
	matched matchStatus = iota
	notFound
	matchFailed // a diagnostic (e.g. undefined variable) was already recorded
)

// match finds the leftmost match of pat in input[start:end]. Like FileCheck's
// newline-sensitive regexes, a match never spans lines, so the search is done
// line by line. On success the variables defined by pat are updated.
func (c *checker) match(pat *pattern, start, end int) (int, int, matchStatus) {
	in := c.input
	switch {
	case pat.kind == kindEOF:
		return end, end, matched
	case pat.kind == kindEmpty:
		// FileCheck matches the regex "\n$": a newline followed by another
		// newline or the end of the searched range. The match starts after
		// that newline, so a final "\n" counts as an empty last line.
		for i := start; i < end; i++ {
			if in[i] == '\n' && (i+1 == end || in[i+1] == '\n') {
				return i + 1, i + 1, matched
			}
		}
		return 0, 0, notFound
	case pat.isFixed:
		i := bytes.Index(in[start:end], []byte(pat.fixed))
		if i < 0 {
			return 0, 0, notFound
		}
		return start + i, start + i + len(pat.fixed), matched
	}
	var sb strings.Builder
	failed := false
	for i, s := range pat.segs {
		switch s.kind {
		case segLit:
			sb.WriteString(regexp.QuoteMeta(s.text))
		case segRegex:
			sb.WriteString("(?:" + s.text + ")")
		case segDef:
			fmt.Fprintf(&sb, "(?P<v%d>%s)", i, s.text)
		case segRef:
			// Relaxed to the defining regex here; enforced by matchRefs.
			sb.WriteString("(?:" + pat.segs[s.ref].text + ")")
		case segUse:
			v, ok := c.vars[s.name]
			if !ok {
				c.diags = append(c.diags, c.note(c.checkName, c.check, s.off, 0, "error", "undefined variable: "+s.name))
				failed = true
			}
			sb.WriteString(regexp.QuoteMeta(v))
		}
	}
	if failed {
		return 0, 0, matchFailed
	}
	re, ok := c.reCache[sb.String()]
	if !ok {
		re = regexp.MustCompile(sb.String()) // every piece was validated by parsePattern
		re.Longest()                         // FileCheck's POSIX regexes are leftmost-longest
		c.reCache[sb.String()] = re
	}
	for ls := start; ; {
		le := end
		if i := bytes.IndexByte(in[ls:end], '\n'); i >= 0 {
			le = ls + i
		}
		line := in[ls:le]
		if loc := re.FindSubmatchIndex(line); loc != nil {
			if !pat.hasRef {
				for i, s := range pat.segs {
					if s.kind == segDef {
						g := 2 * re.SubexpIndex(fmt.Sprintf("v%d", i))
						c.vars[s.name] = string(line[loc[g]:loc[g+1]])
					}
				}
				return ls + loc[0], ls + loc[1], matched
			}
			if b, e, ok := c.matchRefs(pat, string(line), loc[0]); ok {
				return ls + b, ls + e, matched
			}
		}
		if le == end {
			return 0, 0, notFound
		}
		ls = le + 1
	}
}

// matchRefs handles patterns that use a variable defined earlier in the same
// pattern. FileCheck turns those into regex back-references, which RE2 does
// not support, so this backtracks over the segments instead: each regex
// segment tries every possible extent, longest first.
func (c *checker) matchRefs(pat *pattern, line string, from int) (int, int, bool) {
	caps := make([]string, len(pat.segs))
	var try func(i, pos int) int
	try = func(i, pos int) int {
		if i == len(pat.segs) {
			return pos
		}
		s := pat.segs[i]
		lit := s.text
		switch s.kind {
		case segRegex, segDef:
			for e := len(line); e >= pos; e-- {
				if s.full.MatchString(line[pos:e]) {
					caps[i] = line[pos:e]
					if r := try(i+1, e); r >= 0 {
						return r
					}
				}
			}
			return -1
		case segRef:
			lit = caps[s.ref]
		case segUse:
			lit = c.vars[s.name]
		}
		if strings.HasPrefix(line[pos:], lit) {
			return try(i+1, pos+len(lit))
		}
		return -1
	}
	for b := from; b <= len(line); b++ {
		if e := try(0, b); e >= 0 {
			for i, s := range pat.segs {
				if s.kind == segDef {
					c.vars[s.name] = caps[i]
				}
			}
			return b, e, true
		}
	}
	return 0, 0, false
}

// note formats a FileCheck-style diagnostic for offset off of buf: a
// "name:line:col: kind: msg" header, the line itself and a caret marker.
func (c *checker) note(name string, buf []byte, off, length int, kind, msg string) string {
	off = min(off, len(buf))
	ls := bytes.LastIndexByte(buf[:off], '\n') + 1
	le := len(buf)
	if i := bytes.IndexByte(buf[off:], '\n'); i >= 0 {
		le = off + i
	}
	line := 1 + bytes.Count(buf[:ls], []byte{'\n'})
	marker := "^"
	if length > 1 {
		marker += strings.Repeat("~", min(length, le-off)-1)
	}
	return fmt.Sprintf("%s:%d:%d: %s: %s\n%s\n%s%s", name, line, off-ls+1, kind, msg,
		buf[ls:le], strings.Repeat(" ", off-ls), marker)
}

// contextLines is how many input lines after the scan start are shown when
// an expected string is not found.
const contextLines = 5

// context returns the input lines following the one containing off, so a
// failure message shows what the check was compared against.
func (c *checker) context(off int) string {
	in := c.input
	i := bytes.IndexByte(in[min(off, len(in)):], '\n')
	if i < 0 {
		return ""
	}
	pos := off + i + 1
	line := 2 + bytes.Count(in[:off], []byte{'\n'})
	var sb strings.Builder
	for n := 0; n < contextLines && pos < len(in); n++ {
		le := len(in)
		if j := bytes.IndexByte(in[pos:], '\n'); j >= 0 {
			le = pos + j
		}
		fmt.Fprintf(&sb, "\n%s:%d: %s", inputName, line+n, in[pos:le])
		pos = le + 1
	}
	return sb.String()
}
