#!/bin/sh
# run-sweep-tests.sh -- `ptxsim sweep`'s sweep files: the statements, the
# grid and its order, quoting, relative paths, the JSON form (the same
# jobs as the text form), --emit parallel|slurm, and each error with its
# FILE:LINE and exit status.  Nothing runs here (run-sweep-parallel.sh
# runs a sweep; run-collect-tests.sh collects).
set -u
: "${PTXSIM:?set PTXSIM to the ptxsim binary}"
: "${srcdir:=.}"
# shellcheck source=tests/expect-lib.sh
. "$srcdir/tests/expect-lib.sh" # fail=0 n=0 $tmp; failed, expect_*
tmp=$(cd "$tmp" && pwd -P)
top=$(cd "$srcdir" && pwd -P)
self=$(cd "$(dirname "$PTXSIM")" && pwd -P)/$(basename "$PTXSIM")

# sweep_error TEXT PATTERN DESCRIPTION: a sweep file of TEXT fails with
# exit status 1, a message matching PATTERN, and writes no folder.
n_err=0
sweep_error() {
  n_err=$((n_err + 1))
  printf '%s\n' "$1" >"$tmp/e$n_err.sweep"
  expect_status 1 "$3" "$PTXSIM" sweep "$tmp/e$n_err.sweep" -o "$tmp/e$n_err.out"
  expect_grep "$tmp/err" "$2" "$3"
  if [ -e "$tmp/e$n_err.out" ]; then
    failed "$3: wrote $tmp/e$n_err.out"
  fi
}

# ---- a sweep of 2 programs x 2 configs x (2 x 3) option values, with
# comments, quotes, a continued line and relative paths.
mkdir -p "$tmp/study/data" "$tmp/study/cfg"
cp "$srcdir/benchmarks/ptx/saxpy.ptx" "$tmp/study/saxpy.ptx"
: >"$tmp/study/data/x.bin"
"$PTXSIM" config --config gtx480 --dump >"$tmp/study/cfg/small.config"
cat >"$tmp/study/grid.sweep" <<'SWEEP'
# the study
run saxpy saxpy.ptx -k saxpy -g 2 -b 64 --arg s32:128 --arg f32:2 \
    --arg buf:in=data/x.bin --arg 'buf:512'   # a comment after the words
exec "app two" ./bin/app --size "1 2" "it's"
config gtx480 cfg/small.config
option -gpgpu_scheduler lrr gto
option -ptxsim_bypass 0 1 "1"
set -gpgpu_n_clusters=2
SWEEP
expect_status 1 "repeated option value" "$PTXSIM" sweep "$tmp/study/grid.sweep" -o "$tmp/g"
expect_grep "$tmp/err" "grid.sweep:4: error: exec: bad NAME 'app two'" "bad NAME message"
expect_grep "$tmp/err" "grid.sweep:7: error: option -ptxsim_bypass: value '1' given twice" \
  "repeated value message"
sed -e 's/"app two"/app2/' -e 's/ "1"$//' "$tmp/study/grid.sweep" >"$tmp/study/g2.sweep"
expect_status 0 "the grid" "$PTXSIM" sweep "$tmp/study/g2.sweep" -o "$tmp/g"
expect_grep "$tmp/out" "^ptxsim sweep: 16 jobs in $tmp/g/jobs.txt" "16 jobs"
[ "$(wc -l <"$tmp/g/jobs.txt")" -eq 16 ] || failed "jobs.txt: not 16 lines"
[ -d "$tmp/g/runs/r0016" ] && [ ! -e "$tmp/g/runs/r0017" ] ||
  failed "run folders r0001..r0016"
