#include "textflag.h"

// MULDEVT16X16(ADD): mulDevT16x16's body (arguments acc, src, scale, ss,
// mean), the products' columns added to acc at DI by ADD: ADDCOLUMNS16
// (float32 accumulators) or ADDCOLUMNS16D (float64). Here, before every
// TEXT, for go vet; the macros it names are defined below, before its uses.
#define MULDEVT16X16(ADD) \
	MOVQ src+8(FP), SI; \
	MOVQ scale+16(FP), R8; \
	MOVQ ss+24(FP), BX; \
	MOVQ mean+32(FP), DX; \
	DEVPRODS16; \
	TRANSPOSEREGS16X16; \
	MOVQ acc+0(FP), DI; \
	ADD

// Each tile kernel is written once, as a macro of its multiply-add MAC,
// and instantiated twice:
//
//   - MULADD rounds each product and each sum to float32 separately
//     (VMULPS then VADDPS, no FMA), so every lane computes exactly what
//     the interpreter's scalar loop does;
//   - FMADD is one VFMADD231PS, x·y + acc rounded once: the kernels'
//     fused forms (kern4x16f, ...) for contractions whose multiply-add
//     may fuse (arith.FusedMultiplyAdd), lane for lane the interpreter's
//     fusedMulAdd. They need FMA3 (haveFMA), the 16-lane ones AVX-512F.
//
// MAC(x, y, t, acc) adds y·x to acc, t a scratch register; y is the
// multiply's first source (whose NaN propagates), always the first
// factor's value, as in the scalar loop.
#define MULADD(x, y, t, acc) VMULPS x, y, t; VADDPS t, acc, acc
#define FMADD(x, y, t, acc) VFMADD231PS x, y, acc

// The accumulators: eight 8-lane (LOADY8/STOREY8; ZEROY8 starts them at
// zero) or 16-lane registers (LOADZ8/STOREZ8) from and to the tile at DX.
#define LOADY8 \
	VMOVUPS 0(DX), Y0 \
	VMOVUPS 32(DX), Y1 \
	VMOVUPS 64(DX), Y2 \
	VMOVUPS 96(DX), Y3 \
	VMOVUPS 128(DX), Y4 \
	VMOVUPS 160(DX), Y5 \
	VMOVUPS 192(DX), Y6 \
	VMOVUPS 224(DX), Y7

#define STOREY8 \
	VMOVUPS Y0, 0(DX) \
	VMOVUPS Y1, 32(DX) \
	VMOVUPS Y2, 64(DX) \
	VMOVUPS Y3, 96(DX) \
	VMOVUPS Y4, 128(DX) \
	VMOVUPS Y5, 160(DX) \
	VMOVUPS Y6, 192(DX) \
	VMOVUPS Y7, 224(DX)

#define ZEROY8 \
	VXORPS Y0, Y0, Y0 \
	VXORPS Y1, Y1, Y1 \
	VXORPS Y2, Y2, Y2 \
	VXORPS Y3, Y3, Y3 \
	VXORPS Y4, Y4, Y4 \
	VXORPS Y5, Y5, Y5 \
	VXORPS Y6, Y6, Y6 \
	VXORPS Y7, Y7, Y7

#define LOADZ8 LOADZ4(0, Z0, Z1, Z2, Z3) LOADZ4(256, Z4, Z5, Z6, Z7)

#define ZEROZ8 \
	VPXORD Z0, Z0, Z0 \
	VPXORD Z1, Z1, Z1 \
	VPXORD Z2, Z2, Z2 \
	VPXORD Z3, Z3, Z3 \
	VPXORD Z4, Z4, Z4 \
	VPXORD Z5, Z5, Z5 \
	VPXORD Z6, Z6, Z6 \
	VPXORD Z7, Z7, Z7

#define STOREZ8 STOREZ4(0, Z0, Z1, Z2, Z3) STOREZ4(256, Z4, Z5, Z6, Z7)

// LOADZ4 and STOREZ4 move four 16-lane registers from and to the 256
// bytes O bytes into the tile at DX.
#define LOADZ4(O, A, B, C, D) \
	VMOVUPS (O)(DX), A \
	VMOVUPS (O+64)(DX), B \
	VMOVUPS (O+128)(DX), C \
	VMOVUPS (O+192)(DX), D

#define STOREZ4(O, A, B, C, D) \
	VMOVUPS A, (O)(DX) \
	VMOVUPS B, (O+64)(DX) \
	VMOVUPS C, (O+128)(DX) \
	VMOVUPS D, (O+192)(DX)

// ROWS4 points SI, R9, R10 and R11 at a + offs[0..3] (a in AX, offs in
// R12): the four rows a kernel reads in place.
#define ROWS4 \
	MOVQ 0(R12), SI \
	ADDQ AX, SI \
	MOVQ 8(R12), R9 \
	ADDQ AX, R9 \
	MOVQ 16(R12), R10 \
	ADDQ AX, R10 \
	MOVQ 24(R12), R11 \
	ADDQ AX, R11

// TABLES points BX at the first factor's table (ra), DI at b + boff
// and R12 at the second factor's table (rb), and CX at the k points,
// jumping to done when there are none; POINT loads point r's offsets
// (R8 in the first factor, R13 in the second) and NEXTPOINT steps to the
// next point: the table walk of the kernels that read both factors
// through their tables (arguments ra, b, boff, rb at 16-40(FP)).
#define TABLES(K) \
	MOVQ ra+16(FP), BX \
	MOVQ b+24(FP), DI \
	ADDQ boff+32(FP), DI \
	MOVQ rb+40(FP), R12 \
	MOVQ K, CX \
	TESTQ CX, CX \
	JLE done

#define POINT \
	MOVQ 0(BX), R8 \
	MOVQ 0(R12), R13

#define NEXTPOINT \
	ADDQ $8, BX \
	ADDQ $8, R12 \
	DECQ CX \
	JNZ loop

// ROWS8 points SI, R9, R10 and R11 at a + offs0[0..3] and R12, R13, DX
// and AX at a + offs1[0..3]: the eight rows of two units read in place.
#define ROWS8 \
	MOVQ a+0(FP), AX \
	MOVQ offs0+8(FP), R12 \
	ROWS4 \
	MOVQ offs1+16(FP), R8 \
	MOVQ 0(R8), R12 \
	ADDQ AX, R12 \
	MOVQ 8(R8), R13 \
	ADDQ AX, R13 \
	MOVQ 16(R8), DX \
	ADDQ AX, DX \
	MOVQ 24(R8), R8 \
	ADDQ R8, AX

// ROWS4X16 is one reduction point of a 4x16 tile in 8-lane registers:
// the four rows' values at A0-A3 broadcast, each times the panel row
// (Y8 its first 8 columns, Y9 the rest) added to the row's two
// accumulators (Y0-Y7, row by row). The packed and in-place kernels
// differ only in where the values lie.
#define ROWS4X16(MAC, A0, A1, A2, A3) \
	VBROADCASTSS A0, Y10 \
	VBROADCASTSS A1, Y11 \
	MAC(Y8, Y10, Y12, Y0) \
	MAC(Y9, Y10, Y13, Y1) \
	VBROADCASTSS A2, Y10 \
	MAC(Y8, Y11, Y14, Y2) \
	MAC(Y9, Y11, Y15, Y3) \
	VBROADCASTSS A3, Y11 \
	MAC(Y8, Y10, Y12, Y4) \
	MAC(Y9, Y10, Y13, Y5) \
	MAC(Y8, Y11, Y14, Y6) \
	MAC(Y9, Y11, Y15, Y7)

// ROWS8X16X2 is one reduction point of two units' 4x16 tiles on two n
// tiles at once (AVX-512): the eight rows' values at A0-A7 broadcast,
// each times both panel rows (Z16 the first n tile's, Z17 the second's)
// added to its two accumulators: rows 0-3 into Z0-Z3 and Z4-Z7 (the
// first unit's two tiles), rows 4-7 into Z8-Z11 and Z12-Z15. The
// broadcast is the multiply's first source, as in ROWS4X16X2; Z26-Z31
// are MULADD's products in turn.
#define ROWS8X16X2(MAC, A0, A1, A2, A3, A4, A5, A6, A7) \
	VBROADCASTSS A0, Z18 \
	MAC(Z16, Z18, Z26, Z0) \
	MAC(Z17, Z18, Z27, Z4) \
	VBROADCASTSS A1, Z19 \
	MAC(Z16, Z19, Z28, Z1) \
	MAC(Z17, Z19, Z29, Z5) \
	VBROADCASTSS A2, Z20 \
	MAC(Z16, Z20, Z30, Z2) \
	MAC(Z17, Z20, Z31, Z6) \
	VBROADCASTSS A3, Z21 \
	MAC(Z16, Z21, Z26, Z3) \
	MAC(Z17, Z21, Z27, Z7) \
	VBROADCASTSS A4, Z22 \
	MAC(Z16, Z22, Z28, Z8) \
	MAC(Z17, Z22, Z29, Z12) \
	VBROADCASTSS A5, Z23 \
	MAC(Z16, Z23, Z30, Z9) \
	MAC(Z17, Z23, Z31, Z13) \
	VBROADCASTSS A6, Z24 \
	MAC(Z16, Z24, Z26, Z10) \
	MAC(Z17, Z24, Z27, Z14) \
	VBROADCASTSS A7, Z25 \
	MAC(Z16, Z25, Z28, Z11) \
	MAC(Z17, Z25, Z29, Z15)

// LOAD16X16 and STORE16X16 move the sixteen accumulators of ROWS8X16X2
// from and to the two units' pairs of tiles at C0 and C1 (through DX).
#define LOAD16X16(C0, C1) \
	MOVQ C0, DX \
	LOADZ8 \
	MOVQ C1, DX \
	LOADZ4(0, Z8, Z9, Z10, Z11) \
	LOADZ4(256, Z12, Z13, Z14, Z15)

#define STORE16X16(C0, C1) \
	MOVQ C0, DX \
	STOREZ8 \
	MOVQ C1, DX \
	STOREZ4(0, Z8, Z9, Z10, Z11) \
	STOREZ4(256, Z12, Z13, Z14, Z15) \
	VZEROUPPER \
	RET

// ROWS4X16X2 is ROWS4X16 for two n tiles in 16-lane registers: Z8 and Z9
// the two panels' rows, Z0-Z3 the first tile's rows, Z4-Z7 the second's.
#define ROWS4X16X2(MAC, A0, A1, A2, A3) \
	VBROADCASTSS A0, Z10 \
	VBROADCASTSS A1, Z11 \
	MAC(Z8, Z10, Z14, Z0) \
	MAC(Z9, Z10, Z15, Z4) \
	VBROADCASTSS A2, Z12 \
	MAC(Z8, Z11, Z16, Z1) \
	MAC(Z9, Z11, Z17, Z5) \
	VBROADCASTSS A3, Z13 \
	MAC(Z8, Z12, Z18, Z2) \
	MAC(Z9, Z12, Z19, Z6) \
	MAC(Z8, Z13, Z20, Z3) \
	MAC(Z9, Z13, Z21, Z7)

// func kern4x16(a, b *float32, c *[64]float32, k int)
//
// c[i][j] += a[r][i] * b[r][j] for r in [0, k), i < 4, j < 16, in that
// order of r: a is a packed [k][4] panel, b a packed [k][16] panel, c the
// row-major 4x16 tile.
#define KERN4X16(MAC) \
	MOVQ a+0(FP), SI \
	MOVQ b+8(FP), DI \
	MOVQ c+16(FP), DX \
	MOVQ k+24(FP), CX \
	LOADY8 \
	TESTQ CX, CX \
	JLE done \
loop: \
	VMOVUPS 0(DI), Y8 \
	VMOVUPS 32(DI), Y9 \
	ROWS4X16(MAC, 0(SI), 4(SI), 8(SI), 12(SI)) \
	ADDQ $16, SI \
	ADDQ $64, DI \
	DECQ CX \
	JNZ loop \
