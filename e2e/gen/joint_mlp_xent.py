#!/usr/bin/env python3
"""Model-level e2e case joint_mlp_xent: one training step of a transformer
block's feed-forward half, Linear(8, 16) -> GELU -> LayerNorm(16) ->
Linear(16, 4), with cross entropy against int64 targets as the loss, with
PyTorch's results.

The program is importer/fixtures_mlp_test.go's progJointMLP: the joint
graph as torch 2.x's _export_forward_backward writes it after the core
ATen decompositions (addmm, native_layer_norm, _log_softmax, the
decomposed nll_loss, and in the backward scatter.value, erf, the
decomposed layer-norm and log-softmax gradients). Debian's torch 1.13
cannot export; this script rebuilds the network in eager PyTorch, checks
it against the archive's nodes, loads the archive's parameters
(params/<fqn>.npy), runs one step with autograd on inputs/0.npy (x) and
inputs/1.npy (target) and writes expected/<i>.npy (the loss, then each
parameter's gradient, in the graph's order) and meta.json, with the
tolerances of model_case.py (r: the longest reduction behind a result —
the batch of 6 rows for weight and bias gradients, 16 features in the
first Linear's output and the layer norm).

    cd /tmp && /usr/bin/python3 /work/main/e2e/gen/joint_mlp_xent.py

torch runs on one thread, so on one machine the output is reproducible
byte for byte; e2e's TestModelReferencesUpToDate regenerates and compares.
"""

import os
import sys

try:
    from torch import nn
    from model_case import xent_case
except ImportError as e:  # pragma: no cover - depends on the machine
    sys.exit(f"joint_mlp_xent.py needs torch and numpy (apt-get install python3-torch): {e}")

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_CASE = os.path.normpath(os.path.join(HERE, "..", "cases", "models", "joint_mlp_xent"))
IN, HIDDEN, CLASSES, EPS = 8, 16, 4, 1e-5
ROWS = 6


class Model(nn.Module):
    """The network under `net`, as export_fixtures.py's WithLoss holds it:
    the parameters are net.0.weight, ..., net.3.bias."""

    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(IN, HIDDEN), nn.GELU(), nn.LayerNorm(HIDDEN, eps=EPS),
                                 nn.Linear(HIDDEN, CLASSES))

    def forward(self, x):
        return self.net(x)


def main():
    xent_case(__doc__, DEFAULT_CASE, Model(),
              [("torch.ops.aten.addmm.default", 2), ("torch.ops.aten.gelu.default", 1),
               ("torch.ops.aten.native_layer_norm.default", 1), ("torch.ops.aten._log_softmax.default", 1)],
              ["x", "target"],
              # Weight and bias gradients sum over the rows; activations over
              # the features (8 in, 16 hidden, the layer norm's 16).
              lambda key: max(ROWS, IN, HIDDEN),
              {"name": "joint_mlp_xent", "generator": "e2e/gen/joint_mlp_xent.py",
               "fixture": "importer/fixtures_mlp_test.go progJointMLP(mlpFixture)",
               "note": ("one training step of Linear -> GELU -> LayerNorm -> Linear with cross entropy, as torch 2.x's "
                        "core ATen decompositions write it; parameters are inlined from the archive, x and target are "
                        "the arguments; outputs in the graph's order: loss, gradients")})


if __name__ == "__main__":
    main()
