#!/usr/bin/env bash
# Regenerates the upstream MLIR 16 reference outputs for every corpus file
# testdata/roundtrip/X.mlir:
#   upstream/X.custom.mlir   = mlir-opt X.mlir
#   upstream/X.generic.mlir  = mlir-opt --mlir-print-op-generic X.mlir
# Files whose header contains "// Uses --split-input-file." are run with
# --split-input-file (mlir-opt joins chunk outputs with "// -----" lines).
# Files whose header contains "// Uses --mlir-print-debuginfo." additionally get
#   upstream/X.custom-debuginfo.mlir and upstream/X.generic-debuginfo.mlir.
# mlir-opt is run from testdata/roundtrip with the bare file name, so locations
# that mlir-opt synthesizes ("X.mlir":line:col) are stable.
set -euo pipefail
MLIR_OPT=${MLIR_OPT:-/usr/lib/llvm-16/bin/mlir-opt}
cd "$(dirname "$0")/.."
for f in *.mlir; do
  x=${f%.mlir}
  flags=(--verify-each)
  if grep -q '^// Uses --split-input-file\.' "$f"; then flags+=(--split-input-file); fi
  "$MLIR_OPT" "${flags[@]}" "$f" > "upstream/$x.custom.mlir"
  "$MLIR_OPT" "${flags[@]}" --mlir-print-op-generic "$f" > "upstream/$x.generic.mlir"
  if grep -q '^// Uses --mlir-print-debuginfo\.' "$f"; then
    "$MLIR_OPT" "${flags[@]}" --mlir-print-debuginfo "$f" > "upstream/$x.custom-debuginfo.mlir"
    "$MLIR_OPT" "${flags[@]}" --mlir-print-debuginfo --mlir-print-op-generic "$f" > "upstream/$x.generic-debuginfo.mlir"
  fi
done
