#!/bin/sh
# run-slurm-tests.sh -- `make check-slurm`: a sweep run under Slurm, end
# to end, on a single-node cluster this script starts on localhost.
#
# It writes a minimal slurm.conf (no cgroups, no accounting, no
# database: proctrack/linuxproc, task/none) and a munge key in a
# temporary folder, starts munged, slurmctld and slurmd as root with
# them (ports and sockets of their own, so a Slurm already on the
# machine is left alone), waits for the node to be idle, runs a plain
# job array (the cluster works), then a sweep of 3 corpus kernels x 2
# configurations x 2 values of -gpgpu_scheduler made by `ptxsim sweep
# --emit slurm`, submitted with sbatch; when the array is done `ptxsim
# collect` must give a CSV of the 12 runs and `ptxsim plot` a chart of
# it.  Every daemon it started is stopped on exit (trap), whatever
# happened.
#
# Needs root and Debian's slurm-wlm and munge; exits 77 (skipped) with a
# message without them.  Not part of `make check` (it starts daemons);
# .ci/run runs it.  PTXSIM_SLURM_KEEP=1 keeps the temporary folder
# (configuration, daemon logs, the sweep) for a look after a failure.
set -u
: "${PTXSIM:?set PTXSIM to the ptxsim binary}"
: "${srcdir:=.}"

skip() {
  echo "SKIP: check-slurm: $*"
  exit 77
}
[ "$(id -u)" -eq 0 ] || skip "needs root to start munged, slurmctld and slurmd"
PATH=$PATH:/usr/sbin:/sbin
for tool in munged munge slurmctld slurmd sbatch squeue sinfo scontrol; do
  command -v "$tool" >/dev/null 2>&1 ||
    skip "$tool not found (apt-get install slurm-wlm munge)"
done

