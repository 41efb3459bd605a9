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

import copy
import os
import sys

try:
    import numpy as np
    import torch
    from torch import nn
    from model_case import load_state, node_args, start, write_meta, write_results
except ImportError as e:  # pragma: no cover - depends on the machine
    sys.exit(f"joint_mlp_xent.py needs torch and numpy (apt-get install python3-torch): {e}")

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_CASE = os.path.normpath(os.path.join(HERE, "..", "cases", "models", "joint_mlp_xent"))
IN, HIDDEN, CLASSES, EPS = 8, 16, 4, 1e-5


class Model(nn.Module):
    """The network under `net`, as export_fixtures.py's WithLoss holds it:
    the parameters are net.0.weight, ..., net.3.bias."""

    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(IN, HIDDEN), nn.GELU(), nn.LayerNorm(HIDDEN, eps=EPS),
                                 nn.Linear(HIDDEN, CLASSES))

    def forward(self, x):
        return self.net(x)


def check_graph(nodes):
    """Fails unless the archive holds this network's forward."""
    targets = [n["target"] for n in nodes]
    for t, want in (("torch.ops.aten.addmm.default", 2), ("torch.ops.aten.gelu.default", 1),
                    ("torch.ops.aten.native_layer_norm.default", 1), ("torch.ops.aten._log_softmax.default", 1)):
        if targets.count(t) != want:
            sys.exit(f"the archive has {targets.count(t)} {t}, this script builds {want}")
    ln = node_args(next(n for n in nodes if n["target"] == "torch.ops.aten.native_layer_norm.default"))
    if ln["normalized_shape"] != [HIDDEN] or ln["eps"] != EPS:
        sys.exit(f"the archive's layer norm has {ln}")
    gelu = node_args(next(n for n in nodes if n["target"] == "torch.ops.aten.gelu.default"))
    if gelu.get("approximate", "none") != "none":
        sys.exit(f"the archive's gelu is {gelu}")


def step(model, x, target):
    """One training step; returns {(kind, fqn): tensor} for every graph output."""
    model.train()
    loss = nn.functional.cross_entropy(model(x), target)
    loss.backward()
    out = {("loss_output", ""): loss.detach()}
    for k, p in model.named_parameters():
        out[("gradient_to_parameter", k)] = p.grad
    return out


def length(key, rows):
    """The longest reduction behind a result: weight and bias gradients sum
    over the rows; activations over the features (8 in, 16 hidden, the
    layer norm's 16)."""
    return max(rows, IN, HIDDEN)


def main():
    case, out, nodes, specs = start(__doc__, DEFAULT_CASE)
    check_graph(nodes)
    model = Model()
    load_state(model, case)
    model64 = copy.deepcopy(model).double()
    x = torch.from_numpy(np.load(os.path.join(case, "inputs", "0.npy")))
    target = torch.from_numpy(np.load(os.path.join(case, "inputs", "1.npy")))
    if x.dtype != torch.float32 or list(x.shape[1:]) != [IN] or target.dtype != torch.int64 or target.shape != x.shape[:1]:
        sys.exit(f"inputs are {x.dtype}{list(x.shape)} and {target.dtype}{list(target.shape)}, "
                 f"want float32 [N, {IN}] and int64 [N]")
    got = step(model, x, target)
    ref = step(model64, x.double(), target)
    results = write_results(specs, got, ref, lambda key: length(key, x.shape[0]), out)
    meta = {
        "name": "joint_mlp_xent",
        "form": "model",
        "dtype": "f32",
        "generator": "e2e/gen/joint_mlp_xent.py",
        "fixture": "importer/fixtures_mlp_test.go progJointMLP(mlpFixture)",
        "program": "program.pt2",
        "function": "main",
        "reference": "torch-cpu-f32 eager autograd, one thread",
        "note": ("one training step of Linear -> GELU -> LayerNorm -> Linear with cross entropy, as torch 2.x's "
                 "core ATen decompositions write it; parameters are inlined from the archive, x and target are "
                 "the arguments; outputs in the graph's order: loss, gradients"),
        "inputs": [{"name": "x", "file": "inputs/0.npy", "dtype": "f32", "shape": list(x.shape)},
                   {"name": "target", "file": "inputs/1.npy", "dtype": "i64", "shape": list(target.shape)}],
        "results": results,
        "torch_version": torch.__version__,
    }
    write_meta(out, meta)


if __name__ == "__main__":
    main()
