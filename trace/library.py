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

import re
from typing import Any, Iterable, Mapping, Sequence

from . import registry

ANSWER_TYPES = ("integer", "number", "option_letter", "string")
_SPLIT = re.compile(r"[a-z0-9][a-z0-9_-]*")   # as a build config's split (trace/schemas/config.schema.json)


class TracegenError(ValueError):
    """A bad argument to the public API (unknown task id, bad seed, index, difficulty, ...): one line."""


# ---------------------------------------------------------------------------------------- arguments
def _task(task_id) -> dict:
    if not isinstance(task_id, str):
        raise TracegenError(f"a task id is a string, got {type(task_id).__name__} {task_id!r}")
    try:
        return registry.meta(task_id)
    except registry.UnknownTask:
        raise TracegenError(f"unknown task id {task_id!r} (see tracegen.tasks())") from None


def _seed(seed) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
        raise TracegenError(f"seed must be an integer in [0, 2^63), got {seed!r}")
    return seed


def _index(index, what: str = "index") -> int:
    if isinstance(index, bool) or not isinstance(index, int) or index < 0:
        raise TracegenError(f"{what} must be a non-negative integer, got {index!r}")
    return index


def _split(split) -> str:
    if not isinstance(split, str) or not _SPLIT.fullmatch(split):
        raise TracegenError(f"split must be a plain lower-case name such as 'train', got {split!r}")
    return split


