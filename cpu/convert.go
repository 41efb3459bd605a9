package cpu

import (
	"math"
	"sync/atomic"

	"github.com/torchlower/torchlower/dialect/arith"
	"github.com/torchlower/torchlower/dialect/linalg"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/runtime"
)

// A generic whose body only converts one input between f32 and f16 or
// bf16 (arith.truncf or arith.extf) and yields it is a strided copy that
// rounds or widens each element: an f16/bf16 gradient's last step (the
// f32 accumulator truncated into the result) and a 16-bit input widened
// for f32 work. It runs as copyGeneric's loop nest with the conversion in
// the innermost run, in typed loops, split between the workers. The lane
// program it replaces held every element in a float64 register and
// rounded it twice (at the truncf and at the store): 1.7 ms of a 3 ms
// bf16 data gradient for 400K elements. Its bits are the interpreter's,
// but for a signalling bf16 NaN widened by extf, which keeps its bits
// here where the interpreter's float64 registers set its quiet bit (as
// for copies).
type convertGeneric struct {
	from, to elemKind
}

// convertRuns counts the steps run as converting copies (tests).
var convertRuns atomic.Int64

// matchConvert recognises the form: one input, one output, and a body of
// one arith.truncf (f32 to f16/bf16) or arith.extf (f16/bf16 to f32) of
// the input, with no attributes, whose result is yielded.
func matchConvert(k *kernel) *convertGeneric {
	if !fastContractions.Load() || k.nIn != 1 || len(k.ops) != 2 || k.op.NumRegions() != 1 {
		return nil
	}
	blocks := k.op.Region(0).Blocks()
	if len(blocks) != 1 {
		return nil
	}
	body := blocks[0]
	cast := body.First()
	if cast == nil || (cast.Name != arith.TruncF && cast.Name != arith.ExtF) || cast.NumOperands() != 1 || cast.Operand(0) != body.Arg(0) || len(cast.Attrs()) != 0 {
		return nil
	}
	y := cast.Next()
	if y == nil || y.Name != linalg.Yield || y.NumOperands() != 1 || y.Operand(0) != cast.Result(0) || y.Next() != nil {
		return nil
	}
	from, to := k.ops[0].acc.kind, k.ops[1].acc.kind
	// The storage must be what the body converts between.
	if fk, err := kindOf(body.Arg(0).Type()); err != nil || fk != from {
		return nil
	}
	if tk, err := kindOf(cast.Result(0).Type()); err != nil || tk != to {
		return nil
	}
	half := func(e elemKind) bool { return e == kBF16 || e == kF16 }
	if !(from == kF32 && half(to)) && !(half(from) && to == kF32) {
		return nil
	}
	if overlaps(k.ops[0].mem, k.ops[1].mem) {
		return nil
	}
	return &convertGeneric{from: from, to: to}
}

func (c *convertGeneric) run(k *kernel) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = ir.OpErrorf(k.op, "cpu: %v", r)
		}
	}()
	fastRuns.Add(1)
	convertRuns.Add(1)
	src, dst := &k.ops[0], &k.ops[1]
	ext, cd, cs := coalesceNest(k.ext, dst.coef, src.coef)
	// Split the outermost loop longer than one between the workers.
	lead := 0
	for lead < len(ext)-1 && ext[lead] == 1 {
		lead++
	}
	if p := splitRange(int(ext[lead]), k.work, func(lo, hi int) {
		// One worker's chunk buffers (declared once: zeroing them for
		// every run of 50 elements cost more than the conversion).
		var buf convBuf
		run := func(od, os, n, sd, ss int64) {
			if c.from == kF32 {
				narrowRun(typed[uint16](dst.mem), typed[float32](src.mem), c.to, n, sd, ss, od, os, &buf)
			} else {
				widenRun(typed[float32](dst.mem), typed[uint16](src.mem), c.from, n, sd, ss, od, os)
			}
		}
		od, os := dst.base+int64(lo)*cd[lead], src.base+int64(lo)*cs[lead]
		if lead == len(ext)-1 {
			run(od, os, int64(hi-lo), cd[lead], cs[lead])
			return
		}
		for i := lo; i < hi; i++ {
			convertNest(ext[lead+1:], cd[lead+1:], cs[lead+1:], od, os, run)
			od += cd[lead]
			os += cs[lead]
		}
	}); p != nil {
		return ir.OpErrorf(k.op, "cpu: %v", p)
	}
	return nil
}

// coalesceNest drops loops of extent 1 and merges each loop into the one
// outside it where both operands continue across their boundary (an
// identity map's dims over contiguous memory become one run), so that
// the innermost runs are long: a border region's column (w extent 1)
// was converted one element a call.
func coalesceNest(ext, cd, cs []int64) ([]int64, []int64, []int64) {
	var e, d, s []int64
	for i := range ext {
		if ext[i] == 1 && (i < len(ext)-1 || len(e) > 0) {
			continue
		}
		if j := len(e) - 1; j >= 0 && d[j] == ext[i]*cd[i] && s[j] == ext[i]*cs[i] {
			e[j] *= ext[i]
			d[j], s[j] = cd[i], cs[i]
			continue
		}
		e, d, s = append(e, ext[i]), append(d, cd[i]), append(s, cs[i])
	}
	return e, d, s
}

