"""Generic checks every task's tests reuse.

A scene's test module supplies, per task, an *independent* solver ``recompute(state, params,
query_id) -> answer`` written from the catalog's ``program`` (not by calling the task code),
and binds its standard tests with ``scene_tests`` (``check_scene_tasks`` and the two-process
check) and, where labels could give answers away, ``shortcut_test``.  The harness covers:
every query id and difficulty reached, replay agreement, annotation inside the image, the
independent answer, answer balance, difficulty changing the state, and byte-identical output
across two processes.

A scene's checks share their instances: ``instance`` generates each (task, seed, difficulty, query)
once per test module (split "test", index 0) and keeps what the checks read (record, trace, PNG,
drawn texts, read values), so the shortcut checks and the two-process check reuse the instances
``check_scene_tasks`` made (tests/conftest.py empties the cache after each module).
"""

from __future__ import annotations

import collections
import dataclasses
import importlib
import json
import subprocess
import sys

import pytest

from tracegen.core import annotation as ann
from tracegen.core import engine
from tracegen.core.canonical import canonical_json, sha256_bytes


@dataclasses.dataclass(frozen=True)
class Shared:
    """What the checks read from a generated instance (not its canvas, which holds the pixels)."""

    record: dict
    trace: dict
    encoded: bytes
    texts: tuple
    reads: tuple

    def png(self) -> bytes:
        return self.encoded


_INSTANCES: dict[tuple, tuple] = {}   # (id(spec), seed, difficulty, query id) -> (spec, Shared)


def instance(spec, seed: int, difficulty=None, query_id=None) -> Shared:
    """The instance of ``spec`` for (seed, difficulty, query id), split "test", index 0: generated on first
    use and then shared by every check of the module.  Keyed by the spec object (held, so its id is not
    reused): a test's own spec never meets a registered one."""
    key = (id(spec), seed, difficulty, query_id)
    if key not in _INSTANCES:
        inst = engine.generate(spec, seed=seed, split="test", index=0, difficulty=difficulty, query_id=query_id)
        _INSTANCES[key] = (spec, Shared(inst.record, inst.trace, inst.png(), tuple(inst.canvas.texts),
                                        tuple(inst.reads)))
    return _INSTANCES[key][1]


def clear_instances() -> None:
    _INSTANCES.clear()


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
                      balance_seeds: int = 200, balance_limit: float = 0.5, sweep: str = "all") -> None:
    """Run the generic checks on every task of a scene module.

    ``solvers`` maps task id -> recompute(state, params, query_id); every task of the scene
    must have one.  ``size_metric(state)`` must grow with difficulty on average.  ``sweep``:
    ``"first"`` checks seed 0 of every query id x difficulty (the fast tier); ``"rest"`` checks
    seeds 1 .. seeds_per_combo-1, difficulty growth over every seed and the answer balance; ``"all"``
    both.  The instances are shared, so "first" then "rest" in one module costs what "all" does.
    """
    tasks = scene_tasks(module_name)
    missing = set(tasks) - set(solvers)
    assert not missing, f"no independent solver for {sorted(missing)}"
    checked = {"first": range(1), "rest": range(1, seeds_per_combo), "all": range(seeds_per_combo)}[sweep]
    full = sweep != "first"
    for tid, spec in tasks.items():
        sizes = collections.defaultdict(list)
        for qid in spec.queries:
            for d in spec.difficulties:
                for s in range(seeds_per_combo if full else 1):
                    inst = instance(spec, s, d, qid)
                    if s in checked:
                        assert inst.record["query_id"] == qid and inst.record["difficulty"] == d
                        check_instance(spec, inst, solvers[tid])
                    sizes[d].append(size_metric(inst.trace["state"]))
        if not full:
            continue
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


