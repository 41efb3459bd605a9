package runtime

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Tensor is a dense host tensor: contiguous, row-major (C order), every
// element stored little-endian in Data, f16 and bf16 as their 16-bit
// patterns. This is the layout of a .npy file's payload and of what a
// device copies in and out, so moving a tensor between them is a copy of
// Data and nothing else.
//
// A Tensor whose Shape is empty (nil or not) is a scalar with one
// element. The fields are exported so that backends can reach Data
// directly; the methods assume len(Data) == NumElements()*DType.ElemSize(),
// which Validate checks.
type Tensor struct {
	DType DType
	Shape []int64
	Data  []byte
}

var le = binary.LittleEndian

// maxRank bounds the rank accepted from untrusted input; NumPy itself allows
// 64 dimensions.
const maxRank = 64

// ShapeElements returns the number of elements of shape, or an error if a
// dimension is negative or the count overflows. Use it to vet a shape that
// came from a file or a user before calling New.
func ShapeElements(shape []int64) (int64, error) {
	if len(shape) > maxRank {
		return 0, fmt.Errorf("rank %d exceeds the maximum of %d", len(shape), maxRank)
	}
	n := int64(1)
	for _, d := range shape {
		if d < 0 {
			return 0, fmt.Errorf("negative dimension in shape %s", FormatShape(shape))
		}
		if d != 0 && n > math.MaxInt64/d {
			return 0, fmt.Errorf("shape %s has too many elements", FormatShape(shape))
		}
		n *= d
	}
	return n, nil
}

// byteSize returns the number of bytes a tensor of dt and shape occupies,
// checking that it fits in an int (a Go slice length).
func byteSize(dt DType, shape []int64) (int, error) {
	if !dt.Valid() {
		return 0, fmt.Errorf("invalid dtype %v", dt)
	}
	n, err := ShapeElements(shape)
	if err != nil {
		return 0, err
	}
	size := int64(dt.ElemSize())
	if n > int64(math.MaxInt)/size {
		return 0, fmt.Errorf("shape %s of %v is too large (%d elements)", FormatShape(shape), dt, n)
	}
	return int(n * size), nil
}

// New returns a zero-filled tensor. Like make, it panics on a negative
// dimension or a size that does not fit in memory's address space: shapes
// here come from the compiler, and those from outside go through
// ShapeElements (or ReadNPY) first.
func New(dt DType, shape ...int64) *Tensor {
	n, err := byteSize(dt, shape)
	if err != nil {
		panic("runtime.New: " + err.Error())
	}
	return &Tensor{DType: dt, Shape: append([]int64{}, shape...), Data: make([]byte, n)}
}

// FromFloat64s builds a tensor of dt from values in row-major order,
// converting each as SetFloat64 does. It returns an error if the shape is
// invalid or len(values) does not match it.
func FromFloat64s(dt DType, shape []int64, values []float64) (*Tensor, error) {
	t, err := newChecked(dt, shape, len(values))
	if err != nil {
		return nil, err
	}
	for i, v := range values {
		t.SetFloat64(i, v)
	}
	return t, nil
}

// FromInt64s builds a tensor of dt from values in row-major order,
// converting each as SetInt64 does.
func FromInt64s(dt DType, shape []int64, values []int64) (*Tensor, error) {
	t, err := newChecked(dt, shape, len(values))
	if err != nil {
		return nil, err
	}
	for i, v := range values {
		t.SetInt64(i, v)
	}
	return t, nil
}

func newChecked(dt DType, shape []int64, count int) (*Tensor, error) {
	if _, err := byteSize(dt, shape); err != nil {
		return nil, fmt.Errorf("runtime: %v", err)
	}
	n, _ := ShapeElements(shape)
	if n != int64(count) {
		return nil, fmt.Errorf("runtime: shape %s has %d elements but %d values were given", FormatShape(shape), n, count)
	}
	return New(dt, shape...), nil
}

// Validate checks the invariants the other methods rely on: a valid dtype,
// a valid shape and a Data of exactly the right length. Tensors built by
// this package always pass; it is for ones assembled by hand or by a
// backend before they are written or compared.
func (t *Tensor) Validate() error {
	if t == nil {
		return errors.New("nil tensor")
	}
	n, err := byteSize(t.DType, t.Shape)
	if err != nil {
		return err
	}
	if len(t.Data) != n {
		return fmt.Errorf("tensor %s%v has %d bytes of data, want %d", FormatShape(t.Shape), t.DType, len(t.Data), n)
	}
	return nil
}

// NumElements is the product of the dimensions (1 for a scalar).
func (t *Tensor) NumElements() int {
	n := 1
	for _, d := range t.Shape {
		n *= int(d)
	}
	return n
}

// Strides returns the row-major stride of each dimension, in elements.
func (t *Tensor) Strides() []int64 { return rowMajorStrides(t.Shape) }

func rowMajorStrides(shape []int64) []int64 {
	s := make([]int64, len(shape))
	acc := int64(1)
	for i := len(shape) - 1; i >= 0; i-- {
		s[i] = acc
		acc *= shape[i]
	}
	return s
}

// Unravel turns a flat row-major element index into a multi-dimensional
// one.
func (t *Tensor) Unravel(flat int) []int64 {
	idx := make([]int64, len(t.Shape))
	f := int64(flat)
	for i := len(t.Shape) - 1; i >= 0; i-- {
		if d := t.Shape[i]; d > 0 {
			idx[i] = f % d
			f /= d
		}
	}
	return idx
}

