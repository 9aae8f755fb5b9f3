#!/usr/bin/env bash
# A real single-node Slurm cluster on this machine (Debian slurm-wlm + munge), for tests and CI.
#   bash scripts/slurm-local.sh start   # installs packages if needed, writes /etc/slurm/slurm.conf, starts daemons
#   bash scripts/slurm-local.sh stop
# No accounting database: job status comes from squeue (MinJobAge=600 keeps finished jobs visible).
set -euo pipefail
cmd="${1:-start}"
SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"

stop() {
  $SUDO pkill -x slurmctld 2>/dev/null || true
  $SUDO pkill -x slurmd 2>/dev/null || true
  $SUDO pkill -x munged 2>/dev/null || true
}

if [ "$cmd" = stop ]; then stop; exit 0; fi

missing=()
for p in munge slurmctld slurmd slurm-client; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if scontrol ping 2>/dev/null | grep -q "UP"; then
  echo "slurm-local: already up"; exit 0
fi

host=$(hostname -s)
getent hosts "$host" >/dev/null || echo "127.0.0.1 $host" | $SUDO tee -a /etc/hosts >/dev/null
cpus=$(nproc)
mem=$(awk '/MemTotal/ {printf "%d", $2/1024*0.85}' /proc/meminfo)

$SUDO mkdir -p /etc/slurm /var/spool/slurmctld /var/spool/slurmd /var/log/slurm /run/munge /etc/munge
$SUDO tee /etc/slurm/slurm.conf >/dev/null <<CONF
ClusterName=local
SlurmctldHost=$host
SlurmUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
SchedulerType=sched/backfill
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
ReturnToService=2
MinJobAge=600
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
NodeName=$host CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF

if [ ! -s /etc/munge/munge.key ]; then
  $SUDO dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 status=none
fi
$SUDO chown -R munge:munge /etc/munge /run/munge
$SUDO chmod 400 /etc/munge/munge.key
$SUDO chmod 755 /run/munge
pgrep -x munged >/dev/null || $SUDO runuser -u munge -- munged
pgrep -x slurmctld >/dev/null || $SUDO slurmctld
pgrep -x slurmd >/dev/null || $SUDO slurmd
for _ in $(seq 1 30); do
  if sinfo -h -o '%T' 2>/dev/null | grep -qE '^(idle|mixed|allocated)'; then
    echo "slurm-local: up ($host, $cpus CPUs, ${mem} MB)"; exit 0
  fi
  sleep 1
  $SUDO scontrol update nodename="$host" state=resume >/dev/null 2>&1 || true
done
echo "slurm-local: cluster did not come up; see /var/log/slurm/" >&2
exit 1
