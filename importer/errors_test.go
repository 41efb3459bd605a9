package importer

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/internal/jointnet"
	w "github.com/torchlower/torchlower/internal/pt2write"
)

// rezip rewrites an archive record by record; edit returns the new name
// and data, or keep=false to drop the record.
func rezip(t testing.TB, b []byte, edit func(name string, data []byte) (string, []byte, bool)) []byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(rc)
		rc.Close()
		name, data, keep := edit(f.Name, data)
		if !keep {
			continue
		}
		fw, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Store})
		if err != nil {
			t.Fatal(err)
		}
		fw.Write(data)
	}
	zw.Close()
	return out.Bytes()
}

func archiveOf(t testing.TB, layout w.Layout, f func() (*w.Program, []w.Tensor)) []byte {
	t.Helper()
	p, ts := f()
	b, err := writeArchive(layout, p, ts)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// openAndImport runs the whole pipeline and returns the first error.
func openAndImport(b []byte) error {
	a, err := OpenReaderNamed(bytes.NewReader(b), int64(len(b)), "model.pt2")
	if err != nil {
		return err
	}
	_, _, err = Import(newCtx(), a, Options{Params: "inline"})
	return err
}

func wantErr(t *testing.T, err error, subs ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want one containing %q", subs)
	}
	msg := err.Error()
	if !strings.HasPrefix(msg, "model.pt2: ") {
		t.Errorf("error does not name the archive: %s", msg)
	}
	for _, s := range subs {
		if !strings.Contains(msg, s) {
			t.Errorf("error %q does not contain %q", msg, s)
		}
	}
}

func TestErrors(t *testing.T) {
	good := archiveOf(t, w.PT2Raw, progWeights)
	goodPickle := archiveOf(t, w.PT2Pickle, progWeights)
	legacy := archiveOf(t, w.Legacy, progWeights)
	edit := func(b []byte, f func(name string, data []byte) (string, []byte, bool)) []byte { return rezip(t, b, f) }
	replaceJSON := func(b []byte, f func(doc map[string]any)) []byte {
		return edit(b, func(n string, d []byte) (string, []byte, bool) {
			if strings.HasSuffix(n, "models/model.json") {
				var doc map[string]any
				json.Unmarshal(d, &doc)
				f(doc)
				d, _ = json.Marshal(doc)
			}
			return n, d, true
		})
	}
	cases := []struct {
		name string
		data []byte
		subs []string
	}{
		{"truncated zip", good[:len(good)/2], []string{"not a readable zip archive"}},
		{"empty file", nil, []string{"not a readable zip archive"}},
		{"missing models json", edit(good, func(n string, d []byte) (string, []byte, bool) {
			return n, d, !strings.HasSuffix(n, "models/model.json")
		}), []string{"no models/*.json"}},
		{"not an export archive", edit(good, func(n string, d []byte) (string, []byte, bool) {
			return n, d, !strings.HasSuffix(n, "archive_format")
		}), []string{"not a torch.export archive"}},
		{"weights shorter than metadata", edit(good, func(n string, d []byte) (string, []byte, bool) {
			if strings.HasSuffix(n, "data/weights/weight_0") {
				d = d[:20]
			}
			return n, d, true
		}), []string{"data/weights/weight_0", "w_t", "needs 48 bytes but the storage holds 20"}},
		{"pickled storage shorter than metadata", edit(goodPickle, func(n string, d []byte) (string, []byte, bool) {
			if strings.HasSuffix(n, "data/weights/model.pt") {
				d = rezip(t, d, func(n string, d []byte) (string, []byte, bool) {
					if n == "archive/data/0" {
						d = d[:8]
					}
					return n, d, true
				})
			}
			return n, d, true
		}), []string{"data/weights/model.pt", "archive/data/0", "holds 8 bytes but its metadata needs 48"}},
		{"unknown schema major", replaceJSON(good, func(doc map[string]any) {
			doc["schema_version"] = map[string]any{"major": 9, "minor": 0}
		}), []string{"models/model.json", "unsupported schema version 9.0", "major 9"}},
		{"unknown legacy version", edit(legacy, func(n string, d []byte) (string, []byte, bool) {
			if n == "version" {
				d = []byte("7.3")
			}
			return n, d, true
		}), []string{"version: unsupported schema version 7.3"}},
		{"dotdot entry", edit(good, func(n string, d []byte) (string, []byte, bool) {
			if strings.HasSuffix(n, "byteorder") {
				n = "model/../../etc/passwd"
			}
			return n, d, true
		}), []string{"'..'"}},
		{"absolute entry", edit(good, func(n string, d []byte) (string, []byte, bool) {
			if strings.HasSuffix(n, "byteorder") {
				n = "/etc/passwd"
			}
			return n, d, true
		}), []string{"absolute record path"}},
		{"bad json", edit(good, func(n string, d []byte) (string, []byte, bool) {
			if strings.HasSuffix(n, "models/model.json") {
				d = d[:len(d)/2]
			}
			return n, d, true
		}), []string{"models/model.json: bad program JSON"}},
		{"bad archive version", edit(good, func(n string, d []byte) (string, []byte, bool) {
			if strings.HasSuffix(n, "archive_version") {
				d = []byte("1")
			}
			return n, d, true
		}), []string{"archive_version: unsupported archive version \"1\""}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { wantErr(t, openAndImport(c.data), c.subs...) })
	}
}

