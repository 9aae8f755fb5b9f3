#!/usr/bin/env bash
# Set up (apt + venv + pinned pip) and run the main job: the Snakemake workflow on its embedded
# local default (config/local.yaml), on this machine's CPUs. Outputs: results/, receipts/, logs/.
# Extra arguments go to snakemake (e.g. `bash scripts/run.sh -n` for a dry run).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export PATH="$PWD/.venv/bin:$PATH" HF_HUB_OFFLINE=1 HF_DATASETS_OFFLINE=1
snakemake --cores "$(nproc)" "$@"
echo "done: results.json (scores + aggregates), results/report/, results/ (data, models, eval), receipts/ (one per job), results/receipts_report.json"
