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
"""

from __future__ import annotations

import gzip
import io
import json
import os
import shutil
from collections import Counter
from pathlib import Path

from . import __version__, registry
from .core.canonical import canonical_bytes, canonical_json, sha256_bytes, sha256_file

FORMAT = "tracegen-dataset-v1"
RECORDS = "records.jsonl"
MANIFEST = "dataset.json"
MAX_DUPLICATE_RESAMPLES = 20


class ConfigError(ValueError):
    """A config problem, reported as one line."""


# ---------------------------------------------------------------------------- config
def _schema(name: str) -> dict:
    with open(Path(__file__).with_name("schemas") / name, encoding="utf-8") as f:
        return json.load(f)


def check_config(cfg) -> dict:
    import jsonschema

    if not isinstance(cfg, dict):
        raise ConfigError("config must be a mapping")
    try:
        jsonschema.validate(cfg, _schema("config.schema.json"))
    except jsonschema.ValidationError as e:
        where = "/".join(str(p) for p in e.absolute_path) or "(top level)"
        raise ConfigError(f"invalid config at {where}: {e.message}") from None
    plan(cfg)  # resolves task ids and counts, raising ConfigError on unknown ids
    return cfg


def load_config(path) -> dict:
    import yaml

    try:
        with open(path, encoding="utf-8") as f:
            cfg = yaml.safe_load(f)
    except FileNotFoundError:
        raise ConfigError(f"config file not found: {path}") from None
    except yaml.YAMLError as e:
        raise ConfigError(f"config {path} is not valid YAML: {str(e).splitlines()[0]}") from None
    return check_config(cfg)


def plan(cfg: dict) -> list[dict]:
    """Expand the config into an ordered list of {task, count, difficulty, query_id}."""
    default_count = cfg.get("samples_per_task")
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


def _staging_for(output: Path, force: bool) -> Path:
    if output.exists() and not force:
        raise FileExistsError(f"output {output} already exists (use --force to replace it)")
    staging = output.parent / f".{output.name}.staging-{os.getpid()}"
    if staging.exists():
        shutil.rmtree(staging)
    staging.mkdir(parents=True)
    return staging


def _publish(staging: Path, output: Path) -> None:
    """Atomically move a finished staging folder into place (replacing an old output)."""
    if output.exists():
        trash = output.parent / f".{output.name}.old-{os.getpid()}"
        output.rename(trash)
        staging.rename(output)
        shutil.rmtree(trash)
    else:
        staging.rename(output)


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
    _write_json(staging / MANIFEST, manifest)
    _write_json(staging / "build_report.json", {"dataset_id": dataset_id, "num_records": num, "tasks": task_stats})
    report = validate_mod.validate(staging, workers=workers, progress=progress, replay=replay)
    _write_json(staging / "validation_report.json", report)
    if not report["ok"]:
        raise validate_mod.ValidationFailed(report)
    return manifest


def build(cfg: dict, output, *, workers: int | None = None, progress: bool = True, force: bool = False,
          domains=None) -> dict:
    """Generate, validate and atomically publish a dataset directory. Returns the manifest.

    ``domains`` restricts the build to the config's tasks of those domains (a shard of the
    full build; ``merge`` of all shards in plan order equals the full build byte for byte).
    """
    from tqdm import tqdm

    cfg = check_config(dict(cfg))
    output = Path(output)
    workers = workers or cfg.get("workers", 1)
    seed, split = cfg["seed"], cfg.get("split", "train")
    max_side, max_attempts = cfg.get("max_side"), cfg.get("max_attempts", 200)
    jobs_plan = plan(cfg)
    if domains:
        jobs_plan = [e for e in jobs_plan if registry.meta(e["task"])["domain"] in set(domains)]
        if not jobs_plan:
            raise ConfigError(f"the config has no tasks in domains {sorted(domains)}")
    staging = _staging_for(output, force)
    try:
        args = [(e["task"], i, seed, split, e["difficulty"], e["query_id"], max_side, max_attempts, str(staging), 0)
                for e in jobs_plan for i in range(e["count"])]
        traces = _TraceWriter(staging, cfg.get("shard_size", 1000))
        stats = {e["task"]: {"count": 0, "attempts": 0, "rejections": Counter(), "duplicates_resampled": 0}
                 for e in jobs_plan}
        seen: set[str] = set()
        with open(staging / RECORDS, "wb") as rec_f:
            results = map(_job, args) if workers == 1 else None
            pool = None
            if workers > 1:
                import multiprocessing as mp

                pool = mp.get_context("fork").Pool(workers)
                results = pool.imap(_job, args, chunksize=max(1, min(16, len(args) // (workers * 8) or 1)))
            try:
                for a, (record, trace, attempts, rejections) in tqdm(zip(args, results), total=len(args),
                                                                     disable=not progress, desc="generate",
                                                                     unit="inst"):
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
            finally:
                if pool is not None:
                    pool.close()
                    pool.join()
        traces.flush()
        task_stats = {t: {"count": s["count"], "attempts": s["attempts"],
                          "rejections": dict(sorted(s["rejections"].items())),
                          "duplicates_resampled": s["duplicates_resampled"]} for t, s in stats.items()}
        manifest = _finalize(staging, cfg=cfg, subset=domains, trace_files=traces.files,
                             counts={t: s["count"] for t, s in stats.items()}, task_stats=task_stats,
                             workers=workers, progress=progress)
        _publish(staging, output)
        return manifest
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


def merge(inputs, output, *, force: bool = False, progress: bool = False) -> dict:
    """Concatenate dataset shards (built from one config with disjoint ``domains``) in the given order.

    Records keep their content (so instance ids are unchanged); trace lines are re-sharded and
    their references rewritten; images are copied.  The result is validated (hashes, schema,
    ids, counts; replay already ran on each shard) and published atomically.
    """
    output = Path(output)
    manifests = []
    for d in inputs:
        try:
            manifests.append(json.loads((Path(d) / MANIFEST).read_text(encoding="utf-8")))
        except FileNotFoundError:
            raise ConfigError(f"{d} is not a tracegen dataset (no {MANIFEST})") from None
    cfg = manifests[0]["config"]
    if any(m["config"] != cfg for m in manifests):
        raise ConfigError("datasets to merge were built from different configs")
    seen_tasks: set[str] = set()
    for d, m in zip(inputs, manifests):
        overlap = seen_tasks & set(m["counts"])
        if overlap:
            raise ConfigError(f"{d} repeats tasks of an earlier input (e.g. {sorted(overlap)[0]})")
        seen_tasks |= set(m["counts"])
    staging = _staging_for(output, force)
    try:
        traces = _TraceWriter(staging, cfg.get("shard_size", 1000))
        counts, task_stats = {}, {}
        with open(staging / RECORDS, "wb") as rec_f:
            for d, m in zip(inputs, manifests):
                d = Path(d)
                shards: dict[str, list[bytes]] = {}
                for line in open(d / RECORDS, "rb"):
                    record = json.loads(line)
                    ref = record["trace_ref"]
                    if ref["shard"] not in shards:
                        with gzip.open(d / ref["shard"], "rb") as f:
                            shards[ref["shard"]] = f.read().split(b"\n")
                    record["trace_ref"] = traces.add(json.loads(shards[ref["shard"]][ref["line"]]))
                    for im in record["images"]:
                        dst = staging / im["path"]
                        dst.parent.mkdir(parents=True, exist_ok=True)
                        shutil.copyfile(d / im["path"], dst)
                    rec_f.write(canonical_bytes(record) + b"\n")
                counts.update(m["counts"])
                task_stats.update(json.loads((d / "build_report.json").read_text(encoding="utf-8"))["tasks"])
        traces.flush()
        subsets = [m.get("subset") for m in manifests]
        subset = None if any(s is None for s in subsets) else {x for s in subsets for x in s["domains"]}
        full = {registry.meta(t)["domain"] for t in (e["task"] for e in plan(cfg))}
        if subset is not None and subset >= full:
            subset = None
        manifest = _finalize(staging, cfg=cfg, subset=subset, trace_files=traces.files, counts=counts,
                             task_stats=task_stats, workers=1, progress=progress, replay=False)
        _publish(staging, output)
        return manifest
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


def _write_json(path: Path, obj) -> None:
    path.write_text(json.dumps(obj, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")
