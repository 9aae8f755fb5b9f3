#!/usr/bin/env python
"""Cost of the paper build (``config/datasets/paper-train.yaml`` + ``paper-validation.yaml``, 64 + 2
instances of every task), measured on samples and extrapolated.

    python bench/build_cost.py --per-task 1 4 --workers 2 [--out bench/build-cost.json]

For each sample size ``k`` the benchmark writes a copy of the train config asking for ``k`` instances
per task (same seed, split and tasks) and runs the data stage's commands on it exactly as
``rules/data.smk`` does, each as its own process: ``tracegen generate --only-domain D`` per domain (the
Slurm shards), ``tracegen merge --no-replay``, ``tracegen validate`` (with replay), ``tracegen export
--no-replay``, ``rlvr equivalence receipt``, and the independent regeneration check
(``reproduce_split``: one job, one worker, generate + export + receipt + compare).  Per step it records
CPU seconds (user + system of the step's whole process tree, from ``wait4``), wall seconds and the peak
RSS of the largest process in it; per sample the size on disk of the dataset folder and the parquet.

Extrapolation: from two sample sizes each step's cost is split into a fixed part and a part per
instance (``a + b * n``, a straight line through the two measurements), then evaluated at the paper's
64,000 + 2,000 instances.  Peak memory does not grow with the build (plans, records, traces and
validation are streamed: ``bench/plan_memory.py``), so the largest measured peak is reported as is.
What the line cannot see: at 64 per task a task with few distinct instances redraws duplicates more
often than at ``k``; the build report's attempts and duplicate redraws per instance at both sizes are
printed so the trend shows.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
PAPER = {"train": (ROOT / "config/datasets/paper-train.yaml", 64), "validation": (ROOT / "config/datasets/paper-validation.yaml", 2)}


def _bin(name: str) -> str:
    here = Path(sys.executable).with_name(name)
    return str(here) if here.exists() else name


def run(cmd: list[str], log) -> dict:
    """Run one step in its own session; CPU seconds of its tree, wall seconds, peak RSS (MB)."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    _, status, ru = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - t0
    if proc.returncode != 0:
        raise SystemExit(f"build_cost: step failed ({proc.returncode}): {' '.join(cmd)} (log: {log.name})")
    return {"cpu_s": ru.ru_utime + ru.ru_stime, "wall_s": wall, "peak_mb": ru.ru_maxrss / 1024}