done: \
	STOREY8 \
	VZEROUPPER \
	RET

// func kern4x16r(a *float32, offs *[4]int, ra *int, b *float32, c *[64]float32, k int)
//
// kern4x16 with the first factor read in place instead of from a packed
// panel: row i of reduction point r is the float32 at byte address
// a + offs[i] + ra[r]. The rows need not be evenly spaced (they are the
// flattened rows of a strided window).
#define KERN4X16R(MAC) \
	MOVQ a+0(FP), AX \
	MOVQ offs+8(FP), R12 \
	ROWS4 \
	MOVQ ra+16(FP), BX \
	MOVQ b+24(FP), DI \
	MOVQ c+32(FP), DX \
	MOVQ k+40(FP), CX \
	LOADY8 \
	TESTQ CX, CX \
	JLE done \
loop: \
	MOVQ 0(BX), R8 \
	VMOVUPS 0(DI), Y8 \
	VMOVUPS 32(DI), Y9 \
	ROWS4X16(MAC, 0(SI)(R8*1), 0(R9)(R8*1), 0(R10)(R8*1), 0(R11)(R8*1)) \
	ADDQ $8, BX \
	ADDQ $64, DI \
	DECQ CX \
	JNZ loop \
done: \
	STOREY8 \
	VZEROUPPER \
	RET

// func kern16x4(a *float32, ra *int, b *float32, c *[64]float32, k int)
//
// The tile transposed: 16 rows (m) in the lanes, 4 columns (n). Row
// i of reduction point r is the float32 at byte address a + ra[r] + 4i
// (16 consecutive floats: a contiguous run of the first factor read in
// place, or a packed [k][16] panel with ra[r] = 64r); b is a packed
// [k][4] panel; c is column-major, c[j*16+i]. Per lane the same
// multiply-add as kern4x16, in the same order of r, the first factor the
// multiply's first source.
#define KERN16X4(MAC, INIT) \
	MOVQ a+0(FP), SI \
	MOVQ ra+8(FP), BX \
	MOVQ b+16(FP), DI \
	MOVQ c+24(FP), DX \
	MOVQ k+32(FP), CX \
	INIT \
	TESTQ CX, CX \
	JLE done \
loop: \
	MOVQ 0(BX), R8 \
	VMOVUPS 0(SI)(R8*1), Y8 \
	VMOVUPS 32(SI)(R8*1), Y9 \
	VBROADCASTSS 0(DI), Y10 \
	VBROADCASTSS 4(DI), Y11 \
	MAC(Y10, Y8, Y12, Y0) \
	MAC(Y10, Y9, Y13, Y1) \
	VBROADCASTSS 8(DI), Y10 \
	MAC(Y11, Y8, Y14, Y2) \
	MAC(Y11, Y9, Y15, Y3) \
	VBROADCASTSS 12(DI), Y11 \
	MAC(Y10, Y8, Y12, Y4) \
	MAC(Y10, Y9, Y13, Y5) \
	MAC(Y11, Y8, Y14, Y6) \
	MAC(Y11, Y9, Y15, Y7) \
	ADDQ $8, BX \
	ADDQ $16, DI \
	DECQ CX \
	JNZ loop \
done: \
	STOREY8 \
	VZEROUPPER \
	RET

// TABLE4 is the loop of kern8x4runs and kern16x4lanes: four rows read
// in place at a + offs[i] + ra[r], each point's second factor loaded by
// BLOAD from b + boff + rb[r] into B (a broadcast, or a panel row), four
// accumulators C0-C3 (their tile's rows O1, O2 and O3 bytes apart at c),
// L0-L2 the rows' loads and T0-T3 MULADD's products.
#define TABLE4(MAC, BLOAD, B, C0, C1, C2, C3, L0, L1, L2, T0, T1, T2, T3, O1, O2, O3) \
	MOVQ a+0(FP), AX \
	MOVQ offs+8(FP), R12 \
	ROWS4 \
	MOVQ ra+16(FP), BX \
	MOVQ b+24(FP), DI \
	ADDQ boff+32(FP), DI \
	MOVQ rb+40(FP), R12 \
	MOVQ c+48(FP), DX \
	MOVQ k+56(FP), CX \
	VMOVUPS 0(DX), C0 \
	VMOVUPS O1(DX), C1 \
	VMOVUPS O2(DX), C2 \
	VMOVUPS O3(DX), C3 \
	TESTQ CX, CX \
	JLE done \
loop: \
	MOVQ 0(BX), R8 \
	MOVQ 0(R12), R13 \
	BLOAD 0(DI)(R13*1), B \
	VMOVUPS 0(SI)(R8*1), L0 \
	MAC(B, L0, T0, C0) \
	VMOVUPS 0(R9)(R8*1), L1 \
	MAC(B, L1, T1, C1) \
	VMOVUPS 0(R10)(R8*1), L2 \
	MAC(B, L2, T2, C2) \
	VMOVUPS 0(R11)(R8*1), L0 \
	MAC(B, L0, T3, C3) \
	NEXTPOINT \
done: \
	VMOVUPS C0, 0(DX) \
	VMOVUPS C1, O1(DX) \
	VMOVUPS C2, O2(DX) \
	VMOVUPS C3, O3(DX) \
	VZEROUPPER \
	RET

// func kern8x4runs(a *float32, offs *[4]int, ra *int, b *float32, boff int, rb *int, c *[32]float32, k int)
//
// Four runs of 8 consecutive rows in the lanes, one column: c[i*8+j] +=
// a[offs[i] + ra[r] + 4j] * b[boff + rb[r]] (byte offsets) for r in [0, k), in
// that order; both factors are read in place through their tables, the
// second as one broadcast per reduction point. The multiply's first
// source is the first factor, as in kern4x16.
#define KERN8X4RUNS(MAC) TABLE4(MAC, VBROADCASTSS, Y8, Y0, Y1, Y2, Y3, Y9, Y10, Y11, Y12, Y13, Y14, Y15, 32, 64, 96)

// RUNS4START points SI, R9, R10 and R11 at the four chunks' rows (a +
// offs[i], ROWS4), K1-K4 at their 16-bit lane masks (masks) and DX at
// out: the start of kern16x4runs and kern16x4runs2.
#define RUNS4START \
	MOVQ a+0(FP), AX \
	MOVQ offs+8(FP), R12 \
	ROWS4 \
	MOVQ masks+64(FP), R13 \
	KMOVW R13, K1 \
	SHRQ $16, R13 \
	KMOVW R13, K2 \
	SHRQ $16, R13 \
	KMOVW R13, K3 \
	SHRQ $16, R13 \
	KMOVW R13, K4 \
	MOVQ out+48(FP), DX

// RUNS4POINT is one reduction point of kern16x4runs and kern16x4runs2:
// b's value broadcast, times each chunk's sixteen lanes (masked loads)
// added to its accumulator Z0-Z3.
#define RUNS4POINT(MAC) \
	POINT \
	VBROADCASTSS 0(DI)(R13*1), Z8 \
	VMOVUPS.Z 0(SI)(R8*1), K1, Z9 \
	MAC(Z8, Z9, Z12, Z0) \
	VMOVUPS.Z 0(R9)(R8*1), K2, Z10 \
	MAC(Z8, Z10, Z13, Z1) \
	VMOVUPS.Z 0(R10)(R8*1), K3, Z11 \
	MAC(Z8, Z11, Z14, Z2) \
	VMOVUPS.Z 0(R11)(R8*1), K4, Z9 \
	MAC(Z8, Z9, Z15, Z3)

// func kern16x4runs(a *float32, offs *[4]int, ra *int, b *float32, boff int, rb *int, out *float32, outs *[4]int, masks uint64, load int, k int)
//
// kern8x4runs with 16 rows a run (AVX-512): lane j of run i is row j of
// a chunk whose first row reads a + offs[i] and writes out + outs[i];
// bits 16i..16i+15 of masks say which of its lanes are rows. Every load
// of the first factor and the output, and every store, is masked, so a
// run's lanes past its rows touch no memory (nor fault) and a chunk
// with mask 0 (a tile of fewer than four) is not there. With load 0 the
// accumulators start at zero (an output that holds zeros on entry),
// else at the output's values. Per lane the same multiply-adds in the
// same order of r as kern8x4runs: the same bits.
#define KERN16X4RUNS(MAC) \
	RUNS4START \
	MOVQ outs+56(FP), R8 \
	MOVQ 0(R8), AX \
	MOVQ 8(R8), BX \
	MOVQ 16(R8), R12 \
	MOVQ 24(R8), R13 \
	MOVQ load+72(FP), CX \
	TESTQ CX, CX \
	JNZ loadout \
	VPXORD Z0, Z0, Z0 \
	VPXORD Z1, Z1, Z1 \
	VPXORD Z2, Z2, Z2 \
	VPXORD Z3, Z3, Z3 \
	JMP start \
loadout: \
	VMOVUPS.Z 0(DX)(AX*1), K1, Z0 \
	VMOVUPS.Z 0(DX)(BX*1), K2, Z1 \
	VMOVUPS.Z 0(DX)(R12*1), K3, Z2 \
	VMOVUPS.Z 0(DX)(R13*1), K4, Z3 \
start: \
	TABLES(k+80(FP)) \
loop: \
	RUNS4POINT(MAC) \
	NEXTPOINT \
done: \
	MOVQ outs+56(FP), R8 \
	MOVQ 0(R8), AX \
	MOVQ 8(R8), BX \
	MOVQ 16(R8), R12 \
	MOVQ 24(R8), R13 \
	VMOVUPS Z0, K1, 0(DX)(AX*1) \
	VMOVUPS Z1, K2, 0(DX)(BX*1) \
	VMOVUPS Z2, K3, 0(DX)(R12*1) \
	VMOVUPS Z3, K4, 0(DX)(R13*1) \
	VZEROUPPER \
	RET

// STOREEVEN stores accumulator Z's sixteen lanes at every other float
// from DX + the byte offset at OUT(R9): lanes 0-7 expanded into the even
// lanes of Z16, 8-15 into those of Z18 (K7 = 0x5555), stored under the
// two 16-bit masks at MASK(R8) (the chunk's lanes, expanded the same
// way).
#define STOREEVEN(Z, OUT, MASK) \
	MOVQ OUT(R9), AX \
	MOVL MASK(R8), CX \
	KMOVW CX, K5 \
	SHRL $16, CX \
	KMOVW CX, K6 \
	VEXPANDPS Z, K7, Z16 \
	VSHUFF32X4 $0xEE, Z, Z, Z17 \
	VEXPANDPS Z17, K7, Z18 \
	VMOVUPS Z16, K5, 0(DX)(AX*1) \
	VMOVUPS Z18, K6, 64(DX)(AX*1)

// func kern16x4runs2(a *float32, offs *[4]int, ra *int, b *float32, boff int, rb *int, out *float32, outs *[4]int, masks uint64, emasks *[4]uint32, k int)
//
// kern16x4runs from zero sums into outputs two floats apart (a phase of
// a stride-2 data gradient's NCHW row): chunk i's lane j goes to out +
// outs[i] + 8j (bytes), the lanes of masks (16 bits a chunk) loaded
// and stored, emasks[i] the chunk's lanes spread to even bits (the low
// 16 bits for lanes 0-7, the high 16 for 8-15). The stores come
// straight from the registers (STOREEVEN), where kern16x4runs' sums went
// through a tile in memory and a scatter call a chunk: for a phase's
// one to four taps those were most of its time.
#define KERN16X4RUNS2(MAC) \
	RUNS4START \
	VPXORD Z0, Z0, Z0 \
	VPXORD Z1, Z1, Z1 \
	VPXORD Z2, Z2, Z2 \
	VPXORD Z3, Z3, Z3 \
	TABLES(k+80(FP)) \
loop: \
	RUNS4POINT(MAC) \
	NEXTPOINT \
