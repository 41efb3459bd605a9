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

// EXPCONSTS loads the constants of EXP8 into Z16-Z31 (Z31 is 1.0, Z19
// 2.0).
#define EXPCONSTS \
	VBROADCASTSD lexpdata<>+72(SB), Z20; \
	VBROADCASTSD lexpdata<>+80(SB), Z21; \
	VBROADCASTSD lexpdata<>+88(SB), Z22; \
	VBROADCASTSD lexpdata<>+96(SB), Z23; \
	VBROADCASTSD lexpdata<>+64(SB), Z24; \
	VBROADCASTSD lexpdata<>+56(SB), Z25; \
	VBROADCASTSD lexpdata<>+48(SB), Z26; \
	VBROADCASTSD lexpdata<>+40(SB), Z27; \
	VBROADCASTSD lexpdata<>+32(SB), Z28; \
	VBROADCASTSD lexpdata<>+24(SB), Z29; \
	VBROADCASTSD lexpdata<>+0(SB), Z30; \
	VBROADCASTSD lexpdata<>+8(SB), Z31; \
	VBROADCASTSD lexpdata<>+16(SB), Z19; \
	VBROADCASTSD lexpdata<>+104(SB), Z18; \
	VBROADCASTSD lexpdata<>+112(SB), Z17; \
	VPBROADCASTD lexpdata<>+120(SB), Z16

// EXP8 is math.Exp of Z0's 8 lanes into Z0 (archExp's FMA path, the
// same IEEE operations in the same order on each lane: x·log2e rounded to
// the nearest integer k, x − k·ln2 in two fused steps, the reduced
// argument over 16, the Taylor polynomial in fused steps, four squarings
// as archExp writes them, the scaling by 2^k through the exponent bits),
// for lanes in [-700, 700]; Z1-Z4 are clobbered, EXPCONSTS's registers
// read.
#define EXP8 \
	VMULPD    Z20, Z0, Z1; \
	VCVTPD2DQ Z1, Y2; \
	VCVTDQ2PD Y2, Z1; \
	VFNMADD231PD Z21, Z1, Z0; \
	VFNMADD231PD Z22, Z1, Z0; \
	VMULPD  Z23, Z0, Z0; \
	VMOVAPD Z24, Z3; \
	VFMADD213PD Z25, Z0, Z3; \
	VFMADD213PD Z26, Z0, Z3; \
	VFMADD213PD Z27, Z0, Z3; \
	VFMADD213PD Z28, Z0, Z3; \
	VFMADD213PD Z29, Z0, Z3; \
	VFMADD213PD Z30, Z0, Z3; \
	VFMADD213PD Z31, Z0, Z3; \
	VMULPD  Z3, Z0, Z0; \
	VADDPD  Z19, Z0, Z3; \
	VMULPD  Z3, Z0, Z0; \
	VADDPD  Z19, Z0, Z3; \
	VMULPD  Z3, Z0, Z0; \
	VADDPD  Z19, Z0, Z3; \
	VMULPD  Z3, Z0, Z0; \
	VADDPD  Z19, Z0, Z3; \
	VFMADD213PD Z31, Z3, Z0; \
	VPADDD    Z16, Z2, Z2; \
	VPMOVZXDQ Y2, Z4; \
	VPSLLQ    $52, Z4, Z4; \
	VMULPD    Z4, Z0, Z0

// HORNER is one step of erf.go's nested polynomials, T = c + X·T: the
// product, then the sum (rounded apart, as Go computes x*y + z).
#define HORNER(c, T, X) \
	VMULPD      T, X, T; \
	VADDPD.BCST c, T, T

// HORNERK4 is HORNER on Z8 with c1 on the lanes K4 holds, c2 on the
// others (the tail's two fits, in Z11).
#define HORNERK4(c1, c2, T) \
	VMULPD       T, Z8, T; \
	VBROADCASTSD c2, Z11; \
	VBROADCASTSD c1, K4, Z11; \
	VADDPD       Z11, T, T

// OVERONEPLUS ends each erf region's fit: the denominator's last step,
// Z10 = 1 + Z8·Z10, then the quotient Z9 / Z10 (Z31 is 1.0).
#define OVERONEPLUS \
	VMULPD Z10, Z8, Z10; \
	VADDPD Z31, Z10, Z10; \
	VDIVPD Z10, Z9, Z9

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
	EXPCONSTS

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
	EXP8
	VMOVUPD   Z0, (DI)(AX*8)
	STEP

done:
	END2

