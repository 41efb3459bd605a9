// Package filecheck implements the core semantics of LLVM's FileCheck so that
// lit-style tests (see internal/lit) can verify compiler output in-process,
// without depending on an LLVM installation at test time.
//
// The goal is verdict compatibility: a check file that passes or fails under
// `FileCheck` (LLVM 16) should do the same under [Check], so test files can be
// shared with, or ported from, MLIR. The supported subset is the one MLIR's
// tests actually use:
//
//   - directives PREFIX:, -NEXT:, -SAME:, -NOT:, -DAG:, -LABEL:, -EMPTY:,
//     -COUNT-<n>: and the {LITERAL} modifier, found anywhere on a line that
//     is not a comment (COM: and RUN: lines are skipped, as in FileCheck);
//   - literal text, {{regex}} blocks, [[NAME:regex]] definitions, [[NAME]]
//     uses (including back-references within one line) and [[@LINE]] /
//     [[#@LINE+N]] line expressions.
//
// As in FileCheck, every prefix in [Options.Prefixes] must be used by the
// check file, and an empty input is an error unless [Options.AllowEmpty].
//
// Regular expressions use Go's RE2 syntax instead of POSIX ERE, but keep
// FileCheck's leftmost-longest match and line-bounded matching. Other numeric
// substitution blocks ([[#VAR]], [[#VAR:]]) are rejected with an error.
package filecheck

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Options configures a [Check] run. The zero value behaves like running
// FileCheck with no flags.
type Options struct {
	// Prefixes lists the check prefixes to look for (--check-prefixes).
	// When empty, the single prefix "CHECK" is used.
	Prefixes []string
	// StrictWhitespace disables the canonicalization of horizontal
	// whitespace runs to a single space (--strict-whitespace).
	StrictWhitespace bool
	// AllowEmpty accepts an empty input (--allow-empty). Like FileCheck,
	// Check rejects empty input by default because it usually means the tool
	// under test crashed or printed nothing at all.
	AllowEmpty bool
}

// commentPrefixes are FileCheck's default --comment-prefixes. A line whose
// first prefix occurrence is one of these is ignored, which is what keeps
// "RUN: ... | FileCheck %s --check-prefix=CHECK" from being read as a check.
var commentPrefixes = []string{"COM", "RUN"}

// inputName is how the input is named in diagnostics; FileCheck reads it from
// a pipe in lit tests, so this matches what developers are used to seeing.
const inputName = "<stdin>"

// Check verifies input against the check directives found in checkFile and
// returns nil when every directive is satisfied. The error text mimics
// FileCheck's diagnostics (file:line:col: error: ..., followed by the input
// lines where matching started) so failures can be debugged from test logs.
func Check(checkFile []byte, checkFileName string, input []byte, opts Options) error {
	prefixes := opts.Prefixes
	if len(prefixes) == 0 {
		prefixes = []string{"CHECK"}
	}
	if err := validatePrefixes(prefixes); err != nil {
		return err
	}
	c := &checker{
		checkName: checkFileName,
		check:     canonicalize(checkFile, opts.StrictWhitespace),
		vars:      map[string]string{},
		reCache:   map[string]*regexp.Regexp{},
	}
	checks, err := c.parse(prefixes)
	if err != nil {
		return err
	}
	c.input = canonicalize(input, opts.StrictWhitespace)
	if len(c.input) == 0 && !opts.AllowEmpty {
		return fmt.Errorf("filecheck: error: '%s' is empty (use --allow-empty to accept empty input)", inputName)
	}
	if !c.run(checks) {
		return errors.New(strings.Join(c.diags, "\n"))
	}
	return nil
}

