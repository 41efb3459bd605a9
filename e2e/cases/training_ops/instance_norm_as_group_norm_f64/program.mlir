module {
  func.func @main(%arg0: !torch.vtensor<[2,6,4,4],f64>) -> (!torch.vtensor<[2,6,4,4],f64>, !torch.vtensor<[2,6],f64>, !torch.vtensor<[2,6],f64>) {
    %v1 = torch.constant.none
    %v2 = torch.constant.none
    %v3 = torch.constant.int 2
    %v4 = torch.constant.int 6
    %v5 = torch.constant.int 16
    %v6 = torch.constant.int 6
    %v7 = torch.constant.float 1.0e-05
    %r:3 = torch.aten.native_group_norm %arg0, %v1, %v2, %v3, %v4, %v5, %v6, %v7 : !torch.vtensor<[2,6,4,4],f64>, !torch.none, !torch.none, !torch.int, !torch.int, !torch.int, !torch.int, !torch.float -> !torch.vtensor<[2,6,4,4],f64>, !torch.vtensor<[2,6],f64>, !torch.vtensor<[2,6],f64>
    return %r#0, %r#1, %r#2 : !torch.vtensor<[2,6,4,4],f64>, !torch.vtensor<[2,6],f64>, !torch.vtensor<[2,6],f64>
  }
}
