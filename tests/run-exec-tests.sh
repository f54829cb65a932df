#!/bin/sh
# run-exec-tests.sh -- `ptxsim exec`: unmodified CUDA programs on ptxsim's
# libcudart.so.13.
#
# 1. Refusals and usage errors, with their messages and exit statuses.
# 2. The prebuilt corpus programs in tests/exec/bin (built by nvcc 13 with
#    -cudart shared; see tests/exec/README) run and check their own
#    results against CPU references: exit 0 and an "ok" line per scenario.
#    Statistics go to --stats FILE as JSON, never to the program's stdout.
#    In timing mode (--mode timing) each prints exactly what it printed in
#    functional mode.
#    multi_gpu runs again with --devices 2 in both modes.
# 3. Device profiles (--device): what device_profile sees on each, the H200
#    against its measurements, sm_80 programs on an sm_75 device, and the
#    timing configuration's GPU in timing mode.
# 4. Where nvcc is installed, every tests/exec/*.cu is built again with
#    nvcc's default compression and with --no-compress, and must print
#    exactly what its prebuilt twin prints.
# 4. The options exec shares with run (--config alone means timing mode,
#    --option, --max-instructions, --report and --trace), event times in
#    timing mode (simulated: the kernel's cycles at the core clock), and the
#    progress line (--progress; auto: only when stderr is a terminal).
set -u
: "${PTXSIM:?set PTXSIM to the ptxsim binary}"
: "${srcdir:=.}"
: "${top_builddir:=.}"
# shellcheck source=tests/expect-lib.sh
. "$srcdir/tests/expect-lib.sh" # fail=0 n=0 $tmp; failed, expect_*
exec_dir=$srcdir/tests/exec

# ---- 1. usage errors and refusals
expect_status 2 "no program" "$PTXSIM" exec
expect_grep "$tmp/err" "no program given" "no program message"
expect_status 2 "unknown option" "$PTXSIM" exec --frob -- true
expect_grep "$tmp/err" "unknown option '--frob'" "unknown option message"
expect_status 2 "config in functional mode" "$PTXSIM" exec --mode functional --config gtx480 \
  -- true
expect_grep "$tmp/err" "set up timing mode, not --mode functional" "config message"
expect_status 2 "option in functional mode" "$PTXSIM" exec --option -gpgpu_n_clusters=2 \
  --mode functional -- true
expect_grep "$tmp/err" "set up timing mode, not --mode functional" "option message"
expect_status 2 "bad --option" "$PTXSIM" exec --option gpgpu -- true
expect_grep "$tmp/err" "needs -NAME=VALUE" "bad --option message"
expect_status 2 "bad --progress" "$PTXSIM" exec --progress=sometimes -- true
expect_grep "$tmp/err" "--progress takes auto, always or never" "bad --progress message"
expect_status 2 "bad mode" "$PTXSIM" exec --mode fast -- true
expect_grep "$tmp/err" "functional or timing" "bad mode message"
expect_status 1 "unknown configuration" "$PTXSIM" exec --mode timing --config nosuchgpu -- true
expect_grep "$tmp/err" "unknown configuration 'nosuchgpu'" "unknown configuration message"
expect_status 2 "bad instruction count" "$PTXSIM" exec --max-instructions lots -- true
expect_status 1 "missing program" "$PTXSIM" exec -- "$tmp/no-such-program"
expect_grep "$tmp/err" "no-such-program: not an executable file" "missing program message"
expect_status 1 "static cudart" "$PTXSIM" exec -- "$top_builddir/tests/fake/fake_static"
expect_grep "$tmp/err" "static CUDA runtime" "static cudart message"
expect_grep "$tmp/err" "nvcc -cudart shared" "static cudart advice"
expect_no_grep "$tmp/out" "fake_static ran" "static program not run"
expect_status 0 "program without CUDA" "$PTXSIM" exec -- sh -c 'echo plain'
expect_grep "$tmp/out" "plain" "program without CUDA runs"
expect_grep "$tmp/err" "does not use the CUDA runtime" "program without CUDA warning"
printf "#!/bin/sh\necho script\n" >"$tmp/script.sh"
chmod +x "$tmp/script.sh"
expect_status 1 "runtime directory missing" env PTXSIM_RUNTIME_DIR="$tmp" "$PTXSIM" exec -- "$tmp/script.sh"
expect_grep "$tmp/err" "libcudart.so.13 is not in" "runtime directory message"
expect_status 2 "unknown device" "$PTXSIM" exec --device bogus -- true
expect_grep "$tmp/err" "unknown device 'bogus' (--device takes sm_75, sm_80, sm_86, sm_90)" \
  "unknown device message"