def check_many_instances(module_name: str, solvers: dict, *, seed: int, n: int) -> None:
    """Every task's independent solver agrees with the task on ``n`` more solved (unrendered)
    instances of split "extra" -- for scenes whose search spaces are too varied for
    ``check_scene_tasks``'s few seeds per query and difficulty."""
    for tid, spec in scene_tasks(module_name).items():
        for i in range(n):
            qid, _, state, params, sol = engine.solve_only(spec, seed=seed, split="extra", index=i)
            assert solvers[tid](state, params, qid) == sol.answer, (tid, i)


# Two long-lived child processes (one pair per test process, started on first use, ended with their process
# groups at exit): each reads scene module names on stdin and answers one JSON line of instance hashes, so a
# scene's determinism check costs its instances, not two interpreter start-ups.  Each child has its own hash
# seed (PYTHONHASHSEED is not fixed), and this process computes the same instances in its own order.
_CHILD = r"""
import importlib, json, sys, hashlib
from tracegen.core import engine
from tracegen.core.canonical import canonical_json
for line in sys.stdin:
    mod = importlib.import_module(line.strip())
    out = {}
    for tid, spec in sorted(mod.SCENE.tasks.items()):
        for s in (0, 1):
            d, qid = spec.difficulties[s % len(spec.difficulties)], spec.queries[s % len(spec.queries)]
            inst = engine.generate(spec, seed=s, split="test", index=0, difficulty=d, query_id=qid)
            out[f"{tid}/{s}"] = [hashlib.sha256(inst.png()).hexdigest(),
                                 hashlib.sha256(canonical_json(inst.record).encode()).hexdigest()]
    print(json.dumps(out), flush=True)
"""
_CHILDREN: list = []


def _end_children() -> None:
    import os
    import signal

    for p, err in _CHILDREN:
        try:
            p.stdin.close()
            p.wait(timeout=30)
        except Exception:       # a child that does not finish is ended with its group
            pass
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()
        err.close()
    _CHILDREN.clear()


def _child_hashes(module_name: str) -> list[dict]:
    """The instance hashes of ``module_name``'s tasks from each of the two child processes."""
    import atexit
    import tempfile

    if not _CHILDREN:
        for _ in range(2):
            err = tempfile.TemporaryFile(mode="w+")
            p = subprocess.Popen([sys.executable, "-c", _CHILD], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                 stderr=err, text=True, start_new_session=True)
            _CHILDREN.append((p, err))
        atexit.register(_end_children)
    out = []
    for p, err in _CHILDREN:
        p.stdin.write(module_name + "\n")
        p.stdin.flush()
        line = p.stdout.readline()
        if not line:
            err.seek(0)
            tail = err.read()[-3000:]
            _end_children()
            raise AssertionError(f"determinism child died on {module_name}:\n{tail}")
        out.append(json.loads(line))
    return out


def check_two_process_determinism(module_name: str) -> None:
    """Same seed => identical PNG bytes and record, in two separate processes (and this one): per task, two
    instances of the grid ``check_scene_tasks`` covers (seed 0 with the first difficulty and query, seed 1
    with the second where there is one)."""
    runs = _child_hashes(module_name)
    assert runs[0] == runs[1]
    for tid, spec in scene_tasks(module_name).items():
        for s in (0, 1):
            d, qid = spec.difficulties[s % len(spec.difficulties)], spec.queries[s % len(spec.queries)]
            inst = instance(spec, s, d, qid)
            assert runs[0][f"{tid}/{s}"] == [sha256_bytes(inst.png()),
                                            sha256_bytes(canonical_json(inst.record).encode())]


def scene_tests(module_name: str, solvers: dict, *, size_metric, **options):
    """A scene's standard tests, bound at module level in one line::

        test_tasks, test_two_process_determinism = scene_tests(MOD, SOLVERS, size_metric=_size)

    ``test_tasks`` runs ``check_scene_tasks`` (``options``: seeds_per_combo, balance_seeds,
    balance_limit) in two parts: ``test_tasks[first-seed]`` (seed 0 of every query id x difficulty:
    the fast tier) and ``test_tasks[other-seeds]`` (marked slow: the other seeds, difficulty growth,
    answer balance); ``test_two_process_determinism`` runs ``check_two_process_determinism``."""

    @pytest.mark.parametrize("sweep", [pytest.param("first", id="first-seed"),
                                       pytest.param("rest", id="other-seeds", marks=pytest.mark.slow)])
    def test_tasks(sweep):
        check_scene_tasks(module_name, solvers, size_metric=size_metric, sweep=sweep, **options)

    def test_two_process_determinism():
        check_two_process_determinism(module_name)

    return test_tasks, test_two_process_determinism


