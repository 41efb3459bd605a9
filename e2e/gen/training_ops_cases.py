#!/usr/bin/env python3
"""Op-level e2e cases for the ops of CNN and transformer training graphs
around convolution_backward: activations and their gradients, dropout,
group and layer norm (forward and backward), the arithmetic of optimizers
and index computations, and the reductions of losses and metrics.

Writes one directory per case under <out> (default e2e/cases/training_ops):

    <name>/program.mlir     torch-dialect func @main in fx_importer form: the
                            op's tensor operands are the function's
                            arguments, everything else constants
    <name>/inputs/<i>.npy   the tensor operands in argument order
    <name>/expected/<i>.npy result i (none for a result the op's output_mask
                            leaves out: the function returns None there)
    <name>/meta.json        op, dtypes, shapes, tolerances and why, torch
                            version

Run with Debian's torch 1.13 (python3-torch) from any directory but the
repository root (whose torch/ Go package would shadow the Python module):

    cd /tmp && /usr/bin/python3 /work/main/e2e/gen/training_ops_cases.py

References are PyTorch's own CPU kernels: each case calls the op through
torch.ops.aten on seeded inputs, in the case's dtype (bf16 kernels
included), on one thread, so re-running reproduces every .npy byte for
byte; e2e's regeneration test relies on that. bf16 .npy files hold float32
arrays of bf16 values; bool results are bool arrays, indices int64.

bf16 cases are kept to ops whose torch 1.13 bf16 kernel computes in f32 and
rounds once, as torch 2.x's kernels (and the lowering) do: 1.13's
silu_backward, for one, rounds after every bf16 operation, up to 30% off
near zero.
"""

import argparse
import hashlib
import json
import os
import shutil
import sys

try:
    import numpy as np
    import torch
except ImportError as e:  # pragma: no cover - depends on the machine
    sys.exit(f"training_ops_cases.py needs torch and numpy (apt-get install python3-torch): {e}")

A = torch.ops.aten
TORCH_DTYPES = {"f32": torch.float32, "f64": torch.float64, "bf16": torch.bfloat16, "f16": torch.float16, "si64": torch.int64,
                "si32": torch.int32, "i1": torch.bool}
DTYPE_NAMES = {v: k for k, v in TORCH_DTYPES.items()}
# c10::ScalarType's numbering, as torch-mlir writes a ScalarType argument.
SCALAR_TYPES = {torch.float16: 5, torch.float32: 6, torch.float64: 7, torch.bfloat16: 15}
# Default tolerances, the same as runtime.DefaultTolerance.
DEFAULT_TOL = {"f64": (1e-10, 1e-9), "f32": (1e-5, 1e-4), "f16": (2.0 ** -14, 2.0 ** -9), "bf16": (1e-5, 2.0 ** -6)}


class Rand:
    """A seeded tensor of the case: uniform in [lo, hi) in float64, then
    converted to dtype (integers: rounded toward zero)."""

    def __init__(self, shape, dtype="f32", lo=-3.0, hi=3.0):
        self.shape, self.dtype, self.lo, self.hi = list(shape), dtype, lo, hi

    def make(self, gen):
        u = torch.rand(self.shape, generator=gen, dtype=torch.float64) * (self.hi - self.lo) + self.lo
        return u.to(TORCH_DTYPES[self.dtype])


class Mask(Rand):
    """A seeded bool tensor: where the uniform values are > 0 (as_int:
    the same as int64 0/1, an attention mask)."""

    def make(self, gen):
        m = super().make(gen) > 0
        return m.to(torch.int64) if getattr(self, "int64", False) else m

    def as_int(self):
        self.int64 = True
        return self


class Derived:
    """A tensor operand computed from the case's earlier tensor operands
    and seeded tensors of its own that are not operands (a forward op's
    saved results for its backward): fn(earlier, *hidden)."""

    def __init__(self, fn, *hidden):
        self.fn, self.hidden = fn, hidden


class Case:
    def __init__(self, name, op, operands, reduction=1, form=None, note=None):
        self.name, self.op, self.operands, self.reduction = name, op, operands, reduction
        self.form = form or op.split(".")[0]
        self.note = note


def case(name, op, *operands, reduction=1, form=None, note=None):
    return Case(name, op, list(operands), reduction, form, note)


