#!/bin/sh
# run-report-tests.sh -- the run-time report and trace options of
# `ptxsim run` and `ptxsim exec`: the mask trace of a tiny kernel against a
# trace written by hand (trace.expected), usage errors, where reports go,
# and kernel results that are the same with and without reports.
set -u
: "${PTXSIM:?set PTXSIM to the ptxsim binary}"
: "${srcdir:=.}"
# shellcheck source=tests/expect-lib.sh
. "$srcdir/tests/expect-lib.sh" # fail=0 n=0 $tmp; failed, expect_*
dir=$srcdir/tests/reports
div=$srcdir/benchmarks/ptx/divergence.ptx

# ---- the trace: CTA 1 of k_trace (4 threads), by hand in trace.expected
expect_status 0 "trace to a file" \
  "$PTXSIM" run "$dir/trace.ptx" -g 2 -b 4 --trace masks="$tmp/trace" --trace-cta 1 --stats none
expect_same "$tmp/trace" "$dir/trace.expected" "trace of CTA 1"
expect_status 0 "trace on stderr" \
  "$PTXSIM" run "$dir/trace.ptx" -g 2 -b 4 --trace=masks --trace-cta=1 --stats none
expect_same "$tmp/err" "$dir/trace.expected" "trace on stderr"
# Both CTAs: 7 lines each and a header; warp 1 does not exist.
expect_status 0 "trace of every CTA" "$PTXSIM" run "$dir/trace.ptx" -g 2 -b 4 --trace masks=- \
  --stats none
n=$((n + 1))
[ "$(grep -c '^t=' "$tmp/out")" -eq 14 ] || failed "trace of every CTA: $(grep -c '^t=' "$tmp/out") lines, not 14"
expect_status 0 "trace of a warp that does not exist" "$PTXSIM" run "$dir/trace.ptx" -g 2 -b 4 \
  --trace masks=- --trace-warp 1 --stats none
n=$((n + 1))
[ "$(grep -c '^t=' "$tmp/out")" -eq 0 ] || failed "--trace-warp 1 printed lines"

# ---- usage errors
expect_status 2 "unknown report" "$PTXSIM" run "$dir/trace.ptx" -g 1 -b 4 --report divergense
expect_grep "$tmp/err" "divergence, liveness, preemption, all" "unknown report lists the valid ones"
expect_grep "$tmp/err" "'divergense'" "unknown report names it"
expect_status 2 "empty report list" "$PTXSIM" run "$dir/trace.ptx" -g 1 -b 4 --report ""
expect_status 2 "bad report format" "$PTXSIM" run "$dir/trace.ptx" -g 1 -b 4 --report all \
  --report-format xml
expect_status 2 "report file without report" "$PTXSIM" run "$dir/trace.ptx" -g 1 -b 4 \
  --report-file "$tmp/r"
expect_status 2 "trace-cta without trace" "$PTXSIM" run "$dir/trace.ptx" -g 1 -b 4 --trace-cta 0
expect_status 2 "unknown trace" "$PTXSIM" run "$dir/trace.ptx" -g 1 -b 4 --trace values
expect_status 2 "bad trace-warp" "$PTXSIM" run "$dir/trace.ptx" -g 1 -b 4 --trace masks \
  --trace-warp -1
expect_status 2 "exec: unknown report" "$PTXSIM" exec --report nothing -- /bin/true
expect_grep "$tmp/err" "divergence, liveness, preemption, all" "exec: unknown report lists the valid ones"
expect_status 2 "exec: trace-warp without trace" "$PTXSIM" exec --trace-warp 0 -- /bin/true
expect_status 1 "unwritable trace" "$PTXSIM" run "$dir/trace.ptx" -g 1 -b 4 \
  --trace masks="$tmp/no/such/dir/t"

# ---- where reports go, and results with and without them
# divergent_walk and divergent_block_sum on 256 inputs of every kind the
# kernels branch on (negative, zero, one, small, large).
# (Bytes through printf octal escapes, as run-run-tests.sh writes them.)
awk 'BEGIN { for (i = 0; i < 256; i++) {
  k = i % 8
  v = k == 0 ? 0 : k == 1 ? 4294967296 - 1000 - i : k == 2 ? 200000 + 7 * i : k == 3 ? 1 : 2 + (i * 37) % 3000
  for (b = 0; b < 4; b++) { printf "\\%03o", v % 256; v = int(v / 256) } } }' |
  { fmt=$(cat); printf "$fmt"; } >"$tmp/in.bin"