done: \
	MOVL $0x5555, CX \
	KMOVW CX, K7 \
	MOVQ outs+56(FP), R9 \
	MOVQ emasks+72(FP), R8 \
	STOREEVEN(Z0, 0, 0) \
	STOREEVEN(Z1, 8, 4) \
	STOREEVEN(Z2, 16, 8) \
	STOREEVEN(Z3, 24, 12) \
	VZEROUPPER \
	RET

// func gatherLanes16(a *float32, aIdx *[16]int32, rowsA *int, ra *int, k int, bp *float32, out *float32, oIdx *[16]int32, rowsO *int, rows int, lanes uint64, load int)
//
// Sixteen groups in the lanes, each lane's elements gathered and its
// sums scattered (AVX-512): for each of the rows, lane l's sum starts at
// zero (load 0) or at the output at out + rowsO[row] + oIdx[l], and for
// each reduction point r adds the float32 at a + rowsA[row] + ra[r] +
// aIdx[l] times bp[16r + l] (the points' second factors, 16 groups side
// by side), then is stored back; byte offsets throughout, lanes the
// 16-bit mask of the groups there are. Per lane the same multiply-adds
// in the same order of r as the interpreter: the same bits.
#define GATHERLANES16(MAC) \
	MOVQ aIdx+8(FP), AX \
	VMOVDQU32 (AX), Z20 \
	MOVQ oIdx+56(FP), AX \
	VMOVDQU32 (AX), Z21 \
	MOVQ lanes+80(FP), AX \
	KMOVW AX, K1 \
	MOVQ a+0(FP), SI \
	MOVQ rowsA+16(FP), R11 \
	MOVQ out+48(FP), DX \
	MOVQ rowsO+64(FP), R12 \
	MOVQ rows+72(FP), R13 \
	TESTQ R13, R13 \
	JLE done \
row: \
	MOVQ (R11), R9 \
	ADDQ SI, R9 \
	MOVQ (R12), R10 \
	ADDQ DX, R10 \
	VPXORD Z0, Z0, Z0 \
	MOVQ load+88(FP), AX \
	TESTQ AX, AX \
	JZ points \
	KMOVW K1, K2 \
	VGATHERDPS (R10)(Z21*1), K2, Z0 \
points: \
	MOVQ ra+24(FP), BX \
	MOVQ bp+40(FP), DI \
	MOVQ k+32(FP), CX \
	TESTQ CX, CX \
	JLE store \
point: \
	MOVQ (BX), R8 \
	ADDQ R9, R8 \
	KMOVW K1, K2 \
	VPXORD Z1, Z1, Z1 \
	VGATHERDPS (R8)(Z20*1), K2, Z1 \
	VMOVUPS (DI), Z2 \
	MAC(Z2, Z1, Z3, Z0) \
	ADDQ $8, BX \
	ADDQ $64, DI \
	DECQ CX \
	JNZ point \
store: \
	KMOVW K1, K3 \
	VSCATTERDPS Z0, K3, (R10)(Z21*1) \
	ADDQ $8, R11 \
	ADDQ $8, R12 \
	DECQ R13 \
	JNZ row \
done: \
	VZEROUPPER \
	RET

// func kern16x4lanes(a *float32, offs *[4]int, ra *int, b *float32, boff int, rb *int, c *[64]float32, k int)
//
// Four rows of 16 lanes, the lanes 16 groups of a contraction (the
// channels of a depthwise weight gradient): c[i*16+j] += a[offs[i] +
// ra[r] + 4j] · b[boff + rb[r] + 4j] (byte offsets) for r in [0, k), in
// that order, both factors from panels that hold each point's 16
// groups side by side. The multiply's first source is the first factor,
// as in kern8x4runs.
#define KERN16X4LANES(MAC) TABLE4(MAC, VMOVUPS, Z8, Z0, Z1, Z2, Z3, Z9, Z10, Z11, Z12, Z13, Z14, Z15, 64, 128, 192)

// func kern16x4x4lanes(a *float32, offs *[4]int, ra *int, b *float32, boff, bstride int, rb *int, c *[256]float32, k int)
//
// kern16x4lanes on four columns at once: four rows of 16 groups (a +
// offs[i] + ra[r]) times four columns of the second factor, panels
// bstride bytes apart from b + boff + rb[r]; c is [column][row][16],
// sixteen accumulators, each row's load serving four columns. Per lane
// the same multiply-adds in the same order of r as kern16x4lanes: the
// same bits.
#define KERN16X4X4LANES(MAC) \
	MOVQ a+0(FP), AX \
	MOVQ offs+8(FP), R12 \
	ROWS4 \
	MOVQ c+56(FP), DX \
	LOADZ8 \
	LOADZ4(512, Z8, Z9, Z10, Z11) \
	LOADZ4(768, Z12, Z13, Z14, Z15) \
	MOVQ ra+16(FP), BX \
	MOVQ b+24(FP), DI \
	ADDQ boff+32(FP), DI \
	MOVQ bstride+40(FP), DX \
	MOVQ rb+48(FP), R12 \
	MOVQ k+64(FP), CX \
	TESTQ CX, CX \
	JLE done \
loop: \
	MOVQ 0(BX), R8 \
	MOVQ 0(R12), R13 \
	VMOVUPS 0(SI)(R8*1), Z16 \
	VMOVUPS 0(R9)(R8*1), Z17 \
	VMOVUPS 0(R10)(R8*1), Z18 \
	VMOVUPS 0(R11)(R8*1), Z19 \
	ADDQ DI, R13 \
	VMOVUPS 0(R13), Z20 \
	MAC(Z20, Z16, Z24, Z0) \
	MAC(Z20, Z17, Z25, Z1) \
	MAC(Z20, Z18, Z26, Z2) \
	MAC(Z20, Z19, Z27, Z3) \
	VMOVUPS 0(R13)(DX*1), Z21 \
	MAC(Z21, Z16, Z28, Z4) \
	MAC(Z21, Z17, Z29, Z5) \
	MAC(Z21, Z18, Z30, Z6) \
	MAC(Z21, Z19, Z31, Z7) \
	LEAQ 0(R13)(DX*2), R13 \
	VMOVUPS 0(R13), Z22 \
	MAC(Z22, Z16, Z24, Z8) \
	MAC(Z22, Z17, Z25, Z9) \
	MAC(Z22, Z18, Z26, Z10) \
	MAC(Z22, Z19, Z27, Z11) \
	VMOVUPS 0(R13)(DX*1), Z23 \
	MAC(Z23, Z16, Z28, Z12) \
	MAC(Z23, Z17, Z29, Z13) \
	MAC(Z23, Z18, Z30, Z14) \
	MAC(Z23, Z19, Z31, Z15) \
	NEXTPOINT \
done: \
	MOVQ c+56(FP), DX \
	STOREZ8 \
	STOREZ4(512, Z8, Z9, Z10, Z11) \
	STOREZ4(768, Z12, Z13, Z14, Z15) \
	VZEROUPPER \
	RET

// func kern16x9lanes(a *float32, offs *[3]int, ra *int, b *float32, boff int, rb *int, c *[144]float32, k int)
//
// kern16x4lanes for the nine rows of a 3x3 window at once: three runs
// of three consecutive elements, run i from a + offs[i] + ra[r] (the
// next element of a panel of 16 groups is 64 bytes on, a displacement),
// each point's vector of the second factor loaded once for all nine;
// c is the nine rows' 16 lanes. Per lane the same multiply-adds in the
// same order of r as kern16x4lanes: the same bits.
#define KERN16X9LANES(MAC) \
	MOVQ a+0(FP), AX \
	MOVQ offs+8(FP), R12 \
	MOVQ 0(R12), SI \
	ADDQ AX, SI \
	MOVQ 8(R12), R9 \
	ADDQ AX, R9 \
	MOVQ 16(R12), R10 \
	ADDQ AX, R10 \
	MOVQ c+48(FP), DX \
	LOADZ8 \
	VMOVUPS 512(DX), Z8 \
	TABLES(k+56(FP)) \
loop: \
	POINT \
	VMOVUPS 0(DI)(R13*1), Z9 \
	VMOVUPS 0(SI)(R8*1), Z10 \
	MAC(Z9, Z10, Z19, Z0) \
	VMOVUPS 64(SI)(R8*1), Z11 \
	MAC(Z9, Z11, Z20, Z1) \
	VMOVUPS 128(SI)(R8*1), Z12 \
	MAC(Z9, Z12, Z21, Z2) \
	VMOVUPS 0(R9)(R8*1), Z13 \
	MAC(Z9, Z13, Z22, Z3) \
	VMOVUPS 64(R9)(R8*1), Z14 \
	MAC(Z9, Z14, Z23, Z4) \
	VMOVUPS 128(R9)(R8*1), Z15 \
	MAC(Z9, Z15, Z24, Z5) \
	VMOVUPS 0(R10)(R8*1), Z16 \
	MAC(Z9, Z16, Z25, Z6) \
	VMOVUPS 64(R10)(R8*1), Z17 \
	MAC(Z9, Z17, Z26, Z7) \
	VMOVUPS 128(R10)(R8*1), Z18 \
	MAC(Z9, Z18, Z27, Z8) \
	NEXTPOINT \
done: \
	MOVQ c+48(FP), DX \
	STOREZ8 \
	VMOVUPS Z8, 512(DX) \
	VZEROUPPER \
	RET

// func kern8x16x2(a0, a1, b0, b1 *float32, c0, c1 *[128]float32, k int)
//
// kern4x16x2 on two units at once (AVX-512): rows 0-3 from the panel a0
// into the pair of tiles c0, rows 4-7 from a1 into c1, both n tiles'
// panels b0 and b1. Sixteen accumulators, each broadcast serving 32
// columns and each panel row 8 rows; per lane the same multiply-adds in
// the same order of r as kern4x16x2: the same bits.
#define KERN8X16X2(MAC) \
	LOAD16X16(c0+32(FP), c1+40(FP)) \
	MOVQ a0+0(FP), SI \
	MOVQ a1+8(FP), R9 \
	MOVQ b0+16(FP), DI \
	MOVQ b1+24(FP), CX \
	MOVQ k+48(FP), R8 \
	TESTQ R8, R8 \
	JLE done \
loop: \
	VMOVUPS 0(DI), Z16 \
	VMOVUPS 0(CX), Z17 \
	ROWS8X16X2(MAC, 0(SI), 4(SI), 8(SI), 12(SI), 0(R9), 4(R9), 8(R9), 12(R9)) \
	ADDQ $16, SI \
	ADDQ $16, R9 \
	ADDQ $64, DI \
	ADDQ $64, CX \
	DECQ R8 \
	JNZ loop \
done: \
	STORE16X16(c0+32(FP), c1+40(FP))

// func kern8x16x2r(a *float32, offs0, offs1 *[4]int, ra *int, b0, b1 *float32, c0, c1 *[128]float32, k int)
//
// kern8x16x2 reading the first factor in place (as kern8x16r): rows a +
// offs0[i] into c0, a + offs1[i] into c1. The eight rows, the table and
// the two panels take every spare register, so the loop ends when the
// table pointer reaches its end, kept in k's slot (an int on the stack:
// ABI0 passes arguments there, and nothing reads it after the call).
#define KERN8X16X2R(MAC) \
	LOAD16X16(c0+48(FP), c1+56(FP)) \
	ROWS8 \
	MOVQ ra+24(FP), BX \
	MOVQ b0+32(FP), DI \
	MOVQ b1+40(FP), CX \
	MOVQ k+64(FP), R8 \
	TESTQ R8, R8 \
	JLE done \
	SHLQ $3, R8 \
	ADDQ BX, R8 \
	MOVQ R8, k+64(FP) \
loop: \
	MOVQ 0(BX), R8 \
	VMOVUPS 0(DI), Z16 \
	VMOVUPS 0(CX), Z17 \
	ROWS8X16X2(MAC, 0(SI)(R8*1), 0(R9)(R8*1), 0(R10)(R8*1), 0(R11)(R8*1), 0(R12)(R8*1), 0(R13)(R8*1), 0(DX)(R8*1), 0(AX)(R8*1)) \
	ADDQ $8, BX \
	ADDQ $64, DI \
	ADDQ $64, CX \
	CMPQ BX, k+64(FP) \
	JNE loop \
