#!/bin/sh
# run-config-tests.sh -- `ptxsim config`: every named configuration dumps
# to a file that loads back to the same dump; GPGPU-Sim's own GTX480 file
# loads and names the options ptxsim ignores once; unknown options, names
# and files fail with their location; --list, --options, --occupancy.
set -u
: "${PTXSIM:?set PTXSIM to the ptxsim binary}"
: "${srcdir:=.}"
# shellcheck source=tests/expect-lib.sh
. "$srcdir/tests/expect-lib.sh" # fail=0 n=0 $tmp; failed, expect_*

expect_empty() { # file description
  if [ -s "$1" ]; then
    failed "$2: unexpected output:"
    sed 's/^/  | /' "$1"
  fi
}

# The named configurations.
expect_status 0 "config --list" "$PTXSIM" config --list
for name in gtx480 gtx280 gtx280_ilp sm75 gtx285_scalar; do
  expect_grep "$tmp/out" "^$name " "--list names $name"
done
[ "$(wc -l <"$tmp/out")" -eq 5 ] || failed "--list: not 5 lines"

# Each dumps, and the dump loads back to an identical dump, with no
# warnings (a dump holds modelled options only).
for name in gtx480 gtx280 gtx280_ilp sm75 gtx285_scalar; do
  expect_status 0 "config --config $name --dump" "$PTXSIM" config --config "$name" --dump
  expect_empty "$tmp/err" "$name dump"
  cp "$tmp/out" "$tmp/$name.cfg"
  expect_status 0 "reload the $name dump" "$PTXSIM" config --config "$tmp/$name.cfg" --dump
  expect_empty "$tmp/err" "$name reload"
  if ! cmp -s "$tmp/out" "$tmp/$name.cfg"; then
    failed "the $name dump does not load back to itself:"
    diff "$tmp/$name.cfg" "$tmp/out" | sed 's/^/  | /'
  fi
done
# The default is the GTX480; the configurations differ.
expect_status 0 "config (default)" "$PTXSIM" config
cmp -s "$tmp/out" "$tmp/gtx480.cfg" || failed "the default is not gtx480"
cmp -s "$tmp/gtx480.cfg" "$tmp/gtx280.cfg" && failed "gtx480 = gtx280"
expect_grep "$tmp/gtx480.cfg" "^-gpgpu_n_clusters  *15$" "gtx480: 15 SMs"
expect_grep "$tmp/gtx280.cfg" "^-gpgpu_shader_registers  *16384$" "gtx280: 16k registers"
expect_grep "$tmp/sm75.cfg" "^-gpgpu_scheduler  *gto$" "sm75: GTO"
# gtx285_scalar: 002a Table 1's 1.3 GHz shader clock and 8 SPs (an ALU
# warp instruction every 4 cycles)
expect_grep "$tmp/gtx285_scalar.cfg" "^-gpgpu_clock_domains  *1300.0:650.0:650.0:800.0$" "gtx285_scalar: 1.3 GHz"
expect_grep "$tmp/gtx285_scalar.cfg" "^-ptx_opcode_initiation_int  *4,4,4,4,128,4$" "gtx285_scalar: ALU interval 4"
# The units behind the SM's seams, by name.
for name in gtx480 gtx280 gtx280_ilp sm75 gtx285_scalar; do
  expect_grep "$tmp/$name.cfg" "^-ptxsim_dispatcher  *tb$" "$name: TB-level dispatch"
  expect_grep "$tmp/$name.cfg" "^-ptxsim_scoreboard  *per_warp$" "$name: the per-warp scoreboard"
  expect_grep "$tmp/$name.cfg" "^-ptxsim_branch_predictor  *none$" "$name: no branch prediction"
  expect_grep "$tmp/$name.cfg" "^-ptxsim_register_file  *vector$" "$name: the vector register file"
done
# The installed configs/ files are what is embedded.
for name in gtx480 gtx280 gtx280_ilp sm75 gtx285_scalar; do
  expect_status 0 "config --config configs/$name.config" \
    "$PTXSIM" config --config "$srcdir/configs/$name.config"
  cmp -s "$tmp/out" "$tmp/$name.cfg" || failed "configs/$name.config differs from the embedded $name"
