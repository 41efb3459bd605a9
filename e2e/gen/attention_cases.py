#!/usr/bin/env python3
"""Op-level e2e cases for scaled dot-product attention, with references.

Writes one directory per case under <out> (default e2e/cases/attention):

    <name>/program.mlir     torch-dialect func @main in fx_importer form, one of
                            aten.scaled_dot_product_attention (what torch.export's
                            training IR keeps), aten._scaled_dot_product_flash_
                            attention_for_cpu (what it dispatches to on the CPU:
                            output and logsumexp) or its _backward (what autograd
                            records for it: the gradients of q, k and v)
    <name>/inputs/<i>.npy   the op's tensor operands in argument order
    <name>/expected/<i>.npy result i
    <name>/meta.json        configuration, dtypes, shapes, tolerances and why,
                            torch version, reference notes

Run with Debian's torch 1.13 (python3-torch) from any directory but the
repository root (whose torch/ Go package would shadow the Python module):

    cd /tmp && /usr/bin/python3 /work/main/e2e/gen/attention_cases.py

References: torch 1.13 has none of these ops, so each is evaluated from
its definition in float64 on the case's inputs (rounded to the case's
dtype first): the math path of ATen's _scaled_dot_product_attention_math,
logits = scale * q @ k^T (+ a float mask, or -inf where a bool mask is
false or above the diagonal for is_causal), P = softmax(logits) with a
row that attends to nothing giving 0 (_safe_softmax, PyTorch >= 2.5),
out = P @ v, logsumexp = log sum exp(logits) (0 for a row that attends
to nothing, as ATen's CPU flash kernel makes it); the gradients are
autograd's through that float64 computation. Results are rounded once to
the dtype (the logsumexp is f32, as ATen's meta function makes it). This
is what PyTorch's kernels compute up to their summation order (they
accumulate in f32 and round once).

Two backward cases pass, as the logsumexp operand, the [N, H, L, S]
attention probabilities: that is what a joint graph holds when the
forward op was decomposed (torch's decomposition of
_scaled_dot_product_flash_attention_for_cpu returns the probabilities as
its second result), and the lowering must not read it.

Everything is seeded (a hash of the case name) and torch runs on one
thread, so re-running reproduces every .npy byte for byte; e2e's
regeneration test relies on that. bf16 .npy files hold float32 arrays of
bf16 values; f16 files are float16 arrays; bool masks are bool arrays.
"""

import argparse
import hashlib
import json
import math
import os
import shutil
import sys

try:
    import numpy as np
    import torch
except ImportError as e:  # pragma: no cover - depends on the machine
    sys.exit(f"attention_cases.py needs torch and numpy (apt-get install python3-torch): {e}")

TORCH_DTYPES = {"f32": torch.float32, "f64": torch.float64, "f16": torch.float16, "bf16": torch.bfloat16}
# Default tolerances, the same as runtime.DefaultTolerance.
DEFAULT_TOL = {"f64": (1e-10, 1e-9), "f32": (1e-5, 1e-4), "f16": (2.0 ** -14, 2.0 ** -9), "bf16": (1e-5, 2.0 ** -6)}

SDPA = "scaled_dot_product_attention"
FLASH = "_scaled_dot_product_flash_attention_for_cpu"
FLASH_BWD = "_scaled_dot_product_flash_attention_for_cpu_backward"


def case(name, op, batch, l, s, e, ev=None, dtype="f32", mask=None, mask_shape=None, causal=False, scale=None,
         lse_operand="logsumexp", kv_heads=None):
    """mask: None, "bool", "float" (the query's dtype) or "float32" (f32 with a
    16-bit query, as PyTorch also accepts), of mask_shape, broadcast to
    [batch.., L, S]. kv_heads: grouped-query attention, key and value with
    that many heads (the batch's last dim is the query's heads)."""
    c = dict(name=name, op=op, batch=list(batch), l=l, s=s, e=e, ev=e if ev is None else ev, dtype=dtype,
             mask=mask, mask_shape=list(mask_shape) if mask_shape else None, causal=causal, scale=scale,
             lse_operand=lse_operand)
    if kv_heads is not None:
        c["kv_heads"] = kv_heads
    return c


