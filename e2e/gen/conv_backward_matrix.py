#!/usr/bin/env python3
"""Op-level e2e matrix for aten.convolution_backward, with PyTorch references.

Writes one directory per case under <out> (default e2e/cases/conv_backward):

    <name>/program.mlir     torch-dialect func @main in fx_importer form
    <name>/inputs/0.npy     grad_output, 1.npy input, 2.npy weight
    <name>/expected/<i>.npy result i of (grad_input, grad_weight, grad_bias),
                            only for results whose output_mask entry is true
    <name>/meta.json        configuration, dtypes, shapes, tolerances and why,
                            torch version, reference notes

Run with Debian's torch 1.13 (python3-torch) from any directory but the
repository root (whose torch/ Go package would shadow the Python module):

    cd /tmp && /usr/bin/python3 /work/main/e2e/gen/conv_backward_matrix.py \
        --out /work/main/e2e/cases/conv_backward

Everything is seeded (the seed is a hash of the case name) and torch runs on
one thread, so re-running with the same torch reproduces every .npy byte
for byte; e2e's regeneration test relies on that.

References:
  * f32, f64: torch.ops.aten.convolution_backward on the inputs as given;
    every result computed in f32 (here and for f16/bf16 below) is checked
    against the op in f64 first, and the generator stops rather than write
    one it contradicts (check_f32_reference).
  * bf16: torch 1.13's CPU bf16 kernels run, but do not accumulate in f32
    (errors of many ulps) and slow_conv_transpose has no bf16 backward, so
    bf16 references are computed like f16 ones (below), noted in meta.json.
  * f16: torch 1.13 has no CPU f16 convolution_backward. The reference is
    computed in f32 from the f16 inputs (exactly representable in f32) and
    rounded to f16 once, which is what PyTorch's f16 kernels do
    (accumulate in f32, round at the end). meta.json says so
    ("reference": "f32-from-f16-rounded-inputs"); replace these with true
    f16 references from a GPU torch when one is available.
bf16 .npy files hold float32 arrays of bf16-representable values (the Go
runtime reads them as bf16); f16 files are float16 arrays.
"""

import argparse
import hashlib
import itertools
import json
import os
import shutil
import sys

try:
    import numpy as np
    import torch
except ImportError as e:  # pragma: no cover - depends on the machine
    sys.exit(f"conv_backward_matrix.py needs torch and numpy (apt-get install python3-torch): {e}")

TORCH_DTYPES = {"f32": torch.float32, "f64": torch.float64, "f16": torch.float16, "bf16": torch.bfloat16}
EPS = {"f32": 2.0 ** -23, "f64": 2.0 ** -52, "f16": 2.0 ** -10, "bf16": 2.0 ** -7}
# Default tolerances, the same as runtime.DefaultTolerance.
DEFAULT_TOL = {"f64": (1e-10, 1e-9), "f32": (1e-5, 1e-4), "f16": (2.0 ** -14, 2.0 ** -9), "bf16": (1e-5, 2.0 ** -6)}
DTYPES = ["f32", "f64", "f16", "bf16"]


def case(name, nd, n, c, f, h, k, s=1, p=0, d=1, g=1, transposed=False, op=0,
         mask=(True, True, True), dtype="f32", bias=True, form="conv"):
    def per_dim(v):
        return list(v) if isinstance(v, (list, tuple)) else [v] * nd
    cfg = dict(name=name, form=form, nd=nd, n=n, c=c, f=f, h=per_dim(h), k=per_dim(k),
               stride=per_dim(s), padding=per_dim(p), dilation=per_dim(d), groups=g,
               transposed=transposed, output_padding=per_dim(op), output_mask=list(mask),
               dtype=dtype, bias=bias)
    return cfg


def out_extent(c, i):
    h, k, s, p, d, op = (c["h"][i], c["k"][i], c["stride"][i], c["padding"][i],
                         c["dilation"][i], c["output_padding"][i])
    if c["transposed"]:
        return (h - 1) * s - 2 * p + d * (k - 1) + op + 1
    return (h + 2 * p - d * (k - 1) - 1) // s + 1


