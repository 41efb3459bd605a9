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

import copy
import os
import sys

try:
    import numpy as np
    import torch
    from torch import nn
    from model_case import load_state, node_args, start, write_meta, write_results
except ImportError as e:  # pragma: no cover - depends on the machine
    sys.exit(f"joint_cnn_xent.py needs torch and numpy (apt-get install python3-torch): {e}")

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_CASE = os.path.normpath(os.path.join(HERE, "..", "cases", "models", "joint_cnn_xent"))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 4, 3)
        self.pool = nn.MaxPool2d(2, 2)
        self.conv2 = nn.Conv2d(4, 6, 2)
        self.fc1 = nn.Linear(24, 12)
        self.fc2 = nn.Linear(12, 5)

    def forward(self, x):
        x = self.pool(nn.functional.relu(self.conv1(x)))
        x = self.pool(nn.functional.relu(self.conv2(x)))
        x = torch.flatten(x, 1)
        x = nn.functional.relu(self.fc1(x))
        return self.fc2(x)


def check_graph(nodes):
    """Fails unless the archive holds this network's forward."""
    targets = [n["target"] for n in nodes]
    for t, want in (("torch.ops.aten.convolution.default", 2), ("torch.ops.aten.max_pool2d_with_indices.default", 2),
                    ("torch.ops.aten.addmm.default", 2), ("torch.ops.aten.relu.default", 3)):
        if targets.count(t) != want:
            sys.exit(f"the archive has {targets.count(t)} {t}, this script builds {want}")
    for n in nodes:
        if n["target"] == "torch.ops.aten.max_pool2d_with_indices.default":
            a = node_args(n)
            if a["kernel_size"] != [2, 2] or a.get("stride", [2, 2]) != [2, 2]:
                sys.exit(f"the archive's max pool has {a}")


def step(model, x, target):
    """One training step; returns {(kind, fqn): tensor} for every graph output."""
    model.train()
    loss = nn.functional.cross_entropy(model(x), target)
    loss.backward()
    out = {("loss_output", ""): loss.detach()}
    for k, p in model.named_parameters():
        out[("gradient_to_parameter", k)] = p.grad
    return out


def main():
    case, out, nodes, specs = start(__doc__, DEFAULT_CASE)
    check_graph(nodes)
    model = Net()
    load_state(model, case)
    model64 = copy.deepcopy(model).double()
    x = torch.from_numpy(np.load(os.path.join(case, "inputs", "0.npy")))
    target = torch.from_numpy(np.load(os.path.join(case, "inputs", "1.npy")))
    if x.dtype != torch.float32 or list(x.shape[1:]) != [3, 12, 12] or target.dtype != torch.int64:
        sys.exit(f"inputs are {x.dtype}{list(x.shape)} and {target.dtype}{list(target.shape)}, "
                 "want float32 [N, 3, 12, 12] and int64 [N]")
    got = step(model, x, target)
    ref = step(model64, x.double(), target)
    n = x.shape[0]
    results = write_results(specs, got, ref, lambda key: max(n * 10 * 10, 27), out)
    meta = {
        "name": "joint_cnn_xent",
        "form": "model",
        "dtype": "f32",
        "generator": "e2e/gen/joint_cnn_xent.py",
        "fixture": "importer/fixtures_mlp_test.go progJointCNN(cnnFixture)",
        "program": "program.pt2",
        "function": "main",
        "reference": "torch-cpu-f32 eager autograd, one thread",
        "note": ("one training step of a conv/ReLU/max-pool classifier with cross entropy (PyTorch's "
                 "test_joint_cifar10_backwards, sized down), as torch 2.x's core ATen decompositions write it; "
                 "parameters are inlined from the archive, x and target are the arguments; outputs: loss, gradients"),
        "inputs": [{"name": "x", "file": "inputs/0.npy", "dtype": "f32", "shape": list(x.shape)},
                   {"name": "target", "file": "inputs/1.npy", "dtype": "i64", "shape": list(target.shape)}],
        "results": results,
        "torch_version": torch.__version__,
    }
    write_meta(out, meta)


if __name__ == "__main__":
    main()
