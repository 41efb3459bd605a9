"""Times torch.ops.aten.convolution_backward for `torchlower bench`.

Reads JSON lines on stdin: first

    {"device": "cpu" | "cuda", "threads": T, "reps": R, "warmup": W}

then one shape per line,

    {"name", "n", "c", "f", "groups", "h", "k", "stride", "padding",
     "dilation", "dtype", "mask"}

or the same with "check": DIR, after bench has written the shape's
inputs as DIR/arg0.npy (grad_output), arg1.npy (input), arg2.npy
(weight): the script computes convolution_backward of those inputs in
float64 on the CPU (no oneDNN path, whose f32 results can be wrong),
rounds each result once to the shape's dtype and writes result i (of
grad_input, grad_weight, grad_bias, those the mask asks for) as
DIR/want<i>.npy (bf16 as float32 arrays), answering {"name", "checked":
the count}, for bench --check to compare torchlower's results with (for a
network, the arguments and results of its joint graph, and "err32",
PyTorch's own float32 error: check_net);

or, for a whole training step of a network of conv+bn+relu blocks,

    {"name", "dtype", "net": {"batch", "hw", "blocks": [{"cin", "cout",
     "kernel", "stride", "groups"}, ...]}}

(each block Conv2d(cin, cout, kernel, stride, kernel // 2, groups=groups)
with a bias, BatchNorm2d(cout) in training mode, ReLU; a run is the
forward, the sum of the output as the loss and loss.backward(), the
parameters' gradients set to None first as optimizer.zero_grad() does;
the input needs no gradient, as in torchlower's joint graph), or of
transformer encoder layers,

    {"name", "dtype", "net": {"encoder": {"batch", "seq", "dim", "heads",
     "hidden", "layers"}}}

(EncoderLayer below, the sum of the last layer's output as the loss;
check_net's arguments are then every layer's parameters in
model.parameters() order and the input, its results the loss and the
parameters' gradients in that order), and writes
JSON lines on stdout: first {"torch": version, "threads": T, "blas": the
BLAS library its matmuls run in, as blas() names it}
(with "device": the GPU's name on cuda), then for each shape, as soon as
it is timed, {"name", "median_ms", "best_ms", "cpu_ms"} (or {"name",
"error"}); it ends at the end of its input. bench sends a shape right
after timing torchlower's plans for it, so that both are timed in the
same minute. On the CPU a run is timed by the wall clock; on cuda, with
the tensors already on the GPU, by CUDA events around it (the GPU's
time, as torchlower's device timings are). Exits 3 with the reason on
stderr when torch cannot be imported or has no GPU. Run by Debian's
/usr/bin/python3 (python3-torch 1.13) on the CPU, by the GPU machine's
torch on cuda.
"""
import json
import math
import os
import sys
import time

# OpenBLAS (Debian's libopenblas0-openmp, which then provides the
# libblas.so.3 torch's matmuls call) picks its kernels by the CPU's model:
# a VM's generic "Intel(R) Xeon(R) Processor" reads as Prescott, whose
# SSE3 kernels ran a 512x768x3072 matmul at 30 GMAC/s on two cores where
# the AVX-512 ones (SkylakeX) ran it at 142. Where the CPU has the
# AVX-512 subsets those kernels use, and nobody chose a core type, the
# script names it before torch loads the library.
def _cpu_flags():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("flags"):
                    return set(line.split(":", 1)[1].split())
    except OSError:
        pass
    return set()


if "OPENBLAS_CORETYPE" not in os.environ and {"avx512f", "avx512cd", "avx512bw", "avx512dq", "avx512vl"} <= _cpu_flags():
    os.environ["OPENBLAS_CORETYPE"] = "SkylakeX"

try:
    import torch
except Exception as e:  # ImportError, or a broken install
    print(f"import torch failed: {type(e).__name__}: {e}", file=sys.stderr)
    sys.exit(3)

