package plan_test

import (
	"os"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/dialect/arith"
	fn "github.com/torchlower/torchlower/dialect/func"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/dialect/math"
	"github.com/torchlower/torchlower/dialect/tensor"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/asm"
	"github.com/torchlower/torchlower/plan"
)

func parse(t *testing.T, path string) *ir.Operation {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return parseText(t, path, string(src))
}

// parseText parses src (named name in messages) with the dialects the
// planner reads.
func parseText(t *testing.T, name, src string) *ir.Operation {
	t.Helper()
	ctx := ir.NewContext(fn.Dialect, arith.Dialect, math.Dialect, tensor.Dialect, linalg.Dialect)
	m, err := asm.Parse(ctx, src, asm.Options{FileName: name})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestPlans checks the printed plans of small programs: each want line
// must appear in the plan text, in order; each notWant must not appear.
func TestPlans(t *testing.T) {
	cases := []struct {
		file, fn string
		want     []string
		notWant  []string
		peak     int64
	}{{
		// fill + strided insert_slice: one buffer, filled once; the
		// insert is a strided copy into a view of it (no zero-tensor copy).
		file: "fill_insert", fn: "scatter",
		want: []string{
			"plan @scatter: 2 buffers, 3 steps, peak 112 bytes, arena 0 bytes",
			"%b1 = result0 tensor<4x7xf32> 112 bytes live 1..2",
			"0: empty outs(%b1)",
			"1: fill outs(%b1) value 0.000000e+00 : f32",
			"2: copy ins(%b0) outs(%b1[2x3 +1 strides 14,2])  // %inserted_slice = tensor.insert_slice",
		},
		notWant: []string{"temp", "copy ins(%b1)"},
		peak:    112,
	}, {
		// A decomposed strided backward-data convolution: each phase
		// accumulates in its strided window of the zero-filled gradient;
		// the windows still hold the gradient's zeros, so they are not
		// filled again, and no insert_slice copies.
		file: "phase_windows", fn: "phases",
		want: []string{
			"1: fill outs(%b2) value 0.000000e+00 : f32",
			"2: generic ins(%b0, %b1) outs(%b2[4 +0 strides 2]) zero-on-entry",
			"3: generic ins(%b0, %b1) outs(%b2[4 +1 strides 2]) zero-on-entry",
		},
		notWant: []string{"copy", "temp", "fill outs(%b2["},
	}, {
		// A read of the destination between the phase and its
		// insert_slice keeps the phase in a temporary of its own.
		file: "phase_windows", fn: "read_between",
		want: []string{
			"copy ins(%b4) outs(%b3[4 +0 strides 2])",
		},
	}, {
		// Parameters as dense_resource constants: the steps keep the
		// text of their ops, and the resource section is no alias.
		file: "resource_constant", fn: "scale",
		want: []string{
			"constant outs(%b1)  // %cst = arith.constant dense_resource<w> : tensor<4xf32>",
			"generic ins(%b0, %b1) outs(%b2)  // %1 = linalg.generic",
		},
		notWant: []string{"#-}", "dialect_resources"},
	}, {
		// The destination is returned too: copy it, then insert.
		file: "fill_insert", fn: "keep_dest",
		want: []string{
			"1: fill outs(%b1) value 1.000000e+00 : f32",
			"2: copy ins(%b1) outs(%b2)",
			"3: copy ins(%b0) outs(%b2[2x3 +1 strides 14,2])",
		},
	}, {
		// outs reuse: %2 updates %1's buffer in place; the result
		// buffers are the outputs themselves.
		file: "outs_reuse", fn: "chain",
		want: []string{
			"plan @chain: 3 buffers, 6 steps",
			"1: generic ins(%b0) outs(%b1)",
			"2: generic ins(%b0) outs(%b1)",
			"4: fill outs(%b2)",
			"5: generic ins(%b1) outs(%b2)",
		},
		notWant: []string{"copy", "temp"},
	}, {
		file: "outs_reuse", fn: "no_reuse",
		want: []string{
			"1: generic ins(%b0) outs(%b1)",
			"2: copy ins(%b1) outs(%b2)",
			"3: generic ins(%b0) outs(%b2)",
		},
	}, {
		file: "outs_reuse", fn: "shared_inits_window",
		want: []string{
			"4: copy ins(%b2) outs(%b3)",
			"5: copy ins(%b2) outs(%b4)",
			"6: generic ins(%b0) outs(%b3, %b4)",
			"7: copy ins(%b4) outs(%b1[ +1 strides ])",
		},
	}, {
		file: "outs_reuse", fn: "shared_inits",
		want: []string{
			"1: fill outs(%b1)",
			"2: copy ins(%b1) outs(%b2)",
			"3: copy ins(%b1) outs(%b3)",
			"4: generic ins(%b0) outs(%b2, %b3)",
		},
	}, {
		// expand_shape/extract_slice/collapse_shape are views; an
		// argument slice that is returned is copied into a result.
		file: "views", fn: "views",
		want: []string{
			"%b1 = result0 tensor<6x2xf32>",
			"1: generic ins(%b0[2x3x2 +1 strides 15,5,2]) outs(%b1[2x3x2 +0 strides 6,2,1])",
			"2: copy ins(%b0[3x5 +5 strides 5,1]) outs(%b2)",
		},
		notWant: []string{"temp"},
		peak:    108,
	}, {
		// A flip of an argument planned into its insert_slice's window
		// copies, reversed, into the window: the insert writes nothing,
		// so a view of the argument would leave the window unwritten.
		file: "views", fn: "flip_into_window",
		want: []string{
			"1: copy ins(%b0[1x2 +2 strides 6,-1]) outs(%b1[1x2 +0 strides 8,1])",
			"2: copy ins(%b0) outs(%b1[1x6 +2 strides 8,1])",
		},
	}, {
		// Liveness: four 256-byte values in a chain need two arena
		// slots (the last one is the result).
		file: "views", fn: "reuse",
		want: []string{
			"%b1 = temp tensor<64xf32> 256 bytes live 1..3 at arena+0",
			"%b2 = temp tensor<64xf32> 256 bytes live 3..5 at arena+256",
			"%b3 = temp tensor<64xf32> 256 bytes live 5..7 at arena+0",
			"%b4 = result0",
		},
		peak: 512,
	}, {
		// KV-cache decode: a Scalar step reads the position and wraps
		// a negative one; the insert writes the (dead) cache in place
		// at the run-time offset (4 elements per position, bounded so
		// that the slice fits): no copy of the cache.
		file: "dynamic_slice", fn: "decode_inplace",
		want: []string{
			"plan @decode_inplace: 4 buffers, 4 steps, peak 256 bytes, arena 0 bytes, 5 scalars",
			"%b3 = result0 tensor<1x2x8x4xf32> 256 bytes live 1..3",
			"1: generic ins(%b0) outs(%b3)",
			"2: scalar ins(%b1)\n",
			"       %s0 = tensor.extract %b1[0] : i64  // %extracted = tensor.extract %arg1[%c0] : tensor<1xi64>\n",
			"       %s1 = arith.cmpi slt, %s0, 0 : i1",
			"       %s2 = arith.addi %s0, 8 : i64",
			"       %s3 = arith.select %s1, %s2, %s0 : i64",
			"       %s4 = arith.index_cast %s3 : index",
			"3: copy ins(%b2) outs(%b3[1x2x1x4 +0+4*%s4(0..7) strides 64,32,4,1])  // %inserted_slice = tensor.insert_slice",
		},
		notWant: []string{"temp", "copy ins(%b3", "copy ins(%b0"},
		peak:    256,
	}, {
		// The cache is a (read-only) argument: one copy into the
		// result, then the insert in place in it.
		file: "dynamic_slice", fn: "decode_arg",
		want: []string{
			"plan @decode_arg: 4 buffers, 3 steps, peak 256 bytes, arena 0 bytes, 2 scalars",
			"0: scalar ins(%b1)\n",
			"       %s0 = tensor.extract %b1[] : i64",
			"       %s1 = arith.index_cast %s0 : index",
			"1: copy ins(%b0) outs(%b3)",
			"2: copy ins(%b2) outs(%b3[1x2x1x4 +0+4*%s1(0..7) strides 64,32,4,1])",
		},
		notWant: []string{"temp"},
	}, {
		// extract_slice at a run-time row is a (rank-reduced) view,
		// never a copy.
		file: "dynamic_slice", fn: "extract_row",
		want: []string{
			"plan @extract_row: 3 buffers, 3 steps, peak 12 bytes, arena 0 bytes, 5 scalars",
			"0: scalar ins(%b1)\n",
			"       %s4 = arith.index_cast %s3 : index",
			"1: empty outs(%b2)",
			"2: generic ins(%b0[3 +0+3*%s4(0..4) strides 1]) outs(%b2)",
		},
		notWant: []string{"copy", "temp"},
		peak:    12,
	}}
	for _, c := range cases {
		t.Run(c.fn, func(t *testing.T) {
			p, err := plan.Build(parse(t, "testdata/"+c.file+".mlir"), c.fn)
			if err != nil {
				t.Fatal(err)
			}
			text := p.String()
			rest := text
			for _, w := range c.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("plan lacks %q (in order):\n%s", w, text)
				}
				rest = rest[i+len(w):]
			}
			for _, w := range c.notWant {
				if strings.Contains(text, w) {
					t.Errorf("plan has %q:\n%s", w, text)
				}
			}
			if c.peak != 0 && p.PeakBytes() != c.peak {
				t.Errorf("PeakBytes = %d, want %d", p.PeakBytes(), c.peak)
			}
			// Printing is deterministic.
			p2, _ := plan.Build(parse(t, "testdata/"+c.file+".mlir"), c.fn)
			if p2.String() != text {
				t.Errorf("plan text differs between builds")
			}
		})
	}
}

