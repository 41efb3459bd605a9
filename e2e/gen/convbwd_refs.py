#!/usr/bin/env python3
"""Reference results of aten.convolution_backward (and aten.convolution) for the lowering's runner test.

For every configuration below this writes <out>/<name>.json holding the op's
parameters, seeded inputs and PyTorch's results: the three of
convolution_backward (null where output_mask masks one out), or the one of
the forward convolution (op "convolution", output_mask [true]). lowering/runner_test.go builds a torch-dialect
function per file, lowers it with convert-torch-to-linalg, runs it with
upstream mlir-cpu-runner and compares against these numbers.

Run with Debian's torch 1.13 (python3-torch), from any directory but the
repository root (whose torch/ Go package would shadow the Python module):

    cd /tmp && /usr/bin/python3 /work/main/e2e/gen/convbwd_refs.py \
        --out /work/main/lowering/testdata/runner

Everything is seeded; re-running with the same torch reproduces the files.

Inputs: f32/f64 configurations use uniform values in [-1, 1). f16/bf16 ones
use multiples of 1/64 in [-1, 1], exact in both types, and their reference
is computed in f32 from those exact values and rounded once to the dtype,
which is what PyTorch's CPU kernels do (accumulate in f32, round at the end)
and what the lowering must do; torch 1.13's CPU backward has no f16 kernel.
"""

import argparse
import json
import os
import sys

try:
    import torch
except ImportError as e:  # pragma: no cover - depends on the machine
    sys.exit(f"convbwd_refs.py needs torch (apt-get install python3-torch): {e}")


def cfg(name, nd, n, c, f, h, k, s=1, p=0, d=1, g=1, transposed=False, op=0,
        mask=(True, True, True), dtype="f32", bias=True, dynamic_batch=False, kind="convolution_backward"):
    def per_dim(v):
        return list(v) if isinstance(v, (list, tuple)) else [v] * nd
    return dict(name=name, nd=nd, n=n, c=c, f=f, h=per_dim(h), k=per_dim(k),
                stride=per_dim(s), padding=per_dim(p), dilation=per_dim(d),
                groups=g, transposed=transposed, output_padding=per_dim(op),
                output_mask=list(mask), dtype=dtype, bias=bias,
                dynamic_batch=dynamic_batch, op=kind)


M3 = (True, True, True)

