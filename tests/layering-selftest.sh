#!/bin/sh
# layering-selftest.sh -- tests/layering.sh can fail: run it on small trees,
# one clean and one per planted violation, and on a copy of the real sources
# with one bad include added; each bad tree must fail with the expected message.
set -u
: "${srcdir:=.}"
script="$srcdir/tests/layering.sh"
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
fails=0 n=0

# A clean tree: one header per layer, every allowed kind of include.
clean_tree() {
  rm -rf "$tmp/t"
  for d in frontend isa memsys policies pipeline runtime src include; do
    mkdir -p "$tmp/t/$d"
  done
  printf '#include <stdio.h>\n' >"$tmp/t/include/ptxsim.h"
  printf '#include "config.h"\n#include "ptxsim.h"\n' >"$tmp/t/frontend/ptx_ir.h"
  printf '#include "ptx_ir.h"\n' >"$tmp/t/frontend/ptx_ir.c" # bare: own folder
  printf '#include "frontend/ptx_ir.h"\n' >"$tmp/t/isa/simt.h"
  printf '#include "isa/simt.h"\n#include "ptxsim.h"\n' >"$tmp/t/isa/simt.c"
  printf '#include "isa/simt.h"\n' >"$tmp/t/memsys/mem_timing.h"
  printf '#include "memsys/mem_timing.h"\n#include "../isa/simt.h"\n' >"$tmp/t/policies/pol.h"
  printf '#include "policies/pol.h"\n' >"$tmp/t/pipeline/sm.h"
  printf '#include "sm.h"\n#include <policies/pol.h>\n' >"$tmp/t/pipeline/sm.c"
  printf '#include "pipeline/sm.h"\n' >"$tmp/t/runtime/rt.c"
  printf '#include "pipeline/sm.h"\n' >"$tmp/t/src/cli.h"
}

# expect NAME STATUS PATTERN: layering.sh on $tmp/t exits STATUS, output matches PATTERN.
expect() {
  n=$((n + 1))
  srcdir="$tmp/t" sh "$script" >"$tmp/out" 2>&1
  rc=$?
  if [ "$rc" -ne "$2" ] || ! grep -q -- "$3" "$tmp/out"; then
    echo "FAIL: $1: exit $rc (want $2), output does not match '$3':"
    sed 's/^/  | /' "$tmp/out"
    fails=$((fails + 1))
  else
    echo "ok: $1"
  fi
}

# plant NAME FILE LINE PATTERN: the clean tree plus LINE in FILE must fail.
plant() {
  clean_tree
  printf '%s\n' "$3" >>"$tmp/t/$2"
  expect "$1" 1 "$4"
}

clean_tree
expect "clean tree" 0 "no layering violations"
plant "policy includes pipeline" policies/pol.h '#include "pipeline/sm.h"' \
  'policies/pol.h:3: includes pipeline/sm.h (policies/ may not include pipeline/)'
plant "frontend includes isa" frontend/ptx_ir.c '#include "isa/simt.h"' \
  'frontend/ ma[y] not include isa/'
plant "isa includes memsys" isa/simt.c '#include "memsys/mem_timing.h"' \
  'isa/ may not include memsys/'
plant "isa includes timing" isa/simt.c '#include "memsys/mem_timing.h"' \
  'isa/simt.c reaches the timing header memsys/mem_timing.h'
plant "isa reaches timing through frontend" frontend/ptx_ir.h '#include "pipeline/sm.h"' \
  'isa/simt.c reaches the timing header pipeline/sm.h (isa/simt.c -> isa/simt.h -> frontend/ptx_ir.h -> pipeline/sm.h)'
plant "memsys includes pipeline by ../" memsys/mem_timing.h '#include "../pipeline/sm.h"' \
  'includes pipeline/sm.h (memsys/ may not include pipeline/)'
plant "bare include of another folder's header" pipeline/sm.c '#include "pol.h"' \
  '"pol.h" does not resolve from pipeline/ (the header is policies/pol.h'
plant "runtime includes src" runtime/rt.c '#include "src/cli.h"' \
  'runtime/ may not include src/'
plant "src includes runtime" src/cli.h '#include "runtime/rt.c"' \
  'src/ may not include runtime/'
plant "angle include of a layer above" isa/simt.h '#include <pipeline/sm.h>' \
  'isa/ may not include pipeline/'
plant "public header includes a layer" include/ptxsim.h '#include "frontend/ptx_ir.h"' \
  'include/ may not include frontend/'
plant "include of a missing file" isa/simt.c '#include "isa/gone.h"' \
  '"isa/gone.h" is no file of the tree'

# The real sources pass, and fail once one header includes the timing model.
rm -rf "$tmp/t"
for d in frontend isa memsys policies pipeline runtime src include; do
  mkdir -p "$tmp/t/$d"
  for f in "$srcdir/$d"/*.[chyl] "$srcdir/$d"/*.def; do
    [ -f "$f" ] && cp "$f" "$tmp/t/$d/"
  done
done
chmod -R u+w "$tmp/t" # the sources may be read-only (distcheck)
expect "real tree" 0 "no layering violations"
printf '#include "pipeline/tm_config.h"\n' >>"$tmp/t/isa/cfg.h"
expect "real tree with isa/cfg.h including the timing config" 1 \
  'isa/cfg.h:[0-9]*: includes pipeline/tm_config.h (isa/ may not include pipeline/)'

echo "$n cases, $fails failures"
[ "$fails" -eq 0 ]
