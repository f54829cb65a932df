# shellcheck shell=sh disable=SC2154 # PTXSIM, srcdir, top_builddir, tmp: the caller's
# threads-lib.sh -- the comparisons of one host thread with several that
# run-threads-tests.sh (functional mode) and
# tests/pipeline/run-timing-threads.sh (timing mode) share.  Source it
# after expect-lib.sh; it uses $PTXSIM, $srcdir, $top_builddir, $tmp and
# same().

# threads_drivers N LABEL: every corpus driver (tests/drivers/check_*) on 1
# and N threads (PTXSIM_TEST_THREADS), with the environment the caller
# exported (PTXSIM_TEST_MODE, PTXSIM_TEST_CONFIG, ...): the same output and
# the same statistics for every launch (PTXSIM_TEST_STATS; the wall-clock
# rates, gpgpu_simulation_*, aside).  LABEL tells runs apart in messages
# and file names.  Adds the drivers it ran to $drivers; exits 99 when
# there is none.
threads_drivers() {
  td_n=$1 td_label=$2 td_found=0
  for td_t in "$top_builddir"/tests/drivers/check_*; do
    case $td_t in *.o | *.log | *.trs | *.c) continue ;; esac
    [ -x "$td_t" ] || continue
    td_name=$(basename "$td_t")$td_label
    td_found=$((td_found + 1))
    for td_threads in 1 "$td_n"; do
      td_f=$tmp/$td_name.$td_threads
      if ! PTXSIM_TEST_THREADS=$td_threads PTXSIM_TEST_STATS="$td_f.raw" "$td_t" \
        >"$td_f.out" 2>&1; then
        failed "$td_name on $td_threads threads"
        tail -n 20 "$td_f.out"
      fi
      # Check's own summary line carries a time; the rest must match.
      sed -e 's/[0-9.]*s elapsed//' -e '/^Running suite/d' "$td_f.out" >"$td_f.cmp"
      grep -v '^gpgpu_simulation_' "$td_f.raw" >"$td_f.stats" 2>/dev/null
    done
    same "$tmp/$td_name.1.cmp" "$tmp/$td_name.$td_n.cmp" "$td_name: output on $td_n threads"
    same "$tmp/$td_name.1.stats" "$tmp/$td_name.$td_n.stats" \
      "$td_name: statistics on $td_n threads"
  done
  [ "$td_found" -gt 0 ] || { echo "no drivers under $top_builddir/tests/drivers"; exit 99; }
  drivers=$((${drivers:-0} + td_found))
}

# threads_programs LABEL EXEC-ARGS...: every prebuilt CUDA program
# (tests/exec/bin) under `ptxsim exec EXEC-ARGS` on 1 and 3 threads: the
# same output, exit status, messages and statistics JSON (wall-clock
# figures aside).
threads_programs() {
  tp_label=$1
  shift
  for tp_prog in "$srcdir"/tests/exec/bin/*; do
    [ -f "$tp_prog" ] || continue
    tp_name=$(basename "$tp_prog")
    # It races exit() against launches on purpose: its output is not fixed.
    [ "$tp_name" = exit_while_launching ] && continue
    tp_args=
    [ "$tp_name" = multi_gpu ] && tp_args="--devices 2"
    for tp_threads in 1 3; do
      tp_f=$tmp/$tp_name$tp_label.$tp_threads
      # shellcheck disable=SC2086
      timeout 600 "$PTXSIM" exec $tp_args "$@" --threads $tp_threads --stats "$tp_f.json" \
        -- "$tp_prog" >"$tp_f.out" 2>"$tp_f.err"
      echo "exit $?" >>"$tp_f.out"
      sed -e 's/"wall_seconds": [0-9.e+-]*//g' -e 's/"gpgpu_simulation_[a-z_]*": [0-9.e+-]*//g' \
        "$tp_f.json" >"$tp_f.stats"
    done
    for tp_what in out:output err:messages stats:statistics; do
      same "$tmp/$tp_name$tp_label.1.${tp_what%%:*}" "$tmp/$tp_name$tp_label.3.${tp_what%%:*}" \
        "$tp_name: ${tp_what#*:} on 3 threads$tp_label"
    done
  done
}
