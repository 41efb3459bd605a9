#!/usr/bin/python3
"""Times torch.ops.aten.convolution_backward (f32, output_mask all true,
bias gradient on) with Debian's PyTorch on the shapes of
cpu.BenchmarkConvBackward (cpu/contract_test.go), on 2 threads.

    /usr/bin/python3 cpu/testdata/bench_torch.py
"""
import time
import torch

torch.set_num_threads(2)
REPS = 21

# (n, cin, cout, spatial, kernel, stride, pad)
SHAPES = [
    (8, 64, 64, 14, 3, 1, 1),
    (8, 128, 128, 14, 3, 1, 1),
    (8, 64, 128, 28, 3, 2, 1),
    (8, 256, 64, 14, 1, 1, 0),
    (8, 64, 256, 28, 1, 1, 0),
    (8, 128, 256, 28, 1, 2, 0),
    (8, 64, 64, 56, 3, 1, 1),
]

for n, cin, cout, hw, k, s, p in SHAPES:
    g = torch.Generator().manual_seed(0)
    x = torch.rand(n, cin, hw, hw, generator=g) * 2 - 1
    w = torch.rand(cout, cin, k, k, generator=g) * 2 - 1
    o = (hw + 2 * p - k) // s + 1
    dy = torch.rand(n, cout, o, o, generator=g) * 2 - 1

    def run():
        return torch.ops.aten.convolution_backward(
            dy, x, w, [cout], [s, s], [p, p], [1, 1], False, [0, 0], 1,
            [True, True, True])

    run()
    times, cpu = [], []
    for _ in range(REPS):
        t, c = time.perf_counter(), time.process_time()
        run()
        times.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
    times.sort()
    cpu.sort()
    # Wall-clock median and best; the median process CPU time (both
    # threads together) is printed too, as a check on a loaded machine.
    print(f"n{n}_c{cin}to{cout}_{hw}x{hw}_k{k}_s{s}\t"
          f"median {times[len(times) // 2] * 1e3:.2f} ms\tbest {times[0] * 1e3:.2f} ms\t"
          f"cpu {cpu[len(cpu) // 2] * 1e3:.2f} ms")
