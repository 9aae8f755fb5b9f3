"""``rlvr train`` CPU smoke backend: a few GRPO steps of a tiny Qwen2.5-VL on CPU, with veRL's own algorithm code.

``python -m verl.trainer.main_ppo`` needs NCCL and a vLLM/SGLang rollout, so on CPU this backend runs
the same loop by hand, for profiles with ``trainer.device: cpu`` (``rlvr/profiles/tiny-cpu.yaml``):

1. prompts: the prepared RL parquet (``rlvr prepare-rl-data`` output, ``DATA/train/*.parquet``), shuffled
   per epoch with ``numpy.random.default_rng(data.seed + epoch)``; ``data.train_batch_size`` per step;
2. rollout: HF ``generate`` (``do_sample``, ``rollout.temperature``, ``rollout.top_p``, no top-k),
   ``rollout.n`` responses per prompt, at most ``data.max_response_length`` new tokens; images go through
   veRL's ``process_image`` (``qwen_vl_utils.fetch_image`` with each row's min/max pixels) and the model's
   Qwen2.5-VL processor; the chat is the processor's chat template with ``<image>`` -> image slots;
3. reward: ``rlvr.training.reward.compute_score`` on the decoded response (special tokens skipped), placed
   on the last response token (as veRL's ``naive`` manager does);
4. advantage: ``verl.trainer.ppo.core_algos.compute_grpo_outcome_advantage`` grouped by prompt uid,
   ``norm_adv_by_std_in_grpo`` from the profile;
5. old log-probs (no grad, before the update) and the policy-gradient update with veRL's registered
   policy loss (``get_policy_loss_fn(policy_loss.loss_mode)`` = ``compute_policy_loss_vanilla``: dual-clip
   PPO with ``clip_ratio_low/high/c``, ``loss_agg_mode`` token-mean), configured by the profile's actor
   config converted with veRL's own ``omega_conf_to_dataclass``; one optimizer step per training step
   (mini batch = train batch, 1 PPO epoch), ``torch.optim.AdamW`` (lr, betas, weight decay of the
   profile), grad-norm clip ``actor.grad_clip``.

The run trains in ``WORK/<run key>`` (``RUN`` below; :mod:`rlvr.training.runs`) and resumes from its last
checkpoint when a killed or retried job starts again: model, AdamW state and RNG state are restored, the
sampler is moved to the same position and the metrics of lost steps are dropped, so an interrupted run
ends with the same weights as an uninterrupted one.  When it finishes, the last checkpoint, the metrics and
``run_receipt.json`` are published to ``OUTPUT``.

Metrics (reward, accuracy, format, loss, clip fractions, KL, grad norm, response length) go to
``RUN/metrics.jsonl`` (one row per step) and ``RUN/metrics.png``.

Checkpoints use veRL's FSDP layout (``FSDPCheckpointManager.save_checkpoint`` + ``RayPPOTrainer``)::

    RUN/latest_checkpointed_iteration.txt          "<N>" (moved only after the step directory is complete)
    RUN/global_step_<N>/data.pt                    sampler state (veRL: the dataloader state)
    RUN/global_step_<N>/actor/model_world_size_1_rank_0.pt        {name: DTensor(Shard(0)) on a 1-rank "fsdp" mesh}
    RUN/global_step_<N>/actor/optim_world_size_1_rank_0.pt        AdamW state dict
    RUN/global_step_<N>/actor/extra_state_world_size_1_rank_0.pt  {lr_scheduler: None, rng: ...}
    RUN/global_step_<N>/actor/fsdp_config.json      {"FSDP_version": 2, "world_size": 1}
    RUN/global_step_<N>/actor/huggingface/          config, generation config, processor, tokenizer

The model itself is trained unwrapped (one process, no FSDP); at save time each parameter is turned into
the DTensor FSDP2 would hold on a one-rank mesh (``distribute_tensor(t, mesh, [Shard(0)])`` on a gloo
process group), so the file has the exact type and placement the real checkpoint has and
``python -m verl.model_merger merge --backend fsdp`` merges it.  Determinism: fixed seeds, CPU,
``torch.use_deterministic_algorithms(True)``, one intra-op thread; the sampling seed of step ``s`` is
``seed + s``.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import time
from pathlib import Path

from . import profiles as P
from . import runs

# the backend's primitives (settings, data, rollouts) live in smoke_core (smoke_data and warmstart use them too)
from .smoke_core import (  # noqa: F401  (is_smoke_profile ... response_log_probs: the backend's API)
    MODEL_FILE, OPTIM_FILE, EXTRA_FILE, SmokeError, is_smoke_profile, settings, actor_config, load_rows, prompt_inputs, response_log_probs, rollout)


# --------------------------------------------------------------------------------------------------

def _init_gloo():
    import socket

    import torch.distributed as dist

    if dist.is_initialized():
        return False
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    dist.init_process_group("gloo", init_method=f"tcp://127.0.0.1:{port}", rank=0, world_size=1)
    return True


def sharded_state_dict(model) -> dict:
    """The model's state dict as FSDP2 holds it on one rank: DTensors, ``Shard(0)``, mesh ``("fsdp",)``."""
    from torch.distributed.device_mesh import init_device_mesh
    from torch.distributed.tensor import Shard, distribute_tensor

    mesh = init_device_mesh("cpu", (1,), mesh_dim_names=("fsdp",))
    return {k: distribute_tensor(v.detach().clone(), mesh, [Shard(0)]) if v.dim() > 0 else v.detach().clone()
            for k, v in model.state_dict().items()}


