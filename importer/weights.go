package importer

import (
	"encoding/json"
	"fmt"
	"maps"
	"math/bits"
	"slices"

	"github.com/torchlower/torchlower/ir"
)

// dtypeInfo describes one export-schema ScalarType.
type dtypeInfo struct {
	name string  // schema member name, "FLOAT"
	size int     // bytes per element
	c10  int64   // c10::ScalarType code, what torch.constant.int carries for a dtype
	ir   ir.Type // MLIR element type; nil where the core IR has none
}

// dtypes is the export schema numbering (pt2-format.md §2.4). It is not
// c10's: FLOAT is 7 here and 6 in c10, and peers that confused the two
// load garbage, so both codes are kept side by side.
var dtypes = map[ScalarType]dtypeInfo{
	1:  {"BYTE", 1, 0, ir.IntegerType{Width: 8, Signedness: ir.Unsigned}},
	2:  {"CHAR", 1, 1, ir.IntegerType{Width: 8, Signedness: ir.Signed}},
	3:  {"SHORT", 2, 2, ir.IntegerType{Width: 16, Signedness: ir.Signed}},
	4:  {"INT", 4, 3, ir.IntegerType{Width: 32, Signedness: ir.Signed}},
	5:  {"LONG", 8, 4, ir.IntegerType{Width: 64, Signedness: ir.Signed}},
	6:  {"HALF", 2, 5, ir.F16T},
	7:  {"FLOAT", 4, 6, ir.F32T},
	8:  {"DOUBLE", 8, 7, ir.F64T},
	9:  {"COMPLEXHALF", 4, 8, nil},
	10: {"COMPLEXFLOAT", 8, 9, nil},
	11: {"COMPLEXDOUBLE", 16, 10, nil},
	12: {"BOOL", 1, 11, ir.I1},
	13: {"BFLOAT16", 2, 15, ir.BF16T},
	28: {"UINT16", 2, 27, ir.IntegerType{Width: 16, Signedness: ir.Unsigned}},
	29: {"FLOAT8E4M3FN", 1, 24, nil},
	30: {"FLOAT8E5M2", 1, 23, nil},
	31: {"FLOAT8E4M3FNUZ", 1, 26, nil},
	32: {"FLOAT8E5M2FNUZ", 1, 25, nil},
	33: {"FLOAT8E8M0FNU", 1, 44, nil},
	34: {"UINT32", 4, 28, ir.IntegerType{Width: 32, Signedness: ir.Unsigned}},
	35: {"UINT64", 8, 29, ir.IntegerType{Width: 64, Signedness: ir.Unsigned}},
}

func (s ScalarType) String() string {
	if d, ok := dtypes[s]; ok {
		return d.name
	}
	return fmt.Sprintf("dtype(%d)", int(s))
}

// ElemSize is the byte size of one element, 0 for unknown dtypes.
func (s ScalarType) ElemSize() int { return dtypes[s].size }

// IRType is the MLIR element type, or nil where the IR has none.
func (s ScalarType) IRType() ir.Type { return dtypes[s].ir }

// Storage is the raw bytes behind one or more tensors. Tensors that share
// a storage in PyTorch (views, tied weights) share one *Storage here.
type Storage struct {
	Entry string // record holding the bytes, relative to the archive root
	// Member is the storage record inside Entry when Entry is a nested
	// torch.save zip ("archive/data/0"); empty for raw payloads.
	Member string
	Data   []byte
}

// Tensor is a stored weight or constant: a strided view of a Storage.
type Tensor struct {
	Dtype   ScalarType
	Sizes   []int64
	Strides []int64 // in elements
	Offset  int64   // storage offset, in elements
	Storage *Storage
	// IsParam says whether the value was an nn.Parameter.
	IsParam      bool
	RequiresGrad bool
	// Zero marks a zero-byte record: PyTorch wrote a fake or empty tensor
	// whose value is all zeros.
	Zero bool
}

// NumElements is the product of the sizes.
func (t *Tensor) NumElements() int64 {
	n, _ := checkedNumel(t.Sizes)
	return n
}

// IsContiguous reports whether the view is the row-major layout of its
// sizes (dims of size 1 may have any stride, as in PyTorch).
func (t *Tensor) IsContiguous() bool {
	want := int64(1)
	for i := len(t.Sizes) - 1; i >= 0; i-- {
		if t.Sizes[i] != 1 && t.Strides[i] != want {
			return false
		}
		want *= t.Sizes[i]
	}
	return true
}

