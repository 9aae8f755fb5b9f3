"""What a task costs to write: lines per task program and per scene, by tranche.

A task program is the function registered by ``@task`` (decorator to last line, blank lines and comments
included, as a reader sees it); a scene's lines are those of every module under ``trace/domains/`` that
holds its scene class or its task programs. Tasks are grouped by the catalog tranche of their id; scenes
into "tranche-1 scenes" (any task in tranche 1) and "new scenes" (all of their tasks in later tranches).

    .venv/bin/python bench/task_cost.py --tranches ../shared/reference/catalog/tranche{1,2}.txt
"""

from __future__ import annotations

import argparse
import inspect
import statistics
import sys
from pathlib import Path

from tracegen import registry


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tranches", nargs="+", type=Path, required=True, help="tranche files, in order")
    a = ap.parse_args(argv)
    tranche_of = {}
    for k, f in enumerate(a.tranches, 1):
        if not f.is_file():
            print(f"task_cost: no tranche file {f}", file=sys.stderr)
            return 2
        for tid in f.read_text().split():
            tranche_of.setdefault(tid, k)
    per_task: dict[int, list[int]] = {}
    scenes: dict[tuple, dict] = {}  # (domain, scene) -> {"files": set, "tranche": lowest, "tasks": n}
    for tid in registry.task_ids():
        t = tranche_of.get(tid)
        if t is None:
            continue
        spec = registry.get(tid)
        fn = inspect.unwrap(spec.fn)
        src, _ = inspect.getsourcelines(fn)
        per_task.setdefault(t, []).append(len(src))
        s = scenes.setdefault((spec.domain, spec.scene_id), {"files": set(), "tranche": t, "tasks": 0})
        s["files"] |= {inspect.getsourcefile(fn), inspect.getsourcefile(type(spec.scene))}
        s["tranche"] = min(s["tranche"], t)
        s["tasks"] += 1
    print("| tasks | n | median lines per task program |")
    print("|---|---|---|")
    for t in sorted(per_task):
        print(f"| tranche {t} | {len(per_task[t])} | {statistics.median(per_task[t]):g} |")
    print()
    print("| scenes | n | median lines per scene (its modules) | median tasks per scene |")
    print("|---|---|---|---|")
    for label, keep in (("tranche-1 scenes", lambda t: t == 1), ("new scenes", lambda t: t > 1)):
        rows = [s for s in scenes.values() if keep(s["tranche"])]
        if rows:
            lines = [sum(len(Path(f).read_text(encoding="utf-8").splitlines()) for f in s["files"]) for s in rows]
            print(f"| {label} | {len(rows)} | {statistics.median(lines):g} | "
                  f"{statistics.median(s['tasks'] for s in rows):g} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
