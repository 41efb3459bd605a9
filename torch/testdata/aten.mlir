// A sample of aten ops in torch-mlir's default syntax: plain and
// overloaded names, in-place ops on !torch.tensor, kwarg-only arguments,
// optional arguments given as !torch.none, tensor lists, list results and
// scalar results.
module {
  func.func @mlp(%arg0: !torch.vtensor<[4,8],f32>, %arg1: !torch.vtensor<[16,8],f32>, %arg2: !torch.vtensor<[16],f32>) -> !torch.vtensor<[4,16],f32> {
    %0 = torch.aten.t %arg1 : !torch.vtensor<[16,8],f32> -> !torch.vtensor<[8,16],f32>
    %int1 = torch.constant.int 1
    %1 = torch.aten.addmm %arg2, %arg0, %0, %int1, %int1 : !torch.vtensor<[16],f32>, !torch.vtensor<[4,8],f32>, !torch.vtensor<[8,16],f32>, !torch.int, !torch.int -> !torch.vtensor<[4,16],f32>
    %2 = torch.aten.relu %1 : !torch.vtensor<[4,16],f32> -> !torch.vtensor<[4,16],f32>
    %float5.000000e-01 = torch.constant.float 5.000000e-01
    %3 = torch.aten.mul.Scalar %2, %float5.000000e-01 : !torch.vtensor<[4,16],f32>, !torch.float -> !torch.vtensor<[4,16],f32>
    %4 = torch.aten.add.Tensor %3, %2, %int1 : !torch.vtensor<[4,16],f32>, !torch.vtensor<[4,16],f32>, !torch.int -> !torch.vtensor<[4,16],f32>
    %str = torch.constant.str "tanh"
    %5 = torch.aten.gelu %4, %str : !torch.vtensor<[4,16],f32>, !torch.str -> !torch.vtensor<[4,16],f32>
    return %5 : !torch.vtensor<[4,16],f32>
  }
  func.func @shapes(%arg0: !torch.vtensor<[2,3,4],f32>, %arg1: !torch.vtensor<[2,3,4],f32>) -> (!torch.vtensor<[4,3,4],f32>, !torch.int) {
    %int0 = torch.constant.int 0
    %0 = torch.prim.ListConstruct %arg0, %arg1 : (!torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3,4],f32>) -> !torch.list<vtensor>
    %1 = torch.aten.cat %0, %int0 : !torch.list<vtensor>, !torch.int -> !torch.vtensor<[4,3,4],f32>
    %int-1 = torch.constant.int -1
    %int12 = torch.constant.int 12
    %2 = torch.prim.ListConstruct %int-1, %int12 : (!torch.int, !torch.int) -> !torch.list<int>
    %3 = torch.aten.view %1, %2 : !torch.vtensor<[4,3,4],f32>, !torch.list<int> -> !torch.vtensor<[4,12],f32>
    %int2 = torch.constant.int 2
    %4 = torch.aten.split.Tensor %3, %int2, %int0 : !torch.vtensor<[4,12],f32>, !torch.int, !torch.int -> !torch.list<vtensor>
    %5 = torch.aten.sym_size.int %arg0, %int0 : !torch.vtensor<[2,3,4],f32>, !torch.int -> !torch.int
    %none = torch.constant.none
    %int9223372036854775807 = torch.constant.int 9223372036854775807
    %int1 = torch.constant.int 1
    %6 = torch.aten.slice.Tensor %1, %int0, %none, %int9223372036854775807, %int1 : !torch.vtensor<[4,3,4],f32>, !torch.int, !torch.none, !torch.int, !torch.int -> !torch.vtensor<[4,3,4],f32>
    return %6, %5 : !torch.vtensor<[4,3,4],f32>, !torch.int
  }
  func.func @reductions(%arg0: !torch.vtensor<[2,3],f32>) -> (!torch.vtensor<[],f32>, !torch.vtensor<[2],f32>, !torch.vtensor<[2],si64>) {
    %none = torch.constant.none
    %0 = torch.aten.sum %arg0, %none : !torch.vtensor<[2,3],f32>, !torch.none -> !torch.vtensor<[],f32>
    %int1 = torch.constant.int 1
    %1 = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
    %false = torch.constant.bool false
    %int6 = torch.constant.int 6
    %2 = torch.aten.mean.dim %arg0, %1, %false, %int6 : !torch.vtensor<[2,3],f32>, !torch.list<int>, !torch.bool, !torch.int -> !torch.vtensor<[2],f32>
    %3:2 = torch.aten.max.dim %arg0, %int1, %false : !torch.vtensor<[2,3],f32>, !torch.int, !torch.bool -> !torch.vtensor<[2],f32>, !torch.vtensor<[2],si64>
    return %0, %3#0, %3#1 : !torch.vtensor<[],f32>, !torch.vtensor<[2],f32>, !torch.vtensor<[2],si64>
  }
  func.func @indexing(%arg0: !torch.vtensor<[8,4],f32>, %arg1: !torch.vtensor<[3],si64>, %arg2: !torch.vtensor<[3,4],f32>) -> (!torch.vtensor<[3,4],f32>, !torch.vtensor<[8,4],f32>) {
    %0 = torch.prim.ListConstruct %arg1 : (!torch.vtensor<[3],si64>) -> !torch.list<optional<vtensor>>
    %1 = torch.aten.index.Tensor %arg0, %0 : !torch.vtensor<[8,4],f32>, !torch.list<optional<vtensor>> -> !torch.vtensor<[3,4],f32>
    %false = torch.constant.bool false
    %2 = torch.aten.index_put %arg0, %0, %arg2, %false : !torch.vtensor<[8,4],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[3,4],f32>, !torch.bool -> !torch.vtensor<[8,4],f32>
    return %1, %2 : !torch.vtensor<[3,4],f32>, !torch.vtensor<[8,4],f32>
  }
  func.func @inplace(%arg0: !torch.tensor<[4],f32>, %arg1: !torch.tensor<[4],f32>) -> !torch.tensor<[4],f32> {
    %false = torch.constant.bool false
    %0 = torch.aten.copy_ %arg0, %arg1, %false : !torch.tensor<[4],f32>, !torch.tensor<[4],f32>, !torch.bool -> !torch.tensor<[4],f32>
    return %0 : !torch.tensor<[4],f32>
  }
  func.func @factories() -> (!torch.vtensor<[2,3],f32>, !torch.vtensor<[5],si64>) {
    %int2 = torch.constant.int 2
    %int3 = torch.constant.int 3
    %0 = torch.prim.ListConstruct %int2, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
    %int6 = torch.constant.int 6
    %none = torch.constant.none
    %cpu = torch.constant.device "cpu"
    %false = torch.constant.bool false
    %1 = torch.aten.zeros %0, %int6, %none, %cpu, %false : !torch.list<int>, !torch.int, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[2,3],f32>
    %int5 = torch.constant.int 5
    %int4 = torch.constant.int 4
    %2 = torch.aten.arange %int5, %int4, %none, %none, %none : !torch.int, !torch.int, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[5],si64>
    return %1, %2 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[5],si64>
  }
}
