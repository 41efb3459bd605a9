#!/usr/bin/env python3
"""Random programs of several ops, beyond the single-op cases.

A training graph is not one op: views (permute, transpose, slice, select,
expand, unsqueeze, flip) feed elementwise ops and reductions, broadcasts
meet, results are cat'ed, normalized, multiplied and returned along with
intermediates. The CPU backend fuses, re-lays-out and reuses buffers across
such chains, which single-op cases never exercise. This draws --count
programs from --seed: one to three inputs of --min-elems to --max-elems
elements (f32 mostly, f64 and bf16 too), then --min-ops to --max-ops ops, each on a
value drawn so far (a view, an elementwise op, a broadcast binary op with
another value or a new input, a reduction, a softmax, a layer norm, a cat,
a matrix product with a new weight), returning the last value and up to two
intermediates. Each is written as an e2e case (program.mlir in fx_importer
form, inputs, expected results, meta.json) under --out, its references the
program run eagerly by PyTorch in float64 and rounded once. Then:

    cd /tmp && /usr/bin/python3 /work/main/e2e/gen/fuzz_graphs.py --seed 1 --count 200 --out /tmp/fzg
    torchlower e2e --cases=/tmp/fzg

The same seed draws the same programs (names fzg<seed>_<i>_<ops>_<dtype>).
Tolerances: the errors of a chain grow with its length, with the size of
the values along it and with the square root of the most elements an op
of it folded into one (a sum's rounding errors add up, though the sum
may cancel to nothing), so atol = 1e-5 (f32; 1e-12 f64; 2^-8 bf16, whose
every op rounds) x the chain's length x max(1, its largest magnitude) x
sqrt(folded), rtol the dtype's default: a wrong index, tap or broadcast
stays far outside. Comparisons decide only on
inputs (exact in both precisions), so no result hinges on a rounding.
Nothing here is committed: the cases are MBs.
"""

import json
import math
import os
import random
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import training_ops_cases as t  # noqa: E402  (torch and numpy, or a clear exit)
from fuzzing import draw_cases, fuzz_parser, parse_dtypes  # noqa: E402

torch, np, A = t.torch, t.np, t.A


class Val:
    """A value of the program: its SSA name, its tensor at the case's
    dtype and in float64, the longest chain of ops behind it, and the
    largest magnitude along that chain (its values' and its operands')."""

    def __init__(self, name, low, wide, depth, is_input=False, scale=None, red=1):
        self.name, self.low, self.wide, self.depth, self.is_input = name, low, wide, depth, is_input
        mag = float(wide.abs().max()) if wide.is_floating_point() and wide.numel() else 0.0
        self.scale = max(mag, scale or 0.0)
        # The most elements an op along the chain folded into one (its
        # largest operand's over its result's): a sum's rounding errors
        # add up over them, though the sum may cancel to nothing.
        self.red = red

    @property
    def shape(self):
        return list(self.low.shape)


