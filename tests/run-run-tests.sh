#!/bin/sh
# run-run-tests.sh -- `ptxsim run`: launches of bundled kernels whose
# results are worked out here, independently, with awk; argument encoding;
# statistics; and every error path with its message and exit status.
set -u
: "${PTXSIM:?set PTXSIM to the ptxsim binary}"
: "${srcdir:=.}"
# shellcheck source=tests/expect-lib.sh
. "$srcdir/tests/expect-lib.sh" # fail=0 n=0 $tmp; failed, expect_*
vecadd=$srcdir/benchmarks/ptx/vecadd.ptx
fix=$srcdir/tests/run

# Writes the whitespace-separated unsigned 32-bit numbers on stdin to
# FILE as little-endian words (printf with octal escapes; POSIX only).
put_u32() {
  awk '{ for (i = 1; i <= NF; i++) {
           v = $i
           for (k = 0; k < 4; k++) { printf "\\%03o", v % 256; v = int(v / 256) }
         } }' | { fmt=$(cat); printf "$fmt"; } >"$1"
}
# Prints FILE as unsigned little-endian 32-bit words, one per line
# (independent of the host's byte order).
get_u32() {
  od -An -v -t u1 "$1" | awk '{ for (i = 1; i <= NF; i++) b[n++] = $i }
    END { for (i = 0; i + 3 < n; i += 4)
            printf "%.0f\n", b[i] + 256 * (b[i+1] + 256 * (b[i+2] + 256 * b[i+3])) }'
}
# FILE's bytes in hex on one line: " 01 02 ... ff ".
hex_bytes() {
  od -An -v -t x1 "$1" | tr -s ' \n' '  '
  echo
}
# The bits of a float (positive or zero, exactly representable as a
# normal f32) as an unsigned number.
f32_bits_awk='function f32bits(v,  e) {
  if (v == 0) return 0
  e = 0
  while (v >= 2) { v /= 2; e++ }
  while (v < 1) { v *= 2; e-- }
  return (127 + e) * 8388608 + (v - 1) * 8388608
}'

# ---- vecadd_i32: c[i] = a[i] + b[i] mod 2^32, 1000 elements on 4 x 256
# threads (the last 24 threads do nothing).  a and b are chosen so that
# many sums wrap.
N=1000
awk -v n=$N 'BEGIN { for (i = 0; i < n; i++) printf "%.0f\n", (i * 2654435761) % 4294967296 }' | put_u32 "$tmp/a.bin"
awk -v n=$N 'BEGIN { for (i = 0; i < n; i++) printf "%.0f\n", (i * 40503 + 3000000000) % 4294967296 }' | put_u32 "$tmp/b.bin"
awk -v n=$N 'BEGIN { for (i = 0; i < n; i++)
  printf "%.0f\n", ((i * 2654435761) % 4294967296 + (i * 40503 + 3000000000) % 4294967296) % 4294967296 }' >"$tmp/c.want"
n=$((n + 1))
[ "$(wc -c <"$tmp/a.bin")" -eq $((4 * N)) ] || failed "put_u32 wrote $(wc -c <"$tmp/a.bin") bytes, not $((4 * N))"
expect_status 0 "vecadd_i32" "$PTXSIM" run "$vecadd" -k vecadd_i32 -g 4 -b 256 \
  --arg buf:in="$tmp/a.bin" --arg buf:in="$tmp/b.bin" --arg buf:$((4 * N)),out="$tmp/c.bin" \
  --arg u32:$N --stats json
get_u32 "$tmp/c.bin" >"$tmp/c.got"
expect_same "$tmp/c.want" "$tmp/c.got" "vecadd_i32 sums"
# --stats json: the required keys, on stdout, with sane values.
for key in kernel thread_instructions warp_instructions simd_efficiency ctas wall_seconds; do
  expect_grep "$tmp/out" "\"$key\": " "JSON key $key"
done
expect_grep "$tmp/out" '"kernel": "vecadd_i32"' "JSON kernel name"
expect_grep "$tmp/out" '"ctas": 4,' "JSON ctas = grid size"
expect_grep "$tmp/out" '"warps": 32,' "JSON warps"
json_num() { sed -n "s/^ *\"$1\": \([0-9.e+-]*\),\{0,1\}$/\1/p" "$tmp/out"; }
ti=$(json_num thread_instructions) wi=$(json_num warp_instructions) eff=$(json_num simd_efficiency)
ws=$(json_num wall_seconds)
n=$((n + 1))
awk -v ti="$ti" -v wi="$wi" -v eff="$eff" -v ws="$ws" 'BEGIN {
  ok = ti > 0 && wi > 0 && ti <= 32 * wi && eff > 0 && eff <= 1 && ws >= 0 &&
       (eff - ti / (32 * wi)) ^ 2 < 1e-10
  exit !ok }' || failed "JSON values not sane: thread $ti warp $wi efficiency $eff wall $ws"
