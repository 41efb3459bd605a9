"""Shared by the generators of the model-level e2e cases (cases/models/):
reading a case's archive, loading its parameters into an eager network,
and writing PyTorch's results with their tolerances.

A case directory holds program.pt2 (a joint training graph written by a
Go fixture in importer/), inputs/<i>.npy (the user inputs) and
params/<fqn>.npy (every parameter and buffer); a generator rebuilds the
network in eager PyTorch, runs one training step in float32 and in
float64 from the same values, and writes expected/<i>.npy and meta.json.

Tolerances: a float32 result's atol is the largest of the float32
default (1e-5), 10x torch's own float32 error against the float64 step
(our float32 evaluation differs from the exact value by an error of the
same kind, so the two float32 results differ by about twice that; the
rest is margin because a handful of elements is a noisy estimate), and
the reduction bound 2*r^1.5*eps*scale of the convolution_backward matrix,
r being the longest reduction behind the result and scale its largest
magnitude (not rounded up to 1: gradients of size 0.01 would otherwise
get a bound a hundred times too loose). rtol is the float32 default.
Integers are exact.
"""

import argparse
import copy
import json
import os
import shutil
import sys
import zipfile

import numpy as np
import torch

EPS32 = 2.0 ** -23
DEFAULT_ATOL, DEFAULT_RTOL = 1e-5, 1e-4  # runtime.DefaultTolerance(F32)


def start(doc, default_case):
    """Parses a generator's --case and --out, runs torch on one thread (so
    the output is reproducible byte for byte) and reads the case's graph:
    returns (case, out, nodes, specs)."""
    ap = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--case", default=default_case, help="the case directory to read (default: %(default)s)")
    ap.add_argument("--out", help="where to write expected/ and meta.json (default: the case directory)")
    a = ap.parse_args()
    torch.set_num_threads(1)
    nodes, specs = read_graph(a.case)
    return a.case, a.out or a.case, nodes, specs


def read_graph(case):
    """The archive's graph: its nodes and output specs."""
    with zipfile.ZipFile(os.path.join(case, "program.pt2")) as z:
        name = next(n for n in z.namelist() if n.endswith("models/model.json"))
        gm = json.loads(z.read(name))["graph_module"]
    return gm["graph"]["nodes"], gm["signature"]["output_specs"]


def node_args(n):
    """A node's named arguments, each the value of its union."""
    return {a["name"]: next(iter(a["arg"].values())) for a in n["inputs"]}


def load_state(net, case):
    """Loads params/<fqn>.npy into net: every entry, exact shapes and dtypes."""
    state = {}
    for k, v in net.state_dict().items():
        a = np.load(os.path.join(case, "params", k + ".npy"))
        if a.dtype != v.numpy().dtype or tuple(a.shape) != tuple(v.shape):
            sys.exit(f"params/{k}.npy is {a.dtype}{list(a.shape)}, the network wants {v.dtype}{list(v.shape)}")
        state[k] = torch.from_numpy(a)
    net.load_state_dict(state, strict=True)


def spec_key(spec):
    """(kind, fqn) of an output spec: ("loss_output", ""), ("gradient_to_parameter", "net.0.weight")."""
    (kind, body), = spec.items()
    return kind, body.get("buffer_name") or body.get("parameter_name") or ""


