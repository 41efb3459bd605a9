#!/usr/bin/env python3
"""Export the torchlower end-to-end fixture set with PyTorch >= 2.6.

Each fixture is written as an e2e case (the layout e2e.LoadCase reads, so
`go test ./e2e` and `torchlower e2e` run it with no further glue) to
<out>/<name>/:

    program.pt2      torch.export.save of the (joint) ExportedProgram
    inputs/N.npy     the user inputs, in graph input order (parameters and
                     buffers stay in the archive, which the suite inlines)
    expected/N.npy   PyTorch's results, in graph output order
    meta.json        name, program, inputs, results (null for a None
                     output) with tolerances and why, output kinds, torch
                     version, export path, configuration

Run:  python3 e2e/gen/export_fixtures.py [--out e2e/cases/torch_export] [--only NAME ...] [--jobs N]

Everything is tiny (a few KB per fixture) and seeded, so re-running with the
same torch version reproduces the same files.

Tolerances: every program is also evaluated in float64 from the same
values (an eager float64 copy of the model, or the op on float64 inputs).
A float32 result's atol is the largest of the float32 default (1e-5),
10x torch's own float32 error against float64 (torchlower's float32
evaluation is off the exact value by an error of the same kind), and the
reduction bound 2*r^1.5*eps*scale of the convolution_backward matrix, r
being the longest reduction behind the results (convolution taps, batch
norm and gradient sums over N*H*W) and scale the result's largest
magnitude; rtol is the float32 default.
Integers must match exactly.
"""

import argparse
import concurrent.futures
import copy
import json
import multiprocessing
import os
import shutil
import sys
import time

try:
    import numpy as np
    import torch
    import torch.nn as nn
except ImportError as e:  # pragma: no cover - depends on the machine
    sys.exit(f"export_fixtures.py needs torch >= 2.6 and numpy: {e}")


def torch_version_tuple():
    v = torch.__version__.split("+")[0]
    parts = []
    for p in v.split(".")[:2]:
        digits = "".join(c for c in p if c.isdigit())
        parts.append(int(digits or 0))
    return tuple(parts)


# --------------------------------------------------------------------------
# Joint forward/backward export, found wherever this torch version keeps it.

def _find_export_forward_backward():
    candidates = [
        ("torch.export.experimental", "_export_forward_backward"),
        ("torch.export._trace", "_export_forward_backward"),
        ("torch._export", "_export_forward_backward"),
    ]
    for mod_name, attr in candidates:
        try:
            mod = __import__(mod_name, fromlist=[attr])
        except Exception:
            continue
        fn = getattr(mod, attr, None)
        if fn is not None:
            return fn, f"{mod_name}.{attr}"
    return None, None


def export_joint(model, args):
    """Export model (returning a scalar loss first) as a joint graph."""
    ep = torch.export.export(model, args)
    fwd_bwd, where = _find_export_forward_backward()
    if fwd_bwd is None:
        raise RuntimeError("this torch has no _export_forward_backward; "
                           "joint fixtures need torch >= 2.6")
    try:
        joint = fwd_bwd(ep, joint_loss_index=0)
    except TypeError:
        joint = fwd_bwd(ep)
    return joint, where


# --------------------------------------------------------------------------
# Saving, as e2e cases.

DTYPES = {torch.float32: "f32", torch.float64: "f64", torch.float16: "f16", torch.bfloat16: "bf16",
          torch.int64: "i64", torch.int32: "i32", torch.bool: "i1"}
EPS32 = 2.0 ** -23
DEFAULT_ATOL, DEFAULT_RTOL = 1e-5, 1e-4  # runtime.DefaultTolerance(F32)


def to_numpy(t):
    t = t.detach().cpu().contiguous()
    if t.dtype == torch.bfloat16:
        t = t.float()
    return t.numpy()


