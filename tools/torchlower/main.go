// Command torchlower imports PyTorch programs, lowers them through an
// MLIR-compatible IR, and runs them. See `torchlower --help`.
package main

import (
	"os"

	"github.com/torchlower/torchlower/internal/cli"
)

func main() {
	os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
