"""The CPU smoke backend's format warm start (profile section ``warm_start``; not part of any GPU recipe).

A randomly initialised 0.2 M-parameter model never writes ``{"answer": ...}``, so every reward is 0 and
every GRPO advantage 0: nothing can be learned.  Before GRPO's first step the smoke backend therefore
gives such a model a short supervised phase that teaches the *format only*:

* ``instances`` prompts of the profile's online mix, generated like the stream's rows (same row code)
  under their own split name (``split``, default ``warmup``), so they never coincide with the stream's
  or the validation split's instances;
* the target of each prompt, each epoch, is ``{"answer": v}`` with ``v`` drawn at random (seeded) from
  the *answer pool* -- every answer value that occurs among those instances -- independently of the
  prompt's own answer.  The model learns to emit the JSON object and a plausible value, not which
  value belongs to which question: that is left to GRPO (whose reward curve, and the validation before
  and after it, show what it learned);
* ``epochs`` passes, one AdamW step per prompt (``lr``), cross-entropy on the target tokens.

Deterministic (seeded order, targets and weights; CPU).  Runs once per run, before step 1; a resumed
run restores the weights from its checkpoint instead.
"""

from __future__ import annotations

import json
import random
import time

# the ``warm_start:`` section's parser lives with the profile's other optional sections (rlvr.training.sections)
from .sections import warm_start_settings as settings  # noqa: E402  (its home; the warm start's API)


def answer_pool(rows: list[dict]) -> list[str]:
    """Every answer value of the rows, as the JSON text a response carries (sorted, unique)."""
    return sorted({json.dumps(json.loads(r["reward_model"]["ground_truth"])["value"]) for r in rows})


def run(model, processor, profile: dict, log=print) -> dict:
    """Train ``model`` in place; returns the phase's record (pool, losses, time)."""
    import torch

    from . import online
    from .smoke_core import prompt_inputs, response_log_probs

    ws = settings(profile)
    t0 = time.perf_counter()
    spec = online.settings(profile["online"])
    ctx = online.row_context(dict(spec, split=ws["split"], seed=spec["seed"]), profile)
    tasks = spec["tasks"]
    cur = spec["curriculum"]
    rows = []
    for k in range(ws["instances"]):  # at the curriculum's start rung (else the mix entry's difficulty)
        t = tasks[k % len(tasks)]
        level = ((cur["start"]["difficulty"] if cur["start"]["difficulty"] in t["levels"] else min(t["levels"]))
                 if cur["enabled"] else t["difficulty"])
        rows.append(online.instance_row(ctx, t["task"], k // len(tasks), difficulty=level,
                                        size=cur["start"]["size"] if cur["enabled"] else None)["row"])
    pool = answer_pool(rows)
    rng = random.Random(ws["seed"])
    torch.manual_seed(ws["seed"])
    tok = processor.tokenizer
    inputs = [prompt_inputs(r, processor) for r in rows]
    opt = torch.optim.AdamW(model.parameters(), lr=float(ws["lr"]))
    model.train()
    losses = []
    for _ in range(ws["epochs"]):
        order = list(range(len(rows)))
        rng.shuffle(order)
        total = 0.0
        for k in order:
            target = '{"answer": ' + rng.choice(pool) + "}" + tok.eos_token
            ids = tok(target, add_special_tokens=False, return_tensors="pt")["input_ids"]
            mask = torch.ones_like(ids, dtype=torch.float32)
            loss = -response_log_probs(model, inputs[k], ids, mask).sum() / mask.sum()
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
            total += float(loss.detach())
        losses.append(total / len(rows))
    model.eval()
    record = {"instances": len(rows), "epochs": ws["epochs"], "lr": float(ws["lr"]), "split": ws["split"],
              "answer_pool": pool, "loss_per_epoch": losses, "time_s": round(time.perf_counter() - t0, 3)}
    log(f"warm start: {len(rows)} prompts x {ws['epochs']} epochs, format-only targets over {len(pool)} answer "
        f"values; loss {losses[0]:.3f} -> {losses[-1]:.3f} ({record['time_s']} s)")
    return record
