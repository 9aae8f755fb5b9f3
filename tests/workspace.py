"""A workspace for running the Snakemake workflow in tests: the workflow files copied into a fresh git
directory with a tiny study (two scenes, one instance each), and the environment and command line the
workflow tests, the Slurm run, training resume and the paper-run checks share."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
WORKFLOW_FILES = ["Snakefile", "rules", "config", "slurm", "containers", "envs"]
TINY = """seed: 3
split: {split}
shard_size: 3
tasks:
  - {{scene: charts/single_series, count: 1}}
  - {{scene: graph/adjacency, count: 1}}
"""


def make_workspace(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    for name in WORKFLOW_FILES:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, path / name, ignore=shutil.ignore_patterns("images", "*.sif"))
        else:
            shutil.copy(src, path / name)
    (path / "config" / "test").mkdir()
    for split in ("train", "validation"):
        (path / "config" / "test" / f"{split}.yaml").write_text(TINY.format(split=split))
    # two workers, as the local default: a run with --cores 1 (threads lowered) must receipt the same commands
    data = "data:\n  splits: {train: config/test/train.yaml, validation: config/test/validation.yaml}\n  workers: 2\n"
    # overlays of the local default say so (`extends`): a --configfile study inherits nothing implicitly
    local = "extends: config/local.yaml\n"
    (path / "config" / "test" / "tiny.yaml").write_text(local + "stages: [data, train, eval]\n" + data)
    (path / "config" / "test" / "tiny-data.yaml").write_text(local + "stages: [data]\n" + data)
    subprocess.run(["git", "init", "-q"], cwd=path, check=True)
    return path


def env(extra_path=None):
    e = dict(os.environ, HF_HUB_OFFLINE="1", HF_DATASETS_OFFLINE="1")
    e["PATH"] = os.pathsep.join(p for p in (extra_path, str(BIN), e.get("PATH", "")) if p)
    return e


def snakemake(ws, *args, timeout=900, extra_path=None):
    return subprocess.run([str(BIN / "snakemake"), *args], cwd=ws, env=env(extra_path), capture_output=True,
                          text=True, timeout=timeout)


def job_counts(text):
    stats = text[text.index("Job stats:"):]
    return {m.group(1): int(m.group(2)) for m in re.finditer(r"^(\w+)\s+(\d+)$", stats, re.M)}