def write_results(specs, got, ref, length, out):
    """Writes expected/<i>.npy for every output spec from got (float32 step)
    and returns meta.json's results list; ref is the float64 step, length(key)
    the longest reduction behind an output."""
    exp = os.path.join(out, "expected")
    shutil.rmtree(exp, ignore_errors=True)
    os.makedirs(exp)
    results = []
    for i, spec in enumerate(specs):
        key = spec_key(spec)
        if key not in got:
            sys.exit(f"output {i} {key} has no counterpart in the eager network")
        t = got[key].detach().contiguous()
        np.save(os.path.join(exp, f"{i}.npy"), t.numpy())
        dtype = {torch.float32: "f32", torch.int64: "i64"}[t.dtype]
        r = {"name": f"{key[0]}:{key[1]}" if key[1] else key[0], "file": f"expected/{i}.npy",
             "dtype": dtype, "shape": list(t.shape)}
        if dtype == "f32":
            n = length(key)
            err64 = float((t.double() - ref[key].detach()).abs().max())
            scale = float(ref[key].abs().max())
            bound = 2 * n ** 1.5 * EPS32 * scale
            atol = max(DEFAULT_ATOL, 10 * err64, bound)
            r["tolerance"] = {
                "atol": float(f"{atol:.3g}"), "rtol": DEFAULT_RTOL, "reduction_length": n,
                "reason": (f"float32, reductions of up to {n} terms (batch norm over N*H*W, convolution taps) "
                           f"summed in another order: atol = max(default 1e-05, 10 * torch's float32 error "
                           f"against float64 {err64:.3g}, 2*r^1.5*eps*scale {bound:.3g} with scale {scale:.3g}); "
                           f"rtol = default for f32"),
            }
        else:
            if not torch.equal(t, ref[key]):
                sys.exit(f"{key}: float32 and float64 steps disagree on an integer")
            r["tolerance"] = {"atol": 0.0, "rtol": 0.0, "reason": "integer, exact"}
        results.append(r)
    return results


def torch_bench():
    """bench/torch_bench.py, the script `torchlower bench` runs, as a
    module: its EncoderLayer and blas_library serve the generators too."""
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bench"))
    import torch_bench as tb
    return tb


def blas_name():
    """The BLAS torch's float32 matmuls and f64 convolutions run in here
    (bench/torch_bench.py's blas_library: "reference", "OpenBLAS", ...):
    meta.json records it, as a case's float32 references sum in its order
    (e2e's TestModelReferencesUpToDate compares values only where the
    regenerating torch uses the same one)."""
    return torch_bench().blas_library()[0]


def write_meta(out, meta):
    meta = dict(meta, blas=blas_name())
    with open(os.path.join(out, "meta.json"), "w") as f:
        json.dump(meta, f, indent=1, sort_keys=True)
        f.write("\n")


def check_counts(nodes, wants):
    """Fails unless the archive's nodes call each target of wants exactly
    its count of times (a cheap check that the archive is the network the
    generator builds)."""
    targets = [n["target"] for n in nodes]
    for t, want in wants:
        if targets.count(t) != want:
            sys.exit(f"the archive has {targets.count(t)} {t}, this script builds {want}")


def xent_step(model, x, target):
    """One training step of model(x) with cross entropy against target;
    returns {(kind, fqn): tensor} for the loss and every parameter's
    gradient."""
    model.train()
    loss = torch.nn.functional.cross_entropy(model(x), target)
    loss.backward()
    out = {("loss_output", ""): loss.detach()}
    for k, p in model.named_parameters():
        out[("gradient_to_parameter", k)] = p.grad
    return out


def xent_case(doc, default_case, model, wants, input_names, length, meta):
    """The whole generator of a model case trained with cross entropy:
    reads the case, checks its graph (check_counts), loads the parameters
    into model, runs one step in float32 and in float64 on inputs/<i>.npy
    (named input_names; integer inputs stay as they are), and writes
    expected/ and meta.json (meta's fields plus the common ones).
    length(key) is the longest reduction behind a result."""
    case, out, nodes, specs = start(doc, default_case)
    check_counts(nodes, wants)
    load_state(model, case)
    model64 = copy.deepcopy(model).double()
    ins = [torch.from_numpy(np.load(os.path.join(case, "inputs", f"{i}.npy"))) for i in range(len(input_names))]
    got = xent_step(model, *ins)
    ref = xent_step(model64, *[t.double() if t.is_floating_point() else t for t in ins])
    results = write_results(specs, got, ref, length, out)
    dtypes = {torch.float32: "f32", torch.int64: "i64"}
    write_meta(out, dict(meta, form="model", dtype="f32", program="program.pt2", function="main",
                         reference="torch-cpu-f32 eager autograd, one thread",
                         inputs=[{"name": n, "file": f"inputs/{i}.npy", "dtype": dtypes[t.dtype], "shape": list(t.shape)}
                                 for i, (n, t) in enumerate(zip(input_names, ins))],
                         results=results, torch_version=torch.__version__))
