#!/bin/bash
# The checks that need the GPU machine (issues 3, 6, 8 and 9), run there by
# the device tool from the repository root, with the kit build.sh made here:
#
#   run(command="bash tools/gpusession/run.sh env fixtures refs gpu cli sanitizer",
#       carry=[".gpukit"], timeout_s=600)
#   run(command="bash tools/gpusession/run.sh codegen e2e", carry=[".gpukit"], timeout_s=600)
#   run(command="bash tools/gpusession/run.sh bench", carry=[".gpukit"], timeout_s=600)
#
# Each phase writes one log (or archive) to $OUT, which the tool brings
# back; a phase is cut off at its own limit so that the call ends inside
# the tool's ten minutes with what it has. Phases:
#
#   env        the GPU, driver, torch, NVRTC and compute-sanitizer found  env.log
#   refs       true f16 references of the op-level matrix from the GPU's
#              torch (issue 6): untar into e2e/cases/conv_backward          refs.log, device_refs.tgz
#   fixtures   e2e/gen/export_fixtures.py with torch >= 2.6 (issue 3),
#              then torchlower import (op counts, --check-support) and the
#              fixtures run as e2e cases on the CPU, both pipelines;
#              untar fixtures.tgz into e2e/cases/torch_export              fixtures.log, fixtures.tgz
#   gpu        go test ./gpu: the runtimes, a compiled module vs the CPU   gpu.log
#   cli        go test ./internal/cli -run Module: a cuda:sm_90 module
#              compiled, then run on its GPU                               cli.log
#   sanitizer  compute-sanitizer memcheck on the bundled example           sanitizer.log
#   codegen    every e2e kernel compiled by NVRTC for this GPU             codegen.log
#   e2e        the e2e suite on cuda, both pipelines (issue 8)             e2e.log
#   bench      bench --device=cuda: both pipelines and PyTorch (cuDNN) on
#              the seeds' shapes and ResNet's, kernels against the peak    bench.log
set -u
cd "$(dirname "$0")/../.."
kit=$PWD/.gpukit
out=${OUT:-/tmp/gpusession-out}
mkdir -p "$out"
if [ ! -x "$kit/torchlower" ]; then
	echo "run.sh: no $kit/torchlower: run tools/gpusession/build.sh first and carry .gpukit" >&2
	exit 2
fi
if [ "$(cat "$kit/commit" 2>/dev/null)" != "$(git rev-parse HEAD 2>/dev/null || cat "$kit/commit")" ]; then
	echo "run.sh: note: the kit was built at $(cat "$kit/commit"), the tree is at $(git rev-parse HEAD)"
fi
export TORCHLOWER_CACHE=/tmp/torchlower-cache PYTHONUNBUFFERED=1
tl=$kit/torchlower
ex=examples/conv_backward
exargs=(--input=@$ex/grad_output.npy --input=@$ex/input.npy --input=@$ex/weight.npy
	--expected_output=@$ex/grad_input.npy --expected_output=@$ex/grad_weight.npy --expected_output=@$ex/grad_bias.npy)

# step NAME LIMIT CMD...: runs CMD under a time limit, saying how it ended.
step() {
	local name=$1 limit=$2
	shift 2
	echo "== $name: $* (limit ${limit}s, $(date +%T))"
	timeout "$limit" "$@"
	echo "== $name: exit $? ($(date +%T))"
}

# gotest LOG DIR BINARY ARGS...: a test binary in its package's folder.
gotest() {
	local log=$1 dir=$2 bin=$3 limit=$4
	shift 4
	(cd "$dir" && step "$bin" "$limit" "$kit/$bin" -test.v -test.timeout "${limit}s" "$@") 2>&1 | tee "$out/$log"
}

