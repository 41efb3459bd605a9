#include "textflag.h"

// Float32 lane kernels (lanes32.go): loops over float32 lane registers,
// 16 lanes a ZMM register, each computing exactly what the lanes' Go
// loops compute for the same elements. Each returns how many lanes it
// did, n rounded down to a multiple of 16; the caller does the rest in
// Go. The skeleton is lanes_amd64.s's with 16-lane steps: BEGIN3 (d, a,
// b, n: DI, SI, DX, CX), at "loop" NEXT16 leaves for "done" when fewer
// than 16 lanes are left (AX the lanes done, R8 the next), the body for
// lanes AX..AX+15, STEP, and at "done" END3 returns AX.

#define BEGIN3 \
	MOVQ d+0(FP), DI; \
	MOVQ a+8(FP), SI; \
	MOVQ b+16(FP), DX; \
	MOVQ n+24(FP), CX; \
	XORQ AX, AX

#define NEXT16 \
	LEAQ 16(AX), R8; \
	CMPQ R8, CX; \
	JGT  done

#define STEP \
	MOVQ R8, AX; \
	JMP  loop

#define END3 \
	MOVQ AX, ret+32(FP); \
	VZEROUPPER; \
	RET

// ARITHPS is D[j] = A[j] op B[j] in float32, A the first source (its
// NaN the one kept when both are NaN).
#define ARITHPS(OP) \
	BEGIN3; \
loop: \
	NEXT16; \
	VMOVUPS (SI)(AX*4), Z0; \
	OP (DX)(AX*4), Z0, Z0; \
	VMOVUPS Z0, (DI)(AX*4); \
	STEP; \
done: \
	END3

// MINMAXPS is D[j] = max(A[j], B[j]) (OP VMAXPS, BITS VPANDD) or min
// (VMINPS, VPORD), Go's: a NaN in either gives NaN, and -0 < +0.
// VMAXPS returns b for a NaN or for two zeros; equal lanes take a AND b
// (+0 unless both are -0) or a OR b, and lanes where a is NaN take a.
#define MINMAXPS(OP, BITS) \
	BEGIN3; \
loop: \
	NEXT16; \
	VMOVUPS (SI)(AX*4), Z0; \
	VMOVUPS (DX)(AX*4), Z1; \
	OP Z1, Z0, Z2; \
	VCMPPS $0, Z1, Z0, K1; \
	BITS Z1, Z0, Z3; \
	VMOVAPS Z3, K1, Z2; \
	VCMPPS $3, Z0, Z0, K2; \
	VMOVAPS Z0, K2, Z2; \
	VMOVUPS Z2, (DI)(AX*4); \
	STEP; \
done: \
	END3

// CMPPS is D[j] = A[j] pred B[j] ? -1 : 0 in int32 masks, the predicate
// as VCMPPS's immediate IMM.
#define CMPPS(IMM) \
	BEGIN3; \
loop: \
	NEXT16; \
	VMOVUPS (SI)(AX*4), Z0; \
	VCMPPS IMM, (DX)(AX*4), Z0, K1; \
	VPXORD Z2, Z2, Z2; \
	VPTERNLOGD $0xff, Z2, Z2, K1, Z2; \
	VMOVDQU32 Z2, (DI)(AX*4); \
	STEP; \
done: \
	END3

// func lane32Add(d, a, b *float32, n int) int
TEXT ·lane32Add(SB), NOSPLIT, $0-40
	ARITHPS(VADDPS)

// func lane32Sub(d, a, b *float32, n int) int
TEXT ·lane32Sub(SB), NOSPLIT, $0-40
	ARITHPS(VSUBPS)

// func lane32Mul(d, a, b *float32, n int) int
TEXT ·lane32Mul(SB), NOSPLIT, $0-40
	ARITHPS(VMULPS)

// func lane32Div(d, a, b *float32, n int) int
TEXT ·lane32Div(SB), NOSPLIT, $0-40
	ARITHPS(VDIVPS)

// func lane32Max(d, a, b *float32, n int) int
TEXT ·lane32Max(SB), NOSPLIT, $0-40
	MINMAXPS(VMAXPS, VPANDD)

