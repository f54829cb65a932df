# shellcheck shell=sh
# expect-lib.sh -- the checks the shell test scripts share, sourced by them:
#
#   : "${srcdir:=.}"
#   . "$srcdir/tests/expect-lib.sh"
#
# Sourcing it is the scripts' common prologue:
#   fail=0   the number of failed checks (failed adds one);
#   n=0      the number of checks made (every expect_* adds one; a script
#            that makes a check of its own adds one itself: n=$((n + 1)));
#   $tmp     a new temporary folder (exit 99, a hard error, if mktemp
#            fails), removed when the script exits (an EXIT trap).
# A script's summary line and exit status stay its own (0 when fail is 0,
# else 1; 77 skip; 99 hard error).
#
# Each check says what failed on one line that starts with "FAIL: ", then
# shows the evidence indented by "  | ": at most expect_lines lines of it,
# with a last line saying how many more there were.  The helpers keep
# their state in variables named ex_* (POSIX sh has no local variables).
fail=0
n=0
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
expect_lines=40

# failed DESCRIPTION...: a check failed.  Prints "FAIL: DESCRIPTION..."
# and adds one to fail.  (It does not add to n: the check that failed
# counted itself.)
failed() {
  echo "FAIL: $*"
  fail=$((fail + 1))
}

# expect_show [FILE]: FILE (default: standard input) indented by "  | ",
# its first expect_lines lines, then "  | ... (K more lines)" if longer;
# long lines are cut at 300 characters.
expect_show() {
  cut -c1-300 ${1+"$1"} | awk -v max="$expect_lines" '
    NR <= max { print "  | " $0 }
    END { if (NR > max) print "  | ... (" NR - max " more lines)" }'
}

# expect_status STATUS DESCRIPTION COMMAND [ARG...]: runs COMMAND with its
# standard output in $tmp/out and its standard error in $tmp/err (for the
# expect_grep calls that follow) and counts one check.  If its exit status
# is not STATUS: "FAIL: DESCRIPTION: exit status GOT, expected STATUS",
# then its standard error.
expect_status() {
  ex_want=$1 ex_what=$2
  shift 2
  n=$((n + 1))
  "$@" >"$tmp/out" 2>"$tmp/err"
  ex_got=$?
  if [ "$ex_got" -ne "$ex_want" ]; then
    failed "$ex_what: exit status $ex_got, expected $ex_want"
    expect_show "$tmp/err"
  fi
}

# expect_grep FILE PATTERN DESCRIPTION: counts one check; FILE must have a
# line matching the basic regular expression PATTERN (grep; PATTERN may
# start with "-").  If not: "FAIL: DESCRIPTION: 'PATTERN' not found in:",
# then FILE.
expect_grep() {
  n=$((n + 1))
  if ! grep -q -- "$2" "$1"; then
    failed "$3: '$2' not found in:"
    expect_show "$1"
  fi
}

# expect_no_grep FILE PATTERN DESCRIPTION: counts one check; no line of
# FILE may match PATTERN.  If one does: "FAIL: DESCRIPTION: 'PATTERN'
# found in:", then FILE.
expect_no_grep() {
  n=$((n + 1))
  if grep -q -- "$2" "$1"; then
    failed "$3: '$2' found in:"
    expect_show "$1"
  fi
}

# expect_same EXPECTED GOT DESCRIPTION: counts one check; the files must be
# byte for byte the same (cmp).  If not: "FAIL: DESCRIPTION: EXPECTED and
# GOT differ", then their unified diff (- EXPECTED, + GOT).
expect_same() {
  n=$((n + 1))
  if ! cmp -s "$1" "$2"; then
    failed "$3: $1 and $2 differ"
    diff -u "$1" "$2" | expect_show
  fi
}

# same FILE1 FILE2 DESCRIPTION: expect_same under the name that
# run-threads-tests.sh and pipeline/run-timing-threads.sh use.
same() {
  expect_same "$@"
}
