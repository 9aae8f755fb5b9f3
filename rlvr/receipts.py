"""Receipts: a hashed record of every pipeline job, and their validation.

Snakemake hashes no outputs itself, so every rule runs its command through
``rlvr receipt ... -- COMMAND`` which executes the command and then writes

``receipts/<rule>/<wildcards>.json`` (canonical JSON, byte-identical for identical work):
    rule, wildcards, command, params, config_sha256, code {git_commit, dirty},
    container {image, sha256}, tools {package: version}, inputs / outputs
    [{name, path, kind, size, sha256}] (a directory: sha256 of its sorted file manifest),
    exit_status
``receipts/<rule>/<wildcards>.timing.json``: start, end, seconds, host — kept apart so
the receipt itself stays deterministic.

``validate`` re-hashes every output, checks that every input's hash equals what its
producer's receipt recorded (the chain must close on declared sources: config files or the
pinned hub revision), and reports each mismatch with the file and the rule.
"""

from __future__ import annotations

import hashlib
import json
import os
import shlex
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from tracegen.core.canonical import canonical_json as canonical, sha256_file, write_atomic

RECEIPT_VERSION = "rlvr-receipt-v1"
# Snakemake drops a timestamp marker into directory outputs after a job; it is not content.
IGNORED_NAMES = frozenset({".snakemake_timestamp"})
TOOLS = ("tracegen", "rlvr", "snakemake", "numpy", "pycairo", "pyarrow", "datasets", "torch", "transformers",
         "verl", "vllm", "lm_eval", "ray")


def hash_path(path) -> dict:
    """{kind, size, sha256} of a file, or of a directory via its sorted [relpath, size, sha256] manifest
    (Snakemake's ``.snakemake_timestamp`` markers excluded)."""
    p = Path(path)
    if p.is_dir():
        manifest = []
        for dirpath, dirnames, files in os.walk(p):
            dirnames.sort()
            for name in sorted(files):
                if name in IGNORED_NAMES:
                    continue
                f = Path(dirpath) / name
                manifest.append([f.relative_to(p).as_posix(), f.stat().st_size, sha256_file(f)])
        manifest.sort()
        return {"kind": "dir", "size": sum(m[1] for m in manifest),
                "sha256": hashlib.sha256(canonical(manifest).encode()).hexdigest()}
    return {"kind": "file", "size": p.stat().st_size, "sha256": sha256_file(p)}


def code_version(root=".") -> dict:
    try:
        commit = subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True, text=True,
                                check=True).stdout.strip()
        dirty = bool(subprocess.run(["git", "-C", str(root), "status", "--porcelain", "--untracked-files=no"],
                                    capture_output=True, text=True, check=True).stdout.strip())
    except (OSError, subprocess.CalledProcessError):
        return {"git_commit": None, "dirty": None}
    return {"git_commit": commit, "dirty": dirty}


def tool_versions() -> dict:
    from importlib import metadata

    out = {"python": ".".join(map(str, sys.version_info[:3]))}
    for name in TOOLS:
        dist = {"tracegen": "trace-rlvr", "rlvr": "trace-rlvr", "lm_eval": "lm-eval"}.get(name, name)
        try:
            out[name] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            continue
    return out


def receipt_path(root, rule: str, wildcards: dict) -> Path:
    stem = ",".join(f"{k}={v}" for k, v in sorted(wildcards.items())) or "all"
    return Path(root) / rule / f"{stem}.json"


def _entries(pairs) -> list[dict]:
    out = []
    for name, path in pairs:
        out.append({"name": name, "path": str(path), **hash_path(path)})
    return out


@dataclass
class Job:
    rule: str
    wildcards: dict
    inputs: list          # [(name, path)]
    outputs: list         # [(name, path)]
    params: dict
    config_sha256: str | None
    container: str | None
    receipts_root: str = "receipts"


def run(job: Job, command: list[str]) -> int:
    """Run ``command`` (argv, or one shell string), then write the receipt and its timing sidecar."""
    shell = len(command) == 1
    cmd_text = command[0] if shell else shlex.join(command)
    start = time.time()
    status = subprocess.run(cmd_text if shell else command, shell=shell,
                            executable="/bin/bash" if shell else None).returncode
    end = time.time()
    container = None
    # Snakemake names a container for every rule; it is used only under --sdm apptainer, where
    # Apptainer sets APPTAINER_CONTAINER inside the job. Record the image only when it was used.
    if job.container and (os.environ.get("APPTAINER_CONTAINER") or os.environ.get("SINGULARITY_CONTAINER")):
        image = Path(job.container)
        container = {"image": job.container, "sha256": sha256_file(image) if image.is_file() else None}
    receipt = {
        "receipt_version": RECEIPT_VERSION,
        "rule": job.rule,
        "wildcards": dict(sorted(job.wildcards.items())),
        "command": cmd_text,
        "params": job.params,
        "config_sha256": job.config_sha256,
        "code": code_version(),
        "container": container,
        "tools": tool_versions(),
        "inputs": _entries(job.inputs),
        "outputs": _entries([(n, p) for n, p in job.outputs if Path(p).exists()]) if status == 0 else [],
        "exit_status": status,
    }
    path = receipt_path(job.receipts_root, job.rule, job.wildcards)
    if status != 0:
        path = path.with_suffix(".failed.json")
    write_atomic(path, canonical(receipt) + "\n")
    write_atomic(path.with_suffix(".timing.json"), canonical({
        "start": start, "end": end, "seconds": round(end - start, 3), "host": socket.gethostname()}) + "\n")
    if status == 0:
        missing = [p for _, p in job.outputs if not Path(p).exists()]
        if missing:
            print(f"rlvr receipt: {job.rule}: command succeeded but did not create {missing[0]}", file=sys.stderr)
            return 1
    return status


