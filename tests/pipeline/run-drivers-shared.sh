#!/bin/sh
# run-drivers-shared.sh -- every corpus driver (tests/drivers/check_*) in
# timing mode with the shared scoreboard (-ptxsim_scoreboard shared,
# pipeline/dep_shared.c), with and without the bypass, on gtx280_ilp (the
# configuration it was written for) and gtx480 (more warps and two
# schedulers per SM): the scoreboard only decides when instructions issue,
# so every kernel must compute what its CPU reference computes, and every
# launch must finish (a scoreboard that never frees an entry or never
# wakes a warp ends the launch with "nothing can happen any more").
#
# gtx280_ilp runs with gtx480's 48 KB of shared memory per SM and CTA:
# with its own 16 KB some corpus kernels' CTAs do not fit, which the launch
# rightly refuses whatever the scoreboard.
set -u
: "${srcdir:=.}"
: "${top_builddir:=.}"
export srcdir CK_FORK=yes
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0 n=0
for base in gtx280_ilp gtx480; do
  for bypass in 0 1; do
    cfg=$tmp/$base-shared-$bypass.config
    {
      cat "$srcdir/configs/$base.config" || exit 99
      echo "-ptxsim_scoreboard shared"
      echo "-ptxsim_bypass $bypass"
      if [ "$base" = gtx280_ilp ]; then
        echo "-gpgpu_shmem_size 49152"
        echo "-gpgpu_shmem_per_block 49152"
      fi
    } >"$cfg"
    for t in "$top_builddir"/tests/drivers/check_*; do
      case $t in *.o | *.log | *.trs | *.c) continue ;; esac
      [ -x "$t" ] || continue
      n=$((n + 1))
      if ! out=$(PTXSIM_TEST_MODE=timing PTXSIM_TEST_CONFIG=$cfg "$t" 2>&1); then
        echo "FAIL: $(basename "$t") on $base, shared scoreboard, bypass $bypass"
        printf '%s\n' "$out" | tail -n 20
        fail=1
      fi
    done
  done
done
[ "$n" -gt 0 ] || { echo "no drivers found under $top_builddir/tests/drivers"; exit 99; }
[ $fail -eq 0 ] && echo "$n driver runs with the shared scoreboard passed"
exit $fail