# ---------------------------------------------------------------------------- style space
def _style_grid():
    """Styles that together reach every value of every style dimension (with scales)."""
    from tracegen.core.style import DENSITIES, FONTS, FRAMES, GRID_STYLES, MARKERS, TEXTURES, THEMES, Style

    out = []
    for i in range(max(len(THEMES), len(FONTS))):
        pad = (8.0 + 7 * (i % 3), 8.0 + 11 * (i % 2), 8.0 + 40 * (i % 4 == 1), 8.0 + 30 * (i % 5 == 2))
        style = Style(theme=i % len(THEMES), accent=i % 6, font=FONTS[i % len(FONTS)],
                      density=DENSITIES[i % len(DENSITIES)], grid_style=GRID_STYLES[i % len(GRID_STYLES)],
                      marker=MARKERS[(i + 1) % len(MARKERS)], texture=TEXTURES[i % len(TEXTURES)],
                      frame=FRAMES[(i + 2) % len(FRAMES)], pad=pad, jitter=(float(i % 5) - 2, 2.0 - i % 3),
                      noise_sigma=4.0 * (i % 2), noise_seed=i)
        out.append((style, (1.0, 1.37, 2.1)[i % 3]))
    return out


STYLE_GRID = _style_grid()


def check_styles(spec, *, seeds=(0,), styles=None) -> None:
    """Render instances under ``styles`` (default: every style of STYLE_GRID, each a (style,
    scale) pair) and the instance's own: the same entities, annotation meaning
    and (untouched) state; annotation inside the image; every text >= MIN_TEXT_PX at the
    exported size and WCAG-AA contrast against what it is drawn on; entity geometry that
    only moves with the frame (pad, jitter, scale) when the font stays."""
    import copy
    import dataclasses

    from tracegen.core.canvas import MIN_TEXT_PX, Canvas
    from tracegen.core.style import min_contrast

    saved = Canvas.audit
    Canvas.audit = True
    try:
        for s in seeds:
            inst = engine.generate(spec, seed=s, split="style", index=0, encode=False)
            tr = inst.trace
            state, params, size = tr["state"], tr["params"], tr["render"]["size"]
            before = copy.deepcopy(state)
            witnesses = inst.solution.witnesses
            ids = set(inst.canvas.entities)
            n_items = len(ann.items(spec.annotation_type, inst.record["annotation_gt"]["value"]))
            for style, scale in list(STYLE_GRID if styles is None else styles) + [(inst.canvas.style,
                                                                                   inst.canvas.scale)]:
                c = engine.render(spec, state, params, style, scale, size)
                where = f"{spec.task_id} seed {s} theme {style.theme} font {style.font!r}"
                assert set(c.entities) == ids, f"{where}: entities differ"
                value = ann.build(spec.annotation_type, witnesses, c.entities)
                assert len(ann.items(spec.annotation_type, value)) == n_items, where
                bad = ann.out_of_bounds(spec.annotation_type, value, c.px_width, c.px_height)
                assert not bad, f"{where}: annotation outside {c.px_width}x{c.px_height}: {bad[:3]}"
                for t in c.texts:
                    assert t["size_px"] >= MIN_TEXT_PX - 1e-6, f"{where}: {t['text']!r} at {t['size_px']} px"
                    need = min_contrast(t["size_px"], t["bold"])
                    assert t["contrast"] is None or t["contrast"] >= need, (
                        f"{where}: {t['text']!r} contrast {t['contrast']} < {need} "
                        f"(colour {t['color']} on {t['background']})")
            assert state == before, f"{spec.task_id}: rendering changed the state"
            # the frame moves and scales geometry, nothing else
            base = inst.canvas.style
            moved = dataclasses.replace(base, pad=(47.0, 3.0, 9.0, 61.0), jitter=(-2.5, 4.0))
            c0 = engine.render(spec, state, params, base, 1.0, size)
            c1 = engine.render(spec, state, params, moved, 1.6, size)
            ox, oy = base.pad[0] + base.jitter[0], base.pad[1] + base.jitter[1]
            for eid, e0 in c0.entities.items():
                (x0, y0), (x1, y1) = e0["point"], c1.entities[eid]["point"]
                x, y = x1 / 1.6 - (47.0 - 2.5), y1 / 1.6 - (3.0 + 4.0)
                assert abs(x + ox - x0) <= 0.2 and abs(y + oy - y0) <= 0.2, (
                    f"{spec.task_id}: entity {eid} moved beyond the frame change ({e0['point']} vs {[x1, y1]})")
    finally:
        Canvas.audit = saved


