// Covers: named locs loc("name"), named-with-child, callsite and fused locations, and #loc aliases.
// Uses --mlir-print-debuginfo.
#loc0 = loc("net.py":3:7)
#loc1 = loc("relu"(#loc0))
func.func @relu(%arg0: tensor<2x2xf32> loc("input0")) -> tensor<2x2xf32> {
  %cst = arith.constant dense<0.000000e+00> : tensor<2x2xf32> loc("zeros")
  %0 = arith.maxf %arg0, %cst : tensor<2x2xf32> loc(#loc1)
  %1 = arith.negf %0 : tensor<2x2xf32> loc(callsite("inner.py":4:2 at "outer.py":20:8))
  %2 = arith.negf %1 : tensor<2x2xf32> loc(fused["a.py":1:1, "b.py":2:2])
  %3 = arith.addf %2, %0 : tensor<2x2xf32> loc(fused<"torch">["c.py":5:5, unknown])
  return %3 : tensor<2x2xf32> loc("aten::relu"("net.py":4:1))
}