var prefixRE = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_-]*$`)

func validatePrefixes(prefixes []string) error {
	seen := map[string]bool{}
	for _, p := range prefixes {
		if !prefixRE.MatchString(p) || seen[p] {
			return fmt.Errorf("filecheck: invalid check prefix %q: prefixes must be unique, start with a letter and contain only alphanumeric characters, hyphens and underscores", p)
		}
		for _, cp := range commentPrefixes {
			if p == cp {
				return fmt.Errorf("filecheck: check prefix %q must not be the same as a comment prefix", p)
			}
		}
		seen[p] = true
	}
	return nil
}

// canonicalize drops the '\r' of CRLF line endings and, unless strict,
// collapses every run of spaces and tabs into one space. FileCheck applies the
// same transformation to both the check file and the input, which is why a
// single space in a pattern matches any horizontal whitespace run.
func canonicalize(b []byte, strict bool) []byte {
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		ch := b[i]
		if ch == '\r' && i+1 < len(b) && b[i+1] == '\n' {
			continue
		}
		if strict || (ch != ' ' && ch != '\t') {
			out = append(out, ch)
			continue
		}
		out = append(out, ' ')
		for i+1 < len(b) && (b[i+1] == ' ' || b[i+1] == '\t') {
			i++
		}
	}
	return out
}

type kind int

const (
	kindPlain kind = iota
	kindNext
	kindSame
	kindNot
	kindDAG
	kindLabel
	kindEmpty
	kindEOF // implicit check matching the end of input, carries trailing DAG/NOTs
	kindComment
)

var kindSuffixes = []struct {
	suffix string
	kind   kind
}{
	{"NEXT", kindNext}, {"SAME", kindSame}, {"NOT", kindNot}, {"DAG", kindDAG},
	{"LABEL", kindLabel}, {"EMPTY", kindEmpty},
}

func (k kind) suffix() string {
	switch k {
	case kindNext:
		return "-NEXT"
	case kindSame:
		return "-SAME"
	case kindNot:
		return "-NOT"
	case kindDAG:
		return "-DAG"
	case kindLabel:
		return "-LABEL"
	case kindEmpty:
		return "-EMPTY"
	}
	return ""
}

type segKind int

const (
	segLit   segKind = iota // literal text (also resolved @LINE expressions)
	segRegex                // {{regex}}
	segDef                  // [[NAME:regex]]
	segUse                  // [[NAME]] of a variable defined by an earlier match
	segRef                  // [[NAME]] of a variable defined earlier in this pattern
)

type segment struct {
	kind segKind
	text string // literal text or regex source
	name string // variable name for segDef/segUse/segRef
	ref  int    // for segRef: index of the defining segment
	off  int    // offset in the check buffer, for diagnostics
	full *regexp.Regexp
}

// pattern is one parsed check directive.
type pattern struct {
	kind    kind
	count   int
	prefix  string
	off     int // offset of the pattern text in the check buffer
	fixed   string
	isFixed bool
	segs    []segment
	hasRef  bool
	hasVars bool
}

func (p *pattern) name() string {
	if p.kind == kindPlain && p.count > 1 {
		return p.prefix + "-COUNT"
	}
	return p.prefix + p.kind.suffix()
}

// checkString is a positive check together with the CHECK-DAG and CHECK-NOT
// directives that precede it, which are verified in the range it bounds.
type checkString struct {
	pat     *pattern
	dagNots []*pattern
}

type checker struct {
	checkName string
	check     []byte
	input     []byte
	vars      map[string]string
	reCache   map[string]*regexp.Regexp
	diags     []string
}

func isWordChar(c byte) bool {
	return c == '-' || c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// findPrefix returns the earliest (and at that position longest) occurrence
// of any prefix in buf at or after pos.
func findPrefix(buf []byte, pos int, prefixes []string) (string, int) {
	best, at := "", -1
	for _, p := range prefixes {
		i := bytes.Index(buf[pos:], []byte(p))
		if i < 0 {
			continue
		}
		i += pos
		if at < 0 || i < at || i == at && len(p) > len(best) {
			best, at = p, i
		}
	}
	return best, at
}

// directive is a decoded "PREFIX[-SUFFIX][{LITERAL}]:" marker.
type directive struct {
	kind    kind
	count   int
	literal bool
	end     int // offset just past the colon
}

// dirError is a near-miss directive, which FileCheck rejects loudly rather
// than ignoring, e.g. CHECK_NEXT: or CHECK-COUNT-0:.
type dirError struct {
	off int
	msg string
}

// parseDirective decodes the text following a prefix occurrence at buf[at:].
// It returns nil (and no error) when the text is not a directive.
func parseDirective(buf []byte, at int, prefix string, comment bool) (*directive, *dirError) {
	i := at + len(prefix)
	if i >= len(buf) {
		return nil, nil
	}
	if comment {
		if buf[i] == ':' {
			return &directive{kind: kindComment, end: i + 1}, nil
		}
		return nil, nil
	}
	misspelled := false
	// finish parses the optional modifier list and the colon at buf[i:].
	finish := func(k kind, count int) (*directive, *dirError) {
		d := &directive{kind: k, count: count, end: i + 1}
		switch {
		case i < len(buf) && buf[i] == ':':
		case i < len(buf) && buf[i] == '{':
			end := bytes.Index(buf[i:], []byte("}:"))
			if end < 0 || bytes.IndexByte(buf[i:i+end], '\n') >= 0 {
				return nil, nil
			}
			for _, m := range strings.Split(string(buf[i+1:i+end]), ",") {
				if strings.TrimSpace(m) != "LITERAL" {
					return nil, nil
				}
			}
			d.literal, d.end = true, i+end+2
		default:
			return nil, nil
		}
		if misspelled {
			return nil, &dirError{at, fmt.Sprintf("misspelled directive '%s'", buf[at:d.end])}
		}
		return d, nil
	}
	switch buf[i] {
	case ':', '{':
		return finish(kindPlain, 1)
	case '_':
		misspelled = true
	case '-':
	default:
		return nil, nil
	}
	i++
	if bytes.HasPrefix(buf[i:], []byte("COUNT-")) {
		i += len("COUNT-")
		j := i
		for j < len(buf) && buf[j] >= '0' && buf[j] <= '9' {
			j++
		}
		n, err := strconv.Atoi(string(buf[i:j]))
		if err != nil || n <= 0 || n > 1<<31-1 || j >= len(buf) || buf[j] != ':' && buf[j] != '{' {
			return nil, &dirError{j, fmt.Sprintf("invalid count in -COUNT specification on prefix '%s'", prefix)}
		}
		i = j
		return finish(kindPlain, n)
	}
	for _, bad := range []string{"DAG-NOT:", "NOT-DAG:", "NEXT-NOT:", "NOT-NEXT:", "SAME-NOT:", "NOT-SAME:", "EMPTY-NOT:", "NOT-EMPTY:"} {
		if bytes.HasPrefix(buf[i:], []byte(bad)) {
			return nil, &dirError{i, fmt.Sprintf("unsupported -NOT combo on prefix '%s'", prefix)}
		}
	}
	for _, s := range kindSuffixes {
		if bytes.HasPrefix(buf[i:], []byte(s.suffix)) {
			i += len(s.suffix)
			return finish(s.kind, 1)
		}
	}
	return nil, nil
}

// parse extracts all check directives from the check buffer, in order.
func (c *checker) parse(prefixes []string) ([]*checkString, error) {
	all := append(append([]string{}, prefixes...), commentPrefixes...)
	isComment := map[string]bool{}
	for _, p := range commentPrefixes {
		isComment[p] = true
	}
	buf := c.check
	var checks []*checkString
	var dagNots []*pattern
	used := map[string]bool{}
	for pos := 0; pos < len(buf); {
		prefix, at := findPrefix(buf, pos, all)
		if at < 0 {
			break
		}
		var d *directive
		if at == 0 || !isWordChar(buf[at-1]) {
			var derr *dirError
			if d, derr = parseDirective(buf, at, prefix, isComment[prefix]); derr != nil {
				return nil, errors.New(c.note(c.checkName, buf, derr.off, 0, "error", derr.msg))
			}
		}
		if d == nil {
			// Skip the prefix and the rest of that check-like word.
			pos = at + len(prefix)
			for pos < len(buf) && isWordChar(buf[pos]) {
				pos++
			}
			continue
		}
		p := d.end
		for p < len(buf) && (buf[p] == ' ' || buf[p] == '\t') {
			p++
		}
		eol := p
		for eol < len(buf) && buf[eol] != '\n' && buf[eol] != '\r' {
			eol++
		}
		pos = eol
		if d.kind == kindComment {
			continue
		}
		used[prefix] = true
		k := d.kind
		pat, err := c.parsePattern(string(buf[p:eol]), p, d, prefix)
		if err != nil {
			return nil, err
		}
		switch {
		case k == kindLabel && pat.hasVars:
			return nil, errors.New(c.note(c.checkName, buf, at, 0, "error",
				fmt.Sprintf("found '%s-LABEL:' with variable definition or use", prefix)))
		case (k == kindNext || k == kindSame || k == kindEmpty) && len(checks) == 0:
			return nil, errors.New(c.note(c.checkName, buf, at, 0, "error",
				fmt.Sprintf("found '%s%s' without previous '%s: line", prefix, k.suffix(), prefix)))
		case k == kindDAG || k == kindNot:
			dagNots = append(dagNots, pat)
			continue
		}
		checks = append(checks, &checkString{pat: pat, dagNots: dagNots})
		dagNots = nil
	}
	// Like FileCheck (without --allow-unused-prefixes), every prefix must be
	// used: an unused one usually means a typo or a stale RUN line.
	var unused []string
	for _, p := range prefixes {
		if !used[p] {
			unused = append(unused, "'"+p+":'")
		}
	}
	if len(unused) > 0 {
		sort.Strings(unused)
		plural := ""
		if len(unused) > 1 {
			plural = "es"
		}
		return nil, fmt.Errorf("%s: error: no check strings found with prefix%s %s", c.checkName, plural, strings.Join(unused, ", "))
	}
	if len(dagNots) > 0 {
		eof := &pattern{kind: kindEOF, count: 1, prefix: prefixes[0], off: len(buf)}
		checks = append(checks, &checkString{pat: eof, dagNots: dagNots})
	}
	return checks, nil
}

var lineExprRE = regexp.MustCompile(`^@LINE\s*(?:([+-])\s*([0-9]+))?\s*$`)

// parsePattern splits a directive's text into literal, regex and variable
// segments. off is the offset of text in the check buffer.
func (c *checker) parsePattern(text string, off int, d *directive, prefix string) (*pattern, error) {
	k := d.kind
	p := &pattern{kind: k, count: d.count, prefix: prefix, off: off}
	text = strings.TrimRight(text, " \t")
	errAt := func(o int, format string, args ...any) error {
		return errors.New(c.note(c.checkName, c.check, o, 0, "error", fmt.Sprintf(format, args...)))
	}
	if text == "" && k != kindEmpty {
		return nil, errAt(off, "found empty check string with prefix '%s:'", prefix)
	}
	if text != "" && k == kindEmpty {
		return nil, errAt(off, "found non-empty check string for empty check with prefix '%s:'", prefix)
	}
	if d.literal || len(text) < 2 || !strings.Contains(text, "{{") && !strings.Contains(text, "[[") {
		p.fixed, p.isFixed = text, true
		return p, nil
	}
	line := 1 + bytes.Count(c.check[:off], []byte{'\n'})
	defs := map[string]int{} // variable name -> defining segment index
	for i := 0; i < len(text); {
		o := off + i
		rest := text[i:]
		switch {
		case strings.HasPrefix(rest, "{{"):
			end := strings.Index(rest, "}}")
			if end < 0 {
				return nil, errAt(o, "found start of regex string with no end '}}'")
			}
			if end == 2 {
				// POSIX (and so FileCheck) rejects an empty regex.
				return nil, errAt(o+2, "invalid regex: empty (sub)expression")
			}
			re, err := compileFull(rest[2:end])
			if err != nil {
				return nil, errAt(o+2, "invalid regex: %v", err)
			}
			p.segs = append(p.segs, segment{kind: segRegex, text: rest[2:end], off: o, full: re})
			i += end + 2
		case strings.HasPrefix(rest, "[["):
			end := varEnd(rest[2:])
			if end < 0 {
				return nil, errAt(o, "Invalid substitution block, no ]] found")
			}
			block := rest[2 : 2+end]
			i += end + 4
			if num, ok := strings.CutPrefix(block, "#"); ok {
				m := lineExprRE.FindStringSubmatch(strings.TrimSpace(num))
				if m == nil {
					return nil, errAt(o+3, "numeric substitution blocks ([[#...]]) are not supported except [[#@LINE]] and [[#@LINE+N]]")
				}
				p.segs = append(p.segs, segment{kind: segLit, text: lineValue(line, m), off: o})
				continue
			}
			name, regex, isDef := strings.Cut(block, ":")
			if strings.ContainsAny(name, " \t") {
				return nil, errAt(o+2+strings.IndexAny(name, " \t"), "unexpected whitespace")
			}
			if strings.HasPrefix(name, "@") {
				m := lineExprRE.FindStringSubmatch(block)
				if isDef || m == nil {
					return nil, errAt(o+2, "invalid pseudo variable '%s'", block)
				}
				p.segs = append(p.segs, segment{kind: segLit, text: lineValue(line, m), off: o})
				continue
			}
			if !validVarName(name) {
				if isDef {
					return nil, errAt(o+2, "invalid name in string variable definition")
				}
				return nil, errAt(o+2, "invalid variable name")
			}
			p.hasVars = true
			if isDef {
				re, err := compileFull(regex)
				if err != nil {
					return nil, errAt(o+3+len(name), "invalid regex: %v", err)
				}
				defs[name] = len(p.segs)
				p.segs = append(p.segs, segment{kind: segDef, text: regex, name: name, off: o, full: re})
			} else if def, ok := defs[name]; ok {
				p.hasRef = true
				p.segs = append(p.segs, segment{kind: segRef, name: name, ref: def, off: o + 2})
			} else {
				p.segs = append(p.segs, segment{kind: segUse, name: name, off: o + 2})
			}
		default:
			end := len(rest)
			for _, delim := range []string{"{{", "[["} {
				if j := strings.Index(rest[1:], delim); j >= 0 && j+1 < end {
					end = j + 1
				}
			}
			p.segs = append(p.segs, segment{kind: segLit, text: rest[:end], off: o})
			i += end
		}
	}
	return p, nil
}

func lineValue(line int, m []string) string {
	if m[2] != "" {
		n, _ := strconv.Atoi(m[2])
		if m[1] == "-" {
			n = -n
		}
		line += n
	}
	return strconv.Itoa(line)
}

func validVarName(s string) bool {
	s = strings.TrimPrefix(s, "$")
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isWordChar(s[i]) || s[i] == '-' {
			return false
		}
	}
	return true
}

// varEnd finds the "]]" closing a substitution block, skipping over nested
// [...] bracket expressions and backslash escapes as FileCheck does, so that
// [[X:[[:alpha:]]+]] works.
func varEnd(s string) int {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch {
		case depth == 0 && strings.HasPrefix(s[i:], "]]"):
			return i
		case s[i] == '\\':
			i++
		case s[i] == '[':
			depth++
		case s[i] == ']':
			if depth == 0 {
				return -1
			}
			depth--
		}
	}
	return -1
}

// compileFull compiles re anchored at both ends; it validates regex blocks at
// parse time and lets the back-reference matcher test exact substrings.
func compileFull(re string) (*regexp.Regexp, error) {
	if _, err := regexp.Compile(re); err != nil {
		return nil, err
	}
	return regexp.Compile(`^(?:` + re + `)$`)
}
