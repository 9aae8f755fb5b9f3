"""Validating a dataset directory.

Every problem is reported with a machine-readable code:

==================== ==========================================================
E_MISSING            a required file (manifest, records, image, trace shard) is absent
E_MANIFEST           the manifest is unreadable, names a wrong format, breaks its schema, or disagrees
                     with the data: ``files`` must list exactly records.jsonl and the trace shards the
                     records use, ``dataset_id`` must be their content address, and every record's
                     split and dataset seed must be the manifest's
E_FILE_HASH          a file's sha256 differs from the manifest (records, trace shards)
E_JSON               a record line is not valid JSON
E_SCHEMA             a record violates the shipped JSON Schema
E_INSTANCE_ID        instance_id is not the hash of the record's model-facing content
E_DUPLICATE_ID       two records share an instance_id
E_UNKNOWN_TASK       the record names a task this version does not know
E_IMAGE_HASH         an image's sha256 differs from the record
E_IMAGE_SIZE         an image's PNG header disagrees with the recorded width/height, or claims more
                     pixels than ``tracegen.limits`` allows
E_TRACE_REF          the trace line is missing, too long, out of order or its sha256 differs
E_REPLAY             re-running the task program on the trace disagrees with the record
E_PROMPT             the re-rendered image does not show what the prompt says (a colour, shape or line
                     style it names; see ``core.claims``)
E_ANNOTATION_BOUNDS  an annotation coordinate lies outside the image
E_COUNT              per-task record counts differ from the manifest, or there are no records
E_PATH               a file the manifest or a record names lies outside the dataset (``..``, a
                     symlink out, an absolute path)
==================== ==========================================================

Records are checked as a stream, a window at a time (with workers, a window per pool round); trace
shards are read forward a line at a time (records use their trace lines in order), so validation memory
does not grow with the dataset, and every file is read within the bounds of ``tracegen.limits``
(regular files only, bounded line lengths and nesting, PNG headers within the image limits).
"""

from __future__ import annotations

import gzip
import itertools
import json
import zlib
from collections import Counter
from pathlib import Path

from . import limits, registry
from .core.canonical import canonical_bytes, sha256_bytes, sha256_file

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


def content_address(files: dict) -> str:
    """A dataset's id: ``trace-`` + 16 hex digits of the sha256 of its manifest's ``files`` (the
    sha256 of records.jsonl and of every trace shard; the records carry the image hashes)."""
    return "trace-" + sha256_bytes(canonical_bytes(files))[:16]


class TraceShards:
    """Trace lines by reference, read forward a line at a time from the one shard open (records use
    their trace lines in increasing order); each line is at most ``limits.MAX_TRACE_LINE`` bytes."""

    def __init__(self, root):
        self.root, self._name, self._raw, self._file, self._next = Path(root), None, None, None, 0

    def line(self, ref) -> tuple[bytes | None, str | None]:
        """(the line without its newline, None) or (None, why it cannot be read)."""
        shard, n = ref["shard"], ref["line"]
        try:
            if shard != self._name or n < self._next:
                self.close()
                self._raw = limits.open_regular(inside(self.root, shard))
                self._file = gzip.GzipFile(fileobj=self._raw, mode="rb")
                self._name, self._next = shard, 0
            while True:
                line = limits.read_line(self._file, limits.MAX_TRACE_LINE, f"trace {shard}")
                if line is None:
                    self.close()
                    return None, f"trace {shard} line {n} does not exist"
                self._next += 1
                if self._next > n:
                    return line[:-1], None
        except (OSError, EOFError, zlib.error, PathEscape, limits.LimitError) as e:
            self.close()
            return None, f"trace {shard} line {n} cannot be read: {e}"

    def close(self) -> None:
        for f in (self._file, self._raw):
            if f is not None:
                f.close()
        self._name, self._raw, self._file, self._next = None, None, None, 0