n=$((n + 1))
[ "$(head -c 1 "$tmp/out")" = "{" ] || failed "JSON output does not start with '{'"

# Text statistics go to stderr, nothing to stdout.
expect_status 0 "vecadd_i32, text stats" "$PTXSIM" run "$vecadd" -k vecadd_i32 -g 4 -b 256 \
  --arg buf:in="$tmp/a.bin" --arg buf:in="$tmp/b.bin" --arg buf:$((4 * N)) --arg u32:$N
expect_grep "$tmp/err" "kernel vecadd_i32: grid (4,1,1), block (256,1,1)" "text stats header"
expect_grep "$tmp/err" "thread instructions [1-9]" "text stats counts"
n=$((n + 1))
[ -s "$tmp/out" ] && failed "text stats wrote to stdout"

# ---- timing mode: the same sums, cycles in the statistics, its options.
expect_status 0 "vecadd_i32, timing" "$PTXSIM" run "$vecadd" -k vecadd_i32 -g 4 -b 256 \
  --arg buf:in="$tmp/a.bin" --arg buf:in="$tmp/b.bin" --arg buf:$((4 * N)),out="$tmp/ct.bin" \
  --arg u32:$N --mode timing --config sm75 --option -gpgpu_n_clusters=2 --stats json
get_u32 "$tmp/ct.bin" >"$tmp/ct.got"
expect_same "$tmp/c.want" "$tmp/ct.got" "vecadd_i32 sums in timing mode"
expect_grep "$tmp/out" '"timing": {' "JSON timing object"
expect_grep "$tmp/out" '"gpu_sim_cycle": [1-9]' "JSON gpu_sim_cycle"
expect_grep "$tmp/out" '"ctas_per_sm": ' "JSON occupancy"
expect_grep "$tmp/out" '"ptxsim_energy_total_j": [1-9]' "JSON energy"
expect_grep "$tmp/out" '"ptxsim_energy_vrf_read_j": [1-9]' "JSON VRF read energy"
n=$((n + 1))
if command -v python3 >/dev/null 2>&1; then
  python3 -m json.tool "$tmp/out" >/dev/null 2>&1 || failed "timing JSON does not parse"
fi
expect_status 0 "timing, text stats" "$PTXSIM" run "$vecadd" -k vecadd_i32 -g 4 -b 256 \
  --arg buf:in="$tmp/a.bin" --arg buf:in="$tmp/b.bin" --arg buf:$((4 * N)) --arg u32:$N \
  --mode timing
expect_grep "$tmp/err" "^gpu_sim_cycle = [1-9]" "text gpu_sim_cycle"
expect_grep "$tmp/err" "^config = gtx480" "the default configuration"
expect_grep "$tmp/err" "^sched1_stall_Scoreboard = " "stall breakdown"
expect_grep "$tmp/err" "^warp_issue = W0:" "issue histogram"
expect_grep "$tmp/err" "^ptxsim_energy_static_j = [1-9]\.[0-9]*e-[0-9]*$" "text static energy"
expect_grep "$tmp/err" "^ptxsim_rf_lane_ops_sp = [1-9]" "text ALU lane operations"
expect_status 2 "bad mode" "$PTXSIM" run "$vecadd" -g 1 -b 1 --mode fast
expect_grep "$tmp/err" "--mode takes functional or timing" "bad mode message"
expect_status 0 "config alone: timing mode" "$PTXSIM" run "$vecadd" -k vecadd -g 1 -b 1 \
  --config gtx480 --arg buf:4 --arg buf:4 --arg buf:4 --arg u32:1 --stats json
expect_grep "$tmp/out" '"timing": {' "config alone: timing statistics"
expect_status 0 "option alone: timing mode" "$PTXSIM" run "$vecadd" -k vecadd -g 1 -b 1 \
  --option -gpgpu_n_clusters=2 --arg buf:4 --arg buf:4 --arg buf:4 --arg u32:1 --stats json
expect_grep "$tmp/out" '"timing": {' "option alone: timing statistics"
expect_status 2 "config in functional mode" "$PTXSIM" run "$vecadd" -k vecadd -g 1 -b 1 \
  --mode functional --config gtx480 --arg buf:4 --arg buf:4 --arg buf:4 --arg u32:1