// convertNest calls run for each innermost run of the loop nest ext
// (strides cd, cs from offsets od, os).
func convertNest(ext, cd, cs []int64, od, os int64, run func(od, os, n, sd, ss int64)) {
	if len(ext) == 1 {
		run(od, os, ext[0], cd[0], cs[0])
		return
	}
	for i := int64(0); i < ext[0]; i++ {
		convertNest(ext[1:], cd[1:], cs[1:], od, os, run)
		od += cd[0]
		os += cs[0]
	}
}

// convBuf is narrowRun's chunk of a strided run.
type convBuf struct {
	f [256]float32
	h [256]uint16
}

// narrowRun rounds n f32 elements src[os + i·ss] to kind `to` (ties to
// even, arith.truncf) into dst[od + i·sd]; buf holds a strided run's
// chunks.
func narrowRun(dst []uint16, src []float32, to elemKind, n, sd, ss, od, os int64, buf *convBuf) {
	if n <= 0 {
		return
	}
	_, _ = dst[od], dst[od+(n-1)*sd]
	_, _ = src[os], src[os+(n-1)*ss]
	if sd == 1 && ss == 1 {
		narrowHalf(dst[od:od+n], src[os:os+n], to)
		return
	}
	// Strided (a phase's stride-2 window of the gradient, a transpose):
	// gather a chunk, round it 16 at a time, scatter it.
	bufF, bufH := buf.f[:], buf.h[:]
	for i0 := int64(0); i0 < n; i0 += int64(len(bufF)) {
		m := min(n-i0, int64(len(bufF)))
		s := src[os+i0*ss:]
		if ss != 1 {
			for j := int64(0); j < m; j++ {
				bufF[j] = src[os+(i0+j)*ss]
			}
			s = bufF[:m]
		}
		if sd == 1 {
			narrowHalf(dst[od+i0:od+i0+m], s[:m], to)
			continue
		}
		narrowHalf(bufH[:m], s[:m], to)
		for j, h := range bufH[:m] {
			dst[od+(i0+int64(j))*sd] = h
		}
	}
}

// narrowHalf rounds s to kind `to` (bf16 or f16) into d (len(d) ==
// len(s)): 16 at a time with AVX-512 where the CPU has it, the rest in
// Go. The bf16 kernel stops at a block with a NaN, which Go rounds;
// VCVTPS2PH rounds every f32 as runtime.F16FromFloat32 does, NaNs
// included (checked on all 2^32 inputs).
func narrowHalf(d []uint16, s []float32, to elemKind) {
	for len(s) > 0 {
		if haveAVX512 && len(s) >= 16 {
			var done int
			if to == kF16 {
				done = narrowF16s(&d[0], &s[0], len(s))
			} else {
				done = narrowBF16s(&d[0], &s[0], len(s))
			}
			d, s = d[done:], s[done:]
		}
		// A NaN's block, or the tail, in Go.
		m := min(len(s), 16)
		for i, x := range s[:m] {
			if to == kF16 {
				d[i] = runtime.F16FromFloat32(x)
			} else {
				d[i] = runtime.BF16FromFloat32(x)
			}
		}
		d, s = d[m:], s[m:]
	}
}

// widenRun widens n elements src[os + i·ss] of kind from exactly (extf)
// into dst[od + i·sd].
func widenRun(dst []float32, src []uint16, from elemKind, n, sd, ss, od, os int64) {
	if n <= 0 {
		return
	}
	_, _ = dst[od], dst[od+(n-1)*sd]
	_, _ = src[os], src[os+(n-1)*ss]
	if sd == 1 && ss == 1 {
		widenHalf(dst[od:od+n], src[os:os+n], from)
		return
	}
	for i := int64(0); i < n; i++ {
		dst[od+i*sd] = halfToFloat32(src[os+i*ss], from)
	}
}

// halfToFloat32 widens h of kind from (bf16 or f16) exactly. A
// signalling f16 NaN comes out quiet, as VCVTPH2PS and the interpreter's
// float64 registers make it.
func halfToFloat32(h uint16, from elemKind) float32 {
	if from == kBF16 {
		return math.Float32frombits(uint32(h) << 16)
	}
	if h&0x7c00 == 0x7c00 && h&0x3ff != 0 {
		h |= 0x200
	}
	return runtime.F16ToFloat32(h)
}

// widenHalf widens s (of kind from: bf16 or f16) exactly into d (len(d)
// == len(s)) and returns the range of s's magnitudes: 16 at a time with
// AVX-512 where the CPU has it, the rest in Go.
func widenHalf(d []float32, s []uint16, from elemKind) magRange {
	r := noMagnitudes
	if haveAVX512 && len(s) >= 16 {
		var lanes [32]uint32
		for i := 16; i < 32; i++ {
			lanes[i] = 0xffff
		}
		var done int
		if from == kF16 {
			done = widenF16s(&d[0], &s[0], len(s), &lanes)
		} else {
			done = widenBF16s(&d[0], &s[0], len(s), &lanes)
		}
		for i := 0; i < 16; i++ {
			r = r.join(magRange{least: uint16(lanes[16+i]), most: uint16(lanes[i])})
		}
		d, s = d[done:], s[done:]
	}
	for i, h := range s {
		d[i] = halfToFloat32(h, from)
	}
	return r.join(magnitudes(s))
}
