#!/usr/bin/env python3
"""Model-level e2e case joint_unet_block: one training step of a UNet-style
decoder block, the convolutional graph of diffusion models and segmentation
networks, written as a torch-dialect joint forward+backward graph:

    conv2d -> GroupNorm -> SiLU -> conv2d -> GroupNorm -> SiLU -> + (residual)
    -> nearest upsampling x2 -> conv2d -> loss = mean(y * y)

and its backward as autograd records it (convolution_backward with a masked
input gradient, native_group_norm_backward, silu_backward,
upsample_nearest2d_backward, the residual's sum), returning the loss and
all 10 parameter gradients. The forward keeps the composite aten.conv2d, as
torch.export's IR does before run_decompositions(); the rest are the ops
autograd's derivatives call.

The program is written op by op by this script while it runs the same ops
with torch.ops.aten, so program.mlir and that evaluation are one
computation. The references are eager PyTorch's own training step on the
same values (torch.nn.functional and autograd), checked against that op-by-
op evaluation; tolerances as model_case.py's: a float64 step gives torch's
own float32 error, and r = 512, the longest reduction (the last
convolution's weight gradient sums over N*16*16 positions).

    cd /tmp && /usr/bin/python3 /work/main/e2e/gen/joint_unet_block.py
"""

import argparse
import json
import os
import shutil
import sys

try:
    import numpy as np
    import torch
    import torch.nn.functional as F
    from model_case import blas_name
    from training_ops_cases import mlir_float, vt
except ImportError as e:  # pragma: no cover - depends on the machine
    sys.exit(f"joint_unet_block.py needs torch and numpy (apt-get install python3-torch): {e}")

A = torch.ops.aten
HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_CASE = os.path.normpath(os.path.join(HERE, "..", "cases", "models", "joint_unet_block"))
EPS32 = 2.0 ** -23
DEFAULT_ATOL, DEFAULT_RTOL = 1e-5, 1e-4  # runtime.DefaultTolerance(F32)
N, C_IN, C, H, GROUPS, EPS = 2, 4, 8, 8, 2, 1e-5
LENGTH = N * (2 * H) * (2 * H)

class Graph:
    """Writes func @main while evaluating each op with torch.ops.aten: a
    value is (ssa name, tensor or Python value)."""

    def __init__(self):
        self.lines, self.args, self.n = [], [], 0

    def fresh(self, prefix="%v"):
        self.n += 1
        return f"{prefix}{self.n}"

    def arg(self, t):
        name = f"%arg{len(self.args)}"
        self.args.append((name, t))
        return name, t

    def const(self, v):
        if isinstance(v, tuple):  # already a value
            return v[0], vt(v[1]) if isinstance(v[1], torch.Tensor) else None
        r = self.fresh()
        if v is None:
            self.lines.append(f"    {r} = torch.constant.none")
            return r, "!torch.none"
        if isinstance(v, bool):
            self.lines.append(f"    {r} = torch.constant.bool {'true' if v else 'false'}")
            return r, "!torch.bool"
        if isinstance(v, int):
            self.lines.append(f"    {r} = torch.constant.int {v}")
            return r, "!torch.int"
        if isinstance(v, float):
            self.lines.append(f"    {r} = torch.constant.float {mlir_float(v)}")
            return r, "!torch.float"
        if isinstance(v, list):
            elems = [self.const(e) for e in v]
            et = "bool" if v and isinstance(v[0], bool) else "float" if v and isinstance(v[0], float) else "int"
            self.lines.append(f"    {r} = torch.prim.ListConstruct {', '.join(e for e, _ in elems)} : "
                              f"({', '.join(t for _, t in elems)}) -> !torch.list<{et}>")
            return r, f"!torch.list<{et}>"
        raise ValueError(f"cannot write {v!r}")

    def call(self, op, *operands):
        """Runs aten op on the operands' values and writes it; returns one
        value per result (None's value is None for a masked result)."""
        name, _, ov = op.partition(".")
        fn = getattr(getattr(A, name), ov or "default")
        vals = [o[1] if isinstance(o, tuple) else o for o in operands]
        schema = fn._schema
        pos = [v for arg, v in zip(schema.arguments, vals) if not arg.kwarg_only]
        kw = {arg.name: v for arg, v in zip(schema.arguments, vals) if arg.kwarg_only}
        res = fn(*pos, **kw)
        outs = list(res) if isinstance(res, (tuple, list)) else [res]
        ops = [self.const(o) for o in operands]
        r = self.fresh("%r")
        types = [vt(t) if t is not None else "!torch.none" for t in outs]
        lhs = r if len(outs) == 1 else f"{r}:{len(outs)}"
        self.lines.append(f"    {lhs} = torch.aten.{op} {', '.join(o for o, _ in ops)} : "
                          f"{', '.join(t for _, t in ops)} -> {', '.join(types)}")
        if len(outs) == 1:
            return (r, outs[0])
        return [(f"{r}#{i}", t) for i, t in enumerate(outs)]

    def text(self, results):
        types = [vt(t) for _, t in results]
        body = self.lines + [f"    return {', '.join(n for n, _ in results)} : {', '.join(types)}"]
        sig = ", ".join(f"{n}: {vt(t)}" for n, t in self.args)
        return "\n".join(["module {", f"  func.func @main({sig}) -> ({', '.join(types)}) {{"] + body + ["  }", "}", ""])