def save_checkpoint(output: Path, step: int, model, optimizer, processor, init_dir, sampler_state: dict) -> Path:
    """Write ``global_step_<step>`` (staged, then renamed) and only then move the tracker to it, so a job
    killed while saving leaves the previous checkpoint as the latest complete one."""
    import torch
    import torch.distributed as dist

    from tracegen.core.files import staged

    step_dir = output / f"global_step_{step}"
    with staged(step_dir, force=True) as staging:
        actor = staging / "actor"
        hf = actor / "huggingface"
        hf.mkdir(parents=True, exist_ok=True)
        started = _init_gloo()
        try:
            torch.save(sharded_state_dict(model), actor / MODEL_FILE)
        finally:
            if started:
                dist.destroy_process_group()
        torch.save(optimizer.state_dict(), actor / OPTIM_FILE)
        torch.save({"lr_scheduler": None, "rng": {"cpu": torch.get_rng_state(), "numpy": None,
                                                 "random": random.getstate()}}, actor / EXTRA_FILE)
        # veRL's own bytes for this file (FSDPCheckpointManager: json.dump(..., indent=4), no newline)
        (actor / "fsdp_config.json").write_text(json.dumps({"FSDP_version": 2, "world_size": 1}, indent=4),
                                                encoding="utf-8")
        model.config.save_pretrained(hf)
        gen = Path(init_dir) / "generation_config.json"
        if gen.exists():
            shutil.copy(gen, hf / "generation_config.json")
        processor.save_pretrained(hf)
        torch.save(sampler_state, staging / "data.pt")
    runs.write_tracker(output, step)
    return step_dir


def load_checkpoint(run: Path, step: int, model, optimizer) -> dict:
    """Restore model, optimizer and RNG state from ``global_step_<step>`` (weights-only loading);
    returns the sampler state."""
    import torch

    actor = run / f"global_step_{step}" / "actor"
    state = torch.load(actor / MODEL_FILE, map_location="cpu", weights_only=True)
    model.load_state_dict({k: v.to_local() if hasattr(v, "to_local") else v for k, v in state.items()})  # 1 rank
    optimizer.load_state_dict(torch.load(actor / OPTIM_FILE, map_location="cpu", weights_only=True))
    extra = torch.load(actor / EXTRA_FILE, map_location="cpu", weights_only=True)
    torch.set_rng_state(extra["rng"]["cpu"])
    random.setstate(extra["rng"]["random"])
    return torch.load(run / f"global_step_{step}" / "data.pt", weights_only=True)


