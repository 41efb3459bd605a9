// Package diagverify implements the matching behind mlir-opt's
// --verify-diagnostics, so that tests written for MLIR (with
// "// expected-error {{...}}" annotations) can check our diagnostics the same
// way.
//
// The rules follow MLIR's SourceMgrDiagnosticVerifierHandler:
//
//   - an annotation is "expected-<severity>[-re][@<where>] {{<message>}}" at
//     the end of a line, where severity is error, warning, note or remark and
//     where is +N or -N (relative line), "above" (the closest preceding line
//     without annotations) or "below" (the next line without annotations);
//     without @ it refers to its own line;
//   - a diagnostic matches an annotation when it is reported on that line and
//     the annotated message is a substring of its message (for -re variants,
//     the message is literal text with {{regex}} blocks);
//   - every annotation must be matched by at least one diagnostic, and every
//     diagnostic, notes included, must match an annotation of the same
//     severity. One annotation may match several identical diagnostics.
package diagverify

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// Diagnostic is one diagnostic produced by the tool under test. Notes
// attached to a diagnostic must be passed as separate entries, as MLIR
// verifies them individually.
type Diagnostic struct {
	Line, Col int
	Severity  string // "error", "warning", "note" or "remark"
	Message   string
}

// expectedRE is MLIR's annotation syntax; the message runs to the last "}}"
// on the line, so it may itself contain braces.
var expectedRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`expected-(error|note|remark|warning)(-re)? *(@([+-][0-9]+|above|below))? *\{\{(.*)\}\}$`)
})

type expectation struct {
	severity string
	line     int // line the diagnostic is expected on
	srcLine  int // line of the annotation itself
	message  string
	re       *regexp.Regexp // for -re annotations
	matched  bool
}

func (e *expectation) match(msg string) bool {
	if e.re != nil {
		return e.re.MatchString(msg)
	}
	return strings.Contains(msg, e.message)
}

// Verify checks the diagnostics produced for source (named fileName in
// messages) against the expected-* annotations it contains. The returned
// error lists every problem, one per line, in a
// "file:line[:col]: error: ..." format that editors can jump to.
func Verify(fileName string, source []byte, got []Diagnostic) error {
	expected, problems := parse(fileName, source)
	for _, d := range got {
		var nearMiss *expectation
		found := false
		for _, e := range expected {
			if e.line != d.Line || !e.match(d.Message) {
				continue
			}
			if e.severity == d.Severity {
				e.matched, found = true, true
				break
			}
			nearMiss = e
		}
		switch {
		case found:
		case nearMiss != nil:
			problems = append(problems, fmt.Sprintf("%s:%d: error: '%s' diagnostic emitted when expecting a '%s'",
				fileName, nearMiss.srcLine, d.Severity, nearMiss.severity))
		default:
			problems = append(problems, fmt.Sprintf("%s:%d:%d: error: unexpected %s: %s",
				fileName, d.Line, d.Col, d.Severity, d.Message))
		}
	}
	for _, e := range expected {
		if !e.matched {
			problems = append(problems, fmt.Sprintf("%s:%d: error: expected %s %q was not produced",
				fileName, e.srcLine, e.severity, e.message))
		}
	}
	if len(problems) > 0 {
		return errors.New(strings.Join(problems, "\n"))
	}
	return nil
}

// parse extracts the annotations of source. Malformed -re annotations are
// returned as problems.
func parse(fileName string, source []byte) ([]*expectation, []string) {
	var expected, pendingBelow []*expectation
	var problems []string
	lines := bytes.Split(source, []byte("\n"))
	lastPlain := 1 // last line without annotations (MLIR's default is line 1)
	for i, raw := range lines {
		lineNo := i + 1
		m := expectedRE().FindStringSubmatch(strings.TrimRight(string(raw), " \t\r\n\v\f"))
		if m == nil {
			for _, e := range pendingBelow {
				e.line = lineNo
			}
			pendingBelow = nil
			lastPlain = lineNo
			continue
		}
		e := &expectation{severity: m[1], line: lineNo, srcLine: lineNo, message: m[5]}
		if m[2] != "" {
			re, err := messageRegexp(m[5])
			if err != nil {
				problems = append(problems, fmt.Sprintf("%s:%d: error: %v", fileName, lineNo, err))
				continue
			}
			e.re = re
		}
		switch where := m[4]; {
		case where == "above":
			e.line = lastPlain
		case where == "below":
			e.line = len(lines) // if dangling, like MLIR
			pendingBelow = append(pendingBelow, e)
		case where != "":
			n, _ := strconv.Atoi(where[1:])
			if where[0] == '-' {
				n = -n
			}
			e.line += n
		}
		expected = append(expected, e)
	}
	return expected, problems
}

// messageRegexp converts an expected-*-re message (literal text with
// {{regex}} blocks) into a regular expression.
func messageRegexp(msg string) (*regexp.Regexp, error) {
	var sb strings.Builder
	for {
		i := strings.Index(msg, "{{")
		if i < 0 {
			sb.WriteString(regexp.QuoteMeta(msg))
			break
		}
		sb.WriteString(regexp.QuoteMeta(msg[:i]))
		msg = msg[i+2:]
		j := strings.Index(msg, "}}")
		if j < 0 {
			return nil, errors.New("found start of regex with no end '}}'")
		}
		if _, err := regexp.Compile(msg[:j]); err != nil {
			return nil, fmt.Errorf("invalid regex: %v", err)
		}
		sb.WriteString("(" + msg[:j] + ")")
		msg = msg[j+2:]
	}
	return regexp.Compile(sb.String())
}
