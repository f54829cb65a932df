#!/bin/sh
# run-collect-tests.sh -- `ptxsim collect`: (1) a hand-made sweep folder
# whose statistics are chosen so that every speedup and geometric mean is
# derived by hand below (ptxsim run and ptxsim exec statistics, nested
# objects and arrays flattened, a missing baseline); (2) a real sweep with
# a failed run in the middle: the report names it with its command, the
# exit status is 1 and the CSV has the other runs' rows; (3) usage errors.
set -u
: "${PTXSIM:?set PTXSIM to the ptxsim binary}"
: "${srcdir:=.}"
# shellcheck source=tests/expect-lib.sh
. "$srcdir/tests/expect-lib.sh" # fail=0 n=0 $tmp; failed, expect_*
ptx=$(cd "$srcdir/benchmarks/ptx" && pwd -P)

# ---- (1) by hand: programs p (ptxsim run) and q (ptxsim exec, two
# launches) x config a, b x x 0, 1; r0007 (q, b, 0) never ran.
d=$tmp/hand
mkdir -p "$d/runs"
printf 'run_id\tprogram\tconfig\tx\tcommand\n' >"$d/manifest.tsv"
i=0
for p in p q; do
  for c in a b; do
    for x in 0 1; do
      i=$((i + 1)) id=$(printf 'r%04d' $i)
      printf '%s\t%s\t%s\t%s\techo job %s\n' "$id" $p $c $x "$id" >>"$d/manifest.tsv"
      mkdir "$d/runs/$id"
    done
  done
done
run_stats() { # id cycles: a ptxsim run --stats json document
  printf '{\n  "kernel": "kp",\n  "grid": [%s, 1, 1],\n  "warps": 4,\n' "$2" >"$d/runs/$1/stats.json"
  printf '  "timing": {"gpu_sim_cycle": %s, "gpu_ipc": 1.5, "warps": 9}\n}\n' "$2" \
    >>"$d/runs/$1/stats.json"
  echo 0 >"$d/runs/$1/status"
}
exec_stats() { # id cycles1 cycles2: a ptxsim exec --stats document
  printf '{\n  "launches": [\n    {"kernel": "k1", "cycles": %s, "ipc": 0.5},\n' "$2" >"$d/runs/$1/stats.json"
  printf '    {"kernel": "k2", "cycles": %s, "error": "bad, \\"very\\""}],\n' "$3" \
    >>"$d/runs/$1/stats.json"
  printf '  "totals": {"launches": 2}\n}\n' >>"$d/runs/$1/stats.json"
  echo 0 >"$d/runs/$1/status"
}
# Device printf output before a ptxsim run document is skipped.
run_stats r0001 100 && { echo 'printf { output'; cat "$d/runs/r0001/stats.json"; } >"$d/x" &&
  mv "$d/x" "$d/runs/r0001/stats.json"