// Go's math.erf (erf.go: FreeBSD's s_erf.c), its constants bit for bit,
// and the bounds and masks laneErf uses.
DATA lerfdata<>+0(SB)/8, $0x3fc06eba8214db68 // pp0
DATA lerfdata<>+8(SB)/8, $0xbfd4cd7d691cb913 // pp1
DATA lerfdata<>+16(SB)/8, $0xbf9d2a51dbd7194f // pp2
DATA lerfdata<>+24(SB)/8, $0xbf77a291236668e4 // pp3
DATA lerfdata<>+32(SB)/8, $0xbef8ead6120016ac // pp4
DATA lerfdata<>+40(SB)/8, $0x3fd97779cddadc09 // qq1
DATA lerfdata<>+48(SB)/8, $0x3fb0a54c5536ceba // qq2
DATA lerfdata<>+56(SB)/8, $0x3f74d022c4d36b0f // qq3
DATA lerfdata<>+64(SB)/8, $0x3f215dc9221c1a10 // qq4
DATA lerfdata<>+72(SB)/8, $0xbed09c4342a26120 // qq5
DATA lerfdata<>+80(SB)/8, $0xbf6359b8bef77538 // pa0
DATA lerfdata<>+88(SB)/8, $0x3fda8d00ad92b34d // pa1
DATA lerfdata<>+96(SB)/8, $0xbfd7d240fbb8c3f1 // pa2
DATA lerfdata<>+104(SB)/8, $0x3fd45fca805120e4 // pa3
DATA lerfdata<>+112(SB)/8, $0xbfbc63983d3e28ec // pa4
DATA lerfdata<>+120(SB)/8, $0x3fa22a36599795eb // pa5
DATA lerfdata<>+128(SB)/8, $0xbf61bf380a96073f // pa6
DATA lerfdata<>+136(SB)/8, $0x3fbb3e6618eee323 // qa1
DATA lerfdata<>+144(SB)/8, $0x3fe14af092eb6f33 // qa2
DATA lerfdata<>+152(SB)/8, $0x3fb2635cd99fe9a7 // qa3
DATA lerfdata<>+160(SB)/8, $0x3fc02660e763351f // qa4
DATA lerfdata<>+168(SB)/8, $0x3f8bedc26b51dd1c // qa5
DATA lerfdata<>+176(SB)/8, $0x3f888b545735151d // qa6
DATA lerfdata<>+184(SB)/8, $0xbf843412600d6435 // ra0
DATA lerfdata<>+192(SB)/8, $0xbfe63416e4ba7360 // ra1
DATA lerfdata<>+200(SB)/8, $0xc0251e0441b0e726 // ra2
DATA lerfdata<>+208(SB)/8, $0xc04f300ae4cba38d // ra3
DATA lerfdata<>+216(SB)/8, $0xc0644cb184282266 // ra4
DATA lerfdata<>+224(SB)/8, $0xc067135cebccabb2 // ra5
DATA lerfdata<>+232(SB)/8, $0xc054526557e4d2f2 // ra6
DATA lerfdata<>+240(SB)/8, $0xc023a0efc69ac25c // ra7
DATA lerfdata<>+248(SB)/8, $0x4033a6b9bd707687 // sa1
DATA lerfdata<>+256(SB)/8, $0x4061350c526ae721 // sa2
DATA lerfdata<>+264(SB)/8, $0x407b290dd58a1a71 // sa3
DATA lerfdata<>+272(SB)/8, $0x40842b1921ec2868 // sa4
DATA lerfdata<>+280(SB)/8, $0x407ad02157700314 // sa5
DATA lerfdata<>+288(SB)/8, $0x405b28a3ee48ae2c // sa6
DATA lerfdata<>+296(SB)/8, $0x401a47ef8e484a93 // sa7
DATA lerfdata<>+304(SB)/8, $0xbfaeeff2ee749a62 // sa8
DATA lerfdata<>+312(SB)/8, $0xbf84341239e86f4a // rb0
DATA lerfdata<>+320(SB)/8, $0xbfe993ba70c285de // rb1
DATA lerfdata<>+328(SB)/8, $0xc031c209555f995a // rb2
DATA lerfdata<>+336(SB)/8, $0xc064145d43c5ed98 // rb3
DATA lerfdata<>+344(SB)/8, $0xc083ec881375f228 // rb4
DATA lerfdata<>+352(SB)/8, $0xc09004616a2e5992 // rb5
DATA lerfdata<>+360(SB)/8, $0xc07e384e9bdc383f // rb6
DATA lerfdata<>+368(SB)/8, $0x403e568b261d5190 // sb1
DATA lerfdata<>+376(SB)/8, $0x40745cae221b9f0a // sb2
DATA lerfdata<>+384(SB)/8, $0x409802eb189d5118 // sb3
DATA lerfdata<>+392(SB)/8, $0x40a8ffb7688c246a // sb4
DATA lerfdata<>+400(SB)/8, $0x40a3f219cedf3be6 // sb5
DATA lerfdata<>+408(SB)/8, $0x407da874e79fe763 // sb6
DATA lerfdata<>+416(SB)/8, $0xc03670e242712d62 // sb7
DATA lerfdata<>+424(SB)/8, $0x3feb0ac160000000 // erx
DATA lerfdata<>+432(SB)/8, $0x3e30000000000000 // small
DATA lerfdata<>+440(SB)/8, $0x7ff0000000000000 // inf
DATA lerfdata<>+448(SB)/8, $0x3feb000000000000 // c084375
DATA lerfdata<>+456(SB)/8, $0x3ff4000000000000 // c125
DATA lerfdata<>+464(SB)/8, $0x4018000000000000 // c6
DATA lerfdata<>+472(SB)/8, $0x4006db6db6db6db7 // c1_035
DATA lerfdata<>+480(SB)/8, $0x3fe2000000000000 // c05625
DATA lerfdata<>+488(SB)/8, $0x7fffffffffffffff // abs
DATA lerfdata<>+496(SB)/8, $0x8000000000000000 // sign
DATA lerfdata<>+504(SB)/8, $0xffffffff00000000 // hi
DATA lerfdata<>+512(SB)/8, $0x0000000000000000 // zero
GLOBL lerfdata<>(SB), RODATA, $520

