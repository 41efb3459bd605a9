// Package cli implements the torchlower command line. It lives outside
// package main so tests (the lit harness above all) run the exact code
// users run, in-process.
package cli

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/spf13/pflag"
)

// Version is the torchlower version, printed by --version.
const Version = "0.1.0-dev"

type command struct {
	summary string
	run     func(env *Env, args []string) int
}

// Env is the process environment a command runs in.
type Env struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// Relaunch is the command that runs torchlower with args in a new
	// process, for what a kernel fault leaves undone in this one (a GPU
	// is unusable in the process where a kernel faulted): Main's is
	// relaunch; nil runs nothing again.
	Relaunch func(args []string) *exec.Cmd
}

// relaunch is Main's Env.Relaunch: this executable, unless it is a test
// binary, which is not torchlower (run with a command's arguments, it
// would run its tests); a TestMain that makes its binary act as
// torchlower sets it.
var relaunch = relaunchSelf

func init() {
	if testing.Testing() {
		relaunch = nil
	}
}

// inNewProcess runs `torchlower command args... more...` in a new
// process (Env.Relaunch), its output on stderr, where more(dir) are the
// arguments that name the files the two processes exchange in dir, a
// folder of their own; the new process writes its findings to dir/out,
// which read decodes.
func inNewProcess[T any](env *Env, command string, args []string, more func(dir string) ([]string, error), read func(io.Reader) (T, error)) (T, error) {
	var none T
	dir, err := os.MkdirTemp("", "torchlower-"+command+"-")
	if err != nil {
		return none, err
	}
	defer os.RemoveAll(dir)
	extra, err := more(dir)
	if err != nil {
		return none, err
	}
	// A "--" can only be the last of args (the command takes no
	// positional arguments); after it, extra would be some.
	if n := len(args); n > 0 && args[n-1] == "--" {
		args = args[:n-1]
	}
	cmd := env.Relaunch(append([]string{command}, append(slices.Clone(args), extra...)...))
	cmd.Stdout, cmd.Stderr = env.Stderr, env.Stderr
	if err := cmd.Run(); err != nil {
		return none, fmt.Errorf("the new process (%s): %v", filepath.Base(cmd.Path), err)
	}
	f, err := os.Open(filepath.Join(dir, "out"))
	if err != nil {
		return none, err
	}
	defer f.Close()
	return read(f)
}

// writeFile writes file with write: what a relaunched process hands back
// (inNewProcess).
func writeFile(file string, write func(io.Writer) error) error {
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// relaunchSelf runs this executable with args.
func relaunchSelf(args []string) *exec.Cmd {
	exe, err := os.Executable()
	if err != nil {
		exe = os.Args[0]
	}
	return exec.Command(exe, args...)
}

var commands = map[string]command{
	"import":  {"import a torch.export .pt2 archive into the torch dialect", runImport},
	"compile": {"compile a program (.pt2 or .mlir) once into a module file (.tlm) that run executes", runCompile},
	"dump":    {"print what a compiled module (.tlm) holds: signatures, plans, kernels (like iree-dump-module)", runDump},
	"opt":     {"read MLIR text, run passes, print MLIR text (like mlir-opt)", runOpt},
	"run":     {"run a program (.pt2, .mlir or compiled .tlm) on the CPU with .npy inputs and outputs", runRun},
	"e2e":     {"run the end-to-end suite (torch-mlir's e2e report format)", runE2E},
	"bench":   {"time convolution_backward: baseline vs default pipeline vs PyTorch, side by side", runBench},
}

// Main runs the CLI with args (without the program name) and returns the
// exit code.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	env := &Env{Stdin: stdin, Stdout: stdout, Stderr: stderr, Relaunch: relaunch}
	// A crash is a bug, but users still get a message and a non-zero exit
	// instead of a goroutine dump.
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "torchlower: internal error: %v\nplease report this with the input that caused it\n", r)
			if os.Getenv("TORCHLOWER_PANIC") != "" {
				panic(r)
			}
			code = 2
		}
	}()
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	switch args[0] {
	case "--version", "-version", "version":
		fmt.Fprintf(stdout, "torchlower version %s\n", Version)
		return 0
	case "-h", "--help", "help":
		if len(args) > 1 {
			if c, ok := commands[args[1]]; ok {
				return c.run(env, []string{"--help"})
			}
		}
		usage(stdout)
		return 0
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "torchlower: unknown command %q\n\n", args[0])
		usage(stderr)
		return 2
	}
	return c.run(env, args[1:])
}

func usage(w io.Writer) {
	fmt.Fprintf(w, "torchlower %s — imports PyTorch programs, lowers them through MLIR-compatible IR, and runs them.\n\n", Version)
	fmt.Fprintf(w, "Usage:\n  torchlower <command> [flags] [input]\n\nCommands:\n")
	var names []string
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-8s %s\n", n, commands[n].summary)
	}
	fmt.Fprintf(w, "\nRun 'torchlower <command> --help' for a command's flags. 'torchlower --version' prints the version.\n")
}

// Tool adapts Main to the lit harness's in-process tool signature.
func Tool(args []string, stdin []byte) (stdout, stderr []byte, exitCode int) {
	var out, errb strings.Builder
	code := Main(args, strings.NewReader(string(stdin)), &out, &errb)
	return []byte(out.String()), []byte(errb.String()), code
}

// parseFlags parses the arguments of command name into fs, whose help
// flag is help; usage writes the command's help (its text and flags) to
// w. It reports done when the command is over: --help printed the help on
// stdout (exit 0), or a flag was bad, reported on stderr after the help
// (exit 2).
func parseFlags(env *Env, name string, fs *pflag.FlagSet, help *bool, usage func(w io.Writer), args []string) (code int, done bool) {
	fs.Usage = func() { usage(env.Stderr) }
	if err := fs.Parse(args); err != nil {
		fmt.Fprintf(env.Stderr, "torchlower %s: %v (see torchlower %s --help)\n", name, err, name)
		return 2, true
	}
	if *help {
		usage(env.Stdout)
		return 0, true
	}
	return 0, false
}

// textUsage is a command's usage: text, then the flags of fs.
func textUsage(fs *pflag.FlagSet, text string) func(w io.Writer) {
	return func(w io.Writer) {
		fmt.Fprint(w, text)
		fs.SetOutput(w)
		fs.PrintDefaults()
	}
}
