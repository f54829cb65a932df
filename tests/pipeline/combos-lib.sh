# shellcheck shell=sh disable=SC2034
# combos-lib.sh -- sourced by the scripts that run the whole corpus under
# combinations of timing options whose results must not change
# (run-ilp-combos.sh, run-scalar-combos.sh): every corpus driver
# (tests/drivers/check_*, each checking its results against its CPU
# reference) and every prebuilt CUDA program (tests/exec/bin, whose output
# must be what it prints in functional mode), within a time limit (a
# deadlock fails, it does not hang), and per launch the same
# thread-instructions (gpu_sim_insn) as the first combination on the
# same GPU.  The kernels whose count depends on timing (retry and wait
# loops) are listed in timing_dependent (the decoupled look-back scans
# spin on their predecessors' flags).
#
# The GTX280's 16 KB of shared memory holds neither memory_spaces'
# shared_narrow CTA (19 KB) nor some programs' CTAs (thrust, runtime_api
# size theirs from the device): those runs get 48 KB (smem48), which
# changes occupancy, not what is computed.
#
# The caller reads fail, fails, runs and skipped, and calls failed.
: "${PTXSIM:?set PTXSIM to the ptxsim binary}"
: "${srcdir:=.}"
: "${top_builddir:=.}"
export srcdir CK_FORK=yes
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0 fails=0 runs=0 skipped=0
limit=300 # seconds per driver or program; each takes well under one
smem48='-gpgpu_shmem_size=49152 -gpgpu_shmem_per_block=49152'
timing_dependent='atomics_scoped:atomics_global coop_groups:cg_tile64 cp_async:cp_async_barrier'
timing_dependent="$timing_dependent cub_primitives:cub_lookback_scan cub_primitives:cub_lookback_scan64"

failed() {
  echo "FAIL: $*"
  fail=1 fails=$((fails + 1))
}

# probe OPTION VALUE [OPTION VALUE]...: does this build's configuration
# accept them, together (an option may need another's value)?  0 when it
# does; otherwise 1, and probe_refusal says why (the first error line).
probe() {
  : >"$tmp/probe.config"
  while [ $# -ge 2 ]; do
    printf -- '%s %s\n' "$1" "$2" >>"$tmp/probe.config"
    shift 2
  done
  if "$PTXSIM" config --config "$tmp/probe.config" --dump >/dev/null 2>"$tmp/probe.err"; then
    return 0
  fi
  probe_refusal=$(sed -n '1s/^.*error: //p' "$tmp/probe.err")
  return 1
}

# ---- the drivers
drivers=''
for t in "$top_builddir"/tests/drivers/check_*; do
  case $t in *.o | *.log | *.trs | *.c) continue ;; esac
  [ -x "$t" ] && drivers="$drivers $t"
done
[ -n "$drivers" ] || { echo "no drivers found under $top_builddir/tests/drivers"; exit 99; }

# gpu_sim_insn per launch, without the timing-dependent kernels
launch_insns() { # stats-file
  awk -v skip=" $timing_dependent " '
    /^== / { key = $2 ":" $3; keep = index(skip, " " key " ") == 0; if (keep) print; next }
    /^gpu_sim_insn = / && keep { print }' "$1"
}

# run_drivers_with CONFIG OPTIONS TAG: every driver in timing mode on
# CONFIG with OPTIONS (option=value words), the statistics of all their
# launches in $tmp/TAG.stats; then the stall breakdown by cause must add
# up to the three classes, and the thread-instructions per launch must be
# the first tag's on CONFIG.
run_drivers_with() {
  rd_config=$1 rd_opts=$2 rd_tag=$3
  : >"$tmp/$rd_tag.stats"
  for t in $drivers; do
    name=$(basename "$t")
    extra=''
    case $rd_config:$name in gtx280*:check_memory_spaces) extra=$smem48 ;; esac
    runs=$((runs + 1))
    if ! out=$(PTXSIM_TEST_MODE=timing PTXSIM_TEST_CONFIG=$rd_config \
      PTXSIM_TEST_OPTIONS="$rd_opts $extra" PTXSIM_TEST_STATS="$tmp/$rd_tag.stats" \
      timeout $limit "$t" 2>&1); then
      failed "$name on $rd_config with $rd_opts"
      printf '%s\n' "$out" | tail -n 20 | sed 's/^/  | /'
    fi
  done
  if ! awk -f "$srcdir/tests/pipeline/check-stall-causes.awk" "$tmp/$rd_tag.stats" >"$tmp/causes"; then
    failed "$rd_config $rd_tag: the stall causes do not add up:"
    head -n 10 "$tmp/causes" | sed 's/^/  | /'
  fi
  launch_insns "$tmp/$rd_tag.stats" >"$tmp/$rd_tag.insn"
  rd_first=$tmp/$rd_config.first.insn
  if [ ! -f "$rd_first" ]; then
    cp "$tmp/$rd_tag.insn" "$rd_first"
    echo "$rd_tag" >"$tmp/$rd_config.first.tag"
  elif ! cmp -s "$rd_first" "$tmp/$rd_tag.insn"; then
    failed "$rd_config $rd_tag: thread-instructions per launch differ from" \
      "$(cat "$tmp/$rd_config.first.tag")'s" \
      "(a kernel whose count depends on timing belongs in timing_dependent):"
    diff -u "$rd_first" "$tmp/$rd_tag.insn" | head -n 30 | sed 's/^/  | /'
  fi
}

# run_programs_with CONFIG OPTIONS: every CUDA program under ptxsim exec
# in timing mode on CONFIG with OPTIONS (and 48 KB of shared memory) must
# print what it prints in functional mode; n_programs counts them.
run_programs_with() {
  rp_config=$1 rp_opts=$2
  set -- --config "$rp_config"
  for o in $rp_opts $smem48; do set -- "$@" --option "$o"; done
  n_programs=0
  for prog in "$srcdir"/tests/exec/bin/*; do
    [ -f "$prog" ] || continue
    name=$(basename "$prog")
    if [ ! -f "$tmp/$name.functional" ]; then
      timeout $limit "$PTXSIM" exec -q -- "$prog" >"$tmp/$name.functional" 2>/dev/null ||
        failed "$name: functional mode"
    fi
    runs=$((runs + 1)) n_programs=$((n_programs + 1))
    if ! timeout $limit "$PTXSIM" exec -q "$@" -- "$prog" >"$tmp/out" 2>"$tmp/err"; then
      failed "$name (exec) on $rp_config with $rp_opts"
      tail -n 20 "$tmp/err" | sed 's/^/  | /'
    elif ! cmp -s "$tmp/$name.functional" "$tmp/out"; then
      failed "$name (exec) on $rp_config with $rp_opts prints something else than in functional mode"
      diff "$tmp/$name.functional" "$tmp/out" | head -n 20 | sed 's/^/  | /'
    fi
  done
}
