"""Render one task of every scene at several ``max_side`` values and print the PNG hashes (JSON).

Run as a program by ``tests/test_render_history.py``, in one of two ways:

* ``--fresh``: every (task, max_side) is rendered in its own newly forked process whose parent has
  rendered nothing (cairo and fontconfig start untouched there): what a process rendering only
  that task draws;
* ``--order forward|reverse``: everything is rendered in this one process, one after another, so
  every render but the first follows renders of other scenes at other sizes.

Output: ``{"<task> <max_side>": sha256, ...}``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing as mp
import sys

SEED = 11


def one_task_per_scene() -> list[str]:
    from tracegen import registry

    first: dict[str, str] = {}
    for tid in registry.task_ids():
        m = registry.meta(tid)
        first.setdefault(f"{m['domain']}/{m['scene_id']}", tid)
    return [first[k] for k in sorted(first)]


def render(job) -> tuple[str, str]:
    from tracegen import registry
    from tracegen.core import engine

    task, max_side = job
    inst = engine.generate(registry.get(task), seed=SEED, split="train", index=0, max_side=max_side)
    return f"{task} {max_side}", hashlib.sha256(inst.png()).hexdigest()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--max-side", type=int, action="append", required=True)
    group = ap.add_mutually_exclusive_group(required=True)
    group.add_argument("--fresh", action="store_true")
    group.add_argument("--order", choices=("forward", "reverse"))
    ap.add_argument("--workers", type=int, default=2)
    a = ap.parse_args(argv)
    jobs = [(t, s) for s in a.max_side for t in one_task_per_scene()]
    if a.fresh:
        # a new process per render, forked from this one, which has imported every scene and drawn nothing
        from tracegen import registry

        for task, _ in jobs:
            registry.get(task)
        with mp.get_context("fork").Pool(a.workers, maxtasksperchild=1) as pool:
            out = dict(pool.imap_unordered(render, jobs))
    else:
        out = dict(map(render, jobs if a.order == "forward" else jobs[::-1]))
    json.dump(out, sys.stdout, sort_keys=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
