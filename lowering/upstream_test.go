package lowering

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/internal/irtest"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/asm"
	"github.com/torchlower/torchlower/ir/pass"
)

// TestUpstreamAcceptsLowering lowers every chunk of every positive lit file
// in testdata and has upstream mlir-opt (MLIR 16) parse and verify the
// result, in the custom form and in the generic form. A chunk that still
// holds a torch.constant.none (a masked result returned as None) is checked
// in the generic form only, with --allow-unregistered-dialect, since
// mlir-opt cannot parse the custom syntax of a dialect it does not know.
func TestUpstreamAcceptsLowering(t *testing.T) {
	irtest.RequireMLIROpt(t)
	files, _ := filepath.Glob("testdata/*.mlir")
	pl := torchToLinalgPipeline()
	n := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(src), "--verify-diagnostics") {
			continue
		}
		chunks, firstLines := asm.SplitInput(string(src))
		for i, chunk := range chunks {
			ctx := newContext()
			m, err := asm.Parse(ctx, chunk, asm.Options{FileName: f, LineOffset: firstLines[i]})
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			pm := &pass.Manager{IR: ctx, Pipeline: pl, VerifyEach: true}
			if err := pm.Run(m); err != nil {
				t.Fatalf("%s:%d: %v", f, firstLines[i]+1, err)
			}
			generic := ir.Sprint(m, ir.PrintOptions{Generic: true})
			if strings.Contains(generic, "\"torch.") {
				irtest.MLIROpt(t, generic, "--verify-each", "--allow-unregistered-dialect")
			} else {
				irtest.MLIROpt(t, ir.Sprint(m, ir.PrintOptions{}), "--verify-each")
				irtest.MLIROpt(t, generic, "--verify-each")
			}
			n++
		}
	}
	t.Logf("upstream mlir-opt accepted the lowering of %d chunks", n)
}

func runRoundTrip(t *testing.T, path string) {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	chunks, _ := asm.SplitInput(string(src))
	for _, c := range chunks {
		irtest.RoundTrip(t, newContext(), path, c)
	}
}
