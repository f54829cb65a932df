#!/bin/sh
# liveness-table.sh -- the comparison table of doc/liveness.md: for every kernel of the corpus
# (benchmarks/ptx/*.ptx), the register count `ptxas -v` gives it (benchmarks/ptx/PTXAS-REGS.txt,
# written by benchmarks/ptxas-regs.sh) beside ptxsim's MaxLive and linear-scan estimate
# (`ptxsim liveness --format csv`), then a summary.  Needs no nvcc.
#
# Usage: benchmarks/liveness-table.sh [PTXSIM]
#   PTXSIM: the ptxsim binary (default: $PTXSIM, else ./ptxsim, else ptxsim on PATH).
#   Prints Markdown on stdout; doc/liveness.md holds a copy between its "table" markers, which
#   tests/run-analysis-tests.sh keeps in step.
set -eu
LC_ALL=C; export LC_ALL   # the file order of the table

here=$(cd "$(dirname "$0")" && pwd)
ptxsim=${1:-${PTXSIM:-}}
if [ -z "$ptxsim" ]; then
  if [ -x ./ptxsim ]; then ptxsim=./ptxsim; else ptxsim=ptxsim; fi
fi
regs="$here/ptx/PTXAS-REGS.txt"
[ -r "$regs" ] || { echo "liveness-table.sh: cannot read $regs" >&2; exit 1; }

csv=$(mktemp) || exit 1
trap 'rm -f "$csv"' EXIT
for f in "$here"/ptx/*.ptx; do
  name=$(basename "$f")
  # kernel,instrs,maxlive,avglive,est_regs,n_pp,min_pp_live,max_pp_live -> file,kernel,...
  "$ptxsim" liveness --format csv "$f" | sed -e '1d' -e "s|^|$name,|" >>"$csv"
done

awk -F, -v regs="$regs" '
  BEGIN {
    while ((getline line < regs) > 0) {
      if (line ~ /^#/ || line ~ /^[[:space:]]*$/) continue
      split(line, w, " ")
      ptxas[w[1] "," w[2]] = w[4]
    }
    print "| file | kernel | ptxas -v | MaxLive | estimate | estimate / ptxas |"
    print "|---|---|---:|---:|---:|---:|"
  }
  {
    key = $1 "," $2
    if (!(key in ptxas)) { printf "| %s | %s | ? | %d | %d | |\n", $1, $2, $4, $6; next }
    p = ptxas[key]; r = p > 0 ? $6 / p : 0
    printf "| %s | %s | %d | %d | %d | %.2f |\n", $1, $2, p, $4, $6, r
    n++; ratio[n] = r
    if ($6 < p * 0.8) below++; else if ($6 > p * 1.2) above++; else near++
  }
  END {
    # Median by insertion sort (a hundred values).
    for (i = 2; i <= n; i++) { v = ratio[i]; for (j = i - 1; j >= 1 && ratio[j] > v; j--) ratio[j + 1] = ratio[j]; ratio[j + 1] = v }
    med = n % 2 ? ratio[(n + 1) / 2] : (ratio[n / 2] + ratio[n / 2 + 1]) / 2
    printf "\n%d kernels; median estimate / ptxas %.2f (lowest %.2f, highest %.2f); ", n, med, ratio[1], ratio[n]
    printf "the estimate is within 20%% of ptxas for %d, lower for %d, higher for %d.\n", near, below + 0, above + 0
  }' "$csv"
