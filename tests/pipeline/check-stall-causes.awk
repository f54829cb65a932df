# check-stall-causes.awk -- checks, in timing statistics as the drivers
# write them (PTXSIM_TEST_STATS: blocks of "name = value" lines, one block
# per launch, each starting with kernel_name), that the issue-stall
# breakdown by cause (ptxsim_issue_stall_<cause>) adds up, class by class,
# to GPGPU-Sim's three stall counters (sched<k>_stall_<class>, summed over
# the schedulers).  Each cause belongs to one class (sm_core.h, SM_CAUSES);
# the mapping is stated here again on purpose.  Prints one line per launch
# that does not add up and exits 1 if any; 0 with the number checked.
BEGIN {
  class["structural"] = "Pipeline"
  class["raw_alu"] = "Scoreboard"; class["raw_mem"] = "Scoreboard"
  class["waw"] = "Scoreboard"; class["scoreboard_full"] = "Scoreboard"
  class["store_order"] = "Scoreboard"
  class["control"] = "Idle"; class["barrier"] = "Idle"
  class["fetch"] = "Idle"; class["idle"] = "Idle"
  n = 0; bad = 0
}
function check() {
  if (kernel == "") return
  n++
  if (ncause != 10) { print "launch " n " (" kernel "): " ncause " causes, not 10"; bad++ }
  split("Idle Scoreboard Pipeline", cls, " ")
  for (i = 1; i <= 3; i++)
    if (sched[cls[i]] + 0 != cause[cls[i]] + 0) {
      print "launch " n " (" kernel "): " cls[i] " stalls " sched[cls[i]] + 0 \
            " but its causes add up to " cause[cls[i]] + 0
      bad++
    }
  delete sched; delete cause; ncause = 0
}
$1 == "kernel_name" { check(); kernel = $3 }
$1 ~ /^sched[0-9]+_stall_/ { c = $1; sub(/^sched[0-9]+_stall_/, "", c); sched[c] += $3 }
$1 ~ /^ptxsim_issue_stall_/ {
  c = $1; sub(/^ptxsim_issue_stall_/, "", c)
  if (!(c in class)) { print "unknown cause " c; bad++; next }
  cause[class[c]] += $3; ncause++
}
END {
  check()
  if (n == 0) { print "no launches in the statistics"; exit 1 }
  if (bad) exit 1
  print n " launches: the stall causes add up to the stall classes"
}
