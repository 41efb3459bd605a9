package ir

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// TestFormatFloatMatchesMLIR: each expectation is what mlir-opt 16 prints
// for `arith.constant <input> : <type>`.
func TestFormatFloatMatchesMLIR(t *testing.T) {
	cases := []struct {
		in   string
		k    FloatKind
		want string
	}{
		{"1.0e-5", F32, "9.99999974E-6"},
		{"7.978846e-01", F32, "0.797884583"},
		{"1.203125", BF16, "1.203130e+00"},
		{"1.234567", F32, "1.23456705"},
		{"0.1", F16, "9.997550e-02"},
		{"16777217.0", F32, "0x4B800000"},
		{"3.14159265358979", F64, "3.14159265358979"},
		{"0.333333333", F32, "0.333333343"},
		{"1.0e10", F32, "1.000000e+10"},
		{"123456.0", F32, "1.234560e+05"},
		{"1234567.0", F32, "0x4996B438"},
		{"0.0001234", F32, "1.234000e-04"},
		{"65504.0", F16, "6.550400e+04"},
		{"1.5e-7", F32, "1.500000e-07"},
		{"100.0", F64, "1.000000e+02"},
		{"2.5e-3", F64, "2.500000e-03"},
		{"0.0", F32, "0.000000e+00"},
		{"1.0", F32, "1.000000e+00"},
		{"0.1", F32, "1.000000e-01"},
	}
	for _, c := range cases {
		v, _ := strconv.ParseFloat(c.in, 64)
		if got := FormatFloat(RoundToFloatType(v, c.k), c.k); got != c.want {
			t.Errorf("FormatFloat(%s : %v) = %s, want %s", c.in, c.k, got, c.want)
		}
	}
}

// TestFormatFloatAgainstMLIROpt prints random floats of every type with
// upstream mlir-opt and checks we print the same text.
func TestFormatFloatAgainstMLIROpt(t *testing.T) {
	const mlirOpt = "/usr/lib/llvm-16/bin/mlir-opt"
	if _, err := os.Stat(mlirOpt); err != nil {
		t.Skipf("upstream mlir-opt not found at %s; install mlir-16-tools to run this cross-check", mlirOpt)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	type sample struct {
		bits uint64
		k    FloatKind
	}
	var samples []sample
	var src strings.Builder
	src.WriteString("func.func @f() {\n")
	for _, k := range []FloatKind{F16, BF16, F32, F64} {
		for i := 0; i < 150; i++ {
			var v float64
			switch i % 3 {
			case 0: // random bit patterns cover subnormals and huge values
				v = FloatFromBits(rng.Uint64()&(1<<uint(bitsOfKind(k))-1), k)
			case 1: // short decimals, the common case in real programs
				v = RoundToFloatType(float64(rng.IntN(20000)-10000)/float64(int(1)<<uint(rng.IntN(12))), k)
			default:
				v = RoundToFloatType(rng.NormFloat64()*math.Pow(10, float64(rng.IntN(16)-8)), k)
			}
			if math.IsNaN(v) || math.IsInf(v, 0) {
				continue
			}
			b := FloatBits(v, k)
			samples = append(samples, sample{b, k})
			fmt.Fprintf(&src, "  %%c%d = arith.constant %s : %s\n", len(samples)-1, hexFloat(v, k), FloatType{k})
		}
	}
	src.WriteString("  return\n}\n")
	cmd := exec.Command(mlirOpt, "-")
	cmd.Stdin = strings.NewReader(src.String())
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("mlir-opt: %v", err)
	}
	var got []string
	for _, line := range strings.Split(string(out), "\n") {
		if _, rest, ok := strings.Cut(line, "arith.constant "); ok {
			got = append(got, strings.TrimSpace(rest[:strings.LastIndex(rest, " : ")]))
		}
	}
	if len(got) != len(samples) {
		t.Fatalf("mlir-opt printed %d constants, want %d", len(got), len(samples))
	}
	bad := 0
	for i, s := range samples {
		if ours := FormatFloat(FloatFromBits(s.bits, s.k), s.k); ours != got[i] && bad < 20 {
			bad++
			t.Errorf("%s %#x: we print %s, mlir-opt prints %s", FloatType{s.k}, s.bits, ours, got[i])
		}
	}
}

// TestFormatFloatRoundsFirst: a double that is not a value of the kind
// (a tiny one that f32 flushes to zero, a large one that f16 overflows)
// prints as the value of the kind it rounds to, instead of breaking the
// digit generation (FuzzLoad found the first through a module's fill).
func TestFormatFloatRoundsFirst(t *testing.T) {
	for _, c := range []struct {
		v    float64
		k    FloatKind
		want string
	}{
		{1e-300, F32, "0.000000e+00"},
		{-1e-300, F32, "-0.000000e+00"},
		{1e6, F16, "0x7C00"},
		{0.1, F32, "1.000000e-01"},
	} {
		if got := FormatFloat(c.v, c.k); got != c.want {
			t.Errorf("FormatFloat(%v, %v) = %s, want %s", c.v, c.k, got, c.want)
		}
	}
}
