// Command hostgpu builds the host emulation of the GPU runtimes (package
// internal/hostgpu: libcuda, NVRTC, libamdhip64 and hiprtc) into a
// directory and prints the shell exports that make a process use it:
//
//	eval "$(go run ./tools/hostgpu /tmp/hostgpu)"
//	torchlower e2e --device=cuda --filter=depthwise
//
// Every --device=cuda or --device=hip path then runs its generated
// kernels on the CPU (sm_90, or TL_HOSTGPU_SM=75 for a GPU without
// tensor cores; gfx942, or TL_HOSTGPU_GFX), through the same runtime
// and compiler calls a GPU gets: a check of the plumbing, not of a GPU
// (the kit in tools/gpusession runs on one).
package main

import (
	"fmt"
	"os"
	"os/exec"
	"strings"

	"github.com/torchlower/torchlower/internal/hostgpu"
)

func main() {
	if len(os.Args) != 2 || strings.HasPrefix(os.Args[1], "-") {
		fmt.Fprintln(os.Stderr, "usage: hostgpu DIR   (builds the emulation into DIR, prints the exports that use it)")
		os.Exit(2)
	}
	dir := os.Args[1]
	cxx := os.Getenv("CXX")
	if cxx == "" {
		cxx = "g++"
	}
	if _, err := exec.LookPath(cxx); err != nil {
		fmt.Fprintf(os.Stderr, "hostgpu: no C++ compiler: %v\n", err)
		os.Exit(1)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintf(os.Stderr, "hostgpu: %v\n", err)
		os.Exit(1)
	}
	env, err := hostgpu.Build(dir, cxx)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for _, e := range env {
		k, v, _ := strings.Cut(e, "=")
		fmt.Printf("export %s='%s'\n", k, strings.ReplaceAll(v, "'", `'\''`))
	}
}