def tolerance(t, t64, r):
    """The tolerance of result t (float32) given its float64 evaluation t64
    and the longest reduction r behind it; integers are exact."""
    if not t.dtype.is_floating_point:
        if t64 is not None and not torch.equal(t, t64.to(t.dtype)):
            raise RuntimeError("float32 and float64 evaluations disagree on an integer result")
        return {"atol": 0.0, "rtol": 0.0, "reason": "integer, exact"}
    err64 = float((t.double() - t64.double()).abs().max()) if t.numel() else 0.0
    scale = float(t64.double().abs().max()) if t.numel() else 0.0
    bound = 2 * r ** 1.5 * EPS32 * scale
    atol = max(DEFAULT_ATOL, 10 * err64, bound)
    return {"atol": float(f"{atol:.3g}"), "rtol": DEFAULT_RTOL, "reduction_length": r,
            "reason": (f"float32, reductions of up to {r} terms summed in another order: atol = max(default 1e-05, "
                       f"10 * torch's float32 error against float64 {err64:.3g}, 2*r^1.5*eps*scale {bound:.3g} "
                       f"with scale {scale:.3g}); rtol = default for f32")}


def save_case(out_dir, name, ep, user_inputs, outputs, r, meta):
    """outputs: [(kind, target, tensor or None, float64 tensor or None)] in
    graph output order; r: the longest reduction behind the results, one
    for all or a list with one per output."""
    if isinstance(r, int):
        r = [r] * len(outputs)
    d = os.path.join(out_dir, name)
    if os.path.exists(d):
        shutil.rmtree(d)
    os.makedirs(os.path.join(d, "inputs"))
    os.makedirs(os.path.join(d, "expected"))
    torch.export.save(ep, os.path.join(d, "program.pt2"))
    meta = dict(meta)
    meta.update(name=name, form="torch_export", program="program.pt2", function="main",
                generator="e2e/gen/export_fixtures.py", torch_version=torch.__version__,
                reference="torch-cpu-f32 eager, one thread")
    meta["inputs"] = []
    for i, (iname, t) in enumerate(user_inputs):
        f = f"inputs/{i}.npy"
        np.save(os.path.join(d, f), to_numpy(t))
        meta["inputs"].append({"file": f, "name": iname, "dtype": DTYPES[t.dtype], "shape": list(t.shape)})
    meta["results"] = []
    meta["output_kinds"] = []
    dtypes = set()
    for i, (kind, target, t, t64) in enumerate(outputs):
        meta["output_kinds"].append(f"{kind}:{target}" if target else kind)
        if t is None:
            meta["results"].append(None)
            continue
        f = f"expected/{i}.npy"
        np.save(os.path.join(d, f), to_numpy(t))
        dtypes.add(DTYPES[t.dtype])
        meta["results"].append({"file": f, "name": meta["output_kinds"][-1], "dtype": DTYPES[t.dtype],
                                "shape": list(t.shape), "tolerance": tolerance(t.detach(), None if t64 is None else t64.detach(), r[i])})
    meta["dtype"] = "f32" if "f32" in dtypes else (sorted(dtypes)[0] if dtypes else "f32")
    with open(os.path.join(d, "meta.json"), "w") as fh:
        json.dump(meta, fh, indent=1, sort_keys=True)
        fh.write("\n")
    print(f"wrote {d}")


def output_specs(ep):
    """[(kind, target, arg_name)] from the graph signature, in output order."""
    from torch.export.graph_signature import OutputKind
    out = []
    for s in ep.graph_signature.output_specs:
        kind = s.kind.name.lower() if isinstance(s.kind, OutputKind) else str(s.kind).lower()
        out.append((kind, s.target, getattr(s.arg, "name", None)))
    return out


