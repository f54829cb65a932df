#!/bin/sh
# run-analysis-tests.sh -- `ptxsim cfg` and `ptxsim liveness`: the outputs, in every format, for
# the hand-written kernels of tests/analysis against golden files derived by hand
# (tests/analysis/README); both commands on every corpus file; bad input and usage errors; and the
# register estimate against the `ptxas -v` counts recorded in benchmarks/ptx/PTXAS-REGS.txt (with
# the table of doc/liveness.md kept in step).  JSON is checked with python3 and DOT with Graphviz
# where they are installed; neither is needed.
set -u
: "${PTXSIM:?set PTXSIM to the ptxsim binary}"
: "${srcdir:=.}"
# shellcheck source=tests/expect-lib.sh
. "$srcdir/tests/expect-lib.sh" # fail=0 n=0 $tmp; failed, expect_*
LC_ALL=C
export LC_ALL
adir="$srcdir/tests/analysis"

have_python=false
command -v python3 >/dev/null 2>&1 && have_python=true
have_dot=false
command -v dot >/dev/null 2>&1 && have_dot=true

# JSON outputs are kept and checked together at the end (one python3 for all of them).
mkdir "$tmp/json" || exit 99
n_json=0
json_ok() { # file description
  n_json=$((n_json + 1))
  cp "$1" "$tmp/json/$n_json.json"
  printf '%s\n' "$2" >"$tmp/json/$n_json.what"
}
dot_ok() { # file description
  if $have_dot && ! dot -Tsvg "$1" >/dev/null 2>"$tmp/dot.err"; then
    failed "$2: Graphviz rejects it: $(head -n 1 "$tmp/dot.err")"
  fi
}

# golden NAME ARGS...: `ptxsim ARGS` run in tests/analysis must exit 0 and print NAME.golden.
golden() {
  name=$1
  shift
  (cd "$adir" && "$PTXSIM" "$@") >"$tmp/out" 2>"$tmp/err"
  st=$?
  if [ "$st" -ne 0 ]; then
    failed "ptxsim $*: exit status $st"
    sed 's/^/  | /' "$tmp/err"
  elif ! cmp -s "$adir/$name.golden" "$tmp/out"; then
    failed "ptxsim $*: output differs from $name.golden:"
    diff "$adir/$name.golden" "$tmp/out" | head -n 20 | sed 's/^/  | /'
  fi
  case $name in
  *.json) json_ok "$tmp/out" "ptxsim $*" ;;
  *.dot) dot_ok "$tmp/out" "ptxsim $*" ;;
  esac
}

# ---- hand-derived goldens ------------------------------------------------------------------
for b in straight branches loops fig25; do
  golden $b.cfg.txt cfg $b.ptx
  golden $b.cfg.dot cfg --format dot $b.ptx
  golden $b.cfg.json cfg --format json $b.ptx
  golden $b.live.txt liveness $b.ptx
  golden $b.live.json liveness --format=json $b.ptx
  golden $b.live.csv liveness --format csv $b.ptx
done
golden straight.pp3.live.txt liveness --pp-interval 3 straight.ptx
golden straight.pp3.live.csv liveness --pp-interval=3 --format=csv straight.ptx
golden func.cfg.txt cfg func.ptx
golden func.helper.cfg.txt cfg -k helper func.ptx
golden func.helper.live.txt liveness -khelper func.ptx
golden func.all.live.csv liveness --all --format csv func.ptx

# -k picks one kernel: its paragraph of the whole file's output.
awk '/^kernel nested_if:/ { on = 1 } on && /^$/ { exit } on' "$adir/branches.cfg.txt.golden" \
  >"$tmp/nested.golden"
