#!/bin/sh
# bench-programs.sh -- `make bench-programs`: whole CUDA programs under
# `ptxsim exec`, in functional mode and in timing mode (gtx480), each on one
# host thread and on every core.  A measurement, not a test.
#
#   bench-programs.sh [--bin DIR] [--out DIR] [--threads N] [--repeat K]
#
# For each program (the prebuilt tests/exec programs that stand for a kind
# of work: texture-heavy, atomic-heavy, divergent, Thrust and CUB, ...)
# prints the wall time of the whole program (start-up included), the
# simulated thread instructions per second of its kernels (from the
# statistics' own wall time, so the host program's time is left out), the
# timing model's cycles per second, and the peak resident memory (with
# GNU time, where installed).  Each figure is the best of K runs
# (default 1).  The table goes to stdout and to OUT/programs.txt; OUT/programs.csv has
# the same figures.
set -eu
LC_ALL=C
export LC_ALL
: "${PTXSIM:=./ptxsim}"
bin=tests/exec/bin out=benchmarks/out/programs repeat=1
threads=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
while [ $# -gt 0 ]; do
  case $1 in
  --bin) bin=$2; shift 2 ;;
  --out) out=$2; shift 2 ;;
  --threads) threads=$2; shift 2 ;;
  --repeat) repeat=$2; shift 2 ;;
  *) echo "usage: bench-programs.sh [--bin DIR] [--out DIR] [--threads N] [--repeat K]" >&2; exit 2 ;;
  esac
done
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
gnu_time=
[ -x /usr/bin/time ] && /usr/bin/time -f %M true >/dev/null 2>&1 && gnu_time=/usr/bin/time

# name: the kind of work it stands for
programs='texture_surface:textures and surfaces
histogram:global and shared atomics
atomics_scoped:scoped atomics
bfs_csr:divergent graph walk
divergence:divergent branches
thrust_algorithms:Thrust (PTX only)
cub_primitives:CUB block and device primitives
matmul_tiled:ALU and shared memory
nbody:floating point, shared tiles
scan:scans with barriers
reduce_shfl:warp shuffles
local_array:local memory
wmma_f16:tensor cores (wmma)'

# run TAG ARGS...: the program's best wall time, thread instructions,
# kernel seconds, cycles and peak memory of K runs in $tmp/TAG.*
run() {
  tag=$1
  shift
  best=
  for _ in $(seq "$repeat"); do
    t0=$(date +%s.%N)
    if [ -n "$gnu_time" ]; then
      "$gnu_time" -f %M -o "$tmp/rss" "$PTXSIM" exec --stats "$tmp/$tag.json" "$@" \
        >/dev/null 2>"$tmp/$tag.err" || return 1
    else
      "$PTXSIM" exec --stats "$tmp/$tag.json" "$@" >/dev/null 2>"$tmp/$tag.err" || return 1
      echo 0 >"$tmp/rss"
    fi
    t1=$(date +%s.%N)
    wall=$(echo "$t0 $t1" | awk '{ printf "%.3f", $2 - $1 }')
    if [ -z "$best" ] || awk -v a="$wall" -v b="$best" 'BEGIN { exit !(a < b) }'; then
      best=$wall
      sed -n 's/.*"totals": *{\(.*\)}.*/\1/p' "$tmp/$tag.json" | tr ',' '\n' |
        sed 's/[" ]//g' >"$tmp/$tag.totals"
      cp "$tmp/rss" "$tmp/$tag.rss"
    fi
  done
  echo "$best" >"$tmp/$tag.wall"
}
total() { # tag key
  sed -n "s/^$2://p" "$tmp/$1.totals"
}
rate() { # tag: M thread-instr/s of the kernels
  awk -v n="$(total "$1" thread_instructions)" -v s="$(total "$1" wall_seconds)" \
    'BEGIN { printf "%.1f", (s > 0 ? n / s / 1e6 : 0) }'
}

{
  echo "ptxsim $("$PTXSIM" --version | awk '{ print $2; exit }') whole programs under ptxsim exec:"
  echo "functional (f) and timing on gtx480 (t), on 1 and $threads host threads;"
  echo "wall: the whole program in seconds; rate: M thread-instr/s of its kernels; RSS: MB"
  printf '%-18s %-31s %8s %8s %8s %8s %7s %8s %8s %8s %8s %7s %9s %7s %7s\n' program kind \
    "f1 wall" "f1 rate" "fN wall" "fN rate" speedup "t1 wall" "t1 rate" "tN wall" "tN rate" \
    speedup "K cyc/s" "f1 RSS" "t1 RSS"
} >"$out/programs.txt"
echo "program,kind,thread_instructions,f1_wall_s,f1_rate_M,fN_wall_s,fN_rate_M,timing_wall_s,timing_rate_M,timingN_wall_s,timingN_rate_M,cycles,timing_kcycles_per_s,f1_rss_mb,timing_rss_mb" \
  >"$out/programs.csv"
cat "$out/programs.txt"
printf '%s\n' "$programs" | while IFS=: read -r name kind; do
  prog=$bin/$name
  if [ ! -x "$prog" ]; then
    echo "$name: not built ($prog)" >&2
    continue
  fi
  if ! run f1 --threads 1 -- "$prog" || ! run fn --threads "$threads" -- "$prog" ||
    ! run t --mode timing --threads 1 -- "$prog" ||
    ! run tn --mode timing --threads "$threads" -- "$prog"; then
    echo "$name: failed:" >&2
    cat "$tmp"/*.err >&2
    continue
  fi
  cycles=$(total t cycles)
  kcps=$(awk -v c="$cycles" -v s="$(total t wall_seconds)" 'BEGIN { printf "%.1f", (s > 0 ? c / s / 1e3 : 0) }')
  speedup=$(awk -v a="$(total f1 wall_seconds)" -v b="$(total fn wall_seconds)" \
    'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
  tspeedup=$(awk -v a="$(total t wall_seconds)" -v b="$(total tn wall_seconds)" \
    'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
  rss1=$(awk '{ printf "%.1f", $1 / 1024 }' "$tmp/f1.rss")
  rsst=$(awk '{ printf "%.1f", $1 / 1024 }' "$tmp/t.rss")
  line=$(printf '%-18s %-31s %8s %8s %8s %8s %6sx %8s %8s %8s %8s %6sx %9s %7s %7s' "$name" \
    "$kind" "$(cat "$tmp/f1.wall")" "$(rate f1)" "$(cat "$tmp/fn.wall")" "$(rate fn)" \
    "$speedup" "$(cat "$tmp/t.wall")" "$(rate t)" "$(cat "$tmp/tn.wall")" "$(rate tn)" \
    "$tspeedup" "$kcps" "$rss1" "$rsst")
  echo "$line"
  echo "$line" >>"$out/programs.txt"
  echo "$name,$kind,$(total f1 thread_instructions),$(cat "$tmp/f1.wall"),$(rate f1),$(cat "$tmp/fn.wall"),$(rate fn),$(cat "$tmp/t.wall"),$(rate t),$(cat "$tmp/tn.wall"),$(rate tn),$cycles,$kcps,$rss1,$rsst" \
    >>"$out/programs.csv"
done
