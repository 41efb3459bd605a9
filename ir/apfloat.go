package ir

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
)

// FormatFloat prints a float the way mlir-opt 16 does, so our output and
// upstream's agree text for text:
//
//  1. inf and nan print as the IEEE bit pattern in hex;
//  2. otherwise LLVM's APFloat::toString with 6 significant digits in
//     padded scientific form (`1.000000e-01`), if that reads back as the
//     same value of the type;
//  3. else APFloat's natural-precision form (`0.797884583`, `9.99999974E-6`)
//     when it contains a '.', else hex (`0x4B800000`).
//
// The digit generation below follows APFloat's algorithm, truncation steps
// included, because that is what decides the digits upstream prints.
func FormatFloat(v float64, k FloatKind) string {
	// v should be a value of k already (a FloatAttr's is); rounding it
	// keeps a stray double (a tiny one that k flushes to zero) from
	// reaching the digit generation below, which assumes one.
	v = RoundToFloatType(v, k)
	if math.IsInf(v, 0) || math.IsNaN(v) {
		return hexFloat(v, k)
	}
	s := apFloatString(v, k, 6, 0, false)
	if readsBackAs(s, v, k) {
		return s
	}
	if s = apFloatString(v, k, 0, 3, true); strings.Contains(s, ".") {
		return s
	}
	return hexFloat(v, k)
}

func hexFloat(v float64, k FloatKind) string {
	digits := [...]int{4, 4, 8, 16}[k]
	return fmt.Sprintf("0x%0*X", digits, FloatBits(v, k))
}

func readsBackAs(s string, v float64, k FloatKind) bool {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); !ok || ne.Err != strconv.ErrRange {
			return false
		}
	}
	return math.Float64bits(RoundToFloatType(f, k)) == math.Float64bits(v)
}

// floatSemantics returns the significand precision (with the implicit
// bit), minimum exponent and stored mantissa width of a float kind.
func floatSemantics(k FloatKind) (precision, minExp, mantBits, bias int) {
	switch k {
	case F16:
		return 11, -14, 10, 15
	case BF16:
		return 8, -126, 7, 127
	case F32:
		return 24, -126, 23, 127
	}
	return 53, -1022, 52, 1023
}

// apFloatString is APFloat::toString(Str, FormatPrecision,
// FormatMaxPadding, TruncateZero) for a finite value of kind k.
func apFloatString(v float64, k FloatKind, formatPrecision, maxPadding int, truncateZero bool) string {
	var sb strings.Builder
	if math.Signbit(v) {
		sb.WriteByte('-')
	}
	if v == 0 {
		switch {
		case maxPadding != 0:
			sb.WriteByte('0')
		case truncateZero:
			sb.WriteString("0.0E+0")
		default:
			sb.WriteString("0.0")
			if formatPrecision > 1 {
				sb.WriteString(strings.Repeat("0", formatPrecision-1))
			}
			sb.WriteString("e+00")
		}
		return sb.String()
	}
	precision, minExp, mantBits, bias := floatSemantics(k)
	bits := FloatBits(v, k)
	expField := int(bits>>uint(mantBits)) & (1<<uint(bitsOfKind(k)-1-mantBits) - 1)
	mant := bits & (1<<uint(mantBits) - 1)
	unbiased := expField - bias
	if expField == 0 {
		unbiased = minExp // subnormal
	} else {
		mant |= 1 << uint(mantBits)
	}
	exp := unbiased - (precision - 1)
	if formatPrecision == 0 {
		// Steele & White: enough digits to round-trip.
		formatPrecision = 2 + precision*59/196
	}
	sig := new(big.Int).SetUint64(mant)
	tz := int(sig.TrailingZeroBits())
	exp += tz
	sig.Rsh(sig, uint(tz))
	if exp > 0 {
		sig.Lsh(sig, uint(exp))
		exp = 0
	} else if exp < 0 {
		five := new(big.Int).Exp(big.NewInt(5), big.NewInt(int64(-exp)), nil)
		sig.Mul(sig, five)
	}
	// AdjustToPrecision on the integer: drop whole powers of ten, by
	// truncation, while more bits than needed remain.
	bitsRequired := (formatPrecision*196 + 58) / 59
	if active := sig.BitLen(); active > bitsRequired {
		if removable := (active - bitsRequired) * 59 / 196; removable > 0 {
			exp += removable
			sig.Quo(sig, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(removable)), nil))
		}
	}
	// Digits, least significant first, dropping trailing zeros.
	ds := sig.String()
	var buf []byte // least significant first
	inTrail := true
	for i := len(ds) - 1; i >= 0; i-- {
		if inTrail && ds[i] == '0' {
			exp++
			continue
		}
		inTrail = false
		buf = append(buf, ds[i])
	}
	buf, exp = adjustDigits(buf, exp, formatPrecision)
	n := len(buf)

	scientific := true
	if maxPadding != 0 {
		if exp >= 0 {
			scientific = exp > maxPadding || n+exp > formatPrecision
		} else if msd := exp + n - 1; msd >= 0 {
			scientific = false
		} else {
			scientific = -msd > maxPadding
		}
	}
	if scientific {
		exp += n - 1
		sb.WriteByte(buf[n-1])
		sb.WriteByte('.')
		if n == 1 && truncateZero {
			sb.WriteByte('0')
		} else {
			for i := 1; i < n; i++ {
				sb.WriteByte(buf[n-1-i])
			}
		}
		if !truncateZero && formatPrecision > n-1 {
			sb.WriteString(strings.Repeat("0", formatPrecision-n+1))
		}
		if truncateZero {
			sb.WriteByte('E')
		} else {
			sb.WriteByte('e')
		}
		if exp >= 0 {
			sb.WriteByte('+')
		} else {
			sb.WriteByte('-')
			exp = -exp
		}
		es := strconv.Itoa(exp)
		if !truncateZero && len(es) < 2 {
			es = "0" + es
		}
		sb.WriteString(es)
		return sb.String()
	}
	if exp >= 0 {
		for i := n - 1; i >= 0; i-- {
			sb.WriteByte(buf[i])
		}
		sb.WriteString(strings.Repeat("0", exp))
		return sb.String()
	}
	whole := exp + n
	i := 0
	if whole > 0 {
		for ; i < whole; i++ {
			sb.WriteByte(buf[n-1-i])
		}
		sb.WriteByte('.')
	} else {
		sb.WriteString("0.")
		sb.WriteString(strings.Repeat("0", -whole))
	}
	for ; i < n; i++ {
		sb.WriteByte(buf[n-1-i])
	}
	return sb.String()
}

func bitsOfKind(k FloatKind) int { return [...]int{16, 16, 32, 64}[k] }

// adjustDigits rounds a least-significant-first digit buffer to at most
// precision digits, half up, as APFloat's AdjustToPrecision does.
func adjustDigits(buf []byte, exp, precision int) ([]byte, int) {
	n := len(buf)
	if n <= precision {
		return buf, exp
	}
	first := n - precision
	if buf[first-1] < '5' {
		for first < n && buf[first] == '0' {
			first++
		}
		return buf[first:], exp + first
	}
	for i := first; i < n; i++ {
		if buf[i] == '9' {
			first++
		} else {
			buf[i]++
			break
		}
	}
	if first == n {
		return []byte{'1'}, exp + first
	}
	return buf[first:], exp + first
}
