package ir

import (
	"encoding/binary"
	"fmt"
	"strings"
)

// ResourceBlob is the data behind `dense_resource<key>` attributes. Large
// constants (model weights) live here instead of in the attribute text:
// the file carries them once, in a trailing `{-# dialect_resources ... #-}`
// section, as MLIR does. Attributes refer to a blob by pointer, so every
// use shares one copy of the bytes.
type ResourceBlob struct {
	Key       string
	Alignment uint32
	Data      []byte // nil when the file declared the key without data
}

// DenseResourceAttr is `dense_resource<key> : tensor<...>`.
type DenseResourceAttr struct {
	Type RankedTensorType
	Blob *ResourceBlob
}

func (DenseResourceAttr) isAttr() {}

func (a DenseResourceAttr) String() string {
	return "dense_resource<" + a.Blob.Key + "> : " + a.Type.String()
}

// NewDenseResource makes a blob-backed constant. data is the tensor's
// little-endian element storage; its length must match the type.
func NewDenseResource(key string, t RankedTensorType, data []byte) (DenseResourceAttr, error) {
	if !isBareIdent(key) {
		return DenseResourceAttr{}, fmt.Errorf("resource key %q is not an identifier", key)
	}
	es := ElementByteSize(t.Elem)
	n := NumElements(t.Shape)
	if es == 0 || n < 0 || int64(len(data)) != n*int64(es) {
		return DenseResourceAttr{}, fmt.Errorf("resource %s: %d bytes of data for %s", key, len(data), t)
	}
	align := uint32(es)
	if align < 1 {
		align = 1
	}
	return DenseResourceAttr{Type: t, Blob: &ResourceBlob{Key: key, Alignment: align, Data: data}}, nil
}

// resourceHex encodes a blob as MLIR does: the alignment as a 4-byte
// little-endian prefix, then the data, in uppercase hex.
func resourceHex(b *ResourceBlob) string {
	var hdr [4]byte
	binary.LittleEndian.PutUint32(hdr[:], b.Alignment)
	return fmt.Sprintf(`"0x%X%X"`, hdr, b.Data)
}

// writeResources prints the file-level resource section for the blobs
// used by the printed IR, in first-use order.
func writeResources(sb *strings.Builder, blobs []*ResourceBlob, keys map[*ResourceBlob]string) {
	var withData []*ResourceBlob
	for _, b := range blobs {
		if b.Data != nil {
			withData = append(withData, b)
		}
	}
	if len(withData) == 0 {
		return
	}
	sb.WriteString("\n{-#\n  dialect_resources: {\n    builtin: {\n")
	for i, b := range withData {
		sb.WriteString("      " + keys[b] + ": " + resourceHex(b))
		if i+1 < len(withData) {
			sb.WriteByte(',')
		}
		sb.WriteByte('\n')
	}
	sb.WriteString("    }\n  }\n#-}\n")
}
