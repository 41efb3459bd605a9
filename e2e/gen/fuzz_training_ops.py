#!/usr/bin/env python3
"""Random cases of the ops around convolution_backward in training graphs.

Draws --count cases from --seed over the op families of the committed
training-ops cases and more (activations and their gradients, broadcast
arithmetic and comparisons, reductions, softmax and its backward, batch,
group and layer norm forward and backward, pooling and upsampling forward
and backward, matrix products, losses, embeddings, gathers, scatters and
data movement), at random shapes of --min-elems to --max-elems elements
of odd extents and ranks 1-4 (the sizes at which the CPU backend's vector
paths, their tails and its threads run, which the committed cases, kept to
KBs, mostly do not reach), f32 mostly, bf16, f16 and f64 too. Each is written
as an e2e case in training_ops_cases.py's format, with its reference the
op's in float64 rounded once (write_case's f64_reference). Then run them:

    cd /tmp && /usr/bin/python3 /work/main/e2e/gen/fuzz_training_ops.py --seed 1 --count 300 --out /tmp/fzt
    torchlower e2e --cases=/tmp/fzt

The same seed draws the same cases (names fzt<seed>_<i>_<op>_<dtype>), so
a FAIL can be handed on as a seed and a name; --ops=RE draws only the ops
whose name matches. Nothing here is committed: the cases are MBs.
"""

import math
import os
import random
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import training_ops_cases as t  # noqa: E402  (torch and numpy, or a clear exit)
from fuzzing import draw_cases, fuzz_parser, parse_dtypes  # noqa: E402

torch, A, Rand, Mask, Derived = t.torch, t.A, t.Rand, t.Mask, t.Derived


