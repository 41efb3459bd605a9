// RUN: torchlower opt %s -p torch-decompose-composite-ops --split-input-file | FileCheck %s

// conv2d is convolution with transposed false and no output padding.
// CHECK-LABEL: func.func @conv2d(
// CHECK:         %[[F:.*]] = torch.constant.bool false
// CHECK:         %[[OP:.*]] = torch.prim.ListConstruct %int0, %int0_{{.*}} : (!torch.int, !torch.int) -> !torch.list<int>
// CHECK:         torch.aten.convolution %arg0, %arg1, %arg2, %{{.*}}, %{{.*}}, %{{.*}}, %[[F]], %[[OP]], %{{.*}} :
// CHECK-NOT:     torch.aten.conv2d
func.func @conv2d(%x: !torch.vtensor<[2,3,8,8],f32>, %w: !torch.vtensor<[4,3,3,3],f32>, %b: !torch.vtensor<[4],f32>) -> !torch.vtensor<[2,4,4,4],f32> {
  %int2 = torch.constant.int 2
  %int1 = torch.constant.int 1
  %s = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.conv2d %x, %w, %b, %s, %p, %p, %int1 : !torch.vtensor<[2,3,8,8],f32>, !torch.vtensor<[4,3,3,3],f32>, !torch.vtensor<[4],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int -> !torch.vtensor<[2,4,4,4],f32>
  return %0 : !torch.vtensor<[2,4,4,4],f32>
}

// -----

