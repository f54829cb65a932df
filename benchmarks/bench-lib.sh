# shellcheck shell=sh disable=SC2034,SC2154
# bench-lib.sh -- sourced by the benchmark scripts (bench-ilp.sh,
# bench-scalar.sh, bench-preempt.sh): the corpus kernels they run with their generated
# inputs, the probe that tells whether this build accepts a variant's
# options, the sweep they run them as (ptxsim sweep, ptxsim collect: the
# speedups and geometric means of the tables come from collect
# --speedup-over, the same path users take) and the gnuplot terminals.
# The caller sets `inputs` (the folder of generated input files, an
# absolute path) and `tmp` (a scratch folder), and exports LC_ALL=C.

# ---- inputs: Park-Miller minimal standard generator (exact in any awk's
# doubles), one seed per file, little-endian words.
# ints FILE N LO HI SEED: N 32-bit integers in [LO, HI)
ints() {
  [ -s "$1" ] || awk -v n="$2" -v lo="$3" -v hi="$4" -v x="$5" 'BEGIN {
    for (i = 0; i < n; i++) {
      x = (x * 16807) % 2147483647
      v = lo + x % (hi - lo); if (v < 0) v += 4294967296
      printf "%c%c%c%c", v % 256, int(v / 256) % 256, int(v / 65536) % 256, int(v / 16777216)
    } }' >"$1"
}
# floats FILE N SEED: N floats in [1, 2) (exponent 0, random mantissa)
floats() {
  [ -s "$1" ] || awk -v n="$2" -v x="$3" 'BEGIN {
    for (i = 0; i < n; i++) {
      x = (x * 16807) % 2147483647; m = x % 8388608
      printf "%c%c%c%c", m % 256, int(m / 256) % 256, 128 + int(m / 65536), 63
    } }' >"$1"
}
# bytes FILE N SEED
bytes() {
  [ -s "$1" ] || awk -v n="$2" -v x="$3" 'BEGIN {
    for (i = 0; i < n; i++) { x = (x * 16807) % 2147483647; printf "%c", x % 256 } }' >"$1"
}
cdiv() { echo $((($1 + $2 - 1) / $2)); }

