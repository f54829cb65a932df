#!/bin/sh
# run-scalar-combos.sh -- the redundancy-elimination designs of issue 16
# (token bits, the scalar register file, the instruction reuse buffer)
# change where and when a uniform instruction computes, never what it
# computes: every corpus driver and every prebuilt CUDA program
# (combos-lib.sh) runs under
#   gtx280_ilp, gtx480 drivers:  -ptxsim_scalar_mode none, token and srf,
#                 srf with -ptxsim_srf_entries 4 (the SRF fills: the
#                 no-conversion path), and the instruction reuse buffer
#                 on each design, combined on one GPU and inter on the
#                 other (-ptxsim_redundancy), and reliability with fault
#                 injection (token.rel, srf.rel: combined, 10^4 upsets per
#                 10^6 scalar computations and entry writes), and token
#                 combined without the check (the record's cheaper path);
#   gtx280_ilp programs: token and srf, token combined and srf inter;
# and must pass: results against the CPU reference or the functional
# mode's output, and, per launch, the thread-instructions of the first
# (none) run on the same GPU -- a converted instruction still counts its
# active threads, so bench-scalar's speedups are IPC ratios.  Every run
# with token or srf also sets -ptxsim_scalar_check 1, so every register
# marked uniform in the corpus is checked to hold one value.
# Each design must take effect: ptxsim_scalar_converted_issues is 0 with
# none and above 0 somewhere in the corpus with token or srf;
# ptxsim_srf_full_events above 0 with 4 SRF entries; ptxsim_irb_reused_issues
# above 0 with the IRB (inter converts nothing: its check is on reuse).
# A combination whose option or value this build refuses (the mechanism
# is not merged yet) is skipped with a SKIP line; when every one is, the
# test is skipped (77).
set -u
# shellcheck source=tests/pipeline/combos-lib.sh
. "${srcdir:-.}/tests/pipeline/combos-lib.sh"

# combo_options NAME: the options of a combination, or what this build
# refuses and status 1.  Names: none, token, srf, srf4 (4 SRF entries),
# token.comb and srf.comb (the combined IRB), token.inter and srf.inter,
# token.rel and srf.rel (reliability, faults), token.nocheck (combined,
# without the debug check).
combo_options() {
  check='-ptxsim_scalar_check 1'
  case $1 in
  none) set -- "-ptxsim_scalar_mode none" ;;
  token | srf) set -- "-ptxsim_scalar_mode $1" "$check" ;;
  srf4) set -- "-ptxsim_scalar_mode srf" "-ptxsim_srf_entries 4" "$check" ;;
  *.comb) set -- "-ptxsim_scalar_mode ${1%.comb}" "-ptxsim_redundancy combined" "$check" ;;
  # Without the check the reuse buffer takes the record's cheaper path
  # (SIMT_REC_SCALARS: the first lane's operands only).
  *.nocheck) set -- "-ptxsim_scalar_mode ${1%.nocheck}" "-ptxsim_redundancy combined" ;;
  *.inter) set -- "-ptxsim_scalar_mode ${1%.inter}" "-ptxsim_redundancy inter" "$check" ;;
  *.rel) set -- "-ptxsim_scalar_mode ${1%.rel}" "-ptxsim_redundancy combined" \
    "-ptxsim_scalar_reliability 1" "-ptxsim_scalar_fault_ppm 10000" "$check" ;;
  esac
  co_opts='' co_so_far=''
  for o in "$@"; do
    co_so_far="$co_so_far $o"
    # shellcheck disable=SC2086
    if ! probe $co_so_far; then
      echo "$o: $probe_refusal"
      return 1
    fi
    co_opts="$co_opts $(echo "$o" | tr ' ' '=')"
  done
  echo "$co_opts"
}
# refused WHAT: sets opts to $combo's options and returns 1; or, where
# this build refuses one, skips an unknown option or value (SKIP), fails
# on any other refusal, and returns 0.
refused() {
  opts=$(combo_options "$combo") && return 1
  case $opts in
  *unknown*) echo "SKIP: $1: not in this build ($opts)"; skipped=$((skipped + 1)) ;;
  *) failed "$1: the configuration refuses $opts" ;;
  esac
  return 0
}
ran=0
run_drivers() { # config combination
  config=$1 combo=$2
  refused "$config $combo" && return
  ran=$((ran + 1)) before=$fails tag=$config.$combo
  run_drivers_with "$config" "$opts" "$tag"
  awk -v combo="$combo" '
    { sum[$1] += $3 }
    END {
      conv = sum["ptxsim_scalar_converted_issues"] + 0
      if (combo == "none" && conv != 0)
        print "ptxsim_scalar_converted_issues is " conv " with -ptxsim_scalar_mode none"
      if (combo != "none" && combo !~ /\.inter$/ && conv == 0)
        print "ptxsim_scalar_converted_issues is 0 with " combo
      if (combo == "srf4" && sum["ptxsim_srf_full_events"] == 0)
        print "ptxsim_srf_full_events is 0 with 4 SRF entries"
      if (combo ~ /\.rel$/ && (sum["ptxsim_scalar_faults_corrected"] == 0 ||
                                sum["ptxsim_scalar_faults_silent"] != 0))
        print "faults corrected " sum["ptxsim_scalar_faults_corrected"] + 0 ", silent " \
              sum["ptxsim_scalar_faults_silent"] + 0 " with " combo
      if (combo ~ /\.inter$/ && conv != 0)
        print "ptxsim_scalar_converted_issues is " conv " with " combo
      if (combo ~ /\.(comb|inter)$/ && sum["ptxsim_irb_reused_issues"] == 0)
        print "ptxsim_irb_reused_issues is 0 with " combo
    }' "$tmp/$tag.stats" >"$tmp/effect"
  if [ -s "$tmp/effect" ]; then
    failed "$config $combo ($opts): the options did not take effect:"
    sed 's/^/  | /' "$tmp/effect"
  fi
  [ $fails -eq "$before" ] &&
    echo "ok: $config $combo: $(grep -c '^== ' "$tmp/$tag.stats") launches"
}

start=$(date +%s)
for combo in none token srf srf4 token.comb srf.inter srf.rel; do
  run_drivers gtx280_ilp $combo
done
for combo in none token srf srf4 srf.comb token.inter token.rel token.nocheck; do
  run_drivers gtx480 $combo
done

# ---- the CUDA programs, against their functional-mode output
for combo in token srf token.comb srf.inter; do
  refused "exec gtx280_ilp $combo" && continue
  ran=$((ran + 1)) before=$fails
  run_programs_with gtx280_ilp "$opts"
  [ $fails -eq "$before" ] && echo "ok: exec gtx280_ilp $combo: $n_programs programs"
done

echo "$runs runs in $(($(date +%s) - start)) s; $skipped combinations skipped"
[ $fail -eq 0 ] && [ $ran -eq 0 ] && { echo "SKIP: no scalar mode in this build"; exit 77; }
[ $fail -eq 0 ] && echo "every run passed"
exit $fail
