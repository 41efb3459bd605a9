package lowering

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/asm"
	"github.com/torchlower/torchlower/ir/pass"
)

// FuzzLowering feeds mutated torch-dialect programs to
// convert-torch-to-linalg: whatever parses and verifies must either lower
// to IR that verifies or fail with an error — never panic. Seeds are the
// lit inputs.
//
//	go test -run '^$' -fuzz FuzzLowering -fuzztime 5m ./lowering
func FuzzLowering(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.mlir")
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		chunks, _ := asm.SplitInput(string(b))
		for _, c := range chunks {
			f.Add(c)
		}
	}
	pl := torchToLinalgPipeline()
	f.Fuzz(func(t *testing.T, src string) {
		ctx := newContext()
		m, err := asm.Parse(ctx, src, asm.Options{FileName: "fuzz.mlir"})
		if err != nil || ir.Verify(m) != nil {
			return
		}
		// No VerifyEach: a lowering that breaks the IR must fail the fuzz
		// target below, not look like a rejected input.
		pm := &pass.Manager{IR: ctx, Pipeline: pl}
		if err := pm.Run(m); err != nil {
			return
		}
		if err := ir.Verify(m); err != nil {
			t.Fatalf("lowering succeeded but the result does not verify: %v\n%s", err, src)
		}
	})
}
