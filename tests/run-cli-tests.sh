#!/bin/sh
# run-cli-tests.sh -- the ptxsim command: options, exit statuses, and the
# output of `check` and `dump` on bundled examples.
set -u
: "${PTXSIM:?set PTXSIM to the ptxsim binary}"
: "${srcdir:=.}"
# shellcheck source=tests/expect-lib.sh
. "$srcdir/tests/expect-lib.sh" # fail=0 n=0 $tmp; failed, expect_*

expect_status 0 "--version" "$PTXSIM" --version
expect_grep "$tmp/out" "^ptxsim [0-9]" "--version output"
expect_status 0 "--help" "$PTXSIM" --help
expect_grep "$tmp/out" "check" "--help lists check"
expect_grep "$tmp/out" "dump" "--help lists dump"
expect_status 0 "check --help" "$PTXSIM" check --help
expect_grep "$tmp/out" "usage: ptxsim check" "check usage"
expect_status 0 "--list-ops" "$PTXSIM" --list-ops
expect_grep "$tmp/out" "^wgmma.mma_async .* none " "--list-ops: wgmma is parsed, not executed"
expect_grep "$tmp/out" "^mad  .* mul  *INT  *MAD " "--list-ops: mad's binder, unit and timing class"
rows=$(grep -c '^PTX_OP(' "$srcdir/frontend/ptx_ops.def")
[ "$(wc -l <"$tmp/out")" -eq $((rows + 1)) ] || failed "--list-ops does not list the $rows opcodes"

# Usage errors exit 2 and say what is wrong.
expect_status 2 "no command" "$PTXSIM"
expect_grep "$tmp/err" "no command given" "no command message"
expect_status 2 "unknown command" "$PTXSIM" frobnicate
expect_grep "$tmp/err" "unknown command 'frobnicate'" "unknown command message"
expect_status 2 "check without files" "$PTXSIM" check
expect_status 2 "check with a bad option" "$PTXSIM" check --bogus x.ptx
expect_status 2 "dump with two files" "$PTXSIM" dump a.ptx b.ptx

# Bad input exits 1.
expect_status 1 "missing file" "$PTXSIM" check "$tmp/no-such-file.ptx"
expect_grep "$tmp/err" "no-such-file.ptx: error: cannot open" "missing file message"
printf '.version 9.0\n.target sm_75\n.entry k() { frob; }\n' >"$tmp/bad.ptx"
expect_status 1 "bad PTX" "$PTXSIM" check "$tmp/bad.ptx"
expect_grep "$tmp/err" "bad.ptx:3:14: error: unknown instruction 'frob'" "bad PTX message"
# One good and one bad file: both reported, exit 1.
expect_status 1 "good and bad file" "$PTXSIM" check "$srcdir/benchmarks/ptx/vecadd.ptx" "$tmp/bad.ptx"
expect_grep "$tmp/out" "kernel vecadd" "good file still summarised"

# The summary of a known kernel (checked by hand against vecadd.cu).
expect_status 0 "check vecadd" "$PTXSIM" check "$srcdir/benchmarks/ptx/vecadd.ptx"
expect_grep "$tmp/out" "PTX ISA 9.0, sm_75, 64-bit addresses" "module summary"
expect_grep "$tmp/out" "kernel vecadd" "kernel listed"
expect_grep "$tmp/out" "parameters: 4 (28 bytes)" "parameter block size"
expect_grep "$tmp/out" "vecadd_param_3 .* .u32  offset 24, 4 bytes" "parameter offsets"
expect_status 0 "check matmul" "$PTXSIM" check "$srcdir/benchmarks/ptx/matmul_tiled.ptx"
expect_grep "$tmp/out" "shared: 2048 bytes static" "matmul shared tiles (2 x 16x16 floats)"
expect_status 0 "check dyn_shared" "$PTXSIM" check "$srcdir/benchmarks/ptx/dyn_shared.ptx"
expect_grep "$tmp/out" "dynamic (extern) shared memory" "dynamic shared memory noticed"

