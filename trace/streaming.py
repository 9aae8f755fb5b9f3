"""Seeded, seekable streams of instances: the planner of ``tracegen.stream`` and of rlvr's online RL stream.

**Plans.**  Step ``s`` (1-based) of a stream has ``B`` slots.  :func:`plan_step` draws each slot's task
from the mix, with probabilities proportional to the step's weights, using a generator seeded by
(seed, ``s``) alone, and gives it the task's next index (a per-task counter, advanced in slot order).
The instance in a slot is ``engine.generate(task, seed, split, index, ...)``: its instance seed hashes
(seed, task, split, index), so a stream never uses an index twice and never shares an instance seed
with another split (the default split of a stream is ``online``, never ``train`` or ``validation``).

rlvr's online stream (``rlvr.training.online``) calls :func:`plan_step` with the weights its pass-rate
curriculum sets for the step and its own difficulty per slot; :class:`Stream` here uses fixed weights
and one difficulty setting, so ``tracegen.stream(tasks, seed, batch_size=B)`` serves the instances of an
online run with the curriculum off (before that run's redraws of duplicate or over-long instances).

**Seeking.**  A plan draws no pixels.  Position ``p`` (0-based) is slot ``p mod B`` of step ``p // B + 1``;
the counters before a step are found by replaying the earlier steps' draws (one small ``choice`` per
step), so ``seek`` costs microseconds per skipped step and never generates an instance.
"""

from __future__ import annotations

from typing import Iterator, Sequence

from .instance import Instance, check_index

PLAN_KEY = 0x6F6E6C   # the third word of every plan generator's seed: SeedSequence([seed, step, PLAN_KEY])


def plan_step(seed: int, step: int, tasks: Sequence[str], weights: Sequence[float], size: int,
              counters: dict) -> list[tuple[int, int]]:
    """The ``size`` slots of ``step``: ``(k, index)`` per slot, ``k`` the position of the slot's task in
    ``tasks`` and ``index`` that task's next index.  ``counters`` (task -> next index) is advanced."""
    import numpy as np

    w = np.asarray(weights, dtype=float)
    rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence([seed, step, PLAN_KEY])))
    picks = rng.choice(len(tasks), size=size, p=w / w.sum())
    out = []
    for k in picks:
        task = tasks[int(k)]
        index = counters.get(task, 0)
        counters[task] = index + 1
        out.append((int(k), index))
    return out


class Stream:
    """An endless, deterministic, seekable iterator of ``tracegen.Instance`` (made by ``tracegen.stream``,
    which checks the arguments).

    ``position`` is the 0-based position of the next instance; ``seek(p)`` moves there (back or forward);
    ``coordinates(p)`` is ``(task, index)`` of position ``p`` without generating it; the instance at a
    position is ``tracegen.generate(task, seed, difficulty=..., index=index, split=split)``."""

    def __init__(self, tasks: list[str], seed: int, *, difficulty, weights: list[float], split: str,
                 batch_size: int):
        self.tasks, self.seed, self.difficulty = list(tasks), seed, difficulty
        self.weights, self.split, self.batch_size = list(weights), split, batch_size
        self._position = 0
        self._step, self._plan, self._counters = 0, [], {}

    @property
    def position(self) -> int:
        return self._position

    def seek(self, position: int) -> "Stream":
        """Move to ``position`` (the next instance served is the one at ``position``); returns the stream."""
        self._position = check_index(position, "position")
        return self

    def coordinates(self, position: int | None = None) -> tuple[str, int]:
        """``(task, index)`` of the instance at ``position`` (default: the next one)."""
        position = self._position if position is None else check_index(position, "position")
        step, slot = divmod(position, self.batch_size)
        self._plan_to(step + 1)
        k, index = self._plan[slot]
        return self.tasks[k], index

    def _plan_to(self, step: int) -> None:
        if step < self._step:                       # seeking back: replay from the start
            self._step, self._plan, self._counters = 0, [], {}
        while self._step < step:
            self._step += 1
            self._plan = plan_step(self.seed, self._step, self.tasks, self.weights, self.batch_size, self._counters)

    def __iter__(self) -> Iterator:
        return self

    def __next__(self):
        from . import registry
        from .core import engine

        task, index = self.coordinates()
        inst = engine.generate(registry.get(task), seed=self.seed, split=self.split, index=index,
                               difficulty=self.difficulty)
        self._position += 1
        return Instance._from_engine(inst)

    def take(self, n: int) -> list:
        """The next ``n`` instances (advances the stream)."""
        return [next(self) for _ in range(check_index(n, "n"))]

    def __repr__(self) -> str:
        what = f"{len(self.tasks)} tasks" if len(self.tasks) != 1 else repr(self.tasks[0])
        return (f"Stream({what}, seed={self.seed}, split={self.split!r}, batch_size={self.batch_size}, "
                f"position={self._position})")
