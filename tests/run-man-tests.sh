#!/bin/sh
# run-man-tests.sh -- the manual page ptxsim(1) (doc/ptxsim.1, written by
# doc/mkman.sh) covers every command `ptxsim --help` lists and every
# option (--name, -x, -ptxsim_name) that `ptxsim --help` and each
# `ptxsim COMMAND --help` mention, and groff renders it without a
# warning; where man is installed, `man -l` shows it.
set -u
: "${PTXSIM:?set PTXSIM to the ptxsim binary}"
: "${srcdir:=.}"
fail=0
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT

# The build writes the page into the source tree (doc/man.mk).
page=$srcdir/doc/ptxsim.1
[ -f "$page" ] || page=doc/ptxsim.1
if [ ! -f "$page" ]; then
  echo "FAIL: no doc/ptxsim.1 (make builds it)"
  exit 1
fi

# The page as text: rendered by groff where it is installed (ASCII, so
# that \- is the hyphen users type; no adjusting or hyphenation, wide
# lines, so that a name is never broken), else its source unescaped.
if command -v groff >/dev/null 2>&1; then
  groff -man -ww -z "$page" 2>"$tmp/warnings"
  if [ -s "$tmp/warnings" ]; then
    echo "FAIL: groff warns about $page:"
    sed 's/^/  | /' "$tmp/warnings"
    fail=$((fail + 1))
  fi
  groff -man -Tascii -P-cbou -rLL=200n "$page" >"$tmp/page.txt" 2>/dev/null
else
  sed -e 's/\\-/-/g' -e 's/\\e/\\/g' -e 's/\\&//g' "$page" >"$tmp/page.txt"
fi

"$PTXSIM" --help >"$tmp/help" || {
  echo "FAIL: ptxsim --help"
  exit 1
}
commands=$(awk '/^commands:/ {c = 1; next} c && /^$/ {exit} c {print $1}' "$tmp/help")
[ -n "$commands" ] || {
  echo "FAIL: no command in ptxsim --help"
  exit 1
}

# options FILE: the option names FILE mentions, one a line: a word that
# starts with - or -- and a letter, after a space, a bracket, a comma, a
# bar or a quote.
options() {
  grep -o -E -- "(^|[][ (,|'\"])--?[A-Za-z][A-Za-z0-9_-]*" "$1" | sed 's/^[^-]*//' | sort -u
}

checked=0
check_options() { # help-file where
  for o in $(options "$1"); do
    checked=$((checked + 1))
    if ! grep -q -F -e "$o" "$tmp/page.txt"; then
      echo "FAIL: option $o of $2 is not in the manual page"
      fail=$((fail + 1))
    fi
  done
}
check_options "$tmp/help" "ptxsim --help"
for c in $commands; do
  if ! grep -q -E "^ *ptxsim $c\$" "$tmp/page.txt"; then
    echo "FAIL: command $c has no section in the manual page"
    fail=$((fail + 1))
  fi
  "$PTXSIM" "$c" --help >"$tmp/help-$c" || {
    echo "FAIL: ptxsim $c --help"
    fail=$((fail + 1))
    continue
  }
  check_options "$tmp/help-$c" "ptxsim $c --help"
  # The whole usage line, too: the page is the --help text.
  usage=$(sed -n '1s/  */ /gp' "$tmp/help-$c")
  if ! sed 's/  */ /g' "$tmp/page.txt" | grep -q -F -e "$usage"; then
    echo "FAIL: the usage of $c is not in the manual page: $usage"
    fail=$((fail + 1))
  fi
done
[ "$checked" -gt 50 ] || {
  echo "FAIL: only $checked options found in the help texts"
  fail=$((fail + 1))
}

# The version in the page is the program's.
version=$("$PTXSIM" --version | sed 's/^ptxsim //')
grep -q -F "ptxsim $version" "$tmp/page.txt" || {
  echo "FAIL: the manual page is not of ptxsim $version"
  fail=$((fail + 1))
}

if command -v man >/dev/null 2>&1; then
  MANPAGER=cat MANWIDTH=100 man -l "$page" >"$tmp/man.txt" 2>"$tmp/man.err"
  grep -q 'PTXSIM(1)' "$tmp/man.txt" || {
    echo "FAIL: man -l does not show the page:"
    sed 's/^/  | /' "$tmp/man.err"
    fail=$((fail + 1))
  }
fi

if [ "$fail" -ne 0 ]; then
  echo "$fail failure(s)"
  exit 1
fi
echo "manual page: $(echo "$commands" | wc -w) commands, $checked options checked"