def build_cases():
    return [
        case("sdpa_f32", SDPA, [2, 2], 8, 12, 8),
        case("sdpa_causal_f32", SDPA, [2, 2], 16, 16, 8, causal=True),
        case("sdpa_bool_mask_empty_row_f32", SDPA, [1, 2], 6, 10, 8, mask="bool", mask_shape=[6, 10]),
        case("sdpa_float_mask_f16", SDPA, [2, 2], 8, 8, 16, dtype="f16", mask="float", mask_shape=[2, 1, 8, 8]),
        case("sdpa_3d_scale_value_dim_bf16", SDPA, [4], 8, 8, 8, ev=4, dtype="bf16", scale=0.25),
        case("sdpa_f64", SDPA, [1, 1], 5, 7, 4, dtype="f64"),
        case("flash_cpu_causal_f32", FLASH, [2, 2], 8, 8, 8, causal=True),
        case("flash_cpu_float_mask_bf16", FLASH, [1, 2], 8, 12, 8, dtype="bf16", mask="float", mask_shape=[8, 12]),
        case("flash_cpu_backward_f32", FLASH_BWD, [2, 2], 8, 8, 8),
        case("flash_cpu_backward_causal_f32", FLASH_BWD, [1, 2], 16, 16, 8, causal=True),
        case("flash_cpu_backward_probs_bool_mask_f32", FLASH_BWD, [1, 2], 6, 10, 8, mask="bool",
             mask_shape=[1, 1, 6, 10], scale=0.5, lse_operand="probs"),
        case("flash_cpu_backward_probs_causal_bf16", FLASH_BWD, [1, 2], 8, 8, 8, dtype="bf16", causal=True,
             lse_operand="probs"),
        case("flash_cpu_backward_f16", FLASH_BWD, [2, 1], 8, 8, 16, dtype="f16"),
        case("flash_cpu_bool_mask_empty_row_f32", FLASH, [1, 2], 6, 10, 8, mask="bool", mask_shape=[6, 10]),
        case("sdpa_f32_mask_f16", SDPA, [1, 2], 6, 8, 8, dtype="f16", mask="float32", mask_shape=[6, 8]),
        case("sdpa_gqa_causal_f32", SDPA, [2, 4], 8, 8, 8, causal=True, kv_heads=2),
        case("flash_cpu_backward_gqa_bf16", FLASH_BWD, [1, 4], 6, 10, 8, dtype="bf16", mask="bool",
             mask_shape=[6, 10], kv_heads=1),
    ]


def seed_of(name):
    return int.from_bytes(hashlib.sha256(name.encode()).digest()[:4], "little")


def rand(gen, shape, dt):
    u = torch.rand(shape, generator=gen, dtype=torch.float64) * 2 - 1
    return u.to(TORCH_DTYPES[dt])


def attention(q, k, v, c, mask):
    """The math path in float64: (out, logsumexp, probabilities)."""
    q, k, v = q.double(), k.double(), v.double()
    if k.shape[-3:-2] != q.shape[-3:-2] and k.dim() >= 3:  # grouped-query: repeat_interleave as ATen does
        g = q.shape[-3] // k.shape[-3]
        k, v = k.repeat_interleave(g, dim=-3), v.repeat_interleave(g, dim=-3)
    scale = 1 / math.sqrt(c["e"]) if c["scale"] is None else c["scale"]
    logits = (q @ k.transpose(-2, -1)) * scale
    if c["causal"]:
        logits = logits.masked_fill(~torch.ones(c["l"], c["s"], dtype=torch.bool).tril(), float("-inf"))
    if mask is not None:
        logits = logits.masked_fill(~mask, float("-inf")) if mask.dtype == torch.bool else logits + mask.double()
    m = logits.amax(-1, keepdim=True)
    m = torch.where(torch.isinf(m) & (m < 0), torch.zeros_like(m), m)
    ex = torch.exp(logits - m)
    total = ex.sum(-1, keepdim=True)
    probs = torch.where(total == 0, torch.zeros_like(ex), ex / torch.where(total == 0, torch.ones_like(total), total))
    return probs @ v, (m + torch.log(torch.where(total == 0, torch.ones_like(total), total))).squeeze(-1), probs


