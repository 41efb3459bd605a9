package importer

import (
	"bytes"
	"testing"

	w "github.com/torchlower/torchlower/internal/pt2write"
)

// lowerCaps keeps fuzzed size fields from making the fuzzer allocate
// gigabytes, which real-size caps would allow.
func lowerCaps(t testing.TB) {
	old := [...]int64{maxEntryBytes, maxJSONBytes, maxPickleBytes, maxTensorBytes}
	maxEntryBytes, maxJSONBytes, maxPickleBytes, maxTensorBytes = 1<<22, 1<<22, 1<<22, 1<<16
	t.Cleanup(func() {
		maxEntryBytes, maxJSONBytes, maxPickleBytes, maxTensorBytes = old[0], old[1], old[2], old[3]
	})
}

// fuzzSeedable skips the big joint graph as a seed: with coverage
// instrumentation one import of it takes about a second, which starves the
// mutator; the small programs reach the same code.
func fuzzSeedable(name string) bool { return name != "joint_conv_bn_relu" }

func FuzzOpenArchive(f *testing.F) {
	for _, fx := range fixtures {
		if !fuzzSeedable(fx.name) {
			continue
		}
		for _, layout := range w.Layouts {
			p, ts := fx.make()
			b, err := writeArchive(layout, p, ts)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(b)
		}
	}
	lowerCaps(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := OpenReader(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			return
		}
		for _, mode := range []string{"args", "inline"} {
			m, _, err := Import(newCtx(), a, Options{Params: mode})
			if err == nil && m == nil {
				t.Fatal("nil module without error")
			}
		}
	})
}

func FuzzDecodeProgram(f *testing.F) {
	for _, fx := range fixtures {
		if !fuzzSeedable(fx.name) {
			continue
		}
		p, _ := fx.make()
		f.Add(p.JSON())
	}
	f.Add([]byte(`{"schema_version":{"major":8},"graph_module":{"graph":{"nodes":[{"target":"torch.ops.aten.add.Tensor","inputs":[{"arg":{"as_float":NaN}}]}]}}}`))
	lowerCaps(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		ep, err := DecodeProgram(data)
		if err != nil {
			return
		}
		a := &Archive{Name: "fuzz.pt2", Programs: []*Program{{Name: "model", Entry: "models/model.json", EP: ep,
			Weights: map[string]*Tensor{}, Constants: map[string]*Tensor{}}}}
		for _, mode := range []string{"args", "inline"} {
			_, _, _ = Import(newCtx(), a, Options{Params: mode})
		}
	})
}
