"""Pass-rate curriculum for online RL: per-task difficulty steered toward a target pass-rate band.

**Observations** come from veRL's reward path: every scored response of an online row is appended by
the reward function (:mod:`rlvr.training.reward`) to the run's *rollout journal*
(``RUN/online/journal/step_<N>/<host>-<pid>.jsonl``, one line per response: step, slot, task, the rung
the instance was generated at, answer accuracy, format, response length in characters).  Each writer
process has its own file (single ``write`` of one line, ``O_APPEND``), so reward workers never
interleave.  The online dataset reads a step's journal when the step is over (veRL's sync trainer
computes every reward of a step before the next batch is fetched and before a checkpoint is saved) and
feeds it to the controller here; the CPU smoke backend uses the same reward function and the same
journal.

**Controller.**  Each task climbs a ladder of *rungs*: its difficulty levels (1-3) times the size knob
within a level (``sizes``, e.g. 0.0 / 0.5 / 1.0: tracegen's ``size`` picks the smallest, median or
largest of a few semantic states drawn at the level).  The controller keeps, per task, the responses
observed at its current rung (the last ``window`` of them; responses to instances generated at another
rung are not counted for it).  Once ``min_samples`` are in, their pass rate (exact answers / responses)
is compared with the band ``[low, high]`` (default 0.3-0.7): above it the task moves one rung up, below
it one rung down, and its window starts empty.  With ``reweight``, a task that is out of the band with
nowhere to move (solved at the top rung, or failed at the bottom rung: no GRPO signal either way) gets
its mix weight multiplied by ``saturated_weight`` until it is back in the band or moves.  The reward is
never touched: difficulty changes what is asked, not how it is scored.

The state (rungs, windows, weights, the last observed step) is a small JSON-native dict, saved in the
checkpoint with the dataset's state (veRL's ``data.pt``) and restored on resume.  Standard library only.
"""

from __future__ import annotations

import json
import os
import socket
from pathlib import Path

DEFAULTS = {
    "enabled": True,
    "band": [0.3, 0.7],
    "min_samples": 32,
    "window": 128,
    "sizes": [0.0, 0.5, 1.0],
    "start": {"difficulty": 1, "size": 0.5},
    "reweight": {"enabled": True, "saturated_weight": 0.25},
}


class CurriculumError(ValueError):
    """A curriculum setting or journal is unusable."""


def settings(cfg: dict | None) -> dict:
    """The curriculum settings with defaults filled in; raises CurriculumError naming a bad value."""
    cfg = dict(cfg or {})
    unknown = set(cfg) - set(DEFAULTS)
    if unknown:
        raise CurriculumError(f"curriculum: unknown keys {sorted(unknown)} (known: {sorted(DEFAULTS)})")
    out = {k: (dict(v) if isinstance(v, dict) else v) for k, v in DEFAULTS.items()}
    for k, v in cfg.items():
        out[k] = dict(out[k], **v) if isinstance(out[k], dict) and isinstance(v, dict) else v
    band = out["band"]
    if not (isinstance(band, (list, tuple)) and len(band) == 2 and all(isinstance(x, (int, float)) for x in band)
            and 0.0 <= band[0] < band[1] <= 1.0):
        raise CurriculumError(f"curriculum.band must be [low, high] with 0 <= low < high <= 1, got {band!r}")
    for key in ("min_samples", "window"):
        if not isinstance(out[key], int) or isinstance(out[key], bool) or out[key] < 1:
            raise CurriculumError(f"curriculum.{key} must be a positive integer, got {out[key]!r}")
    if out["window"] < out["min_samples"]:
        raise CurriculumError("curriculum.window must be at least min_samples")
    sizes = out["sizes"]
    if sizes is None:
        out["sizes"] = [None]
    elif not (isinstance(sizes, list) and sizes and all(isinstance(s, (int, float)) and 0 <= s <= 1 for s in sizes)
              and sizes == sorted(set(sizes))):
        raise CurriculumError(f"curriculum.sizes must be increasing values in [0, 1] (or null), got {sizes!r}")
    start = out["start"]
    if set(start) - {"difficulty", "size"} or not isinstance(start.get("difficulty"), int):
        raise CurriculumError(f"curriculum.start must be {{difficulty: int, size: value of sizes}}, got {start!r}")
    if start.get("size") not in out["sizes"]:
        raise CurriculumError(f"curriculum.start.size {start.get('size')!r} is not one of sizes {out['sizes']}")
    rw = out["reweight"]
    if set(rw) - {"enabled", "saturated_weight"} or not isinstance(rw.get("enabled"), bool) \
            or not (isinstance(rw.get("saturated_weight"), (int, float)) and 0 < rw["saturated_weight"] <= 1):
        raise CurriculumError(f"curriculum.reweight must be {{enabled: bool, saturated_weight: (0, 1]}}, got {rw!r}")
    if not isinstance(out["enabled"], bool):
        raise CurriculumError("curriculum.enabled must be true or false")
    return out


def ladder(levels, sizes) -> list[list]:
    """The rungs of one task: [difficulty, size] for every level, every size within it, easiest first."""
    return [[int(d), s] for d in sorted(levels) for s in sizes]


