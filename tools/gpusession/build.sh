#!/bin/bash
# Builds what a session with the GPU machine carries there (that machine
# has CUDA, NVRTC inside torch's wheels and torch 2.11, but no Go): the
# torchlower binary and the test binaries of the packages whose checks
# need a GPU, into .gpukit/ (ignored by git). Run it here, from anywhere:
#
#   bash tools/gpusession/build.sh
#
# then give the device tool the two calls in run.sh's header (carry
# [".gpukit"]; see run.sh and gpu/README.md).
set -euo pipefail
cd "$(dirname "$0")/../.."
kit=.gpukit
rm -rf "$kit"
mkdir -p "$kit"
# -s -w: no symbol tables, so that the kit fits the 64 MiB the device
# tool carries with the working tree.
flags=(-trimpath -ldflags=-s\ -w)
go build "${flags[@]}" -o "$kit/torchlower" ./tools/torchlower
# The optional codegen phase's binary (every e2e kernel through NVRTC)
# comes only when asked for (build.sh codegen): the device tool counts
# the repository's history with the tree, and the three binaries below
# with it came to over its 64 MiB.
pkgs=(gpu internal/cli)
[ "${1:-}" = codegen ] && pkgs+=(gpu/codegen)
for pkg in "${pkgs[@]}"; do
	go test -c "${flags[@]}" -o "$kit/$(echo "$pkg" | tr / _).test" "./$pkg"
done
git rev-parse HEAD >"$kit/commit"
du -ch "$kit"/* | tail -1
size=$(($(du -sb "$kit" | cut -f1) >> 20))
tracked=$(($(git ls-files -z | du -cb --files0-from=- | tail -1 | cut -f1) >> 20))
history=$(($(du -sb .git | cut -f1) >> 20))
if ((size + tracked + history > 60)); then
	echo "build.sh: the kit ($size MiB), the tracked files ($tracked MiB) and .git ($history MiB) exceed the 64 MiB the device tool carries" >&2
	exit 1
fi
echo "built $kit for $(cat "$kit/commit") ($size MiB)"
