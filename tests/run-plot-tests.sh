#!/bin/sh
# run-plot-tests.sh -- `ptxsim plot`: grouped bar charts and scatter plots
# of a hand-written CSV in the format of `ptxsim collect` (run_id,
# program, kernel, launch, the swept parameters, the statistics), as PNG
# and SVG; the SVG holds the bar, point and key labels; --where, --script;
# errors: a missing column, an empty CSV, a cell that is not a number,
# gnuplot missing, usage.
set -u
: "${PTXSIM:?set PTXSIM to the ptxsim binary}"
: "${srcdir:=.}"
# shellcheck source=tests/expect-lib.sh
. "$srcdir/tests/expect-lib.sh" # fail=0 n=0 $tmp; failed, expect_*

# The text of an SVG's <text> elements, one a line.
svg_texts() {
  tr -d '\n' <"$1" | sed 's/<text/\n<text/g' | sed -n 's/^<text[^>]*>\([^<]*\)<.*/\1/p' |
    sed 's/^ *//; s/ *$//'
}
expect_png() { # file description
  if [ "$(od -An -c -N4 "$1" 2>/dev/null | tr -d ' ')" != '211PNG' ]; then
    failed "$2: $1 is not a PNG file"
  fi
}

# Errors that come before gnuplot runs: usage, the CSV, the columns.
cat >"$tmp/s.csv" <<'CSV'
run_id,program,kernel,launch,config,ptxsim_bypass,cycles,warp_instructions,speedup
r0001,vecadd,vecadd,0,gtx480,0,1000,500,1
r0002,vecadd,vecadd,0,gtx480,1,800,500,1.25
r0003,vecadd,vecadd,0,sm75,0,900,500,1
r0004,vecadd,vecadd,0,sm75,1,600,500,1.5
r0005,"mat,mul",mm,0,gtx480,0,4000,2000,1
r0006,"mat,mul",mm,0,gtx480,1,3000,2000,1.3333
r0007,"mat,mul",mm,0,sm75,0,3500,2000,1
r0008,"mat,mul",mm,0,sm75,1,2000,2000,1.75
r0009,reduce,reduce,0,gtx480,0,700,300,1
r0010,reduce,reduce,0,gtx480,1,,300,-
r0011,reduce,reduce,0,sm75,0,650,300,1
r0012,reduce,reduce,0,sm75,1,500,300,1.3
CSV
cd "$tmp" || exit 99
expect_status 2 "no -o" "$PTXSIM" plot s.csv --bar speedup
expect_grep err "no output file" "no -o: message"
expect_status 2 "no chart kind" "$PTXSIM" plot s.csv -o x.svg
expect_status 2 "--bar and --scatter" "$PTXSIM" plot s.csv -o x.svg --bar speedup --scatter cycles speedup
expect_status 2 "--scatter with one column" "$PTXSIM" plot s.csv -o x.svg --scatter cycles
expect_status 2 "output extension" "$PTXSIM" plot s.csv -o x.pdf --bar speedup
expect_grep err "must end in .png or .svg" "output extension: message"
expect_status 2 "--where without =" "$PTXSIM" plot s.csv -o x.svg --bar speedup --where config
expect_status 2 "unknown option" "$PTXSIM" plot s.csv -o x.svg --bar speedup --colour red
expect_status 1 "missing column" "$PTXSIM" plot s.csv -o x.svg --bar speed_up
expect_grep err "s.csv: error: no column 'speed_up' (--bar)" "missing column: message"
expect_status 1 "missing group column" "$PTXSIM" plot s.csv -o x.svg --bar speedup --group cfg
expect_grep err "no column 'cfg' (--group)" "missing group column: message"
expect_status 1 "missing scatter column" "$PTXSIM" plot s.csv -o x.svg --scatter cycles ipc
expect_grep err "no column 'ipc'" "missing scatter column: message"
expect_status 1 "missing --where column" "$PTXSIM" plot s.csv -o x.svg --bar speedup --where cfg=sm75
expect_status 1 "unreadable CSV" "$PTXSIM" plot nothere.csv -o x.svg --bar speedup
expect_grep err "nothere.csv: error: " "unreadable CSV: message"
: >empty.csv
expect_status 1 "empty CSV" "$PTXSIM" plot empty.csv -o x.svg --bar speedup
expect_grep err "empty.csv: error: empty file" "empty CSV: message"
head -n 1 s.csv >header.csv
expect_status 1 "CSV with only a header" "$PTXSIM" plot header.csv -o x.svg --bar speedup
expect_grep err "header.csv: error: no rows" "CSV with only a header: message"
printf 'program,speedup\na,1\nb,fast\n' >text.csv
expect_status 1 "a cell that is not a number" "$PTXSIM" plot text.csv -o x.svg --bar speedup
expect_grep err "text.csv:3: error: column 'speedup' holds 'fast'" "not a number: message"
printf 'program,speedup\na,1\nb,2,3\n' >ragged.csv
expect_status 1 "a row with more fields" "$PTXSIM" plot ragged.csv -o x.svg --bar speedup
expect_grep err "ragged.csv:3: error: 3 fields, the header has 2" "ragged row: message"
printf 'program,speedup\n"a,1\n' >quote.csv
expect_status 1 "an unclosed quote" "$PTXSIM" plot quote.csv -o x.svg --bar speedup
expect_grep err "quote.csv:2: error: a quoted field is not closed" "unclosed quote: message"
expect_status 1 "no value after --where" "$PTXSIM" plot s.csv -o x.svg --bar speedup --where config=gtx280
expect_grep err "no row has a value in column 'speedup' (after --where)" "empty slice: message"
expect_status 1 "gnuplot missing" env PTXSIM_GNUPLOT=ptxsim-no-such-gnuplot \
  "$PTXSIM" plot s.csv -o x.svg --bar speedup
