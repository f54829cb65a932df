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
fix=$srcdir/tests/run

# ---- 1. drivers
drivers=0
for config in gtx480 sm75; do
  for t in "$top_builddir"/tests/drivers/check_*; do
    case $t in *.o | *.log | *.trs | *.c) continue ;; esac
    [ -x "$t" ] || continue
    name=$(basename "$t").$config
    drivers=$((drivers + 1))
    for threads in 1 3; do
      if ! PTXSIM_TEST_MODE=timing PTXSIM_TEST_CONFIG=$config PTXSIM_TEST_THREADS=$threads \
        PTXSIM_TEST_STATS="$tmp/$name.$threads.raw" "$t" >"$tmp/$name.$threads.out" 2>&1; then
        failed "$name on $threads threads"
        tail -n 20 "$tmp/$name.$threads.out"
      fi
      sed -e 's/[0-9.]*s elapsed//' -e '/^Running suite/d' "$tmp/$name.$threads.out" \
        >"$tmp/$name.$threads.cmp"
      grep -v '^gpgpu_simulation_' "$tmp/$name.$threads.raw" >"$tmp/$name.$threads.stats"
    done
    same "$tmp/$name.1.cmp" "$tmp/$name.3.cmp" "$name: output on 3 threads"
    same "$tmp/$name.1.stats" "$tmp/$name.3.stats" "$name: statistics on 3 threads"
  done
done
[ "$drivers" -gt 0 ] || { echo "no drivers under $top_builddir/tests/drivers"; exit 99; }

# ---- 2. CUDA programs
for prog in "$srcdir"/tests/exec/bin/*; do
  [ -f "$prog" ] || continue
  name=$(basename "$prog")
  # It races exit() against launches on purpose: its output is not fixed.
  [ "$name" = exit_while_launching ] && continue
  args=
  [ "$name" = multi_gpu ] && args="--devices 2"
  for threads in 1 3; do
    # shellcheck disable=SC2086
    timeout 600 "$PTXSIM" exec $args --mode timing --threads $threads \
      --stats "$tmp/$name.$threads.json" -- "$prog" >"$tmp/$name.$threads.out" \
      2>"$tmp/$name.$threads.err"
    echo "exit $?" >>"$tmp/$name.$threads.out"
    sed -e 's/"wall_seconds": [0-9.e+-]*//g' -e 's/"gpgpu_simulation_[a-z_]*": [0-9.e+-]*//g' \
      "$tmp/$name.$threads.json" >"$tmp/$name.$threads.stats"
  done
  same "$tmp/$name.1.out" "$tmp/$name.3.out" "$name: output on 3 threads (timing)"
  same "$tmp/$name.1.err" "$tmp/$name.3.err" "$name: messages on 3 threads (timing)"
  same "$tmp/$name.1.stats" "$tmp/$name.3.stats" "$name: statistics on 3 threads (timing)"
done

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
