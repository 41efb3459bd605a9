// RUN: torchlower opt %s -p torch-decompose-composite-ops --split-input-file --verify-diagnostics

// Training-mode batch norm updates its running statistics in place, which
// the IR before decomposition does not record.
func.func @batch_norm_train(%x: !torch.vtensor<[2,3,4,4],f32>, %w: !torch.vtensor<[3],f32>, %b: !torch.vtensor<[3],f32>, %rm: !torch.vtensor<[3],f32>, %rv: !torch.vtensor<[3],f32>) -> !torch.vtensor<[2,3,4,4],f32> {
  %true = torch.constant.bool true
  %mom = torch.constant.float 1.000000e-01
  %eps = torch.constant.float 1.000000e-05
  // expected-error@+1 {{'torch.aten.batch_norm' op batch_norm in training mode updates running_mean and running_var in place, which torch.export's IR before decomposition does not record: call ep.run_decompositions() before torch.export.save (it makes the update an output), or export in eval mode}}
  %0 = torch.aten.batch_norm %x, %w, %b, %rm, %rv, %true, %mom, %eps, %true : !torch.vtensor<[2,3,4,4],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.bool, !torch.float, !torch.float, !torch.bool -> !torch.vtensor<[2,3,4,4],f32>
  return %0 : !torch.vtensor<[2,3,4,4],f32>
}

// -----

func.func @cross_entropy_smoothing(%x: !torch.vtensor<[4,10],f32>, %t: !torch.vtensor<[4],si64>) -> !torch.vtensor<[],f32> {
  %none = torch.constant.none
  %int1 = torch.constant.int 1
  %int-100 = torch.constant.int -100
  %ls = torch.constant.float 1.000000e-01
  // expected-error@+1 {{'torch.aten.cross_entropy_loss' op cross entropy with label_smoothing = 0.1 is not supported: call ep.run_decompositions() before torch.export.save}}
  %0 = torch.aten.cross_entropy_loss %x, %t, %none, %int1, %int-100, %ls : !torch.vtensor<[4,10],f32>, !torch.vtensor<[4],si64>, !torch.none, !torch.int, !torch.int, !torch.float -> !torch.vtensor<[],f32>
  return %0 : !torch.vtensor<[],f32>
}

// -----

// Every op that cannot be decomposed is reported; nothing is rewritten.
func.func @two(%x: !torch.vtensor<[4,10],f32>, %t: !torch.vtensor<[4],f32>, %y: !torch.vtensor<[2,3,4],f32>) -> (!torch.vtensor<[],f32>, !torch.vtensor<[2,12],f32>) {
  %none = torch.constant.none
  %int1 = torch.constant.int 1
  %int-100 = torch.constant.int -100
  %ls = torch.constant.float 0.000000e+00
  // expected-error@+1 {{'torch.aten.cross_entropy_loss' op cross entropy with class probabilities as the target is not supported; use class indices}}
  %0 = torch.aten.cross_entropy_loss %x, %t, %none, %int1, %int-100, %ls : !torch.vtensor<[4,10],f32>, !torch.vtensor<[4],f32>, !torch.none, !torch.int, !torch.int, !torch.float -> !torch.vtensor<[],f32>
  %int2 = torch.constant.int 2
  // expected-error@+1 {{'torch.aten.flatten.using_ints' op the result !torch.vtensor<[2,12],f32> is not the input !torch.vtensor<[2,3,4],f32> flattened over dims 2..2 ([2,3,4])}}
  %1 = torch.aten.flatten.using_ints %y, %int2, %int2 : !torch.vtensor<[2,3,4],f32>, !torch.int, !torch.int -> !torch.vtensor<[2,12],f32>
  return %0, %1 : !torch.vtensor<[],f32>, !torch.vtensor<[2,12],f32>
}

// -----

// The declared result must be what the composite computes.
func.func @matmul_result(%a: !torch.vtensor<[2,3],f32>, %b: !torch.vtensor<[3,4],f32>) -> !torch.vtensor<[4,2],f32> {
  // expected-error@+1 {{'torch.aten.matmul' op expected the result to be !torch.vtensor<[2,4],f32>, got !torch.vtensor<[4,2],f32>}}
  %0 = torch.aten.matmul %a, %b : !torch.vtensor<[2,3],f32>, !torch.vtensor<[3,4],f32> -> !torch.vtensor<[4,2],f32>
  return %0 : !torch.vtensor<[4,2],f32>
}

// -----

func.func @conv2d_same_strided(%x: !torch.vtensor<[1,3,6,6],f32>, %w: !torch.vtensor<[4,3,3,3],f32>) -> !torch.vtensor<[1,4,3,3],f32> {
  %none = torch.constant.none
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %s = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %same = torch.constant.str "same"
  // expected-error@+1 {{'torch.aten.conv2d.padding' op padding='same' is not supported for strided convolutions, as in PyTorch}}
  %0 = torch.aten.conv2d.padding %x, %w, %none, %s, %same, %d, %int1 : !torch.vtensor<[1,3,6,6],f32>, !torch.vtensor<[4,3,3,3],f32>, !torch.none, !torch.list<int>, !torch.str, !torch.list<int>, !torch.int -> !torch.vtensor<[1,4,3,3],f32>
  return %0 : !torch.vtensor<[1,4,3,3],f32>
}

// -----

// F.pad's circular mode is written by torch.export as slices and cat.
func.func @pad_circular(%x: !torch.vtensor<[1,2,4],f32>) -> !torch.vtensor<[1,2,6],f32> {
  %int1 = torch.constant.int 1
  %none = torch.constant.none
  %mode = torch.constant.str "circular"
  %p = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-error@+1 {{'torch.aten.pad' op padding mode "circular" is not supported (constant, reflect and replicate are; torch.export writes circular as slices and cat)}}
  %0 = torch.aten.pad %x, %p, %mode, %none : !torch.vtensor<[1,2,4],f32>, !torch.list<int>, !torch.str, !torch.none -> !torch.vtensor<[1,2,6],f32>
  return %0 : !torch.vtensor<[1,2,6],f32>
}

// -----

func.func @pad_reflect_value(%x: !torch.vtensor<[1,2,4],f32>) -> !torch.vtensor<[1,2,6],f32> {
  %int1 = torch.constant.int 1
  %v = torch.constant.float 2.000000e+00
  %mode = torch.constant.str "reflect"
  %p = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-error@+1 {{'torch.aten.pad' op padding mode "reflect" doesn't take in value argument}}
  %0 = torch.aten.pad %x, %p, %mode, %v : !torch.vtensor<[1,2,4],f32>, !torch.list<int>, !torch.str, !torch.float -> !torch.vtensor<[1,2,6],f32>
  return %0 : !torch.vtensor<[1,2,6],f32>
}
