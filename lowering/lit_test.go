package lowering

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/dialect/arith"
	fn "github.com/torchlower/torchlower/dialect/func"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/dialect/math"
	"github.com/torchlower/torchlower/dialect/tensor"
	"github.com/torchlower/torchlower/internal/diagverify"
	"github.com/torchlower/torchlower/internal/lit"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/asm"
	"github.com/torchlower/torchlower/ir/pass"
	"github.com/torchlower/torchlower/ir/transform"
	"github.com/torchlower/torchlower/torch"
)

// newContext loads every dialect the lowering reads or writes.
func newContext() *ir.Context {
	return ir.NewContext(fn.Dialect, arith.Dialect, math.Dialect, tensor.Dialect, linalg.Dialect, torch.Dialect)
}

func newRegistry() *pass.Registry {
	return pass.NewRegistry(append(transform.Passes(), ConvertTorchToLinalg)...)
}

// TestLit runs lowering/testdata/*.mlir. Their RUN lines are the CLI's
// (`torchlower opt %s -p convert-torch-to-linalg ...`); until the CLI
// registers this pass and the torch dialect, optTool stands in for it: the
// subset of `torchlower opt` the files use (-p, --split-input-file,
// --verify-diagnostics), run with verification after each pass.
func TestLit(t *testing.T) {
	lit.Run(t, "testdata", map[string]lit.Tool{"torchlower": optTool})
}

func optTool(args []string, _ []byte) (stdout, stderr []byte, code int) {
	var out, errb strings.Builder
	code = runOpt(args, &out, &errb)
	return []byte(out.String()), []byte(errb.String()), code
}

func runOpt(args []string, out, errb *strings.Builder) int {
	if len(args) == 0 || args[0] != "opt" {
		fmt.Fprintf(errb, "only `opt` is supported, got %q\n", args)
		return 2
	}
	var pipeline, file string
	var split, verifyDiags bool
	for i := 1; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-p" || a == "--pass-pipeline":
			i++
			if i < len(args) {
				pipeline = args[i]
			}
		case strings.HasPrefix(a, "--pass-pipeline="):
			pipeline = strings.TrimPrefix(a, "--pass-pipeline=")
		case a == "--split-input-file":
			split = true
		case a == "--verify-diagnostics":
			verifyDiags = true
		case strings.HasPrefix(a, "-"):
			fmt.Fprintf(errb, "unsupported flag %s\n", a)
			return 2
		default:
			file = a
		}
	}
	src, err := os.ReadFile(file)
	if err != nil {
		fmt.Fprintln(errb, err)
		return 1
	}
	pl, err := newRegistry().Parse(pipeline)
	if err != nil {
		fmt.Fprintln(errb, err)
		return 2
	}
	chunks, firstLines := []string{string(src)}, []int{0}
	if split {
		chunks, firstLines = asm.SplitInput(string(src))
	}
	failed := false
	var outputs []string
	for i, chunk := range chunks {
		text, err := lowerText(pl, chunk, file, firstLines[i])
		if verifyDiags {
			padded := strings.Repeat("\n", firstLines[i]) + chunk
			var got []diagverify.Diagnostic
			if err != nil {
				for _, d := range flatten(err) {
					vd := diagverify.Diagnostic{Severity: d.Severity, Message: d.Msg}
					if f, ok := ir.FileLineCol(d.Loc); ok {
						vd.Line, vd.Col = f.Line, f.Col
					}
					got = append(got, vd)
				}
			}
			if verr := diagverify.Verify(file, []byte(padded), got); verr != nil {
				fmt.Fprintln(errb, verr)
				failed = true
			}
			continue
		}
		if err != nil {
			fmt.Fprintln(errb, err)
			failed = true
			continue
		}
		outputs = append(outputs, text)
	}
	out.WriteString(strings.Join(outputs, "// -----\n"))
	if failed {
		return 1
	}
	return 0
}

// lowerText parses, verifies, runs pl on one chunk and prints the result.
func lowerText(pl *pass.Pipeline, chunk, file string, lineOffset int) (string, error) {
	ctx := newContext()
	m, err := asm.Parse(ctx, chunk, asm.Options{FileName: file, LineOffset: lineOffset})
	if err != nil {
		return "", err
	}
	if err := ir.Verify(m); err != nil {
		return "", err
	}
	pm := &pass.Manager{IR: ctx, Pipeline: pl, VerifyEach: true}
	if err := pm.Run(m); err != nil {
		return "", err
	}
	return ir.Sprint(m, ir.PrintOptions{}), nil
}

// flatten lists a diagnostic and the entries it carries, as the CLI does.
func flatten(err error) []*ir.Diagnostic {
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
