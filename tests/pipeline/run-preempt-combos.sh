#!/bin/sh
# run-preempt-combos.sh -- preemption (issue 17, pipeline/preempt_ctl.h)
# moves a preempted SM's warps out of the SM and back, never changes what
# they compute: every corpus driver (combos-lib.sh) runs on gtx480 with
# an interrupt every 1000 cycles (-ptxsim_preempt_inject 1000: every
# launch of more than a few thousand cycles is preempted several times)
# in each mode -- occupancy, drain, live, live_cp -- with
# -ptxsim_preempt_poison 1 (the registers a mode does not save, dead at
# the warp's pc, come back as garbage), and must pass: results against
# the CPU reference, and per launch the thread-instructions of the run
# without injection.  Each mode must take effect: ptxsim_preempt_events
# above 0; warps saved in every mode but drain; ptxsim_pp_hits above 0
# in live and live_cp only, and some CTA caught at a barrier (TB-level
# compression counted) in them.  The context goes through memsys (the
# default); live_cp with TB-level compression saved and occupancy under
# the State/BW model run too.
# The test of the test: -ptxsim_preempt_poison 2 also poisons one live
# register per restored warp (a deliberately broken liveness): some
# driver must then fail.
# A few CUDA programs run under ptxsim exec with injection in live mode
# and must print what they print in functional mode.
set -u
# shellcheck source=tests/pipeline/combos-lib.sh
. "${srcdir:-.}/tests/pipeline/combos-lib.sh"

inject='-ptxsim_preempt_inject=1000 -ptxsim_preempt_poison=1'
if ! probe -ptxsim_preempt_mode live; then
  echo "SKIP: no preemption controller in this build ($probe_refusal)"
  exit 77
fi
start=$(date +%s)
run_drivers_with gtx480 '-ptxsim_preempt_inject=0' gtx480.off
# Each mode moves the context through memsys (-ptxsim_preempt_bw 0, the
# default); two more runs cover the State/BW model and TB-level
# compression at barriers (MODE:EXTRA-OPTION).
for variant in occupancy drain live live_cp live_cp:-ptxsim_preempt_tb_compress=1 \
  occupancy:-ptxsim_preempt_bw=64; do
  mode=${variant%%:*} more=
  [ "$mode" != "$variant" ] && more=${variant#*:}
  before=$fails
  tag=gtx480.$mode${more:+.$(echo "$more" | tr -c 'a-z0-9\n' _)}
  run_drivers_with gtx480 "-ptxsim_preempt_mode=$mode $inject $more" "$tag"
  awk -v mode="$mode" '
    { sum[$1] += $3 }
    END {
      if (sum["ptxsim_preempt_events"] == 0) print "no preemption event with " mode
      if (mode != "drain" && sum["ptxsim_preempt_warps_saved"] == 0)
        print "no warp saved with " mode
      pp = sum["ptxsim_pp_hits"]
      if ((mode ~ /^live/) != (pp > 0)) print "ptxsim_pp_hits is " pp " with " mode
      if (mode ~ /^live/ && sum["ptxsim_preempt_tbs_at_barrier"] == 0)
        print "no CTA compressed TB-level at a barrier with " mode
    }' "$tmp/$tag.stats" >"$tmp/effect"
  if [ -s "$tmp/effect" ]; then
    failed "gtx480 $mode $more: the options did not take effect:"
    sed 's/^/  | /' "$tmp/effect"
  fi
  [ $fails -eq "$before" ] &&
    echo "ok: gtx480 $mode $more: $(grep -c '^== ' "$tmp/$tag.stats") launches," \
      "$(awk '$1 == "ptxsim_preempt_events" { n += $3 } END { print n + 0 }' \
        "$tmp/$tag.stats") preemptions"
done

# ---- the broken liveness must be caught
broken=0
for t in $drivers; do
  runs=$((runs + 1))
  if ! PTXSIM_TEST_MODE=timing PTXSIM_TEST_CONFIG=gtx480 \
    PTXSIM_TEST_OPTIONS="-ptxsim_preempt_mode=live -ptxsim_preempt_inject=1000 -ptxsim_preempt_poison=2" \
    timeout $limit "$t" >/dev/null 2>&1; then
    broken=$((broken + 1))
  fi
done
if [ $broken -eq 0 ]; then
  failed "-ptxsim_preempt_poison 2 (one live register poisoned) broke no driver"
else
  echo "ok: a broken liveness fails $broken drivers"
fi

# ---- a few CUDA programs under ptxsim exec
for prog in bfs_csr histogram reduce_shared nbody calls_recursion divergence; do
  [ -f "$srcdir/tests/exec/bin/$prog" ] || continue
  [ -f "$tmp/$prog.functional" ] ||
    timeout $limit "$PTXSIM" exec -q -- "$srcdir/tests/exec/bin/$prog" >"$tmp/$prog.functional" 2>/dev/null
  runs=$((runs + 1))
  if ! timeout $limit "$PTXSIM" exec -q --config gtx480 --option -ptxsim_preempt_mode=live \
    --option -ptxsim_preempt_inject=1000 --option -ptxsim_preempt_poison=1 \
    -- "$srcdir/tests/exec/bin/$prog" >"$tmp/out" 2>"$tmp/err"; then
    failed "$prog (exec) with injection"
    tail -n 20 "$tmp/err" | sed 's/^/  | /'
  elif ! cmp -s "$tmp/$prog.functional" "$tmp/out"; then
    failed "$prog (exec) with injection prints something else than in functional mode"
  else
    echo "ok: exec $prog with injection"
  fi
done

# ... and the broken liveness shows under exec too (nbody is preempted).
if [ -f "$srcdir/tests/exec/bin/nbody" ] && [ -f "$tmp/nbody.functional" ]; then
  runs=$((runs + 1))
  timeout $limit "$PTXSIM" exec -q --config gtx480 --option -ptxsim_preempt_mode=live \
    --option -ptxsim_preempt_inject=1000 --option -ptxsim_preempt_poison=2 \
    -- "$srcdir/tests/exec/bin/nbody" >"$tmp/out" 2>&1
  if cmp -s "$tmp/nbody.functional" "$tmp/out"; then
    failed "nbody (exec): -ptxsim_preempt_poison 2 changed nothing (was it preempted?)"
  else
    echo "ok: exec nbody: a broken liveness changes its output"
  fi
fi

echo "$runs runs in $(($(date +%s) - start)) s"
[ $fail -eq 0 ] && echo "every run passed"
exit $fail