# Warnings go to stderr and do not fail the check.
printf '.version 6.0\n.target sm_70\n.entry k() { .reg .b32 %%r<2>; redux.sync.add.u32 %%r0, %%r1, 0xffffffff; ret; }\n' >"$tmp/old.ptx"
expect_status 0 "warnings only" "$PTXSIM" check "$tmp/old.ptx"
expect_grep "$tmp/err" "warning: 'redux' requires PTX ISA 7.0" "version warning"

# dump: canonical text that dumps to itself.
expect_status 0 "dump" "$PTXSIM" dump "$srcdir/benchmarks/ptx/calls_recursion.ptx"
cp "$tmp/out" "$tmp/d1.ptx"
expect_status 0 "dump -o" "$PTXSIM" dump -o "$tmp/d2.ptx" "$tmp/d1.ptx"
cmp -s "$tmp/d1.ptx" "$tmp/d2.ptx" || failed "dump is not a fixed point"

# Output lost to a full disk is an error that names the file and the
# reason, exit 1: every output file is checked when it is closed, and
# stdout at exit.
if [ -w /dev/full ]; then
  to_full() { "$@" >/dev/full; }
  expect_status 1 "dump -o /dev/full" "$PTXSIM" dump -o /dev/full "$tmp/d1.ptx"
  expect_grep "$tmp/err" "^/dev/full: error: cannot write the PTX: No space left on device" \
    "dump -o on a full disk: message"
  expect_status 1 "dump to a full stdout" to_full "$PTXSIM" dump "$tmp/d1.ptx"
  expect_grep "$tmp/err" "^ptxsim: error: cannot write to standard output: No space left on device" \
    "dump to a full stdout: message"
  expect_status 1 "check to a full stdout" to_full "$PTXSIM" check "$tmp/d1.ptx"
  expect_grep "$tmp/err" "cannot write to standard output: No space left on device" \
    "check to a full stdout: message"
  expect_status 1 "--help to a full stdout" to_full "$PTXSIM" --help
  expect_grep "$tmp/err" "cannot write to standard output: No space left on device" \
    "--help to a full stdout: message"
  expect_status 1 "config --dump to a full stdout" to_full "$PTXSIM" config --dump
  printf '.version 7.0\n.target sm_75\n.address_size 64\n.visible .entry k(.param .u64 p)\n{\n  .reg .u64 %%rd1;\n  .reg .u32 %%r1;\n  .reg .pred %%p;\n  ld.param.u64 %%rd1, [p];\n  mov.u32 %%r1, %%tid.x;\n  setp.lt.u32 %%p, %%r1, 5;\n  @%%p st.global.u32 [%%rd1], %%r1;\n  ret;\n}\n' >"$tmp/diverge.ptx"
  expect_status 0 "run (for the trace)" "$PTXSIM" run -g 1 -b 64 --arg buf:256 --trace masks="$tmp/trace.txt" "$tmp/diverge.ptx"
  expect_grep "$tmp/trace.txt" "# kernel k" "the trace is written"
  expect_status 1 "run --trace masks=/dev/full" "$PTXSIM" run -g 1 -b 64 --arg buf:256 --trace masks=/dev/full "$tmp/diverge.ptx"
  expect_grep "$tmp/err" "^/dev/full: error: cannot write the trace: No space left on device" \
    "trace on a full disk: message"
  expect_status 1 "run --report-file /dev/full" "$PTXSIM" run -g 1 -b 64 --arg buf:256 --report divergence --report-file /dev/full "$tmp/diverge.ptx"
  expect_grep "$tmp/err" "^/dev/full: error: cannot write the report: No space left on device" \
    "report on a full disk: message"
  expect_status 1 "run to a full stdout" to_full "$PTXSIM" run -g 1 -b 64 --arg buf:256 --stats json "$tmp/diverge.ptx"
  expect_grep "$tmp/err" "cannot write to standard output: No space left on device" \
    "run to a full stdout: message"
else
  echo "SKIP: /dev/full is not writable: full-disk checks"
fi

echo "$fail failures"
[ "$fail" -eq 0 ]