expect_grep "$tmp/err" "set up timing mode, not --mode functional" "config in functional mode message"
expect_status 2 "bad --option" "$PTXSIM" run "$vecadd" -g 1 -b 1 --mode timing --option gpgpu
expect_grep "$tmp/err" "needs -NAME=VALUE" "bad --option message"
expect_status 1 "unknown configuration" "$PTXSIM" run "$vecadd" -k vecadd -g 1 -b 1 \
  --mode timing --config nosuchgpu --arg buf:4 --arg buf:4 --arg buf:4 --arg u32:1
expect_grep "$tmp/err" "unknown configuration 'nosuchgpu'" "unknown configuration message"
expect_status 1 "unknown option" "$PTXSIM" run "$vecadd" -k vecadd -g 1 -b 1 \
  --mode timing --option -gpgpu_n_clustres=2 --arg buf:4 --arg buf:4 --arg buf:4 --arg u32:1
expect_grep "$tmp/err" "gpgpu_n_clustres" "unknown option named"
expect_status 1 "fault in timing mode" "$PTXSIM" run "$fix/faults.ptx" -k oob_write -g 1 -b 4 \
  --arg buf:16 --mode timing
expect_grep "$tmp/err" "in kernel oob_write, block (0,0,0), thread (1,0,0)" "timing fault location"
expect_status 1 "deadlock in timing mode" "$PTXSIM" run "$fix/faults.ptx" -k deadlock -g 1 -b 64 \
  --mode timing
expect_grep "$tmp/err" "error: barrier deadlock" "timing deadlock message"
expect_status 1 "cycle limit" "$PTXSIM" run "$fix/faults.ptx" -k spin -g 1 -b 1 --mode timing \
  --option -gpgpu_max_cycle=5000
expect_grep "$tmp/err" "stopped at the cycle limit" "cycle limit message"

# ---- vecadd (f32): a[i] = i, b[i] = i + 0.5, so c[i] = 2i + 0.5, all exact;
# 300 elements on 3 x 128 threads.  in= and out= on one buffer.
N=300
awk -v n=$N "$f32_bits_awk"' BEGIN { for (i = 0; i < n; i++) printf "%.0f\n", f32bits(i) }' | put_u32 "$tmp/fa.bin"
awk -v n=$N "$f32_bits_awk"' BEGIN { for (i = 0; i < n; i++) printf "%.0f\n", f32bits(i + 0.5) }' | put_u32 "$tmp/fb.bin"
awk -v n=$N "$f32_bits_awk"' BEGIN { for (i = 0; i < n; i++) printf "%.0f\n", f32bits(2 * i + 0.5) }' >"$tmp/fc.want"
cp "$tmp/fb.bin" "$tmp/fc.bin"
expect_status 0 "vecadd f32" "$PTXSIM" run "$vecadd" --kernel=vecadd --grid=3 --block 128,1,1 \
  --arg buf:in="$tmp/fa.bin" --arg "buf:in=$tmp/fb.bin" --arg "buf:in=$tmp/fc.bin,out=$tmp/fc.out" \
  --arg s32:$N --stats none
get_u32 "$tmp/fc.out" >"$tmp/fc.got"
expect_same "$tmp/fc.want" "$tmp/fc.got" "vecadd f32 sums"
expect_same "$tmp/fc.bin" "$tmp/fb.bin" "in= file left alone"
n=$((n + 1))
[ -s "$tmp/out" ] && failed "--stats none printed statistics"
# vecadd_gridstride on a grid smaller than the data: every element done.
expect_status 0 "vecadd_gridstride" "$PTXSIM" run "$vecadd" -k vecadd_gridstride -g 2 -b 32 \
  --arg buf:in="$tmp/fa.bin" --arg buf:in="$tmp/fb.bin" --arg buf:$((4 * N)),out="$tmp/fg.out" \
  --arg u32:$N --stats json
get_u32 "$tmp/fg.out" >"$tmp/fg.got"
expect_same "$tmp/fc.want" "$tmp/fg.got" "vecadd_gridstride sums"
expect_grep "$tmp/out" '"ctas": 2,' "gridstride ctas"

# A buf:in= buffer is exactly its file's size: 3 words read as 4 fault;
# an empty file gives an empty buffer, written back empty.
head -c 12 "$tmp/a.bin" >"$tmp/a3.bin"
expect_status 1 "buffer sized by its file" "$PTXSIM" run "$vecadd" -k vecadd_i32 -g 1 -b 4 \
  --arg buf:in="$tmp/a3.bin" --arg buf:in="$tmp/a.bin" --arg buf:16 --arg u32:4
