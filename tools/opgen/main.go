// Command opgen generates torch/ops_gen.go, the torch dialect's aten op
// table, from the committed schema list torch/schemas.txt:
//
//	go run ./tools/opgen                 # from the repository root
//	go generate ./torch
//
// Add an op by appending its schema, copied from PyTorch's
// aten/src/ATen/native/native_functions.yaml, to schemas.txt and
// rerunning opgen; torch's tests fail while ops_gen.go is stale.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/torchlower/torchlower/torch/opgen"
)

func main() {
	schemas := flag.String("schemas", "torch/schemas.txt", "schema list to read")
	out := flag.String("out", "torch/ops_gen.go", "Go file to write")
	flag.Parse()
	src, err := os.ReadFile(*schemas)
	if err != nil {
		fail(err)
	}
	code, err := opgen.Generate(src)
	if err != nil {
		fail(err)
	}
	if err := os.WriteFile(*out, code, 0o644); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "opgen:", err)
	os.Exit(1)
}