def build_cases():
    cs = []
    act = [2, 3, 4, 4]
    # Activations and their gradients.
    cs.append(case("leaky_relu_f32", "leaky_relu", Rand(act), 0.01))
    cs.append(case("leaky_relu_backward_f32", "leaky_relu_backward", Rand(act), Rand(act), 0.2, False))
    cs.append(case("leaky_relu_bf16", "leaky_relu", Rand(act, "bf16"), 0.1))
    cs.append(case("hardtanh_relu6_f32", "hardtanh", Rand(act, lo=-2, hi=8), 0.0, 6.0))
    cs.append(case("hardtanh_backward_f32", "hardtanh_backward", Rand(act), Rand(act, lo=-2, hi=8), 0.0, 6.0))
    cs.append(case("hardswish_f32", "hardswish", Rand(act, lo=-5, hi=5)))
    cs.append(case("hardswish_bf16", "hardswish", Rand(act, "bf16", lo=-5, hi=5)))
    cs.append(case("hardswish_backward_f32", "hardswish_backward", Rand(act), Rand(act, lo=-5, hi=5)))
    cs.append(case("hardsigmoid_f32", "hardsigmoid", Rand(act, lo=-5, hi=5)))
    cs.append(case("hardsigmoid_backward_f64", "hardsigmoid_backward", Rand(act, "f64"), Rand(act, "f64", lo=-5, hi=5)))
    cs.append(case("elu_f32", "elu", Rand(act), 1.0, 1.0, 1.0))
    cs.append(case("selu_as_elu_f32", "elu", Rand(act), 1.6732632423543772, 1.0507009873554805, 1.0,
                   note="SELU is elu with alpha and scale fixed (torch.nn.SELU)"))
    cs.append(case("elu_backward_f32", "elu_backward", Rand(act), 1.0, 1.0, 1.0, False, Rand(act)))
    cs.append(case("elu_backward_result_f32", "elu_backward", Rand(act), 1.0, 1.0, 1.0, True,
                   Derived(lambda ts, x: A.elu(x, 1.0, 1.0, 1.0), Rand(act))))
    cs.append(case("threshold_f32", "threshold", Rand(act), 0.5, -1.0))
    cs.append(case("dropout_eval_f32", "dropout", Rand(act), 0.5, False))
    # Optimizer and index arithmetic.
    vec = [4, 16]
    cs.append(case("rsub_f32", "rsub.Scalar", Rand(vec), 1.0, 1.0))
    cs.append(case("addcmul_f32", "addcmul", Rand(vec), Rand(vec), Rand(vec), 0.1))
    cs.append(case("addcdiv_adam_f32", "addcdiv", Rand(vec), Rand(vec), Rand(vec, lo=0.5, hi=2.0), -0.001,
                   note="Adam's parameter update: param - lr * exp_avg / denom"))
    cs.append(case("addcmul_bf16", "addcmul", Rand(vec, "bf16"), Rand(vec, "bf16"), Rand(vec, "bf16"), 0.5))
    cs.append(case("lerp_ema_f32", "lerp.Scalar", Rand(vec), Rand(vec), 0.1, note="an exponential moving average"))
    cs.append(case("where_scalar_other_f32", "where.ScalarOther", Mask(vec), Rand(vec), 0.0))
    cs.append(case("remainder_scalar_si64", "remainder.Scalar", Rand(vec, "si64", lo=-100, hi=100), 7))
    cs.append(case("floor_divide_scalar_si64", "div.Scalar_mode", Rand(vec, "si64", lo=-100, hi=100), 8, "floor"))
    cs.append(case("div_trunc_f32", "div.Tensor_mode", Rand(vec), Rand(vec, lo=0.25, hi=2), "trunc"))
    cs.append(case("pow_tensor_tensor_f32", "pow.Tensor_Tensor", Rand(vec, lo=0.1, hi=3), Rand(vec)))
    cs.append(case("isinf_f32", "isinf", Rand(vec)))
    # Scatters with reduction (message passing in GNNs, segment sums).
    cs.append(case("index_add_f32", "index_add", Rand([6, 5]), 0, Rand([8], "si64", lo=0, hi=6), Rand([8, 5]), 0.5,
                   reduction=8))
    cs.append(case("scatter_reduce_amax_f32", "scatter_reduce.two", Rand([6, 5]), 0, Rand([7, 5], "si64", lo=0, hi=6),
                   Rand([7, 5]), "amax", False))
    cs.append(case("scatter_reduce_mean_f32", "scatter_reduce.two", Rand([6, 5]), 0, Rand([7, 5], "si64", lo=0, hi=6),
                   Rand([7, 5]), "mean", True, reduction=8))
    # Group norm (diffusion UNets, detection heads) and layer norm's
    # backward, dropout's deterministic forms.
    x = [2, 6, 4, 4]
    cs.append(case("group_norm_f32", "native_group_norm", Rand(x), Rand([6]), Rand([6]), 2, 6, 16, 3, 1e-5,
                   reduction=32))
    cs.append(case("instance_norm_as_group_norm_f64", "native_group_norm", Rand(x, "f64"), None, None, 2, 6, 16, 6,
                   1e-5, reduction=16, note="groups = C: instance norm"))
    saved = lambda i, g: Derived(lambda ts: A.native_group_norm(ts[1], None, None, 2, 6, 16, g, 1e-5)[i])
    cs.append(case("group_norm_backward_f32", "native_group_norm_backward", Rand(x), Rand(x), saved(1, 3), saved(2, 3),
                   Rand([6]), 2, 6, 16, 3, [True, True, True], reduction=32))
    cs.append(case("group_norm_backward_input_bias_f32", "native_group_norm_backward", Rand(x), Rand(x), saved(1, 2),
                   saved(2, 2), Rand([6]), 2, 6, 16, 2, [True, False, True], reduction=48,
                   note="grad_weight masked out: the function returns None there"))
    ln = lambda i: Derived(lambda ts: A.native_layer_norm(ts[1], [8], None, None, 1e-5)[i])
    cs.append(case("layer_norm_backward_f32", "native_layer_norm_backward", Rand([4, 5, 8]), Rand([4, 5, 8]), [8],
                   ln(1), ln(2), Rand([8]), Rand([8]), [True, True, True], reduction=20))
    cs.append(case("native_dropout_eval_f32", "native_dropout", Rand(act), 0.1, False))
    cs.append(case("native_dropout_backward_f32", "native_dropout_backward", Rand(act), Mask(act), 1 / 0.9))
    # Reductions of losses, metrics and position ids.
    m = [4, 6, 5]
    cs.append(case("cumsum_f32", "cumsum", Rand(m), 1, None, reduction=6))
    cs.append(case("cumsum_long_f32", "cumsum", Rand([2, 300]), -1, None, reduction=300,
                   note="longer than 128: the lowering's doubling scan, which sums in another order"))
    cs.append(case("cumsum_position_ids_si64", "cumsum", Mask([2, 16], "si64").as_int(), 1, None,
                   note="position ids from an attention mask: mask.cumsum(1)"))
    cs.append(case("argmax_f32", "argmax", Rand(m), 2, False))
    cs.append(case("argmin_flat_f32", "argmin", Rand(m), None, False))
    cs.append(case("max_dim_f32", "max.dim", Rand(m), 1, False))
    cs.append(case("min_dim_keepdim_f64", "min.dim", Rand(m, "f64"), -1, True))
    cs.append(case("max_f32", "max", Rand(m), reduction=120))
    cs.append(case("amin_f32", "amin", Rand(m), [0, 2], True))
    cs.append(case("prod_dim_f32", "prod.dim_int", Rand(m, lo=0.5, hi=1.5), 1, False, None, reduction=6))
    cs.append(case("mse_loss_mean_f32", "mse_loss", Rand(m), Rand(m), 1, reduction=120))
    cs.append(case("mse_loss_backward_mean_f32", "mse_loss_backward", Rand([]), Rand(m), Rand(m), 1))
    cs.append(case("mse_loss_sum_f64", "mse_loss", Rand(m, "f64"), Rand(m, "f64"), 2, reduction=120))
    # The composite ops torch.export's IR keeps before run_decompositions()
    # (torch-decompose-composite-ops rewrites them).
    comp = dict(form="composite")
    img = [2, 3, 8, 8]
    cs.append(case("conv2d_f32", "conv2d", Rand(img), Rand([4, 3, 3, 3]), Rand([4]), [2, 2], [1, 1], [1, 1], 1,
                   reduction=27, **comp))
    cs.append(case("conv1d_grouped_f32", "conv1d", Rand([2, 4, 9]), Rand([6, 2, 3]), None, [1], [2], [2], 2,
                   reduction=6, **comp))
    cs.append(case("conv2d_padding_same_even_kernel_f32", "conv2d.padding", Rand(img), Rand([4, 3, 2, 2]), Rand([4]),
                   [1, 1], "same", [1, 1], 1, reduction=12,
                   note="an even kernel: the input is padded by one more at the end, as ATen's _convolution_mode does",
                   **comp))
    cs.append(case("conv2d_padding_same_dilated_f32", "conv2d.padding", Rand(img), Rand([4, 3, 3, 3]), None, [1, 1],
                   "same", [2, 1], 1, reduction=27, **comp))
    cs.append(case("conv1d_padding_valid_f32", "conv1d.padding", Rand([2, 4, 9]), Rand([6, 4, 3]), Rand([6]), [1],
                   "valid", [1], 1, reduction=12, **comp))
    cs.append(case("conv_transpose2d_f32", "conv_transpose2d.input", Rand([2, 4, 5, 5]), Rand([4, 3, 3, 3]),
                   Rand([3]), [2, 2], [1, 1], [1, 1], 1, [1, 1], reduction=36, **comp))
    cs.append(case("linear_3d_f32", "linear", Rand([2, 5, 8]), Rand([6, 8]), Rand([6]), reduction=8, **comp))
    cs.append(case("linear_2d_bias_f32", "linear", Rand([4, 8]), Rand([6, 8]), Rand([6]), reduction=8, **comp))
    cs.append(case("matmul_batched_broadcast_f32", "matmul", Rand([2, 1, 4, 8]), Rand([3, 8, 5]), reduction=8, **comp))
    cs.append(case("matmul_vector_f32", "matmul", Rand([3, 4, 8]), Rand([8]), reduction=8, **comp))
    cs.append(case("matmul_dot_f32", "matmul", Rand([8]), Rand([8]), reduction=8, **comp))
    cs.append(case("matmul_row_batched_f32", "matmul", Rand([8]), Rand([2, 8, 5]), reduction=8, **comp))
    cs.append(case("layer_norm_f32", "layer_norm", Rand([4, 5, 8]), [8], Rand([8]), Rand([8]), 1e-5, True,
                   reduction=8, **comp))
    cs.append(case("group_norm_composite_f32", "group_norm", Rand(x), 3, Rand([6]), Rand([6]), 1e-5, True,
                   reduction=32, **comp))
    cs.append(case("instance_norm_f32", "instance_norm", Rand(img), Rand([3]), Rand([3]), None, None, True, 0.1, 1e-5,
                   True, reduction=64, note="use_input_stats: group norm with one channel per group", **comp))
    cs.append(case("instance_norm_running_stats_f32", "instance_norm", Rand(img), None, None, Rand([3]),
                   Rand([3], lo=0.5, hi=2.0), False, 0.1, 1e-5, True, **comp))
    cs.append(case("batch_norm_eval_f32", "batch_norm", Rand(img), Rand([3]), Rand([3]), Rand([3]),
                   Rand([3], lo=0.5, hi=2.0), False, 0.1, 1e-5, True, **comp))
    cs.append(case("max_pool2d_f32", "max_pool2d", Rand(img), [3, 3], [2, 2], [1, 1], [1, 1], False, **comp))
    cs.append(case("adaptive_avg_pool2d_f32", "adaptive_avg_pool2d", Rand(img), [1, 1], reduction=64, **comp))
    cs.append(case("flatten_f32", "flatten.using_ints", Rand(img), 1, -1, **comp))
    cs.append(case("cross_entropy_f32", "cross_entropy_loss", Rand([4, 10]), Rand([4], "si64", lo=0, hi=10), None, 1,
                   -100, 0.0, reduction=40, **comp))
    # Upsampling between the convolutions of UNets, and its backward.
    up = dict(form="upsample")
    cs.append(case("upsample_nearest2d_vec_f32", "upsample_nearest2d.vec", Rand([2, 3, 5, 7]), None, [2.0, 2.0], **up))
    cs.append(case("upsample_nearest2d_backward_f32", "upsample_nearest2d_backward", Rand([2, 3, 10, 14]), [10, 14],
                   [2, 3, 5, 7], 2.0, 2.0, reduction=4, **up))
    cs.append(case("upsample_bilinear2d_vec_f32", "upsample_bilinear2d.vec", Rand([2, 3, 5, 7]), None, False, [2.0, 2.0],
                   **up))
    cs.append(case("upsample_bilinear2d_align_corners_f32", "upsample_bilinear2d", Rand([2, 3, 5, 7]), [8, 11], True,
                   None, None, **up))
    cs.append(case("upsample_bilinear2d_backward_f32", "upsample_bilinear2d_backward", Rand([2, 3, 10, 14]), [10, 14],
                   [2, 3, 5, 7], False, None, None, reduction=16, **up))
    # Pooling of 3-D CNNs (video, volumes) and 1-D ones (audio, sequences),
    # and the reflection and replication padding of convolutions with
    # padding_mode "reflect" or "replicate" (F.pad), forward and backward.
    vol, k3, s3, p3, d3 = [2, 3, 6, 6, 6], [3, 3, 3], [2, 2, 2], [1, 1, 1], [1, 1, 1]
    pooled = list(A.max_pool3d_with_indices(torch.zeros(vol), k3, s3, p3, d3, False)[0].shape)
    cs.append(case("max_pool3d_with_indices_f32", "max_pool3d_with_indices", Rand(vol), k3, s3, p3, d3, False))
    cs.append(case("max_pool3d_with_indices_backward_f32", "max_pool3d_with_indices_backward", Rand(pooled), Rand(vol),
                   k3, s3, p3, d3, False,
                   Derived(lambda ts: A.max_pool3d_with_indices(ts[1], k3, s3, p3, d3, False)[1]), reduction=8))
    cs.append(case("avg_pool3d_f32", "avg_pool3d", Rand(vol), k3, s3, p3, True, False, None, reduction=27))
    cs.append(case("avg_pool3d_backward_f32", "avg_pool3d_backward", Rand(pooled), Rand(vol), k3, s3, p3, False, True,
                   None, reduction=8))
    cs.append(case("adaptive_avg_pool3d_f32", "adaptive_avg_pool3d", Rand(vol), [4, 3, 1], reduction=36, **comp))
    cs.append(case("adaptive_avg_pool3d_backward_f32", "_adaptive_avg_pool3d_backward", Rand([2, 3, 4, 3, 1]), Rand(vol),
                   reduction=4))
    seq = [2, 4, 15]
    cs.append(case("max_pool1d_f32", "max_pool1d", Rand(seq), [3], [2], [1], [1], False, **comp))
    cs.append(case("avg_pool1d_f32", "avg_pool1d", Rand(seq), [4], [2], [1], True, True, reduction=4))
    cs.append(case("adaptive_avg_pool1d_f32", "adaptive_avg_pool1d", Rand(seq), [4], reduction=5))
    cs.append(case("reflection_pad2d_f32", "reflection_pad2d", Rand([2, 3, 6, 6]), [2, 1, 3, 0]))
    cs.append(case("reflection_pad2d_backward_f32", "reflection_pad2d_backward", Rand([2, 3, 8, 8]), Rand([2, 3, 6, 6]),
                   [1, 1, 1, 1], reduction=4))
    cs.append(case("reflection_pad1d_backward_f64", "reflection_pad1d_backward", Rand([2, 3, 12], "f64"),
                   Rand([2, 3, 8], "f64"), [3, 1], reduction=2))
    cs.append(case("replication_pad3d_f32", "replication_pad3d", Rand([1, 2, 3, 4, 5]), [1, 2, 0, 1, 2, 1]))
    cs.append(case("replication_pad3d_backward_f32", "replication_pad3d_backward", Rand([1, 2, 6, 5, 8]),
                   Rand([1, 2, 3, 4, 5]), [1, 2, 0, 1, 2, 1], reduction=24))
    cs.append(case("pad_reflect_f32", "pad", Rand([2, 3, 6, 6]), [1, 1, 1, 1], "reflect", None,
                   note="F.pad(x, (1, 1, 1, 1), mode='reflect'), as Conv2d(padding_mode='reflect') pads", **comp))
    cs.append(case("pad_replicate_1d_f32", "pad", Rand(seq), [2, 3], "replicate", None, **comp))
    # Upsampling in 3-D UNet decoders and 1-D (audio) networks.
    cs.append(case("upsample_nearest3d_vec_f32", "upsample_nearest3d.vec", Rand([2, 3, 3, 4, 5]), None, [2.0, 2.0, 2.0],
                   **up))
    cs.append(case("upsample_nearest3d_backward_f32", "upsample_nearest3d_backward", Rand([2, 3, 6, 8, 10]), [6, 8, 10],
                   [2, 3, 3, 4, 5], 2.0, 2.0, 2.0, reduction=8, **up))
    cs.append(case("upsample_trilinear3d_f32", "upsample_trilinear3d", Rand([2, 3, 3, 4, 5]), [6, 7, 9], False, None,
                   None, None, **up))
    cs.append(case("upsample_trilinear3d_align_corners_vec_f32", "upsample_trilinear3d.vec", Rand([1, 3, 3, 4, 4]), None,
                   True, [2.0, 1.5, 2.0], **up))
    cs.append(case("upsample_trilinear3d_backward_f32", "upsample_trilinear3d_backward", Rand([2, 3, 6, 8, 10]),
                   [6, 8, 10], [2, 3, 3, 4, 5], False, None, None, None, reduction=64, **up))
    cs.append(case("upsample_linear1d_f32", "upsample_linear1d", Rand([2, 4, 7]), [15], False, None, **up))
    cs.append(case("upsample_linear1d_backward_f32", "upsample_linear1d_backward", Rand([2, 4, 14]), [14], [2, 4, 7],
                   True, None, reduction=4, **up))
    return cs