run_stats r0002 50   # speedup 100/50 = 2
run_stats r0003 300
run_stats r0004 400  # 300/400 = 0.75
exec_stats r0005 1000 10
exec_stats r0006 250 20  # 1000/250 = 4, 10/20 = 0.5
exec_stats r0008 800 8   # no baseline: r0007 is missing
"$PTXSIM" collect "$d" -o "$tmp/h.csv" --speedup-over x=0 >"$tmp/means" 2>"$tmp/err"
[ $? -eq 1 ] || failed "hand: exit status $?, expected 1 (r0007 missing)"
cat >"$tmp/want" <<'CSV'
run_id,program,kernel,launch,config,x,speedup,grid_0,grid_1,grid_2,warps,gpu_sim_cycle,gpu_ipc,timing.warps,cycles,ipc,error
r0001,p,kp,0,a,0,1.000000000,100,1,1,4,100,1.5,9,,,
r0002,p,kp,0,a,1,2.000000000,50,1,1,4,50,1.5,9,,,
r0003,p,kp,0,b,0,1.000000000,300,1,1,4,300,1.5,9,,,
r0004,p,kp,0,b,1,0.750000000,400,1,1,4,400,1.5,9,,,
r0005,q,k1,0,a,0,1.000000000,,,,,,,,1000,0.5,
r0005,q,k2,1,a,0,1.000000000,,,,,,,,10,,"bad, ""very"""
r0006,q,k1,0,a,1,4.000000000,,,,,,,,250,0.5,
r0006,q,k2,1,a,1,0.500000000,,,,,,,,20,,"bad, ""very"""
r0008,q,k1,0,b,1,,,,,,,,,800,0.5,
r0008,q,k2,1,b,1,,,,,,,,,8,,"bad, ""very"""
CSV
expect_same "$tmp/want" "$tmp/h.csv" "hand CSV"
# Geometric means: a, x=1: (2 * 4 * 0.5)^(1/3) = 4^(1/3) = 1.587401052;
# b, x=1: 0.75 alone (r0008 has no baseline); over both configs, x=1:
# (2 * 0.75 * 4 * 0.5)^(1/4) = 3^(1/4) = 1.316074013.
printf '# speedup = cycles with x=0 / cycles; geometric means over programs, kernels and launches\n' >"$tmp/want"
printf 'x\tconfig\tgeomean\tn\n' >>"$tmp/want"
printf '0\ta\t1.000000000\t3\n1\ta\t1.587401052\t3\n0\tb\t1.000000000\t1\n1\tb\t0.750000000\t1\n' >>"$tmp/want"
printf '0\t*\t1.000000000\t4\n1\t*\t1.316074013\t4\n' >>"$tmp/want"
expect_same "$tmp/want" "$tmp/means" "hand means"
cat >"$tmp/want" <<EOF2
ptxsim collect: r0007 (q, config=b, x=0) is missing: no $d/runs/r0007/status (not run yet, still running, or killed)
  command: echo job r0007
ptxsim collect: 2 rows without a speedup (no cycles, or no baseline run with x=0)
ptxsim collect: 7 of 8 runs collected; 0 failed, 1 missing
EOF2
expect_same "$tmp/want" "$tmp/err" "hand report"
# Speedups over the other parameter, r0007 now run (a copy of r0005):
# each row's baseline is its config a twin: r0003 100/300, r0004 50/400,
# r0007 1000/1000 and 10/10, r0008 250/800 and 20/8.
echo 0 >"$d/runs/r0007/status"
cp "$d/runs/r0005/stats.json" "$d/runs/r0007/stats.json"
"$PTXSIM" collect "$d" --speedup-over config=a >"$tmp/c.csv" 2>"$tmp/means" ||
  failed "config=a: exit status $?"
cut -d, -f1,2,3,7 "$tmp/c.csv" | tail -n +2 | tr '\n' ' ' >"$tmp/got"
printf '%s' "r0001,p,kp,1.000000000 r0002,p,kp,1.000000000 r0003,p,kp,0.333333333 r0004,p,kp,0.125000000 \
r0005,q,k1,1.000000000 r0005,q,k2,1.000000000 r0006,q,k1,1.000000000 r0006,q,k2,1.000000000 \
r0007,q,k1,1.000000000 r0007,q,k2,1.000000000 r0008,q,k1,0.312500000 r0008,q,k2,2.500000000 " >"$tmp/want"
expect_same "$tmp/want" "$tmp/got" "speedup over config=a"
# b, x=1: (0.125 * 0.3125 * 2.5)^(1/3) = 0.09765625^(1/3) = 0.460503937
grep -q '^b	1	0.460503937	3$' "$tmp/means" || { failed "mean b x=1"; cat "$tmp/means"; }

# ---- (2) a real sweep, its second run failing (no kernel 'nope').
cat >"$tmp/f.sweep" <<EOF2
run good1 $ptx/saxpy.ptx -k saxpy -g 1 -b 32 --arg s32:32 --arg f32:2 --arg buf:128 --arg buf:128
run bad $ptx/saxpy.ptx -k nope -g 1 -b 32
run good2 $ptx/saxpy.ptx -k daxpy -g 1 -b 32 --arg s32:32 --arg f64:2 --arg buf:256 --arg buf:256
mode functional
EOF2
"$PTXSIM" sweep "$tmp/f.sweep" -o "$tmp/f" >/dev/null || failed "sweep f"
while IFS= read -r line; do sh -c "$line" 2>/dev/null; echo "$?" >>"$tmp/f.rc"; done <"$tmp/f/jobs.txt"
# a job line exits with its run's status (parallel's joblog, Slurm's states)
[ "$(tr '\n' ' ' <"$tmp/f.rc")" = "0 1 0 " ] || failed "job lines' exit statuses: $(cat "$tmp/f.rc")"
"$PTXSIM" collect "$tmp/f" -o "$tmp/f.csv" 2>"$tmp/err"
[ $? -eq 1 ] || failed "failed run: exit status $?, expected 1"
grep -q "^ptxsim collect: r0002 (bad) failed with exit status 1; its messages: $tmp/f/runs/r0002/log$" \
  "$tmp/err" || { failed "failed run report"; cat "$tmp/err"; }