// func laneErf(d, s *float64, n int) int
//
// d[j] = math.Erf(s[j]), erf.go's algorithm on 8 lanes at once: each
// region's rational approximation in the same IEEE operations in the
// same order (Horner's steps as the source nests them, a product then a
// sum, never fused), computed for a block where any of its lanes lies in
// the region and kept for those lanes; the tail's two exps as math.Exp
// computes them (EXP8, archExp's FMA path); a negative lane's result
// the positive one's negation, which every branch of erf.go computes
// exactly (-erx - P/Q is -(erx + P/Q) in round-to-nearest). Stops at the
// first block with a lane below 2^-28 in magnitude (erf.go's x + efx·x
// and underflow branches), infinite or NaN: Go computes it.
TEXT ·laneErf(SB), NOSPLIT, $0-32
	BEGIN2
	EXPCONSTS
	VBROADCASTSD lerfdata<>+488(SB), Z15
loop:
	NEXT8
	VMOVUPD (SI)(AX*8), Z5
	VANDPD  Z15, Z5, Z6
	// every lane finite, and at least 2^-28 in magnitude (false for NaN)
	VBROADCASTSD lerfdata<>+432(SB), Z7
	VCMPPD  $0x1d, Z7, Z6, K1
	VBROADCASTSD lerfdata<>+440(SB), Z7
	VCMPPD  $0x11, Z7, Z6, K2
	KANDW   K1, K2, K1
	KMOVW   K1, R9
	CMPL    R9, $0xff
	JNE     done
	// K1: |x| < 0.84375; K2: 0.84375 <= |x| < 1.25; K3: 1.25 <= |x| < 6;
	// K5: |x| >= 6; K4: |x| < 1/0.35 (the first of the tail's two fits)
	VBROADCASTSD lerfdata<>+448(SB), Z7
	VCMPPD  $0x11, Z7, Z6, K1
	VBROADCASTSD lerfdata<>+456(SB), Z7
	VCMPPD  $0x11, Z7, Z6, K2
	KANDNW  K2, K1, K2
	VCMPPD  $0x1d, Z7, Z6, K3
	VBROADCASTSD lerfdata<>+464(SB), Z7
	VCMPPD  $0x1d, Z7, Z6, K5
	KANDNW  K3, K5, K3
	VBROADCASTSD lerfdata<>+472(SB), Z7
	VCMPPD  $0x11, Z7, Z6, K4
	VMOVAPD Z31, Z7
	// |x| < 0.84375: x + x·(r/s), z = x²
	KORTESTW K1, K1
	JZ      region2
	VMULPD  Z6, Z6, Z8
	VBROADCASTSD lerfdata<>+32(SB), Z9
	HORNER(lerfdata<>+24(SB), Z9, Z8)
	HORNER(lerfdata<>+16(SB), Z9, Z8)
	HORNER(lerfdata<>+8(SB), Z9, Z8)
	HORNER(lerfdata<>+0(SB), Z9, Z8)
	VBROADCASTSD lerfdata<>+72(SB), Z10
	HORNER(lerfdata<>+64(SB), Z10, Z8)
	HORNER(lerfdata<>+56(SB), Z10, Z8)
	HORNER(lerfdata<>+48(SB), Z10, Z8)
	HORNER(lerfdata<>+40(SB), Z10, Z8)
	OVERONEPLUS
	VMULPD  Z9, Z6, Z9
	VADDPD  Z9, Z6, Z9
	VMOVAPD Z9, K1, Z7
