#!/usr/bin/env python3
"""Model-level e2e cases: one training step of the importer's conv+bn+relu
fixtures (importer/fixtures_test.go with jointBlocks: progJoint for
joint_conv_bn_relu, progJointCore for joint_conv_bn_relu_core), with
PyTorch's results.

The fixtures are joint forward+backward graphs written in Go the way
torch.export's _export_forward_backward writes one (progJointCore after
torch 2.x's core ATen decompositions, progJoint with the ATen backward ops
autograd records); Debian's torch 1.13 cannot export, so this script does
not compare graphs. Both fixtures are the same network on the same values,
so their references are the same. It rebuilds the same
network in eager PyTorch (nn.Conv2d, nn.BatchNorm2d in training mode, ReLU,
the summed output as loss), loads the very parameters and buffers that the
archive holds, runs one step with autograd and writes each of the graph's
outputs in the graph's order:

    <case>/expected/<i>.npy   output i (float32; num_batches_tracked int64)
    <case>/meta.json          program.pt2 run as `main`, inputs, results,
                              tolerances and why, torch version

It reads from the case directory (written by
`go test ./importer -run TestModelCaseInputsUpToDate -update-models`):

    <case>/program.pt2        the archive: its output signature gives the
                              order and meaning of the outputs, and its
                              forward nodes are checked against the
                              network built here
    <case>/inputs/0.npy       the user input x
    <case>/params/<fqn>.npy   every parameter and buffer, by state-dict name

Run with Debian's torch 1.13 from any directory but the repository root
(whose torch/ Go package would shadow the Python module):

    cd /tmp && /usr/bin/python3 /work/main/e2e/gen/joint_conv_bn_relu.py [--case DIR]

torch runs on one thread, so the output is byte-for-byte reproducible;
e2e's TestModelReferencesUpToDate regenerates into a temporary directory and
compares.

Tolerances: float32 on both sides, reductions over batch x H x W in batch
norm (mean, variance, and the three sums of its backward) and over the
taps and positions of each convolution, in a different order here and in
torchlower. The step is also evaluated in float64 from the same values; a
result's atol is 10x torch's own float32 error against that (our float32
evaluation differs from the exact value by an error of the same kind, so
the two float32 results differ by about twice that; the rest is margin
because a handful of elements is a noisy estimate), and never below the
reduction bound 2*r^1.5*eps*scale used by the convolution_backward matrix
(e2e package doc), r being the longest reduction behind the result and
scale its largest magnitude, nor below the float32 default. rtol is the
float32 default.
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
    sys.exit(f"joint_conv_bn_relu.py needs torch and numpy (apt-get install python3-torch): {e}")

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_CASE = os.path.normpath(os.path.join(HERE, "..", "cases", "models", "joint_conv_bn_relu"))

# jointBlocks in importer/fixtures_test.go: (cin, cout, stride, groups,
# kernel) of plain, strided+grouped, grouped, depthwise and strided
# channel-reducing blocks; every conv has padding kernel//2 and a bias.
JOINT_BLOCKS = [(3, 4, 1, 1, 3), (4, 4, 2, 2, 3), (4, 8, 1, 4, 3), (8, 8, 1, 8, 3), (8, 4, 2, 1, 3)]
# mixedBlocks: the layers of bench's training networks in miniature: a
# strided 3x3 stem, a depthwise 3x3, a pointwise 1x1, a strided grouped
# 1x1 and a grouped 3x3.
MIXED_BLOCKS = [(3, 8, 2, 1, 3), (8, 8, 1, 8, 3), (8, 16, 1, 1, 1), (16, 16, 2, 4, 1), (16, 8, 1, 2, 3)]

CORE_FORM = ("the backward as torch 2.x's core ATen decompositions write it (le/where, "
             "unsqueeze/sum/sub/mul)")

# The Go fixture behind each case directory name, how its backward is
# written, and its blocks.
FIXTURES = {
    "joint_conv_bn_relu": ("importer/fixtures_test.go progJoint(jointBlocks, 2, 8)",
                           "the backward as autograd records it (threshold_backward, native_batch_norm_backward)",
                           JOINT_BLOCKS),
    "joint_conv_bn_relu_core": ("importer/fixtures_test.go progJointCore(jointBlocks, 2, 8)", CORE_FORM, JOINT_BLOCKS),
    "joint_conv_bn_relu_mixed": ("importer/fixtures_test.go progJointCore(mixedBlocks, 2, 12)", CORE_FORM, MIXED_BLOCKS),
}
MOMENTUM, EPS = 0.1, 1e-5



class Block(nn.Module):
    def __init__(self, cin, cout, stride, groups, kernel):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, kernel, stride=stride, padding=kernel // 2, groups=groups, bias=True)
        self.bn = nn.BatchNorm2d(cout, eps=EPS, momentum=MOMENTUM)
        self.relu = nn.ReLU()

    def forward(self, x):
        return self.relu(self.bn(self.conv(x)))


class Net(nn.Module):
    def __init__(self, blocks):
        super().__init__()
        self.blocks = nn.ModuleList([Block(*b) for b in blocks])

    def forward(self, x):
        for b in self.blocks:
            x = b(x)
        return x


def check_graph(nodes, blocks):
    """Fails unless the archive's forward nodes are the network built here
    (the kernel sizes are checked by load_state, against the weights)."""
    convs = [node_args(n) for n in nodes if n["target"] == "torch.ops.aten.convolution.default"]
    bns = [node_args(n) for n in nodes if n["target"] == "torch.ops.aten._native_batch_norm_legit_functional.default"]
    if len(convs) != len(blocks) or len(bns) != len(blocks):
        sys.exit(f"the archive has {len(convs)} convolutions and {len(bns)} batch norms, the case has {len(blocks)} blocks")
    for i, ((_, _, s, g, k), c, bn) in enumerate(zip(blocks, convs, bns)):
        want = dict(stride=[s, s], padding=[k // 2, k // 2], dilation=[1, 1], transposed=False, groups=g)
        got = {k: c[k] for k in want}
        if got != want:
            sys.exit(f"block {i}: the archive's convolution has {got}, this script builds {want}")
        got = dict(training=bn["training"], momentum=bn["momentum"], eps=bn["eps"])
        if got != dict(training=True, momentum=MOMENTUM, eps=EPS):
            sys.exit(f"block {i}: the archive's batch norm has {got}")


def step(net, x):
    """One training step; returns {(kind, fqn): tensor} for every graph output."""
    net.train()
    loss = net(x).sum()
    loss.backward()
    out = {("loss_output", ""): loss.detach()}
    for k, v in net.state_dict().items():
        out[("buffer_mutation", k)] = v
    for k, p in net.named_parameters():
        out[("gradient_to_parameter", k)] = p.grad
    return out


def positions(x, blocks):
    """N*H*W at each block's output: what its batch norm and bias gradients sum over."""
    n, h = x.shape[0], x.shape[2]
    out = []
    for _, _, s, _, k in blocks:
        h = (h + 2 * (k // 2) - k) // s + 1
        out.append(n * h * h)
    return out


def lengths(key, x, blocks):
    """The longest reduction behind a result of block i: its convolution's
    taps (cin/groups*k*k) or its batch norm's and gradients' sums over N*H*W."""
    kind, fqn = key
    pos = positions(x, blocks)
    i = len(blocks) - 1 if kind == "loss_output" else int(fqn.split(".")[1])
    cin, cout, _, g, k = blocks[i]
    n = max(pos[i], cin // g * k * k)
    if kind == "loss_output":
        n = max(n, pos[i] * cout)
    return n


def block_meta(b):
    """A block as meta.json lists it (the kernel only where it is not 3,
    as the cases written before kernels varied list them)."""
    cin, cout, s, g, k = b
    m = dict(cin=cin, cout=cout, stride=s, groups=g)
    if k != 3:
        m["kernel"] = k
    return m


def main():
    case, out, nodes, specs = start(__doc__, DEFAULT_CASE)
    name = os.path.basename(os.path.normpath(case))
    if name not in FIXTURES:
        sys.exit(f"unknown case {name}: known are {', '.join(sorted(FIXTURES))}")
    fixture, form, blocks = FIXTURES[name]
    check_graph(nodes, blocks)
    net = Net(blocks)
    load_state(net, case)
    net64 = copy.deepcopy(net).double()
    x = torch.from_numpy(np.load(os.path.join(case, "inputs", "0.npy")))
    if x.dtype != torch.float32 or x.shape[1] != blocks[0][0]:
        sys.exit(f"inputs/0.npy is {x.dtype}{list(x.shape)}, want float32 [N, {blocks[0][0]}, H, W]")
    got = step(net, x)
    ref = step(net64, x.double())

    results = write_results(specs, got, ref, lambda key: lengths(key, x, blocks), out)

    meta = {
        "name": name,
        "form": "model",
        "dtype": "f32",
        "generator": "e2e/gen/joint_conv_bn_relu.py",
        "fixture": fixture,
        "program": "program.pt2",
        "function": "main",
        "reference": "torch-cpu-f32 eager autograd, one thread",
        "note": (f"one training step of {len(blocks)} conv+bn+relu blocks; parameters and buffers are inlined from the "
                 "archive, x is the only argument; outputs in the graph's order: buffer mutations, loss, gradients; " + form),
        "blocks": [block_meta(b) for b in blocks],
        "inputs": [{"name": "x", "file": "inputs/0.npy", "dtype": "f32", "shape": list(x.shape)}],
        "results": results,
        "torch_version": torch.__version__,
    }
    write_meta(out, meta)


if __name__ == "__main__":
    main()