abs_srcdir=$(cd "$srcdir" && pwd)
case $PTXSIM in /*) ;; *) PTXSIM=$(pwd)/$PTXSIM ;; esac
tmp=$(mktemp -d /tmp/ptxsim-slurm.XXXXXX) || exit 99
chmod 700 "$tmp"
started=
# stop_daemons: each daemon this script started, by the pid it wrote,
# newest first (slurmd, slurmctld, munged); waits for them to go.
stop_daemons() {
  for d in $started; do
    pid=$(cat "$tmp/$d.pid" 2>/dev/null) || continue
    kill "$pid" 2>/dev/null || continue
    n=0
    while kill -0 "$pid" 2>/dev/null && [ $n -lt 50 ]; do
      sleep 0.2
      n=$((n + 1))
    done
    kill -9 "$pid" 2>/dev/null
  done
  started=
}
cleanup() {
  trap '' HUP INT TERM # a second signal must not cut the cleanup short
  stop_daemons
  if [ "${PTXSIM_SLURM_KEEP:-0}" = 1 ]; then
    echo "check-slurm: kept $tmp"
  else
    rm -rf "$tmp"
  fi
}
trap cleanup EXIT
trap 'exit 1' HUP INT TERM

fail() {
  echo "FAIL: check-slurm: $*"
  for log in slurmctld.log slurmd.log munged.log; do
    [ -s "$tmp/$log" ] || continue
    echo "--- last lines of $log"
    tail -n 15 "$tmp/$log"
  done
  exit 1
}

# ---- munge: a key of our own, a socket in the temporary folder.
dd if=/dev/urandom of="$tmp/munge.key" bs=1024 count=1 2>/dev/null
chmod 400 "$tmp/munge.key"
munged --force --key-file="$tmp/munge.key" --socket="$tmp/munge.socket" \
  --pid-file="$tmp/munged.pid" --log-file="$tmp/munged.log" \
  --seed-file="$tmp/munged.seed" || fail "munged did not start"
started="munged"
munge -n -S "$tmp/munge.socket" | unmunge -S "$tmp/munge.socket" >/dev/null ||
  fail "munge cannot encode and decode a credential"

# ---- Slurm: one node, this machine, all its CPUs; ports derived from
# the pid, away from Slurm's defaults (6817, 6818).
host=$(hostname -s)
cpus=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
mem=$(awk '/^MemTotal:/ {print int($2 / 2048)}' /proc/meminfo 2>/dev/null)
[ -n "$mem" ] && [ "$mem" -gt 0 ] || mem=1024
port=$((20000 + ($$ % 4000) * 2))
mkdir -p "$tmp/state" "$tmp/spool"
cat >"$tmp/slurm.conf" <<EOF
ClusterName=ptxsim-check
SlurmctldHost=$host
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$tmp/munge.socket
CredType=cred/munge
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/slurmctld.log
SlurmdLogFile=$tmp/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SwitchType=switch/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=ptxsim Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
SLURM_CONF=$tmp/slurm.conf
export SLURM_CONF
slurmctld -f "$SLURM_CONF" || fail "slurmctld did not start"
started="slurmctld $started"
slurmd -f "$SLURM_CONF" || fail "slurmd did not start"
started="slurmd $started"

# wait_for SECONDS WHAT COMMAND...: until COMMAND succeeds.
wait_for() {
  limit=$1 what=$2
  shift 2
  n=0
  until "$@"; do
    n=$((n + 1))
    [ $n -le $((limit * 2)) ] || fail "$what: not after ${limit}s"
    sleep 0.5
  done
}
node_idle() {
  [ "$(sinfo -h -n "$host" -o %T 2>/dev/null)" = idle ]
}
wait_for 60 "the node is idle" node_idle
echo "check-slurm: node $host idle ($cpus CPUs), $(sinfo -V)"

# job_done JOBID: the job (all its array tasks) has left the queue.
job_done() {
  [ -z "$(squeue -h -j "$1" 2>/dev/null)" ]
}

# ---- A plain job array: the cluster runs jobs.
# shellcheck disable=SC2016 # the task's shell expands it
jid=$(sbatch --parsable --array=1-3 -o "$tmp/hello-%A_%a.out" \
  --wrap 'echo "task $SLURM_ARRAY_TASK_ID on $(hostname -s)"') || fail "sbatch --wrap"
wait_for 120 "job array $jid" job_done "$jid"
for i in 1 2 3; do
  grep -q "^task $i on $host\$" "$tmp/hello-${jid}_$i.out" 2>/dev/null ||
    fail "task $i of array $jid wrote no output"
done
echo "check-slurm: a 3-task job array ran"

if ! "$PTXSIM" sweep --help >/dev/null 2>&1; then
  skip "this ptxsim has no sweep command (the cluster itself works)"
fi

# ---- The sweep: 3 kernels x 2 configurations x 2 schedulers = 12 runs.
ptx=$abs_srcdir/benchmarks/ptx
cat >"$tmp/sweep.txt" <<EOF
# check-slurm: three small corpus kernels
run vecadd $ptx/vecadd.ptx -k vecadd -g 8 -b 128 --arg buf:4096 --arg buf:4096 --arg buf:4096 --arg s32:1024
run saxpy $ptx/saxpy.ptx -k saxpy -g 8 -b 128 --arg u32:1024 --arg f32:2.0 --arg buf:4096 --arg buf:4096
run matmul $ptx/matmul_tiled.ptx -k matmul_naive -g 4,4 -b 8,8 --arg buf:4096 --arg buf:4096 --arg buf:4096 --arg s32:32 --arg s32:32 --arg s32:32
config gtx480 sm75
option -gpgpu_scheduler lrr gto
mode timing
EOF
"$PTXSIM" sweep "$tmp/sweep.txt" -o "$tmp/sweep" --emit slurm --time 10 --partition ptxsim \
  --mem 256M >"$tmp/sweep.out" 2>&1 || {
  cat "$tmp/sweep.out"
  fail "ptxsim sweep --emit slurm"
}
[ -f "$tmp/sweep/sweep.sbatch" ] || fail "no sweep.sbatch"
[ "$(grep -c . "$tmp/sweep/jobs.txt")" -eq 12 ] || fail "jobs.txt does not hold 12 jobs"
for want in '--time=10' '--partition=ptxsim' '--mem=256M' '--array='; do
  grep -q -e "^#SBATCH.*$want" "$tmp/sweep/sweep.sbatch" ||
    fail "sweep.sbatch has no #SBATCH $want"
done
jid=$(cd "$tmp/sweep" && sbatch --parsable sweep.sbatch) || fail "sbatch sweep.sbatch"
jid=${jid%%;*}
echo "check-slurm: submitted the sweep as job array $jid"
wait_for 600 "sweep array $jid" job_done "$jid"
ran=$(find "$tmp/sweep" -name "slurm-${jid}_*.out" | wc -l)
[ "$ran" -eq 12 ] || fail "$ran task outputs of array $jid, not 12"
# A task's state is its run's (a job line exits with the run's status);
# slurmctld keeps finished jobs for MinJobAge (300 s), no accounting needed.
states=$(scontrol -o show job "$jid" | grep -o 'JobState=[A-Z_]*' | sort | uniq -c | sed 's/^ *//')
[ "$states" = "12 JobState=COMPLETED" ] || fail "the array's tasks: $states"

"$PTXSIM" collect "$tmp/sweep" -o "$tmp/sweep.csv" --speedup-over gpgpu_scheduler=lrr \
  >"$tmp/collect.out" 2>"$tmp/collect.err" || {
  cat "$tmp/collect.err"
  fail "ptxsim collect"
}
rows=$(awk -F, 'NR > 1 && $1 ~ /^r[0-9]+$/ {n++} END {print n + 0}' "$tmp/sweep.csv")
[ "$rows" -eq 12 ] || fail "the CSV has $rows runs, not 12"
head -n 1 "$tmp/sweep.csv" | grep -q '^run_id,program,kernel,launch,' ||
  fail "the CSV's header is not collect's"
for p in vecadd saxpy matmul; do
  [ "$(grep -c "^r[0-9]*,$p," "$tmp/sweep.csv")" -eq 4 ] || fail "$p has not 4 rows"
done
echo "check-slurm: collect: 12 runs; geometric means:"
sed 's/^/  /' "$tmp/collect.out"

if command -v gnuplot >/dev/null 2>&1; then
  "$PTXSIM" plot "$tmp/sweep.csv" -o "$tmp/speedup.svg" --bar speedup --group config \
    --where gpgpu_scheduler=gto || fail "ptxsim plot"
  for p in vecadd saxpy matmul gtx480 sm75; do
    grep -q ">$p<" "$tmp/speedup.svg" || fail "the chart has no label $p"
  done
  echo "check-slurm: plot: speedup of gto over lrr per program and configuration"
fi
echo "check-slurm passed"