def valid(c):
    if c["c"] % c["groups"] or c["f"] % c["groups"]:
        return False
    for i in range(c["nd"]):
        if out_extent(c, i) < 1:
            return False
        if c["transposed"] and c["output_padding"][i] >= max(c["stride"][i], c["dilation"][i]):
            return False
        if not c["transposed"] and c["output_padding"][i] != 0:
            return False
    return True


def build_matrix():
    cases = []
    di = itertools.count()

    def add(name, *a, **kw):
        if "dtype" not in kw:
            kw["dtype"] = DTYPES[next(di) % 4]
        name = f"{name}_{kw['dtype']}"
        c = case(name, *a, **kw)
        if not valid(c):
            raise ValueError(f"invalid case {name}: {c}")
        cases.append(c)

    # Kernel sizes x strides x paddings, 1-D and 2-D (odd extents throughout).
    for nd in (1, 2):
        for k in (1, 2, 3, 5, 7):
            for s in (1, 2, 3):
                for p in sorted({0, 1, k}):
                    h = (2 * k + 3 if nd == 1 else k + 4) + s % 2
                    n = 2 if (k + s + p) % 2 else 1
                    add(f"k{k}_s{s}_p{p}_{nd}d", nd, n, 2, 3, h, k, s=s, p=p, form="kernel_sweep")
    # 3-D.
    for k in (1, 2, 3):
        for s in (1, 2):
            for p in (0, 1):
                add(f"k{k}_s{s}_p{p}_3d", 3, 1 + (k % 2), 2, 2, k + 3, k, s=s, p=p, form="3d")
    add("k3_d2_3d", 3, 1, 2, 2, 6, 3, s=1, p=2, d=2, form="3d")
    add("k5_s2_3d", 3, 1, 1, 2, 6, 5, s=2, p=2, form="3d")
    # Non-square kernels (2-D) and non-cubic (3-D), with per-dim parameters.
    for (kh, kw) in ((1, 3), (3, 1), (2, 5), (5, 2), (1, 7), (7, 1), (2, 3)):
        for s, p, d in (((1, 1), (0, 1), (1, 1)), ((2, 1), (1, 0), (1, 2)), ((1, 3), (2, 1), (2, 1))):
            add(f"nonsq_k{kh}x{kw}_s{s[0]}x{s[1]}_p{p[0]}x{p[1]}_d{d[0]}x{d[1]}", 2, 2, 2, 2,
                (kh * d[0] + 3, kw * d[1] + 4), (kh, kw), s=s, p=p, d=d, form="nonsquare")
    for k, s, p in (((1, 2, 3), (1, 2, 2), (0, 1, 1)), ((3, 1, 2), (2, 1, 3), (1, 0, 2)),
                    ((2, 3, 1), (1, 1, 2), (1, 2, 0)), ((1, 1, 3), (2, 2, 1), (0, 0, 1))):
        add("nonsq3d_k%s_s%s_p%s" % ("x".join(map(str, k)), "x".join(map(str, s)), "x".join(map(str, p))),
            3, 1, 2, 2, (4, 5, 5), k, s=s, p=p, form="nonsquare")
    # Stride > kernel.
    for nd in (1, 2):
        for k in (1, 2, 3):
            for s in (k + 1, 4):
                if s <= k:
                    continue
                add(f"s_gt_k_k{k}_s{s}_{nd}d", nd, 2, 2, 3, 11 if nd == 1 else 9, k, s=s, p=k // 2, form="stride_gt_kernel")
    # Padding > d(K-1) (torch-mlir rejects these; negative p' crops dy).
    for nd in (1, 2):
        for k, d, p in ((1, 1, 1), (1, 1, 2), (2, 1, 2), (3, 1, 3), (2, 2, 3), (3, 2, 5), (2, 1, 3)):
            for s in (1, 2):
                add(f"pad_gt_dk_k{k}_d{d}_p{p}_s{s}_{nd}d", nd, 1 + s % 2, 2, 2, 5 if nd == 2 else 7, k, s=s, p=p, d=d,
                    form="padding_gt_dk")
    # Dilation 1-3.
    for nd in (1, 2):
        for k in (2, 3):
            for d in (1, 2, 3):
                for s in (1, 2):
                    h = d * (k - 1) + 4 + (nd == 1) * 3
                    add(f"dil{d}_k{k}_s{s}_{nd}d", nd, 2, 2, 2, h, k, s=s, p=d * (k - 1) // 2, d=d, form="dilation")
    # Groups 2, 4 and depthwise.
    for nd in (1, 2, 3):
        for g, c, f in ((2, 4, 6), (4, 4, 8), (4, 8, 4)):
            for s in (1, 2):
                add(f"groups{g}_c{c}_f{f}_s{s}_{nd}d", nd, 2 if nd < 3 else 1, c, f, 7 if nd < 3 else 4, 3 if nd < 3 else 2,
                    s=s, p=1, g=g, form="groups")
        for c, mult in ((3, 1), (4, 2)):
            for s in (1, 2):
                add(f"depthwise_c{c}_m{mult}_s{s}_{nd}d", nd, 2 if nd < 3 else 1, c, c * mult, 7 if nd < 3 else 4,
                    3 if nd < 3 else 2, s=s, p=1, g=c, form="depthwise")
    # Transposed, with output_padding.
    for nd in (1, 2):
        for k in (1, 2, 3, 5):
            for s in (1, 2, 3):
                for op in sorted({0, s - 1}):
                    p = min(1, k - 1) if (k + s) % 2 else 0
                    add(f"tconv_k{k}_s{s}_p{p}_op{op}_{nd}d", nd, 2 if s == 2 else 1, 2, 3, 5 if nd == 1 else 4, k, s=s, p=p,
                        op=op, transposed=True, form="transposed")
    for nd in (1, 2, 3):
        add(f"tconv_dil2_s2_op1_{nd}d", nd, 1, 2, 2, 3, 3, s=2, p=1, d=2, op=1, transposed=True, form="transposed")
        add(f"tconv_groups2_s2_{nd}d", nd, 1, 4, 6, 3, 2, s=2, p=0, g=2, op=1, transposed=True, form="transposed")
        add(f"tconv_depthwise_s2_{nd}d", nd, 2, 3, 3, 3, 3, s=2, p=1, g=3, op=1, transposed=True, form="transposed")
        add(f"tconv_s3_op2_d3_{nd}d", nd, 1, 2, 2, 3, 2, s=3, p=2, d=3, op=2, transposed=True, form="transposed")
    add("tconv_pad_gt_dk_2d", 2, 1, 2, 2, 5, 3, s=1, p=3, transposed=True, form="transposed")
    add("tconv_nonsq_2d", 2, 1, 2, 3, (3, 4), (1, 3), s=(2, 1), p=(0, 1), op=(1, 0), transposed=True, form="transposed")
    # Every output_mask combination, regular and transposed, 1-D and 2-D.
    for mask in itertools.product((True, False), repeat=3):
        ms = "".join("T" if m else "F" for m in mask)
        add(f"mask_{ms}_2d", 2, 2, 4, 4, 7, 3, s=2, p=1, g=2, mask=mask, form="output_mask")
        add(f"mask_{ms}_1d", 1, 2, 2, 3, 9, 2, s=3, p=1, mask=mask, form="output_mask")
        add(f"mask_{ms}_tconv_2d", 2, 1, 4, 4, 3, 3, s=2, p=1, op=1, g=2, transposed=True, mask=mask, form="output_mask")
        add(f"mask_{ms}_nobias_2d", 2, 1, 2, 2, 6, 2, s=2, p=0, mask=mask, bias=False, form="output_mask")
    # Every dtype on the same representative configurations.
    reps = [
        ("dt_conv2d_s2", dict(nd=2, n=2, c=3, f=4, h=7, k=3, s=2, p=1)),
        ("dt_conv1d_d2", dict(nd=1, n=1, c=2, f=3, h=11, k=3, s=1, p=2, d=2)),
        ("dt_conv3d", dict(nd=3, n=1, c=2, f=2, h=4, k=2, s=1, p=1)),
        ("dt_groups2", dict(nd=2, n=2, c=4, f=4, h=6, k=3, s=1, p=1, g=2)),
        ("dt_depthwise", dict(nd=2, n=1, c=4, f=4, h=7, k=3, s=2, p=1, g=4)),
        ("dt_1x1_s2", dict(nd=2, n=2, c=3, f=2, h=7, k=1, s=2, p=0)),
        ("dt_tconv2d", dict(nd=2, n=2, c=3, f=2, h=4, k=3, s=2, p=1, op=1, transposed=True)),
        ("dt_pad_gt_dk", dict(nd=2, n=1, c=2, f=2, h=5, k=2, s=2, p=2)),
        ("dt_odd_s3", dict(nd=2, n=1, c=2, f=2, h=8, k=2, s=3, p=0)),
        ("dt_k7", dict(nd=1, n=2, c=2, f=2, h=13, k=7, s=2, p=3)),
    ]
    for name, kw in reps:
        for dt in DTYPES:
            kw2 = dict(kw)
            args = [kw2.pop(x) for x in ("nd", "n", "c", "f", "h", "k")]
            add(name, *args, dtype=dt, form="dtype", **kw2)
    # Odd extents: (H + 2p - d(K-1) - 1) mod s != 0.
    for nd in (1, 2):
        for h, k, s, p, d in ((8, 3, 2, 0, 1), (9, 2, 2, 0, 1), (10, 3, 3, 1, 1), (9, 3, 4, 0, 1), (11, 2, 3, 1, 2), (8, 5, 2, 2, 1)):
            add(f"odd_h{h}_k{k}_s{s}_p{p}_d{d}_{nd}d", nd, 2, 2, 2, h, k, s=s, p=p, d=d, form="odd_extent")
    # Batch > 1 with long reductions (weight gradient sums N*Ho*Wo terms):
    # the f16/bf16 tolerances are derived from the reduction length.
    for dt in DTYPES:
        add("longred_1x1_n4_h24", 2, 4, 2, 2, 24, 1, s=1, p=0, dtype=dt, form="long_reduction")
        add("longred_k3_n2_h20", 2, 2, 2, 2, 20, 3, s=1, p=1, dtype=dt, form="long_reduction")
    # Channels and extents large enough (M, N and K >= 16) for the GPU
    # backend's matrix-unit bodies of f16 and bf16 contractions
    # (gpu/codegen/tensorcore.go): stride 2 (every phase of the data
    # gradient takes one), and stride 1 with more than 4096 data-gradient
    # elements (fewer go to a block reduction).
    for dt in ("f16", "bf16"):
        add("matrix_unit_s1", 2, 2, 16, 16, 12, 3, s=1, p=1, dtype=dt, form="matrix_unit")
        add("matrix_unit_s2", 2, 2, 16, 16, 7, 3, s=2, p=1, dtype=dt, form="matrix_unit")
    # No bias (bias_sizes None).
    for nd in (1, 2, 3):
        add(f"nobias_s2_{nd}d", nd, 2, 2, 3, 5, 2, s=2, p=1, bias=False, form="no_bias")
    names = [c["name"] for c in cases]
    assert len(names) == len(set(names)), "duplicate case names"
    return cases


# ---------------------------------------------------------------- program text

class Namer:
    """SSA names the way torch-mlir's printer assigns them: the first use of a
    name is bare, later ones get _N from one counter shared by all names."""

    def __init__(self):
        self.seen = set()
        self.counter = 0

    def __call__(self, base):
        if base not in self.seen:
            self.seen.add(base)
            return base
        name = f"{base}_{self.counter}"
        self.counter += 1
        return name


def vt(shape, dtype):
    return "!torch.vtensor<[%s],%s>" % (",".join(str(v) for v in shape), dtype)


def program(c, shapes, res_shapes):
    dt = c["dtype"]
    nm = Namer()
    lines = []
    nlist = itertools.count()

    def int_list(vals):
        names = []
        for v in vals:
            n = nm(f"int{v}")
            lines.append(f"    %{n} = torch.constant.int {v}")
            names.append("%" + n)
        r = next(nlist)
        lines.append(f"    %{r} = torch.prim.ListConstruct {', '.join(names)} : ({', '.join(['!torch.int'] * len(vals))}) -> !torch.list<int>")
        return f"%{r}"

    arg_types = [vt(s, dt) for s in shapes]
    if c["bias"]:
        bias, bias_t = int_list([c["f"]]), "!torch.list<int>"
    else:
        n = nm("none")
        lines.append(f"    %{n} = torch.constant.none")
        bias, bias_t = "%" + n, "!torch.none"
    stride = int_list(c["stride"])
    padding = int_list(c["padding"])
    dilation = int_list(c["dilation"])
    tn = nm("true" if c["transposed"] else "false")
    lines.append(f"    %{tn} = torch.constant.bool {'true' if c['transposed'] else 'false'}")
    opad = int_list(c["output_padding"])
    gn = nm(f"int{c['groups']}")
    lines.append(f"    %{gn} = torch.constant.int {c['groups']}")
    mnames = []
    for m in c["output_mask"]:
        n = nm("true" if m else "false")
        lines.append(f"    %{n} = torch.constant.bool {'true' if m else 'false'}")
        mnames.append("%" + n)
    mask = f"%{next(nlist)}"
    lines.append(f"    {mask} = torch.prim.ListConstruct {', '.join(mnames)} : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>")
    res_types = [vt(s, dt) if m else "!torch.none" for s, m in zip(res_shapes, c["output_mask"])]
    r = f"%{next(nlist)}"
    lines.append(f"    {r}:3 = torch.aten.convolution_backward %arg0, %arg1, %arg2, {bias}, {stride}, {padding}, {dilation}, %{tn}, {opad}, %{gn}, {mask} : "
                 f"{', '.join(arg_types)}, {bias_t}, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> {', '.join(res_types)}")
    rets = []
    for i, m in enumerate(c["output_mask"]):
        if m:
            rets.append(f"{r}#{i}")
        else:
            # fx_importer materialises a None output as a fresh torch.constant.none.
            n = nm("none")
            lines.append(f"    %{n} = torch.constant.none")
            rets.append("%" + n)
    sig = ", ".join(f"%arg{i}: {t}" for i, t in enumerate(arg_types))
    ret_t = ", ".join(res_types)
    out = ["module {", f"  func.func @main({sig}) -> ({ret_t}) {{"]
    out += lines
    out.append(f"    return {', '.join(rets)} : {ret_t}")
    out += ["  }", "}", ""]
    return "\n".join(out)


# ---------------------------------------------------------------- references

def seed_of(name):
    return int.from_bytes(hashlib.sha256(name.encode()).digest()[:4], "little")


def reduction_lengths(c, x_shape, dy_shape):
    n, f, g = c["n"], c["f"], c["groups"]
    kprod = 1
    for k in c["k"]:
        kprod *= k
    ho = 1
    for v in dy_shape[2:]:
        ho *= v
    hi = 1
    for v in x_shape[2:]:
        hi *= v
    if c["transposed"]:
        # dx[n,c,i] = sum over f in group, k; dw[c,f',k] = sum over n, i.
        return [(f // g) * kprod, n * hi, n * ho]
    return [(f // g) * kprod, n * ho, n * ho]


def tolerance(dt, r):
    """Tolerance for one result of dtype dt whose elements sum r products.

    Inputs lie in [-1, 1), so each product is at most 1 in magnitude and, for
    these zero-mean random inputs, partial sums grow like sqrt(r). Both sides
    accumulate in f32 (f64 for f64) in different orders; the difference of two
    such sums is bounded by about r * eps_acc * max|partial sum| ~
    r^1.5 * eps_acc (the classic recursive-summation bound with the
    random-walk magnitude). We allow twice that as atol on top of the dtype's
    default (which covers the final rounding: rtol is two ulps of the
    dtype). A real bug (a missing tap, a wrong offset) is an error of the
    order of one product, i.e. O(1), far above this for every r used here
    (r <= 2304 gives atol <= 0.0066 in f32 accumulation)."""
    atol, rtol = DEFAULT_TOL[dt]
    acc_eps = 2.0 ** -52 if dt == "f64" else 2.0 ** -23
    derived = 2.0 * (r ** 1.5) * acc_eps
    why = (f"reduction of {r} terms: atol = max(default {atol:.3g}, 2*r^1.5*eps_acc = {derived:.3g}) "
           f"with eps_acc = {acc_eps:.3g} ({'f64' if dt == 'f64' else 'f32'} accumulation); rtol = default for {dt}")
    return dict(atol=max(atol, derived), rtol=rtol, reduction_length=r, reason=why)


def rand(gen, shape, dt):
    u = torch.rand(shape, generator=gen, dtype=torch.float64) * 2 - 1
    return u.to(TORCH_DTYPES[dt])


def to_numpy(t, dt):
    if dt == "bf16":
        return t.to(torch.float32).numpy()
    return t.numpy()


def operands(c):
    """The case's seeded inputs (dy, x, w, in its dtype) and the shapes of
    its inputs and results."""
    gen = torch.Generator().manual_seed(seed_of(c["name"]))
    dt = c["dtype"]
    n, cc, f, g = c["n"], c["c"], c["f"], c["groups"]
    ho = [out_extent(c, i) for i in range(c["nd"])]
    x_shape = [n, cc] + c["h"]
    w_shape = ([cc, f // g] if c["transposed"] else [f, cc // g]) + c["k"]
    dy_shape = [n, f] + ho
    dy, x, w = rand(gen, dy_shape, dt), rand(gen, x_shape, dt), rand(gen, w_shape, dt)
    return [dy, x, w], [dy_shape, x_shape, w_shape], [x_shape, w_shape, [f]]


def convolution_backward(c, ins, compute):
    """torch.ops.aten.convolution_backward of the case on ins, in dtype compute."""
    dy, x, w = (t.to(compute) for t in ins)
    return torch.ops.aten.convolution_backward(
        dy, x, w, [c["f"]] if c["bias"] else None, c["stride"], c["padding"], c["dilation"],
        c["transposed"], c["output_padding"], c["groups"], c["output_mask"])


def reference(c):
    dt = c["dtype"]
    ins, in_shapes, res_shapes = operands(c)
    # f16 and bf16: f32 from the 16-bit inputs, rounded once (see the module doc).
    compute = torch.float32 if dt in ("f16", "bf16") else TORCH_DTYPES[dt]
    res = convolution_backward(c, ins, compute)
    if compute == torch.float32:
        check_f32_reference(c, res, in_shapes, lambda: convolution_backward(c, ins, torch.float64))
    outs = []
    for m, r in zip(c["output_mask"], res):
        outs.append(r.to(TORCH_DTYPES[dt]).contiguous() if m else None)
    return ins, outs, in_shapes, res_shapes


def check_f32_reference(c, res, in_shapes, in_f64):
    """Refuses an f32 result of PyTorch that the same op in f64 contradicts.

    torch 1.13's CPU convolution_backward in f32 can return garbage: its
    oneDNN path gave NaN and 1e38 in the weight gradient of a 3-D
    convolution (1x32x6x10x10 input, 7x7x7 kernel, stride 2, padding 3)
    whose f64 (no oneDNN) and non-oneDNN f32 results agree to 4e-6. A case
    written from such a result would fail a correct lowering, so each f32
    result must lie within the f32 tolerance of its reduction length
    (tolerance below) of the f64 one, or the generator stops and names the
    case."""
    ref = in_f64()
    red = reduction_lengths(c, in_shapes[1], in_shapes[0])
    for i, (m, r, r64) in enumerate(zip(c["output_mask"], res, ref)):
        if not m:
            continue
        tol = tolerance("f32", red[i])
        err = (r.double() - r64).abs()
        bound = tol["atol"] + tol["rtol"] * r64.abs()
        if not torch.isfinite(r).all() or (err > bound).any():
            worst = err.nan_to_num(float("inf")).max().item()
            sys.exit(f"{c['name']}: PyTorch's f32 result {i} is off the f64 one by up to {worst:.3g} "
                     f"(tolerance atol={tol['atol']:.3g} rtol={tol['rtol']:.3g}): not writing a wrong reference; "
                     "change the case or compute it another way (torch.backends.mkldnn.enabled = False)")


def reference_f64(c):
    """The case's results computed in f64 from its inputs and rounded once
    to its dtype (fuzz_conv_backward.py's references)."""
    ins, in_shapes, res_shapes = operands(c)
    res = convolution_backward(c, ins, torch.float64)
    outs = [r.to(TORCH_DTYPES[c["dtype"]]).contiguous() if m else None for m, r in zip(c["output_mask"], res)]
    return ins, outs, in_shapes, res_shapes


def write_case(root, c, f64_reference=False, generator="e2e/gen/conv_backward_matrix.py"):
    """Writes case c under root; f64_reference: its references are
    reference_f64's instead of the matrix's; generator goes in meta.json."""
    ins, outs, in_shapes, out_shapes = reference_f64(c) if f64_reference else reference(c)
    d = os.path.join(root, c["name"])
    if os.path.isdir(d):
        shutil.rmtree(d)
    os.makedirs(os.path.join(d, "inputs"))
    os.makedirs(os.path.join(d, "expected"))
    dt = c["dtype"]
    for i, t in enumerate(ins):
        np.save(os.path.join(d, "inputs", f"{i}.npy"), to_numpy(t, dt))
    red = reduction_lengths(c, in_shapes[1], in_shapes[0])
    results = []
    for i, t in enumerate(outs):
        if t is None:
            results.append(None)
            continue
        np.save(os.path.join(d, "expected", f"{i}.npy"), to_numpy(t, dt))
        results.append(dict(name=["grad_input", "grad_weight", "grad_bias"][i], file=f"expected/{i}.npy",
                            dtype=dt, shape=out_shapes[i], tolerance=tolerance(dt, red[i])))
    with open(os.path.join(d, "program.mlir"), "w") as fh:
        fh.write(program(c, in_shapes, out_shapes))
    if f64_reference:
        ref = "f64-rounded-once"
        note = (f"computed in f64 (torch {torch.__version__}, CPU) from the {dt} inputs and rounded to {dt} once: "
                "a reference more exact than PyTorch's own in the dtype, within the same tolerances.")
    elif dt == "f16":
        ref = "f32-from-f16-rounded-inputs"
        note = ("torch 1.13 has no CPU f16 convolution_backward: the reference was computed in f32 from the "
                "f16 inputs and rounded to f16 once (what PyTorch's f16 kernels do: f32 accumulation, one "
                "rounding). Replace with a true f16 reference from a GPU torch when available.")
    elif dt == "bf16":
        ref = "f32-from-bf16-rounded-inputs"
        note = ("torch 1.13's CPU bf16 convolution_backward does not accumulate in f32 (measured: errors of many bf16 "
                "ulps, e.g. 0.0156 on a 0.117 result of a 9-term sum; and slow_conv_transpose has no bf16 kernel), so "
                "the reference was computed in f32 from the bf16 inputs and rounded to bf16 once, which is what "
                "PyTorch's CUDA kernels and the lowering do. .npy files hold float32 arrays of bf16 values.")
    else:
        ref = f"torch-cpu-{dt}"
        note = ""
    meta = dict(
        name=c["name"], op="aten.convolution_backward", form=c["form"], dtype=dt,
        config={k: c[k] for k in ("nd", "n", "c", "f", "h", "k", "stride", "padding", "dilation", "groups",
                                  "transposed", "output_padding", "output_mask", "bias")},
        inputs=[dict(name=nm, file=f"inputs/{i}.npy", dtype=dt, shape=s)
                for i, (nm, s) in enumerate(zip(("grad_output", "input", "weight"), in_shapes))],
        results=results,
        reference=ref, note=note, torch_version=torch.__version__, seed=seed_of(c["name"]),
        generator=generator,
    )
    with open(os.path.join(d, "meta.json"), "w") as fh:
        json.dump(meta, fh, indent=1, sort_keys=True)
        fh.write("\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "cases", "conv_backward"))
    ap.add_argument("--list", action="store_true", help="print the case names and forms and exit")
    args = ap.parse_args()
    torch.set_num_threads(1)
    cases = build_matrix()
    if args.list:
        for c in cases:
            print(c["form"], c["name"])
        return
    os.makedirs(args.out, exist_ok=True)
    for c in cases:
        write_case(args.out, c)
    print(f"wrote {len(cases)} cases to {args.out}")


if __name__ == "__main__":
    main()
