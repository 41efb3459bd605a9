#!/usr/bin/env python3
"""Model-level e2e case joint_embed_xent: one training step of a language
model's ends, token embeddings (nn.Embedding(10, 8)) flattened to rows, a
Linear(8, 10) head and cross entropy against int64 targets, with
PyTorch's results.

The program is importer/fixtures_mlp_test.go's progJointEmbed: the joint
graph as torch 2.x's _export_forward_backward writes it after the core
ATen decompositions (embedding, addmm, _log_softmax, the decomposed
nll_loss, and in the backward embedding_dense_backward's padding mask
and accumulating _unsafe_index_put). Debian's torch 1.13 cannot export;
this script rebuilds the network in eager PyTorch, checks it against the
archive's nodes, loads the archive's parameters (params/<fqn>.npy), runs
one step with autograd on inputs/0.npy (tokens) and inputs/1.npy
(targets) and writes expected/<i>.npy (the loss, then each parameter's
gradient, in the graph's order) and meta.json, with the tolerances of
model_case.py (r: the longest reduction behind a result — the 6 rows of
the head's gradients, the 10 classes of the softmax).

    cd /tmp && /usr/bin/python3 /work/main/e2e/gen/joint_embed_xent.py
"""

import copy
import os
import sys

try:
    import numpy as np
    import torch
    from torch import nn
    from model_case import load_state, start, write_meta, write_results
except ImportError as e:  # pragma: no cover - depends on the machine
    sys.exit(f"joint_embed_xent.py needs torch and numpy (apt-get install python3-torch): {e}")

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_CASE = os.path.normpath(os.path.join(HERE, "..", "cases", "models", "joint_embed_xent"))
VOCAB, DIM = 10, 8


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(VOCAB, DIM)
        self.head = nn.Linear(DIM, VOCAB)

    def forward(self, tokens):
        return self.head(self.emb(tokens).reshape(-1, DIM))


def check_graph(nodes):
    """Fails unless the archive holds this network's forward."""
    targets = [n["target"] for n in nodes]
    for t, want in (("torch.ops.aten.embedding.default", 1), ("torch.ops.aten.addmm.default", 1),
                    ("torch.ops.aten._log_softmax.default", 1), ("torch.ops.aten._unsafe_index_put.default", 1)):
        if targets.count(t) != want:
            sys.exit(f"the archive has {targets.count(t)} {t}, this script builds {want}")


def step(model, tokens, target):
    """One training step; returns {(kind, fqn): tensor} for every graph output."""
    model.train()
    loss = nn.functional.cross_entropy(model(tokens), target)
    loss.backward()
    out = {("loss_output", ""): loss.detach()}
    for k, p in model.named_parameters():
        out[("gradient_to_parameter", k)] = p.grad
    return out


def main():
    case, out, nodes, specs = start(__doc__, DEFAULT_CASE)
    check_graph(nodes)
    model = Model()
    load_state(model, case)
    model64 = copy.deepcopy(model).double()
    tokens = torch.from_numpy(np.load(os.path.join(case, "inputs", "0.npy")))
    target = torch.from_numpy(np.load(os.path.join(case, "inputs", "1.npy")))
    if tokens.dtype != torch.int64 or target.dtype != torch.int64 or target.numel() != tokens.numel():
        sys.exit(f"inputs are {tokens.dtype}{list(tokens.shape)} and {target.dtype}{list(target.shape)}, "
                 "want int64 [N, T] and int64 [N*T]")
    got = step(model, tokens, target)
    ref = step(model64, tokens, target)
    rows = tokens.numel()
    results = write_results(specs, got, ref, lambda key: max(rows, VOCAB, DIM), out)
    meta = {
        "name": "joint_embed_xent",
        "form": "model",
        "dtype": "f32",
        "generator": "e2e/gen/joint_embed_xent.py",
        "fixture": "importer/fixtures_mlp_test.go progJointEmbed(embedFixture)",
        "program": "program.pt2",
        "function": "main",
        "reference": "torch-cpu-f32 eager autograd, one thread",
        "note": ("one training step of Embedding -> Linear with cross entropy, as torch 2.x's core ATen "
                 "decompositions write it (token 3 repeats, so its embedding row accumulates); parameters are "
                 "inlined from the archive, tokens and target are the arguments; outputs: loss, gradients"),
        "inputs": [{"name": "tokens", "file": "inputs/0.npy", "dtype": "i64", "shape": list(tokens.shape)},
                   {"name": "target", "file": "inputs/1.npy", "dtype": "i64", "shape": list(target.shape)}],
        "results": results,
        "torch_version": torch.__version__,
    }
    write_meta(out, meta)


if __name__ == "__main__":
    main()