def du(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


def domains(cfg: dict) -> list[str]:
    """The data stage's shards: the domains of the config's tasks, in plan order (rules/common.smk)."""
    from tracegen import dataset, registry

    out = []
    for entry in dataset.plan(cfg):
        d = registry.meta(entry["task"])["domain"]
        if d not in out:
            out.append(d)
    return out


def redraws(ds: Path) -> dict:
    """Sampling attempts and duplicate redraws per instance, from the build report."""
    tasks = json.loads((ds / "build_report.json").read_text())["tasks"].values()
    n = sum(t["count"] for t in tasks)
    return {"attempts_per_instance": sum(t["attempts"] for t in tasks) / n,
            "duplicates_per_instance": sum(t["duplicates_resampled"] for t in tasks) / n}


def sample(k: int, workers: int, work: Path, log, tasks=None) -> dict:
    """The data stage on the train config at ``k`` instances per task (of ``tasks`` only, when given)."""
    base = yaml.safe_load(PAPER["train"][0].read_text())
    cfg = dict(base, samples_per_task=k)
    if tasks:
        cfg["tasks"] = [{"id": t} for t in tasks]
    d = work / f"k{k}"
    d.mkdir()
    cfg_path = d / "config.yaml"
    cfg_path.write_text(yaml.safe_dump(cfg, sort_keys=False))
    tg, rl = _bin("tracegen"), _bin("rlvr")
    steps: dict[str, dict] = {}

    def add(name, m):
        s = steps.setdefault(name, {"cpu_s": 0.0, "wall_s": 0.0, "peak_mb": 0.0, "jobs": 0})
        s["cpu_s"] += m["cpu_s"]
        s["wall_s"] += m["wall_s"]
        s["peak_mb"] = max(s["peak_mb"], m["peak_mb"])
        s["jobs"] += 1

    groups = []
    for dom in domains(cfg):
        out = d / "groups" / dom
        add("generate_group", run([tg, "generate", str(cfg_path), "--only-domain", dom, "--workers", str(workers),
                                   "--quiet", "--force", "--output", str(out)], log))
        groups.append(str(out))
    ds, pq = d / "dataset", d / "parquet"
    add("merge_split", run([tg, "merge", *groups, "--no-replay", "--force", "--output", str(ds)], log))
    add("validate_split", run([tg, "validate", str(ds), "--workers", str(workers), "--quiet",
                               "--report", str(d / "validation.json")], log))
    add("export_split", run([tg, "export", str(ds), "--rows-per-shard", "4000", "--no-replay", "--force",
                             "--output", str(pq)], log))
    add("equivalence_split", run([rl, "equivalence", "receipt", str(pq), "--output", str(d / "equivalence.json")], log))
    rep = d / "reproduce"
    for cmd in ([tg, "generate", str(cfg_path), "--workers", "1", "--quiet", "--output", str(rep / "dataset")],
                [tg, "export", str(rep / "dataset"), "--rows-per-shard", "4000", "--no-replay", "--output", str(rep / "parquet")],
                [rl, "equivalence", "receipt", str(rep / "parquet"), "--output", str(rep / "equivalence.json")],
                [rl, "equivalence", "compare", str(d / "equivalence.json"), str(rep / "equivalence.json"),
                 "--output", str(d / "reproduced.json")]):
        add("reproduce_split", run(cmd, log))
    n = sum(1 for _ in (ds / "records.jsonl").open())
    result = {"per_task": k, "instances": n, "steps": steps,
              "dataset_bytes": du(ds), "parquet_bytes": du(pq),
              **redraws(ds)}
    shutil.rmtree(d)
    return result


def extrapolate(a: dict, b: dict, n: int) -> dict:
    """Each step's cost on a + b*n through the two samples, at n instances."""
    na, nb = a["instances"], b["instances"]
    out = {}
    for step in a["steps"]:
        sa, sb = a["steps"][step], b["steps"][step]
        per = (sb["cpu_s"] - sa["cpu_s"]) / (nb - na)
        fixed = sa["cpu_s"] - per * na
        out[step] = {"fixed_cpu_s": fixed, "cpu_s_per_instance": per, "cpu_s": fixed + per * n}
    out["total_cpu_s"] = sum(v["cpu_s"] for v in out.values())
    for key in ("dataset_bytes", "parquet_bytes"):
        out[key] = b[key] / nb * n
    out["peak_mb"] = max(s["peak_mb"] for s in (*a["steps"].values(), *b["steps"].values()))
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--per-task", type=int, nargs=2, default=(1, 4), metavar=("K1", "K2"),
                   help="two sample sizes, instances per task (default 1 4)")
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="generate/validate workers")
    p.add_argument("--tasks", nargs="+", metavar="ID",
                   help="sample these tasks only (a quick look; the extrapolation then scales their cost to every task)")
    p.add_argument("--out", type=Path, help="write the measurements and the extrapolation as JSON here")
    a = p.parse_args(argv)
    from tracegen import registry

    unknown = sorted(set(a.tasks or ()) - set(registry.task_ids()))
    if unknown:
        p.error(f"unknown task {unknown[0]}")
    k1, k2 = sorted(a.per_task)
    if k1 < 1 or k1 == k2:
        p.error("--per-task needs two different positive sizes")
    with tempfile.TemporaryDirectory(prefix="build-cost-") as tmp:
        work = Path(tmp)
        with open(work / "steps.log", "w") as log:
            s1, s2 = sample(k1, a.workers, work, log, a.tasks), sample(k2, a.workers, work, log, a.tasks)
    n_tasks = len(registry.task_ids())
    paper = {split: extrapolate(s1, s2, n_tasks * per) for split, (_, per) in PAPER.items()}
    res = {"workers": a.workers, "cpu": _cpu_model(), "tasks": n_tasks, "sampled_tasks": a.tasks or "all",
           "samples": [s1, s2], "paper": paper}
    for s in (s1, s2):
        print(f"sample {s['per_task']}/task: {s['instances']} instances, "
              + ", ".join(f"{k} {v['cpu_s']:.0f} CPU-s/{v['peak_mb']:.0f} MB" for k, v in s["steps"].items())
              + f"; dataset {s['dataset_bytes'] / 1e6:.0f} MB, parquet {s['parquet_bytes'] / 1e6:.0f} MB, "
              f"{s['attempts_per_instance']:.2f} attempts and {s['duplicates_per_instance']:.3f} duplicate redraws per instance")
    for split, e in paper.items():
        n = n_tasks * PAPER[split][1]
        print(f"paper {split} ({n} instances): {e['total_cpu_s'] / 3600:.2f} CPU-hours ("
              + ", ".join(f"{k} {v['cpu_s'] / 3600:.2f}" for k, v in e.items() if isinstance(v, dict))
              + f"), dataset {e['dataset_bytes'] / 1e9:.2f} GB, parquet {e['parquet_bytes'] / 1e9:.2f} GB, "
              f"peak {e['peak_mb']:.0f} MB per process")
    if a.out:
        a.out.write_text(json.dumps(res, indent=1) + "\n")
    return 0


def _cpu_model() -> str:
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown"


if __name__ == "__main__":
    sys.exit(main())
