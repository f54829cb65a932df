#!/bin/sh
# run-ilp-combos.sh -- the ILP mechanisms of issue 15 change when warp
# instructions issue, never what they compute: every corpus driver
# (tests/drivers/check_*, each checking its results against its CPU
# reference) and every prebuilt CUDA program (tests/exec/bin, whose output
# must be what it prints in functional mode) runs under combinations of
#   -ptxsim_bypass 0|1
#   -ptxsim_scoreboard per_warp|shared
#   -ptxsim_branch_predictor none|btfn|gshare|perfect
# and must pass, within a time limit (a deadlock fails, it does not hang).
#   gtx280_ilp: the drivers under all 16 combinations, the programs under 4;
#   gtx480:     the drivers under 3 (the mechanisms on a GPGPU-Sim SM).
# A value whose unit is not registered in this build (the configuration
# says "unknown scoreboard 'shared'") skips its combinations with a
# message; an unknown option name fails.
#
# Also, per launch, the thread-instructions (gpu_sim_insn: A.10's IPC
# numerator) of every combination must equal the first combination's on
# the same GPU: wrong-path instructions are nullified, not counted, and a
# speedup in cycles is a speedup in IPC (make bench-ilp relies on it).
# The kernels whose count depends on timing (retry and wait loops) are
# listed in timing_dependent below (the decoupled look-back scans spin on
# their predecessors' flags).
#
# The GTX280's 16 KB of shared memory holds neither memory_spaces'
# shared_narrow CTA (19 KB) nor some programs' CTAs (thrust, runtime_api
# size theirs from the device): those runs get 48 KB
# (-gpgpu_shmem_size, -gpgpu_shmem_per_block), which changes occupancy,
# not what is computed.
set -u
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

# ---- which values this build has
# A probe configuration with one option: unknown values are skipped
# (their mechanism is not merged yet), anything else is an error.
available() { # option value -> 0 when the build accepts it
  printf -- '%s %s\n' "$1" "$2" >"$tmp/probe.config"
  if "$PTXSIM" config --config "$tmp/probe.config" --dump >/dev/null 2>"$tmp/probe.err"; then
    return 0
  fi
  if grep -q "unknown [a-z_ ]*'$2'" "$tmp/probe.err"; then
    echo "SKIP: $1 $2: not in this build ($(sed -n '1s/^.*error: //p' "$tmp/probe.err"))"
    return 1
  fi
  failed "probing $1 $2:"
  sed 's/^/  | /' "$tmp/probe.err"
  return 1
}
have=''
for v in per_warp shared; do
  available -ptxsim_scoreboard $v && have="$have sb:$v"
done
for v in none btfn gshare perfect; do
  available -ptxsim_branch_predictor $v && have="$have bp:$v"
done
available -ptxsim_bypass 1 && have="$have bypass"
has() { case " $have " in *" $1 "*) return 0 ;; esac; return 1; }

