#!/usr/bin/env python
"""Peak memory of a 66,000-instance build: the job plan and the build loop, without drawing.

    python bench/plan_memory.py [--instances 66000]

Each measurement runs in a fresh process and reports its peak RSS (``ru_maxrss``) and the peak above
the same process's RSS after imports:

* ``plan-streamed``: the config is expanded (``dataset.plan``) and every job of the build is drawn from
  the stream ``dataset.job_args`` in the windows the worker pool is fed (``dataset._windows``);
* ``plan-list``: the same jobs held in one list, as the build did before (for comparison);
* ``build-loop``: ``dataset.build`` end to end on a throw-away folder with drawing replaced by a stub
  that returns a synthetic record (~2 kB) and trace (~4 kB) per instance, and validation skipped: the
  plan, the ordered result stream, the duplicate-id set, the record and trace writers and publishing.
  Rendering one instance and validating a window of records (``validate.WINDOW``) are per-item costs
  that do not grow with the number of instances.

The config asks for ``--instances`` instances spread over every task (``total`` with equal weights);
the limit check (``--max-instances``) is raised to fit.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile

MODES = ("plan-streamed", "plan-list", "build-loop")


def _rss_kb() -> int:
    with open("/proc/self/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def child(mode: str, n: int) -> dict:
    from tracegen import dataset, registry

    cfg = {"seed": 1, "split": "train", "tasks": [{"all": True}], "total": n, "shard_size": 1000}
    registry.task_ids()
    base = _rss_kb()
    if mode == "plan-streamed":
        entries = dataset.plan(cfg, max_instances=n)
        jobs = dataset.job_args(entries, seed=1, split="train", max_side=None, max_attempts=200, staging="s")
        count = sum(len(w) for w in dataset._windows(jobs, 2 * dataset.WINDOW_PER_WORKER))
    elif mode == "plan-list":
        entries = dataset.plan(cfg, max_instances=n)
        jobs = list(dataset.job_args(entries, seed=1, split="train", max_side=None, max_attempts=200,
                                     staging="s"))
        count = len(jobs)
    else:
        import hashlib

        def job(a):
            task, index = a[0], a[1]
            iid = hashlib.sha256(f"{task}/{index}".encode()).hexdigest()
            record = {"instance_id": iid, "task": task, "index": index, "prompts": {"answer_only": "x" * 1500},
                      "images": [{"path": f"images/{task}/train-{index:06d}.png", "sha256": iid,
                                  "width": 512, "height": 512}]}
            return record, {"state": {"values": list(range(400))}, "steps": ["y" * 2000]}, 1, {}

        dataset._job = job
        dataset._finalize = lambda staging, **kw: {"dataset_id": "bench", "num_records": sum(kw["counts"].values())}
        with tempfile.TemporaryDirectory() as d:
            manifest = dataset.build(cfg, f"{d}/out", progress=False, max_instances=n, workers=1)
        count = manifest["num_records"]
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {"mode": mode, "instances": count, "peak_rss_mb": round(peak / 1024, 1),
            "peak_above_imports_mb": round((peak - base) / 1024, 1)}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--instances", type=int, nargs="+", default=[6_600, 66_000],
                   help="sizes to measure (two sizes show how memory grows with the instance count)")
    p.add_argument("--mode", choices=MODES, help=argparse.SUPPRESS)
    a = p.parse_args(argv)
    if a.mode:
        print(json.dumps(child(a.mode, a.instances[0])))
        return 0
    print("mode\tinstances\tpeak_rss_mb\tpeak_above_imports_mb")
    for mode in MODES:
        for n in a.instances:
            r = subprocess.run([sys.executable, __file__, "--mode", mode, "--instances", str(n)],
                               capture_output=True, text=True, check=True)
            row = json.loads(r.stdout)
            print(f"{mode}\t{n}\t{row['peak_rss_mb']}\t{row['peak_above_imports_mb']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
