"""CPU smoke path of `rlvr train` (rlvr.training.smoke) and `rlvr merge-checkpoint` (rlvr.training.merge).

A tiny Qwen2.5-VL (rlvr build-tiny-model), a tiny tracegen data set prepared with the tiny-cpu profile,
3 GRPO steps with veRL's own advantage and policy-loss functions, a veRL FSDP-layout checkpoint, and the
real `python -m verl.model_merger merge --backend fsdp` on it.  The random tiny model never writes the
answer JSON, so every real reward would be 0 and every GRPO advantage 0 -- and whether a few supervised
warm-up steps change that depends on the CPU's floating-point path (sampling luck).  So the fixed-data
runs score with a scripted reward (test scaffolding, ``_scripted_rewards``): within every group of
responses to one prompt they alternate 0, 1, 0, 1, which fixes the rewards, the advantages veRL must
compute from them and a non-zero policy gradient on any machine.  The online runs below use the real
reward (and the product's warm start).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

for _k, _v in {"HF_HUB_OFFLINE": "1", "HF_DATASETS_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1",
               "WANDB_MODE": "disabled", "TOKENIZERS_PARALLELISM": "false"}.items():
    os.environ.setdefault(_k, _v)

from rlvr.training import merge as merge_cmd  # noqa: E402
from rlvr.training import profiles as P  # noqa: E402
from rlvr.training import smoke  # noqa: E402

TASKS = ("task_charts__heatmap__axis_cell_extremum_label", "task_charts__heatmap__colorbar_interval_cell_count")
STEPS = 3
# `early`: tiny GRPO runs (~55 s of CPU in all); the suite starts this module first
pytestmark = pytest.mark.early(55)


def _args(module, argv):
    parser = argparse.ArgumentParser()
    module.add_arguments(parser)
    return parser.parse_args(argv)


class _scripted_rewards:
    """Within the rollouts of one run, the k-th response to a prompt (counted per instance id) scores k % 2:
    each group of ``rollout.n`` = 4 consecutive responses gets rewards 0, 1, 0, 1 whatever was sampled.
    A context manager: it replaces ``rlvr.training.reward.compute_score`` (what the smoke loop calls)."""

    def __enter__(self):
        from rlvr.training import reward

        calls: dict[str, int] = {}

        def score(data_source, solution_str, ground_truth, extra_info=None, **kwargs):
            k = calls[extra_info["instance_id"]] = calls.get(extra_info["instance_id"], -1) + 1
            return {"score": float(k % 2), "acc": float(k % 2), "format": 1.0}

        self._patch = pytest.MonkeyPatch()
        self._patch.setattr(reward, "compute_score", score)
        return self

    def __exit__(self, *exc):
        self._patch.undo()


def _grpo_abs_advantage(rewards, eps=1e-6):
    """|advantage| of every response of a group whose rewards alternate (veRL's GRPO outcome advantage with
    norm_adv_by_std_in_grpo: (r - mean) / (unbiased std + eps)), computed here from the definition."""
    import statistics

    mean, std = statistics.fmean(rewards), statistics.stdev(rewards)
    assert len({abs(r - mean) for r in rewards}) == 1
    return abs(rewards[0] - mean) / (std + eps)


@pytest.fixture(scope="module")
def setup(tmp_path_factory):
    from rlvr.training import prepare as prep
    from rlvr.training import tiny

    root = tmp_path_factory.mktemp("smoke")
    model = tiny.build_tiny_model(root / "tiny")
    pq_dirs = {}
    for split in ("train", "validation"):
        ds, pq_dir = root / f"ds-{split}", root / f"pq-{split}"
        cmd = [sys.executable, "-m", "tracegen", "generate", *sum((["--task", t] for t in TASKS), []),
               "--samples-per-task", "2", "--seed", "42", "--split", split, "-o", str(ds), "-q"]
        subprocess.run(cmd, check=True, capture_output=True)
        subprocess.run([sys.executable, "-m", "tracegen", "export", str(ds), "-o", str(pq_dir),
                        "--max-pixels", "40000"], check=True, capture_output=True)
        pq_dirs[split] = pq_dir
    data = root / "rl"
    assert prep.run(_args(prep, ["--profile", "tiny-cpu", "--train", str(pq_dirs["train"]), "--validation",
                                 str(pq_dirs["validation"]), "--output", str(data), "--model", str(model)])) == 0
    runs = {}
    for name in ("a", "b"):
        out = root / f"ckpt-{name}"
        with _scripted_rewards():
            assert smoke.run(_args(smoke, ["--profile", "tiny-cpu", "--data", str(data), "--init", str(model),
                                           "--output", str(out), "--steps", str(STEPS)])) == 0
        runs[name] = out
    return {"root": root, "data": data, "init": model, "runs": runs}


def _metrics(ckpt):
    return [json.loads(line) for line in (ckpt / "metrics.jsonl").read_text(encoding="utf-8").splitlines()]


def test_tiny_profile_is_a_valid_v1_profile():
    prof = P.load("tiny-cpu")
    assert P.validate(prof) == []
    assert smoke.is_smoke_profile(prof) and not any(smoke.is_smoke_profile(P.load(n)) for n in P.PAPER_PROFILES)
    s = smoke.settings(prof)
    assert (s["adv_estimator"], s["loss_mode"], s["loss_agg_mode"]) == ("grpo", "vanilla", "token-mean")


def test_metrics_and_plot(setup):
    rows = _metrics(setup["runs"]["a"])
    assert [r["step"] for r in rows] == list(range(1, STEPS + 1))
    # every group's rewards are 0, 1, 0, 1 (scripted): veRL's advantages are +-0.866 on every response token
    # and the policy gradient is not zero (a group-less or unnormalised advantage, or a loss that ignored it,
    # would show here; the weights moving is test_checkpoint_layout_and_weights_changed)
    expected = _grpo_abs_advantage([0.0, 1.0, 0.0, 1.0])
    for r in rows:
        assert r["responses"] == 4 * 4 and r["reward/mean"] == 0.5 and r["reward/acc"] == 0.5
        assert {"actor/pg_loss", "actor/grad_norm", "actor/pg_clipfrac", "actor/ppo_kl"} <= set(r)
        assert r["advantage/abs_mean"] == pytest.approx(expected, rel=1e-6), r
        assert r["actor/grad_norm"] > 0, r
    png = setup["runs"]["a"] / "metrics.png"
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_same_seed_same_run(setup):
    strip = lambda rows: [{k: v for k, v in r.items() if k != "time_s"} for r in rows]  # noqa: E731
    assert strip(_metrics(setup["runs"]["a"])) == strip(_metrics(setup["runs"]["b"]))
    a, b = (merge_cmd.checkpoint_tensors(r / f"global_step_{STEPS}" / "actor") for r in setup["runs"].values())
    import torch

    assert a.keys() == b.keys() and all(torch.equal(a[k], b[k]) for k in a)


def test_checkpoint_layout_and_weights_changed(setup):
    import torch
    from torch.distributed.tensor import DTensor
    from transformers import AutoModelForImageTextToText

    ckpt = setup["runs"]["a"]
    assert (ckpt / "latest_checkpointed_iteration.txt").read_text() == str(STEPS)
    actor = ckpt / f"global_step_{STEPS}" / "actor"
    assert json.loads((actor / "fsdp_config.json").read_text()) == {"FSDP_version": 2, "world_size": 1}
    for f in ("model_world_size_1_rank_0.pt", "optim_world_size_1_rank_0.pt", "extra_state_world_size_1_rank_0.pt",
              "huggingface/config.json", "huggingface/tokenizer.json", "huggingface/processor_config.json"):
        assert (actor / f).is_file(), f
    assert (ckpt / f"global_step_{STEPS}" / "data.pt").is_file()
    raw = torch.load(actor / "model_world_size_1_rank_0.pt", map_location="cpu", weights_only=False)
    assert all(isinstance(v, DTensor) and v.placements[0].is_shard(0) for v in raw.values())
    trained = merge_cmd.checkpoint_tensors(actor)
    init = AutoModelForImageTextToText.from_pretrained(str(setup["init"])).state_dict()
    assert trained.keys() == init.keys()
    moved = max(float((trained[k] - init[k]).abs().max()) for k in init)
    assert moved > 1e-4  # Adam steps of ~lr (1e-3), not just weight decay (~1e-7)


def test_real_verl_merger_and_load(setup, tmp_path):
    from transformers import AutoModelForImageTextToText, AutoProcessor

    out = tmp_path / "hf"
    assert merge_cmd.run(_args(merge_cmd, ["--checkpoints", str(setup["runs"]["a"]), "--output", str(out)])) == 0
    manifest = json.loads((out / merge_cmd.MANIFEST).read_text())
    assert manifest["step"] == STEPS and manifest["merger"]["command"][1:4] == ["-m", "verl.model_merger", "merge"]
    v = manifest["verification"]
    assert v["equal_to_checkpoint"] and v["merged_dtypes"] == ["torch.bfloat16"]
    hashed = {e["file"]: e["sha256"] for e in manifest["outputs"]}
    assert "model.safetensors" in hashed and "config.json" in hashed
    assert hashed["model.safetensors"] == P.file_sha256(out / "model.safetensors")
    assert AutoModelForImageTextToText.from_pretrained(str(out)) is not None
    assert AutoProcessor.from_pretrained(str(out)) is not None
    assert merge_cmd.run(_args(merge_cmd, ["--checkpoints", str(setup["runs"]["a"]), "--output", str(out)])) == 1


def test_resume_after_an_interrupted_attempt_matches_the_uninterrupted_run(setup, tmp_path):
    """A run whose attempt died after step 1's checkpoint (later metrics written, later checkpoints lost)
    resumes from step 1 in its work dir and ends with the uninterrupted run's weights and metrics."""
    import shutil
    import subprocess

    import torch

    from rlvr.training import runs
    from tracegen.core import files

    work = tmp_path / "work"
    with _scripted_rewards():
        first = smoke.train("tiny-cpu", setup["data"], setup["init"], tmp_path / "first", work=work, steps=STEPS,
                            save_freq=1, log=lambda *_: None)
    run = Path(first["work"])
    assert sorted(p.name for p in run.glob("global_step_*")) == [f"global_step_{i}" for i in range(1, STEPS + 1)]
    # turn the finished run back into an attempt that was killed after step 1's checkpoint
    for i in range(2, STEPS + 1):
        shutil.rmtree(run / f"global_step_{i}")
    killed = subprocess.Popen(["true"])
    killed.wait()
    partial = run / f".global_step_{STEPS}.staging-{files._HOST}-{killed.pid}"   # being written when it died
    partial.mkdir()
    runs.write_tracker(run, 1)
    receipt = json.loads((run / "run_receipt.json").read_text())
    (run / "run_receipt.json").write_text(json.dumps(dict(receipt, exit_code=None, last_step=None)))

    with _scripted_rewards():
        again = smoke.train("tiny-cpu", setup["data"], setup["init"], tmp_path / "second", work=work, steps=STEPS,
                            save_freq=1, log=lambda *_: None)
    assert again["resumed_from_step"] == 1 and again["work"] == first["work"]
    out = tmp_path / "second"
    r = json.loads((out / "run_receipt.json").read_text())
    assert r["resumed_from_step"] == 1 and r["exit_code"] == 0 and r["last_step"] == STEPS and r["attempt"] == 2
    assert [a["exit_code"] for a in r["previous_attempts"]] == [None]
    strip = lambda rows: [{k: v for k, v in x.items() if k != "time_s"} for x in rows]  # noqa: E731
    assert strip(_metrics(out)) == strip(_metrics(setup["runs"]["a"]))
    a = merge_cmd.checkpoint_tensors(setup["runs"]["a"] / f"global_step_{STEPS}" / "actor")
    b = merge_cmd.checkpoint_tensors(out / f"global_step_{STEPS}" / "actor")
    assert a.keys() == b.keys() and all(torch.equal(a[k], b[k]) for k in a)
    # the published output holds the last checkpoint only; the work dir keeps the run for later attempts
    assert sorted(p.name for p in out.glob("global_step_*")) == [f"global_step_{STEPS}"]
    assert not partial.exists()


