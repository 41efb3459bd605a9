// Constants and structural ops with torch-mlir's result names; duplicate
// names take _N suffixes from one counter shared by all names.
module {
  func.func @constants() -> (!torch.int, !torch.float, !torch.bool, !torch.none, !torch.str) {
    %int0 = torch.constant.int 0
    %int3 = torch.constant.int 3
    %int-1 = torch.constant.int -1
    %int0_0 = torch.constant.int 0
    %int3_1 = torch.constant.int 3
    %float1.000000e00 = torch.constant.float 1.000000e+00
    %float1.000000e-05 = torch.constant.float 1.000000e-05
    %float-5.000000e-01 = torch.constant.float -5.000000e-01
    %float1.000000e-01 = torch.constant.float 1.000000e-01
    %float0.000000e00 = torch.constant.float 0.000000e+00
    %floatNaN = torch.constant.float 0x7FF8000000000000
    %float-Inf = torch.constant.float 0xFFF0000000000000
    %true = torch.constant.bool true
    %false = torch.constant.bool false
    %true_2 = torch.constant.bool true
    %none = torch.constant.none
    %none_3 = torch.constant.none
    %str = torch.constant.str "none"
    %str_4 = torch.constant.str "tanh"
    %cpu = torch.constant.device "cpu"
    %cuda_0 = torch.constant.device "cuda:0"
    return %int0, %float1.000000e00, %true, %none, %str : !torch.int, !torch.float, !torch.bool, !torch.none, !torch.str
  }
  func.func @lists(%arg0: !torch.vtensor<[2],f32>, %arg1: !torch.vtensor<[3],f32>) -> !torch.list<int> {
    %0 = torch.prim.ListConstruct  : () -> !torch.list<int>
    %none = torch.constant.none
    %int1 = torch.constant.int 1
    %1 = torch.prim.ListConstruct %none, %int1 : (!torch.none, !torch.int) -> !torch.list<optional<int>>
    %2 = torch.prim.ListConstruct %arg0, %arg1 : (!torch.vtensor<[2],f32>, !torch.vtensor<[3],f32>) -> !torch.list<vtensor>
    %3 = torch.prim.ListConstruct %none, %arg0 : (!torch.none, !torch.vtensor<[2],f32>) -> !torch.list<optional<vtensor>>
    %4 = torch.prim.ListConstruct %arg0 : (!torch.vtensor<[2],f32>) -> !torch.list<vtensor<[2],f32>>
    %5 = torch.prim.TupleConstruct %int1, %arg0 : !torch.int, !torch.vtensor<[2],f32> -> !torch.tuple<int, vtensor<[2],f32>>
    %6 = torch.prim.TupleIndex %5, %int1 : !torch.tuple<int, vtensor<[2],f32>>, !torch.int -> !torch.vtensor<[2],f32>
    %7 = torch.derefine %none : !torch.none to !torch.optional<int>
    %8 = torch.derefine %int1 : !torch.int to !torch.optional<int>
    %9:2 = torch.prim.ListUnpack %2 : !torch.list<vtensor> -> !torch.vtensor<[2],f32>, !torch.vtensor<[3],f32>
    %10:2 = torch.prim.TupleUnpack %5 : !torch.tuple<int, vtensor<[2],f32>> -> !torch.int, !torch.vtensor<[2],f32>
    return %0 : !torch.list<int>
  }
  func.func @literals() -> (!torch.vtensor<[2],f32>, !torch.vtensor<[1],si64>, !torch.vtensor<[2,2],i1>, !torch.vtensor<[],f32>) {
    %0 = torch.vtensor.literal(dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>) : !torch.vtensor<[2],f32>
    %1 = torch.vtensor.literal(dense<1> : tensor<1xsi64>) : !torch.vtensor<[1],si64>
    %2 = torch.vtensor.literal(dense<[[true, false], [false, true]]> : tensor<2x2xi1>) : !torch.vtensor<[2,2],i1>
    %3 = torch.vtensor.literal(dense<5.000000e-01> : tensor<f32>) : !torch.vtensor<[],f32>
    return %0, %1, %2, %3 : !torch.vtensor<[2],f32>, !torch.vtensor<[1],si64>, !torch.vtensor<[2,2],i1>, !torch.vtensor<[],f32>
  }
  func.func @operator(%arg0: !torch.vtensor<[3,4],f32>) -> (!torch.none, !torch.vtensor<[3,4],f32>) {
    %0:3 = torch.operator "torch.torch_mlir_test.multi_return"(%arg0) : (!torch.vtensor<[3,4],f32>) -> (!torch.none, !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],f32>)
    torch.operator "torch.test.sink"(%0#1) {torch.note = "side effect"} : (!torch.vtensor<[3,4],f32>) -> ()
    return %0#0, %0#2 : !torch.none, !torch.vtensor<[3,4],f32>
  }
}

// -----

// A Python scalar passed where a Tensor is expected (fx_importer's form).
module {
  func.func @num_to_tensor() -> !torch.vtensor<[],si64> {
    %int1 = torch.constant.int 1
    %0 = torch.prim.NumToTensor.Scalar %int1 : !torch.int -> !torch.vtensor<[],si64>
    return %0 : !torch.vtensor<[],si64>
  }
}
