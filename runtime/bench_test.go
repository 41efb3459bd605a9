package runtime

import (
	"bytes"
	"testing"
)

// Reading and comparing are on the path of every e2e case; these keep an
// eye on their cost for a 16M-element (64 MiB) f32 tensor.
func benchTensor(b *testing.B) (*Tensor, []byte) {
	x := sample(F32, 4096, 4096)
	var buf bytes.Buffer
	if err := WriteNPY(&buf, x); err != nil {
		b.Fatal(err)
	}
	return x, buf.Bytes()
}

func BenchmarkReadNPYF32(b *testing.B) {
	_, file := benchTensor(b)
	b.SetBytes(int64(len(file)))
	for b.Loop() {
		if _, err := ReadNPY(bytes.NewReader(file), F32); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkReadNPYF32AsBF16(b *testing.B) {
	_, file := benchTensor(b)
	b.SetBytes(int64(len(file)))
	for b.Loop() {
		if _, err := ReadNPY(bytes.NewReader(file), BF16); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCompareF32(b *testing.B) {
	x, _ := benchTensor(b)
	y := &Tensor{DType: x.DType, Shape: x.Shape, Data: bytes.Clone(x.Data)}
	b.SetBytes(int64(len(x.Data)))
	for b.Loop() {
		if r := Compare(x, y, DefaultTolerance(F32)); !r.Match {
			b.Fatal(r)
		}
	}
}