done: \
	STORE16X16(c0+48(FP), c1+56(FP))

// ROW12 is one row of ROWS12X16X2: the row's value at A broadcast into
// ZB, times both panel rows (Z24, Z25) added to its accumulators C0 (the
// first n tile) and C1 (the second); T0 and T1 are MULADD's products.
#define ROW12(MAC, A, ZB, T0, T1, C0, C1) \
	VBROADCASTSS A, ZB \
	MAC(Z24, ZB, T0, C0) \
	MAC(Z25, ZB, T1, C1)

// STOREROWS4X16 stores the row-major 4x16 tile c row by row with STORE
// (VMOVUPS or VMOVNTPS): row i's sixteen at byte offset offs[i] from
// dst, one 64-byte store each.
#define STOREROWS4X16(STORE) \
	MOVQ dst+0(FP), DI \
	MOVQ offs+8(FP), SI \
	MOVQ c+16(FP), DX \
	VMOVUPS 0(DX), Z0 \
	VMOVUPS 64(DX), Z1 \
	VMOVUPS 128(DX), Z2 \
	VMOVUPS 192(DX), Z3 \
	MOVQ 0(SI), AX \
	STORE Z0, (DI)(AX*1) \
	MOVQ 8(SI), AX \
	STORE Z1, (DI)(AX*1) \
	MOVQ 16(SI), AX \
	STORE Z2, (DI)(AX*1) \
	MOVQ 24(SI), AX \
	STORE Z3, (DI)(AX*1) \
	VZEROUPPER \
	RET

// ROWS12X16X2 is one reduction point (R8 its byte offset) of three units'
// 4x16 tile pairs, each unit's four rows at byte displacements 0, S1, S2
// and S3 from SI, R9 and R11 (4, 8, 12: consecutive floats; 8, 16, 24:
// every other float): rows 0-3 into Z0-Z3 and Z4-Z7, 4-7 into Z8-Z11 and
// Z12-Z15, 8-11 into Z16-Z19 and Z20-Z23. Two rows are in flight at a
// time (Z26 and Z29 broadcast in turn, each with its own two products).
#define ROWS12X16X2(MAC, S1, S2, S3) \
	ROW12(MAC, 0(SI)(R8*1), Z26, Z27, Z28, Z0, Z4) \
	ROW12(MAC, S1(SI)(R8*1), Z29, Z30, Z31, Z1, Z5) \
	ROW12(MAC, S2(SI)(R8*1), Z26, Z27, Z28, Z2, Z6) \
	ROW12(MAC, S3(SI)(R8*1), Z29, Z30, Z31, Z3, Z7) \
	ROW12(MAC, 0(R9)(R8*1), Z26, Z27, Z28, Z8, Z12) \
	ROW12(MAC, S1(R9)(R8*1), Z29, Z30, Z31, Z9, Z13) \
	ROW12(MAC, S2(R9)(R8*1), Z26, Z27, Z28, Z10, Z14) \
	ROW12(MAC, S3(R9)(R8*1), Z29, Z30, Z31, Z11, Z15) \
	ROW12(MAC, 0(R11)(R8*1), Z26, Z27, Z28, Z16, Z20) \
	ROW12(MAC, S1(R11)(R8*1), Z29, Z30, Z31, Z17, Z21) \
	ROW12(MAC, S2(R11)(R8*1), Z26, Z27, Z28, Z18, Z22) \
	ROW12(MAC, S3(R11)(R8*1), Z29, Z30, Z31, Z19, Z23)

// func kern12x16x2r(a *float32, offs0, offs1, offs2 *[4]int, ra *int, b0, b1 *float32, c0, c1, c2 *[128]float32, k int)
//
// kern8x16x2r on three units at once whose rows are each four
// consecutive floats (offs[i] = offs[0] + 4i: a forward or stride-1
// convolution's w): rows a + offs0[0] on into c0, offs1 into c1, offs2
// into c2. Twenty-four accumulators share each pair of panel rows, a
// third fewer panel loads a row than kern8x16x2r's sixteen: on panels in
// L1 both run at 98 GMAC/s a core (BenchmarkKern4x16), but in a
// convolution's batch the panels' block and the rows' lines overflow L1,
// and there this one ran at 92-98 against 75-84 (a 64-channel 3x3
// convolution's rows and panels, alone). One base register a unit (the
// rows' offsets are displacements) leaves a register for the table's
// end. Per lane the same multiply-adds in the same order of r: the same
// bits.
#define KERN12X16X2R(MAC, S1, S2, S3) \
	LOAD16X16(c0+56(FP), c1+64(FP)) \
	MOVQ c2+72(FP), DX \
	LOADZ4(0, Z16, Z17, Z18, Z19) \
	LOADZ4(256, Z20, Z21, Z22, Z23) \
	MOVQ a+0(FP), AX \
	MOVQ offs0+8(FP), SI \
	MOVQ 0(SI), SI \
	ADDQ AX, SI \
	MOVQ offs1+16(FP), R9 \
	MOVQ 0(R9), R9 \
	ADDQ AX, R9 \
	MOVQ offs2+24(FP), R11 \
	MOVQ 0(R11), R11 \
	ADDQ AX, R11 \
	MOVQ ra+32(FP), BX \
	MOVQ b0+40(FP), DI \
	MOVQ b1+48(FP), CX \
	MOVQ k+80(FP), R10 \
	TESTQ R10, R10 \
	JLE done \
	SHLQ $3, R10 \
	ADDQ BX, R10 \
loop: \
	MOVQ 0(BX), R8 \
	VMOVUPS 0(DI), Z24 \
	VMOVUPS 0(CX), Z25 \
	ROWS12X16X2(MAC, S1, S2, S3) \
	ADDQ $8, BX \
	ADDQ $64, DI \
	ADDQ $64, CX \
	CMPQ BX, R10 \
	JNE loop \
done: \
	MOVQ c2+72(FP), DX \
	STOREZ4(0, Z16, Z17, Z18, Z19) \
	STOREZ4(256, Z20, Z21, Z22, Z23) \
	STORE16X16(c0+56(FP), c1+64(FP))

// func kern16x8(a *float32, ra *int, b0, b1 *float32, c *[128]float32, k int)
//
// kern16x4 on both n tiles of a narrow contraction at once (AVX-512): the
// 16 rows in one 16-lane register, each of the 8 columns (4 from the
// panel b0, 4 from b1) one accumulator: c is the two column-major tiles,
// c[(t*4+j)*16+i]. Per lane the same multiply-adds in the same order of r
// as kern16x4: the same bits.
#define KERN16X8(MAC, INIT) \
	MOVQ a+0(FP), SI \
	MOVQ ra+8(FP), BX \
	MOVQ b0+16(FP), DI \
	MOVQ b1+24(FP), R9 \
	MOVQ c+32(FP), DX \
	MOVQ k+40(FP), CX \
	INIT \
	TESTQ CX, CX \
	JLE done \
loop: \
	MOVQ 0(BX), R8 \
	VMOVUPS 0(SI)(R8*1), Z8 \
	VBROADCASTSS 0(DI), Z10 \
	VBROADCASTSS 4(DI), Z11 \
	VBROADCASTSS 8(DI), Z12 \
	VBROADCASTSS 12(DI), Z13 \
	MAC(Z10, Z8, Z20, Z0) \
	MAC(Z11, Z8, Z21, Z1) \
	MAC(Z12, Z8, Z22, Z2) \
	MAC(Z13, Z8, Z23, Z3) \
	VBROADCASTSS 0(R9), Z14 \
	VBROADCASTSS 4(R9), Z15 \
	VBROADCASTSS 8(R9), Z16 \
	VBROADCASTSS 12(R9), Z17 \
	MAC(Z14, Z8, Z24, Z4) \
	MAC(Z15, Z8, Z25, Z5) \
	MAC(Z16, Z8, Z26, Z6) \
	MAC(Z17, Z8, Z27, Z7) \
	ADDQ $8, BX \
	ADDQ $16, DI \
	ADDQ $16, R9 \
	DECQ CX \
	JNZ loop \
done: \
	STOREZ8 \
	VZEROUPPER \
	RET

// func kern4x16x2(a, b0, b1 *float32, c *[128]float32, k int)
//
// kern4x16 on two adjacent n tiles at once with AVX-512: b0 and b1 are
// their [k][16] panels, c the two row-major 4x16 tiles one after the
// other. A 16-lane register holds one row of one tile, so the eight
// accumulators are the eight rows of the two tiles, and each broadcast
// of the first factor serves 32 columns. Per lane the same multiply-add
// in the same order of r as kern4x16: the bits do not change.
#define KERN4X16X2(MAC) \
	MOVQ a+0(FP), SI \
	MOVQ b0+8(FP), DI \
	MOVQ b1+16(FP), R8 \
	MOVQ c+24(FP), DX \
	MOVQ k+32(FP), CX \
	LOADZ8 \
	TESTQ CX, CX \
	JLE done \
loop: \
	VMOVUPS 0(DI), Z8 \
	VMOVUPS 0(R8), Z9 \
	ROWS4X16X2(MAC, 0(SI), 4(SI), 8(SI), 12(SI)) \
	ADDQ $16, SI \
	ADDQ $64, DI \
	ADDQ $64, R8 \
	DECQ CX \
	JNZ loop \
done: \
	STOREZ8 \
	VZEROUPPER \
	RET

// func kern4x16x2r(a *float32, offs *[4]int, ra *int, b0, b1 *float32, c *[128]float32, k int)
//
// kern4x16x2 with the first factor read in place, as kern4x16r: row i of
// reduction point r is the float32 at byte address a + offs[i] + ra[r].
#define KERN4X16X2R(MAC) \
	MOVQ a+0(FP), AX \
	MOVQ offs+8(FP), R12 \
	ROWS4 \
	MOVQ ra+16(FP), BX \
	MOVQ b0+24(FP), DI \
	MOVQ b1+32(FP), R13 \
	MOVQ c+40(FP), DX \
	MOVQ k+48(FP), CX \
	LOADZ8 \
	TESTQ CX, CX \
	JLE done \
loop: \
	MOVQ 0(BX), R8 \
	VMOVUPS 0(DI), Z8 \
	VMOVUPS 0(R13), Z9 \
	ROWS4X16X2(MAC, 0(SI)(R8*1), 0(R9)(R8*1), 0(R10)(R8*1), 0(R11)(R8*1)) \
	ADDQ $8, BX \
	ADDQ $64, DI \
	ADDQ $64, R13 \
	DECQ CX \
	JNZ loop \
done: \
	STOREZ8 \
	VZEROUPPER \
	RET

// LOAD8X16 loads the accumulators of kern8x16's two tiles, Z0-Z3 from
// the tile at C0 and Z4-Z7 from C1 (frame operands: the kernels use
// every other register for rows, so the tiles' addresses are reloaded at
// the end by STORE8X16).
#define LOAD8X16(C0, C1) \
	MOVQ C0, DX \
	LOADZ4(0, Z0, Z1, Z2, Z3) \
	MOVQ C1, DX \
	LOADZ4(0, Z4, Z5, Z6, Z7)

#define STORE8X16(C0, C1) \
	MOVQ C0, DX \
	STOREZ4(0, Z0, Z1, Z2, Z3) \
	MOVQ C1, DX \
	STOREZ4(0, Z4, Z5, Z6, Z7) \
	VZEROUPPER \
	RET

