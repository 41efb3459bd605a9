package pt2write

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
)

// Layout selects the container to write.
type Layout int

const (
	// Legacy is torch 2.6/2.7: plain zip, serialized_*.pt torch.save files.
	Legacy Layout = iota
	// PT2Pickle is torch 2.8: PT2 archive, data/weights/model.pt.
	PT2Pickle
	// PT2Raw is torch 2.9+: PT2 archive, raw weight_N files plus configs.
	PT2Raw
)

func (l Layout) String() string { return [...]string{"legacy", "pt2pickle", "pt2raw"}[l] }

// Layouts lists every layout, for table-driven tests.
var Layouts = []Layout{Legacy, PT2Pickle, PT2Raw}

// Tensor is a stored weight or constant.
type Tensor struct {
	FQN     string
	Dtype   int
	Sizes   []int64
	Strides []int64 // nil: contiguous
	Offset  int64
	// Storage names the storage; tensors with the same key share it, and
	// the first one's Data is written.
	Storage string
	Data    []byte // the whole storage
	IsParam bool
	// Constant puts the tensor in the constants payload (lifted
	// constants, non-persistent buffers) instead of the weights.
	Constant bool
}

func (t Tensor) strides() []int64 {
	if t.Strides == nil {
		return Contiguous(t.Sizes)
	}
	return t.Strides
}

// Archive describes a whole .pt2 file.
type Archive struct {
	Layout  Layout
	Program []byte // ExportedProgram JSON
	Tensors []Tensor
	// Version overrides the legacy `version` record (default "8.2").
	Version string
	// Root is the PT2 root folder (default "model").
	Root string
	// Protocol is the pickle protocol of torch.save payloads (2 or 4).
	Protocol int
	// Extra records, written verbatim (relative to the root).
	Extra map[string][]byte
}

// Bytes writes the archive.
func (a *Archive) Bytes() ([]byte, error) {
	var buf bytes.Buffer
	err := a.Write(&buf)
	return buf.Bytes(), err
}

// Write writes the archive to w.
func (a *Archive) Write(w io.Writer) error {
	recs := map[string][]byte{}
	var order []string
	add := func(name string, b []byte) {
		if _, ok := recs[name]; !ok {
			order = append(order, name)
		}
		recs[name] = b
	}
	var weights, consts []Tensor
	for _, t := range a.Tensors {
		if t.Constant {
			consts = append(consts, t)
		} else {
			weights = append(weights, t)
		}
	}
	proto := a.Protocol
	if proto == 0 {
		proto = 2
	}
	// The weights and the constants as torch.save writes them (the legacy
	// zip's state dict, the PT2 archive's nested pickles).
	saveBoth := func() (ts, cs []byte, err error) {
		if ts, err = TorchSave(weights, proto); err != nil {
			return nil, nil, err
		}
		cs, err = TorchSave(consts, proto)
		return ts, cs, err
	}
	switch a.Layout {
	case Legacy:
		ts, cs, err := saveBoth()
		if err != nil {
			return err
		}
		ver := a.Version
		if ver == "" {
			ver = "8.2"
		}
		add("serialized_exported_program.json", a.Program)
		add("serialized_state_dict.pt", ts)
		add("serialized_constants.pt", cs)
		add("serialized_example_inputs.pt", emptyTorchSave())
		add("version", []byte(ver))
	case PT2Pickle, PT2Raw:
		add("archive_format", []byte("pt2"))
		add("archive_version", []byte("0"))
		add("byteorder", []byte("little"))
		add(".data/version", []byte("6\n"))
		add(".data/serialization_id", bytes.Repeat([]byte("0"), 40))
		add("models/model.json", a.Program)
		if a.Layout == PT2Pickle {
			ts, cs, err := saveBoth()
			if err != nil {
				return err
			}
			add("data/weights/model.pt", ts)
			add("data/constants/model.pt", cs)
		} else {
			if err := rawPayload(add, "data/weights/", "weight_", "model_weights_config.json", weights); err != nil {
				return err
			}
			if err := rawPayload(add, "data/constants/", "tensor_", "model_constants_config.json", consts); err != nil {
				return err
			}
		}
		add("data/sample_inputs/model.pt", emptyTorchSave())
	}
	for _, k := range slices.Sorted(maps.Keys(a.Extra)) {
		add(k, a.Extra[k])
	}
	root := ""
	if a.Layout != Legacy {
		root = a.Root
		if root == "" {
			root = "model"
		}
		root += "/"
	}
	return writeZip(w, root, order, recs)
}

