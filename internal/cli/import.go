package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/pflag"

	"github.com/torchlower/torchlower/dialect/arith"
	fn "github.com/torchlower/torchlower/dialect/func"
	"github.com/torchlower/torchlower/importer"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/lowering"
	"github.com/torchlower/torchlower/torch"
)

const importHelp = `Usage: torchlower import [flags] model.pt2

Reads a torch.export archive (.pt2, torch 2.6 or newer: the legacy zip,
the 2.8 PT2 archive and the 2.9+ archive with raw weights) and prints the
program in the torch dialect, as torch-mlir's fx_importer does. Joint
forward/backward graphs (torch.export's _export_forward_backward) import
like any other program.

Parameters, buffers and lifted constants become function arguments in the
graph's input order (--params=args) or torch.vtensor.literal constants
(--params=inline). A JSON mapping says which argument is which parameter
and which result is the loss, a gradient or a buffer update; it is
written next to the output (model.params.json for -o model.mlir) unless
--mapping says otherwise. With output on stdout, no mapping is written
unless asked. The mapping names the archive by its path relative to the
mapping's folder, so that 'torchlower run model.mlir' finds the
parameters' data (keep the three files together).

--check-support imports the program and, instead of printing it, reports
every op that convert-torch-to-linalg cannot lower yet (by op, with the
graph nodes that use it); it exits 0 when everything lowers, 1 otherwise.

A program exported with dynamic shapes has symbolic sizes (s0, s1, ...),
imported as '?'. --dim s0=8 binds one, specializing the program to that
size: every type becomes static, size arithmetic becomes constants, and
its runtime assertions are checked now. A value outside the range the
program was exported for, or one an assertion rejects, is an error. run
and compile take --dim too; torchlower compiles static shapes only.

Flags:
`

func runImport(env *Env, args []string) int {
	fs := pflag.NewFlagSet("import", pflag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	output := fs.StringP("output", "o", "-", "output .mlir file ('-' for stdout)")
	params := fs.String("params", "args", "parameters as function arguments (args) or inline literals (inline)")
	function := fs.String("function", "main", "name of the generated function")
	program := fs.String("program", "", "program to import from a multi-program archive (default: the only one, or 'model')")
	mapping := fs.String("mapping", "", "where to write the argument/result mapping JSON (default: the output's name with .params.json)")
	checkSupport := fs.Bool("check-support", false, "report the ops the lowering does not support, instead of printing the program")
	dims := dimFlag(fs)
	help := fs.BoolP("help", "h", false, "show this help")
	if code, done := parseFlags(env, "import", fs, help, textUsage(fs, importHelp), args); done {
		return code
	}
	if fs.NArg() != 1 {
		fmt.Fprintf(env.Stderr, "torchlower import: expected one .pt2 file, got %d\n", fs.NArg())
		return 2
	}
	if *params != "args" && *params != "inline" {
		fmt.Fprintf(env.Stderr, "torchlower import: --params must be args or inline, not %q\n", *params)
		return 2
	}
	in := fs.Arg(0)
	a, err := importer.Open(in)
	if err != nil {
		fmt.Fprintf(env.Stderr, "%v\n", importErr(in, err))
		return 1
	}
	ctx := ir.NewContext(fn.Dialect, arith.Dialect, torch.Dialect)
	m, mp, err := importer.Import(ctx, a, importer.Options{Params: *params, FuncName: *function, Program: *program, Dims: *dims})
	if err != nil {
		fmt.Fprintf(env.Stderr, "%v\n", importErr(in, err))
		return 1
	}
	if err := ir.Verify(m); err != nil {
		fmt.Fprintf(env.Stderr, "%s: imported program does not verify (importer bug): %v\n", in, err)
		return 1
	}
	if *checkSupport {
		code := reportSupport(env, in, m)
		if code != 0 {
			printDynamicNote(env.Stdout, in, *dims)
		}
		return code
	}
	if err := writeOutput(env, *output, ir.Sprint(m, ir.PrintOptions{})); err != nil {
		fmt.Fprintf(env.Stderr, "torchlower import: %v\n", err)
		return 1
	}
	mapPath := *mapping
	if mapPath == "" && *output != "-" && *output != "" {
		mapPath = strings.TrimSuffix(*output, filepath.Ext(*output)) + ".params.json"
	}
	if mapPath != "" {
		mp.Archive = archiveFromMapping(in, mapPath)
		var buf bytes.Buffer
		if err := mp.WriteJSON(&buf); err != nil {
			fmt.Fprintf(env.Stderr, "torchlower import: %v\n", err)
			return 1
		}
		if err := os.WriteFile(mapPath, buf.Bytes(), 0o644); err != nil {
			fmt.Fprintf(env.Stderr, "torchlower import: cannot write mapping: %v\n", err)
			return 1
		}
	}
	return 0
}

// archiveFromMapping is the archive's path as the mapping at mapPath
// records it: relative to the mapping's folder when that can be said,
// absolute otherwise.
func archiveFromMapping(archive, mapPath string) string {
	abs, err := filepath.Abs(archive)
	if err != nil {
		return archive
	}
	dir, err := filepath.Abs(filepath.Dir(mapPath))
	if err != nil {
		return abs
	}
	rel, err := filepath.Rel(dir, abs)
	if err != nil {
		return abs
	}
	return filepath.ToSlash(rel)
}

// importErr makes sure every message starts with the input's name, even
// for errors (such as a missing file) that do not carry it.
func importErr(in string, err error) string {
	msg := err.Error()
	if strings.HasPrefix(msg, in+": ") || strings.HasPrefix(msg, in+" ") {
		return msg
	}
	if strings.HasPrefix(msg, "open "+in+": ") {
		return in + ": " + strings.TrimPrefix(msg, "open "+in+": ")
	}
	return in + ": " + msg
}

// reportSupport prints what convert-torch-to-linalg would reject in m,
// grouped by op name, so a user learns up front what a model needs.
func reportSupport(env *Env, in string, m *ir.Operation) int {
	total := 0
	m.Walk(ir.PreOrder, func(o *ir.Operation) {
		if strings.HasPrefix(o.Name, "torch.aten.") {
			total++
		}
	})
	diags := lowering.CheckSupport(m)
	if len(diags) == 0 {
		fmt.Fprintf(env.Stdout, "%s: all %d aten ops lower to linalg\n", in, total)
		return 0
	}
	type group struct {
		reason string
		where  []string
	}
	var order []string
	groups := map[string]*group{}
	for _, d := range diags {
		key := d.Msg
		if i := strings.Index(key, "'torch."); i >= 0 {
			if j := strings.Index(key[i+1:], "'"); j >= 0 {
				key = key[i+1 : i+1+j]
			}
		}
		g, ok := groups[key]
		if !ok {
			g = &group{reason: d.Msg}
			groups[key] = g
			order = append(order, key)
		}
		// Imported ops are located by their graph node's name.
		where := "<unknown location>"
		switch l := d.Loc.(type) {
		case ir.NameLoc:
			where = l.Name
		case nil:
		default:
			where = l.String()
		}
		g.where = append(g.where, where)
	}
	fmt.Fprintf(env.Stdout, "%s: %d of %d aten ops cannot be lowered yet:\n", in, len(diags), total)
	for _, k := range order {
		g := groups[k]
		fmt.Fprintf(env.Stdout, "  %-44s x%-3d %s\n", k, len(g.where), strings.Join(g.where, ", "))
		if g.reason != "failed to legalize operation '"+k+"'" {
			fmt.Fprintf(env.Stdout, "      %s\n", g.reason)
		}
	}
	return 1
}