expect_grep "$tmp/err" "ld.global.u32: invalid read of size 4 .* (out of bounds)" "read past a file's end"
expect_grep "$tmp/err" "thread (3,0,0)" "only the fourth thread faults"
: >"$tmp/empty.bin"
expect_status 0 "empty in= file" "$PTXSIM" run "$vecadd" -k vecadd_i32 -g 1 -b 4 --stats none \
  --arg buf:in="$tmp/empty.bin" --arg buf:in="$tmp/empty.bin" \
  --arg buf:in="$tmp/empty.bin",out="$tmp/empty.out" --arg u32:0
expect_same "$tmp/empty.bin" "$tmp/empty.out" "empty buffer written back"

# ---- scalar encodings: store_params writes each parameter's bytes to the
# output buffer (offsets in params.ptx).  Expected bytes worked by hand:
# s8 -2 = fe; u16 0xbeef; s32 -100000 = 0xfffe7960; f32 -1.5 = 0xbfc00000;
# f64 0x1.8p1 = 3.0 = 0x4008000000000000; f16 1.00048828125000001 lies just
# above the tie between 0x3c00 and 0x3c01 (1 + 2^-11), so it rounds up;
# bf16 1.5 = 0x3fc0.
expect_status 0 "scalar encodings" "$PTXSIM" run "$fix/params.ptx" -g 1 -b 1 --stats none \
  --arg buf:36,out="$tmp/p.bin" --arg s8:-2 --arg u16:0xbeef --arg s32:-100000 \
  --arg b64:0x0123456789abcdef --arg f32:-1.5 --arg f64:0x1.8p1 \
  --arg f16:1.00048828125000001 --arg bf16:1.5
hex_bytes "$tmp/p.bin" >"$tmp/p.got"
echo " fe 00 ef be 60 79 fe ff ef cd ab 89 67 45 23 01 00 00 c0 bf 00 00 00 00 00 00 00 00 00 00 08 40 01 3c c0 3f " >"$tmp/p.want"
expect_same "$tmp/p.want" "$tmp/p.got" "scalar parameter bytes"
# Ties to even, negative bit patterns, hex floats, infinities and NaN:
# u16 65535; s32 -1; b64 -1; f32 0x1p-149 (the smallest subnormal);
# f64 -inf; f16 1.00146484375 (a tie between 0x3c01 and 0x3c02: even);
# bf16 nan (canonical 0x7fff).
expect_status 0 "scalar encodings 2" "$PTXSIM" run "$fix/params.ptx" -g 1 -b 1 --stats none \
  --arg buf:36,out="$tmp/p2.bin" --arg b8:-1 --arg u16:65535 --arg s32:-1 --arg b64:-1 \
  --arg f32:0x1p-149 --arg f64:-inf --arg f16:1.00146484375 --arg bf16:nan
hex_bytes "$tmp/p2.bin" >"$tmp/p2.got"
echo " ff 00 ff ff ff ff ff ff ff ff ff ff ff ff ff ff 01 00 00 00 00 00 00 00 00 00 00 00 00 00 f0 ff 02 3c ff 7f " >"$tmp/p2.want"
expect_same "$tmp/p2.want" "$tmp/p2.got" "scalar parameter bytes 2"

# ---- device printf reaches stdout; -k may be omitted with one kernel.
expect_status 0 "printf" "$PTXSIM" run "$fix/hello.ptx" -g 1 -b 3 --arg buf:24 --arg u32:10 \
  --stats none
printf 'v=10\nv=11\nv=12\n' >"$tmp/hello.want"
expect_same "$tmp/hello.want" "$tmp/out" "printf output"

# --device: launches must fit the profile's shared memory per block
# (opt-in: 64 KiB on the sm_75 T4, 227 KiB on the default sm_90 H200).
expect_status 0 "100000 bytes of shared memory on the default device" "$PTXSIM" run "$vecadd" \
  -k vecadd_i32 -g 1 -b 32 --shared 100000 --arg buf:128 --arg buf:128 --arg buf:128 \
  --arg u32:32 --stats none
expect_status 1 "100000 bytes of shared memory on sm_75" "$PTXSIM" run "$vecadd" --device sm_75 \
  -k vecadd_i32 -g 1 -b 32 --shared 100000 --arg buf:128 --arg buf:128 --arg buf:128 \
  --arg u32:32 --stats none
expect_grep "$tmp/err" "exceed the device's 65536 per block" "sm_75 shared memory message"

