// RUN: torchlower opt %s -p convert-torch-to-linalg --split-input-file | FileCheck %s

// scaled_dot_product_attention over [N, L, E] with is_causal: q·kᵀ as a
// contraction over E (loops N, L, S, E), then one elementwise generic that
// scales by 1/√E = 0.5 and sets −∞ above the diagonal (column index d2
// greater than row index d1), the softmax statistics over S (a row max
// from −∞, Σ exp(x − max) from 0, a max of −∞ read as 0), the
// probabilities (0 where Σ = 0: a row the mask excludes entirely), and
// P·v as a contraction over S (v read as (d0, d3, d2): [N, S, Ev]).
// CHECK-DAG:   #[[Q:map[0-9]*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
// CHECK-DAG:   #[[K:map[0-9]*]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
// CHECK-DAG:   #[[OUT:map[0-9]*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-DAG:   #[[ID:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG:   #[[ROW:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG:   #[[V:map[0-9]*]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
// CHECK-LABEL: func.func @sdpa_causal(
// CHECK-SAME:      %[[QA:[^:]*]]: tensor<2x3x4xf32>, %[[KA:[^:]*]]: tensor<2x5x4xf32>, %[[VA:[^:]*]]: tensor<2x5x6xf32>) -> tensor<2x3x6xf32>
// CHECK:         %[[SC:.*]] = linalg.generic {indexing_maps = [#[[Q]], #[[K]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%[[QA]], %[[KA]] : tensor<2x3x4xf32>, tensor<2x5x4xf32>) outs(%{{.*}} : tensor<2x3x5xf32>)
// CHECK:           arith.mulf
// CHECK:           arith.addf
// CHECK:         %[[LG:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ID]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[SC]] : tensor<2x3x5xf32>)
// CHECK:           %[[HALF:.*]] = arith.constant 5.000000e-01 : f32
// CHECK:           %[[X:.*]] = arith.mulf %{{.*}}, %[[HALF]] : f32
// CHECK:           %[[NEGINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK:           %[[COL:.*]] = linalg.index 2 : index
// CHECK:           %[[ROWI:.*]] = linalg.index 1 : index
// CHECK:           %[[ABOVE:.*]] = arith.cmpi sgt, %[[COL]], %[[ROWI]] : index
// CHECK:           arith.select %[[ABOVE]], %[[NEGINF]], %[[X]] : f32
// CHECK:         %[[MAX:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[LG]] : tensor<2x3x5xf32>)
// CHECK:           arith.maxf
// CHECK:         %[[SUM:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ROW]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[LG]], %[[MAX]] : tensor<2x3x5xf32>, tensor<2x3xf32>)
// CHECK:           arith.cmpf oeq
// CHECK:           math.exp
// CHECK:         %[[P:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ROW]], #[[ID]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[LG]], %[[MAX]], %[[SUM]] : tensor<2x3x5xf32>, tensor<2x3xf32>, tensor<2x3xf32>)
// CHECK:           math.exp
// CHECK:           %[[EMPTY:.*]] = arith.cmpf oeq, %{{.*}}, %{{.*}} : f32
// CHECK:           %[[DIV:.*]] = arith.divf
// CHECK:           arith.select %[[EMPTY]], %{{.*}}, %[[DIV]] : f32
// CHECK:         %[[O:.*]] = linalg.generic {indexing_maps = [#[[Q]], #[[V]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%[[P]], %[[VA]] : tensor<2x3x5xf32>, tensor<2x5x6xf32>) outs(%{{.*}} : tensor<2x3x6xf32>)
// CHECK:         return %[[O]] : tensor<2x3x6xf32>
func.func @sdpa_causal(%q: !torch.vtensor<[2,3,4],f32>, %k: !torch.vtensor<[2,5,4],f32>, %v: !torch.vtensor<[2,5,6],f32>) -> !torch.vtensor<[2,3,6],f32> {
  %none = torch.constant.none
  %p = torch.constant.float 0.0
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %0 = torch.aten.scaled_dot_product_attention %q, %k, %v, %none, %p, %true, %none, %false : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,5,4],f32>, !torch.vtensor<[2,5,6],f32>, !torch.none, !torch.float, !torch.bool, !torch.none, !torch.bool -> !torch.vtensor<[2,3,6],f32>
  return %0 : !torch.vtensor<[2,3,6],f32>
}

