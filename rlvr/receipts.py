"""Receipts: a hashed record of every pipeline job.

Snakemake hashes no outputs itself, so every rule runs its command through
``rlvr receipt ... -- COMMAND`` which hashes the inputs, runs the command under
``bash -euo pipefail -c``, checks that every declared output exists, hashes the outputs and only
then writes the success receipt

``receipts/<rule>/<k=v,...>.json`` (canonical JSON, byte-identical for identical work):
    receipt_version, rule, wildcards, command, shell, params, config_sha256,
    code {git_commit, dirty, source_sha256}, container {declared, ran, sha256} | null,
    tools {package: version}, inputs / outputs [{name, path, kind, size, sha256}]
    (a directory: sha256 of its sorted manifest of files, symbolic links and empty folders; see
    ``hash_path``), exit_status

A job that fails (non-zero exit, or a declared output missing) gets ``<stem>.failed.json`` instead,
never a success receipt. ``<stem>.timing.json`` (start, end, seconds, host) is kept apart so the
receipt itself stays deterministic. Rule names and wildcard values are checked before anything runs:
a receipt path can never leave the receipts root.

What a receipt proves, and how a whole chain is checked: ``rlvr.chain`` (validation) and
``rlvr.provenance`` (the Merkle root that ``results.json`` carries).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import socket
import stat
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from tracegen.core.canonical import canonical_json as canonical, sha256_file, sha256_json
from tracegen.core.files import write_atomic

RECEIPT_VERSION = "rlvr-receipt-v2"
SHELL = ("/bin/bash", "-euo", "pipefail", "-c")
# Snakemake drops an empty timestamp marker at the top of a directory output after a job: not content.
# Anywhere else (or with content) it is an ordinary file and is hashed like any other.
MARKER = ".snakemake_timestamp"
TOOLS = ("tracegen", "rlvr", "snakemake", "numpy", "pycairo", "pyarrow", "datasets", "torch", "transformers",
         "verl", "vllm", "lm_eval", "ray")
NAME_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,99}")
VALUE_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.@+-]{0,199}")
SOURCE_SUFFIXES = (".py", ".json", ".yaml", ".yml", ".tsv", ".txt", ".jinja")


class ReceiptError(ValueError):
    """A job description that cannot be receipted (one line)."""


# ---------------------------------------------------------------------------- hashing
class HashError(ReceiptError):
    """A path that cannot be hashed as an input or output: not a regular file, directory or symbolic link
    (a FIFO would block the reader), or a dangling link given as the path itself (one line)."""


def _kind(st) -> str | None:
    return "file" if stat.S_ISREG(st.st_mode) else "dir" if stat.S_ISDIR(st.st_mode) else \
        "symlink" if stat.S_ISLNK(st.st_mode) else None


def hash_path(path) -> dict:
    """{kind, size, sha256} of a file, or of a directory via its sorted manifest: ``[relpath, size, sha256]``
    per regular file, ``[relpath, "symlink", target]`` per symbolic link (never followed, like git) and
    ``[relpath/, "dir"]`` per empty directory; only Snakemake's empty top-level ``.snakemake_timestamp``
    marker is left out. ``size`` is the regular files' total. Anything else (a FIFO, a socket, a device)
    is refused with ``HashError`` before it is opened; so is a path that is itself a dangling link."""
    p = Path(path)
    try:
        st = p.stat()                   # the path itself may be a link (followed, like any path argument)
    except FileNotFoundError:
        if p.is_symlink():
            raise HashError(f"{p} is a dangling symbolic link (to {os.readlink(p)})") from None
        raise
    kind = _kind(st)
    if kind == "file":
        return {"kind": "file", "size": st.st_size, "sha256": sha256_file(p)}
    if kind != "dir":
        raise HashError(f"{p} is not a regular file or a directory")
    manifest = []
    for dirpath, dirnames, files in os.walk(p):   # links to directories are listed, never entered
        here = Path(dirpath)
        rel = here.relative_to(p).as_posix()
        if here != p and not dirnames and not files:
            manifest.append([rel + "/", "dir"])
        for name in sorted(dirnames + files):
            f = here / name
            lst = f.lstat()
            what = _kind(lst)
            if what == "dir":
                continue                                  # walked next
            relf = f.relative_to(p).as_posix()
            if what == "symlink":
                manifest.append([relf, "symlink", os.readlink(f)])
            elif what == "file":
                if name == MARKER and here == p and lst.st_size == 0:
                    continue
                manifest.append([relf, lst.st_size, sha256_file(f)])
            else:
                raise HashError(f"{f} (inside {p}) is not a regular file, directory or symbolic link")
        dirnames[:] = sorted(d for d in dirnames if not (here / d).is_symlink())
    manifest.sort()
    size = sum(m[1] for m in manifest if isinstance(m[1], int))
    return {"kind": "dir", "size": size, "sha256": sha256_json(manifest)}


def stray_markers(path) -> list[str]:
    """Snakemake timestamp markers inside a directory output that are not its own empty top-level one."""
    p = Path(path)
    if not p.is_dir():
        return []
    out = []
    for dirpath, _, files in os.walk(p):
        if MARKER in files:
            f = Path(dirpath) / MARKER
            if Path(dirpath) != p or f.stat().st_size != 0:
                out.append(f.as_posix())
    return sorted(out)


_SOURCE_SHA256: dict[str, str] = {}


def source_sha256() -> str:
    """sha256 over the sorted [package/relpath, sha256] of the installed tracegen and rlvr source files:
    the code that ran, content-addressed (also where no git checkout is at hand, e.g. in a container)."""
    if "v" not in _SOURCE_SHA256:
        import tracegen

        entries = []
        for name, pkg in (("tracegen", Path(tracegen.__file__).parent), ("rlvr", Path(__file__).parent)):
            for f in sorted(pkg.rglob("*")):
                if f.is_file() and f.suffix in SOURCE_SUFFIXES and "__pycache__" not in f.parts:
                    entries.append([f"{name}/{f.relative_to(pkg).as_posix()}", sha256_file(f)])
        _SOURCE_SHA256["v"] = sha256_json(entries)
    return _SOURCE_SHA256["v"]


def code_version(root=".") -> dict:
    commit = dirty = None
    try:
        commit = subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True, text=True,
                                check=True).stdout.strip()
        dirty = bool(subprocess.run(["git", "-C", str(root), "status", "--porcelain", "--untracked-files=no"],
                                    capture_output=True, text=True, check=True).stdout.strip())
    except (OSError, subprocess.CalledProcessError):
        commit = dirty = None
    return {"git_commit": commit, "dirty": dirty, "source_sha256": source_sha256()}


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


def image_digest(image) -> str | None:
    """sha256 of a container image: from envs/images.lock.json (written by containers/build.sh, whose paths
    carry the digest) when it lists the path, else by hashing the file when it is readable here."""
    lock = Path("envs/images.lock.json")
    if lock.is_file():
        try:
            for entry in json.loads(lock.read_text(encoding="utf-8")).get("images", {}).values():
                if isinstance(entry, dict) and entry.get("path") == image and entry.get("sha256"):
                    return entry["sha256"]
        except (OSError, ValueError, AttributeError):
            pass
    p = Path(image)
    return sha256_file(p) if p.is_file() else None


def container_record(declared: str | None) -> dict | None:
    """The container the job actually ran in (Apptainer sets APPTAINER_CONTAINER inside it) beside the one
    the rule declared; null when neither. The directive is only used under ``--sdm apptainer``."""
    ran = os.environ.get("APPTAINER_CONTAINER") or os.environ.get("SINGULARITY_CONTAINER") or None
    if not declared and not ran:
        return None
    return {"declared": declared, "ran": ran, "sha256": image_digest(ran) if ran else None}


# ---------------------------------------------------------------------------- paths
def check_name(kind: str, name: str) -> str:
    if not isinstance(name, str) or not NAME_RE.fullmatch(name):
        raise ReceiptError(f"{kind} {name!r} is not a plain identifier ([A-Za-z_][A-Za-z0-9_]*)")
    return name


def check_value(key: str, value: str) -> str:
    if not isinstance(value, str) or not VALUE_RE.fullmatch(value):
        raise ReceiptError(f"wildcard {key}={value!r} may only use letters, digits and _ . @ + - "
                           "(no path separators, no leading dot)")
    return value


def receipt_stem(wildcards: dict) -> str:
    return ",".join(f"{k}={v}" for k, v in sorted(wildcards.items())) or "all"


def receipt_path(root, rule: str, wildcards: dict) -> Path:
    """receipts/<rule>/<k=v,...>.json; refuses names that could leave ``root``."""
    check_name("rule", rule)
    for k, v in wildcards.items():
        check_name("wildcard name", k)
        check_value(k, v)
    base = Path(root)
    path = base / rule / f"{receipt_stem(wildcards)}.json"
    if not path.resolve().is_relative_to(base.resolve()):
        raise ReceiptError(f"receipt path {path} leaves the receipts root {root}")
    return path


def sidecar(path: Path, kind: str) -> Path:
    """<stem>.failed.json / <stem>.timing.json beside a receipt path."""
    return path.with_name(path.name[: -len(".json")] + f".{kind}.json")


# ---------------------------------------------------------------------------- writing
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


def add_job_arguments(parser):
    """The ``rlvr receipt`` arguments that describe a job (also how ``rlvr.dag`` reads a planned job back
    from the workflow's shell command)."""
    parser.add_argument("--rule", required=True)
    parser.add_argument("--wildcard", action="append", metavar="K=V")
    parser.add_argument("--input", action="append", metavar="NAME=PATH")
    parser.add_argument("--output", action="append", metavar="NAME=PATH")
    parser.add_argument("--params", help="JSON object of the rule's params")
    parser.add_argument("--config-hash", help="sha256 of the effective (canonical JSON) study config")
    parser.add_argument("--container", help="the container image the rule declares")
    parser.add_argument("--receipts", default="receipts", help="receipts root")
    parser.add_argument("command", nargs=argparse.REMAINDER,
                        help="-- COMMAND: one shell string, or an argv; run with bash -euo pipefail -c")
    return parser


def _pairs(items, what):
    out = []
    for item in items or []:
        name, sep, value = item.partition("=")
        if not sep or not name:
            raise ReceiptError(f"{what} must be NAME=VALUE, got {item!r}")
        out.append((name, value))
    return out


def job_from_args(a) -> tuple[Job, list[str]]:
    """(Job, command) from parsed ``add_job_arguments``; ``ReceiptError`` names what is wrong."""
    command = a.command[1:] if a.command[:1] == ["--"] else list(a.command)
    if not command or not any(c.strip() for c in command):
        raise ReceiptError("give the command to run after --")
    try:
        params = json.loads(a.params) if a.params else {}
    except json.JSONDecodeError as e:
        raise ReceiptError(f"--params is not JSON: {e}") from None
    if not isinstance(params, dict):
        raise ReceiptError("--params must be a JSON object")
    job = Job(rule=a.rule, wildcards=dict(_pairs(a.wildcard, "--wildcard")), inputs=_pairs(a.input, "--input"),
              outputs=_pairs(a.output, "--output"), params=params, config_sha256=a.config_hash,
              container=a.container, receipts_root=a.receipts)
    return job, command


def _entries(pairs) -> list[dict]:
    return [{"name": name, "path": str(path), **hash_path(path)} for name, path in pairs]


def command_text(command: list[str]) -> str:
    """The one string bash runs: a single argument is a shell script, several are an argv (quoted)."""
    return command[0] if len(command) == 1 else shlex.join(command)


def run(job: Job, command: list[str]) -> int:
    """Hash inputs, run ``command`` under ``bash -euo pipefail -c``, check the outputs exist, hash them,
    then write the receipt (or ``.failed.json``) and its timing sidecar. Returns the exit status."""
    path = receipt_path(job.receipts_root, job.rule, job.wildcards)   # refuses bad names before running
    names = [n for n, _ in job.inputs + job.outputs]
    for n in names:
        if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*(\[\d+\])?", n):
            raise ReceiptError(f"input/output name {n!r} is not an identifier (optionally with [index])")
    absent = [p for _, p in job.inputs if not Path(p).exists()]
    if absent:
        raise ReceiptError(f"rule {job.rule}: input {absent[0]} does not exist")
    inputs = _entries(job.inputs)
    text = command_text(command)
    start = time.time()
    status = subprocess.run([*SHELL, text]).returncode
    end = time.time()
    error, outputs = None, []
    if status != 0:
        error = f"command exited with status {status}"
    else:
        missing = [p for _, p in job.outputs if not Path(p).exists()]
        if missing:
            error = f"command succeeded but did not create {missing[0]}"
            status = 1
        else:
            try:
                outputs = _entries(job.outputs)
            except HashError as e:
                error, status = f"command succeeded but an output cannot be hashed: {e}", 1
    receipt = {
        "receipt_version": RECEIPT_VERSION,
        "rule": job.rule,
        "wildcards": dict(sorted(job.wildcards.items())),
        "command": text,
        "shell": " ".join(SHELL[:3]) + " -c",
        "params": job.params,
        "config_sha256": job.config_sha256,
        "code": code_version(),
        "container": container_record(job.container),
        "tools": tool_versions(),
        "inputs": inputs,
        "outputs": outputs,
        "exit_status": status,
    }
    failed = sidecar(path, "failed")
    if error is None:
        write_atomic(path, canonical(receipt) + "\n")
        failed.unlink(missing_ok=True)
    else:
        receipt["error"] = error
        receipt["declared_outputs"] = [{"name": n, "path": str(p)} for n, p in job.outputs]
        write_atomic(failed, canonical(receipt) + "\n")
        path.unlink(missing_ok=True)
        print(f"rlvr receipt: {job.rule}: {error}", file=sys.stderr)
    write_atomic(sidecar(path, "timing"), canonical({
        "start": start, "end": end, "seconds": round(end - start, 3), "host": socket.gethostname()}) + "\n")
    return status


# ---------------------------------------------------------------------------- reading
def load_receipts(root) -> list[tuple[Path, dict]]:
    """Every well-formed success receipt under ``root`` (see ``rlvr.chain.scan`` for the strict view)."""
    out = []
    if not Path(root).is_dir():
        return out
    for p in sorted(Path(root).rglob("*.json")):
        if p.name.endswith((".timing.json", ".failed.json")) or p.name.startswith(".") or ".tmp" in p.name:
            continue
        if p.is_symlink() or not p.is_file():   # never opened: a FIFO would block (chain.scan reports it)
            continue
        try:
            obj = json.loads(p.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValueError):
            continue
        if isinstance(obj, dict):
            out.append((p, obj))
    return out
