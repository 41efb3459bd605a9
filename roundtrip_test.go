package torchlower_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/internal/cli"
	"github.com/torchlower/torchlower/internal/irtest"
)

// corpusFiles lists testdata/roundtrip/*.mlir with their split chunks.
func corpusFiles(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("testdata/roundtrip/*.mlir")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus files found: %v", err)
	}
	return files
}

func chunksOf(t *testing.T, file string) []string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	chunks, _ := irtest.SplitInput(string(b))
	return chunks
}

// TestCorpusRoundTrip: every corpus file parses, verifies, and prints to a
// fixed point in custom, generic and debug-info forms.
func TestCorpusRoundTrip(t *testing.T) {
	for _, f := range corpusFiles(t) {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".mlir"), func(t *testing.T) {
			for _, c := range chunksOf(t, f) {
				irtest.RoundTrip(t, cli.NewContext(), f, c)
			}
		})
	}
}

// TestCorpusUpstreamAcceptsOurs: upstream mlir-opt 16 (an independent
// implementation) accepts our custom and generic prints of every file.
func TestCorpusUpstreamAcceptsOurs(t *testing.T) {
	irtest.RequireMLIROpt(t)
	for _, f := range corpusFiles(t) {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".mlir"), func(t *testing.T) {
			t.Parallel()
			for _, c := range chunksOf(t, f) {
				custom, generic := irtest.RoundTrip(t, cli.NewContext(), f, c)
				irtest.MLIROpt(t, custom, "--verify-each")
				irtest.MLIROpt(t, generic, "--verify-each")
			}
		})
	}
}

// TestCorpusWeAcceptUpstream: what upstream prints for the corpus (the
// committed outputs in testdata/roundtrip/upstream) parses and verifies
// here, in both forms, and reaches the same text as our own print of the
// original.
func TestCorpusWeAcceptUpstream(t *testing.T) {
	for _, f := range corpusFiles(t) {
		base := strings.TrimSuffix(filepath.Base(f), ".mlir")
		t.Run(base, func(t *testing.T) {
			for _, form := range []string{"generic", "custom"} {
				up := filepath.Join("testdata/roundtrip/upstream", base+"."+form+".mlir")
				b, err := os.ReadFile(up)
				if err != nil {
					t.Fatalf("missing upstream output %s (run testdata/roundtrip/upstream/regen.sh): %v", up, err)
				}
				chunks, _ := irtest.SplitInput(string(b))
				for _, c := range chunks {
					irtest.RoundTrip(t, cli.NewContext(), up, c)
				}
			}
		})
	}
}
