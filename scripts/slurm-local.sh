#!/usr/bin/env bash
# A real single-node Slurm on this machine, for the Slurm sweep test (needs root and Debian's
# packages). `start DIR` installs munge and Slurm if missing, writes DIR/slurm.conf, starts munged,
# slurmctld and slurmd and waits until the node is idle; `stop DIR` stops the daemons it started
# (by their recorded PIDs). Prints SLURM_CONF=... on success.
set -euo pipefail
cmd=${1:?start|stop}
dir=${2:?state directory}
host=$(hostname -s)
case "$cmd" in
start)
  if ! command -v slurmctld >/dev/null || ! command -v sbatch >/dev/null || ! command -v munged >/dev/null; then
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq munge slurmctld slurmd slurm-client >/dev/null
  fi
  mkdir -p "$dir/state" "$dir/spool" /run/munge
  if [ ! -s /etc/munge/munge.key ]; then
    dd if=/dev/urandom bs=1 count=1024 of=/etc/munge/munge.key 2>/dev/null
  fi
  chown munge:munge /etc/munge/munge.key /run/munge
  chmod 400 /etc/munge/munge.key
  if ! pgrep -x munged >/dev/null; then
    runuser -u munge -- /usr/sbin/munged --pid-file="$dir/munged.pid" 2>/dev/null || runuser -u munge -- /usr/sbin/munged
    [ -f "$dir/munged.pid" ] || pgrep -x munged > "$dir/munged.pid"
  fi
  cpus=$(nproc)
  cat > "$dir/slurm.conf" <<CONF
ClusterName=mcsim
SlurmctldHost=$host(127.0.0.1)
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerParameters=batch_sched_delay=0,sched_min_interval=0
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
SlurmUser=root
SlurmdUser=root
ReturnToService=2
MpiDefault=none
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
  export SLURM_CONF="$dir/slurm.conf"
  slurmctld -c -i
  slurmd -N "$host"
  for _ in $(seq 1 60); do
    if sinfo -h -o '%t' 2>/dev/null | grep -qE '^(idle|mix)'; then echo "SLURM_CONF=$SLURM_CONF"; exit 0; fi
    sleep 0.5
  done
  echo "slurm did not come up; see $dir/slurmctld.log and $dir/slurmd.log" >&2
  exit 1
  ;;
stop)
  # A pid file may hold more than one pid (a daemon writes its own after forking). TERM first,
  # then KILL whatever of ours is still there after a few seconds, so no daemon outlives the test.
  pids=$(cat "$dir"/slurmd.pid "$dir"/slurmctld.pid "$dir"/munged.pid 2>/dev/null || true)
  [ -n "$pids" ] || exit 0
  kill $pids 2>/dev/null || true
  for _ in $(seq 1 20); do
    alive=$(for p in $pids; do kill -0 "$p" 2>/dev/null && echo "$p"; done || true)
    [ -z "$alive" ] && exit 0
    sleep 0.25
  done
  kill -9 $alive 2>/dev/null || true
  ;;
esac