def seed_of(name):
    return int.from_bytes(hashlib.sha256(name.encode()).digest()[:4], "little")


def mlir_float(v):
    s = repr(float(v))
    if "e" in s and "." not in s.split("e")[0]:
        s = s.replace("e", ".0e")
    return s


def vt(t):
    return "!torch.vtensor<[%s],%s>" % (",".join(str(d) for d in t.shape), DTYPE_NAMES[t.dtype])


def materialize(c):
    """The case's operands with tensors made: a list of Python values."""
    gen = torch.Generator().manual_seed(seed_of(c.name))
    vals, tensors = [], []
    for o in c.operands:
        if isinstance(o, Rand):
            t = o.make(gen)
        elif isinstance(o, Derived):
            t = o.fn(tensors, *[h.make(gen) for h in o.hidden])
        elif isinstance(o, list) and o and isinstance(o[0], Rand):
            ts = [e.make(gen) for e in o]  # a Tensor[] operand
            tensors.extend(ts)
            vals.append(ts)
            continue
        else:
            vals.append(o)
            continue
        tensors.append(t)
        vals.append(t)
    return vals


def overload(op):
    name, _, ov = op.partition(".")
    return getattr(getattr(A, name), ov or "default")


def write_constant(v, lines, fresh):
    """Appends the ops that make the non-tensor operand v (torch.constant.*,
    a ScalarType as its c10 number, torch.prim.ListConstruct of a list) to
    lines, named by fresh(), and returns v's SSA name and type."""
    if isinstance(v, list):
        elems = [write_constant(e, lines, fresh) for e in v]
        et = "int"
        if v and isinstance(v[0], bool):
            et = "bool"
        elif v and isinstance(v[0], float):
            et = "float"
        r = fresh()
        lines.append(f"    {r} = torch.prim.ListConstruct {', '.join(e for e, _ in elems)} : "
                     f"({', '.join(t for _, t in elems)}) -> !torch.list<{et}>")
        return r, f"!torch.list<{et}>"
    if isinstance(v, torch.dtype):  # a ScalarType: c10's number
        text, ty = f"torch.constant.int {SCALAR_TYPES[v]}", "!torch.int"
    elif v is None:
        text, ty = "torch.constant.none", "!torch.none"
    elif isinstance(v, bool):
        text, ty = f"torch.constant.bool {'true' if v else 'false'}", "!torch.bool"
    elif isinstance(v, int):
        text, ty = f"torch.constant.int {v}", "!torch.int"
    elif isinstance(v, float):
        text, ty = f"torch.constant.float {mlir_float(v)}", "!torch.float"
    elif isinstance(v, str):
        text, ty = f'torch.constant.str "{v}"', "!torch.str"
    else:
        raise ValueError(f"cannot write {v!r} as a constant")
    r = fresh()
    lines.append(f"    {r} = {text}")
    return r, ty


