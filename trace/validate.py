"""Validating a dataset directory.

Every problem is reported with a machine-readable code:

==================== ==========================================================
E_MISSING            a required file (manifest, records, image, trace shard) is absent
E_MANIFEST           the manifest is unreadable or names a wrong format
E_FILE_HASH          a file's sha256 differs from the manifest (records, trace shards)
E_JSON               a record line is not valid JSON
E_SCHEMA             a record violates the shipped JSON Schema
E_INSTANCE_ID        instance_id is not the hash of the record's model-facing content
E_DUPLICATE_ID       two records share an instance_id
E_UNKNOWN_TASK       the record names a task this version does not know
E_IMAGE_HASH         an image's sha256 differs from the record
E_IMAGE_SIZE         an image's PNG header disagrees with the recorded width/height
E_TRACE_REF          the trace line is missing or its sha256 differs
E_REPLAY             re-running the task program on the trace disagrees with the record
E_PROMPT             the re-rendered image does not show what the prompt says (a colour, shape or line
                     style it names; see ``core.claims``)
E_ANNOTATION_BOUNDS  an annotation coordinate lies outside the image
E_COUNT              per-task record counts differ from the manifest
E_PATH               a file the manifest or a record names lies outside the dataset (``..``, a
                     symlink out, an absolute path)
==================== ==========================================================

Records are checked as a stream, a window at a time (with workers, a window per pool round), and only
the trace shard being read is held in memory: validation memory does not grow with the dataset.
"""

from __future__ import annotations

import gzip
import itertools
import json
import struct
from collections import Counter
from pathlib import Path

from . import registry
from .core.canonical import sha256_bytes, sha256_file

MAX_LISTED_ERRORS = 1000
WINDOW = 512   # records whose images/traces are checked per round


class PathEscape(ValueError):
    """A path named by data leaves the folder it must stay in."""


def inside(root, rel) -> Path:
    """``root / rel`` when it is a relative path that resolves (symlinks included) inside ``root``;
    PathEscape otherwise. Every path read from a manifest or record goes through here."""
    if not isinstance(rel, str) or not rel or "\x00" in rel or rel.startswith(("/", "\\")):
        raise PathEscape(f"path {rel!r} is not a relative path inside {root}")
    base = Path(root).resolve()
    target = (base / rel).resolve()
    if not target.is_relative_to(base) or target == base:
        raise PathEscape(f"path {rel!r} leaves the dataset {root}")
    return Path(root) / rel


class ValidationFailed(RuntimeError):
    def __init__(self, report: dict):
        self.report = report
        super().__init__(summary(report))


def summary(report: dict) -> str:
    if report["ok"]:
        return f"OK: {report['num_records']} records valid"
    counts = ", ".join(f"{k}×{v}" for k, v in sorted(report["error_counts"].items()))
    first = report["errors"][0]
    return f"INVALID: {sum(report['error_counts'].values())} problems ({counts}); first: {first['code']} {first['message']}"


