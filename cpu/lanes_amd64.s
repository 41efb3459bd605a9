#include "textflag.h"

// Lane kernels (vector.go): loops over float64 lane registers, 8 lanes a
// ZMM register, each computing exactly what the lanes' Go loops compute
// for the same elements (the same IEEE double operation, the same
// conversions, rounding to nearest even as Go's do). Each returns how
// many lanes it did, n rounded down to a multiple of 8 (or fewer, where
// it stops); the caller does the rest in Go.
//
// Every kernel is one loop: BEGIN2 (d, s, n: DI, SI, CX) or BEGIN3 (d,
// a, b, n: DI, SI, DX, CX), then at "loop" NEXT8 leaves for "done" when
// fewer than 8 lanes are left (AX the lanes done, R8 the next), the
// body for lanes AX..AX+7, STEP, and at "done" END2 or END3 return AX.

#define BEGIN2 \
	MOVQ d+0(FP), DI; \
	MOVQ s+8(FP), SI; \
	MOVQ n+16(FP), CX; \
	XORQ AX, AX

#define BEGIN3 \
	MOVQ d+0(FP), DI; \
	MOVQ a+8(FP), SI; \
	MOVQ b+16(FP), DX; \
	MOVQ n+24(FP), CX; \
	XORQ AX, AX

#define NEXT8 \
	LEAQ 8(AX), R8; \
	CMPQ R8, CX; \
	JGT  done

#define STEP \
	MOVQ R8, AX; \
	JMP  loop

#define END2 \
	MOVQ AX, ret+24(FP); \
	VZEROUPPER; \
	RET

#define END3 \
	MOVQ AX, ret+32(FP); \
	VZEROUPPER; \
	RET

// ROUND32 rounds Z's 8 doubles to float32 and back.
#define ROUND32(Z, Y) \
	VCVTPD2PS Z, Y; \
	VCVTPS2PD Y, Z

// EXACT32 loads lanes AX..AX+7 of s into Z0 and their float32 roundings
// into Y1, and leaves for "done" unless every lane is a float32 value
// (not NaN): a 16-bit rounding of the float32 is then the rounding of
// the double.
#define EXACT32 \
	VMOVUPD   (SI)(AX*8), Z0; \
	VCVTPD2PS Z0, Y1; \
	VCVTPS2PD Y1, Z2; \
	VCMPPD    $0, Z2, Z0, K1; \
	KMOVW     K1, R9; \
	CMPL      R9, $0xff; \
	JNE       done

// BF16_OF rounds Y1's float32s to bfloat16 bits in the low words of Y3's
// dwords, as runtime.BF16FromFloat32 rounds a number. Y4 holds 0x7fff, Y5 holds 1 in
// every dword. AVX2 (VEX) forms: no AVX-512VL needed.
#define BF16_OF \
	VPSRLD $16, Y1, Y2; \
	VPAND  Y5, Y2, Y2; \
	VPADDD Y4, Y1, Y3; \
	VPADDD Y2, Y3, Y3; \
	VPSRLD $16, Y3, Y3

#define BF16_CONSTS \
	MOVL $0x7fff, DX; \
	MOVQ DX, X4; \
	VPBROADCASTD X4, Y4; \
	MOVL $1, DX; \
	MOVQ DX, X5; \
	VPBROADCASTD X5, Y5

// ARITH32 is D[j] = float64(float32(A[j] op B[j])).
#define ARITH32(OP) \
	BEGIN3; \
loop: \
	NEXT8; \
	VMOVUPD (SI)(AX*8), Z0; \
	OP (DX)(AX*8), Z0, Z0; \
	ROUND32(Z0, Y0); \
	VMOVUPD Z0, (DI)(AX*8); \
	STEP; \
done: \
	END3

// MINMAX32 is D[j] = float64(float32(max(A[j], B[j]))) (OP VMAXPD, BITS
// VPANDQ) or min (VMINPD, VPORQ), with Go's semantics: a NaN in either
// gives NaN, and -0 < +0. VMAXPD returns b for a NaN or for two zeros;
// equal lanes take a AND b (+0 unless both are -0) or a OR b, and lanes
// where a is NaN take a.
#define MINMAX32(OP, BITS) \
	BEGIN3; \
loop: \
	NEXT8; \
	VMOVUPD (SI)(AX*8), Z0; \
	VMOVUPD (DX)(AX*8), Z1; \
	OP Z1, Z0, Z2; \
	VCMPPD $0, Z1, Z0, K1; \
	BITS Z1, Z0, Z3; \
	VMOVAPD Z3, K1, Z2; \
	VCMPPD $3, Z0, Z0, K2; \
	VMOVAPD Z0, K2, Z2; \
	ROUND32(Z2, Y2); \
	VMOVUPD Z2, (DI)(AX*8); \
	STEP; \
