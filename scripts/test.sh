#!/usr/bin/env bash
# Set up (apt + venv + pinned pip) and run the whole test suite, in parallel.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --test
# a real single-node Slurm cluster for the workflow tests (needs root or sudo; skipped tests otherwise)
if [ "$(id -u)" = 0 ] || sudo -n true 2>/dev/null; then
  bash scripts/slurm-local.sh start
fi
export HF_HUB_OFFLINE=1 HF_DATASETS_OFFLINE=1 TRANSFORMERS_OFFLINE=1
# one worker per usable core, at most 8 (pytest-xdist; pyproject's --dist loadscope keeps each module on
# one worker); TEST_WORKERS=N sets the count, and arguments after these win, e.g. `-n 0` for one process.
# The 20 slowest tests are listed at the end (the budget: README "Tests")
cores=$(nproc)
exec .venv/bin/python -m pytest -n "${TEST_WORKERS:-$((cores < 8 ? cores : 8))}" --durations=20 "$@"