class Program:
    def __init__(self, rng, dtype, min_elems, max_elems):
        self.rng, self.dtype, self.min_elems, self.max_elems = rng, dtype, min_elems, max_elems
        self.tdtype = t.TORCH_DTYPES[dtype]
        self.gen = torch.Generator().manual_seed(rng.randrange(2 ** 31))
        self.inputs, self.vals, self.lines, self.ops = [], [], [], []
        self.n = 0

    def fresh(self):
        self.n += 1
        return f"%v{self.n}"

    def input(self, shape, lo=-3.0, hi=3.0, dtype=None):
        u = torch.rand(shape, generator=self.gen, dtype=torch.float64) * (hi - lo) + lo
        low = u.to(dtype or self.tdtype)
        v = Val(f"%arg{len(self.inputs)}", low, low.double() if low.is_floating_point() else low, 0, True)
        self.inputs.append(v)
        if low.is_floating_point():
            self.vals.append(v)
        return v

    def const(self, c):
        """The SSA name and type of a constant operand (a list of values:
        a Tensor[])."""
        if isinstance(c, list) and c and isinstance(c[0], Val):
            r = self.fresh()
            self.lines.append(f"    {r} = torch.prim.ListConstruct {', '.join(v.name for v in c)} : "
                              f"({', '.join(t.vt(v.low) for v in c)}) -> !torch.list<vtensor>")
            return r, "!torch.list<vtensor>"
        return t.write_constant(c, self.lines, self.fresh)

    def apply(self, op, args, result=0):
        """Runs op on args (Vals and constants) at both precisions and adds
        it to the program; its result number result becomes a value. None
        when PyTorch refuses the operands (the draw is dropped)."""
        ov = t.overload(op)

        def run(wide):
            vals = []
            for a in args:
                if isinstance(a, Val):
                    vals.append(a.wide if wide else a.low)
                elif isinstance(a, list) and a and isinstance(a[0], Val):
                    vals.append([v.wide if wide else v.low for v in a])
                else:
                    vals.append(a)
            return t.call(ov, vals)
        try:
            low = run(False)
        except RuntimeError:
            if self.tdtype != torch.float16:
                return None
            # torch 1.13 has few CPU f16 kernels: the result's shapes and
            # dtypes from the f64 run, its f16 results the rounded ones.
            try:
                low = [w if w is None or w.dtype != torch.float64 else w.to(torch.float16) for w in run(True)]
            except RuntimeError:
                return None
        # Float results in float64 (a cast's too: its wide value is the
        # rounded one, which the ops after it then use exactly). A 16-bit
        # result is rounded to its dtype: each op of a bf16 program
        # computes in f32 and rounds once (ATen 2.x's opmath, the
        # lowering's), so the reference rounds where the program does.
        wide = [w if w is None or not w.is_floating_point() else
                w.to(lo.dtype).double() if lo.dtype in (torch.bfloat16, torch.float16) else w.double()
                for w, lo in zip(run(True), low)]
        operands = []
        for a in args:
            if isinstance(a, Val):
                operands.append((a.name, t.vt(a.low)))
            else:
                operands.append(self.const(a))
        types = ["!torch.none" if x is None else t.vt(x) for x in low]
        r = self.fresh()
        lhs = r if len(low) == 1 else f"{r}:{len(low)}"
        self.lines.append(f"    {lhs} = torch.aten.{op} {', '.join(o for o, _ in operands)} : "
                          f"{', '.join(ty for _, ty in operands)} -> {', '.join(types)}")
        deps = [a for a in args if isinstance(a, Val)] + [v for a in args if isinstance(a, list) for v in a
                                                           if isinstance(v, Val)]
        name = r if len(low) == 1 else f"{r}#{result}"
        folded = max((d.low.numel() for d in deps), default=1) / max(1, low[result].numel())
        v = Val(name, low[result], wide[result], 1 + max((d.depth for d in deps), default=0),
                scale=max((d.scale for d in deps), default=0.0),
                red=max([folded, 1.0] + [d.red for d in deps]))
        self.ops.append(op)
        if v.low.is_floating_point():
            self.vals.append(v)
        return v


def shape(rng, lo, hi, rank=None):
    for _ in range(10000):
        rk = rank or rng.choice([1, 2, 3, 4, 4])
        s = [rng.choice([1, 2, 3, 8, 16, 17, 31, 32, 64, 65]) if rng.random() < 0.3 else rng.randint(1, 200)
             for _ in range(rk)]
        if lo <= math.prod(s) <= hi:
            return s
    return [max(1, int(lo))]


def broadcast(rng, s):
    b = [1 if rng.random() < 0.4 else e for e in s]
    return b[rng.randint(0, len(b) - 1):] if rng.random() < 0.3 else b


