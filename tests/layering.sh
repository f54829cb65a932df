#!/bin/sh
# layering.sh -- layers include only themselves and lower layers:
#   frontend -> isa -> {pipeline, memsys, policies} -> runtime
# (src/ and tests/ may include anything).  Fails on a back-edge.
set -u
: "${srcdir:=.}"
level() {
  case $1 in
  frontend) echo 0 ;;
  isa) echo 1 ;;
  pipeline | memsys | policies) echo 2 ;;
  runtime) echo 3 ;;
  *) echo 9 ;;
  esac
}
tmpfail=$(mktemp) || exit 99
trap 'rm -f "$tmpfail"' EXIT
for dir in frontend isa pipeline memsys policies runtime; do
  [ -d "$srcdir/$dir" ] || continue
  mine=$(level "$dir")
  for f in "$srcdir/$dir"/*.[chyl] "$srcdir/$dir"/*.def; do
    [ -f "$f" ] || continue
    grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$f" | while IFS= read -r line; do
      inc=$(printf '%s\n' "$line" | sed 's/.*include[[:space:]]*"\([^"]*\)".*/\1/')
      case $inc in */*) ;; *) continue ;; esac
      top=${inc%%/*}
      theirs=$(level "$top")
      [ "$theirs" -eq 9 ] && continue
      if [ "$theirs" -gt "$mine" ]; then
        echo "FAIL: ${f#"$srcdir"/}: includes $inc ($top is above $dir)"
        echo x >>"$tmpfail"
      fi
    done
  done
done
if [ -s "$tmpfail" ]; then
  exit 1
fi
echo "no layering violations"