# The manifest: programs outermost, then configs, then the option lines
# in order (the last fastest); absolute paths.
cut -f1-5 "$tmp/g/manifest.tsv" >"$tmp/got"
{
  printf 'run_id\tprogram\tconfig\tgpgpu_scheduler\tptxsim_bypass\n'
  i=0
  for p in saxpy app2; do
    for c in gtx480 "$tmp/study/cfg/small.config"; do
      for s in lrr gto; do
        for b in 0 1; do
          i=$((i + 1))
          printf 'r%04d\t%s\t%s\t%s\t%s\n' $i $p "$c" $s $b
        done
      done
    done
  done
} >"$tmp/want"
expect_same "$tmp/want" "$tmp/got" "manifest order"
tail -n +2 "$tmp/g/manifest.tsv" | cut -f6 >"$tmp/got"
expect_same "$tmp/g/jobs.txt" "$tmp/got" "manifest command = jobs.txt line"
# Job 1 and job 16 exactly: quoting, the paths made absolute, the set
# option before the swept ones, the outputs in the run folder.
sed -n 1p "$tmp/g/jobs.txt" >"$tmp/got"
printf '%s\n' "cd $tmp/g/runs/r0001 && { rm -f status; $self run --threads 1 $tmp/study/saxpy.ptx -k saxpy -g 2 -b 64 --arg s32:128 --arg f32:2 --arg buf:in=$tmp/study/data/x.bin --arg buf:512 --mode timing --config gtx480 --option -gpgpu_n_clusters=2 --option -gpgpu_scheduler=lrr --option -ptxsim_bypass=0 --stats json --progress never >stats.json 2>log; s=\$?; echo \$s >status; exit \$s; }" >"$tmp/want"
expect_same "$tmp/want" "$tmp/got" "job 1"
sed -n 16p "$tmp/g/jobs.txt" >"$tmp/got"
printf '%s\n' "cd $tmp/g/runs/r0016 && { rm -f status; $self exec --threads 1 --stats stats.json --mode timing --config $tmp/study/cfg/small.config --option -gpgpu_n_clusters=2 --option -gpgpu_scheduler=gto --option -ptxsim_bypass=1 --progress never -- $tmp/study/bin/app --size '1 2' 'it'\\''s' >log 2>&1; s=\$?; echo \$s >status; exit \$s; }" >"$tmp/want"
expect_same "$tmp/want" "$tmp/got" "job 16"
# The quoted argument survives the shell as one word.
sh -c "set -- $(sed -n 16p "$tmp/g/jobs.txt" | sed 's/.* -- //; s/ >log.*//'); echo \$#:\$3:\$4" >"$tmp/got"
echo "4:1 2:it's" >"$tmp/want"
expect_same "$tmp/want" "$tmp/got" "shell quoting"
# A second sweep into the same folder is refused.
expect_status 1 "folder in use" "$PTXSIM" sweep "$tmp/study/g2.sweep" -o "$tmp/g"
expect_grep "$tmp/err" "already holds a sweep" "folder in use message"

# ---- the JSON form gives the same jobs.
cat >"$tmp/study/g2.json" <<'JSON'
{
  "run": {"saxpy": ["saxpy.ptx", "-k", "saxpy", "-g", "2", "-b", 64, "--arg", "s32:128",
                    "--arg", "f32:2", "--arg", "buf:in=data/x.bin", "--arg", "buf:512"]},
  "exec": {"app2": ["./bin/app", "--size", "1 2", "it's"]},
  "config": ["gtx480", "cfg/small.config"],
  "option": {"-gpgpu_scheduler": ["lrr", "gto"], "-ptxsim_bypass": [0, 1]},
  "set": {"-gpgpu_n_clusters": 2}
}
JSON
expect_status 0 "JSON form" "$PTXSIM" sweep "$tmp/study/g2.json" -o "$tmp/j"
sed "s|$tmp/j/|$tmp/g/|g" "$tmp/j/manifest.tsv" >"$tmp/got"
expect_same "$tmp/g/manifest.tsv" "$tmp/got" "JSON form = text form"