def _png_size(path: Path):
    with open(path, "rb") as f:
        head = f.read(24)
    if len(head) < 24 or head[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    return struct.unpack(">II", head[16:24])


def _check_heavy(args):
    """Per-record checks that read images and traces and replay the program (run in workers)."""
    from .core import annotation as ann
    from .core import engine

    root, line_no, record, trace_line, replay = args
    root = Path(root)
    errs = []

    def err(code, msg):
        errs.append({"code": code, "line": line_no, "instance_id": record.get("instance_id"), "message": msg})

    for im in record["images"]:
        try:
            path = inside(root, im["path"])
        except PathEscape as e:
            err("E_PATH", f"image {e}")
            continue
        if not path.is_file():
            err("E_MISSING", f"image {im['path']} is missing")
            continue
        if sha256_file(path) != im["sha256"]:
            err("E_IMAGE_HASH", f"image {im['path']} sha256 differs from the record")
        if _png_size(path) != (im["width"], im["height"]):
            err("E_IMAGE_SIZE", f"image {im['path']} is not a {im['width']}x{im['height']} PNG")
    w, h = record["images"][0]["width"], record["images"][0]["height"]
    bad = list(ann.out_of_bounds(record["annotation_gt"]["type"], record["annotation_gt"]["value"], w, h))
    if bad:
        err("E_ANNOTATION_BOUNDS", f"annotation point {bad[0]} outside the {w}x{h} image")
    ref = record["trace_ref"]
    if trace_line is None:
        err("E_TRACE_REF", f"trace {ref['shard']} line {ref['line']} does not exist")
        return errs
    if sha256_bytes(trace_line) != ref["sha256"]:
        err("E_TRACE_REF", f"trace {ref['shard']} line {ref['line']} sha256 differs from the record")
        return errs
    if replay:
        try:
            trace = json.loads(trace_line)
            agree = engine.replay(record, trace, registry.get(record["task"]))
        except Exception as e:  # a corrupt trace must be reported, not crash validation
            err("E_REPLAY", f"replay failed: {type(e).__name__}: {e}")
        else:
            off = [k for k, ok in agree.items() if not ok and k != "prompt"]
            if off:
                err("E_REPLAY", f"replay disagrees on {', '.join(off)}")
            if not agree["prompt"]:
                err("E_PROMPT", "the image does not show what the prompt names (tracegen.core.claims)")
    return errs


def validate(root, *, replay: bool = True, workers: int = 1, progress: bool = False) -> dict:
    import jsonschema
    from tqdm import tqdm

    from .formats import FORMAT, MANIFEST, RECORDS, schema

    root = Path(root)
    errors: list[dict] = []

    def err(code, msg, line=None, iid=None):
        errors.append({"code": code, "line": line, "instance_id": iid, "message": msg})

    def report(num_records=0, per_task=None, dataset_id=None):
        counts = Counter(e["code"] for e in errors)
        return {"ok": not errors, "dataset_id": dataset_id, "num_records": num_records,
                "error_counts": dict(sorted(counts.items())), "errors": errors[:MAX_LISTED_ERRORS],
                "per_task": dict(sorted((per_task or {}).items()))}

    try:
        manifest = json.loads((root / MANIFEST).read_text(encoding="utf-8"))
    except FileNotFoundError:
        err("E_MISSING", f"{MANIFEST} is missing (not a tracegen dataset: {root})")
        return report()
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        err("E_MANIFEST", f"{MANIFEST} is not valid JSON: {e}")
        return report()
    if (not isinstance(manifest, dict) or manifest.get("format") != FORMAT or not isinstance(manifest.get("files"), dict)
            or not isinstance(manifest.get("counts", {}), dict)):
        err("E_MANIFEST", f"{MANIFEST} does not describe a {FORMAT} dataset")
        return report()
    for name, digest in sorted(manifest["files"].items()):
        try:
            path = inside(root, name)
        except PathEscape as e:
            err("E_PATH", f"{MANIFEST} names a file outside the dataset: {e}")
            continue
        if not path.is_file():
            err("E_MISSING", f"{name} is missing")
        elif sha256_file(path) != digest:
            err("E_FILE_HASH", f"{name} sha256 differs from the manifest")
    if not (root / RECORDS).is_file():
        return report(dataset_id=manifest.get("dataset_id"))

    validator = jsonschema.Draft202012Validator(schema("record.schema.json"))
    from .core import engine

    current: dict = {}   # the one trace shard held in memory: {name: lines | None}

    def trace_line(ref):
        if ref["shard"] not in current:
            current.clear()
            try:
                with gzip.open(inside(root, ref["shard"]), "rb") as f:
                    current[ref["shard"]] = f.read().split(b"\n")[:-1]
            except (OSError, EOFError, PathEscape):
                current[ref["shard"]] = None
        lines = current[ref["shard"]]
        return lines[ref["line"]] if lines is not None and ref["line"] < len(lines) else None

    seen: dict[str, int] = {}
    per_task: Counter = Counter()
    n = 0

    def light(f):
        """Per-line checks; yields the heavy-check arguments of records that pass them."""
        nonlocal n
        for line_no, raw in enumerate(f, start=1):
            n += 1
            try:
                record = json.loads(raw)
            except (json.JSONDecodeError, UnicodeDecodeError) as e:
                err("E_JSON", f"record line {line_no} is not valid JSON: {e}", line_no)
                continue
            problems = sorted(validator.iter_errors(record), key=lambda e: list(e.absolute_path))
            if problems:
                p = problems[0]
                where = "/".join(str(x) for x in p.absolute_path) or "(record)"
                err("E_SCHEMA", f"record line {line_no} at {where}: {p.message[:200]}", line_no,
                    record.get("instance_id") if isinstance(record, dict) else None)
                continue
            iid = record["instance_id"]
            per_task[record["task"]] += 1
            if engine.instance_id(record) != iid:
                err("E_INSTANCE_ID", f"record line {line_no}: instance_id does not match its content", line_no, iid)
            if iid in seen:
                err("E_DUPLICATE_ID", f"record line {line_no} repeats the instance of line {seen[iid]}", line_no, iid)
            seen.setdefault(iid, line_no)
            try:
                registry.meta(record["task"])
            except registry.UnknownTask:
                err("E_UNKNOWN_TASK", f"record line {line_no}: unknown task {record['task']}", line_no, iid)
                continue
            yield (str(root), line_no, record, trace_line(record["trace_ref"]), replay)

    pool = None
    if workers > 1:
        import multiprocessing as mp

        pool = mp.get_context("fork").Pool(workers)
    try:
        with open(root / RECORDS, "rb") as f, tqdm(disable=not progress, desc="validate", unit="rec") as bar:
            stream = light(f)
            while True:
                window = list(itertools.islice(stream, WINDOW))
                if not window:
                    break
                results = pool.imap(_check_heavy, window, chunksize=8) if pool else map(_check_heavy, window)
                for errs in results:
                    errors.extend(errs)
                    bar.update()
    finally:
        if pool is not None:
            pool.close()
            pool.join()

    expected = manifest.get("counts", {})
    for task in sorted(set(expected) | set(per_task)):
        if expected.get(task, 0) != per_task.get(task, 0):
            err("E_COUNT", f"{task}: {per_task.get(task, 0)} records, manifest says {expected.get(task, 0)}")
    if manifest.get("num_records") != n:
        err("E_COUNT", f"{n} record lines, manifest says {manifest.get('num_records')}")
    return report(n, per_task, manifest.get("dataset_id"))