done: \
	END3

// CMPPD is D[j] = A[j] pred B[j] ? -1 : 0 (i1 lanes hold true
// sign-extended), the predicate as VCMPPD's immediate IMM.
#define CMPPD(IMM) \
	BEGIN3; \
loop: \
	NEXT8; \
	VMOVUPD (SI)(AX*8), Z0; \
	VCMPPD IMM, (DX)(AX*8), Z0, K1; \
	VPXORQ Z2, Z2, Z2; \
	VPTERNLOGQ $0xff, Z2, Z2, K1, Z2; \
	VMOVDQU64 Z2, (DI)(AX*8); \
	STEP; \
done: \
	END3

// func laneAdd32(d, a, b *float64, n int) int
TEXT ·laneAdd32(SB), NOSPLIT, $0-40
	ARITH32(VADDPD)

// func laneSub32(d, a, b *float64, n int) int
TEXT ·laneSub32(SB), NOSPLIT, $0-40
	ARITH32(VSUBPD)

// func laneMul32(d, a, b *float64, n int) int
TEXT ·laneMul32(SB), NOSPLIT, $0-40
	ARITH32(VMULPD)

// func laneDiv32(d, a, b *float64, n int) int
TEXT ·laneDiv32(SB), NOSPLIT, $0-40
	ARITH32(VDIVPD)

// func laneMax32(d, a, b *float64, n int) int
TEXT ·laneMax32(SB), NOSPLIT, $0-40
	MINMAX32(VMAXPD, VPANDQ)

// func laneMin32(d, a, b *float64, n int) int
TEXT ·laneMin32(SB), NOSPLIT, $0-40
	MINMAX32(VMINPD, VPORQ)

// func laneCmpOEQ(d *int64, a, b *float64, n int) int
TEXT ·laneCmpOEQ(SB), NOSPLIT, $0-40
	CMPPD($0x00)

// func laneCmpOGT(d *int64, a, b *float64, n int) int
TEXT ·laneCmpOGT(SB), NOSPLIT, $0-40
	CMPPD($0x1e)

// func laneCmpOGE(d *int64, a, b *float64, n int) int
TEXT ·laneCmpOGE(SB), NOSPLIT, $0-40
	CMPPD($0x1d)

// func laneCmpOLT(d *int64, a, b *float64, n int) int
TEXT ·laneCmpOLT(SB), NOSPLIT, $0-40
	CMPPD($0x11)

// func laneCmpOLE(d *int64, a, b *float64, n int) int
TEXT ·laneCmpOLE(SB), NOSPLIT, $0-40
	CMPPD($0x12)

// func laneCmpONE(d *int64, a, b *float64, n int) int
TEXT ·laneCmpONE(SB), NOSPLIT, $0-40
	CMPPD($0x0c)

// func laneCmpORD(d *int64, a, b *float64, n int) int
TEXT ·laneCmpORD(SB), NOSPLIT, $0-40
	CMPPD($0x07)

// func laneCmpUEQ(d *int64, a, b *float64, n int) int
TEXT ·laneCmpUEQ(SB), NOSPLIT, $0-40
	CMPPD($0x08)

// func laneCmpUGT(d *int64, a, b *float64, n int) int
TEXT ·laneCmpUGT(SB), NOSPLIT, $0-40
	CMPPD($0x16)

// func laneCmpUGE(d *int64, a, b *float64, n int) int
TEXT ·laneCmpUGE(SB), NOSPLIT, $0-40
	CMPPD($0x15)

// func laneCmpULT(d *int64, a, b *float64, n int) int
TEXT ·laneCmpULT(SB), NOSPLIT, $0-40
	CMPPD($0x19)

// func laneCmpULE(d *int64, a, b *float64, n int) int
TEXT ·laneCmpULE(SB), NOSPLIT, $0-40
	CMPPD($0x1a)

// func laneCmpUNE(d *int64, a, b *float64, n int) int
TEXT ·laneCmpUNE(SB), NOSPLIT, $0-40
	CMPPD($0x04)

// func laneCmpUNO(d *int64, a, b *float64, n int) int
TEXT ·laneCmpUNO(SB), NOSPLIT, $0-40
	CMPPD($0x03)

// func laneSelect(d, a, b *float64, c *int64, n int) int
//
// D[j] = C[j] != 0 ? A[j] : B[j].
TEXT ·laneSelect(SB), NOSPLIT, $0-48
	MOVQ d+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ b+16(FP), DX
	MOVQ c+24(FP), BX
	MOVQ n+32(FP), CX
	XORQ AX, AX

