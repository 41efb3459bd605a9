package runtime

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Tolerance is an elementwise closeness bound: got matches want when
//
//	|got - want| <= Atol + Rtol*|want|
//
// the rule of numpy.allclose and torch.allclose. It is asymmetric on
// purpose: want is the reference (PyTorch's answer), so the allowed error
// scales with the reference value, not with whatever we produced.
type Tolerance struct{ Atol, Rtol float64 }

// DefaultTolerance is the tolerance `torchlower run --expected_output` uses
// for a result of dtype dt. Our results and PyTorch's come from different
// algorithms (another reduction order, blocking, fusion), so these allow
// a few ulps more than torch.testing's defaults for identical kernels, and
// far less than any real bug (a wrong index or a missing term is an error
// of the order of the value itself):
//
//   - f64: atol 1e-10, rtol 1e-9. About 4.5e6 ulps of room (eps 2.2e-16):
//     reordering sums of millions of terms stays inside.
//   - f32: atol 1e-5, rtol 1e-4. rtol is about 840 ulps (eps 1.19e-7),
//     which covers a different summation order over thousands of terms;
//     atol covers results that cancel to near zero from O(1) data. A
//     reduction far longer than that (a weight gradient over N*H*W of
//     tens of thousands) should set its own tolerance in its test case.
//   - f16: atol 2^-14 (6.1e-5, the smallest normal: below it f16 spacing
//     is absolute, 2^-24), rtol 2^-9 (1.95e-3, two ulps at the bottom of a
//     binade). Both sides accumulate in f32 and round once, so they may
//     land one ulp apart; two leaves room for the rounding of the inputs.
//   - bf16: atol 1e-5 (bf16 has f32's range, so near-zero noise is f32
//     accumulation noise, as for f32), rtol 2^-6 (1.56e-2, two ulps of an
//     8-bit significand; torch.testing uses 1.6e-2).
//   - integers and i1: exact (0, 0).
func DefaultTolerance(dt DType) Tolerance {
	switch dt {
	case F64:
		return Tolerance{Atol: 1e-10, Rtol: 1e-9}
	case F32:
		return Tolerance{Atol: 1e-5, Rtol: 1e-4}
	case F16:
		return Tolerance{Atol: 0x1p-14, Rtol: 0x1p-9}
	case BF16:
		return Tolerance{Atol: 1e-5, Rtol: 0x1p-6}
	}
	return Tolerance{}
}

// Report is the outcome of Compare, like what iree-run-module prints for
// --expected_output: whether it matched, how far apart the tensors were,
// and where the first element out of tolerance is.
type Report struct {
	Match bool
	// MaxAbs and MaxRel are the largest |got-want| and |got-want|/|want|
	// over elements where both values are finite (MaxRel also skips
	// want == 0, where it is undefined). Non-finite disagreements show up
	// as mismatches, not as an Inf or NaN here that would hide the rest.
	MaxAbs, MaxRel float64
	// FirstMismatch is the flat row-major index of the first element out of
	// tolerance, -1 if none; Index is the same position per dimension, and
	// Got and Want the two values there (for integer dtypes also exactly,
	// in GotInt and WantInt, since float64 blurs integers past 2^53).
	FirstMismatch   int64
	Index           []int64
	Got, Want       float64
	GotInt, WantInt int64
	// NaNMismatch is set when some element is NaN on one side only.
	NaNMismatch bool
	// Mismatches counts the elements out of tolerance out of Elements.
	Mismatches, Elements int64
	DType                DType
	Tol                  Tolerance
	// Reason is set when the tensors could not be compared element by
	// element: different dtypes or shapes, or a malformed tensor.
	Reason string
}