PARAMS = [("w1", [C, C_IN, 3, 3]), ("b1", [C]), ("g1", [C]), ("be1", [C]),
          ("w2", [C, C, 3, 3]), ("b2", [C]), ("g2", [C]), ("be2", [C]),
          ("w3", [C_IN, C, 3, 3]), ("b3", [C_IN])]


def values():
    gen = torch.Generator().manual_seed(20261126)
    x = torch.rand([N, C_IN, H, H], generator=gen, dtype=torch.float64) * 2 - 1
    p = {}
    for name, shape in PARAMS:
        u = torch.rand(shape, generator=gen, dtype=torch.float64) * 2 - 1
        if name.startswith("w"):
            u = u / (shape[1] * 9) ** 0.5
        elif name.startswith("g"):
            u = 1 + 0.25 * u
        p[name] = u.float()
    return x.float(), p


def joint_graph(x, p):
    """The joint graph, written and evaluated: (program text, outputs)."""
    g = Graph()
    xv = g.arg(x)
    pv = {name: g.arg(p[name]) for name, _ in PARAMS}
    one = [1, 1]
    hw = H * H

    def conv(inp, w, b):
        return g.call("conv2d", inp, w, b, one, one, one, 1)

    c1 = conv(xv, pv["w1"], pv["b1"])
    gn1, m1, r1 = g.call("native_group_norm", c1, pv["g1"], pv["be1"], N, C, hw, GROUPS, EPS)
    h1 = g.call("silu", gn1)
    c2 = conv(h1, pv["w2"], pv["b2"])
    gn2, m2, r2 = g.call("native_group_norm", c2, pv["g2"], pv["be2"], N, C, hw, GROUPS, EPS)
    s2 = g.call("silu", gn2)
    h2 = g.call("add.Tensor", s2, h1, 1)
    u = g.call("upsample_nearest2d.vec", h2, None, [2.0, 2.0])
    y = conv(u, pv["w3"], pv["b3"])
    sq = g.call("mul.Tensor", y, y)
    loss = g.call("mean", sq, None)
    # Backward: d mean(y²)/dy = 2y/numel.
    dy = g.call("mul.Scalar", y, 2.0 / y[1].numel())
    du, dw3, db3 = g.call("convolution_backward", dy, u, pv["w3"], [C_IN], one, one, one, False, [0, 0], 1,
                          [True, True, True])
    dh2 = g.call("upsample_nearest2d_backward", du, [2 * H, 2 * H], [N, C, H, H], 2.0, 2.0)
    dgn2 = g.call("silu_backward", dh2, gn2)
    dc2, dg2, dbe2 = g.call("native_group_norm_backward", dgn2, c2, m2, r2, pv["g2"], N, C, hw, GROUPS,
                            [True, True, True])
    dh1c, dw2, db2 = g.call("convolution_backward", dc2, h1, pv["w2"], [C], one, one, one, False, [0, 0], 1,
                            [True, True, True])
    dh1 = g.call("add.Tensor", dh1c, dh2, 1)
    dgn1 = g.call("silu_backward", dh1, gn1)
    dc1, dg1, dbe1 = g.call("native_group_norm_backward", dgn1, c1, m1, r1, pv["g1"], N, C, hw, GROUPS,
                            [True, True, True])
    _, dw1, db1 = g.call("convolution_backward", dc1, xv, pv["w1"], [C], one, one, one, False, [0, 0], 1,
                         [False, True, True])
    outs = [loss, dw1, db1, dg1, dbe1, dw2, db2, dg2, dbe2, dw3, db3]
    return g.text(outs), [t for _, t in outs]