# "B S P" -> the options; or what is missing, and status 1
combo_options() {
  missing=''
  [ "$1" = 0 ] || has bypass || missing="$missing -ptxsim_bypass 1"
  has "sb:$2" || missing="$missing -ptxsim_scoreboard $2"
  has "bp:$3" || missing="$missing -ptxsim_branch_predictor $3"
  if [ -n "$missing" ]; then
    echo "not in this build:$missing"
    return 1
  fi
  echo "-ptxsim_bypass=$1 -ptxsim_scoreboard=$2 -ptxsim_branch_predictor=$3"
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

run_drivers() { # config "B S P"
  config=$1 combo=$2
  if ! opts=$(combo_options $combo); then
    echo "SKIP: $config $combo: $opts"
    skipped=$((skipped + 1))
    return
  fi
  tag=$(echo "$config $combo" | tr ' ' '_')
  before=$fails
  : >"$tmp/$tag.stats"
  for t in $drivers; do
    name=$(basename "$t")
    extra=''
    case $config:$name in gtx280*:check_memory_spaces) extra=$smem48 ;; esac
    runs=$((runs + 1))
    if ! out=$(PTXSIM_TEST_MODE=timing PTXSIM_TEST_CONFIG=$config \
      PTXSIM_TEST_OPTIONS="$opts $extra" PTXSIM_TEST_STATS="$tmp/$tag.stats" \
      timeout $limit "$t" 2>&1); then
      failed "$name on $config with $opts"
      printf '%s\n' "$out" | tail -n 20 | sed 's/^/  | /'
    fi
  done
  # The options took effect: each mechanism that is on shows in its
  # statistics somewhere in the corpus, and the bypass only when on.
  set -- $combo
  awk -v bypass="$1" -v sb="$2" -v bp="$3" '
    { sum[$1] += $3 }
    END {
      if ((sum["ptxsim_bypass_uses"] > 0) != (bypass == 1))
        print "ptxsim_bypass_uses is " sum["ptxsim_bypass_uses"] " with -ptxsim_bypass " bypass
      if (sb == "shared" && sum["ptxsim_scoreboard_commits"] == 0)
        print "ptxsim_scoreboard_commits is 0 with the shared scoreboard"
      if ((bp == "btfn" || bp == "gshare") && sum["ptxsim_bp_lookups"] == 0)
        print "ptxsim_bp_lookups is 0 with -ptxsim_branch_predictor " bp
    }' "$tmp/$tag.stats" >"$tmp/effect"
  if [ -s "$tmp/effect" ]; then
    failed "$config $combo: the options did not take effect:"
    sed 's/^/  | /' "$tmp/effect"
  fi
  # The stall breakdown by cause adds up to the three classes.
  if ! awk -f "$srcdir/tests/pipeline/check-stall-causes.awk" "$tmp/$tag.stats" >"$tmp/causes"; then
    failed "$config $combo: the stall causes do not add up:"
    head -n 10 "$tmp/causes" | sed 's/^/  | /'
  fi
  launch_insns "$tmp/$tag.stats" >"$tmp/$tag.insn"
  first=$tmp/$config.first.insn
  if [ ! -f "$first" ]; then
    cp "$tmp/$tag.insn" "$first"
    first_combo=$combo
  elif ! cmp -s "$first" "$tmp/$tag.insn"; then
    failed "$config $combo: thread-instructions per launch differ from $first_combo's" \
      "(a kernel whose count depends on timing belongs in timing_dependent):"
    diff -u "$first" "$tmp/$tag.insn" | head -n 30 | sed 's/^/  | /'
  fi
  [ $fails -eq "$before" ] &&
    echo "ok: $config $combo: $(grep -c '^== ' "$tmp/$tag.stats") launches"
}

start=$(date +%s)
for b in 0 1; do
  for s in per_warp shared; do
    for p in none btfn gshare perfect; do
      run_drivers gtx280_ilp "$b $s $p"
    done
  done
done
for combo in "1 per_warp none" "1 shared gshare" "0 shared perfect"; do
  run_drivers gtx480 "$combo"
done

# ---- the CUDA programs, against their functional-mode output
exec_dir=$srcdir/tests/exec
for combo in "1 per_warp none" "1 shared btfn" "0 shared gshare" "1 per_warp perfect"; do
  if ! opts=$(combo_options $combo); then
    echo "SKIP: exec gtx280_ilp $combo: $opts"
    skipped=$((skipped + 1))
    continue
  fi
  set -- --config gtx280_ilp
  for o in $opts $smem48; do set -- "$@" --option "$o"; done
  n=0 before=$fails
  for prog in "$exec_dir"/bin/*; do
    [ -f "$prog" ] || continue
    name=$(basename "$prog")
    if [ ! -f "$tmp/$name.functional" ]; then
      timeout $limit "$PTXSIM" exec -q -- "$prog" >"$tmp/$name.functional" 2>/dev/null ||
        failed "$name: functional mode"
    fi
    runs=$((runs + 1)) n=$((n + 1))
    if ! timeout $limit "$PTXSIM" exec -q "$@" -- "$prog" >"$tmp/out" 2>"$tmp/err"; then
      failed "$name (exec) on gtx280_ilp with $opts"
      tail -n 20 "$tmp/err" | sed 's/^/  | /'
    elif ! cmp -s "$tmp/$name.functional" "$tmp/out"; then
      failed "$name (exec) on gtx280_ilp with $opts prints something else than in functional mode"
      diff "$tmp/$name.functional" "$tmp/out" | head -n 20 | sed 's/^/  | /'
    fi
  done
  [ $fails -eq "$before" ] && echo "ok: exec gtx280_ilp $combo: $n programs"
done

echo "$runs runs in $(($(date +%s) - start)) s; $skipped combinations skipped"
[ $fail -eq 0 ] && echo "every run passed"
exit $fail
