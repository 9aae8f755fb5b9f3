"""Online RL data: fresh tracegen instances every step, planned by a pass-rate curriculum.

A profile with an ``online:`` section trains on a stream instead of a fixed parquet file::

    online:
      seed: 1              # tracegen dataset seed of the stream
      split: online        # tracegen split name of the stream's instance seeds
      mix:                 # tracegen task entries (id / scene / domain / all) with a weight each
        - {domain: charts, weight: 2.0}
        - {all: true, weight: 1.0}
      max_side: null       # tracegen's render cap (as the fixed data's build config)
      max_pixels: null     # export's downscale (as the fixed data's export)
      workers: 8           # background generator processes (0: generate in the trainer's process)
      lookahead: 2         # step t's batch is planned once step t - lookahead has been observed
      curriculum: {...}    # rlvr.training.curriculum (band, sizes, start, min_samples, reweight)

**The stream.**  Step ``s`` (1-based) has ``B = data.train_batch_size`` slots.  Its *plan* draws each
slot's task from the mix (weights times the curriculum's re-weighting) with a generator seeded by
(seed, s), and gives it the task's next index (a per-task counter) and the task's current rung
(difficulty, size) -- or, with the curriculum off, the entry's ``difficulty`` (tracegen draws one when
it is absent).  The instance is ``tracegen``'s ``generate(task, seed, split, index, difficulty, size,
salt)``: its seed hashes (seed, task, split, index), so the stream never shares a seed with the train
or validation split of a build, and no index is used twice.  Content duplicates are caught anyway:
an instance whose id was served before or is in the validation files (or whose prompt is longer than
``data.max_prompt_length``) is redrawn with the next salt, as ``tracegen build`` does.  The row is made
by the same code as the fixed path: ``tracegen.export.record_row`` (the release columns) then
``rlvr.training.prepare.convert_rows`` (system prompt, ``<image>`` markers, per-image pixel bounds,
ground truth, contract), plus ``extra_info.online`` = {step, slot, difficulty, size, salt, journal}.

**Determinism.**  Plan ``t`` uses the curriculum after the observations of steps ``<= t - lookahead``
(and nothing else), plans are made in step order, and duplicates are resolved in (step, slot) order,
so the rows of (seed, step, slot) are a function of the seed and the observed rewards -- whatever the
worker count.  The state (per-task counters, served instance ids, pending plans, the controller) is
the dataset's ``state_dict``: veRL saves it in ``global_step_<N>/data.pt`` (``StatefulDataLoader``
with ``dataloader_num_workers: 0``), the smoke backend in the same file; a resumed run plans and
serves exactly what the uninterrupted run would.  A step's journal is read when the step is over:
at the next batch, or when a checkpoint is saved (veRL's sync trainer scores every response of a step
before either), and on resume the journals of steps after the checkpoint are removed.

**Background workers.**  Planning is cheap; rendering is not.  As soon as step ``t`` is planned its
``B`` instances go to a pool of spawned processes, while the trainer is still on step ``t - 1``
(``lookahead`` 2); the trainer only waits when generation is slower than training (see
``bench/online_throughput.py``).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from . import curriculum as C

RUN_SPEC_SCHEMA = "rlvr-online-run/v1"
RUN_SPEC_SUFFIX = ".online.json"
TASK_LOG = "tasks.jsonl"
MAX_REDRAWS = 20
ID_PREFIX = 16          # hex digits of an instance id kept in the served set (64 bits)

# the ``online:`` section's parser lives with the profile's other optional sections (rlvr.training.sections)
from .sections import OnlineError, online_settings as settings  # noqa: E402  (their home; the stream's API)


# --------------------------------------------------------------------------------------------------
# one instance -> one veRL row (the fixed path's code: tracegen export row, then prepare-rl-data)
# --------------------------------------------------------------------------------------------------

@dataclass
class RowContext:
    """What a generator needs besides the instance coordinates (picklable: it travels to workers)."""

    seed: int
    split: str
    max_side: int | None
    max_pixels: int | None
    profile: dict
    system_prompt: str
    processor: object = None        # counts prompt tokens when given (veRL's processor)
    max_prompt_length: int | None = None
    image_patch_size: int = 14


def row_context(spec: dict, profile: dict, processor=None) -> RowContext:
    from . import profiles as P

    ov = profile["verl"]["overrides"]
    return RowContext(seed=spec["seed"], split=spec["split"], max_side=spec["max_side"],
                      max_pixels=spec["max_pixels"], profile={k: v for k, v in profile.items()},
                      system_prompt=P.read_system_prompt(profile).strip(), processor=processor,
                      max_prompt_length=ov.get("data.max_prompt_length"),
                      image_patch_size=ov.get("data.image_patch_size", 14))


def instance_row(ctx: RowContext, task: str, index: int, *, difficulty=None, size=None, salt: int = 0,
                 position: int = 0, counter=None) -> dict:
    """{row: the prepared veRL row, instance_id, tokens (None without a processor), difficulty}."""
    from tracegen import export, registry
    from tracegen.core import engine

    from .prepare import _row_sizes, convert_rows

    inst = engine.generate(registry.get(task), seed=ctx.seed, split=ctx.split, index=index, difficulty=difficulty,
                           size=size, salt=salt, max_side=ctx.max_side)
    row = export.record_row(inst.record, [inst.png()], ctx.max_pixels)
    prepared = convert_rows([row], profile=ctx.profile, system_prompt=ctx.system_prompt, split="train",
                            start_index=position)[0]
    tokens = counter.length(prepared, _row_sizes([row])[0]) if counter is not None else None
    return {"row": prepared, "instance_id": inst.record["instance_id"], "tokens": tokens,
            "difficulty": inst.record["difficulty"]}


_WORKER: dict = {}


def _init_worker(ctx: RowContext) -> None:
    from .prepare import LengthCounter

    _WORKER["ctx"] = ctx
    _WORKER["counter"] = LengthCounter(ctx.processor, ctx.image_patch_size) if ctx.processor is not None else None


def _work(job: tuple) -> dict:
    task, index, difficulty, size, salt, position = job
    return instance_row(_WORKER["ctx"], task, index, difficulty=difficulty, size=size, salt=salt, position=position,
                        counter=_WORKER["counter"])


class Pool:
    """Background generation: jobs keyed by (step, slot), run by spawned processes (``workers`` > 0);
    a job without a matching background result (redraws, ``workers`` 0) runs in this process."""

    def __init__(self, ctx: RowContext, workers: int):
        from .prepare import LengthCounter

        self.ctx, self.futures, self.executor = ctx, {}, None
        self.counter = LengthCounter(ctx.processor, ctx.image_patch_size) if ctx.processor is not None else None
        if workers > 0:
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor

            self.executor = ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
                                                initializer=_init_worker, initargs=(ctx,))

    def submit(self, key, job) -> None:
        if self.executor is not None:
            self.futures[key] = (job, self.executor.submit(_work, job))

    def result(self, key, job) -> dict:
        entry = self.futures.pop(key, None)
        if entry is not None and entry[0] == job:
            return entry[1].result()
        task, index, difficulty, size, salt, position = job
        return instance_row(self.ctx, task, index, difficulty=difficulty, size=size, salt=salt, position=position,
                            counter=self.counter)

    def close(self) -> None:
        if self.executor is not None:
            self.executor.shutdown(wait=False, cancel_futures=True)
            self.executor = None
        self.futures = {}


# --------------------------------------------------------------------------------------------------
# the stream
# --------------------------------------------------------------------------------------------------

class Stream:
    """The online stream of one run: plans, background generation, assembly, curriculum, state."""

    def __init__(self, spec: dict, ctx: RowContext, *, batch_size: int, steps: int, rollout_n: int, journal,
                 run_dir=None, exclude_ids=(), workers: int | None = None, log=print):
        self.spec, self.ctx, self.log = spec, ctx, log
        self.B, self.steps, self.n = int(batch_size), int(steps), int(rollout_n)
        self.journal = Path(journal)
        self.run_dir = Path(run_dir) if run_dir else None
        self.tasks = spec["tasks"]
        self.exclude = {str(i)[:ID_PREFIX] for i in exclude_ids}
        self.controller = C.Controller({t["task"]: t["levels"] for t in self.tasks}, spec["curriculum"])
        self.curriculum_on = spec["curriculum"]["enabled"]
        self.state = {"served": 0, "planned": 0, "counters": {t["task"]: 0 for t in self.tasks}, "plans": {},
                      "seen": [], "redrawn": {"duplicate": 0, "validation": 0, "too_long": 0}}
        self._seen = set()
        self._fresh_process = True
        self.workers = spec["workers"] if workers is None else workers
        self.pool = Pool(ctx, self.workers)

    # ---------------------------------------------------------------------------------------- plans
    def _plan(self, step: int) -> None:
        from tracegen.streaming import plan_step   # the seeded per-step plan of tracegen.stream too

        weights = [t["weight"] * self.controller.weight(t["task"]) for t in self.tasks]
        entries = []
        for k, index in plan_step(self.spec["seed"], step, [t["task"] for t in self.tasks], weights, self.B,
                                  self.state["counters"]):
            t = self.tasks[k]
            if self.curriculum_on:
                difficulty, size = self.controller.rung(t["task"])
            else:
                difficulty, size = t["difficulty"], None
            entries.append([t["task"], index, difficulty, size])
        self.state["plans"][str(step)] = entries
        self.state["planned"] = step
        self._submit(step)

    def _job(self, step: int, slot: int, salt: int = 0) -> tuple:
        task, index, difficulty, size = self.state["plans"][str(step)][slot]
        return (task, index, difficulty, size, salt, (step - 1) * self.B + slot)

    def _submit(self, step: int) -> None:
        for slot in range(self.B):
            self.pool.submit((step, slot), self._job(step, slot))

    def _advance(self, upto: int) -> None:
        """Plan every step <= ``upto``, each after the observations of steps <= step - lookahead."""
        L = self.spec["lookahead"]
        for t in range(self.state["planned"] + 1, min(upto, self.steps) + 1):
            self.absorb(t - L)
            self._plan(t)

    # ---------------------------------------------------------------------------------------- observing
    def absorb(self, upto: int, *, required: bool = True) -> None:
        """Feed the journals of the steps ``<= upto`` not observed yet to the controller (and the task log)."""
        while self.controller.state["last_step"] < min(upto, self.state["served"]):
            step = self.controller.state["last_step"] + 1
            records = C.read(self.journal, step)
            if len(records) != self.B * self.n:
                if not required:
                    return
                raise OnlineError(f"rollout journal of step {step} has {len(records)} responses, expected "
                                  f"{self.B} prompts x {self.n} = {self.B * self.n} ({C.step_dir(self.journal, step)})")
            moved = self.controller.observe(step, records)
            self._log_step(step, records, moved)

    def _log_step(self, step: int, records: list[dict], moved: dict) -> None:
        if self.run_dir is None:
            return
        tasks: dict = {}
        for r in records:
            s = tasks.setdefault(r["task"], {"responses": 0, "passed": 0, "format": 0.0, "length": 0,
                                             "difficulty": 0.0, "size": 0.0})
            s["responses"] += 1
            s["passed"] += 1 if float(r["acc"]) >= 1.0 else 0
            s["format"] += float(r["format"])
            s["length"] += int(r["length"])
            s["difficulty"] += float(r["difficulty"])
            s["size"] += float(r["size"]) if r["size"] is not None else 0.0
        for s in tasks.values():
            n = s["responses"]
            s.update(pass_rate=s["passed"] / n, format=s["format"] / n, length=s["length"] / n,
                     difficulty=s["difficulty"] / n, size=s["size"] / n)
        line = {"step": step, "tasks": dict(sorted(tasks.items())), "moved": moved,
                "curriculum": self.controller.snapshot() if self.curriculum_on else None,
                "band": self.controller.cfg["band"] if self.curriculum_on else None}
        path = self.run_dir / TASK_LOG
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "a", encoding="utf-8") as f:
            f.write(json.dumps(line, sort_keys=True) + "\n")

    # ---------------------------------------------------------------------------------------- serving
    def _start(self) -> None:
        """First batch of this process: drop journals and log lines beyond what the state has seen."""
        self._fresh_process = False
        C.clear_from(self.journal, self.state["served"] + 1)
        path = self.run_dir / TASK_LOG if self.run_dir is not None else None
        if path is not None and path.exists():
            keep = self.controller.state["last_step"]
            kept = [x for x in path.read_text(encoding="utf-8").splitlines()
                    if x.strip() and json.loads(x)["step"] <= keep]
            path.write_text("".join(x + "\n" for x in kept), encoding="utf-8")

    def batch(self, step: int) -> list[dict]:
        """The ``B`` prepared rows of ``step`` (served once each, in step order)."""
        if step != self.state["served"] + 1 or step > self.steps:
            raise OnlineError(f"online stream: step {step} asked after step {self.state['served']} "
                              f"(of {self.steps}); the sampler must be sequential (data.shuffle: false)")
        if self._fresh_process:
            self._start()
        self.absorb(step - 1)
        self._advance(step)
        rows = [self._assemble(step, slot) for slot in range(self.B)]
        del self.state["plans"][str(step)]
        self.state["served"] = step
        self._advance(step - 1 + self.spec["lookahead"])   # the next plans start generating now
        return rows

    def _assemble(self, step: int, slot: int) -> dict:
        salt = 0
        result = self.pool.result((step, slot), self._job(step, slot))
        while True:
            key = result["instance_id"][:ID_PREFIX]
            why = ("duplicate" if key in self._seen else "validation" if key in self.exclude else
                   "too_long" if (result["tokens"] is not None and self.ctx.max_prompt_length
                                  and result["tokens"] > self.ctx.max_prompt_length) else None)
            if why is None:
                break
            self.state["redrawn"][why] += 1
            salt += 1
            if salt > MAX_REDRAWS:
                task = self.state["plans"][str(step)][slot][0]
                raise OnlineError(f"{task}: no usable instance for step {step} slot {slot} after {MAX_REDRAWS} "
                                  f"redraws (last: {why})")
            result = self.pool.result(None, self._job(step, slot, salt))
        self._seen.add(key)
        self.state["seen"].append(key)
        task, index, difficulty, size = self.state["plans"][str(step)][slot]
        row = result["row"]
        row["extra_info"] = dict(row["extra_info"], online={
            "step": step, "slot": slot, "index": index, "salt": salt, "difficulty": result["difficulty"],
            "size": size, "journal": str(self.journal)})
        return row

    # ---------------------------------------------------------------------------------------- state
    def state_dict(self) -> dict:
        self.absorb(self.state["served"], required=False)  # a finished step's rewards belong to its checkpoint
        return {"schema": "rlvr-online-state/v1", "stream": json.loads(json.dumps(self.state)),
                "curriculum": self.controller.state_dict()}

    def load_state_dict(self, state: dict) -> None:
        if state.get("schema") != "rlvr-online-state/v1":
            raise OnlineError("not an online stream state")
        self.pool.close()
        self.controller.load_state_dict(state["curriculum"])
        self.state = json.loads(json.dumps(state["stream"]))
        self._seen = set(self.state["seen"])
        self._fresh_process = True
        self.pool = Pool(self.ctx, self.workers)
        for step in sorted(int(s) for s in self.state["plans"]):
            self._submit(step)

    def close(self) -> None:
        self.pool.close()


# --------------------------------------------------------------------------------------------------
# the run spec: what ``rlvr train`` hands veRL as ``data.train_files`` (and the smoke backend reads)
# --------------------------------------------------------------------------------------------------

def write_run_spec(run_dir, profile: dict, *, steps: int, batch_size: int, rollout_n: int,
                   validation_files) -> Path:
    """``RUN/online/stream.online.json``: the profile, the resolved online section, the run's sizes,
    its journal and the validation files whose instances the stream must avoid."""
    from tracegen.core.files import write_json_atomic

    from . import profiles as P

    spec = settings(profile.get("online"))
    path = run_spec_path(run_dir)
    d = path.parent
    d.mkdir(parents=True, exist_ok=True)
    doc = {"schema": RUN_SPEC_SCHEMA, "profile": str(Path(profile["_path"]).resolve()),
           "profile_sha256": P.profile_sha256(profile), "online": profile.get("online") or {},
           "steps": int(steps), "batch_size": int(batch_size), "rollout_n": int(rollout_n),
           "journal": str((d / "journal").resolve()), "run_dir": str(Path(run_dir).resolve()),
           "validation_files": [str(Path(f).resolve()) for f in validation_files],
           "tasks": len(spec["tasks"])}
    write_json_atomic(path, doc)
    return path


def run_spec_path(run_dir) -> Path:
    return Path(run_dir) / "online" / f"stream{RUN_SPEC_SUFFIX}"


def is_run_spec(files) -> bool:
    files = [files] if isinstance(files, (str, os.PathLike)) else list(files)
    return len(files) == 1 and str(files[0]).endswith(RUN_SPEC_SUFFIX)


def validation_ids(files) -> list[str]:
    """Instance ids of prepared (or exported) validation parquet files."""
    import pyarrow.parquet as pq

    out = []
    for f in files:
        table = pq.read_table(f)
        if "extra_info" in table.column_names:
            out += [x["instance_id"] for x in table.column("extra_info").to_pylist()]
        elif "instance_id" in table.column_names:
            out += table.column("instance_id").to_pylist()
    return out


def open_stream(run_spec, *, processor=None, batch_size: int | None = None, workers: int | None = None,
                log=print) -> Stream:
    """The stream of a run spec file (``write_run_spec``), checked against its profile."""
    from . import profiles as P

    path = Path(run_spec)
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise OnlineError(f"cannot read the online run spec {path}: {e}") from None
    if doc.get("schema") != RUN_SPEC_SCHEMA:
        raise OnlineError(f"{path} is not an {RUN_SPEC_SCHEMA} file")
    profile = P.load(doc["profile"])
    if P.profile_sha256(profile) != doc["profile_sha256"]:
        raise OnlineError(f"{path}: profile {doc['profile']} changed since the run spec was written")
    spec = settings(doc["online"])
    B = int(batch_size or doc["batch_size"])
    if B != doc["batch_size"]:
        raise OnlineError(f"{path}: data.train_batch_size {B} differs from the run spec's {doc['batch_size']}")
    ctx = row_context(spec, profile, processor)
    return Stream(spec, ctx, batch_size=B, steps=doc["steps"], rollout_n=doc["rollout_n"], journal=doc["journal"],
                  run_dir=doc["run_dir"], exclude_ids=validation_ids(doc["validation_files"]), workers=workers,
                  log=log)