phase_env() {
	{
		step nvidia-smi 30 nvidia-smi
		step torch 60 python3 -c 'import torch, numpy; print("torch", torch.__version__, "cuda", torch.version.cuda, "numpy", numpy.__version__); print(torch.cuda.get_device_name(0), torch.cuda.get_device_capability(0))'
		echo "== libraries"
		ldconfig -p | grep -E 'libcuda\.so|libnvrtc' || true
		python3 -c 'import glob, site; [print(p) for d in site.getsitepackages() for p in glob.glob(d + "/nvidia/**/libnvrtc*.so*", recursive=True)]' || true
		command -v compute-sanitizer || ls /usr/local/cuda*/bin/compute-sanitizer 2>/dev/null || echo "no compute-sanitizer"
		echo "== kit: $(cat "$kit/commit")"
	} 2>&1 | tee "$out/env.log"
}

phase_fixtures() {
	# The fixtures are written as e2e cases (program.pt2, inputs/, expected/,
	# meta.json with tolerances): untar into e2e/cases/torch_export and the
	# suite runs them.
	local fx=/tmp/fixtures
	rm -rf "$fx"
	{
		step export 240 python3 e2e/gen/export_fixtures.py --out "$fx" --keep-going
		for d in "$fx"/*/; do
			[ -f "$d/program.pt2" ] || continue
			n=$(basename "$d")
			step "import $n" 30 "$tl" import "$d/program.pt2" -o "/tmp/$n.mlir" &&
				echo "$n: $(grep -o 'torch\.aten\.[a-z_0-9.]*' "/tmp/$n.mlir" | sort | uniq -c | tr -s ' \n' ' ')"
			step "check-support $n" 30 "$tl" import "$d/program.pt2" --check-support
		done
		step "e2e fixtures" 120 "$tl" e2e --cases "$fx" -v
		step "e2e fixtures baseline" 120 "$tl" e2e --cases "$fx" --pipeline=baseline
	} 2>&1 | tee "$out/fixtures.log"
	tar czf "$out/fixtures.tgz" -C "$fx" .
}

phase_refs() {
	rm -rf /tmp/device_refs
	step refs 120 python3 e2e/gen/device_refs.py --out /tmp/device_refs --dtype f16 2>&1 | tee "$out/refs.log"
	[ -d /tmp/device_refs ] && tar czf "$out/device_refs.tgz" -C /tmp/device_refs .
}

phase_gpu() { gotest gpu.log gpu gpu.test 120; }
phase_cli() { gotest cli.log internal/cli internal_cli.test 120 -test.run 'Module'; }

phase_sanitizer() {
	local cs
	cs=$(command -v compute-sanitizer || ls /usr/local/cuda*/bin/compute-sanitizer 2>/dev/null | head -1)
	{
		if [ -z "$cs" ]; then
			echo "no compute-sanitizer"
			return
		fi
		step memcheck 180 "$cs" --tool memcheck --error-exitcode 3 "$tl" run examples/conv_backward.mlir --device=cuda "${exargs[@]}"
		step memcheck-baseline 120 "$cs" --tool memcheck --error-exitcode 3 "$tl" run examples/conv_backward.mlir --device=cuda --pipeline=baseline "${exargs[@]}"
	} 2>&1 | tee "$out/sanitizer.log"
}

phase_codegen() { gotest codegen.log gpu/codegen gpu_codegen.test 240 -test.run 'NVRTC'; }

phase_e2e() {
	{
		step "e2e cuda" 300 "$tl" e2e --device=cuda
		step "e2e cuda baseline" 200 "$tl" e2e --device=cuda --pipeline=baseline
	} 2>&1 | tee "$out/e2e.log"
}

phase_bench() {
	{
		step "bench backward-data" 330 "$tl" bench --device=cuda --suite=backward-data --reps=9 -v
		step "bench resnet" 200 "$tl" bench --device=cuda --suite=resnet --reps=9 --kernels=3 -v
	} 2>&1 | tee "$out/bench.log"
}

phases=("$@")
[ ${#phases[@]} -gt 0 ] || phases=(env fixtures refs gpu cli sanitizer)
for p in "${phases[@]}"; do
	if ! declare -F "phase_$p" >/dev/null; then
		echo "run.sh: unknown phase $p (env fixtures refs gpu cli sanitizer codegen e2e bench)" >&2
		exit 2
	fi
	"phase_$p"
done