class Controller:
    """Per-task rung, pass-rate window and weight; ``observe`` one step's responses at a time."""

    def __init__(self, tasks: dict, cfg: dict | None = None):
        """``tasks``: {task id: its difficulty levels}."""
        self.cfg = settings(cfg)
        self.ladders = {t: ladder(levels, self.cfg["sizes"]) for t, levels in sorted(tasks.items())}
        start = [self.cfg["start"]["difficulty"], self.cfg["start"]["size"]]
        self.state = {"last_step": 0, "tasks": {}}
        for t, rungs in self.ladders.items():
            levels = sorted({r[0] for r in rungs})
            first = start if start in rungs else [min(levels, key=lambda d: abs(d - start[0])), start[1]]
            self.state["tasks"][t] = {"rung": rungs.index(first), "n": 0, "passed": 0, "window": [],
                                      "weight": 1.0, "moves": 0}

    # ---------------------------------------------------------------------------------------------
    def rung(self, task: str) -> list:
        """[difficulty, size] the task's next instances are generated at."""
        return list(self.ladders[task][self.state["tasks"][task]["rung"]])

    def weight(self, task: str) -> float:
        return float(self.state["tasks"][task]["weight"])

    def estimate(self, task: str):
        """Pass rate of the responses in the task's window at its current rung (None before any)."""
        s = self.state["tasks"][task]
        return s["passed"] / s["n"] if s["n"] else None

    def observe(self, step: int, records: list[dict]) -> dict:
        """Fold one step's responses in; returns {task: {"from": rung, "to": rung}} for tasks that moved.

        ``records``: dicts with ``task``, ``difficulty``, ``size`` (the rung the instance was generated
        at) and ``acc`` (exact answer, 0/1).  Steps must come in order, each once."""
        if step != self.state["last_step"] + 1:
            raise CurriculumError(f"curriculum: step {step} observed after step {self.state['last_step']}")
        self.state["last_step"] = step
        if not self.cfg["enabled"]:
            return {}
        per_task: dict[str, list] = {}
        for r in records:
            if r["task"] in self.ladders:
                per_task.setdefault(r["task"], []).append(r)
        low, high = self.cfg["band"]
        moved = {}
        for task in sorted(per_task):
            s = self.state["tasks"][task]
            current = self.rung(task)
            here = [1 if float(r["acc"]) >= 1.0 else 0 for r in per_task[task]
                    if [r["difficulty"], r["size"]] == current]
            if not here:
                continue
            s["window"].append([len(here), sum(here)])
            while sum(n for n, _ in s["window"]) - s["window"][0][0] >= self.cfg["window"]:
                s["window"].pop(0)
            s["n"] = sum(n for n, _ in s["window"])
            s["passed"] = sum(p for _, p in s["window"])
            if s["n"] < self.cfg["min_samples"]:
                continue
            rate = s["passed"] / s["n"]
            top = len(self.ladders[task]) - 1
            target = s["rung"] + (1 if rate > high else -1 if rate < low else 0)
            if target != s["rung"] and 0 <= target <= top:
                moved[task] = {"from": current, "to": self.ladders[task][target], "pass_rate": rate}
                s.update(rung=target, n=0, passed=0, window=[], weight=1.0, moves=s["moves"] + 1)
            elif self.cfg["reweight"]["enabled"]:
                saturated = target != s["rung"]  # out of the band with no rung left in that direction
                s["weight"] = float(self.cfg["reweight"]["saturated_weight"]) if saturated else 1.0
        return moved

    def snapshot(self) -> dict:
        """{task: {difficulty, size, weight, pass_rate}} (for the task log and the cards)."""
        return {t: {"difficulty": self.rung(t)[0], "size": self.rung(t)[1], "weight": self.weight(t),
                    "pass_rate": self.estimate(t)} for t in self.ladders}

    def state_dict(self) -> dict:
        return json.loads(json.dumps(self.state))

    def load_state_dict(self, state: dict) -> None:
        if set(state.get("tasks", {})) != set(self.ladders):
            raise CurriculumError("curriculum state is for another task mix")
        self.state = json.loads(json.dumps(state))


# --------------------------------------------------------------------------------------------------
# the rollout journal (written by the reward function, read by the online dataset)
# --------------------------------------------------------------------------------------------------

def step_dir(journal, step: int) -> Path:
    return Path(journal) / f"step_{int(step):06d}"


def append(journal, step: int, record: dict) -> None:
    """Append one response's line to this process's file of the step (one ``write``, ``O_APPEND``)."""
    d = step_dir(journal, step)
    d.mkdir(parents=True, exist_ok=True)
    line = (json.dumps(record, sort_keys=True, separators=(",", ":")) + "\n").encode("utf-8")
    fd = os.open(d / f"{socket.gethostname()}-{os.getpid()}.jsonl", os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    try:
        os.write(fd, line)
    finally:
        os.close(fd)


def read(journal, step: int) -> list[dict]:
    """Every complete line of a step's journal, in a fixed order (slot, then the line itself)."""
    out = []
    d = step_dir(journal, step)
    for f in sorted(d.glob("*.jsonl")) if d.is_dir() else []:
        for line in f.read_bytes().split(b"\n"):
            if line.strip():
                try:
                    out.append(json.loads(line))
                except ValueError:  # a line torn by a killed writer
                    continue
    return sorted(out, key=lambda r: (r["slot"], json.dumps(r, sort_keys=True)))


def clear_from(journal, step: int) -> None:
    """Remove the journal of ``step`` and every later step (left by an attempt that did not keep them)."""
    import shutil

    root = Path(journal)
    for d in sorted(root.glob("step_*")) if root.is_dir() else []:
        try:
            n = int(d.name.split("_", 1)[1])
        except ValueError:
            continue
        if n >= step:
            shutil.rmtree(d, ignore_errors=True)