# ---- the kernels.  Each sets file, kernel, block (X[,Y]), grid and args
# for occupancy $1 (low or full), or returns 1 where it does not run.
kernels='vecadd stencil2d matmul_naive matmul_tiled divergent_walk int64_math fastmath
bitonic_sort histogram reduce_shared scan nbody'
# Streaming loads and stores (memory-bound).
k_vecadd() {
  n=245760 file=vecadd.ptx kernel=vecadd
  block=$([ "$1" = low ] && echo 64 || echo 128) grid=$(cdiv $n "$block")
  floats "$inputs/f1.$n" $n 1 && floats "$inputs/f2.$n" $n 2
  args="buf:in=$inputs/f1.$n buf:in=$inputs/f2.$n buf:$((4 * n)) s32:$n"
}
# Five neighbour loads per output, 2-D.
k_stencil2d() {
  w=512 h=480 file=stencil2d.ptx kernel=stencil2d
  if [ "$1" = low ]; then block=16,4 grid=32,120; else block=32,4 grid=16,120; fi
  floats "$inputs/f1.$((w * h))" $((w * h)) 1
  args="buf:in=$inputs/f1.$((w * h)) buf:$((4 * w * h)) s32:$w s32:$h f32:0.5 f32:0.125"
}
# A K-long loop of two loads and an FMA per thread (MM without tiles).
k_matmul_naive() {
  m=160 n=192 depth=64 file=matmul_tiled.ptx kernel=matmul_naive
  if [ "$1" = low ]; then block=8,8 grid=24,20; else block=16,8 grid=12,20; fi
  floats "$inputs/f1.$((m * depth))" $((m * depth)) 1 && floats "$inputs/f2.$((n * depth))" $((n * depth)) 2
  args="buf:in=$inputs/f1.$((m * depth)) buf:in=$inputs/f2.$((n * depth)) buf:$((4 * m * n))"
  args="$args s32:$m s32:$n s32:$depth"
}
# 16x16 tiles in shared memory, barriers, unrolled FMAs (the seed's MM).
k_matmul_tiled() {
  m=160 n=192 depth=128 file=matmul_tiled.ptx kernel=matmul_tiled block=16,16 grid=12,10
  floats "$inputs/f1.$((m * depth))" $((m * depth)) 1 && floats "$inputs/f2.$((n * depth))" $((n * depth)) 2
  args="buf:in=$inputs/f1.$((m * depth)) buf:in=$inputs/f2.$((n * depth)) buf:$((4 * m * n))"
  args="$args s32:$m s32:$n s32:$depth"
}
# A Collatz walk per thread: a loop whose trip count differs per thread,
# with break, continue and early returns (divergent).  Starting values
# below 27 keep every walk under 24 steps.
k_divergent_walk() {
  n=30720 file=divergence.ptx kernel=divergent_walk
  block=$([ "$1" = low ] && echo 64 || echo 128) grid=$(cdiv $n "$block")
  ints "$inputs/walk.$n" $n -4 27 3
  args="buf:in=$inputs/walk.$n buf:$((4 * n)) s32:$n"
}
# 64-bit multiply, divide and shifts: long dependent ALU sequences.
k_int64_math() {
  n=46080 file=int64_math.ptx kernel=int64_math
  block=$([ "$1" = low ] && echo 64 || echo 128) grid=$(cdiv $n "$block")
  ints "$inputs/i1.$((2 * n))" $((2 * n)) -2000000000 2000000000 6
  ints "$inputs/i2.$((2 * n))" $((2 * n)) 1 2000000000 7
  args="buf:in=$inputs/i1.$((2 * n)) buf:in=$inputs/i2.$((2 * n)) buf:$((16 * 8 * n)) s32:$n"
}
# Approximate division, square root and transcendentals (SFU).
k_fastmath() {
  n=122880 file=fastmath.ptx kernel=fastmath_ops
  block=$([ "$1" = low ] && echo 64 || echo 128) grid=$(cdiv $n "$block")
  floats "$inputs/f1.$n" $n 1 && floats "$inputs/f2.$n" $n 2
  args="buf:in=$inputs/f1.$n buf:in=$inputs/f2.$n buf:$((13 * 4 * n)) s32:$n"
}
# A 512-key bitonic sort per CTA in shared memory: compare loops, barriers.
k_bitonic_sort() {
  ctas=$([ "$1" = low ] && echo 60 || echo 120) file=bitonic_sort.ptx kernel=bitonic_sort_block
  block=$([ "$1" = low ] && echo 64 || echo 256) grid=$ctas
  ints "$inputs/keys.$((512 * ctas))" $((512 * ctas)) 0 2147483647 8
  args="buf:in=$inputs/keys.$((512 * ctas)) s32:$((512 * ctas))"
}
# Shared-memory atomics in a grid-stride loop.
k_histogram() {
  n=983040 file=histogram.ptx kernel=histogram256
  if [ "$1" = low ]; then block=64 grid=60; else block=128 grid=240; fi
  bytes "$inputs/bytes.$n" $n 9
  args="buf:in=$inputs/bytes.$n buf:1024 s32:$n"
}
# A shared-memory tree reduction, 256 threads per CTA (8 warps).
k_reduce_shared() {
  n=491520 file=reduce_shared.ptx kernel=reduce_shared_i32 block=256 grid=$(cdiv $n 512)
  ints "$inputs/red.$n" $n -1000 1000 10
  args="buf:in=$inputs/red.$n buf:$((4 * grid)) s32:$n"
}
# Blelloch scan of 512 elements per CTA of 256 threads.
k_scan() {
  n=122880 file=scan.ptx kernel=scan_blelloch block=256 grid=$(cdiv $n 512)
  ints "$inputs/red.$n" $n -1000 1000 10
  args="buf:in=$inputs/red.$n buf:$((4 * n)) buf:$((4 * grid)) s32:$n"
}
# All-pairs n-body: FMA chains and rsqrt in a tile loop, 128 threads per
# CTA.  Low occupancy only, 10 long CTAs (the seed's "tail of a few long
# TBs"): n^2 work cannot fill the GPU at a size this benchmark affords.
k_nbody() {
  [ "$1" = low ] || return 1
  n=1280 file=nbody.ptx kernel=nbody_step block=128 grid=$(cdiv $n 128)
  floats "$inputs/f1.$((4 * n))" $((4 * n)) 1 && floats "$inputs/f2.$((4 * n))" $((4 * n)) 2
  args="buf:in=$inputs/f1.$((4 * n)) buf:in=$inputs/f2.$((4 * n)) buf:$((16 * n)) buf:$((16 * n))"
  args="$args s32:$n f32:0.01 f32:0.05"
}