def test_merge_refuses_a_checkpoint_that_is_not_weights_only(setup, tmp_path, capsys, monkeypatch):
    """Issue 13 item 14: merge loads shards with torch.load(weights_only=True) before veRL's merger runs."""
    import shutil

    import torch

    ckpt = tmp_path / "ckpt"
    shutil.copytree(setup["runs"]["a"], ckpt)
    shard = ckpt / f"global_step_{STEPS}" / "actor" / "model_world_size_1_rank_0.pt"
    state = torch.load(shard, map_location="cpu", weights_only=True)
    monkeypatch.setenv("PYTEST_TMP_MARKER", str(tmp_path / "payload-ran"))
    state["extra"] = _Payload()
    torch.save(state, shard)
    # what the refusal guards against: the full unpickler runs the payload
    torch.load(shard, map_location="cpu", weights_only=False)
    assert (tmp_path / "payload-ran").exists()
    (tmp_path / "payload-ran").unlink()
    out = tmp_path / "hf"
    assert merge_cmd.run(_args(merge_cmd, ["--checkpoints", str(ckpt), "--output", str(out)])) == 1
    text = capsys.readouterr().out
    assert "is not a weights-only checkpoint" in text and not out.exists()
    assert not (tmp_path / "payload-ran").exists()


class _Payload:
    """An object whose unpickling would run code (it would create a marker file)."""

    def __reduce__(self):
        return (Path.touch, (Path(os.environ.get("PYTEST_TMP_MARKER", "/nonexistent/payload-ran")),))