# ---- usage errors: exit 2.
expect_status 2 "unknown device" "$PTXSIM" run "$vecadd" -k vecadd -g 1 -b 32 --device sm_10
expect_grep "$tmp/err" "unknown device 'sm_10' (--device takes sm_75, sm_80, sm_86, sm_90)" \
  "unknown device message"
expect_status 2 "missing -g" "$PTXSIM" run "$vecadd" -k vecadd -b 32
expect_grep "$tmp/err" "grid size is missing" "missing -g message"
expect_status 2 "missing -b" "$PTXSIM" run "$vecadd" -k vecadd -g 1
expect_grep "$tmp/err" "block size is missing" "missing -b message"
expect_status 2 "no file" "$PTXSIM" run -g 1 -b 1
expect_status 2 "bad -g" "$PTXSIM" run "$vecadd" -k vecadd -g 4x2 -b 32
expect_grep "$tmp/err" "bad grid '4x2'" "bad -g message"
expect_status 2 "four dimensions" "$PTXSIM" run "$vecadd" -k vecadd -g 1,1,1,1 -b 32
expect_status 2 "zero block" "$PTXSIM" run "$vecadd" -k vecadd -g 1 -b 0
expect_status 2 "unknown option" "$PTXSIM" run "$vecadd" --frob
expect_status 2 "bad --stats" "$PTXSIM" run "$vecadd" -k vecadd -g 1 -b 1 --stats xml
expect_status 2 "several kernels, no -k" "$PTXSIM" run "$vecadd" -g 1 -b 32
expect_grep "$tmp/err" "has 3 kernels; choose one with -k: vecadd, vecadd_gridstride, vecadd_i32" \
  "kernel list"
expect_status 2 "bad --arg" "$PTXSIM" run "$vecadd" -k vecadd -g 1 -b 1 --arg u32
expect_status 2 "unknown arg type" "$PTXSIM" run "$vecadd" -k vecadd -g 1 -b 1 --arg q32:1
expect_grep "$tmp/err" "unknown type 'q32'" "unknown arg type message"
expect_status 2 "u8 out of range" "$PTXSIM" run "$vecadd" -k vecadd -g 1 -b 1 --arg u8:256
expect_grep "$tmp/err" "256 is out of range for u8 (0 to 255)" "u8 range message"
expect_status 2 "s32 out of range" "$PTXSIM" run "$vecadd" -k vecadd -g 1 -b 1 --arg s32:-2147483649
expect_grep "$tmp/err" "out of range for s32 (-2147483648 to 2147483647)" "s32 range message"
expect_status 2 "negative unsigned" "$PTXSIM" run "$vecadd" -k vecadd -g 1 -b 1 --arg u32:-1
expect_status 2 "f16 overflow" "$PTXSIM" run "$vecadd" -k vecadd -g 1 -b 1 --arg f16:65520
expect_grep "$tmp/err" "out of range for f16 (too large)" "f16 overflow message"
expect_status 2 "f32 overflow" "$PTXSIM" run "$vecadd" -k vecadd -g 1 -b 1 --arg f32:1e39
expect_status 2 "bad float" "$PTXSIM" run "$vecadd" -k vecadd -g 1 -b 1 --arg f32:1.5x
expect_status 2 "bad buf" "$PTXSIM" run "$vecadd" -k vecadd -g 1 -b 1 --arg buf:out=x.bin
expect_grep "$tmp/err" "needs a size" "buf without size message"

# ---- invalid input and run-time errors: exit 1 with the message.
expect_status 1 "unknown kernel" "$PTXSIM" run "$vecadd" -k nosuch -g 1 -b 1
expect_grep "$tmp/err" "no kernel named 'nosuch'; the kernels are: vecadd, vecadd_gridstride" \
  "unknown kernel message"
expect_status 1 "missing PTX file" "$PTXSIM" run "$tmp/none.ptx" -g 1 -b 1
expect_grep "$tmp/err" "none.ptx: error: cannot open" "missing PTX file message"
printf '.version 9.0\n.target sm_75\n.entry k() { frob; }\n' >"$tmp/bad.ptx"
expect_status 1 "bad PTX" "$PTXSIM" run "$tmp/bad.ptx" -g 1 -b 1
expect_grep "$tmp/err" "bad.ptx:3:14: error: unknown instruction 'frob'" "bad PTX message"
expect_status 1 "too few arguments" "$PTXSIM" run "$vecadd" -k vecadd -g 1 -b 1 \
  --arg buf:4 --arg buf:4 --arg buf:4
expect_grep "$tmp/err" "takes 4 parameters but 3 --arg were given: parameter 3 'vecadd_param_3' (.u32, 4 bytes) has no argument" \
  "too few arguments message"