expect_status 2 "device without a name" "$PTXSIM" exec --device
expect_grep "$tmp/err" "--device needs a device name" "device without a name message"

# ptxsim's own outputs lost to a full disk: an error naming the file and
# the reason, and exit status 1, after the program ran.
if [ -w /dev/full ]; then
  vecadd=$exec_dir/bin/vecadd
  expect_status 1 "exec --stats /dev/full" "$PTXSIM" exec --stats /dev/full -- "$vecadd"
  expect_grep "$tmp/out" "vecadd: vecadd ok" "exec --stats /dev/full: the program ran"
  expect_grep "$tmp/err" "error: cannot write the statistics to /dev/full: No space left on device" \
    "exec --stats /dev/full: message"
  expect_status 1 "exec --trace masks=/dev/full" "$PTXSIM" exec -q --trace masks=/dev/full -- "$vecadd"
  expect_grep "$tmp/err" "error: cannot write the trace to /dev/full: No space left on device" \
    "exec --trace masks=/dev/full: message"
  expect_status 1 "exec --report-file /dev/full" "$PTXSIM" exec -q --report divergence --report-file /dev/full -- "$vecadd"
  expect_grep "$tmp/err" "error: cannot write the reports to /dev/full: No space left on device" \
    "exec --report-file /dev/full: message"
fi

# ---- 2. prebuilt programs
# exit() while another thread keeps launching kernels must not wait for
# the launches to stop (they never do): a time limit, well above the
# fraction of a second it takes.
expect_status 0 "exit while launching" timeout 60 "$PTXSIM" exec -- "$exec_dir/bin/exit_while_launching"
expect_grep "$tmp/out" "exit_while_launching: launch during exit: refused ok" \
  "exit while launching: launches refused once exit began"
