"""Generic checks every task's tests reuse.

A scene's test module supplies, per task, an *independent* solver ``recompute(state, params,
query_id) -> answer`` written from the catalog's ``program`` (not by calling the task code),
and calls ``check_scene_tasks``.  The harness covers: every query id and difficulty reached,
replay agreement, annotation inside the image, the independent answer, answer balance,
difficulty changing the state, and byte-identical output across two processes.
"""

from __future__ import annotations

import collections
import importlib
import json
import subprocess
import sys

from tracegen.core import annotation as ann
from tracegen.core import engine
from tracegen.core.canonical import canonical_json, sha256_bytes


def scene_tasks(module_name: str) -> dict:
    module = importlib.import_module(module_name)
    return dict(module.SCENE.tasks)


def check_instance(spec, inst, recompute) -> None:
    rec, tr = inst.record, inst.trace
    w, h = rec["images"][0]["width"], rec["images"][0]["height"]
    bad = ann.out_of_bounds(spec.annotation_type, rec["annotation_gt"]["value"], w, h)
    assert not bad, f"{spec.task_id}: annotation outside {w}x{h}: {bad[:3]}"
    agree = engine.replay(rec, tr, spec)
    assert all(agree.values()), f"{spec.task_id}: replay disagrees {agree}"
    expected = recompute(tr["state"], tr["params"], tr["query_id"])
    assert expected == rec["answer_gt"]["value"], (
        f"{spec.task_id} [{tr['query_id']}]: independent answer {expected!r} != {rec['answer_gt']['value']!r}")
    assert rec["answer_gt"]["value"] not in (None, ""), spec.task_id


def check_scene_tasks(module_name: str, solvers: dict, *, size_metric, seeds_per_combo: int = 3,
                      balance_seeds: int = 200, balance_limit: float = 0.5) -> None:
    """Run the generic checks on every task of a scene module.

    ``solvers`` maps task id -> recompute(state, params, query_id); every task of the scene
    must have one.  ``size_metric(state)`` must grow with difficulty on average.
    """
    tasks = scene_tasks(module_name)
    missing = set(tasks) - set(solvers)
    assert not missing, f"no independent solver for {sorted(missing)}"
    for tid, spec in tasks.items():
        sizes = collections.defaultdict(list)
        for qid in spec.queries:
            for d in spec.difficulties:
                for s in range(seeds_per_combo):
                    inst = engine.generate(spec, seed=s, split="test", index=0, difficulty=d, query_id=qid)
                    assert inst.record["query_id"] == qid and inst.record["difficulty"] == d
                    check_instance(spec, inst, solvers[tid])
                    sizes[d].append(size_metric(inst.trace["state"]))
        means = [sum(sizes[d]) / len(sizes[d]) for d in spec.difficulties]
        assert all(a < b for a, b in zip(means, means[1:])), f"{tid}: difficulty does not grow the state {means}"
        if balance_seeds:
            counts = collections.Counter()
            for i in range(balance_seeds):
                _, _, _, _, sol = engine.solve_only(spec, seed=7, split="balance", index=i)
                counts[json.dumps(sol.answer)] += 1
            top, n = counts.most_common(1)[0]
            if len(counts) > 2 or balance_limit < 0.5:
                assert n / balance_seeds <= balance_limit, f"{tid}: answer {top} in {n}/{balance_seeds} instances"


_CHILD = r"""
import importlib, json, sys, hashlib
from tracegen.core import engine
from tracegen.core.canonical import canonical_json
mod = importlib.import_module(sys.argv[1])
out = {}
for tid, spec in sorted(mod.SCENE.tasks.items()):
    for s in (0, 1):
        inst = engine.generate(spec, seed=s, split="train", index=s)
        out[f"{tid}/{s}"] = [hashlib.sha256(inst.png()).hexdigest(),
                             hashlib.sha256(canonical_json(inst.record).encode()).hexdigest()]
print(json.dumps(out))
"""


def check_two_process_determinism(module_name: str) -> None:
    """Same seed => identical PNG bytes and record, in two separate processes (and this one)."""
    runs = [json.loads(subprocess.run([sys.executable, "-c", _CHILD, module_name], check=True,
                                      capture_output=True, text=True).stdout) for _ in range(2)]
    assert runs[0] == runs[1]
    for tid, spec in scene_tasks(module_name).items():
        for s in (0, 1):
            inst = engine.generate(spec, seed=s, split="train", index=s)
            assert runs[0][f"{tid}/{s}"] == [sha256_bytes(inst.png()),
                                            sha256_bytes(canonical_json(inst.record).encode())]
