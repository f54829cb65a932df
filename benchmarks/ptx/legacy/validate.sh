#!/usr/bin/env bash
# validate.sh - check the hand-written legacy-dialect PTX files in this directory with ptxas.
#
# Two checks per file:
#
#   modern  The CUDA 13 ptxas ($PTXAS, default `ptxas` on PATH) on a temporary copy in which ONLY
#           the architecture on the `.target` line is raised to sm_75 (files that target sm_80 or
#           sm_90a keep theirs; target options such as `debug` are kept) and `.version` is raised
#           to the lowest one that ptxas accepts with that target (6.3 for sm_75, 7.0 for sm_80,
#           8.0 for sm_90a) when the file's is lower. Then `ptxas -arch=<target> copy.ptx`.
#           Files without `.address_size 64` are reported as SKIP: ptxas from CUDA 12 on has no
#           32-bit mode ("32-Bit compilation is no longer supported"), so it cannot check them at
#           all.
#
#   legacy  Only when $PTXAS_OLD names an older ptxas. The CUDA 11.8 one (Debian bookworm
#           non-free package nvidia-cuda-toolkit 11.8.89, /usr/bin/ptxas in it) was used: it
#           still accepts `.version 1.4`..`7.8`, targets sm_10..sm_90 in PTX (code generation
#           for >= sm_35) and has `-m32`. The file is checked UNMODIFIED with -arch = the file's
#           target (sm_35 when the target is older), `-m32` when the file has no
#           `.address_size 64`. Files whose target/version that ptxas does not know (sm_90a,
#           .version 8.x) are SKIP.
#
# Expected failures: a file that uses a construct valid only in its own (old) dialect carries a
# comment line `// validate-modern-xfail: <ERE>`. If the modern check then fails and EVERY
# `error :` line of ptxas matches <ERE> (the closing "ptxas fatal" line is not one), the check
# is reported as XFAIL (not a failure); any other error is still a FAIL, and an unexpected
# success is reported as XPASS (counted as passed).
#
# Usage: benchmarks/ptx/legacy/validate.sh [FILE.ptx ...]     (default: every *.ptx here)
#   Environment: PTXAS (default ptxas), PTXAS_OLD (optional older ptxas), KEEP_TMP=1 keeps the
#   temporary copies (their directory is printed).
# Prints one line per file and check, ptxas' own messages indented below it (repeats folded),
# and a closing "N passed, N failed, N skipped, N expected failures" line; exits 1 if any check
# failed.
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PTXAS="${PTXAS:-ptxas}"
PTXAS_OLD="${PTXAS_OLD:-}"
tmp="$(mktemp -d "${TMPDIR:-/tmp}/ptx-legacy-validate.XXXXXX")"
if [ "${KEEP_TMP:-0}" = 1 ]; then echo "temporary copies in $tmp"; else trap 'rm -rf "$tmp"' EXIT; fi