def reference(c):
    gen = torch.Generator().manual_seed(seed_of(c["name"]))
    dt = c["dtype"]
    b = c["batch"]
    kb = b[:-1] + [c["kv_heads"]] if "kv_heads" in c else b
    q, k, v = rand(gen, b + [c["l"], c["e"]], dt), rand(gen, kb + [c["s"], c["e"]], dt), rand(gen, kb + [c["s"], c["ev"]], dt)
    mask = None
    if c["mask"] == "bool":
        mask = torch.rand(c["mask_shape"], generator=gen) > 0.35
        mask[..., 0] = True  # every row attends somewhere...
        if c["op"] != FLASH_BWD:
            mask[..., 1, :] = False  # ...but row 1 of a forward case, whose output is then 0
    elif c["mask"] == "float":
        mask = rand(gen, c["mask_shape"], dt)
    elif c["mask"] == "float32":
        mask = rand(gen, c["mask_shape"], "f32")
    out, lse, probs = attention(q, k, v, c, mask)
    tdt = TORCH_DTYPES[dt]
    if c["op"] == SDPA:
        ins, outs = [q, k, v], [out.to(tdt)]
    elif c["op"] == FLASH:
        ins, outs = [q, k, v], [out.to(tdt), lse.float()]
    else:
        dout = rand(gen, b + [c["l"], c["ev"]], dt)
        leaves = [t.double().requires_grad_() for t in (q, k, v)]
        o, _, _ = attention(*leaves, c, mask)
        o.backward(dout.double())
        second = probs.float() if c["lse_operand"] == "probs" else lse.float()
        ins, outs = [dout, q, k, v, out.to(tdt), second], [t.grad.to(tdt) for t in leaves]
    if mask is not None:
        ins.append(mask)
    return ins, outs


DTYPE_NAMES = {torch.float32: "f32", torch.float64: "f64", torch.float16: "f16", torch.bfloat16: "bf16",
               torch.bool: "i1"}


def vt(t, dt):
    return "!torch.vtensor<[%s],%s>" % (",".join(str(d) for d in t.shape), dt)


def program(c, ins, in_dts, outs, out_dts):
    """func @main taking the op's tensor operands, in fx_importer form."""
    lines = []
    arg = {i: f"%arg{i}" for i in range(len(ins))}
    types = {i: vt(t, d) for i, (t, d) in enumerate(zip(ins, in_dts))}
    mask_i = len(ins) - 1 if c["mask"] else None

    def const(kind, value, name):
        lines.append(f"    %{name} = torch.constant.{kind} {value}".rstrip())
        return f"%{name}", f"!torch.{kind}"

    none = const("none", "", "none")
    p = const("float", "0.000000e+00", "float0")
    causal = const("bool", "true" if c["causal"] else "false", "true" if c["causal"] else "false")
    scale = none if c["scale"] is None else const("float", repr(float(c["scale"])), "scale")
    mask = (arg[mask_i], types[mask_i]) if mask_i is not None else none
    if c["op"] == SDPA:
        gqa = const("bool", "true" if "kv_heads" in c else "false", "gqa")
        operands = [(arg[i], types[i]) for i in range(3)] + [mask, p, causal, scale, gqa]
    elif c["op"] == FLASH:
        operands = [(arg[i], types[i]) for i in range(3)] + [p, causal, mask, scale]
    else:
        operands = [(arg[i], types[i]) for i in range(6)] + [p, causal, mask, scale]
    res_types = [vt(t, d) for t, d in zip(outs, out_dts)]
    r = "%0" if len(outs) == 1 else f"%0:{len(outs)}"
    lines.append(f"    {r} = torch.aten.{c['op']} {', '.join(o for o, _ in operands)} : "
                 f"{', '.join(t for _, t in operands)} -> {', '.join(res_types)}")
    rets = ["%0"] if len(outs) == 1 else [f"%0#{i}" for i in range(len(outs))]
    lines.append(f"    return {', '.join(rets)} : {', '.join(res_types)}")
    sig = ", ".join(f"{arg[i]}: {types[i]}" for i in range(len(ins)))
    return "\n".join(["module {", f"  func.func @main({sig}) -> ({', '.join(res_types)}) {{"] + lines + ["  }", "}", ""])