CONFIGS = [
    # 1-D
    cfg("conv1d_basic", 1, 2, 3, 4, 9, 3, p=1),
    cfg("conv1d_stride2_f64", 1, 2, 3, 4, 9, 3, s=2, p=1, dtype="f64"),
    cfg("conv1d_dilated", 1, 1, 2, 3, 10, 3, p=2, d=2),
    cfg("conv1d_odd_extent", 1, 2, 2, 3, 9, 2, s=3),
    cfg("conv1d_depthwise_f64", 1, 2, 4, 4, 9, 3, s=2, p=1, g=4, dtype="f64"),
    # 2-D
    cfg("conv2d_basic", 2, 2, 3, 4, 6, 3, p=1),
    cfg("conv2d_stride2_odd", 2, 2, 3, 4, 7, 3, s=2, p=1),
    cfg("conv2d_stride2_even_f64", 2, 1, 2, 3, 8, 3, s=2, p=1, dtype="f64"),
    cfg("conv2d_dilated_strided", 2, 1, 2, 2, 9, 3, s=2, p=2, d=2),
    cfg("conv2d_asymmetric", 2, 2, 2, 3, (7, 6), (3, 2), s=(2, 1), p=(1, 0), d=(1, 2)),
    cfg("conv2d_groups2", 2, 2, 4, 6, 6, 3, s=1, p=1, g=2),
    cfg("conv2d_groups2_strided_f64", 2, 1, 4, 4, 7, 3, s=2, p=1, g=2, dtype="f64"),
    cfg("conv2d_depthwise", 2, 2, 4, 8, 6, 3, p=1, g=4),
    cfg("conv2d_depthwise_stride2", 2, 1, 3, 3, 7, 3, s=2, p=1, g=3),
    cfg("conv2d_1x1_stride2", 2, 2, 3, 4, 7, 1, s=2),
    cfg("conv2d_1x1_pad1", 2, 1, 2, 3, 5, 1, p=1),
    cfg("conv2d_pad_gt_dk", 2, 1, 2, 3, 5, 3, p=3),
    cfg("conv2d_pad_gt_dk_strided_f64", 2, 2, 2, 2, 6, 2, s=2, p=2, dtype="f64"),
    cfg("conv2d_1x3_kernel", 2, 1, 2, 2, (5, 6), (1, 3), p=(0, 1)),
    # 3-D
    cfg("conv3d_basic", 3, 1, 2, 3, 5, 3, p=1),
    cfg("conv3d_strided_groups_f64", 3, 1, 4, 4, 5, 3, s=2, p=1, g=2, dtype="f64"),
    cfg("conv3d_mixed", 3, 2, 2, 2, (3, 6, 5), (1, 3, 2), s=(1, 2, 2), p=(0, 1, 1), d=(1, 1, 2)),
    # transposed
    cfg("tconv1d_s2_op1", 1, 2, 3, 2, 5, 3, s=2, p=1, op=1, transposed=True),
    cfg("tconv2d_s2_op1", 2, 2, 3, 4, 4, 3, s=2, p=1, op=1, transposed=True),
    cfg("tconv2d_groups2_f64", 2, 1, 4, 6, 4, 3, s=2, p=0, g=2, transposed=True, dtype="f64"),
    cfg("tconv2d_dilated", 2, 1, 2, 3, 4, 3, s=3, p=2, d=2, op=1, transposed=True),
    cfg("tconv2d_pad_gt_op", 2, 1, 2, 2, 5, 3, s=1, p=2, transposed=True),
    cfg("tconv2d_op2", 2, 1, 2, 2, 3, 2, s=3, p=0, op=2, transposed=True),
    cfg("tconv2d_1x1_s2", 2, 2, 3, 2, 4, 1, s=2, op=1, transposed=True),
    cfg("tconv3d_s2", 3, 1, 2, 2, 3, 2, s=2, p=1, op=1, transposed=True),
    cfg("tconv2d_depthwise_f64", 2, 2, 3, 3, 4, 3, s=2, p=1, op=1, g=3, transposed=True, dtype="f64"),
    # output_mask patterns (grouped, strided, so every result is non-trivial)
    cfg("mask_TFF", 2, 2, 4, 4, 7, 3, s=2, p=1, g=2, mask=(True, False, False)),
    cfg("mask_FTF", 2, 2, 4, 4, 7, 3, s=2, p=1, g=2, mask=(False, True, False)),
    cfg("mask_FFT", 2, 2, 4, 4, 7, 3, s=2, p=1, g=2, mask=(False, False, True)),
    cfg("mask_TTF_nobias", 2, 2, 4, 4, 7, 3, s=2, p=1, g=2, mask=(True, True, False), bias=False),
    cfg("mask_FTT", 2, 2, 4, 4, 7, 3, s=2, p=1, g=2, mask=(False, True, True)),
    cfg("mask_TFT", 2, 2, 4, 4, 7, 3, s=2, p=1, g=2, mask=(True, False, True)),
    cfg("mask_transposed_FTT", 2, 2, 4, 4, 4, 3, s=2, p=1, op=1, g=2, transposed=True, mask=(False, True, True)),
    # dynamic batch
    cfg("dynbatch_conv2d_stride2", 2, 3, 2, 3, 7, 3, s=2, p=1, dynamic_batch=True),
    cfg("dynbatch_tconv2d", 2, 2, 2, 3, 4, 3, s=2, p=1, op=1, transposed=True, dynamic_batch=True),
    # 16-bit floats (f32 accumulation, one rounding at the end)
    cfg("f16_conv2d_stride2", 2, 2, 3, 4, 7, 3, s=2, p=1, dtype="f16"),
    cfg("bf16_conv2d_groups2", 2, 1, 4, 4, 6, 3, p=1, g=2, dtype="bf16"),
    # the forward aten.convolution (graphs contain it next to the backward)
    cfg("fwd_conv1d_bias", 1, 2, 3, 4, 9, 3, s=2, p=1, kind="convolution"),
    cfg("fwd_conv2d_groups_dilated_f64", 2, 2, 4, 6, 8, 3, s=2, p=2, d=2, g=2, dtype="f64", kind="convolution"),
    cfg("fwd_conv2d_nobias", 2, 1, 3, 2, 7, (3, 2), s=(2, 1), p=(1, 0), bias=False, kind="convolution"),
    cfg("fwd_conv3d", 3, 1, 2, 3, 5, 3, s=2, p=1, kind="convolution"),
    cfg("fwd_tconv2d_s2_op1", 2, 2, 3, 4, 4, 3, s=2, p=1, op=1, transposed=True, kind="convolution"),
    cfg("fwd_tconv2d_groups_dilated", 2, 1, 4, 6, 4, 3, s=3, p=2, d=2, op=1, g=2, transposed=True, kind="convolution"),
    cfg("fwd_tconv1d_pad_f64", 1, 2, 2, 3, 5, 2, s=2, p=1, transposed=True, dtype="f64", kind="convolution"),
    cfg("fwd_dynbatch_conv2d", 2, 3, 2, 3, 7, 3, s=2, p=1, dynamic_batch=True, kind="convolution"),
    cfg("fwd_bf16_conv2d", 2, 1, 4, 4, 6, 3, p=1, g=2, dtype="bf16", kind="convolution"),
]