# ---- --emit parallel and slurm.
printf 'run k %s -k saxpy -g 1 -b 32 --arg s32:1 --arg f32:1 --arg buf:4 --arg buf:4\nmode functional\n' \
  "$top/benchmarks/ptx/saxpy.ptx" >"$tmp/one.sweep"
expect_status 0 "--emit parallel" "$PTXSIM" sweep "$tmp/one.sweep" -o "$tmp/p" --emit parallel -j 3
expect_grep "$tmp/p/run-parallel.sh" "^parallel --jobs 3 --joblog $tmp/p/joblog \"\$@\" <$tmp/p/jobs.txt" \
  "run-parallel.sh"
[ -x "$tmp/p/run-parallel.sh" ] || failed "run-parallel.sh not executable"
expect_grep "$tmp/p/jobs.txt" " run --threads 1 [^ ]*/saxpy.ptx .* --mode functional --stats json" "functional job"
expect_status 0 "--emit slurm" "$PTXSIM" sweep "$tmp/one.sweep" -o "$tmp/s" --emit slurm \
  --time 0:10:00 --mem=2G --partition debug --jobs 4
for l in "^#SBATCH --array=1-1%4$" "^#SBATCH --output=$tmp/s/slurm-%A_%a.out$" \
  "^#SBATCH --time=0:10:00$" "^#SBATCH --mem=2G$" "^#SBATCH --partition=debug$" \
  "SLURM_ARRAY_TASK_ID.*$tmp/s/jobs.txt"; do
  expect_grep "$tmp/s/sweep.sbatch" "$l" "sweep.sbatch"
done
# The batch script runs its task's line (here without Slurm).
SLURM_ARRAY_TASK_ID=1 sh "$tmp/s/sweep.sbatch"
[ "$(cat "$tmp/s/runs/r0001/status" 2>/dev/null)" = 0 ] ||
  failed "sweep.sbatch task 1 did not run"
expect_grep "$tmp/s/runs/r0001/stats.json" '"kernel": "saxpy"' "task 1 statistics"

# ---- variants: named option sets, a parameter of their own, in a grid
# with an option line; their options after the set ones.
cat >"$tmp/v.sweep" <<SWEEP
run k $top/benchmarks/ptx/saxpy.ptx -k saxpy -g 1 -b 32
config gtx480
variant base
variant BP+SC -ptxsim_bypass=1 -ptxsim_scoreboard=shared
option -gpgpu_scheduler lrr gto
set -gpgpu_n_clusters=2
SWEEP
expect_status 0 "variants" "$PTXSIM" sweep "$tmp/v.sweep" -o "$tmp/v"
cut -f1-5 "$tmp/v/manifest.tsv" >"$tmp/got"
printf 'run_id\tprogram\tconfig\tvariant\tgpgpu_scheduler\n' >"$tmp/want"
printf 'r0001\tk\tgtx480\tbase\tlrr\nr0002\tk\tgtx480\tbase\tgto\n' >>"$tmp/want"
printf 'r0003\tk\tgtx480\tBP+SC\tlrr\nr0004\tk\tgtx480\tBP+SC\tgto\n' >>"$tmp/want"
expect_same "$tmp/want" "$tmp/got" "variant manifest"
expect_grep "$tmp/v/jobs.txt" " --config gtx480 --option -gpgpu_n_clusters=2 --option -ptxsim_bypass=1 --option -ptxsim_scoreboard=shared --option -gpgpu_scheduler=gto --stats" \
  "variant options in the job"
printf '{"run": {"k": ["%s", "-k", "saxpy", "-g", 1, "-b", 32]}, "config": ["gtx480"],\n' \
  "$top/benchmarks/ptx/saxpy.ptx" >"$tmp/v.json"
