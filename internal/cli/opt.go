package cli

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/pflag"

	"github.com/torchlower/torchlower/internal/diagverify"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/asm"
	"github.com/torchlower/torchlower/ir/pass"
)

const optHelp = `Usage: torchlower opt [flags] [input.mlir|-]

Reads MLIR text (custom or generic form), verifies it, runs a pass pipeline
and prints the result, like mlir-opt. Input defaults to stdin.

Pipelines use mlir-opt's syntax: -p 'canonicalize,cse' or
-p 'builtin.module(func.func(canonicalize{max-iterations=3}),symbol-dce)'.
Each pass is also a flag of its own: --canonicalize --cse runs both in order.

Flags:
`

func runOpt(env *Env, args []string) int {
	reg := NewPassRegistry()
	// Pass names given as flags (`--cse`) join the pipeline in order.
	var passFlags []string
	var rest []string
	for _, a := range args {
		name := strings.TrimLeft(a, "-")
		base, _, _ := strings.Cut(name, "=")
		if strings.HasPrefix(a, "-") && reg.Lookup(base) != nil {
			if opts, ok := strings.CutPrefix(name, base+"="); ok {
				passFlags = append(passFlags, base+"{"+strings.ReplaceAll(opts, ",", " ")+"}")
			} else {
				passFlags = append(passFlags, base)
			}
			continue
		}
		rest = append(rest, a)
	}

	fs := pflag.NewFlagSet("opt", pflag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	output := fs.StringP("output", "o", "-", "output file")
	pipeline := fs.StringP("pass-pipeline", "p", "", "pass pipeline to run")
	split := fs.Bool("split-input-file", false, "split the input at '// -----' lines and process each chunk on its own")
	verifyDiags := fs.Bool("verify-diagnostics", false, "check emitted diagnostics against expected-error/-note comments in the input")
	generic := fs.Bool("mlir-print-op-generic", false, "print every op in the generic form")
	debugInfo := fs.Bool("mlir-print-debuginfo", false, "print op locations")
	verifyEach := fs.Bool("verify-each", true, "verify the IR after each pass")
	afterAll := fs.Bool("print-ir-after-all", false, "print the IR to stderr after each pass")
	after := fs.StringSlice("print-ir-after", nil, "print the IR to stderr after the named passes")
	timing := fs.Bool("mlir-timing", false, "report the time taken by each pass on stderr")
	unregistered := fs.Bool("allow-unregistered-dialect", false, "accept ops of unknown dialects in generic form")
	help := fs.BoolP("help", "h", false, "show this help")
	usage := func(w io.Writer) {
		textUsage(fs, optHelp)(w)
		fmt.Fprintf(w, "\nPasses and pipelines:\n%s", reg.Help())
	}
	if code, done := parseFlags(env, "opt", fs, help, usage, rest); done {
		return code
	}
	if fs.NArg() > 1 {
		fmt.Fprintf(env.Stderr, "torchlower opt: expected one input file, got %d\n", fs.NArg())
		return 2
	}
	inName := "-"
	if fs.NArg() == 1 {
		inName = fs.Arg(0)
	}
	src, displayName, err := readInput(env, inName)
	if err != nil {
		fmt.Fprintf(env.Stderr, "torchlower opt: %v\n", err)
		return 1
	}

	text := *pipeline
	if len(passFlags) > 0 {
		if text != "" {
			fmt.Fprintln(env.Stderr, "torchlower opt: give passes either with -p or as flags, not both")
			return 2
		}
		text = strings.Join(passFlags, ",")
	}
	pl, err := reg.Parse(text)
	if err != nil {
		fmt.Fprintf(env.Stderr, "torchlower opt: %v\n", err)
		return 2
	}

	cfg := optConfig{pipeline: pl, generic: *generic, debugInfo: *debugInfo, verifyEach: *verifyEach,
		afterAll: *afterAll, after: *after, timing: *timing, unregistered: *unregistered}
	chunks := []string{src}
	firstLines := []int{0}
	if *split {
		chunks, firstLines = asm.SplitInput(src)
	}
	var outputs []string
	failed := false
	for i, chunk := range chunks {
		out, diags := cfg.process(env, chunk, displayName, firstLines[i])
		if *verifyDiags {
			// Pad so that line numbers in the chunk match the whole file.
			padded := strings.Repeat("\n", firstLines[i]) + chunk
			if err := diagverify.Verify(displayName, []byte(padded), toVerifierDiags(plainDiags(diags))); err != nil {
				fmt.Fprintln(env.Stderr, err)
				failed = true
			}
			if len(diags) == 0 {
				outputs = append(outputs, out)
			}
			continue
		}
		if len(diags) > 0 {
			printError(env.Stderr, diags[0].err, map[string]string{displayName: src})
			failed = true
			continue
		}
		outputs = append(outputs, out)
	}
	if failed && !*verifyDiags {
		return 1
	}
	if failed {
		return 1
	}
	if err := writeOutput(env, *output, strings.Join(outputs, "// -----\n")); err != nil {
		fmt.Fprintf(env.Stderr, "torchlower opt: %v\n", err)
		return 1
	}
	return 0
}

type optConfig struct {
	pipeline                       *pass.Pipeline
	generic, debugInfo, verifyEach bool
	afterAll, timing, unregistered bool
	after                          []string
}

// chunkDiag pairs the diagnostics of a failed chunk with the error for printing.
type chunkDiag struct {
	*ir.Diagnostic
	err error
}

// process parses, verifies, runs the pipeline and prints one chunk. On
// failure it returns the diagnostics instead of output.
func (c *optConfig) process(env *Env, chunk, name string, lineOffset int) (string, []chunkDiag) {
	ctx := NewContext()
	ctx.AllowUnregistered = c.unregistered
	fail := func(err error) (string, []chunkDiag) {
		var out []chunkDiag
		for _, d := range diagsOf(err) {
			out = append(out, chunkDiag{d, err})
		}
		return "", out
	}
	m, err := asm.Parse(ctx, chunk, asm.Options{FileName: name, LineOffset: lineOffset})
	if err != nil {
		return fail(err)
	}
	if err := ir.Verify(m); err != nil {
		return fail(err)
	}
	printOpts := ir.PrintOptions{Generic: c.generic, DebugInfo: c.debugInfo}
	pm := &pass.Manager{IR: ctx, Pipeline: c.pipeline, VerifyEach: c.verifyEach,
		PrintAfterAll: c.afterAll, PrintAfter: c.after, PrintOptions: printOpts,
		IROut: env.Stderr, Timing: c.timing}
	if err := pm.Run(m); err != nil {
		return fail(err)
	}
	if c.timing {
		pm.TimingReport(env.Stderr)
	}
	return ir.Sprint(m, printOpts), nil
}

func readInput(env *Env, name string) (text, display string, err error) {
	if name == "-" {
		b, err := io.ReadAll(env.Stdin)
		return string(b), "<stdin>", err
	}
	b, err := os.ReadFile(name)
	if err != nil {
		return "", name, fmt.Errorf("cannot read input: %w", err)
	}
	return string(b), name, nil
}

func writeOutput(env *Env, name, text string) error {
	if name == "-" || name == "" {
		_, err := io.WriteString(env.Stdout, text)
		return err
	}
	return os.WriteFile(name, []byte(text), 0o644)
}

func plainDiags(cds []chunkDiag) []*ir.Diagnostic {
	out := make([]*ir.Diagnostic, len(cds))
	for i, cd := range cds {
		out[i] = cd.Diagnostic
	}
	return out
}
