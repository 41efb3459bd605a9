#!/bin/bash
# The checks that need the GPU machine (issues 3, 6, 8 and 9), run there by
# the device tool from the repository root with the kit build.sh made here.
# A session that draws a GPU has 15 minutes of device time in all (the
# machine's start, a minute or two, included), so the checks come in two
# calls of under five minutes, the most valuable first: if the first fails
# for a reason a fix here can mend, there is time to run it again.
#
#   bash tools/gpusession/build.sh                      (here, before any device call;
#                                                        build.sh codegen adds the optional
#                                                        codegen phase's binary)
#   run(command="bash tools/gpusession/run.sh --budget 270 first", carry=[".gpukit"], timeout_s=300)
#   run(command="bash tools/gpusession/run.sh --budget 270 second", carry=[".gpukit"], timeout_s=300)
#   give_back()
#
# Call the second at once (the machine stays warm 30 s, and with it the
# kernel cache and /tmp); give it the budget status's budget_left_s allows
# (budget_left_s - 60, at most 560, with timeout_s 30 s above it).
#
# --budget SECONDS is the wall time the call may take: each step's limit is
# cut to what is left of it (less a reserve for packing the results), and a
# step that would get under 15 s is skipped and says so. The script exits 0
# whatever its steps did: summary.txt says how each ended (exit status,
# TIMEOUT(124|137), SKIPPED). Everything goes to $OUT (at most eight files
# come back):
#
#   session.log      every phase's output, written as it runs
#   summary.txt      one line per step: exit status (TIMEOUT, SKIPPED), seconds
#   fixtures.tgz     the real-torch fixtures as e2e cases: untar into e2e/cases/torch_export
#   device_refs.tgz  true f16 references: untar into e2e/cases/conv_backward
#   bench.txt        the bench tables (seeds: issue 8's bars)
#   e2e_cuda.txt, e2e_cuda_baseline.txt, e2e_fixtures_cuda.txt
#                    the e2e suites' reports, each case's line first
#                    (--progress); the FAILed cases run again with each
#                    step waited for (TORCHLOWER_GPU_SYNC=1), which names
#                    the step of a kernel that faulted (session.log)
#
# Phases, in the order the groups run them:
#
#   first:
#   env        the GPU, driver, torch, NVRTC, and the README's example run on
#              cuda against PyTorch's results (the smoke test of the runtime)
#   fixtures   e2e/gen/export_fixtures.py with torch >= 2.6, all CPUs
#              (issue 3); each fixture imported (op counts, --check-support);
#              the fixtures as e2e cases on the CPU, both pipelines, and on cuda
#   e2e        the e2e suite on cuda, default pipeline (issues 6, 8)
#   refs       true f16 references of the op-level matrix (issue 6)
#   second:
#   bench      bench --device=cuda --suite=seeds: IREE #23976's shapes at full
#              size in f16/bf16 against cuDNN, with issue 8's bars; then the
#              ResNet f32 shapes, then (budget allowing) the grouped and
#              depthwise ones and the transformer encoder's training steps
#              (with --check); ResNet with --check (each shape's GPU results
#              against PyTorch's in float64 on the same inputs), then (budget
#              allowing) the seeds again, one run each, with --check
#   gpu        go test ./gpu: the test programs and a compiled module vs the CPU
#   cli        go test ./internal/cli -run 'Module|TestCommandsOnGPUs$': a cuda
#              module compiled, then run; run, e2e and bench --device=cuda
#   baseline   the e2e suite on cuda, baseline pipeline
#   sanitizer  compute-sanitizer memcheck on the README's example (gVisor
#              machines refuse it: "Device not supported")
#   optional:
#   codegen    every e2e kernel compiled by NVRTC (e2e on cuda compiles those of
#              the pipeline it runs already)
#   profile    Nsight Compute (ncu), where the machine has it and lets it read
#              the counters: each kernel of the seeds' 3x3 rows with its DRAM
#              bytes read and written and its L2 write sectors. Their phases'
#              blocks are dealt in turn (gpu/codegen/horizontal.go) so that dy
#              is read from DRAM once, not once a phase, and dx's sectors are
#              written whole: the DRAM bytes say whether that holds (ideal:
#              dy's bytes read, dx's written). Then the 1x1 rows' kernels
#              with ncu's SpeedOfLight and Occupancy sections: the
#              transposes' bandwidth, the tensor-core kernels' throughput
#              and achieved occupancy (their register bounds and cp.async
#              stages were chosen without a GPU)
set -u
cd "$(dirname "$0")/../.."
kit=$PWD/.gpukit
out=${OUT:-/tmp/gpusession-out}
mkdir -p "$out"
budget=560
if [ "${1:-}" = "--budget" ]; then
	budget=$2
	shift 2