func TestErrors(t *testing.T) {
	m := parse(t, "testdata/views.mlir")
	for fn, want := range map[string]string{
		"dynamic": "dynamic shape tensor<?x4xf32> is not supported yet",
		"nosuch":  "no function @nosuch",
	} {
		_, err := plan.Build(m, fn)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Build(%s) error %v, want %q", fn, err, want)
		}
	}
	// A float read outside any region moves into the fill's body (a
	// generic now): no scalar step holds a float.
	m = parse(t, "testdata/dynamic_slice.mlir")
	p, err := plan.Build(m, "float_scalar")
	if err != nil {
		t.Fatal(err)
	}
	if text := p.String(); strings.Contains(text, ": scalar") || !strings.Contains(text, "generic captures(%b0)") {
		t.Errorf("float_scalar: want one generic capturing the argument, no scalar step:\n%s", text)
	}
}

// TestConvBackward plans a lowered convolution_backward: the strided
// insert_slice of grad_output writes into the zero-filled buffer (no
// copy of a zero tensor), the padded input is filled and copied once, and
// temporaries share the arena.
func TestConvBackward(t *testing.T) {
	p, err := plan.Build(parse(t, "testdata/conv2d_strided.mlir"), "conv2d_strided")
	if err != nil {
		t.Fatal(err)
	}
	text := p.String()
	for _, w := range []string{
		"1: fill outs(%b3) value 0.000000e+00 : f32",
		"2: copy ins(%b0) outs(%b3[2x4x4x4 +11 strides 400,100,20,2])",
		// The kernel flip is a view of the weight argument, not a copy.
		"5: generic ins(%b3, %b2[4x3x3x3 +8 strides 27,9,-3,-1]) outs(%b4)",
		"%b5 = temp tensor<2x3x10x10xf32> 2400 bytes live 6..10 at arena+0",
	} {
		if !strings.Contains(text, w) {
			t.Errorf("plan lacks %q:\n%s", w, text)
		}
	}
	if strings.Contains(text, "copy ins(%b3)") || strings.Contains(text, "copy ins(%b2") {
		t.Errorf("the zero-filled buffer or the weight is copied:\n%s", text)
	}
	if p.PeakBytes() != 4736 || p.ArenaBytes != 3200 {
		t.Errorf("peak %d arena %d, want 4736 and 3200", p.PeakBytes(), p.ArenaBytes)
	}
}