def tolerance(dt, r):
    """As the convolution_backward matrix's (e2e package doc): both sides
    accumulate in f32 (f64 for f64) in different orders over reductions of
    at most r terms of size O(1) (inputs in [-1, 1), probabilities <= 1),
    so atol = max(default, 2*r^1.5*eps_acc); rtol is the dtype's default
    (two ulps for f16/bf16: the final rounding). A wrong mask, scale or
    transposition is an O(1/S) error or larger, far outside it."""
    atol, rtol = DEFAULT_TOL[dt]
    acc_eps = 2.0 ** -52 if dt == "f64" else 2.0 ** -23
    derived = 2.0 * (r ** 1.5) * acc_eps
    why = (f"reductions of up to {r} terms (q.k^T over E, softmax and P.v over S, the gradients over L and S): "
           f"atol = max(default {atol:.3g}, 2*r^1.5*eps_acc = {derived:.3g}) with eps_acc = {acc_eps:.3g}; "
           f"rtol = default for {dt}")
    return dict(atol=max(atol, derived), rtol=rtol, reduction_length=r, reason=why)


def to_numpy(t):
    if t.dtype == torch.bfloat16:
        return t.to(torch.float32).numpy()
    return t.numpy()


def write_case(root, c):
    ins, outs = reference(c)
    dt = c["dtype"]
    in_dts = [DTYPE_NAMES[t.dtype] for t in ins]
    out_dts = [DTYPE_NAMES[t.dtype] for t in outs]
    d = os.path.join(root, c["name"])
    if os.path.isdir(d):
        shutil.rmtree(d)
    os.makedirs(os.path.join(d, "inputs"))
    os.makedirs(os.path.join(d, "expected"))
    names = {SDPA: ["query", "key", "value"], FLASH: ["query", "key", "value"],
             FLASH_BWD: ["grad_out", "query", "key", "value", "out", "logsumexp"]}[c["op"]]
    if c["mask"]:
        names = names + ["attn_mask"]
    res_names = {SDPA: ["output"], FLASH: ["output", "logsumexp"],
                 FLASH_BWD: ["grad_query", "grad_key", "grad_value"]}[c["op"]]
    for i, t in enumerate(ins):
        np.save(os.path.join(d, "inputs", f"{i}.npy"), to_numpy(t.contiguous()))
    r = max(c["l"], c["s"], c["e"], c["ev"])
    results = []
    for i, t in enumerate(outs):
        np.save(os.path.join(d, "expected", f"{i}.npy"), to_numpy(t.detach().contiguous()))
        results.append(dict(name=res_names[i], file=f"expected/{i}.npy", dtype=out_dts[i], shape=list(t.shape),
                            tolerance=tolerance(out_dts[i], r)))
    with open(os.path.join(d, "program.mlir"), "w") as fh:
        fh.write(program(c, ins, in_dts, outs, out_dts))
    note = ("evaluated from the op's definition in float64 (torch 1.13 has no attention op), gradients by "
            "autograd through it, rounded once to the result dtype")
    if c["op"] == FLASH_BWD and c["lse_operand"] == "probs":
        note += ("; the logsumexp operand holds the [N, H, L, S] probabilities, as in a joint graph whose forward "
                 "op was decomposed")
    meta = dict(
        name=c["name"], op="aten." + c["op"], form=c["op"].strip("_"), dtype=dt,
        config={k: c[k] for k in ("batch", "l", "s", "e", "ev", "mask", "mask_shape", "causal", "scale", "lse_operand",
                                  "kv_heads") if k in c},
        inputs=[dict(name=nm, file=f"inputs/{i}.npy", dtype=in_dts[i], shape=list(t.shape))
                for i, (nm, t) in enumerate(zip(names, ins))],
        results=results, reference=f"float64-definition-rounded-to-{dt}", note=note,
        torch_version=torch.__version__, seed=seed_of(c["name"]), generator="e2e/gen/attention_cases.py",
    )
    with open(os.path.join(d, "meta.json"), "w") as fh:
        json.dump(meta, fh, indent=1, sort_keys=True)
        fh.write("\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "cases", "attention"))
    args = ap.parse_args()
    torch.set_num_threads(1)
    cases = build_cases()
    os.makedirs(args.out, exist_ok=True)
    for c in cases:
        write_case(args.out, c)
    print(f"wrote {len(cases)} cases to {args.out}")


if __name__ == "__main__":
    main()
