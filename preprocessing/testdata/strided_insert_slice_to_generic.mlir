// RUN: torchlower opt %s -p 'strided-insert-slice-to-generic{max-pass-through-elements=-1}' --split-input-file | FileCheck %s
// RUN: torchlower opt %s -p strided-insert-slice-to-generic --split-input-file | FileCheck %s --check-prefix=CPU

// With the CPU default (max-pass-through-elements=0) nothing converts.
// CPU-NOT: linalg.generic

// Stride 2 with offsets 1 into arith.constant dense<0>: both dims strided,
// power-of-two stride, so andi/shrsi instead of remsi/divsi. Dest extent 9
// = 1 + 2·3 + 2, so the largest quotient (9-1-1)/2 = 3 < 4 needs no upper
// check or clamp; the offset needs the sign check and the lower clamp.
// CHECK-LABEL: func.func @stride2_pow2(
// CHECK-SAME:      %[[SRC:.*]]: tensor<4x4xf16>) -> tensor<9x9xf16>
// CHECK-NOT:     tensor.insert_slice
// CHECK-NOT:     arith.constant dense
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<9x9xf16>
// CHECK:         %[[G:.*]] = linalg.generic {indexing_maps = [#{{.*}}], iterator_types = ["parallel", "parallel"]} outs(%[[E]] : tensor<9x9xf16>)
// CHECK:           %[[I0:.*]] = linalg.index 0 : index
// CHECK:           %[[S0:.*]] = arith.subi %[[I0]], %[[C1:.*]] : index
// CHECK:           %[[R0:.*]] = arith.andi %[[S0]], %[[C1]] : index
// CHECK:           %[[Q0:.*]] = arith.shrsi %[[S0]], %[[C1]] : index
// CHECK:           arith.cmpi sge, %[[S0]]
// CHECK:           arith.cmpi eq, %[[R0]]
// CHECK:           %[[M0:.*]] = arith.maxsi %[[Q0]]
// CHECK:           %[[I1:.*]] = linalg.index 1 : index
// CHECK:           arith.andi
// CHECK:           arith.shrsi
// CHECK:           %[[M1:.*]] = arith.maxsi
// CHECK-NOT:       arith.remsi
// CHECK-NOT:       arith.divsi
// CHECK:           %[[X:.*]] = tensor.extract %[[SRC]][%[[M0]], %[[M1]]] : tensor<4x4xf16>
// CHECK:           %[[Z:.*]] = arith.constant 0.000000e+00 : f16
// CHECK:           %[[SEL:.*]] = arith.select %{{.*}}, %[[X]], %[[Z]] : f16
// CHECK:           linalg.yield %[[SEL]] : f16
// CHECK:         return %[[G]] : tensor<9x9xf16>
func.func @stride2_pow2(%src: tensor<4x4xf16>) -> tensor<9x9xf16> {
  %cst = arith.constant dense<0.000000e+00> : tensor<9x9xf16>
  %0 = tensor.insert_slice %src into %cst[1, 1] [4, 4] [2, 2] : tensor<4x4xf16> into tensor<9x9xf16>
  return %0 : tensor<9x9xf16>
}

// -----

// Stride 3 (not a power of two) with offset 1, into linalg.fill(0) of
// tensor.empty: remsi/divsi, and the fill and empty are gone. Extent 10:
// (10-1-1)/3 = 2 < 3, no upper check.
// CHECK-LABEL: func.func @stride3_fill(
// CHECK-SAME:      %[[SRC:.*]]: tensor<3x3xf32>)
// CHECK-NOT:     linalg.fill
// CHECK-NOT:     tensor.insert_slice
// CHECK:         linalg.generic
// CHECK-SAME:        outs(%{{.*}} : tensor<10x10xf32>)
// CHECK:           linalg.index 0
// CHECK:           arith.subi
// CHECK:           arith.remsi
// CHECK:           arith.divsi
// CHECK:           linalg.index 1
// CHECK:           arith.subi
// CHECK:           arith.remsi
// CHECK:           arith.divsi
// CHECK-NOT:       arith.shrsi
// CHECK:           tensor.extract %[[SRC]]
// CHECK:           arith.select
// CHECK:           linalg.yield
func.func @stride3_fill(%src: tensor<3x3xf32>) -> tensor<10x10xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<10x10xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<10x10xf32>) -> tensor<10x10xf32>
  %0 = tensor.insert_slice %src into %z[1, 1] [3, 3] [3, 3] : tensor<3x3xf32> into tensor<10x10xf32>
  return %0 : tensor<10x10xf32>
}

