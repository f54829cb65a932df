#!/bin/sh
# run-drivers-timing.sh -- every corpus driver (tests/drivers/check_*) again
# in timing mode, on each named GPU configuration: the timing model executes
# each warp instruction when its pipeline issues it, so every kernel must
# compute exactly what its CPU reference (and functional mode) computes.
# (gtx280 is left out: its 16 KB of shared memory cannot hold every
# corpus kernel's CTA, which the launch rightly refuses.)
#
# The timing statistics of every launch (cycles, stalls, cache and DRAM
# counts; not the wall-clock rates) must equal the golden file
# tests/pipeline/data/golden-timing-stats.txt: a change that moves a
# number must say why and update the file in the same commit, which
#   PTXSIM_GOLDEN_UPDATE=1 tests/pipeline/run-drivers-timing.sh
# rewrites (run from the top of the build tree).
set -u
: "${srcdir:=.}"
: "${top_builddir:=.}"
export srcdir CK_FORK=yes
golden=$srcdir/tests/pipeline/data/golden-timing-stats.txt
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0 n=0
for config in gtx480 sm75; do
  for t in "$top_builddir"/tests/drivers/check_*; do
    case $t in *.o | *.log | *.trs | *.c) continue ;; esac
    [ -x "$t" ] || continue
    n=$((n + 1))
    name=$(basename "$t")
    echo "#### $config $name" >>"$tmp/stats.raw"
    if ! out=$(PTXSIM_TEST_MODE=timing PTXSIM_TEST_CONFIG=$config \
      PTXSIM_TEST_STATS="$tmp/stats.raw" "$t" 2>&1); then
      echo "FAIL: $name on $config"
      printf '%s\n' "$out" | tail -n 20
      fail=1
    fi
  done
done
[ "$n" -gt 0 ] || { echo "no drivers found under $top_builddir/tests/drivers"; exit 99; }
grep -v -e '^gpgpu_simulation_' "$tmp/stats.raw" >"$tmp/stats.txt"
# The stall breakdown by cause adds up to the three classes, every launch.
awk -f "$srcdir/tests/pipeline/check-stall-causes.awk" "$tmp/stats.txt" || fail=1
if [ "${PTXSIM_GOLDEN_UPDATE:-0}" = 1 ]; then
  cp "$tmp/stats.txt" "$golden" && echo "wrote $golden"
elif ! cmp -s "$golden" "$tmp/stats.txt"; then
  echo "FAIL: timing statistics differ from $golden:"
  diff -u "$golden" "$tmp/stats.txt" | head -n 60
  fail=1
fi
[ $fail -eq 0 ] && echo "$n driver runs in timing mode passed, statistics as golden"
exit $fail