def _difficulty(difficulty, task_ids: Iterable[str]):
    """``None`` (each instance draws one of the task's levels), a level, or a list of allowed levels."""
    if difficulty is None:
        return None
    levels = list(difficulty) if isinstance(difficulty, (list, tuple)) else [difficulty]
    if (not levels or any(isinstance(d, bool) or not isinstance(d, int) for d in levels)
            or len(set(levels)) < len(levels)):
        raise TracegenError(f"difficulty must be None, a level (1-3) or a list of distinct levels, got {difficulty!r}")
    for tid in task_ids:
        allowed = registry.meta(tid)["difficulties"]
        bad = [d for d in levels if d not in allowed]
        if bad:
            raise TracegenError(f"difficulty {bad[0]} is not a level of {tid} (levels {allowed})")
    return levels if isinstance(difficulty, (list, tuple)) else difficulty


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
    ``original_difficulty``: the ``difficulty`` argument whose instances match the original generator.
    The original has no difficulty setting; tracegen's fidelity bands against its statistics
    (``tracegen stats --compare``) hold for the default, ``None``: every instance draws one of the task's
    levels uniformly."""
    from .gallery import load_catalog

    meta = _task(task_id)
    row = load_catalog().get(task_id)
    catalog = None
    if row is not None:
        catalog = dict(row)
        for key in ("reasoning_operations", "query_ids"):
            catalog[key] = [x for x in row[key].split(",") if x]
    card = {k: v for k, v in meta.items() if k != "module"}
    card.update(difficulties=list(meta["difficulties"]), original_difficulty=None, catalog=catalog)
    return card


# ---------------------------------------------------------------------------------------- instances
class Instance:
    """One generated instance.  Attributes (read-only; the dicts are the engine's own: do not mutate):

    ``task``, ``instance_id``, ``difficulty``, ``query_id``: from the record;
    ``png`` (bytes, exactly what ``tracegen generate`` writes), ``image`` (a ``PIL.Image.Image``, decoded on
    first use); ``prompt`` (the answer-only prompt), ``prompts`` (``{"answer_only",
    "answer_and_annotation"}``); ``answer`` (the typed value: int, float, str or list), ``answer_type``;
    ``annotation`` (the annotation value, pixel coordinates), ``annotation_type``; ``record`` (the dataset
    record, as in ``records.jsonl`` except ``trace_ref``, which is ``None``: nothing was written);
    ``trace`` (the execution trace: state, parameters, steps, witnesses).
    """

    __slots__ = ("record", "trace", "png", "_image")

    def __init__(self, record: dict, trace: dict, png: bytes):
        self.record, self.trace, self.png, self._image = record, trace, png, None

    @classmethod
    def _from_engine(cls, inst) -> "Instance":
        return cls(inst.record, inst.trace, inst.png())

    # the record's fields
    task = property(lambda self: self.record["task"])
    instance_id = property(lambda self: self.record["instance_id"])
    difficulty = property(lambda self: self.record["difficulty"])
    query_id = property(lambda self: self.record["query_id"])
    prompts = property(lambda self: self.record["prompts"])
    prompt = property(lambda self: self.record["prompts"]["answer_only"])
    answer = property(lambda self: self.record["answer_gt"]["value"])
    answer_type = property(lambda self: self.record["answer_gt"]["type"])
    annotation = property(lambda self: self.record["annotation_gt"]["value"])
    annotation_type = property(lambda self: self.record["annotation_gt"]["type"])

    @property
    def image(self):
        """The image as a ``PIL.Image.Image`` (RGB), decoded from :attr:`png` once."""
        if self._image is None:
            import io

            from PIL import Image

            with Image.open(io.BytesIO(self.png)) as im:
                self._image = im.convert("RGB")
        return self._image

    def score(self, response: str, mode: str = "answer") -> dict:
        """Score a model response with the training reward (``tracegen.reward.score``): ``{"overall",
        "accuracy", "format", "annotation", "extracted_answer", "error"}``.  ``mode`` is ``"answer"``
        (0.95 answer + 0.05 format, what training uses) or ``"answer_and_annotation"``."""
        from . import reward

        if mode not in reward.MODES:
            raise TracegenError(f"mode must be one of {list(reward.MODES)}, got {mode!r}")
        return reward.score_record(response, self.record, mode=mode)

    def row(self, max_pixels: int | None = None) -> dict:
        """The instance as a row of the public TRACE release's columns (what ``tracegen export`` writes;
        ``max_pixels`` downscales larger images and rescales the annotation, as export does)."""
        from .export import record_row

        if max_pixels is not None:
            _index(max_pixels, "max_pixels")
        return record_row(self.record, [self.png], max_pixels)

    def __repr__(self) -> str:
        im = self.record["images"][0]
        answer = repr(self.answer)
        answer = answer if len(answer) <= 40 else answer[:37] + "..."
        return (f"Instance(task={self.task!r}, split={self.record['split']!r}, index={self.record['index']}, "
                f"difficulty={self.difficulty}, image={im['width']}x{im['height']}, answer={answer}, "
                f"instance_id={self.instance_id[:12]!r})")


def generate(task_id: str, seed: int = 0, *, difficulty: int | Sequence[int] | None = None, index: int = 0,
             split: str = "train") -> Instance:
    """Instance ``index`` of task ``task_id`` in the dataset of seed ``seed`` and split ``split``: the same
    PNG bytes and record as ``tracegen generate --task ID --seed SEED`` (``--difficulty D``) writes for
    that index (a build redraws an instance identical to an earlier one of the same task with the next
    salt; this function never does).  ``difficulty``: ``None`` (the default: each instance draws one of
    the task's levels), a level, or a list of allowed levels."""
    _task(task_id)
    seed, index, split = _seed(seed), _index(index), _split(split)
    difficulty = _difficulty(difficulty, [task_id])
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
    from .streaming import Stream

    ids = _task_list(tasks)
    return Stream(ids, _seed(seed), difficulty=_difficulty(difficulty, ids), weights=_weights(weights, ids),
                  split=_split(split), batch_size=_positive(batch_size, "batch_size"))


def _positive(value, what: str) -> int:
    if _index(value, what) < 1:
        raise TracegenError(f"{what} must be a positive integer, got {value!r}")
    return value


def _task_list(tasks) -> list[str]:
    if tasks is None:
        return registry.task_ids()
    ids = [tasks] if isinstance(tasks, str) else list(tasks)
    if not ids:
        raise TracegenError("tasks is empty (None means every task)")
    for tid in ids:
        _task(tid)
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