loop:
	NEXT8
	VMOVDQU64 (BX)(AX*8), Z0
	VPTESTMQ  Z0, Z0, K1
	VMOVUPD   (DX)(AX*8), Z2
	VMOVUPD   (SI)(AX*8), K1, Z2
	VMOVUPD   Z2, (DI)(AX*8)
	STEP

done:
	MOVQ AX, ret+40(FP)
	VZEROUPPER
	RET

// func laneLoadF32(d *float64, s *float32, n int) int
TEXT ·laneLoadF32(SB), NOSPLIT, $0-32
	BEGIN2

loop:
	NEXT8
	VCVTPS2PD (SI)(AX*4), Z0
	VMOVUPD   Z0, (DI)(AX*8)
	STEP

done:
	END2

// func laneLoadBF16(d *float64, s *uint16, n int) int
TEXT ·laneLoadBF16(SB), NOSPLIT, $0-32
	BEGIN2

loop:
	NEXT8
	VPMOVZXWD (SI)(AX*2), Y0
	VPSLLD    $16, Y0, Y0
	VCVTPS2PD Y0, Z0
	VMOVUPD   Z0, (DI)(AX*8)
	STEP

done:
	END2

// func laneLoadF16(d *float64, s *uint16, n int) int
TEXT ·laneLoadF16(SB), NOSPLIT, $0-32
	BEGIN2

loop:
	NEXT8
	VCVTPH2PS (SI)(AX*2), Y0
	VCVTPS2PD Y0, Z0
	VMOVUPD   Z0, (DI)(AX*8)
	STEP

done:
	END2

// func laneStoreF32(d *float32, s *float64, n int) int
TEXT ·laneStoreF32(SB), NOSPLIT, $0-32
	BEGIN2

loop:
	NEXT8
	VMOVUPD   (SI)(AX*8), Z0
	VCVTPD2PS Z0, Y0
	VMOVUPS   Y0, (DI)(AX*4)
	STEP

done:
	END2

// func laneStoreBF16(d *uint16, s *float64, n int) int
//
// Stops at the first block of 8 with a lane that is not a float32 value
// (or is NaN): Go stores it.
TEXT ·laneStoreBF16(SB), NOSPLIT, $0-32
	BEGIN2
	BF16_CONSTS

loop:
	NEXT8
	EXACT32
	BF16_OF
	VPMOVDW Z3, Y6
	VMOVDQU X6, (DI)(AX*2)
	STEP

done:
	END2

// func laneRoundBF16(d, s *float64, n int) int
//
// D[j] = the bfloat16 nearest S[j], as a float64; stops as laneStoreBF16.
TEXT ·laneRoundBF16(SB), NOSPLIT, $0-32
	BEGIN2
	BF16_CONSTS

loop:
	NEXT8
	EXACT32
	BF16_OF
	VPSLLD    $16, Y3, Y3
	VCVTPS2PD Y3, Z3
	VMOVUPD   Z3, (DI)(AX*8)
	STEP

done:
	END2

// func laneStoreF16(d *uint16, s *float64, n int) int
//
// VCVTPS2PH (ties to even) rounds every float32 as runtime's F16 rounding
// does; stops as laneStoreBF16.
TEXT ·laneStoreF16(SB), NOSPLIT, $0-32
	BEGIN2

loop:
	NEXT8
	EXACT32
	VCVTPS2PH $0, Y1, X3
	VMOVDQU   X3, (DI)(AX*2)
	STEP

done:
	END2

// func laneRoundF16(d, s *float64, n int) int
//
// D[j] = the binary16 nearest S[j], as a float64; stops as laneStoreBF16.
TEXT ·laneRoundF16(SB), NOSPLIT, $0-32
	BEGIN2

loop:
	NEXT8
	EXACT32
	VCVTPS2PH $0, Y1, X3
	VCVTPH2PS X3, Y3
	VCVTPS2PD Y3, Z3
	VMOVUPD   Z3, (DI)(AX*8)
	STEP

done:
	END2

