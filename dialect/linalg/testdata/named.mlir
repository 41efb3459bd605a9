// Every named structured op in custom form, with implicit bodies built at
// parse time (mixed element types exercise the casts).
func.func @fill_copy(%x: f32, %d: f64, %i: i32, %t: tensor<4x8xf32>, %ti: tensor<4x8xi8>, %ix: tensor<4x8xindex>, %z: tensor<f32>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xi8>, tensor<f32>) {
  %0 = linalg.fill ins(%x : f32) outs(%t : tensor<4x8xf32>) -> tensor<4x8xf32>
  %1 = linalg.fill ins(%d : f64) outs(%t : tensor<4x8xf32>) -> tensor<4x8xf32>
  %2 = linalg.fill ins(%i : i32) outs(%t : tensor<4x8xf32>) -> tensor<4x8xf32>
  %3 = linalg.copy ins(%ti : tensor<4x8xi8>) outs(%t : tensor<4x8xf32>) -> tensor<4x8xf32>
  %4 = linalg.copy {cast = #linalg.type_fn<cast_unsigned>} ins(%ix : tensor<4x8xindex>) outs(%ti : tensor<4x8xi8>) -> tensor<4x8xi8>
  %5 = linalg.fill ins(%x : f32) outs(%z : tensor<f32>) -> tensor<f32>
  return %0, %1, %2, %3, %4, %5 : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xi8>, tensor<f32>
}

// -----

func.func @contractions(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>, %a3: tensor<2x4x8xf16>, %b3: tensor<2x8x3xf16>, %c3: tensor<2x4x3xf32>, %v8: tensor<8xf32>, %v4: tensor<4xf32>, %s: tensor<f32>) -> (tensor<4x16xf32>, tensor<2x4x3xf32>, tensor<4xf32>, tensor<8xf32>, tensor<f32>) {
  %0 = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  %1 = linalg.batch_matmul ins(%a3, %b3 : tensor<2x4x8xf16>, tensor<2x8x3xf16>) outs(%c3 : tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
  %2 = linalg.matvec ins(%a, %v8 : tensor<4x8xf32>, tensor<8xf32>) outs(%v4 : tensor<4xf32>) -> tensor<4xf32>
  %3 = linalg.vecmat ins(%v4, %a : tensor<4xf32>, tensor<4x8xf32>) outs(%v8 : tensor<8xf32>) -> tensor<8xf32>
  %4 = linalg.dot ins(%v4, %v4 : tensor<4xf32>, tensor<4xf32>) outs(%s : tensor<f32>) -> tensor<f32>
  return %0, %1, %2, %3, %4 : tensor<4x16xf32>, tensor<2x4x3xf32>, tensor<4xf32>, tensor<8xf32>, tensor<f32>
}

// -----

func.func @matmul_casts(%a: tensor<2x4xi8>, %b: tensor<4x2xi8>, %ci: tensor<2x2xi32>, %cf: tensor<2x2xf32>, %f: tensor<2x4xf32>, %g: tensor<4x2xf32>, %bo: tensor<2x2xi1>, %bb: tensor<2x4xi1>, %bc: tensor<4x2xi1>) -> (tensor<2x2xi32>, tensor<2x2xi32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xi32>, tensor<2x2xi1>) {
  %0 = linalg.matmul ins(%a, %b : tensor<2x4xi8>, tensor<4x2xi8>) outs(%ci : tensor<2x2xi32>) -> tensor<2x2xi32>
  %1 = linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : tensor<2x4xi8>, tensor<4x2xi8>) outs(%ci : tensor<2x2xi32>) -> tensor<2x2xi32>
  %2 = linalg.matmul ins(%a, %b : tensor<2x4xi8>, tensor<4x2xi8>) outs(%cf : tensor<2x2xf32>) -> tensor<2x2xf32>
  %3 = linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : tensor<2x4xi8>, tensor<4x2xi8>) outs(%cf : tensor<2x2xf32>) -> tensor<2x2xf32>
  %4 = linalg.matmul ins(%f, %g : tensor<2x4xf32>, tensor<4x2xf32>) outs(%ci : tensor<2x2xi32>) -> tensor<2x2xi32>
  %5 = linalg.matmul ins(%bb, %bc : tensor<2x4xi1>, tensor<4x2xi1>) outs(%bo : tensor<2x2xi1>) -> tensor<2x2xi1>
  return %0, %1, %2, %3, %4, %5 : tensor<2x2xi32>, tensor<2x2xi32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xi32>, tensor<2x2xi1>
}