// func lane32Min(d, a, b *float32, n int) int
TEXT ·lane32Min(SB), NOSPLIT, $0-40
	MINMAXPS(VMINPS, VPORD)

// func lane32CmpOEQ(d *int32, a, b *float32, n int) int
TEXT ·lane32CmpOEQ(SB), NOSPLIT, $0-40
	CMPPS($0x00)

// func lane32CmpOGT(d *int32, a, b *float32, n int) int
TEXT ·lane32CmpOGT(SB), NOSPLIT, $0-40
	CMPPS($0x1e)

// func lane32CmpOGE(d *int32, a, b *float32, n int) int
TEXT ·lane32CmpOGE(SB), NOSPLIT, $0-40
	CMPPS($0x1d)

// func lane32CmpOLT(d *int32, a, b *float32, n int) int
TEXT ·lane32CmpOLT(SB), NOSPLIT, $0-40
	CMPPS($0x11)

// func lane32CmpOLE(d *int32, a, b *float32, n int) int
TEXT ·lane32CmpOLE(SB), NOSPLIT, $0-40
	CMPPS($0x12)

// func lane32CmpONE(d *int32, a, b *float32, n int) int
TEXT ·lane32CmpONE(SB), NOSPLIT, $0-40
	CMPPS($0x0c)

// func lane32CmpORD(d *int32, a, b *float32, n int) int
TEXT ·lane32CmpORD(SB), NOSPLIT, $0-40
	CMPPS($0x07)

// func lane32CmpUEQ(d *int32, a, b *float32, n int) int
TEXT ·lane32CmpUEQ(SB), NOSPLIT, $0-40
	CMPPS($0x08)

// func lane32CmpUGT(d *int32, a, b *float32, n int) int
TEXT ·lane32CmpUGT(SB), NOSPLIT, $0-40
	CMPPS($0x16)

// func lane32CmpUGE(d *int32, a, b *float32, n int) int
TEXT ·lane32CmpUGE(SB), NOSPLIT, $0-40
	CMPPS($0x15)

// func lane32CmpULT(d *int32, a, b *float32, n int) int
TEXT ·lane32CmpULT(SB), NOSPLIT, $0-40
	CMPPS($0x19)

// func lane32CmpULE(d *int32, a, b *float32, n int) int
TEXT ·lane32CmpULE(SB), NOSPLIT, $0-40
	CMPPS($0x1a)

// func lane32CmpUNE(d *int32, a, b *float32, n int) int
TEXT ·lane32CmpUNE(SB), NOSPLIT, $0-40
	CMPPS($0x04)

// func lane32CmpUNO(d *int32, a, b *float32, n int) int
TEXT ·lane32CmpUNO(SB), NOSPLIT, $0-40
	CMPPS($0x03)

// func lane32Select(d, a, b *float32, c *int32, n int) int
//
// D[j] = C[j] != 0 ? A[j] : B[j].
TEXT ·lane32Select(SB), NOSPLIT, $0-48
	MOVQ d+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ b+16(FP), DX
	MOVQ c+24(FP), BX
	MOVQ n+32(FP), CX
	XORQ AX, AX

loop:
	NEXT16
	VMOVDQU32 (BX)(AX*4), Z0
	VPTESTMD  Z0, Z0, K1
	VMOVUPS   (DX)(AX*4), Z2
	VMOVUPS   (SI)(AX*4), K1, Z2
	VMOVUPS   Z2, (DI)(AX*4)
	STEP

done:
	MOVQ AX, ret+40(FP)
	VZEROUPPER
	RET

// func lane32Fill(d *float32, v float32, n int) int
//
// d[j] = v, 16 lanes a store.
TEXT ·lane32Fill(SB), NOSPLIT, $0-32
	MOVQ         d+0(FP), DI
	VBROADCASTSS v+8(FP), Z0
	MOVQ         n+16(FP), CX
	XORQ         AX, AX

loop:
	NEXT16
	VMOVUPS Z0, (DI)(AX*4)
	STEP

done:
	MOVQ AX, ret+24(FP)
	VZEROUPPER
	RET
