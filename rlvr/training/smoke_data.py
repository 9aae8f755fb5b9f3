"""Where the CPU smoke backend's prompts come from, and its validation (veRL's semantics, on CPU).

* :class:`FixedSource` -- the prepared RL parquet (``DATA/train``), shuffled per epoch with
  ``numpy.random.default_rng(data.seed + epoch)``, ``data.train_batch_size`` rows per step (drop-last);
  a resumed run skips to the same position.
* :class:`OnlineSource` -- the online stream (:mod:`rlvr.training.online`), created through veRL's own
  ``create_rl_dataset`` with the profile's ``data.custom_cls`` (the dataset class veRL uses on GPUs); the
  smoke loop takes each step's prepared rows from it, and its ``state_dict`` (curriculum included) goes
  into the checkpoint's ``data.pt``.
* :func:`validate` -- one sampled response per prepared validation row with ``rollout.val_kwargs``
  (veRL's ``_validate``), scored by the reward function; before training with
  ``trainer.val_before_train``, and every ``trainer.test_freq`` steps and at the last step.
"""

from __future__ import annotations

import json
from pathlib import Path


class FixedSource:
    online = False

    def __init__(self, data_dir, s):
        from .smoke_core import SmokeError, batches, load_rows

        self.rows = load_rows(data_dir)
        if len(self.rows) < s["batch_size"]:
            raise SmokeError(f"{len(self.rows)} train rows < train_batch_size {s['batch_size']}")
        self.stream = batches(len(self.rows), s["batch_size"], s["seed"], s["shuffle"])
        self.epoch = 0

    def restore(self, state: dict, start: int) -> None:
        for _ in range(start):  # the sampler's position: the same batches as an uninterrupted run
            next(self.stream)

    def batch(self, step: int):
        self.epoch, idx = next(self.stream)
        return [self.rows[i] for i in idx], idx

    def state(self) -> dict:
        return {"epoch": self.epoch}

    def close(self) -> None:
        pass


class OnlineSource:
    online = True

    def __init__(self, profile, s, data_dir, init, run: Path, processor, log):
        from verl.trainer.ppo.utils import create_rl_dataset

        from . import online
        from .smoke_core import compose_run

        files = [str(f) for f in sorted((Path(data_dir) / "validation").glob("*.parquet"))]
        spec = online.write_run_spec(run, profile, steps=s["steps"], batch_size=s["batch_size"], rollout_n=s["n"],
                                     validation_files=files)
        cfg = compose_run(profile, [str(spec)], files, init, run)
        self.dataset = create_rl_dataset(cfg.data.train_files, cfg.data, processor.tokenizer, processor)
        if not getattr(self.dataset, "online", False):
            raise online.OnlineError(f"data.custom_cls gave {type(self.dataset).__name__}, not the online dataset")
        self.stream = self.dataset.stream
        self.epoch = 0

    def restore(self, state: dict, start: int) -> None:
        self.dataset.load_state_dict(state["dataset"])

    def batch(self, step: int):
        rows = self.stream.batch(step)
        return rows, [r["extra_info"]["index"] for r in rows]

    def state(self) -> dict:
        return {"epoch": 0, "dataset": self.dataset.state_dict()}

    def close(self) -> None:
        self.stream.close()


def validation_rows(data_dir) -> list[dict]:
    import pyarrow.parquet as pq

    rows = []
    for f in sorted((Path(data_dir) / "validation").glob("*.parquet")):
        rows.extend(pq.read_table(f).to_pylist())
    return rows


def validate(model, processor, rows: list[dict], s: dict, step: int, seed: int) -> dict:
    """Mean reward / accuracy / format of one response per row (``val_kwargs``), overall and per task."""
    from .reward import compute_score
    from .smoke_core import rollout

    v = dict(s, n=s["val_n"], temperature=s["val_temperature"], top_p=s["val_top_p"], do_sample=s["val_do_sample"])
    tasks: dict = {}
    total = {"responses": 0, "reward": 0.0, "acc": 0.0, "format": 0.0}
    for j, row in enumerate(rows):
        _, _, _, texts = rollout(model, processor, row, v, seed * 1_000_003 + 999_983 * (step + 1) + j)
        for text in texts:
            r = compute_score(row["data_source"], text, row["reward_model"]["ground_truth"], row["extra_info"])
            t = tasks.setdefault(row["extra_info"]["task"], {"responses": 0, "reward": 0.0, "acc": 0.0, "format": 0.0})
            for agg in (t, total):
                agg["responses"] += 1
                agg["reward"] += r["score"]
                agg["acc"] += r["acc"]
                agg["format"] += r["format"]
    for agg in [total, *tasks.values()]:
        for k in ("reward", "acc", "format"):
            agg[k] = agg[k] / agg["responses"] if agg["responses"] else 0.0
    return {"step": step, **total, "tasks": dict(sorted(tasks.items()))}


def append_jsonl(path, record: dict) -> None:
    with open(path, "a", encoding="utf-8") as f:
        f.write(json.dumps(record, sort_keys=True) + "\n")


def truncate_jsonl(path, last_step: int) -> list[dict]:
    """Keep the lines of steps <= ``last_step`` (the rest were lost with an attempt); returns them."""
    path = Path(path)
    rows = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()] if path.exists() else []
    rows = [r for r in rows if r["step"] <= last_step]
    path.write_text("".join(json.dumps(r, sort_keys=True) + "\n" for r in rows), encoding="utf-8")
    return rows
