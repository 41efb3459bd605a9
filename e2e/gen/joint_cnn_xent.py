#!/usr/bin/env python3
"""Model-level e2e case joint_cnn_xent: one training step of the small
image classifier of PyTorch's own _export_forward_backward test
(test_joint_cifar10_backwards, sized down): Conv2d(3, 4, 3) -> ReLU ->
MaxPool2d(2) -> Conv2d(4, 6, 2) -> ReLU -> MaxPool2d(2) -> flatten ->
Linear(24, 12) -> ReLU -> Linear(12, 5), cross entropy against int64
targets, with PyTorch's results.

The program is importer/fixtures_mlp_test.go's progJointCNN: the joint
graph as torch 2.x's _export_forward_backward writes it after the core
ATen decompositions (convolution, max_pool2d_with_indices and their
backward ops, ReLU's backward as le/where, the decomposed cross entropy).
Debian's torch 1.13 cannot export; this script rebuilds the network in
eager PyTorch, checks it against the archive's nodes, loads the archive's
parameters (params/<fqn>.npy), runs one step with autograd on
inputs/0.npy (x) and inputs/1.npy (targets) and writes expected/<i>.npy
(the loss, then each parameter's gradient, in the graph's order) and
meta.json, with the tolerances of model_case.py (r: the longest reduction
behind a result, the first convolution's weight gradient summing over
N*10*10 = 200 positions).

    cd /tmp && /usr/bin/python3 /work/main/e2e/gen/joint_cnn_xent.py
"""

import os
import sys

try:
    from export_fixtures import SmallCifarNet
    from model_case import xent_case
except ImportError as e:  # pragma: no cover - depends on the machine
    sys.exit(f"joint_cnn_xent.py needs torch and numpy (apt-get install python3-torch): {e}")

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_CASE = os.path.normpath(os.path.join(HERE, "..", "cases", "models", "joint_cnn_xent"))
BATCH = 2


def main():
    xent_case(__doc__, DEFAULT_CASE, SmallCifarNet(),
              [("torch.ops.aten.convolution.default", 2), ("torch.ops.aten.max_pool2d_with_indices.default", 2),
               ("torch.ops.aten.addmm.default", 2), ("torch.ops.aten.relu.default", 3)],
              ["x", "target"],
              # The first convolution's weight gradient sums over N*10*10
              # positions; its taps are 27.
              lambda key: max(BATCH * 10 * 10, 27),
              {"name": "joint_cnn_xent", "generator": "e2e/gen/joint_cnn_xent.py",
               "fixture": "importer/fixtures_mlp_test.go progJointCNN(cnnFixture)",
               "note": ("one training step of a conv/ReLU/max-pool classifier with cross entropy (PyTorch's "
                        "test_joint_cifar10_backwards, sized down), as torch 2.x's core ATen decompositions write it; "
                        "parameters are inlined from the archive, x and target are the arguments; outputs: loss, "
                        "gradients")})


if __name__ == "__main__":
    main()