TORCH_DTYPES = {"f32": torch.float32, "f64": torch.float64, "f16": torch.float16, "bf16": torch.bfloat16}


def out_extent(c, i):
    h, k, s, p, d, op = (c["h"][i], c["k"][i], c["stride"][i], c["padding"][i],
                         c["dilation"][i], c["output_padding"][i])
    if c["transposed"]:
        return (h - 1) * s - 2 * p + d * (k - 1) + op + 1
    return (h + 2 * p - d * (k - 1) - 1) // s + 1


def make_input(gen, shape, dtype):
    u = torch.rand(shape, generator=gen, dtype=torch.float64) * 2 - 1
    if dtype in ("f16", "bf16"):
        return (u * 64).round() / 64
    return u


def reference(c, seed):
    gen = torch.Generator().manual_seed(seed)
    n, cc, f, g = c["n"], c["c"], c["f"], c["groups"]
    ho = [out_extent(c, i) for i in range(c["nd"])]
    x_shape = [n, cc] + c["h"]
    w_shape = ([cc, f // g] if c["transposed"] else [f, cc // g]) + c["k"]
    dy_shape = [n, f] + ho
    dy = make_input(gen, dy_shape, c["dtype"])
    x = make_input(gen, x_shape, c["dtype"])
    w = make_input(gen, w_shape, c["dtype"])
    half = c["dtype"] in ("f16", "bf16")
    compute = torch.float32 if half else TORCH_DTYPES[c["dtype"]]
    if c["op"] == "convolution":
        b = make_input(gen, [f], c["dtype"]) if c["bias"] else None
        y = torch.ops.aten.convolution(
            x.to(compute), w.to(compute), None if b is None else b.to(compute), c["stride"], c["padding"],
            c["dilation"], c["transposed"], c["output_padding"], g)
        if half:
            y = y.to(TORCH_DTYPES[c["dtype"]])
        shapes = {"input": x_shape, "weight": w_shape}
        inputs = {"input": flat(x.to(compute)), "weight": flat(w.to(compute))}
        if b is not None:
            shapes["bias"] = [f]
            inputs["bias"] = flat(b.to(compute))
        return shapes, inputs, [flat(y)], [dy_shape]
    bias_sizes = [f] if c["bias"] else None
    res = torch.ops.aten.convolution_backward(
        dy.to(compute), x.to(compute), w.to(compute), bias_sizes, c["stride"], c["padding"],
        c["dilation"], c["transposed"], c["output_padding"], g, c["output_mask"])
    outs = []
    for m, r in zip(c["output_mask"], res):
        if not m:
            outs.append(None)
            continue
        if half:
            r = r.to(TORCH_DTYPES[c["dtype"]])
        outs.append(flat(r))
    shapes = {"grad_output": dy_shape, "input": x_shape, "weight": w_shape}
    inputs = {"grad_output": flat(dy.to(compute)), "input": flat(x.to(compute)), "weight": flat(w.to(compute))}
    return shapes, inputs, outs, [x_shape, w_shape, [f]]


def flat(t):
    return [float(v) for v in t.detach().to(torch.float64).reshape(-1).tolist()]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", required=True, help="directory for the <name>.json files")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    for i, c in enumerate(CONFIGS):
        shapes, inputs, outs, out_shapes = reference(c, seed=1000 + i)
        doc = dict(c, torch_version=torch.__version__, seed=1000 + i, shapes=shapes,
                   output_shapes=out_shapes, inputs=inputs, outputs=outs)
        if c["op"] == "convolution":
            doc["output_mask"] = [True]
        path = os.path.join(args.out, c["name"] + ".json")
        with open(path, "w") as fh:
            json.dump(doc, fh, separators=(",", ":"))
            fh.write("\n")
    print(f"wrote {len(CONFIGS)} configurations to {args.out}")


if __name__ == "__main__":
    main()
