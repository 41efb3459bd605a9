#!/usr/bin/env python3
"""Model-level e2e case joint_embed_xent: one training step of a language
model's ends, token embeddings (nn.Embedding(10, 8)) flattened to rows, a
Linear(8, 10) head and cross entropy against int64 targets, with
PyTorch's results.

The program is importer/fixtures_mlp_test.go's progJointEmbed: the joint
graph as torch 2.x's _export_forward_backward writes it after the core
ATen decompositions (embedding, addmm, _log_softmax, the decomposed
nll_loss, and in the backward embedding_dense_backward's padding mask
(eq, where) and accumulating index_put, as torch 2.11 writes them).
Debian's torch 1.13 cannot export; this script rebuilds the network in
eager PyTorch, checks it against the archive's nodes, loads the archive's
parameters (params/<fqn>.npy), runs
one step with autograd on inputs/0.npy (tokens) and inputs/1.npy
(targets) and writes expected/<i>.npy (the loss, then each parameter's
gradient, in the graph's order) and meta.json, with the tolerances of
model_case.py (r: the longest reduction behind a result — the 6 rows of
the head's gradients, the 10 classes of the softmax).

    cd /tmp && /usr/bin/python3 /work/main/e2e/gen/joint_embed_xent.py
"""

import os
import sys

try:
    from torch import nn
    from model_case import xent_case
except ImportError as e:  # pragma: no cover - depends on the machine
    sys.exit(f"joint_embed_xent.py needs torch and numpy (apt-get install python3-torch): {e}")

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_CASE = os.path.normpath(os.path.join(HERE, "..", "cases", "models", "joint_embed_xent"))
VOCAB, DIM, ROWS = 10, 8, 6


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(VOCAB, DIM)
        self.head = nn.Linear(DIM, VOCAB)

    def forward(self, tokens):
        return self.head(self.emb(tokens).reshape(-1, DIM))


def main():
    xent_case(__doc__, DEFAULT_CASE, Model(),
              [("torch.ops.aten.embedding.default", 1), ("torch.ops.aten.addmm.default", 1),
               ("torch.ops.aten._log_softmax.default", 1), ("torch.ops.aten.index_put.default", 1)],
              ["tokens", "target"],
              lambda key: max(ROWS, VOCAB, DIM),
              {"name": "joint_embed_xent", "generator": "e2e/gen/joint_embed_xent.py",
               "fixture": "importer/fixtures_mlp_test.go progJointEmbed(embedFixture)",
               "note": ("one training step of Embedding -> Linear with cross entropy, as torch 2.x's core ATen "
                        "decompositions write it (token 3 repeats, so its embedding row accumulates); parameters are "
                        "inlined from the archive, tokens and target are the arguments; outputs: loss, gradients")})


if __name__ == "__main__":
    main()
