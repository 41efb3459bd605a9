package module_test

import (
	"os"
	"testing"

	"github.com/torchlower/torchlower/module"
)

func BenchmarkDecodeTmp(b *testing.B) {
	data, _ := os.ReadFile("/tmp/joint9.tlm")
	for b.Loop() {
		if _, err := module.Decode("x", data); err != nil {
			b.Fatal(err)
		}
	}
}