fi
# Seconds kept back at the end for packing and the summary.
reserve=10
t0=$SECONDS
if [ ! -x "$kit/torchlower" ]; then
	echo "run.sh: no $kit/torchlower: run tools/gpusession/build.sh first and carry .gpukit" >&2
	exit 2
fi
export TORCHLOWER_CACHE=/tmp/torchlower-cache PYTHONUNBUFFERED=1
tl=$kit/torchlower
ex=examples/conv_backward
exargs=(--input=@$ex/grad_output.npy --input=@$ex/input.npy --input=@$ex/weight.npy
	--expected_output=@$ex/grad_input.npy --expected_output=@$ex/grad_weight.npy --expected_output=@$ex/grad_bias.npy)
log=$out/session.log
summary=$out/summary.txt

# cut LIMIT: LIMIT, or what is left of the budget (less the reserve) if
# that is less; under 15 s, nothing (the caller skips its step).
cut() {
	local left=$((budget - (SECONDS - t0) - reserve))
	((left < 15)) && return 1
	echo $((left < $1 ? left : $1))
}

# step NAME LIMIT CMD...: runs CMD under LIMIT seconds, or what is left of
# the budget, saying how it ended (and in summary.txt). A step skipped for
# the budget returns 75.
step() {
	local name=$1 limit
	if ! limit=$(cut "$2"); then
		echo "== $name: SKIPPED: $((budget - (SECONDS - t0) - reserve))s of the budget left"
		printf '%-28s SKIPPED   budget\n' "$name" >>"$summary"
		return 75
	fi
	shift 2
	echo "== $name: $* (limit ${limit}s, $(date +%T))"
	local s=$SECONDS rc
	timeout -k 5 "$limit" "$@"
	rc=$?
	local status=$rc
	# 124: the limit; 137: the limit's kill, or the kernel's OOM killer.
	((rc == 124 || rc == 137)) && status="TIMEOUT($rc)"
	echo "== $name: exit $status after $((SECONDS - s))s"
	printf '%-28s %-12s %4ds\n' "$name" "$status" $((SECONDS - s)) >>"$summary"
	return $rc
}

# gotest DIR BINARY LIMIT ARGS...: a test binary in its package's folder,
# its own -test.timeout set to the step's limit so that a hung test dumps
# its goroutines before the step's kill.
gotest() {
	local dir=$1 bin=$2 limit
	limit=$(cut "$3") || limit=$3
	shift 3
	(cd "$dir" && step "$bin" "$limit" "$kit/$bin" -test.v -test.timeout "$((limit > 10 ? limit - 5 : limit))s" "$@")
}

phase_env() {
	echo "== kit $(cat "$kit/commit"), tree $(git rev-parse HEAD 2>/dev/null || echo unknown); budget ${budget}s"
	timeout 30 nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,compute_mode --format=csv || true
	echo "cpus $(nproc); $(free -g | awk '/Mem:/ {print $2 " GiB"}')"
	step torch 60 python3 -c 'import torch, numpy; print("torch", torch.__version__, "cuda", torch.version.cuda, "cudnn", torch.backends.cudnn.version(), "numpy", numpy.__version__); print(torch.cuda.get_device_name(0), torch.cuda.get_device_capability(0))'
	echo "== libraries"
	timeout 20 ldconfig -p | grep -E 'libcuda\.so|libnvrtc' || true
	timeout 30 python3 -c 'import glob, site; [print(p) for d in site.getsitepackages() for p in glob.glob(d + "/nvidia/**/libnvrtc*.so*", recursive=True)]' || true
	command -v compute-sanitizer || ls /usr/local/cuda*/bin/compute-sanitizer 2>/dev/null || echo "no compute-sanitizer"
	# The smoke test: runtime, NVRTC, every kernel of the example, results
	# against PyTorch's. Its --print-timings says which NVRTC loaded.
	step "example on cuda" 60 "$tl" run examples/conv_backward.mlir --device=cuda --print-timings "${exargs[@]}"
	case $? in
	0 | 75) ;;
	*) echo "!! THE EXAMPLE FAILED ON CUDA: the GPU phases below will fail the same way" ;;
	esac
}

