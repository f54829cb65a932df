#!/bin/sh
# run-skip-idle.sh -- -ptxsim_skip_idle 0 turns off what the timing loop
# skips (DRAM scheduling passes that cannot issue, warps asleep until
# memory or a barrier wakes them, ordering warps an LRR scheduler will not
# try; doc/architecture.md, "How the timing loop skips").  Skipping must
# change nothing: every corpus driver, on gtx480 and sm75, must give the
# statistics of the golden file (written with skipping on) with skipping
# off; and kernels of the benchmark corpus that keep the DRAM and the
# schedulers busy (local memory, a divergent walk, a streaming add) must
# print the same statistics with either setting.
set -u
: "${PTXSIM:?set PTXSIM to the ptxsim binary}"
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
    echo "#### $config $(basename "$t")" >>"$tmp/stats.raw"
    if ! out=$(PTXSIM_TEST_MODE=timing PTXSIM_TEST_CONFIG=$config \
      PTXSIM_TEST_OPTIONS=-ptxsim_skip_idle=0 PTXSIM_TEST_STATS="$tmp/stats.raw" "$t" 2>&1); then
      echo "FAIL: $(basename "$t") on $config without skipping"
      printf '%s\n' "$out" | tail -n 20
      fail=1
    fi
  done
done
[ "$n" -gt 0 ] || { echo "no drivers found under $top_builddir/tests/drivers"; exit 99; }
grep -v -e '^gpgpu_simulation_' "$tmp/stats.raw" >"$tmp/stats.txt"
if ! cmp -s "$golden" "$tmp/stats.txt"; then
  echo "FAIL: statistics without skipping differ from $golden:"
  diff -u "$golden" "$tmp/stats.txt" | head -n 40
  fail=1
fi

ptx=$srcdir/benchmarks/ptx
# 4096 words of 0..63 (indices of local_array's 64-word array, lengths of
# the divergent walks), built by printf from octal escapes.
awk 'BEGIN { srand(7); for (i = 0; i < 4096; i++) printf "\\%03o\\000\\000\\000", int(rand() * 64) }' \
  >"$tmp/words.fmt"
# shellcheck disable=SC2059
printf "$(cat "$tmp/words.fmt")" >"$tmp/words.bin"
[ "$(wc -c <"$tmp/words.bin")" -eq 16384 ] || { echo "FAIL: test input"; exit 99; }
w=$tmp/words.bin
# Small grids: a few hundred thousand cycles each at most.
run_both() {
  name=$1
  shift
  for skip in 0 1; do
    if ! "$PTXSIM" run "$@" --mode timing --option "-ptxsim_skip_idle=$skip" --stats text \
      >/dev/null 2>"$tmp/$name.$skip.err"; then
      echo "FAIL: $name with -ptxsim_skip_idle=$skip"
      tail -n 5 "$tmp/$name.$skip.err"
      fail=1
    fi
    grep -v -e '^gpgpu_simulation_' -e 'wall time' "$tmp/$name.$skip.err" >"$tmp/$name.$skip"
  done
  if ! cmp -s "$tmp/$name.0" "$tmp/$name.1"; then
    echo "FAIL: $name: statistics differ with and without skipping"
    diff -u "$tmp/$name.0" "$tmp/$name.1" | head -n 20
    fail=1
  fi
  n=$((n + 1))
}
for config in gtx480 sm75; do
  run_both "local_array-$config" "$ptx/local_array.ptx" -k local_array_i32 -g 16 -b 256 \
    --arg "buf:in=$w" --arg "buf:in=$w" --arg buf:16384 --arg u32:4096 --config $config
  run_both "divergent_walk-$config" "$ptx/divergence.ptx" -k divergent_walk -g 32 -b 128 \
    --arg "buf:in=$w" --arg buf:16384 --arg u32:4096 --config $config
  run_both "vecadd-$config" "$ptx/vecadd.ptx" -k vecadd -g 16 -b 256 \
    --arg "buf:in=$w" --arg "buf:in=$w" --arg buf:16384 --arg u32:4096 --config $config
done
[ $fail -eq 0 ] && echo "$n runs without skipping gave the statistics of the runs with it"
exit $fail