# ---------------------------------------------------------------------------- answer shortcuts
_NUMBER = None


def _numbers_in(text: str) -> list[float]:
    import re

    global _NUMBER
    if _NUMBER is None:
        _NUMBER = re.compile(r"(?<![\w.])[-−]?\d+(?:\.\d+)?")
    return [float(m.replace("−", "-")) for m in _NUMBER.findall(text)]


def shortcut_hits(texts, values) -> list[tuple[str, object]]:
    """(text, value) pairs where a drawn label gives a value away: the label equals the value
    (case-insensitively), or, for a numeric value, any number written in the label equals it.
    Scale labels (``kind="tick"``: axis ticks, colour-bar levels) and the offered choices drawn
    as answer cards (``kind="option"``: a list the prompt would otherwise carry) are exempt."""
    hits = []
    for t in texts:
        if t.get("kind") in ("tick", "option"):
            continue
        s = t["text"].strip()
        nums = None
        for v in values:
            if isinstance(v, bool) or v is None:
                continue
            if isinstance(v, (int, float)):
                nums = _numbers_in(s) if nums is None else nums
                if any(abs(n - float(v)) < 1e-9 for n in nums):
                    hits.append((s, v))
            elif isinstance(v, str) and s.casefold() == v.strip().casefold():
                hits.append((s, v))
    return hits


def check_no_shortcuts(spec, *, seeds=(0, 1, 2), answer: bool = True, extra=None) -> None:
    """No drawn label equals the answer (unless ``answer=False``, e.g. a label the question asks
    for by name) or any value the task declared with ``q.reads`` (read through an encoding),
    for every query id and difficulty.  ``extra(record, trace)`` may add values to check."""
    for qid in spec.queries:
        for d in spec.difficulties:
            for s in seeds:
                inst = instance(spec, s, d, qid)
                values = list(inst.reads)
                if answer:
                    values.append(inst.record["answer_gt"]["value"])
                if extra:
                    values += list(extra(inst.record, inst.trace))
                hits = shortcut_hits(inst.texts, values)
                assert not hits, (f"{spec.task_id} [{qid}, difficulty {d}, seed {s}]: the image prints "
                                  f"{hits[:5]} (label, value read through an encoding)")


def shortcut_test(task_ids, *, seeds=(0,), answer=True, extra=None):
    """``check_no_shortcuts`` on each of ``task_ids`` (one test per id), bound at module level::

        test_no_value_is_printed = shortcut_test(sorted(SOLVERS), answer=lambda tid: tid in COUNTS)

    ``answer`` is a bool or a predicate of the task id; ``seeds`` and ``extra`` go to
    ``check_no_shortcuts`` (note the one-seed default here)."""

    from tracegen import registry

    @pytest.mark.parametrize("tid", list(task_ids))
    def test_no_shortcuts(tid):
        check_no_shortcuts(registry.get(tid), seeds=seeds, answer=answer(tid) if callable(answer) else answer,
                           extra=extra)

    return test_no_shortcuts