// -----

func.func @convs_1d(%i: tensor<1x10x3xf32>, %w: tensor<3x3x8xf32>, %o: tensor<1x4x8xf32>, %ic: tensor<1x3x10xf32>, %wc: tensor<8x3x3xf32>, %oc: tensor<1x8x4xf32>, %wd: tensor<3x3xf32>, %od: tensor<1x2x3xf32>) -> (tensor<1x4x8xf32>, tensor<1x8x4xf32>, tensor<1x2x3xf32>) {
  %0 = linalg.conv_1d_nwc_wcf {dilations = dense<1> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>} ins(%i, %w : tensor<1x10x3xf32>, tensor<3x3x8xf32>) outs(%o : tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
  %1 = linalg.conv_1d_ncw_fcw {dilations = dense<1> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>} ins(%ic, %wc : tensor<1x3x10xf32>, tensor<8x3x3xf32>) outs(%oc : tensor<1x8x4xf32>) -> tensor<1x8x4xf32>
  %2 = linalg.depthwise_conv_1d_nwc_wc {dilations = dense<2> : tensor<1xi64>, strides = dense<3> : tensor<1xi64>} ins(%i, %wd : tensor<1x10x3xf32>, tensor<3x3xf32>) outs(%od : tensor<1x2x3xf32>) -> tensor<1x2x3xf32>
  return %0, %1, %2 : tensor<1x4x8xf32>, tensor<1x8x4xf32>, tensor<1x2x3xf32>
}

// -----

func.func @convs_2d(%in: tensor<2x3x9x9xf32>, %w: tensor<8x3x3x3xf32>, %acc: tensor<2x8x4x4xf32>, %nhwc: tensor<1x8x8x3xf32>, %hwcf: tensor<3x3x3x16xf32>, %fhwc: tensor<16x3x3x3xf32>, %o: tensor<1x3x3x16xf32>, %o2: tensor<1x4x4x16xf32>, %g: tensor<1x2x3x8x8xf32>, %gw: tensor<2x4x3x3x3xf32>, %go: tensor<1x2x4x6x6xf32>) -> (tensor<2x8x4x4xf32>, tensor<1x3x3x16xf32>, tensor<1x4x4x16xf32>, tensor<1x2x4x6x6xf32>, tensor<?x8x4x4xf32>) {
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%in, %w : tensor<2x3x9x9xf32>, tensor<8x3x3x3xf32>) outs(%acc : tensor<2x8x4x4xf32>) -> tensor<2x8x4x4xf32>
  %1 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%nhwc, %hwcf : tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) outs(%o : tensor<1x3x3x16xf32>) -> tensor<1x3x3x16xf32>
  %2 = linalg.conv_2d_nhwc_fhwc {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%nhwc, %fhwc : tensor<1x8x8x3xf32>, tensor<16x3x3x3xf32>) outs(%o2 : tensor<1x4x4x16xf32>) -> tensor<1x4x4x16xf32>
  %3 = linalg.conv_2d_ngchw_fgchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%g, %gw : tensor<1x2x3x8x8xf32>, tensor<2x4x3x3x3xf32>) outs(%go : tensor<1x2x4x6x6xf32>) -> tensor<1x2x4x6x6xf32>
  %in_dyn = tensor.cast %in : tensor<2x3x9x9xf32> to tensor<?x3x9x9xf32>
  %acc_dyn = tensor.cast %acc : tensor<2x8x4x4xf32> to tensor<?x8x4x4xf32>
  %4 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%in_dyn, %w : tensor<?x3x9x9xf32>, tensor<8x3x3x3xf32>) outs(%acc_dyn : tensor<?x8x4x4xf32>) -> tensor<?x8x4x4xf32>
  return %0, %1, %2, %3, %4 : tensor<2x8x4x4xf32>, tensor<1x3x3x16xf32>, tensor<1x4x4x16xf32>, tensor<1x2x4x6x6xf32>, tensor<?x8x4x4xf32>
}

// -----