def _check_heavy(args):
    """Per-record checks that read images and traces and replay the program (run in workers)."""
    from .core import annotation as ann
    from .core import engine

    root, line_no, record, trace_line, replay = args   # trace_line: bytes, or why it cannot be read
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
        try:
            with limits.open_regular(path) as f:
                size = limits.png_size(f.read(24), f"image {im['path']}")
        except FileNotFoundError:
            err("E_MISSING", f"image {im['path']} is missing")
            continue
        except limits.LimitError as e:
            err("E_IMAGE_SIZE", str(e))
            continue
        except OSError as e:
            err("E_MISSING", f"image {im['path']} cannot be read: {e.strerror or e}")
            continue
        if sha256_file(path) != im["sha256"]:
            err("E_IMAGE_HASH", f"image {im['path']} sha256 differs from the record")
        if size != (im["width"], im["height"]):
            err("E_IMAGE_SIZE", f"image {im['path']} is not a {im['width']}x{im['height']} PNG")
    w, h = record["images"][0]["width"], record["images"][0]["height"]
    bad = list(ann.out_of_bounds(record["annotation_gt"]["type"], record["annotation_gt"]["value"], w, h))
    if bad:
        err("E_ANNOTATION_BOUNDS", f"annotation point {bad[0]} outside the {w}x{h} image")
    ref = record["trace_ref"]
    if isinstance(trace_line, str):   # why the line cannot be read
        err("E_TRACE_REF", trace_line)
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
    """Check a dataset directory; returns the report (``ok``, ``replay``, error counts and the first
    ``MAX_LISTED_ERRORS`` errors).  ``replay=False`` skips re-running the task programs: it trusts that
    the records' content (answer, annotation, image) is what the programs make."""
    from tqdm import tqdm

    from .formats import FORMAT, MANIFEST, RECORDS, schema_problem, validator

    root = Path(root)
    errors: list[dict] = []

    def err(code, msg, line=None, iid=None):
        errors.append({"code": code, "line": line, "instance_id": iid, "message": msg})

    def report(num_records=0, per_task=None, dataset_id=None):
        counts = Counter(e["code"] for e in errors)
        return {"ok": not errors, "dataset_id": dataset_id, "num_records": num_records, "replay": bool(replay),
                "error_counts": dict(sorted(counts.items())), "errors": errors[:MAX_LISTED_ERRORS],
                "per_task": dict(sorted((per_task or {}).items()))}

    try:
        manifest = json.loads(limits.read_regular(inside(root, MANIFEST), limits.MAX_MANIFEST_BYTES))
    except PathEscape as e:
        err("E_PATH", f"{MANIFEST}: {e}")
        return report()
    except FileNotFoundError:
        err("E_MISSING", f"{MANIFEST} is missing (not a tracegen dataset: {root})")
        return report()
    except (ValueError, RecursionError) as e:   # JSON, UTF-8, a limit
        err("E_MANIFEST", f"{MANIFEST} is not valid JSON: {e}" if isinstance(e, json.JSONDecodeError) else
            f"{MANIFEST} cannot be read: {e if isinstance(e, ValueError) else 'it nests too deeply'}")
        return report()
    except OSError as e:
        err("E_MISSING", f"{MANIFEST} cannot be read: {e.strerror or e}")
        return report()
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        err("E_MANIFEST", f"{MANIFEST} does not describe a {FORMAT} dataset")
        return report()
    for part, value, name in (("", manifest, "manifest.schema.json"), ("config/", manifest.get("config"),
                                                                        "config.schema.json")):
        problem = schema_problem(value, name)
        if problem:
            err("E_MANIFEST", f"{MANIFEST} at {(part + problem[0]).rstrip('/') or '(top level)'}: {problem[1]}")
            return report()
    if (manifest["config"]["seed"], manifest["config"].get("split", "train")) != (manifest["seed"], manifest["split"]):
        err("E_MANIFEST", f"{MANIFEST}: seed and split differ from its config's")
    files, dataset_id = manifest["files"], manifest["dataset_id"]
    if content_address(files) != dataset_id:
        err("E_MANIFEST", f"{MANIFEST}: dataset_id {dataset_id} is not the content address of its files "
                          f"({content_address(files)})")
    for name, digest in sorted(files.items()):
        try:
            path = inside(root, name)
        except PathEscape as e:
            err("E_PATH", f"{MANIFEST} names a file outside the dataset: {e}")
            continue
        if not path.is_file():
            err("E_MISSING", f"{name} is missing or not a regular file")
        elif sha256_file(path) != digest:
            err("E_FILE_HASH", f"{name} sha256 differs from the manifest")

    records_schema = validator("record.schema.json")
    from .core import engine

    shards = TraceShards(root)
    used_shards: set[str] = set()
    last_ref = ("", -1)
    seen: dict[str, int] = {}
    per_task: Counter = Counter()
    n = 0

    def light(f):
        """Per-line checks; yields the heavy-check arguments of records that pass them."""
        nonlocal n, last_ref
        for line_no, (raw, too_long) in enumerate(limits.lines(f, limits.MAX_RECORD_LINE), start=1):
            n += 1
            if too_long:
                err("E_JSON", f"record line {line_no} is longer than {limits.MAX_RECORD_LINE:,} bytes", line_no)
                continue
            try:
                record = json.loads(raw)
            except (ValueError, RecursionError) as e:
                err("E_JSON", f"record line {line_no} is not valid JSON: {e}", line_no)
                continue
            if limits.nests_deeper(record):
                err("E_JSON", f"record line {line_no} nests deeper than {limits.MAX_NESTING} levels", line_no)
                continue
            problems = sorted(records_schema.iter_errors(record), key=lambda e: list(map(str, e.absolute_path)))
            if problems:
                p = problems[0]
                where = "/".join(str(x) for x in p.absolute_path) or "(record)"
                err("E_SCHEMA", f"record line {line_no} at {where}: {p.message[:200]}", line_no,
                    record.get("instance_id") if isinstance(record, dict) else None)
                continue
            iid, ref = record["instance_id"], record["trace_ref"]
            per_task[record["task"]] += 1
            if (record["split"], record["dataset_seed"]) != (manifest["split"], manifest["seed"]):
                err("E_MANIFEST", f"record line {line_no}: split / dataset_seed differ from {MANIFEST}", line_no, iid)
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
            used_shards.add(ref["shard"])
            if (ref["shard"], ref["line"]) <= last_ref:
                err("E_TRACE_REF", f"record line {line_no}: trace {ref['shard']} line {ref['line']} is not after "
                                   "the previous record's (records use their trace lines in order)", line_no, iid)
                continue
            last_ref = (ref["shard"], ref["line"])
            line, why = shards.line(ref)
            yield (str(root), line_no, record, line if why is None else why, replay)

    pool = None
    if workers > 1:
        import multiprocessing as mp

        pool = mp.get_context("fork").Pool(limits.pool_size(workers))
    try:
        with limits.open_regular(inside(root, RECORDS)) as f, tqdm(disable=not progress, desc="validate",
                                                                    unit="rec") as bar:
            stream = light(f)
            while True:
                window = list(itertools.islice(stream, WINDOW))
                if not window:
                    break
                results = pool.imap(_check_heavy, window, chunksize=8) if pool else map(_check_heavy, window)
                for errs in results:
                    errors.extend(errs)
                    bar.update()
    except (PathEscape, FileNotFoundError):
        pass   # reported with the manifest's files (which must list records.jsonl)
    except (OSError, limits.LimitError) as e:
        err("E_MISSING", f"{RECORDS} cannot be read: {e.strerror if isinstance(e, OSError) and e.strerror else e}")
    finally:
        shards.close()
        if pool is not None:
            pool.close()
            pool.join()

    for name in sorted(used_shards - set(files)):
        err("E_MANIFEST", f"{MANIFEST} does not list {name}, which the records use")
    for name in sorted(set(files) - used_shards - {RECORDS}):
        err("E_MANIFEST", f"{MANIFEST} lists {name}, which no record uses")
    expected = manifest["counts"]
    for task in sorted(set(expected) | set(per_task)):
        if expected.get(task, 0) != per_task.get(task, 0):
            err("E_COUNT", f"{task}: {per_task.get(task, 0)} records, manifest says {expected.get(task, 0)}")
    if manifest["num_records"] != n:
        err("E_COUNT", f"{n} record lines, manifest says {manifest['num_records']}")
    return report(n, per_task, dataset_id)