# --------------------------------------------------------------------------------------------------
# the online variant: the stream through veRL's dataset class, the curriculum, warm start, validation
# --------------------------------------------------------------------------------------------------

ONLINE_STEPS = 4


def _online_profile(tmp_path, random_init=False):
    """tiny-cpu-online at test size (the fixture's heatmap tasks, 2 prompts x 2 responses, 4 steps)."""
    import yaml

    prof = {k: v for k, v in P.load("tiny-cpu-online").items() if not k.startswith("_")}   # composed, standalone
    ov = prof["verl"]["overrides"]
    ov.update({"data.train_batch_size": 2, "actor_rollout_ref.actor.ppo_mini_batch_size": 2,
               "actor_rollout_ref.actor.ppo_micro_batch_size_per_gpu": 2, "actor_rollout_ref.rollout.n": 2,
               "trainer.total_training_steps": ONLINE_STEPS, "trainer.save_freq": 2,
               "trainer.test_freq": ONLINE_STEPS, "data.max_response_length": 8})
    prof["online"]["mix"] = [{"id": t} for t in TASKS]
    prof["online"]["curriculum"].update(min_samples=2, window=8)
    prof["warm_start"].update(instances=4, epochs=1)
    path = tmp_path / "tiny-online-test.yaml"
    path.write_text(yaml.safe_dump(prof, sort_keys=False), encoding="utf-8")
    import shutil

    shutil.copy(P.system_prompt_path(P.load("tiny-cpu-online")), tmp_path)
    return path