// ROWS8X16 broadcasts the eight rows' values at A0-A7 (Z10-Z17) and adds
// each times the panel row Z8 to its accumulator (Z0-Z7).
#define ROWS8X16(MAC, A0, A1, A2, A3, A4, A5, A6, A7) \
	VBROADCASTSS A0, Z10 \
	VBROADCASTSS A1, Z11 \
	VBROADCASTSS A2, Z12 \
	VBROADCASTSS A3, Z13 \
	VBROADCASTSS A4, Z14 \
	VBROADCASTSS A5, Z15 \
	VBROADCASTSS A6, Z16 \
	VBROADCASTSS A7, Z17 \
	MAC(Z8, Z10, Z20, Z0) \
	MAC(Z8, Z11, Z21, Z1) \
	MAC(Z8, Z12, Z22, Z2) \
	MAC(Z8, Z13, Z23, Z3) \
	MAC(Z8, Z14, Z24, Z4) \
	MAC(Z8, Z15, Z25, Z5) \
	MAC(Z8, Z16, Z26, Z6) \
	MAC(Z8, Z17, Z27, Z7)

// func kern8x16(a0, a1, b *float32, c0, c1 *[64]float32, k int)
//
// Two row tiles of one n tile (AVX-512): the 4x16 tiles c0 (rows of the
// packed [k][4] panel a0) and c1 (of a1) against one packed [k][16] panel
// b, each row's 16 columns in one register. A lone n tile (16 columns, a
// group of 16 channels) thus runs 16 lanes a multiply-add, with eight
// independent accumulators, as the two-tile kernels do; each accumulator
// sees the reduction in the same order.
#define KERN8X16(MAC) \
	LOAD8X16(c0+24(FP), c1+32(FP)) \
	MOVQ a0+0(FP), SI \
	MOVQ a1+8(FP), R8 \
	MOVQ b+16(FP), DI \
	MOVQ k+40(FP), CX \
	TESTQ CX, CX \
	JLE done \
loop: \
	VMOVUPS 0(DI), Z8 \
	ROWS8X16(MAC, 0(SI), 4(SI), 8(SI), 12(SI), 0(R8), 4(R8), 8(R8), 12(R8)) \
	ADDQ $16, SI \
	ADDQ $16, R8 \
	ADDQ $64, DI \
	DECQ CX \
	JNZ loop \
done: \
	STORE8X16(c0+24(FP), c1+32(FP))

// func kern8x16r(a *float32, offs0, offs1 *[4]int, ra *int, b *float32, c0, c1 *[64]float32, k int)
//
// kern8x16 reading the first factor in place: the eight rows at a +
// offs0[i] and a + offs1[i], reduction point r at byte offset ra[r] from
// each (as kern4x16x2r).
#define KERN8X16R(MAC) \
	LOAD8X16(c0+40(FP), c1+48(FP)) \
	ROWS8 \
	MOVQ ra+24(FP), BX \
	MOVQ b+32(FP), DI \
	MOVQ k+56(FP), CX \
	TESTQ CX, CX \
	JLE done \
loop: \
	MOVQ 0(BX), R8 \
	VMOVUPS 0(DI), Z8 \
	ROWS8X16(MAC, 0(SI)(R8*1), 0(R9)(R8*1), 0(R10)(R8*1), 0(R11)(R8*1), 0(R12)(R8*1), 0(R13)(R8*1), 0(DX)(R8*1), 0(AX)(R8*1)) \
	ADDQ $8, BX \
	ADDQ $64, DI \
	DECQ CX \
	JNZ loop \
done: \
	STORE8X16(c0+40(FP), c1+48(FP))

// TRANSPOSE16X16 loads the 16 rows of 16 float32s at SI, SI+BX, ...
// (BX the stride in bytes; SI ends at the last row) and leaves column j
// in Zj. Unpacking pair rows, then their 64-bit pairs, makes 4-row
// columns in each 128-bit lane (the columns of rows 4q..4q+3 in
// Z4q..Z4q+3); two rounds of 128-bit lane shuffles join the four quads'
// pieces. It uses every Z register.
#define TRANSPOSE16X16 \
	VMOVUPS (SI), Z0 \
	ADDQ BX, SI \
	VMOVUPS (SI), Z1 \
	ADDQ BX, SI \
	VMOVUPS (SI), Z2 \
	ADDQ BX, SI \
	VMOVUPS (SI), Z3 \
	ADDQ BX, SI \
	VMOVUPS (SI), Z4 \
	ADDQ BX, SI \
	VMOVUPS (SI), Z5 \
	ADDQ BX, SI \
	VMOVUPS (SI), Z6 \
	ADDQ BX, SI \
	VMOVUPS (SI), Z7 \
	ADDQ BX, SI \
	VMOVUPS (SI), Z8 \
	ADDQ BX, SI \
	VMOVUPS (SI), Z9 \
	ADDQ BX, SI \
	VMOVUPS (SI), Z10 \
	ADDQ BX, SI \
	VMOVUPS (SI), Z11 \
	ADDQ BX, SI \
	VMOVUPS (SI), Z12 \
	ADDQ BX, SI \
	VMOVUPS (SI), Z13 \
	ADDQ BX, SI \
	VMOVUPS (SI), Z14 \
	ADDQ BX, SI \
	VMOVUPS (SI), Z15 \
	TRANSPOSEREGS16X16

// TRANSPOSEREGS16X16 transposes the 16x16 block in Z0-Z15 (row i in Zi)
// in place: Zj gets column j. It uses Z16-Z31.
#define TRANSPOSEREGS16X16 \
	VUNPCKLPS Z1, Z0, Z16 \
	VUNPCKHPS Z1, Z0, Z17 \
	VUNPCKLPS Z3, Z2, Z18 \
	VUNPCKHPS Z3, Z2, Z19 \
	VUNPCKLPS Z5, Z4, Z20 \
	VUNPCKHPS Z5, Z4, Z21 \
	VUNPCKLPS Z7, Z6, Z22 \
	VUNPCKHPS Z7, Z6, Z23 \
	VUNPCKLPS Z9, Z8, Z24 \
	VUNPCKHPS Z9, Z8, Z25 \
	VUNPCKLPS Z11, Z10, Z26 \
	VUNPCKHPS Z11, Z10, Z27 \
	VUNPCKLPS Z13, Z12, Z28 \
	VUNPCKHPS Z13, Z12, Z29 \
	VUNPCKLPS Z15, Z14, Z30 \
	VUNPCKHPS Z15, Z14, Z31 \
	VUNPCKLPD Z18, Z16, Z0 \
	VUNPCKHPD Z18, Z16, Z1 \
	VUNPCKLPD Z19, Z17, Z2 \
	VUNPCKHPD Z19, Z17, Z3 \
	VUNPCKLPD Z22, Z20, Z4 \
	VUNPCKHPD Z22, Z20, Z5 \
	VUNPCKLPD Z23, Z21, Z6 \
	VUNPCKHPD Z23, Z21, Z7 \
	VUNPCKLPD Z26, Z24, Z8 \
	VUNPCKHPD Z26, Z24, Z9 \
	VUNPCKLPD Z27, Z25, Z10 \
	VUNPCKHPD Z27, Z25, Z11 \
	VUNPCKLPD Z30, Z28, Z12 \
	VUNPCKHPD Z30, Z28, Z13 \
	VUNPCKLPD Z31, Z29, Z14 \
	VUNPCKHPD Z31, Z29, Z15 \
	VSHUFF32X4 $0x44, Z4, Z0, Z16 \
	VSHUFF32X4 $0xEE, Z4, Z0, Z20 \
	VSHUFF32X4 $0x44, Z12, Z8, Z24 \
	VSHUFF32X4 $0xEE, Z12, Z8, Z28 \
	VSHUFF32X4 $0x44, Z5, Z1, Z17 \
	VSHUFF32X4 $0xEE, Z5, Z1, Z21 \
	VSHUFF32X4 $0x44, Z13, Z9, Z25 \
	VSHUFF32X4 $0xEE, Z13, Z9, Z29 \
	VSHUFF32X4 $0x44, Z6, Z2, Z18 \
	VSHUFF32X4 $0xEE, Z6, Z2, Z22 \
	VSHUFF32X4 $0x44, Z14, Z10, Z26 \
	VSHUFF32X4 $0xEE, Z14, Z10, Z30 \
	VSHUFF32X4 $0x44, Z7, Z3, Z19 \
	VSHUFF32X4 $0xEE, Z7, Z3, Z23 \
	VSHUFF32X4 $0x44, Z15, Z11, Z27 \
	VSHUFF32X4 $0xEE, Z15, Z11, Z31 \
	VSHUFF32X4 $0x88, Z24, Z16, Z0 \
	VSHUFF32X4 $0x88, Z25, Z17, Z1 \
	VSHUFF32X4 $0x88, Z26, Z18, Z2 \
	VSHUFF32X4 $0x88, Z27, Z19, Z3 \
	VSHUFF32X4 $0xdd, Z24, Z16, Z4 \
	VSHUFF32X4 $0xdd, Z25, Z17, Z5 \
	VSHUFF32X4 $0xdd, Z26, Z18, Z6 \
	VSHUFF32X4 $0xdd, Z27, Z19, Z7 \
	VSHUFF32X4 $0x88, Z28, Z20, Z8 \
	VSHUFF32X4 $0x88, Z29, Z21, Z9 \
	VSHUFF32X4 $0x88, Z30, Z22, Z10 \
	VSHUFF32X4 $0x88, Z31, Z23, Z11 \
	VSHUFF32X4 $0xdd, Z28, Z20, Z12 \
	VSHUFF32X4 $0xdd, Z29, Z21, Z13 \
	VSHUFF32X4 $0xdd, Z30, Z22, Z14 \
	VSHUFF32X4 $0xdd, Z31, Z23, Z15

// kern4x16 and kern4x16f: KERN4X16 (above) with MULADD and with FMADD.
TEXT ·kern4x16(SB), NOSPLIT, $0-32
	KERN4X16(MULADD)

TEXT ·kern4x16f(SB), NOSPLIT, $0-32
	KERN4X16(FMADD)

// func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL eaxArg+0(FP), AX
	MOVL ecxArg+4(FP), CX
	CPUID
	MOVL AX, eax+8(FP)
	MOVL BX, ebx+12(FP)
	MOVL CX, ecx+16(FP)
	MOVL DX, edx+20(FP)
	RET

// func xgetbv() (eax, edx uint32)
TEXT ·xgetbv(SB), NOSPLIT, $0-8
	MOVL $0, CX
	XGETBV
	MOVL AX, eax+0(FP)
	MOVL DX, edx+4(FP)
	RET

// kern4x16r and kern4x16rf: KERN4X16R (above) with MULADD and with FMADD.
TEXT ·kern4x16r(SB), NOSPLIT, $0-48
	KERN4X16R(MULADD)

TEXT ·kern4x16rf(SB), NOSPLIT, $0-48
	KERN4X16R(FMADD)

// kern16x4 and kern16x4f: KERN16X4 (above) with MULADD and with FMADD.
TEXT ·kern16x4(SB), NOSPLIT, $0-40
	KERN16X4(MULADD, LOADY8)

TEXT ·kern16x4f(SB), NOSPLIT, $0-40
	KERN16X4(FMADD, LOADY8)

// kern16x4z and kern16x4zf: the same from zero sums (ZEROY8), c written
// only: a narrow tile's first block of an output that holds zeros on
// entry, without clearing c first.
TEXT ·kern16x4z(SB), NOSPLIT, $0-40
	KERN16X4(MULADD, ZEROY8)

TEXT ·kern16x4zf(SB), NOSPLIT, $0-40
	KERN16X4(FMADD, ZEROY8)

// kern8x4runs and kern8x4runsf: KERN8X4RUNS (above) with MULADD and with FMADD.
TEXT ·kern8x4runs(SB), NOSPLIT, $0-64
	KERN8X4RUNS(MULADD)

TEXT ·kern8x4runsf(SB), NOSPLIT, $0-64
	KERN8X4RUNS(FMADD)

// kern16x4runs and kern16x4runsf: KERN16X4RUNS (above) with MULADD and with FMADD.
TEXT ·kern16x4runs(SB), NOSPLIT, $0-88
	KERN16X4RUNS(MULADD)