printf ' "variant": {"base": [], "BP+SC": ["-ptxsim_bypass=1", "-ptxsim_scoreboard=shared"]},\n' >>"$tmp/v.json"
printf ' "option": {"-gpgpu_scheduler": ["lrr", "gto"]}, "set": {"-gpgpu_n_clusters": 2}}\n' >>"$tmp/v.json"
expect_status 0 "variants (JSON)" "$PTXSIM" sweep "$tmp/v.json" -o "$tmp/vj"
sed "s|$tmp/vj/|$tmp/v/|g" "$tmp/vj/manifest.tsv" >"$tmp/got"
expect_same "$tmp/v/manifest.tsv" "$tmp/got" "variants: JSON form = text form"

# ---- usage errors: exit 2.
expect_status 2 "no file" "$PTXSIM" sweep -o "$tmp/u"
expect_status 2 "no -o" "$PTXSIM" sweep "$tmp/one.sweep"
expect_status 2 "bad --emit" "$PTXSIM" sweep "$tmp/one.sweep" -o "$tmp/u" --emit make
expect_status 2 "--time without slurm" "$PTXSIM" sweep "$tmp/one.sweep" -o "$tmp/u" --time 1:00
expect_status 2 "--jobs 0" "$PTXSIM" sweep "$tmp/one.sweep" -o "$tmp/u" --jobs 0
expect_status 2 "unknown option" "$PTXSIM" sweep "$tmp/one.sweep" -o "$tmp/u" --frobnicate
expect_status 1 "no such file" "$PTXSIM" sweep "$tmp/none.sweep" -o "$tmp/u"
expect_grep "$tmp/err" "none.sweep: error: cannot read the sweep file" "unreadable message"

# ---- errors in sweep files: FILE:LINE, exit 1, nothing written.
k="run k k.ptx -g 1 -b 32"
sweep_error "$k
frobnicate 1 2" "[0-9].sweep:2: error: unknown statement 'frobnicate'" "unknown statement"
sweep_error "run k" "[0-9].sweep:1: error: run needs a NAME" "run without arguments"
sweep_error "$k
$k" "[0-9].sweep:2: error: run: NAME 'k' is already used on line 1" "duplicate NAME"
sweep_error "run k -g 1 k.ptx" "[0-9].sweep:1: error: run k: the first argument must be the PTX file" \
  "run: options first"
sweep_error "$k --stats text" "[0-9].sweep:1: error: run k: --stats is set by the sweep" "run --stats"
sweep_error "$k --config=sm75" "[0-9].sweep:1: error: run k: --config is set by the sweep" "run --config"
sweep_error "$k
config gtx480
config sm75" "[0-9].sweep:3: error: config is already given on line 2" "two config lines"
sweep_error "$k
config gtx480 gtx480" "[0-9].sweep:2: error: config: value 'gtx480' given twice" "repeated config"
sweep_error "$k
config gtx999" "[0-9].sweep:2: error: config 'gtx999': unknown configuration 'gtx999'" "unknown config"
sweep_error "$k
option -gpgpu_scheduler lrr
option -gpgpu_scheduler gto" "[0-9].sweep:3: error: option -gpgpu_scheduler is already swept on line 2" \
  "option twice"
sweep_error "$k
option gpgpu_scheduler lrr" "[0-9].sweep:2: error: option: 'gpgpu_scheduler' is not an option name" \
  "option without dash"
sweep_error "$k
option -gpgpu_scheduler" "[0-9].sweep:2: error: option -gpgpu_scheduler needs at least one value" \
  "option without values"
sweep_error "$k
option -gpgpu_no_such_thing 1" "[0-9].sweep:2: error: .*gpgpu_no_such_thing" "unknown option"
sweep_error "$k
option -gpgpu_scheduler lrr fastest" "[0-9].sweep:2: error: .*fastest" "bad option value"
sweep_error "$k
option -gpgpu_scheduler lrr,gto" "[0-9].sweep:2: error: option -gpgpu_scheduler: bad value 'lrr,gto'" \
  "comma in a value"