done

# GPGPU-Sim's GTX480 file: loads, one warning naming the 21 ignored options.
gpgpusim="$srcdir/tests/pipeline/data/gpgpusim-gtx480.config"
expect_status 0 "GPGPU-Sim GTX480 file" "$PTXSIM" config --config "$gpgpusim" --dump
[ "$(wc -l <"$tmp/err")" -eq 1 ] || failed "GPGPU-Sim file: not one message line"
expect_grep "$tmp/err" "warning: ignoring 21 GPGPU-Sim options that ptxsim does not model: -gpgpu_ptx_instruction_classification, " "ignored options"
expect_grep "$tmp/err" ", -power_simulation_enabled, -gpuwattch_xml_file$" "ignored options end"
[ "$(grep -o -- '-gpgpu_num_reg_banks' "$tmp/err" | wc -l)" -eq 1 ] || failed "an ignored option listed twice"
expect_grep "$tmp/out" "^-gpgpu_scheduler  *gto$" "GPGPU-Sim file: its gto scheduler"
expect_grep "$tmp/out" "^-gpgpu_l2_rop_latency  *120$" "GPGPU-Sim file: -rop_latency"
expect_grep "$tmp/out" "CL=12:WL=4:CDLR=5" "GPGPU-Sim file: two-line DRAM timing"

# Errors: unknown option with FILE:LINE and a suggestion, bad values,
# unknown names, unreadable files, usage.
printf '# comment\n-gpgpu_n_clusters 15\n-gpgpu_shader_ctas 8\n' >"$tmp/bad.cfg"
expect_status 1 "unknown option" "$PTXSIM" config --config "$tmp/bad.cfg"
expect_grep "$tmp/err" "bad.cfg:3:1: error: unknown option '-gpgpu_shader_ctas'; did you mean '-gpgpu_shader_cta'?" "unknown option located"
expect_empty "$tmp/out" "no dump after an error"
# Out-of-range numbers are refused where they are read, not wrapped
# (a 1e9-cycle ROP latency) or clamped (latencies above 16 bits).
printf '# big\n-gpgpu_l2_rop_latency 1000000000\n-ptx_opcode_latency_int 4,13,4,5,145,70000\n' \
  >"$tmp/range.cfg"
expect_status 1 "out-of-range values" "$PTXSIM" config --config "$tmp/range.cfg"
expect_grep "$tmp/err" "range.cfg:2:1: error: -gpgpu_l2_rop_latency: 1000000000 is too large (at most 65535)" \
  "ROP latency range located"
expect_grep "$tmp/err" "range.cfg:3:1: error: -ptx_opcode_latency_int: '4,13,4,5,145,70000': 70000 is too large (at most 65535)" \
  "latency list range located"
# The energy table's numbers are decimals (F64): in every dump, read back
# exactly (above); a negative one is refused where it is read.
for name in gtx480 gtx280 gtx280_ilp sm75 gtx285_scalar; do
  expect_grep "$tmp/$name.cfg" "^-ptxsim_energy_vrf_read_pj  *2.46$" "$name: 002a Table 2's VRF read energy"
  expect_grep "$tmp/$name.cfg" "^-ptxsim_energy_srf_write_pj  *0.162$" "$name: 002a Table 2's SRF write energy"
done
printf -- '-ptxsim_energy_l1d_pj 100\n-ptxsim_energy_l2_pj -3.5\n' >"$tmp/energy.cfg"
expect_status 1 "negative energy" "$PTXSIM" config --config "$tmp/energy.cfg"
expect_grep "$tmp/err" "energy.cfg:2:1: error: -ptxsim_energy_l2_pj: -3.5 is too small (at least 0)" \
  "negative energy located"
printf -- '-ptxsim_scoreboard ooo\n-ptxsim_branch_predictor tage\n' >"$tmp/seam.cfg"
expect_status 1 "unknown scoreboard and predictor" "$PTXSIM" config --config "$tmp/seam.cfg"
expect_grep "$tmp/err" "seam.cfg:1:1: error: -ptxsim_scoreboard: unknown scoreboard 'ooo' (valid: per_warp, shared)" \
  "unknown scoreboard located, the known ones listed"
