package torchlower_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/torchlower/torchlower/internal/cli"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/asm"
)

// FuzzParse feeds arbitrary text to the parser and verifier. Bad input must
// produce an error, never a panic; input that parses and verifies must
// print to text that parses again and prints the same (the round-trip
// property every corpus file has). Seeds are the corpus and lit files.
//
//	go test -run '^$' -fuzz FuzzParse -fuzztime 5m .
func FuzzParse(f *testing.F) {
	seeds, _ := filepath.Glob("testdata/roundtrip/*.mlir")
	more, _ := filepath.Glob("*/*/testdata/*.mlir")
	for _, s := range append(seeds, more...) {
		if b, err := os.ReadFile(s); err == nil {
			f.Add(string(b))
		}
	}
	f.Add(`func.func @f(%a: f32) -> f32 { %0 = arith.addf %a, %a : f32 return %0 : f32 }`)
	f.Fuzz(func(t *testing.T, src string) {
		ctx := cli.NewContext()
		m, err := asm.Parse(ctx, src, asm.Options{FileName: "fuzz.mlir"})
		if err != nil {
			return
		}
		if err := ir.Verify(m); err != nil {
			return
		}
		for _, opts := range []ir.PrintOptions{{}, {Generic: true}} {
			first := ir.Sprint(m, opts)
			m2, err := asm.Parse(cli.NewContext(), first, asm.Options{FileName: "printed.mlir"})
			if err != nil {
				t.Fatalf("printed form does not parse: %v\n--- input\n%s\n--- printed\n%s", err, src, first)
			}
			if err := ir.Verify(m2); err != nil {
				t.Fatalf("printed form does not verify: %v\n--- input\n%s\n--- printed\n%s", err, src, first)
			}
			if second := ir.Sprint(m2, opts); second != first {
				t.Fatalf("print is not a fixed point\n--- input\n%s\n--- first\n%s\n--- second\n%s", src, first, second)
			}
		}
	})
}