def conv_reduction(n, cin, cout, groups, k, out_spatial):
    """The longest reduction of a convolution and its gradients: taps per
    output (cin/groups * prod k), per input (cout/groups * prod k), and the
    weight and bias gradients' sums over N * prod(output spatial)."""
    taps = 1
    for kk in k:
        taps *= kk
    pos = n
    for o in out_spatial:
        pos *= o
    return max(cin // groups * taps, cout // groups * taps, pos)


# --------------------------------------------------------------------------
# 1. Single-op convolution_backward programs.

class ConvBackward(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg

    def forward(self, grad_output, inp, weight):
        c = self.cfg
        return torch.ops.aten.convolution_backward(
            grad_output, inp, weight, c["bias_sizes"], c["stride"], c["padding"], c["dilation"],
            c["transposed"], c["output_padding"], c["groups"], c["mask"])


def conv_out_size(n, k, s, p, d, op, transposed):
    if transposed:
        return (n - 1) * s - 2 * p + d * (k - 1) + op + 1
    return (n + 2 * p - d * (k - 1) - 1) // s + 1


def single_op_configs():
    def cfg(name, dims, cin=4, cout=6, k=3, stride=1, padding=1, dilation=1, groups=1,
            transposed=False, output_padding=0, mask=(True, True, True), size=7, batch=2):
        return name, dict(dims=dims, cin=cin, cout=cout, k=k, stride=[stride] * dims,
                          padding=[padding] * dims, dilation=[dilation] * dims, groups=groups,
                          transposed=transposed, output_padding=[output_padding] * dims,
                          mask=list(mask), size=size, batch=batch)
    return [
        cfg("conv_bwd_1d", 1),
        cfg("conv_bwd_2d", 2),
        cfg("conv_bwd_3d", 3, size=5),
        cfg("conv_bwd_2d_strided", 2, stride=2),
        cfg("conv_bwd_2d_dilated", 2, dilation=2, padding=2),
        cfg("conv_bwd_2d_grouped", 2, cin=4, cout=6, groups=2),
        cfg("conv_bwd_2d_depthwise", 2, cin=4, cout=4, groups=4),
        cfg("conv_bwd_2d_1x1_stride2", 2, k=1, padding=0, stride=2),
        cfg("conv_bwd_2d_transposed", 2, cin=4, cout=6, stride=2, transposed=True, output_padding=1),
        cfg("conv_bwd_2d_mask_ttf", 2, mask=(True, True, False)),
        cfg("conv_bwd_2d_mask_ftt", 2, mask=(False, True, True)),
        cfg("conv_bwd_2d_mask_tff", 2, mask=(True, False, False)),
    ]


def make_single_op(name, c):
    g = torch.Generator().manual_seed(0)
    dims, k = c["dims"], c["k"]
    spatial = [c["size"]] * dims
    if c["transposed"]:
        # Weight of a transposed conv is [in, out/groups, k...].
        w_shape = [c["cin"], c["cout"] // c["groups"]] + [k] * dims
        out_spatial = [conv_out_size(n, k, s, p, d, op, True) for n, s, p, d, op in
                       zip(spatial, c["stride"], c["padding"], c["dilation"], c["output_padding"])]
        go_shape = [c["batch"], c["cout"]] + out_spatial
        c["bias_sizes"] = [c["cout"]]
    else:
        w_shape = [c["cout"], c["cin"] // c["groups"]] + [k] * dims
        out_spatial = [conv_out_size(n, k, s, p, d, 0, False) for n, s, p, d in
                       zip(spatial, c["stride"], c["padding"], c["dilation"])]
        go_shape = [c["batch"], c["cout"]] + out_spatial
        c["bias_sizes"] = [c["cout"]]
    x = torch.randn([c["batch"], c["cin"]] + spatial, generator=g)
    w = torch.randn(w_shape, generator=g)
    go = torch.randn(go_shape, generator=g)
    m = ConvBackward(c)
    args = (go, x, w)
    # export's IR may hold in-place ops; run_decompositions() makes it the
    # functional core ATen IR that torchlower imports.
    ep = torch.export.export(m, args).run_decompositions()
    res = m(*args)
    res64 = m(*(a.double() for a in args))
    outputs = [(kind, target, t, t64) for (kind, target, _), t, t64 in zip(output_specs(ep), res, res64)]
    r = conv_reduction(c["batch"], c["cin"], c["cout"], c["groups"], [k] * dims,
                       [max(a, b) for a, b in zip(spatial, out_spatial)])
    meta = {"kind": "single_op", "op": "aten.convolution_backward.default", "export": "torch.export.export().run_decompositions()",
            "config": {k2: v for k2, v in c.items()}}
    return ep, [("grad_output", go), ("input", x), ("weight", w)], outputs, r, meta


# --------------------------------------------------------------------------
# 2. Joint forward/backward graphs of small CNNs.

class WithLoss(nn.Module):
    """Wraps a net so forward returns a scalar loss (required by joint
    export): the mean squared error, or with classes the cross entropy
    against integer targets."""

    def __init__(self, net, classes=False):
        super().__init__()
        self.net = net
        self.classes = classes

    def forward(self, x, target):
        out = self.net(x)
        if self.classes:
            return (nn.functional.cross_entropy(out, target),)
        return (nn.functional.mse_loss(out, target),)


class SmallCifarNet(nn.Module):
    """PyTorch's own _export_forward_backward test network
    (test_joint_cifar10_backwards), sized down (joint_cnn_xent)."""

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
        return self.fc2(nn.functional.relu(self.fc1(x)))


class SmallVolumeNet(nn.Module):
    """A volume classifier in miniature (joint_cnn3d_xent): 3-D
    convolutions padded by reflection and by replication (padding_mode,
    i.e. F.pad before the convolution), 3-D max pooling and an adaptive
    average pooling to (1, 2, 2), then a Linear head."""

    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv3d(2, 4, 3, padding=1, padding_mode="reflect")
        self.pool = nn.MaxPool3d(2)
        self.conv2 = nn.Conv3d(4, 6, 3, padding=1, padding_mode="replicate")
        self.gap = nn.AdaptiveAvgPool3d((1, 2, 2))
        self.fc = nn.Linear(24, 5)

    def forward(self, x):
        x = self.pool(nn.functional.relu(self.conv1(x)))
        x = self.gap(nn.functional.relu(self.conv2(x)))
        return self.fc(torch.flatten(x, 1))


class EmbedHead(nn.Module):
    """A language model's ends: token embeddings flattened to rows and a
    Linear head over the vocabulary (joint_embed_xent)."""

    vocab, dim = 10, 8

    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(self.vocab, self.dim)
        self.head = nn.Linear(self.dim, self.vocab)

    def forward(self, tokens):
        return self.head(self.emb(tokens).reshape(-1, self.dim))


def mlp():
    """A transformer block's feed-forward half: Linear, GELU, LayerNorm,
    Linear, trained with cross entropy (joint_mlp_layernorm_xent)."""
    return nn.Sequential(nn.Linear(8, 16), nn.GELU(), nn.LayerNorm(16), nn.Linear(16, 4))


class CausalSelfAttention(nn.Module):
    """A transformer block's attention half, trained per token with cross
    entropy (joint_attention_xent): one QKV projection split into heads,
    F.scaled_dot_product_attention with is_causal (on the CPU it runs
    _scaled_dot_product_flash_attention_for_cpu, whose backward the core
    decompositions keep), the heads merged, an output projection, a
    residual and LayerNorm, then a Linear head over the classes."""

    dim, heads, classes = 8, 2, 5

    def __init__(self):
        super().__init__()
        self.qkv = nn.Linear(self.dim, 3 * self.dim)
        self.proj = nn.Linear(self.dim, self.dim)
        self.norm = nn.LayerNorm(self.dim)
        self.head = nn.Linear(self.dim, self.classes)

    def forward(self, x):
        b, l, d = x.shape
        q, k, v = self.qkv(x).view(b, l, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4).unbind(0)
        y = nn.functional.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = self.norm(x + self.proj(y.transpose(1, 2).reshape(b, l, d)))
        return self.head(x).reshape(b * l, self.classes)


class ConvBnRelu(nn.Module):
    def __init__(self, cin, cout, stride=1, groups=1):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, 3, stride=stride, padding=1, groups=groups)
        self.bn = nn.BatchNorm2d(cout)

    def forward(self, x):
        return torch.relu(self.bn(self.conv(x)))


class StridedGroupedDepthwise(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = ConvBnRelu(4, 8, stride=2)
        self.b = ConvBnRelu(8, 8, groups=2)
        self.c = ConvBnRelu(8, 8, groups=8)

    def forward(self, x):
        return self.c(self.b(self.a(x)))


class ConvTransposeBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(4, 6, 3, padding=1)
        self.up = nn.ConvTranspose2d(6, 4, 3, stride=2, padding=1, output_padding=1)

    def forward(self, x):
        return self.up(torch.relu(self.conv(x)))


class Residual(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = ConvBnRelu(4, 4)
        self.conv = nn.Conv2d(4, 4, 3, padding=1, bias=False)
        self.bn = nn.BatchNorm2d(4)

    def forward(self, x):
        return torch.relu(x + self.bn(self.conv(self.a(x))))


class UNetBlock(nn.Module):
    """A UNet decoder block (joint_unet_block): conv, GroupNorm, SiLU twice
    with a residual, nearest upsampling x2, conv — group norm's, SiLU's and
    upsampling's backward next to convolution_backward."""

    def __init__(self, cin=4, c=8, groups=2):
        super().__init__()
        self.conv1 = nn.Conv2d(cin, c, 3, padding=1)
        self.norm1 = nn.GroupNorm(groups, c)
        self.conv2 = nn.Conv2d(c, c, 3, padding=1)
        self.norm2 = nn.GroupNorm(groups, c)
        self.up = nn.Upsample(scale_factor=2.0, mode="nearest")
        self.conv3 = nn.Conv2d(c, cin, 3, padding=1)

    def forward(self, x):
        h = nn.functional.silu(self.norm1(self.conv1(x)))
        h = nn.functional.silu(self.norm2(self.conv2(h))) + h
        return self.conv3(self.up(h))


def joint_configs():
    return [
        ("joint_conv_bn_relu", lambda: ConvBnRelu(3, 4), (2, 3, 8, 8)),
        ("joint_strided_grouped_depthwise", StridedGroupedDepthwise, (2, 4, 8, 8)),
        ("joint_conv_transpose", ConvTransposeBlock, (2, 4, 5, 5)),
        ("joint_residual", Residual, (2, 4, 6, 6)),
        ("joint_mlp_layernorm_xent", mlp, (6, 8)),
        ("joint_cnn_xent", SmallCifarNet, (2, 3, 12, 12)),
        ("joint_cnn3d_xent", SmallVolumeNet, (2, 2, 6, 6, 6)),
        ("joint_embed_xent", EmbedHead, (2, 3)),
        ("joint_attention_xent", CausalSelfAttention, (2, 4, 8)),
        ("joint_unet_block", UNetBlock, (2, 4, 8, 8)),
    ]


def joint_outputs(specs, model, x, target):
    """One eager training step of model; its results in the joint graph's
    output order, and the longest reduction behind them."""
    convs = []

    def hook(mod, inp, out):
        x = inp[0]
        if isinstance(mod, nn.Linear):
            # y = x W^T: sums over in_features; W's gradient over the rows.
            convs.append(max(mod.in_features, mod.out_features, x.numel() // mod.in_features))
        elif isinstance(mod, nn.LayerNorm):
            n = 1
            for d in mod.normalized_shape:
                n *= d
            convs.append(max(n, x.numel() // n))
        else:
            convs.append(conv_reduction(x.shape[0], mod.in_channels, mod.out_channels, mod.groups,
                                        list(mod.kernel_size),
                                        [max(a, b) for a, b in zip(x.shape[2:], out.shape[2:])]))

    hooks = [m.register_forward_hook(hook) for m in model.modules()
             if isinstance(m, (nn.Conv1d, nn.Conv2d, nn.Conv3d, nn.ConvTranspose1d, nn.ConvTranspose2d,
                               nn.ConvTranspose3d, nn.Linear, nn.LayerNorm))]
    (loss,) = model(x, target)
    for h in hooks:
        h.remove()
    loss.backward()
    params = dict(model.named_parameters())
    buffers = dict(model.named_buffers())
    outputs = []
    for kind, tgt, _ in specs:
        if kind in ("loss_output", "user_output"):
            outputs.append((kind, None, loss))
        elif kind == "gradient_to_parameter":
            outputs.append((kind, tgt, params[tgt].grad))
        elif kind == "buffer_mutation":
            outputs.append((kind, tgt, buffers[tgt]))
        else:
            raise RuntimeError(f"output kind {kind} ({tgt}) has no eager counterpart here")
    # The loss sums over every output element; the rest over convolution
    # taps and positions (batch norm's sums run over the same positions).
    r = [max(convs + [target.numel()]) if kind in ("loss_output", "user_output") else max(convs)
         for kind, _, _ in outputs]
    return outputs, r


def make_joint(name, ctor, in_shape):
    torch.manual_seed(0)
    net = ctor()
    net.train()
    g = torch.Generator().manual_seed(1)
    if hasattr(net, "vocab"):
        # Token ids; a repeated one makes its embedding row sum gradients.
        x = torch.randint(0, net.vocab, in_shape, generator=g)
        x.view(-1)[-1] = x.view(-1)[0]
    else:
        x = torch.randn(in_shape, generator=g)
    with torch.no_grad():
        y_shape = net(x).shape
    torch.manual_seed(0)
    net = ctor()  # fresh stats: the probe above updated running stats
    net.train()
    classes = name.endswith("_xent")
    if classes:
        target = torch.randint(0, y_shape[-1], y_shape[:-1], generator=g)
    else:
        target = torch.randn(y_shape, generator=g)
    model = WithLoss(net, classes)
    # Eager runs for the expected outputs and their float64 counterparts,
    # on deep copies made before export touches the model.
    reference, reference64 = copy.deepcopy(model), copy.deepcopy(model).double()
    joint, where = export_joint(model, (x, target))
    specs = output_specs(joint)
    got, r = joint_outputs(specs, reference, x, target)
    ref64, _ = joint_outputs(specs, reference64, x.double() if x.is_floating_point() else x,
                            target if classes else target.double())
    outputs = [(kind, tgt, t, t64) for (kind, tgt, t), (_, _, t64) in zip(got, ref64)]
    meta = {"kind": "joint", "export": where, "model": type(net).__name__,
            "note": "outputs computed by one eager training step (autograd) on a deep copy of the model"}
    return joint, [("x", x), ("target", target)], outputs, r, meta


# --------------------------------------------------------------------------
# 3. KV-cache update.

class KVCache(nn.Module):
    def __init__(self, heads=2, max_len=8, dim=4):
        super().__init__()
        self.register_buffer("k_cache", torch.zeros(1, heads, max_len, dim))
        self.register_buffer("v_cache", torch.zeros(1, heads, max_len, dim))

    def forward(self, k, v, input_pos):
        self.k_cache.index_copy_(2, input_pos, k)
        self.v_cache[:, :, input_pos] = v
        return self.k_cache[:, :, :4] + 0, self.v_cache.sum()


def make_kv_cache(name):
    torch.manual_seed(0)
    m = KVCache()
    g = torch.Generator().manual_seed(2)
    with torch.no_grad():
        m.k_cache.copy_(torch.randn(m.k_cache.shape, generator=g))
        m.v_cache.copy_(torch.randn(m.v_cache.shape, generator=g))
    k = torch.randn(1, 2, 2, 4, generator=g)
    v = torch.randn(1, 2, 2, 4, generator=g)
    pos = torch.tensor([3, 5], dtype=torch.int64)
    reference, reference64 = copy.deepcopy(m), copy.deepcopy(m).double()
    # Functional core ATen IR: the cache writes become buffer mutations.
    ep = torch.export.export(m, (k, v, pos)).run_decompositions()
    specs = output_specs(ep)

    def run(model, *args):
        res = model(*args)
        buffers = dict(model.named_buffers())
        outputs, ui = [], 0
        for kind, tgt, _ in specs:
            if kind == "buffer_mutation":
                outputs.append(buffers[tgt])
            else:
                outputs.append(res[ui])
                ui += 1
        return outputs

    got, got64 = run(reference, k, v, pos), run(reference64, k.double(), v.double(), pos)
    outputs = [(kind, tgt, t, t64) for (kind, tgt, _), t, t64 in zip(specs, got, got64)]
    meta = {"kind": "kv_cache", "export": "torch.export.export().run_decompositions()"}
    # The longest reduction is the sum over the value cache.
    return ep, [("k", k), ("v", v), ("input_pos", pos)], outputs, m.v_cache.numel(), meta


# --------------------------------------------------------------------------
# 4. Attention at inference, decomposed.

class MaskedSelfAttention(nn.Module):
    """Self-attention over padded sequences (sdpa_masked_inference): a bool
    key mask [B, 1, 1, L] from the sequence lengths, so after
    run_decompositions() the graph holds the math path's ops
    (_safe_softmax's decomposition included) rather than one attention op."""

    def __init__(self, dim=8, heads=2):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.out = nn.Linear(dim, dim)

    def forward(self, x, mask):
        b, l, d = x.shape
        q, k, v = self.qkv(x).view(b, l, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4).unbind(0)
        y = nn.functional.scaled_dot_product_attention(q, k, v, attn_mask=mask)
        return (self.out(y.transpose(1, 2).reshape(b, l, d)),)


def make_attention_inference(name):
    torch.manual_seed(0)
    m = MaskedSelfAttention().eval()
    g = torch.Generator().manual_seed(3)
    x = torch.randn(2, 5, 8, generator=g)
    lengths = torch.tensor([5, 3])
    mask = (torch.arange(5)[None, :] < lengths[:, None])[:, None, None, :]
    reference64 = copy.deepcopy(m).double()
    ep = torch.export.export(m, (x, mask)).run_decompositions()
    specs = output_specs(ep)
    with torch.no_grad():
        (got,), (got64,) = m(x, mask), reference64(x.double(), mask)
    outputs = [(kind, tgt, got, got64) for kind, tgt, _ in specs]
    meta = {"kind": "attention_inference", "export": "torch.export.export().run_decompositions()"}
    # The longest reductions: the QKV projection's 8 inputs, the 5 keys,
    # the output projection's 8.
    return ep, [("x", x), ("mask", mask)], outputs, 8, meta


# --------------------------------------------------------------------------
# 5. torch.export's IR as export() writes it, before run_decompositions().

class SmallResNetStem(nn.Module):
    """An inference CNN (cnn_export_ir_inference) whose graph, saved without
    run_decompositions(), keeps the nn modules' composite ops: conv2d,
    batch_norm in eval mode, max_pool2d, adaptive_avg_pool2d, flatten,
    linear, hardswish — what torch-decompose-composite-ops rewrites."""

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, stride=2, padding=1)
        self.bn = nn.BatchNorm2d(8)
        self.pool = nn.MaxPool2d(3, stride=2, padding=1)
        self.conv2 = nn.Conv2d(8, 8, 3, padding=1, groups=2)
        self.head = nn.Linear(8, 5)

    def forward(self, x):
        h = self.pool(nn.functional.relu(self.bn(self.conv(x))))
        h = nn.functional.hardswish(self.conv2(h)) + h
        h = torch.flatten(nn.functional.adaptive_avg_pool2d(h, 1), 1)
        return (self.head(h),)


def make_export_ir_inference(name):
    torch.manual_seed(0)
    m = SmallResNetStem()
    with torch.no_grad():  # non-trivial running statistics
        m.bn.running_mean.uniform_(-0.5, 0.5)
        m.bn.running_var.uniform_(0.5, 2.0)
    m.eval()
    g = torch.Generator().manual_seed(5)
    x = torch.randn(2, 3, 16, 16, generator=g)
    reference64 = copy.deepcopy(m).double()
    ep = torch.export.export(m, (x,))  # no run_decompositions(): the composites stay
    specs = output_specs(ep)
    with torch.no_grad():
        (got,), (got64,) = m(x), reference64(x.double())
    outputs = [(kind, tgt, got, got64) for kind, tgt, _ in specs]
    meta = {"kind": "export_ir_inference", "export": "torch.export.export() (no run_decompositions)"}
    # The longest reduction: the first convolution's 27 taps, the head's
    # average over 4x4 positions.
    return ep, [("x", x)], outputs, 72, meta


# --------------------------------------------------------------------------
# 6. A dynamic batch.

def make_dynamic_batch(name):
    """An MLP exported with a dynamic batch (Dim("batch", min=2, max=64)):
    the archive's sizes are symbolic and its range constraint bounds them;
    the suite (like `torchlower run`) specializes it to the input's 6 rows."""
    torch.manual_seed(0)
    m = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 4)).eval()
    g = torch.Generator().manual_seed(4)
    x = torch.randn(6, 8, generator=g)
    reference64 = copy.deepcopy(m).double()
    batch = torch.export.Dim("batch", min=2, max=64)
    ep = torch.export.export(m, (x,), dynamic_shapes={"input": {0: batch}}).run_decompositions()
    specs = output_specs(ep)
    with torch.no_grad():
        got, got64 = m(x), reference64(x.double())
    outputs = [(kind, tgt, got, got64) for kind, tgt, _ in specs]
    meta = {"kind": "dynamic_batch", "export": "torch.export.export(dynamic_shapes=batch 2..64).run_decompositions()"}
    return ep, [("x", x)], outputs, 16, meta


def fixture_jobs():
    """[(name, maker)]: every fixture, in a fixed order."""
    jobs = []
    for name, c in single_op_configs():
        jobs.append((name, lambda name=name, c=c: make_single_op(name, c)))
    for name, ctor, shape in joint_configs():
        jobs.append((name, lambda name=name, ctor=ctor, shape=shape: make_joint(name, ctor, shape)))
    jobs.append(("kv_cache_update", lambda: make_kv_cache("kv_cache_update")))
    jobs.append(("sdpa_masked_inference", lambda: make_attention_inference("sdpa_masked_inference")))
    jobs.append(("mlp_dynamic_batch", lambda: make_dynamic_batch("mlp_dynamic_batch")))
    jobs.append(("cnn_export_ir_inference", lambda: make_export_ir_inference("cnn_export_ir_inference")))
    return jobs


# The jobs the pool's workers run, by index: set before the pool forks, so
# that each worker inherits the makers (closures, which do not pickle).
_JOBS = []


def run_job(i, out_dir, threads):
    """Exports fixture i into out_dir; returns (name, seconds, error or None)."""
    name, job = _JOBS[i]
    if threads:
        torch.set_num_threads(threads)
    start = time.perf_counter()
    try:
        ep, inputs, outputs, r, meta = job()
        save_case(out_dir, name, ep, inputs, outputs, r, meta)
        return name, time.perf_counter() - start, None
    except Exception as e:  # reported by the parent with the others
        return name, time.perf_counter() - start, f"{type(e).__name__}: {e}"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default="e2e/cases/torch_export",
                    help="output directory (default: e2e/cases/torch_export, where the e2e suite runs them)")
    ap.add_argument("--only", nargs="*", help="export only these fixture names")
    ap.add_argument("--keep-going", action="store_true", help="continue after a fixture fails")
    ap.add_argument("--jobs", type=int, default=1,
                    help="fixtures exported at once, each in a forked process with one torch thread "
                         "(0: one per CPU); tracing dominates, so this divides the wall time (default 1)")
    args = ap.parse_args()

    if torch_version_tuple() < (2, 6):
        sys.exit(f"torch {torch.__version__} is too old: the fixtures need torch >= 2.6 "
                 "(schema 8, _export_forward_backward with correct loss tagging)")

    _JOBS[:] = [(n, j) for n, j in fixture_jobs() if not args.only or n in args.only]
    os.makedirs(args.out, exist_ok=True)
    jobs = args.jobs if args.jobs > 0 else (os.cpu_count() or 1)
    jobs = min(jobs, len(_JOBS))
    start = time.perf_counter()
    failed, exported = [], []

    def report(name, secs, err):
        """Prints how fixture name went; False stops the export."""
        if err is None:
            exported.append(name)
            print(f"exported {name} in {secs:.1f}s", flush=True)
            return True
        failed.append(name)
        print(f"FAILED {name} after {secs:.1f}s: {err}", file=sys.stderr, flush=True)
        return args.keep_going

    if jobs <= 1:
        for i in range(len(_JOBS)):
            if not report(*run_job(i, args.out, 0)):
                break
    else:
        # fork, not spawn: the workers inherit the makers, and the parent has
        # run no torch operation yet, so no OpenMP pool is copied mid-flight.
        ctx = multiprocessing.get_context("fork")
        with concurrent.futures.ProcessPoolExecutor(max_workers=jobs, mp_context=ctx) as pool:
            futures = [pool.submit(run_job, i, args.out, 1) for i in range(len(_JOBS))]
            for f in concurrent.futures.as_completed(futures):
                if not report(*f.result()):
                    pool.shutdown(wait=True, cancel_futures=True)
                    break
    print(f"{len(exported)} of {len(_JOBS)} fixtures exported in {time.perf_counter() - start:.1f}s "
          f"({jobs} at a time) with torch {torch.__version__}", flush=True)
    if failed:
        more = "" if args.keep_going else " (stopped there; --keep-going exports the rest)"
        sys.exit(f"{len(failed)} fixtures failed: {', '.join(sorted(failed))}{more}")


if __name__ == "__main__":
    main()