// -----

// A bool mask of [L, S] is read through its broadcast to [N, H, L, S]
// (the batch dims dropped) and selects −∞ where it is false; bf16
// operands are extended to f32 in every product and the output is
// truncated once. The flash op's logsumexp is max + log Σ, in f32.
// CHECK-DAG:   #[[MASK:map[0-9]*]] = affine_map<(d0, d1, d2, d3) -> (d2, d3)>
// CHECK-LABEL: func.func @flash_bool_mask_bf16(
// CHECK-SAME:      %{{[^:]*}}: tensor<1x2x3x4xbf16>, %{{[^:]*}}: tensor<1x2x5x4xbf16>, %{{[^:]*}}: tensor<1x2x5x4xbf16>, %[[M:[^:]*]]: tensor<3x5xi1>) -> (tensor<1x2x3x4xbf16>, tensor<1x2x3xf32>)
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
// CHECK:           arith.extf %{{.*}} : bf16 to f32
// CHECK:           arith.extf %{{.*}} : bf16 to f32
// CHECK:         linalg.generic {indexing_maps = [#{{.*}}, #[[MASK]], #{{.*}}], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%{{.*}}, %[[M]] : tensor<1x2x3x5xf32>, tensor<3x5xi1>)
// CHECK:           ^bb0(%{{.*}}: f32, %[[KEEP:.*]]: i1, %{{.*}}: f32):
// CHECK:           arith.select %[[KEEP]], %{{.*}}, %{{.*}} : f32
// CHECK:         %[[O:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<1x2x3x4xf32>)
// CHECK:         %[[OT:.*]] = linalg.generic {{.*}} ins(%[[O]] : tensor<1x2x3x4xf32>) outs(%{{.*}} : tensor<1x2x3x4xbf16>)
// CHECK:           arith.truncf %{{.*}} : f32 to bf16
// CHECK:         %[[LSE:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<1x2x3xf32>)
// CHECK:           math.log
// CHECK:           arith.addf
// CHECK:         return %[[OT]], %[[LSE]] : tensor<1x2x3x4xbf16>, tensor<1x2x3xf32>
func.func @flash_bool_mask_bf16(%q: !torch.vtensor<[1,2,3,4],bf16>, %k: !torch.vtensor<[1,2,5,4],bf16>, %v: !torch.vtensor<[1,2,5,4],bf16>, %m: !torch.vtensor<[3,5],i1>) -> (!torch.vtensor<[1,2,3,4],bf16>, !torch.vtensor<[1,2,3],f32>) {
  %p = torch.constant.float 0.0
  %false = torch.constant.bool false
  %none = torch.constant.none
  %0:2 = torch.aten._scaled_dot_product_flash_attention_for_cpu %q, %k, %v, %p, %false, %m, %none : !torch.vtensor<[1,2,3,4],bf16>, !torch.vtensor<[1,2,5,4],bf16>, !torch.vtensor<[1,2,5,4],bf16>, !torch.float, !torch.bool, !torch.vtensor<[3,5],i1>, !torch.none -> !torch.vtensor<[1,2,3,4],bf16>, !torch.vtensor<[1,2,3],f32>
  return %0#0, %0#1 : !torch.vtensor<[1,2,3,4],bf16>, !torch.vtensor<[1,2,3],f32>
}

// -----

