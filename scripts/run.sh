#!/usr/bin/env bash
# Set up (apt + venv + pinned pip) and run the main job on the local default config:
# generate a small multi-domain dataset, validate it, export parquet.  Outputs go to out/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export HF_HUB_OFFLINE=1 HF_DATASETS_OFFLINE=1
CONFIG="${1:-config/datasets/local.yaml}"
.venv/bin/tracegen generate "$CONFIG" --output out/dataset --force
.venv/bin/tracegen validate out/dataset --quiet
.venv/bin/tracegen export out/dataset --output out/parquet --force
echo "done: out/dataset (records, images, traces, reports) and out/parquet"