// -----

// 1-D, stride 2, offset 0, extent larger than the slice needs: no sign
// check or lower clamp (offset 0), but an upper check and clamp
// ((12-1)/2 = 5 ≥ 4).
// CHECK-LABEL: func.func @conv1d_tail(
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel"]
// CHECK:           %[[I:.*]] = linalg.index 0 : index
// CHECK-NOT:       arith.subi
// CHECK:           %[[R:.*]] = arith.andi %[[I]]
// CHECK:           %[[Q:.*]] = arith.shrsi %[[I]]
// CHECK-NOT:       arith.cmpi sge
// CHECK:           arith.cmpi eq, %[[R]]
// CHECK:           arith.cmpi slt, %[[Q]], %[[C4:.*]] : index
// CHECK-NOT:       arith.maxsi
// CHECK:           %[[QC:.*]] = arith.minsi %[[Q]]
// CHECK:           tensor.extract %{{.*}}[%[[QC]]] : tensor<4xf32>
func.func @conv1d_tail(%src: tensor<4xf32>) -> tensor<12xf32> {
  %cst = arith.constant dense<0.000000e+00> : tensor<12xf32>
  %0 = tensor.insert_slice %src into %cst[0] [4] [2] : tensor<4xf32> into tensor<12xf32>
  return %0 : tensor<12xf32>
}

// -----

// The NCHW scatter of a 2-D data gradient (what lowering emits): the
// leading pass-through dims N and C collapse into one, so the generic is
// 3-D; the result is expanded back.
// CHECK-LABEL: func.func @nchw_collapse(
// CHECK-SAME:      %[[SRC:.*]]: tensor<2x4x3x3xf32>)
// CHECK:         %[[C:.*]] = tensor.collapse_shape %[[SRC]] {{\[}}[0, 1], [2], [3]] : tensor<2x4x3x3xf32> into tensor<8x3x3xf32>
// CHECK:         %[[G:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel"]} outs(%{{.*}} : tensor<8x7x7xf32>)
// CHECK:           %[[I0:.*]] = linalg.index 0 : index
// CHECK:           linalg.index 1
// CHECK:           linalg.index 2
// CHECK:           tensor.extract %[[C]][%[[I0]], %{{.*}}, %{{.*}}] : tensor<8x3x3xf32>
// CHECK:         %[[X:.*]] = tensor.expand_shape %[[G]] {{\[}}[0, 1], [2], [3]] : tensor<8x7x7xf32> into tensor<2x4x7x7xf32>
// CHECK:         return %[[X]]
func.func @nchw_collapse(%src: tensor<2x4x3x3xf32>) -> tensor<2x4x7x7xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<2x4x7x7xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<2x4x7x7xf32>) -> tensor<2x4x7x7xf32>
  %0 = tensor.insert_slice %src into %z[0, 0, 1, 1] [2, 4, 3, 3] [1, 1, 2, 2] : tensor<2x4x3x3xf32> into tensor<2x4x7x7xf32>
  return %0 : tensor<2x4x7x7xf32>
}

// -----

// Grouped 3-D: [N, G, C/G, D, H, W] with N, G, C/G pass-through (one
// collapsed dim) and mixed strides 2, 3, 1-with-offset on the spatial dims.
// A stride-1 dim with an offset is not pass-through: it gets the sign and
// bounds checks but no remainder test.
// CHECK-LABEL: func.func @grouped_3d(
// CHECK:         tensor.collapse_shape %{{.*}} {{\[}}[0, 1, 2], [3], [4], [5]] : tensor<1x2x2x2x2x3xf32> into tensor<4x2x2x3xf32>
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%{{.*}} : tensor<4x5x5x5xf32>)
// CHECK:           linalg.index 1
// CHECK:           arith.andi
// CHECK:           arith.shrsi
// CHECK:           linalg.index 2
// CHECK:           arith.remsi
// CHECK:           arith.divsi
// CHECK:           %[[I3:.*]] = linalg.index 3
// CHECK-NEXT:      %[[S3:.*]] = arith.subi %[[I3]]
// CHECK-NEXT:      arith.cmpi sge, %[[S3]]
// CHECK:           arith.cmpi slt, %[[S3]]
// CHECK:           tensor.extract
// CHECK:         tensor.expand_shape %{{.*}} {{\[}}[0, 1, 2], [3], [4], [5]] : tensor<4x5x5x5xf32> into tensor<1x2x2x5x5x5xf32>
func.func @grouped_3d(%src: tensor<1x2x2x2x2x3xf32>) -> tensor<1x2x2x5x5x5xf32> {
  %cst = arith.constant dense<0.000000e+00> : tensor<1x2x2x5x5x5xf32>
  %0 = tensor.insert_slice %src into %cst[0, 0, 0, 1, 1, 1] [1, 2, 2, 2, 2, 3] [1, 1, 1, 2, 3, 1] : tensor<1x2x2x2x2x3xf32> into tensor<1x2x2x5x5x5xf32>
  return %0 : tensor<1x2x2x5x5x5xf32>
}

