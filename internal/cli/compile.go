package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"

	"github.com/spf13/pflag"

	"github.com/torchlower/torchlower/compiler"
	"github.com/torchlower/torchlower/gpu"
	"github.com/torchlower/torchlower/module"
)

const compileHelp = `Usage: torchlower compile [flags] model.pt2|program.mlir -o model.tlm

Compiles a program once into a module file that 'torchlower run model.tlm'
executes without importing or lowering it again, as iree-compile writes a
.vmfb for iree-run-module. The program is loaded (a .pt2 with its
parameters inlined as constants), lowered, preprocessed with --pipeline
and planned exactly as 'torchlower run' does; the module holds the plan of
--function, the target's kernels, the constants (64-byte aligned, mapped
in place when the module is run), the entry point's signature and the
versions that produced it. A .mlir whose parameters are arguments keeps
them as arguments: run gives every one with --input.

--target names where the module runs: cpu, or a GPU architecture,
hip:gfxNNN (AMD; hip:gfx90a, hip:gfx942) or cuda:sm_NN (NVIDIA; cuda:sm_90).
A GPU module holds, besides the plan, the kernel source the GPU backend
generates from it and, when the target's compiler loads here (hiprtc for
hip:*, which needs no GPU; NVRTC for cuda:*), that source compiled for the
architecture. Without the compiler, or with a hiprtc older than the
architecture, it holds the source only (a note says so), and the run
compiles it on the target machine, once, through the
kernel cache. 'torchlower run' runs a module on its target: the CPU, or a
GPU of exactly that architecture; anywhere else it is an error naming the
module's target and the targets present.

Flags:
`

func runCompile(env *Env, args []string) int {
	fs := pflag.NewFlagSet("compile", pflag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	output := fs.StringP("output", "o", "", "the module file to write (model.tlm)")
	target := fs.String("target", "cpu", "where the module runs: cpu, hip:gfxNNN or cuda:sm_NN ("+strings.Join(module.Targets, ", ")+", ...)")
	function := fs.String("function", "main", "the function to compile")
	dims := dimFlag(fs)
	pipeline := fs.String("pipeline", "default", "preprocessing after lowering: default (backward-data-conv, then fuse-elementwise-ops and fp-contract) or baseline (fuse-elementwise-ops and fp-contract only); default-unfused and baseline-unfused leave out fp-contract (f32 contractions then round each product and each sum instead of fusing them)")
	help := fs.BoolP("help", "h", false, "show this help")
	if code, done := parseFlags(env, "compile", fs, help, textUsage(fs, compileHelp), args); done {
		return code
	}
	if fs.NArg() != 1 {
		fmt.Fprintf(env.Stderr, "torchlower compile: expected one program (.pt2 or .mlir), got %d\n", fs.NArg())
		return 2
	}
	if *output == "" || *output == "-" {
		fmt.Fprintf(env.Stderr, "torchlower compile: -o model.tlm is required (a module is binary; it is not written to stdout)\n")
		return 2
	}
	if err := module.ParseTarget(*target); err != nil {
		fmt.Fprintf(env.Stderr, "torchlower compile: %v\n", err)
		return 2
	}
	in := fs.Arg(0)
	if isModuleFile(in) {
		fmt.Fprintf(env.Stderr, "torchlower compile: %s is already a compiled module\n", in)
		return 2
	}
	kind, _ := module.TargetKind(*target)
	p, err := compiler.CompileFor(in, *function, *pipeline, *dims, compiler.TargetFor(kind))
	if err != nil {
		printError(env.Stderr, err, nil)
		printDynamicNote(env.Stderr, in, *dims)
		return 1
	}
	opts := module.Options{Target: *target, Producer: module.Producer{
		Torchlower: producerVersion(), Source: filepath.Base(in), Pipeline: *pipeline,
	}}
	if kind != "cpu" {
		c, missing, err := gpu.Compile(*target, p)
		if err != nil {
			fmt.Fprintf(env.Stderr, "torchlower compile: %s: %v\n", in, err)
			return 1
		}
		if missing != nil {
			fmt.Fprintf(env.Stderr, "torchlower compile: note: %s: the module holds the kernel source only, to be compiled when it first runs on a %s GPU: %s\n",
				*target, kind, strings.TrimSuffix(strings.TrimSpace(strings.SplitN(missing.Error(), "\n", 2)[0]), "; tried:"))
		}
		opts.GPU = &module.GPUCode{Source: c.Source, Binary: c.Binary}
	}
	data, err := module.Encode(opts, p)
	if err != nil {
		fmt.Fprintf(env.Stderr, "torchlower compile: %s: %v\n", in, err)
		return 1
	}
	if err := writeFileAtomic(*output, data); err != nil {
		fmt.Fprintf(env.Stderr, "torchlower compile: %v\n", err)
		return 1
	}
	return 0
}

// producerVersion is the torchlower version with the VCS revision the
// binary was built from, when Go recorded one.
func producerVersion() string {
	v := Version
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" && s.Value != "" {
				v += " (" + s.Value + ")"
			}
		}
	}
	return v
}

// writeFileAtomic writes data to a temporary file next to path and renames
// it into place, so that a failed or interrupted write never leaves a
// truncated module under the name.
func writeFileAtomic(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o644)
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	return nil
}

// isModuleFile reports whether run and compile should treat path as a
// compiled module: by its extension, or by its file identifier.
func isModuleFile(path string) bool {
	if strings.HasSuffix(path, module.Extension) {
		return true
	}
	return !strings.HasSuffix(path, ".pt2") && !strings.HasSuffix(path, ".mlir") && module.SniffFile(path)
}