if [ "$#" -gt 0 ]; then files=("$@"); else files=("$here"/*.ptx); fi

pass=0; fail=0; skip=0; xfail=0

# version_lt A B : true when PTX version A < B (both MAJOR.MINOR)
version_lt() {
  awk -v a="$1" -v b="$2" 'BEGIN { split(a, x, "."); split(b, y, ".");
    exit !((x[1] + 0 < y[1] + 0) || (x[1] + 0 == y[1] + 0 && x[2] + 0 < y[2] + 0)) }'
}

report() { # STATUS NAME CHECK DETAIL [MESSAGES]
  printf '%-5s %-40s %-6s %s\n' "$1" "$2" "$3" "$4"
  # ptxas messages, with the temporary path shortened and repeated messages (same text on
  # different lines) folded into one "(xN)" line
  if [ -n "${5:-}" ]; then
    printf '%s\n' "$5" | sed -e "s|$tmp/||g" -e 's/, line [0-9]*;/;/' | awk '
      { if (!($0 in n)) order[++k] = $0; n[$0]++ }
      END { for (i = 1; i <= k; i++) printf "       | %s%s\n", order[i], (n[order[i]] > 1 ? " (x" n[order[i]] ")" : "") }'
  fi
  case "$1" in PASS|XPASS) pass=$((pass + 1)) ;; FAIL) fail=$((fail + 1)) ;;
    XFAIL) xfail=$((xfail + 1)) ;; *) skip=$((skip + 1)) ;; esac
}

for f in "${files[@]}"; do
  name="$(basename "$f")"
  ver="$(sed -n 's/^[[:space:]]*\.version[[:space:]]\{1,\}\([0-9][0-9]*\.[0-9][0-9]*\).*/\1/p' "$f" | head -n 1)"
  tgt="$(sed -n 's/^[[:space:]]*\.target[[:space:]]\{1,\}\(sm_[0-9][0-9]*[a-z]\{0,1\}\).*/\1/p' "$f" | head -n 1)"
  if [ -z "$ver" ] || [ -z "$tgt" ]; then
    report FAIL "$name" "-" "no .version / .target line found"; continue
  fi
  is64=0
  grep -Eq '^[[:space:]]*\.address_size[[:space:]]+64' "$f" && is64=1
  num="${tgt#sm_}"; num="${num%a}"

  # ---- modern check (CUDA 13 ptxas) ----
  case "$tgt" in
    sm_90a) newt=sm_90a; minv=8.0 ;;
    sm_8*|sm_9*) newt="$tgt"; minv=7.0 ;;
    *) newt=sm_75; minv=6.3 ;;
  esac
  if [ "$is64" = 0 ]; then
    report SKIP "$name" modern "32-bit addressing (no .address_size 64): CUDA >= 12 ptxas has no 32-bit mode"
  elif ! command -v "$PTXAS" >/dev/null 2>&1; then
    report SKIP "$name" modern "'$PTXAS' not found"
  else
    newv="$ver"; version_lt "$ver" "$minv" && newv="$minv"
    copy="$tmp/$name"
    sed -e "s/^\([[:space:]]*\.version[[:space:]]\{1,\}\)$ver/\1$newv/" \
        -e "s/^\([[:space:]]*\.target[[:space:]]\{1,\}\)$tgt/\1$newt/" "$f" > "$copy"
    xre="$(sed -n 's|^[[:space:]]*//[[:space:]]*validate-modern-xfail:[[:space:]]*||p' "$f" | head -n 1)"
    what=".version $ver->$newv .target $tgt->$newt, ptxas -arch=$newt"
    if out="$("$PTXAS" -arch="$newt" "$copy" -o /dev/null 2>&1)"; then
      if [ -n "$xre" ]; then report XPASS "$name" modern "$what (expected to fail)" "$out"
      else report PASS "$name" modern "$what" "$out"; fi
    elif [ -n "$xre" ] && printf '%s\n' "$out" | grep -Eq 'error[[:space:]]*:' \
         && ! printf '%s\n' "$out" | grep -E 'error[[:space:]]*:' | grep -Evq -- "$xre"; then
      report XFAIL "$name" modern "$what: only the expected old-dialect errors" "$out"
    else
      report FAIL "$name" modern "$what" "$out"
    fi
  fi

  # ---- legacy check (older ptxas, file unmodified) ----
  if [ -n "$PTXAS_OLD" ]; then
    if [ "$tgt" = sm_90a ] || ! version_lt "$ver" 8.0; then
      report SKIP "$name" legacy "$tgt / .version $ver unknown to the older ptxas"
    else
      arch="$tgt"; [ "$num" -lt 35 ] && arch=sm_35
      m=""; [ "$is64" = 0 ] && m="-m32 "
      if out="$("$PTXAS_OLD" $m-arch="$arch" "$f" -o /dev/null 2>&1)"; then
        report PASS "$name" legacy "unmodified, ptxas ${m}-arch=$arch" "$out"
      else
        report FAIL "$name" legacy "unmodified, ptxas ${m}-arch=$arch" "$out"
      fi
    fi
  fi
done

echo "$pass passed, $fail failed, $skip skipped, $xfail expected failures"
[ "$fail" = 0 ]
