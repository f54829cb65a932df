#!/bin/sh
# run-error-tests.sh -- golden tests of ptxsim's messages for malformed PTX.
#
# Each tests/errors/NAME.ptx holds one mistake (its first line says which);
# `ptxsim check NAME.ptx` must exit 1 and print exactly NAME.err on stderr.
# Run from the file's directory so that messages name the file alone.
set -u
: "${PTXSIM:?set PTXSIM to the ptxsim binary}"
: "${srcdir:=.}"
dir="$srcdir/tests/errors"
fail=0 n=0
tmp=$(mktemp) || exit 99
for f in "$dir"/*.ptx; do
  name=$(basename "$f" .ptx)
  n=$((n + 1))
  (cd "$dir" && "$PTXSIM" check "$name.ptx" >/dev/null 2>"$tmp")
  rc=$?
  if [ "$rc" -ne 1 ]; then
    echo "FAIL: $name: exit status $rc, expected 1"
    fail=$((fail + 1))
  elif ! cmp -s "$tmp" "$dir/$name.err"; then
    echo "FAIL: $name: messages differ from $name.err:"
    diff "$dir/$name.err" "$tmp" | sed 's/^/  /'
    fail=$((fail + 1))
  fi
done
rm -f "$tmp"
echo "$n malformed inputs, $fail failures"
[ "$n" -ge 30 ] || { echo "FAIL: expected at least 30 inputs"; exit 1; }
[ "$fail" -eq 0 ]