DTYPES = {"f32": torch.float32, "f64": torch.float64,
          "f16": torch.float16, "bf16": torch.bfloat16}

# The session's first line (main): the device, threads, reps and warmup.
req, dev = {}, "cpu"


def blas_library():
    """The BLAS library torch's CPU matmuls run in this process, as a short
    name: "OpenBLAS" (with the kernels it chose, the second value),
    "MKL", "reference" (Debian's netlib libblas3, unoptimized), another
    libblas's path, or "" where none is mapped."""
    import ctypes
    torch.mm(torch.ones(2, 2), torch.ones(2, 2))  # loads it where lazily linked
    try:
        with open("/proc/self/maps") as f:
            libs = {line.split()[-1] for line in f if "blas" in line.split()[-1].rsplit("/", 1)[-1]}
    except OSError:
        return "", ""
    for lib in sorted(libs):
        try:
            core = ctypes.CDLL(lib).openblas_get_corename
        except (OSError, AttributeError):
            continue
        core.restype = ctypes.c_char_p
        return "OpenBLAS", core().decode()
    if any("mkl" in lib for lib in libs):
        return "MKL", ""
    paths = sorted(os.path.realpath(lib) for lib in libs if "libblas" in lib)
    if any("/blas/libblas" in p for p in paths):
        return "reference", ""
    return ", ".join(paths), ""


def blas():
    """blas_library() as the PyTorch line shows it."""
    name, core = blas_library()
    if name == "OpenBLAS":
        return f"OpenBLAS, {core} kernels"
    if name == "reference":
        # Debian's netlib libblas3: a 512x768x3072 matmul at 2 GMAC/s.
        return "the reference BLAS, unoptimized (apt-get install libopenblas0-openmp)"
    return name


def timed(run):
    """Seconds of wall time and of CPU time for one run (GPU time on cuda)."""
    if dev == "cpu":
        t, c = time.perf_counter(), time.process_time()
        run()
        return time.perf_counter() - t, time.process_time() - c
    start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    torch.cuda.synchronize()
    start.record()
    run()
    stop.record()
    stop.synchronize()
    s = start.elapsed_time(stop) / 1e3
    return s, s

