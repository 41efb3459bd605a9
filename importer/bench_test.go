package importer

import (
	"testing"

	w "github.com/torchlower/torchlower/internal/pt2write"
)

// BenchmarkImport200 imports a 201-node joint training graph (33
// conv+bn+relu blocks, forward and backward) from a 2.9+ archive.
func BenchmarkImport200(b *testing.B) {
	blocks := make([]blockCfg, 33)
	blocks[0] = block3x3(3, 4, 1, 1)
	for i := 1; i < len(blocks); i++ {
		blocks[i] = block3x3(4, 4, 1, 1)
	}
	p, ts := progJoint(blocks, 2, 8)
	data, err := writeArchive(w.PT2Raw, p, ts)
	if err != nil {
		b.Fatal(err)
	}
	a := openBytes(b, data)
	if n := len(a.Programs[0].EP.GraphModule.Graph.Nodes); n < 190 {
		b.Fatalf("only %d nodes", n)
	}
	b.Run("import", func(b *testing.B) {
		for b.Loop() {
			if _, _, err := Import(newCtx(), a, Options{}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("open+import+print", func(b *testing.B) {
		for b.Loop() {
			a := openBytes(b, data)
			m, _, err := Import(newCtx(), a, Options{})
			if err != nil {
				b.Fatal(err)
			}
			_ = m.String()
		}
	})
}