phase_fixtures() {
	# The fixtures are written as e2e cases (program.pt2, inputs/, expected/,
	# meta.json with tolerances): untar into e2e/cases/torch_export and the
	# suite runs them.
	local fx=/tmp/fixtures
	rm -rf "$fx"
	step export 150 python3 e2e/gen/export_fixtures.py --out "$fx" --keep-going --jobs 0
	[ -d "$fx" ] && timeout 30 tar czf "$out/fixtures.tgz" -C "$fx" .
	for d in "$fx"/*/; do
		[ -f "$d/program.pt2" ] || continue
		n=$(basename "$d")
		if ! cut 15 >/dev/null; then
			echo "!! imports stopped at $n: the budget is spent"
			break
		fi
		if timeout 20 "$tl" import "$d/program.pt2" -o "/tmp/$n.mlir" 2>"/tmp/$n.err"; then
			echo "$n: $(grep -o 'torch\.aten\.[a-z_0-9.]*' "/tmp/$n.mlir" | sort | uniq -c | tr -s ' \n' ' ')"
			timeout 20 "$tl" import "$d/program.pt2" --check-support 2>&1 | sed "s|^|  $n: |"
		else
			echo "!! $n: import failed: $(cat "/tmp/$n.err")"
		fi
	done
	step "e2e fixtures cpu" 60 "$tl" e2e --cases "$fx" -v
	step "e2e fixtures cpu baseline" 60 "$tl" e2e --cases "$fx" --pipeline=baseline
	step "e2e fixtures cuda" 60 "$tl" e2e --cases "$fx" --device=cuda -v --progress > >(tee "$out/e2e_fixtures_cuda.txt") 2>&1
	locate_faults "$out/e2e_fixtures_cuda.txt" e2e --cases "$fx" --device=cuda -v
}

phase_e2e() {
	step "e2e cuda" 240 "$tl" e2e --device=cuda -v --progress > >(tee "$out/e2e_cuda.txt") 2>&1
	locate_faults "$out/e2e_cuda.txt" e2e --device=cuda -v
}

# locate_faults REPORT ARGS...: the cases an e2e report FAILed (the
# --progress lines: they are there even when the suite ran out of time
# before its report) run again, at most 40, with each step waited for
# (TORCHLOWER_GPU_SYNC=1), so that a kernel fault's error names the step
# whose kernel faulted rather than the later call that noticed it.
locate_faults() {
	local report=$1 names
	shift
	sleep 1 # the tee behind the report
	names=$(awk '/^FAIL - "/ { name = $3; gsub(/"/, "", name); print name }' "$report" | sort -u | head -40 | paste -sd '|')
	[ -n "$names" ] || return 0
	TORCHLOWER_GPU_SYNC=1 step "e2e failures, steps synced" 60 "$tl" "$@" --filter="^($names)\$"
}

phase_refs() {
	rm -rf /tmp/device_refs
	step refs 90 python3 e2e/gen/device_refs.py --out /tmp/device_refs --dtype f16 &&
		timeout 30 tar czf "$out/device_refs.tgz" -C /tmp/device_refs .
}

phase_bench() {
	{
		step "bench seeds" 200 "$tl" bench --device=cuda --suite=seeds --reps=9 --kernels=3 -v
		step "bench resnet" 90 "$tl" bench --device=cuda --suite=resnet --reps=9 --kernels=2 --check -v
		step "bench grouped" 60 "$tl" bench --device=cuda --suite=grouped --reps=9 --kernels=2 -v
		step "bench transformer" 60 "$tl" bench --device=cuda --suite=transformer --reps=9 --kernels=3 --check -v
		step "bench seeds check" 60 "$tl" bench --device=cuda --suite=seeds --reps=1 --warmup=0 --kernels=0 --check
	} | tee "$out/bench.txt"
}

# The host emulation's runs of the same tests (TestOnHostEmulatedGPUs,
# ...) are for machines without a GPU: not here.
phase_gpu() { gotest gpu gpu.test 90 -test.skip 'HostEmulated'; }
phase_cli() { gotest internal/cli internal_cli.test 60 -test.run 'Module|TestCommandsOnGPUs$'; }
phase_baseline() {
	step "e2e cuda baseline" 200 "$tl" e2e --device=cuda --pipeline=baseline -v --progress > >(tee "$out/e2e_cuda_baseline.txt") 2>&1
	locate_faults "$out/e2e_cuda_baseline.txt" e2e --device=cuda --pipeline=baseline -v
}

phase_sanitizer() {
	local cs
	cs=$(command -v compute-sanitizer || ls /usr/local/cuda*/bin/compute-sanitizer 2>/dev/null | head -1)
	if [ -z "$cs" ]; then
		echo "no compute-sanitizer"
		return
	fi
	step memcheck 90 "$cs" --tool memcheck --error-exitcode 3 "$tl" run examples/conv_backward.mlir --device=cuda "${exargs[@]}" &&
		step "memcheck baseline" 60 "$cs" --tool memcheck --error-exitcode 3 "$tl" run examples/conv_backward.mlir --device=cuda --pipeline=baseline "${exargs[@]}"
}

