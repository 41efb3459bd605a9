#!/usr/bin/env python3
"""Model-level e2e case joint_encoder: one training step of two pre-LN
transformer encoder layers (width 8, 2 heads, an MLP of 16, on 2
sequences of 4 tokens), the sum of the output as the loss, with
PyTorch's results.

The program is internal/jointnet's Encoder (bench --suite=transformer's
network in miniature): its joint graph in the core ATen form, written by
hand (layer norm, Linear as view/permute/addmm, the heads' matmuls as
expand/clone/_unsafe_view/bmm, _softmax, gelu, and in the backward the
decomposed layer-norm, softmax and GELU gradients, unbind's as stack).
Debian's torch 1.13 cannot export; this script rebuilds the network in
eager PyTorch (layers of bench/torch_bench.py's EncoderLayer, which the
bench times), checks it against the archive's nodes, loads the
archive's parameters (params/<fqn>.npy), runs one step with autograd on
inputs/0.npy (x) and writes expected/<i>.npy (the loss, then each
parameter's gradient, in the graph's order) and meta.json, with the
tolerances of model_case.py.

    cd /tmp && /usr/bin/python3 /work/main/e2e/gen/joint_encoder.py

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
    from model_case import check_counts, load_state, start, torch_bench, write_meta, write_results
except ImportError as e:  # pragma: no cover - depends on the machine
    sys.exit(f"joint_encoder.py needs torch and numpy (apt-get install python3-torch): {e}")

HERE = os.path.dirname(os.path.abspath(__file__))
# The layer is the bench's (bench/torch_bench.py's EncoderLayer, which
# `torchlower bench --suite=transformer` times and checks): one module.
EncoderLayer = torch_bench().EncoderLayer

DEFAULT_CASE = os.path.normpath(os.path.join(HERE, "..", "cases", "models", "joint_encoder"))
BATCH, SEQ, DIM, HEADS, HIDDEN, LAYERS = 2, 4, 8, 2, 16, 2


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.Sequential(*[EncoderLayer(DIM, HEADS, HIDDEN) for _ in range(LAYERS)])

    def forward(self, x):
        return self.layers(x)


def step(net, x):
    """One training step; returns {(kind, fqn): tensor} for every graph output."""
    loss = net(x).sum()
    loss.backward()
    out = {("loss_output", ""): loss.detach()}
    for k, p in net.named_parameters():
        out[("gradient_to_parameter", k)] = p.grad
    return out


def main():
    case, out, nodes, specs = start(__doc__, DEFAULT_CASE)
    check_counts(nodes, [("torch.ops.aten.addmm.default", 4 * LAYERS), ("torch.ops.aten.bmm.default", 6 * LAYERS),
                         ("torch.ops.aten._softmax.default", LAYERS), ("torch.ops.aten.native_layer_norm.default", 2 * LAYERS),
                         ("torch.ops.aten.gelu.default", LAYERS), ("torch.ops.aten.stack.default", LAYERS)])
    net = Encoder()
    load_state(net, case)
    net64 = copy.deepcopy(net).double()
    x = torch.from_numpy(np.load(os.path.join(case, "inputs", "0.npy")))
    if x.dtype != torch.float32 or list(x.shape) != [BATCH, SEQ, DIM]:
        sys.exit(f"inputs/0.npy is {x.dtype}{list(x.shape)}, want float32 {[BATCH, SEQ, DIM]}")
    got = step(net, x)
    ref = step(net64, x.double())
    # Gradients of weights and biases sum over the rows (batch x tokens);
    # activations over the features (the MLP's 16) or the tokens.
    results = write_results(specs, got, ref, lambda key: max(BATCH * SEQ, HIDDEN, DIM, SEQ), out)
    write_meta(out, {
        "name": "joint_encoder", "form": "model", "dtype": "f32", "generator": "e2e/gen/joint_encoder.py",
        "fixture": "internal/jointnet Encoder{Batch: 2, Seq: 4, Dim: 8, Heads: 2, Hidden: 16, Layers: 2}",
        "program": "program.pt2", "function": "main", "reference": "torch-cpu-f32 eager autograd, one thread",
        "note": ("one training step of two pre-LN transformer encoder layers (layer norm, multi-head attention, "
                 "GELU MLP, residuals), the sum of the output as the loss; parameters are inlined from the archive, "
                 "x is the only argument; outputs in the graph's order: loss, gradients"),
        "inputs": [{"name": "x", "file": "inputs/0.npy", "dtype": "f32", "shape": list(x.shape)}],
        "results": results, "torch_version": torch.__version__,
    })


if __name__ == "__main__":
    main()