region2:
	// 0.84375 <= |x| < 1.25: erx + P/Q, s = |x| - 1
	KORTESTW K2, K2
	JZ      region3
	VSUBPD  Z31, Z6, Z8
	VBROADCASTSD lerfdata<>+128(SB), Z9
	HORNER(lerfdata<>+120(SB), Z9, Z8)
	HORNER(lerfdata<>+112(SB), Z9, Z8)
	HORNER(lerfdata<>+104(SB), Z9, Z8)
	HORNER(lerfdata<>+96(SB), Z9, Z8)
	HORNER(lerfdata<>+88(SB), Z9, Z8)
	HORNER(lerfdata<>+80(SB), Z9, Z8)
	VBROADCASTSD lerfdata<>+176(SB), Z10
	HORNER(lerfdata<>+168(SB), Z10, Z8)
	HORNER(lerfdata<>+160(SB), Z10, Z8)
	HORNER(lerfdata<>+152(SB), Z10, Z8)
	HORNER(lerfdata<>+144(SB), Z10, Z8)
	HORNER(lerfdata<>+136(SB), Z10, Z8)
	OVERONEPLUS
	VADDPD.BCST lerfdata<>+424(SB), Z9, Z9
	VMOVAPD Z9, K2, Z7
region3:
	// 1.25 <= |x| < 6: 1 - exp(-z²-0.5625)·exp((z-x)(z+x)+R/S)/x, s = 1/x²,
	// R/S the first fit's where |x| < 1/0.35, else the second's (its
	// missing top coefficients zero: c + s·0 is c exactly)
	KORTESTW K3, K3
	JZ      sign
	VMULPD  Z6, Z6, Z8
	VDIVPD  Z8, Z31, Z8
	VXORPD  Z9, Z9, Z9
	VBROADCASTSD lerfdata<>+240(SB), K4, Z9
	HORNERK4(lerfdata<>+232(SB), lerfdata<>+360(SB), Z9)
	HORNERK4(lerfdata<>+224(SB), lerfdata<>+352(SB), Z9)
	HORNERK4(lerfdata<>+216(SB), lerfdata<>+344(SB), Z9)
	HORNERK4(lerfdata<>+208(SB), lerfdata<>+336(SB), Z9)
	HORNERK4(lerfdata<>+200(SB), lerfdata<>+328(SB), Z9)
	HORNERK4(lerfdata<>+192(SB), lerfdata<>+320(SB), Z9)
	HORNERK4(lerfdata<>+184(SB), lerfdata<>+312(SB), Z9)
	VXORPD  Z10, Z10, Z10
	VBROADCASTSD lerfdata<>+304(SB), K4, Z10
	HORNERK4(lerfdata<>+296(SB), lerfdata<>+416(SB), Z10)
	HORNERK4(lerfdata<>+288(SB), lerfdata<>+408(SB), Z10)
	HORNERK4(lerfdata<>+280(SB), lerfdata<>+400(SB), Z10)
	HORNERK4(lerfdata<>+272(SB), lerfdata<>+392(SB), Z10)
	HORNERK4(lerfdata<>+264(SB), lerfdata<>+384(SB), Z10)
	HORNERK4(lerfdata<>+256(SB), lerfdata<>+376(SB), Z10)
	HORNERK4(lerfdata<>+248(SB), lerfdata<>+368(SB), Z10)
	OVERONEPLUS
	VPANDQ.BCST lerfdata<>+504(SB), Z6, Z12
	VMULPD  Z12, Z12, Z13
	VADDPD.BCST lerfdata<>+480(SB), Z13, Z13
	VXORPD.BCST lerfdata<>+496(SB), Z13, Z0
	EXP8
	VMOVAPD Z0, Z13
	VSUBPD  Z6, Z12, Z14
	VADDPD  Z6, Z12, Z10
	VMULPD  Z10, Z14, Z14
	VADDPD  Z9, Z14, Z0
	EXP8
	VMULPD  Z0, Z13, Z13
	VDIVPD  Z6, Z13, Z13
	VSUBPD  Z13, Z31, Z13
	VMOVAPD Z13, K3, Z7
sign:
	VANDNPD Z5, Z15, Z8
	VORPD   Z8, Z7, Z7
	VMOVUPD Z7, (DI)(AX*8)
	STEP

done:
	END2
