#!/bin/sh
# run-sweep-parallel.sh -- issue 20's sweep end to end under GNU parallel:
# 3 corpus kernels (small grids) x 2 configurations x 2 values of
# -gpgpu_scheduler, written by `ptxsim sweep --emit parallel`, run by the
# script it writes, gathered by `ptxsim collect --speedup-over`: 12 rows,
# every run's cycles, each speedup the ratio of the two runs' cycles,
# and the same results as each command run by hand.
# Skipped (77) where GNU parallel is not installed.
set -u
: "${PTXSIM:?set PTXSIM to the ptxsim binary}"
: "${srcdir:=.}"
if ! parallel --version 2>/dev/null | grep -q 'GNU parallel'; then
  echo "SKIP: GNU parallel is not installed (apt-get install parallel)"
  exit 77
fi
# shellcheck source=tests/expect-lib.sh
. "$srcdir/tests/expect-lib.sh" # fail=0 n=0 $tmp; failed, expect_*
ptx=$(cd "$srcdir/benchmarks/ptx" && pwd -P)

cat >"$tmp/study.sweep" <<EOF2
# 3 kernels x 2 GPUs x 2 warp schedulers
run saxpy $ptx/saxpy.ptx -k saxpy -g 2 -b 64 --arg s32:128 --arg f32:2 --arg buf:512 --arg buf:512
run vecadd $ptx/vecadd.ptx -k vecadd -g 4 -b 64 \\
    --arg buf:1024 --arg buf:1024 --arg buf:1024 --arg s32:256
run reduce $ptx/reduce_shared.ptx -k reduce_shared_i32 -g 2 -b 256 --arg buf:4096 --arg buf:8 --arg s32:1024
config gtx480 sm75
option -gpgpu_scheduler lrr gto
EOF2
"$PTXSIM" sweep "$tmp/study.sweep" -o "$tmp/out" --emit parallel --jobs 2 >"$tmp/msg" 2>&1 ||
  { failed "sweep"; cat "$tmp/msg"; }
sh "$tmp/out/run-parallel.sh" >"$tmp/msg" 2>&1 || { failed "run-parallel.sh"; cat "$tmp/msg"; }
grep -q "parallel's exit status: 0 (the number of failed jobs); now: ptxsim collect $tmp/out" \
  "$tmp/msg" || { failed "run-parallel.sh's last words"; cat "$tmp/msg"; }
[ "$(tail -n +2 "$tmp/out/joblog" | wc -l)" -eq 12 ] || failed "joblog: not 12 jobs"
for s in "$tmp"/out/runs/*/status; do
  [ "$(cat "$s")" = 0 ] || { failed "$s: $(cat "$s")"; cat "${s%status}log"; }
done

"$PTXSIM" collect "$tmp/out" -o "$tmp/r.csv" --speedup-over gpgpu_scheduler=lrr \
  >"$tmp/means" 2>"$tmp/err" || { failed "collect"; cat "$tmp/err"; }
[ -s "$tmp/err" ] && { failed "collect wrote messages"; cat "$tmp/err"; }
[ "$(wc -l <"$tmp/r.csv")" -eq 13 ] || failed "CSV: not 12 rows and a header"
head -n 1 "$tmp/r.csv" | grep -q '^run_id,program,kernel,launch,config,gpgpu_scheduler,speedup,' ||
  failed "CSV header: $(head -c 100 "$tmp/r.csv")"
# Each row's speedup is cycles(lrr) / cycles of the same kernel and
# config; the two runs of a pair are adjacent (the option varies fastest).
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
  { c = $col["gpu_sim_cycle"]; if (c <= 0) { print "no cycles in " $1; bad = 1 }
    if ($col["gpgpu_scheduler"] == "lrr") base = c
    want = sprintf("%.9f", base / c)
    if ($col["speedup"] != want) { print $1 ": speedup " $col["speedup"] ", expected " want; bad = 1 } }
  END { exit bad }' "$tmp/r.csv" || failed "speedups"
# The means: per config and over both, lrr exactly 1.
grep -q "^lrr	gtx480	1.000000000	3$" "$tmp/means" || failed "mean lrr gtx480"
grep -q "^gto	\*	[0-9.]*	6$" "$tmp/means" || failed "mean gto over all"
[ "$(grep -c '	' "$tmp/means")" -eq 7 ] || { failed "means: not 6 rows and a header"; cat "$tmp/means"; }
# A job is its command: run r0012's line by hand, same cycles.
line=$(sed -n 12p "$tmp/out/jobs.txt")
mkdir -p "$tmp/again" && cp -r "$tmp/out/runs/r0012" "$tmp/again/" &&
  sh -c "$(echo "$line" | sed "s|$tmp/out/runs/r0012|$tmp/again/r0012|")"
grep -o '"gpu_sim_cycle": [0-9]*' "$tmp/again/r0012/stats.json" >"$tmp/a"
grep -o '"gpu_sim_cycle": [0-9]*' "$tmp/out/runs/r0012/stats.json" >"$tmp/b"
cmp -s "$tmp/a" "$tmp/b" && [ -s "$tmp/a" ] || failed "r0012 by hand: $(cat "$tmp/a") vs $(cat "$tmp/b")"
# Collecting again to stdout gives the same CSV (the means then go to stderr).
"$PTXSIM" collect "$tmp/out" --speedup-over gpgpu_scheduler=lrr >"$tmp/r2.csv" 2>"$tmp/means2"
cmp -s "$tmp/r.csv" "$tmp/r2.csv" || failed "collect to stdout differs from -o"
cmp -s "$tmp/means" "$tmp/means2" || failed "the means on stderr differ"

if [ "$fail" -ne 0 ]; then
  echo "$fail failure(s)"
  exit 1
fi
echo "sweep under GNU parallel passed"
