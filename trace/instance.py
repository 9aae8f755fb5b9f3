"""The instances of tracegen's public API (:mod:`tracegen.library`): :class:`Instance`, the one error type
:class:`TracegenError`, and the argument checks every entry point shares (the library, its stream, the
``datasets`` and TRL front-ends).  Heavy modules (the engine, PIL, the export row builder) load on use.
"""

from __future__ import annotations

import re
from typing import Iterable

from . import registry

_SPLIT = re.compile(r"[a-z0-9][a-z0-9_-]*")   # as a build config's split (trace/schemas/config.schema.json)


class TracegenError(ValueError):
    """A bad argument to the public API (unknown task id, bad seed, index, difficulty, ...): one line."""


# ---------------------------------------------------------------------------------------- arguments
def check_task(task_id) -> dict:
    if not isinstance(task_id, str):
        raise TracegenError(f"a task id is a string, got {type(task_id).__name__} {task_id!r}")
    try:
        return registry.meta(task_id)
    except registry.UnknownTask:
        raise TracegenError(f"unknown task id {task_id!r} (see tracegen.tasks())") from None


def check_seed(seed) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
        raise TracegenError(f"seed must be an integer in [0, 2^63), got {seed!r}")
    return seed


def check_index(index, what: str = "index") -> int:
    if isinstance(index, bool) or not isinstance(index, int) or index < 0:
        raise TracegenError(f"{what} must be a non-negative integer, got {index!r}")
    return index


def check_split(split) -> str:
    if not isinstance(split, str) or not _SPLIT.fullmatch(split):
        raise TracegenError(f"split must be a plain lower-case name such as 'train', got {split!r}")
    return split


def check_difficulty(difficulty, task_ids: Iterable[str]):
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
            check_index(max_pixels, "max_pixels")
        return record_row(self.record, [self.png], max_pixels)

    def __repr__(self) -> str:
        im = self.record["images"][0]
        answer = repr(self.answer)
        answer = answer if len(answer) <= 40 else answer[:37] + "..."
        return (f"Instance(task={self.task!r}, split={self.record['split']!r}, index={self.record['index']}, "
                f"difficulty={self.difficulty}, image={im['width']}x{im['height']}, answer={answer}, "
                f"instance_id={self.instance_id[:12]!r})")
