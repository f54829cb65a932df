#!/bin/sh
# headers.sh -- every header compiles on its own (includes what it uses).
set -u
: "${srcdir:=.}"
: "${CC:=cc}"
: "${top_builddir:=.}"
fail=0 n=0
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
for h in "$srcdir"/frontend/*.h "$srcdir"/isa/*.h "$srcdir"/pipeline/*.h "$srcdir"/memsys/*.h \
  "$srcdir"/policies/*.h "$srcdir"/runtime/*.h "$srcdir"/src/*.h "$srcdir"/include/*.h; do
  [ -f "$h" ] || continue
  n=$((n + 1))
  rel=${h#"$srcdir"/}
  printf '#include "config.h"\n#include "%s"\n#include "%s"\n' "$rel" "$rel" >"$tmp/t.c"
  if ! $CC -std=c11 -Wall -Wextra -Werror -fsyntax-only -I"$top_builddir" -I"$srcdir" \
    -I"$srcdir/include" "$tmp/t.c" 2>"$tmp/err"; then
    echo "FAIL: $rel does not compile alone (or twice):"
    sed 's/^/  | /' "$tmp/err"
    fail=$((fail + 1))
  fi
done
echo "$n headers, $fail failures"
[ "$fail" -eq 0 ]