# --------------------------------------------------------------------------------------------------
# metrics
# --------------------------------------------------------------------------------------------------

def plot_metrics(rows: list[dict], path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    steps = [r["step"] for r in rows]
    fig, axes = plt.subplots(1, 3, figsize=(12, 3.2))
    for ax, key, title in zip(axes, ("reward/mean", "reward/acc", "actor/pg_loss"), ("reward", "accuracy", "loss")):
        ax.plot(steps, [r[key] for r in rows], marker="o")
        ax.set_title(title)
        ax.set_xlabel("step")
        ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=80, metadata={"Software": None})
    plt.close(fig)


# --------------------------------------------------------------------------------------------------
# the loop
# --------------------------------------------------------------------------------------------------

def train(profile_name, data_dir, init, output, *, work=None, steps: int | None = None, seed: int | None = None,
          save_freq: int | None = None, log=print) -> dict:
    """Train in ``WORK/<run key>`` (resuming from its last checkpoint), then publish to ``output``."""
    profile = P.load(profile_name)
    problems = P.validate(profile)
    if problems:
        raise P.ProfileError("; ".join(problems))
    if not is_smoke_profile(profile):
        raise SmokeError(f"profile {profile['name']} is not a CPU smoke profile (trainer.device != cpu)")
    s = settings(profile, steps=steps, seed=seed)
    if save_freq is not None:
        s["save_freq"] = save_freq
    output = Path(output)
    if output.exists() and (not output.is_dir() or any(output.iterdir())):
        raise SmokeError(f"output {output} exists and is not empty (the run trains in --work and publishes "
                         "to a new output)")
    key = runs.run_key(profile, data_dir, init, {"backend": "smoke", "steps": s["steps"], "seed": s["seed"],
                                                 "save_freq": s["save_freq"]})
    run = runs.run_dir(work or runs.default_work_dir(output), key, log=log)
    receipt = runs.begin_attempt(run, {"backend": "rlvr.training.smoke", "profile": profile["name"],
                                       "profile_sha256": P.profile_sha256(profile), "run_key": key,
                                       "steps": s["steps"]})
    if receipt["resumed_from_step"]:
        log(f"resuming {run} from step {receipt['resumed_from_step']} (attempt {receipt['attempt']})")
    try:
        result = _train_loop(profile, s, data_dir, init, run, log)
    except BaseException:
        runs.end_attempt(run, receipt, 1)
        raise
    runs.end_attempt(run, receipt, 0)
    runs.publish(run, output, log=log)
    return dict(result, output=str(output), work=str(run), resumed_from_step=receipt["resumed_from_step"])