def step(p):
    """One random op on the values so far; None when the draw fails."""
    r = p.rng
    x = r.choice(p.vals[-4:] if r.random() < 0.7 else p.vals)
    s, rank = x.shape, len(x.shape)
    kind = r.choices(["unary", "scalar", "binary", "where", "view", "reduce", "softmax", "norm", "cat", "matmul",
                      "image", "cast", "index", "grad"],
                     [5, 2, 6, 1, 7, 3, 1, 1, 1, 1, 8 if rank == 4 else 0, 1, 2, 4])[0]
    if kind == "image":
        return image_step(p, x)
    if kind == "grad":
        return grad_step(p, x)
    if kind == "cast":
        # A round trip through a 16-bit float (mixed precision): the values
        # in between are not drawn on, so every value is at the case's dtype.
        # Of an input only: a computed value an ulp apart in f32 and f64 may
        # round to two 16-bit floats.
        x = r.choice(p.inputs)
        if not x.low.is_floating_point():
            return None
        low = p.apply("_to_copy", [x, r.choice([torch.bfloat16, torch.float16]), None, None, None, False, None])
        if low is None:
            return None
        p.vals.remove(low)
        return p.apply("_to_copy", [low, p.tdtype, None, None, None, False, None])
    if kind == "index":
        if rank == 0:
            return None
        dim = r.randrange(rank)
        op = r.choice(["index_select", "gather", "embedding"] if rank == 2 else ["index_select", "gather"])
        if op == "index_select":
            return p.apply(op, [x, dim, p.input([r.randint(1, 2 * s[dim])], 0, s[dim], torch.int64)])
        if op == "gather":
            idx = [r.randint(1, e) for e in s]
            idx[dim] = r.randint(1, 2 * s[dim])
            return p.apply(op, [x, dim, p.input(idx, 0, s[dim], torch.int64), False])
        return p.apply(op, [x, p.input([r.randint(1, 64)] * r.randint(1, 2), 0, s[0], torch.int64), -1, False,
                            False])
    if kind == "unary":
        op = r.choice(["relu", "tanh", "sigmoid", "neg", "abs", "silu", "gelu", "clone"])
        return p.apply(op, [x] + ([None] if op == "clone" else ["none"] if op == "gelu" else []))
    if kind == "scalar":
        if r.random() < 0.5:
            return p.apply("mul.Scalar", [x, r.choice([0.5, -2.0, 3])])
        return p.apply("add.Scalar", [x, r.choice([1.0, -0.25]), r.choice([1, 2.0])])
    if kind == "binary":
        others = [v for v in p.vals if v is not x and broadcasts(v.shape, s)]
        y = r.choice(others) if others and r.random() < 0.5 else p.input(broadcast(r, s) if rank else [])
        a, b = (x, y) if r.random() < 0.5 else (y, x)
        op = r.choice(["add.Tensor", "sub.Tensor", "mul.Tensor", "maximum", "minimum", "div.Tensor"])
        if op == "div.Tensor":
            a, b = x, p.input(broadcast(r, s) if rank else [], 0.5, 2.0)
        if op in ("add.Tensor", "sub.Tensor"):
            return p.apply(op, [a, b, r.choice([1, 0.5])])
        return p.apply(op, [a, b])
    if kind == "where":
        c = p.input(broadcast(r, s) if rank else [])
        cond = p.apply("gt.Scalar", [c, 0.0])
        others = [v for v in p.vals if v is not x and broadcasts(v.shape, s)]
        y = r.choice(others) if others else p.input(broadcast(r, s) if rank else [])
        return p.apply("where.self", [cond, x, y])
    if kind == "view":
        if rank == 0:
            return p.apply("unsqueeze", [x, 0])
        op = r.choice(["permute", "transpose.int", "slice.Tensor", "select.int", "unsqueeze", "squeeze.dim",
                       "expand", "flip", "view"])
        dim = r.randrange(rank)
        if op == "permute":
            return p.apply(op, [x, r.sample(range(rank), rank)])
        if op == "transpose.int":
            return p.apply(op, [x, dim, r.randrange(rank)])
        if op == "slice.Tensor":
            start = r.randint(0, max(0, s[dim] - 1))
            return p.apply(op, [x, dim, start, r.choice([None, start + r.randint(1, s[dim])]), r.choice([1, 2, 3])])
        if op == "select.int":
            return p.apply(op, [x, dim, r.randrange(s[dim]) - (s[dim] if r.random() < 0.3 else 0)])
        if op == "unsqueeze":
            return p.apply(op, [x, r.randint(0, rank)])
        if op == "squeeze.dim":
            ones = [i for i, e in enumerate(s) if e == 1]
            return p.apply(op, [x, r.choice(ones)]) if ones else None
        if op == "expand":
            ones = [i for i, e in enumerate(s) if e == 1]
            if not ones:
                return None
            to = list(s)
            for i in ones:
                to[i] = r.choice([2, 3, 7, 16])
            if math.prod(to) > 4 * p.max_elems:
                return None
            return p.apply(op, [x, to, False])
        if op == "flip":
            return p.apply(op, [x, sorted(r.sample(range(rank), r.randint(1, rank)))])
        # view: a reshape of the contiguous ones (PyTorch refuses the others).
        n = math.prod(s)
        if not x.low.is_contiguous() or n < 2:
            return None
        divs = [k for k in range(2, min(n, 300) + 1) if n % k == 0]
        if not divs:
            return None
        k = r.choice(divs)
        return p.apply(op, [x, [n // k, k] if r.random() < 0.5 else [k, -1]])
    if kind == "reduce":
        if rank == 0:
            return None
        ds = sorted(set(r.sample(range(rank), r.randint(1, rank))))
        keep = r.random() < 0.4
        op = r.choice(["sum.dim_IntList", "mean.dim", "amax"])
        if op == "amax":
            return p.apply(op, [x, ds, keep])
        return p.apply(op, [x, ds, keep, None])
    if kind == "softmax":
        if rank == 0:
            return None
        return p.apply(r.choice(["_softmax", "_log_softmax"]), [x, r.randrange(rank), False])
    if kind == "norm":
        if rank == 0 or s[-1] < 16:
            return None
        # Rows of nearly equal values (a maximum with a large broadcast
        # operand makes them) have a tiny variance: x − mean, and so the
        # result, is then ill-conditioned, PyTorch's own f32 as far off.
        if float(x.wide.var(-1, unbiased=False).min()) < 1e-2 * max(1.0, float(x.wide.abs().max())) ** 2:
            return None
        w, b = p.input([s[-1]]), p.input([s[-1]])
        return p.apply("native_layer_norm", [x, [s[-1]], w, b, 1e-5], result=0)
    if kind == "cat":
        if rank == 0:
            return None
        dim = r.randrange(rank)
        o = list(s)
        o[dim] = r.randint(1, 40)
        return p.apply("cat", [[x, p.input(o)] if r.random() < 0.5 else [p.input(o), x], dim])
    if rank == 2 or rank == 3:
        n = r.randint(1, 64)
        w = p.input(s[:-2] + [s[-1], n], -1.0, 1.0)
        return p.apply("mm" if rank == 2 else "bmm", [x, w])
    return None


def image_step(p, x):
    """An op of convolutional networks on the NCHW value x: a convolution,
    its backward (x the gradient of its output), a pooling, a batch norm,
    an upsampling or a pad."""
    r = p.rng
    n, c, h, w = x.shape
    op = r.choice(["convolution", "convolution_backward", "convolution_backward", "max_pool2d_with_indices",
                   "avg_pool2d", "native_batch_norm", "upsample_nearest2d.vec", "constant_pad_nd"])
    k = r.choice([1, 2, 3, 3, 5])
    st = r.choice([1, 1, 2, 3])
    pad = r.randint(0, k // 2)
    if op == "convolution":
        if h + 2 * pad < k or w + 2 * pad < k:
            return None
        g = r.choice([g for g in (1, 1, 2, 4, c) if c % g == 0])
        f = g * r.randint(1, max(1, 32 // g))
        wt = p.input([f, c // g, k, k], -1.0, 1.0)
        b = p.input([f]) if r.random() < 0.5 else None
        return p.apply(op, [x, wt, b, [st, st], [pad, pad], [1, 1], False, [0, 0], g])
    if op == "convolution_backward":
        # x is grad_output [N, F, Ho, Wo]: an input whose convolution has that extent.
        g = r.choice([g for g in (1, 1, 2, 4, c) if c % g == 0])
        cin = g * r.randint(1, max(1, 16 // g))
        hi, wi = [(o - 1) * st + k - 2 * pad + r.randrange(st) for o in (h, w)]
        if min(hi, wi) < 1 or n * cin * hi * wi > 4 * p.max_elems:
            return None
        inp = p.input([n, cin, hi, wi])
        wt = p.input([c, cin // g, k, k], -1.0, 1.0)
        mask = [r.random() < 0.8 for _ in range(3)]
        if not any(mask):
            mask[0] = True
        return p.apply(op, [x, inp, wt, [c], [st, st], [pad, pad], [1, 1], False, [0, 0], g, mask],
                       result=r.choice([i for i in range(3) if mask[i]]))
    if op == "max_pool2d_with_indices":
        if h + 2 * pad < k or w + 2 * pad < k:
            return None
        return p.apply(op, [x, [k, k], [st, st], [pad, pad], [1, 1], r.random() < 0.3], result=0)
    if op == "avg_pool2d":
        if h + 2 * pad < k or w + 2 * pad < k:
            return None
        return p.apply(op, [x, [k, k], [st, st], [pad, pad], r.random() < 0.3, r.random() < 0.5, None])
    if op == "native_batch_norm":
        if n * h * w < 16:
            return None
        v = x.wide.var([0, 2, 3], unbiased=False)
        if float(v.min()) < 1e-2 * max(1.0, float(x.wide.abs().max())) ** 2:
            return None  # ill-conditioned, as for the layer norm
        return p.apply(op, [x, p.input([c]), p.input([c]), None, None, True, 0.1, 1e-5], result=0)
    if op == "upsample_nearest2d.vec":
        return p.apply(op, [x, None, [float(r.choice([1, 2, 3])), float(r.choice([1, 2]))]])
    return p.apply(op, [x, [r.randint(-1, 2) for _ in range(4)], r.choice([0.0, 1.5])])


def grad_step(p, g):
    """The backward of an op, g (a computed value, often a view) the
    gradient of its output: the forward's input is a new input, the
    forward's saved results (softmax output, mean and rstd, pooling
    indices) ops of the program on it."""
    r = p.rng
    s, rank = g.shape, len(g.shape)
    if rank == 0:
        return None
    ops = ["_softmax_backward_data", "_log_softmax_backward_data", "threshold_backward", "gelu_backward",
           "sigmoid_backward", "native_layer_norm_backward"]
    if rank == 4:
        ops += ["max_pool2d_with_indices_backward", "avg_pool2d_backward", "native_batch_norm_backward"] * 2
    op = r.choice(ops)
    y = p.input(s)
    if op in ("_softmax_backward_data", "_log_softmax_backward_data"):
        dim = r.randrange(rank)
        out = p.apply(op.replace("_backward_data", ""), [y, dim, False])
        return p.apply(op, [g, out, dim, p.tdtype])
    if op == "threshold_backward":
        return p.apply(op, [g, y, r.choice([0.0, 0.5])])
    if op == "gelu_backward":
        return p.apply(op, [g, y, r.choice(["none", "tanh"])])
    if op == "sigmoid_backward":
        return p.apply(op, [g, p.apply("sigmoid", [y])])
    if op == "native_layer_norm_backward":
        if s[-1] < 16:
            return None
        ns = [s[-1]]
        w, b = p.input(ns), p.input(ns)
        mean, rstd = [p.apply("native_layer_norm", [y, ns, w, b, 1e-5], result=k) for k in (1, 2)]
        mask = [r.random() < 0.8 for _ in range(3)]
        if not any(mask):
            mask[0] = True
        return p.apply(op, [g, y, ns, mean, rstd, w, b, mask], result=r.choice([k for k in range(3) if mask[k]]))
    if op == "max_pool2d_with_indices_backward":
        # A 3x3 window, stride 1, padding 1 keeps the extent: g is the
        # gradient of y's pooling.
        args = [[3, 3], [1, 1], [1, 1], [1, 1], False]
        idx = p.apply("max_pool2d_with_indices", [y] + args, result=1)
        return p.apply(op, [g, y] + args + [idx])
    if op == "avg_pool2d_backward":
        return p.apply(op, [g, y, [3, 3], [1, 1], [1, 1], False, r.random() < 0.5, None])
    n, c, h, w_ = s
    if n * h * w_ < 16:
        return None
    wt = p.input([c])
    mean, invstd = [p.apply("native_batch_norm", [y, wt, None, None, None, True, 0.1, 1e-5], result=k)
                    for k in (1, 2)]
    mask = [r.random() < 0.8 for _ in range(3)]
    if not any(mask):
        mask[0] = True
    return p.apply(op, [g, y, wt, None, None, mean, invstd, True, 1e-5, mask],
                   result=r.choice([k for k in range(3) if mask[k]]))


def broadcasts(a, b):
    """Whether shape a broadcasts to shape b."""
    if len(a) > len(b):
        return False
    return all(ea in (1, eb) for ea, eb in zip(reversed(a), reversed(b)))


def draw(rng, i, seed, args):
    weights = {"f32": 6, "f64": 1, "bf16": 2, "f16": 1}
    names = args.dtypes or list(weights)
    dtype = rng.choices(names, [weights[n] for n in names])[0]
    p = Program(rng, dtype, args.min_elems, args.max_elems)
    for _ in range(rng.randint(1, 3)):
        p.input(shape(rng, args.min_elems, args.max_elems))
    want = rng.randint(args.min_ops, args.max_ops)
    for _ in range(50 * want):
        if len(p.ops) >= want:
            break
        step(p)
    made = [v for v in p.vals if not v.is_input]
    if not made:
        return None
    outs = [made[-1]] + rng.sample(made[:-1], min(len(made) - 1, rng.randint(0, 2)))
    short = "_".join(o.split(".")[0].strip("_") for o in p.ops[:3])
    return f"fzg{seed}_{i:03d}_{short}_{dtype}", p, outs


def write(root, name, p, outs, seed):
    d = os.path.join(root, name)
    if os.path.isdir(d):
        shutil.rmtree(d)
    os.makedirs(os.path.join(d, "inputs"))
    os.makedirs(os.path.join(d, "expected"))
    inputs, results = [], []
    for i, v in enumerate(p.inputs):
        np.save(os.path.join(d, "inputs", f"{i}.npy"), t.to_numpy(v.low.contiguous()))
        inputs.append(dict(name=f"arg{i}", file=f"inputs/{i}.npy", dtype=t.DTYPE_NAMES[v.low.dtype],
                           shape=v.shape))
    # bf16 (f16): an op's f32 result and the reference's f64 one may round to
    # neighbouring 16-bit values, an ulp of the value (2^-8 of the largest
    # magnitude behind it; 2^-10 in f16) that the ops after it carry.
    default_atol = {"f32": 1e-5, "f64": 1e-12, "bf16": 2.0 ** -8, "f16": 2.0 ** -10}[p.dtype]
    for i, v in enumerate(outs):
        want = v.wide.to(v.low.dtype).contiguous()
        np.save(os.path.join(d, "expected", f"{i}.npy"), t.to_numpy(want))
        scale = max(1.0, v.scale) * math.sqrt(v.red)
        what = f"max(1, the largest magnitude along the chain) x sqrt({v.red:.0f} elements folded into one)"
        atol = default_atol * v.depth * scale
        rtol = t.DEFAULT_TOL[p.dtype][1]
        results.append(dict(name=f"result{i}", file=f"expected/{i}.npy", dtype=t.DTYPE_NAMES[v.low.dtype],
                            shape=v.shape, tolerance=dict(
                                atol=atol, rtol=rtol, reduction_length=1,
                                reason=f"a chain of {v.depth} ops: atol = {default_atol:g} x {v.depth} x "
                                       f"{what} = {atol:.3g}; rtol = default for {p.dtype}")))
    rets = [v.name for v in outs]
    types = [t.vt(v.low) for v in outs]
    text = "\n".join(["module {", f"  func.func @main({', '.join(f'{v.name}: {t.vt(v.low)}' for v in p.inputs)}) -> "
                      f"({', '.join(types)}) {{"] + p.lines +
                     [f"    return {', '.join(rets)} : {', '.join(types)}", "  }", "}", ""])
    with open(os.path.join(d, "program.mlir"), "w") as fh:
        fh.write(text)
    meta = dict(name=name, op="graph", form="graph", dtype=p.dtype, config={"ops": p.ops}, inputs=inputs,
                results=results, reference="pytorch-eager-f64", torch_version=torch.__version__, seed=seed,
                generator="e2e/gen/fuzz_graphs.py")
    with open(os.path.join(d, "meta.json"), "w") as fh:
        json.dump(meta, fh, indent=1, sort_keys=True)
        fh.write("\n")


def main():
    ap = fuzz_parser(__doc__, 200)
    ap.add_argument("--dtypes", default="", help="draw only these dtypes (comma-separated: f32,f64,bf16,f16)")
    ap.add_argument("--min-ops", type=int, default=3)
    ap.add_argument("--max-ops", type=int, default=12)
    ap.add_argument("--min-elems", type=float, default=500)
    ap.add_argument("--max-elems", type=float, default=1e5)
    args = ap.parse_args()
    args.dtypes = parse_dtypes(args.dtypes, ["f32", "f64", "bf16", "f16"])
    torch.set_num_threads(1)
    rng = random.Random(args.seed)
    os.makedirs(args.out, exist_ok=True)

    def make_one(i):
        got = draw(rng, i, args.seed, args)
        if got is not None:
            write(args.out, *got, seed=args.seed)
        return got is not None

    made = draw_cases(args.count, 100 * args.count, make_one)
    print(f"wrote {made} cases to {args.out}")


if __name__ == "__main__":
    main()
