package cpu_test

import (
	"bytes"
	"encoding/binary"
	"math/rand"
	"testing"

	"github.com/torchlower/torchlower/cpu"
	"github.com/torchlower/torchlower/plan"
	"github.com/torchlower/torchlower/runtime"
)

// TestConvertMatchesInterpreter runs converting copies (truncf and extf
// between f32 and f16/bf16) on the fast path and in the interpreter and
// asserts identical bytes, on bit patterns that include NaNs with
// payloads, infinities, subnormals, values at rounding ties and the
// largest finite values (which round up to Inf). A bf16 input's NaNs are
// quiet: the fast path moves a signalling NaN's bits as they are, where
// the interpreter's float64 registers set its quiet bit (as for copies);
// an f16 one comes out quiet from both.
func TestConvertMatchesInterpreter(t *testing.T) {
	m := parseFile(t, "testdata/convert.mlir")
	rng := rand.New(rand.NewSource(11))
	f32Specials := []uint32{0x7fc00001, 0x7f800001, 0xffa00000, 0x7f800000, 0xff800000, 0, 0x80000000,
		0x00000001, 0x807fffff, 0x3f808000, 0x3f818000, 0x7f7fffff, 0x477ff000, 0x477fefff, 0x33800000, 0x387fc000}
	half16Specials := []uint16{0x7fc1, 0xffc0, 0x7e01, 0x7c01, 0x7c00, 0xfc00, 0x7f80, 0xff80, 0, 0x8000, 0x0001, 0x83ff, 0x7bff, 0x3c00}
	for _, fn := range []string{"trunc_bf16", "trunc_f16_permuted", "trunc_bf16_strided", "ext_bf16_transposed", "ext_bf16", "ext_f16_broadcast"} {
		t.Run(fn, func(t *testing.T) {
			p, err := plan.Build(m, fn)
			if err != nil {
				t.Fatal(err)
			}
			var args []*runtime.Tensor
			for _, b := range p.Args {
				dt, err := cpu.DTypeOf(b.Elem)
				if err != nil {
					t.Fatal(err)
				}
				x := runtime.New(dt, b.Shape...)
				n := int(b.NumElements())
				for i := 0; i < n; i++ {
					switch dt.ElemSize() {
					case 4:
						u := rng.Uint32()
						if i%5 == 0 {
							u = f32Specials[(i/5)%len(f32Specials)]
						}
						binary.LittleEndian.PutUint32(x.Data[4*i:], u)
					case 2:
						h := uint16(rng.Uint32())
						if i%5 == 0 {
							h = half16Specials[(i/5)%len(half16Specials)]
						}
						h = quietHalf(dt, h)
						binary.LittleEndian.PutUint16(x.Data[2*i:], h)
					}
				}
				args = append(args, x)
			}
			before := cpu.ConvertRuns()
			got, err := cpu.Run(p, args)
			if err != nil {
				t.Fatal(err)
			}
			if cpu.ConvertRuns() == before {
				t.Fatalf("@%s did not run as a converting copy\n%s", fn, p)
			}
			want := interpreted(t, p, args)
			for i := range want {
				if !bytes.Equal(got[i].Data, want[i].Data) {
					for j := 0; j < len(want[i].Data); j++ {
						if got[i].Data[j] != want[i].Data[j] {
							t.Fatalf("result %d differs first at byte %d: fast % x, interpreter % x", i, j, got[i].Data[j&^3:j&^3+4], want[i].Data[j&^3:j&^3+4])
						}
					}
				}
			}
		})
	}
}

// quietHalf sets the quiet bit of a bf16 NaN (dt BF16).
func quietHalf(dt runtime.DType, h uint16) uint16 {
	if dt == runtime.BF16 && h&0x7f80 == 0x7f80 && h&0x7f != 0 {
		h |= 0x40
	}
	return h
}