def program(c, vals, outs):
    """func @main: tensor operands as arguments, the rest constants."""
    lines, operands, args = [], [], []
    n = [0]

    def fresh():
        n[0] += 1
        return f"%v{n[0]}"

    def const(v):
        try:
            return write_constant(v, lines, fresh)
        except ValueError as e:
            raise ValueError(f"{c.name}: {e}") from None

    def arg(t):
        a = f"%arg{len(args)}"
        args.append(f"{a}: {vt(t)}")
        return a

    for v in vals:
        if isinstance(v, torch.Tensor):
            operands.append((arg(v), vt(v)))
        elif isinstance(v, list) and v and isinstance(v[0], torch.Tensor):
            elems = [arg(t) for t in v]
            r = fresh()
            lines.append(f"    {r} = torch.prim.ListConstruct {', '.join(elems)} : "
                         f"({', '.join(vt(t) for t in v)}) -> !torch.list<vtensor>")
            operands.append((r, "!torch.list<vtensor>"))
        else:
            operands.append(const(v))
    res_types = [vt(t) if t is not None else "!torch.none" for t in outs]
    r = "%r" if len(outs) == 1 else f"%r:{len(outs)}"
    lines.append(f"    {r} = torch.aten.{c.op} {', '.join(o for o, _ in operands)} : "
                 f"{', '.join(t for _, t in operands)} -> {', '.join(res_types)}")
    rets = []
    for i, t in enumerate(outs):
        if t is None:
            rets.append(const(None)[0])
        else:
            rets.append("%r" if len(outs) == 1 else f"%r#{i}")
    lines.append(f"    return {', '.join(rets)} : {', '.join(res_types)}")
    return "\n".join(["module {", f"  func.func @main({', '.join(args)}) -> ({', '.join(res_types)}) {{"]
                     + lines + ["  }", "}", ""])