n=$((n + 1))
[ "$(wc -c <"$tmp/in.bin")" -eq 1024 ] || failed "the input file has $(wc -c <"$tmp/in.bin") bytes"
for k in divergent_walk divergent_block_sum; do
  expect_status 0 "$k without reports" "$PTXSIM" run "$div" -k $k -g 2 -b 128 \
    --arg buf:in="$tmp/in.bin" --arg buf:1024,out="$tmp/$k.plain" --arg u32:256 --stats none
  expect_status 0 "$k with reports" "$PTXSIM" run "$div" -k $k -g 2 -b 128 \
    --arg buf:in="$tmp/in.bin" --arg buf:1024,out="$tmp/$k.rep" --arg u32:256 --stats none \
    --report all --trace masks="$tmp/$k.trace"
  expect_same "$tmp/$k.plain" "$tmp/$k.rep" "$k: results with and without reports"
  expect_grep "$tmp/err" "^divergence report: kernel $k " "$k: text report on stderr"
  expect_grep "$tmp/err" "^liveness report: kernel $k " "$k: liveness report on stderr"
  expect_grep "$tmp/err" " 0 violations; 0 divergent executions of uniform branches" \
    "$k: reconvergence and uniform branches"
  expect_grep "$tmp/err" "divergence.cu:" "$k: CUDA source lines from .loc"
done
# The trace has one line per warp instruction: as many as the statistics.
expect_status 0 "statistics of divergent_walk" "$PTXSIM" run "$div" -k divergent_walk -g 2 \
  -b 128 --arg buf:in="$tmp/in.bin" --arg buf:1024 --arg u32:256 --stats json
insns=$(sed -n 's/.*"warp_instructions": \([0-9]*\).*/\1/p' "$tmp/out")
n=$((n + 1))
[ "$(grep -c '^t=' "$tmp/divergent_walk.trace")" -eq "$insns" ] ||
  failed "trace lines $(grep -c '^t=' "$tmp/divergent_walk.trace") != $insns warp instructions"
# JSON on stdout by default, to a file when asked; only the chosen report.
expect_status 0 "JSON report on stdout" "$PTXSIM" run "$div" -k divergent_walk -g 2 -b 128 \
  --arg buf:in="$tmp/in.bin" --arg buf:1024 --arg u32:256 --stats none --report divergence \
  --report-format json
expect_grep "$tmp/out" '^{"reports": \[' "JSON report on stdout"
expect_grep "$tmp/out" '"reconv_violations": 0, "uniform_divergent": 0' "JSON report totals"
expect_no_grep "$tmp/out" '"liveness"' "only the divergence report"
expect_status 0 "JSON report in a file" "$PTXSIM" run "$div" -k divergent_walk -g 2 -b 128 \
  --arg buf:in="$tmp/in.bin" --arg buf:1024 --arg u32:256 --report liveness \
  --report-format json --report-file "$tmp/rep.json"
expect_grep "$tmp/rep.json" '"liveness": {"registers": ' "liveness JSON in the file"
expect_no_grep "$tmp/out" '"reports"' "nothing on stdout with --report-file"
expect_no_grep "$tmp/rep.json" '"divergence"' "only the liveness report"
expect_status 1 "unwritable report file" "$PTXSIM" run "$div" -k divergent_walk -g 2 -b 128 \
  --arg buf:in="$tmp/in.bin" --arg buf:1024 --arg u32:256 --report all \
  --report-file "$tmp/no/such/dir/r"

# ---- ptxsim exec: the prebuilt divergence program
prog=$srcdir/tests/exec/bin/divergence
if [ -x "$prog" ]; then
  expect_status 0 "exec without reports" "$PTXSIM" exec -q -- "$prog"
  cp "$tmp/out" "$tmp/exec.plain"
  expect_status 0 "exec with reports" "$PTXSIM" exec -q --report all --report-format json \
    --report-file "$tmp/exec.json" --trace masks="$tmp/exec.trace" --trace-cta 0 \
    --trace-warp 1 -- "$prog"
  expect_same "$tmp/exec.plain" "$tmp/out" "exec: program output with and without reports"
  expect_grep "$tmp/exec.json" '"kernel": "divergent_walk"' "exec: report of divergent_walk"
  expect_grep "$tmp/exec.json" '"kernel": "divergent_block_sum"' "exec: report of block_sum"
  expect_no_grep "$tmp/exec.json" '"reconv_violations": [1-9]' "exec: no violation"
  expect_grep "$tmp/exec.trace" '^# kernel divergent_walk ' "exec: trace header"
  expect_no_grep "$tmp/exec.trace" 'warp=0 ' "exec: trace of warp 1 only"
  expect_no_grep "$tmp/exec.trace" 'cta=(1,' "exec: trace of CTA 0 only"
  expect_status 0 "exec: text report on stderr" "$PTXSIM" exec -q --report divergence -- "$prog"
  expect_grep "$tmp/err" "^divergence report: kernel divergent_block_sum " "exec: text report"
  expect_same "$tmp/exec.plain" "$tmp/out" "exec: stdout is the program's"
fi

echo "$((n - fail)) of $n report checks passed"
[ "$fail" -eq 0 ]
