#!/bin/sh
# run-threads-tests.sh -- parallel functional simulation (--threads N,
# PTXSIM_THREADS, ptxsim_device_set_threads; isa/simt_par.c): results,
# statistics and printf output on N host threads are those of one thread.
#
# 1. Every corpus driver (tests/drivers/check_*, which checks its kernels
#    against CPU references) on 1 and 4 threads: the same output, the same
#    counts for every launch.
# 2. Every prebuilt CUDA program (tests/exec/bin) under ptxsim exec with
#    --threads 1 and 3: the same output and statistics (wall-clock times
#    aside).
# 3. tests/run/threads.ptx: device printf from blocks that finish out of
#    order comes out in block order; a kernel with a global atomic (its
#    blocks run in order) gives the one-thread tickets; order-free atomics
#    (blocks side by side) lose no update; a register read
#    before it is written is 0 in every block; a fault in two
#    blocks names the lower one; the instruction limit stops the launch in
#    the same block; and --threads' usage errors.
set -u
: "${PTXSIM:?set PTXSIM to the ptxsim binary}"
: "${srcdir:=.}"
: "${top_builddir:=.}"
export srcdir CK_FORK=yes
# shellcheck source=tests/expect-lib.sh
. "$srcdir/tests/expect-lib.sh" # fail=0 n=0 $tmp; failed, expect_*
# shellcheck source=tests/threads-lib.sh
. "$srcdir/tests/threads-lib.sh" # threads_drivers, threads_programs
fix=$srcdir/tests/run

# ---- 1. drivers
threads_drivers 4 ""

# ---- 2. CUDA programs
threads_programs ""

# ---- 3. hand-written kernels
run_both() { # tag ptxsim-run-arguments...
  tag=$1
  shift
  for threads in 1 4; do
    "$PTXSIM" run "$fix/threads.ptx" "$@" --threads $threads >"$tmp/$tag.$threads.out" \
      2>"$tmp/$tag.$threads.err"
    echo "exit $?" >>"$tmp/$tag.$threads.out"
  done
  same "$tmp/$tag.1.out" "$tmp/$tag.4.out" "$tag: output on 4 threads"
  same "$tmp/$tag.1.err" "$tmp/$tag.4.err" "$tag: messages on 4 threads"
}
# 40 blocks of 3 warps, each warp's lane 0 printing after a loop of
# (block * 7919 % 1000) * 20 steps.
run_both printf -k print_blocks -g 40 -b 96 --arg buf:1024 --stats none
awk 'BEGIN { for (b = 0; b < 40; b++) for (w = 0; w < 3; w++) printf "block %d warp %d\n", b, w }' \
  >"$tmp/printf.want"
grep '^block' "$tmp/printf.4.out" >"$tmp/printf.got"
same "$tmp/printf.want" "$tmp/printf.got" "printf: block order on 4 threads"
# Tickets: block k takes ticket k in order.
run_both ticket -k ticket -g 64 -b 32 --arg buf:4 --arg "buf:256,out=$tmp/tickets.bin" --stats none
awk 'BEGIN { for (k = 0; k < 64; k++) printf "%d\n", k }' >"$tmp/tickets.want"
od -An -v -tu4 -w4 "$tmp/tickets.bin" | tr -d ' ' >"$tmp/tickets.got"
same "$tmp/tickets.want" "$tmp/tickets.got" "ticket: one ticket per block, in block order"
# Order-free atomics (red, and atom whose result is dead: integer add, max,
# xor) from 512 blocks run side by side as host atomics: no update is lost.
run_both count -k count_all -g 512 -b 256 --arg "buf:24,out=$tmp/count.bin" --stats none
n=$((n + 1))
got="$(od -An -v -tu4 -N12 "$tmp/count.bin" | tr -s ' ') $(od -An -v -tu8 -j16 "$tmp/count.bin" | tr -d ' ')"
# 8 n, n - 1, the xor of 0 .. n - 1 (0: n is a multiple of 4), 8 n (n - 1) / 2, n = 131072
[ "$got" = " 1048576 131071 0 68718952448" ] ||
  failed "count: order-free atomics on 4 threads gave '$got'"
# A register stored before it is written reads 0 in every block, not
# what the block run before on the same host thread left (isa/reg_init.c).
run_both uninit -k read_before_write -g 16 -b 64 --arg "buf:4096,out=$tmp/uninit.bin" --stats none
n=$((n + 1))
[ "$(od -An -v -tu4 "$tmp/uninit.bin" | tr -s ' ' '\n' | grep -c '^[1-9]')" -eq 0 ] ||
  failed "uninit: a register read before written is 0 in every block"
# A fault in block 37 and in every block from 50 on: block 37 is named.
run_both fault -k fault_at -g 64 -b 64 --arg buf:4 --arg u32:37 --arg u32:50
n=$((n + 1))
grep -q "in kernel fault_at, block (37,0,0), thread (0,0,0)" "$tmp/fault.4.err" ||
  failed "fault: block 37 named on 4 threads"
n=$((n + 1))
grep -q "^exit 1" "$tmp/fault.4.out" || failed "fault: exit status 1 on 4 threads"
# Blocks from 30 on never end: the limit stops the launch in block 30.
run_both limit -k spin_from -g 64 -b 64 --arg u32:30 --max-instructions 100000
n=$((n + 1))
grep -q "stopped after 100000 warp instructions" "$tmp/limit.4.err" &&
  grep -q "in block (30,0,0)" "$tmp/limit.4.err" ||
  failed "limit: stopped after the limit in block 30 on 4 threads"
# A limit the blocks fit in exactly: 30 blocks of 2 warps, 100 iterations
# of 6 instructions and 7 more per warp... counted by one thread first.
"$PTXSIM" run "$fix/threads.ptx" -k spin_from -g 30 -b 64 --arg u32:30 --threads 1 \
  --stats json >"$tmp/fit.json" 2>&1
need=$(sed -n 's/.*"warp_instructions": \([0-9]*\).*/\1/p' "$tmp/fit.json")
if [ -n "$need" ]; then
  for threads in 1 4; do
    n=$((n + 1))
    "$PTXSIM" run "$fix/threads.ptx" -k spin_from -g 30 -b 64 --arg u32:30 --threads $threads \
      --max-instructions "$need" --stats none >/dev/null 2>&1 ||
      failed "limit: $need instructions suffice on $threads threads"
    n=$((n + 1))
    "$PTXSIM" run "$fix/threads.ptx" -k spin_from -g 30 -b 64 --arg u32:30 --threads $threads \
      --max-instructions $((need - 1)) --stats none >/dev/null 2>&1 &&
      failed "limit: $((need - 1)) instructions do not suffice on $threads threads"
  done
else
  failed "limit: no instruction count from one thread"
fi
# Usage errors.
for bad in -1 lots 4097; do
  n=$((n + 1))
  "$PTXSIM" run "$fix/threads.ptx" -k spin_from -g 1 -b 1 --arg u32:0 --threads "$bad" \
    >/dev/null 2>"$tmp/usage.err"
  [ $? -eq 2 ] && grep -q -- "--threads needs" "$tmp/usage.err" ||
    failed "run --threads $bad: usage error"
  n=$((n + 1))
  "$PTXSIM" exec --threads "$bad" -- true >/dev/null 2>"$tmp/usage.err"
  [ $? -eq 2 ] && grep -q -- "--threads wants" "$tmp/usage.err" ||
    failed "exec --threads $bad: usage error"
done

[ $fail -eq 0 ] && echo "$drivers drivers, the CUDA programs and $n checks: 1 and N threads agree"
exit $((fail != 0))