# bench_accepts OPTION=VALUE...: does this build's configuration accept
# every option?  0 when it does; otherwise 1 and bench_refusal says why
# (the first error line: "unknown scalar mode 'srf'", "unknown option
# ...").  The probe loads a configuration file with the options.
bench_accepts() {
  : >"$tmp/probe.config"
  for o in "$@"; do
    echo "$o" | sed 's/=/ /' >>"$tmp/probe.config"
  done
  if "$ptxsim" config --config "$tmp/probe.config" --dump >/dev/null 2>"$tmp/probe.err"; then
    return 0
  fi
  bench_refusal=$(sed -n '1s/^.*error: //p' "$tmp/probe.err")
  [ -n "$bench_refusal" ] || bench_refusal=$(head -n 1 "$tmp/probe.err")
  return 1
}

# bench_png_terminal: gnuplot's PNG terminal, pngcairo where it has one
bench_png_terminal() {
  if gnuplot -e 'print GPVAL_TERMINALS' 2>&1 | grep -q pngcairo; then
    echo 'pngcairo size 1400,900 font ",10"'
  else
    echo 'png size 1400,900'
  fi
}

# bench_run_line NAME [SHARED]: the sweep file's "run NAME ..." line of
# the kernel that k_NAME has just set up (file, kernel, grid, block, args;
# ptx_dir and inputs absolute), with SHARED bytes of dynamic shared
# memory when SHARED is given.
bench_run_line() {
  printf 'run %s %s -k %s -g %s -b %s' "$1" "$ptx_dir/$file" "$kernel" "$grid" "$block"
  [ -n "${2:-}" ] && printf ' --shared %s' "$2"
  for a in $args; do printf ' --arg %s' "$a"; done
  printf '\n'
}

# bench_sweep NAME SWEEP DIR: `ptxsim sweep SWEEP -o DIR` (DIR afresh),
# then its jobs one at a time -- the tables report simulation speed, so
# no two runs share the host -- with a line on stderr as each ends.
# Returns 1 if the sweep file is refused; failed runs are collect's to
# report.
bench_sweep() {
  rm -rf "$3"
  "$ptxsim" sweep "$2" -o "$3" >/dev/null || return 1
  tail -n +2 "$3/manifest.tsv" | while IFS='	' read -r id prog rest; do
    sh -c "${rest##*	}"
    printf '%s: %s %-15s %s\n' "$1" "$id" "$prog" "$(echo "${rest%	*}" | tr '\t' ' ')" >&2
  done
}

# bench_collect DIR PARAM=VALUE CSV MEANS: `ptxsim collect` of the sweep
# in DIR with speedups over PARAM=VALUE: the CSV (a column per statistic,
# speedup among them) and the geometric means (PARAM, the other
# parameters, geomean, n).  Failed runs are reported on stderr; returns 1
# then (the CSV holds the others).
bench_collect() {
  "$ptxsim" collect "$1" -o "$3" --speedup-over "$2" >"$4"
}

# bench_csv_columns CSV COLUMN...: those columns of a collect CSV, comma
# separated, in the order given ("" where the CSV has no such column).
# The values are plain (ptxsim's statistics hold no commas or quotes).
bench_csv_columns() {
  f=$1
  shift
  awk -F, -v want="$*" '
    NR == 1 { n = split(want, W, " "); for (i = 1; i <= NF; i++) col[$i] = i; next }
    { line = ""
      for (i = 1; i <= n; i++) line = line (i > 1 ? "," : "") (W[i] in col ? $col[W[i]] : "")
      print line }' "$f"
}