@pytest.fixture(scope="module")
def online_run(setup, tmp_path_factory):
    root = tmp_path_factory.mktemp("online")
    profile = _online_profile(root)
    out = root / "out"
    result = smoke.train(str(profile), setup["data"], setup["root"] / "tiny", out, work=root / "work",
                         log=lambda *_: None)
    return {"profile": profile, "out": out, "result": result, "root": root}


def test_online_run_trains_on_the_stream_with_warm_start_and_validation(online_run, setup):
    out = online_run["out"]
    run = json.loads((out / "smoke_run.json").read_text())
    assert run["data_source"] == "online"
    assert run["verl"]["dataset"] == "rlvr.training.online_dataset.TraceOnlineDataset"   # via create_rl_dataset
    metrics = _metrics(out)
    assert [m["step"] for m in metrics] == list(range(1, ONLINE_STEPS + 1))
    ids = [i for m in metrics for i in m["instances"]]
    assert len(ids) == len(set(ids)) == ONLINE_STEPS * 2
    import pyarrow.parquet as pq

    val_ids = {r["instance_id"] for f in (setup["data"] / "validation").glob("*.parquet")
               for r in pq.read_table(f).column("extra_info").to_pylist()}
    assert not val_ids & set(ids)
    tasks = [json.loads(x) for x in (out / "tasks.jsonl").read_text().splitlines()]
    assert [t["step"] for t in tasks] == list(range(1, ONLINE_STEPS + 1))
    assert sum(o["responses"] for t in tasks for o in t["tasks"].values()) == ONLINE_STEPS * 2 * 2
    validation = [json.loads(x) for x in (out / "validation.jsonl").read_text().splitlines()]
    assert [v["step"] for v in validation] == [0, ONLINE_STEPS] and validation[0]["responses"] == len(val_ids)
    warm = json.loads((out / "warm_start.json").read_text())
    assert warm["instances"] == 4 and warm["answer_pool"] and len(warm["loss_per_epoch"]) == 1
    state = __import__("torch").load(out / f"global_step_{ONLINE_STEPS}" / "data.pt", weights_only=True)
    assert state["dataset"]["schema"] == "rlvr-online-state/v1"
    assert state["dataset"]["stream"]["served"] == ONLINE_STEPS
    assert state["dataset"]["curriculum"]["last_step"] == ONLINE_STEPS