# The codegen binary comes only with `build.sh codegen` (the kit and the
# history otherwise exceed what the device tool carries).
phase_codegen() {
	if [ ! -x "$kit/gpu_codegen.test" ]; then
		echo "== codegen: SKIPPED: no $kit/gpu_codegen.test (build.sh codegen builds it)"
		printf '%-28s SKIPPED   no binary\n' codegen >>"$summary"
		return
	fi
	gotest gpu/codegen gpu_codegen.test 240 -test.run 'NVRTC'
}

phase_profile() {
	local ncu
	ncu=$(command -v ncu || ls /usr/local/cuda*/bin/ncu 2>/dev/null | head -1)
	if [ -z "$ncu" ]; then
		echo "no ncu"
		return
	fi
	step "ncu seeds 3x3" 240 "$ncu" --metrics gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_op_write.sum \
		"$tl" bench --device=cuda --suite=seeds --filter=3x3 --reps=1 --warmup=0 --no-torch --kernels=2 | tee "$out/profile.txt"
	# The 1x1 rows by ncu's standard sections (stable names across
	# versions, unlike single metrics): each kernel's throughput against
	# the peaks and its achieved occupancy, for the transposes and the
	# tensor-core kernels' stages and register bounds.
	step "ncu seeds 1x1" 200 "$ncu" --section SpeedOfLight --section Occupancy \
		"$tl" bench --device=cuda --suite=seeds --filter=1x1 --reps=1 --warmup=0 --no-torch --kernels=3 | tee -a "$out/profile.txt"
}

groups_first=(env fixtures e2e refs)
groups_second=(bench gpu cli baseline sanitizer)
phases=()
for a in "$@"; do
	case $a in
	first) phases+=("${groups_first[@]}") ;;
	second) phases+=("${groups_second[@]}") ;;
	*) phases+=("$a") ;;
	esac
done
[ ${#phases[@]} -gt 0 ] || phases=("${groups_first[@]}")
for p in "${phases[@]}"; do
	if ! declare -F "phase_$p" >/dev/null; then
		echo "run.sh: unknown phase $p (groups first, second; phases env fixtures e2e refs bench gpu cli baseline sanitizer codegen profile)" >&2
		exit 2
	fi
done
: >"$summary"
for p in "${phases[@]}"; do
	echo "==== phase $p ($((SECONDS - t0))s of ${budget}s used)"
	"phase_$p"
done 2>&1 | tee -a "$log"
echo "==== summary ($((SECONDS - t0))s of ${budget}s used)"
cat "$summary"
ls -l "$out"
