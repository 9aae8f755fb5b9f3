"""Building a dataset directory from a config.

Layout of a finished dataset (written to a staging folder, validated, then renamed)::

    DATASET/
      dataset.json             manifest: dataset_id, config, versions, counts, sha256 of every file but images
      records.jsonl            one canonical-JSON record per line
      images/<task>/<split>-<index>.png
      traces/shard-NNNNN.jsonl.gz   execution traces (state, params, render spec, steps, witnesses)
      build_report.json        attempts and rejection reasons per task
      validation_report.json   the validator's report

Output bytes depend only on the config (not on ``workers``): instances are generated in a
fixed order and written by the parent process in that order.

Bounded: a config asking for more than ``MAX_INSTANCES`` instances (or one task for more) is refused
before anything is planned (``--max-instances`` raises the limit explicitly); the job plan is a stream
fed to the workers a window at a time, and records, traces and validation are streamed too, so memory
does not grow with the number of instances (see bench/plan_memory.py and the README).

Publishing is atomic and safe against concurrent builds (``tracegen.core.files.staged``): a build writes into
``.<name>.staging-<host>-<pid>`` beside the output and renames it into place under a lock on the parent
folder; without ``--force`` the second of two builds into one output fails saying so; ``--force`` never
replaces a file (only a dataset folder); staging/old folders left by dead processes on this host are
removed at the next build.
"""

from __future__ import annotations

import gzip
import io
import itertools
import json
import shutil
from collections import Counter
from pathlib import Path

from . import __version__, registry
from .core.canonical import canonical_bytes, canonical_json, pretty_json, sha256_bytes, sha256_file
from .core.files import check_output, staged

FORMAT = "tracegen-dataset-v1"
RECORDS = "records.jsonl"
MANIFEST = "dataset.json"
MAX_DUPLICATE_RESAMPLES = 20
# Instances one build may ask for unless --max-instances says otherwise (the paper's 64,000-row train
# split and its 2,000-row validation split fit under it).
MAX_INSTANCES = 100_000
WINDOW_PER_WORKER = 64   # jobs in flight per worker: the plan is fed to the pool a window at a time


class ConfigError(ValueError):
    """A config problem, reported as one line."""


# ---------------------------------------------------------------------------- config
def _schema(name: str) -> dict:
    with open(Path(__file__).with_name("schemas") / name, encoding="utf-8") as f:
        return json.load(f)


def check_config(cfg, *, max_instances: int | None = None) -> dict:
    import jsonschema

    if not isinstance(cfg, dict):
        raise ConfigError("config must be a mapping")
    try:
        jsonschema.validate(cfg, _schema("config.schema.json"))
    except jsonschema.ValidationError as e:
        where = "/".join(str(p) for p in e.absolute_path) or "(top level)"
        raise ConfigError(f"invalid config at {where}: {e.message}") from None
    plan(cfg, max_instances=max_instances)  # resolves task ids and counts; ConfigError on unknown ids or too many
    return cfg


def load_config(path, *, max_instances: int | None = None) -> dict:
    import yaml

    try:
        with open(path, encoding="utf-8") as f:
            cfg = yaml.safe_load(f)
    except FileNotFoundError:
        raise ConfigError(f"config file not found: {path}") from None
    except IsADirectoryError:
        raise ConfigError(f"config {path} is a directory, not a YAML file") from None
    except UnicodeDecodeError as e:
        raise ConfigError(f"config {path} is not UTF-8 text (byte {e.start})") from None
    except yaml.YAMLError as e:
        raise ConfigError(f"config {path} is not valid YAML: {str(e).splitlines()[0]}") from None
    except OSError as e:
        raise ConfigError(f"cannot read config {path}: {e.strerror or e}") from None
    return check_config(cfg, max_instances=max_instances)


def _limit(n: int, max_instances: int | None, what: str) -> None:
    limit = MAX_INSTANCES if max_instances is None else max_instances
    if n > limit:
        raise ConfigError(f"{what} asks for {n:,} instances, more than the limit of {limit:,} "
                          f"(pass --max-instances {n} to allow it)")