# ---------------------------------------------------------------------------- validation
def _check_results_rebuild(receipt_file, r) -> list[dict]:
    """results.json must be rebuilt byte-identically from the score files its receipt recorded."""
    from . import aggregate

    def problem(message):
        return [{"code": "R_RESULTS_REBUILD", "receipt": str(receipt_file), "path": results, "message": message}]

    inputs = {i["name"]: i["path"] for i in r["inputs"]}
    results = next((o["path"] for o in r["outputs"] if o["name"] == "results"), None)
    ordered = sorted(inputs.items(), key=lambda kv: _index(kv[0]))
    score_files = [p for n, p in ordered if n.startswith("scores[")]
    validation_files = [p for n, p in ordered if n.startswith("validation[")] or None
    if results is None or "suite" not in inputs or not score_files:
        return problem("the aggregate receipt does not name results, suite and score inputs")
    try:
        rebuilt = aggregate.dumps(aggregate.build_results(
            suite_path=inputs["suite"], score_files=score_files, models_json=json.dumps(r["params"]["models"]),
            seeds=r["params"].get("seeds"), validation_files=validation_files))
    except (aggregate.AggregateError, OSError, KeyError, ValueError) as e:
        return problem(f"rule aggregate cannot rebuild {results} from its recorded scores: {e}")
    if not Path(results).is_file() or Path(results).read_text(encoding="utf-8") != rebuilt:
        return problem(f"{results} is not what rule aggregate rebuilds from the recorded scores")
    return []


def _index(name: str) -> int:
    return int(name[name.index("[") + 1:-1]) if "[" in name else -1


def load_receipts(root) -> list[tuple[Path, dict]]:
    out = []
    for p in sorted(Path(root).rglob("*.json")):
        if p.name.endswith((".timing.json", ".failed.json")) or ".tmp" in p.name:
            continue
        out.append((p, json.loads(p.read_text(encoding="utf-8"))))
    return out


def validate(root="receipts", *, sources=(), expected=()) -> list[dict]:
    """Check every receipt under ``root``; return a list of problems (empty = valid).

    ``sources``: path prefixes allowed as chain roots (inputs no rule produced, e.g. ``config/``).
    ``expected``: (rule, wildcards) pairs that must have a receipt (e.g. the full eval grid).
    """
    problems: list[dict] = []

    def bad(code, receipt_file, path, message):
        problems.append({"code": code, "receipt": str(receipt_file), "path": path, "message": message})

    receipts = load_receipts(root)
    produced: dict[str, tuple[str, str]] = {}
    for rf, r in receipts:
        if r.get("receipt_version") != RECEIPT_VERSION:
            bad("R_FORMAT", rf, None, f"not a {RECEIPT_VERSION} receipt")
            continue
        if r["exit_status"] != 0:
            bad("R_FAILED", rf, None, f"rule {r['rule']} exited with status {r['exit_status']}")
        for out in r["outputs"]:
            if out["path"] in produced:
                bad("R_TWO_PRODUCERS", rf, out["path"], f"also produced by {produced[out['path']][1]}")
            produced[out["path"]] = (out["sha256"], r["rule"])
            if not Path(out["path"]).exists():
                bad("R_MISSING", rf, out["path"], f"output of rule {r['rule']} is missing")
                continue
            now = hash_path(out["path"])["sha256"]
            if now != out["sha256"]:
                bad("R_OUTPUT_CHANGED", rf, out["path"], f"output of rule {r['rule']} changed since it was produced")
    for rf, r in receipts:
        for inp in r.get("inputs", []):
            path = inp["path"]
            if path in produced:
                if produced[path][0] != inp["sha256"]:
                    bad("R_CHAIN", rf, path, f"rule {r['rule']} consumed a version of {path} that rule "
                                             f"{produced[path][1]} did not produce")
            elif any(path == s or path.startswith(s.rstrip("/") + "/") for s in sources):
                if Path(path).exists() and hash_path(path)["sha256"] != inp["sha256"]:
                    bad("R_SOURCE_CHANGED", rf, path, f"source {path} changed since rule {r['rule']} used it")
            else:
                bad("R_UNPRODUCED", rf, path, f"input {path} of rule {r['rule']} has no producing receipt")
    for rf, r in receipts:
        if r.get("rule") == "aggregate" and r.get("exit_status") == 0:
            problems.extend(_check_results_rebuild(rf, r))
    have = {(r["rule"], canonical(r["wildcards"])) for _, r in receipts}
    for rule, wc in expected:
        if (rule, canonical(dict(sorted(wc.items())))) not in have:
            bad("R_INCOMPLETE", receipt_path(root, rule, wc), None, f"no receipt for {rule} {wc}")
    return problems