expect_status 0 "cfg -k nested_if" "$PTXSIM" cfg "$adir/branches.ptx" --kernel nested_if
cmp -s "$tmp/nested.golden" "$tmp/out" || failed "cfg -k nested_if is not nested_if's paragraph"
awk '/^kernel loop_barrier:/ { on = 1 } on' "$adir/loops.live.txt.golden" >"$tmp/lb.golden"
expect_status 0 "liveness -k loop_barrier" "$PTXSIM" liveness -k loop_barrier "$adir/loops.ptx"
cmp -s "$tmp/lb.golden" "$tmp/out" || failed "liveness -k loop_barrier is not its paragraph"
expect_status 0 "liveness -k diamond json" "$PTXSIM" liveness --kernel=diamond --format json \
  "$adir/branches.ptx"
[ "$(grep -c '"max_live":' "$tmp/out")" -eq 1 ] || failed "liveness -k diamond: not one kernel"
json_ok "$tmp/out" "liveness -k diamond"

# ---- every corpus file, every format -------------------------------------------------------
n_files=0
for f in "$srcdir"/benchmarks/ptx/*.ptx; do
  n_files=$((n_files + 1))
  base=$(basename "$f")
  for cmd in "cfg text" "cfg dot" "cfg json" "liveness text" "liveness json" "liveness csv"; do
    set -- $cmd
    "$PTXSIM" "$1" --format "$2" "$f" >"$tmp/out" 2>"$tmp/err"
    st=$?
    if [ "$st" -ne 0 ]; then
      failed "$1 --format $2 $base: exit status $st"
      sed 's/^/  | /' "$tmp/err"
    elif [ ! -s "$tmp/out" ]; then
      failed "$1 --format $2 $base: no output"
    fi
    case $2 in
    json) json_ok "$tmp/out" "$1 --format json $base" ;;
    dot) dot_ok "$tmp/out" "cfg --format dot $base" ;;
    esac
  done
done
[ "$n_files" -gt 30 ] || failed "only $n_files corpus files found in $srcdir/benchmarks/ptx"

# ---- bad input (exit 1) and usage errors (exit 2) ------------------------------------------
for c in cfg liveness; do
  expect_status 0 "$c --help" "$PTXSIM" $c --help
  expect_grep "$tmp/out" "usage: ptxsim $c FILE.ptx" "$c usage"
  expect_status 1 "$c: missing file" "$PTXSIM" $c "$tmp/no-such-file.ptx"
  expect_grep "$tmp/err" "no-such-file.ptx: error: cannot open" "$c: missing file message"
  printf '.version 9.0\n.target sm_75\n.entry k() { frob; }\n' >"$tmp/bad.ptx"
  expect_status 1 "$c: bad PTX" "$PTXSIM" $c "$tmp/bad.ptx"
  expect_grep "$tmp/err" "bad.ptx:3:14: error: unknown instruction 'frob'" "$c: bad PTX message"
  expect_status 1 "$c: unknown kernel" "$PTXSIM" $c -k nope "$adir/branches.ptx"
  expect_grep "$tmp/err" "no kernel or function with a body named 'nope'; the kernels are: diamond, nested_if, guarded_write" \
    "$c: unknown kernel message"
  expect_status 2 "$c: bad format" "$PTXSIM" $c --format xml "$adir/straight.ptx"
  expect_grep "$tmp/err" "unknown format 'xml'" "$c: bad format message"
  expect_status 2 "$c: --format without a value" "$PTXSIM" $c "$adir/straight.ptx" --format
  expect_status 2 "$c: no file" "$PTXSIM" $c
  expect_grep "$tmp/err" "no input file" "$c: no file message"
  expect_status 2 "$c: two files" "$PTXSIM" $c "$adir/straight.ptx" "$adir/loops.ptx"
  expect_status 2 "$c: -k without a name" "$PTXSIM" $c "$adir/straight.ptx" -k
  expect_status 2 "$c: unknown option" "$PTXSIM" $c --bogus "$adir/straight.ptx"
  expect_grep "$tmp/err" "unknown option '--bogus'" "$c: unknown option message"
done
expect_status 2 "cfg --format csv" "$PTXSIM" cfg --format csv "$adir/straight.ptx"
expect_grep "$tmp/err" "takes text, dot or json" "cfg formats listed"
expect_status 2 "liveness --format dot" "$PTXSIM" liveness --format dot "$adir/straight.ptx"
expect_grep "$tmp/err" "takes text, json or csv" "liveness formats listed"
expect_status 2 "cfg --pp-interval" "$PTXSIM" cfg --pp-interval 5 "$adir/straight.ptx"
for k in 0 -3 abc 12x 4294967296 ""; do
  expect_status 2 "--pp-interval '$k'" "$PTXSIM" liveness --pp-interval "$k" "$adir/straight.ptx"
  expect_grep "$tmp/err" "pp-interval needs a whole number" "--pp-interval '$k' message"
done
expect_status 2 "--pp-interval without a value" "$PTXSIM" liveness "$adir/straight.ptx" --pp-interval
expect_status 0 "--pp-interval 4294967295" "$PTXSIM" liveness --pp-interval 4294967295 \
  --format csv "$adir/straight.ptx"
# A module without kernels: an empty report, and a note.
printf '.version 9.0\n.target sm_75\n.func f() { ret; }\n' >"$tmp/nokernel.ptx"
expect_status 0 "no kernels" "$PTXSIM" liveness --format json "$tmp/nokernel.ptx"
expect_grep "$tmp/out" '"kernels": \[\]' "no kernels: empty list"
expect_status 0 "no kernels, text" "$PTXSIM" cfg "$tmp/nokernel.ptx"
expect_grep "$tmp/err" "note: the module has no kernels" "no kernels note"

# ---- the register estimate against ptxas -v ------------------------------------------------
# Every kernel of PTXAS-REGS.txt is analysed; the linear-scan estimate is at least MaxLive and
# within a factor of 8 of ptxas either way (ptxas adds ABI and scheduling registers and removes
# values it rematerialises; a liveness that kept every declared register live, or none, would
# fall outside), and the median of estimate / ptxas lies between 1/2 and 2.
regs="$srcdir/benchmarks/ptx/PTXAS-REGS.txt"
: >"$tmp/all.csv"
for f in "$srcdir"/benchmarks/ptx/*.ptx; do
  "$PTXSIM" liveness --format csv "$f" | sed -e '1d' -e "s|^|$(basename "$f"),|" >>"$tmp/all.csv"
done
awk -F, -v regs="$regs" '
  BEGIN {
    while ((getline line < regs) > 0) {
      if (line ~ /^#/ || line ~ /^[[:space:]]*$/) continue
      split(line, w, " ")
      ptxas[w[1] "," w[2]] = w[4]
      n_ptxas++
    }
  }
  {
    key = $1 "," $2
    if (!(key in ptxas)) { print "FAIL: " key ": not in PTXAS-REGS.txt"; bad++; next }
    seen[key] = 1
    p = ptxas[key]; est = $6; maxlive = $4
    if (est < maxlive) { print "FAIL: " key ": estimate " est " below MaxLive " maxlive; bad++ }
    if (est * 8 < p || est > 8 * p) { print "FAIL: " key ": estimate " est " vs ptxas " p; bad++ }
    n++; ratio[n] = est / p
  }
  END {
    for (k in ptxas) if (!(k in seen)) { print "FAIL: " k ": in PTXAS-REGS.txt, not analysed"; bad++ }
    if (n_ptxas < 50) { print "FAIL: only " n_ptxas " kernels in " regs; bad++ }
    for (i = 2; i <= n; i++) { v = ratio[i]; for (j = i - 1; j >= 1 && ratio[j] > v; j--) ratio[j + 1] = ratio[j]; ratio[j + 1] = v }
    med = n % 2 ? ratio[(n + 1) / 2] : (ratio[n / 2] + ratio[n / 2 + 1]) / 2
    if (n == 0 || med < 0.5 || med > 2) { printf "FAIL: median estimate / ptxas %.2f\n", med; bad++ }
    exit bad ? 1 : 0
  }' "$tmp/all.csv" || fail=$((fail + 1))

# The table of doc/liveness.md is what benchmarks/liveness-table.sh prints today.
if sh "$srcdir/benchmarks/liveness-table.sh" "$PTXSIM" >"$tmp/table" 2>"$tmp/err"; then
  awk '/<!-- table: begin/ { on = 1; next } /<!-- table: end/ { on = 0 } on' \
    "$srcdir/doc/liveness.md" >"$tmp/doc-table"
  cmp -s "$tmp/table" "$tmp/doc-table" || {
    failed "doc/liveness.md's table is out of date; regenerate it with benchmarks/liveness-table.sh:"
    diff "$tmp/doc-table" "$tmp/table" | head -n 10 | sed 's/^/  | /'
  }
else
  failed "benchmarks/liveness-table.sh failed"
  sed 's/^/  | /' "$tmp/err"
fi

# Scale: 200 000 labels in one kernel, 100 000 units of a divergent skip
# inside a uniform self-loop.  Dominance, loops, divergent regions and
# liveness used to be quadratic in blocks (this never finished); now each
# command takes seconds.  Counts by hand: 4 + 4 * N + 1 instructions; a
# block for the prologue, three per unit, one for ret; one loop and two
# conditional branches per unit, of which the %tid.x one can diverge.
N=100000
awk -v n="$N" 'BEGIN {
  print ".version 7.8\n.target sm_80\n.address_size 64\n.visible .entry k(.param .u32 a)\n{"
  print "\t.reg .pred %p<3>;\n\t.reg .b32 %r<4>;\n\tld.param.u32 %r3, [a];\n\tmov.u32 %r2, %tid.x;"
  print "\tsetp.eq.u32 %p1, %r2, 0;\n\tsetp.eq.u32 %p2, %r3, 0;"
  for (i = 0; i < n; i++)
    printf "$L%d:\n\tadd.s32 %%r1, %%r1, 1;\n\t@%%p1 bra $S%d;\n\tadd.s32 %%r1, %%r1, 2;\n$S%d:\n\t@%%p2 bra $L%d;\n",
      i, i, i, i
  print "\tret;\n}"
}' >"$tmp/chain.ptx"
for cmd in cfg liveness; do
  start=$(date +%s)
  if "$PTXSIM" "$cmd" "$tmp/chain.ptx" >"$tmp/chain.out" 2>"$tmp/err"; then
    secs=$(($(date +%s) - start))
    echo "note: ptxsim $cmd on $((2 * N)) labels: about $secs s"
    # Quadratic work took minutes; allow for slow (sanitizer) builds.
    [ "$secs" -le 60 ] || failed "ptxsim $cmd on $((2 * N)) labels took $secs s"
  else
    failed "ptxsim $cmd on $((2 * N)) labels failed"
    sed 's/^/  | /' "$tmp/err"
  fi
  case $cmd in
  cfg) want="kernel k: $((4 * N + 5)) instructions, $((3 * N + 2)) blocks, $N loops, 0 barriers, $((2 * N)) conditional branches ($N can diverge)" ;;
  liveness) want="kernel k: $((4 * N + 5)) instructions, 7 registers (4 slots, 3 predicates)" ;;
  esac
  [ "$(head -n 1 "$tmp/chain.out")" = "$want" ] ||
    failed "ptxsim $cmd on $((2 * N)) labels: got '$(head -n 1 "$tmp/chain.out")', want '$want'"
done

if $have_python; then
  for f in "$tmp"/json/*.json; do
    echo "$f"
  done >"$tmp/json-list"
  python3 -c '
import json, sys
bad = 0
for path in open(sys.argv[1]).read().split():
    try:
        json.load(open(path))
    except ValueError as e:
        print("FAIL: %s: not valid JSON: %s" % (open(path[:-5] + ".what").read().strip(), e))
        bad += 1
sys.exit(1 if bad else 0)' "$tmp/json-list" || fail=$((fail + 1))
  [ "$n_json" -gt 70 ] || failed "only $n_json JSON outputs checked"
else
  echo "note: python3 not found; JSON validity not checked"
fi
$have_dot || echo "note: Graphviz dot not found; DOT syntax not checked"
echo "$fail failures"
[ "$fail" -eq 0 ]
