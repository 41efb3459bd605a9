package cli

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/torchlower/torchlower/internal/diagverify"
	"github.com/torchlower/torchlower/ir"
)

// diagsOf flattens an error into diagnostics with their notes.
func diagsOf(err error) []*ir.Diagnostic {
	var d *ir.Diagnostic
	if errors.As(err, &d) {
		out := []*ir.Diagnostic{d}
		for i := range d.Notes {
			out = append(out, &d.Notes[i])
		}
		return out
	}
	return []*ir.Diagnostic{{Severity: "error", Msg: err.Error()}}
}

// printError writes an error the way compilers do: `file:line:col: error:
// message`, then the source line with a caret under the column.
func printError(w io.Writer, err error, sources map[string]string) {
	var d *ir.Diagnostic
	if !errors.As(err, &d) {
		fmt.Fprintf(w, "error: %v\n", err)
		return
	}
	prefix := ""
	if msg := err.Error(); !strings.HasPrefix(msg, d.Error()) {
		// A wrapped diagnostic (e.g. "verification failed after pass"):
		// keep the context the wrapper added.
		prefix = strings.TrimSuffix(msg, d.Error())
	}
	for i, one := range diagsOf(err) {
		line := one.Error()
		if i == 0 {
			line = strings.SplitN(d.Error(), "\n", 2)[0]
			if prefix != "" {
				line += " [" + strings.TrimSuffix(strings.TrimSpace(prefix), ":") + "]"
			}
		}
		fmt.Fprintln(w, line)
		if f, ok := ir.FileLineCol(one.Loc); ok {
			if src, ok := sources[f.File]; ok {
				writeSnippet(w, src, f.Line, f.Col)
			}
		}
	}
}

func writeSnippet(w io.Writer, src string, line, col int) {
	lines := strings.Split(src, "\n")
	if line < 1 || line > len(lines) {
		return
	}
	text := strings.TrimRight(lines[line-1], "\r")
	fmt.Fprintf(w, "%s\n", text)
	if col >= 1 && col <= len(text)+1 {
		pad := []byte(text[:col-1])
		for i, c := range pad {
			if c != '\t' {
				pad[i] = ' '
			}
		}
		fmt.Fprintf(w, "%s^\n", pad)
	}
}

// toVerifierDiags converts diagnostics for --verify-diagnostics; lines
// are those of the whole input file.
func toVerifierDiags(ds []*ir.Diagnostic) []diagverify.Diagnostic {
	out := make([]diagverify.Diagnostic, 0, len(ds))
	for _, d := range ds {
		vd := diagverify.Diagnostic{Severity: d.Severity, Message: d.Msg}
		if f, ok := ir.FileLineCol(d.Loc); ok {
			vd.Line, vd.Col = f.Line, f.Col
		}
		out = append(out, vd)
	}
	return out
}