class Draw:
    """The random choices of one case: its rng, element budget and dtype."""

    def __init__(self, rng, min_elems, max_elems, dtypes=None):
        self.rng, self.min_elems, self.max_elems = rng, min_elems, max_elems
        weights = {"f32": 14, "bf16": 3, "f16": 2, "f64": 1}
        names = dtypes or list(weights)
        self.dtype = rng.choices(names, [weights[n] for n in names])[0]

    def extent(self, hi=300):
        # Extents around the vector widths (8, 16) and their multiples, and odd ones.
        r = self.rng
        if r.random() < 0.3:
            return r.choice([1, 2, 3, 7, 8, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129])
        return r.randint(1, hi)

    def shape(self, rank=None, min_rank=1, max_rank=4, scale=1.0):
        """A shape of rank dims (random in [min_rank, max_rank]) with
        between min_elems and max_elems elements (times scale)."""
        lo, hi = self.min_elems * scale, self.max_elems * scale
        for _ in range(10000):
            rk = rank if rank is not None else self.rng.randint(min_rank, max_rank)
            s = [self.extent() for _ in range(rk)]
            n = math.prod(s)
            if lo <= n <= hi:
                return s
        # Few shapes of a small rank reach a large budget: the last dim takes the rest.
        s = [self.extent(16) for _ in range(rk - 1)]
        s.append(max(1, int(self.rng.uniform(lo, hi)) // max(1, math.prod(s))))
        return s

    def image(self, min_hw=1, max_hw=80):
        """An NCHW shape within the element budget."""
        for _ in range(10000):
            n, c = self.rng.choice([1, 2, 3, 4, 8]), self.rng.choice([1, 3, 4, 8, 16, 17, 32, 64])
            h = self.rng.randint(min_hw, max_hw)
            w = h if self.rng.random() < 0.6 else self.rng.randint(min_hw, max_hw)
            if self.min_elems <= n * c * h * w <= self.max_elems:
                return [n, c, h, w]
        return [1, 3, max(min_hw, 8), max(min_hw, 8)]

    def rand(self, shape, lo=-3.0, hi=3.0, dtype=None):
        return Rand(shape, dtype or self.dtype, lo, hi)

    def dims(self, rank, allow_empty=False):
        """A random nonempty subset of range(rank), some written negative."""
        ds = [d for d in range(rank) if self.rng.random() < 0.5]
        if not ds and not allow_empty:
            ds = [self.rng.randrange(rank)]
        return [d - rank if self.rng.random() < 0.3 else d for d in ds]

    def broadcast(self, s):
        """A shape that broadcasts to s: dims set to 1, leading dims dropped."""
        b = [1 if self.rng.random() < 0.4 else e for e in s]
        return b[self.rng.randint(0, len(b) - 1):] if self.rng.random() < 0.3 else b


UNARY = {
    # op: (input range, extra operands)
    "relu": ((-3, 3), ()), "sigmoid": ((-8, 8), ()), "tanh": ((-4, 4), ()), "silu": ((-6, 6), ()),
    "exp": ((-5, 5), ()), "expm1": ((-2, 2), ()), "log": ((0.01, 10), ()), "log1p": ((-0.9, 10), ()),
    "log2": ((0.01, 10), ()), "sqrt": ((0, 10), ()), "rsqrt": ((0.05, 10), ()), "neg": ((-3, 3), ()),
    "abs": ((-3, 3), ()), "erf": ((-3, 3), ()), "sin": ((-6, 6), ()), "cos": ((-6, 6), ()),
    "reciprocal": ((0.25, 4), ()), "hardswish": ((-5, 5), ()), "hardsigmoid": ((-5, 5), ()),
    "floor": ((-5, 5), ()), "ceil": ((-5, 5), ()), "trunc": ((-5, 5), ()), "sign": ((-3, 3), ()),
    "clone": ((-3, 3), ()),
}


def unary(d, name):
    (lo, hi), _ = UNARY[name]
    return name, [d.rand(d.shape(), lo, hi)]


def activation(d, name):
    x = d.shape()
    r = d.rng
    if name == "gelu":
        return "gelu", [d.rand(x, -4, 4), r.choice(["none", "tanh"])]
    if name == "leaky_relu":
        return "leaky_relu", [d.rand(x), r.choice([0.01, 0.2])]
    if name == "elu":
        return "elu", [d.rand(x), r.choice([1.0, 0.5]), r.choice([1.0, 1.0507009873554805]), 1.0]
    if name == "hardtanh":
        return "hardtanh", [d.rand(x, -8, 8), -1.0, r.choice([1.0, 6.0])]
    if name == "clamp":
        return "clamp", [d.rand(x), r.choice([-1.0, None]), r.choice([0.5, 2.0])]
    if name == "pow.Tensor_Scalar":
        return name, [d.rand(x, 0.1, 3), r.choice([2, 3, 0.5, -1.5])]
    raise KeyError(name)


def backward(d, name):
    x = d.shape()
    g, r = d.rand(x), d.rng
    if name == "threshold_backward":
        return name, [g, d.rand(x), r.choice([0.0, 0.5])]
    if name in ("sigmoid_backward", "tanh_backward"):
        fwd = A.sigmoid if name == "sigmoid_backward" else A.tanh
        return name, [g, Derived(lambda ts, z: fwd(z), d.rand(x))]
    if name == "gelu_backward":
        return name, [g, d.rand(x, -4, 4), r.choice(["none", "tanh"])]
    if name in ("silu_backward", "hardswish_backward", "hardsigmoid_backward"):
        return name, [g, d.rand(x, -5, 5)]
    if name == "leaky_relu_backward":
        return name, [g, d.rand(x), 0.1, False]
    if name == "elu_backward":
        return name, [g, 1.0, 1.0, 1.0, False, d.rand(x)]
    if name == "hardtanh_backward":
        return name, [g, d.rand(x, -8, 8), 0.0, 6.0]
    raise KeyError(name)


def binary(d, name):
    s = d.shape()
    a, b = s, d.broadcast(s)
    if d.rng.random() < 0.5:
        a, b = b, a
    r = d.rng
    if name in ("add.Tensor", "sub.Tensor"):
        return name, [d.rand(a), d.rand(b), r.choice([1, 0.5, -2.0])]
    if name in ("mul.Tensor", "maximum", "minimum", "gt.Tensor", "le.Tensor"):
        return name, [d.rand(a), d.rand(b)]
    if name == "div.Tensor":
        return name, [d.rand(a), d.rand(b, 0.5, 2.0)]
    if name == "pow.Tensor_Tensor":
        return name, [d.rand(a, 0.1, 3), d.rand(b, -2, 2)]
    if name == "where.self":
        return name, [Mask(d.broadcast(s), "i1"), d.rand(a), d.rand(b)]
    if name == "masked_fill.Scalar":
        return name, [d.rand(s), Mask(d.broadcast(s), "i1"), r.choice([0.0, -1e4])]
    if name in ("addcmul", "addcdiv"):
        lo = 0.5 if name == "addcdiv" else -3.0
        return name, [d.rand(s), d.rand(d.broadcast(s)), d.rand(d.broadcast(s), lo, 3.0), r.choice([0.5, -0.001])]
    if name == "lerp.Scalar":
        return name, [d.rand(s), d.rand(s), r.choice([0.1, 0.9])]
    raise KeyError(name)


def reduction(d, name):
    s = d.shape()
    rank, r = len(s), d.rng
    keep = r.random() < 0.4
    if name in ("sum.dim_IntList", "mean.dim", "amax", "amin"):
        ds = d.dims(rank)
        n = math.prod(s[i] for i in ds)
        return name, [d.rand(s), ds, keep], n
    if name in ("max.dim", "argmax"):
        dim = r.randrange(rank)
        return name, [d.rand(s), dim, keep], 1
    if name in ("var.correction", "var_mean.correction"):
        ds = d.dims(rank)
        n = math.prod(s[i] for i in ds)
        if n < 2:
            return None
        return name, [d.rand(s), ds, r.choice([0, 1]), keep], n
    if name == "sum":
        return name, [d.rand(s)], math.prod(s)
    if name == "cumsum":
        dim = r.randrange(rank)
        return name, [d.rand(s), dim, None], s[dim]
    raise KeyError(name)


def softmax(d, name):
    s = d.shape()
    dim = d.rng.randrange(len(s))
    n = s[dim]
    dt = t.TORCH_DTYPES[d.dtype]
    if name in ("_softmax", "_log_softmax"):
        return name, [d.rand(s, -6, 6), dim, False], n
    fwd = A._softmax if name == "_softmax_backward_data" else A._log_softmax
    return name, [d.rand(s), Derived(lambda ts, z: fwd(z, dim, False), d.rand(s, -6, 6)), dim, dt], n


# The fewest elements a norm's statistics are taken over: over fewer, two
# close values make the variance tiny and x − mean ill-conditioned (over 2,
# PyTorch's own f32 layer norm is 1e-4 off its f64 one), which a tolerance
# by reduction length does not budget for.
MIN_NORMALIZED = 16


def norm(d, name):
    r = d.rng
    if name.startswith("native_batch_norm"):
        x = d.image()
        c = x[1]
        if x[0] * x[2] * x[3] < MIN_NORMALIZED:
            return None
    if name == "native_batch_norm":
        w = [d.rand([c]), d.rand([c])] if r.random() < 0.7 else [None, None]
        if r.random() < 0.7:
            return name, [d.rand(x), *w, None, None, True, 0.1, 1e-5], x[0] * x[2] * x[3]
        return name, [d.rand(x), *w, d.rand([c]), d.rand([c], 0.5, 2.0), False, 0.1, 1e-5], 1
    if name == "native_batch_norm_backward":
        saved = lambda i: Derived(lambda ts: A.native_batch_norm(ts[1], None, None, None, None, True, 0.1, 1e-5)[i])
        mask = [r.random() < 0.8 for _ in range(3)]
        return name, [d.rand(x), d.rand(x), d.rand([c]), None, None, saved(1), saved(2), True, 1e-5, mask], \
            x[0] * x[2] * x[3]
    if name in ("native_group_norm", "native_group_norm_backward"):
        x = d.image()
        n, c, hw = x[0], x[1], x[2] * x[3]
        g = r.choice([k for k in (1, 2, 4, 8, 16, 32) if c % k == 0])
        red = c // g * hw
        if red < MIN_NORMALIZED:
            return None
        if name == "native_group_norm":
            return name, [d.rand(x), d.rand([c]), d.rand([c]), n, c, hw, g, 1e-5], red
        saved = lambda i: Derived(lambda ts: A.native_group_norm(ts[1], None, None, n, c, hw, g, 1e-5)[i])
        mask = [r.random() < 0.8 for _ in range(3)]
        return name, [d.rand(x), d.rand(x), saved(1), saved(2), d.rand([c]), n, c, hw, g, mask], max(red, n * hw)
    s = d.shape(min_rank=2)
    k = r.randint(1, min(2, len(s) - 1))
    ns = s[-k:]
    if math.prod(ns) < MIN_NORMALIZED:
        return None
    if name == "native_layer_norm":
        return name, [d.rand(s), ns, d.rand(ns), d.rand(ns), 1e-5], math.prod(ns)
    saved = lambda i: Derived(lambda ts: A.native_layer_norm(ts[1], ns, None, None, 1e-5)[i])
    mask = [r.random() < 0.8 for _ in range(3)]
    rows = math.prod(s) // math.prod(ns)
    return name, [d.rand(s), d.rand(s), ns, saved(1), saved(2), d.rand(ns), d.rand(ns), mask], \
        max(math.prod(ns), rows)


def window(d, hw):
    """A valid pooling window for extents hw: kernel, stride, padding, dilation."""
    r = d.rng
    k = [r.choice([1, 2, 3, 3, 5])] * 2 if r.random() < 0.8 else [r.choice([1, 2, 3]), r.choice([1, 2, 3, 4])]
    s = [r.choice([1, 2, 2, 3])] * 2 if r.random() < 0.8 else [r.randint(1, 3), r.randint(1, 3)]
    p = [r.randint(0, kk // 2) for kk in k]
    dil = [1, 1] if r.random() < 0.8 else [2, 2]
    if any(hw[i] + 2 * p[i] < dil[i] * (k[i] - 1) + 1 for i in range(2)):
        return None
    return k, s, p, dil


def out_shape(fn, shape):
    """The shape of fn's (first) result on a tensor of shape."""
    res = fn(torch.zeros(shape))
    return list((res[0] if isinstance(res, (tuple, list)) else res).shape)


def pool(d, name):
    r = d.rng
    x = d.image(min_hw=3)
    hw = x[2:]
    ceil = r.random() < 0.3
    if name.startswith("max_pool2d"):
        w = window(d, hw)
        if w is None:
            return None
        k, s, p, dil = w
        fwd = lambda z: A.max_pool2d_with_indices(z, k, s, p, dil, ceil)
        if name == "max_pool2d_with_indices":
            return name, [d.rand(x), k, s, p, dil, ceil], 1
        o = out_shape(fwd, x)
        return name, [d.rand(o), d.rand(x), k, s, p, dil, ceil, Derived(lambda ts: fwd(ts[1])[1])], k[0] * k[1]
    if name.startswith("avg_pool2d"):
        w = window(d, hw)
        if w is None:
            return None
        k, s, p, _ = w
        cip = r.random() < 0.5
        div = r.choice([None, None, None, 4])
        if name == "avg_pool2d":
            return name, [d.rand(x), k, s, p, ceil, cip, div], k[0] * k[1]
        o = out_shape(lambda z: A.avg_pool2d(z, k, s, p, ceil, cip, div), x)
        return name, [d.rand(o), d.rand(x), k, s, p, ceil, cip, div], k[0] * k[1]
    o = [r.randint(1, hw[0]), r.randint(1, hw[1])]
    red = math.prod(-(-hw[i] // o[i]) + 1 for i in range(2))
    if name == "_adaptive_avg_pool2d":
        return name, [d.rand(x), o], red
    return name, [d.rand(x[:2] + o), d.rand(x)], red


def upsample(d, name):
    r = d.rng
    x = d.image(max_hw=40)
    if r.random() < 0.5:
        scale = [float(r.choice([2, 2, 3, 1.5])), float(r.choice([2, 2, 3, 0.5]))]
        size = None
    else:
        scale, size = None, [r.randint(1, 2 * x[2] + 3), r.randint(1, 2 * x[3] + 3)]
    align = r.random() < 0.3
    if name == "upsample_nearest2d.vec":
        return name, [d.rand(x), size, scale], 1
    if name == "upsample_bilinear2d.vec":
        return name, [d.rand(x), size, align, scale], 1
    if size is None:
        size = [int(x[2] * scale[0]), int(x[3] * scale[1])]
        if min(size) < 1:
            return None
    g = d.rand(x[:2] + size)
    red = math.prod(-(-size[i] // x[2 + i]) + 2 for i in range(2))
    if name == "upsample_nearest2d_backward":
        return name, [g, size, x, None, None], red
    return name, [g, size, x, align, None, None], 4 * red


def matmul(d, name):
    r = d.rng
    m, k, n = d.extent(200), d.extent(200), d.extent(200)
    if name == "mm":
        return name, [d.rand([m, k]), d.rand([k, n])], k
    if name == "addmm":
        bias = r.choice([[m, n], [n], [1, n]])
        return name, [d.rand(bias), d.rand([m, k]), d.rand([k, n]), r.choice([1, 0.5]), r.choice([1, 2.0])], k
    b = r.randint(1, 8)
    return name, [d.rand([b, m, k]), d.rand([b, k, n])], k


def loss(d, name):
    r = d.rng
    n, c = d.extent(256), r.choice([2, 3, 10, 17, 100, 1000])
    red = r.choice([0, 1, 2])
    if name == "nll_loss_forward":
        return name, [Derived(lambda ts, z: A._log_softmax(z, 1, False), d.rand([n, c])),
                      Rand([n], "si64", 0, c), d.rand([c], 0.1, 2) if r.random() < 0.3 else None, red,
                      r.choice([-100, 0])], n
    if name == "nll_loss_backward":
        return name, [d.rand([n] if red == 0 else []), d.rand([n, c]), Rand([n], "si64", 0, c), None, red, -100,
                      Derived(lambda ts: torch.tensor(float(n), dtype=ts[1].dtype))], 1
    s = d.shape()
    if name == "mse_loss":
        return name, [d.rand(s), d.rand(s), red], math.prod(s) if red else 1
    return name, [d.rand(s if red == 0 else []), d.rand(s), d.rand(s), red], 1


def indexing(d, name):
    r = d.rng
    if name == "embedding":
        v, e = d.extent(1000), d.extent(256)
        idx = d.shape(max_rank=2, scale=1 / max(e, 1))
        return name, [d.rand([v, e]), Rand(idx, "si64", 0, v), -1, False, False], 1
    if name == "embedding_dense_backward":
        v, e = d.extent(500), d.extent(256)
        idx = d.shape(max_rank=2, scale=1 / max(e, 1))
        return name, [d.rand(idx + [e]), Rand(idx, "si64", 0, v), v, r.choice([-1, 0]), False], math.prod(idx)
    s = d.shape()
    dim = r.randrange(len(s))
    if name == "index_select":
        m = r.randint(1, 2 * s[dim])
        return name, [d.rand(s), dim, Rand([m], "si64", 0, s[dim])], 1
    if name == "gather":
        idx = [r.randint(1, e) for e in s]
        idx[dim] = r.randint(1, 2 * s[dim])
        return name, [d.rand(s), dim, Rand(idx, "si64", 0, s[dim]), False], 1
    if name == "scatter_add":
        idx = [r.randint(1, e) for e in s]
        return name, [d.rand(s), dim, Rand(idx, "si64", 0, s[dim]), d.rand(idx)], max(idx)
    if name == "index_add":
        m = r.randint(1, 2 * s[dim])
        src = list(s)
        src[dim] = m
        return name, [d.rand(s), dim, Rand([m], "si64", 0, s[dim]), d.rand(src), r.choice([1, 0.5])], m
    raise KeyError(name)


def unique_index(d, shape, dim, extent):
    """An int64 index of shape whose entries along dim are distinct, in
    [0, extent) (shape[dim] <= extent): a scatter that writes, not adds,
    has one answer only without repeats."""
    hidden = list(shape)
    hidden[dim] = extent
    return Derived(lambda ts, u: u.argsort(dim=dim).narrow(dim, 0, shape[dim]), Rand(hidden, "f64"))


def scatter(d, name):
    r = d.rng
    s = d.shape()
    rank = len(s)
    dim = r.randrange(rank)
    if name in ("scatter.src", "scatter.value"):
        idx = [r.randint(1, e) for e in s]
        ix = unique_index(d, idx, dim, s[dim])
        if name == "scatter.value":
            return name, [d.rand(s), dim, ix, r.choice([0.0, -1.5])], 1
        return name, [d.rand(s), dim, ix, d.rand([e + r.randint(0, 2) for e in idx])], 1
    if name == "scatter_reduce.two":
        idx = [r.randint(1, e) for e in s]
        idx[dim] = r.randint(1, 2 * s[dim])
        how = r.choice(["sum", "prod", "mean", "amax", "amin"])
        lo, hi = (0.8, 1.25) if how == "prod" else (-3.0, 3.0)
        return name, [d.rand(s, lo, hi), dim, Rand(idx, "si64", 0, s[dim]), d.rand(idx, lo, hi), how,
                      r.random() < 0.5], idx[dim] + 1
    if name == "index_copy":
        m = r.randint(1, s[dim])
        src = list(s)
        src[dim] = m
        return name, [d.rand(s), dim, unique_index(d, [m], 0, s[dim]), d.rand(src)], 1
    if name == "slice_scatter":
        start = r.randint(0, s[dim] - 1)
        end = r.choice([None, r.randint(start + 1, s[dim])])
        step = r.choice([1, 1, 2, 3])
        src = list(s)
        src[dim] = len(range(start, s[dim] if end is None else end, step))
        return name, [d.rand(s), d.rand(src), dim, start, end, step], 1
    if name == "select_scatter":
        return name, [d.rand(s), d.rand(s[:dim] + s[dim + 1:]), dim, r.randrange(s[dim]) - r.choice([0, s[dim]])], 1
    raise KeyError(name)


def movement(d, name):
    r = d.rng
    s = d.shape()
    rank = len(s)
    if name == "cat":
        dim = r.randrange(rank)
        parts = []
        for _ in range(r.randint(2, 4)):
            p = list(s)
            p[dim] = r.randint(1, max(1, s[dim]))
            parts.append(d.rand(p))
        return name, [parts, dim - rank if r.random() < 0.3 else dim], 1
    if name == "constant_pad_nd":
        # pad's pairs run from the last dim back; a pair may crop one at each end.
        pad = [r.randint(-1 if s[rank - 1 - i // 2] >= 3 else 0, 3) for i in range(2 * r.randint(1, rank))]
        return name, [d.rand(s), pad, r.choice([0.0, -1.5])], 1
    if name == "flip":
        return name, [d.rand(s), d.dims(rank)], 1
    if name == "permute":
        return name, [d.rand(s), r.sample(range(rank), rank)], 1
    if name == "repeat":
        reps = [r.choice([1, 1, 2, 3]) for _ in range(rank + r.randint(0, 1))]
        if math.prod(reps) * math.prod(s) > 4 * d.max_elems:
            return None
        return name, [d.rand(s), reps], 1
    if name == "slice.Tensor":
        dim = r.randrange(rank)
        start = r.randint(-s[dim], s[dim])
        return name, [d.rand(s), dim, start, r.choice([None, s[dim], start + r.randint(1, s[dim] + 1)]),
                      r.choice([1, 1, 2, 3])], 1
    raise KeyError(name)


FAMILIES = {}
for fam, names in [
    (unary, list(UNARY)),
    (activation, ["gelu", "leaky_relu", "elu", "hardtanh", "clamp", "pow.Tensor_Scalar"]),
    (backward, ["threshold_backward", "sigmoid_backward", "tanh_backward", "gelu_backward", "silu_backward",
                "hardswish_backward", "hardsigmoid_backward", "leaky_relu_backward", "elu_backward",
                "hardtanh_backward"]),
    (binary, ["add.Tensor", "sub.Tensor", "mul.Tensor", "div.Tensor", "maximum", "minimum", "gt.Tensor",
              "le.Tensor", "pow.Tensor_Tensor", "where.self", "masked_fill.Scalar", "addcmul", "addcdiv",
              "lerp.Scalar"]),
    (reduction, ["sum.dim_IntList", "mean.dim", "amax", "amin", "max.dim", "argmax", "var.correction",
                 "var_mean.correction", "sum", "cumsum"]),
    (softmax, ["_softmax", "_log_softmax", "_softmax_backward_data", "_log_softmax_backward_data"]),
    (norm, ["native_batch_norm", "native_batch_norm_backward", "native_group_norm", "native_group_norm_backward",
            "native_layer_norm", "native_layer_norm_backward"]),
    (pool, ["max_pool2d_with_indices", "max_pool2d_with_indices_backward", "avg_pool2d", "avg_pool2d_backward",
            "_adaptive_avg_pool2d", "_adaptive_avg_pool2d_backward"]),
    (upsample, ["upsample_nearest2d.vec", "upsample_bilinear2d.vec", "upsample_nearest2d_backward",
                "upsample_bilinear2d_backward"]),
    (matmul, ["mm", "addmm", "bmm"]),
    (loss, ["nll_loss_forward", "nll_loss_backward", "mse_loss", "mse_loss_backward"]),
    (indexing, ["embedding", "embedding_dense_backward", "index_select", "gather", "scatter_add", "index_add"]),
    (movement, ["cat", "constant_pad_nd", "flip", "permute", "repeat", "slice.Tensor"]),
    (scatter, ["scatter.src", "scatter.value", "scatter_reduce.two", "index_copy", "slice_scatter",
               "select_scatter"]),
]:
    for n in names:
        FAMILIES[n] = fam

# Ops whose result is decided by comparisons or rounding of the inputs: a
# 16-bit draw of them ties too often to have one right answer. And
# hardswish_backward, whose 16-bit draws hit ±3, where torch 1.13's kernel
# differs from 2.x's (the lowering's, ewHardswishBackward).
NO_16BIT = {"max.dim", "argmax", "max_pool2d_with_indices", "max_pool2d_with_indices_backward", "floor", "ceil",
           "trunc", "sign", "gt.Tensor", "le.Tensor", "hardswish_backward"}

# Ops whose result PyTorch defines by rounding in the case's dtype, which
# an f64 reference would not: the scatters add into the result in place, a
# bf16 one rounding after every add (as the lowering does, in the same
# order); f32 bilinear upsampling computes its source coordinates in f32,
# so a weight is off by an ulp of the coordinate (torch 1.13's bf16 kernel
# computes them in bf16, 2.x's and the lowering's in f32: f64 references
# there). Their references are PyTorch's kernel at the case's dtype.
def own_dtype_reference(op, dtype):
    if op in ("scatter_add", "index_add", "embedding_dense_backward", "scatter_reduce.two"):
        return True
    return op.startswith("upsample_bilinear2d") and dtype == "f32"


def draw(rng, ops, i, seed, min_elems, max_elems, dtypes=None):
    """One random case, or None when the draw is not a valid one."""
    name = rng.choice(ops)
    d = Draw(rng, min_elems, max_elems, dtypes)
    if d.dtype in ("bf16", "f16") and name in NO_16BIT:
        if dtypes and not set(dtypes) - {"bf16", "f16"}:
            return None
        d.dtype = "f32"
    got = FAMILIES[name](d, name)
    if got is None:
        return None
    op, operands = got[0], got[1]
    # The program passes every operand, as torch.export's graphs do: the
    # draw's trailing defaults from the schema.
    for a in t.overload(op)._schema.arguments[len(operands):]:
        operands.append(a.default_value)
    red = got[2] if len(got) > 2 else 1
    slug = re.sub(r"[^a-z0-9]+", "_", op.lower()).strip("_")
    c = t.Case(f"fzt{seed}_{i:03d}_{slug}_{d.dtype}", op, operands, reduction=max(1, red))
    c.dtype = d.dtype
    return c


def main():
    ap = fuzz_parser(__doc__, 300)
    ap.add_argument("--ops", default="", help="a regular expression: draw only the ops whose name it finds")
    ap.add_argument("--dtypes", default="", help="draw only these dtypes (comma-separated: f32,bf16,f16,f64)")
    ap.add_argument("--own-reference", action="store_true",
                    help="references from PyTorch's kernel at the case's dtype, not in float64")
    ap.add_argument("--min-elems", type=float, default=2e3)
    ap.add_argument("--max-elems", type=float, default=3e5)
    args = ap.parse_args()
    torch.set_num_threads(1)
    dtypes = parse_dtypes(args.dtypes, ["f32", "bf16", "f16", "f64"])
    ops = sorted(n for n in FAMILIES if re.search(args.ops, n))
    if not ops:
        sys.exit(f"--ops={args.ops!r} matches none of: {' '.join(sorted(FAMILIES))}")
    rng = random.Random(args.seed)
    os.makedirs(args.out, exist_ok=True)

    def make_one(i):
        c = draw(rng, ops, i, args.seed, args.min_elems, args.max_elems, dtypes)
        if c is None:
            return False
        own = args.own_reference or own_dtype_reference(c.op, c.dtype)
        try:
            t.write_case(args.out, c, f64_reference=not own, generator="e2e/gen/fuzz_training_ops.py")
        except RuntimeError as e:
            if "not implemented for" in str(e):
                # torch 1.13 has no kernel at this dtype for the op (its
                # own reference) or for what makes an operand (a tanh
                # output for tanh_backward in f16): draw another.
                return False
            raise
        return True

    made = draw_cases(args.count, 100 * args.count, make_one)
    print(f"wrote {made} cases to {args.out}")


if __name__ == "__main__":
    main()
