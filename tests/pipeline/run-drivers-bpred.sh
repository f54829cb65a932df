#!/bin/sh
# run-drivers-bpred.sh -- every corpus driver (tests/drivers/check_*) in
# timing mode with each branch predictor (pipeline/sm_branch.h) on
# gtx280_ilp (seed 002 chapter 4's SM) and gtx480: a predictor changes
# when instructions issue, never what they compute, so every kernel must
# still match its CPU reference.  Wrong-path instructions are nullified,
# never executed.
#
# Each launch's branch statistics must also hold together:
#   lookups = conditional = divergent + correct + mispredicts;
#   perfect: no mispredicts, nothing nullified;
#   nullified <= mispredicts (both configurations resolve a branch the
#   cycle after its issue: one wrong-path slot per misprediction);
# and, where the tree has it, the stall causes add up to the stall classes
# (check-stall-causes.awk).  The totals per predictor are printed.
#
# gtx280_ilp's 16 KB of shared memory cannot hold every corpus kernel's
# CTA (see run-drivers-timing.sh); its runs here get 48 KB, which moves
# nothing the branch unit does.
set -u
: "${srcdir:=.}"
: "${top_builddir:=.}"
export srcdir CK_FORK=yes
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0 n=0
for config in gtx280_ilp gtx480; do
  for bp in btfn gshare perfect; do
    cfg=$tmp/$config-$bp.config
    stats=$tmp/$config-$bp.stats
    { cat "$srcdir/configs/$config.config"
      printf -- '-gpgpu_shmem_size 49152\n-gpgpu_shmem_per_block 49152\n'
      printf -- '-ptxsim_branch_predictor %s\n' "$bp"; } >"$cfg"
    : >"$stats"
    for t in "$top_builddir"/tests/drivers/check_*; do
      case $t in *.o | *.log | *.trs | *.c) continue ;; esac
      [ -x "$t" ] || continue
      n=$((n + 1))
      if ! out=$(PTXSIM_TEST_MODE=timing PTXSIM_TEST_CONFIG=$cfg PTXSIM_TEST_STATS=$stats \
        "$t" 2>&1); then
        echo "FAIL: $(basename "$t") on $config with $bp"
        printf '%s\n' "$out" | tail -n 20
        fail=1
      fi
    done
    awk -v what="$config $bp" -v perfect="$([ "$bp" = perfect ] && echo 1 || echo 0)" '
      function check() {
        if (kernel == "") return
        if (v["lookups"] != v["conditional"] ||
            v["lookups"] != v["divergent"] + v["correct"] + v["mispredicts"] ||
            v["nullified_warp_insn"] > v["mispredicts"] ||
            (perfect && v["mispredicts"] + v["nullified_warp_insn"] > 0)) {
          printf "%s, launch %d (%s): lookups %d conditional %d divergent %d correct %d " \
                 "mispredicts %d nullified %d\n", what, launches, kernel, v["lookups"],
                 v["conditional"], v["divergent"], v["correct"], v["mispredicts"],
                 v["nullified_warp_insn"]
          bad++
        }
        for (k in v) tot[k] += v[k]
        delete v
      }
      $1 == "kernel_name" { check(); kernel = $3; launches++ }
      $1 ~ /^ptxsim_bp_[a-z]+$/ && $1 != "ptxsim_bp_accuracy" {
        k = $1; sub(/^ptxsim_bp_/, "", k); v[k] = $3
      }
      $1 == "ptxsim_nullified_warp_insn" { v["nullified_warp_insn"] = $3 }
      $1 == "gpu_sim_cycle" { v["cycles"] = $3 }
      END {
        check()
        if (launches == 0) { print what ": no launches"; exit 1 }
        acc = tot["correct"] + tot["mispredicts"]
        printf "%s: %d launches, %d cycles, %d branches, %d conditional (%d divergent), " \
               "accuracy %.1f %%, %d nullified\n", what, launches, tot["cycles"],
               tot["branches"], tot["conditional"], tot["divergent"],
               acc ? 100 * tot["correct"] / acc : 100, tot["nullified_warp_insn"]
        exit bad > 0
      }' "$stats" || fail=1
    if [ -f "$srcdir/tests/pipeline/check-stall-causes.awk" ]; then
      grep -v -e '^gpgpu_simulation_' "$stats" >"$stats.txt"
      awk -f "$srcdir/tests/pipeline/check-stall-causes.awk" "$stats.txt" >/dev/null || {
        echo "FAIL: stall causes on $config with $bp"
        fail=1
      }
    fi
  done
done
[ "$n" -gt 0 ] || { echo "no drivers found under $top_builddir/tests/drivers"; exit 99; }
[ $fail -eq 0 ] && echo "$n driver runs with branch prediction passed"
exit $fail