// Go's math.Exp on amd64 (archExp, exp_amd64.s, its FMA path, which every
// AVX-512 CPU takes): its constants, bit for bit.
DATA lexpdata<>+0(SB)/8, $0.5
DATA lexpdata<>+8(SB)/8, $1.0
DATA lexpdata<>+16(SB)/8, $2.0
DATA lexpdata<>+24(SB)/8, $1.6666666666666666667e-1
DATA lexpdata<>+32(SB)/8, $4.1666666666666666667e-2
DATA lexpdata<>+40(SB)/8, $8.3333333333333333333e-3
DATA lexpdata<>+48(SB)/8, $1.3888888888888888889e-3
DATA lexpdata<>+56(SB)/8, $1.9841269841269841270e-4
DATA lexpdata<>+64(SB)/8, $2.4801587301587301587e-5
DATA lexpdata<>+72(SB)/8, $1.4426950408889634073599246810018920
DATA lexpdata<>+80(SB)/8, $0.69314718055966295651160180568695068359375
DATA lexpdata<>+88(SB)/8, $0.28235290563031577122588448175013436025525412068e-12
DATA lexpdata<>+96(SB)/8, $0.0625
DATA lexpdata<>+104(SB)/8, $700.0
DATA lexpdata<>+112(SB)/8, $-700.0
DATA lexpdata<>+120(SB)/4, $0x3ff
GLOBL lexpdata<>(SB), RODATA, $124

// func laneExp(d, s *float64, n int) int
//
// d[j] = math.Exp(s[j]), archExp's FMA path on 8 lanes at once: the same
// IEEE operations in the same order on each lane (x·log2e rounded to the
// nearest integer k, x − k·ln2 in two fused steps, the reduced argument
// over 16, the Taylor polynomial in fused steps, four squarings as
// archExp writes them, the scaling by 2^k through the exponent bits).
// Stops at the first block of 8 with a lane outside [-700, 700] or NaN,
// where archExp may take its infinite, overflow, underflow or subnormal
// branches: Go computes it.
TEXT ·laneExp(SB), NOSPLIT, $0-32
	BEGIN2
	VBROADCASTSD lexpdata<>+72(SB), Z20
	VBROADCASTSD lexpdata<>+80(SB), Z21
	VBROADCASTSD lexpdata<>+88(SB), Z22
	VBROADCASTSD lexpdata<>+96(SB), Z23
	VBROADCASTSD lexpdata<>+64(SB), Z24
	VBROADCASTSD lexpdata<>+56(SB), Z25
	VBROADCASTSD lexpdata<>+48(SB), Z26
	VBROADCASTSD lexpdata<>+40(SB), Z27
	VBROADCASTSD lexpdata<>+32(SB), Z28
	VBROADCASTSD lexpdata<>+24(SB), Z29
	VBROADCASTSD lexpdata<>+0(SB), Z30
	VBROADCASTSD lexpdata<>+8(SB), Z31
	VBROADCASTSD lexpdata<>+16(SB), Z19
	VBROADCASTSD lexpdata<>+104(SB), Z18
	VBROADCASTSD lexpdata<>+112(SB), Z17
	VPBROADCASTD lexpdata<>+120(SB), Z16

loop:
	NEXT8
	VMOVUPD (SI)(AX*8), Z0
	// every lane in [-700, 700] (false for NaN)
	VCMPPD  $2, Z18, Z0, K1
	VCMPPD  $13, Z17, Z0, K2
	KANDW   K1, K2, K1
	KMOVW   K1, R9
	CMPL    R9, $0xff
	JNE     done
	VMULPD    Z20, Z0, Z1
	VCVTPD2DQ Z1, Y2
	VCVTDQ2PD Y2, Z1
	VFNMADD231PD Z21, Z1, Z0
	VFNMADD231PD Z22, Z1, Z0
	VMULPD  Z23, Z0, Z0
	VMOVAPD Z24, Z3
	VFMADD213PD Z25, Z0, Z3
	VFMADD213PD Z26, Z0, Z3
	VFMADD213PD Z27, Z0, Z3
	VFMADD213PD Z28, Z0, Z3
	VFMADD213PD Z29, Z0, Z3
	VFMADD213PD Z30, Z0, Z3
	VFMADD213PD Z31, Z0, Z3
	VMULPD  Z3, Z0, Z0
	VADDPD  Z19, Z0, Z3
	VMULPD  Z3, Z0, Z0
	VADDPD  Z19, Z0, Z3
	VMULPD  Z3, Z0, Z0
	VADDPD  Z19, Z0, Z3
	VMULPD  Z3, Z0, Z0
	VADDPD  Z19, Z0, Z3
	VFMADD213PD Z31, Z3, Z0
	// times 2^k: the exponent field k + 1023
	VPADDD    Z16, Z2, Z2
	VPMOVZXDQ Y2, Z4
	VPSLLQ    $52, Z4, Z4
	VMULPD    Z4, Z0, Z0
	VMOVUPD   Z0, (DI)(AX*8)
	STEP

done:
	END2
