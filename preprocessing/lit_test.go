package preprocessing_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/internal/cli"
	"github.com/torchlower/torchlower/internal/irtest"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/asm"
	"github.com/torchlower/torchlower/ir/pass"
)

// The .mlir files in testdata run through the real CLI in the root
// package's TestLit; registry is the CLI's pass registry for the Go tests.
func registry() *pass.Registry { return cli.NewPassRegistry() }

// optChunks runs pipeline on each `// -----` chunk of src (or on the whole
// of it) and returns the printed results.
func optChunks(src, pipeline string, split bool) ([]string, error) {
	pl, err := registry().Parse(pipeline)
	if err != nil {
		return nil, err
	}
	chunks, firsts := []string{src}, []int{0}
	if split {
		chunks, firsts = asm.SplitInput(src)
	}
	var outs []string
	for i, chunk := range chunks {
		ctx := cli.NewContext()
		m, err := asm.Parse(ctx, chunk, asm.Options{FileName: "input.mlir", LineOffset: firsts[i]})
		if err != nil {
			return nil, err
		}
		if err := ir.Verify(m); err != nil {
			return nil, err
		}
		pm := &pass.Manager{IR: ctx, Pipeline: pl, VerifyEach: true}
		if err := pm.Run(m); err != nil {
			return nil, err
		}
		outs = append(outs, ir.Sprint(m, ir.PrintOptions{}))
	}
	return outs, nil
}

// TestUpstreamAcceptsOutput feeds every pass output of the lit files to
// upstream mlir-opt --verify-each.
func TestUpstreamAcceptsOutput(t *testing.T) {
	irtest.RequireMLIROpt(t)
	files, _ := filepath.Glob("testdata/*.mlir")
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		pipeline := runPipeline(string(src))
		if pipeline == "" {
			continue
		}
		t.Run(filepath.Base(f), func(t *testing.T) {
			outs, err := optChunks(string(src), pipeline, true)
			if err != nil {
				t.Fatal(err)
			}
			for i, out := range outs {
				if _, err := irtest.RunMLIROpt(out, "--verify-each"); err != nil {
					t.Errorf("chunk %d: %v\n%s", i, err, out)
				}
			}
		})
	}
}

// runPipeline extracts the -p argument of a file's first RUN line that
// has one.
func runPipeline(src string) string {
	for _, l := range strings.Split(src, "\n") {
		_, cmd, ok := strings.Cut(l, "RUN:")
		if !ok {
			continue
		}
		_, arg, ok := strings.Cut(cmd, " -p ")
		if !ok {
			continue
		}
		// A quoted pipeline may hold spaces (pass options); a bare one
		// ends at the next.
		if quoted, ok := strings.CutPrefix(arg, "'"); ok {
			p, _, _ := strings.Cut(quoted, "'")
			return p
		}
		p, _, _ := strings.Cut(arg, " ")
		return p
	}
	return ""
}