// Bytes returns the tensor's elements contiguous in row-major order,
// little-endian, gathering strided views. Contiguous views with the whole
// storage share its memory; the caller must not modify the result.
func (t *Tensor) Bytes() ([]byte, error) {
	es := int64(t.Dtype.ElemSize())
	n, err := checkedNumel(t.Sizes)
	if err != nil {
		return nil, err
	}
	total, ok := mulNonNeg(n, es)
	if !ok || total > maxTensorBytes {
		return nil, fmt.Errorf("tensor of %v %s is larger than the %d bytes allowed", t.Sizes, t.Dtype, maxTensorBytes)
	}
	if t.Zero || n == 0 {
		return make([]byte, total), nil
	}
	data := t.Storage.Data
	if t.IsContiguous() {
		start := t.Offset * es
		return data[start : start+total : start+total], nil
	}
	// Gather row by row: the innermost dimension is one copy when its
	// stride is 1, and the outer index advances like an odometer.
	r := len(t.Sizes) - 1
	inner, innerStride := t.Sizes[r], t.Strides[r]
	out := make([]byte, 0, total)
	idx := make([]int64, r)
	for rows := n / inner; rows > 0; rows-- {
		off := t.Offset
		for d, i := range idx {
			off += i * t.Strides[d]
		}
		if innerStride == 1 {
			out = append(out, data[off*es:(off+inner)*es]...)
		} else {
			for j := int64(0); j < inner; j++ {
				o := (off + j*innerStride) * es
				out = append(out, data[o:o+es]...)
			}
		}
		for d := r - 1; d >= 0; d-- {
			idx[d]++
			if idx[d] < t.Sizes[d] {
				break
			}
			idx[d] = 0
		}
	}
	return out, nil
}

// validateView checks a tensor's metadata against its storage before any
// byte is read: known dtype, non-negative sizes/strides/offset, no
// overflow, and the highest element inside the storage.
func (t *Tensor) validateView() error {
	es := int64(t.Dtype.ElemSize())
	if es == 0 {
		return fmt.Errorf("unknown dtype %d", int(t.Dtype))
	}
	if len(t.Strides) != len(t.Sizes) {
		return fmt.Errorf("%d sizes but %d strides", len(t.Sizes), len(t.Strides))
	}
	if len(t.Sizes) > 64 {
		return fmt.Errorf("rank %d is absurd", len(t.Sizes))
	}
	n, err := checkedNumel(t.Sizes)
	if err != nil {
		return err
	}
	if total, ok := mulNonNeg(n, es); !ok || total > maxTensorBytes {
		return fmt.Errorf("tensor of %v %s is larger than the %d bytes allowed", t.Sizes, t.Dtype, maxTensorBytes)
	}
	if t.Offset < 0 {
		return fmt.Errorf("negative storage offset %d", t.Offset)
	}
	for _, s := range t.Strides {
		if s < 0 {
			return fmt.Errorf("negative stride in %v", t.Strides)
		}
	}
	if t.Storage == nil || len(t.Storage.Data) == 0 {
		// A zero-byte record stands for zeros (fake or empty tensors).
		t.Zero = true
		return nil
	}
	if n == 0 {
		return nil
	}
	last := t.Offset
	for d, sz := range t.Sizes {
		step, ok := mulNonNeg(sz-1, t.Strides[d])
		if !ok {
			return fmt.Errorf("sizes %v with strides %v overflow", t.Sizes, t.Strides)
		}
		if last, ok = addNonNeg(last, step); !ok {
			return fmt.Errorf("sizes %v with strides %v overflow", t.Sizes, t.Strides)
		}
	}
	end, ok := mulNonNeg(last+1, es)
	if !ok || end > int64(len(t.Storage.Data)) {
		return fmt.Errorf("view (sizes %v, strides %v, offset %d, %s) needs %d bytes but the storage holds %d",
			t.Sizes, t.Strides, t.Offset, t.Dtype, (last+1)*es, len(t.Storage.Data))
	}
	return nil
}

func checkedNumel(sizes []int64) (int64, error) {
	n := int64(1)
	for _, s := range sizes {
		if s < 0 {
			return 0, fmt.Errorf("negative dimension in %v", sizes)
		}
		var ok bool
		if n, ok = mulNonNeg(n, s); !ok {
			return 0, fmt.Errorf("sizes %v overflow", sizes)
		}
	}
	return n, nil
}

