package lowering

import (
	"slices"

	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/torch"
)

// populateMetadata adds the converters of ops that only assert facts
// about tensors.
func populateMetadata(m map[string]converter) {
	m[torch.Aten_AssertTensorMetadata] = prepareAssertTensorMetadata
}

// prepareAssertTensorMetadata lowers
//
//	aten::_assert_tensor_metadata(Tensor a, SymInt[]? size=None, SymInt[]? stride=None,
//	    ScalarType? dtype=None, *, Device? device=None, Layout? layout=None) -> ()
//
// which torch.export leaves where a program converts a tensor (x.to(...)):
// at run time it asserts a's metadata. With static types the assertion is
// decided here, at compile time, for what the compiled program keeps of a
// tensor: its sizes and its dtype. A mismatch is an error naming both; a
// match leaves nothing to run. Strides, device and layout describe the
// memory of an eager tensor, which the compiled program lays out itself.
func prepareAssertTensorMetadata(op *ir.Operation) (emitFunc, error) {
	r, err := newNPReader(op)
	if err != nil {
		return nil, err
	}
	t, err := r.tensor("a")
	if err != nil {
		return nil, err
	}
	if !r.isNone("size") {
		sizes, err := r.intList("size")
		if err != nil {
			return nil, err
		}
		if !slices.Equal(sizes, t.Sizes) {
			return nil, r.errorf("the program asserts sizes %s, but 'a' is %s", npShapeString(sizes), t)
		}
	}
	if !r.isNone("dtype") {
		code, err := r.int("dtype")
		if err != nil {
			return nil, err
		}
		dt, err := torch.DtypeFromScalarType(int(code))
		if err != nil {
			return nil, r.errorf("'dtype': %v", err)
		}
		if !ir.TypeEqual(dt, t.Dtype) {
			return nil, r.errorf("the program asserts dtype %s, but 'a' is %s", dt, t)
		}
	}
	return func(*ir.Builder) ([]*ir.Value, error) { return nil, nil }, nil
}
