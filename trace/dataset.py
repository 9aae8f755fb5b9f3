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

from . import __version__, limits, registry
from .core.canonical import canonical_bytes, canonical_json, pretty_json, sha256_bytes, sha256_file
from .core.files import check_output, staged
from .formats import FORMAT, MANIFEST, RECORDS, schema_problem

MAX_DUPLICATE_RESAMPLES = 20
# Instances one build may ask for unless --max-instances says otherwise (the paper's 64,000-row train
# split and its 2,000-row validation split fit under it).
MAX_INSTANCES = 100_000
WINDOW_PER_WORKER = 64   # jobs in flight per worker: the plan is fed to the pool a window at a time


class ConfigError(ValueError):
    """A config problem, reported as one line."""


# ---------------------------------------------------------------------------- config
def check_config(cfg, *, max_instances: int | None = None) -> dict:
    if not isinstance(cfg, dict):
        raise ConfigError("config must be a mapping")
    if limits.nests_deeper(cfg):
        raise ConfigError(f"config nests deeper than {limits.MAX_NESTING} levels")
    problem = schema_problem(cfg, "config.schema.json")
    if problem:
        where, message = problem
        raise ConfigError(f"invalid config at {where or '(top level)'}: {message}")
    plan(cfg, max_instances=max_instances)  # resolves task ids and counts; ConfigError on unknown ids or too many
    return cfg


def load_config(path, *, max_instances: int | None = None) -> dict:
    import yaml

    try:   # a regular file of bounded size (a FIFO or /dev/zero is refused), YAML with bounded aliases
        text = limits.read_regular(path, limits.MAX_CONFIG_BYTES).decode("utf-8")
    except FileNotFoundError:
        raise ConfigError(f"config file not found: {path}") from None
    except UnicodeDecodeError as e:
        raise ConfigError(f"config {path} is not UTF-8 text (byte {e.start})") from None
    except limits.LimitError as e:
        raise ConfigError(f"config {e}") from None
    except OSError as e:
        raise ConfigError(f"cannot read config {path}: {e.strerror or e}") from None
    try:
        cfg = limits.load_yaml(text, f"config {path}")
    except yaml.YAMLError as e:
        raise ConfigError(f"config {path} is not valid YAML: {str(e).splitlines()[0]}") from None
    except limits.LimitError as e:
        raise ConfigError(str(e)) from None
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
              workers: int, progress: bool, replay: bool = True, replayed: bool = False) -> dict:
    """Write manifest and reports into ``staging`` and validate it; raise if invalid.  ``replayed``: the
    records were replayed before (merge's inputs), so the report says so without a second replay."""
    from . import validate as validate_mod

    files = {RECORDS: sha256_file(staging / RECORDS)}
    files.update({name: sha256_file(staging / name) for name in trace_files})
    dataset_id = validate_mod.content_address(files)
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
    report["replay"] = report["replay"] or replayed
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
    workers = limits.pool_size(workers or cfg.get("workers", 1))   # never more processes than CPUs
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


def _in_plan_order(inputs, owner: dict, jobs_plan):
    """``(input folder, task, its record lines, the input's trace reader)`` for every planned task an
    input holds, in plan order: an input's records of one task are one contiguous run of its
    records.jsonl (found in one pass), read with a seek; each input's trace lines are read forward."""
    from .validate import TraceShards

    runs, files, shards = [], [], []
    try:
        for d in map(Path, inputs):
            spans, offset, last = {}, 0, None
            files.append(limits.open_regular(d / RECORDS))
            shards.append(TraceShards(d))
            for line, _ in limits.lines(files[-1], limits.MAX_RECORD_LINE):
                task = json.loads(line)["task"]
                if task != last and task in spans:
                    raise ConfigError(f"cannot merge {d}: the records of {task} are not one run")
                start = spans[task][0] if task in spans else offset
                offset += len(line)
                spans[task], last = (start, offset), task
            runs.append(spans)
        for e in jobs_plan:
            i = owner.get(e["task"])
            if i is None:
                continue
            start, end = runs[i][e["task"]]
            files[i].seek(start)
            yield Path(inputs[i]), e["task"], _read_run(files[i], end), shards[i]
    finally:
        for f in files:
            f.close()
        for s in shards:
            s.close()


def _read_run(f, end: int):
    while f.tell() < end:
        yield f.readline()