expect_status 1 "too many arguments" "$PTXSIM" run "$vecadd" -k vecadd -g 1 -b 1 \
  --arg buf:4 --arg buf:4 --arg buf:4 --arg u32:1 --arg u32:2
expect_grep "$tmp/err" "--arg u32:2 has no parameter" "too many arguments message"
expect_status 1 "scalar size mismatch" "$PTXSIM" run "$vecadd" -k vecadd -g 1 -b 1 \
  --arg buf:4 --arg buf:4 --arg buf:4 --arg u64:1
expect_grep "$tmp/err" "parameter 3 'vecadd_param_3' (.u32, 4 bytes) does not take a .u64 value" \
  "scalar size mismatch message"
expect_status 1 "float for an integer" "$PTXSIM" run "$vecadd" -k vecadd -g 1 -b 1 \
  --arg buf:4 --arg buf:4 --arg buf:4 --arg f32:1
expect_grep "$tmp/err" "does not take a .f32 value (it is an integer parameter)" "kind mismatch message"
expect_status 1 "buffer for a u32" "$PTXSIM" run "$vecadd" -k vecadd -g 1 -b 1 \
  --arg buf:4 --arg buf:4 --arg buf:4 --arg buf:4
expect_grep "$tmp/err" "parameter 3 'vecadd_param_3' (.u32, 4 bytes) cannot hold a buffer" \
  "buffer type mismatch message"
expect_status 1 "scalar for a pointer" "$PTXSIM" run "$vecadd" -k vecadd -g 1 -b 1 \
  --arg u32:0 --arg buf:4 --arg buf:4 --arg u32:1
expect_grep "$tmp/err" "parameter 0 'vecadd_param_0' (.u64, 8 bytes) does not take a .u32 value" \
  "pointer mismatch message"
expect_status 1 "unreadable in= file" "$PTXSIM" run "$vecadd" -k vecadd -g 1 -b 1 \
  --arg buf:in="$tmp/none.bin" --arg buf:4 --arg buf:4,out="$tmp/never.bin" --arg u32:1
expect_grep "$tmp/err" "none.bin: error: cannot read" "unreadable file message"
n=$((n + 1))
[ -e "$tmp/never.bin" ] && failed "an output file was written after an error"
expect_status 1 "in= larger than the buffer" "$PTXSIM" run "$vecadd" -k vecadd -g 1 -b 1 \
  --arg buf:8,in="$tmp/a.bin" --arg buf:4 --arg buf:4 --arg u32:1
expect_grep "$tmp/err" "more than the 8-byte buffer" "in= too large message"
# A stream is read no further than the buffer (it used to be read to its
# end: /dev/zero never ends); a short one is noted, one without a size is
# bounded.
expect_status 0 "in=/dev/zero" "$PTXSIM" run "$vecadd" -k vecadd -g 1 -b 2 --stats none \
  --arg buf:8,in=/dev/zero --arg buf:8 --arg buf:8,out="$tmp/z.bin" --arg u32:2
n=$((n + 1))
[ "$(get_u32 "$tmp/z.bin" | tr '\n' ' ')" = "0 0 " ] || failed "in=/dev/zero: wrong result"
expect_status 0 "short stream" sh -c 'printf "\001\000\000\000" | "$1" run "$2" -k vecadd -g 1 \
  -b 2 --stats none --arg buf:8,in=/dev/stdin --arg buf:8 --arg buf:8 --arg u32:2' sh "$PTXSIM" \
  "$vecadd"
expect_grep "$tmp/err" "/dev/stdin ended after 4 of the buffer's 8 bytes; the rest is zero" \
  "short stream note"
expect_status 1 "unbounded stream" "$PTXSIM" run "$vecadd" -k vecadd -g 1 -b 1 \
  --arg buf:in=/dev/zero --arg buf:4 --arg buf:4 --arg u32:1
expect_grep "$tmp/err" "/dev/zero is not a regular file and gives more than 268435456 bytes" \
  "unbounded stream message"
expect_status 1 "out of bounds" "$PTXSIM" run "$fix/faults.ptx" -k oob_write -g 1 -b 4 \
  --arg buf:16,out="$tmp/never.bin"
expect_grep "$tmp/err" "faults.ptx:20:2: error: st.global.u32: invalid write of size 4 .* (out of bounds)" \
  "out of bounds message"
