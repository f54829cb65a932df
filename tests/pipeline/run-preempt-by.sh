#!/bin/sh
# run-preempt-by.sh -- `ptxsim run --preempt-by`: a second kernel
# (tests/pipeline/preempt_by.ptx shortk) preempts the first (longk) at
# cycle 3000 on 2 SMs of gtx480; both output files must equal those of the
# kernels run alone, in occupancy mode and in place in live_cp with
# poisoned dead registers; the statistics, the preemption report (one
# event per SM, each marked as the second kernel's) and the line on the
# second kernel must show it.  Usage errors exit 2.  The in-place numbers
# (1 CTA evicted, 3 kept per SM) are derived in check_preempt_by.c.
set -u
: "${PTXSIM:?set PTXSIM to the ptxsim binary}"
: "${srcdir:=.}"
# shellcheck source=tests/expect-lib.sh
. "$srcdir/tests/expect-lib.sh" # fail=0 n=0 $tmp; failed, expect_*
ptx=$srcdir/tests/pipeline/preempt_by.ptx
regs='--option -ptxsim_kernel_regs=longk:32 --option -ptxsim_kernel_regs=shortk:16'

# shellcheck disable=SC2086
"$PTXSIM" run "$ptx" -k longk -g 60 -b 256 --arg "buf:61440,out=$tmp/a1" --arg u32:100 \
  --mode timing $regs --stats none || failed "longk alone"
# shellcheck disable=SC2086
"$PTXSIM" run "$ptx" -k shortk -g 4 -b 128 --arg "buf:2048,out=$tmp/a2" --arg u32:300 \
  --mode timing $regs --stats none || failed "shortk alone"

for variant in occupancy:0 live_cp:1; do
  mode=${variant%%:*} inplace=${variant#*:}
  # shellcheck disable=SC2086
  if ! "$PTXSIM" run "$ptx" -k longk -g 60 -b 256 --arg "buf:61440,out=$tmp/p1" --arg u32:100 \
    --mode timing $regs --option "-ptxsim_preempt_mode=$mode" \
    --option "-ptxsim_preempt_inplace=$inplace" --option -ptxsim_preempt_poison=1 \
    --preempt-by shortk --preempt-grid 4 --preempt-block 128 \
    --preempt-arg "buf:2048,out=$tmp/p2" --preempt-arg u32:300 --preempt-at 3000 \
    --preempt-sms 2 --stats text --report preemption >"$tmp/out" 2>"$tmp/err"; then
    failed "$mode: the preempted run failed"
    sed 's/^/  | /' "$tmp/err"
    continue
  fi
  cmp -s "$tmp/a1" "$tmp/p1" || failed "$mode: longk's output differs from its run alone"
  cmp -s "$tmp/a2" "$tmp/p2" || failed "$mode: shortk's output differs from its run alone"
  cat "$tmp/out" "$tmp/err" >"$tmp/all"
  grep -q '^preempting kernel shortk: started at cycle [0-9]* on 2 SMs (at most 2 CTAs each)' \
    "$tmp/all" || failed "$mode: no line on the second kernel"
  grep -q '^ptxsim_preempt_events = 2$' "$tmp/all" || failed "$mode: not 2 events"
  [ "$(grep -c 'switched out for a second kernel' "$tmp/all")" = 2 ] ||
    failed "$mode: the report does not mark both events"
  if [ "$inplace" = 1 ]; then
    want_ev=2 want_kept=6
  else
    want_ev=8 want_kept=0
  fi
  grep -q "^ptxsim_preempt_tbs_evicted = $want_ev\$" "$tmp/all" ||
    failed "$mode: CTAs evicted not $want_ev"
  grep -q "^ptxsim_preempt_tbs_kept = $want_kept\$" "$tmp/all" ||
    failed "$mode: CTAs kept not $want_kept"
done

# Usage errors: a --preempt-* option without --preempt-by, --preempt-by
# in functional mode or without its grid.
"$PTXSIM" run "$ptx" -k longk -g 1 -b 32 --arg buf:128 --arg u32:1 --preempt-at 5 \
  >/dev/null 2>&1
[ $? -eq 2 ] || failed "--preempt-at without --preempt-by is not a usage error"
"$PTXSIM" run "$ptx" -k longk -g 1 -b 32 --arg buf:128 --arg u32:1 --preempt-by shortk \
  --preempt-grid 1 --preempt-block 32 >/dev/null 2>&1
[ $? -eq 2 ] || failed "--preempt-by in functional mode is not a usage error"
"$PTXSIM" run "$ptx" -k longk -g 1 -b 32 --arg buf:128 --arg u32:1 --mode timing \
  --preempt-by shortk --preempt-block 32 >/dev/null 2>&1
[ $? -eq 2 ] || failed "--preempt-by without --preempt-grid is not a usage error"
"$PTXSIM" run "$ptx" -k longk -g 1 -b 32 --arg buf:128 --arg u32:1 --mode timing \
  --preempt-by nosuch --preempt-grid 1 --preempt-block 32 >/dev/null 2>&1
[ $? -eq 1 ] || failed "--preempt-by of a missing kernel does not fail"

[ "$fail" -eq 0 ] || exit 1
echo "PASS: run-preempt-by"
