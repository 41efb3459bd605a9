package importer

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/dialect/arith"
	fn "github.com/torchlower/torchlower/dialect/func"
	w "github.com/torchlower/torchlower/internal/pt2write"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/asm"
	"github.com/torchlower/torchlower/torch"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func newCtx() *ir.Context { return ir.NewContext(fn.Dialect, arith.Dialect, torch.Dialect) }

type fixture struct {
	name string
	make func() (*w.Program, []w.Tensor)
}

var fixtures = []fixture{
	{"conv_backward", progConvBackward},
	{"joint_conv_bn_relu", func() (*w.Program, []w.Tensor) { return progJoint(jointBlocks, 2, 8) }},
	{"joint_core_block", func() (*w.Program, []w.Tensor) { return progJointCore(jointBlocks[:1], 2, 4) }},
	{"weights_views", progWeights},
	{"kv_cache", progKVCache},
	{"split", progSplit},
	{"dynamic", func() (*w.Program, []w.Tensor) { return progDynamic(true) }},
}

func openBytes(t testing.TB, b []byte) *Archive {
	t.Helper()
	a, err := OpenReaderNamed(bytes.NewReader(b), int64(len(b)), "model.pt2")
	if err != nil {
		t.Fatalf("open: %v", err)
	}
	return a
}

func importText(t testing.TB, a *Archive, opts Options) (string, *Mapping) {
	t.Helper()
	m, mp, err := Import(newCtx(), a, opts)
	if err != nil {
		t.Fatalf("import: %v", err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify: %v\n%s", err, ir.Sprint(m, ir.PrintOptions{}))
	}
	return ir.Sprint(m, ir.PrintOptions{}), mp
}

// checkGolden compares text with testdata/name, or rewrites it with -update.
func checkGolden(t *testing.T, name, text string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./importer -update)", err)
	}
	if string(want) != text {
		t.Errorf("%s differs from the import:\n--- got\n%s\n--- want\n%s", path, text, want)
	}
}

// TestGolden imports every fixture from every layout: all layouts must
// give the same text, equal to the golden file, which must parse and
// verify with our own parser.
func TestGolden(t *testing.T) {
	for _, f := range fixtures {
		for _, mode := range []string{"args", "inline"} {
			golden := f.name + ".golden.mlir"
			if mode == "inline" {
				golden = f.name + ".inline.golden.mlir"
			}
			var first string
			for _, layout := range w.Layouts {
				p, ts := f.make()
				b, err := writeArchive(layout, p, ts)
				if err != nil {
					t.Fatal(err)
				}
				a := openBytes(t, b)
				if a.Layout != map[w.Layout]Layout{w.Legacy: LayoutLegacy, w.PT2Pickle: LayoutPT2Pickle, w.PT2Raw: LayoutPT2Raw}[layout] {
					t.Errorf("%s/%s: detected %s", f.name, layout, a.Layout)
				}
				text, mp := importText(t, a, Options{Params: mode})
				if first == "" {
					first = text
					checkGolden(t, golden, text)
					if mode == "args" {
						var buf bytes.Buffer
						if err := mp.WriteJSON(&buf); err != nil {
							t.Fatal(err)
						}
						// The layout-specific record names are normalised away.
						checkGolden(t, f.name+".params.golden.json", normaliseMapping(buf.String(), a))
					}
				} else if text != first {
					t.Errorf("%s: layout %s imports differently:\n%s\n--- vs\n%s", f.name, layout, text, first)
				}
				m, err := asm.Parse(newCtx(), text, asm.Options{FileName: golden})
				if err != nil {
					t.Fatalf("%s: reparse: %v", golden, err)
				}
				if err := ir.Verify(m); err != nil {
					t.Fatalf("%s: reverify: %v", golden, err)
				}
				if again := ir.Sprint(m, ir.PrintOptions{}); again != text {
					t.Errorf("%s: print(parse(text)) != text:\n%s", golden, again)
				}
			}
		}
	}
}

func normaliseMapping(s string, a *Archive) string {
	s = strings.ReplaceAll(s, `"`+a.Layout.String()+`"`, `"<layout>"`)
	return s
}
