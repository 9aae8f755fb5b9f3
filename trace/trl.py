"""TRL: tracegen's reward for ``trl.GRPOTrainer`` and its data in TRL's vision-language prompt format.

    from trl import GRPOConfig, GRPOTrainer
    import tracegen.trl

    train = tracegen.trl.dataset(tracegen.tasks(domain="charts"), seed=1, n=512)
    trainer = GRPOTrainer(model=MODEL, reward_funcs=tracegen.trl.reward, train_dataset=train,
                          args=GRPOConfig(...))

:func:`dataset` holds the first ``n`` instances of ``tracegen.stream`` as a map-style ``datasets.Dataset``
(``GRPOTrainer`` refuses iterable datasets): the release's columns (``tracegen.hf.features``; ``images`` is
the list of PIL images TRL feeds the processor) plus ``prompt``, the conversational prompt TRL expects for
a VLM (``[{"role": "user", "content": <the instance's prompt>}]``, optionally after a system message;
TRL inserts the image placeholders before the user text).

:data:`reward` has ``GRPOTrainer``'s calling convention for reward functions, ``reward(prompts,
completions, **columns) -> list[float]``: the ground truth is read from the dataset's own columns
(``answer_gt``, ``reward_contract``, and ``annotation_gt`` in annotation mode; JSON strings as in the
release, or dicts), and each completion (a string, or TRL's conversational list of messages) is scored by
``tracegen.reward.score``, the reward the veRL path trains with (answer mode: 0.95 x answer + 0.05 x
format).  A ground truth the scorer rejects raises ``tracegen.TracegenError`` (a data bug, not a bad
response).  Rows of the public release (``reward_contract_version: v0``) score the same way.

Imports ``datasets`` only in :func:`dataset`; ``trl`` itself is never imported here.
"""

from __future__ import annotations

import json
from typing import Callable, Iterable, Mapping, Sequence

PROMPT_COLUMNS = {"answer": "prompt_answer", "answer_and_annotation": "prompt_answer_and_annotation"}


def _mode(mode: str) -> str:
    from .instance import TracegenError

    if mode not in PROMPT_COLUMNS:
        raise TracegenError(f"mode must be one of {list(PROMPT_COLUMNS)}, got {mode!r}")
    return mode


def _json(value, what: str, row: int):
    from .instance import TracegenError

    if value is None or isinstance(value, dict):
        return value
    if isinstance(value, (str, bytes)):
        try:
            return json.loads(value)
        except json.JSONDecodeError as e:
            raise TracegenError(f"row {row}: {what} is not JSON ({e.msg})") from None
    raise TracegenError(f"row {row}: {what} must be a dict or its JSON string, got {type(value).__name__}")


def completion_text(completion) -> str:
    """The text of a completion: a string as is; a conversational completion (a list of messages, each
    with text ``content`` or a list of ``{"type": "text", "text": ...}`` parts) its last message's text."""
    if isinstance(completion, str):
        return completion
    if isinstance(completion, list) and completion and isinstance(completion[-1], dict):
        content = completion[-1].get("content")
        if isinstance(content, str):
            return content
        if isinstance(content, list):
            return "".join(p.get("text") or "" for p in content if isinstance(p, dict) and p.get("type") == "text")
    return "" if completion is None else str(completion)


def make_reward(mode: str = "answer") -> Callable[..., list[float]]:
    """A ``GRPOTrainer`` reward function scoring in ``mode`` (``"answer"`` or ``"answer_and_annotation"``);
    its ``__name__`` (what TRL logs) is ``tracegen_<mode>``."""
    from . import reward as R

    mode = _mode(mode)

    def reward(prompts, completions, answer_gt=None, reward_contract=None, annotation_gt=None, **columns):
        from .instance import TracegenError

        n = len(completions)
        if answer_gt is None or len(answer_gt) != n:
            raise TracegenError(f"the reward needs the dataset's answer_gt column, one value per completion "
                                f"({n} completions, got {None if answer_gt is None else len(answer_gt)})")
        contracts = reward_contract if reward_contract is not None else [None] * n
        annotations = annotation_gt if annotation_gt is not None else [None] * n
        ids = columns.get("instance_id") or [None] * n
        out = []
        for i, completion in enumerate(completions):
            result = R.score(completion_text(completion), _json(answer_gt[i], "answer_gt", i),
                             _json(annotations[i], "annotation_gt", i), _json(contracts[i], "reward_contract", i),
                             mode=mode)
            if result["error"]:
                raise TracegenError(f"row {i} ({ids[i] or 'no instance_id'}): bad ground truth: {result['error']}")
            out.append(float(result["overall"]))
        return out

    reward.__name__ = reward.__qualname__ = f"tracegen_{mode}"
    return reward


reward = make_reward("answer")


def features():
    """``datasets.Features`` of :func:`dataset`: ``prompt`` (a list of {role, content}) + the release's."""
    import datasets

    from .hf import features as release_features

    message = {"role": datasets.Value("string"), "content": datasets.Value("string")}
    return datasets.Features({"prompt": datasets.List(message), **release_features()})


def dataset(tasks: str | Iterable[str] | None = None, seed: int = 0, n: int = 256, *,
            difficulty: int | Sequence[int] | None = None,
            weights: Sequence[float] | Mapping[str, float] | None = None, split: str = "online",
            batch_size: int = 128, max_pixels: int | None = None, mode: str = "answer",
            system_prompt: str | None = None):
    """The first ``n`` instances of ``tracegen.stream(tasks, seed, ...)`` as a ``datasets.Dataset`` in TRL's
    VLM prompt format (held in memory: about ``n`` PNG images).  ``mode`` picks the prompt variant
    (``"answer"``: the answer-only prompt; ``"answer_and_annotation"``: the one asking for the annotation
    too, to train with ``make_reward("answer_and_annotation")``); ``system_prompt`` adds a system message."""
    import datasets

    from .instance import TracegenError, check_index
    from .library import stream

    column = PROMPT_COLUMNS[_mode(mode)]
    if system_prompt is not None and not isinstance(system_prompt, str):
        raise TracegenError(f"system_prompt must be a string or None, got {type(system_prompt).__name__}")
    if check_index(n, "n") < 1:
        raise TracegenError("n must be at least 1")
    if max_pixels is not None:
        check_index(max_pixels, "max_pixels")
    s = stream(tasks, seed, difficulty=difficulty, weights=weights, split=split, batch_size=batch_size)
    head = [{"role": "system", "content": system_prompt}] if system_prompt is not None else []
    rows = []
    for inst in s.take(n):
        row = inst.row(max_pixels)
        rows.append({"prompt": head + [{"role": "user", "content": row[column]}], **row})
    return datasets.Dataset.from_list(rows, features=features())