// conv_transpose2d moves its dilation (last) to convolution's place and
// keeps its output_padding.
// CHECK-LABEL: func.func @conv_transpose2d(
// CHECK:         %[[T:.*]] = torch.constant.bool true
// CHECK:         torch.aten.convolution %arg0, %arg1, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[T]], %{{.*}}, %{{.*}} : {{.*}} -> !torch.vtensor<[1,3,10,10],f32>
func.func @conv_transpose2d(%x: !torch.vtensor<[1,4,5,5],f32>, %w: !torch.vtensor<[4,3,3,3],f32>) -> !torch.vtensor<[1,3,10,10],f32> {
  %none = torch.constant.none
  %int2 = torch.constant.int 2
  %int1 = torch.constant.int 1
  %s = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.conv_transpose2d.input %x, %w, %none, %s, %p, %p, %int1, %p : !torch.vtensor<[1,4,5,5],f32>, !torch.vtensor<[4,3,3,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int, !torch.list<int> -> !torch.vtensor<[1,3,10,10],f32>
  return %0 : !torch.vtensor<[1,3,10,10],f32>
}

// -----

// linear of a 3-D input with a bias: the input viewed as rows, addmm with
// the bias and the transposed weight, viewed back (PyTorch 2.x's
// _flatten_nd_linear: the biased product is rounded once).
// CHECK-LABEL: func.func @linear_3d(
// CHECK:         %[[WT:.*]] = torch.aten.t %arg1 : !torch.vtensor<[6,8],f32> -> !torch.vtensor<[8,6],f32>
// CHECK:         %[[X2:.*]] = torch.aten.view %arg0, %{{.*}} : !torch.vtensor<[2,5,8],f32>, !torch.list<int> -> !torch.vtensor<[10,8],f32>
// CHECK:         %[[MM:.*]] = torch.aten.addmm %arg2, %[[X2]], %[[WT]], %{{.*}}, %{{.*}} : {{.*}} -> !torch.vtensor<[10,6],f32>
// CHECK:         torch.aten.view %[[MM]], %{{.*}} -> !torch.vtensor<[2,5,6],f32>
func.func @linear_3d(%x: !torch.vtensor<[2,5,8],f32>, %w: !torch.vtensor<[6,8],f32>, %b: !torch.vtensor<[6],f32>) -> !torch.vtensor<[2,5,6],f32> {
  %0 = torch.aten.linear %x, %w, %b : !torch.vtensor<[2,5,8],f32>, !torch.vtensor<[6,8],f32>, !torch.vtensor<[6],f32> -> !torch.vtensor<[2,5,6],f32>
  return %0 : !torch.vtensor<[2,5,6],f32>
}

// -----

// A 2-D input with a bias is addmm, as in ATen.
// CHECK-LABEL: func.func @linear_2d(
// CHECK:         torch.aten.addmm %arg2, %arg0, %{{.*}}, %{{.*}}, %{{.*}} : !torch.vtensor<[6],f32>, !torch.vtensor<[4,8],f32>, !torch.vtensor<[8,6],f32>, !torch.int, !torch.int -> !torch.vtensor<[4,6],f32>
func.func @linear_2d(%x: !torch.vtensor<[4,8],f32>, %w: !torch.vtensor<[6,8],f32>, %b: !torch.vtensor<[6],f32>) -> !torch.vtensor<[4,6],f32> {
  %0 = torch.aten.linear %x, %w, %b : !torch.vtensor<[4,8],f32>, !torch.vtensor<[6,8],f32>, !torch.vtensor<[6],f32> -> !torch.vtensor<[4,6],f32>
  return %0 : !torch.vtensor<[4,6],f32>
}

// -----

// Batched matmul broadcasts the batch dims ([2,1] and [3] to [2,3]) and
// multiplies [6, n, k] by [6, k, m] with bmm.
// CHECK-LABEL: func.func @matmul_broadcast(
// CHECK:         torch.aten.expand %arg0, {{.*}} -> !torch.vtensor<[2,3,4,8],f32>
// CHECK:         torch.aten.view {{.*}} -> !torch.vtensor<[6,4,8],f32>
// CHECK:         torch.aten.expand %arg1, {{.*}} -> !torch.vtensor<[2,3,8,5],f32>
// CHECK:         torch.aten.view {{.*}} -> !torch.vtensor<[6,8,5],f32>
// CHECK:         torch.aten.bmm {{.*}} -> !torch.vtensor<[6,4,5],f32>
// CHECK:         torch.aten.view {{.*}} -> !torch.vtensor<[2,3,4,5],f32>
func.func @matmul_broadcast(%a: !torch.vtensor<[2,1,4,8],f32>, %b: !torch.vtensor<[3,8,5],f32>) -> !torch.vtensor<[2,3,4,5],f32> {
  %0 = torch.aten.matmul %a, %b : !torch.vtensor<[2,1,4,8],f32>, !torch.vtensor<[3,8,5],f32> -> !torch.vtensor<[2,3,4,5],f32>
  return %0 : !torch.vtensor<[2,3,4,5],f32>
}

// -----

// batch_norm in eval mode normalizes by the running statistics.
// CHECK-LABEL: func.func @batch_norm_eval(
// CHECK:         %[[R:.*]]:3 = torch.aten._native_batch_norm_legit_no_training %arg0, %arg1, %arg2, %arg3, %arg4, %{{.*}}, %{{.*}} :
// CHECK:         return %[[R]]#0
func.func @batch_norm_eval(%x: !torch.vtensor<[2,3,4,4],f32>, %w: !torch.vtensor<[3],f32>, %b: !torch.vtensor<[3],f32>, %rm: !torch.vtensor<[3],f32>, %rv: !torch.vtensor<[3],f32>) -> !torch.vtensor<[2,3,4,4],f32> {
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %mom = torch.constant.float 1.000000e-01
  %eps = torch.constant.float 1.000000e-05
  %0 = torch.aten.batch_norm %x, %w, %b, %rm, %rv, %false, %mom, %eps, %true : !torch.vtensor<[2,3,4,4],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.bool, !torch.float, !torch.float, !torch.bool -> !torch.vtensor<[2,3,4,4],f32>
  return %0 : !torch.vtensor<[2,3,4,4],f32>
}

// -----

// cross_entropy_loss of class indices is nll_loss of log_softmax over the
// class dim.
// CHECK-LABEL: func.func @cross_entropy(
// CHECK:         %[[L:.*]] = torch.aten._log_softmax %arg0, %int1{{.*}}, %false : !torch.vtensor<[4,10],f32>, !torch.int, !torch.bool -> !torch.vtensor<[4,10],f32>
// CHECK:         %[[N:.*]]:2 = torch.aten.nll_loss_forward %[[L]], %arg1,
// CHECK:         return %[[N]]#0
func.func @cross_entropy(%x: !torch.vtensor<[4,10],f32>, %t: !torch.vtensor<[4],si64>) -> !torch.vtensor<[],f32> {
  %none = torch.constant.none
  %int1 = torch.constant.int 1
  %int-100 = torch.constant.int -100
  %ls = torch.constant.float 0.000000e+00
  %0 = torch.aten.cross_entropy_loss %x, %t, %none, %int1, %int-100, %ls : !torch.vtensor<[4,10],f32>, !torch.vtensor<[4],si64>, !torch.none, !torch.int, !torch.int, !torch.float -> !torch.vtensor<[],f32>
  return %0 : !torch.vtensor<[],f32>
}

// -----

// linear without a bias is matmul's mm on the rows, viewed back.
// CHECK-LABEL: func.func @linear_3d_no_bias(
// CHECK:         torch.aten.mm %{{.*}}, %{{.*}} : !torch.vtensor<[10,8],f32>, !torch.vtensor<[8,6],f32> -> !torch.vtensor<[10,6],f32>
// CHECK-NOT:     torch.aten.add
func.func @linear_3d_no_bias(%x: !torch.vtensor<[2,5,8],f32>, %w: !torch.vtensor<[6,8],f32>) -> !torch.vtensor<[2,5,6],f32> {
  %none = torch.constant.none
  %0 = torch.aten.linear %x, %w, %none : !torch.vtensor<[2,5,8],f32>, !torch.vtensor<[6,8],f32>, !torch.none -> !torch.vtensor<[2,5,6],f32>
  return %0 : !torch.vtensor<[2,5,6],f32>
}

// -----

// instance_norm with the input's statistics is group norm with one
// channel per group.
// CHECK-LABEL: func.func @instance_norm(
// CHECK:         %int3_0 = torch.constant.int 3
// CHECK:         %[[R:.*]]:3 = torch.aten.native_group_norm %arg0, %arg1, %arg2, %{{.*}}, %{{.*}}, %{{.*}}, %int3_0, %{{.*}} : {{.*}} -> !torch.vtensor<[2,3,4,4],f32>, !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>
// CHECK:         return %[[R]]#0
func.func @instance_norm(%x: !torch.vtensor<[2,3,4,4],f32>, %w: !torch.vtensor<[3],f32>, %b: !torch.vtensor<[3],f32>) -> !torch.vtensor<[2,3,4,4],f32> {
  %none = torch.constant.none
  %true = torch.constant.bool true
  %mom = torch.constant.float 1.000000e-01
  %eps = torch.constant.float 1.000000e-05
  %0 = torch.aten.instance_norm %x, %w, %b, %none, %none, %true, %mom, %eps, %true : !torch.vtensor<[2,3,4,4],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.none, !torch.none, !torch.bool, !torch.float, !torch.float, !torch.bool -> !torch.vtensor<[2,3,4,4],f32>
  return %0 : !torch.vtensor<[2,3,4,4],f32>
}

// -----

// padding='same' with an even kernel: the total padding 1 is split 0
// before and 1 after, so the input is padded by 1 at the end of each
// spatial dim first, then convolved without padding (ATen's
// _convolution_mode).
// CHECK-LABEL: func.func @conv2d_same_even(
// CHECK:         %[[P:.*]] = torch.aten.constant_pad_nd %arg0, %{{.*}}, %{{.*}} : !torch.vtensor<[1,3,6,6],f32>, !torch.list<int>, !torch.int -> !torch.vtensor<[1,3,7,7],f32>
// CHECK:         torch.aten.convolution %[[P]], %arg1, {{.*}} -> !torch.vtensor<[1,4,6,6],f32>
func.func @conv2d_same_even(%x: !torch.vtensor<[1,3,6,6],f32>, %w: !torch.vtensor<[4,3,2,2],f32>) -> !torch.vtensor<[1,4,6,6],f32> {
  %none = torch.constant.none
  %int1 = torch.constant.int 1
  %s = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %same = torch.constant.str "same"
  %0 = torch.aten.conv2d.padding %x, %w, %none, %s, %same, %s, %int1 : !torch.vtensor<[1,3,6,6],f32>, !torch.vtensor<[4,3,2,2],f32>, !torch.none, !torch.list<int>, !torch.str, !torch.list<int>, !torch.int -> !torch.vtensor<[1,4,6,6],f32>
  return %0 : !torch.vtensor<[1,4,6,6],f32>
}

// -----

// max_pool3d (and max_pool1d) are their _with_indices op's values.
// CHECK-LABEL: func.func @max_pool3d(
// CHECK:         %[[R:.*]]:2 = torch.aten.max_pool3d_with_indices %arg0, %{{.*}} : !torch.vtensor<[1,2,4,4,4],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool -> !torch.vtensor<[1,2,2,2,2],f32>, !torch.vtensor<[1,2,2,2,2],si64>
// CHECK:         %[[S:.*]]:2 = torch.aten.max_pool1d_with_indices %arg1, %{{.*}} -> !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],si64>
// CHECK:         return %[[R]]#0, %[[S]]#0
func.func @max_pool3d(%x: !torch.vtensor<[1,2,4,4,4],f32>, %y: !torch.vtensor<[3,8],f32>) -> (!torch.vtensor<[1,2,2,2,2],f32>, !torch.vtensor<[3,4],f32>) {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %false = torch.constant.bool false
  %k = torch.prim.ListConstruct %int2 : (!torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int0 : (!torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.max_pool3d %x, %k, %k, %p, %d, %false : !torch.vtensor<[1,2,4,4,4],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool -> !torch.vtensor<[1,2,2,2,2],f32>
  %1 = torch.aten.max_pool1d %y, %k, %k, %p, %d, %false : !torch.vtensor<[3,8],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool -> !torch.vtensor<[3,4],f32>
  return %0, %1 : !torch.vtensor<[1,2,2,2,2],f32>, !torch.vtensor<[3,4],f32>
}

// -----

// adaptive_avg_pool3d is _adaptive_avg_pool3d.
// CHECK-LABEL: func.func @adaptive_avg_pool3d(
// CHECK:         %[[R:.*]] = torch.aten._adaptive_avg_pool3d %arg0, %{{.*}} : !torch.vtensor<[1,2,4,4,4],f32>, !torch.list<int> -> !torch.vtensor<[1,2,1,1,1],f32>
// CHECK:         return %[[R]]
func.func @adaptive_avg_pool3d(%x: !torch.vtensor<[1,2,4,4,4],f32>) -> !torch.vtensor<[1,2,1,1,1],f32> {
  %int1 = torch.constant.int 1
  %o = torch.prim.ListConstruct %int1, %int1, %int1 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.adaptive_avg_pool3d %x, %o : !torch.vtensor<[1,2,4,4,4],f32>, !torch.list<int> -> !torch.vtensor<[1,2,1,1,1],f32>
  return %0 : !torch.vtensor<[1,2,1,1,1],f32>
}

// -----

// F.pad by mode: "reflect" and "replicate" with 4 entries are
// reflection_pad2d and replication_pad2d; "constant" is constant_pad_nd
// with the value, or 0 without one.
// CHECK-LABEL: func.func @pad_modes(
// CHECK:         %[[A:.*]] = torch.aten.reflection_pad2d %arg0, %[[P:.*]] : !torch.vtensor<[1,2,4,4],f32>, !torch.list<int> -> !torch.vtensor<[1,2,6,6],f32>
// CHECK:         %[[B:.*]] = torch.aten.replication_pad2d %arg0, %[[P]] : !torch.vtensor<[1,2,4,4],f32>, !torch.list<int> -> !torch.vtensor<[1,2,6,6],f32>
// CHECK:         %[[C:.*]] = torch.aten.constant_pad_nd %arg0, %[[P]], %[[V:.*]] : !torch.vtensor<[1,2,4,4],f32>, !torch.list<int>, !torch.float -> !torch.vtensor<[1,2,6,6],f32>
// CHECK:         %[[Z:.*]] = torch.constant.int 0
// CHECK:         %[[D:.*]] = torch.aten.constant_pad_nd %arg0, %[[P]], %[[Z]] : !torch.vtensor<[1,2,4,4],f32>, !torch.list<int>, !torch.int -> !torch.vtensor<[1,2,6,6],f32>
// CHECK:         return %[[A]], %[[B]], %[[C]], %[[D]]
func.func @pad_modes(%x: !torch.vtensor<[1,2,4,4],f32>) -> (!torch.vtensor<[1,2,6,6],f32>, !torch.vtensor<[1,2,6,6],f32>, !torch.vtensor<[1,2,6,6],f32>, !torch.vtensor<[1,2,6,6],f32>) {
  %int1 = torch.constant.int 1
  %none = torch.constant.none
  %v = torch.constant.float 2.500000e+00
  %reflect = torch.constant.str "reflect"
  %replicate = torch.constant.str "replicate"
  %constant = torch.constant.str "constant"
  %p = torch.prim.ListConstruct %int1, %int1, %int1, %int1 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.pad %x, %p, %reflect, %none : !torch.vtensor<[1,2,4,4],f32>, !torch.list<int>, !torch.str, !torch.none -> !torch.vtensor<[1,2,6,6],f32>
  %1 = torch.aten.pad %x, %p, %replicate, %none : !torch.vtensor<[1,2,4,4],f32>, !torch.list<int>, !torch.str, !torch.none -> !torch.vtensor<[1,2,6,6],f32>
  %2 = torch.aten.pad %x, %p, %constant, %v : !torch.vtensor<[1,2,4,4],f32>, !torch.list<int>, !torch.str, !torch.float -> !torch.vtensor<[1,2,6,6],f32>
  %3 = torch.aten.pad %x, %p, %constant, %none : !torch.vtensor<[1,2,4,4],f32>, !torch.list<int>, !torch.str, !torch.none -> !torch.vtensor<[1,2,6,6],f32>
  return %0, %1, %2, %3 : !torch.vtensor<[1,2,6,6],f32>, !torch.vtensor<[1,2,6,6],f32>, !torch.vtensor<[1,2,6,6],f32>, !torch.vtensor<[1,2,6,6],f32>
}