// Float64 returns element i (flat, row-major) as a float64. Integers and
// bools convert exactly up to 2^53.
func (t *Tensor) Float64(i int) float64 {
	d := t.Data
	switch t.DType {
	case F16:
		return float64(F16ToFloat32(le.Uint16(d[2*i:])))
	case BF16:
		return float64(BF16ToFloat32(le.Uint16(d[2*i:])))
	case F32:
		return float64(math.Float32frombits(le.Uint32(d[4*i:])))
	case F64:
		return math.Float64frombits(le.Uint64(d[8*i:]))
	}
	return float64(t.Int64(i))
}

// SetFloat64 stores v into element i, rounding to nearest even for the
// float dtypes (once, from float64). For integer dtypes v is truncated
// toward zero and saturated to the type's range, NaN giving 0, so the
// result never depends on the platform's undefined float-to-int
// conversion. Bool stores v != 0.
func (t *Tensor) SetFloat64(i int, v float64) {
	d := t.Data
	switch t.DType {
	case F16:
		le.PutUint16(d[2*i:], F16FromFloat64(v))
	case BF16:
		le.PutUint16(d[2*i:], BF16FromFloat64(v))
	case F32:
		le.PutUint32(d[4*i:], math.Float32bits(float32(v)))
	case F64:
		le.PutUint64(d[8*i:], math.Float64bits(v))
	case Bool:
		d[i] = b2u(v != 0)
	case I8:
		d[i] = byte(int8(saturate(v, math.MinInt8, math.MaxInt8)))
	case I16:
		le.PutUint16(d[2*i:], uint16(int16(saturate(v, math.MinInt16, math.MaxInt16))))
	case I32:
		le.PutUint32(d[4*i:], uint32(int32(saturate(v, math.MinInt32, math.MaxInt32))))
	case I64:
		le.PutUint64(d[8*i:], uint64(saturate(v, math.MinInt64, math.MaxInt64)))
	case U8:
		d[i] = byte(saturate(v, 0, math.MaxUint8))
	}
}

// saturate truncates v toward zero and clamps it to [lo, hi].
func saturate(v float64, lo, hi int64) int64 {
	switch {
	case v != v:
		return 0
	case v <= float64(lo):
		return lo
	case v >= float64(hi): // float64(MaxInt64) rounds up to 2^63
		return hi
	}
	return int64(v)
}

func b2u(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// Int64 returns element i as an int64. Float elements are truncated toward
// zero and saturated (NaN gives 0); bool is 0 or 1.
func (t *Tensor) Int64(i int) int64 {
	d := t.Data
	switch t.DType {
	case Bool:
		return int64(b2u(d[i] != 0))
	case I8:
		return int64(int8(d[i]))
	case I16:
		return int64(int16(le.Uint16(d[2*i:])))
	case I32:
		return int64(int32(le.Uint32(d[4*i:])))
	case I64:
		return int64(le.Uint64(d[8*i:]))
	case U8:
		return int64(d[i])
	}
	return saturate(t.Float64(i), math.MinInt64, math.MaxInt64)
}

// SetInt64 stores v into element i. Narrower integer types keep the low
// bits (two's complement wrap, like arith.trunci); float types round to
// nearest; bool stores v != 0.
func (t *Tensor) SetInt64(i int, v int64) {
	d := t.Data
	switch t.DType {
	case Bool:
		d[i] = b2u(v != 0)
	case I8, U8:
		d[i] = byte(v)
	case I16:
		le.PutUint16(d[2*i:], uint16(v))
	case I32:
		le.PutUint32(d[4*i:], uint32(v))
	case I64:
		le.PutUint64(d[8*i:], uint64(v))
	default:
		t.SetFloat64(i, float64(v))
	}
}

// Float64s returns every element as a float64, in row-major order.
func (t *Tensor) Float64s() []float64 {
	out := make([]float64, t.NumElements())
	for i := range out {
		out[i] = t.Float64(i)
	}
	return out
}

// FormatShape prints a shape as "[2, 3, 4]" (a scalar as "[]"), the form
// every message in this package uses.
func FormatShape(shape []int64) string {
	var sb strings.Builder
	sb.WriteByte('[')
	for i, d := range shape {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(strconv.FormatInt(d, 10))
	}
	sb.WriteByte(']')
	return sb.String()
}

// CheckShape reports whether t has the shape want. A negative entry in want
// is a dynamic dimension (MLIR's '?') and matches any size; the rank must
// match exactly. The error names both shapes; the caller adds which
// argument or result it was about.
func CheckShape(t *Tensor, want []int64) error {
	ok := len(t.Shape) == len(want)
	for i := 0; ok && i < len(want); i++ {
		ok = want[i] < 0 || want[i] == t.Shape[i]
	}
	if ok {
		return nil
	}
	return fmt.Errorf("shape mismatch: got %s, expected %s", FormatShape(t.Shape), formatWantShape(want))
}

func formatWantShape(shape []int64) string {
	parts := make([]string, len(shape))
	for i, d := range shape {
		if d < 0 {
			parts[i] = "?"
		} else {
			parts[i] = strconv.FormatInt(d, 10)
		}
	}
	return "[" + strings.Join(parts, ", ") + "]"
}