def eager_step(x, p, dtype):
    """The same training step in eager PyTorch with autograd."""
    q = {k: v.to(dtype).clone().requires_grad_() for k, v in p.items()}
    h1 = F.silu(F.group_norm(F.conv2d(x.to(dtype), q["w1"], q["b1"], padding=1), GROUPS, q["g1"], q["be1"], EPS))
    h2 = F.silu(F.group_norm(F.conv2d(h1, q["w2"], q["b2"], padding=1), GROUPS, q["g2"], q["be2"], EPS)) + h1
    y = F.conv2d(F.interpolate(h2, scale_factor=2.0, mode="nearest"), q["w3"], q["b3"], padding=1)
    loss = (y * y).mean()
    loss.backward()
    return [loss.detach()] + [q[k].grad for k in ("w1", "b1", "g1", "be1", "w2", "b2", "g2", "be2", "w3", "b3")]


NAMES = ["loss_output", "grad:w1", "grad:b1", "grad:g1", "grad:be1", "grad:w2", "grad:b2", "grad:g2", "grad:be2",
         "grad:w3", "grad:b3"]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--case", default=DEFAULT_CASE, help="the case directory (unused: the script writes it whole)")
    ap.add_argument("--out", help="where to write the case (default: the case directory)")
    a = ap.parse_args()
    out = a.out or a.case
    torch.set_num_threads(1)
    x, p = values()
    text, aten_outs = joint_graph(x, p)
    got = eager_step(x, p, torch.float32)
    ref = eager_step(x, p, torch.float64)
    for name, o, e in zip(NAMES, aten_outs, got):
        if not torch.allclose(o, e, rtol=1e-4, atol=1e-5):
            sys.exit(f"{name}: the op-by-op graph disagrees with autograd (max diff {float((o - e).abs().max()):.3g})")
    for sub in ("inputs", "expected"):
        shutil.rmtree(os.path.join(out, sub), ignore_errors=True)
        os.makedirs(os.path.join(out, sub))
    with open(os.path.join(out, "program.mlir"), "w") as f:
        f.write(text)
    inputs = [("x", x)] + [(name, p[name]) for name, _ in PARAMS]
    for i, (_, t) in enumerate(inputs):
        np.save(os.path.join(out, "inputs", f"{i}.npy"), t.numpy())
    results = []
    for i, (name, t, r64) in enumerate(zip(NAMES, got, ref)):
        t = t.detach().contiguous()
        np.save(os.path.join(out, "expected", f"{i}.npy"), t.numpy())
        err64 = float((t.double() - r64.detach()).abs().max())
        scale = float(r64.abs().max())
        bound = 2 * LENGTH ** 1.5 * EPS32 * scale
        atol = max(DEFAULT_ATOL, 10 * err64, bound)
        results.append({"name": name, "file": f"expected/{i}.npy", "dtype": "f32", "shape": list(t.shape),
                        "tolerance": {"atol": float(f"{atol:.3g}"), "rtol": DEFAULT_RTOL, "reduction_length": LENGTH,
                                      "reason": (f"float32, reductions of up to {LENGTH} terms (the last convolution's "
                                                 f"weight gradient over N*16*16 positions; group norm over "
                                                 f"C/G*H*W) summed in another order: atol = max(default 1e-05, 10 * "
                                                 f"torch's float32 error against float64 {err64:.3g}, "
                                                 f"2*r^1.5*eps*scale {bound:.3g} with scale {scale:.3g}); rtol = "
                                                 f"default for f32")}})
    meta = {"name": "joint_unet_block", "form": "model", "dtype": "f32", "generator": "e2e/gen/joint_unet_block.py",
            "inputs": [{"name": n, "file": f"inputs/{i}.npy", "dtype": "f32", "shape": list(t.shape)}
                       for i, (n, t) in enumerate(inputs)],
            "results": results, "torch_version": torch.__version__, "blas": blas_name(),
            "note": ("one training step of a UNet decoder block (conv2d, GroupNorm, SiLU, residual, nearest "
                     "upsampling, conv2d, mean of squares) as a joint graph: the forward keeps the composite "
                     "conv2d, the backward is convolution_backward (input gradient masked at the first), "
                     "native_group_norm_backward, silu_backward, upsample_nearest2d_backward; references from "
                     "eager PyTorch's autograd step")}
    with open(os.path.join(out, "meta.json"), "w") as f:
        json.dump(meta, f, indent=1, sort_keys=True)
        f.write("\n")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