func.func @convs_asym_int(%in: tensor<1x1x11x10xi8>, %w: tensor<1x1x3x3xi8>, %acc: tensor<1x1x3x8xi32>) -> tensor<1x1x3x8xi32> {
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<[2, 1]> : tensor<2xi64>, strides = dense<[3, 1]> : tensor<2xi64>} ins(%in, %w : tensor<1x1x11x10xi8>, tensor<1x1x3x3xi8>) outs(%acc : tensor<1x1x3x8xi32>) -> tensor<1x1x3x8xi32>
  return %0 : tensor<1x1x3x8xi32>
}

// -----

func.func @depthwise(%in: tensor<1x9x9x8xf32>, %w: tensor<3x3x8xf32>, %acc: tensor<1x4x4x8xf32>, %inc: tensor<1x8x9x9xf32>, %wc: tensor<8x3x3xf32>, %accc: tensor<1x8x4x4xf32>) -> (tensor<1x4x4x8xf32>, tensor<1x8x4x4xf32>) {
  %0 = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%in, %w : tensor<1x9x9x8xf32>, tensor<3x3x8xf32>) outs(%acc : tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  %1 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%inc, %wc : tensor<1x8x9x9xf32>, tensor<8x3x3xf32>) outs(%accc : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  return %0, %1 : tensor<1x4x4x8xf32>, tensor<1x8x4x4xf32>
}

// -----

func.func @convs_3d(%in: tensor<1x5x5x5x2xf32>, %w: tensor<3x3x3x2x4xf32>, %acc: tensor<1x2x2x2x4xf32>, %dw: tensor<3x3x3x2xf32>, %dacc: tensor<1x3x3x3x2xf32>) -> (tensor<1x2x2x2x4xf32>, tensor<1x3x3x3x2xf32>) {
  %0 = linalg.conv_3d_ndhwc_dhwcf {dilations = dense<1> : tensor<3xi64>, strides = dense<2> : tensor<3xi64>} ins(%in, %w : tensor<1x5x5x5x2xf32>, tensor<3x3x3x2x4xf32>) outs(%acc : tensor<1x2x2x2x4xf32>) -> tensor<1x2x2x2x4xf32>
  %1 = linalg.depthwise_conv_3d_ndhwc_dhwc {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>} ins(%in, %dw : tensor<1x5x5x5x2xf32>, tensor<3x3x3x2xf32>) outs(%dacc : tensor<1x3x3x3x2xf32>) -> tensor<1x3x3x3x2xf32>
  return %0, %1 : tensor<1x2x2x2x4xf32>, tensor<1x3x3x3x2xf32>
}

// -----

func.func @pooling(%in: tensor<1x3x8x8xf32>, %nhwc: tensor<1x8x8x3xf32>, %ini: tensor<1x8x8x3xi8>, %win: tensor<2x2xf32>, %o: tensor<1x3x4x4xf32>, %p: tensor<1x4x4x3xf32>, %pi: tensor<1x4x4x3xi32>) -> (tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>, tensor<1x4x4x3xf32>, tensor<1x4x4x3xf32>, tensor<1x4x4x3xf32>, tensor<1x4x4x3xi32>, tensor<1x4x4x3xi32>) {
  %0 = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%in, %win : tensor<1x3x8x8xf32>, tensor<2x2xf32>) outs(%o : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %1 = linalg.pooling_nchw_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%in, %win : tensor<1x3x8x8xf32>, tensor<2x2xf32>) outs(%o : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %2 = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%nhwc, %win : tensor<1x8x8x3xf32>, tensor<2x2xf32>) outs(%p : tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  %3 = linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%nhwc, %win : tensor<1x8x8x3xf32>, tensor<2x2xf32>) outs(%p : tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  %4 = linalg.pooling_nhwc_min {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%nhwc, %win : tensor<1x8x8x3xf32>, tensor<2x2xf32>) outs(%p : tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  %5 = linalg.pooling_nhwc_max ins(%ini, %win : tensor<1x8x8x3xi8>, tensor<2x2xf32>) outs(%pi : tensor<1x4x4x3xi32>) -> tensor<1x4x4x3xi32>
  %6 = linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>, tag = "x"} ins(%ini, %win : tensor<1x8x8x3xi8>, tensor<2x2xf32>) outs(%pi : tensor<1x4x4x3xi32>) -> tensor<1x4x4x3xi32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>, tensor<1x4x4x3xf32>, tensor<1x4x4x3xf32>, tensor<1x4x4x3xf32>, tensor<1x4x4x3xi32>, tensor<1x4x4x3xi32>
}
