"""tracegen as a library: the small, typed, stable API importable from ``tracegen`` itself.

    import tracegen
    tracegen.tasks(domain="charts")                    # -> ["task_charts__...", ...]
    tracegen.describe(task_id)                         # -> the index row, the catalog row, the levels
    inst = tracegen.generate(task_id, seed=0)          # -> Instance (the bytes `tracegen generate` writes)
    inst.prompt, inst.answer, inst.image, inst.score('{"answer": 3}')
    for inst in tracegen.stream(seed=1): ...           # endless, deterministic, seekable

Every bad argument (unknown task id, seed, index, difficulty, split, weights, scoring mode) raises
:class:`TracegenError`, a ``ValueError`` whose message is one line naming the problem.  Nothing here
imports numpy, cairo or PIL until an instance is generated or an image is decoded, so
``import tracegen`` and :func:`tasks` / :func:`describe` stay cheap (they read the static task index).

Stability: the names in ``tracegen.__all__`` and their documented arguments, attributes and return
values are the public surface (docs/library.md); ``tracegen.core``, ``tracegen.registry`` and the
other modules are internal and may change between versions.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from . import registry
from .instance import (Instance, TracegenError, check_difficulty, check_index, check_seed, check_split,  # noqa: F401
                       check_task)
from .streaming import Stream

ANSWER_TYPES = ("integer", "number", "option_letter", "string")


# ---------------------------------------------------------------------------------------- catalog
def tasks(domain: str | None = None, scene: str | None = None, answer_type: str | None = None) -> list[str]:
    """Sorted task ids, optionally only those of a domain, a scene (``"scene"`` or ``"domain/scene"``)
    and an answer type.  Reads the static index: no task code is imported."""
    if answer_type is not None and answer_type not in ANSWER_TYPES:
        raise TracegenError(f"answer_type must be one of {list(ANSWER_TYPES)}, got {answer_type!r}")
    if scene is not None and "/" in str(scene):
        dom, _, scene = str(scene).partition("/")
        if domain is not None and domain != dom:
            raise TracegenError(f"scene {dom}/{scene} is not in domain {domain!r}")
        domain = dom
    return registry.task_ids(domain=domain, scene=scene, answer_type=answer_type)


def describe(task_id: str) -> dict[str, Any]:
    """The task card: ids, answer and annotation types, reasoning operations, query ids, difficulty
    levels, the catalog row (the reference catalog's entry: objective contract and program), and
    ``original_difficulty``: the level whose instances match the original generator's distribution
    (tracegen's two-sided fidelity bands, ``tracegen stats --compare``); ``difficulty=None`` means it.
    The original has no difficulty setting: the other levels are easier / harder, for curricula."""
    from .gallery import load_catalog

    meta = check_task(task_id)
    row = load_catalog().get(task_id)
    catalog = None
    if row is not None:
        catalog = dict(row)
        for key in ("reasoning_operations", "query_ids"):
            catalog[key] = [x for x in row[key].split(",") if x]
    card = {k: v for k, v in meta.items() if k != "module"}
    from .core.task import original_level

    card.update(difficulties=list(meta["difficulties"]), original_difficulty=original_level(meta["difficulties"]),
                catalog=catalog)
    return card


def generate(task_id: str, seed: int = 0, *, difficulty: int | Sequence[int] | None = None, index: int = 0,
             split: str = "train") -> Instance:
    """Instance ``index`` of task ``task_id`` in the dataset of seed ``seed`` and split ``split``: the same
    PNG bytes and record as ``tracegen generate --task ID --seed SEED`` (``--difficulty D``) writes for
    that index (a build redraws an instance identical to an earlier one of the same task with the next
    salt; this function never does).  ``difficulty``: ``None`` (the default: the level matching the
    original generator, ``describe(task_id)["original_difficulty"]``), a level, or a list of levels each
    instance draws one of."""
    check_task(task_id)
    seed, index, split = check_seed(seed), check_index(index), check_split(split)
    difficulty = check_difficulty(difficulty, [task_id])
    from .core import engine

    return Instance._from_engine(engine.generate(registry.get(task_id), seed=seed, split=split, index=index,
                                                 difficulty=difficulty))


def stream(tasks: str | Iterable[str] | None = None, seed: int = 0, *,
           difficulty: int | Sequence[int] | None = None,
           weights: Sequence[float] | Mapping[str, float] | None = None, split: str = "online",
           batch_size: int = 128):
    """An endless, deterministic, seekable iterator of :class:`Instance` over a weighted task mix (every
    task when ``tasks`` is ``None``), planned by the engine of rlvr's online RL stream
    (``tracegen.streaming``): step ``s`` draws ``batch_size`` tasks with a generator seeded by
    (``seed``, ``s``) and gives each the task's next index.  ``weights``: one positive number per task, or
    a mapping from task id (tasks it does not name weigh 1); ``None``: all equal.  ``difficulty`` applies
    to every task, as in :func:`generate`.  See :class:`tracegen.streaming.Stream`."""
    ids = _task_list(tasks)
    return Stream(ids, check_seed(seed), difficulty=check_difficulty(difficulty, ids), weights=_weights(weights, ids),
                  split=check_split(split), batch_size=_positive(batch_size, "batch_size"))


def _positive(value, what: str) -> int:
    if check_index(value, what) < 1:
        raise TracegenError(f"{what} must be a positive integer, got {value!r}")
    return value


def _task_list(tasks) -> list[str]:
    if tasks is None:
        return registry.task_ids()
    ids = [tasks] if isinstance(tasks, str) else list(tasks)
    if not ids:
        raise TracegenError("tasks is empty (None means every task)")
    for tid in ids:
        check_task(tid)
    if len(set(ids)) < len(ids):
        raise TracegenError(f"task {next(t for t in ids if ids.count(t) > 1)!r} is listed more than once")
    return ids


def _weights(weights, ids: list[str]) -> list[float]:
    import math

    if weights is None:
        return [1.0] * len(ids)
    if isinstance(weights, Mapping):
        extra = set(weights) - set(ids)
        if extra:
            raise TracegenError(f"weights name a task that is not in tasks: {sorted(extra)[0]!r}")
        values = [weights.get(t, 1.0) for t in ids]
    else:
        values = list(weights)
        if len(values) != len(ids):
            raise TracegenError(f"weights has {len(values)} values for {len(ids)} tasks")
    for w in values:
        if isinstance(w, bool) or not isinstance(w, (int, float)) or not math.isfinite(w) or w <= 0:
            raise TracegenError(f"weights must be positive finite numbers, got {w!r}")
    return [float(w) for w in values]