func mulNonNeg(a, b int64) (int64, bool) {
	if a < 0 || b < 0 {
		return 0, false
	}
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	if hi != 0 || lo > 1<<62 {
		return 0, false
	}
	return int64(lo), true
}

func addNonNeg(a, b int64) (int64, bool) {
	s := a + b
	if s < 0 || s > 1<<62 {
		return 0, false
	}
	return s, true
}

// payloadEntry is one FQN of a 2.9+ weights/constants config.
type payloadEntry struct {
	PathName   string      `json:"path_name"`
	IsParam    Bool        `json:"is_param"`
	UsePickle  Bool        `json:"use_pickle"`
	TensorMeta *TensorMeta `json:"tensor_meta"`
}

// loadRawPayload reads a 2.9+ payload config and the raw storage files it
// names. Files are read once and shared by every FQN naming them, which
// is how views and tied weights survive serialization.
func (a *Archive) loadRawPayload(dir, cfgName string) (map[string]*Tensor, error) {
	data, err := a.read(cfgName, maxJSONBytes)
	if err != nil {
		return nil, err
	}
	var cfg struct {
		Config map[string]payloadEntry `json:"config"`
	}
	if err := json.Unmarshal(quoteBareNonFinite(data), &cfg); err != nil {
		return nil, a.errAt(cfgName, "bad payload config: %v", jsonErr(err))
	}
	storages := map[string]*Storage{}
	out := map[string]*Tensor{}
	for _, fqn := range slices.Sorted(maps.Keys(cfg.Config)) {
		e := cfg.Config[fqn]
		if e.UsePickle {
			// Tensor subclasses and torchbind objects need libtorch; record
			// nothing and let the graph import fail if it needs them.
			continue
		}
		if e.TensorMeta == nil {
			return nil, a.errAt(cfgName, "%s: no tensor_meta", fqn)
		}
		if err := checkEntryName(e.PathName); err != nil || e.PathName == "" {
			return nil, a.errAt(cfgName, "%s: bad path_name %q", fqn, truncate(e.PathName))
		}
		entry := dir + e.PathName
		st, ok := storages[entry]
		if !ok {
			b, err := a.read(entry, maxEntryBytes)
			if err != nil {
				return nil, err
			}
			st = &Storage{Entry: entry, Data: b}
			storages[entry] = st
		}
		t, err := tensorFromMeta(e.TensorMeta, st)
		if err != nil {
			return nil, a.errAt(entry, "%s: %v", fqn, err)
		}
		t.IsParam = bool(e.IsParam)
		if es := int64(t.Dtype.ElemSize()); es > 0 && int64(len(st.Data))%es != 0 {
			return nil, a.errAt(entry, "%s: %d bytes is not a whole number of %s elements", fqn, len(st.Data), t.Dtype)
		}
		if err := t.validateView(); err != nil {
			return nil, a.errAt(entry, "%s: %v", fqn, err)
		}
		out[fqn] = t
	}
	return out, nil
}

func tensorFromMeta(m *TensorMeta, st *Storage) (*Tensor, error) {
	sizes, err := staticInts(m.Sizes, -1)
	if err != nil {
		return nil, fmt.Errorf("sizes: %v", err)
	}
	strides, err := staticInts(m.Strides, -1)
	if err != nil {
		return nil, fmt.Errorf("strides: %v", err)
	}
	var off int64
	if m.StorageOffset.Key != "" {
		v, ok, err := symIntValue(m.StorageOffset)
		if err != nil || !ok {
			return nil, fmt.Errorf("storage_offset is not a constant")
		}
		off = v
	}
	if len(m.Strides) == 0 && len(sizes) > 0 {
		strides = contiguousStrides(sizes)
	}
	return &Tensor{Dtype: m.Dtype, Sizes: sizes, Strides: strides, Offset: off, Storage: st,
		RequiresGrad: bool(m.RequiresGrad)}, nil
}

func contiguousStrides(sizes []int64) []int64 {
	st := make([]int64, len(sizes))
	acc := int64(1)
	for i := len(sizes) - 1; i >= 0; i-- {
		st[i] = acc
		if sizes[i] > 0 {
			acc, _ = mulNonNeg(acc, sizes[i])
		}
	}
	return st
}