def plan(cfg: dict, *, max_instances: int | None = None) -> list[dict]:
    """Expand the config into an ordered list of {task, count, difficulty, query_id}.

    Refuses (ConfigError) a config whose instance count exceeds ``max_instances`` (default
    ``MAX_INSTANCES``) before distributing any count."""
    default_count = cfg.get("samples_per_task")
    if isinstance(cfg.get("total"), int):
        _limit(cfg["total"], max_instances, "the config's total")
    entries, seen = [], set()
    # an explicit {id: ...} entry overrides the same task inside a domain/scene/all group
    explicit = {item["id"] for item in cfg["tasks"] if "id" in item}
    for item in cfg["tasks"]:
        if "id" in item:
            try:
                registry.meta(item["id"])
            except registry.UnknownTask as e:
                raise ConfigError(str(e)) from None
            ids = [item["id"]]
        elif "domain" in item:
            ids = registry.task_ids(domain=item["domain"])
        elif "scene" in item:
            dom, _, scene = item["scene"].partition("/")
            ids = registry.task_ids(domain=dom, scene=scene)
        else:
            ids = registry.task_ids()
        if not ids:
            raise ConfigError(f"task entry {canonical_json(item)} matches no task")
        if "id" not in item:
            ids = [t for t in ids if t not in explicit]
        for tid in ids:
            if tid in seen:
                raise ConfigError(f"task {tid} is listed more than once")
            seen.add(tid)
            if "query_id" in item and item["query_id"] not in registry.meta(tid)["query_ids"]:
                raise ConfigError(f"query id {item['query_id']!r} is not a query of {tid}")
            entries.append({"task": tid, "count": item.get("count", default_count), "weight": item.get("weight"),
                            "difficulty": item.get("difficulty", cfg.get("difficulty")),
                            "query_id": item.get("query_id")})
    fixed_total = sum(e["count"] for e in entries if e["count"] is not None)
    _limit(fixed_total, max_instances, "the config")
    weighted = [e for e in entries if e["count"] is None]
    if weighted:
        total = cfg.get("total")
        if total is None:
            raise ConfigError("tasks without 'count' need 'samples_per_task' or 'total' with weights")
        fixed = sum(e["count"] for e in entries if e["count"] is not None)
        remaining = total - fixed
        if remaining < len(weighted):
            raise ConfigError(f"total {total} leaves {remaining} instances for {len(weighted)} weighted tasks")
        weights = [e["weight"] or 1.0 for e in weighted]
        shares = [remaining * w / sum(weights) for w in weights]
        counts = [max(1, int(s)) for s in shares]
        order = sorted(range(len(weighted)), key=lambda i: (-(shares[i] - int(shares[i])), i))
        k = 0
        while sum(counts) < remaining:
            counts[order[k % len(order)]] += 1
            k += 1
        for e, n in zip(weighted, counts):
            e["count"] = n
    return [{k: v for k, v in e.items() if k != "weight"} for e in entries]


# ---------------------------------------------------------------------------- generation
def _job(args):
    """Worker: generate one instance, write its PNG, return (record, trace, stats)."""
    from .core import engine

    task_id, index, seed, split, difficulty, query_id, max_side, max_attempts, staging, salt = args
    spec = registry.get(task_id)
    rel = f"images/{task_id}/{split}-{index:06d}.png"
    inst = engine.generate(spec, seed=seed, split=split, index=index, difficulty=difficulty, query_id=query_id,
                           max_side=max_side, max_attempts=max_attempts, image_path=rel, salt=salt)
    path = Path(staging) / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(inst.png())
    return inst.record, inst.trace, inst.attempts, dict(inst.rejections)


class _TraceWriter:
    """gzip'd JSON-lines shards with fixed headers (mtime 0, no file name) for byte-stable output."""

    def __init__(self, root: Path, shard_size: int):
        self.root, self.shard_size = root, shard_size
        self.files: list[str] = []
        self._buf: io.BytesIO | None = None
        self._n = 0

    def add(self, trace: dict) -> dict:
        if self._buf is None or self._n == self.shard_size:
            self.flush()
            self._buf, self._n = io.BytesIO(), 0
        line = canonical_bytes(trace)
        ref = {"shard": f"traces/shard-{len(self.files):05d}.jsonl.gz", "line": self._n, "sha256": sha256_bytes(line)}
        self._buf.write(line + b"\n")
        self._n += 1
        return ref

    def flush(self):
        if self._buf is None:
            return
        name = f"traces/shard-{len(self.files):05d}.jsonl.gz"
        path = self.root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0,
                                                     compresslevel=6) as gz:
            gz.write(self._buf.getvalue())
        self.files.append(name)
        self._buf = None