def _train_loop(profile, s, data_dir, init, run: Path, log) -> dict:
    import numpy as np
    import torch
    from transformers import AutoModelForImageTextToText, AutoProcessor

    from verl.trainer.ppo.core_algos import compute_grpo_outcome_advantage, get_policy_loss_fn

    from tracegen.core.canonical import pretty_json
    from tracegen.core.files import write_atomic

    from . import smoke_data as D
    from . import warmstart
    from .reward import compute_score

    acfg = actor_config(profile, data_dir, init, run)
    policy_loss = get_policy_loss_fn(s["loss_mode"])
    warm = warmstart.settings(profile)

    torch.manual_seed(s["seed"])
    random.seed(s["seed"])
    np.random.seed(s["seed"])
    torch.use_deterministic_algorithms(True, warn_only=True)
    torch.set_num_threads(1)  # one intra-op thread: the same bytes on every machine, no oversubscription

    processor = AutoProcessor.from_pretrained(str(init))
    model = AutoModelForImageTextToText.from_pretrained(str(init), dtype=torch.float32)
    optimizer = torch.optim.AdamW(model.parameters(), lr=s["lr"], betas=tuple(s["betas"]),
                                  weight_decay=s["weight_decay"])
    online = P.is_online(profile)
    source = D.OnlineSource(profile, s, data_dir, init, run, processor, log) if online else D.FixedSource(data_dir, s)
    val_rows = D.validation_rows(data_dir) if s["val_before_train"] or s["test_freq"] > 0 else []
    write_atomic(run / "smoke_run.json", pretty_json(
        {"backend": "rlvr.training.smoke", "profile": profile["name"], "profile_sha256": P.profile_sha256(profile),
         "data": str(data_dir), "init": str(init), "settings": s, "data_source": "online" if online else "fixed",
         "verl": {"advantage": "verl.trainer.ppo.core_algos.compute_grpo_outcome_advantage",
                  "policy_loss": f"verl.trainer.ppo.core_algos.get_policy_loss_fn({s['loss_mode']!r})"
                                 f" = {policy_loss.__module__}.{policy_loss.__name__}",
                  "dataset": type(source.dataset).__module__ + "." + type(source.dataset).__name__
                  if online else "prepared parquet"}}))

    metrics_path, val_path = run / "metrics.jsonl", run / "validation.jsonl"
    start = runs.last_step(run) or 0
    try:
        if start:
            source.restore(load_checkpoint(run, start, model, optimizer), start)
            # the metrics of steps after the checkpoint were lost with the attempt: drop them
            history = D.truncate_jsonl(metrics_path, start)
            D.truncate_jsonl(val_path, start)
        else:
            history = []
            for path in (metrics_path, val_path):
                path.unlink(missing_ok=True)
            if warm:
                record = warmstart.run(model, processor, profile, log=log)
                write_atomic(run / "warm_start.json", pretty_json(record))
            if s["val_before_train"] and val_rows:
                _validate(model, processor, val_rows, s, 0, val_path, log)
        last_saved = run / f"global_step_{start}" if start else None
        for step in range(start + 1, s["steps"] + 1):
            t0 = time.perf_counter()
            batch_rows, idx = source.batch(step)
            model.eval()
            groups, scores, accs, fmts, uids = [], [], [], [], []
            for j, row in enumerate(batch_rows):
                inputs, responses, mask, texts = rollout(model, processor, row, s,
                                                         s["seed"] * 1_000_003 + step * 1000 + j)
                with torch.no_grad():
                    old = response_log_probs(model, inputs, responses, mask)
                groups.append((inputs, responses, mask, old))
                for text in texts:
                    r = compute_score(row["data_source"], text, row["reward_model"]["ground_truth"], row["extra_info"])
                    scores.append(r["score"]), accs.append(r["acc"]), fmts.append(r["format"])
                    uids.append(f"{step}:{j}:{row['extra_info']['instance_id']}")
            mask = torch.cat([g[2] for g in groups])
            old_log_prob = torch.cat([g[3] for g in groups])
            token_rewards = torch.zeros_like(mask)
            last = (mask.sum(dim=1).long() - 1).clamp(min=0)
            token_rewards[torch.arange(len(scores)), last] = torch.tensor(scores, dtype=torch.float32)
            advantages, _ = compute_grpo_outcome_advantage(
                token_level_rewards=token_rewards, response_mask=mask, index=np.array(uids, dtype=object),
                norm_adv_by_std_in_grpo=s["norm_adv_by_std_in_grpo"])

            model.train()
            optimizer.zero_grad(set_to_none=True)
            log_prob = torch.cat([response_log_probs(model, g[0], g[1], g[2]) for g in groups])
            pg_loss, pg_metrics = policy_loss(old_log_prob=old_log_prob, log_prob=log_prob, advantages=advantages,
                                              response_mask=mask, loss_agg_mode=s["loss_agg_mode"], config=acfg)
            pg_loss.backward()
            grad_norm = torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=s["grad_clip"])
            if torch.isfinite(grad_norm):
                optimizer.step()
            record = {
                "step": step, "epoch": source.epoch, "rows": idx,
                "reward/mean": float(np.mean(scores)), "reward/acc": float(np.mean(accs)),
                "reward/format": float(np.mean(fmts)), "actor/pg_loss": float(pg_loss.detach()),
                "actor/grad_norm": float(grad_norm), "actor/lr": s["lr"],
                **{k: float(v) for k, v in pg_metrics.items()},
                "advantage/abs_mean": float(advantages.abs().sum() / mask.sum()),
                "response_length/mean": float(mask.sum(dim=1).mean()),
                "responses": len(scores), "time_s": round(time.perf_counter() - t0, 3),
            }
            if online:
                record["instances"] = [r["extra_info"]["instance_id"] for r in batch_rows]
            history.append(record)
            D.append_jsonl(metrics_path, record)
            log(f"step {step}/{s['steps']}: reward {record['reward/mean']:.4f} acc {record['reward/acc']:.3f} "
                f"loss {record['actor/pg_loss']:.6f} grad_norm {record['actor/grad_norm']:.4f} ({record['time_s']} s)")
            if val_rows and s["test_freq"] > 0 and (step == s["steps"] or step % s["test_freq"] == 0):
                _validate(model, processor, val_rows, s, step, val_path, log)
            if step == s["steps"] or (s["save_freq"] and s["save_freq"] > 0 and step % s["save_freq"] == 0):
                last_saved = save_checkpoint(run, step, model, optimizer, processor, init,
                                             {"seed": s["seed"], "step": step, **source.state()})
    finally:
        source.close()
    plot_metrics(history, run / "metrics.png")
    return {"steps": s["steps"], "checkpoint": str(last_saved), "metrics": str(metrics_path), "history": history}