grep -qF "  command: $(sed -n 2p "$tmp/f/jobs.txt")" "$tmp/err" || failed "failed run: no command"
grep -q "^ptxsim collect: 2 of 3 runs collected; 1 failed, 0 missing$" "$tmp/err" ||
  failed "failed run: summary"
cut -d, -f1-4 "$tmp/f.csv" >"$tmp/got"
printf 'run_id,program,kernel,launch\nr0001,good1,saxpy,0\nr0003,good2,daxpy,0\n' >"$tmp/want"
expect_same "$tmp/want" "$tmp/got" "failed run: CSV rows"
grep -q "nope" "$tmp/f/runs/r0002/log" || failed "failed run: its log"
# A status that is not a number, statistics that are not JSON.
echo oops >"$tmp/f/runs/r0001/status"
echo '{"kernel": ' >"$tmp/f/runs/r0003/stats.json"
"$PTXSIM" collect "$tmp/f" -o "$tmp/f.csv" 2>"$tmp/err"
[ $? -eq 1 ] || failed "broken runs: exit status"
grep -q "r0001 (good1) failed: .*/status does not hold an exit code" "$tmp/err" || failed "bad status"
grep -q "r0003 (good2) failed: .*/stats.json:2: unexpected end of the document" "$tmp/err" ||
  { failed "bad stats.json"; cat "$tmp/err"; }
[ "$(wc -l <"$tmp/f.csv")" -eq 1 ] || failed "broken runs: only the header"

# ---- (3) usage and input errors.
"$PTXSIM" collect 2>/dev/null; [ $? -eq 2 ] || failed "no folder: not 2"
"$PTXSIM" collect "$d" --speedup-over x 2>/dev/null; [ $? -eq 2 ] || failed "--speedup-over x: not 2"
"$PTXSIM" collect "$d" --speedup-over y=0 >/dev/null 2>"$tmp/err"; [ $? -eq 1 ] || failed "y=0: not 1"
grep -q "'y' is not a swept parameter (config, x)" "$tmp/err" || failed "y=0 message"
"$PTXSIM" collect "$d" --speedup-over x=7 >/dev/null 2>"$tmp/err"; [ $? -eq 1 ] || failed "x=7: not 1"
grep -q "no run has x=7" "$tmp/err" || failed "x=7 message"
"$PTXSIM" collect "$tmp/none" 2>"$tmp/err"; [ $? -eq 1 ] || failed "no manifest: not 1"
grep -q "none/manifest.tsv: error: cannot read the manifest" "$tmp/err" || failed "no manifest message"
if [ -w /dev/full ]; then
  "$PTXSIM" collect "$d" -o /dev/full 2>"$tmp/err"; [ $? -eq 1 ] || failed "/dev/full: not 1"
  grep -q "/dev/full: error: cannot write the CSV" "$tmp/err" || failed "/dev/full message"
fi
printf 'a\tb\n' >"$tmp/bad.tsv" && mkdir "$tmp/bad" && mv "$tmp/bad.tsv" "$tmp/bad/manifest.tsv"
"$PTXSIM" collect "$tmp/bad" 2>"$tmp/err"; [ $? -eq 1 ] || failed "bad manifest: not 1"
grep -q "manifest.tsv:1: error: not a sweep manifest" "$tmp/err" || failed "bad manifest message"

if [ "$fail" -ne 0 ]; then
  echo "$fail failure(s)"
  exit 1
fi
echo "collect tests passed"