TEXT ·kern16x4runsf(SB), NOSPLIT, $0-88
	KERN16X4RUNS(FMADD)

// kern16x4runs2 and kern16x4runs2f: KERN16X4RUNS2 (above) with MULADD
// and with FMADD.
TEXT ·kern16x4runs2(SB), NOSPLIT, $0-88
	KERN16X4RUNS2(MULADD)

TEXT ·kern16x4runs2f(SB), NOSPLIT, $0-88
	KERN16X4RUNS2(FMADD)

// kern16x4lanes and kern16x4lanesf: KERN16X4LANES (above) with MULADD and with FMADD.
TEXT ·kern16x4lanes(SB), NOSPLIT, $0-64
	KERN16X4LANES(MULADD)

TEXT ·kern16x4lanesf(SB), NOSPLIT, $0-64
	KERN16X4LANES(FMADD)

// kern8x16x2, kern8x16x2r and their fused forms: KERN8X16X2 and
// KERN8X16X2R (above) with MULADD and with FMADD.
TEXT ·kern8x16x2(SB), NOSPLIT, $0-56
	KERN8X16X2(MULADD)

TEXT ·kern8x16x2f(SB), NOSPLIT, $0-56
	KERN8X16X2(FMADD)

TEXT ·kern8x16x2r(SB), NOSPLIT, $0-72
	KERN8X16X2R(MULADD)

TEXT ·kern8x16x2rf(SB), NOSPLIT, $0-72
	KERN8X16X2R(FMADD)

// kern12x16x2r and kern12x16x2rf: KERN12X16X2R (above) with MULADD and
// with FMADD, rows consecutive floats; kern12x16x2r2 and kern12x16x2r2f
// rows every other float (a stride-2 convolution's w).
TEXT ·kern12x16x2r(SB), NOSPLIT, $0-88
	KERN12X16X2R(MULADD, 4, 8, 12)

TEXT ·kern12x16x2rf(SB), NOSPLIT, $0-88
	KERN12X16X2R(FMADD, 4, 8, 12)

TEXT ·kern12x16x2r2(SB), NOSPLIT, $0-88
	KERN12X16X2R(MULADD, 8, 16, 24)

TEXT ·kern12x16x2r2f(SB), NOSPLIT, $0-88
	KERN12X16X2R(FMADD, 8, 16, 24)

// gatherLanes16 and gatherLanes16f: GATHERLANES16 (above) with MULADD
// and with FMADD.
TEXT ·gatherLanes16(SB), NOSPLIT, $0-96
	GATHERLANES16(MULADD)

TEXT ·gatherLanes16f(SB), NOSPLIT, $0-96
	GATHERLANES16(FMADD)

// kern16x8 and its fused (f) and zero-start (z) forms: KERN16X8 (above).
TEXT ·kern16x8(SB), NOSPLIT, $0-48
	KERN16X8(MULADD, LOADZ8)

TEXT ·kern16x8f(SB), NOSPLIT, $0-48
	KERN16X8(FMADD, LOADZ8)

TEXT ·kern16x8z(SB), NOSPLIT, $0-48
	KERN16X8(MULADD, ZEROZ8)

TEXT ·kern16x8zf(SB), NOSPLIT, $0-48
	KERN16X8(FMADD, ZEROZ8)

// kern16x4x4lanes and kern16x4x4lanesf: KERN16X4X4LANES (above) with MULADD and with FMADD.
TEXT ·kern16x4x4lanes(SB), NOSPLIT, $0-72
	KERN16X4X4LANES(MULADD)

TEXT ·kern16x4x4lanesf(SB), NOSPLIT, $0-72
	KERN16X4X4LANES(FMADD)

// kern16x9lanes and kern16x9lanesf: KERN16X9LANES (above) with MULADD and with FMADD.
TEXT ·kern16x9lanes(SB), NOSPLIT, $0-64
	KERN16X9LANES(MULADD)

TEXT ·kern16x9lanesf(SB), NOSPLIT, $0-64
	KERN16X9LANES(FMADD)

// func dotFMA32(a *float32, pa int, ra *int, b *float32, pb int, rb *int, k int, acc float32) float32
//
// One output's fused dot product: acc = a[pa+ra[r]]·b[pb+rb[r]] + acc,
// rounded once a term (VFMADD231SS), for r in [0, k) in that order,
// element offsets; the first factor is the multiply's first source, as
// in the tile kernels. The scalar fallback of fused contractions, which
// otherwise emulates each fused term in software (fma32).
TEXT ·dotFMA32(SB), NOSPLIT, $0-68
	MOVQ a+0(FP), SI
	MOVQ pa+8(FP), R9
	MOVQ ra+16(FP), BX
	MOVQ b+24(FP), DI
	MOVQ pb+32(FP), R10
	MOVQ rb+40(FP), R12
	MOVQ k+48(FP), CX
	VMOVSS acc+56(FP), X0
	TESTQ CX, CX
	JLE done

loop:
	MOVQ 0(BX), R8
	ADDQ R9, R8
	MOVQ 0(R12), R13
	ADDQ R10, R13
	VMOVSS 0(SI)(R8*4), X1
	VMOVSS 0(DI)(R13*4), X2
	VFMADD231SS X2, X1, X0
	ADDQ $8, BX
	ADDQ $8, R12
	DECQ CX
	JNZ loop

done:
	VMOVSS X0, ret+64(FP)
	RET

