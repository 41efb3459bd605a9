#!/usr/bin/env python3
"""Model-level e2e case joint_cnn3d_xent: one training step of a small
volume classifier (video and medical-imaging networks in miniature):
Conv3d(2, 4, 3, padding=1, padding_mode="reflect") -> ReLU -> MaxPool3d(2)
-> Conv3d(4, 6, 3, padding=1, padding_mode="replicate") -> ReLU ->
AdaptiveAvgPool3d((1, 2, 2)) -> flatten -> Linear(24, 5), cross entropy
against int64 targets, with PyTorch's results.

The program is importer/fixtures_cnn3d_test.go's progJointCNN3D: the
joint graph as torch 2.11's core ATen decompositions write it (the padding
modes as gathers before convolutions with padding 0: per padded dim an
index.Tensor by a reflected (arange/abs/sub) or clamped (arange/clamp)
int64 index; max_pool3d_with_indices, _adaptive_avg_pool3d and their
backward ops; the second padding's backward as replication_pad3d_backward;
convolution_backward for both convolutions). Debian's torch 1.13 cannot
export; this script rebuilds the network in eager PyTorch, checks it
against the archive's nodes, loads the archive's parameters
(params/<fqn>.npy), runs one step with autograd on inputs/0.npy (x) and
inputs/1.npy (targets) and writes expected/<i>.npy (the loss, then each
parameter's gradient, in the graph's order) and meta.json, with the
tolerances of model_case.py (r: the longest reduction behind a result,
the first convolution's weight gradient summing over N*6*6*6 = 432
positions).

    cd /tmp && /usr/bin/python3 /work/main/e2e/gen/joint_cnn3d_xent.py
"""

import os
import sys

try:
    from export_fixtures import SmallVolumeNet
    from model_case import xent_case
except ImportError as e:  # pragma: no cover - depends on the machine
    sys.exit(f"joint_cnn3d_xent.py needs torch and numpy (apt-get install python3-torch): {e}")

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_CASE = os.path.normpath(os.path.join(HERE, "..", "cases", "models", "joint_cnn3d_xent"))
BATCH = 2


def main():
    xent_case(__doc__, DEFAULT_CASE, SmallVolumeNet(),
              [("torch.ops.aten.convolution.default", 2), ("torch.ops.aten.index.Tensor", 6),
               ("torch.ops.aten.abs.default", 6), ("torch.ops.aten.clamp.default", 3),
               ("torch.ops.aten.replication_pad3d_backward.default", 1),
               ("torch.ops.aten.max_pool3d_with_indices.default", 1),
               ("torch.ops.aten.max_pool3d_with_indices_backward.default", 1),
               ("torch.ops.aten._adaptive_avg_pool3d.default", 1),
               ("torch.ops.aten._adaptive_avg_pool3d_backward.default", 1),
               ("torch.ops.aten.convolution_backward.default", 2), ("torch.ops.aten.addmm.default", 1)],
              ["x", "target"],
              # The first convolution's weight gradient sums over N*6*6*6
              # positions; its taps are 54.
              lambda key: max(BATCH * 6 * 6 * 6, 54),
              {"name": "joint_cnn3d_xent", "generator": "e2e/gen/joint_cnn3d_xent.py",
               "fixture": "importer/fixtures_cnn3d_test.go progJointCNN3D(volumeFixture)",
               "note": ("one training step of a 3-D conv/ReLU/max-pool/adaptive-avg-pool classifier whose "
                        "convolutions pad by reflection and by replication, with cross entropy, as torch 2.x's "
                        "core ATen decompositions write it (hand-written; not yet compared with an export); "
                        "parameters are inlined from the archive, x and target are the arguments; outputs: loss, "
                        "gradients")})


if __name__ == "__main__":
    main()
