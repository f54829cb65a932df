#!/bin/sh
# run-drivers-scalar.sh -- every corpus driver (tests/drivers/check_*) in
# timing mode with each scalarizing register file (-ptxsim_scalar_mode
# token, srf; srf also with 16 entries, so that the full free list is
# exercised) and the debug check on (-ptxsim_scalar_check 1): a register
# marked uniform that holds different values in its warp's lanes stops the
# launch, and the register file only changes what instructions cost, so
# every kernel must compute what its CPU reference computes.  gtx480 (two
# schedulers, ALU interval 1) and gtx280_ilp (SFU and DP intervals 8).
#
# gtx280_ilp runs with gtx480's 48 KB of shared memory per SM and CTA, as
# in run-drivers-shared.sh.
set -u
: "${srcdir:=.}"
: "${top_builddir:=.}"
export srcdir CK_FORK=yes
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0 n=0
for base in gtx480 gtx280_ilp; do
  for mode in token srf srf16; do
    cfg=$tmp/$base-$mode.config
    {
      cat "$srcdir/configs/$base.config" || exit 99
      echo "-ptxsim_scalar_check 1"
      case $mode in
        srf16) echo "-ptxsim_scalar_mode srf"; echo "-ptxsim_srf_entries 16" ;;
        *) echo "-ptxsim_scalar_mode $mode" ;;
      esac
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
        echo "FAIL: $(basename "$t") on $base, -ptxsim_scalar_mode $mode"
        printf '%s\n' "$out" | tail -n 20
        fail=1
      fi
    done
  done
done
[ "$n" -gt 0 ] || { echo "no drivers found under $top_builddir/tests/drivers"; exit 99; }
[ $fail -eq 0 ] && echo "$n driver runs with scalarizing register files passed"
exit $fail
