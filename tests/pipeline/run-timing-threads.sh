#!/bin/sh
# run-timing-threads.sh -- parallel timing mode (--threads N in timing
# mode; pipeline/tm_par.c): a launch whose SMs run side by side on N host
# threads gives the results, statistics, messages and exit status of one
# thread.  PTXSIM_TIMING_SPLIT=always runs every cycle that may side by
# side (the default chooses by speed, which would leave the comparison to
# chance).
#
# 1. Every corpus driver in timing mode on gtx480 and sm75, on 1 and 3
#    threads: the same output, the same statistics for every launch (the
#    wall-clock rates aside).
# 2. Every prebuilt CUDA program (tests/exec/bin) under ptxsim exec --mode
#    timing on 1 and 3 threads: the same output and statistics.
# 3. tests/run/threads.ptx in timing mode: the instruction limit stops the
#    same instruction (exactly the one-thread count passes, one fewer fails
#    with the same message), also when it falls while the SMs run side by
#    side; a fault stops the launch with the same message.
set -u
: "${PTXSIM:?set PTXSIM to the ptxsim binary}"
: "${srcdir:=.}"
: "${top_builddir:=.}"
export srcdir CK_FORK=yes PTXSIM_TIMING_SPLIT=always
# shellcheck source=tests/expect-lib.sh
. "$srcdir/tests/expect-lib.sh" # fail=0 n=0 $tmp; failed, expect_*
# shellcheck source=tests/threads-lib.sh
. "$srcdir/tests/threads-lib.sh" # threads_drivers, threads_programs
fix=$srcdir/tests/run

# ---- 1. drivers
for config in gtx480 sm75; do
  PTXSIM_TEST_MODE=timing PTXSIM_TEST_CONFIG=$config
  export PTXSIM_TEST_MODE PTXSIM_TEST_CONFIG
  threads_drivers 3 ".$config"
done
unset PTXSIM_TEST_MODE PTXSIM_TEST_CONFIG

# ---- 2. CUDA programs
threads_programs " (timing)" --mode timing

# ---- 3. hand-written kernels
run_both() { # tag ptxsim-run-arguments...
  tag=$1
  shift
  for threads in 1 3; do
    "$PTXSIM" run "$fix/threads.ptx" --mode timing "$@" --threads $threads \
      >"$tmp/$tag.$threads.out" 2>"$tmp/$tag.$threads.err"
    echo "exit $?" >>"$tmp/$tag.$threads.out"
  done
  same "$tmp/$tag.1.out" "$tmp/$tag.3.out" "$tag: output on 3 threads (timing)"
  same "$tmp/$tag.1.err" "$tmp/$tag.3.err" "$tag: messages on 3 threads (timing)"
}
# Blocks from 30 on never end: the limit falls while every SM is busy.
run_both limit -k spin_from -g 64 -b 64 --arg u32:30 --max-instructions 100000 --stats none
n=$((n + 1))
grep -q "stopped after 100000 warp instructions" "$tmp/limit.3.err" ||
  failed "limit: stopped after the limit on 3 threads (timing)"
# A fault in block 37 and in every block from 50 on.
run_both fault -k fault_at -g 64 -b 64 --arg buf:4 --arg u32:37 --arg u32:50 --stats none
n=$((n + 1))
grep -q "^exit 1" "$tmp/fault.3.out" || failed "fault: exit status 1 on 3 threads (timing)"
# Order-free atomics run side by side on the SMs too, as host atomics.
run_both count -k count_all -g 120 -b 256 --arg "buf:24,out=$tmp/count.bin" --stats none
n=$((n + 1))
got="$(od -An -v -tu4 -N12 "$tmp/count.bin" | tr -s ' ') $(od -An -v -tu8 -j16 "$tmp/count.bin" | tr -d ' ')"
# n = 30720: 8 n, n - 1, the xor of 0 .. n - 1 (0: n is a multiple of 4), 8 n (n - 1) / 2
[ "$got" = " 245760 30719 0 3774750720" ] ||
  failed "count: order-free atomics on 3 threads (timing) gave '$got'"
# A limit the launch fits in exactly, counted by one thread first.
"$PTXSIM" run "$fix/threads.ptx" --mode timing -k spin_from -g 30 -b 64 --arg u32:30 \
  --threads 1 --stats json >"$tmp/fit.json" 2>&1
need=$(sed -n 's/.*"warp_instructions": \([0-9]*\).*/\1/p' "$tmp/fit.json")
if [ -n "$need" ]; then
  n=$((n + 1))
  "$PTXSIM" run "$fix/threads.ptx" --mode timing -k spin_from -g 30 -b 64 --arg u32:30 \
    --threads 3 --max-instructions "$need" --stats none >/dev/null 2>&1 ||
    failed "limit: $need instructions suffice on 3 threads (timing)"
  run_both short -k spin_from -g 30 -b 64 --arg u32:30 --max-instructions $((need - 1)) \
    --stats none
  n=$((n + 1))
  grep -q "^exit 1" "$tmp/short.3.out" ||
    failed "limit: $((need - 1)) instructions do not suffice on 3 threads (timing)"
else
  failed "limit: no warp instruction count from one thread"
fi

# A value of PTXSIM_TIMING_SPLIT that means nothing is an error, not auto.
n=$((n + 1))
if PTXSIM_TIMING_SPLIT=sometimes "$PTXSIM" run "$fix/threads.ptx" --mode timing -k spin_from \
  -g 30 -b 64 --arg u32:30 --threads 3 --stats none >/dev/null 2>"$tmp/split.err"; then
  failed "PTXSIM_TIMING_SPLIT=sometimes: the launch ran"
fi
grep -q "PTXSIM_TIMING_SPLIT is 'sometimes'; it takes auto, always or never" "$tmp/split.err" ||
  failed "PTXSIM_TIMING_SPLIT=sometimes: no message saying what it takes"

[ $fail -eq 0 ] && echo "$n comparisons of 1 and 3 threads in timing mode passed"
exit $((fail != 0))
