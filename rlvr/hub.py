"""The pinned hub release of the TRACE dataset: fetch (cluster, needs network) and verify (anywhere).

``verify`` checks every parquet file of a local snapshot against the sha256 values of the
reference equivalence manifest (``config/reference/dataset_equivalence.v1.json``).
"""

from __future__ import annotations

import json
from pathlib import Path

from tracegen.core.canonical import sha256_file


class HubError(ValueError):
    """A hub fetch or check that cannot proceed (one line: offline, unpinned, malformed manifest)."""


def expected_files(manifest_path) -> dict[str, dict]:
    """path -> {sha256, size, split, rows} for every parquet file named by the manifest."""
    try:
        manifest = json.loads(Path(manifest_path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise HubError(f"manifest {manifest_path} does not exist") from None
    except (OSError, UnicodeDecodeError, ValueError) as e:
        raise HubError(f"manifest {manifest_path} is not readable JSON: {e}") from None
    out = {}
    try:
        for entry in manifest["parquet_files"]:
            cur = entry["current"]
            rel = entry["path"]
            if not isinstance(rel, str) or rel.startswith("/") or ".." in Path(rel).parts:
                raise HubError(f"manifest {manifest_path}: file path {rel!r} leaves the snapshot")
            out[rel] = {"sha256": cur["sha256"], "size": cur.get("bytes"), "split": entry.get("split"),
                        "rows": entry.get("rows")}
    except (KeyError, TypeError) as e:
        why = f"no {e.args[0]!r}" if isinstance(e, KeyError) else "an entry of the wrong type"
        raise HubError(f"manifest {manifest_path}: expected parquet_files[{{path, current: {{sha256}}}}] "
                       f"({why})") from None
    return out


def verify(snapshot_dir, manifest_path) -> dict:
    """Check a snapshot; returns {"ok", "checked", "problems": [...]} (problems name the file)."""
    root = Path(snapshot_dir)
    problems, checked = [], 0
    if not root.is_dir():
        return {"ok": False, "checked": 0, "problems": [f"{snapshot_dir}: no such snapshot directory"]}
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

    if not re.fullmatch(r"[0-9a-f]{40}", revision):
        raise HubError(f"model revision must be a full 40-hex commit, got {revision!r}")
    path = _download(repo_id=repo, revision=revision, local_dir=str(output))
    (Path(path) / "REVISION").write_text(f"{repo}@{revision}\n", encoding="utf-8")
    return Path(path)


def fetch(repo: str, revision: str, local_dir) -> Path:
    """Download the dataset snapshot at a pinned revision (huggingface_hub; cluster only)."""
    import re

    if not re.fullmatch(r"[0-9a-f]{40}", revision):
        raise HubError(f"dataset revision must be a full 40-hex commit, got {revision!r}")
    path = _download(repo_id=repo, repo_type="dataset", revision=revision, local_dir=str(local_dir),
                     allow_patterns=["data/**/*.parquet", "README.md"])
    return Path(path)


def _download(**kwargs) -> str:
    """huggingface_hub.snapshot_download; being offline or unreachable is one HubError line."""
    from huggingface_hub import snapshot_download

    where = f"{kwargs['repo_id']}@{kwargs['revision']}"
    try:
        return snapshot_download(**kwargs)
    except Exception as e:  # hub errors come from requests, httpx and huggingface_hub alike
        text = " ".join(str(e).split())[:300]
        offline = "offline" in text.lower() or type(e).__name__ in (
            "OfflineModeIsEnabled", "LocalEntryNotFoundError", "ConnectError", "ConnectionError")
        hint = " (the hub is not reachable: this step runs where there is network, e.g. on the cluster)" \
            if offline else ""
        raise HubError(f"cannot fetch {where}: {type(e).__name__}: {text}{hint}") from None