def test_online_run_resumes_to_the_uninterrupted_result(online_run, setup, tmp_path):
    """Killed after step 2's checkpoint, with steps 3-4 already scored into the journal: the resumed attempt
    drops them, restores the stream and curriculum from data.pt, and ends with the same weights, metrics,
    task log and validation as the uninterrupted run."""
    import shutil

    import torch

    from rlvr.training import runs

    work = tmp_path / "work"
    first = smoke.train(str(online_run["profile"]), setup["data"], setup["root"] / "tiny", tmp_path / "first",
                        work=work, log=lambda *_: None)
    run = Path(first["work"])
    shutil.rmtree(run / f"global_step_{ONLINE_STEPS}")
    runs.write_tracker(run, 2)
    receipt = json.loads((run / "run_receipt.json").read_text())
    (run / "run_receipt.json").write_text(json.dumps(dict(receipt, exit_code=None, last_step=None)))
    assert (run / "online" / "journal" / "step_000004").is_dir()
    again = smoke.train(str(online_run["profile"]), setup["data"], setup["root"] / "tiny", tmp_path / "second",
                        work=work, log=lambda *_: None)
    assert again["resumed_from_step"] == 2
    out, plain = tmp_path / "second", online_run["out"]
    strip = lambda rows: [{k: v for k, v in x.items() if k != "time_s"} for x in rows]  # noqa: E731
    assert strip(_metrics(out)) == strip(_metrics(plain))
    for name in ("tasks.jsonl", "validation.jsonl"):
        assert (out / name).read_text() == (plain / name).read_text(), name
    untimed = lambda f: {k: v for k, v in json.loads(f.read_text()).items() if k != "time_s"}  # noqa: E731
    assert untimed(out / "warm_start.json") == untimed(plain / "warm_start.json")
    a = merge_cmd.checkpoint_tensors(plain / f"global_step_{ONLINE_STEPS}" / "actor")
    b = merge_cmd.checkpoint_tensors(out / f"global_step_{ONLINE_STEPS}" / "actor")
    assert a.keys() == b.keys() and all(torch.equal(a[k], b[k]) for k in a)


def test_cards_of_the_online_smoke_run(online_run, tmp_path):
    from rlvr.training import cards

    index = cards.write_cards(online_run["out"], tmp_path / "cards")
    data = json.loads((index.parent / "cards.json").read_text())
    assert sorted(t["task"] for t in data["tasks"]) == sorted(TASKS)
    assert data["summary"]["steps"] == ONLINE_STEPS and [v["step"] for v in data["summary"]["validation"]] == [0, 4]