expect_grep err "cannot run ptxsim-no-such-gnuplot" "gnuplot missing: message"
expect_grep err "gnuplot-nox" "gnuplot missing: the package"
[ ! -e x.svg ] || failed "a chart was written on an error"
expect_status 1 "gnuplot failing" env PTXSIM_GNUPLOT=false "$PTXSIM" plot s.csv -o x.svg --bar speedup
expect_grep err "false failed (exit status 1)" "gnuplot failing: message"

if ! command -v gnuplot >/dev/null 2>&1; then
  echo "SKIP: gnuplot not found (apt-get install gnuplot-nox): no chart drawn"
  [ "$fail" -eq 0 ] || exit 1
  exit 77
fi

# Grouped bars: speedup with the bypass on, per program, one bar per config.
expect_status 0 "bar chart, SVG" "$PTXSIM" plot s.csv -o bar.svg --bar speedup --group config \
  --where ptxsim_bypass=1 --script bar.gp
svg_texts bar.svg >bar.txt
for label in vecadd 'mat,mul' reduce gtx480 sm75 config 'speedup by config'; do
  expect_grep bar.txt "^$label\$" "bar chart label"
done
expect_no_grep err "combine several rows" "bar chart with --where: no rows combined"
# The data behind the bars: reduce has no gtx480 bar (its value is
# missing), mat,mul stays one label although it has a comma.
expect_grep bar.gp "^reduce	-	1.3\$" "bar chart data: a missing bar"
expect_grep bar.gp "^mat,mul	1.3333	1.75\$" "bar chart data"
expect_status 0 "the --script redraws the chart" gnuplot bar.gp
# Without --where, each bar combines the two ptxsim_bypass rows:
# vecadd on gtx480 is sqrt(1 * 1.25).
expect_status 0 "bar chart, PNG" "$PTXSIM" plot s.csv -o bar.png --bar speedup --group config \
  --script bar2.gp
expect_png bar.png "bar chart, PNG"
expect_grep err "note: 5 bars combine several rows (geometric mean)" "combined bars: note"
expect_grep bar2.gp "^vecadd	1.11803398874989	" "combined bars: geometric mean"
# One bar per program without --group; a kernel column that varies
# within a program labels the bars program:kernel.
printf 'program,kernel,cycles\np,k1,10\np,k2,20\nq,k,30\n' >kern.csv
expect_status 0 "bar chart without --group" "$PTXSIM" plot kern.csv -o kern.svg --bar cycles
svg_texts kern.svg >kern.txt
for label in p:k1 p:k2 q:k; do
  expect_grep kern.txt "^$label\$" "bar chart: program:kernel label"
done

# Scatter: cycles against instructions, one series per config, points
# labelled with their program.
expect_status 0 "scatter, SVG" "$PTXSIM" plot s.csv -o sc.svg --scatter warp_instructions cycles \
  --group config --title 'cycles, all runs'
svg_texts sc.svg >sc.txt
for label in vecadd 'mat,mul' reduce gtx480 sm75 warp_instructions cycles 'cycles, all runs'; do
  expect_grep sc.txt "^$label\$" "scatter label"
done
expect_status 0 "scatter, PNG" "$PTXSIM" plot s.csv -o sc.png --scatter warp_instructions cycles
expect_png sc.png "scatter, PNG"

if [ "$fail" -ne 0 ]; then
  echo "$fail failure(s)"
  exit 1
fi
echo "plot tests passed"
