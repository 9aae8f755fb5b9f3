"""The pinned hub release of the TRACE dataset: fetch (cluster, needs network) and verify (anywhere).

``verify`` checks every parquet file of a local snapshot against the sha256 values of the
reference equivalence manifest (``config/reference/dataset_equivalence.v1.json``).
"""

from __future__ import annotations

import json
from pathlib import Path

from .receipts import sha256_file


def expected_files(manifest_path) -> dict[str, dict]:
    """path -> {sha256, size, split, rows} for every parquet file named by the manifest."""
    manifest = json.loads(Path(manifest_path).read_text(encoding="utf-8"))
    out = {}
    for entry in manifest["parquet_files"]:
        cur = entry["current"]
        out[entry["path"]] = {"sha256": cur["sha256"], "size": cur.get("bytes"), "split": entry.get("split"),
                              "rows": entry.get("rows")}
    return out


def verify(snapshot_dir, manifest_path) -> dict:
    """Check a snapshot; returns {"ok", "checked", "problems": [...]} (problems name the file)."""
    root = Path(snapshot_dir)
    problems, checked = [], 0
    for rel, exp in sorted(expected_files(manifest_path).items()):
        path = root / rel
        if not path.is_file():
            problems.append(f"{rel}: missing")
            continue
        if exp["size"] is not None and path.stat().st_size != exp["size"]:
            problems.append(f"{rel}: size {path.stat().st_size} != {exp['size']}")
            continue
        if sha256_file(path) != exp["sha256"]:
            problems.append(f"{rel}: sha256 differs from the pinned release")
            continue
        checked += 1
    return {"ok": not problems, "checked": checked, "problems": problems}


def fetch_model(repo: str, revision: str, output) -> Path:
    """Download a model snapshot at a pinned commit into ``output`` (cluster only; needs the network)."""
    import re

    from huggingface_hub import snapshot_download

    if not re.fullmatch(r"[0-9a-f]{40}", revision):
        raise ValueError(f"model revision must be a full 40-hex commit, got {revision!r}")
    path = snapshot_download(repo_id=repo, revision=revision, local_dir=str(output))
    (Path(path) / "REVISION").write_text(f"{repo}@{revision}\n", encoding="utf-8")
    return Path(path)


def fetch(repo: str, revision: str, local_dir) -> Path:
    """Download the dataset snapshot at a pinned revision (huggingface_hub; cluster only)."""
    from huggingface_hub import snapshot_download

    path = snapshot_download(repo_id=repo, repo_type="dataset", revision=revision, local_dir=str(local_dir),
                             allow_patterns=["data/**/*.parquet", "README.md"])
    return Path(path)
