// Convolutions with elementwise consumers, for TestEpilogues: the plan
// makes each consumer its producer's epilogue, and the CPU runs it inside
// the contraction's tiles.

// conv + bias (the lowering initializes the accumulator with it) + ReLU.
func.func @conv_relu(%x: !torch.vtensor<[2,8,12,12],f32>, %w: !torch.vtensor<[20,8,3,3],f32>, %b: !torch.vtensor<[20],f32>) -> !torch.vtensor<[2,20,12,12],f32> {
  %int1 = torch.constant.int 1
  %int0 = torch.constant.int 0
  %false = torch.constant.bool false
  %s = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %op = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %y = torch.aten.convolution %x, %w, %b, %s, %s, %s, %false, %op, %int1 : !torch.vtensor<[2,8,12,12],f32>, !torch.vtensor<[20,8,3,3],f32>, !torch.vtensor<[20],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int -> !torch.vtensor<[2,20,12,12],f32>
  %r = torch.aten.relu %y : !torch.vtensor<[2,20,12,12],f32> -> !torch.vtensor<[2,20,12,12],f32>
  return %r : !torch.vtensor<[2,20,12,12],f32>
}

// bf16: the f32 accumulator is truncated (the epilogue is the truncf),
// then a residual add in bf16 joins the chain.
func.func @conv_bf16(%x: !torch.vtensor<[1,16,10,9],bf16>, %w: !torch.vtensor<[24,16,3,3],bf16>, %b: !torch.vtensor<[24],bf16>, %res: !torch.vtensor<[1,24,8,7],bf16>) -> !torch.vtensor<[1,24,8,7],bf16> {
  %int1 = torch.constant.int 1
  %int0 = torch.constant.int 0
  %false = torch.constant.bool false
  %s = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %y = torch.aten.convolution %x, %w, %b, %s, %p, %s, %false, %p, %int1 : !torch.vtensor<[1,16,10,9],bf16>, !torch.vtensor<[24,16,3,3],bf16>, !torch.vtensor<[24],bf16>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int -> !torch.vtensor<[1,24,8,7],bf16>
  %a = torch.aten.add.Tensor %y, %res, %int1 : !torch.vtensor<[1,24,8,7],bf16>, !torch.vtensor<[1,24,8,7],bf16>, !torch.int -> !torch.vtensor<[1,24,8,7],bf16>
  return %a : !torch.vtensor<[1,24,8,7],bf16>
}

// bf16 alone: the epilogue is only the truncf, which runs after the
// contraction as a converting copy.
func.func @conv_bf16_trunc(%x: !torch.vtensor<[2,16,10,9],bf16>, %w: !torch.vtensor<[24,16,3,3],bf16>) -> !torch.vtensor<[2,24,8,7],bf16> {
  %int1 = torch.constant.int 1
  %int0 = torch.constant.int 0
  %false = torch.constant.bool false
  %none = torch.constant.none
  %s = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %y = torch.aten.convolution %x, %w, %none, %s, %p, %s, %false, %p, %int1 : !torch.vtensor<[2,16,10,9],bf16>, !torch.vtensor<[24,16,3,3],bf16>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int -> !torch.vtensor<[2,24,8,7],bf16>
  return %y : !torch.vtensor<[2,24,8,7],bf16>
}

// A matmul with a scaled, tanh'd result.
func.func @mm_tanh(%a: !torch.vtensor<[37,64],f32>, %b: !torch.vtensor<[64,50],f32>) -> !torch.vtensor<[37,50],f32> {
  %m = torch.aten.mm %a, %b : !torch.vtensor<[37,64],f32>, !torch.vtensor<[64,50],f32> -> !torch.vtensor<[37,50],f32>
  %t = torch.aten.tanh %m : !torch.vtensor<[37,50],f32> -> !torch.vtensor<[37,50],f32>
  return %t : !torch.vtensor<[37,50],f32>
}