func rawPayload(add func(string, []byte), dir, prefix, cfgName string, ts []Tensor) error {
	cfg := map[string]any{}
	paths := map[string]string{}
	n := 0
	for _, t := range ts {
		p, ok := paths[t.Storage]
		if !ok || t.Storage == "" {
			p = prefix + strconv.Itoa(n)
			n++
			if t.Storage != "" {
				paths[t.Storage] = p
			}
			add(dir+p, t.Data)
		}
		cfg[t.FQN] = map[string]any{"path_name": p, "is_param": t.IsParam, "use_pickle": false,
			"tensor_meta": MetaStrided(t.Dtype, t.Sizes, t.strides(), t.Offset)}
	}
	b, err := json.Marshal(map[string]any{"config": cfg})
	if err != nil {
		return err
	}
	add(dir+cfgName, b)
	return nil
}

// writeZip writes stored records, as PyTorch's writer does.
func writeZip(w io.Writer, root string, order []string, recs map[string][]byte) error {
	zw := zip.NewWriter(w)
	for _, name := range order {
		fw, err := zw.CreateHeader(&zip.FileHeader{Name: root + name, Method: zip.Store})
		if err != nil {
			return err
		}
		if _, err := fw.Write(recs[name]); err != nil {
			return err
		}
	}
	return zw.Close()
}

// TorchSave returns the bytes torch.save writes for a dict of FQN →
// tensor (or nn.Parameter): a zip with archive/data.pkl and one
// archive/data/<key> record per storage.
func TorchSave(ts []Tensor, protocol int) ([]byte, error) {
	keys := map[string]string{}
	recs := map[string][]byte{}
	var order []string
	pw := newPickler(protocol)
	pw.dictStart()
	for _, t := range ts {
		key, ok := keys[t.Storage]
		if !ok || t.Storage == "" {
			key = strconv.Itoa(len(order))
			if t.Storage != "" {
				keys[t.Storage] = key
			}
			order = append(order, "data/"+key)
			recs["data/"+key] = t.Data
		}
		cls, ok := storageClass[t.Dtype]
		if !ok {
			return nil, fmt.Errorf("pt2write: no storage class for dtype %d", t.Dtype)
		}
		numel := int64(len(t.Data) / elemSize[t.Dtype])
		pw.str(t.FQN)
		pw.tensor(t, cls, key, numel)
	}
	pw.dictEnd()
	recs["data.pkl"] = pw.bytes()
	recs["byteorder"] = []byte("little")
	recs["version"] = []byte("3\n")
	recs[".data/serialization_id"] = bytes.Repeat([]byte("1"), 40)
	all := append([]string{"data.pkl", "byteorder"}, order...)
	all = append(all, "version", ".data/serialization_id")
	var buf bytes.Buffer
	if err := writeZip(&buf, "archive/", all, recs); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func emptyTorchSave() []byte {
	b, _ := TorchSave(nil, 2)
	return b
}

var storageClass = map[int]string{
	1: "ByteStorage", 2: "CharStorage", 3: "ShortStorage", 4: "IntStorage", 5: "LongStorage",
	6: "HalfStorage", 7: "FloatStorage", 8: "DoubleStorage", 12: "BoolStorage", 13: "BFloat16Storage",
}

var elemSize = map[int]int{1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 2, 7: 4, 8: 8, 12: 1, 13: 2}