expect_grep "$tmp/err" "in kernel oob_write, block (0,0,0), thread (1,0,0)" "fault location"
n=$((n + 1))
[ -e "$tmp/never.bin" ] && failed "an output file was written after a fault"
# A write into .const faults whether or not an ld.const read it first.
for first in 0 1; do
  for mode in functional timing; do
    expect_status 1 "write to .const, ld.const first: $first, $mode" "$PTXSIM" run \
      "$fix/faults.ptx" -k const_write -g 1 -b 32 --arg u32:$first --mode $mode
    expect_grep "$tmp/err" "faults.ptx:74:2: error: st.global.u32: invalid write of size 4 .* in .global space (write to read-only memory)" \
      "read-only message, ld.const first: $first, $mode"
    expect_grep "$tmp/err" "in kernel const_write, block (0,0,0), thread (0,0,0)" \
      "read-only fault location, ld.const first: $first, $mode"
  done
done
expect_status 1 "trap" "$PTXSIM" run "$fix/faults.ptx" -k trap_now -g 1 -b 1
expect_grep "$tmp/err" "error: trap executed" "trap message"
expect_status 1 "instruction limit" "$PTXSIM" run "$fix/faults.ptx" -k spin -g 1 -b 1 \
  --max-instructions 1000
expect_grep "$tmp/err" "stopped after 1000 warp instructions" "instruction limit message"
expect_status 1 "deadlock" "$PTXSIM" run "$fix/faults.ptx" -k deadlock -g 1 -b 64
expect_grep "$tmp/err" "error: barrier deadlock" "deadlock message"
expect_status 1 "launch limits" "$PTXSIM" run "$fix/faults.ptx" -k trap_now -g 1 -b 2048
expect_grep "$tmp/err" "exceeds the device.s" "launch limits message"
# Calls: arguments and results passed in registers to .param formals and
# the other way round, more than 64 parameters; indirect calls whose
# prototype or target list does not fit the function reached are faults
# (they read past the argument list); recursion without end overflows the
# stack even with no .local variables (it used to exhaust host memory).
calls=$srcdir/tests/run/calls.ptx
line_of() { grep -n -- "$1" "$calls" | head -1 | cut -d: -f1; }
expect_status 0 "mixed call arguments" "$PTXSIM" run "$calls" -k mixed -g 1 -b 2 --stats none \
  --arg buf:16,out="$tmp/mixed.bin"
n=$((n + 1))
[ "$(get_u32 "$tmp/mixed.bin" | tr '\n' ' ')" = "42 42 43 2485 " ] ||
  failed "mixed call arguments: got $(get_u32 "$tmp/mixed.bin" | tr '\n' ' ')"
expect_status 0 "guarded call" "$PTXSIM" run "$calls" -k guarded -g 1 -b 4 --stats none \
  --arg buf:16,out="$tmp/guarded.bin"
n=$((n + 1))
[ "$(get_u32 "$tmp/guarded.bin" | tr '\n' ' ')" = "1 2 2 3 " ] ||
  failed "guarded call: got $(get_u32 "$tmp/guarded.bin" | tr '\n' ' ')"
expect_status 0 "indirect call that fits" "$PTXSIM" run "$calls" -k proto_call -g 1 -b 2 \
  --stats none --arg buf:4,out="$tmp/proto.bin" --arg u32:0
n=$((n + 1))
[ "$(get_u32 "$tmp/proto.bin")" = 6 ] || failed "indirect call: got $(get_u32 "$tmp/proto.bin")"
at="calls.ptx:$(line_of 'call (rv), %rd2, (p0), proto;'):2: error: call: "
expect_status 1 "prototype with fewer parameters" "$PTXSIM" run "$calls" -k proto_call -g 1 \
  -b 2 --arg buf:4 --arg u32:1
expect_grep "$tmp/err" "${at}indirect call passes 1 argument and 1 result, function 'two' takes 2 and 1" \
  "fewer parameters message"
expect_grep "$tmp/err" "in kernel proto_call, block (0,0,0), thread (0,0,0)" "bad call location"
expect_status 1 "prototype with 69 fewer parameters" "$PTXSIM" run "$calls" -k proto_call -g 1 \
  -b 2 --arg buf:4 --arg u32:2
expect_grep "$tmp/err" "function 'many' takes 70 and 1" "69 fewer parameters message"
expect_status 1 "prototype parameter size" "$PTXSIM" run "$calls" -k proto_call -g 1 -b 2 \
  --arg buf:4 --arg u32:3
expect_grep "$tmp/err" "${at}indirect call: parameter 1 of prototype 'proto' (4 bytes, .align 4) does not match 'a' of function 'wide' (8 bytes, .align 8)" \
  "parameter size message"