def tolerance(dt, r):
    """Elementwise ops (r = 1) get the dtype's default; a result that sums
    r terms of size O(1) gets atol = max(default, 2*r^1.5*eps_acc), as the
    convolution_backward matrix's (e2e package doc): both sides accumulate in
    f32 (f64 for f64) in different orders."""
    if dt not in DEFAULT_TOL:
        return dict(atol=0.0, rtol=0.0, reduction_length=r, reason="exact: integers and bools")
    atol, rtol = DEFAULT_TOL[dt]
    if r <= 1:
        return dict(atol=atol, rtol=rtol, reduction_length=1, reason=f"elementwise: the default for {dt}")
    acc_eps = 2.0 ** -52 if dt == "f64" else 2.0 ** -23
    derived = 2.0 * (r ** 1.5) * acc_eps
    why = (f"reductions of up to {r} terms: atol = max(default {atol:.3g}, 2*r^1.5*eps_acc = {derived:.3g}) "
           f"with eps_acc = {acc_eps:.3g}; rtol = default for {dt}")
    return dict(atol=max(atol, derived), rtol=rtol, reduction_length=r, reason=why)


def to_numpy(t):
    if t.dtype == torch.bfloat16:
        return t.to(torch.float32).numpy()
    return t.numpy()


def call(ov, vals):
    """ov applied to vals (kwarg-only arguments by name): a list of results."""
    schema = ov._schema
    pos = [v for a, v in zip(schema.arguments, vals) if not a.kwarg_only]
    kw = {a.name: v for a, v in zip(schema.arguments, vals) if a.kwarg_only}
    res = ov(*pos, **kw)
    return list(res) if isinstance(res, (tuple, list)) else [res]