// The backward recomputes P from q and k and reads neither out nor
// logsumexp (here the [N, H, L, S] probabilities a decomposed forward
// passes). dv = Pᵀ·dout contracts over L (P read as (d0, d1, d4, d2));
// dP = dout·vᵀ; Σ_S P·dP; dlogits = P·(dP − Σ)·scale (1/√4); dq = dlogits·k;
// dk = dlogitsᵀ·q.
// CHECK-DAG:   #[[PT:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4, d2)>
// CHECK-LABEL: func.func @flash_backward(
// CHECK-SAME:      %[[DO:[^:]*]]: tensor<1x2x3x4xf32>, %[[QA:[^:]*]]: tensor<1x2x3x4xf32>, %[[KA:[^:]*]]: tensor<1x2x5x4xf32>, %[[VA:[^:]*]]: tensor<1x2x5x4xf32>, %[[OA:[^:]*]]: tensor<1x2x3x4xf32>, %[[LA:[^:]*]]: tensor<1x2x3x5xf32>)
// CHECK-NOT:     ins(%[[OA]]
// CHECK-NOT:     ins(%[[LA]]
// CHECK:         %[[P:.*]] = linalg.generic {{.*}} ins(%{{.*}}, %{{.*}}, %{{.*}} : tensor<1x2x3x5xf32>, tensor<1x2x3xf32>, tensor<1x2x3xf32>)
// CHECK:         %[[DV:.*]] = linalg.generic {indexing_maps = [#[[PT]], #{{.*}}, #{{.*}}], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%[[P]], %[[DO]] : tensor<1x2x3x5xf32>, tensor<1x2x3x4xf32>) outs(%{{.*}} : tensor<1x2x5x4xf32>)
// CHECK:         %[[DP:.*]] = linalg.generic {{.*}} ins(%[[DO]], %[[VA]] : tensor<1x2x3x4xf32>, tensor<1x2x5x4xf32>) outs(%{{.*}} : tensor<1x2x3x5xf32>)
// CHECK:         %[[ROW:.*]] = linalg.generic {{.*}} ins(%[[P]], %[[DP]] : tensor<1x2x3x5xf32>, tensor<1x2x3x5xf32>) outs(%{{.*}} : tensor<1x2x3xf32>)
// CHECK:         %[[DL:.*]] = linalg.generic {{.*}} ins(%[[P]], %[[DP]], %[[ROW]] : tensor<1x2x3x5xf32>, tensor<1x2x3x5xf32>, tensor<1x2x3xf32>)
// CHECK:           arith.subf
// CHECK:           arith.mulf
// CHECK:           %[[HALF:.*]] = arith.constant 5.000000e-01 : f32
// CHECK:           arith.mulf %{{.*}}, %[[HALF]] : f32
// CHECK:         %[[DQ:.*]] = linalg.generic {{.*}} ins(%[[DL]], %[[KA]] : tensor<1x2x3x5xf32>, tensor<1x2x5x4xf32>) outs(%{{.*}} : tensor<1x2x3x4xf32>)
// CHECK:         %[[DK:.*]] = linalg.generic {indexing_maps = [#[[PT]], #{{.*}}, #{{.*}}], {{.*}} ins(%[[DL]], %[[QA]] : tensor<1x2x3x5xf32>, tensor<1x2x3x4xf32>) outs(%{{.*}} : tensor<1x2x5x4xf32>)
// CHECK:         return %[[DQ]], %[[DK]], %[[DV]]
func.func @flash_backward(%dout: !torch.vtensor<[1,2,3,4],f32>, %q: !torch.vtensor<[1,2,3,4],f32>, %k: !torch.vtensor<[1,2,5,4],f32>, %v: !torch.vtensor<[1,2,5,4],f32>, %out: !torch.vtensor<[1,2,3,4],f32>, %probs: !torch.vtensor<[1,2,3,5],f32>) -> (!torch.vtensor<[1,2,3,4],f32>, !torch.vtensor<[1,2,5,4],f32>, !torch.vtensor<[1,2,5,4],f32>) {
  %p = torch.constant.float 0.0
  %false = torch.constant.bool false
  %none = torch.constant.none
  %0:3 = torch.aten._scaled_dot_product_flash_attention_for_cpu_backward %dout, %q, %k, %v, %out, %probs, %p, %false, %none, %none : !torch.vtensor<[1,2,3,4],f32>, !torch.vtensor<[1,2,3,4],f32>, !torch.vtensor<[1,2,5,4],f32>, !torch.vtensor<[1,2,5,4],f32>, !torch.vtensor<[1,2,3,4],f32>, !torch.vtensor<[1,2,3,5],f32>, !torch.float, !torch.bool, !torch.none, !torch.none -> !torch.vtensor<[1,2,3,4],f32>, !torch.vtensor<[1,2,5,4],f32>, !torch.vtensor<[1,2,5,4],f32>
  return %0#0, %0#1, %0#2 : !torch.vtensor<[1,2,3,4],f32>, !torch.vtensor<[1,2,5,4],f32>, !torch.vtensor<[1,2,5,4],f32>
}
