package importer

import (
	"fmt"
	"strings"
)

// Error is an import failure with enough context to find the culprit: the
// archive, the entry inside it, and (for graph problems) the node. Users
// get `model.pt2: models/model.json: node conv_1: reason`, never a bare
// "invalid argument".
type Error struct {
	Archive string // archive display name ("model.pt2")
	Entry   string // zip entry, relative to the archive root; may be empty
	Node    string // graph node name; may be empty
	Target  string // node target, for unsupported-op errors; may be empty
	Reason  string
}

func (e *Error) Error() string {
	var sb strings.Builder
	for _, s := range []string{e.Archive, e.Entry} {
		if s != "" {
			sb.WriteString(s)
			sb.WriteString(": ")
		}
	}
	if e.Node != "" {
		sb.WriteString("node ")
		sb.WriteString(e.Node)
		sb.WriteString(": ")
	}
	sb.WriteString(e.Reason)
	return sb.String()
}

// ErrorList gathers every unsupported node of a graph so a user learns all
// that is missing in one run instead of fixing offenders one at a time.
type ErrorList []*Error

func (l ErrorList) Error() string {
	if len(l) == 1 {
		return l[0].Error()
	}
	var sb strings.Builder
	if len(l) == 0 {
		return "no errors"
	}
	head := *l[0]
	head.Node, head.Target, head.Reason = "", "", fmt.Sprintf("%d problems prevent the import:", len(l))
	sb.WriteString(head.Error())
	for _, e := range l {
		sb.WriteString("\n  ")
		sb.WriteString(e.Error())
	}
	return sb.String()
}

// errAt builds an Error for an archive entry.
func (a *Archive) errAt(entry, format string, args ...any) *Error {
	return &Error{Archive: a.Name, Entry: entry, Reason: fmt.Sprintf(format, args...)}
}
