package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/pflag"

	"github.com/torchlower/torchlower/compiler"
	"github.com/torchlower/torchlower/importer"
	"github.com/torchlower/torchlower/runtime"
)

// dimFlag declares --dim, which binds the symbolic sizes of a .pt2
// exported with dynamic shapes (importer.Options.Dims).
func dimFlag(fs *pflag.FlagSet) *map[string]int64 {
	return fs.StringToInt64("dim", nil,
		"bind a symbolic size of a .pt2 exported with dynamic shapes, compiling it for that size: --dim s0=8 (repeat, or s0=8,s1=3)")
}

// printDynamicNote says, after a failure to compile in, whether in is a
// .pt2 with symbolic sizes that dims leaves unbound, and how to bind them:
// torchlower compiles static shapes, and a dynamic dim is why such a
// program does not lower.
func printDynamicNote(w io.Writer, in string, dims map[string]int64) {
	if !strings.HasSuffix(in, ".pt2") {
		return
	}
	a, err := importer.Open(in)
	if err != nil {
		return
	}
	syms, err := importer.Symbols(a, "")
	if err != nil {
		return
	}
	var free []string
	first := ""
	for _, s := range syms {
		if _, ok := dims[s.Name]; !ok {
			free = append(free, s.Range())
			if first == "" {
				first = s.Name
			}
		}
	}
	if len(free) == 0 {
		return
	}
	fmt.Fprintf(w, "note: %s was exported with dynamic shapes (%s); torchlower compiles static shapes: "+
		"bind each symbol to the size to compile for, e.g. --dim %s=N\n", in, strings.Join(free, ", "), first)
}

// inputDims binds the symbols of the opened .pt2 a from the sizes of the
// inputs run is given (compiler.InputDims), reading only the headers of
// the @file.npy inputs; an input that cannot be read is left to the
// argument checks that follow.
func inputDims(a *importer.Archive, inputs []string, dims map[string]int64) (map[string]int64, error) {
	shapes := make([][]int64, len(inputs))
	for i, spec := range inputs {
		if path, ok := strings.CutPrefix(spec, "@"); ok {
			shapes[i], _ = runtime.ReadNPYShape(path)
		}
	}
	return compiler.InputDims(a, shapes, dims)
}
