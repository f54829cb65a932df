#!/bin/sh
# run-synccheck-tests.sh -- synccheck (isa/synccheck.c): kernels of
# tests/synccheck/synccheck.ptx that break a synchronisation rule fault
# with the rule, the PTX line, kernel, block and thread, exit 1; kernels
# that keep the rules the ways real programs do run, with results worked
# out by hand in the kernels' comments.
set -u
: "${PTXSIM:?set PTXSIM to the ptxsim binary}"
: "${srcdir:=.}"
# shellcheck source=tests/expect-lib.sh
. "$srcdir/tests/expect-lib.sh" # fail=0 n=0 $tmp; failed, expect_*
ptx=synccheck.ptx
cd "$srcdir/tests/synccheck" || exit 99

run() { # expected-status kernel threads
  n=$((n + 1))
  "$PTXSIM" run "$ptx" -k "$2" -g 1 -b "$3" --arg "buf:256,out=$tmp/$2.bin" --stats none \
    >"$tmp/out" 2>"$tmp/err"
  got=$?
  if [ "$got" -ne "$1" ]; then
    failed "$2: exit status $got, expected $1"
    sed 's/^/  | /' "$tmp/err"
  fi
}
expect_err() { # text description
  n=$((n + 1))
  grep -qF -- "$1" "$tmp/err" || { failed "$2: '$1' not in:"; sed 's/^/  | /' "$tmp/err"; }
}
words() { # kernel -> its output buffer as one u32 per line
  od -An -v -tu4 -w4 "$tmp/$1.bin" | tr -d ' '
}
expect_words() { # kernel expected-words-separated-by-spaces
  n=$((n + 1))
  got=$(words "$1" | head -n "$(echo "$2" | wc -w)" | tr '\n' ' ' | sed 's/ $//')
  [ "$got" = "$2" ] || failed "$1: results '$got', expected '$2'"
}

# ---- rules broken
run 1 bad_own_bit 32
expect_err "synccheck.ptx:20:3: error: shfl.sync.idx.b32: invalid warp synchronization: the membermask 0x0000ffff of lane 16 does not include the lane (executing lanes 0xffffffff)" "own bit"
expect_err "in kernel bad_own_bit, block (0,0,0), thread (16,0,0)" "own bit: where"
run 1 bad_diverged 32
expect_err "synccheck.ptx:39:3: error: shfl.sync.bfly.b32: invalid warp synchronization: the membermask 0xffffffff names lanes 0xffff0000 that do not execute it (executing lanes 0x0000ffff)" "diverged shfl"
run 1 bad_predicated 32
expect_err "vote.sync.ballot.b32: invalid warp synchronization: the membermask 0xffffffff names lanes 0xaaaaaaaa that do not execute it (executing lanes 0x55555555)" "predicated vote"
run 1 bad_mixed_masks 32
expect_err "invalid warp synchronization: lane 0 has membermask 0xffffffff, but lane 16, which it names, has 0xffff0000" "mixed masks"
run 1 bad_syncwarp 32
expect_err "synccheck.ptx:93:3: error: bar.warp.sync: invalid warp synchronization: the membermask 0xfffffffe of lane 0 does not include the lane" "syncwarp"
run 1 bad_barrier_ids 32
expect_err "synccheck.ptx:108:3: error: bar.sync: lanes of warp 0 wait at different barriers: lane 0 at barrier 0, lane 1 at barrier 1" "barrier ids"
expect_err "in kernel bad_barrier_ids, block (0,0,0), thread (1,0,0)" "barrier ids: where"
run 1 bad_split_barrier 32
expect_err "synccheck.ptx:126:3: error: bar.sync: lanes of warp 0 wait at different barriers: lanes 0xaaaaaaaa at barrier 0 here, lanes 0x55555555 at barrier 0 (line 129)" "split barrier"

# ---- rules kept
run 0 ok_tiles 32
# Tile t (lanes 8t..8t+7) sums its lane ids: 64t + 28.
expect_words ok_tiles "28 28 28 28 28 28 28 28 92 92 92 92 92 92 92 92 156 156 156 156 156 156 156 156 220 220 220 220 220 220 220 220"
run 0 ok_partial_warp 48
expect_words ok_partial_warp "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 32 32 32 32 32 32 32 32 32 32 32 32 32 32 32 32"
run 0 ok_exited 32
expect_words ok_exited "15 15 15 15 15 15 15 15 15 15 15 15 15 15 15 15 15 15 15 15 0 0"
run 0 ok_return_before_barrier 64
expect_words ok_return_before_barrier "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 0 0"
run 0 ok_reduce_tail 32
expect_words ok_reduce_tail "36"
# The same kernels in timing mode: the same verdicts.
n=$((n + 1))
"$PTXSIM" run "$ptx" -k bad_split_barrier -g 1 -b 32 --arg buf:256 --stats none --mode timing \
  >/dev/null 2>"$tmp/err"
[ $? -eq 1 ] || failed "bad_split_barrier (timing): not a fault"
expect_err "wait at different barriers" "split barrier (timing)"
n=$((n + 1))
"$PTXSIM" run "$ptx" -k ok_tiles -g 1 -b 32 --arg buf:256 --stats none --mode timing \
  >/dev/null 2>"$tmp/err" || failed "ok_tiles (timing): exit status $?"

echo "$n checks, $fail failures"
[ "$fail" -eq 0 ]