def software_versions() -> dict:
    import cairo
    import numpy

    return {"tracegen": __version__, "numpy": numpy.__version__, "pycairo": cairo.version,
            "cairo": cairo.cairo_version_string()}


def _finalize(staging: Path, *, cfg: dict, subset, trace_files, counts: dict, task_stats: dict,
              workers: int, progress: bool, replay: bool = True) -> dict:
    """Write manifest and reports into ``staging`` and validate it; raise if invalid."""
    from . import validate as validate_mod

    files = {RECORDS: sha256_file(staging / RECORDS)}
    files.update({name: sha256_file(staging / name) for name in trace_files})
    dataset_id = "trace-" + sha256_bytes(canonical_bytes(files))[:16]
    num = sum(counts.values())
    manifest = {
        "format": FORMAT,
        "dataset_id": dataset_id,
        "split": cfg.get("split", "train"),
        "seed": cfg["seed"],
        "config": {k: v for k, v in cfg.items() if k != "workers"},
        "versions": software_versions(),
        "num_records": num,
        "counts": counts,
        "files": files,
    }
    if subset:
        manifest["subset"] = {"domains": sorted(subset)}
    (staging / MANIFEST).write_text(pretty_json(manifest), encoding="utf-8")
    (staging / "build_report.json").write_text(
        pretty_json({"dataset_id": dataset_id, "num_records": num, "tasks": task_stats}), encoding="utf-8")
    report = validate_mod.validate(staging, workers=workers, progress=progress, replay=replay)
    (staging / "validation_report.json").write_text(pretty_json(report), encoding="utf-8")
    if not report["ok"]:
        raise validate_mod.ValidationFailed(report)
    return manifest


def job_args(jobs_plan, *, seed, split, max_side, max_attempts, staging):
    """The build's jobs, one tuple per instance, as a stream (never a list: bounded memory)."""
    for e in jobs_plan:
        for i in range(e["count"]):
            yield (e["task"], i, seed, split, e["difficulty"], e["query_id"], max_side, max_attempts, str(staging), 0)


def _windows(iterable, size):
    it = iter(iterable)
    while True:
        window = list(itertools.islice(it, size))
        if not window:
            return
        yield window


