"""Where a training run keeps its checkpoints across attempts, and how a finished run is published.

Snakemake removes a job's declared outputs before every attempt (retries, ``--rerun-incomplete``), so
checkpoints that a retried or preempted job must find again cannot live in the rule's output.  ``rlvr
train`` therefore trains in a *work directory* outside it and publishes the result at the end::

    WORK/<run key>/                      trainer.default_local_dir: every attempt of this run
        latest_checkpointed_iteration.txt, global_step_<N>/..., run_receipt.json, metrics, ...
    OUTPUT/                              the declared output, written only when the run finished:
        latest_checkpointed_iteration.txt, global_step_<last>/... (hard links), run_receipt.json, metrics

* The **run key** is a sha256 over what defines the run: the profile file, the prepared data's manifest,
  the init model's files (names, sizes, and the content of its small files) and the run's settings.  A
  retried job with the same inputs finds its checkpoints and resumes; changed inputs start a new run (the
  work directories of superseded runs are removed, so disk holds one run).
* ``run_receipt.json`` is written when an attempt starts and again when it ends; an attempt that was
  killed (preemption, OOM, ``scancel``) leaves a receipt with ``exit_code: null``, kept by the next attempt
  under ``previous_attempts``.  ``resumed_from_step`` is the step an attempt started from.
* Publishing hard-links the last step's checkpoint files (copying across file systems) and copies the
  small files into a staging directory next to ``OUTPUT``, then renames it into place.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from tracegen.core.canonical import pretty_json, sha256_file, sha256_json
from tracegen.core.files import staged, write_atomic

from .profiles import profile_sha256

TRACKER = "latest_checkpointed_iteration.txt"
RUN_RECEIPT = "run_receipt.json"
RECEIPT_SCHEMA = "rlvr-train-run/v1"
SMALL_FILE_BYTES = 1 << 20   # init-model files up to this size are hashed by content, larger ones by size


def default_work_dir(output) -> Path:
    output = Path(output)
    return output.parent / f"{output.name}.work"


def init_identity(init_dir) -> list:
    """The init model's files: (name, size, sha256 for small files) -- cheap for a 15 GB model."""
    root = Path(init_dir)
    out = []
    for p in sorted(root.rglob("*")):
        if p.is_file():
            size = p.stat().st_size
            out.append([p.relative_to(root).as_posix(), size, sha256_file(p) if size <= SMALL_FILE_BYTES else None])
    return out


def data_identity(data_dir) -> str:
    """The prepared data: its manifest (which holds every shard's sha256), else the shards themselves."""
    root = Path(data_dir)
    manifest = root / "manifest.json"
    if manifest.is_file():
        return sha256_file(manifest)
    return sha256_json([[p.relative_to(root).as_posix(), sha256_file(p)] for p in sorted(root.rglob("*.parquet"))])


def run_key(profile: dict, data_dir, init_dir, settings: dict) -> str:
    identity = {"profile_sha256": profile_sha256(profile),
                "data": data_identity(data_dir), "init": init_identity(init_dir), "settings": settings}
    return sha256_json(identity)[:20]


def run_dir(work, key: str, log=print) -> Path:
    """``WORK/<key>``, created; other runs' directories in ``WORK`` (superseded inputs) are removed."""
    work = Path(work)
    work.mkdir(parents=True, exist_ok=True)
    for other in sorted(work.iterdir()):
        if other.is_dir() and other.name != key:
            log(f"removing the checkpoints of a superseded run: {other}")
            shutil.rmtree(other)
    path = work / key
    path.mkdir(exist_ok=True)
    return path


def last_step(path) -> int | None:
    try:
        return int((Path(path) / TRACKER).read_text(encoding="utf-8").strip())
    except (OSError, ValueError):
        return None


def write_tracker(path, step: int) -> None:
    write_atomic(Path(path) / TRACKER, str(int(step)))


# --------------------------------------------------------------------------------------------------
# attempt receipts
# --------------------------------------------------------------------------------------------------

def read_receipt(path) -> dict | None:
    import json

    try:
        return json.loads((Path(path) / RUN_RECEIPT).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def begin_attempt(path, record: dict) -> dict:
    """Write this attempt's receipt (exit_code null until it ends); earlier attempts move to previous_attempts."""
    old = read_receipt(path)
    previous = []
    if old:
        previous = old.pop("previous_attempts", []) + [old]
    receipt = {"schema": RECEIPT_SCHEMA, **record, "resumed_from_step": last_step(path), "exit_code": None,
               "last_step": None, "attempt": len(previous) + 1, "previous_attempts": previous}
    write_atomic(Path(path) / RUN_RECEIPT, pretty_json(receipt))
    return receipt


def end_attempt(path, receipt: dict, exit_code: int, **fields) -> dict:
    receipt = dict(receipt, **fields, exit_code=int(exit_code), last_step=last_step(path))
    write_atomic(Path(path) / RUN_RECEIPT, pretty_json(receipt))
    return receipt


# --------------------------------------------------------------------------------------------------
# publishing
# --------------------------------------------------------------------------------------------------

def _link_or_copy(src: Path, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.link(src, dst)
    except OSError:
        shutil.copy2(src, dst)


def publish(path, output, log=print) -> Path:
    """Publish the finished run in ``path`` to ``output``: its top-level files (copied) and the last
    step's checkpoint directory (hard links); atomic (``tracegen.core.files.staged``)."""
    path, output = Path(path), Path(output)
    step = last_step(path)
    if step is None:
        raise FileNotFoundError(f"{path / TRACKER} is missing: the run saved no checkpoint")
    step_dir = path / f"global_step_{step}"
    if not step_dir.is_dir():
        raise FileNotFoundError(f"{step_dir} is missing")
    with staged(output, force=True) as staging:
        for f in sorted(path.iterdir()):
            if f.is_file() and not f.name.startswith("."):
                shutil.copy2(f, staging / f.name)
        for f in sorted(step_dir.rglob("*")):
            if f.is_file():
                _link_or_copy(f, staging / step_dir.name / f.relative_to(step_dir))
    log(f"published step {step} of {path} to {output}")
    return output


