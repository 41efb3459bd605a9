// Package bench times convolution_backward shapes through the compiler's
// pipelines side by side on one backend (the CPU), and against PyTorch on
// the same machine: `torchlower bench`.
//
// For each shape it compiles the torch-dialect call (internal/convcase)
// with every pipeline of the suite (compiler.Pipelines: "baseline" runs no
// preprocessing, "default" runs backward-data-conv), counts the
// multiply-accumulates each plan executes (plan.Plan.MACs: scattered
// zeros included, which is what the passes remove), and times the runs
// of one cpu.Executor a plan (kernels prepared in the first warm-up run,
// each run's results recycled into the next, as a training loop runs):
// the median of Reps runs after Warmup runs, and the best. PyTorch's time
// comes from Debian's python3-torch (/usr/bin/python3 running the embedded
// torch_bench.py: torch.ops.aten.convolution_backward on the same shapes,
// output_mask and thread count, GOMAXPROCS), in one process after ours.
// Where python3 or torch is missing, the PyTorch column says so and holds
// no number.
//
// Suites (Suites, by --suite name) are data: "backward-data" (the data
// gradient of strided shapes scaled from IREE #23976's MI355x tables, and
// ResNet stride-2 layers), "resnet" (issue 5's table: every gradient of the
// shapes of cpu/contract_test.go's benchSpecs, ours against PyTorch),
// "training" (whole training steps of conv+bn+relu networks: Shape.Net,
// built by internal/jointnet, imported from a .pt2 and timed against
// PyTorch's eager forward and backward) and "smoke" (tiny shapes for the
// tests). Each shape says where it comes from
// (Shape.From), and `torchlower bench --help` lists them.
package bench