// -----

// Integer zeros convert too; the yielded zero is an i32 constant.
// CHECK-LABEL: func.func @int_dest(
// CHECK:         linalg.generic
// CHECK:           %[[Z:.*]] = arith.constant 0 : i32
// CHECK:           arith.select %{{.*}}, %{{.*}}, %[[Z]] : i32
func.func @int_dest(%src: tensor<3xi32>) -> tensor<6xi32> {
  %cst = arith.constant dense<0> : tensor<6xi32>
  %0 = tensor.insert_slice %src into %cst[1] [3] [2] : tensor<3xi32> into tensor<6xi32>
  return %0 : tensor<6xi32>
}

// -----

// Untouched: unit strides (a plain insert, which the lowering spells as a
// pad anyway).
// CHECK-LABEL: func.func @unit_strides(
// CHECK:         tensor.insert_slice
// CHECK-NOT:     linalg.generic
func.func @unit_strides(%src: tensor<4x4xf32>) -> tensor<8x8xf32> {
  %cst = arith.constant dense<0.000000e+00> : tensor<8x8xf32>
  %0 = tensor.insert_slice %src into %cst[1, 1] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// Untouched: a non-zero destination (an argument, a fill of 1, a
// dense<-0.0> whose sign the rewrite would lose).
// CHECK-LABEL: func.func @nonzero_dest(
// CHECK-COUNT-3: tensor.insert_slice
// CHECK-NOT:     linalg.generic
func.func @nonzero_dest(%src: tensor<4x4xf32>, %dest: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>) {
  %0 = tensor.insert_slice %src into %dest[0, 0] [4, 4] [2, 2] : tensor<4x4xf32> into tensor<8x8xf32>
  %one = arith.constant 1.000000e+00 : f32
  %e = tensor.empty() : tensor<8x8xf32>
  %f = linalg.fill ins(%one : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  %1 = tensor.insert_slice %src into %f[0, 0] [4, 4] [2, 2] : tensor<4x4xf32> into tensor<8x8xf32>
  %neg = arith.constant dense<-0.000000e+00> : tensor<8x8xf32>
  %2 = tensor.insert_slice %src into %neg[0, 0] [4, 4] [2, 2] : tensor<4x4xf32> into tensor<8x8xf32>
  return %0, %1, %2 : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

// Untouched: dynamic metadata (an SSA offset, an SSA stride).
// CHECK-LABEL: func.func @dynamic_metadata(
// CHECK-COUNT-2: tensor.insert_slice
// CHECK-NOT:     linalg.generic
func.func @dynamic_metadata(%src: tensor<4x4xf32>, %o: index, %s: index) -> (tensor<9x9xf32>, tensor<9x9xf32>) {
  %cst = arith.constant dense<0.000000e+00> : tensor<9x9xf32>
  %0 = tensor.insert_slice %src into %cst[%o, 1] [4, 4] [2, 2] : tensor<4x4xf32> into tensor<9x9xf32>
  %1 = tensor.insert_slice %src into %cst[1, 1] [4, 4] [%s, 2] : tensor<4x4xf32> into tensor<9x9xf32>
  return %0, %1 : tensor<9x9xf32>, tensor<9x9xf32>
}

// -----

// Untouched: a fill destination with another use (it must exist anyway).
// CHECK-LABEL: func.func @fill_other_use(
// CHECK:         linalg.fill
// CHECK:         tensor.insert_slice
// CHECK-NOT:     linalg.generic
func.func @fill_other_use(%src: tensor<4x4xf32>) -> (tensor<9x9xf32>, tensor<9x9xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<9x9xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<9x9xf32>) -> tensor<9x9xf32>
  %0 = tensor.insert_slice %src into %z[1, 1] [4, 4] [2, 2] : tensor<4x4xf32> into tensor<9x9xf32>
  return %0, %z : tensor<9x9xf32>, tensor<9x9xf32>
}