def widened(v):
    """v with float tensors (and lists of them) in float64."""
    if isinstance(v, torch.Tensor) and v.is_floating_point():
        return v.double()
    if isinstance(v, list):
        return [widened(e) for e in v]
    return v


def input_tensors(vals):
    """The tensors among vals, a Tensor[] operand's one by one."""
    out = []
    for v in vals:
        if isinstance(v, torch.Tensor):
            out.append(v)
        elif isinstance(v, list) and v and isinstance(v[0], torch.Tensor):
            out.extend(v)
    return out


def write_case(root, c, f64_reference=False, generator="e2e/gen/training_ops_cases.py"):
    """Writes case c under root. With f64_reference the expected results
    are the op's on the inputs widened to float64, rounded once to the
    dtypes the op returns at the case's own: the error of PyTorch's float32
    kernel is then not in the reference, only in the tolerance's budget for
    ours."""
    vals = materialize(c)
    ov = overload(c.op)
    schema = ov._schema
    reference = "pytorch-cpu-kernel"
    if f64_reference:
        wide = call(ov, [widened(v) for v in vals])
        try:
            outs = [None if o is None else w.to(o.dtype) for o, w in zip(call(ov, vals), wide)]
        except RuntimeError:
            # No kernel at the case's dtype (torch 1.13 lacks some bf16
            # ones): float results take the float inputs' dtype.
            fl = {v.dtype for v in input_tensors(vals) if v.is_floating_point()}
            if len(fl) != 1:
                raise
            dt = fl.pop()
            outs = [None if w is None else w.to(dt) if w.is_floating_point() else w for w in wide]
        reference = "pytorch-cpu-kernel-f64"
    else:
        outs = call(ov, vals)
    tensors, arg_names = [], []
    for a, v in zip(schema.arguments, vals):
        if isinstance(v, torch.Tensor):
            tensors.append(v)
            arg_names.append(a.name)
        elif isinstance(v, list) and v and isinstance(v[0], torch.Tensor):
            tensors.extend(v)
            arg_names.extend(f"{a.name}{i}" for i in range(len(v)))
    res_names = [r.name or f"result{i}" for i, r in enumerate(schema.returns)]
    d = os.path.join(root, c.name)
    if os.path.isdir(d):
        shutil.rmtree(d)
    os.makedirs(os.path.join(d, "inputs"))
    os.makedirs(os.path.join(d, "expected"))
    for i, t in enumerate(tensors):
        np.save(os.path.join(d, "inputs", f"{i}.npy"), to_numpy(t.contiguous()))
    results = []
    for i, t in enumerate(outs):
        if t is None:
            results.append(None)
            continue
        dt = DTYPE_NAMES[t.dtype]
        np.save(os.path.join(d, "expected", f"{i}.npy"), to_numpy(t.detach().contiguous()))
        results.append(dict(name=res_names[i], file=f"expected/{i}.npy", dtype=dt, shape=list(t.shape),
                            tolerance=tolerance(dt, c.reduction)))
    with open(os.path.join(d, "program.mlir"), "w") as fh:
        fh.write(program(c, vals, outs))
    dtypes = sorted({DTYPE_NAMES[t.dtype] for t in tensors})
    meta = dict(
        name=c.name, op="aten." + c.op, form=c.form, dtype="/".join(dtypes),
        config={"operands": [repr(v) for v in vals if not isinstance(v, (torch.Tensor, list)) or
                             isinstance(v, list) and not (v and isinstance(v[0], torch.Tensor))]},
        inputs=[dict(name=nm, file=f"inputs/{i}.npy", dtype=DTYPE_NAMES[t.dtype], shape=list(t.shape))
                for i, (nm, t) in enumerate(zip(arg_names, tensors))],
        results=results, reference=reference, torch_version=torch.__version__,
        seed=seed_of(c.name), generator=generator,
    )
    if c.note:
        meta["note"] = c.note
    with open(os.path.join(d, "meta.json"), "w") as fh:
        json.dump(meta, fh, indent=1, sort_keys=True)
        fh.write("\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "cases",
                                                  "training_ops"))
    args = ap.parse_args()
    torch.set_num_threads(1)
    cases = build_cases()
    names = [c.name for c in cases]
    assert len(names) == len(set(names)), "case names must be unique"
    os.makedirs(args.out, exist_ok=True)
    for c in cases:
        write_case(args.out, c)
    print(f"wrote {len(cases)} cases to {args.out}")


if __name__ == "__main__":
    main()