// func storeT4x16(dst *float32, stride int, c *[64]float32)
//
// Stores the row-major 4x16 tile c transposed: dst[j*stride + 4i] =
// c[i*16 + j] (stride in bytes), each column's four rows as one 16-byte
// store: a tile of four consecutive output positions of 16 channels,
// each channel's four positions contiguous. Four 4x4 transposes.
TEXT ·storeT4x16(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ stride+8(FP), CX
	MOVQ c+16(FP), SI
	MOVQ $4, DX

tblock:
	MOVUPS 0(SI), X0
	MOVUPS 64(SI), X1
	MOVUPS 128(SI), X2
	MOVUPS 192(SI), X3
	MOVAPS X0, X4
	UNPCKLPS X1, X4
	UNPCKHPS X1, X0
	MOVAPS X2, X5
	UNPCKLPS X3, X5
	UNPCKHPS X3, X2
	MOVAPS X4, X1
	MOVLHPS X5, X1
	MOVHLPS X4, X5
	MOVAPS X0, X3
	MOVLHPS X2, X3
	MOVHLPS X0, X2
	MOVUPS X1, 0(DI)
	MOVUPS X5, 0(DI)(CX*1)
	LEAQ 0(DI)(CX*2), R8
	MOVUPS X3, 0(R8)
	MOVUPS X2, 0(R8)(CX*1)
	LEAQ 0(R8)(CX*2), DI
	ADDQ $16, SI
	DECQ DX
	JNZ tblock
	RET

// func storeRows4x16(dst *float32, offs *[4]int, c *[64]float32)
//
// Stores the row-major 4x16 tile c row by row (AVX-512): row i's sixteen
// at byte offset offs[i] from dst, one 64-byte store each (a tile whose
// rows are output rows of unit stride: a 1x1 convolution's channels
// with the pixels in the lanes).
TEXT ·storeRows4x16(SB), NOSPLIT, $0-24
	STOREROWS4X16(VMOVUPS)

// func storeRows4x16NT(dst *float32, offs *[4]int, c *[64]float32)
//
// storeRows4x16 with non-temporal stores (VMOVNTPS): each row a whole,
// 64-byte aligned line written around the caches, without reading it
// first. The stores are weakly ordered: sfence before another thread
// reads them.
TEXT ·storeRows4x16NT(SB), NOSPLIT, $0-24
	STOREROWS4X16(VMOVNTPS)

// func sfence()
//
// Orders every store before it (non-temporal ones included) before
// every store after it.
TEXT ·sfence(SB), NOSPLIT, $0-0
	SFENCE
	RET

// func storeT12x16(dst *float32, stride int, c0, c1, c2 *[64]float32)
//
// storeT4x16 on three tiles of consecutive output positions at once
// (AVX-512): the 12x16 block of rows c0, c1 and c2 transposed
// (TRANSPOSEREGS16X16, four zero rows), each channel's twelve positions
// one masked 48-byte store: dst[j*stride + 4i] = c_(i/4)[(i%4)*16 + j]
// (stride in bytes). Sixteen stores where storeT4x16 thrice made 48.
TEXT ·storeT12x16(SB), NOSPLIT, $0-40
	MOVQ c0+16(FP), SI
	VMOVUPS 0(SI), Z0
	VMOVUPS 64(SI), Z1
	VMOVUPS 128(SI), Z2
	VMOVUPS 192(SI), Z3
	MOVQ c1+24(FP), SI
	VMOVUPS 0(SI), Z4
	VMOVUPS 64(SI), Z5
	VMOVUPS 128(SI), Z6
	VMOVUPS 192(SI), Z7
	MOVQ c2+32(FP), SI
	VMOVUPS 0(SI), Z8
	VMOVUPS 64(SI), Z9
	VMOVUPS 128(SI), Z10
	VMOVUPS 192(SI), Z11
	VPXORD Z12, Z12, Z12
	VPXORD Z13, Z13, Z13
	VPXORD Z14, Z14, Z14
	VPXORD Z15, Z15, Z15
	TRANSPOSEREGS16X16
	MOVQ dst+0(FP), DI
	MOVQ stride+8(FP), BX
	MOVL $0x0FFF, AX
	KMOVW AX, K1
	VMOVUPS Z0, K1, (DI)
	ADDQ BX, DI
	VMOVUPS Z1, K1, (DI)
	ADDQ BX, DI
	VMOVUPS Z2, K1, (DI)
	ADDQ BX, DI
	VMOVUPS Z3, K1, (DI)
	ADDQ BX, DI
	VMOVUPS Z4, K1, (DI)
	ADDQ BX, DI
	VMOVUPS Z5, K1, (DI)
	ADDQ BX, DI
	VMOVUPS Z6, K1, (DI)
	ADDQ BX, DI
	VMOVUPS Z7, K1, (DI)
	ADDQ BX, DI
	VMOVUPS Z8, K1, (DI)
	ADDQ BX, DI
	VMOVUPS Z9, K1, (DI)
	ADDQ BX, DI
	VMOVUPS Z10, K1, (DI)
	ADDQ BX, DI
	VMOVUPS Z11, K1, (DI)
	ADDQ BX, DI
	VMOVUPS Z12, K1, (DI)
	ADDQ BX, DI
	VMOVUPS Z13, K1, (DI)
	ADDQ BX, DI
	VMOVUPS Z14, K1, (DI)
	ADDQ BX, DI
	VMOVUPS Z15, K1, (DI)
	VZEROUPPER
	RET

// kern4x16x2 and kern4x16x2f: KERN4X16X2 (above) with MULADD and with FMADD.
TEXT ·kern4x16x2(SB), NOSPLIT, $0-40
	KERN4X16X2(MULADD)

TEXT ·kern4x16x2f(SB), NOSPLIT, $0-40
	KERN4X16X2(FMADD)

// kern4x16x2r and kern4x16x2rf: KERN4X16X2R (above) with MULADD and with FMADD.
TEXT ·kern4x16x2r(SB), NOSPLIT, $0-56
	KERN4X16X2R(MULADD)

TEXT ·kern4x16x2rf(SB), NOSPLIT, $0-56
	KERN4X16X2R(FMADD)

// func transpose16x16(dst *float32, ds int, src *float32, ss int)
//
// Transposes a 16x16 block of float32s (AVX-512): dst row j, 16
// elements at dst + j*ds, gets column j of the 16 source rows at src +
// i*ss (strides in bytes), each row one 64-byte load and one store.
TEXT ·transpose16x16(SB), NOSPLIT, $0-32
	MOVQ src+16(FP), SI
	MOVQ ss+24(FP), BX
	TRANSPOSE16X16
	MOVQ dst+0(FP), DI
	MOVQ ds+8(FP), BX
	VMOVUPS Z0, (DI)
	ADDQ BX, DI
	VMOVUPS Z1, (DI)
	ADDQ BX, DI
	VMOVUPS Z2, (DI)
	ADDQ BX, DI
	VMOVUPS Z3, (DI)
	ADDQ BX, DI
	VMOVUPS Z4, (DI)
	ADDQ BX, DI
	VMOVUPS Z5, (DI)
	ADDQ BX, DI
	VMOVUPS Z6, (DI)
	ADDQ BX, DI
	VMOVUPS Z7, (DI)
	ADDQ BX, DI
	VMOVUPS Z8, (DI)
	ADDQ BX, DI
	VMOVUPS Z9, (DI)
	ADDQ BX, DI
	VMOVUPS Z10, (DI)
	ADDQ BX, DI
	VMOVUPS Z11, (DI)
	ADDQ BX, DI
	VMOVUPS Z12, (DI)
	ADDQ BX, DI
	VMOVUPS Z13, (DI)
	ADDQ BX, DI
	VMOVUPS Z14, (DI)
	ADDQ BX, DI
	VMOVUPS Z15, (DI)
	VZEROUPPER
	RET

// ADDCOLUMNS16 adds Z0, Z1, ..., Z15 in turn to the 16 floats at DI,
// each add rounded alone, stores them back and returns: the columns of a
// transposed block summed in order.
#define ADDCOLUMNS16 \
	VMOVUPS (DI), Z16 \
	VADDPS Z0, Z16, Z16 \
	VADDPS Z1, Z16, Z16 \
	VADDPS Z2, Z16, Z16 \
	VADDPS Z3, Z16, Z16 \
	VADDPS Z4, Z16, Z16 \
	VADDPS Z5, Z16, Z16 \
	VADDPS Z6, Z16, Z16 \
	VADDPS Z7, Z16, Z16 \
	VADDPS Z8, Z16, Z16 \
	VADDPS Z9, Z16, Z16 \
	VADDPS Z10, Z16, Z16 \
	VADDPS Z11, Z16, Z16 \
	VADDPS Z12, Z16, Z16 \
	VADDPS Z13, Z16, Z16 \
	VADDPS Z14, Z16, Z16 \
	VADDPS Z15, Z16, Z16 \
	VMOVUPS Z16, (DI) \
	VZEROUPPER \
	RET

// func sumT16x16(acc *[16]float32, src *float32, ss int)
//
// Adds the 16 columns of the 16x16 block at src (rows ss bytes apart)
// to acc in turn, column 0 first: lane i of acc gets row i's 16
// consecutive elements one add at a time, acc the add's first source,
// as the scalar loop acc += x does. A bias gradient's 16 channels
// (rows a plane apart) summed along their positions in 16 lanes.
TEXT ·sumT16x16(SB), NOSPLIT, $0-24
	MOVQ src+8(FP), SI
	MOVQ ss+16(FP), BX
	TRANSPOSE16X16
	MOVQ acc+0(FP), DI
	ADDCOLUMNS16

// func transpose8x8(dst *float32, ds int, src *float32, ss int)
//
// Transposes an 8x8 block of float32s (AVX): dst row j, 8 elements at
// dst + j*ds, gets column j of the 8 source rows at src + i*ss (strides
// in bytes). Unpacks pair rows, shuffles make 4-row columns in each
// 128-bit lane, and lane permutes join the two halves of each column.
TEXT ·transpose8x8(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ ds+8(FP), DX
	MOVQ src+16(FP), SI
	MOVQ ss+24(FP), BX
	LEAQ 0(BX)(BX*2), CX
	VMOVUPS 0(SI), Y0
	VMOVUPS 0(SI)(BX*1), Y1
	VMOVUPS 0(SI)(BX*2), Y2
	VMOVUPS 0(SI)(CX*1), Y3
	LEAQ 0(SI)(BX*4), SI
	VMOVUPS 0(SI), Y4
	VMOVUPS 0(SI)(BX*1), Y5
	VMOVUPS 0(SI)(BX*2), Y6
	VMOVUPS 0(SI)(CX*1), Y7
	VUNPCKLPS Y1, Y0, Y8
	VUNPCKHPS Y1, Y0, Y9
	VUNPCKLPS Y3, Y2, Y10
	VUNPCKHPS Y3, Y2, Y11
	VUNPCKLPS Y5, Y4, Y12
	VUNPCKHPS Y5, Y4, Y13
	VUNPCKLPS Y7, Y6, Y14
	VUNPCKHPS Y7, Y6, Y15
	VSHUFPS $0x44, Y10, Y8, Y0
	VSHUFPS $0xEE, Y10, Y8, Y1
	VSHUFPS $0x44, Y11, Y9, Y2
	VSHUFPS $0xEE, Y11, Y9, Y3
	VSHUFPS $0x44, Y14, Y12, Y4
	VSHUFPS $0xEE, Y14, Y12, Y5
	VSHUFPS $0x44, Y15, Y13, Y6
	VSHUFPS $0xEE, Y15, Y13, Y7
	VPERM2F128 $0x20, Y4, Y0, Y8
	VPERM2F128 $0x20, Y5, Y1, Y9
	VPERM2F128 $0x20, Y6, Y2, Y10
	VPERM2F128 $0x20, Y7, Y3, Y11
	VPERM2F128 $0x31, Y4, Y0, Y12
	VPERM2F128 $0x31, Y5, Y1, Y13
	VPERM2F128 $0x31, Y6, Y2, Y14
	VPERM2F128 $0x31, Y7, Y3, Y15
	LEAQ 0(DX)(DX*2), CX
	VMOVUPS Y8, 0(DI)
	VMOVUPS Y9, 0(DI)(DX*1)
	VMOVUPS Y10, 0(DI)(DX*2)
	VMOVUPS Y11, 0(DI)(CX*1)
	LEAQ 0(DI)(DX*4), DI
	VMOVUPS Y12, 0(DI)
	VMOVUPS Y13, 0(DI)(DX*1)
	VMOVUPS Y14, 0(DI)(DX*2)
	VMOVUPS Y15, 0(DI)(CX*1)
	VZEROUPPER
	RET

// kern8x16 and kern8x16f: KERN8X16 (above) with MULADD and with FMADD.
TEXT ·kern8x16(SB), NOSPLIT, $0-48
	KERN8X16(MULADD)

TEXT ·kern8x16f(SB), NOSPLIT, $0-48
	KERN8X16(FMADD)

// kern8x16r and kern8x16rf: KERN8X16R (above) with MULADD and with FMADD.
TEXT ·kern8x16r(SB), NOSPLIT, $0-64
	KERN8X16R(MULADD)

TEXT ·kern8x16rf(SB), NOSPLIT, $0-64
	KERN8X16R(FMADD)

// func addRows4x16(c *[64]float32, b *[16]float32)
//
// c[i*16 + j] += b[j] for the four rows i of the tile c: a
// convolution's bias per column (tileBias), each sum rounded once as
// the epilogue's addf rounds it.
TEXT ·addRows4x16(SB), NOSPLIT, $0-16
	MOVQ   c+0(FP), DI
	MOVQ   b+8(FP), SI
	MOVUPS 0(SI), X4
	MOVUPS 16(SI), X5
	MOVUPS 32(SI), X6
	MOVUPS 48(SI), X7
	MOVQ   $4, CX

rows:
	MOVUPS 0(DI), X0
	MOVUPS 16(DI), X1
	MOVUPS 32(DI), X2
	MOVUPS 48(DI), X3
	ADDPS  X4, X0
	ADDPS  X5, X1
	ADDPS  X6, X2
	ADDPS  X7, X3
	MOVUPS X0, 0(DI)
	MOVUPS X1, 16(DI)
	MOVUPS X2, 32(DI)
	MOVUPS X3, 48(DI)
	ADDQ   $64, DI
	DECQ   CX
	JNZ    rows
	RET

// PREFETCHLOOP runs LINE, a prefetch of the line at SI, for CX lines
// from SI on, 64 bytes apart, and returns.
#define PREFETCHLOOP(LINE) \
	TESTQ CX, CX \
	JLE done \
loop: \
	LINE \
	ADDQ $64, SI \
	DECQ CX \
	JNZ loop \
done: \
	RET

// func prefetchLines(p *float32, n int)
TEXT ·prefetchLines(SB), NOSPLIT, $0-16
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), CX
	PREFETCHLOOP(PREFETCHT1 (SI))

// func prefetchWLines(p *float32, n int)
//
// PREFETCHW (SI), which the assembler does not name: 0F 0D /1.
TEXT ·prefetchWLines(SB), NOSPLIT, $0-16
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), CX
	PREFETCHLOOP(BYTE $0x0F; BYTE $0x0D; BYTE $0x0E)

// func addBcastRows4x16(c *[64]float32, b *[4]float32)
//
// c[i*16 + j] += b[i] for the four rows i of the tile c (AVX): a 1x1
// convolution's bias per row (tileBias with rows), each sum rounded once
// as the epilogue's addf rounds it.
TEXT ·addBcastRows4x16(SB), NOSPLIT, $0-16
	MOVQ c+0(FP), DI
	MOVQ b+8(FP), SI
	MOVQ $4, CX

bcastrows:
	VBROADCASTSS (SI), Y2
	VADDPS (DI), Y2, Y0
	VADDPS 32(DI), Y2, Y1
	VMOVUPS Y0, (DI)
	VMOVUPS Y1, 32(DI)
	ADDQ $64, DI
	ADDQ $4, SI
	DECQ CX
	JNZ bcastrows
	VZEROUPPER
	RET

// SQDEV adds (x − mean)² to the accumulator Z16, x in register X and
// the mean in Z17: three roundings, in the body's order.
#define SQDEV(X) \
	VSUBPS Z17, X, X \
	VMULPS X, X, X \
	VADDPS X, Z16, Z16

// DEVPROD loads row X of the block at SI less the row's mean (lane i's,
// at off(DX)), times the same row of the scale's block at R8: (x −
// mean)·s, each rounded alone; SI and R8 step BX bytes to the next row.
#define DEVPROD(X, off) \
	VMOVUPS (SI), X \
	VBROADCASTSS off(DX), Z16 \
	VSUBPS Z16, X, X \
	VMULPS (R8), X, X \
	ADDQ BX, SI \
	ADDQ BX, R8

// DEVPRODS16 is DEVPROD of the block's 16 rows into Z0-Z15.
#define DEVPRODS16 \
	DEVPROD(Z0, 0) \
	DEVPROD(Z1, 4) \
	DEVPROD(Z2, 8) \
	DEVPROD(Z3, 12) \
	DEVPROD(Z4, 16) \
	DEVPROD(Z5, 20) \
	DEVPROD(Z6, 24) \
	DEVPROD(Z7, 28) \
	DEVPROD(Z8, 32) \
	DEVPROD(Z9, 36) \
	DEVPROD(Z10, 40) \
	DEVPROD(Z11, 44) \
	DEVPROD(Z12, 48) \
	DEVPROD(Z13, 52) \
	DEVPROD(Z14, 56) \
	DEVPROD(Z15, 60)

// func mulDevT16x16(acc *[16]float32, src, scale *float32, ss int, mean *[16]float32)
//
// sumT16x16 of scaled deviations: each element of the 16x16 block at src
// (rows ss bytes apart) less its row's mean, times the element of the
// block at scale in its place (rows as far apart), then column j of the
// products added to acc in turn, column 0 first; each subtraction,
// product and sum rounded alone, as the scalar loop d := x - m; acc +=
// s*d does. A batch norm gradient's Σ dy·(x − mean), 16 channels in the
// lanes. The products are formed row by row (a row is one channel, one
// mean) before the transpose: elementwise, they round the same.
TEXT ·mulDevT16x16(SB), NOSPLIT, $0-40
	MULDEVT16X16(ADDCOLUMNS16)

