#include "textflag.h"

// The widenings' common frame: arguments (dst *float32, src *uint16,
// n int, mags *[32]uint32) in DI, SI, CX, DX; the lanes' greatest
// magnitudes in Z8 and least nonzero ones in Z9 from mags; AX counts.
#define WIDEN_START \
	MOVQ dst+0(FP), DI; \
	MOVQ src+8(FP), SI; \
	MOVQ n+16(FP), CX; \
	MOVQ mags+24(FP), DX; \
	XORQ AX, AX; \
	VMOVDQU32 (DX), Z8; \
	VMOVDQU32 64(DX), Z9; \
	MOVL $0x7fff, R9; \
	VPBROADCASTD R9, Z7

// WIDEN_MAGS loads 16 elements zero-extended into Z0 and folds their
// magnitudes into Z8 and Z9.
#define WIDEN_MAGS \
	VPMOVZXWD (SI)(AX*2), Z0; \
	VPANDD    Z7, Z0, Z1; \
	VPMAXUD   Z1, Z8, Z8; \
	VPTESTMD  Z1, Z1, K1; \
	VPMINUD   Z1, Z9, K1, Z9

#define WIDEN_END \
	VMOVDQU32 Z8, (DX); \
	VMOVDQU32 Z9, 64(DX); \
	MOVQ AX, ret+32(FP); \
	VZEROUPPER; \
	RET

// func narrowBF16s(dst *uint16, src *float32, n int) int
//
// Per lane, as runtime.BF16FromFloat32: u + 0x7fff + ((u >> 16) & 1), its top half (ties
// to even on the bits, exact for every number, the carry into Inf
// included). A block with a NaN (|u| > 0x7f800000) stops the loop: the
// caller rounds it in Go.
TEXT ·narrowBF16s(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	XORQ AX, AX
	MOVL $0x7fff, DX
	VPBROADCASTD DX, Z4
	MOVL $0x7fffffff, DX
	VPBROADCASTD DX, Z5
	MOVL $0x7f800000, DX
	VPBROADCASTD DX, Z6
	MOVL $1, DX
	VPBROADCASTD DX, Z7

narrowLoop:
	LEAQ 16(AX), R8
	CMPQ R8, CX
	JGT  narrowDone
	VMOVDQU32 (SI)(AX*4), Z0
	VPANDD    Z5, Z0, Z1
	VPCMPUD   $6, Z6, Z1, K1 // |u| > Inf: NaN
	KORTESTW  K1, K1
	JNZ       narrowDone
	VPSRLD    $16, Z0, Z2
	VPANDD    Z7, Z2, Z2
	VPADDD    Z4, Z0, Z3
	VPADDD    Z2, Z3, Z3
	VPSRLD    $16, Z3, Z3
	VPMOVDW   Z3, (DI)(AX*2)
	MOVQ      R8, AX
	JMP       narrowLoop

narrowDone:
	MOVQ AX, ret+24(FP)
	VZEROUPPER
	RET

// func widenBF16s(dst *float32, src *uint16, n int, mags *[32]uint32) int
//
// bfloat16 is float32's top half: zero-extend each element and shift it
// into place. Each lane also keeps the greatest magnitude (the bits
// without the sign) it has seen in mags[0:16] and the least nonzero one
// in mags[16:32], starting from their values on entry.
TEXT ·widenBF16s(SB), NOSPLIT, $0-40
	WIDEN_START

widenLoop:
	LEAQ 16(AX), R8
	CMPQ R8, CX
	JGT  widenDone
	WIDEN_MAGS
	VPSLLD    $16, Z0, Z0
	VMOVDQU32 Z0, (DI)(AX*4)
	MOVQ      R8, AX
	JMP       widenLoop

widenDone:
	WIDEN_END

// func widenF16s(dst *float32, src *uint16, n int, mags *[32]uint32) int
//
// VCVTPH2PS widens binary16 exactly (subnormals included). Magnitudes as
// widenBF16s.
TEXT ·widenF16s(SB), NOSPLIT, $0-40
	WIDEN_START

widenF16Loop:
	LEAQ 16(AX), R8
	CMPQ R8, CX
	JGT  widenF16Done
	WIDEN_MAGS
	VCVTPH2PS (SI)(AX*2), Z0
	VMOVUPS   Z0, (DI)(AX*4)
	MOVQ      R8, AX
	JMP       widenF16Loop

widenF16Done:
	WIDEN_END

// func narrowF16s(dst *uint16, src *float32, n int) int
//
// VCVTPS2PH with rounding to nearest even (imm 0), 16 at a time.
TEXT ·narrowF16s(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	XORQ AX, AX

narrowF16Loop:
	LEAQ 16(AX), R8
	CMPQ R8, CX
	JGT  narrowF16Done
	VMOVUPS   (SI)(AX*4), Z0
	VCVTPS2PH $0, Z0, (DI)(AX*2)
	MOVQ      R8, AX
	JMP       narrowF16Loop

narrowF16Done:
	MOVQ AX, ret+24(FP)
	VZEROUPPER
	RET
