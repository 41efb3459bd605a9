// Every torch type form, as torch-mlir prints it.
module {
  func.func @tensors(%arg0: !torch.vtensor<[2,?,4],f32>, %arg1: !torch.vtensor<[],si64>, %arg2: !torch.vtensor, %arg3: !torch.vtensor<*,f32>, %arg4: !torch.vtensor<[3,?],unk>, %arg5: !torch.tensor<[2],bf16>, %arg6: !torch.tensor, %arg7: !torch.vtensor<[1],ui8>, %arg8: !torch.vtensor<[1],si8>, %arg9: !torch.vtensor<[1],si16>, %arg10: !torch.vtensor<[1],si32>, %arg11: !torch.vtensor<[1],i1>, %arg12: !torch.vtensor<[1],f16>, %arg13: !torch.vtensor<[1],f64>) {
    return
  }
  func.func @scalars(%arg0: !torch.int, %arg1: !torch.float, %arg2: !torch.bool, %arg3: !torch.none, %arg4: !torch.str, %arg5: !torch.number, %arg6: !torch.Device, %arg7: !torch.Generator, %arg8: !torch.any) {
    return
  }
  func.func @containers(%arg0: !torch.list<int>, %arg1: !torch.list<vtensor<[2],f32>>, %arg2: !torch.list<optional<int>>, %arg3: !torch.optional<int>, %arg4: !torch.optional<list<int>>, %arg5: !torch.list<vtensor>, %arg6: !torch.list<optional<vtensor>>, %arg7: !torch.tuple<int, float>, %arg8: !torch.tuple<>, %arg9: !torch.list<list<bool>>, %arg10: !torch.optional<vtensor<[?,3],f32>>) {
    return
  }
}
