#!/bin/sh
# run-drivers-timing.sh -- every corpus driver (tests/drivers/check_*) again
# in timing mode, on each named GPU configuration: the timing model executes
# each warp instruction when its pipeline issues it, so every kernel must
# compute exactly what its CPU reference (and functional mode) computes.
# (gtx280 is left out: its 16 KB of shared memory cannot hold every
# corpus kernel's CTA, which the launch rightly refuses.)
set -u
: "${srcdir:=.}"
: "${top_builddir:=.}"
export srcdir CK_FORK=yes
fail=0 n=0
for config in gtx480 sm75; do
  for t in "$top_builddir"/tests/drivers/check_*; do
    case $t in *.o | *.log | *.trs | *.c) continue ;; esac
    [ -x "$t" ] || continue
    n=$((n + 1))
    if ! out=$(PTXSIM_TEST_MODE=timing PTXSIM_TEST_CONFIG=$config "$t" 2>&1); then
      echo "FAIL: $(basename "$t") on $config"
      printf '%s\n' "$out" | tail -n 20
      fail=1
    fi
  done
done
[ "$n" -gt 0 ] || { echo "no drivers found under $top_builddir/tests/drivers"; exit 99; }
[ $fail -eq 0 ] && echo "$n driver runs in timing mode passed"
exit $fail
