#!/usr/bin/env python3
"""Random convolution_backward cases, beyond the committed matrix.

Draws --count configurations from --seed (1-3-D, dense, grouped and
depthwise; kernels 1-7, strides 1-3, padding up to the kernel, dilation
1-2, transposed with output_padding, random output masks, batch 1-8; f32
mostly, bf16 and f64 too; between --min-macs and --max-macs
multiply-accumulates, spatial extents up to --max-hw in 2-D: the sizes at
which the CPU backend's fast paths run, which the committed cases, kept to
KBs, mostly do not reach) and writes each as an e2e case, in the matrix's
format (conv_backward_matrix.write_case), under --out. Their references
are computed in f64 and rounded once to the case's dtype: torch 1.13's f32
kernels can be wrong (conv_backward_matrix.check_f32_reference), f64 has
no oneDNN path. Then run them:

    cd /tmp && /usr/bin/python3 /work/main/e2e/gen/fuzz_conv_backward.py --seed 1 --count 200 --out /tmp/fuzz
    torchlower e2e --cases=/tmp/fuzz

The same seed draws the same cases (names fz<seed>_<i>_<kind>_<nd>d_<dtype>),
so a FAIL can be handed on as a seed and a name. Nothing here is
committed: the cases are MBs.
"""

import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import conv_backward_matrix as m  # noqa: E402  (torch and numpy, or a clear exit)
from fuzzing import draw_cases, fuzz_parser  # noqa: E402

torch = m.torch


def draw(rng, name_of, min_macs, max_macs, max_hw):
    """One random valid configuration within the MACs bounds, or None."""
    nd = rng.choices([1, 2, 3], [2, 7, 1])[0]
    kind = rng.choice(["dense", "dense", "dw", "grp", "grp"])
    if kind == "dense":
        g, cg, fg = 1, rng.choice([1, 3, 4, 8, 16, 24, 32, 64]), rng.choice([1, 4, 8, 16, 32, 64])
    elif kind == "dw":
        g, cg, fg = rng.choice([4, 8, 16, 24, 32, 48, 64]), 1, rng.choice([1, 1, 1, 2])
    else:
        g, cg = rng.choice([2, 4, 8, 16, 32]), rng.choice([2, 4, 8, 16])
        fg = rng.choice([cg, cg, 2 * cg, 4])
    c, f = cg * g, fg * g
    if c > 512 or f > 512:
        return None
    hmax = {1: 300, 2: max_hw, 3: 14}[nd]
    h = [rng.randint(3, hmax) for _ in range(nd)]
    if nd == 2 and rng.random() < 0.7:
        h = [h[0]] * 2
    k = [rng.choices([1, 2, 3, 5, 7], [3, 1, 8, 2, 1])[0]] * nd
    if rng.random() < 0.2:
        k = [rng.choice([1, 2, 3, 5]) for _ in range(nd)]
    s = [rng.choices([1, 2, 3], [5, 4, 1])[0]] * nd
    d = [rng.choices([1, 2], [8, 1])[0]] * nd
    p = [rng.randint(0, k[i]) if rng.random() < 0.3 else (d[i] * (k[i] - 1)) // 2 for i in range(nd)]
    n = rng.choice([1, 2, 4, 8])
    transposed = rng.random() < 0.1
    op = [0] * nd
    if transposed and s[0] > 1:
        op = [rng.randint(0, min(s[0], d[0]) - 1)] * nd
    mask = [rng.random() < 0.85 for _ in range(3)]
    if not any(mask):
        mask[1] = True
    dtype = rng.choices(["f32", "bf16", "f64"], [17, 2, 1])[0]
    cfg = m.case(name_of(kind, nd, dtype), nd, n, c, f, h, k, s, p, d, g, transposed, op, tuple(mask), dtype)
    if not m.valid(cfg):
        return None
    oe = [m.out_extent(cfg, i) for i in range(nd)]
    if min(oe) < 1:
        return None
    macs = n * f * cg
    for i in range(nd):
        macs *= k[i] * (h[i] if transposed else oe[i])
    if not min_macs <= macs <= max_macs:
        return None
    return cfg


def main():
    ap = fuzz_parser(__doc__, 200)
    ap.add_argument("--min-macs", type=float, default=1e6)
    ap.add_argument("--max-macs", type=float, default=1.5e8)
    ap.add_argument("--max-hw", type=int, default=64, help="the largest 2-D spatial extent")
    args = ap.parse_args()
    torch.set_num_threads(1)
    rng = random.Random(args.seed)
    os.makedirs(args.out, exist_ok=True)

    def make_one(i):
        cfg = draw(rng, lambda kind, nd, dt: f"fz{args.seed}_{i:03d}_{kind}_{nd}d_{dt}",
                   args.min_macs, args.max_macs, args.max_hw)
        if cfg is not None:
            m.write_case(args.out, cfg, f64_reference=True, generator="e2e/gen/fuzz_conv_backward.py")
        return cfg is not None

    made = draw_cases(args.count, 1000 * args.count, make_one)
    if made < args.count:
        sys.exit(f"drew only {made} of {args.count} cases within the bounds")
    print(f"wrote {made} cases to {args.out}")


if __name__ == "__main__":
    main()
