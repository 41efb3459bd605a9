#!/usr/bin/env python3
"""True f16 (and bf16) references for the op-level matrix, from a GPU torch.

Debian's torch 1.13 has no CPU f16 convolution_backward, so
conv_backward_matrix.py computes the f16 cases' references in f32 from the
f16 inputs and rounds once (meta.json: "reference":
"f32-from-f16-rounded-inputs"). On the GPU machine (torch >= 2, CUDA) this
script computes them as PyTorch itself does on the GPU: the committed inputs,
in f16 on the device, torch.ops.aten.convolution_backward with the case's
configuration, cuDNN deterministic. It writes, per case,

    <out>/<case>/expected_device/N.npy   the results (None results: no file)
    <out>/<case>/reference.json          what computed them, and their errors

which the e2e loader prefers over expected/ (e2e/case.go), and which the
matrix's regeneration check leaves alone (they are not the generator's).
Copy <out>/* into e2e/cases/conv_backward/ and commit.

A device's f16 result is not the exact one rounded once: cuDNN picks
algorithms that round partial sums to f16 (an H200's deterministic 3-D
grouped weight gradients were 32 ulps off). reference.json's "errors" are
each result's largest absolute difference from convolution_backward of the
same inputs in float64 on the CPU, rounded once to the dtype, and the e2e
loader widens the result's atol by it: a result within its tolerance of
that is within tolerance + error of the reference (0 where the device
rounded exactly). --annotate computes them for
references already written (CPU only, Debian's torch 1.13 will do).

Run:  python3 e2e/gen/device_refs.py --out /tmp/device_refs [--dtype f16 bf16] [--only NAME ...]
      python3 e2e/gen/device_refs.py --annotate e2e/cases/conv_backward
"""

import argparse
import json
import os
import sys

try:
    import numpy as np
    import torch
except ImportError as e:  # pragma: no cover - depends on the machine
    sys.exit(f"device_refs.py needs torch and numpy: {e}")

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = os.path.join(HERE, "..", "cases", "conv_backward")
DTYPES = {"f16": torch.float16, "bf16": torch.bfloat16}


def load(case_dir, t, dt):
    a = np.load(os.path.join(case_dir, t["file"]))
    return torch.from_numpy(a).to(DTYPES[dt])


def exact_errors(meta, case_dir, dt, results):
    """Each result's largest absolute difference from convolution_backward
    of the same (16-bit) inputs in float64 on the CPU, rounded once to the
    dtype (the result a device that accumulated exactly would give; the
    generator's reference is that, up to f32's error); None where the
    result is None."""
    c = meta["config"]
    dy, x, w = (load(case_dir, t, dt).to(torch.float64) for t in meta["inputs"])
    exact = torch.ops.aten.convolution_backward(
        dy, x, w, [c["f"]] if c["bias"] else None, c["stride"], c["padding"], c["dilation"],
        c["transposed"], c["output_padding"], c["groups"], c["output_mask"])
    errs = []
    for m, r, e in zip(c["output_mask"], results, exact):
        if not m or r is None:
            errs.append(None)
            continue
        rounded = e.to(DTYPES[dt]).to(torch.float64)
        errs.append(float((torch.as_tensor(r).to(torch.float64) - rounded).abs().max()))
    return errs


def annotate(root, only):
    """Adds "errors" to every reference.json under root (exact_errors)."""
    done = 0
    for case in sorted(os.listdir(root)):
        d = os.path.join(root, case)
        ref_file = os.path.join(d, "reference.json")
        if not os.path.isfile(ref_file) or (only and case not in only):
            continue
        with open(os.path.join(d, "meta.json")) as fh:
            meta = json.load(fh)
        with open(ref_file) as fh:
            ref = json.load(fh)
        results = [None if f is None else np.load(os.path.join(d, f)) for f in ref["results"]]
        ref["errors"] = exact_errors(meta, d, meta["dtype"], results)
        with open(ref_file, "w") as fh:
            json.dump(ref, fh, indent=1, sort_keys=True)
            fh.write("\n")
        done += 1
    print(f"{done} references annotated under {root}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cases", default=CASES, help="the matrix's cases (default: e2e/cases/conv_backward)")
    ap.add_argument("--out", help="where to write <case>/expected_device and reference.json")
    ap.add_argument("--annotate", metavar="DIR", help="only add the errors to the references under DIR (no GPU needed)")
    ap.add_argument("--dtype", nargs="*", default=["f16"], help="the dtypes to recompute (default f16)")
    ap.add_argument("--only", nargs="*", help="only these cases")
    ap.add_argument("--device", default="cuda")
    args = ap.parse_args()
    if args.annotate:
        annotate(args.annotate, args.only)
        return
    if not args.out:
        ap.error("--out is required (or --annotate DIR)")
    if args.device == "cuda" and not torch.cuda.is_available():
        sys.exit(f"torch {torch.__version__} sees no GPU")
    dev = torch.device(args.device)
    torch.backends.cudnn.deterministic = True
    torch.backends.cudnn.benchmark = False
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    name = torch.cuda.get_device_name(dev) if args.device == "cuda" else args.device
    cudnn = torch.backends.cudnn.version() if args.device == "cuda" else None
    done = 0
    for case in sorted(os.listdir(args.cases)):
        d = os.path.join(args.cases, case)
        meta_file = os.path.join(d, "meta.json")
        if not os.path.isfile(meta_file) or (args.only and case not in args.only):
            continue
        with open(meta_file) as fh:
            meta = json.load(fh)
        dt = meta["dtype"]
        if dt not in args.dtype:
            continue
        c = meta["config"]
        dy, x, w = (load(d, t, dt).to(dev) for t in meta["inputs"])
        res = torch.ops.aten.convolution_backward(
            dy, x, w, [c["f"]] if c["bias"] else None, c["stride"], c["padding"], c["dilation"],
            c["transposed"], c["output_padding"], c["groups"], c["output_mask"])
        o = os.path.join(args.out, case)
        os.makedirs(os.path.join(o, "expected_device"), exist_ok=True)
        files, arrays = [], []
        for i, (m, r) in enumerate(zip(c["output_mask"], res)):
            if not m:
                files.append(None)
                arrays.append(None)
                continue
            r = r.detach().to("cpu").contiguous()
            arr = r.to(torch.float32).numpy() if dt == "bf16" else r.numpy()
            f = f"expected_device/{i}.npy"
            np.save(os.path.join(o, f), arr)
            files.append(f)
            arrays.append(arr)
        ref = dict(
            reference=f"{dt} on {name} (torch {torch.__version__}" + (f", cuDNN {cudnn}" if cudnn else "") + ", deterministic)",
            torch_version=torch.__version__, device=name, results=files,
            errors=exact_errors(meta, d, dt, arrays),
            generator="e2e/gen/device_refs.py")
        with open(os.path.join(o, "reference.json"), "w") as fh:
            json.dump(ref, fh, indent=1, sort_keys=True)
            fh.write("\n")
        done += 1
    print(f"{done} cases written to {args.out} ({name}, torch {torch.__version__})")
    if done == 0:
        sys.exit("no case matched")


if __name__ == "__main__":
    main()