def report(name, run):
    """Times req["reps"] runs and prints their median and best."""
    times, cpu = [], []
    for _ in range(req["reps"]):
        t, c = timed(run)
        times.append(t)
        cpu.append(c)
    times.sort()
    cpu.sort()
    print(json.dumps({"name": name, "median_ms": times[len(times) // 2] * 1e3,
                      "best_ms": times[0] * 1e3, "cpu_ms": cpu[len(cpu) // 2] * 1e3}), flush=True)


class EncoderLayer(torch.nn.Module):
    """A pre-LN transformer encoder layer, GPT-2's block without the
    causal mask or dropout: internal/jointnet.Encoder's layer, its
    parameters registered in the same order."""

    def __init__(self, dim, heads, hidden):
        super().__init__()
        self.heads = heads
        self.ln1 = torch.nn.LayerNorm(dim)
        self.qkv = torch.nn.Linear(dim, 3 * dim)
        self.proj = torch.nn.Linear(dim, dim)
        self.ln2 = torch.nn.LayerNorm(dim)
        self.fc1 = torch.nn.Linear(dim, hidden)
        self.fc2 = torch.nn.Linear(hidden, dim)

    def forward(self, x):
        b, t, d = x.shape
        hd = d // self.heads
        q, k, v = self.qkv(self.ln1(x)).view(b, t, 3, self.heads, hd).permute(2, 0, 3, 1, 4).unbind(0)
        att = ((q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(hd))).softmax(-1)
        x = x + self.proj((att @ v).transpose(1, 2).reshape(b, t, d))
        return x + self.fc2(torch.nn.functional.gelu(self.fc1(self.ln2(x))))


class Encoder(torch.nn.Module):
    def __init__(self, e):
        super().__init__()
        self.layers = torch.nn.Sequential(*[EncoderLayer(e["dim"], e["heads"], e["hidden"]) for _ in range(e["layers"])])

    def forward(self, x):
        return self.layers(x)


def network(net):
    """The eager network net describes, in training mode."""
    if net.get("encoder"):
        return Encoder(net["encoder"]).train()
    layers = []
    for b in net["blocks"]:
        layers += [torch.nn.Conv2d(b["cin"], b["cout"], b["kernel"], b["stride"], b["kernel"] // 2, groups=b["groups"]),
                   torch.nn.BatchNorm2d(b["cout"]), torch.nn.ReLU()]
    return torch.nn.Sequential(*layers).train()


def training_step(net, dt):
    """A run of one training step of the network net describes."""
    model = network(net).to(device=dev, dtype=dt)
    g = torch.Generator().manual_seed(0)
    if net.get("encoder"):
        e = net["encoder"]
        shape = (e["batch"], e["seq"], e["dim"])
    else:
        shape = (net["batch"], net["blocks"][0]["cin"], net["hw"], net["hw"])
    x = (torch.rand(*shape, generator=g) * 2 - 1).to(device=dev, dtype=dt)
    params = list(model.parameters())

    def run():
        for p in params:
            p.grad = None
        model(x).sum().backward()
    return run


def check_net(s, d):
    """Writes the float64 reference results of a training step of network
    s["net"] for the arguments in d, in the order of the joint graph's
    (internal/jointnet): per block the convolution's weight and bias and
    the batch norm's weight and bias, then per block the batch norm's
    num_batches_tracked, running_mean and running_var, then the input;
    results per block the three buffers updated, the loss, then per block
    the four parameters' gradients (float results as float32 arrays). The
    answer's "err32" is, per result, the norm of PyTorch's own float32
    step's difference from it."""
    import numpy as np
    if s["net"].get("encoder"):
        return check_encoder(s, d)
    blocks = s["net"]["blocks"]
    args = [torch.from_numpy(np.load(os.path.join(d, f"arg{i}.npy"))) for i in range(7 * len(blocks) + 1)]

    def step(dt):
        model = network(s["net"]).to(dtype=dt)
        with torch.no_grad():
            for i in range(len(blocks)):
                conv, bn = model[3 * i], model[3 * i + 1]
                for t, a in zip((conv.weight, conv.bias, bn.weight, bn.bias), args[4 * i:4 * i + 4]):
                    t.copy_(a)
                j = 4 * len(blocks) + 3 * i
                for t, a in zip((bn.num_batches_tracked, bn.running_mean, bn.running_var), args[j:j + 3]):
                    t.copy_(a)
        loss = model(args[-1].to(dt)).sum()
        loss.backward()
        out = []
        for i in range(len(blocks)):
            bn = model[3 * i + 1]
            out += [bn.num_batches_tracked, bn.running_mean, bn.running_var]
        out.append(loss)
        for i in range(len(blocks)):
            conv, bn = model[3 * i], model[3 * i + 1]
            out += [conv.weight.grad, conv.bias.grad, bn.weight.grad, bn.bias.grad]
        return [t.detach() for t in out]

    write_references(s, d, step)


def check_encoder(s, d):
    """check_net for transformer encoder layers: the arguments are the
    parameters in model.parameters() order, then the input; the results
    the loss, then the parameters' gradients in that order."""
    import numpy as np
    n = len(list(network(s["net"]).parameters()))
    args = [torch.from_numpy(np.load(os.path.join(d, f"arg{i}.npy"))) for i in range(n + 1)]

    def step(dt):
        model = network(s["net"]).to(dtype=dt)
        params = list(model.parameters())
        with torch.no_grad():
            for t, a in zip(params, args):
                t.copy_(a)
        loss = model(args[-1].to(dt)).sum()
        loss.backward()
        return [loss.detach()] + [p.grad.detach() for p in params]

    write_references(s, d, step)


def write_references(s, d, step):
    """Writes step(float64)'s results as d/want<i>.npy (floats as float32
    arrays) and answers with each one's float32 error, the norm of
    step(float32)'s difference from it."""
    import numpy as np
    ref, f32 = step(torch.float64), step(torch.float32)
    err32 = []
    for i, (r, r32) in enumerate(zip(ref, f32)):
        err32.append(float((r32.double() - r.double()).norm()) if r.is_floating_point() else 0.0)
        if r.dtype == torch.float64:
            r = r.to(torch.float32)
        np.save(os.path.join(d, f"want{i}.npy"), r.numpy())
    print(json.dumps({"name": s["name"], "checked": len(ref), "err32": err32}), flush=True)


def check(s, d):
    """Writes the float64 reference results of shape s for the inputs in d."""
    import numpy as np
    if s.get("net"):
        return check_net(s, d)
    dy, x, w = (torch.from_numpy(np.load(os.path.join(d, f"arg{i}.npy"))).to(torch.float64) for i in range(3))
    nd = len(s["h"])
    res = torch.ops.aten.convolution_backward(
        dy, x, w, [s["f"]] if s["mask"][2] else None, s["stride"], s["padding"], s["dilation"],
        False, [0] * nd, s["groups"], s["mask"])
    n = 0
    for i, (m, r) in enumerate(zip(s["mask"], res)):
        if m:
            r = r.to(DTYPES[s["dtype"]])
            if s["dtype"] == "bf16":
                r = r.to(torch.float32)
            np.save(os.path.join(d, f"want{i}.npy"), r.contiguous().numpy())
            n += 1
    print(json.dumps({"name": s["name"], "checked": n}), flush=True)


def answer(s):
    """Answers one request s (a shape to time, a network's step, or a
    check)."""
    try:
        if s.get("check"):
            check(s, s["check"])
            return
        dt = DTYPES[s["dtype"]]
        if s.get("net"):
            run = training_step(s["net"], dt)
            for _ in range(req["warmup"]):
                run()
            report(s["name"], run)
            return
        nd = len(s["h"])
        out = [(h + 2 * p - d * (k - 1) - 1) // st + 1
               for h, k, st, p, d in zip(s["h"], s["k"], s["stride"], s["padding"], s["dilation"])]
        g = torch.Generator().manual_seed(0)
        x = (torch.rand(s["n"], s["c"], *s["h"], generator=g) * 2 - 1).to(device=dev, dtype=dt)
        w = (torch.rand(s["f"], s["c"] // s["groups"], *s["k"], generator=g) * 2 - 1).to(device=dev, dtype=dt)
        dy = (torch.rand(s["n"], s["f"], *out, generator=g) * 2 - 1).to(device=dev, dtype=dt)
        bias = [s["f"]] if s["mask"][2] else None

        def run():
            return torch.ops.aten.convolution_backward(
                dy, x, w, bias, s["stride"], s["padding"], s["dilation"],
                False, [0] * nd, s["groups"], s["mask"])

        for _ in range(req["warmup"]):
            run()
        report(s["name"], run)
    except Exception as e:
        print(json.dumps({"name": s["name"], "error": f"{type(e).__name__}: {e}"}), flush=True)


def main():
    global req, dev
    req = json.loads(sys.stdin.readline())
    dev = req.get("device", "cpu")
    torch.set_num_threads(req["threads"])
    head = {"torch": torch.__version__, "threads": torch.get_num_threads()}
    if dev != "cpu":
        if not torch.cuda.is_available():
            print(f"torch {torch.__version__} has no usable GPU", file=sys.stderr)
            sys.exit(3)
        torch.backends.cudnn.benchmark = False
        head["device"] = torch.cuda.get_device_name(0)
    else:
        head["blas"] = blas()
    print(json.dumps(head), flush=True)
    for line in sys.stdin:
        if line.strip():
            answer(json.loads(line))


# Imported (e2e/gen/joint_encoder.py builds its network from
# EncoderLayer), it only defines.
if __name__ == "__main__":
    main()
