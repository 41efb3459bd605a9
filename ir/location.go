package ir

import (
	"fmt"
	"strings"
)

// Location says where an operation came from. The parser gives every op the
// file:line:col of its text unless the text carries an explicit `loc(...)`,
// so diagnostics always point at the source, as in MLIR.
type Location interface {
	Attribute
	// body prints the location without the surrounding `loc(...)`.
	body() string
}

// UnknownLoc is `loc(unknown)`.
type UnknownLoc struct{}

// FileLineColLoc is `loc("file.py":12:3)`.
type FileLineColLoc struct {
	File      string
	Line, Col int
}

// NameLoc is `loc("name")` or `loc("name"(child))`.
type NameLoc struct {
	Name  string
	Child Location // nil when absent
}

// CallSiteLoc is `loc(callsite(callee at caller))`.
type CallSiteLoc struct{ Callee, Caller Location }

// FusedLoc is `loc(fused["a", "b"])` or `loc(fused<#meta>[...])`.
type FusedLoc struct {
	Locs     []Location
	Metadata Attribute // nil when absent
}

func (UnknownLoc) isAttr()     {}
func (FileLineColLoc) isAttr() {}
func (NameLoc) isAttr()        {}
func (CallSiteLoc) isAttr()    {}
func (FusedLoc) isAttr()       {}

func (l UnknownLoc) String() string     { return "loc(" + l.body() + ")" }
func (l FileLineColLoc) String() string { return "loc(" + l.body() + ")" }
func (l NameLoc) String() string        { return "loc(" + l.body() + ")" }
func (l CallSiteLoc) String() string    { return "loc(" + l.body() + ")" }
func (l FusedLoc) String() string       { return "loc(" + l.body() + ")" }

func (UnknownLoc) body() string { return "unknown" }
func (l FileLineColLoc) body() string {
	return fmt.Sprintf("%s:%d:%d", QuoteString(l.File), l.Line, l.Col)
}
func (l NameLoc) body() string {
	if l.Child == nil {
		return QuoteString(l.Name)
	}
	return QuoteString(l.Name) + "(" + l.Child.body() + ")"
}
func (l CallSiteLoc) body() string {
	return "callsite(" + l.Callee.body() + " at " + l.Caller.body() + ")"
}
func (l FusedLoc) body() string {
	var sb strings.Builder
	sb.WriteString("fused")
	if l.Metadata != nil {
		sb.WriteString("<" + l.Metadata.String() + ">")
	}
	sb.WriteByte('[')
	for i, c := range l.Locs {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(c.body())
	}
	sb.WriteByte(']')
	return sb.String()
}

// FileLineCol returns the innermost file:line:col position of a location,
// which is what diagnostics print.
func FileLineCol(l Location) (FileLineColLoc, bool) {
	switch x := l.(type) {
	case FileLineColLoc:
		return x, true
	case NameLoc:
		if x.Child != nil {
			return FileLineCol(x.Child)
		}
	case CallSiteLoc:
		return FileLineCol(x.Callee)
	case FusedLoc:
		for _, c := range x.Locs {
			if f, ok := FileLineCol(c); ok {
				return f, true
			}
		}
	}
	return FileLineColLoc{}, false
}

// Diagnostic is an error, warning, note or remark at a location.
type Diagnostic struct {
	Loc      Location
	Severity string // "error", "warning", "note", "remark"
	Msg      string
	Notes    []Diagnostic
}

// Error formats the diagnostic as `file:line:col: error: msg`, the form
// compilers and editors understand.
func (d *Diagnostic) Error() string {
	var sb strings.Builder
	writeDiag(&sb, d)
	for i := range d.Notes {
		sb.WriteByte('\n')
		writeDiag(&sb, &d.Notes[i])
	}
	return sb.String()
}

func writeDiag(sb *strings.Builder, d *Diagnostic) {
	if f, ok := FileLineCol(d.Loc); ok {
		fmt.Fprintf(sb, "%s:%d:%d: ", f.File, f.Line, f.Col)
	} else if d.Loc != nil {
		sb.WriteString(d.Loc.String() + ": ")
	}
	sb.WriteString(d.Severity + ": " + d.Msg)
}

// Errorf builds an error diagnostic at loc.
func Errorf(loc Location, format string, args ...any) *Diagnostic {
	return &Diagnostic{Loc: loc, Severity: "error", Msg: fmt.Sprintf(format, args...)}
}

// OpErrorf builds an error diagnostic at op's location whose message starts
// with `'op.name' op`, the prefix MLIR puts on every op verifier message.
func OpErrorf(op *Operation, format string, args ...any) *Diagnostic {
	return &Diagnostic{Loc: op.Loc, Severity: "error",
		Msg: "'" + op.Name + "' op " + fmt.Sprintf(format, args...)}
}

// WithNote appends a note at loc.
func (d *Diagnostic) WithNote(loc Location, format string, args ...any) *Diagnostic {
	d.Notes = append(d.Notes, Diagnostic{Loc: loc, Severity: "note", Msg: fmt.Sprintf(format, args...)})
	return d
}