expect_grep "$tmp/err" "seam.cfg:2:1: error: -ptxsim_branch_predictor: unknown branch predictor 'tage' (valid: none, btfn, gshare, perfect)" \
  "unknown predictor located, the known ones listed"
printf -- '-gpgpu_shader_core_pipeline 1536:64\n' >"$tmp/warp.cfg"
expect_status 1 "warp size 64" "$PTXSIM" config --config "$tmp/warp.cfg"
expect_grep "$tmp/err" "warp size 64 is not supported" "warp size message"
# Policies are found by name; an unknown one is an error listing the known.
printf -- '-gpgpu_scheduler two_level_active:4\n-ptxsim_dispatcher warpman\n' >"$tmp/policy.cfg"
expect_status 1 "unknown dispatcher" "$PTXSIM" config --config "$tmp/policy.cfg"
expect_grep "$tmp/err" "policy.cfg:2:1: error: -ptxsim_dispatcher: unknown CTA dispatcher 'warpman' (valid: tb)" \
  "unknown dispatcher located"
printf -- '-gpgpu_scheduler two_level_active:4\n-ptxsim_dispatcher tb\n' >"$tmp/policy.cfg"
expect_status 0 "policy specs" "$PTXSIM" config --config "$tmp/policy.cfg"
expect_grep "$tmp/out" "^-gpgpu_scheduler  *two_level_active:4:0:1$" "a policy formats its own arguments"
expect_status 1 "unknown name" "$PTXSIM" config --config gtx9000
expect_grep "$tmp/err" "unknown configuration 'gtx9000' (named: gtx480, gtx280, gtx280_ilp, sm75, gtx285_scalar; or a file)" "unknown name message"
expect_status 1 "missing file" "$PTXSIM" config --config "$tmp/none.cfg"
expect_grep "$tmp/err" "none.cfg: error: cannot read the configuration" "missing file message"
expect_status 2 "bad argument" "$PTXSIM" config --bogus
expect_status 2 "--config without a value" "$PTXSIM" config --config
expect_status 0 "config --help" "$PTXSIM" config --help
expect_grep "$tmp/out" "usage: ptxsim config" "config usage"

# --options lists modelled, alias and ignored names.
expect_status 0 "config --options" "$PTXSIM" config --options
expect_grep "$tmp/out" "^  -gpgpu_n_clusters  " "--options: modelled"
expect_grep "$tmp/out" "^  -gpgpu_l2_rop_latency  .* \[0\.\.65535\]$" "--options: the range"
expect_grep "$tmp/out" "^  -rop_latency  *= -gpgpu_l2_rop_latency$" "--options: alias"
expect_grep "$tmp/out" "^  -visualizer_enabled$" "--options: ignored"

# --occupancy: 004 Table 2.2's DWT_2 (6 warps, 32 registers, 8668 bytes):
# 5 CTAs per SM on the GTX480, limited by registers and shared memory.
expect_status 0 "occupancy" "$PTXSIM" config --occupancy 192,32,8668
expect_grep "$tmp/out" "^CTAs per SM: 5 (limited by registers, shared memory)$" "occupancy DWT_2"
# The same kernel on the GTX280 (16384 registers, 16 KB): 1 CTA, by its
# shared memory.
expect_status 0 "occupancy gtx280" "$PTXSIM" config --config gtx280 --occupancy 192,32,8668
expect_grep "$tmp/out" "^CTAs per SM: 1 (limited by shared memory)$" "occupancy on gtx280"
expect_status 2 "occupancy malformed" "$PTXSIM" config --occupancy 192
expect_status 1 "occupancy impossible" "$PTXSIM" config --occupancy 2048,8
expect_grep "$tmp/err" "not one CTA fits on an SM (threads)" "occupancy impossible message"

if [ "$fail" -ne 0 ]; then
  echo "$fail failure(s)"
  exit 1
fi
echo "config tests passed"
