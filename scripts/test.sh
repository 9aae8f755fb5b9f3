#!/usr/bin/env bash
# Set up (apt + venv + pinned pip) and run the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --test
# a real single-node Slurm cluster for the workflow tests (needs root or sudo; skipped tests otherwise)
if [ "$(id -u)" = 0 ] || sudo -n true 2>/dev/null; then
  bash scripts/slurm-local.sh start
fi
export HF_HUB_OFFLINE=1 HF_DATASETS_OFFLINE=1 TRANSFORMERS_OFFLINE=1
exec .venv/bin/python -m pytest "$@"