sweep_error "$k
set -gpgpu_scheduler" "[0-9].sweep:2: error: set takes one -NAME=VALUE" "set without value"
sweep_error "$k
set -gpgpu_scheduler=lrr
option -gpgpu_scheduler gto" "[0-9].sweep:3: error: option -gpgpu_scheduler is both swept and set" \
  "swept and set"
sweep_error "$k
mode fast" "[0-9].sweep:2: error: mode takes functional or timing" "bad mode"
sweep_error "$k
mode timing
mode timing" "[0-9].sweep:3: error: mode is already given on line 2" "two modes"
sweep_error "$k
mode functional
config sm75" "[0-9].sweep:3: error: config, option, variant and set need timing mode" "functional with config"
sweep_error "# nothing
config sm75" "[0-9].sweep:2: error: no run or exec statement" "no programs"
sweep_error "$k --arg 'buf:4" "[0-9].sweep:1: error: unterminated single quote" "unterminated quote"
sweep_error "exec p" "[0-9].sweep:1: error: exec needs a NAME and a PROGRAM" "exec without program"
# Several errors are all reported.
sweep_error "$k
bogus
mode fast" "[0-9].sweep:3: error: mode takes" "several errors"
expect_grep "$tmp/err" "[0-9].sweep:2: error: unknown statement 'bogus'" "several errors (first)"
# JSON errors: syntax with its line, shapes, unknown members.
sweep_error '{
  "run": {"k": ["k.ptx"]},
  "config": ["gtx480",]
}' "[0-9].sweep:3: error: unexpected character ']'" "JSON syntax"
sweep_error '{
  "run": {"k": "k.ptx"}
}' '[0-9].sweep:2: error: "run": "k": expected an array' "JSON run not an array"
sweep_error '{
  "run": {"k": ["k.ptx"]},
  "grid": []
}' '[0-9].sweep:3: error: unknown member "grid"' "JSON unknown member"
sweep_error '{
  "run": {"k": ["k.ptx"]},
  "option": {"-gpgpu_scheduler": ["lrr", {"x": 1}]}
}' '[0-9].sweep:3: error: "option": "-gpgpu_scheduler": expected a string or a number' \
  "JSON option value"
sweep_error '{
  "run": {"k": ["k.ptx"], "k": ["k.ptx"]}
}' "[0-9].sweep:2: error: run: NAME 'k' is already used on line 2" "JSON duplicate NAME"
sweep_error '{
  "run": {"k": ["k.ptx"]},
  "mode": "timing",
  "mode": "functional"
}' '[0-9].sweep:4: error: "mode" is given twice' "JSON duplicate member"
sweep_error "$k
variant a -ptxsim_bypass=1
variant a" "[0-9].sweep:3: error: variant: NAME 'a' is already used on line 2" "variant twice"
sweep_error "$k
variant a ptxsim_bypass=1" "[0-9].sweep:2: error: variant a: 'ptxsim_bypass' is not an option name" \
  "variant option without dash"
sweep_error "$k
variant a -ptxsim_bypass=1
option -ptxsim_bypass 0 1" "[0-9].sweep:2: error: variant a: option -ptxsim_bypass is also swept" \
  "variant and option"
sweep_error "$k
variant a -ptxsim_bypass=2" "[0-9].sweep:2: error: .*ptxsim_bypass.*2" "variant value refused"
sweep_error "$k
variant a -ptxsim_bypass=1 -ptxsim_bypass=0" "[0-9].sweep:2: error: variant a: option -ptxsim_bypass given twice" \
  "variant option twice"
sweep_error '[1, 2]' "[0-9].sweep:1: error: a JSON sweep file is one object" "JSON not an object"
sweep_error "$k
set -gpgpu_bogus=3" "[0-9].sweep:2: error: unknown option '-gpgpu_bogus'" "set: unknown option"

if [ "$fail" -ne 0 ]; then
  echo "$fail failure(s)"
  exit 1
fi
echo "sweep tests passed"
