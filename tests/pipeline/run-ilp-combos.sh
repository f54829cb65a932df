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
# listed in timing_dependent in combos-lib.sh, which runs the drivers
# and programs for this script and run-scalar-combos.sh.
set -u
# shellcheck source=tests/pipeline/combos-lib.sh
. "${srcdir:-.}/tests/pipeline/combos-lib.sh"

# ---- which values this build has
# A probe configuration with one option: unknown values are skipped
# (their mechanism is not merged yet), anything else is an error.
available() { # option value -> 0 when the build accepts it
  probe "$1" "$2" && return 0
  if grep -q "unknown [a-z_ ]*'$2'" "$tmp/probe.err"; then
    echo "SKIP: $1 $2: not in this build ($probe_refusal)"
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

run_drivers() { # config "B S P"
  config=$1 combo=$2
  if ! opts=$(combo_options $combo); then
    echo "SKIP: $config $combo: $opts"
    skipped=$((skipped + 1))
    return
  fi
  tag=$(echo "$config $combo" | tr ' ' '_')
  before=$fails
  run_drivers_with "$config" "$opts" "$tag"
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
for combo in "1 per_warp none" "1 shared btfn" "0 shared gshare" "1 per_warp perfect"; do
  if ! opts=$(combo_options $combo); then
    echo "SKIP: exec gtx280_ilp $combo: $opts"
    skipped=$((skipped + 1))
    continue
  fi
  before=$fails
  run_programs_with gtx280_ilp "$opts"
  [ $fails -eq "$before" ] && echo "ok: exec gtx280_ilp $combo: $n_programs programs"
done

echo "$runs runs in $(($(date +%s) - start)) s; $skipped combinations skipped"
[ $fail -eq 0 ] && echo "every run passed"
exit $fail