def merge(inputs, output, *, force: bool = False, progress: bool = False, max_instances: int | None = None,
          replay: bool = True, workers: int = 1) -> dict:
    """Merge dataset shards (built from one config with disjoint ``domains``) into the dataset that config
    builds: the records come out in the config's plan order whatever the order of ``inputs``, so the
    merge of all shards equals the full build byte for byte.

    Every input is validated first -- manifest, hashes, schema, ids, image and trace paths inside the
    input and, unless ``replay=False`` (the inputs were replayed by a check the caller trusts), a replay
    of every record: nothing is copied from an invalid input, and the result is certified (validated
    without a second replay) only from inputs that were.  Each input must hold exactly the planned
    count of each of its tasks, and no task may come from two inputs.  Records keep their content (so
    instance ids are unchanged); trace lines are re-sharded and their references rewritten; images
    are copied.  The result is published atomically.
    """
    from . import validate as validate_mod

    output = Path(output)
    check_output(output, force)
    manifests = []
    for d in inputs:
        report = validate_mod.validate(d, replay=replay, workers=workers)
        if not report["ok"]:
            raise ConfigError(f"cannot merge {d}: {validate_mod.summary(report)}")
        manifests.append(json.loads(limits.read_regular(Path(d) / MANIFEST, limits.MAX_MANIFEST_BYTES)))
    cfg = manifests[0]["config"]
    if any(m["config"] != cfg for m in manifests):
        raise ConfigError("datasets to merge were built from different configs")
    try:
        full_plan = plan(check_config(dict(cfg), max_instances=max_instances), max_instances=max_instances)
    except ConfigError as e:
        raise ConfigError(f"cannot merge: the inputs' config is invalid: {e}") from None
    planned = {e["task"]: e["count"] for e in full_plan}
    owner: dict[str, int] = {}
    for i, (d, m) in enumerate(zip(inputs, manifests)):
        for task, count in m["counts"].items():
            if task in owner:
                raise ConfigError(f"{d} repeats tasks of an earlier input (e.g. {task})")
            if planned.get(task) != count:
                raise ConfigError(f"cannot merge {d}: it holds {count} records of {task}, its config plans "
                                  f"{planned.get(task, 0)}")
            owner[task] = i
    try:
        reports = [json.loads(limits.read_regular(Path(d) / "build_report.json", limits.MAX_MANIFEST_BYTES))["tasks"]
                   for d in inputs]
        missing = next(((d, t) for d, m, r in zip(inputs, manifests, reports) for t in m["counts"] if t not in r), None)
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise ConfigError(f"cannot merge: a build_report.json cannot be read ({type(e).__name__}: {e})") from None
    if missing:
        raise ConfigError(f"cannot merge {missing[0]}: its build_report.json has no entry for {missing[1]}")
    with staged(output, force=force) as staging:
        traces = _TraceWriter(staging, cfg.get("shard_size", 1000))
        counts, task_stats = {}, {}
        with open(staging / RECORDS, "wb") as rec_f:
            for d, task, lines, shards in _in_plan_order(inputs, owner, full_plan):
                for line in lines:
                    record = json.loads(line)
                    trace, why = shards.line(record["trace_ref"])
                    if why is not None:
                        raise ConfigError(f"cannot merge {d}: {why}")
                    record["trace_ref"] = traces.add(json.loads(trace))
                    for im in record["images"]:
                        dst = validate_mod.inside(staging, im["path"])
                        dst.parent.mkdir(parents=True, exist_ok=True)
                        shutil.copyfile(validate_mod.inside(d, im["path"]), dst)
                    rec_f.write(canonical_bytes(record) + b"\n")
                counts[task] = manifests[owner[task]]["counts"][task]
                task_stats[task] = reports[owner[task]][task]
        traces.flush()
        subsets = [m.get("subset") for m in manifests]
        subset = None if any(s is None for s in subsets) else {x for s in subsets for x in s["domains"]}
        full = {registry.meta(e["task"])["domain"] for e in full_plan}
        if subset is not None and subset >= full:
            subset = None
        manifest = _finalize(staging, cfg=cfg, subset=subset, trace_files=traces.files, counts=counts,
                             task_stats=task_stats, workers=1, progress=progress, replay=False, replayed=replay)
    return manifest
