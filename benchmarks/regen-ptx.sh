#!/usr/bin/env bash
# regen-ptx.sh - regenerate the checked-in PTX corpus benchmarks/ptx/NAME.ptx from
# benchmarks/cuda/NAME.cu with nvcc, validate each file with ptxas, and rewrite
# benchmarks/ptx/FORMS-COVERAGE.txt (via forms-coverage.sh).
#
# Generated with:  nvcc: NVIDIA (R) Cuda compiler driver, Cuda compilation tools,
#                  release 13.0, V13.0.88 (Build cuda_13.0.r13.0/compiler.36424714_0)
# Flags:           nvcc -ptx -lineinfo -arch=compute_75 NAME.cu -o ../ptx/NAME.ptx   (default)
#                  per-file overrides (arch_of / extra_flags_of below):
#                    -arch=compute_80: warp_vote half_bf16 wmma_tf32_bf16_f64 cp_async
#                    --use_fast_math:  fastmath          -Xcicc -O0: unoptimized
#                  debug variants (vecadd, calls_recursion):
#                  nvcc -ptx -G -arch=compute_75 NAME.cu -o ../ptx/debug/NAME.ptx
#                  The sources are first copied to the fixed staging directory
#                  /tmp/ptxsim-regen/benchmarks/cuda and compiled there, so the .file directives
#                  and the DWARF comp_dir of the debug variants do not depend on where the
#                  checkout lives (two regen runs at once on one machine would collide).
# Validation:      ptxas -arch=sm_XX NAME.ptx -o /dev/null, XX the arch the file targets.
#
# Usage: benchmarks/regen-ptx.sh [NAME ...]     (no NAME: every benchmarks/cuda/*.cu)
#   Environment: NVCC (default nvcc), PTXAS (default ptxas), SKIP_PTXAS=1 to skip validation,
#   SKIP_COVERAGE=1 to skip FORMS-COVERAGE.txt.
# Runnable from any directory. The checked-in PTX means nothing else in the project needs nvcc.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
srcdir="$here/cuda"
ptxdir="$here/ptx"
NVCC="${NVCC:-nvcc}"
PTXAS="${PTXAS:-ptxas}"

if ! command -v "$NVCC" >/dev/null 2>&1; then
  echo "regen-ptx.sh: '$NVCC' not found on PATH. Install the CUDA toolkit (13.0 was used for the" >&2
  echo "checked-in PTX) or set NVCC=/path/to/nvcc. The checked-in benchmarks/ptx/*.ptx need no nvcc." >&2
  exit 1
fi
nvcc_version="$("$NVCC" --version | tail -n 2 | tr '\n' ' ')"
case "$nvcc_version" in
  *"release 13.0"*) ;;
  *) echo "regen-ptx.sh: warning: the corpus was generated with CUDA 13.0; this is: $nvcc_version" >&2 ;;
esac

# ---- per-file target table -------------------------------------------------------------
# Virtual arch (compute_XX) each file is compiled for; ptxas validates with sm_XX.
arch_of() {
  case "$1" in
    warp_vote)          echo 80 ;;  # __reduce_*_sync -> redux.sync (sm_80)
    half_bf16)          echo 80 ;;  # bf16 fma/min/max (__hfma on bf16 exists only for sm_80+)
    wmma_tf32_bf16_f64) echo 80 ;;  # tf32 / bf16 / f64 wmma (sm_80)
    cp_async)           echo 80 ;;  # cp.async, cuda::barrier -> mbarrier (sm_80)
    *)                  echo 75 ;;
  esac
}
# Extra nvcc flags per file (after -ptx -lineinfo -arch=compute_XX).
extra_flags_of() {
  case "$1" in
    fastmath)    echo "--use_fast_math" ;;  # ftz / approx forms (.ftz, div.approx, ex2.approx.ftz)
    unoptimized) echo "-Xcicc -O0" ;;       # no NVVM optimisation: the code shape of -G builds
    *)           echo "" ;;
  esac
}
# Files that also get a -G debug variant in ptx/debug/ (contains .section .debug_* blocks).
debug_files="vecadd calls_recursion"
# -----------------------------------------------------------------------------------------

if [ "$#" -gt 0 ]; then
  names="$*"
else
  names="$(cd "$srcdir" && ls *.cu | sed 's/\.cu$//')"
fi

mkdir -p "$ptxdir" "$ptxdir/debug"
stage=/tmp/ptxsim-regen/benchmarks/cuda
rm -rf "$stage"
mkdir -p "$stage"
cp "$srcdir"/*.cu "$stage"/
for h in "$srcdir"/*.h "$srcdir"/*.cuh; do [ -f "$h" ] && cp "$h" "$stage"/; done
cd "$stage"
fail=0

validate() {  # validate FILE ARCH
  [ "${SKIP_PTXAS:-0}" = 1 ] && return 0
  if ! command -v "$PTXAS" >/dev/null 2>&1; then echo "  (no ptxas; not validated)"; return 0; fi
  if ! "$PTXAS" -arch="sm_$2" "$1" -o /dev/null; then
    echo "regen-ptx.sh: ptxas -arch=sm_$2 rejected $1" >&2; return 1
  fi
}

for name in $names; do
  [ -f "$name.cu" ] || { echo "regen-ptx.sh: no $srcdir/$name.cu" >&2; fail=1; continue; }
  arch="$(arch_of "$name")"
  extra="$(extra_flags_of "$name")"
  out="$ptxdir/$name.ptx"
  echo "nvcc -ptx -lineinfo -arch=compute_$arch $extra $name.cu -o ptx/$name.ptx"
  # shellcheck disable=SC2086
  if ! "$NVCC" -ptx -lineinfo -arch="compute_$arch" $extra "$name.cu" -o "$out"; then
    echo "regen-ptx.sh: nvcc failed on $name.cu" >&2; fail=1; continue
  fi
  validate "$out" "$arch" || fail=1
  for d in $debug_files; do
    if [ "$d" = "$name" ]; then
      dout="$ptxdir/debug/$name.ptx"
      echo "nvcc -ptx -G -arch=compute_$arch $extra $name.cu -o ptx/debug/$name.ptx"
      # shellcheck disable=SC2086
      if ! "$NVCC" -ptx -G -arch="compute_$arch" $extra "$name.cu" -o "$dout"; then
        echo "regen-ptx.sh: nvcc -G failed on $name.cu" >&2; fail=1; continue
      fi
      validate "$dout" "$arch" || fail=1
    fi
  done
done

if [ "$fail" != 0 ]; then
  echo "regen-ptx.sh: FAILED (see above)" >&2
  exit 1
fi
if [ "${SKIP_COVERAGE:-0}" != 1 ] && [ "$#" -eq 0 ]; then
  "$here/forms-coverage.sh"
fi
echo "regen-ptx.sh: done"
