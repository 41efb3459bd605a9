# Writes the inputs and PyTorch's convolution_backward results for
# examples/conv_backward.mlir (stride 2, padding 1, 3x3, bias, all three
# gradients). Run with Debian's PyTorch: /usr/bin/python3 make_reference.py
import os

import numpy as np
import torch

torch.manual_seed(0)
go = torch.randn(1, 2, 4, 4, dtype=torch.float32)
x = torch.randn(1, 2, 8, 8, dtype=torch.float32)
w = torch.randn(2, 2, 3, 3, dtype=torch.float32)
gi, gw, gb = torch.ops.aten.convolution_backward(
    go, x, w, [2], [2, 2], [1, 1], [1, 1], False, [0, 0], 1, [True, True, True])
here = os.path.dirname(os.path.abspath(__file__))
for name, t in [("grad_output", go), ("input", x), ("weight", w),
                ("grad_input", gi), ("grad_weight", gw), ("grad_bias", gb)]:
    np.save(os.path.join(here, name + ".npy"), t.numpy())