// configEdit rewrites the weights config of a raw archive.
func configEdit(t *testing.T, f func(cfg map[string]any)) []byte {
	good := archiveOf(t, w.PT2Raw, progWeights)
	return rezip(t, good, func(n string, d []byte) (string, []byte, bool) {
		if strings.HasSuffix(n, "model_weights_config.json") {
			var doc map[string]any
			json.Unmarshal(d, &doc)
			f(doc["config"].(map[string]any))
			d, _ = json.Marshal(doc)
		}
		return n, d, true
	})
}

func TestAbsurdSizes(t *testing.T) {
	meta := func(sizes, strides []int64, off int64) func(cfg map[string]any) {
		return func(cfg map[string]any) {
			cfg["w_t"].(map[string]any)["tensor_meta"] = w.MetaStrided(w.Float32, sizes, strides, off)
		}
	}
	cases := []struct {
		name string
		edit func(map[string]any)
		sub  string
	}{
		{"numel overflow", meta([]int64{1 << 40, 1 << 40}, []int64{1 << 40, 1}, 0), "overflow"},
		{"huge", meta([]int64{1 << 20, 1 << 20}, []int64{1 << 20, 1}, 0), "larger than"},
		{"negative dim", meta([]int64{-3, 4}, []int64{4, 1}, 0), "negative dimension"},
		{"negative stride", meta([]int64{3, 4}, []int64{-4, 1}, 0), "negative stride"},
		{"negative offset", meta([]int64{3, 4}, []int64{4, 1}, -1), "negative storage offset"},
		{"stride overflow", meta([]int64{3, 4}, []int64{1 << 62, 1}, 0), "overflow"},
		{"offset past end", meta([]int64{3, 4}, []int64{4, 1}, 1), "needs 52 bytes but the storage holds 48"},
		{"escaping path", func(cfg map[string]any) { cfg["w_t"].(map[string]any)["path_name"] = "../../x" }, "bad path_name"},
		{"missing file", func(cfg map[string]any) { cfg["w_t"].(map[string]any)["path_name"] = "weight_99" }, "data/weights/weight_99: record missing"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { wantErr(t, openAndImport(configEdit(t, c.edit)), c.sub) })
	}
}

func TestUnknownOps(t *testing.T) {
	p, ts := progConvBackward()
	p.Node("torch.ops.aten.frobnicate.default", "frobnicate", []w.NamedArg{na("self", w.T("getitem"))}, w.O("frob", f32, 2))
	p.Node("torch.ops.aten.relu.default", "relu", []w.NamedArg{na("self", w.T("frob"))}, w.O("relu", f32, 2))
	p.Node("torch.ops.aten.zap.Tensor", "zap", []w.NamedArg{na("self", w.T("getitem_1"))}, w.O("zap", f32, 2))
	p.Node("torch.ops.aten.relu.default", "relu_1", []w.NamedArg{na("self", w.T("getitem")), na("bogus", w.Int(1))}, w.O("relu_1", f32, 2))
	p.Node("torch.ops.higher_order.cond", "cond", nil, w.O("cond", f32, 2))
	p.Node("torch.ops.aten.embedding_bag.default", "embedding_bag", []w.NamedArg{na("weight", w.T("getitem"))}, w.O("eb", f32, 2))
	b, err := writeArchive(w.PT2Raw, p, ts)
	if err != nil {
		t.Fatal(err)
	}
	err = openAndImport(b)
	wantErr(t, err,
		"models/model.json: node frobnicate: unknown aten op 'aten::frobnicate.default'",
		"node zap: unknown aten op 'aten::zap.Tensor'",
		"node relu_1: aten::relu.default has no argument 'bogus'",
		"node cond: unsupported target 'torch.ops.higher_order.cond'",
		"node embedding_bag: unknown aten op 'aten::embedding_bag.default' (a composite op of torch.export's IR before decomposition: call ep.run_decompositions() before torch.export.save)",
		"5 problems")
	if strings.Contains(err.Error(), "node relu:") {
		t.Errorf("a consumer of a failed node was reported too: %v", err)
	}
	var l ErrorList
	if el, ok := err.(ErrorList); !ok || len(el) != 5 {
		t.Errorf("want an ErrorList of 5, got %T %v", err, l)
	}
}

