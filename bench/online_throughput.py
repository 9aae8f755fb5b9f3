#!/usr/bin/env python
"""Online stream throughput: can the generator feed GRPO faster than the trainer consumes?

    python bench/online_throughput.py                      # the 3B online profile, all cores
    python bench/online_throughput.py --workers 2 --steps 4 --out bench/online_throughput.json

Runs the online stream of a profile (default ``trace-qwen2.5-vl-3b-online``: every registered task,
tracegen's own image sizes, the paper's per-image pixel bounds, ``data.train_batch_size`` 128) exactly as
training does -- plans with the pass-rate curriculum, background worker processes, duplicate and
validation checks, the prompt-length check with a processor (the tiny Qwen2.5-VL's, built offline: the
real 3B processor is not reachable here; the check's cost is the same) -- and serves ``--steps``
consecutive steps.  Between steps it writes a scripted rollout journal (one response per prompt, a
seeded pass/fail) so the curriculum runs as in training.

Reported: steady-state instances per second (the steps after the first, which also pays the worker
start-up: imports, fonts), the start-up time, and the ratio to the paper profile's consumption: 128
prompts per step at ~80 s per step (1.6 prompts/s; docs/training.md, pre-flight item 6, to be replaced by
the measured ``timing_s/step``).  The target is a ratio >= 10.  The serving loop waits for each step's
batch right after asking for it, so the figure is generation throughput, not an idle trainer's.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

CONSUMPTION = 128 / 80.0   # prompts per second of the paper profile: 128 per step at ~80 s per step


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--profile", default="trace-qwen2.5-vl-3b-online")
    ap.add_argument("--workers", type=int, default=os.cpu_count(), help="generator processes (default: all cores)")
    ap.add_argument("--steps", type=int, default=4, help="steps to serve (the first is the warm-up)")
    ap.add_argument("--batch", type=int, default=None, help="prompts per step (default: the profile's)")
    ap.add_argument("--out", default=None, help="write the figures as JSON here")
    args = ap.parse_args(argv)

    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    from transformers import AutoProcessor

    from rlvr.training import curriculum as C
    from rlvr.training import online
    from rlvr.training import profiles as P
    from rlvr.training.tiny import build_tiny_model

    profile = P.load(args.profile)
    spec = online.settings(profile["online"])
    B = args.batch or profile["verl"]["overrides"]["data.train_batch_size"]
    with tempfile.TemporaryDirectory() as tmp:
        tiny = build_tiny_model(Path(tmp) / "tiny")
        processor = AutoProcessor.from_pretrained(str(tiny))
        ctx = online.row_context(spec, profile, processor)
        journal = Path(tmp) / "journal"
        stream = online.Stream(spec, ctx, batch_size=B, steps=args.steps, rollout_n=1, journal=journal,
                               run_dir=None, workers=args.workers, log=lambda *_: None)
        rng = random.Random(0)
        times, seen = [], set()
        try:
            for step in range(1, args.steps + 1):
                t0 = time.perf_counter()
                rows = stream.batch(step)
                times.append(time.perf_counter() - t0)
                for r in rows:  # the scripted rewards of this step (one response per prompt)
                    seen.add(r["extra_info"]["instance_id"])
                    o = r["extra_info"]["online"]
                    C.append(journal, step, {"step": step, "slot": o["slot"], "task": r["extra_info"]["task"],
                                             "difficulty": o["difficulty"], "size": o["size"],
                                             "acc": float(rng.random() < 0.5), "format": 1.0, "score": 0.0,
                                             "length": 0})
                print(f"step {step}: {len(rows)} rows in {times[-1]:.2f} s", flush=True)
        finally:
            stream.close()
    steady = times[1:] or times
    rate = B * len(steady) / sum(steady)
    figures = {"profile": profile["name"], "tasks": len(spec["tasks"]), "batch": B, "workers": args.workers,
               "cpus": os.cpu_count(), "steps": args.steps, "startup_step_s": round(times[0], 2),
               "steady_instances_per_s": round(rate, 2), "consumption_per_s": CONSUMPTION,
               "ratio": round(rate / CONSUMPTION, 1), "distinct_instances": len(seen),
               "redrawn": stream.state["redrawn"]}
    print(json.dumps(figures, indent=1))
    if args.out:
        Path(args.out).write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