def _results(args, workers):
    """(job, result) in plan order; with workers, the pool is fed one window of jobs at a time."""
    if workers == 1:
        for a in args:
            yield a, _job(a)
        return
    import multiprocessing as mp

    with mp.get_context("fork").Pool(workers) as pool:
        for window in _windows(args, workers * WINDOW_PER_WORKER):
            yield from zip(window, pool.imap(_job, window, chunksize=max(1, min(16, len(window) // (workers * 8)))))


def build(cfg: dict, output, *, workers: int | None = None, progress: bool = True, force: bool = False,
          domains=None, max_instances: int | None = None) -> dict:
    """Generate, validate and atomically publish a dataset directory. Returns the manifest.

    ``domains`` restricts the build to the config's tasks of those domains (a shard of the
    full build; ``merge`` of all shards in plan order equals the full build byte for byte).
    """
    from tqdm import tqdm

    cfg = check_config(dict(cfg), max_instances=max_instances)
    output = Path(output)
    workers = workers or cfg.get("workers", 1)
    seed, split = cfg["seed"], cfg.get("split", "train")
    max_side, max_attempts = cfg.get("max_side"), cfg.get("max_attempts", 200)
    jobs_plan = plan(cfg, max_instances=max_instances)
    if domains:
        jobs_plan = [e for e in jobs_plan if registry.meta(e["task"])["domain"] in set(domains)]
        if not jobs_plan:
            raise ConfigError(f"the config has no tasks in domains {sorted(domains)}")
    with staged(output, force=force) as staging:
        total = sum(e["count"] for e in jobs_plan)
        args = job_args(jobs_plan, seed=seed, split=split, max_side=max_side, max_attempts=max_attempts,
                        staging=staging)
        traces = _TraceWriter(staging, cfg.get("shard_size", 1000))
        stats = {e["task"]: {"count": 0, "attempts": 0, "rejections": Counter(), "duplicates_resampled": 0}
                 for e in jobs_plan}
        seen: set[str] = set()
        with open(staging / RECORDS, "wb") as rec_f:
            for a, (record, trace, attempts, rejections) in tqdm(_results(args, workers), total=total,
                                                                 disable=not progress, desc="generate", unit="inst"):
                st = stats[a[0]]
                salt = 0
                while record["instance_id"] in seen:  # resample an identical instance (tiny state spaces)
                    salt += 1
                    if salt > MAX_DUPLICATE_RESAMPLES:
                        raise RuntimeError(f"{a[0]}: cannot draw a distinct instance for index {a[1]}")
                    st["duplicates_resampled"] += 1
                    record, trace, attempts, rejections = _job(a[:-1] + (salt,))
                seen.add(record["instance_id"])
                record["trace_ref"] = traces.add(trace)
                rec_f.write(canonical_bytes(record) + b"\n")
                st["count"] += 1
                st["attempts"] += attempts
                st["rejections"].update(rejections)
        traces.flush()
        task_stats = {t: {"count": s["count"], "attempts": s["attempts"],
                          "rejections": dict(sorted(s["rejections"].items())),
                          "duplicates_resampled": s["duplicates_resampled"]} for t, s in stats.items()}
        manifest = _finalize(staging, cfg=cfg, subset=domains, trace_files=traces.files,
                             counts={t: s["count"] for t, s in stats.items()}, task_stats=task_stats,
                             workers=workers, progress=progress)
    return manifest


def merge(inputs, output, *, force: bool = False, progress: bool = False, max_instances: int | None = None) -> dict:
    """Concatenate dataset shards (built from one config with disjoint ``domains``) in the given order.

    Every input is validated first (manifest, hashes, schema, ids, image and trace paths inside the
    input; replay already ran when each shard was built): nothing is copied from an invalid input.
    Records keep their content (so instance ids are unchanged); trace lines are re-sharded and
    their references rewritten; images are copied.  The result is validated and published atomically.
    """
    from . import validate as validate_mod

    output = Path(output)
    check_output(output, force)
    manifests = []
    for d in inputs:
        report = validate_mod.validate(d, replay=False)
        if not report["ok"]:
            raise ConfigError(f"cannot merge {d}: {validate_mod.summary(report)}")
        manifests.append(json.loads((Path(d) / MANIFEST).read_text(encoding="utf-8")))
    cfg = manifests[0]["config"]
    if any(m["config"] != cfg for m in manifests):
        raise ConfigError("datasets to merge were built from different configs")
    try:
        check_config(dict(cfg), max_instances=max_instances)
    except ConfigError as e:
        raise ConfigError(f"cannot merge: the inputs' config is invalid: {e}") from None
    seen_tasks: set[str] = set()
    for d, m in zip(inputs, manifests):
        overlap = seen_tasks & set(m["counts"])
        if overlap:
            raise ConfigError(f"{d} repeats tasks of an earlier input (e.g. {sorted(overlap)[0]})")
        seen_tasks |= set(m["counts"])
    with staged(output, force=force) as staging:
        traces = _TraceWriter(staging, cfg.get("shard_size", 1000))
        counts, task_stats = {}, {}
        with open(staging / RECORDS, "wb") as rec_f:
            for d, m in zip(inputs, manifests):
                d = Path(d)
                shard_name, shard_lines = None, []   # only the current trace shard is held in memory
                for line in open(d / RECORDS, "rb"):
                    record = json.loads(line)
                    ref = record["trace_ref"]
                    if ref["shard"] != shard_name:
                        with gzip.open(validate_mod.inside(d, ref["shard"]), "rb") as f:
                            shard_name, shard_lines = ref["shard"], f.read().split(b"\n")
                    record["trace_ref"] = traces.add(json.loads(shard_lines[ref["line"]]))
                    for im in record["images"]:
                        dst = validate_mod.inside(staging, im["path"])
                        dst.parent.mkdir(parents=True, exist_ok=True)
                        shutil.copyfile(validate_mod.inside(d, im["path"]), dst)
                    rec_f.write(canonical_bytes(record) + b"\n")
                counts.update(m["counts"])
                task_stats.update(json.loads((d / "build_report.json").read_text(encoding="utf-8"))["tasks"])
        traces.flush()
        subsets = [m.get("subset") for m in manifests]
        subset = None if any(s is None for s in subsets) else {x for s in subsets for x in s["domains"]}
        full = {registry.meta(t)["domain"] for t in (e["task"] for e in plan(cfg, max_instances=max_instances))}
        if subset is not None and subset >= full:
            subset = None
        manifest = _finalize(staging, cfg=cfg, subset=subset, trace_files=traces.files, counts=counts,
                             task_stats=task_stats, workers=1, progress=progress, replay=False)
    return manifest