expect_status 1 "call outside .calltargets" "$PTXSIM" run "$calls" -k unlisted -g 1 -b 1 \
  --arg buf:4
expect_grep "$tmp/err" "calls.ptx:$(line_of 'call (rv), %rd2, (p0), targets;'):2: error: call: indirect call to 'one_too', which is not in the .calltargets list 'targets'" \
  ".calltargets message"
expect_status 1 "unbounded recursion" "$PTXSIM" run "$calls" -k recurse_forever -g 1 -b 32
expect_grep "$tmp/err" "calls.ptx:$(line_of 'call (%x2), down'):2: error: call: call stack overflow at call depth [0-9]*: the frames need more than the 65536 bytes of stack per thread" \
  "stack overflow message"
expect_grep "$tmp/err" "in kernel recurse_forever, function down, block (0,0,0), thread (0,0,0)" \
  "stack overflow location"
# Memory no device has: located messages naming the variable (they used
# to say "could not decode the module" and "out of memory for warp state").
expect_status 1 "64 TiB .global" "$PTXSIM" run "$fix/huge_global.ptx" -k k -g 1 -b 1
expect_grep "$tmp/err" "huge_global.ptx:7:22: error: cannot allocate .global variable 'huge' (70368744177664 bytes): out of memory" \
  "huge .global message"
expect_status 1 "1 GiB .local" "$PTXSIM" run "$fix/huge_local.ptx" -k k -g 1 -b 1 --arg u32:0
expect_grep "$tmp/err" "huge_local.ptx:10:22: error: kernel k needs 1073741824 bytes of local memory per thread, more than the 524288 a thread may have (.local variable 'frame' takes 1073741824 bytes)" \
  "huge .local message"
expect_status 1 "unwritable out= file" "$PTXSIM" run "$fix/hello.ptx" -g 1 -b 1 --stats none \
  --arg buf:8,out="$tmp/no-dir/x.bin" --arg u32:0
expect_grep "$tmp/err" "x.bin: error: cannot write" "unwritable file message"

# ---- the progress line: always shows it as the launch starts (functional
# and timing mode), auto not on a stderr that is not a terminal, in a
# launch of about a second.
expect_status 2 "bad --progress" "$PTXSIM" run "$fix/faults.ptx" -k spin -g 1 -b 1 --progress=yes
expect_grep "$tmp/err" "--progress takes auto, always or never" "bad --progress message"
expect_status 1 "progress, functional" "$PTXSIM" run "$fix/faults.ptx" -k spin -g 2 -b 64 \
  --max-instructions 1000 --progress=always
expect_grep "$tmp/err" "^.ptxsim: launch 1, spin: CTAs 0/2, [0-9.]* [KMG]* *insn/s" \
  "functional progress line"
expect_grep "$tmp/err" "stopped after 1000 warp instructions" "the message after the line"
expect_status 1 "progress, timing" "$PTXSIM" run "$fix/faults.ptx" -k spin -g 64 -b 64 \
  --mode timing --max-instructions 1000 --progress always
expect_grep "$tmp/err" "ptxsim: launch 1, spin: CTAs 0/64, cycle [1-9][0-9]*, IPC [0-9.]*, " \
  "timing progress line"
# Device printf erases the line first, so that on a terminal (script's,
# where stdout is line-buffered) its output starts a clean line.
if command -v script >/dev/null 2>&1; then
  n=$((n + 1))
  script -qec "\"$PTXSIM\" run \"$fix/hello.ptx\" -g 1 -b 3 --arg buf:24 --arg u32:10 \
    --stats none --progress=always" /dev/null >"$tmp/both" 2>&1 </dev/null
  cr=$(printf '\r') esc=$(printf '\033')
  grep -q "launch 1, hello: CTAs 0/1.*$cr$esc\[Kv=10" "$tmp/both" ||
    failed "device printf after the progress line: $(od -c "$tmp/both" | head -5)"
fi
expect_status 0 "printf with the progress line" "$PTXSIM" run "$fix/hello.ptx" -g 1 -b 3 \
  --arg buf:24 --arg u32:10 --stats none --progress=always
expect_same "$tmp/hello.want" "$tmp/out" "printf output with the progress line"
expect_status 1 "progress auto, not a terminal" "$PTXSIM" run "$fix/faults.ptx" -k spin -g 2 \
  -b 64 --max-instructions 300000000
n=$((n + 1))
grep -q "CTAs" "$tmp/err" && failed "a progress line on stderr that is not a terminal"

echo "$n checks, $fail failures"
[ "$fail" -eq 0 ]