func TestPickleRejects(t *testing.T) {
	cases := []struct {
		name string
		data string
		sub  string
	}{
		{"os.system", "\x80\x02cos\nsystem\nq\x00.", "global os.system is not allowed"},
		{"builtins.eval via STACK_GLOBAL", "\x80\x04\x8c\x08builtins\x8c\x04eval\x93.", "global builtins.eval is not allowed"},
		{"INST", "\x80\x02(ios\nsystem\n.", "opcode INST"},
		{"NEWOBJ", "\x80\x02}\x81.", "opcode NEWOBJ"},
		{"no STOP", "\x80\x02}", "without STOP"},
		{"underflow", "\x80\x02s.", "stack underflow"},
		{"bad memo", "\x80\x02h\x05.", "memo key 5"},
		{"huge string", "\x80\x02X\xff\xff\xff\x7f", "needs 2147483647 bytes"},
		{"call a class", "\x80\x02ctorch\nFloatStorage\n)R.", "is a class"},
	}
	for _, c := range cases {
		_, err := unpickle([]byte(c.data), nil)
		if err == nil || !strings.Contains(err.Error(), c.sub) {
			t.Errorf("%s: got %v, want %q", c.name, err, c.sub)
		}
	}
}

// progInPlaceKV is the KV-cache update as torch.export's IR holds it before
// run_decompositions: index_copy_ writes the buffer in place and nothing
// in the signature returns it. Imported as it stands, the write would be
// lost; the importer refuses it, naming the node and the fix.
func progInPlaceKV() (*w.Program, []w.Tensor) {
	p := w.NewProgram()
	p.Input("buffer", "b_k_cache", "k_cache", f32, 1, 2, 8, 4)
	p.Input("user_input", "k", "", f32, 1, 2, 1, 4)
	p.Input("user_input", "input_pos", "", i64, 1)
	p.Node("torch.ops.aten.index_copy_.default", "index_copy_", []w.NamedArg{
		na("self", w.T("b_k_cache")), na("dim", w.Int(2)), na("index", w.T("input_pos")), na("source", w.T("k")),
	}, w.O("index_copy_", f32, 1, 2, 8, 4))
	p.Output("user_output", "index_copy_", "")
	seed := uint32(9)
	return p, []w.Tensor{{FQN: "k_cache", Dtype: f32, Sizes: []int64{1, 2, 8, 4}, Storage: "k", Data: jointnet.Floats(64, &seed)}}
}

func TestInPlaceOpRefused(t *testing.T) {
	err := openAndImport(archiveOf(t, w.PT2Raw, progInPlaceKV))
	wantErr(t, err, "index_copy_", "writes its argument 'self' in place", "run_decompositions()")
}

// TestOptionalTensorListType: a Tensor?[] argument whose entries are all
// tensors is serialized as as_tensors; it still imports as the schema's
// !torch.list<optional<vtensor>>, as fx_importer types it.
func TestOptionalTensorListType(t *testing.T) {
	p := w.NewProgram()
	p.Input("user_input", "x", "", f32, 5, 3)
	p.Input("user_input", "i", "", i64, 2)
	p.Node("torch.ops.aten.index.Tensor", "index", []w.NamedArg{na("self", w.T("x")), na("indices", w.Tensors("i"))}, w.O("index", f32, 2, 3))
	p.Output("user_output", "index", "")
	b, err := writeArchive(w.PT2Raw, p, nil)
	if err != nil {
		t.Fatal(err)
	}
	text, _ := importText(t, openBytes(t, b), Options{})
	if !strings.Contains(text, "!torch.list<optional<vtensor>>") {
		t.Errorf("the index list is not typed Tensor?[]:\n%s", text)
	}
}