# Every program runs under a time limit, so that a hang fails the test
# instead of stopping the suite.
for prog in "$exec_dir"/bin/*; do
  [ -f "$prog" ] || continue
  name=$(basename "$prog")
  expect_status 0 "$name" timeout 600 "$PTXSIM" exec --stats "$tmp/$name.json" -- "$prog"
  cp "$tmp/out" "$tmp/$name.prebuilt.out"
  expect_grep "$tmp/out" "ok" "$name prints its checks"
  expect_no_grep "$tmp/out" "thread_instructions" "$name: no statistics on stdout"
  expect_grep "$tmp/$name.json" '"launches"' "$name: statistics file"
  # The same program in timing mode must print exactly the same: each
  # warp instruction executes when the pipeline issues it, and the
  # results may not depend on when that is.
  expect_status 0 "$name (timing)" timeout 600 "$PTXSIM" exec --mode timing --stats "$tmp/$name.t.json" \
    -- "$prog"
  n=$((n + 1))
  cmp -s "$tmp/out" "$tmp/$name.prebuilt.out" ||
    failed "$name: timing mode prints something else than functional mode"
  expect_grep "$tmp/$name.t.json" '"cycles"' "$name: timing statistics have cycles"
  if [ "$name" = runtime_api ]; then
    # What only ptxsim says: the unimplemented call, and where the fault was.
    expect_grep "$tmp/err" "cudaGraphDebugDotPrint is not supported" "runtime_api: unsupported call named"
    expect_grep "$tmp/err" "invalid write of size 4 at address" "runtime_api: fault reported"
    expect_grep "$tmp/err" "in kernel _Z8write_atPix, block (0,0,0), thread (0,0,0)" \
      "runtime_api: fault located"
  fi
  if [ "$name" = mempool ]; then
    # A pool with an IPC handle type is refused, and why is said.
    expect_grep "$tmp/err" "supports no IPC handle type for memory pools" \
      "mempool: IPC handle types refused with a reason"
  fi
done

# Several simulated GPUs: --devices 2 in both modes (alone, multi_gpu
# skips its two-device scenarios, saying so); usage errors of --devices.
mgpu=$exec_dir/bin/multi_gpu
expect_grep "$tmp/multi_gpu.prebuilt.out" "multi_gpu: SKIP: needs 2 devices, found 1" \
  "multi_gpu alone: skips, saying why"
for mode in functional timing; do
  expect_status 0 "multi_gpu --devices 2 ($mode)" timeout 600 "$PTXSIM" exec --mode "$mode" \
    --devices 2 --stats "$tmp/mgpu.$mode.json" -- "$mgpu"
  for scen in select per_device peer_copy peer_access peer_pool no_peer_access; do
    expect_grep "$tmp/out" "multi_gpu: $scen ok" "multi_gpu --devices 2 ($mode): $scen"
  done
  cp "$tmp/out" "$tmp/mgpu.$mode.out"
  # Without peer access a kernel reaching the other device's memory
  # faults as on hardware (cudaErrorIllegalAddress, the address reported).
  expect_grep "$tmp/err" "invalid read of size 4 at address" "multi_gpu ($mode): the fault reported"
done
n=$((n + 1))
cmp -s "$tmp/mgpu.functional.out" "$tmp/mgpu.timing.out" ||
  failed "multi_gpu --devices 2: timing mode prints something else than functional mode"
expect_grep "$tmp/mgpu.timing.json" '"cycles"' "multi_gpu --devices 2: timing statistics"
expect_status 0 "multi_gpu PTXSIM_DEVICES=3" env PTXSIM_DEVICES=3 "$PTXSIM" exec -q -- "$mgpu"
expect_grep "$tmp/out" "multi_gpu: peer_pool ok" "PTXSIM_DEVICES=3 reaches the runtime"
expect_status 2 "--devices 0" "$PTXSIM" exec --devices 0 -- true
expect_grep "$tmp/err" "--devices takes a count from 1 to 16" "--devices 0 message"
expect_status 2 "--devices without a count" "$PTXSIM" exec --devices

# ---- 3. device profiles
prof=$exec_dir/bin/device_profile
# Every attribute agrees with its property on every profile; an sm_80
# program refuses an sm_75 device as the CUDA samples do.
for dev in sm_80 sm_86 sm_90; do
  expect_status 0 "device_profile on $dev" "$PTXSIM" exec -q --device "$dev" -- "$prof"
  expect_grep "$tmp/out" "device_profile: attributes ok" "$dev: attributes agree with properties"
  expect_grep "$tmp/out" "device_profile: redux ok" "$dev: the sm_80 kernel runs"
done
expect_status 2 "device_profile on sm_75" "$PTXSIM" exec -q --device sm_75 -- "$prof"
expect_grep "$tmp/out" "device_profile: attributes ok" "sm_75: attributes agree with properties"
expect_grep "$tmp/out" "requires SM 8.0 or higher" "sm_75: the sample's refusal"
expect_no_grep "$tmp/out" "redux" "sm_75: no sm_80 kernel launched"
# An sm_80 program that does not check: its kernels have no image for the
# device, as on a real T4.
expect_status 1 "cp_async on sm_75" "$PTXSIM" exec -q --device sm_75 -- "$exec_dir/bin/cp_async"
expect_grep "$tmp/out" "cudaErrorNoKernelImageForDevice" "cp_async on sm_75: the CUDA error"
expect_grep "$tmp/err" "built for compute capability 8.0 (compute_80) and the simulated GPU is 7.5" \
  "cp_async on sm_75: why"
# The default device is the H200 as measured (the dev.* lines of the
# measurements; the last three lines are not measured).
expect_status 0 "device_profile --print" "$PTXSIM" exec -q -- "$prof" --print
n=$((n + 1))
grep '^dev\.' "$tmp/out" | head -22 >"$tmp/h200.tsv"
grep '^dev\.' "$srcdir/tests/data/h200-device.tsv" | cmp -s - "$tmp/h200.tsv" ||
  failed "the default device is not the measured H200: $(grep '^dev\.' \
    "$srcdir/tests/data/h200-device.tsv" | diff - "$tmp/h200.tsv" | grep '^[<>]' | tr '\n\t' '; ')"
expect_grep "$tmp/out" "$(printf 'dev.reserved_smem_per_block\t1024\t')" "H200: reserved shared memory"
expect_status 2 "device_profile --print on sm_75" "$PTXSIM" exec -q --device sm_75 -- "$prof" --print
for want in 'dev.name	Tesla T4' 'dev.compute_capability	7.5' 'dev.sm_count	40	' \
  'dev.smem_per_sm	65536	' 'dev.smem_per_block_optin	65536	' 'dev.max_threads_per_sm	1024	' \
  'dev.max_blocks_per_sm	16	' 'dev.l2_size	4194304	' 'dev.l2_persisting_max	0	' \
  'dev.reserved_smem_per_block	0	' 'dev.fp32_to_fp64_ratio	32	'; do
  expect_grep "$tmp/out" "$want" "sm_75: $want"
done
# Timing mode: the configuration's GPU, from configs/sm75.config by hand:
# 30 clusters of 1 SM at 1365 MHz; L2 64 sets x 128 B x 16 ways per
# sub-partition, 12 channels x 2 = 3 MiB, of which 5/8 may persist (compute
# capability 9.0, as on an H100); DRAM 3500 MHz (CUDA reports the
# DDR clock, 7000 MHz), 12 channels x 1 chip x 2 bytes = 192 bits; 64 KiB
# shared memory per SM and per block; 1024 threads, 32 CTAs per SM.
expect_status 0 "device_profile --print, timing sm75" "$PTXSIM" exec -q --mode timing \
  --config sm75 -- "$prof" --print
for want in 'dev.name	ptxsim timing GPU (sm75)' 'dev.compute_capability	9.0' \
  'dev.sm_count	30	' 'dev.sm_clock_max	1365	' 'dev.mem_clock_max	7000	' \
  'dev.mem_bus_width	192	' 'dev.l2_size	3145728	' 'dev.l2_persisting_max	1966080	' \
  'dev.smem_per_sm	65536	' 'dev.smem_per_block	49152	' 'dev.smem_per_block_optin	65536	' \
  'dev.regs_per_sm	65536	' 'dev.regs_per_block	65536	' 'dev.max_threads_per_sm	1024	' \
  'dev.max_blocks_per_sm	32	' 'dev.reserved_smem_per_block	0	' \
  'device_profile: attributes ok'; do
  expect_grep "$tmp/out" "$want" "timing sm75: $want"
done
# A configuration that gives a compute capability sets it (Accel-Sim's
# files do); the other fields are the embedded GTX480's.
printf -- '-gpgpu_compute_capability_major 7\n-gpgpu_compute_capability_minor 5\n' >"$tmp/cc75.config"
expect_status 2 "timing, compute capability 7.5" "$PTXSIM" exec -q --mode timing \
  --config "$tmp/cc75.config" -- "$prof" --print
for want in 'dev.compute_capability	7.5' 'dev.sm_count	15	' 'dev.max_threads_per_sm	1536	' \
  'dev.max_blocks_per_sm	8	' 'dev.regs_per_sm	32768	' 'dev.l2_size	786432	' \
  'dev.mem_clock_max	1848	' 'dev.mem_bus_width	384	' 'dev.l2_persisting_max	0	' \
  'requires SM 8.0 or higher'; do
  expect_grep "$tmp/out" "$want" "timing cc 7.5: $want"
done

# ---- 4. the sources, built now (needs nvcc)
NVCC=${NVCC:-nvcc}
if ! command -v "$NVCC" >/dev/null 2>&1; then
  echo "SKIP: part 4 (rebuilding tests/exec/*.cu): nvcc not found on PATH; the prebuilt programs were run"
else
  while read -r name flags; do
    case $name in '' | '#'*) continue ;; esac
    # Further sources of a program (NAME.cu OTHER.cu) are in tests/exec too.
    srcs=
    for f in $flags; do
      case $f in *.cu) srcs="$srcs $exec_dir/$f" ;; esac
    done
    flags=$(printf '%s\n' $flags | grep -v '\.cu$' | tr '\n' ' ')
    for mode in default no-compress; do
      extra=
      [ "$mode" = no-compress ] && extra=--no-compress
      n=$((n + 1))
      # shellcheck disable=SC2086
      if ! "$NVCC" -cudart shared $flags $extra -o "$tmp/$name.$mode" "$exec_dir/$name.cu" $srcs \
        >"$tmp/nvcc.log" 2>&1; then
        failed "$name ($mode): nvcc failed"
        sed 's/^/  | /' "$tmp/nvcc.log" | head -20
        continue
      fi
      expect_status 0 "$name ($mode)" timeout 600 "$PTXSIM" exec -q -- "$tmp/$name.$mode"
      if [ -f "$tmp/$name.prebuilt.out" ]; then
        n=$((n + 1))
        cmp -s "$tmp/out" "$tmp/$name.prebuilt.out" ||
          failed "$name ($mode): output differs from the prebuilt program's"
      fi
    done
  done <"$exec_dir/programs.txt"
fi

# ---- 4. options shared with run, event times, the progress line
prog=$exec_dir/bin/event_timing
# An unknown option is refused before the program starts, with run's words.
expect_status 1 "exec: unknown --option" "$PTXSIM" exec --option -gpgpu_n_clustres=2 -- "$prog"
cp "$tmp/err" "$tmp/exec-option.err"
expect_no_grep "$tmp/out" "elapsed" "unknown --option: the program did not run"
"$PTXSIM" run "$srcdir/tests/run/faults.ptx" -k spin -g 1 -b 1 --option -gpgpu_n_clustres=2 \
  >/dev/null 2>"$tmp/run-option.err"
n=$((n + 1))
grep -q "unknown option '-gpgpu_n_clustres'; did you mean '-gpgpu_n_clusters'" "$tmp/exec-option.err" &&
  cmp -s "$tmp/exec-option.err" "$tmp/run-option.err" ||
  failed "exec and run word a bad --option differently: $(cat "$tmp/exec-option.err") / $(cat "$tmp/run-option.err")"

# The n-th "cycles" of a statistics file (launches in order, then the total).
cycles_of() { grep -o '"cycles": [0-9]*' "$1" | sed -n "${2}p" | sed 's/.*: //'; }
# Whether the -v output's elapsed_ms is cycles / (MHz * 1000), to float's
# precision (the event times are floats).
expect_elapsed() { # out-file cycles MHz description
  n=$((n + 1))
  got=$(sed -n 's/^event_timing: elapsed_ms //p' "$1")
  if ! awk -v got="$got" -v c="$2" -v mhz="$3" 'BEGIN {
      want = c / (mhz * 1000); d = got - want; if (d < 0) d = -d
      exit !(c > 0 && d <= 1e-6 * want) }'; then
    failed "$4: elapsed_ms $got, expected $2 cycles / $3 MHz"
  fi
}
if [ -x "$prog" ]; then
  # --config alone: timing mode on the GTX480 (core clock 700 MHz); the
  # events bracket the second launch only.
  expect_status 0 "exec --config" "$PTXSIM" exec --config gtx480 --stats "$tmp/et1.json" -- "$prog" -v
  cp "$tmp/out" "$tmp/et1.out"
  expect_grep "$tmp/et1.json" '"cycles"' "--config alone selects timing mode"
  c1=$(cycles_of "$tmp/et1.json" 2)
  expect_elapsed "$tmp/et1.out" "$c1" 700 "events around a kernel, gtx480"
  expect_grep "$tmp/et1.out" "^event_timing: idle_ms 0$" "no simulated time between two events"
  expect_status 0 "exec --config, again" "$PTXSIM" exec --config gtx480 -q -- "$prog" -v
  n=$((n + 1))
  cmp -s "$tmp/out" "$tmp/et1.out" || failed "event times differ between two timing runs"
  # --option: a doubled core clock halves the time of each cycle; one SM
  # for the 8 CTAs that had an SM each takes more cycles.
  expect_status 0 "exec --option clock" "$PTXSIM" exec --config gtx480 \
    --option -gpgpu_clock_domains=1400.0:700.0:700.0:924.0 --stats "$tmp/et2.json" -- "$prog" -v
  expect_elapsed "$tmp/out" "$(cycles_of "$tmp/et2.json" 2)" 1400 "events, 1400 MHz core clock"
  expect_status 0 "exec --option clusters" "$PTXSIM" exec --option -gpgpu_n_clusters=1 \
    --stats "$tmp/et3.json" -- "$prog" -v
  c3=$(cycles_of "$tmp/et3.json" 2)
  expect_elapsed "$tmp/out" "$c3" 700 "events, one SM"
  n=$((n + 1))
  [ -n "$c3" ] && [ -n "$c1" ] && [ "$c3" -gt "$c1" ] ||
    failed "--option -gpgpu_n_clusters=1: $c3 cycles, not more than the $c1 of 15 SMs"
  # Functional mode: the host's time, and no cycles.
  expect_status 0 "exec, functional events" "$PTXSIM" exec --stats "$tmp/et4.json" -- "$prog" -v
  expect_grep "$tmp/out" "^event_timing: elapsed ok" "functional events"
  expect_no_grep "$tmp/et4.json" '"cycles"' "functional mode has no cycles"
  # --max-instructions stops a launch: the program sees a launch timeout.
  for mode in functional timing; do
    expect_status 1 "exec --max-instructions ($mode)" "$PTXSIM" exec --mode $mode \
      --max-instructions 100 -q -- "$prog"
    expect_grep "$tmp/out" "cudaErrorLaunchTimeout" "--max-instructions: the error ($mode)"
    expect_grep "$tmp/err" "stopped after 100 warp instructions" \
      "--max-instructions: the message ($mode)"
  done
  # --report and --trace with a configuration.
  expect_status 0 "exec --report --trace, timing" "$PTXSIM" exec --config sm75 -q \
    --report divergence --trace masks="$tmp/et.trace" --trace-cta 0 --trace-warp 0 -- "$prog"
  expect_grep "$tmp/err" "_Z9halve_addPfii" "report names the kernel"
  expect_grep "$tmp/et.trace" "^# kernel _Z9halve_addPfii" "trace of each launch"
  expect_no_grep "$tmp/et.trace" "warp=1 " "trace of warp 0 only"

  # The progress line: always shows it from the first launch on, also on
  # a redirected stderr; never and auto (stderr not a terminal: a launch of
  # about a second shows nothing) do not; stdout stays the same.
  expect_status 0 "exec --progress=always" "$PTXSIM" exec --progress=always -q -- "$prog"
  expect_grep "$tmp/err" "ptxsim: launch 1, _Z9halve_addPfii: CTAs 0/8, [0-9.]* [KMG]* *insn/s" \
    "progress line"
  cp "$tmp/out" "$tmp/progress.out"
  expect_status 0 "exec --progress=never" "$PTXSIM" exec --progress=never -q -- "$prog"
  expect_no_grep "$tmp/err" "CTAs" "no progress line with never"
  n=$((n + 1))
  cmp -s "$tmp/out" "$tmp/progress.out" || failed "the progress line changed stdout"
  expect_status 0 "exec, progress auto" "$PTXSIM" exec -q -- "$prog" 200000
  expect_no_grep "$tmp/err" "CTAs" "no progress line when stderr is not a terminal"
  if command -v script >/dev/null 2>&1; then
    # A terminal (script's pseudo-terminal): auto shows it, from half a
    # second on, in a launch of a few seconds.
    n=$((n + 1))
    script -qec "\"$PTXSIM\" exec -q -- \"$prog\" 300000" /dev/null >"$tmp/tty.out" 2>&1 </dev/null
    grep -q "ptxsim: launch 2, _Z9halve_addPfii: CTAs" "$tmp/tty.out" ||
      failed "no progress line on a terminal: $(head -c 300 "$tmp/tty.out")"
  else
    echo "SKIP: the progress line on a terminal: script (util-linux) not found"
  fi
fi

echo "$n checks, $fail failures"
[ "$fail" -eq 0 ]