def _validate(model, processor, rows, s, step, path, log) -> dict:
    from . import smoke_data as D

    result = D.validate(model, processor, rows, s, step, s["seed"])
    D.append_jsonl(path, result)
    log(f"validation at step {step}: reward {result['reward']:.4f} acc {result['acc']:.3f} "
        f"format {result['format']:.3f} ({result['responses']} responses)")
    return result


# --------------------------------------------------------------------------------------------------
# CLI (`rlvr train` for CPU smoke profiles)
# --------------------------------------------------------------------------------------------------

def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--profile", required=True, help="profile name or YAML path (trainer.device: cpu)")
    parser.add_argument("--data", required=True, help="prepared RL data directory (rlvr prepare-rl-data output)")
    parser.add_argument("--init", required=True, help="initial model directory (HF format)")
    parser.add_argument("--output", required=True,
                        help="where the finished run is published (last checkpoint, metrics, run receipt)")
    parser.add_argument("--work", default=None,
                        help="where the run trains and keeps its checkpoints across attempts (veRL's "
                             "trainer.default_local_dir is WORK/<run key>; default: OUTPUT.work beside OUTPUT); "
                             "a retried job resumes from there")
    parser.add_argument("--steps", type=int, default=None, help="override trainer.total_training_steps")
    parser.add_argument("--seed", type=int, default=None, help="override data.seed (also the sampling seed)")
    parser.add_argument("--save-freq", type=int, default=None, help="override trainer.save_freq")


def run(args) -> int:
    try:
        result = train(args.profile, args.data, args.init, args.output, work=args.work, steps=args.steps,
                       seed=args.seed, save_freq=args.save_freq)
    except (SmokeError, P.ProfileError, FileNotFoundError) as e:
        print(f"rlvr train: error: {e}")
        return 1
    resumed = f" (resumed from step {result['resumed_from_step']})" if result["resumed_from_step"] else ""
    print(f"trained {result['steps']} steps{resumed} in {result['work']}; published to {result['output']}")
    return 0