// Compare checks got against want elementwise with tol (see Tolerance).
// NaN matches NaN; an infinity matches only the same infinity; integer and
// bool elements are compared as exact integers (a nonzero tol still
// applies). Tensors of different dtype or shape never match, with the
// reason in Report.Reason.
func Compare(got, want *Tensor, tol Tolerance) Report {
	rep := Report{FirstMismatch: -1, Tol: tol}
	switch {
	case got == nil || want == nil:
		rep.Reason = "nothing to compare: nil tensor"
		return rep
	case got.Validate() != nil:
		rep.Reason = "malformed result tensor: " + got.Validate().Error()
		return rep
	case want.Validate() != nil:
		rep.Reason = "malformed expected tensor: " + want.Validate().Error()
		return rep
	case got.DType != want.DType:
		rep.Reason = fmt.Sprintf("dtype mismatch: got %v, want %v", got.DType, want.DType)
		return rep
	case !slicesEqual(got.Shape, want.Shape):
		rep.Reason = fmt.Sprintf("shape mismatch: got %s, want %s", FormatShape(got.Shape), FormatShape(want.Shape))
		return rep
	}
	rep.DType = got.DType
	n := got.NumElements()
	rep.Elements = int64(n)
	isFloat := got.DType.IsFloat()
	for i := 0; i < n; i++ {
		var g, w float64
		var gi, wi int64
		ok := true
		if isFloat {
			g, w = got.Float64(i), want.Float64(i)
			gn, wn := math.IsNaN(g), math.IsNaN(w)
			switch {
			case gn && wn:
			case gn || wn:
				ok = false
				rep.NaNMismatch = true
			case math.IsInf(g, 0) || math.IsInf(w, 0):
				ok = g == w
			default:
				ok = rep.observe(math.Abs(g-w), w)
			}
		} else {
			gi, wi = got.Int64(i), want.Int64(i)
			g, w = float64(gi), float64(wi)
			if gi != wi {
				// The difference is exact in uint64, so it is never 0 here
				// even where float64(gi) == float64(wi).
				d := uint64(gi) - uint64(wi)
				if gi < wi {
					d = uint64(wi) - uint64(gi)
				}
				ok = rep.observe(float64(d), w)
			}
		}
		if !ok {
			rep.Mismatches++
			if rep.FirstMismatch < 0 {
				rep.FirstMismatch = int64(i)
				rep.Index = got.Unravel(i)
				rep.Got, rep.Want = g, w
				rep.GotInt, rep.WantInt = gi, wi
			}
		}
	}
	rep.Match = rep.Mismatches == 0
	return rep
}

// observe records the error diff = |got - want| of one element and reports
// whether it is within tolerance.
func (rep *Report) observe(diff, w float64) bool {
	rep.MaxAbs = max(rep.MaxAbs, diff)
	if w != 0 {
		rep.MaxRel = max(rep.MaxRel, diff/math.Abs(w))
	}
	return diff <= rep.Tol.Atol+rep.Tol.Rtol*math.Abs(w)
}

func slicesEqual(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// String prints the report on one line, e.g.
//
//	mismatch at [0, 3, 1]: got 1.25, want 1.5 (max abs err 0.25, max rel err 0.1667, tolerance atol=1e-05 rtol=1e-04); 1 of 24 elements differ
func (r Report) String() string {
	if r.Reason != "" {
		return r.Reason
	}
	stats := fmt.Sprintf("max abs err %.4g, max rel err %.4g, tolerance atol=%s rtol=%s",
		r.MaxAbs, r.MaxRel, formatTol(r.Tol.Atol), formatTol(r.Tol.Rtol))
	if r.Match {
		return fmt.Sprintf("match: %d elements (%s)", r.Elements, stats)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "mismatch at %s: got %s, want %s (%s); %d of %d elements differ",
		FormatShape(r.Index), r.formatValue(r.Got, r.GotInt), r.formatValue(r.Want, r.WantInt), stats, r.Mismatches, r.Elements)
	if r.NaNMismatch {
		b.WriteString(", some NaN on one side only")
	}
	return b.String()
}

func (r Report) formatValue(v float64, i int64) string {
	if !r.DType.IsFloat() {
		return strconv.FormatInt(i, 10)
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// formatTol prints a tolerance in exponent form (1e-05, 6.103515625e-05),
// which reads better than 0.0001 next to its siblings.
func formatTol(v float64) string {
	if v == 0 {
		return "0"
	}
	return strconv.FormatFloat(v, 'e', -1, 64)
}