// Needs: an argument a step reads or the function returns is needed on
// entry; one that only gives a shape (as a data gradient's input) is not.
func TestNeeds(t *testing.T) {
	src := `#id = affine_map<(d0) -> (d0)>
func.func @f(%a: tensor<4xf32>, %unused: tensor<4xf32>, %ret: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %n = arith.negf %x : f32
    linalg.yield %n : f32
  } -> tensor<4xf32>
  return %r, %ret : tensor<4xf32>, tensor<4xf32>
}`
	m := parseText(t, "needs.mlir", src)
	p, err := plan.Build(m, "f")
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []bool{true, false, true} {
		if got := p.Needs(p.Args[i]); got != want {
			t.Errorf("Needs(argument %d) = %v, want %v\n%s", i, got, want, p)
		}
	}
}

// TestEpilogueInPlace: an elementwise consumer of a contraction whose
// result nothing else reads writes over that result (the contraction's
// buffer, one buffer fewer) and is still its epilogue; where the result
// is returned too, or the consumer also reads it flipped (found by
// e2e/gen/fuzz_graphs.py: a max pool's result minus its flip), the
// consumer writes a buffer of its own.
func TestEpilogueInPlace(t *testing.T) {
	m := parse(t, "testdata/epilogue_in_place.mlir")
	p, err := plan.Build(m, "dying")
	if err != nil {
		t.Fatal(err)
	}
	text := p.String()
	if !strings.Contains(text, "generic epilogue ins(%b3, %b2) outs(%b3)") || strings.Count(text, "tensor<4x6xf32> 96 bytes") != 1 {
		t.Errorf("dying: want the bias add in place over the product, one 4x6 buffer:\n%s", text)
	}
	p, err = plan.Build(m, "kept")
	if err != nil {
		t.Fatal(err)
	}
	if text := p.String(); !strings.Contains(text, "generic epilogue ins(%b3, %b2) outs(%b4)") {
		t.Errorf("kept: want the bias add into a buffer of its own:\n%s", text)
	}
	p, err = plan.Build(m, "flipped")
	if err != nil {
		t.Fatal(err)
	}
	if text := p.String(); !strings.Contains(text, "ins(%b2, %b2) outs(%b3)") {
		t.Errorf("flipped: want the difference into a buffer of its own:\n%s", text)
	}
}