// func sqDevT16x16(acc *[16]float32, src *float32, ss int, mean *[16]float32)
//
// sumT16x16 of squared deviations: column j of the 16x16 block at src
// (rows ss bytes apart) less mean (lane i row i's), squared, added to
// acc in turn, column 0 first; each subtraction, product and sum
// rounded alone, as the scalar loop d := x - m; acc += d*d does. A batch
// norm's variance, 16 channels in the lanes.
TEXT ·sqDevT16x16(SB), NOSPLIT, $0-32
	MOVQ src+8(FP), SI
	MOVQ ss+16(FP), BX
	TRANSPOSE16X16
	MOVQ mean+24(FP), DX
	VMOVUPS (DX), Z17
	MOVQ acc+0(FP), DI
	VMOVUPS (DI), Z16
	SQDEV(Z0)
	SQDEV(Z1)
	SQDEV(Z2)
	SQDEV(Z3)
	SQDEV(Z4)
	SQDEV(Z5)
	SQDEV(Z6)
	SQDEV(Z7)
	SQDEV(Z8)
	SQDEV(Z9)
	SQDEV(Z10)
	SQDEV(Z11)
	SQDEV(Z12)
	SQDEV(Z13)
	SQDEV(Z14)
	SQDEV(Z15)
	VMOVUPS Z16, (DI)
	VZEROUPPER
	RET

// func packRows16(dst, src *float32, rb *int, k, tiles, stride int)
//
// Packs k rows of tiles×16 consecutive floats into tiles panels of 16
// columns: row r's floats from src[rb[r]] on go to dst + t·stride + r·64
// (bytes), tile t's sixteen, one 64-byte load and store each (AVX-512).
TEXT ·packRows16(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ rb+16(FP), BX
	MOVQ k+24(FP), CX
	MOVQ tiles+32(FP), R9
	MOVQ stride+40(FP), R10
	TESTQ CX, CX
	JLE done
	TESTQ R9, R9
	JLE done
row:
	MOVQ 0(BX), AX
	LEAQ (SI)(AX*4), AX
	MOVQ DI, DX
	MOVQ R9, R8
tile:
	VMOVUPS 0(AX), Z0
	VMOVUPS Z0, 0(DX)
	ADDQ $64, AX
	ADDQ R10, DX
	DECQ R8
	JNZ tile
	ADDQ $8, BX
	ADDQ $64, DI
	DECQ CX
	JNZ row
	VZEROUPPER
done:
	RET

// func copyRows16(dst, src *float32, rows, n, dstStride, srcStride int)
//
// Copies rows rows of n floats from src (rows srcStride floats apart) to
// dst (dstStride apart): n/16 64-byte loads and stores a row, then the
// last n mod 16 floats under a mask (K1; none when n is a multiple of
// 16: masked-off lanes are neither read nor written).
TEXT ·copyRows16(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ rows+16(FP), CX
	MOVQ n+24(FP), DX
	MOVQ dstStride+32(FP), R8
	MOVQ srcStride+40(FP), R9
	TESTQ CX, CX
	JLE crdone
	TESTQ DX, DX
	JLE crdone
	SHLQ $2, R8
	SHLQ $2, R9
	MOVQ DX, R10
	ANDQ $15, R10
	MOVL $1, AX
	SHLXL R10, AX, AX
	DECL AX
	KMOVW AX, K1
	SHRQ $4, DX
crrow:
	MOVQ DI, R11
	MOVQ SI, R12
	MOVQ DX, R13
	TESTQ R13, R13
	JZ crtail
crblock:
	VMOVUPS 0(R12), Z0
	VMOVUPS Z0, 0(R11)
	ADDQ $64, R11
	ADDQ $64, R12
	DECQ R13
	JNZ crblock
crtail:
	VMOVUPS.Z 0(R12), K1, Z0
	VMOVUPS Z0, K1, 0(R11)
	ADDQ R8, DI
	ADDQ R9, SI
	DECQ CX
	JNZ crrow
	VZEROUPPER
crdone:
	RET

// func storeEven16x4(dst *float32, cstride int, src *float32, mask uint32, n int)
//
// Stores n columns of 16 floats (column j from src + 64j bytes) each
// into every other float: column j's element i to dst + j·cstride bytes
// + 8i for the i whose bit 2i mask sets (its low 16 bits for the first
// 16 floats of a column's 32, the high for the next), each column two
// masked stores of its lanes spread to the even ones (VEXPANDPS) where
// 16 scalar ones went: a tile's columns into a stride-2 phase of a data
// gradient (one column from scatterStrided, a narrow tile's up to 4).
// Masked lanes touch no memory.
TEXT ·storeEven16x4(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ cstride+8(FP), DX
	MOVQ src+16(FP), SI
	MOVL mask+24(FP), AX
	MOVQ n+32(FP), CX
	TESTQ CX, CX
	JLE se4done
	MOVL $0x5555, R8
	KMOVW R8, K1
	KMOVW AX, K2
	SHRL $16, AX
	KMOVW AX, K3
se4col:
	VMOVUPS (SI), Z0
	VEXPANDPS Z0, K1, Z1
	VSHUFF32X4 $0xEE, Z0, Z0, Z2
	VEXPANDPS Z2, K1, Z3
	VMOVUPS Z1, K2, (DI)
	VMOVUPS Z3, K3, 64(DI)
	ADDQ $64, SI
	ADDQ DX, DI
	DECQ CX
	JNZ se4col
	VZEROUPPER
se4done:
	RET

// ADDCOLD adds column Z (its low half Y), 16 float32s, widened to
// float64, to the accumulators Z16 (lanes 0-7) and Z17 (lanes 8-15).
// VEXTRACTF64X4 moves the upper 256 bits as VEXTRACTF32X8 would, with
// AVX-512F alone (haveAVX512 checks F, not DQ).
#define ADDCOLD(Z, Y) \
	VCVTPS2PD Y, Z18 \
	VEXTRACTF64X4 $1, Z, Y19 \
	VCVTPS2PD Y19, Z19 \
	VADDPD Z18, Z16, Z16 \
	VADDPD Z19, Z17, Z17

// SQDEVD squares column Z less the means in Z20 in float32 and adds it,
// widened, to the float64 accumulators (ADDCOLD).
#define SQDEVD(Z, Y) \
	VSUBPS Z20, Z, Z \
	VMULPS Z, Z, Z \
	ADDCOLD(Z, Y)

// ADDCOLUMNS16D adds columns 0-15 (Z0-Z15), in turn, to the float64
// accumulators at DI and stores them back.
#define ADDCOLUMNS16D \
	VMOVUPD (DI), Z16 \
	VMOVUPD 64(DI), Z17 \
	ADDCOLD(Z0, Y0) \
	ADDCOLD(Z1, Y1) \
	ADDCOLD(Z2, Y2) \
	ADDCOLD(Z3, Y3) \
	ADDCOLD(Z4, Y4) \
	ADDCOLD(Z5, Y5) \
	ADDCOLD(Z6, Y6) \
	ADDCOLD(Z7, Y7) \
	ADDCOLD(Z8, Y8) \
	ADDCOLD(Z9, Y9) \
	ADDCOLD(Z10, Y10) \
	ADDCOLD(Z11, Y11) \
	ADDCOLD(Z12, Y12) \
	ADDCOLD(Z13, Y13) \
	ADDCOLD(Z14, Y14) \
	ADDCOLD(Z15, Y15) \
	VMOVUPD Z16, (DI) \
	VMOVUPD Z17, 64(DI) \
	VZEROUPPER \
	RET

// func sumT16x16d(acc *[16]float64, src *float32, ss int)
//
// sumT16x16 into float64 accumulators: column j of the 16x16 block at
// src (rows ss bytes apart), widened, added to acc in turn, column 0
// first; lane i sums row i's elements in order, each add rounded to
// float64, as the scalar loop acc += float64(x) does. A batch norm's
// statistics, summed in float64 as PyTorch's CPU kernel sums them.
TEXT ·sumT16x16d(SB), NOSPLIT, $0-24
	MOVQ src+8(FP), SI
	MOVQ ss+16(FP), BX
	TRANSPOSE16X16
	MOVQ acc+0(FP), DI
	ADDCOLUMNS16D

// func sqDevT16x16d(acc *[16]float64, src *float32, ss int, mean *[16]float32)
//
// sqDevT16x16 into float64 accumulators: column j of the block less mean
// and squared in float32, widened and added to acc in turn, as the
// scalar loop d := x - m; acc += float64(d*d) does.
TEXT ·sqDevT16x16d(SB), NOSPLIT, $0-32
	MOVQ src+8(FP), SI
	MOVQ ss+16(FP), BX
	TRANSPOSE16X16
	MOVQ mean+24(FP), DX
	VMOVUPS (DX), Z20
	MOVQ acc+0(FP), DI
	VMOVUPD (DI), Z16
	VMOVUPD 64(DI), Z17
	SQDEVD(Z0, Y0)
	SQDEVD(Z1, Y1)
	SQDEVD(Z2, Y2)
	SQDEVD(Z3, Y3)
	SQDEVD(Z4, Y4)
	SQDEVD(Z5, Y5)
	SQDEVD(Z6, Y6)
	SQDEVD(Z7, Y7)
	SQDEVD(Z8, Y8)
	SQDEVD(Z9, Y9)
	SQDEVD(Z10, Y10)
	SQDEVD(Z11, Y11)
	SQDEVD(Z12, Y12)
	SQDEVD(Z13, Y13)
	SQDEVD(Z14, Y14)
	SQDEVD(Z15, Y15)
	VMOVUPD Z16, (DI)
	VMOVUPD Z17, 64(DI)
	VZEROUPPER
	RET

// func mulDevT16x16d(acc *[16]float64, src, scale *float32, ss int, mean *[16]float32)
//
// mulDevT16x16 into float64 accumulators: each element less its row's
// mean, times the scale's element in its place, in float32, then column
// j of the products widened and added to acc in turn, as the scalar loop
// d := x - m; acc += float64(s*d) does.
TEXT ·mulDevT16x16d(SB), NOSPLIT, $0-40
	MULDEVT16X16(ADDCOLUMNS16D)

// func sumCols16(acc *[16]float32, a *float32, offs *int, n int)
//
// Adds the 16 consecutive floats at a + offs[i] (bytes) to acc for i = 0
// to n-1 in turn: lane l sums a[offs[i]/4 + l] in order, acc the first
// source of each add (a column sum: the reduction strided, the outputs
// consecutive).
TEXT ·sumCols16(SB), NOSPLIT, $0-32
	MOVQ acc+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ offs+16(FP), DX
	MOVQ n+24(FP), CX
	VMOVUPS (DI), Z0
	TESTQ CX, CX
	JZ sumcols16done
sumcols16loop:
	MOVQ (DX), AX
	VADDPS (SI)(AX*1), Z0, Z0
	ADDQ $8, DX
	DECQ CX
	JNZ sumcols16loop
sumcols16done:
	VMOVUPS Z0, (DI)
	VZEROUPPER
	RET

// func sumCols16d(acc *[16]float64, a *float32, offs *int, n int)
//
// sumCols16 into float64 accumulators: each float widened, each add
// rounded to float64.
TEXT ·sumCols16d(SB), NOSPLIT, $0-32
	MOVQ acc+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ offs+16(FP), DX
	MOVQ n+24(FP), CX
	VMOVUPD (DI), Z0
	VMOVUPD 64(DI), Z1
	TESTQ CX, CX
	JZ sumcols16ddone
sumcols16dloop:
	MOVQ (DX), AX
	VCVTPS2PD (SI)(AX*1), Z2
	VCVTPS2PD 32(SI)(AX*1), Z3
	VADDPD Z2, Z0, Z0
	VADDPD Z3, Z1, Z1
	ADDQ $8, DX
	DECQ CX
	JNZ sumcols16dloop
sumcols16ddone:
	VMOVUPD Z0, (DI)
	VMOVUPD Z1, 64(DI)
	VZEROUPPER
	RET
