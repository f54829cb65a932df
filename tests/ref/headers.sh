#!/bin/sh
# headers.sh -- every shared test reference (tests/ref/*.h) compiles on its
# own, twice, as C11 (the drivers, tests/drivers) and as C++17 (the CUDA
# programs, tests/exec, which nvcc compiles as C++), warnings as errors.
# The C++ half needs a C++ compiler ($CXX, else c++): it is skipped, and
# said so, without one.
set -u
: "${srcdir:=.}"
: "${CC:=cc}"
CXX=${CXX:-c++}
WARN='-Wall -Wextra -Wshadow -Wpointer-arith -Wformat=2 -Wno-unused-parameter -Werror'
fail=0 n=0
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
have_cxx=1
if ! command -v "$CXX" >/dev/null 2>&1; then
  echo "SKIP: C++ half: no C++ compiler ($CXX) on PATH"
  have_cxx=0
fi
for h in "$srcdir"/tests/ref/*.h; do
  [ -f "$h" ] || continue
  rel=${h#"$srcdir"/}
  printf '#include "%s"\n#include "%s"\nint main(void) { return 0; }\n' "$rel" "$rel" >"$tmp/t.c"
  cp "$tmp/t.c" "$tmp/t.cc"
  n=$((n + 1))
  # shellcheck disable=SC2086
  if ! $CC -std=c11 $WARN -Wstrict-prototypes -Wmissing-prototypes -fsyntax-only -I"$srcdir" \
    "$tmp/t.c" 2>"$tmp/err"; then
    echo "FAIL: $rel does not compile alone (or twice) as C11:"
    sed 's/^/  | /' "$tmp/err"
    fail=$((fail + 1))
  fi
  [ "$have_cxx" -eq 1 ] || continue
  n=$((n + 1))
  # shellcheck disable=SC2086
  if ! "$CXX" -std=c++17 $WARN -fsyntax-only -I"$srcdir" "$tmp/t.cc" 2>"$tmp/err"; then
    echo "FAIL: $rel does not compile alone (or twice) as C++17:"
    sed 's/^/  | /' "$tmp/err"
    fail=$((fail + 1))
  fi
done
[ "$n" -gt 0 ] || {
  echo "no headers under $srcdir/tests/ref"
  exit 99
}
echo "$n compilations, $fail failures"
[ "$fail" -eq 0 ]
